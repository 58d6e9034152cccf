"""Comparing two sets of latency samples: Mann-Whitney U, a bootstrap CI of the ratio of medians, a verdict."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np

from benchit.report.verdict import CompareVerdict

ALPHA = 0.05  # significance level of the rank test
CONFIDENCE = 0.95  # of the ratio's interval
RESAMPLES = 1000


@dataclass(frozen=True)
class Change:
    """NEW's median over BASE's, its confidence interval, the test's p-value and the verdict."""

    ratio: float
    ratio_low: float
    ratio_high: float
    p_value: float | None
    verdict: CompareVerdict
    method: str  # "mann-whitney+bootstrap", or "ci-overlap" when a side has no samples

    def to_dict(self) -> dict[str, Any]:
        return {
            "ratio": self.ratio,
            "ratio_low": self.ratio_low,
            "ratio_high": self.ratio_high,
            "p_value": self.p_value,
            "verdict": self.verdict.value,
            "method": self.method,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Change:
        return cls(
            ratio=data["ratio"],
            ratio_low=data["ratio_low"],
            ratio_high=data["ratio_high"],
            p_value=data.get("p_value"),
            verdict=CompareVerdict(data["verdict"]),
            method=data["method"],
        )


def mann_whitney_p(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value of the Mann-Whitney U test (normal approximation with tie correction and
    continuity correction, as ``scipy.stats.mannwhitneyu(method="asymptotic")``)."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    n1, n2 = len(x), len(y)
    if n1 == 0 or n2 == 0:
        raise ValueError("no samples")
    both = np.concatenate([x, y])
    _, inverse, counts = np.unique(both, return_inverse=True, return_counts=True)
    # Average ranks: a tied group occupying ranks s+1..s+c gets s + (c + 1) / 2.
    starts = np.cumsum(counts) - counts
    ranks = (starts + (counts + 1) / 2.0)[inverse]
    u1 = ranks[:n1].sum() - n1 * (n1 + 1) / 2.0
    n = n1 + n2
    tie_term = float((counts**3 - counts).sum())
    sigma = math.sqrt(n1 * n2 / 12.0 * ((n + 1) - tie_term / (n * (n - 1)))) if n > 1 else 0.0
    if sigma == 0:
        return 1.0
    mu = n1 * n2 / 2.0
    u = max(u1, n1 * n2 - u1)
    z = (u - mu - 0.5) / sigma
    return min(1.0, 2.0 * (1.0 - NormalDist().cdf(z)))


# Above this many samples, bootstrap medians are drawn from their exact order-statistic distribution
# (normal approximation to the binomial) instead of by resampling: 1000x faster, same answer.
DIRECT_LIMIT = 200


def _erf(values: np.ndarray) -> np.ndarray:
    return np.frompyfunc(math.erf, 1, 1)(values).astype(float)


def bootstrap_medians(sample: Sequence[float], rng: np.random.Generator, resamples: int = RESAMPLES) -> np.ndarray:
    """Medians of ``resamples`` bootstrap resamples of ``sample``.

    A resample's k-th smallest value is ``x[j]`` (x sorted) for the smallest j where at least k of
    the n draws are <= x[j]; that count is Binomial(n, (j + 1) / n). So for large n the median's
    index is drawn directly from that distribution, without building the resamples.
    """
    x = np.sort(np.asarray(sample, dtype=float))
    n = len(x)
    if n <= DIRECT_LIMIT:
        return np.median(x[rng.integers(0, n, size=(resamples, n))], axis=1)
    p = np.arange(1, n + 1) / n
    k = (n + 1) / 2.0
    sd = np.sqrt(n * p * (1.0 - p))
    z = np.divide(k - 0.5 - n * p, sd, out=np.full(n, -np.inf), where=sd > 0)
    at_least_k = 0.5 * (1.0 - _erf(z / math.sqrt(2.0)))  # P(Binomial(n, p_j) >= k), rising in j
    return x[np.minimum(np.searchsorted(at_least_k, rng.random(resamples)), n - 1)]


def bootstrap_ratio_ci(
    base: Sequence[float],
    new: Sequence[float],
    confidence: float = CONFIDENCE,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of median(new) / median(base), resampling each side independently."""
    rng = np.random.default_rng(seed)
    mx, my = bootstrap_medians(base, rng, resamples), bootstrap_medians(new, rng, resamples)
    ratios = my / np.where(mx > 0, mx, np.nan)
    tail = (1.0 - confidence) / 2.0 * 100.0
    low, high = np.nanpercentile(ratios, [tail, 100.0 - tail])
    return float(low), float(high)


def _judge(ratio: float, significant: bool, threshold: float) -> CompareVerdict:
    if significant and ratio > 1.0 + threshold:
        return CompareVerdict.SLOWER
    if significant and ratio < 1.0 / (1.0 + threshold):
        return CompareVerdict.FASTER
    return CompareVerdict.SAME


def compare_samples(base: Sequence[float], new: Sequence[float], threshold: float) -> Change:
    """The verdict on two sets of latencies: slower (faster) when the rank test says the
    distributions differ (p < ALPHA), the ratio's bootstrap interval excludes 1, and the ratio of
    medians is beyond ``threshold`` (0.05 = 5%) the other way (1 / (1 + threshold) for faster)."""
    ratio = float(np.median(new) / np.median(base))
    low, high = bootstrap_ratio_ci(base, new)
    p = mann_whitney_p(base, new)
    significant = p < ALPHA and (low > 1.0 or high < 1.0)
    return Change(ratio, low, high, p, _judge(ratio, significant, threshold), "mann-whitney+bootstrap")


def compare_intervals(base: tuple[float, float, float], new: tuple[float, float, float], threshold: float) -> Change:
    """The fallback for results without samples: each side is (median, CI low, CI high); the
    change is significant when the two medians' 95% intervals do not overlap."""
    (bm, bl, bh), (nm, nl, nh) = base, new
    ratio = nm / bm
    low, high = nl / bh if bh > 0 else math.nan, nh / bl if bl > 0 else math.inf
    significant = nl > bh or nh < bl
    return Change(ratio, low, high, None, _judge(ratio, significant, threshold), "ci-overlap")


def geometric_mean(values: Sequence[float]) -> float | None:
    good = [v for v in values if v and v > 0 and math.isfinite(v)]
    return math.exp(math.fsum(math.log(v) for v in good) / len(good)) if good else None
