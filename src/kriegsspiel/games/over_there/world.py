"""The world of Over There as the rules read it: the units' printed facts, the map's costs,
and the game state's questions every rule asks (where is whose unit, whose ZOC lies where,
who owns a hex, what a stack holds).

The state keeps only what changes (see ``new_units``): a unit's printed ratings, type and size
come from the scenario (``UNITS``), the map's terrain from the map (``MAP``), the charts'
numbers from the chart pack (``CH``). Rules are cited by number and line (``5A, L190``).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...engine import hexes as hx
from ...engine.memo import Memo
from .charts import charts
from .map import hex_of, load_map
from .scenario import ARTILLERY, CAVALRY, HQ, MAN_PT, SIDES, scenario

SCENARIO_ID = "east-prussia-1914"
PHASES = ("initial", "movement", "combat", "reaction-movement", "reaction-combat", "exploitation")  # 4A
PHASE_NAMES = {
    "initial": "initial phase",
    "movement": "movement phase",
    "combat": "combat phase",
    "reaction-movement": "reaction movement phase",
    "reaction-combat": "reaction combat phase",
    "exploitation": "exploitation phase",
}
SIDE_NAMES = {"entente": "Entente", "central-powers": "Central Powers"}
OTHER = {"entente": "central-powers", "central-powers": "entente"}
DIVISIONAL = ("division", "corps", "army")  # 3A4: divisional units (L80-87)


@dataclass(frozen=True)
class Unit:
    """A unit's printed facts (its counter), from the scenario's order of battle."""

    id: str
    name: str
    short: str
    side: str
    nationality: str
    type: str
    size: str
    re: float
    attack: int
    defense: int | float  # 1/2 for an on-map Man Pt (16B3, L1205)
    movement: int
    cadre: tuple[int, int, int] | None  # the cadre's printed ratings (3A1, L80)
    support: str | None
    grade: str | None
    army: str | None
    corps: str | None
    tags: frozenset  # the classes the charts read: artillery, cavalry, army-hq, ...
    frozen_until: str | None
    hq: bool = False
    army_hq: bool = False
    artillery: bool = False
    cavalry: bool = False
    fortress: bool = False
    divisional: bool = False
    man_pt: bool = False
    """16B3 (L1205), ruling O37: an on-map Man Pt, off the map in its side's stock until placed."""
    reaches: bool = False
    """5A: printed facts that give a ZOC in the adjacent hexes (a non-artillery divisional unit
    without the unsupported indicator, combat strength above 0)."""

    def __post_init__(self):
        put = object.__setattr__
        put(self, "hq", self.type in HQ)
        put(self, "army_hq", self.type == "army-hq")
        put(self, "artillery", self.type in ARTILLERY)
        put(self, "cavalry", self.type in CAVALRY)
        put(self, "fortress", self.type == "fortress")
        put(self, "divisional", self.size in DIVISIONAL)
        put(self, "man_pt", self.type == MAN_PT)
        put(
            self,
            "reaches",
            not self.artillery
            and not self.hq
            and self.divisional
            and self.support != "none"
            and max(self.attack, self.defense) > 0,
        )


def _tags(u) -> frozenset:
    tags = set()
    if u.type in ARTILLERY:
        tags |= {"artillery"}
    else:
        tags |= {"non-artillery"}
    if u.type in CAVALRY:
        tags |= {"cavalry", u.type}
    if u.type in HQ:
        tags |= {u.type, "hq"}
    if u.type == "rifle":
        tags |= {"rifle"}
    if u.type == "fortress":
        tags |= {"fortress", "restricted-movement"}
    return frozenset(tags)


def _short(uid: str) -> str:
    """A counter's designation from its id: 'de-36-rd' -> '36 RD', 'ru-1-gd-cav' -> '1 GD CAV'."""
    parts = uid.split("-")[1:]
    roman = set("IVXL")
    text = " ".join(p.upper() if len(p) <= 4 or set(p.upper()) <= roman else p.capitalize() for p in parts)
    return text if len(text) <= 16 else text[:15].rstrip() + "."


