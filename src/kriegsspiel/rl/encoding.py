"""How a learning agent sees a game: a fixed enumeration of the game's actions and a
fixed-size vector of numbers for a role's view.

Each game writes its own in ``games/<game>/rl.py``: a function ``encoding(start)`` that
takes the spectator's view of the game as it begins (its scenario, options, players and
roles: nothing secret) and returns an ``Encoding``. The observation is computed from a
role's *view* only, never from the state, so it holds nothing that role may not know.
The enumeration is the same in every state of a game so set up: index ``i`` always means
the same action, and a mask marks the legal ones.

Where one enumeration of whole actions would be too long (an action that names a force
and the region it goes to; hundreds of kinds of action), a game spells an action in
several *tokens*, each an index into its enumeration, chosen one after another by the
same role (``Decision``): the first token of ``{"ride": force, "to": region}`` names the
force, the next the region (``Spelling`` spells any action key by key). A force or unit
the game creates during play is named by its *slot*, its place among its owner's forces,
which the observation describes.
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
    """``actions``: the enumeration (index -> action, or -> token where actions are
    spelt in tokens); ``blocks``: the parts of the observation in order (name, length,
    what it holds); ``observe_view(view, writer)`` writes a view's numbers, block by block,
    with a ``Writer``.

    A game that spells its actions in tokens also gives ``context(view)`` (what the
    spelling needs from the view, computed once a decision), ``spell(action, context)``
    (the action's tokens, or None for one the enumeration cannot name) and ``longest``
    (the most tokens an action takes); the observation then ends with a block marking the
    tokens already chosen."""

    actions: list
    blocks: list[tuple[str, int, str]]
    observe_view: Callable[[dict, Writer], None]
    spell: Callable[[Any, Any], tuple[int, ...] | None] | None = None
    context: Callable[[dict], Any] | None = None
    longest: int = 1
    _index: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        self._index = {key(a): i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action is listed twice in the enumeration")
        if self.spell is not None:
            self.blocks = [
                *self.blocks,
                ("chosen", len(self.actions), "1 for each token of the action being spelt already chosen"),
            ]

    @property
    def size(self) -> int:
        """The observation's length."""
        return sum(n for _, n, _ in self.blocks)

    @property
    def spelt(self) -> bool:
        """True when actions are chosen a token at a time (``Decision``)."""
        return self.spell is not None

    def decision(self, legal: list, view: dict | None = None) -> Decision:
        """The legal actions of a role as token sequences; ``view`` (the role's view) is
        needed where actions are spelt."""
        return Decision(self, legal, view)

    def index(self, action: Any) -> int:
        """The index of an action; KeyError if the enumeration lacks it."""
        try:
            return self._index[key(action)]
        except KeyError:
            raise KeyError(f"the action {action!r} is not in this game's enumeration") from None

    def mask(self, legal: list, view: dict | None = None) -> np.ndarray:
        """1 for each legal action (each legal first token), 0 elsewhere."""
        if self.spell is not None:
            return self.decision(legal, view).mask()
        m = np.zeros(len(self.actions), dtype=np.int8)
        for a in legal:
            m[self.index(a)] = 1
        return m

    def observe(self, view: dict, chosen: tuple = ()) -> np.ndarray:
        """The vector for a role's view (float32, ``size`` long), with the tokens of the
        action being spelt already ``chosen``."""
        w = Writer(self.size)
        self.observe_view(view, w)
        if self.spell is not None:
            for token in chosen:
                w.x[w.at + token] = 1.0
            w.skip(len(self.actions))
        if w.at != self.size:
            raise ValueError(f"the observation wrote {w.at} numbers, not the {self.size} its blocks declare")
        return w.x

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


class Decision:
    """One role's choice among its legal actions, a token at a time: ``tokens()`` are the
    legal next tokens, ``take(token)`` chooses one and returns the action once it is
    spelt in full (None while more tokens are needed). An action the enumeration cannot
    name is left out (``unnamed`` counts them); a choice none of whose actions it can name
    is refused (ValueError), so an agent is never left with nothing to choose."""

    __slots__ = ("encoding", "paths", "chosen", "unnamed")

    def __init__(self, enc: Encoding, legal: list, view: dict | None = None):
        self.encoding = enc
        self.chosen: tuple[int, ...] = ()
        self.unnamed = 0
        if enc.spell is None:
            self.paths = {(enc.index(a),): a for a in legal}
            return
        if view is None:
            raise ValueError("this game spells its actions from the role's view: give the view")
        ctx = enc.context(view) if enc.context is not None else view
        self.paths = {}
        for a in legal:
            t = enc.spell(a, ctx)
            if t is None:
                self.unnamed += 1
            elif t in self.paths:
                raise ValueError(f"two legal actions spelt alike: {self.paths[t]!r} and {a!r}")
            else:
                self.paths[t] = a
        for t in self.paths:
            for n in range(1, len(t)):
                if t[:n] in self.paths:
                    raise ValueError(f"the spelling of {self.paths[t[:n]]!r} begins that of {self.paths[t]!r}")
        if legal and not self.paths:
            raise ValueError(f"none of the {len(legal)} legal actions can be named by this game's enumeration")

    def tokens(self) -> list[int]:
        """The legal next tokens, in order."""
        n = len(self.chosen)
        return sorted({t[n] for t in self.paths if t[:n] == self.chosen})

    def mask(self) -> np.ndarray:
        m = np.zeros(len(self.encoding.actions), dtype=np.int8)
        m[self.tokens()] = 1
        return m

    def take(self, token: int) -> Any | None:
        """Choose ``token``: ValueError (and nothing changes) if it is not a legal next one."""
        chosen = (*self.chosen, token)
        n = len(chosen)
        if not any(t[:n] == chosen for t in self.paths):
            raise ValueError(f"token {token} is not legal now; see the action mask")
        if chosen in self.paths:
            self.chosen = ()
            return self.paths[chosen]
        self.chosen = chosen
        return None


class Spelling:
    """Actions spelt key by key: an enumeration and a ``spell`` for games whose actions are
    many and varied (Imperial Elegy).

    The tokens are: each word (an action that is a word); each key an action written as
    a dict may have; each value it may hold (words of the rules, places, powers, cards,
    numbers, true and false, and units by slot); and ``END``. A dict is spelt as each key,
    in sorted order, followed by its value, then ``END``; a list as its items, then
    ``END``; a dict inside a dict the same way. So ``{"do": "ef", "to": "albania"}`` is
    ``do``, ``ef``, ``to``, ``albania``, ``END``: no action's spelling begins another's."""

    END = {"end": True}

    def __init__(self, words, keys, values, slots, longest: int = 16):
        self.tokens: list = list(words)
        self._word = {w: i for i, w in enumerate(self.tokens)}
        self._key: dict = {}
        for k in keys:
            if k not in self._key:
                self._key[k] = len(self.tokens)
                self.tokens.append({"key": k})
        self._value: dict = {}
        for v in values:
            self._add(self._typed(v), {"value": v})
        for name in slots:
            self._add(("unit", name), {"unit": name})
        self._end = len(self.tokens)
        self.tokens.append(self.END)
        self.longest = longest

    def _add(self, key, token) -> None:
        if key not in self._value:
            self._value[key] = len(self.tokens)
            self.tokens.append(token)

    @staticmethod
    def _typed(v):
        """Values told apart by type as well: True is not 1."""
        return (type(v).__name__, v)

    def spell(self, action, slots: dict) -> tuple[int, ...] | None:
        """The tokens of ``action``; ``slots`` maps unit ids to slot names. None for an
        action the enumeration cannot name."""
        if type(action) is str:
            i = self._word.get(action)
            return None if i is None else (i,)
        if type(action) is not dict:
            return None
        out: list[int] = []
        return tuple(out) if self._dict(action, slots, out) else None

    def _dict(self, d: dict, slots: dict, out: list) -> bool:
        for k in sorted(d):
            i = self._key.get(k)
            if i is None:
                return False
            out.append(i)
            if not self._item(d[k], slots, out):
                return False
        out.append(self._end)
        return True

    def _item(self, v, slots: dict, out: list) -> bool:
        kind = type(v)
        if kind is dict:
            return self._dict(v, slots, out)
        if kind is list:
            for x in v:
                if not self._item(x, slots, out):
                    return False
            out.append(self._end)
            return True
        if kind is str and v in slots:
            i = self._value.get(("unit", slots[v]))
        elif kind in (str, int, bool) or v is None:
            i = self._value.get(self._typed(v))
        else:
            i = None
        if i is None:
            return False
        out.append(i)
        return True


# ----- helpers for the games' encodings --------------------------------------------------------


def positions(choices) -> dict:
    """Each choice's position, for ``Writer.one_hot`` and ``Writer.marks``."""
    return {c: i for i, c in enumerate(choices)}


class Writer:
    """Writes an observation left to right: each call fills the next numbers."""

    __slots__ = ("x", "at")

    def __init__(self, size: int):
        self.x = np.zeros(size, dtype=np.float32)
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

    def counts(self, counts: dict, where: dict, scale: float) -> None:
        """Each choice's count over ``scale``, clipped to [0, 1], at its position among the
        choices; choices not in ``counts`` stay 0."""
        x, at = self.x, self.at
        for v, c in counts.items():
            i = where.get(v)
            if i is not None and c:
                x[at + i] = min(max(c / scale, 0.0), 1.0)
        self.at += len(where)

    def put(self, *numbers: float) -> None:
        n = len(numbers)
        self.x[self.at : self.at + n] = numbers
        self.at += n

    def skip(self, n: int) -> None:
        """Leave ``n`` numbers at 0 (something not seen)."""
        self.at += n
