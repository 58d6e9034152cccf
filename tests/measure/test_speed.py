"""The machine-speed probe: recorded with every result, and two results measured at different
machine speeds are inconclusive in ``compare`` and ``history`` where the probes could explain the
change, never faster or slower (a larger change: tests/judge/test_comparable.py)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import FAST, report_df, rewrite_results, run_benchit, with_rounds, write_script

from benchit.history import query
from benchit.history.verdict import Verdict, judge
from benchit.judge.comparable import (
    MIN_SPEED_TOLERANCE,
    speed_differed,
    speed_judged,
    speed_tolerance,
    why_inconclusive,
)
from benchit.measure import speed

SCRIPT = """
import torch

torch.manual_seed(0)
torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.Tanh()).eval()(torch.randn(2, 16))
"""


PROBE = "python-loop-3000 CPython 3.11.9"


def _row(probe: Any, median: float = 1.0, what: str = PROBE) -> dict[str, Any]:
    return {"rounds_ms": [median * 0.99, median, median * 1.01], "latency_median_ms": median, "iterations": 30,
            "speed_probe_us": probe, "speed_probe": what}  # fmt: skip


def test_a_reading_is_a_positive_time_and_a_result_keeps_the_median_of_its_rounds() -> None:
    readings = [speed.probe_us() for _ in range(3)]
    assert all(0 < r < 1e6 for r in readings)
    assert speed.summary([150.0, 140.0, 200.0]) == 150.0
    assert speed.summary([]) is None


def test_the_tolerance_is_half_the_threshold_and_never_below_the_probes_own_spread() -> None:
    assert speed_tolerance(0.05) == MIN_SPEED_TOLERANCE == 0.10
    assert speed_tolerance(0.25) == pytest.approx(0.125)
    assert speed_tolerance(0.0) == MIN_SPEED_TOLERANCE


@pytest.mark.parametrize(
    ("base", "new", "reason"),
    [
        (100.0, 135.0, "probe 35% slower in B"),
        (135.0, 100.0, "probe 35% slower in A"),
        (100.0, 109.0, ""),  # within the tolerance (10% at a 5% threshold)
        (100.0, None, ""),  # a result from before the probe: nothing to judge by
        (100.0, "fast", ""),  # not a number (a hostile cache): never judged by
        (100.0, -5.0, ""),
        (100.0, float("nan"), ""),
    ],
)
def test_probes_that_differ_beyond_the_tolerance_say_which_side_was_slow(base: Any, new: Any, reason: str) -> None:
    assert speed_differed([(_row(base), "A"), (_row(new), "B")], speed_tolerance(0.05)) == reason


def test_two_probes_or_two_pythons_are_not_compared() -> None:
    a, b = _row(100.0), _row(140.0, what="python-loop-3000 CPython 3.12.1")
    assert speed_differed([(a, "A"), (b, "B")], 0.05) == ""
    assert speed_differed([(a, "A"), (_row(140.0, what=None), "B")], 0.05) == ""  # a hostile cache's
    assert speed_differed([(_row(100.0, what=None), "A"), (_row(140.0, what=None), "B")], 0.05) == ""


def test_two_machines_are_not_judged_by_their_probes() -> None:
    """``compare --by machine`` compares machines, whose speeds differ by nature."""
    a, b = {**_row(100.0), "machine": "fast-box"}, {**_row(140.0), "machine": "slow-box"}
    assert speed_differed([(a, "fast-box"), (b, "slow-box")], 0.025) == ""
    assert speed_differed([(a, "A"), ({**b, "machine": "fast-box"}, "B")], 0.025) == "probe 40% slower in B"


def test_a_pair_at_different_machine_speeds_is_inconclusive_with_every_other_reason_first() -> None:
    # Alone, a probe difference waits for the ratio: the probes judge only what they can explain
    # (tests/judge/test_comparable.py); speed_judged says it for a 1.4x change.
    assert why_inconclusive((_row(100.0), "A"), (_row(140.0), "B"), speed=0.1) == ""
    assert speed_judged([(_row(100.0), "A"), (_row(140.0), "B")], 1.4, 0.05) == (
        "machine speed differed: probe 40% slower in B",
        "",
    )
    assert why_inconclusive((_row(100.0), "A"), (_row(140.0), "B")) == ""  # not asked: runtimes of one scan
    busy = {**_row(140.0), "contended": True, "contended_reason": "busy: 61% CPU wait"}
    assert why_inconclusive((_row(100.0), "A"), (busy, "B"), speed=0.1) == (
        "busy: 61% CPU wait in B; machine speed differed: probe 40% slower in B"
    )


POOL = "torch-add-32768-per-thread-x50 2 threads torch 2.14.1"


def test_the_thread_pool_probe_times_every_thread_and_says_how_many() -> None:
    probe = speed.ParallelProbe(2)
    assert probe.identity.startswith("torch-add-32768-per-thread-x50 2 threads torch ")
    assert probe.elements == 2 * speed.GRAIN == 65536  # one chunk of torch's grain per thread
    assert all(0 < probe.probe_us() < 1e6 for _ in range(3))


def test_the_hand_off_probe_moves_every_chunk_to_another_thread() -> None:
    probe = speed.HandOffProbe(2)
    assert all(0 < probe.probe_us() < 1e6 for _ in range(3))


def test_the_hand_off_gate_judges_a_reading_against_the_calibrated_level_or_the_least_below_it() -> None:
    readings = iter([100.0, 125.0, 140.0, 60.0, 90.0, 77.0])
    gate = speed.HandOffGate(lambda: next(readings), 100.0)
    assert gate.slow() is None  # at the level
    assert gate.slow() is None  # 1.25x: within SLOW_FACTOR
    assert (
        gate.slow() == "busy: threads hand data over 1.40x slower than this machine's level (100 us, benchit calibrate)"
    )
    assert gate.slow() is None  # 60 us: a level the calibration had missed (it ran in the slow state)
    assert (
        gate.slow() == "busy: threads hand data over 1.50x slower than this machine's level (60 us, benchit calibrate)"
    )
    assert gate.slow() is None  # 1.28x of 60
    assert gate.readings == [100.0, 125.0, 140.0, 60.0, 90.0, 77.0]
    # No calibrated level (a floor from before the probe, or none): never slow, still read.
    never = speed.HandOffGate(lambda: 1e6, None)
    assert never.slow() is None and never.readings == [1e6]


def test_a_worker_waits_the_slow_state_out_for_a_bounded_time_and_then_flags_its_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from types import SimpleNamespace

    from benchit.measure import contention, rounds

    monkeypatch.setattr(speed, "SLOW_WAIT_MAX_S", 0.3)
    monkeypatch.setattr(speed, "SLOW_POLL_S", 0.05)
    gate = speed.HandOffGate(lambda: 200.0, 100.0)  # the state never passes
    quiet = contention.QuietBudget(60.0)
    live: Any = [SimpleNamespace(result=None, slow=None), SimpleNamespace(result="failed already", slow=None)]
    waited = rounds._handed_off(gate, live, quiet, None)
    assert 0.3 <= waited < 1.0 and quiet.left_s == pytest.approx(60.0 - waited)  # this worker's cap, not the budget
    assert live[0].slow.startswith("busy: threads hand data over 2.00x slower") and live[1].slow is None
    assert rounds._handed_off(gate, live, quiet, None) == 0.0  # the cap is spent: measured and flagged at once
    assert quiet.left_s == pytest.approx(60.0 - waited)


def _pooled(probe: Any, pool: Any, what: str = POOL) -> dict[str, Any]:
    return {**_row(probe), "parallel_probe_us": pool, "parallel_probe": what}


@pytest.mark.parametrize(
    ("base", "new", "reason"),
    [
        (_pooled(100.0, 200.0), _pooled(101.0, 290.0), "parallel probe 45% slower in B"),
        (_pooled(100.0, 290.0), _pooled(140.0, 200.0), "probe 40% slower in B, parallel probe 45% slower in A"),
        (_pooled(100.0, 200.0), _pooled(100.0, 215.0), ""),  # within the tolerance
        # one thread (no pool probe), or another thread count or torch: the pool is not judged
        (_pooled(100.0, 200.0), _row(100.0), ""),
        (_pooled(100.0, 200.0), _pooled(100.0, 400.0, what=POOL.replace(" 2 threads", " 4 threads")), ""),
        (_pooled(100.0, 200.0), _pooled(100.0, 400.0, what=POOL.replace("2.14.1", "2.15.0")), ""),
    ],
)
def test_the_thread_pool_probe_is_judged_apart_from_the_python_probe(base: Any, new: Any, reason: str) -> None:
    assert speed_differed([(base, "A"), (new, "B")], speed_tolerance(0.05)) == reason


def _item(probe: Any, median: float, what: str = PROBE, pool: Any = None) -> dict[str, Any]:
    """A result as the history database gives it back (``query.details``)."""
    return {"status": "ok", "median_ms": median, "rounds": [median * 0.99, median, median * 1.01],
            "contended": False, "info": {"speed_probe_us": probe, "speed_probe": what,
                                         "parallel_probe_us": pool, "parallel_probe": POOL}}  # fmt: skip


def test_history_does_not_judge_a_latest_run_on_a_machine_of_another_speed_by_what_that_explains() -> None:
    baseline = [_item(100.0, 1.0), _item(101.0, 1.0), _item(99.0, 1.0)]
    verdict, change, reason = judge(_item(100.0, 2.0), baseline, 0.05)
    assert verdict is Verdict.REGRESSION and change is not None and reason == ""
    verdict, change, reason = judge(_item(150.0, 1.5), baseline, 0.05)
    assert verdict is Verdict.INCONCLUSIVE and change is None
    assert reason == "machine speed differed: probe 50% slower in latest"
    # 2x is more than a 50% slower machine explains: judged, with the probe difference noted
    verdict, change, reason = judge(_item(150.0, 2.0), baseline, 0.05)
    assert verdict is Verdict.REGRESSION and change is not None
    assert reason == "probe 50% slower in latest; the change is larger than that"
    # a baseline run from before the probe: the baseline's speed is unknown, so not judged by it
    verdict, _, reason = judge(_item(150.0, 2.0), [*baseline, _item(None, 1.0)], 0.05)
    assert verdict is Verdict.REGRESSION and reason == ""
    # a baseline run under another Python timed another probe: not judged by it
    verdict, _, reason = judge(_item(150.0, 2.0), [*baseline, _item(99.0, 1.0, what="other")], 0.05)
    assert verdict is Verdict.REGRESSION and reason == ""
    # damaged details are no probe, not a crash (``query.mapping`` reads them as empty)
    assert query.mapping("{not json") == query.mapping('["a list"]') == query.mapping(None) == {}
    broken = {**_item(150.0, 2.0), "info": {}}
    assert judge(broken, baseline, 0.05)[0] is Verdict.REGRESSION


def test_history_judges_the_thread_pool_probe_where_every_run_has_it() -> None:
    baseline = [_item(100.0, 1.0, pool=200.0), _item(101.0, 1.0, pool=205.0), _item(99.0, 1.0, pool=210.0)]
    verdict, _, reason = judge(_item(100.0, 1.2, pool=300.0), baseline, 0.05)
    assert verdict is Verdict.INCONCLUSIVE and reason == "machine speed differed: parallel probe 46% slower in latest"
    assert judge(_item(100.0, 1.2, pool=210.0), baseline, 0.05)[0] is Verdict.REGRESSION
    # a baseline run with one thread has no pool probe: the baseline's pool speed is unknown
    assert judge(_item(100.0, 1.2, pool=300.0), [*baseline, _item(100.0, 1.0)], 0.05)[0] is Verdict.REGRESSION


def _scan(tmp_path: Path, name: str, threads: int = 1) -> Path:
    """A real scan of ``SCRIPT`` into the cache ``tmp_path / name``."""
    corpus = tmp_path / "corpus"
    write_script(corpus, "mlp.py", SCRIPT)
    cache = tmp_path / name
    done = run_benchit("benchmark", corpus / "mlp.py", "--cache-dir", cache, *FAST, "--threads", str(threads))
    assert done.returncode == 0, done.stdout + done.stderr
    return cache


def _slower_copy(base: Path, tmp_path: Path, probes: dict[str, float]) -> Path:
    """``base``'s results made steady (five rounds, not contended), and a copy of them, NEW, 35%
    slower with its probes' readings set to ``probes``: the same model on a slower machine."""
    median = report_df(base).loc[0, "latency_median_ms"]
    steady = [f * median for f in (0.99, 1.0, 1.01, 0.995, 1.005)]
    rewrite_results(base, lambda r, _: with_rounds(dataclasses.replace(r, contended=False), steady))
    new = Path(shutil.copytree(base, tmp_path / "B"))

    def slowed(result: Any, _: Path) -> Any:
        assert result.stats is not None
        stats = dataclasses.replace(result.stats, rounds_ms=tuple(r * 1.35 for r in result.stats.rounds_ms),
                                    median_ms=result.stats.median_ms * 1.35)  # fmt: skip
        return dataclasses.replace(result, stats=stats, info={**result.info, **probes})

    assert rewrite_results(new, slowed) == 1
    return new


