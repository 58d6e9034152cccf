"""Symbolic links planted in a cache never make benchit write, truncate or delete outside it."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from helpers import FAST, run_benchit, snapshot, write_script

from benchit.fs import LinkError
from benchit.records import Result, ResultStatus, ScriptStatus
from benchit.runrecords import ScriptRecord
from benchit.store.cache import Cache

# A private host lock: these tests are about files, and must not wait for other scans measuring.
ENV = {"TMPDIR": "/tmp/benchit-tests-links"}
os.makedirs(ENV["TMPDIR"], exist_ok=True)
MODEL = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("links")
    write_script(root / "corpus", "one.py", MODEL)
    done = run_benchit("benchmark", root / "corpus" / "one.py", "--cache-dir", root / "cache", *FAST, env=ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    return root


@pytest.fixture
def setup(pristine: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    """(cache, script, a folder of the user's own files outside the cache)."""
    shutil.copytree(pristine / "cache", tmp_path / "cache", symlinks=True)
    script = write_script(tmp_path / "corpus", "one.py", MODEL)
    shutil.copy(pristine / "corpus" / "one.py", script)
    user = tmp_path / "home"
    user.mkdir()
    (user / "thesis.tex").write_text("years of work")
    (user / "notes").mkdir()
    (user / "notes" / "a.txt").write_text("keep")
    return tmp_path / "cache", script, user


def _build(cache: Path) -> Path:
    return next(p for p in (cache / "builds").iterdir())


def _scan(cache: Path, script: Path) -> tuple[int, str]:
    done = run_benchit("benchmark", script, "--cache-dir", cache, "--rebuild", "always", *FAST, env=ENV)
    return done.returncode, done.stderr


def test_a_log_linked_to_a_user_file_is_refused_and_the_file_kept(setup: tuple[Path, Path, Path]) -> None:
    cache, script, user = setup
    log = next((cache / "scripts").glob("*.log"))
    log.unlink()
    log.symlink_to(user / "thesis.tex")
    before = snapshot(user)
    code, err = _scan(cache, script)
    assert code == 2
    assert err.strip() == (
        f"benchit: error: {log} is a symbolic link; benchit never follows links inside its cache "
        "(one could make it write or delete files elsewhere): remove the link"
    )
    assert snapshot(user) == before


def test_a_linked_builds_folder_is_neither_written_nor_deleted(setup: tuple[Path, Path, Path]) -> None:
    cache, script, user = setup
    name = _build(cache).name
    shutil.move(cache / "builds", user / "builds")
    (cache / "builds").symlink_to(user / "builds", target_is_directory=True)
    before = snapshot(user)
    code, err = _scan(cache, script)
    assert code == 2 and f"{cache / 'builds'} is a symbolic link" in err
    done = run_benchit("cache", "delete", name, "--cache-dir", cache)
    assert done.returncode == 2 and f"{cache / 'builds'} is a symbolic link" in done.stderr
    done = run_benchit("cache", "clean", "--cache-dir", cache)
    assert done.returncode == 0, done.stderr
    done = run_benchit("report", "--cache-dir", cache, "-o", cache.parent / "r.csv")
    assert done.returncode == 0 and f"{cache / 'builds'} is a symbolic link (never followed)" in done.stderr
    assert snapshot(user) == before


def test_a_linked_result_file_is_not_read_or_written(setup: tuple[Path, Path, Path]) -> None:
    cache, script, user = setup
    result = next((_build(cache) / "results").rglob("cpu-torch.json"))
    (user / "stolen.json").write_text(result.read_text().replace('"ok"', '"from elsewhere"'))
    result.unlink()
    result.symlink_to(user / "stolen.json")
    before = snapshot(user)
    code, err = _scan(cache, script)
    assert code == 2 and f"{result} is a symbolic link" in err
    done = run_benchit("report", "--cache-dir", cache, "-o", cache.parent / "r.csv")
    assert done.returncode == 0 and f"skipped {result}: a symbolic link (never followed)" in done.stderr
    assert "from elsewhere" not in (cache.parent / "r.csv").read_text()
    assert snapshot(user) == before


def test_a_link_in_artifacts_is_refused_and_cache_clean_unlinks_it(setup: tuple[Path, Path, Path]) -> None:
    cache, script, user = setup
    artifacts = _build(cache) / "artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "model.onnx").symlink_to(user / "thesis.tex")
    (artifacts / "sub").symlink_to(user / "notes", target_is_directory=True)
    before = snapshot(user)
    code, err = _scan(cache, script)
    assert code == 2 and "is a symbolic link" in err and str(artifacts) in err
    done = run_benchit("cache", "clean", "--cache-dir", cache)
    assert done.returncode == 0, done.stderr
    assert not artifacts.exists()
    assert snapshot(user) == before


def test_the_report_temporary_file_has_no_predictable_name(setup: tuple[Path, Path, Path]) -> None:
    cache, _, user = setup
    out = user / "out"
    out.mkdir()
    (out / ".r.csv.tmp").symlink_to(user / "thesis.tex")
    done = run_benchit("report", "--cache-dir", cache, "-o", out / "r.csv")
    assert done.returncode == 0, done.stderr
    assert (user / "thesis.tex").read_text() == "years of work"
    assert (out / "r.csv").read_text().startswith("build_name,")
    assert sorted(p.name for p in out.iterdir()) == [".r.csv.tmp", "r.csv"]  # no temporary file left


def test_links_planted_during_a_scan_are_never_followed(setup: tuple[Path, Path, Path]) -> None:
    """What a scan meets after its start-up check (a link planted while it runs): a file that
    is replaced wholesale (log, record, result) has its link replaced; a folder that is a link
    stops the write with a LinkError. The target is never touched."""
    cache, _, user = setup
    store = Cache(cache)
    before = snapshot(user)
    log = store.log_path("victim")
    log.symlink_to(user / "thesis.tex")
    with store.open_log("victim") as file:
        file.write(b"script output")
    assert not log.is_symlink() and log.read_bytes() == b"script output"
    record = store.script_path("victim")
    record.symlink_to(user / "thesis.tex")
    store.write_script(ScriptRecord("victim", status=ScriptStatus.OK))
    assert not record.is_symlink() and json.loads(record.read_text())["status"] == "ok"
    build = _build(cache)
    shutil.rmtree(build / "results")
    (build / "results").symlink_to(user / "notes", target_is_directory=True)
    with pytest.raises(LinkError, match="results is a symbolic link"):
        store.write_result(build.name, Result("cpu", "torch", ResultStatus.OK))
    (cache / "locks" / "victim.lock").symlink_to(user / "thesis.tex")
    with pytest.raises(LinkError, match="victim.lock is a symbolic link"):
        store.try_lock("victim")
    assert snapshot(user) == before
    assert not [p for p in cache.rglob("*.tmp")]  # no temporary file left by the refused writes
    assert os.readlink(build / "results") == str(user / "notes")
