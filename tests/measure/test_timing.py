"""The statistics and the stopping rules of the shared timing loop, against known samples and a fake clock."""

from __future__ import annotations

import gc
import itertools
import math
import random
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from benchit.config import TimingSettings
from benchit.host import HostTimer
from benchit.measure import timing
from benchit.measure.timing import (
    Warmup,
    ci_half_width,
    measure,
    median_ci,
    median_ci_ranks,
    merge_passes,
    overhead_ns,
    percentile,
    summarise,
)
from benchit.records import Stats


# -- percentiles ---------------------------------------------------------------------------
@pytest.mark.parametrize("q", [0, 1, 25, 50, 75, 90, 99, 100])
@pytest.mark.parametrize("n", [1, 2, 7, 100, 1001])
def test_percentile_matches_numpy(q: float, n: int) -> None:
    data = sorted(random.Random(n).lognormvariate(0, 1) for _ in range(n))
    assert percentile(data, q) == pytest.approx(float(np.percentile(data, q)), rel=1e-12)


def test_percentile_known_values() -> None:
    data = [float(x) for x in range(1, 101)]
    assert percentile(data, 50) == 50.5
    assert percentile(data, 90) == pytest.approx(90.1)
    assert percentile(data, 99) == pytest.approx(99.01)
    assert percentile([3.0], 99) == 3.0
    with pytest.raises(ValueError):
        percentile([], 50)


# -- the median's confidence interval -------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "ranks"),
    # Exact distribution-free 95% intervals from binomial tables (e.g. Conover, Practical
    # Nonparametric Statistics, table A3): below 6 samples no interval reaches 95%.
    [(1, (1, 1)), (5, (1, 5)), (6, (1, 6)), (10, (2, 9)), (20, (6, 15)), (50, (18, 33)), (100, (40, 61))],
)
def test_median_ci_ranks_match_tables(n: int, ranks: tuple[int, int]) -> None:
    assert median_ci_ranks(n) == ranks


def _coverage(n: int, j: int) -> float:
    """Probability that [x(j), x(n+1-j)] contains the true median."""
    return 1.0 - 2.0 * sum(math.comb(n, i) for i in range(j)) / 2**n


@pytest.mark.parametrize("n", [6, 7, 13, 64, 65, 200, 999, 1000])
def test_exact_ranks_are_the_tightest_with_95_percent_coverage(n: int) -> None:
    j, k = median_ci_ranks(n)
    assert k == n + 1 - j
    assert _coverage(n, j) >= 0.95
    assert _coverage(n, j + 1) < 0.95  # one rank tighter would not cover


