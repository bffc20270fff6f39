"""Helpers for the Imperial Borders tests of the Game Round, set-up, taxes, turn
order, annexation, On Parade, muster and the end (rulebook
shared/rulebooks/001_c918182dbcad1d7d.txt, cited as L123)."""

from __future__ import annotations

import kriegsspiel
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_borders import board
from kriegsspiel.games.imperial_borders.data import pack

game = kriegsspiel.load("imperial-borders")
FR, AU, PR, GB, RU, SP = board.NATIONS


def dice(s, rolls):
    """Script the dice of a block (the engine's ``scripted_dice``): ``rolls`` lists
    (colour, faces) in the order the game rolls them, each face named as in the pack.
    The game reads a die as ``faces[rng.below(s, 6)]`` from the colour's six faces, so
    each named face is scripted as its place among them (``below=True``). The block
    fails if the game rolls more dice than scripted, or fewer."""
    faces = pack().dice
    return scripted_dice(s, *(faces[colour].index(face) + 1 for colour, names in rolls for face in names), below=True)


def asking(s):
    """The name of the state the game waits in, or None."""
    return s["stack"][-1].get("state") if s["stack"] else None


def start(players=6, scenario="historical", seed=1, **options):
    """A new game, set up, waiting for the first orders."""
    return game.new(seed=seed, players=players, scenario=scenario, options=options)


def finish_plotting(s):
    """Every nation commits its (empty) orders."""
    while asking(s) and game.states[asking(s)].simultaneous and "done" in game.actions(s, game.active(s)[0]):
        if asking(s) == "bid" or asking(s) == "congress_vote":
            return s
        for role in game.active(s):
            game.apply(s, role, "done")
    return s


def bid_all(s, bids):
    """Phase 3: each nation bids; ``bids`` maps nation -> Gold."""
    assert asking(s) == "bid"
    for role in list(game.active(s)):
        game.apply(s, role, {"bid": bids.get(role, 0)})
    return s


def clear_forces(s):
    s["forces"] = {}
    return s


def put(s, nation, unit, region, n=1, elite=False):
    return [board.add_force(s, nation, unit, region, elite) for _ in range(n)]


def territory_named(name):
    return next(t for t, info in pack().territories.items() if info.name == name)


def independent(n=1, exclude=()):
    """Independent territories with no port, for annexation tests."""
    out = [
        t
        for t, info in pack().territories.items()
        if info.independent and not info.ports and t not in exclude and not info.special
    ]
    return out[:n]


def public_log(s):
    return [e[1] for e in s["log"] if len(e) == 2]
