"""Records and save files.

A **record** is everything needed to play a game again: the game, its seed,
scenario, options, number of players and the list of actions. Replaying a
record gives the identical state, to the last bit of the random generator.
The seed is the key to every die and card still to come, so the record of a
game (its seed) must not reach the game's players before the game is over.

A **save file** is a record with a format tag, a version and the digest of
the state it leads to, so a corrupt, foreign or tampered file is refused with
a clear message instead of being half-loaded.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from . import rng
from .errors import IllegalAction, RecordError

FORMAT = "kriegsspiel-record"
VERSION = 2
"""Version 2: the random generator of ``engine.rng`` (keyed BLAKE2b). A record
of version 1 rolled its dice with an older generator, and cannot be replayed."""
_FIELDS = ("game", "seed", "scenario", "options", "players", "actions")


def record(state: dict) -> dict:
    """The record of a game: replaying it gives this very state."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state["game"],
        "rules": state["rules"],
        "seed": state["seed"],
        "scenario": state["scenario"],
        "options": dict(state["options"]),
        "players": state["players"],
        "actions": [[role, action] for role, action in state["actions"]],
    }


def digest(state: dict) -> str:
    """A fingerprint of a whole state (SHA-256 of its canonical JSON)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def check(rec) -> dict:
    """``rec`` if it is a well-formed record; RecordError saying what is wrong."""
    if not isinstance(rec, dict):
        raise RecordError("not a Kriegsspiel record: expected a JSON object")
    fmt = rec.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"not a Kriegsspiel record: its format is {fmt!r}")
    version = rec.get("version", VERSION)
    if not isinstance(version, int) or version > VERSION:
        raise RecordError(
            f"this record was written by a newer Kriegsspiel (record version {version!r}); "
            f"this one reads version {VERSION}"
        )
    if version < VERSION:
        raise RecordError(
            f"this record was written by an older Kriegsspiel (record version {version}), whose "
            "random generator is gone: its dice and cards cannot be replayed"
        )
    missing = [k for k in _FIELDS if k not in rec]
    if missing:
        raise RecordError(f"not a Kriegsspiel record: it lacks {', '.join(missing)}")
    if not isinstance(rec["actions"], list) or not all(
        isinstance(a, list) and len(a) == 2 and isinstance(a[0], str) for a in rec["actions"]
    ):
        raise RecordError("corrupt record: 'actions' must be a list of [role, action] pairs")
    if not isinstance(rec["options"], dict):
        raise RecordError("corrupt record: 'options' must be an object")
    if type(rec["game"]) is not str:
        raise RecordError("corrupt record: 'game' must be the name of a game")
    try:
        rng.check_seed(rec["seed"])
    except ValueError as e:
        raise RecordError(f"corrupt record: {e}") from None
    return rec


def replay(rec: dict, upto: int | None = None) -> dict:
    """The state a record leads to (after its first ``upto`` actions, if given)."""
    from ..games import load  # the engine knows no game; the registry does

    rec = check(rec)
    if upto is not None and (type(upto) is not int or upto < 0):
        raise RecordError(f"a record is replayed up to a number of its actions, 0 or more, not {upto!r}")
    try:
        game = load(rec["game"])
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    if rec.get("rules", game.version) != game.version or type(rec.get("rules", game.version)) is not int:
        raise RecordError(
            f"this record was played under version {rec['rules']!r} of the rules of "
            f"{game.title}; this Kriegsspiel has version {game.version}"
        )
    try:
        state = game.new(seed=rec["seed"], scenario=rec["scenario"], options=rec["options"], players=rec["players"])
    except ValueError as e:
        raise RecordError(f"the record cannot start its game: {e}") from None
    for i, (role, action) in enumerate(rec["actions"][:upto]):
        try:
            state = game.apply(state, role, action)
        except IllegalAction as e:
            try:
                what = json.dumps(action)
            except (TypeError, ValueError, RecursionError):
                what = "an action no game has"
            what = what if len(what) <= 200 else what[:200] + "..."
            raise RecordError(f"action {i + 1} of the record ({role}: {what}) is illegal: {e}") from None
    return state


def save(state: dict, path: str | Path) -> Path:
    """Write a save file of ``state``; returns its path."""
    data = record(state)
    data["digest"] = digest(state)
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    tmp.replace(path)  # a crash mid-write never leaves half a save
    return path


def read(path: str | Path) -> dict:
    """A record from a save or record file, checked; RecordError if it is not one."""
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(
            f"{path} is not a Kriegsspiel save: it is not valid JSON ({e.msg}, line {e.lineno})"
        ) from None
    except (RecursionError, ValueError):  # nested too deep, or a number too long to read
        raise RecordError(f"{path} is not a Kriegsspiel save: no game writes JSON like it") from None
    if isinstance(data, dict) and "format" not in data:
        raise RecordError(f"{path} is not a Kriegsspiel save: it has no format tag")
    return check(data)


def load_state(path: str | Path, verify: bool = True) -> dict:
    """The state a save file leads to; with ``verify``, its digest must match."""
    rec = read(path)
    state = replay(rec)
    if verify and "digest" in rec and digest(state) != rec["digest"]:
        raise RecordError(
            f"{path} does not replay to the game it saved (digest mismatch): "
            "the file was changed, or the rules changed since"
        )
    return state
