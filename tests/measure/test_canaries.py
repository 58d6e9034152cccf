"""The noise floor's maths on a fake clock and injected process readings, and one real canary process."""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Sequence

import pytest

from benchit.floor import Floor, band
from benchit.judge.noise import machine_noise
from benchit.measure import calibrate
from benchit.measure.calibrate import CANARIES, Clock, Reading


class FakeClock:
    """A clock that moves only when slept on, or by ``cost`` per canary process."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += seconds

    def clock(self) -> Clock:
        start = datetime.datetime(2026, 11, 27, 10, 0, 0, 123, tzinfo=datetime.timezone.utc)
        return Clock(monotonic=lambda: self.t, sleep=self.sleep, now=lambda: start)


def test_the_band_is_the_95_percent_range_of_the_ratio_of_two_runs() -> None:
    sd, width = calibrate.spread([1.0, 1.1, 0.9])
    logs = [0.0, math.log(1.1), math.log(0.9)]
    mean = sum(logs) / 3
    assert sd == pytest.approx(math.sqrt(sum((v - mean) ** 2 for v in logs) / 2))
    assert width == pytest.approx(math.exp(1.959964 * math.sqrt(2) * sd) - 1, rel=1e-6)
    assert band(0.0) == 0.0
    assert calibrate.spread([2.0, 2.0, 2.0]) == (0.0, 0.0)  # no spread: no floor to speak of
    with pytest.raises(ValueError):
        calibrate.spread([1.0])


def test_processes_are_spread_over_the_duration_and_the_floor_is_the_widest_canary() -> None:
    fake = FakeClock()
    # gemm's medians vary by ±10% across processes at 1 thread, the others by ±1%; at 2 threads copy by ±20%.
    wobble = [1.0, 1.1, 0.9, 1.05]
    asked: list[tuple[list[int], float]] = []

    def run(threads: Sequence[int], seconds: float) -> Reading:
        asked.append((list(threads), seconds))
        i = len(asked) - 1
        fake.t += 2.0  # each process takes 2 s
        one = {name: 0.001 * (wobble[i] if name == "gemm" else 1 + (wobble[i] - 1) / 10) for name in CANARIES}
        two = {name: 0.002 * (1 + 2 * (wobble[i] - 1) if name == "copy" else 1.0) for name in CANARIES}
        return {1: one, 2: two}

    floors = calibrate.calibrate([1, 2, 1], 4, 40.0, "m1", "host", "2.5.0", run=run, clock=fake.clock())
    assert [f.threads for f in floors] == [1, 2]
    assert all(a == ([1, 2], pytest.approx(0.3125)) for a in asked)  # 40 s / 4 / 8 canaries / 4
    # Process i starts i * 10 s after the first: the 2 s it took is not waited again.
    assert fake.sleeps == [pytest.approx(8.0)] * 3
    one, two = floors
    assert one.floor == pytest.approx(calibrate.spread([0.001 * w for w in wobble])[1])
    assert one.floor == max(c.band for c in one.canaries) and one.canaries[0].name == "gemm"
    assert two.floor == pytest.approx(calibrate.spread([0.002 * (1 + 2 * (w - 1)) for w in wobble])[1])
    assert {c.name: c.band for c in two.canaries}["gemm"] == 0.0
    assert (one.processes, one.duration_s, one.measured_at) == (4, pytest.approx(32.0), "2026-11-27T10:00:00+00:00")
    assert (one.machine_id, one.hostname, one.torch, one.short) == ("m1", "host", "2.5.0", False)
    assert Floor.from_dict(one.to_dict()) == one
    assert one.file_name == "m1-t1-torch2.5.0.json"


def test_a_floor_describes_itself_and_needs_two_processes() -> None:
    fake = FakeClock()

    def run(threads: Sequence[int], seconds: float) -> Reading:
        return {t: dict.fromkeys(CANARIES, 0.001 * (1 + len(fake.sleeps) / 20)) for t in threads}

    (floor,) = calibrate.calibrate([1], 3, 0.0, "m1", "h", "2.5.0", short=True, run=run, clock=fake.clock())
    assert fake.sleeps == []  # no time to spread them over: one after another
    assert floor.describe().startswith(f"{floor.percent} at 1 thread (a scan's short calibration, 3 processes, ")
    assert machine_noise(0.073) == "this machine's run-to-run noise, ±7.3%"
    # Not used, each for its own reason: no spread at all, and too wide.
    assert dataclasses.replace(floor, floor=0.0).describe().endswith("; no spread measured at all, not used")
    assert dataclasses.replace(floor, floor=0.6).describe().endswith("(over ±50.0%: the machine was busy), not used")
    with pytest.raises(ValueError):
        calibrate.calibrate([1], 1, 0.0, "m1", "h", "2.5.0", run=run, clock=fake.clock())


def test_the_floor_keeps_the_least_hand_off_reading_of_its_processes_when_each_has_one() -> None:
    fake = FakeClock()
    handoffs = iter([0.0014, 0.0007, 0.0008])

    def run(threads: Sequence[int], seconds: float) -> Reading:
        return {1: dict.fromkeys(CANARIES, 0.001), 2: {**dict.fromkeys(CANARIES, 0.002), "handoff": next(handoffs)}}

    one, two = calibrate.calibrate([1, 2], 3, 0.0, "m1", "h", "2.5.0", run=run, clock=fake.clock())
    assert one.handoff_us is None  # one thread hands nothing over
    assert two.handoff_us == pytest.approx(700.0)  # the process in the slow state read twice it
    assert [c.name for c in two.canaries] == list(CANARIES)  # a level, not a canary: it sets no floor
    assert Floor.from_dict(two.to_dict()) == two
    older = {k: v for k, v in two.to_dict().items() if k != "handoff_us"}  # a file from before the probe
    assert Floor.from_dict(older).handoff_us is None
    assert Floor.from_dict({**older, "handoff_us": "NaN"}).handoff_us is None
    readings = [{2: dict.fromkeys(CANARIES, 0.002)}, {2: {**dict.fromkeys(CANARIES, 0.002), "handoff": 0.0007}}]
    assert calibrate.floor_of(readings, 2, "m1", "h", "2.5.0", "", 0.0).handoff_us is None  # one process lacked it


def test_a_canary_process_is_a_fresh_interpreter_that_times_every_canary() -> None:
    reading = calibrate.run_process([1, 2], 0.05)
    assert set(reading) == {1, 2} and set(reading[1]) == set(CANARIES)
    assert set(reading[2]) == {*CANARIES, "handoff"}  # with two threads, the hand-off probe's level too
    assert all(0 < v < 1 for t in (1, 2) for v in reading[t].values()), reading
