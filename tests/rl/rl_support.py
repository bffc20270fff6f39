"""Helpers for the learning-environment tests."""

from __future__ import annotations

import numpy as np

from kriegsspiel.rl import encoding


def assert_secrets_unseen(game, s: dict, role: str, rng, differs, tries: int = 6) -> None:
    """Plant secrets: the game's ``scramble`` draws again what ``role`` may not know. The
    role's observation and mask must not move, and ``differs(scrambled, s)`` must be true
    at least once (something secret was there to draw again)."""
    e = encoding(game.id, s)
    view = game.view(s, role, log=False)
    base = e.observe(view)
    mask = e.mask(game.actions(s, role), view)
    drawn = 0
    for _ in range(tries):
        t = game.scramble(s, role, rng)
        drawn += bool(differs(t, s))
        seen = game.view(t, role, log=False)
        assert np.array_equal(e.observe(seen), base)
        assert np.array_equal(e.mask(game.actions(t, role), seen), mask)
    assert drawn, "nothing secret was drawn again: the test proves nothing here"


def empty_blocks(e, ever) -> list[str]:
    """The observation blocks of ``e`` in which ``ever`` (a bool per number) holds nothing."""
    return [b["name"] for b in e.describe() if not ever[b["start"] : b["start"] + b["length"]].any()]
