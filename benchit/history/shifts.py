"""A run's shift: how much slower or faster every series of one machine ran in that run, read from the series themselves.

A drifting machine moves every model of a run together. On the 2-vCPU development VM, ten
unchanged models scanned ten times one after another ran 5% fast in the first runs and 8% slow in
the last (2026-11-28, docs/performance.md, the fourteenth verdicts run): each series alone saw a
change of level, and three of them were flagged. The machine-speed probes (``measure.speed``) time
a Python loop and a thread pool, not the models, and saw part of it.

The zoo is its own probe. Tukey's median polish of the log medians (scripts by run) parts each
median into the script's level, the run's effect and what is left; the run's effect, taken as a
median over the scripts, is the machine's, not the change of one model or a few. A script counts
once, however many series it has (its runtimes, modes, precisions: a change to the script moves
them all), as the median of its series, each about its own level. The effect is read only where
nothing but the machine could have moved every series at once:

- among the runs of the same software (a run's ``fingerprint``: the environments of its results,
  torch's version and every setting among them). A new torch that slows every model is another
  fingerprint: its step is not removed, and every series shows it;
- from at least ``MIN_SCRIPTS`` scripts with series on the machine and device that ran in that run;
- no larger than ``MAX_SHIFT``: a run whose every model ran a third slower is not drift to be
  judged through but a machine to look at, and is left as it is.

``benchit history`` judges a series net of its runs' shifts (``net_of``, ``netted``), and says so
(``shift_note``).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from benchit.history.query import Points
from benchit.history.verdict import TOKEN_MEDIANS
from benchit.judge.comparable import positive
from benchit.keys import ROUNDS_MS

MIN_SCRIPTS = 5  # scripts that ran in a run, for its shift to be read (a median of fewer is one model's say)
MAX_SHIFT = 0.25  # the largest shift taken for the machine's: beyond it, the run is left as it is
SWEEPS = 10  # of the median polish, at most: its effects settle within a few
SETTLED = 1e-4  # a sweep that moves no run's effect by more (0.01%) ends the polish

Group = tuple[str, str]  # a series' machine and device: the series a run's shift is read from


@dataclass(frozen=True)
class Shift:
    """A run's shift on one machine and device: its series ran ``factor`` times their level (among
    the runs of its software), read from the series of ``scripts`` scripts."""

    factor: float
    scripts: int


def shifts(
    points: Mapping[int, Points], members: Mapping[int, tuple[Group, str]], fingerprints: Mapping[int, str]
) -> dict[tuple[int, Group], Shift]:
    """Each run's shift per machine and device, by (run id, group): from the usable points of the
    series ``points`` (by series id), ``members`` (series id -> its machine and device, and its
    script) and each run's software (run id -> fingerprint). Runs where it cannot be read are left
    out. A million points are read here, series by series in arrays."""
    import numpy as np

    # (group, software) -> script -> each of its series' (runs, log medians about the series' level)
    tables: dict[tuple[Group, str], dict[str, list[tuple[Any, Any]]]] = {}
    names = sorted(set(fingerprints.values()))
    code = {name: i for i, name in enumerate(names, 1)}  # 0: a run the database does not list
    software_of = np.zeros(max(fingerprints, default=0) + 1, dtype=np.int64)
    for run, name in fingerprints.items():
        software_of[run] = code[name]
    for sid, p in points.items():
        if sid not in members or not p.ids:
            continue
        group, script = members[sid]
        runs, medians, usable = p.columns()
        keep = usable & np.isfinite(medians) & (medians > 0)
        runs, logs = runs[keep], np.log(medians[keep])
        if not len(runs):
            continue
        software = software_of[np.minimum(runs, len(software_of) - 1)]
        one = software.min() == software.max()  # the usual: every run of one software
        for fingerprint in [int(software[0])] if one else np.unique(software).tolist():
            mine = slice(None) if one else software == fingerprint
            at, values = runs[mine], logs[mine]
            tables.setdefault((group, str(fingerprint)), {}).setdefault(script, []).append(
                (at, values - np.median(values))
            )
    found: dict[tuple[int, Group], Shift] = {}
    for (group, _), table in tables.items():
        for run, effect, count in _effects(table):
            if count >= MIN_SCRIPTS and abs(effect) <= math.log1p(MAX_SHIFT):
                found[(run, group)] = Shift(math.exp(effect), count)
    return found


def by_group(found: dict[tuple[int, Group], Shift], last_run: int) -> dict[Group, Any]:
    """Each group's factors as an array by run id (up to ``last_run``), 1 where a run has no shift:
    what a series' medians are divided by, a million at a time."""
    import numpy as np

    tables: dict[Group, Any] = {}
    for (run, group), shift in found.items():
        if group not in tables:
            tables[group] = np.ones(max(last_run, run) + 1)
        tables[group][run] = shift.factor
    return tables


def _runs(series: list[tuple[Any, Any]]) -> int:
    """How many runs a script's series ran in, at most 2: what ``_effects`` asks."""
    import numpy as np

    if len(series) == 1:
        at = series[0][0]
        return 0 if not len(at) else 1 if at.min() == at.max() else 2
    return min(2, len(np.unique(np.concatenate([at for at, _ in series]))))


