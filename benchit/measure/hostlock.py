"""The host lock, the CPU device's lock: one measurement on the CPU at a time, and nothing else of benchit's beside it."""

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


def tell_wait(waiting: bool) -> None:
    """Tell ``report_lock_waits``'s callback that a wait for a lock of benchit's begins or ends."""
    if _on_wait is not None:
        _on_wait(waiting)


def flock_told(file: IO[str], mode: int) -> None:
    """``flock`` at once if free; else tell ``_on_wait`` and wait."""
    try:
        fcntl.flock(file, mode | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        pass
    tell_wait(True)
    try:
        fcntl.flock(file, mode)
    finally:
        tell_wait(False)


# The machine's temporary folder, where the host lock lives, as benchit found it: a job's
# processes have TMPDIR pointed at the job's own folder (benchit.execute.scratch).
HOST_TMPDIR_ENV = "BENCHIT_HOST_TMPDIR"


def host_tempdir() -> Path:
    return Path(os.environ.get(HOST_TMPDIR_ENV) or tempfile.gettempdir())


def lock_folder() -> Path:
    """This user's folder of the host's temporary folder, where benchit's locks live (the lanes' too)."""
    return host_tempdir() / f"benchit-{os.getuid()}"


def _lock_files() -> tuple[Path, Path]:
    """The turnstile and the lock itself (``host_lock``)."""
    folder = lock_folder()
    return folder / "turnstile.lock", folder / "measure.lock"


def blocked_on_host_lock(pid: int) -> bool | None:
    """Whether process ``pid`` is blocked in ``flock`` on the host lock, as the kernel lists it in
    ``/proc/locks`` (a ``->`` line: a waiter); ``None`` where that cannot be read. The executor asks
    this of a worker that says it is waiting, since such a wait stops the --timeout clock."""
    folder = lock_folder()
    try:
        # The lanes' locks too (``measure.lanes``); and a worker holding a lane's gate is looking
        # for a free lane, which is a wait as well.
        lanes = list(folder.glob("lane-*")) if folder.is_dir() else []
        inodes = {os.stat(path).st_ino for path in (*_lock_files(), *lanes) if path.exists()}
        gates = {os.stat(path).st_ino for path in lanes if path.suffix == ".gate"}
        text = Path("/proc/locks").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        fields = line.split()
        if "->" not in fields:
            # ``N: FLOCK  ADVISORY  WRITE  PID  MAJOR:MINOR:INODE  START  END``: a holder
            if len(fields) >= 6 and fields[1] == "FLOCK" and fields[4] == str(pid):
                inode = fields[5].rsplit(":", 1)[-1]
                if inode.isdigit() and int(inode) in gates:
                    return True
            continue
        # ``N: -> FLOCK  ADVISORY  READ|WRITE  PID  MAJOR:MINOR:INODE  START  END``
        waiter = fields[fields.index("->") + 1 :]
        if len(waiter) >= 5 and waiter[0] == "FLOCK" and waiter[3] == str(pid):
            inode = waiter[4].rsplit(":", 1)[-1]
            if inode.isdigit() and int(inode) in inodes:
                return True
    return False


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
    turnstile_path, lock_path = _lock_files()
    turnstile_path.parent.mkdir(exist_ok=True)
    with open(turnstile_path, "a") as turnstile, open(lock_path, "a") as file:
        flock_told(turnstile, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        if not exclusive:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            flock_told(file, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        finally:
            if exclusive:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)
