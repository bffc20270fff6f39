"""Shared helpers for The First World War's tests (not a test module).

Positions are reached by playing the game forward with legal actions (every
empire passes, deploys on its first legal front, declines every option), then
rigged with the module's own board helpers so ``s["on"]`` stays in step with
``s["armies"]``. Dice are scripted (``special_dice``, on the engine's ``scripted_dice``):
the real code path rolls them.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from functools import lru_cache

import kriegsspiel
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.first_world_war import board
from kriegsspiel.games.first_world_war.data import pack

game = kriegsspiel.load("first-world-war")
P = pack()

DE, AH, WA, RU = board.DE, board.AH, board.WA, board.RU
EMPIRES = board.EMPIRES
SEED = 11


# ----- reading the state -----------------------------------------------------------------


def top(s):
    return s["stack"][-1] if s["stack"] else None


def state_name(s):
    f = top(s)
    return None if f is None else f.get("state")


def at(s, state, role=None):
    """The game waits in ``state`` (for ``role``, if given)."""
    return state_name(s) == state and (role is None or role in game.active(s))


def dump(s):
    return json.dumps(s, sort_keys=True)


def now(s):
    """The index of the current Player Turn, as ``s["due"]`` counts them (RULINGS R23)."""
    return s["year"] * 4 + s["turn"] - 1


def public_log(s):
    return [e[1] for e in s["log"] if len(e) == 2]


# ----- playing forward ----------------------------------------------------------------------


def default_choice(s, role, acts):
    """Pass, decline, otherwise the first legal action."""
    for pref in ("pass", "no"):
        if pref in acts:
            return pref
    return acts[0]


def drive(s, until, choose=default_choice, limit=20000):
    """Apply chosen legal actions until ``until(s)`` holds."""
    n = 0
    while not until(s):
        assert not game.is_over(s), "the game ended before the wanted position"
        role = game.active(s)[0]
        acts = game.actions(s, role)
        assert acts, f"{role} is active but has no legal action"
        game.apply(s, role, choose(s, role, acts))
        n += 1
        assert n < limit, "drive() did not reach the wanted position"
    return s


def chooser(deploy=None):
    prefs = dict(deploy or {})

    def choose(s, role, acts):
        first = acts[0]
        if prefs and isinstance(first, dict) and "place" in first and first["place"] in prefs:
            want = {"place": first["place"], "front": prefs[first["place"]]}
            if want in acts:
                return want
        return default_choice(s, role, acts)

    return choose


@lru_cache(maxsize=None)
def _position(players, scenario, options, year, turn, role, deploy, state):
    s = game.new(seed=SEED, players=players, scenario=scenario, options=dict(options))
    return drive(s, lambda s: at(s, state, role) and s["year"] == year and s["turn"] == turn, chooser(dict(deploy)))


def position(players=4, year=0, turn=1, role=DE, state="operations", scenario="standard", options=None, deploy=None):
    """A fresh copy of the position where ``role`` is asked in ``state`` in Player
    Turn ``turn`` of year index ``year`` (turn 0: the Deployment Turn)."""
    key_opts = tuple(sorted((options or {}).items()))
    key_dep = tuple(sorted((deploy or {}).items()))
    return game.clone(_position(players, scenario, key_opts, year, turn, role, key_dep, state))


def opening(players=4, **kw):
    """Player Turn 1 of 1/1914: Germany chooses its action."""
    return position(players=players, **kw)


def pass_until(s, role, state="operations"):
    """Everyone passes until ``role`` is asked in ``state``."""
    return drive(s, lambda s: at(s, state, role))


# ----- rigging ----------------------------------------------------------------------------


def clear(s, *fronts):
    """Take every army and dummy off these fronts (out of play)."""
    for n in fronts:
        for a in list(s["on"][str(n)]):
            board.lift(s, a, "out")
        for r in EMPIRES:
            s["dummies"][r].pop(str(n), None)


def put(s, army, front, ctl=None):
    board.place(s, army, front)
    if ctl is not None:
        s["armies"][army]["ctl"] = ctl


def dummy(s, role, front, n=1):
    board.add_dummy(s, role, front, n)


def hand(s, role, *markers, due=()):
    """Give ``role`` exactly these markers (taken from wherever they are); the old
    hand goes back to the cups. Markers in ``due`` are due in this Player Turn."""
    for m in s["hands"][role]:
        s["cups"][P.markers[m].alliance].append(m)
    s["hands"][role] = []
    for m in markers:
        for pile in (s["cups"], s["used"]):
            for alliance in pile:
                if m in pile[alliance]:
                    pile[alliance].remove(m)
        for r in EMPIRES:
            if m in s["hands"][r]:
                s["hands"][r].remove(m)
        if m in s["removed"]:
            s["removed"].remove(m)
    s["hands"][role] = sorted(markers)
    s["due"][role] = {m: now(s) for m in due}
    for alliance in s["cups"]:
        s["cups"][alliance].sort()


def special_dice(s, *faces):
    """Script the next special-die rolls of ``s`` (2.6: 1 to 4, or S, written 0), as
    ``with special_dice(s, 2, 0): ...``: ``board.special_die`` rolls a six-sided die and reads
    5-6 as S, so an S is scripted as a 5 (engine/testing.py: every face must be rolled
    in the block, and no other die)."""
    return scripted_dice(s, *(5 if face == 0 else face for face in faces))


def fight(s, attacker, front, leads=None, markers=None, reacts=None, occupy=None, draws=None, put_back=None, dice=None):
    """Launch an offensive and answer every question it asks until it is over."""
    leads, markers, reacts, draws = leads or {}, markers or {}, reacts or {}, draws or {}
    with nullcontext() if dice is None else special_dice(s, *dice):
        game.apply(s, attacker, {"offensive": front})
        _answer_offensive(s, leads, markers, reacts, occupy, draws, put_back)
    return s["last_battle"]


def _answer_offensive(s, leads, markers, reacts, occupy, draws, put_back):
    while s["battle"] is not None:
        name = state_name(s)
        for role in game.active(s):
            acts = game.actions(s, role)
            if name == "lead":
                a = {"lead": leads[role]} if role in leads else acts[0]
            elif name == "commit":
                # a side that names no marker plays none, or the one it is forced to (R23)
                a = {"marker": markers[role]} if role in markers else min(acts, key=lambda x: x["marker"] is not None)
            elif name == "react":
                a = reacts.get(role, "no")
            elif name == "advance":
                a = {"occupy": occupy} if occupy else acts[0]
            elif name == "s_draw":
                a = draws.get(role, "no")
            elif name == "put_back":
                a = {"put_back": put_back} if put_back else acts[0]
            else:
                raise AssertionError(f"unexpected state {name} during an offensive")
            game.apply(s, role, a)


def views_of(s, role):
    return json.dumps(game.view(s, role), sort_keys=True)
