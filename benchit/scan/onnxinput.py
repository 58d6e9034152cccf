"""ONNX files given on the command line: inputs generated from declared shapes, then benchmarked.

No script runs and nothing is captured: the file is one invocation (model class ``ONNX``).
Symbolic dimensions take the standard script parameters (``--script-args``), as MLAgility did.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from benchit import parser as benchit_parser
from benchit.backends.devices import Device
from benchit.backends.runtimes import Prepared, Runtime
from benchit.config import Config
from benchit.errors import Unavailable
from benchit.measure.bench import benchmark, error_text
from benchit.records import Invocation, Result, Script
from benchit.store.cache import file_digest, key_build_name

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


class FilePlacement:
    """What ``bench.benchmark`` needs of a placement, for a file: no torch model, no reference."""

    def __init__(self, record: Invocation, device: Device):
        self.device = device
        self.item = _Item(record)

    def inputs(self) -> tuple[Any, tuple, dict]:
        return None, (), {}

    def reference(self) -> list[Any]:
        raise RuntimeError("an ONNX file has no eager torch reference")

    def release(self) -> None:
        pass


@dataclass
class _Item:
    invocation: Invocation


class FileRuntime(Runtime):
    """Presents a runtime's ``prepare_onnx`` to ``bench.benchmark`` as an ordinary ``prepare``."""

    # No eager torch reference exists for a file, so no parity check (``eager`` skips it).
    eager = True

    def __init__(self, inner: Runtime, path: Path, arrays: dict[str, np.ndarray]):
        super().__init__(inner.options)
        self.inner, self.path, self.arrays = inner, path, arrays
        self.name = inner.name  # type: ignore[misc] - results carry the real runtime's name

    def check(self, device: Device) -> None:
        if type(self.inner).prepare_onnx is Runtime.prepare_onnx:
            raise Unavailable(f"runtime {self.inner.name} needs a PyTorch script; {self.path.name} is an ONNX file")
        self.inner.check(device)

    def versions(self) -> dict[str, str]:
        return self.inner.versions()

    def context(self) -> Any:
        return self.inner.context()

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Device, artifacts: Path) -> Prepared:
        return self.inner.prepare_onnx(self.path, self.arrays, device, artifacts)


def run(
    script: Script, key: str, config: Config, registry: Any, done: dict[str, list[str]], artifacts: Any, send: Any
) -> None:
    """The worker's job for an ONNX file: one invocation message, then one result per device x
    runtime (``artifacts`` is the worker's ``Artifacts``; ``send`` takes protocol messages)."""
    from benchit.execute.protocol import InvocationFound, ResultReady, ScriptError
    from benchit.measure.precision import pair

    try:
        model = read(script.path)
        arrays = generate(model, script.script_args or config.script_args)
        record = invocation(model, arrays, file_digest(script.path))
    except Exception as exc:  # noqa: BLE001 - an unreadable file is the script's failure
        send(ScriptError(type(exc).__name__, str(exc)[:2000], error_text(exc)))
        return
    if script.hashes and not record.hash.startswith(script.hashes):
        return
    name = key_build_name(key, record.hash)
    send(InvocationFound(name, record))
    if config.analyze_only:
        return
    options = {**config.options, "rebuild": config.rebuild}
    for device_name in config.devices:
        placement = FilePlacement(record, registry.device(device_name))
        for runtime_name in config.runtimes:
            if f"{device_name}-{runtime_name}" in done.get(name, []):
                continue
            runtime = FileRuntime(registry.runtime(runtime_name, options), script.path, arrays)
            folder = artifacts.folder(name)
            result = benchmark(placement, runtime, config, folder)  # type: ignore[arg-type] - duck-typed placement
            result = replace(result, eager=False)  # ``eager`` above only skips parity: a file has no eager baseline
            artifacts.send_new(name, send)
            send(ResultReady(name, artifacts.relocate(name, result)))
    for device_name, runtime_name, precision in config.measurements():
        if precision != "fp32" and pair(device_name, runtime_name, precision) not in done.get(name, []):
            reason = f"an ONNX file is measured as it is; --precision {precision} casts only PyTorch models"
            unavailable = Result(device_name, runtime_name, "unavailable", reason, precision=precision)
            send(ResultReady(name, unavailable))
