"""Comparing a runtime's outputs with eager PyTorch's on the same inputs."""

from __future__ import annotations

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


def compare(reference: list[np.ndarray], candidate: list[np.ndarray], rtol: float, atol: float) -> dict[str, Any]:
    """Max absolute and relative difference, and whether every output is within tolerance
    (``|candidate - reference| <= atol + rtol * |reference|``). The relative difference is
    taken over elements whose reference magnitude exceeds ``atol``."""
    record: dict[str, Any] = {"rtol": rtol, "atol": atol, "outputs": len(reference)}
    if len(reference) != len(candidate):
        return {
            **record,
            "passed": False,
            "max_abs_diff": None,
            "max_rel_diff": None,
            "reason": f"{len(candidate)} outputs, eager torch gives {len(reference)}",
        }
    max_abs = max_rel = 0.0
    passed = True
    for index, (ref, out) in enumerate(zip(reference, candidate, strict=True)):
        out = np.asarray(out)
        if ref.shape != out.shape:
            if ref.size != out.size:
                return {
                    **record,
                    "passed": False,
                    "max_abs_diff": None,
                    "max_rel_diff": None,
                    "reason": f"output {index} has shape {list(out.shape)}, eager torch {list(ref.shape)}",
                }
            out = out.reshape(ref.shape)
        if ref.size == 0:
            continue
        ref64, out64 = ref.astype(np.float64), out.astype(np.float64)
        diff = np.abs(out64 - ref64)
        both_nan = np.isnan(ref64) & np.isnan(out64)
        diff = np.where(both_nan, 0.0, diff)
        if np.isnan(diff).any():
            passed, max_abs, max_rel = False, float("nan"), float("nan")
            continue
        max_abs = max(max_abs, float(diff.max()))
        # Relative difference where the reference is not ~0; near zero the absolute one speaks.
        significant = np.abs(ref64) > atol
        if significant.any():
            max_rel = max(max_rel, float((diff[significant] / np.abs(ref64[significant])).max()))
        passed = passed and bool((diff <= atol + rtol * np.abs(ref64)).all())
    return {**record, "passed": passed, "max_abs_diff": max_abs, "max_rel_diff": max_rel}
