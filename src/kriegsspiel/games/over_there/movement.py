"""Rules 6 and 7: where a unit or a stack may go in a phase, and the move itself.

A move is a leg: the unit (or stack) goes from its hex to one destination along the cheapest
path, paying terrain (TEC, L205), hexsides, the cost of leaving enemy ZOCs (6A, L207) and roads
at the clear rate (7B). A unit with MPs left may make another leg in the same phase, so march,
rail and march again mix as 7A2 allows. Every destination is listed with its cost; the rules
that restrict it are checked here, once, for the list and for the move.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...engine import hexes as hx
from . import logistics, supply
from .logistics import RES_RE
from .world import (
    BRIDGED,
    BRIDGES_AT,
    CH,
    FORTRESS_HEXES,
    LAND_SET,
    MAP,
    NEIGHBOURS,
    OTHER,
    SIDE_UNITS,
    TURNS,
    UNITS,
    ZOC_NEIGHBOURS,
    bridge_owner,
    closed_bridges_and_hexes,
    closed_steps,
    fits,
    fmt,
    has_zoc,
    hex_name,
    move_class,
    on_map,
    rail_steps,
    rating,
    re_size,
    reduced_zoc,
    side_map,
    stack_item,
    step_costs,
)

MODES = {  # phase -> the movement it allows (6, 6B-6E)
    "movement": "movement",
    "reaction-movement": "reaction",
    "exploitation": "exploitation",
}
GAUGE = {"central-powers": "standard", "entente": "broad"}  # 7A: each side's own net (ruling O4)
ACCEL_HEX = frozenset(h for h, rec in CH.hexes.items() if rec.accel_good_roads and not rec.prohibited)
ACCEL_SIDE = frozenset(k for k, rec in CH.hexsides.items() if getattr(rec, "accel_good_roads", True))


def allowance(s: dict, uid: str, mode: str, *, accel: bool = False) -> float:
    """A unit's movement rating in this kind of movement (6, 6B, 6E): doubled by accel,
    cut for exploitation and reserve commitment (rounded down, L245), halved when
    disrupted (3A5) and in the second turn out of general supply (11F)."""
    u = UNITS[uid]
    v = s["units"][uid]
    printed = u.cadre[2] if v["cadre"] and u.cadre else u.movement  # (rating's third number)
    if (v.get("carry") or v.get("laden")) and not u.army_hq:  # 11H (L656-657): first, 3 MPs less
        printed = max(0, printed - logistics.DIVISION_CARRY_MP)
    if mode == "exploitation":
        ma = _mode_rating("exploitation", printed, u.tags)
    elif mode == "reserve":
        ma = _mode_rating("reserve-commitment", printed, u.tags)
    else:
        ma = printed * 2 if accel else printed
    if v["dis"]:
        ma = ma / 2
    return ma * supply.movement_factor(s, uid) if v["out"] else float(ma)  # (in supply: 1)


@lru_cache(maxsize=None)
def _mode_rating(mode: str, printed: int, tags: frozenset) -> int:
    return CH.mode_rating(mode, printed, tags)


def movers(s: dict, side: str, mode: str, where=None) -> list[str]:
    """The side's units that may still move in this phase, in the scenario's order; only those
    ``where(uid, hex)`` accepts, if given."""
    units = s["units"]
    turn = s["turn"]
    most = _MOST_MP.get(mode, _MOST_MP["movement"])
    out = []
    reaction = mode == "reaction"
    for uid in _MAY_MOVE[side]:
        v = units.get(uid)
        if v is None or v["at"] != "map":
            continue
        moved = v["moved"]
        if moved and v["spent"] >= most[uid] * (2 if v.get("accel") else 1):
            continue  # its MPs are spent, whatever its allowance (the common case, told first)
        if v.get("strat") or v.get("holds"):
            # 7A3: strategic rail movement ends the unit's moving for the player turn; 7A (L275):
            # a unit holding its hex for a rail move through the enemy's ZOC stays
            continue
        if uid in (_STILL_CADRE if v["cadre"] else _STILL):
            continue
        if uid in _FROZEN and turn < _FROZEN[uid]:
            continue
        if reaction and uid in _ARMY_HQS:
            continue  # 6D: Army HQs do not move in reaction
        if moved and v["spent"] >= allowance(s, uid, mode, accel=v.get("accel", False)):
            continue  # its MPs are spent
        if where is None or where(uid, v["hex"]):
            out.append(uid)
    return out


def _turn_index(tid: str) -> int:
    return TURNS.index(tid)


_STILL = frozenset(uid for uid, u in UNITS.items() if u.fortress or u.movement <= 0)
"""Units that never move (fortress units, a movement rating of 0), at full strength..."""
_STILL_CADRE = frozenset(uid for uid, u in UNITS.items() if u.fortress or (u.cadre or (0, 0, u.movement))[2] <= 0)
"""...and reduced to their cadre (3A1)."""
_FROZEN = {uid: _turn_index(u.frozen_until) for uid, u in UNITS.items() if u.frozen_until}
"""Units frozen by the scenario: the first turn they may move."""
_ARMY_HQS = frozenset(uid for uid, u in UNITS.items() if u.army_hq)
_MAY_MOVE = {
    side: tuple(u for u in SIDE_UNITS[side] if u not in _STILL or u not in _STILL_CADRE) for side in SIDE_UNITS
}
"""Each side's units that may move at full strength or as a cadre, in the scenario's order."""
_MOST_MP = {
    mode: {
        uid: max(
            _mode_rating(chart, p, u.tags) if chart else p
            for p in range(max(u.movement, (u.cadre or (0, 0, 0))[2]) + 1)  # 11H: a carrier's is less
        )
        for uid, u in UNITS.items()
    }
    for mode, chart in (("movement", None), ("exploitation", "exploitation"), ("reserve", "reserve-commitment"))
}
"""The most MPs a unit can have in each kind of movement (reaction as movement) but accel, which
doubles it: its printed rating or its cadre's, or the mode's rating of them (6C, 6E), before
anything cuts it (3A5, 11F, 11H)."""


class Enemy:
    """What a moving side meets: the enemy-occupied hexes (6: a unit may not enter them but by
    overrun) and the enemy's ZOC; and the searches made against them. Made afresh for each list
    of destinations and each move, so a search is made once per unit and reused (by the overrun
    search, 6F) while nothing on the map has changed."""

    __slots__ = (
        "s",
        "side",
        "enemy",
        "moving",
        "occupied",
        "ezoc",
        "reduced",
        "closed",
        "closed_hexes",
        "searches",
        "_held",
        "_linked",
    )

    def __init__(self, s: dict, side: str, moving=()):
        self.s, self.side, self.moving = s, side, frozenset(moving)
        self.enemy = enemy = side_map(s, OTHER[side])
        self.occupied = enemy.occupied
        self.ezoc = enemy.zoc
        self.reduced = reduced_zoc(s, OTHER[side], enemy)  # 6A: hexes only in reduced ZOCs
        self.closed, self.closed_hexes = closed_bridges_and_hexes(s, side)  # 15A1: bridges it may not use
        self.searches: dict[tuple, tuple] = {}
        self._held: dict[str, str] | None = None
        self._linked: set[str] | None = None

    def linked(self) -> set[str]:
        """7A (L276): the rail hexes from which rail movement may start (``yard_linked``), found
        once, when a rail search first asks."""
        if self._linked is None:
            self._linked = yard_linked(self.s, self.side)
        return self._linked

    def holder(self, h: str) -> str | None:
        """7A (L275): the friendly unit that negates the enemy ZOC in ``h`` for rail movement, if
        any; found once, when a rail search first meets an enemy ZOC."""
        if self._held is None:
            self._held = rail_holders(self.s, self.side, self.moving)
        return self._held.get(h)


@lru_cache(maxsize=None)
def marshaling_yards() -> frozenset[str]:
    """7A1 (L281): the rail hexes holding a major city, a fortress or a major or great port (the
    map has no resource centres)."""
    from .supply import MAJOR_CITY

    net = rail_steps()
    return frozenset(
        t["hex"]
        for t in MAP.towns.values()
        if t["hex"] in net and (t.get("size") in MAJOR_CITY or t.get("fortress") or t.get("port") in ("major", "great"))
    )


def _own_line(s: dict, side: str, starts) -> set[str]:
    """The rail hexes joined to ``starts`` by a line of the side's own rail hexes of its gauge
    (7A1: breaks do not cut it, as for supply, 11B3a)."""
    gauge, owner, net = GAUGE[side], s["owner"], rail_steps()
    seen = set(starts)
    frontier = sorted(seen)
    while frontier:
        h = frontier.pop()
        for b, g in net[h]:
            if g == gauge and b not in seen and owner.get(b) == side:
                seen.add(b)
                frontier.append(b)
    return seen


def yard_linked(s: dict, side: str) -> set[str]:
    """7A (L276): the rail hexes joined to a friendly-owned marshaling yard by a line of
    friendly-owned rail hexes of the side's gauge (breaks do not cut it: they stop the train,
    not the line, as for supply, 11B3a). Only from these may a unit move by rail."""
    return _own_line(s, side, {h for h in marshaling_yards() if s["owner"].get(h) == side})


def on_yard_line(s: dict, side: str, h: str) -> bool:
    """Whether ``h`` is one of ``yard_linked``'s hexes, searched from ``h`` until a yard is met."""
    owner = s["owner"]
    if owner.get(h) != side:
        return False
    gauge, net, yards = GAUGE[side], rail_steps(), marshaling_yards()
    seen = {h}
    frontier = [h]
    while frontier:
        a = frontier.pop()
        if a in yards:
            return True
        for b, g in net.get(a, ()):
            if g == gauge and b not in seen and owner.get(b) == side:
                seen.add(b)
                frontier.append(b)
    return False


