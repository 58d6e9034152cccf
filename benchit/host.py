"""What the standard library tells of this host: its CPU model, clocks to time steps on it or on a device, and a pause of its collector.

The contracts' defaults use these (a ``Device`` times on the host clock and names the CPU), so they
live below the contracts and import nothing of benchit.
"""

from __future__ import annotations

import contextlib
import gc
import platform
import time
from collections.abc import Callable, Iterator
from typing import Any


def cpu_model() -> str:
    """The CPU's model name (``/proc/cpuinfo``, else what ``platform`` knows)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            for line in file:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class HostTimer:
    """Times each iteration with ``time.perf_counter_ns`` (for CPU work, or work that syncs itself)."""

    def run(self, step: Callable[[], object], iterations: int) -> list[float]:
        # Locals and a preallocated list keep the per-iteration cost to two clock reads and a
        # store (~0.1 us, see benchmarks/overhead.py); converting to seconds happens afterwards.
        clock = time.perf_counter_ns
        samples = [0] * iterations
        for i in range(iterations):
            start = clock()
            step()
            samples[i] = clock() - start
        return [s * 1e-9 for s in samples]


class EventTimer:
    """Times iterations with device events: one recorded before the loop and one after each
    step, with no synchronisation in the loop, read after one synchronisation at the end.

    An iteration's sample runs from the event after the step before it to the event after it, so
    the samples tile the loop: a step that keeps the device waiting on the host (launch-bound)
    is charged for the whole wait, as a hand-written loop timed with two events charges it. A
    pair of events around each step left out the gap between steps and added a record to each
    (ResNet-50 at batch 1 on an H200: 5.1% over such a loop, against 0.4% for these samples in
    the same run; benchmarks/cuda_timer_agreement.py).

    ``backend`` is the torch device module (``torch.cuda``, ``torch.xpu``) or anything
    with the same ``Event`` and ``synchronize``; tests pass a fake one.
    """

    def __init__(self, backend: Any):
        self.backend = backend

    def run(self, step: Callable[[], object], iterations: int) -> list[float]:
        # Events are created before the loop so that their allocation is not timed, and the stream
        # is looked up once: ``Event.record()`` with no stream builds a Stream object each time,
        # microseconds that a launch-bound step would be charged for.
        events = [self.backend.Event(enable_timing=True) for _ in range(iterations + 1)]
        current = getattr(self.backend, "current_stream", None)
        on = (current(),) if callable(current) else ()  # a backend without streams records on its own
        events[0].record(*on)
        for end in events[1:]:
            step()
            end.record(*on)
        self.backend.synchronize()
        # elapsed_time is in milliseconds
        return [start.elapsed_time(end) * 1e-3 for start, end in zip(events, events[1:], strict=False)]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused, then restored as it was: out of timed blocks (as
    ``timeit`` does), and out of a command that makes tens of thousands of records with no cycle."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
