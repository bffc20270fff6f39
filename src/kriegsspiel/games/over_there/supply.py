"""Over There's supply (Rule 11, L585-660) and isolation (3G, L165-166).

A supply line is traced from a unit to a supply source (11B, L589-600). General supply has up
to three elements, in this order: overland (up to the Supply Line Summary's length, 3 hexes in
clear weather, ruling R27) to an Army HQs or a source; road (3 hexes along roads) from the Army
HQs to a depot or source; railroad from the depot to a regular source. Combat supply has one
element, overland (11D). A unit is isolated when it cannot trace an overland line of any length
to a regular source (3G).

How this module reads the rules (the rulings S1-S14 at the end of this text; the owner keeps
them in RULINGS.md):

* ``sources(side)``: the side's regular sources on this map (11C2a), a static set.
* ``rail_reach(s, side)``: the rail hexes a railroad sub-element reaches from a valid source;
  every one of them stands for an operational depot (S4).
* ``general_supply(s, side)``, ``isolated_hexes(s, side)``: the traces, from the state as it
  is now; ``Overland``: the overland element alone, which is all a combat supply line has
  (11D; ``logistics`` draws on the Res Pts).
* ``check(s, sides, initial=...)``: writes ``U["supply"]`` and ``U["out"]`` (11B, 11F, 3G).
* ``attrition(s, side)``: 11F's elimination check (L640-644).
* ``strength_factor(s, uid)``, ``movement_factor(s, uid)``: 11F's effects (ruling R3).

Every trace is a search over tables built once at import (``lru_cache``): the overland cost of
every step by weather, the rail links by gauge and volume, the road links. A check of both
sides runs a handful of searches over the 310 land hexes.

Rulings (S = supply):

S1. Regular sources (11C2a, L615; 11E, L632). Each rail line that leaves the map in the side's
    home country on the side's gauge stands for the major cities beyond the edge (Berlin, Posen;
    Vilna, Moscow...): its exit hex is a regular source. The Central Powers' exits are 0110
    (Konitz/Berlin), 0113 (Bromberg/Berlin) and 0115 (Posen); the Entente's are the broad-gauge
    exits 1701 (Libau), 2005 (Vilna), 2007 (Vilna), 2012 (Wołkowysk) and 2016 (Moscow). The
    standard-gauge exit 0618 toward Koluszki and Vienna is neither's: it lies in Russia (outside
    German home territory, 11E) and is not on the Entente's broad-gauge net (ruling R36). The
    on-map major cities (3E2, L134: partial- and full-hex cities) are sources too: Warsaw for the
    Entente while it is connected by rail (7A1, L281) to a source; Königsberg and Danzig for the
    Central Powers, always, as Baltic ports: the basic naval rules give the Baltic to the Central
    Powers only (L610), so a naval sub-element joins them to Germany's Baltic ports whatever
    happens on land. Port capacity (L602-610) is not counted: Königsberg's 30 REs and Danzig's
    60 are more than the Eighth Army's cut-off garrisons ever need. A source serves only while
    its hex is friendly-owned and not blocked (S3).
S2. The railroad sub-element (11B3a, L601). Along the side's own gauge (ruling R36: standard for
    the Central Powers, broad for the Entente; the other net is not one "which may be used for
    rail movement by that player"), through friendly-owned hexes, at most 7 low-volume links
    counted from the nearest source (a link of a low-volume line is a low-volume rail hex
    entered); high-volume links are free. Rail breaks do NOT block it (L601: "Rail breaks and
    rail obstruction hits ... do not block the tracing of a railroad sub-element"), so
    ``s["breaks"]`` is not read. The "under 10 REs of capacity" special case is not applied
    (the state keeps no capacity; both sides start with more). Regauged links (13B3a) are not
    modelled: the state has no key for them.
S3. What blocks a line (11A, L587). No element enters a hex occupied by an enemy unit (any
    unit, an HQ too), nor a hex in an enemy ZOC unless a friendly unit (any unit) occupies it,
    nor a prohibited hex or hexside. The overland element may enter enemy-owned hexes (11B1,
    L596, the specific rule over 11A's "owned"); road and rail elements only friendly-owned ones
    (L598, L601). A line is traced *into* hexes: the unit's own hex never blocks it. Reduced
    ZOCs block as ZOCs do (5A: they differ only in movement).
S4. Depots (11C1, L614) are not placed: every rail hex in ``rail_reach`` acts as an operational
    depot, and overland and road elements may end there. No limit of one Army HQs per depot, no
    rail capacity spent. The overland element of any unit may end at such a rail hex directly
    (the depot's GSPs, 11C2bii, abstracted): a unit within the overland length of the rail net
    is in general supply without an Army HQs.
S5. Overland length (11B1, L596; ruling R27). The hexes entered count, the unit's own hex does
    not; forest, swamp (unfrozen) and wooded swamp count 2 (``terrain.json`` ``supply_hexes``);
    an unfrozen major river hexside adds 1 (``supply_extra_hexes``); along a road link every
    hex counts 1 and no hexside adds. A lake-side hexside is prohibited unless a road or rail
    crosses it (a causeway, L1033, crossed as a major river, +1 off the road). Lengths come
    from ``charts.supply_lengths(weather)``; the weather is ``s["weather"]`` or clear (R35).
    Transport units and devastation are not in the scenario.
S6. Army HQs (11B2, L598; 14M). An Army HQs on the map links its units to the rail net if it
    traces a road element (at most the road length, along road links through friendly-owned
    unblocked hexes; the first hex may be entered overland from the HQs to a road hex, L598) or
    an overland element of the overland length to a ``rail_reach`` hex. Units trace overland
    only to Army HQs of their own nationality (11E); active or not, disrupted or not, does not
    matter for general supply. An Army HQs is not chained to another HQs.
S7. Isolation (3G). A unit or hex is isolated when no overland line of any length (S3's
    blocks) joins it to a valid regular source or to a ``rail_reach`` hex (each is joined to a
    source by a line of friendly, unblocked rail hexes, which an overland line could follow).
    ``isolated_hexes`` lists every land hex from which the side cannot trace; callers wanting
    "the owner's isolated hexes" intersect it with the side's owned hexes.
S8. Status in the state. ``check(s, sides, initial=True)`` (both sides, each initial phase,
    4A1): a unit tracing general supply is "general" and its ``out`` is 0; otherwise it is
    "isolated" or "out" and ``out`` is its turn out of general supply (1 = U-1, 2 = U-2...).
    ``check(s, sides)`` (combat and reaction combat phases, 3G) re-determines isolation only:
    general supply holds for the whole player turn (11B, L589), so a unit isolated since the
    initial phase shows "isolated" with ``out`` 0 (in general supply, isolated), and a unit no
    longer isolated shows "general" or "out" by its ``out``.
S9. Counting turns out (11F, L634). A turn out of general supply is two player turns counted
    from the initial phase where the unit was first judged out. The state keeps that player
    turn, ``2 * turn + (0 for the Entente's player turn, 1 for the Central Powers')``, in
    ``s["supply_since"][uid]``; ``U["out"]`` is then ``(now - since) // 2 + 1``, so it rises at
    every second initial phase and calling ``check`` twice in a phase changes nothing.
S10. Elimination (11F, L640-644). Each unit is checked once per turn out, in its owner's initial
    phase (``attrition(s, side)`` for the phasing side, after ``check``), when it is isolated
    and in its second or later turn out: one die on the Ground Success Table, +3 in a major city
    or improved fortress hex, -1 in frost, winter or snow otherwise;
    failure eliminates it. The roller is the owner (``ground-success.json``); one check per turn
    follows the turn-based count of 11F rather than reading "each initial phase" as both
    players' (which would check twice in a turn).
S11. Combat supply (11D, L625-630) is drawn on Res Pts at the start of each attack and
    bombardment: ``logistics.supplied``, with ``Overland`` here for its one element.
S12. Strength (11F; ruling R3): ``strength_factor`` is ``charts.supply_strength`` with the
    unit's combat supply, its ``out`` and whether it was last judged isolated: 1 in combat
    supply; else 1/2 in general supply or U-1 unisolated; 1/4 U-1 isolated or U-2 and later.
S13. Movement (11F): ``movement_factor`` halves from U-2 on, and in U-1 for c/m units (the
    scenario has none).
S14. A Res Pt is drawn on for general supply in the initial phase where it feeds an isolated
    unit (11C2b-i: ``logistics.feed_pockets``); GSPs are not generated. A major city the enemy has owned is
    never again a source (11C2a: ``s["fallen"]``); Königsberg and Danzig serve on as ports.
S15. An improved fortress the side owns supplies up to 15 REs of its units in its hex
    (``fortress_supplied``); isolated, it rolls for depletion in its owner's initial phase
    (``depletion``).
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from ...engine import hexes as hx
from ...engine import rng
from ...engine.flow import log
from ...engine.memo import Memo
from .scenario import HOME, SIDES
from .world import (
    CAUSEWAYS,
    CH,
    CITY_HEXES,
    FORTRESS_HEXES,
    INITIAL_OWNER,
    LAND,
    LAND_SET,
    MAP,
    NEIGHBOURS,
    OTHER,
    SCENARIO_ID,
    UNITS,
    hex_name,
    leader_name,
    on_map,
    re_size,
    side_map,
    step_costs,
    to_staff,
    unit_name,
)

HOME_COUNTRY = {side: country for country, side in HOME.items()}  # 11E: home territory
GAUGE = {side: CH.rail_net(SCENARIO_ID, side).gauge for side in SIDES}  # S2, ruling R36
MAJOR_CITY = ("partial-city", "full-city")  # 3E2, L134
COLD = ("frost", "winter", "snow")  # L640
CM_TYPES: frozenset = frozenset()  # c/m units (3A2): the scenario's unit types include none
RAIL_LOW_MAX = CH.supply_rule("railroad")["low_volume_max_hexes"]  # 7, L601
ALL_LOW_BELOW = CH.supply_rule("railroad")["all_low_volume_below_capacity_re"]  # 10 REs, L601


def _weather(s: dict) -> str:
    return s.get("weather") or "clear"


def lengths(s: dict) -> tuple[int, int]:
    """The overland and road elements' maximum lengths now (L594, ruling R27)."""
    return CH.supply_lengths(_weather(s))


