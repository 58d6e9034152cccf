"""benchit.failures: templates that merge what differs by numbers, paths and shapes, and keep ops apart."""

from __future__ import annotations

import pytest

from benchit import failures


def test_template_merges_numbers_paths_shapes_and_names() -> None:
    one = "RuntimeError: shape [1, 3, 224, 224] bad at /home/a/x.py:12 (0x7f00ab) for 'conv1' after 1.5e-3 s"
    two = "RuntimeError: shape [8, 3, 32, 32] bad at /tmp/b/y/z.py:7 (0x55aa) for 'layer4.conv2' after 12 s"
    assert failures.template(one) == failures.template(two)
    assert "<shape>" in failures.template(one) and "<path>" in failures.template(one)


def test_an_apostrophe_inside_a_word_opens_no_quoted_name() -> None:
    """OpenVINO's `Couldn't get TorchScript module by tracing ... Type 'Tuple[...]'`: the apostrophe
    of "Couldn't" once opened a name that ran to the type's quote (`Couldn<name>Tuple[...`), so one
    cause read two ways depending on whether a quoted type followed."""
    head = "RuntimeError: Couldn't get TorchScript module by tracing. (from RuntimeError: Type "
    assert failures.template(head + "'Tuple[Tensor, Tensor, bool]' cannot be traced.") == head + "<name> cannot be traced."
    assert failures.template(head + "'Tuple[Tensor, Tensor]' cannot be traced.") == head + "<name> cannot be traced."
    assert failures.template("don't 'x' can't") == "don't <name> can't"


def test_signature_keeps_ops_and_runtimes_apart() -> None:
    svd = "ExportError: DispatchError: No ONNX function found for <OpOverload(op='aten._linalg_svd', overload='default')>"
    cummax = svd.replace("aten._linalg_svd", "aten.cummax")
    a, b = failures.describe("ort", svd), failures.describe("ort", cummax)
    assert (a.op, b.op) == ("aten._linalg_svd", "aten.cummax")
    assert a.template == b.template and a.signature != b.signature
    assert a.stage == b.stage == failures.CONVERT
    assert failures.describe("openvino", svd).signature != a.signature


def test_ops_and_stages_read_from_library_messages() -> None:
    ort = "RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running Conv node. Name:'/c/Conv'"
    found = failures.describe("ort", ort)
    assert (found.op, found.stage) == ("Conv", failures.RUN)
    assert failures.find_op("Could not run 'aten::linalg_svdvals' with arguments") == "aten::linalg_svdvals"
    assert failures.describe("x", "ValueError: nope", where=failures.PREPARE).stage == failures.COMPILE
    # A long error kept shortened ends in " ...": an op cut there is no op (a zoo scan's SDPA error
    # named "aten.scaled_dot_product_attentio"); one named earlier in the text still counts.
    cut = "ConversionError: node %sdpa = call_function[target=torch.ops.aten.scaled_dot_product_attentio ..."
    assert failures.find_op(cut) == ""
    assert failures.find_op("Could not run 'aten::addmm' with arguments\n" + cut) == "aten::addmm"
    assert failures.find_op(cut.removesuffix(" ...") + "n.default failed") == "aten.scaled_dot_product_attention"
    # ... and in a chain of messages, the cut one first: the cause's whole name
    assert failures.find_op(cut + "\nConversionError: target=torch.ops.aten.scaled_dot_product_attention.default") == (
        "aten.scaled_dot_product_attention"
    )


@pytest.mark.parametrize(
    ("text", "where", "stage"),
    [
        ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised: LoweringException", "run", "compile"),
        ("[ONNXRuntimeError] : 10 : INVALID_GRAPH : Load model from m.onnx failed: bad node", "run", "compile"),
        ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB", "run", "oom"),
        ("ConversionError: no rule for aten::foo", "run", "convert"),
        ("torch._dynamo.exc.Unsupported: torch.export could not trace it", "prepare", "export"),
        ("ValueError: nope", "run", "run"),
        ("ValueError: nope", "", "run"),
    ],
)
def test_the_stage_is_the_library_a_text_names_else_where_it_was_caught(text: str, where: str, stage: str) -> None:
    assert failures.stage_of(text, where) == stage


def test_frame_is_the_innermost_library_function() -> None:
    text = (
        'File "/work/benchit/measure/bench.py", line 3, in _prepare\n'
        'File "/venv/lib/python3.12/site-packages/torch/onnx/_internal/exporter/_core.py", line 9, in _translate\n'
        'File "/scripts/model.py", line 4, in forward\n'
    )
    assert failures.frame_in_text(text) == "torch.onnx._internal.exporter._core:_translate"


def test_a_recorded_failure_is_judged_again_by_todays_template_rules() -> None:
    """A result recorded by a benchit whose template rules changed since (the apostrophe above):
    ``current`` makes its template and signature again from the error text, keeping the stage,
    op and frame found from the exception, so that ``benchit repro`` compares like with like."""
    from benchit.records import Result, ResultStatus

    text = "ConversionError: RuntimeError: Couldn't trace (from Type 'Tuple[Tensor, bool]' cannot be traced)"
    stale = failures.Failure("convert", "ConversionError", "Couldn<name>Tuple[...", "", "ov:_convert", "0123456789")
    result = Result("cpu", "openvino", ResultStatus.FAILED, text, failure=stale)
    now = failures.current(result)
    assert now == failures.describe("openvino", text, stage="convert", frame="ov:_convert")
    assert now is not None and now.template.endswith("Type <name> cannot be traced)") and now.signature != "0123456789"
    assert (now.stage, now.frame) == ("convert", "ov:_convert")
    # A first line shortened where it was kept cannot be judged again: what was recorded stands.
    cut = Result("cpu", "openvino", ResultStatus.FAILED, text[:40] + " ...", failure=stale)
    assert failures.current(cut) is stale
    assert failures.current(Result("cpu", "torch", ResultStatus.OK)) is None


def test_an_op_of_any_library_is_named_from_its_op_overload() -> None:
    """transformers registers its own ops (``transformers.grouped_mm_fallback``): the zoo sample's
    Afmoe export failure named none until the op's namespace was no longer limited to torch's."""
    text = (
        "ExportError: torch.onnx.export (dynamo, opset 23) failed: ConversionError: DispatchError: No ONNX function"
        " found for <OpOverload(op='transformers.grouped_mm_fallback', overload='default')>. Failure message: x"
    )
    assert failures.find_op(text) == "transformers.grouped_mm_fallback"
    assert failures.find_op("<OpOverload(op='aten.cummax', overload='default')>") == "aten.cummax"
