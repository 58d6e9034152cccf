"""The report's frame (pandas) from its rows, the speed-ups over the eager runtime, and what tables read from it."""

from __future__ import annotations

from typing import Any

import pandas as pd

from benchit import keys
from benchit.judge.comparable import positive, round_medians
from benchit.judge.stats import GeoMean, geometric_mean_of, paired_ratio
from benchit.keys import (
    ENERGY_J_ROUNDS,
    ENERGY_ROUND_PASSES,
    FAILURE_COLUMNS,
    LOCALIZE_COLUMNS,
    ROUND_PASSES,
    ROUNDS_MS,
    SAMPLES_MS,
    TPOT_ROUNDS_MS,
    TTFT_ROUNDS_MS,
)
from benchit.records import ResultStatus
from benchit.report import rows
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
    "mode",
    "script_args",
    "runtime_options",
    "latency_max_ms",
    "latency_median_ci_low_ms",
    "latency_median_ci_high_ms",
    "rounds",
    "passes",
    "latency_iqr_ms",
    "latency_cv",
    "noisy",
    "between_pass_cv",
    "warmup_iterations",
    "warmup_time_s",
    "warmup_settled",
    "parity_passed",
    "parity_verdict",
    "parity_rule",
    "parity_max_abs_diff",
    "parity_max_rel_diff",
    *FAILURE_COLUMNS,
    *LOCALIZE_COLUMNS,  # where a failed parity starts (measure/localize.py)
    # --mode generate (measure/generate.py): per token, per call, the KV cache, greedy tokens vs eager
    keys.TTFT_MS,
    keys.TTFT_CI_LOW_MS,
    keys.TTFT_CI_HIGH_MS,
    keys.TPOT_MS,
    keys.TPOT_CI_LOW_MS,
    keys.TPOT_CI_HIGH_MS,
    keys.E2E_MS,
    keys.PREFILL_TOKENS_PER_S,
    keys.DECODE_TOKENS_PER_S,
    keys.PROMPT_TOKENS,
    keys.NEW_TOKENS,
    keys.KV_CACHE_BYTES,
    keys.KV_CACHE_BYTES_EXPECTED,
    keys.FIRST_GENERATE_S,
    keys.RECOMPILES,
    keys.GENERATE_GRAPHS,
    keys.TOKENS_MATCHED,
    "call_count",
    "call_site",
    "module_path",
    "parent_build",
    "script_error",
    "threads",
    "device_name",
    "device_index",
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
    # energy per step and mean power while timed (where the device has a counter), or why not;
    # the lane's thread count, or why the device's lanes were measured one at a time
    "energy_j",
    "energy_j_cv",
    "power_w",
    "power_w_cv",
    "energy_reason",
    "lane_threads",
    "lanes_serialised",
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
# samples, the median of each round (of TTFT and TPOT too, in generate mode) and each round's
# energy per step, with the pass of each.
CARRIED = [SAMPLES_MS, ROUNDS_MS, ROUND_PASSES, TTFT_ROUNDS_MS, TPOT_ROUNDS_MS, ENERGY_J_ROUNDS, ENERGY_ROUND_PASSES]
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
# The columns of each row against the eager runtime's row (``_versus_eager``).
VERSUS_EAGER = [
    "speedup_vs_eager",
    "speedup_vs_eager_ci_low",
    "speedup_vs_eager_ci_high",
    "speedup_comparable",
    "memory_ratio_vs_eager",
]


def frame(cache: Cache) -> pd.DataFrame:
    """Every result of ``cache`` as the report's frame."""
    return from_rows(rows.of_cache(cache))


def _version_column(column: str) -> bool:
    return column.endswith("_version") and column not in COLUMNS


def from_rows(data: list[dict[str, Any]]) -> pd.DataFrame:
    """The report's frame from row dicts (from a cache, or read back from a JSON report): the
    known columns first, then script parameters and runtime facts, then labels, then the kept
    samples. The rows are completed as dicts (older reports' defaults, the speed-ups) and become a
    frame once."""
    data = [_completed(row) for row in data]
    _versus_eager(data)
    df = pd.DataFrame(data)
    extra = sorted(c for c in df.columns if c.startswith(("param_", "info_")) or _version_column(c))
    labels = [c for c in df.columns if c not in COLUMNS and c not in extra and c not in CARRIED]
    labels = [c for c in labels if c.startswith("label_")] + [c for c in labels if not c.startswith("label_")]
    df = df.reindex(columns=COLUMNS + extra + labels + CARRIED)
    return df.astype(object).where(df.notna(), None)


def _completed(row: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``row`` with what an older JSON report left out: whether a result was eager (the
    built-in torch was, before results said so) and its mode (eval, before modes)."""
    row = dict(row)
    if row.get("runtime") is not None:
        if row.get("eager") is None:
            row["eager"] = row["runtime"] == "torch"
        if row.get("mode") is None:
            row["mode"] = "eval"
    return row


def _versus_eager(data: list[dict[str, Any]]) -> None:
    """Each row against the eager runtime's row on the same model, device, machine, precision and
    mode (when two eager runtimes measured it, the first in the report's order): the speed-up, with
    its CI where both have rounds, whether it is comparable, and the ratio of peak memories; set in
    place, None where there is no such pair."""
    # The eager runtime has no options: every setting of a runtime is measured against it.
    same = [c for c in IDENTITY if c not in ("runtime", "runtime_options")]
    eager: dict[tuple, dict[str, Any]] = {}
    for row in data:
        if row.get("eager") and row.get("status") == ResultStatus.OK and row.get("latency_median_ms"):
            eager.setdefault(tuple(row.get(c) for c in same), row)
    for row in data:
        base = eager.get(tuple(row.get(c) for c in same))
        ok = row.get("status") == ResultStatus.OK and bool(row.get("latency_median_ms"))
        if base is None or not ok:
            row.update(dict.fromkeys(VERSUS_EAGER))
            continue
        speedup, low, high = speedup_vs(base, row)
        row.update(
            speedup_vs_eager=speedup,
            speedup_vs_eager_ci_low=low,
            speedup_vs_eager_ci_high=high,
            speedup_comparable=not (row.get("contended") or base.get("contended")),
            memory_ratio_vs_eager=_memory_ratio(base, row),
        )


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
        theirs, ours = eager.get(column, 0), row.get(column, 0)
        if positive(theirs) and positive(ours):
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
    # A runtime that failed or was unavailable has a row with no speed-up (None or NaN): counted as left out.
    rows = [r for r in df.to_dict("records") if not r.get("eager") and "speedup_vs_eager" in r]
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
