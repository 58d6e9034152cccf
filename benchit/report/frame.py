"""Turning a cache into a table: one row per script run x invocation x device x runtime x precision x mode (x machine)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pandas as pd

from benchit.naming import options_text
from benchit.records import ParityVerdict, Result, ResultStatus, ScriptStatus
from benchit.report.comparable import ROUNDS, _is_number, busy_reason, round_medians
from benchit.report.stats import GeoMean, geometric_mean_of, paired_ratio
from benchit.store.cache import Cache
from benchit.store.runs import ScriptRun, script_runs

COLUMNS = [
    "build_name",
    "script",
    "model_class",
    "invocation",
    "params",
    "input_shapes",
    "batch_size",
    "device",
    "runtime",
    "status",
    "error",
    "iterations",
    "latency_mean_ms",
    "latency_median_ms",
    "latency_min_ms",
    "latency_std_ms",
    "latency_p90_ms",
    "latency_p99_ms",
    "throughput_per_s",
    "script_status",
    # beyond the required columns
    "precision",
    "mode",
    "script_args",
    "runtime_options",
    "latency_max_ms",
    "latency_median_ci_low_ms",
    "latency_median_ci_high_ms",
    "rounds",
    "latency_iqr_ms",
    "latency_cv",
    "noisy",
    "warmup_iterations",
    "warmup_time_s",
    "warmup_settled",
    "parity_passed",
    "parity_verdict",
    "parity_rule",
    "parity_max_abs_diff",
    "parity_max_rel_diff",
    "call_count",
    "call_site",
    "module_path",
    "parent_build",
    "script_error",
    "threads",
    "device_name",
    "device_software",
    "machine",
    "machine_id",
    "cpu_model",
    "benchit_version",
    "torch_version",
    # contention: whether the result was measured on a busy machine, why, and the evidence
    "contended",
    "contended_reason",
    "cpu_wait_fraction",
    "steal_fraction",
    "runnable_others",
    "cpu_pressure",
    "blocks_discarded",
    "quiet_wait_s",
    # the cost of a runtime beyond its latency
    "prepare_s",
    "first_step_s",
    "peak_rss_mb",
    "peak_device_memory_mb",
    "peak_device_reserved_mb",
    "overhead_ns",
    "speed_probe_us",
    "speed_probe",
    "parallel_probe_us",
    "parallel_probe",
    "finished",
    # what matches a result across caches (see benchit compare); whether the runtime is the eager
    # reference (Runtime.eager), and the speed-up over it
    "relative_path",
    "eager",
    "speedup_vs_eager",
    "speedup_vs_eager_ci_low",
    "speedup_vs_eager_ci_high",
    "speedup_comparable",
    "memory_ratio_vs_eager",
]
# Carried in the frame for statistics and the JSON report, left out of CSV and tables: the kept
# samples and the median of each round.
SAMPLES = "samples_ms"
CARRIED = [SAMPLES, ROUNDS]
# Facts of ``Result.info`` that have a column of their own (not ``info_<key>``).
_INFO_COLUMNS = ("cpu_wait_fraction", "steal_fraction", "runnable_others", "cpu_pressure", "contended_reason",
                 "blocks_discarded", "quiet_wait_s", "prepare_s", "first_step_s", "speed_probe_us", "speed_probe",
                 "parallel_probe_us", "parallel_probe")  # fmt: skip
_INFO_HIDDEN = ("overhead_ns", "peak_rss_bytes", "peak_memory_allocated_bytes", "peak_memory_reserved_bytes")
# The columns that say what a result measured; two rows with the same values measured the same thing.
IDENTITY = [
    "relative_path",
    "invocation",
    "script_args",
    "precision",
    "mode",
    "device",
    "runtime",
    "runtime_options",
    "machine",
]
_STATS = {
    "iterations": "iterations",
    "latency_mean_ms": "mean_ms",
    "latency_median_ms": "median_ms",
    "latency_min_ms": "min_ms",
    "latency_std_ms": "std_ms",
    "latency_p90_ms": "p90_ms",
    "latency_p99_ms": "p99_ms",
    "latency_max_ms": "max_ms",
    "latency_median_ci_low_ms": "median_ci_low_ms",
    "latency_median_ci_high_ms": "median_ci_high_ms",
    "latency_iqr_ms": "iqr_ms",
    "latency_cv": "cv",
    "noisy": "noisy",
    "warmup_iterations": "warmup_iterations",
    "warmup_time_s": "warmup_time_s",
    "warmup_settled": "warmup_settled",
}
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _first_line(error: str | dict[str, Any] | None) -> str:
    if not error:
        return ""
    if isinstance(error, dict):
        error = f"{error.get('type', '')}: {error.get('message', '')}"
    return str(error).strip().splitlines()[0][:500] if str(error).strip() else ""


def _script_status(run: ScriptRun) -> ScriptStatus | None:
    """The script's status, ``interrupted`` for one still marked running whose benchit has gone."""
    if run.record.status is ScriptStatus.RUNNING and not _alive(run.record.pid):
        return ScriptStatus.INTERRUPTED
    return run.record.status


