"""How busy the machine was around a block of measurement, and whether that was too busy to trust it.

Four signals, each read from the kernel (Linux; absent elsewhere, then never judged):

- ``cpu_wait_fraction``: the worker's own threads' time runnable but waiting for a CPU (schedstat
  ``run_delay``, summed over its threads) over wall time x measuring threads;
- ``steal_fraction``: ``steal`` jiffies over all jiffies in ``/proc/stat`` (a hypervisor running
  other guests on this VM's CPUs: invisible to the run queue);
- ``runnable_others``: ``procs_running`` in ``/proc/stat`` less this process's own running
  threads, averaged over the samples; judged as the share of the measuring threads' CPUs they
  would need (``load_share``: others beyond the spare CPUs, over the measuring threads). Read at
  instants only (two per block), it judges an idle window and a whole result (at least
  ``MIN_OTHERS_SAMPLES`` instants), never a single block;
- ``cpu_pressure``: the growth of ``/proc/pressure/cpu``'s "some" total (microseconds in which at
  least one task waited for a CPU) over wall time.

A reading is *contended* when any of them passes one threshold (``--contention-threshold``).
Two corrections keep short readings honest:

- ``/proc/stat`` counts in ticks (``USER_HZ``, 100 a second): a reading's stolen ticks may be one
  more than what was stolen in it, when the counter crossed a tick during it; the judge counts one
  tick fewer (``steal_judged``). A 50 ms block on 2 CPUs spans 10 ticks, where one tick is 10%.
- Whether the machine *is* busy (before measuring, between rounds) is judged over at least
  ``IDLE_WINDOW_S`` (``Reading.over``): a 20 ms burst in a 0.1 s warm-up says the machine was
  disturbed for 20 ms, not that it is busy. A timed block is judged as it is: its samples did
  meet the burst.

The parsing functions take the files' text, so tests feed them constructed contents.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from benchit.keys import CPU_PRESSURE, CPU_WAIT_FRACTION, RUNNABLE_OTHERS, STEAL_FRACTION
from benchit.measure.environment import available_cpus, run_queue_wait_ns

# A reading before measuring (the worker idle) is sampled this often, for this long.
IDLE_SAMPLE_S = 0.025
IDLE_WINDOW_S = 0.25
# A whole result's average of other runnable tasks is judged once it rests on this many instants.
MIN_OTHERS_SAMPLES = 8


@dataclass(frozen=True)
class CpuTimes:
    """The machine-wide line of ``/proc/stat``: all jiffies, those stolen, and ``procs_running``."""

    total: int
    steal: int
    running: int | None


def parse_stat(text: str) -> CpuTimes | None:
    """The ``cpu`` and ``procs_running`` lines of ``/proc/stat``; ``None`` if there is no ``cpu`` line."""
    times: list[int] | None = None
    running = None
    for line in text.splitlines():
        fields = line.split()
        if not fields:
            continue
        if fields[0] == "cpu":
            try:
                times = [int(x) for x in fields[1:]]
            except ValueError:
                return None
        elif fields[0] == "procs_running" and len(fields) > 1 and fields[1].isdigit():
            running = int(fields[1])
    if not times:
        return None
    # user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is already
    # counted in user and nice, so only the first eight make up the total.
    steal = times[7] if len(times) > 7 else 0
    return CpuTimes(total=sum(times[:8]), steal=steal, running=running)


def parse_pressure(text: str) -> int | None:
    """The "some" line's ``total`` (microseconds) of ``/proc/pressure/cpu``; ``None`` if absent."""
    for line in text.splitlines():
        fields = line.split()
        if fields and fields[0] == "some":
            for field in fields[1:]:
                key, _, value = field.partition("=")
                if key == "total" and value.isdigit():
                    return int(value)
    return None


def parse_task_state(text: str) -> str:
    """The state letter (``R`` running or runnable, ``S`` sleeping...) of a ``/proc/.../stat`` line;
    the command name in parentheses may itself hold spaces and parentheses, so read after the last one."""
    rest = text.rpartition(")")[2].split()
    return rest[0] if rest else ""


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="ascii", errors="replace") as file:
            return file.read()
    except OSError:
        return None


