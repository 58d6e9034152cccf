"""The built-in runtimes (one module each: torch, compile, onnxruntime) and what they share; the contract is ``benchit.contracts.Runtime``."""

from __future__ import annotations

import contextlib
from typing import Any

from benchit.backends.tensors import map_tensors

__all__ = ["to_device"]


def to_device(value: Any, device: str) -> Any:
    """Move tensors (recursively through lists, tuples and dicts), and other objects with a
    ``to`` method that accepts it (a ``BatchEncoding``), to ``device``."""

    def move(other: Any) -> Any:
        if hasattr(other, "to") and callable(other.to) and not isinstance(other, type):
            with contextlib.suppress(Exception):
                return other.to(device)
        return other

    return map_tensors(value, lambda tensor: tensor.to(device), move)
