"""Imperial Elegy: six great powers from 1850 to the Great War."""

from .rules import ImperialElegy

RULES = ImperialElegy()
