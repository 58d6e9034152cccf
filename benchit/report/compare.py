"""Matching results by what they measured and judging each pair: BASE vs NEW, or one dimension inside a cache."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pandas as pd

from benchit import keys
from benchit.floor import Floor, pick
from benchit.judge.comparable import round_medians, round_passes, speed_judged, speed_tolerance, why_inconclusive
from benchit.judge.energy import EnergyChange, judge_energy
from benchit.judge.noise import drift, pair_floor, within_floor
from benchit.judge.stats import NO_SPREAD, Change, GeoMean, compare_paired, compare_rounds, geometric_mean_of
from benchit.judge.verdicts import CompareVerdict, EnergyVerdict
from benchit.records import ResultStatus
from benchit.report.frame import IDENTITY, eager_runtimes, runtime_label
from benchit.report.tokenpairs import TokenVerdict, judged, verdict_text, view

BY = ("runtime", "device", "machine", "runtime_options")
OPTIONS = "runtime_options"
DEFAULTS = "defaults"  # how the runtime options of a result measured with the defaults are named
DEFAULT_DEVICE = "cpu"


@dataclass(frozen=True)
class Pair:
    """One measurement on both sides: what it is, both medians and statuses, and the verdict."""

    key: dict[str, str]  # the identity columns shared by both sides
    model: str  # relative path and model class, for people
    params: int | None
    group: str  # what the summary groups by: device/runtime, or the compared value
    base_median_ms: float | None
    new_median_ms: float | None
    base_status: str | None
    new_status: str | None
    verdict: CompareVerdict
    change: Change | None = None
    reason: str = ""  # the failing side's error, for newly failing; why it is inconclusive; a verdict's note
    base_rounds: int | None = None
    new_rounds: int | None = None
    base_contended: bool | None = None
    new_contended: bool | None = None
    base_energy_j: float | None = None  # energy per step, where the device has a counter
    new_energy_j: float | None = None
    energy: EnergyChange | None = None  # energy's own verdict, where a side has energy and both were measured
    tokens: tuple[TokenVerdict, ...] = ()  # generate pairs: TTFT's and TPOT's own verdicts

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": dict(self.key),
            "model": self.model,
            "params": self.params,
            "group": self.group,
            "base_median_ms": self.base_median_ms,
            "new_median_ms": self.new_median_ms,
            "base_status": self.base_status,
            "new_status": self.new_status,
            "verdict": self.verdict.value,
            "change": self.change.to_dict() if self.change else None,
            "reason": self.reason,
            "base_rounds": self.base_rounds,
            "new_rounds": self.new_rounds,
            "base_contended": self.base_contended,
            "new_contended": self.new_contended,
            **self._energy(),
            **({"energy": self.energy.to_dict()} if self.energy else {}),
            **({"tokens": [t.to_dict() for t in self.tokens]} if self.tokens else {}),
        }

    def _energy(self) -> dict[str, Any]:
        """Energy per step on both sides, their ratio (new over base: the judged one where energy
        has a verdict, else the medians'), and energy's verdict; nothing where neither has energy."""
        if self.base_energy_j is None and self.new_energy_j is None and self.energy is None:
            return {}
        base, new = self.base_energy_j, self.new_energy_j
        ratio = new / base if base and new is not None else None
        judged = self.energy
        return {
            "base_energy_j": self.base_energy_j,
            "new_energy_j": self.new_energy_j,
            "energy_ratio": judged.ratio if judged and judged.ratio is not None else ratio,
            "energy_ratio_ci_low": judged.ratio_low if judged else None,
            "energy_ratio_ci_high": judged.ratio_high if judged else None,
            "energy_p_value": judged.p_value if judged else None,
            "energy_verdict": judged.verdict.value if judged else None,
            "energy_verdict_reason": judged.reason if judged else "",
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pair:
        return cls(
            key=dict(data["key"]),
            model=data["model"],
            params=data.get("params"),
            group=data["group"],
            base_median_ms=data.get("base_median_ms"),
            new_median_ms=data.get("new_median_ms"),
            base_status=data.get("base_status"),
            new_status=data.get("new_status"),
            verdict=CompareVerdict(data["verdict"]),
            change=Change.from_dict(data["change"]) if data.get("change") else None,
            reason=data.get("reason", ""),
            base_rounds=data.get("base_rounds"),
            new_rounds=data.get("new_rounds"),
            base_contended=data.get("base_contended"),
            new_contended=data.get("new_contended"),
            base_energy_j=data.get("base_energy_j"),
            new_energy_j=data.get("new_energy_j"),
            energy=EnergyChange.from_dict(data["energy"]) if data.get("energy") else None,
            tokens=tuple(TokenVerdict.from_dict(t) for t in data.get("tokens") or ()),
        )

    @property
    def verdicts(self) -> tuple[CompareVerdict, ...]:
        """The pair's verdict (its latency's: the whole call in generate mode), then TTFT's and TPOT's."""
        return (self.verdict, *(t.verdict for t in self.tokens))

    @property
    def verdict_text(self) -> str:
        """The verdict and why: ``inconclusive: busy ...``, ``no significant change (within this
        machine's run-to-run noise, ±7.3%)``."""
        return verdict_text(self.verdict, self.reason)

    @property
    def left_out(self) -> str:
        """Why this pair's ratio is left out of the geometric mean (``busy``, ``too few rounds``),
        or nothing: the kind that starts an inconclusive pair's reason."""
        return self.reason.partition(":")[0] if self.verdict is CompareVerdict.INCONCLUSIVE else ""

    def flat(self) -> dict[str, Any]:
        """One table row: identity, medians, ratio with its interval, p-value, verdict."""
        change = self.change
        return {
            **self.key,
            "model": self.model,
            "params": self.params,
            "group": self.group,
            "base_median_ms": self.base_median_ms,
            "new_median_ms": self.new_median_ms,
            "ratio": change.ratio if change else None,
            "ratio_ci_low": change.ratio_low if change else None,
            "ratio_ci_high": change.ratio_high if change else None,
            "p_value": change.p_value if change else None,
            "method": change.method if change else None,
            "verdict": self.verdict.value,
            "base_status": self.base_status,
            "new_status": self.new_status,
            "reason": self.reason,
            "base_rounds": self.base_rounds,
            "new_rounds": self.new_rounds,
            "base_contended": self.base_contended,
            "new_contended": self.new_contended,
            **self._energy(),
            **{k: v for t in self.tokens for k, v in t.flat().items()},
        }


@dataclass(frozen=True)
class Comparison:
    """Every pair, what was compared with what, and the threshold."""

    base: str  # a label: the BASE cache, or the baseline value (the eager runtime, say)
    new: str
    by: str | None  # None for BASE vs NEW; else the dimension compared inside one cache
    threshold: float
    pairs: tuple[Pair, ...]

    def counts(self) -> dict[str, int]:
        counts = Counter(p.verdict for p in self.pairs)
        return {v.value: counts[v] for v in CompareVerdict if counts[v]}

    def energy_counts(self) -> dict[str, int]:
        """Energy's verdicts counted, over the pairs that have one (empty: no energy anywhere)."""
        counts = Counter(p.energy.verdict for p in self.pairs if p.energy)
        return {v.value: counts[v] for v in EnergyVerdict if counts[v]}

    def token_counts(self) -> dict[str, dict[str, int]]:
        """The count per verdict of TTFT and of TPOT, over the generate pairs (none: empty)."""
        found: dict[str, Counter[CompareVerdict]] = {}
        for pair in self.pairs:
            for token in pair.tokens:
                found.setdefault(token.name, Counter())[token.verdict] += 1
        return {name: {v.value: c[v] for v in CompareVerdict if c[v]} for name, c in found.items()}

    def geomeans(self) -> dict[str, GeoMean]:
        """The geometric mean of NEW/BASE per group, over pairs judged on both sides; inconclusive
        pairs (busy, too few rounds) are left out and counted."""
        groups: dict[str, list[tuple[float | None, str]]] = {}
        for pair in self.pairs:
            if pair.change or pair.left_out:
                groups.setdefault(pair.group, []).append((pair.change.ratio if pair.change else None, pair.left_out))
        return {group: geometric_mean_of(items) for group, items in sorted(groups.items())}

    def energy_geomeans(self) -> dict[str, GeoMean]:
        """The geometric mean of energy per step NEW/BASE per group, over the pairs whose energy was
        judged; inconclusive ones left out and counted by why (empty: no energy verdicts)."""
        groups: dict[str, list[tuple[float | None, str]]] = {}
        for pair in self.pairs:
            if pair.energy:
                why = pair.energy.reason.partition(":")[0]
                groups.setdefault(pair.group, []).append((pair.energy.ratio, why))
        return {group: geometric_mean_of(items) for group, items in sorted(groups.items())}

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame([p.flat() for p in self.pairs])

    def to_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "new": self.new,
            "by": self.by,
            "threshold": self.threshold,
            "counts": self.counts(),
            **({"energy_counts": energy} if (energy := self.energy_counts()) else {}),
            **({"energy_geomeans": {g: m.to_dict() for g, m in means.items()}} if (means := self.energy_geomeans()) else {}),
            **({"token_counts": tokens} if (tokens := self.token_counts()) else {}),
            "geomeans": {group: mean.to_dict() for group, mean in self.geomeans().items()},
            "pairs": [p.to_dict() for p in self.pairs],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Comparison:
        pairs = tuple(Pair.from_dict(p) for p in data["pairs"])
        return cls(data["base"], data["new"], data.get("by"), data["threshold"], pairs)


def _results(df: pd.DataFrame) -> pd.DataFrame:
    """Rows that are results of a model on a device with a runtime (not a script's lone status row)."""
    return df[df["device"].notna() & df["runtime"].notna() & df["invocation"].notna()]


def _identity(row: Any, columns: list[str]) -> tuple[str, ...]:
    return tuple("" if row.get(c) is None else str(row.get(c)) for c in columns)


def _judge(
    base: dict[str, Any] | None,
    new: dict[str, Any] | None,
    threshold: float,
    labels: tuple[str, str] = ("base", "new"),
    paired: bool = False,
    floor: float | None = None,
) -> tuple[CompareVerdict, Change | None, str]:
    """The verdict on one pair, its change and its reason. ``paired``: the two sides' rounds were
    interleaved in one scan (runtimes of one model), so round i of one is compared with round i
    of the other. ``floor``: the machine's noise floor, when both sides were measured on it."""
    if base is None:
        return CompareVerdict.ONLY_NEW, None, ""
    if new is None:
        return CompareVerdict.ONLY_BASE, None, ""
    base_ok, new_ok = base["status"] == ResultStatus.OK, new["status"] == ResultStatus.OK
    if base_ok and not new_ok:
        return CompareVerdict.NEWLY_FAILING, None, str(new.get("error") or new["status"])
    if new_ok and not base_ok:
        return CompareVerdict.FIXED, None, str(base.get("error") or base["status"])
    if not base_ok:
        return CompareVerdict.BOTH_FAILING, None, str(new.get("error") or new["status"])
    # Runtimes paired in one scan met the same machine round by round: their probes are one.
    speed = None if paired else speed_tolerance(threshold, floor)
    sides = ((base, labels[0]), (new, labels[1]))
    reason = why_inconclusive(*sides, speed=speed)
    if reason:
        return CompareVerdict.INCONCLUSIVE, None, reason
    b, n = round_medians(base), round_medians(new)
    if paired and len(b) == len(n):
        change = compare_paired(b, n, threshold)
    else:
        change = compare_rounds(
            b, n, threshold, base_groups=round_passes(base), new_groups=round_passes(new), drift=drift(floor)
        )
    # The probes judge only what they can explain: a change larger than theirs keeps its verdict, noted.
    reason, note = speed_judged(list(sides), change.ratio, threshold, floor) if speed is not None else ("", "")
    if reason:
        return CompareVerdict.INCONCLUSIVE, None, reason
    change, why = within_floor(change, floor)
    if change.verdict is CompareVerdict.INCONCLUSIVE:
        return change.verdict, None, "; ".join(r for r in (change.reason or NO_SPREAD, note) if r)
    return change.verdict, change, "; ".join(r for r in (why, note) if r)


def _index(df: pd.DataFrame, columns: list[str]) -> dict[tuple[str, ...], dict[str, Any]]:
    index: dict[tuple[str, ...], dict[str, Any]] = {}
    for row in _results(df).to_dict("records"):
        index.setdefault(_identity(row, columns), row)
    return index


Floors = dict[tuple[str, int, str], Floor]  # (machine id, threads, torch version) -> its noise floor


def _floor(base: dict[str, Any] | None, new: dict[str, Any] | None, floors: Floors | None) -> float | None:
    """The noise floor of a pair measured on one machine (the larger of its two sides'), else None."""
    if not floors or base is None or new is None or not base.get("machine_id"):
        return None
    if base.get("machine_id") != new.get("machine_id"):
        return None
    sides = [pick(floors, r.get("machine_id"), r.get("threads"), r.get("torch_version")) for r in (base, new)]
    return pair_floor(*(f.floor if f else None for f in sides))


def _model(row: dict[str, Any]) -> str:
    return f"{row.get('relative_path')} {row.get('model_class') or ''}".strip()


def compare(
    base: pd.DataFrame,
    new: pd.DataFrame,
    threshold: float,
    base_label: str = "base",
    new_label: str = "new",
    machine_matters: bool = False,
    floors: Floors | None = None,
) -> Comparison:
    """BASE vs NEW: results matched by relative path, invocation, script args, precision, mode,
    device and runtime (and machine when ``machine_matters``), never by cache-internal names.
    ``floors``: the machines' noise floors; a pair measured on one machine with a floor is
    judged with it (``judge.noise``)."""
    columns = [c for c in IDENTITY if c != "machine" or machine_matters]
    left, right = _index(base, columns), _index(new, columns)
    pairs = []
    for key in sorted(set(left) | set(right)):
        b, n = left.get(key), right.get(key)
        row = n or b or {}
        group = f"{row.get('device')}/{row.get('runtime')}" + (f" {row['mode']}" if row.get("mode") == "train" else "")
        key_map = dict(zip(columns, key, strict=True))
        pairs.append(_pair(key_map, group, b, n, threshold, (base_label, new_label), floor=_floor(b, n, floors)))
    return Comparison(base_label, new_label, None, threshold, tuple(pairs))


def _pair(
    key: dict[str, str],
    group: str,
    base: dict[str, Any] | None,
    new: dict[str, Any] | None,
    threshold: float,
    labels: tuple[str, str],
    paired: bool = False,
    floor: float | None = None,
) -> Pair:
    verdict, change, reason = _judge(base, new, threshold, labels, paired, floor)
    b, n = base or {}, new or {}
    measured = b.get("status") == ResultStatus.OK and n.get("status") == ResultStatus.OK
    energy = judge_energy(b, n, threshold, labels, paired) if measured else None
    # TTFT and TPOT judged as latency is, each from its own round medians (``tokenpairs.view``).
    tokens = tuple(
        TokenVerdict(name, b.get(column), n.get(column), *_judge(view(b, column, rounds), view(n, column, rounds),
                                                                  threshold, labels, paired, floor))
        for name, column, rounds in judged(base, new)
    )  # fmt: skip
    return Pair(
        key=key,
        model=_model(n or b),
        params=(n or b).get("params"),
        group=group,
        base_median_ms=b.get("latency_median_ms"),
        new_median_ms=n.get("latency_median_ms"),
        base_status=b.get("status"),
        new_status=n.get("status"),
        verdict=verdict,
        change=change,
        reason=reason,
        base_rounds=len(round_medians(b)) if b.get("status") == ResultStatus.OK else None,
        new_rounds=len(round_medians(n)) if n.get("status") == ResultStatus.OK else None,
        base_contended=b.get("contended") if base else None,
        new_contended=n.get("contended") if new else None,
        base_energy_j=b.get(keys.ENERGY_J),
        new_energy_j=n.get(keys.ENERGY_J),
        energy=energy,
        tokens=tokens,
    )


def default_baseline(df: pd.DataFrame, by: str) -> str | None:
    """What ``--by`` compares with when no ``--baseline`` is given: the eager runtime (``Runtime.eager``),
    the CPU, a runtime's default options, or (None) the first value."""
    if by == "runtime":
        eager = eager_runtimes(_results(df))
        return eager[0] if eager else None
    if by == OPTIONS:
        return ""
    return DEFAULT_DEVICE if by == "device" else None


def compare_within(
    df: pd.DataFrame, by: str, baseline: str, threshold: float, floors: Floors | None = None
) -> Comparison:
    """Inside one cache: every other value of ``by`` against ``baseline`` on the same measurement
    (e.g. each runtime against the eager one, on the same model, device, precision and machine;
    each setting of a runtime's options against its defaults, ``baseline`` ``""``), judged with
    the machine's noise floor where ``floors`` has it."""
    # Each setting of a runtime is compared with the eager runtime, which has no options.
    columns = [c for c in IDENTITY if c != by and not (by == "runtime" and c == OPTIONS)]
    rows = _results(df)
    values = rows[by].fillna("").astype(str)
    baseline_rows = _index(rows[values == baseline], columns)
    pairs = []
    for row in rows[values != baseline].to_dict("records"):
        key = _identity(row, columns)
        b = baseline_rows.get(key)
        if b is None:
            continue
        name = runtime_label(row) if by in ("runtime", OPTIONS) else str(row.get(by))
        # Runtimes of one model are measured round by round, interleaved: their rounds pair up.
        labels = (runtime_label(b) if by == OPTIONS else baseline, name)
        key_map = dict(zip(columns, key, strict=True))
        group = name + (f" {row['mode']}" if row.get("mode") == "train" else "")
        # Runtimes interleaved round by round in one process share its drift: the floor, which is
        # the drift from process to process, does not apply to them.
        floor = None if by == "runtime" else _floor(b, row, floors)
        pairs.append(_pair(key_map, group, b, row, threshold, labels, paired=by == "runtime", floor=floor))
    pairs.sort(key=lambda p: (p.group, p.model, tuple(p.key.values())))
    shown = (baseline or DEFAULTS) if by == OPTIONS else baseline
    return Comparison(shown, f"other {by.replace('_', ' ')}", by, threshold, tuple(pairs))
