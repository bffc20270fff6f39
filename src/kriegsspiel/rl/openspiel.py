"""The games registered as OpenSpiel Python games.

``register()`` registers every game that has an encoding (``games/<game>/rl.py``) under
``kriegsspiel_<id>`` (dashes become underscores), after which
``pyspiel.load_game("kriegsspiel_first_world_war", {"players": 2})`` works. Parameters:
``players`` (how many people play; 0 for the game's default), ``scenario`` and
``options`` (a JSON object) as the game's own, and ``seed``: the game draws each new
game's seed from a generator seeded with it, so a run is repeatable.

What the game type says, and why:
- OpenSpiel players are the game's roles, in its order (The First World War has four
  empires whether two, three or four people play them). Utility: general sum; returns at
  the end: +1 for each winner, -1 for each loser, 0 for all when nobody or everybody wins.
- Sequential, imperfect information: at a simultaneous step the roles act one after
  another, and none sees another's choice before the reveal (what OpenSpiel's own
  turn-based conversion of a simultaneous game does).
- Chance is sampled: the dice come from the generator in the game's state, so there are
  no chance nodes.
- Observations (string and tensor) come from the player's view alone; the
  information state is the view with its log (all that player has seen and done), as a
  string. There is no information-state tensor: the fixed-size vector of a view does not
  tell every history apart.
- Where a game spells its actions in tokens (Imperial Borders, Imperial Elegy, Over There),
  OpenSpiel's actions are the tokens: the same player moves until its action is spelt, and
  the observation and information-state strings carry the tokens it has chosen.
- ``resample_from_infostate`` draws again what the player may not know (the game's
  ``scramble``, with new dice), so OpenSpiel's ISMCTS bot can search these games.
"""

from __future__ import annotations

import json
import random

import numpy as np
import orjson
import pyspiel

from .. import catalog
from ..ai.ismcts import determinize
from ..games import load
from .encoding import Encoding, encoding, final_rewards, start