@lru_cache(maxsize=1)
def units() -> dict[str, Unit]:
    out = {}
    for u in scenario().units:
        cadre = (u.cadre.attack, u.cadre.defense, u.cadre.movement) if u.cadre else None
        out[u.id] = Unit(
            id=u.id,
            name=u.name,
            short=_short(u.id),
            side=u.side,
            nationality=u.nationality,
            type=u.type,
            size=u.size,
            re=float(u.re),
            attack=u.rating.attack,
            defense=u.rating.defense,
            movement=u.rating.movement,
            cadre=cadre,
            support=u.support,
            grade=u.grade,
            army=u.army,
            corps=u.corps,
            tags=_tags(u),
            frozen_until=u.frozen_until,
        )
    return out


UNITS = units()
MAP = load_map()
CH = charts()
SC = scenario()
TURNS = [t.id for t in SC.turns]
LAND = tuple(h for h, t in MAP.terrain.items() if t not in ("sea", "lake"))
LAND_SET = frozenset(LAND)
NEIGHBOURS = MAP.neighbours
HEX_ORDER = {h: i for i, h in enumerate(sorted(MAP.terrain))}
AXIAL = {h: hx.from_id(h) for h in MAP.terrain}
"""Each hex's axial coordinates, for counting distances."""
_HEX_AT = {a: h for h, a in AXIAL.items()}


@lru_cache(maxsize=8192)
def within(h: str, radius: int) -> frozenset[str]:
    """The map's hexes at most ``radius`` hexes from ``h`` (``h`` too)."""
    return frozenset(_HEX_AT[a] for a in hx.within(AXIAL[h], radius) if a in _HEX_AT)


def start_hex(where) -> str:
    """The hex of a scenario location: for a town the map names, the hex the map shows it in (a
    town the map places by history, not by its coordinates: Mława in 0812, where its frontier
    station stood, though its coordinates fall in 0813); else the hex of its coordinates."""
    if where.place is not None:
        try:
            return MAP.place(where.place)["hex"]
        except KeyError:
            pass
    lat, lon = SC.coordinates(where)
    h = hex_of(lat, lon, MAP.grid)
    if h is None or h not in LAND_SET:
        raise ValueError(f"{where} is not on a land hex of the map")
    return h


# ----- movement costs (6, TEC, 7B) ------------------------------------------------------------------


def move_class(u: Unit) -> str:
    """Which column of the TEC a unit moves by (L205): c/m and artillery, or every other unit."""
    return "cm_art" if u.artillery else ("cavalry" if u.cavalry else "other")


_CLASS_TAGS = {"cm_art": {"artillery"}, "cavalry": {"cavalry", "non-artillery"}, "other": {"non-artillery"}}


