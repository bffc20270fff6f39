"""Goofspiel's bots. Every bot is ``bot(view, actions, rng) -> one of actions``;
the engine adds ``random`` to every game."""

from __future__ import annotations


def match(view, actions, rng):
    """Bid the card nearest the value on the table, the cheaper one on a tie.

    A sound simple strategy: spend big cards on big prizes, small on small.
    """
    value = sum(view["board"]["pot"])
    return min(actions, key=lambda rank: (abs(rank - value), rank))


BOTS = {"match": match}