def test_compare_calls_a_pair_measured_at_another_machine_speed_inconclusive(tmp_path: Path) -> None:
    base = _scan(tmp_path, "A")
    measured = report_df(base)
    probe = measured.loc[0, "speed_probe_us"]
    assert probe > 0, measured.T  # the real scan recorded the probe, as a column of the report
    assert measured.loc[0, "speed_probe"].startswith("python-loop-3000 CPython 3.")
    assert pd.isna(measured.loc[0, "parallel_probe_us"])  # one thread: no thread pool to probe
    new = _slower_copy(base, tmp_path, {"speed_probe_us": probe * 1.35})
    out = tmp_path / "cmp.csv"
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr  # no regression: the machine changed
    row = pd.read_csv(out).iloc[0]
    assert row["verdict"] == "inconclusive" and pd.isna(row["ratio"])
    assert row["reason"] == "machine speed differed: probe 35% slower in B"
    assert "(of 0; 1 left out: 1 machine speed differed)" in done.stdout
    assert "note: the CPU ran at another speed for one side (speed_probe_us" in done.stdout
    strict = run_benchit("compare", base, new, "--fail-on", "inconclusive", "-o", tmp_path / "strict.csv")
    assert strict.returncode == 1 and "--fail-on inconclusive: 1 flagged" in strict.stderr
    # The same pair at the same machine speed is judged: 1.35x slower.
    rewrite_results(new, lambda r, _: dataclasses.replace(r, info={**r.info, "speed_probe_us": probe}))
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out)
    assert done.returncode == 1 and pd.read_csv(out).iloc[0]["verdict"] == "slower", done.stdout


