"""What every subcommand shares: the one-line-error parser, the default cache and argument types."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, NoReturn

from benchit.errors import UsageError

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


def printable(text: object) -> str:
    """``text`` safe to print on a terminal: control characters and escape sequences (which a
    script controls, through its names and error messages) shown as ``\\x1b``-style escapes."""
    return "".join(
        ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii") for ch in str(text)
    )
