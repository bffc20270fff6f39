"""The First World War: illegal actions raise kriegsspiel.IllegalAction and
leave the state exactly as it was (docs/ENGINE.md, "Legality"), for the rules
each action would break."""

import pytest
from fww_support import (
    AH,
    DE,
    RU,
    WA,
    at,
    clear,
    drive,
    dummy,
    dump,
    game,
    hand,
    opening,
    position,
    put,
    special_dice,
    top,
)

import kriegsspiel


def deploy_1914():
    return game.new(seed=4, players=4)  # Austria-Hungary deploys AH1 first


def dummies_only_1914():
    s = deploy_1914()
    drive(s, lambda s: at(s, "deploy", AH) and not top(s)["queue"])
    return s


def only_a_dummy_on_4():
    s = opening()
    clear(s, 4)
    dummy(s, DE, 4)
    return s


def railway_from_1():
    s = opening()
    game.apply(s, DE, {"railway": 1})
    return s


def transfer_from_1():
    s = opening()
    game.apply(s, DE, {"transfer": 1})
    return s


def battle(step):
    s = opening()
    clear(s, 1)
    put(s, "de-1", 1)
    put(s, "br-1", 1)
    hand(s, DE, "big-bertha", "interior-lines")
    hand(s, WA, "machine-guns")
    hand(s, RU)
    hand(s, AH)
    game.apply(s, DE, {"offensive": 1})
    if step == "lead":
        return s
    game.apply(s, DE, {"lead": "de-1"})
    if step == "defence":
        return s
    game.apply(s, WA, {"lead": "br-1"})
    if step == "committed":
        game.apply(s, DE, {"marker": "big-bertha"})
    return s


def garrison_2_1914():
    s = position(year=1, turn=1)
    clear(s, 1)
    put(s, "de-1", 1)
    return s


def game_over():
    s = position(year=6, turn=4, role=AH)
    game.apply(s, AH, "pass")
    assert game.is_over(s)
    return s


CASES = {
    # rule 3.4: only the role whose turn it is acts
    "another role acts out of turn (3.4)": (opening, WA, "pass"),
    "a role not in the game": (opening, "prussia", "pass"),
    # 3.6 and 4.1
    "offensive where it has only a dummy (4.1)": (only_a_dummy_on_4, DE, {"offensive": 4}),
    "offensive with the front as text": (opening, DE, {"offensive": "1"}),
    "offensive with the front as true": (opening, DE, {"offensive": True}),
    "offensive on a front number that does not exist": (opening, DE, {"offensive": 12}),
    "offensive in the Italian Theatre before 1916 (3.5)": (lambda: position(role=AH), AH, {"offensive": 5}),
    "railway from a front where it has nothing (3.6)": (opening, DE, {"railway": 6}),
    "two actions at once (3.6)": (opening, DE, {"offensive": 1, "railway": 1}),
    "an action the game does not know": (opening, DE, {"fly": 1}),
    "no action at all": (opening, DE, None),
    # 3.5 deployment
    "deploy an Austro-Hungarian army on Front 1 (3.5, App. C)": (deploy_1914, AH, {"place": "ah-1", "front": 1}),
    "deploy an army that is not waiting to deploy": (deploy_1914, AH, {"place": "ah-99", "front": 9}),
    "deploy a counter named by a number": (deploy_1914, AH, {"place": 2, "front": 9}),
    "deploy another empire's army": (deploy_1914, AH, {"place": "de-1", "front": 9}),
    "stop before all six dummies are placed in 1/1914 (3.1)": (dummies_only_1914, AH, "done"),
    "deploy a dummy where its empire may not go (R4)": (dummies_only_1914, AH, {"place": "dummy", "front": 7}),
    # 3.6 movement
    "railway movement to a non-adjacent front (3.6)": (railway_from_1, DE, {"move": "de-1", "to": 3}),
    "move a counter onto its own front": (railway_from_1, DE, {"move": "de-1", "to": 1}),
    "move an enemy army (7.1)": (railway_from_1, DE, {"move": "br-1", "to": 2}),
    "strategic transfer to an adjacent front (3.6)": (transfer_from_1, DE, {"move": "de-1", "to": 2}),
    "move a German army to Front 5 before 1916 (3.5)": (transfer_from_1, DE, {"move": "de-1", "to": 5}),
    "move the last counter off a garrison front (6.4)": (garrison_2_1914, DE, {"transfer": 1}),
    # 4.3-4.4
    "lead with an army not on the front (4.3)": (lambda: battle("lead"), DE, {"lead": "de-5"}),
    "lead with the enemy's army (4.3)": (lambda: battle("lead"), DE, {"lead": "br-1"}),
    "the defender leads before the attacker (4.3)": (lambda: battle("lead"), WA, {"lead": "br-1"}),
    "commit a marker not in hand (4.4)": (lambda: battle("commit"), DE, {"marker": "falkenhayn"}),
    "commit a defence marker in attack (5.1)": (lambda: battle("commit"), DE, {"marker": "interior-lines"}),
    "commit the enemy's marker (5.1)": (lambda: battle("commit"), WA, {"marker": "big-bertha"}),
    "commit twice (4.4)": (lambda: battle("committed"), DE, {"marker": None}),
    "commit the marker as a bare id": (lambda: battle("commit"), DE, "big-bertha"),
    # 10.0, 5.2
    "accept a treaty nobody offered (10.0)": (opening, RU, "accept"),
    "act when the game is over": (game_over, AH, "pass"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_illegal_actions_raise_and_change_nothing(name):
    """docs/ENGINE.md: an illegal action raises IllegalAction and the state is
    untouched (compared as sorted JSON)."""
    build, role, action = CASES[name]
    s = build()
    before = dump(s)
    with pytest.raises(kriegsspiel.IllegalAction):
        game.apply(s, role, action)
    assert dump(s) == before


def test_a_legal_action_after_a_refusal_still_works():
    """The refusal left the game playable: the same role's legal action goes through."""
    s = opening()
    with pytest.raises(kriegsspiel.IllegalAction):
        game.apply(s, DE, {"offensive": 12})
    game.apply(s, DE, "pass")
    assert game.active(s) == [WA]


def test_5_2_a_mandatory_marker_may_not_be_put_back():
    """5.2 (rulebook L248): only a non-mandatory marker may be put back to make
    room for a new one."""
    s = opening()
    clear(s, 1)
    put(s, "de-1", 1)
    put(s, "br-1", 1)
    hand(s, DE, "axis-atrocity", "big-bertha", "falkenhayn")
    hand(s, WA)
    with special_dice(s, 0, 4):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert game.active(s) == [DE]  # an empty hand is not asked: its count is public (5.3)
        game.apply(s, DE, {"marker": None})
        game.apply(s, DE, "draw")
        assert at(s, "put_back", DE)
        before = dump(s)
        with pytest.raises(kriegsspiel.IllegalAction):
            game.apply(s, DE, {"put_back": "axis-atrocity"})
        assert dump(s) == before
