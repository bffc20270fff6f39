"""Goofspiel, the reference module."""

from .rules import Goofspiel

RULES = Goofspiel()
