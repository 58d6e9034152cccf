"""The machine's speed while a model is measured: a fixed, sub-millisecond probe timed before each round.

On a VM the host can slow a whole scan by a third with every counter inside the guest at zero
(no steal, no wait, no pressure: another guest on the same core, or the host's clock). A model's
median then moves, and nothing in the result says why. The probe is a fixed piece of work timed
on the measuring thread: a pure-Python loop, which depends on neither torch nor the thread
settings that a comparison may be about. In a host slow phase that made a one-thread model 1.34x
slower, it read 1.51x slower; a SHA-256 probe (OpenSSL's C code, steadier across processes) read
only 1.02x and was dropped (docs/performance.md, "Machine speed"). Two results whose probes differ
measured on machines of different speed, and ``compare`` and ``history`` say so in place of a
verdict (``judge.comparable``).

A result records ``info["speed_probe_us"]``, the median over its rounds of each round's reading,
and ``info["speed_probe"]``, what was timed (``LOOP_IDENTITY``: the probe and the interpreter that
ran it): readings of two different probes, or of one under two Pythons, are never compared.

With more than one thread, a second probe times torch's thread pool: an element-wise add split
into one chunk per thread, 50 times over, so that each call is a fork and a join of every
measuring thread. On a 2-vCPU VM, two-thread models ran for tens of seconds at a time about 12%
slower (1.43 against 1.60 ms) while the one-thread Python loop read the same; this probe read 45%
slower then, and within 4% otherwise (docs/performance.md, "The thread pool's probe"). It records
``info["parallel_probe_us"]`` and ``info["parallel_probe"]`` (``ParallelProbe.identity``: the probe,
the thread count, the torch version): a probe of another thread count or torch is never compared.
The four keys are spelt in ``benchit.keys``.

A third probe, with more than one thread, does not judge comparisons but gates the rounds: the
thread pool handing data from one thread to another (``HandOffProbe``). On the 2-vCPU AMD EPYC
VM this project first ran on, two-thread work that shares data between threads ran at one of two
levels for 5 to 25 seconds at a time, as the host placed the two vCPUs: a small parallel
convolution at 0.95 or 1.6 to 1.8 ms a call, while the add probe above read 1.0x to 1.2x and GEMMs
barely moved. The hand-off probe read 1.9x slower in that state and within 2-4% across processes
otherwise. Compared between scans it could not say which models the state slows (used so, it
excused 75 of 100 unchanged pairs), so instead ``benchit calibrate`` records its fast level
(``Floor.handoff_us``), and before each round the worker reads it: a round is not measured while
it reads ``SLOW_FACTOR`` times that level or more. The worker waits the state out within the
scan's ``--quiet-wait`` budget (and ``SLOW_WAIT_MAX_S`` at most), and when that is spent the round
is measured and its results are flagged ``contended`` (docs/performance.md, "A second slow state").
"""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable

# What the Python probe times, recorded beside its readings.
LOOP_IDENTITY = f"python-loop-3000 {platform.python_implementation()} {platform.python_version()}"
REPEATS = 7

CALLS = 50  # a fork and join of the pool each: about 4.5 us each on two threads of a 2020s server
GRAIN = 32768  # torch's smallest share of an element-wise op per thread (at::internal::GRAIN_SIZE)


def _loop() -> int:
    total = 0
    for i in range(3000):  # about 0.1 ms on a 2020s server core: under 1 ms a reading
        total += i * i
    return total


def _fastest_us(work: Callable[[], object]) -> float:
    """The fastest of ``REPEATS`` timed calls of ``work``, in microseconds. The fastest, for a
    probe interrupted (by the coordinator on the same core, a kernel thread) took longer than the
    core's speed; a slow phase of the host slows every probe."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter_ns()
        work()
        times.append(time.perf_counter_ns() - start)
    return min(times) / 1000.0


def probe_us() -> float:
    """One reading of the Python probe (``_fastest_us``)."""
    return _fastest_us(_loop)


class ParallelProbe:
    """The thread pool's probe on ``threads`` threads: its tensors are made once, so that a
    reading times only the adds."""

    def __init__(self, threads: int):
        import torch

        self.identity = f"torch-add-{GRAIN}-per-thread-x{CALLS} {threads} threads torch {torch.__version__}"
        self.elements = GRAIN * threads  # one chunk of torch's grain for each thread
        self._x = torch.ones(self.elements)
        self._out = torch.empty_like(self._x)
        self._add = torch.add

    def _adds(self) -> None:
        x, out, add = self._x, self._out, self._add
        for _ in range(CALLS):
            add(x, x, out=out)

    def probe_us(self) -> float:
        """One reading (``_fastest_us``)."""
        return _fastest_us(self._adds)


HANDOFF_CALLS = 25  # a reversal and a negation each: about 29 us each on two threads of a 2020s server
# A reading this many times the calibrated level is the slow state (1.9x on the 2-vCPU VM; the
# fast level's readings spread 2-4% across processes).
SLOW_FACTOR = 1.3
SLOW_POLL_S = 0.5  # while waiting the slow state out, one reading this often
# A worker waits the slow state out for this long at most, whatever is left of --quiet-wait: the
# state lasted 5 to 25 s at a time on the AMD VM, and a level this process cannot reach (another
# placement of its threads, for good) must not cost every pass the whole budget.
SLOW_WAIT_MAX_S = 30.0


class HandOffProbe:
    """The thread pool handing each chunk of a tensor to another thread on ``threads`` threads: a
    tensor of one chunk of torch's grain per thread, reversed (thread t writes chunk t from the
    chunk thread n - 1 - t wrote) and negated back in place, ``HANDOFF_CALLS`` times."""

    def __init__(self, threads: int):
        import torch

        self._x = torch.ones(GRAIN * threads)
        self._neg = torch.neg

    def _handoffs(self) -> None:
        x, neg = self._x, self._neg
        for _ in range(HANDOFF_CALLS):
            neg(x.flip(0), out=x)

    def probe_us(self) -> float:
        """One reading (``_fastest_us``)."""
        return _fastest_us(self._handoffs)


class HandOffGate:
    """Whether the machine is in the hand-off slow state now: a reading (``read()``, the probe's) against
    ``level_us`` (the calibrated fast level) or the least this worker has read, whichever is lower,
    so that a calibration made in the slow state does not hide it. No level: never slow (a floor
    from before the probe, or none; ``benchit calibrate`` measures one)."""

    def __init__(self, read: Callable[[], float], level_us: float | None):
        self._read = read
        self.level_us = level_us
        self.readings: list[float] = []
        self.waited_s = 0.0  # waited for the state to pass, by ``measure.rounds``

    def slow(self) -> str | None:
        """Read the probe once; why the machine is slow (``busy: ...``), or None."""
        reading = self._read()
        self.readings.append(reading)
        if self.level_us is None:
            return None
        level = min(self.level_us, *self.readings)
        if reading < level * SLOW_FACTOR:
            return None
        return (
            f"busy: threads hand data over {reading / level:.2f}x slower than this machine's level "
            f"({level:.0f} us, benchit calibrate)"
        )


def summary(readings: list[float]) -> float | None:
    """What a result records: the median of its rounds' readings (none: nothing was read)."""
    return round(statistics.median(readings), 3) if readings else None
