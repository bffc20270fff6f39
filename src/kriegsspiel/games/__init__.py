"""The registry of game modules. Each module exposes ``RULES``, an instance
of its ``engine.Rules`` subclass."""

from __future__ import annotations

import importlib

from ..engine import Rules

MODULES = {
    "goofspiel": "kriegsspiel.games.goofspiel",
    "first-world-war": "kriegsspiel.games.first_world_war",
    "imperial-borders": "kriegsspiel.games.imperial_borders",
    "imperialism-1880": "kriegsspiel.games.imperialism_1880",
    "imperial-elegy": "kriegsspiel.games.imperial_elegy",
    "over-there": "kriegsspiel.games.over_there",
}

_loaded: dict[str, Rules] = {}


def ids() -> list[str]:
    return list(dict.fromkeys([*MODULES, *_loaded]))


def register(rules: Rules) -> None:
    """Make a game available by its id without a module entry (a plug-in, or a
    test's own small game)."""
    _loaded[rules.id] = rules


def load(game_id: str) -> Rules:
    """The rules of a game by its id; KeyError naming the known ids if unknown."""
    rules = _loaded.get(game_id)
    if rules is None:
        if game_id not in MODULES:
            raise KeyError(f"no game {game_id!r}; the games are: {', '.join(MODULES)}")
        rules = _loaded[game_id] = importlib.import_module(MODULES[game_id]).RULES
    return rules
