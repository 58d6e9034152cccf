"""A run's shift (``benchit.history.shifts``): a machine that drifts between runs moves every series
of a run together; ``benchit history`` reads that from the zoo and judges each series net of it."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import shutil
import statistics
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, rewrite_results, run_benchit, with_rounds, write_script

from benchit.history.query import Points
from benchit.history.shifts import MAX_SHIFT, MIN_SCRIPTS, Group, shifts

CPU: Group = ("m1", "cpu")


def _series(
    levels: dict[str, list[float]], software: str = "a"
) -> tuple[dict[int, Points], dict[int, Any], dict[int, str]]:
    """Points of one series per entry (``script`` or ``script#n`` for another series of one script),
    its medians one per run (runs 1, 2, ...), 1% noise; the members and fingerprints ``shifts`` reads."""
    rng = random.Random(7)
    points, members = {}, {}
    for sid, (name, medians) in enumerate(levels.items(), 1):
        runs = list(range(1, len(medians) + 1))
        noisy = [m * rng.lognormvariate(0.0, 0.005) for m in medians]
        points[sid] = Points(list(range(sid * 100, sid * 100 + len(runs))), runs, noisy, [True] * len(runs))
        members[sid] = (CPU, name.split("#")[0])
    runs = len(next(iter(levels.values())))
    return points, members, {r: software for r in range(1, runs + 1)}


DRIFT = [0.95, 0.96, 0.95, 0.96, 0.99, 1.0, 1.05, 1.06, 1.04, 1.08]  # a machine slowing over a night's runs


def _factors(found: dict[tuple[int, Group], Any], runs: int) -> list[float | None]:
    return [found[(r, CPU)].factor if (r, CPU) in found else None for r in range(1, runs + 1)]


def test_a_drift_every_script_shares_is_read_and_one_scripts_step_is_not() -> None:
    levels = {f"s{i}.py": [(i + 1) * d for d in DRIFT] for i in range(8)}
    levels["s0.py"] = [d * (1.5 if r >= 7 else 1.0) for r, d in enumerate(DRIFT)]  # stepped at run 8
    found = shifts(*_series(levels))
    centre = statistics.median(DRIFT)
    assert _factors(found, 10) == pytest.approx([d / centre for d in DRIFT], rel=0.01)
    assert {s.scripts for s in found.values()} == {8}


def test_a_script_counts_once_however_many_series_it_has() -> None:
    """Six runtimes of one script 1.2x slower at run 5, five other scripts steady: no shift."""
    levels = {f"s{i}.py": [float(i + 1)] * 6 for i in range(MIN_SCRIPTS)}
    levels.update({f"many.py#{n}": [1.0] * 4 + [1.2, 1.2] for n in range(6)})
    found = shifts(*_series(levels))
    assert _factors(found, 6) == pytest.approx([1.0] * 6, abs=0.01)
    assert {s.scripts for s in found.values()} == {MIN_SCRIPTS + 1}


def test_too_few_scripts_read_no_shift() -> None:
    levels = {f"s{i}.py": [(i + 1) * d for d in DRIFT] for i in range(MIN_SCRIPTS - 1)}
    assert shifts(*_series(levels)) == {}


def test_a_new_software_that_moves_every_series_is_kept() -> None:
    """Runs 6-10 of another torch, every script 1.2x slower in them: each software's runs are
    read apart, so no shift takes that step away."""
    levels = {f"s{i}.py": [float(i + 1)] * 5 + [1.2 * (i + 1)] * 5 for i in range(6)}
    points, members, fingerprints = _series(levels)
    fingerprints.update({r: "b" for r in range(6, 11)})
    assert _factors(shifts(points, members, fingerprints), 10) == pytest.approx([1.0] * 10, abs=0.01)


def test_a_run_beyond_the_largest_shift_is_left_as_it_is() -> None:
    levels = {f"s{i}.py": [float(i + 1)] * 5 + [(i + 1) * (1.0 + MAX_SHIFT + 0.1)] for i in range(6)}
    found = _factors(shifts(*_series(levels)), 6)
    assert found[:5] == pytest.approx([1.0] * 5, abs=0.01) and found[5] is None


# Through the real commands: one scan of five scripts, copied as eight nights whose rounds are set.
SCRIPTS = {f"lin_{n}.py": n for n in (8, 16, 32, 64, 128)}
LINEAR = "import torch\ntorch.nn.Linear({n}, {n}).eval()(torch.randn(4, {n}))\n"
# The machine 8-10% slower from night 6 on; lin_128.py also does 1.5x the work from night 6.
NIGHTS = [1.0, 0.98, 1.01, 0.99, 1.0, 1.08, 1.1, 1.09]
STEPPED = "lin_128"


@pytest.fixture(scope="module")
def scan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("shifts")
    for name, n in SCRIPTS.items():
        write_script(root / "corpus", name, LINEAR.format(n=n))
    cache = root / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", root / "corpus", "--cache-dir", cache, *FAST,
                       "--runtime", "torch", "--threads", "1")  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return cache


def _history(scan: Path, tmp_path: Path, torch_from: int | None = None) -> dict[str, dict[str, Any]]:
    """Publish the eight nights (from night ``torch_from`` on, another torch) and read ``benchit history``."""
    db = f"sqlite:///{tmp_path / 'history.db'}"
    for n, drift in enumerate(NIGHTS, 1):
        night = Path(shutil.copytree(scan, tmp_path / f"night{n}"))

        def rewrite(result: Any, path: Path, n: int = n, drift: float = drift) -> Any:
            if result.stats is None:
                return result
            script = path.parts[-4].split("-")[0]
            level = 0.01 * SCRIPTS[f"{script}.py"] * drift * (1.5 if script == STEPPED and n >= 6 else 1.0)
            rounds = [level * f for f in (0.995, 1.005, 1.0, 0.998, 1.002)]
            result = with_rounds(dataclasses.replace(result, contended=False), rounds)
            stats = dataclasses.replace(result.stats, median_ms=statistics.median(rounds),
                                        median_ci_low_ms=min(rounds), median_ci_high_ms=max(rounds))  # fmt: skip
            environment = result.environment
            if torch_from is not None and n >= torch_from:
                environment = {**environment, "versions": {**environment["versions"], "torch": "2.99.0"}}
            return dataclasses.replace(result, stats=stats, finished=(result.finished or 0) + 86400 * n,
                                       environment=environment)  # fmt: skip

        assert rewrite_results(night, rewrite) == len(SCRIPTS)
        done = run_benchit("publish", night, "--db", db, "--run", f"night-{n}")
        assert done.returncode == 0, done.stdout + done.stderr
    out = tmp_path / "history.json"
    done = run_benchit("history", "--db", db, "--format", "json", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr
    return {Path(s["script"]).stem: s for s in json.loads(out.read_text())["series"]}


def test_history_judges_every_series_net_of_a_machine_that_slowed(scan: Path, tmp_path: Path) -> None:
    found = _history(scan, tmp_path)
    stepped = found.pop(STEPPED)
    assert stepped["verdict"] == "regression" and stepped["change_point_run"] == "night-6"
    assert stepped["ratio"] == pytest.approx(1.5, rel=0.03)
    for name, series in found.items():
        assert series["verdict"] == "no change" and series["change_point_run"] is None, (name, series)
        # The latest night's shift over its baseline's (nights 3-7, their median 1.01).
        assert series["machine_shift"] == pytest.approx(1.09 / 1.01, rel=0.01)
        assert series["reason"] == "machine ×1.08 slower in latest than in baseline (5 scripts); judged net of it"
        assert series["ratio"] == pytest.approx(1.0, abs=0.02)
        # Both medians as measured; the ratio net of the shift.
        assert series["latest_median_ms"] == pytest.approx(0.01 * SCRIPTS[f"{name}.py"] * 1.09, rel=0.01)
        assert series["baseline_median_ms"] == pytest.approx(0.01 * SCRIPTS[f"{name}.py"] * 1.01, rel=0.01)


def test_a_new_torch_that_slows_every_series_is_a_regression_of_each(scan: Path, tmp_path: Path) -> None:
    found = _history(scan, tmp_path, torch_from=6)
    assert {name: s["verdict"] for name, s in found.items()} == {Path(n).stem: "regression" for n in SCRIPTS}
    assert all(s["machine_shift"] is None for s in found.values())
    assert all("torch 2.14" in s["changed"] and "2.99.0" in s["changed"] for s in found.values())
    assert found["lin_8"]["ratio"] == pytest.approx(1.09, rel=0.03) and math.isclose(
        found[STEPPED]["ratio"], 1.5 * 1.09, rel_tol=0.03
    )


def test_a_result_net_of_its_shift_has_its_latency_and_its_generations_over_it() -> None:
    from benchit.history.shifts import netted

    item = {"median_ms": 2.0, "ci_low_ms": 1.8, "ci_high_ms": 2.2, "rounds": [2.0, 2.2], "contended": False,
            "info": {"ttft_stats": {"median_ms": 4.0, "rounds_ms": [4.0, 4.4]}, "tpot_stats": {"median_ms": 1.0},
                     "speed_probe_us": 120.0}}  # fmt: skip
    net = netted(item, 2.0)
    assert (net["median_ms"], net["ci_low_ms"], net["ci_high_ms"], net["rounds"]) == (1.0, 0.9, 1.1, [1.0, 1.1])
    assert net["info"]["ttft_stats"] == {"median_ms": 2.0, "rounds_ms": [2.0, 2.2]}
    assert net["info"]["tpot_stats"] == {"median_ms": 0.5} and net["info"]["speed_probe_us"] == 120.0
    assert item["median_ms"] == 2.0 and item["info"]["ttft_stats"]["median_ms"] == 4.0  # the stored row as it was
