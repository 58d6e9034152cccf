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
    f.write(f"{{os.getppid()}} {{os.getcwd()}}\\n")
torch.nn.Linear(2, 2)(torch.randn(1, 2))
"""


def _runs(tmp_path: Path, runs: list[tuple[dict[str, str], bool]], cwds: list[Path] | None = None) -> list[list[str]]:
    """Scan a new script once per run (its env, whether to keep warm, in the run's folder of
    ``cwds``); the pid of the worker each forked from and the folder the script ran in."""
    out = tmp_path / "parents.txt"
    for i, (env, keep) in enumerate(runs):
        script = write_script(tmp_path / f"corpus{i}", "linear.py", BODY.format(out=str(out)))
        cwd = cwds[i] if cwds else None
        done = run_benchit(
            "benchmark", script, "--cache-dir", tmp_path / f"cache{i}", *FAST, env=env, keep_warm=keep, cwd=cwd
        )
        assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == len(runs)  # the script runs once per scan (later passes measure its models)
    return [line.split(" ", 1) for line in lines]


def _parents(tmp_path: Path, runs: list[tuple[dict[str, str], bool]]) -> list[str]:
    return [pid for pid, _ in _runs(tmp_path, runs)]


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


def test_a_kept_worker_serves_a_scan_in_another_folder_and_runs_its_script_there(tmp_path: Path) -> None:
    folders = [tmp_path / "here", tmp_path / "there"]
    for folder in folders:
        folder.mkdir()
    try:
        (first, first_cwd), (second, second_cwd) = _runs(tmp_path, [({}, True), ({}, True)], folders)
    finally:
        warm.keep(False)
    assert first == second  # one warm worker for both scans
    assert (Path(first_cwd), Path(second_cwd)) == (folders[0], folders[1])  # each script in its scan's folder
