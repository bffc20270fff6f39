"""Imperial Borders' player's guide (GUIDE.md): every rule the game's log cites
(rulebook lines, "L707") links to a section of the guide, and the guide has the
sections a newcomer looks for."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import kriegsspiel
from kriegsspiel.ai.bots import get as get_bot
from kriegsspiel.engine.rng import bot_random
from kriegsspiel.games import imperial_borders

GAME = "imperial-borders"
rules = kriegsspiel.load(GAME)
guide = rules.guide
PACKAGE = Path(imperial_borders.__file__).parent

OPTIONAL = {"revolts": True, "trading": True, "sweden_portugal": True, "call_to_arms": True, "balance_of_power": True}

# (players, scenario, options, seed, bots): 6 and 2 players, the optional rules off and
# on, both 2-player seatings, the heuristic bots, the random bot (which tries what the
# heuristic never does: trades, odd orders, hopeless battles) and a mix of the two.
GAMES = [
    (6, "historical", {}, 1, "heuristic"),
    (6, "standard", OPTIONAL, 2, "heuristic"),
    (6, "standard", OPTIONAL, 7, "random"),
    (6, "historical", OPTIONAL, 8, "mixed"),
    (2, "historical", OPTIONAL, 3, "heuristic"),
    (2, "standard", {}, 6, "heuristic"),
    (2, "standard", {"two_player_neutrals": True}, 4, "heuristic"),
    (2, "historical", {**OPTIONAL, "two_player_neutrals": True}, 5, "random"),
]


def game_id(g) -> str:
    players, scenario, options, seed, bots = g
    return f"{players}p-{scenario}-{'options' if len(options) > 1 else 'plain'}-{bots}-seed{seed}"


def bot_name(bots: str, role: str, roles: list[str]) -> str:
    if bots == "mixed":
        return "random" if role == roles[0] else "heuristic"
    return bots


@pytest.fixture(scope="module", params=GAMES, ids=[game_id(g) for g in GAMES])
def played(request):
    """A whole game between bots, played to its end."""
    players, scenario, options, seed, bots = request.param
    s = rules.new(seed=seed, players=players, scenario=scenario, options=dict(options))
    seats = {r: get_bot(GAME, bot_name(bots, r, s["roles"])) for r in s["roles"]}
    rngs = {r: bot_random(s, r) for r in s["roles"]}
    n = 0
    while not rules.is_over(s):
        for role in rules.active(s):
            action = seats[role](rules.view(s, role), rules.actions(s, role), rngs[role])
            s = rules.apply(s, role, action)
            n += 1
        assert n <= rules.max_decisions, "the game does not end"
    return s


def test_every_logged_rule_links_to_a_guide_section(played):
    """Every log line that cites a rule, public or seen by one nation only, links to a
    section of the guide, shown by the section's title (without its number)."""
    anchors = {sec.anchor: sec for sec in guide.sections}
    html = guide.html
    lines = 0
    for role in (None, *played["roles"]):
        for line in rules.log(played, role):
            if not line["rule"]:
                continue
            lines += 1
            assert line["guide"] is not None, f"no guide section for {line['rule']!r}: {line['text']}"
            sec = anchors[line["guide"]]
            assert f'id="{sec.anchor}"' in html
            assert line["cite"] == re.sub(r"^[\d.]+\s*", "", sec.title)
            assert line["cite"] and not line["cite"][0].isdigit()
    assert lines > 100


def cited_in_code() -> dict[str, str]:
    """Every rulebook citation written in the module's code ("L707", "L703, L713"),
    with where it is written: each could end up in the log."""
    pattern = re.compile(r"L\d+(?:\s*[-,]\s*L?\d+)*")
    out = {}
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and pattern.fullmatch(node.value.strip()):
                out.setdefault(node.value, f"{path.name}:{node.lineno}")
    return out


def test_every_citation_in_the_code_links_to_a_guide_section():
    """Citations the bots may never reach (a rare dismissal, a sinking, a refused trade)
    link to a section too."""
    cited = cited_in_code()
    assert len(cited) > 80
    missing = {rule: where for rule, where in cited.items() if guide.find(rule) is None}
    assert not missing


def test_citations_land_in_the_section_that_explains_them():
    """The narrowest range wins: a few citations and the chapters they belong to."""
    expected = {
        "L241": "Diplomacy and permissions",
        "L316": "The Game Round",
        "L451": "Land Unit Movement",
        "L491": "Cargo",
        "L506": "Phase 3: Establish Turn Order",
        "L512": "Phase 4: On the March",
        "L518": "Review Orders",
        "L548": "Executing Orders and Arrow Tags",
        "L554": "Special Movement",
        "L565": "Initiating a Battle",
        "L587": "Pre-Battle",
        "L643": "Wage Battle: Rounds, Stances and Dice",
        "L681": "Assigning Hits",
        "L703, L713": "Damage and Out-of-Action Ships",
        "L744": "Post-Battle",
        "L790": "Phase 5: Attempt Annexations",
        "L820": "Phase 6: On Parade",
        "L833": "The Medals",
        "L848": "The Congress of Vienna",
        "L862": "How to win (Final Scoring)",
        "L887": "Phase 7: Muster Forces",
        "L989": "Revolts",
        "L999": "Trading Tangibles",
        "L1010": "Sweden and Portugal",
        "L1014": "Call to Arms",
        "L1018": "Balance of Power",
    }
    for rule, title in expected.items():
        assert guide.cite(rule)["cite"] == title, rule


def section(words: str):
    return next((s for s in guide.sections if words.lower() in s.title.lower()), None)


def test_the_guide_has_the_sections_a_newcomer_needs():
    """The sequence of play, how to win, the board's legend, the bots, the rulings, the
    player counts and the optional rules the module offers; the numbered chapters in order."""
    for words in (
        "The Game Round",
        "How to win",
        "Reading the board",
        "In the browser",
        "In the terminal",
        "The bots",
        "Rulings",
        "Nations, players",
        "Optional rules",
        "Battles",
    ):
        assert section(words) is not None, words
    round_ = guide.part(section("The Game Round"))
    for phase in ("Collect Taxes", "Plot Secret Orders", "Establish Turn Order", "On the March"):
        assert phase in round_
    for phase in ("Attempt Annexations", "On Parade", "Muster Forces"):
        assert phase in round_
    options = guide.part(section("Optional rules"))
    for option in rules.options:
        if option != "two_player_neutrals":
            assert f"`{option}`" in options, option
    assert "`two_player_neutrals`" in guide.part(section("Nations, players"))
    bots = guide.part(section("The bots"))
    for name in rules.bots:
        assert name in bots
    numbers = [s.title.split(" ", 1)[0].rstrip(".") for s in guide.sections if s.level == 2]
    assert numbers == [str(i) for i in range(1, len(numbers) + 1)]


def test_the_guide_renders_with_an_anchor_for_every_heading():
    html = guide.html
    assert html.count("<h2 ") + html.count("<h3 ") + html.count("<h1 ") == len(guide.sections)
    for sec in guide.sections:
        assert f'id="{sec.anchor}"' in html
    assert "<!--" not in html and "cites:" not in html
    assert html.count("<table>") >= 5
