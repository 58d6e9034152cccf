"""Turning a cache into a table: one row per script x invocation x device x runtime, as CSV."""

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
    "parity_max_abs_diff",
    "parity_max_rel_diff",
    "call_count",
    "call_site",
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
        machine=machine.get("hostname"),
        machine_id=machine.get("id"),
        device=result["device"],
        runtime=result["runtime"],
        status=result["status"],
        error=_first_line(result.get("error")),
        throughput_per_s=result.get("throughput_per_s"),
        parity_passed=parity.get("passed"),
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
        record = cache.read_script(key)
        if record is None:
            continue
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
        "script_status": script_status,
        "script_error": _first_line(record.get("error"))
        or (
            "benchit itself was stopped (killed?) while the script ran" if script_status != record.get("status") else ""
        ),
        **_labels(record.get("labels")),
    }
    produced = 0
    for build in record.get("builds") or []:
        info = cache.read_build(build) if isinstance(build, str) else None
        if info is None:
            continue
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
        }
        results = [r for r in cache.read_results(build) if r.get("script_digest") in (None, record.get("digest"))]
        good = 0
        for result in results:
            try:
                table.append({**build_row, **_result_row(result)})
                good += 1
            except (TypeError, AttributeError, KeyError, ValueError) as exc:
                machine_id = (
                    (result.get("machine") or {}).get("id") if isinstance(result.get("machine"), dict) else None
                )
                path = cache.result_path(build, str(result["device"]), str(result["runtime"]), machine_id)
                cache.warnings.append(f"skipped {path}: malformed result ({type(exc).__name__}: {exc})")
        if not good:
            reason = "--analyze-only" if record.get("analyze_only") else f"script ended as {script_status}"
            table.append({**build_row, "status": "not_run", "error": f"not benchmarked ({reason})"})
        produced += 1
    if not produced:
        table.append({**base, "status": script_status, "error": base["script_error"]})
    return table


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
    df = pd.DataFrame(data)
    extra = sorted(c for c in df.columns if c.startswith("info_"))
    labels = [c for c in df.columns if c not in COLUMNS and c not in extra]
    df = df.reindex(columns=COLUMNS + extra + labels)
    return df.astype(object).where(df.notna(), None)


def write(cache: Cache, output: Path) -> pd.DataFrame:
    df = frame(cache)
    safe = df.map(neutralise)
    safe.columns = [neutralise(c) for c in safe.columns]
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = output.with_name(f".{output.name}.tmp")
    safe.to_csv(tmp, index=False)
    os.replace(tmp, output)
    return df


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
    return lines
