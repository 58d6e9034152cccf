"""Parity against eager torch: error relative to each output's own scale and cosine similarity,
``inconclusive`` where the reference cannot be judged, per-output statistics kept."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import FAST, report_df, run_benchit, write_script

from benchit.measure.parity import DEFAULT_TOLERANCES, compare

FP32 = DEFAULT_TOLERANCES["fp32"]
ENV = {"TMPDIR": "/tmp/benchit-tests-parity"}
os.makedirs(ENV["TMPDIR"], exist_ok=True)


def _exploding(seed: int = 0) -> np.ndarray:
    """Outputs like a random-weight EfficientNet's: around 5e9, some near zero."""
    values = np.random.default_rng(seed).normal(size=1000) * 5e9
    values[:10] = [1e3, -2e3, 5e2, 1.0, -7.0, 3e4, 1e5, -1e5, 2e2, 9.0]
    return values.astype(np.float32)


def test_exploding_outputs_that_differ_in_the_fourth_digit_pass_relative_to_their_scale() -> None:
    ref = _exploding()
    out = ref * np.float32(1 + 3e-4) + np.float32(2e5)  # 4th digit off; the small values far off
    result = compare([ref], [out], FP32)
    assert (result["verdict"], result["passed"]) == ("passed", True)
    assert result["max_rel_diff"] > 100  # the old element-wise check would have failed this
    stats = result["per_output"][0]
    assert stats["error_to_scale"] == pytest.approx(float(np.abs(out - ref).max() / np.abs(ref).max()))
    assert 1e-4 < stats["error_to_scale"] < 1e-3 and stats["cosine"] > 0.99999
    assert stats["shape"] == [1000] and stats["ref_max_abs"] == pytest.approx(float(np.abs(ref).max()))


def test_a_real_disagreement_fails_with_its_reason() -> None:
    ref = _exploding()
    out = ref.copy()
    out[500:] = -out[500:]
    result = compare([np.ones(3, np.float32), ref], [np.ones(3, np.float32), out], FP32)
    assert (result["verdict"], result["passed"]) == ("failed", False)
    assert [o["verdict"] for o in result["per_output"]] == ["passed", "failed"]
    assert result["reason"].startswith("output 1: error ") and "of the output's scale, cosine" in result["reason"]


def test_a_disagreement_eager_torch_reproduces_under_a_nudge_still_fails() -> None:
    ref = _exploding()
    out = -ref
    result = compare([ref], [out], FP32, nudged=lambda: [ref * np.float32(1 + 1e-7)])
    assert result["verdict"] == "failed" and result["eager_nudged"]["verdict"] == "passed"


def test_a_model_that_amplifies_rounding_cannot_be_judged() -> None:
    ref = _exploding()
    out = ref.copy()
    out[500:] = -out[500:]
    # Eager torch itself, on inputs one rounding step away, lands as far off.
    chaotic = np.random.default_rng(1).permutation(ref)
    result = compare(
        [np.ones(3, np.float32), ref], [np.ones(3, np.float32), out], FP32, nudged=lambda: [np.ones(3), chaotic]
    )
    assert (result["verdict"], result["passed"]) == ("inconclusive", None)
    assert [o["verdict"] for o in result["per_output"]] == ["passed", "inconclusive"]
    assert "the model amplifies rounding" in result["reason"] and result["reason"].startswith("output 1: error ")
    assert result["eager_nudged"]["verdict"] == "failed" and result["eager_nudged"]["min_cosine"] < 0.5

    # A nudge that cannot run leaves the failure as it is.
    def broken() -> list:
        raise MemoryError

    assert compare([ref], [out], FP32, nudged=broken)["verdict"] == "failed"
    # Computed only when something failed.
    assert compare([ref], [ref], FP32, nudged=lambda: pytest.fail("nudged without need"))["verdict"] == "passed"


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_a_reference_that_is_not_finite_is_inconclusive(bad: float) -> None:
    ref = np.array([1.0, bad, 3.0], np.float32)
    result = compare([ref], [np.array([1.0, 2.0, 3.0], np.float32)], FP32)
    assert (result["verdict"], result["passed"]) == ("inconclusive", None)
    assert result["reason"] == "output 0: eager torch's output is not finite (NaN or inf)"


