"""The bots every game offers, and the look-up of a game's own bots."""

from __future__ import annotations

import random as _random
from typing import Any, Callable

from ..games import load

Bot = Callable[[dict, list, _random.Random], Any]


def random_bot(view: dict, actions: list, rng: _random.Random) -> Any:
    """Any legal action, uniformly."""
    return actions[rng.randrange(len(actions))]


def names(game_id: str) -> list[str]:
    """The bots a game offers; always 'random' first."""
    return ["random", *load(game_id).bots]


def get(game_id: str, name: str) -> Bot:
    if name == "random":
        load(game_id)  # an unknown game is an error here too
        return random_bot
    bots = load(game_id).bots
    if name not in bots:
        raise KeyError(f"{game_id} has no bot {name!r}; its bots: {', '.join(names(game_id))}")
    return bots[name]