PREFIX = "kriegsspiel_"
# the games with an encoding
GAMES = ("goofspiel", "first-world-war", "imperial-borders", "imperial-elegy", "over-there")


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def register() -> list[str]:
    """Register every game with an encoding (again is harmless); their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for game_id in GAMES:
        name = short_name(game_id)
        if name not in known:
            kind = _game_type(game_id)
            cls = type(f"Kriegsspiel_{game_id.replace('-', '_')}", (Game,), {"GAME_ID": game_id, "TYPE": kind})
            pyspiel.register_game(kind, cls)
        names.append(name)
    return names


def _game_type(game_id: str) -> pyspiel.GameType:
    entry = next(c for c in catalog() if c["id"] == game_id)
    counts = [len(_start(game_id, {"players": n})["roles"]) for n in entry["player_counts"]]
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Kriegsspiel: {entry['title']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 0, "scenario": "", "options": "{}", "seed": 0},
    )


def _start(game_id: str, setup: dict, seed: int = 0) -> dict:
    return start(load(game_id), setup, seed)


class Game(pyspiel.Game):
    """One of our games as OpenSpiel sees it (subclassed per game by ``register``)."""

    GAME_ID = ""
    TYPE: pyspiel.GameType

    def __init__(self, params=None):
        params = dict(params or {})
        try:
            options = json.loads(params.get("options", "{}") or "{}")
        except json.JSONDecodeError as e:
            raise ValueError(f"options must be a JSON object: {e}") from None
        self.rules = load(self.GAME_ID)
        self.setup = {
            "players": int(params.get("players", 0)) or None,
            "scenario": params.get("scenario") or None,
            "options": options,
        }
        first = _start(self.GAME_ID, self.setup)
        self.roles = list(first["roles"])
        self.encoding: Encoding = encoding(self.GAME_ID, first)
        self.seeds = random.Random(int(params.get("seed", 0)))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding.actions),
            max_chance_outcomes=0,
            num_players=len(self.roles),
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.rules.max_decisions * self.encoding.longest,
        )
        super().__init__(self.TYPE, info, params)

    def new_initial_state(self):
        return State(self, _start(self.GAME_ID, self.setup, self.seeds.getrandbits(63)))

    def __deepcopy__(self, memo):
        return self  # the rules and the encoding never change; states share their game

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return Observer(self, recall)


class State(pyspiel.State):
    """A position: our state, read through the public interface."""

    def __init__(self, game: Game, s: dict, chosen: tuple = ()):
        super().__init__(game)
        self._kg = game
        self._held = _Held(game.rules, s)
        self.chosen = chosen  # the tokens of an action being spelt, already chosen

    @property
    def s(self) -> dict:
        return self._held.s

    @s.setter
    def s(self, s: dict) -> None:
        self._held.s = s

    def _decision(self, role: str):
        """The role's legal actions as tokens, found once for a position: OpenSpiel lists the
        legal actions and then applies one from the same position."""
        kg, held = self._kg, self._held
        key = (len(held.s["actions"]), role)
        if held.listed is None or held.listed[0] is not held.s or held.listed[1] != key:
            legal = kg.rules.actions(held.s, role)
            view = kg.rules.view(held.s, role, log=False)
            held.listed = (held.s, key, kg.encoding.decision(legal, view))
        d = held.listed[2]
        d.chosen = self.chosen
        return d

    def current_player(self):
        rules = self._kg.rules
        if rules.is_over(self.s):
            return pyspiel.PlayerId.TERMINAL
        return self._kg.roles.index(rules.active(self.s)[0])

    def _legal_actions(self, player):
        kg = self._kg
        if not kg.encoding.spelt:
            return sorted(kg.encoding.index(a) for a in kg.rules.actions(self.s, kg.roles[player]))
        return self._decision(kg.roles[player]).tokens()

    def _apply_action(self, action):
        kg = self._kg
        role = kg.rules.active(self.s)[0]
        if not kg.encoding.spelt:
            self.s = kg.rules.apply(self.s, role, kg.encoding.actions[action])
            return
        d = self._decision(role)
        chosen = d.take(action)
        if chosen is None:  # a token of an action spelt in several: the same player goes on
            self.chosen = d.chosen
            return
        self.chosen = ()
        self.s = self._kg.rules.apply(self.s, role, chosen)

    def _action_to_string(self, player, action):
        return orjson.dumps(self._kg.encoding.actions[action], option=orjson.OPT_SORT_KEYS).decode()

    def is_terminal(self):
        return self._kg.rules.is_over(self.s)

    def returns(self):
        if not self._kg.rules.is_over(self.s):
            return [0.0] * len(self._kg.roles)
        rewards = final_rewards(self._kg.rules, self.s)
        return [rewards[r] for r in self._kg.roles]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one (its secrets and the dice drawn
        again), from the sampler's randomness."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return State(self._kg, determinize(self._kg.rules, self.s, self._kg.roles[player_id], rng), self.chosen)

    def __deepcopy__(self, memo):
        return State(self._kg, self._kg.rules.clone(self.s), self.chosen)

    def __str__(self):
        """The spectator's view: nothing secret."""
        return orjson.dumps(self._kg.rules.view(self.s, None, log=False), option=orjson.OPT_SORT_KEYS).decode()


class _Held:
    """Our state inside an OpenSpiel state, with the last legal actions listed from it.
    OpenSpiel clones a Python state by copying its attributes one by one
    (``copy.deepcopy``); this copies ours the fast way, as the rules do, and leaves the list
    behind."""

    __slots__ = ("rules", "s", "listed")

    def __init__(self, rules, s: dict):
        self.rules = rules
        self.s = s
        self.listed = None  # (state, (actions so far, role), its Decision): see State._decision

    def __deepcopy__(self, memo):
        return _Held(self.rules, self.rules.clone(self.s))


class Observer:
    """A player's observation: the encoding of its view (tensor), the view itself
    (string); with perfect recall, the string is the view with its log."""

    def __init__(self, game: Game, perfect_recall: bool):
        self.game = game
        self.recall = perfect_recall
        self.tensor = np.zeros(game.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: State, player: int):
        view = self.game.rules.view(state.s, self.game.roles[player], log=False)
        self.tensor[:] = self.game.encoding.observe(view, _chosen(state, player))

    def string_from(self, state: State, player: int):
        role = self.game.roles[player]
        view = self.game.rules.view(state.s, role, log=self.recall)
        if self.recall:  # the whole log the player has seen, not the view's last lines
            view = {**view, "log": self.game.rules.log(state.s, role)}
        if self.game.encoding.spelt:
            view = {**view, "chosen": list(_chosen(state, player))}
        return orjson.dumps(view, option=orjson.OPT_SORT_KEYS).decode()


def _chosen(state: State, player: int) -> tuple:
    """The tokens the player has chosen of the action it is spelling (none for the others)."""
    if state.chosen and not state.is_terminal() and state.current_player() == player:
        return state.chosen
    return ()
