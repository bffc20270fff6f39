"""The database tables. Their history is in migrations/ (Alembic)."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, Integer, MetaData, String, Table, Text

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("step", Integer, nullable=False),  # actions a spectator knows of (no secret draft steps)
    Column("over", Boolean, nullable=False),
    Column("state", JSON, nullable=False),  # the last snapshot of the state
    Column("bots_move", Boolean, nullable=False, server_default="0"),  # a bot must act now
    Column("spectator", String(64)),  # the public spectator token
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("role", String(64), primary_key=True),
    Column("token", String(64), nullable=False, index=True),  # SHA-256 of the seat's token
    Column("kind", String(16), nullable=False),  # "human", "bot" or "spectator"
    Column("bot", String(64)),
    Column("invite", String(64), index=True),  # SHA-256 of the seat's invitation code
    Column("invite_code", String(64)),  # a first invitation's code while nobody has taken it, for the creator to resend
    Column("claimed", Boolean, nullable=False, server_default="1"),  # the invitation was taken
    Column("creator", Boolean, nullable=False, server_default="0"),  # the seat of the game's creator
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # after this many actions
    Column("state", JSON, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("role", String(64), nullable=False),
    Column("action", JSON),
    Column("at", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("sender", String(64)),
    Column("recipient", String(64)),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

tournament_games = Table(
    "tournament_games",
    metadata,
    Column("tournament", String(64), primary_key=True),  # its name: by default made of its parameters
    Column("n", Integer, primary_key=True),  # the game's number in the tournament's schedule
    Column("game", String(64), nullable=False),
    Column("seats", JSON, nullable=False),  # role -> bot
    Column("result", JSON),
    Column("record", JSON, nullable=False),  # replayable with kriegsspiel.replay
    Column("decisions", Integer, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("at", Float, nullable=False),
)
