"""Imperialism 1880: the referee's console of a colonial campaign among eight great
powers, 1880-1916, with every chart of its sheet applied and logged."""

from .rules import Imperialism1880

RULES = Imperialism1880()
