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
        [str(exe), "serve", "--port", str(port), "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
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
        t = {r: s["token"] for r, s in g["seats"].items()}
        for card in (4, 9, 1):
            for role, bid in (("hearts", card), ("clubs", 14 - card)):
                r = httpx.post(f"{base}/api/games/{g['id']}/actions", json={"token": t[role], "action": bid})
                assert r.status_code == 200
        before = httpx.get(f"{base}/api/games/{g['id']}", params={"token": t["hearts"]}).json()
        record = httpx.get(f"{base}/api/games/{g['id']}/record", params={"token": t["hearts"]}).json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc = start(db, port)
    try:
        after = httpx.get(f"{base}/api/games/{g['id']}", params={"token": t["hearts"]}).json()
        assert after == before and after["step"] == 6
        again = httpx.get(f"{base}/api/games/{g['id']}/record", params={"token": t["hearts"]}).json()
        assert again == record
        assert digest(kriegsspiel.replay(again)) == digest(kriegsspiel.replay(record))
        r = httpx.post(f"{base}/api/games/{g['id']}/actions", json={"token": t["hearts"], "action": 2})
        assert r.status_code == 200 and r.json()["step"] == 7
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
