"""Kriegsspiel: rules-enforced strategy wargames of the imperial age and the
Great War.

    >>> import kriegsspiel
    >>> game = kriegsspiel.load("goofspiel")
    >>> state = game.new(seed=7)
    >>> game.active(state)
    ['hearts', 'clubs']
    >>> state = game.apply(state, "hearts", 13)
    >>> game.view(state, "clubs")["committed"]
    ['hearts']
"""

from __future__ import annotations

from .ai.bots import get as bot
from .ai.bots import names as bots
from .engine import IllegalAction, RecordError, Rules
from .engine.records import record, replay
from .games import ids as _ids
from .games import load

__version__ = "0.1.0"


def catalog() -> list[dict]:
    """Every game: id, title, roles, player_counts, scenarios, options, bots."""
    return [load(game_id).catalog_entry() for game_id in _ids()]


__all__ = ["IllegalAction", "RecordError", "Rules", "bot", "bots", "catalog", "load", "record", "replay"]
