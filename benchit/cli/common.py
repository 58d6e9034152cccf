"""What every subcommand shares: the one-line-error parser, the default cache and argument types."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import Any, NoReturn

from benchit.config import DEFAULT_CACHE
from benchit.errors import UsageError
from benchit.text import parse_memory_size
from benchit.text import printable as printable  # the subcommands' import; it lives in benchit.text


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, exit code 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def default_cache_dir() -> Path:
    return Path(os.environ.get("BENCHIT_CACHE_DIR") or DEFAULT_CACHE).expanduser()


def _positive(kind: type, name: str, allow_zero: bool = False, maximum: float = math.inf) -> Any:
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


def _size(text: str) -> int:
    """``--memory-limit``'s argparse type (``benchit.text.parse_memory_size``)."""
    try:
        return parse_memory_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--memory-limit {exc}") from None


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated names like torch,ort, got {text!r}")
    return names
