"""Comparing a runtime's outputs with eager PyTorch's on the same inputs, judged against float64 where it runs."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from benchit.records import ParityRule, ParityVerdict

# What ``Prepared.step()`` (and a model) may return, for the error that names anything else.
OUTPUT_TYPES = (
    "torch tensors, numpy arrays, Python or numpy numbers, None (skipped), and tuples, lists, dicts and "
    "other mappings, dataclasses or objects with to_tuple() (a ModelOutput) or numpy() (an OrtValue) of them"
)


def flatten(value: Any) -> list[np.ndarray]:
    """Every array in a (nested) model output, in order, as a numpy array on the host; ``TypeError``
    naming the type for anything that is none of ``OUTPUT_TYPES``: a runtime whose outputs benchit
    cannot read fails with that, not with a puzzling output-count mismatch."""
    import torch

    if value is None:
        return []
    if isinstance(value, torch.Tensor):
        tensor = value.detach().cpu()
        if tensor.dtype in (torch.bfloat16, torch.float16):
            tensor = tensor.float()
        return [tensor.numpy()]
    if isinstance(value, np.ndarray):
        return [value]
    if isinstance(value, (bool, int, float, np.generic)):
        return [np.asarray(value)]
    if isinstance(value, Mapping):  # dicts, and others' (OpenVINO's OVDict)
        return [a for v in value.values() for a in flatten(v)]
    if isinstance(value, (list, tuple)):
        return [a for v in value for a in flatten(v)]
    if hasattr(value, "to_tuple"):
        return flatten(value.to_tuple())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return flatten([getattr(value, f.name) for f in dataclasses.fields(value)])
    if callable(getattr(value, "numpy", None)):  # e.g. onnxruntime's OrtValue on a GPU
        return [np.asarray(value.numpy())]
    raise TypeError(f"an output of type {type(value).__module__}.{type(value).__qualname__} cannot be compared: "
                    f"return {OUTPUT_TYPES}")  # fmt: skip


@dataclass(frozen=True)
class Tolerances:
    """How close a runtime's outputs must be to eager torch's, per output.

    An output agrees when its error relative to its own scale, ``max|a - b| / max|ref|``, is at
    most ``scale`` and the cosine similarity of the two (flattened) is at least ``cosine``; or
    when every element is within ``atol + rtol * |ref|`` (the ``--atol``/``--rtol`` of old,
    which still lets a user accept a known offset). Together these are the ``allclose`` rule.

    An output that does not agree is judged against a float64 run of the same model (PyTorch's
    ``torch._dynamo.utils.same`` with ``fp64_ref``): it passes when its RMSE to the float64
    outputs is at most ``rmse_factor`` times eager torch's own RMSE to them, plus ``atol / 10``
    (the ``rmse_fp64`` rule). Where float64 cannot run, it passes when the cosine similarity is at
    least ``COSINE_FALLBACK`` (the ``cosine`` rule). An output is ``inconclusive`` whatever the
    rule when eager torch's is not finite.
    """

    scale: float
    cosine: float
    rtol: float = 0.0
    atol: float = 0.0
    rmse_factor: float = 2.0

    def to_dict(self) -> dict[str, float]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tolerances:
        return cls(**{f.name: float(data[f.name]) for f in dataclasses.fields(cls) if f.name in data})


# Defaults per precision of the runtime's computation. fp32 carries about 7 significant digits;
# reordered or fused reductions (onnxruntime, inductor) cost a few of them on deep models.
# fp16 keeps about 3 significant digits, bf16 about 2: their scale limits follow.
# rmse_factor is PyTorch's multiplier in ``same()``: 2, and 3 in half precisions, where its
# compile benchmark found 2 gave false alarms on models whose end-to-end accuracy was fine.
DEFAULT_TOLERANCES = {
    "fp32": Tolerances(scale=1e-3, cosine=0.9999, rtol=1e-3, atol=1e-4, rmse_factor=2.0),
    "fp16": Tolerances(scale=1e-2, cosine=0.999, rmse_factor=3.0),
    "bf16": Tolerances(scale=3e-2, cosine=0.995, rmse_factor=3.0),
}
# Training (--mode train) compares one step from the same weights, the loss, every gradient and every
# updated parameter, as PyTorch's compile benchmark does, with its training tolerance of 1e-2 where
# inference has 1e-3: a backward pass doubles the operations whose order a compiler may change. fp16
# and bf16 here mean autocast (the weights stay fp32). The atol is small because gradients of a mean
# are small: an atol near their size would pass any gradient element by element.
TRAIN_TOLERANCES = {
    "fp32": Tolerances(scale=1e-2, cosine=0.999, rtol=1e-2, atol=1e-6, rmse_factor=2.0),
    "fp16": Tolerances(scale=3e-2, cosine=0.99, rtol=3e-2, atol=1e-5, rmse_factor=3.0),
    "bf16": Tolerances(scale=5e-2, cosine=0.99, rtol=5e-2, atol=1e-5, rmse_factor=3.0),
}
# Without a float64 reference: PyTorch's compile benchmark's fallback (``same(cos_similarity=True)``).
COSINE_FALLBACK = 0.99
# Eager torch's two runs agree when each output moves by at most this fraction of the precision's
# ``scale`` tolerance, relative to the output's scale: a tenth of what a runtime is allowed. Bitwise
# equality (PyTorch's rule on CPU and CUDA) would call an accelerator's autotuned kernels, which may
# differ in the last bits from one call to the next, non-deterministic; dropout or sampling moves
# outputs by a large part of their scale and shows at once.
RERUN_FRACTION = 0.1

# Each is computed only when asked, and at most once per placement (``bench.Placement``): eager
# torch's outputs on a second run of the same inputs; a float64 copy's outputs, or why there are
# none; eager torch's outputs on inputs nudged by one rounding step (None when none is floating).
Rerun = Callable[[], list[np.ndarray]]
Fp64 = Callable[[], list[np.ndarray] | str]
Nudged = Callable[[], list[np.ndarray] | None]


def _cosine(ref64: np.ndarray, out64: np.ndarray) -> float:
    norms = float(np.linalg.norm(ref64) * np.linalg.norm(out64))
    return float(ref64 @ out64) / norms if norms > 0 else (1.0 if not out64.any() and not ref64.any() else 0.0)


def _rmse(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(a - b))))


def _output(index: int, ref: np.ndarray, out: np.ndarray, tol: Tolerances) -> tuple[dict[str, Any], bool]:
    """The statistics and ``allclose`` verdict of one output, and whether that verdict is final
    (False: it failed ``allclose`` and the float64 or cosine rule decides)."""
    stats: dict[str, Any] = {"index": index, "shape": list(ref.shape)}
    allclose = ParityRule.ALLCLOSE.value
    if ref.size == 0:
        return {**stats, "verdict": ParityVerdict.PASSED.value, "rule": allclose}, True
    ref64, out64 = ref.astype(np.float64).ravel(), out.astype(np.float64).ravel()
    if not np.isfinite(ref64).all():
        reason = "eager torch's output is not finite (NaN or inf)"
        return {**stats, "verdict": ParityVerdict.INCONCLUSIVE.value, "rule": None, "reason": reason}, True
    magnitude = np.abs(ref64)
    scale = float(magnitude.max())
    diff = np.abs(out64 - ref64)
    stats["ref_max_abs"] = scale
    if not np.isfinite(out64).all():
        reason = "not finite where eager torch is"
        return {**stats, "verdict": ParityVerdict.FAILED.value, "rule": allclose, "reason": reason}, True
    stats["max_abs_diff"] = float(diff.max())
    stats["error_to_scale"] = float(diff.max()) / scale if scale > 0 else (0.0 if diff.max() == 0 else float("inf"))
    stats["cosine"] = _cosine(ref64, out64)
    significant = magnitude > tol.atol
    stats["max_rel_diff"] = float((diff[significant] / magnitude[significant]).max()) if significant.any() else 0.0
    elementwise = bool((diff <= tol.atol + tol.rtol * magnitude).all())
    scaled = stats["error_to_scale"] <= tol.scale and stats["cosine"] >= tol.cosine
    if elementwise or scaled:
        return {**stats, "verdict": ParityVerdict.PASSED.value, "rule": allclose}, True
    reason = f"error {stats['error_to_scale']:.3g} of the output's scale, cosine {stats['cosine']:.6f}"
    return {**stats, "verdict": ParityVerdict.FAILED.value, "rule": allclose, "reason": reason}, False


def _by_fp64(
    output: dict[str, Any], ref: np.ndarray, out: np.ndarray, truth: np.ndarray, tol: Tolerances
) -> dict[str, Any] | None:
    """``output`` judged by the ``rmse_fp64`` rule, or None when the float64 output cannot judge it
    (not finite, or of another size)."""
    truth64 = np.asarray(truth, dtype=np.float64).ravel()
    if truth64.size != ref.size or not np.isfinite(truth64).all():
        return None
    eager_error = _rmse(truth64, ref.astype(np.float64).ravel())
    error = _rmse(truth64, out.astype(np.float64).ravel())
    bound = tol.rmse_factor * eager_error + tol.atol / 10
    stats = {**output, "rule": ParityRule.RMSE_FP64.value, "rmse_fp64": error, "eager_rmse_fp64": eager_error}
    if error <= bound:
        return {**stats, "verdict": ParityVerdict.PASSED.value, "reason": None}
    reason = (
        f"RMSE to float64 {error:.3g}, over {tol.rmse_factor:g} x eager torch's {eager_error:.3g} + atol/10 "
        f"({output['reason']})"
    )
    return {**stats, "verdict": ParityVerdict.FAILED.value, "reason": reason}


def _by_cosine(output: dict[str, Any], why: str) -> dict[str, Any]:
    """``output`` judged by the ``cosine`` rule (no float64 reference: ``why``)."""
    stats = {**output, "rule": ParityRule.COSINE.value}
    if output["cosine"] >= COSINE_FALLBACK:
        return {**stats, "verdict": ParityVerdict.PASSED.value, "reason": None}
    reason = f"{output['reason']}, under {COSINE_FALLBACK:g} without a float64 reference ({why})"
    return {**stats, "verdict": ParityVerdict.FAILED.value, "reason": reason}


def _unmatched(record: dict[str, Any], reason: str) -> dict[str, Any]:
    """The verdict when the outputs cannot even be paired (their count or sizes differ)."""
    return {
        **record,
        "verdict": ParityVerdict.FAILED.value,
        "passed": False,
        "rule": None,
        "max_abs_diff": None,
        "max_rel_diff": None,
        "reason": reason,
    }


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:300]}" if text else type(exc).__name__


def compare(
    reference: list[np.ndarray],
    candidate: list[np.ndarray],
    tolerances: Tolerances,
    nudged: Nudged | None = None,
    *,
    rerun: Rerun | None = None,
    fp64: Fp64 | None = None,
) -> dict[str, Any]:
    """Compare each output (see ``Tolerances``): ``verdict`` is a ``ParityVerdict``'s value,
    ``failed`` if any output failed, else ``inconclusive`` if any could not be judged, else
    ``passed``; ``passed`` is True, False or None; ``rule`` the ``ParityRule`` that decided;
    ``outputs`` counts the outputs, ``per_output`` keeps each one's statistics.

    ``rerun`` gives eager torch's outputs from a second run: when they differ from ``reference``
    (see ``RERUN_FRACTION``) the verdict is ``eager_nondeterministic`` and no output is judged.
    ``fp64`` gives the float64 outputs (or why there are none), asked only when an output fails
    ``allclose``. ``nudged``, asked only where the ``cosine`` rule fails an output, gives eager
    torch's outputs on inputs moved by about one rounding step: an output eager torch itself does
    not reproduce under that nudge is ``inconclusive`` (the model amplifies rounding so much that
    no runtime, however right, could agree with it). A float64 run subsumes the nudge where it
    runs: it measures how far eager torch is from the exact result, and judges against that.
    """
    record: dict[str, Any] = {**tolerances.to_dict(), "outputs": len(reference)}
    pairs = _pairs(reference, candidate)
    if isinstance(pairs, str):
        return _unmatched(record, pairs)
    judged = [_output(index, ref, out, tolerances) for index, (ref, out) in enumerate(pairs)]
    per_output = [stats for stats, _ in judged]
    if rerun is not None:
        moved = _rerun(reference, rerun, tolerances, record)
        if moved is not None:
            return {**record, **_not_judged(per_output, moved)}
    open_ = [index for index, (_, final) in enumerate(judged) if not final]
    if open_:
        truth, why = _fp64(fp64, len(reference))
        record["fp64"] = "ran" if truth is not None else why
        for index in open_:
            ref, out = pairs[index]
            decided = _by_fp64(per_output[index], ref, out, truth[index], tolerances) if truth is not None else None
            per_output[index] = decided or _by_cosine(per_output[index], why or "the float64 output is not finite")
        cosine_failed = [
            i
            for i in open_
            if per_output[i]["rule"] == ParityRule.COSINE and per_output[i]["verdict"] == ParityVerdict.FAILED
        ]
        if nudged is not None and cosine_failed:
            per_output = _nudge(record, reference, per_output, nudged, tolerances, cosine_failed)
    return {**record, **_summary(per_output)}


def _pairs(reference: list[np.ndarray], candidate: list[np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]] | str:
    """Each reference output with the candidate's of the same size, or why they cannot be paired."""
    if len(reference) != len(candidate):
        return f"{len(candidate)} outputs, eager torch gives {len(reference)}"
    pairs = []
    for index, (ref, out) in enumerate(zip(reference, candidate, strict=True)):
        ref, out = np.asarray(ref), np.asarray(out)
        if ref.shape != out.shape:
            if ref.size != out.size:
                return f"output {index} has shape {list(out.shape)}, eager torch {list(ref.shape)}"
            out = out.reshape(ref.shape)
        pairs.append((ref, out))
    return pairs


