"""Comparing energy per step: each side's per-round energies tested as latency's round medians are, in energy's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchit.judge.comparable import busy_reason, positive
from benchit.judge.stats import NO_SPREAD as STATS_NO_SPREAD
from benchit.judge.stats import compare_paired, compare_rounds
from benchit.judge.verdicts import CompareVerdict, EnergyVerdict
from benchit.keys import CONTENDED, ENERGY_J, ENERGY_J_ROUNDS, ENERGY_REASON, ENERGY_ROUND_PASSES

MIN_ROUNDS = 2  # fewer: no spread across rounds to test against
NO_SPREAD = "no spread: every round's energy per step is the same on each side, so no interval"
_WORDS = {
    CompareVerdict.SLOWER: EnergyVerdict.HIGHER,
    CompareVerdict.FASTER: EnergyVerdict.LOWER,
    CompareVerdict.SAME: EnergyVerdict.SAME,
}


@dataclass(frozen=True)
class EnergyChange:
    """NEW's energy per step over BASE's (the ratio of the geometric means of their rounds), its
    confidence interval, the test's p-value and method, and the verdict; or, inconclusive, why."""

    verdict: EnergyVerdict
    ratio: float | None = None
    ratio_low: float | None = None
    ratio_high: float | None = None
    p_value: float | None = None
    method: str | None = None
    reason: str = ""  # why it is inconclusive

    @property
    def text(self) -> str:
        """``higher``, ``inconclusive: too few rounds: 1 in base``."""
        return f"{self.verdict.value}: {self.reason}" if self.reason else self.verdict.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "ratio": self.ratio,
            "ratio_low": self.ratio_low,
            "ratio_high": self.ratio_high,
            "p_value": self.p_value,
            "method": self.method,
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EnergyChange:
        return cls(
            verdict=EnergyVerdict(data["verdict"]),
            ratio=data.get("ratio"),
            ratio_low=data.get("ratio_low"),
            ratio_high=data.get("ratio_high"),
            p_value=data.get("p_value"),
            method=data.get("method"),
            reason=data.get("reason", ""),
        )


def energy_rounds(row: dict[str, Any]) -> list[float]:
    """Each round's energy per step of a row's result; a result that kept no rounds is one round,
    its ``energy_j``; none without energy."""
    rounds = row.get(ENERGY_J_ROUNDS)
    if isinstance(rounds, (list, tuple)) and len(rounds):
        return [float(r) for r in rounds]
    value = row.get(ENERGY_J)
    return [float(value)] if positive(value) else []


def energy_passes(row: dict[str, Any]) -> list[int] | None:
    """The pass of each of a row's energy rounds, or None: one pass."""
    passes = row.get(ENERGY_ROUND_PASSES)
    if not isinstance(passes, (list, tuple)) or not passes or len(passes) != len(energy_rounds(row)):
        return None
    return [int(p) for p in passes]


def has_energy(row: dict[str, Any]) -> bool:
    return bool(energy_rounds(row))


def judge_energy(
    base: dict[str, Any], new: dict[str, Any], threshold: float, labels: tuple[str, str], paired: bool = False
) -> EnergyChange | None:
    """The verdict on the energy per step of two results measured on both sides (``None`` where
    neither has energy): the test latency's rounds get (``judge.stats``: Welch's t on the logs of
    the rounds, or the paired test for rounds interleaved in one scan), with the same
    ``threshold``, as lower, higher or no significant change. Inconclusive where a side has no
    energy (with its ``energy_reason``), fewer than two rounds of it, or was contended (a busy
    machine's other work reaches a shared counter, RAPL's package)."""
    sides = ((base, labels[0]), (new, labels[1]))
    if not any(has_energy(row) for row, _ in sides):
        return None
    found: dict[str, list[str]] = {}
    for row, label in sides:
        rounds = energy_rounds(row)
        if not rounds:
            why = row.get(ENERGY_REASON)
            found.setdefault("no energy", []).append(f"in {label}" + (f" ({why})" if isinstance(why, str) else ""))
        elif not all(positive(r) for r in rounds):
            found.setdefault("no energy", []).append(f"a round without energy in {label}")
        elif len(rounds) < MIN_ROUNDS:
            found.setdefault("too few rounds", []).append(f"{len(rounds)} in {label}")
        if row.get(CONTENDED):
            found.setdefault("busy", []).append(
                f"{busy_reason(row).removeprefix('busy').lstrip(': ')} in {label}".strip()
            )
    if found:
        reason = "; ".join(f"{kind}: {', '.join(where)}" for kind, where in found.items())
        return EnergyChange(EnergyVerdict.INCONCLUSIVE, reason=reason)
    b, n = energy_rounds(base), energy_rounds(new)
    if paired and len(b) == len(n):
        change = compare_paired(b, n, threshold)
    else:  # each side's level and variance nested in its passes, as latency's
        change = compare_rounds(b, n, threshold, base_groups=energy_passes(base), new_groups=energy_passes(new))
    if change.verdict not in _WORDS:
        return EnergyChange(EnergyVerdict.INCONCLUSIVE, reason=NO_SPREAD if change.reason == STATS_NO_SPREAD else change.reason)
    return EnergyChange(
        _WORDS[change.verdict], change.ratio, change.ratio_low, change.ratio_high, change.p_value, change.method
    )
