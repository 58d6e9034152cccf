"""Temporary folders: one per run of the local executor, one per job inside it.

A job's folder holds its private artifacts, and its processes' temporary files and compiler
caches: ``TMPDIR``, Inductor's and Triton's caches point inside it. The executor removes it
with the job, so what scripts and libraries leave behind (generated modules, compiled kernels)
does not pile up in ``/tmp``, and a compile cut short by a timeout cannot leave a truncated
kernel for a later build to load. Every ``torch-compile`` build therefore compiles cold; set
``TORCHINDUCTOR_CACHE_DIR`` yourself to share a cache between builds and runs. (Inductor's check of
the CPU's vector instructions is made once per run and kept apart: ``inductor_check``.)

A run's folder holds a lock for as long as its run lives. A run killed outright (SIGKILL, a
lost node) cannot remove its folder; the next run on the machine removes the folders whose
lock nobody holds, and only folders of its own user.
"""

from __future__ import annotations

import contextlib
import fcntl
import getpass
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from benchit.measure.hostlock import HOST_TMPDIR_ENV

PREFIX = "benchit-run-"
ENV = "BENCHIT_RUN_FOLDER"  # tells the warm worker its run's folder
LOCK = ".lock"
# A folder this young may belong to a run that has not yet taken its lock.
MIN_AGE_S = 60.0


class RunFolder:
    """The run's temporary folder, locked while the run lives; ``job()`` makes a job's folder."""

    def __init__(self) -> None:
        sweep()
        self.path = Path(tempfile.mkdtemp(prefix=PREFIX))
        self._lock = os.open(self.path / LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        fcntl.flock(self._lock, fcntl.LOCK_EX)

    def job(self, job_id: int) -> str:
        return tempfile.mkdtemp(prefix=f"job-{job_id}-", dir=self.path)

    def close(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        with contextlib.suppress(OSError):
            os.close(self._lock)


def sweep(root: Path | None = None) -> list[Path]:
    """Remove the run folders of dead runs of this user under ``root`` (the temporary folder)."""
    removed = []
    for folder in Path(root or tempfile.gettempdir()).glob(f"{PREFIX}*"):
        try:
            info = folder.lstat()
        except OSError:
            continue
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or time.time() - info.st_mtime < MIN_AGE_S:
            continue
        if _abandoned(folder):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _abandoned(folder: Path) -> bool:
    """Whether no live run holds ``folder``'s lock (a folder without one is a run's that died
    before taking it)."""
    try:
        fd = os.open(folder / LOCK, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # held: its run is alive
    finally:
        os.close(fd)
    return True


def user_chose_compile_cache(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``TORCHINDUCTOR_CACHE_DIR`` names a folder the user chose. torch writes its
    default folder into the environment the first time it compiles, so a process that compiled
    before starting benchit (a notebook, a test) passes that on: it is not a choice. Nor is a
    folder ``enter`` chose, a run's or a job's (the warm worker's own environment after it)."""
    chosen = environ.get("TORCHINDUCTOR_CACHE_DIR")
    if chosen is None or any(part.startswith(PREFIX) for part in Path(chosen).parts):
        return False
    return os.path.abspath(chosen) != _torch_default_cache()


def _torch_default_cache() -> str:
    """Inductor's default cache folder (as ``torch._inductor`` names it, without importing it)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = f"uid_{os.getuid()}"
    return os.path.join(tempfile.gettempdir(), "torchinductor_" + re.sub(r'[\\/:*?"<>|]', "_", user))


def enter(workdir: Path, compile_cache: bool = True) -> None:
    """Point this process's (and its children's) temporary files, and unless ``compile_cache``
    is false its compiler caches, into ``workdir`` (a job's folder, or the run's for the warm
    worker itself)."""
    tmp = workdir / "tmp"
    tmp.mkdir(exist_ok=True)
    os.environ.setdefault(HOST_TMPDIR_ENV, tempfile.gettempdir())  # the host lock stays shared
    os.environ["TMPDIR"] = str(tmp)
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again
    if compile_cache:
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = str(workdir / "compile-cache")
        os.environ["TRITON_CACHE_DIR"] = str(workdir / "compile-cache" / "triton")
