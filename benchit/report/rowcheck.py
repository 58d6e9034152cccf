"""The check of a JSON report's rows read back (``benchit compare REPORT.json``): each cell of the type its column holds."""

from __future__ import annotations

from typing import Any

from benchit import keys
from benchit.numeric import finite_number

_FLAGS = {"noisy", "warmup_settled", "parity_passed", keys.CONTENDED, "eager", "speedup_comparable"}
_NUMBERS = {
    keys.ITERATIONS, "throughput_per_s", "params", "batch_size", "call_count", "rounds", "warmup_iterations",
    "warmup_time_s", "threads", keys.CPU_WAIT_FRACTION, keys.STEAL_FRACTION, keys.RUNNABLE_OTHERS,
    keys.CPU_PRESSURE, keys.BLOCKS_DISCARDED, keys.QUIET_WAIT_S, keys.PREPARE_S, keys.FIRST_STEP_S, "peak_rss_mb",
    "peak_device_memory_mb", "peak_device_reserved_mb", keys.OVERHEAD_NS, keys.SPEED_PROBE_US,
    keys.PARALLEL_PROBE_US, "finished", "speedup_vs_eager", "speedup_vs_eager_ci_low", "speedup_vs_eager_ci_high",
    "memory_ratio_vs_eager", keys.DEVICE_INDEX, keys.LANE_THREADS, keys.ENERGY_J, keys.ENERGY_J_CV, keys.POWER_W,
    keys.POWER_W_CV,
    keys.TTFT_MS, keys.TTFT_CI_LOW_MS, keys.TTFT_CI_HIGH_MS, keys.TPOT_MS,
    keys.TPOT_CI_LOW_MS, keys.TPOT_CI_HIGH_MS, keys.E2E_MS, keys.PREFILL_TOKENS_PER_S, keys.DECODE_TOKENS_PER_S,
    keys.PROMPT_TOKENS, keys.NEW_TOKENS, keys.KV_CACHE_BYTES, keys.KV_CACHE_BYTES_EXPECTED, keys.FIRST_GENERATE_S,
    keys.RECOMPILES, keys.GENERATE_GRAPHS, keys.TOKENS_MATCHED, keys.DIVERGED_ERROR,
    keys.DIVERGED_END_TO_END_ERROR, keys.LOCALIZE_CHECKED, keys.LOCALIZE_S,
}  # fmt: skip
_ANY_FLOAT = {"parity_max_abs_diff", "parity_max_rel_diff"}  # an output that is not finite differs infinitely
_LISTS = {
    keys.SAMPLES_MS, keys.ROUNDS_MS, keys.ROUND_PASSES, keys.ENERGY_J_ROUNDS, keys.ENERGY_ROUND_PASSES,
    keys.TTFT_ROUNDS_MS, keys.TPOT_ROUNDS_MS,
}  # fmt: skip
MAX_ROWS = 1_000_000
MAX_COLUMNS = 10_000


def _cell(column: str, value: Any) -> str | None:
    """Why ``value`` cannot be a cell of ``column`` (None: it can)."""
    if value is None:
        return None
    if column in _LISTS:
        ok = isinstance(value, list) and all(finite_number(v) for v in value)
        return None if ok else "not a list of finite numbers"
    if column in _FLAGS:
        return None if isinstance(value, bool) else "not true or false"
    if column in _ANY_FLOAT:
        ok = isinstance(value, float) or finite_number(value)
        return None if ok else "not a number"
    if column in _NUMBERS or column.startswith("latency_"):
        return None if finite_number(value) else "not a finite number of sane magnitude"
    if isinstance(value, str) or isinstance(value, bool) or finite_number(value):
        return None
    return "not a string, a flag or a finite number"


def problem(rows: Any) -> str | None:
    """What is wrong with a report's ``rows`` (the first thing found), or None."""
    if not isinstance(rows, list):
        return "rows: not a list"
    if len(rows) > MAX_ROWS:
        return f"rows: more than {MAX_ROWS}"
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            return f"row {index + 1}: not an object"
        if len(row) > MAX_COLUMNS:
            return f"row {index + 1}: more than {MAX_COLUMNS} columns"
        for column, value in row.items():
            why = _cell(column, value)
            if why:
                return f"row {index + 1}, column {column[:80]!r}: {why}"
    return None
