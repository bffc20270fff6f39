"""``kriegsspiel load-test``: a server under load, measured.

A ``kriegsspiel serve`` process is started on loopback with a throw-away
SQLite database. ``games`` games run at once, each with one human seat played
by a client here (a websocket for pushes, HTTP posts for its actions, random
legal play) and bots on the other seats, on the server. When a game ends
another starts. Reported: the latency of every action post (p50, p99, max),
errors, and the websocket pushes received.
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


def load_test(games: int = 100, seconds: float = 60.0, game: str = "first-world-war", think: float = 0.0) -> dict:
    """``think``: the mean pause, in seconds, a human seat takes before each action
    (0: none, the hardest load)."""
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        exe = Path(sys.executable).parent / "kriegsspiel"
        server = subprocess.Popen(
            [str(exe), "serve", "--port", str(port), "--db", f"sqlite:///{tmp}/load.sqlite", "--rate", "0"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_up(port)
            return asyncio.run(_drive(f"http://127.0.0.1:{port}", games, seconds, game, think))
        finally:
            server.terminate()
            server.wait(timeout=20)


async def _drive(base: str, games: int, seconds: float, game: str, think: float = 0.0) -> dict:
    import websockets

    latencies: list[float] = []
    server_side: list[float] = []  # the part of each latency spent in the server's handler
    counts = {"errors": 0, "pushes": 0, "games": 0}
    problems: list[str] = []
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        catalog = {g["id"]: g for g in (await http.get("/api/catalog")).json()}
        players = catalog[game]["player_counts"][0]
        seats = catalog[game]["seats"][str(players)]

        async def one_table(n: int) -> None:
            rng = random.Random(n)
            while time.monotonic() < deadline:
                human = seats[0]
                spec = {
                    "game": game,
                    "seed": rng.randrange(1 << 30),
                    "players": players,
                    "seats": {r: "bot:random" for group in seats[1:] for r in group},
                }
                made = (await http.post("/api/games", json=spec)).json()
                counts["games"] += 1
                gid, token = made["id"], made["seats"][human[0]]["token"]
                url = base.replace("http", "ws") + f"/ws/games/{gid}?token={token}"
                async with websockets.connect(url, max_size=None) as ws:
                    shape = json.loads(await ws.recv())
                    while not shape["over"] and time.monotonic() < deadline:
                        if shape["role"] in shape["active"] and shape["actions"]:
                            if think:
                                await asyncio.sleep(rng.expovariate(1 / think))
                            action = rng.choice(shape["actions"])
                            t0 = time.perf_counter()
                            r = await http.post(
                                f"/api/games/{gid}/actions",
                                json={"token": token, "action": action, "role": shape["role"]},
                            )
                            latencies.append(time.perf_counter() - t0)
                            timing = r.headers.get("server-timing", "")
                            if "dur=" in timing:
                                server_side.append(float(timing.split("dur=")[1]) / 1000)
                            if r.status_code != 200:
                                counts["errors"] += 1
                                problems.append(f"{r.status_code} {r.text[:200]}")
                                shape = (await http.get(f"/api/games/{gid}", params={"token": token})).json()
                                continue
                            shape = r.json()
                            continue
                        try:
                            pushed = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
                            counts["pushes"] += 1
                            if pushed["step"] >= shape["step"]:  # older pushes still queued are stale
                                shape = pushed
                        except asyncio.TimeoutError:
                            shape = (await http.get(f"/api/games/{gid}", params={"token": token})).json()

        start = time.monotonic()
        results = await asyncio.gather(*(one_table(n) for n in range(games)), return_exceptions=True)
        failures = [r for r in results if isinstance(r, Exception)]
        counts["errors"] += len(failures)
        problems.extend(f"{type(r).__name__}: {r}" for r in failures)
        elapsed = time.monotonic() - start
    latencies.sort()
    server_side.sort()

    def pct(p: float, values: list[float] = latencies) -> float:
        return round(1000 * values[min(len(values) - 1, int(p * len(values)))], 2) if values else 0.0

    return {
        "games": games,
        "think_s": think,
        "seconds": round(elapsed, 1),
        "games_started": counts["games"],
        "actions": len(latencies),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "server_p50_ms": pct(0.50, server_side),
        "server_p99_ms": pct(0.99, server_side),
        "max_ms": round(1000 * latencies[-1], 2) if latencies else 0.0,
        "errors": counts["errors"],
        "pushes": counts["pushes"],
        "problems": problems[:10],
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_up(port: int) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")
