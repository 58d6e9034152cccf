"""The machine-speed probes judge only what they can explain: a pair whose probes differ by p is
inconclusive only when |log ratio| <= |log p| + log(1 + threshold); a larger change keeps its verdict, noted."""

from __future__ import annotations

import math
from typing import Any

import pytest

from benchit.history.verdict import Verdict, judge
from benchit.judge.comparable import (
    ProbeDifference,
    explained_by_machine,
    probe_differences,
    speed_judged,
    speed_margin,
    speed_tolerance,
)
from benchit.judge.verdicts import CompareVerdict
from benchit.report.compare import _judge

PROBE = "python-loop-3000 CPython 3.11.9"
ROUNDS = (0.99, 1.0, 1.01, 0.995, 1.005)


def _row(probe: float, median: float) -> dict[str, Any]:
    """A result as the report's row: five steady rounds around ``median``, the probe's reading ``probe``."""
    return {"status": "ok", "rounds_ms": [median * f for f in ROUNDS], "latency_median_ms": median,
            "iterations": 30, "speed_probe_us": probe, "speed_probe": PROBE}  # fmt: skip


def test_the_probe_difference_is_a_number_with_its_side() -> None:
    found = probe_differences([(_row(100.0, 1.0), "A"), (_row(117.0, 1.0), "B")], speed_tolerance(0.05))
    assert found == [ProbeDifference("probe", pytest.approx(1.17), "B")]
    assert str(found[0]) == "probe 17% slower in B"
    assert probe_differences([(_row(100.0, 1.0), "A"), (_row(105.0, 1.0), "B")], speed_tolerance(0.05)) == []


@pytest.mark.parametrize(
    ("ratio", "explained"),
    [
        (1.1, True),  # within the probe's 17%
        (1 / 1.1, True),  # either way: a faster model on a slower machine is no verdict either
        (1.17 * 1.05, True),  # exactly the probe's difference and the threshold (on the log scale)
        (1.17 * 1.05 * 1.001, False),
        (2.0, False),  # a 2x change is never hidden by a 17% probe difference
        (0.5, False),
    ],
)
def test_a_change_is_explained_by_the_machine_only_within_the_probe_difference_and_the_threshold(
    ratio: float, explained: bool
) -> None:
    differences = [ProbeDifference("probe", 1.17, "B")]
    assert explained_by_machine(ratio, differences, 0.05) is explained
    assert explained_by_machine(ratio, [], 0.05) is False  # probes that agree explain nothing


def test_the_largest_of_two_probe_differences_is_what_the_machine_explains() -> None:
    both = [ProbeDifference("probe", 1.12, "A"), ProbeDifference("parallel probe", 1.45, "B")]
    assert explained_by_machine(1.5, both, 0.05)
    assert not explained_by_machine(1.6, both, 0.05)
    assert math.log(1.6) > math.log(1.45) + math.log(1.05)


def test_speed_judged_gives_a_reason_or_a_note() -> None:
    sides = [(_row(100.0, 1.0), "A"), (_row(117.0, 1.1), "B")]
    assert speed_judged(sides, 1.1, 0.05) == ("machine speed differed: probe 17% slower in B", "")
    assert speed_judged(sides, 2.0, 0.05) == ("", "probe 17% slower in B; the change is larger than that")
    assert speed_judged([(_row(100.0, 1.0), "A"), (_row(100.0, 2.0), "B")], 2.0, 0.05) == ("", "")


def test_compare_calls_a_2x_slowdown_slower_despite_a_17_percent_probe_difference() -> None:
    verdict, change, reason = _judge(_row(100.0, 1.0), _row(117.0, 2.0), 0.05, ("A", "B"))
    assert verdict is CompareVerdict.SLOWER and change is not None and change.ratio == pytest.approx(2.0)
    assert reason == "probe 17% slower in B; the change is larger than that"
    verdict, change, reason = _judge(_row(100.0, 1.0), _row(117.0, 1.1), 0.05, ("A", "B"))
    assert verdict is CompareVerdict.INCONCLUSIVE and change is None
    assert reason == "machine speed differed: probe 17% slower in B"
    # A 2x speed-up on a slower machine is a verdict too.
    verdict, _, reason = _judge(_row(100.0, 2.0), _row(117.0, 1.0), 0.05, ("A", "B"))
    assert verdict is CompareVerdict.FASTER and reason.startswith("probe 17% slower in B;")
    # The same probes: no note at all.
    assert _judge(_row(100.0, 1.0), _row(100.0, 2.0), 0.05, ("A", "B"))[2] == ""


