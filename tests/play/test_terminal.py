"""Terminal play as a player sees it: a TerminalGame driven by typed answers, its
screen recorded."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rich.console import Console
from terminaltools import Screen

from kriegsspiel.engine.records import read
from kriegsspiel.games import load
from kriegsspiel.games.imperial_elegy import text as elegy_text
from kriegsspiel.games.imperial_elegy.deck import deck
from kriegsspiel.play.cli import default_seats
from kriegsspiel.play.terminal import TerminalGame

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "first_world_war"))


def terminal(game_id, answers, tmp_path, seed=2, save=None, on_ask=None, **setup):
    state = load(game_id).new(seed=seed, **setup)
    screen = Screen(answers, on_ask)
    tg = TerminalGame(
        state, default_seats(state), save or tmp_path / "game.json", console=screen.console, ask=screen.ask
    )
    return tg, screen


def bids(state, role="hearts"):
    return [a for r, a in state["actions"] if r == role]


# ----- the player's guide ------------------------------------------------------------------


def test_question_mark_lists_the_commands_and_the_guides_contents(tmp_path):
    tg, screen = terminal("goofspiel", ["?", "q"], tmp_path)
    tg.run()
    help_text = screen.text.split("Hearts > ?")[1]
    for command in ("undo your last action", "show the whole board", "save and quit", "? 2.5"):
        assert command in help_text
    for title in ("1. Components", "2. A round", "3. The end"):
        assert title in help_text


@pytest.mark.parametrize(
    "query, expected",
    [("2.5", "Tied highest bids"), ("2", "Tied highest bids"), ("components", "ace (1) to king"), ("§3.1", "3.1")],
)
def test_question_mark_reads_a_section_by_rule_number_or_words(tmp_path, query, expected):
    tg, screen = terminal("goofspiel", [f"? {query}", "q"], tmp_path)
    tg.run()
    shown = screen.text.split(f"Hearts > ? {query}")[1]
    assert expected in shown
    assert "<!--" not in shown  # the guide's cites comments are not shown


def test_a_section_not_found_is_said(tmp_path):
    tg, screen = terminal("goofspiel", ["? zeppelins", "q"], tmp_path)
    tg.run()
    assert "Nothing in the guide for 'zeppelins'" in screen.text


def test_log_lines_show_the_citation_label_and_help_says_how_to_look_it_up(tmp_path):
    tg, screen = terminal("goofspiel", ["5", "q"], tmp_path)
    tg.run()
    assert "(§2.1) The " in screen.text and "(§2.4)" in screen.text
    assert "(2.1)" not in screen.text  # the raw rule string


def test_a_game_without_a_guide_says_so(tmp_path, monkeypatch):
    game = load("goofspiel")
    monkeypatch.setattr(game, "_guide", None)  # as a game with no GUIDE.md
    tg, screen = terminal("goofspiel", ["?", "? 2.5", "K", "q"], tmp_path)
    tg.run()
    assert "Goofspiel has no player's guide yet." in screen.text
    assert "has no player's guide yet: there is nothing to look up" in screen.text
    assert bids(tg.state) == [13]  # and play goes on


# ----- choosing actions ----------------------------------------------------------------------


def test_goofspiel_bids_are_typed_as_cards_in_every_round(tmp_path):
    """From round 2 the action numbers no longer match the cards: cards are typed."""
    tg, screen = terminal("goofspiel", ["K", "10", "bid 6", "1", "queen", "J", "12"], tmp_path)
    tg.run()
    assert bids(tg.state) == [13, 10, 6, 1, 12, 11]
    assert "   10  bid 10" in screen.text and "    K  bid K" in screen.text


def test_the_queen_is_q_and_quitting_is_quit(tmp_path):
    """Q bids the queen; q, where the queen could be meant, asks which."""
    tg, screen = terminal("goofspiel", ["q", "Q", "quit"], tmp_path)
    tg.run()
    assert bids(tg.state) == [12]
    assert "'q' is bid Q or the command quit: type Q for the one, quit for the other." in screen.text
    assert "Saved to" in screen.text


def test_a_card_already_played_is_not_an_action(tmp_path):
    tg, screen = terminal("goofspiel", ["K", "K", "13", "Q"], tmp_path)
    tg.run()
    assert bids(tg.state) == [13, 12]
    assert "Not an action: 'K'" in screen.text and "Not an action: '13'" in screen.text


def test_an_action_may_be_typed_as_its_label(tmp_path):
    game = load("imperial-elegy")
    start = game.new(seed=1)
    keep = next(a for a in game.actions(start, "ge") if game.label(a, start) == "keep your hand")
    tg, screen = terminal("imperial-elegy", ["Keep  your hand"], tmp_path, seed=1)
    tg.run()
    assert [a for r, a in tg.state["actions"] if r == "ge"] == [keep]


# ----- saving --------------------------------------------------------------------------------


def test_saving_where_it_cannot_be_written_says_so_and_play_goes_on(tmp_path):
    bad = tmp_path / "a-folder"
    bad.mkdir()
    good = tmp_path / "elsewhere" / "g.json"
    tg, screen = terminal("goofspiel", ["s", "K", "quit", "Q", f"s {good}", "quit"], tmp_path, save=bad)
    tg.run()
    assert f"Cannot save to {bad}: it is a folder." in screen.text
    assert "The game goes on: save it elsewhere with s FILE" in screen.text
    assert bids(tg.state) == [13, 12]  # the game was neither ended nor lost
    assert len(read(good)["actions"]) == 4 and f"Saved to {good}" in screen.text  # no bid of the bot's yet
    assert "Traceback" not in screen.text


def test_leaving_with_an_unwritable_save_path_saves_in_the_temporary_folder(tmp_path, monkeypatch):
    spare = tmp_path / "spare"
    spare.mkdir()
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(spare))
    (tmp_path / "afile").write_text("")
    tg, screen = terminal("goofspiel", ["K"], tmp_path, save=tmp_path / "afile" / "g.json")
    tg.run()  # the answers run out: EOF
    assert "is a file, not a folder" in screen.text
    assert len(read(spare / "g.json")["actions"]) == 2 and f"Saved to {spare / 'g.json'}" in screen.text


def test_a_bots_sealed_choice_is_never_in_the_game_at_a_persons_prompt(tmp_path):
    """Goofspiel's bids are sealed: the person bids first, so at every prompt of theirs the bot
    has bid no more often than they have, and a save made then holds no bid of the bot's to read."""
    seen = []
    tg, screen = terminal(
        "goofspiel",
        ["A", "2", "3", "s", "4"],
        tmp_path,
        on_ask=lambda p: seen.append((len(bids(tg.state)), len(bids(tg.state, "clubs")))),
    )
    tg.run()
    assert seen == [(n, n) for n in (0, 1, 2, 3, 3, 4)]  # the answers run out at the sixth prompt
    saved = read(tmp_path / "game.json")["actions"]  # saved on leaving there
    assert [r for r, _ in saved] == ["hearts", "clubs"] * 4


