"""``benchit report``: print a cache as a readable table and write it in the chosen formats."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.common import default_cache_dir
from benchit.config import DEFAULT_CACHE
from benchit.errors import ExitCode, UsageError
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.plugins import Registry


def add_output_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--format``, ``--output`` and ``--plugins-dir``, shared by ``report`` and ``compare``."""
    parser.add_argument(
        "--format",
        action="append",
        default=None,
        metavar="FMT[,FMT]",
        help="file formats to write: csv (default), json, md, html, or a plugin's; repeat or separate with commas",
    )
    parser.add_argument(
        "-o", "--output", type=Path, default=None, help=f"file to write (default benchit-{what}-<time>.<format>)"
    )
    parser.add_argument(
        "--plugins-dir", action="append", default=[], metavar="DIR", help="load reporter plugins from DIR"
    )
    parser.add_argument(
        "--width", type=int, default=None, help="terminal width for the table (default: the terminal's)"
    )


def add_parser(sub: Any, registry: Registry | None) -> None:
    report = sub.add_parser("report", help="print a cache as a table and write it as CSV, JSON, Markdown or HTML")
    report.add_argument("--cache-dir", type=Path, default=None, help=f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}")
    add_output_options(report, "report")


def reporters(args: argparse.Namespace, registry: Registry, default: str | None = "csv") -> list[Any]:
    """The reporter instances ``--format`` names (else the one whose suffix ``--output`` has, else
    ``default``), each checked usable here (else a usage error)."""
    from benchit.errors import Unavailable

    available = registry.load_reporters()
    formats = args.format
    if formats is None and args.output is not None:
        by_suffix = [name for name, (cls, _) in available.items() if cls.suffix == args.output.suffix]
        formats = by_suffix[:1] or None
    formats = formats or ([default] if default else [])
    names = [n.strip() for text in formats for n in text.split(",") if n.strip()]
    chosen = []
    for name in dict.fromkeys(names):
        if name not in available:
            raise UsageError(f"unknown --format {name!r}; choose from {', '.join(sorted(available))}")
        reporter = available[name][0]()
        try:
            reporter.check()
        except Unavailable as exc:
            raise UsageError(f"--format {name}: {exc}") from None
        chosen.append(reporter)
    return chosen


def outputs(args: argparse.Namespace, chosen: list[Any], what: str) -> list[Path]:
    """One path per reporter: ``--output`` as given for one format, with each format's suffix for several."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    paths = []
    for reporter in chosen:
        if args.output is None:
            paths.append(Path(f"benchit-{what}-{stamp}{reporter.suffix}"))
        elif len(chosen) == 1:
            paths.append(args.output)
        else:
            paths.append(args.output.with_suffix(reporter.suffix))
    for path in paths:
        if path.is_dir():
            raise UsageError(f"--output {path} is a directory; give a file name ending in {chosen[0].suffix}")
    return paths


def open_cache(root: Path, option: str = "--cache-dir") -> Any:
    """A cache to read, or a usage error naming what is wrong with ``root``."""
    from benchit.store.cache import Cache

    cache = Cache(root)
    if not cache.root.is_dir():
        raise UsageError(f"{option} {cache.root}: no such directory")
    if not cache.is_cache():
        raise UsageError(f"{option} {cache.root} is not a benchit cache")
    cache.read_marker()
    return cache


def width(args: argparse.Namespace) -> int:
    return args.width or shutil.get_terminal_size((120, 24)).columns


def write(chosen: list[Any], paths: list[Path], data: Any) -> None:
    from benchit.fs import write_failure

    for reporter, path in zip(chosen, paths, strict=True):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            reporter.write(data, path)
        except OSError as exc:  # a full disk, a read-only folder: nothing half-written is left
            raise write_failure(exc, path) from None
        print(f"wrote {printable(path)} ({reporter.name})")


def run(args: argparse.Namespace, registry: Registry) -> int:
    from benchit.report import frame, summary, table
    from benchit.report.noise import floor_lines
    from benchit.report.reporter import ReportData

    chosen = reporters(args, registry)
    cache = open_cache(args.cache_dir or default_cache_dir())
    paths = outputs(args, chosen, "report")
    df = frame.frame(cache)
    for warning in cache.warnings:
        print(f"benchit: warning: {printable(warning)}", file=sys.stderr)
    if df.empty:
        raise UsageError(f"--cache-dir {cache.root} holds no results yet; run benchit benchmark first")
    data = ReportData(frame=df, sources=(str(cache.root),), floors=tuple(cache.read_floors()))
    columns = width(args)
    for line in floor_lines(df.to_dict("records"), data.floors):
        print("\n".join(textwrap.wrap(printable(line), columns, subsequent_indent="  ")))  # as wide as the table
    for line in table.report_lines(data, columns):
        print(line)
    print()
    for line in summary.lines(df):
        print(printable(line))
    write(chosen, paths, data)
    return ExitCode.OK
