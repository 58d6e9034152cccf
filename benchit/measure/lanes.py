"""Lanes: each instance of a device measures one model at a time, with its own lock and host cores."""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

from benchit import keys
from benchit.config import Config
from benchit.contracts import Accelerator, Device
from benchit.errors import Unavailable
from benchit.measure import contention, hostlock
from benchit.measure.environment import available_cpus

# How often a worker that found every lane busy looks again (it holds the device's gate meanwhile,
# so that one worker at a time looks and the rest wait in the kernel's queue).
POLL_S = 0.01


@dataclass(frozen=True)
class Lane:
    """One instance of a device as a worker holds it: its measurements take the host lock shared
    (``alone`` False: beside the other lanes, never beside a measurement on the CPU) or, where the
    device has one lane at a time, or too few host cores for each, exclusively, as the CPU does."""

    device: Device  # bound to its instance (``Device.at``)
    alone: bool = True
    cores: tuple[int, ...] = ()  # the host cores of its own, where it has them
    threads: int | None = None  # the thread count it measures with, where it has cores of its own
    serialised: str | None = None  # why its measurements run one at a time, where they do

    def facts(self) -> dict[str, Any]:
        """What a result records of its lane."""
        out: dict[str, Any] = {keys.DEVICE_INDEX: self.device.index}
        if self.cores:
            out[keys.LANE_CORES] = list(self.cores)
            out[keys.LANE_THREADS] = self.threads
        if self.serialised:
            out[keys.LANES_SERIALISED] = self.serialised
        return out


_current: Lane | None = None  # the lane this process holds now (``claim``)


def has_lanes(device: Device) -> bool:
    """Whether ``device`` has instances with locks of their own: accelerators, and any device with
    more than one instance. The CPU's lock is the host lock."""
    return isinstance(device, Accelerator) or device.instances() > 1


def instances(device: Device, config: Config) -> list[int]:
    """The instances of ``device`` this scan measures on: those ``--device NAME:i,j`` named, else
    every visible one; ``Unavailable`` for one not visible here."""
    count = device.instances()
    chosen = list(config.instances.get(device.name, ())) or list(range(count))
    missing = [i for i in chosen if not 0 <= i < count]
    if missing:
        raise Unavailable(
            f"device {device.name}:{missing[0]} is not visible here ({count} instance{'s' * (count != 1)}: "
            f"{device.name}:0 to {device.name}:{count - 1})"
        )
    return chosen


def plan(device: Device, chosen: list[int], position: int, jobs: int) -> Lane:
    """The lane of ``chosen[position]``: the host's cores divided among the chosen instances where
    there are enough (``Device.lane_cores`` each), else one lane at a time, with the reason."""
    bound = device.at(chosen[position])
    at_once = min(len(chosen), max(1, jobs))
    if at_once <= 1:
        return Lane(bound)
    cpus = available_cpus()
    share = len(cpus) // len(chosen)
    want = max(0, int(device.lane_cores))
    if want == 0:  # its work does not need the host while it runs: the lanes share the cores
        return Lane(bound, alone=False)
    if share < want:
        reason = (
            f"{len(cpus)} CPUs are too few for {len(chosen)} lanes of {device.name} ({want} each): "
            "measuring one lane at a time"
        )
        return Lane(bound, serialised=reason)
    own = tuple(cpus[position * share : (position + 1) * share])
    return Lane(bound, alone=False, cores=own, threads=share)


def _paths(device: Device, index: int) -> tuple[str, str]:
    folder = hostlock.lock_folder()
    name = "".join(c if c.isalnum() or c in "-_" else "_" for c in device.name)
    return str(folder / f"lane-{name}-{index}.lock"), str(folder / f"lane-{name}.gate")


def _take(files: Sequence[IO[str]]) -> int | None:
    for position, file in enumerate(files):
        try:
            fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return position
        except BlockingIOError:
            continue
    return None


