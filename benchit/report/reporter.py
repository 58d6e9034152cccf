"""The report a reporter is given (the ``Reporter`` contract is ``benchit.contracts``) and the atomic file writer."""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.contracts import Reporter

if TYPE_CHECKING:  # pandas only where a report is made: plugin loading in workers stays light
    import pandas as pd

    from benchit.report.compare import Comparison

__all__ = ["REPORT_FORMAT", "ReportData", "Reporter", "write_atomic"]  # Reporter: for the built-in formats

REPORT_FORMAT = 1


@dataclass(frozen=True)
class ReportData:
    """What a reporter writes: every result of the caches read (one row each, the columns of
    ``docs/usage.md``, plus ``samples_ms``), where they came from, and for ``benchit compare`` the
    comparison."""

    frame: pd.DataFrame
    sources: tuple[str, ...]
    comparison: Comparison | None = None
    created: float = field(default_factory=time.time)

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
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReportData:
        from benchit.report.compare import Comparison
        from benchit.report.frame import from_rows

        comparison = data.get("comparison")
        return cls(
            frame=from_rows(list(data.get("rows") or [])),
            sources=tuple(data.get("sources") or ()),
            comparison=Comparison.from_dict(comparison) if comparison else None,
            created=float(data.get("created") or 0.0),
        )


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write a whole file under a fresh temporary name (never a fixed one, which a link planted
    beside the report could redirect) and rename it into place; on failure nothing is left."""
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's 0600
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
