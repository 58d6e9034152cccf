"""A machine's noise floor: how far two runs of an unchanged model drift apart on it (``benchit calibrate``)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from benchit.numeric import finite_number

# A floor wider than this says the calibration ran on a machine too busy to resolve anything (two
# threads on a 2-core VM shared with other work read ±190% and more): it is kept and shown, and
# not used in verdicts, which then rest on their statistics alone.
USABLE_LIMIT = 0.5
# Two runs of an unchanged model differ by less than the floor with this probability.
COVERAGE = 0.95
Z = 1.959963984540054  # the normal quantile of (1 + COVERAGE) / 2


def band(sd: float) -> float:
    """The ratio band two runs stay within (as a fraction) when each run's log median has
    standard deviation ``sd``: their difference of logs has sd * sqrt(2), so exp(Z * sqrt(2) * sd) - 1."""
    return math.exp(Z * math.sqrt(2.0) * sd) - 1.0


def band_sd(fraction: float) -> float:
    """``band`` inverted: the standard deviation of each run's log median that gives this band."""
    return math.log1p(fraction) / (Z * math.sqrt(2.0))


@dataclass(frozen=True)
class Canary:
    """One canary model's reading: the median latency (seconds) of each fresh process, the
    standard deviation of their logs, and the run-to-run band that follows (``band``)."""

    name: str
    medians_s: tuple[float, ...]
    sd: float
    band: float

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "medians_s": list(self.medians_s), "sd": self.sd, "band": self.band}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Canary:
        return cls(
            name=str(data["name"]),
            medians_s=tuple(float(v) for v in data.get("medians_s") or ()),
            sd=float(data["sd"]),
            band=float(data["band"]),
        )


@dataclass(frozen=True)
class Floor:
    """This machine's run-to-run noise at one thread count and torch version: ``floor`` is the
    fraction X such that two runs of an unchanged model differ by less than ±X with 95%
    probability (the largest band of its canaries). ``short``: the few-second calibration a scan
    runs by itself when it finds none, not ``benchit calibrate``'s."""

    machine_id: str
    hostname: str
    threads: int
    torch: str
    floor: float
    canaries: tuple[Canary, ...]
    processes: int
    measured_at: str  # ISO 8601, UTC
    duration_s: float
    short: bool = False
    # With more than one thread: the fast level (microseconds) of the thread hand-off probe
    # (``measure.speed.HandOffProbe``), the least of the processes' readings; a scan waits out, or
    # flags, a round before which the probe reads ``SLOW_FACTOR`` times slower. None: not measured.
    handoff_us: float | None = None

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.machine_id, self.threads, release(self.torch))

    @property
    def file_name(self) -> str:
        """``<machine id>-t<threads>-torch<version>.json``: one file per machine, threads and torch."""
        torch = re.sub(r"[^A-Za-z0-9.+_-]", "_", self.torch) or "none"
        return f"{re.sub(r'[^A-Za-z0-9_-]', '_', self.machine_id)}-t{self.threads}-torch{torch}.json"

    @property
    def usable(self) -> bool:
        """Whether verdicts use this floor: at most ``USABLE_LIMIT``."""
        return usable(self.floor)

    @property
    def percent(self) -> str:
        """``±7.3%``"""
        return percent(self.floor)

    def describe(self) -> str:
        """``±7.3% at 1 thread (benchit calibrate, 8 processes, 2026-11-27)``"""
        how = "a scan's short calibration" if self.short else "benchit calibrate"
        threads = f"{self.threads} thread{'s' * (self.threads != 1)}"
        text = f"{self.percent} at {threads} ({how}, {self.processes} processes, {self.measured_at[:10]})"
        if self.floor == 0:
            text += "; no spread measured at all, not used"
        elif not self.usable:
            text += f"; too wide to judge by (over {percent(USABLE_LIMIT)}: the machine was busy), not used"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "machine_id": self.machine_id,
            "hostname": self.hostname,
            "threads": self.threads,
            "torch": self.torch,
            "floor": self.floor,
            "canaries": [c.to_dict() for c in self.canaries],
            "processes": self.processes,
            "measured_at": self.measured_at,
            "duration_s": self.duration_s,
            "short": self.short,
            "handoff_us": self.handoff_us,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Floor:
        floor = float(data["floor"])
        if not math.isfinite(floor) or floor < 0:
            raise ValueError(f"floor {floor!r} is not a fraction of at least 0")
        return cls(
            machine_id=str(data["machine_id"]),
            hostname=str(data.get("hostname") or ""),
            threads=int(data["threads"]),
            torch=str(data.get("torch") or ""),
            floor=floor,
            canaries=tuple(Canary.from_dict(c) for c in data.get("canaries") or ()),
            processes=int(data["processes"]),
            measured_at=str(data.get("measured_at") or ""),
            duration_s=float(data.get("duration_s") or 0.0),
            short=bool(data.get("short", False)),
            handoff_us=_positive(data.get("handoff_us")),
        )


def _positive(value: Any) -> float | None:
    """A level in a floor's file: a positive, finite number (``numeric.finite_number``), else None
    (an older file has none)."""
    return float(value) if finite_number(value) and value > 0 else None


def usable(fraction: float | None) -> bool:
    """Whether a floor (a fraction) is narrow enough for verdicts to use (``USABLE_LIMIT``)."""
    return fraction is not None and 0 < fraction <= USABLE_LIMIT


def inside(ratio: float, fraction: float) -> bool:
    """Whether ``ratio`` is within ±``fraction`` of no change, on the ratio's own scale:
    1 / (1 + fraction) <= ratio <= 1 + fraction (a floor's band, a threshold's, a step's)."""
    return 1.0 / (1.0 + fraction) <= ratio <= 1.0 + fraction


def percent(fraction: float) -> str:
    """A floor as people read it: ``±7.3%``."""
    return f"±{fraction * 100:.1f}%"


def release(torch: str) -> str:
    """A torch version without its local part (``2.5.1+cu124`` -> ``2.5.1``): the package's metadata,
    read where torch is not imported, has none, while a result records ``torch.__version__``."""
    return torch.partition("+")[0]


def pick(floors: dict[tuple[str, int, str], Floor], machine_id: Any, threads: Any, torch: Any) -> Floor | None:
    """The floor of a result measured on ``machine_id`` at ``threads`` with ``torch`` (None when
    there is none, or a value is missing)."""
    try:
        return floors.get((str(machine_id), int(threads), release(str(torch or "")))) if machine_id else None
    except (TypeError, ValueError):
        return None
