"""The games registered in OpenSpiel: its own random-simulation checks, the game types,
resampling an information state, and OpenSpiel's ISMCTS bot against our heuristic bots
through the registration."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from kriegsspiel.ai.bots import get  # noqa: E402
from kriegsspiel.rl import openspiel  # noqa: E402

openspiel.register()


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("kriegsspiel_goofspiel", {}),
        ("kriegsspiel_goofspiel", {"players": 3, "scenario": "quick", "options": '{"ties": "carry"}'}),
        ("kriegsspiel_first_world_war", {"players": 2}),
        ("kriegsspiel_first_world_war", {"players": 3}),
        ("kriegsspiel_first_world_war", {"players": 4}),
        ("kriegsspiel_imperial_borders", {"players": 2}),
        ("kriegsspiel_imperial_borders", {"players": 6, "options": '{"trading": true, "revolts": true}'}),
        ("kriegsspiel_imperial_elegy", {}),
        ("kriegsspiel_over_there", {}),
    ],
)
def test_openspiel_random_simulation(name, params):
    game = pyspiel.load_game(name, params)
    sims = 2 if "goofspiel" in name else 1  # a whole war: every view and tensor of each step checked
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_registering_again_is_harmless_and_the_names_are_listed():
    names = [
        "kriegsspiel_goofspiel",
        "kriegsspiel_first_world_war",
        "kriegsspiel_imperial_borders",
        "kriegsspiel_imperial_elegy",
        "kriegsspiel_over_there",
    ]
    assert openspiel.register() == names
    assert set(names) <= set(pyspiel.registered_names())


def test_the_game_type_says_what_the_game_is():
    game = pyspiel.load_game("kriegsspiel_first_world_war", {"players": 2})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.provides_observation_tensor and kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    assert game.num_players() == 4  # the four empires, whoever plays them
    assert game.num_distinct_actions() == len(game.encoding.actions)
    assert pyspiel.load_game("kriegsspiel_goofspiel", {"scenario": "quick"}).num_distinct_actions() == 7


def test_bad_options_are_a_clear_error():
    with pytest.raises(Exception, match="JSON"):
        pyspiel.load_game("kriegsspiel_goofspiel", {"options": "{not json"})


def test_a_seed_makes_a_run_repeatable():
    def first_prizes(seed):
        game = pyspiel.load_game("kriegsspiel_goofspiel", {"seed": seed})
        return [game.new_initial_state().s["prizes"][-1] for _ in range(6)]

    assert first_prizes(1) == first_prizes(1)
    assert len(set(first_prizes(1))) > 1  # each new game of a run is dealt anew


def test_observations_come_from_the_players_view():
    game = pyspiel.load_game("kriegsspiel_goofspiel")
    state = game.new_initial_state()
    obs = make_observation(game)
    before = {}
    for p in (0, 1):
        obs.set_from(state, p)
        before[p] = obs.tensor.copy()
    state.apply_action(12)  # hearts bids the king, face down
    obs.set_from(state, 1)
    assert np.array_equal(obs.tensor, before[1])  # clubs sees nothing of it
    assert "13" not in state.observation_string(1).split('"hands"')[0]


def first_world_war_after(moves):
    """A two-player First World War some random moves in (seeded)."""
    state = pyspiel.load_game("kriegsspiel_first_world_war", {"players": 2}).new_initial_state()
    rng = random.Random(0)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_resampling_keeps_what_the_player_knows_and_redraws_the_rest():
    state = first_world_war_after(120)
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(p, sampler) for _ in range(6)]
    for t in samples:
        assert t.information_state_string(p) == state.information_state_string(p)
        assert t.legal_actions() == state.legal_actions()
    hidden = {str(t.s["hands"]) + str(t.s["cups"]) for t in samples}
    assert len(hidden) > 1


def test_the_information_state_holds_all_the_player_has_seen():
    """Perfect recall: the information state string holds the player's whole log, not the
    view's last lines; the observation string, without recall, holds no log."""
    import json

    state = first_world_war_after(300)
    p = state.current_player()
    role = state._kg.roles[p]
    seen = state._kg.rules.log(state.s, role)
    assert len(seen) > 40
    assert json.loads(state.information_state_string(p))["log"] == json.loads(json.dumps(seen))
    assert not json.loads(state.observation_string(p)).get("log")


