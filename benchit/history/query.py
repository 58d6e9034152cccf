"""Reading series back: which series a filter selects, each one's points in time order, and the details of the few points a verdict needs."""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from sqlalchemy import Connection, select

from benchit.history import schema, summary

CHUNK = 500


@dataclass(frozen=True)
class Filters:
    """``benchit history``'s filters: globs on the model (script path or class), exact names elsewhere."""

    model: str | None = None
    device: str | None = None
    runtime: str | None = None
    precision: str | None = None
    machine: str | None = None  # the machine's id or its hostname
    since: float | None = None  # epoch seconds
    tags: tuple[tuple[str, str], ...] = ()  # --tag KEY=VALUE: only runs with every one of them

    def admits(self, series: dict[str, Any]) -> bool:
        if (
            self.model
            and not any(fnmatch.fnmatchcase(str(series[k]), self.model) for k in ("script", "model"))
            and not fnmatch.fnmatchcase(f"{series['script']} {series['model']}", self.model)
        ):
            return False
        for name in ("device", "runtime", "precision"):
            wanted = getattr(self, name)
            if wanted and series[name] != wanted:
                return False
        return not self.machine or self.machine in (series["machine"], series["hostname"])


@dataclass
class Points:
    """A series' results in time order, as columns (a million of them are read for ``history``):
    ``usable`` is ok, not contended and with a median (what a baseline and a change point use);
    ``medians`` of results without one are nan."""

    ids: list[int] = field(default_factory=list)
    runs: list[int] = field(default_factory=list)
    medians: list[float] = field(default_factory=list)
    usable: list[bool] = field(default_factory=list)
    # The same runs, medians and usable flags as numpy arrays, where they were read as such.
    arrays: tuple[Any, Any, Any] | None = field(default=None, repr=False, compare=False)

    def columns(self) -> tuple[Any, Any, Any]:
        """Runs (int64), medians (float64) and usable (bool) as numpy arrays."""
        if self.arrays is None:
            import numpy as np

            self.arrays = (np.asarray(self.runs, dtype=np.int64), np.asarray(self.medians, dtype=np.float64),
                           np.asarray(self.usable, dtype=bool))  # fmt: skip
        return self.arrays


def series(connection: Connection) -> dict[int, dict[str, Any]]:
    """Every series, by id (each a ``series`` row as a dict); ``Filters.admits`` picks among them."""
    return {row["id"]: dict(row) for row in connection.execute(select(schema.series)).mappings()}


def points(connection: Connection, since: float | None, runs_of: set[int] | None = None) -> dict[int, Points]:
    """Every series' points, read from their packed rows (a row per series, not per result: a
    million results are read here; every series, as a run's shift is read from them all); only
    those measured since ``since`` and of the runs ``runs_of``, when given."""
    found: dict[int, Points] = {}
    for sid, packed in summary.read(connection, None):
        ids, runs, medians = packed.ids.tolist(), packed.runs.tolist(), packed.medians.tolist()
        usable: list[int] = packed.usable.tolist()
        arrays = None
        if since is None and runs_of is None:
            import numpy as np

            arrays = (np.asarray(packed.runs, dtype=np.int64), np.asarray(packed.medians, dtype=np.float64),
                      np.asarray(packed.usable, dtype=bool))  # fmt: skip
        else:
            keep = [
                (since is None or t >= since) and (runs_of is None or r in runs_of)
                for t, r in zip(packed.times, runs, strict=True)
            ]
            ids, runs = list(compress(ids, keep)), list(compress(runs, keep))
            medians, usable = list(compress(medians, keep)), list(compress(usable, keep))
        if ids:
            found[sid] = Points(ids, runs, medians, [bool(u) for u in usable], arrays)
    return found


def mapping(text: str | None) -> dict[str, Any]:
    """A stored JSON column (a result's ``details``, ``stats``, ``runtime_options``) as a mapping:
    empty where it is empty, damaged or not a mapping."""
    try:
        found = json.loads(text or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def details(connection: Connection, ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The full rows of the results ``ids`` (rounds parsed, ``details``' ``info`` parsed once as
    ``info``, and the pass of each round as ``round_passes``: empty for a one-pass result), by id."""
    r = schema.results
    wanted = sorted(set(ids))
    found: dict[int, dict[str, Any]] = {}
    columns = [r.c.id, r.c.run_id, r.c.status, r.c.error, r.c.median_ms, r.c.ci_low_ms, r.c.ci_high_ms, r.c.rounds,
               r.c.contended, r.c.details, r.c.environment_id, r.c.script_digest, r.c.benchit_version, r.c.time,
               r.c.stats]  # fmt: skip
    for start in range(0, len(wanted), CHUNK):
        query = select(*columns).where(r.c.id.in_(wanted[start : start + CHUNK]))
        for row in connection.execute(query).mappings():
            item = dict(row)
            item["rounds"] = json.loads(item["rounds"])
            stats = mapping(item.pop("stats"))
            passes = stats.get("round_passes")
            item["round_passes"] = passes if isinstance(passes, list) and len(passes) == len(item["rounds"]) else []
            for key in ("energy_j", "energy_j_rounds", "energy_round_passes"):
                item[key] = stats.get(key)
            info = mapping(item.pop("details")).get("info")
            item["info"] = info if isinstance(info, dict) else {}
            found[item["id"]] = item
    return found


def environments(connection: Connection, ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    e = schema.environments
    wanted = sorted(set(ids))
    found: dict[int, dict[str, Any]] = {}
    for start in range(0, len(wanted), CHUNK):
        for id_, data in connection.execute(select(e.c.id, e.c.data).where(e.c.id.in_(wanted[start : start + CHUNK]))):
            found[id_] = json.loads(data)
    return found


def runs(connection: Connection) -> dict[int, tuple[str, float]]:
    """Every run's name and time, by id."""
    return {
        id_: (name, time)
        for id_, name, time in connection.execute(select(schema.runs.c.id, schema.runs.c.name, schema.runs.c.time))
    }


def fingerprints(connection: Connection) -> dict[int, str]:
    """Every run's software, by id: the fingerprint of its results' environments."""
    r = schema.runs
    return {id_: fingerprint for id_, fingerprint in connection.execute(select(r.c.id, r.c.fingerprint))}


def tagged_runs(connection: Connection, tags: Iterable[tuple[str, str]]) -> set[int]:
    """The runs that carry every one of ``tags`` (KEY, VALUE)."""
    t = schema.tags
    found: set[int] | None = None
    for key, value in tags:
        ids = {r for (r,) in connection.execute(select(t.c.run_id).where(t.c.key == key, t.c.value == value))}
        found = ids if found is None else found & ids
    return found or set()


# (run id, machine id, threads, torch release) -> that run's noise floor on it
Floors = dict[tuple[int, str, int, str], float]


def floors(connection: Connection) -> Floors:
    """Every run's noise floors (``benchit calibrate``, kept by the scans and published with them)."""
    f = schema.floors
    rows = connection.execute(select(f.c.run_id, f.c.machine, f.c.threads, f.c.torch, f.c.floor))
    return {(run_id, machine, threads, torch): floor for run_id, machine, threads, torch, floor in rows}
