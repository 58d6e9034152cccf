"""The terminal table: one line per model, a median with its CI and speed-up per device x runtime, failures by reason."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

import pandas as pd

from benchit import keys
from benchit.judge.comparable import LARGER
from benchit.judge.verdicts import CompareVerdict
from benchit.records import ResultStatus, ScriptStatus
from benchit.report import energy, frame
from benchit.report.compare import Comparison
from benchit.report.reporter import ReportData
from benchit.report.units import digits, duration, ratio_interval, row_interval, speedup
from benchit.text import printable

MODEL_WIDTH = 34
# The title of each mode's table, when a report holds a mode other than eval.
MODE_TITLES = {
    "eval": "eval (one forward call):",
    "train": "train (one training step: forward, loss, backward, optimizer step, zero_grad):",
    "generate": "generate (greedy, N new tokens: time to first token / per output token, decode tokens/s; speed-up of the whole call):",
}
INPUT_WIDTH = 22
GAP = "  "
RATIO_HEAD = "new/base ×/÷ 95% CI"


def legend(over: str, busy: bool = False) -> list[str]:
    """What the cells' marks mean; ``over`` names what the speed-ups are over (``eager torch``);
    ``busy``: some result was contended (the line that explains its marks)."""
    lines = [
        f"median latency ×/÷F: the median's 95% CI is median/F to median×F; Nx: speed-up over {over} on the same device",
        "few rounds: under 3 rounds, too few for an interval; CI n/a: its recorded interval reaches zero (too wide)",
        # Parity is always checked against eager PyTorch's outputs, whichever runtime is the baseline.
        "!: outputs disagree with eager torch; ~: noisy (CI wider than --ci-tolerance)",
    ]
    if busy:
        lines.append(
            "busy: measured on a busy machine (contended); n/c: speed-up not comparable (it or eager was busy)"
        )
    return lines


def any_busy(df: pd.DataFrame) -> bool:
    """Whether any result of ``df`` was contended."""
    return bool((df["contended"] == True).any())  # noqa: E712 - object column


def fit(text: Any, width: int) -> str:
    """``text`` made printable and cut to ``width`` characters (a cut ends in an ellipsis)."""
    text = printable("" if text is None else text)
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def count(n: Any) -> str:
    """A parameter count: 1.2K, 3.4M, 7.0B."""
    if n is None or (isinstance(n, float) and math.isnan(n)):
        return "-"
    n = float(n)
    for limit, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "K")):
        if n >= limit:
            return f"{n / limit:.1f}{suffix}"
    return str(int(n))


def cell(row: dict[str, Any]) -> str:
    status = row.get("status")
    if status == ResultStatus.NOT_RUN:
        return "not run"
    if status != ResultStatus.OK:
        return str(status)
    median = row.get("latency_median_ms")
    text = duration(median)
    shown = row_interval(row)
    if shown is not None:
        text += f" {shown.short}"
    if row.get("mode") == "generate" and row.get(keys.TTFT_MS) is not None:
        text = generation(row)
    if not row.get("eager") and row.get("speedup_vs_eager"):
        text += " n/c" if row.get("speedup_comparable") is False else f" {speedup(row['speedup_vs_eager'])}"
    if row.get("parity_passed") is False:
        text += "!"
    if row.get("noisy") is True:
        text += "~"
    if row.get("contended") is True:
        text += " busy"
    return text


def generation(row: dict[str, Any]) -> str:
    """A generate result's cell: TTFT / TPOT and decode tokens per second; ``R`` where
    torch.compile recompiled while it was timed; ``not compiled`` where a compiling runtime's
    generate() made no graph (transformers ran the model eagerly)."""
    tpot, rate = row.get(keys.TPOT_MS), row.get(keys.DECODE_TOKENS_PER_S)
    text = f"{duration(row.get(keys.TTFT_MS))} / {duration(tpot) if tpot is not None else '-'}"
    if rate:
        text += f" {digits(rate)} tok/s"
    text += " R" if row.get(keys.RECOMPILES) else ""
    return text + (" not compiled" if row.get(keys.GENERATE_GRAPHS) == 0 else "")


def geomean_lines(df: pd.DataFrame) -> list[str]:
    """The geometric mean speed-up over eager per device/runtime, with what it left out."""
    means = frame.speedup_geomeans(df)
    lines = [
        f"  {printable(name)}: {speedup(mean.value)} ({mean.note})"
        if mean.value is not None
        else f"  {printable(name)}: - ({mean.note})"
        for name, mean in means.items()
    ]
    return [f"geometric mean speed-up over {frame.baseline_name(df)}:", *lines] if lines else []


def _grid(rows: list[list[str]], widths: list[int]) -> list[str]:
    return [GAP.join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]


def _models(df: pd.DataFrame) -> list[tuple[tuple, dict[str, Any], dict[tuple[str, str], dict[str, Any]]]]:
    """(key, first row, {(device, runtime): row}) per model line, in report order."""
    lines: dict[tuple, tuple[dict[str, Any], dict[tuple[str, str], dict[str, Any]]]] = {}
    for row in df.to_dict("records"):
        key = (
            row.get("relative_path"),
            row.get("invocation"),
            row.get("script_args"),
            row.get("precision"),
            row.get("mode"),
        )
        first, cells = lines.setdefault(key, (row, {}))
        cells.setdefault((row["device"], frame.runtime_label(row)), row)  # each setting of its options a column
    return [(key, first, cells) for key, (first, cells) in lines.items()]


def label(row: dict[str, Any]) -> str:
    name = str(row.get("relative_path") or "?").removesuffix(".py")
    extra = [str(row.get("model_class") or "")]
    if row.get("script_args"):
        extra.append(f"[{row['script_args']}]")
    if row.get("precision") not in (None, "fp32"):
        extra.append(str(row["precision"]))
    if row.get("mode") not in (None, "eval"):
        extra.append(str(row["mode"]))
    return " ".join([name, *[e for e in extra if e]])


def _columns(pairs: list[tuple[str, str]], width: int, fixed: int, cell: int) -> list[list[tuple[str, str]]]:
    """Split the device x runtime columns into tables that fit: one per device, then chunks."""
    per_line = max(1, (width - fixed) // (cell + len(GAP)))
    if len(pairs) <= per_line:
        return [pairs]
    tables: list[list[tuple[str, str]]] = []
    for device in sorted({d for d, _ in pairs}):
        mine = [p for p in pairs if p[0] == device]
        tables += [mine[i : i + per_line] for i in range(0, len(mine), per_line)]
    return tables


def _cell_width(models: list[Any], pairs: list[tuple[str, str]]) -> int:
    texts = [cell(c[p]) for _, _, c in models for p in pairs if p in c]
    return max([len(v) for v in texts] + [len(f"{d}/{r}") for d, r in pairs] + [8])


def _cell(cells: dict[tuple[str, str], dict[str, Any]], pair: tuple[str, str]) -> str:
    joules = energy.cell(cells, pair)
    return joules if joules is not None else cell(cells[pair]) if pair in cells else ""


def results_table(df: pd.DataFrame, width: int) -> list[str]:
    """The results of one machine as one or more tables that fit in ``width`` columns."""
    models = _models(df)
    eager = set(frame.eager_runtimes(df))  # the baseline's column first on each device
    pairs = sorted({p for _, _, cells in models for p in cells}, key=lambda p: (p[0], p[1] not in eager, p[1]))
    head = [["model", "params", "inputs"]]
    cell_width = _cell_width(models, pairs)
    pairs = energy.with_energy(pairs, models)  # a J/step column after each that has energy
    # Narrow terminal: give up input width first, then model width, to fit one result column.
    spare = width - (MODEL_WIDTH + 7 + INPUT_WIDTH + 3 * len(GAP) + cell_width)
    input_width = max(8, INPUT_WIDTH + min(0, spare))
    model_width = max(12, MODEL_WIDTH + min(0, spare + (INPUT_WIDTH - input_width)))
    fixed_rows = [
        [fit(label(first), model_width), count(first.get("params")), fit(first.get("input_shapes"), input_width)]
        for _, first, _ in models
    ]
    fixed_widths = [max(len(r[i]) for r in head + fixed_rows) for i in range(3)]
    cells = {(i, p): _cell(c, p) for i, (_, _, c) in enumerate(models) for p in pairs}
    out: list[str] = []
    for chunk in _columns(pairs, width, sum(fixed_widths) + 2 * len(GAP), cell_width):
        header = head[0] + [f"{d}/{r}" for d, r in chunk]
        body = [fixed_rows[i] + [cells[(i, p)] for p in chunk] for i in range(len(models))]
        widths = fixed_widths + [max(len(r[3 + j]) for r in [header, *body]) for j in range(len(chunk))]
        if out:
            out.append("")
        out += _grid([header, ["-" * w for w in widths], *body], widths)
    return out


def failures(df: pd.DataFrame, width: int) -> list[str]:
    """Failed results and scripts, grouped by cause (their failure signature, else their one-line reason);
    ``benchit triage`` ranks and details the same causes."""
    groups: dict[str, list[str]] = defaultdict(list)
    headers: dict[str, str] = {}
    for row in df.to_dict("records"):
        status = row.get("status")
        settled = status in (ResultStatus.OK, ResultStatus.UNAVAILABLE, None)
        if settled or (status == ResultStatus.NOT_RUN and row.get("script_status") == ScriptStatus.OK):
            continue
        where = label(row) if row.get("invocation") else str(row.get("relative_path") or row.get("script"))
        if row.get("device"):
            where += f" {row['device']}/{frame.runtime_label(row)}"
        reason = f"{status}: {printable(row.get('error') or row.get('script_error') or str(status))}"
        # One group per cause (``failures``: a signature merges texts that differ by numbers, paths, shapes).
        signature, op = row.get("failure_signature"), row.get("failure_op")
        if signature:
            cause = f"{row.get('failure_stage')}" + (f", op {op}" if op else "") + f", {signature}"
            reason = headers.setdefault(signature, f"{status} ({printable(cause)}): {reason.partition(': ')[2]}")
        groups[reason].append(printable(where))
    lines = []
    for reason, places in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        lines.append(fit(f"  {len(places)} x {reason}", width))
        lines.append(fit(f"      {', '.join(places)}", width))
    return ([f"failures ({sum(len(w) for w in groups.values())}):"] + lines) if lines else []


def divergences(df: pd.DataFrame, width: int) -> list[str]:
    """Results whose parity failed, each with where its error starts (``diverged_at``, measure/localize.py)
    or how the search for it ended."""
    if "parity_passed" not in df:
        return []
    lines = []
    for row in df[df["parity_passed"] == False].to_dict("records"):  # noqa: E712 - a column of True/False/None
        where = f"{label(row)} {row.get('device')}/{frame.runtime_label(row)}"
        at, status = row.get(keys.DIVERGED_AT), row.get(keys.LOCALIZE_STATUS)
        if isinstance(at, str) and at:
            errors = [f"{_error(row.get(keys.DIVERGED_ERROR))} alone"]
            if row.get(keys.DIVERGED_END_TO_END_ERROR) is not None:
                errors.append(f"{_error(row.get(keys.DIVERGED_END_TO_END_ERROR))} end to end")
            text = f"diverged at {at} ({row.get(keys.DIVERGED_CLASS)}), error {', '.join(errors)}"
            if isinstance(status, str) and not status.startswith("found"):
                text += f" [{status}]"
        elif isinstance(status, str) and status:
            text = f"not localised: {status}"
        else:
            continue
        lines.append(fit(f"  {printable(where)}: {printable(text)}", width))
    return [f"parity failures localised ({len(lines)}):", *lines] if lines else []


def _error(value: Any) -> str:
    return f"{value:.3g}" if isinstance(value, (int, float)) and not isinstance(value, bool) else "-"


def report_lines(report: ReportData, width: int) -> list[str]:
    """The whole terminal report: per machine a table of results, the legend, failures."""
    df = report.frame
    results = df[df["device"].notna()]
    out: list[str] = []
    machines = sorted(results["machine"].dropna().unique()) if not results.empty else []
    for machine in machines:
        if len(machines) > 1:
            out += ["", f"machine {printable(machine)}:"]
        mine = results[results["machine"] == machine]
        modes = [m for m in MODE_TITLES if (mine["mode"] == m).any()]
        if modes != ["eval"]:  # a table per mode, each with its own title, eval first
            for mode in modes:
                out += ["", MODE_TITLES[mode]] if out else [MODE_TITLES[mode]]
                out += results_table(mine[mine["mode"] == mode], width)
        else:
            out += results_table(mine, width)
    if machines:
        out += [fit(line, width) for line in legend(frame.baseline_name(results), any_busy(results))]
        out += [fit(line, width) for line in geomean_lines(results)]
    for section in (failures(df, width), divergences(df, width)):
        if section:
            out += ["", *section]
    return out


def ratio_text(pair: Any) -> str:
    """NEW/BASE with its 95% interval as a factor (``1.933 ×/÷1.007``), or ``-``."""
    change = pair.change
    return "-" if change is None else ratio_interval(change.ratio, change.ratio_low, change.ratio_high)


def compare_lines(comparison: Comparison, width: int) -> list[str]:
    """One line per pair (flagged ones first), then the geometric means per group and the verdict counts."""
    order = {
        v: i
        for i, v in enumerate(
            [
                CompareVerdict.SLOWER,
                CompareVerdict.NEWLY_FAILING,
                CompareVerdict.FASTER,
                CompareVerdict.FIXED,
                CompareVerdict.INCONCLUSIVE,
            ]
        )
    }
    pairs = sorted(comparison.pairs, key=lambda p: (min(order.get(v, 9) for v in p.verdicts), p.group, p.model))
    joules = energy.compared(comparison)  # an energy column where some pair has energy's verdict
    head = ["model", "where", comparison.base, comparison.new, RATIO_HEAD, *[energy.HEAD] * joules, "verdict"]
    body = []
    for p in pairs:
        body.append(
            [
                fit(p.model, MODEL_WIDTH),
                fit(p.group, 24),
                duration(p.base_median_ms) if p.base_status == ResultStatus.OK else fit(p.base_status or "-", 12),
                duration(p.new_median_ms) if p.new_status == ResultStatus.OK else fit(p.new_status or "-", 12),
                ratio_text(p),
                *[energy.compare_cell(p)] * joules,
                printable(p.verdict_text),
            ]
        )
        # A generate pair's TTFT and TPOT, each with its own verdict, under its line (the whole call's).
        body += [
            [
                "  " + t.name,
                "",
                duration(t.base_ms),
                duration(t.new_ms),
                ratio_text(t),
                *[""] * joules,
                printable(t.verdict_text),
            ]
            for t in p.tokens
        ]
    head = [fit(h, 24) for h in head]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head) - 1)]
    lines = [fit(line, width) for line in _grid([head[:-1] + [head[-1]], *body], widths + [0])]
    lines.insert(1, "-" * min(width, max(len(line) for line in lines)))
    if any(p.left_out == "too few rounds" for p in pairs):
        lines.append("note: a verdict needs at least 2 rounds on each side (results from before rounds have 1)")
    if any(p.left_out == "machine speed differed" for p in pairs):
        lines.append(
            "note: the CPU ran at another speed for one side (speed_probe_us, parallel_probe_us: fixed probes"
            " timed with every round): the machine, not the model, changed; measure both again"
        )
    if any(p.change and p.reason.endswith(LARGER) for p in pairs):
        lines.append("note: a verdict noted 'probe N% slower' changed more than that machine speed explains: it stands")
    threshold = f"{comparison.threshold * 100:g}%"
    lines += ["", f"geometric mean of new/base per group (threshold {threshold}):"]
    lines += [
        f"  {printable(g)}: {m.value:.3f} ({m.note})" if m.value is not None else f"  {printable(g)}: - ({m.note})"
        for g, m in comparison.geomeans().items()
    ]
    counts = comparison.counts()
    lines.append("verdicts: " + (", ".join(f"{n} {v}" for v, n in counts.items()) or "none"))
    lines += [
        f"{name} verdicts: " + ", ".join(f"{n} {v}" for v, n in found.items())
        for name, found in comparison.token_counts().items()
    ]
    energy_counts = energy.counts_line(comparison)
    if energy_counts:
        lines.append(energy_counts)
        lines += [printable(line) for line in energy.geomean_lines(comparison)]
        lines += energy.inconclusive_notes(comparison)
    return lines
