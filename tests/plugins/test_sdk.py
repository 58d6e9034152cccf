"""The runtime SDK in ``benchit.api``, each piece on its own: threads, named inputs, artifacts keyed on
the weights, benchit's ONNX file, output types, one-line reasons."""

from __future__ import annotations

import collections
import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

from benchit import api
from benchit.backends import artifact


class Pair(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = torch.nn.Linear(4, 3)

    def forward(self, x: torch.Tensor, extra: dict[str, torch.Tensor] | None = None) -> torch.Tensor:
        return self.linear(x) + (extra["bias"] if extra else 0)


def test_threads_is_the_run_s_thread_count_else_torch_s() -> None:
    assert api.Runtime({"threads": 3}).threads == 3
    torch.set_num_threads(2)
    assert api.Runtime({}).threads == 2


def test_named_inputs_flatten_a_call_and_match_a_graph_by_name_or_order() -> None:
    x, bias = torch.randn(2, 4), torch.randn(3)
    named = api.named_inputs(Pair(), (x,), {"extra": {"bias": bias}, "flag": None})
    assert list(named) == ["x", "extra_bias"] and named["extra_bias"] is bias
    assert list(api.match_inputs(["extra_bias", "x"], named)) == ["extra_bias", "x"]
    by_order = api.match_inputs(["input", "bias"], named)  # OpenVINO names a dict's leaf by its key
    assert by_order["input"] is x and by_order["bias"] is bias
    with pytest.raises(ValueError, match="the graph takes 3 inputs"):
        api.match_inputs(["a", "b", "c"], named)


def test_an_artifact_is_reused_for_the_same_key_and_rebuilt_for_another(tmp_path: Path) -> None:
    built: list[Path] = []

    def build(target: Path) -> None:
        built.append(target)
        target.write_text("model")
        target.with_suffix(".bin").write_text("weights")  # a companion file travels with it

    model = Pair()
    key = {"lib": "1.0", "weights": api.fingerprint(model)}
    first = api.reuse_or_build(tmp_path / "m.xml", key, build)
    assert not first.reused and first.build_s is not None and (tmp_path / "m.bin").read_text() == "weights"
    assert built[0].parent.name.startswith(".build-")  # staged where benchit never copies from
    artifact._built_here.clear()  # as if a later run
    again = api.reuse_or_build(tmp_path / "m.xml", key, build)
    assert again.reused and again.build_s == first.build_s and len(built) == 1
    with torch.no_grad():
        model.linear.weight.add_(1.0)
    changed = api.reuse_or_build(tmp_path / "m.xml", {**key, "weights": api.fingerprint(model)}, build)
    assert not changed.reused and len(built) == 2
    artifact._built_here.clear()
    forced = api.reuse_or_build(tmp_path / "m.xml", {**key, "weights": api.fingerprint(model)}, build, "always")
    assert not forced.reused
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.bin", "m.json", "m.xml"]


def test_a_quantized_model_has_a_fingerprint() -> None:
    model = torch.ao.quantization.quantize_dynamic(torch.nn.Sequential(torch.nn.Linear(4, 4)), {torch.nn.Linear})
    first = api.fingerprint(model)
    assert len(first) == 40 and first == api.fingerprint(model)
    quantized = torch.quantize_per_tensor(torch.randn(8), 0.1, 0, torch.qint8)
    holder = torch.nn.Module()
    holder.register_buffer("q", quantized)
    assert len(api.fingerprint(holder)) == 40


def test_a_failed_build_leaves_nothing_behind(tmp_path: Path) -> None:
    def broken(target: Path) -> None:
        target.write_text("half")
        raise RuntimeError("converter crashed")

    with pytest.raises(RuntimeError, match="converter crashed"):
        api.reuse_or_build(tmp_path / "m.xml", {"k": 1}, broken)
    assert list(tmp_path.iterdir()) == []


def test_benchit_s_onnx_file_for_a_runtime(tmp_path: Path) -> None:
    pytest.importorskip("onnxscript")
    model, args = Pair().eval(), (torch.randn(2, 4),)
    with torch.no_grad():
        path, facts = api.export_onnx(model, args, {}, tmp_path, {"onnx_exporter": "dynamo", "opset": 18})
        again, reused = api.export_onnx(model, args, {}, tmp_path, {"onnx_exporter": "dynamo", "opset": 18})
    assert path.name == "model-dynamo-opset18.onnx" and path.is_file() and again == path
    assert facts["exporter"] == "dynamo" and facts["onnx_reused"] is False and reused["onnx_reused"] is True


@dataclasses.dataclass
class Boxes:
    boxes: torch.Tensor
    label: int


class ToTuple:
    def to_tuple(self) -> tuple[Any, ...]:
        return (torch.ones(2),)


def test_output_types_are_flattened_and_anything_else_is_named() -> None:
    mapping = collections.OrderedDict(a=np.zeros(2), b=[torch.ones(1), None])
    flat = api.flatten_outputs((mapping, Boxes(torch.zeros(3), 7), ToTuple(), 1.5))
    assert [a.shape for a in flat] == [(2,), (1,), (3,), (), (2,), ()]

    class Opaque:
        pass

    with pytest.raises(TypeError, match=r"an output of type \S*\.Opaque cannot be compared: return torch"):
        api.flatten_outputs([torch.ones(1), Opaque()])
    assert "numpy arrays" in api.OUTPUT_TYPES


def test_one_line_picks_the_reason_not_the_source_location() -> None:
    openvino = RuntimeError(
        "Check 'false' failed at src/frontends/common_translators/src/unconverted_ops_report.cpp:151:\n"
        "FrontEnd API failed with OpConversionFailure:\n"
        "Model wasn't fully converted. Failed operations detailed log:\n"
        "-- prim::Constant with a message:\n"
        "None constant cannot be converted to OpenVINO opset and should be removed by consuming operation.\n"
        "Summary:\n"
        "-- No conversion rule found for operations: aten::linalg_svdvals\n"
    )
    assert api.one_line(openvino, ("No conversion rule",)) == (
        "RuntimeError: No conversion rule found for operations: aten::linalg_svdvals"
    )
    assert api.one_line(openvino).startswith("RuntimeError: None constant cannot be converted")
    assert api.one_line(ValueError("\x1b[31mbad\x1b[0m value\nmore")) == "ValueError: bad value"
    assert api.one_line(KeyError()) == "KeyError"
    try:
        try:
            raise ValueError("Only tensors can be output from traced functions")
        except ValueError as inner:
            raise RuntimeError("Couldn't get TorchScript module by tracing.\nException:\n...") from inner
    except RuntimeError as wrapped:
        assert api.one_line(wrapped) == (
            "RuntimeError: Couldn't get TorchScript module by tracing. "
            "(from ValueError: Only tensors can be output from traced functions)"
        )
    assert len(api.one_line(ValueError("x" * 1000), limit=50)) == 50


def test_the_default_context_is_inference_mode_and_ort_s_is_no_grad() -> None:
    from benchit.backends.runtimes.onnxruntime import OnnxRuntime

    with api.Runtime().context():
        assert torch.is_inference_mode_enabled()
    with OnnxRuntime().context():
        assert not torch.is_grad_enabled() and not torch.is_inference_mode_enabled()
