"""Synthetic history databases for the history benchmarks: SERIES series x RUNS runs, some with a step."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from benchit.history import engine, summary
from benchit.history.collect import digest
from benchit.history.identity import series_identity, series_key

ENVIRONMENT = {"versions": {"torch": "2.14.1"}, "python": "3.11.7", "benchit": "0.1.0"}


def make(path: Path, series: int, runs: int, step_every: int = 20, seed: int = 0) -> None:
    """An SQLite history at ``path``: every ``step_every``-th series is 1.5x slower from its last run
    on (a regression), the others steady with 2% noise between runs."""
    rng = random.Random(seed)
    url = engine.resolve(str(path))
    with engine.session(url, write=True):
        pass  # the schema, at its newest revision
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute(
        "INSERT INTO environments (id, fingerprint, data) VALUES (1, ?, ?)",
        (digest(ENVIRONMENT), json.dumps(ENVIRONMENT)),
    )
    connection.executemany(
        "INSERT INTO runs (id, name, time, benchit_version, fingerprint) VALUES (?, ?, ?, '0.1.0', 'x')",
        [(r + 1, f"nightly-{r + 1:04d}", 1.7e9 + r * 86400.0) for r in range(runs)],
    )
    rows = []
    for s in range(series):
        result = {"device": "cpu", "runtime": "torch", "precision": "fp32", "machine": {"id": f"m{s % 4}"}}
        identity = series_identity(result, f"models/model_{s:04d}.py", f"{s:08x}", ())
        rows.append((s + 1, series_key(identity), identity["script"], f"Model{s}", identity["invocation"], "", "cpu",
                     "torch", "fp32", identity["machine"], "eval", "{}", f"host{s % 4}"))  # fmt: skip
    connection.executemany("INSERT INTO series VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    results, packed = [], []
    id_ = 0
    for s in range(series):
        level = rng.uniform(0.5, 50.0)
        points = []
        for r in range(runs):
            step = 1.5 if s % step_every == 0 and r == runs - 1 else 1.0
            median = level * step * rng.lognormvariate(0.0, 0.02)
            rounds = [round(median * rng.lognormvariate(0.0, 0.01), 5) for _ in range(5)]
            id_ += 1
            time = 1.7e9 + r * 86400.0 + s
            results.append((id_, f"{id_:064x}", r + 1, s + 1, 1, time, "ok", None, median,
                            median * 0.99, median * 1.01, json.dumps(rounds), "[]", None, None, 0, None, "{}", "d" * 16, "0.1.0"))  # fmt: skip
            points.append((time, id_, r + 1, median, 1))
            if len(results) >= 100_000:
                _flush(connection, results)
        # The series' packed points, as publish keeps them.
        row = summary.merged(summary.empty(), points).row(s + 1)
        packed.append(tuple(row[k] for k in ("series_id", "count", *summary.KINDS)))
    _flush(connection, results)
    connection.executemany("INSERT INTO series_points VALUES (?, ?, ?, ?, ?, ?, ?)", packed)
    connection.commit()
    connection.close()


def _flush(connection: sqlite3.Connection, results: list[tuple]) -> None:
    connection.executemany("INSERT INTO results VALUES (" + ", ".join("?" * 20) + ")", results)
    results.clear()
