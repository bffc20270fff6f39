"""``kriegsspiel tournament``: the schedule rotates seats, every game is stored with a record
that replays, an interrupted tournament goes on where it stopped, and the ratings are a
Bradley-Terry fit on the Elo scale."""

from __future__ import annotations

import json
import math

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

import kriegsspiel
from kriegsspiel.lab import tournament as T
from kriegsspiel.play.cli import app
from kriegsspiel.play.web.store import database
from kriegsspiel.play.web.tables import tournament_games


def test_in_a_two_player_game_each_bot_plays_each_side_as_often():
    plan = T.schedule("first-world-war", ["a", "b"], 4, 2, {})
    assert len(plan) == 4
    central = [g["seats"]["germany"] for g in plan]
    assert sorted(central) == ["a", "a", "b", "b"]
    for g in plan:  # a player's two empires are one bot's
        assert g["seats"]["germany"] == g["seats"]["austria-hungary"]
        assert g["seats"]["russia"] == g["seats"]["western-allies"] != g["seats"]["germany"]


def test_with_six_players_each_bot_sits_alone_in_every_seat():
    plan = T.schedule("imperial-borders", ["a", "b", "c"], 12, 6, {})
    assert len(plan) == 3 * 12
    for pair in (["a", "b"], ["a", "c"], ["b", "c"]):
        games = [g for g in plan if g["pair"] == pair]
        for bot in pair:
            alone = [
                r
                for g in games
                for r, who in g["seats"].items()
                if who == bot and list(g["seats"].values()).count(bot) == 1
            ]
            assert sorted(alone) == sorted(kriegsspiel.load("imperial-borders").roles)


def test_the_fit_reads_three_to_one_as_about_191_elo():
    scores = [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100
    elo = T.fit(scores, ["a", "b"])
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3), abs=3)
    assert (elo["a"] + elo["b"]) / 2 == pytest.approx(1500)
    sweep = T.fit([("a", "b", 1.0)] * 20, ["a", "b"])  # the prior keeps a clean sweep finite
    assert 400 < sweep["a"] - sweep["b"] < 800


def test_a_seat_that_won_beats_a_seat_that_did_not_and_the_rest_draw():
    groups = [["x"], ["y"], ["z"]]
    row = {"seats": {"x": "a", "y": "b", "z": "b"}, "result": {"winners": ["y"]}}
    assert T.pairwise(row, groups) == [("a", "b", 0.0), ("a", "b", 0.5)]
    row = {"seats": {"x": "a", "y": "b", "z": "b"}, "result": {"winners": ["x", "z"]}}
    assert T.pairwise(row, groups) == [("a", "b", 1.0), ("a", "b", 0.5)]


def test_every_game_is_stored_with_a_record_that_replays_and_a_second_run_plays_nothing_again(tmp_path):
    db = f"sqlite:///{tmp_path / 't.sqlite'}"
    first = T.tournament("goofspiel", ["random", "match"], 3, db=db, seed=7)
    assert first["games"] == first["played_now"] == 3
    again = T.tournament("goofspiel", ["random", "match"], 3, db=db, seed=7)
    assert again["played_now"] == 0 and again["ratings"] == first["ratings"]
    engine = database(db)
    with engine.connect() as conn:
        rows = list(conn.execute(select(tournament_games)))
    engine.dispose()
    assert len(rows) == 3
    for r in rows:
        state = kriegsspiel.replay(r.record)
        assert kriegsspiel.load("goofspiel").result(state) == r.result
        assert {state["seed"]} == {7 + T.schedule("goofspiel", ["random", "match"], 3, 2, {})[r.n]["i"]}
        assert sorted(r.seats.values()) == ["match", "random"]
    # match bids the prize itself and beats random most of the time
    assert first["ratings"]["match"]["elo"] > first["ratings"]["random"]["elo"]


def test_an_interrupted_tournament_plays_only_what_it_lacks(tmp_path):
    db = f"sqlite:///{tmp_path / 't.sqlite'}"
    T.tournament("goofspiel", ["random", "match"], 2, db=db, name="evening")
    more = T.tournament("goofspiel", ["random", "match"], 4, db=db, name="evening")
    assert more["games"] == 4 and more["played_now"] == 2


def test_the_command_prints_ratings_and_refuses_what_is_no_tournament(tmp_path):
    runner = CliRunner()
    db = f"sqlite:///{tmp_path / 't.sqlite'}"
    res = runner.invoke(
        app, ["tournament", "goofspiel", "--bots", "random,match", "--games", "2", "--db", db, "--json"]
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert set(report["ratings"]) == {"random", "match"} and report["games"] == 2
    assert report["head_to_head"]["match"]["random"]["n"] == 2
    res = runner.invoke(app, ["tournament", "goofspiel", "--bots", "random,match", "--games", "2", "--db", db])
    assert res.exit_code == 0 and "Elo" in res.output and "head to head" in res.output
    res = runner.invoke(app, ["tournament", "goofspiel", "--bots", "random,genius", "--db", db])
    assert res.exit_code == 2 and "genius" in res.output
    res = runner.invoke(app, ["tournament", "goofspiel", "--bots", "match,match", "--db", db])
    assert res.exit_code == 2 and "two different bots" in res.output
