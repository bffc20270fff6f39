"""The games a server hosts: each live in memory behind a lock while someone
plays or watches it, written through to the store, bots playing their seats,
seats told of every change they may know of."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import multiprocessing
import secrets
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import orjson
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool

from ... import bot as get_bot
from ... import bots as bot_names
from ...ai.bots import decide, random_bot
from ...engine import IllegalAction, RecordError
from ...engine import rng as engine_rng
from ...engine.records import record, replay
from ...games import load
from .allowance import Allowance
from .store import SNAPSHOT, SPECTATOR, Damaged, Store, digest

log = logging.getLogger("kriegsspiel.web")

REPLAYS_AT_ONCE = 1
"""Replays worked out at the same time; more wait their turn."""
RECENT = 64
"""States replayed lately, kept to step on from (a replay viewer goes one step at a time)."""
MAX_GAME_ID = 32
"""A game's id is at most this long (the column's width; the server makes 16 hex digits)."""
MAX_ERROR = 300
"""An error message is cut at this many characters: it never echoes a whole input back."""


def handover_code(token: str, request: str | None) -> str:
    """A handed-over seat's new invitation code: made up afresh, or, when the client names
    its request, drawn from the old token and that name, so that the same request sent again
    after a lost answer finds the same invitation, and nobody without both can."""
    if request is None:
        return secrets.token_urlsafe(18)
    mac = hmac.new(token.encode(), b"handover " + request.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


class Refused(Exception):
    """A request that cannot be granted; ``status`` is the HTTP code to answer with."""

    def __init__(self, status: int, message: str):
        if len(message) > MAX_ERROR:
            message = message[: MAX_ERROR - 1] + "…"
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Limits:
    """What one client, one game and the server as a whole may take (docs/WEB.md)."""

    sockets_per_game: int = 200
    """Spectators' sockets on one game; each seat has as many of its own (a crowd of
    spectators, or one player's many sockets, never shuts out another player)."""
    sockets_per_client: int = 50
    creations_per_minute: float = 10.0
    bot_games: int = 4
    """All-bot games running at once."""
    bot_game_seconds: float = 30 * 60
    """How long an all-bot game plays before it is stopped."""
    bot_run_seconds: float = 10 * 60
    """How long the bots of a game with people in it may play in one go, between two moves
    of a person, before they are stopped: a bot that cannot end its turn holds no worker
    for ever. A person of the game opening it starts them again (``Host.wake``)."""
    idle_seconds: float = 10 * 60
    """A game nobody has touched for this long leaves memory (finished ones sooner)."""
    search_workers: int = 2
    """Worker processes in which searching bots (ISMCTS) think, so that a bot thinking
    never slows the server's other games."""
    chat_per_minute: float = 20.0
    """Chat messages one seat may send to one game in a minute (a burst of as many)."""

    @classmethod
    def off(cls) -> Limits:
        """No limits: for load tests on one's own machine."""
        big = 10**9
        return cls(big, big, float(big), big, float(big), float(big), 10 * 60, 2, float(big))


@dataclass
class Seat:
    """What a token opens: one or more roles of one game, or the spectator's view."""

    game_id: str
    roles: list[str]
    key: str = ""  # the digest of the token that opened it
    creator: bool = False

    @property
    def spectator(self) -> bool:
        return not self.roles


@dataclass(eq=False)
class Listener:
    """An open websocket: what it may be told, and its queue of news."""

    seat: Seat
    role: str | None
    client: str  # the client the socket counts against (``allowance.client_key``)
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class Live:
    id: str
    state: dict
    seats: dict  # role -> "human" | "bot:NAME"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set = field(default_factory=set)
    bots_running: bool = False
    before: dict | None = None  # the state before the last action (for undo)
    rewinds: int = 0  # undos so far: a replay worked out across one belongs to no game
    touched: float = field(default_factory=time.monotonic)
    started: float = field(default_factory=time.monotonic)
    stopped: bool = False  # an all-bot game that ran out of time
    shapes: dict = field(default_factory=dict)  # (role, roles) -> encoded SHAPE of ``shaped``
    shaped: dict | None = None

    @property
    def all_bots(self) -> bool:
        return all(who != "human" for who in self.seats.values())


