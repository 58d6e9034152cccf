"""``benchit run SUITE.yaml``: expand a suite file into scans and run them (or print the plan)."""

from __future__ import annotations

import argparse
import os
import shlex
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.benchmark import add_options, execute, plan
from benchit.errors import ExitCode, UsageError
from benchit.options import MAX_PLANNED, OPTIONS, defaults

if TYPE_CHECKING:
    from benchit.plugins import Registry


def add_parser(sub: Any, registry: Registry) -> None:
    run = sub.add_parser("run", help="run the scans a suite file (YAML) describes")
    run.add_argument("suite", type=Path, metavar="SUITE.yaml", help="the suite file (see docs/suites.md)")
    run.add_argument("--dry-run", action="store_true", help="print the expanded plan; run nothing")
    # Options of benchmark given here override the suite: only those given reach the namespace.
    add_options(run, registry, overrides=True)


def run(args: argparse.Namespace, registry: Registry) -> int:
    from benchit.scan import suite as suites

    loaded = suites.load(args.suite)
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
    given = {o.dest: getattr(args, o.dest) for o in OPTIONS if hasattr(args, o.dest)}
    given_plugins = {dest: getattr(args, dest) for dest in args.plugin_defaults if hasattr(args, dest)}
    return [
        scan
        for entry in loaded.entries
        for scan in _entry_scans(entry, given, args.plugin_defaults, given_plugins, registry)
    ]


def _entry_scans(
    entry: Any,
    given: dict[str, Any],
    plugin_defaults: dict[str, Any],
    given_plugins: dict[str, Any],
    registry: Registry,
) -> list[Any]:
    """The scans of one entry: one per distinct set of measurements its matrix asks for."""
    from benchit.scan import suite as suites

    values, plugin_values = _entry_values(entry, plugin_defaults)
    values.update(given)
    plugin_values.update(given_plugins)
    if "search_dir" in given and "files" not in given:
        values["scan_all"] = True
    matrix = {k: s.value for k, s in (entry.get("matrix") or {}).items()}
    for option, dimension in (("device", "device"), ("runtime", "runtime"), ("precision", "precision")):
        if option in given:  # the command line wins over the suite's matrix too
            matrix.pop(dimension, None)
    values["sweep"] = []
    dimensions = {k: v for k, v in matrix.items() if k not in suites.MEASUREMENT_DIMENSIONS}
    limit = None if values.get("allow_large") else MAX_PLANNED
    if given.get("sweep"):  # --sweep replaces the matrix's values of the parameters it names
        swept = suites.parse_sweep(given["sweep"], limit)
        for name in swept[0]:
            dimensions[name] = list(dict.fromkeys(p[name] for p in swept))
    dimensions["device"] = matrix.get("device") or values["device"]
    dimensions["runtime"] = matrix.get("runtime") or values["runtime"]
    dimensions["precision"] = matrix.get("precision") or values["precision"]
    try:
        points = suites.expand(dimensions, entry.get("exclude") or [], limit)
    except UsageError as exc:
        raise UsageError(f"{entry.where}: {entry.name!r}: {exc}") from None
    if not points:
        raise UsageError(f"{entry.where}: {entry.name!r}: exclude leaves no combination to run")
    registry.check_names(dimensions["device"], dimensions["runtime"])
    # Group the measurements by script parameters, then the parameter sets by measurements.
    by_args: dict[tuple[str, ...], list[tuple[str, str, str]]] = {}
    for point in points:
        triple = (point["device"], point["runtime"], point["precision"])
        by_args.setdefault(suites.point_args(point), []).append(triple)
    groups: dict[tuple[tuple[str, str, str], ...], list[tuple[str, ...]]] = {}
    for point_args, measured in by_args.items():
        groups.setdefault(tuple(measured), []).append(point_args)
    scans = []
    for triples, arg_sets in groups.items():
        scan_values = dict(values)
        scan_values["device"] = list(dict.fromkeys(t[0] for t in triples))
        scan_values["runtime"] = list(dict.fromkeys(t[1] for t in triples))
        scan_values["precision"] = list(dict.fromkeys(t[2] for t in triples))
        full = {
            (d, r, p) for d in scan_values["device"] for r in scan_values["runtime"] for p in scan_values["precision"]
        }
        only = () if set(triples) == full else triples
        points_arg = arg_sets if any(arg_sets) else None
        scans.append((entry.name, plan(scan_values, plugin_values, registry, points_arg, only)))
    return scans


def _entry_values(entry: Any, plugin_defaults: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The values of the benchmark options (the table's, then the plugins') an entry sets, over their defaults."""
    values = defaults()
    for option in OPTIONS:
        if option.suite is None:
            continue
        section, _, key = option.suite.rpartition(".")
        settings = (entry.get(section) or {}) if section else entry.settings
        if option.kind == "tolerances":  # read per precision, as "tolerance.bf16"
            found = [setting.value for name, setting in settings.items() if name.startswith(f"{key}.")]
            if found:
                values[option.dest] = found
        elif key in settings:
            values[option.dest] = settings[key].value
    if entry.get("search_dir") and not entry.get("files"):
        values["scan_all"] = True
    plugin_values = dict(plugin_defaults)
    options = dict(entry.get("options") or {})
    if "executor_address" in entry.settings:  # the executor's own --<name>-address option
        options[f"{values['executor']}_address"] = entry.settings["executor_address"]
    for dest, setting in options.items():
        if dest not in plugin_defaults:
            known = ", ".join(sorted(plugin_defaults)) or "none"
            raise UsageError(f"{setting.where}: no plugin adds the option {dest!r} (plugin options: {known})")
        plugin_values[dest] = setting.value
    if not values["files"] and not values["scan_all"]:
        raise UsageError(f"{entry.where}: entry {entry.name!r} names no scripts: give it search_dir or files")
    return values, plugin_values


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
