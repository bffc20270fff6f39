"""Over There for learning agents: every action named, spelt key by key; enemy counters
out of contact kept out of the observation; every block written."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from rl_support import assert_secrets_unseen, empty_blocks  # noqa: E402

import kriegsspiel  # noqa: E402
from kriegsspiel.ai.bots import decide, get  # noqa: E402
from kriegsspiel.rl import encoding  # noqa: E402

GAME = kriegsspiel.load("over-there")


@pytest.mark.parametrize(
    ("seed", "options"),
    [(0, {}), (1, {"incremental_odds": True, "river_movement": True}), (2, {"limited_intelligence": False})],
)
def test_every_action_is_named_and_every_block_written(seed, options):
    """A whole scenario with the heuristic bot (a move in five random): each legal action has
    tokens, and each block but ``chosen`` holds something at some point."""
    s = GAME.new(seed=seed, options=options)
    e = encoding("over-there", s)
    ever = np.zeros(e.size, bool)
    rng = random.Random(seed)
    bot = get("over-there", "heuristic")
    while not GAME.is_over(s):
        role = GAME.active(s)[0]
        legal = GAME.actions(s, role)
        view = GAME.view(s, role, log=False)
        d = e.decision(legal, view)
        assert d.unnamed == 0 and len(d.paths) == len(legal)
        x = e.observe(view)
        assert x.min() >= 0.0 and x.max() <= 1.0
        ever |= x > 0
        s = GAME.apply(s, role, decide(GAME, bot, s, role, rng) if rng.random() > 0.2 else rng.choice(legal))
    empty = empty_blocks(e, ever)
    allowed = {"chosen", "works", "markers", "res", "eliminated", "hidden"}  # some games never see them
    assert set(empty) <= allowed, empty
    if options.get("limited_intelligence", True):
        assert "hidden" not in empty


def test_enemy_counters_out_of_contact_are_not_in_the_observation():
    s = GAME.new(seed=4)
    rng = random.Random(4)
    bot = get("over-there", "heuristic")
    for _ in range(40):
        role = GAME.active(s)[0]
        s = GAME.apply(s, role, decide(GAME, bot, s, role, rng))
    role = GAME.active(s)[0]

    def moved(t, s):
        return any(t["units"][u]["hex"] != s["units"][u]["hex"] for u in s["units"])

    assert_secrets_unseen(GAME, s, role, rng, moved)


def test_a_strategic_rail_move_is_spelt():
    """7A3: a move by strategic rail ({"to": hex, "by": "strat"}) had no token for "strat": the
    encoding could not name the Russians' strategic rail moves once the game offered them."""
    s = GAME.new(seed=0)
    e = encoding("over-there", s)
    view = GAME.view(s, "entente", log=False)
    legal = [{"to": "0812", "by": "strat"}, {"to": "1016", "by": "rail"}]
    d = e.decision(legal, view)
    assert d.unnamed == 0 and len(d.paths) == len(legal)