def boost_yards(s: dict, side: str) -> list[str]:
    """7A5a (L292): the yards where a Res Pt may be spent to raise the side's rail capacity for
    the player turn: its own unisolated marshaling yards joined by its rail lines (7A1) to at
    least one other such yard."""
    iso = supply.isolated_hexes(s, side)
    yards = {h for h in marshaling_yards() if s["owner"].get(h) == side and h not in iso}
    out: list[str] = []
    seen: set[str] = set()
    for start in sorted(yards):
        if start not in seen:
            group = _own_line(s, side, {start})
            seen |= group
            if len(group & yards) >= 2:
                out += group & yards
    return sorted(out)


def boost(s: dict, side: str) -> float:
    """7A5a: what one more Res Pt would add to the side's rail capacity this player turn (10 REs,
    up to half the net's capacity at the start of the player turn, L292); 0 if nothing."""
    return _boost(s["rail_capacity"][side], s.setdefault("rail_res", {}).get(side, 0))


@lru_cache(maxsize=4096)
def _boost(base, n: int) -> float:
    return float(CH.temporary_increase(base, n + 1) - CH.temporary_increase(base, n))


def spend_on_rail(s: dict, side: str) -> float:
    """7A5a: a Res Pt spent raises the capacity for the player turn; each forces a deterioration
    check in the next initial phase (L322). The REs added."""
    more = boost(s, side)
    s["rail_res"][side] = s["rail_res"].get(side, 0) + 1
    extra = s.setdefault("rail_extra", {})
    extra[side] = extra.get(side, 0) + more
    return more


def warszawa_lost(s: dict) -> bool:
    """7A5b, 7A5g (L294, L320): Warszawa is not Entente-owned, or is isolated: the Russian rail
    industry's heart is gone. It raises the Entente's cost of permanent capacity on the broad
    gauge and its losses to deterioration."""
    h = logistics.place_hex("Warsaw")
    return s["owner"].get(h) != "entente" or h in supply.isolated_hexes(s, "entente")


def build_cost(s: dict, side: str) -> int:
    """7A5b (L293-295): the Res Pts one RE of permanent capacity costs: 3, or 4 for the Entente
    while Warszawa is lost (the USA is not at war in 1914)."""
    v = CH.capacity["permanent-build"].values
    return v["lille_or_warszawa_lost"] if side == "entente" and warszawa_lost(s) else v["res_pts_per_re"]


_LEAST_BUILD = min(CH.capacity["permanent-build"].values[k] for k in ("res_pts_per_re", "lille_or_warszawa_lost"))
"""The fewest Res Pts a RE of permanent capacity costs here (7A5b; the USA is not at war)."""


def build_offers(s: dict, side: str, yards: list[str], built: int, piles: dict | None = None) -> list[str]:
    """7A5b (L293): the yards (of ``yards``: the side's unisolated marshaling yards joined to
    another, as for 7A5a) where the Res Pts for one more RE of permanent capacity lie, while
    the side has built fewer REs this player turn than it has such yards (ruling O34: the Res
    Pts of one RE are spent in one yard). ``piles``: ``logistics.at`` for the side, if known."""
    if built >= len(yards):
        return []
    piles = logistics.at(s, side) if piles is None else piles
    if not any(piles.get(h, 0) >= _LEAST_BUILD for h in yards):
        return []  # (before the cost, which traces Warsaw's supply)
    cost = build_cost(s, side)
    return [h for h in yards if piles.get(h, 0) >= cost]


def build_capacity(s: dict, side: str, h: str) -> int:
    """7A5b: spend the Res Pts at ``h`` for 1 RE of permanent capacity on the side's net, usable
    at once. The Res Pts spent."""
    cost = build_cost(s, side)
    for _ in range(cost):
        logistics.spend(s, side, h)
    s["rail_capacity"][side] += 1
    return cost


def end_boost(s: dict) -> None:
    """A player turn begins: the temporary capacity of the last is gone (7A5a), and each Res Pt
    spent on it is due a deterioration check (7A5g, L322)."""
    due = s.setdefault("rail_due", {})
    for side, n in (s.get("rail_res") or {}).items():
        if n:
            due[side] = due.get(side, 0) + n
    s["rail_res"] = {}
    s["rail_extra"] = {}


def boost_wear(s: dict) -> dict[str, int]:
    """7A5g (L322): in the first initial phase after a temporary increase, one deterioration
    roll per Res Pt spent on it, whatever the net's capacity or the enemy's presence (ruling
    O32). Side -> REs lost."""
    from ...engine import rng

    lost = {}
    for side, n in sorted((s.get("rail_due") or {}).items()):
        total = 0
        lost_yard = side == "entente" and warszawa_lost(s)  # L320: as in a production cycle
        for _ in range(n):
            total += CH.deterioration_loss(rng.roll(s), yard_lost=lost_yard)
        s["rail_capacity"][side] = max(0, s["rail_capacity"][side] - total)
        lost[side] = total
    s["rail_due"] = {}
    return lost


def rail_holders(s: dict, side: str, moving=frozenset()) -> dict[str, str]:
    """7A (L275): hex -> the first unit of ``side`` there, not among ``moving``, with a defense
    strength above zero, that began the movement phase in the hex and has not left it. Such a
    unit negates the enemy ZOC in its hex for rail movement; once a rail move relies on it, it
    may not leave the hex that phase (``pin_holders``; ruling O27)."""
    out: dict[str, str] = {}
    for uid, v in on_map(s, side):
        if uid in moving or v.get("left") or v["hex"] in out:
            continue  # (an HQ's defense is 0: the rating below leaves it out)
        if rating(s, uid)[1] > 0:
            out[v["hex"]] = uid
    return out


def pin_holders(s: dict, ctx: "Enemy", path: list[str]) -> list[str]:
    """7A (L275): the holders of the enemy-ZOC hexes a rail move passed stay in them for the
    rest of the phase. The units pinned."""
    pinned = []
    for h in path:
        if h in ctx.ezoc:
            uid = ctx.holder(h)
            if uid is not None and not s["units"][uid].get("holds"):
                s["units"][uid]["holds"] = True
                pinned.append(uid)
    return pinned


