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


BLIND = ("reserve", "das", "leader")
"""The defender's questions before an attack's die (6C reserves, B17B4 air support, 14P leaders)."""


def blind_answers(s: dict, asked: list | None = None) -> dict:
    """Answer each of those questions with its first choice (none), noting (state, role, choices)
    in ``asked`` if given."""
    while s["stack"] and s["stack"][-1].get("state") in BLIND:
        role = G.active(s)[0]
        acts = G.actions(s, role)
        if asked is not None:
            asked.append((s["stack"][-1]["state"], role, acts))
        s = G.apply(s, role, acts[0])
    return s
