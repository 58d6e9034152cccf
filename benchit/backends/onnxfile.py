"""ONNX files: exporting a captured model once and reusing the file, the newest usable opset, file facts."""

from __future__ import annotations

import contextlib
import functools
import re
from collections import Counter
from pathlib import Path
from typing import Any

from benchit.backends.artifact import fingerprint, reuse_or_build
from benchit.errors import Unavailable

# The opset each exporter writes natively, tried when a newer one does not run (dynamo's torchlib).
FALLBACK_OPSET = {"dynamo": 18}


def require_onnx() -> tuple[Any, Any]:
    """``(onnx, onnxruntime)``, or ``Unavailable`` saying what to install."""
    try:
        import onnx
        import onnxruntime
    except ImportError as exc:
        raise Unavailable(f"{exc.name or 'onnx'} is not installed (pip install 'benchit-zoo[onnx]')") from None
    return onnx, onnxruntime


def exporter_max_opset(exporter: str) -> int:
    """The newest opset ``torch.onnx.export`` can write with ``exporter`` (dynamo or torchscript)."""
    from torch.onnx import _constants

    if exporter == "torchscript":
        return int(getattr(_constants, "ONNX_TORCHSCRIPT_EXPORTER_MAX_OPSET", 17))
    return int(getattr(_constants, "ONNX_MAX_OPSET", 18))


@functools.lru_cache(maxsize=1)
def runtime_max_opset() -> int:
    """The newest default-domain opset this onnxruntime loads, found by loading a one-node model.

    onnxruntime has no API for it, and its release notes lag; asking it is cheap (~1 ms a try).
    """
    onnx, ort = require_onnx()
    from onnx import TensorProto, helper

    value = helper.make_tensor_value_info
    graph = helper.make_graph(
        [helper.make_node("Identity", ["x"], ["y"])],
        "probe",
        [value("x", TensorProto.FLOAT, [1])],
        [value("y", TensorProto.FLOAT, [1])],
    )
    for opset in range(onnx.defs.onnx_opset_version(), 6, -1):
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
        model.ir_version = 7  # the opset is the question; an old IR version every runtime reads
        try:
            ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        except Exception:  # noqa: BLE001 - "not supported" comes in several exception types
            continue
        return opset
    raise Unavailable(f"onnxruntime {ort.__version__} loads no ONNX opset this probe knows")


def default_opset(exporter: str) -> int:
    """The newest opset both the installed exporter and onnxruntime support (without onnxruntime:
    the exporter's newest)."""
    try:
        return min(exporter_max_opset(exporter), runtime_max_opset())
    except Unavailable:
        return exporter_max_opset(exporter)


def export(
    model: Any,
    args: tuple,
    kwargs: dict,
    folder: Path,
    opset: int,
    exporter: str,
    rebuild: str,
    variant: str = "",
) -> tuple[Path, dict[str, Any]]:
    """Export ``model(*args, **kwargs)`` to ``folder`` or reuse an earlier export of the same
    model, exporter and opset; return the file and the export facts (``export_s``, ``onnx_reused``).
    ``variant`` (``fp16``, ``bf16``) names the precision the model was cast to."""
    import torch

    path = folder / f"model-{exporter}-opset{opset}{'-' + variant if variant else ''}.onnx"
    key = {"torch": torch.__version__, "exporter": exporter, "opset": opset, "weights": fingerprint(model)}
    built = reuse_or_build(path, key, lambda target: _export(model, args, kwargs, target, opset, exporter), rebuild)
    return built.path, {"export_s": built.build_s, "onnx_reused": built.reused}


def export_for(
    model: Any, args: tuple, kwargs: dict, artifacts: Path, options: dict[str, Any], opset: int | None = None
) -> tuple[Path, dict[str, Any]]:
    """The ONNX file of ``model(*args, **kwargs)`` that benchit exports for a runtime made with
    ``options`` (``--onnx-exporter``, ``--opset`` or ``opset``, else the newest usable; ``rebuild``),
    reused across runs and runtimes; and its facts (``export_s``, ``onnx_reused``, ``exporter``)."""
    exporter = options.get("onnx_exporter") or "dynamo"
    opset = opset or options.get("opset") or default_opset(exporter)
    path, facts = export(model, args, kwargs, artifacts, opset, exporter, options.get("rebuild", "if_needed"),
                         precision_of(model))  # fmt: skip
    return path, {**facts, "exporter": exporter}


