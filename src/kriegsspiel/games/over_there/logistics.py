"""Resource points (11G, L645-646), logistics items (11H, L647-662) and combat supply (11D,
L625-630).

A Res Pt is a marker of 3 REs (L84) that does not stack, fight or have a ZOC (11H). Where they
are:

* ``s["res"][side]``: hex -> the side's Res Pts lying there;
* an Army HQs' record ``carry``: the Res Pts it carries, up to 9 REs (11H, L652), in its hex;
  a division's: the one Res Pt it carries (L653), ``s["div_carry"][side]`` naming the game turn
  and the side's division that took one up, and ``laden`` the phase it did;
* ``s["res_railed"][side]`` and ``s["res_stuck"][side]``: hex -> how many of the Res Pts on the
  ground there moved by rail (or were put down by an HQ) this phase, and by strategic rail
  (11H, L650, L662; ruling S17).

Combat supply (11D). At the start of each attack both players determine the combat supply of
their units in it, and the bombarding player that of his bombarding artillery (11B, L590). A
unit is in combat supply if an overland line of the overland length (the only element, L594)
joins it to a Res Pt that supplies it. A Res Pt drawn on supplies up to 150 REs in the segment
if stacked with an active Army HQs, else 30 (artillery counts double, L630); it is spent (gone
from the map) and what it may still supply in the rest of the segment, the bombardment segment or the
combat segment, is kept in ``s["drawn"][side]``. Each phase, up to 2 REs of a side's units draw
on one Res Pt without spending it (``s["free"][side]``, L630).

How a player's units draw (ruling S16): the engine draws for both sides, the fewest Res Pts that
supply every unit it can: first what Res Pts drawn this segment may still supply, then the free
2 REs, then new Res Pts, the one supplying the most REs first (one stacked with an active Army
HQs before one alone). A player who would rather keep a Res Pt keeps it out of reach of his
fighting units.

Capture (11H, L649): when a hex holding a side's Res Pts becomes the enemy's, the enemy rolls on
the Ground Success Table for each, unmodified: a success captures it, a failure destroys it.
"""

from __future__ import annotations

from ...engine import rng
from ...engine.flow import log
from .scenario import SIDES
from .world import CH, CITY_HEXES, LAND_SET, MAP, OTHER, SC, SIDE_NAMES, UNITS, hex_name, hex_of, on_map, re_size

RES_RE = 3
"""A Res Pt's RE size (3A3, L84)."""

CARRY = int(CH.army_hq.values["logistics_carry_re"]) // RES_RE
"""Res Pts an Army HQs carries: 9 REs of logistics items (11H, L652)."""

DIVISION_CARRY_MP = 3
"""The MPs a divisional unit carrying a Res Pt has less (11H, L656), taken off its printed
movement rating before it is halved or doubled (L657)."""

_RULE = CH.supply_rule("combat-supply")
WITH_HQ = _RULE["with_active_army_hq_re"]  # 150 REs (L627)
ALONE = _RULE["without_re"]  # 30 REs (L628)
FREE = _RULE["free_re_per_command"]  # 2 REs (L630)
ART = _RULE["artillery_multiplier"]  # artillery counts double (L630)


def place_hex(place: str) -> str:
    """The hex of one of the scenario's named places."""
    p = SC.place(place)
    h = hex_of(p.lat, p.lon, MAP.grid)
    if h is None or h not in LAND_SET:
        raise ValueError(f"{place} is not on a land hex of the map")
    return h


def setup(s: dict) -> None:
    """The Res Pts the scenario places at set-up (SCENARIO.md, Replacements)."""
    s["res"] = {side: {} for side in SIDES}
    s["drawn"] = {side: [] for side in SIDES}
    s["free"] = {side: None for side in SIDES}
    for rp in SC.replacements:
        if rp.turn is None:
            for place, n in rp.res_pts_at.items():
                add(s, rp.side, place_hex(place), n)
            for hq, n in rp.res_pts_carried.items():
                s["units"][hq]["carry"] = n


def add(s: dict, side: str, h: str, n: int = 1) -> None:
    pile = s["res"][side]
    pile[h] = pile.get(h, 0) + n


def _take(s: dict, side: str, h: str, n: int = 1) -> None:
    pile = s["res"][side]
    pile[h] -= n
    if not pile[h]:
        del pile[h]


