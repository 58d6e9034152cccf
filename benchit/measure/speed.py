"""The machine's speed while a model is measured: a fixed, sub-millisecond probe timed before each round.

On a VM the host can slow a whole scan by a third with every counter inside the guest at zero
(no steal, no wait, no pressure: another guest on the same core, or the host's clock). A model's
median then moves, and nothing in the result says why. The probe is a fixed piece of work that
depends on nothing benchit compares (no torch, no Python bytecode): SHA-256 of a 64 KiB buffer, in
OpenSSL's C code. Its time follows the speed of the CPU the measuring thread runs on. Two
results whose probes differ measured on machines of different speed, and ``compare`` and
``history`` say so in place of a verdict (``report.comparable``).

The figure is ``info["speed_probe_us"]``: the median over the model's rounds of each round's
fastest of ``REPEATS`` probes. A change of the probe's work changes its key, so that a new probe
is never compared with an old one.
"""

from __future__ import annotations

import hashlib
import statistics
import time

KEY = "speed_probe_us"  # the result's info key; a new probe gets a new key
REPEATS = 7
_BUFFER = bytes(range(256)) * 256  # 64 KiB
_PASSES = 4  # about 0.15 ms a probe on a 2020s server core: 1 ms a reading


def probe_us() -> float:
    """One reading: the fastest of ``REPEATS`` timed probes, in microseconds. The fastest, for a
    probe interrupted (by the coordinator on the same core, a kernel thread) took longer than the
    core's speed; a slow phase of the host slows every probe."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter_ns()
        for _ in range(_PASSES):
            hashlib.sha256(_BUFFER).digest()
        times.append(time.perf_counter_ns() - start)
    return min(times) / 1000.0


def summary(readings: list[float]) -> float | None:
    """What a result records: the median of its rounds' readings (none: nothing was read)."""
    return round(statistics.median(readings), 3) if readings else None
