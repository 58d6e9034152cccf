"""``benchit benchmark``: select scripts, run them, capture and measure their models, print a summary."""

from __future__ import annotations

import argparse
import fnmatch
import shlex
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit import __version__
from benchit.cli.common import default_cache_dir, memory_size, name_list, positive
from benchit.config import MODES, Config, TimingSettings
from benchit.errors import CacheError, ExitCode, UsageError
from benchit.options import MAX_PLANNED, OPTIONS, Option, PluginOptions, defaults
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.cli.progress import Printer
    from benchit.plugins import Registry
    from benchit.records import Script
    from benchit.store.cache import Cache


def add_parser(sub: Any, registry: Registry) -> None:
    bench = sub.add_parser("benchmark", help="run scripts, capture their models and benchmark them")
    add_options(bench, registry)


def add_options(parser: argparse.ArgumentParser, registry: Registry, overrides: bool = False) -> None:
    """Every option of ``benchit benchmark``, from the table in benchit/options.py, then the plugins'.
    With ``overrides`` (``benchit run``, whose options override the suite) the positional FILEs are
    left out and no option has a default: only those given reach the namespace. The plugins'
    defaults are kept as ``plugin_defaults`` (dest -> default)."""
    containers: dict[str | None, Any] = {None: parser}
    for option in OPTIONS:
        if not option.flags or (overrides and option.positional):
            continue
        if option.group not in containers:
            containers[option.group] = parser.add_argument_group(option.group)
        containers[option.group].add_argument(*option.flags, **_argparse_settings(option, overrides))
    plugins = PluginOptions(parser, overrides)
    registry.add_options(plugins)
    parser.set_defaults(plugin_defaults=plugins.defaults)


def _argparse_settings(option: Option, overrides: bool) -> dict[str, Any]:
    """The keyword arguments of ``add_argument`` for one option of the table."""
    settings: dict[str, Any] = {"help": option.help}
    settings["default"] = argparse.SUPPRESS if overrides else option.fresh_default()
    if not option.positional:
        settings["dest"] = option.dest
    if option.kind == "flag":
        return {**settings, "action": "store_true"}
    if option.many == "append":
        settings["action"] = "append"
    elif option.many:
        settings["nargs"] = option.many
    if option.metavar:
        settings["metavar"] = option.metavar
    if option.choices:
        settings["choices"] = option.choices
    convert = _converter(option)
    if convert is not None:
        settings["type"] = convert
    return settings


def _converter(option: Option) -> Any:
    """The argparse ``type`` of an option: its kind's checks, with the command line's messages
    (suite/loader.py has the suite's). Text, choices and tolerances (checked when planning) and
    lists of paths (resolved when planning) stay text."""
    if option.kind in ("int", "float"):
        return positive(int if option.kind == "int" else float, option.flag, option.zero, option.upper)
    if option.kind == "path" and not option.many:
        return Path
    return {"names": name_list, "size": memory_size}.get(option.kind)


