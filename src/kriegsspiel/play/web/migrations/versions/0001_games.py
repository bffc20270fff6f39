"""Games, seats, actions and chat.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("role", sa.String(64), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(64)),
    )
    op.create_index("ix_seats_token", "seats", ["token"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("action", sa.JSON),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("sender", sa.String(64)),
        sa.Column("recipient", sa.String(64)),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_game_id", "chat", ["game_id"])


def downgrade() -> None:
    op.drop_table("chat")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("games")
