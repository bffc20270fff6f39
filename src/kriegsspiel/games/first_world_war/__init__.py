"""The First World War: four empires, eleven fronts, one action a turn."""

from .rules import FirstWorldWar

RULES = FirstWorldWar()
