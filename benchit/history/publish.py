"""Putting caches into the history: one transaction per publication, idempotent, safe with other publishers at once."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Table, bindparam, delete, select, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError

from benchit import __version__
from benchit.history import bulk, schema, summary
from benchit.history.bulk import CHUNK, insert_new
from benchit.history.collect import Entry, column_json, digest
from benchit.history.engine import session

if TYPE_CHECKING:
    from benchit.floor import Floor


@dataclass(frozen=True)
class Published:
    """What one publication did."""

    run: str
    added: int
    known: int  # results the history had already
    series: int  # series the added results belong to


def _ids(connection: Connection, table: Table, column: str, values: Iterable[str]) -> dict[str, int]:
    """The ids of the rows of ``table`` whose ``column`` is one of ``values`` (those that exist)."""
    key = table.c[column]
    rows = bulk.select_in(connection, f"ids of {table.name}.{column}", lambda listed: select(key, table.c.id).where(key.in_(listed)), list(dict.fromkeys(values)))  # fmt: skip
    return dict(rows)


def default_run_name(newest: float | None, names: Sequence[str]) -> str:
    """The newest result's time and the caches' folder names: the same caches give the same name."""
    when = time.time() if newest is None else newest
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(when)) + " " + "+".join(names)


# The name of a run while its publication is under way (its results are stored as they are read,
# before the run's name, time and versions are known), with a random suffix; never committed.
PENDING = "benchit: publication under way "


@dataclass
class _Tally:
    """What a publication has stored so far, share by share."""

    known: int = 0
    newest: float | None = None  # of every result read, known ones too (the default run name)
    # Of the results inserted (one a concurrent publication stored first is not in ``points``).
    digests: list[str] = field(default_factory=list)
    points: dict[int, list[summary.Point]] = field(default_factory=dict)  # series id: the points added to it
    environments: set[str] = field(default_factory=set)  # fingerprints, of the results added
    versions: set[str] = field(default_factory=set)  # benchit's, of the results added
    fresh_newest: float = 0.0  # of the results added: the run's time


class _Nothing(Exception):
    """A publication that added no result: its transaction is rolled back."""


def publish(
    url: URL,
    parts: Iterable[Sequence[Entry]],
    run: str | None,
    tags: dict[str, str],
    names: Sequence[str] = (),
    floors: Sequence[Floor] = (),
) -> Published:
    """Store the entries of ``parts``, one part at a time as a reader hands them over, under run
    ``run`` (default ``default_run_name`` of the newest result and ``names``), in one transaction,
    with the noise ``floors`` the caches kept; results the history holds already are left as they
    are, and a publication that adds no result leaves no trace (not even its run)."""
    tally = _Tally()
    try:
        with session(url, write=True) as connection:
            pending = PENDING + uuid.uuid4().hex
            insert_new(connection, schema.runs, [_run_row(pending, 0.0, set(), set())], "name")
            pending_id = _ids(connection, schema.runs, "name", [pending])[pending]
            for part in parts:
                _store(connection, part, pending_id, tally)
            name = run or default_run_name(tally.newest, names)
            # What this publication stored: its run's results (a concurrent one may have stored a
            # few of the same results first; they count as known).
            added = sum(map(len, tally.points.values()))
            if not added:
                raise _Nothing
            run_id = _claim(
                connection, pending_id, _run_row(name, tally.fresh_newest, tally.versions, tally.environments)
            )
            if run_id != pending_id:  # a run of that name exists: its results are joined by these
                _move(connection, tally.digests, pending_id, run_id)
                connection.execute(delete(schema.runs).where(schema.runs.c.id == pending_id))
                tally.points = {sid: [(t, i, run_id, m, u) for t, i, _, m, u in ps] for sid, ps in tally.points.items()}
            _insert_tags(connection, run_id, tags)
            _insert_floors(connection, run_id, floors)
            _lock(connection, sorted(tally.points))
            summary.write(connection, dict(sorted(tally.points.items())))
            return Published(name, added, tally.known + len(tally.digests) - added, len(tally.points))
    except _Nothing:
        return Published(name, 0, tally.known, 0)


def _claim(connection: Connection, pending_id: int, row: dict[str, object]) -> int:
    """The id of the run named ``row["name"]``: the provisional run itself, renamed, where no run
    of that name exists (its results stay where they are), else the existing run's (an earlier
    publication under the same --run, or a concurrent one that took the name first)."""
    runs = schema.runs
    name = str(row["name"])
    existing = _ids(connection, runs, "name", [name]).get(name)
    if existing is not None:
        return existing
    rename = update(runs).where(runs.c.id == pending_id).values(**row)
    if connection.dialect.name != "postgresql":
        connection.execute(rename)  # SQLite's writer holds the whole file: nobody took the name since
        return pending_id
    try:
        with connection.begin_nested():  # a concurrent publication may commit the name first
            connection.execute(rename)
        return pending_id
    except IntegrityError:
        return _ids(connection, runs, "name", [name])[name]


def _run_row(name: str, when: float, versions: set[str], environments: set[str]) -> dict[str, object]:
    return {
        "name": name,
        "time": when,
        "benchit_version": ",".join(sorted(versions)) or __version__,
        "fingerprint": digest(sorted(environments)),
    }


def _store(connection: Connection, entries: Sequence[Entry], run_id: int, tally: _Tally) -> None:
    """Store the results of ``entries`` the history does not hold yet, under run ``run_id``."""
    if not entries:
        return
    newest = max(e.row["time"] for e in entries)
    tally.newest = newest if tally.newest is None else max(tally.newest, newest)
    known = _ids(connection, schema.results, "digest", (e.row["digest"] for e in entries))
    tally.known += len(known)
    fresh = [e for e in entries if e.row["digest"] not in known]
    if not fresh:
        return
    environments = {e.environment_fingerprint: e.environment for e in fresh}
    insert_new(
        connection,
        schema.environments,
        [{"fingerprint": f, "data": column_json(env)} for f, env in environments.items()],
        "fingerprint",
    )
    env_ids = _ids(connection, schema.environments, "fingerprint", environments)
    series = {e.series["key"]: e.series for e in fresh}
    insert_new(connection, schema.series, list(series.values()), "key")
    series_ids = _ids(connection, schema.series, "key", series)
    rows = [
        {
            **e.row,
            "run_id": run_id,
            "series_id": series_ids[e.series["key"]],
            "environment_id": env_ids[e.environment_fingerprint],
        }
        for e in fresh
    ]
    insert_new(connection, schema.results, rows, "digest")
    tally.digests += [row["digest"] for row in rows]
    tally.environments.update(environments)
    tally.versions.update(e.row["benchit_version"] for e in fresh)
    tally.fresh_newest = max(tally.fresh_newest, max(e.row["time"] for e in fresh))
    # The packed points of what was added, while the next share is read (not after the last one).
    for sid, points in summary.points(connection, tally.digests[-len(rows) :], run_id).items():
        tally.points.setdefault(sid, []).extend(points)


def _move(connection: Connection, digests: list[str], pending_id: int, run_id: int) -> None:
    """Put the results ``digests`` of the provisional run ``pending_id`` under run ``run_id`` (found
    by their unique digests; one a concurrent publication stored first stays in its own run)."""
    r = schema.results
    statement = (
        update(r)
        .where(r.c.digest == bindparam("d"), r.c.run_id == bindparam("pending"))
        .values(run_id=bindparam("rid"))
    )
    bulk.execute(connection, statement, [{"d": d, "pending": pending_id, "rid": run_id} for d in digests])


def _lock(connection: Connection, series_ids: list[int]) -> None:
    """On PostgreSQL, lock the series a publication adds to, in id order (no two publishers wait on
    each other), until it commits: the next one then reads their packed points with these results in.
    SQLite's writers take the whole file (``BEGIN IMMEDIATE``) already. ``NO KEY UPDATE``: a lock that
    other publishers' results, referring to the series, do not wait for."""
    if connection.dialect.name != "postgresql":
        return
    s = schema.series
    for start in range(0, len(series_ids), CHUNK):
        chunk = series_ids[start : start + CHUNK]
        connection.execute(select(s.c.id).where(s.c.id.in_(chunk)).order_by(s.c.id).with_for_update(key_share=True))


def _insert_floors(connection: Connection, run_id: int, floors: Sequence[Floor]) -> None:
    """A run's noise floors, one per machine, thread count and torch release (of two, the larger);
    one the run has already keeps its first value."""
    largest: dict[tuple[str, int, str], Floor] = {}
    for floor in floors:
        if floor.key not in largest or floor.floor > largest[floor.key].floor:
            largest[floor.key] = floor
    rows = [
        {"run_id": run_id, "machine": m, "threads": t, "torch": v, "floor": f.floor, "data": column_json(f.to_dict())}
        for (m, t, v), f in largest.items()
    ]
    insert_new(connection, schema.floors, rows, "run_id", "machine", "threads", "torch")


def _insert_tags(connection: Connection, run_id: int, tags: dict[str, str]) -> None:
    """A run's tags; a tag the run has already keeps its first value."""
    insert_new(
        connection, schema.tags, [{"run_id": run_id, "key": k, "value": v} for k, v in tags.items()], "run_id", "key"
    )
