"""``benchit run SUITE.yaml``: expand a suite file into scans and run them (or print the plan)."""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

import benchit.cli.benchmark as benchmark
from benchit.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from benchit.plugins import Registry

# Suite keys -> the ``benchit benchmark`` option (argparse dest) each one sets.
_DESTS = {
    "search_dir": "search_dir",
    "files": "files",
    "labels": "labels",
    "exclude_scripts": "exclude_scripts",
    "devices": "device",
    "runtimes": "runtime",
    "precision": "precision",
    "script_args": "script_args",
    "executor": "executor",
    "timeout": "timeout",
    "memory_limit": "memory_limit",
    "cache_dir": "cache_dir",
    "jobs": "jobs",
    "threads": "threads",
    "max_depth": "max_depth",
    "rebuild": "rebuild",
    "analyze_only": "analyze_only",
}


def add_parser(sub: Any, registry: Registry) -> None:
    run = sub.add_parser("run", help="run the scans a suite file (YAML) describes")
    run.add_argument("suite", type=Path, metavar="SUITE.yaml", help="the suite file (see docs/suites.md)")
    run.add_argument("--dry-run", action="store_true", help="print the expanded plan; run nothing")
    before = len(run._actions)
    benchmark.add_options(run, registry)
    # Options of benchmark given here override the suite: only those given may reach the
    # namespace, so their defaults are kept aside.
    defaults = {"files": [], "exclude_scripts": []}
    for action in run._actions[before:]:
        if action.dest != "help":
            defaults[action.dest] = action.default
            action.default = argparse.SUPPRESS
    defaults["plugin_options"] = run.get_default("plugin_options")
    run.set_defaults(benchmark_defaults=defaults)


def run(args: argparse.Namespace, registry: Registry) -> int:
    from benchit.scan import suite as suites

    loaded = suites.load(args.suite)
    given = {k: v for k, v in vars(args).items() if k not in ("suite", "dry_run", "benchmark_defaults", "command")}
    scans = [scan for entry in loaded.entries for scan in _entry_scans(entry, args.benchmark_defaults, given, registry)]
    if args.dry_run:
        _print_plan(loaded, scans)
        return ExitCode.OK
    code = ExitCode.OK
    for name, scan in scans:
        print(f"== {name}")
        code = max(code, benchmark.execute(scan, registry))
        if code == ExitCode.INTERRUPTED:
            break
    return code


def _entry_scans(entry: Any, defaults: dict[str, Any], given: dict[str, Any], registry: Registry) -> list[Any]:
    """The scans of one entry: one per distinct set of measurements its matrix asks for."""
    from benchit.scan import suite as suites

    values = _namespace(entry, defaults)
    values.update(given)
    if "search_dir" in given and "files" not in given:
        values["scan_all"] = True
    matrix = {k: s.value for k, s in (entry.get("matrix") or {}).items()}
    for option, dimension in (("device", "device"), ("runtime", "runtime"), ("precision", "precision")):
        if option in given:  # the command line wins over the suite's matrix too
            matrix.pop(dimension, None)
    values["sweep"] = []
    dimensions = {k: v for k, v in matrix.items() if k not in suites.MEASUREMENT_DIMENSIONS}
    if given.get("sweep"):  # --sweep replaces the matrix's values of the parameters it names
        swept = suites.parse_sweep(given["sweep"])
        for name in swept[0]:
            dimensions[name] = list(dict.fromkeys(p[name] for p in swept))
    dimensions["device"] = matrix.get("device") or values["device"]
    dimensions["runtime"] = matrix.get("runtime") or values["runtime"]
    dimensions["precision"] = matrix.get("precision") or values["precision"]
    points = suites.expand(dimensions, entry.get("exclude") or [])
    if not points:
        raise UsageError(f"{entry.where}: {entry.name!r}: exclude leaves no combination to run")
    registry.check_names(dimensions["device"], dimensions["runtime"])
    # Group the measurements by script parameters, then the parameter sets by measurements.
    by_args: dict[tuple[str, ...], list[tuple[str, str, str]]] = {}
    for point in points:
        triple = (point["device"], point["runtime"], point["precision"])
        by_args.setdefault(suites.point_args(point), []).append(triple)
    groups: dict[tuple[tuple[str, str, str], ...], list[tuple[str, ...]]] = {}
    for point_args, triples in by_args.items():
        groups.setdefault(tuple(triples), []).append(point_args)
    scans = []
    for triples, arg_sets in groups.items():
        namespace = argparse.Namespace(**values)
        namespace.device = list(dict.fromkeys(t[0] for t in triples))
        namespace.runtime = list(dict.fromkeys(t[1] for t in triples))
        namespace.precision = list(dict.fromkeys(t[2] for t in triples))
        full = {(d, r, p) for d in namespace.device for r in namespace.runtime for p in namespace.precision}
        only = () if set(triples) == full else triples
        scans.append((entry.name, benchmark.plan(namespace, registry, arg_sets if any(arg_sets) else None, only)))
    return scans


