"""The comparison statistics: the t-tests on round medians against scipy, ratio intervals, verdicts, geometric means, kept samples."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest

from benchit.judge.stats import (
    PAIRED,
    WELCH,
    compare_paired,
    compare_rounds,
    geometric_mean,
    geometric_mean_of,
    paired_ratio,
)
from benchit.judge.verdicts import CompareVerdict
from benchit.measure.timing import kept_samples, summarise
from benchit.records import Stats
from benchit.student import t_quantile, t_sf2


def _latencies(median: float, spread: float, n: int, seed: int) -> np.ndarray:
    """Right-skewed latencies like a benchmark's: a floor plus a lognormal tail."""
    rng = np.random.default_rng(seed)
    return median * (1 - spread) + median * spread * rng.lognormal(0.0, 0.5, n)


def _rounds(median: float, spread: float, n: int, seed: int) -> list[float]:
    """Round medians drifting around ``median`` by a lognormal ``spread`` (run-to-run variation)."""
    return list(median * np.random.default_rng(seed).lognormal(0.0, spread, n))


def test_t_distribution_matches_scipy() -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    # Fractional degrees of freedom below 1 and far tails too: there the quantile's Newton steps
    # stop and bisection finds it.
    for df in (0.3, 0.5, 1, 1.5, 2, 3.7, 8, 30, 500):
        for t in (0.0, 0.3, 1.0, 2.5, 6.0, 40.0):
            assert t_sf2(t, df) == pytest.approx(2 * scipy_stats.t.sf(t, df), rel=1e-9, abs=1e-300)
        for p in (0.6, 0.9, 0.975, 0.995, 0.999999):
            assert t_quantile(p, df) == pytest.approx(scipy_stats.t.ppf(p, df), rel=1e-9)
        # Just above the median, Newton's first step overshoots (from df 1 on) and bisection finds it;
        # to 1e-8, as the tail 2(1 - p) is a difference of nearly equal numbers there.
        assert t_quantile(0.501, df) == pytest.approx(scipy_stats.t.ppf(0.501, df), rel=1e-8)
    # A t past any float's square (no tail left), an infinite one, and NaN (no evidence: p = 1).
    assert t_sf2(1e300, 3) == 0.0 and t_sf2(math.inf, 3) == 0.0 and t_sf2(-math.inf, 3) == 0.0
    assert t_sf2(math.nan, 3) == 1.0


def test_welch_on_log_round_medians_matches_scipy() -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    base, new = _rounds(1.0, 0.02, 5, 0), _rounds(1.1, 0.04, 7, 1)
    change = compare_rounds(base, new, threshold=0.05)
    expected = scipy_stats.ttest_ind(np.log(new), np.log(base), equal_var=False)
    assert change.p_value == pytest.approx(expected.pvalue, rel=1e-9)
    assert change.ratio == pytest.approx(math.exp(np.log(new).mean() - np.log(base).mean()))
    low, high = expected.confidence_interval(0.95)
    assert (change.ratio_low, change.ratio_high) == pytest.approx((math.exp(low), math.exp(high)), rel=1e-9)
    assert change.method == WELCH and change.verdict is CompareVerdict.SLOWER


def test_identical_round_distributions_are_no_significant_change() -> None:
    for seed in range(20):
        change = compare_rounds(_rounds(1.0, 0.015, 5, seed), _rounds(1.0, 0.015, 5, seed + 100), threshold=0.05)
        assert change.verdict is CompareVerdict.SAME, (seed, change)


def test_ten_percent_shift_over_rounds_is_slower_and_faster_back() -> None:
    base, new = _rounds(1.0, 0.015, 5, 0), _rounds(1.1, 0.015, 5, 1)
    slower = compare_rounds(base, new, threshold=0.05)
    assert slower.verdict is CompareVerdict.SLOWER
    assert slower.ratio_low < 1.1 < slower.ratio_high and slower.ratio_low > 1.03
    assert compare_rounds(new, base, threshold=0.05).verdict is CompareVerdict.FASTER


