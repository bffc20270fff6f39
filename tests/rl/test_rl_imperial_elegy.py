"""Imperial Elegy for learning agents: every action named, spelt key by key; units named
by slot; the other powers' hands kept out of the observation; every block written."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from rl_support import assert_secrets_unseen, empty_blocks  # noqa: E402

import kriegsspiel  # noqa: E402
from kriegsspiel.ai.bots import decide, get  # noqa: E402
from kriegsspiel.games.imperial_elegy.rl import unit_slots  # noqa: E402
from kriegsspiel.rl import encoding, env  # noqa: E402

GAME = kriegsspiel.load("imperial-elegy")


def test_slots_name_each_owners_units_oldest_first():
    units = {"u30": {"o": "ge"}, "u4": {"o": "ge"}, "u12": {"o": "serbia"}, "u100": {"o": "ge"}}
    assert unit_slots(units) == {"u4": "ge:0", "u30": "ge:1", "u100": "ge:2", "u12": "serbia:0"}


@pytest.mark.parametrize(("seed", "scenario", "bot"), [(0, "1850", "heuristic"), (1, "1880", "rulebook")])
def test_every_action_is_named_and_every_block_written(seed, scenario, bot):
    """A whole game with the game's own bots (a move in ten random): each legal action has
    tokens, and each block of the observation but ``chosen`` holds something at some point."""
    s = GAME.new(seed=seed, scenario=scenario)
    e = encoding("imperial-elegy", s)
    ever = np.zeros(e.size, bool)
    rng = random.Random(seed)
    player = get("imperial-elegy", bot)
    while not GAME.is_over(s):
        role = GAME.active(s)[0]
        legal = GAME.actions(s, role)
        view = GAME.view(s, role, log=False)
        d = e.decision(legal, view)
        assert d.unnamed == 0 and len(d.paths) == len(legal)
        ever |= e.observe(view) > 0
        s = GAME.apply(s, role, decide(GAME, player, s, role, rng) if rng.random() > 0.1 else rng.choice(legal))
    empty = empty_blocks(e, ever)
    allowed = {"chosen", "crisis", "build_box", "gone", "rights", "great_war", "italy"}  # some games never see them
    assert set(empty) <= allowed, empty


def test_the_other_powers_hands_are_not_in_the_observation():
    s = GAME.new(seed=3)
    rng = random.Random(3)
    bot = get("imperial-elegy", "heuristic")
    while not (s["phase"] == "action" and len(GAME.actions(s, GAME.active(s)[0])) > 3):
        role = GAME.active(s)[0]
        s = GAME.apply(s, role, decide(GAME, bot, s, role, rng))
    role = GAME.active(s)[0]
    others = [r for r in s["roles"] if r != role]

    def dealt_again(t, s):
        return any(t["powers"][r]["hand"] != s["powers"][r]["hand"] for r in others)

    assert_secrets_unseen(GAME, s, role, rng, dealt_again)


def test_an_action_of_several_keys_is_played_with_its_last_token():
    e = env("imperial-elegy")
    e.reset(seed=2)
    while True:
        agent = e.agent_selection
        paths = e._decision.paths
        if any(len(t) > 3 for t in paths):
            break
        for token in min(paths):
            e.step(token)
    tokens, action = next((t, a) for t, a in paths.items() if len(t) > 3)
    steps = len(e.game_state["actions"])
    for t in tokens[:-1]:
        e.step(t)
        assert e.agent_selection == agent and len(e.game_state["actions"]) == steps
    e.step(tokens[-1])
    assert list(e.game_state["actions"][-1]) == [agent, action]
