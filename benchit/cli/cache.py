"""``benchit cache list|delete|clean``: look after a cache without running or unpickling anything.

Every subcommand first checks that the directory is one benchit created (its marker file, in a
format this benchit reads) and touches only paths inside it: a build directory or an artifacts
folder that is a symbolic link is unlinked, never followed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path
from typing import IO, Any

from benchit.errors import CacheError, ExitCode, UsageError
from benchit.store.cache import MARKER, Cache, safe_name

STALE_TMP_S = 60.0  # an atomic write takes milliseconds; an older temporary file was abandoned


def add_parser(sub: Any, default_help: str) -> None:
    """Add ``cache`` and its subcommands to the top-level subparsers ``sub``."""
    cache = sub.add_parser("cache", help="list, delete or clean builds in a cache")
    commands = cache.add_subparsers(dest="cache_command", metavar="SUBCOMMAND", parser_class=type(cache))
    listing = commands.add_parser("list", help="one line per build: model, results, size")
    delete = commands.add_parser("delete", help="delete builds (they are redone by the next scan)")
    delete.add_argument("builds", nargs="+", metavar="BUILD", help="build names, as 'benchit cache list' shows")
    clean = commands.add_parser("clean", help="drop big artifacts (ONNX files...) and abandoned temporary files")
    for parser in (listing, delete, clean):
        parser.add_argument("--cache-dir", type=Path, default=None, help=default_help)


def open_cache(root: Path) -> Cache:
    """The cache at ``root``, or ``UsageError`` unless benchit created it."""
    if not root.exists():
        raise UsageError(f"--cache-dir {root}: no such directory")
    if not root.is_dir():
        raise UsageError(f"--cache-dir {root} is a file; give the cache directory")
    cache = Cache(root)
    if not cache.is_cache():
        raise UsageError(f"--cache-dir {root} is not a benchit cache (no {MARKER}); benchit touches only its own")
    cache.read_marker()
    return cache


def run(args: argparse.Namespace, root: Path, out: IO[str]) -> int:
    if args.cache_command is None:
        raise UsageError("give a subcommand: benchit cache list|delete|clean")
    cache = open_cache(root)
    if args.cache_command == "list":
        return _list(cache, out)
    if args.cache_command == "delete":
        return _delete(cache, args.builds, out)
    if args.cache_command == "clean":
        return _clean(cache, out)
    raise UsageError(f"unknown cache subcommand {args.cache_command!r}; use list, delete or clean")


def _size(path: Path) -> int:
    """Bytes below ``path``, not following symbolic links."""
    if path.is_symlink() or not path.is_dir():
        try:
            return path.lstat().st_size
        except OSError:
            return 0
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            try:
                total += (Path(folder) / name).lstat().st_size
            except OSError:
                continue
    return total


def _mb(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def _list(cache: Cache, out: IO[str]) -> int:
    names = cache.build_names()
    total = 0
    for name in names:
        build = cache.read_build(name) or {}
        invocation = build.get("invocation") or {}
        results = ", ".join(f"{r['device']}-{r['runtime']}:{r['status']}" for r in cache.read_results(name))
        size = _size(cache.build_dir(name))
        total += size
        print(
            f"{name}  {invocation.get('model_class', '?')}  {invocation.get('input_shapes', '')}  "
            f"[{results or 'no results'}]  {_mb(size)}",
            file=out,
        )
    print(f"{len(names)} builds, {_mb(total)} in {cache.root}", file=out)
    _warn(cache)
    return ExitCode.OK


def _delete(cache: Cache, builds: list[str], out: IO[str]) -> int:
    # Check every name before deleting anything: a usage error changes nothing.
    builds = list(dict.fromkeys(builds))
    folders = []
    for name in builds:
        folder = cache.root / "builds" / name
        if safe_name(name, limit=200) != name or not (folder.is_dir() or folder.is_symlink()):
            raise UsageError(f"no build {name!r} in {cache.root}; see 'benchit cache list'")
        folders.append(folder)
    locks: dict[str, IO[str]] = {}  # one per script: a second flock of ours would block on the first
    try:
        for name in builds:
            key = (cache.read_build(name) or {}).get("script_key")
            if isinstance(key, str) and key not in locks:
                lock = cache.try_lock(key)
                if lock is None:
                    raise CacheError(f"build {name} is being written by a running scan; try again when it ends")
                locks[key] = lock
        for name, folder in zip(builds, folders, strict=True):
            _remove(folder)
            print(f"deleted {name}", file=out)
    finally:
        for lock in locks.values():
            lock.close()
    return ExitCode.OK


def _clean(cache: Cache, out: IO[str]) -> int:
    freed, skipped = 0, []
    for name in cache.build_names():
        artifacts = cache.build_dir(name) / "artifacts"
        if cache.build_dir(name).is_symlink() or not (artifacts.exists() or artifacts.is_symlink()):
            continue  # a linked build folder is not ours to empty
        key = (cache.read_build(name) or {}).get("script_key")
        lock = cache.try_lock(key) if isinstance(key, str) else None
        if isinstance(key, str) and lock is None:
            skipped.append(name)
            continue
        try:
            freed += _size(artifacts)
            _remove(artifacts)
        finally:
            if lock is not None:
                lock.close()
    now = time.time()
    for folder, _, files in os.walk(cache.root):
        for file in files:
            path = Path(folder) / file
            try:
                if file.startswith(".") and file.endswith(".tmp") and now - path.lstat().st_mtime > STALE_TMP_S:
                    freed += path.lstat().st_size
                    path.unlink()
            except OSError:
                continue
    for name in skipped:
        print(f"skipped {name}: a running scan is writing it", file=out)
    print(f"freed {_mb(freed)}; results and logs kept in {cache.root}", file=out)
    _warn(cache)
    return ExitCode.OK


def _remove(path: Path) -> None:
    """Delete ``path``; a symbolic link is unlinked, its target left alone."""
    if path.is_symlink() or not path.is_dir():
        path.unlink()
    else:
        shutil.rmtree(path)


def _warn(cache: Cache) -> None:
    for warning in cache.warnings:
        print(f"benchit: warning: {warning}", file=sys.stderr)
