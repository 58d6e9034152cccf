"""ONNX files as input: inputs generated from declared shapes, sized by --script-args, run with ort."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import onnx
import pandas as pd
import pytest
from helpers import FAST, report_df, run_benchit
from onnx import TensorProto, helper, numpy_helper

from benchit.scan import onnxinput


def token_model(path: Path) -> Path:
    """Token ids and a mask of symbolic size (batch_size x sequence_length) -> a pooled embedding."""
    embed = numpy_helper.from_array(np.random.default_rng(0).standard_normal((50, 8)).astype(np.float32), "embed")
    axes_last = numpy_helper.from_array(np.array([-1], dtype=np.int64), "axes_last")
    axes_seq = numpy_helper.from_array(np.array([1], dtype=np.int64), "axes_seq")
    nodes = [
        helper.make_node("Gather", ["embed", "input_ids"], ["hidden"]),
        helper.make_node("Cast", ["attention_mask"], ["mask"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask", "axes_last"], ["mask3"]),
        helper.make_node("Mul", ["hidden", "mask3"], ["masked"]),
        helper.make_node("ReduceSum", ["masked", "axes_seq"], ["pooled"], keepdims=0),
    ]
    dims = ["batch_size", "sequence_length"]
    graph = helper.make_graph(
        nodes,
        "tokens",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, dims),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, dims),
        ],
        [helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["batch_size", 8])],
        initializer=[embed, axes_last, axes_seq],
    )
    return save(graph, path)


def image_model(path: Path) -> Path:
    """An image of symbolic size (N x 3 x height x width) -> a convolution, pooled."""
    weight = numpy_helper.from_array(np.random.default_rng(1).standard_normal((4, 3, 3, 3)).astype(np.float32), "w")
    nodes = [
        helper.make_node("Conv", ["pixel_values", "w"], ["features"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["features"], ["active"]),
        helper.make_node("GlobalAveragePool", ["active"], ["pooled"]),
    ]
    graph = helper.make_graph(
        nodes,
        "image",
        [helper.make_tensor_value_info("pixel_values", TensorProto.FLOAT, ["N", 3, "height", "width"])],
        [helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["N", 4, 1, 1])],
        initializer=[weight],
    )
    return save(graph, path)


def save(graph: Any, path: Path) -> Path:
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    path.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(path))
    return path


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[pd.DataFrame, Any]:
    """One scan of two ONNX files with every built-in runtime."""
    root = tmp_path_factory.mktemp("onnx")
    files = [token_model(root / "models" / "tokens.onnx"), image_model(root / "models" / "image.onnx")]
    cache = root / "cache"
    done = run_benchit(
        "benchmark",
        *files,
        "--cache-dir",
        cache,
        "--runtime",
        "torch,ort,torch-compile",
        "--script-args",
        "--batch_size 3 --max_seq_length 7 --height 20 --width 24",
        *FAST,
    )
    return report_df(cache), done


def by_runtime(df: pd.DataFrame, name: str) -> pd.DataFrame:
    return df[df["script"].str.endswith(name)].set_index("runtime")


def test_an_onnx_file_is_one_invocation_sized_by_script_args(scanned: Any) -> None:
    df, done = scanned
    assert done.returncode == 0, done.stdout + done.stderr
    tokens = by_runtime(df, "tokens.onnx")
    assert set(tokens["model_class"]) == {"ONNX"}
    assert tokens["build_name"].nunique() == 1
    row = tokens.loc["ort"]
    assert row["params"] == 50 * 8 + 2  # the initializers: embedding table and two axes constants
    assert row["input_shapes"] == "input_ids: int64[3,7], attention_mask: int64[3,7]"
    assert row["batch_size"] == 3
    assert row["script_status"] == "ok"
    image = by_runtime(df, "image.onnx").loc["ort"]
    assert image["input_shapes"] == "pixel_values: float32[3,3,20,24]"


def test_ort_runs_the_file_and_records_its_facts(scanned: Any) -> None:
    df, _ = scanned
    for name, op in (("tokens.onnx", "Gather:1"), ("image.onnx", "Conv:1")):
        row = by_runtime(df, name).loc["ort"]
        assert row["status"] == "ok", row["error"]
        assert row["latency_median_ms"] > 0
        assert row["throughput_per_s"] > 0
        assert row["info_provider"] == "CPUExecutionProvider"
        assert row["info_opset"] == 17  # the file's own; nothing is exported
        assert op in row["info_onnx_ops"]
        assert row["info_onnx_file_bytes"] > 0
        assert pd.isna(row["parity_passed"])  # no eager torch exists to compare with
        assert pd.isna(row.get("info_export_s"))


def test_torch_runtimes_say_they_need_a_script(scanned: Any) -> None:
    df, _ = scanned
    for runtime in ("torch", "torch-compile"):
        row = by_runtime(df, "tokens.onnx").loc[runtime]
        assert row["status"] == "unavailable"
        assert "needs a PyTorch script" in row["error"]


def test_a_damaged_onnx_file_fails_as_a_script(tmp_path: Path) -> None:
    broken = tmp_path / "broken.onnx"
    broken.write_bytes(b"\x08\x07 this is not a protobuf \xff\xff")
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", broken, "--cache-dir", cache, "--runtime", "ort", *FAST)
    assert done.returncode == 1
    assert "Traceback" not in done.stdout
    df = report_df(cache)
    assert df.loc[0, "script_status"] == "failed"
    assert df.loc[0, "script_error"]


def test_analyze_only_lists_the_onnx_invocation(tmp_path: Path) -> None:
    path = image_model(tmp_path / "image.onnx")
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", path, "--cache-dir", cache, "--analyze-only")
    assert done.returncode == 0, done.stderr
    df = report_df(cache)
    assert list(df["model_class"]) == ["ONNX"]
    assert list(df["status"]) == ["not_run"]
    assert df.loc[0, "input_shapes"] == "pixel_values: float32[1,3,224,224]"  # the defaults


# -- in process: dimensions and values ---------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "position", "rank", "expected"),
    [
        ("batch_size", 0, 2, (4, "batch_size")),
        ("batch", 3, 4, (4, "batch_size")),
        ("N", 0, 4, (4, "batch_size")),
        ("sequence_length", 1, 2, (9, "max_seq_length")),
        ("past_seq_len", 2, 4, (9, "max_seq_length")),
        ("audio_length", 1, 2, (16000, "max_audio_seq_length")),
        ("height", 2, 4, (32, "height")),
        ("width", 3, 4, (48, "width")),
        ("num_channels", 1, 4, (5, "num_channels")),
        ("unk__42", 0, 3, (4, "batch_size")),  # unnamed, first: the batch
        ("unk__43", 1, 2, (9, "max_seq_length")),  # unnamed, second of two: a sequence
        ("unk__44", 2, 3, (1, "1")),
    ],
)
def test_symbolic_dimensions_take_the_standard_parameters(
    name: str, position: int, rank: int, expected: tuple[int, str]
) -> None:
    params = {
        "batch_size": 4,
        "max_seq_length": 9,
        "max_audio_seq_length": 16000,
        "height": 32,
        "width": 48,
        "num_channels": 5,
    }
    assert onnxinput.dimension(name, position, rank, params) == expected


def test_generated_values_are_plausible_inputs(tmp_path: Path) -> None:
    model = onnxinput.read(token_model(tmp_path / "tokens.onnx"))
    assert [name for name, _, _ in model.inputs] == ["input_ids", "attention_mask"]  # not the initializers
    arrays = onnxinput.generate(model, ["--batch_size", "2", "--max_seq_length", "5"])
    assert arrays["input_ids"].dtype == np.int64 and arrays["input_ids"].shape == (2, 5)
    assert 0 <= arrays["input_ids"].min() and arrays["input_ids"].max() < 10  # valid ids in any vocabulary
    assert (arrays["attention_mask"] == 1).all()
    assert model.resolved == {"batch_size": 2, "sequence_length": 5}
    again = onnxinput.generate(onnxinput.read(tmp_path / "tokens.onnx"), ["--batch_size", "2", "--max_seq_length", "5"])
    assert (again["input_ids"] == arrays["input_ids"]).all()  # seeded: the same inputs every run


def test_the_invocation_hash_follows_the_inputs(tmp_path: Path) -> None:
    path = image_model(tmp_path / "image.onnx")
    small = onnxinput.read(path)
    record = onnxinput.invocation(small, onnxinput.generate(small, ["--height", "8"]), "digest")
    large = onnxinput.read(path)
    other = onnxinput.invocation(large, onnxinput.generate(large, ["--height", "16"]), "digest")
    assert record.hash != other.hash
    assert record.model_class == "ONNX" and record.params == 4 * 3 * 3 * 3
    assert record.signature["symbolic_dims"] == {"N": 1, "height": 8, "width": 224}
