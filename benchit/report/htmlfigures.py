"""The HTML report's figures: speed-up bars, latency against parameters, tokens per second against
the swept length (generate mode), and a comparison's NEW/BASE ratios (the energy figure is
``energyplot``'s). Each returns a plotly figure; ``htmlpage`` lays them out."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from benchit import keys
from benchit.contracts import Report
from benchit.judge.verdicts import CompareVerdict
from benchit.records import ResultStatus
from benchit.report import table, units
from benchit.report.frame import baseline_name
from benchit.report.htmlparts import GREY, escaped, group_colours

if TYPE_CHECKING:
    from benchit.report.compare import Comparison


def ok_rows(report: Report) -> list[dict[str, Any]]:
    """The measured results' rows (status ok, with a device)."""
    df = report.frame
    return [r for r in df[df["device"].notna()].to_dict("records") if r.get("status") == ResultStatus.OK]


def _where(row: dict[str, Any], many_machines: bool) -> str:
    where = f"{row.get('device')}/{row.get('runtime')}"
    return f"{where} on {row.get('machine')}" if many_machines else where


def speedup_text(row: dict[str, Any]) -> str:
    """``1.52x ×/÷1.04`` (its 95% CI as a factor), or ``1.52x, too few rounds for an interval``."""
    speedup, low, high = (
        row["speedup_vs_eager"],
        row.get("speedup_vs_eager_ci_low"),
        row.get("speedup_vs_eager_ci_high"),
    )
    text = units.speedup(speedup)
    rounds = row.get("rounds")
    if low is not None and high is not None and isinstance(rounds, (int, float)) and rounds < units.MIN_ROUNDS:
        text += f", {units.FEW_ROUNDS}"
    elif low is not None and high is not None:
        text = f"{text} {units.factor_of(speedup, low, high)}".rstrip()
    return text + (" not comparable (busy)" if row.get("speedup_comparable") is False else "")


def speedup_figure(report: Report) -> Any:
    """Bars: each non-eager runtime's speed-up over the eager one, per model; grey where a side was busy."""
    import plotly.graph_objects as go

    ok = [r for r in ok_rows(report) if not r.get("eager") and r.get("speedup_vs_eager")]
    over = baseline_name(report.frame)
    many = len({r.get("machine") for r in ok}) > 1
    fig = go.Figure()
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in ok:
        groups[_where(row, many)].append(row)
    colours = group_colours(list(groups))
    for name, rows in sorted(groups.items()):
        speedups = [r["speedup_vs_eager"] for r in rows]
        fig.add_bar(  # bars grow from 1: up for a speed-up, down for a slow-down
            name=name,
            x=[table.label(r) for r in rows],
            base=[1.0] * len(rows),
            y=[v - 1.0 for v in speedups],
            customdata=[speedup_text(r) for r in rows],
            marker={"color": [GREY if r.get("speedup_comparable") is False else colours[name] for r in rows]},
            hovertemplate="%{x}<br>%{customdata} over " + escaped(over) + "<extra>" + escaped(name) + "</extra>",
        )
    fig.add_hline(y=1.0, line_dash="dot", line_color="#888")
    # Log scale: a 4x slow-down and a 4x speed-up are the same distance from 1.
    fig.update_layout(barmode="group", height=420, margin={"t": 30})
    fig.update_yaxes(type="log", title=f"speed-up over {over} (x, log)")
    return fig


def latency_figure(report: Report) -> Any:
    """Points: median latency against parameter count (log-log), one colour per device/runtime;
    busy (contended) results grey and hollow."""
    import plotly.graph_objects as go

    ok = [r for r in ok_rows(report) if r.get("params") and r.get("latency_median_ms")]
    many = len({r.get("machine") for r in ok}) > 1
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in ok:
        groups[_where(row, many)].append(row)
    colours = group_colours(list(groups))
    fig = go.Figure()
    for name, rows in sorted(groups.items()):
        busy = [r.get("contended") is True for r in rows]
        fig.add_scatter(
            name=name,
            mode="markers",
            x=[r["params"] for r in rows],
            y=[r["latency_median_ms"] for r in rows],
            text=[table.label(r) + (" (busy: not comparable)" if b else "") for r, b in zip(rows, busy, strict=True)],
            marker={
                "size": 9,
                "color": [GREY if b else colours[name] for b in busy],
                "symbol": ["circle-open" if b else "circle" for b in busy],
            },
            hovertemplate="%{text}<br>%{x:,} params<br>%{y:.4g} ms<extra>" + escaped(name) + "</extra>",
        )
    fig.update_layout(height=460, margin={"t": 30})
    fig.update_xaxes(type="log", title="parameters")
    fig.update_yaxes(type="log", title="median latency (ms)")
    return fig


