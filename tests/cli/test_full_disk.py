"""Full disks, read-only folders and senseless limits are one-line usage errors (exit 2) that
name the path, and leave nothing half-written. The disks are small tmpfs mounts (needs root)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import FAST, REPO, run_benchit, write_script

ENV = {"TMPDIR": "/tmp/benchit-tests-disk"}
os.makedirs(ENV["TMPDIR"], exist_ok=True)
MODEL = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n"


@contextlib.contextmanager
def tmpfs(path: Path, size: str, readonly: bool = False) -> Iterator[Path]:
    path.mkdir(parents=True, exist_ok=True)
    options = f"size={size}" + (",ro" if readonly else "")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root): {mounted.stderr.decode().strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def _fill(folder: Path) -> None:
    """Take every free byte of the file system holding ``folder``."""
    with contextlib.suppress(OSError), open(folder / "filler", "wb", buffering=0) as file:
        while True:
            file.write(b"\0" * 4096)


def _temporaries(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(".tmp")]


def test_a_log_that_fills_the_disk_stops_the_scan_with_one_line(tmp_path: Path) -> None:
    script = write_script(tmp_path / "corpus", "chatty.py", MODEL + "print('x' * 2_000_000)\n")
    with tmpfs(tmp_path / "disk", "512k") as disk:
        done = run_benchit("benchmark", script, "--cache-dir", disk / "cache", *FAST, env=ENV)
        log = next((disk / "cache" / "scripts").glob("chatty-*.log"))
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stderr.strip() == (
            f"benchit: error: cannot write {log}: No space left on device; free some space or choose another folder"
        )
        assert _temporaries(disk) == []


def test_a_full_disk_while_writing_a_record_or_a_report(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "disk", "256k") as disk:
        cache = disk / "cache"
        # The script fills the disk after benchit's start-up check, then calls its model: the
        # build record of that model cannot be written.
        body = f"from pathlib import Path\nimport contextlib\nwith contextlib.suppress(OSError), open({str(disk / 'f')!r}, 'wb', buffering=0) as f:\n    while True: f.write(bytes(4096))\n"
        script = write_script(tmp_path / "corpus", "filler.py", body + MODEL)
        done = run_benchit("benchmark", script, "--cache-dir", cache, *FAST, env=ENV)
        assert done.returncode == 2, done.stdout + done.stderr
        build = next((cache / "builds").iterdir())
        assert done.stderr.strip() == (
            f"benchit: error: cannot write {build / 'build.json'}: No space left on device; "
            "free some space or choose another folder"
        )
        assert not (build / "build.json").exists() and _temporaries(disk) == []
        done = run_benchit("benchmark", script, "--cache-dir", cache, *FAST, env=ENV)  # full from the start
        assert done.returncode == 2
        assert done.stderr.startswith(f"benchit: error: cannot write {cache}: No space left on device")
        done = run_benchit("report", "--cache-dir", cache, "-o", disk / "r.csv")
        assert done.returncode == 2 and not (disk / "r.csv").exists()
        assert done.stderr.strip().startswith(f"benchit: error: cannot write {disk / 'r.csv'}: No space left")
        assert _temporaries(disk) == []


def test_a_read_only_cache_dir_is_a_usage_error(tmp_path: Path) -> None:
    script = write_script(tmp_path / "corpus", "one.py", MODEL)
    with tmpfs(tmp_path / "ro", "64k", readonly=True) as folder:
        done = run_benchit("benchmark", script, "--cache-dir", folder, *FAST, env=ENV)
        assert done.returncode == 2
        assert done.stderr.strip() == f"benchit: error: cannot write {folder / 'scripts'}: Read-only file system"


@pytest.mark.parametrize("limit", ["inf", "0.5", "nan", "512K"])
def test_a_senseless_memory_limit_is_a_usage_error(tmp_path: Path, limit: str) -> None:
    script = write_script(tmp_path, "one.py", MODEL)
    done = run_benchit("benchmark", script, "--memory-limit", limit, "--cache-dir", tmp_path / "cache")
    assert done.returncode == 2 and not (tmp_path / "cache").exists()
    assert done.stderr.strip() == (
        "benchit: error: argument --memory-limit: --memory-limit must be a size of at least 1M "
        f"(a script needs more to start), got '{limit}' (see 'benchit benchmark --help')"
    )


def test_sighup_stops_a_scan_like_sigterm(tmp_path: Path) -> None:
    script = write_script(tmp_path, "slow.py", MODEL + "import time\ntime.sleep(60)\n")
    cache = tmp_path / "cache"
    process = subprocess.Popen(
        [sys.executable, "-m", "benchit", "benchmark", script, "--cache-dir", cache, *FAST],
        env={**os.environ, **ENV, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not list((cache / "builds").glob("*/build.json")):
        time.sleep(0.2)  # the model was captured: the script is sleeping now
    process.send_signal(signal.SIGHUP)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, out + err
    assert err.startswith("benchit: interrupted; ")
    record = next((cache / "scripts").glob("slow-*.json")).read_text()
    assert '"status": "interrupted"' in record