def test_thousands_of_tight_iterations_do_not_make_drift_significant() -> None:
    """Two runs whose iterations are tight but whose rounds drift by 3%: the round-level test sees
    the drift and cannot tell a 4% difference from none (an iteration-level test would call it
    slower); with a threshold above it, that is no change."""
    base, new = _rounds(1.0, 0.03, 5, 2), _rounds(1.04, 0.03, 5, 3)
    change = compare_rounds(base, new, threshold=0.02)
    assert change.verdict is CompareVerdict.INCONCLUSIVE and change.reason.startswith("too noisy to tell: ×1.0")
    assert compare_rounds(base, new, threshold=0.10).verdict is CompareVerdict.SAME


def test_a_large_change_the_rounds_cannot_confirm_is_inconclusive_not_no_change() -> None:
    """Twice as slow measured between two noisy sides (run 1 of benchmarks/verdicts_across_runs.py
    printed ``no significant change`` for a measured x2.06): not significant, so not ``slower``,
    and not ``no significant change`` either."""
    base, new = [1.0, 1.6, 0.7, 2.4], [1.2, 3.9, 1.5, 4.4]
    change = compare_rounds(base, new, threshold=0.05)
    assert change.ratio > 1.8 and change.ratio_low < 1.0 and change.p_value > 0.05
    assert change.verdict is CompareVerdict.INCONCLUSIVE
    assert change.reason == (
        f"too noisy to tell: ×{change.ratio:.2f} measured, but its 95% interval "
        f"×{change.ratio_low:.2f} to ×{change.ratio_high:.2f} includes no change"
    )
    assert compare_paired(base, [4.4, 1.5, 3.9, 1.2], threshold=0.05).verdict is CompareVerdict.INCONCLUSIVE
    near = compare_rounds(base, [1.02 * r for r in reversed(base)], threshold=0.05)
    assert near.verdict is CompareVerdict.SAME and near.reason == ""  # within the threshold: no change
    assert type(change).from_dict(json.loads(json.dumps(change.to_dict()))) == change


def test_significant_but_below_threshold_is_not_flagged() -> None:
    base, new = _rounds(1.0, 0.001, 10, 0), _rounds(1.03, 0.001, 10, 1)
    change = compare_rounds(base, new, threshold=0.05)
    assert change.p_value < 1e-6 and change.verdict is CompareVerdict.SAME
    assert compare_rounds(base, new, threshold=0.02).verdict is CompareVerdict.SLOWER


def test_a_significant_change_whose_interval_reaches_inside_the_threshold_is_inconclusive() -> None:
    """CI's history test, on this VM: an unchanged model's third scan was slowed for part of its
    rounds (×1.07 to ×1.43 of the first two scans', nothing in the guest saw why), and ×1.31 was
    called a regression past a 25% threshold. Its interval, ×1.13 to ×1.51, does not show a change
    larger than 25%; a real doubling, measured steadily, still does, and either way round."""
    base = [0.1786, 0.1815, 0.1805, 0.1795, 0.1794, 0.1801, 0.1791, 0.1801, 0.1792, 0.1793]
    slowed = [0.1927, 0.255, 0.2474, 0.2559, 0.2291]
    change = compare_rounds(base, slowed, threshold=0.25, base_groups=[0] * 5 + [1] * 5)
    assert change.p_value < 0.01 and 1.25 < change.ratio < 1.35 and 1.0 < change.ratio_low < 1.25
    assert change.verdict is CompareVerdict.INCONCLUSIVE
    assert change.reason == (
        f"×{change.ratio:.2f} measured, but its 95% interval ×{change.ratio_low:.2f} to"
        f" ×{change.ratio_high:.2f} reaches inside the ±25.0% threshold"
    )
    back = compare_rounds(slowed, base, threshold=0.25, new_groups=[0] * 5 + [1] * 5)
    assert back.verdict is CompareVerdict.INCONCLUSIVE and "reaches inside" in back.reason
    doubled = [0.3665, 0.3664, 0.3649, 0.364, 0.3653]
    assert compare_rounds(base, doubled, threshold=0.25).verdict is CompareVerdict.SLOWER
    assert compare_rounds(doubled, base, threshold=0.25).verdict is CompareVerdict.FASTER
    assert compare_paired(base[:5], slowed, threshold=0.25).verdict is CompareVerdict.INCONCLUSIVE


