"""The first schema: runs, environments, series and results."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "runs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("time", sa.Float, nullable=False),
        sa.Column("benchit_version", sa.String(64), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
    )
    op.create_table(
        "environments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False, unique=True),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "series",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(64), nullable=False, unique=True),
        sa.Column("script", sa.Text, nullable=False),
        sa.Column("model", sa.Text, nullable=False),
        sa.Column("invocation", sa.String(64), nullable=False),
        sa.Column("script_args", sa.Text, nullable=False),
        sa.Column("device", sa.String(100), nullable=False),
        sa.Column("runtime", sa.String(100), nullable=False),
        sa.Column("precision", sa.String(32), nullable=False),
        sa.Column("machine", sa.String(100), nullable=False),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("runtime_options", sa.Text, nullable=False),
        sa.Column("hostname", sa.Text, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id"), nullable=False),
        sa.Column("series_id", sa.Integer, sa.ForeignKey("series.id"), nullable=False),
        sa.Column("environment_id", sa.Integer, sa.ForeignKey("environments.id"), nullable=False),
        sa.Column("time", sa.Float, nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("error", sa.Text),
        sa.Column("median_ms", sa.Float),
        sa.Column("ci_low_ms", sa.Float),
        sa.Column("ci_high_ms", sa.Float),
        sa.Column("rounds", sa.Text, nullable=False),
        sa.Column("samples", sa.Text, nullable=False),
        sa.Column("stats", sa.Text),
        sa.Column("throughput_per_s", sa.Float),
        sa.Column("contended", sa.Boolean, nullable=False),
        sa.Column("parity", sa.String(32)),
        sa.Column("details", sa.Text, nullable=False),
        sa.Column("script_digest", sa.String(64), nullable=False),
        sa.Column("benchit_version", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    for table in ("results", "series", "environments", "runs"):
        op.drop_table(table)
