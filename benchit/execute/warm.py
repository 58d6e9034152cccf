"""Warm workers kept between the scans of one process (a suite's scans, a test session), when asked.

A scan's warm worker imports torch and the corpus's heavy libraries once (seconds of CPU). A
process that runs several scans one after another may keep it, with its run folder, for the next
scan that would start the same worker: the same modules to preload, the same environment and
umask (what its forked scripts inherit; each script is run in the folder benchit is in when it
is submitted, whichever scan started the worker). Off unless ``keep(True)``: a one-scan process
closes its worker when the scan ends, as it always did.
"""

from __future__ import annotations

import atexit

from benchit.execute.forkserver import ForkServer
from benchit.execute.scratch import RunFolder

Key = tuple[object, ...]

_enabled = False
_idle: dict[Key, tuple[ForkServer, RunFolder]] = {}
MAX_IDLE = 2  # each holds torch's memory (a few hundred MB): the most recent ones only


def keep(on: bool) -> None:
    """Keep warm workers for later scans of this process (``True``), or close them as scans end."""
    global _enabled
    _enabled = on
    if not on:
        close_all()


def key(preload: list[str], guard: bool, env: dict[str, str]) -> Key:
    """What a forked script inherits from its worker: the preloaded modules, the accelerator
    guard, the environment and the umask (not the working folder: the child enters benchit's)."""
    return (tuple(preload), guard, tuple(sorted(env.items())), _umask())


def _umask() -> str:
    """This process's umask, read without setting it (``os.umask`` would open a moment in which
    another thread's new file gets none)."""
    try:
        with open("/proc/self/status") as status:
            return next((line.split()[1] for line in status if line.startswith("Umask:")), "")
    except OSError:
        return ""


def take(wanted: Key) -> tuple[ForkServer, RunFolder] | None:
    """A kept worker and its run folder for ``wanted``, if one is alive."""
    found = _idle.pop(wanted, None)
    if found is not None and found[0].process.poll() is not None:  # it died while idle
        _close(*found)
        return None
    return found


def give_back(kept: Key, server: ForkServer, folder: RunFolder) -> bool:
    """Keep ``server`` and ``folder`` for a later scan; ``False`` (the caller closes them) when
    keeping is off or the worker is gone."""
    if not _enabled or server.process.poll() is not None:
        return False
    if kept in _idle:
        _close(*_idle.pop(kept))
    while len(_idle) >= MAX_IDLE:
        _close(*_idle.pop(next(iter(_idle))))
    _idle[kept] = (server, folder)
    return True


def close_all() -> None:
    while _idle:
        _close(*_idle.popitem()[1])


def _close(server: ForkServer, folder: RunFolder) -> None:
    try:
        server.close()
    finally:
        folder.close()


atexit.register(close_all)