def carried(s: dict, uid: str) -> int:
    return s["units"][uid].get("carry", 0)


def at(s: dict, side: str) -> dict[str, int]:
    """Hex -> every Res Pt of the side there, on the ground or carried."""
    return _piles(s["res"][side], _carriers(s, side), s)


def _carriers(s: dict, side: str) -> dict[str, int]:
    """The side's units on the map that carry Res Pts (Army HQs, and a division) -> how many."""
    units = s["units"]
    out = {}
    for uid in _MAY_CARRY[side]:
        v = units.get(uid)
        if v is not None and v.get("carry") and v["at"] == "map":
            out[uid] = v["carry"]
    return out


def _keep(s: dict, side: str, ground: dict, carriers: dict) -> None:
    """Write back the piles and loads a draw or a spending worked on."""
    s["res"][side] = ground
    for uid, n in carriers.items():
        if n:
            s["units"][uid]["carry"] = n
        else:
            s["units"][uid].pop("carry", None)


def total(s: dict, side: str) -> int:
    return sum(at(s, side).values())


# ----- cartage (11H) ---------------------------------------------------------------------------


def carters(s: dict, side: str) -> list[str]:
    """The side's units on the map that may take up or put down a Res Pt now: its Army HQs, and
    its divisions carrying one or standing where its Res Pts lie (ruling S16: at any time of a
    phase in which its side moves)."""
    units = s["units"]
    out = [hq for hq in s["hq"] if UNITS[hq].side == side and units[hq]["at"] == "map"]
    piles = s["res"][side]
    for uid in _DIVISIONS[side]:
        v = units.get(uid)
        if v is not None and v["at"] == "map" and (v["hex"] in piles or v.get("carry")):
            out.append(uid)
    return out


def carrying_division(uid: str) -> bool:
    """11H (L653): a divisional unit other than an Army HQs, which may carry one Res Pt."""
    u = UNITS[uid]
    return u.divisional and not u.hq and not u.fortress


_DIVISIONS = {side: tuple(u for u in UNITS if UNITS[u].side == side and carrying_division(u)) for side in SIDES}
"""Each side's units that may carry a Res Pt as a division (11H, L653), in the scenario's order."""
_MAY_CARRY = {
    side: tuple(u for u in UNITS if UNITS[u].side == side and (UNITS[u].army_hq or carrying_division(u)))
    for side in SIDES
}
"""Each side's units that may carry Res Pts: its Army HQs (L652) and divisions (L653)."""


def may_load(s: dict, uid: str) -> bool:
    """11H (L652): an Army HQs picks up a Res Pt in its hex while it carries less than 9 REs; a
    division (L653) picks up one if it carries none, is not a cadre (3A2: not divisional), and
    no other division of its side carries one or has carried one this game turn (ruling S18);
    not a Res Pt that moved by strategic rail this phase (L662)."""
    v = s["units"][uid]
    u = UNITS[uid]
    side, h = u.side, v["hex"]
    if u.army_hq:
        if v.get("carry", 0) >= CARRY:
            return False
    elif not carrying_division(uid) or v.get("carry") or v["cadre"]:
        return False
    else:
        last = (s.get("div_carry") or {}).get(side)
        if last is not None and last[0] == s["turn"] and last[1] != uid:
            return False
        if any(o != uid and not UNITS[o].army_hq for o in _carriers(s, side)):
            return False
    return s["res"][side].get(h, 0) > _marked(s, "res_stuck", side, h)


def may_unload(s: dict, uid: str) -> bool:
    return s["units"][uid].get("carry", 0) > 0


def load(s: dict, uid: str) -> None:
    """The HQ takes up a Res Pt: one that came by operational rail this phase if there is one
    (it may not go by rail again), else one that has not moved."""
    v = s["units"][uid]
    side, h = UNITS[uid].side, v["hex"]
    if _marked(s, "res_railed", side, h) > _marked(s, "res_stuck", side, h):
        _mark(s, "res_railed", side, h, -1)
    _take(s, side, h)
    v["carry"] = v.get("carry", 0) + 1
    if not UNITS[uid].army_hq:  # the side's one division with a Res Pt this game turn (ruling S18)
        s.setdefault("div_carry", {})[side] = [s["turn"], uid]
        v["laden"] = True  # its 3 MPs are gone for the phase, put down or not (ruling S18)