def test_hot_seat_erases_the_scrollback_before_the_next_player_looks(tmp_path):
    """Clearing the screen leaves what scrolled away: the keyboard passes only after the
    terminal's scrollback is erased too (ED 3), and that before the next player's prompt."""
    import io

    state = load("goofspiel").new(seed=2)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    answers = ["", "K", "", "quit"]
    tg = TerminalGame(
        state,
        {"hearts": "human", "clubs": "human"},
        tmp_path / "g.json",
        console=console,
        ask=lambda prompt: (console.print(prompt), answers.pop(0))[1],
    )
    tg.run()
    text = out.getvalue()
    first, second = text.index("Pass the keyboard to"), text.rindex("Pass the keyboard to")
    assert first < second and "Clubs" in text[second : second + 40]
    erase = "\x1b[2J\x1b[H\x1b[3J"
    assert text.count(erase) == 2  # once before each player's turn
    assert text.index(erase) < first and first < text.index(erase, first) < second
    assert "bid K" in text[first : text.index(erase, first)]  # hearts' board, then erased


# ----- names, the board, the log -------------------------------------------------------------


def test_roles_are_named_not_given_by_id(tmp_path):
    tg, screen = terminal("imperial-elegy", ["2", "q"], tmp_path, seed=1)
    tg.run()
    assert "you are Prussia" in screen.text and "Prussia[/] > " in screen.prompts[0]
    assert "you are ge" not in screen.text
    state = load("goofspiel").new(seed=2)
    screen = Screen(["", "A", "", "quit"])
    seats = {"hearts": "human", "clubs": "human"}  # at one keyboard: clubs is told hearts has bid
    TerminalGame(state, seats, tmp_path / "g.json", console=screen.console, ask=screen.ask).run()
    assert "Already committed (hidden): Hearts" in screen.text and "(hidden): hearts" not in screen.text


