"""The server as an opponent would try it: reading secrets mid-game through
records, replays and counters; predicting dice and bots; taking seats that are
not one's own; sending a move twice; starving the server. Each test does what
an attacker does and checks that it gets a clear refusal and nothing else."""

import json
import random
import socket
import sqlite3
import threading
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text, update
from starlette.websockets import WebSocketDisconnect
from webtools import act, new, wait_for

import kriegsspiel
from kriegsspiel.play.web import app as web_app
from kriegsspiel.play.web import serving
from kriegsspiel.play.web.app import create_app
from kriegsspiel.play.web.service import Limits
from kriegsspiel.play.web.store import backup
from kriegsspiel.play.web.tables import games


@pytest.fixture
def public(db):
    """A server as it runs for the public: no client seeds."""
    with TestClient(create_app(db)) as c:
        yield c


def shape(client, g, token, **params):
    return client.get(f"/api/games/{g['id']}", params={"token": token, **params})


# ----- secrets: records, replays, seeds, bots ---------------------------------------------


def test_the_record_is_refused_mid_game_to_the_opponent_and_the_spectator(client):
    g = new(client, seed=3)
    t = {r: s["token"] for r, s in g["seats"].items()}
    assert act(client, g["id"], t["hearts"], 13).status_code == 200  # a sealed bid, not yet revealed
    for token in (t["clubs"], t["hearts"], g["spectator"]["token"]):
        r = client.get(f"/api/games/{g['id']}/record", params={"token": token})
        assert r.status_code == 403 and "once the game is over" in r.json()["error"]
        assert list(r.json()) == ["error"] and "13" not in r.text
    act(client, g["id"], t["clubs"], 1)
    for card in range(1, 13):  # play it out: then the record is everybody's
        assert act(client, g["id"], t["hearts"], card).status_code == 200
        assert act(client, g["id"], t["clubs"], card + 1).status_code == 200
    r = client.get(f"/api/games/{g['id']}/record", params={"token": g["spectator"]["token"]})
    assert r.status_code == 200 and r.json()["actions"][0] == ["hearts", 13]
    assert (
        kriegsspiel.replay(r.json())["result"]
        == client.get(f"/api/games/{g['id']}", params={"token": t["clubs"]}).json()["result"]
    )


def test_the_replay_shows_a_seat_only_what_it_saw(client):
    g = new(client, seed=3)
    t = {r: s["token"] for r, s in g["seats"].items()}
    act(client, g["id"], t["hearts"], 12)
    for token in (t["clubs"], g["spectator"]["token"]):
        now = shape(client, g, token).json()
        assert now["step"] == 1
        past = client.get(f"/api/games/{g['id']}/replay", params={"token": token, "step": 1})
        assert past.status_code == 200 and "12" not in json.dumps(past.json()["view"]["board"]["last_bids"])
        assert past.json()["view"] == now["view"]
        assert client.get(f"/api/games/{g['id']}/replay", params={"token": token, "step": 2}).status_code == 400


def test_client_seeds_are_refused_outside_development_mode(public):
    r = public.post("/api/games", json={"game": "goofspiel", "seed": 1})
    assert r.status_code == 403 and "development mode" in r.json()["error"]
    g = public.post("/api/games", json={"game": "goofspiel"}).json()
    seed = public.app.state.host.live[g["id"]].state["seed"]
    assert isinstance(seed, str) and int(seed, 16).bit_length() > 64 and len(seed) >= 32
    other = public.post("/api/games", json={"game": "goofspiel"}).json()
    assert public.app.state.host.live[other["id"]].state["seed"] != seed


@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, 10**40, 1.5, True, [1], {"a": 1}, "x" * 500])
def test_an_impossible_seed_is_a_clear_refusal_even_in_development_mode(client, seed):
    r = client.post("/api/games", json={"game": "goofspiel", "seed": seed})
    assert 400 <= r.status_code < 500 and "error" in r.json()


def test_a_random_bots_bid_cannot_be_predicted_from_public_values(db):
    """Before, a bot's generator was seeded from the game id, the step and the
    role, all public: the opponent could compute the bot's sealed bid."""
    from kriegsspiel import bot

    with TestClient(create_app(db, limits=Limits(creations_per_minute=60))) as public:
        foretold = predict_bids(public, bot)
    assert foretold <= 5  # chance alone: 1 in 13 a game


def predict_bids(public, bot):
    foretold = 0
    for _ in range(12):
        g = public.post("/api/games", json={"game": "goofspiel", "seats": {"clubs": "bot:random"}}).json()
        token = g["you"]["token"]
        s = public.get(f"/api/games/{g['id']}", params={"token": token}).json()
        legal = s["actions"]
        guess = bot("goofspiel", "random")(s["view"], legal, random.Random(f"{g['id']}:0:clubs"))
        for _ in range(20):  # the bot may bid between our look at the step and our bid: look again (409)
            if act(public, g["id"], token, 1).status_code != 409:
                break
        # the bot bids off the request path: wait until both bids are revealed
        shape = wait_for(public, g["id"], token, lambda s: "clubs" in (s["view"]["board"]["last_bids"] or {}))
        foretold += shape["view"]["board"]["last_bids"]["clubs"] == guess
    return foretold


# ----- seats and invitations ---------------------------------------------------------------


def test_the_creator_holds_one_seat_and_cannot_open_the_opponents(public):
    g = public.post("/api/games", json={"game": "goofspiel"}).json()
    assert g["you"]["roles"] == ["hearts"] and [i["roles"] for i in g["invitations"]] == [["clubs"]]
    tokens = [g["you"]["token"], g["spectator"]["token"]]
    assert "token" not in g["invitations"][0]  # no token but the creator's own and the public spectator's
    assert g["invitations"][0]["code"] not in tokens
    public.cookies.clear()
    code = g["invitations"][0]["code"]
    for token in (code, g["spectator"]["token"]):  # the invitation is no key, the spectator acts for nobody
        r = public.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": 1, "step": 0, "role": "clubs"})
        assert r.status_code == 403
    mine = shape(public, g, tokens[0], role="clubs")
    assert mine.status_code == 403 and "does not hold the role" in mine.json()["error"]


