"""``benchit compare``: BASE vs NEW (caches or JSON reports), or one dimension inside a cache, with verdicts."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.common import add_verdict_options, gate
from benchit.cli.report import add_output_options, open_cache, outputs, reporters, width, write
from benchit.errors import UsageError
from benchit.judge.verdicts import CompareVerdict, EnergyVerdict
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.floor import Floor
    from benchit.plugins import Registry

FAIL_ON = {
    "slower": (CompareVerdict.SLOWER,),
    "failing": (CompareVerdict.NEWLY_FAILING,),
    "any": (CompareVerdict.SLOWER, CompareVerdict.NEWLY_FAILING),
    # Not in "any": a busy machine or too few rounds is no regression, but a gate may insist on a verdict.
    "inconclusive": (CompareVerdict.INCONCLUSIVE,),
    # Energy's own verdict, only when asked: gated apart from latency's (an energy verdict is
    # ("energy", verdict), so that its "inconclusive" is never latency's).
    "energy": (("energy", EnergyVerdict.HIGHER),),
}


def add_parser(sub: Any, registry: Registry | None) -> None:
    compare = sub.add_parser(
        "compare", help="compare two caches (or JSON reports), or runtimes, devices or machines inside one"
    )
    compare.add_argument("base", type=Path, metavar="BASE", help="a cache directory or a JSON report")
    compare.add_argument("new", type=Path, nargs="?", metavar="NEW", help="a cache directory or a JSON report")
    compare.add_argument(
        "--by",
        choices=["runtime", "device", "machine", "runtime-options"],
        help="compare inside BASE along this (runtime-options: each setting of a runtime against its defaults)",
    )
    compare.add_argument(
        "--baseline",
        default=None,
        help="with --by: the value others are compared with (the eager runtime, cpu, the first machine)",
    )
    add_verdict_options(
        compare,
        FAIL_ON,
        "WHAT[,WHAT]",
        "exit 1 when anything got slower, newly failed, either (any), or could not be judged (inconclusive: "
        "a busy machine, too few rounds), or used more energy per step (energy: never part of any); "
        "e.g. slower,inconclusive",
    )
    add_output_options(compare, "compare")


MAX_REPORT_BYTES = 2**30  # a JSON report of a million results, kept samples included


def load(path: Path, name: str) -> tuple[Any, list[Floor]]:
    """A cache directory or a JSON report as the report's frame, and the noise floors it kept; a
    usage error when it is neither or is empty."""
    from benchit import safejson
    from benchit.floor import Floor
    from benchit.report import frame, rowcheck

    if path.is_file():
        try:
            data = safejson.loads(path.read_bytes(), max_bytes=MAX_REPORT_BYTES)
        except (OSError, ValueError) as exc:
            raise UsageError(f"{name} {path}: not a benchit JSON report ({type(exc).__name__}: {exc})") from None
        if not isinstance(data, dict) or "benchit_report" not in data:
            raise UsageError(f"{name} {path}: not a benchit JSON report (write one with benchit report --format json)")
        why = rowcheck.problem(data.get("rows") or [])
        if why:
            raise UsageError(f"{name} {path}: not a valid benchit JSON report ({why})")
        df = frame.from_rows(list(data.get("rows") or []))  # its comparison, if any, is not read
        try:
            floors = [Floor.from_dict(f) for f in data.get("floors") or ()]
        except (KeyError, TypeError, ValueError) as exc:
            raise UsageError(f"{name} {path}: not a valid benchit JSON report (floors: {exc})") from None
    elif path.is_dir():
        cache = open_cache(path, name)
        df = frame.frame(cache)
        floors = cache.read_floors()
        for warning in cache.warnings:
            print(f"benchit: warning: {printable(warning)}", file=sys.stderr)
    else:
        raise UsageError(f"{name} {path}: no such cache or report")
    if df.empty or df["device"].isna().all():
        raise UsageError(f"{name} {path} holds no results")
    return df, floors


def run(args: argparse.Namespace, registry: Registry) -> int:
    import pandas as pd

    from benchit.report import compare, table
    from benchit.report.noise import floor_lines, floor_table
    from benchit.report.reporter import ReportData

    chosen = reporters(args, registry, default=None)
    if args.new is None and args.by is None:
        raise UsageError(
            "give NEW to compare with BASE, or --by runtime|device|machine|runtime-options to compare inside BASE"
        )
    if args.new is not None and args.by is not None:
        raise UsageError("--by compares inside one cache; give BASE alone")
    paths = outputs(args, chosen, "compare")
    base, floors = load(args.base, "BASE")
    if args.by:
        by = args.by.replace("-", "_")  # the frame's column
        column = base[by].fillna("") if by == compare.OPTIONS else base[by].dropna()
        values = sorted(column.astype(str).unique())
        baseline = args.baseline if args.baseline is not None else compare.default_baseline(base, by)
        if by == compare.OPTIONS and baseline == compare.DEFAULTS:
            baseline = ""
        if baseline is None and by == "runtime":
            raise UsageError(
                f"BASE has no eager runtime to compare with; choose one with --baseline ({', '.join(values)})"
            )
        baseline = values[0] if baseline is None or (baseline == "" and by != compare.OPTIONS) else baseline
        if baseline not in values:
            shown = ", ".join(v or compare.DEFAULTS for v in values)
            raise UsageError(f"--baseline {baseline!r}: BASE has no {args.by} of that name ({shown})")
        result = compare.compare_within(base, by, baseline, args.threshold, floor_table(floors))
        if not result.pairs:
            raise UsageError(
                f"BASE {args.base} has nothing measured with another {args.by} than {baseline or compare.DEFAULTS}"
            )
        df, sources = base, [str(args.base)]
    else:
        new, new_floors = load(args.new, "NEW")
        floors += new_floors
        names = (args.base.name, args.new.name) if args.base.name != args.new.name else ("base", "new")
        result = compare.compare(base, new, args.threshold, names[0], names[1], floors=floor_table(floors))
        if not any(p.change or p.base_status and p.new_status for p in result.pairs):
            raise UsageError(
                f"BASE {args.base} and NEW {args.new} have no result in common (matched by the script's path "
                "relative to its search folder, invocation, script args, precision, mode, device and runtime)"
            )
        df, sources = pd.concat([base, new], ignore_index=True), [str(args.base), str(args.new)]
    data = ReportData(frame=df, sources=tuple(sources), comparison=result, floors=tuple(floors))
    for line in floor_lines(df.to_dict("records"), floors):
        print(printable(line))
    for line in table.compare_lines(result, width(args)):
        print(line)
    write(chosen, paths, data)
    # A pair is flagged once, by its first gated verdict: its latency's, else its TTFT's or TPOT's,
    # else its energy's (("energy", verdict): gated only by --fail-on energy, never latency's).
    gated = {verdict for name in args.fail_on for verdict in FAIL_ON[name]}
    flags = [
        next((v for v in [*p.verdicts, *([("energy", p.energy.verdict)] if p.energy else [])] if v in gated), p.verdict)
        for p in result.pairs
    ]
    return gate(args.fail_on, FAIL_ON, flags)
