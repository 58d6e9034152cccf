"""A series' verdict: its latest run against a rolling baseline of earlier runs, with ``compare``'s statistics."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from enum import Enum
from typing import Any

from benchit.report.comparable import PROBE, ROUNDS, SPEED, inconclusive, positive, speed_tolerance
from benchit.report.stats import Change, compare_rounds
from benchit.report.verdict import CompareVerdict

MIN_BASELINE_RUNS = 2  # fewer usable earlier runs: too few to say what the series' level is


class Verdict(str, Enum):
    REGRESSION = "regression"
    IMPROVEMENT = "improvement"
    SAME = "no change"
    INCONCLUSIVE = "inconclusive"
    FAILING = "failing"

    @property
    def flagged(self) -> bool:
        return self in (Verdict.REGRESSION, Verdict.FAILING)


FROM_COMPARE = {
    CompareVerdict.SLOWER: Verdict.REGRESSION,
    CompareVerdict.FASTER: Verdict.IMPROVEMENT,
    CompareVerdict.SAME: Verdict.SAME,
}


def _row(item: dict[str, Any], rounds: Sequence[float], probe: tuple[float, str] | None) -> dict[str, Any]:
    """A result as the report's row, for ``report.compare.inconclusive``."""
    return {ROUNDS: list(rounds), "latency_median_ms": item.get("median_ms"), "contended": item.get("contended"),
            "contended_reason": "busy: contended", SPEED: probe[0] if probe else None,
            PROBE: probe[1] if probe else None}  # fmt: skip


def _probe(item: dict[str, Any]) -> tuple[float, str] | None:
    """A stored result's machine-speed reading and what it timed (``details.info``), if usable."""
    try:
        info = json.loads(item.get("details") or "{}").get("info", {})
        value, what = info.get(SPEED), info.get(PROBE)
    except (ValueError, AttributeError):
        return None
    return (float(value), what) if positive(value) and isinstance(what, str) else None


def judge(
    latest: dict[str, Any], baseline: Sequence[dict[str, Any]], threshold: float
) -> tuple[Verdict, Change | None, str]:
    """The latest result against the usable earlier ones (ok and not contended): Welch's t on
    the log round medians (the latest run's rounds against the baseline runs' rounds, pooled)."""
    if latest["status"] != "ok":
        why = str(latest.get("error") or latest["status"]).strip().splitlines() or [""]
        return Verdict.FAILING, None, why[0][:200]
    if len(baseline) < MIN_BASELINE_RUNS:
        return Verdict.INCONCLUSIVE, None, f"too few runs: {len(baseline)} usable in the baseline"
    pooled = [r for item in baseline for r in item["rounds"]]
    base = {"median_ms": statistics.median(pooled) if pooled else None, "contended": False}
    # The baseline's machine speed: its runs' readings' median, where every run timed the same probe.
    probes = [p for item in baseline if (p := _probe(item)) is not None]
    same = len(probes) == len(baseline) and len({what for _, what in probes}) == 1
    base_probe = (statistics.median(v for v, _ in probes), probes[0][1]) if probes and same else None
    reason = inconclusive(
        (_row(latest, latest["rounds"], _probe(latest)), "latest"),
        (_row(base, pooled, base_probe), "baseline"),
        speed=speed_tolerance(threshold),
    )
    if reason:
        return Verdict.INCONCLUSIVE, None, reason
    change = compare_rounds(pooled, latest["rounds"], threshold)
    return FROM_COMPARE.get(change.verdict, Verdict.INCONCLUSIVE), change, ""