def test_the_seat_token_travels_in_a_cookie_scoped_to_the_game(public):
    g = public.post("/api/games", json={"game": "goofspiel"}).json()
    assert g["you"]["token"] not in g["you"]["url"]
    jar = {c.name: c for c in public.cookies.jar}
    cookie = jar[f"ks-{g['id']}"]
    assert cookie.value == g["you"]["token"] and cookie.has_nonstandard_attr("HttpOnly")
    assert cookie.path.endswith(g["id"])  # sent to this game's pages and API only
    r = public.get(f"/api/games/{g['id']}")  # the browser's way: no token in the address
    assert r.status_code == 200 and r.json()["roles"] == ["hearts"]
    public.cookies.clear()
    assert public.get(f"/api/games/{g['id']}").status_code == 401


def test_an_invitation_is_taken_once(public):
    g = public.post("/api/games", json={"game": "goofspiel", "players": 3}).json()
    code = g["invitations"][0]["code"]
    info = public.get(f"/api/games/{g['id']}/join/{code}").json()
    assert info["roles"] == ["clubs"] and info["claimed"] is False
    first = public.post(f"/api/games/{g['id']}/join", json={"code": code})
    assert first.status_code == 200 and first.json()["roles"] == ["clubs"]
    again = public.post(f"/api/games/{g['id']}/join", json={"code": code})
    assert again.status_code == 410 and "taken" in again.json()["error"] and "token" not in again.json()
    assert public.get(f"/api/games/{g['id']}/join/{code}").json()["claimed"] is True
    assert public.post(f"/api/games/{g['id']}/join", json={"code": "guess"}).status_code == 404
    assert shape(public, g, first.json()["token"]).json()["roles"] == ["clubs"]


def test_two_people_racing_for_one_invitation_one_wins(public):
    g = public.post("/api/games", json={"game": "goofspiel"}).json()
    code = g["invitations"][0]["code"]
    host = public.app.state.host
    store = host.store
    won = [store.claim(g["id"], code, f"token-{n}") for n in range(5)]
    assert sum(w is not None for w in won) == 1


