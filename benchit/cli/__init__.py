"""The ``benchit`` command line: one module per subcommand; here, the parser and the exit codes.

This is the only place where a ``BenchitError`` becomes a one-line message.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import traceback
from typing import TYPE_CHECKING, Any

from benchit import __version__
from benchit.cli.common import Parser
from benchit.errors import BenchitError, ExitCode
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.plugins import Registry

__all__ = ["COMMANDS", "build_parser", "main"]

# The subcommands, in the order ``benchit --help`` lists them: each is the module ``benchit.cli.<name>``,
# with ``add_parser(sub, registry)`` and ``run(args, registry) -> exit code``.
COMMANDS = (
    "benchmark",
    "run",
    "report",
    "compare",
    "triage",
    "repro",
    "publish",
    "history",
    "calibrate",
    "plugins",
    "corpora",
    "cache",
)
# The history's commands use no plugin: loading them all (and the numpy or torch some import) would be
# half of what ``benchit publish`` of a nightly scan takes. They get no registry and import no other subcommand.
# Nor does ``triage`` use one (it reads a cache's failures): loading them was a quarter of its time on 10,000 results.
WITHOUT_PLUGINS = frozenset({"publish", "history", "calibrate", "triage"})


def _command(name: str) -> Any:
    return importlib.import_module(f"benchit.cli.{name}")


def build_parser(registry: Registry | None, commands: tuple[str, ...] = COMMANDS) -> Parser:
    """The parser of ``commands`` (all of them by default)."""
    parser = Parser(prog="benchit", description="Find the models in PyTorch scripts and benchmark them.")
    parser.add_argument("--version", action="version", version=f"benchit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in commands:
        _command(name).add_parser(sub, registry)
    return parser


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
        if argv[:1] and argv[0] in WITHOUT_PLUGINS:
            registry, parser = None, build_parser(None, (argv[0],))
        else:
            from benchit import plugins

            registry = plugins.load(_plugin_dirs(argv))
            for failure in registry.failures:
                print(
                    f"benchit: warning: plugin {printable(failure.name)} failed to load: {printable(failure.error)}",
                    file=sys.stderr,
                )
            parser = build_parser(registry)
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return ExitCode.USAGE
        code: int = _command(args.command).run(args, registry)
        return code
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
