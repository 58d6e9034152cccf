"""``benchit history``'s answer: for each selected series, its latest run judged against its baseline, its last change point, and what changed."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import compress
from typing import Any

from sqlalchemy import Connection

from benchit.floor import inside, percent, release, usable
from benchit.history import query
from benchit.history.changepoint import last_change
from benchit.history.changes import differences
from benchit.history.shifts import Net, by_group, factors_of, group_of, net_of, netted, shift_note, shifts
from benchit.history.verdict import MIN_BASELINE_RUNS, TokenVerdict, Verdict, judge, judge_energy, judge_tokens
from benchit.judge.comparable import positive
from benchit.judge.noise import series_band
from benchit.judge.stats import Change
from benchit.nested import level_df
from benchit.report.units import Interval, interval

# Verdicts in the order a table lists them: what needs a look first.
ORDER = [Verdict.REGRESSION, Verdict.FAILING, Verdict.INCONCLUSIVE, Verdict.IMPROVEMENT, Verdict.SAME]


@dataclass(frozen=True)
class SeriesReport:
    """One series: what it is, its latest run, the verdict, the change point and what changed."""

    id: int
    identity: dict[str, Any]
    runs: int
    latest_run: str
    latest_time: float
    latest_median_ms: float | None
    baseline_median_ms: float | None
    baseline_runs: int
    verdict: Verdict
    change: Change | None
    reason: str
    change_point_run: str | None = None
    change_point_ratio: float | None = None
    last_good_run: str | None = None
    first_bad_run: str | None = None
    changed: tuple[str, ...] = ()
    chart: dict[str, Any] = field(default_factory=dict)  # the dashboard's points, when asked
    latest_energy_j: float | None = None  # energy per step, where the device has a counter
    baseline_energy_j: float | None = None  # ... the median of the baseline's runs
    tokens: tuple[TokenVerdict, ...] = ()  # a generate series: TTFT's and TPOT's own verdicts
    energy: TokenVerdict | None = None  # energy per step's own verdict, where every run has energy
    machine_shift: float | None = None  # judged net of the runs' shifts: the latest run's over its baseline's

    @property
    def name(self) -> str:
        i = self.identity
        return f"{i['script']} {i['model']}".strip()

    def flat(self) -> dict[str, Any]:
        i, c = self.identity, self.change
        return {
            "script": i["script"], "model": i["model"], "invocation": i["invocation"], "script_args": i["script_args"],
            "device": i["device"], "runtime": i["runtime"], "precision": i["precision"], "machine": i["machine"],
            "hostname": i["hostname"], "mode": i["mode"], "runtime_options": i["runtime_options"],
            "runs": self.runs, "latest_run": self.latest_run, "latest_median_ms": self.latest_median_ms,
            "baseline_median_ms": self.baseline_median_ms, "baseline_runs": self.baseline_runs,
            "ratio": c.ratio if c else None, "ratio_ci_low": c.ratio_low if c else None,
            "ratio_ci_high": c.ratio_high if c else None, "p_value": c.p_value if c else None,
            "method": c.method if c else None, "verdict": self.verdict.value, "reason": self.reason,
            "change_point_run": self.change_point_run, "change_point_ratio": self.change_point_ratio,
            "last_good_run": self.last_good_run, "first_bad_run": self.first_bad_run, "changed": "; ".join(self.changed),
            "machine_shift": self.machine_shift,
            **_energy(self.latest_energy_j, self.baseline_energy_j),
            **self._judged_energy(),
            **{k: v for t in self.tokens for k, v in t.flat().items()},
        }  # fmt: skip

    def _judged_energy(self) -> dict[str, Any]:
        """``energy_verdict`` and ``energy_reason``, and the tested ratio with its interval where
        there is one (else ``energy_ratio`` stays latest over baseline)."""
        if self.energy is None:
            return {}
        flat = self.energy.flat()
        return flat if self.energy.change else {k: v for k, v in flat.items() if not k.startswith("energy_ratio")}


def analyse(
    connection: Connection, filters: query.Filters, baseline: int, threshold: float, chart_runs: int = 0
) -> list[SeriesReport]:
    """Every selected series' report, regressions first; ``chart_runs``: keep that many last points
    for a chart. Each series is judged net of its runs' shifts (``history.shifts``), which are read
    from every series of the database in those runs, whatever the filters select: a filter changes
    which series are shown, not their verdicts."""
    everything = query.series(connection)
    chosen = {sid: series for sid, series in everything.items() if filters.admits(series)}
    runs_of = query.tagged_runs(connection, filters.tags) if filters.tags else None
    found = query.points(connection, filters.since, runs_of)
    run_names = query.runs(connection)
    fingerprints = query.fingerprints(connection)
    groups = {sid: group_of(s) for sid, s in everything.items()}
    run_shifts = shifts(
        found, {sid: (group, str(everything[sid]["script"])) for sid, group in groups.items()}, fingerprints
    )
    tables = by_group(run_shifts, max(run_names, default=0))
    plans: list[tuple[int, query.Points, list[int], int, Any, float | None]] = []
    nets: dict[int, Net] = {}
    wanted: list[int] = []
    for sid, raw in found.items():
        if sid not in chosen:
            continue
        factors = factors_of(raw, tables.get(groups[sid]))
        p = (
            raw
            if factors is None
            else query.Points(raw.ids, raw.runs, (raw.columns()[1] / factors).tolist(), raw.usable)
        )
        last = len(p.ids) - 1
        window = [i for i in range(max(0, last - baseline), last) if p.usable[i]]
        usable = list(compress(range(len(p.usable)), p.usable))
        cp = last_change(list(compress(p.medians, p.usable)))
        cp_index = usable[cp.index] if cp else -1
        # A level that moved by less than the series' own spread before it did not move.
        cp_band = _band_before(p, cp_index, baseline) if cp else None
        window = _before_the_step(p, window, cp_index, cp.ratio if cp else 1.0, _margin(threshold, cp_band))
        plans.append((sid, p, window, cp_index, cp, cp_band))
        nets[sid] = net_of(raw, [last, *window], groups[sid], run_shifts, fingerprints, factors)
        wanted += [p.ids[last], *(p.ids[i] for i in window)]
        if chart_runs:
            wanted += p.ids[-chart_runs:]
    rows = query.details(connection, wanted)
    floors = query.floors(connection)
    known = query.environments(connection, {r["environment_id"] for r in rows.values()}) if floors else {}
    judged = [_report(chosen[sid], p, window, cp_index, cp, rows, run_names, threshold, chart_runs,
                      _floor(chosen[sid], [rows[p.ids[i]] for i in (len(p.ids) - 1, *window)], known, floors), cp_band,
                      nets[sid])
              for sid, p, window, cp_index, cp, cp_band in plans]  # fmt: skip
    rows.update(query.details(connection, [r for _, pair in judged for r in pair if r not in rows]))
    envs = query.environments(connection, {rows[r]["environment_id"] for _, pair in judged for r in pair})
    reports = [_with_changes(rep, pair, rows, envs, run_names) for rep, pair in judged]
    reports.sort(key=lambda r: (ORDER.index(r.verdict), -(r.change.ratio if r.change else 0.0), r.name))
    return reports


# A change seen in the latest run alone is a verdict only beyond this power of the margin (1 plus
# the threshold, the machine's floor or the series' own spread, the widest): smaller, it waits for
# the next run. One run can stray by a state of its own: on the 2-vCPU VM an unchanged 0.27 ms
# convolution ran 7% fast in both passes (two processes) of one run of ten, where the other nine
# models did not move and its own earlier runs had stayed within 2% (2026-11-28, the thirteenth
# verdicts run). A larger change, 1.5x, needs no second run.
CONFIRM = 2.0


def _alone(p: query.Points, last: int, window: list[int], ratio: float, margin: float) -> bool:
    """Whether the latest run's change of ``ratio`` is small (inside ``(1 + margin) ** CONFIRM``)
    and seen in it alone: the usable run before it stayed within ``margin`` of the baseline's
    level, or moved the other way. A step that began a run or more earlier is confirmed."""
    if not window or not inside(ratio, (1.0 + margin) ** CONFIRM - 1.0):
        return False
    before = [m for i in window if p.usable[i] and (m := p.medians[i])]
    previous = next((i for i in range(last - 1, -1, -1) if p.usable[i]), None)
    if not before or previous is None or not positive(p.medians[previous]):
        return False
    level, seen = sorted(before)[len(before) // 2], p.medians[previous]
    return not (seen > level * (1.0 + margin) if ratio > 1.0 else seen < level / (1.0 + margin))


def _unconfirmed(ratio: float, margin: float) -> str:
    way = "slower" if ratio > 1.0 else "faster"
    return (
        f"×{ratio:.2f} {way} in the latest run alone, within {percent(((1.0 + margin) ** CONFIRM) - 1.0)}:"
        " a change this small is a verdict once the next run confirms it"
    )


def _floor(
    identity: dict[str, Any], items: list[dict[str, Any]], envs: dict[int, dict[str, Any]], floors: query.Floors
) -> float | None:
    """The noise floor the latest result is judged with: the largest of its run's and its baseline
    runs' floors on the series' machine, at each result's thread count and torch release."""
    found = []
    for item in items:
        env = envs.get(item["environment_id"]) or {}
        try:
            key = (item["run_id"], identity["machine"], int(env["threads"]), release(str(env["versions"]["torch"])))
        except (KeyError, TypeError, ValueError):
            continue
        if key in floors:
            found.append(floors[key])
    return max(found, default=None)


