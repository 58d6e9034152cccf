"""``benchit calibrate``: measure this machine's run-to-run noise floor and keep it for the scans, reports and comparisons."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from benchit.cli.common import positive
from benchit.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from benchit.floor import Floor
    from benchit.plugins import Registry


def add_parser(sub: Any, registry: Registry | None) -> None:
    from benchit.measure.calibrate import DURATION_S, PROCESSES

    calibrate = sub.add_parser(
        "calibrate",
        help="measure this machine's run-to-run noise (its floor), which compare and history then respect",
    )
    calibrate.add_argument(
        "--processes",
        type=positive(int, "--processes", maximum=1000),
        default=PROCESSES,
        metavar="K",
        help=f"fresh processes that time the canary models (at least 2; default {PROCESSES})",
    )
    calibrate.add_argument(
        "--duration",
        type=positive(float, "--duration", allow_zero=True, maximum=86400),
        default=DURATION_S,
        metavar="SECONDS",
        help=f"spread the processes over about this long (default {DURATION_S:g})",
    )
    calibrate.add_argument(
        "--threads",
        type=positive(int, "--threads", maximum=4096),
        action="append",
        metavar="N",
        help="a thread count to calibrate at (repeat for more; default 1 and the physical cores, as a scan uses)",
    )


def describe(floor: Floor) -> str:
    """``±3.1% at 1 thread (gemm ±1.2%, conv ±3.1%, copy ±2.0%, python ±0.4%)``"""
    from benchit.floor import percent

    threads = f"{floor.threads} thread{'s' * (floor.threads != 1)}"
    canaries = ", ".join(f"{c.name} {percent(c.band)}" for c in floor.canaries)
    return f"{floor.percent} at {threads} ({canaries})"


def run(args: argparse.Namespace, registry: Registry | None) -> int:
    from benchit.measure import calibrate
    from benchit.measure.environment import host, physical_cores
    from benchit.store import floors

    if args.processes < 2:
        raise UsageError(f"--processes {args.processes}: a floor needs at least 2 processes")
    threads = list(dict.fromkeys(args.threads or [1, physical_cores()]))
    this = host()
    shown = " and ".join(map(str, threads))
    print(
        f"benchit calibrate: {args.processes} processes over {args.duration:g} s at {shown} "
        f"thread{'s' * (threads != [1])} on {this.machine.hostname} ({this.machine.id}), "
        f"torch {this.versions.get('torch', 'not installed')}",
        flush=True,
    )

    def progress(done: int, total: int) -> None:
        print(f"  process {done}/{total} done", flush=True)

    try:
        found = calibrate.here(threads, args.processes, args.duration, progress=progress)
    except calibrate.CalibrationError as exc:
        print(f"benchit: error: {exc}", file=sys.stderr)
        return ExitCode.FAILURES
    where = floors.folder()
    for floor in found:
        floors.save(floor, where)
        print(f"noise floor: {describe(floor)}")
    print(f"kept in {where} ({found[0].duration_s:.0f} s)")
    return ExitCode.OK
