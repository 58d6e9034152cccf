"""A history series judged within its own spread from run to run, through ``benchit publish`` and ``benchit history``."""

from __future__ import annotations

import dataclasses
import json
import math
import shutil
import statistics
from pathlib import Path
from typing import Any

import pytest
from helpers import DATA, rewrite_results, run_benchit, with_rounds

from benchit.judge.noise import MIN_SERIES_RUNS, series_band
from benchit.student import t_quantile

# Seven nights of one cache. ``linear`` is unchanged but strays from night to night by ±10% or so
# (as an unchanged 2 ms convolution did on the 2-vCPU VM), ``mlp`` is steady and then 1.5x slower
# on the last night.
NOISY = [1.0, 1.25, 0.95, 1.2, 1.0, 1.15, 1.2]
STEADY_THEN_STEP = [1.0, 1.01, 0.99, 1.0, 1.02, 0.98, 1.5]
# A level that moved 1.18x at night 5 and stayed, inside ``linear``'s spread before it.
NOISY_STEP = [1.0, 1.25, 0.95, 1.2, 1.18, 1.18, 1.18]


def test_the_band_is_the_prediction_interval_of_one_more_run() -> None:
    runs = [1.0, 1.25, 0.95, 1.2, 1.0]
    logs = [math.log(r) for r in runs]
    sd = statistics.stdev(logs)
    assert series_band(runs) == pytest.approx(math.exp(t_quantile(0.975, 4) * sd * math.sqrt(1 + 1 / 5)) - 1)
    assert series_band(runs[: MIN_SERIES_RUNS - 1]) is None  # too few runs to say how far one strays
    assert series_band([2.0] * 6) == 0.0


def _nights(tmp_path: Path, levels: dict[str, list[Any]]) -> list[Path]:
    """One copy of an old cache per night, each result's five rounds at its model's level that
    night (or, given five factors, those rounds; the median's interval their range)."""
    nights = []
    for n in range(len(next(iter(levels.values())))):
        night = Path(shutil.copytree(DATA / "cache-main-3d18000", tmp_path / f"n{n + 1}"))

        def rewrite(result: Any, path: Path, n: int = n) -> Any:
            model = path.parts[-4].split("-")[0]
            if result.stats is None or model not in levels:
                return result
            level = levels[model][n]
            rounds = list(level) if isinstance(level, tuple) else [level * f for f in (0.99, 1.01, 1.0, 0.995, 1.005)]
            result = with_rounds(dataclasses.replace(result, contended=False), rounds)
            stats = dataclasses.replace(result.stats, median_ms=statistics.median(rounds),
                                        median_ci_low_ms=min(rounds), median_ci_high_ms=max(rounds))  # fmt: skip
            return dataclasses.replace(result, stats=stats, finished=(result.finished or 0) + 86400 * n)

        rewrite_results(night, rewrite)
        nights.append(night)
    return nights


def _history(tmp_path: Path, levels: dict[str, list[Any]], *args: str) -> dict[str, list[dict[str, Any]]]:
    db = f"sqlite:///{tmp_path / 'history.db'}"
    for n, night in enumerate(_nights(tmp_path, levels), 1):
        assert run_benchit("publish", night, "--db", db, "--run", f"night-{n}").returncode == 0
    out = tmp_path / "history.json"
    done = run_benchit("history", "--db", db, "--format", "json", "-o", out, *args)
    assert done.returncode == 0, done.stdout + done.stderr
    found: dict[str, list[dict[str, Any]]] = {}
    for series in json.loads(out.read_text())["series"]:
        if series["verdict"] != "failing" and series["runtime"] == "torch" and series.get("mode", "eval") == "eval":
            found.setdefault(Path(series["script"]).stem, []).append(series)
    return found