class Host:
    def __init__(self, store: Store, dev: bool = False, limits: Limits | None = None):
        self.store = store
        self.dev = dev
        self.limits = limits or Limits()
        self.live: dict[str, Live] = {}
        self.seats_by_token: dict[tuple[str, str], Seat] = {}
        self.handovers = 0  # seats handed over since the start
        self.damaged: dict[str, str] = {}
        self.sockets: dict[str, int] = {}  # client -> open websockets
        self.creations = Allowance(self.limits.creations_per_minute / 60, self.limits.creations_per_minute)
        self.chats = Allowance(self.limits.chat_per_minute / 60, self.limits.chat_per_minute)  # by game and roles
        self.recent: OrderedDict[tuple[str, int], dict] = OrderedDict()  # states replayed lately
        self.replaying = asyncio.Semaphore(REPLAYS_AT_ONCE)
        self.searchers: ProcessPoolExecutor | None = None  # started when a searching bot first thinks
        self.closed = False

    def close(self) -> None:
        """The server stops: searching bots think no more."""
        self.closed = True
        if self.searchers is not None:
            self.searchers.shutdown(wait=False, cancel_futures=True)
            self.searchers = None

    # ----- games ---------------------------------------------------------------------

    async def create(self, game_id: str, spec: dict, client: str) -> dict:
        """A new game: the creator's seat, an invitation per other human seat."""
        self._creation_allowed(client)
        rules = _rules(spec["game"])
        seed = spec.get("seed")
        if seed is not None and not self.dev:
            raise Refused(403, "the server chooses every game's seed; a seed is accepted only in development mode")
        wanted = spec.get("seats") or {}
        try:
            options = rules.seat_options(spec.get("options") or {}, wanted)
            state = rules.new(seed=seed, scenario=spec.get("scenario"), options=options, players=spec.get("players"))
        except ValueError as e:
            raise Refused(400, str(e)) from None
        unknown = [r for r in wanted if r not in state["roles"]]
        if unknown:
            raise Refused(400, f"no role {unknown[0]!r} in this game; the roles are {', '.join(state['roles'])}")
        seats = {}
        for role in state["roles"]:
            who = wanted.get(role, "human")
            if who != "human":
                name = who.removeprefix("bot:")
                offered = bot_names(rules.id)
                if name not in offered:  # a search only at the levels offered: its budget is the server's
                    raise Refused(400, f"{rules.id} has no bot {name!r} here; its bots: {', '.join(offered)}")
                who = f"bot:{name}"
            seats[role] = who
        every = rules.seats(state["players"], state["options"])
        groups = [g for g in every if any(seats[r] == "human" for r in g)]
        creator = spec.get("creator")
        if creator is not None and not any(creator in g for g in groups):
            raise Refused(400, f"the creator's role {creator!r} is not a human seat of this game")
        mine = next((g for g in groups if creator in g), groups[0] if groups else None)
        if mine is None and sum(1 for live in self.live.values() if self._bot_game_running(live)) >= (
            self.limits.bot_games
        ):
            raise Refused(429, "too many games between bots are running on this server; try again later")
        rows, you, invitations = [], None, []
        blank = {"bot": None, "invite": None, "invite_code": None, "claimed": True, "creator": False}
        for group in every:
            humans = [r for r in group if seats[r] == "human"]
            if humans:
                token = secrets.token_urlsafe(24)  # a player's human roles share one key
                code = None if group is mine else secrets.token_urlsafe(18)
                if group is mine:
                    you = {"roles": humans, "token": token}
                else:
                    invitations.append({"roles": humans, "code": code})
                    token = secrets.token_urlsafe(24)  # held by nobody until the invitation is taken
                for role in humans:
                    rows.append(
                        {
                            **blank,
                            "role": role,
                            "token": digest(token),
                            "kind": "human",
                            "invite": digest(code) if code else None,
                            "invite_code": code,
                            "claimed": code is None,
                            "creator": group is mine,
                        }
                    )
            for role in group:
                if seats[role] != "human":
                    rows.append(
                        {
                            **blank,
                            "role": role,
                            "token": digest(secrets.token_urlsafe(24)),
                            "kind": "bot",
                            "bot": seats[role].removeprefix("bot:"),
                        }
                    )
        spectator = secrets.token_urlsafe(24)
        rows.append({**blank, "role": SPECTATOR, "token": digest(spectator), "kind": "spectator"})
        await run_in_threadpool(self.store.create, game_id, rules.id, state, rows, spectator)
        live = self.live[game_id] = Live(game_id, state, seats)
        self.kick_bots(live)
        return {"you": you, "invitations": invitations, "spectator": spectator}

    def _creation_allowed(self, client: str) -> None:
        if not self.creations.take(client):
            raise Refused(429, "too many new games from this address; wait a minute")

    async def get(self, game_id: str) -> Live:
        if game_id in self.damaged:
            raise Refused(409, f"the stored data of game {game_id} is damaged: it cannot be played")
        live = self.live.get(game_id)
        if live is None:
            if len(game_id) > MAX_GAME_ID or not game_id.isprintable():  # no game's id; nothing to ask the database
                raise Refused(404, f"no game {game_id!r} on this server")
            try:
                loaded = await run_in_threadpool(self.store.load, game_id)
            except Damaged as e:
                self.damaged[game_id] = str(e)
                log.error("game %s cannot be loaded: its stored data is damaged (%s)", game_id, e)
                raise Refused(409, f"the stored data of game {game_id} is damaged: it cannot be played") from None
            except (DBAPIError, PoolTimeout) as e:  # the game is not damaged: it is loaded when asked again
                log.error("game %s could not be loaded: the database did not answer (%s)", game_id, type(e).__name__)
                raise Refused(503, "the server's database did not answer; try again") from None
            if loaded is None:
                raise Refused(404, f"no game {game_id!r} on this server")
            state, rows = loaded
            seats = {
                r["role"]: ("human" if r["kind"] == "human" else f"bot:{r['bot']}")
                for r in rows
                if r["role"] != SPECTATOR
            }
            live = self.live.setdefault(game_id, Live(game_id, state, seats))
        live.touched = time.monotonic()
        return live

    async def seat(self, game_id: str, token: str | None) -> Seat:
        if not token:
            raise Refused(401, "this needs a seat: open your invitation link, or the spectator link")
        key = digest(token)
        while True:
            known = self.seats_by_token.get((game_id, key))
            if known is not None:
                return known
            era = self.handovers
            rows = await run_in_threadpool(self.store.seat_by_token, game_id, token)
            if not rows or rows[0]["kind"] == "bot":
                raise Refused(403, "this token opens no seat of this game")
            if rows[0]["kind"] == "spectator":
                seat = Seat(game_id, [], key)
            else:
                live = await self.get(game_id)
                roles = [r for r in live.state["roles"] if any(row["role"] == r for row in rows)]
                seat = Seat(game_id, roles, key, creator=bool(rows[0]["creator"]))
            if era == self.handovers:  # no seat was handed over while the rows were read: they hold
                self.seats_by_token[game_id, key] = seat
                return seat

    # ----- invitations ---------------------------------------------------------------

    async def invitation(self, game_id: str, code: str) -> dict:
        live = await self.get(game_id)
        rows = await run_in_threadpool(self.store.seat_by_invite, game_id, code)
        if not rows:
            raise Refused(404, "no such invitation to this game")
        rules = _rules(live.state["game"])
        roles = [r for r in live.state["roles"] if any(row["role"] == r for row in rows)]
        return {"id": game_id, "game": rules.id, "title": rules.title, "roles": roles, "claimed": rows[0]["claimed"]}

    async def claim(self, game_id: str, code: str) -> tuple[list[str], str]:
        """The seat of invitation ``code`` for whoever takes it first: (roles, token)."""
        await self.invitation(game_id, code)  # 404 for an unknown code
        token = secrets.token_urlsafe(24)
        roles = await run_in_threadpool(self.store.claim, game_id, code, token)
        if roles is None:
            raise Refused(410, "this invitation has been taken already; ask for a new one")
        live = await self.get(game_id)
        return [r for r in live.state["roles"] if r in roles], token

    async def handover(self, live: Live, seat: Seat, token: str, request: str | None = None) -> dict:
        """A new invitation to the seat; the token that held it stops working now. Its code
        goes to the holder alone (not to the game's creator: ``invitations``). With ``request``,
        the client's name for this handover, the same request sent again finds the same
        invitation (``handover_again``)."""
        code = handover_code(token, request)
        roles = await run_in_threadpool(self.store.reinvite, live.id, seat.key, code)
        self.handovers += 1  # a seat's rows read before this are out of date (``seat``)
        self.seats_by_token.pop((live.id, seat.key), None)
        for listener in list(live.listeners):
            if listener.seat.key == seat.key:
                listener.queue.put_nowait("revoked")
        if not roles:  # handed over by another request of the same holder meanwhile
            again = await self.handover_again(live.id, token, request) if request else None
            if again is None:
                raise Refused(403, "this seat has been handed over already: this token opens it no more")
            return again
        return {"roles": [r for r in live.state["roles"] if r in roles], "code": code}

    async def handover_again(self, game_id: str, token: str, request: str) -> dict | None:
        """The invitation a handover named ``request`` made from ``token``'s seat, for a client
        that sends it again after a lost answer; None if there is none."""
        code = handover_code(token, request)
        rows = [r for r in await run_in_threadpool(self.store.seat_by_invite, game_id, code) if r["kind"] == "human"]
        if not rows:
            return None
        if rows[0]["claimed"]:
            raise Refused(410, "this seat was handed over, and its new invitation has been taken")
        live = await self.get(game_id)
        return {"roles": [r for r in live.state["roles"] if any(row["role"] == r for row in rows)], "code": code}

    async def invitations(self, live: Live, seat: Seat) -> list[dict]:
        if not seat.creator:
            raise Refused(403, "only the game's creator sees its invitations")
        rows = await run_in_threadpool(self.store.seat_rows, live.id)
        out: dict[str, dict] = {}
        for row in rows:  # a handed-over seat's code is its last holder's to give: listed without it
            if row["kind"] != "human" or row["creator"] or not row["invite"]:
                continue
            entry = out.setdefault(row["invite"], {"roles": [], "code": row["invite_code"], "claimed": row["claimed"]})
            entry["roles"].append(row["role"])
        return list(out.values())

    # ----- acting --------------------------------------------------------------------

    async def act(self, live: Live, role: str, action, step: int | None = None) -> None:
        """Apply an action; it is durable before anyone hears of it. ``step`` is
        the step the action was chosen at (None for the server's own bots)."""
        rules = _rules(live.state["game"])
        async with live.lock:
            old = live.state
            if step is not None and step != rules.step(old, role):
                raise Refused(409, f"the game has moved on (step {rules.step(old, role)}, not {step}): look again")
            state = rules.clone(old)
            drafts = len(old.get("drafts", ()))
            try:
                state = rules.apply_marked(state, role, action)
            except IllegalAction as e:
                not_now = any(w in str(e) for w in NOT_NOW)  # the game moved on: look again (409)
                raise Refused(409 if not_now else 400, str(e)) from None
            except Exception:  # noqa: BLE001 - a malformed action must not take the server down
                log.warning("game %s: %s's action could not be read", live.id, role, exc_info=True)
                raise Refused(400, f"that is not a legal action for {role} now") from None
            seen = _seen_by(state) if len(state.get("drafts", ())) > drafts else None
            await run_in_threadpool(
                self.store.commit_action,
                live.id,
                role,
                state["actions"][-1][1],
                state,
                rules.step(state, None),
                self._bot_to_move(live, state) is not None,
            )
            live.before, live.state = old, state
        await self.changed(live, only=seen)

    async def undo(self, live: Live, role: str, step: int) -> None:
        rules = _rules(live.state["game"])
        async with live.lock:
            now = live.state
            if step != rules.step(now, role):
                raise Refused(409, f"the game has moved on (step {rules.step(now, role)}, not {step}): look again")
            if not rules.can_undo(now, role):
                raise Refused(409, f"{role} has nothing to undo now")
            n = len(now["actions"]) - 1
            if live.before is not None and len(live.before["actions"]) == n:
                state = live.before  # the game before the last action, kept at hand
            else:
                state = await self.state_at(live, n)
            seen = _seen_by(now) if len(now.get("drafts", ())) > len(state.get("drafts", ())) else None
            await run_in_threadpool(
                self.store.replace_state,
                live.id,
                state,
                rules.step(state, None),
                self._bot_to_move(live, state) is not None,
            )
            live.before, live.state = None, state
            live.rewinds += 1
            self._forget_after(live.id, len(state["actions"]))
        await self.changed(live, only=seen)

    async def state_at(self, live: Live, n: int) -> dict:
        """The game after its first ``n`` actions: from a state replayed lately
        or the nearest snapshot, whichever is nearer (never from the start).
        The state may be shared: whoever changes it clones it first.

        Never the game before the last action, though it is at hand (an undo takes it
        itself): a replay would be that step only when no secret draft step of another
        seat came since, and the time saved would tell of such steps."""
        if n == len(live.state["actions"]):
            return live.state
        rules = _rules(live.state["game"])
        rewinds = live.rewinds
        near = max((m for g, m in self.recent if g == live.id and m <= n), default=None)
        if near is not None and n - near < SNAPSHOT:
            start = self.recent[live.id, near]
            later = live.state["actions"][near:n]

            def forward():
                state = rules.clone(start)
                for role, action in later:
                    state = rules.apply_marked(state, role, action)
                return state

            state = await run_in_threadpool(forward)
        else:
            try:
                state = await run_in_threadpool(self.store.state_at, live.id, n)
            except Damaged:  # a game stored before snapshots were kept
                state = await run_in_threadpool(replay, record(live.state), n)
        if rewinds != live.rewinds:  # an undo came meanwhile: the actions replayed may be gone
            return state
        self.recent[live.id, n] = state
        self.recent.move_to_end((live.id, n))
        while len(self.recent) > RECENT:
            self.recent.popitem(last=False)
        return state

    def _forget_after(self, game_id: str, n: int) -> None:
        """After an undo, the states replayed beyond it belong to no game."""
        for key in [k for k in self.recent if k[0] == game_id and k[1] > n]:
            del self.recent[key]

    async def past(self, live: Live, seat: Seat, role: str | None, k: int) -> Live:
        """The game as ``role`` saw it after the ``k``-th action it knows of.
        A few replays are worked out at once; more wait their turn, so that
        people stepping through replays never starve those who play."""
        rules = _rules(live.state["game"])
        known = rules.known(live.state, role)
        if not 0 <= k < len(known):
            raise Refused(400, f"step must be from 0 to {len(known) - 1}")
        if k == len(known) - 1:
            # the last step it knows of: what came since are others' secret draft steps, out of
            # its sight, so the game of now shows the same; worked out again, it would take longer
            # only when there are such steps, and the time taken would tell of them
            return live
        try:
            async with self.replaying:
                state = await self.state_at(live, known[k])
        except RecordError as e:
            raise Refused(409, str(e)) from None
        return Live(live.id, state, live.seats)

    async def say(self, live: Live, sender: str, recipient: str | None, text: str, roles: list[str]) -> dict:
        """Store a message and push it to the sockets of the seats that may read it, numbered as
        each seat numbers the messages it reads (``Store.chat_number``); returned numbered for
        ``roles``, the speaker's seat."""
        stored = await run_in_threadpool(self.store.add_chat, live.id, sender, recipient, text)
        key = stored.pop("key")
        numbers: dict[tuple, int] = {}

        async def numbered(readers) -> dict:
            k = tuple(readers)
            if k not in numbers:
                numbers[k] = await run_in_threadpool(self.store.chat_number, live.id, list(readers), key)
            return {"id": numbers[k], **stored}

        for listener in list(live.listeners):
            mine = listener.seat.roles
            if recipient is None or recipient in mine or sender in mine:
                listener.queue.put_nowait(("chat", await numbered(mine)))
        return await numbered(roles)

    async def changed(self, live: Live, only: set | None = None) -> None:
        """Tell the open sockets; after a step only some roles saw (a secret draft step, a
        quiet step: ``Rules.apply_marked``) only theirs (None in ``only``: the spectators')."""
        for listener in list(live.listeners):
            roles = [None] if listener.seat.spectator else listener.seat.roles
            if only is None or any(r in only for r in roles):
                listener.queue.put_nowait("state")
        self.kick_bots(live)

    # ----- what a seat is sent -------------------------------------------------------

    def role_for(self, live: Live, seat: Seat, wanted: str | None) -> str | None:
        if seat.spectator:
            return None
        if wanted is not None:
            if wanted not in seat.roles:
                raise Refused(403, f"this seat does not hold the role {wanted!r}")
            return wanted
        active = _rules(live.state["game"]).active(live.state)
        return next((r for r in seat.roles if r in active), seat.roles[0])

    def shape(self, live: Live, seat: Seat, wanted: str | None) -> dict:
        rules = _rules(live.state["game"])
        state = live.state
        role = self.role_for(live, seat, wanted)
        legal = rules.actions(state, role) if role else []
        return {
            "id": live.id,
            "game": state["game"],
            "role": role,
            "roles": list(seat.roles),
            "view": rules.view(state, role),
            "actions": legal,
            "labels": [rules.label(a, state) for a in legal],
            "active": rules.active(state),
            "over": rules.is_over(state),
            "result": rules.result(state),
            "step": rules.step(state, role),
            "seats": dict(live.seats),
            "creator": seat.creator,
        }

    def encoded(self, live: Live, seat: Seat, wanted: str | None) -> str:
        """The SHAPE as sent on a socket, made once per state for every socket of
        the same seat kind (a thousand spectators cost one view)."""
        if live.shaped is not live.state:
            live.shapes, live.shaped = {}, live.state
        role = self.role_for(live, seat, wanted)
        key = (role, tuple(seat.roles))
        out = live.shapes.get(key)
        if out is None:
            out = live.shapes[key] = orjson.dumps(self.shape(live, seat, role)).decode()
        return out

    # ----- sockets -------------------------------------------------------------------

    def open_socket(self, live: Live, listener: Listener) -> None:
        if listener.seat.spectator:
            alike = sum(1 for other in live.listeners if other.seat.spectator)
        else:  # each seat its own share: one player's many sockets never shut another player out
            alike = sum(1 for other in live.listeners if other.seat.key == listener.seat.key)
        if alike >= self.limits.sockets_per_game:  # spectators and each seat counted apart
            raise Refused(429, "too many sockets are open on this game")
        if self.sockets.get(listener.client, 0) >= self.limits.sockets_per_client:
            raise Refused(429, "too many sockets are open from this address")
        self.sockets[listener.client] = self.sockets.get(listener.client, 0) + 1
        live.listeners.add(listener)

    def close_socket(self, live: Live, listener: Listener) -> None:
        if listener in live.listeners:
            live.listeners.discard(listener)
            left = self.sockets.get(listener.client, 1) - 1
            if left > 0:
                self.sockets[listener.client] = left
            else:
                self.sockets.pop(listener.client, None)
        live.touched = time.monotonic()

    # ----- bots ----------------------------------------------------------------------

    def wake(self, live: Live, seat: Seat) -> None:
        """A person holding a seat opens a game with people in it: bots that were stopped by
        their time for a run of moves (``Limits.bot_run_seconds``), or not started since the
        game was loaded, play on, for another run at most; else nobody could ever move again."""
        if seat.spectator or live.all_bots or live.bots_running:
            return
        live.stopped = False
        self.kick_bots(live)

    def kick_bots(self, live: Live) -> None:
        if live.bots_running or live.stopped or self._bot_to_move(live, live.state) is None:
            return
        if live.all_bots and not self._bot_game_running(live):
            running = sum(1 for other in self.live.values() if self._bot_game_running(other))
            if running >= self.limits.bot_games:
                return  # waits for a free place (restarts only: new ones are refused)
            live.started = time.monotonic()
        live.bots_running = True
        asyncio.get_running_loop().create_task(self._bots(live))

    @staticmethod
    def _bot_game_running(live: Live) -> bool:
        return live.all_bots and live.bots_running and not live.stopped

    def _bot_to_move(self, live: Live, state: dict) -> str | None:
        rules = _rules(state["game"])
        for role in rules.active(state):
            if live.seats.get(role, "human").startswith("bot:"):
                return role
        return None

    async def _bots(self, live: Live) -> None:
        """Bots move one after another, each off the event loop, until a human must act."""
        rules = _rules(live.state["game"])
        began = time.monotonic()
        try:
            while (role := self._bot_to_move(live, live.state)) is not None:
                now = time.monotonic()
                if live.all_bots and now - live.started > self.limits.bot_game_seconds:
                    live.stopped = True
                    log.info("game %s: the bots ran out of time and were stopped", live.id)
                    await run_in_threadpool(self.store.set_bots_move, live.id, False)
                    return
                if not live.all_bots and now - began > self.limits.bot_run_seconds:
                    live.stopped = True
                    log.warning("game %s: the bots played on without end and were stopped", live.id)
                    await run_in_threadpool(self.store.set_bots_move, live.id, False)
                    return
                state = live.state
                name = live.seats[role].removeprefix("bot:")
                if self.closed:
                    return  # the server is stopping; the game resumes when it starts again
                if getattr(get_bot(rules.id, name), "searches", False):
                    # a search thinks for long: in a worker process, on its own copy of the state
                    if self.searchers is None:
                        # spawned, not forked: the server has threads running
                        spawn = multiprocessing.get_context("spawn")
                        self.searchers = ProcessPoolExecutor(self.limits.search_workers, mp_context=spawn)
                    loop = asyncio.get_running_loop()
                    action = await loop.run_in_executor(self.searchers, think, rules.id, name, state, role)
                else:
                    action = await run_in_threadpool(think, rules.id, name, state, role)
                if live.state is not state:
                    continue  # someone else moved meanwhile: think again
                try:
                    await self.act(live, role, action)
                except Refused:
                    return
                await asyncio.sleep(0)
        finally:
            live.bots_running = False

    # ----- upkeep --------------------------------------------------------------------

    async def resume(self) -> None:
        """After a restart: the games whose bots must move are loaded and go on;
        every other game is loaded when someone opens it. A damaged game is
        reported and left alone."""
        for game_id in await run_in_threadpool(self.store.games_for_bots):
            try:
                self.kick_bots(await self.get(game_id))
            except Refused as e:
                log.error("game %s not resumed: %s", game_id, e)

    def sweep(self) -> int:
        """Games nobody watches and no bot plays leave memory after a while
        (finished ones after a minute); they are loaded again when opened."""
        now = time.monotonic()
        gone = 0
        for game_id, live in list(self.live.items()):
            idle = now - live.touched
            wait = 60.0 if not live.state["stack"] or live.stopped else self.limits.idle_seconds
            if live.listeners or live.bots_running or live.lock.locked() or idle < wait:
                continue
            del self.live[game_id]
            self._forget_after(game_id, -1)
            for key in [k for k in self.seats_by_token if k[0] == game_id]:
                del self.seats_by_token[key]
            gone += 1
        return gone


