"""The CSV reporter: one row per result (or per compared pair), formula cells neutralised."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from benchit.contracts import Report
from benchit.fs import write_text
from benchit.report.reporter import Reporter

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: Any) -> Any:
    """Stop a spreadsheet from running a text cell as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def safe_csv(df: pd.DataFrame) -> str:
    """``df`` as CSV text with every cell a spreadsheet would run as a formula prefixed with ``'``."""
    safe = df.map(neutralise)
    safe.columns = [neutralise(c) for c in safe.columns]
    return safe.to_csv(index=False)


class CsvReporter(Reporter):
    name = "csv"
    suffix = ".csv"
    description = "one row per result (benchit compare: per compared pair); the columns are in docs/usage.md"

    def write(self, report: Report, path: Path) -> None:
        df = report.comparison.frame() if report.comparison else report.results()
        write_text(path, safe_csv(df))
