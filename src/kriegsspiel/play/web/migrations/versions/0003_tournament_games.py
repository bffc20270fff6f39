"""The games of bot tournaments (``kriegsspiel tournament``), each with its record.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_games",
        sa.Column("tournament", sa.String(64), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_games")
