"""Seats and players (RULINGS R4, R40): every player count from 1 to 9 makes a game the
server creates and bots play; one player plays a power against bots to the end; a game
of bots alone runs to its end (the lab's simulation and the fuzzer)."""

import random
import time

import pytest
from console_support import GREAT, REF, game
from fastapi.testclient import TestClient

import kriegsspiel
from kriegsspiel.engine.rng import bot_random
from kriegsspiel.games.imperialism_1880 import orders
from kriegsspiel.lab.fuzz import fuzz_one
from kriegsspiel.lab.simulate import simulate
from kriegsspiel.play.web.app import create_app

COUNTS = list(range(1, 10))


@pytest.mark.parametrize("players", COUNTS)
def test_every_player_count_seats_every_role_once(players):
    """R4: the seats cover the nine roles, each once; one player: a seat per role (the
    player takes one); 2-9: the referee's seat and the powers shared among the others."""
    seats = game.seats(players)
    assert sorted(r for seat in seats for r in seat) == sorted([REF, *GREAT])
    if players == 1:
        assert seats == [[p] for p in GREAT] + [[REF]]
    else:
        assert len(seats) == players and seats[0] == [REF]
    s = game.new(seed=players, players=players)
    assert s["roles"] == [REF, *GREAT] and game.active(s) == list(GREAT)


def test_the_catalog_is_honest_about_the_player_counts():
    """The lobby reads player_counts and seats from the catalog: every count it offers works."""
    entry = next(e for e in kriegsspiel.catalog() if e["id"] == "imperialism-1880")
    assert entry["player_counts"] == COUNTS
    assert set(entry["seats"]) == {str(n) for n in COUNTS}
    assert "heuristic" in entry["bots"] and "referee" in entry["bots"]
    assert all(o["title"] and "eti" not in o["title"].lower() for o in entry["options"].values())
    assert entry["options"]["great_war_eti"]["title"] == "Great War at tension"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "k.sqlite"
    with TestClient(create_app(f"sqlite:///{db}", dev=True)) as c:
        yield c


@pytest.mark.parametrize("players", COUNTS)
def test_every_player_count_creates_and_plays_on_the_server(client, players):
    """As the lobby's form makes a game: the first seat human, every other a bot. The game
    is created; the bots write their orders; the human seat is asked for its own."""
    groups = game.seats(players)
    seats = {r: ("human" if i == 0 else "bot:heuristic") for i, g in enumerate(groups) for r in g}
    spec = {"game": "imperialism-1880", "players": players, "seed": players, "seats": seats}
    r = client.post("/api/games", json=spec)
    assert r.status_code == 200, r.text
    made = r.json()
    assert made["you"]["roles"] == groups[0] and made["invitations"] == []
    token = made["you"]["token"]
    shape = client.get(f"/api/games/{made['id']}", params={"token": token}).json()
    me = groups[0][0]
    if me in GREAT:  # the human's power writes, the bots have written or are writing
        for _ in range(50):  # as the browser does: a bot's orders sent meanwhile (409), look again
            assert shape["actions"] and orders.SUBMIT in shape["actions"]
            body = {"token": token, "action": orders.SUBMIT, "step": shape["step"]}
            sent = client.post(f"/api/games/{made['id']}/actions", json=body)
            if sent.status_code != 409:
                break
            assert "moved on" in sent.json()["error"]
            shape = client.get(f"/api/games/{made['id']}", params={"token": token}).json()
        assert sent.status_code == 200, sent.text
    deadline = 200
    while deadline:  # the bots play on until the human must answer (or a turn is done)
        shape = client.get(f"/api/games/{made['id']}", params={"token": token}).json()
        if shape["actions"]:
            break
        deadline -= 1
        time.sleep(0.05)
    assert shape["actions"], "the human seat is never asked"


def test_solo_one_power_against_bots_runs_to_the_final_record():
    """R40, solo: one player (players=1) takes France; bots write the other powers' orders and
    referee. France writes a claim or two and a note each turn; the bot referee answers every
    request; the campaign reaches its Final Record."""
    s = game.new(seed=11, players=1, options={"great_war_eti": 0})
    me = "france"
    bots = {r: kriegsspiel.bot("imperialism-1880", game.bot_for(s, r)) for r in s["roles"] if r != me}
    pick = random.Random(11)
    written = 0
    answered = []
    while not game.is_over(s):
        for role in game.active(s):
            if role != me:
                s = game.apply(s, role, bots[role](game.view(s, role), game.actions(s, role), bot_random(s, role)))
                continue
            mine = s["orders"][me]["items"]
            if len(mine) < 2 and not s["orders"][me]["draft"]:
                game.apply(s, me, {"request": "place"})
                while s["orders"][me]["draft"]:
                    acts = [a for a in game.actions(s, me) if isinstance(a, dict)]
                    s = game.apply(s, me, pick.choice(acts) if acts else orders.CANCEL)
                written += 1
                continue
            note = {"note": "Paris wishes the referee a good turn."}
            s = game.apply(s, me, note if len(mine) == 2 else orders.SUBMIT)
        sent = game.view(s, me)["board"].get("dispatch")
        if sent and (not answered or answered[-1][0] != sent["year"]):
            answered.append((sent["year"], [r["status"] for r in sent["requests"]]))
    result = game.result(s)
    assert s["year"] == 1916 and set(result["scores"]) == set(GREAT)
    assert [y for y, _ in answered] == [1880, 1884, 1888, 1892, 1896, 1900, 1904, 1908, 1912, 1916]
    statuses = [st for _y, sts in answered for st in sts]
    assert written >= 10 and "open" not in statuses and "unanswered" not in statuses  # the bot answers all
    assert statuses.count("done") >= written  # every claim carried out or met, every note read


def test_a_campaign_of_bots_alone_runs_to_its_end():
    """The lab's simulation: bots at all nine seats, a campaign to its Final Record."""
    out = simulate("imperialism-1880", 1, {"*": "heuristic"}, seed=3, setup={"players": 9})
    assert out["games"] == 1 and sum(out["wins"].values()) + out["draws"] >= 1
    assert out["wins"]["referee"] == 0


@pytest.mark.parametrize("seed", [0, 1])
def test_the_fuzzer_finds_nothing(seed):
    """Random legal play at every seat: no crash, dead end, leak, replay drift or shared state."""
    assert [f.message for f in fuzz_one("imperialism-1880", seed)] == []
