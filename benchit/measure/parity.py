"""Comparing a runtime's outputs with eager PyTorch's on the same inputs."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np


def flatten(value: Any) -> list[np.ndarray]:
    """Every array in a (nested) model output, in order, as a numpy array on the host."""
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
    if isinstance(value, dict):
        return [a for v in value.values() for a in flatten(v)]
    if isinstance(value, (list, tuple)):
        return [a for v in value for a in flatten(v)]
    if hasattr(value, "to_tuple"):
        return flatten(value.to_tuple())
    if callable(getattr(value, "numpy", None)):  # e.g. onnxruntime's OrtValue on a GPU
        return [np.asarray(value.numpy())]
    return []


@dataclass(frozen=True)
class Tolerances:
    """How close a runtime's outputs must be to eager torch's, per output.

    An output agrees when its error relative to its own scale, ``max|a - b| / max|ref|``, is at
    most ``scale`` and the cosine similarity of the two (flattened) is at least ``cosine``; or
    when every element is within ``atol + rtol * |ref|`` (the ``--atol``/``--rtol`` of old,
    which still lets a user accept a known offset). An output is ``inconclusive`` when the
    reference is not finite, or when its magnitudes span more than ``decades`` orders (the
    largest over the median of the non-zero ones): the precision cannot resolve the small
    values beside the large ones, so neither verdict would mean anything.
    """

    scale: float
    cosine: float
    decades: float
    rtol: float = 0.0
    atol: float = 0.0

    def to_dict(self) -> dict[str, float]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tolerances:
        return cls(**{f.name: float(data[f.name]) for f in dataclasses.fields(cls) if f.name in data})


# Defaults per precision of the runtime's computation. fp32 carries about 7 significant digits;
# reordered or fused reductions (onnxruntime, inductor) cost a few of them on deep models.
# fp16 keeps about 3 significant digits, bf16 about 2: their scale and span limits follow.
DEFAULT_TOLERANCES = {
    "fp32": Tolerances(scale=1e-3, cosine=0.9999, decades=6.0, rtol=1e-3, atol=1e-4),
    "fp16": Tolerances(scale=1e-2, cosine=0.999, decades=3.0),
    "bf16": Tolerances(scale=3e-2, cosine=0.995, decades=2.0),
}


def _output(index: int, ref: np.ndarray, out: np.ndarray, tol: Tolerances) -> dict[str, Any]:
    """The statistics and verdict of one output."""
    stats: dict[str, Any] = {"index": index, "shape": list(ref.shape)}
    if ref.size == 0:
        return {**stats, "verdict": "passed"}
    ref64, out64 = ref.astype(np.float64).ravel(), out.astype(np.float64).ravel()
    if not np.isfinite(ref64).all():
        return {**stats, "verdict": "inconclusive", "reason": "eager torch's output is not finite (NaN or inf)"}
    magnitude = np.abs(ref64)
    scale = float(magnitude.max())
    diff = np.abs(out64 - ref64)
    stats["ref_max_abs"] = scale
    if not np.isfinite(out64).all():
        return {**stats, "verdict": "failed", "reason": "not finite where eager torch is"}
    stats["max_abs_diff"] = float(diff.max())
    stats["error_to_scale"] = float(diff.max()) / scale if scale > 0 else (0.0 if diff.max() == 0 else float("inf"))
    norms = float(np.linalg.norm(ref64) * np.linalg.norm(out64))
    stats["cosine"] = (
        float(ref64 @ out64) / norms if norms > 0 else (1.0 if not out64.any() and not ref64.any() else 0.0)
    )
    nonzero = magnitude[magnitude > 0]
    decades = float(np.log10(scale / np.median(nonzero))) if nonzero.size else 0.0
    stats["decades"] = decades
    significant = magnitude > tol.atol
    stats["max_rel_diff"] = float((diff[significant] / magnitude[significant]).max()) if significant.any() else 0.0
    elementwise = bool((diff <= tol.atol + tol.rtol * magnitude).all())
    scaled = stats["error_to_scale"] <= tol.scale and stats["cosine"] >= tol.cosine
    if elementwise or scaled:
        return {**stats, "verdict": "passed"}
    if decades > tol.decades:
        reason = f"eager torch's output spans {decades:.1f} orders of magnitude (over {tol.decades:g})"
        return {**stats, "verdict": "inconclusive", "reason": reason}
    reason = f"error {stats['error_to_scale']:.3g} of the output's scale, cosine {stats['cosine']:.6f}"
    return {**stats, "verdict": "failed", "reason": reason}


def _unmatched(record: dict[str, Any], reason: str) -> dict[str, Any]:
    """The verdict when the outputs cannot even be paired (their count or sizes differ)."""
    return {
        **record,
        "verdict": "failed",
        "passed": False,
        "max_abs_diff": None,
        "max_rel_diff": None,
        "reason": reason,
    }


def compare(
    reference: list[np.ndarray],
    candidate: list[np.ndarray],
    tolerances: Tolerances,
    nudged: Callable[[], list[np.ndarray] | None] | None = None,
) -> dict[str, Any]:
    """Compare each output (see ``Tolerances``): ``verdict`` is ``failed`` if any output failed,
    else ``inconclusive`` if any could not be judged, else ``passed``; ``passed`` is True, False
    or None (inconclusive); ``outputs`` keeps each output's statistics.

    ``nudged``, when some output fails, gives eager torch's outputs on inputs moved by about one
    rounding step. An output that eager torch itself does not reproduce under that nudge is
    ``inconclusive``: the model (random weights, deep, unnormalised) amplifies rounding so much
    that no runtime, however right, could agree with it.
    """
    record: dict[str, Any] = {**tolerances.to_dict(), "outputs": len(reference)}
    per_output = _each(reference, candidate, tolerances)
    if isinstance(per_output, str):
        return _unmatched(record, per_output)
    if nudged is not None and any(o["verdict"] == "failed" for o in per_output):
        try:
            again = nudged() or []
        except Exception:  # noqa: BLE001 - without the nudge the failure stands
            again = []
        own = _each(reference, again, tolerances)
        if not isinstance(own, str):
            summary = _summary(own)
            record["eager_nudged"] = {k: summary[k] for k in ("verdict", "error_to_scale", "min_cosine")}
            per_output = [_unstable(o, n) for o, n in zip(per_output, own, strict=True)]
    return {**record, **_summary(per_output)}


def _each(reference: list[np.ndarray], candidate: list[np.ndarray], tolerances: Tolerances) -> list[dict] | str:
    """Each output's statistics and verdict, or why the outputs cannot be paired."""
    if len(reference) != len(candidate):
        return f"{len(candidate)} outputs, eager torch gives {len(reference)}"
    per_output = []
    for index, (ref, out) in enumerate(zip(reference, candidate, strict=True)):
        out = np.asarray(out)
        if ref.shape != out.shape:
            if ref.size != out.size:
                return f"output {index} has shape {list(out.shape)}, eager torch {list(ref.shape)}"
            out = out.reshape(ref.shape)
        per_output.append(_output(index, ref, out, tolerances))
    return per_output


