"""What the subcommands share: the one-line-error parser, the default cache, argument types and options."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn

from benchit.config import DEFAULT_CACHE
from benchit.errors import ExitCode, UsageError
from benchit.text import parse_memory_size

DB_HELP = "the history: sqlite:///PATH, postgresql://USER@HOST/NAME or a file path (default $BENCHIT_DB or ~/.cache/benchit/history.db)"


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, exit code 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def default_cache_dir() -> Path:
    return Path(os.environ.get("BENCHIT_CACHE_DIR") or DEFAULT_CACHE).expanduser()


def positive(kind: type, name: str, allow_zero: bool = False, maximum: float = math.inf) -> Callable[[str], Any]:
    """The argparse type of option ``name``: a finite ``kind`` above 0 (or 0 with ``allow_zero``), at most ``maximum``."""

    def convert(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number, got {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{name} must be a finite number, got {text!r}")
        if value < 0 or (value == 0 and not allow_zero):
            least = "0 or more" if allow_zero else "greater than 0"
            raise argparse.ArgumentTypeError(f"{name} must be {least}, got {text!r}")
        if value > maximum:
            raise argparse.ArgumentTypeError(f"{name} must be at most {maximum:g}, got {text!r}")
        return value

    return convert


def whole_number(text: str) -> int:
    """A count above 0, written in digits (``history --baseline``, ``--chart-runs``)."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, got {text!r}")
    return int(text)


def memory_size(text: str) -> int:
    """``--memory-limit``'s argparse type (``benchit.text.parse_memory_size``)."""
    try:
        return parse_memory_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--memory-limit {exc}") from None


def name_list(text: str) -> list[str]:
    """Comma-separated names (``--device cpu,cuda``)."""
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated names like torch,ort, got {text!r}")
    return names


def tag(text: str) -> tuple[str, str]:
    """``--tag KEY=VALUE`` (``publish`` labels a run with it, ``history`` selects by it)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"--tag takes KEY=VALUE, got {text!r}")
    return key.strip(), value


def threshold(text: str) -> float:
    """``--threshold``: a percentage (``5`` or ``5%``) as a fraction."""
    try:
        value = float(text.strip().removesuffix("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--threshold takes a percentage like 5 or 5%, got {text!r}") from None
    if not 0 <= value < 1000:
        raise argparse.ArgumentTypeError(f"--threshold must be between 0 and 1000 (percent), got {text!r}")
    return value / 100.0


def add_verdict_options(parser: argparse.ArgumentParser, fail_on: Mapping[str, Any], metavar: str, help: str) -> None:
    """``--threshold`` and ``--fail-on`` (``compare`` and ``history``); ``fail_on`` maps each name
    ``--fail-on`` takes to the verdicts it gates on, ``help`` says what they are."""
    parser.add_argument(
        "--threshold", type=threshold, default=0.05, help="smallest change worth a verdict, in percent (default 5)"
    )

    def names(text: str) -> tuple[str, ...]:
        found = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
        if not found or any(n not in fail_on for n in found):
            raise argparse.ArgumentTypeError(
                f"--fail-on takes one or more of {', '.join(fail_on)} separated by commas, got {text!r}"
            )
        return found

    parser.add_argument("--fail-on", type=names, default=(), metavar=metavar, help=help)


def gate(chosen: tuple[str, ...], fail_on: Mapping[str, Iterable[Any]], verdicts: Iterable[Any]) -> int:
    """The exit code of ``--fail-on`` ``chosen``: failures (and a line saying how many) when any of
    ``verdicts`` is one that a chosen name of ``fail_on`` gates on."""
    gated = {verdict for name in chosen for verdict in fail_on[name]}
    flagged = sum(1 for verdict in verdicts if verdict in gated)
    if flagged:
        print(f"benchit: --fail-on {','.join(chosen)}: {flagged} flagged", file=sys.stderr)
        return ExitCode.FAILURES
    return ExitCode.OK