@pytest.mark.parametrize("n", [1001, 2500, 10_000])
def test_normal_approximation_is_within_one_rank_of_exact(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    approximate = median_ci_ranks(n)
    monkeypatch.setattr(timing, "EXACT_CI_LIMIT", n)
    exact = median_ci_ranks(n)
    assert abs(approximate[0] - exact[0]) <= 1
    assert approximate[1] == n + 1 - approximate[0]


def test_median_ci_on_known_sample() -> None:
    data = [float(x) for x in range(1, 101)]
    assert median_ci(data) == (40.0, 61.0)
    assert ci_half_width(data) == pytest.approx((61.0 - 50.5) / 50.5)


# -- summarise and the noisy flag -------------------------------------------------------------
def test_summarise_known_sample() -> None:
    seconds = [x / 1000.0 for x in range(1, 101)]  # 1..100 ms
    stats = summarise(seconds, Warmup(iterations=7, time_s=0.5, latency_s=0.05, settled=True), 2.0, 0.02)
    ms = np.arange(1, 101, dtype=float)
    assert stats.iterations == 100
    assert stats.median_ms == pytest.approx(50.5)
    assert stats.mean_ms == pytest.approx(50.5)
    assert stats.min_ms == pytest.approx(1.0)
    assert stats.max_ms == pytest.approx(100.0)
    assert stats.std_ms == pytest.approx(float(np.std(ms, ddof=1)))
    assert stats.iqr_ms == pytest.approx(float(np.percentile(ms, 75) - np.percentile(ms, 25)))
    assert stats.p90_ms == pytest.approx(90.1)
    assert stats.p99_ms == pytest.approx(99.01)
    assert stats.cv == pytest.approx(float(np.std(ms, ddof=1) / np.mean(ms)))
    assert (stats.median_ci_low_ms, stats.median_ci_high_ms) == pytest.approx((40.0, 61.0))
    assert stats.warmup_iterations == 7 and stats.warmup_time_s == 0.5 and stats.warmup_settled
    assert stats.measure_time_s == 2.0
    assert stats.noisy  # the CI reaches 21% above the median, far beyond 2%


def test_noisy_flag_follows_the_ci_against_the_tolerance() -> None:
    # 101 samples: ranks 41 and 61 bound the median (51st); put them at exactly +-1% and +-3%.
    def sample(spread: float) -> list[float]:
        return [0.5] * 40 + [1.0 - spread] + [1.0] * 19 + [1.0 + spread] + [2.0] * 40

    assert median_ci_ranks(101) == (41, 61)
    tight, wide = sample(0.01), sample(0.03)
    assert ci_half_width(sorted(tight)) == pytest.approx(0.01)
    assert not summarise(tight, 0, 1.0, 0.02).noisy
    assert summarise(wide, 0, 1.0, 0.02).noisy
    assert not summarise(wide, 0, 1.0, 0.05).noisy  # the same spread is fine for a looser tolerance


def test_a_long_tail_alone_does_not_make_a_result_noisy() -> None:
    # 5% of samples 10x slower (interrupts, page faults): the median is still known tightly.
    data = [1.0 + 0.001 * (i % 7) for i in range(950)] + [10.0] * 50
    stats = summarise(data, 0, 1.0, 0.02)
    assert stats.p99_ms > 5 * stats.median_ms
    assert not stats.noisy


def test_few_samples_are_noisy_unless_they_agree() -> None:
    assert summarise([1.0, 1.5, 2.0], 0, 1.0, 0.02).noisy
    assert not summarise([1.0, 1.0, 1.0], 0, 1.0, 0.02).noisy


# -- the loop, on a fake clock ---------------------------------------------------------------
class FakeClock:
    """Stands in for ``time`` inside benchit.measure.timing: only the fake timer moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


class FakeTimer:
    """Returns latencies from ``sequence`` and advances the fake clock by them."""

    def __init__(self, clock: FakeClock, sequence: Iterator[float]):
        self.clock = clock
        self.sequence = sequence
        self.calls = 0

    def run(self, step: Callable[[], object], iterations: int) -> list[float]:
        out = [next(self.sequence) for _ in range(iterations)]
        self.calls += iterations
        self.clock.now += sum(out)
        return out


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(timing, "time", fake)
    return fake


SETTINGS = TimingSettings(
    warmup_min_iterations=5, warmup_max_s=1.0, min_iterations=64, min_time_s=0.5, max_time_s=3.0, ci_tolerance=0.02
)


def test_steady_latency_stops_after_min_time_with_a_tight_median(clock: FakeClock) -> None:
    timer = FakeTimer(clock, itertools.repeat(0.001))
    stats = measure(lambda: None, timer, SETTINGS)
    assert stats.warmup_settled
    assert stats.warmup_iterations >= SETTINGS.warmup_min_iterations
    assert stats.iterations >= SETTINGS.min_iterations
    assert SETTINGS.min_time_s <= stats.measure_time_s < SETTINGS.min_time_s + 2 * SETTINGS.block_s
    assert stats.median_ms == pytest.approx(1.0)
    assert not stats.noisy


def test_min_iterations_holds_for_slow_steps(clock: FakeClock) -> None:
    timer = FakeTimer(clock, itertools.repeat(0.02))  # 64 samples need 1.28 s > min_time
    stats = measure(lambda: None, timer, SETTINGS)
    assert stats.iterations >= 64
    assert stats.measure_time_s >= 64 * 0.02


def test_warm_up_waits_until_block_medians_agree(clock: FakeClock) -> None:
    # 10 ms at first, 10% faster every call until it levels off at 1 ms after 22 calls.
    sequence = (max(0.001, 0.01 * 0.9**i) for i in itertools.count())
    warmup = timing.warm_up(lambda: None, FakeTimer(clock, sequence), SETTINGS)
    assert warmup.settled
    assert warmup.latency_s == pytest.approx(0.001)
    assert warmup.iterations > 22  # it did not stop while latency was still falling


def test_a_first_step_just_made_sizes_the_warm_up_in_place_of_its_own_first_call(clock: FakeClock) -> None:
    slow = TimingSettings(warmup_max_s=0.1)  # as a status-only scan runs: one block, then stop
    own = FakeTimer(clock, itertools.repeat(1.0))  # a 1 s step: every block is one call
    assert timing.warm_up(lambda: None, own, slow).iterations == 2 and own.calls == 2
    sized = FakeTimer(clock, itertools.repeat(1.0))
    warmup = timing.warm_up(lambda: None, sized, slow, first_latency=3.0)  # prepare.prepare's first step
    assert sized.calls == 1 and warmup.iterations == 1 and warmup.latency_s == 1.0
    # The settling rule is the same: a step that settles still needs two agreeing blocks.
    settling = (max(0.001, 0.01 * 0.9**i) for i in itertools.count())
    warmup = timing.warm_up(lambda: None, FakeTimer(clock, settling), SETTINGS, first_latency=0.02)
    assert warmup.settled and warmup.latency_s == pytest.approx(0.001) and warmup.iterations > 22


def test_warm_up_gives_up_at_its_time_cap(clock: FakeClock) -> None:
    drifting = (0.001 * 1.2**i for i in itertools.count())  # 20% slower every call: never settles
    warmup = timing.warm_up(lambda: None, FakeTimer(clock, drifting), SETTINGS)
    assert not warmup.settled
    assert SETTINGS.warmup_max_s <= warmup.time_s


def test_bimodal_latency_hits_the_time_cap_and_is_noisy(clock: FakeClock) -> None:
    bimodal = itertools.cycle([0.001, 0.003])  # the median jumps between modes
    one_round = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 1})
    stats = measure(lambda: None, FakeTimer(clock, bimodal), one_round)
    assert stats.measure_time_s >= SETTINGS.max_time_s
    assert stats.noisy
    # In rounds, each round's median sits on one mode or the other: the across-rounds part of the
    # interval says so, whenever the rounds stop.
    clock.now = 0.0
    stats = measure(lambda: None, FakeTimer(clock, itertools.cycle([0.001, 0.003])), SETTINGS)
    assert stats.noisy and stats.median_ci_low_ms <= 1.0 and stats.median_ci_high_ms >= 3.0


def test_timed_blocks_run_without_the_garbage_collector() -> None:
    seen: list[bool] = []
    assert gc.isenabled()
    HostTimer().run(lambda: None, 1)  # the bare timer leaves gc alone...
    timing._run(lambda: seen.append(gc.isenabled()), HostTimer(), 3)  # ...the loop does not
    assert seen == [False, False, False]
    assert gc.isenabled()


def test_host_timer_and_overhead_are_sane() -> None:
    latencies = HostTimer().run(lambda: sum(range(100)), 50)
    assert len(latencies) == 50 and all(x > 0 for x in latencies)
    overhead = overhead_ns(HostTimer(), iterations=2000)
    assert 0 < overhead < 1e6  # sanity only: the 1 us goal is shown by benchmarks/overhead.py


def test_settings_round_trip() -> None:
    settings = TimingSettings(min_iterations=8, max_time_s=0.3)
    assert TimingSettings(**settings.to_dict()) == settings


# -- rounds ---------------------------------------------------------------------------------
def test_rounds_fill_the_round_fields_and_share_the_time_bounds(clock: FakeClock) -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 4})
    stats = measure(lambda: None, FakeTimer(clock, itertools.repeat(0.001)), settings)
    assert len(stats.rounds_ms) == len(stats.round_iterations) == 4
    assert sum(stats.round_iterations) == stats.iterations
    assert all(n >= math.ceil(settings.min_iterations / 4) for n in stats.round_iterations)
    assert stats.rounds_ms == pytest.approx((1.0,) * 4)
    # The bounds are for all rounds together: each round takes its quarter of --min-time.
    assert settings.min_time_s <= stats.measure_time_s < settings.min_time_s + settings.block_s
    assert len(stats.sample_rounds) == len(stats.samples_ms) == stats.iterations
    assert sorted(set(stats.sample_rounds)) == [0, 1, 2, 3]
    assert [stats.sample_rounds.count(i) for i in range(4)] == list(stats.round_iterations)


class DriftTimer(FakeTimer):
    """1 ms per call, but ``slow`` ms in every other ``period`` of fake time (before ``until``):
    drift between rounds."""

    def __init__(self, clock: FakeClock, period: float, until: float = math.inf, slow: float = 1.3):
        super().__init__(clock, itertools.repeat(0.0))
        self.period, self.until, self.slow = period, until, slow

    def run(self, step: Callable[[], object], iterations: int) -> list[float]:
        slow = self.clock.now < self.until and int(self.clock.now / self.period) % 2 == 1
        out = [self.slow / 1000 if slow else 0.001] * iterations
        self.calls += iterations
        self.clock.now += sum(out)
        return out


def test_rounds_that_cannot_agree_within_the_cap_get_no_more(clock: FakeClock) -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 5, "max_rounds": 20, "max_time_s": 100.0})
    stats = measure(lambda: None, DriftTimer(clock, period=0.1), settings)
    # the rounds alternate between 1.0 and 1.3 ms: even --max-rounds 20 rounds spread like these
    # would leave an interval of about +-6%, so no round is added to the 5 asked for
    assert len(stats.rounds_ms) == 5
    assert {round(m, 1) for m in stats.rounds_ms} == {1.0, 1.3}
    assert stats.noisy  # and the result still says so


def _rounds(*medians_ms: float, elapsed_s: float = 0.1) -> list[timing.Round]:
    return [timing.Round([m / 1000] * 10, elapsed_s) for m in medians_ms]


def test_another_round_while_more_could_narrow_the_interval_up_to_the_cap() -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 5, "max_rounds": 20, "max_time_s": 100.0})
    drift = (1.0, 1.04, 1.0, 1.04, 1.0)  # +-2.7% now; 20 such rounds would give about +-1%
    assert timing.another_round([_rounds(*drift)], settings)
    # by default (no --max-rounds), or with a cap of the rounds asked for, none
    default = TimingSettings(**{**settings.to_dict(), "max_rounds": 0})
    assert not timing.another_round([_rounds(*drift)], default)
    assert not timing.another_round([_rounds(*drift)], TimingSettings(**{**settings.to_dict(), "max_rounds": 5}))
    # the same spread at the cap (--max-rounds 20): no more
    assert not timing.another_round([_rounds(*(drift * 4))], settings)
    # too wide for the cap: +-6% even at 20 rounds
    assert not timing.another_round([_rounds(1.0, 1.3, 1.0, 1.3, 1.0)], settings)
    # ... and for the time left: rounds of 10 s within --max-time 60 s reach 6 rounds at most
    slow = TimingSettings(**{**settings.to_dict(), "max_time_s": 60.0})
    assert not timing.another_round([_rounds(*drift, elapsed_s=10.0)], slow)
    # paired runtimes: one that could still narrow its interval keeps both going
    assert timing.another_round([_rounds(1.0, 1.3, 1.0, 1.3, 1.0), _rounds(*drift)], settings)
    # rounds that agree: none
    assert not timing.another_round([_rounds(1.0, 1.0, 1.001, 1.0, 1.0)], settings)


def test_more_rounds_stop_once_the_rounds_agree(clock: FakeClock) -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 5, "max_rounds": 20, "max_time_s": 100.0})
    # 4% drift during the 5 rounds asked for (an interval of about +-2.7%), then steady: extra
    # rounds at 1 ms narrow the interval, and they stop well before the cap
    stats = measure(lambda: None, DriftTimer(clock, period=0.1, until=0.5, slow=1.04), settings)
    assert 5 < len(stats.rounds_ms) < 20
    assert not timing.another_round([[timing.Round([m / 1000] * 10, 0.1) for m in stats.rounds_ms]], settings)
    # by default the rounds asked for are all there are, and the result says it is noisy
    clock.now = 0.0
    default = TimingSettings(**{**settings.to_dict(), "max_rounds": 0})
    stats = measure(lambda: None, DriftTimer(clock, period=0.1, until=0.5, slow=1.04), default)
    assert len(stats.rounds_ms) == 5 and stats.noisy


def test_more_rounds_stay_within_max_time(clock: FakeClock) -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 5, "max_rounds": 20, "max_time_s": 1.0})
    stats = measure(lambda: None, DriftTimer(clock, period=0.1), settings)
    assert 5 <= len(stats.rounds_ms) < 20
    assert stats.measure_time_s <= settings.max_time_s + 0.1


def test_one_round_asked_is_one_round(clock: FakeClock) -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 1})
    stats = measure(lambda: None, DriftTimer(clock, period=0.1), settings)
    assert stats.rounds_ms == ()


def test_summarise_tags_each_kept_sample_with_its_round() -> None:
    rounds = [timing.Round([0.002, 0.004], 1.0), timing.Round([0.001, 0.003], 1.0)]
    stats = summarise(rounds, 0, None, 0.02)
    assert stats.samples_ms == (1.0, 2.0, 3.0, 4.0)
    assert stats.sample_rounds == (1, 0, 1, 0)
    assert stats.rounds_ms == (3.0, 2.0)
    assert stats.round_iterations == (2, 2)
    assert stats.measure_time_s == 2.0


def test_the_interval_covers_drift_between_rounds() -> None:
    # Each round tight (500 samples within 0.1%), the rounds' medians 1.00, 1.03, 0.97, 1.02, 0.98 ms:
    # the pooled samples alone would give a tight interval; the rounds' t-interval widens it.
    rng = random.Random(1)
    medians = [1.00, 1.03, 0.97, 1.02, 0.98]
    rounds = [timing.Round([m * 1e-3 * (1 + rng.uniform(-1e-3, 1e-3)) for _ in range(500)], 1.0) for m in medians]
    stats = summarise(rounds, 0, None, 0.02)
    # On the log scale: the median times exp(+-h), h the t(4) half-width of the log round medians.
    logs = np.log(medians)
    h = 2.776445 * float(np.std(logs, ddof=1)) / math.sqrt(5)  # t(4), 97.5%
    assert stats.median_ci_high_ms / stats.median_ms == pytest.approx(math.exp(h), rel=1e-3)
    assert stats.median_ms / stats.median_ci_low_ms == pytest.approx(math.exp(h), rel=1e-3)
    assert stats.noisy  # +-3.1% is wider than the 2% tolerance
    one = summarise([x for r in rounds for x in r.samples], 0, 5.0, 0.02)  # the same samples as one round
    assert one.rounds_ms == () and one.median_ci_high_ms / one.median_ms < math.exp(h / 2)


def test_the_interval_never_reaches_zero() -> None:
    # Two rounds far apart (t(1) = 12.7): on a linear scale the interval's low end was below zero.
    rounds = [timing.Round([0.001] * 50, 1.0), timing.Round([0.003] * 50, 1.0)]
    stats = summarise(rounds, 0, None, 0.02)
    assert 0 < stats.median_ci_low_ms < stats.median_ms < stats.median_ci_high_ms
    assert stats.median_ci_low_ms * stats.median_ci_high_ms == pytest.approx(stats.median_ms**2, rel=1e-6)


def _pass(medians: list[float], rng: random.Random) -> Stats:
    rounds = [timing.Round([m * 1e-3 * (1 + rng.uniform(-1e-3, 1e-3)) for _ in range(200)], 1.0) for m in medians]
    return summarise(rounds, 0, None, 0.02)


def test_merging_passes_keeps_each_rounds_pass_and_pools_the_counts() -> None:
    rng = random.Random(2)
    first, second = _pass([1.0, 1.01, 0.99], rng), _pass([1.0, 1.02], rng)
    merged = merge_passes(first, second, 1, 0.02)
    assert merged.round_passes == (0, 0, 0, 1, 1) and merged.passes == 2
    assert merged.rounds_ms == first.rounds_ms + second.rounds_ms
    assert merged.round_iterations == (200,) * 5 and merged.iterations == 1000
    assert merged.measure_time_s == first.measure_time_s + second.measure_time_s
    assert merged.min_ms == min(first.min_ms, second.min_ms) and merged.max_ms == max(first.max_ms, second.max_ms)
    assert merged.mean_ms == pytest.approx((first.mean_ms * 600 + second.mean_ms * 400) / 1000)
    assert len(merged.samples_ms) == len(merged.sample_rounds) <= timing.SAMPLES_KEPT
    # Each kept sample keeps its round: the second pass's are numbered after the first's.
    assert set(merged.sample_rounds) == {0, 1, 2, 3, 4}
    assert merged.between_pass_cv is not None and merged.between_pass_cv < 0.02
    assert merged.median_ms == pytest.approx(1.0, rel=0.01)
    again = merge_passes(merged, _pass([1.0, 0.99], rng), 2, 0.02)
    assert again.round_passes == (0, 0, 0, 1, 1, 2, 2) and again.passes == 3


def test_a_drift_between_passes_widens_the_interval_and_makes_the_result_noisy() -> None:
    # Rounds tight within each pass; the second pass 10% slower, as a machine that drifted between
    # two processes: pooled as plain rounds the interval would be narrow, nested it is not.
    rng = random.Random(3)
    steady = merge_passes(_pass([1.0, 1.005, 0.995], rng), _pass([1.0, 1.005, 0.995], rng), 1, 0.05)
    drifted = merge_passes(_pass([1.0, 1.005, 0.995], rng), _pass([1.1, 1.105, 1.095], rng), 1, 0.05)
    plain = summarise(
        [timing.Round([m * 1e-3] * 200, 1.0) for m in (1.0, 1.005, 0.995, 1.1, 1.105, 1.095)], 0, None, 0.05
    )
    width = lambda s: s.median_ci_high_ms / s.median_ci_low_ms  # noqa: E731
    assert width(drifted) > width(plain) > width(steady)
    assert drifted.noisy and drifted.between_pass_cv == pytest.approx(0.067, rel=0.05)
    assert not steady.noisy


def test_rounds_half_width_uses_student_t() -> None:
    assert timing.rounds_half_width([1.0]) == 0.0
    # 2 rounds: t(1) = 12.706; the interval is wide, as it must be with one degree of freedom
    assert timing.rounds_half_width([1.0, 2.0]) == pytest.approx(12.7062 * (2**0.5 / 2) / 2**0.5, rel=1e-4)
    # 40 rounds: t(39) = 2.0227, narrower than the t(30) a table would stop at
    forty = [1.0 + (i % 2) * 0.1 for i in range(40)]
    assert timing.rounds_half_width(forty) == pytest.approx(
        2.02269 * float(np.std(forty, ddof=1)) / math.sqrt(40), rel=1e-4
    )


class Watch:
    """Judges blocks contended by a script: True for the blocks listed in ``busy`` (0-based)."""

    def __init__(self, busy: set[int]):
        self.busy, self.blocks = busy, 0

    def begin(self) -> None:
        pass

    def end(self) -> bool:
        self.blocks += 1
        return self.blocks - 1 in self.busy

    def end_round(self, kept_set_aside: bool) -> None:
        self.kept_set_aside = kept_set_aside


def test_a_contended_block_is_discarded_and_measured_again(clock: FakeClock) -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 1})
    slow_then_fast = itertools.chain(itertools.repeat(0.001, 60), itertools.repeat(0.001))
    watch = Watch({0})  # the first block ran beside a hog
    done = timing.measure_round(lambda: None, FakeTimer(clock, slow_then_fast), settings, 0.001, watch=watch)
    assert done.discarded == 1 and not done.contended
    assert len(done.samples) >= settings.min_iterations
    assert done.elapsed_s >= settings.min_time_s + settings.block_s * 0.9  # the discarded block's time was spent too


def test_a_round_that_was_never_quiet_keeps_its_samples_and_says_so(clock: FakeClock) -> None:
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 2})
    watch = Watch(set(range(10_000)))
    done = timing.measure_round(lambda: None, FakeTimer(clock, itertools.repeat(0.001)), settings, 0.001, watch=watch)
    assert done.contended and done.discarded > 0 and watch.kept_set_aside
    assert done.samples and done.elapsed_s >= settings.max_time_s / 2


def test_rounds_that_drift_apart_do_not_measure_longer(clock: FakeClock) -> None:
    # Each round steady at 1.0 or 1.3 ms: their pooled samples are a wide mixture, but each round's
    # own interval is tight, so each stops at its share of --min-time; the drift shows in the
    # across-rounds interval (noisy), not in a scan that measures up to --max-time.
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 5, "max_time_s": 100.0})
    stats = measure(lambda: None, DriftTimer(clock, period=0.1), settings)
    assert {round(m, 1) for m in stats.rounds_ms} == {1.0, 1.3}
    assert stats.noisy
    assert stats.measure_time_s < 1.2 * settings.min_time_s  # judged on the pooled samples: 2x


def test_a_slow_models_rounds_end_at_their_minimum_count(clock: FakeClock) -> None:
    # 20 ms a call, 13 calls a round (--min-iterations 64 over 5 rounds): each round's time share
    # (0.1 s) is met after 5 calls, and its blocks of 10% of the time so far would carry it past
    # 13 calls; the last block is cut to the count still missing, or to one 50 ms block (2 calls),
    # which keeps a contention reading meaningful. (Uncut: 13, 14, 14, 13, 16.)
    settings = TimingSettings(**{**SETTINGS.to_dict(), "rounds": 5, "ci_tolerance": 0.5})
    stats = measure(lambda: None, FakeTimer(clock, itertools.repeat(0.02)), settings)
    assert min(stats.round_iterations) == 13 and max(stats.round_iterations) <= 14
