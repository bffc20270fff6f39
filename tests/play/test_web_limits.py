"""Limits and refusals of the server that a hostile client leans on: a client counted by
its address (an IPv4 address written as IPv6 is that IPv4 address), websocket places kept
for the seats whatever the spectators hold, websocket handshakes counted as requests, one
seat handed over once however many handovers race, free words of a game kept without half
characters, and a tournament's name that keeps the games of that tournament alone."""

import contextlib

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, select
from webtools import closed_with, new

from kriegsspiel.engine.words import clean
from kriegsspiel.lab.tournament import tournament
from kriegsspiel.play.web.allowance import Allowance, client_key
from kriegsspiel.play.web.app import create_app
from kriegsspiel.play.web.service import Limits
from kriegsspiel.play.web.store import digest
from kriegsspiel.play.web.tables import actions, tournament_games

JSON = {"content-type": "application/json"}


def by_address(inner):
    """The app with each request's client address taken from an ``x-test-ip`` header
    (TestClient itself has one address for every request)."""

    async def app(scope, receive, send):
        ip = dict(scope.get("headers") or []).get(b"x-test-ip")
        if ip:
            scope = {**scope, "client": (ip.decode(), 1234)}
        return await inner(scope, receive, send)

    return app


# ----- clients by address -----------------------------------------------------------------


def test_an_ipv4_address_written_as_ipv6_is_that_ipv4_client():
    assert client_key("::ffff:203.0.113.5") == "203.0.113.5" == client_key("203.0.113.5")
    assert client_key("::ffff:198.51.100.7") == "198.51.100.7"
    assert client_key("::ffff:203.0.113.5") != client_key("::ffff:198.51.100.7")
    # an ordinary IPv6 address is still counted by its /64 network
    assert client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::5")
    assert client_key("testclient") == "testclient"


def test_two_ipv4_clients_written_as_ipv6_have_an_allowance_each():
    allowance = Allowance(rate=1.0, burst=5.0)
    for _ in range(5):
        assert allowance.take("::ffff:203.0.113.5", 100.0)
    assert not allowance.take("::ffff:203.0.113.5", 100.0)
    assert not allowance.take("203.0.113.5", 100.0)  # the same client, however written
    assert allowance.take("::ffff:198.51.100.7", 100.0)


def test_one_ipv4_client_behind_a_dual_stack_listener_does_not_spend_anothers_allowance(db):
    limits = Limits(creations_per_minute=2)
    with TestClient(by_address(create_app(db, rate=1.0, burst=6.0, limits=limits))) as c:
        spender, other = {"x-test-ip": "::ffff:203.0.113.5"}, {"x-test-ip": "::ffff:198.51.100.7"}
        made = [c.post("/api/games", json={"game": "goofspiel"}, headers=spender).status_code for _ in range(3)]
        assert made == [200, 200, 429]
        got = [c.get("/api/catalog", headers=spender).status_code for _ in range(8)]
        assert got[-1] == 429
        assert c.get("/api/catalog", headers=other).status_code == 200
        assert c.post("/api/games", json={"game": "goofspiel"}, headers=other).status_code == 200


# ----- websockets ---------------------------------------------------------------------------


def test_spectators_filling_their_share_of_a_game_never_shut_out_a_seat(db):
    with TestClient(create_app(db, dev=True, limits=Limits(sockets_per_game=5))) as c:
        g = new(c, seed=3)
        watch = f"/ws/games/{g['id']}?token={g['spectator']['token']}"
        with contextlib.ExitStack() as held:
            for _ in range(5):  # the spectators' whole share of the game's sockets
                held.enter_context(c.websocket_connect(watch)).receive_json()
            with c.websocket_connect(f"/ws/games/{g['id']}?token={g['seats']['hearts']['token']}") as seat:
                first = seat.receive_json()
                assert first["role"] == "hearts" and first["step"] == 0
                assert closed_with(c, watch) == 4429  # one more spectator: refused


def test_websocket_handshakes_count_against_the_clients_allowance(db):
    with TestClient(create_app(db, rate=1.0, burst=4.0)) as c:
        g = c.post("/api/games", json={"game": "goofspiel"}).json()
        c.cookies.clear()
        watch = f"/ws/games/{g['id']}?token={g['spectator']['token']}"
        codes = [closed_with(c, watch) for _ in range(8)]
        assert codes[0] is None  # within the allowance: accepted
        assert 4429 in codes[:5], codes  # past the burst: closed as too many requests
        assert codes[-1] == 4429
        assert c.get("/api/catalog").status_code == 429  # the same allowance as the requests


# ----- handover -----------------------------------------------------------------------------


def test_reinviting_a_seat_twice_with_the_old_token_hands_it_over_once(client):
    g = new(client, seed=3)
    store = client.app.state.host.store
    key = digest(g["seats"]["clubs"]["token"])
    assert store.reinvite(g["id"], key, "first-code-of-the-handover") == ["clubs"]
    assert store.reinvite(g["id"], key, "second-code-of-the-handover") == []
    assert client.get(f"/api/games/{g['id']}/join/first-code-of-the-handover").status_code == 200
    assert client.get(f"/api/games/{g['id']}/join/second-code-of-the-handover").status_code == 404


