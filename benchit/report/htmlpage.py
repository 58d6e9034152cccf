"""The HTML reporter: one self-contained page (plotly.js inlined, no network) with a summary, plots and tables."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.contracts import Report
from benchit.errors import Unavailable
from benchit.fs import write_text
from benchit.judge.comparable import busy_reason
from benchit.judge.verdicts import CompareVerdict, EnergyVerdict
from benchit.records import ParityVerdict, ResultStatus
from benchit.report import energy, energyplot, frame, table, units
from benchit.report.frame import baseline_name
from benchit.report.htmlfigures import (
    latency_figure,
    ok_rows,
    ratio_figure,
    speedup_figure,
    speedup_text,
    swept_tokens,
    tokens_figure,
)
from benchit.report.htmlparts import SCRIPT, STYLE, cell, escaped, sortable_table
from benchit.report.reporter import Reporter

if TYPE_CHECKING:
    from benchit.report.compare import Comparison


def _figure(fig: Any, div_id: str) -> str:
    import plotly.io as pio

    # plotly's JSON escapes '<', '>' and '/' so that a model name cannot close the script element.
    return pio.to_html(fig, full_html=False, include_plotlyjs=False, div_id=div_id, config={"displaylogo": False})


def _summary(report: Report) -> str:
    df = report.frame
    results = df[df["device"].notna()]
    machines = results.drop_duplicates("machine") if not results.empty else results
    items = [
        ("sources", ", ".join(report.sources)),
        ("created", time.strftime("%Y-%m-%d %H:%M", time.localtime(report.created))),
    ]
    for row in machines.to_dict("records"):
        items.append(
            (
                f"machine {row.get('machine')}",
                f"{row.get('cpu_model') or '?'}; {row.get('threads') or '?'} threads; device {row.get('device_name') or '?'}; "
                f"torch {row.get('torch_version') or '?'}; benchit {row.get('benchit_version') or '?'}",
            )
        )
    scripts = df.drop_duplicates(["relative_path", "script_args"])["script_status"].value_counts()
    items.append(("scripts", ", ".join(f"{n} {s}" for s, n in scripts.items())))
    if not results.empty:
        items.append(("results", ", ".join(f"{n} {s}" for s, n in results["status"].value_counts().items())))
        items.append(("noisy", str(int((results["noisy"] == True).sum()))))  # noqa: E712 - object column
        items.append(("parity failures", str(int((results["parity_passed"] == False).sum()))))  # noqa: E712
        busy = int((results["contended"] == True).sum())  # noqa: E712
        items.append(("busy (contended)", f"{busy}: measured on a busy machine, greyed below" if busy else "0"))
    return "<dl>" + "".join(f"<dt>{escaped(k)}</dt><dd>{escaped(v)}</dd>" for k, v in items) + "</dl>"


# The results table's parity cell: eager_nondeterministic is "not judged", plainly.
_PARITY_CELL = {
    ParityVerdict.PASSED: "passed",
    ParityVerdict.FAILED: "FAILED",
    ParityVerdict.INCONCLUSIVE: "inconclusive",
    ParityVerdict.EAGER_NONDETERMINISTIC: "not judged (eager torch not deterministic)",
}


def _results_table(report: Report, mode: str | None = None) -> str:
    """Every result of ``mode`` (all, when None) as a sortable table."""
    df = report.frame
    rows = []
    for r in df[df["device"].notna()].to_dict("records"):
        if mode is not None and r.get("mode") != mode:
            continue
        ok = r.get("status") == ResultStatus.OK
        median = r.get("latency_median_ms")
        verdict = r.get("parity_verdict")
        parity = _PARITY_CELL[ParityVerdict(verdict)] if isinstance(verdict, str) else ""
        rows.append(
            "<tr>"
            + cell(table.label(r))
            + cell(table.count(r.get("params")), r.get("params") or 0, True)
            + cell(r.get("input_shapes"))
            + cell(r.get("machine"))
            + cell(f"{r.get('device')}/{r.get('runtime')}")
            + cell(r.get("status"), cls="" if ok else "bad")
            + cell(units.duration(median) if ok else "", median if ok else "", True)
            + (_interval_cell(r) if ok else cell(""))
            + cell(
                speedup_text(r) if r.get("speedup_vs_eager") and not r.get("eager") else "",
                r.get("speedup_vs_eager") or "",
                True,
                cls="busy" if r.get("speedup_comparable") is False else "",
            )
            + cell("noisy" if r.get("noisy") is True else "")
            + cell(busy_reason(r) if r.get("contended") is True else "", cls="busy")
            + cell(parity, cls="bad" if parity == "FAILED" else "")
            + cell(units.duration(r["prepare_s"] * 1e3) if r.get("prepare_s") else "", r.get("prepare_s") or "", True)
            + cell(_memory(r), r.get("peak_device_memory_mb") or r.get("peak_rss_mb") or "", True)
            + cell(
                f"{r['memory_ratio_vs_eager']:.2f}x" if r.get("memory_ratio_vs_eager") else "",
                r.get("memory_ratio_vs_eager") or "",
                True,
            )
            + cell(r.get("error") or "")
            + "</tr>"
        )
    header = ["model", "params", "inputs", "machine", "device/runtime", "status", "median", "95% CI", "speed-up",
              "noisy", "contended", "parity", "prepare", "peak memory", "eager memory ratio", "error"]  # fmt: skip
    return sortable_table("results" if mode in (None, "eval") else f"results-{mode}", header, rows)


def _interval_cell(row: dict[str, Any]) -> str:
    """The median's 95% CI in the median's unit with its factor (``14.6–16.9 µs ×/÷1.076``), or
    why there is none (too few rounds; a recorded interval that reaches zero); sorted by the factor."""
    shown = units.row_interval(row)
    if shown is None:
        return cell("")
    if shown.factor is None:
        return cell(shown.why, "", True, cls="muted")
    return cell(f"{shown.range_text} {shown.factor_text}", shown.factor, True)


def _results_tables(report: Report) -> list[str]:
    """The results: one table, or one per mode (eval, then train) when the report has a train step."""
    df = report.frame
    modes = [m for m in table.MODE_TITLES if (df["mode"] == m).any()]
    if modes in ([], ["eval"]):
        return ["<h2>Every result</h2>", _results_table(report)]
    parts = []
    for mode in modes:
        parts += [
            f"<h2>Every result: {escaped(table.MODE_TITLES[mode].rstrip(':'))}</h2>",
            _results_table(report, mode),
        ]
    return parts


def _memory(row: dict[str, Any]) -> str:
    """The measurement's peak memory: the device's (accelerators) and the worker's RSS."""
    parts = []
    if row.get("peak_device_memory_mb"):
        parts.append(f"{row['peak_device_memory_mb']:.0f} MB device")
    if row.get("peak_device_reserved_mb"):
        parts.append(f"{row['peak_device_reserved_mb']:.0f} MB reserved")
    if row.get("peak_rss_mb"):
        parts.append(f"{row['peak_rss_mb']:.0f} MB RSS")
    return ", ".join(parts)


