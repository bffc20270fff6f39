"""The random generator that lives inside the game state.

All randomness of a game comes from here, so a game is replayed exactly from
its seed and its actions. The generator is SplitMix64: one 64-bit integer of
state (``state["rng"]``), fast in pure Python and well distributed.

Drawing a random number makes the current action impossible to undo: a player
may not take back a move once the dice have spoken (see ``flow.checkpoint``).
"""

from __future__ import annotations

import hashlib

_M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int | str) -> int:
    """The generator state for a seed (an integer, or any text)."""
    digest = hashlib.sha256(str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def next64(state: dict) -> int:
    """The next 64 random bits; advances ``state["rng"]`` and closes undo."""
    x = (state["rng"] + _GOLDEN) & _M64
    state["rng"] = x
    state["undo"] = len(state["actions"])
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


def below(state: dict, n: int) -> int:
    """A uniform integer in ``0 .. n-1``."""
    if n <= 0:
        raise ValueError(f"below() needs a positive bound, not {n}")
    return (next64(state) * n) >> 64


def roll(state: dict, sides: int = 6) -> int:
    """One die with ``sides`` faces numbered from 1."""
    return below(state, sides) + 1


def choice(state: dict, items: list):
    """One item of a non-empty list, uniformly."""
    return items[below(state, len(items))]


def shuffle(state: dict, items: list) -> list:
    """Shuffle ``items`` in place (Fisher-Yates) and return it."""
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return items
