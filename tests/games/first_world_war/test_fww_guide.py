"""The First World War's player's guide (GUIDE.md): every rule the game's log
cites lands in a section of the guide, and the guide has the sections a
newcomer needs (the sequence of play, how to win, the board's legend, the bots).

Whole games are played between the bots for 2, 3 and 4 players, with and
without the optional rules, and every log line of every game (the public log
and each empire's own) must link into the guide. The module's source is also
read for every rule number it could cite, so citations the bots never reach are
checked too."""

import ast
import random
import re
from pathlib import Path

import pytest

import kriegsspiel
from kriegsspiel.games import load
from kriegsspiel.games.first_world_war import board
from kriegsspiel.games.first_world_war.data import pack

game = load("first-world-war")
BOT = kriegsspiel.bot("first-world-war", "heuristic")
MODULE = Path(board.__file__).parent

GAMES = [
    (2, 1, {}),
    (2, 2, {"solitaire": True}),
    (2, 3, {"historical": True}),
    (3, 4, {}),
    (3, 5, {"no_axis_aggression": True}),
    (3, 6, {"variable_order": True}),
    (4, 7, {}),
    (4, 8, {"war_plans": True, "variable_order": True}),
    (4, 9, {"home_made_markers": False}),
]


def play(players, seed, options):
    options = dict(options)
    scenario = "historical" if options.pop("historical", False) else None
    kwargs = {"scenario": scenario} if scenario else {}
    s = game.new(seed=seed, players=players, options=options, **kwargs)
    rngs = {r: random.Random(f"{seed}:{r}") for r in s["roles"]}
    decisions = 0
    while not game.is_over(s):
        for role in game.active(s):
            game.apply(s, role, BOT(game.view(s, role), game.actions(s, role), rngs[role]))
            decisions += 1
        assert decisions <= game.max_decisions
    return s


@pytest.fixture(scope="module")
def guide():
    g = game.guide
    assert g is not None, "GUIDE.md is missing or unreadable"
    return g


@pytest.fixture(scope="module")
def finished():
    return [(players, seed, options, play(players, seed, options)) for players, seed, options in GAMES]


def section(guide, *words):
    """The text of the one level-2 section whose title holds all these words,
    its line breaks made spaces."""
    hits = [s for s in guide.sections if s.level == 2 and all(w.lower() in s.title.lower() for w in words)]
    assert len(hits) == 1, f"expected one section titled with {words}, found {[s.title for s in hits]}"
    return " ".join(guide.part(hits[0]).split())


def test_every_log_line_of_bot_games_links_into_the_guide(guide, finished):
    seen = set()
    for players, seed, options, s in finished:
        for role in (None, *board.EMPIRES):
            for line in game.log(s, role):
                if not line["rule"]:
                    continue
                seen.add(line["rule"])
                assert line["guide"] is not None, (
                    f"{players} players, seed {seed}, {options}: rule {line['rule']!r} "
                    f"of {line['text']!r} has no section in the guide"
                )
    # the games went far enough to cite the heart of the rules
    assert {"3.4", "3.5", "3.6", "4.3", "4.6", "9.0", "11.5"} <= seen


def cited_in_source():
    """Every rule number the module's code holds as a string ('4.6', '11.5')."""
    found = {}
    for path in sorted(MODULE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"\d+\.\d+", node.value):
                    found.setdefault(node.value, f"{path.name}:{node.lineno}")
    return found


def test_every_rule_the_code_can_cite_has_a_section(guide):
    found = cited_in_source()
    assert {"4.6", "8.0", "10.0", "6.5", "11.4"} <= set(found)
    missing = {rule: where for rule, where in found.items() if guide.find(rule) is None}
    assert not missing, f"rules cited in the code with no section in the guide: {missing}"


def test_the_guide_has_the_sections_a_newcomer_needs(guide):
    play_order = section(guide, "sequence of play")
    assert "Deployment Turn" in play_order and "Player Turn" in play_order
    win = section(guide, "how to win")
    assert "6 VP" in win and "1919" in win
    legend = section(guide, "board", "browser")
    for sign in ("replacement city", "victory city", "supply base", "front line", "dummy"):
        assert sign in legend, f"the board's legend does not explain {sign!r}"
    terminal = section(guide, "board", "terminal")
    assert "yours" in terminal and "replacement city" in terminal
    bots = section(guide, "bots")
    assert "solitaire" in bots.lower()
    for topic in (("players",), ("offensives",), ("events markers",), ("capitulation",), ("brest-litovsk",)):
        section(guide, *topic)
    rulings = section(guide, "rulings")
    assert "RULINGS.md" in rulings


def test_the_guide_names_what_the_data_pack_holds(guide):
    """The facts a reader relies on stay in step with the data pack."""
    p = pack()
    for n, front in p.fronts.items():
        assert f"{n} {front.name.removesuffix(' Front')}" in section(guide, "map"), f"Front {n} is not on the map"
    markers = section(guide, "events markers")
    for m in p.markers.values():
        if m.mandatory:
            assert m.title in markers, f"the mandatory marker {m.title} is not named"


def test_the_guide_renders_with_an_anchor_for_every_section(guide):
    html = guide.html
    for s in guide.sections:
        assert f'id="{s.anchor}"' in html
    assert "cites:" not in html and "<table>" in html