def _effects(table: dict[str, list[tuple[Any, Any]]]) -> list[tuple[int, float, int]]:
    """(run, its effect on the log scale, how many scripts ran in it) for the runs of one software
    on one machine and device, by median polish of the scripts' values (the median of their
    series', a run's several results of one series averaged); only the scripts seen in two runs or
    more count (one run says nothing of how runs differ). The effects' median is zero."""
    import numpy as np

    rows = [series for series in table.values() if _runs(series) >= 2]
    if len(rows) < MIN_SCRIPTS:
        return []
    runs = np.unique(np.concatenate([at for series in rows for at, _ in series]))
    if len(runs) < 2:
        return []
    residual = np.full((len(rows), len(runs)), np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a run none of the series ran in: nan, not counted
        for i, series in enumerate(rows):
            each = np.full((len(series), len(runs)), np.nan)
            for j, (at, values) in enumerate(series):
                column = np.searchsorted(runs, at)
                sums = np.bincount(column, weights=values, minlength=len(runs))
                counts = np.bincount(column, minlength=len(runs))
                each[j] = np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)
            residual[i] = each[0] if len(series) == 1 else np.nanmedian(each, axis=0)
        effects = np.zeros(len(runs))
        median = np.nanmedian if np.isnan(residual).any() else np.median  # a full table: the faster
        for _ in range(SWEEPS):
            residual -= median(residual, axis=1, keepdims=True)
            step = np.nan_to_num(median(residual, axis=0))
            residual -= step
            effects += step
            if np.abs(step).max() < SETTLED:
                break
    effects -= np.median(effects)
    counts = (~np.isnan(residual)).sum(axis=0)
    return [(int(run), float(effects[j]), int(counts[j])) for j, run in enumerate(runs)]


def factors_of(p: Points, table: Any) -> Any:
    """The shift of each of ``p``'s runs (an array by index) from its group's table of factors by
    run id (``shifts.by_group``), or None where the group has no shift."""
    return None if table is None else table[p.columns()[0]]


def group_of(identity: dict[str, Any]) -> Group:
    """The series a series' runs' shifts are read among: those of its machine and device."""
    return str(identity["machine"]), str(identity["device"])


@dataclass(frozen=True)
class Net:
    """How a series is judged net of its runs' shifts: ``every`` result's factor, which its net
    median is over (an array by index; None: all 1), and whether its latest run and baseline are
    judged net of theirs (``applied``, their shifts read from ``scripts`` scripts at the fewest)."""

    every: Any = None
    applied: bool = False
    scripts: int = 0

    def factor(self, index: int) -> float:
        return 1.0 if self.every is None else float(self.every[index])


def net_of(
    p: Points,
    judged: list[int],
    group: Group,
    run_shifts: dict[tuple[int, Group], Shift],
    fingerprints: dict[int, str],
    factors: Any,
) -> Net:
    """``factors`` (every result's, which the series' net medians, its change point, are over), and
    whether the results at ``judged`` (the latest and its baseline window, indices into ``p``) are
    judged net of theirs: where every one of their runs has a shift and all ran the same software
    (shifts are read among one software's runs, so only theirs compare)."""
    found = [run_shifts.get((p.runs[i], group)) for i in judged]
    if len(judged) < 2 or any(s is None for s in found) or len({fingerprints.get(p.runs[i]) for i in judged}) > 1:
        return Net(every=factors)
    return Net(factors, True, min(s.scripts for s in found if s))


def netted(item: dict[str, Any], factor: float) -> dict[str, Any]:
    """A result as if its run had not shifted: its median, interval and rounds over ``factor``, and
    so its generation's (TTFT's and TPOT's median and rounds, a latency each)."""
    scaled = {k: item[k] / factor for k in ("median_ms", "ci_low_ms", "ci_high_ms") if positive(item.get(k))}
    info = dict(item.get("info") or {})
    for _, key in TOKEN_MEDIANS:
        stats = info.get(key)
        if isinstance(stats, dict) and positive(stats.get("median_ms")):
            rounds = stats.get(ROUNDS_MS)
            info[key] = {**stats, "median_ms": stats["median_ms"] / factor,
                         **({ROUNDS_MS: [r / factor for r in rounds]} if isinstance(rounds, list) else {})}  # fmt: skip
    return {**item, **scaled, "rounds": [r / factor for r in item["rounds"]], "info": info}


def shift_note(net: Net, latest: int, window: list[int]) -> tuple[float | None, str]:
    """The latest run's shift over its baseline's (the median of theirs; indices into the series)
    and a note saying it was taken out: ``machine ×1.07 slower in latest than in baseline (10
    scripts); judged net of it``."""
    if not net.applied:
        return None, ""
    before = sorted(net.factor(i) for i in window)
    ratio = net.factor(latest) / before[len(before) // 2]
    if abs(math.log(ratio)) < math.log(1.01):
        return ratio, ""
    way = "slower" if ratio > 1 else "faster"
    shown = ratio if ratio > 1 else 1 / ratio
    return ratio, f"machine ×{shown:.2f} {way} in latest than in baseline ({net.scripts} scripts); judged net of it"
