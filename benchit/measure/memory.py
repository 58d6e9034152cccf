"""This process's resident memory: now, its peak since a reset, and what the worker held when it started."""

from __future__ import annotations

import contextlib
from pathlib import Path


def reset_peak_rss() -> None:
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS, a new peak window


def resident_bytes(field: str = "VmRSS") -> int | None:
    """This process's resident memory now (``VmRSS``) or its peak (``VmHWM``), in bytes."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


worker_start_rss: int | None = None


def mark_worker_start() -> None:
    """Note the worker's resident memory as it starts: what it shares with the warm worker
    (interpreter, torch, preloaded libraries), so a result can tell it from the model's own."""
    global worker_start_rss
    worker_start_rss = resident_bytes()
