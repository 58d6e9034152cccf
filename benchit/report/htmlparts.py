"""What benchit's HTML pages share (the report's and the history dashboard): the style, sortable filtered tables, escaped text."""

from __future__ import annotations

import html
from typing import Any

STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;font-size:.85em}td,th{padding:.2em .5em;border-bottom:1px solid #eee;text-align:left}
th{cursor:pointer;background:#f6f6f6;position:sticky;top:0}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.bad{color:#b00020}.good{color:#087f23}.muted{color:#777}.busy{color:#999;font-style:italic}input{margin:.4em 0;padding:.3em;width:24em}
dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{font-weight:600}
"""
# Click a header to sort (numbers by value), type to filter rows: no library needed.
SCRIPT = """
document.querySelectorAll('table.sortable').forEach(function(t){
  var body=t.tBodies[0];
  t.querySelectorAll('th').forEach(function(th,i){th.addEventListener('click',function(){
    var up=th.dataset.dir!=='up';th.dataset.dir=up?'up':'down';
    var rows=Array.from(body.rows);rows.sort(function(a,b){
      var x=a.cells[i].dataset.v,y=b.cells[i].dataset.v;
      var nx=parseFloat(x),ny=parseFloat(y);
      var c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:String(x).localeCompare(String(y));return up?c:-c;});
    rows.forEach(function(r){body.appendChild(r);});});});
  var box=document.getElementById(t.id+'-filter');
  if(box){box.addEventListener('input',function(){var q=box.value.toLowerCase();
    Array.from(body.rows).forEach(function(r){r.style.display=r.textContent.toLowerCase().indexOf(q)<0?'none':'';});});}
});
"""


def escaped(value: Any) -> str:
    """``value`` as HTML text (None as nothing)."""
    return html.escape("" if value is None else str(value))


def cell(value: Any, sort: Any = None, numeric: bool = False, cls: str = "") -> str:
    key = escaped(value if sort is None else sort)
    classes = " ".join(c for c in ("n" if numeric else "", cls) if c)
    return f'<td data-v="{key}"{f" class={chr(34)}{classes}{chr(34)}" if classes else ""}>{escaped(value)}</td>'


def sortable_table(table_id: str, header: list[str], rows: list[str]) -> str:
    head = "".join(f"<th>{escaped(h)}</th>" for h in header)
    return (
        f'<input id="{table_id}-filter" placeholder="filter rows">'
        f'<table id="{table_id}" class="sortable"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


GREY = "#c4c4c4"  # a busy (contended) result, or a speed-up that involves one: not comparable


def group_colours(names: list[str]) -> dict[str, str]:
    """One colour per group, from plotly's palette, so that greyed marks can replace single ones."""
    import plotly.colors

    palette = plotly.colors.qualitative.Plotly
    return {name: palette[i % len(palette)] for i, name in enumerate(sorted(names))}
