"""The one timing loop every runtime and device shares: settle, measure, summarise.

A *timer* (``benchit.contracts.Timer``) owns only the innermost loop (``run(step, n)`` returns
``n`` per-iteration latencies in seconds): ``perf_counter_ns`` on the host, device events on
accelerators (``benchit.host``). Warm-up, stopping rules and statistics live here, once.
"""

from __future__ import annotations

import contextlib
import gc
import math
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from benchit.config import TimingSettings
from benchit.records import Stats

if TYPE_CHECKING:  # annotations only: config imports this module, and the contracts import config
    from benchit.contracts import Step, Timer

# Below this many samples the median's confidence interval comes from the exact binomial
# distribution; above it the normal approximation is within one rank of the exact answer.
EXACT_CI_LIMIT = 1000
# Per-iteration samples kept with each result: enough for rank tests and a bootstrap of the
# median, small enough for JSON (18.4 kB at five significant digits; benchmarks/compare_cost.py).
SAMPLES_KEPT = 2000


@dataclass(frozen=True)
class Warmup:
    """What the warm-up did: iterations run, how long, the last block median, and whether it settled."""

    iterations: int
    time_s: float
    latency_s: float
    settled: bool


def percentile(ordered: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of sorted data, interpolating linearly (numpy's default)."""
    if not ordered:
        raise ValueError("no samples")
    pos = (len(ordered) - 1) * q / 100.0
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def median_ci_ranks(n: int, confidence: float = 0.95) -> tuple[int, int]:
    """1-based ranks (j, n+1-j) of the order statistics that bound the median with at least
    ``confidence`` (distribution-free: the count of samples below the median is Binomial(n, 1/2)).

    Below 6 samples no pair of ranks reaches 95%, so the whole range is returned.
    """
    if n < 1:
        raise ValueError("no samples")
    alpha = (1.0 - confidence) / 2.0
    if n <= EXACT_CI_LIMIT:
        # Largest j with P(B <= j-1) <= alpha, summed exactly in integers.
        total, below, j = 2**n, 0, 0
        while j < n // 2:
            below += math.comb(n, j)
            if below / total > alpha:
                break
            j += 1
    else:
        z = statistics.NormalDist().inv_cdf(1.0 - alpha)
        j = math.floor((n + 1) / 2.0 - z * math.sqrt(n) / 2.0)
    j = max(1, j)
    return j, n + 1 - j


def median_ci(ordered: list[float], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free confidence interval of the median of sorted data."""
    low, high = median_ci_ranks(len(ordered), confidence)
    return ordered[low - 1], ordered[high - 1]


def ci_half_width(ordered: list[float]) -> float:
    """The wider side of the median's 95% CI, relative to the median (0.02 means +-2%)."""
    median = percentile(ordered, 50)
    low, high = median_ci(ordered)
    return max(median - low, high - median) / median if median > 0 else math.inf


def kept_samples(ordered: list[float], limit: int = SAMPLES_KEPT) -> tuple[float, ...]:
    """At most ``limit`` of the sorted latencies (seconds), evenly drawn by rank (the minimum and
    maximum always among them), in milliseconds rounded to five significant digits."""
    n = len(ordered)
    if n > limit:
        ordered = [ordered[round(i * (n - 1) / (limit - 1))] for i in range(limit)]
    return tuple(float(f"{x * 1000.0:.5g}") for x in ordered)


def summarise(samples: list[float], warmup: Warmup | int, elapsed: float, ci_tolerance: float) -> Stats:
    """Statistics of per-iteration latencies (seconds), in milliseconds.

    ``noisy`` means the spread is too wide for the headline number: the median's 95%
    confidence interval reaches further than ``ci_tolerance`` of the median on either side.
    """
    if isinstance(warmup, int):
        warmup = Warmup(iterations=warmup, time_s=0.0, latency_s=0.0, settled=True)
    ordered = sorted(samples)
    n = len(ordered)
    mean = math.fsum(ordered) / n
    std = math.sqrt(math.fsum((x - mean) ** 2 for x in ordered) / (n - 1)) if n > 1 else 0.0
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
        warmup_iterations=warmup.iterations,
        measure_time_s=elapsed,
        noisy=ci_half_width(ordered) > ci_tolerance,
        warmup_time_s=warmup.time_s,
        warmup_settled=warmup.settled,
        samples_ms=kept_samples(ordered),
    )


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """Keep Python's cyclic garbage collector out of timed blocks (as ``timeit`` does); it
    may run between blocks instead, where it costs wall time but no sample."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _block(latency: float, seconds: float, cap: int) -> int:
    """Iterations that take about ``seconds`` at ``latency`` each (at least 1, at most ``cap``)."""
    return max(1, min(cap, int(seconds / max(latency, 1e-9))))


def _run(step: Step, timer: Timer, iterations: int) -> list[float]:
    with _no_gc():
        return timer.run(step, iterations)


def warm_up(step: Step, timer: Timer, settings: TimingSettings) -> Warmup:
    """Run ``step`` until its latency has settled: at least ``warmup_min_iterations``, and two
    successive blocks of ~``block_s`` whose medians agree within ``warmup_tolerance``; or
    until ``warmup_max_s`` has passed (then ``settled`` is False)."""
    start = time.perf_counter()
    # The first call (allocations, lazy initialisation, kernel selection) only sizes the blocks;
    # it is never compared, so one slow call cannot make a block look settled.
    latency = _run(step, timer, 1)[0]
    done, previous = 1, None
    while True:
        block = _block(latency, settings.block_s, 10_000)
        current = percentile(sorted(_run(step, timer, block)), 50)
        done += block
        elapsed = time.perf_counter() - start
        settled = (
            previous is not None
            and done >= settings.warmup_min_iterations
            and abs(current - previous) <= settings.warmup_tolerance * previous
        )
        if settled or elapsed >= settings.warmup_max_s:
            return Warmup(iterations=done, time_s=elapsed, latency_s=current, settled=settled)
        previous = latency = current


def measure(step: Step, timer: Timer, settings: TimingSettings) -> Stats:
    """Warm up, then measure until at least ``min_iterations`` samples and ``min_time_s`` with
    the median's 95% CI within ``ci_tolerance``, or until ``max_time_s``."""
    warmup = warm_up(step, timer, settings)
    gc.collect()  # start from a clean heap, so no collection is owed when the first block runs
    samples: list[float] = []
    latency = warmup.latency_s
    start = time.perf_counter()
    elapsed = 0.0
    while True:
        # Check the stopping rule after every block_s at first, then after 10% more time: sorting
        # a million samples of a fast model at every check would cost more than the model.
        seconds = max(settings.block_s, min(0.1 * elapsed, settings.max_time_s - elapsed))
        samples += _run(step, timer, _block(latency, seconds, 1_000_000))
        elapsed = time.perf_counter() - start
        if elapsed >= settings.max_time_s:
            break
        if len(samples) >= settings.min_iterations and elapsed >= settings.min_time_s:
            if ci_half_width(sorted(samples)) <= settings.ci_tolerance:
                break
        latency = elapsed / len(samples)
    return summarise(samples, warmup, elapsed, settings.ci_tolerance)


def overhead_ns(timer: Timer, iterations: int = 20_000) -> float:
    """benchit's own cost per iteration: the median latency of an empty step, in nanoseconds.

    This is what the timer adds to every sample (clock reads or event records, the call);
    it is recorded with each result, not subtracted.
    """

    def empty() -> None:
        return None

    _run(empty, timer, 1000)
    return percentile(sorted(_run(empty, timer, iterations)), 50) * 1e9