def march(s: dict, uid: str, mode: str, *, accel: bool = False, ctx=None) -> dict[str, float]:
    """Hex -> the MPs the unit spends to reach it by regular (or accel) movement this leg."""
    return _search(s, uid, mode, accel, ctx)[0]


def march_path(s: dict, uid: str, mode: str, to: str, *, accel: bool = False, ctx=None) -> tuple[float, list[str]]:
    """The MPs and the cheapest path to ``to`` (which ``march`` lists)."""
    best, came, start = _search(s, uid, mode, accel, ctx)
    path = [to]
    while path[-1] != start:
        path.append(came[path[-1]])
    path.reverse()
    return best[to], path


def _search(s: dict, uid: str, mode: str, accel: bool, ctx: Enemy | None):
    """(hex -> MPs, hex -> the hex it is entered from, the start): the answer is shared with
    every caller holding the same ``ctx``; it is read, never changed."""
    if ctx is None:
        ctx = Enemy(s, UNITS[uid].side)
    key = (uid, mode, accel)
    found = ctx.searches.get(key)
    if found is None:
        found = ctx.searches[key] = _search_now(s, uid, mode, accel, ctx)
    return found


def _search_now(s: dict, uid: str, mode: str, accel: bool, ctx: Enemy):
    u = UNITS[uid]
    v = s["units"][uid]
    start = v["hex"]
    occupied, ezoc = ctx.occupied, ctx.ezoc
    budget = allowance(s, uid, mode, accel=accel) - v["spent"]
    cls = move_class(u)
    leave = CH.zoc_cost(u.tags)
    leave_reduced = CH.zoc_cost(u.tags, "reduced")
    best, came = _static(cls, accel, start, budget)
    if (
        start in ezoc
        or not best.keys().isdisjoint(ezoc)
        or not best.keys().isdisjoint(occupied)
        or not best.keys().isdisjoint(ctx.closed_hexes)
    ):
        steps = closed_steps((cls, accel), ctx.closed)
        best, came = _dijkstra(steps, start, budget, occupied, ezoc, leave, ctx.reduced, leave_reduced)
    else:
        best, came = dict(best), dict(came)
    del best[start]
    if not v["moved"] and not accel and budget > 0:
        # 6: a unit may always move a single hex, spending all its MPs
        for b, _ in step_costs(cls)[start]:
            if b not in best and b not in occupied:
                best[b] = budget
                came[b] = start
    return best, came, start


@lru_cache(maxsize=50_000)
def _static(cls: str, accel: bool, start: str, budget: float):
    """The search on an empty map with every bridge open: where no enemy unit or ZOC lies within
    it, nor a bridge the unit may not use, it is the answer."""
    return _dijkstra(accel_steps(cls) if accel else step_costs(cls), start, budget, frozenset(), frozenset(), 0)


def _dijkstra(steps, start, budget, occupied, ezoc, leave, reduced=frozenset(), leave_reduced=0):
    """The cheapest costs from ``start`` within ``budget``: every cost is a whole number of MPs, so
    the hexes wait in one bucket per cost (Dial's form of Dijkstra's search). Leaving a hex of
    ``ezoc`` costs ``leave`` more, ``leave_reduced`` where its ZOCs are all reduced (6A)."""
    top = int(budget)
    best: dict[str, int] = {start: 0}
    came: dict[str, str] = {}
    if top <= 0:
        return best, came
    buckets: list[list[str]] = [[] for _ in range(top + 1)]
    buckets[0].append(start)
    get = best.get
    big = 1 << 30
    for cost in range(top):  # (a hex reached with every MP spent leads nowhere)
        for h in buckets[cost]:
            if best[h] != cost:
                continue
            if h in ezoc:
                base = cost + (leave_reduced if h in reduced else leave)
                if base >= top:
                    continue
            else:
                base = cost
            for b, c in steps[h]:
                nc = base + c
                if nc <= top and nc < get(b, big) and b not in occupied:
                    best[b] = nc
                    came[b] = h
                    buckets[nc].append(b)
    return best, came