def _rerun(reference: list[np.ndarray], rerun: Rerun, tol: Tolerances, record: dict[str, Any]) -> str | None:
    """Why eager torch's second run differs from its first, or None when it agrees (or cannot run:
    then the check is skipped, and ``record`` says why)."""
    try:
        again = rerun()
    except Exception as exc:  # noqa: BLE001 - without a second run, judge as before
        record["eager_rerun"] = {"error": _first_line(exc)}
        return None
    if len(again) != len(reference):
        return f"a second run gives {len(again)} outputs, the first {len(reference)}"
    worst: tuple[float, int, float] = (0.0, 0, 1.0)
    for index, (ref, other) in enumerate(zip(reference, again, strict=True)):
        ref64, other64 = np.asarray(ref, np.float64).ravel(), np.asarray(other, np.float64).ravel()
        if ref64.size != other64.size:
            return f"output {index} has {other64.size} elements on a second run, {ref64.size} on the first"
        finite = np.isfinite(ref64)
        if not np.array_equal(finite, np.isfinite(other64)) or not np.array_equal(
            ref64[~finite], other64[~finite], equal_nan=True
        ):
            return f"output {index} is not finite in other places on a second run"
        if not finite.any():
            continue
        scale = float(np.abs(ref64[finite]).max())
        moved = float(np.abs(ref64[finite] - other64[finite]).max())
        fraction = moved / scale if scale > 0 else (0.0 if moved == 0 else float("inf"))
        if fraction > worst[0]:
            worst = (fraction, index, _cosine(ref64[finite], other64[finite]))
    fraction, index, cosine = worst
    record["eager_rerun"] = {"error_to_scale": fraction, "cosine": cosine}
    if fraction <= RERUN_FRACTION * tol.scale:
        return None
    return f"output {index} moves by {fraction:.3g} of its scale on a second run, cosine {cosine:.4f}"


