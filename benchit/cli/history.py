"""``benchit history``: each series' latest run against its baseline, with verdicts, change points and a dashboard."""

from __future__ import annotations

import argparse
import datetime
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.common import DB_HELP, add_verdict_options, gate, tag, whole_number
from benchit.errors import UsageError
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.plugins import Registry

# ``energy``: more energy per step (its own verdict, ``energy regression``), gated only when asked, as in compare.
FAIL_ON = {
    "regression": ("regression",),
    "failing": ("failing",),
    "any": ("regression", "failing"),
    "energy": ("energy regression",),
}


def _since(text: str) -> float:
    """``30d``, ``12h``, or a date or time (``2026-11-01``, ``2026-11-01T06:00``, UTC unless it says)."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([dh])", text.strip())
    if match:
        return time.time() - float(match.group(1)) * (86400 if match.group(2) == "d" else 3600)
    try:
        when = datetime.datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"--since takes 30d, 12h or a date like 2026-11-01, got {text!r}") from None
    return (when if when.tzinfo else when.replace(tzinfo=datetime.timezone.utc)).timestamp()


def _formats(text: str) -> list[str]:
    from benchit.history.output import FORMATS

    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names or any(n not in FORMATS for n in names):
        raise argparse.ArgumentTypeError(f"--format takes {', '.join(FORMATS)} (comma-separated), got {text!r}")
    return names


def add_parser(sub: Any, registry: Registry | None) -> None:
    history = sub.add_parser(
        "history", help="each series' latest run against its history: regressions, change points, a dashboard"
    )
    history.add_argument("--db", default=None, metavar="URL", help=DB_HELP)
    history.add_argument(
        "--baseline",
        type=whole_number,
        default=5,
        metavar="N",
        help="earlier runs the latest is judged against (default 5)",
    )
    history.add_argument(
        "--model", default=None, metavar="GLOB", help="series whose script path or model class matches"
    )
    history.add_argument("--device", default=None)
    history.add_argument("--runtime", default=None)
    history.add_argument("--precision", default=None)
    history.add_argument("--machine", default=None, help="a machine's id or host name")
    history.add_argument(
        "--since", type=_since, default=None, metavar="WHEN", help="only runs since: 30d, 12h or a date"
    )
    history.add_argument(
        "--tag",
        type=tag,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="only runs published with this tag (benchit publish --tag); repeat: runs with all of them",
    )
    add_verdict_options(
        history,
        FAIL_ON,
        "WHAT",
        "exit 1 on a regression, a failing series, or either (any); energy: more energy per step (its own verdict)",
    )
    history.add_argument(
        "--format",
        type=_formats,
        action="append",
        default=None,
        metavar="FMT[,FMT]",
        help="files to write: csv, json, md, html (the dashboard)",
    )
    history.add_argument(
        "-o", "--output", type=Path, default=None, help="file to write (default benchit-history-<time>.<format>)"
    )
    history.add_argument(
        "--chart-runs",
        type=whole_number,
        default=100,
        metavar="N",
        help="runs each dashboard chart shows (default the last 100)",
    )


def _paths(args: argparse.Namespace) -> list[tuple[str, Path]]:
    from benchit.history.output import FORMATS

    formats = [f for group in args.format or [] for f in group]
    if not formats and args.output is not None:
        formats = [f for f, suffix in FORMATS.items() if suffix == args.output.suffix][:1] or ["csv"]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    paths = []
    for fmt in dict.fromkeys(formats):
        if args.output is None:
            paths.append((fmt, Path(f"benchit-history-{stamp}{FORMATS[fmt]}")))
        else:
            paths.append((fmt, args.output if len(formats) == 1 else args.output.with_suffix(FORMATS[fmt])))
    for _, path in paths:
        if path.is_dir():
            raise UsageError(f"--output {path} is a directory; give a file name")
    return paths


def run(args: argparse.Namespace, registry: Registry | None) -> int:
    from benchit.history import engine, output
    from benchit.history.analysis import analyse
    from benchit.history.query import Filters

    paths = _paths(args)
    url = engine.resolve(args.db)
    filters = Filters(args.model, args.device, args.runtime, args.precision, args.machine, args.since, tuple(args.tag))
    charts = args.chart_runs if any(fmt == "html" for fmt, _ in paths) else 0
    with engine.session(url, write=False) as connection:
        reports = analyse(connection, filters, args.baseline, args.threshold, charts)
    if not reports:
        raise UsageError(
            f"--db {engine.shown(url)}: no series matches"
            + (
                " the filters"
                if args.model or args.device or args.runtime or args.precision or args.machine or args.since or args.tag
                else ""
            )
        )
    for line in output.lines(reports):
        print(line)
    meta = {"db": engine.shown(url), "baseline": args.baseline, "threshold": args.threshold}
    for fmt, path in paths:
        output.write(fmt, path, reports, meta)
        print(f"wrote {printable(path)} ({fmt})")
    # A series is flagged once, by its first gated verdict: its latency's, else its TTFT's or TPOT's (as compare).
    gated = {verdict for name in args.fail_on for verdict in FAIL_ON[name]}
    verdicts = [
        [r.verdict.value, *(t.verdict.value for t in r.tokens), *([f"energy {r.energy.verdict.value}"] if r.energy else [])]
        for r in reports
    ]
    return gate(args.fail_on, FAIL_ON, [next((v for v in vs if v in gated), vs[0]) for vs in verdicts])
