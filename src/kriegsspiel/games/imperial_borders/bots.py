"""Imperial Borders' bots.

``heuristic`` plays any nation: it plots orders toward territories to annex
and weak enemy regions while keeping its Capital held, bids a little for an
early turn when it has plans to execute first, fights when it is the stronger
side, annexes, and musters a balanced army where it is needed.

A bot is ``bot(view, actions, rng) -> action`` and sees only its nation's
view. The policies for each question are written against the public state
in ``view["board"]`` (the state as that nation may see it) and, for a
question put to this nation alone, its particulars in ``board["question"]``;
orders and On the March are in ``bots_march.py``, battles in
``bots_battle.py``, the rest here.
"""

from __future__ import annotations

from functools import cache

from .board import NATIONS, holds_capital
from .data import pack

UNIT_MIX = ("full-infantry", "cannon", "cavalry", "full-infantry", "half-infantry", "frigate")


def as_state(view: dict) -> tuple[dict, dict]:
    """The public state the policies read, and the particulars of the question."""
    board = view["board"]
    s = dict(board)
    s["options"] = view["options"]
    s["roles"] = view["roles"]
    return s, board.get("question") or {}


# ----- Phase 3 -----------------------------------------------------------------------------


def bid(s, f, role, actions):
    """A modest bid: more when the Treasury is full and the nation has orders to run early."""
    gold = s["gold"][role]
    want = min(gold // 6, 4)
    return min(actions, key=lambda a: abs(a["bid"] - want))


def claim_slot(s, f, role, actions):
    return actions[0]  # first come, first served


# ----- Phase 5 -----------------------------------------------------------------------------


def annex_pool(s, f, role, actions):
    """Pool with a team-mate; otherwise roll for ourselves."""
    for a in actions:
        if isinstance(a, dict) and s["teams"][a["pool_with"]] == s["teams"][role]:
            return a
    return "roll"


def instigate_revolt(s, f, role, actions):
    """Stir up a revolt in the richest territory of the Prestige leader."""
    choices = [a for a in actions if isinstance(a, dict)]
    if not choices:
        return "pass"
    territories = pack().territories

    def worth(a):
        owner = s["control"][a["revolt"]]
        return (s["prestige"][owner], territories[a["revolt"]].value)

    return max(choices, key=worth)


# ----- Phase 6 -----------------------------------------------------------------------------


def prestige_gift(s, f, role, actions):
    """Give the point to the nation least likely to win."""
    return min(actions, key=lambda a: (s["prestige"][a["give"]], NATIONS.index(a["give"])))


def congress_vote(s, f, role, actions):
    """Peace when leading, War when behind."""
    mine = s["prestige"][role]
    best = max(s["prestige"][n] for n in s["roles"])
    return "peace" if mine >= best else "war"


# ----- Phase 7 -----------------------------------------------------------------------------


def permit_repair(s, f, role, actions):
    nations = {s["forces"][x]["nation"] for x in f.get("ships", []) if x in s["forces"]}
    return "allow" if all(s["teams"][n] == s["teams"][role] for n in nations) else "refuse"


def muster(s, f, role, actions):
    """Buy in a fixed mix; land units where the enemy is closest to the homeland."""
    buys = [a for a in actions if isinstance(a, dict)]
    if not buys:
        return "done"
    mine = [x for x in s["forces"].values() if x["nation"] == role]
    counts = {u: sum(1 for x in mine if x["type"] == u) for u in pack().units}
    ship = transport(s, role, mine, buys)
    if ship is not None:
        return ship
    for unit in sorted(UNIT_MIX, key=lambda u: counts.get(u, 0)):
        options = [a for a in buys if a["buy"] == unit]
        if options:
            capital = pack().nations[role].capital
            if not holds_capital(s, role):
                return "done"
            at_capital = [a for a in options if a["at"] == capital]
            return at_capital[0] if at_capital and counts.get(unit, 0) % 2 == 0 else options[-1]
    return "done"


def transport(s, role, mine, buys):
    """An island nation whose Land Units outnumber its Ships' room buys a Ship first,
    in a Port whose Interior holds the most of them."""
    p = pack()
    stranded: dict[str, int] = {}
    for x in mine:
        t = p.territories.get(x["at"])
        if x["cargo_of"] is None and p.units[x["type"]].kind == "land" and t is not None and t.island:
            stranded[t.id] = stranded.get(t.id, 0) + 1
    room = sum(p.units[x["type"]].cargo_capacity for x in mine) // 2
    if sum(stranded.values()) <= room + 2:
        return None
    ships = [a for a in buys if a["buy"] in ("frigate", "ship-of-the-line") and a["at"] in p.ports]
    if not ships:
        return None
    return max(ships, key=lambda a: (stranded.get(p.ports[a["at"]].territory, 0), a["buy"] == "frigate", a["at"]))


# ----- Set-up ------------------------------------------------------------------------------


def setup_plot(s, f, role, actions):
    """Capital first, then spread along the homeland; ships in the first port."""
    capital = pack().nations[role].capital
    for a in actions:
        if a == {"land": capital}:
            return a
    lands = [a for a in actions if isinstance(a, dict) and "land" in a]
    if lands:
        return lands[0]
    ships = [a for a in actions if isinstance(a, dict) and "ship" in a]
    if ships:
        return ships[0]
    return "done" if "done" in actions else actions[0]


def setup_place(s, f, role, actions):
    """Heavier units first, the Elite on the first of its type."""
    order = ("full-infantry", "cannon", "cavalry", "half-infantry", "ship-of-the-line", "frigate")
    return min(actions, key=lambda a: (order.index(a["place"]), not a["elite"]))


POLICIES = {
    "bid": bid,
    "claim_slot": claim_slot,
    "annex_pool": annex_pool,
    "instigate_revolt": instigate_revolt,
    "prestige_gift": prestige_gift,
    "congress_vote": congress_vote,
    "permit_repair": permit_repair,
    "muster": muster,
    "setup_plot": setup_plot,
    "setup_place": setup_place,
}


@cache
def policies() -> dict:
    """Every question's policy: these, On the March's and the battles'."""
    from . import bots_battle, bots_march

    return {**POLICIES, **bots_march.POLICIES, **bots_battle.POLICIES}


def heuristic(view: dict, actions: list, rng) -> object:
    """Any nation: plots toward lands to annex while holding its Capital, fights when stronger."""
    s, f = as_state(view)
    policy = policies().get(view["board"].get("asking"))
    if policy is None:
        return actions[rng.randrange(len(actions))]
    choice = policy(s, f, view["role"], actions)
    return choice if choice in actions else actions[rng.randrange(len(actions))]


BOTS = {"heuristic": heuristic}
