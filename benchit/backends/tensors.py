"""The one walk through a tree of tensors (lists, tuples, plain dicts) that moves, casts or nudges its leaves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import torch


def map_tensors(value: Any, fn: Callable[[torch.Tensor], Any], other: Callable[[Any], Any] | None = None) -> Any:
    """``value`` rebuilt with ``fn`` applied to each tensor in it, in order, through tuples (not
    named tuples: their fields are not positional inputs to rebuild), lists and plain dicts;
    any other leaf is given to ``other``, or kept as it is."""
    import torch

    if isinstance(value, torch.Tensor):
        return fn(value)
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(map_tensors(v, fn, other) for v in value)
    if isinstance(value, list):
        return [map_tensors(v, fn, other) for v in value]
    if type(value) is dict:
        return {k: map_tensors(v, fn, other) for k, v in value.items()}
    return other(value) if other is not None else value
