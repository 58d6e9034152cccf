"""Whether two results can be compared (busy, too few rounds, no median, another machine speed), and why not."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypeGuard

from benchit.floor import usable
from benchit.keys import (
    CONTENDED,
    CONTENDED_REASON,
    CPU_PRESSURE,
    CPU_WAIT_FRACTION,
    ITERATIONS,
    LATENCY_MEDIAN_MS,
    MACHINE,
    PARALLEL_PROBE,
    PARALLEL_PROBE_US,
    ROUND_PASSES,
    ROUNDS_MS,
    RUNNABLE_OTHERS,
    SPEED_PROBE,
    SPEED_PROBE_US,
    STEAL_FRACTION,
)
from benchit.numeric import finite_number

# Each machine-speed probe (``measure.speed``): its reading's column, what-was-timed's column, and
# its name in a reason. The second, torch's thread pool, is read only with more than one thread.
PROBES = ((SPEED_PROBE_US, SPEED_PROBE, "probe"), (PARALLEL_PROBE_US, PARALLEL_PROBE, "parallel probe"))
# Above the probe's own spread: a worker's reading (the median of its 5 rounds') ranged 117 to 131
# us over 50 one-thread scans on a steady host (a pair of them differed by up to 7%), unrelated to
# the model's median in them; in a host slow phase 79% of readings were more than 10% slow. The
# thread pool's probe: within 4% across 15 two-thread processes at one level, 47% slower at the other.
MIN_SPEED_TOLERANCE = 0.10
SPEED_DIFFERED = "machine speed differed"  # the kind of reason a probe difference gives
LARGER = "the change is larger than that"  # the end of a verdict's note on a smaller probe difference
MIN_ROUNDS = 2  # fewer: no spread across processes to test against
MIN_SAMPLES = 2


def positive(value: Any) -> TypeGuard[float]:
    """A median a ratio can be taken of: a positive, finite number."""
    return finite_number(value) and value > 0


def busy_reason(row: dict[str, Any]) -> str:
    """Why a result is contended, for people: its ``contended_reason``, else one built from the
    evidence (``busy: 61% CPU wait, 12% steal``)."""
    reason = row.get(CONTENDED_REASON)
    if reason:
        return str(reason)
    parts = []
    for column, what in ((CPU_WAIT_FRACTION, "CPU wait"), (STEAL_FRACTION, "steal"), (CPU_PRESSURE, "CPU pressure")):
        value = row.get(column)
        if positive(value):
            parts.append(f"{value * 100:.0f}% {what}")
    others = row.get(RUNNABLE_OTHERS)
    if positive(others):
        parts.append(f"{others:.1f} other runnable tasks")
    return "busy: " + ", ".join(parts) if parts else "busy"


def round_medians(row: dict[str, Any]) -> list[float]:
    """The median of each round of a row's result; a result without rounds is one round, its median."""
    rounds = row.get(ROUNDS_MS)
    if rounds is not None and len(rounds):
        return [float(r) for r in rounds]
    median = row.get(LATENCY_MEDIAN_MS)
    return [float(median)] if finite_number(median) else []


def round_passes(row: dict[str, Any]) -> list[int] | None:
    """The pass of each of a row's round medians (``round_medians``), or None: one pass."""
    passes = row.get(ROUND_PASSES)
    if passes is None or not len(passes) or len(passes) != len(round_medians(row)):
        return None
    return [int(p) for p in passes]


def speed_tolerance(threshold: float, floor: float | None = None) -> float:
    """How far two results' machine-speed probes may differ before a pair of them is not judged:
    half the smallest change worth a verdict (in a host slow phase the probe moved more than a
    one-thread model: 1.51x against 1.34x; so a machine that could move a median by the threshold
    moves the probe past half of it), at least the probe's own spread across processes, and at
    least the machine's noise floor where it has a usable one: a probe that moved less than the
    machine drifts from run to run saw that drift, which the floor already accounts for."""
    return max(threshold / 2, MIN_SPEED_TOLERANCE, floor if usable(floor) and floor is not None else 0.0)


@dataclass(frozen=True)
class ProbeDifference:
    """One machine-speed probe that read slower on one side: its name, slow over fast (above 1) and
    the slow side's label."""

    name: str  # ``probe``, ``parallel probe``
    ratio: float
    slower_in: str

    def __str__(self) -> str:
        return f"{self.name} {(self.ratio - 1) * 100:.0f}% slower in {self.slower_in}"


def _differed(
    sides: list[tuple[dict[str, Any], str]], tolerance: float, reading: str, what: str, name: str
) -> ProbeDifference | None:
    """One probe's difference where its readings differ by more than ``tolerance``."""
    timed = {row.get(what) for row, _ in sides}
    if len(timed) > 1 or not isinstance(timed.pop(), str):
        return None
    probes = [(float(row[reading]), label) for row, label in sides if positive(row.get(reading))]
    if len(probes) < 2 or len(probes) < len(sides):
        return None
    (fast, _), (slow, label) = min(probes), max(probes)
    return ProbeDifference(name, slow / fast, label) if slow > fast * (1 + tolerance) else None


