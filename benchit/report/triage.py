"""Failure triage: every failed result of caches grouped by cause, ranked by the models it affects, against a baseline."""

from __future__ import annotations

import functools
import hashlib
import html
import json
import shlex
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from benchit import failures, keys
from benchit.failures import Failure
from benchit.records import ResultStatus, ScriptStatus
from benchit.store import forked
from benchit.store.cache import Cache
from benchit.store.runs import script_run, script_runs

NEW, STILL, FIXED = "new", "still", "fixed"
SHOWN_MODELS = 5  # models a cluster names before it gives a count of the rest
# How a script ended that leaves results unmeasured: a failure of its own.
_SCRIPT_FAILURES = (ScriptStatus.FAILED, ScriptStatus.TIMEOUT, ScriptStatus.OOM, ScriptStatus.KILLED)


@dataclass(frozen=True)
class Failed:
    """One failed result (or script) of a cache: what ``benchit repro`` takes as ``id``, where it was
    measured, and its ``Failure``; ``change`` against a baseline (``""``: none given)."""

    id: str
    script: str
    model: str
    runtime: str
    device: str
    machine: str
    failure: Failure
    cache: str = ""
    change: str = ""
    # What matches it in another cache or run of the same scripts: its script (path below its search
    # folder), invocation, script args, measurement and machine, as the history names a series.
    identity: tuple[str, ...] = ()
    # Where its failed parity starts (``measure.localize``): the submodule's name and class, "" when unknown.
    diverged_at: str = ""
    diverged_class: str = ""
    path: str = ""  # a script's own failure: the script's path, to run it alone

    @property
    def divergence(self) -> str:
        return f"{self.diverged_at} ({self.diverged_class})" if self.diverged_class else self.diverged_at

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "script": self.script,
            "model": self.model,
            "runtime": self.runtime,
            "device": self.device,
            "signature": self.failure.signature,
            "change": self.change,
            "diverged_at": self.diverged_at,
        }


@dataclass
class Cluster:
    """The failures of one cause: one stage, exception, message template and op, on one or more runtimes."""

    id: str
    stage: str
    op: str
    template: str
    frame: str
    results: list[Failed] = field(default_factory=list)
    linked: list[str] = field(default_factory=list)  # clusters of other causes whose op is the same

    @property
    def failing(self) -> list[Failed]:
        return [r for r in self.results if r.change != FIXED]

    @property
    def runtimes(self) -> list[str]:
        return sorted({r.runtime for r in self.results if r.runtime})

    @property
    def models(self) -> list[str]:
        return list(dict.fromkeys(f"{r.script}::{r.model}" if r.model else r.script for r in self.failing))

    @property
    def diverged_at(self) -> str:
        """The most common ``diverged_at`` of its failing results (with its class), "" when none has one."""
        found = Counter(r.divergence for r in self.failing if r.diverged_at)
        return found.most_common(1)[0][0] if found else ""

    def changes(self) -> dict[str, int]:
        return {c: sum(r.change == c for r in self.results) for c in (NEW, STILL, FIXED)}

    def repro(self) -> str:
        """The command that reproduces its first failing result alone: ``benchit repro``, or for a
        script's own failure (a crash, timeout, out of memory) the script run alone as benchit runs it."""
        first = (self.failing or self.results)[0]
        if not first.runtime:
            script = shlex.quote(first.path or first.script)
            return f"benchit benchmark {script} --analyze-only --cache-dir repro-{self.id}"
        return f"benchit repro --cache-dir {first.cache} {first.id} --output repro-{self.id}"

    def to_dict(self, baseline: bool) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "runtimes": self.runtimes,
            "stage": self.stage,
            "op": self.op,
            "template": self.template,
            "count": len(self.failing),
            "results": [r.to_dict() for r in self.results],
            "frame": self.frame,
            "models": len(self.models),
            "linked": self.linked,
            "repro": self.repro(),
            "diverged_at": self.diverged_at,
        }
        if baseline:
            data.update(self.changes())
        return data


def result_id(build: str, measurement: str) -> str:
    """A result's id in its cache: its build and measurement (``<script key>_<invocation>/cpu-ort``)."""
    return f"{build}/{measurement}"


Identity = tuple[str, ...]


def identity(script: str, invocation: str, args: str, measurement: str, machine: str) -> Identity:
    return (script, invocation, args, measurement, machine)


def _script_name(record: Any) -> str:
    return str(record.relative_path or Path(record.script or record.key).name)