def test_a_busy_side_is_still_inconclusive_with_its_probe_difference_listed() -> None:
    busy = {**_row(117.0, 2.0), "contended": True, "contended_reason": "busy: 61% CPU wait"}
    verdict, change, reason = _judge(_row(100.0, 1.0), busy, 0.05, ("A", "B"))
    assert verdict is CompareVerdict.INCONCLUSIVE and change is None
    assert reason == "busy: 61% CPU wait in B; machine speed differed: probe 17% slower in B"


def _item(probe: float, median: float) -> dict[str, Any]:
    """A result as the history database gives it back (``query.details``)."""
    return {"status": "ok", "median_ms": median, "rounds": [median * f for f in ROUNDS], "contended": False,
            "info": {"speed_probe_us": probe, "speed_probe": PROBE}}  # fmt: skip


def test_history_keeps_a_large_regression_on_a_slower_machine_with_a_note() -> None:
    baseline = [_item(100.0, 1.0), _item(101.0, 1.0), _item(99.0, 1.0)]
    verdict, change, reason = judge(_item(117.0, 2.0), baseline, 0.05)
    assert verdict is Verdict.REGRESSION and change is not None and change.ratio == pytest.approx(2.0)
    assert reason == "probe 17% slower in latest; the change is larger than that"
    verdict, change, reason = judge(_item(117.0, 1.1), baseline, 0.05)
    assert verdict is Verdict.INCONCLUSIVE and change is None
    assert reason == "machine speed differed: probe 17% slower in latest"


def test_a_probe_difference_within_the_machines_floor_is_its_usual_drift() -> None:
    sides = [(_row(100.0, 1.0), "A"), (_row(117.0, 1.0), "B")]
    assert speed_tolerance(0.05) == 0.1 and speed_tolerance(0.05, 0.2) == 0.2
    assert speed_tolerance(0.05, None) == speed_tolerance(0.05, 0.6) == speed_tolerance(0.05, 0.0) == 0.1  # unusable
    assert speed_judged(sides, 1.1, 0.05, 0.2) == ("", "")
    assert speed_judged(sides, 1.1, 0.05, 0.15)[0].startswith("machine speed differed")


def test_what_the_machine_explains_beyond_its_probes_is_its_floor_where_that_is_larger() -> None:
    """At one thread, scans whose probes read 15% to 22% apart moved unchanged models by up to 1.30x
    (2026-11-28): the floor's drift, which no probe sees, comes on top of the probe's difference."""
    assert speed_margin(0.05) == 0.05 and speed_margin(0.05, 0.114) == 0.114 and speed_margin(0.2, 0.114) == 0.2
    assert speed_margin(0.05, 0.6) == speed_margin(0.05, None) == 0.05  # an unusable floor is no margin
    sides = [(_row(100.0, 1.0), "A"), (_row(117.0, 1.25), "B")]
    assert speed_judged(sides, 1.25, 0.05) == ("", "probe 17% slower in B; the change is larger than that")
    assert speed_judged(sides, 1.25, 0.05, 0.114) == ("machine speed differed: probe 17% slower in B", "")
    # Through compare: a 1.25x change, a 17% slower probe and a ±11.4% floor are no verdict; 2x still is.
    verdict, change, reason = _judge(_row(100.0, 1.0), _row(117.0, 1.25), 0.05, ("A", "B"), floor=0.114)
    assert verdict is CompareVerdict.INCONCLUSIVE and change is None
    assert reason == "machine speed differed: probe 17% slower in B"
    assert _judge(_row(100.0, 1.0), _row(117.0, 2.0), 0.05, ("A", "B"), floor=0.114)[0] is CompareVerdict.SLOWER
    # Without the floor the same pair is called slower.
    assert _judge(_row(100.0, 1.0), _row(117.0, 1.25), 0.05, ("A", "B"))[0] is CompareVerdict.SLOWER
