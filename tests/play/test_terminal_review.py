"""Terminal play as a newcomer meets it: taking an action back, the whole log of a player of
several roles, resuming a game (at a shared keyboard, or with flags that cannot apply), writing
a note in one's own words, and keys typed ahead at a shared keyboard."""

from __future__ import annotations

import shlex

import pytest
from terminaltools import Screen
from typer.testing import CliRunner

from kriegsspiel.engine.records import read
from kriegsspiel.games import load
from kriegsspiel.play.cli import app, default_seats
from kriegsspiel.play.terminal import TerminalGame


def terminal(game_id, answers, tmp_path, seats=None, seed=1, **setup):
    state = load(game_id).new(seed=seed, **setup)
    screen = Screen(answers, width=200)
    chosen = {**default_seats(state), **(seats or {})}
    tg = TerminalGame(state, chosen, tmp_path / "game.json", console=screen.console, ask=screen.ask)
    return tg, screen


# ----- undo ------------------------------------------------------------------------------------


def test_nothing_to_undo_names_no_role_id(tmp_path):
    """`u` with nothing to take back says so in words, not "ge has nothing to undo now"."""
    tg, screen = terminal("imperial-elegy", ["u"], tmp_path)
    tg.run()
    assert "ge has nothing to undo" not in screen.words
    assert "Nothing to undo now" in screen.words
    assert tg.state["actions"] == []


def test_undo_in_a_draft_points_to_the_games_own_way_back(tmp_path):
    """Imperial Borders' secret set-up is a draft: `u` cannot take a step back there, but the
    game's own action "undo the last step" can, and `u` says which number it is."""
    tg, screen = terminal("imperial-borders", ["1", "u"], tmp_path)
    tg.run()
    assert "france has nothing to undo" not in screen.words
    assert "To go back a step here, type 14 (undo the last step)." in screen.words
    tg, screen = terminal("imperial-borders", ["1", "u", "14"], tmp_path)
    tg.run()
    assert tg.game.actions(tg.state, "france") == tg.game.actions(load("imperial-borders").new(seed=1), "france")


def test_undo_still_takes_back_an_action(tmp_path):
    tg, screen = terminal("first-world-war", ["1", "u"], tmp_path, seed=3)
    tg.run()
    assert tg.state["actions"] == []


# ----- the log ---------------------------------------------------------------------------------


def test_the_whole_log_holds_every_line_of_each_of_the_players_roles(tmp_path):
    """The First World War for two: one player holds Germany and Austria-Hungary. At
    Germany's prompt `l` shows Austria-Hungary's own lines (which army went where) as the
    recent log did, and never to the other side at one keyboard."""
    tg, screen = terminal("first-world-war", ["1"] * 12 + ["l"], tmp_path, seed=3, players=2)
    tg.run()
    before, whole = screen.words.rsplit("Germany > l", 1)
    assert "(Austro-Hungarian 1st Army on Front 5)" in before
    assert "(Austro-Hungarian 1st Army on Front 5)" in whole
    seats = {"western-allies": "human", "russia": "human"}
    tg, screen = terminal("first-world-war", [""] + ["1"] * 12 + ["", "l"], tmp_path, seats=seats, seed=3, players=2)
    tg.run()
    whole = screen.words.rsplit("Russia > l", 1)[1]
    assert "Russia deploys" in whole or "Russia has" in whole
    assert "Austro-Hungarian 1st Army" not in whole


# ----- resuming ---------------------------------------------------------------------------------


def test_the_resume_command_keeps_a_friend_at_the_keyboard(tmp_path):
    """A save holds no seats: the command shown on leaving a hot-seat game must seat the
    second person again, not hand their side to a bot."""
    tg, screen = terminal("goofspiel", ["", "K", "", "quit"], tmp_path, seats={"clubs": "human"})
    tg.run()
    assert f"Resume with: kriegsspiel play {tmp_path / 'game.json'} --seat clubs=human" in screen.words
    tg, screen = terminal("goofspiel", ["quit"], tmp_path, seats={"clubs": "random"})
    tg.run()
    assert "--seat clubs=random" in screen.words
    tg, screen = terminal("goofspiel", ["quit"], tmp_path)  # the seats play sets by itself: nothing to add
    tg.run()
    assert f"Resume with: kriegsspiel play {tmp_path / 'game.json'} Saved" not in screen.words
    assert "--seat" not in screen.words


