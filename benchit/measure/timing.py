"""The one timing loop every runtime and device shares: settle, measure, summarise.

A *timer* (``benchit.contracts.Timer``) owns only the innermost loop (``run(step, n)`` returns
``n`` per-iteration latencies in seconds): ``perf_counter_ns`` on the host, device events on
accelerators (``benchit.host``). Warm-up, stopping rules and statistics live here, once.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import math
import statistics
import time
from dataclasses import dataclass
from typing import Protocol

from benchit.config import TimingSettings
from benchit.contracts import Step, Timer
from benchit.host import collector_paused
from benchit.nested import nested
from benchit.records import Stats
from benchit.student import t_quantile

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


def kept_indices(n: int, limit: int = SAMPLES_KEPT) -> list[int]:
    """The ranks (0-based) of at most ``limit`` of ``n`` sorted samples, evenly drawn (the minimum
    and maximum always among them)."""
    if n <= limit:
        return list(range(n))
    return [round(i * (n - 1) / (limit - 1)) for i in range(limit)]


def _ms5(seconds: float) -> float:
    """Seconds in milliseconds, rounded to five significant digits (as samples are kept)."""
    return float(f"{seconds * 1000.0:.5g}")


def kept_samples(ordered: list[float], limit: int = SAMPLES_KEPT) -> tuple[float, ...]:
    """At most ``limit`` of the sorted latencies (seconds), evenly drawn by rank (the minimum and
    maximum always among them), in milliseconds rounded to five significant digits."""
    return tuple(_ms5(ordered[i]) for i in kept_indices(len(ordered), limit))


def rounds_half_width(medians: list[float]) -> float:
    """Half the width of the 95% t-interval of the mean of the rounds' medians (0 for one round):
    how far run-to-run drift alone may move the headline number."""
    n = len(medians)
    if n < 2:
        return 0.0
    return t_quantile(0.975, n - 1) * statistics.stdev(medians) / math.sqrt(n)


@dataclass(frozen=True)
class Round:
    """One round of one runtime: the latencies kept (seconds, in the order measured), how long it
    took, how many blocks were discarded as contended, and whether it had to keep them after all."""

    samples: list[float]
    elapsed_s: float
    discarded: int = 0
    contended: bool = False

    @functools.cached_property
    def centred(self) -> list[float]:
        """The samples over their median (``centred``), once: each later round pools them."""
        return centred(self.samples)


def centred(samples: list[float]) -> list[float]:
    """Samples over their median: one round's spread without its level, so that rounds that
    drifted apart pool into the spread of one run."""
    median = percentile(sorted(samples), 50) if samples else 0.0
    return [x / median for x in samples] if median > 0 else list(samples)


def pooled_centred(done: list[Round]) -> list[float]:
    """The ``centred`` samples of the rounds ``done``, for the next round's stopping rule."""
    return [x for r in done for x in r.centred]


def rounds_interval_met(done: list[Round], settings: TimingSettings) -> bool:
    """Whether the rounds' medians agree well enough: their t-interval (``rounds_half_width``)
    within ``ci_tolerance`` of their median (always, with fewer than 2 rounds)."""
    medians = [percentile(sorted(r.samples), 50) for r in done if r.samples]
    if len(medians) < 2:
        return True
    center = statistics.median(medians)
    return center <= 0 or rounds_half_width(medians) <= settings.ci_tolerance * center


def _reachable(done: list[Round], settings: TimingSettings, limit: int) -> bool:
    """Whether ``limit`` rounds in all could bring ``done``'s across-rounds interval within
    ``ci_tolerance``, if the rounds to come spread as these did: the half-width shrinks as
    t(0.975, N-1) / sqrt(N) for the same spread."""
    medians = [percentile(sorted(r.samples), 50) for r in done if r.samples]
    if len(medians) < 2 or limit <= len(medians):
        return False
    center = statistics.median(medians)
    projected = t_quantile(0.975, limit - 1) * statistics.stdev(medians) / math.sqrt(limit)
    return center > 0 and projected <= settings.ci_tolerance * center


