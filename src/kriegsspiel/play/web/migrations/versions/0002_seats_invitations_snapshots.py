"""Seats claimed by invitation, tokens kept as digests, snapshots for replays.

Revision ID: 0002
Revises: 0001
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("bots_move", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("spectator", sa.String(64)))
    op.add_column("seats", sa.Column("invite", sa.String(64)))
    op.add_column("seats", sa.Column("invite_code", sa.String(64)))
    op.add_column("seats", sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("seats", sa.Column("creator", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_seats_invite", "seats", ["invite"])
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("state", sa.JSON, nullable=False),
    )
    # Seats made before this revision keep working: their tokens are stored as
    # digests from now on; games keep their spectator link; bots resume.
    conn = op.get_bind()
    seats = sa.table("seats", sa.column("game_id"), sa.column("role"), sa.column("token"), sa.column("kind"))
    games = sa.table("games", sa.column("id"), sa.column("spectator"), sa.column("over"), sa.column("bots_move"))
    for row in conn.execute(sa.select(seats.c.game_id, seats.c.role, seats.c.token, seats.c.kind)).all():
        if row.kind == "spectator":
            conn.execute(sa.update(games).where(games.c.id == row.game_id).values(spectator=row.token))
        digest = hashlib.sha256(row.token.encode()).hexdigest()
        conn.execute(
            sa.update(seats).where(seats.c.game_id == row.game_id, seats.c.role == row.role).values(token=digest)
        )
    conn.execute(sa.update(games).where(games.c.over.is_(False)).values(bots_move=True))


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_index("ix_seats_invite", "seats")
    op.drop_column("seats", "creator")
    op.drop_column("seats", "claimed")
    op.drop_column("seats", "invite_code")
    op.drop_column("seats", "invite")
    op.drop_column("games", "spectator")
    op.drop_column("games", "bots_move")
