"""TTFT and TPOT of a pair of generate results in ``compare``: each side seen as that median's rounds, and its verdict."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchit import keys
from benchit.judge.stats import Change
from benchit.judge.verdicts import CompareVerdict
from benchit.numeric import finite_number
from benchit.records import ResultStatus

# Each judged median: its name (as compare shows it), its column and the column of its round medians.
MEDIANS = (("TTFT", keys.TTFT_MS, keys.TTFT_ROUNDS_MS), ("TPOT", keys.TPOT_MS, keys.TPOT_ROUNDS_MS))


def verdict_text(verdict: CompareVerdict, reason: str) -> str:
    """The verdict and why: ``inconclusive: busy ...``, ``no significant change (within ...)``."""
    if not reason:
        return verdict.value
    if verdict is CompareVerdict.SAME:
        return f"{verdict.value} ({reason})"
    return f"{verdict.value}: {reason}"


@dataclass(frozen=True)
class TokenVerdict:
    """One generation median (TTFT or TPOT) of a pair: both sides' medians, the change and the verdict."""

    name: str  # "TTFT" or "TPOT"
    base_ms: float | None
    new_ms: float | None
    verdict: CompareVerdict
    change: Change | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "base_ms": self.base_ms,
            "new_ms": self.new_ms,
            "verdict": self.verdict.value,
            "change": self.change.to_dict() if self.change else None,
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TokenVerdict:
        return cls(
            name=data["name"],
            base_ms=data.get("base_ms"),
            new_ms=data.get("new_ms"),
            verdict=CompareVerdict(data["verdict"]),
            change=Change.from_dict(data["change"]) if data.get("change") else None,
            reason=data.get("reason", ""),
        )

    @property
    def verdict_text(self) -> str:
        return verdict_text(self.verdict, self.reason)

    def flat(self) -> dict[str, Any]:
        """Its columns of a comparison's table row (``ttft_ratio``, ``ttft_verdict``, ...)."""
        prefix, change = self.name.lower(), self.change
        return {
            f"{prefix}_base_ms": self.base_ms,
            f"{prefix}_new_ms": self.new_ms,
            f"{prefix}_ratio": change.ratio if change else None,
            f"{prefix}_ratio_ci_low": change.ratio_low if change else None,
            f"{prefix}_ratio_ci_high": change.ratio_high if change else None,
            f"{prefix}_p_value": change.p_value if change else None,
            f"{prefix}_verdict": self.verdict.value,
            f"{prefix}_reason": self.reason,
        }


def judged(base: dict[str, Any] | None, new: dict[str, Any] | None) -> list[tuple[str, str, str]]:
    """The medians (``MEDIANS``) a pair is judged on besides its latency: those both sides have,
    where both are ok results of ``--mode generate`` (TPOT needs two new tokens)."""
    if base is None or new is None:
        return []
    sides = (base, new)
    if not all(row.get("mode") == "generate" and row.get("status") == ResultStatus.OK for row in sides):
        return []
    return [median for median in MEDIANS if all(finite_number(row.get(median[1])) for row in sides)]


def view(row: dict[str, Any], column: str, rounds_column: str) -> dict[str, Any]:
    """``row`` as the judge reads a latency: its median and round medians those of ``column``
    (the calls, the passes, contention and the machine-speed probes are the result's own). Rounds
    that are not as many as the result's passes say (an older result) are not used."""
    rounds = row.get(rounds_column)
    rounds = list(rounds) if isinstance(rounds, list) else []
    passes = row.get(keys.ROUND_PASSES)
    if rounds and isinstance(passes, list) and passes and len(passes) != len(rounds):
        rounds = []
    return {**row, keys.LATENCY_MEDIAN_MS: row.get(column), keys.ROUNDS_MS: rounds}
