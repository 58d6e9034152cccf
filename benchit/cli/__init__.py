"""The ``benchit`` command line: one module per subcommand; here, the parser and the exit codes.

This is the only place where a ``BenchitError`` becomes a one-line message.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import traceback
from typing import TYPE_CHECKING, Any

from benchit import __version__
from benchit.cli.common import DEFAULT_CACHE, Parser, default_cache_dir, printable
from benchit.errors import BenchitError, ExitCode

if TYPE_CHECKING:
    from benchit.plugins import Registry

__all__ = ["build_parser", "default_cache_dir", "main"]


def build_parser(registry: Registry) -> Parser:
    from benchit.cli import benchmark, compare, history, publish, report, run
    from benchit.cli import cache as cachecmd
    from benchit.cli import corpora as corpora_cmd
    from benchit.cli import plugins as plugins_cmd

    parser = Parser(prog="benchit", description="Find the models in PyTorch scripts and benchmark them.")
    parser.add_argument("--version", action="version", version=f"benchit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    benchmark.add_parser(sub, registry)
    run.add_parser(sub, registry)
    report.add_parser(sub)
    compare.add_parser(sub)
    publish.add_parser(sub)
    history.add_parser(sub)
    plugins_cmd.add_parser(sub)
    corpora_cmd.add_parser(sub)
    cachecmd.add_parser(sub, f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}")
    return parser


def _history_command(argv: list[str]) -> int:
    """``benchit publish`` or ``benchit history`` (``argv[0]``): its own parser and module alone,
    no plugin loaded, no other subcommand imported (a tenth of a publication's start-up)."""
    import importlib

    module: Any = importlib.import_module(f"benchit.cli.{argv[0]}")
    parser = Parser(prog="benchit", description="Find the models in PyTorch scripts and benchmark them.")
    module.add_parser(parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser))
    return module.run(parser.parse_args(argv))


def _plugin_dirs(argv: list[str]) -> list[str]:
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--plugins-dir", action="append", default=[])
    known, _ = pre.parse_known_args(argv)
    return known.plugins_dir


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)  # the terminal closed: stop as cleanly as for SIGTERM
    try:
        if argv[:1] in (["publish"], ["history"]):
            # The history's commands use no plugin: loading them all (and the numpy or torch some
            # import) would be half of what ``benchit publish`` of a nightly scan takes.
            return _history_command(argv)
        from benchit import plugins
        from benchit.cli import benchmark, compare, history, publish, report, run
        from benchit.cli import cache as cachecmd
        from benchit.cli import corpora as corpora_cmd
        from benchit.cli import plugins as plugins_cmd

        registry = plugins.load(_plugin_dirs(argv))
        for failure in registry.failures:
            print(
                f"benchit: warning: plugin {printable(failure.name)} failed to load: {printable(failure.error)}",
                file=sys.stderr,
            )
        args = build_parser(registry).parse_args(argv)
        if args.command == "benchmark":
            return benchmark.run(args, registry)
        if args.command == "run":
            return run.run(args, registry)
        if args.command == "report":
            return report.run(args, registry)
        if args.command == "compare":
            return compare.run(args, registry)
        if args.command == "publish":
            return publish.run(args)
        if args.command == "history":
            return history.run(args)
        if args.command == "plugins":
            return plugins_cmd.run(args, registry)
        if args.command == "corpora":
            return corpora_cmd.run(args, registry)
        if args.command == "cache":
            return cachecmd.run(args, getattr(args, "cache_dir", None) or default_cache_dir(), sys.stdout)
        build_parser(registry).print_help()
        return ExitCode.USAGE
    except BenchitError as exc:
        print(f"benchit: error: {printable(exc)}", file=sys.stderr)
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
