"""A machine's noise floor in a verdict."""

from __future__ import annotations

from benchit.judge.noise import pair_floor, within_floor
from benchit.judge.stats import compare_rounds
from benchit.judge.verdicts import CompareVerdict

BASE = [1.0, 1.01, 0.99, 1.0, 1.005]


def test_a_significant_change_smaller_than_the_floor_is_no_change() -> None:
    change = compare_rounds(BASE, [1.08 * r for r in BASE], threshold=0.05)
    assert change.verdict is CompareVerdict.SLOWER
    kept, why = within_floor(change, 0.10)
    assert kept.verdict is CompareVerdict.SAME and why == "within this machine's run-to-run noise, ±10.0%"
    assert (kept.ratio, kept.ratio_low, kept.p_value) == (change.ratio, change.ratio_low, change.p_value)
    faster = compare_rounds(BASE, [r / 1.08 for r in BASE], threshold=0.05)
    assert faster.verdict is CompareVerdict.FASTER
    assert within_floor(faster, 0.10)[0].verdict is CompareVerdict.SAME
    # Beyond the floor, or with none, or a floor of 0: as the test said.
    assert within_floor(change, 0.05) == (change, "")
    assert within_floor(change, None) == (change, "")
    assert within_floor(change, 0.0) == (change, "")
    same = compare_rounds(BASE, BASE, threshold=0.05)
    assert within_floor(same, 0.10) == (same, "")  # no change to explain


def test_a_pair_takes_the_larger_floor_of_its_sides() -> None:
    assert pair_floor(0.05, 0.08) == 0.08
    assert pair_floor(None, 0.03) == 0.03
    assert pair_floor(None, None) is None
