"""docs/RL.md describes the encodings as the code builds them."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

import kriegsspiel  # noqa: E402
from kriegsspiel.rl import encoding  # noqa: E402

DOC = (Path(__file__).resolve().parents[2] / "docs" / "RL.md").read_text()


@pytest.mark.parametrize(("game_id", "setup"), [("goofspiel", {}), ("first-world-war", {"players": 2})])
def test_the_observation_tables_match_the_encoding(game_id, setup):
    e = encoding(game_id, kriegsspiel.load(game_id).new(seed=0, **setup))
    for b in e.describe():
        row = f"| `{b['name']}` | {b['start']} | {b['length']} | {b['holds']} |"
        assert row in DOC, row


def test_the_first_world_war_action_ranges_match_the_enumeration():
    e = encoding("first-world-war", kriegsspiel.load("first-world-war").new(seed=0))
    assert len(e.actions) == 1981
    for first, last, sample in [
        (7, 17, {"offensive": 1}),
        (40, 842, {"place": "de-1", "front": 1}),
        (1790, 1826, {"marker": None}),
        (1935, 1980, {"occupy": "calais"}),
    ]:
        assert first <= e.index(sample) <= last
        assert f"| {first}-{last} |" in DOC
