"""A series' verdict: its latest run against a rolling baseline of earlier runs, with ``compare``'s statistics."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from benchit.floor import usable
from benchit.judge.comparable import PROBES, positive, speed_judged, speed_tolerance, why_inconclusive
from benchit.judge.energy import MIN_ROUNDS as ENERGY_MIN_ROUNDS
from benchit.judge.energy import energy_passes, energy_rounds
from benchit.judge.noise import drift, series_band, series_noise, within_floor
from benchit.judge.stats import Change, compare_rounds
from benchit.judge.verdicts import CompareVerdict
from benchit.keys import (
    CONTENDED,
    CONTENDED_REASON,
    ENERGY_J,
    LATENCY_MEDIAN_MS,
    ROUNDS_MS,
    TPOT_STATS,
    TTFT_STATS,
)

MIN_BASELINE_RUNS = 2  # fewer usable earlier runs: too few to say what the series' level is


class Verdict(str, Enum):
    REGRESSION = "regression"
    IMPROVEMENT = "improvement"
    SAME = "no change"
    INCONCLUSIVE = "inconclusive"
    FAILING = "failing"


FROM_COMPARE = {
    CompareVerdict.SLOWER: Verdict.REGRESSION,
    CompareVerdict.FASTER: Verdict.IMPROVEMENT,
    CompareVerdict.SAME: Verdict.SAME,
}


def _row(item: dict[str, Any], rounds: Sequence[float], probes: dict[str, Any]) -> dict[str, Any]:
    """A result as the report's row, for ``judge.comparable.why_inconclusive``."""
    return {ROUNDS_MS: list(rounds), LATENCY_MEDIAN_MS: item.get("median_ms"), CONTENDED: item.get("contended"),
            CONTENDED_REASON: "busy: contended", **probes}  # fmt: skip


def _probe(item: dict[str, Any], reading: str, what: str) -> tuple[float, str] | None:
    """A stored result's reading of one machine-speed probe and what it timed (its ``info``), if usable."""
    info = item.get("info") or {}
    value, timed = info.get(reading), info.get(what)
    return (float(value), timed) if positive(value) and isinstance(timed, str) else None


