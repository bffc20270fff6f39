"""The HTTP and websocket API of docs/WEB.md, and the browser client's pages."""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import random
import secrets
import string
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from ... import catalog
from ...engine.records import record
from ...engine.words import clean
from ...games import load
from .allowance import Allowance, client_key
from .service import Host, Limits, Listener, Live, Refused, Seat
from .store import Store, database

log = logging.getLogger("kriegsspiel.web")

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024
MAX_CHAT = 1000
MAX_SOCKET_MESSAGE = 4096
SPECTATOR_PAUSE = 0.25
"""Seconds (to twice that, at random) a spectator's socket waits before it sends
a change, gathering any that follow: a thousand spectators cost a few sends a
second, spread out, not a thousand at once on every move."""
SLOW = 10.0
"""Seconds a client may take to send a request's body (its headers: see serving.py)."""
NAME = Field(default=None, max_length=64)

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),  # a page of another site that opened ours keeps no hold on it
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
]
PRIVATE_PATHS = ("/api/", "/play/", "/join/", "/replay/")
"""Answers under these paths are never stored by a browser or a proxy."""
PAGE_FILES = ("/static/", "/play/", "/join/", "/replay/")
"""GETs of these paths (and of the lobby, ``/``) answer with a file as it is on disk, the
page and what it loads: they are not counted against an address's flood limit, so that a page
opened while its address's other pages are busy still arrives (the API calls it then makes
are counted)."""


Seed = Annotated[int, Field(strict=True, ge=-(2**63), lt=2**64)] | Annotated[str, Field(max_length=128)]


TokenQuery = Annotated[str | None, Query(max_length=128)]
"""A seat's token in the query (programs); browsers send the game's cookie instead."""
RoleQuery = Annotated[str | None, Query(max_length=64)]


class NewGame(BaseModel):
    game: str = Field(max_length=64)
    seed: Seed | None = Field(default=None, description="only when the server runs with --dev")
    scenario: str | None = NAME
    options: dict[str, Any] = {}
    players: int | None = Field(default=None, ge=1, le=64)
    seats: dict[str, str] = {}
    creator: str | None = Field(default=None, max_length=64, description="a role of the seat the creator takes")


class Move(BaseModel):
    action: Any = None
    step: int = Field(ge=0, le=10**9, description="the step of the SHAPE the action was chosen from")
    role: str | None = NAME
    token: str | None = Field(default=None, max_length=128)


class Undo(BaseModel):
    step: int = Field(ge=0, le=10**9)
    role: str | None = NAME
    token: str | None = Field(default=None, max_length=128)


class Say(BaseModel):
    text: str = Field(min_length=1, max_length=MAX_CHAT)
    to: str | None = NAME
    role: str | None = NAME  # which of the seat's roles speaks
    token: str | None = Field(default=None, max_length=128)


class Claim(BaseModel):
    code: str = Field(min_length=1, max_length=64)


class Handover(BaseModel):
    token: str | None = Field(default=None, max_length=128)
    request: str | None = Field(
        default=None,
        min_length=16,
        max_length=64,
        pattern=r"^[A-Za-z0-9_-]+$",
        description="A name the client makes up for this handover (random): sent again with the same "
        "token after a lost answer, it gives the same invitation.",
    )


class Fast(JSONResponse):
    """JSON by orjson: the views are large and sent often. Endpoints return it
    themselves, so that FastAPI does not walk the data once more to encode it."""

    def render(self, content) -> bytes:
        return orjson.dumps(content)


def refusal(status: int, message: str, headers: dict[str, str] | None = None) -> Fast:
    """Every error has this one shape."""
    return Fast({"error": message}, status_code=status, headers=headers)


