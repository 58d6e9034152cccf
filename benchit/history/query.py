"""Reading series back: which series a filter selects, each one's points in time order, and the details of the few points a verdict needs."""

from __future__ import annotations

import fnmatch
import itertools
import json
import operator
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, and_, case, false, select

from benchit.history import schema

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
    ``usable`` is ok, not contended and with a median (what a baseline and a change point use)."""

    ids: list[int] = field(default_factory=list)
    runs: list[int] = field(default_factory=list)
    medians: list[float | None] = field(default_factory=list)
    usable: list[bool] = field(default_factory=list)


def series(connection: Connection, filters: Filters) -> dict[int, dict[str, Any]]:
    """The series the filters select, by id (each a ``series`` row as a dict)."""
    rows = connection.execute(select(schema.series)).mappings()
    return {row["id"]: item for row in rows if filters.admits(item := dict(row))}


def points(connection: Connection, chosen: Iterable[int], everything: bool, since: float | None) -> dict[int, Points]:
    """Each chosen series' points (all series when ``everything``: no list of ids to send)."""
    r = schema.results
    usable = and_(r.c.status == "ok", r.c.contended == false(), r.c.median_ms > 0)
    query = select(r.c.series_id, r.c.id, r.c.run_id, r.c.median_ms, case((usable, 1), else_=0))
    if since is not None:
        query = query.where(r.c.time >= since)
    query = query.order_by(r.c.series_id, r.c.time, r.c.id)
    found: dict[int, Points] = {}
    ids = list(chosen)
    batches = [None] if everything else [ids[i : i + CHUNK] for i in range(0, len(ids), CHUNK)]
    for batch in batches:
        statement = query if batch is None else query.where(r.c.series_id.in_(batch))
        # Only numbers are bound, so the statement goes to the driver as text, and its plain
        # tuples come back without a result object per row: a million rows are read here.
        sql = str(statement.compile(dialect=connection.dialect, compile_kwargs={"literal_binds": True}))
        cursor = connection.connection.cursor()
        try:
            cursor.execute(sql)
            rows = cursor.fetchall()
        finally:
            cursor.close()
        for sid, group in itertools.groupby(rows, key=operator.itemgetter(0)):
            _, ids_, runs_, medians, flags = zip(*group, strict=True)
            found[sid] = Points(list(ids_), list(runs_), list(medians), [bool(f) for f in flags])
    return found


def details(connection: Connection, ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The full rows of the results ``ids`` (rounds parsed), by id."""
    r = schema.results
    wanted = sorted(set(ids))
    found: dict[int, dict[str, Any]] = {}
    columns = [r.c.id, r.c.run_id, r.c.status, r.c.error, r.c.median_ms, r.c.ci_low_ms, r.c.ci_high_ms, r.c.rounds,
               r.c.contended, r.c.details, r.c.environment_id, r.c.script_digest, r.c.benchit_version, r.c.time]  # fmt: skip
    for start in range(0, len(wanted), CHUNK):
        query = select(*columns).where(r.c.id.in_(wanted[start : start + CHUNK]))
        for row in connection.execute(query).mappings():
            item = dict(row)
            item["rounds"] = json.loads(item["rounds"])
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
