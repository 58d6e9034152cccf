"""``benchit run SUITE.yaml``: expand a suite file into scans and run them (or print the plan)."""

from __future__ import annotations

import argparse
import os
import shlex
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.benchmark import add_options, execute, plan
from benchit.errors import ExitCode
from benchit.options import OPTIONS, defaults

if TYPE_CHECKING:
    from benchit.plugins import Registry


def add_parser(sub: Any, registry: Registry) -> None:
    run = sub.add_parser("run", help="run the scans a suite file (YAML) describes")
    run.add_argument("suite", type=Path, metavar="SUITE.yaml", help="the suite file (see docs/suites.md)")
    run.add_argument("--dry-run", action="store_true", help="print the expanded plan; run nothing")
    # Options of benchmark given here override the suite: only those given reach the namespace.
    add_options(run, registry, overrides=True)


def run(args: argparse.Namespace, registry: Registry) -> int:
    from benchit.suite import loader

    loaded = loader.load(args.suite)
    scans = plan_suite(loaded, args, registry)
    if args.dry_run:
        _print_plan(loaded, scans)
        return ExitCode.OK
    code: int = ExitCode.OK
    # With --db, every scan of the suite is published as one run of the history: the suite's.
    run_name = f"{time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime())} {args.suite.stem}"
    for name, scan in scans:
        print(f"== {name}")
        code = max(code, execute(scan, registry, getattr(args, "progress", defaults()["progress"]), run_name))
        if code == ExitCode.INTERRUPTED:
            break
    return code


def plan_suite(loaded: Any, args: argparse.Namespace, registry: Registry) -> list[tuple[str, Any]]:
    """The scans of every entry of a suite, by entry name; the options given in ``args`` override the suite's."""
    from benchit.suite import expansion

    given = {o.dest: getattr(args, o.dest) for o in OPTIONS if hasattr(args, o.dest)}
    given_plugins = {dest: getattr(args, dest) for dest in args.plugin_defaults if hasattr(args, dest)}
    return [
        (scan.entry, plan(scan.values, scan.plugin_values, registry, scan.points, scan.only))
        for entry in loaded.entries
        for scan in expansion.entry_scans(entry, given, args.plugin_defaults, given_plugins, registry.check_names)
    ]


def _relative(path: Any) -> str:
    try:
        text = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if text.startswith("..") else text


def _print_plan(loaded: Any, scans: list[tuple[str, Any]]) -> None:
    """Every unit a run would measure: script x parameter set x device x runtime x precision x mode."""
    total = sum(len(scan.scripts) * len(scan.config.measured()) for _, scan in scans)
    print(f"suite {_relative(loaded.path)}: {len(loaded.entries)} entries, {len(scans)} scans, {total} measurements")
    for name, scan in scans:
        config = scan.config
        arg_sets = list(dict.fromkeys(s.script_args or config.script_args for s in scan.scripts))
        files = list(dict.fromkeys(s.path for s in scan.scripts))
        measurements = config.measured()
        print(
            f"entry {name}: {len(files)} scripts x {len(arg_sets)} parameter sets x {len(measurements)} measurements"
            f" = {len(scan.scripts) * len(measurements)}; cache {_relative(config.cache_dir)}"
            + (f"; max depth {config.max_depth}" if config.max_depth else "")
            + (f"; modes {','.join(config.modes)}, optimizer {config.optimizer}" if "train" in config.modes else "")
        )
        for script in scan.scripts:
            args = shlex.join(script.script_args or config.script_args) or "(no script args)"
            for device, runtime, precision, mode in measurements:
                print(f"  {_relative(script.path)}  {args}  {device} {runtime} {precision} {mode}")
