"""Where a series' level last moved: PELT with the L2 (mean-shift) cost on log medians, through ruptures."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MIN_SIZE = 2  # points on each side of a change: one odd run is noise, not a new level
PENALTY = 3.0  # times log(n), on medians scaled by their noise: a little above BIC's 2 log n


@dataclass(frozen=True)
class ChangePoint:
    """The last change of level: the index of its first point, and the level after over the level before."""

    index: int
    ratio: float


def _noise(logs: Sequence[float]) -> float:
    """The run-to-run noise of a series, robust to the level shifts themselves: the median
    absolute successive difference, scaled to a standard deviation (1.4826 / sqrt 2)."""
    diffs = sorted(abs(b - a) for a, b in zip(logs, logs[1:], strict=False))
    mad = diffs[len(diffs) // 2] if diffs else 0.0
    return max(mad * 1.0484, 1e-3)  # a floor: identical medians would make every wiggle a change


def last_change(medians: Sequence[float]) -> ChangePoint | None:
    """The last change point of a series of medians (ms), or None when its level never moved."""
    if len(medians) < 2 * MIN_SIZE:
        return None
    import numpy as np
    import ruptures

    logs = [math.log(m) for m in medians]
    signal = np.asarray(logs).reshape(-1, 1) / _noise(logs)
    bounds = (
        ruptures.KernelCPD(kernel="linear", min_size=MIN_SIZE).fit(signal).predict(pen=PENALTY * math.log(len(logs)))
    )
    cuts = [0, *[int(b) for b in bounds]]
    if len(cuts) < 3:  # only the end: no change
        return None
    start, index, end = cuts[-3], cuts[-2], cuts[-1]
    before = math.fsum(logs[start:index]) / (index - start)
    after = math.fsum(logs[index:end]) / (end - index)
    return ChangePoint(index, math.exp(after - before))
