"""The web server's API (docs/WEB.md): games, seats, actions, secrecy over
the wire, bad input, chat, websockets, bots and durability."""

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webtools import act, new, wait_for

import kriegsspiel
from kriegsspiel.engine.records import digest
from kriegsspiel.play.web.app import create_app


def test_catalog_and_data(client):
    ids = [g["id"] for g in client.get("/api/catalog").json()]
    assert {"goofspiel", "first-world-war"} <= set(ids)
    data = client.get("/api/data/first-world-war").json()
    assert len(data["fronts"]) == 11 and data["locations"]["paris"]["lat"] > 48
    assert client.get("/api/data/chess").status_code == 404


def test_the_guide_page_and_log_lines_that_link_into_it(client):
    page = client.get("/guide/goofspiel")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<h2 id="2-a-round">' in page.text and "publishers' rulebooks" in page.text and "cites:" not in page.text
    assert client.get("/guide/chess").status_code == 404
    g = new(client, seed=3)
    hearts, clubs = g["seats"]["hearts"]["token"], g["seats"]["clubs"]["token"]
    act(client, g["id"], hearts, 13)
    log = act(client, g["id"], clubs, 1).json()["view"]["log"]
    bids = next(line for line in log if line["rule"] == "2.3")
    assert bids["cite"] == "§2.3" and bids["guide"] == "2-a-round"


def test_create_then_play_a_goofspiel_round(client):
    g = new(client, seed=3)
    hearts, clubs = g["seats"]["hearts"]["token"], g["seats"]["clubs"]["token"]
    assert hearts != clubs and g["you"]["url"].endswith(f"/play/{g['id']}") and hearts not in g["you"]["url"]
    shape = client.get(f"/api/games/{g['id']}", params={"token": hearts}).json()
    assert shape["role"] == "hearts" and shape["actions"] == list(range(1, 14))
    assert shape["labels"][0] == "bid A" and shape["active"] == ["hearts", "clubs"]
    r = act(client, g["id"], hearts, 13)
    assert r.status_code == 200 and r.json()["step"] == 1
    r = act(client, g["id"], clubs, 1)
    assert r.json()["view"]["board"]["last_bids"] == {"hearts": 13, "clubs": 1}
    listed = client.get("/api/games").json()["games"]
    assert listed[0]["id"] == g["id"] and listed[0]["title"] == "Goofspiel"


def test_a_secret_bid_never_travels_to_the_other_seat(client):
    g = new(client, seed=3)
    hearts, clubs = g["seats"]["hearts"]["token"], g["seats"]["clubs"]["token"]
    act(client, g["id"], hearts, 11)
    for token in (clubs, g["spectator"]["token"]):
        text = client.get(f"/api/games/{g['id']}", params={"token": token}).text
        shape = json.loads(text)
        assert shape["view"]["committed"] == ["hearts"]
        assert "prizes" not in text and '"rng"' not in text and '"stack"' not in text
        assert shape["view"]["board"]["hands"]["hearts"] == list(range(1, 14))  # 11 not yet spent
    other = new(client, seed=3)
    act(client, other["id"], other["seats"]["hearts"]["token"], 2)
    a = client.get(f"/api/games/{g['id']}", params={"token": clubs}).json()["view"]
    b = client.get(f"/api/games/{other['id']}", params={"token": other["seats"]["clubs"]["token"]}).json()["view"]
    assert a == b  # the same position whichever card hearts chose


def test_first_world_war_hands_stay_secret_over_http(client):
    g = new(client, game="first-world-war", seed=5, players=4)
    tokens = {r: s["token"] for r, s in g["seats"].items()}
    state = client.app.state.host.live[g["id"]].state
    for role, token in tokens.items():
        text = client.get(f"/api/games/{g['id']}", params={"token": token}).text
        for other in tokens:
            if other != role:
                for marker in state["hands"][other]:
                    if marker not in state["hands"][role]:
                        assert f'"{marker}"' not in text