class Guard:
    """What every request meets before any work is done for it (a plain ASGI
    middleware, cheap on every request): the Host header checked, the body
    read whole within a size limit (413) and a time limit (408), chunked or
    not, floods from one address refused (429, with Retry-After: the pages and
    the static files they load, scripts, styles and board modules, are not
    counted, so that a page opened among busy ones still gets its board); and
    on the way out, the security headers and the time the server took."""

    def __init__(
        self, app, rate: float = 30.0, burst: float = 120.0, hosts: tuple[str, ...] | None = None, timing: bool = False
    ):
        self.app = app
        self.allowance = Allowance(rate, burst)
        self.hosts = None if hosts is None else {h.lower() for h in hosts}
        self.timing = timing

    def _host_ok(self, scope) -> bool:
        if self.hosts is None:
            return True
        return _name_of(dict(scope["headers"]).get(b"host", b"").decode("latin-1").lower()) in self.hosts

    @staticmethod
    def _same_origin(scope) -> bool:
        """A browser opening a websocket names the page that asks (Origin): only this
        server's own pages may open one, since the seat's cookie goes with the handshake
        whichever page asks. Programs that send no Origin are not browsers, and bring
        their token themselves."""
        headers = dict(scope["headers"])
        origin = headers.get(b"origin")
        if origin is None:
            return True
        asked = origin.decode("latin-1").lower()
        return "://" in asked and asked.split("://", 1)[1] == headers.get(b"host", b"").decode("latin-1").lower()

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            if not self._host_ok(scope):
                return await send({"type": "websocket.close", "code": 4400, "reason": "unknown host"})
            if not self._same_origin(scope):
                return await send({"type": "websocket.close", "code": 4403, "reason": "another site's page"})
            # a handshake is a request too: it counts against the client's allowance
            if self.allowance.rate > 0 and not self.allowance.take(scope["client"][0] if scope.get("client") else "?"):
                return await send({"type": "websocket.close", "code": 4429, "reason": "too many requests; slow down"})
            return await self.app(scope, receive, send)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if not self._host_ok(scope):
            return await refusal(400, "this server does not answer to that host name")(scope, receive, send)
        size = dict(scope["headers"]).get(b"content-length", b"")
        if size.isdigit() and int(size) > MAX_BODY:
            return await refusal(413, f"the body is over {MAX_BODY} bytes")(scope, receive, send)
        path = scope["path"]
        page_file = scope["method"] in ("GET", "HEAD") and (path == "/" or path.startswith(PAGE_FILES))
        if self.allowance.rate > 0 and not page_file:  # 0: no limit (load benchmarks); the pages' own files are free
            if not self.allowance.take(scope["client"][0] if scope.get("client") else "?"):
                refused = refusal(429, "too many requests; slow down", {"retry-after": "1"})
                return await refused(scope, receive, send)
        started = time.perf_counter()
        # the body, read whole before the app sees it: no Content-Length (chunked) is no way round the limit
        body = bytearray()
        deadline = time.monotonic() + SLOW
        while True:
            try:
                message = await asyncio.wait_for(receive(), timeout=max(0.01, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                return await refusal(408, "the request was sent too slowly")(scope, receive, send)
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                return await refusal(413, f"the body is over {MAX_BODY} bytes")(scope, receive, send)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": bytes(body), "more_body": False}

        async def replayed():
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()

        private = scope["path"].startswith(PRIVATE_PATHS)

        async def dressed(message):
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0].lower() != b"cache-control" or not private]
                headers += SECURITY_HEADERS
                if private:
                    headers.append((b"cache-control", b"no-store"))
                if self.timing:  # how long the server took, for load tests (never otherwise: it tells of secret steps)
                    took = f"app;dur={1000 * (time.perf_counter() - started):.2f}".encode()
                    headers.append((b"server-timing", took))
                message = {**message, "headers": headers}
            await send(message)

        return await self.app(scope, replayed, dressed)


def _name_of(host: str) -> str:
    """The host name of a Host header, without its port."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if ":" in host else host


def base_of(request: Request) -> str:
    """The server's address as the client reached it, for the links it is given."""
    return str(request.base_url).rstrip("/")


def cookie_name(game_id: str) -> str:
    return f"ks-{game_id}"


def cookie_paths(game_id: str) -> list[str]:
    """A seat's cookie goes only to its own game's pages, API and socket."""
    return [f"/play/{game_id}", f"/replay/{game_id}", f"/api/games/{game_id}", f"/ws/games/{game_id}"]


