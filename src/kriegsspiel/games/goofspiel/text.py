"""Goofspiel in the terminal: the table as text, from a view."""

from __future__ import annotations

from rich.table import Table

from .rules import card


def board(view: dict) -> Table:
    b = view["board"]
    me = view["role"]
    table = Table(
        title=f"Prize: {' + '.join(card(p) for p in b['pot']) or '-'} of diamonds"
        f"   (prize deck: {b['deck']} face down)",
        expand=False,
    )
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("hand")
    table.add_column("last bid", justify="center")
    table.add_column("prizes won")
    for role, hand in b["hands"].items():
        name = role.capitalize() + (" (you)" if role == me else "")
        bid = b["last_bids"].get(role)
        table.add_row(
            name,
            str(b["score"][role]),
            " ".join(card(c) for c in hand),
            card(bid) if bid is not None else "",
            " ".join(card(c) for c in b["won"][role]),
        )
    return table


_SAID = {"a": 1, "ace": 1, "j": 11, "jack": 11, "q": 12, "queen": 12, "k": 13, "king": 13}


def keys(legal: list, state: dict) -> list[str] | None:
    """A bid is chosen by typing its card (A, 2..10, J, Q, K): a number is always a card."""
    return [card(a) for a in legal] if all(type(a) is int for a in legal) else None


def choose(answer: str, legal: list, state: dict) -> int | None:
    """The bid a player names: 'K', 'king', '13', 'bid 6', '1' for the ace."""
    words = answer.strip().lower().removeprefix("bid").strip()
    rank = _SAID.get(words, int(words) if words.isdigit() else None)
    return legal.index(rank) if rank in legal else None