def _failures(report: Report) -> str:
    lines = table.failures(report.frame, 10_000)
    if not lines:
        return "<p class=muted>none</p>"
    items = []
    for reason, where in zip(lines[1::2], lines[2::2], strict=False):
        items.append(f"<li><b>{escaped(reason.strip())}</b><br><span class=muted>{escaped(where.strip())}</span></li>")
    return f"<ul id=failures>{''.join(items)}</ul>"


def _comparison(report: Report) -> str:
    cmp: Comparison | None = report.comparison
    assert cmp is not None
    joules = energy.compared(cmp)  # energy's verdict where some pair has one
    # --mode generate: TTFT's and TPOT's own verdicts, where some pair has them.
    generated = [n for n in ("TTFT", "TPOT") if any(t.name == n for p in cmp.pairs for t in p.tokens)]
    rows = []
    for p in cmp.pairs:
        c = p.change
        cls = "bad" if p.verdict.worse else "good" if p.verdict.better else ""
        cls = "busy" if p.verdict is CompareVerdict.INCONCLUSIVE else cls
        rows.append(
            "<tr>"
            + cell(p.model)
            + cell(p.group)
            + cell(
                units.duration(p.base_median_ms) if p.base_status == ResultStatus.OK else p.base_status,
                p.base_median_ms or "",
                True,
            )
            + cell(
                units.duration(p.new_median_ms) if p.new_status == ResultStatus.OK else p.new_status,
                p.new_median_ms or "",
                True,
            )
            + cell(f"{c.ratio:.3f}" if c else "", c.ratio if c else "", True)
            + cell(
                units.factor_of(c.ratio, c.ratio_low, c.ratio_high) if c else "",
                c.ratio_high / c.ratio if c else "",
                True,
            )
            + cell(
                f"{c.p_value:.2g}" if c and c.p_value is not None else "",
                c.p_value if c and c.p_value is not None else "",
                True,
            )
            + cell(p.verdict.value, cls=cls)
            + cell(p.reason)
            + (_energy_cells(p) if joules else "")
            + "".join(_token_cells(p, name) for name in generated)
            + "</tr>"
        )
    geo = "".join(
        f"<dt>{escaped(g)}</dt><dd>{'-' if m.value is None else f'{m.value:.3f}'} <span class=muted>({escaped(m.note)})</span></dd>"
        for g, m in cmp.geomeans().items()
    )
    counts = ", ".join(f"{n} {v}" for v, n in cmp.counts().items())
    header = ["model", "where", cmp.base, cmp.new, "new/base", "×/÷ 95% CI", "p-value", "verdict", "reason"]
    header += ["energy new/base", "energy verdict"] if joules else []
    header += [text for name in generated for text in (f"{name} new/base", f"{name} verdict")]
    energy_counts = energy.counts_line(cmp)
    return (
        f"<p>Threshold {cmp.threshold * 100:g}%. Verdicts: <b id=verdicts>{escaped(counts)}</b></p>"
        + (f"<p id=energy-verdicts>{escaped(energy_counts)}</p>" if energy_counts else "")
        + "".join(f"<p class=muted>{escaped(line)}</p>" for line in energy.geomean_lines(cmp))
        + f"<h3>Geometric mean of new/base per group</h3><dl>{geo}</dl>"
        + _figure(ratio_figure(report), "ratio-plot")
        + sortable_table("comparison", header, rows)
    )