@lru_cache(maxsize=None)
def step_costs(cls: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """For a movement class: from each land hex, the adjacent hexes it may enter and the MPs
    (terrain of the hex entered, L205, plus the '+' costs of the hexside crossed; along a road
    or rail line the clear cost only, 7B). Prohibited hexes and hexsides are left out. Every
    bridge is taken to be usable: ``closed_steps`` prices the ones a side may not use (15A1)."""
    tags = _CLASS_TAGS[cls]
    clear = CH.movement_cost("clear", tags)
    out = {}
    for a in LAND:
        steps = []
        for b in NEIGHBOURS[a]:
            if b not in LAND_SET:
                continue
            key = hx.side_id(a, b)
            if key in MAP.roads or key in MAP.rail:
                steps.append((b, clear))  # 7B: a road ignores hex and hexside terrain
                continue
            cost = offroad_cost(a, b, cls)
            if cost is not None:
                steps.append((b, cost))
        out[a] = tuple(steps)
    return out


def offroad_cost(a: str, b: str, cls: str) -> int | None:
    """The MPs from ``a`` into the adjacent ``b`` away from any road or rail line: the terrain of
    ``b`` (L205) and the '+' of the hexside (TEC); None where it is prohibited."""
    cost = CH.movement_cost(MAP.terrain[b], _CLASS_TAGS[cls])
    if cost is None:
        return None
    for feat in MAP.hexsides.get(hx.side_id(a, b), ()):
        if feat == "frontier":
            continue
        extra = CH.hexside_cost(feat)
        if extra is None:
            return None
        cost += extra
    return cost


# ----- bridges (15A1, 13A2-3) -----------------------------------------------------------------------

BRIDGED = frozenset({"minor-river", "river", "canal", "major-river"})
"""The hexsides a road or rail line crosses by a bridge (15A1, L1031; ruling O16)."""

BRIDGES = frozenset(
    key
    for key in {*MAP.roads, *MAP.rail}
    if not BRIDGED.isdisjoint(MAP.hexsides.get(key, ())) and LAND_SET.issuperset(key.split("|"))
)
"""Every bridge on the map: the hexsides where a road or rail line crosses a river (ruling O16)."""

_BRIDGES_AT: dict[str, tuple[str, ...]] = {}
for _key in sorted(BRIDGES):
    for _h in _key.split("|"):
        _BRIDGES_AT[_h] = (*_BRIDGES_AT.get(_h, ()), _key)
BRIDGES_AT = _BRIDGES_AT
"""Hex -> the bridges on its hexsides."""


def bridge_owner(s: dict, key: str) -> str | None:
    """15A1: the side that owns both hexes of the bridge, or was the last to; None if neither
    ever has (a bridge on the 1914 frontier)."""
    return s.get("bridges", INITIAL_BRIDGES).get(key)


def update_bridges(s: dict, hexes) -> None:
    """15A1: a side that owns both hexes of a bridge owns the bridge, until the other side does.
    A change writes a new record of the owners (``_closed`` knows an unchanged one by sight)."""
    owners = s.get("bridges", INITIAL_BRIDGES)
    owner = s["owner"]
    changed = None
    for h in hexes:
        for key in BRIDGES_AT.get(h, ()):
            a, b = key.split("|")
            side = owner.get(a)
            if side is not None and side == owner.get(b) and owners.get(key) != side:
                if changed is None:
                    changed = dict(owners)
                changed[key] = side
                owners = changed
    if changed is not None or "bridges" not in s:
        s["bridges"] = changed if changed is not None else dict(INITIAL_BRIDGES)


def closed_bridges(s: dict, side: str) -> frozenset[str]:
    """The bridges ``side`` may not use for movement: another's, or nobody's, or demolished
    (15A1, L1031)."""
    return _closed(s, side)[0]


def closed_bridges_and_hexes(s: dict, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """The bridges ``side`` may not use and the hexes at either end of them."""
    return _closed(s, side)


_CLOSED = Memo(1024)
"""The bridges a side may not use, and their hexes, by side, bridge owners and demolitions."""


_LAST_CLOSED: dict = {}
"""By side: the owners and demolitions records last asked about, and the answer. The records are
replaced, never changed, when a bridge changes hands or is demolished or repaired."""


def _closed(s: dict, side: str) -> tuple[frozenset[str], frozenset[str]]:
    owners = s.get("bridges", INITIAL_BRIDGES)
    demolished = s.get("demolished", ())
    last = _LAST_CLOSED.get(side)
    if last is not None and last[0] is owners and last[1] is demolished:
        return last[2]
    key = (side, tuple(owners), tuple(owners.values()), tuple(demolished))
    found = _CLOSED.get(key)
    if found is None:
        closed = frozenset({k for k in BRIDGES if owners.get(k) != side} | set(demolished))
        found = _CLOSED.keep(key, (closed, frozenset(h for k in closed for h in k.split("|"))))
    _LAST_CLOSED[side] = (owners, demolished, found)
    return found


@lru_cache(maxsize=512)
def closed_steps(steps_of: tuple[str, bool], closed: frozenset[str]) -> dict[str, tuple[tuple[str, int], ...]]:
    """A class's steps (``steps_of``: the class and whether by accel movement) with the bridges
    in ``closed`` priced as if there were no road or rail line there: the river is crossed
    (15A1's example, L1031: a road into woods across a river costs 1 MP by the bridge, 4
    without it), or, by accel movement, not at all where 6B1 forbids it off the road."""
    from .movement import accel_steps

    cls, accel = steps_of
    base = accel_steps(cls) if accel else step_costs(cls)
    if not closed:
        return base
    out = dict(base)
    for key in closed:
        a, b = key.split("|")
        for x, y in ((a, b), (b, a)):
            if x in out:
                out[x] = _without_bridge(cls, accel, x, y, out[x])
    return out


@lru_cache(maxsize=None)
def _without_bridge(cls: str, accel: bool, x: str, y: str, steps: tuple) -> tuple:
    """``steps`` from ``x`` with the step into ``y`` priced off the road (or gone)."""
    from .movement import _accel_ok

    cost = offroad_cost(x, y, cls)
    if accel and not _accel_ok(x, y, roads=False):
        cost = None
    return tuple((z, c if z != y else cost) for z, c in steps if z != y or cost is not None)


@lru_cache(maxsize=None)
def rail_steps() -> dict[str, tuple[tuple[str, str], ...]]:
    """The rail net: from each hex on a line, the adjacent rail hexes and the gauge between."""
    out: dict[str, list] = {}
    for key, line in MAP.rail.items():
        a, b = key.split("|")
        out.setdefault(a, []).append((b, line["gauge"]))
        out.setdefault(b, []).append((a, line["gauge"]))
    return {h: tuple(sorted(v)) for h, v in out.items()}


# ----- the state's questions ---------------------------------------------------------------------


ZOC_NEIGHBOURS = {h: tuple(b for b, _ in step_costs("other")[h]) for h in LAND}

CAUSEWAYS = frozenset(
    key
    for key, feats in MAP.hexsides.items()
    if ("lake-side" in feats or "sea-side" in feats) and (key in MAP.roads or key in MAP.rail)
)
"""15A (L1033): the hexsides where a road or rail line crosses a lake or sea hexside, which ground
units treat as a major river hexside for all movement and combat purposes (ruling C28)."""
"""5A: the adjacent hexes a ZOC reaches: land, not across a lake or sea hexside."""


def fresh(h: str | None, at: str = "map", cadre: bool = False) -> dict:
    """A unit's changing facts as it enters play: in ``h`` (or ``at`` "due" or, for an on-map
    Man Pt, "stock": off the map), not disrupted, tired, moved or out of supply."""
    return {
        "hex": h,
        "at": at,
        "cadre": cadre,
        "dis": 0,
        "fat": 0,
        "spent": 0,
        "moved": False,
        "nozoc": False,
        "attacked": False,
        "supply": "general",
        "out": 0,
    }


def new_units(s: dict) -> dict:
    """Every unit's changing facts at the start of the scenario (the rest is on its counter)."""
    out = {}
    for uid in UNITS:
        start = SC.unit(uid).start
        if UNITS[uid].man_pt:
            out[uid] = fresh(None, "stock")  # 16B3 (L1205): placed from the general pool
        else:
            out[uid] = fresh(start_hex(start), "map") if start is not None else fresh(None, "due")
    return out


def on_map(s: dict, side: str | None = None):
    """(uid, record) of every unit on the map (of one side), in the scenario's order."""
    units = s["units"]
    if side is None:
        for uid, v in units.items():
            if v["at"] == "map":
                yield uid, v
        return
    for uid in SIDE_UNITS[side]:
        v = units.get(uid)  # a board made from a view holds only the units it shows
        if v is not None and v["at"] == "map":
            yield uid, v


def stacks(s: dict) -> dict[str, list[str]]:
    """Hex -> the units there, in the scenario's order."""
    out: dict[str, list[str]] = {}
    for uid, v in s["units"].items():
        h = v["hex"]
        if h is not None:
            if h in out:
                out[h].append(uid)
            else:
                out[h] = [uid]
    return out


def units_in(s: dict, h: str) -> list[str]:
    """The units in hex ``h``, in the scenario's order: ``stacks(s).get(h, [])`` for one hex."""
    return [uid for uid, v in s["units"].items() if v["hex"] == h]


def side_hexes(s: dict, side: str) -> set[str]:
    return {v["hex"] for _, v in on_map(s, side)}


def rating(s: dict, uid: str) -> tuple[int, int, int]:
    """The unit's printed attack, defense and movement, its cadre's once reduced (3A1)."""
    u = UNITS[uid]
    if s["units"][uid]["cadre"] and u.cadre:
        return u.cadre
    return (u.attack, u.defense, u.movement)


def re_size(s: dict, uid: str) -> float:
    """RE size (3A3, L76-88): a cadre is 1 RE (L80)."""
    u = UNITS[uid]
    return 1.0 if s["units"][uid]["cadre"] else u.re


def has_zoc(s: dict, uid: str) -> bool:
    """5A: a ZOC in its own hex (every unit but HQs), lost while disrupted (3A5) or after accel or
    rail movement this phase, and by an unsupported unit in its second turn out of general supply
    (11F2: a reduced ZOC becomes none)."""
    u = UNITS[uid]
    v = s["units"][uid]
    if u.hq or v["dis"] or v["nozoc"]:
        return False
    return not _u2(v) or backed(s, uid)


def _u2(v: dict) -> bool:
    """11F2: the second or a later turn out of general supply."""
    return v.get("supply", "general") != "general" and v.get("out", 0) >= 2


def supported(s: dict, uid: str) -> bool:
    """12A (L664-671): divisional units without the unsupported indicator and with a printed
    strength, artillery, and self-supported units are supported. A cadre is not divisional
    (3A2): it is supported only if the unit is self-supported (ruling C4)."""
    u = UNITS[uid]
    if u.hq:
        return False
    if u.artillery or u.support == "self":
        return True
    if s["units"][uid]["cadre"]:
        return False
    a, d, _ = rating(s, uid)
    return u.divisional and u.support == "full" and max(a, d) > 0


def provides_support(s: dict, uid: str) -> bool:
    """12A: a supported unit without the self-supported indicator supports the unsupported units
    with it; a disrupted unit supports nobody (3A5)."""
    return supported(s, uid) and UNITS[uid].support != "self" and not s["units"][uid]["dis"]


def backed(s: dict, uid: str, st: dict | None = None) -> bool:
    """12A: supported, of itself or by a unit in its hex that supports others. ``st``: the
    stacks, when the caller has them."""
    if supported(s, uid):
        return True
    h = s["units"][uid]["hex"]
    side = UNITS[uid].side
    if st is not None:
        return any(o != uid and UNITS[o].side == side and provides_support(s, o) for o in st.get(h, ()))
    return any(v["hex"] == h and o != uid and provides_support(s, o) for o, v in on_map(s, side))


def zoc_level(s: dict, uid: str, st: dict | None = None) -> int:
    """5A, 12A, 11F2: 2 a standard ZOC, 1 a reduced one (an unsupported unit's, or a supported
    unit's in its second turn out of general supply), 0 none."""
    v = s["units"][uid]
    if UNITS[uid].hq or v["dis"] or v["nozoc"]:
        return 0
    level = 2 if backed(s, uid, st) else 1
    return level - 1 if _u2(v) else level


def zoc_reaches(s: dict, uid: str) -> bool:
    """5A: a non-artillery divisional unit without the unsupported indicator, with a printed
    combat strength above 0, also has a ZOC in the adjacent hexes (the map has no Arctic or
    Desert hexes). A fortress division is such a unit too (ruling O26)."""
    u = UNITS[uid]
    if u.artillery or not has_zoc(s, uid):
        return False
    a, d, _ = rating(s, uid)
    if max(a, d) <= 0:
        return False
    if s["units"][uid]["cadre"]:
        return False  # 5A: a cadre is not divisional
    return u.divisional and u.support != "none"


class SideMap:
    """What a side's units make of the map at one moment (5A, 6A, 12A, 11F2): the hexes they
    occupy, those of them held by a unit with a ZOC, every hex in the side's ZOC, and (found
    when first asked) the hexes where all its ZOCs are reduced ones and the hexes in contact.
    Read-only: many callers share one."""

    __slots__ = ("side", "occupied", "held", "zoc", "_reduced", "_contact")

    def __init__(self, s: dict, side: str, facts=None):
        """``facts``: ``_FACTS`` of each of the side's units, in the scenario's order, when the
        caller has them (else read from the records)."""
        self.side = side
        occupied: set[str] = set()
        held: set[str] = set()
        zoc: set[str] = set()
        spread: set[str] = set()
        zoc_units = _ZOC_UNITS[side]
        if facts is None:
            units = s["units"]
            # a board made from a view holds only the units it shows
            facts = [_facts_of(units.get(uid)) for uid in SIDE_UNITS[side]]
        for uid, (h, at, dis, nozoc, cadre, out, _) in zip(SIDE_UNITS[side], facts, strict=True):
            if at != "map":
                continue
            occupied.add(h)
            reaches = zoc_units.get(uid)
            if reaches is None or dis or nozoc:
                continue  # 5A: HQs have none; lost while disrupted or after accel or rail movement
            if out >= 2 and not has_zoc(s, uid):
                continue  # 11F2: an unsupported unit's reduced ZOC becomes none
            held.add(h)
            if reaches and not cadre:
                spread.add(h)
        for h in spread:  # once a hex, however many units there project a ZOC
            zoc.update(ZOC_NEIGHBOURS[h])
        zoc |= held
        self.occupied, self.held, self.zoc = frozenset(occupied), frozenset(held), frozenset(zoc)
        self._reduced: frozenset | None = None
        self._contact: frozenset | None = None


_FACTS = operator.itemgetter("hex", "at", "dis", "nozoc", "cadre", "out", "supply")
"""A unit record's fields a SideMap depends on."""


def _facts_of(v: dict | None) -> tuple:
    """``_FACTS`` of a record that may be missing, or hold only what a view shows."""
    if v is None:
        return (None, None, 0, False, False, 0, None)
    return (
        v["hex"],
        v["at"],
        v.get("dis", 0),
        v.get("nozoc", False),
        v.get("cadre", False),
        v.get("out", 0),
        v.get("supply"),
    )


_SIDE_MAPS = Memo(256)
"""SideMaps by side and the side's records' facts: a pure function of them, so one found for a
position serves every state, clone and game that reaches it again. Kept few: the positions asked
again are the recent ones, and every set kept is one more for the garbage collector to walk
(measured: 256 plays random games some 5% faster than 4,096)."""


def side_map(s: dict, side: str) -> SideMap:
    """The side's SideMap, found once for each position of its units."""
    units = s["units"]
    try:
        facts = tuple(map(_FACTS, map(units.__getitem__, SIDE_UNITS[side])))
    except KeyError:  # a board made from a view: not remembered
        return SideMap(s, side)
    key = (side, facts)
    found = _SIDE_MAPS.get(key)
    return found if found is not None else _SIDE_MAPS.keep(key, SideMap(s, side, facts))


def zoc_hexes(s: dict, side: str) -> frozenset[str]:
    """Every hex in ``side``'s ZOC (5A), standard or reduced. A ZOC does not extend into hexes
    the unit may not enter (sea, lake) nor across prohibited hexsides."""
    return side_map(s, side).zoc


def reduced_zoc(s: dict, side: str, m: SideMap | None = None) -> frozenset[str]:
    """The hexes of ``side``'s ZOC where every ZOC is a reduced one (12A, 11F2): cheaper to leave
    (6A). Empty unless a unit of the side is unsupported or in its second turn out of supply.
    ``m``: the side's SideMap, when the caller has it."""
    m = m if m is not None else side_map(s, side)
    if m._reduced is None:  # ``s`` holds the facts ``m`` was found for
        m._reduced = frozenset(_reduced_zoc(s, side))
    return m._reduced


def _reduced_zoc(s: dict, side: str) -> set[str]:
    units = s["units"]
    reduced: set[str] = set()
    st = None
    for uid, reaches in _ZOC_UNITS[side].items():
        v = units.get(uid)
        if v is None or v["at"] != "map" or v["dis"] or v["nozoc"]:
            continue
        if (v["cadre"] and UNITS[uid].support == "full") or v.get("out", 0) >= 2:
            st = st if st is not None else stacks(s)
            if zoc_level(s, uid, st) == 1:
                h = v["hex"]
                reduced.update((h, *ZOC_NEIGHBOURS[h]) if reaches and not v["cadre"] else (h,))
    if not reduced:
        return reduced

    def standard_over(x: str) -> bool:
        """A standard ZOC covers ``x``: of a unit in it, or of one next to it that reaches it."""
        for h in (x, *NEIGHBOURS.get(x, ())):
            for u in st.get(h, ()):
                if UNITS[u].side != side or units[u]["at"] != "map":
                    continue
                if h != x and (not UNITS[u].reaches or units[u]["cadre"] or x not in ZOC_NEIGHBOURS.get(h, ())):
                    continue
                if zoc_level(s, u, st) == 2:
                    return True
        return False

    return {x for x in reduced if not standard_over(x)}


SIDE_UNITS = {side: tuple(uid for uid, u in UNITS.items() if u.side == side) for side in SIDES}
"""Each side's units, in the scenario's order."""

MAN_PTS = {side: tuple(uid for uid in SIDE_UNITS[side] if UNITS[uid].man_pt) for side in SIDES}
"""16B3 (L1205), ruling O37: each side's on-map Man Pt counters."""

_ZOC_UNITS = {side: {uid: u.reaches for uid, u in UNITS.items() if u.side == side and not u.hq} for side in SIDES}
"""Each side's units that may have a ZOC (5A: not HQs), with whether it reaches the adjacent hexes."""


def gain_ownership(s: dict, side: str, h: str) -> bool:
    """5B: a unit with a ZOC in the hex takes it (a city only by occupying it). True if it changed."""
    if h not in LAND_SET or s["owner"].get(h) == side:
        return False
    s["owner"][h] = side
    update_bridges(s, (h,))
    return True


def update_ownership(s: dict, known: SideMap | None = None) -> list[tuple[str, str]]:
    """5B: hexes occupied by a side's units with a ZOC, and hexes in a side's uncontested ZOC
    (cities excepted: they must be occupied), belong to that side; a contested hex (9J) belongs
    to neither until its contest ends. The hexes that changed hands, with their new owner, in
    the map's order. ``known``: a side's SideMap the caller knows is still its own."""
    owner = s["owner"]
    contested = s.get("contested") or ()
    maps = {side: known if known is not None and known.side == side else side_map(s, side) for side in SIDES}
    changed = []
    get = owner.get
    for side in SIDES:
        mine, theirs = maps[side], maps[OTHER[side]]
        # (a side's ZOC holds the hexes it holds)
        # 5B (L203): an enemy-owned city is taken only by occupying it; a city is any of 3E2's
        # (L132): point, partial- and full-hex cities and fortresses (``OWNED_BY_OCCUPATION``)
        taken = (mine.held - theirs.held) | (mine.zoc - theirs.zoc - OWNED_BY_OCCUPATION)
        for h in [h for h in taken if get(h) != side]:
            if h not in contested:
                owner[h] = side
                changed.append((h, side))
    if changed:
        changed.sort()
        update_bridges(s, [h for h, _ in changed])
    return changed


CITY_HEXES = frozenset(t["hex"] for t in MAP.towns.values() if t.get("size") in ("partial-city", "full-city"))
FORTRESS_HEXES = {t["hex"]: t for t in MAP.towns.values() if t.get("fortress")}
OWNED_BY_OCCUPATION = frozenset(
    t["hex"] for t in MAP.towns.values() if t.get("size") in ("town", "partial-city", "full-city") or t.get("fortress")
)
"""3E2 (L132): "The term cities includes all cities (point cities, partial hex cities, and full hex
cities), plus all fortresses and resource centers": the hexes 5B (L203) lets a side take from the
enemy only by occupying them with a unit with a ZOC, never by a ZOC alone. ``CITY_HEXES`` are
only the major cities (3E2: partial and full), which other rules name."""


# ----- the general staff (14P) ---------------------------------------------------------------------


LEADERS = {x.id: x for x in SC.leaders}
"""The scenario's leaders by id (14P)."""


def leader_name(lid: str | None) -> str | None:
    """A leader's name (his id if the scenario does not know him); None for no leader."""
    if not lid:
        return None
    rec = LEADERS.get(lid)
    return rec.name if rec else lid


def staff(s: dict, side: str) -> dict[str, int]:
    """14P (L1009): the side's off-map available leader pool, "back at the general staff":
    leader -> how many of the side's initial phases had begun when he entered it."""
    return s.setdefault("staff", {}).setdefault(side, {})


def initials(s: dict, side: str) -> int:
    """How many of the side's initial phases have begun."""
    return s.get("initials", {}).get(side, 0)


def to_staff(s: dict, side: str, lid: str, ready: bool = False) -> None:
    """14P: the leader goes to the pool; he may be assigned again from the side's next initial
    phase (``ready``: at once, a leader the scenario brings in)."""
    staff(s, side)[lid] = initials(s, side) - (1 if ready else 0)


def initial_owner() -> dict[str, str]:
    """At the start every land hex belongs to its 1914 country's side (L128). A new dict each
    time: the caller may change it."""
    return dict(INITIAL_OWNER)


INITIAL_OWNER = {
    h: {"germany": "central-powers", "russia": "entente"}[MAP.country[h]]
    for h in LAND
    if MAP.country.get(h) in ("germany", "russia")
}
"""The owner of each land hex in July 1914 (L128): read it, do not change it."""

INITIAL_BRIDGES = {
    key: INITIAL_OWNER.get(key.split("|")[0])
    for key in sorted(BRIDGES)
    if INITIAL_OWNER.get(key.split("|")[0]) == INITIAL_OWNER.get(key.split("|")[1])
}
"""The owner of each bridge in July 1914 (15A1): the side that owns both its hexes; a bridge on
the frontier has none. Read it, do not change it."""


def contact(s: dict, side: str) -> frozenset[str]:
    """The hexes where ``side`` sees what the enemy has (ruling O1 in RULINGS.md): hexes its own
    units occupy or are adjacent to."""
    m = side_map(s, side)
    if m._contact is None:
        seen = set(m.occupied)
        for h in m.occupied:
            seen.update(NEIGHBOURS[h])
        m._contact = frozenset(seen)
    return m._contact


def stack_item(s: dict, uid: str) -> tuple[str, float]:
    """How a unit counts for stacking (8A): exempt (HQs, fortress units: 15J), artillery,
    non-divisional or divisional, with its RE size."""
    u = UNITS[uid]
    if u.hq or u.fortress:
        return ("exempt", 0.0)
    if u.artillery:
        return ("art", re_size(s, uid))
    if s["units"][uid]["cadre"] or not u.divisional:
        return ("nondiv", re_size(s, uid))
    return ("div", re_size(s, uid))


def fits(items) -> bool:
    """8A (L365-372): 6 units of any size and type, plus 6 REs of non-divisional units, plus 4 REs
    of artillery; HQs and fortress units do not count. The extra allowances are filled smallest
    first, the rest counts among the six."""
    lim = CH.stacking["regular"]
    if len(items) <= lim.units:
        return True  # each counts one of the six at most
    left = 0
    art = 0.0
    nondiv = 0.0
    for cls, re in sorted(items, key=lambda x: x[1]):
        if cls == "exempt":
            continue
        if cls == "art" and art + re <= lim.artillery_re:
            art += re
        elif cls in ("art", "nondiv") and nondiv + re <= lim.non_divisional_re:
            nondiv += re
        else:
            left += 1
    return left <= lim.units


def visible(s: dict, role: str | None) -> set[str] | None:
    """The hexes where ``role`` sees the enemy's counters (ruling O1); None: everywhere. A
    spectator sees what both sides see of each other; the scenario's sr-russian-radio shows the
    Central Powers every Russian counter in its turns (ruling O19)."""
    if not s["options"]["limited_intelligence"]:
        return None
    if role is None:
        return contact(s, "entente") & contact(s, "central-powers")
    if _sees_all(s, role):
        return None
    return contact(s, role)


def _sees_all(s: dict, role: str) -> bool:
    """The scenario's 14N2 rules show ``role`` every enemy counter this turn (ruling O19)."""
    return min(s["turn"], len(TURNS) - 1) in _ALL_SEEN[role]


_ALL_SEEN = {
    role: frozenset(
        i
        for i, turn in enumerate(TURNS)
        for sr in SC.special_rules
        if "14N2" in sr.rules and sr.side not in (None, role) and turn in sr.turns
    )
    for role in SIDES
}
"""The turns (by index) in which a side sees every enemy counter (the scenario's 14N2 rules)."""


def in_sight(s: dict, role: str | None, hexes) -> list[str]:
    """Those of ``hexes`` where ``role`` sees the enemy's counters: ``visible``, asked of a few
    hexes (a hex is in contact when a unit of the role's stands in it or next to it)."""
    if role is None or not s["options"]["limited_intelligence"] or _sees_all(s, role):
        seen = visible(s, role)
        return list(hexes) if seen is None else [h for h in hexes if h in seen]
    occupied = side_map(s, role).occupied
    return [h for h in hexes if h in occupied or not occupied.isdisjoint(NEIGHBOURS[h])]


def stacking_room(s: dict, h: str, adding: list[str], here: list[str] | None = None) -> bool:
    """8A: whether ``adding`` may end in hex ``h`` with the units already there."""
    present = list(here) if here is not None else units_in(s, h)
    allu = present + [u for u in adding if u not in present]
    return fits([stack_item(s, u) for u in allu])


def frac(x) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(x).limit_denominator(1000)


def fmt(x) -> str:
    """A strength as players write it: 4, 4.5, 2.25."""
    f = float(x)
    return str(int(f)) if f == int(f) else f"{f:g}"


def turn_name(s: dict) -> str:
    return SC.turns[s["turn"]].name


def unit_name(uid: str) -> str:
    return UNITS[uid].name


def hex_name(h: str) -> str:
    """A hex as players find it: its id and the town in it, if any."""
    towns = MAP.towns_in(h)
    return f"{h} ({towns[0]['name']})" if towns else h
