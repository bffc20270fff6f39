"""Durable storage: every accepted action and the state it leads to are
committed together, before anyone is told of them.

Seat tokens are stored as their SHA-256 digests, so a copy of the database
opens no seat that anyone holds; the code of a game's first invitations is
kept as it is only until someone takes it (its creator may need to send it
again). A handed-over seat's new code is kept only as its digest: it is the
last holder's to give, and nobody else's to see."""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import time
from pathlib import Path

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from ...engine import records
from ...engine.errors import RecordError
from ...games import load as load_rules
from .tables import actions, chat, games, seats, snapshots

SPECTATOR = "*spectator*"
SNAPSHOT = 25
"""The whole state is stored every this many actions (and at the end)."""


class Damaged(Exception):
    """A game whose stored data cannot be read back."""


def digest(secret: str) -> str:
    """How a token or an invitation code is stored."""
    return hashlib.sha256(secret.encode()).hexdigest()


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

    # ----- games ---------------------------------------------------------------------

    def create(self, game_id: str, game: str, state: dict, seat_rows: list[dict], spectator: str) -> None:
        """A new game; ``seat_rows`` carry digests, never tokens."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id=game_id,
                    game=game,
                    created=time.time(),
                    step=0,
                    over=not state["stack"],
                    state=state,
                    bots_move=False,
                    spectator=spectator,
                )
            )
            conn.execute(insert(seats), [{"game_id": game_id, **row} for row in seat_rows])
            conn.execute(insert(snapshots).values(game_id=game_id, n=len(state["actions"]), state=state))

    def commit_action(self, game_id: str, role: str, action, state: dict, public_step: int, bots_move: bool) -> None:
        """The action, durable before anyone hears of it. The whole state is
        written only every ``SNAPSHOT`` public steps and at the end; in between, the
        actions since the last one are replayed when the game is loaded. Counted in
        public steps, never a secret draft step: the longer write would tell a seat
        timing its own actions how many secret steps the others had taken."""
        n = len(state["actions"])
        over = not state["stack"]
        values = {"step": public_step, "over": over, "bots_move": bots_move}
        drafts = state.get("drafts") or ()
        drafted = bool(drafts) and drafts[-1][0] == n - 1  # this action: a secret draft step
        snap = over or (not drafted and public_step % SNAPSHOT == 0)
        if snap:
            values["state"] = state
        with self.engine.begin() as conn:
            conn.execute(insert(actions).values(game_id=game_id, n=n, role=role, action=action, at=time.time()))
            conn.execute(update(games).where(games.c.id == game_id).values(**values))
            if snap:
                conn.execute(delete(snapshots).where(snapshots.c.game_id == game_id, snapshots.c.n == n))
                conn.execute(insert(snapshots).values(game_id=game_id, n=n, state=state))

    def replace_state(self, game_id: str, state: dict, public_step: int, bots_move: bool) -> None:
        """After an undo: the actions and snapshots beyond the new state are dropped."""
        n = len(state["actions"])
        with self.engine.begin() as conn:
            conn.execute(actions.delete().where(actions.c.game_id == game_id, actions.c.n > n))
            conn.execute(delete(snapshots).where(snapshots.c.game_id == game_id, snapshots.c.n > n))
            conn.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(step=public_step, over=not state["stack"], state=state, bots_move=bots_move)
            )

    def set_bots_move(self, game_id: str, bots_move: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(bots_move=bots_move))

    def load(self, game_id: str) -> tuple[dict, list[dict]] | None:
        """The game's state (its last snapshot, brought forward by the actions
        stored since) and its seats; None if there is no such game, Damaged if
        its stored data cannot be read back."""
        try:
            with self.engine.connect() as conn:
                if conn.execute(select(games.c.id).where(games.c.id == game_id)).first() is None:
                    return None
                state = conn.execute(select(games.c.state).where(games.c.id == game_id)).scalar_one()
                state = _from_earlier_versions(state)
                seat_rows = [dict(r._mapping) for r in conn.execute(select(seats).where(seats.c.game_id == game_id))]
                later = conn.execute(
                    select(actions.c.role, actions.c.action)
                    .where(actions.c.game_id == game_id, actions.c.n > len(state["actions"]))
                    .order_by(actions.c.n)
                ).all()
            if later:
                rules = load_rules(state["game"])
                for role, action in later:
                    state = rules.apply_marked(state, role, action)
            return state, seat_rows
        except (DBAPIError, PoolTimeout):
            raise  # the database did not answer (restarted, gone for a moment): the game's data is not at fault
        except Exception as e:  # noqa: BLE001 - whatever is wrong with the row, the game cannot be played
            raise Damaged(f"{type(e).__name__}: {e}"[:300]) from None

    def state_at(self, game_id: str, n: int) -> dict:
        """The state after ``n`` actions: the nearest snapshot at or before it,
        brought forward by the stored actions."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(snapshots.c.n, snapshots.c.state)
                .where(snapshots.c.game_id == game_id, snapshots.c.n <= n)
                .order_by(snapshots.c.n.desc())
                .limit(1)
            ).first()
            if row is None:
                raise Damaged(f"game {game_id} has no snapshot before step {n}")
            later = conn.execute(
                select(actions.c.role, actions.c.action)
                .where(actions.c.game_id == game_id, actions.c.n > row.n, actions.c.n <= n)
                .order_by(actions.c.n)
            ).all()
        state = _from_earlier_versions(row.state)
        rules = load_rules(state["game"])
        for role, action in later:
            state = rules.apply_marked(state, role, action)
        return state

    def games_for_bots(self) -> list[str]:
        """The unfinished games in which a bot must act (to start after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id).where(games.c.over.is_(False), games.c.bots_move.is_(True)))
            return [r.id for r in rows]

    def listing(self, limit: int = 200) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id, games.c.game, games.c.created, games.c.over, games.c.step, games.c.spectator)
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
                "spectator": r.spectator,
            }
            for r in rows
        ]

    # ----- seats ---------------------------------------------------------------------

    def seat_rows(self, game_id: str) -> list[dict]:
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(select(seats).where(seats.c.game_id == game_id))]

    def seat_by_token(self, game_id: str, token: str) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats).where(seats.c.token == digest(token), seats.c.game_id == game_id))
            return [dict(r._mapping) for r in rows]

    def seat_by_invite(self, game_id: str, code: str) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats).where(seats.c.invite == digest(code), seats.c.game_id == game_id))
            return [dict(r._mapping) for r in rows]

    def claim(self, game_id: str, code: str, token: str) -> list[str] | None:
        """The invitation ``code`` taken with the new ``token``: the seat's roles,
        or None if it was taken already (the first claim wins, even in a race)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.invite == digest(code), seats.c.claimed.is_(False))
                .values(claimed=True, token=digest(token), invite_code=None)
            )
            if not done.rowcount:
                return None
            rows = conn.execute(select(seats.c.role).where(seats.c.game_id == game_id, seats.c.token == digest(token)))
            return [r.role for r in rows]

    def reinvite(self, game_id: str, key: str, code: str) -> list[str]:
        """The seat whose token has the digest ``key`` handed over: a new
        invitation ``code``, and a token nobody holds. The seat's roles."""
        unusable = digest(secrets.token_urlsafe(24))
        with self.engine.begin() as conn:
            where = (seats.c.game_id == game_id, seats.c.token == key, seats.c.kind == "human")
            roles = [r.role for r in conn.execute(select(seats.c.role).where(*where))]
            done = conn.execute(
                update(seats).where(*where).values(token=unusable, invite=digest(code), invite_code=None, claimed=False)
            )
            # two handovers at once: the one whose update found the old token no more hands nothing
            # over (its code would open nothing)
            return roles if done.rowcount else []

    # ----- chat ----------------------------------------------------------------------

    # A message's "id" is its number among the messages the reader may read (1 for the first):
    # the row's own key counts every message of the server, so gaps between the keys a seat sees
    # would tell it how many private messages others sent. ``key`` is the row's, kept inside.

    def add_chat(self, game_id: str, sender: str | None, recipient: str | None, text: str) -> dict:
        """Store a message; returned with its row ``key`` and no ``id`` (``chat_number`` gives
        it for each reader)."""
        at = time.time()
        with self.engine.begin() as conn:
            done = conn.execute(
                insert(chat).values(game_id=game_id, sender=sender, recipient=recipient, text=text, at=at)
            )
            key = done.inserted_primary_key[0]
        return {"key": key, "from": sender, "to": recipient, "text": text, "at": at}

    @staticmethod
    def _readable(game_id: str, roles: list[str]):
        mine = chat.c.recipient.is_(None)
        if roles:
            mine = mine | chat.c.recipient.in_(roles) | chat.c.sender.in_(roles)
        return (chat.c.game_id == game_id, mine)

    def chat_number(self, game_id: str, roles: list[str], key: int) -> int:
        """The number of the message stored as ``key`` among those ``roles`` may read."""
        query = select(func.count()).select_from(chat).where(*self._readable(game_id, roles), chat.c.id <= key)
        with self.engine.connect() as conn:
            return conn.execute(query).scalar_one()

    def chat_page(self, game_id: str, roles: list[str], before: int | None, limit: int) -> tuple[list[dict], bool]:
        """The latest ``limit`` messages ``roles`` may read (numbered below ``before``),
        oldest first, and whether there are more."""
        with self.engine.connect() as conn:
            keys = conn.execute(select(chat.c.id).where(*self._readable(game_id, roles)).order_by(chat.c.id)).scalars()
            keys = list(keys)
            end = len(keys) if before is None else max(0, min(before - 1, len(keys)))
            start = max(0, end - limit)
            chosen = keys[start:end]
            rows = conn.execute(select(chat).where(chat.c.id.in_(chosen)).order_by(chat.c.id)).all() if chosen else []
        return [
            {"id": start + i + 1, "from": r.sender, "to": r.recipient, "text": r.text, "at": r.at}
            for i, r in enumerate(rows)
        ], start > 0

    # ----- upkeep --------------------------------------------------------------------

    def count_games(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(games)).scalar_one()

    def close(self) -> None:
        """A clean stop: SQLite's write-ahead log is folded into the database
        file, so that the file alone is a complete copy."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        self.engine.dispose()


def _from_earlier_versions(state: dict) -> dict:
    """A game stored by an earlier Kriegsspiel: one from before secret draft
    steps were told apart had none; one whose dice came from the earlier
    generator can be watched once finished, but cannot go on. One stored at a
    point of the sequence of play that this Kriegsspiel names differently (a
    procedure or a step renamed, under the same version of the rules) is
    replayed from its actions, which give the same game."""
    state.setdefault("drafts", [])
    if state["stack"] and not isinstance(state.get("rng"), list):
        raise Damaged("it was stored by an earlier Kriegsspiel whose dice cannot go on")
    if state["stack"] and not _flow_known(state):
        try:
            return records.replay(records.record(state))
        except RecordError as e:
            raise Damaged(f"it was stored at a point of play this Kriegsspiel does not know, and {e}") from None
    return state


def _flow_known(state: dict) -> bool:
    """Whether every frame of the stored stack names a procedure and step, or a state, of the
    game's rules as they are now."""
    rules = load_rules(state["game"])
    for fr in state["stack"]:
        if "proc" in fr:
            proc = rules.procedures.get(fr["proc"])
            if proc is None or not callable(getattr(proc, str(fr.get("at")), None)):
                return False
        elif fr.get("state") not in rules.states:
            return False
    return True


def backup(url: str, target: str | Path) -> Path:
    """A consistent copy of a running server's SQLite database at ``target``
    (SQLite's online backup: writers may go on meanwhile)."""
    if not url.startswith("sqlite:///"):
        raise ValueError("only an SQLite database is copied this way; back PostgreSQL up with pg_dump")
    source = Path(url[len("sqlite:///") :])
    if not source.exists():
        raise ValueError(f"there is no database at {source}")
    target = Path(target)
    if target.resolve() == source.resolve():
        raise ValueError("the copy must go to another file")
    tmp = target.with_name(target.name + ".part")
    tmp.unlink(missing_ok=True)
    src, dst = sqlite3.connect(source), sqlite3.connect(tmp)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
    finally:
        src.close()
        dst.close()
    tmp.replace(target)
    return target
