"""``benchit publish``: put every result of one or more caches into the history database."""

from __future__ import annotations

import argparse
import gc
import itertools
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.common import DB_HELP, tag
from benchit.errors import ExitCode, UsageError
from benchit.text import printable

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from benchit.history.publish import Published
    from benchit.plugins import Registry
    from benchit.store.cache import Cache


def add_parser(sub: Any, registry: Registry | None) -> None:
    publish = sub.add_parser("publish", help="put the results of caches into the history database")
    publish.add_argument("caches", type=Path, nargs="+", metavar="CACHE", help="a cache directory of benchit benchmark")
    publish.add_argument("--db", default=None, metavar="URL", help=DB_HELP)
    publish.add_argument(
        "--run",
        default=None,
        metavar="NAME",
        help="the run's name (default: the newest result's time and the caches' names)",
    )
    publish.add_argument(
        "--tag", type=tag, action="append", default=[], metavar="KEY=VALUE", help="label the run; repeat for more"
    )


def publish_caches(
    paths: list[Path],
    db: str | None,
    run: str | None = None,
    tags: dict[str, str] | None = None,
    empty_ok: bool = False,
) -> int:
    """Check the caches and the database, then publish; print what was added. ``empty_ok``: caches
    without a result (a scan that measured nothing) are a note, not an error."""
    from benchit.history import collect

    caches = collect.open_caches(paths)
    # The entries make no reference cycle: the cyclic collector would only walk them again and
    # again while the rows are written (it runs once the publication is done).
    gc.disable()
    try:
        # Forked readers read a large cache while this process imports SQLAlchemy and checks the
        # URL, then stores each share of results as it arrives, while the next ones are read.
        with collect.shares(caches) as parts:
            url = _url(db)
            first = next((part for part in parts if part), None)
            if first is None:  # no database is opened for caches without a result
                _warn(caches)
                if empty_ok:
                    print(f"nothing to publish: {', '.join(str(p) for p in paths)} has no result")
                    return ExitCode.OK
                raise UsageError(f"{', '.join(str(p) for p in paths)}: no results to publish")
            from benchit.history import publish

            names = [c.root.name for c in caches]
            floors = [f for c in caches for f in c.read_floors()]
            done = publish.publish(url, itertools.chain([first], parts), run, dict(tags or {}), names, floors)
        _warn(caches)
        return _print_outcome(done, url)
    finally:
        gc.enable()


def _url(db: str | None) -> URL:
    from benchit.history import engine

    return engine.resolve(db)


def _warn(caches: list[Cache]) -> None:
    for cache in caches:
        for warning in cache.warnings:
            print(f"benchit: warning: {printable(warning)}", file=sys.stderr)


def _print_outcome(done: Published, url: URL) -> int:
    """Print what a publication added."""
    from benchit.history import engine

    where = engine.shown(url)
    if done.added:
        print(
            f"published {done.added} results of {done.series} series as run {printable(done.run)!r} to {where}"
            + (f" ({done.known} already there)" if done.known else "")
        )
    else:
        print(f"nothing new: the {done.known} results are in {where} already")
    return ExitCode.OK


def run(args: argparse.Namespace, registry: Registry | None) -> int:
    if args.run is not None and not args.run.strip():
        raise UsageError("--run NAME: give a name")
    return publish_caches(args.caches, args.db, args.run, dict(args.tag))
