"""The standard script parameters and ``parse()``, compatible with MLAgility and TurnkeyML."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn


def _bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"not a boolean: {text!r}")


_bool.__name__ = "bool"


@dataclass(frozen=True)
class Param:
    """One standard parameter: its name, default and type."""

    name: str
    default: Any
    type: Callable[[str], Any]
    help: str


STANDARD_PARAMS: dict[str, Param] = {
    p.name: p
    for p in (
        Param("batch_size", 1, int, "batch size of the model's inputs"),
        Param("max_seq_length", 128, int, "input sequence length for text models"),
        Param("max_new_tokens", 32, int, "generative models: new tokens per generate() call"),
        Param("max_audio_seq_length", 25600, int, "input length for audio models"),
        Param("height", 224, int, "input image height"),
        Param("width", 224, int, "input image width"),
        Param("num_channels", 3, int, "input image channels"),
        Param("k", 8, int, "graph networks: neighbours / hops"),
        Param("alpha", 2.2, float, "graph networks: alpha"),
        Param("out_channels", 16, int, "graph networks: output channels"),
        Param("num_layers", 8, int, "graph networks: layers"),
        Param("in_channels", 1433, int, "graph networks: input features per node"),
        # TurnkeyML additions
        Param("pretrained", False, _bool, "TurnkeyML: load pretrained weights (ignored offline)"),
        Param("model_path", None, str, "TurnkeyML: path to local model files"),
        Param("kvcache", False, _bool, "TurnkeyML: use a key/value cache"),
    )
}


class UnknownParameter(ValueError):
    """``parse()`` was asked for a parameter that is not standard."""


class _RaisingParser(argparse.ArgumentParser):
    """Raises ``ValueError`` where ``ArgumentParser`` would print the usage and exit."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _argparser(
    names: list[str], cls: type[argparse.ArgumentParser] = argparse.ArgumentParser
) -> argparse.ArgumentParser:
    parser = cls(add_help=False, allow_abbrev=False)
    for name in names:
        param = STANDARD_PARAMS[name]
        parser.add_argument(f"--{name}", type=param.type, default=param.default, help=param.help)
    return parser


def check_script_args(argv: list[str]) -> None:
    """Raise ``ValueError`` when a standard parameter in ``argv`` has a value of the wrong type."""
    _argparser(list(STANDARD_PARAMS), _RaisingParser).parse_known_args(argv)


def parse(names: list[str], argv: list[str] | None = None) -> list[Any]:
    """Return the values of the standard parameters ``names``, in order.

    Values come from ``argv`` (default ``sys.argv[1:]``: the script's own command
    line, which benchit sets from ``--script-args``); parameters not given take
    their defaults. Arguments that are not standard parameters are left to the script.
    """
    if isinstance(names, str):
        names = [names]
    unknown = [name for name in names if name not in STANDARD_PARAMS]
    if unknown:
        raise UnknownParameter(
            f"unknown parameter {unknown[0]!r} in parse(); standard parameters are: {', '.join(STANDARD_PARAMS)}"
        )
    args, _ = _argparser(list(names)).parse_known_args(sys.argv[1:] if argv is None else argv)
    return [getattr(args, name) for name in names]