def _alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def _megabytes(value: Any) -> float | None:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return value / 2**20 if number else None


def _result_row(result: Result) -> dict[str, Any]:
    stats = result.stats
    info, env = result.info, result.environment
    parity = result.parity
    versions = env.get("versions")
    row: dict[str, Any] = {column: getattr(stats, key) if stats else None for column, key in _STATS.items()}
    row.update(
        machine=(result.machine.hostname if result.machine else "") or env.get("hostname") or "unknown",
        machine_id=result.machine.id if result.machine else None,
        precision=result.precision,
        mode=result.mode,
        samples_ms=list(stats.samples_ms) if stats else [],
        rounds_ms=list(stats.rounds_ms) if stats else [],
        # A result written before rounds is one round.
        rounds=(len(stats.rounds_ms) or 1) if stats else None,
        contended=result.contended,
        device=result.device,
        runtime=result.runtime,
        runtime_options=options_text(result.runtime_options),
        eager=result.eager,
        status=str(result.status),
        error=_first_line(result.error),
        throughput_per_s=result.throughput_per_s,
        parity_passed=parity.passed if parity else None,
        parity_verdict=parity.verdict.value if parity else None,
        parity_rule=parity.rule.value if parity and parity.rule else None,
        parity_max_abs_diff=parity.max_abs_diff if parity else None,
        parity_max_rel_diff=parity.max_rel_diff if parity else None,
        threads=env.get("threads"),
        device_name=env.get("device_name"),
        device_software=env.get("device_software"),
        cpu_model=env.get("cpu_model"),
        benchit_version=env.get("benchit"),
        torch_version=versions.get("torch") if isinstance(versions, dict) else None,
        overhead_ns=info.get("overhead_ns"),
        finished=result.finished,
        peak_rss_mb=_megabytes(info.get("peak_rss_bytes") or None),
        peak_device_memory_mb=_megabytes(info.get("peak_memory_allocated_bytes")),
        peak_device_reserved_mb=_megabytes(info.get("peak_memory_reserved_bytes")),
    )
    row.update({key: info.get(key) for key in _INFO_COLUMNS})
    # One column per library the runtime's ``versions()`` named (``onnxruntime_version``, a plugin's own).
    runtime_versions = env.get("runtime_versions")
    if isinstance(runtime_versions, dict):
        row.update({f"{name}_version": str(value) for name, value in runtime_versions.items()})
    if result.contended and not row["contended_reason"]:
        row["contended_reason"] = busy_reason(row)
    for key, value in info.items():
        hidden = key in _INFO_HIDDEN or key in _INFO_COLUMNS
        if not hidden and isinstance(value, (str, int, float, bool)):
            row[f"info_{key}"] = value
    return row


