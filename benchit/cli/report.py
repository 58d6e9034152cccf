"""``benchit report``: turn a cache into a report file and a summary."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from benchit.cli.common import DEFAULT_CACHE, default_cache_dir, printable
from benchit.errors import ExitCode, UsageError


def add_parser(sub: Any) -> None:
    report = sub.add_parser("report", help="turn a cache into a CSV report")
    report.add_argument("--cache-dir", type=Path, default=None, help=f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}")
    report.add_argument("-o", "--output", type=Path, default=None, help="CSV file to write")


def run(args: argparse.Namespace) -> int:
    from benchit.report import frame as report
    from benchit.store.cache import Cache, write_failure

    cache = Cache(args.cache_dir or default_cache_dir())
    if not cache.root.is_dir():
        raise UsageError(f"--cache-dir {cache.root}: no such directory")
    if not cache.is_cache():
        raise UsageError(f"--cache-dir {cache.root} is not a benchit cache")
    cache.read_marker()
    output = args.output or Path(f"benchit-report-{time.strftime('%Y%m%d-%H%M%S')}.csv")
    if output.is_dir():
        raise UsageError(f"--output {output} is a directory; give a file name ending in .csv")
    try:
        df = report.write(cache, output)
    except OSError as exc:  # a full disk, a read-only folder: nothing half-written is left
        raise write_failure(exc, output) from None
    for warning in cache.warnings:
        print(f"benchit: warning: {printable(warning)}", file=sys.stderr)
    print(f"wrote {printable(output)} ({len(df)} rows)")
    for line in report.summary(df):
        print(f"  {printable(line)}")
    return ExitCode.OK