@pytest.mark.parametrize(
    "body, status, message",
    [
        ({"token": "nope", "action": 3, "step": 0}, 403, "opens no seat"),
        ({"action": 3, "step": 0}, 401, "needs a seat"),
        ({"token": "HEARTS", "action": 3}, 422, "malformed request: step"),
        ({"token": "HEARTS", "action": 99, "step": 0}, 400, "not a legal action"),
        ({"token": "HEARTS", "action": "13", "step": 0}, 400, "not a legal action"),
        ({"token": "HEARTS", "action": 3, "step": 1}, 409, "moved on"),
        ({"token": "HEARTS", "action": 3, "role": "clubs", "step": 0}, 403, "does not hold the role"),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(client, body, status, message):
    g = new(client, seed=3)
    body = {k: (g["seats"]["hearts"]["token"] if v == "HEARTS" else v) for k, v in body.items()}
    before = client.get(f"/api/games/{g['id']}", params={"token": g["seats"]["hearts"]["token"]}).json()
    r = client.post(f"/api/games/{g['id']}/actions", json=body)
    assert r.status_code == status and message in r.json()["error"]
    after = client.get(f"/api/games/{g['id']}", params={"token": g["seats"]["hearts"]["token"]}).json()
    assert after == before


def test_garbage_and_oversized_bodies(client):
    g = new(client, seed=3)
    r = client.post(f"/api/games/{g['id']}/actions", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "malformed" in r.json()["error"]
    r = client.post(
        f"/api/games/{g['id']}/actions", content=b"x" * 70_000, headers={"content-type": "application/json"}
    )
    assert r.status_code == 413
    assert client.get("/api/games/nosuchgame", params={"token": "x"}).status_code in (403, 404)
    r = client.post("/api/games", json={"game": "goofspiel", "players": 9})
    assert r.status_code == 400 and "2 or 3 players" in r.json()["error"]
    r = client.post("/api/games", json={"game": "goofspiel", "seats": {"clubs": "bot:genius"}})
    assert r.status_code == 400 and "no bot 'genius'" in r.json()["error"]


def test_a_flood_is_slowed_and_others_are_still_served(db):
    with TestClient(create_app(db, rate=1.0, burst=5.0, dev=True)) as c:
        codes = [c.get("/api/catalog").status_code for _ in range(12)]
        assert codes[:5] == [200] * 5 and 429 in codes
    with TestClient(create_app(db)) as fresh:
        assert fresh.get("/api/catalog").status_code == 200


def test_chat_to_all_and_in_private_is_stored_as_text(client):
    g = new(client, game="goofspiel", players=3, seed=1)
    t = {r: s["token"] for r, s in g["seats"].items()}
    evil = "<script>alert('x')</script>"
    assert client.post(f"/api/games/{g['id']}/chat", json={"token": t["hearts"], "text": evil}).status_code == 200
    client.post(f"/api/games/{g['id']}/chat", json={"token": t["hearts"], "text": "secret deal", "to": "clubs"})
    clubs = client.get(f"/api/games/{g['id']}/chat", params={"token": t["clubs"]}).json()["chat"]
    spades = client.get(f"/api/games/{g['id']}/chat", params={"token": t["spades"]}).json()["chat"]
    assert [m["text"] for m in clubs] == [evil, "secret deal"]
    assert [m["text"] for m in spades] == [evil]
    r = client.post(f"/api/games/{g['id']}/chat", json={"token": t["hearts"], "text": "x" * 5000})
    assert r.status_code == 422


def test_bots_play_their_seats(client):
    g = new(client, game="first-world-war", seed=2, seats={"western-allies": "bot:heuristic", "russia": "bot:random"})
    token = g["seats"]["germany"]["token"]
    shape = wait_for(client, g["id"], token, lambda s: s["active"] and s["active"][0] in ("germany", "austria-hungary"))
    assert shape["roles"] == ["germany", "austria-hungary"]  # one player, one key (3.3)


def test_the_search_plays_its_seat_in_a_worker_process_at_the_levels_offered(client):
    entry = next(g for g in client.get("/api/catalog").json() if g["id"] == "goofspiel")
    assert {"ismcts", "ismcts:0.2s", "ismcts:1s"} <= set(entry["bots"])
    g = new(client, seed=4, seats={"clubs": "bot:ismcts:0.2s"})
    token = g["seats"]["hearts"]["token"]
    assert act(client, g["id"], token, 13).status_code == 200
    shape = wait_for(client, g["id"], token, lambda s: s["view"]["board"].get("last_bids"))
    assert shape["view"]["board"]["last_bids"]["hearts"] == 13
    assert client.app.state.host.searchers is not None  # it thought in a process of its own
    for level in ("bot:ismcts:600s", "bot:ismcts:5000000", "bot:ismcts:fast"):
        r = client.post("/api/games", json={"game": "goofspiel", "seats": {"clubs": level}})
        assert r.status_code == 400 and "ismcts:0.2s" in r.json()["error"]


def test_a_seat_the_rulebook_bot_takes_plays_by_the_bot_rules(client):
    """Imperial Elegy 34.1: a power the rulebook bot plays draws its national goals at the end;
    the seat sets its option (RULINGS_BOTS P1), and an option given wins over the seat."""
    seats = {p: "bot:rulebook" for p in ("uk", "fr", "au", "ru", "ot")}
    g = new(client, game="imperial-elegy", seed=5, seats=seats, options={"ot_bot": "hard"})
    token = g["seats"]["ge"]["token"]
    view = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    state = client.app.state.host.live[g["id"]].state
    assert state["options"]["fr_bot"] == "normal" and state["options"]["ot_bot"] == "hard"
    assert state["options"]["ge_bot"] == "no"
    assert view["view"]["board"]["role"] == "ge"


def test_undo_over_http(client):
    g = new(client, seed=3)
    hearts = g["seats"]["hearts"]["token"]
    act(client, g["id"], hearts, 5)
    assert client.post(f"/api/games/{g['id']}/undo", json={"token": hearts, "step": 0}).status_code == 409
    r = client.post(f"/api/games/{g['id']}/undo", json={"token": hearts, "step": 1})
    assert r.status_code == 200 and r.json()["step"] == 0 and 5 in r.json()["actions"]
    r = client.post(f"/api/games/{g['id']}/undo", json={"token": hearts, "step": 0})
    assert r.status_code == 409


def test_record_replays_to_the_served_state_and_replay_steps(client):
    g = new(client, seed=4)
    t = {r: s["token"] for r, s in g["seats"].items()}
    for card in range(1, 14):
        act(client, g["id"], t["hearts"], card)
        act(client, g["id"], t["clubs"], card)
    rec = client.get(f"/api/games/{g['id']}/record", params={"token": t["hearts"]}).json()
    assert digest(kriegsspiel.replay(rec)) == digest(client.app.state.host.live[g["id"]].state)
    first = client.get(f"/api/games/{g['id']}/replay", params={"token": t["hearts"], "step": 4}).json()
    assert first["step"] == 4 and first["view"]["board"]["last_bids"] == {"hearts": 2, "clubs": 2}
    assert client.get(f"/api/games/{g['id']}/replay", params={"token": t["hearts"], "step": 99}).status_code == 400


def test_a_restarted_server_resumes_every_game(db):
    with TestClient(create_app(db, dev=True)) as c:
        g = new(c, seed=4)
        t = {r: s["token"] for r, s in g["seats"].items()}
        act(c, g["id"], t["hearts"], 9)
        before = c.get(f"/api/games/{g['id']}", params={"token": t["clubs"]}).json()
        state = c.app.state.host.live[g["id"]].state
    with TestClient(create_app(db, dev=True)) as c:
        assert g["id"] not in c.app.state.host.live  # no bot to move: loaded when opened
        after = c.get(f"/api/games/{g['id']}", params={"token": t["clubs"]}).json()
        assert after == before
        assert c.app.state.host.live[g["id"]].state == state
        r = act(c, g["id"], t["clubs"], 2)
        assert r.json()["view"]["board"]["last_bids"] == {"hearts": 9, "clubs": 2}


def test_the_websocket_pushes_every_change(client):
    g = new(client, seed=3)
    t = {r: s["token"] for r, s in g["seats"].items()}
    with client.websocket_connect(f"/ws/games/{g['id']}?token={t['clubs']}") as ws:
        first = ws.receive_json()
        assert first["role"] == "clubs" and first["step"] == 0
        act(client, g["id"], t["hearts"], 4)
        pushed = ws.receive_json()
        assert pushed["step"] == 1 and pushed["view"]["committed"] == ["hearts"]
        assert "4" not in json.dumps(pushed["view"]["board"]["last_bids"])
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"/ws/games/{g['id']}?token=wrong") as ws:
            ws.receive_json()
    assert refused.value.code == 4403