def another_round(runs: list[list[Round]], settings: TimingSettings) -> bool:
    """Whether to measure one more round of every runtime in ``runs`` (each its rounds so far),
    after the ``settings.rounds`` asked for: while the across-rounds interval of some runtime is
    wider than ``ci_tolerance`` and more rounds like these could still narrow it enough, each has
    time for a round like its last within ``max_time_s``, and none has ``settings.max_rounds``
    (``--max-rounds``; none beyond ``rounds`` by default). All together, so that rounds stay
    paired. Rounds that disagree too much for the cap stop at once: more would cost time and end
    ``noisy`` all the same."""
    asked = max(1, settings.rounds)
    cap = max(asked, settings.max_rounds)
    if asked < 2 or not runs or any(len(done) < asked or len(done) >= cap for done in runs):
        return False
    if not all(sum(r.elapsed_s for r in done) + done[-1].elapsed_s <= settings.max_time_s for done in runs):
        return False

    def limit(done: list[Round]) -> int:  # the rounds it may still reach: the cap, or --max-time
        left = settings.max_time_s - sum(r.elapsed_s for r in done)
        per_round = max(done[-1].elapsed_s, 1e-9)
        return min(cap, len(done) + int(left / per_round))

    unmet = [done for done in runs if not rounds_interval_met(done, settings)]
    return any(_reachable(done, settings, limit(done)) for done in unmet)


def summarise(
    samples: list[float] | list[Round], warmup: Warmup | int, elapsed: float | None, ci_tolerance: float
) -> Stats:
    """Statistics of per-iteration latencies (seconds), in milliseconds: of plain samples (one
    round), or of ``Round``\\ s pooled (one pass; ``merge_passes`` joins passes).

    The median is that of all samples. Its confidence interval (``_interval``) is the wider, on
    each side, of the distribution-free interval of the pooled samples and of the rounds' interval
    on the log scale (``nested``), so that it covers run-to-run drift too and never reaches zero.
    ``noisy`` means the spread is too wide for the headline number: that interval reaches further
    than ``ci_tolerance`` of the median on either side.
    """
    if isinstance(warmup, int):
        warmup = Warmup(iterations=warmup, time_s=0.0, latency_s=0.0, settled=True)
    rounds = [s for s in samples if isinstance(s, Round)]
    if not rounds:
        rounds = [Round([float(x) for x in samples], elapsed or 0.0)]  # type: ignore[arg-type]
    tagged = sorted((x, i) for i, r in enumerate(rounds) for x in r.samples)
    ordered = [x for x, _ in tagged]
    n = len(ordered)
    mean = math.fsum(ordered) / n
    std = math.sqrt(math.fsum((x - mean) ** 2 for x in ordered) / (n - 1)) if n > 1 else 0.0
    medians = [percentile(sorted(r.samples), 50) for r in rounds if r.samples]
    kept = kept_indices(n)
    ms = 1000.0
    stats = Stats(
        iterations=n,
        mean_ms=mean * ms,
        median_ms=percentile(ordered, 50) * ms,
        median_ci_low_ms=0.0,
        median_ci_high_ms=0.0,
        min_ms=ordered[0] * ms,
        max_ms=ordered[-1] * ms,
        std_ms=std * ms,
        iqr_ms=(percentile(ordered, 75) - percentile(ordered, 25)) * ms,
        p90_ms=percentile(ordered, 90) * ms,
        p99_ms=percentile(ordered, 99) * ms,
        cv=std / mean if mean > 0 else 0.0,
        warmup_iterations=warmup.iterations,
        measure_time_s=sum(r.elapsed_s for r in rounds) if elapsed is None else elapsed,
        noisy=False,
        warmup_time_s=warmup.time_s,
        warmup_settled=warmup.settled,
        samples_ms=tuple(_ms5(ordered[i]) for i in kept),
        rounds_ms=tuple(_ms5(m) for m in medians) if len(rounds) > 1 else (),
        round_iterations=tuple(len(r.samples) for r in rounds) if len(rounds) > 1 else (),
        sample_rounds=tuple(tagged[i][1] for i in kept) if len(rounds) > 1 else (),
    )
    # The interval from every sample (the kept ones are a thinned copy of them).
    return _with_interval(stats, [x * ms for x in ordered], [m * ms for m in medians], (), ci_tolerance)