@lru_cache(maxsize=None)
def accel_steps(cls: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """``step_costs`` limited to the steps accel movement may take (6B1)."""
    return {a: tuple((b, c) for b, c in steps if _accel_ok(a, b)) for a, steps in step_costs(cls).items()}


def _accel_ok(a: str, b: str, roads: bool = True) -> bool:
    """6B1: accel movement in a good-road area (every hex of this map, ruling O5): along a road
    anything, else not into forest, swamp or wooded swamp, nor across a major river.
    ``roads`` off: as if no road or rail line crossed the hexside (a bridge it may not use)."""
    key = hx.side_id(a, b)
    if roads and (key in MAP.roads or key in MAP.rail):
        return True
    if MAP.terrain[b] not in ACCEL_HEX:
        return False
    return all(f in ACCEL_SIDE or f == "frontier" for f in MAP.hexsides.get(key, ()))


def rail(s: dict, uid: str, ctx=None) -> dict[str, tuple[float, list, float]]:
    """7A2 operational rail movement: along the side's own gauge, through hexes it owns, not
    broken (13B) and not in an enemy ZOC or enemy-occupied, 10 hexes per MP (twice the MPs under
    accel movement, 6B3); the unit must be on the line and the net must have capacity left this
    turn. Hex -> (MPs, path, the capacity the move takes now)."""
    return rail_ways(s, uid, ctx, strategic=False)[0]


def strategic(s: dict, uid: str, ctx=None) -> dict[str, tuple[float, list, float]]:
    """7A3 (L285) strategic rail movement: up to 200 hexes along the line, under the restrictions
    of rail movement, for a unit that has not moved this phase; it spends the whole movement
    phase (it may not move again, attack or exploit this player turn). Hex -> (the MPs it
    spends, all of them; the path; the capacity it takes)."""
    return rail_ways(s, uid, ctx, operational=False)[1]


def rail_charge(s: dict, uid: str, low: bool) -> float:
    """7A4 (L287): the capacity a rail move takes now: the unit's use (its RE size, double for
    artillery), doubled if it uses a low-volume line at any time this turn, less what it has
    already taken this turn (a unit counts once a turn on a net, ruling O29)."""
    use = capacity_use(s, uid) * (2 if low else 1)
    return max(0.0, use - s["units"][uid].get("rail_paid", 0))


def rail_ways(
    s: dict, uid: str, ctx=None, operational: bool = True, strategic: bool = True
) -> tuple[dict[str, tuple[float, list, float]], dict[str, tuple[float, list, float]]]:
    """Operational and strategic rail movement from the searches of the line (7A2, 7A3): the
    hexes operational rail reaches, and those only strategic rail reaches (ruling R39; all of
    them when ``operational`` is off). Each hex is reached by the path of fewest MPs; among
    those, by one along high-volume lines only if there is one, else by any line if the net has
    the low-volume capacity left (7A4, ruling O29)."""
    v = s["units"][uid]
    whole = allowance(s, uid, "movement", accel=v.get("accel", False))
    budget = whole - v["spent"] if operational else 0
    per_mp = CH.rate("operational-rail")["hexes_per_mp"]
    # 6B3: under accel movement, rail MPs cost double (of the doubled rating)
    mult = CH.rate("operational-rail")["accel_mp_multiplier"] if v.get("accel") else 1
    far = CH.rate("strategic-rail")["max_hexes"] if strategic else 0
    if v["moved"] or v["spent"] or v.get("rested"):
        far = 0  # 7A3: a unit that has moved this phase may not use strategic rail

    def mp(d: int) -> int:
        return math.ceil(d / per_mp) * mult

    def by_rail(d: int) -> bool:
        return budget > 0 and mp(d) <= budget

    if budget <= 0 and not far:
        return {}, {}
    side = UNITS[uid].side
    left = capacity_left(s, side)
    charge_high, charge_low = rail_charge(s, uid, False), rail_charge(s, uid, True)
    if left < charge_high:
        return {}, {}

    def within(d: int) -> bool:
        return by_rail(d) or d <= far

    mixed = _rail(s, uid, ctx, within, low_volume=True) if left >= charge_low else {}
    if mixed and not any(low for _, _, low in mixed.values()):
        high = mixed  # no route took a low-volume line: the high-volume search finds the same
    else:
        high = _rail(s, uid, ctx, within, low_volume=False)
    op: dict[str, tuple[float, list, float]] = {}
    strat: dict[str, tuple[float, list, float]] = {}
    for h in sorted(high.keys() | mixed.keys()):
        a, b = high.get(h), mixed.get(h)
        if a is not None and by_rail(a[0]) and (b is None or mp(a[0]) <= mp(b[0])):
            op[h] = (mp(a[0]), a[1], charge_high)
        elif b is not None and by_rail(b[0]):
            op[h] = (mp(b[0]), b[1], charge_low if b[2] else charge_high)
        elif a is not None:
            strat[h] = (whole, a[1], charge_high)
        else:
            strat[h] = (whole, b[1], charge_low if b[2] else charge_high)
    return op, strat


def may_rail(s: dict, uid: str) -> bool:
    """Whether rail movement may start for the unit now, by what costs little to tell (7A): it
    stands on a line of its side's gauge, neither broken nor obstructed (7A6, 7A7), with MPs
    left or strategic rail open to it (7A3), and the net has capacity left for it (7A4). The
    search (``rail_ways``) tells the rest: the enemy's ZOC and the line back to a yard."""
    u = UNITS[uid]
    v = s["units"][uid]
    h = v["hex"]
    line = rail_steps().get(h)
    if u.fortress or not line or h in s["breaks"] or h in s.get("obstructed", ()):
        return False
    if all(g != GAUGE[u.side] for _, g in line):
        return False
    fresh = not (v["moved"] or v["spent"] or v.get("rested"))
    if not fresh and allowance(s, uid, "movement", accel=v.get("accel", False)) - v["spent"] <= 0:
        return False
    return capacity_left(s, u.side) >= rail_charge(s, uid, False)


ITEM_RAIL_MIN = float(CH.rail_capacity_used(RES_RE))
"""The capacity a logistics item takes on a high-volume line (3 REs, L84): with less left, none
moves by rail."""


def item_rail(s: dict, side: str, h: str, ctx=None) -> dict[str, tuple[str, float, list]]:
    """11H (L650): where a logistics item in ``h`` moves by rail by itself: 40 hexes by
    operational rail, 200 by strategic, along the lines and through the hexes a unit's rail
    move may use (7A), its 3 REs (L84) taken from the net's capacity, doubled along a
    low-volume line (7A4). Hex -> ("rail" or "strat", the capacity it takes, the path); the
    cheaper way first where both reach, as for units (ruling O29)."""
    rate = CH.rate("logistics-item")
    near, far = rate["operational_max_hexes"], rate["strategic_max_hexes"]
    left = capacity_left(s, side)
    high, low = ITEM_RAIL_MIN, float(CH.rail_capacity_used(RES_RE, low_volume=True))
    if left < high:
        return {}
    ctx = ctx if ctx is not None else Enemy(s, side)
    if h in ctx.ezoc and ctx.holder(h) is None or h not in ctx.linked():
        return {}  # 7A (L275-276), as for a unit

    def within(d: int) -> bool:
        return d <= far

    mixed = _rail_from(s, side, h, ctx, within, True) if left >= low else {}
    lows = {x for x, (_, _, on_low) in mixed.items() if on_low}
    found = _rail_from(s, side, h, ctx, within, False) if lows or not mixed else mixed
    out: dict[str, tuple[str, float, list]] = {}
    for x in sorted(found.keys() | mixed.keys()):
        d, path, on_low = found[x] if x in found else mixed[x]
        out[x] = ("rail" if d <= near else "strat", low if on_low else high, path)
    return out


@lru_cache(maxsize=None)
def _low_links() -> frozenset:
    """The hexsides of the map's low-volume rail lines (7A4)."""
    return frozenset(k for k, link in MAP.rail.items() if link["volume"] == "low")


def _rail(s: dict, uid: str, ctx, within, low_volume: bool = True) -> dict[str, tuple[int, list, bool]]:
    """The rail search of 7A: hex -> (rail hexes from the unit, path, whether it uses a
    low-volume line), for the hexes whose distance passes ``within``; along high-volume lines
    only when ``low_volume`` is off."""
    u = UNITS[uid]
    if u.fortress:
        return {}
    ctx = ctx if ctx is not None else Enemy(s, u.side, (uid,))
    return _rail_from(s, u.side, s["units"][uid]["hex"], ctx, within, low_volume)


def _rail_from(s: dict, side: str, start: str, ctx, within, low_volume: bool) -> dict[str, tuple[int, list, bool]]:
    """``_rail`` from the hex ``start``, for a unit or a logistics item of ``side``."""
    net = rail_steps()
    blocked = {*s["breaks"], *s.get("obstructed", ())}
    if start not in net or start in blocked:
        return {}  # 7A6, 7A7: no rail movement into or out of a hex where the line is broken or obstructed
    occupied, ezoc, closed = ctx.occupied, ctx.ezoc, ctx.closed
    if start in ezoc and ctx.holder(start) is None:
        return {}  # 7A (L275): unless a friendly unit holds the hex all phase
    if start not in ctx.linked():
        return {}  # 7A (L276): the line must lead back to a friendly marshaling yard
    low_links = _low_links()
    gauge = GAUGE[side]
    owner = s["owner"]
    seen = {start: 0}
    came = {}
    low = {start: False}  # whether the path found so far took a low-volume line
    frontier = [start]
    while frontier:
        nxt = []
        for h in frontier:
            for b, g in net[h]:
                if b in seen or g != gauge or b in blocked or owner.get(b) != side:
                    continue
                key = hx.side_id(h, b)
                if closed and key in closed:
                    continue  # 15A1: not over a bridge it may not use
                on_low = key in low_links
                if on_low and not low_volume:
                    continue
                if b in occupied or (b in ezoc and ctx.holder(b) is None):
                    continue
                d = seen[h] + 1
                if not within(d):
                    continue
                seen[b] = d
                came[b] = h
                low[b] = low[h] or on_low
                nxt.append(b)
        frontier = nxt
    out = {}
    for h, d in seen.items():
        if h == start:
            continue
        path = [h]
        while path[-1] != start:
            path.append(came[path[-1]])
        path.reverse()
        out[h] = (d, path, low[h])
    return out


# ----- river movement (7C, optional) ------------------------------------------------------------

NAVIGABLE = ("river", "major-river", "minor-river", "lake-side")


@lru_cache(maxsize=None)
def waterways() -> dict[str, tuple[str, ...]]:
    """7C1 (L341): the navigable inland waterway hexsides, each with the ones connected to it (they
    share an end). On this map every river and lake hexside is navigable: no mountain hex, and no
    frost before November (ruling R41)."""
    nav = {k for k, feats in MAP.hexsides.items() if any(f in NAVIGABLE for f in feats)}
    out = {}
    for k in sorted(nav):
        a, b = k.split("|")
        ends = set(NEIGHBOURS.get(a, ())) & set(NEIGHBOURS.get(b, ()))
        out[k] = tuple(sorted(x for c in ends for x in (hx.side_id(a, c), hx.side_id(b, c)) if x in nav))
    return out


@lru_cache(maxsize=None)
def river_nets() -> dict[str, int]:
    """7C6 (L358): hexside -> its inland waterway net (a group of connected hexsides)."""
    graph = waterways()
    net: dict[str, int] = {}
    for k in graph:
        if k in net:
            continue
        n = len(set(net.values()))
        net[k] = n
        todo = [k]
        while todo:
            for x in graph[todo.pop()]:
                if x not in net:
                    net[x] = n
                    todo.append(x)
    return net


@lru_cache(maxsize=None)
def river_yards() -> dict[str, frozenset]:
    """7C4 (L354): each major city hex next to a navigable hexside is a river transport marshaling
    yard; hex -> the nets it serves."""
    from .supply import MAJOR_CITY

    nets = river_nets()
    out = {}
    for town in MAP.towns.values():
        if town.get("size") not in MAJOR_CITY:
            continue
        h = town["hex"]
        served = frozenset(nets[k] for k in nets if h in k.split("|"))
        if served:
            out[h] = served
    return out


def river_capacity(s: dict, side: str, net: int) -> float:
    """7C5-6 (L356-358): the side's capacity on a net, 1 RE for each yard on it that it owns."""
    per_yard = CH.rate("river")["yard_capacity_re"]
    return float(sum(per_yard for h, nets in river_yards().items() if net in nets and s["owner"].get(h) == side))


def river_left(s: dict, side: str, net: int) -> float:
    """7C5: the capacity the net has left this player turn: its units' and logistics items'."""
    used = s.setdefault("river_used", {}).get(side, {}).get(str(net), [])
    items = (s.get("river_items") or {}).get(side, {}).get(str(net), 0)
    return river_capacity(s, side, net) - sum(capacity_use(s, u) for u in used) - items


@lru_cache(maxsize=None)
def _waterside() -> dict[str, tuple[str, ...]]:
    """Hex -> the navigable hexsides next to it (7C)."""
    out: dict[str, tuple[str, ...]] = {}
    for k in waterways():
        for h in k.split("|"):
            out[h] = (*out.get(h, ()), k)
    return out


def by_waterway(s: dict, uid: str) -> bool:
    """Whether the unit stands next to a navigable hexside (7C1)."""
    return bool(_waterside().get(s["units"][uid]["hex"]))


def river(s: dict, uid: str, ctx=None) -> dict[str, tuple[float, list]]:
    """7C river movement: hex -> (MPs, [start, hex]); see ``_river``."""
    return {h: (c, p) for h, (c, p, _) in _river(s, uid, ctx).items()}


def _river(s: dict, uid: str, ctx=None) -> dict[str, tuple[float, list, int]]:
    """7C (L339-360), optional rule ``river_movement``: along connected navigable hexsides at 8
    hexsides a MP (every hexside entered counts, the first too, L344), from a hexside next to the
    unit's hex to one next to its destination, which must be neither enemy-occupied nor
    enemy-owned; the net must have capacity left for the unit from the yards its side owns there
    (which also gives the line to a friendly yard, L349). Hex -> (MPs, [start, hex], net)."""
    if not s["options"].get("river_movement"):
        return {}
    u = UNITS[uid]
    v = s["units"][uid]
    if u.fortress:
        return {}
    accel = v.get("accel", False)
    budget = allowance(s, uid, "movement", accel=accel) - v["spent"]
    if budget <= 0:
        return {}
    per_mp = CH.rate("river")["hexsides_per_mp"]
    mult = 2 if accel else 1  # 6B3 (L228): river MPs cost double under accel movement
    most = int(budget / mult + 1e-9) * per_mp  # as far as the whole MPs left pay for
    start = v["hex"]
    nets = river_nets()
    side = u.side
    used = s.setdefault("river_used", {}).get(side, {})
    occupied = (ctx if ctx is not None else Enemy(s, side)).occupied
    owner = s["owner"]
    first = [
        k
        for k in _waterside().get(start, ())
        if uid in used.get(str(nets[k]), ()) or river_left(s, side, nets[k]) >= capacity_use(s, uid)
    ]
    depth = _waterway_depths(first, most)
    out: dict[str, tuple[float, list, int]] = {}
    for k, n in depth.items():
        cost = math.ceil(n / per_mp) * mult
        for h in k.split("|"):
            if h == start or h not in LAND_SET or h in occupied or owner.get(h) == OTHER[side]:
                continue
            if h not in out or cost < out[h][0]:
                out[h] = (cost, [start, h], nets[k])
    return out


def _waterway_depths(first: list[str], most: int) -> dict[str, int]:
    """7C (L344): the navigable hexsides joined to the ``first`` ones (each counted 1), each with
    the hexsides entered to reach it, up to ``most``."""
    graph = waterways()
    depth = dict.fromkeys(first, 1)
    frontier = list(first)
    d = 1
    while frontier and d < most:
        d += 1
        nxt = []
        for k in frontier:
            for x in graph[k]:
                if x not in depth:
                    depth[x] = d
                    nxt.append(x)
        frontier = nxt
    return depth


def item_river(s: dict, side: str, h: str, ctx=None) -> dict[str, int]:
    """11H (L650), option ``river_movement``: where a logistics item in ``h`` moves by river by
    itself: up to 40 hexsides along connected navigable hexsides (7C), landing where a unit
    would (neither enemy-occupied nor enemy-owned), its 3 REs (L84) taken from the capacity the
    net has left. Hex -> the net."""
    if not s["options"].get("river_movement"):
        return {}
    nets = river_nets()
    first = [k for k in _waterside().get(h, ()) if river_left(s, side, nets[k]) >= RES_RE]  # 7C5
    depth = _waterway_depths(first, CH.rate("logistics-item")["river_max_hexsides"])
    occupied = (ctx if ctx is not None else Enemy(s, side)).occupied
    owner = s["owner"]
    out: dict[str, int] = {}
    for k in depth:
        for x in k.split("|"):
            if x != h and x in LAND_SET and x not in occupied and owner.get(x) != OTHER[side] and x not in out:
                out[x] = nets[k]
    return dict(sorted(out.items()))


def item_afloat(s: dict, side: str, h: str) -> bool:
    """Whether a logistics item in ``h`` may set off by river: a navigable hexside next to it on
    a net with its 3 REs of capacity left (7C5, 11H)."""
    nets = river_nets()
    return any(river_left(s, side, nets[k]) >= RES_RE for k in _waterside().get(h, ()))


def river_item(s: dict, side: str, net: int) -> None:
    """A logistics item moved on the net: its 3 REs are taken from the capacity this player turn."""
    items = s.setdefault("river_items", {}).setdefault(side, {})
    items[str(net)] = items.get(str(net), 0) + RES_RE


def capacity(side: str, s: dict | None = None) -> float:
    """The rail capacity of the side's net, REs per player turn: the scenario's (7A5, ruling R36)
    less what deterioration took (7A5g), with what Res Pts added this player turn (7A5a)."""
    if s is not None and "rail_capacity" in s:
        return float(s["rail_capacity"][side]) + (s.get("rail_extra") or {}).get(side, 0)
    return float(CH.rail_net("east-prussia-1914", side).capacity)


def deteriorate(s: dict, side: str) -> int:
    """7A5g (L314-322): in a production cycle, a net of 21 REs or more with enemy units on it rolls
    a die; +1 per 2 REs of railroad engineers (none here), -1 per 2 depots (none are placed, S4);
    1-6 loses 1 RE. The REs lost."""
    from ...engine import rng

    if capacity(side, s) < CH.deterioration.checked_from_re:
        return 0
    gauge, home = GAUGE[side], {"central-powers": "germany", "entente": "russia"}[side]
    net = {h for h, links in rail_steps().items() if any(g == gauge for _, g in links) and MAP.country.get(h) == home}
    if not any(v["hex"] in net for _, v in on_map(s, OTHER[side])):
        return 0  # only a net with enemy units on it is checked
    lost = CH.deterioration_loss(rng.roll(s), yard_lost=side == "entente" and warszawa_lost(s))  # L320
    s["rail_capacity"][side] = max(0, s["rail_capacity"][side] - lost)
    return lost


def yard_captured(s: dict, side: str, h: str) -> tuple[float, float]:
    """7A5f (L313): ``side`` has taken the marshaling yard in ``h`` from the enemy: the enemy
    loses 2 REs of his net's capacity (all of it if he has less than 2, and then ``side`` gains
    nothing); ``side`` gains 1 RE if the yard lies on its own gauge's lines (ruling O33), usable
    from the next game turn. (REs lost, REs gained.)"""
    if h not in marshaling_yards():
        return 0.0, 0.0
    rate = CH.capacity["capture"].values
    loses, gains = float(rate["owner_loses_re"]), float(rate["captor_gains_re"])
    loser = OTHER[side]
    cap = s["rail_capacity"]
    if cap[loser] < loses:
        lost, cap[loser] = float(cap[loser]), 0.0
        return lost, 0.0
    cap[loser] -= loses
    if h not in supply.rail_net_of(side):
        return loses, 0.0
    due = s.setdefault("rail_gain", {})
    due[side] = due.get(side, 0) + gains
    return loses, gains


def take_gains(s: dict) -> None:
    """7A5f (L313): a game turn begins: the capacity gained by captures in the last may be used."""
    for side, n in sorted((s.get("rail_gain") or {}).items()):
        s["rail_capacity"][side] += n
    s["rail_gain"] = {}


def capacity_use(s: dict, uid: str) -> float:
    """7A5 (L287): a unit uses its RE size of the capacity, double for artillery (ruling R37);
    the Res Pts an Army HQs carries use 3 REs each (11H, L650; ruling S16)."""
    return _unit_use(re_size(s, uid), UNITS[uid].artillery) + 3.0 * s["units"][uid].get("carry", 0)


@lru_cache(maxsize=None)
def _unit_use(re: float, artillery: bool) -> float:
    return float(CH.rail_capacity_used(re, artillery_or_cm=artillery))


def capacity_left(s: dict, side: str) -> float:
    return capacity(side, s) - s["rail_used"][side]


WAYS = ("march", "accel", "rail", "river")
"""The ways a unit or stack moves in a leg, each listed on its own (``reach``'s ``ways``): regular
movement (6), accel movement (6B), rail movement, operational and strategic (7A), and river
movement (7C). An overrun (6F) is the fifth, found by ``combat.overrun_targets``."""


def reach(s: dict, uids: list[str], mode: str, ctx: Enemy | None = None, ways=WAYS) -> dict[str, dict]:
    """Every destination of a unit or stack this leg: hex -> {"mp", "by"} for each way there
    ("march", "accel", "rail", "strat", "river"), the cheapest listed first; only by the
    ``ways`` named ("rail" for both kinds of rail movement). A stack goes where all its units
    go, and only where the hex has room for them (8A). Accel movement is listed only where
    regular movement does not reach."""
    ctx = ctx if ctx is not None else Enemy(s, UNITS[uids[0]].side, uids)
    room = Room(s, uids)
    per: list[dict[str, dict[str, float]]] = []
    charges: dict[tuple[str, str], float] = {}  # (rail or strat, hex) -> the capacity the units take
    river_nets_of: dict[str, set[int]] = {}
    by_march = "march" in ways
    by_accel = "accel" in ways and mode == "movement"
    for uid in uids:
        found: dict[str, dict[str, float]] = {}
        marching = not s["units"][uid].get("accel")  # 6B3: under accel, no regular movement
        if by_march and marching:
            for h, c in march(s, uid, mode, ctx=ctx).items():
                found[h] = {"march": c}
        if by_accel and may_accel(s, uid):
            regular = march(s, uid, mode, ctx=ctx) if marching else {}
            for h, c in march(s, uid, mode, accel=True, ctx=ctx).items():
                if h not in regular:
                    found.setdefault(h, {})["accel"] = c
        if mode == "movement" and "rail" in ways:
            op, strat = rail_ways(s, uid, ctx=ctx)
            for h, (c, _, charge) in op.items():  # 7A2: mixed freely with marching
                found.setdefault(h, {})["rail"] = c
                charges[("rail", h)] = charges.get(("rail", h), 0) + charge
            for h, (c, _, charge) in strat.items():  # only where operational rail cannot go (ruling R39)
                found.setdefault(h, {})["strat"] = c
                charges[("strat", h)] = charges.get(("strat", h), 0) + charge
        if mode == "movement" and "river" in ways:
            for h, (c, _, net) in _river(s, uid, ctx=ctx).items():  # 7C: optional
                found.setdefault(h, {})["river"] = c
                river_nets_of.setdefault(h, set()).add(net)
        per.append(found)
    if mode == "movement" and len(uids) > 1:
        left = capacity_left(s, UNITS[uids[0]].side)
        for (by, h), need in charges.items():
            if need > left:
                for w in per:  # 7A4: the whole stack must fit in the net's capacity left
                    w.get(h, {}).pop(by, None)
    if len(uids) > 1:
        side = UNITS[uids[0]].side
        used = s.get("river_used", {}).get(side, {})
        for h, nets in river_nets_of.items():
            net = min(nets)
            need = sum(capacity_use(s, u) for u in uids if u not in used.get(str(net), ()))
            if len(nets) > 1 or need > river_left(s, side, net):
                for w in per:  # 7C5: the whole stack must fit in the net's capacity left
                    w.get(h, {}).pop("river", None)
    if len(per) == 1:  # one unit: its ways as they are, where there is room
        only = per[0]
        return {h: only[h] for h in room.open(only)}
    common = set(per[0])
    for w in per[1:]:
        common &= set(w)
    out = {}
    for h in sorted(common):
        bys = set(per[0][h])
        for w in per[1:]:
            bys &= set(w[h])
        if not bys or not room.fits(h):
            continue
        out[h] = {b: max(x[h][b] for x in per) for b in ("march", "accel", "rail", "strat", "river") if b in bys}
    return out


def march_to(s: dict, uid: str, mode: str, ctx: Enemy | None = None) -> list[str]:
    """``reach`` for one unit by regular movement alone, without the costs: the hexes it reaches
    this leg where there is room for it (8A), in order. None under accel movement (6B3)."""
    if s["units"][uid].get("accel"):
        return []
    return Room(s, [uid]).open(march(s, uid, mode, ctx=ctx))


class Room:
    """8A for many destinations at once: what of the moving side already stands in each hex (no
    destination holds an enemy unit: 6, 7A, 7C)."""

    def __init__(self, s: dict, uids: list[str]):
        moving = set(uids)
        self.s = s
        self.present: dict[str, list[str]] = {}
        units = s["units"]
        for uid in SIDE_UNITS[UNITS[uids[0]].side]:
            v = units.get(uid)
            if v is not None and v["at"] == "map" and uid not in moving:
                h = v["hex"]
                if h in self.present:
                    self.present[h].append(uid)
                else:
                    self.present[h] = [uid]
        self.adding = [stack_item(s, u) for u in uids]
        self.alone = fits(self.adding)

    def open(self, hexes) -> list[str]:
        """Those of ``hexes`` with room for the moving units, in order."""
        present, alone, fits_in = self.present, self.alone, self.fits
        return [h for h in sorted(hexes) if (alone if h not in present else fits_in(h))]

    def fits(self, h: str) -> bool:
        there = self.present.get(h)
        if not there:
            return self.alone
        if len(there) + len(self.adding) <= _MOST_UNITS:
            return True  # each counts one of the six at most (8A)
        return fits([stack_item(self.s, u) for u in there] + self.adding)


_MOST_UNITS = CH.stacking["regular"].units


def may_accel(s: dict, uid: str) -> bool:
    """6B: in the movement phase only, not after resting, not (scenario) for the Second Army
    in Aug II 14 (sr-second-army-march)."""
    v = s["units"][uid]
    u = UNITS[uid]
    if v.get("rested") or (v["moved"] and not v.get("accel")):
        return False
    if s["turn"] == 0 and (u.army == "ru-2-army-hq" or uid == "ru-2-army-hq"):  # the HQ itself too
        return False
    return True


def move(s: dict, uids: list[str], to: str, by: str, mode: str, ctx: Enemy | None = None) -> list[str]:
    """Carry out a leg for each unit; the path the first unit took (for the log). ``ctx``: the
    searches made for the list of destinations, if nothing has moved since."""
    ctx = ctx if ctx is not None else Enemy(s, UNITS[uids[0]].side, uids)
    legs = {}
    river_net: dict[str, int] = {}
    for uid in uids:  # every leg is found before any unit moves
        if by == "rail":
            legs[uid] = rail(s, uid, ctx=ctx)[to]
        elif by == "strat":
            legs[uid] = strategic(s, uid, ctx=ctx)[to]
        elif by == "river":
            cost, p, net = _river(s, uid, ctx=ctx)[to]
            legs[uid] = (cost, p)
            river_net[uid] = net
        else:
            legs[uid] = march_path(s, uid, mode, to, accel=by == "accel", ctx=ctx)
    path: list[str] = []
    for uid in uids:
        v = s["units"][uid]
        cost, p = legs[uid][:2]
        if by in ("rail", "strat"):
            charge = legs[uid][2]
            s["rail_used"][UNITS[uid].side] += charge
            v["rail_paid"] = v.get("rail_paid", 0) + charge  # 7A4: a unit counts once a turn
            v["rail"] = True  # 7A L279: its ZOC is lost only "to the end of its rail movement"
            if by == "strat":
                v["strat"] = True  # 7A3: no more moving, attacking or exploiting this player turn
        elif by == "accel":
            v["accel"] = True
            v["nozoc"] = True  # 6B: accel movement loses the ZOC for the phase
        elif by == "river":
            # 7C5: the unit counts once a turn against the net's capacity; its ZOC is lost only
            # while it moves (7C3)
            net = str(river_net[uid])
            on_net = s.setdefault("river_used", {}).setdefault(UNITS[uid].side, {}).setdefault(net, [])
            if uid not in on_net:
                on_net.append(uid)
        start = v["hex"]
        v["hex"] = to
        v["spent"] = v["spent"] + cost
        v["moved"] = True
        v["left"] = True
        if by == "accel":
            _fatigue(s, uid, p, start)
        u = UNITS[uid]
        if by not in ("rail", "strat", "river") and _crosses_unbridged(p, ctx.closed):
            v["dis"] = max(v["dis"], 1)  # 15A4: a major river crossed away from a bridge disrupts
        if u.type == "heavy-artillery" and u.nationality != "german" and mode in ("movement", "reaction"):
            v["dis"] = max(v["dis"], 1)  # 12B (L689): non-German heavy artillery before Feb I 17
        path = path or p
    if by in ("rail", "strat"):
        pin_holders(s, ctx, path)
    return path


def _fatigue(s: dict, uid: str, path: list[str], start: str) -> None:
    """6B4 (L231): after accel movement that began, ended or passed next to an enemy unit with a
    ZOC, or entered an enemy-owned hex, one fatigue hit per 2 MPs (or fraction) over the printed
    rating, per MP for artillery, cavalry and Army HQs."""
    u = UNITS[uid]
    v = s["units"][uid]
    enemy_zoc_units = {w["hex"] for e, w in on_map(s, OTHER[u.side]) if has_zoc(s, e)}
    # "adjacent (Rule 3E5)" (L231): 3E5 (L144) counts a hex as adjacent only across a hexside that
    # is not prohibited, so an enemy across an all-lake hexside does not tire the unit
    near = any(b in enemy_zoc_units for h in path for b in ZOC_NEIGHBOURS.get(h, ()))
    hostile = any(s["owner"].get(h) == OTHER[u.side] for h in path[1:])
    if not (near or hostile or v.get("accel_tiring")):
        return
    v["accel_tiring"] = True  # the whole accel movement tires, whichever leg came near (L231)
    over = v["spent"] - rating(s, uid)[2]
    tags = set(u.tags) | ({"army-hq"} if u.army_hq else set())
    due = CH.fatigue_hits(over, tags)  # for all the MPs over its rating this phase, counted once
    v["fat"] += max(0, due - v.get("accel_fat", 0))
    v["accel_fat"] = max(due, v.get("accel_fat", 0))


def _crosses_unbridged(path: list[str], closed: frozenset = frozenset()) -> bool:
    """15A4 (TEC ``disrupts_crossing``): a step across a major river that is not along a road or
    railway (where the bridges are, ruling O16), or over a bridge in ``closed`` (one the unit's
    side may not use, 15A1)."""
    for a, b in zip(path, path[1:], strict=False):
        key = hx.side_id(a, b)
        if (key in MAP.roads or key in MAP.rail) and key not in closed:
            continue
        if any(f != "frontier" and CH.hexside(f).disrupts_crossing for f in MAP.hexsides.get(key, ())):
            return True
    return False


# ----- engineering (7A6, 13A) -------------------------------------------------------------------

BREAK_MP = CH.rate("rail-break")["mp"]  # 7A6 (L324): 2 MPs to break the line in a hex
REPAIR_MP = 4  # 13A3 (L778): a construction unit removes a rail break for 4 MPs
CLEAR_MP = 2  # 13A3 (L778): and clears an obstructed rail line in a hex for 2 MPs
FIELDWORKS_MP = CH.fortification("fieldworks").construction.mp  # 13A1a: 2 MPs


DEMOLISH_BRIDGE_MP = 4  # 13A2 (L774): 4 MPs in either hex of the bridge
REPAIR_BRIDGE_MP = {"major-river": 16}  # 13A3 (L778): 16 MPs across a major river...
REPAIR_BRIDGE_OTHER_MP = 8  # ...8 across a river or canal (and a minor river, ruling O16)


def bridge_repair_cost(key: str) -> int:
    """13A3 (L778): the MPs a demolished bridge takes to repair."""
    return max((REPAIR_BRIDGE_MP.get(f, REPAIR_BRIDGE_OTHER_MP) for f in MAP.hexsides[key] if f in BRIDGED), default=0)


def bridge_needs_res(key: str) -> bool:
    """13A3 (L778): "Repairing a bridge across a major/great river costs the construction unit 16
    MPs, and it must trace an overland supply line to a Res Pt which must be expended for the
    repair."""
    return "major-river" in MAP.hexsides[key]


def bridge_res_pt(s: dict, uid: str, key: str) -> str | None:
    """Ruling O24: the hex of the Res Pt a construction unit starting the repair of a bridge
    across a major river (13A3, L778) spends: one of its side's, on the ground or carried,
    joined to the unit by an overland supply line of the overland length (11B1), not stacked
    with an active Army HQs of another nationality (11E); the nearest, then the lowest hex id.
    None if the repair needs no Res Pt (not a major river, or the work is under way and its
    Res Pt already spent) or none is in reach."""
    if not bridge_needs_res(key) or key in s.get("repairs", {}):
        return None
    side = UNITS[uid].side
    src = logistics._Sources(s, side)
    h = s["units"][uid]["hex"]
    piles = logistics.at(s, side)
    ok = [p for p in sorted(piles) if piles[p] and src.serves(p, uid)]
    return min(ok, key=lambda p: (hx.distance(hx.from_id(h), hx.from_id(p)), p), default=None)


def construction_unit(uid: str) -> bool:
    """Ruling O17: the scenario has no engineer counters; every non-artillery division (its
    pioneer companies) is a construction unit, a cadre is not."""
    u = UNITS[uid]
    return u.divisional and not u.hq and not u.artillery and not u.fortress


_BUILDERS = tuple(u for u in UNITS if construction_unit(u))
"""The scenario's construction units (ruling O17), in its order."""


def _engineer_of(s: dict, uid: str, mode: str) -> tuple[bool, bool, float]:
    """Whether the unit may build and repair, whether it may demolish (both: a construction unit
    at full strength in general supply, 13A L751, ruling O17), and its MPs left. Never with accel
    movement (13A L751), nor in a contested hex (9J, L548)."""
    u = UNITS[uid]
    v = s["units"][uid]
    if u.hq or v["at"] != "map" or v.get("accel") or v["hex"] in s.get("contested", ()):
        return False, False, 0.0
    able = construction_unit(uid) and not v["cadre"] and v["supply"] == "general"
    return able, able, allowance(s, uid, mode) - v["spent"]


def engineering(s: dict, uids: list[str], mode: str) -> list[dict]:
    """What the unit may build, break or repair where it stands this movement phase (13A: initial
    and movement phases only, never with accel movement; in general supply for construction);
    each construction task also with a second construction unit of the hex, each paying half
    (13A5, quick engineering)."""
    if mode != "movement" or len(uids) != 1:
        return []
    uid = uids[0]
    u = UNITS[uid]
    v = s["units"][uid]
    if v.get("accel") or v["at"] != "map":
        return []
    h = v["hex"]
    if u.hq:  # 7A6 L324: "a unit may break a rail line"; an HQ does no engineering else
        left = allowance(s, uid, mode) - v["spent"]
        breakable = h in rail_steps() and h not in s["breaks"] and h not in s.get("contested", ())
        return [{"break_rail": True}] if breakable and left >= BREAK_MP else []
    builder, sapper, left = _engineer_of(s, uid, mode)
    tasks: list[tuple[dict, float, bool]] = []  # the action, its MPs, whether a builder's (else a sapper's)
    if h not in s["works"] and h not in FORTRESS_HEXES and not CH.terrain(MAP.terrain[h]).prohibited:
        tasks.append(({"build": "fieldworks"}, FIELDWORKS_MP, True))
    demolished = s.get("demolished", ())
    for key in BRIDGES_AT.get(h, ()):
        if key not in demolished:
            # 13A2 (L774): a bridge of one's own or nobody's, from either of its hexes
            if bridge_owner(s, key) in (u.side, None):
                tasks.append(({"demolish_bridge": key}, DEMOLISH_BRIDGE_MP, False))
        elif all(s["owner"].get(x) == u.side for x in key.split("|")):
            # 13A3 (L778): both its hexes one's own; across a major river the work begins only
            # with a Res Pt in overland reach, spent for it (ruling O24)
            if not bridge_needs_res(key) or key in s.get("repairs", {}) or bridge_res_pt(s, uid, key):
                tasks.append(({"repair_bridge": key}, 0, True))
    out = []
    if h in rail_steps():
        if h not in s["breaks"] and left >= BREAK_MP and not u.fortress:
            out.append({"break_rail": True})
        if h in s["breaks"]:
            tasks.append(({"repair_rail": True}, REPAIR_MP, True))
        elif h in s.get("obstructed", ()) and s["owner"].get(h) == u.side:
            tasks.append(({"clear_rail": True}, CLEAR_MP, True))  # 13A3: a break is repaired first
    partners = [p for p in _stacked_with(s, uid) if p != uid] if tasks else []
    for action, mp, build in tasks:
        if not (builder if build else sapper):
            continue
        if left >= mp and left > 0:
            out.append(action)
        for p in partners:  # 13A5: two construction units stacked, each paying half
            p_builder, p_sapper, p_left = _engineer_of(s, p, mode)
            if (p_builder if build else p_sapper) and min(left, p_left) >= mp / 2 and min(left, p_left) > 0:
                out.append({**action, "with": p})
    order = ("build", "demolish_bridge", "repair_bridge", "break_rail", "repair_rail", "clear_rail")
    return sorted(out, key=lambda a: order.index(next(k for k in a if k != "with")))


def _stacked_with(s: dict, uid: str) -> list[str]:
    """The units of the unit's side in its hex (itself too), in the scenario's order."""
    units = s["units"]
    h = units[uid]["hex"]
    return [u for u in SIDE_UNITS[UNITS[uid].side] if u in units and units[u]["hex"] == h]


def engineer(s: dict, uid: str, action: dict, mode: str) -> str:
    """Carry out an engineering task; the text for the log. With ``with``, the second
    construction unit pays half and the unit the other half (13A5)."""
    v = s["units"][uid]
    h = v["hex"]
    workers = [uid] + ([action["with"]] if action.get("with") else [])

    def pay(mp: float) -> None:
        for w in workers:
            s["units"][w]["spent"] += mp / len(workers)
            s["units"][w]["moved"] = True

    if "build" in action:
        pay(FIELDWORKS_MP)
        s["works"][h] = {"side": UNITS[uid].side, "level": 1}
        done = "builds fieldworks"
    elif "break_rail" in action:
        pay(BREAK_MP)
        s["breaks"] = sorted({*s["breaks"], h})
        done = "breaks the railway"
    elif "clear_rail" in action:
        pay(CLEAR_MP)
        s["obstructed"] = [b for b in s.get("obstructed", ()) if b != h]
        done = "clears the railway"
    elif "demolish_bridge" in action:
        key = action["demolish_bridge"]
        pay(DEMOLISH_BRIDGE_MP)
        s["demolished"] = sorted({*s.get("demolished", ()), key})
        s.get("repairs", {}).pop(key, None)
        done = f"demolishes the bridge to {hex_name(_across(key, h))}"
    elif "repair_bridge" in action:
        # 13A3 (L778): the work may take several phases; what is done stays done (ruling O24);
        # two units together each do at most half of what is left (13A5)
        key = action["repair_bridge"]
        paid = ""
        if bridge_needs_res(key) and key not in s.get("repairs", {}):
            # 13A3 (L778): a major river's bridge takes a Res Pt, spent as the work begins (O24)
            at = bridge_res_pt(s, uid, key)
            logistics.spend(s, UNITS[uid].side, at)
            paid = f", spending the Res Pt in {hex_name(at)}"
        repairs = s.setdefault("repairs", {})
        need = bridge_repair_cost(key) - repairs.get(key, 0)
        spend = 0.0
        for w in workers:
            x = s["units"][w]
            part = min(allowance(s, w, "movement") - x["spent"], need / len(workers))
            x["spent"] += part
            x["moved"] = True
            spend += part
        if spend >= need:
            repairs.pop(key, None)
            s["demolished"] = [b for b in s["demolished"] if b != key]
            done = f"repairs the bridge to {hex_name(_across(key, h))}{paid}"
        else:
            repairs[key] = repairs.get(key, 0) + spend
            done = f"works on the bridge to {hex_name(_across(key, h))}{paid} ({fmt(need - spend)} MPs of work left)"
    else:
        pay(REPAIR_MP)
        s["breaks"] = [b for b in s["breaks"] if b != h]
        done = "repairs the railway"
    v["moved"] = True
    if action.get("with"):
        done += f" with {UNITS[action['with']].short} (quick engineering)"
    return done


def _across(key: str, h: str) -> str:
    """The other hex of a bridge's hexside."""
    a, b = key.split("|")
    return b if a == h else a


def abandon_works(s: dict) -> list[str]:
    """13A1a: fieldworks stay only while a construction unit of their side is in the hex."""
    gone = []
    works = s["works"]
    fieldworks = {h for h, w in works.items() if w["level"] == 1}
    if not fieldworks:
        return gone
    units = s["units"]
    builders = set()
    for u in _BUILDERS:
        v = units.get(u)
        if v is not None and v["at"] == "map" and v["hex"] in fieldworks:
            builders.add((v["hex"], UNITS[u].side))
    for h in sorted(fieldworks):
        if (h, works[h]["side"]) not in builders:
            del works[h]
            gone.append(h)
    return gone


def rest(s: dict, uid: str, mode: str) -> int:
    """6B4: spending the phase's MPs resting removes a fatigue hit per MP (per 2 MPs for
    artillery, cavalry and Army HQs). The hits removed."""
    u = UNITS[uid]
    v = s["units"][uid]
    mps = allowance(s, uid, mode) - v["spent"]
    slow = u.artillery or u.cavalry or u.army_hq
    n = min(v["fat"], int(mps // (2 if slow else 1)))
    v["fat"] -= n
    v["spent"] = allowance(s, uid, mode)
    v["moved"] = True
    v["rested"] = True
    return n


def in_land(h: str) -> bool:
    return h in LAND_SET
