"""Recording the top-level ``torch.nn.Module`` calls a script makes, with their inputs.

``Module.__call__`` is patched for the duration of the script: a call made while
no other module call is running is top-level. Nothing else is traced, so a
script runs at its own speed.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import torch

from benchit.model import Invocation


@dataclass
class Captured:
    """A live invocation: the model and a private copy of the inputs of its first call."""

    module: torch.nn.Module
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    invocation: Invocation
    calls: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    def record(self) -> Invocation:
        return replace(self.invocation, call_count=self.calls)


def describe(value: Any) -> Any:
    """A JSON-safe signature of a value: shapes and dtypes of tensors, values of scalars."""
    if isinstance(value, torch.Tensor):
        return {"shape": list(value.shape), "dtype": str(value.dtype).removeprefix("torch.")}
    if isinstance(value, (list, tuple)):
        return [describe(v) for v in value]
    if isinstance(value, dict):
        return {str(k): describe(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else repr(value)
    return {"object": f"{type(value).__module__}.{type(value).__qualname__}"}


def _short(signature: Any) -> str:
    if isinstance(signature, dict) and "shape" in signature:
        return f"{signature['dtype']}[{','.join(map(str, signature['shape']))}]"
    if isinstance(signature, dict) and "object" in signature:
        return signature["object"].rsplit(".", 1)[-1]
    if isinstance(signature, list):
        return "(" + ", ".join(_short(s) for s in signature) + ")"
    if isinstance(signature, dict):
        return "{" + ", ".join(f"{k}: {_short(v)}" for k, v in signature.items()) + "}"
    return repr(signature)


def _first_tensor(value: Any) -> torch.Tensor | None:
    if isinstance(value, torch.Tensor):
        return value
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    for item in items:
        found = _first_tensor(item)
        if found is not None:
            return found
    return None


def clone(value: Any) -> Any:
    """Copy tensors (recursively through lists, tuples and dicts) so later script code cannot change them."""
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(clone(v) for v in value)
    if isinstance(value, list):
        return [clone(v) for v in value]
    if type(value) is dict:
        return {k: clone(v) for k, v in value.items()}
    return value


def structure_hash(module: torch.nn.Module) -> str:
    """A digest of the model's architecture: class, printed structure, parameter and buffer shapes."""
    digest = hashlib.sha1(f"{type(module).__module__}.{type(module).__qualname__}".encode())
    digest.update(repr(module).encode())
    for name, tensor in list(module.named_parameters()) + list(module.named_buffers()):
        digest.update(f"{name}:{tuple(tensor.shape)}:{tensor.dtype};".encode())
    return digest.hexdigest()


def _arg_names(module: torch.nn.Module, count: int) -> list[str]:
    try:
        params = list(inspect.signature(module.forward).parameters.values())
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return [names[i] if i < len(names) else f"arg{i}" for i in range(count)]


class Capture:
    """Patch ``Module.__call__`` so top-level calls are recorded; a context manager."""

    def __init__(self, script: Path | None = None, on_new: Callable[[Captured], None] | None = None):
        self.script = str(script) if script else None
        self.on_new = on_new
        self.captured: dict[str, Captured] = {}
        self._structure: dict[int, tuple[torch.nn.Module, str, int]] = {}
        self._local = threading.local()
        self._original: Callable[..., Any] | None = None

    def __enter__(self) -> Capture:
        original = self._original = torch.nn.Module.__call__
        capture = self

        def __call__(module: torch.nn.Module, *args: Any, **kwargs: Any) -> Any:
            local = capture._local
            if getattr(local, "depth", 0):
                return original(module, *args, **kwargs)
            local.depth = 1
            try:
                result = original(module, *args, **kwargs)
            finally:
                local.depth = 0
            capture._record(module, args, kwargs, sys._getframe(1))
            return result

        torch.nn.Module.__call__ = __call__  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        torch.nn.Module.__call__ = self._original  # type: ignore[method-assign]

    def _call_site(self, frame: Any) -> str:
        caller = frame
        while frame is not None and self.script and frame.f_code.co_filename != self.script:
            frame = frame.f_back
        frame = frame or caller
        return f"{frame.f_code.co_filename}:{frame.f_lineno}"

    def _record(self, module: torch.nn.Module, args: tuple, kwargs: dict, frame: Any) -> None:
        known = self._structure.get(id(module))
        if known is None or known[0] is not module:
            params = sum(p.numel() for p in module.parameters())
            known = self._structure[id(module)] = (module, structure_hash(module), params)
        names = _arg_names(module, len(args))
        signature = {"args": describe(list(args)), "kwargs": describe(kwargs)}
        key = hashlib.sha1((known[1] + json.dumps(signature, sort_keys=True)).encode()).hexdigest()[:8]
        if key in self.captured:
            self.captured[key].calls += 1
            return
        first = _first_tensor((args, kwargs))
        shapes = [f"{n}: {_short(s)}" for n, s in zip(names, signature["args"], strict=False)]
        shapes += [f"{n}: {_short(s)}" for n, s in signature["kwargs"].items()]
        invocation = Invocation(
            hash=key,
            model_class=type(module).__qualname__,
            params=known[2],
            signature=signature,
            input_shapes=", ".join(shapes),
            batch_size=int(first.shape[0]) if first is not None and first.dim() > 0 else 1,
            call_site=self._call_site(frame),
        )
        captured = Captured(module, clone(args), clone(kwargs), invocation)
        self.captured[key] = captured
        if self.on_new:
            self.on_new(captured)
