"""Precisions: each one its own result, cast after capture, checked against eager torch in the
same precision with its own tolerances; what a runtime cannot run is unavailable, with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FAST, report_df, run_benchit, write_script

from benchit.measure import precision
from benchit.naming import precision_suffix

MODEL = (
    "import torch\n"
    "model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4)).eval()\n"
    "model(torch.randn(2, 16))\n"
)


def test_cast_copies_the_model_and_casts_only_floating_inputs() -> None:
    import torch

    from benchit.scan.capture import Capture

    with Capture() as capture:
        model = torch.nn.Embedding(10, 4)
        model(torch.tensor([1, 2]))
        linear = torch.nn.Linear(4, 4)
        linear(torch.randn(1, 4))
    embedding, dense = capture.captured.values()
    cast = precision.cast(embedding, "bf16")
    assert cast.module.weight.dtype == torch.bfloat16 and embedding.module.weight.dtype == torch.float32
    assert cast.args[0].dtype == torch.int64  # indices stay integers
    assert precision.cast(dense, "fp16").args[0].dtype == torch.float16
    assert precision.cast(dense, "fp32") is dense


def test_tolerances_per_precision_default_and_overridden() -> None:
    assert precision.tolerance("fp32", 1e-3, 1e-4, {}) == (1e-3, 1e-4)
    assert precision.tolerance("bf16", 1e-3, 1e-4, {}) == precision.DEFAULT_TOLERANCES["bf16"]
    given = precision.parse_tolerances("bf16=0.2,fp16=0.5:0.25")
    assert given == {"bf16": (0.2, precision.DEFAULT_TOLERANCES["bf16"][1]), "fp16": (0.5, 0.25)}
    with pytest.raises(ValueError, match="PRECISION=RTOL"):
        precision.parse_tolerances("int8=0.1")


def test_each_precision_is_its_own_result_with_its_parity(tmp_path: Path) -> None:
    script = write_script(tmp_path, "mlp.py", MODEL)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--runtime", "torch,ort", "--precision", "fp32,fp16,bf16",
        "--tolerance", "fp16=0.5:0.25", "--cache-dir", cache, *FAST,
    )  # fmt: skip
    df = report_df(cache)
    rows = {(r.runtime, r.precision): r for r in df.itertuples()}
    assert set(rows) == {(r, p) for r in ("torch", "ort") for p in ("fp32", "fp16", "bf16")}
    for p in ("fp32", "fp16", "bf16"):
        assert rows[("torch", p)].status == "ok"
    assert rows[("ort", "fp32")].status == "ok" and rows[("ort", "fp16")].status == "ok"
    assert rows[("ort", "fp16")].parity_passed == True  # noqa: E712 - against eager torch in fp16
    # onnxruntime's CPU provider has no bf16 Gemm: unavailable, with the reason, not a crash.
    assert rows[("ort", "bf16")].status == "unavailable"
    assert "bf16" in rows[("ort", "bf16")].error and "NOT_IMPLEMENTED" in rows[("ort", "bf16")].error
    assert done.returncode == 0, done.stdout + done.stderr
    results = sorted(p.name for p in cache.glob("builds/*/results/*/*.json"))
    assert results == sorted(
        f"cpu-{r}{precision_suffix(p)}.json" for r in ("torch", "ort") for p in precision.PRECISIONS
    )
    fp16 = json.loads(next(cache.glob("builds/*/results/*/cpu-ort-fp16.json")).read_text())
    assert (fp16["precision"], fp16["parity"]["rtol"], fp16["parity"]["atol"]) == ("fp16", 0.5, 0.25)
    onnx = sorted(p.name for p in cache.glob("builds/*/artifacts/*.onnx"))
    assert len(onnx) == 3 and any(name.endswith("-fp16.onnx") for name in onnx)  # one export per precision


def test_a_runtime_that_does_not_declare_a_precision_is_unavailable(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "plain.py").write_text(
        "from benchit.api import Prepared, Runtime\nfrom benchit.hookspecs import hookimpl\n\n"
        "class Plain(Runtime):\n    name = 'plain'\n"
        "    def prepare(self, model, args, kwargs, device, artifacts):\n"
        "        return Prepared(step=lambda: model(*args, **kwargs))\n\n"
        "@hookimpl\ndef benchit_runtimes():\n    return [Plain]\n"
    )
    script = write_script(tmp_path, "mlp.py", MODEL)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--plugins-dir", plugins, "--runtime", "plain", "--precision", "fp32,bf16",
        "--cache-dir", cache, *FAST,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache).set_index("precision")
    assert df.loc["fp32", "status"] == "ok"
    assert df.loc["bf16", "status"] == "unavailable"
    assert df.loc["bf16", "error"] == "runtime plain does not run bf16 (it declares fp32)"


def test_unknown_precision_is_a_usage_error(tmp_path: Path) -> None:
    script = write_script(tmp_path, "mlp.py", MODEL)
    done = run_benchit("benchmark", script, "--precision", "fp8", "--cache-dir", tmp_path / "c")
    assert done.returncode == 2
    assert done.stderr == "benchit: error: --precision: unknown precision 'fp8'; choose from fp32, fp16, bf16\n"
    assert not (tmp_path / "c").exists()
