"""Parity against eager torch as PyTorch's compile benchmark checks accuracy: allclose, else RMSE to a
float64 run, else cosine similarity; eager torch run twice; ``inconclusive`` where it cannot be judged."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from helpers import FAST, report_df, run_benchit, write_script

from benchit.measure.parity import DEFAULT_TOLERANCES, compare
from benchit.records import Parity, ParityRule, ParityVerdict

FP32 = DEFAULT_TOLERANCES["fp32"]
ENV = {"TMPDIR": "/tmp/benchit-tests-parity"}
os.makedirs(ENV["TMPDIR"], exist_ok=True)


def _exploding(seed: int = 0) -> np.ndarray:
    """Outputs like a random-weight EfficientNet's: around 5e9, some near zero."""
    values = np.random.default_rng(seed).normal(size=1000) * 5e9
    values[:10] = [1e3, -2e3, 5e2, 1.0, -7.0, 3e4, 1e5, -1e5, 2e2, 9.0]
    return values.astype(np.float32)


def _off(truth: np.ndarray, eager_error: float, error: float, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Eager torch's and a runtime's float32 outputs, off ``truth`` (the float64 run) by independent
    noise whose RMS is ``eager_error`` and ``error`` of its scale."""
    rng = np.random.default_rng(seed)
    scale = float(np.abs(truth).max())
    eager = truth + rng.normal(size=truth.shape) * eager_error * scale
    return eager.astype(np.float32), (truth + rng.normal(size=truth.shape) * error * scale).astype(np.float32)


def _never(what: str) -> Any:
    return lambda: pytest.fail(f"{what} asked without need")


def test_exploding_outputs_that_differ_in_the_fourth_digit_pass_relative_to_their_scale() -> None:
    ref = _exploding()
    out = ref * np.float32(1 + 3e-4) + np.float32(2e5)  # 4th digit off; the small values far off
    result = compare([ref], [out], FP32, fp64=_never("float64"), rerun=lambda: [ref.copy()])
    assert (result["verdict"], result["passed"], result["rule"]) == ("passed", True, "allclose")
    assert result["max_rel_diff"] > 100  # the old element-wise check would have failed this
    stats = result["per_output"][0]
    assert stats["error_to_scale"] == pytest.approx(float(np.abs(out - ref).max() / np.abs(ref).max()))
    assert 1e-4 < stats["error_to_scale"] < 1e-3 and stats["cosine"] > 0.99999
    assert stats["shape"] == [1000] and stats["ref_max_abs"] == pytest.approx(float(np.abs(ref).max()))
    assert result["eager_rerun"] == {"error_to_scale": 0.0, "cosine": pytest.approx(1.0)}


def test_exploding_activations_where_eager_itself_is_off_from_float64_pass_by_the_rmse_rule() -> None:
    truth = _exploding().astype(np.float64)
    eager, out = _off(truth, 0.05, 0.06)  # eager torch 5% of the scale off the exact result, the runtime 6%
    alone = compare([eager], [out], FP32)  # without float64, only the cosine rule is left, and it fails
    assert (alone["verdict"], alone["rule"]) == ("failed", "cosine") and alone["min_cosine"] < 0.99
    result = compare([eager], [out], FP32, fp64=lambda: [truth])
    assert (result["verdict"], result["passed"], result["rule"], result["fp64"]) == ("passed", True, "rmse_fp64", "ran")
    stats = result["per_output"][0]
    assert stats["rule"] == "rmse_fp64" and stats["error_to_scale"] > 100 * FP32.scale
    assert stats["eager_rmse_fp64"] == pytest.approx(0.05 * np.abs(truth).max(), rel=0.1)
    assert stats["eager_rmse_fp64"] < stats["rmse_fp64"] <= 2 * stats["eager_rmse_fp64"]


def test_a_genuinely_wrong_output_fails_against_float64() -> None:
    truth = _exploding().astype(np.float64)
    eager, _ = _off(truth, 0.05, 0.0)
    wrong = eager.copy()
    wrong[500:] = -wrong[500:]
    ones = np.ones(3, np.float32)
    result = compare([ones, eager], [ones, wrong], FP32, fp64=lambda: [np.ones(3), truth])
    assert (result["verdict"], result["passed"], result["rule"]) == ("failed", False, "rmse_fp64")
    assert [o["rule"] for o in result["per_output"]] == ["allclose", "rmse_fp64"]
    assert result["reason"].startswith("output 1: RMSE to float64 ") and "over 2 x eager torch's" in result["reason"]
    # One output spanning 15 orders of magnitude, small values wrong, the large one 10% off: judged, not excused.
    ref = np.array([1e12] + [1e-3] * 99, np.float32)
    out = np.array([1.1e12] + [1.0] * 99, np.float32)
    assert compare([ref], [out], FP32, fp64=lambda: [ref.astype(np.float64)])["verdict"] == "failed"


def test_k_is_2_in_fp32_and_3_in_half_precisions() -> None:
    truth = _exploding().astype(np.float64)
    eager, out = _off(truth, 0.02, 0.05)  # 2.5x eager torch's error to float64
    fp16 = dataclasses.replace(DEFAULT_TOLERANCES["fp16"], rtol=1e-2, atol=1e-3)
    assert (FP32.rmse_factor, fp16.rmse_factor, DEFAULT_TOLERANCES["bf16"].rmse_factor) == (2.0, 3.0, 3.0)
    assert compare([eager], [out], FP32, fp64=lambda: [truth])["verdict"] == "failed"
    assert compare([eager], [out], fp16, fp64=lambda: [truth])["verdict"] == "passed"


def test_without_float64_the_cosine_rule_decides_and_says_why() -> None:
    rng = np.random.default_rng(0)
    ref = rng.normal(size=1000).astype(np.float32)
    close = (ref + 0.05 * rng.normal(size=1000)).astype(np.float32)  # fails allclose, cosine 0.9988
    far = (ref + 0.5 * rng.normal(size=1000)).astype(np.float32)  # cosine about 0.89
    why = "the model has no floating-point parameters or inputs to cast"
    passed = compare([ref], [close], FP32, fp64=lambda: why)
    assert (passed["verdict"], passed["rule"], passed["fp64"]) == ("passed", "cosine", why)
    failed = compare([ref], [far], FP32, fp64=lambda: why)
    assert (failed["verdict"], failed["rule"]) == ("failed", "cosine")
    assert f"under 0.99 without a float64 reference ({why})" in failed["reason"]

    def no_kernel() -> list:
        raise RuntimeError("\"addmm_impl_cpu_\" not implemented for 'Double'\nmore")

    crashed = compare([ref], [close], FP32, fp64=no_kernel)
    assert crashed["rule"] == "cosine"
    assert crashed["fp64"] == "float64 could not run: RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Double'"


def test_a_non_deterministic_eager_model_is_not_judged() -> None:
    rng = np.random.default_rng(0)
    ref = rng.normal(size=100).astype(np.float32)
    dropped = ref * (rng.random(100) > 0.5) * 2  # dropout p=0.5 on a second run
    result = compare([ref], [ref.copy()], FP32, rerun=lambda: [dropped], fp64=_never("float64"))
    assert (result["verdict"], result["passed"], result["rule"]) == ("eager_nondeterministic", None, None)
    assert result["reason"].startswith("eager torch gives different outputs for the same inputs (output 0 moves by ")
    assert "cannot judge another runtime's" in result["reason"]
    assert all("verdict" not in o for o in result["per_output"]) and result["max_abs_diff"] == 0.0
    assert result["eager_rerun"]["error_to_scale"] > 0.5
    # A wrong runtime is not judged either: nothing can tell it from the model's own randomness.
    assert compare([ref], [-ref], FP32, rerun=lambda: [dropped])["verdict"] == "eager_nondeterministic"
    # A second run off in its last bits (an accelerator's autotuned kernels) is deterministic enough.
    last_bits = compare([ref], [ref.copy()], FP32, rerun=lambda: [ref * np.float32(1 + 1e-6)])
    assert last_bits["verdict"] == "passed" and 0 < last_bits["eager_rerun"]["error_to_scale"] < 1e-5
    # NaN in the same places on both runs agree; a second run that cannot run leaves the judgement as it is.
    with_nan = np.array([1.0, np.nan], np.float32)
    assert compare([with_nan], [with_nan], FP32, rerun=lambda: [with_nan.copy()])["verdict"] == "inconclusive"

    def broken() -> list:
        raise MemoryError("no room")

    unchecked = compare([ref], [ref.copy()], FP32, rerun=broken)
    assert unchecked["verdict"] == "passed" and unchecked["eager_rerun"] == {"error": "MemoryError: no room"}


def test_a_model_that_amplifies_rounding_without_float64_cannot_be_judged() -> None:
    ref = _exploding()
    out = ref.copy()
    out[500:] = -out[500:]
    # Eager torch itself, on inputs one rounding step away, lands as far off.
    chaotic = np.random.default_rng(1).permutation(ref)
    ones = np.ones(3, np.float32)
    result = compare([ones, ref], [ones, out], FP32, nudged=lambda: [np.ones(3), chaotic], fp64=lambda: "no float64")
    assert (result["verdict"], result["passed"]) == ("inconclusive", None)
    assert [o["verdict"] for o in result["per_output"]] == ["passed", "inconclusive"]
    assert "the model amplifies rounding" in result["reason"] and result["reason"].startswith("output 1: error ")
    assert result["eager_nudged"]["verdict"] == "failed" and result["eager_nudged"]["min_cosine"] < 0.5
    # Eager torch steady under the nudge: the failure stands.
    steady = compare([ref], [-ref], FP32, nudged=lambda: [ref * np.float32(1 + 1e-7)], fp64=lambda: "no float64")
    assert steady["verdict"] == "failed" and steady["eager_nudged"]["verdict"] == "passed"

    # A nudge that cannot run leaves the failure as it is.
    def broken() -> list:
        raise MemoryError

    assert compare([ref], [out], FP32, nudged=broken)["verdict"] == "failed"
    # Float64 subsumes the nudge: with it, the nudge is never asked, and it judges.
    judged = compare([ref], [out], FP32, nudged=_never("nudge"), fp64=lambda: [ref.astype(np.float64)])
    assert (judged["verdict"], judged["rule"]) == ("failed", "rmse_fp64")
    assert compare([ref], [ref], FP32, nudged=_never("nudge"))["verdict"] == "passed"


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_a_reference_that_is_not_finite_is_inconclusive(bad: float) -> None:
    ref = np.array([1.0, bad, 3.0], np.float32)
    out = np.array([1.0, 2.0, 3.0], np.float32)
    result = compare([ref], [out], FP32, fp64=_never("float64"), nudged=_never("nudge"))
    assert (result["verdict"], result["passed"], result["rule"]) == ("inconclusive", None, None)
    assert result["reason"] == "output 0: eager torch's output is not finite (NaN or inf)"


def test_a_non_finite_candidate_fails_and_wrong_shapes_fail() -> None:
    ref = np.array([1.0, 2.0], np.float32)
    assert compare([ref], [np.array([1.0, np.nan], np.float32)], FP32)["verdict"] == "failed"
    assert compare([ref], [np.ones(3, np.float32)], FP32)["reason"] == "output 0 has shape [3], eager torch [2]"
    assert compare([ref], [], FP32)["verdict"] == "failed"
    assert compare([], [], FP32)["verdict"] == "passed"


def test_the_parity_record_reads_results_written_before_verdicts_and_rules() -> None:
    assert Parity.from_dict({"passed": True, "max_abs_diff": 0.1}) == Parity(ParityVerdict.PASSED, max_abs_diff=0.1)
    assert Parity.from_dict({"passed": False}).verdict is ParityVerdict.FAILED
    assert Parity.from_dict({"passed": None, "reason": "x"}) == Parity(ParityVerdict.INCONCLUSIVE, reason="x")
    new = Parity.from_dict({"verdict": "eager_nondeterministic", "passed": None, "rule": None})
    assert new.verdict is ParityVerdict.EAGER_NONDETERMINISTIC and new.passed is None
    rmse = Parity.from_dict({"verdict": "passed", "passed": True, "rule": "rmse_fp64"})
    assert rmse.rule is ParityRule.RMSE_FP64 and Parity.from_dict(rmse.to_dict()) == rmse


# A runtime that returns eager torch's outputs off in their 4th digit, as onnxruntime does on exploding
# models; and one that computes the model as accurately as eager torch, on inputs one rounding step away.
PLUGINS = """
import torch
import benchit


class Noisy(benchit.Runtime):
    name = "noisy"
    devices = ("cpu",)

    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs) * (1 + 3e-4) + 1e5)