@contextlib.contextmanager
def claim(device: Device, config: Config) -> Iterator[Lane]:
    """Hold a free instance of ``device`` for one model's work on it (its runtimes prepared, checked
    and measured), whichever is free first: a worker never waits for a particular one. A device
    without lanes (the CPU) holds nothing here: its measurements hold the host lock. Raises
    ``Unavailable`` for an instance ``--device`` named that is not here."""
    global _current
    if not has_lanes(device):
        lane = Lane(device.at(0))
        _current = lane
        try:
            yield lane
        finally:
            _current = None
        return
    chosen = instances(device, config)
    hostlock.lock_folder().mkdir(exist_ok=True)
    paths = [_paths(device, i)[0] for i in chosen]
    with contextlib.ExitStack() as stack:
        files = [stack.enter_context(open(p, "a")) for p in paths]
        position = _take(files)
        if position is None:
            with open(_paths(device, chosen[0])[1], "a") as gate:
                hostlock.flock_told(gate, fcntl.LOCK_EX)
                hostlock.tell_wait(True)
                try:
                    while (position := _take(files)) is None:
                        time.sleep(POLL_S)
                finally:
                    hostlock.tell_wait(False)
                    fcntl.flock(gate, fcntl.LOCK_UN)
        lane = plan(device, chosen, position, config.jobs)
        lane.device.select()
        _current = lane
        try:
            yield lane
        finally:
            _current = None
            fcntl.flock(files[position], fcntl.LOCK_UN)


def current() -> Lane | None:
    return _current


def threads(config: Config) -> int:
    """The thread count a measurement runs with: ``--threads``, or its lane's share of the cores."""
    lane = _current
    if lane is not None and lane.threads:
        return max(1, min(config.threads, lane.threads))
    return config.threads


@contextlib.contextmanager
def measuring() -> Iterator[None]:
    """What a measurement holds: the host lock exclusively (the CPU, a lane alone), or shared
    beside the other lanes, on its own cores where it has them."""
    lane = _current
    if lane is None or lane.alone:
        with hostlock.host_lock(exclusive=True):
            yield
        return
    with hostlock.host_lock(exclusive=False):
        before = None
        if lane.cores:
            with contextlib.suppress(OSError, AttributeError):
                before = os.sched_getaffinity(0)
                os.sched_setaffinity(0, lane.cores)
        try:
            yield
        finally:
            if before is not None:
                with contextlib.suppress(OSError):
                    os.sched_setaffinity(0, before)


@dataclass(frozen=True)
class LaneJudge(contention.Judge):
    """A lane's judge: its own threads' CPU wait, steal and pressure, on its own cores. Other
    runnable tasks are counted machine-wide, where the other lanes' threads are, so they are not
    held against one lane."""

    def load_share(self, reading: contention.Reading) -> float | None:
        return None


def judge(threshold: float, threads: int) -> contention.Judge:
    """The contention judge of a measurement in this process's lane."""
    base = contention.judge(threshold, threads)
    lane = _current
    if lane is None or lane.alone:
        return base
    return LaneJudge(**{**dataclasses.asdict(base), "cpus": len(lane.cores) or base.cpus})


def held(
    groups: list[tuple[str, str, str]], lookup: Callable[[str], Device], config: Config
) -> Iterator[tuple[tuple[str, str, str], Device, str | None]]:
    """For each (device, precision, mode) of ``groups``, a lane of the device held while the
    caller's loop body runs for it (until it asks for the next): the group, the device bound to
    its instance, and ``None``; or the unbound device and why it cannot be had here."""
    for group in groups:
        device = lookup(group[0])
        try:
            device.check()  # a device that is not here (cuda without a driver) has no instance to select
            lane = claim(device, config)
            bound = lane.__enter__()
        except Unavailable as exc:
            yield group, device, str(exc)
            continue
        except Exception as exc:  # noqa: BLE001 - a plugin device's broken instance fails its own results
            yield group, device, f"device {device.name}: selecting an instance raised {type(exc).__name__}: {exc}"
            continue
        try:
            yield group, bound.device, None
        finally:
            lane.__exit__(None, None, None)
