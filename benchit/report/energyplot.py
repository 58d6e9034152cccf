"""The HTML report's energy figure: energy per step against latency, one colour per runtime."""

from __future__ import annotations

from typing import Any

from benchit import keys
from benchit.numeric import finite_number
from benchit.report.energy import joules
from benchit.report.frame import runtime_label
from benchit.report.htmlparts import GREY, escaped, group_colours
from benchit.report.table import label
from benchit.report.units import digits, duration


def has_energy(row: dict[str, Any]) -> bool:
    """Whether a report row has energy per step (and a latency to set it against)."""
    value, latency = row.get(keys.ENERGY_J), row.get(keys.LATENCY_MEDIAN_MS)
    return finite_number(value) and value > 0 and finite_number(latency) and latency > 0


def figure(rows: list[dict[str, Any]]) -> Any:
    """Points: energy per step against median latency (log-log), one colour per runtime (its
    options named), the device and model in the hover; busy (contended) results grey and hollow.
    ``rows``: measured report rows that ``has_energy``."""
    import plotly.graph_objects as go

    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(runtime_label(row), []).append(row)
    colours = group_colours(list(groups))
    fig = go.Figure()
    for name, members in sorted(groups.items()):
        busy = [r.get(keys.CONTENDED) is True for r in members]
        fig.add_scatter(
            name=name,
            mode="markers",
            x=[r[keys.LATENCY_MEDIAN_MS] for r in members],
            y=[r[keys.ENERGY_J] for r in members],
            text=[
                f"{label(r)} on {r.get('device')}: {duration(r[keys.LATENCY_MEDIAN_MS])}, {joules(r[keys.ENERGY_J])}"
                + (f", {digits(r[keys.POWER_W])} W" if finite_number(r.get(keys.POWER_W)) else "")
                + (" (busy: not comparable)" if b else "")
                for r, b in zip(members, busy, strict=True)
            ],
            marker={
                "size": 9,
                "color": [GREY if b else colours[name] for b in busy],
                "symbol": ["circle-open" if b else "circle" for b in busy],
            },
            hovertemplate="%{text}<extra>" + escaped(name) + "</extra>",
        )
    fig.update_layout(height=460, margin={"t": 30}, legend_title_text="runtime")
    fig.update_xaxes(type="log", title="median latency (ms)")
    fig.update_yaxes(type="log", title="energy per step (J)")
    return fig
