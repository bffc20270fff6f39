"""Shared helpers for the tests of secret orders and On the March (not a test module).

The tests run ``orders.py`` and ``march.py`` inside a small harness game: the same
state layout as Imperial Borders (board.py's docstring, ``setup.lay_out`` for the
Forts and Ports), the real battle module, and no other phase. A test lays out
Forces with ``place``, pushes the procedure it wants (``plot_orders`` or
``active_turn``) with ``begin`` and answers the questions with ``act``. Views use
the same secrecy as the lead's board: a nation's orders are shown to itself, and to
everyone once it has been the Active Nation.
"""

from __future__ import annotations

import json

from kriegsspiel.engine import Procedure, flow
from kriegsspiel.games.imperial_borders import board, setup
from kriegsspiel.games.imperial_borders.board import AUSTRIA, BRITAIN, FRANCE, NATIONS, PRUSSIA, RUSSIA, SPAIN
from kriegsspiel.games.imperial_borders.data import pack
from kriegsspiel.games.imperial_borders.rules import ImperialBorders

P = pack()
ROLES = (AUSTRIA, BRITAIN, FRANCE, PRUSSIA, RUSSIA, SPAIN)

NEUTRAL = {6: (), 5: (SPAIN,), 4: (SPAIN, RUSSIA), 3: (), 2: ()}


class Idle(Procedure):
    """The harness's game: nothing; tests push the procedure they test."""

    def start(self, s, f):
        return None


class March(Procedure):
    """Phase 4 as the round runs it: each nation of ``nations`` is the Active Nation in turn."""

    def start(self, s, f):
        s["phase"] = "march"
        if not f["nations"]:
            return None
        nation = f["nations"].pop(0)
        s["active"] = nation
        s["moved"].append(nation)
        s["orders"].setdefault(nation, [])
        flow.call(s, "active_turn", nation=nation)
        return "start"


class Harness(ImperialBorders):
    """Imperial Borders with no phase of its own: its set-up's layout (Steps A-B, no
    Forces) and views, the real orders, march and battle modules, and the round's
    Phase 4 as ``harness_march``."""

    id = "ib-march-harness"
    title = "Imperial Borders (orders and On the March)"
    procedures = {**ImperialBorders.procedures, "game": Idle(), "harness_march": March()}

    def roles_in_play(self, players, options=None):
        return [n for n in NATIONS if n not in NEUTRAL[players]]

    def setup(self, s):
        super().setup(s)
        s["teams"] = {n: i for i, n in enumerate(NATIONS)}
        s["phase"] = "orders"
        setup.lay_out(s)


game = Harness()


def fresh(players=6, options=None, seed=1):
    """A state with homelands, annexed territories, Gibraltar and Malta laid out and no Forces."""
    s = game.new(seed=seed, players=players)
    s["options"].update(options or {})
    return s


def place(s, nation, unit, region, n=1, elite=False):
    return [board.add_force(s, nation, unit, region, elite) for _ in range(n)]


def aboard(s, ship, nation, unit, n=1):
    """Put Cargo aboard a Ship."""
    out = []
    for _ in range(n):
        fid = board.add_force(s, nation, unit, s["forces"][ship]["at"])
        s["forces"][fid]["cargo_of"] = ship
        out.append(fid)
    return out


def begin(s, proc, **local):
    flow.call(s, proc, **local)
    flow.run(game.procedures, s)
    return s


def top(s):
    return s["stack"][-1] if s["stack"] else None


def state_name(s):
    f = top(s)
    return None if f is None else f.get("state")


def act(s, role, action):
    return game.apply(s, role, action)


def acts(s, role):
    return game.actions(s, role)


def plot(s, nation, origin, path, count):
    """Plot one order through the secret draft, step by step (L416-428)."""
    act(s, nation, {"from": origin})
    for region in path:
        act(s, nation, {"to": region})
    act(s, nation, {"count": count})


def plot_round(s, plans=None):
    """Phase 2: every nation in play plots ``plans[nation]`` ([(origin, path, count)]) and commits."""
    begin(s, "plot_orders")
    for nation, plan in (plans or {}).items():
        for origin, path, count in plan:
            plot(s, nation, origin, path, count)
    for nation in list(game.active(s)):
        act(s, nation, "done")
    assert state_name(s) is None
    return s


def set_orders(s, nation, plan):
    """Write orders directly (as Phase 2 leaves them), for tests of Phase 4 alone."""
    s["orders"][nation] = [{"from": o, "path": list(p), "count": c, "status": "plotted"} for o, p, c in plan]


def start_turn(s, nation):
    """Phase 4: ``nation`` becomes the Active Nation (as the round procedure does)."""
    s["phase"] = "march"
    s["active"] = nation
    s["moved"].append(nation)
    s["orders"].setdefault(nation, [])
    return begin(s, "active_turn", nation=nation)


def pub(s):
    """The public log, as text."""
    return [e[1] for e in s["log"] if len(e) == 2]


def order_of(s, nation, i):
    return s["orders"][nation][i]


def tags(s, fid):
    return s["forces"][fid]["tags"]


def at(s, fid):
    return s["forces"][fid]["at"]


def view(s, role):
    return json.dumps(game.view(s, role), sort_keys=True)


BATTLE_PREFERENCE = ("fight", "done", "against", "aggressive", "continue", "seize")


def battle_choice(s, role, options):
    """A plain answer to a battle question: fight on, else the first legal action."""
    for want in BATTLE_PREFERENCE:
        if want in options:
            return want
    return options[0]


def answer_battles(s, chooser=None, limit=500):
    """Answer every question of a running battle (``battle_choice`` unless ``chooser``)."""
    n = 0
    while s["stack"] and state_name(s) and not state_name(s).startswith(("march_", "orders_")):
        role = game.active(s)[0]
        options = acts(s, role)
        a = (chooser or battle_choice)(s, role, options)
        act(s, role, a)
        n += 1
        assert n < limit
    return s
