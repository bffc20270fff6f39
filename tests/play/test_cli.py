"""The command line of INTERFACE.md, end to end through Typer's runner."""

import json
import socket
import subprocess
import sys
from pathlib import Path

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


def test_bots_lists_each_games_bots_and_the_search():
    res = run("bots", "first-world-war", "--json")
    assert res.exit_code == 0
    assert json.loads(res.output) == ["random", "heuristic", "solitaire", "ismcts", "ismcts:0.2s", "ismcts:1s"]
    res = run("bots", "goofspiel")
    assert res.exit_code == 0 and "information-set MCTS" in res.output and "match" in res.output
    res = run("bots", "chess")
    assert res.exit_code == 2 and "no game 'chess'" in res.output


def test_new_writes_a_save_that_replays(tmp_path):
    path = tmp_path / "g.json"
    r = run("new", "goofspiel", "--seed", "5", "--option", "ties=carry", "--players", "3", "-o", str(path))
    assert r.exit_code == 0, r.output
    rec = read(path)
    assert rec["seed"] == 5 and rec["options"] == {"ties": "carry"} and rec["players"] == 3
    r = run("replay", str(path), "--verify")
    assert r.exit_code == 0 and "Verified" in r.stdout and "waiting for Hearts, Clubs, Spades" in r.stdout


def test_no_seed_of_a_game_still_played_is_shown_or_names_its_save(tmp_path, monkeypatch):
    """A game's seed tells its hidden cards and dice: neither `new`, nor `replay` of a game in
    progress, nor the name of a new game's save file shows it; a finished game's replay does."""
    seed = "987654321"
    path = tmp_path / "g.json"
    r = run("new", "goofspiel", "--seed", seed, "-o", str(path))
    assert r.exit_code == 0 and seed not in r.stdout
    r = run("replay", str(path))
    assert r.exit_code == 0 and "In progress" in r.stdout and seed not in r.stdout
    monkeypatch.chdir(tmp_path)
    r = run("play", "goofspiel", "--seed", seed, input="q\n")
    assert r.exit_code == 0, r.output
    (made,) = (tmp_path / "saves").iterdir()
    assert made.name.startswith("goofspiel-") and seed not in made.name and seed not in r.stdout
    r = run(
        "play", "goofspiel", "--seed", seed, "--scenario", "quick", "--save", str(path), input="A\n2\n3\n4\n5\n6\n7\n"
    )
    r = run("replay", str(path))
    assert r.exit_code == 0 and "Over." in r.stdout and f"seed {seed}" in r.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["new", "chess", "-o", "x.json"], "no game 'chess'"),
        (["new", "goofspiel", "--option", "ties", "-o", "x.json"], "KEY=VALUE"),
        (["new", "goofspiel", "--option", "ties=never", "-o", "x.json"], "one of discard, carry"),
        (["new", "goofspiel", "--players", "7", "-o", "x.json"], "2 or 3 players"),
        (["simulate", "goofspiel", "--games", "3", "--bots", "genius"], "no bot 'genius'"),
        (["play", "goofspiel", "--seat", "diamonds=human"], "no role 'diamonds'"),
        (["play", "chess"], "the games are: goofspiel, first-world-war"),
        (["new", "goofspiel", "-o", "/no/such/dir/x.json"], "cannot write /no/such/dir/x.json"),
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
    assert "20 games of Goofspiel" in r.stdout and "draws" in r.stdout


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
    r = run(
        "play", "goofspiel", "--seed", "2", "--scenario", "quick", "--save", str(save), input="A\n2\n3\n4\n5\n6\n7\n"
    )
    assert r.exit_code == 0, r.output
    assert "The game is over" in r.stdout and "Winners:" in r.stdout
    r = run("replay", str(save), "--verify")
    assert r.exit_code == 0 and "Over." in r.stdout


def test_quit_saves_and_play_resumes(tmp_path):
    save = tmp_path / "game.json"
    r = run("play", "goofspiel", "--seed", "2", "--save", str(save), input="3\n2\nq\n")
    assert r.exit_code == 0 and "Saved to" in r.stdout
    # two rounds of two bids; the bot bids the third round after the person, so not yet
    assert len(read(save)["actions"]) == 4
    r = run("play", str(save), input="q\n")
    assert r.exit_code == 0 and "bid A" in r.stdout


def clubs_screen(tmp_path, hearts_bid):
    """What clubs is shown after hearts has bid, at a shared keyboard."""
    save = tmp_path / f"hot{hearts_bid}.json"
    r = run(
        "play", "goofspiel", "--seed", "2", "--seat", "clubs=human", "--save", str(save), input=f"\n{hearts_bid}\n\nq\n"
    )
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to Hearts" in r.stdout and "Pass the keyboard to Clubs" in r.stdout
    return r.stdout.split("Pass the keyboard to Clubs")[1].split("Clubs >")[0]


