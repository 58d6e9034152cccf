"""A captured call's tensors named the way exporters name graph inputs, and matched to a graph's input names."""

from __future__ import annotations

from typing import Any


def named_inputs(model: Any, args: tuple, kwargs: dict) -> dict[str, Any]:
    """The tensors of ``model(*args, **kwargs)``, flattened in call order and named the way
    ``torch.onnx.export`` and OpenVINO's PyTorch frontend name graph inputs: the forward
    parameter's name, then ``_<index>`` or ``_<key>`` per level of nesting (``pair_0``,
    ``config_scale``); anything that is not a tensor (``None``, flags) is left out."""
    import inspect

    import torch

    try:
        params = list(inspect.signature(model.forward).parameters)
    except (TypeError, ValueError):
        params = []
    named: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, torch.Tensor):
            named[prefix] = value
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                walk(f"{prefix}_{index}", item)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(f"{prefix}_{key}", item)

    for index, value in enumerate(args):
        walk(params[index] if index < len(params) else f"arg{index}", value)
    for key, value in kwargs.items():
        walk(key, value)
    return named


def match_inputs(names: list[str], inputs: dict[str, Any]) -> dict[str, Any]:
    """``inputs`` (from ``named_inputs``) keyed by a graph's input ``names``: by name when every
    name is known, else in order (exporters keep the order of the call's tensors); ``ValueError``
    when the call has fewer tensors than the graph takes."""
    if all(name in inputs for name in names):
        return {name: inputs[name] for name in names}
    values = list(inputs.values())
    if len(values) < len(names):
        raise ValueError(f"the graph takes {len(names)} inputs ({', '.join(names)}), the call has {len(values)}")
    return dict(zip(names, values, strict=False))
