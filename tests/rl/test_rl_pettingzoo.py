"""The games as PettingZoo environments: PettingZoo's own conformance tests, the
enumeration of actions, the observation (from the role's view only), rewards, shaping and
bad input."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

import kriegsspiel  # noqa: E402
from kriegsspiel.rl import encoding, env, parallel_env  # noqa: E402
from kriegsspiel.rl.encoding import key  # noqa: E402

SETUPS = [
    ("goofspiel", {}),
    ("goofspiel", {"players": 3, "scenario": "quick", "options": {"ties": "carry"}}),
    ("first-world-war", {"players": 2}),
    ("first-world-war", {"players": 3}),
    ("first-world-war", {"players": 4}),
    ("first-world-war", {"players": 2, "scenario": "historical", "options": {"war_plans": True}}),
    ("imperial-borders", {"players": 2}),
    ("imperial-borders", {"players": 6, "options": {"revolts": True, "trading": True, "call_to_arms": True}}),
    ("imperial-elegy", {}),
    ("imperial-elegy", {"scenario": "1880", "options": {"ru_bot": "normal"}}),
    ("over-there", {}),
    ("over-there", {"options": {"limited_intelligence": False, "incremental_odds": True}}),
]


@pytest.mark.parametrize(("game_id", "setup"), SETUPS)
def test_pettingzoo_api_and_seed_tests(game_id, setup):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on agent names and Dict spaces: ours are the roles
        api_test(env(game_id, **setup), num_cycles=300)
        seed_test(lambda: env(game_id, **setup), num_cycles=100)


def test_goofspiel_parallel_api():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env("goofspiel"), num_cycles=100)
        parallel_seed_test(lambda: parallel_env("goofspiel"))


def test_a_game_with_sequential_steps_has_no_parallel_environment():
    with pytest.raises(ValueError, match="use env"):
        parallel_env("first-world-war")


def play_random(game, s, rng, each):
    """Random legal play to the end, calling ``each(state, role, legal)`` before each move."""
    while not game.is_over(s):
        role = game.active(s)[0]
        legal = game.actions(s, role)
        each(s, role, legal)
        s = game.apply(s, role, legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize(("game_id", "setup"), SETUPS)
def test_every_legal_action_is_in_the_enumeration_and_observations_stay_in_their_box(game_id, setup):
    game = kriegsspiel.load(game_id)
    for seed in range(2):
        s = game.new(seed=seed, **setup)
        e = encoding(game_id, s)

        def check(s, role, legal, e=e):
            view = game.view(s, role, log=False)
            d = e.decision(legal, view)
            assert d.unnamed == 0 and len(d.paths) == len(legal)
            for tokens, action in d.paths.items():  # each action's tokens, taken in turn, give it back
                assert [d.take(t) for t in tokens] == [None] * (len(tokens) - 1) + [action]
            assert sorted(map(key, d.paths.values())) == sorted(map(key, legal))
            if not e.spelt:
                assert [e.actions[i] for i in np.flatnonzero(e.mask(legal))] == sorted(legal, key=e.index)
            x = e.observe(view)
            assert x.shape == (e.size,) and x.min() >= 0.0 and x.max() <= 1.0

        play_random(game, s, random.Random(seed), check)


# With limited intelligence off, Over There hides nothing: every counter is face up.
SECRETS = [(g, s) for g, s in SETUPS if (s.get("options") or {}).get("limited_intelligence") is not False]


@pytest.mark.parametrize(("game_id", "setup"), SECRETS)
def test_an_observation_never_changes_with_what_the_role_may_not_know(game_id, setup):
    """Plant secrets: the game's scramble draws again everything a role may not know
    (others' hands, face-down counters, the cups, bids not yet revealed). The role's
    observation and mask must not move."""
    game = kriegsspiel.load(game_id)
    s = game.new(seed=5, **setup)
    e = encoding(game_id, s)
    rng = random.Random(5)
    checked = 0

    def check(s, role, legal):
        nonlocal checked
        if checked >= 30 and rng.random() > 0.1:
            return
        view = game.view(s, role, log=False)
        base = e.observe(view)
        for _ in range(3):
            t = game.scramble(s, role, rng)
            if t is None:
                continue
            seen = game.view(t, role, log=False)
            assert np.array_equal(e.observe(seen), base)
            assert np.array_equal(e.mask(game.actions(t, role), seen), e.mask(legal, view))
            checked += 1

    play_random(game, s, random.Random(5), check)
    assert checked > 10


def test_a_sealed_bid_is_not_in_the_other_bidders_observation():
    game = kriegsspiel.load("goofspiel")
    s = game.new(seed=2)
    e = encoding("goofspiel", s)
    seen = set()
    for bid in game.actions(s, "hearts"):
        t = game.apply(game.clone(s), "hearts", bid)
        seen.add(e.observe(game.view(t, "clubs", log=False)).tobytes())
    assert len(seen) == 1


def test_rewards_at_the_end_from_the_result():
    e = env("first-world-war", players=2)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, done, cut, info = e.last()
        total[agent] += reward
        if done or cut:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    result = e.game.result(e.game_state)
    winners = set(result["winners"])
    assert winners, "a First World War game between random players ended with a winner"
    assert total == {a: (1.0 if a in winners else -1.0) for a in e.possible_agents}
    assert not e.agents


def test_shaping_pays_the_change_in_victory_points():
    e = env("first-world-war", players=4, shaping=0.5)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    paid = 0
    while e.agents:
        obs, _, done, cut, _ = e.last()
        if done or cut:
            e.step(None)
            continue
        before = dict(e.game_state["vp"])
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if e.game.is_over(e.game_state):
            break
        for a in e.agents:
            assert e.rewards[a] == pytest.approx(0.5 * (e.game_state["vp"][a] - before[a]))
        paid += any(e.rewards.values())
    assert paid > 0


def test_an_illegal_or_malformed_action_is_refused_and_changes_nothing():
    e = env("goofspiel")
    e.reset(seed=1)
    before = kriegsspiel.record(e.game_state)
    for bad in (-1, 13, 99, None):
        with pytest.raises(ValueError):
            e.step(bad)
    assert kriegsspiel.record(e.game_state) == before and e.agent_selection == "hearts"
    e.step(12)  # hearts bids the king
    e.step(0)  # clubs the ace
    after = kriegsspiel.record(e.game_state)
    assert e.agent_selection == "hearts" and e.last()[0]["action_mask"][12] == 0
    with pytest.raises(ValueError, match="not legal"):
        e.step(12)  # no king left
    assert kriegsspiel.record(e.game_state) == after


@pytest.mark.parametrize(
    ("game_id", "setup", "words"),
    [
        ("first-world-war", {"players": 2}, "ront"),
        ("imperial-borders", {"players": 2}, "Game Round 1"),
        ("imperial-elegy", {}, "Turn 1 (1850s)"),
        ("over-there", {}, "Aug II 14"),
    ],
)
def test_render_shows_the_spectators_board(game_id, setup, words):
    e = env(game_id, render_mode="ansi", **setup)
    e.reset(seed=1)
    text = e.render()
    assert words in text
    assert "human" in e.metadata["render_modes"]


def test_reset_without_a_seed_gives_different_games():
    e = env("goofspiel")
    prizes = set()
    for _ in range(8):
        e.reset()
        prizes.add(e.infos["hearts"]["view"]["board"]["prize"])
    assert len(prizes) > 1


def test_goofspiel_shaping_pays_the_points_won():
    e = env("goofspiel", shaping=0.1)
    e.reset(seed=6)
    e.step(12)  # hearts bids the king
    e.step(0)  # clubs the ace: hearts takes the prize
    prize = e.game_state["won"]["hearts"][0]
    assert e.rewards == {"hearts": pytest.approx(0.1 * prize), "clubs": 0.0}


@pytest.mark.parametrize("game_id", ["imperialism-1880"])
def test_a_game_without_an_encoding_says_so(game_id):
    with pytest.raises(NotImplementedError, match="no encoding for learning agents yet"):
        env(game_id)
