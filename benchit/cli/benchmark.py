"""``benchit benchmark``: select scripts, run them, capture and measure their models, print a summary."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from benchit import __version__
from benchit.cli.common import DEFAULT_CACHE, _names, _positive, _size, default_cache_dir
from benchit.errors import ExitCode, UsageError


def add_parser(sub: Any, registry: Any) -> None:
    bench = sub.add_parser("benchmark", help="run scripts, capture their models and benchmark them")
    bench.add_argument(
        "files",
        nargs="*",
        metavar="FILE[::HASH]",
        help="scripts (.py) or ONNX models (.onnx); ::HASH picks one invocation",
    )
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
        help="stop a script whose processes together use more memory (proportional set size), e.g. 8G",
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


def run(args: argparse.Namespace, registry: Any) -> int:
    from benchit import parser as script_parser
    from benchit.cli.progress import Printer
    from benchit.config import Config
    from benchit.execute.scheduler import Scheduler
    from benchit.measure.environment import physical_cores
    from benchit.measure.timing import TimingSettings
    from benchit.scan import discovery, labels
    from benchit.scan.preload import preload_modules
    from benchit.store.cache import Cache

    registry.check_names(args.device, args.runtime)
    executor_class = registry.executor(args.executor)
    try:
        script_args = shlex.split(args.script_args)
        script_parser.check_script_args(script_args)
    except ValueError as exc:
        raise UsageError(f'--script-args: {exc}; write e.g. --script-args "--batch_size 8"') from None
    if args.min_time > args.max_time:
        raise UsageError(f"--min-time {args.min_time} is longer than --max-time {args.max_time}")
    wanted = labels.parse_filter(args.labels) if args.labels else None
    search_dirs = [Path(d) for d in args.search_dir]
    scripts = discovery.discover(args.files, search_dirs, args.scan_all, wanted)
    cache = Cache(args.cache_dir or default_cache_dir())
    cache.check_usable()
    if not scripts:
        print("benchit: no script matches the selection" + (" and --labels" if wanted else ""))
        return ExitCode.OK
    options = {name: getattr(args, name) for name in args.plugin_options}
    config = Config(
        cache_dir=cache.root.resolve(),
        devices=tuple(args.device),
        runtimes=tuple(args.runtime),
        script_args=tuple(script_args),
        timeout_s=args.timeout,
        memory_limit_bytes=args.memory_limit,
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
        plugin_dirs=tuple(str(Path(d).resolve()) for d in args.plugins_dir),
        options=options,
    )
    executor_class.check(config)
    cache.create()
    extra = [m for mods in registry.manager.hook.benchit_preload(runtimes=list(config.runtimes)) for m in mods]
    printer = Printer(len(scripts))
    what = (
        "analyze only"
        if config.analyze_only
        else f"devices {','.join(config.devices)}, runtimes {','.join(config.runtimes)}, {config.threads} threads"
    )
    where = "" if executor_class.name == "local" else f", executor {executor_class.name}"
    print(f"benchit {__version__}: {len(scripts)} script{'s' * (len(scripts) != 1)}, {what}{where}, cache {cache.root}")
    runner = Scheduler(config, cache, printer, executor_class(), preload_modules(scripts, extra))
    start = time.monotonic()
    try:
        jobs = runner.run(scripts)
    except KeyboardInterrupt:
        print(f"benchit: interrupted; {len(runner.finished)} scripts finished and are in {cache.root}", file=sys.stderr)
        return ExitCode.INTERRUPTED
    _print_summary(jobs, runner.skipped, search_dirs, time.monotonic() - start)
    bad = [j for j in jobs if j.record["status"] not in ("ok", "no_models") or j.failed_results]
    return ExitCode.FAILURES if bad else ExitCode.OK


def _group(path: Path, search_dirs: list[Path]) -> str:
    for directory in search_dirs:
        try:
            path.relative_to(directory.resolve())
            return str(directory)
        except ValueError:
            continue
    return "files given"


def _print_summary(jobs: list[Any], skipped: list[Any], search_dirs: list[Path], elapsed: float) -> None:
    groups: dict[str, list[Any]] = {}
    for job in jobs:
        groups.setdefault(_group(job.script.path, search_dirs), []).append(job)
    print(f"\nsummary ({elapsed:.1f} s):")
    for name, members in groups.items():
        statuses: dict[str, int] = {}
        for job in members:
            statuses[job.record["status"]] = statuses.get(job.record["status"], 0) + 1
        found = sum(1 for j in members if j.record.get("builds"))
        failed = [j for j in members if j.record["status"] not in ("ok", "no_models") or j.failed_results]
        print(
            f"  {name}: {len(members)} scripts ran, {found} found models, {len(failed)} failed "
            f"({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))})"
        )
        for job in failed:
            error = job.record.get("error") or {}
            reason = error.get("message") or f"{job.failed_results} failed results"
            print(f"    {job.record['status']}: {job.script.path}: {str(reason).splitlines()[0][:200]}")
    if skipped:
        print(f"  skipped {len(skipped)} scripts already complete in the cache (use --rebuild always to redo)")
