"""The command line of INTERFACE.md, end to end through Typer's runner."""

import json

import pytest
from typer.testing import CliRunner

from kriegsspiel.engine.records import read
from kriegsspiel.play.cli import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_goofspiel():
    r = run("games", "--json")
    assert r.exit_code == 0
    ids = [g["id"] for g in json.loads(r.stdout)]
    assert "goofspiel" in ids
    r = run("games")
    assert r.exit_code == 0 and "goofspiel" in r.stdout


def test_new_writes_a_save_that_replays(tmp_path):
    path = tmp_path / "g.json"
    r = run("new", "goofspiel", "--seed", "5", "--option", "ties=carry", "--players", "3", "-o", str(path))
    assert r.exit_code == 0, r.output
    rec = read(path)
    assert rec["seed"] == 5 and rec["options"] == {"ties": "carry"} and rec["players"] == 3
    r = run("replay", str(path), "--verify")
    assert r.exit_code == 0 and "Verified" in r.stdout and "waiting for hearts, clubs, spades" in r.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["new", "chess", "-o", "x.json"], "no game 'chess'"),
        (["new", "goofspiel", "--option", "ties", "-o", "x.json"], "KEY=VALUE"),
        (["new", "goofspiel", "--option", "ties=never", "-o", "x.json"], "one of discard, carry"),
        (["new", "goofspiel", "--players", "7", "-o", "x.json"], "2 or 3 players"),
        (["simulate", "goofspiel", "--games", "3", "--bots", "genius"], "no bot 'genius'"),
        (["play", "goofspiel", "--seat", "diamonds=human"], "no role 'diamonds'"),
    ],
)
def test_bad_arguments_give_clear_errors(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.output


def test_simulate_json_summary():
    r = run("simulate", "goofspiel", "--games", "50", "--seat", "hearts=match", "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert set(summary) >= {"games", "wins", "draws", "mean_length", "seconds"}
    assert summary["games"] == 50 and summary["wins"]["hearts"] > 25


def test_simulate_table_with_jobs():
    r = run("simulate", "goofspiel", "--games", "20", "--jobs", "2")
    assert r.exit_code == 0, r.output
    assert "20 games of goofspiel" in r.stdout and "draws" in r.stdout


def test_fuzz_json_and_exit_code():
    r = run("fuzz", "goofspiel", "--games", "30", "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout) == {"games": 30, "errors": []}


def test_fuzz_exits_non_zero_on_a_finding():
    import test_fuzz  # registers the broken variants of the toy game

    test_fuzz.variant("crashing_cli", states=test_fuzz.states_with(orders=test_fuzz.CrashingOrders()))
    r = run("fuzz", "crashing_cli", "--games", "5", "--json")
    assert r.exit_code == 1
    assert json.loads(r.stdout)["errors"][0]["message"].startswith("apply raised KeyError")


def test_bench_json():
    r = run("bench", "goofspiel", "--seconds", "0.2", "--json")
    assert r.exit_code == 0
    result = json.loads(r.stdout)
    assert result["decisions_per_s"] > 0 and result["games_per_s"] > 0


def test_replay_refuses_corrupt_files(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("garbage")
    r = run("replay", str(path), "--verify")
    assert r.exit_code == 1 and "not valid JSON" in r.output


def test_data_validate():
    r = run("data", "validate", "goofspiel")
    assert r.exit_code == 0 and "goofspiel: ok (2 scenarios)" in r.stdout
    r = run("data", "validate")
    assert r.exit_code == 0


def test_play_against_a_bot_to_the_end_then_replay(tmp_path):
    save = tmp_path / "game.json"
    r = run("play", "goofspiel", "--seed", "2", "--scenario", "quick", "--save", str(save), input="1\n" * 7)
    assert r.exit_code == 0, r.output
    assert "The game is over" in r.stdout and "Winners:" in r.stdout
    r = run("replay", str(save), "--verify")
    assert r.exit_code == 0 and "Over." in r.stdout


def test_quit_saves_and_play_resumes(tmp_path):
    save = tmp_path / "game.json"
    r = run("play", "goofspiel", "--seed", "2", "--save", str(save), input="3\n2\nq\n")
    assert r.exit_code == 0 and "Saved to" in r.stdout
    # two rounds of two bids, and the bot's bid of the third round
    assert len(read(save)["actions"]) == 5
    r = run("play", str(save), input="q\n")
    assert r.exit_code == 0 and "bid A" in r.stdout


def clubs_screen(tmp_path, hearts_bid):
    """What clubs is shown after hearts has bid, at a shared keyboard."""
    save = tmp_path / f"hot{hearts_bid}.json"
    r = run(
        "play", "goofspiel", "--seed", "2", "--seat", "clubs=human", "--save", str(save), input=f"\n{hearts_bid}\n\nq\n"
    )
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to hearts" in r.stdout and "Pass the keyboard to clubs" in r.stdout
    return r.stdout.split("Pass the keyboard to clubs")[1].split("clubs >")[0]


def test_hot_seat_hides_each_players_secret_from_the_next(tmp_path):
    low, high = clubs_screen(tmp_path, 1), clubs_screen(tmp_path, 13)
    assert "Already committed (hidden): hearts" in low
    assert low == high  # clubs sees nothing of what hearts chose