def create_app(
    db: str = "sqlite:///kriegsspiel.sqlite",
    rate: float = 30.0,
    burst: float = 120.0,
    dev: bool = False,
    limits: bool | Limits = True,
    allowed_hosts: tuple[str, ...] | None = ("127.0.0.1", "localhost", "::1", "testserver"),
    sweep_every: float = 30.0,
) -> FastAPI:
    """The server. ``dev`` accepts seeds from clients (tests, debugging);
    ``limits`` False lifts the per-client and per-game limits (load tests);
    ``allowed_hosts`` None answers to any Host header."""
    if limits is True:
        limits = Limits()
    elif limits is False:
        limits = Limits.off()
    store = Store(database(db))
    host = Host(store, dev=dev, limits=limits)

    @asynccontextmanager
    async def lifespan(_app):
        await host.resume()  # after a restart, bots pick up where they stopped

        async def sweeping():
            while True:
                await asyncio.sleep(sweep_every)
                host.sweep()

        sweeper = asyncio.get_running_loop().create_task(sweeping())
        try:
            yield
        finally:
            sweeper.cancel()
            host.close()
            await run_in_threadpool(store.close)

    app = FastAPI(
        title="Kriegsspiel",
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
        default_response_class=Fast,
    )
    app.state.host = host
    app.add_middleware(Guard, rate=rate, burst=burst, hosts=allowed_hosts, timing=dev)

    @app.exception_handler(Refused)
    async def refused(_request, exc: Refused):
        return refusal(exc.status, str(exc))

    @app.exception_handler(ValueError)
    async def bad_value(_request, exc: ValueError):
        return refusal(400, str(exc)[:300])

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request, exc: StarletteHTTPException):
        return refusal(exc.status_code, str(exc.detail)[:300])

    @app.exception_handler(RequestValidationError)
    async def malformed(_request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "malformed request"}
        where = ".".join(str(p) for p in first["loc"] if p != "body")[:80]
        return refusal(422, f"malformed request: {where + ': ' if where else ''}{first['msg']}"[:300])

    @app.exception_handler(Exception)
    async def failed(_request, exc: Exception):
        log.error("unexpected error", exc_info=exc)
        return refusal(500, "the server failed to answer this request")

    # ----- pages ---------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby():
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str):
        return FileResponse(STATIC / "game.html")

    @app.get("/join/{game_id}/{code}", include_in_schema=False)
    async def join_page(game_id: str, code: str):
        return FileResponse(STATIC / "join.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str):
        return FileResponse(STATIC / "replay.html")

    @app.get("/guide/{game}", include_in_schema=False)
    async def guide_page(game: str):
        """A game's player's guide, linked from its board and its log's citations."""
        try:
            rules = load(game)
        except KeyError:
            raise Refused(404, f"there is no game {game!r}") from None
        if rules.guide is None:
            raise Refused(404, f"{rules.title} has no player's guide")
        return HTMLResponse(guide_html(rules))

    if STATIC.exists():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ----- the API ---------------------------------------------------------------------

    @app.get("/api/catalog")
    async def get_catalog():
        return catalog()

    @app.get("/api/server")
    async def get_server():
        """What a client needs to know of this server: whether it runs in development mode."""
        return {"dev": dev}

    @app.get("/api/data/{game}")
    async def get_data(game: str):
        try:
            return Fast(load(game).public_data())
        except KeyError as e:
            raise Refused(404, e.args[0]) from None

    @app.get("/api/games")
    async def list_games(request: Request):
        rows = await run_in_threadpool(store.listing)
        base = base_of(request)
        for row in rows:
            try:
                row["title"] = load(row["game"]).title
            except KeyError:
                row["title"] = row["game"]
            watch = row.pop("spectator")
            row["spectator"] = f"{base}/play/{row['id']}?token={watch}" if watch else None
        return {"games": rows}

    @app.post("/api/games")
    async def new_game(spec: NewGame, request: Request):
        game_id = secrets.token_hex(8)
        made = await host.create(game_id, spec.model_dump(), client_of(request))
        base = base_of(request)
        you = made["you"]
        answer = {
            "id": game_id,
            "you": {**you, "url": f"{base}/play/{game_id}"} if you else None,
            "invitations": [{**inv, "url": f"{base}/join/{game_id}/{inv['code']}"} for inv in made["invitations"]],
            "spectator": {"token": made["spectator"], "url": f"{base}/play/{game_id}?token={made['spectator']}"},
        }
        response = Fast(answer)
        if you:
            give_seat(response, request, game_id, you["token"])
        return response

    @app.get("/api/games/{game_id}/join/{code}")
    async def get_invitation(game_id: str, code: str):
        return await host.invitation(game_id, code[:64])

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, body: Claim, request: Request):
        roles, token = await host.claim(game_id, body.code)
        response = Fast({"roles": roles, "token": token, "url": f"{base_of(request)}/play/{game_id}"})
        give_seat(response, request, game_id, token)
        return response

    @app.post("/api/games/{game_id}/handover")
    async def handover(game_id: str, body: Handover, request: Request):
        kept = request.cookies.get(cookie_name(game_id))
        token = body.token or kept
        try:
            live, seat = await opened(game_id, token, request)
        except Refused as e:  # the same handover sent again after a lost answer: the same invitation
            made = await host.handover_again(game_id, token, body.request) if e.status == 403 and body.request else None
            if made is None:
                raise
        else:
            if seat.spectator:
                raise Refused(403, "a spectator holds no seat to hand over")
            made = await host.handover(live, seat, token, body.request)
        base = base_of(request)
        response = Fast({"invitation": {**made, "url": f"{base}/join/{game_id}/{made['code']}"}})
        if token == kept:  # the browser's own seat was handed over; a token sent with the request leaves it be
            for path in cookie_paths(game_id):
                response.delete_cookie(cookie_name(game_id), path=path)
        return response

    @app.get("/api/games/{game_id}/invitations")
    async def get_invitations(game_id: str, request: Request, token: TokenQuery = None):
        live, seat = await opened(game_id, token, request)
        base = base_of(request)
        out = await host.invitations(live, seat)
        for inv in out:
            inv["url"] = f"{base}/join/{game_id}/{inv['code']}" if inv["code"] else None
        return {"invitations": out}

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request, token: TokenQuery = None, role: RoleQuery = None):
        live, seat = await opened(game_id, token, request)
        host.wake(live, seat)
        return Fast(host.shape(live, seat, role))

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, move: Move, request: Request):
        live, seat = await opened(game_id, move.token, request)
        role = acting_role(live, seat, move.role)
        await host.act(live, role, move.action, move.step)
        return Fast(host.shape(live, seat, role))

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, body: Undo, request: Request):
        live, seat = await opened(game_id, body.token, request)
        role = acting_role(live, seat, body.role)
        await host.undo(live, role, body.step)
        return Fast(host.shape(live, seat, role))

    @app.post("/api/games/{game_id}/chat")
    async def post_chat(game_id: str, body: Say, request: Request):
        live, seat = await opened(game_id, body.token, request)
        if seat.spectator:
            raise Refused(403, "spectators do not chat")
        if body.to is not None and body.to not in live.state["roles"]:
            raise Refused(400, f"no role {body.to!r} in this game")
        speaker = body.role or seat.roles[0]
        if speaker not in seat.roles:
            raise Refused(403, f"this seat does not hold the role {speaker!r}")
        text = clean(body.text)  # as every free word a player writes is kept
        if not text:
            raise Refused(400, "an empty message is not sent")
        # by the seat's roles, not its token: a seat handed over (to oneself) keeps what it has spent
        if not host.chats.take(f"{live.id}/{','.join(seat.roles)}"):
            raise Refused(429, "too many messages from this seat; wait a little")
        message = await host.say(live, speaker, body.to, text, list(seat.roles))
        return {"ok": True, "message": message}

    @app.get("/api/games/{game_id}/chat")
    async def get_chat(
        game_id: str,
        request: Request,
        token: TokenQuery = None,
        before: int | None = Query(None, ge=0, le=2**62),
        limit: int = Query(50, ge=1, le=100),
    ):
        live, seat = await opened(game_id, token, request)
        messages, more = await run_in_threadpool(store.chat_page, live.id, seat.roles, before, limit)
        return {"chat": messages, "more": more}

    @app.get("/api/games/{game_id}/record")
    async def get_record(game_id: str, request: Request, token: TokenQuery = None):
        live, _seat = await opened(game_id, token, request)
        if live.state["stack"]:
            raise Refused(403, "the record of a game is given once the game is over")
        return Fast(record(live.state))

    @app.get("/api/games/{game_id}/log")
    async def get_log(game_id: str, request: Request, token: TokenQuery = None, role: RoleQuery = None):
        live, seat = await opened(game_id, token, request)
        role = host.role_for(live, seat, role)
        return Fast({"log": load(live.state["game"]).log(live.state, role)})

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(
        game_id: str,
        request: Request,
        step: int = Query(ge=0, le=10**9),
        token: TokenQuery = None,
        role: RoleQuery = None,
    ):
        live, seat = await opened(game_id, token, request)
        role = host.role_for(live, seat, role)
        past = await host.past(live, seat, role, step)
        return Fast(host.shape(past, seat, role))

    @app.websocket("/ws/games/{game_id}")
    async def watch(ws: WebSocket, game_id: str, token: str | None = None, role: str | None = None):
        client = client_key(ws.client.host) if ws.client else "?"
        try:
            live, seat = await opened(game_id, token or ws.cookies.get(cookie_name(game_id)), None)
            host.role_for(live, seat, role)
            listener = Listener(seat, role, client)
            host.open_socket(live, listener)
            host.wake(live, seat)
        except Refused as e:  # accepted, then closed: the client reads the code and the reason
            await ws.accept()
            await ws.close(code=4000 + e.status, reason=str(e)[:120])
            return
        try:
            await ws.accept()
            await ws.send_text(host.encoded(live, seat, role))
            queue = listener.queue
            held: list = []  # news that came while a spectator's socket gathered changes

            async def reading():
                queue.put_nowait(("closed", await read_socket(ws)))

            def gathered() -> list:
                out = held[:]
                held.clear()
                while not queue.empty():
                    out.append(queue.get_nowait())
                return out

            reader = asyncio.get_running_loop().create_task(reading())
            try:
                while True:
                    news = held.pop(0) if held else await queue.get()
                    batch = [news, *gathered()]  # several changes at once: one state, every chat message
                    if "revoked" in batch:
                        await ws.close(code=4403, reason="this seat was handed over")
                        return
                    closed = next((n for n in batch if n != "state" and n[0] == "closed"), None)
                    if closed is not None:
                        if closed[1]:
                            await ws.close(code=closed[1])
                        return
                    for n in batch:
                        if n != "state":
                            await ws.send_text(orjson.dumps({"chat": n[1]}).decode())
                    if "state" in batch:
                        if seat.spectator:  # spectators are told at most a few times a second
                            await asyncio.sleep(SPECTATOR_PAUSE * (1 + random.random()))  # spread out
                            held.extend(n for n in gathered() if n != "state")
                        await ws.send_text(host.encoded(live, seat, role))
            finally:
                reader.cancel()
        except (WebSocketDisconnect, RuntimeError, Refused):
            pass
        finally:
            host.close_socket(live, listener)

    async def read_socket(ws: WebSocket) -> int | None:
        """Messages from a client are not answered; an over-long one, or more than
        ten a second, closes the socket. The close code, or None when it is gone."""
        window, count = time.monotonic(), 0
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return None
                data = message.get("text") or message.get("bytes") or ""
                if len(data) > MAX_SOCKET_MESSAGE:
                    return 1009
                now = time.monotonic()
                if now - window > 1.0:
                    window, count = now, 0
                count += 1
                if count > 10:
                    return 1008
        return None

    # ----- helpers -------------------------------------------------------------------

    def client_of(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def opened(game_id: str, token: str | None, request: Request | None) -> tuple[Live, Seat]:
        if token is None and request is not None:
            token = request.cookies.get(cookie_name(game_id))
        live = await host.get(game_id)
        seat = await host.seat(game_id, token)
        return live, seat

    def acting_role(live: Live, seat: Seat, wanted: str | None) -> str:
        if seat.spectator:
            raise Refused(403, "a spectator may not act")
        return host.role_for(live, seat, wanted)

    def give_seat(response, request: Request, game_id: str, token: str) -> None:
        for path in cookie_paths(game_id):
            response.set_cookie(
                cookie_name(game_id),
                token,
                path=path,
                httponly=True,
                samesite="strict",
                secure=request.url.scheme == "https",
                max_age=365 * 24 * 3600,
            )

    return app


def guide_html(rules) -> str:
    """The guide page: the game's GUIDE.md as HTML with its contents, in the site's style."""
    guide = rules.guide
    contents = "".join(
        f'<li class="toc-{s.level}"><a href="#{html.escape(s.anchor)}">{html.escape(s.title)}</a></li>'
        for s in guide.sections
        if 2 <= s.level <= 3
    )
    page = string.Template((STATIC / "guide.html").read_text(encoding="utf-8"))
    return page.substitute(title=html.escape(rules.title), contents=contents, guide=guide.html)