def test_a_spelt_action_survives_cloning_and_resampling_and_is_played_with_its_last_token():
    game = pyspiel.load_game("kriegsspiel_imperial_borders", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(2)
    while True:  # random play until a role begins an action of two tokens
        p = state.current_player()
        role = game.roles[p]
        view = game.rules.view(state.s, role, log=False)
        d = game.encoding.decision(game.rules.actions(state.s, role), view)
        longer = [t for t in d.paths if len(t) == 2]
        if longer:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    tokens = longer[0]
    steps = len(state.s["actions"])
    state.apply_action(tokens[0])
    assert state.current_player() == p and len(state.s["actions"]) == steps
    assert state.legal_actions() == sorted({t[1] for t in d.paths if t[0] == tokens[0]})
    copy = state.clone()
    sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for other in (copy, sample):
        assert other.legal_actions() == state.legal_actions()
        assert other.information_state_string(p) == state.information_state_string(p)
    assert f"{tokens[0]}" in state.information_state_string(p).split('"chosen"')[1][:40]
    state.apply_action(tokens[1])
    assert len(state.s["actions"]) == steps + 1 and list(state.s["actions"][-1]) == [role, d.paths[tokens[:2]]]


@pytest.mark.parametrize(("name", "params", "heuristic"), [("kriegsspiel_goofspiel", {}, "match")])
def test_openspiel_ismcts_plays_our_heuristic_bot_through_the_registration(name, params, heuristic):
    game = pyspiel.load_game(name, params)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    for seat in (0, 1):
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(1))
        state = game.new_initial_state()
        ours = get(game.rules.id, heuristic)
        rng = random.Random(seat)
        while not state.is_terminal():
            p = state.current_player()
            role = game.roles[p]
            if p == seat:
                action = bot.step(state)
            else:
                choice = ours(game.rules.view(state.s, role), game.rules.actions(state.s, role), rng)
                action = game.encoding.index(choice)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


class _Score(mcts.Evaluator):
    """Values a position by our game's own evaluation (no rollout to the end of a long game)."""

    def __init__(self, game):
        self.game = game

    def evaluate(self, state):
        rules = self.game.rules
        if state.is_terminal():
            return np.array(state.returns())
        scores = rules.evaluate(state.s) or {}
        return np.array([float(scores.get(r, 0.0)) for r in self.game.roles])

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def test_openspiel_ismcts_spells_imperial_borders_actions_against_our_heuristic_bot():
    """OpenSpiel's ISMCTS bot plays France's team a token at a time through the
    registration; our heuristic bot plays the rest, its choices spelt into tokens."""
    game = pyspiel.load_game("kriegsspiel_imperial_borders", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    bot = ismcts.ISMCTSBot(
        game,
        _Score(game),
        uct_c=2.0,
        max_simulations=6,
        random_state=np.random.RandomState(1),
        allow_inconsistent_action_sets=True,  # docs/RL.md: a sample redraws the others' secrets, not their memories
    )
    ours = get("imperial-borders", "heuristic")
    rng = random.Random(3)
    searched = played = 0
    while played < 120 and not state.is_terminal():
        p = state.current_player()
        role = game.roles[p]
        if state.s["teams"][role] == 0:
            token = bot.step(state)
            searched += 1
        else:
            if not state.chosen:
                view = game.rules.view(state.s, role)
                choice = ours(view, game.rules.actions(state.s, role), rng)
                paths = game.encoding.decision(game.rules.actions(state.s, role), view).paths
                pending = next(t for t, a in paths.items() if a == choice)
            token = pending[len(state.chosen)]
        assert token in state.legal_actions()
        before = len(state.s["actions"])
        state.apply_action(token)
        played += len(state.s["actions"]) - before
    assert searched > 10 and played == 120
