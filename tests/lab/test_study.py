"""``kriegsspiel study``: games under each condition, each game's facts kept as it ends (so an
interrupted study goes on), and an HTML report with its plots."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kriegsspiel.lab import study as S
from kriegsspiel.play.cli import app


def test_the_wilson_interval_of_five_in_ten():
    lo, hi = S.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert S.wilson(0, 0) == (0.0, 0.0)


def test_conditions_are_every_combination_asked_for():
    conds = S.conditions("goofspiel", [2, 3], None, {"ties": ["discard", "carry"]})
    assert len(conds) == 4
    assert {S.key_of(c) for c in conds} == {
        "2 players, classic, ties=discard",
        "2 players, classic, ties=carry",
        "3 players, classic, ties=discard",
        "3 players, classic, ties=carry",
    }


def test_an_option_is_studied_only_with_the_player_counts_it_is_played_with():
    """The First World War's solitaire (11.5, R42) is the 2-player game: a study of it with 2 and 4
    players plays it with 2 only, and the game without it with both."""
    conds = S.conditions("first-world-war", [2, 4], None, {"solitaire": [True, False]})
    assert sorted(S.key_of(c) for c in conds) == [
        "2 players, standard, solitaire=False",
        "2 players, standard, solitaire=True",
        "4 players, standard, solitaire=False",
    ]


def test_a_first_world_war_study_reports_wins_battles_markers_and_the_running_score(tmp_path):
    summary = S.study("first-world-war", 6, {"*": "heuristic"}, tmp_path, players=[2])
    c = summary["conditions"]["2 players, standard"]
    assert c["games"] == 6 and summary["games"] == 6 and summary["played_now"] == 6
    wins = c["wins"]
    assert wins["germany"]["wins"] + wins["russia"]["wins"] == 6  # two sides, one winner each game
    assert all(w["low"] <= w["rate"] <= w["high"] for w in wins.values())
    assert sum(c["places"].values()) > 20 and all(p.startswith("Front ") for p in c["places"])
    assert sum(c["ends"].values()) == 6 and all(
        not any(ch.isdigit() for ch in e.replace("1919", "")) for e in c["ends"]
    )
    html = (tmp_path / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 4  # wins, length, running score, battles
    assert "6 games; bots: every seat: heuristic; commit" in html
    facts = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert len(facts) == 6 and all(f["timeline"] for f in facts)
    assert any(tags for f in facts for tags in f["notes"]["tags"].values())


def test_a_stopped_study_goes_on_where_it_stopped(tmp_path):
    S.study("goofspiel", 4, {"*": "match"}, tmp_path)
    path = tmp_path / "games.jsonl"
    lines = path.read_bytes().splitlines()
    path.write_bytes(b"\n".join(lines[:3]) + b"\n" + lines[3][:10])  # the last game cut short by a stop
    again = S.study("goofspiel", 4, {"*": "match"}, tmp_path)
    assert again["played_now"] == 1 and again["games"] == 4
    more = S.study("goofspiel", 6, {"*": "match"}, tmp_path)
    assert more["played_now"] == 2 and more["games"] == 6


def test_the_command_writes_the_report_and_refuses_a_wrong_condition(tmp_path):
    runner = CliRunner()
    res = runner.invoke(
        app, ["study", "goofspiel", "--games", "3", "--players", "2,3", "--out", str(tmp_path), "--json"]
    )
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output)
    assert set(summary["conditions"]) == {"2 players, classic", "3 players, classic"}
    assert (tmp_path / "report.html").exists() and (tmp_path / "summary.json").exists()
    res = runner.invoke(app, ["study", "goofspiel", "--players", "9", "--out", str(tmp_path / "x")])
    assert res.exit_code == 2 and "9" in res.output
    res = runner.invoke(app, ["study", "goofspiel", "--players", "two", "--out", str(tmp_path / "y")])
    assert res.exit_code == 2 and "--players" in res.output


def test_imperial_elegy_notes_the_cards_wars_and_battles_by_their_printed_names(tmp_path):
    summary = S.study("imperial-elegy", 2, {"*": "heuristic"}, tmp_path)
    facts = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert summary["games"] == 2 and all(f["timeline"] for f in facts)
    tags = [t for f in facts for ts in f["notes"]["tags"].values() for t in ts]
    places = [p for f in facts for p in f["notes"]["places"]]
    assert tags and places
    assert all(not t.islower() or " " in t for t in tags)  # titles ("Exposition Universelle"), not ids
    assert all(p[0].isupper() for p in places)  # space names ("Alsace-Lorraine"), not ids


def test_imperial_borders_notes_purchases_stances_and_battles(tmp_path):
    S.study("imperial-borders", 2, {"*": "heuristic"}, tmp_path, players=[6])
    facts = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    tags = {t for f in facts for ts in f["notes"]["tags"].values() for t in ts}
    places = [p for f in facts for p in f["notes"]["places"]]
    assert any(t.startswith("bought ") for t in tags) and tags & {"aggressive stance", "defensive stance"}
    assert places and all(p[0].isupper() for p in places)


def test_over_there_notes_where_the_attacks_were_made(tmp_path):
    S.study("over-there", 1, {"*": "heuristic"}, tmp_path)
    facts = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    places = facts[0]["notes"]["places"]
    assert places and all(isinstance(p, str) and p for p in places)
    assert set(facts[0]["notes"]["tags"]) == {"entente", "central-powers"}


def test_a_tag_in_every_game_tells_nothing_and_is_left_out():
    from kriegsspiel.lab.study import tag_table

    rows = []
    for i in range(12):
        tags = {"a": ["always"] + (["sometimes"] if i % 2 else [])}
        rows.append({"roles": ["a", "b"], "winners": ["a"] if i % 2 else ["b"], "notes": {"tags": tags}})
    table = tag_table(rows)
    assert [(t["tag"], t["games"], t["win_rate"], t["without"], t["lift"]) for t in table] == [
        ("sometimes", 6, 1.0, 0.0, 1.0)
    ]


def test_a_study_stopped_mid_run_has_kept_every_game_it_finished(tmp_path):
    class Stop(Exception):
        pass

    seen = []

    def progress(n):
        seen.append(n)
        if sum(seen) == 3:
            raise Stop

    with pytest.raises(Stop):
        S.study("goofspiel", 10, {"*": "match"}, tmp_path, progress=progress)
    assert len((tmp_path / "games.jsonl").read_bytes().splitlines()) == 3
    again = S.study("goofspiel", 10, {"*": "match"}, tmp_path)
    assert again["played_now"] == 7 and again["games"] == 10
