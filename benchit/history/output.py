"""``benchit history``'s table on the terminal and its files: csv, json, md, and html (the dashboard)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchit.history.analysis import SeriesReport
from benchit.report.energy import joules
from benchit.report.units import digits
from benchit.text import printable

FORMATS = {"csv": ".csv", "json": ".json", "md": ".md", "html": ".html"}


def _ratio(r: SeriesReport) -> str:
    return f"{r.change.ratio:.2f}x" if r.change else ""


def _ms(value: float | None) -> str:
    return "" if value is None else digits(value, 4)


def _energy(reports: Sequence[SeriesReport]) -> bool:
    """Whether some series has energy per step: its columns are shown."""
    return any(r.latest_energy_j is not None or r.baseline_energy_j is not None for r in reports)


def _joules(value: float | None) -> str:
    return "" if value is None else joules(value)


def lines(reports: Sequence[SeriesReport]) -> list[str]:
    """The terminal's table: one line per series (regressions first), then what changed under each
    regression; energy per step, latest and baseline, where some series has it."""
    energy = _energy(reports)
    header = ["series", "where", "runs", "latest ms", "baseline ms", "ratio", "verdict", "why"]
    if energy:
        header[6:6] = ["latest J/step", "baseline J/step", "energy"]
    rows = []
    for r in reports:
        i = r.identity
        why = r.reason or (
            f"change point at {r.change_point_run} ({r.change_point_ratio:.2f}x)" if r.change_point_run else ""
        )
        rows.append([r.name, f"{i['device']}/{i['runtime']}/{i['precision']} {i['hostname'] or i['machine']}", str(r.runs),
                     _ms(r.latest_median_ms), _ms(r.baseline_median_ms), _ratio(r), r.verdict.value, why])  # fmt: skip
        if energy:
            judged = r.energy.verdict.value if r.energy else ""
            rows[-1][6:6] = [_joules(r.latest_energy_j), _joules(r.baseline_energy_j), judged]
    widths = [max(len(printable(row[c])) for row in [header, *rows]) for c in range(len(header) - 1)]
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=False)) + "  " + header[-1]]
    for r, row in zip(reports, rows, strict=True):
        out.append(
            "  ".join(printable(v).ljust(w) for v, w in zip(row, widths, strict=False)) + "  " + printable(row[-1])
        )
        if r.changed:
            out.append(
                f"    {printable(r.last_good_run)} -> {printable(r.first_bad_run)}: {printable('; '.join(r.changed))}"
            )
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.verdict.value] = counts.get(r.verdict.value, 0) + 1
    out.append(f"series: {len(reports)}; " + ", ".join(f"{n} {v}" for v, n in counts.items()))
    return out


def _markdown(reports: Sequence[SeriesReport]) -> str:
    columns = ["script", "model", "device", "runtime", "precision", "hostname", "runs", "latest_median_ms",
               "baseline_median_ms", "ratio", "verdict", "reason", "changed"]  # fmt: skip
    if _energy(reports):
        columns[10:10] = ["latest_energy_j", "baseline_energy_j", "energy_ratio", "energy_verdict", "energy_reason"]

    def cell(value: Any) -> str:
        text = "" if value is None else digits(value, 4) if isinstance(value, float) else str(value)
        return text.replace("|", "\\|").replace("\n", " ")

    body = ["| " + " | ".join(columns) + " |", "|" + " --- |" * len(columns)]
    body += ["| " + " | ".join(cell(r.flat().get(c)) for c in columns) + " |" for r in reports]
    return "# benchit history\n\n" + "\n".join(body) + "\n"


def render(fmt: str, reports: Sequence[SeriesReport], meta: dict[str, Any]) -> str:
    if fmt == "csv":
        import pandas as pd

        from benchit.report.csvfile import safe_csv

        return safe_csv(pd.DataFrame([r.flat() for r in reports]))
    if fmt == "json":
        return json.dumps({"benchit_history": 1, **meta, "series": [r.flat() for r in reports]}, indent=1, default=str)
    if fmt == "md":
        return _markdown(reports)
    from benchit.history.dashboard import page

    return page(reports, str(meta.get("db", "")))


def write(fmt: str, path: Path, reports: Sequence[SeriesReport], meta: dict[str, Any]) -> None:
    from benchit.fs import write_failure, write_text

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, render(fmt, reports, meta))
    except OSError as exc:
        raise write_failure(exc, path) from None
