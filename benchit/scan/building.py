"""Whether a module call belongs to building a model rather than to a use of one.

A call made inside a module's ``__init__`` (a dummy forward to find a layer's size) or inside a
torchvision model builder (the quantized builders calibrate the model; the SSD builders probe
their backbone) builds the model. The scan's capture (``capture.py``) records no such call, and
``benchit repro`` copies this file beside ``repro.py``, which finds the failed model by the same
rule: it needs torch and the standard library only.
"""

from __future__ import annotations

import sys
from typing import Any

import torch


def builder_codes() -> frozenset[Any]:
    """The code objects of the model builders torchvision registers (with their wrappers), if
    torchvision is loaded: calls made while one runs belong to building the model."""
    models = sys.modules.get("torchvision.models")
    if models is None or not hasattr(models, "list_models"):
        return frozenset()
    codes = set()
    for name in models.list_models():
        fn: Any = models.get_model_builder(name)
        while fn is not None:
            if hasattr(fn, "__code__"):
                codes.add(fn.__code__)
            fn = getattr(fn, "__wrapped__", None)
    return frozenset(codes)


def building(frame: Any, builders: frozenset[Any]) -> bool:
    """Whether ``frame`` or one of its callers is a module's ``__init__`` or a model builder."""
    while frame is not None:
        code = frame.f_code
        if code in builders:
            return True
        if code.co_name == "__init__" and code.co_argcount:
            if isinstance(frame.f_locals.get(code.co_varnames[0]), torch.nn.Module):
                return True
        frame = frame.f_back
    return False


class Building:
    """``building`` with torchvision's builders, looked up once torchvision's models are imported
    (a script imports them after the capture has started)."""

    def __init__(self) -> None:
        self._builders: frozenset[Any] | None = None

    def __call__(self, frame: Any) -> bool:
        if self._builders is None and "torchvision.models" in sys.modules:
            self._builders = builder_codes()
        return building(frame, self._builders or frozenset())
