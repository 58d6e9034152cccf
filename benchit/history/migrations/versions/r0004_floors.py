"""The noise floor of each machine, thread count and torch version a run was measured with."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    # The table as this revision makes it (schema.py holds the newest; a later revision may change it).
    op.create_table(
        "floors",
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id"), primary_key=True),
        sa.Column("machine", sa.String(100), primary_key=True),
        sa.Column("threads", sa.Integer, primary_key=True),
        sa.Column("torch", sa.String(64), primary_key=True),
        sa.Column("floor", sa.Float, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("floors")
