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
