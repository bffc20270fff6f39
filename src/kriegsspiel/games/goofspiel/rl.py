"""Goofspiel for learning agents (docs/RL.md): the actions are the cards, ace (1) to the
highest; the observation is the bidder's view of hands, prizes and scores."""

from __future__ import annotations

from ...rl.encoding import Encoding, marks


def encoding(start: dict) -> Encoding:
    """``start``: the spectator's view of the game as it begins."""
    roles = list(start["roles"])
    ranks = sorted(start["board"]["hands"][roles[0]])
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

    def observe(view: dict) -> list[float]:
        b = view["board"]
        me = view["role"]
        order = roles[roles.index(me) :] + roles[: roles.index(me)]
        x = marks(b["hands"][me], ranks)
        for r in order[1:]:
            x += marks(b["hands"][r], ranks)
        x += marks(b["pot"], ranks)
        for r in order:
            x += marks(b["won"][r], ranks)
        x += [b["score"][r] / total for r in order]
        x.append(b["deck"] / n)
        return x

    return Encoding(actions=ranks, blocks=blocks, observe_view=observe)