def test_the_resume_command_shown_resumes_the_hot_seat_game(tmp_path):
    runner = CliRunner()
    save = tmp_path / "my games" / "hot.json"
    r = runner.invoke(
        app, ["play", "goofspiel", "--seed", "2", "--seat", "clubs=human", "--save", str(save)], input="\nK\n\nquit\n"
    )
    assert r.exit_code == 0, r.output
    line = " ".join(r.stdout.split()).split("Resume with: ")[1].split(" The save")[0]
    words = shlex.split(line)
    assert words[:3] == ["kriegsspiel", "play", str(save)]
    r = runner.invoke(app, words[1:], input="\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Clubs (you)" in r.stdout and "bot" not in r.stdout.split("\n")[0]


def test_set_up_flags_with_a_save_file_are_refused_not_ignored(tmp_path):
    """`kriegsspiel play SAVE --players 3` cannot make the saved game one of three: said,
    rather than the game going on as if the flag had been taken."""
    runner = CliRunner()
    save = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "goofspiel", "--seed", "2", "--save", str(save)], input="q\n")
    assert r.exit_code == 0, r.output
    before = save.read_text()
    for flags, named in (
        (["--players", "3"], "--players sets up a new game"),
        (["--seed", "0"], "--seed sets up a new game"),
        (["--scenario", "quick", "--option", "ties=carry"], "--scenario, --option set up a new game"),
    ):
        r = runner.invoke(app, ["play", str(save), *flags], input="q\n")
        assert r.exit_code == 2 and named in " ".join(r.output.split()), r.output
    assert save.read_text() == before
    r = runner.invoke(app, ["play", str(save), "--seat", "clubs=random"], input="q\n")
    assert r.exit_code == 0 and "Clubs (bot random)" in r.stdout


# ----- words of one's own ---------------------------------------------------------------------


def test_a_note_to_the_referee_may_be_written_in_ones_own_words(tmp_path):
    """Imperialism 1880's prompt for a note says "Any words of your own may be written too":
    the terminal takes them; a number that is no action is still refused."""
    tg, screen = terminal("imperialism-1880", ["11", "42", "Please pass our offer to France"], tmp_path)
    tg.run()
    assert "Not an action: '42'" in screen.words
    items = tg.state["orders"]["britain"]["items"]
    assert [(i["kind"], i["text"]) for i in items] == [("note", "Please pass our offer to France")]
    assert "You write: note: Please pass our offer to France." in screen.words


def test_words_no_action_takes_are_still_refused(tmp_path):
    tg, screen = terminal("imperialism-1880", ["1", "Atlantis"], tmp_path)
    tg.run()
    assert "Not an action: 'Atlantis'" in screen.words
    assert tg.state["orders"]["britain"]["items"] == []


# ----- typing ahead at a shared keyboard -----------------------------------------------------


def _read_until(master: int, text: str, seconds: float) -> tuple[str, bool]:
    """What the terminal shows until ``text`` appears (escape codes left out), or ``seconds`` pass."""
    import os
    import re
    import select
    import time

    raw = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", raw.decode(errors="replace"))
        if text in shown:
            return shown, True
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            raw += chunk
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", raw.decode(errors="replace")), False


