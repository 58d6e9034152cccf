"""Rounds within passes (within runs): the level of log round medians, its variance from both levels, and its degrees of freedom.

A scan measures each model in rounds spread over passes, each pass a fresh worker later in the
scan. Rounds of one pass share that process's state (its memory layout, its threads' placement,
the machine's speed at that moment); rounds of two passes do not. So rounds are not independent
samples of a run: they are nested in passes, and a drift between passes is a spread that the
rounds of one pass cannot see. The level and its variance here are those of a one-way random
effects model of the log round medians (the log: a latency is positive and its changes are
ratios), with method-of-moments variance components and the random-effects weighting of
meta-analysis (DerSimonian & Laird): with passes that agree, the plain mean of the rounds and
their t-interval; with passes that disagree, the passes weigh alike and their spread counts in full.
``measure.timing`` gives a result its headline interval from it, and ``judge.stats`` compares two
results (or a result with the runs of a history's baseline, one group per run) with it.

Two passes leave the between-pass variance one degree of freedom: alone, its t-interval is 12.7
times its standard error wide, and a 2x regression between two scans reads ``×1.0 to ×3.2``. A
verdict therefore may give ``nested`` the machine's own between-process variance as a prior
(``Drift``, from the noise floor ``benchit calibrate`` measured in fresh processes), and the
estimate is moderated towards it as an empirical-Bayes variance is (Smyth, 2004: limma's
moderated t): ``(d0 * prior + (k - 1) * b) / (d0 + k - 1)`` with ``d0 + k - 1`` degrees of
freedom. The verdict's floor rule still applies on top (``judge.noise.within_floor``): the
prior only steadies an estimate that two passes make erratic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from benchit.student import t_quantile


@dataclass(frozen=True)
class Nested:
    """The level of a set of log round medians grouped by pass (``mean``, on the log scale), the
    variance of that level, its Welch-Satterthwaite degrees of freedom, how many groups and
    values it came from, and the between-group coefficient of variation (None with one group)."""

    mean: float
    variance: float
    df: float
    groups: int
    values: int
    between_cv: float | None

    def half_width(self, confidence: float = 0.95) -> float:
        """Half the width of the level's t-interval, on the log scale (0 without a spread)."""
        if self.variance <= 0 or self.df <= 0:
            return 0.0
        return t_quantile(0.5 + confidence / 2.0, self.df) * math.sqrt(self.variance)


@dataclass(frozen=True)
class Drift:
    """The between-process variance of a log median on this machine (``variance``), as known
    beforehand, and the degrees of freedom it is worth (``df``): a prior for ``nested``."""

    variance: float
    df: float


def _moderated(between: float, k: int, drift: Drift | None) -> tuple[float, float]:
    """The between-group variance ``between`` (``k`` groups, k - 1 degrees of freedom) moderated
    towards ``drift``'s, and its degrees of freedom."""
    if drift is None or drift.variance <= 0 or drift.df <= 0:
        return between, k - 1.0
    df = drift.df + k - 1.0
    return (drift.df * drift.variance + (k - 1.0) * between) / df, df


def sample_variance(values: Sequence[float]) -> float:
    """The unbiased sample variance of ``values`` (at least two), summed exactly (``math.fsum``)."""
    mean = math.fsum(values) / len(values)
    return math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)


def nested(logs: Sequence[float], groups: Sequence[int] | None = None, drift: Drift | None = None) -> Nested:
    """The level of ``logs`` (log round medians; at least two) whose groups (passes, or a
    baseline's runs) are ``groups`` (one per value; none, or all alike: one group).

    Within-group variance ``w`` (pooled) and between-group variance ``b`` = max(0, (MSB - w) / n0)
    by the method of moments; each group weighs 1 / (b + w / n_g) and the level's variance is one
    over the sum of the weights (``b`` = 0: the plain mean of all values, variance w / N). Where
    no group has two values the groups' spread is all there is: each value is its own group.
    Degrees of freedom by Satterthwaite between the two components, N - 1 with one group.

    ``drift``: the machine's between-process variance as a prior (``Drift``), towards which ``b``
    is moderated (``_moderated``) where there are groups to estimate it from. One group (a scan
    of one pass) is left as it is: what it cannot see of the drift between runs, a verdict's
    floor stands for (``judge.noise.within_floor``); so is one value per group, whose spread
    already is the spread between groups."""
    if len(logs) < 2:
        raise ValueError("needs at least 2 values")
    labels = list(groups) if groups is not None and len(groups) == len(logs) else [0] * len(logs)
    by: dict[int, list[float]] = {}
    for label, value in zip(labels, logs, strict=True):
        by.setdefault(label, []).append(value)
    members = list(by.values())
    n, k = len(logs), len(members)
    if k == 1 or n == k:  # one group, or one value in each: the values are the units
        var = sample_variance(logs)
        means = [m[0] for m in members] if k > 1 else None
        return Nested(math.fsum(logs) / n, var / n, n - 1.0, k, n, _cv(means) if means else None)
    means = [math.fsum(m) / len(m) for m in members]
    grand = math.fsum(logs) / n
    within = math.fsum((v - mu) ** 2 for m, mu in zip(members, means, strict=True) for v in m) / (n - k)
    msb = math.fsum(len(m) * (mu - grand) ** 2 for m, mu in zip(members, means, strict=True)) / (k - 1)
    n0 = (n - math.fsum(len(m) ** 2 for m in members) / n) / (k - 1)
    between, between_df = _moderated(max(0.0, (msb - within) / n0), k, drift)
    weights = [1.0 / (between + within / len(m)) if between + within > 0 else float(len(m)) for m in members]
    total = math.fsum(weights)
    level = math.fsum(w * mu for w, mu in zip(weights, means, strict=True)) / total
    if between + within <= 0:
        return Nested(level, 0.0, n - 1.0, k, n, _cv(means))
    variance = 1.0 / total
    # Satterthwaite: the level's variance as (between share)/k + (within share)/N, each with its df.
    part_b, part_w = between / k, within / n
    denominator = (part_b**2 / between_df if part_b else 0.0) + (part_w**2 / (n - k) if part_w else 0.0)
    df = (part_b + part_w) ** 2 / denominator if denominator > 0 else n - 1.0
    # Without a prior the rounds are all the evidence there is (at most N - 1); a prior adds its own.
    return Nested(level, variance, min(df, n - 1.0 + (between_df - (k - 1.0))), k, n, _cv(means))


def _cv(log_means: Sequence[float]) -> float | None:
    """The coefficient of variation of the groups' levels (each the exp of a mean log), None for one."""
    if len(log_means) < 2:
        return None
    levels = [math.exp(m) for m in log_means]
    mean = math.fsum(levels) / len(levels)
    return math.sqrt(sample_variance(levels)) / mean if mean > 0 else None


def level_df(rounds_ms: Sequence[float], round_passes: Sequence[int] = ()) -> float | None:
    """The degrees of freedom of the interval around a result's level: of its round medians
    ``rounds_ms`` nested in their passes ``round_passes`` (``nested``); None with fewer than two
    positive rounds. Two passes that disagree leave about one, whatever the rounds."""
    logs = [math.log(m) for m in rounds_ms if isinstance(m, (int, float)) and m > 0]
    if len(logs) < 2 or len(logs) != len(rounds_ms):
        return None
    groups = list(round_passes) if len(round_passes) == len(logs) else None
    return nested(logs, groups).df
