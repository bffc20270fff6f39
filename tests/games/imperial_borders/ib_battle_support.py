"""Helpers for the Imperial Borders battle tests (rulebook
shared/rulebooks/001_c918182dbcad1d7d.txt, cited as L123; not a test module).

Positions start from a new historical game (every part of the state the lead's
``setup`` lays out), with the map cleared of Mobile Forces and the Active Nation
set; a small harness procedure then does what ``march.py`` does on the Active
Nation's turn: ``call(s, "battle", region=...)``. Dice are scripted with the engine's
``scripted_dice`` (``script``): the game's own ``roll_dice`` rolls them, and at the end of
the block the rolls the battle logged must be the script's, colour by colour and die by
die, so the scripts also test the dice each side gathers.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache

from ib_support import dice

import kriegsspiel
from kriegsspiel.engine import Procedure, call, flow
from kriegsspiel.games.imperial_borders import battle, board
from kriegsspiel.games.imperial_borders.data import pack

game = kriegsspiel.load("imperial-borders")
FR, AU, PR, GB, RU, SP = board.NATIONS
P = pack()


class TestBattle(Procedure):
    """What the Active Nation's turn does to start a battle (the contract with march.py)."""

    def start(self, s, f):
        call(s, "battle", region=f["region"])
        return "after"

    def after(self, s, f):
        s["battles_done"] = s.get("battles_done", 0) + 1
        return None


class Harness(type(game)):
    procedures = {**type(game).procedures, "test_battle": TestBattle()}


H = Harness()


@lru_cache(maxsize=None)
def _base(players: int, seed: int):
    return game.new(seed=seed, players=players, scenario="historical")


def position(active, moved=None, players=6, seed=1, **options):
    """The map with no Mobile Forces, in Phase 4 with ``active`` the Active Nation."""
    s = game.clone(_base(players, seed))
    s["forces"] = {}
    s["stack"] = []
    s["phase"] = "march"
    s["active"] = active
    s["moved"] = list(moved) if moved is not None else [active]
    s["options"] = dict(s["options"], **options)
    return s


def put(s, nation, unit, region, n=1, elite=False, tags=(), damage=0, cargo_of=None):
    """Place ``n`` forces; returns their ids (one id if n == 1)."""
    out = []
    for _ in range(n):
        fid = board.add_force(s, nation, unit, region, elite)
        f = s["forces"][fid]
        f["tags"] = sorted(tags)
        f["damage"] = damage
        if cargo_of is not None:
            f["cargo_of"] = cargo_of
            f["at"] = s["forces"][cargo_of]["at"]
        out.append(fid)
    return out[0] if n == 1 else out


def fight(s, region):
    """Start a battle in ``region``; returns the state, waiting for the first answer."""
    s["stack"] = [{"proc": "test_battle", "at": "start", "region": region}]
    flow.run(H.procedures, s)
    return s


def asking(s):
    return s["stack"][-1].get("state") if s["stack"] else None


def who(s):
    return H.active(s)


def acts(s, role=None):
    role = role or who(s)[0]
    return H.actions(s, role)


def do(s, role, action, state=None):
    """Apply one action, checking (if given) the state the game waits in."""
    if state is not None:
        assert asking(s) == state, f"waiting in {asking(s)} for {who(s)}, not {state}"
    assert role in who(s), f"{role} is not asked now; {who(s)} are ({asking(s)})"
    H.apply(s, role, action)
    return s


def answer(s, state, role, action):
    return do(s, role, action, state)


def until(s, state, default=None):
    """Answer every question with ``default(s, role, actions)`` (by default: fight,
    done, continue, the first legal action) until the game waits in ``state``."""
    n = 0
    while s["stack"] and asking(s) != state:
        role = who(s)[0]
        a = acts(s, role)
        H.apply(s, role, (default or plain)(s, role, a))
        n += 1
        assert n < 500, "until() did not reach the state"
    return s


def plain(s, role, actions):
    for pref in ("fight", "done", "continue", "aggressive"):
        if pref in actions:
            return pref
    return actions[0]


def finish(s, default=None):
    """Answer every remaining question until the battle is over."""
    until(s, None, default)
    assert s["battle"] is None
    return s["last_battle"]


@contextmanager
def script(s, rolls):
    """Script the dice of the block: ``rolls`` lists (colour, faces) in the order the
    battle rolls them (each round: the Active side's Black, its White, the defenders'
    Black, their White; a colour with no dice is not rolled). Every scripted die must be
    rolled in the block, and no other; at its end the rolls the battle logged must be
    ``rolls``, colour and number of dice included. Gives the engine's script (``left``,
    ``rolled``: the faces to come and those rolled, as places among the colour's faces)."""
    mark = len(s["log"])
    with dice(s, rolls) as faces:
        yield faces
    rolled, scripted = logged_rolls(s, mark), [(colour, list(names)) for colour, names in rolls]
    assert rolled == scripted, f"the battle rolled {rolled}; the script was {scripted}"


ROLL_LINE = re.compile(r"'s side rolls (.*) \[")
ROLL = re.compile(r"(\d+) (Black|White) \(([^)]*)\)")
FACE_NAMED = {words: face for face, words in battle.FACE.items()}


def logged_rolls(s, mark=0):
    """The rolls the battle logged since ``mark``, as (colour, faces), in order."""
    out = []
    for text in log_since(s, mark):
        line = ROLL_LINE.search(text)
        for n, colour, words in ROLL.findall(line.group(1)) if line else ():
            faces = [FACE_NAMED[w] for w in words.split(", ")]
            assert len(faces) == int(n), text
            out.append((colour.lower(), faces))
    return out


def blanks(n):
    return ["blank"] * n


def public_log(s):
    return [e[1] for e in s["log"] if len(e) == 2]


def log_since(s, mark):
    return [e[1] for e in s["log"][mark:]]


def nation_forces(s, nation, region=None):
    return sorted(
        (f["type"] for f in s["forces"].values() if f["nation"] == nation and (region is None or f["at"] == region))
    )


def region_of_kind(kind, **want):
    """The first region of a kind ('territory', 'port', 'sea', 'mountain') whose
    record matches ``want``."""
    table = {"territory": P.territories, "port": P.ports, "sea": P.seas, "mountain": P.mountains}[kind]
    for rid, rec in table.items():
        if all(getattr(rec, k) == v for k, v in want.items()):
            return rid
    raise AssertionError(f"no {kind} with {want}")
