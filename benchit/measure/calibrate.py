"""The noise floor's canaries: fixed models timed in fresh processes spread over time (``benchit calibrate``).

Each process is a fresh interpreter (``python -m benchit.measure.calibrate``), because the point
is the variation from one process to the next: where the allocator, the page cache, the
frequency governor and the scheduler put it. Inside one, every canary is warmed up and timed with
the timing loop every measurement uses (``timing.measure`` on the host timer), once per thread
count, holding the host lock as a scan's measurement does, and the process prints each canary's
median as one JSON line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from benchit.config import TimingSettings
from benchit.errors import BenchitError
from benchit.floor import Canary, Floor, band
from benchit.nested import sample_variance

CANARIES = ("gemm", "conv", "copy", "python")
# With more than one thread, each process also reads the thread hand-off probe (``speed.HandOffProbe``)
# this many times; the median, in seconds, is the reading's ``HANDOFF`` entry. It is a level for the
# rounds' gate (``Floor.handoff_us``), not a canary: it sets no floor.
HANDOFF, HANDOFF_READINGS = "handoff", 9
# ``benchit calibrate``'s defaults, and the short one a scan runs when it finds no floor.
PROCESSES, DURATION_S = 8, 180.0
SHORT_PROCESSES, SHORT_DURATION_S = 3, 6.0
PROCESS_TIMEOUT_S = 300.0

# One canary process's reading: thread count -> canary -> median latency in seconds.
Reading = dict[int, dict[str, float]]


class CalibrationError(BenchitError):
    """A canary process failed: the calibration has no floor to give."""


def _canary(name: str, threads: int) -> Callable[[], object]:
    """The step of one canary: a GEMM and a convolution (compute-bound, on torch's thread pool),
    a copy larger than the caches (memory-bound) and a loop in the interpreter."""
    import torch

    torch.manual_seed(0)
    if name == "gemm":
        a, b = torch.randn(384, 384), torch.randn(384, 384)
        return lambda: torch.mm(a, b)
    if name == "conv":
        conv, x = torch.nn.Conv2d(16, 32, 3, padding=1).eval(), torch.randn(1, 16, 56, 56)

        def step() -> object:
            with torch.no_grad():
                return conv(x)

        return step
    if name == "copy":
        src, dst = torch.randn(4 * 2**20), torch.empty(4 * 2**20)  # 16 MiB each
        return lambda: dst.copy_(src)
    if name == "python":

        def loop() -> int:
            total = 0
            for i in range(20_000):
                total += i * i
            return total

        return loop
    raise ValueError(f"unknown canary {name!r}")


def measure_canaries(threads: Sequence[int], seconds: float) -> Reading:
    """In this process: each canary's median latency at each thread count, each timed for about
    ``seconds`` after a short warm-up."""
    import torch

    from benchit.host import HostTimer
    from benchit.measure import contention, heap, hostlock, speed, timing

    heap.hold()  # as a scan's worker holds it: the floor is the drift of processes measured alike

    settings = TimingSettings(
        warmup_max_s=min(0.5, seconds),
        min_iterations=8,
        min_time_s=seconds,
        max_time_s=2 * seconds,
        rounds=1,
    )
    reading: Reading = {}
    with hostlock.host_lock(exclusive=True):  # never beside a measurement of a scan
        for count in threads:
            torch.set_num_threads(count)
            # Blocks measured while other work took the CPU are set aside and measured again, as in
            # a scan: the floor is this machine's own drift from process to process, not its
            # neighbours' load (which a scan flags ``contended`` instead).
            judge = contention.judge(settings.contention_threshold, count)
            reading[count] = {
                name: timing.measure(
                    _canary(name, count), HostTimer(), settings, contention.BlockWatch(judge)
                ).median_ms
                / 1e3
                for name in CANARIES
            }
            if count > 1:
                probe = speed.HandOffProbe(count)
                reading[count][HANDOFF] = statistics.median(probe.probe_us() for _ in range(HANDOFF_READINGS)) / 1e6
    return reading


def run_process(threads: Sequence[int], seconds: float) -> Reading:
    """One fresh interpreter's reading (``measure_canaries`` there); ``CalibrationError`` if it fails."""
    command = [sys.executable, "-m", "benchit.measure.calibrate", "--threads", ",".join(map(str, threads))]
    command += ["--seconds", repr(seconds)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=PROCESS_TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CalibrationError(f"a canary process failed: {type(exc).__name__}: {exc}") from None
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise CalibrationError(f"a canary process exited with {done.returncode}: {last}")
    try:
        data = json.loads(lines[-1])
        reading = {int(t): {name: float(data[t][name]) for name in CANARIES} for t in data}
        for t in data:
            if HANDOFF in data[t]:
                reading[int(t)][HANDOFF] = float(data[t][HANDOFF])
        return reading
    except (ValueError, KeyError, TypeError) as exc:
        raise CalibrationError(f"a canary process printed no reading ({exc})") from None


# From this many processes on, a canary's spread is the robust one (``spread``).
ROBUST_FROM = 5


def spread(medians: Sequence[float]) -> tuple[float, float]:
    """The standard deviation of the logs of per-process medians and the band it gives
    (``floor.band``): robust (1.4826 x the median absolute deviation) from ``ROBUST_FROM``
    processes on, the sample standard deviation below."""
    if len(medians) < 2 or not all(m > 0 and math.isfinite(m) for m in medians):
        raise ValueError("needs at least 2 positive, finite medians")
    logs = [math.log(m) for m in medians]
    if len(logs) >= ROBUST_FROM:
        # One process caught in a burst must not set the floor: the median absolute deviation,
        # scaled to a standard deviation for normal data.
        centre = statistics.median(logs)
        sd = 1.4826 * statistics.median(abs(v - centre) for v in logs)
    else:
        sd = math.sqrt(sample_variance(logs))
    return sd, band(sd)


def floor_of(
    readings: Sequence[Reading],
    threads: int,
    machine_id: str,
    hostname: str,
    torch: str,
    measured_at: str,
    duration_s: float,
    short: bool = False,
) -> Floor:
    """The floor at ``threads`` from K processes' readings: each canary's band from the spread of
    its K per-process medians, and the floor the largest band of the canaries (a model is no
    steadier than the least steady kind of work it does)."""
    canaries = []
    for name in CANARIES:
        medians = tuple(r[threads][name] for r in readings)
        sd, width = spread(medians)
        canaries.append(Canary(name, medians, sd, width))
    handoffs = [h for r in readings if (h := r[threads].get(HANDOFF)) is not None and h > 0]
    return Floor(
        machine_id=machine_id,
        hostname=hostname,
        threads=threads,
        torch=torch,
        floor=max(c.band for c in canaries),
        canaries=tuple(canaries),
        processes=len(readings),
        measured_at=measured_at,
        duration_s=duration_s,
        short=short,
        # The fast level: the least process's median (a process in the slow state reads about twice it).
        handoff_us=min(handoffs) * 1e6 if handoffs and len(handoffs) == len(readings) else None,
    )


def canary_seconds(threads: Sequence[int], processes: int, duration_s: float) -> float:
    """How long each canary is timed in one process: a quarter of its share of the process's slot,
    between 0.05 and 0.5 s (the rest of the slot is the interpreter's start and the pause)."""
    share = duration_s / max(1, processes) / max(1, len(threads) * len(CANARIES)) / 4
    return min(0.5, max(0.05, share))


@dataclass(frozen=True)
class Clock:
    """Time as the calibration reads it; tests pass a fake one."""

    monotonic: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    now: Callable[[], datetime.datetime] = lambda: datetime.datetime.now(datetime.timezone.utc)


def calibrate(
    threads: Sequence[int],
    processes: int,
    duration_s: float,
    machine_id: str,
    hostname: str,
    torch: str,
    short: bool = False,
    run: Callable[[Sequence[int], float], Reading] = run_process,
    clock: Clock | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Floor]:
    """Run ``processes`` canary processes (``run``), the i-th started ``i * duration_s / processes``
    seconds after the first (or as soon as the one before ends), and return the floor at each
    thread count. ``progress(done, processes)`` after each process."""
    if processes < 2:
        raise ValueError("a floor needs at least 2 processes")
    clock = clock or Clock()
    counts = list(dict.fromkeys(threads))
    seconds = canary_seconds(counts, processes, duration_s)
    start, when = clock.monotonic(), clock.now()
    readings = []
    for i in range(processes):
        wait = start + i * duration_s / processes - clock.monotonic()
        if wait > 0:
            clock.sleep(wait)
        readings.append(run(counts, seconds))
        if progress is not None:
            progress(i + 1, processes)
    took = clock.monotonic() - start
    measured_at = when.replace(microsecond=0).isoformat()
    return [floor_of(readings, t, machine_id, hostname, torch, measured_at, took, short) for t in counts]


def here(
    threads: Sequence[int],
    processes: int = PROCESSES,
    duration_s: float = DURATION_S,
    short: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[Floor]:
    """``calibrate`` on this machine, with the torch version installed here (read without importing it)."""
    from benchit.measure.environment import host

    this = host()
    torch = this.versions.get("torch", "")
    machine = this.machine
    return calibrate(threads, processes, duration_s, machine.id, machine.hostname, torch, short, progress=progress)


def main(argv: list[str] | None = None) -> int:
    """A canary process: print ``{threads: {canary: median seconds}}`` as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m benchit.measure.calibrate")
    parser.add_argument("--threads", required=True, help="thread counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=0.3, help="time each canary this long")
    args = parser.parse_args(argv)
    reading = measure_canaries([int(t) for t in args.threads.split(",")], args.seconds)
    print(json.dumps({str(t): values for t, values in reading.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
