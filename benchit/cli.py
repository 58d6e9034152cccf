"""The ``benchit`` command line: argument parsing, subcommands and exit codes.

This is the only place where a ``BenchitError`` becomes a one-line message.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Any, NoReturn

from benchit import __version__
from benchit.errors import BenchitError, ExitCode, UsageError

DEFAULT_CACHE = "~/.cache/benchit"


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, exit code 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def default_cache_dir() -> Path:
    return Path(os.environ.get("BENCHIT_CACHE_DIR") or DEFAULT_CACHE).expanduser()


def _positive(kind: type, name: str, allow_zero: bool = False) -> Any:
    def convert(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number, got {text!r}") from None
        if value < 0 or (value == 0 and not allow_zero) or value != value:
            raise argparse.ArgumentTypeError(f"{name} must be greater than 0, got {text!r}")
        return value

    return convert


def _size(text: str) -> int:
    units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    cleaned = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = cleaned[-1:] if cleaned[-1:] in units and cleaned[-1:] else ""
    try:
        value = float(cleaned[: len(cleaned) - len(unit)])
    except ValueError:
        raise argparse.ArgumentTypeError(f"--memory-limit takes a size like 4G or 512M, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"--memory-limit must be greater than 0, got {text!r}")
    return int(value * units[unit])


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated names like torch,ort, got {text!r}")
    return names


def build_parser(registry: Any) -> Parser:
    parser = Parser(prog="benchit", description="Find the models in PyTorch scripts and benchmark them.")
    parser.add_argument("--version", action="version", version=f"benchit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

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
    bench.add_argument("--plugins-dir", action="append", default=[], metavar="DIR", help="load local plugins")
    before = {action.dest for action in bench._actions}
    registry.manager.hook.benchit_addoption(parser=bench)
    bench.set_defaults(plugin_options=sorted({a.dest for a in bench._actions} - before))

    report = sub.add_parser("report", help="turn a cache into a CSV report")
    report.add_argument("--cache-dir", type=Path, default=None, help=f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}")
    report.add_argument("-o", "--output", type=Path, default=None, help="CSV file to write")

    plugins = sub.add_parser("plugins", help="list plugins, their runtimes and devices, and availability")
    plugins.add_argument("--plugins-dir", action="append", default=[], metavar="DIR")

    from benchit import cachecmd

    cachecmd.add_parser(sub, f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}")
    return parser


def _plugin_dirs(argv: list[str]) -> list[str]:
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--plugins-dir", action="append", default=[])
    known, _ = pre.parse_known_args(argv)
    return known.plugins_dir


def cmd_benchmark(args: argparse.Namespace, registry: Any) -> int:
    from benchit import discovery, labels
    from benchit import parser as script_parser
    from benchit.cache import Cache
    from benchit.config import Config
    from benchit.environment import physical_cores
    from benchit.preload import preload_modules
    from benchit.progress import Printer
    from benchit.runner import Runner
    from benchit.timing import TimingSettings

    registry.check_names(args.device, args.runtime)
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
    cache.create()
    extra = [m for mods in registry.manager.hook.benchit_preload(runtimes=list(config.runtimes)) for m in mods]
    printer = Printer(len(scripts))
    what = (
        "analyze only"
        if config.analyze_only
        else f"devices {','.join(config.devices)}, runtimes {','.join(config.runtimes)}, {config.threads} threads"
    )
    print(f"benchit {__version__}: {len(scripts)} script{'s' * (len(scripts) != 1)}, {what}, cache {cache.root}")
    runner = Runner(config, cache, printer, preload_modules(scripts, extra))
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


def cmd_report(args: argparse.Namespace) -> int:
    from benchit import report
    from benchit.cache import Cache

    cache = Cache(args.cache_dir or default_cache_dir())
    if not cache.root.is_dir():
        raise UsageError(f"--cache-dir {cache.root}: no such directory")
    if not cache.is_cache():
        raise UsageError(f"--cache-dir {cache.root} is not a benchit cache")
    cache.read_marker()
    output = args.output or Path(f"benchit-report-{time.strftime('%Y%m%d-%H%M%S')}.csv")
    if output.is_dir():
        raise UsageError(f"--output {output} is a directory; give a file name ending in .csv")
    df = report.write(cache, output)
    for warning in cache.warnings:
        print(f"benchit: warning: {warning}", file=sys.stderr)
    print(f"wrote {output} ({len(df)} rows)")
    for line in report.summary(df):
        print(f"  {line}")
    return ExitCode.OK


def cmd_plugins(args: argparse.Namespace, registry: Any) -> int:
    """Every plugin with its version and what it provides, and for each runtime on each of its
    devices whether it can run on this machine, and if not, why."""
    device_reasons = {name: _why_not(device.check) for name, (device, _) in registry.devices.items()}
    failed = len(registry.failures)
    print(f"benchit {__version__}: {len(registry.plugins)} plugins" + (f", {failed} failed to load" if failed else ""))
    for info in registry.plugins:
        version = getattr(info.module, "__version__", info.version) if info.version == "local" else info.version
        print(f"\n{info.name} {version} ({info.source})")
        if info.error:
            print(f"    FAILED to load: {info.error}")
            continue
        lines = [
            f"    device {name}: {device.description}: {_state(device_reasons[name])}"
            for name, (device, plugin) in registry.devices.items()
            if plugin == info.name
        ]
        for name, (cls, plugin) in registry.runtimes.items():
            if plugin == info.name:
                lines.append(f"    runtime {name}: {cls.description}")
                lines += [f"        {line}" for line in _runtime_lines(registry, cls, device_reasons)]
        print("\n".join(lines) or "    (no runtimes or devices: options or other hooks only)")
    return ExitCode.OK


def _why_not(check: Any) -> str | None:
    """``None`` when ``check()`` passes, else the reason; a check that crashes is a reason too."""
    from benchit.errors import Unavailable

    try:
        check()
    except Unavailable as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - a plugin's broken check must not hide the others
        return f"its check raised {type(exc).__name__}: {exc}"
    return None


def _state(reason: str | None) -> str:
    return "available" if reason is None else f"unavailable ({reason})"


def _runtime_lines(registry: Any, cls: Any, device_reasons: dict[str, str | None]) -> list[str]:
    """One line for the devices the runtime can use here, one per device it cannot (with the
    runtime's reason), and one for its devices that are themselves unavailable here. The
    runtime is asked even where the device is missing: what else a GPU machine would need
    (a provider, a compiler) is worth knowing before moving there."""
    ready, lines, absent = [], [], []
    runtime = cls({})
    extra = [
        name for name, (device, _) in registry.devices.items() if name not in cls.devices and runtime.supports(device)
    ]
    for name in [*cls.devices, *extra]:
        if name not in registry.devices:
            lines.append(f"{name}: unavailable (no plugin provides device {name})")
            continue
        reason = _why_not(lambda name=name: runtime.check(registry.device(name)))
        if device_reasons[name] is None and reason is None:
            ready.append(name)
        elif device_reasons[name] is None:
            lines.append(f"{name}: {_state(reason)}")
        elif reason is None:
            absent.append(name)
        else:
            lines.append(f"{name}: unavailable (the device is not available here; {reason})")
    head = [f"{', '.join(ready)}: available"] if ready else []
    tail = [f"{', '.join(absent)}: unavailable (the device is not available here)"] if absent else []
    return head + lines + tail


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    signal.signal(signal.SIGTERM, _terminate)
    try:
        from benchit import plugins

        registry = plugins.load(_plugin_dirs(argv))
        for failure in registry.failures:
            print(f"benchit: warning: plugin {failure.name} failed to load: {failure.error}", file=sys.stderr)
        args = build_parser(registry).parse_args(argv)
        if args.command == "benchmark":
            return cmd_benchmark(args, registry)
        if args.command == "report":
            return cmd_report(args)
        if args.command == "plugins":
            return cmd_plugins(args, registry)
        if args.command == "cache":
            from benchit import cachecmd

            return cachecmd.run(args, getattr(args, "cache_dir", None) or default_cache_dir(), sys.stdout)
        build_parser(registry).print_help()
        return ExitCode.USAGE
    except BenchitError as exc:
        print(f"benchit: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("benchit: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        # The reader went away (benchit ... | head): not a bug; silence the flush at exit too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.FAILURES
    except Exception:  # noqa: BLE001 - a bug: show everything
        traceback.print_exc()
        print(
            f"benchit: internal error (a bug in benchit {__version__}); please report it with the traceback above",
            file=sys.stderr,
        )
        return ExitCode.INTERNAL


def _terminate(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt
