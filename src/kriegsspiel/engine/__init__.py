"""The engine: what every game is written in. It knows no game."""

from .errors import DataError, IllegalAction, RecordError
from .flow import STAY, Procedure, State, ask, ask_all, call, checkpoint, game_over, log
from .rules import Option, Rules, Scenario

__all__ = [
    "DataError",
    "IllegalAction",
    "RecordError",
    "STAY",
    "Procedure",
    "State",
    "ask",
    "ask_all",
    "call",
    "checkpoint",
    "game_over",
    "log",
    "Option",
    "Rules",
    "Scenario",
]
