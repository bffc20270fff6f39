"""The random generator that lives inside the game state, the game's seed,
and the bots' own randomness.

All randomness of a game comes from here, so a game is replayed exactly from
its seed and its actions.

**The generator** is keyed BLAKE2b in counter mode. Its key is 256 bits
derived from the seed; block ``b`` of its stream is BLAKE2b-512, under that
key, of ``b`` (8 bytes, little-endian), read as eight 64-bit words
(little-endian). ``state["rng"]`` is ``[key, n]``: the key as 64 hex digits
and the number of words drawn so far. Whoever sees any number of draws (every
die rolled, every card dealt) learns nothing of the key and cannot predict the
next draw: that would break BLAKE2b as a keyed hash. A game is therefore as
secret as its seed, which must not leave the server while the game is on.

``state["rng"]`` is replaced at every draw, never changed in place: a test
may keep the old value and compare to tell whether anything was drawn.

Drawing a random number makes the current action impossible to undo: a player
may not take back a move once the dice have spoken (see ``flow.checkpoint``).

**Seeds** are whole numbers from -2**63 to 2**64-1 (the whole numbers orjson,
which writes stored games, can write) or texts of at most 128 characters; a number and its
decimal text are the same seed. A game started without one gets a fresh seed
of 128 random bits from ``secrets``, as 32 hex digits.

**Bots** draw from ``bot_random(state, role)``: a ``random.Random`` seeded
from a secret of the game's seed, the number of actions so far and the role,
so nobody who does not know the seed can foresee a bot's sealed bid.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import struct

SEED_MIN = -(2**63)
SEED_MAX = 2**64 - 1
SEED_TEXT_MAX = 128
"""The longest text a seed may be, in characters."""

_WORDS = struct.Struct("<8Q")  # one BLAKE2b-512 digest: eight 64-bit words

# The last block of words computed: ``(key, block, words)``. A pure function
# of the key and the block, so it never changes what a game draws; it saves
# seven hash calls in eight. One tuple, read and replaced whole, so threads
# drawing for different games at once never mix their words.
_last = ("", -1, ())


# ----- seeds ---------------------------------------------------------------------


def new_seed() -> str:
    """A fresh seed nobody can guess: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)


def check_seed(seed) -> int | str:
    """``seed`` if it may seed a game; ValueError saying why not."""
    if type(seed) is int:
        if SEED_MIN <= seed <= SEED_MAX:
            return seed
        what = str(seed) if seed.bit_length() <= 256 else f"a whole number of {seed.bit_length()} bits"
    elif type(seed) is str:
        if len(seed) > SEED_TEXT_MAX:
            what = f"a text of {len(seed)} characters"
        else:
            try:
                seed.encode()
                return seed
            except UnicodeEncodeError:
                what = "a text that is not valid Unicode"
    elif isinstance(seed, (bool, float)):
        what = repr(seed)
    else:
        what = f"a {type(seed).__name__}"
    raise ValueError(
        f"a seed is a whole number from {SEED_MIN} to {SEED_MAX} or a text of at most "
        f"{SEED_TEXT_MAX} characters; not {what}"
    )


def _seed_bytes(seed: int | str) -> bytes:
    return str(seed).encode()


# ----- the generator ---------------------------------------------------------------


def seed_state(seed: int | str) -> list:
    """The generator state for a seed: ``[key, 0]``, the key 256 bits derived from the seed."""
    key = hashlib.blake2b(_seed_bytes(seed), digest_size=32, person=b"kriegsspiel-rng").hexdigest()
    return [key, 0]


def _block(key: str, block: int) -> tuple[int, ...]:
    """Eight words of the stream of ``key``, from word ``8 * block`` on."""
    digest = hashlib.blake2b(block.to_bytes(8, "little"), key=bytes.fromhex(key)).digest()
    return _WORDS.unpack(digest)


def next64(state: dict) -> int:
    """The next 64 random bits; advances ``state["rng"]`` and closes undo."""
    global _last
    try:
        key, n = state["rng"]
    except (TypeError, ValueError):
        raise ValueError(
            "this game's random generator is not of this Kriegsspiel (a game begun before its "
            "generator changed cannot go on)"
        ) from None
    state["rng"] = [key, n + 1]
    state["undo"] = len(state["actions"])
    block = n >> 3
    last = _last
    if last[1] != block or last[0] != key:
        last = _last = (key, block, _block(key, block))
    return last[2][n & 7]


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


# ----- the bots' randomness ------------------------------------------------------------


def bot_random(state: dict, role: str) -> random.Random:
    """The generator a bot playing ``role`` thinks with now.

    Seeded with HMAC-SHA256, keyed by a hash of the game's seed, over a label,
    the number of actions the role knows were taken (the other roles' secret
    draft steps not counted, as ``Rules.step``) and the role: the same state
    and role always give the same generator, states the role cannot tell apart
    give it the same one, and nobody who does not know the seed can foresee it.
    It leaves ``state["rng"]`` alone: a bot's thinking does not change the game.
    """
    key = hashlib.sha256(b"kriegsspiel bots\0" + _seed_bytes(state["seed"])).digest()
    known = len(state["actions"]) - sum(1 for entry in state.get("drafts", ()) if not sees(entry, role))
    message = b"bot_random\0%d\0%s" % (known, role.encode())
    return random.Random(int.from_bytes(hmac.digest(key, message, "sha256"), "big"))


def sees(entry: list, role: str | None) -> bool:
    """Whether ``role`` knows of the step a ``state["drafts"]`` entry marks: ``[i, role]`` a
    draft step of that role alone, ``[i, [roles]]`` a step only those roles saw (None the
    spectator; ``Rules.apply_marked``)."""
    who = entry[1]
    return role == who if isinstance(who, str) else role in who
