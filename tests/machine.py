"""Each test's share of the machine, across the suite's pytest workers (pytest-xdist).

Every test holds a lock of this user's shared, for the whole of its run (``tests/conftest.py``).
A test marked ``alone`` (it loads every CPU on purpose) holds it exclusively: no other test of any
worker runs beside it. A fixture whose scan must see a quiet machine takes the lock exclusively
for that scan alone (``alone()``), then holds its share again.

Every other test runs beside the other worker's: each worker's benchit commands keep a host lock
of their own (``worker_host_tmpdir``), so one worker's measurements never wait on the other's.

Writers first, as benchit's host lock (``benchit.measure.hostlock``): a test waiting to be alone
holds the turnstile, so the other worker's next test queues behind it instead of starving it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

# The machine's temporary folder, as the suite found it (a test may give its scans another TMPDIR).
MACHINE_TMPDIR = tempfile.gettempdir()
FOLDER = Path(MACHINE_TMPDIR) / f"benchit-tests-{os.getuid()}"

_held: IO[str] | None = None  # the lock file the running test of this process holds


def worker_host_tmpdir() -> Path:
    """The temporary folder this pytest worker's benchit commands keep their host lock in
    (``BENCHIT_HOST_TMPDIR``): one per worker, the same for the whole session, so that the warm
    workers a scan keeps (keyed by environment) serve the worker's next scans."""
    folder = FOLDER / f"host-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _take(lock: IO[str], exclusive: bool) -> None:
    with open(FOLDER / "turnstile.lock", "a") as turnstile:
        fcntl.flock(turnstile, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        if not exclusive:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        fcntl.flock(lock, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)


@contextlib.contextmanager
def share(exclusive: bool) -> Iterator[None]:
    """The body (a whole test) with this process's share of the machine: all of it if ``exclusive``."""
    global _held
    FOLDER.mkdir(exist_ok=True)
    with open(FOLDER / "tests.lock", "a") as lock:
        _take(lock, exclusive)
        _held = lock
        try:
            yield
        finally:
            _held = None
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextlib.contextmanager
def alone() -> Iterator[None]:
    """The body with no other test of any worker beside it, from within a test's share."""
    held = _held
    if held is None:  # outside a test's share (a fixture made in no test's run)
        with share(exclusive=True):
            yield
        return
    fcntl.flock(held, fcntl.LOCK_UN)  # a share is given up before queueing: two sharers never wait on each other
    _take(held, exclusive=True)
    try:
        yield
    finally:
        fcntl.flock(held, fcntl.LOCK_SH)