def test_compare_of_two_thread_scans_judges_the_thread_pool_probe_too(tmp_path: Path) -> None:
    """On two threads a model can slow with the thread pool while the one-thread Python probe reads
    the same: the pool's probe says so."""
    base = _scan(tmp_path, "A", threads=2)
    measured = report_df(base)
    pool = measured.loc[0, "parallel_probe_us"]
    assert pool > 0 and measured.loc[0, "parallel_probe"].startswith("torch-add-32768-per-thread-x50 2 threads torch ")
    new = _slower_copy(base, tmp_path, {"parallel_probe_us": pool * 1.45})
    out = tmp_path / "cmp.csv"
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr
    assert pd.read_csv(out).iloc[0]["reason"] == "machine speed differed: parallel probe 45% slower in B"
    rewrite_results(new, lambda r, _: dataclasses.replace(r, info={**r.info, "parallel_probe_us": pool}))
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out)
    assert done.returncode == 1 and pd.read_csv(out).iloc[0]["verdict"] == "slower", done.stdout


def test_history_calls_a_latest_run_at_another_machine_speed_inconclusive(tmp_path: Path) -> None:
    first = _scan(tmp_path, "night1")
    db = f"sqlite:///{tmp_path / 'history.db'}"
    # Four nights of the same model at one machine speed, then one with the machine's probe (and
    # the model) 40% slower: each a copy with its own time and numbers.
    for night, (factor, probe) in enumerate([(1.0, 100.0), (1.01, 100.5), (0.99, 99.5), (1.0, 100.0), (1.4, 140.0)]):
        cache = Path(shutil.copytree(first, tmp_path / f"n{night}"))

        def scaled(result: Any, _: Path, factor: float = factor, probe: float = probe, night: int = night) -> Any:
            rounds = tuple(r * factor for r in (1.0, 1.01, 0.99, 1.0, 1.02))
            stats = dataclasses.replace(result.stats, rounds_ms=rounds, median_ms=factor, round_iterations=(10,) * 5)
            return dataclasses.replace(result, stats=stats, contended=False, finished=1.7e9 + night * 86400,
                                       info={**result.info, "speed_probe_us": probe})  # fmt: skip

        assert rewrite_results(cache, scaled) == 1
        done = run_benchit("publish", cache, "--db", db, "--run", f"night-{night}")
        assert done.returncode == 0, done.stdout + done.stderr
    out = tmp_path / "history.csv"
    done = run_benchit("history", "--db", db, "--fail-on", "regression", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr  # 40% slower, but so was the machine
    row = pd.read_csv(out).iloc[0]
    assert row["verdict"] == "inconclusive"
    assert row["reason"] == "machine speed differed: probe 40% slower in latest"
    assert "machine speed differed: probe 40% slower in latest" in done.stdout
