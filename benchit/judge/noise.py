"""A machine's noise floor in a verdict: a change smaller than the floor is no change."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from benchit.floor import band_sd, inside, percent, usable
from benchit.judge.comparable import positive
from benchit.judge.stats import CONFIDENCE, Change
from benchit.judge.verdicts import CompareVerdict
from benchit.nested import Drift, sample_variance
from benchit.student import t_quantile

# What a floor's variance is worth as a prior, in degrees of freedom: a scan's short calibration is
# the sample spread of 3 processes (2), ``benchit calibrate``'s the median absolute deviation of 8
# (a MAD is about 37% as efficient as a standard deviation for normal data: 0.37 x 7, about 2.6).
DRIFT_DF = 2.0


def drift(floor: float | None) -> Drift | None:
    """The between-process variance of a log median that the floor was measured from
    (``floor.band_sd``), as the prior of a verdict's between-pass variance (``nested.Drift``);
    None for a floor that is not used (``usable``)."""
    if not usable(floor):
        return None
    assert floor is not None
    return Drift(band_sd(floor) ** 2, DRIFT_DF)


# A history series' own spread from run to run is judged from this many earlier runs on.
MIN_SERIES_RUNS = 5


def machine_noise(floor: float) -> str:
    """What a machine's floor is, in a reason: ``this machine's run-to-run noise, ±7.3%``."""
    return f"this machine's run-to-run noise, {percent(floor)}"


def series_noise(band: float, runs: int) -> str:
    """What a series' band is, in a reason: ``this series' run-to-run spread over 9 runs, ±21.0%``."""
    return f"this series' run-to-run spread over {runs} runs, {percent(band)}"


def series_band(run_medians: Sequence[Any]) -> float | None:
    """How far one more run of a series strays from the level of its earlier runs, 95%: the
    prediction interval of a new run's log median from ``run_medians`` (at least
    ``MIN_SERIES_RUNS`` positive ones), exp(t(0.975, n - 1) * s * sqrt(1 + 1/n)) - 1, s the
    standard deviation of their logs. A model drifts between runs by its own measure: on the
    2-vCPU Intel VM an unchanged 2 ms convolution read 2.5 to 3.7 ms over ten scans while the
    machine's canaries spread ±15%. None with fewer runs."""
    logs = [math.log(m) for m in run_medians if positive(m)]
    n = len(logs)
    if n < MIN_SERIES_RUNS:
        return None
    return math.exp(t_quantile(0.975, n - 1) * math.sqrt(sample_variance(logs) * (1.0 + 1.0 / n))) - 1.0


def reaches_noise(change: Change, noise: str) -> str:
    """Why a significant change beyond the floor is still inconclusive: its interval reaches into it."""
    return (
        f"×{change.ratio:.2f} measured, but its {CONFIDENCE:.0%} interval ×{change.ratio_low:.2f} to"
        f" ×{change.ratio_high:.2f} reaches into {noise}"
    )


def within_floor(change: Change, floor: float | None, noise: str | None = None) -> tuple[Change, str]:
    """``change`` judged against the machine's floor (the band [1/(1+floor), 1+floor] two runs of an
    unchanged model stay within on this machine, ``benchit calibrate``), and why:

    - a ratio inside the band is no significant change, ``within this machine's run-to-run noise,
      ±X%`` (``noise``: what the band is, when it is not the machine's floor), whether the
      rounds' test called it slower, faster or too noisy to tell;
    - a slower or faster ratio beyond the band is kept only when its whole interval is beyond it
      too: the floor is drift between runs that neither side's rounds can see, so a change is
      only shown to be the model's when it exceeds that drift with the test's confidence. One
      whose interval reaches into the band is inconclusive (``reaches_noise``). Without this, two
      scans of an unchanged model on a drifting machine cross the band's edge in about 1 pair of
      20 by construction, and a nightly gate over a zoo cries wolf every night.

    Everything else is left as it is, with no reason; so is everything where the floor is too
    wide to judge by (``floor.USABLE_LIMIT``), and a pair with no spread to test (no p-value)."""
    if not usable(floor) or change.p_value is None:
        return change, ""
    assert floor is not None
    noise = noise or machine_noise(floor)
    low, high = 1.0 / (1.0 + floor), 1.0 + floor
    judged = (CompareVerdict.SLOWER, CompareVerdict.FASTER, CompareVerdict.INCONCLUSIVE)
    if change.verdict in judged and inside(change.ratio, floor):
        return replace(change, verdict=CompareVerdict.SAME, reason=""), f"within {noise}"
    if change.verdict is CompareVerdict.SLOWER and change.ratio_low <= high:
        return replace(change, verdict=CompareVerdict.INCONCLUSIVE, reason=reaches_noise(change, noise)), ""
    if change.verdict is CompareVerdict.FASTER and change.ratio_high >= low:
        return replace(change, verdict=CompareVerdict.INCONCLUSIVE, reason=reaches_noise(change, noise)), ""
    return change, ""


def pair_floor(base: float | None, new: float | None) -> float | None:
    """The floor a pair measured on one machine is judged with: the larger of its sides' (either alone)."""
    known = [f for f in (base, new) if f is not None]
    return max(known) if known else None
