"""The HTTP and websocket API of docs/WEB.md, and the browser client's pages."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import defaultdict
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from ... import catalog
from ...engine import RecordError
from ...engine.records import record, replay
from ...games import load
from .service import Host, Live, Refused, Seat
from .store import Store, database

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024
MAX_CHAT = 1000


class NewGame(BaseModel):
    game: str = Field(max_length=64)
    seed: int | None = None
    scenario: str | None = Field(default=None, max_length=64)
    options: dict[str, Any] = {}
    players: int | None = None
    seats: dict[str, str] = {}


class Move(BaseModel):
    token: str = Field(max_length=128)
    action: Any = None
    role: str | None = Field(default=None, max_length=64)


class Undo(BaseModel):
    token: str = Field(max_length=128)
    role: str | None = Field(default=None, max_length=64)


class Say(BaseModel):
    token: str = Field(max_length=128)
    text: str = Field(min_length=1, max_length=MAX_CHAT)
    to: str | None = Field(default=None, max_length=64)
    role: str | None = Field(default=None, max_length=64)  # which of the token's roles speaks


class Fast(JSONResponse):
    """JSON by orjson: the views are large and sent often. Endpoints return it
    themselves, so that FastAPI does not walk the data once more to encode it."""

    def render(self, content) -> bytes:
        return orjson.dumps(content)


class Guard:
    """Refuse oversized bodies (413) and floods from one address (429), before
    any work is done for them (a plain ASGI middleware: cheap on every request)."""

    def __init__(self, app, rate: float = 30.0, burst: float = 120.0):
        self.app = app
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, list[float]] = defaultdict(lambda: [burst, time.monotonic()])

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        size = dict(scope["headers"]).get(b"content-length", b"")
        if size.isdigit() and int(size) > MAX_BODY:
            return await Fast({"error": f"the body is over {MAX_BODY} bytes"}, status_code=413)(scope, receive, send)
        if self.rate > 0:  # 0: no limit (load benchmarks)
            host = scope["client"][0] if scope.get("client") else "?"
            bucket = self.buckets[host]
            now = time.monotonic()
            bucket[0] = min(self.burst, bucket[0] + (now - bucket[1]) * self.rate)
            bucket[1] = now
            if bucket[0] < 1:
                return await Fast({"error": "too many requests; slow down"}, status_code=429)(scope, receive, send)
            bucket[0] -= 1
        started = time.perf_counter()

        async def timed(message):
            if message["type"] == "http.response.start":  # how long the server took, for load tests
                took = f"app;dur={1000 * (time.perf_counter() - started):.2f}".encode()
                message = {**message, "headers": [*message.get("headers", []), (b"server-timing", took)]}
            await send(message)

        return await self.app(scope, receive, timed)


def create_app(db: str = "sqlite:///kriegsspiel.sqlite", rate: float = 30.0, burst: float = 120.0) -> FastAPI:
    host = Host(Store(database(db)))

    @asynccontextmanager
    async def lifespan(_app):
        await host.resume()  # after a restart, bots pick up where they stopped
        yield

    app = FastAPI(
        title="Kriegsspiel",
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
        default_response_class=Fast,
    )
    app.state.host = host
    app.add_middleware(Guard, rate=rate, burst=burst)

    @app.exception_handler(Refused)
    async def refused(_request, exc: Refused):
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(ValueError)
    async def bad_value(_request, exc: ValueError):
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "malformed request"}
        where = ".".join(str(p) for p in first["loc"] if p != "body")
        return JSONResponse(
            {"error": f"malformed request: {where + ': ' if where else ''}{first['msg']}"}, status_code=422
        )

    # ----- pages ---------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby():
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str):
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str):
        return FileResponse(STATIC / "replay.html")

    if STATIC.exists():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ----- the API ---------------------------------------------------------------------

    @app.get("/api/catalog")
    async def get_catalog():
        return catalog()

    @app.get("/api/data/{game}")
    async def get_data(game: str):
        try:
            return Fast(load(game).public_data())
        except KeyError as e:
            raise Refused(404, e.args[0]) from None

    @app.get("/api/games")
    async def list_games():
        rows = await run_in_threadpool(host.store.listing)
        for row in rows:
            try:
                row["title"] = load(row["game"]).title
            except KeyError:
                row["title"] = row["game"]
        return {"games": rows}

    @app.post("/api/games")
    async def new_game(spec: NewGame, request: Request):
        game_id = secrets.token_hex(6)
        made = await host.create(game_id, spec.model_dump())
        base = str(request.base_url).rstrip("/")
        seats = {
            role: {"token": tok, "url": f"{base}/play/{game_id}?token={tok}"} for role, tok in made["seats"].items()
        }
        spectator = made["spectator"]
        return {
            "id": game_id,
            "seats": seats,
            "spectator": {"token": spectator, "url": f"{base}/play/{game_id}?token={spectator}"},
        }

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, token: str | None = None, role: str | None = None):
        live, seat = await opened(game_id, token)
        return Fast(shape(live, seat, role))

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, move: Move):
        live, seat = await opened(game_id, move.token)
        role = acting_role(live, seat, move.role)
        await host.act(live, role, move.action)
        return Fast(shape(live, seat, role))

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, body: Undo):
        live, seat = await opened(game_id, body.token)
        role = acting_role(live, seat, body.role)
        await host.undo(live, role)
        return Fast(shape(live, seat, role))

    @app.post("/api/games/{game_id}/chat")
    async def post_chat(game_id: str, body: Say):
        live, seat = await opened(game_id, body.token)
        if seat.spectator:
            raise Refused(403, "spectators do not chat")
        if body.to is not None and body.to not in live.state["roles"]:
            raise Refused(400, f"no role {body.to!r} in this game")
        speaker = body.role or seat.roles[0]
        if speaker not in seat.roles:
            raise Refused(403, f"this token does not hold the role {speaker!r}")
        await host.say(live, speaker, body.to, body.text)
        return {"ok": True}

    @app.get("/api/games/{game_id}/record")
    async def get_record(game_id: str, token: str | None = None):
        live, _seat = await opened(game_id, token)
        return Fast(record(live.state))

    @app.get("/api/games/{game_id}/log")
    async def get_log(game_id: str, token: str | None = None, role: str | None = None):
        live, seat = await opened(game_id, token)
        role = view_role(live, seat, role)
        return Fast({"log": load(live.state["game"]).log(live.state, role)})

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(game_id: str, step: int, token: str | None = None, role: str | None = None):
        live, seat = await opened(game_id, token)
        rec = record(live.state)
        if not 0 <= step <= len(rec["actions"]):
            raise Refused(400, f"step must be from 0 to {len(rec['actions'])}")
        try:
            past = await run_in_threadpool(replay, rec, step)
        except RecordError as e:
            raise Refused(500, str(e)) from None
        frozen = Live(live.id, past, live.seats, chat=[])
        return Fast(shape(frozen, seat, role))

    @app.websocket("/ws/games/{game_id}")
    async def watch(ws: WebSocket, game_id: str, token: str | None = None, role: str | None = None):
        try:
            live, seat = await opened(game_id, token)
        except Refused as e:
            await ws.close(code=4000 + e.status, reason=str(e))
            return
        await ws.accept()
        queue: asyncio.Queue = asyncio.Queue()
        live.listeners.add(queue)
        try:
            await ws.send_text(orjson.dumps(shape(live, seat, role)).decode())
            while True:
                getter = asyncio.ensure_future(queue.get())
                receiver = asyncio.ensure_future(ws.receive_text())
                done, pending = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
                for task in pending:
                    task.cancel()
                if receiver in done:
                    receiver.result()  # raises on disconnect; messages from the client are ignored
                    continue
                while not queue.empty():
                    queue.get_nowait()
                await ws.send_text(orjson.dumps(shape(live, seat, role)).decode())
        except WebSocketDisconnect:
            pass
        finally:
            live.listeners.discard(queue)

    # ----- helpers -------------------------------------------------------------------

    async def opened(game_id: str, token: str | None) -> tuple[Live, Seat]:
        seat = await host.seat(game_id, token)
        return await host.get(game_id), seat

    def view_role(live: Live, seat: Seat, wanted: str | None) -> str | None:
        if seat.spectator:
            return None
        if wanted is not None:
            if wanted not in seat.roles:
                raise Refused(403, f"this token does not hold the role {wanted!r}")
            return wanted
        active = load(live.state["game"]).active(live.state)
        return next((r for r in seat.roles if r in active), seat.roles[0])

    def acting_role(live: Live, seat: Seat, wanted: str | None) -> str:
        if seat.spectator:
            raise Refused(403, "a spectator may not act")
        return view_role(live, seat, wanted)

    def shape(live: Live, seat: Seat, wanted: str | None) -> dict:
        rules = load(live.state["game"])
        state = live.state
        role = view_role(live, seat, wanted)
        legal = rules.actions(state, role) if role else []
        mine = set(seat.roles)
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
            "step": len(state["actions"]),
            "chat": [m for m in live.chat if m["to"] is None or m["to"] in mine or m["from"] in mine],
            "seats": dict(live.seats),
        }

    return app
