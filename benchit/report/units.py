"""How benchit shows a latency, its interval and a ratio's: one unit per row, three digits, no exponent, intervals as a factor."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from benchit.nested import level_df

# A latency's unit, by its size in milliseconds: the first whose limit it is under.
UNITS = ((1e-3, "ns", 1e6), (1.0, "µs", 1e3), (1e3, "ms", 1.0), (math.inf, "s", 1e-3))
MIN_ROUNDS = 3  # fewer: the interval across rounds has at most 1 degree of freedom (t(1) is 12.7 at 95%)
MIN_DF = MIN_ROUNDS - 1.0  # the same rule for rounds nested in passes (``nested.level_df``)
FEW_ROUNDS = "too few rounds for an interval"
PASSES_DISAGREE = "passes disagree: too few degrees of freedom for an interval"
TOO_WIDE = "interval unavailable: too wide (it reaches zero)"
# The same, in a narrow table's cell.
SHORT = {FEW_ROUNDS: "few rounds", PASSES_DISAGREE: "passes disagree", TOO_WIDE: "CI n/a"}


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def digits(value: float, significant: int = 3) -> str:
    """``value`` with ``significant`` digits in plain notation, never an exponent: 15.7, 0.0187, 1230."""
    if value == 0 or not math.isfinite(value):
        return "0" if value == 0 else str(value)
    decimals = max(0, significant - 1 - math.floor(math.log10(abs(value))))
    text = f"{value:.{decimals}f}"
    # Rounding may add a digit (9.996 -> 10.00): keep ``significant`` of them.
    if decimals and len(text.lstrip("-").replace(".", "").lstrip("0")) > significant:
        text = f"{value:.{decimals - 1}f}"
    return text


def unit(ms: float) -> tuple[str, float]:
    """The unit that suits a latency of ``ms`` milliseconds, and the factor from ms to it; a value
    that rounds up to the next unit (999.7 µs) takes that one (1.00 ms)."""
    for limit, name, scale in UNITS:
        if abs(ms) < limit and float(digits(abs(ms) * scale)) < limit * scale:
            return name, scale
    return UNITS[-1][1], UNITS[-1][2]


def duration(ms: Any) -> str:
    """A latency with three significant digits in the unit that suits it (``15.7 µs``); ``-`` for
    no number or a negative one: a latency is never below zero."""
    if not _finite(ms) or ms < 0:
        return "-"
    name, scale = unit(float(ms))
    return f"{digits(float(ms) * scale)} {name}"


def in_unit(ms: float, like: float) -> str:
    """``ms`` in the unit that suits ``like`` (a row's median), without the unit's name."""
    return digits(ms * unit(like)[1])


@dataclass(frozen=True)
class Interval:
    """A latency's 95% interval as shown: its factor (the interval is median / factor to median x
    factor, on the log scale), or why there is none."""

    median: float
    low: float | None
    high: float | None
    factor: float | None
    why: str = ""  # FEW_ROUNDS, PASSES_DISAGREE, TOO_WIDE, or nothing (no interval recorded, or one shown)

    @property
    def range_text(self) -> str:
        """``14.6–16.9 µs`` in the median's unit, or why not."""
        if self.factor is None or self.low is None or self.high is None:
            return self.why
        name = unit(self.median)[0]
        return f"{in_unit(self.low, self.median)}–{in_unit(self.high, self.median)} {name}"

    @property
    def factor_text(self) -> str:
        """``×/÷1.08``, or why not."""
        return self.why if self.factor is None else f"×/÷{factor(self.factor)}"

    @property
    def short(self) -> str:
        """``×/÷1.08``, or ``few rounds``, ``CI n/a`` for a narrow table's cell."""
        return self.factor_text if self.factor is not None else SHORT.get(self.why, self.why)


def interval(median: Any, low: Any, high: Any, rounds: Any = None, df: float | None = None) -> Interval | None:
    """The interval of a latency ``median`` recorded as ``low``..``high`` over ``rounds`` rounds
    (None: not known) whose level has ``df`` degrees of freedom (``nested.level_df``; None: not
    known); None when there is no median or no interval was recorded. Under MIN_ROUNDS rounds it
    is FEW_ROUNDS; under MIN_DF degrees of freedom (passes that disagree: their spread is the
    interval, with one degree of freedom) PASSES_DISAGREE, never a t(1) interval 12.7 times
    wide. A stored low bound at or below zero (a linear interval of an older cache) or not
    finite, is TOO_WIDE: a latency is never shown below zero."""
    if not _finite(median) or median <= 0 or low is None or high is None:
        return None
    if _finite(rounds) and rounds < MIN_ROUNDS:
        return Interval(median, None, None, None, FEW_ROUNDS)
    if df is not None and _finite(df) and df < MIN_DF:
        return Interval(median, None, None, None, PASSES_DISAGREE)
    if not (_finite(low) and _finite(high)) or low <= 0 or high < median or low > median:
        return Interval(median, None, None, None, TOO_WIDE)
    return Interval(median, float(low), float(high), max(high / median, median / low))


def factor(value: float) -> str:
    """A ratio's interval factor: 1.08, 1.006 (three digits after the point below 1.1, so that a
    tight interval is not shown as 1.00), 12.7."""
    return f"{value:.3f}" if value < 1.1 else digits(value)


def factor_of(ratio: Any, low: Any, high: Any) -> str:
    """A ratio's 95% interval ``low``..``high`` as a factor, ``×/÷1.006`` (the interval is exp of a
    log interval: ratio / factor to ratio x factor); nothing where it is not a positive interval
    around the ratio."""
    if not (_finite(ratio) and _finite(low) and _finite(high) and 0 < low <= ratio <= high):
        return ""
    return f"×/÷{factor(max(high / ratio, ratio / low))}"


def ratio_interval(ratio: Any, low: Any, high: Any) -> str:
    """A ratio with its 95% interval as a factor: ``1.933 ×/÷1.006``; ``-`` without a ratio."""
    if not _finite(ratio) or ratio <= 0:
        return "-"
    return f"{ratio:.3f} {factor_of(ratio, low, high)}".rstrip()


def speedup(value: Any) -> str:
    """A speed-up: ``1.52x``, ``0.873x``, ``1520x``; three digits, no exponent."""
    return f"{digits(float(value))}x" if _finite(value) and value > 0 else "-"


def row_interval(row: dict[str, Any]) -> Interval | None:
    """``interval`` of a report row's latency, its rounds nested in their passes."""
    rounds, passes = row.get("rounds_ms"), row.get("round_passes")
    df = level_df(rounds, passes if isinstance(passes, (list, tuple)) else ()) if isinstance(rounds, (list, tuple)) else None
    return interval(row.get("latency_median_ms"), row.get("latency_median_ci_low_ms"),
                    row.get("latency_median_ci_high_ms"), row.get("rounds"), df)  # fmt: skip
