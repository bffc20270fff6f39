"""More of the server as an opponent tries it (a review's findings): one seat's many
sockets shutting another seat out of its live line, a database that failed for a moment
leaving a game unplayable, and a replay whose time tells of another seat's secret steps."""

import contextlib

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from test_attacks import _drafting_action, _plotting, _two_player_borders, shape
from webtools import act, closed_with, new

from kriegsspiel.play.web.app import create_app
from kriegsspiel.play.web.service import Limits

# ----- websockets -----------------------------------------------------------------------------


def test_one_seats_many_sockets_never_shut_another_seat_out(db):
    """A player who opens the game's whole share of seat sockets (from a few addresses,
    or an IPv6 network's many) must not leave the opponent without a live line."""
    with TestClient(create_app(db, dev=True, limits=Limits(sockets_per_game=3))) as c:
        g = new(c, seed=3)
        mine = f"/ws/games/{g['id']}?token={g['seats']['hearts']['token']}"
        theirs = f"/ws/games/{g['id']}?token={g['seats']['clubs']['token']}"
        with contextlib.ExitStack() as held:
            for _ in range(3):
                held.enter_context(c.websocket_connect(mine)).receive_json()
            assert closed_with(c, theirs) is None  # the other seat still gets its line
            assert closed_with(c, mine) == 4429  # the seat that holds its share gets no more


# ----- the database ---------------------------------------------------------------------------


class Failing:
    """An engine whose next ``connect`` fails as a database that restarted or was gone for a
    moment does; everything else, and every later connection, is the real engine's."""

    def __init__(self, engine):
        self.engine, self.failures = engine, 1

    def connect(self):
        if self.failures:
            self.failures -= 1
            raise OperationalError("SELECT games.id FROM games", {}, Exception("the server closed the connection"))
        return self.engine.connect()

    def __getattr__(self, name):
        return getattr(self.engine, name)


def test_a_database_that_fails_for_a_moment_leaves_no_game_unplayable(db):
    with TestClient(create_app(db, dev=True)) as c:
        g = new(c, seed=3)
        hearts = g["seats"]["hearts"]["token"]
        host = c.app.state.host
        del host.live[g["id"]]  # out of memory, as an idle game is: the next request loads it
        host.store.engine = Failing(host.store.engine)
        first = c.get(f"/api/games/{g['id']}", params={"token": hearts})
        assert first.status_code == 503 and list(first.json()) == ["error"]
        assert g["id"] not in host.damaged
        again = c.get(f"/api/games/{g['id']}", params={"token": hearts})  # the database is back: so is the game
        assert again.status_code == 200, again.text
        assert act(c, g["id"], hearts, 5).status_code == 200


@pytest.mark.parametrize("game_id", ["ab%00cd", "x" * 40, "%01"])
def test_an_id_no_game_can_have_is_no_game_and_is_not_remembered(client, game_id):
    """On PostgreSQL a NUL in the id made the lookup fail, and the server remembered the id
    as a damaged game for as long as it ran: any number of made-up ids, each one kept."""
    r = client.get(f"/api/games/{game_id}", params={"token": "x"})
    assert r.status_code == 404 and list(r.json()) == ["error"]
    assert client.app.state.host.damaged == {}
    assert closed_with(client, f"/ws/games/{game_id}?token=x") == 4404


# ----- replays and secret steps ---------------------------------------------------------------


def _one_seat_committed(client, drafted: bool):
    """A two-player Imperial Borders game at its plotting, where one seat (``b``) has
    plotted and committed, and the other (``a``) has taken a secret draft step since or
    not; the replay of ``b``'s step before its last, worked out from the store or not."""
    g, holders = _two_player_borders(client)
    a, _ = _plotting(client, g, holders)
    b = next(t for t in holders if t != a)
    for _ in range(30):
        s = shape(client, g, b).json()
        if s["role"] not in s["active"]:
            break
        choice = "done" if "done" in s["actions"] else _drafting_action(s)
        assert act(client, g["id"], b, choice, role=s["role"]).status_code == 200
        if choice == "done":
            break
    host = client.app.state.host
    if drafted:
        s = shape(client, g, a).json()
        before = len(host.live[g["id"]].state["drafts"])
        assert act(client, g["id"], a, _drafting_action(s), role=s["role"]).status_code == 200
        assert len(host.live[g["id"]].state["drafts"]) == before + 1  # a secret step of a's
    step = shape(client, g, b).json()["step"]
    assert step >= 1
    host.recent.clear()
    worked = []
    real = host.store.state_at

    def counted(game_id, n):
        worked.append(n)
        return real(game_id, n)

    host.store.state_at = counted
    try:
        r = client.get(f"/api/games/{g['id']}/replay", params={"token": b, "step": step - 1})
    finally:
        host.store.state_at = real
    assert r.status_code == 200, r.text
    return len(worked)