def rows(cache: Cache) -> list[dict[str, Any]]:
    """Every row of the report; damaged files are skipped and noted in ``cache.warnings``."""
    return [row for run in script_runs(cache) for row in _script_rows(run)]


def _script_rows(run: ScriptRun) -> list[dict[str, Any]]:
    table = []
    record = run.record
    script_status = _script_status(run)
    stopped = script_status is not record.status  # still marked running, but its benchit has gone
    base = {
        "script": record.script,
        "relative_path": record.relative_path or Path(record.script or "?").name,
        "script_args": " ".join(record.script_args),
        "script_status": None if script_status is None else script_status.value,
        **_params(record.script_args),
        "script_error": _first_line(record.error)
        or ("benchit itself was stopped (killed?) while the script ran" if stopped else ""),
        **_labels(record.labels),
    }
    for build in run.builds:
        invocation = build.invocation
        build_row = {
            **base,
            "build_name": build.build_name,
            "model_class": invocation.model_class,
            "invocation": invocation.hash,
            "params": invocation.params,
            "input_shapes": invocation.input_shapes,
            "batch_size": invocation.batch_size,
            "call_count": invocation.call_count,
            "call_site": invocation.call_site,
            "module_path": build.module_path,
            "parent_build": build.parent_build,
        }
        table += [{**build_row, **_result_row(result)} for result in build.results]
        if not build.results:
            reason = "--analyze-only" if record.analyze_only else f"script ended as {base['script_status'] or ''}"
            table.append({**build_row, "status": ResultStatus.NOT_RUN.value, "error": f"not benchmarked ({reason})"})
    if not run.builds:
        table.append({**base, "status": base["script_status"], "error": base["script_error"]})
    return table


def _params(args: tuple[str, ...]) -> dict[str, Any]:
    """``param_<name>`` columns for the standard parameters a script run was given (a sweep's dimensions)."""
    from benchit.parser import STANDARD_PARAMS

    found = {}
    for index, arg in enumerate(args):
        name, sep, value = arg.removeprefix("--").partition("=")
        if arg.startswith("--") and name in STANDARD_PARAMS:
            found[f"param_{name}"] = value if sep else (args[index + 1] if index + 1 < len(args) else None)
    return found


def _labels(labels: dict[str, list[str]]) -> dict[str, str]:
    """``label_<key>`` columns: a namespace of their own, so a label can never shadow one of
    benchit's columns (``param_batch_size::999`` becomes ``label_param_batch_size``)."""
    return {f"label_{k}": ",".join(v) for k, v in labels.items()}


