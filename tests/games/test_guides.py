"""Every game has a player's guide (GUIDE.md beside its rules), every rule its
log can cite leads into it, and the server shows it."""

import ast
import sys
from pathlib import Path

import pytest

from kriegsspiel.games import MODULES, load


def cited_rules(game_id: str) -> set[str]:
    """Every rule the game's source passes to ``log`` as a literal."""
    package = Path(sys.modules[MODULES[game_id]].__file__).parent
    found = set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name != "log":
                continue
            rule = (
                node.args[2] if len(node.args) > 2 else next((k.value for k in node.keywords if k.arg == "rule"), None)
            )
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str) and rule.value:
                found.add(rule.value)
    return found


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_every_game_has_a_guide_a_newcomer_can_learn_from(game_id):
    guide = load(game_id).guide
    assert guide is not None, f"{game_id} has no GUIDE.md"
    titles = " | ".join(s.title.lower() for s in guide.sections)
    for topic in ("win", "board", "bot"):
        assert topic in titles, f"{game_id}'s guide has no section on {topic!r}: {titles}"
    assert "<!--" not in guide.html


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_every_rule_the_log_cites_leads_into_the_guide(game_id):
    game = load(game_id)
    rules = cited_rules(game_id)
    assert rules, f"found no citations in {game_id}'s source"
    lost = sorted(r for r in rules if game.guide.find(r) is None)
    assert not lost, f"{game_id}: citations with no section in GUIDE.md: {lost}"
