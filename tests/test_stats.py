"""The comparison statistics: Mann-Whitney U against scipy, the bootstrap ratio interval, verdicts, kept samples."""

from __future__ import annotations

import numpy as np
import pytest

from benchit.measure.timing import kept_samples, summarise
from benchit.records import Stats
from benchit.report.stats import (
    CompareVerdict,
    bootstrap_medians,
    bootstrap_ratio_ci,
    compare_intervals,
    compare_samples,
    geometric_mean,
    mann_whitney_p,
)


def _latencies(median: float, spread: float, n: int, seed: int) -> np.ndarray:
    """Right-skewed latencies like a benchmark's: a floor plus a lognormal tail."""
    rng = np.random.default_rng(seed)
    return median * (1 - spread) + median * spread * rng.lognormal(0.0, 0.5, n)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mann_whitney_matches_scipy(seed: int) -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(seed)
    a = np.round(rng.normal(10, 1, 300), 1)  # rounding makes ties, which both must handle
    b = np.round(rng.normal(10.2, 1, 250), 1)
    expected = scipy_stats.mannwhitneyu(a, b, alternative="two-sided", method="asymptotic").pvalue
    assert mann_whitney_p(a, b) == pytest.approx(expected, rel=1e-9)


def test_mann_whitney_known_values() -> None:
    assert mann_whitney_p([1.0] * 10, [1.0] * 10) == 1.0  # all tied: no evidence at all
    assert mann_whitney_p(list(range(20)), list(range(100, 120))) < 1e-6


def test_identical_distributions_are_no_significant_change() -> None:
    for seed in range(5):
        base, new = _latencies(1.0, 0.05, 2000, seed), _latencies(1.0, 0.05, 2000, seed + 100)
        change = compare_samples(base, new, threshold=0.05)
        assert change.verdict is CompareVerdict.SAME, (seed, change)
        assert change.ratio == pytest.approx(1.0, abs=0.01)


def test_ten_percent_shift_with_tight_samples_is_slower_and_faster_back() -> None:
    base, new = _latencies(1.0, 0.02, 500, 0), _latencies(1.1, 0.02, 500, 1)
    slower = compare_samples(base, new, threshold=0.05)
    assert slower.verdict is CompareVerdict.SLOWER
    assert slower.ratio == pytest.approx(1.1, rel=0.01)
    assert slower.ratio_low < slower.ratio < slower.ratio_high
    assert slower.ratio_low > 1.05 and slower.p_value < 1e-6
    assert compare_samples(new, base, threshold=0.05).verdict is CompareVerdict.FASTER


def test_two_percent_shift_inside_noise_is_not_flagged() -> None:
    base, new = _latencies(1.0, 0.3, 300, 0), _latencies(1.02, 0.3, 300, 1)
    assert compare_samples(base, new, threshold=0.05).verdict is CompareVerdict.SAME


def test_significant_but_below_threshold_is_not_flagged() -> None:
    base, new = _latencies(1.0, 0.001, 2000, 0), _latencies(1.03, 0.001, 2000, 1)
    change = compare_samples(base, new, threshold=0.05)
    assert change.p_value < 1e-6 and change.verdict is CompareVerdict.SAME
    assert compare_samples(base, new, threshold=0.02).verdict is CompareVerdict.SLOWER


def test_bootstrap_interval_covers_the_true_ratio() -> None:
    low, high = bootstrap_ratio_ci(_latencies(2.0, 0.1, 1000, 3), _latencies(3.0, 0.1, 1000, 4))
    assert low < 1.5 < high and high - low < 0.05


def test_interval_fallback_without_samples() -> None:
    assert compare_intervals((1.0, 0.99, 1.01), (1.2, 1.19, 1.21), 0.05).verdict is CompareVerdict.SLOWER
    assert compare_intervals((1.0, 0.9, 1.1), (1.06, 0.95, 1.2), 0.05).verdict is CompareVerdict.SAME
    change = compare_intervals((2.0, 1.9, 2.1), (1.0, 0.95, 1.05), 0.05)
    assert change.verdict is CompareVerdict.FASTER and change.method == "ci-overlap" and change.p_value is None


def test_geometric_mean() -> None:
    assert geometric_mean([2.0, 0.5]) == pytest.approx(1.0)
    assert geometric_mean([4.0, 1.0, None, float("nan")]) == pytest.approx(2.0)
    assert geometric_mean([]) is None


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


def test_direct_bootstrap_medians_match_resampling() -> None:
    """Above DIRECT_LIMIT samples the medians are drawn from their order-statistic distribution;
    on ranks 0..n-1 its quantiles agree with brute-force resampling to within a rank or two."""
    n = 2001
    ranks = np.arange(n, dtype=float)
    direct = bootstrap_medians(ranks, np.random.default_rng(1), 20_000)
    brute = np.median(ranks[np.random.default_rng(2).integers(0, n, size=(20_000, n))], axis=1)
    quantiles = [2.5, 25, 50, 75, 97.5]
    assert np.abs(np.percentile(direct, quantiles) - np.percentile(brute, quantiles)).max() <= 2
    assert len(bootstrap_medians(ranks[:50], np.random.default_rng(0), 300)) == 300  # small: resampled