def values_of(args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """The values of the table's options (defaults where not given) and of the plugins' options."""
    values = defaults()
    values.update({o.dest: getattr(args, o.dest) for o in OPTIONS if hasattr(args, o.dest)})
    return values, {dest: getattr(args, dest) for dest in args.plugin_defaults}


@dataclass
class Scan:
    """One scan, planned: the units of work (a script under one set of arguments) and the config."""

    scripts: list[Script]
    config: Config
    cache: Cache
    search_dirs: list[Path]
    filtered: bool
    executor_class: Any
    db: str | None = None  # --db: publish the cache there once the scan ends
    calibrate: str = "auto"  # --calibrate: a short calibration when this machine has no noise floor


def parse_devices(words: list[str]) -> tuple[list[str], dict[str, tuple[int, ...]]]:
    """``--device cpu,cuda:0,cuda:2`` -> the device names, in order, and the instances named per
    device (a device named bare, ``cuda``, means every visible instance)."""
    names: list[str] = []
    chosen: dict[str, list[int]] = {}
    bare: set[str] = set()
    for word in words:
        name, colon, index = word.partition(":")
        if name not in names:
            names.append(name)
        if not colon:
            bare.add(name)
            continue
        if not index.isdigit():
            raise UsageError(f"--device {word}: give an instance number after the colon, e.g. {name}:0")
        if int(index) not in chosen.setdefault(name, []):
            chosen[name].append(int(index))
    both = bare & set(chosen)
    if both:
        name = sorted(both)[0]
        raise UsageError(f"--device: {name} means every instance; name {name} or some of {name}:i, not both")
    return names, {name: tuple(found) for name, found in chosen.items()}


def plan(
    values: dict[str, Any],
    plugin_values: dict[str, Any],
    registry: Registry,
    points: list[tuple[str, ...]] | None = None,
    only: tuple[tuple[str, str, str], ...] = (),
) -> Scan:
    """Check the options and select the scripts, running nothing; the one way from option values
    (by dest, from the command line or a suite) to a ``Config``. ``points`` are the script
    arguments of each sweep point (default: from --sweep); ``only`` limits the measurements."""
    from benchit import parser as script_parser
    from benchit.execute.process import default_memory_limit
    from benchit.measure.environment import physical_cores
    from benchit.measure.precision import PRECISIONS, parse_tolerances
    from benchit.scan import discovery, labels
    from benchit.store.cache import Cache
    from benchit.suite.expansion import check_size, parse_sweep, point_args

    devices, instances = parse_devices(values["device"])
    registry.check_names(devices, values["runtime"])
    executor_class = registry.executor(values["executor"])
    try:
        script_args = shlex.split(values["script_args"])
        script_parser.check_script_args(script_args)
    except ValueError as exc:
        raise UsageError(f'--script-args: {exc}; write e.g. --script-args "--batch_size 8"') from None
    limit = None if values.get("allow_large") else MAX_PLANNED
    if points is None:
        swept = parse_sweep(values["sweep"], limit) if values["sweep"] else []
        points = [point_args(p) for p in swept]
    unknown = [p for p in values["precision"] if p not in PRECISIONS]
    if unknown:
        raise UsageError(f"--precision: unknown precision {unknown[0]!r}; choose from {', '.join(PRECISIONS)}")
    unknown = [m for m in values["mode"] if m not in MODES]
    if unknown or not values["mode"]:
        given = repr(unknown[0]) if unknown else "nothing"
        raise UsageError(f"--mode: unknown mode {given}; choose from {', '.join(MODES)}")
    try:
        tolerances = {k: v for text in values["tolerance"] for k, v in parse_tolerances(text).items()}
    except ValueError as exc:
        raise UsageError(f"--tolerance: {exc}") from None
    if not 0 < values["contention_threshold"] <= 1:
        raise UsageError(
            f"--contention-threshold {values['contention_threshold']:g}: give a fraction above 0, at most 1"
        )
    if values["min_time"] > values["max_time"]:
        raise UsageError(f"--min-time {values['min_time']} is longer than --max-time {values['max_time']}")
    wanted = labels.parse_filter(values["labels"]) if values["labels"] else None
    search_dirs = [registry.search_dir(str(d)) for d in values["search_dir"]]
    scripts = discovery.discover(values["files"], search_dirs, values["scan_all"], wanted)
    scripts = leave_out(scripts, values["exclude_scripts"], search_dirs)
    measurements = len(only) if only else len(devices) * len(values["runtime"]) * len(values["precision"])
    check_size(len(scripts) * max(1, len(points)) * measurements, "this scan", limit)
    if points:
        scripts = [replace(s, script_args=(*script_args, *p)) for s in scripts for p in points]
    cache = Cache(Path(values["cache_dir"]) if values["cache_dir"] else default_cache_dir())
    cache.check_usable()
    config = Config(
        cache_dir=cache.root.resolve(),
        devices=tuple(devices),
        instances=instances,
        runtimes=tuple(values["runtime"]),
        script_args=tuple(script_args),
        timeout_s=values["timeout"],
        quiet_wait_s=values["quiet_wait"],
        memory_limit_bytes=values["memory_limit"] or default_memory_limit(values["jobs"]),
        memory_limit_default=values["memory_limit"] is None,
        threads_default=values["threads"] is None,
        jobs=values["jobs"],
        threads=values["threads"] or physical_cores(),
        analyze_only=values["analyze_only"],
        rebuild=values["rebuild"],
        timing=TimingSettings(
            min_iterations=values["min_iterations"],
            min_time_s=values["min_time"],
            max_time_s=values["max_time"],
            warmup_max_s=values["warmup_time"],
            ci_tolerance=values["ci_tolerance"],
            rounds=values["rounds"],
            max_rounds=values["max_rounds"],
            passes=values["passes"],
            contention_threshold=values["contention_threshold"],
        ),
        rtol=values["rtol"],
        atol=values["atol"],
        precisions=tuple(dict.fromkeys(values["precision"])),
        tolerances=tolerances,
        localize_s=values["localize_time"],
        only=only,
        max_depth=values["max_depth"],
        modes=tuple(dict.fromkeys(values["mode"])),
        optimizer=values["optimizer"],
        plugin_dirs=tuple(str(Path(d).resolve()) for d in values["plugins_dir"]),
        options=dict(plugin_values),
        runtime_options=registry.runtime_options(values["runtime"], plugin_values),
    )
    executor_class.check(config)
    db = values.get("db")
    if db is not None:
        from benchit.history import engine

        engine.check_reachable(engine.resolve(db))  # a bad --db stops the scan before it starts
    calibrate = values.get("calibrate") or "auto"
    return Scan(scripts, config, cache, search_dirs, wanted is not None, executor_class, db, calibrate)


def execute(scan: Scan, registry: Registry, progress: str = "auto", run_name: str | None = None) -> int:
    """Run a planned scan and print its summary; return the exit code. ``progress``: how the scan
    shows it (``--progress``: auto, live, plain or none); ``run_name``: the history run that ``--db``
    publishes it as (default: its newest result's time and the cache's name)."""
    from benchit.cli import summary
    from benchit.cli.progress import failed
    from benchit.execute.scheduler import Scheduler
    from benchit.scan.preload import preload_modules

    config, cache, scripts = scan.config, scan.cache, scan.scripts
    if not scripts:
        print("benchit: no script matches the selection" + (" and --labels" if scan.filtered else ""))
        return ExitCode.OK
    cache.create()
    if not config.analyze_only:
        noise_floor(scan)
    extra = registry.preload(list(config.runtimes))
    printer = _display(progress, len(scripts))
    what = (
        "analyze only"
        if config.analyze_only
        else f"devices {','.join(config.devices)}, runtimes {','.join(config.runtimes)}"
        + (f", precisions {','.join(config.precisions)}" if config.precisions != ("fp32",) else "")
        + (f", modes {','.join(config.modes)} ({config.optimizer})" if config.modes != ("eval",) else "")
        + f", {config.threads} threads"
    )
    if config.memory_limit_bytes:
        default = " (default: free memory / jobs)" if config.memory_limit_default else ""
        what += f", memory limit {config.memory_limit_bytes / 2**30:.1f} GiB per script{default}"
    units = f"{len(scripts)} script run{'s' * (len(scripts) != 1)}"
    where = "" if scan.executor_class.name == "local" else f", executor {scan.executor_class.name}"
    if progress != "none":
        print(f"benchit {__version__}: {units}, {what}{where}, cache {cache.root}")
    runner = Scheduler(config, cache, printer, scan.executor_class(), preload_modules(scripts, extra))
    start = time.monotonic()
    try:
        with printer:  # a live display is drawn from here and stopped before the summary
            jobs = runner.run(scripts)
    except KeyboardInterrupt:
        print(f"benchit: interrupted; {len(runner.finished)} scripts finished and are in {cache.root}", file=sys.stderr)
        return ExitCode.INTERRUPTED
    for line in summary.lines(jobs, runner.skipped, scan.search_dirs, time.monotonic() - start):
        print(line)
    for warning in dict.fromkeys(cache.warnings):
        print(f"benchit: warning: {printable(warning)}", file=sys.stderr)
    bad = [j for j in jobs if failed(j.record)]
    if scan.db is not None:
        from benchit.cli.publish import publish_caches

        publish_caches([cache.root], scan.db, run_name, empty_ok=True)
    return ExitCode.FAILURES if bad else ExitCode.OK


def noise_floor(scan: Scan) -> None:
    """Copy this machine's noise floor at the scan's thread count into the cache, for ``report`` and
    ``compare``; with ``--calibrate auto`` and none kept, measure one first with a short calibration,
    and say so. Another executor's machines are not this one: they get none."""
    from benchit.measure import calibrate
    from benchit.measure.environment import host
    from benchit.store import floors

    if scan.executor_class.name != "local":
        return
    this, threads = host(), scan.config.threads
    floor = floors.find(this.machine.id, threads, this.versions.get("torch", ""))
    if floor is None and scan.calibrate == "auto":
        print(
            f"benchit: no noise floor for this machine at {threads} thread{'s' * (threads != 1)}: a short "
            f"calibration ({calibrate.SHORT_PROCESSES} processes, a few seconds); run benchit calibrate for a "
            "better one",
            flush=True,
        )
        try:
            floor = calibrate.here([threads], calibrate.SHORT_PROCESSES, calibrate.SHORT_DURATION_S, short=True)[0]
            floors.save(floor)
        except (calibrate.CalibrationError, CacheError) as exc:
            print(f"benchit: warning: no noise floor: {printable(exc)}", file=sys.stderr)
    if floor is not None:
        scan.cache.write_floor(floor)


def _display(mode: str, total: int) -> Printer:
    """The progress display of a scan of ``total`` scripts: live, plain lines, or none (``--progress``)."""
    from benchit.cli.progress import Printer, Quiet, pick

    mode = pick(mode, sys.stdout)
    if mode == "live":
        from benchit.cli.live import LiveDisplay

        return LiveDisplay(total)
    return Quiet(total) if mode == "none" else Printer(total)


def run(args: argparse.Namespace, registry: Registry) -> int:
    values, plugin_values = values_of(args)
    return execute(plan(values, plugin_values, registry), registry, values["progress"])


def leave_out(scripts: list[Any], patterns: list[str], search_dirs: list[Path]) -> list[Any]:
    """Drop the scripts whose file name, or path below a search folder, matches a glob pattern."""
    if not patterns:
        return scripts

    def names(path: Path) -> list[str]:
        found = [path.name]
        for directory in search_dirs:
            try:
                found.append(str(path.relative_to(directory.resolve())))
            except ValueError:
                continue
        return found

    return [s for s in scripts if not any(fnmatch.fnmatch(n, p) for n in names(s.path) for p in patterns)]