def swept_tokens(report: Report) -> tuple[str, str] | None:
    """What the generate results' tokens per second are drawn against: (column, axis title) for
    the prompt's length where they have more than one, else N's; None where neither varies."""
    rows = [r for r in ok_rows(report) if r.get("mode") == "generate"]
    for column, title in ((keys.PROMPT_TOKENS, "prompt tokens"), (keys.NEW_TOKENS, "new tokens (N)")):
        if len({r.get(column) for r in rows if isinstance(r.get(column), int)}) > 1:
            return column, title
    return None


def tokens_figure(report: Report) -> Any:
    """Lines: decode and prefill tokens per second against the swept length (``swept_tokens``),
    one colour per device/runtime (and model, where several), decode solid and prefill dashed;
    busy (contended) results grey and hollow."""
    import plotly.graph_objects as go

    swept = swept_tokens(report)
    assert swept is not None
    column, title = swept
    rows = [r for r in ok_rows(report) if r.get("mode") == "generate" and isinstance(r.get(column), int)]
    many = len({r.get("machine") for r in rows}) > 1
    models = len({r.get("relative_path") for r in rows}) > 1
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[_where(row, many) + (f" {table.label(row)}" if models else "")].append(row)
    colours = group_colours(list(groups))
    fig = go.Figure()
    for name, found in sorted(groups.items()):
        found.sort(key=lambda r: r[column])
        busy = [r.get("contended") is True for r in found]
        for rate, what, dash in ((keys.DECODE_TOKENS_PER_S, "decode", "solid"),
                                 (keys.PREFILL_TOKENS_PER_S, "prefill", "dash")):  # fmt: skip
            points = [(r, b) for r, b in zip(found, busy, strict=True) if r.get(rate)]
            if not points:
                continue
            fig.add_scatter(
                name=f"{name} {what}",
                mode="lines+markers",
                x=[r[column] for r, _ in points],
                y=[r[rate] for r, _ in points],
                text=[table.label(r) + (" (busy: not comparable)" if b else "") for r, b in points],
                line={"color": colours[name], "dash": dash},
                marker={
                    "size": 9,
                    "color": [GREY if b else colours[name] for _, b in points],
                    "symbol": ["circle-open" if b else "circle" for _, b in points],
                },
                hovertemplate="%{text}<br>%{x} "
                + escaped(title)
                + "<br>%{y:.4g} "
                + what
                + " tokens/s<extra>"
                + escaped(name)
                + "</extra>",
            )
    fig.update_layout(height=460, margin={"t": 30})
    fig.update_xaxes(title=title)
    fig.update_yaxes(type="log", title="tokens per second (log)")
    return fig


def ratio_figure(report: Report) -> Any:
    """Points with error bars: NEW/BASE and its 95% CI per pair, one colour per verdict."""
    import plotly.graph_objects as go

    cmp: Comparison | None = report.comparison
    assert cmp is not None
    fig = go.Figure()
    groups: dict[CompareVerdict, list[Any]] = defaultdict(list)
    for pair in cmp.pairs:
        if pair.change:
            groups[pair.verdict].append(pair)
    colours = {CompareVerdict.SLOWER: "#b00020", CompareVerdict.FASTER: "#087f23", CompareVerdict.SAME: "#777"}
    for verdict, pairs in sorted(groups.items(), key=lambda item: item[0].value):
        fig.add_scatter(
            name=verdict.value,
            mode="markers",
            x=[p.change.ratio for p in pairs],
            y=[f"{p.model} {p.group}" for p in pairs],
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [p.change.ratio_high - p.change.ratio for p in pairs],
                "arrayminus": [p.change.ratio - p.change.ratio_low for p in pairs],
            },
            marker={"size": 9, "color": colours.get(verdict, "#333")},
            hovertemplate="%{y}<br>new/base %{x:.3f}<extra>" + escaped(verdict.value) + "</extra>",
        )
    fig.add_vline(x=1.0, line_dash="dot", line_color="#888")
    count = sum(len(p) for p in groups.values())
    fig.update_layout(
        height=max(300, 26 * count + 120), margin={"t": 30}, xaxis_title="new / base (median latency, log)"
    )
    fig.update_xaxes(type="log")  # the ratio's interval is a factor: symmetric on the log scale
    return fig
