"""Where a series' level last moved: PELT with the L2 (mean-shift) cost on log medians, through ruptures."""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.util
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


@functools.cache
def _pelt_l2() -> Callable[[Any, float, int], Any]:
    """ruptures' C implementation of PELT with the linear kernel (the L2 cost): its function takes
    (signal n x 1, penalty, min_size) and returns, for each end, the start of its last segment.
    Loaded from its extension module alone where it can be: ``import ruptures`` imports scipy.stats
    and matplotlib's helpers for its other methods, seconds of start-up that ``benchit history``
    (answering in 2 s over a million results) cannot spend. Otherwise through the package."""
    spec = importlib.util.find_spec("ruptures")
    if spec is not None and spec.origin:
        folder = Path(spec.origin).parent / "detection" / "_detection"
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = folder / f"ekcpd{suffix}"
            if path.is_file():
                try:
                    module_spec = importlib.util.spec_from_file_location("ruptures.detection._detection.ekcpd", path)
                    if module_spec is not None and module_spec.loader is not None:
                        module = importlib.util.module_from_spec(module_spec)
                        module_spec.loader.exec_module(module)
                        return module.ekcpd_pelt_L2
                except ImportError:
                    break
    from ruptures.detection.kernelcpd import ekcpd_pelt_L2

    return ekcpd_pelt_L2


def _breaks(signal: Any, penalty: float) -> list[int]:
    """The ends of the segments (the last is ``len(signal)``), as ``KernelCPD(kernel="linear").predict(pen=)``."""
    path = _pelt_l2()(signal, penalty, MIN_SIZE)
    ends, end = [], len(signal)
    while end > 0:
        ends.append(end)
        end = int(path[end])
    return ends[::-1]


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
