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

With more than one thread, a second probe times torch's thread pool handing data from one thread
to another: a tensor of one chunk of torch's grain per thread, reversed 25 times (each thread writes
its chunk from the chunk another thread wrote last) and negated back in place, so each call is two
forks and joins of every measuring thread and a transfer of every chunk between cores. On this
project's 2-vCPU VM (an AMD EPYC guest), two-thread models run at one of two levels for seconds to
tens of seconds at a time, whatever the guest does: a small parallel convolution at 0.95 or 1.6 to
1.8 ms a call, the same process-wide and in 4 of 16 fresh processes, bound to either core order or
not, while either core alone runs it alike. A data-sharing parallel op pays for where the host put
the two vCPUs (a cache-line transfer between them); a GEMM, an exp or an add whose threads keep to
their own data barely moves. This probe read 1.9x slower in the slow state and within 2.3% across
16 processes in the fast one; the element-wise add it replaces read 1.0x to 1.2x (docs/performance.md,
"The thread pool's probe"). It records ``info["parallel_probe_us"]`` and ``info["parallel_probe"]``
(``ParallelProbe.identity``: the probe, the thread count, the torch version): a probe of another
kind, thread count or torch is never compared.
The four keys are spelt in ``benchit.keys``.
"""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable

# What the Python probe times, recorded beside its readings.
LOOP_IDENTITY = f"python-loop-3000 {platform.python_implementation()} {platform.python_version()}"
REPEATS = 7

CALLS = 25  # a reversal and a negation each: about 29 us each on two threads of a 2020s server
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
    """The thread pool's probe on ``threads`` threads: its tensor is made once, so that a reading
    times only the hand-offs (and the allocation of each reversal, which torch's allocator serves
    from its cache)."""

    def __init__(self, threads: int):
        import torch

        self.identity = f"torch-flip-neg-{GRAIN}-per-thread-x{CALLS} {threads} threads torch {torch.__version__}"
        self.elements = GRAIN * threads  # one chunk of torch's grain for each thread
        self._x = torch.ones(self.elements)
        self._neg = torch.neg

    def _handoffs(self) -> None:
        x, neg = self._x, self._neg
        for _ in range(CALLS):
            # Thread t writes chunk t of the reversal from the chunk that thread (n - 1 - t) wrote.
            neg(x.flip(0), out=x)

    def probe_us(self) -> float:
        """One reading (``_fastest_us``)."""
        return _fastest_us(self._handoffs)


def summary(readings: list[float]) -> float | None:
    """What a result records: the median of its rounds' readings (none: nothing was read)."""
    return round(statistics.median(readings), 3) if readings else None
