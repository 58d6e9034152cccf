"""``benchit cache list|delete|clean``: look after a cache without running or unpickling anything.

Every subcommand first checks that the directory is one benchit created (its marker file, in a
format this benchit reads) and touches only paths inside it: a build directory or an artifacts
folder that is a symbolic link is unlinked, never followed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import stat
import sys
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from benchit.cli.common import default_cache_dir
from benchit.config import DEFAULT_CACHE
from benchit.errors import CacheError, ExitCode, UsageError
from benchit.fs import LinkError, open_dir
from benchit.naming import safe_name
from benchit.store.cache import MARKER, Cache
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.plugins import Registry

STALE_TMP_S = 60.0  # an atomic write takes milliseconds; an older temporary file was abandoned


def add_parser(sub: Any, registry: Registry | None) -> None:
    """Add ``cache`` and its subcommands to the top-level subparsers ``sub``."""
    default_help = f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}"
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


def run(args: argparse.Namespace, registry: Registry | None, out: IO[str] | None = None) -> int:
    out = out or sys.stdout
    if args.cache_command is None:
        raise UsageError("give a subcommand: benchit cache list|delete|clean")
    cache = open_cache(args.cache_dir or default_cache_dir())
    if args.cache_command == "list":
        return _list(cache, out)
    if args.cache_command == "delete":
        return _delete(cache, args.builds, out)
    if args.cache_command == "clean":
        return _clean(cache, out)
    raise UsageError(f"unknown cache subcommand {args.cache_command!r}; use list, delete or clean")


def _size_at(fd: int, name: str) -> int:
    """Bytes of ``name`` in the folder ``fd`` and below it, never following a link."""
    try:
        info = os.stat(name, dir_fd=fd, follow_symlinks=False)
    except OSError:
        return 0
    if not stat.S_ISDIR(info.st_mode):
        return info.st_size
    total = 0
    try:
        sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
    except OSError:
        return 0
    try:
        for _, _, files, folder_fd in os.fwalk(".", dir_fd=sub):
            for file in files:
                with contextlib.suppress(OSError):
                    total += os.stat(file, dir_fd=folder_fd, follow_symlinks=False).st_size
    finally:
        os.close(sub)
    return total


def _remove_at(fd: int, name: str) -> None:
    """Delete ``name`` in the folder ``fd``: a link or a file is unlinked (a link's target left
    alone), a folder removed with everything in it, relative to descriptors (no link followed)."""
    if stat.S_ISDIR(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
        shutil.rmtree(name, dir_fd=fd)
    else:
        os.unlink(name, dir_fd=fd)


def _mb(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def _list(cache: Cache, out: IO[str]) -> int:
    names = cache.build_names()
    total = 0
    for name in names:
        build = cache.read_build(name)
        invocation = build.invocation if build else None
        results = ", ".join(f"{r.device}-{r.runtime}:{r.status}" for r in cache.read_results(name))
        with open_dir(cache.root, ("builds",)) as fd:
            size = _size_at(fd, name)
        total += size
        line = f"{name}  {invocation.model_class if invocation else '?'}  {invocation.input_shapes if invocation else ''}  "
        print(printable(f"{line}[{results or 'no results'}]  {_mb(size)}"), file=out)
    print(f"{len(names)} builds, {_mb(total)} in {cache.root}", file=out)
    _warn(cache)
    return ExitCode.OK


def _delete(cache: Cache, builds: list[str], out: IO[str]) -> int:
    # Check every name before deleting anything: a usage error changes nothing.
    builds = list(dict.fromkeys(builds))
    with open_dir(cache.root, ("builds",)) as folder:  # LinkError when builds/ itself is a link
        for name in builds:
            if safe_name(name, limit=200) != name or not _exists_at(folder, name):
                raise UsageError(f"no build {name!r} in {cache.root}; see 'benchit cache list'")
        locks: dict[str, IO[str]] = {}  # one per script: a second flock of ours would block on the first
        try:
            for name in builds:
                key = _script_key(cache, name)
                if isinstance(key, str) and key not in locks:
                    lock = cache.try_lock(key)
                    if lock is None:
                        raise CacheError(f"build {name} is being written by a running scan; try again when it ends")
                    locks[key] = lock
            for name in builds:
                _remove_at(folder, name)
                print(f"deleted {printable(name)}", file=out)
        finally:
            for lock in locks.values():
                lock.close()
    return ExitCode.OK


def _exists_at(fd: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=fd, follow_symlinks=False)
    except OSError:
        return False
    return True


def _clean(cache: Cache, out: IO[str]) -> int:
    freed, skipped = 0, []
    for name in cache.build_names():
        try:
            with open_dir(cache.root, ("builds", name)) as build:
                if not _exists_at(build, "artifacts"):
                    continue
                key = _script_key(cache, name)
                lock = cache.try_lock(key) if isinstance(key, str) else None
                if isinstance(key, str) and lock is None:
                    skipped.append(name)
                    continue
                try:
                    freed += _size_at(build, "artifacts")
                    _remove_at(build, "artifacts")
                finally:
                    if lock is not None:
                        lock.close()
        except LinkError:
            continue  # a linked build folder is not ours to empty
    now = time.time()
    for _, _, files, folder_fd in os.fwalk(cache.root):
        for file in files:
            try:
                info = os.stat(file, dir_fd=folder_fd, follow_symlinks=False)
                if file.startswith(".") and file.endswith(".tmp") and now - info.st_mtime > STALE_TMP_S:
                    os.unlink(file, dir_fd=folder_fd)
                    freed += info.st_size
            except OSError:
                continue
    for name in skipped:
        print(f"skipped {printable(name)}: a running scan is writing it", file=out)
    print(f"freed {_mb(freed)}; results and logs kept in {cache.root}", file=out)
    _warn(cache)
    return ExitCode.OK


def _script_key(cache: Cache, build: str) -> str | None:
    """The script run that wrote ``build``: its lock guards the build."""
    record = cache.read_build(build)
    return record.script_key if record and record.script_key else None


def _warn(cache: Cache) -> None:
    for warning in cache.warnings:
        print(f"benchit: warning: {printable(warning)}", file=sys.stderr)