def test_hot_seat_hides_each_players_secret_from_the_next(tmp_path):
    low, high = clubs_screen(tmp_path, 1), clubs_screen(tmp_path, 13)
    assert "Already committed (hidden): Hearts" in low
    assert low == high  # clubs sees nothing of what hearts chose


def test_games_lists_roles_with_names_players_scenarios_and_options():
    r = run("games")
    assert r.exit_code == 0, r.output
    text = " ".join(r.stdout.split())
    assert "hearts (Hearts), clubs (Clubs), spades (Spades)" in text
    assert "2: Germany + Austria-Hungary | Western Allies + Russia" in text  # who holds which roles
    assert "quick: Quick (ace to seven)" in text
    assert "ties=discard|carry: Tied bids (default discard)" in text  # the option's title and its help
    assert "carry it to the next round" in text
    assert "ge (Prussia)" in text and "no_great_war_turns=false|true" in text
    # fewer players than roles: the listing says who holds what (it read "1: one role each")
    assert "1: the player holds Britain; bots the other roles" in text


def test_new_refuses_a_folder_or_a_file_in_the_way(tmp_path):
    (tmp_path / "afile").write_text("")
    for target, why in ((tmp_path / "afile" / "x.json", "is a file, not a folder"), (tmp_path, "it is a folder")):
        r = run("new", "goofspiel", "-o", str(target))
        assert r.exit_code == 2 and why in r.output and "Traceback" not in r.output


def test_play_refuses_a_save_path_it_cannot_write(tmp_path):
    r = run("play", "goofspiel", "--save", str(tmp_path), input="q\n")
    assert r.exit_code == 2 and "cannot save to" in r.output and "it is a folder" in r.output


def test_play_names_the_roles(tmp_path):
    r = run("play", "imperial-elegy", "--seed", "1", "--save", str(tmp_path / "g.json"), input="q\n")
    assert r.exit_code == 0, r.output
    assert "Seats: Prussia (you), Britain (bot heuristic)" in r.stdout
    assert "you are Prussia" in r.stdout and "Prussia > " in r.stdout
    assert "you are ge" not in r.stdout and "ge >" not in r.stdout


def test_simulate_lists_only_the_roles_in_play():
    r = run("simulate", "goofspiel", "--games", "10", "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert list(summary["wins"]) == ["hearts", "clubs"] and summary["shared"] == 0
    r = run("simulate", "goofspiel", "--games", "10")
    assert "Hearts" in r.stdout and "Spades" not in r.stdout and "more than 100%" not in r.stdout


def test_simulate_says_why_shares_pass_100_percent():
    """In a two-player First World War each side is two empires: every win is shared."""
    r = run("simulate", "first-world-war", "--games", "2", "--players", "2")
    assert r.exit_code == 0, r.output
    text = " ".join(r.stdout.split())
    assert "2 of the games were won by several roles together" in text
    assert "a shared win counts for each of its winners" in text


def serve(*args) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "kriegsspiel"
    return subprocess.run([str(exe), "serve", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("port", ["99999", "0", "-1"])
def test_serve_refuses_a_port_out_of_range(port, tmp_path):
    r = serve("--port", port, "--db", f"sqlite:///{tmp_path}/k.sqlite")
    assert r.returncode == 2
    assert "--port must be from 1 to 65535" in r.stderr and "being served" not in r.stdout


def test_serve_refuses_a_port_in_use(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = serve("--port", str(port), "--db", f"sqlite:///{tmp_path}/k.sqlite")
    assert r.returncode == 2
    assert f"port {port} is in use" in " ".join(r.stderr.split()) and "being served" not in r.stdout


def test_play_imperial_elegy_against_five_rulebook_bots_in_the_terminal(tmp_path):
    """A seat the rulebook bot takes plays by §34's bot rules (RULINGS_BOTS P1); the person
    plays Prussia at the keyboard."""
    save = tmp_path / "ie.json"
    seats = [a for p in ("uk", "fr", "au", "ru", "ot") for a in ("--seat", f"{p}=rulebook")]
    r = run("play", "imperial-elegy", "--seed", "3", *seats, "--save", str(save), input="q\n")
    assert r.exit_code == 0 and "Saved to" in r.stdout
    assert "Prussia (you), Britain (bot rulebook)" in " ".join(r.stdout.split())
    options = read(save)["options"]
    assert options["ge_bot"] == "no" and all(options[f"{p}_bot"] == "normal" for p in ("uk", "fr", "au", "ru", "ot"))
