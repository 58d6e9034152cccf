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
MAX_POINTS = 200  # longer series are searched block by block (``last_change``)
PENALTY = 3.0  # times log(n), on medians scaled by their noise: a little above BIC's 2 log n


@dataclass(frozen=True)
class ChangePoint:
    """The last change of level: the index of its first point, and the level after over the level before."""

    index: int
    ratio: float


def _noise(logs: Any) -> float:
    """The run-to-run noise of a series, robust to the level shifts themselves: the median
    absolute successive difference, scaled to a standard deviation (1.4826 / sqrt 2)."""
    import numpy as np

    mad = float(np.median(np.abs(np.diff(logs)))) if len(logs) > 1 else 0.0
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
    """The last change point of a series of medians (ms), or None when its level never moved.

    PELT here costs the square of the series' length (a millisecond at 500 runs), so a series
    longer than ``MAX_POINTS`` is searched as the medians of blocks of consecutive runs (the last
    block ending at the latest run), and the change found between two blocks is then placed at
    the run, within a block either side, that best splits its two segments."""
    if len(medians) < 2 * MIN_SIZE:
        return None
    import numpy as np

    logs = np.log(np.asarray(medians, dtype=np.float64))
    n = len(logs)
    k = -(-n // MAX_POINTS)  # runs per block
    bounds = np.arange(n % k, n + 1, k) if k > 1 else np.arange(n + 1)
    if bounds[0] != 0:
        bounds = np.concatenate(([0], bounds))
    if k > 1:  # whole blocks of k runs ending at the latest, and the first few runs left over as one
        whole = np.median(logs[n % k :].reshape(-1, k), axis=1)
        blocks = np.concatenate(([np.median(logs[: n % k])], whole)) if n % k else whole
    else:
        blocks = logs
    cuts = [0, *_breaks((blocks / _noise(blocks)).reshape(-1, 1), PENALTY * math.log(len(blocks)))]
    if len(cuts) < 3:  # only the end: no change
        return None
    start, index = int(bounds[cuts[-3]]), int(bounds[cuts[-2]])
    if k > 1:
        index = _refine(logs, start, index, k)
    return ChangePoint(index, math.exp(float(logs[index:].mean() - logs[start:index].mean())))


def _refine(logs: Any, start: int, guess: int, k: int) -> int:
    """The split of ``logs[start:]`` within ``k`` runs of ``guess`` with the least squared error
    about the two segments' means (by cumulative sums)."""
    import numpy as np

    segment = logs[start:]
    n = len(segment)
    first, last = max(MIN_SIZE, guess - start - k), min(n - MIN_SIZE, guess - start + k)
    if first > last:
        return guess
    sums, squares = np.cumsum(segment), np.cumsum(segment * segment)
    at = np.arange(first, last + 1)
    left = squares[at - 1] - sums[at - 1] ** 2 / at
    right = (squares[-1] - squares[at - 1]) - (sums[-1] - sums[at - 1]) ** 2 / (n - at)
    return start + int(at[int(np.argmin(left + right))])
