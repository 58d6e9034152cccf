"""Passes (--passes): each model's rounds divided among fresh workers later in the scan, joined
into one result; complete when all its passes are, resumed where a scan stopped."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from helpers import FAST, report_df, run_benchit, write_script

from benchit.config import TimingSettings
from benchit.execute import passes
from benchit.records import Machine, Result, ResultStatus, Stats

TINY = """
import torch
torch.manual_seed(0)
torch.nn.Linear(16, 4).eval()(torch.randn(2, 16))
"""

# Its second run (the second pass) fails before it calls its model; the others call it.
SECOND_RUN_FAILS = """
import pathlib, torch
count = pathlib.Path(__file__).with_suffix(".runs")
runs = int(count.read_text()) + 1 if count.exists() else 1
count.write_text(str(runs))
if runs == 2:
    raise SystemExit("the second run fails")
torch.manual_seed(0)
torch.nn.Linear(16, 4).eval()(torch.randn(2, 16))
"""

ROUNDS = ["--rounds", "4"]


def _results(cache: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(cache.glob("builds/*/results/**/*.json"))]


# -- the settings of each pass -------------------------------------------------------------------
def test_each_pass_takes_its_share_of_the_rounds_and_of_their_bounds() -> None:
    timing = TimingSettings(rounds=5, passes=2, min_iterations=64, min_time_s=1.0, max_time_s=10.0)
    first, second = timing.for_pass(0), timing.for_pass(1)
    assert (first.rounds, second.rounds) == (3, 2)  # divided, not added
    assert (first.max_time_s, second.max_time_s) == pytest.approx((6.0, 4.0))
    assert (first.min_time_s, second.min_time_s) == pytest.approx((0.6, 0.4))
    assert first.min_iterations + second.min_iterations >= 64
    # Never more passes than rounds; one pass is the settings as they are.
    assert TimingSettings(rounds=1, passes=2).pass_count == 1
    assert TimingSettings(rounds=5, passes=1).for_pass(0) == TimingSettings(rounds=5, passes=1)
    assert TimingSettings(rounds=3, passes=3).for_pass(2).rounds == 1


def _result(rounds: tuple[float, ...], machine: str = "m", finished: float = 100.0, **stats: object) -> Result:
    values = {
        "iterations": 10 * len(rounds), "mean_ms": 1.0, "median_ms": sorted(rounds)[len(rounds) // 2],
        "median_ci_low_ms": 0.9, "median_ci_high_ms": 1.1, "min_ms": min(rounds), "max_ms": max(rounds),
        "std_ms": 0.01, "iqr_ms": 0.01, "p90_ms": 1.0, "p99_ms": 1.0, "cv": 0.01, "warmup_iterations": 5,
        "measure_time_s": 1.0, "noisy": False, "samples_ms": rounds, "rounds_ms": rounds,
        "round_iterations": (10,) * len(rounds), "sample_rounds": tuple(range(len(rounds))),
    }  # fmt: skip
    values.update(stats)
    return Result(
        device="cpu", runtime="torch", precision="fp32", eager=True, mode="eval", status=ResultStatus.OK,
        stats=Stats(**values),  # type: ignore[arg-type]
        machine=Machine(machine, "h", "cpu"), script_digest="d", finished=finished,
        info={"blocks_discarded": 1, "speed_probe_us": 100.0}, environment={"timing": TimingSettings().to_dict()},
    )  # fmt: skip


def test_a_later_pass_joins_the_result_of_this_scan_on_the_same_machine_only() -> None:
    timing = TimingSettings()
    first, second = _result((1.0, 1.01, 0.99)), _result((1.02, 1.0), finished=200.0)
    assert passes.joins(first, second, timing, since=50.0)
    joined = passes.join(first, second, timing)
    assert joined.stats is not None and joined.stats.round_passes == (0, 0, 0, 1, 1)
    assert passes.complete(joined, timing) and not passes.complete(first, timing)
    assert joined.info["blocks_discarded"] == 2  # counts add up over passes
    # Not joined: another machine, another script version, a failure, or a complete result.
    assert not passes.joins(first, _result((1.0, 1.0), machine="other"), timing, since=50.0)
    assert not passes.joins(first, dataclasses.replace(second, script_digest="e"), timing, since=50.0)
    assert not passes.joins(first, dataclasses.replace(second, status=ResultStatus.FAILED), timing, since=50.0)
    assert not passes.joins(joined, second, timing, since=50.0)
    # A result of an earlier scan joins only where that scan had these settings (it stopped between passes).
    assert passes.joins(first, second, timing, since=150.0)
    other = dataclasses.replace(first, environment={"timing": TimingSettings(rounds=9).to_dict()})
    assert not passes.joins(other, second, timing, since=150.0)
    # A failure is complete after one pass: another would fail the same.
    assert passes.complete(dataclasses.replace(first, status=ResultStatus.FAILED, stats=None), timing)


def test_passes_join_their_energy_rounds_as_their_latency_rounds() -> None:
    from benchit.judge.energy import energy_passes, energy_rounds

    def with_energy(result: Result, steps: list[float], power: list[float]) -> Result:
        facts = {"energy_j_rounds": steps, "power_w_rounds": power, "energy_j": 0.0, "energy_extended_steps": 2}
        return dataclasses.replace(result, info={**result.info, **facts})

    timing = TimingSettings()
    first = with_energy(_result((1.0, 1.01, 0.99)), [2.0, 2.1, 1.9], [10.0, 11.0, 9.0])
    second = with_energy(_result((1.02, 1.0), finished=200.0), [2.4, 2.2], [12.0, 13.0])
    joined = passes.join(first, second, timing)
    info = joined.info
    assert info["energy_j_rounds"] == [2.0, 2.1, 1.9, 2.4, 2.2] and info["energy_round_passes"] == [0, 0, 0, 1, 1]
    assert info["energy_j"] == pytest.approx(2.1) and info["power_w"] == pytest.approx(11.0)  # medians of all
    assert info["power_w_rounds"] == [10.0, 11.0, 9.0, 12.0, 13.0] and info["energy_extended_steps"] == 4
    assert info["energy_j_cv"] > 0 and "energy_reason" not in info
    row = {**info, "energy_j_rounds": info["energy_j_rounds"]}
    assert energy_rounds(row) == info["energy_j_rounds"] and energy_passes(row) == [0, 0, 0, 1, 1]
    # A pass without energy leaves the result without energy, with the reason, never half of it.
    blind = dataclasses.replace(second, info={**second.info, "energy_reason": "the counter stopped"})
    blind = dataclasses.replace(blind, info={k: v for k, v in blind.info.items() if "rounds" not in k})
    info = passes.join(first, blind, timing).info
    assert info["energy_reason"] == "the counter stopped"
    assert not {"energy_j", "energy_j_rounds", "power_w", "energy_round_passes"} & set(info)


# -- end to end ----------------------------------------------------------------------------------
def test_a_scan_in_two_passes_runs_each_script_again_later_and_joins_its_rounds(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("a", "b"):
        write_script(corpus, f"{name}.py", TINY)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", "torch,ort",
        "--passes", "2", *ROUNDS, *FAST,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    # Every first pass starts before any second pass does.
    firsts = [i for i, line in enumerate(lines) if line.startswith(("[1/2] ", "[2/2] "))]
    seconds = [i for i, line in enumerate(lines) if ", pass 2 of 2]" in line]
    assert len(firsts) == 4 and len(seconds) == 4 and max(firsts) < min(seconds)
    assert "over 2 passes" in done.stdout
    # The summary counts each script and each result once.
    assert "2 scripts (2 with models, 0 without): 2 ok; 4 results, 0 failed" in done.stdout
    results = _results(cache)
    assert len(results) == 4
    for result in results:
        stats = result["stats"]
        assert stats["round_passes"] == [0, 0, 1, 1] and len(stats["rounds_ms"]) == 4
        assert stats["iterations"] == sum(stats["round_iterations"])
        assert isinstance(stats["between_pass_cv"], float)
        assert 0 < stats["median_ci_low_ms"] <= stats["median_ms"] <= stats["median_ci_high_ms"]
        assert result["environment"]["timing"]["rounds"] == 4  # the scan's settings, not a pass's share
        # The second pass is timed only: ort keeps the first pass's parity verdict.
        assert (result["parity"] or {}).get("verdict") == ("passed" if result["runtime"] == "ort" else None)
    df = report_df(cache)
    assert set(df["passes"]) == {2} and df["between_pass_cv"].notna().all()
    # Complete: the same scan again measures nothing.
    again = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", "torch,ort",
                        "--passes", "2", *ROUNDS, *FAST)  # fmt: skip
    assert again.returncode == 0 and again.stdout.count(": complete in the cache") == 2, again.stdout
    assert "pass 2 of 2" not in again.stdout


def test_a_scan_stopped_between_passes_measures_only_the_pass_it_lacks(tmp_path: Path) -> None:
    script = write_script(tmp_path, "flaky.py", SECOND_RUN_FAILS)
    cache = tmp_path / "cache"
    args = ("benchmark", script, "--cache-dir", cache, "--passes", "2", *ROUNDS, *FAST)
    first = run_benchit(*args)
    assert first.returncode == 1, first.stdout + first.stderr  # the second pass failed
    assert "[1/1, pass 2 of 2]" in first.stdout and "the second run fails" in first.stdout
    (result,) = _results(cache)
    assert "round_passes" not in result["stats"] and len(result["stats"]["rounds_ms"]) == 2  # one pass: as before passes
    again = run_benchit(*args)
    assert again.returncode == 0, again.stdout + again.stderr
    (result,) = _results(cache)
    assert result["stats"]["round_passes"] == [0, 0, 1, 1]  # the first scan's pass, then this one's


def test_rebuild_always_starts_the_passes_again_and_jobs_keep_them_apart(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("a", "b", "c"):
        write_script(corpus, f"{name}.py", TINY)
    cache = tmp_path / "cache"
    args = ("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--passes", "2", "-j", "2", *ROUNDS, *FAST)
    for _ in range(2):
        done = run_benchit(*args, "--rebuild", "always")
        assert done.returncode == 0, done.stdout + done.stderr
        results = _results(cache)
        assert len(results) == 3
        # Never three or four passes: a new scan's first pass replaces what an earlier scan left.
        assert all(r["stats"]["round_passes"] == [0, 0, 1, 1] for r in results)