def unload(s: dict, uid: str) -> None:
    """The HQ puts down a Res Pt; it goes by rail no more this phase (ruling S17)."""
    v = s["units"][uid]
    v["carry"] -= 1
    if not v["carry"]:
        del v["carry"]
    add(s, UNITS[uid].side, v["hex"])
    _mark(s, "res_railed", UNITS[uid].side, v["hex"], 1)


# ----- rail movement by itself (11H, L650, L662) -------------------------------------------------


def _marked(s: dict, key: str, side: str, h: str) -> int:
    """How many of the side's Res Pts on the ground in ``h`` moved this phase: by rail, or put
    down from an HQ (``res_railed``), or by strategic rail (``res_stuck``). Never more than lie
    there: what was spent since is taken from the marked ones last."""
    return min(s.get(key, {}).get(side, {}).get(h, 0), s["res"][side].get(h, 0))


def _mark(s: dict, key: str, side: str, h: str, n: int) -> None:
    marks = s.setdefault(key, {}).setdefault(side, {})
    marks[h] = _marked(s, key, side, h) + n
    if marks[h] <= 0:
        del marks[h]


def new_movement(s: dict) -> None:
    """A movement or combat phase begins: every Res Pt may move again (L662: once a phase)."""
    s["res_railed"] = {}
    s["res_stuck"] = {}


def may_rail(s: dict, side: str) -> list[str]:
    """11H (L650): the hexes from which a Res Pt of the side's on the ground may still move by
    rail this phase (the line itself is searched when one is chosen: ``movement.item_rail``)."""
    return sorted(h for h, n in s["res"][side].items() if n > _marked(s, "res_railed", side, h))


def rail(s: dict, side: str, h: str, to: str, strategic: bool) -> None:
    """The Res Pt goes from ``h`` to ``to`` by rail: it moves no more this phase by rail, nor by
    any other means after strategic rail (L662)."""
    _take(s, side, h)
    add(s, side, to)
    _mark(s, "res_railed", side, to, 1)
    if strategic:
        _mark(s, "res_stuck", side, to, 1)


def drop(s: dict, uid: str, h: str | None) -> None:
    """A unit leaving the map puts down what it carries in the hex it left (11H: the items are
    never eliminated with a unit; they stay to be captured or taken up)."""
    v = s["units"][uid]
    n = v.pop("carry", 0)
    if n and h is not None:
        add(s, UNITS[uid].side, h, n)


def destroy(s: dict, side: str, h: str) -> None:
    """11H (L648): a player may eliminate a logistics item of his on the ground."""
    _take(s, side, h)


# ----- capture (11H, L649) ---------------------------------------------------------------------


def capture(s: dict) -> None:
    """Res Pts in hexes the enemy now owns are captured or destroyed, one Ground Success roll
    each by the capturing player, unmodified."""
    owner = s["owner"]
    for side in SIDES:
        enemy = OTHER[side]
        for h in [h for h in s["res"][side] if owner.get(h) == enemy]:
            n = s["res"][side].pop(h)
            got = 0
            for _ in range(n):
                roll = rng.roll(s)
                if CH.succeeds(CH.ground_success(roll, 0)):
                    got += 1
            if got:
                add(s, enemy, h, got)
            text = f"{SIDE_NAMES[enemy]} takes {hex_name(h)}: of {n} Res Pt{'s' if n > 1 else ''} there, "
            log(s, text + f"{got} captured, {n - got} destroyed.", "11H")


# ----- combat supply (11D) ---------------------------------------------------------------------


def new_phase(s: dict) -> None:
    """A combat or reaction combat phase begins: nothing drawn yet, the free 2 REs unused."""
    s["drawn"] = {side: [] for side in SIDES}
    s["free"] = {side: None for side in SIDES}


def need(s: dict, uid: str) -> float:
    """What a unit counts against a Res Pt: its RE size, double for artillery (L630)."""
    re = re_size(s, uid)
    return re * ART if UNITS[uid].artillery else re