def test_two_handovers_racing_for_one_seat_never_both_hand_it_over(client):
    """Both read the seat's roles before either changes it: the one whose change finds the old
    token no more gets no roles (its code would open nothing)."""
    g = new(client, seed=3)
    store = client.app.state.host.store
    key = digest(g["seats"]["clubs"]["token"])
    other, started = [], []

    def meanwhile(conn, cursor, statement, parameters, context, executemany):
        if not started and statement.lstrip().upper().startswith("SELECT") and "seats.role" in statement:
            started.append(True)  # the other handover runs whole, here, between the late one's read and change
            other.append(store.reinvite(g["id"], key, "code-of-the-other-handover"))

    event.listen(store.engine, "after_cursor_execute", meanwhile)
    try:
        late = store.reinvite(g["id"], key, "code-of-the-late-handover")
    finally:
        event.remove(store.engine, "after_cursor_execute", meanwhile)
    assert other == [["clubs"]]
    assert late == []
    assert client.get(f"/api/games/{g['id']}/join/code-of-the-other-handover").status_code == 200
    assert client.get(f"/api/games/{g['id']}/join/code-of-the-late-handover").status_code == 404


def test_a_second_handover_with_the_old_token_and_no_name_is_refused(client):
    g = new(client, seed=3)
    url = f"/api/games/{g['id']}/handover"
    clubs = g["seats"]["clubs"]["token"]
    first = client.post(url, json={"token": clubs})
    assert first.status_code == 200 and first.json()["invitation"]["roles"] == ["clubs"]
    again = client.post(url, json={"token": clubs})
    assert again.status_code == 403 and "invitation" not in again.json()
    client.cookies.clear()
    taken = client.post(f"/api/games/{g['id']}/join", json={"code": first.json()["invitation"]["code"]})
    assert taken.status_code == 200 and taken.json()["roles"] == ["clubs"]


# ----- free words ---------------------------------------------------------------------------


def test_clean_drops_lone_surrogates():
    assert clean("plan \ud800 x") == "plan  x"
    assert clean("\udfff half \ud83d") == "half"
    assert clean("a \U0001f600 b") == "a \U0001f600 b"  # a whole character beyond the BMP stays
    assert not any(0xD800 <= ord(ch) <= 0xDFFF for ch in clean("\ud800\udc00 \udbff"))


def test_a_note_with_a_lone_surrogate_is_answered_and_stored_without_it(client):
    g = new(client, game="imperialism-1880", seed=2)
    for role, seat in g["seats"].items():
        shape = client.get(f"/api/games/{g['id']}", params={"token": seat["token"], "role": role}).json()
        if {"request": "note"} in shape["actions"]:
            break
    else:
        pytest.fail("no power is offered a note at the start")
    raw = '{"action":{"note":"plan \\ud800 x"},"step":%d,"token":"%s","role":"%s"}' % (
        shape["step"],
        seat["token"],
        role,
    )
    r = client.post(f"/api/games/{g['id']}/actions", content=raw.encode(), headers=JSON)
    assert r.status_code == 200, r.text
    store = client.app.state.host.store
    with store.engine.connect() as conn:
        kept = conn.execute(
            select(actions.c.action).where(actions.c.game_id == g["id"]).order_by(actions.c.n.desc())
        ).first()
    assert kept.action == {"note": "plan  x"}
    state, _seats = store.load(g["id"])
    assert state["orders"][role]["items"][-1]["text"] == "plan  x"
    after = client.get(f"/api/games/{g['id']}", params={"token": seat["token"], "role": role})
    assert after.status_code == 200 and "\\ud800" not in after.text


# ----- tournaments --------------------------------------------------------------------------


def stored_games(db: str, name: str) -> list[tuple]:
    engine = create_engine(db)
    with engine.connect() as conn:
        t = tournament_games.c
        rows = conn.execute(
            select(t.n, t.game, t.seats, t.result, t.record, t.decisions).where(t.tournament == name).order_by(t.n)
        ).all()
    engine.dispose()
    return [tuple(r) for r in rows]


def test_a_tournaments_name_holds_its_own_games_only(tmp_path):
    db = f"sqlite:///{tmp_path}/t.sqlite"
    bots = ["random", "match"]
    first = tournament("goofspiel", bots, games=2, seed=1, db=db, name="club-night", setup={"scenario": "quick"})
    assert first["played_now"] == 2 and first["games"] == 2
    before = stored_games(db, "club-night")
    assert len(before) == 2
    others = [
        ("goofspiel", bots, {"seed": 99, "setup": {"scenario": "quick"}}),  # another seed
        ("goofspiel", bots, {"seed": 1, "setup": {"scenario": "classic"}}),  # another scenario
        ("first-world-war", ["random", "heuristic"], {"seed": 1}),  # another game
    ]
    for game, its_bots, params in others:
        with pytest.raises(ValueError, match="club-night") as refused:
            tournament(game, its_bots, games=2, db=db, name="club-night", **params)
        assert "another tournament" in str(refused.value)
        assert stored_games(db, "club-night") == before
    again = tournament("goofspiel", bots, games=2, seed=1, db=db, name="club-night", setup={"scenario": "quick"})
    assert again["played_now"] == 0 and again["games"] == 2
    assert stored_games(db, "club-night") == before