def _not_judged(per_output: list[dict[str, Any]], moved: str) -> dict[str, Any]:
    """The record when eager torch differs from itself: the figures, no verdict on any output."""
    kept = [{k: v for k, v in o.items() if k not in ("verdict", "reason", "rule")} for o in per_output]
    reason = (
        f"eager torch gives different outputs for the same inputs ({moved}), so they cannot judge "
        "another runtime's: random ops in eval mode? (F.dropout defaults to training=True)"
    )
    return {
        **_summary(per_output),
        "verdict": ParityVerdict.EAGER_NONDETERMINISTIC.value,
        "passed": None,
        "rule": None,
        "reason": reason,
        "per_output": kept[:64],
    }


def _fp64(fp64: Fp64 | None, count: int) -> tuple[list[np.ndarray] | None, str | None]:
    """The float64 outputs, or None and why not."""
    if fp64 is None:
        return None, "none was given"
    try:
        truth = fp64()
    except Exception as exc:  # noqa: BLE001 - without float64, the cosine rule judges
        return None, f"float64 could not run: {_first_line(exc)}"
    if isinstance(truth, str):
        return None, truth
    if len(truth) != count:
        return None, f"the float64 copy gives {len(truth)} outputs, eager torch {count}"
    return truth, None


def _nudge(
    record: dict[str, Any],
    reference: list[np.ndarray],
    per_output: list[dict[str, Any]],
    nudged: Nudged,
    tolerances: Tolerances,
    failed: list[int],
) -> list[dict[str, Any]]:
    """Outputs that failed the ``cosine`` rule made inconclusive where eager torch, nudged by one
    rounding step, fails against itself as well."""
    try:
        again = nudged() or []
    except Exception:  # noqa: BLE001 - without the nudge the failure stands
        again = []
    pairs = _pairs(reference, again)
    if isinstance(pairs, str):
        return per_output
    own = [_output(index, ref, out, tolerances)[0] for index, (ref, out) in enumerate(pairs)]
    own = [o if o["verdict"] != ParityVerdict.FAILED else _by_cosine(o, "") for o in own]
    summary = _summary(own)
    record["eager_nudged"] = {k: summary[k] for k in ("verdict", "error_to_scale", "min_cosine")}
    return [_unstable(output, own[index]) if index in failed else output for index, output in enumerate(per_output)]


