"""Each series' points packed in one row (``series_points``): what ``benchit history`` reads instead of a row per result."""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, bindparam, case, false, select, update

from benchit.history import bulk, schema

CHUNK = bulk.CHUNK
# Column: the array type of its items (8-byte integers and floats, one byte for the flag).
KINDS = {"ids": "q", "runs": "q", "times": "d", "medians": "d", "usable": "B"}


@dataclass(frozen=True)
class Packed:
    """A series' points in time order (then result id), as arrays."""

    ids: array[int]
    runs: array[int]
    times: array[float]
    medians: array[float]  # nan where a result has no median
    usable: array[int]  # 1: ok, not contended and a median above 0

    def __len__(self) -> int:
        return len(self.ids)

    def row(self, series_id: int) -> dict[str, Any]:
        return {
            "series_id": series_id,
            "count": len(self),
            "ids": _bytes(self.ids),
            "runs": _bytes(self.runs),
            "times": _bytes(self.times),
            "medians": _bytes(self.medians),
            "usable": _bytes(self.usable),
        }


def empty() -> Packed:
    return Packed(array("q"), array("q"), array("d"), array("d"), array("B"))


def _bytes(values: array[Any]) -> bytes:
    if sys.byteorder == "big" and values.itemsize > 1:  # stored little-endian, whoever wrote them
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


def unpack(row: Any) -> Packed:
    """A ``series_points`` row (a mapping) as arrays."""
    arrays = []
    for name, kind in KINDS.items():
        values = array(kind)
        values.frombytes(bytes(row[name]))  # PostgreSQL's driver hands a memoryview
        if sys.byteorder == "big" and values.itemsize > 1:
            values.byteswap()
        arrays.append(values)
    return Packed(*arrays)  # type: ignore[arg-type]  # typed by KINDS, item for item


def usable_flag() -> Any:
    """The SQL of a result's ``usable``: what a baseline and a change point use."""
    r = schema.results
    return case((and_(r.c.status == "ok", r.c.contended == false(), r.c.median_ms > 0), 1), else_=0)


Point = tuple[float, int, int, float, int]  # time, id, run, median (nan: none), usable


def merged(packed: Packed, points: Sequence[Point]) -> Packed:
    """``packed`` with ``points`` added (those whose result it holds already are left out), in time order."""
    if len(packed):
        held = set(packed.ids)
        points = [p for p in points if p[1] not in held]
    if not points:
        return packed
    points = sorted(points)
    if len(packed) and (points[0][0], points[0][1]) < (packed.times[-1], packed.ids[-1]):
        # An older result published late: the whole series sorted again (rare: runs come in order).
        old = zip(packed.times, packed.ids, packed.runs, packed.medians, packed.usable, strict=True)
        points, packed = sorted([*old, *points]), empty()
    times, ids, runs, medians, usable = zip(*points, strict=True)
    if not len(packed):  # a new series (most of a nightly's): its arrays as they are
        return Packed(array("q", ids), array("q", runs), array("d", times), array("d", medians), array("B", usable))
    return Packed(
        packed.ids + array("q", ids),
        packed.runs + array("q", runs),
        packed.times + array("d", times),
        packed.medians + array("d", medians),
        packed.usable + array("B", usable),
    )


def read(connection: Connection, series_ids: Iterable[int] | None) -> Iterator[tuple[int, Packed]]:
    """The packed points of the series ``series_ids`` (of every series when None)."""
    s = schema.series_points
    query = select(s.c.series_id, *(s.c[name] for name in KINDS))
    if series_ids is None:
        batches: list[list[int] | None] = [None]
    else:
        wanted = sorted(set(series_ids))
        batches = [wanted[i : i + CHUNK] for i in range(0, len(wanted), CHUNK)]
    for batch in batches:
        statement = query if batch is None else query.where(s.c.series_id.in_(batch))
        for row in connection.execute(statement).mappings():
            yield row["series_id"], unpack(row)


def points(connection: Connection, digests: Sequence[str], run_id: int) -> dict[int, list[Point]]:
    """The points of the results ``digests`` stored under run ``run_id`` (just stored), by series."""
    r = schema.results
    new: dict[int, list[Point]] = {}
    columns = (r.c.series_id, r.c.time, r.c.id, r.c.median_ms, usable_flag())
    # By the digest's unique index; the run's results only (a concurrent publisher may have stored
    # one of these digests first).
    found = bulk.select_in(
        connection,
        "points of results",
        lambda listed: select(*columns).where(r.c.digest.in_(listed), r.c.run_id == bindparam("run")),
        digests,
        run=run_id,
    )
    for sid, time, id_, median, flag in found:
        new.setdefault(sid, []).append((time, id_, run_id, math.nan if median is None else median, int(flag)))
    return new


def write(connection: Connection, new: dict[int, list[Point]]) -> None:
    """Merge ``new`` points into each series' row (made where the series has none yet)."""
    existing = dict(read(connection, new))
    inserts = [merged(empty(), points).row(sid) for sid, points in new.items() if sid not in existing]
    updates = []
    for sid, packed in existing.items():
        after = merged(packed, new[sid])
        if after is not packed:
            row = after.row(sid)
            row["sid"] = row.pop("series_id")  # the key the update finds its row by, not a column it sets
            updates.append(row)
    s = schema.series_points
    bulk.execute(connection, s.insert(), inserts)
    bulk.execute(connection, update(s).where(s.c.series_id == bindparam("sid")), updates)
