"""The on-disk cache: one directory per build, atomic JSON files, locks, tolerant reading.

Layout::

    CACHE/CACHEDIR.TAG, CACHE/benchit-cache.json     marker and format version
    CACHE/scripts/<script-key>.json                  the last run of a script (with one set of script args)
    CACHE/scripts/<script-key>.log                   its captured stdout and stderr
    CACHE/builds/<build>/build.json                  script, labels, invocation, artifacts' sha256
    CACHE/builds/<build>/results/<machine-id>/<device>-<runtime>[-<precision>][-train][-o<tag>].json
                                                     (``naming.measurement_key``: no suffix for fp32, eval, default options)
    CACHE/builds/<build>/artifacts/                  large files (ONNX models, ...), named by results relative to the build
    CACHE/locks/                                     advisory locks of running scans
    CACHE/calibration/<machine>-t<threads>-torch<version>.json   the noise floor the scans used (``floor.Floor``)

Links: every file is opened relative to a descriptor of its folder, and every folder below the
cache root is opened with ``O_NOFOLLOW`` (``fs``), so a symbolic link planted in a shared cache can make
benchit neither write nor read outside it: a writer stops with a ``LinkError`` naming the link,
a reader skips it with a warning. Write failures (a full disk, a read-only folder) become a
one-line ``CacheError`` naming the file, and leave no temporary file behind.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from benchit import fs, safejson
from benchit.errors import CacheError
from benchit.fieldcheck import RecordError
from benchit.floor import Floor
from benchit.naming import measurement_key, options_tag, safe_component, safe_name
from benchit.records import Result
from benchit.runrecords import BuildRecord, ScriptRecord

FORMAT = 1
MARKER = "benchit-cache.json"
TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This is a benchit cache directory.\n"
# What ``create`` makes before the marker: a directory holding only these may be one that
# another benchit process is creating at this moment.
_OURS = {"CACHEDIR.TAG", "scripts", "builds", "locks", "calibration"}


def _sorted_entries(fd: int) -> list[os.DirEntry[str]]:
    """The entries of the folder open as ``fd``, sorted by name (``os.listdir``'s names, each with
    what the listing says of its type)."""
    with os.scandir(fd) as entries:
        return sorted(entries, key=lambda entry: entry.name)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` itself (not what a link there points to) is a folder (``fs.is_folder``)."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _is_dir(entry: os.DirEntry[str], folder: Path) -> bool:
    """``Path.is_dir`` of ``entry`` (in ``folder``; a link is followed): from the listing's type
    where it says one, and by ``Path`` itself for a link or where the listing cannot tell."""
    if entry.is_symlink():
        return (folder / entry.name).is_dir()
    try:
        return entry.is_dir()
    except OSError:
        return (folder / entry.name).is_dir()


def _ours(name: str) -> bool:
    """Whether ``name`` is one a cache being created holds: one of its own, or a write of one in
    progress (another scan creating the same cache at this moment)."""
    return name in _OURS or (fs.is_temp(name) and any(name.startswith(f".{own}.") for own in (*_OURS, MARKER)))


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
        with fs.writing(self.root):
            self.root.mkdir(parents=True, exist_ok=True)
        self.check_links()
        for sub in ("scripts", "builds", "locks"):
            with fs.open_dir(self.root, (sub,), create=True):
                pass
        if not self.is_cache():
            with fs.open_dir(self.root, ()) as fd:
                with fs.writing(self.root / "CACHEDIR.TAG"):
                    fs.write_bytes_at(fd, "CACHEDIR.TAG", TAG.encode())
                with fs.writing(self.root / MARKER):
                    fs.write_json_at(fd, MARKER, {"format": FORMAT, "tool": "benchit"})
        # A folder that can be listed but not written (a read-only mount) fails here, not mid-scan.
        with fs.open_dir(self.root, ("locks",)) as fd, fs.writing(self.root):
            fs.check_writable(fd)

    def check_links(self) -> None:
        """``LinkError`` naming the first symbolic link anywhere inside the cache."""
        link = fs.first_link(self.root)
        if link is not None:
            raise fs.LinkError(link)

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
        with fs.open_dir(self.root, self._parts(path.parent), create=True) as fd, fs.writing(path):
            fs.write_json_at(fd, path.name, data)

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
        (``naming.safe_component``) in the build's artifacts folder, never reached through a link."""
        if not safe_component(name):
            raise ValueError(f"artifact name {name[:80]!r} is not a plain file name")
        path = self.artifacts_dir(build) / name
        with fs.open_dir(self.root, self._parts(path.parent), create=True) as fd, fs.writing(path):
            if data is not None:
                fs.write_bytes_at(fd, path.name, data)
            else:
                assert source is not None
                fs.move_at(source, fd, path.name)
        return path

    def write_floor(self, floor: Floor) -> None:
        """Keep the noise floor a scan used, so that ``report`` and ``compare`` of this cache show
        and use it without the user's calibration folder."""
        self._write(self.root / "calibration" / floor.file_name, {"format": FORMAT, **floor.to_dict()})

    def read_floors(self) -> list[Floor]:
        """The noise floors kept in this cache; a damaged one is skipped with a warning."""
        folder, floors = self.root / "calibration", []
        for name in self._list(folder):
            if not name.endswith(".json") or fs.is_temp(name):
                continue
            data = self._read(folder / name, "noise floor")
            try:
                floors.append(Floor.from_dict(data)) if data is not None else None
            except (KeyError, TypeError, ValueError) as exc:
                self.warnings.append(f"skipped {folder / name}: malformed noise floor ({exc})")
        return floors

    def open_log(self, key: str) -> IO[bytes]:
        """A new, empty log for script ``key``: the old one (or a link in its place) is removed,
        never opened, so a planted link cannot truncate the file it points to."""
        path = self.log_path(key)
        with fs.open_dir(self.root, ("scripts",), create=True) as fd, fs.writing(path):
            return fs.fresh_at(fd, path.name)

    def try_lock(self, key: str, blocking: bool = False) -> IO[str] | None:
        """Take the advisory lock of ``key`` (released when the returned file is closed, or when
        this process dies); ``None`` when another process holds it and ``blocking`` is False."""
        name = f"{safe_name(key, limit=200)}.lock"
        with fs.open_dir(self.root, ("locks",), create=True) as fd:
            try:
                out = os.open(name, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644, dir_fd=fd)
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    raise fs.LinkError(self.root / "locks" / name) from None
                raise fs.write_failure(exc, self.root / "locks" / name) from None
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
            with fs.open_dir(self.root, self._parts(path.parent)) as fd:
                return fs.digest_at(fd, path.name)
        except (OSError, fs.LinkError):
            return None

    def _linked(self, path: Path | str, exc: OSError | fs.LinkError) -> bool:
        """Whether ``exc``, met on the way to ``path``, is a symbolic link (never followed); if so a
        warning names it."""
        if isinstance(exc, fs.LinkError):
            self.warnings.append(f"skipped {path}: {exc.path} is a symbolic link (never followed)")
            return True
        if exc.errno == errno.ELOOP:
            self.warnings.append(f"skipped {path}: a symbolic link (never followed)")
            return True
        return False

    def _read_bytes(self, path: Path, limit: int | None = None) -> bytes | None:
        """The bytes of ``path``, reached without following a link; ``None`` when missing or linked
        (a warning names the link). A file over ``limit`` bytes is a ``JSONBoundError``, unread."""
        try:
            with fs.open_dir(self.root, self._parts(path.parent)) as fd:
                return self._read_at(fd, path.name, path, limit)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except (OSError, fs.LinkError) as exc:
            if self._linked(path, exc):
                return None
            raise

    def _read_at(self, fd: int, name: str, path: Path | str, limit: int | None = None) -> bytes | None:
        """``_read_bytes`` of the file ``name`` (shown as ``path``) in the folder open as ``fd``
        (reached without following a link)."""
        try:
            return fs.read_at(fd, name, limit)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as exc:
            if self._linked(path, exc):
                return None
            raise

    def _read(self, path: Path | str, what: str, fd: int | None = None, name: str = "") -> dict[str, Any] | None:
        """Parse a JSON record (the file ``name`` in the folder open as ``fd``, if given; ``path``
        shows it); on damage, note a warning naming the file and return None."""
        try:
            if fd is None:
                raw = self._read_bytes(Path(path), safejson.MAX_RECORD_BYTES)
            else:
                raw = self._read_at(fd, name, path, safejson.MAX_RECORD_BYTES)
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

    @contextlib.contextmanager
    def builds_folder(self) -> Iterator[int | None]:
        """A descriptor of the builds folder, for ``read_build`` and ``read_results`` of many builds
        (opened once, not once a file); None when it cannot be opened (missing, or a link): each
        read then meets that, and warns of it, on its own."""
        with contextlib.ExitStack() as stack:
            try:
                fd: int | None = stack.enter_context(fs.open_dir(self.root, ("builds",)))
            except (OSError, fs.LinkError):
                fd = None
            yield fd

    def _build_place(self, name: str) -> tuple[str, str]:
        """The folder name of build ``name`` and its path as ``build_dir`` shows it (without
        ``pathlib``: thousands of builds are read)."""
        safe, root = safe_name(name, limit=200), str(self.root)
        if root == "." or root.endswith("/"):  # ``pathlib`` drops the one, keeps the other
            return safe, str(self.root / "builds" / safe)
        return safe, f"{root}/builds/{safe}"

    def _open_build(self, safe: str, shown: str, builds: int | None) -> int:
        """A descriptor of the build folder ``safe`` (``_build_place``), never reached through a
        link: below ``builds`` (``builds_folder``) when given, else from the root."""
        if builds is None:
            return fs.open_folder(self.root, ("builds", safe))
        return fs.open_child(builds, safe, shown)

    def read_build(self, name: str, builds: int | None = None) -> BuildRecord | None:
        """The record of build ``name``; ``builds``: the builds folder, open (``builds_folder``)."""
        safe, folder = self._build_place(name)
        path = f"{folder}/build.json"
        try:
            fd = self._open_build(safe, folder, builds)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except (OSError, fs.LinkError) as exc:
            if not self._linked(path, exc):
                self.warnings.append(f"skipped {path}: unreadable build record ({type(exc).__name__}: {exc})")
            return None
        try:
            data = self._read(path, "build record", fd, "build.json")
        finally:
            os.close(fd)
        if data is None:
            return None
        try:
            return BuildRecord.from_dict(data)
        except RecordError as exc:
            self.warnings.append(f"skipped {path}: malformed build record ({exc})")
            return None

    def read_results(self, name: str, builds: int | None = None) -> list[Result]:
        """Every machine's results of build ``name`` (and those of older caches, without a machine);
        ``builds``: the builds folder, open (``builds_folder``)."""
        safe, build = self._build_place(name)
        folder = f"{build}/results"
        results: list[Result] = []
        # Each folder is opened once and its files relative to it (a cache holds thousands of
        # results), in the order of their sorted paths: older caches' results beside the folders.
        try:
            parent = self._open_build(safe, build, builds)
            try:
                fd = fs.open_child(parent, "results", folder)
            finally:
                os.close(parent)
            try:
                for entry in _sorted_entries(fd):
                    file = entry.name
                    if file.startswith("."):
                        continue
                    if file.endswith(".json"):
                        self._add_result(results, fd, file, f"{folder}/{file}")
                    elif _is_folder(entry):  # a machine's folder; other files are never opened
                        self._add_machine(results, fd, file, f"{folder}/{file}")
            finally:
                os.close(fd)
        except (FileNotFoundError, NotADirectoryError):
            pass
        except fs.LinkError as exc:
            self._linked(folder, exc)
        return results

    def _add_machine(self, results: list[Result], fd: int, name: str, folder: str) -> None:
        """The results in the folder ``name`` (shown as ``folder``), a machine's, in the folder open as ``fd``."""
        try:
            machine = fs.open_child(fd, name, folder)
        except (FileNotFoundError, NotADirectoryError):
            return
        except fs.LinkError as exc:
            self._linked(folder, exc)
            return
        try:
            for file in sorted(os.listdir(machine)):
                if file.endswith(".json") and not file.startswith("."):
                    self._add_result(results, machine, file, f"{folder}/{file}")
        finally:
            os.close(machine)

    def _add_result(self, results: list[Result], fd: int, name: str, path: str) -> None:
        data = self._read(path, "result", fd, name)
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
            with fs.open_dir(self.root, self._parts(folder)) as fd:
                return sorted(os.listdir(fd))
        except (FileNotFoundError, NotADirectoryError):
            return []
        except fs.LinkError as exc:
            self._linked(folder, exc)
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
            if not folder.is_dir() or folder.is_symlink():
                continue
            with os.scandir(folder) as listing:  # thousands of builds: their names and types, no Path each
                entries = sorted(listing, key=lambda entry: entry.name)
            for entry in entries:
                if fs.is_temp(entry.name):
                    continue  # an atomic write in progress, or abandoned by a killed scan
                if (known is not None and entry.name not in known) or (known is None and not _is_dir(entry, folder)):
                    self.warnings.append(f"skipped {folder / entry.name}: not a benchit file")

    def build_names(self) -> list[str]:
        folder = self.root / "builds"
        if folder.is_symlink() or not folder.is_dir():
            return []
        return sorted(p.name for p in folder.iterdir() if p.is_dir())