def _unstable(output: dict[str, Any], nudged: dict[str, Any]) -> dict[str, Any]:
    """``output`` made inconclusive when it failed and eager torch, nudged, fails as well."""
    if output["verdict"] != ParityVerdict.FAILED or nudged["verdict"] != ParityVerdict.FAILED:
        return output
    reason = (
        f"{output['reason']}, but eager torch itself moves by {nudged['error_to_scale']:.3g} of the output's scale "
        f"(cosine {nudged['cosine']:.6f}) when its inputs move by one rounding step: the model amplifies rounding"
    )
    return {**output, "verdict": ParityVerdict.INCONCLUSIVE.value, "reason": reason, "nudged_cosine": nudged["cosine"]}


# When every output passed, the loosest rule one of them needed is the result's rule.
_LOOSENESS = {ParityRule.ALLCLOSE.value: 0, ParityRule.RMSE_FP64.value: 1, ParityRule.COSINE.value: 2}


def _summary(per_output: list[dict[str, Any]]) -> dict[str, Any]:
    verdicts = [o["verdict"] for o in per_output]
    verdict = (
        ParityVerdict.FAILED
        if ParityVerdict.FAILED in verdicts
        else ParityVerdict.INCONCLUSIVE
        if ParityVerdict.INCONCLUSIVE in verdicts
        else ParityVerdict.PASSED
    )
    judged = [o for o in per_output if "max_abs_diff" in o]
    first = next((o for o in per_output if o["verdict"] == verdict and o.get("reason")), None)
    if verdict is ParityVerdict.PASSED:
        rule = max((o["rule"] for o in per_output), key=_LOOSENESS.__getitem__, default=ParityRule.ALLCLOSE.value)
    else:
        rule = next(o.get("rule") for o in per_output if o["verdict"] == verdict)
    return {
        "verdict": verdict.value,
        "passed": verdict.passed,
        "rule": rule,
        "max_abs_diff": max((o["max_abs_diff"] for o in judged), default=0.0),
        "max_rel_diff": max((o["max_rel_diff"] for o in judged), default=0.0),
        "error_to_scale": max((o["error_to_scale"] for o in judged), default=0.0),
        "min_cosine": min((o["cosine"] for o in judged), default=1.0),
        "reason": f"output {first['index']}: {first['reason']}" if first else None,
        "per_output": per_output[:64],  # a model with thousands of outputs keeps the first ones
    }