class Rounded(benchit.Runtime):
    name = "rounded"
    devices = ("cpu",)

    def prepare(self, model, args, kwargs, device, artifacts):
        moved = [a * (1 + torch.finfo(a.dtype).eps) if a.is_floating_point() else a for a in args]
        return benchit.Prepared(step=lambda: model(*moved, **kwargs))


@benchit.hookimpl
def benchit_runtimes():
    return [Noisy, Rounded]
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
    (tmp_path / "plugins" / "runtimes.py").write_text(PLUGINS)
    script = write_script(tmp_path, "models.py", SCRIPT)
    cache = tmp_path / "cache"
    args = ("--plugins-dir", tmp_path / "plugins", "--runtime", "noisy,rounded", "--cache-dir", cache)
    done = run_benchit("benchmark", script, *args, *FAST, env=ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "parity ok" in done.stdout
    assert "parity inconclusive (output 0: eager torch's output is not finite (NaN or inf))" in done.stdout
    assert "PARITY FAIL (output 0: RMSE to float64 " in done.stdout
    df = report_df(cache).set_index(["model_class", "runtime"])
    linear = df.loc[("Linear", "noisy")]
    assert (linear["parity_verdict"], linear["parity_rule"], linear["parity_passed"]) == ("passed", "allclose", True)
    assert linear["parity_max_rel_diff"] > FP32.rtol  # the old element-wise check fails it
    assert df.loc[("NotFinite", "noisy"), "parity_verdict"] == "inconclusive"
    assert pd.isna(df.loc[("NotFinite", "noisy"), "parity_passed"])
    # A model that amplifies rounding: eager torch is as far from float64 as a runtime that computes
    # it as accurately (passed), and a runtime 1e5 off is told apart (failed).
    assert tuple(df.loc[("Chaotic", "rounded"), ["parity_verdict", "parity_rule"]]) == ("passed", "rmse_fp64")
    assert tuple(df.loc[("Chaotic", "noisy"), ["parity_verdict", "parity_rule"]]) == ("failed", "rmse_fp64")
    summary = run_benchit("report", "--cache-dir", cache, "-o", tmp_path / "again.csv").stdout
    assert "parity: 2 results that cannot be judged" in summary
    assert "parity: 1 results whose outputs disagree with eager torch" in summary
    result = next((cache / "builds").glob("models-*/results/*/cpu-noisy.json"), None)
    assert result is not None and '"per_output"' in result.read_text() and '"cosine"' in result.read_text()


DROPOUT = """
import torch
import torch.nn.functional as F


class Dropping(torch.nn.Module):
    \"\"\"Dropout left on whatever the mode: benchit runs models in eval mode, but F.dropout's
    training defaults to True.\"\"\"

    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(16, 32)

    def forward(self, x):
        return F.dropout(self.fc(x), p=0.5)


torch.manual_seed(0)
Dropping().train()(torch.randn(2, 16))
torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4)).eval()(torch.randn(2, 16))
"""


def test_dropout_left_on_is_eager_nondeterministic_and_not_judged(tmp_path: Path) -> None:
    script = write_script(tmp_path, "dropout.py", DROPOUT)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--runtime", "torch,ort", "--cache-dir", cache, *FAST, env=ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cpu/ort" in done.stdout and "parity not judged (eager torch gives different outputs" in done.stdout
    df = report_df(cache).set_index(["model_class", "runtime"])
    dropping = df.loc[("Dropping", "ort")]
    assert dropping["status"] == "ok" and dropping["parity_verdict"] == "eager_nondeterministic"
    assert pd.isna(dropping["parity_passed"]) and pd.isna(dropping["parity_rule"])
    assert tuple(df.loc[("Sequential", "ort"), ["parity_verdict", "parity_passed"]]) == ("passed", True)
    assert pd.isna(df.loc[("Dropping", "torch"), "parity_verdict"])  # eager torch is the reference
    summary = run_benchit("report", "--cache-dir", cache, "-o", tmp_path / "again.csv").stdout
    assert "parity: 1 results not judged: eager torch gives different outputs on two runs" in summary
    assert "parity: 1 results whose outputs disagree" not in summary
