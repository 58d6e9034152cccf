"""Rounds and contention through the real command: runtimes interleaved round by round, results
measured beside CPU hogs flagged contended, and the scan-wide budget of waits for a quiet machine."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path

import pytest
from helpers import FAST, JUDGED, fake_floor, run_benchit, write_script

# Two runtimes that note each step they run in $STEP_LOG (one letter a line), so the test sees
# the order in which benchit ran them.
TICKS = """
import os
import benchit


class _Noted(benchit.Runtime):
    devices = ("cpu",)
    letter = ""

    def prepare(self, model, args, kwargs, device, artifacts):
        log = open(os.environ["STEP_LOG"], "a", buffering=1)
        letter = self.letter + "\\n"

        def step():
            log.write(letter)
            return model(*args, **kwargs)

        return benchit.Prepared(step=step)


class Tick(_Noted):
    name = "tick"
    letter = "a"


class Tock(_Noted):
    name = "tock"
    letter = "b"


@benchit.hookimpl
def benchit_runtimes():
    return [Tick, Tock]
"""
MODEL = """
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(32, 32), torch.nn.Tanh(), torch.nn.Linear(32, 4))
model(torch.randn(2, 32))
"""


def _results(cache: Path) -> dict[str, dict]:
    found = {}
    for path in sorted(cache.glob("builds/*/results/*/*.json")):
        found[path.stem] = json.loads(path.read_text())
    return found


def test_rounds_interleave_the_runtimes_of_a_model(tmp_path: Path) -> None:
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "ticks.py").write_text(TICKS)
    script = write_script(tmp_path, "mlp.py", MODEL)
    log, cache = tmp_path / "steps.log", tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--plugins-dir", tmp_path / "plugins", "--runtime", "tick,tock",
        "--rounds", "2", "--max-rounds", "8", "--cache-dir", cache, "--threads", "1", *FAST,
        env={"STEP_LOG": str(log)},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    # Each runtime: its first step (preparing, parity), then the warm-ups, then round 1 of each, round 2 of each.
    # On a busy machine the two rounds may disagree by more than --ci-tolerance: then more rounds
    # of both follow (up to --max-rounds), still interleaved and paired.
    results = _results(cache)
    assert set(results) == {"cpu-tick", "cpu-tock"}
    rounds = {len(r["stats"]["rounds_ms"]) for r in results.values()}
    assert len(rounds) == 1 and 2 <= min(rounds) <= 8  # paired; at most --max-rounds
    order = [letter for letter, _ in groupby(log.read_text().split())]
    assert order == ["a", "b"] * (2 + min(rounds))
    for result in results.values():
        stats, info = result["stats"], result["info"]
        assert result["status"] == "ok" and result["parity"]["verdict"] == "passed"
        assert len(stats["rounds_ms"]) == len(stats["round_iterations"])
        assert sum(stats["round_iterations"]) == stats["iterations"]
        assert sorted(set(stats["sample_rounds"])) == list(range(len(stats["rounds_ms"])))
        assert len(stats["sample_rounds"]) == len(stats["samples_ms"])
        assert min(stats["rounds_ms"]) <= stats["median_ms"] * 1.5  # sane, not timed
        assert stats["median_ci_low_ms"] <= stats["median_ms"] <= stats["median_ci_high_ms"]
        assert result["environment"]["timing"]["rounds"] == 2
        assert result["environment"]["timing"]["max_rounds"] == 8
        assert isinstance(result["contended"], bool)
        assert info["quiet_wait_s"] == 0  # --quiet-wait 0 (FAST)
        assert isinstance(info["blocks_discarded"], int) and info["blocks_discarded"] >= 0
        assert info["prepare_s"] > 0 and info["peak_rss_bytes"] > 0
        assert 0 <= info["cpu_wait_fraction"] and "prepare_rss_bytes" in info


@contextlib.contextmanager
def hogs(count: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` processes that burn a CPU each, killed however the test ends."""
    started = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield started
    finally:
        for process in started:
            process.kill()
            process.wait()


@pytest.mark.alone  # CPU hogs: every CPU taken
def test_a_result_measured_beside_cpu_hogs_is_flagged_contended(tmp_path: Path) -> None:
    script = write_script(tmp_path, "mlp.py", MODEL)
    cache = tmp_path / "cache"
    with hogs(os.cpu_count() or 1):  # every CPU taken: no block can be quiet
        done = run_benchit("benchmark", script, "--cache-dir", cache, "--rounds", "2", *FAST, *JUDGED)
    assert done.returncode == 0, done.stdout + done.stderr
    result = _results(cache)["cpu-torch"]
    info = result["info"]
    assert result["contended"] is True, (info, result["stats"])
    assert info["contended_reason"].startswith("busy: ")
    assert info["blocks_discarded"] >= 1
    assert info["cpu_wait_fraction"] > 0.1 or info.get("cpu_pressure", 0) > 0.1 or info.get("steal_fraction", 0) > 0.1
    assert "waiting for a quiet machine" not in done.stdout  # --quiet-wait 0
    assert f"CONTENDED ({info['contended_reason']})" in done.stdout