def _with_interval(
    stats: Stats, ordered_ms: list[float], medians_ms: list[float], passes: tuple[int, ...], ci_tolerance: float
) -> Stats:
    """``stats`` with its median's interval, between-pass spread and ``noisy`` flag: the wider, on
    each side, of the distribution-free interval of the samples ``ordered_ms`` and the median
    times exp(+-h), h the half-width of the rounds' level (``nested``: the log round medians
    ``medians_ms`` grouped by ``passes``). ``noisy``: that interval reaches further than
    ``ci_tolerance`` of the median on either side, or the passes' levels differ by more than it."""
    median = stats.median_ms
    low, high = median_ci(ordered_ms)
    between = None
    if len(medians_ms) > 1 and all(m > 0 for m in medians_ms) and median > 0:
        level = nested([math.log(m) for m in medians_ms], passes or None)
        h = level.half_width()
        low, high = min(low, median * math.exp(-h)), max(high, median * math.exp(h))
        between = level.between_cv
    half = max(median - low, high - median) / median if median > 0 else math.inf
    noisy = half > ci_tolerance or (between is not None and between > ci_tolerance)
    return dataclasses.replace(
        stats, median_ci_low_ms=low, median_ci_high_ms=high, noisy=noisy, between_pass_cv=between
    )


def _share(stats: Stats, count: int, first_round: int) -> list[tuple[float, int]]:
    """``count`` of the kept samples of ``stats`` (ms, sorted), evenly drawn by rank, each with its
    round (numbered from ``first_round``)."""
    kept = list(stats.samples_ms) or [stats.median_ms]
    rounds = list(stats.sample_rounds) if len(stats.sample_rounds) == len(kept) else [0] * len(kept)
    return [(kept[i], first_round + rounds[i]) for i in kept_indices(len(kept), max(1, count))]


def merge_passes(earlier: Stats, later: Stats, later_pass: int, ci_tolerance: float) -> Stats:
    """One result's statistics over its passes so far (``earlier``, whose rounds may be of several
    passes) and one more pass (``later``, numbered ``later_pass``): rounds, their medians and
    passes joined; counts and times summed; mean and standard deviation pooled exactly; min and
    max kept; the median and percentiles those of the kept samples, each pass drawing its share
    of ``SAMPLES_KEPT`` by its iterations (so each kept sample stands for as many iterations,
    whichever pass it came from); the interval hierarchical (``_with_interval``)."""
    def rounds_of(stats: Stats) -> tuple[tuple[float, ...], tuple[int, ...]]:
        if stats.rounds_ms:
            return stats.rounds_ms, stats.round_iterations or (0,) * len(stats.rounds_ms)
        return (stats.median_ms,), (stats.iterations,)

    before, before_n = rounds_of(earlier)
    after, after_n = rounds_of(later)
    passes = (earlier.round_passes or (0,) * len(before)) + (later_pass,) * len(after)
    n = earlier.iterations + later.iterations
    mean = (earlier.mean_ms * earlier.iterations + later.mean_ms * later.iterations) / n
    squares = sum(
        (s.iterations - 1) * s.std_ms**2 + s.iterations * (s.mean_ms - mean) ** 2 for s in (earlier, later)
    )
    std = math.sqrt(squares / (n - 1)) if n > 1 else 0.0
    share = round(SAMPLES_KEPT * earlier.iterations / n)
    tagged = sorted(_share(earlier, share, 0) + _share(later, SAMPLES_KEPT - share, len(before)))
    ordered = [x for x, _ in tagged]
    stats = Stats(
        iterations=n,
        mean_ms=mean,
        median_ms=percentile(ordered, 50),
        median_ci_low_ms=0.0,
        median_ci_high_ms=0.0,
        min_ms=min(earlier.min_ms, later.min_ms),
        max_ms=max(earlier.max_ms, later.max_ms),
        std_ms=std,
        iqr_ms=percentile(ordered, 75) - percentile(ordered, 25),
        p90_ms=percentile(ordered, 90),
        p99_ms=percentile(ordered, 99),
        cv=std / mean if mean > 0 else 0.0,
        warmup_iterations=earlier.warmup_iterations + later.warmup_iterations,
        measure_time_s=earlier.measure_time_s + later.measure_time_s,
        noisy=False,
        warmup_time_s=earlier.warmup_time_s + later.warmup_time_s,
        warmup_settled=earlier.warmup_settled and later.warmup_settled,
        samples_ms=tuple(ordered),
        rounds_ms=before + after,
        round_iterations=before_n + after_n,
        sample_rounds=tuple(r for _, r in tagged),
        round_passes=passes,
    )
    return _with_interval(stats, ordered, list(before + after), passes, ci_tolerance)


