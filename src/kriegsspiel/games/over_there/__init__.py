"""Over There: the series rules of The Great War, East Prussia 1914."""

from .rules import OverThere

RULES = OverThere()
