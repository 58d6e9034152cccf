"""Energy per step: the counter read around timed blocks, its arithmetic, and counters absent or too coarse."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import pytest

from benchit import keys
from benchit.backends.energy import Nvml, Rapl
from benchit.contracts import Device
from benchit.host import HostTimer
from benchit.measure.energy import MAX_UPDATE_S, EnergyMeter


class Counted(Device):
    """A device whose counter adds ``per_step`` joules at each step it runs."""

    name = "counted"

    def __init__(self, per_step: float = 0.5, update_s: float = 0.0, absent: bool = False):
        self.per_step, self.energy_update_s, self.absent = per_step, update_s, absent
        self.steps = 0

    def step(self) -> None:
        self.steps += 1

    def energy_joules(self) -> float | None:
        return None if self.absent else 1000.0 + self.per_step * self.steps

    def energy_reason(self) -> str:
        return "no counter on this test device"


def test_energy_per_step_and_power_over_rounds() -> None:
    device = Counted(per_step=0.5)
    meter = EnergyMeter.start(device)
    assert meter.reason is None
    for iterations in (10, 20, 40):  # three rounds of one block each, then one of two blocks
        timer = meter.timer(HostTimer())
        assert len(timer.run(device.step, iterations)) == iterations
    timer = meter.timer(HostTimer())
    timer.run(device.step, 5)
    timer.run(device.step, 7)
    facts = meter.facts()
    assert facts[keys.ENERGY_J] == pytest.approx(0.5)
    assert facts[keys.ENERGY_J_ROUNDS] == pytest.approx([0.5] * 4)
    assert facts[keys.ENERGY_J_CV] == pytest.approx(0.0)
    assert meter.rounds[3].steps == 12 and meter.rounds[3].joules == pytest.approx(6.0)
    # mean power: each round's joules over its blocks' wall time
    power = [r.joules / r.seconds for r in meter.rounds]
    assert facts[keys.POWER_W] == pytest.approx(statistics.median(power))
    assert facts[keys.POWER_W] > 0 and keys.ENERGY_REASON not in facts


def test_a_block_shorter_than_the_update_period_is_extended() -> None:
    device = Counted(per_step=1.0, update_s=0.05)
    meter = EnergyMeter.start(device)
    timer = meter.timer(HostTimer())
    start = time.perf_counter()
    latencies = timer.run(device.step, 3)
    assert len(latencies) == 3  # the block's own latencies only
    assert time.perf_counter() - start >= 0.05
    assert meter.rounds[0].steps == device.steps > 3  # the steps run on count for energy
    assert meter.facts()[keys.ENERGY_J] == pytest.approx(1.0)
    assert meter.facts()[keys.ENERGY_EXTENDED_STEPS] == device.steps - 3


def test_an_absent_counter_says_why() -> None:
    meter = EnergyMeter.start(Counted(absent=True))
    inner = HostTimer()
    assert meter.timer(inner) is inner  # nothing read around the blocks
    assert meter.facts() == {keys.ENERGY_REASON: "no counter on this test device"}


def test_a_counter_too_coarse_is_left_out_with_the_reason() -> None:
    meter = EnergyMeter.start(Counted(update_s=MAX_UPDATE_S * 5))
    reason = meter.facts()[keys.ENERGY_REASON]
    assert "updated every 5 s, too coarse" in reason


def test_a_counter_that_never_moves_is_too_coarse() -> None:
    device = Counted(per_step=0.0)
    meter = EnergyMeter.start(device)
    meter.timer(HostTimer()).run(device.step, 5)
    assert "did not move" in meter.facts()[keys.ENERGY_REASON]


def test_a_counter_that_raises_is_a_reason() -> None:
    class Broken(Counted):
        def energy_joules(self) -> float | None:
            raise OSError("gone")

    assert "energy_joules() raised OSError: gone" in EnergyMeter.start(Broken()).facts()[keys.ENERGY_REASON]


def _domain(root: Path, name: str, energy_uj: int, wrap: int) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "energy_uj").write_text(f"{energy_uj}\n")
    (folder / "max_energy_range_uj").write_text(f"{wrap}\n")
    return folder


def test_rapl_sums_the_packages_and_undoes_a_wrap(tmp_path: Path) -> None:
    a = _domain(tmp_path, "intel-rapl:0", 5_000_000, 10_000_000)
    _domain(tmp_path, "intel-rapl:1", 1_000_000, 10_000_000)
    _domain(tmp_path, "intel-rapl:0:0", 999_000_000, 10_000_000)  # a sub-zone (core): counted in its package
    rapl = Rapl(str(tmp_path))
    assert rapl.read() == pytest.approx(6.0)
    (a / "energy_uj").write_text("2000000\n")  # wrapped past 10 J
    assert rapl.read() == pytest.approx(2.0 + 10.0 + 1.0)


def test_rapl_absent_or_unreadable_says_why(tmp_path: Path) -> None:
    rapl = Rapl(str(tmp_path / "none"))
    assert rapl.read() is None and "no RAPL package domains" in rapl.reason
    if os.geteuid() == 0:
        return  # root reads anything
    folder = _domain(tmp_path, "intel-rapl:0", 1, 10)
    (folder / "energy_uj").chmod(0)
    rapl = Rapl(str(tmp_path))
    assert rapl.read() is None and "readable only by root" in rapl.reason


def test_nvml_absent_says_why() -> None:
    pytest.importorskip("torch")
    try:
        import pynvml  # noqa: F401
    except ImportError:
        nvml = Nvml()
        assert nvml.read(0) is None and "nvidia-ml-py" in nvml.reason