def _probes(latest: dict[str, Any], baseline: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The latest run's probe readings and the baseline's: per probe, the median of its runs'
    readings, where every run timed the same probe (else the baseline's speed is unknown)."""
    mine: dict[str, Any] = {}
    theirs: dict[str, Any] = {}
    for reading, what, _ in PROBES:
        if (own := _probe(latest, reading, what)) is not None:
            mine.update({reading: own[0], what: own[1]})
        found = [p for item in baseline if (p := _probe(item, reading, what)) is not None]
        if found and len(found) == len(baseline) and len({timed for _, timed in found}) == 1:
            theirs.update({reading: statistics.median(v for v, _ in found), what: found[0][1]})
    return mine, theirs


def _against_baseline(
    latest: dict[str, Any], baseline: Sequence[dict[str, Any]], threshold: float, floor: float | None = None
) -> Change:
    """The latest run's rounds (nested in its passes) against the baseline's, pooled and nested in
    their runs: the spread from run to run is what a nightly series has to beat. ``floor``: the
    machine's, whose drift between processes is the prior of both sides' (``judge.noise.drift``)."""
    pooled = [r for item in baseline for r in item["rounds"]]
    runs = [i for i, item in enumerate(baseline) for _ in item["rounds"]]
    return compare_rounds(pooled, latest["rounds"], threshold, base_groups=runs,
                          new_groups=latest.get("round_passes") or None, drift=drift(floor))  # fmt: skip


def _band(baseline: Sequence[dict[str, Any]], floor: float | None) -> tuple[float | None, str | None]:
    """The band a latest run's change is judged within (``judge.noise.within_floor``) and what it
    is: the series' own run-to-run spread over its baseline runs (``series_band``) where it is
    wider than the machine's floor (a model drifts between runs by its own measure), else the floor."""
    band = series_band([item.get("median_ms") for item in baseline])
    if band is not None and usable(band) and not (usable(floor) and floor is not None and floor >= band):
        return band, series_noise(band, len(baseline))
    return floor, None


def judge(
    latest: dict[str, Any],
    baseline: Sequence[dict[str, Any]],
    threshold: float,
    floor: float | None = None,
    shifted: bool = False,
) -> tuple[Verdict, Change | None, str]:
    """The latest result against the usable earlier ones (ok and not contended): Welch's t on
    the log round medians (the latest run's rounds against the baseline runs' rounds, pooled).
    ``floor``: the machine's noise floor; a change within it, or within the series' own spread
    from run to run where that is wider (``_band``), is no change (``judge.noise``). ``shifted``:
    the results are net of their runs' shifts (``history.shifts``), the machine's speed read from
    the zoo itself, so the machine-speed probes, a coarser reading of it, are not consulted."""
    if latest["status"] != "ok":
        why = str(latest.get("error") or latest["status"]).strip().splitlines() or [""]
        return Verdict.FAILING, None, why[0][:200]
    if len(baseline) < MIN_BASELINE_RUNS:
        return Verdict.INCONCLUSIVE, None, f"too few runs: {len(baseline)} usable in the baseline"
    pooled = [r for item in baseline for r in item["rounds"]]
    base = {"median_ms": statistics.median(pooled) if pooled else None, "contended": False}
    mine, theirs = ({}, {}) if shifted else _probes(latest, baseline)
    sides = [(_row(latest, latest["rounds"], mine), "latest"), (_row(base, pooled, theirs), "baseline")]
    reason = why_inconclusive(*sides, speed=speed_tolerance(threshold, floor))
    if reason:
        return Verdict.INCONCLUSIVE, None, reason
    nested = _against_baseline(latest, baseline, threshold, floor)
    # A change larger than the probes' difference keeps its verdict, with the difference noted.
    reason, note = speed_judged(sides, nested.ratio, threshold, floor)
    if reason:
        return Verdict.INCONCLUSIVE, None, reason
    change, noise = within_floor(nested, *_band(baseline, floor))
    reasons = (change.reason, noise, note)
    return FROM_COMPARE.get(change.verdict, Verdict.INCONCLUSIVE), change, "; ".join(r for r in reasons if r)


# --mode generate: TTFT and TPOT judged as the latency is, each from its own round medians
# (``info.ttft_stats.rounds_ms``, in the order of the result's rounds and passes).
TOKEN_MEDIANS = (("ttft", TTFT_STATS), ("tpot", TPOT_STATS))


def _as_median(item: dict[str, Any], stats_key: str) -> dict[str, Any] | None:
    """A stored generate result seen as one of its generation medians (its rounds, its median), if it has it."""
    medians = (item.get("info") or {}).get(stats_key)
    if not isinstance(medians, dict) or not positive(medians.get("median_ms")):
        return None
    rounds = medians.get(ROUNDS_MS) or [medians["median_ms"]]
    passes = item.get("round_passes") if len(item.get("round_passes") or ()) == len(rounds) else []
    return {**item, "median_ms": medians["median_ms"], "rounds": list(rounds), "round_passes": passes}


@dataclass(frozen=True)
class TokenVerdict:
    """A series' own verdict besides its latency's (``name``: a generate series' ``ttft`` or
    ``tpot``, or ``energy`` per step): its verdict, change and why."""

    name: str
    verdict: Verdict
    change: Change | None
    reason: str

    def flat(self) -> dict[str, Any]:
        c = self.change
        return {f"{self.name}_ratio": c.ratio if c else None, f"{self.name}_ratio_ci_low": c.ratio_low if c else None,
                f"{self.name}_ratio_ci_high": c.ratio_high if c else None, f"{self.name}_verdict": self.verdict.value,
                f"{self.name}_reason": self.reason}  # fmt: skip


def judge_tokens(
    latest: dict[str, Any],
    baseline: Sequence[dict[str, Any]],
    threshold: float,
    floor: float | None = None,
    shifted: bool = False,
) -> tuple[TokenVerdict, ...]:
    """TTFT's and TPOT's verdicts (``judge``, ``shifted`` as there) for a generate series whose
    latest result and every baseline result have them; none for others."""
    if latest["status"] != "ok" or not baseline:
        return ()
    found = []
    for name, stats_key in TOKEN_MEDIANS:
        own = _as_median(latest, stats_key)
        theirs = [seen for item in baseline if (seen := _as_median(item, stats_key)) is not None]
        if own is not None and len(theirs) == len(baseline):
            found.append(TokenVerdict(name, *judge(own, theirs, threshold, floor, shifted)))
    return tuple(found)


def _as_energy(item: dict[str, Any]) -> dict[str, Any] | None:
    """A stored result seen as its energy per step (its rounds' energies, nested in their passes,
    read as ``compare`` reads them), if it has it."""
    rounds = energy_rounds(item)
    if not rounds or not all(positive(r) for r in rounds):
        return None
    median = item[ENERGY_J] if positive(item.get(ENERGY_J)) else statistics.median(rounds)
    return {**item, "median_ms": median, "rounds": rounds, "round_passes": energy_passes(item) or []}


def judge_energy(latest: dict[str, Any], baseline: Sequence[dict[str, Any]], threshold: float) -> TokenVerdict | None:
    """Energy per step's own verdict (``energy``) for a series whose latest result and every
    baseline result have energy, by compare's rules for energy (``judge.energy``): the rounds'
    energies tested as latency's round medians are (the baseline's nested in their runs), with no
    machine-speed probes and no noise floor (both are latency's); inconclusive with too few runs
    or rounds, or a busy latest run. A regression is more energy per step. None without energy."""
    if latest["status"] != "ok" or not baseline:
        return None
    own = _as_energy(latest)
    theirs = [seen for item in baseline if (seen := _as_energy(item)) is not None]
    if own is None or len(theirs) != len(baseline):
        return None
    if len(theirs) < MIN_BASELINE_RUNS:
        return TokenVerdict("energy", Verdict.INCONCLUSIVE, None, f"too few runs: {len(theirs)} usable in the baseline")
    if len(own["rounds"]) < ENERGY_MIN_ROUNDS:
        return TokenVerdict("energy", Verdict.INCONCLUSIVE, None, f"too few rounds: {len(own['rounds'])} in latest")
    if latest.get(CONTENDED):
        return TokenVerdict("energy", Verdict.INCONCLUSIVE, None, "busy: contended")
    change = _against_baseline(own, theirs, threshold)
    return TokenVerdict("energy", FROM_COMPARE.get(change.verdict, Verdict.INCONCLUSIVE), change, change.reason)
