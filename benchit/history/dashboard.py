"""The history dashboard: one self-contained page (plotly.js inlined) with the current regressions and a chart per series, drawn on demand."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from benchit.history.analysis import SeriesReport
from benchit.history.verdict import TokenVerdict, Verdict
from benchit.report.htmlparts import SCRIPT, STYLE, cell, escaped, sortable_table

PAGE = 24  # charts drawn at a time: thousands of plotly charts at load would stall the browser

# Draws the charts of the series the filter selects, regressions first, PAGE at a time.
DRAW = """
(function(){
var D=JSON.parse(document.getElementById('history-data').textContent);
var box=document.getElementById('chart-filter'),area=document.getElementById('charts'),more=document.getElementById('more');
var shown=0,chosen=[];
function iso(s){return new Date(s*1000).toISOString();}
function num(v){return v===null?NaN:v;}
function draw(s){
  var c=s.c,x=c.x.map(function(i){return iso(D.times[i]);}),names=c.x.map(function(i){return D.runs[i];});
  var card=document.createElement('div');card.className='card';
  var h=document.createElement('h3');h.textContent=s.n+'  '+s.w+'  '+s.v+(s.r?'  x'+s.r.toFixed(2):'');
  if(s.v==='regression'||s.v==='failing'){h.className='bad';}card.appendChild(h);
  if(s.why){var p=document.createElement('p');p.className='muted';p.textContent=s.why;card.appendChild(p);}
  var div=document.createElement('div');div.className='chart';card.appendChild(div);area.appendChild(card);
  var busy={x:s.c.busy.map(function(i){return x[i];}),y:s.c.busy.map(function(i){return num(c.m[i]);}),mode:'markers',
    name:'contended',marker:{color:'rgb(196,196,196)',size:11,symbol:'x'},hoverinfo:'skip'};
  var traces=[
    {x:x,y:c.lo.map(num),mode:'lines',line:{width:0},hoverinfo:'skip',showlegend:false},
    {x:x,y:c.hi.map(num),mode:'lines',line:{width:0},fill:'tonexty',fillcolor:'rgba(31,119,180,0.2)',name:'median CI',hoverinfo:'skip'},
    {x:x,y:c.m.map(num),mode:'lines+markers',name:'median (ms)',text:names,hovertemplate:'%{text}<br>%{y:.4g} ms<extra></extra>'},
    busy];
  var shapes=c.ver.map(function(v){return {type:'line',xref:'x',yref:'paper',x0:x[v[0]],x1:x[v[0]],y0:0,y1:1,line:{dash:'dot',color:'#b00020',width:1}};});
  var notes=c.ver.map(function(v){return {x:x[v[0]],y:1,xref:'x',yref:'paper',text:'changed: '+v[1],showarrow:false,font:{size:9,color:'#b00020'},yanchor:'bottom'};});
  Plotly.newPlot(div,traces,{height:260,margin:{l:50,r:10,t:20,b:40},shapes:shapes,annotations:notes,
    yaxis:{title:{text:'ms (log)'},type:'log'},legend:{orientation:'h'}},{displaylogo:false,responsive:true});
}
function page(){var end=Math.min(chosen.length,shown+PAGE);for(;shown<end;shown++){draw(chosen[shown]);}
  more.style.display=shown<chosen.length?'':'none';
  document.getElementById('chart-count').textContent=shown+' of '+chosen.length+' series drawn';}
function select(){var q=box.value.toLowerCase();chosen=D.series.filter(function(s){return (s.n+' '+s.w+' '+s.v).toLowerCase().indexOf(q)>=0;});
  area.innerHTML='';shown=0;page();}
var PAGE=D.page;box.addEventListener('input',select);more.addEventListener('click',page);select();
})();
"""


def _rounded(value: float | None) -> float | None:
    """``value`` to four significant digits, for the page's chart data."""
    return None if value is None else float(f"{value:.4g}")


def _own_verdicts(report: SeriesReport) -> list[TokenVerdict]:
    """The series' verdicts besides its latency's: a generate series' TTFT and TPOT, and energy per step."""
    return [*report.tokens, *([report.energy] if report.energy else [])]


def _label(verdict: TokenVerdict) -> str:
    return verdict.name.upper() if verdict.name in ("ttft", "tpot") else verdict.name


