"""Putting caches into the history: one transaction per publication, idempotent, safe with other publishers at once."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, Table, select
from sqlalchemy.engine import URL

from benchit import __version__
from benchit.history import schema, summary
from benchit.history.bulk import CHUNK, insert_new
from benchit.history.collect import Entry, _json, digest
from benchit.history.engine import session


@dataclass(frozen=True)
class Published:
    """What one publication did."""

    run: str
    added: int
    known: int  # results the history had already
    series: int  # series the added results belong to


def _ids(connection: Connection, table: Table, column: str, values: Iterable[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    values = list(dict.fromkeys(values))
    for start in range(0, len(values), CHUNK):
        chunk = values[start : start + CHUNK]
        query = select(table.c[column], table.c.id).where(table.c[column].in_(chunk))
        found.update({key: id_ for key, id_ in connection.execute(query)})
    return found


def default_run_name(entries: Sequence[Entry], names: Sequence[str]) -> str:
    """The newest result's time and the caches' folder names: the same caches give the same name."""
    newest = max((e.row["time"] for e in entries), default=time.time())
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(newest)) + " " + "+".join(names)


def publish(url: URL, entries: Sequence[Entry], run: str, tags: dict[str, str]) -> Published:
    """Store ``entries`` under run ``run``; results the history holds already are left as they are,
    and a publication that adds no result leaves no trace (not even its run)."""
    with session(url, write=True) as connection:
        known = _ids(connection, schema.results, "digest", (e.row["digest"] for e in entries))
        fresh = [e for e in entries if e.row["digest"] not in known]
        if not fresh:
            return Published(run, 0, len(known), 0)
        environments = {e.environment_fingerprint: e.environment for e in fresh}
        insert_new(
            connection,
            schema.environments,
            [{"fingerprint": f, "data": _json(env)} for f, env in environments.items()],
            "fingerprint",
        )
        env_ids = _ids(connection, schema.environments, "fingerprint", environments)
        series = {e.series["key"]: e.series for e in fresh}
        insert_new(connection, schema.series, list(series.values()), "key")
        series_ids = _ids(connection, schema.series, "key", series)
        versions = sorted({e.row["benchit_version"] for e in fresh})
        insert_new(
            connection,
            schema.runs,
            [
                {
                    "name": run,
                    "time": max(e.row["time"] for e in fresh),
                    "benchit_version": ",".join(versions) or __version__,
                    "fingerprint": digest(sorted(environments)),
                }
            ],
            "name",
        )
        run_id = _ids(connection, schema.runs, "name", [run])[run]
        _insert_tags(connection, run_id, tags)
        touched = sorted({series_ids[key] for key in series})
        _lock(connection, touched)
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
        summary.add(connection, [row["digest"] for row in rows], touched)
        return Published(run, len(fresh), len(known), len(series))


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


def _insert_tags(connection: Connection, run_id: int, tags: dict[str, str]) -> None:
    """A run's tags; a tag the run has already keeps its first value."""
    insert_new(
        connection, schema.tags, [{"run_id": run_id, "key": k, "value": v} for k, v in tags.items()], "run_id", "key"
    )
