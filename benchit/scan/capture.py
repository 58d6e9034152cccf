"""Recording the top-level ``torch.nn.Module`` calls a script makes, with their inputs.

``Module.__call__`` is patched for the duration of the script: a call made while
no other module call is running is top-level (``--max-depth N`` also records the
calls nested up to N deep inside one). Nothing else is traced, so a script runs
at its own speed.

Calls made while a model is being *built* are not uses of a model and are not
recorded: calls made inside a module's ``__init__`` (a dummy forward to find a
layer's size, weight-norm parametrizations read while initialising) or inside a
torchvision model builder (the SSD builders probe their backbone; the quantized
builders calibrate the model and call one observer per layer).

A Hugging Face ``generate()`` call (``GenerationMixin.generate``, patched too while
transformers is loaded) is one invocation, not one per decode step: its tensors are
the inputs of a forward call over the prompt (what ``eval`` and ``train`` time; an
encoder-decoder's gets the decoder's start token), and what else it was given is
kept in ``Captured.extra[GENERATE]`` for ``--mode generate``.
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

from benchit.keys import CAPTURED_GENERATE, CAPTURED_GENERATE_ADDED
from benchit.records import Invocation
from benchit.scan.building import Building

GENERATE, GENERATE_ADDED = CAPTURED_GENERATE, CAPTURED_GENERATE_ADDED


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


def _batch_size(args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
    """The first dimension of the first tensor input, or the length of a leading list of tensors
    (torchvision's detection models take a list of 3-D images)."""
    first = args[0] if args else next(iter(kwargs.values()), None)
    if isinstance(first, list) and first and all(isinstance(v, torch.Tensor) for v in first):
        return len(first)
    tensor = _first_tensor((args, kwargs))
    return int(tensor.shape[0]) if tensor is not None and tensor.dim() > 0 else 1


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


def count_params(module: torch.nn.Module) -> int:
    """The model's parameter count; for a quantized model, whose int8 weights are not
    ``Parameter``s, the elements of the weights and biases in its state dict (packed ones too)."""
    count = sum(p.numel() for p in module.parameters())
    if count:
        return count

    def numel(value: Any) -> int:
        if isinstance(value, torch.Tensor):
            return value.numel()
        return sum(numel(v) for v in value) if isinstance(value, (list, tuple)) else 0

    try:
        state = module.state_dict()
    except Exception:  # noqa: BLE001 - a model whose state dict fails just reports no parameters
        return 0
    return sum(numel(v) for k, v in state.items() if k.endswith(("weight", "bias", "_packed_params")))


def _arg_names(module: torch.nn.Module, count: int) -> list[str]:
    try:
        params = list(inspect.signature(module.forward).parameters.values())
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return [names[i] if i < len(names) else f"arg{i}" for i in range(count)]


class Capture:
    """Patch ``Module.__call__`` so top-level calls are recorded; a context manager.

    With ``max_depth`` N > 0, calls of submodules nested up to N module calls below a
    top-level call are recorded too, each with its path in the top-level model
    (``encoder.layer.0``) and the hash of the invocation that called it.
    """

    def __init__(
        self,
        script: Path | None = None,
        on_new: Callable[[Captured], None] | None = None,
        max_depth: int = 0,
    ):
        self.script = str(script) if script else None
        self.on_new = on_new
        self.max_depth = max_depth
        self.captured: dict[str, Captured] = {}
        self._structure: dict[int, tuple[torch.nn.Module, str, int]] = {}
        self._paths: dict[int, tuple[torch.nn.Module, dict[int, str]]] = {}
        self._local = threading.local()
        self._original: Callable[..., Any] | None = None
        self._building = Building()
        self._original_generate: Callable[..., Any] | None = None

    def __enter__(self) -> Capture:
        original = self._original = torch.nn.Module.__call__
        capture = self

        def __call__(module: torch.nn.Module, *args: Any, **kwargs: Any) -> Any:
            # The stack holds one entry per recorded call in progress: (key, path, root), or
            # None below a call that is not recorded (made while a model is being built).
            stack = capture._local.__dict__.setdefault("stack", [])
            if len(stack) > capture.max_depth or (stack and stack[-1] is None):
                return original(module, *args, **kwargs)
            entry = capture._enter(module, args, kwargs, stack)
            stack.append(entry)
            try:
                result = original(module, *args, **kwargs)
            finally:
                stack.pop()
            if entry is not None:
                capture._record(module, args, kwargs, entry, stack)
            return result

        torch.nn.Module.__call__ = __call__  # type: ignore[method-assign]  # the capture patches torch's call
        self._patch_generate()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._original is not None:  # what __enter__ replaced
            torch.nn.Module.__call__ = self._original  # type: ignore[method-assign]  # restoring torch's own call
        mixin = _generation_mixin()
        if mixin is not None and self._original_generate is not None:
            mixin.generate = self._original_generate
            self._original_generate = None

    def _patch_generate(self) -> None:
        """Record a top-level ``generate()`` call as one invocation (its decode steps' forward
        calls are not recorded). Only where transformers is already loaded: the warm worker
        preloads it for the scripts that import it, so a script's own import comes too late to matter."""
        mixin = _generation_mixin()
        if mixin is None or self._original_generate is not None:
            return
        original = self._original_generate = mixin.generate
        capture = self

        def generate(module: Any, *args: Any, **kwargs: Any) -> Any:
            stack = capture._local.__dict__.setdefault("stack", [])
            if stack or capture._building(sys._getframe(1)):
                return original(module, *args, **kwargs)
            forward_kwargs, options, added = _generate_inputs(module, args, kwargs)
            stack.append(None)  # the forward calls generate() makes are its own, not the script's
            try:
                result = original(module, *args, **kwargs)
            finally:
                stack.pop()
            described = {k: describe(v) for k, v in options.items()}
            key = capture._key(module, (), {**forward_kwargs, GENERATE: described})
            capture._record(module, (), forward_kwargs, (key, "", module), stack, described)
            found = capture.captured[key]
            found.extra.setdefault(GENERATE, options)
            found.extra.setdefault(GENERATE_ADDED, added)
            return result

        mixin.generate = generate

    def _call_site(self, frame: Any) -> str:
        caller = frame
        while frame is not None and self.script and frame.f_code.co_filename != self.script:
            frame = frame.f_back
        frame = frame or caller
        return f"{frame.f_code.co_filename}:{frame.f_lineno}"

    def _enter(self, module: torch.nn.Module, args: tuple, kwargs: dict, stack: list[Any]) -> Any:
        """The stack entry of a call about to run: None for a top-level call made while a model
        is built; else (invocation key, module path, the top-level module)."""
        if not stack:
            if self._building(sys._getframe(2)):
                return None
            return (self._key(module, args, kwargs), "", module)
        root = stack[0][2]
        return (self._key(module, args, kwargs), self._path(root, module), root)

    def _path(self, root: torch.nn.Module, module: torch.nn.Module) -> str:
        known = self._paths.get(id(root))
        if known is None or known[0] is not root:
            known = self._paths[id(root)] = (root, {id(m): name for name, m in root.named_modules()})
        return known[1].get(id(module)) or f"<{type(module).__qualname__} not an attribute>"

    def _key(self, module: torch.nn.Module, args: tuple, kwargs: dict) -> str:
        known = self._structure.get(id(module))
        if known is None or known[0] is not module:
            known = self._structure[id(module)] = (module, structure_hash(module), count_params(module))
        signature = {"args": describe(list(args)), "kwargs": describe(kwargs)}
        return hashlib.sha1((known[1] + json.dumps(signature, sort_keys=True)).encode()).hexdigest()[:8]

    def _record(
        self,
        module: torch.nn.Module,
        args: tuple,
        kwargs: dict,
        entry: Any,
        stack: list[Any],
        generate: dict[str, Any] | None = None,
    ) -> None:
        key, path, _ = entry
        if key in self.captured:
            self.captured[key].calls += 1
            return
        names = _arg_names(module, len(args))
        signature: dict[str, Any] = {"args": describe(list(args)), "kwargs": describe(kwargs)}
        shapes = [f"{n}: {_short(s)}" for n, s in zip(names, signature["args"], strict=False)]
        shapes += [f"{n}: {_short(s)}" for n, s in signature["kwargs"].items()]
        if generate is not None:  # a generate() call: its own arguments beside the prompt's tensors
            signature[GENERATE] = generate
            shapes.append("generate(" + ", ".join(f"{k}={_short(v)}" for k, v in generate.items()) + ")")
        invocation = Invocation(
            hash=key,
            model_class=type(module).__qualname__,
            params=self._structure[id(module)][2],
            signature=signature,
            input_shapes=", ".join(shapes),
            batch_size=_batch_size(args, kwargs),
            call_site=self._call_site(sys._getframe(2)),
            module_path=path,
            parent=stack[-1][0] if stack else "",
        )
        captured = Captured(module, clone(args), clone(kwargs), invocation)
        self.captured[key] = captured
        if self.on_new:
            self.on_new(captured)


def _generation_mixin() -> Any:
    """transformers' ``GenerationMixin``, if transformers has loaded it (never imported here)."""
    utils = sys.modules.get("transformers.generation.utils")
    return getattr(utils, "GenerationMixin", None)


def _generate_inputs(module: Any, args: tuple, kwargs: dict) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """A ``generate()`` call's arguments split: the tensors, as a forward call over the prompt takes
    them (copied; the positional ``inputs`` named as the model's main input; an encoder-decoder's
    decoder start token added, so that the forward runs), the other arguments, and the names added."""
    tensors: dict[str, Any] = {}
    options: dict[str, Any] = {}
    given = dict(zip(("inputs",), args, strict=False)) | kwargs
    for name, value in given.items():
        if name == "inputs" and isinstance(value, torch.Tensor):
            name = getattr(module, "main_input_name", "input_ids")
        (tensors if isinstance(value, torch.Tensor) else options)[name] = value
    added = []
    config = getattr(module, "config", None)
    if getattr(config, "is_encoder_decoder", False) and "decoder_input_ids" not in tensors:
        start = getattr(getattr(module, "generation_config", None), "decoder_start_token_id", None)
        start = start if isinstance(start, int) else getattr(config, "decoder_start_token_id", None) or 0
        batch = _batch_size((), tensors)
        first = next(iter(tensors.values()), None)
        device = first.device if isinstance(first, torch.Tensor) else None
        tensors["decoder_input_ids"] = torch.full((batch, 1), int(start), dtype=torch.long, device=device)
        added.append("decoder_input_ids")
    return clone(tensors), options, added
