"""``kriegsspiel simulate``: many games between bots, for balance studies.

Each game ``i`` uses the game seed ``seed + i`` and is played by ``match.play``,
so a simulation is repeatable. With ``jobs`` > 1 the games are shared
out over processes.
"""

from __future__ import annotations

import time

from ..ai.bots import get as get_bot
from ..games import load
from . import match
from .batches import over_seeds


def play_one(game_id: str, seed: int, seats: dict[str, str], setup: dict | None = None) -> dict:
    """One game between bots; its result and length in decisions."""
    state, n = match.play(game_id, seed, seats, setup)
    return {"seed": seed, "result": load(game_id).result(state), "decisions": n, "roles": state["roles"]}


def _batch(game_id, seats, setup, seeds):
    return [play_one(game_id, s, seats, setup) for s in seeds]


def simulate(
    game_id: str,
    games: int,
    seats: dict[str, str],
    seed: int = 0,
    jobs: int = 1,
    setup: dict | None = None,
    progress=None,
    backend: str = "local",
    address: str | None = None,
) -> dict:
    """Play ``games`` games; wins per role, draws, mean length, time taken (on ``jobs``
    processes here, or on Ray: ``batches.Pool``)."""
    load(game_id)
    for name in set(seats.values()):
        get_bot(game_id, name)  # an unknown bot is an error before any game runs
    start = time.perf_counter()
    seeds = list(range(seed, seed + games))
    results = over_seeds(_batch, (game_id, seats, setup), seeds, jobs, progress, backend, address)
    return summarize(game_id, results, time.perf_counter() - start)


def summarize(game_id: str, results: list[dict], seconds: float) -> dict:
    """Wins of each role that took part in some game (in the game's order of roles);
    a game all its roles won, or nobody did, is a draw. ``shared`` counts the games
    won by several roles together: such a win counts for each of its winners."""
    game = load(game_id)
    played = {role for r in results for role in r["roles"]}
    wins = {role: 0 for role in game.roles if role in played}
    draws = shared = 0
    for r in results:
        winners = r["result"]["winners"]
        if not winners or set(winners) == set(r["roles"]):
            draws += 1
            continue
        shared += len(winners) > 1
        for role in winners:
            wins[role] = wins.get(role, 0) + 1
    n = len(results)
    return {
        "game": game_id,
        "games": n,
        "wins": wins,
        "draws": draws,
        "shared": shared,
        "mean_length": round(sum(r["decisions"] for r in results) / n, 2) if n else 0,
        "seconds": round(seconds, 3),
    }
