"""Precisions: casting a captured model and its inputs, naming results, and parity tolerances."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from benchit.backends.tensors import map_tensors

PRECISIONS = ("fp32", "fp16", "bf16")
# Parity tolerances (rtol, atol) against eager torch in the same precision. Half precisions
# keep 11 (fp16) and 8 (bf16) significant bits, so a compiled or exported graph that fuses or
# reorders operations differs from eager by a few units in the last place of each output.
DEFAULT_TOLERANCES: dict[str, tuple[float, float]] = {
    "fp32": (1e-3, 1e-4),
    "fp16": (1e-2, 1e-3),
    "bf16": (5e-2, 1e-2),
}


def dtype(precision: str) -> Any:
    import torch

    return {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[precision]


def tolerance(precision: str, rtol: float, atol: float, given: dict[str, tuple[float, float]]) -> tuple[float, float]:
    """(rtol, atol) for ``precision``: ``given`` per precision first; fp32 falls back to --rtol
    and --atol, the others to ``DEFAULT_TOLERANCES``."""
    if precision in given:
        return given[precision]
    return (rtol, atol) if precision == "fp32" else DEFAULT_TOLERANCES[precision]


def cast_value(value: Any, target: Any) -> Any:
    """Floating-point tensors (recursively through lists, tuples and dicts) cast to ``target``;
    integer and boolean tensors, and everything else, unchanged."""
    return map_tensors(value, lambda tensor: tensor.to(target) if tensor.is_floating_point() else tensor)


def cast(item: Any, precision: str) -> Any:
    """A copy of the captured invocation ``item`` (a ``capture.Captured``) in ``precision``: the
    model deep-copied and cast, its floating-point inputs cast. fp32 returns ``item`` itself."""
    if precision == "fp32":
        return item
    target = dtype(precision)
    module = copy.deepcopy(item.module).to(target)
    return dataclasses.replace(
        item, module=module, args=cast_value(item.args, target), kwargs=cast_value(item.kwargs, target)
    )


def parse_tolerances(text: str) -> dict[str, tuple[float, float]]:
    """``bf16=0.05`` or ``bf16=0.05:0.01,fp16=0.01`` -> {precision: (rtol, atol)}; a missing
    atol is the precision's default. Raises ``ValueError`` with a readable message."""
    found: dict[str, tuple[float, float]] = {}
    for part in (p.strip() for p in text.split(",")):
        name, sep, values = part.partition("=")
        name = name.strip()
        if not sep or name not in PRECISIONS:
            raise ValueError(
                f"expected PRECISION=RTOL[:ATOL] with PRECISION one of {', '.join(PRECISIONS)}, got {part!r}"
            )
        rtol_text, _, atol_text = values.partition(":")
        try:
            rtol = float(rtol_text)
            atol = float(atol_text) if atol_text else DEFAULT_TOLERANCES[name][1]
        except ValueError:
            raise ValueError(f"tolerances must be numbers, got {part!r}") from None
        if rtol < 0 or atol < 0:
            raise ValueError(f"tolerances must not be negative, got {part!r}")
        found[name] = (rtol, atol)
    return found
