"""The games a server hosts: each live in memory behind a lock, written
through to the store, bots playing their seats, seats told of every change."""

from __future__ import annotations

import asyncio
import random
import secrets
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool

from ... import bot as get_bot
from ...engine import IllegalAction
from ...games import load
from .store import SPECTATOR, Store


class Refused(Exception):
    """A request that cannot be granted; ``status`` is the HTTP code to answer with."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclass
class Seat:
    """What a token opens: one or more roles of one game, or the spectator's view."""

    game_id: str
    roles: list[str]

    @property
    def spectator(self) -> bool:
        return not self.roles


@dataclass
class Live:
    id: str
    state: dict
    seats: dict  # role -> "human" | "bot:NAME"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    chat: list = field(default_factory=list)
    listeners: set = field(default_factory=set)  # one queue per open websocket
    bots_running: bool = False


class Host:
    def __init__(self, store: Store):
        self.store = store
        self.live: dict[str, Live] = {}
        self.seats_by_token: dict[tuple[str, str], Seat] = {}

    # ----- games ---------------------------------------------------------------------

    async def create(self, game_id: str, spec: dict) -> dict:
        rules = _rules(spec["game"])
        try:
            state = rules.new(
                seed=spec.get("seed"),
                scenario=spec.get("scenario"),
                options=spec.get("options") or {},
                players=spec.get("players"),
            )
        except ValueError as e:
            raise Refused(400, str(e)) from None
        wanted = spec.get("seats") or {}
        unknown = [r for r in wanted if r not in state["roles"]]
        if unknown:
            raise Refused(400, f"no role {unknown[0]!r} in this game; the roles are {', '.join(state['roles'])}")
        seats = {}
        for role in state["roles"]:
            who = wanted.get(role, "human")
            if who != "human":
                name = who.removeprefix("bot:")
                try:
                    get_bot(rules.id, name)
                except KeyError as e:
                    raise Refused(400, e.args[0]) from None
                who = f"bot:{name}"
            seats[role] = who
        rows, tokens = [], {}
        for group in rules.seats(state["players"], state["options"]):
            token = secrets.token_urlsafe(24)  # a player's human roles share one key
            for role in group:
                if seats[role] == "human":
                    tokens[role] = token
                    rows.append({"role": role, "token": token, "kind": "human", "bot": None})
                else:
                    rows.append(
                        {
                            "role": role,
                            "token": secrets.token_urlsafe(24),
                            "kind": "bot",
                            "bot": seats[role].removeprefix("bot:"),
                        }
                    )
        spectator = secrets.token_urlsafe(24)
        rows.append({"role": SPECTATOR, "token": spectator, "kind": "spectator", "bot": None})
        await run_in_threadpool(self.store.create, game_id, rules.id, state, rows)
        self.live[game_id] = Live(game_id, state, seats)
        self.kick_bots(self.live[game_id])
        return {"seats": tokens, "spectator": spectator}

    async def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is None:
            loaded = await run_in_threadpool(self.store.load, game_id)
            if loaded is None:
                raise Refused(404, f"no game {game_id!r} on this server")
            state, rows = loaded
            seats = {
                r["role"]: ("human" if r["kind"] == "human" else f"bot:{r['bot']}")
                for r in rows
                if r["role"] != SPECTATOR
            }
            chat = await run_in_threadpool(self.store.chat, game_id)
            live = self.live.setdefault(game_id, Live(game_id, state, seats, chat=chat))
        return live

    async def seat(self, game_id: str, token: str | None) -> Seat:
        if not token:
            raise Refused(401, "a seat token is needed (?token=...)")
        known = self.seats_by_token.get((game_id, token))
        if known is not None:
            return known
        rows = await run_in_threadpool(self.store.seat_by_token, token)
        rows = [r for r in rows if r["game_id"] == game_id]
        if not rows:
            raise Refused(403, "this token opens no seat of this game")
        if rows[0]["kind"] == "spectator":
            seat = self.seats_by_token[game_id, token] = Seat(game_id, [])
            return seat
        if rows[0]["kind"] != "human":
            raise Refused(403, "this token opens no seat of this game")
        live = await self.get(game_id)
        roles = [r for r in live.state["roles"] if any(row["role"] == r for row in rows)]
        seat = self.seats_by_token[game_id, token] = Seat(game_id, roles)  # tokens never change
        return seat

    # ----- acting --------------------------------------------------------------------

    async def act(self, live: Live, role: str, action) -> None:
        """Apply an action; it is durable before anyone hears of it."""
        rules = _rules(live.state["game"])
        async with live.lock:
            state = rules.clone(live.state)
            try:
                rules.apply(state, role, action)
            except IllegalAction as e:
                raise Refused(409 if "may not act now" in str(e) or "over" in str(e) else 400, str(e)) from None
            await run_in_threadpool(self.store.commit_action, live.id, role, state["actions"][-1][1], state)
            live.state = state
        await self.changed(live)

    async def undo(self, live: Live, role: str) -> None:
        rules = _rules(live.state["game"])
        async with live.lock:
            try:
                state = await run_in_threadpool(rules.undo, live.state, role)
            except IllegalAction as e:
                raise Refused(409, str(e)) from None
            await run_in_threadpool(self.store.replace_state, live.id, state)
            live.state = state
        await self.changed(live)

    async def say(self, live: Live, sender: str | None, recipient: str | None, text: str) -> None:
        message = await run_in_threadpool(self.store.add_chat, live.id, sender, recipient, text)
        live.chat.append(message)
        for queue in list(live.listeners):
            queue.put_nowait("chat")

    async def changed(self, live: Live) -> None:
        for queue in list(live.listeners):
            queue.put_nowait("state")
        self.kick_bots(live)

    # ----- bots ----------------------------------------------------------------------

    def kick_bots(self, live: Live) -> None:
        if not live.bots_running and self._bot_to_move(live):
            live.bots_running = True
            asyncio.get_running_loop().create_task(self._bots(live))

    def _bot_to_move(self, live: Live) -> str | None:
        rules = _rules(live.state["game"])
        for role in rules.active(live.state):
            if live.seats.get(role, "human").startswith("bot:"):
                return role
        return None

    async def _bots(self, live: Live) -> None:
        """Bots move one after another, each off the event loop, until a human must act."""
        rules = _rules(live.state["game"])
        try:
            while (role := self._bot_to_move(live)) is not None:
                state = live.state
                name = live.seats[role].removeprefix("bot:")
                step = len(state["actions"])
                rng = random.Random(f"{live.id}:{step}:{role}")

                def think(state=state, role=role, name=name, rng=rng):
                    bot = get_bot(rules.id, name)
                    return bot(rules.view(state, role), rules.actions(state, role), rng)

                action = await run_in_threadpool(think)
                if live.state is not state:
                    continue  # someone else moved meanwhile: think again
                try:
                    await self.act(live, role, action)
                except Refused:
                    return
                await asyncio.sleep(0)
        finally:
            live.bots_running = False

    async def resume(self) -> None:
        """After a restart: bots pick up where they stopped."""
        for game_id in await run_in_threadpool(self.store.unfinished):
            self.kick_bots(await self.get(game_id))


def _rules(game_id: str):
    try:
        return load(game_id)
    except KeyError as e:
        raise Refused(400, e.args[0]) from None
