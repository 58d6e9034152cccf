"""The machine's speed while a model is measured: a fixed, sub-millisecond probe timed before each round.

On a VM the host can slow a whole scan by a third with every counter inside the guest at zero
(no steal, no wait, no pressure: another guest on the same core, or the host's clock). A model's
median then moves, and nothing in the result says why. The probe is a fixed piece of work timed
on the measuring thread: a pure-Python loop, which depends on neither torch nor the thread
settings that a comparison may be about. In a host slow phase that made a one-thread model 1.34x
slower, it read 1.51x slower; a SHA-256 probe (OpenSSL's C code, steadier across processes) read
only 1.02x and was dropped (docs/performance.md, "Machine speed"). Two results whose probes differ
measured on machines of different speed, and ``compare`` and ``history`` say so in place of a
verdict (``report.comparable``).

A result records ``info["speed_probe_us"]``, the median over its rounds of each round's reading,
and ``info["speed_probe"]``, what was timed (the probe and the interpreter that ran it): readings
of two different probes, or of one under two Pythons, are never compared.
"""

from __future__ import annotations

import platform
import statistics
import time

KEY = "speed_probe_us"  # the result's info key of the reading
IDENTITY_KEY = "speed_probe"  # ... and of what was timed
IDENTITY = f"python-loop-3000 {platform.python_implementation()} {platform.python_version()}"
REPEATS = 7


def _loop() -> int:
    total = 0
    for i in range(3000):  # about 0.1 ms on a 2020s server core: under 1 ms a reading
        total += i * i
    return total


def probe_us() -> float:
    """One reading: the fastest of ``REPEATS`` timed probes, in microseconds. The fastest, for a
    probe interrupted (by the coordinator on the same core, a kernel thread) took longer than the
    core's speed; a slow phase of the host slows every probe."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter_ns()
        _loop()
        times.append(time.perf_counter_ns() - start)
    return min(times) / 1000.0


def summary(readings: list[float]) -> float | None:
    """What a result records: the median of its rounds' readings (none: nothing was read)."""
    return round(statistics.median(readings), 3) if readings else None
