"""The on-disk cache: one directory per build, atomic JSON files, locks, tolerant reading.

Layout::

    CACHE/CACHEDIR.TAG, CACHE/benchit-cache.json     marker and format version
    CACHE/scripts/<script-key>.json                  the last run of a script (with one set of script args)
    CACHE/scripts/<script-key>.log                   its captured stdout and stderr
    CACHE/builds/<build>/build.json                  script, labels, invocation, artifacts' sha256
    CACHE/builds/<build>/results/<machine-id>/<device>-<runtime>[-<precision>][-train].json   (no suffix for fp32, eval)
    CACHE/builds/<build>/artifacts/                  large files (ONNX models, ...)
    CACHE/locks/                                     advisory locks of running scans

Links: every file is opened relative to a descriptor of its folder, and every folder below the
cache root is opened with ``O_NOFOLLOW``, so a symbolic link planted in a shared cache can make
benchit neither write nor read outside it: a writer stops with a ``LinkError`` naming the link,
a reader skips it with a warning. Write failures (a full disk, a read-only folder) become a
one-line ``CacheError`` naming the file, and leave no temporary file behind.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import re
import secrets
import shutil
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from benchit import fs, safejson
from benchit.errors import CacheError
from benchit.records import BuildRecord, RecordError, Result, ScriptRecord, measurement_key, options_tag, safe_component

FORMAT = 1
MARKER = "benchit-cache.json"
TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This is a benchit cache directory.\n"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.+-]+")
# What ``create`` makes before the marker: a directory holding only these may be one that
# another benchit process is creating at this moment.
_OURS = {"CACHEDIR.TAG", "scripts", "builds", "locks"}
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_LINK_ERRNOS = (errno.ELOOP, errno.ENOTDIR, errno.EMLINK)


class LinkError(CacheError):
    """A symbolic link inside the cache, where benchit was about to write or delete."""

    def __init__(self, path: Path):
        super().__init__(
            f"{path} is a symbolic link; benchit never follows links inside its cache "
            "(one could make it write or delete files elsewhere): remove the link"
        )
        self.path = path


def _ours(name: str) -> bool:
    return name in _OURS or (name.startswith(f".{MARKER}.") and fs.is_temp(name))


def safe_name(text: str, limit: int = 80) -> str:
    """A file name made from ``text`` that cannot leave its directory: no separators, no
    ``..``, no control characters, never empty, never hidden."""
    name = _UNSAFE.sub("_", text).strip("._") or "unnamed"
    return name[:limit]


def script_key(path: Path, script_args: tuple[str, ...] | list[str] = ()) -> str:
    """The cache key of a script run: its name plus a digest of its absolute path, plus a digest
    of the script args when there are any (each set of args is resumed on its own)."""
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
    if not script_args:
        return f"{safe_name(path.stem)}-{digest}"
    args = hashlib.sha1(json.dumps(list(script_args)).encode()).hexdigest()[:6]
    return f"{safe_name(path.stem)}-{digest}-a{args}"


def build_name(path: Path, invocation_hash: str, script_args: tuple[str, ...] | list[str] = ()) -> str:
    """``<script-key>_<hash>``: the script key keeps two scripts of the same name in different
    folders from sharing (and overwriting) one build, and two sets of script args apart."""
    return key_build_name(script_key(path, script_args), invocation_hash)


def key_build_name(key: str, invocation_hash: str) -> str:
    """The build of invocation ``invocation_hash`` of the script run ``key``."""
    return f"{key}_{safe_name(invocation_hash)}"


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
def open_dir(root: Path, parts: Sequence[str], create: bool = False) -> Iterator[int]:
    """A descriptor of ``root/parts...``, each part opened without following a link (``LinkError``
    names one); missing parts are made when ``create``, else ``FileNotFoundError``. The root
    itself may be a link: the user named it."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for depth, part in enumerate(parts):
            try:
                child = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                try:
                    os.mkdir(part, 0o755, dir_fd=fd)
                except FileExistsError:
                    pass
                except OSError as exc:
                    raise write_failure(exc, root.joinpath(*parts[: depth + 1])) from None
                child = _open_child(fd, part, root.joinpath(*parts[: depth + 1]))
            except OSError as exc:
                if exc.errno in _LINK_ERRNOS:
                    _raise_if_link(fd, part, root.joinpath(*parts[: depth + 1]))
                raise
            os.close(fd)
            fd = child
        yield fd
    finally:
        os.close(fd)


