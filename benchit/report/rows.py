"""A cache as the report's rows: one dict per script run x invocation x device x runtime x precision x mode (x machine)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from benchit import failures, keys
from benchit.judge.comparable import busy_reason
from benchit.naming import options_text
from benchit.records import Result, ResultStatus, ScriptStatus
from benchit.store.cache import Cache
from benchit.store.runs import ScriptRun, script_runs

# Facts of ``Result.info`` that have a column of their own (not ``info_<key>``).
_INFO_COLUMNS = (keys.CPU_WAIT_FRACTION, keys.STEAL_FRACTION, keys.RUNNABLE_OTHERS, keys.CPU_PRESSURE,
                 keys.CONTENDED_REASON, keys.BLOCKS_DISCARDED, keys.QUIET_WAIT_S, keys.PREPARE_S, keys.FIRST_STEP_S,
                 keys.SPEED_PROBE_US, keys.SPEED_PROBE, keys.PARALLEL_PROBE_US, keys.PARALLEL_PROBE)  # fmt: skip
# --mode generate's columns (``measure.generate``), from ``Result.info``.
GENERATE_COLUMNS = (keys.TTFT_MS, keys.TTFT_CI_LOW_MS, keys.TTFT_CI_HIGH_MS, keys.TPOT_MS, keys.TPOT_CI_LOW_MS,
                    keys.TPOT_CI_HIGH_MS, keys.E2E_MS, keys.PREFILL_TOKENS_PER_S, keys.DECODE_TOKENS_PER_S,
                    keys.PROMPT_TOKENS, keys.NEW_TOKENS, keys.KV_CACHE_BYTES, keys.KV_CACHE_BYTES_EXPECTED,
                    keys.FIRST_GENERATE_S, keys.RECOMPILES, keys.GENERATE_GRAPHS)  # fmt: skip
_INFO_HIDDEN = (
    keys.TTFT_STATS,
    keys.TPOT_STATS,
    keys.OVERHEAD_NS,
    keys.PEAK_RSS_BYTES,
    keys.PEAK_MEMORY_ALLOCATED_BYTES,
    keys.PEAK_MEMORY_RESERVED_BYTES,
)
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
    "between_pass_cv": "between_pass_cv",
    "noisy": "noisy",
    "warmup_iterations": "warmup_iterations",
    "warmup_time_s": "warmup_time_s",
    "warmup_settled": "warmup_settled",
}


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
        round_passes=list(stats.round_passes) if stats else [],
        passes=stats.passes if stats else None,
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
        peak_rss_mb=_megabytes(info.get(keys.PEAK_RSS_BYTES) or None),
        peak_device_memory_mb=_megabytes(info.get(keys.PEAK_MEMORY_ALLOCATED_BYTES)),
        peak_device_reserved_mb=_megabytes(info.get(keys.PEAK_MEMORY_RESERVED_BYTES)),
    )
    row.update({key: info.get(key) for key in _INFO_COLUMNS + GENERATE_COLUMNS})
    row[keys.TOKENS_MATCHED] = parity.extra.get(keys.TOKENS_MATCHED) if parity else None
    for column, stats_key in ((keys.TTFT_ROUNDS_MS, keys.TTFT_STATS), (keys.TPOT_ROUNDS_MS, keys.TPOT_STATS)):
        medians = info.get(stats_key)
        rounds = medians.get(keys.ROUNDS_MS) if isinstance(medians, dict) else None
        row[column] = list(rounds) if isinstance(rounds, list) else []
    row.update(_failure_columns(result))
    row.update({key: info.get(key) for key in (*keys.LANE_COLUMNS, *keys.ENERGY_COLUMNS, *keys.LOCALIZE_COLUMNS)})
    # Each round's energy per step, carried for compare's verdict on energy as round medians are for latency's.
    for key in (keys.ENERGY_J_ROUNDS, keys.ENERGY_ROUND_PASSES):
        rounds = info.get(key)
        row[key] = list(rounds) if isinstance(rounds, list) else []
    # One column per library the runtime's ``versions()`` named (``onnxruntime_version``, a plugin's own).
    runtime_versions = env.get("runtime_versions")
    if isinstance(runtime_versions, dict):
        row.update({f"{name}_version": str(value) for name, value in runtime_versions.items()})
    if result.contended and not row["contended_reason"]:
        row["contended_reason"] = busy_reason(row)
    for key, value in info.items():
        hidden = (
            key in _INFO_HIDDEN
            or key in _INFO_COLUMNS
            or key in GENERATE_COLUMNS
            or key in keys.LANE_COLUMNS
            or key in keys.ENERGY_COLUMNS
            or key in keys.LOCALIZE_COLUMNS
        )
        if not hidden and isinstance(value, (str, int, float, bool)):
            row[f"info_{key}"] = value
    return row


def _failure_columns(result: Result) -> dict[str, Any]:
    """``failure_stage``, ``failure_op``, ``failure_frame`` and ``failure_signature`` of a failed
    result (derived from its error text for one cached before they were kept), else empty."""
    failure = failures.of_result(result)
    if failure is None:
        return dict.fromkeys(keys.FAILURE_COLUMNS)
    values = (failure.stage, failure.op or None, failure.frame or None, failure.signature)
    return dict(zip(keys.FAILURE_COLUMNS, values, strict=True))


def of_cache(cache: Cache) -> list[dict[str, Any]]:
    """Every row of the report, its machines named (``_name_machines``); damaged files are skipped
    and noted in ``cache.warnings``."""
    rows = [row for run in script_runs(cache) for row in _script_rows(run)]
    _name_machines(rows)
    return rows


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


def _name_machines(table: list[dict[str, Any]]) -> None:
    """A machine is shown by its hostname, with its id when two machines share that hostname."""
    ids: dict[str, set[str]] = {}
    for row in table:
        if row.get("machine_id"):
            ids.setdefault(row.get("machine") or "", set()).add(row["machine_id"])
    for row in table:
        if row.get("machine_id") and len(ids.get(row.get("machine") or "", ())) > 1:
            row["machine"] = f"{row.get('machine') or '?'} ({row['machine_id']})"