def test_rounds_without_spread_and_too_few_rounds() -> None:
    # No spread on either side (one sample per round): a zero-width interval proves nothing (issue 22).
    same = compare_rounds([1.0, 1.0], [1.0, 1.0], threshold=0.05)
    assert same.verdict is CompareVerdict.INCONCLUSIVE and same.p_value is None
    doubled = compare_rounds([1.0, 1.0], [2.0, 2.0], threshold=0.05)
    assert doubled.verdict is CompareVerdict.INCONCLUSIVE and doubled.ratio_low == doubled.ratio_high == 2.0
    with pytest.raises(ValueError):
        compare_rounds([1.0], [1.0, 1.1], threshold=0.05)
    with pytest.raises(ValueError):
        compare_rounds([1.0, 0.0], [1.0, 1.1], threshold=0.05)


def test_paired_rounds_match_scipy_and_cancel_shared_drift() -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    drift = np.array([1.0, 1.3, 0.8, 1.1, 0.9])  # the machine's state, shared by runtimes within a round
    base, new = list(2.0 * drift), list(1.0 * drift * np.array([1.0, 1.01, 0.99, 1.0, 1.02]))
    ratio, low, high, p = paired_ratio(base, new)
    logs = np.log(new) - np.log(base)
    assert ratio == pytest.approx(math.exp(logs.mean()))
    assert p == pytest.approx(scipy_stats.ttest_1samp(logs, 0.0).pvalue, rel=1e-9)
    half = scipy_stats.t.ppf(0.975, 4) * logs.std(ddof=1) / math.sqrt(5)
    assert (low, high) == pytest.approx((ratio * math.exp(-half), ratio * math.exp(half)), rel=1e-9)
    assert compare_paired(base, new, 0.05).verdict is CompareVerdict.FASTER
    assert compare_paired(base, new, 0.05).method == PAIRED
    # Unpaired, the rounds' shared drift (30%) widens the interval more than tenfold (in logs).
    unpaired = compare_rounds(base, new, 0.05)
    assert math.log(unpaired.ratio_high / unpaired.ratio_low) > 10 * math.log(high / low)


def test_geometric_mean() -> None:
    assert geometric_mean([2.0, 0.5]) == pytest.approx(1.0)
    assert geometric_mean([4.0, 1.0, None, float("nan")]) == pytest.approx(2.0)
    assert geometric_mean([]) is None
    mean = geometric_mean_of([(2.0, ""), (8.0, ""), (100.0, "busy"), (None, "too few rounds"), (50.0, "busy")])
    assert mean.value == pytest.approx(4.0) and mean.count == 2
    assert mean.left_out == {"busy": 2, "too few rounds": 1}
    assert mean.note == "of 2; 3 left out: 2 busy, 1 too few rounds"
    assert geometric_mean_of([(3.0, "")]).note == "of 1"


def test_kept_samples_are_bounded_evenly_drawn_and_round_trip() -> None:
    seconds = sorted(float(x) for x in _latencies(0.001, 0.1, 10_000, 0))
    kept = kept_samples(seconds)
    assert len(kept) == 2000
    assert kept[0] == pytest.approx(seconds[0] * 1000, rel=1e-4)
    assert kept[-1] == pytest.approx(seconds[-1] * 1000, rel=1e-4)
    assert np.median(kept) == pytest.approx(np.median(seconds) * 1000, rel=1e-3)
    assert len(kept_samples(seconds[:50])) == 50
    stats = summarise(seconds[:300], 0, 1.0, 0.02)
    assert len(stats.samples_ms) == 300
    again = Stats.from_dict(stats.to_dict())
    assert again == stats and isinstance(again.samples_ms, tuple)
    old = stats.to_dict()
    del old["samples_ms"]
    assert Stats.from_dict(old).samples_ms == ()  # a result written before samples were kept
    rounds = dataclasses.replace(stats, rounds_ms=(1.0, 1.1), round_iterations=(150, 150), sample_rounds=(0, 1) * 150)
    assert Stats.from_dict(json.loads(json.dumps(rounds.to_dict()))) == rounds
    assert Stats.from_dict(old).rounds_ms == () and Stats.from_dict(old).sample_rounds == ()  # before rounds