@pytest.mark.alone  # two threads, and a wait whose budget is timed: beside the other worker it overruns
def test_rounds_in_the_thread_hand_off_slow_state_are_waited_out_then_flagged(tmp_path: Path) -> None:
    from benchit.store import floors

    script = write_script(tmp_path, "mlp.py", MODEL)
    folder = tmp_path / "floors"
    # A calibrated level of 1 us: every reading of this machine is far slower, as in the slow state.
    floors.save(dataclasses.replace(fake_floor(0.0, 2), handoff_us=1.0), folder)
    env = {floors.VARIABLE: str(folder)}
    # Every other contention signal at its highest threshold, so that a busy test machine spends
    # none of the budget: the wait and the flag are the gate's.
    scan = ["--rounds", "2", *FAST, "--threads", "2", "--quiet-wait", "1", "--contention-threshold", "1"]
    cache = tmp_path / "slow"
    done = run_benchit("benchmark", script, "--cache-dir", cache, *scan, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("waiting for a quiet machine: busy: threads hand data over ") == 1, done.stdout
    result = _results(cache)["cpu-torch"]
    info = result["info"]
    assert result["contended"] is True
    assert info["contended_reason"].startswith("busy: threads hand data over ")
    assert info["contended_reason"].endswith("slower than this machine's level (1 us, benchit calibrate)")
    assert 1.0 <= info["quiet_wait_s"] < 2.0  # the whole budget, once
    assert info["handoff_level_us"] == 1.0 and info["handoff_probe_us"] > 1.3
    # A floor with no level (calibrated before the probe): read and recorded, never waited for.
    floors.save(fake_floor(0.0, 2), folder)
    plain = run_benchit("benchmark", script, "--cache-dir", tmp_path / "plain", *scan, env=env)
    assert plain.returncode == 0 and "threads hand data over" not in plain.stdout
    info = _results(tmp_path / "plain")["cpu-torch"]["info"]
    assert info["handoff_level_us"] is None and info["handoff_probe_us"] > 0
    assert not info.get("contended_reason", "").startswith("busy: threads hand data")


@pytest.mark.slow
@pytest.mark.alone  # CPU hogs: every CPU taken
def test_the_quiet_wait_is_one_budget_for_the_whole_scan(tmp_path: Path) -> None:
    scripts = [write_script(tmp_path, f"mlp{i}.py", MODEL) for i in range(3)]
    cache = tmp_path / "cache"
    with hogs(os.cpu_count() or 1):  # the last --quiet-wait given counts
        done = run_benchit(
            "benchmark", *scripts, "--cache-dir", cache, "--rounds", "2", *FAST, *JUDGED, "--quiet-wait", "1"
        )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("waiting for a quiet machine: busy: ") == 1, done.stdout
    assert done.stdout.count("--quiet-wait 1 s spent") == 1
    waits = [r["info"]["quiet_wait_s"] for r in _results_all(cache)]
    assert len(waits) == 3 and max(waits) >= 1.0
    # One second in all, give or take the last idle sample (0.25 s): not a second per script.
    assert sum(waits) < 1.6
    assert all(r["contended"] for r in _results_all(cache))


def _results_all(cache: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(cache.glob("builds/*/results/*/*.json"))]


def test_a_wait_for_a_quiet_machine_stops_the_timeout_clock(tmp_path: Path) -> None:
    import time

    from benchit.config import Config
    from benchit.execute.local import LocalExecutor, _Job
    from benchit.messages import JobSpec, QuietWait, decode
    from benchit.records import Script

    spec = JobSpec(1, "key", Script(tmp_path / "x.py", {}), Config(cache_dir=tmp_path), quiet_wait_s=12.5)
    assert JobSpec.from_dict(spec.to_dict()).quiet_wait_s == 12.5
    message = decode(QuietWait(True, "busy: 61% CPU wait").to_dict())
    assert message == QuietWait(True, "busy: 61% CPU wait")
    job = _Job(spec, None, None, str(tmp_path), started=time.monotonic() - 5.0)
    LocalExecutor()._note(job, message)
    assert job.working_s(time.monotonic() + 10.0) < 6.0  # 10 s of waiting for a quiet machine are not the script's
    # ... but no more than the budget the job had (12.5 s, and 2 s of slack): a script can send the
    # message itself, and would stop its clock for good
    later = time.monotonic() + 100.0
    assert abs(job.working_s(later) - (5.0 + 100.0 - 12.5 - 2.0)) < 0.5
    LocalExecutor()._note(job, QuietWait(False, waited_s=0.1))
    assert job.quiet_wait.since is None and 0 < job.quiet_wait.waited_s < 5.0  # from the first note to this one