def collect(cache: Cache, runs: list[Any] | None = None) -> list[Failed]:
    """Every failed result of ``cache`` (failed, or its parity failed) and every script that ended
    failed, timed out, out of memory or killed, each with its failure (derived from its error
    text where the cache predates failures)."""
    found = []
    where = str(cache.root)
    # Each cause's failures as one object: a forked reader's share then pickles each cause once.
    same: dict[Failure, Failure] = {}
    for run in script_runs(cache) if runs is None else runs:
        record = run.record
        script, args = _script_name(record), " ".join(record.script_args)
        machine_of_script = record.machine.id if record.machine else ""
        for build in run.builds:
            for result in build.results:
                failure = failures.of_result(result)
                if failure is None:
                    continue
                failure = same.setdefault(failure, failure)
                machine = (result.machine.id if result.machine else machine_of_script) or ""
                measurement = result.measurement
                key = identity(script, build.invocation.hash, args, measurement, machine)
                found.append(Failed(result_id(build.build_name, measurement), script,
                                    build.invocation.model_class, result.runtime, result.device, machine,
                                    failure, where, identity=key, diverged_at=_text(result.info, keys.DIVERGED_AT),
                                    diverged_class=_text(result.info, keys.DIVERGED_CLASS)))  # fmt: skip
        if record.status in _SCRIPT_FAILURES:
            failure = failures.of_script(str(record.status), record.error)
            key = identity(script, "", args, "", machine_of_script or "")
            found.append(Failed(record.key, script, "", "", "", machine_of_script or "", failure, where, identity=key,
                                path=str(record.script or "")))  # fmt: skip
    return found


def _text(info: dict[str, Any], key: str) -> str:
    value = info.get(key)
    return value if isinstance(value, str) else ""


def _cluster_id(failure: Failure) -> str:
    key = "\x1f".join((failure.stage, failure.kind, failure.template, failure.op))
    return hashlib.sha1(key.encode()).hexdigest()[:8]


def compare(now: list[Failed], baseline: list[Failed]) -> list[Failed]:
    """``now`` with each result ``new`` or ``still`` against ``baseline``, and the baseline's failed
    results that no longer fail, ``fixed``. A result that is not in ``now`` at all (its script was
    not run) is not fixed: it is left out."""
    before = {f.identity for f in baseline}
    marked = [replace(f, change=STILL if f.identity in before else NEW) for f in now]
    return marked


def fixed(baseline: list[Failed], now: list[Failed], measured: set[Identity]) -> list[Failed]:
    """The baseline's failures that ``now`` does not have but measured (``measured``: the identities of
    every result and script of the new caches): ``fixed``."""
    failing = {f.identity for f in now}
    return [replace(f, change=FIXED) for f in baseline if f.identity not in failing and f.identity in measured]


def read(cache: Cache, with_measured: bool = True, jobs: int | None = None) -> tuple[list[Failed], set[Identity]]:
    """``collect`` and ``measured`` of ``cache`` in one reading of it (``measured`` empty unless
    ``with_measured``); a large cache is read by ``jobs`` forked readers (``store.forked.shares``),
    whose failures come back in order: the same as read here."""
    found: list[Failed] = []
    everything: set[Identity] = set()
    with forked.shares([cache], functools.partial(_share, with_measured=with_measured), jobs) as parts:
        for failed, seen in parts:
            found += failed
            everything |= seen
    return found, everything


def _share(cache: Cache, keys: list[str], with_measured: bool) -> tuple[list[Failed], set[Identity]]:
    """``read`` of the script runs ``keys`` of ``cache``."""
    with cache.builds_folder() as builds:  # opened once for the thousands of builds below it
        runs = [run for key in keys if (run := script_run(cache, key, builds)) is not None]
    return collect(cache, runs), measured(cache, runs) if with_measured else set()


def measured(cache: Cache, runs: list[Any] | None = None) -> set[Identity]:
    """The identities of every result and script run of ``cache``, failed or not."""
    found = set()
    for run in script_runs(cache) if runs is None else runs:
        record = run.record
        script, args = _script_name(record), " ".join(record.script_args)
        machine_of_script = (record.machine.id if record.machine else "") or ""
        found.add(identity(script, "", args, "", machine_of_script))
        for build in run.builds:
            for result in build.results:
                if result.status is not ResultStatus.NOT_RUN:
                    machine = (result.machine.id if result.machine else machine_of_script) or ""
                    found.add(identity(script, build.invocation.hash, args, result.measurement, machine))
    return found


def clusters(found: list[Failed]) -> list[Cluster]:
    """``found`` grouped by cause (stage, exception, template and op, across runtimes), ranked by
    the models affected, then the results; clusters of other causes on the same op are linked."""
    by_id: dict[str, Cluster] = {}
    for item in found:
        cid = _cluster_id(item.failure)
        cluster = by_id.get(cid)
        if cluster is None:
            f = item.failure
            cluster = by_id[cid] = Cluster(cid, f.stage, f.op, f.template, f.frame)
        cluster.results.append(item)
    ranked = sorted(by_id.values(), key=lambda c: (-len(c.models), -len(c.failing), -len(c.results), c.id))
    by_op: dict[str, list[str]] = defaultdict(list)
    for cluster in ranked:
        if cluster.op:
            by_op[cluster.op].append(cluster.id)
    for cluster in ranked:
        cluster.linked = [c for c in by_op.get(cluster.op, []) if c != cluster.id] if cluster.op else []
    return ranked


