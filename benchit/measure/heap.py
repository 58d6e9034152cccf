"""A measuring process's C heap, held steady: freed memory kept for the next iteration, not given back.

glibc's malloc returns the top of its heap to the kernel once more than ``M_TRIM_THRESHOLD`` of it
is free (128 KiB at first), and serves a block over ``M_MMAP_THRESHOLD`` with a fresh mapping that
it unmaps when freed; both thresholds move as the process runs. A model whose activations are
freed and allocated again every iteration then pays page faults for them in some processes and
not in others, as its heap happened to grow: the same eager convolution (``conv_32`` of
``benchmarks/verdicts_across_runs.py``, 4 x Conv2d(32, 32) on 1 x 32 x 64 x 64) read 1.25 ms in
some fresh processes and 1.9 ms in others, every round of a process at its level, so two scans of
an unchanged model could differ by 1.5x with tight intervals. Alone, freeing its output each
iteration, it read 1.84 to 1.87 ms with 250,000 minor page faults per process, and 1.28 to 1.29 ms
with 79,000 once the thresholds were raised (2 threads on the 2-vCPU Intel VM; 2.83 to 2.88 ms
against 2.11 to 2.21 at one).

``hold`` raises both thresholds in this process (``mallopt``), so that every measuring process
reuses what it freed, as a long-running server settles into doing; it is recorded with each
result (``heap`` in its environment). A user's own allocator settings win: with
``GLIBC_TUNABLES``, ``MALLOC_TRIM_THRESHOLD_``, ``MALLOC_MMAP_THRESHOLD_`` or a preloaded allocator
(``LD_PRELOAD``, jemalloc or tcmalloc say) in the environment, nothing is changed and the
variables are recorded. Elsewhere than glibc, nothing is changed either. Before a runtime's first
round, and before each round that follows another runtime's, ``release`` gives the kept memory
back once (``rounds._round``), so that the round's peak of resident memory is its own runtime's.
"""

from __future__ import annotations

import ctypes
import os
from typing import Any

# glibc's mallopt parameters (malloc.h).
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
TRIM_THRESHOLD = 1 << 30  # give the kernel back no freed memory short of 1 GiB
MMAP_THRESHOLD = 32 << 20  # glibc's largest (DEFAULT_MMAP_THRESHOLD_MAX on 64-bit): blocks up to it from the heap
USER_VARIABLES = ("GLIBC_TUNABLES", "MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "LD_PRELOAD")

_held: str | None = None
_trim: Any = None  # glibc's malloc_trim, once ``hold`` has raised the thresholds: ``release`` calls it


def hold() -> str:
    """Hold this process's heap steady where benchit may (the module note) and say how it is held:
    ``glibc 2.35 malloc: trim threshold 1 GiB, mmap threshold 32 MiB``, ``as set: LD_PRELOAD=...``,
    or why it is left as it is. Once per process; later calls say the same."""
    global _held
    if _held is None:
        _held = _hold()
    return _held


def release() -> None:
    """Give the heap's free memory back to the kernel now (``malloc_trim``), where ``hold`` held it:
    before a round where another runtime of the model may have freed into it, so that the round's
    peak of resident memory is its runtime's. The untimed call that starts such a round faults the
    memory in again; the thresholds stay raised, so no later call does."""
    if _trim is not None:
        _trim(0)


def state() -> str | None:
    """What ``hold`` did in this process; None before it ran."""
    return _held


def _hold() -> str:
    global _trim
    mine = [f"{name}={os.environ[name]}" for name in USER_VARIABLES if os.environ.get(name)]
    if mine:
        return "as set: " + " ".join(mine)
    try:
        libc = ctypes.CDLL(None)
        version = libc.gnu_get_libc_version
        mallopt = libc.mallopt
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return "as it is: not glibc"
    version.restype = ctypes.c_char_p
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    if not (mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) and mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)):
        return "as it is: mallopt refused"
    _trim = trim
    glibc = (version() or b"").decode("ascii", "replace")
    return f"glibc {glibc} malloc: trim threshold {TRIM_THRESHOLD >> 30} GiB, mmap threshold {MMAP_THRESHOLD >> 20} MiB"
