"""Comparing round-level medians: Welch's and the paired t-test on their logs, ratio intervals, verdicts, geometric means."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from benchit.floor import inside, percent
from benchit.judge.verdicts import CompareVerdict
from benchit.nested import Drift, nested, sample_variance
from benchit.student import t_quantile, t_sf2

ALPHA = 0.05  # significance level of the test
CONFIDENCE = 0.95  # of the ratio's interval
WELCH = "welch-t on log round medians"
PAIRED = "paired-t on log round ratios"


@dataclass(frozen=True)
class Change:
    """NEW over BASE (the ratio of the geometric means of their round medians), its confidence
    interval, the test's p-value and the verdict."""

    ratio: float
    ratio_low: float
    ratio_high: float
    p_value: float | None
    verdict: CompareVerdict
    method: str  # WELCH, or PAIRED for rounds interleaved in one scan (``compare --by runtime``)
    reason: str = ""  # why the verdict is inconclusive (``NO_SPREAD``, ``too_noisy``), else empty

    def to_dict(self) -> dict[str, Any]:
        return {
            "ratio": self.ratio,
            "ratio_low": self.ratio_low,
            "ratio_high": self.ratio_high,
            "p_value": self.p_value,
            "verdict": self.verdict.value,
            "method": self.method,
            **({"reason": self.reason} if self.reason else {}),
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
            reason=str(data.get("reason") or ""),
        )


# -- the tests on round medians ---------------------------------------------------------------------
def _mean_var(values: Sequence[float]) -> tuple[float, float]:
    return math.fsum(values) / len(values), sample_variance(values)


def _interval(diff: float, se: float, df: float, confidence: float) -> tuple[float, float, float | None]:
    """exp(diff) with its t-interval, and the two-sided p-value of diff = 0 (None without a spread)."""
    if se == 0.0:  # every round identical on both sides (one sample each?): nothing to test against
        return math.exp(diff), math.exp(diff), None
    half = t_quantile(0.5 + confidence / 2.0, df) * se
    return math.exp(diff - half), math.exp(diff + half), t_sf2(diff / se, df)


NO_SPREAD = "no spread: every round's median is the same on each side (one sample per round?), so no interval"


def too_noisy(ratio: float, low: float, high: float) -> str:
    """Why a change beyond the threshold that the test cannot tell from none is inconclusive."""
    return (
        f"too noisy to tell: ×{ratio:.2f} measured, but its {CONFIDENCE:.0%} interval "
        f"×{low:.2f} to ×{high:.2f} includes no change"
    )


def reaches_threshold(ratio: float, low: float, high: float, threshold: float) -> str:
    """Why a significant change beyond the threshold is still inconclusive: its interval reaches inside it."""
    return (
        f"×{ratio:.2f} measured, but its {CONFIDENCE:.0%} interval ×{low:.2f} to ×{high:.2f}"
        f" reaches inside the {percent(threshold)} threshold"
    )


def _judge(ratio: float, low: float, high: float, p: float | None, threshold: float) -> tuple[CompareVerdict, str]:
    """The verdict and, when inconclusive, why. Slower or faster when significant and the whole
    interval is beyond ``threshold``; no significant change when the ratio is within
    ``threshold`` (significant or not); inconclusive without a p-value (no spread to test against:
    a zero-width interval proves nothing), for a ratio beyond ``threshold`` that is not
    significant (a 2x measured between noisy sides is not "no change", it is a change the rounds
    cannot confirm), and for a significant one whose interval reaches inside ``threshold``: a
    change is only shown to be larger than the smallest one that counts when its interval is
    (``reaches_threshold``). Judged by the ratio alone, a result whose machine slowed for part of
    its rounds (an unchanged model's rounds read ×1.07 to ×1.43 of the baseline's, nothing in the
    guest saw why) read ×1.31, interval ×1.13 to ×1.51, and was a regression past a 25% threshold."""
    if p is None or not all(math.isfinite(v) for v in (ratio, low, high)):
        return CompareVerdict.INCONCLUSIVE, NO_SPREAD
    significant = p < ALPHA and (low > 1.0 or high < 1.0)
    beyond = not inside(ratio, threshold)
    if not beyond:
        return CompareVerdict.SAME, ""
    if not significant:
        return CompareVerdict.INCONCLUSIVE, too_noisy(ratio, low, high)
    if inside(low if ratio > 1.0 else high, threshold):
        return CompareVerdict.INCONCLUSIVE, reaches_threshold(ratio, low, high, threshold)
    return (CompareVerdict.SLOWER if ratio > 1.0 else CompareVerdict.FASTER), ""