def probe_differences(sides: list[tuple[dict[str, Any], str]], tolerance: float) -> list[ProbeDifference]:
    """The sides' machine-speed probes that differ by more than ``tolerance`` (the thread pool's,
    ``parallel probe``, with more than one thread). A probe is not judged where a side has no
    reading or does not say what it timed (a result from before the probe, a one-thread result's
    thread pool), where the sides timed different probes (another Python; another thread count or
    torch), nor between two machines (``compare --by machine``), whose speeds differ by nature."""
    if len({str(row.get(MACHINE)) for row, _ in sides}) > 1:
        return []
    found = (_differed(sides, tolerance, reading, what, name) for reading, what, name in PROBES)
    return [difference for difference in found if difference is not None]


def speed_differed(sides: list[tuple[dict[str, Any], str]], tolerance: float) -> str:
    """``probe 35% slower in A`` where the sides' machine-speed probes differ by more than
    ``tolerance`` (``parallel probe 45% slower in B``), else nothing (``probe_differences``)."""
    return ", ".join(str(difference) for difference in probe_differences(sides, tolerance))


def explained_by_machine(ratio: float, differences: list[ProbeDifference], margin: float) -> bool:
    """Whether a change of ``ratio`` could be the machine's: |log ratio| is at most |log p| of the
    largest probe difference p plus log(1 + ``margin``): what the probe saw, and what the machine
    moves besides, unseen by it (``speed_margin``). A 2x change is never hidden by a 17% probe
    difference; a 1.1x one is."""
    if not differences:
        return False
    largest = max(abs(math.log(difference.ratio)) for difference in differences)
    return abs(math.log(ratio)) <= largest + math.log1p(margin)


def speed_margin(threshold: float, floor: float | None = None) -> float:
    """What a machine whose probes differ may move a median by beyond the probes' own difference:
    the smallest change worth a verdict, or the machine's noise floor where it has a usable one and
    that is larger. The floor is the drift between runs that no probe sees; a slower probe does not
    make it go away. (2026-11-28: at one thread, in scans whose probes read 15% to 22% apart,
    unchanged models moved 1.22x to 1.30x; with the threshold alone as the margin five of them were
    called ``faster`` or ``slower``; docs/performance.md, the sixth run.)"""
    return max(threshold, floor) if floor is not None and usable(floor) else threshold


def speed_judged(
    sides: list[tuple[dict[str, Any], str]], ratio: float, threshold: float, floor: float | None = None
) -> tuple[str, str]:
    """The machine-speed probes' say on a pair whose change is ``ratio``: (why it is inconclusive,
    a note for its verdict). ``machine speed differed: probe 17% slower in B`` when the probes
    differ beyond ``speed_tolerance`` and could explain the change (``explained_by_machine``, with
    ``speed_margin``); else the verdict stands with ``probe 17% slower in B; the change is larger
    than that``; nothing when the probes agree. The threshold and the machine's floor decide both."""
    differences = probe_differences(sides, speed_tolerance(threshold, floor))
    if not differences:
        return "", ""
    text = ", ".join(str(difference) for difference in differences)
    if explained_by_machine(ratio, differences, speed_margin(threshold, floor)):
        return f"{SPEED_DIFFERED}: {text}", ""
    return "", f"{text}; {LARGER}"


def why_inconclusive(*sides: tuple[dict[str, Any], str], speed: float | None = None) -> str:
    """Why two results cannot be compared, or nothing: ``busy: 61% CPU wait in B`` (a side was
    contended), ``too few rounds: 1 in A`` (no spread across processes to test against), ``no
    median: 0 ms in B``, ``too few samples: 1 in A``; each kind once, with every side it applies to. With ``speed`` (a fraction), a pair with
    another reason also lists its probes' differences beyond it (``machine speed differed: probe
    35% slower in A``); a pair with none is judged by ``speed_judged`` once its ratio is known."""
    found: dict[str, list[str]] = {}
    for row, label in sides:
        if row.get(CONTENDED):
            found.setdefault("busy", []).append(
                f"{busy_reason(row).removeprefix('busy').lstrip(': ')} in {label}".strip()
            )
        rounds = round_medians(row)
        median = row.get(LATENCY_MEDIAN_MS)
        iterations = row.get(ITERATIONS)
        usable = rounds and all(positive(r) for r in rounds) and positive(median)
        if not usable:
            found.setdefault("no median", []).append(f"{median} ms in {label}")
        elif len(rounds) < MIN_ROUNDS:
            found.setdefault("too few rounds", []).append(f"{len(rounds)} in {label}")
        if isinstance(iterations, (int, float)) and iterations < MIN_SAMPLES:
            found.setdefault("too few samples", []).append(f"{iterations} in {label}")
    if found and speed is not None and (differed := speed_differed(list(sides), speed)):
        found[SPEED_DIFFERED] = [differed]
    return "; ".join(f"{kind}: {', '.join(where)}" for kind, where in found.items())
