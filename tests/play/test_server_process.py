"""The real server process: started by the command line, killed with
SIGKILL mid-game, started again: nothing accepted is lost."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

import kriegsspiel
from kriegsspiel.engine.records import digest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: str, port: int) -> subprocess.Popen:
    exe = Path(sys.executable).parent / "kriegsspiel"
    proc = subprocess.Popen(
        [str(exe), "serve", "--dev", "--port", str(port), "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_kill_9_loses_nothing(tmp_path):
    db = f"sqlite:///{tmp_path}/k.sqlite"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port)
    try:
        g = httpx.post(f"{base}/api/games", json={"game": "goofspiel", "seed": 8}).json()
        clubs = httpx.post(f"{base}/api/games/{g['id']}/join", json={"code": g["invitations"][0]["code"]}).json()
        t = {"hearts": g["you"]["token"], "clubs": clubs["token"]}
        for n, card in enumerate((4, 9, 1)):
            for k, (role, bid) in enumerate((("hearts", card), ("clubs", 14 - card))):
                body = {"token": t[role], "action": bid, "step": 2 * n + k}
                r = httpx.post(f"{base}/api/games/{g['id']}/actions", json=body)
                assert r.status_code == 200, r.text
        before = httpx.get(f"{base}/api/games/{g['id']}", params={"token": t["hearts"]}).json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc = start(db, port)
    try:
        after = httpx.get(f"{base}/api/games/{g['id']}", params={"token": t["hearts"]}).json()
        assert after == before and after["step"] == 6
        hearts = [c for c in range(1, 14) if c not in (4, 9, 1)]
        clubs = [c for c in range(1, 14) if c not in (10, 5, 13)]
        for n, (mine, theirs) in enumerate(zip(hearts, clubs, strict=True)):
            for k, (role, bid) in enumerate((("hearts", mine), ("clubs", theirs))):
                body = {"token": t[role], "action": bid, "step": 6 + 2 * n + k}
                assert httpx.post(f"{base}/api/games/{g['id']}/actions", json=body).status_code == 200
        rec = httpx.get(f"{base}/api/games/{g['id']}/record", params={"token": t["hearts"]}).json()
        assert len(rec["actions"]) == 26 and rec["actions"][:2] == [["hearts", 4], ["clubs", 10]]
        final = httpx.get(f"{base}/api/games/{g['id']}", params={"token": t["hearts"]}).json()
        assert final["over"] and digest(kriegsspiel.replay(rec)["result"]) == digest(final["result"])
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
