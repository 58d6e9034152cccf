"""The line a report shows once above its table: what run-to-run noise the machine of its results has."""

from __future__ import annotations

from typing import Any

from benchit.floor import Floor, pick, release
from benchit.records import ResultStatus

MAX_LINES = 6  # one per machine, thread count and torch version measured; beyond this, a count


def floor_table(floors: list[Floor] | tuple[Floor, ...]) -> dict[tuple[str, int, str], Floor]:
    """Floors by (machine id, threads, torch); of two for one key (two caches), the larger."""
    table: dict[tuple[str, int, str], Floor] = {}
    for floor in floors:
        if floor.key not in table or floor.floor > table[floor.key].floor:
            table[floor.key] = floor
    return table


def _count(value: Any) -> int | None:
    """A thread count from a frame's column (a float there when another row has none)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def floor_lines(rows: list[dict[str, Any]], floors: list[Floor] | tuple[Floor, ...]) -> list[str]:
    """One line per machine, thread count and torch version the measured ``rows`` have: its noise
    floor (``This machine's run-to-run noise floor: ±7.3% at 1 thread (benchit calibrate, 8
    processes, 2026-11-27)``) or that it has none."""
    table = floor_table(floors)
    seen: dict[tuple[Any, Any, Any], str] = {}
    for row in rows:
        if row.get("status") == ResultStatus.OK and row.get("machine_id"):
            key = (row.get("machine_id"), _count(row.get("threads")), release(str(row.get("torch_version") or "")))
            seen.setdefault(key, str(row.get("machine") or row.get("machine_id")))
    many = len({k[0] for k in seen}) > 1
    lines = []
    for (machine_id, threads, torch), name in sorted(seen.items(), key=lambda kv: (kv[1], str(kv[0][1]))):
        whose = f"{name}'s" if many else "This machine's"
        floor = pick(table, machine_id, threads, torch)
        if floor is not None:
            lines.append(f"{whose} run-to-run noise floor: {floor.describe()}")
        else:
            at = f" at {threads} thread{'s' * (threads != 1)}" if threads else ""
            lines.append(
                f"{whose} run-to-run noise floor{at}: not measured (benchit calibrate); "
                "changes are judged by their confidence intervals alone"
            )
    if len(lines) > MAX_LINES:
        lines = [*lines[: MAX_LINES - 1], f"... and {len(lines) - MAX_LINES + 1} more machines or thread counts"]
    return lines
