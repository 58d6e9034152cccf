"""The CUDA paths end to end through the real ``benchit`` command: device events, torch-compile and
ort on the GPU, training with AMP, the device's memory peaks. They run where torch sees a CUDA GPU
and are skipped elsewhere (CI has none); docs/performance.md records the last run on a GPU."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pandas as pd
import pytest
import torch
from helpers import FAST, report_df, run_benchit_subprocess, write_script
from samples import CNN

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU (torch.cuda.is_available() is False)"),
]


def _scan_on_cuda(
    tmp_path: Path, *args: str, timeout: float = 600
) -> tuple[subprocess.CompletedProcess[str], pd.DataFrame]:
    """``benchit benchmark`` of the small CNN on cuda with ``args``: the command and its results."""
    script = write_script(tmp_path, "cnn.py", CNN)
    cache = tmp_path / "cache"
    # Its own process: a driver that hangs is stopped by the timeout, and no CUDA state stays in pytest's.
    command = ("benchmark", script, "--device", "cuda", *args, "--cache-dir", cache, *FAST)
    done = run_benchit_subprocess(*command, timeout=timeout)
    return done, report_df(cache)


def test_eager_and_compiled_eval_and_train_on_cuda(tmp_path: Path) -> None:
    done, df = _scan_on_cuda(tmp_path, "--runtime", "torch,torch-compile", "--mode", "eval,train", timeout=900)
    assert done.returncode == 0, done.stderr
    df = df.set_index(["runtime", "mode"])
    assert set(df["status"]) == {"ok"}, df["error"].dropna().tolist()
    assert set(df["device"]) == {"cuda"}
    assert all(name == torch.cuda.get_device_name() for name in df["device_name"])
    assert all("cuda_runtime" in text for text in df["device_software"])
    # The device's own memory, allocated and reserved, for each measurement.
    assert (df["peak_device_memory_mb"] > 0).all() and (
        df["peak_device_reserved_mb"] >= df["peak_device_memory_mb"]
    ).all()
    for mode in ("eval", "train"):
        assert df.loc[("torch-compile", mode), "parity_verdict"] == "passed", df.loc[("torch-compile", mode)].to_dict()
    assert df.loc[("torch-compile", "eval"), "prepare_s"] > 0


def test_mixed_precision_training_on_cuda(tmp_path: Path) -> None:
    done, df = _scan_on_cuda(tmp_path, "--precision", "fp16,bf16", "--mode", "train")
    assert done.returncode == 0, done.stderr
    df = df.set_index("precision")
    assert set(df["status"]) == {"ok"}, df["error"].dropna().tolist()
    assert set(df.index) == {"fp16", "bf16"}


def test_ort_on_cuda_runs_on_a_gpu_provider_or_says_why_not(tmp_path: Path) -> None:
    pytest.importorskip("onnxruntime")
    import onnxruntime

    done, df = _scan_on_cuda(tmp_path, "--runtime", "torch,ort")
    df = df.set_index("runtime")
    assert done.returncode == 0, done.stdout[-3000:] + str(df[["status", "error"]].to_dict())
    ort = df.loc["ort"]
    if "CUDAExecutionProvider" in onnxruntime.get_available_providers():
        assert ort["status"] == "ok", ort["error"]
        assert ort["info_provider"] in ("CUDAExecutionProvider", "TensorrtExecutionProvider")
        assert ort["parity_verdict"] == "passed"
    else:
        assert ort["status"] == "unavailable"
        assert "onnxruntime-gpu" in ort["error"]
