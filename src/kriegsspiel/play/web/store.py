"""Durable storage: every accepted action and the state it leads to are
committed together, before anyone is told of them."""

from __future__ import annotations

import time
from pathlib import Path

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, insert, select, update
from sqlalchemy.engine import Engine

from ...games import load as load_rules
from .tables import actions, chat, games, seats

SPECTATOR = "*spectator*"
SNAPSHOT = 25
"""The whole state is stored every this many actions (and at the end)."""


def database(url: str) -> Engine:
    """An engine for ``url`` with the schema brought up to date."""
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]  # the psycopg 3 driver
    if url.startswith("sqlite:///"):
        path = Path(url[len("sqlite:///") :])
        if path.parent != Path("."):
            path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, future=True, json_serializer=lambda o: orjson.dumps(o).decode())
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn, _record):
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
            # In WAL mode NORMAL keeps every commit through a crash or kill -9 of
            # the server (not through a power cut), at a fraction of FULL's cost.
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
    return engine


class Store:
    def __init__(self, engine: Engine):
        self.engine = engine

    def create(self, game_id: str, game: str, state: dict, seat_rows: list[dict]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id=game_id, game=game, created=time.time(), step=0, over=not state["stack"], state=state
                )
            )
            conn.execute(insert(seats), [{"game_id": game_id, **row} for row in seat_rows])

    def commit_action(self, game_id: str, role: str, action, state: dict) -> None:
        """The action, durable before anyone hears of it. The whole state is
        written only every ``SNAPSHOT`` actions and at the end; in between, the
        actions since the last one are replayed when the game is loaded."""
        step = len(state["actions"])
        over = not state["stack"]
        values = {"step": step, "over": over}
        if over or step % SNAPSHOT == 0:
            values["state"] = state
        with self.engine.begin() as conn:
            conn.execute(insert(actions).values(game_id=game_id, n=step, role=role, action=action, at=time.time()))
            conn.execute(update(games).where(games.c.id == game_id).values(**values))

    def replace_state(self, game_id: str, state: dict) -> None:
        """After an undo: the actions beyond the new state are dropped."""
        step = len(state["actions"])
        with self.engine.begin() as conn:
            conn.execute(actions.delete().where(actions.c.game_id == game_id, actions.c.n > step))
            conn.execute(
                update(games).where(games.c.id == game_id).values(step=step, over=not state["stack"], state=state)
            )

    def load(self, game_id: str) -> tuple[dict, list[dict]] | None:
        """The game's state (its last snapshot, brought forward by the actions
        stored since) and its seats."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            seat_rows = [dict(r._mapping) for r in conn.execute(select(seats).where(seats.c.game_id == game_id))]
            state = row.state
            later = conn.execute(
                select(actions.c.role, actions.c.action)
                .where(actions.c.game_id == game_id, actions.c.n > len(state["actions"]))
                .order_by(actions.c.n)
            ).all()
        if later:
            rules = load_rules(state["game"])
            for role, action in later:
                state = rules.apply(state, role, action)
        return state, seat_rows

    def seat_by_token(self, token: str) -> list[dict]:
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(select(seats).where(seats.c.token == token))]

    def listing(self, limit: int = 200) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id, games.c.game, games.c.created, games.c.over, games.c.step)
                .order_by(games.c.created.desc())
                .limit(limit)
            ).all()
            ids = [r.id for r in rows]
            seat_rows = (
                conn.execute(
                    select(seats.c.game_id, seats.c.role, seats.c.kind, seats.c.bot).where(seats.c.game_id.in_(ids))
                ).all()
                if ids
                else []
            )
        by_game: dict[str, dict] = {}
        for s in seat_rows:
            if s.role != SPECTATOR:
                by_game.setdefault(s.game_id, {})[s.role] = "human" if s.kind == "human" else f"bot:{s.bot}"
        return [
            {
                "id": r.id,
                "game": r.game,
                "created": r.created,
                "over": r.over,
                "step": r.step,
                "seats": by_game.get(r.id, {}),
            }
            for r in rows
        ]

    def unfinished(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(select(games.c.id).where(games.c.over.is_(False)))]

    def add_chat(self, game_id: str, sender: str | None, recipient: str | None, text: str) -> dict:
        at = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(chat).values(game_id=game_id, sender=sender, recipient=recipient, text=text, at=at))
        return {"from": sender, "to": recipient, "text": text, "at": at}

    def chat(self, game_id: str) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat).where(chat.c.game_id == game_id).order_by(chat.c.id)).all()
        return [{"from": r.sender, "to": r.recipient, "text": r.text, "at": r.at} for r in rows]
