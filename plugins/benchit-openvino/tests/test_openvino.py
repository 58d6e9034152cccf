"""The openvino runtime through the installed ``benchit`` command: parity with eager torch, the converted
model reused by a later run, and a model OpenVINO cannot convert failing alone, in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import benchit_openvino
import pandas as pd
import pytest

from benchit import api

# One thread, and no contention judged: the suite runs in two pytest workers side by side (tests/helpers.py).
FAST = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "8", "--warmup-time", "0.2", "--threads", "1", "--contention-threshold", "1"]  # fmt: skip
FAST += ["--quiet-wait", "0", "--rounds", "2"]
SELFTEST = Path(__file__).resolve().parents[3] / "models" / "selftest"

# Two models: one OpenVINO converts, one it has no rule for (aten::linalg_svdvals).
TWO = '''"""A convertible model and one with an operator OpenVINO has no conversion rule for (test)."""
import torch


class Svd(torch.nn.Module):
    def forward(self, x):
        return torch.linalg.svdvals(x)


torch.manual_seed(0)
convertible = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4)).eval()
convertible(torch.randn(2, 8))
Svd().eval()(torch.randn(3, 5, 5))
'''


def run_benchit(*args: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    command = [sys.executable, "-m", "benchit", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=900)


def report(cache: Path, tmp_path: Path) -> pd.DataFrame:
    done = run_benchit("report", "--cache-dir", cache, "-o", tmp_path / "report.csv")
    assert done.returncode == 0, done.stderr
    return pd.read_csv(tmp_path / "report.csv")


def test_the_entry_point_registers_the_runtime_with_its_options() -> None:
    done = run_benchit("plugins")
    assert "openvino 0.1.0 (entry point of benchit-openvino)" in done.stdout
    assert "runtime openvino:" in done.stdout
    assert benchit_openvino.OpenVINO.identity_options == ("openvino_device", "openvino_precision", "openvino_from")


def test_a_device_openvino_does_not_see_is_unavailable_with_the_reason() -> None:
    class Host(api.Device):
        name = "cpu"

    runtime = benchit_openvino.OpenVINO({"openvino_device": "NPU7"})
    with pytest.raises(api.Unavailable, match="OpenVINO sees no NPU7 here"):
        runtime.check(Host())


def test_parity_reuse_and_a_one_line_conversion_failure(tmp_path: Path) -> None:
    script = tmp_path / "two.py"
    script.write_text(TWO)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--cache-dir", cache, "--runtime", "torch,openvino", *FAST)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    df = report(cache, tmp_path)
    ov = df[df["runtime"] == "openvino"].set_index("model_class")
    assert ov.loc["Sequential", "status"] == "ok" and bool(ov.loc["Sequential", "parity_passed"]) is True
    assert ov.loc["Sequential", "info_openvino_precision"] == "f32"  # never bf16 behind the user's back
    assert ov.loc["Sequential", "openvino_version"]
    error = ov.loc["Svd", "error"]
    assert ov.loc["Svd", "status"] == "failed" and "\n" not in error
    assert error.startswith("ConversionError: OpenVINO cannot convert this model:") and "aten::linalg_svdvals" in error
    torch_rows = df[df["runtime"] == "torch"]
    assert list(torch_rows["status"]) == ["ok", "ok"]  # the failure is the openvino pair's alone
    # Another precision hint is another measurement; the converted model is reused from the cache.
    again = run_benchit("benchmark", script, "--cache-dir", cache, "--runtime", "openvino", "--openvino-precision", "f16",
                    *FAST)  # fmt: skip
    assert "already complete" not in again.stdout, again.stdout
    df = report(cache, tmp_path)
    rows = df[(df["runtime"] == "openvino") & (df["model_class"] == "Sequential")]
    assert sorted(rows["runtime_options"].fillna("")) == ["", "openvino_precision=f16"]
    hinted = rows[rows["runtime_options"] == "openvino_precision=f16"].iloc[0]
    assert bool(hinted["info_converted_reused"]) is True
    assert list((cache / "builds").glob("*/artifacts/openvino-torch.xml"))  # kept in the cache
    assert not list((cache / "builds").glob("*/artifacts/.*"))  # staging folders never come back


@pytest.mark.slow
def test_the_selftest_corpus_converts_with_parity(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", SELFTEST, "--cache-dir", cache, "--runtime", "torch,openvino",
                   *FAST)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    ov = report(cache, tmp_path).query("runtime == 'openvino'")
    assert len(ov) >= 6 and set(ov["status"]) == {"ok"}
    assert ov["parity_passed"].astype(bool).all()
    assert (ov["speedup_vs_eager"] > 0).all()


@pytest.mark.slow
def test_converted_from_benchit_s_onnx_file(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    script = SELFTEST / "mlp.py"
    done = run_benchit("benchmark", script, "--cache-dir", cache, "--runtime", "torch,openvino", "--openvino-from", "onnx",
                       *FAST)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    ov = report(cache, tmp_path).query("runtime == 'openvino'").iloc[0]
    assert ov["status"] == "ok" and bool(ov["parity_passed"]) is True
    assert ov["runtime_options"] == "openvino_from=onnx" and ov["info_exporter"] == "dynamo"
    assert list((cache / "builds").glob("*/artifacts/model-*.onnx")) and list(
        (cache / "builds").glob("*/artifacts/openvino-onnx.xml")
    )