def own_running() -> int | None:
    """This process's threads that are running or runnable now (the reader among them)."""
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return None
    count = 0
    for task in tasks:
        text = _read(f"/proc/self/task/{task}/stat")
        count += text is not None and parse_task_state(text) == "R"
    return count


@dataclass(frozen=True)
class Snapshot:
    """The counters at one instant; ``None`` where this kernel does not have them."""

    time_s: float
    wait_ns: int | None
    cpu: CpuTimes | None
    pressure_us: int | None
    others: int | None  # other runnable tasks now


def snapshot(wait: bool = True) -> Snapshot:
    """Read the counters now; ``wait``: also this process's own run-queue wait."""
    # This process's running threads are counted just before and just after ``procs_running`` is
    # read, and the larger count is taken: a thread of the pool that spins and then sleeps (or
    # wakes) between the two reads would otherwise count as another task. On the idle Intel VM,
    # between 50 ms blocks of a two-thread convolution, counting once read 0.015 and 0.025 other
    # tasks a sample (two runs of 200), counting both ways 0.005 and 0.015. (A scan there once read
    # 0.45 with 0.2% CPU wait and pressure; this race is not what explains that.)
    before = own_running()
    stat = _read("/proc/stat")
    cpu = parse_stat(stat) if stat is not None else None
    pressure = _read("/proc/pressure/cpu")
    after = own_running() if cpu is not None and cpu.running is not None else None
    mine = max(before, after) if before is not None and after is not None else None
    others = max(0, cpu.running - mine) if cpu is not None and cpu.running is not None and mine is not None else None
    return Snapshot(
        time_s=time.perf_counter(),
        wait_ns=run_queue_wait_ns() if wait else None,
        cpu=cpu,
        pressure_us=parse_pressure(pressure) if pressure is not None else None,
        others=others,
    )


@dataclass(frozen=True)
class Reading:
    """Contention over some wall time, as sums, so that readings add up (``+``)."""

    wall_s: float = 0.0
    wait_s: float | None = None  # thread-seconds the measuring threads waited for a CPU
    thread_s: float = 0.0  # wall time x measuring threads, the denominator of ``wait_s``
    steal: int | None = None
    jiffies: int = 0
    pressure_s: float | None = None
    others_sum: float = 0.0
    others_samples: int = 0

    def __add__(self, other: Reading) -> Reading:
        def plus(a: float | int | None, b: float | int | None) -> float | int | None:
            return b if a is None else a if b is None else a + b

        return Reading(
            wall_s=self.wall_s + other.wall_s,
            wait_s=plus(self.wait_s, other.wait_s),
            thread_s=self.thread_s + other.thread_s,
            steal=plus(self.steal, other.steal),  # type: ignore[arg-type]
            jiffies=self.jiffies + other.jiffies,
            pressure_s=plus(self.pressure_s, other.pressure_s),
            others_sum=self.others_sum + other.others_sum,
            others_samples=self.others_samples + other.others_samples,
        )

    @property
    def cpu_wait_fraction(self) -> float | None:
        return self.wait_s / self.thread_s if self.wait_s is not None and self.thread_s > 0 else None

    @property
    def steal_fraction(self) -> float | None:
        return self.steal / self.jiffies if self.steal is not None and self.jiffies > 0 else None

    @property
    def steal_judged(self) -> float | None:
        """The steal fraction less one tick: what the reading shows was stolen at the least."""
        return max(0, self.steal - 1) / self.jiffies if self.steal is not None and self.jiffies > 0 else None

    @property
    def cpu_pressure(self) -> float | None:
        return min(1.0, self.pressure_s / self.wall_s) if self.pressure_s is not None and self.wall_s > 0 else None

    @property
    def runnable_others(self) -> float | None:
        return self.others_sum / self.others_samples if self.others_samples else None

    def over(self, seconds: float) -> Reading:
        """This reading as if it had lasted at least ``seconds``, with nothing more happening in the
        rest: for judging whether the machine is busy from a short reading (a fast model's warm-up)."""
        if self.wall_s <= 0 or self.wall_s >= seconds:
            return self
        scale = seconds / self.wall_s
        return replace(self, wall_s=seconds, thread_s=self.thread_s * scale, jiffies=round(self.jiffies * scale))

    def evidence(self) -> dict[str, float]:
        """The flat numbers a result's ``info`` keeps (those this kernel has)."""
        values = {
            CPU_WAIT_FRACTION: self.cpu_wait_fraction,
            STEAL_FRACTION: self.steal_fraction,
            RUNNABLE_OTHERS: self.runnable_others,
            CPU_PRESSURE: self.cpu_pressure,
        }
        return {k: round(v, 4) for k, v in values.items() if v is not None}


