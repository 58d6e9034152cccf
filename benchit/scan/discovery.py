"""Finding the scripts a run will execute: files, globs, search directories and label filters."""

from __future__ import annotations

import glob
import os
from pathlib import Path

from benchit.errors import UsageError
from benchit.records import Script
from benchit.scan.labels import Labels, LabelSyntaxError, matches, read_labels

SUFFIXES = (".py", ".onnx")


def _skipped_name(name: str) -> bool:
    return name == "__init__.py" or name.startswith("_")


def walk(directory: Path) -> list[Path]:
    """Every ``*.py`` below ``directory``, except ``__init__.py``, ``_*`` files and ``skip/`` folders."""
    found = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d != "skip" and not d.startswith((".", "__pycache__")))
        found += [Path(root) / f for f in sorted(files) if f.endswith(".py") and not _skipped_name(f)]
    return found


def _resolve(arg: str, search_dirs: list[Path]) -> list[Path]:
    if any(ch in arg for ch in "*?["):
        paths = [Path(p) for p in sorted(glob.glob(arg, recursive=True))]
        for directory in search_dirs:
            paths += [Path(p) for p in sorted(glob.glob(str(directory / arg), recursive=True))]
        if not paths:
            raise UsageError(f"no file matches {arg!r}")
        return [p for p in paths if p.suffix in SUFFIXES and not _skipped_name(p.name)]
    path = Path(arg)
    if not path.exists():
        for directory in search_dirs:
            if (directory / arg).exists():
                path = directory / arg
                break
        else:
            where = f" (looked in . and {', '.join(map(str, search_dirs))})" if search_dirs else ""
            raise UsageError(f"{arg}: no such file{where}")
    if path.is_dir():
        raise UsageError(f"{arg} is a directory; use --all --search-dir {arg} to scan it")
    if path.suffix not in SUFFIXES:
        raise UsageError(f"{arg} is not a Python script (.py) or ONNX model (.onnx)")
    return [path]


def _split_hash(arg: str) -> tuple[str, tuple[str, ...]]:
    if "::" not in arg:
        return arg, ()
    name, hashes = arg.rsplit("::", 1)
    wanted = tuple(h for h in hashes.split(",") if h)
    if not wanted or not all(len(h) >= 4 and all(c in "0123456789abcdef" for c in h) for h in wanted):
        raise UsageError(f"{arg}: after '::' give the hex hash of an invocation, e.g. {name}::1a2b3c4d")
    return name, wanted


def discover(files: list[str], search_dirs: list[Path], scan_all: bool, wanted: Labels | None = None) -> list[Script]:
    """Return the selected scripts, in a stable order, without running any of them."""
    for directory in search_dirs:
        if not directory.is_dir():
            raise UsageError(f"--search-dir {directory}: no such directory")
    selected: dict[Path, tuple[str, ...]] = {}
    for arg in files:
        name, hashes = _split_hash(arg)
        for path in _resolve(name, search_dirs):
            selected[path.resolve()] = selected.get(path.resolve(), ()) + hashes
    if scan_all:
        if not search_dirs:
            raise UsageError("--all needs --search-dir DIR")
        for directory in search_dirs:
            paths = walk(directory)
            if not paths:
                raise UsageError(f"--search-dir {directory}: no Python scripts found")
            for path in paths:
                selected.setdefault(path.resolve(), ())
    if not files and not scan_all:
        raise UsageError("give scripts to benchmark, or --all --search-dir DIR")
    scripts = []
    for path, hashes in selected.items():
        try:
            labels, error = (read_labels(path) if path.suffix == ".py" else {}), None
        except LabelSyntaxError as exc:
            labels, error = {}, f"malformed labels line: {exc}"
        except OSError as exc:
            raise UsageError(f"{path}: cannot read ({exc.strerror})") from None
        if wanted and (error or not matches(labels, wanted)):
            continue
        scripts.append(Script(path, labels, hashes, error, relative_path=_relative(path, search_dirs)))
    return scripts


def _relative(path: Path, search_dirs: list[Path]) -> str:
    """``path`` relative to the first search dir holding it, else its file name."""
    for directory in search_dirs:
        try:
            return path.relative_to(directory.resolve()).as_posix()
        except ValueError:
            continue
    return path.name
