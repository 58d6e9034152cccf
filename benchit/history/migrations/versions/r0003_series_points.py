"""Each series' points packed in one row (``series_points``), filled from the results already stored."""

from __future__ import annotations

import itertools
import math
import operator

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    # The table as this revision makes it (schema.py holds the newest; a later revision may change it).
    points = op.create_table(
        "series_points",
        sa.Column("series_id", sa.Integer, sa.ForeignKey("series.id"), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("ids", sa.LargeBinary, nullable=False),
        sa.Column("runs", sa.LargeBinary, nullable=False),
        sa.Column("times", sa.LargeBinary, nullable=False),
        sa.Column("medians", sa.LargeBinary, nullable=False),
        sa.Column("usable", sa.LargeBinary, nullable=False),
    )
    from benchit.history import summary

    results = sa.table(
        "results",
        *(sa.column(name) for name in ("id", "series_id", "run_id", "time", "median_ms", "status", "contended")),
    )
    usable = sa.case(
        (sa.and_(results.c.status == "ok", results.c.contended == sa.false(), results.c.median_ms > 0), 1), else_=0
    )
    query = sa.select(
        results.c.series_id, results.c.time, results.c.id, results.c.run_id, results.c.median_ms, usable
    ).order_by(results.c.series_id, results.c.time, results.c.id)
    connection = op.get_bind()
    rows = []
    for sid, group in itertools.groupby(connection.execute(query), key=operator.itemgetter(0)):
        found = [(t, i, r, math.nan if m is None else m, u) for _, t, i, r, m, u in group]
        rows.append(summary.merged(summary.empty(), found).row(sid))
        if len(rows) >= summary.CHUNK:
            op.bulk_insert(points, rows)
            rows = []
    if rows:
        op.bulk_insert(points, rows)


def downgrade() -> None:
    op.drop_table("series_points")