def between(start: Snapshot, end: Snapshot, threads: int, samples: tuple[Snapshot, ...] = ()) -> Reading:
    """The reading from ``start`` to ``end`` for ``threads`` measuring threads; ``samples`` taken
    in between add to the mean of other runnable tasks."""
    wall = max(0.0, end.time_s - start.time_s)
    wait = (end.wait_ns - start.wait_ns) * 1e-9 if start.wait_ns is not None and end.wait_ns is not None else None
    steal, jiffies = None, 0
    if start.cpu is not None and end.cpu is not None:
        steal, jiffies = max(0, end.cpu.steal - start.cpu.steal), max(0, end.cpu.total - start.cpu.total)
    pressure = None
    if start.pressure_us is not None and end.pressure_us is not None:
        pressure = max(0, end.pressure_us - start.pressure_us) * 1e-6
    others = [s.others for s in (start, *samples, end) if s.others is not None]
    return Reading(
        wall_s=wall,
        wait_s=max(0.0, wait) if wait is not None else None,
        thread_s=wall * max(1, threads),
        steal=steal,
        jiffies=jiffies,
        pressure_s=pressure,
        others_sum=float(sum(others)),
        others_samples=len(others),
    )


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


@dataclass(frozen=True)
class Judge:
    """Decides whether a reading was too busy: any signal past ``threshold`` (a fraction), for
    ``threads`` measuring threads on ``cpus`` CPUs."""

    threshold: float
    threads: int
    cpus: int

    def load_share(self, reading: Reading) -> float | None:
        """Other runnable tasks beyond the CPUs the measuring threads leave spare, over the
        measuring threads: the share of their CPUs others would take (0 when all fit)."""
        others = reading.runnable_others
        if others is None:
            return None
        spare = max(0, self.cpus - self.threads)
        return max(0.0, others - spare) / max(1, self.threads)

    def reason(self, reading: Reading, idle: bool = False, whole: bool = False) -> str | None:
        """One line naming the first signal past the threshold (``busy: 61% CPU wait``), or ``None``.
        ``idle``: the worker was not measuring, so its own wait says nothing; ``whole``: the
        reading sums a whole result's blocks, so its average of other runnable tasks counts too."""
        t = self.threshold
        wait = None if idle else reading.cpu_wait_fraction
        if wait is not None and wait > t:
            return f"busy: {_percent(wait)} CPU wait"
        steal = reading.steal_judged
        if steal is not None and steal > t:
            return f"busy: {_percent(reading.steal_fraction or steal)} CPU steal"
        pressure = reading.cpu_pressure
        if pressure is not None and pressure > t:
            return f"busy: {_percent(pressure)} CPU pressure"
        # Other runnable tasks are counted at instants only (two per block): judged over an idle
        # window of many samples, and over a whole result's blocks, never one block. A task beside
        # the measuring threads can slow them without keeping them off a CPU (a hyper-thread sibling,
        # shared caches): the A/A benchmark saw a 7 us model read 1.5x slower beside one hog with
        # CPU wait and pressure under 3%, and only this average (1.07) saw the hog.
        counted = idle or (whole and reading.others_samples >= MIN_OTHERS_SAMPLES)
        share = self.load_share(reading) if counted else None
        if share is not None and share > t:
            others = reading.runnable_others or 0.0
            return f"busy: {others:.1f} other runnable tasks for {self.threads} threads on {self.cpus} CPUs"
        return None


def judge(threshold: float, threads: int) -> Judge:
    return Judge(threshold, threads, len(available_cpus()))


