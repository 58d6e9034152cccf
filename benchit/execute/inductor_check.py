"""Inductor's check of which vector instructions the CPU has, made once in the warm worker before it
forks the scripts (``inductor_warm``, which ``torch-compile``'s ``benchit_preload`` names), and its
files kept for the next run.

Inductor answers it by compiling a small C++ program and loading it in a fresh interpreter, in its
cache folder: about 7 s, which every script paid, as each job compiles in a cache folder of its own
(``scratch``). Inductor keeps the answer for the process, so each forked script inherits it. The
check's files are kept in a folder of this user's in the machine's temporary folder, one per torch,
Python and compiler, made whole in a staging folder and renamed into place, so that a later run's
worker reads them in about 50 ms and a check cut short never leaves half a build to be trusted. A
folder there that is not this user's alone is never used. With ``TORCHINDUCTOR_CACHE_DIR`` set by
the user, the check's files go where every compile's do. Only the check is shared: each job's
compiled code stays in its own cache."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchit.execute import scratch
from benchit.measure.hostlock import HOST_TMPDIR_ENV

PREFIX = "benchit-inductor-check-"
CACHE_VAR = "TORCHINDUCTOR_CACHE_DIR"
STALE_S = 600.0  # a staging folder this old belongs to a check that was killed


def kept_folder() -> Path:
    """Where this user's check files for this torch, Python and compiler are kept."""
    import torch

    key = "\0".join((torch.__version__, sys.executable, os.environ.get("CXX", "")))
    name = f"{PREFIX}{os.getuid()}-{hashlib.sha256(key.encode()).hexdigest()[:12]}"
    return Path(os.environ.get(HOST_TMPDIR_ENV) or tempfile.gettempdir()) / name


def _ours(path: Path) -> bool:
    """A folder of this user's that nobody else can write in (not a link)."""
    try:
        info = path.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022


def _check_in(folder: Path | None, pick: Callable[[], Any]) -> None:
    """Inductor's check (``pick``), its files in ``folder`` (None: where the environment says)."""
    before = os.environ.get(CACHE_VAR)
    if folder is not None:
        os.environ[CACHE_VAR] = str(folder)
    # The check imports torch's C++ extension tools, whose import warns on a machine with a CUDA
    # toolkit and no GPU: a line for a script's log, not for benchit's terminal.
    extensions = logging.getLogger("torch.utils.cpp_extension")
    level = extensions.level
    extensions.setLevel(logging.ERROR)
    try:
        pick()
    finally:
        extensions.setLevel(level)
        if before is None:
            os.environ.pop(CACHE_VAR, None)
        else:
            os.environ[CACHE_VAR] = before


def _sweep(kept: Path) -> None:
    """Remove this user's staging folders of checks killed before they were renamed into place."""
    for staging in kept.parent.glob(f".{PREFIX}{os.getuid()}-*"):
        with contextlib.suppress(OSError):
            if _ours(staging) and time.time() - staging.lstat().st_mtime > STALE_S:
                shutil.rmtree(staging, ignore_errors=True)


def check(pick: Callable[[], Any] | None = None) -> None:
    """Make Inductor's check (``pick``: inductor's ``pick_vec_isa``) in this process, reading or
    keeping its files as the module says."""
    if pick is None:
        from torch._inductor.cpu_vec_isa import pick_vec_isa

        pick = pick_vec_isa
    if scratch.user_chose_compile_cache():
        _check_in(None, pick)
        return
    kept = kept_folder()
    if _ours(kept):
        _check_in(kept, pick)
        return
    _sweep(kept)
    staging = Path(tempfile.mkdtemp(prefix=f".{kept.name}-", dir=kept.parent))
    try:
        _check_in(staging, pick)
    except BaseException:  # a check that failed keeps nothing
        shutil.rmtree(staging, ignore_errors=True)
        raise
    try:
        os.rename(staging, kept)
    except OSError:  # another run's came first, or something not ours is in the way: ours goes
        shutil.rmtree(staging, ignore_errors=True)
