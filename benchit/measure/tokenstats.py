"""TTFT and TPOT statistics of ``--mode generate``: over the timed calls, per round, and joined over passes."""

from __future__ import annotations

from typing import Any

from benchit import keys
from benchit.measure.timing import SAMPLES_KEPT, median_ci, percentile

# The statistics of each median in a result's ``info`` (``keys.TTFT_STATS``, ``keys.TPOT_STATS``):
# its name, its interval's two columns, its stats key and the tokens per second it gives.
MEDIANS = (
    (keys.TTFT_MS, keys.TTFT_CI_LOW_MS, keys.TTFT_CI_HIGH_MS, keys.TTFT_STATS, keys.PREFILL_TOKENS_PER_S),
    (keys.TPOT_MS, keys.TPOT_CI_LOW_MS, keys.TPOT_CI_HIGH_MS, keys.TPOT_STATS, keys.DECODE_TOKENS_PER_S),
)


def median(values: list[float]) -> float:
    return percentile(sorted(values), 50)


def summary(values: list[float], rounds: list[list[float]], round_count: int) -> dict[str, Any]:
    """One median's statistics (ms): the median of every timed call's value, its distribution-free
    interval, up to ``SAMPLES_KEPT`` per-call samples and, where the result's ``Stats`` have round
    medians (``round_count`` of them, more than one), the median of each round's calls
    (``rounds_ms``, in the order of ``Stats.rounds_ms``, so the pass of each is ``Stats.round_passes``)."""
    ordered = sorted(values)
    middle = percentile(ordered, 50)
    low, high = median_ci(ordered)
    out: dict[str, Any] = {"median_ms": middle, "median_ci_low_ms": low, "median_ci_high_ms": high,
                           "samples_ms": [round(v, 5) for v in values[:SAMPLES_KEPT]]}  # fmt: skip
    medians = [round(median(r), 5) for r in rounds if r]
    if round_count > 1 and len(medians) == round_count:
        out[keys.ROUNDS_MS] = medians
    return out


def _rounds_of(side: dict[str, Any]) -> list[float]:
    """A pass's round medians; a pass of one round is its median (as ``timing.merge_passes`` has it)."""
    rounds = side.get(keys.ROUNDS_MS)
    return [float(r) for r in rounds] if rounds else [round(float(side["median_ms"]), 5)]


def join_columns(earlier: dict[str, Any], later: dict[str, Any], e2e_ms: float, round_count: int) -> dict[str, Any]:
    """The generation columns of a result whose passes (``--passes``) gave ``earlier``'s and
    ``later``'s ``info``: TTFT and TPOT the medians of both passes' calls (their kept samples
    pooled), each interval the wider of the pooled samples' and the span of the two passes'
    medians, so that passes that disagree widen it; their round medians joined in the order of
    ``timing.merge_passes`` (kept where they are as many as the joined ``Stats``' ``round_count``);
    the calls and recompiles summed; the tokens per second from the new medians; E2E the joined
    result's median ``e2e_ms``."""
    out: dict[str, Any] = {keys.E2E_MS: e2e_ms}
    for key in (keys.GENERATE_CALLS_TIMED, keys.RECOMPILES):
        a, b = earlier.get(key), later.get(key)
        if isinstance(a, int) and isinstance(b, int):
            out[key] = a + b
    for name, low, high, stats_key, rate in MEDIANS:
        sides = [info.get(stats_key) for info in (earlier, later)]
        if not all(isinstance(s, dict) and s.get("samples_ms") for s in sides):
            continue
        values = [float(v) for s in sides for v in s["samples_ms"]]  # type: ignore[index]
        ordered = sorted(values)
        middle = percentile(ordered, 50)
        ci_low, ci_high = median_ci(ordered)
        medians = [float(s["median_ms"]) for s in sides]  # type: ignore[index]
        ci_low, ci_high = min(ci_low, *medians), max(ci_high, *medians)
        out.update({name: middle, low: ci_low, high: ci_high})
        joined: dict[str, Any] = {"median_ms": middle, "median_ci_low_ms": ci_low, "median_ci_high_ms": ci_high,
                                  "samples_ms": [round(v, 5) for v in values[:SAMPLES_KEPT]]}  # fmt: skip
        rounds = [r for s in sides for r in _rounds_of(s)]  # type: ignore[arg-type]
        if len(rounds) == round_count:
            joined[keys.ROUNDS_MS] = rounds
        out[stats_key] = joined
        # tokens per second is (batch x tokens) / the median: the later pass's, rescaled
        before, per_s = later.get(name), later.get(rate)
        if isinstance(before, (int, float)) and isinstance(per_s, (int, float)) and middle > 0:
            out[rate] = per_s * before / middle
    return out
