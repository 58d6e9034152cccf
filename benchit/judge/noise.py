"""A machine's noise floor in a verdict: a change smaller than the floor is no change."""

from __future__ import annotations

from dataclasses import replace

from benchit.floor import noise_reason
from benchit.judge.stats import Change
from benchit.judge.verdicts import CompareVerdict


def within_floor(change: Change, floor: float | None) -> tuple[Change, str]:
    """``change`` with the floor applied, and why: a slower or faster ratio inside [1/(1+floor),
    1+floor] (the band two runs of an unchanged model stay within on this machine, ``benchit
    calibrate``) becomes no significant change, ``within this machine's run-to-run noise, ±X%``;
    anything else is left as it is, with no reason."""
    if floor is None or floor <= 0 or change.verdict not in (CompareVerdict.SLOWER, CompareVerdict.FASTER):
        return change, ""
    if 1.0 / (1.0 + floor) <= change.ratio <= 1.0 + floor:
        return replace(change, verdict=CompareVerdict.SAME), noise_reason(floor)
    return change, ""


def pair_floor(base: float | None, new: float | None) -> float | None:
    """The floor a pair measured on one machine is judged with: the larger of its sides' (either alone)."""
    known = [f for f in (base, new) if f is not None]
    return max(known) if known else None