def _report(
    identity: dict[str, Any],
    p: query.Points,
    window: list[int],
    cp_index: int,
    cp: Any,
    rows: dict[int, dict[str, Any]],
    run_names: dict[int, tuple[str, float]],
    threshold: float,
    chart_runs: int,
    floor: float | None = None,
    cp_band: float | None = None,
    net: Net | None = None,
) -> tuple[SeriesReport, tuple[int, ...]]:
    """The series' report, and the results (last good, first bad) whose differences explain a
    regression. ``p``'s medians are net of their runs' shifts; ``net`` says whether the latest
    run and its baseline are judged so (else as measured, the probes consulted)."""
    net = net or Net()
    last = len(p.ids) - 1
    latest = rows[p.ids[last]]
    baseline = [rows[p.ids[i]] for i in window]
    # The latest result and its baseline, net of their runs' shifts where ``net`` says so.
    mine, theirs = latest, baseline
    if net.applied:
        mine, theirs = netted(latest, net.factor(last)), [netted(rows[p.ids[i]], net.factor(i)) for i in window]
    verdict, change, reason = judge(mine, theirs, threshold, floor, shifted=net.applied)
    shift, note = shift_note(net, last, window)
    if verdict in (Verdict.REGRESSION, Verdict.IMPROVEMENT) and change is not None:
        margin = _margin(threshold, floor, series_band([p.medians[i] for i in window]))
        if _alone(p, last, window, change.ratio, margin):
            verdict, reason = Verdict.INCONCLUSIVE, _unconfirmed(change.ratio, margin)
    reason = "; ".join(r for r in (reason, note) if r)
    tokens = judge_tokens(mine, theirs, threshold, floor, shifted=net.applied)
    energy = judge_energy(latest, baseline, threshold)
    base = [m for i in window if (m := p.medians[i])]
    # A level that moved by less than the machine's run-to-run noise did not move: the floor is
    # drift between runs, which is what a run-to-run series is made of.
    # Nor did one within the series' own spread before it (``_band_before``).
    step = _margin(threshold, floor, cp_band)
    cp_moved = cp is not None and not inside(cp.ratio, step) and _holds(p, cp_index, len(window), cp.ratio, step)
    # The step that explains a regression: the change point when the latest run is on its high side,
    # else the last baseline run against the latest.
    pair: tuple[int, ...] = ()
    if verdict is Verdict.REGRESSION:
        # The series' level before it moved: before the change point where one explains the
        # regression (the baseline may hold bad runs already), else the baseline's.
        if cp_moved and cp.ratio > 1.0:
            before = [
                m for i in range(max(0, cp_index - len(window) - 1), cp_index) if p.usable[i] and (m := p.medians[i])
            ]
        else:
            before = base
        limit = sorted(before)[len(before) // 2] * (1.0 + threshold)
        pair = _good_and_bad(p, last, limit, rows, net.every) if before else ()
    elif verdict is Verdict.FAILING and window:
        pair = (p.ids[window[-1]], p.ids[last])
    chart = _chart(p, rows, run_names, chart_runs) if chart_runs else {}
    report = SeriesReport(
        id=identity["id"],
        identity=identity,
        runs=len(p.ids),
        latest_run=run_names[p.runs[last]][0],
        latest_time=latest["time"],
        latest_median_ms=latest["median_ms"],
        baseline_median_ms=_median([m * net.factor(i) for i in window if (m := p.medians[i])]),  # as measured
        baseline_runs=len(window),
        verdict=verdict,
        change=change,
        reason=reason,
        change_point_run=run_names[p.runs[cp_index]][0] if cp_moved else None,
        change_point_ratio=cp.ratio if cp_moved else None,
        chart=chart,
        latest_energy_j=latest.get("energy_j"),
        baseline_energy_j=_median([e for i in window if (e := rows[p.ids[i]].get("energy_j")) is not None]),
        tokens=tokens,
        energy=energy,
        machine_shift=shift,
    )
    return report, pair


def _median(values: list[float]) -> float | None:
    return sorted(values)[len(values) // 2] if values else None


def _energy(latest: float | None, baseline: float | None) -> dict[str, Any]:
    """Energy per step of the latest run and of the baseline, and their ratio; nothing without energy."""
    if latest is None and baseline is None:
        return {}
    ratio = latest / baseline if latest is not None and baseline else None
    return {"latest_energy_j": latest, "baseline_energy_j": baseline, "energy_ratio": ratio}


def _margin(threshold: float, *bands: float | None) -> float:
    """How far a level must move to have moved: the threshold, or the widest usable band
    (the machine's floor, the series' own spread) where wider."""
    return max([threshold, *(b for b in bands if b is not None and usable(b))])


def _band_before(p: query.Points, index: int, runs: int) -> float | None:
    """The series' own run-to-run band (``judge.noise.series_band``) over up to ``runs`` usable
    runs before run ``index``: how far its level strayed before a change point."""
    return series_band([m for i in range(max(0, index - runs), max(0, index)) if p.usable[i] and (m := p.medians[i])])


def _before_the_step(p: query.Points, window: list[int], index: int, ratio: float, threshold: float) -> list[int]:
    """The baseline runs before the series' last change of level, where that change lies inside
    the baseline window, moved beyond the threshold and holds up to the latest run: the latest run
    is judged against the level it moved from, not against a window that mixes both levels (whose
    spread from run to run would hide the step). Else the window as it is; also where fewer than
    ``MIN_BASELINE_RUNS`` runs lie before the change."""
    if not window or index <= window[0] or abs(ratio - 1.0) <= threshold:
        return window
    if not _holds(p, index, len(window), ratio, threshold):
        return window
    before = [i for i in window if i < index]
    return before if len(before) >= MIN_BASELINE_RUNS else window


def _holds(p: query.Points, index: int, window: int, ratio: float, threshold: float) -> bool:
    """Whether every usable run from the change point on is beyond the threshold from the level
    before it, the way it moved: PELT keeps two runs on each side of a change, so a step at the
    latest run alone shows as a change one run early, which this rejects."""
    before = [m for i in range(max(0, index - window - 1), index) if p.usable[i] and (m := p.medians[i])]
    if not before:
        return False
    level = sorted(before)[len(before) // 2]
    after = [m for i in range(index, len(p.ids)) if p.usable[i] and (m := p.medians[i])]
    if ratio > 1.0:
        return all(m > level * (1.0 + threshold) for m in after)
    return all(m < level / (1.0 + threshold) for m in after)


def _good_and_bad(
    p: query.Points, last: int, limit: float, rows: dict[int, dict[str, Any]], factors: Any = None
) -> tuple[int, ...]:
    """The last good result and the first bad one: the bad ones are the usable runs up to the
    latest that are all slower than ``limit`` (the level before, beyond the threshold), each by
    the low end of its median's interval where its row is at hand (``rows``), else by its median:
    a run whose machine slowed for part of its rounds (median ×1.36, interval from ×1.17) is not
    the first bad run of a script changed a run later. ``factors``: the runs' shifts ``p``'s
    medians are net of, which the rows' intervals are divided by too."""
    first_bad, good = last, None
    for i in range(last - 1, -1, -1):
        if not p.usable[i]:
            continue
        row = rows.get(p.ids[i])
        low = row.get("ci_low_ms") if row is not None else None
        low = low / float(factors[i]) if positive(low) and factors is not None else low
        if (low if positive(low) else (p.medians[i] or 0.0)) > limit:
            first_bad = i
        else:
            good = i
            break
    return (p.ids[good], p.ids[first_bad]) if good is not None else ()


def _chart(
    p: query.Points, rows: dict[int, dict[str, Any]], run_names: dict[int, tuple[str, float]], n: int
) -> dict[str, Any]:
    """The last ``n`` points, as the dashboard draws them: time, run, median and its CI, busy, what changed."""
    ids = p.ids[-n:]
    items = [rows[i] for i in ids]
    return {
        "t": [round(x["time"], 1) for x in items],
        "run": [run_names[r][0] for r in p.runs[-n:]],
        "m": [x["median_ms"] for x in items],
        # A band only where the interval is one: positive, over 3 rounds or more (never below zero).
        "lo": [b.low if (b := _band(x)) else None for x in items],
        "hi": [b.high if (b := _band(x)) else None for x in items],
        "busy": [i for i, x in enumerate(items) if x["contended"]],
        "fail": [i for i, x in enumerate(items) if x["status"] != "ok"],
        # Where the software changed from the point before: [index, what changed].
        "ver": [[i, what] for i in range(1, len(items)) if (what := _software(items[i - 1], items[i]))],
    }


def _band(item: dict[str, Any]) -> Interval | None:
    rounds = item.get("rounds") or ()
    df = level_df(rounds, item.get("round_passes") or ())
    shown = interval(item["median_ms"], item["ci_low_ms"], item["ci_high_ms"], len(rounds) or 1, df)
    return shown if shown is not None and shown.factor is not None else None


def _software(before: dict[str, Any], after: dict[str, Any]) -> str:
    """``environment, script``: what differs between two results of a series, or nothing."""
    names = {"environment_id": "environment", "benchit_version": "benchit", "script_digest": "script"}
    return ", ".join(name for key, name in names.items() if before[key] != after[key])


def _with_changes(
    report: SeriesReport,
    pair: tuple[int, ...],
    rows: dict[int, dict[str, Any]],
    envs: dict[int, dict[str, Any]],
    run_names: dict[int, tuple[str, float]],
) -> SeriesReport:
    if not pair:
        return report
    good, bad = rows[pair[0]], rows[pair[1]]
    changed = differences(good, bad, envs.get(good["environment_id"], {}), envs.get(bad["environment_id"], {}))
    return replace(
        report,
        last_good_run=run_names[good["run_id"]][0],
        first_bad_run=run_names[bad["run_id"]][0],
        changed=tuple(changed) or ("nothing recorded",),
    )