# ----- static tables --------------------------------------------------------------------------


@lru_cache(maxsize=None)
def sources(side: str) -> frozenset:
    """The side's regular sources of general supply on this map (11C2a; ruling S1): the exit
    hexes of its own gauge's lines in its home country and its major cities."""
    home = HOME_COUNTRY[side]
    out = {e["hex"] for e in MAP.rail_exits if e["gauge"] == GAUGE[side] and MAP.country[e["hex"]] == home}
    out |= set(_cities(side))
    return frozenset(out)


@lru_cache(maxsize=None)
def _cities(side: str) -> dict[str, bool]:
    """The side's major cities on the map: hex -> whether it is a source whatever its rail
    (a Central Powers Baltic port, S1)."""
    home = HOME_COUNTRY[side]
    out = {}
    for t in MAP.towns.values():
        if t["country"] == home and t["size"] in MAJOR_CITY:
            out[t["hex"]] = bool(side == "central-powers" and t.get("port"))
    return out


def port_source(h: str) -> bool:
    """Whether the city in ``h`` serves as a Baltic port (ruling S1) rather than as a city: a
    city's fall (11C2a) does not close a port."""
    return any(cities.get(h) for cities in map(_cities, SIDES))


def rail_net_of(side: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """The rail hexes of the side's own gauge (ruling R36), with their links."""
    return _rail_net(GAUGE[side])


@lru_cache(maxsize=None)
def _rail_net(gauge: str, all_low: bool = False) -> dict[str, tuple[tuple[str, int], ...]]:
    """From each rail hex of the gauge: (adjacent rail hex, 1 if the link is low-volume, as
    every link is when ``all_low``)."""
    out: dict[str, list] = {}
    for key, link in MAP.rail.items():
        if link["gauge"] != gauge:
            continue
        a, b = key.split("|")
        low = int(all_low or link["volume"] == "low")
        out.setdefault(a, []).append((b, low))
        out.setdefault(b, []).append((a, low))
    return {h: tuple(sorted(v)) for h, v in out.items()}


def _hex_rec(terrain: str, weather: str):
    rec = CH.terrain(terrain)
    if CH.weather(weather).frozen and rec.frozen_as:
        rec = CH.terrain(rec.frozen_as)
    return rec


def _side_rec(feature: str, weather: str):
    rec = CH.hexside(feature)
    if CH.weather(weather).frozen and rec.frozen_as:
        rec = CH.hexside(rec.frozen_as)
    return rec


@lru_cache(maxsize=None)
def _overland(weather: str) -> dict[str, dict[str, int]]:
    """``into[b][a]``: what the overland step from ``a`` into ``b`` counts against the line's
    length (ruling S5); prohibited steps are absent."""
    into: dict[str, dict[str, int]] = {h: {} for h in LAND}
    for a in LAND:
        for b in NEIGHBOURS[a]:
            if b not in LAND_SET:
                continue
            key = hx.side_id(a, b)
            hrec = _hex_rec(MAP.terrain[b], weather)
            if hrec.prohibited:
                continue
            if key in MAP.roads:
                into[b][a] = 1  # L596: no penalty along a road
                continue
            cost = hrec.supply_hexes
            ok = True
            for feat in MAP.hexsides.get(key, ()):
                if feat == "frontier":
                    continue
                srec = _side_rec(feat, weather)
                if srec.prohibited:
                    if key in CAUSEWAYS:
                        srec = _side_rec("major-river", weather)  # a causeway (L1033)
                    else:
                        ok = False
                        break
                cost += srec.supply_extra_hexes
            if ok:
                into[b][a] = cost
    return into


def overland_cost(a: str, b: str, weather: str = "clear") -> int | None:
    """What the overland step from hex ``a`` into the adjacent hex ``b`` counts against a
    supply line's length (11B1, L596; ruling S5); None where the line may not pass."""
    return _overland(weather).get(b, {}).get(a)


@lru_cache(maxsize=None)
def _into_sets(weather: str) -> dict[str, frozenset[str]]:
    """``_into_steps`` without what the steps count: from each hex, the hexes a line reaches it from."""
    return {b: frozenset(a for a, _ in steps) for b, steps in _into_steps(weather).items()}


@lru_cache(maxsize=None)
def _into_steps(weather: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """``_overland`` as a search reads it backwards: from each hex ``b``, every hex ``a`` a line
    steps from into ``b``, in the table's order, with what the step counts."""
    return {b: tuple((a, v[a]) for a in sorted(v)) for b, v in _overland(weather).items()}


@lru_cache(maxsize=None)
def _roads() -> tuple[dict[str, tuple[str, ...]], frozenset]:
    """Road links (hex -> adjacent hexes along a road) and the hexes a road runs through."""
    out: dict[str, list] = {}
    for key in MAP.roads:
        a, b = key.split("|")
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return {h: tuple(sorted(v)) for h, v in out.items()}, frozenset(out)


# ----- the traces -----------------------------------------------------------------------------


def _blocked(s: dict, side: str) -> frozenset[str]:
    """11A (L588): the hexes a side's supply line may not enter: enemy-occupied, or in an enemy
    ZOC without a friendly unit."""
    enemy = side_map(s, OTHER[side])
    return enemy.occupied | (enemy.zoc - side_map(s, side).occupied)


class Overland:
    """The overland element alone, from the state as it is now: what a combat supply line,
    which has only that element (11D, L594), can join."""

    def __init__(self, s: dict, side: str):
        self.blocked = _blocked(s, side)
        weather = _weather(s)
        self.overland_max = CH.supply_lengths(weather)[0]
        self._into = _overland(weather)
        self._steps = _into_steps(weather)
        self._sets = _into_sets(weather)

    def spread(self, starts, limit=None) -> hx.Reach:
        """Every hex whose overland line of at most ``limit`` (None: any length) reaches one of
        ``starts``; searched backwards from them, a hex entered must not be blocked. Read-only:
        the same search is shared by every caller that makes it."""
        into, blocked = self._into, self.blocked
        key = (id(into), frozenset(blocked), frozenset(starts), limit)
        found = _SPREADS.get(key)
        if found is not None:
            return found
        # the line steps from n into h: searched from h, the step to n, never out of a blocked h
        found = hx.spread_steps(sorted(starts), self._steps, limit, closed=key[1])
        return _SPREADS.keep(key, found)

    def joined(self, starts) -> frozenset[str]:
        """``spread`` with no limit, as a set: every hex whose overland line of any length
        reaches one of ``starts``."""
        key = (id(self._into), frozenset(self.blocked), frozenset(starts), "joined")
        found = _SPREADS.get(key)
        if found is None:
            found = _SPREADS.keep(key, hx.joined(starts, self._sets, closed=key[1]))
        return found


_RAILS = Memo(512)
"""The sources and rail hexes joined to them (``_Trace._rail``) by net, the low-volume reach,
usable hexes, sources and cities waiting to join: a pure function of them."""

_SPREADS = Memo(512)
"""Overland searches by weather (its cost table, one for the game's run), blocked hexes, starts
and limit: a pure function of them."""


class _Trace(Overland):
    """One side's supply picture from the state as it is now."""

    def __init__(self, s: dict, side: str):
        self._build(s, side, _weather(s), _blocked(s, side), s["owner"])

    def _build(self, s: dict, side: str, weather: str, blocked: frozenset, owner: dict) -> None:
        self.s = s
        self.side = side
        self.weather = weather
        self.overland_max, self.road_max = CH.supply_lengths(weather)
        self.blocked = blocked  # S3
        self.owned = {h for h in LAND if owner.get(h) == side}
        self.sources, self.rail = self._rail()
        self._into = _overland(self.weather)
        self._steps = _into_steps(self.weather)
        self._sets = _into_sets(self.weather)
        self._isolation = None

    # --- 11C2a, 11B3a ---

    def _rail(self) -> tuple[set, set]:
        """Valid sources and the rail hexes joined to them (rulings S1, S2)."""
        # 11B3a (L601): a net of less than 10 REs of capacity is all low-volume for supply
        capacity = self.s.get("rail_capacity", {}).get(self.side)
        net = _rail_net(GAUGE[self.side], capacity is not None and capacity < ALL_LOW_BELOW)
        ok = self.owned - self.blocked
        cities = _cities(self.side)
        starts = {h for h in sources(self.side) if h in ok and (h not in cities or cities[h])}
        fallen = self.s.get("fallen", ())  # 11C2a: a city the enemy has owned serves no more
        waiting = {h for h, always in cities.items() if not always and h in ok and h not in fallen}
        key = (id(net), RAIL_LOW_MAX, frozenset(ok), frozenset(starts), frozenset(waiting))
        found = _RAILS.get(key)
        if found is None:
            while True:
                reach = self._rail_from(starts, net, ok)
                joined = {h for h in waiting if h in reach}  # 7A1: a city connected to a source
                if not joined:
                    break
                starts |= joined
                waiting -= joined
            found = _RAILS.keep(key, (frozenset(starts), frozenset(reach)))
        return set(found[0]), set(found[1])

    @staticmethod
    def _rail_from(starts: set, net: dict, ok: set) -> dict[str, int]:
        best = dict.fromkeys(starts, 0)
        heap = [(0, h) for h in sorted(starts)]
        while heap:
            low, h = heapq.heappop(heap)
            if best[h] != low:
                continue
            for b, w in net.get(h, ()):
                if b not in ok:
                    continue
                total = low + w
                if total > RAIL_LOW_MAX or best.get(b, RAIL_LOW_MAX + 1) <= total:
                    continue
                best[b] = total
                heapq.heappush(heap, (total, b))
        return best

    # --- overland (11B1) ---

    def isolation(self) -> frozenset[str]:
        """The hexes from which a line of any length reaches the rail net joined to a source:
        a unit elsewhere is isolated (3G, ruling S7)."""
        if self._isolation is None:
            self._isolation = self.joined(self.rail)
        return self._isolation

    # --- Army HQs (11B2, 14M) ---

    def hqs(self) -> dict[str, str]:
        """The side's Army HQs on the map: uid -> hex."""
        return {uid: v["hex"] for uid, v in on_map(self.s, self.side) if UNITS[uid].army_hq}

    def linked(self, near_rail: hx.Reach) -> dict[str, str]:
        """The Army HQs that link their units to the rail net (ruling S6): uid -> hex."""
        return {uid: h for uid, h in self.hqs().items() if h in near_rail or self._road(h)}

    def _road(self, start: str) -> bool:
        """A road element from an Army HQs in ``start`` to a rail_reach hex (L598)."""
        links, road_hexes = _roads()
        ok = self.owned - self.blocked
        if start in self.rail:
            return True
        first = {b for b, _ in step_costs("other")[start] if b in road_hexes and b in ok}  # L598's exception
        seen = {start} | first
        frontier = sorted(first)
        depth = 1
        while frontier:
            if any(h in self.rail for h in frontier):
                return True
            if depth >= self.road_max:
                return False
            nxt = []
            for h in frontier:
                for b in links.get(h, ()):
                    if b not in seen and b in ok:
                        seen.add(b)
                        nxt.append(b)
            frontier = nxt
            depth += 1
        return False

    def near_rail(self) -> hx.Reach:
        """The hexes whose overland element reaches the rail net (ruling S4)."""
        return self.spread(self.rail, self.overland_max)

    def supplied(self, near_rail: hx.Reach | None = None) -> dict[str, set]:
        """Nationality -> the hexes whose overland element reaches the rail net (``near_rail``,
        found here if not given) or a linked Army HQs of that nationality (rulings S4, S6)."""
        if near_rail is None:
            near_rail = self.near_rail()
        by_nat: dict[str, set] = {}
        for uid, h in self.linked(near_rail).items():
            by_nat.setdefault(UNITS[uid].nationality, set()).add(h)
        out = {}
        for nat in {UNITS[uid].nationality for uid, _ in on_map(self.s, self.side)}:
            hq_hexes = by_nat.get(nat)
            if hq_hexes:
                out[nat] = set(near_rail) | set(self.spread(hq_hexes, self.overland_max))
            else:
                out[nat] = set(near_rail)
        return out


class _ViewTrace(_Trace):
    """The same picture from what one side's view shows (its bot's eyes): its own units where
    they stand, every enemy counter and hidden stack as a block, the enemy's ZOC as the view
    lists it, the owners as the view gives them (changes from L128's)."""

    def __init__(self, board: dict, side: str):
        own_hexes = {u["hex"] for u in board["units"] if u["side"] == side}
        enemy_hexes = {u["hex"] for u in board["units"] if u["side"] != side}
        enemy_hexes |= {h["hex"] for h in board["hidden"] if h["side"] != side}
        units = {u["id"]: {"at": "map", "hex": u["hex"]} for u in board["units"] if u["side"] == side}
        capacity = {s: r["capacity"] for s, r in board.get("rail", {}).items()}
        self._build(
            {"units": units, "rail_capacity": capacity},
            side,
            board.get("weather") or "clear",
            enemy_hexes | (set(board["zoc"].get(OTHER[side], ())) - own_hexes),
            {**INITIAL_OWNER, **board["owner"]},
        )


def view_supply(board: dict, side: str) -> tuple[set[str], dict[str, set]]:
    """What a side's view shows of its general supply now (11B; rulings S4, S6): the hexes
    whose overland element reaches the rail net, and nationality -> the hexes in general supply
    (the rail net's or a linked Army HQs')."""
    t = _ViewTrace(board, side)
    near_rail = t.near_rail()
    return set(near_rail), t.supplied(near_rail)


# ----- the rules' questions -------------------------------------------------------------------


def rail_reach(s: dict, side: str) -> set[str]:
    """The rail hexes a railroad sub-element joins to one of the side's valid sources (11B3a;
    rulings S1, S2)."""
    return set(_Trace(s, side).rail)


def general_supply(s: dict, side: str) -> dict[str, str]:
    """uid -> "general" | "out" for every unit of the side on the map, traced now (11B)."""
    t = _Trace(s, side)
    ok = t.supplied()
    return {uid: "general" if v["hex"] in ok[UNITS[uid].nationality] else "out" for uid, v in on_map(s, side)}


def isolated_hexes(s: dict, side: str) -> set[str]:
    """Every land hex from which the side cannot trace an overland line of any length to a
    regular source (3G; ruling S7)."""
    return set(LAND) - set(_Trace(s, side).isolation())


def cut_off(s: dict, side: str, hexes) -> set[str]:
    """Those of ``hexes`` that are isolated for the side (3G; ruling S7), as
    :func:`isolated_hexes` tells, found by a search from each hex toward the rail net that
    stops once it gets there: cheaper when only a few hexes are asked about."""
    t = _Trace(s, side)
    rail, blocked, out_of = t.rail, t.blocked, _out_table(t.weather)
    return {h for h in hexes if h not in rail and not _joined(h, rail, blocked, out_of)}


def _joined(start: str, rail, blocked, out_of) -> bool:
    """Whether an overland line of any length from ``start`` gets to a rail hex (S3, S7)."""
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in out_of.get(a, ()):  # the line steps from a into b
                if b in seen or b in blocked:
                    continue
                if b in rail:
                    return True
                seen.add(b)
                nxt.append(b)
        frontier = nxt
    return False


@lru_cache(maxsize=None)
def _out_table(weather: str) -> dict[str, tuple[str, ...]]:
    """``a`` -> the hexes an overland line may step into from ``a`` (the reverse of ``_into_steps``)."""
    out: dict[str, list[str]] = {}
    for b, into in _overland(weather).items():
        for a in into:
            out.setdefault(a, []).append(b)
    return {a: tuple(sorted(v)) for a, v in out.items()}


def isolated_units(s: dict, side: str) -> set[str]:
    """The side's units on the map that are isolated now (3G)."""
    reach = _Trace(s, side).isolation()
    return {uid for uid, v in on_map(s, side) if v["hex"] not in reach}


def general_supply_hexes(s: dict, side: str) -> set[str]:
    """The hexes where the side is in regular general supply now without an Army HQs: those
    whose overland element reaches the rail lines joined to a source (11B, 11C2a)."""
    return set(_Trace(s, side).near_rail())


def player_turn(s: dict) -> int:
    """The player turn's index: 0 is the Entente's Aug II 14, 1 the Central Powers' (L168)."""
    return 2 * s["turn"] + SIDES.index(s.get("phasing") or SIDES[0])


def check(s: dict, sides, initial: bool = False) -> None:
    """Write every unit's supply state (11B, 11F, 3G; rulings S8, S9). With ``initial`` (both
    sides' units, each initial phase) general supply and the turns out; otherwise (combat
    phases) isolation only. A unit supplied by an improved fortress (11C2b-iii) is in general
    supply for the player turn, but its turns out go on counting (L620, ruling S15)."""
    since = s.setdefault("supply_since", {})
    now = player_turn(s)
    for side in sides:
        t = _Trace(s, side)
        iso = t.isolation()
        ok = t.supplied() if initial else None
        held = fortress_supplied(s, side) if initial else set()
        for uid, v in on_map(s, side):
            isolated = v["hex"] not in iso
            if initial:
                if v["hex"] in ok[UNITS[uid].nationality]:
                    since.pop(uid, None)
                    v["out"] = 0
                elif uid in held:
                    since.setdefault(uid, now)  # the count goes on (L620)
                    v["out"] = 0
                else:
                    first = since.setdefault(uid, now)
                    v["out"] = (now - first) // 2 + 1
            if isolated:
                v["supply"] = "isolated"
            else:
                v["supply"] = "general" if v["out"] == 0 else "out"
    for uid in [u for u in since if s["units"][u]["at"] != "map"]:
        del since[uid]


def arrive(s: dict, uids: list[str]) -> None:
    """16 (L1155): units entering play take the general supply status of their hex: in general
    supply where a supply line is traced from it now; else that of a unit of theirs already
    there (the hex's turns out), or their first turn out. Isolation as traced now. Arriving
    after the initial phase's elimination check, they are not checked that turn (L1155)."""
    if not uids:
        return
    since = s.setdefault("supply_since", {})
    now = player_turn(s)
    side = UNITS[uids[0]].side
    t = _Trace(s, side)
    ok = t.supplied()
    iso = t.isolation()
    for uid in uids:
        v = s["units"][uid]
        h = v["hex"]
        if h in ok.get(UNITS[uid].nationality, ()):
            since.pop(uid, None)
            v["out"] = 0
        else:
            there = [since[o] for o, w in on_map(s, side) if w["hex"] == h and o != uid and o in since]
            since[uid] = min(there, default=now)
            v["out"] = (now - since[uid]) // 2 + 1
        v["supply"] = "isolated" if h not in iso else ("general" if v["out"] == 0 else "out")


def fortress_supplied(s: dict, side: str) -> set[str]:
    """11C2b-iii (supply.json ``improved-fortress``): an improved fortress the side owns, not
    depleted, supplies up to 15 REs of its units in its own hex, in the scenario's order (ruling
    S15)."""
    limit = CH.supply_rule("improved-fortress")["re"]
    unimproved, depleted = s.get("unimproved", ()), s.get("depleted", ())
    totals = {h: 0.0 for h in FORTRESS_HEXES if s["owner"].get(h) == side and h not in unimproved and h not in depleted}
    out = set()
    if not totals:
        return out
    for uid, v in on_map(s, side):
        total = totals.get(v["hex"])
        if total is not None and total + re_size(s, uid) <= limit:
            totals[v["hex"]] = total + re_size(s, uid)
            out.add(uid)
    return out


def depletion(s: dict, side: str) -> None:
    """11C2b-iii (L624), in the side's own initial phase after supply is determined (ruling
    S15): a depleted fortress of the side that traces a supply line to the rail net again is
    replenished; an isolated improved fortress some unit drew its general supply from is
    depleted if the enemy's roll on the Ground Success Table, without modifiers, succeeds."""
    since = s.get("supply_since", {})
    drawn = {s["units"][u]["hex"] for u in fortress_supplied(s, side) if u in since}
    mine = [h for h in s.get("depleted", ()) if s["owner"].get(h) == side]
    if not drawn and not mine:
        return  # nothing to trace: no fortress fed anyone, none of the side's is depleted
    depleted = s.setdefault("depleted", [])
    t = _Trace(s, side)
    near = t.near_rail() if mine else ()
    for h in [h for h in mine if h in near]:
        depleted.remove(h)
        log(s, f"The fortress of {hex_name(h)} is joined to its supply again: replenished.", "11C")  # a map marker
    iso = t.isolation()
    for h in sorted(h for h in drawn if h not in iso):
        roll = rng.roll(s)
        code = CH.ground_success(roll, 0)
        gone = CH.succeeds(code)
        if gone:
            depleted.append(h)
            depleted.sort()
        text = f"The isolated fortress of {hex_name(h)} feeds its garrison: roll {roll}, {code}"
        log(s, f"{text}: {'depleted' if gone else 'its stores hold'}.", "11C")  # 11C2b-iii L624: the enemy rolls


def attrition(s: dict, side: str) -> list[str]:
    """11F3 (L640-644): each of the side's isolated units in its second or later turn out of
    general supply rolls on the Ground Success Table; a failure eliminates it (ruling S10), an
    Army HQs' leader getting away to the general staff (14P, L1009). Returns the units
    eliminated."""
    gone = []
    weather = _weather(s)
    for uid, v in on_map(s, side):
        if v["supply"] != "isolated" or v["out"] < 2:
            continue
        h = v["hex"]
        if h in CITY_HEXES or (h in FORTRESS_HEXES and h not in s.get("unimproved", ())):
            drm, why = CH.modifier("supply-elimination", "major-city-or-improved-fortress"), " (major city +3)"
        elif weather in COLD:
            drm, why = CH.modifier("supply-elimination", "cold"), f" ({weather} -1)"
        else:
            drm, why = 0, ""
        roll = rng.roll(s)
        code = CH.ground_success(roll, drm)
        text = f"{unit_name(uid)} in {hex_name(h)}, isolated in its turn {v['out']} out of supply, rolls {roll}{why}"
        if CH.succeeds(code):
            log(s, f"{text}: {code}, it holds out.", "11F", to=[side])
            continue
        log(s, f"{text}: {code}, eliminated.", "11F", to=[side])
        s.setdefault("eliminated_log", []).append({"uid": uid, "turn": s["turn"], "isolated": True})
        _score_loss(s, uid)
        drop(s, uid, v["hex"])
        v["at"] = "stock" if UNITS[uid].man_pt else "eliminated"  # ruling O37: a Man Pt is lost
        v["hex"] = None
        s.get("supply_since", {}).pop(uid, None)
        rec = s.get("hq", {}).get(uid)
        if rec and rec.get("leader"):
            # 14P (L1009): "When an Army HQs is eliminated, any leader assigned to it is placed in
            # the off-map available leader pool (the leader always gets away)", by 11F3 too
            lid, rec["leader"] = rec["leader"], None
            to_staff(s, side, lid)
            log(s, f"{leader_name(lid)} gets away to the general staff.", "14P", to=[side])
        gone.append(uid)
    return gone


def drop(s: dict, uid: str, h: str) -> None:
    from .logistics import drop as put_down  # logistics reads supply: imported when needed

    put_down(s, uid, h)


def _score_loss(s: dict, uid: str) -> None:
    from .combat import score_loss  # combat reads supply: imported when needed

    score_loss(s, uid)


def strength_factor(s: dict, uid: str, combat_supply: bool) -> float:
    """What multiplies the unit's attack and defense strengths by supply (11F; rulings R3, S12),
    in combat supply or not (11D: ``logistics.supplied``)."""
    v = s["units"][uid]
    factor = CH.supply_strength(combat_supply=combat_supply, turns_out=v["out"], isolated=v["supply"] == "isolated")
    return float(factor)


def movement_factor(s: dict, uid: str) -> float:
    """What multiplies the unit's movement rating by supply (11F, L636-638; ruling S13)."""
    out = s["units"][uid]["out"]
    if out >= 2 or (out == 1 and UNITS[uid].type in CM_TYPES):
        return float(CH.supply_rule("u2")["movement"])
    return 1.0


__all__ = [
    "arrive",
    "attrition",
    "check",
    "general_supply_hexes",
    "general_supply",
    "isolated_hexes",
    "cut_off",
    "isolated_units",
    "lengths",
    "movement_factor",
    "overland_cost",
    "player_turn",
    "rail_reach",
    "sources",
    "strength_factor",
]