def test_keys_typed_ahead_neither_pass_the_keyboard_nor_move_for_the_next_player(tmp_path):
    """At one keyboard, hearts bids K, presses Enter once too often and types A: the extra
    Enter must not show clubs' screen while hearts is still at the keyboard, and the A must
    not be clubs' bid. What was typed ahead is dropped when the keyboard is passed."""
    import os
    import subprocess
    import sys

    pty = pytest.importorskip("pty")
    save = tmp_path / "hot.json"
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm", "NO_COLOR": "1"}
    code = "from kriegsspiel.play.cli import main; main()"
    args = ["play", "goofspiel", "--seed", "2", "--seat", "clubs=human", "--save", str(save)]
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
    )
    os.close(slave)
    try:
        assert _read_until(master, "Pass the keyboard to Hearts", 60)[1]
        os.write(master, b"\n")
        assert _read_until(master, "Hearts >", 30)[1]
        os.write(master, b"K\n\nA\n")  # all at once, before the game reads the first line
        shown, passed = _read_until(master, "Pass the keyboard to Clubs", 30)
        assert passed
        shown, reached = _read_until(master, "Clubs >", 1.5)
        assert not reached, shown  # still waiting for clubs to say they are at the keyboard
        os.write(master, b"\n")
        assert _read_until(master, "Clubs >", 30)[1]
        os.write(master, b"quit\n")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert read(save)["actions"] == [["hearts", 13]]  # clubs has not bid


def test_imperial_borders_set_up_shows_your_own_plotted_positions_and_no_one_elses():
    """L283-292, L285: while a nation plots its starting positions, the terminal showed none of
    them (the board named them only once all were committed), and "undo the last step" did not
    say what it would take back. The board lists the seat's own so far; another's view has none."""
    from rich.console import Console

    from kriegsspiel.games.imperial_borders import text

    game = load("imperial-borders")
    s = game.new(seed=3, players=6)
    for action in ({"land": "aquitaine"}, {"land": "aquitaine"}, {"land": "ile-de-france"}):
        game.apply(s, "france", action)
    game.apply(s, "austria", next(a for a in game.actions(s, "austria") if isinstance(a, dict)))
    mine = game.view(s, "france")["board"]
    assert mine["plotting"] == [["land", "aquitaine"], ["land", "aquitaine"], ["land", "ile-de-france"]]
    assert len(game.view(s, "austria")["board"]["plotting"]) == 1
    console = Console(width=160, record=True)
    console.print(text.board(game.view(s, "france")))
    shown = console.export_text()
    assert (
        "Your starting positions so far (secret until placed): Aquitaine 2 Land Units; Île-de-France 1 Land Unit"
        in shown
    )
    assert "plotting" not in game.view(s, None)["board"]


def test_imperial_borders_battle_in_progress_is_told_in_words():
    """L565-700: the terminal printed the battle in progress as the raw record ({'region':
    'port-bordeaux', 'pool': {...}} with counter ids); it tells where, the round, each side's
    nations, its Forces in the line, its Battle Stance and roll."""
    import random

    from rich.console import Console

    from kriegsspiel.games.imperial_borders import text

    game = load("imperial-borders")
    s = game.new(seed=11)
    pick = random.Random(11)
    for _ in range(3000):
        role = game.active(s)[0]
        battle = game.view(s, role)["board"].get("battle")
        if battle and battle["round"] >= 1 and battle["lines"]["a"] and battle["rolls"]["a"]:
            break
        legal = game.actions(s, role)
        game.apply(s, role, legal[pick.randrange(len(legal))])
    else:
        raise AssertionError("no battle reached")
    console = Console(width=160, record=True)
    console.print(text.board(game.view(s, role)))
    shown = console.export_text()
    assert "Battle in Port of Bordeaux, Battle Round 1" in shown
    assert "Attacker: Spain; in the line: " in shown and "Defender: France; in the line: " in shown
    assert "rolled " in shown and "'pool'" not in shown and "sp-12" not in shown


def test_the_first_world_wars_terminal_tells_holders_and_markers_in_words():
    """The terminal without colour (a pipe, or NO_COLOR): who holds each city was told by colour
    alone, so "Germany occupies Antwerp" changed nothing on the page; an events marker was its
    name alone, and the others' hands (5.2: their number and how many are mandatory) were not told."""
    from rich.console import Console

    from kriegsspiel.games.first_world_war import text

    game = load("first-world-war")
    s = game.new(seed=5)
    s["owner"]["antwerp"] = "germany"
    s["hands"]["germany"] = ["falkenhayn", "axis-atrocity"]
    s["hands"]["russia"] = ["axis-atrocity"]
    console = Console(width=160, record=True, no_color=True)
    console.print(text.board(game.view(s, "germany")))
    shown = console.export_text()
    assert "Calais*(WA) Ypres(WA) Antwerp(DE) Köln(DE)" in shown
    assert "Falkenhayn (+2, attack, any lead); Axis Atrocity (-1, attack, German lead, mandatory)" in shown
    assert "Markers held by the others: WA 0, RU 1 (1 mandatory)" in shown