def _others(report: SeriesReport) -> str:
    """``TTFT: regression x2.00; TPOT: no change`` for a card."""
    return "; ".join(
        f"{_label(v)}: {v.verdict.value}" + (f" x{v.change.ratio:.2f}" if v.change else "") for v in _own_verdicts(report)
    )


def _item(report: SeriesReport, run_index: dict[str, int]) -> dict[str, Any]:
    i, c = report.identity, report.chart
    # What changed, the verdict's note (a probe difference smaller than the change), and the
    # series' own TTFT, TPOT and energy verdicts beside it.
    changed = f"changed: {'; '.join(report.changed)}" if report.changed else ""
    why = "; ".join(w for w in (changed, report.reason, _others(report)) if w)
    return {
        "n": report.name,
        "w": f"{i['device']}/{i['runtime']}/{i['precision']} on {i['hostname'] or i['machine']}",
        "v": report.verdict.value,
        "r": report.change.ratio if report.change else None,
        "why": why,
        "c": {
            "x": [run_index[r] for r in c["run"]],
            "m": [_rounded(v) for v in c["m"]],
            "lo": [_rounded(v) for v in c["lo"]],
            "hi": [_rounded(v) for v in c["hi"]],
            "busy": c["busy"],
            "ver": c["ver"],
        },
    }


def _regressions(reports: Sequence[SeriesReport]) -> str:
    """One row per regression: a series' latency (or its failing), and its TTFT's, TPOT's or
    energy's own regression (``TTFT regression``), each with its ratio."""
    rows = []
    for r in reports:
        flagged: list[tuple[str, Any, str]] = []
        if r.verdict in (Verdict.REGRESSION, Verdict.FAILING):
            flagged.append((r.verdict.value, r.change, "; ".join([*r.changed, r.reason] if r.reason else r.changed)))
        for own in _own_verdicts(r):
            if own.verdict is Verdict.REGRESSION:
                flagged.append((f"{_label(own)} {own.verdict.value}", own.change, own.reason))
        i = r.identity
        for verdict, change, why in flagged:
            ratio = change.ratio if change else None
            rows.append(
                "<tr>" + cell(r.name) + cell(f"{i['device']}/{i['runtime']}/{i['precision']}") + cell(i["hostname"] or i["machine"])
                + cell(verdict, cls="bad") + cell(f"{ratio:.2f}x" if ratio else "", ratio, numeric=True)
                + cell(r.first_bad_run) + cell(why) + "</tr>"
            )  # fmt: skip
    if not rows:
        return "<p class=good>No regressions.</p>"
    return sortable_table(
        "regressions", ["series", "where", "machine", "verdict", "ratio", "first bad run", "what changed"], rows
    )


def page(reports: Sequence[SeriesReport], source: str) -> str:
    """The whole page as one string."""
    from plotly.offline import get_plotlyjs

    runs: dict[str, float] = {}
    for r in reports:
        for name, t in zip(r.chart["run"], r.chart["t"], strict=True):
            runs.setdefault(name, t)
    run_index = {name: n for n, name in enumerate(runs)}
    data = {
        "runs": list(runs),
        "times": list(runs.values()),
        "page": PAGE,
        "series": [_item(r, run_index) for r in reports],
    }
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")  # no name can close the script element
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.verdict.value] = counts.get(r.verdict.value, 0) + 1
    summary = ", ".join(f"{n} {v}" for v, n in counts.items()) or "no series"
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    body = (
        f"<h1>benchit history</h1><p class=muted>{escaped(source)}, {stamp}: {escaped(summary)}</p>"
        f"<h2>Current regressions</h2>{_regressions(reports)}"
        "<h2>Series</h2><input id=chart-filter placeholder='filter series (name, device, runtime, verdict)'>"
        "<span id=chart-count class=muted></span><div id=charts></div><button id=more>show more</button>"
    )
    style = (
        STYLE
        + ".card{margin:1em 0;border-top:1px solid #eee}.card h3{font-size:.95em;margin:.4em 0}.card p{margin:.2em 0;font-size:.85em}"
    )
    return (
        f"<!DOCTYPE html><html><head><meta charset=utf-8><title>benchit history</title><style>{style}</style>"
        f"<script>{get_plotlyjs()}</script></head><body>{body}"
        f"<script type=application/json id=history-data>{text}</script><script>{SCRIPT}</script><script>{DRAW}</script></body></html>"
    )
