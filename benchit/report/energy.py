"""Energy in the report (a ``J/step`` column beside each device/runtime column that has energy) and in a comparison."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from benchit import keys
from benchit.judge.verdicts import EnergyVerdict
from benchit.report.units import ratio_interval

if TYPE_CHECKING:
    from benchit.report.compare import Comparison, Pair

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


HEAD = "energy new/base"  # a comparison's energy column


def compared(comparison: Comparison) -> bool:
    """Whether some pair of ``comparison`` has energy's verdict: its energy column is shown."""
    return any(p.energy for p in comparison.pairs)


def compare_cell(pair: Pair) -> str:
    """A pair's energy per step, NEW over BASE with its 95% interval and energy's verdict
    (``1.500 ×/÷1.004 higher``), ``inconclusive``, or ``-`` where it has none."""
    judged = pair.energy
    if judged is None:
        return "-"
    if judged.verdict is EnergyVerdict.INCONCLUSIVE or judged.ratio is None:
        return judged.verdict.value
    return f"{ratio_interval(judged.ratio, judged.ratio_low, judged.ratio_high)} {judged.verdict.value}"


def counts_line(comparison: Comparison) -> str | None:
    """``energy per step: 1 higher, 3 no significant change``, or None without energy's verdicts."""
    counts = comparison.energy_counts()
    return "energy per step: " + ", ".join(f"{n} {v}" for v, n in counts.items()) if counts else None


def geomean_lines(comparison: Comparison) -> list[str]:
    """``energy per step, geometric mean of new/base per group:`` and a line per group, with what
    it left out; nothing without energy's verdicts."""
    means = comparison.energy_geomeans()
    if not means:
        return []
    lines = ["geometric mean of energy per step new/base per group:"]
    for group, mean in means.items():
        value = "-" if mean.value is None else f"{mean.value:.3f}"
        lines.append(f"  {group}: {value} ({mean.note})")
    return lines


def inconclusive_notes(comparison: Comparison) -> list[str]:
    """Why energy was not judged, once per kind (``note: energy inconclusive: too few rounds (2),
    no energy (1)``); the Markdown, HTML and JSON outputs give each pair's reason."""
    kinds: dict[str, int] = {}
    for pair in comparison.pairs:
        if pair.energy and pair.energy.reason:
            for part in pair.energy.reason.split("; "):
                kind = part.partition(":")[0]
                kinds[kind] = kinds.get(kind, 0) + 1
    if not kinds:
        return []
    return ["note: energy inconclusive: " + ", ".join(f"{kind} ({n})" for kind, n in kinds.items())]