def test_a_replay_takes_no_shortcut_that_tells_of_another_seats_secret_step(client):
    """The step before a seat's last was served at once from the game before the last action
    when that action was public, and worked out from the store when it was another seat's
    secret draft step: how long the answer took told the seat whether its opponent had begun
    to plot. It is worked out the same way either way."""
    assert _one_seat_committed(client, drafted=False) == _one_seat_committed(client, drafted=True)


# ----- chat -----------------------------------------------------------------------------------


def test_handing_a_seat_over_to_oneself_does_not_refill_its_chat_allowance(db):
    """A seat's chat is limited; handing the seat over to oneself (a handover and a claim: two
    requests) gave it a new token, and with it a whole new allowance, again and again."""
    with TestClient(create_app(db, dev=True, limits=Limits(chat_per_minute=3))) as c:
        g = new(c, seed=3)
        token = g["seats"]["hearts"]["token"]

        def say(text):
            return c.post(f"/api/games/{g['id']}/chat", json={"token": token, "text": text}).status_code

        assert [say(f"spam {n}") for n in range(4)] == [200, 200, 200, 429]
        for _ in range(3):
            code = c.post(f"/api/games/{g['id']}/handover", json={"token": token}).json()["invitation"]["code"]
            token = c.post(f"/api/games/{g['id']}/join", json={"code": code}).json()["token"]
            c.cookies.clear()
            assert say("more spam") == 429  # the same seat, the same allowance
        other = g["seats"]["clubs"]["token"]  # another seat's allowance is its own
        assert c.post(f"/api/games/{g['id']}/chat", json={"token": other, "text": "hello"}).status_code == 200


# ----- chat ----------------------------------------------------------------------------------------


def test_a_seats_message_numbers_tell_nothing_of_the_messages_it_may_not_read(client):
    """A message's id is its number among the messages the reader may read: the ids were the rows'
    keys, one counter for the whole server, so the gaps between the ids a seat saw told it how many
    private messages the others sent each other (and other games' chat too)."""
    g = new(client, seed=3, players=3)
    t = {r: s["token"] for r, s in g["seats"].items()}
    assert {"hearts", "clubs", "spades"} <= set(t)

    def say(who, text, to=None):
        r = client.post(f"/api/games/{g['id']}/chat", json={"token": t[who], "text": text, "to": to})
        assert r.status_code == 200, r.text
        return r.json()["message"]

    def page(who, **params):
        return client.get(f"/api/games/{g['id']}/chat", params={"token": t[who], **params}).json()

    first = say("hearts", "all: hello")
    other = new(client, seed=4, players=3)  # another game's chat
    client.post(f"/api/games/{other['id']}/chat", json={"token": other["seats"]["hearts"]["token"], "text": "x"})
    with_ws = f"/ws/games/{g['id']}?token={t['hearts']}"
    with client.websocket_connect(with_ws) as ws:
        ws.receive_json()
        for n in range(3):
            say("clubs", f"spades, between us {n}", to="spades")
        second = say("spades", "all: shall we")
        pushed = ws.receive_json()
        while "chat" not in pushed:
            pushed = ws.receive_json()
    seen = page("hearts")["chat"]
    assert [m["text"] for m in seen] == ["all: hello", "all: shall we"]
    assert [m["id"] for m in seen] == [1, 2] == [first["id"], pushed["chat"]["id"]]
    assert second["id"] == 5  # spades reads the three private messages too
    assert [m["id"] for m in page("spades")["chat"]] == [1, 2, 3, 4, 5]
    older = page("spades", before=4, limit=2)
    assert [m["text"] for m in older["chat"]] == ["spades, between us 0", "spades, between us 1"] and older["more"]
