"""Helpers for the Imperial Elegy tests (rulebook shared/rulebooks/000_a5b0d7cac330d384.txt,
cited as 18.4 L998)."""

from __future__ import annotations

import kriegsspiel
from kriegsspiel.engine import call
from kriegsspiel.engine.flow import run
from kriegsspiel.games.imperial_elegy import world

game = kriegsspiel.load("imperial-elegy")
GE, UK, FR, AU, RU, OT = ("ge", "uk", "fr", "au", "ru", "ot")


def asking(s):
    """The name of the state the game waits in, or None."""
    return s["stack"][-1].get("state") if s["stack"] else None


def start(seed=1, scenario=None, **options):
    """A new 1850 game, waiting at its first question (the prep-phase discard)."""
    return game.new(seed=seed, players=6, scenario=scenario, options=options)


def blank(seed=1, scenario=None, **options):
    """The 1850 set-up with cards dealt and the flow emptied: a position to build on.
    Procedures are then run with ``proc``."""
    s = start(seed, scenario, **options)
    s["stack"].clear()
    s["phase"] = "action"
    return s


def proc(s, name, **args):
    """Run a procedure on the position until it asks a role something (or is done)."""
    call(s, name, **args)
    run(game.procedures, s)
    return s


def answer(s, role, action):
    """Answer the question the game waits on."""
    game.apply(s, role, action)
    return s


def clear_units(s, where):
    for uid in world.units_at(s, where):
        world.remove_unit(s, uid)


ALLIANCE_BOXES = {"ge": "alliance-committed", "au": "alliance-committed", "ot": "alliance-aligned",
                  "uk": "entente-aligned", "fr": "entente-committed", "ru": "entente-committed"}  # fmt: skip


def great_war(seed=1, boxes=None, until="gw-impulse"):
    """The Great War broken out on the 1850 set-up (24.0): the powers in ``boxes`` (by default
    the Triple Alliance GE, AU, OT against the Triple Entente UK, FR, RU), every question of
    the Outbreak and Planning Steps answered with the first legal action, until the game asks
    ``until`` (a state name)."""
    s = blank(seed, no_great_war_turns=False)
    for q, box in (boxes or ALLIANCE_BOXES).items():
        s["powers"][q]["alliance"] = box
    proc(s, "great-war", reason="a test")
    first_until(s, until)
    return s


def first_until(s, until):
    """Answer every question with the first legal action (the first order, the first boost...)
    until the game asks ``until`` or is over."""
    for _ in range(500):
        if not s["stack"] or asking(s) == until:
            return s
        roles = game.active(s)
        for role in roles:
            answer(s, role, game.actions(s, role)[0])
    raise AssertionError(f"never asked {until}")


def until_impulse(s, power, skip=0):
    """Play plainly (keep, done, a card for CP, else pass) until ``power`` is asked for its
    peacetime impulse (``skip``: that many of its impulses first)."""
    for _ in range(800):
        if asking(s) == "impulse" and game.active(s) == [power]:
            if not skip:
                return s
            skip -= 1
        r = game.active(s)[0]
        acts = game.actions(s, r)
        cp = [a for a in acts if isinstance(a, dict) and a.get("as") == "cp"]
        pick = next((x for x in ("keep", "done") if x in acts), None)
        answer(s, r, pick or (cp[0] if cp else ("pass" if "pass" in acts else acts[0])))
    raise AssertionError(f"{power} was never asked for its impulse")


def hand_card(s, power, c):
    """Put card ``c`` in the power's hand, from wherever it was."""
    for q in s["powers"]:
        if c in s["powers"][q]["hand"]:
            s["powers"][q]["hand"].remove(c)
    for pile in ("deck", "discard"):
        if c in s[pile]:
            s[pile].remove(c)
    s["powers"][power]["hand"].append(c)
