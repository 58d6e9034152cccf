"""The one timing loop every runtime and device shares: settle, measure, summarise.

A *timer* owns only the innermost loop (``run(step, n)`` returns ``n`` per-iteration
latencies in seconds): ``perf_counter_ns`` on the host, device events on
accelerators. Warm-up, stopping rules and statistics live here, once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from benchit.model import Stats

Step = Callable[[], object]


class Timer(Protocol):
    def run(self, step: Step, iterations: int) -> list[float]:
        """Run ``step`` ``iterations`` times; return each iteration's latency in seconds."""


class HostTimer:
    """Times each iteration with ``time.perf_counter_ns`` (for CPU work, or work that syncs itself)."""

    def run(self, step: Step, iterations: int) -> list[float]:
        clock = time.perf_counter_ns
        samples = [0] * iterations
        for i in range(iterations):
            start = clock()
            step()
            samples[i] = clock() - start
        return [s * 1e-9 for s in samples]


@dataclass(frozen=True)
class TimingSettings:
    """How long to warm up and to measure; every bound is explicit and recorded."""

    warmup_min_iterations: int = 3
    warmup_tolerance: float = 0.05  # successive warm-up block medians agree within 5%
    warmup_max_s: float = 5.0
    min_iterations: int = 64
    min_time_s: float = 1.0
    max_time_s: float = 10.0
    ci_tolerance: float = 0.02  # stop once the median's 95% CI is within +-2%
    block_s: float = 0.05  # work between two checks of the stopping rule

    def to_dict(self) -> dict[str, float]:
        return dict(self.__dict__)


def percentile(ordered: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of sorted data, interpolating linearly."""
    if not ordered:
        raise ValueError("no samples")
    pos = (len(ordered) - 1) * q / 100.0
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def median_ci(ordered: list[float], z: float = 1.96) -> tuple[float, float]:
    """A distribution-free ~95% confidence interval of the median, from order statistics."""
    n = len(ordered)
    half = z * math.sqrt(n) / 2.0
    low = max(0, math.floor(n / 2.0 - half) - 1)
    high = min(n - 1, math.ceil(n / 2.0 + half) - 1)
    if n < 6:
        low, high = 0, n - 1
    return ordered[low], ordered[high]


def summarise(samples: list[float], warmup: int, elapsed: float, ci_tolerance: float) -> Stats:
    """Statistics of per-iteration latencies (seconds) in milliseconds; ``noisy`` when the
    median's confidence interval is wider than ``ci_tolerance`` of the median."""
    ordered = sorted(samples)
    n = len(ordered)
    mean = sum(ordered) / n
    std = math.sqrt(sum((x - mean) ** 2 for x in ordered) / (n - 1)) if n > 1 else 0.0
    median = percentile(ordered, 50)
    low, high = median_ci(ordered)
    ms = 1000.0
    return Stats(
        iterations=n,
        mean_ms=mean * ms,
        median_ms=median * ms,
        median_ci_low_ms=low * ms,
        median_ci_high_ms=high * ms,
        min_ms=ordered[0] * ms,
        max_ms=ordered[-1] * ms,
        std_ms=std * ms,
        iqr_ms=(percentile(ordered, 75) - percentile(ordered, 25)) * ms,
        p90_ms=percentile(ordered, 90) * ms,
        p99_ms=percentile(ordered, 99) * ms,
        cv=std / mean if mean > 0 else 0.0,
        warmup_iterations=warmup,
        measure_time_s=elapsed,
        noisy=median > 0 and max(median - low, high - median) > ci_tolerance * median,
    )


def _block(latency: float, settings: TimingSettings, cap: int) -> int:
    return max(1, min(cap, int(settings.block_s / max(latency, 1e-9))))


def warm_up(step: Step, timer: Timer, settings: TimingSettings) -> tuple[int, float]:
    """Run ``step`` until latency settles; return (iterations run, last block median)."""
    start = time.perf_counter()
    done, previous, block = 0, None, 1
    while True:
        latencies = sorted(timer.run(step, block))
        done += block
        current = percentile(latencies, 50)
        settled = previous is not None and abs(current - previous) <= settings.warmup_tolerance * previous
        if (settled and done >= settings.warmup_min_iterations) or time.perf_counter() - start > settings.warmup_max_s:
            return done, current
        previous = current
        block = _block(current, settings, 10_000)


def measure(step: Step, timer: Timer, settings: TimingSettings) -> Stats:
    """Warm up, then measure until enough samples, enough time and a tight median, or the time cap."""
    warmup, latency = warm_up(step, timer, settings)
    samples: list[float] = []
    start = time.perf_counter()
    while True:
        samples += timer.run(step, _block(latency, settings, 100_000))
        elapsed = time.perf_counter() - start
        if elapsed >= settings.max_time_s:
            break
        if len(samples) >= settings.min_iterations and elapsed >= settings.min_time_s:
            ordered = sorted(samples)
            median = percentile(ordered, 50)
            low, high = median_ci(ordered)
            if max(median - low, high - median) <= settings.ci_tolerance * median:
                break
        latency = elapsed / len(samples)
    return summarise(samples, warmup, elapsed, settings.ci_tolerance)


def overhead_ns(timer: Timer, iterations: int = 20_000) -> float:
    """benchit's own cost per iteration: the median latency of an empty step, in nanoseconds."""

    def empty() -> None:
        return None

    timer.run(empty, 1000)
    return percentile(sorted(timer.run(empty, iterations)), 50) * 1e9
