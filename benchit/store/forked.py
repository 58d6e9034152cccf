"""A cache's script runs read in shares, by forked reader processes for a large cache: what each share gives, in order."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from benchit.store.cache import Cache

T = TypeVar("T")
# What reads one share: the cache and the keys of its script runs, to what the share gives. It is
# inherited by the forked readers, never pickled (a closure will do); what it returns is pickled.
Reader = Callable[[Cache, list[str]], T]

# Reading in forked processes: with fewer script runs than this per reader, all are read here.
SCRIPTS_PER_JOB = 32
MAX_JOBS = 8
SHARES_PER_JOB = 4  # one slow share does not hold the rest
# The caches and the reader of the forked readers (inherited, never pickled).
_forked: tuple[list[Cache], Callable[[Cache, list[str]], Any]] = ([], lambda cache, keys: None)


def cpus() -> int:
    """The CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


@contextlib.contextmanager
def shares(caches: list[Cache], read: Reader[T], jobs: int | None = None) -> Iterator[Iterator[T]]:
    """What ``read`` gives of the script runs of ``caches``, share by share, in order (damaged files
    skipped and noted in each cache's ``warnings``: the strays and script keys' warnings first, then
    each share's as it arrives, as one reading in order would note them). Caches of many script runs
    are read by ``jobs`` forked readers (default: ``cpus()``, at most ``MAX_JOBS``), each a few shares
    of the script runs in turn, from the moment this is entered (so that the caller can do other work
    meanwhile); small ones here, one share a cache, as they are asked for. A process with other threads
    is never forked (one of them may hold a lock the child needs), nor where fork is unavailable.
    Leaving ends the readers, whether every share was taken or not."""
    for cache in caches:
        cache.check_strays()
    keys = [cache.script_keys() for cache in caches]
    total = sum(map(len, keys))
    jobs = min(jobs or cpus(), MAX_JOBS, total // SCRIPTS_PER_JOB)
    forking = jobs >= 2 and threading.active_count() == 1
    if forking:
        import multiprocessing  # here: a twentieth of a command's start-up, for large caches only

        forking = "fork" in multiprocessing.get_all_start_methods()
    if not forking:
        yield (read(cache, its) for cache, its in zip(caches, keys, strict=True))
        return
    step = -(-total // (jobs * SHARES_PER_JOB))
    planned = [(c, its[i : i + step]) for c, its in enumerate(keys) for i in range(0, len(its), step)]
    global _forked
    _forked = (caches, read)
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_quiet_signals)
        try:
            arriving = pool.imap(_read_share, planned, chunksize=1)  # in order, each as soon as it is read

            def parts() -> Iterator[T]:
                for (c, _), (found, warnings) in zip(planned, arriving, strict=True):
                    caches[c].warnings += warnings
                    yield found

            yield parts()
            pool.close()
        finally:
            pool.terminate()  # after close: the readers have ended; after Ctrl-C or an error: ends them
            pool.join()
    finally:
        _forked = ([], lambda cache, keys: None)


def _quiet_signals() -> None:
    """In a forked reader: Ctrl-C is for the reading process (which ends the readers), and the
    pool's SIGTERM ends a reader without benchit's handler."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _read_share(share: tuple[int, list[str]]) -> tuple[Any, list[str]]:
    """In a forked reader: what the reader gives of one share (a cache's index, its keys), and the
    warnings reading it noted."""
    index, keys = share
    caches, read = _forked
    cache = caches[index]
    before = len(cache.warnings)
    found = read(cache, keys)
    return found, cache.warnings[before:]
