"""``kriegsspiel load-test``: a server under load, measured.

A server process is started on loopback with a throw-away SQLite database:
the app of ``kriegsspiel serve``, in development mode (the client chooses the
seeds) and with its per-client and per-game limits lifted, since every
request comes from this one address. ``games`` games run at once, each with
one human seat, the creator's, played by a client here (a websocket for
pushes, HTTP posts for its actions with the step they were chosen at, random
legal play) and bots on the other seats, on the server. When a game ends
another starts. ``spectators`` spectator websockets watch the first game,
connected before the clock starts, each reading every push.

Reported: the latency of every accepted action as the client saw it and as
the server spent it (``Server-Timing``), p50 and p99; actions refused as
stale (409: a bot moved first; the client chooses again on the newer SHAPE); the
pushes the players' and the spectators' sockets received; and every error.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

MAX_GAMES = 1000
MAX_SPECTATORS = 1000
MAX_SECONDS = 3600.0
MAX_FAILURES = 20
"""A table stops after this many failed requests in a row (the server is failing)."""
PUSH_WAIT = 10.0
"""Seconds a player waits for a push before it reloads the game."""


def load_test(
    games: int = 100, seconds: float = 60.0, game: str = "first-world-war", think: float = 0.0, spectators: int = 0
) -> dict:
    """``think``: the mean pause, in seconds, a human seat takes before each action
    (0: none, the hardest load). ``spectators``: spectator sockets on the first game."""
    if not (1 <= games <= MAX_GAMES and 0 <= spectators <= MAX_SPECTATORS and 0 < seconds <= MAX_SECONDS):
        raise ValueError(
            f"games must be 1 to {MAX_GAMES}, spectators 0 to {MAX_SPECTATORS}, seconds at most {MAX_SECONDS:g}"
        )
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        log = Path(tmp) / "server.log"
        with log.open("wb") as errors:
            server = subprocess.Popen(
                [sys.executable, "-m", "kriegsspiel.lab.loadtest", str(port), f"sqlite:///{tmp}/load.sqlite"],
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
        try:
            _wait_up(port, server, log)
            return asyncio.run(_drive(f"http://127.0.0.1:{port}", games, seconds, game, think, spectators))
        finally:
            server.terminate()
            server.wait(timeout=20)


class _Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.server_side: list[float] = []  # the part of each latency spent in the server's handler
        self.counts = {"errors": 0, "stale": 0, "pushes": 0, "games": 0, "spectator_pushes": 0, "spectator_errors": 0}
        self.problems: list[str] = []

    def problem(self, kind: str, text: str) -> None:
        self.counts[kind] += 1
        self.problems.append(text)


async def _drive(base: str, games: int, seconds: float, game: str, think: float = 0.0, spectators: int = 0) -> dict:
    tally = _Tally()
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        entry = next(g for g in (await http.get("/api/catalog")).json() if g["id"] == game)
        players = entry["player_counts"][0]
        seats = entry["seats"][str(players)]

        async def new_game(rng: random.Random) -> dict:
            spec = {
                "game": game,
                "seed": rng.randrange(1 << 30),
                "players": players,
                "seats": {r: "human" if i == 0 else "bot:random" for i, group in enumerate(seats) for r in group},
                "creator": seats[0][0],
            }
            r = await http.post("/api/games", json=spec)
            r.raise_for_status()
            tally.counts["games"] += 1
            return r.json()

        first = await new_game(random.Random(0))
        # every spectator is connected, its first SHAPE read, before the clock starts
        sockets = []
        try:
            for _ in range(spectators):
                sockets.append(await _spectator(base, first))
        except Exception as e:
            await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
            raise RuntimeError(f"spectator {len(sockets) + 1} could not watch the game: {e}") from e
        watchers = [asyncio.create_task(_watch(ws, tally)) for ws in sockets]

        start = time.monotonic()
        deadline = start + seconds
        results = await asyncio.gather(
            *(_table(base, http, new_game, n, deadline, think, tally, first if n == 0 else None) for n in range(games)),
            return_exceptions=True,
        )
        for failure in (r for r in results if isinstance(r, Exception)):
            tally.problem("errors", f"{type(failure).__name__}: {failure}")
        elapsed = time.monotonic() - start
        for task in watchers:
            task.cancel()
        for failure in await asyncio.gather(*watchers, return_exceptions=True):
            if isinstance(failure, Exception):
                tally.problem("spectator_errors", f"spectator: {type(failure).__name__}: {failure}")
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return _report(tally, games, think, spectators, elapsed)


class _Seat:
    """A seat's socket read as the browser reads it, in the background: every
    push taken at once, the newest SHAPE kept."""

    def __init__(self, shape: dict):
        self.shape = shape
        self.news = asyncio.Event()
        self.closed = False

    def offer(self, shape: dict) -> None:
        if shape["step"] >= self.shape["step"]:  # an older SHAPE still on its way is stale
            self.shape = shape
            self.news.set()

    async def read(self, ws, tally: _Tally) -> None:
        try:
            async for message in ws:
                tally.counts["pushes"] += 1
                pushed = json.loads(message)
                if "chat" not in pushed:
                    self.offer(pushed)
        finally:
            self.closed = True
            self.news.set()

    async def newer_than(self, step: int, timeout: float) -> bool:
        """Wait for a SHAPE past ``step``; False when none came in time."""
        end = time.monotonic() + timeout
        while self.shape["step"] <= step and not self.closed:
            self.news.clear()
            try:
                await asyncio.wait_for(self.news.wait(), max(0.0, end - time.monotonic()))
            except asyncio.TimeoutError:
                return False
        return self.shape["step"] > step


async def _table(base, http, new_game, n, deadline, think, tally: _Tally, first: dict | None) -> None:
    """One human seat playing game after game until the deadline."""
    import websockets

    rng = random.Random(n)
    failures = 0
    while time.monotonic() < deadline and failures < MAX_FAILURES:
        made, first = first or await new_game(rng), None
        gid, token = made["id"], made["you"]["token"]
        url = base.replace("http", "ws", 1) + f"/ws/games/{gid}?token={token}"
        async with websockets.connect(url, max_size=None, max_queue=None) as ws:
            seat = _Seat(json.loads(await ws.recv()))
            reader = asyncio.create_task(seat.read(ws, tally))
            try:
                while not seat.shape["over"] and time.monotonic() < deadline and failures < MAX_FAILURES:
                    if seat.closed:
                        raise ConnectionError(
                            f"the server closed a player's socket ({ws.close_code} {ws.close_reason})"
                        )
                    shape = seat.shape
                    wait = min(PUSH_WAIT, max(0.0, deadline - time.monotonic()))
                    if shape["role"] in shape["active"] and shape["actions"]:
                        if think:
                            await asyncio.sleep(rng.expovariate(1 / think))
                        outcome = await _act(http, gid, token, seat, rng, tally)
                        if outcome == "ok":
                            failures = 0
                            continue
                        failures += outcome == "failed"
                    if not await seat.newer_than(shape["step"], wait):  # a push should have come: reload
                        seat.offer(await _reload(http, gid, token))
            finally:
                reader.cancel()


async def _act(http, gid: str, token: str, seat: _Seat, rng: random.Random, tally: _Tally) -> str:
    """Post a random legal action chosen at the seat's step: "ok", "stale" or "failed"."""
    shape = seat.shape
    body = {"token": token, "action": rng.choice(shape["actions"]), "step": shape["step"], "role": shape["role"]}
    t0 = time.perf_counter()
    r = await http.post(f"/api/games/{gid}/actions", json=body)
    took = time.perf_counter() - t0
    if r.status_code == 200:
        tally.latencies.append(took)
        timing = r.headers.get("server-timing", "")
        if "dur=" in timing:
            tally.server_side.append(float(timing.split("dur=")[1].split(";")[0]) / 1000)
        seat.offer(r.json())
        return "ok"
    if r.status_code == 409:  # the step moved on (a bot acted first): choose again on the newer SHAPE
        tally.counts["stale"] += 1
        return "stale"
    tally.problem("errors", f"{r.status_code} {r.text[:200]}")
    return "failed"


