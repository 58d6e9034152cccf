"""Lanes: instances of a device, a lock per instance taken whichever is free, host cores per lane."""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import Any

import pytest

from benchit import keys
from benchit.config import Config
from benchit.contracts import Accelerator
from benchit.errors import Unavailable
from benchit.measure import hostlock, lanes


class FakeBackend:
    def __init__(self, count: int):
        self.count, self.current = count, 0

    def device_count(self) -> int:
        return self.count

    def set_device(self, index: int) -> None:
        self.current = index


class Fake(Accelerator):
    name = "fake-lanes"
    torch_device = "cpu"
    lane_cores = 1

    def __init__(self, count: int = 4):
        self._backend = FakeBackend(count)

    def backend(self) -> Any:
        return self._backend


@pytest.fixture(autouse=True)
def _own_lock_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(hostlock.HOST_TMPDIR_ENV, str(tmp_path))


def _config(tmp_path: Path, jobs: int = 4, **instances: tuple[int, ...]) -> Config:
    return Config(cache_dir=tmp_path, jobs=jobs, instances={k.replace("_", "-"): v for k, v in instances.items()})


def test_instances_every_visible_one_or_those_named(tmp_path: Path) -> None:
    device = Fake(4)
    assert lanes.instances(device, _config(tmp_path)) == [0, 1, 2, 3]
    assert lanes.instances(device, _config(tmp_path, fake_lanes=(0, 2))) == [0, 2]
    with pytest.raises(Unavailable, match=r"fake-lanes:5 is not visible here \(4 instances"):
        lanes.instances(device, _config(tmp_path, fake_lanes=(1, 5)))


def test_at_binds_an_instance_and_select_makes_it_current() -> None:
    device = Fake(4)
    bound = device.at(2)
    assert bound.index == 2 and device.index == 0 and bound.torch_device == "cpu"
    bound.select()
    assert device.backend().current == 2


def test_cores_divided_among_lanes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lanes, "available_cpus", lambda: list(range(8)))
    lane = lanes.plan(Fake(4), [0, 1, 2, 3], 2, jobs=4)
    assert not lane.alone and lane.cores == (4, 5) and lane.threads == 2
    assert lane.facts() == {keys.DEVICE_INDEX: 2, keys.LANE_CORES: [4, 5], keys.LANE_THREADS: 2}
    # one lane at a time (-j 1, or one instance): as alone as the CPU, nothing to divide
    assert lanes.plan(Fake(4), [0, 1, 2, 3], 0, jobs=1).alone
    assert lanes.plan(Fake(1), [0], 0, jobs=4).alone


def test_too_few_cores_serialises_the_lanes_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lanes, "available_cpus", lambda: [0, 1])
    lane = lanes.plan(Fake(4), [0, 1, 2, 3], 1, jobs=4)
    assert lane.alone and lane.serialised is not None
    assert "2 CPUs are too few for 4 lanes of fake-lanes (1 each)" in lane.serialised
    # a device whose work needs no host while it runs shares the cores instead
    free = Fake(4)
    free.lane_cores = 0
    lane = lanes.plan(free, [0, 1, 2, 3], 1, jobs=4)
    assert not lane.alone and lane.cores == () and lane.serialised is None


def test_a_lock_per_instance_taken_whichever_is_free(tmp_path: Path) -> None:
    device = Fake(3)
    config = _config(tmp_path)
    with lanes.claim(device, config) as first:
        assert first.device.index == 0
        with lanes.claim(device, config) as second:  # a second worker: the next free one, at once
            assert second.device.index == 1
        # another process holds instance 2's lock (flock: any other open file description)
        folder = hostlock.lock_folder()
        with open(folder / "lane-fake-lanes-1.lock", "a") as held:
            fcntl.flock(held, fcntl.LOCK_EX)
            with lanes.claim(device, config) as third:
                assert third.device.index == 2
    assert lanes.current() is None
    # all free again: the first instance
    with lanes.claim(device, config) as again:
        assert again.device.index == 0 and lanes.current() is again


def test_the_cpu_holds_no_lane_lock(tmp_path: Path) -> None:
    from benchit.backends.devices import CPU

    with lanes.claim(CPU(), _config(tmp_path)) as lane:
        assert lane.alone and lane.device.index == 0
    assert not list(hostlock.lock_folder().glob("lane-*")) if hostlock.lock_folder().exists() else True


def test_a_lanes_judge_does_not_count_other_lanes_tasks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(lanes, "available_cpus", lambda: list(range(8)))
    with lanes.claim(Fake(4), _config(tmp_path)):
        judge = lanes.judge(0.1, 2)
        assert isinstance(judge, lanes.LaneJudge) and judge.cpus == 2
        assert judge.load_share(lanes.contention.Reading(others_sum=40.0, others_samples=10)) is None