def _namespace(entry: Any, defaults: dict[str, Any]) -> dict[str, Any]:
    """The benchmark options an entry sets, over benchmark's defaults."""
    values = dict(defaults)
    for key, dest in _DESTS.items():
        if key not in entry.settings:
            continue
        if dest not in defaults:
            raise UsageError(f"{entry.settings[key].where}: {key!r} needs a benchit that has the --{dest} option")
        value = entry.get(key)
        values[dest] = Path(value) if key == "cache_dir" else value
    if entry.get("search_dir") and not entry.get("files"):
        values["scan_all"] = True
    options = dict(entry.get("options") or {})
    if "executor_address" in entry.settings:  # the executor's own --<name>-address option
        options[f"{values['executor']}_address"] = entry.settings["executor_address"]
    for dest, setting in options.items():
        if dest not in values.get("plugin_options", ()):
            known = ", ".join(values.get("plugin_options", ())) or "none"
            raise UsageError(f"{setting.where}: no plugin adds the option {dest!r} (plugin options: {known})")
        values[dest] = setting.value
    for key, setting in (entry.get("timing") or {}).items():
        values[key] = setting.value
    tolerances = []
    for key, setting in (entry.get("parity") or {}).items():
        if key.startswith("tolerance."):
            tolerances.append(setting.value)
        else:
            values[key] = setting.value
    if tolerances:
        values["tolerance"] = tolerances
    if not values.get("files") and not values.get("scan_all"):
        raise UsageError(f"{entry.where}: entry {entry.name!r} names no scripts: give it search_dir or files")
    return values


def _relative(path: Any) -> str:
    try:
        text = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if text.startswith("..") else text


def _print_plan(loaded: Any, scans: list[tuple[str, Any]]) -> None:
    """Every unit a run would measure: script x parameter set x device x runtime x precision."""
    total = sum(len(scan.scripts) * len(scan.config.measurements()) for _, scan in scans)
    print(f"suite {_relative(loaded.path)}: {len(loaded.entries)} entries, {len(scans)} scans, {total} measurements")
    for name, scan in scans:
        config = scan.config
        arg_sets = list(dict.fromkeys(s.script_args or config.script_args for s in scan.scripts))
        files = list(dict.fromkeys(s.path for s in scan.scripts))
        measurements = config.measurements()
        print(
            f"entry {name}: {len(files)} scripts x {len(arg_sets)} parameter sets x {len(measurements)} measurements"
            f" = {len(scan.scripts) * len(measurements)}; cache {_relative(config.cache_dir)}"
            + (f"; max depth {config.max_depth}" if config.max_depth else "")
        )
        for script in scan.scripts:
            args = shlex.join(script.script_args or config.script_args) or "(no script args)"
            for device, runtime, precision in measurements:
                print(f"  {_relative(script.path)}  {args}  {device} {runtime} {precision}")
