"""What every subcommand shares: the one-line-error parser, the default cache and argument types."""

from __future__ import annotations

import argparse
import math
import os
import re
from pathlib import Path
from typing import Any, NoReturn

from benchit.config import DEFAULT_CACHE
from benchit.errors import UsageError

MIN_MEMORY_LIMIT = 2**20
# C0 and C1 controls (ESC, BEL, CR, backspace, CSI...), DEL, and the bidirectional overrides
# that make a terminal show text in another order than it is.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: object, newlines: bool = False) -> str:
    """``text`` safe for a terminal: each control character shown as its escape (ESC as ``\\x1b``),
    so script-controlled text cannot move the cursor, set the clipboard or clear the screen.
    Newlines are kept only when ``newlines`` (the caller prints several lines on purpose)."""

    def visible(match: re.Match[str]) -> str:
        char = match.group()
        if newlines and char == "\n":
            return char
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _CONTROL.sub(visible, str(text))


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, exit code 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


class PluginOptions:
    """The parser a plugin's ``benchit_addoption`` is given: the subcommand's own, every ``add_argument``
    passed through and its option's default kept by dest, so that benchit knows the plugins' options
    (they reach ``Config.options``) without reading argparse's private lists. With ``overrides``
    (``benchit run``, whose options override a suite) an option not given leaves no value at all."""

    def __init__(self, container: Any, overrides: bool = False, defaults: dict[str, Any] | None = None) -> None:
        self._container = container
        self._overrides = overrides
        self.defaults: dict[str, Any] = {} if defaults is None else defaults

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = self._container.add_argument(*args, **kwargs)
        self.defaults[action.dest] = action.default
        if self._overrides:
            action.default = argparse.SUPPRESS
        return action

    def add_argument_group(self, *args: Any, **kwargs: Any) -> PluginOptions:
        return PluginOptions(self._container.add_argument_group(*args, **kwargs), self._overrides, self.defaults)

    def add_mutually_exclusive_group(self, *args: Any, **kwargs: Any) -> PluginOptions:
        group = self._container.add_mutually_exclusive_group(*args, **kwargs)
        return PluginOptions(group, self._overrides, self.defaults)

    def __getattr__(self, name: str) -> Any:  # the rest of argparse's parser, unchanged
        return getattr(self._container, name)


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
    if not math.isfinite(value) or value * units[unit] < MIN_MEMORY_LIMIT:
        raise argparse.ArgumentTypeError(
            f"--memory-limit must be a size of at least 1M (a script needs more to start), got {text!r}"
        )
    return int(value * units[unit])


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated names like torch,ort, got {text!r}")
    return names
