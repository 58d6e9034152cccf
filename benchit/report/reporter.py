"""The report a reporter is given (the ``Reporter`` contract is ``benchit.contracts``)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from benchit.contracts import Reporter

if TYPE_CHECKING:  # pandas only where a report is made: plugin loading in workers stays light
    import pandas as pd

    from benchit.floor import Floor
    from benchit.report.compare import Comparison

__all__ = ["REPORT_FORMAT", "ReportData", "Reporter"]  # Reporter: for the built-in formats

REPORT_FORMAT = 1


@dataclass(frozen=True)
class ReportData:
    """What a reporter writes: every result of the caches read (one row each, the columns of
    ``docs/usage.md``, plus ``samples_ms``), where they came from, for ``benchit compare`` the
    comparison, and the noise floors of the machines they were measured on (``benchit calibrate``)."""

    frame: pd.DataFrame
    sources: tuple[str, ...]
    comparison: Comparison | None = None
    created: float = field(default_factory=time.time)
    floors: tuple[Floor, ...] = ()

    def results(self) -> pd.DataFrame:
        """The rows without the kept samples (what CSV and Markdown show)."""
        from benchit.report.frame import public

        return public(self.frame)

    def to_dict(self) -> dict[str, Any]:
        rows = self.frame.astype(object).where(self.frame.notna(), None).to_dict("records")
        return {
            "benchit_report": REPORT_FORMAT,
            "created": self.created,
            "sources": list(self.sources),
            "rows": rows,
            "comparison": self.comparison.to_dict() if self.comparison else None,
            "floors": [f.to_dict() for f in self.floors],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReportData:
        from benchit.floor import Floor
        from benchit.report.compare import Comparison
        from benchit.report.frame import from_rows

        comparison = data.get("comparison")
        return cls(
            frame=from_rows(list(data.get("rows") or [])),
            sources=tuple(data.get("sources") or ()),
            comparison=Comparison.from_dict(comparison) if comparison else None,
            created=float(data.get("created") or 0.0),
            floors=tuple(Floor.from_dict(f) for f in data.get("floors") or ()),
        )
