"""The torch-int8 runtime: in process through benchit's own benchmark(), and through the installed CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import benchit_quantize
import pandas as pd
import pytest
import torch

from benchit import plugins
from benchit.backends.devices import CPU, CUDA
from benchit.config import Config, TimingSettings
from benchit.errors import Unavailable
from benchit.measure.bench import benchmark
from benchit.measure.placement import Placement
from benchit.scan.capture import Capture

FAST = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "8", "--warmup-time", "0.2", "--quiet-wait", "0", "--threads", "1", "--contention-threshold", "1"]  # fmt: skip


def capture(model: torch.nn.Module, *args: Any) -> Any:
    """The invocation benchit would capture from a script calling ``model(*args)``."""
    with Capture() as recorder:
        model.eval()(*args)
    return next(iter(recorder.captured.values()))


def config(tmp_path: Path, **tolerance: float) -> Config:
    timing = TimingSettings(min_iterations=8, min_time_s=0.0, max_time_s=0.1, warmup_max_s=0.05)
    return Config(cache_dir=tmp_path, threads=1, timing=timing, **tolerance)


def test_the_entry_point_registers_the_runtime() -> None:
    registry = plugins.load()
    assert registry.runtimes["torch-int8"] == (benchit_quantize.TorchInt8, "quantize")


def test_linear_layers_are_quantised_and_checked_against_float(tmp_path: Path) -> None:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))
    item = capture(model, torch.randn(8, 64))
    result = benchmark(Placement(item, CPU()), benchit_quantize.TorchInt8({}), config(tmp_path, atol=0.05), tmp_path)
    assert result.status == "ok", result.error
    assert result.info["quantized_layers"] == 2
    assert result.info["int8_model_bytes"] < result.info["float_model_bytes"]
    assert result.parity is not None and result.parity.passed is True
    assert 0 < result.parity.max_abs_diff < 0.05  # int8 is close, not equal
    # At a float32 tolerance the difference shows as a parity failure, as it should.
    strict = benchmark(Placement(item, CPU()), benchit_quantize.TorchInt8({}), config(tmp_path), tmp_path)
    assert strict.parity is not None and strict.parity.passed is False


def test_a_top_level_lstm_is_quantised_too(tmp_path: Path) -> None:
    torch.manual_seed(0)
    item = capture(torch.nn.LSTM(8, 16, batch_first=True), torch.randn(2, 5, 8))
    runtime = benchit_quantize.TorchInt8({"int8_layers": "lstm"})
    with runtime.context():
        prepared = runtime.prepare(item.module, item.args, item.kwargs, CPU(), tmp_path)
    assert prepared.info["quantized_layers"] == 1
    output, (hidden, cell) = prepared.step()
    assert output.shape == (2, 5, 16) and hidden.shape == (1, 2, 16)


def test_a_model_without_such_layers_is_unavailable_with_the_reason(tmp_path: Path) -> None:
    item = capture(torch.nn.Conv2d(3, 4, 3), torch.randn(1, 3, 8, 8))
    result = benchmark(Placement(item, CPU()), benchit_quantize.TorchInt8({}), config(tmp_path), tmp_path)
    assert result.status == "unavailable"
    assert "nothing to quantise" in (result.error or "")


def test_layer_names_are_checked() -> None:
    assert benchit_quantize.layer_types("Linear, gru") == {torch.nn.Linear, torch.nn.GRU}
    with pytest.raises(ValueError, match="choose from"):
        benchit_quantize.layer_types("conv2d")


def test_only_the_cpu_and_a_known_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(Unavailable, match="does not support device cuda"):
        benchit_quantize.TorchInt8({}).check(CUDA())
    with pytest.raises(Unavailable, match="quantized engine 'tpu-int8' is not in this PyTorch"):
        benchit_quantize.TorchInt8({"int8_engine": "tpu-int8"}).check(CPU())
    # A data descriptor on the module's class; replace it there, as a build without kernels would have it.
    monkeypatch.setattr(type(torch.backends.quantized), "supported_engines", ["none"])
    with pytest.raises(Unavailable, match="no quantised CPU kernels"):
        benchit_quantize.TorchInt8({}).check(CPU())


def test_the_cli_runs_it_beside_eager_torch(tmp_path: Path) -> None:
    script = tmp_path / "mlp.py"
    script.write_text(
        "# labels: name::mlp author::tests\n"
        "import torch\n"
        "torch.manual_seed(0)\n"
        "torch.nn.Sequential(torch.nn.Linear(32, 32), torch.nn.ReLU()).eval()(torch.randn(4, 32))\n"
    )
    cache, report = tmp_path / "cache", tmp_path / "report.csv"
    command = [sys.executable, "-m", "benchit", "benchmark", str(script), "--cache-dir", str(cache)]
    done = subprocess.run([*command, "--runtime", "torch,torch-int8", *FAST], capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    subprocess.run(
        [sys.executable, "-m", "benchit", "report", "--cache-dir", str(cache), "-o", str(report)], check=True
    )
    df = pd.read_csv(report).set_index("runtime")
    assert df.loc["torch-int8", "status"] == "ok"
    assert df.loc["torch-int8", "info_quantized_layers"] == 1
    assert not pd.isna(df.loc["torch-int8", "parity_max_abs_diff"])
    assert df.loc["torch", "status"] == "ok"