class _Sources:
    """Where a side may draw combat supply now, and what each source reaches."""

    def __init__(self, s: dict, side: str):
        from .supply import Overland

        self.s = s
        self.side = side
        self.trace = Overland(s, side)
        self._reach: dict[str, frozenset] = {}
        hqs: dict[str, list[str]] = {}
        for hq, rec in s["hq"].items():
            v = s["units"][hq]
            if v["at"] == "map" and UNITS[hq].side == side and rec["active"]:
                hqs.setdefault(v["hex"], []).append(UNITS[hq].nationality)
        self.hqs = hqs

    def reach(self, h: str) -> frozenset:
        """The hexes whose overland line joins the Res Pt in ``h`` (none if the line may not
        enter its hex)."""
        got = self._reach.get(h)
        if got is None:
            t = self.trace
            got = frozenset() if h in t.blocked else frozenset(t.spread([h], t.overland_max))
            self._reach[h] = got
        return got

    def cap(self, h: str) -> int:
        return WITH_HQ if h in self.hqs else ALONE

    def serves(self, h: str, uid: str) -> bool:
        """11E (L632): not to a Res Pt stacked with an active Army HQs of another nationality."""
        nat = self.hqs.get(h)
        return (nat is None or UNITS[uid].nationality in nat) and self.s["units"][uid]["hex"] in self.reach(h)


def supplied(s: dict, side: str, uids, commit: bool = True, segment: str = "combat") -> set[str]:
    """11D: which of ``uids`` (the side's units in one combat or bombardment) are in combat
    supply, drawing on the side's Res Pts as ruling S16 says. With ``commit`` off nothing
    changes: what the attack would draw, for the odds shown before it is resolved. A Res Pt
    drawn in the bombardment segment serves no attack (L630: ``segment``)."""
    return draw(s, side, uids, commit, segment)[0]


def through(s: dict, side: str, hexes) -> list[str]:
    """The side's Army HQs on the map stacked with the Res Pts in ``hexes``: those its units
    trace combat supply through (6B4, 14M2)."""
    return [hq for hq in carters(s, side) if s["units"][hq]["hex"] in hexes]


def draw(s: dict, side: str, uids, commit: bool = True, segment: str = "combat") -> tuple[set[str], set[str]]:
    """``supplied``, and the hexes of the Res Pts the units drew on."""
    units = [u for u in uids if not UNITS[u].hq and s["units"][u]["at"] == "map"]
    if not units:
        return set(), set()
    src = _Sources(s, side)
    drawn = [list(d) for d in s["drawn"][side]]
    other = [d for d in drawn if d[3] != segment]
    drawn = [d for d in drawn if d[3] == segment]
    free = list(s["free"][side]) if s["free"][side] else None
    ground = dict(s["res"][side])
    carriers = _carriers(s, side)
    out: set[str] = set()
    via: set[str] = set()
    left = list(units)

    def fill(d: list) -> None:
        nonlocal left
        keep = []
        for u in left:
            if d[2] + need(s, u) <= d[1] and src.serves(d[0], u):
                d[2] += need(s, u)
                out.add(u)
                via.add(d[0])
            else:
                keep.append(u)
        left = keep

    for d in drawn:  # what this segment's Res Pts may still supply
        fill(d)
    if left:
        was = set(out)
        free = _free(s, src, free, _piles(ground, carriers, s), left, out)
        if out != was:
            via.add(free[0])
        left = [u for u in left if u not in out]
    while left:
        piles = _piles(ground, carriers, s)
        best = None
        for h in sorted(piles):
            cap = src.cap(h)
            got = 0.0
            for u in left:
                if src.serves(h, u) and got + need(s, u) <= cap:
                    got += need(s, u)
            if got and (best is None or (got, cap) > (best[1], best[2])):
                best = (h, got, cap)
        if best is None:
            break
        d = [best[0], best[2], 0.0, segment]
        _spend(ground, carriers, s, best[0])
        drawn.append(d)
        fill(d)
    if commit:
        _commit(s, side, other, drawn, free, ground, carriers)
    return out, via


def _free(s: dict, src: _Sources, free, piles: dict, left: list[str], out: set) -> list | None:
    """L630: up to 2 REs a phase draw on one Res Pt without spending it. Used when what is left
    to supply fits in what remains of them; the Res Pt is the one first drawn on this way."""
    used = free[1] if free else 0.0
    small = sum(need(s, u) for u in left)
    if used + small > FREE:
        return free
    for h in [free[0]] if free else sorted(piles):
        if piles.get(h) and all(src.serves(h, u) for u in left):
            out.update(left)
            return [h, used + small]
    return free