def _logs(rounds: Sequence[float]) -> list[float]:
    if len(rounds) < 2 or not all(r > 0 and math.isfinite(r) for r in rounds):
        raise ValueError("needs at least 2 positive, finite round medians")
    return [math.log(r) for r in rounds]


def compare_rounds(
    base: Sequence[float],
    new: Sequence[float],
    threshold: float,
    confidence: float = CONFIDENCE,
    base_groups: Sequence[int] | None = None,
    new_groups: Sequence[int] | None = None,
    drift: Drift | None = None,
) -> Change:
    """The verdict on two sets of round medians (each round one process's steady state), after
    Kalibera & Jones: Welch's t-test on the logs of the round medians, each side's level and its
    variance nested (``benchit.nested``) where its rounds came from several passes (``*_groups``,
    the pass of each round; a history's baseline: the run of each), so that a drift between
    passes counts as the spread it is. The ratio is that of the two levels, with Welch's
    t-interval; slower (faster) when p < ALPHA and the whole interval is beyond ``threshold``
    (0.05 = 5%) that way (``_judge``). ``drift``: the machine's between-process variance
    (``judge.noise.drift``), the prior each side's between-pass variance is moderated towards."""
    x, y = nested(_logs(base), base_groups, drift), nested(_logs(new), new_groups, drift)
    sx, sy = x.variance, y.variance
    se = math.sqrt(sx + sy)
    # Welch-Satterthwaite over the two sides' own degrees of freedom; with one side without
    # spread, the other's.
    df = (sx + sy) ** 2 / ((sx**2 / x.df if sx else 0.0) + (sy**2 / y.df if sy else 0.0)) if se > 0 else 1.0
    ratio = math.exp(y.mean - x.mean)
    low, high, p = _interval(y.mean - x.mean, se, df, confidence)
    verdict, why = _judge(ratio, low, high, p, threshold)
    return Change(ratio, low, high, p, verdict, WELCH, why)


def paired_ratio(
    base: Sequence[float], new: Sequence[float], confidence: float = CONFIDENCE
) -> tuple[float, float, float, float | None]:
    """Round i of NEW over round i of BASE (rounds interleaved in one scan, so drift hits both
    alike): the geometric mean of the per-round ratios, its t-interval from the spread of their
    logs, and the p-value of no change. Pairs the first min(len) rounds."""
    n = min(len(base), len(new))
    logs = [b - a for a, b in zip(_logs(base[:n]), _logs(new[:n]), strict=True)]
    mean, var = _mean_var(logs)
    ratio = math.exp(mean)
    low, high, p = _interval(mean, math.sqrt(var / n), n - 1, confidence)
    return ratio, low, high, p


def compare_paired(base: Sequence[float], new: Sequence[float], threshold: float) -> Change:
    """The verdict on paired round medians (``paired_ratio``), with the rules of ``compare_rounds``."""
    ratio, low, high, p = paired_ratio(base, new)
    verdict, why = _judge(ratio, low, high, p, threshold)
    return Change(ratio, low, high, p, verdict, PAIRED, why)


# -- geometric means ----------------------------------------------------------------------------------
def geometric_mean(values: Iterable[float | None]) -> float | None:
    good = [v for v in values if v and v > 0 and math.isfinite(v)]
    return math.exp(math.fsum(math.log(v) for v in good) / len(good)) if good else None


@dataclass(frozen=True)
class GeoMean:
    """A geometric mean of ratios, how many it averaged, and how many it left out and why."""

    value: float | None
    count: int
    left_out: dict[str, int]  # why (``busy``, ``too few rounds``) -> how many

    @property
    def note(self) -> str:
        """``of 4; 2 left out: 1 busy, 1 too few rounds`` (``of 4`` when nothing was left out)."""
        text = f"of {self.count}"
        if self.left_out:
            whys = ", ".join(f"{n} {why}" for why, n in sorted(self.left_out.items()))
            text += f"; {sum(self.left_out.values())} left out: {whys}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "count": self.count, "left_out": dict(self.left_out)}


def geometric_mean_of(items: Iterable[tuple[float | None, str]]) -> GeoMean:
    """The geometric mean of the ratios whose reason is empty; the others (ratio, why) are left
    out and counted by why: a ratio that involves a contended result is not comparable."""
    used: list[float] = []
    left_out: Counter[str] = Counter()
    for value, why in items:
        if why:
            left_out[why] += 1
        elif value is None:
            left_out["no ratio"] += 1
        elif value == 0:
            left_out["zero"] += 1
        elif not math.isfinite(value):
            left_out["not finite"] += 1
        elif value < 0:
            left_out["negative"] += 1
        else:
            used.append(value)
    return GeoMean(geometric_mean(used), len(used), dict(left_out))
