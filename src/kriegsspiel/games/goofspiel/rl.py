"""Goofspiel for learning agents (docs/RL.md): the actions are the cards, ace (1) to the
highest; the observation is the bidder's view of hands, prizes and scores."""

from __future__ import annotations

from ...rl.encoding import Encoding, Writer, positions


def encoding(start: dict) -> Encoding:
    """``start``: the spectator's view of the game as it begins."""
    roles = list(start["roles"])
    ranks = sorted(start["board"]["hands"][roles[0]])
    where = positions(ranks)
    n = len(ranks)
    total = sum(ranks)
    blocks = [
        ("hand", n, "1 for each card still in my hand, ace first"),
        ("others_hands", n * (len(roles) - 1), "the same for each other bidder, in seat order after me"),
        ("pot", n, "1 for each prize on the table this round (carried prizes too)"),
        ("won", n * len(roles), "1 for each prize each bidder has won, me first, then in seat order"),
        ("score", len(roles), "each bidder's score over the sum of all prizes, me first"),
        ("deck", 1, "prizes still face down, over the number of rounds"),
    ]

    def observe(view: dict, w: Writer) -> None:
        b = view["board"]
        me = roles.index(view["role"])
        order = roles[me:] + roles[:me]
        for r in order:  # my hand, then the others'
            w.marks(b["hands"][r], where)
        w.marks(b["pot"], where)
        for r in order:
            w.marks(b["won"][r], where)
        w.put(*(b["score"][r] / total for r in order))
        w.put(b["deck"] / n)

    return Encoding(actions=ranks, blocks=blocks, observe_view=observe)
