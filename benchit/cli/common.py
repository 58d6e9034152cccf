"""What every subcommand shares: the one-line-error parser, the default cache and argument types."""

from __future__ import annotations

import argparse
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
