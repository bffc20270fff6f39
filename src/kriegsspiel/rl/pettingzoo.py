"""The games as PettingZoo environments (AEC: one agent acts at a time).

One agent per role of the game. At a simultaneous step (sealed bids, secret orders) the
roles act one after another, each seeing only its own view, so none learns another's
choice before the reveal: the game's own rule, which the fuzzer checks.

An agent's observation is ``{"observation": vector, "action_mask": mask}``, both from its
own view (``games/<game>/rl.py``). The info of the agent to act (of every agent once the
game is over) holds ``view`` (its view without the log) and ``legal`` (its legal actions
as the game writes them); the others' infos are empty until their turn. The action is an
index into the game's fixed enumeration (``env.encoding.actions``); where the game spells
an action in several tokens, the agent chooses them one step at a time and the action is
played with the last (``infos[agent]["chosen"]`` holds the tokens chosen so far). Rewards
come at the end: +1 for each winner (a shared win too), -1 for each loser, 0 for all when
nobody or everybody wins; with ``shaping`` set, each step also pays that factor times the
change in the role's score where the game keeps one (victory points, prestige...).
"""

from __future__ import annotations

import importlib
import io
import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..games import MODULES, load
from .encoding import encoding, final_rewards, start


class KriegsspielEnv(AECEnv):
    """``KriegsspielEnv(game_id, players=None, scenario=None, options=None, shaping=0.0,
    render_mode=None)``; use ``kriegsspiel.rl.env``."""

    metadata = {"name": "kriegsspiel_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        scenario: str | None = None,
        options: dict | None = None,
        shaping: float = 0.0,
        render_mode: str | None = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: give 'human', 'ansi' or None")
        self.game = load(game_id)
        self.setup = {"players": players, "scenario": scenario, "options": dict(options or {})}
        start = self._new(0)  # the roles and the enumeration do not depend on the seed
        self.encoding = encoding(game_id, start)
        self.possible_agents = list(start["roles"])
        self.shaping = float(shaping)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"kriegsspiel_{game_id.replace('-', '_')}_v0"}
        n = len(self.encoding.actions)
        box = spaces.Box(0.0, 1.0, shape=(self.encoding.size,), dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(n,), dtype=np.int8)
        self._observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.game_state = None
        self._decision = None

    def _new(self, seed: int) -> dict:
        return start(self.game, self.setup, seed)

    # ----- spaces -------------------------------------------------------------------------

    def observation_space(self, agent: str):
        return self._observation_spaces[agent]

    def action_space(self, agent: str):
        return self._action_spaces[agent]

    # ----- the episode --------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: ``seed`` gives the same game every time; without one, a fresh seed."""
        if seed is None:
            seed = secrets.randbits(63)
        self.game_state = self._new(int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.decisions = 0
        self._decision = None
        self._scores = self._score()
        self._update()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an index into the game's actions")
        index = int(action)
        if not 0 <= index < len(self.encoding.actions):
            raise ValueError(f"action {index} is outside 0..{len(self.encoding.actions) - 1}")
        try:
            chosen = self._decision.take(index)
        except ValueError:
            token = self.encoding.actions[index]
            raise ValueError(f"action {index} ({token!r}) is not legal for {agent} now; see the action mask") from None
        if chosen is None:  # a token of an action spelt in several: the same agent goes on
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self._accumulate_rewards()
            self.infos[agent]["chosen"] = list(self._decision.chosen)
            return
        self.game_state = self.game.apply(self.game_state, agent, chosen)
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.shaping:
            scores = self._score()
            if scores is not None and self._scores is not None:
                for a in self.agents:
                    self.rewards[a] += self.shaping * (scores[a] - self._scores[a])
            self._scores = scores
        if self.game.is_over(self.game_state):
            for a, r in final_rewards(self.game, self.game_state).items():
                self.rewards[a] += r
                self.terminations[a] = True
        elif self.decisions >= self.game.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self._update()
        if self.render_mode == "human":
            self.render()

    def _update(self) -> None:
        """Whose turn it is; the view and legal actions of the agent to act (of every agent
        once the game is over)."""
        s = self.game_state
        ended = any(self.terminations.values()) or any(self.truncations.values())
        if ended:
            self._deads_step_first()
        else:
            self.agent_selection = self.game.active(s)[0]
        over = self.game.is_over(s)
        now = self.agents if ended else [self.agent_selection]
        self.infos = {a: {} for a in self.agents}
        for a in now:
            legal = [] if over else self.game.actions(s, a)
            self.infos[a] = {"view": self.game.view(s, a, log=False), "legal": legal, "chosen": []}
        self._decision = None
        if not ended:
            info = self.infos[self.agent_selection]
            self._decision = self.encoding.decision(info["legal"], info["view"])

    def observe(self, agent: str) -> dict:
        info = self.infos.get(agent) or {}
        view = info.get("view") or self.game.view(self.game_state, agent, log=False)
        if agent == self.agent_selection and self._decision is not None and "legal" in info and info["legal"]:
            d = self._decision
        else:
            d = self.encoding.decision(info["legal"] if "legal" in info else self._legal(agent), view)
        return {"observation": self.encoding.observe(view, d.chosen), "action_mask": d.mask()}

    def _legal(self, agent: str) -> list:
        s = self.game_state
        return [] if self.game.is_over(s) or agent not in self.game.active(s) else self.game.actions(s, agent)

    def _score(self) -> dict | None:
        return self.game.scores(self.game_state) if self.shaping else None

    # ----- showing it ---------------------------------------------------------------------

    def render(self) -> str | None:
        """The spectator's board (nothing secret), as the terminal draws it."""
        if self.render_mode is None or self.game_state is None:
            return None
        from rich.console import Console
        from rich.pretty import Pretty

        view = self.game.view(self.game_state, None, log=False)
        try:
            drawn = importlib.import_module(MODULES[self.game.id] + ".text").board(view)
        except (KeyError, ModuleNotFoundError):
            drawn = Pretty(view["board"])
        console = Console(file=io.StringIO(), record=True, width=100, force_terminal=False)
        console.print(drawn)
        text = console.export_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game_state = None

    def state(self) -> Any:
        raise NotImplementedError("the whole state holds every secret: agents learn from their observations")