def _energy_cells(pair: Any) -> str:
    """A pair's energy: NEW over BASE with its interval (sorted by the ratio), and energy's verdict."""
    judged = pair.energy
    if judged is None:
        return cell("") + cell("")
    shown = units.ratio_interval(judged.ratio, judged.ratio_low, judged.ratio_high) if judged.ratio else ""
    cls = {EnergyVerdict.HIGHER: "bad", EnergyVerdict.LOWER: "good", EnergyVerdict.INCONCLUSIVE: "busy"}
    return cell(shown, judged.ratio or "", True) + cell(judged.text, cls=cls.get(judged.verdict, ""))


def _token_cells(pair: Any, name: str) -> str:
    """A generate pair's TTFT or TPOT (``name``): NEW over BASE with its interval, and its verdict."""
    judged = next((t for t in pair.tokens if t.name == name), None)
    if judged is None:
        return cell("") + cell("")
    c = judged.change
    shown = units.ratio_interval(c.ratio, c.ratio_low, c.ratio_high) if c else ""
    v = judged.verdict
    cls = "bad" if v.worse else "good" if v.better else "busy" if v is CompareVerdict.INCONCLUSIVE else ""
    return cell(shown, c.ratio if c else "", True) + cell(judged.verdict_text, cls=cls)


