"""Turning a cache into a table: one row per script run x invocation x device x runtime x precision (x machine)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pandas as pd

from benchit.store.cache import Cache

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
    "script_args",
    "latency_max_ms",
    "latency_median_ci_low_ms",
    "latency_median_ci_high_ms",
    "latency_iqr_ms",
    "latency_cv",
    "noisy",
    "warmup_iterations",
    "warmup_time_s",
    "warmup_settled",
    "parity_passed",
    "parity_verdict",
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
    "peak_rss_mb",
    "peak_device_memory_mb",
    "overhead_ns",
    "finished",
    # what matches a result across caches (see benchit compare), and its speed-up over eager torch
    "relative_path",
    "speedup_vs_torch",
]
# Carried in the frame for statistics and the JSON report, left out of CSV and tables.
SAMPLES = "samples_ms"
# The columns that say what a result measured; two rows with the same values measured the same thing.
IDENTITY = ["relative_path", "invocation", "script_args", "precision", "device", "runtime", "machine"]
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


def _first_line(error: Any) -> str:
    if not error:
        return ""
    if isinstance(error, dict):
        error = f"{error.get('type', '')}: {error.get('message', '')}"
    return str(error).strip().splitlines()[0][:500] if str(error).strip() else ""


def _script_status(record: dict[str, Any]) -> str:
    status = record.get("status", "")
    if status == "running" and not _alive(record.get("pid")):
        return "interrupted"
    return status


def _alive(pid: Any) -> bool:
    try:
        os.kill(int(pid), 0)
    except (OSError, TypeError, ValueError):
        return False
    return True


def _result_row(result: dict[str, Any]) -> dict[str, Any]:
    stats = result.get("stats") or {}
    info = result.get("info") or {}
    env = result.get("environment") or {}
    parity = result.get("parity") or {}
    row = {column: stats.get(key) for column, key in _STATS.items()}
    machine = result.get("machine") if isinstance(result.get("machine"), dict) else {}
    row.update(
        machine=machine.get("hostname") or env.get("hostname") or "unknown",
        machine_id=machine.get("id"),
        precision=result.get("precision") or "fp32",
        samples_ms=list(stats.get("samples_ms") or []),
        device=result["device"],
        runtime=result["runtime"],
        status=result["status"],
        error=_first_line(result.get("error")),
        throughput_per_s=result.get("throughput_per_s"),
        parity_passed=parity.get("passed"),
        parity_verdict=parity.get("verdict") or {True: "passed", False: "failed"}.get(parity.get("passed")),
        parity_max_abs_diff=parity.get("max_abs_diff"),
        parity_max_rel_diff=parity.get("max_rel_diff"),
        threads=env.get("threads"),
        device_name=env.get("device_name"),
        device_software=env.get("device_software"),
        cpu_model=env.get("cpu_model"),
        benchit_version=env.get("benchit"),
        torch_version=(env.get("versions") or {}).get("torch"),
        overhead_ns=info.get("overhead_ns"),
        finished=result.get("finished"),
        peak_rss_mb=info["peak_rss_bytes"] / 2**20 if info.get("peak_rss_bytes") else None,
        peak_device_memory_mb=(
            info["peak_memory_allocated_bytes"] / 2**20 if info.get("peak_memory_allocated_bytes") is not None else None
        ),
    )
    for key, value in info.items():
        if key not in ("overhead_ns", "peak_rss_bytes") and isinstance(value, (str, int, float, bool)):
            row[f"info_{key}"] = value
    return row


def rows(cache: Cache) -> list[dict[str, Any]]:
    """Every row of the report; damaged files are skipped and noted in ``cache.warnings``."""
    table = []
    cache.check_strays()
    for key in cache.script_keys():
        script = cache.read_script(key)
        if script is None:
            continue
        record = script.to_dict()
        try:
            table += _script_rows(cache, record)
        except (TypeError, AttributeError, KeyError, ValueError) as exc:  # a hand-edited record
            cache.warnings.append(f"skipped {cache.script_path(key)}: malformed record ({type(exc).__name__}: {exc})")
    return table


def _script_rows(cache: Cache, record: dict[str, Any]) -> list[dict[str, Any]]:
    table = []
    script_status = _script_status(record)
    base = {
        "script": record.get("script"),
        "relative_path": record.get("relative_path") or Path(str(record.get("script") or "?")).name,
        "script_args": " ".join(map(str, record.get("script_args") or [])),
        "script_status": script_status,
        **_params(record.get("script_args")),
        "script_error": _first_line(record.get("error"))
        or (
            "benchit itself was stopped (killed?) while the script ran" if script_status != record.get("status") else ""
        ),
        **_labels(record.get("labels")),
    }
    produced = 0
    for build in record.get("builds") or []:
        found = cache.read_build(build) if isinstance(build, str) else None
        if found is None:
            continue
        info = found.to_dict()
        invocation = info.get("invocation") or {}
        build_row = {
            **base,
            "build_name": build,
            "model_class": invocation.get("model_class"),
            "invocation": invocation.get("hash"),
            "params": invocation.get("params"),
            "input_shapes": invocation.get("input_shapes"),
            "batch_size": invocation.get("batch_size"),
            "call_count": invocation.get("call_count"),
            "call_site": invocation.get("call_site"),
            "module_path": info.get("module_path") or invocation.get("module_path") or "",
            "parent_build": info.get("parent_build") or "",
        }
        every = [r.to_dict() for r in cache.read_results(build)]
        results = [r for r in every if r.get("script_digest") in (None, record.get("digest"))]
        good = 0
        for result in results:
            try:
                table.append({**build_row, **_result_row(result)})
                good += 1
            except (TypeError, AttributeError, KeyError, ValueError) as exc:
                machine_id = (
                    (result.get("machine") or {}).get("id") if isinstance(result.get("machine"), dict) else None
                )
                path = cache.result_path(
                    build,
                    str(result["device"]),
                    str(result["runtime"]),
                    machine_id,
                    str(result.get("precision") or "fp32"),
                )
                cache.warnings.append(f"skipped {path}: malformed result ({type(exc).__name__}: {exc})")
        if not good:
            reason = "--analyze-only" if record.get("analyze_only") else f"script ended as {script_status}"
            table.append({**build_row, "status": "not_run", "error": f"not benchmarked ({reason})"})
        produced += 1
    if not produced:
        table.append({**base, "status": script_status, "error": base["script_error"]})
    return table


def _params(script_args: Any) -> dict[str, Any]:
    """``param_<name>`` columns for the standard parameters a script run was given (a sweep's dimensions)."""
    from benchit.parser import STANDARD_PARAMS

    args = [str(a) for a in script_args] if isinstance(script_args, list) else []
    found = {}
    for index, arg in enumerate(args):
        name, sep, value = arg.removeprefix("--").partition("=")
        if arg.startswith("--") and name in STANDARD_PARAMS:
            found[f"param_{name}"] = value if sep else (args[index + 1] if index + 1 < len(args) else None)
    return found


def _labels(labels: Any) -> dict[str, str]:
    if not isinstance(labels, dict):
        return {}
    return {f"label_{k}" if k in COLUMNS else str(k): ",".join(map(str, v)) for k, v in labels.items()}


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


def from_rows(data: list[dict[str, Any]]) -> pd.DataFrame:
    """The report's frame from row dicts (from a cache, or read back from a JSON report): the
    known columns first, then script parameters and runtime facts, then labels, then the kept samples."""
    df = pd.DataFrame(data)
    extra = sorted(c for c in df.columns if c.startswith(("param_", "info_")))
    labels = [c for c in df.columns if c not in COLUMNS and c not in extra and c != SAMPLES]
    df = df.reindex(columns=COLUMNS + extra + labels + [SAMPLES])
    df = df.astype(object).where(df.notna(), None)
    df["speedup_vs_torch"] = _speedups(df)
    return df


def _speedups(df: pd.DataFrame) -> list[float | None]:
    """Eager torch's median over each row's median, on the same model, device, machine and precision."""
    if df.empty:
        return []
    same = [c for c in IDENTITY if c != "runtime"]
    eager: dict[tuple, float] = {}
    for row in df.itertuples(index=False):
        if row.runtime == "torch" and row.status == "ok" and row.latency_median_ms:
            eager[tuple(getattr(row, c) for c in same)] = float(row.latency_median_ms)
    out: list[float | None] = []
    for row in df.itertuples(index=False):
        base = eager.get(tuple(getattr(row, c) for c in same))
        ok = row.status == "ok" and row.latency_median_ms and base
        out.append(base / float(row.latency_median_ms) if ok else None)
    return out


def public(df: pd.DataFrame) -> pd.DataFrame:
    """The frame without the kept samples: what CSV and Markdown show."""
    return df.drop(columns=[SAMPLES], errors="ignore")


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
        if parity:
            lines.append(f"parity: {parity} results whose outputs disagree with eager torch")
        inconclusive = int((results["parity_verdict"] == "inconclusive").sum())
        if inconclusive:
            lines.append(
                f"parity: {inconclusive} results that cannot be judged (eager torch's outputs not finite, spanning too many orders of magnitude, or not reproduced by eager torch itself one rounding step away)"
            )
    return lines