def _block(latency: float, seconds: float, cap: int) -> int:
    """Iterations that take about ``seconds`` at ``latency`` each (at least 1, at most ``cap``)."""
    return max(1, min(cap, int(seconds / max(latency, 1e-9))))


def _run(step: Step, timer: Timer, iterations: int) -> list[float]:
    with collector_paused():  # it may run between blocks instead: wall time, no sample
        return timer.run(step, iterations)


def warm_up(step: Step, timer: Timer, settings: TimingSettings, first_latency: float | None = None) -> Warmup:
    """Run ``step`` until its latency has settled: at least ``warmup_min_iterations``, and two
    successive blocks of ~``block_s`` whose medians agree within ``warmup_tolerance``; or
    until ``warmup_max_s`` has passed (then ``settled`` is False). ``first_latency``: the
    latency of the step's first call, made just before with nothing else run since (a lone
    runtime's first step, ``prepare.prepare``), which then sizes the first block in place of a
    call of the warm-up's own."""
    start = time.perf_counter()
    # The first call (allocations, lazy initialisation, kernel selection) only sizes the blocks;
    # it is never compared, so one slow call cannot make a block look settled.
    if first_latency is None:
        latency, done = _run(step, timer, 1)[0], 1
    else:
        latency, done = first_latency, 0
    previous = None
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


class BlockWatch(Protocol):
    """Watches each timed block (``measure.contention.BlockWatch``): ``end`` says whether the block
    since ``begin`` ran under contention, and so is to be discarded; ``end_round`` says whether
    the round kept those after all."""

    def begin(self) -> None: ...

    def end(self) -> bool: ...

    def end_round(self, kept_set_aside: bool) -> None: ...