def test_a_change_within_the_series_own_spread_is_no_change_and_a_steady_series_step_is_still_found(
    tmp_path: Path,
) -> None:
    found = _history(tmp_path, {"linear": NOISY, "mlp": STEADY_THEN_STEP})
    (noisy,) = found["linear"]
    band = series_band(NOISY[1:6])  # the five runs before the latest (--baseline 5)
    assert band is not None and band > 0.3
    assert noisy["verdict"] == "no change", noisy
    assert noisy["reason"] == f"within this series' run-to-run spread over 5 runs, ±{band * 100:.1f}%"
    (steady,) = found["mlp"]
    assert steady["verdict"] == "regression" and steady["ratio"] == pytest.approx(1.5, rel=0.03), steady


def test_a_level_that_moved_within_the_series_own_spread_is_no_change_point(tmp_path: Path) -> None:
    found = _history(tmp_path, {"linear": NOISY_STEP, "mlp": [1.0, 1.01, 0.99, 1.0, 1.5, 1.5, 1.5]})
    (noisy,) = found["linear"]
    assert noisy["change_point_run"] is None and noisy["verdict"] == "no change", noisy
    (stepped,) = found["mlp"]  # a steady series' step of the same kind is a change point
    assert stepped["change_point_run"] == "night-5", stepped


# CI's history test on the 2-vCPU VM: an unchanged model's third night slowed for part of its rounds
# (nothing in the guest saw why), then the script doubled its work on the fourth.
PARTLY_SLOWED = (1.07, 1.42, 1.37, 1.42, 1.27)
DOUBLED = (2.04, 2.03, 2.03, 2.02, 2.03)


def test_a_night_slowed_for_part_of_its_rounds_is_no_regression_nor_the_first_bad_run(tmp_path: Path) -> None:
    found = _history(tmp_path, {"linear": [1.0, 1.0, PARTLY_SLOWED]}, "--threshold", "25")
    (slowed,) = found["linear"]
    assert slowed["verdict"] == "inconclusive", slowed
    assert slowed["reason"].endswith("reaches inside the ±25.0% threshold") and 1.25 < slowed["ratio"] < 1.45
    assert slowed["ratio_ci_low"] < 1.25
    later = tmp_path / "later"
    later.mkdir()
    found = _history(later, {"linear": [1.0, 1.0, PARTLY_SLOWED, DOUBLED]}, "--threshold", "25")
    (doubled,) = found["linear"]
    assert doubled["verdict"] == "regression", doubled
    # Night 3's median is past the threshold, but its interval is not: the step came with night 4.
    assert (doubled["last_good_run"], doubled["first_bad_run"]) == ("night-3", "night-4"), doubled


def test_a_small_change_in_the_latest_run_alone_waits_for_the_next_and_then_is_a_verdict(tmp_path: Path) -> None:
    """8% slower in the last night only: inside (1 + 5%) squared (±10.3%), so inconclusive until the next
    night confirms it (then a regression, the change point at its first night); 1.5x needs no second night."""
    once = tmp_path / "once"
    once.mkdir()
    (alone,) = _history(once, {"mlp": [1.0, 1.01, 0.99, 1.0, 1.0, 1.08]})["mlp"]
    assert alone["verdict"] == "inconclusive" and alone["ratio"] == pytest.approx(1.08, rel=0.02), alone
    assert alone["reason"] == (
        "×1.08 slower in the latest run alone, within ±10.3%: a change this small is a verdict once the next run confirms it"
    )
    twice = tmp_path / "twice"
    twice.mkdir()
    (confirmed,) = _history(twice, {"mlp": [1.0, 1.01, 0.99, 1.0, 1.0, 1.08, 1.08]})["mlp"]
    assert confirmed["verdict"] == "regression" and confirmed["change_point_run"] == "night-6", confirmed
    faster = tmp_path / "faster"
    faster.mkdir()
    (sped,) = _history(faster, {"mlp": [1.0, 1.01, 0.99, 1.0, 1.0, 0.92]})["mlp"]
    assert sped["verdict"] == "inconclusive" and sped["reason"].startswith("×0.92 faster in the latest run alone"), sped
