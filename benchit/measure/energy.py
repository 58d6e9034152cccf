"""Energy per step: a device's energy counter read around each timed block, as the timer is."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from benchit import keys
from benchit.contracts import Device, Step, Timer

# A counter updated less often than this is too coarse to read around timed blocks: extending every
# block to its update period would cost more than the measurement.
MAX_UPDATE_S = 1.0


@dataclass
class _Round:
    joules: float = 0.0
    steps: int = 0
    seconds: float = 0.0


@dataclass
class EnergyMeter:
    """Reads ``device.energy_joules()`` before and after every block its ``timer`` runs, and adds
    up per round the counter's increase, the steps and the block's wall time. A block shorter than
    the counter's update period runs the step on (untimed: its latencies are not the block's)
    until the period has passed, and those steps count too."""

    device: Device
    reason: str | None = None  # why there is no energy (None: it is being read)
    rounds: list[_Round] = field(default_factory=list)
    extended_steps: int = 0

    @classmethod
    def start(cls, device: Device) -> EnergyMeter:
        try:
            first = device.energy_joules()
        except Exception as exc:  # noqa: BLE001 - a broken counter is a reason, not a failure
            return cls(device, f"energy_joules() raised {type(exc).__name__}: {exc}")
        if first is None:
            try:
                reason = device.energy_reason()
            except Exception as exc:  # noqa: BLE001
                reason = f"energy_reason() raised {type(exc).__name__}: {exc}"
            return cls(device, reason or f"device {device.name} has no energy counter")
        update = float(device.energy_update_s or 0.0)
        if update > MAX_UPDATE_S:
            return cls(
                device,
                f"the energy counter of {device.name} is updated every {update:g} s, too coarse to read around "
                f"timed blocks (at most {MAX_UPDATE_S:g} s)",
            )
        return cls(device)

    def timer(self, inner: Timer) -> Timer:
        """``inner`` with the counter read around each block, into a new round."""
        if self.reason is not None:
            return inner
        self.rounds.append(_Round())
        return _EnergyTimer(self, inner, self.rounds[-1])

    def _read(self) -> float | None:
        if self.reason is not None:
            return None
        try:
            value = self.device.energy_joules()
        except Exception as exc:  # noqa: BLE001
            value, self.reason = None, f"energy_joules() raised {type(exc).__name__}: {exc}"
        if value is None and self.reason is None:
            self.reason = "the energy counter stopped answering while measuring"
        return value

    def facts(self) -> dict[str, Any]:
        """The result's energy facts: per step and mean power, the median over rounds and their
        spread (coefficient of variation), or the reason there are none."""
        if self.reason is not None:
            return {keys.ENERGY_REASON: self.reason}
        rounds = [r for r in self.rounds if r.steps > 0 and r.seconds > 0]
        if not rounds:
            return {keys.ENERGY_REASON: "no timed block was read"}
        if any(r.joules < 0 for r in rounds):
            return {keys.ENERGY_REASON: "the energy counter went backwards"}
        if sum(r.joules for r in rounds) == 0:
            return {keys.ENERGY_REASON: "the energy counter did not move over the timed blocks (too coarse)"}
        per_step = [r.joules / r.steps for r in rounds]
        power = [r.joules / r.seconds for r in rounds]
        return {**summary(per_step, power), keys.ENERGY_EXTENDED_STEPS: self.extended_steps}


def summary(per_step: list[float], power: list[float]) -> dict[str, Any]:
    """The energy facts of rounds: each round's energy per step and mean power, their medians and
    spreads (a result's own rounds, or every pass's once passes join)."""
    return {
        keys.ENERGY_J: statistics.median(per_step),
        keys.ENERGY_J_ROUNDS: per_step,
        keys.ENERGY_J_CV: _cv(per_step),
        keys.POWER_W: statistics.median(power),
        keys.POWER_W_ROUNDS: power,
        keys.POWER_W_CV: _cv(power),
    }


def _cv(values: list[float]) -> float | None:
    mean = statistics.fmean(values)
    return statistics.stdev(values) / mean if len(values) > 1 and mean > 0 else None


class _EnergyTimer:
    def __init__(self, meter: EnergyMeter, inner: Timer, into: _Round):
        self.meter, self.inner, self.into = meter, inner, into

    def run(self, step: Step, iterations: int) -> list[float]:
        meter = self.meter
        before = meter._read()
        start = time.perf_counter()
        latencies = self.inner.run(step, iterations)
        steps = len(latencies)
        update = meter.device.energy_update_s or 0.0
        while time.perf_counter() - start < update and steps > 0:
            step()  # extend a short block to the counter's update period
            meter.device.synchronize()
            steps += 1
            meter.extended_steps += 1
        seconds = time.perf_counter() - start
        after = meter._read()
        if before is not None and after is not None:
            self.into.joules += after - before
            self.into.steps += steps
            self.into.seconds += seconds
        return latencies
