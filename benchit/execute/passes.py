"""Passes: a result measured over several workers of one scan (``--passes``), joined pass by pass as each arrives.

A scan makes ``TimingSettings.pass_count`` passes over its scripts. Each pass runs the script again
in a fresh worker, later in the scan, and measures its share of every model's rounds
(``TimingSettings.for_pass``). The coordinator joins each pass's result to the one already in the
cache (``join``): the rounds keep their pass (``Stats.round_passes``) and the statistics are
those of all the rounds, nested in their passes (``measure.timing.merge_passes``). A result is
complete when all its passes are (``complete``): a scan that was stopped measures, when run
again, only the passes its results still lack.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from benchit import keys
from benchit.config import TimingSettings
from benchit.measure import energy
from benchit.measure.timing import merge_passes
from benchit.measure.tokenstats import join_columns
from benchit.records import Result, ResultStatus


def complete(result: Result, timing: TimingSettings) -> bool:
    """Whether ``result`` needs no more passes: it did not measure (failed, unavailable: another
    pass would end the same), or it has as many passes as the scan makes."""
    if result.status is not ResultStatus.OK or result.stats is None:
        return True
    return result.stats.passes >= timing.pass_count


def joins(earlier: Result | None, later: Result, timing: TimingSettings, since: float) -> bool:
    """Whether ``later`` is one more pass of ``earlier`` (the result in the cache at the same
    measurement, script version and machine), rather than a new result that replaces it: both
    measured, ``earlier`` still lacks passes, and it was written by this scan (at or after
    ``since``) or by an earlier scan with the same timing settings that stopped before its last pass."""
    if earlier is None or earlier.stats is None or later.stats is None:
        return False
    if earlier.status is not ResultStatus.OK or later.status is not ResultStatus.OK:
        return False
    if earlier.script_digest != later.script_digest or complete(earlier, timing):
        return False
    same_machine = earlier.machine is not None and later.machine is not None and earlier.machine.id == later.machine.id
    if not same_machine:
        return False  # a pass on another machine is never mixed into a result
    if (earlier.finished or 0.0) >= since:
        return True
    before = earlier.environment.get("timing")
    return isinstance(before, dict) and before == timing.to_dict()


def _geometric(a: Any, b: Any) -> Any:
    good = all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in (a, b))
    return math.sqrt(a * b) if good else b if b is not None else a


# ``info`` facts that add up over passes, and those where the larger stands.
_SUMMED = (keys.BLOCKS_DISCARDED, keys.QUIET_WAIT_S, keys.INVOLUNTARY_CONTEXT_SWITCHES)
_LARGEST = (keys.PEAK_RSS_BYTES, keys.PEAK_MEMORY_ALLOCATED_BYTES, keys.PEAK_MEMORY_RESERVED_BYTES)
# The machine-speed probes: each pass's reading is of its own process; the result's is their
# geometric mean, as its rounds span both.
_PROBES = (keys.SPEED_PROBE_US, keys.PARALLEL_PROBE_US)


_ENERGY = (keys.ENERGY_J, keys.ENERGY_J_ROUNDS, keys.ENERGY_J_CV, keys.POWER_W, keys.POWER_W_ROUNDS, keys.POWER_W_CV,
           keys.ENERGY_ROUND_PASSES)  # fmt: skip


def _rounds(info: dict[str, Any], key: str) -> list[float] | None:
    values = info.get(key)
    if not isinstance(values, list) or not values or not all(isinstance(v, (int, float)) for v in values):
        return None
    return [float(v) for v in values]


def _energy(earlier: Result, later: Result) -> dict[str, Any]:
    """The energy facts of two passes joined: every round of both, the pass of each, medians and
    spreads over them all, as latency's rounds; where a pass has none, none, with its reason."""
    assert earlier.stats is not None
    sides = [(_rounds(r.info, keys.ENERGY_J_ROUNDS), _rounds(r.info, keys.POWER_W_ROUNDS)) for r in (earlier, later)]
    if all(s is None and p is None for s, p in sides):
        return {}
    if any(s is None or p is None or len(s) != len(p) for s, p in sides):
        why = later.info.get(keys.ENERGY_REASON) or earlier.info.get(keys.ENERGY_REASON)
        return {**dict.fromkeys(_ENERGY), keys.ENERGY_REASON: why or "a pass had no energy"}
    (steps, power), (more_steps, more_power) = sides
    assert steps is not None and power is not None and more_steps is not None and more_power is not None
    groups = earlier.info.get(keys.ENERGY_ROUND_PASSES)
    if not isinstance(groups, list) or len(groups) != len(steps):
        groups = [0] * len(steps)
    out = energy.summary(steps + more_steps, power + more_power)
    out[keys.ENERGY_ROUND_PASSES] = [*groups, *[earlier.stats.passes] * len(more_steps)]
    extended = [r.info.get(keys.ENERGY_EXTENDED_STEPS) for r in (earlier, later)]
    out[keys.ENERGY_EXTENDED_STEPS] = sum(v for v in extended if isinstance(v, int))
    return out


def join(earlier: Result, later: Result, timing: TimingSettings) -> Result:
    """``earlier`` with the pass ``later`` added: the statistics over every round, nested in
    passes (energy's rounds too); contended where either pass was (with the first reason); the
    parity verdict of the first pass (the same model and runtime: later passes are timed, not
    judged again, unless the first had none); memory peaks the larger; counts summed; probes
    averaged; in generate mode TTFT and TPOT over both passes' calls (``tokenstats.join_columns``);
    the rest the later pass's own (its environment, its measurement's start and end)."""
    assert earlier.stats is not None and later.stats is not None
    stats = merge_passes(earlier.stats, later.stats, earlier.stats.passes, timing.ci_tolerance)
    info = {**earlier.info, **later.info}
    for key in _SUMMED:
        if isinstance(earlier.info.get(key), (int, float)) and isinstance(later.info.get(key), (int, float)):
            info[key] = earlier.info[key] + later.info[key]
    for key in _LARGEST:
        found = [v for v in (earlier.info.get(key), later.info.get(key)) if isinstance(v, (int, float))]
        if found:
            info[key] = max(found)
    for key in _PROBES:
        if key in earlier.info or key in later.info:
            info[key] = _geometric(earlier.info.get(key), later.info.get(key))
    for key, value in _energy(earlier, later).items():  # None: a fact left out
        if value is None:
            info.pop(key, None)
        else:
            info[key] = value
    contended = earlier.contended or later.contended
    if earlier.contended and keys.CONTENDED_REASON in earlier.info:
        info[keys.CONTENDED_REASON] = earlier.info[keys.CONTENDED_REASON]
    elif not contended:
        info.pop(keys.CONTENDED_REASON, None)
    overhead = info.get(keys.OVERHEAD_NS)
    if isinstance(overhead, (int, float)) and stats.median_ms > 0:
        info[keys.OVERHEAD_FRACTION] = overhead * 1e-6 / stats.median_ms
    if keys.TTFT_STATS in later.info:  # --mode generate: TTFT and TPOT over both passes' calls
        info.update(join_columns(earlier.info, later.info, stats.median_ms, len(stats.rounds_ms)))
    throughput = later.throughput_per_s
    if throughput is not None and later.stats.median_ms > 0 and stats.median_ms > 0:
        throughput = throughput * later.stats.median_ms / stats.median_ms
    return dataclasses.replace(
        later,
        stats=stats,
        info=info,
        contended=contended,
        parity=earlier.parity if earlier.parity is not None else later.parity,
        throughput_per_s=throughput,
    )
