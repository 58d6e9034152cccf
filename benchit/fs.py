"""File-system work done safely: atomic writes, folders walked by descriptor without following links, bounded reads."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import secrets
import shutil
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from benchit.errors import CacheError
from benchit.safejson import JSONBoundError

# A new file: never an existing one, never through a link.
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_LINK_ERRNOS = (errno.ELOOP, errno.ENOTDIR, errno.EMLINK)


class LinkError(CacheError):
    """A symbolic link where benchit was about to write, read or delete below a folder it owns."""

    def __init__(self, path: Path):
        super().__init__(
            f"{path} is a symbolic link; benchit never follows links inside its cache "
            "(one could make it write or delete files elsewhere): remove the link"
        )
        self.path = path


def write_failure(exc: OSError, path: Path | str) -> CacheError:
    """The one-line error for a file benchit could not write (full disk, read-only folder, ...)."""
    reason = os.strerror(exc.errno) if exc.errno else str(exc)
    hint = {
        errno.ENOSPC: "; free some space or choose another folder",
        errno.EDQUOT: "; free some space or choose another folder",
        errno.EFBIG: " (over the file size limit)",
    }.get(exc.errno or 0, "")
    return CacheError(f"cannot write {path}: {reason}{hint}")


@contextlib.contextmanager
def writing(path: Path | str) -> Iterator[None]:
    """An ``OSError`` inside becomes the one-line ``write_failure`` naming ``path``."""
    try:
        yield
    except OSError as exc:
        raise write_failure(exc, path) from None


# -- atomic writes ----------------------------------------------------------------------------------
def temp_name(name: str) -> str:
    """A hidden temporary name beside ``name`` that no one can predict (``.NAME.<random>.tmp``),
    so two writers never share one and a planted file or link cannot be waiting there."""
    return f".{name}.{secrets.token_hex(6)}.tmp"


def is_temp(name: str) -> bool:
    """Whether ``name`` looks like a ``temp_name``: a write in progress, or abandoned by a killed process."""
    return name.startswith(".") and name.endswith(".tmp")


def create_at(fd: int, name: str, mode: int = 0o644) -> IO[bytes]:
    """A new file ``name`` in the folder ``fd``, for writing; never an existing file or a link."""
    return os.fdopen(os.open(name, _CREATE, mode, dir_fd=fd), "wb")


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


def write_bytes_at(fd: int, name: str, data: bytes, mode: int = 0o644) -> None:
    """Write ``data`` as ``name`` in the folder ``fd`` atomically, on disk before the rename (a
    crash leaves the old file, not an empty new one)."""

    def make(tmp: str) -> None:
        with create_at(fd, tmp, mode) as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())

    replace_at(fd, name, make)


def json_bytes(data: Any) -> bytes:
    """``data`` as benchit writes JSON files: sorted keys, one space of indent, a final newline."""
    return (json.dumps(data, indent=1, sort_keys=True, default=str) + "\n").encode("utf-8")


def write_json_at(fd: int, name: str, data: Any) -> None:
    write_bytes_at(fd, name, json_bytes(data))


def write_bytes(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write ``data`` to ``path`` atomically; its folder must exist (and is followed if a link)."""
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        write_bytes_at(fd, path.name, data, mode)
    finally:
        os.close(fd)


def write_json(path: Path, data: Any) -> None:
    write_bytes(path, json_bytes(data))


def write_text(path: Path, text: str) -> None:
    """Write a file the user asked for (a report) atomically, as an ordinary new file (the umask decides)."""
    write_bytes(path, text.encode("utf-8"), mode=0o666)


def move_at(source: tuple[int, str], fd: int, name: str) -> None:
    """Put the file ``source`` (a folder descriptor and a name in it, never followed if a link) in
    place as ``name`` in the folder ``fd`` atomically: renamed, or copied across file systems."""

    def make(tmp: str) -> None:
        try:
            os.rename(source[1], tmp, src_dir_fd=source[0], dst_dir_fd=fd)
            return
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
        with create_at(fd, tmp) as file, os.fdopen(os.open(source[1], _READ, dir_fd=source[0]), "rb") as src:
            shutil.copyfileobj(src, file, 1 << 20)
        os.unlink(source[1], dir_fd=source[0])

    replace_at(fd, name, make)


