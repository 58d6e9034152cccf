"""ONNX files given on the command line: their declared inputs read, and inputs generated from them.

No script runs and nothing is captured: the file is one invocation (model class ``ONNX``), measured
by ``benchit.execute.onnxjob``. Symbolic dimensions take the standard script parameters
(``--script-args``), as MLAgility did.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from benchit import parser as benchit_parser
from benchit.records import Invocation

# Symbolic dimension names -> the standard parameter that sizes them; the first match wins,
# so the more specific names (audio before sequence) come first.
DIM_RULES: tuple[tuple[str, str], ...] = (
    (r"batch|^n$|^b$|^bs$", "batch_size"),
    (r"audio|samples", "max_audio_seq_length"),
    (r"seq|length|^len|token|^t$|^s$|position", "max_seq_length"),
    (r"height|^h$", "height"),
    (r"width|^w$", "width"),
    (r"channel|^c$", "num_channels"),
)
# ONNX TensorProto element types -> numpy dtypes of the inputs generated for them.
ELEMENT_TYPES = {
    1: np.float32,
    2: np.uint8,
    3: np.int8,
    5: np.int16,
    6: np.int32,
    7: np.int64,
    9: np.bool_,
    10: np.float16,
    11: np.float64,
    12: np.uint32,
    13: np.uint64,
}


@dataclass
class OnnxModel:
    """What benchit needs from an ONNX file: its inputs as (name, dtype, dims) and its parameter count."""

    path: Path
    inputs: list[tuple[str, Any, list[int | str]]]
    params: int
    opset: int | None = None
    resolved: dict[str, int] = field(default_factory=dict)  # symbolic dimension -> value used


def read(path: Path) -> OnnxModel:
    """Read the graph's declared inputs (initializers listed as inputs are weights, not inputs)."""
    import onnx

    model = onnx.load(str(path), load_external_data=False)
    weights = {tensor.name for tensor in model.graph.initializer}
    inputs = []
    for value in model.graph.input:
        if value.name in weights:
            continue
        tensor = value.type.tensor_type
        if not value.type.HasField("tensor_type") or tensor.elem_type not in ELEMENT_TYPES:
            raise ValueError(f"input {value.name!r} is not a tensor of a type benchit can generate")
        dims: list[int | str] = [d.dim_value if d.dim_value > 0 else (d.dim_param or "?") for d in tensor.shape.dim]
        inputs.append((value.name, ELEMENT_TYPES[tensor.elem_type], dims))
    params = sum(int(np.prod(t.dims)) for t in model.graph.initializer)
    opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), None)
    return OnnxModel(path, inputs, params, opset)


def dimension(name: str, position: int, rank: int, params: dict[str, Any]) -> tuple[int, str]:
    """The size of a symbolic dimension and the parameter it came from: by name first, then by
    place (the first dimension is the batch; the second of a 2-D input is a sequence)."""
    lowered = name.lower()
    for pattern, param in DIM_RULES:
        if re.search(pattern, lowered):
            return int(params[param]), param
    if position == 0:
        return int(params["batch_size"]), "batch_size"
    if position == 1 and rank == 2:
        return int(params["max_seq_length"]), "max_seq_length"
    return 1, "1"


def generate(model: OnnxModel, script_args: tuple[str, ...] | list[str], seed: int = 0) -> dict[str, np.ndarray]:
    """One array per input, sized by ``script_args`` (``--batch_size 8 ...``) where dimensions are symbolic."""
    names = list(benchit_parser.STANDARD_PARAMS)
    params = dict(zip(names, benchit_parser.parse(names, list(script_args)), strict=True))
    rng = np.random.default_rng(seed)
    arrays = {}
    for name, dtype, dims in model.inputs:
        shape = []
        for position, dim in enumerate(dims):
            if isinstance(dim, str):
                value, _ = dimension(dim, position, len(dims), params)
                model.resolved[dim] = value
                shape.append(value)
            else:
                shape.append(dim)
        arrays[name] = _values(name, dtype, shape, rng)
    return arrays


def _values(name: str, dtype: Any, shape: list[int], rng: np.random.Generator) -> np.ndarray:
    """Random values of the kind a real input carries: masks are ones, ids are small integers
    (valid in any vocabulary), token types zeros, floats standard normal."""
    lowered = name.lower()
    if np.issubdtype(dtype, np.floating):
        return rng.standard_normal(shape).astype(dtype)
    if "mask" in lowered:
        return np.ones(shape, dtype=dtype)
    if dtype is np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    if "type" in lowered:
        return np.zeros(shape, dtype=dtype)
    if "position" in lowered and shape:
        return np.broadcast_to(np.arange(shape[-1]), shape).astype(dtype)
    return rng.integers(0, 10, shape).astype(dtype)


def invocation(model: OnnxModel, arrays: dict[str, np.ndarray], digest: str) -> Invocation:
    """The invocation record of an ONNX file: its content and the generated input signature."""
    inputs = {name: {"shape": list(a.shape), "dtype": str(a.dtype)} for name, a in arrays.items()}
    signature = {"args": [], "kwargs": inputs, "symbolic_dims": model.resolved}
    key = hashlib.sha1((digest + json.dumps(signature, sort_keys=True)).encode()).hexdigest()[:8]
    first = next(iter(arrays.values()), None)
    return Invocation(
        hash=key,
        model_class="ONNX",
        params=model.params,
        signature=signature,
        input_shapes=", ".join(f"{n}: {s['dtype']}[{','.join(map(str, s['shape']))}]" for n, s in inputs.items()),
        batch_size=int(first.shape[0]) if first is not None and first.ndim > 0 else 1,
        call_site=str(model.path),
    )