BUSY_LEGEND = (
    "Grey: measured on a busy machine (contended: another process took the CPU), or a speed-up over a "
    "busy eager result; not comparable, and left out of the geometric means."
)


def _speedup_means(report: Report) -> str:
    """The geometric mean speed-up per device/runtime, with what it left out, and the grey legend."""
    df = report.frame
    means = frame.speedup_geomeans(df[df["device"].notna()])
    items = "".join(
        f"<dt>{escaped(name)}</dt><dd>{units.speedup(m.value)} <span class=muted>({escaped(m.note)})</span></dd>"
        for name, m in means.items()
    )
    if not items:
        return ""
    return f"<h3>Geometric mean speed-up</h3><dl id=speedup-means>{items}</dl>" + _busy_legend(report)


def _busy_legend(report: Report) -> str:
    """What grey means, where some result is greyed."""
    df = report.frame
    return f"<p class=muted>{escaped(BUSY_LEGEND)}</p>" if table.any_busy(df[df["device"].notna()]) else ""


def _floor(report: Report) -> str:
    """The machines' noise floors, once, above every table."""
    from benchit.report.noise import floor_lines

    lines = floor_lines(report.frame.to_dict("records"), tuple(report.floors))
    return "".join(f"<p class=floor>{escaped(line)}</p>" for line in lines)


def _energy_section(report: Report) -> list[str]:
    """Energy per step against latency, one colour per runtime, where some result has energy."""
    rows = [r for r in ok_rows(report) if energyplot.has_energy(r)]
    if not rows:
        return []
    return ["<h2>Energy against latency</h2>", _figure(energyplot.figure(rows), "energy-plot"), _busy_legend(report)]


def _tokens(report: Report) -> list[str]:
    """A sweep of generate results over the prompt's length or N: its tokens per second."""
    swept = swept_tokens(report)
    if swept is None:
        return []
    return [f"<h2>Tokens per second against {escaped(swept[1])}</h2>", _figure(tokens_figure(report), "tokens-plot")]


def page(report: Report) -> str:
    """The whole page as one string."""
    from plotly.offline import get_plotlyjs

    title = "benchit comparison" if report.comparison else "benchit report"
    parts = [f"<h1>{title}</h1>", "<h2>Summary</h2>", _summary(report), _floor(report)]
    if report.comparison:
        parts += ["<h2>Comparison</h2>", _comparison(report)]
    parts += [
        f"<h2>Speed-up over {escaped(baseline_name(report.frame))}</h2>",
        _figure(speedup_figure(report), "speedup-plot"),
        _speedup_means(report),
        "<h2>Latency against parameters</h2>",
        _figure(latency_figure(report), "latency-plot"),
        _busy_legend(report),
        *_energy_section(report),
        *_tokens(report),
        *_results_tables(report),
        "<h2>Failures by reason</h2>",
        _failures(report),
    ]
    # The data as JSON too, for whoever wants to script against the page.
    data = json.dumps({"sources": list(report.sources)}).replace("<", "\\u003c")
    return (
        f"<!DOCTYPE html><html><head><meta charset=utf-8><title>{title}</title><style>{STYLE}</style>"
        f"<script>{get_plotlyjs()}</script></head><body>{''.join(parts)}"
        f"<script type=application/json id=benchit-meta>{data}</script><script>{SCRIPT}</script></body></html>"
    )


class HtmlReporter(Reporter):
    name = "html"
    suffix = ".html"
    description = "one self-contained page (opens offline): summary, speed-up and latency plots, sortable tables"

    def check(self) -> None:
        try:
            import plotly  # noqa: F401
        except ImportError:
            raise Unavailable("needs plotly: pip install 'benchit-zoo[html]'") from None

    def write(self, report: Report, path: Path) -> None:
        write_text(path, page(report))