# -- output -----------------------------------------------------------------------------------------
def to_json(found: list[Cluster], baseline: bool) -> str:
    # Compact: json's C encoder writes it (an indented one is Python's, several times slower on a zoo).
    return json.dumps({"clusters": [c.to_dict(baseline) for c in found]})


def _models_text(cluster: Cluster) -> str:
    models = cluster.models
    shown = ", ".join(models[:SHOWN_MODELS])
    return shown + (f" and {len(models) - SHOWN_MODELS} more" if len(models) > SHOWN_MODELS else "")


def _summary(cluster: Cluster, baseline: bool) -> str:
    counts = cluster.changes()
    changes = f" ({counts[NEW]} new, {counts[STILL]} still, {counts[FIXED]} fixed)" if baseline else ""
    return (
        f"{len(cluster.failing)} result(s), {len(cluster.models)} model(s){changes}: "
        f"{', '.join(cluster.runtimes) or 'script'} at {cluster.stage}" + (f", op {cluster.op}" if cluster.op else "")
    )


def _divergences(cluster: Cluster) -> str:
    """The cluster's most common ``diverged_at``, and how many of its localised results name it."""
    named = [r for r in cluster.failing if r.diverged_at]
    same = sum(r.divergence == cluster.diverged_at for r in named)
    return f"{cluster.diverged_at}" + (f" ({same} of {len(named)} localised)" if len(named) > 1 else "")


def to_text(found: list[Cluster], baseline: bool) -> str:
    lines = [f"{sum(len(c.failing) for c in found)} failure(s) in {len(found)} cluster(s), by models affected:"]
    for rank, cluster in enumerate(found, 1):
        lines.append(f"{rank}. [{cluster.id}] {_summary(cluster, baseline)}")
        lines.append(f"   {cluster.template}")
        if cluster.frame:
            lines.append(f"   in {cluster.frame}")
        if cluster.diverged_at:
            lines.append(f"   diverged at: {_divergences(cluster)}")
        if cluster.models:
            lines.append(f"   models: {_models_text(cluster)}")
        if cluster.linked:
            lines.append(f"   same op fails in: {', '.join(cluster.linked)}")
        lines.append(f"   reproduce: {cluster.repro()}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(found: list[Cluster], baseline: bool) -> str:
    head = "| # | cluster | runtimes | stage | op | results | models |" + (" new | still | fixed |" if baseline else "")
    lines = ["# Failure triage", "", head, "|" + " --- |" * (head.count("|") - 1)]
    for rank, c in enumerate(found, 1):
        counts = c.changes()
        extra = f" {counts[NEW]} | {counts[STILL]} | {counts[FIXED]} |" if baseline else ""
        lines.append(f"| {rank} | `{c.id}` | {', '.join(c.runtimes)} | {c.stage} | {_cell(c.op)} | "
                     f"{len(c.failing)} | {len(c.models)} |{extra}")  # fmt: skip
    for c in found:
        lines += ["", f"## `{c.id}`: {_cell(_summary(c, baseline))}", "", f"    {c.template}", ""]
        lines += [f"- frame: `{c.frame}`"] if c.frame else []
        lines += [f"- diverged at: {_cell(_divergences(c))}"] if c.diverged_at else []
        lines += [f"- models: {_cell(_models_text(c))}", f"- reproduce: `{c.repro()}`"]
        lines += [f"- same op fails in: {', '.join(c.linked)}"] if c.linked else []
    return "\n".join(lines) + "\n"


def to_html(found: list[Cluster], baseline: bool) -> str:
    esc = html.escape
    rows = []
    for rank, c in enumerate(found, 1):
        rows.append(
            f"<tr><td>{rank}</td><td><code>{esc(c.id)}</code></td><td>{esc(', '.join(c.runtimes))}</td>"
            f"<td>{esc(c.stage)}</td><td>{esc(c.op)}</td><td>{esc(_summary(c, baseline))}<br><code>"
            f"{esc(c.template)}</code><br>"
            + (f"diverged at: {esc(_divergences(c))}<br>" if c.diverged_at else "")
            + f"models: {esc(_models_text(c))}<br>reproduce: <code>{esc(c.repro())}</code>"
            f"</td></tr>"
        )
    head = "<tr><th>#</th><th>cluster</th><th>runtimes</th><th>stage</th><th>op</th><th>what</th></tr>"
    return (
        '<!doctype html><html><head><meta charset="utf-8"><title>benchit triage</title></head><body>'
        f"<h1>Failure triage</h1><table>{head}{''.join(rows)}</table></body></html>\n"
    )


FORMATS = {"text": to_text, "md": to_markdown, "json": to_json, "html": to_html}
