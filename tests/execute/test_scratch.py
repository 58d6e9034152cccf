"""Run and job folders: a live run's folder is locked and kept; a dead run's is removed by the next
run, and only folders of this user that look like benchit's own."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchit.execute import scratch


def _age(path: Path, seconds: float = 3600) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_live_run_keeps_its_folder_and_removes_it_on_close(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    run = scratch.RunFolder()
    job = Path(run.job(7))
    assert job.parent == run.path and job.name.startswith("job-7-")
    _age(run.path)
    assert scratch.sweep(tmp_path) == []  # its lock is held
    run.close()
    assert list(tmp_path.iterdir()) == []


def test_the_folder_of_a_killed_run_is_swept(tmp_path: Path) -> None:
    # A process that makes its run folder, then dies without closing it (as under SIGKILL).
    code = "from benchit.execute import scratch; r = scratch.RunFolder(); r.job(1); print(r.path)"
    done = subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, "TMPDIR": str(tmp_path)}, capture_output=True, text=True
    )
    dead = Path(done.stdout.strip())
    assert dead.is_dir() and dead.parent == tmp_path
    assert scratch.sweep(tmp_path) == []  # too young: its run may not have taken its lock yet
    _age(dead)
    assert scratch.sweep(tmp_path) == [dead]
    assert not dead.exists()


def test_the_sweep_leaves_what_is_not_a_benchit_run_folder(tmp_path: Path) -> None:
    other = tmp_path / "someone-else"
    other.mkdir()
    plain = tmp_path / "benchit-run-file"
    plain.write_text("not a folder")
    target = tmp_path / "precious"
    target.mkdir()
    (target / "keep").write_text("x")
    link = tmp_path / "benchit-run-link"
    link.symlink_to(target)
    theirs = tmp_path / "benchit-run-theirs"  # a dead run's folder, but another user's
    theirs.mkdir()
    if os.getuid() == 0:
        os.chown(theirs, 65534, 65534)
    else:
        theirs = other
    for path in (other, plain, target, theirs):
        _age(path)
    os.utime(link, (0, 0), follow_symlinks=False)
    assert scratch.sweep(tmp_path) == []
    assert (target / "keep").exists() and plain.exists() and other.exists() and link.is_symlink()
    assert theirs.exists()


def test_torchs_own_default_cache_folder_in_the_environment_is_not_the_users_choice() -> None:
    # torch writes its default folder into os.environ the first time a process compiles; a
    # notebook or test that compiled before starting benchit passes it on without choosing it.
    torch_default = subprocess.run(
        [
            sys.executable,
            "-c",
            "from torch._inductor.runtime.cache_dir_utils import default_cache_dir as d; print(d())",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert not scratch.user_chose_compile_cache({"TORCHINDUCTOR_CACHE_DIR": torch_default})
    assert not scratch.user_chose_compile_cache({})
    assert scratch.user_chose_compile_cache({"TORCHINDUCTOR_CACHE_DIR": "/srv/shared-inductor-cache"})
    run = Path(tempfile.gettempdir(), f"{scratch.PREFIX}abc", "compile-cache")  # what ``enter`` sets
    assert not scratch.user_chose_compile_cache({"TORCHINDUCTOR_CACHE_DIR": str(run)})
