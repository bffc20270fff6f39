"""The player's guide of Imperial Elegy (GUIDE.md beside the rules, engine/guide.py): every
rule the game's log can cite lands in a section of it, and it has the sections a newcomer
needs (the sequence of play, how to win, the board's legend, the bots)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kriegsspiel.ai.bots import get as get_bot
from kriegsspiel.engine.rng import bot_random
from kriegsspiel.games import imperial_elegy, load

game = load("imperial-elegy")
MODULE = Path(imperial_elegy.__file__).parent

# (bot, seed, scenario): a few whole games, well under a second each. The random bots'
# 1870 game of seed 2 reaches a crisis and the outbreak of the Great War (§23).
GAMES = [
    ("heuristic", 0, None),
    ("heuristic", 4, "1870"),
    ("heuristic", 5, "1880"),
    ("random", 1, None),
    ("random", 2, "1870"),
]

SECTION = re.compile(r"\d{1,2}(?:\.\d+)+")  # a rulebook section as the code writes it: "18.6.1"


def play(bot: str, seed: int, scenario: str | None) -> dict:
    s = game.new(seed=seed, players=6, scenario=scenario)
    b = get_bot("imperial-elegy", bot)
    rngs = {role: bot_random(s, role) for role in s["roles"]}
    n = 0
    while not game.is_over(s):
        for role in game.active(s):
            s = game.apply(s, role, b(game.view(s, role), game.actions(s, role), rngs[role]))
            n += 1
        assert n <= game.max_decisions, f"{bot} game {seed} does not end"
    return s


@pytest.fixture(scope="module")
def games():
    return [play(*g) for g in GAMES]


@pytest.fixture(scope="module")
def guide():
    g = game.guide
    assert g is not None, "GUIDE.md is missing beside the rules"
    return g


def test_every_line_the_log_cites_links_to_the_guide(games):
    unplaced = {}
    cited = set()
    for s in games:
        for role in (None, *s["roles"]):  # the public lines and each power's own
            for line in game.log(s, role):
                if not line["rule"]:
                    continue
                cited.add(line["rule"])
                if line["guide"] is None:
                    unplaced.setdefault(line["rule"], line["text"])
    assert not unplaced, f"log citations with no guide section: {unplaced}"
    assert len(cited) > 80  # the games did exercise the rules


def log_rules() -> dict:
    """Every literal rule passed to ``log(s, text, rule)`` in the module's source
    (a constant, or either branch of a conditional), with where it is."""
    out: dict = {}
    for path in sorted(MODULE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "log"):
                continue
            rule = [k.value for k in node.keywords if k.arg == "rule"]
            arg = node.args[2] if len(node.args) >= 3 else (rule[0] if rule else None)
            values = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for v in values:
                if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value:
                    out.setdefault(v.value, f"{path.name}:{node.lineno}")
    return out


def section_strings() -> dict:
    """Every string constant of the module shaped like a rulebook section ("16.1.2"): the rules
    passed to ``log`` through a variable (eliminate(..., "5.3.2"), a victory's "rule", the
    broken-LoC queue) are among them."""
    out: dict = {}
    for path in sorted(MODULE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SECTION.fullmatch(node.value):
                if 1 <= int(node.value.split(".")[0]) <= 34:
                    out.setdefault(node.value, f"{path.name}:{node.lineno}")
    return out


def test_every_rule_the_source_logs_resolves(guide):
    rules = log_rules()
    assert len(rules) > 100, "the scan of log() calls found too little: has the code changed shape?"
    assert {"18.6.1", "16.1.4", "20.5", "12.11", "23.2"} <= set(rules)
    lost = {r: where for r, where in rules.items() if guide.find(r) is None}
    assert not lost, f"rules logged with no guide section: {lost}"
    assert guide.find("18.6.1").anchor == guide.find("18").anchor  # the longest matching prefix


def test_every_section_number_in_the_source_resolves(guide):
    rules = section_strings()
    assert {"5.3.2", "5.6.2", "16.1.2", "16.1.5"} <= set(rules)
    lost = {r: where for r, where in rules.items() if guide.find(r) is None}
    assert not lost, f"section numbers in the code with no guide section: {lost}"


def test_guide_sections_a_newcomer_needs(guide):
    titles = [s.title.lower() for s in guide.sections]
    for want in ("sequence of play", "how to win", "legend", "bots", "rulings", "options"):
        assert any(want in t for t in titles), f"no section on {want!r}"
    assert all(re.match(r"\d+\. ", s.title) for s in guide.sections if s.level == 2), "numbered headings"
    anchors = [s.anchor for s in guide.sections]
    assert len(anchors) == len(set(anchors))
    # the Great War has its section, the option that ends the game at its outbreak is explained
    text = guide.text
    assert "great war" in guide.find("27.5.2").title.lower() and "great war" in guide.find("31.0").title.lower()
    assert "no_great_war_turns" in text and "§34" in text
    # a log line opens the section of its rule
    assert "sequence of play" in guide.find("2.1").title.lower()
    assert "win" in guide.find("2.2.1").title.lower()
    assert "bots" in guide.find("34").title.lower()
    assert "rulings" in guide.find("W29").title.lower()
    # cites name rulebook sections only (§1-§34), each in one section
    numbers = [n for s in guide.sections for n in s.numbers]
    assert all(1 <= int(n.split(".")[0]) <= 34 for n in numbers)
    assert len(numbers) == len(set(numbers)), "a rule cited by two sections"


def test_guide_renders(guide):
    html = guide.html
    for s in guide.sections:
        assert f'id="{s.anchor}"' in html
    assert "<table>" in html and "cites:" not in html
    assert guide.section("18") and "Land battles" in guide.section("18")
