"""The host lock: one measurement at a time on this machine, and nothing else of benchit's beside it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

# Told when this process starts (True) and stops (False) waiting for the host lock; the worker
# passes it on to the coordinator, whose --timeout clock does not run while a script waits.
_on_wait: Callable[[bool], None] | None = None


def report_lock_waits(callback: Callable[[bool], None] | None) -> None:
    """Call ``callback(True)`` when a wait for the host lock begins and ``callback(False)`` when it ends."""
    global _on_wait
    _on_wait = callback


def _flock(file: IO[str], mode: int) -> None:
    """``flock`` at once if free; else tell ``_on_wait`` and wait."""
    try:
        fcntl.flock(file, mode | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        pass
    if _on_wait is not None:
        _on_wait(True)
    try:
        fcntl.flock(file, mode)
    finally:
        if _on_wait is not None:
            _on_wait(False)


# The machine's temporary folder, where the host lock lives, as benchit found it: a job's
# processes have TMPDIR pointed at the job's own folder (benchit.execute.scratch).
HOST_TMPDIR_ENV = "BENCHIT_HOST_TMPDIR"


def host_tempdir() -> Path:
    return Path(os.environ.get(HOST_TMPDIR_ENV) or tempfile.gettempdir())


@contextlib.contextmanager
def host_lock(exclusive: bool) -> Iterator[None]:
    """One measurement at a time on this machine, and nothing else of benchit's beside it.

    A measurement, on any device, holds the lock exclusively: two measurements never share
    a device, and an accelerator's numbers depend on the host CPU that launches its work.
    Everything else a worker does that burns CPU (running the script, preparing a runtime,
    the parity reference) holds it shared, so with ``-j N`` those overlap each other but
    never a measurement. It spans every benchit process of this user (``fcntl.flock`` on a
    file in the temporary folder), and the kernel drops it when a holder dies.

    Writers first: an exclusive taker first holds a second file, the turnstile, until it has
    the lock; shared takers pass through the turnstile (take and drop it) before they queue, so
    while a measurement waits no new shared holder overtakes it, and a stream of scripts
    under ``-j N`` cannot starve it. Waits are told to ``report_lock_waits``'s callback.
    """
    folder = host_tempdir() / f"benchit-{os.getuid()}"
    folder.mkdir(exist_ok=True)
    with open(folder / "turnstile.lock", "a") as turnstile, open(folder / "measure.lock", "a") as file:
        _flock(turnstile, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        if not exclusive:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            _flock(file, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        finally:
            if exclusive:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)
