"""The bots every game offers, and the look-up of a game's own bots.

A plain bot is ``bot(view, actions, rng)``: it sees only its role's view. A searching
bot (``ismcts``) is handed the state and reads it only through the game's ``scramble``
(``ai.ismcts``); ``decide`` asks either kind."""

from __future__ import annotations

import random as _random
from typing import Any, Callable

from ..engine.rules import SEARCH_BOTS
from ..games import load

Bot = Callable[[dict, list, _random.Random], Any]


def random_bot(view: dict, actions: list, rng: _random.Random) -> Any:
    """Any legal action, uniformly."""
    return actions[rng.randrange(len(actions))]


def names(game_id: str) -> list[str]:
    """The bots a game offers; always 'random' first, the game's own, then ISMCTS."""
    return ["random", *load(game_id).bots, *SEARCH_BOTS]


def get(game_id: str, name: str) -> Bot:
    if name == "random":
        load(game_id)  # an unknown game is an error here too
        return random_bot
    if name == "ismcts" or name.startswith("ismcts:"):
        from .ismcts import parse

        return parse(game_id, name)
    bots = load(game_id).bots
    if name not in bots:
        raise KeyError(f"{game_id} has no bot {name!r}; its bots: {', '.join(names(game_id))}")
    return bots[name]


def decide(game, bot, state: dict, role: str, rng: _random.Random, legal: list | None = None) -> Any:
    """The bot's choice for ``role`` now: a plain bot from the role's view, a searching
    bot from the state (which it scrambles before it looks)."""
    if legal is None:
        legal = game.actions(state, role)
    if getattr(bot, "searches", False):
        return bot.choose(state, role, legal, rng)
    return bot(game.view(state, role), legal, rng)