def measure_round(
    step: Step,
    timer: Timer,
    settings: TimingSettings,
    latency: float,
    earlier: list[float] | None = None,
    earlier_s: float = 0.0,
    watch: BlockWatch | None = None,
    rounds_left: int = 0,
    reenter: bool = True,
) -> Round:
    """One of ``settings.rounds`` rounds of ``step``, after its warm-up (whose last block median
    ``latency`` sizes the first block): its share of the bounds (``min_iterations``, ``min_time_s``,
    ``max_time_s`` divided by the rounds), then until the median's 95% CI of the samples so far,
    each over its round's median (``earlier``: the earlier rounds' ``centred`` samples), is within
    ``ci_tolerance`` once scaled to the size it will have after the ``rounds_left`` still to come
    (as 1/sqrt(n)), or until its share of ``max_time_s``. A block ``watch`` judges contended is
    set aside and measured again (the minimums count quiet blocks only), within the round's share
    of ``max_time_s``; when fewer than the round's ``min_iterations`` were quiet, the set-aside
    samples are kept after all and the round is ``contended``. ``reenter``: another step ran
    since this one's last round, or its heap was given back (``rounds._round``)."""
    rounds = max(1, settings.rounds)
    min_iterations = math.ceil(settings.min_iterations / rounds)
    min_time, max_time = settings.min_time_s / rounds, settings.max_time_s / rounds
    earlier = earlier or []
    # ``reenter``: one untimed call, because the runtime measured before this one (interleaved)
    # left its own data in the caches, or the heap was given back, and the first call after pays.
    if reenter:
        _run(step, timer, 1)
    kept: list[float] = []
    set_aside: list[float] = []
    discarded = 0
    start = time.perf_counter()
    elapsed = quiet_s = 0.0  # all of the round, and the blocks kept
    while True:
        # Check the stopping rule after every block_s at first, then after 10% more time: sorting
        # a million samples of a fast model at every check would cost more than the model.
        seconds = max(settings.block_s, min(0.1 * (earlier_s + elapsed), max_time - elapsed))
        if quiet_s < min_time:  # end the block at the round's minimum, not up to a block beyond it
            seconds = min(seconds, max(min_time - quiet_s, 0.2 * settings.block_s))
        iterations = _block(latency, seconds, 1_000_000)
        if quiet_s >= min_time and len(kept) < min_iterations:  # nor beyond its minimum count
            # (a slow model's round: five rounds would each end up to a block past it), but never
            # shorter than block_s: a shorter block's contention reading says too little.
            iterations = min(iterations, max(min_iterations - len(kept), _block(latency, settings.block_s, 1_000_000)))
        if watch is not None:
            watch.begin()
        block = _run(step, timer, iterations)
        took = time.perf_counter() - start - elapsed
        if watch is not None and watch.end():
            set_aside += block
            discarded += 1
        else:
            kept += block
            quiet_s += took
        elapsed = time.perf_counter() - start
        if elapsed >= max_time:
            break
        if len(kept) >= min_iterations and quiet_s >= min_time:
            # The interval shrinks as 1/sqrt(n): judge it at the size it will have after the rounds
            # still to come, if each takes as many samples as this one; the last round makes sure.
            # Each round's samples over its own median: drift between rounds would widen the pooled
            # samples' interval, and measuring on would narrow what the across-rounds part of the
            # headline interval (``summarise``) outweighs anyway.
            pooled = len(earlier) + len(kept)
            projected = math.sqrt(pooled / (pooled + rounds_left * len(kept)))
            if ci_half_width(sorted(earlier + centred(kept))) * projected <= settings.ci_tolerance:
                break
        latency = elapsed / (len(kept) + len(set_aside))
    contended = len(kept) < min_iterations and bool(set_aside)
    if contended:
        kept += set_aside
    if watch is not None:
        watch.end_round(contended)
    return Round(kept, elapsed, discarded, contended)


def measure(step: Step, timer: Timer, settings: TimingSettings, watch: BlockWatch | None = None) -> Stats:
    """Warm up, then measure ``settings.rounds`` rounds one after another (``measure_round``):
    together at least ``min_iterations`` samples and ``min_time_s``, with the median's 95% CI
    within ``ci_tolerance``, or until ``max_time_s``; then more rounds while ``another_round``. (``bench`` interleaves the rounds of a
    model's runtimes instead, with the same two functions.)"""
    warmup = warm_up(step, timer, settings)
    gc.collect()  # start from a clean heap, so no collection is owed when the first block runs
    done: list[Round] = []
    rounds = max(1, settings.rounds)
    while len(done) < rounds or another_round([done], settings):
        earlier = pooled_centred(done)
        earlier_s = sum(r.elapsed_s for r in done)
        latency = earlier_s / len(earlier) if earlier else warmup.latency_s
        left = max(0, rounds - len(done) - 1)
        done.append(measure_round(step, timer, settings, latency, earlier, earlier_s, watch, left, False))
    return summarise(done, warmup, None, settings.ci_tolerance)


def overhead_ns(timer: Timer, iterations: int = 20_000) -> float:
    """benchit's own cost per iteration: the median latency of an empty step, in nanoseconds.

    This is what the timer adds to every sample (clock reads or event records, the call);
    it is recorded with each result, not subtracted.
    """

    def empty() -> None:
        return None

    _run(empty, timer, 1000)
    return percentile(sorted(_run(empty, timer, iterations)), 50) * 1e9
