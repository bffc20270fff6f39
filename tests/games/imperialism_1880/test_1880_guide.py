"""The players' guide (GUIDE.md): every heading says which citations it explains, every
citation the game's log can produce lands in a section, and the log's words carry no
citation of their own (the citation is the line's rule)."""

import random
import re
from pathlib import Path

import pytest
from console_support import game

import kriegsspiel
from kriegsspiel.engine.guide import Guide

MODULE = Path(kriegsspiel.games.imperialism_1880.__file__).parent
CITATION = re.compile(r"\b[LRC]\d+\b")


def test_every_heading_of_the_guide_names_what_it_cites():
    text = (MODULE / "GUIDE.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(("## ", "### ")):
            assert lines[i + 1].startswith("<!-- cites: "), line
    guide = Guide(text)
    assert "cites:" not in guide.text and len(guide.sections) >= 12


def test_every_rule_the_module_logs_has_a_section():
    """Statically: every rule string the module's code passes to the log ("L58", "R13") is
    explained by a section of the guide."""
    rules = set()
    for path in MODULE.glob("*.py"):
        rules |= set(re.findall(r'"([LRC]\d+)"', path.read_text(encoding="utf-8")))
    rules -= {"R3"}  # the ETI ledger's opening line, not a line of the log
    missing = sorted(r for r in rules if game.guide.find(r) is None)
    assert missing == []


def bot_campaign(seed, players):
    bot = kriegsspiel.bot("imperialism-1880", "heuristic")
    s = game.new(seed=seed, players=players, options={"great_war_eti": 50})
    rng = random.Random(seed)
    while not game.is_over(s):
        role = rng.choice(game.active(s))
        s = game.apply(s, role, bot(game.view(s, role), game.actions(s, role), rng))
    return s


def random_campaign(seed):
    """Random legal actions at every seat, the referee's included: rare entries too."""
    s = game.new(seed=seed, players=9, options={"great_war_eti": 0})
    rng = random.Random(seed)
    while not game.is_over(s):
        role = rng.choice(game.active(s))
        acts = game.actions(s, role)
        s = game.apply(s, role, acts[rng.randrange(len(acts))])
    return s


@pytest.fixture(scope="module")
def campaigns():
    return [bot_campaign(4, 9), bot_campaign(5, 1), random_campaign(6), random_campaign(7)]


def test_every_log_line_of_played_campaigns_links_into_the_guide(campaigns):
    seen = set()
    for s in campaigns:
        for role in (None, "referee", "britain", "japan"):
            for line in game.log(s, role):
                assert line["guide"] is not None, line
                seen.add(line["rule"])
    assert {"L58", "L156", "L916", "R35", "R36", "R37", "R38", "R39", "L242"} <= seen


def test_the_log_s_words_carry_no_citation(campaigns):
    for s in campaigns:
        for entry in s["log"]:
            assert not CITATION.search(entry[1]), entry