def _unstable(output: dict[str, Any], nudged: dict[str, Any]) -> dict[str, Any]:
    """``output`` made inconclusive when it failed and eager torch, nudged, fails as well."""
    if output["verdict"] != "failed" or nudged["verdict"] != "failed":
        return output
    reason = (
        f"{output['reason']}, but eager torch itself moves by {nudged['error_to_scale']:.3g} of the output's scale "
        f"(cosine {nudged['cosine']:.6f}) when its inputs move by one rounding step: the model amplifies rounding"
    )
    return {**output, "verdict": "inconclusive", "reason": reason, "nudged_cosine": nudged["cosine"]}


def _summary(per_output: list[dict[str, Any]]) -> dict[str, Any]:
    verdicts = [o["verdict"] for o in per_output]
    verdict = "failed" if "failed" in verdicts else "inconclusive" if "inconclusive" in verdicts else "passed"
    judged = [o for o in per_output if "max_abs_diff" in o]
    first = next((o for o in per_output if o["verdict"] == verdict and "reason" in o), None)
    return {
        "verdict": verdict,
        "passed": {"passed": True, "failed": False}.get(verdict),
        "max_abs_diff": max((o["max_abs_diff"] for o in judged), default=0.0),
        "max_rel_diff": max((o["max_rel_diff"] for o in judged), default=0.0),
        "error_to_scale": max((o["error_to_scale"] for o in judged), default=0.0),
        "min_cosine": min((o["cosine"] for o in judged), default=1.0),
        "reason": f"output {first['index']}: {first['reason']}" if first else None,
        "per_output": per_output[:64],  # a model with thousands of outputs keeps the first ones
    }