def neutralise(value: Any) -> Any:
    """Stop a spreadsheet from running a text cell as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _name_machines(table: list[dict[str, Any]]) -> None:
    """A machine is shown by its hostname, with its id when two machines share that hostname."""
    ids: dict[str, set[str]] = {}
    for row in table:
        if row.get("machine_id"):
            ids.setdefault(row.get("machine") or "", set()).add(row["machine_id"])
    for row in table:
        if row.get("machine_id") and len(ids.get(row.get("machine") or "", ())) > 1:
            row["machine"] = f"{row.get('machine') or '?'} ({row['machine_id']})"


def frame(cache: Cache) -> pd.DataFrame:
    data = rows(cache)
    _name_machines(data)
    return from_rows(data)


def _version_column(column: str) -> bool:
    return column.endswith("_version") and column not in COLUMNS


def from_rows(data: list[dict[str, Any]]) -> pd.DataFrame:
    """The report's frame from row dicts (from a cache, or read back from a JSON report): the
    known columns first, then script parameters and runtime facts, then labels, then the kept samples."""
    df = pd.DataFrame(data)
    extra = sorted(c for c in df.columns if c.startswith(("param_", "info_")) or _version_column(c))
    labels = [c for c in df.columns if c not in COLUMNS and c not in extra and c not in CARRIED]
    labels = [c for c in labels if c.startswith("label_")] + [c for c in labels if not c.startswith("label_")]
    df = df.reindex(columns=COLUMNS + extra + labels + CARRIED)
    df = df.astype(object).where(df.notna(), None)
    # A JSON report written before results said whether they were eager: the built-in torch was.
    df["eager"] = [
        runtime == "torch" if eager is None and runtime is not None else eager
        for eager, runtime in zip(df["eager"], df["runtime"], strict=True)
    ]
    # A JSON report written before modes timed the eval call.
    df["mode"] = [
        "eval" if mode is None and runtime is not None else mode
        for mode, runtime in zip(df["mode"], df["runtime"], strict=True)
    ]
    for column, values in _versus_eager(df).items():
        df[column] = values
    return df


def _versus_eager(df: pd.DataFrame) -> dict[str, list[Any]]:
    """Each row against the eager runtime's row on the same model, device, machine, precision and
    mode (when two eager runtimes measured it, the first in the report's order): the speed-up, with
    its CI where both have rounds, whether it is comparable, and the ratio of peak memories."""
    columns = ["speedup_vs_eager", "speedup_vs_eager_ci_low", "speedup_vs_eager_ci_high", "speedup_comparable",
               "memory_ratio_vs_eager"]  # fmt: skip
    out: dict[str, list[Any]] = {c: [] for c in columns}
    if df.empty:
        return out
    # The eager runtime has no options: every setting of a runtime is measured against it.
    same = [c for c in IDENTITY if c not in ("runtime", "runtime_options")]
    records = df.to_dict("records")
    eager: dict[tuple, dict[str, Any]] = {}
    for row in records:
        if row.get("eager") and row.get("status") == ResultStatus.OK and row.get("latency_median_ms"):
            eager.setdefault(tuple(row.get(c) for c in same), row)
    for row in records:
        base = eager.get(tuple(row.get(c) for c in same))
        ok = row.get("status") == ResultStatus.OK and bool(row.get("latency_median_ms"))
        speedup = speedup_vs(base, row) if base is not None and ok else (None, None, None)
        for column, value in zip(columns[:3], speedup, strict=True):
            out[column].append(value)
        comparable = not (row.get("contended") or base.get("contended")) if base is not None and ok else None
        out["speedup_comparable"].append(comparable)
        out["memory_ratio_vs_eager"].append(_memory_ratio(base, row) if base is not None and ok else None)
    return out


def speedup_vs(eager: dict[str, Any], row: dict[str, Any]) -> tuple[float | None, float | None, float | None]:
    """``row``'s speed-up over ``eager`` with its 95% CI: from paired rounds when both have at
    least two (round i of eager over round i of the runtime, interleaved in one scan: the
    geometric mean of the per-round ratios and a t-interval of their logs); else the ratio of the
    medians, without an interval."""
    ours, theirs = round_medians(row), round_medians(eager)
    usable = all(r > 0 for r in ours + theirs)
    if len(ours) >= 2 and len(theirs) >= 2 and usable:
        ratio, low, high, _ = paired_ratio(ours, theirs)  # eager's round i over ours
        return ratio, low, high
    median, base = row.get("latency_median_ms"), eager.get("latency_median_ms")
    return (float(base) / float(median), None, None) if median and base is not None else (None, None, None)


def _memory_ratio(eager: dict[str, Any], row: dict[str, Any]) -> float | None:
    """Eager's peak memory over this runtime's (the compile benchmark's "compression ratio"):
    device memory where both measured it (accelerators), else the worker's peak RSS."""
    for column in ("peak_device_memory_mb", "peak_rss_mb"):
        theirs, ours = eager.get(column), row.get(column)
        if _is_number(theirs) and _is_number(ours) and theirs > 0 and ours > 0:
            return float(theirs) / float(ours)
    return None


def runtime_label(row: dict[str, Any]) -> str:
    """``torch-compile``, or with options other than the defaults ``torch-compile[compile_backend=aot_eager]``:
    how tables name a setting of a runtime."""
    options = row.get("runtime_options")
    return f"{row.get('runtime')}[{options}]" if options else str(row.get("runtime"))


def eager_runtimes(df: pd.DataFrame) -> list[str]:
    """The runtimes marked eager (``Runtime.eager``) in ``df``, by name: the speed-ups' baseline."""
    rows = df[df["eager"] == True]  # noqa: E712 - object column
    return sorted(rows["runtime"].dropna().astype(str).unique())


def baseline_name(df: pd.DataFrame) -> str:
    """What the speed-ups are over, for people: ``eager torch``, or a plugin's eager runtime."""
    eager = eager_runtimes(df)
    return f"eager {' or '.join(eager)}" if eager else "the eager runtime"


def public(df: pd.DataFrame) -> pd.DataFrame:
    """The frame without the kept samples and round medians: what CSV and Markdown show."""
    return df.drop(columns=CARRIED, errors="ignore")


def speedup_geomeans(df: pd.DataFrame) -> dict[str, GeoMean]:
    """The geometric mean of the speed-ups over eager per device/runtime (with its precision when
    not fp32, its mode when not eval, and machine when several), leaving out those that involve a contended result."""
    # Every non-eager row with a speed-up counts: a zero or infinite one is left out by
    # ``geometric_mean_of`` and said so, never dropped silently.
    rows = [r for r in df.to_dict("records") if not r.get("eager") and r.get("speedup_vs_eager") is not None]
    many = len({r.get("machine") for r in rows}) > 1
    groups: dict[str, list[tuple[float | None, str]]] = {}
    for row in rows:
        name = f"{row.get('device')}/{runtime_label(row)}"
        if row.get("precision") not in (None, "fp32"):
            name += f" {row['precision']}"
        if row.get("mode") not in (None, "eval"):
            name += f" {row['mode']}"
        if many:
            name += f" on {row.get('machine')}"
        status = row.get("status")
        why = "busy" if row.get("speedup_comparable") is False else ""
        why = why if status in (None, "ok") else str(status)  # an unavailable runtime has no speed-up to average
        value = row["speedup_vs_eager"]
        groups.setdefault(name, []).append((None if value != value else value, why))  # NaN: the frame's missing value
    return {name: geometric_mean_of(items) for name, items in sorted(groups.items())}


def summary(df: pd.DataFrame) -> list[str]:
    """A few lines for the terminal: scripts by status, results by status, flags."""
    if df.empty:
        return ["no results in the cache"]
    scripts = df.drop_duplicates("script")["script_status"].value_counts()
    lines = [f"scripts: {len(df['script'].unique())} ({', '.join(f'{n} {s}' for s, n in scripts.items())})"]
    results = df[df["device"].notna()]
    if not results.empty:
        counts = results["status"].value_counts()
        lines.append(f"results: {len(results)} ({', '.join(f'{n} {s}' for s, n in counts.items())})")
        noisy = int((results["noisy"] == True).sum())  # noqa: E712 - object column
        parity = int((results["parity_passed"] == False).sum())  # noqa: E712
        if noisy:
            lines.append(f"noisy: {noisy} results whose median is not known to within the tolerance")
        contended = int((results["contended"] == True).sum())  # noqa: E712
        if contended:
            lines.append(f"busy: {contended} results measured on a busy machine (contended): not comparable")
        if parity:
            lines.append(f"parity: {parity} results whose outputs disagree with eager torch")
        inconclusive = int((results["parity_verdict"] == ParityVerdict.INCONCLUSIVE.value).sum())
        if inconclusive:
            lines.append(
                f"parity: {inconclusive} results that cannot be judged (eager torch's outputs not finite, or, without a float64 run, spanning too many orders of magnitude or not reproduced by eager torch itself one rounding step away)"
            )
        unjudged = int((results["parity_verdict"] == ParityVerdict.EAGER_NONDETERMINISTIC.value).sum())
        if unjudged:
            lines.append(
                f"parity: {unjudged} results not judged: eager torch gives different outputs on two runs of the same inputs (random ops left on, such as F.dropout, whose training defaults to True?)"
            )
    return lines
