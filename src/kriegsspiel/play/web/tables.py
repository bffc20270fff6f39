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
    Column("step", Integer, nullable=False),  # actions so far
    Column("over", Boolean, nullable=False),
    Column("state", JSON, nullable=False),  # the state after ``step`` actions
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("role", String(64), primary_key=True),
    Column("token", String(64), nullable=False, index=True),
    Column("kind", String(16), nullable=False),  # "human" or "bot"
    Column("bot", String(64)),
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