def think(game_id: str, name: str, state: dict, role: str):
    """A bot's choice for ``role``; its own dice come from a secret derived from the game's
    seed (``engine.rng.bot_random``)."""
    rules = load(game_id)
    legal = rules.actions(state, role)
    try:
        action = decide(rules, get_bot(game_id, name), state, role, engine_rng.bot_random(state, role), legal)
        if action in legal:
            return action
        log.error("game of %s: bot %s chose %r for %s, not a legal action", game_id, name, action, role)
    except Exception:  # noqa: BLE001 - a bot's own error must not stop the game
        log.exception("game of %s: bot %s failed for %s", game_id, name, role)
    # The players are owed a move: the bot's fault is logged for its maintainers, and the seat
    # plays a legal move drawn from the same secret generator instead.
    return random_bot(rules.view(state, role), legal, engine_rng.bot_random(state, role))


def _rules(game_id: str):
    try:
        return load(game_id)
    except KeyError as e:
        raise Refused(400, e.args[0]) from None


NOT_NOW = ("may not act now", "has already committed", "the game is over")
"""The engine's words for an action refused because of when it came (``Rules._not_now``): a 409,
where an action the game does not take is a 400."""


def _seen_by(state: dict) -> set:
    """The roles that know of the last step, its ``drafts`` entry's (None: the spectators)."""
    who = state["drafts"][-1][1]
    return {who} if isinstance(who, str) else set(who)
