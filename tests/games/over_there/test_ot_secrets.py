"""Over There: what a move into contact shows cannot be taken back (ruling O1)."""

from __future__ import annotations

import random

import kriegsspiel
from kriegsspiel.games.over_there.rules import _in_sight, _more_in_sight

G = kriegsspiel.load("over-there")


def test_o1_an_action_that_brings_an_enemy_counter_into_sight_cannot_be_undone():
    """Ruling O1: a side sees the enemy's counters and Res Pts only in contact. A move that brings
    a hex into sight has shown what is there (or that nothing is), to the mover or to the enemy it
    came next to: neither may take it back."""
    sightings = 0
    for seed in range(1, 4):
        s = G.new(seed=seed)
        assert s["options"]["limited_intelligence"]
        pick = random.Random(seed)
        while not G.is_over(s) and len(s["actions"]) < 400:
            role = pick.choice(G.active(s))
            before = _in_sight(s)
            s = G.apply(s, role, pick.choice(G.actions(s, role)))
            if _more_in_sight(before, _in_sight(s)):
                sightings += 1
                assert not any(G.can_undo(s, side) for side in s["roles"]), (seed, len(s["actions"]))
    assert sightings >= 5