def test_the_referee_refuses_a_request_in_its_own_words(tmp_path):
    """Imperialism 1880's guide (3.4): the referee may refuse a request "with a reason: the
    console offers its own beside the plain refusal ..., or the referee types one". The terminal
    took no words: "Not an action". Now "N words" is order N with the referee's reason (R37)."""
    from kriegsspiel.games.imperialism_1880 import orders

    game = load("imperialism-1880")
    s = game.new(seed=3, players=1)
    game.apply(s, "britain", {"request": "note"})
    game.apply(s, "britain", {"text": "Let us have Egypt"})
    while s["stack"][-1].get("state") != "entries":
        state = s["stack"][-1]["state"]
        if state == "orders":
            for power in game.active(s):
                game.apply(s, power, orders.SUBMIT)
        elif state == "minor_activity":
            game.apply(s, "referee", {"effect": "none"})
        else:
            game.apply(s, "referee", "continue")
    item = s["orders"]["britain"]["items"][0]
    legal = game.actions(s, "referee")
    n = legal.index({"refuse": item["id"]}) + 1
    screen = Screen([f"{n} not while the Khedive rules", "q"], width=200)
    seats = {r: "human" if r == "referee" else game.bot_for(s, r) for r in s["roles"]}
    tg = TerminalGame(s, seats, tmp_path / "game.json", console=screen.console, ask=screen.ask)
    tg.run()
    assert item["status"] == "refused" and item["why"] == "not while the Khedive rules"
    assert "Not an action" not in screen.words


def test_the_end_screens_count_no_turn_beyond_the_last():
    """The end screens read "game turn 5 of 4" (Over There) and "Turn 8 (1910s), over phase"
    (Imperial Elegy, a campaign of 7 turns): the turn counter had moved past the last turn."""
    from rich.console import Console

    from kriegsspiel.games.imperial_elegy import text as ie_text
    from kriegsspiel.games.over_there import text as ot_text

    view = load("over-there").view(load("over-there").new(seed=1), "entente")
    view["board"]["turn_index"] = view["board"]["turns"]
    assert "the game is over, its 4 game turns played" in ot_text.header(view).plain
    ie = load("imperial-elegy")
    view = ie.view(ie.new(seed=1), "ge")
    view["board"].update(turn=8, phase="over")
    console = Console(width=200, record=True)
    console.print(ie_text.board(view))
    assert "Turn 7 (1910s), the campaign is over." in console.export_text()


def test_imperial_elegys_prompts_say_what_a_choice_is_for_in_words():
    """The review of the terminal: "Choose a power" after Bread Riots, with nothing to say the
    power chosen loses stability; "Build a free ec"; "Play a response or combat card now
    (war-maneuver)?"; "Event box: berlin conference in effect"."""
    from kriegsspiel.games.imperial_elegy import effects, events
    from kriegsspiel.games.imperial_elegy.world import UNIT_WORDS

    bread_riots = {"verb": "stability", "power": "chosen", "amount": -1}
    assert effects.chosen_prompt({"card": "bread-riots"}, bread_riots, "power") == (
        "Bread Riots: choose the power that loses 1 stability."
    )
    assert UNIT_WORDS["ec"] == "Elite Corps"
    assert events.ResponseState().prompt({}, {"trigger": "war-maneuver"}, "ge") == (
        "Play a response or combat card now, at the war's Maneuver Step?"
    )
    game = load("imperial-elegy")
    s = game.new(seed=1)
    events.h_flag(s, {}, {"flag": "berlin-conference", "verb": "set-flag"})
    assert s["log"][-1][1] == "Event box: Berlin Conference in effect."