def test_a_reference_spanning_too_many_orders_of_magnitude_is_inconclusive_when_it_disagrees() -> None:
    ref = np.array([1e12] + [1e-3] * 99, np.float32)
    out = ref.copy()
    out[1:] = 1.0  # wrong small values, hidden by the large one's scale
    out[0] = 1.1e12
    result = compare([ref], [out], FP32)
    assert result["verdict"] == "inconclusive"
    assert result["per_output"][0]["decades"] == pytest.approx(15.0)
    assert "spans 15.0 orders of magnitude (over 6)" in result["reason"]


def test_a_non_finite_candidate_fails_and_wrong_shapes_fail() -> None:
    ref = np.array([1.0, 2.0], np.float32)
    assert compare([ref], [np.array([1.0, np.nan], np.float32)], FP32)["verdict"] == "failed"
    assert compare([ref], [np.ones(3, np.float32)], FP32)["reason"] == "output 0 has shape [3], eager torch [2]"
    assert compare([ref], [], FP32)["verdict"] == "failed"
    assert compare([], [], FP32)["verdict"] == "passed"


# A runtime that returns eager torch's outputs off in their 4th digit, as onnxruntime does on exploding models.
NOISY = """
import torch
import benchit


class Noisy(benchit.Runtime):
    name = "noisy"
    devices = ("cpu",)

    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs) * (1 + 3e-4) + 1e5)


@benchit.hookimpl
def benchit_runtimes():
    return [Noisy]
"""
SCRIPT = """
import torch

torch.manual_seed(0)
exploding = torch.nn.Linear(64, 256)
with torch.no_grad():
    exploding.weight.mul_(1e9)
exploding(torch.randn(2, 64))


class NotFinite(torch.nn.Module):
    def forward(self, x):
        return torch.log(x)  # -inf at 0, NaN below


NotFinite()(torch.tensor([0.0, -1.0, 2.0]))


class Chaotic(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x * 1e9)  # one rounding step of x moves the phase by about 60 radians


Chaotic()(torch.rand(256) + 0.5)
"""


def test_parity_verdicts_through_the_cli(tmp_path: Path) -> None:
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "noisy.py").write_text(NOISY)
    script = write_script(tmp_path, "models.py", SCRIPT)
    cache = tmp_path / "cache"
    args = ("--plugins-dir", tmp_path / "plugins", "--runtime", "noisy", "--cache-dir", cache)
    done = run_benchit("benchmark", script, *args, *FAST, env=ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "parity ok" in done.stdout
    assert "parity inconclusive (output 0: eager torch's output is not finite (NaN or inf))" in done.stdout
    df = report_df(cache).set_index("model_class")
    assert df.loc["Linear", "parity_verdict"] == "passed" and df.loc["Linear", "parity_passed"] == True  # noqa: E712
    assert df.loc["Linear", "parity_max_rel_diff"] > FP32.rtol  # the old element-wise check fails it
    assert df.loc["NotFinite", "parity_verdict"] == "inconclusive" and pd.isna(df.loc["NotFinite", "parity_passed"])
    assert df.loc["Chaotic", "parity_verdict"] == "inconclusive"
    assert "parity inconclusive (output 0: error " in done.stdout and "the model amplifies rounding" in done.stdout
    summary = run_benchit("report", "--cache-dir", cache, "-o", tmp_path / "again.csv").stdout
    assert "parity: 2 results that cannot be judged" in summary
    result = next((cache / "builds").glob("models-*/results/*/cpu-noisy.json"), None)
    assert result is not None and '"per_output"' in result.read_text() and '"cosine"' in result.read_text()
