"""Imperial Borders for learning agents: forces named by slot, actions spelt in tokens one
step at a time, and secret orders kept out of the other nations' observations."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from rl_support import assert_secrets_unseen, empty_blocks  # noqa: E402

import kriegsspiel  # noqa: E402
from kriegsspiel.ai.bots import decide, get  # noqa: E402
from kriegsspiel.games.imperial_borders.data import pack  # noqa: E402
from kriegsspiel.games.imperial_borders.rl import SLOTS, force_slots  # noqa: E402
from kriegsspiel.rl import encoding, env  # noqa: E402

GAME = kriegsspiel.load("imperial-borders")


def block(e, name):
    b = next(b for b in e.describe() if b["name"] == name)
    return b["start"], b["length"]


def play_until(s, wanted, seed=0, limit=3000):
    """Heuristic play until ``wanted(state, role, legal)`` is true for the role to act."""
    rng = random.Random(seed)
    bot = get("imperial-borders", "heuristic")
    for _ in range(limit):
        for role in GAME.active(s):
            legal = GAME.actions(s, role)
            if wanted(s, role, legal):
                return s, role, legal
            s = GAME.apply(s, role, decide(GAME, bot, s, role, rng))
    raise AssertionError("the position was not reached")


def test_slots_name_each_nations_forces_oldest_first():
    forces = {
        "fr-12": {"nation": "france"},
        "fr-3": {"nation": "france"},
        "gb-7": {"nation": "great-britain"},
        "fr-100": {"nation": "france"},
    }
    assert force_slots(forces) == {
        "fr-3": "france:0",
        "fr-12": "france:1",
        "fr-100": "france:2",
        "gb-7": "great-britain:0",
    }


def test_a_two_part_action_is_chosen_a_token_at_a_time():
    e = env("imperial-borders", players=2)
    e.reset(seed=3)
    # play the heuristic's moves until a legal action has two parts
    rng = random.Random(3)
    bot = get("imperial-borders", "heuristic")
    while True:
        agent = e.agent_selection
        info = e.infos[agent]
        if any(type(a) is dict and len(a) == 2 for a in info["legal"]):
            break
        choice = decide(GAME, bot, e.game_state, agent, rng)
        tokens = next(t for t, a in e._decision.paths.items() if a == choice)
        for t in tokens:
            e.step(t)
    two = next(a for a in info["legal"] if type(a) is dict and len(a) == 2)
    tokens = next(t for t, a in e._decision.paths.items() if a == two)
    assert len(tokens) == 2
    start, length = block(e.encoding, "chosen")
    before = kriegsspiel.record(e.game_state)
    e.step(tokens[0])
    # the same agent goes on; the game has not moved; the first token is marked as chosen
    assert e.agent_selection == agent and kriegsspiel.record(e.game_state) == before
    obs = e.observe(agent)
    assert np.flatnonzero(obs["observation"][start : start + length]).tolist() == [tokens[0]]
    assert e.infos[agent]["chosen"] == [tokens[0]]
    # the mask offers only what completes an action begun so
    completes = {t[1] for t in e._decision.paths if t[0] == tokens[0]}
    assert set(np.flatnonzero(obs["action_mask"])) == completes
    wrong = next(i for i in range(len(e.encoding.actions)) if i not in completes)
    with pytest.raises(ValueError, match="not legal"):
        e.step(wrong)
    assert kriegsspiel.record(e.game_state) == before and e.agent_selection == agent
    e.step(tokens[1])
    assert list(e.game_state["actions"][-1]) == [agent, two]
    assert not any(e.observe(agent)["observation"][start : start + length])


def test_a_force_token_names_the_force_the_observation_shows_in_that_slot():
    s = GAME.new(seed=1, players=2)

    def loading(s, role, legal):
        return any(type(a) is dict and "load" in a for a in legal)

    s, role, legal = play_until(s, loading, seed=1)
    e = encoding("imperial-borders", s)
    view = GAME.view(s, role, log=False)
    d = e.decision(legal, view)
    load = next(a for a in legal if type(a) is dict and "load" in a)
    tokens = next(t for t, a in d.paths.items() if a == load)
    slot = e.actions[tokens[0]]["value"]  # "nation:i"
    nation, i = slot.split(":")
    assert force_slots(view["board"]["forces"])[load["load"]] == slot
    force = view["board"]["forces"][load["load"]]
    p = pack()
    row = 1 + len(p.units) + 1 + 1 + len(p.regions) + 1 + 3
    start, _ = block(e, "forces")
    nations = list(view["roles"])
    at = start + (nations.index(nation) * SLOTS + int(i)) * row
    x = e.observe(view)
    assert x[at] == 1.0  # present
    assert x[at + 1 + list(p.units).index(force["type"])] == 1.0
    assert x[at + 1 + len(p.units) + 2 + list(p.regions).index(force["at"])] == 1.0


def test_secret_orders_are_not_in_the_other_nations_observations():
    s = GAME.new(seed=4, players=6)

    def plotted(s, role, legal):
        others = [o for n, plotted in s["orders"].items() if n != role for o in plotted]
        return s["phase"] == "orders" and sum(len(o["path"]) for o in others) > 12

    s, role, _ = play_until(s, plotted, seed=4)
    assert_secrets_unseen(GAME, s, role, random.Random(4), lambda t, s: t["orders"] != s["orders"])


def test_the_enumeration_is_the_same_in_every_game_so_set_up():
    a = encoding("imperial-borders", GAME.new(seed=0, players=2))
    b = encoding("imperial-borders", GAME.new(seed=9, players=2))
    assert a.actions == b.actions and a.size == b.size and a.longest == 3


def test_every_block_of_the_observation_is_written_in_play():
    """Games of random play, with the optional rules and with Neutrals: each block but
    ``chosen`` (written while an action is spelt) holds something at some point. Random play
    fights few battles in some games, so games are played until every block has been written,
    eight at most."""
    ever = None
    configs = [(2, {"two_player_neutrals": True})] + [(6, {"revolts": True, "trading": True, "call_to_arms": True})] * 7
    for seed, (players, options) in enumerate(configs):
        s = GAME.new(seed=seed, players=players, options=options)
        e = encoding("imperial-borders", s)
        ever = np.zeros(e.size, bool) if ever is None else ever
        rng = random.Random(seed)
        while not GAME.is_over(s):
            role = GAME.active(s)[0]
            ever |= e.observe(GAME.view(s, role, log=False)) > 0
            legal = GAME.actions(s, role)
            s = GAME.apply(s, role, legal[rng.randrange(len(legal))])
        if seed and empty_blocks(e, ever) == ["chosen"]:
            break
    empty = empty_blocks(e, ever)
    assert empty == ["chosen"]