def test_a_large_board_table_is_drawn_again_only_when_it_changed_or_asked_for(tmp_path):
    """Imperial Elegy's map (a hundred lines) between two decisions that leave it as it was."""
    tg, screen = terminal("imperial-elegy", ["2", "m", "q"], tmp_path, seed=1)
    tg.run()
    first, second = screen.text.split("Prussia > 2")
    assert first.count("┃ Region ") == 1
    assert "Unchanged since you last saw it: The map (m: show the whole board)" in second
    before_m, after_m = second.split("Prussia > m")
    assert "┃ Region " not in before_m and "┃ Region " in after_m
    assert "Your hand" in before_m  # small parts are drawn at every decision


def test_the_log_shows_every_line_since_the_players_last_decision(tmp_path):
    """The First World War, two players: between the human's decisions the bots deploy
    and fight, and dice are rolled on the human's behalf. All of it since their last
    decision is shown, not only the last few lines; the player holds Germany and
    Austria-Hungary and reads the lines of both."""
    marks: list[int] = []
    holder = {}

    def note(prompt):
        marks.append(len(holder["tg"].state["log"]))

    tg, screen = terminal("first-world-war", ["1"] * 80, tmp_path, seed=3, on_ask=note, players=2)
    holder["tg"] = tg
    tg.run()
    text = " ".join(screen.text.split())
    assert "earlier lines since your last move" not in text
    assert max(b - a for a, b in zip(marks, marks[1:], strict=False)) > 8  # more than the old tail of 8
    game, whole = tg.game, tg.state["log"]
    shown = []
    for role in tg.humans:
        shown += game.log({**tg.state, "log": whole[: marks[-1]]}, role)
    for entry in shown:
        line = " ".join(f"({entry['cite']}) {entry['text']}".split())
        assert line in text, line
    rolls = [e["text"] for e in shown if "roll" in e["text"]]
    assert any(e.startswith(("Germany", "Austria-Hungary")) for e in rolls), rolls


def test_dummy_armies_removed_are_named_by_empire():
    from fww_support import DE, WA, clear, dummy, game, opening, put

    s = opening()
    clear(s, 1)
    put(s, "de-1", 1)
    put(s, "br-1", 1)
    dummy(s, WA, 1, 2)
    game.apply(s, DE, {"offensive": 1})
    assert "The Western Allies' 2 dummy armies are removed from Front 1." in [e["text"] for e in game.log(s)]


# ----- Imperial Elegy's cards ------------------------------------------------------------------


def elegy_view(seed=1, role="ge"):
    game = load("imperial-elegy")
    return game.view(game.new(seed=seed), role)


def test_the_hand_lists_each_card_with_its_cp_and_a_line_of_text(tmp_path):
    view = elegy_view()
    hand = view["board"]["powers"]["ge"]["hand"]
    tg, screen = terminal("imperial-elegy", ["q"], tmp_path, seed=1)
    tg.run()
    for i, cid in enumerate(hand, 1):
        card = elegy_text.card(cid)
        assert f"{i}. {card.title} ({card.cp} CP): {card.text[:30]}" in screen.text


def test_c_reads_a_card_of_the_hand_or_any_printed_card_by_title(tmp_path):
    view = elegy_view()
    first = elegy_text.card(view["board"]["powers"]["ge"]["hand"][0])
    tg, screen = terminal("imperial-elegy", ["c 1", "c otto von", "c 99", "c"], tmp_path, seed=1)
    tg.run()
    text = " ".join(screen.text.split())
    assert f"{first.title} — {first.cp} CP" in text
    bismarck = deck().by_title("Otto von Bismarck")
    assert "Otto von Bismarck — 4 CP" in text and " ".join(bismarck.options[0].text.split()) in text
    assert "Your hand has" in text


def test_c_never_reads_what_the_view_hides():
    """Another power's national goals are not readable, and reading a card by title
    says nothing of who holds it."""
    view = elegy_view(role="ge")
    d = deck()
    theirs = next(g for g in d.goals.values() if g.power == "UK")
    out = Console(record=True, width=120, color_system=None)
    out.print(elegy_text.read_card(view, theirs.title))
    assert f"No card called {theirs.title!r}" in out.export_text()
    uk_hand = load("imperial-elegy").new(seed=1)["powers"]["uk"]["hand"]
    title = elegy_text.card(uk_hand[0]).title
    readings = []
    for role in ("ge", "uk", None):  # not holding it, holding it, a spectator
        out = Console(record=True, width=120, color_system=None)
        out.print(elegy_text.read_card(elegy_view(role=role), title))
        readings.append(out.export_text())
    assert title in readings[0] and readings[0] == readings[1] == readings[2]
