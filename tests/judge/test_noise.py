"""A machine's noise floor in a verdict."""

from __future__ import annotations

import math

from benchit.floor import band
from benchit.judge.noise import drift, pair_floor, within_floor
from benchit.judge.stats import compare_rounds
from benchit.judge.verdicts import CompareVerdict
from benchit.nested import nested

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


def test_a_floor_too_wide_to_judge_by_is_not_used() -> None:
    # Two threads on a busy 2-core VM calibrated to ±2395x: kept and shown, never a verdict's reason.
    change = compare_rounds(BASE, [2.0 * r for r in BASE], 0.05)
    assert change.verdict is CompareVerdict.SLOWER
    assert within_floor(change, 2395.0) == (change, "")
    assert within_floor(change, 0.6) == (change, "")


def test_a_change_beyond_the_floor_counts_only_when_its_interval_is_beyond_it_too() -> None:
    # Noisy rounds: the ratio is about 1.2x, significant, but its interval reaches down to about 1.07x.
    base = [1.0, 1.1, 0.92, 1.05, 0.97, 1.02]
    new = [1.2 * r for r in (1.04, 0.9, 1.08, 0.97, 1.0, 1.02)]
    change = compare_rounds(base, new, threshold=0.05)
    assert change.verdict is CompareVerdict.SLOWER and 1.0 < change.ratio_low < 1.10 < 1.15 < change.ratio
    kept, why = within_floor(change, 0.10)
    assert kept.verdict is CompareVerdict.INCONCLUSIVE and why == ""
    assert kept.reason.startswith(f"×{change.ratio:.2f} measured, but its 95% interval ×{change.ratio_low:.2f}")
    assert kept.reason.endswith("reaches into this machine's run-to-run noise, ±10.0%")
    faster = compare_rounds(new, base, threshold=0.05)
    assert faster.verdict is CompareVerdict.FASTER
    assert within_floor(faster, 0.10)[0].verdict is CompareVerdict.INCONCLUSIVE
    # A floor the whole interval clears keeps the verdict.
    assert within_floor(change, change.ratio_low - 1.0 - 0.001) == (change, "")


def test_a_change_too_noisy_to_tell_but_inside_the_floor_is_no_change() -> None:
    base = [1.0, 1.3, 0.8, 1.1, 0.9]
    change = compare_rounds(base, [1.08 * r for r in reversed(base)], threshold=0.05)
    assert change.verdict is CompareVerdict.INCONCLUSIVE and change.reason.startswith("too noisy to tell")
    kept, why = within_floor(change, 0.10)
    assert kept.verdict is CompareVerdict.SAME and kept.reason == ""
    assert why == "within this machine's run-to-run noise, ±10.0%"
    # Beyond the floor it stays too noisy to tell.
    assert within_floor(change, 0.06) == (change, "")


# Round medians (ms) and passes of two scans made one after the other on the 2-vCPU development VM
# (benchmarks/verdicts_across_runs.py, --threads 1, 2026-11-27), whose floor was ±11.4%: conv_16 as
# it is, and made 2x the work (8 convolutions for 4). Its passes differ by 13%, which two passes
# alone cannot tell from a 2x drift; mlp_512 unchanged, one scan's passes 36% apart.
PASSES = [0, 0, 0, 1, 1]
CONV = [1.417, 1.378, 1.365, 1.343, 1.342]
CONV_2X = [2.297, 2.312, 2.275, 2.574, 2.604]
MLP = [2.699, 2.684, 2.767, 2.768, 2.791]
MLP_DRIFTED = [2.807, 2.859, 2.865, 3.807, 3.893]
FLOOR = 0.1137


def test_the_floor_steadies_two_passes_between_pass_variance() -> None:
    prior = drift(FLOOR)
    assert prior is not None and prior.df == 2.0
    # The floor's band inverted: two runs with this sd per log median stay within it 95% of the time.
    assert math.isclose(band(math.sqrt(prior.variance)), FLOOR)
    logs = [math.log(m) for m in CONV_2X]
    alone, steadied = nested(logs, PASSES), nested(logs, PASSES, prior)
    assert alone.df < 2.0 < steadied.df  # one degree of freedom from two passes, more with the prior's
    assert steadied.half_width() < alone.half_width() / 2
    assert drift(None) is drift(0.0) is drift(0.6) is None  # no floor, none measured, one too wide


def test_a_2x_regression_between_two_pass_scans_is_slower_with_the_floor_as_prior() -> None:
    bare = compare_rounds(CONV, CONV_2X, 0.05, base_groups=PASSES, new_groups=PASSES)
    judged, _ = within_floor(bare, FLOOR)
    assert judged.verdict is CompareVerdict.INCONCLUSIVE  # its interval reached down to about ×1.0
    assert bare.ratio_low < 1.0 + FLOOR
    steadied = compare_rounds(CONV, CONV_2X, 0.05, base_groups=PASSES, new_groups=PASSES, drift=drift(FLOOR))
    judged, why = within_floor(steadied, FLOOR)
    assert judged.verdict is CompareVerdict.SLOWER and why == ""
    assert 1.0 + FLOOR < judged.ratio_low < judged.ratio < judged.ratio_high < 2.1


def test_an_unchanged_model_whose_passes_drifted_stays_unjudged_with_the_prior() -> None:
    steadied = compare_rounds(MLP, MLP_DRIFTED, 0.05, base_groups=PASSES, new_groups=PASSES, drift=drift(FLOOR))
    judged, _ = within_floor(steadied, FLOOR)
    assert judged.ratio > 1.0 + FLOOR and judged.verdict is CompareVerdict.INCONCLUSIVE
    assert judged.reason.startswith("too noisy to tell: ×1.20 measured, but its 95% interval ×0.9")
