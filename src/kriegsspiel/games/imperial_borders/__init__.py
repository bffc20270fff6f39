"""Imperial Borders: six nations of 1815 Europe plotting secret orders, bidding
for turn order, fighting dice battles and annexing territory."""

from .rules import ImperialBorders

RULES = ImperialBorders()
