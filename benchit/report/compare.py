"""Matching results by what they measured and judging each pair: BASE vs NEW, or one dimension inside a cache."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pandas as pd

from benchit.records import ResultStatus
from benchit.report.frame import IDENTITY, SAMPLES, eager_runtimes
from benchit.report.stats import Change, compare_intervals, compare_samples, geometric_mean
from benchit.report.verdict import CompareVerdict

BY = ("runtime", "device", "machine")
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
    reason: str = ""  # the failing side's error, for newly failing

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
        )

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

    def geomeans(self) -> dict[str, float | None]:
        """The geometric mean of NEW/BASE per group, over pairs measured on both sides."""
        groups: dict[str, list[float]] = {}
        for pair in self.pairs:
            if pair.change:
                groups.setdefault(pair.group, []).append(pair.change.ratio)
        return {group: geometric_mean(ratios) for group, ratios in sorted(groups.items())}

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame([p.flat() for p in self.pairs])

    def to_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "new": self.new,
            "by": self.by,
            "threshold": self.threshold,
            "counts": self.counts(),
            "geomeans": self.geomeans(),
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
    base: dict[str, Any] | None, new: dict[str, Any] | None, threshold: float
) -> tuple[CompareVerdict, Change | None, str]:
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
    bs, ns = base.get(SAMPLES) or [], new.get(SAMPLES) or []
    if len(bs) >= 2 and len(ns) >= 2:
        change = compare_samples(bs, ns, threshold)
    else:  # a result written before samples were kept
        change = compare_intervals(_interval(base), _interval(new), threshold)
    return change.verdict, change, ""


def _interval(row: dict[str, Any]) -> tuple[float, float, float]:
    """A result's median and its confidence interval."""
    return (
        float(row["latency_median_ms"]),
        float(row["latency_median_ci_low_ms"]),
        float(row["latency_median_ci_high_ms"]),
    )


def _index(df: pd.DataFrame, columns: list[str]) -> dict[tuple[str, ...], dict[str, Any]]:
    index: dict[tuple[str, ...], dict[str, Any]] = {}
    for row in _results(df).to_dict("records"):
        index.setdefault(_identity(row, columns), row)
    return index


def _model(row: dict[str, Any]) -> str:
    return f"{row.get('relative_path')} {row.get('model_class') or ''}".strip()


def compare(
    base: pd.DataFrame,
    new: pd.DataFrame,
    threshold: float,
    base_label: str = "base",
    new_label: str = "new",
    machine_matters: bool = False,
) -> Comparison:
    """BASE vs NEW: results matched by relative path, invocation, script args, precision, device
    and runtime (and machine when ``machine_matters``), never by cache-internal names."""
    columns = [c for c in IDENTITY if c != "machine" or machine_matters]
    left, right = _index(base, columns), _index(new, columns)
    pairs = []
    for key in sorted(set(left) | set(right)):
        b, n = left.get(key), right.get(key)
        verdict, change, reason = _judge(b, n, threshold)
        row = n or b or {}
        pairs.append(
            Pair(
                key=dict(zip(columns, key, strict=True)),
                model=_model(row),
                params=row.get("params"),
                group=f"{row.get('device')}/{row.get('runtime')}",
                base_median_ms=(b or {}).get("latency_median_ms"),
                new_median_ms=(n or {}).get("latency_median_ms"),
                base_status=(b or {}).get("status"),
                new_status=(n or {}).get("status"),
                verdict=verdict,
                change=change,
                reason=reason,
            )
        )
    return Comparison(base_label, new_label, None, threshold, tuple(pairs))


def default_baseline(df: pd.DataFrame, by: str) -> str | None:
    """What ``--by`` compares with when no ``--baseline`` is given: the eager runtime (``Runtime.eager``),
    the CPU, or (None) the first value."""
    if by == "runtime":
        eager = eager_runtimes(_results(df))
        return eager[0] if eager else None
    return DEFAULT_DEVICE if by == "device" else None


def compare_within(df: pd.DataFrame, by: str, baseline: str, threshold: float) -> Comparison:
    """Inside one cache: every other value of ``by`` against ``baseline`` on the same measurement
    (e.g. each runtime against the eager one, on the same model, device, precision and machine)."""
    columns = [c for c in IDENTITY if c != by]
    rows = _results(df)
    baseline_rows = _index(rows[rows[by].astype(str) == baseline], columns)
    pairs = []
    for row in rows[rows[by].astype(str) != baseline].to_dict("records"):
        key = _identity(row, columns)
        b = baseline_rows.get(key)
        if b is None:
            continue
        verdict, change, reason = _judge(b, row, threshold)
        pairs.append(
            Pair(
                key=dict(zip(columns, key, strict=True)),
                model=_model(row),
                params=row.get("params"),
                group=str(row.get(by)),
                base_median_ms=b.get("latency_median_ms"),
                new_median_ms=row.get("latency_median_ms"),
                base_status=b.get("status"),
                new_status=row.get("status"),
                verdict=verdict,
                change=change,
                reason=reason,
            )
        )
    pairs.sort(key=lambda p: (p.group, p.model, tuple(p.key.values())))
    return Comparison(baseline, f"other {by}s", by, threshold, tuple(pairs))
