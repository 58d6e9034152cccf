"""Many rows in one statement's executions: compiled once, each row handed to the driver as it is."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection, Table, bindparam

CHUNK = 500  # rows per execution (and per IN (...) lookup: well under SQLite's limit on bound parameters)


def execute(connection: Connection, statement: Any, rows: Sequence[dict[str, Any]]) -> None:
    """``connection.execute(statement, rows)`` for rows of plain values (numbers, text, bytes, flags,
    None), without the per-value processing of SQLAlchemy's types, which is most of the time of
    a publication's writes: the statement is compiled for the rows' keys once, in the connection's
    dialect, and the rows go to the driver's ``executemany`` as they are."""
    if not rows:
        return
    # for_executemany: no RETURNING of the new ids (PostgreSQL's dialect adds one for a single row).
    compiled = statement.compile(dialect=connection.dialect, column_keys=list(rows[0]), for_executemany=True)
    sql, positions = str(compiled), compiled.positiontup or []
    # A row's values in the statement's order, at C speed (itemgetter of one key gives the value alone).
    values = operator.itemgetter(*positions) if len(positions) > 1 else lambda row: tuple(row[k] for k in positions)
    for start in range(0, len(rows), CHUNK):
        chunk = rows[start : start + CHUNK]
        params: Any = list(map(values, chunk)) if compiled.positional else list(chunk)
        connection.exec_driver_sql(sql, params)


def insert_new(connection: Connection, table: Table, rows: Sequence[dict[str, Any]], *unique: str) -> None:
    """Insert ``rows``; a row whose ``unique`` columns are taken (by an earlier or a concurrent
    publisher) is skipped: ``INSERT ... ON CONFLICT (unique) DO NOTHING``."""
    if connection.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        statement: Any = pg_insert(table).on_conflict_do_nothing(index_elements=list(unique))
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        statement = sqlite_insert(table).on_conflict_do_nothing(index_elements=list(unique))
    execute(connection, statement, rows)


def select_in(
    connection: Connection, name: str, query: Callable[[list[Any]], Any], values: Sequence[Any], **fixed: Any
) -> list[tuple[Any, ...]]:
    """The rows of ``query(in_list)`` for every value of ``values``, CHUNK at a time: ``in_list``
    is the bound parameters of an ``IN (...)`` list, ``fixed`` the values of the query's other
    bound parameters. As ``execute``, without SQLAlchemy's per-value processing (a third of a
    lookup of thousands of digests): the query is compiled once per process, dialect and list
    length (``name`` names it: the same name, the same query), and the driver's rows come back as
    they are (plain numbers and text)."""
    found: list[tuple[Any, ...]] = []
    for start in range(0, len(values), CHUNK):
        chunk = values[start : start + CHUNK]
        key = (name, connection.dialect.name, len(chunk))
        if key not in _COMPILED:
            form = query([bindparam(f"in_{i}") for i in range(len(chunk))]).compile(dialect=connection.dialect)
            # The query's own literals (``status = 'ok'``) are bound parameters with their values.
            _COMPILED[key] = (str(form), list(form.positiontup or []), bool(form.positional), form.params)
        sql, positions, positional, literals = _COMPILED[key]
        named = {**literals, **fixed, **{f"in_{i}": value for i, value in enumerate(chunk)}}
        params: Any = tuple(named[k] for k in positions) if positional else named
        found += map(tuple, connection.exec_driver_sql(sql, params).all())
    return found


_COMPILED: dict[tuple[str, str, int], tuple[str, list[str], bool, dict[str, Any]]] = {}
