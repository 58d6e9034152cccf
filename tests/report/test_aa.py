"""A/A under load through the real commands: the same scripts scanned quiet and beside CPU hogs
are never called faster or slower by ``benchit compare``, and ``--fail-on slower`` passes."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, JUDGED, REPO, run_benchit

# Quiet, then every CPU loaded: no other test beside either scan.
pytestmark = pytest.mark.alone

SELFTEST = REPO / "models" / "selftest"
# FAST timing, but with rounds (compare judges on round medians and needs at least two), and
# contention judged: a side measured on a busy machine is told, and never judged.
TIMING = [*FAST, *JUDGED, "--rounds", "3"]


@contextlib.contextmanager
def hogs(count: int) -> Iterator[None]:
    """``count`` processes that burn a CPU each (``while True: pass``), killed however the test ends."""
    started = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for process in started:
            process.kill()
            process.wait()


def _scan(scripts: list[Path], cache: Path) -> None:
    done = run_benchit("benchmark", *scripts, "--cache-dir", cache, *TIMING)
    assert done.returncode == 0, done.stdout + done.stderr


def _compare(base: Path, new: Path, out: Path, *options: str) -> tuple[subprocess.CompletedProcess[str], list[Any]]:
    done = run_benchit("compare", base, new, "--format", "json", "-o", out, *options)
    pairs = json.loads(out.read_text())["comparison"]["pairs"]
    return done, pairs


def _check_aa(scripts: list[Path], tmp_path: Path) -> None:
    quiet, busy = tmp_path / "quiet", tmp_path / "busy"
    _scan(scripts, quiet)
    with hogs(os.cpu_count() or 1):  # one hog per CPU: every measuring thread competes
        _scan(scripts, busy)
    done, pairs = _compare(quiet, busy, tmp_path / "aa.json")
    assert done.returncode == 0, done.stdout + done.stderr
    models = sum(1 for s in scripts for _ in range(2 if s.name == "two_models.py" else 1))
    assert len(pairs) == models
    # Nothing changed but the load: each pair is inconclusive (a side busy) or no change, never
    # a confident verdict either way.
    verdicts = {p["model"]: (p["verdict"], p["reason"], p["new_contended"]) for p in pairs}
    assert all(v in ("inconclusive", "no significant change") for v, _, _ in verdicts.values()), verdicts
    for verdict, reason, contended in verdicts.values():
        if contended:  # a busy side is never judged
            assert verdict == "inconclusive" and reason.startswith("busy: "), (verdict, reason)
    gate, _ = _compare(quiet, busy, tmp_path / "gate.json", "--fail-on", "slower")
    assert gate.returncode == 0, gate.stdout + gate.stderr
    # The same pairs with inconclusive ones counted as failures: exit 1 exactly when any is inconclusive.
    strict, _ = _compare(quiet, busy, tmp_path / "strict.json", "--fail-on", "slower,inconclusive")
    assert strict.returncode == (1 if any(v == "inconclusive" for v, _, _ in verdicts.values()) else 0)


def test_aa_one_script_quiet_vs_every_cpu_busy(tmp_path: Path) -> None:
    _check_aa([SELFTEST / "small_cnn.py"], tmp_path)


@pytest.mark.slow
def test_aa_selftest_scripts_quiet_vs_every_cpu_busy(tmp_path: Path) -> None:
    names = ("linear.py", "mlp.py", "small_cnn.py", "tiny_transformer.py")
    _check_aa([SELFTEST / name for name in names], tmp_path)