def test_a_seat_handed_over_leaves_the_old_token_useless(public):
    g = public.post("/api/games", json={"game": "goofspiel"}).json()
    public.cookies.clear()
    clubs = public.post(f"/api/games/{g['id']}/join", json={"code": g["invitations"][0]["code"]}).json()["token"]
    public.cookies.clear()
    with public.websocket_connect(f"/ws/games/{g['id']}?token={clubs}") as ws:
        assert ws.receive_json()["role"] == "clubs"
        r = public.post(f"/api/games/{g['id']}/handover", json={"token": clubs})
        assert r.status_code == 200 and r.json()["invitation"]["roles"] == ["clubs"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert shape(public, g, clubs).status_code == 403
    late = public.post(f"/api/games/{g['id']}/actions", json={"token": clubs, "action": 1, "step": 0})
    assert late.status_code == 403
    code = r.json()["invitation"]["code"]
    heir = public.post(f"/api/games/{g['id']}/join", json={"code": code}).json()["token"]
    assert heir != clubs and shape(public, g, heir).json()["roles"] == ["clubs"]
    # the creator sees which invitations were taken, and the codes of open ones only
    listed = public.get(f"/api/games/{g['id']}/invitations", params={"token": g["you"]["token"]}).json()
    assert listed["invitations"] == [{"roles": ["clubs"], "code": None, "claimed": True, "url": None}]
    assert public.get(f"/api/games/{g['id']}/invitations", params={"token": heir}).status_code == 403


def test_a_handover_by_a_links_token_leaves_the_browsers_own_seat(public):
    """A page opened by a link with a seat's token (``?token=``) acts for that seat alone: its
    handover gives up that seat, and the browser's own seat (its cookie) is neither handed
    over nor forgotten."""
    g = public.post("/api/games", json={"game": "goofspiel"}).json()  # this browser: hearts
    hearts = g["you"]["token"]
    jar = list(public.cookies.jar)
    public.cookies.clear()
    clubs = public.post(f"/api/games/{g['id']}/join", json={"code": g["invitations"][0]["code"]}).json()["token"]
    public.cookies.clear()
    for cookie in jar:  # back in the hearts browser, which opens a link with clubs' token
        public.cookies.jar.set_cookie(cookie)
    r = public.post(f"/api/games/{g['id']}/handover", json={"token": clubs, "request": "a" * 16})
    assert r.status_code == 200 and r.json()["invitation"]["roles"] == ["clubs"]
    assert "set-cookie" not in r.headers  # the browser's own cookie is left as it was
    own = public.get(f"/api/games/{g['id']}")  # by the cookie alone
    assert own.status_code == 200 and own.json()["roles"] == ["hearts"]
    assert shape(public, g, hearts).status_code == 200 and shape(public, g, clubs).status_code == 403


def test_a_copy_of_the_database_opens_no_seat(db, public):
    g = public.post("/api/games", json={"game": "goofspiel"}).json()
    engine = create_engine(db.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as conn:
        stored = [r[0] for r in conn.execute(text("SELECT token FROM seats"))]
    engine.dispose()
    assert g["you"]["token"] not in stored and g["spectator"]["token"] not in stored


# ----- integrity ---------------------------------------------------------------------------


def test_a_retried_action_is_not_applied_twice(client):
    g = new(client, game="first-world-war", seed=5, players=2)
    t = g["seats"]["germany"]["token"]
    first = shape(client, g, t).json()
    body = {"token": t, "action": first["actions"][0], "step": first["step"]}
    assert client.post(f"/api/games/{g['id']}/actions", json=body).status_code == 200
    after = shape(client, g, t).json()
    again = client.post(f"/api/games/{g['id']}/actions", json=body)  # the answer was lost; the client retries
    assert again.status_code == 409 and "moved on" in again.json()["error"]
    assert shape(client, g, t).json() == after
    state = client.app.state.host.live[g["id"]].state
    assert len(state["actions"]) == 1


def test_a_stale_undo_is_refused(client):
    g = new(client, seed=3)
    t = {r: s["token"] for r, s in g["seats"].items()}
    act(client, g["id"], t["hearts"], 5)
    assert client.post(f"/api/games/{g['id']}/undo", json={"token": t["hearts"], "step": 0}).status_code == 409
    assert client.post(f"/api/games/{g['id']}/undo", json={"token": t["hearts"], "step": 1}).status_code == 200


def _two_player_borders(client):
    g = new(client, game="imperial-borders", players=2, seed=11, scenario="historical")
    holders = {}
    for role, seat in g["seats"].items():
        holders.setdefault(seat["token"], []).append(role)
    return g, holders


def _plotting(client, g, holders):
    """Play on until a seat is plotting orders (a draft step of a secret choice)."""
    for _ in range(400):
        for token in holders:
            s = shape(client, g, token).json()
            if s["role"] in s["active"] and s["actions"]:
                if (s["view"].get("prompt") or "").startswith("Plot your secret orders") and len(s["actions"]) > 1:
                    return token, s
                act(client, g["id"], token, s["actions"][0], role=s["role"])
                break
    raise AssertionError("no plotting step reached")


def _drafting_action(s):
    return next(a for a in s["actions"] if a not in ("done", "undo"))


def test_secret_draft_steps_do_not_move_the_public_step(client):
    g, holders = _two_player_borders(client)
    token, s = _plotting(client, g, holders)
    other = next(t for t in holders if t != token)
    theirs = shape(client, g, other).json()["step"]
    spectator = shape(client, g, g["spectator"]["token"]).json()["step"]
    host = client.app.state.host
    for _ in range(3):  # three steps of one secret order: where from, where to, how many
        s = shape(client, g, token).json()
        before = len(host.live[g["id"]].state["drafts"])
        r = act(client, g["id"], token, _drafting_action(s), role=s["role"])
        assert r.status_code == 200 and len(host.live[g["id"]].state["drafts"]) == before + 1
        assert r.json()["step"] == s["step"] + 1  # the drafter's own step moves
        assert shape(client, g, other).json()["step"] == theirs  # the others' does not
        assert shape(client, g, g["spectator"]["token"]).json()["step"] == spectator
        listed = next(x for x in client.get("/api/games").json()["games"] if x["id"] == g["id"])
        assert listed["step"] == spectator
    for _ in range(10):  # finish the order, then commit
        s = shape(client, g, token).json()
        choice = "done" if "done" in s["actions"] else _drafting_action(s)
        assert act(client, g["id"], token, choice, role=s["role"]).status_code == 200
        if choice == "done":
            break
    assert shape(client, g, other).json()["step"] == theirs + 1  # committing is public, and counts once


def test_the_replay_of_the_last_step_is_the_game_of_now_whatever_others_drafted(client, monkeypatch):
    """A replay worked out from a snapshot takes longer than the live game: at a seat's last
    step it would take longer only when another seat had taken secret draft steps since, and the
    time would tell of them. The last step is served from the game of now, which shows the same."""
    g, holders = _two_player_borders(client)
    token, s = _plotting(client, g, holders)
    other = next(t for t in holders if t != token)
    before = shape(client, g, other).json()
    for _ in range(2):
        s = shape(client, g, token).json()
        assert act(client, g["id"], token, _drafting_action(s), role=s["role"]).status_code == 200
    host = client.app.state.host
    assert host.live[g["id"]].state["drafts"]  # the other seat's secret steps are in the game
    worked = []
    real = type(host).state_at

    async def counted(self, live, n):
        worked.append(n)
        return await real(self, live, n)

    monkeypatch.setattr(type(host), "state_at", counted)
    for seat in (other, g["spectator"]["token"]):
        now = shape(client, g, seat).json()
        r = client.get(f"/api/games/{g['id']}/replay", params={"token": seat, "step": now["step"]})
        assert r.status_code == 200 and r.json()["view"] == now["view"] and r.json()["step"] == now["step"]
    assert worked == []  # nothing worked out again
    assert shape(client, g, other).json()["view"] == before["view"]
    mine = shape(client, g, token).json()["step"]
    r = client.get(f"/api/games/{g['id']}/replay", params={"token": token, "step": mine - 1})
    assert r.status_code == 200 and worked  # an earlier step is worked out as before


def test_draft_steps_are_told_to_no_other_socket(client):
    g, holders = _two_player_borders(client)
    token, s = _plotting(client, g, holders)
    other = next(t for t in holders if t != token)
    host = client.app.state.host
    before = len(host.live[g["id"]].state.get("drafts", ()))
    with client.websocket_connect(f"/ws/games/{g['id']}?token={other}") as ws:
        ws.receive_json()
        r = act(client, g["id"], token, _drafting_action(s), role=s["role"])
        assert r.status_code == 200
        assert len(host.live[g["id"]].state["drafts"]) == before + 1, "the first order step was not a draft"
        client.post(f"/api/games/{g['id']}/chat", json={"token": token, "text": "sentinel"})
        first = ws.receive_json()
        assert first.get("chat", {}).get("text") == "sentinel"  # no state was pushed for the draft step


# ----- limits ------------------------------------------------------------------------------


def test_a_chunked_body_over_the_limit_is_refused(client):
    g = new(client, seed=3)

    def chunks():
        for _ in range(200):
            yield b"x" * 1024  # 200 KiB with no Content-Length

    r = client.post(f"/api/games/{g['id']}/actions", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over" in r.json()["error"]
    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_websocket_floods_are_cut_off(db):
    limits = Limits(sockets_per_game=3, sockets_per_client=4)
    with TestClient(create_app(db, dev=True, limits=limits)) as c:
        g = new(c, seed=3)
        url = f"/ws/games/{g['id']}?token={g['spectator']['token']}"
        with c.websocket_connect(url) as ws:  # an over-long message
            ws.receive_json()
            ws.send_text("x" * 10_000)
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1009
        with c.websocket_connect(url) as ws:  # a stream of small ones: never answered, then closed
            ws.receive_json()
            for _ in range(50):
                ws.send_text("ping")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
        with c.websocket_connect(url) as a, c.websocket_connect(url) as b, c.websocket_connect(url) as d:
            for ws in (a, b, d):
                ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                with c.websocket_connect(url) as extra:
                    extra.receive_json()
            assert closed.value.code == 4429


def test_a_socket_for_a_role_the_token_does_not_hold_is_closed_cleanly(client, caplog):
    g = new(client, seed=3)
    for query, code in (("token=nope", 4403), ("", 4401), (f"token={g['seats']['hearts']['token']}&role=clubs", 4403)):
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(f"/ws/games/{g['id']}?{query}") as ws:
                ws.receive_json()
        assert closed.value.code == code
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect("/ws/games/nosuchgame?token=x") as ws:
            ws.receive_json()
    assert closed.value.code == 4404
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


def test_mass_game_creation_is_slowed(db):
    with TestClient(create_app(db, limits=Limits(creations_per_minute=5))) as c:
        codes = [c.post("/api/games", json={"game": "goofspiel"}).status_code for _ in range(8)]
        assert codes[:5] == [200] * 5 and codes[5:] == [429] * 3
        assert c.get("/api/catalog").status_code == 200  # the rest of the server is not


def test_all_bot_games_are_capped_and_time_limited(db):
    roles = ("germany", "austria-hungary", "western-allies", "russia")
    bots = {"game": "first-world-war", "seats": {r: "bot:random" for r in roles}}
    with TestClient(create_app(db, limits=Limits(bot_games=1, bot_game_seconds=0.0))) as c:
        first = c.post("/api/games", json=bots)
        assert first.status_code == 200 and first.json()["you"] is None
        live = c.app.state.host.live[first.json()["id"]]
        deadline = time.time() + 10
        while live.bots_running and time.time() < deadline:
            time.sleep(0.02)
        assert live.stopped and live.state["stack"]  # stopped by the clock, unfinished
    with TestClient(create_app(db, limits=Limits(bot_games=1))) as c:
        assert first.json()["id"] not in c.app.state.host.live  # a stopped game is not restarted
        running = c.post("/api/games", json=bots)
        assert running.status_code == 200
        second = c.post("/api/games", json=bots)
        assert second.status_code == 429 and "bots" in second.json()["error"]
        assert c.post("/api/games", json={"game": "goofspiel"}).status_code == 200  # people still play


def test_bots_that_play_on_without_end_beside_people_are_stopped(db):
    """A bot seat beside people gets a time for each run of bot moves (Limits.bot_run_seconds):
    past it the bots stop, the game stays as it was, nothing fails."""
    seats = {"austria-hungary": "bot:random"}  # Austria-Hungary acts first; the rest are people
    with TestClient(create_app(db, dev=True, limits=Limits(bot_run_seconds=0.0))) as c:
        made = c.post("/api/games", json={"game": "first-world-war", "seed": 1, "seats": seats})
        assert made.status_code == 200, made.text
        live = c.app.state.host.live[made.json()["id"]]
        deadline = time.time() + 10
        while (live.bots_running or not live.stopped) and time.time() < deadline:
            time.sleep(0.02)
        assert live.stopped and not live.bots_running
        assert live.state["actions"] == []  # stopped before a move: nothing half done
    with TestClient(create_app(db)) as c:
        assert made.json()["id"] not in c.app.state.host.live  # not restarted by the next server
        # a person of the game opens it: the bots play on (else nobody could ever move again)
        person = made.json()["you"]["token"]
        assert c.get(f"/api/games/{made.json()['id']}", params={"token": person}).status_code == 200
        live = c.app.state.host.live[made.json()["id"]]
        deadline = time.time() + 10
        while not live.state["actions"] and time.time() < deadline:
            time.sleep(0.02)
        assert live.state["actions"] and live.state["actions"][0][0] == "austria-hungary"


def test_a_spectator_does_not_wake_the_bots_of_a_game_with_people(db):
    seats = {"austria-hungary": "bot:random"}
    with TestClient(create_app(db, dev=True, limits=Limits(bot_run_seconds=0.0))) as c:
        made = c.post("/api/games", json={"game": "first-world-war", "seed": 1, "seats": seats}).json()
        live = c.app.state.host.live[made["id"]]
        deadline = time.time() + 10
        while (live.bots_running or not live.stopped) and time.time() < deadline:
            time.sleep(0.02)
        assert live.stopped
        c.app.state.host.limits = Limits()  # the bots would have time now, if woken
        assert c.get(f"/api/games/{made['id']}", params={"token": made["spectator"]["token"]}).status_code == 200
        time.sleep(0.3)
        assert live.stopped and live.state["actions"] == []
        assert c.get(f"/api/games/{made['id']}", params={"token": made["you"]["token"]}).status_code == 200
        deadline = time.time() + 10
        while not live.state["actions"] and time.time() < deadline:
            time.sleep(0.02)
        assert live.state["actions"]


def test_idle_and_finished_games_leave_memory_and_come_back(db):
    with TestClient(create_app(db, dev=True, limits=Limits(idle_seconds=0.0))) as c:
        g = new(c, seed=3)
        t = g["seats"]["hearts"]["token"]
        act(c, g["id"], t, 4)
        before = shape(c, g, t).json()
        host = c.app.state.host
        assert g["id"] in host.live
        assert host.sweep() >= 1 and g["id"] not in host.live
        assert shape(c, g, t).json() == before  # loaded again on demand


def test_chat_is_cleaned_limited_and_paged(client):
    g = new(client, seed=3)
    t = {r: s["token"] for r, s in g["seats"].items()}
    say = lambda text, **kw: client.post(f"/api/games/{g['id']}/chat", json={"token": t["hearts"], "text": text, **kw})
    assert say("   \n\t ").status_code == 400
    assert say("\u202e\u2066").status_code == 400  # nothing left once the overrides go
    r = say("pay \u202egnp.exe\u202c now\x07")
    assert r.status_code == 200 and r.json()["message"]["text"] == "pay gnp.exe now"
    assert say("x" * 1001).status_code == 422
    sent = 0  # a seat's chat is limited: the rest waits its turn
    while say(f"message {sent}").status_code == 200:
        sent += 1
    assert 15 <= sent <= 20, sent
    assert say("one more").status_code == 429
    store = client.app.state.host.store
    for n in range(sent, 60):  # the rest of the sixty, as if sent over a few minutes
        store.add_chat(g["id"], "hearts", None, f"message {n}")
    page = client.get(f"/api/games/{g['id']}/chat", params={"token": t["clubs"]}).json()
    assert len(page["chat"]) == 50 and page["more"] and page["chat"][-1]["text"] == "message 59"
    older = client.get(
        f"/api/games/{g['id']}/chat", params={"token": t["clubs"], "before": page["chat"][0]["id"], "limit": 100}
    ).json()
    assert len(older["chat"]) == 11 and not older["more"] and older["chat"][0]["text"] == "pay gnp.exe now"
    assert "chat" not in shape(client, g, t["clubs"]).json()  # not sent whole with every state


def test_replay_and_undo_start_from_a_snapshot(client, monkeypatch):
    entente = {"western-allies": "bot:random", "russia": "bot:random"}
    g = new(client, game="first-world-war", seed=2, players=2, seats=entente)
    t = g["seats"]["germany"]["token"]
    deadline = time.time() + 60
    host = client.app.state.host
    while len(host.live[g["id"]].state["actions"]) < 80 and time.time() < deadline:
        s = shape(client, g, t).json()
        if s["actions"] and s["role"] in s["active"]:
            act(client, g["id"], t, s["actions"][0], role=s["role"])
        else:
            time.sleep(0.01)
    rules = kriegsspiel.load("first-world-war")
    calls = []
    real = type(rules).apply
    monkeypatch.setattr(type(rules), "apply", lambda self, *a: calls.append(1) or real(self, *a))
    top = shape(client, g, t).json()["step"]
    r = client.get(f"/api/games/{g['id']}/replay", params={"token": t, "step": top - 3})
    assert r.status_code == 200 and r.json()["step"] == top - 3
    assert len(calls) < 25  # from the nearest snapshot, not from the first action


def test_inputs_that_once_failed_the_server_are_refused(client):
    g, holders = _two_player_borders(client)
    token = next(iter(holders))
    s = shape(client, g, token).json()
    for action in ([["x"], {"a": []}], {"march": [1, 2]}, [[[[]]]], {"": None}, "x" * 50_000):
        body = {"token": token, "action": action, "step": s["step"], "role": s["role"]}
        r = client.post(f"/api/games/{g['id']}/actions", json=body)
        assert 400 <= r.status_code < 500, r.text
        assert list(r.json()) == ["error"] and len(r.text) < 1000  # the input is not echoed back whole
    assert shape(client, g, token).json() == s


def test_every_error_has_the_same_shape(client):
    for r in (
        client.get("/api/nothing-here"),
        client.post("/api/catalog"),
        client.get("/api/games/x", params={"token": "y"}),
        client.post("/api/games", json={"game": "chess"}),
        client.post("/api/games", content=b"[", headers={"content-type": "application/json"}),
    ):
        assert 400 <= r.status_code < 500 and list(r.json()) == ["error"], r.text


def test_security_headers_and_the_host_check(client):
    g = new(client, seed=3)
    for path in (f"/api/games/{g['id']}?token={g['seats']['hearts']['token']}", f"/play/{g['id']}", "/api/catalog"):
        r = client.get(path)
        assert r.headers["cache-control"] == "no-store"
        assert "script-src 'self'" in r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert "'unsafe-inline'" not in r.headers["content-security-policy"]  # no inline script or style
        assert r.headers["referrer-policy"] == "no-referrer" and r.headers["x-frame-options"] == "DENY"
        assert r.headers["cross-origin-opener-policy"] == "same-origin"  # no other site's tab steers ours
    r = client.get("/api/catalog", headers={"host": "evil.example"})
    assert r.status_code == 400 and list(r.json()) == ["error"]


def test_a_socket_from_an_unknown_host_is_refused(client):
    g = new(client, seed=3)
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(
            f"/ws/games/{g['id']}?token={g['spectator']['token']}", headers={"host": "evil.example"}
        ) as ws:
            ws.receive_json()


def test_x_forwarded_for_is_believed_only_from_the_configured_proxy():
    app = object()
    assert serving.config(app).proxy_headers is False
    behind = serving.config(app, proxy="10.1.2.3")
    assert behind.proxy_headers is True and behind.forwarded_allow_ips == "10.1.2.3"


def test_a_flooding_address_still_gets_the_pages_static_files(db):
    """The flood limit counts requests for the game, not the scripts and board modules a page
    loads: a page opened while the address's other pages step through replays still gets its
    board module (it fell back to the generic board on a 429)."""
    with TestClient(create_app(db, rate=1.0, burst=3.0)) as c:
        codes = [c.get("/api/catalog").status_code for _ in range(6)]
        assert 429 in codes
        assert c.get("/static/boards/imperial-elegy.js").status_code == 200
        assert c.get("/static/common.js").status_code == 200
        assert c.get("/api/catalog").status_code == 429
        assert c.post("/static/common.js").status_code == 429  # only reading a file is free


def test_a_flooding_address_still_gets_its_pages_and_is_told_when_to_ask_again(db):
    """The pages themselves (the lobby, a game's board, its replay, a seat's link) are files
    like the scripts: a replay opened while the address's other replays are stepping arrives
    (it was refused with a 429 and never showed its board). The API is still counted, and a
    refusal says when to ask again."""
    with TestClient(create_app(db, rate=1.0, burst=3.0)) as c:
        codes = [c.get("/api/catalog").status_code for _ in range(6)]
        assert 429 in codes
        refused = c.get("/api/catalog")
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert refused.json() == {"error": "too many requests; slow down"}
        for page in ("/", "/play/g1", "/replay/g1", "/join/g1/abc"):
            got = c.get(page)
            assert got.status_code == 200 and "<html" in got.text.lower(), page
        assert c.get("/guide/first-world-war").status_code == 429  # made for the asking: counted
        assert c.get("/api/games/g1").status_code == 429


def test_x_forwarded_for_does_not_dodge_the_flood_limit(db):
    with TestClient(create_app(db, rate=1.0, burst=3.0)) as c:
        codes = [c.get("/api/catalog", headers={"x-forwarded-for": f"10.0.0.{n}"}).status_code for n in range(8)]
        assert 429 in codes


# ----- storage -----------------------------------------------------------------------------


def test_a_damaged_game_does_not_stop_the_server(db):
    with TestClient(create_app(db, dev=True)) as c:
        good = new(c, seed=1, seats={"clubs": "bot:random"})
        bad = new(c, seed=2, seats={"clubs": "bot:random"})
        act(c, good["id"], good["seats"]["hearts"]["token"], 3)
        act(c, bad["id"], bad["seats"]["hearts"]["token"], 3)
    engine = create_engine(db.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:  # a game whose stored state is no longer a game, and bots to move
        conn.execute(
            text("UPDATE games SET state = :s, bots_move = :t WHERE id = :i"),
            {"s": json.dumps({"game": "goofspiel", "nonsense": 1}), "t": True, "i": bad["id"]},
        )
    engine.dispose()
    with TestClient(create_app(db)) as c:
        r = c.get(f"/api/games/{bad['id']}", params={"token": bad["seats"]["hearts"]["token"]})
        assert r.status_code == 409 and "damaged" in r.json()["error"]
        ok = c.get(f"/api/games/{good['id']}", params={"token": good["seats"]["hearts"]["token"]})
        assert ok.status_code == 200
        assert c.post("/api/games", json={"game": "goofspiel"}).status_code == 200


def test_a_game_stored_at_a_step_since_renamed_is_replayed_from_its_actions(db):
    with TestClient(create_app(db, dev=True)) as c:
        g = new(c, seed=4)
        hearts = g["seats"]["hearts"]["token"]
        assert act(c, g["id"], hearts, 5).status_code == 200
        before = c.get(f"/api/games/{g['id']}", params={"token": hearts}).json()["view"]
    engine = create_engine(db.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:  # the stored state waits at a step this Kriegsspiel calls otherwise
        state = conn.execute(select(games.c.state).where(games.c.id == g["id"])).scalar_one()
        frames = [fr for fr in state["stack"] if "proc" in fr]
        assert frames
        frames[0]["at"] = "a_step_of_an_earlier_kriegsspiel"
        conn.execute(update(games).where(games.c.id == g["id"]).values(state=state))
    engine.dispose()
    with TestClient(create_app(db)) as c:
        r = c.get(f"/api/games/{g['id']}", params={"token": hearts})
        assert r.status_code == 200, r.text
        assert r.json()["view"] == before
        clubs = g["seats"]["clubs"]["token"]
        assert act(c, g["id"], clubs, 7).status_code == 200


def test_a_clean_stop_leaves_a_complete_database_file(tmp_path):
    db = f"sqlite:///{tmp_path}/k.sqlite"
    with TestClient(create_app(db, dev=True)) as c:
        g = new(c, seed=1)
        act(c, g["id"], g["seats"]["hearts"]["token"], 7)
    wal = tmp_path / "k.sqlite-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    alone = tmp_path / "copy.sqlite"
    alone.write_bytes((tmp_path / "k.sqlite").read_bytes())  # the file alone, no -wal beside it
    with sqlite3.connect(alone) as conn:
        assert conn.execute("SELECT count(*) FROM actions").fetchone()[0] == 1


def test_a_backup_while_the_server_runs_is_consistent(tmp_path):
    db = f"sqlite:///{tmp_path}/k.sqlite"
    with TestClient(create_app(db, dev=True)) as c:
        g = new(c, seed=1)
        act(c, g["id"], g["seats"]["hearts"]["token"], 7)
        copy = backup(db, tmp_path / "backup.sqlite")
        with TestClient(create_app(f"sqlite:///{copy}")) as restored:
            r = restored.get(f"/api/games/{g['id']}", params={"token": g["seats"]["clubs"]["token"]})
            assert r.status_code == 200 and r.json()["view"]["committed"] == ["hearts"]
    with pytest.raises(ValueError):
        backup(db, tmp_path / "k.sqlite")


# ----- slow clients, on a real server ---------------------------------------------------------


@pytest.fixture
def real_server(tmp_path, monkeypatch):
    monkeypatch.setattr(serving.Patient, "header_seconds", 1.0)
    monkeypatch.setattr(web_app, "SLOW", 1.0)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = serving.uvicorn.Server(serving.config(create_app(f"sqlite:///{tmp_path}/k.sqlite"), port=port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join(timeout=10)


def _slow(port: int, data: bytes, wait: float = 4.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(data)
        got = b""
        deadline = time.time() + wait
        while time.time() < deadline:
            try:
                chunk = s.recv(4096)
            except TimeoutError:
                break
            if not chunk:
                break
            got += chunk
        return got


def test_half_sent_requests_time_out(real_server):
    started = time.time()
    got = _slow(real_server, b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    assert got.startswith(b"HTTP/1.1 408") and time.time() - started < 3.5
    got = _slow(
        real_server,
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"game":',
    )
    assert got.startswith(b"HTTP/1.1 408")
    assert httpx.get(f"http://127.0.0.1:{real_server}/api/catalog").status_code == 200


def test_the_header_deadline_does_not_cut_a_slow_game_short(real_server):
    """A socket and a plain request that take their time after their headers are not cut off."""
    with socket.create_connection(("127.0.0.1", real_server), timeout=5) as s:
        s.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        time.sleep(1.5)
        assert s.recv(100).startswith(b"HTTP/1.1 200")


# ----- handing a seat over ----------------------------------------------------------------


def _joined(public):
    """A goofspiel game: the creator holds hearts, a second player has claimed clubs."""
    g = public.post("/api/games", json={"game": "goofspiel"}).json()
    public.cookies.clear()
    clubs = public.post(f"/api/games/{g['id']}/join", json={"code": g["invitations"][0]["code"]}).json()["token"]
    public.cookies.clear()
    return g, g["you"]["token"], clubs


def test_the_creator_never_sees_the_code_of_a_seat_handed_over(public):
    g, creator, clubs = _joined(public)
    assert act(public, g["id"], clubs, 5).status_code == 200  # clubs' sealed bid
    made = public.post(f"/api/games/{g['id']}/handover", json={"token": clubs}).json()["invitation"]
    listed = public.get(f"/api/games/{g['id']}/invitations", params={"token": creator}).json()["invitations"]
    assert listed == [{"roles": ["clubs"], "code": None, "claimed": False, "url": None}]
    assert made["code"] not in json.dumps(listed)
    public.cookies.clear()
    heir = public.post(f"/api/games/{g['id']}/join", json={"code": made["code"]})
    assert heir.status_code == 200 and heir.json()["roles"] == ["clubs"]


def test_a_handover_sent_again_after_a_lost_answer_gives_the_same_invitation(public):
    g, _creator, clubs = _joined(public)
    url = f"/api/games/{g['id']}/handover"
    name = "a" * 20
    first = public.post(url, json={"token": clubs, "request": name})
    again = public.post(url, json={"token": clubs, "request": name})
    assert first.status_code == again.status_code == 200
    assert again.json()["invitation"] == first.json()["invitation"]
    assert first.json()["invitation"]["roles"] == ["clubs"]
    # another name, or none, with the retired token: refused, and no invitation is made
    assert public.post(url, json={"token": clubs, "request": "b" * 20}).status_code == 403
    assert public.post(url, json={"token": clubs}).status_code == 403
    assert shape(public, g, clubs).status_code == 403
    assert public.post(url, json={"token": clubs, "request": "short"}).status_code == 422
    code = first.json()["invitation"]["code"]
    public.cookies.clear()
    assert public.post(f"/api/games/{g['id']}/join", json={"code": code}).status_code == 200
    taken = public.post(url, json={"token": clubs, "request": name})
    assert taken.status_code == 410 and code not in taken.text


def test_a_handover_sent_twice_at_once_makes_one_invitation(public):
    """Two handovers of one seat that both passed the token check (a double click): the second
    gives the same invitation when both carry the same name, and is refused without one; never
    an invitation that opens nothing."""
    from kriegsspiel.play.web.service import Refused

    host = public.app.state.host
    for name in (None, "n" * 20):
        g, _creator, clubs = _joined(public)
        live = host.live[g["id"]]
        seat = public.portal.call(host.seat, g["id"], clubs)
        first = public.portal.call(host.handover, live, seat, clubs, name)
        if name is None:
            with pytest.raises(Refused) as refused:
                public.portal.call(host.handover, live, seat, clubs, name)
            assert refused.value.status == 403
        else:
            assert public.portal.call(host.handover, live, seat, clubs, name) == first
        public.cookies.clear()
        joined = public.post(f"/api/games/{g['id']}/join", json={"code": first["code"]})
        assert joined.status_code == 200 and joined.json()["roles"] == ["clubs"]


def test_a_token_read_while_its_seat_is_handed_over_is_not_remembered(public):
    """A request with the old token whose lookup was under way when the seat was handed over
    must not leave the old token working from the server's memory."""
    g, _creator, clubs = _joined(public)
    host = public.app.state.host
    store = host.store
    real = store.seat_by_token
    raced = []

    def lookup(game_id, token):
        rows = real(game_id, token)
        if token == clubs and not raced:  # the handover commits while these rows are on their way
            raced.append(True)
            store.reinvite(game_id, rows[0]["token"], "a-new-invitation-code")
            host.handovers += 1
        return rows

    host.seats_by_token.clear()
    store.seat_by_token = lookup
    try:
        r = shape(public, g, clubs)
    finally:
        store.seat_by_token = real
    assert raced and r.status_code == 403
    assert not any(key[0] == g["id"] and seat.roles == ["clubs"] for key, seat in host.seats_by_token.items())
    late = public.post(f"/api/games/{g['id']}/actions", json={"token": clubs, "action": 3, "step": 0})
    assert late.status_code == 403


def test_a_replay_worked_out_across_an_undo_is_not_kept(client):
    """A replay computed while an undo takes the game back must not be kept to step on from:
    its actions may no longer be the game's."""
    g = new(client, seed=3)
    t = {r: s["token"] for r, s in g["seats"].items()}
    for card in (13, 12, 11):
        act(client, g["id"], t["hearts"], card)
        act(client, g["id"], t["clubs"], card)
    host = client.app.state.host
    live = host.live[g["id"]]
    real = host.store.state_at

    def slow(game_id, n):
        state = real(game_id, n)
        live.rewinds += 1  # an undo landed meanwhile
        return state

    host.recent.clear()
    host.store.state_at = slow
    try:
        r = client.get(f"/api/games/{g['id']}/replay", params={"token": t["clubs"], "step": 2})
    finally:
        host.store.state_at = real
    assert r.status_code == 200
    assert not any(key[0] == g["id"] for key in host.recent)


# ----- sockets from other sites, timing, floods of addresses ------------------------------


def test_a_websocket_opened_by_another_sites_page_is_refused(public):
    g, _creator, clubs = _joined(public)
    path = f"/ws/games/{g['id']}?token={clubs}"
    for origin in ("http://evil.example", "http://testserver:9999", "null"):
        with pytest.raises(WebSocketDisconnect) as closed:
            with public.websocket_connect(path, headers={"origin": origin}) as ws:
                ws.receive_json()
        assert closed.value.code == 4403
    with public.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["role"] == "clubs"


def test_the_server_tells_how_long_it_took_only_in_development_mode(public, client):
    assert "server-timing" not in public.get("/api/games").headers
    assert client.get("/api/games").headers["server-timing"].startswith("app;dur=")


def test_a_flood_from_many_addresses_leaves_nothing_behind():
    guard = web_app.Guard(None, rate=30.0, burst=120.0)
    allowance = guard.allowance
    now = 1000.0
    for i in range(25_000):
        assert allowance.take(f"10.{i // 65536}.{(i // 256) % 256}.{i % 256}", now)
    assert len(allowance.buckets) <= 10_000
    # one IPv6 /64 is one client: its addresses share one allowance
    for i in range(120):
        assert allowance.take(f"2001:db8:1:2::{i:x}", now + 100)
    assert not allowance.take("2001:db8:1:2:ffff::1", now + 100)
    assert allowance.take("2001:db8:1:3::1", now + 100)


def test_snapshots_are_kept_by_public_steps_so_their_writes_tell_no_secret_step(tmp_path):
    """The whole state is written every 25 steps: counted in all actions, secret draft steps
    included, a seat timing its own actions (a snapshot's write is the longer) would learn how
    many secret steps the other nations had plotted. Counted in public steps, where the
    snapshots fall is the same in two games alike in all but those steps."""
    from kriegsspiel.play.web.store import SNAPSHOT, Store, database
    from kriegsspiel.play.web.tables import snapshots

    rules = kriegsspiel.load("imperial-borders")

    def snapshot_steps(extra: int) -> tuple:
        """Play one seeded game; with ``extra``, France plots a step and takes it back that many
        times the first time it plots (secret draft steps that change nothing else). The public
        steps of the snapshots, and how many secret draft steps the game holds."""
        store = Store(database(f"sqlite:///{tmp_path}/g{extra}.db"))
        s = rules.new(seed=3, players=2)
        store.create("g", "imperial-borders", s, [{"role": "france", "token": "x" * 64, "kind": "human"}], "spec")
        pick = random.Random(3)

        def play(role, action):
            nonlocal s
            s = rules.apply(s, role, action)
            store.commit_action("g", role, action, s, rules.step(s, None), False)

        while s["stack"] and rules.step(s, None) < 3 * SNAPSHOT + 5:
            role = sorted(rules.active(s))[0]
            legal = rules.actions(s, role)
            plotting = [a for a in legal if a not in ("done", "undo")]
            if extra and role == "france" and plotting:
                for _ in range(extra):
                    play(role, plotting[0])
                    play(role, "undo")
                extra = 0
            play(role, legal[pick.randrange(len(legal))])
        with store.engine.connect() as conn:
            rows = conn.execute(select(snapshots.c.state).where(snapshots.c.game_id == "g")).all()
        return sorted(rules.step(row.state, None) for row in rows), len(s["drafts"])

    plain, drafts_plain = snapshot_steps(0)
    more, drafts_more = snapshot_steps(3)
    assert drafts_more == drafts_plain + 6  # the second game holds six more secret steps...
    assert plain == more == [0, SNAPSHOT, 2 * SNAPSHOT, 3 * SNAPSHOT]  # ...and its snapshots fall alike


# ----- steps another role cannot see (Rules.apply_marked) ------------------------------------------


def _over_there_for_two(client):
    g = new(client, game="over-there", players=2, seed=1)
    return g, g["seats"]["entente"]["token"], g["seats"]["central-powers"]["token"]


def test_a_unit_moved_out_of_the_enemys_sight_is_no_step_of_his(client):
    """Ruling O1: a side never sees a unit of the enemy's out of contact move (its MPs, its rail
    or accelerated mode, a "stay"). Each such action still moved the enemy's step, in the game,
    the listing, the replays and a push to his socket, and the pattern of silent steps told what
    was done. A step that changes nothing a role sees is no step of that role's."""
    g, entente, central = _over_there_for_two(client)
    theirs = shape(client, g, central).json()
    spectator = shape(client, g, g["spectator"]["token"]).json()["step"]
    host = client.app.state.host
    with client.websocket_connect(f"/ws/games/{g['id']}?token={central}") as ws:
        ws.receive_json()
        mine = shape(client, g, entente).json()
        pick = next(a for a in mine["actions"] if isinstance(a, dict) and "unit" in a)
        r = act(client, g["id"], entente, pick, role="entente")
        assert r.status_code == 200 and r.json()["step"] == mine["step"] + 1  # the mover's own step moves
        assert host.live[g["id"]].state["drafts"][-1][1] == ["entente"]
        now = shape(client, g, central).json()
        assert now["step"] == theirs["step"] and now["view"] == theirs["view"]
        assert shape(client, g, g["spectator"]["token"]).json()["step"] == spectator
        listed = next(x for x in client.get("/api/games").json()["games"] if x["id"] == g["id"])
        assert listed["step"] == spectator
        client.post(f"/api/games/{g['id']}/chat", json={"token": entente, "text": "sentinel"})
        assert ws.receive_json().get("chat", {}).get("text") == "sentinel"  # no state was pushed
    known = client.app.state.host.live[g["id"]].state
    assert _rules_of(known).known(known, "central-powers")[-1] == len(known["actions"]) - 1


def _rules_of(state):
    from kriegsspiel.games import load

    return load(state["game"])


def test_an_illegal_action_naming_over_is_a_bad_request_not_a_conflict(client):
    """An action the game does not take is a 400; a 409 is for one that came at the wrong time
    (the game moved on). Any refusal whose words held "over" ({"overrun": ...}) was a 409."""
    g = new(client, seed=3)
    token = g["seats"]["hearts"]["token"]
    r = act(client, g["id"], token, {"overrun": "1405"})
    assert r.status_code == 400
