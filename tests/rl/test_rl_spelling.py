"""Actions spelt key by key (``rl.encoding.Spelling``): every action has its own tokens,
no action's tokens begin another's, and what the vocabulary lacks is not named."""

from __future__ import annotations

import itertools

import pytest

pytest.importorskip("numpy")

from kriegsspiel.rl.encoding import Spelling  # noqa: E402

SPELLING = Spelling(
    words=["pass", "done"],
    keys=["do", "to", "unit", "full", "level", "option", "propose", "minor", "order"],
    values=["ef", "army", "albania", "serbia", "concede", "realignment", "ge", "au", "ot", 1, 2, True, False],
    slots=["ge:0", "ge:1"],
)
UNITS = {"u7": "ge:0", "u12": "ge:1"}
ACTIONS = [
    "pass",
    "done",
    {"do": "ef", "to": "albania"},
    {"do": "ef", "to": "albania", "unit": "u7"},
    {"do": "ef", "to": "albania", "unit": "u12"},
    {"do": "ef", "to": "albania", "unit": "u12", "full": True},
    {"do": "army", "level": 1},
    {"do": "army", "level": True},  # True is not 1
    {"propose": "concede", "option": {"option": "realignment", "minor": "serbia"}},
    {"propose": "concede"},
    {"order": ["ge", "au"]},
    {"order": ["ge", "au", "ot"]},
    {"order": ["au", "ge"]},
]


def test_each_action_has_its_own_tokens_and_none_begins_another():
    spelt = [SPELLING.spell(a, UNITS) for a in ACTIONS]
    assert None not in spelt
    assert len(set(spelt)) == len(spelt)
    for a, b in itertools.permutations(spelt, 2):
        assert a != b[: len(a)], (a, b)


def test_the_tokens_read_as_the_action():
    tokens = SPELLING.tokens
    spelt = SPELLING.spell({"do": "ef", "to": "albania", "unit": "u12"}, UNITS)
    assert [tokens[i] for i in spelt] == [
        {"key": "do"},
        {"value": "ef"},
        {"key": "to"},
        {"value": "albania"},
        {"key": "unit"},
        {"unit": "ge:1"},
        Spelling.END,
    ]
    assert [tokens[i] for i in SPELLING.spell("done", UNITS)] == ["done"]


@pytest.mark.parametrize(
    "action",
    [
        "retreat",  # a word it does not know
        {"do": "fleet"},  # a value it does not know
        {"verb": "ef"},  # a key it does not know
        {"do": "ef", "unit": "u99"},  # a unit with no slot is an unknown value
        {"do": 1.5},
        ["do"],
        None,
    ],
)
def test_what_the_vocabulary_lacks_is_not_named(action):
    assert SPELLING.spell(action, UNITS) is None


def test_a_choice_with_nothing_the_enumeration_can_name_is_refused():
    from kriegsspiel.rl.encoding import Encoding

    e = Encoding(
        actions=SPELLING.tokens,
        blocks=[],
        observe_view=lambda view, w: None,
        spell=SPELLING.spell,
        context=lambda view: UNITS,
    )
    assert e.decision(["pass", "retreat"], {}).unnamed == 1  # one of two named: offered
    with pytest.raises(ValueError, match="none of the 1 legal actions"):
        e.decision(["retreat"], {})
    assert e.decision([], {}).tokens() == []  # nothing to choose (the game is over): no error
