"""The Markdown reporter: the terminal table's content as GitHub-flavoured Markdown tables."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.contracts import Report
from benchit.fs import write_text
from benchit.judge.comparable import busy_reason
from benchit.records import ResultStatus
from benchit.report import energy, frame, noise, table, units
from benchit.report.frame import baseline_name
from benchit.report.reporter import Reporter
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.report.compare import Comparison


def _escape(text: Any) -> str:
    """A cell's text, inert: HTML escaped (a renderer shows ``<img onerror=...>`` as text), and a
    ``|`` cannot end the cell."""
    return html.escape(printable("" if text is None else text), quote=False).replace("|", "\\|")


def _inert(line: str) -> str:
    """A line of text outside a table (it may name a runtime from the cache), HTML escaped."""
    return html.escape(printable(line), quote=False)


def _md(header: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(map(_escape, header)) + " |", "|" + "---|" * len(header)]
    return lines + ["| " + " | ".join(map(_escape, row)) + " |" for row in rows]


class MarkdownReporter(Reporter):
    name = "md"
    suffix = ".md"
    description = "Markdown tables: the median, CI and speed-up of each result (or the comparison), failures"

    def write(self, report: Report, path: Path) -> None:
        out = [f"# benchit {'comparison' if report.comparison else 'report'}", ""]
        floors = noise.floor_lines(report.frame.to_dict("records"), tuple(report.floors))
        out += [*floors, ""] if floors else []
        if report.comparison:
            cmp: Comparison = report.comparison
            joules = energy.compared(cmp)  # energy's verdict where some pair has one
            rows = []
            for p in cmp.pairs:
                rows.append(
                    [
                        p.model,
                        p.group,
                        units.duration(p.base_median_ms) if p.base_status == ResultStatus.OK else p.base_status,
                        units.duration(p.new_median_ms) if p.new_status == ResultStatus.OK else p.new_status,
                        table.ratio_text(p),
                        p.verdict.value,
                        p.reason,
                        *([energy.compare_cell(p), p.energy.reason if p.energy else ""] if joules else []),
                    ]
                )
                rows += [
                    [
                        f"{p.model}: {t.name}",
                        p.group,
                        units.duration(t.base_ms),
                        units.duration(t.new_ms),
                        table.ratio_text(t),
                        t.verdict.value,
                        t.reason,
                        *(["", ""] if joules else []),
                    ]  # fmt: skip
                    for t in p.tokens
                ]
            head = ["model", "where", cmp.base, cmp.new, table.RATIO_HEAD, "verdict", "reason"]
            out += _md(head + ([energy.HEAD, "energy reason"] if joules else []), rows)
            out += ["", f"Threshold {cmp.threshold * 100:g}%. Geometric mean of new/base:", ""]
            means = [[g, f"{m.value:.3f}" if m.value is not None else "-", m.note] for g, m in cmp.geomeans().items()]
            out += _md(["group", "geometric mean", "over"], means)
            out += ["", "Verdicts: " + ", ".join(f"{n} {v}" for v, n in cmp.counts().items())]
            for name, found in cmp.token_counts().items():
                out += ["", f"{name} verdicts: " + ", ".join(f"{n} {v}" for v, n in found.items())]
            energy_counts = energy.counts_line(cmp)
            out += ["", energy_counts[0].upper() + energy_counts[1:]] if energy_counts else []
            means = [[g, f"{m.value:.3f}" if m.value is not None else "-", m.note] for g, m in cmp.energy_geomeans().items()]
            out += ["", "Geometric mean of energy per step new/base:", "", *_md(["group", "geometric mean", "over"], means)] if means else []
        else:
            df = report.frame  # the round medians and passes too: a cell's interval needs them
            rows = [
                [
                    table.label(r),
                    table.count(r.get("params")),
                    r.get("input_shapes"),
                    r.get("machine"),
                    f"{r.get('device')}/{r.get('runtime')}",
                    r.get("mode") or "eval",
                    table.cell(r) if r.get("status") == ResultStatus.OK else r.get("status"),
                    busy_reason(r) if r.get("contended") is True else "",
                    r.get("error") or "",
                ]
                for r in df[df["device"].notna()].to_dict("records")
            ]
            header = ["model", "params", "inputs", "machine", "device/runtime", "mode", "median ×/÷ CI, speed-up"]
            header.append("contended")
            out += _md([*header, "error"], rows)
            out += ["", *map(_inert, table.legend(baseline_name(df), table.any_busy(df)))]
            speedups = frame.speedup_geomeans(df)
            if speedups:
                out += ["", _inert(f"Geometric mean speed-up over {baseline_name(df)} (busy results left out):"), ""]
                out += _md(
                    ["device/runtime", "geometric mean", "over"],
                    [[g, units.speedup(m.value), m.note] for g, m in speedups.items()],
                )
            scripts = df[df["device"].isna()].to_dict("records")
            if scripts:
                out += ["", "## Scripts without results", ""]
                out += _md(
                    ["script", "status", "error"],
                    [[r.get("relative_path"), r.get("status"), r.get("error")] for r in scripts],
                )
        write_text(path, "\n".join(out) + "\n")
