"""The on-disk cache: one directory per build, atomic JSON files, locks, tolerant reading.

Layout::

    CACHE/CACHEDIR.TAG, CACHE/benchit-cache.json     marker and format version
    CACHE/scripts/<script-key>.json                  the last run of a script (with one set of script args)
    CACHE/scripts/<script-key>.log                   its captured stdout and stderr
    CACHE/builds/<build>/build.json                  script, labels, invocation, artifacts' sha256
    CACHE/builds/<build>/results/<machine-id>/<device>-<runtime>.json
    CACHE/builds/<build>/artifacts/                  large files (ONNX models, ...)
    CACHE/locks/                                     advisory locks of running scans
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import IO, Any

from benchit.errors import CacheError

FORMAT = 1
MARKER = "benchit-cache.json"
TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This is a benchit cache directory.\n"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.+-]+")
# What ``create`` makes before the marker: a directory holding only these may be one that
# another benchit process is creating at this moment.
_OURS = {"CACHEDIR.TAG", "scripts", "builds", "locks"}


def _ours(name: str) -> bool:
    return name in _OURS or (name.startswith(f".{MARKER}.") and name.endswith(".tmp"))


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


def build_name(path: Path, invocation_hash: str) -> str:
    """``<script-key>_<hash>``: the script key keeps two scripts of the same name in different
    folders from sharing (and overwriting) one build."""
    return key_build_name(script_key(path), invocation_hash)


def key_build_name(key: str, invocation_hash: str) -> str:
    """The build of invocation ``invocation_hash`` of the script run ``key``."""
    return f"{key}_{safe_name(invocation_hash)}"


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` to ``path`` atomically: a reader sees the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1, sort_keys=True, default=str)
            file.write("\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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
            marker = json.loads((self.root / MARKER).read_text())
        except (OSError, ValueError) as exc:
            raise CacheError(f"{self.root / MARKER} is unreadable ({exc}); is this a benchit cache?") from None
        if not isinstance(marker, dict) or marker.get("format") != FORMAT:
            raise CacheError(
                f"{self.root} has cache format {marker.get('format') if isinstance(marker, dict) else '?'}, "
                f"this benchit reads format {FORMAT}; use another --cache-dir"
            )
        return marker

    def create(self) -> None:
        self.check_usable()
        for sub in ("scripts", "builds", "locks"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        if not self.is_cache():
            (self.root / "CACHEDIR.TAG").write_text(TAG)
            write_json(self.root / MARKER, {"format": FORMAT, "tool": "benchit"})

    # -- paths ----------------------------------------------------------------
    def build_dir(self, name: str) -> Path:
        return self.root / "builds" / safe_name(name, limit=200)

    def script_path(self, key: str) -> Path:
        return self.root / "scripts" / f"{safe_name(key, limit=200)}.json"

    def log_path(self, key: str) -> Path:
        return self.root / "scripts" / f"{safe_name(key, limit=200)}.log"

    def result_path(self, build: str, device: str, runtime: str, machine_id: str | None = None) -> Path:
        """Results of one machine lie in a folder of their own; ``None``: an older cache's place."""
        folder = self.build_dir(build) / "results"
        if machine_id:
            folder = folder / safe_name(machine_id)
        return folder / f"{safe_name(device)}-{safe_name(runtime)}.json"

    def artifacts_dir(self, build: str) -> Path:
        return self.build_dir(build) / "artifacts"

    # -- writing --------------------------------------------------------------
    def write_script(self, key: str, record: dict[str, Any]) -> None:
        write_json(self.script_path(key), {"format": FORMAT, **record})

    def write_build(self, name: str, record: dict[str, Any]) -> None:
        write_json(self.build_dir(name) / "build.json", {"format": FORMAT, **record})

    def write_result(self, build: str, result: dict[str, Any]) -> None:
        machine = result.get("machine") or {}
        path = self.result_path(build, result["device"], result["runtime"], machine.get("id"))
        write_json(path, {"format": FORMAT, **result})

    def write_artifact(self, build: str, name: str, data: bytes | None = None, source: Path | None = None) -> Path:
        """Put an artifact in place atomically, from ``data`` or by moving ``source``; ``name`` is
        relative to the build's artifacts folder and may not leave it."""
        folder = self.artifacts_dir(build)
        parts = [safe_name(part, limit=200) for part in Path(name).parts if part not in ("", ".", "..")]
        path = folder.joinpath(*parts) if parts else folder / "unnamed"
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            if data is not None:
                with os.fdopen(fd, "wb") as file:
                    file.write(data)
            else:
                os.close(fd)
                assert source is not None
                shutil.move(str(source), tmp)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        return path

    def try_lock(self, key: str, blocking: bool = False) -> IO[str] | None:
        """Take the advisory lock of ``key`` (released when the returned file is closed, or when
        this process dies); ``None`` when another process holds it and ``blocking`` is False."""
        path = self.root / "locks" / f"{safe_name(key, limit=200)}.lock"
        path.parent.mkdir(parents=True, exist_ok=True)
        file = open(path, "a")
        try:
            fcntl.flock(file, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            file.close()
            return None
        return file

    # -- reading --------------------------------------------------------------
    def _read(self, path: Path, what: str) -> dict[str, Any] | None:
        """Parse a JSON record; on damage, note a warning naming the file and return None."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            self.warnings.append(f"skipped {path}: unreadable {what} ({type(exc).__name__}: {exc})")
            return None
        if not isinstance(data, dict):
            self.warnings.append(f"skipped {path}: not a {what} record")
            return None
        if data.get("format") != FORMAT:
            self.warnings.append(f"skipped {path}: unknown format version {data.get('format')!r}")
            return None
        return data

    def read_script(self, key: str) -> dict[str, Any] | None:
        return self._read(self.script_path(key), "script record")

    def read_build(self, name: str) -> dict[str, Any] | None:
        return self._read(self.build_dir(name) / "build.json", "build record")

    def read_results(self, name: str) -> list[dict[str, Any]]:
        """Every machine's results of build ``name`` (and those of older caches, without a machine)."""
        folder = self.build_dir(name) / "results"
        results = []
        paths = sorted([*folder.glob("*.json"), *folder.glob("*/*.json")]) if folder.is_dir() else []
        for path in paths:
            record = self._read(path, "result")
            if record is not None and {"device", "runtime", "status"} <= record.keys():
                results.append(record)
            elif record is not None:
                self.warnings.append(f"skipped {path}: result without device, runtime or status")
        return results

    def script_keys(self) -> list[str]:
        folder = self.root / "scripts"
        keys = []
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.suffix == ".json" and not path.name.startswith("."):
                keys.append(path.stem)
            elif path.suffix not in (".log", ".tmp") and not path.name.startswith("."):
                self.warnings.append(f"skipped {path}: not a benchit file")
        return keys

    def check_strays(self) -> None:
        """Note a warning for each file that benchit did not put where it lies (it is never read)."""
        places = [(self.root, {MARKER, *_OURS}), (self.root / "builds", None)]
        for folder, known in places:
            for path in sorted(folder.iterdir()) if folder.is_dir() else []:
                if path.name.startswith(".") and path.name.endswith(".tmp"):
                    continue  # an atomic write in progress, or abandoned by a killed scan
                if (known is not None and path.name not in known) or (known is None and not path.is_dir()):
                    self.warnings.append(f"skipped {path}: not a benchit file")

    def build_names(self) -> list[str]:
        folder = self.root / "builds"
        return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
