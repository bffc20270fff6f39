"""Helpers for the tests of the Imperialism 1880 console (chart sheet
shared/rulebooks/003_97ea5e6eafe12590.txt, cited as L58, L156...; rulings R1... in
src/kriegsspiel/games/imperialism_1880/RULINGS.md)."""

from __future__ import annotations

import kriegsspiel
from kriegsspiel.games.imperialism_1880 import books, console, orders
from kriegsspiel.games.imperialism_1880.data import pack

game = kriegsspiel.load("imperialism-1880")
REF = "referee"
GREAT = books.GREAT
FREE = ("uganda", "tchad", "sokoto", "nigeria", "tanganyika")  # East map, on no Casus Belli list, empty in 1880


def asking(s):
    """The name of the state the game waits in, or None."""
    return s["stack"][-1].get("state") if s["stack"] else None


def new(seed=1, players=1, **options):
    """A new campaign, in the referee's entries of 1880 (the powers sent no orders, the minor
    powers' activity answered 'no effect')."""
    s = game.new(seed=seed, players=players, options=options)
    return to_entries(s)


def to_entries(s):
    """Answer every question until the referee's entries (or the end): every power sends
    its orders as they stand."""
    while s["stack"] and asking(s) != "entries":
        q = asking(s)
        if q == "orders":
            for power in game.active(s):
                game.apply(s, power, orders.SUBMIT)
        elif q == "minor_activity":
            game.apply(s, REF, {"effect": "none"})
        elif q == "war_end":
            game.apply(s, REF, "continue")
        else:
            raise AssertionError(f"unexpected question {q}")
    return s


def write(s, power, kind, /, **steps):
    """A power writes one request of its orders, step by step as its menu asks."""
    game.apply(s, power, {"request": kind})
    while s["orders"][power]["draft"]:
        acts = game.actions(s, power)
        what = next(iter(acts[0])) if isinstance(acts[0], dict) else None
        assert what in steps, f"the request asks for {what!r}; given {sorted(steps)}"
        game.apply(s, power, {what: steps[what]})
    return s


def end_turn(s):
    """The referee ends the entries and confirms it."""
    game.apply(s, REF, console.NEXT)
    game.apply(s, REF, console.CONFIRM)
    return s


def enter(s, kind, /, **steps):
    """Make one entry through the menu: its kind, then each step the menu asks for."""
    game.apply(s, REF, {"entry": kind})
    while asking(s) == "entries" and s["stack"][-1]["draft"]:
        acts = game.actions(s, REF)
        what = next(iter(acts[0])) if isinstance(acts[0], dict) else None
        assert what in steps, f"the menu asks for {what!r}; given {sorted(steps)}"
        game.apply(s, REF, {what: steps[what]})
    return s


def next_phase(s):
    """End the referee's entries (confirmed)."""
    return end_turn(s)


def plant(s, power, area, status, established=True):
    """Put a marker on the map directly (a hand-made position), keeping the counter mix."""
    here = s["markers"].setdefault(area, {})
    if power in here:
        s["counters"][power][here[power]["counter"]] += 1
    kind = books.COUNTER_OF[status]
    here[power] = {"status": status, "established": established, "counter": kind}
    s["counters"][power][kind] -= 1
    return s


def clear(s, area):
    """Take every marker off an area, returning the counters."""
    for power in list(s["markers"].get(area, {})):
        books._drop_marker(s, area, power)
    return s


def give(s, power, where, sp, role="army"):
    """Units of ``sp`` strength points for a power at a place (M10s, then M3s, then M1s)."""
    for size in ("m10", "m3", "m1"):
        while sp >= books.STRENGTH[size] and s["counters"][power][size] > 0:
            s["counters"][power][size] -= 1
            books._add_units(s, power, size, role, where, 1)
            sp -= books.STRENGTH[size]
    assert sp == 0, f"{power} has not the counters for that strength"
    return s


def take_all_units(s, power, where):
    for key, n in list(books.units_of(s, power).get(where, {}).items()):
        size, role = key.split("-")
        books._add_units(s, power, size, role, where, -n)
        s["counters"][power][size] += n
    return s


def ledger(s):
    """The ETI changes of the campaign so far, without the opening entry: (amount, cause, line)."""
    return [(e["amount"], e["cause"], e["line"]) for e in s["eti_ledger"][1:]]


def cbs(s):
    """The register as (holder, against, line), unresolved ones."""
    return [(c["holder"], c["against"], c["line"]) for c in books.open_cbs(s)]


def vp_entries(s, power):
    return [(e["rule"], e["amount"]) for e in s["books"][power]["vp"]]


def public_log(s):
    return [e[1] for e in s["log"] if len(e) == 2]


__all__ = ["pack"]
