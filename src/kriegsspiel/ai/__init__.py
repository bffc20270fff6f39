"""Bots and search. A bot is ``bot(view, actions, rng) -> one of actions``:
it sees only its role's view, so it cannot cheat."""
