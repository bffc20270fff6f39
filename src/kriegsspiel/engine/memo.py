"""Answers remembered by position: a game asks the same costly question (a supply trace, a
zone of control, a bot's plan) again and again while nothing it depends on has changed.

A ``Memo`` is a dict keyed by everything the answer depends on, so that an answer found for one
state serves every state, clone and game that reaches the same position. It holds at most
``most`` answers: when full it forgets them all (positions seldom come back once play has moved
on). What it keeps is shared: callers read it and never change it.
"""

from __future__ import annotations

from typing import Any


class Memo(dict):
    """At most ``most`` answers by key; ``keep`` stores one and gives it back."""

    def __init__(self, most: int):
        super().__init__()
        self.most = most
        self.source = None

    def of(self, source: Any) -> Memo:
        """This memo for answers drawn from ``source`` (a data pack, a game's charts): emptied
        when asked for another source object than before, so reloaded data is read afresh."""
        if self.source is not source:
            self.clear()
            self.source = source
        return self

    def keep(self, key, value: Any) -> Any:
        if len(self) >= self.most:
            self.clear()
        self[key] = value
        return value