def precision_of(model: Any) -> str:
    """``fp16`` or ``bf16`` for a model cast to half precision (--precision), else ``""``."""
    import torch

    for tensor in model.parameters():
        if tensor.is_floating_point():
            return {torch.float16: "fp16", torch.bfloat16: "bf16"}.get(tensor.dtype, "")
    return ""


def _export(model: Any, args: tuple, kwargs: dict, target: Path, opset: int, exporter: str) -> None:
    """Export to ``target`` (in a private folder: the model and any external data beside it)."""
    import torch

    try:
        with contextlib.redirect_stdout(_Discard()):  # the dynamo exporter narrates each step
            torch.onnx.export(
                model,
                args,
                str(target),
                kwargs=kwargs or None,
                opset_version=opset,
                dynamo=exporter == "dynamo",
            )
    except Exception as exc:
        raise ExportError(f"torch.onnx.export ({exporter}, opset {opset}) failed: {_plain(exc)}") from exc


class ExportError(Exception):
    """``torch.onnx.export`` could not export the model; the message keeps the exporter's reason."""


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# torch.onnx's exporter opens its message with advice ("Failed to export the model with
# torch.export. This is step 1/3 ... Next steps:") and names the causes, the first one first, under
# this heading, each as "<class 'module.Type'>: message".
_SUMMARY = "## Exception summary"
_CLASS = re.compile(r"<class '(?:[\w.]+\.)?(\w+)'>")


def _plain(exc: BaseException, limit: int = 1500) -> str:
    """The exception's message without terminal colours, trimmed for a report cell; its first
    line (what the terminal and the report show) says why, not what to do next."""
    text = _ANSI.sub("", f"{type(exc).__name__}: {exc}").strip()
    _, found, causes = text.partition(_SUMMARY)
    cause = next((line.strip() for line in causes.splitlines() if line.strip()), "") if found else ""
    if cause:
        text = f"{type(exc).__name__}: " + _CLASS.sub(r"\1", cause) + "\n" + text
    return text if len(text) <= limit else text[:limit] + " ..."


class _Discard:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def facts(path: Path) -> dict[str, Any]:
    """Opset, operator counts (``"Conv:3,Relu:2"``, most used first), node count and bytes on disk."""
    onnx, _ = require_onnx()
    model = onnx.load(str(path), load_external_data=False)
    ops = Counter(_op_types(model.graph))
    for function in model.functions:  # local functions the exporter did not inline
        ops.update(node.op_type for node in function.node)
    opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), None)
    return {
        "opset": opset,
        "onnx_ops": ",".join(f"{op}:{count}" for op, count in sorted(ops.items(), key=lambda kv: (-kv[1], kv[0]))),
        "onnx_nodes": sum(ops.values()),
        "onnx_file_bytes": file_bytes(path, model),
    }


def _op_types(graph: Any) -> list[str]:
    """Operator types in ``graph`` and its subgraphs (the bodies of If, Loop, Scan)."""
    found = []
    for node in graph.node:
        found.append(node.op_type)
        for attribute in node.attribute:
            if attribute.HasField("g"):
                found += _op_types(attribute.g)
            for subgraph in attribute.graphs:
                found += _op_types(subgraph)
    return found


def file_bytes(path: Path, model: Any) -> int:
    """Size of the model file plus the external data files it points to."""
    total = path.stat().st_size
    locations = set()
    for tensor in model.graph.initializer:
        for entry in tensor.external_data:
            if entry.key == "location":
                locations.add(entry.value)
    for location in locations:
        with contextlib.suppress(OSError):
            total += (path.parent / location).stat().st_size
    return total
