"""Expanding a suite's entries and ``--sweep`` into scans: matrices less their exclusions, each as option values."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from benchit.errors import UsageError
from benchit.options import MAX_PLANNED, OPTIONS, defaults
from benchit.parser import STANDARD_PARAMS
from benchit.suite.loader import MEASUREMENT_DIMENSIONS, Entry, closest


@dataclass(frozen=True)
class ScanValues:
    """One scan of a suite's entry, before it is planned (``cli.benchmark.plan``): the values of the
    benchmark options by dest and of the plugins' options, the script arguments of each sweep point
    (None: no sweep), and the (device, runtime, precision) measurements it is limited to (empty:
    every device x runtime x precision of ``values``)."""

    entry: str
    values: dict[str, Any]
    plugin_values: dict[str, Any]
    points: list[tuple[str, ...]] | None
    only: tuple[tuple[str, str, str], ...]


def check_size(planned: int, what: str, limit: int | None = MAX_PLANNED) -> None:
    """``UsageError`` when ``planned`` measurements are over ``limit`` (None: no limit, --allow-large)."""
    if limit is not None and planned > limit:
        raise UsageError(
            f"{what} plans {planned:,} measurements, over the limit of {limit:,}; "
            "narrow it, or give --allow-large (allow_large: true in a suite) to run it anyway"
        )


def expand(
    dimensions: dict[str, list[Any]],
    exclude: Sequence[dict[str, list[Any]]] = (),
    limit: int | None = MAX_PLANNED,
) -> list[dict[str, Any]]:
    """The cartesian product of ``dimensions`` in order, less the combinations that match every
    key of some rule in ``exclude`` (a rule's key matches any of its values). Its size is checked
    against ``limit`` before anything is made (``check_size``)."""
    sizes = " x ".join(f"{len(values)} {name}" for name, values in dimensions.items())
    check_size(math.prod(len(values) for values in dimensions.values()), f"the matrix ({sizes})", limit)
    names = list(dimensions)
    points = [dict(zip(names, values, strict=True)) for values in itertools.product(*dimensions.values())]

    def excluded(point: dict[str, Any]) -> bool:
        return any(
            all(k in point and str(point[k]) in map(str, values) for k, values in rule.items()) for rule in exclude
        )

    return [p for p in points if not excluded(p)]


def point_args(point: dict[str, Any]) -> tuple[str, ...]:
    """The script arguments of the script parameters in a point: ``--batch_size 8 ...``."""
    args: list[str] = []
    for name, value in point.items():
        if name in STANDARD_PARAMS:
            args += [f"--{name}", str(value).lower() if isinstance(value, bool) else str(value)]
    return tuple(args)


def parse_sweep(specs: list[str], limit: int | None = MAX_PLANNED) -> list[dict[str, Any]]:
    """``--sweep batch_size=1,8 --sweep max_seq_length=128,512`` -> the points of the product."""
    dimensions: dict[str, list[str]] = {}
    for spec in specs:
        name, sep, values = spec.partition("=")
        name = name.strip().removeprefix("--")
        if not sep or not values.strip():
            raise UsageError(f"--sweep {spec!r}: write PARAM=V1,V2, e.g. --sweep batch_size=1,8,32")
        if name not in STANDARD_PARAMS:
            raise UsageError(
                f"--sweep: {name!r} is not a standard script parameter{closest(name, STANDARD_PARAMS)}; "
                f"they are: {', '.join(STANDARD_PARAMS)}"
            )
        if name in dimensions:
            raise UsageError(f"--sweep: {name!r} is given twice; list its values once, comma-separated")
        items = [v.strip() for v in values.split(",")]
        for item in items:
            try:
                STANDARD_PARAMS[name].type(item)
            except ValueError:
                raise UsageError(
                    f"--sweep: {name} takes {STANDARD_PARAMS[name].type.__name__} values, got {item!r}"
                ) from None
        dimensions[name] = list(dict.fromkeys(items))
    return expand(dimensions, limit=limit)


def entry_scans(
    entry: Entry,
    given: dict[str, Any],
    plugin_defaults: dict[str, Any],
    given_plugins: dict[str, Any],
    check_names: Callable[[list[str], list[str]], None],
) -> list[ScanValues]:
    """The scans of one entry: one per distinct set of measurements its matrix asks for. ``given``
    and ``given_plugins``: the options of the command line, which win over the entry's;
    ``check_names(devices, runtimes)`` raises for a name no plugin provides."""
    values, plugin_values = _entry_values(entry, plugin_defaults)
    values.update(given)
    plugin_values.update(given_plugins)
    if "search_dir" in given and "files" not in given:
        values["scan_all"] = True
    matrix = {k: s.value for k, s in (entry.get("matrix") or {}).items()}
    for dimension in MEASUREMENT_DIMENSIONS:
        if dimension in given:  # the command line wins over the suite's matrix too
            matrix.pop(dimension, None)
    values["sweep"] = []
    dimensions = {k: v for k, v in matrix.items() if k not in MEASUREMENT_DIMENSIONS}
    limit = None if values.get("allow_large") else MAX_PLANNED
    if given.get("sweep"):  # --sweep replaces the matrix's values of the parameters it names
        swept = parse_sweep(given["sweep"], limit)
        for name in swept[0]:
            dimensions[name] = list(dict.fromkeys(p[name] for p in swept))
    dimensions["device"] = matrix.get("device") or values["device"]
    dimensions["runtime"] = matrix.get("runtime") or values["runtime"]
    dimensions["precision"] = matrix.get("precision") or values["precision"]
    try:
        points = expand(dimensions, entry.get("exclude") or [], limit)
    except UsageError as exc:
        raise UsageError(f"{entry.where}: {entry.name!r}: {exc}") from None
    if not points:
        raise UsageError(f"{entry.where}: {entry.name!r}: exclude leaves no combination to run")
    check_names(dimensions["device"], dimensions["runtime"])
    # Group the measurements by script parameters, then the parameter sets by measurements.
    by_args: dict[tuple[str, ...], list[tuple[str, str, str]]] = {}
    for point in points:
        triple = (point["device"], point["runtime"], point["precision"])
        by_args.setdefault(point_args(point), []).append(triple)
    groups: dict[tuple[tuple[str, str, str], ...], list[tuple[str, ...]]] = {}
    for arg_set, measured in by_args.items():
        groups.setdefault(tuple(measured), []).append(arg_set)
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
        scans.append(ScanValues(entry.name, scan_values, plugin_values, arg_sets if any(arg_sets) else None, only))
    return scans


def _entry_values(entry: Entry, plugin_defaults: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
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
    plugin_settings = dict(entry.get("options") or {})
    if "executor_address" in entry.settings:  # the executor's own --<name>-address option
        plugin_settings[f"{values['executor']}_address"] = entry.settings["executor_address"]
    for dest, setting in plugin_settings.items():
        if dest not in plugin_defaults:
            known = ", ".join(sorted(plugin_defaults)) or "none"
            raise UsageError(f"{setting.where}: no plugin adds the option {dest!r} (plugin options: {known})")
        plugin_values[dest] = setting.value
    if not values["files"] and not values["scan_all"]:
        raise UsageError(f"{entry.where}: entry {entry.name!r} names no scripts: give it search_dir or files")
    return values, plugin_values
