"""How a learning agent sees a game: a fixed enumeration of the game's actions and a
fixed-size vector of numbers for a role's view.

Each game writes its own in ``games/<game>/rl.py``: a function ``encoding(start)`` that
takes the spectator's view of the game as it begins (its scenario, options, players and
roles: nothing secret) and returns an ``Encoding``. The observation is computed from a
role's *view* only, never from the state, so it holds nothing that role may not know.
The enumeration is the same in every state of a game so set up: index ``i`` always means
the same action, and a mask marks the legal ones.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
import orjson

from ..games import MODULES, load


def key(action: Any) -> bytes:
    """An action's identity, whatever the order of its keys."""
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


@dataclass
class Encoding:
    """``actions``: the enumeration (index -> action); ``blocks``: the parts of the
    observation in order (name, length, what it holds); ``observe_view(view, writer)``
    writes a view's numbers, block by block, with a ``Writer``."""

    actions: list
    blocks: list[tuple[str, int, str]]
    observe_view: Callable[[dict, Writer], None]
    _index: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        self._index = {key(a): i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action is listed twice in the enumeration")

    @property
    def size(self) -> int:
        """The observation's length."""
        return sum(n for _, n, _ in self.blocks)

    def index(self, action: Any) -> int:
        """The index of an action; KeyError if the enumeration lacks it."""
        try:
            return self._index[key(action)]
        except KeyError:
            raise KeyError(f"the action {action!r} is not in this game's enumeration") from None

    def mask(self, legal: list) -> np.ndarray:
        """1 for each legal action, 0 elsewhere."""
        m = np.zeros(len(self.actions), dtype=np.int8)
        for a in legal:
            m[self.index(a)] = 1
        return m

    def observe(self, view: dict) -> np.ndarray:
        """The vector for a role's view (float32, ``size`` long)."""
        w = Writer(self.size)
        self.observe_view(view, w)
        if w.at != self.size:
            raise ValueError(f"the observation wrote {w.at} numbers, not the {self.size} its blocks declare")
        return np.asarray(w.x, dtype=np.float32)

    def describe(self) -> list[dict]:
        """The observation's layout: each block's name, first index, length and meaning."""
        out, at = [], 0
        for name, n, doc in self.blocks:
            out.append({"name": name, "start": at, "length": n, "holds": doc})
            at += n
        return out


def encoding(game_id: str, start: dict) -> Encoding:
    """The encoding of a game that begins as ``start``, a state: only its spectator's view
    is read."""
    game = load(game_id)
    if game_id not in MODULES:
        raise KeyError(f"{game_id!r} has no module, so no encoding for learning agents")
    try:
        module = importlib.import_module(MODULES[game_id] + ".rl")
    except ModuleNotFoundError:
        raise NotImplementedError(f"{game_id} has no encoding for learning agents yet (games/.../rl.py)") from None
    return module.encoding(game.view(start, None, log=False))


def start(game, setup: dict, seed: int) -> dict:
    """A new game set up as ``setup`` (players, scenario, options; empty ones left to the
    game's defaults)."""
    return game.new(seed=seed, **{k: v for k, v in setup.items() if v not in (None, "", {})})


def final_rewards(game, s: dict) -> dict[str, float]:
    """Each role's reward at the end: +1 for each winner (a shared win too), -1 for each
    loser, 0 for all when nobody or everybody wins."""
    roles = s["roles"]
    winners = set((game.result(s) or {}).get("winners") or [])
    if not winners or winners == set(roles):
        return {r: 0.0 for r in roles}
    return {r: 1.0 if r in winners else -1.0 for r in roles}


# ----- helpers for the games' encodings --------------------------------------------------------


def positions(choices) -> dict:
    """Each choice's position, for ``Writer.one_hot`` and ``Writer.marks``."""
    return {c: i for i, c in enumerate(choices)}


class Writer:
    """Writes an observation left to right: each call fills the next numbers."""

    __slots__ = ("x", "at")

    def __init__(self, size: int):
        self.x = [0.0] * size
        self.at = 0

    def one_hot(self, value: Any, where: dict) -> None:
        """1 at ``value``'s position among the choices (``positions``); all 0 if it is none of them."""
        i = where.get(value)
        if i is not None:
            self.x[self.at + i] = 1.0
        self.at += len(where)

    def marks(self, values, where: dict) -> None:
        """1 at the position of each of ``values`` found among the choices."""
        for v in values:
            i = where.get(v)
            if i is not None:
                self.x[self.at + i] = 1.0
        self.at += len(where)

    def put(self, *numbers: float) -> None:
        for v in numbers:
            self.x[self.at] = v
            self.at += 1

    def skip(self, n: int) -> None:
        """Leave ``n`` numbers at 0 (something not seen)."""
        self.at += n
