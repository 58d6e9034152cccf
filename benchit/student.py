"""Student's t distribution, without scipy at run time (tests/judge/test_stats.py checks it against scipy):
the one source of t quantiles for the intervals of measure/timing.py and the tests of judge/stats.py."""

from __future__ import annotations

import functools
import math
import statistics


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_sf2(t: float, df: float) -> float:
    """Two-sided p-value of Student's t with ``df`` degrees of freedom: P(|T| >= |t|)."""
    if math.isnan(t):
        return 1.0
    if math.isinf(t):
        return 0.0
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


def _t_pdf(t: float, df: float) -> float:
    return math.exp(
        math.lgamma((df + 1.0) / 2.0) - math.lgamma(df / 2.0) - 0.5 * math.log(df * math.pi)
        - (df + 1.0) / 2.0 * math.log1p(t * t / df)
    )  # fmt: skip


@functools.lru_cache(maxsize=1024)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile (p > 0.5) of Student's t with ``df`` degrees of freedom: Newton's method
    from the normal quantile (the tail is convex and decreasing, so each step stays below the
    root: a few steps, where bisection took dozens; ``benchit history`` asks for thousands), else
    by bisection."""
    tail = 2.0 * (1.0 - p)
    t = statistics.NormalDist().inv_cdf(p)
    for _ in range(100):
        step = (t_sf2(t, df) - tail) / (2.0 * _t_pdf(t, df))
        if not math.isfinite(step):
            break
        if abs(step) <= 1e-12 * t:  # converged (a last step may be a rounding below zero)
            return t + step
        if step < 0.0:
            break
        t += step
    low, high = 0.0, 1.0
    while t_sf2(high, df) > tail:
        high *= 2.0
    for _ in range(200):
        mid = (low + high) / 2.0
        low, high = (mid, high) if t_sf2(mid, df) > tail else (low, mid)
        if high - low < 1e-12 * high:
            break
    return (low + high) / 2.0
