"""Energy in the report: a ``J/step`` column beside each device/runtime column that has energy."""

from __future__ import annotations

from typing import Any

from benchit import keys

SUFFIX = " J/step"


def joules(value: float) -> str:
    """Energy per step in three significant figures, in J, mJ or uJ."""
    for scale, unit in ((1.0, "J"), (1e-3, "mJ"), (1e-6, "uJ")):
        if abs(value) >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value * 1e9:.3g} nJ"


def with_energy(
    pairs: list[tuple[str, str]], models: list[tuple[Any, dict[str, Any], dict[tuple[str, str], dict[str, Any]]]]
) -> list[tuple[str, str]]:
    """``pairs`` with ``(device, runtime + SUFFIX)`` after each pair that has energy in some row."""
    has = {p for _, _, cells in models for p, row in cells.items() if row.get(keys.ENERGY_J) is not None}
    out: list[tuple[str, str]] = []
    for pair in pairs:
        out.append(pair)
        if pair in has:
            out.append((pair[0], pair[1] + SUFFIX))
    return out


def cell(cells: dict[tuple[str, str], dict[str, Any]], pair: tuple[str, str]) -> str | None:
    """The text of an energy column's cell (``None``: ``pair`` is not an energy column)."""
    device, runtime = pair
    if not runtime.endswith(SUFFIX):
        return None
    row = cells.get((device, runtime.removesuffix(SUFFIX)))
    value = row.get(keys.ENERGY_J) if row else None
    if value is None:
        return ""
    spread = row.get(keys.ENERGY_J_CV) if row else None
    return joules(value) + (f" ±{100 * spread:.0f}%" if spread else "")