async def _reload(http, gid: str, token: str) -> dict:
    r = await http.get(f"/api/games/{gid}", params={"token": token})
    r.raise_for_status()
    return r.json()


async def _spectator(base: str, made: dict):
    """A spectator's socket on the game ``made``, its first SHAPE read."""
    import websockets

    url = base.replace("http", "ws", 1) + f"/ws/games/{made['id']}?token={made['spectator']['token']}"
    ws = await websockets.connect(url, max_size=None, max_queue=None)
    shape = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
    if shape.get("role") is not None:
        raise AssertionError(f"a spectator was shown the seat of {shape['role']!r}")
    return ws


async def _watch(ws, tally: _Tally) -> None:
    """Read every push until cancelled (each is counted, not parsed: the
    client's own work must not be what is measured)."""
    async for _message in ws:
        tally.counts["spectator_pushes"] += 1
    raise ConnectionError(f"the server closed a spectator's socket ({ws.close_code} {ws.close_reason})")


def _report(tally: _Tally, games: int, think: float, spectators: int, elapsed: float) -> dict:
    latencies, server_side = sorted(tally.latencies), sorted(tally.server_side)

    def pct(p: float, values: list[float]) -> float:
        return round(1000 * values[min(len(values) - 1, int(p * len(values)))], 2) if values else 0.0

    counts = tally.counts
    return {
        "games": games,
        "think_s": think,
        "seconds": round(elapsed, 1),
        "games_started": counts["games"],
        "actions": len(latencies),
        "p50_ms": pct(0.50, latencies),
        "p99_ms": pct(0.99, latencies),
        "server_p50_ms": pct(0.50, server_side),
        "server_p99_ms": pct(0.99, server_side),
        "max_ms": round(1000 * latencies[-1], 2) if latencies else 0.0,
        "stale": counts["stale"],
        "errors": counts["errors"] + counts["spectator_errors"],
        "pushes": counts["pushes"],
        "spectators": spectators,
        "spectator_pushes": counts["spectator_pushes"],
        "spectator_errors": counts["spectator_errors"],
        "problems": tally.problems[:10],
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_up(port: int, server: subprocess.Popen, log: Path) -> None:
    deadline = time.time() + 30
    while time.time() < deadline and server.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    why = log.read_text(errors="replace").strip().splitlines()[-5:]
    raise RuntimeError("the server did not start" + (": " + " / ".join(why) if why else ""))


def _serve(port: int, db: str) -> None:
    """The server under load: the app of ``kriegsspiel serve`` on loopback, in
    development mode, with no request limit and no per-client or per-game limits."""
    from ..play.web.app import create_app
    from ..play.web.serving import run

    run(create_app(db, rate=0, dev=True, limits=False), host="127.0.0.1", port=port)


if __name__ == "__main__":
    _serve(int(sys.argv[1]), sys.argv[2])
