"""``benchit triage``: every failure of caches grouped by cause, ranked, against a baseline, with a reproduction each."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.report import open_cache
from benchit.errors import UsageError
from benchit.host import collector_paused
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.plugins import Registry
    from benchit.report.triage import Failed, Identity


def add_parser(sub: Any, registry: Registry | None) -> None:
    triage = sub.add_parser("triage", help="group every failure of caches by cause, ranked by the models it affects")
    triage.add_argument("caches", type=Path, nargs="+", metavar="CACHE", help="cache directories to read")
    base = triage.add_mutually_exclusive_group()
    base.add_argument("--baseline", type=Path, default=None, metavar="CACHE",
                      help="a cache of an earlier scan: each failure is new, still or fixed against it")  # fmt: skip
    base.add_argument("--db", default=None, metavar="URL", help="a history database whose run is the baseline")
    triage.add_argument("--run", default=None, metavar="NAME", help="with --db: the run (default: the latest)")
    triage.add_argument("--format", choices=["text", "md", "json", "html"], default=None,
                        help="text (default), md, json or html (default: from --output's suffix, else text)")  # fmt: skip
    triage.add_argument("-o", "--output", type=Path, default=None, help="write to FILE instead of the terminal")


_SUFFIXES = {".md": "md", ".json": "json", ".html": "html", ".htm": "html"}


def _read(path: Path, option: str, measured: bool = True) -> tuple[list[Failed], set[Identity], set[str]]:
    """The failures of the cache at ``path``, the identities of all it measured, and its machines
    (both empty unless ``measured``: only a baseline needs them)."""
    from benchit.report import triage

    cache = open_cache(path, option)
    found, everything = triage.read(cache, measured)
    for warning in cache.warnings:
        print(f"benchit: warning: {printable(warning)}", file=sys.stderr)
    return found, everything, {key[-1] for key in everything if key[-1]}


def run(args: argparse.Namespace, registry: Registry | None) -> int:
    with collector_paused():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from benchit.report import triage

    if args.run is not None and args.db is None:
        raise UsageError("--run names a run of the history database: give --db URL too")
    found: list[Failed] = []
    everything: set[Identity] = set()
    machines: set[str] = set()
    baseline = args.baseline is not None or args.db is not None
    for path in args.caches:
        failed, measured, where = _read(path, "CACHE", baseline)
        found += failed
        everything |= measured
        machines |= where
    if baseline:
        if args.db is not None:
            from benchit.history.failures import run_failures

            before, before_machines = run_failures(args.db, args.run)
            name = f"--db run {args.run or '(latest)'}"
        else:
            before, _, before_machines = _read(args.baseline, "--baseline")
            name = f"--baseline {args.baseline}"
        if machines and before_machines and not machines & before_machines:
            raise UsageError(f"{name} was measured on another machine than CACHE: its failures do not compare")
        found = triage.compare(found, before) + triage.fixed(before, found, everything)
    if not found:
        caches = " ".join(str(p) for p in args.caches)
        raise UsageError(f"{caches} holds no failed result" + (" (nor does the baseline)" if baseline else ""))
    fmt = args.format or (_SUFFIXES.get(args.output.suffix.lower(), "text") if args.output else "text")
    text = triage.FORMATS[fmt](triage.clusters(found), baseline)
    if args.output is None:
        sys.stdout.write(printable(text, newlines=True) if fmt == "text" else text)
        return 0
    from benchit.fs import write_failure

    try:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise write_failure(exc, args.output) from None
    print(f"wrote {args.output}")
    return 0
