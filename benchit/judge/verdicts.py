"""The verdict of ``benchit compare`` (and, through it, of ``benchit history``) on one measurement, BASE against NEW."""

from __future__ import annotations

from enum import Enum


class CompareVerdict(str, Enum):
    """What happened to one measurement between BASE and NEW."""

    FASTER = "faster"
    SLOWER = "slower"
    SAME = "no significant change"
    NEWLY_FAILING = "newly failing"
    FIXED = "fixed"
    BOTH_FAILING = "failing in both"
    ONLY_BASE = "only in base"
    ONLY_NEW = "only in new"
    # Measured on both sides, but not comparable: a side was contended (a busy machine), has too
    # few rounds, or has no usable median. Never counted as faster or slower.
    INCONCLUSIVE = "inconclusive"

    @property
    def worse(self) -> bool:
        """Whether NEW is worse off than BASE here: what ``--fail-on any`` flags."""
        return self in (CompareVerdict.SLOWER, CompareVerdict.NEWLY_FAILING)

    @property
    def better(self) -> bool:
        return self in (CompareVerdict.FASTER, CompareVerdict.FIXED)


class EnergyVerdict(str, Enum):
    """What happened to one measurement's energy per step between BASE and NEW: its own verdict,
    beside latency's (``judge.energy``)."""

    LOWER = "lower"
    HIGHER = "higher"
    SAME = "no significant change"
    # Not comparable: a side has no energy, too few rounds of it, or was contended.
    INCONCLUSIVE = "inconclusive"
