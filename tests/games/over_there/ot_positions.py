"""Positions for Over There's tests: a game advanced to a phase by its plainest answers, and a
map cleared down to the units a test places."""

from __future__ import annotations

from collections.abc import Callable

import kriegsspiel
from kriegsspiel.games.over_there.world import update_ownership

G = kriegsspiel.load("over-there")
PLAIN = {"end", "commit", "choice", "withdraw", "activate", "superiority", "res_at"}


def only(s: dict, placed: dict[str, str]) -> dict:
    """The state with every unit off the map but ``placed`` (uid -> hex)."""
    for uid, v in s["units"].items():
        if uid in placed:
            v.update({"hex": placed[uid], "at": "map", "spent": 0, "moved": False, "dis": 0, "nozoc": False})
        elif v["at"] == "map":
            v.update({"hex": None, "at": "due"})
    update_ownership(s)
    return s


def advance(s: dict, until: Callable[[dict], bool], steps: int = 80) -> dict:
    """Play the plainest answer of every step (end the phase, no air superiority, the first
    choice) until ``until(s)``."""
    for _ in range(steps):
        if until(s):
            return s
        for role in G.active(s):
            pick = next(a for a in G.actions(s, role) if set(a) & PLAIN)
            s = G.apply(s, role, {"superiority": 0} if "superiority" in pick else pick)
    raise AssertionError("the game never reached the position asked for")


def movement_of(side: str, seed: int = 1) -> dict:
    """A new game at ``side``'s first movement phase."""
    return advance(G.new(seed=seed), lambda s: s["phasing"] == side and s["phase"] == "movement")
