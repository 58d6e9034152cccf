"""Run tags (--tag KEY=VALUE) and the index that reads a series in time order."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "tags",
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id"), primary_key=True),
        sa.Column("key", sa.String(100), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_index("results_by_series", "results", ["series_id", "time"])


def downgrade() -> None:
    op.drop_index("results_by_series", "results")
    op.drop_table("tags")
