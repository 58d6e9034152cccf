"""Issue 22, statistics edge cases: fewer than 2 samples or rounds, zero and non-finite medians
give ``inconclusive`` with the reason; the geometric mean says how many ratios it left out and why."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, run_benchit, write_script

from benchit.judge.comparable import why_inconclusive
from benchit.judge.stats import geometric_mean_of

# A host lock of these tests' own (it lives in the temporary folder): they never wait for another
# benchit measuring on a shared machine.
PRIVATE = {"TMPDIR": "/tmp/benchit-tests-trust"}
os.makedirs(PRIVATE["TMPDIR"], exist_ok=True)

MODEL = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n"


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("stats")
    write_script(root / "corpus", "m.py", MODEL)
    cache = root / "cache"
    done = run_benchit("benchmark", root / "corpus" / "m.py", "--cache-dir", cache, *FAST, "--rounds", "2", env=PRIVATE)
    assert done.returncode == 0, done.stdout + done.stderr
    out = root / "r.json"
    assert run_benchit("report", "--cache-dir", cache, "--format", "json", "-o", out).returncode == 0
    return json.loads(out.read_text())


def _compare(tmp_path: Path, report: dict[str, Any], base: dict[str, Any], new: dict[str, Any]) -> tuple[str, dict]:
    paths = []
    for name, change in (("base", base), ("new", new)):
        data = json.loads(json.dumps(report))
        for row in data["rows"]:
            row.update(contended=False, noisy=False, **change)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        paths.append(path)
    out = tmp_path / "cmp.json"
    done = run_benchit("compare", *paths, "--format", "json", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr
    (pair,) = json.loads(out.read_text())["comparison"]["pairs"]
    return done.stdout, pair


def test_one_sample_per_side_is_inconclusive_not_slower(tmp_path: Path, report: dict[str, Any]) -> None:
    """The review's case: one sample each, so every round is that sample: it printed
    ``1.119 [1.119, 1.119] slower``."""
    base = {"iterations": 1, "rounds_ms": [1.0, 1.0], "latency_median_ms": 1.0, "samples_ms": [1.0]}
    new = {"iterations": 1, "rounds_ms": [1.119, 1.119], "latency_median_ms": 1.119, "samples_ms": [1.119]}
    stdout, pair = _compare(tmp_path, report, base, new)
    assert pair["verdict"] == "inconclusive", pair
    assert "too few samples: 1 in base.json, 1 in new.json" in pair["reason"], pair
    assert "[1.119, 1.119]" not in stdout and " slower" not in stdout


def test_rounds_without_spread_are_inconclusive(tmp_path: Path, report: dict[str, Any]) -> None:
    base = {"iterations": 100, "rounds_ms": [1.0, 1.0], "latency_median_ms": 1.0}
    new = {"iterations": 100, "rounds_ms": [2.0, 2.0], "latency_median_ms": 2.0}
    _, pair = _compare(tmp_path, report, base, new)
    assert pair["verdict"] == "inconclusive" and pair["reason"].startswith("no spread: "), pair


def test_a_large_change_too_noisy_to_confirm_is_inconclusive_not_no_change(
    tmp_path: Path, report: dict[str, Any]
) -> None:
    """A measured x2 between sides whose rounds scatter by x2 themselves: neither ``slower`` nor
    ``no significant change`` (run 1 of benchmarks/verdicts_across_runs.py said the latter)."""
    base = {"iterations": 100, "rounds_ms": [1.0, 1.6, 0.7, 2.4], "latency_median_ms": 1.3}
    new = {"iterations": 100, "rounds_ms": [1.2, 3.9, 1.5, 4.4], "latency_median_ms": 2.7}
    stdout, pair = _compare(tmp_path, report, base, new)
    assert pair["verdict"] == "inconclusive", pair
    assert pair["reason"].startswith("too noisy to tell: ×1.8") and "includes no change" in pair["reason"], pair
    assert "no significant change" not in stdout and " slower" not in stdout, stdout


@pytest.mark.parametrize("median", [0.0, 0, -1.0])
def test_a_zero_or_negative_median_is_inconclusive(tmp_path: Path, report: dict[str, Any], median: float) -> None:
    base = {"iterations": 100, "rounds_ms": [1.0, 1.1], "latency_median_ms": 1.05}
    new = {"iterations": 100, "rounds_ms": [], "latency_median_ms": median}
    _, pair = _compare(tmp_path, report, base, new)
    assert pair["verdict"] == "inconclusive" and "no median" in pair["reason"], pair


@pytest.mark.parametrize("median", [math.nan, math.inf, 0.0, None])
def test_non_finite_medians_are_inconclusive_with_the_reason(median: float | None) -> None:
    good = {"latency_median_ms": 1.0, "rounds_ms": [1.0, 1.1], "iterations": 10}
    bad = {"latency_median_ms": median, "rounds_ms": [median] * 2 if median is not None else [], "iterations": 10}
    assert why_inconclusive((good, "A"), (bad, "B")).startswith("no median: "), median
    assert why_inconclusive((good, "A"), (good, "B")) == ""


def test_a_nan_median_in_a_compare_input_is_one_line_and_exit_2(tmp_path: Path, report: dict[str, Any]) -> None:
    data = json.loads(json.dumps(report))
    data["rows"][0]["latency_median_ms"] = math.nan
    bad = tmp_path / "nan.json"
    bad.write_text(json.dumps(data))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(report))
    done = run_benchit("compare", good, bad)
    assert done.returncode == 2 and "latency_median_ms" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_geometric_mean_says_what_it_left_out() -> None:
    mean = geometric_mean_of(
        [(2.0, ""), (8.0, ""), (0.0, ""), (math.inf, ""), (math.nan, ""), (None, ""), (3.0, "busy")]
    )
    assert mean.value == pytest.approx(4.0) and mean.count == 2
    assert mean.left_out == {"zero": 1, "not finite": 2, "no ratio": 1, "busy": 1}
    assert mean.note == "of 2; 5 left out: 1 busy, 1 no ratio, 2 not finite, 1 zero"
