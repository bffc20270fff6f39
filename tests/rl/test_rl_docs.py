"""docs/RL.md describes the encodings as the code builds them."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

import kriegsspiel  # noqa: E402
from kriegsspiel.rl import encoding  # noqa: E402

DOC = (Path(__file__).resolve().parents[2] / "docs" / "RL.md").read_text()


@pytest.mark.parametrize(
    ("game_id", "setup"), [("goofspiel", {}), ("first-world-war", {"players": 2}), ("imperial-borders", {"players": 6})]
)
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


def test_the_imperial_borders_token_ranges_match_the_enumeration():
    e = encoding("imperial-borders", kriegsspiel.load("imperial-borders").new(seed=0, players=2))
    assert len(e.actions) == 10830 and e.size == 102578 and e.longest == 3
    index = {repr(a): i for i, a in enumerate(e.actions)}
    for first, last, a, b in [
        (0, 27, "undo", "allow"),
        (28, 1620, {"to": "ile-de-france"}, {"region": "black-sea"}),
        (1621, 1668, {"pool_with": "france"}, {"prize_to": "spain"}),
        (1669, 1682, {"give": "france"}, {"get": "force"}),
        (1683, 2243, {"seize": "ile-de-france"}, {"seize": "spain:63"}),
        (2244, 6467, {"ride": "france:0"}, {"next": "spain:63"}),
        (6468, 6979, {"bid": 0}, {"gold": 100}),
        (6980, 6985, {"block": "double"}, {"block": "second"}),
        (6986, 10829, {"buy+at": "buy", "value": "half-infantry"}, {"hit+as+target": "target", "value": "fort"}),
    ]:
        assert (index[repr(a)], index[repr(b)]) == (first, last)
        assert f"| {first}-{last} |" in DOC


def test_the_imperial_elegy_token_ranges_match_the_enumeration():
    e = encoding("imperial-elegy", kriegsspiel.load("imperial-elegy").new(seed=0))
    assert len(e.actions) == 1245 and e.size == 118950 and e.longest == 16
    index = {repr(a): i for i, a in enumerate(e.actions)}
    for first, last, a, b in [
        (0, 42, "pass", "remove-fort"),
        (43, 117, {"key": "accept"}, {"key": "manpower"}),
        (118, 651, {"value": "A"}, {"value": None}),
        (652, 1243, {"unit": "ge:0"}, {"unit": "rebel:7"}),
    ]:
        assert (index[repr(a)], index[repr(b)]) == (first, last)
        assert f"| {first}-{last} |" in DOC
    assert e.actions[1244] == {"end": True} and "| 1244 | `END` |" in DOC


def test_the_over_there_token_ranges_match_the_enumeration():
    e = encoding("over-there", kriegsspiel.load("over-there").new(seed=0))
    assert len(e.actions) == 691 and e.size == 55897
    index = {repr(a): i for i, a in enumerate(e.actions)}
    for first, last, a, b in [
        (0, 1, "pass", "done"),
        (2, 56, {"key": "activate"}, {"key": "withdraw_leader"}),
        (57, 689, {"value": "initial"}, {"value": None}),
    ]:
        assert (index[repr(a)], index[repr(b)]) == (first, last)
        assert f"| {first}-{last} |" in DOC
    assert e.actions[690] == {"end": True} and "| 690 | `END` |" in DOC