def _piles(ground: dict, carriers: dict, s: dict) -> dict[str, int]:
    out = dict(ground)
    for uid, n in carriers.items():
        h = s["units"][uid]["hex"]
        out[h] = out.get(h, 0) + n
    return out


def _spend(ground: dict, carriers: dict, s: dict, h: str) -> None:
    """One Res Pt in ``h`` is drawn on: one on the ground first, else one an HQs carries."""
    if ground.get(h):
        ground[h] -= 1
        if not ground[h]:
            del ground[h]
        return
    for uid in sorted(carriers):
        if carriers[uid] and s["units"][uid]["hex"] == h:
            carriers[uid] -= 1
            return


def _commit(s: dict, side: str, other: list, drawn: list, free, ground: dict, carriers: dict) -> None:
    before = len(s["drawn"][side]) - len(other)
    s["drawn"][side] = other + [[d[0], d[1], float(d[2]), d[3]] for d in drawn]
    s["free"][side] = free
    _keep(s, side, ground, carriers)
    for d in drawn[before:]:
        log(s, f"A Res Pt in {hex_name(d[0])} is drawn on: combat supply for up to {d[1]} REs.", "11D", to=[side])


def spend(s: dict, side: str, h: str) -> None:
    """One of the side's Res Pts in ``h`` is used up: one on the ground first, else one an Army
    HQs there carries."""
    ground = dict(s["res"][side])
    carriers = _carriers(s, side)
    _spend(ground, carriers, s, h)
    _keep(s, side, ground, carriers)


# ----- general supply (11C2b-i) ----------------------------------------------------------------


def _out(s: dict, side: str) -> list[str]:
    """The side's units on the map out of general supply after the initial phase's check, HQs
    too: 11C2b-i (L620) makes a Res Pt a source "for all units which can trace an overland supply
    line to it", and an HQs is a unit (3A1, 14M-14N) that 11F halves and 11F3 may eliminate."""
    return [uid for uid, v in on_map(s, side) if v["out"] > 0]


def general_offers(s: dict, side: str) -> dict[str, list[str]]:
    """11C2b-i (L620): hex -> the side's units out of general supply whose overland line reaches
    the Res Pts there; only hexes where some unit does."""
    out_units = _out(s, side)
    if not out_units:
        return {}
    piles = at(s, side)
    if not piles:
        return {}
    src = _Sources(s, side)
    offers = {}
    for h in sorted(piles):
        reach = src.reach(h)
        fed = [u for u in out_units if s["units"][u]["hex"] in reach]
        if fed:
            offers[h] = fed
    return offers


def feed(s: dict, side: str, h: str) -> list[str]:
    """Draw on one Res Pt in ``h`` for general supply: every unit of ``general_offers`` there is
    in general supply for the player turn; its turns out go on counting (L620, like the improved
    fortresses of ruling S15). The Res Pt is spent. Returns the units fed."""
    fed = general_offers(s, side).get(h, [])
    spend(s, side, h)
    for uid in fed:
        v = s["units"][uid]
        v["out"] = 0
        if v["supply"] != "isolated":
            v["supply"] = "general"
    return fed


def feed_pockets(s: dict, side: str) -> list[tuple[str, list[str]]]:
    """11C2b-i (L620), ruling S14: in each initial phase, after supply is checked, the side draws
    on a Res Pt for general supply wherever one feeds an isolated unit of its (which would
    otherwise fight at a quarter and roll for its life, 11F): the first such hex in hex order,
    then again while any is left. (Hex, units fed) for each Res Pt drawn."""
    out = []
    while True:
        offers = general_offers(s, side)
        h = next((h for h, fed in offers.items() if any(s["units"][u]["supply"] == "isolated" for u in fed)), None)
        if h is None:
            return out
        out.append((h, feed(s, side, h)))


def placements(s: dict, side: str) -> list[str]:
    """11G, 16B1 (L1192): the cities where new Res Pts may be placed: the side's own, in
    regular general supply."""
    from .supply import general_supply_hexes

    ok = general_supply_hexes(s, side)
    return sorted(h for h in CITY_HEXES if s["owner"].get(h) == side and h in ok)
