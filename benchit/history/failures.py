"""The failed results of one run of the history database, as ``benchit triage`` compares a cache with them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select

from benchit import failures
from benchit.errors import UsageError
from benchit.history import engine, query, schema
from benchit.naming import measurement_key, options_tag
from benchit.report.triage import Failed, identity


def run_failures(url_text: str, run: str | None) -> tuple[list[Failed], set[str]]:
    """The failures of run ``run`` (default: the latest) in the database at ``url_text`` and the
    machines it measured on; a usage error for an unknown run."""
    url = engine.resolve(url_text)
    results, series, runs = schema.results, schema.series, schema.runs
    with engine.session(url, write=False) as connection:
        if run is None:
            row = connection.execute(select(runs.c.id, runs.c.name).order_by(runs.c.time.desc()).limit(1)).first()
        else:
            row = connection.execute(select(runs.c.id, runs.c.name).where(runs.c.name == run)).first()
        if row is None:
            raise UsageError(f"--db {engine.shown(url)}: no run {run!r}" if run else f"--db {engine.shown(url)}: no run")
        run_id = row[0]
        machines = {
            str(m)
            for (m,) in connection.execute(
                select(func.distinct(series.c.machine)).join(results, results.c.series_id == series.c.id)
                .where(results.c.run_id == run_id)
            )  # fmt: skip
            if m
        }
        query = (
            select(series, results.c.status, results.c.error, results.c.details)
            .join(results, results.c.series_id == series.c.id)
            .where(results.c.run_id == run_id, or_(results.c.status == "failed", results.c.parity == "failed"))
        )
        found = [_failed(dict(r._mapping), url_text) for r in connection.execute(query)]
    return [f for f in found if f is not None], machines


def _recorded(details: dict[str, Any]) -> failures.Failure | None:
    """The failure a result recorded when it was published (``failures.Failure``), if it is one."""
    found = details.get("failure")
    if not isinstance(found, dict) or not isinstance(found.get("stage"), str):
        return None
    return failures.Failure.from_dict(found)


def _failed(row: dict[str, Any], where: str) -> Failed | None:
    """A published failed result as triage's ``Failed``: its failure as recorded (``_recorded``), the
    one the cache's triage reads, else (published before failures were) derived from its error or parity."""
    options = query.mapping(row.get("runtime_options"))
    measurement = measurement_key(row["device"], row["runtime"], row["precision"], row["mode"], options_tag(options))
    details = query.mapping(row.get("details"))
    failure = _recorded(details)
    if failure is None and row["status"] == "failed":
        failure = failures.describe(row["runtime"], row.get("error") or "")
    elif failure is None:
        parity = details.get("parity")
        failure = failures.of_parity(row["runtime"], parity.get("reason") if isinstance(parity, dict) else None)
    key = identity(row["script"], row["invocation"], row["script_args"], measurement, row["machine"])
    return Failed(f"{row['script']}::{row['invocation']}/{measurement}", row["script"], row["model"], row["runtime"],
                  row["device"], row["machine"], failure, where, identity=key)  # fmt: skip