def _open_child(fd: int, part: str, path: Path) -> int:
    try:
        return os.open(part, _DIR_FLAGS, dir_fd=fd)
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS:
            _raise_if_link(fd, part, path)
        raise


def _raise_if_link(fd: int, name: str, path: Path) -> None:
    with contextlib.suppress(OSError):
        if stat.S_ISLNK(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
            raise LinkError(path)


def _replace_at(fd: int, name: str, make: Callable[[str], None], shown: Path) -> None:
    """``fs.replace_at``, its ``OSError`` turned into a one-line ``write_failure`` naming ``shown``."""
    try:
        fs.replace_at(fd, name, make)
    except OSError as exc:
        raise write_failure(exc, shown) from None


def write_json_at(fd: int, name: str, data: Any, shown: Path) -> None:
    """Write ``data`` as ``name`` in the folder ``fd`` atomically (see ``fs.write_json_at``)."""
    try:
        fs.write_json_at(fd, name, data)
    except OSError as exc:
        raise write_failure(exc, shown) from None


class Cache:
    """A benchit cache directory; reading never executes or unpickles anything."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.warnings: list[str] = []

    # -- set-up ---------------------------------------------------------------
    def is_cache(self) -> bool:
        return (self.root / MARKER).is_file()

    def check_usable(self) -> None:
        """Raise ``CacheError`` unless ``root`` is a benchit cache, or a place one can be created."""
        if self.root.exists() and not self.root.is_dir():
            raise CacheError(f"--cache-dir {self.root} is a file; give a directory")
        if self.root.is_dir() and not self.is_cache() and any(not _ours(p.name) for p in self.root.iterdir()):
            raise CacheError(
                f"--cache-dir {self.root} is not empty and is not a benchit cache (no {MARKER}); "
                "give a new or empty directory"
            )
        if self.is_cache():
            self.read_marker()

    def read_marker(self) -> dict[str, Any]:
        try:
            marker = safejson.loads((self.root / MARKER).read_bytes())
        except (OSError, ValueError) as exc:
            raise CacheError(f"{self.root / MARKER} is unreadable ({exc}); is this a benchit cache?") from None
        if not isinstance(marker, dict) or marker.get("format") != FORMAT:
            raise CacheError(
                f"{self.root} has cache format {marker.get('format') if isinstance(marker, dict) else '?'}, "
                f"this benchit reads format {FORMAT}; use another --cache-dir"
            )
        return marker

    def create(self) -> None:
        """Make the cache (or check an existing one is writable): a ``CacheError`` names the
        folder that cannot be written, a ``LinkError`` the first link inside."""
        self.check_usable()
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise write_failure(exc, self.root) from None
        self.check_links()
        for sub in ("scripts", "builds", "locks"):
            with open_dir(self.root, (sub,), create=True):
                pass
        if not self.is_cache():
            with open_dir(self.root, ()) as fd:
                _write_text_at(fd, "CACHEDIR.TAG", TAG, self.root / "CACHEDIR.TAG")
                write_json_at(fd, MARKER, {"format": FORMAT, "tool": "benchit"}, self.root / MARKER)
        # A folder that can be listed but not written (a read-only mount) fails here, not mid-scan.
        with open_dir(self.root, ("locks",)) as fd:
            probe = f".writable.{secrets.token_hex(6)}.tmp"
            try:
                out = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644, dir_fd=fd)
                try:
                    os.write(out, b"{}\n" * 1024)
                finally:
                    os.close(out)
                    os.unlink(probe, dir_fd=fd)
            except OSError as exc:
                raise write_failure(exc, self.root) from None

    def check_links(self) -> None:
        """``LinkError`` naming the first symbolic link anywhere inside the cache."""
        for folder, dirs, files in os.walk(self.root):
            for name in sorted(dirs + files):
                path = Path(folder) / name
                if path.is_symlink():
                    raise LinkError(path)

    # -- paths ----------------------------------------------------------------
    def build_dir(self, name: str) -> Path:
        return self.root / "builds" / safe_name(name, limit=200)

    def script_path(self, key: str) -> Path:
        return self.root / "scripts" / f"{safe_name(key, limit=200)}.json"

    def log_path(self, key: str) -> Path:
        return self.root / "scripts" / f"{safe_name(key, limit=200)}.log"

    def result_path(
        self,
        build: str,
        device: str,
        runtime: str,
        machine_id: str | None = None,
        precision: str = "fp32",
        mode: str = "eval",
        options_tag: str = "",
    ) -> Path:
        """Results of one machine lie in a folder of their own; ``None``: an older cache's place.
        The file is named by its ``measurement_key``."""
        folder = self.build_dir(build) / "results"
        if machine_id:
            folder = folder / safe_name(machine_id)
        name = measurement_key(
            safe_name(device),
            safe_name(runtime),
            safe_name(precision) if precision else "",
            safe_name(mode) if mode else "",
            safe_name(options_tag) if options_tag else "",
        )
        return folder / f"{name}.json"

    def artifacts_dir(self, build: str) -> Path:
        return self.build_dir(build) / "artifacts"

    def _parts(self, path: Path) -> tuple[str, ...]:
        return path.relative_to(self.root).parts

    def _write(self, path: Path, data: dict[str, Any]) -> None:
        with open_dir(self.root, self._parts(path.parent), create=True) as fd:
            write_json_at(fd, path.name, data, path)

    # -- writing --------------------------------------------------------------
    def write_script(self, record: ScriptRecord) -> None:
        self._write(self.script_path(record.key), {"format": FORMAT, **record.to_dict()})

    def write_build(self, record: BuildRecord) -> None:
        self._write(self.build_dir(record.build_name) / "build.json", {"format": FORMAT, **record.to_dict()})

    def write_result(self, build: str, result: Result) -> None:
        machine_id = result.machine.id if result.machine else None
        tag = options_tag(result.runtime_options)
        path = self.result_path(build, result.device, result.runtime, machine_id, result.precision, result.mode, tag)
        self._write(path, {"format": FORMAT, **result.to_dict()})

    def write_artifact(
        self, build: str, name: str, data: bytes | None = None, source: tuple[int, str] | None = None
    ) -> Path:
        """Put an artifact in place atomically, from ``data`` or by moving ``source`` (a folder
        descriptor and a file name in it, checked by the caller); ``name`` is one plain file name
        (``records.safe_component``) in the build's artifacts folder, never reached through a link."""
        if not safe_component(name):
            raise ValueError(f"artifact name {name[:80]!r} is not a plain file name")
        path = self.artifacts_dir(build) / name
        with open_dir(self.root, self._parts(path.parent), create=True) as fd:

            def make(tmp: str) -> None:
                if data is None and _move_into(source, fd, tmp):
                    return
                with fs.create_at(fd, tmp) as file:
                    if data is not None:
                        file.write(data)
                    else:
                        assert source is not None
                        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
                        with os.fdopen(os.open(source[1], flags, dir_fd=source[0]), "rb") as src:
                            shutil.copyfileobj(src, file, 1 << 20)
                if source is not None and data is None:
                    os.unlink(source[1], dir_fd=source[0])

            _replace_at(fd, path.name, make, path)
        return path

    def open_log(self, key: str) -> IO[bytes]:
        """A new, empty log for script ``key``: the old one (or a link in its place) is removed,
        never opened, so a planted link cannot truncate the file it points to."""
        path = self.log_path(key)
        with open_dir(self.root, ("scripts",), create=True) as fd:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path.name, dir_fd=fd)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
            try:
                out = os.open(path.name, flags, 0o644, dir_fd=fd)
            except OSError as exc:
                raise write_failure(exc, path) from None
        return os.fdopen(out, "wb")

    def try_lock(self, key: str, blocking: bool = False) -> IO[str] | None:
        """Take the advisory lock of ``key`` (released when the returned file is closed, or when
        this process dies); ``None`` when another process holds it and ``blocking`` is False."""
        name = f"{safe_name(key, limit=200)}.lock"
        with open_dir(self.root, ("locks",), create=True) as fd:
            try:
                out = os.open(name, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644, dir_fd=fd)
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    raise LinkError(self.root / "locks" / name) from None
                raise write_failure(exc, self.root / "locks" / name) from None
        file = os.fdopen(out, "a")
        try:
            fcntl.flock(file, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            file.close()
            return None
        return file

    # -- reading --------------------------------------------------------------
    def read_log(self, key: str) -> bytes:
        """The log of script ``key`` (empty when missing or linked)."""
        return self._read_bytes(self.log_path(key)) or b""

    def artifact_digest(self, build: str, name: str) -> str | None:
        """The sha256 of an artifact as it lies in the cache, read without following a link;
        ``None`` when it is missing, linked or unreadable."""
        path = self.artifacts_dir(build) / name
        try:
            with open_dir(self.root, self._parts(path.parent)) as fd:
                src = os.open(path.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
        except (OSError, LinkError):
            return None
        digest = hashlib.sha256()
        with os.fdopen(src, "rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()

    def _read_bytes(self, path: Path, limit: int | None = None) -> bytes | None:
        """The bytes of ``path``, reached without following a link; ``None`` when missing or linked
        (a warning names the link). A file over ``limit`` bytes is a ``JSONBoundError``, unread."""
        try:
            with open_dir(self.root, self._parts(path.parent)) as fd:
                return self._read_at(fd, path, limit)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except LinkError as exc:
            self.warnings.append(f"skipped {path}: {exc.path} is a symbolic link (never followed)")
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                self.warnings.append(f"skipped {path}: a symbolic link (never followed)")
                return None
            raise

    def _read_at(self, fd: int, path: Path, limit: int | None = None) -> bytes | None:
        """``_read_bytes`` of ``path``, whose folder is open as ``fd`` (reached without following a link)."""
        try:
            src = os.open(path.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                self.warnings.append(f"skipped {path}: a symbolic link (never followed)")
                return None
            raise
        try:
            size = os.fstat(src).st_size
            if limit is not None and size > limit:
                raise safejson.JSONBoundError(f"{size} bytes, over the limit of {limit}")
            return _read_fd(src, size, limit)
        finally:
            os.close(src)

    def _read(self, path: Path, what: str, fd: int | None = None) -> dict[str, Any] | None:
        """Parse a JSON record (in the folder open as ``fd``, if given); on damage, note a warning
        naming the file and return None."""
        try:
            if fd is None:
                raw = self._read_bytes(path, safejson.MAX_RECORD_BYTES)
            else:
                raw = self._read_at(fd, path, safejson.MAX_RECORD_BYTES)
            if raw is None:
                return None
            data = safejson.loads(raw)
        except (OSError, ValueError) as exc:
            self.warnings.append(f"skipped {path}: unreadable {what} ({type(exc).__name__}: {exc})")
            return None
        if not isinstance(data, dict):
            self.warnings.append(f"skipped {path}: not a {what} record")
            return None
        if data.get("format") != FORMAT:
            self.warnings.append(f"skipped {path}: unknown format version {data.get('format')!r}")
            return None
        return data

    def read_script(self, key: str) -> ScriptRecord | None:
        """The script record, its malformed fields left out (each named in a warning). A record
        with any malformed field is not a complete run: its ``status`` is left out too (None)."""
        path = self.script_path(key)
        data = self._read(path, "script record")
        if data is None:
            return None
        try:
            return ScriptRecord.from_dict(data)
        except RecordError as exc:
            for name, why in exc.problems:
                data.pop(name.partition(".")[0], None)  # ``error.message``: the whole ``error``
                self.warnings.append(f"ignored field {name!r} of {path}: {why}")
        data.pop("status", None)
        try:
            return ScriptRecord.from_dict(data)
        except RecordError as exc:  # a second field found bad once the first was left out
            self.warnings.append(f"skipped {path}: malformed script record ({exc})")
            return None

    def read_build(self, name: str) -> BuildRecord | None:
        path = self.build_dir(name) / "build.json"
        data = self._read(path, "build record")
        if data is None:
            return None
        try:
            return BuildRecord.from_dict(data)
        except RecordError as exc:
            self.warnings.append(f"skipped {path}: malformed build record ({exc})")
            return None

    def read_results(self, name: str) -> list[Result]:
        """Every machine's results of build ``name`` (and those of older caches, without a machine)."""
        folder = self.build_dir(name) / "results"
        results: list[Result] = []
        # Each folder is opened once and its files relative to it (a cache holds thousands of
        # results), in the order of their sorted paths: older caches' results beside the folders.
        try:
            with open_dir(self.root, self._parts(folder)) as fd:
                for file in sorted(os.listdir(fd)):
                    if file.startswith("."):
                        continue
                    if file.endswith(".json"):
                        self._add_result(results, fd, folder / file)
                    elif _is_folder(folder / file):  # a machine's folder; other files are never opened
                        self._add_machine(results, fd, folder / file)
        except (FileNotFoundError, NotADirectoryError):
            pass
        except LinkError as exc:
            self.warnings.append(f"skipped {folder}: {exc.path} is a symbolic link (never followed)")
        return results

    def _add_machine(self, results: list[Result], fd: int, folder: Path) -> None:
        """The results in ``folder``, a machine's, below the folder open as ``fd``."""
        try:
            machine = _open_child(fd, folder.name, folder)
        except (FileNotFoundError, NotADirectoryError):
            return
        except LinkError as exc:
            self.warnings.append(f"skipped {folder}: {exc.path} is a symbolic link (never followed)")
            return
        try:
            for name in sorted(os.listdir(machine)):
                if name.endswith(".json") and not name.startswith("."):
                    self._add_result(results, machine, folder / name)
        finally:
            os.close(machine)

    def _add_result(self, results: list[Result], fd: int, path: Path) -> None:
        data = self._read(path, "result", fd)
        if data is None:
            return
        try:
            results.append(Result.from_dict(data))
        except RecordError as exc:
            self.warnings.append(f"skipped {path}: malformed result ({exc})")

    def _list(self, folder: Path) -> list[str]:
        """The names in ``folder`` (reached without following links), sorted; [] when missing or
        not a folder."""
        try:
            with open_dir(self.root, self._parts(folder)) as fd:
                return sorted(os.listdir(fd))
        except (FileNotFoundError, NotADirectoryError):
            return []
        except LinkError as exc:
            self.warnings.append(f"skipped {folder}: {exc.path} is a symbolic link (never followed)")
            return []

    def script_keys(self) -> list[str]:
        folder = self.root / "scripts"
        keys = []
        for name in self._list(folder):
            path = folder / name
            if path.suffix == ".json" and not name.startswith("."):
                keys.append(path.stem)
            elif path.suffix not in (".log", ".tmp") and not name.startswith("."):
                self.warnings.append(f"skipped {path}: not a benchit file")
        return keys

    def check_strays(self) -> None:
        """Note a warning for each file that benchit did not put where it lies (it is never read)."""
        places = [(self.root, {MARKER, *_OURS}), (self.root / "builds", None)]
        for folder, known in places:
            for path in sorted(folder.iterdir()) if folder.is_dir() and not folder.is_symlink() else []:
                if fs.is_temp(path.name):
                    continue  # an atomic write in progress, or abandoned by a killed scan
                if (known is not None and path.name not in known) or (known is None and not path.is_dir()):
                    self.warnings.append(f"skipped {path}: not a benchit file")

    def build_names(self) -> list[str]:
        folder = self.root / "builds"
        if folder.is_symlink() or not folder.is_dir():
            return []
        return sorted(p.name for p in folder.iterdir() if p.is_dir())


def _write_text_at(fd: int, name: str, text: str, shown: Path) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        with os.fdopen(os.open(name, flags, 0o644, dir_fd=fd), "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as exc:
        raise write_failure(exc, shown) from None


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


def _is_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False


def _move_into(source: tuple[int, str] | None, fd: int, name: str) -> bool:
    """Rename ``source`` (folder descriptor, name) to ``name`` in the folder ``fd``; False when
    it lies on another file system."""
    if source is None:
        return False
    try:
        os.rename(source[1], name, src_dir_fd=source[0], dst_dir_fd=fd)
    except OSError as exc:
        if exc.errno == errno.EXDEV:
            return False
        raise
    return True
