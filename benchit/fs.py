"""Atomic file writes: a reader sees the old file or the new one, never half of either."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

# A new file: never an existing one, never through a link.
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC


def temp_name(name: str) -> str:
    """A hidden temporary name beside ``name`` that no one can predict (``.NAME.<random>.tmp``),
    so two writers never share one and a planted file or link cannot be waiting there."""
    return f".{name}.{secrets.token_hex(6)}.tmp"


def is_temp(name: str) -> bool:
    """Whether ``name`` looks like a ``temp_name``: a write in progress, or abandoned by a killed process."""
    return name.startswith(".") and name.endswith(".tmp")


def create_at(fd: int, name: str) -> IO[bytes]:
    """A new file ``name`` in the folder ``fd``, for writing; never an existing file or a link."""
    return os.fdopen(os.open(name, _CREATE, 0o644, dir_fd=fd), "wb")


def replace_at(fd: int, name: str, make: Callable[[str], None]) -> None:
    """Put a file in place as ``name`` in the folder ``fd`` atomically: ``make`` creates it under a
    ``temp_name``, which is then renamed over ``name`` (a link there is replaced, not followed).
    On any failure the temporary file is removed and the error raised as it came."""
    tmp = temp_name(name)
    try:
        make(tmp)
        os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=fd)
        raise


def write_bytes_at(fd: int, name: str, data: bytes) -> None:
    """Write ``data`` as ``name`` in the folder ``fd`` atomically, on disk before the rename (a
    crash leaves the old file, not an empty new one)."""

    def make(tmp: str) -> None:
        with create_at(fd, tmp) as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())

    replace_at(fd, name, make)


def json_bytes(data: Any) -> bytes:
    """``data`` as benchit writes JSON files: sorted keys, one space of indent, a final newline."""
    return (json.dumps(data, indent=1, sort_keys=True, default=str) + "\n").encode("utf-8")


def write_json_at(fd: int, name: str, data: Any) -> None:
    write_bytes_at(fd, name, json_bytes(data))


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; its folder must exist (and is followed if a link)."""
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        write_bytes_at(fd, path.name, data)
    finally:
        os.close(fd)


def write_json(path: Path, data: Any) -> None:
    write_bytes(path, json_bytes(data))
