"""The JSON reporter: every row with its kept samples (and the comparison), readable back by ``benchit compare``."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from benchit.contracts import Report
from benchit.fs import write_text
from benchit.report.reporter import Reporter


def _clean(value: Any) -> Any:
    """NaN and infinity become null: JSON has no spelling for them."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


class JsonReporter(Reporter):
    name = "json"
    suffix = ".json"
    description = "every result with its kept samples, and the comparison; benchit compare reads it back"

    def write(self, report: Report, path: Path) -> None:
        write_text(path, json.dumps(_clean(report.to_dict()), indent=1, default=str) + "\n")