def fresh_at(fd: int, name: str) -> IO[bytes]:
    """A new, empty file ``name`` in the folder ``fd``: the old one (or a link in its place) is
    removed, never opened, so a planted link cannot truncate the file it points to."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(name, dir_fd=fd)
    return create_at(fd, name)


def check_writable(fd: int) -> None:
    """``OSError`` unless a file can be written in the folder ``fd`` (a read-only mount can be listed)."""
    probe = f".writable.{secrets.token_hex(6)}.tmp"
    with create_at(fd, probe) as file:
        try:
            file.write(b"{}\n" * 1024)
        finally:
            os.unlink(probe, dir_fd=fd)


# -- folders walked by descriptor -------------------------------------------------------------------
@contextlib.contextmanager
def open_dir(root: Path, parts: Sequence[str], create: bool = False) -> Iterator[int]:
    """A descriptor of ``root/parts...``, each part opened without following a link (``LinkError``
    names one); missing parts are made when ``create``, else ``FileNotFoundError``. The root
    itself may be a link: the user named it."""
    fd = open_folder(root, parts, create)
    try:
        yield fd
    finally:
        os.close(fd)


def open_folder(root: Path, parts: Sequence[str], create: bool = False) -> int:
    """``open_dir``'s descriptor, for the caller to close."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for depth, part in enumerate(parts):
            try:
                child = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                path = root.joinpath(*parts[: depth + 1])
                with writing(path), contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o755, dir_fd=fd)
                child = open_child(fd, part, path)
            except OSError as exc:
                if exc.errno in _LINK_ERRNOS:
                    _raise_if_link(fd, part, root.joinpath(*parts[: depth + 1]))
                raise
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_child(fd: int, part: str, path: Path | str) -> int:
    """A descriptor of the folder ``part`` in the folder ``fd`` (shown as ``path``), never a link (``LinkError``)."""
    try:
        return os.open(part, _DIR_FLAGS, dir_fd=fd)
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS:
            _raise_if_link(fd, part, path)
        raise


def _raise_if_link(fd: int, name: str, path: Path | str) -> None:
    with contextlib.suppress(OSError):
        if stat.S_ISLNK(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
            raise LinkError(Path(path))


def first_link(root: Path) -> Path | None:
    """The first symbolic link anywhere below ``root`` (in sorted order per folder), or None."""
    for folder, dirs, files in os.walk(root):
        for name in sorted(dirs + files):
            path = Path(folder) / name
            if path.is_symlink():
                return path
    return None


def is_folder(path: Path) -> bool:
    """Whether ``path`` itself (not what a link there points to) is a folder."""
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False


# -- reading ----------------------------------------------------------------------------------------
def read_at(fd: int, name: str, limit: int | None = None) -> bytes:
    """The bytes of ``name`` in the folder ``fd``, never through a link (``OSError`` ELOOP); a file
    over ``limit`` bytes is a ``JSONBoundError``, unread."""
    src = os.open(name, _READ, dir_fd=fd)
    try:
        size = os.fstat(src).st_size
        if limit is not None and size > limit:
            raise JSONBoundError(f"{size} bytes, over the limit of {limit}")
        return _read_fd(src, size, limit)
    finally:
        os.close(src)


def _read_fd(fd: int, size: int, limit: int | None) -> bytes:
    """The bytes of the open file ``fd``, said to hold ``size``: as many as it has (asking for the
    limit's would allocate the limit, 16 MB, for every record), then, if it grew meanwhile, the
    rest up to one byte past ``limit`` (for the caller to refuse). Plain reads, no buffer object:
    a cache's thousands of small records."""
    cap = None if limit is None else limit + 1
    parts: list[bytes] = []
    got, want = 0, size + 1
    while True:
        if cap is not None:
            want = min(want, cap - got)
        if want <= 0:
            break
        chunk = os.read(fd, want)
        if not chunk:
            break
        parts.append(chunk)
        got += len(chunk)
        want = max(want, 1 << 16)  # a file that grew (or a short read): on in larger reads
    return parts[0] if len(parts) == 1 else b"".join(parts)


def digest_at(fd: int, name: str) -> str:
    """The sha256 of ``name`` in the folder ``fd``, read without following a link."""
    digest = hashlib.sha256()
    with os.fdopen(os.open(name, _READ, dir_fd=fd), "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_digest(path: Path) -> str:
    """The sha256 of the file ``path``."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
