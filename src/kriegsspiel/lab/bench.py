"""``kriegsspiel bench``: how fast the engine plays a game.

A decision is one legal-action list computed, one action chosen at random
from it and applied; whole games are played from ``new`` to the end, on one
core. Also timed: ``clone`` and ``view`` on a mid-game state.
"""

from __future__ import annotations

import random
import time
import timeit

from ..games import load


def bench(game_id: str, seconds: float = 5.0, seed: int = 0) -> dict:
    game = load(game_id)
    pick = random.Random(seed)
    decisions = games = 0
    mid = None
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new(seed=seed + games)
        n = 0
        while state["stack"]:
            for role in game.active(state):
                legal = game.actions(state, role)
                state = game.apply(state, role, legal[pick.randrange(len(legal))])
                n += 1
                if mid is None and n == 10:
                    mid = game.clone(state)
        decisions += n
        games += 1
    elapsed = time.perf_counter() - start
    mid = mid or state
    reps = 2000
    clone_us = min(timeit.repeat(lambda: game.clone(mid), number=reps, repeat=3)) / reps * 1e6
    role = mid["roles"][0]
    view_us = min(timeit.repeat(lambda: game.view(mid, role), number=reps, repeat=3)) / reps * 1e6
    return {
        "game": game_id,
        "seconds": round(elapsed, 3),
        "games": games,
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "clone_us": round(clone_us, 2),
        "view_us": round(view_us, 2),
    }
