"""Warm workers kept between the scans of one process (execute/warm.py): reused by a scan with the
same needs, never by one whose scripts would inherit another environment, and off unless asked."""

from __future__ import annotations

from pathlib import Path

from helpers import FAST, run_benchit, write_script

from benchit.execute import warm

BODY = """
import os
import torch
with open({out!r}, "a") as f:
    f.write(f"{{os.getppid()}}\\n")
torch.nn.Linear(2, 2)(torch.randn(1, 2))
"""


def _parents(tmp_path: Path, runs: list[tuple[dict[str, str], bool]]) -> list[str]:
    """Scan a new script once per run (its env, whether to keep warm); the pid of the worker each forked from."""
    out = tmp_path / "parents.txt"
    for i, (env, keep) in enumerate(runs):
        script = write_script(tmp_path / f"corpus{i}", "linear.py", BODY.format(out=str(out)))
        done = run_benchit("benchmark", script, "--cache-dir", tmp_path / f"cache{i}", *FAST, env=env, keep_warm=keep)
        assert done.returncode == 0, done.stderr
    return out.read_text().split()


def test_a_kept_worker_serves_the_next_scan_with_the_same_needs_only(tmp_path: Path) -> None:
    try:
        first, same, other_env, after = _parents(
            tmp_path, [({}, True), ({}, True), ({"BENCHIT_TEST_X": "1"}, True), ({}, True)]
        )
    finally:
        warm.keep(False)
    assert first == same  # the second scan's script was forked from the first scan's worker
    assert other_env != first  # another environment: a worker of its own
    assert after == first  # up to MAX_IDLE (2) are kept: the first scan's worker was still there


def test_without_keeping_each_scan_starts_its_own_worker(tmp_path: Path) -> None:
    first, second = _parents(tmp_path, [({}, False), ({}, False)])
    assert first != second
