"""``benchit benchmark``: select scripts, run them, capture and measure their models, print a summary."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit import __version__
from benchit.cli.common import DEFAULT_CACHE, _names, _positive, _size, default_cache_dir, printable
from benchit.errors import ExitCode, UsageError
from benchit.records import ScriptStatus

if TYPE_CHECKING:
    from benchit.config import Config
    from benchit.execute.job import Job
    from benchit.records import Script
    from benchit.store.cache import Cache


def add_parser(sub: Any, registry: Any) -> None:
    bench = sub.add_parser("benchmark", help="run scripts, capture their models and benchmark them")
    bench.add_argument(
        "files",
        nargs="*",
        metavar="FILE[::HASH]",
        help="scripts (.py) or ONNX models (.onnx); ::HASH picks one invocation",
    )
    add_options(bench, registry)


def add_options(bench: argparse.ArgumentParser, registry: Any) -> None:
    """Every option of ``benchit benchmark`` (``benchit run`` takes them too, as overrides)."""
    bench.add_argument("--all", action="store_true", dest="scan_all", help="every script below --search-dir")
    bench.add_argument(
        "--search-dir",
        action="append",
        default=[],
        metavar="DIR",
        help="folder to scan with --all, and to look FILE up in (repeatable)",
    )
    bench.add_argument(
        "--labels",
        nargs="+",
        default=[],
        metavar="KEY::V1,V2",
        help="keep scripts whose labels match (keys ANDed, values ORed)",
    )
    bench.add_argument("--device", type=_names, default=["cpu"], help="comma-separated devices (default cpu)")
    bench.add_argument("--runtime", type=_names, default=["torch"], help="comma-separated runtimes (default torch)")
    bench.add_argument(
        "--script-args",
        default="",
        metavar="ARGS",
        help='arguments for the scripts, e.g. "--batch_size 8 --max_seq_length 64"',
    )
    bench.add_argument(
        "--sweep",
        action="append",
        default=[],
        metavar="PARAM=V1,V2",
        help="run each script once per value of a standard parameter (repeatable: the cartesian product)",
    )
    bench.add_argument(
        "--precision",
        type=_names,
        default=["fp32"],
        help="comma-separated precisions: fp32 (default), fp16, bf16; the model is cast after capture",
    )
    bench.add_argument(
        "--max-depth",
        type=_positive(int, "--max-depth", True),
        default=0,
        metavar="N",
        help="also benchmark submodules called up to N module calls below each model (default 0)",
    )
    bench.add_argument("--cache-dir", type=Path, default=None, help=f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}")
    bench.add_argument(
        "--timeout",
        type=_positive(float, "--timeout"),
        default=300.0,
        help="seconds a script (with its benchmarks) may run (default 300)",
    )
    bench.add_argument(
        "--memory-limit",
        type=_size,
        default=None,
        metavar="SIZE",
        help="stop a script whose processes together use more memory (pages really used, not address space "
        "reserved), e.g. 8G; default: the memory free at the start, less a margin, divided by --jobs",
    )
    bench.add_argument(
        "-j",
        "--jobs",
        type=_positive(int, "--jobs"),
        default=1,
        help="scripts analysed in parallel (measurements still take turns, with no script running beside one)",
    )
    bench.add_argument(
        "--threads",
        type=_positive(int, "--threads"),
        default=None,
        help="intra-op threads for measurement (default: physical cores available)",
    )
    bench.add_argument("--analyze-only", action="store_true", help="capture and list models; do not benchmark")
    bench.add_argument(
        "--rebuild",
        choices=("if_needed", "always", "never"),
        default="if_needed",
        help="redo builds: if_needed (default) skips what is complete in the cache",
    )
    timing = bench.add_argument_group("timing")
    timing.add_argument("--min-iterations", type=_positive(int, "--min-iterations"), default=64)
    timing.add_argument(
        "--min-time",
        type=_positive(float, "--min-time", True),
        default=1.0,
        help="seconds of measurement at least (default 1)",
    )
    timing.add_argument(
        "--max-time",
        type=_positive(float, "--max-time"),
        default=10.0,
        help="seconds of measurement at most (default 10)",
    )
    timing.add_argument(
        "--warmup-time",
        type=_positive(float, "--warmup-time"),
        default=5.0,
        help="seconds of warm-up at most (default 5)",
    )
    timing.add_argument(
        "--ci-tolerance",
        type=_positive(float, "--ci-tolerance"),
        default=0.02,
        help="stop when the median's 95%% CI is within this fraction (default 0.02)",
    )
    parity = bench.add_argument_group("parity with eager torch")
    parity.add_argument("--rtol", type=_positive(float, "--rtol", True), default=1e-3)
    parity.add_argument("--atol", type=_positive(float, "--atol", True), default=1e-4)
    parity.add_argument(
        "--tolerance",
        action="append",
        default=[],
        metavar="PREC=RTOL[:ATOL]",
        help="parity tolerances of a precision, e.g. bf16=0.05:0.01 (fp32: --rtol/--atol)",
    )
    bench.add_argument(
        "--executor",
        default="local",
        metavar="NAME",
        help="where scripts run: local (default: this machine) or an executor a plugin provides",
    )
    bench.add_argument("--plugins-dir", action="append", default=[], metavar="DIR", help="load local plugins")
    before = {action.dest for action in bench._actions}
    registry.manager.hook.benchit_addoption(parser=bench)
    bench.set_defaults(plugin_options=sorted({a.dest for a in bench._actions} - before))


@dataclass
class Scan:
    """One scan, planned: the units of work (a script under one set of arguments) and the config."""

    scripts: list[Script]
    config: Config
    cache: Cache
    search_dirs: list[Path]
    filtered: bool
    executor_class: Any


def plan(
    args: argparse.Namespace,
    registry: Any,
    points: list[tuple[str, ...]] | None = None,
    only: tuple[tuple[str, str, str], ...] = (),
) -> Scan:
    """Check the options and select the scripts, running nothing. ``points`` are the script
    arguments of each sweep point (default: from --sweep); ``only`` limits the measurements."""
    from benchit import parser as script_parser
    from benchit.config import Config
    from benchit.execute.process import default_memory_limit
    from benchit.measure.environment import physical_cores
    from benchit.measure.precision import PRECISIONS, parse_tolerances
    from benchit.measure.timing import TimingSettings
    from benchit.scan import discovery, labels, suite
    from benchit.store.cache import Cache

    registry.check_names(args.device, args.runtime)
    executor_class = registry.executor(args.executor)
    try:
        script_args = shlex.split(args.script_args)
        script_parser.check_script_args(script_args)
    except ValueError as exc:
        raise UsageError(f'--script-args: {exc}; write e.g. --script-args "--batch_size 8"') from None
    if points is None:
        points = [suite.point_args(p) for p in suite.parse_sweep(args.sweep)] if args.sweep else []
    unknown = [p for p in args.precision if p not in PRECISIONS]
    if unknown:
        raise UsageError(f"--precision: unknown precision {unknown[0]!r}; choose from {', '.join(PRECISIONS)}")
    try:
        tolerances = {k: v for text in args.tolerance for k, v in parse_tolerances(text).items()}
    except ValueError as exc:
        raise UsageError(f"--tolerance: {exc}") from None
    if args.min_time > args.max_time:
        raise UsageError(f"--min-time {args.min_time} is longer than --max-time {args.max_time}")
    wanted = labels.parse_filter(args.labels) if args.labels else None
    search_dirs = [Path(d) for d in args.search_dir]
    scripts = discovery.discover(args.files, search_dirs, args.scan_all, wanted)
    scripts = suite.leave_out(scripts, getattr(args, "exclude_scripts", None) or [], search_dirs)
    if points:
        scripts = [replace(s, script_args=(*script_args, *p)) for s in scripts for p in points]
    cache = Cache(args.cache_dir or default_cache_dir())
    cache.check_usable()
    config = Config(
        cache_dir=cache.root.resolve(),
        devices=tuple(args.device),
        runtimes=tuple(args.runtime),
        script_args=tuple(script_args),
        timeout_s=args.timeout,
        memory_limit_bytes=args.memory_limit or default_memory_limit(args.jobs),
        memory_limit_default=args.memory_limit is None,
        threads_default=args.threads is None,
        jobs=args.jobs,
        threads=args.threads or physical_cores(),
        analyze_only=args.analyze_only,
        rebuild=args.rebuild,
        timing=TimingSettings(
            min_iterations=args.min_iterations,
            min_time_s=args.min_time,
            max_time_s=args.max_time,
            warmup_max_s=args.warmup_time,
            ci_tolerance=args.ci_tolerance,
        ),
        rtol=args.rtol,
        atol=args.atol,
        precisions=tuple(dict.fromkeys(args.precision)),
        tolerances=tolerances,
        only=only,
        max_depth=args.max_depth,
        plugin_dirs=tuple(str(Path(d).resolve()) for d in args.plugins_dir),
        options={name: getattr(args, name) for name in args.plugin_options},
    )
    executor_class.check(config)
    return Scan(scripts, config, cache, search_dirs, wanted is not None, executor_class)


def execute(scan: Scan, registry: Any) -> int:
    """Run a planned scan and print its summary; return the exit code."""
    from benchit.cli.progress import Printer
    from benchit.execute.scheduler import Scheduler
    from benchit.scan.preload import preload_modules

    config, cache, scripts = scan.config, scan.cache, scan.scripts
    if not scripts:
        print("benchit: no script matches the selection" + (" and --labels" if scan.filtered else ""))
        return ExitCode.OK
    cache.create()
    extra = [m for mods in registry.manager.hook.benchit_preload(runtimes=list(config.runtimes)) for m in mods]
    printer = Printer(len(scripts))
    what = (
        "analyze only"
        if config.analyze_only
        else f"devices {','.join(config.devices)}, runtimes {','.join(config.runtimes)}"
        + (f", precisions {','.join(config.precisions)}" if config.precisions != ("fp32",) else "")
        + f", {config.threads} threads"
    )
    if config.memory_limit_bytes:
        default = " (default: free memory / jobs)" if config.memory_limit_default else ""
        what += f", memory limit {config.memory_limit_bytes / 2**30:.1f} GiB per script{default}"
    units = f"{len(scripts)} script run{'s' * (len(scripts) != 1)}"
    where = "" if scan.executor_class.name == "local" else f", executor {scan.executor_class.name}"
    print(f"benchit {__version__}: {units}, {what}{where}, cache {cache.root}")
    runner = Scheduler(config, cache, printer, scan.executor_class(), preload_modules(scripts, extra))
    start = time.monotonic()
    try:
        jobs = runner.run(scripts)
    except KeyboardInterrupt:
        print(f"benchit: interrupted; {len(runner.finished)} scripts finished and are in {cache.root}", file=sys.stderr)
        return ExitCode.INTERRUPTED
    _print_summary(jobs, runner.skipped, scan.search_dirs, time.monotonic() - start)
    for warning in dict.fromkeys(cache.warnings):
        print(f"benchit: warning: {printable(warning)}", file=sys.stderr)
    bad = [j for j in jobs if _failed(j)]
    return ExitCode.FAILURES if bad else ExitCode.OK


def run(args: argparse.Namespace, registry: Any) -> int:
    return execute(plan(args, registry), registry)


def _group(path: Path, search_dirs: list[Path]) -> str:
    for directory in search_dirs:
        try:
            path.relative_to(directory.resolve())
            return str(directory)
        except ValueError:
            continue
    return "files given"


def _failed(job: Job) -> bool:
    """A script that did not end well, or with a failed result."""
    return job.record.status not in (ScriptStatus.OK, ScriptStatus.NO_MODELS) or bool(job.record.failed_results)


def _print_summary(jobs: list[Job], skipped: list[Any], search_dirs: list[Path], elapsed: float) -> None:
    groups: dict[str, list[Job]] = {}
    for job in jobs:
        groups.setdefault(_group(job.script.path, search_dirs), []).append(job)
    print(f"\nsummary ({elapsed:.1f} s):")
    for name, members in groups.items():
        statuses: dict[str, int] = {}
        for job in members:
            statuses[str(job.record.status)] = statuses.get(str(job.record.status), 0) + 1
        found = sum(1 for j in members if j.record.builds)
        failed = [j for j in members if _failed(j)]
        print(
            f"  {printable(name)}: {len(members)} scripts ran, {found} found models, {len(failed)} failed "
            f"({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))})"
        )
        for job in failed:
            error = job.record.error or {}
            reason = error.get("message") or f"{job.record.failed_results} failed results"
            first = (str(reason).splitlines() or [""])[0][:200]
            print(f"    {job.record.status}: {printable(job.script.path)}: {printable(first)}")
    if skipped:
        print(f"  skipped {len(skipped)} scripts already complete in the cache (use --rebuild always to redo)")