class BlockWatch:
    """Reads the counters around each timed block (``timing.BlockWatch``) and judges it. The
    readings of the blocks whose samples were kept add up in ``kept``; those of the blocks of the
    current round set aside, in ``set_aside`` until the round ends (``end_round``), and then in
    ``last_round_set_aside`` until the next one does."""

    def __init__(self, judge: Judge):
        self.judge = judge
        self.kept = Reading()
        self.set_aside = Reading()
        self.last_round_set_aside = Reading()
        self.last_reason: str | None = None
        self._start: Snapshot | None = None

    def begin(self) -> None:
        # Within a round, the last block's end is this one's start (one read per block, ~0.25 ms);
        # what ran in between is the loop's own check of the stopping rule.
        if self._start is None:
            self._start = snapshot()

    def end(self) -> bool:
        """Whether the block since ``begin`` ran under contention (and should be set aside)."""
        assert self._start is not None
        now = snapshot()
        reading = between(self._start, now, self.judge.threads)
        self._start = now
        reason = self.judge.reason(reading)
        if reason is None:
            self.kept += reading
            return False
        self.set_aside += reading
        self.last_reason = reason
        return True

    def end_round(self, kept_set_aside: bool) -> None:
        """The round ended; ``kept_set_aside``: its set-aside samples were kept after all (too few
        quiet ones), and so their reading joins the evidence."""
        if kept_set_aside:
            self.kept += self.set_aside
        self.last_round_set_aside, self.set_aside = self.set_aside, Reading()
        self._start = None  # other runtimes run between two rounds of this one

    def round_busy(self) -> str | None:
        """Why the machine looks busy after the last round (``None``: it does not): what its
        set-aside blocks met, judged over at least ``IDLE_WINDOW_S``, so that one burst that cost
        a block does not make the next round wait."""
        return self.judge.reason(self.last_round_set_aside.over(IDLE_WINDOW_S))


def idle_reading(seconds: float = IDLE_WINDOW_S, threads: int = 1) -> Reading:
    """The machine for ``seconds`` while this worker sleeps: sampled every ``IDLE_SAMPLE_S``."""
    start = snapshot(wait=False)
    samples = []
    deadline = start.time_s + seconds
    while time.perf_counter() < deadline:
        time.sleep(IDLE_SAMPLE_S)
        samples.append(snapshot(wait=False))
    end = samples.pop() if samples else snapshot(wait=False)
    return between(start, end, threads, tuple(samples))


@dataclass
class QuietBudget:
    """The scan's budget of seconds to wait for a quiet machine (``--quiet-wait``), as this worker
    has it: ``left_s`` shrinks with each wait; ``tell.started(evidence)`` when a wait starts and
    ``tell.ended(seconds)`` when it ends (the worker passes both on to the coordinator)."""

    left_s: float

    def wait(self, judge: Judge, reason: str, tell: WaitObserver | None = None) -> tuple[float, str | None]:
        """Wait, while the budget lasts, until an idle reading of the machine is quiet; return the
        seconds waited and the last reason it was busy (``None`` once it was quiet)."""

        def busy() -> str | None:
            return judge.reason(idle_reading(min(IDLE_WINDOW_S, self.left_s), judge.threads), idle=True)

        return self.wait_until(busy, reason, tell)

    def wait_until(
        self,
        busy: Callable[[], str | None],
        reason: str,
        tell: WaitObserver | None = None,
        pause_s: float = 0.0,
    ) -> tuple[float, str | None]:
        """Wait, while the budget lasts, until ``busy()`` (called every ``pause_s`` seconds or as
        often as it returns) says nothing; return the seconds waited and its last reason (``None``
        once the machine was quiet)."""
        if self.left_s <= 0:
            return 0.0, reason
        if tell is not None:
            tell.started(f"{reason} (up to {self.left_s:.3g} s more of --quiet-wait)")
        start = time.perf_counter()
        last: str | None = reason
        try:
            while last is not None and time.perf_counter() - start < self.left_s:
                if pause_s > 0:
                    time.sleep(min(pause_s, max(0.0, self.left_s - (time.perf_counter() - start))))
                last = busy()
        finally:
            waited = time.perf_counter() - start
            self.left_s = max(0.0, self.left_s - waited)
            if tell is not None:
                tell.ended(waited)
        return waited, last


class WaitObserver:
    """Where a worker tells of its waits for a quiet machine (the message channel)."""

    def started(self, evidence: str) -> None:
        """A wait begins, because of ``evidence``."""

    def ended(self, waited_s: float) -> None:
        """The wait that began ended after ``waited_s`` seconds."""
