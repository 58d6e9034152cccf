"""The history database's tables (SQLAlchemy Core), as the newest migration leaves them."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Index, Integer, LargeBinary, MetaData, String, Table, Text

metadata = MetaData()

# A run: one publication of one or more caches under a name (a nightly, a CI job).
runs = Table(
    "runs",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("time", Float, nullable=False),  # epoch seconds: the newest result's, else when published
    Column("benchit_version", String(64), nullable=False),
    Column("fingerprint", String(64), nullable=False),  # of the environments of its results
)

# One row per distinct environment (versions, driver, host, timing settings): shared by many results.
environments = Table(
    "environments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("fingerprint", String(64), nullable=False, unique=True),
    Column("data", Text, nullable=False),  # JSON
)

# A series: what one result measures, over runs (history/identity.py defines it).
series = Table(
    "series",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(64), nullable=False, unique=True),
    Column("script", Text, nullable=False),
    Column("model", Text, nullable=False),
    Column("invocation", String(64), nullable=False),
    Column("script_args", Text, nullable=False),
    Column("device", String(100), nullable=False),
    Column("runtime", String(100), nullable=False),
    Column("precision", String(32), nullable=False),
    Column("machine", String(100), nullable=False),
    Column("mode", String(32), nullable=False),
    Column("runtime_options", Text, nullable=False),  # JSON
    Column("hostname", Text, nullable=False),
)

results = Table(
    "results",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("digest", String(64), nullable=False, unique=True),  # of the result as the cache holds it
    Column("run_id", Integer, ForeignKey("runs.id"), nullable=False),
    Column("series_id", Integer, ForeignKey("series.id"), nullable=False),
    Column("environment_id", Integer, ForeignKey("environments.id"), nullable=False),
    Column("time", Float, nullable=False),  # when it was measured (the result's ``finished``)
    Column("status", String(32), nullable=False),
    Column("error", Text),
    Column("median_ms", Float),
    Column("ci_low_ms", Float),
    Column("ci_high_ms", Float),
    Column("rounds", Text, nullable=False),  # JSON: the round medians
    Column("samples", Text, nullable=False),  # JSON: the kept samples (bounded by the measurement)
    Column("stats", Text),  # JSON: the other statistics
    Column("throughput_per_s", Float),
    Column("contended", Boolean, nullable=False),
    Column("parity", String(32)),  # the parity verdict
    Column("details", Text, nullable=False),  # JSON: parity, info, labels, machine
    Column("script_digest", String(64), nullable=False),
    Column("benchit_version", String(64), nullable=False),
)
Index("results_by_series", results.c.series_id, results.c.time)

# Added by the second migration: --tag KEY=VALUE of a run.
tags = Table(
    "tags",
    metadata,
    Column("run_id", Integer, ForeignKey("runs.id"), primary_key=True),
    Column("key", String(100), primary_key=True),
    Column("value", Text, nullable=False),
)

# Added by the third migration: each series' points, packed (history/summary.py), kept by publish in
# the same transaction as the results, so that ``benchit history`` reads a row per series, not one
# per result. Arrays of little-endian numbers, in time order (then result id).
series_points = Table(
    "series_points",
    metadata,
    Column("series_id", Integer, ForeignKey("series.id"), primary_key=True),
    Column("count", Integer, nullable=False),
    Column("ids", LargeBinary, nullable=False),  # int64: the results' ids
    Column("runs", LargeBinary, nullable=False),  # int64: their runs' ids
    Column("times", LargeBinary, nullable=False),  # float64: when measured (epoch seconds)
    Column("medians", LargeBinary, nullable=False),  # float64: the median (ms), nan where none
    Column("usable", LargeBinary, nullable=False),  # uint8: ok, not contended and a median above 0
)

# Added by the fourth migration: the noise floor (``benchit calibrate``) of each machine, thread count
# and torch version a run's caches were measured with; ``benchit history`` judges with it.
floors = Table(
    "floors",
    metadata,
    Column("run_id", Integer, ForeignKey("runs.id"), primary_key=True),
    Column("machine", String(100), primary_key=True),  # the machine's id, as ``series.machine``
    Column("threads", Integer, primary_key=True),
    Column("torch", String(64), primary_key=True),  # its release, without the local part
    Column("floor", Float, nullable=False),  # the fraction: two runs differ by less than ±floor, 95%
    Column("data", Text, nullable=False),  # JSON: the whole ``floor.Floor``
)
