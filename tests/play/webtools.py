"""Helpers of the server's tests: games made and played as clients do."""

import time


def new(client, game="goofspiel", seats=None, **extra):
    """A new game, every invitation taken at once: ``g["seats"][ROLE]["token"]``
    as the game's players would hold them."""
    r = client.post("/api/games", json={"game": game, "seats": seats or {}, **extra})
    assert r.status_code == 200, r.text
    g = r.json()
    holders = [(g["you"]["roles"], g["you"]["token"])] if g["you"] else []
    for inv in g["invitations"]:
        took = client.post(f"/api/games/{g['id']}/join", json={"code": inv["code"]})
        assert took.status_code == 200, took.text
        holders.append((took.json()["roles"], took.json()["token"]))
    client.cookies.clear()  # each request below says which seat it speaks for
    g["seats"] = {role: {"token": token} for roles, token in holders for role in roles}
    return g


def step_of(client, game_id, token, role=None):
    params = {"token": token, **({"role": role} if role else {})}
    return client.get(f"/api/games/{game_id}", params=params).json()["step"]


def act(client, game_id, token, action, role=None):
    """An action sent as a client sends it: with the step it was chosen at."""
    body = {"token": token, "action": action, "step": step_of(client, game_id, token, role)}
    if role:
        body["role"] = role
    return client.post(f"/api/games/{game_id}/actions", json=body)


def wait_for(client, game_id, token, test, timeout=30.0):
    """Bots play off the request path: poll until ``test(shape)`` holds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        r = client.get(f"/api/games/{game_id}", params={"token": token})
        if r.status_code == 429:  # polled too often for the server's limit: wait and ask again
            time.sleep(0.5)
            continue
        shape = r.json()
        if test(shape):
            return shape
        time.sleep(0.05)
    raise AssertionError("the game did not reach the expected position in time")


def closed_with(c, url) -> int | None:
    """The close code of a socket opened at ``url``, or None if it was accepted and sent
    its first message."""
    from starlette.websockets import WebSocketDisconnect

    try:
        with c.websocket_connect(url) as ws:
            ws.receive_json()
            return None
    except WebSocketDisconnect as e:
        return e.code
