"""Ground combat in Over There: the attack (Rule 9), special combat effects (10: cavalry charges),
artillery support, artillery and bombardment (12), reserve commitment (6C), overruns (6F) and the
terrain and fortification rules combat reads (9H, 14D1, 15A4, 15B). Rules are cited by number
and line (``9C``, ``L482``); the rulings this module makes are C1-C27 (to be kept in RULINGS.md
with the charts' R1-R38): every choice the rules leave to a player is made here by a fixed,
documented rule, so that a battle resolves in one call.

Everything here works on the plain JSON game state (see ``world``); strengths are computed with
Fractions (1C: fractions are kept, L111) and handed out as floats. ``assess`` is pure; ``resolve``,
``bombard``, ``commit_reserves`` and ``overrun`` roll dice with ``engine.rng.roll`` and change the
state. The order of the dice of one ``resolve``: one die per unit retreating before combat (9I),
the cavalry charge (10B), the ten-sided die of 9L when that option is on, the combat die, then
one die per non-infantry unit entering a contested hex (9J).

State this module keeps besides the spec's keys (each read with a default, so an older state
works): ``s["fight"]`` (what happened in the current combat phase: units that bombarded, hexes
bombarded, defenders that retreated), ``s["unimproved"]`` (map fortresses reduced to unimproved,
15B4), ``s["contested"]`` (contested hexes, 9J), ``s["eliminated_log"]``.
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ...engine import hexes as hx
from ...engine import rng
from ...engine.flow import checkpoint, log
from ...engine.words import counted
from . import logistics, movement, supply
from .world import (
    CAUSEWAYS,
    CH,
    CITY_HEXES,
    FORTRESS_HEXES,
    INITIAL_OWNER,
    LAND_SET,
    MAP,
    NEIGHBOURS,
    OTHER,
    PHASES,
    SC,
    SIDE_NAMES,
    SIDE_UNITS,
    TURNS,
    UNITS,
    ZOC_NEIGHBOURS,
    closed_bridges,
    closed_steps,
    fmt,
    gain_ownership,
    has_zoc,
    hex_name,
    leader_name,
    move_class,
    on_map,
    provides_support,
    rail_steps,
    rating,
    re_size,
    reduced_zoc,
    stacking_room,
    stacks,
    step_costs,
    supported,
    to_staff,
    units_in,
    update_bridges,
    within,
    zoc_hexes,
    zoc_level,
    zoc_reaches,
)

ZERO = Fraction(0)
ONE = Fraction(1)
HALF = Fraction(1, 2)
QUARTER = Fraction(1, 4)
DISRUPTION = {0: ONE, 1: HALF}  # 3A5 (L98-100): disrupted halves; badly disrupted: attack 0
DIS_DEFENSE = {0: ONE, 1: HALF, 2: QUARTER}  # 3A5: badly disrupted quarters the defense
ART_KIND = {"field-artillery": "field", "heavy-artillery": "heavy", "siege-artillery": "siege"}  # 12B1-12B4
MODERN_ARTILLERY = {"german": (1917, 10, 1), "austro-hungarian": (1917, 10, 1)}  # 12B (L673)
MODERN_LATER = {"american": (1918, 7, 1), "british": (1918, 7, 1), "french": (1918, 7, 1)}
MODERN_OTHERS = (1919, 2, 1)
MULTI_HEX_UNTIL = (1916, 2, 1)  # 9F4 (L517): the East before Feb I 16
MULTI_HEX_RESULTS = ("AE", "AH", "DH", "DE")
PACKED_TRENCHES = ("british", "italian", "russian")  # bombardment.json "packed-trenches"
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
WEATHER = "clear"  # the East Prussia scenario of 1914 is played in clear weather (ruling R35)
RBC_LEVEL = "3:1"  # ruling C14: cavalry retreats before combat from 3:1 (as irregulars must, L959)
MAX_RETREAT = 8  # ruling C9: a unit retreating for stacking gives up after this many hexes


# ----- small facts -------------------------------------------------------------------------------


def _turn_date(s: dict) -> tuple[int, int, int]:
    """The scenario turn as (year, month, half): 'aug-ii-14' -> (1914, 8, 2)."""
    tid = TURNS[s.get("turn", 0)]
    month, half, year = tid.split("-")
    return (1900 + int(year), MONTHS.index(month) + 1, 2 if half == "ii" else 1)


def modern_artillery(s: dict, uid: str) -> bool:
    """12B (L673): modern artillery tactics from Oct I 17 (Austria-Hungary, Germany), Jul I 18
    (America, Britain, France), Feb I 19 (everyone else)."""
    nat = UNITS[uid].nationality
    start = MODERN_ARTILLERY.get(nat) or MODERN_LATER.get(nat) or MODERN_OTHERS
    return _turn_date(s) >= start


def multi_hex(s: dict) -> bool:
    """9F4 (L517): outside the West, AE/AH/DH/DE retreat two hexes before Feb I 16."""
    return _turn_date(s) < MULTI_HEX_UNTIL


@lru_cache(maxsize=1)
def _blocked() -> frozenset:
    """Hexsides no unit may attack, bombard or retreat across (9B2, 3E5): all-lake, all-sea,
    save causeways (15A)."""
    out = set()
    for key, feats in MAP.hexsides.items():
        if key in CAUSEWAYS:
            continue
        for f in feats:
            if f != "frontier" and CH.hexside(f).prohibited:
                out.add(key)
    return frozenset(out)


@lru_cache(maxsize=None)
def adjacent(a: str, b: str) -> bool:
    """3E5 (L144): two land hexes side by side, the hexside between them not prohibited."""
    return b in NEIGHBOURS.get(a, ()) and a in LAND_SET and b in LAND_SET and hx.side_id(a, b) not in _blocked()


@lru_cache(maxsize=None)
def distance(a: str, b: str) -> int:
    return hx.distance(hx.from_id(a), hx.from_id(b))


def _crossing(a: str, b: str) -> tuple[str, ...]:
    """The hexside features an attack from ``a`` into ``b`` crosses (none within one hex); a
    causeway is crossed as a major river (15A, L1033) that its road or rail bridges (ruling C28)."""
    if a == b:
        return ()
    key = hx.side_id(a, b)
    if key in CAUSEWAYS:
        return ("major-river",)
    return tuple(f for f in MAP.hexsides.get(key, ()) if f != "frontier")


def _bridge(a: str, b: str, closed: frozenset = frozenset()) -> bool:
    """15A1 (L1031): a road or rail line across the hexside is a bridge; one in ``closed`` (the
    side may not use it: another's, or demolished) is not."""
    key = hx.side_id(a, b)
    return (key in MAP.roads or key in MAP.rail) and key not in closed


def _disrupts(a: str, b: str, closed: frozenset = frozenset()) -> bool:
    """15A4 (L1037): crossing an unfrozen major river away from a bridge disrupts (``closed``:
    the bridges the side may not use, 15A1)."""
    return any(CH.hexside(f).disrupts_crossing for f in _crossing(a, b)) and not _bridge(a, b, closed)


def cities(h: str) -> list[str]:
    """The major-city features of a hex (partial or full city, L441)."""
    out = []
    for t in MAP.towns_in(h):
        if t.get("size") in ("partial-city", "full-city"):
            out.append(t["size"])
    return out


def fortification(s: dict, h: str, defender: str | None = None) -> str | None:
    """The Fortifications Effects Chart row of a hex: a map fortress (improved unless reduced or
    captured, ruling C3) or the works of ``s["works"]`` (ruling C2: fieldworks serve only their
    builder, being destroyed on capture; entrenchments and better serve whoever holds the hex,
    15B1-3)."""
    town = FORTRESS_HEXES.get(h)
    if town is not None:
        return CH.fortress_id(town["fortress"]["type"], h not in s.get("unimproved", ()))
    w = s.get("works", {}).get(h)
    if not w:
        return None
    rec = next((f for f in CH.forts.values() if f.level == w["level"]), None)
    if rec is None:
        return None
    if rec.id == "fieldworks" and defender is not None and w.get("side") != defender:
        return None
    return rec.id


def contested(s: dict, h: str) -> bool:
    """9J: a contested hex (kept in ``s["contested"]``)."""
    return h in s.get("contested", ())


def _phase_count(s: dict) -> int:
    """Phases since the game began (4A): six a player turn, two player turns a game turn."""
    player_turn = 2 * s.get("turn", 0) + (1 if s.get("phasing") == "central-powers" else 0)
    return player_turn * len(PHASES) + PHASES.index(s.get("phase") or "initial")


def contests(s: dict) -> None:
    """9J (L549-551), ruling R16: how a contest ends. It goes on while both sides have a unit with
    a ZOC in the hex or next to it (L537); when one side has none left there, the side occupying
    the hex with a unit with a ZOC owns it (R16), or, with nobody there, 5B decides. A side whose
    units with a ZOC alone occupy the hex for one complete game turn owns it too (L551: from the
    phase the occupation began to the end of the same phase a game turn later; a phase without
    one of them in the hex starts the count again). Gaining uncontested ownership reduces the
    hex's fortifications (15B)."""
    hexes = s.get("contested")
    if not hexes:
        return
    held = s.setdefault("contest_held", {})
    now = _phase_count(s)
    for h in list(hexes):
        around = {h, *ZOC_NEIGHBOURS.get(h, ())}  # adjacent: not across a prohibited hexside (3E5, L144)
        occupiers, near = set(), set()
        for uid, v in on_map(s):
            if v["hex"] in around and has_zoc(s, uid):
                near.add(UNITS[uid].side)
                if v["hex"] == h:
                    occupiers.add(UNITS[uid].side)
        if len(near) < 2:
            _uncontested(s, h, next(iter(occupiers), None), "R16")
            continue
        if len(occupiers) != 1:
            held.pop(h, None)
            continue
        side = next(iter(occupiers))
        since = held.get(h)
        if since is None or since[0] != side:
            held[h] = [side, now]
        elif now - since[1] > 2 * len(PHASES):
            _uncontested(s, h, side, "L551")


def _uncontested(s: dict, h: str, side: str | None, why: str) -> None:
    """The contest ends: the hex is its owner's of before again until ``side`` (if any) takes it,
    as a capture (15B) only if it was not ``side``'s before."""
    s["contested"] = [x for x in s["contested"] if x != h]
    s.get("contest_held", {}).pop(h, None)
    before = (s.get("contest_owner") or {}).pop(h, s["owner"].get(h))
    s["owner"][h] = before
    update_bridges(s, (h,))
    if side is None:  # 5B decides, as the hexes around it change hands
        log(s, f"{hex_name(h)} is no longer contested (9J).", "9J")
        return
    gain_ownership(s, side, h)
    how = "held for a whole game turn" if why == "L551" else "no enemy contests it any longer"
    log(s, f"{hex_name(h)} is no longer contested: {how}, it belongs to the {SIDE_NAMES[side]} (9J).", "9J")
    if before != side:
        captured(s, side, h)


# ----- the phase's memory -----------------------------------------------------------------------


def _phase_key(s: dict) -> list:
    return [s.get("turn"), s.get("phasing"), s.get("phase")]


def _fight(s: dict) -> dict:
    """What this combat phase remembers (12C: who bombarded and where; 9F2, ruling R10: which
    defenders retreated), reset when the phase changes."""
    f = s.get("fight")
    if not f or f.get("phase") != _phase_key(s):
        f = {"phase": _phase_key(s), "bombarded": [], "bombarded_hexes": [], "retreated": []}
        s["fight"] = f
    return f


def _fight_view(s: dict) -> dict:
    f = s.get("fight")
    if not f or f.get("phase") != _phase_key(s):
        return {"bombarded": [], "bombarded_hexes": [], "retreated": []}
    return f


# ----- units ------------------------------------------------------------------------------------


def _order(uids) -> list[str]:
    index = _unit_index()
    return sorted(set(uids), key=index.__getitem__)


@lru_cache(maxsize=1)
def _unit_index() -> dict[str, int]:
    return {u: i for i, u in enumerate(UNITS)}


def supply_factor(s: dict, uid: str, csup: set[str] | None = None) -> Fraction:
    """11F with ruling R3: full in combat supply. ``csup``: the units in combat supply in this
    combat or bombardment (11D, ``logistics.supplied``); any other unit is out of it: halved in
    general supply (or isolated since the initial phase, ``out`` 0) or in its first turn out,
    quartered isolated in that turn or from its second turn (supply's ruling S8).

    Without ``csup`` (an overrun, which determines no combat supply: 6F, L261 names general
    supply only; ruling C1), a unit in general supply counts at full strength."""
    v = s["units"][uid]
    status = v.get("supply", "general")
    if csup is None:
        if status == "general":
            return ONE
    elif uid in csup:
        return ONE
    out = v.get("out", 0)
    return CH.supply_strength(combat_supply=False, turns_out=out, isolated=status == "isolated" and out >= 1)


def assumed_supply(s: dict, uids) -> set[str]:
    """What a player may know of the enemy's combat supply before a combat: nothing, for his Res
    Pts are behind the line. The odds shown count every enemy unit in general supply as in
    combat supply (ruling C1)."""
    return {u for u in uids if s["units"][u].get("supply", "general") == "general"}


def _u2(s: dict, uid: str) -> bool:
    """11F2: the second or later turn out of general supply."""
    v = s["units"][uid]
    return v.get("supply", "general") != "general" and v.get("out", 0) >= 2


def has_cadre(s: dict, uid: str) -> bool:
    """3A1, 9E: a full-strength unit with a cadre on its back."""
    return UNITS[uid].cadre is not None and not s["units"][uid]["cadre"]


def infantry_capable(uids) -> bool:
    """14H (L917), ruling R14: half or more of the non-artillery REs are infantry units (none in
    1914: the infantry dates of 14H begin in 1916)."""
    total = inf = 0.0
    for uid in uids:
        u = UNITS[uid]
        if u.artillery or u.hq:
            continue
        total += u.re
        if "infantry" in u.tags:
            inf += u.re
    return total > 0 and inf * 2 >= total


def _army_hqs(s: dict, side: str) -> list[tuple[str, str]]:
    """The side's active Army HQs on the map and their hexes (14M1)."""
    out = []
    for hq, rec in s.get("hq", {}).items():
        v = s["units"].get(hq)
        if rec.get("active") and v and v["at"] == "map" and UNITS[hq].side == side:
            out.append((hq, v["hex"]))
    return out


def in_zoi(s: dict, uid: str, hqs=None) -> bool:
    """14M1 (L966): within two hexes of an active Army HQs of the side; a non-German HQs covers
    only units of its own nationality."""
    u = UNITS[uid]
    h = s["units"][uid]["hex"]
    radius = CH.army_hq.values["zoi_radius"]
    for hq, where in hqs if hqs is not None else _army_hqs(s, u.side):
        nat = UNITS[hq].nationality
        if nat != "german" and nat != u.nationality:
            continue
        if distance(where, h) <= radius:
            return True
    return False


# ----- eligibility -------------------------------------------------------------------------------


def _enemy_at(s: dict, side: str, h: str, st=None) -> list[str]:
    return [u for u in (st.get(h, ()) if st is not None else units_in(s, h)) if UNITS[u].side != side]


def eligible_attackers(s: dict, side: str, target_hex: str, st=None) -> list[str]:
    """The side's units that may attack ``target_hex`` now (9, 9B): on the map, in the hex or
    adjacent to it across a hexside that is not prohibited (9B2), not having attacked this phase
    (9B1), not HQs (no combat strength, 14M, 14N), not badly disrupted (attack 0, 3A5; ruling C5),
    not after strategic rail movement (7A3).
    Units sharing a hex with the enemy attack only that hex (9K). In the reaction combat phase
    only units in the ZOI of an active friendly Army HQs (9, 14M1), save in a same-hex combat.
    ``st``: the stacks, when the caller has them."""
    st = st if st is not None else stacks(s)
    if target_hex not in LAND_SET or not _enemy_at(s, side, target_hex, st):
        return []
    reaction = s.get("phase") == "reaction-combat"
    hqs = _army_hqs(s, side) if reaction else None
    out = []
    for h in (target_hex, *NEIGHBOURS.get(target_hex, ())):
        if h != target_hex and not adjacent(h, target_hex):
            continue
        here = st.get(h, ())
        if h != target_hex and any(UNITS[x].side != side for x in here):
            continue  # 9K: they must attack the enemy in their own hex
        for uid in here:
            u = UNITS[uid]
            v = s["units"][uid]
            if u.side != side or u.hq or v["attacked"] or v["dis"] >= 2 or v.get("strat"):
                continue  # 7A3: nor units that moved by strategic rail this player turn
            if reaction and h != target_hex and not in_zoi(s, uid, hqs):
                continue
            out.append(uid)
    return _order(out)


def _attacked_once(s: dict) -> set:
    """The enemy units already met this phase: those that retreated into a hex (ruling R10) and
    those that defended a hex (9B1 L455: "No unit may ... be attacked more than once per combat
    phase", also after it advanced after combat, 9F3)."""
    view = _fight_view(s)
    return set(view["retreated"]) | set(view.get("defended", ()))


def _worth_attacking(s: dict, side: str, h: str, st, gone=None) -> bool:
    """Ruling R10, 9B1: units met already this phase are no reason to attack a hex. ``gone``:
    those units (``_attacked_once``), when the caller has them."""
    gone = gone if gone is not None else _attacked_once(s)
    return any(u not in gone for u in _enemy_at(s, side, h, st))


def targets(s: dict, side: str) -> list[str]:
    """Enemy-occupied hexes not yet attacked this phase that an eligible unit with an attack
    strength may attack (9B1, 9G1: a unit with attack 0 may not attack by itself)."""
    st = stacks(s)
    done = set(s.get("attacked", ()))
    enemy = OTHER[side]
    near = set()  # an attacker stands in the hex or next to it (9B2, 9K)
    for _, v in on_map(s, side):
        near.add(v["hex"])
        near.update(NEIGHBOURS.get(v["hex"], ()))
    out = []
    gone = _attacked_once(s)
    for h in sorted({v["hex"] for _, v in on_map(s, enemy)}):
        if h in done or h not in near or not _worth_attacking(s, side, h, st, gone):
            continue
        if any(rating(s, u)[0] > 0 for u in eligible_attackers(s, side, h, st)):
            out.append(h)
    return out


def attack_problems(s: dict, side: str, target_hex: str, attacker_uids, st=None) -> list[str]:
    """Why this attack may not be made (empty when it may). ``st``: the stacks, when the caller
    has them."""
    out = []
    st = st if st is not None else stacks(s)
    if target_hex in s.get("attacked", ()):
        out.append(f"{target_hex} was attacked already this phase (9B1)")
    elif _enemy_at(s, side, target_hex, st) and not _worth_attacking(s, side, target_hex, st):
        out.append(f"only units attacked already this phase are in {target_hex} (9B1, ruling R10)")
    ok = set(eligible_attackers(s, side, target_hex, st))
    bad = [u for u in attacker_uids if u not in ok]
    if bad:
        out.append(f"not eligible to attack {target_hex}: {', '.join(bad)}")
    if not attacker_uids:
        out.append("no attacking units")
    elif not any(rating(s, u)[0] > 0 for u in attacker_uids) and not any(
        s["units"][u]["hex"] == target_hex for u in attacker_uids
    ):
        out.append("units with an attack strength of 0 may not attack by themselves (9G1)")
    by_hex: dict[str, list[str]] = {}
    for u in attacker_uids:
        if u in ok:
            by_hex.setdefault(s["units"][u]["hex"], []).append(u)
    for h, us in by_hex.items():
        if not stacking_room(s, target_hex, us, here=[]):
            out.append(f"more units attack from {h} than the stacking limit of {target_hex} allows (8B)")
    return out


# ----- strengths --------------------------------------------------------------------------------


def artillery_total(pieces: list[tuple[float, Fraction]], non_artillery_re: float, modern: bool) -> Fraction:
    """12B (L673-683), ruling R18: artillery fights at full strength only while the non-artillery
    REs are at least twice its REs (equal with modern tactics); the artillery beyond that ratio
    counts the lower of 1 and its modified strength, all together. ``pieces``: (RE size, modified
    strength) of each artillery unit; the owner keeps the strongest at full strength (ruling C6)."""
    budget = Fraction(non_artillery_re).limit_denominator(1000) / (1 if modern else 2)
    full = ZERO
    excess = ZERO
    used = ZERO
    for re, strength in sorted(pieces, key=lambda p: (-p[1], p[0])):
        re = Fraction(re).limit_denominator(1000)
        if used + re <= budget:
            used += re
            full += strength
        else:
            excess += strength
    return full + min(ONE, excess) if excess else full


def _art_type(uid: str, fort: str | None, city: list[str]) -> Fraction:
    """12B1-12B4 (L686-711): field artillery halved, heavy doubled, siege tripled... against
    fortresses and major cities; the fortress's row when it changes the type's strength, else the
    city's (ruling C7)."""
    kind = ART_KIND.get(UNITS[uid].type)
    if kind is None:
        return ONE
    m = 1.0
    if fort:
        m = CH.fortification(fort).artillery_multipliers.get(kind, 1.0)
    if m == 1.0 and city and fort != OLD_FORTRESS:
        # L688, L698, L709: the city's multiplier holds "unless the hex also contains an improved
        # fortress (old)" (ruling C7)
        m = CH.feature(city[0]).artillery_multipliers.get(kind, 1.0)
    return Fraction(m).limit_denominator(100)


OLD_FORTRESS = "improved-fortress-old"
"""The Fortifications Effects Chart row of an improved old fortress (12B1-12B4)."""


@dataclass
class Battle:
    """One attack as 9A counts it."""

    side: str
    hex: str
    attackers: list[str]
    defenders: list[str]  # every enemy unit in the hex, HQs too
    fighting: list[str]  # defenders whose strength counts (ruling R10 leaves out retreated units)
    terrain: str
    city: list[str]
    fort: str | None
    contested: bool
    crt: str
    infantry: bool
    att: dict[str, Fraction]
    dfn: dict[str, Fraction]
    attack: Fraction
    defense: Fraction
    printed_attack: int
    printed_defense: int
    drm: int
    shifts: int
    notes: list[str] = field(default_factory=list)
    cec: list[str] = field(default_factory=list)  # heavy cavalry that will charge (ruling C12)
    cec_drm: int = 0

    @property
    def level(self) -> int | None:
        return CH.odds_level(self.crt, self.attack, self.defense) if self.defense > 0 else None

    @property
    def odds(self) -> str:
        if self.defense <= 0:
            return f"{fmt(self.attack)}:0"
        return odds_label(self.crt, self.level)

    def column(self, d10: int | None = None, extra_shift: int = 0) -> str:
        if self.defense <= 0:
            return "auto"
        return CH.odds_column(
            self.crt,
            self.attack,
            self.defense,
            infantry_capable=self.infantry,
            shifts=self.shifts + extra_shift,
            d10=d10,
        )


def column_note(b: Battle, column: str, d10: int | None = None) -> str | None:
    """Why the column the attack is resolved on is not its odds, in words for the player: the
    fatigue shifts (6B4, noted already), the ten-sided die (9L) and the table's highest column
    (L467: "resolved at the highest odds column that can be used on that CRT")."""
    if column in ("", "auto") or column == b.odds or b.level is None:
        return None
    rec = CH.crts[b.crt]
    cap = rec.max_column_infantry_capable if b.infantry and rec.max_column_infantry_capable else rec.max_column
    why = []
    if b.shifts:
        why.append(f"fatigue {b.shifts:+d}")
    if d10 is not None:
        why.append(f"the ten-sided die {d10} (9L)")
    if column == cap and b.level + b.shifts > rec.columns.index(cap):
        why.append(f"{cap} is the highest column of the {b.crt} CRT for these attackers (L467)")
    return f"{b.odds} is resolved on the {column} column: {'; '.join(why)}" if why else None


def odds_label(crt: str, level: int) -> str:
    """The odds of a level of the open ladder (ruling R13): 1:5 below the table, 12:1 above."""
    cols = CH.crts[crt].columns
    if level < 0:
        return f"1:{4 - level}"
    if level >= len(cols):
        last = int(cols[-1].split(":")[0])
        return f"{last + level - len(cols) + 1}:1"
    return cols[level]


def _concentric(s: dict, side: str, h: str, attackers: list[str]) -> bool:
    """15B1 (L1074): the attacking units exert ZOCs into every hex adjacent to the attacked one
    (ruling C8: the units of this attack)."""
    around = {b for b, _ in step_costs("other").get(h, ())}
    covered: set[str] = set()
    for uid in attackers:
        if not has_zoc(s, uid):
            continue
        here = s["units"][uid]["hex"]
        covered.add(here)
        if zoc_reaches(s, uid):
            covered.update(b for b, _ in step_costs(move_class(UNITS[uid]))[here])
    return around <= covered


def _detached(s: dict, h: str, defender: str) -> bool:
    """15B1-2: no adjacent hex holds a fortification of the defender's; adjacent as in 3E5 (L144),
    which 15B1 cites (L1074), not across a prohibited hexside."""
    for b in ZOC_NEIGHBOURS.get(h, ()):
        if b in FORTRESS_HEXES and s["owner"].get(b) == defender:
            return False
        w = s.get("works", {}).get(b)
        if w and w.get("side") == defender:
            return False
    return True


def _effective_fort(s: dict, side: str, h: str, attackers: list[str], notes: list[str]) -> str | None:
    """The fortification that counts in this attack: none in a contested hex (9J); detached
    fieldworks ignored and detached entrenchments counted as fieldworks under concentric attack
    (15B1-2)."""
    defender = OTHER[side]
    fort = fortification(s, h, defender)
    if fort is None:
        return None
    if contested(s, h):
        notes.append(f"{CH.fortification(fort).name} ignored: the hex is contested (9J)")
        return None
    rule = CH.fortification(fort).concentric_detached
    if rule and _detached(s, h, defender) and _concentric(s, side, h, attackers):
        if rule == "ignored":
            notes.append("detached fieldworks under concentric attack are ignored (15B1)")
            return None
        notes.append("a detached entrenchment under concentric attack counts as fieldworks (15B2)")
        return "fieldworks"
    return fort


def _all_across(battle_hex: str, s: dict, attackers: list[str]) -> str | None:
    """The hexside every attacking non-artillery unit crosses, the least obstacle among them
    (TEC: -1 if every attacker crosses a minor or major river)."""
    worst: list[tuple[int, str]] = []
    for uid in attackers:
        if UNITS[uid].artillery:
            continue
        feats = _crossing(s["units"][uid]["hex"], battle_hex)
        drms = [(CH.hexside(f).drm_if_all_across, f) for f in feats]
        if not drms:
            return None
        worst.append(min(drms))
    if not worst:
        return None
    drm, name = max(worst)
    return name if drm < 0 else None


def _expert(uid: str, terrain: str) -> bool:
    """15C (L1082), ruling R25: the unit would use the TEC's exceptions column entering the hex."""
    m = CH.terrain(terrain).movement
    if m is None or m.exceptions is None:
        return False
    tags = set(UNITS[uid].tags)
    return bool(tags & set(m.exception_classes) & set(CH.weather(WEATHER).movement_exceptions))


def _no_aec(s: dict, b: Battle) -> bool:
    """10A-B: a hex where AEC is not allowed (terrain, city, fortification, weather)."""
    if CH.terrain(b.terrain).combat.no_aec or CH.weather(WEATHER).aec == "none":
        return True
    if any((CH.feature(c).combat and CH.feature(c).combat.no_aec) for c in b.city):
        return True
    return bool(b.fort and CH.fortification(b.fort).no_aec)


def _attack_of(
    s: dict, uid: str, b_hex: str, terrain: str, city, fort, infantry: bool, bombarded, csup=None
) -> Fraction:
    """One attacking unit's modified strength before support and the artillery ratio (9A)."""
    u = UNITS[uid]
    v = s["units"][uid]
    a = Fraction(rating(s, uid)[0])
    if v["dis"] >= 2:
        return ZERO
    m = DISRUPTION[v["dis"]] * supply_factor(s, uid, csup)
    if u.artillery:
        if not modern_artillery(s, uid):
            m *= HALF  # 12B (L673)
        m *= _art_type(uid, fort, city)
    if u.type == "heavy-cavalry" and (city or (fort and fort != "fieldworks")):
        m *= HALF  # 14D1 (L876)
    if uid in bombarded:
        m *= HALF  # 12C (L721): bombarded this phase
    m *= CH.attack_multiplier(
        u.tags,
        terrain=terrain,
        hexsides=_crossing(v["hex"], b_hex),
        fortification=fort,
        infantry_capable=infantry,
        weather=WEATHER,
    )
    return a * m


def _defense_of(s: dict, uid: str, bombarded=(), csup=None) -> Fraction:
    """One defending unit's modified strength before support and the artillery ratio (9A)."""
    v = s["units"][uid]
    d = Fraction(rating(s, uid)[1]) * DIS_DEFENSE[min(v["dis"], 2)] * supply_factor(s, uid, csup)
    return d * HALF if uid in bombarded else d  # 12C (L721): it counter-bombarded this phase


def _support(s: dict, units: list[str], values: dict[str, Fraction]) -> list[str]:
    """12A: halve the unsupported units with no supporting unit beside them (in the same hex; and
    when attacking, in the same attack). Returns those halved."""
    providers = {s["units"][u]["hex"] for u in units if provides_support(s, u)}
    halved = []
    for u in units:
        if UNITS[u].hq or supported(s, u):
            continue
        if s["units"][u]["hex"] in providers:
            continue
        values[u] *= HALF
        halved.append(u)
    return halved


def _cap_artillery(s: dict, units: list[str], values: dict[str, Fraction]) -> Fraction:
    arts = [u for u in units if UNITS[u].artillery]
    rest = sum((values[u] for u in units if not UNITS[u].artillery), ZERO)
    if not arts:
        return rest
    non_re = sum(re_size(s, u) for u in units if not UNITS[u].artillery and not UNITS[u].hq)
    modern = all(modern_artillery(s, u) for u in arts)
    return rest + artillery_total([(re_size(s, u), values[u]) for u in arts], non_re, modern)


def _fighting(s: dict, side: str, h: str) -> list[str]:
    """The defenders whose strength counts: not HQs, not units that retreated here this phase
    (ruling R10)."""
    gone = set(_fight_view(s)["retreated"])
    return [u for u in _order(_enemy_at(s, side, h)) if not UNITS[u].hq and u not in gone]


def _battle(
    s: dict, side: str, h: str, attackers: list[str], csup: set[str] | None = None, exact=True, hqs=None
) -> Battle:
    """9A's count of the attack. ``csup``: the units in combat supply, determined at the start
    of the combat (11B, L590), and ``hqs`` the Army HQs each side traced it through (side ->
    uids: 6B4, 14M2); without them, what the attacker's units would draw now (if ``exact``; else
    those in general supply) and the defenders in general supply (ruling C1)."""
    view = _fight_view(s)
    bombarded = set(view["bombarded"])
    gone = set(view["retreated"])
    attackers = _order(attackers)
    defenders = _order(_enemy_at(s, side, h))
    fighting = [u for u in defenders if not UNITS[u].hq and u not in gone]
    notes: list[str] = []
    if csup is None:
        if exact:
            mine, via = logistics.draw(s, side, attackers, commit=False)
            hqs = {side: logistics.through(s, side, via)}
        else:
            mine = assumed_supply(s, attackers)
            # 11D: which Res Pts the attacker draws on is his to know until the combat (ruling
            # C1); say so, or his true odds, shown once the combat is fought, look like a change
            notes.append("the attackers' combat supply is not known before the combat: counted as drawn (11D)")
        csup = mine | assumed_supply(s, fighting)
        notes.append("the defenders' combat supply is not known before the combat: counted as drawn (11D)")
    short = [UNITS[u].short for u in attackers + fighting if u not in csup and not UNITS[u].hq]
    if short:
        notes.append(f"out of combat supply: {', '.join(short)} (11D, 11F)")
    terrain = MAP.terrain[h]
    city = cities(h)
    is_contested = contested(s, h)
    fort = _effective_fort(s, side, h, attackers, notes)
    infantry = infantry_capable(attackers)
    crt = CH.choose_crt(
        terrain=terrain, features=city, fortification=fort, contested=is_contested, attacker_infantry_capable=infantry
    )
    att = {u: _attack_of(s, u, h, terrain, city, fort, infantry, bombarded, csup) for u in attackers}
    for u in _support(s, attackers, att):
        notes.append(f"{UNITS[u].short} is unsupported: halved (12A)")
    attack = _cap_artillery(s, attackers, att)
    dfn = {u: _defense_of(s, u, bombarded, csup) for u in fighting}
    for u in _support(s, fighting, dfn):
        notes.append(f"{UNITS[u].short} defends unsupported: halved (12A)")
    defense = _cap_artillery(s, fighting, dfn)
    air = s.get("air_support")
    if air and air.get("hex") == h:
        if air.get("gs"):
            attack += Fraction(air["gs"], 2)  # B17B5 (ruling R19): 1/2 a point each, not for losses
            notes.append(f"ground support: +{air['gs'] / 2:g} (B17B5)")
        if air.get("das"):
            defense += Fraction(air["das"], 2)  # B17B4
            notes.append(f"defensive air support: +{air['das'] / 2:g} (B17B4)")
    if gone & set(defenders):
        notes.append("units that retreated here this phase add nothing to the defense (9F2, ruling R10)")
    printed_attack = sum(rating(s, u)[0] for u in attackers)
    printed_defense = sum(rating(s, u)[1] for u in fighting)
    across = _all_across(h, s, attackers)
    drm = CH.combat_drm(
        terrain=terrain,
        features=city,
        fortification=fort,
        all_across=across,
        infantry_capable=infantry,
        weather=WEATHER,
    )
    if across:
        notes.append(f"every attacker crosses a {CH.hexside(across).name.lower()} (TEC)")
    if is_contested:
        drm -= 1  # 9J (L549)
        notes.append("attack into a contested hex: Mobile CRT, -1 (9J)")
    if infantry:
        drm += 1  # 14H (L927)
    view = _fight_view(s)
    if air and air.get("hex") == h and air.get("recon"):
        drm += 1  # B17B2: tactical recon
        notes.append("tactical recon: +1 (B17B2)")
    elif _recon_drm(s, h) and h in view["bombarded_hexes"]:
        drm += 1  # B17B2: the recon that helped a bombardment of the hex helps its combat too
        notes.append("tactical recon of the bombardment: +1 (B17B2)")
    if air and air.get("hex") == h and air.get("leader"):
        drm += air["leader"]  # 14P: the leaders' rolls, the defender's sign reversed
        notes.append(f"leaders: {air['leader']:+d} (14P)")
    non_art = [u for u in attackers if not UNITS[u].artillery]
    expert_re = sum(re_size(s, u) for u in non_art if _expert(u, terrain))
    if crt == "mobile" and CH.weather(WEATHER).combat_expertise and non_art:
        if expert_re * 2 >= sum(re_size(s, u) for u in non_art):
            drm += 1  # 15C (L1082)
            notes.append("the attacker is adverse terrain-capable: +1 (15C)")
    hqs = hqs or {}
    a_hqs, d_hqs = hqs.get(side, []), hqs.get(OTHER[side], [])
    a_fat = max((s["units"][u]["fat"] for u in attackers + a_hqs), default=0)  # 6B4: and the HQs traced
    d_fat = max((s["units"][u]["fat"] for u in fighting + d_hqs), default=0)
    if any(s["units"][u]["dis"] for u in a_hqs):
        drm -= 1  # 14M2 (L972): combat supply traced to a disrupted Army HQs
        notes.append("the attackers' Army HQ is disrupted: -1 (14M2)")
    if any(s["units"][u]["dis"] for u in d_hqs):
        drm += 1
        notes.append("the defenders' Army HQ is disrupted: +1 (14M2)")
    shifts = CH.fatigue_shift(a_fat, d_fat)
    if shifts:
        notes.append(f"fatigue: {shifts:+d} odds level{'' if abs(shifts) == 1 else 's'} (6B4)")
    b = Battle(
        side=side,
        hex=h,
        attackers=attackers,
        defenders=defenders,
        fighting=fighting,
        terrain=terrain,
        city=city,
        fort=fort,
        contested=is_contested,
        crt=crt,
        infantry=infantry,
        att=att,
        dfn=dfn,
        attack=attack,
        defense=defense,
        printed_attack=printed_attack,
        printed_defense=printed_defense,
        drm=drm,
        shifts=shifts,
        notes=notes,
    )
    _plan_cec(s, b)
    return b


def _plan_cec(s: dict, b: Battle) -> None:
    """10B, 14D1: heavy cavalry in an attack on the Mobile CRT may charge, one attempt, all the
    heavy cavalry together. Ruling C12: the attacker charges only when no roll can fail
    disastrously (a modified 3 or more on the Ground Success Table: a division-sized force,
    4 REs, where AEC is allowed); not from the second turn out of supply (11F2)."""
    if b.crt != "mobile":
        return
    cav = [u for u in b.attackers if UNITS[u].type == "heavy-cavalry" and not _u2(s, u)]
    if not cav:
        return
    re = sum(re_size(s, u) * (0.5 if s["units"][u]["dis"] else 1) for u in cav)  # 3A5: RE halved
    drm = _size_drm("special-cec", re)
    if _no_aec(s, b) and not all(not supported(s, u) for u in b.fighting):
        drm += CH.modifier("special-cec", "no-aec-hex")
    worst = CH.ground_success(1, drm)
    if worst == "*F" or not any(CH.succeeds(CH.ground_success(r, drm)) for r in range(1, 7)):
        b.notes.append("heavy cavalry present; no charge (10B, ruling C12)")
        return
    b.cec = cav
    b.cec_drm = drm
    b.notes.append(f"heavy cavalry will charge (CEC, {drm:+d}) (10B)")


def _size_drm(activity: str, re: float) -> int:
    """The Ground Success size ladder of special effects (L568): half an RE or less -1, a brigade
    (2-3 REs) +1, a division (4 REs or more) +2."""
    if re <= 0.5:
        return CH.modifier(activity, "half-re-or-less")
    if re >= 4:
        return CH.modifier(activity, "division")
    if re >= 2:
        return CH.modifier(activity, "brigade")
    return 0


def assess(s: dict, side: str, target_hex: str, attacker_uids, exact: bool = True) -> dict:
    """The attack as 9A would count it now, without dice and without changing anything: the CRT,
    the modified strengths, the odds rounded for the defender (L451), the column after fatigue
    shifts and the table's limits (L467, ruling R13), the die modifiers and what went into them.
    Combat supply (11D) as the attacker may know it: his own exactly (``exact``; for anyone
    else, counted as the enemy's), the enemy's counted as drawn where in general supply (ruling
    C1)."""
    b = _battle(s, side, target_hex, list(attacker_uids), exact=exact)
    return _public(b)


def _public(b: Battle) -> dict:
    return {
        "hex": b.hex,
        "units": list(b.attackers),
        "defenders": list(b.defenders),
        "attack": float(b.attack),
        "defense": float(b.defense),
        "odds": b.odds,
        "crt": b.crt,
        "column": b.column(),
        "drm": b.drm,
        "shifts": b.shifts,
        "fortification": b.fort,
        "notes": list(b.notes) + [n for n in [column_note(b, b.column())] if n],
    }


# ----- losses -----------------------------------------------------------------------------------


def score_loss(s: dict, uid: str) -> float:
    """The scenario's victory_losses: the enemy scores a unit eliminated (not one reduced to its
    cadre: the cadre's elimination counts), more when it was isolated (L1224). Classes: Army HQs,
    division, brigade, and 'other' for the rest but Corps HQs (ruling C20) and on-map Man Pts
    (points of the pool, not units of the order of battle: ruling O37)."""
    u = UNITS[uid]
    if u.type == "corps-hq" or u.man_pt:
        return 0.0
    cls = "army-hq" if u.army_hq else u.size if u.size in ("division", "brigade") else "other"
    scorer = OTHER[u.side]
    rec = next((r for r in SC.victory_losses if r.scorer == scorer and r.unit_class == cls), None)
    if rec is None:
        return 0.0
    vp = rec.vp_isolated if s["units"][uid].get("supply") == "isolated" else rec.vp
    s.setdefault("vp", {})
    s["vp"][scorer] = s["vp"].get(scorer, 0) + vp
    return float(vp)


def eliminate(s: dict, uid: str, why: str, rule: str = "9C") -> None:
    """Remove a unit from play, record it and score it. An on-map Man Pt is lost (its counter
    goes back to the stock, ruling O37); the Man Pt counts for the special replacements (16B4,
    L1205)."""
    v = s["units"][uid]
    if v["at"] != "map":
        return
    log(s, f"{UNITS[uid].name} is eliminated ({why}).", rule)
    s.setdefault("eliminated_log", []).append(
        {"uid": uid, "turn": s.get("turn"), "isolated": v.get("supply") == "isolated"}
    )
    record_loss(s, uid, 1 if v["cadre"] or UNITS[uid].cadre is None else 2, v["hex"])
    logistics.drop(s, uid, v["hex"])
    v["at"] = "stock" if UNITS[uid].man_pt else "eliminated"
    v["hex"] = None
    score_loss(s, uid)
    rec = s.get("hq", {}).get(uid)
    if rec and rec.get("leader"):  # 14P (L1009): "the leader always gets away"
        lid, rec["leader"] = rec["leader"], None
        to_staff(s, UNITS[uid].side, lid)
        log(s, f"{leader_name(lid)} gets away to the general staff.", "14P")


GERMAN = frozenset({"Prussian", "Saxon", "Bavarian", "Württemberg", "German"})
SPECIAL_DIVISORS = {"French": 3, "Anzac": 3, "Canadian": 3, "American": 5, "Russian": 5} | {c: 3 for c in GERMAN}


def special_replacements(man: dict[str, float], equ: float) -> tuple[dict[str, float], float]:
    """16B4a (L1223): the special replacements for a loss of ``man`` Man Pts (by contingent) and
    ``equ`` Equ Pts: Equ Pts divided by 4; German, French, Anzac and Canadian Man Pts by 3,
    American and Russian by 5, all others by 4; each rounded down to the nearest half point."""

    def half_down(x: float) -> float:
        return math.floor(x * 2 + 1e-9) / 2

    return {c: half_down(n / SPECIAL_DIVISORS.get(c, 4)) for c, n in man.items()}, half_down(equ / 4)


def record_loss(s: dict, uid: str, steps: int, where: str | None) -> None:
    """16B4: a unit eliminated or reduced to its cadre in combat or by overrun adds its
    replacement strength to its side's losses (ruling O20: one point a step, Equ Pts for
    artillery, Man Pts of its contingent for the rest; HQs none). Losses while isolated are kept
    apart with the hex: they are settled when the combat ends (16B4b). Attrition (11F) is no
    combat and does not come here."""
    u = UNITS[uid]
    if u.hq:
        return
    isolated = s["units"][uid].get("supply") == "isolated"
    book = s.setdefault("losses", {})
    key = f"{u.side}|{where}" if isolated else u.side
    entry = book.setdefault(key, {"man": {}, "equ": 0})
    if u.artillery:
        entry["equ"] += steps
    else:
        c = SC.unit(uid).contingent
        entry["man"][c] = entry["man"].get(c, 0) + steps


def _step(s: dict, uid: str, why: str, rule: str = "9E") -> str:
    """9C, 9E: eliminating a unit with a cadre reduces it to its cadre; anything else is removed."""
    if has_cadre(s, uid):
        record_loss(s, uid, 1, s["units"][uid]["hex"])
        s["units"][uid]["cadre"] = True
        log(s, f"{UNITS[uid].name} is reduced to its cadre ({why}).", rule)
        return "cadre"
    eliminate(s, uid, why, rule)
    return "eliminated"


def _scale(values: list[Fraction]) -> int:
    return math.lcm(*(x.denominator for x in values)) if values else 1


def _cheapest(items: list[tuple[str, Fraction]], need: Fraction) -> list[int] | None:
    """The items (indices) whose values reach ``need`` with the least total, then the fewest
    items, then the earliest ones; None if all of them together fall short."""
    if need <= 0:
        return []
    if sum((v for _, v in items), ZERO) < need:
        return None
    k = _scale([v for _, v in items] + [need])
    ws = [int(v * k) for _, v in items]
    goal = int(math.ceil(need * k))
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for i, w in enumerate(ws):
        for total, (count, chosen) in list(best.items()):
            t = total + w
            cand = (count + 1, chosen + (i,))
            if t not in best or cand < best[t]:
                best[t] = cand
    total = min(t for t in best if t >= goal)
    return list(best[total][1])


def choose_losses(
    s: dict, units: list[str], need, role: str, *, non_artillery_first: bool = True, first_from: list[str] = ()
) -> dict[str, int]:
    """Which units a side eliminates to lose at least ``need`` strength points, counted at
    printed strength (9D: attack for the attacker, defense for the defender), a unit reduced to
    its cadre counting in full (9E, L498). Ruling C10: non-artillery units first (9D, L495: the
    rule for the Positional results; the automatic owner keeps the same order on the Mobile CRT),
    then the least strength that fulfils the loss, then the fewest units; the cadres left by
    non-artillery units need not go before the artillery (L495). ``first_from``: the units one
    of which must give the first loss (10: a successful special effect). Returns uid -> steps
    (1: reduced to cadre or eliminated; 2: reduced and its cadre eliminated too)."""
    need = Fraction(need).limit_denominator(10**6) if not isinstance(need, Fraction) else need
    idx = 0 if role == "attacker" else 1
    units = [u for u in _order(units) if not UNITS[u].hq and s["units"][u]["at"] == "map"]
    if need <= 0 or not units:
        return {}
    if first_from:
        options = []
        for f in _order(u for u in first_from if u in units):
            others = [u for u in units if u != f]
            plan = choose_losses(s, others, need - rating(s, f)[idx], role, non_artillery_first=non_artillery_first)
            plan[f] = 1
            if _plan_value(s, plan, idx) < need and has_cadre(s, f):
                plan[f] = 2
            options.append((_plan_value(s, plan, idx), sum(plan.values()), _unit_index()[f], plan))
        if options:
            options.sort(key=lambda o: o[:3])
            return options[0][3]
    firsts = [(u, Fraction(rating(s, u)[idx])) for u in units]
    seconds = [(u, Fraction(UNITS[u].cadre[idx])) for u in units if has_cadre(s, u)]
    if non_artillery_first:
        stages = [
            [x for x in firsts if not UNITS[x[0]].artillery],
            [x for x in firsts if UNITS[x[0]].artillery] + [x for x in seconds if not UNITS[x[0]].artillery],
            [x for x in seconds if UNITS[x[0]].artillery],
        ]
    else:
        stages = [firsts, seconds]
    plan: dict[str, int] = {}
    left = need
    for stage in stages:
        if left <= 0:
            break
        pick = _cheapest(stage, left)
        chosen = range(len(stage)) if pick is None else pick
        for i in chosen:
            u, val = stage[i]
            plan[u] = plan.get(u, 0) + 1
            left -= val
    return plan


def _plan_value(s: dict, plan: dict[str, int], idx: int) -> Fraction:
    total = ZERO
    for u, n in plan.items():
        total += rating(s, u)[idx]
        if n > 1 and UNITS[u].cadre:
            total += UNITS[u].cadre[idx]
    return total


def _take(s: dict, plan: dict[str, int], why: str, report: dict) -> None:
    for u in _order(plan):
        for _ in range(plan[u]):
            if s["units"][u]["at"] != "map":
                break
            what = _step(s, u, why)
            side = UNITS[u].side
            report["losses"].setdefault(side, [])
            if u not in report["losses"][side]:
                report["losses"][side].append(u)
            report["reduced" if what == "cadre" else "eliminated"].append(u)


# ----- retreat and advance ----------------------------------------------------------------------


def ignores_zoc(s: dict, uid: str) -> bool:
    """9F2 (L511-513): a non-artillery unit with a printed attack of 8 or more (after losses), or
    any unit with a printed movement of 6-8, retreats through enemy ZOCs into friendly hexes."""
    a, _, mv = rating(s, uid)
    return (not UNITS[uid].artillery and a >= 8) or 6 <= mv <= 8


def depot_distance(s: dict, side: str):
    """9F2 (L505): a function giving a hex's distance to the side's nearest supply depot: every
    rail hex the side's railroad sub-element reaches stands for an operational depot (supply's
    ruling S4); with none, its regular sources."""
    depots = supply.rail_reach(s, side) or set(supply.sources(side))
    if not depots:
        return lambda h: 0
    cache: dict[str, int] = {}

    def near(h: str) -> int:
        if h not in cache:
            cache[h] = min(distance(h, d) for d in depots)
        return cache[h]

    return near


def _retreat_choice(
    s: dict,
    uid: str,
    here: str,
    origin: str,
    seen: set,
    zoc: set,
    occupied: set,
    near=None,
    overrun: bool = False,
    ignores: bool | None = None,
):
    """9F2 (L503-507): the hexes a unit may retreat into from ``here`` (one hex farther from
    ``origin``, ruling C9) with their priority: 1 free of enemy ZOC and within stacking, 2 free
    of ZOC but overstacked, 3 (with ``overrun``, 9F5) an enemy-occupied hex out of any enemy ZOC
    that the unit alone can overrun, 4 in an enemy ZOC, an enemy-occupied one too if the unit,
    reduced to its cadre by the ZOC, can still overrun it (ruling C30). Ties go to the hex closest
    to a friendly supply depot (L505, ``near``), then to a friendly-owned hex, then to the lowest
    hex id (ruling C9). ``ignores``: whether the unit may retreat through enemy ZOCs into a
    friendly hex (L509-513), as its strength was before the retreat began (``ignores_zoc`` now if
    not given). Returns (priority, hex, in_zoc) or None."""
    u = UNITS[uid]
    if u.fortress or rating(s, uid)[2] <= 0:
        return None  # ruling C11: a unit that cannot move cannot retreat
    side = u.side
    here_d = distance(origin, here)
    best = None
    for b, _ in step_costs(move_class(u)).get(here, ()):
        if b in seen or distance(origin, b) <= here_d:
            continue
        if b in occupied:
            if not overrun:
                continue
            if b not in zoc:
                if not _retreat_overruns(s, uid, here, b):
                    continue
                key = (3, near(b) if near else 0, 1, b)
            else:
                # 9F5 (L526): the enemy ZOC's effect first (9F2: the unit is reduced to its cadre;
                # one without a cadre to fall back on is eliminated and overruns nothing), then
                # the odds; the hex ranks with the other hexes in an enemy ZOC (ruling C30)
                if not has_cadre(s, uid) or not _retreat_overruns(s, uid, here, b, reduced=True):
                    continue
                key = (4, near(b) if near else 0, 1, b)
            if best is None or key < best[0]:
                best = (key, b, b in zoc)
            continue
        in_zoc = b in zoc
        if in_zoc and (ignores_zoc(s, uid) if ignores is None else ignores):
            # 9F2 L509: "a friendly-occupied/owned hex": owned and occupied, as L205 reads the slash
            friendly = s["owner"].get(b) == side and any(UNITS[x].side == side and x != uid for x in units_in(s, b))
            in_zoc = not friendly
        if in_zoc:
            prio = 4
        else:
            prio = 1 if stacking_room(s, b, [uid]) else 2
        key = (prio, near(b) if near else 0, 0 if s["owner"].get(b) == side else 1, b)
        if best is None or key < best[0]:
            best = (key, b, in_zoc)
    if best is None:
        return None
    return best[0][0], best[1], best[2]


def _retreat_overruns(s: dict, uid: str, here: str, b: str, reduced: bool = False) -> bool:
    """9F5 (L526): whether the retreating unit can overrun the enemy hex ``b`` from ``here``, the
    odds as in 6F without movement points, and with stacking room there once it is cleared;
    ``reduced``: as the cadre an enemy ZOC in ``b`` leaves of it (9F2)."""
    side = UNITS[uid].side
    v = s["units"][uid]
    was = v["cadre"]
    v["cadre"] = was or reduced
    try:
        if rating(s, uid)[0] <= 0 or not stacking_room(s, b, [uid], here=[]):
            return False
        return overrun_odds(s, side, [uid], b, from_hex=here) >= CH.overrun_rule.minimum
    finally:
        v["cadre"] = was


def _retreat_step(
    s: dict,
    uid: str,
    origin: str,
    seen: set,
    zoc: set,
    occupied: set,
    path: list,
    near,
    overrun: bool = True,
    ignores: bool | None = None,
) -> bool:
    """Move a unit one hex of its retreat; False if it is eliminated instead."""
    v = s["units"][uid]
    here = v["hex"]
    choice = _retreat_choice(s, uid, here, origin, seen, zoc, occupied, near, overrun=overrun, ignores=ignores)
    if choice is None:
        eliminate(s, uid, "no retreat route (9F2)", "9F")
        return False
    prio, b, in_zoc = choice
    if b in occupied:  # 9F5: through the enemy by overrun
        if in_zoc:  # the enemy ZOC's effect first (L526): a cadre, found able to overrun
            record_loss(s, uid, 1, b)
            v["cadre"] = True
            log(s, f"{UNITS[uid].name} retreats into an enemy ZOC and is reduced to its cadre (9F2).", "9F")
            in_zoc = False
        side = UNITS[uid].side
        odds = overrun_odds(s, side, [uid], b, from_hex=here)
        log(s, f"{UNITS[uid].short} retreats into {hex_name(b)} by overrun at {odds}:1 (9F5).", "9F")
        staying = _overrun_defenders(s, side, b, {"retreats": {}})
        for u in _order(staying):
            eliminate(s, u, "overrun by a retreating unit (9F5)", "9F")
        enemy = OTHER[side]
        occupied.clear()
        occupied.update(v2["hex"] for _, v2 in on_map(s, enemy))
        zoc.clear()
        zoc.update(zoc_hexes(s, enemy))
    v["hex"] = b
    seen.add(b)
    path.append(b)
    if _disrupts(here, b, closed_bridges(s, UNITS[uid].side)) and not v["dis"]:
        v["dis"] = 1
        log(s, f"{UNITS[uid].short} is disrupted crossing the major river (15A4).", "15A")
    if in_zoc:
        if has_cadre(s, uid):
            record_loss(s, uid, 1, b)
            v["cadre"] = True
            log(s, f"{UNITS[uid].name} retreats into an enemy ZOC and is reduced to its cadre (9F2).", "9F")
        else:
            eliminate(s, uid, "retreated into an enemy ZOC (9F2)", "9F")
            return False
    if contested(s, b):
        enter_contested(s, [uid])  # 9J L539: entering a contested hex "by any means", a retreat too
    return True


def retreat(
    s: dict, uids: list[str], hexes: int, between=None, origins: dict | None = None, overrun: bool = True
) -> dict[str, list[str]]:
    """9F2: retreat units ``hexes`` hexes away from the hexes they fought in, each by the
    priorities (ruling C9), one step for every unit before the next (9F4: ``between`` runs after
    the first step, for the advance of a multiple-hex retreat); then a unit still overstacked
    goes on until it is not, or is eliminated (L507). HQs in a retreating stack go with the first
    of its units to survive the retreat, and are eliminated if none does (9D, ruling C13).
    A unit with nowhere else to go may retreat through an enemy hex it can overrun (9F5, ruling
    C30), unless ``overrun`` is off (units retreating before an overrun). Returns uid -> hexes
    entered."""
    movers = [u for u in _order(uids) if s["units"][u]["at"] == "map"]
    if not movers:
        return {}
    side = UNITS[movers[0]].side
    enemy = OTHER[side]
    units = [u for u in movers if not UNITS[u].hq]
    hqs = [u for u in movers if UNITS[u].hq]
    origin = {u: s["units"][u]["hex"] for u in movers}
    if origins is not None:
        origins.update(origin)  # where each path begins, for the report
    seen = {u: {origin[u]} for u in units}
    paths: dict[str, list[str]] = {u: [] for u in movers}
    fight = _fight(s)
    near = depot_distance(s, side)
    # 9F2 (L511, ruling C33): "A unit's strength is determined after implementing any losses,
    # but before any retreats": a unit reduced to its cadre by an enemy ZOC on its first hex
    # keeps, for its second (9F4) and any further hex, the ability its strength gave it
    ignores = {u: ignores_zoc(s, u) for u in units}
    for step in range(hexes):
        zoc = set(zoc_hexes(s, enemy))
        occupied = {v["hex"] for _, v in on_map(s, enemy)}
        for u in units:
            if s["units"][u]["at"] == "map":
                before = len(paths[u])
                _retreat_step(s, u, origin[u], seen[u], zoc, occupied, paths[u], near, overrun, ignores[u])
                if len(paths[u]) > before and s["units"][u]["at"] == "map":
                    again = "retreats on" if step else "retreats"
                    log(s, f"{UNITS[u].short} {again} to {hex_name(paths[u][-1])}.", "9F")
        _follow(s, hqs, units, origin, paths)
        if step == 0 and between is not None:
            between()
    zoc = set(zoc_hexes(s, enemy))
    occupied = {v["hex"] for _, v in on_map(s, enemy)}
    for u in units:
        n = 0
        while s["units"][u]["at"] == "map" and not stacking_room(s, s["units"][u]["hex"], []):
            n += 1
            if n > MAX_RETREAT:
                eliminate(s, u, "no hex within the stacking limit (9F2, 8B)", "9F")
                break
            _retreat_step(s, u, origin[u], seen[u], zoc, occupied, paths[u], near, overrun, ignores[u])
            if s["units"][u]["at"] == "map":
                log(s, f"{UNITS[u].short} retreats on to {hex_name(paths[u][-1])} (stacking, 9F2).", "9F")
    _follow(s, hqs, units, origin, paths)
    for hq in hqs:
        if s["units"][hq]["at"] == "map" and paths[hq]:
            log(s, f"{UNITS[hq].short} goes with them to {hex_name(paths[hq][-1])}.", "9F")
    for u in movers:
        if paths[u] and s["units"][u]["at"] == "map" and u not in fight["retreated"]:
            fight["retreated"].append(u)
    return {u: p for u, p in paths.items() if p}


def _follow(s: dict, hqs: list[str], units: list[str], origin: dict, paths: dict) -> None:
    """Ruling C13: HQs go where the first surviving unit of their stack went; alone, they are
    eliminated (9D)."""
    for hq in hqs:
        if s["units"][hq]["at"] != "map":
            continue
        lead = next((u for u in units if origin[u] == origin[hq] and s["units"][u]["at"] == "map" and paths[u]), None)
        if lead is None:
            eliminate(s, hq, "no friendly unit left with it after the combat (9D)", "9D")
            continue
        s["units"][hq]["hex"] = s["units"][lead]["hex"]
        paths[hq] = list(paths[lead])


NO_ADVANCE = ("siege-artillery", "heavy-siege-artillery")  # 12B3 L698, 12B4 L711
"""Artillery that "may not advance after combat"; other artillery may (9F3 L515, ruling C15)."""


def _may_advance(s: dict, uid: str, into: str) -> bool:
    """9F3: a unit that fought may advance into the hex: not siege artillery (12B3-12B4, ruling
    C15), not an HQs (14M), able to move (not a fortress unit; not frozen in place by the
    scenario, ruling C26) and to enter the hex."""
    u = UNITS[uid]
    v = s["units"][uid]
    if v["at"] != "map" or u.type in NO_ADVANCE or u.hq or u.fortress or rating(s, uid)[2] <= 0 or v["hex"] == into:
        return False
    if u.frozen_until and u.frozen_until in TURNS and s.get("turn", 0) < TURNS.index(u.frozen_until):
        return False
    return any(b == into for b, _ in step_costs(move_class(u)).get(v["hex"], ()))


def advance(s: dict, uids: list[str], into: str) -> list[str]:
    """9F3: the units advance into the vacated hex, up to its stacking limit."""
    moved = []
    for uid in _order(uids):
        if not _may_advance(s, uid, into) or not stacking_room(s, into, [uid]):
            continue
        v = s["units"][uid]
        here = v["hex"]
        v["hex"] = into
        moved.append(uid)
        if _disrupts(here, into, closed_bridges(s, UNITS[uid].side)) and not v["dis"]:
            v["dis"] = 1
            log(s, f"{UNITS[uid].short} is disrupted crossing the major river (15A4).", "15A")
    if moved:
        verb = "advances" if len(moved) == 1 else "advance"
        log(s, f"{', '.join(UNITS[u].short for u in moved)} {verb} into {hex_name(into)}.", "9F")
        if contested(s, into):
            enter_contested(s, moved)
    return moved


def enter_contested(s: dict, uids) -> None:
    """9J (L539): each non-infantry unit entering a contested hex, by the advance that made it
    contested or by any means later, rolls on the Ground Success Table (no modifiers) and is
    disrupted on a failure."""
    for u in uids:
        if "infantry" in UNITS[u].tags or s["units"][u]["at"] != "map":
            continue
        roll, code = _ground_success(s, "contested-hex-entry")
        if not CH.succeeds(code) and not s["units"][u]["dis"]:
            s["units"][u]["dis"] = 1
            log(s, f"{UNITS[u].short} enters the contested hex disrupted (roll {roll}) (9J).", "9J")


def second_advances(s: dict, side: str, uids: list[str], from_hex: str) -> list[dict]:
    """9F4 step 4 (L524): each unit that advanced into ``from_hex`` in a multiple-hex advance
    may advance a second time, into any hex next to it that holds no enemy unit, under the
    rules of 9F3 (not artillery or HQs, a hexside it may cross, the stacking limit); or, by 9F5
    (L526), into an enemy-held hex it alone can overrun, as a retreating unit does (ruling C31)."""
    enemy_hexes = {v["hex"] for _, v in on_map(s, OTHER[side])}
    out = []
    for u in _order(uids):
        v = s["units"][u]
        if v["at"] != "map" or v["hex"] != from_hex:
            continue
        for b in NEIGHBOURS.get(from_hex, ()):
            if not _may_advance(s, u, b):
                continue
            if b not in enemy_hexes:
                if stacking_room(s, b, [u]):
                    out.append({"second_advance": u, "into": b})
            elif _retreat_overruns(s, u, from_hex, b):
                out.append({"second_advance": u, "into": b, "overrun": True})
    return out


def second_advance_overrun(s: dict, uid: str, into: str) -> None:
    """9F5 (L526): the unit overruns the hex of its second advance, the odds as in 6F without
    movement points: the units there that may retreat before combat try to (6F2), the rest are
    eliminated, and the unit advances into the hex (ruling C31)."""
    side = UNITS[uid].side
    here = s["units"][uid]["hex"]
    odds = overrun_odds(s, side, [uid], into, from_hex=here)
    log(s, f"{UNITS[uid].short} advances again into {hex_name(into)} by overrun at {odds}:1 (9F5).", "9F")
    staying = _overrun_defenders(s, side, into, {"retreats": {}})
    for u in _order(staying):
        eliminate(s, u, "overrun by an advancing unit (9F5)", "9F")
    advance(s, [uid], into)


def capture(s: dict, side: str, h: str) -> None:
    """5B, 15B: the side takes the hex: fieldworks are destroyed, entrenchments stay, forts fall
    a level, an improved fortress becomes unimproved. Nothing changes in a contested hex (9J)."""
    if contested(s, h):
        return
    before = s["owner"].get(h)
    gain_ownership(s, side, h)
    if before == side:
        return
    captured(s, side, h)


def captured(s: dict, side: str, h: str) -> None:
    """What taking a hex does to its works (15B1-4), its railway (7A7) and, for a major city, its
    service as a source (11C2a); the owner is already ``side``."""
    if h in CITY_HEXES and side != INITIAL_OWNER.get(h) and h not in s.get("fallen", ()):
        # 11C2a (L615): once owned by the enemy, never again a regular source of general supply
        s["fallen"] = sorted({*s.get("fallen", ()), h})
        if not supply.port_source(h):
            log(s, f"{hex_name(h)} has fallen: it is no longer a source of general supply (11C2a).", "11C2a")
    lost, gained = movement.yard_captured(s, side, h)  # 7A5f (L313)
    # each net's capacity is its owner's secret (ruling O1): each side hears of its own
    yard = f"the marshaling yard of {hex_name(h)}"
    if lost:
        text = f"The {SIDE_NAMES[OTHER[side]]} lose {yard}: {fmt(lost)} REs of rail capacity."
        log(s, text, "7A5f", to=[OTHER[side]])
    if gained:
        text = f"The {SIDE_NAMES[side]} take {yard}: {fmt(gained)} RE more rail capacity from next turn."
        log(s, text, "7A5f", to=[side])
    if h in rail_steps() and h not in s.get("obstructed", ()):
        # 7A7 (L326): the rail line of a hex captured or recaptured is obstructed until cleared
        s["obstructed"] = sorted({*s.get("obstructed", ()), h})
    if h in FORTRESS_HEXES and h not in s.get("unimproved", ()):
        s.setdefault("unimproved", []).append(h)
        s["unimproved"].sort()
        log(s, f"The fortress of {hex_name(h)} is captured and becomes unimproved (15B4).", "15B")
    w = s.get("works", {}).get(h)
    if w:
        rec = next((f for f in CH.forts.values() if f.level == w["level"]), None)
        if rec is None or rec.on_capture == "destroyed":
            del s["works"][h]
            log(s, f"The fieldworks in {hex_name(h)} are destroyed (15B1).", "15B")
        elif rec.on_capture == "reduced" and rec.reduces_to:
            w["level"] = CH.fortification(rec.reduces_to).level
            w["side"] = side
        else:
            w["side"] = side


# ----- resolution -------------------------------------------------------------------------------


def _ground_success(s: dict, activity: str, drm: int = 0) -> tuple[int, str]:
    roll = rng.roll(s)
    return roll, CH.ground_success(roll, drm)


def _retreat_before_combat(s: dict, b: Battle, report: dict) -> bool:
    """9I (L535): cavalry and c/m with a printed movement of 7 or 8 may retreat before combat, one
    Ground Success roll each. Ruling C14: they try when every unit in the hex may (a stack does not
    abandon its infantry), the odds are 3:1 or more, and a hex free of enemy ZOC is open. True if
    any unit left."""
    units = [u for u in b.defenders if not UNITS[u].hq]
    if not units or b.defense <= 0:
        return False
    if not all(_may_rbc(u, s) for u in units):
        return False
    if b.level is None or b.level < CH.crts[b.crt].columns.index(RBC_LEVEL):
        return False
    zoc = zoc_hexes(s, b.side)
    occupied = {v["hex"] for _, v in on_map(s, b.side)}
    left = []
    for u in units:
        choice = _retreat_choice(s, u, b.hex, b.hex, {b.hex}, zoc, occupied)
        if choice is None or choice[2]:
            # ruling C14: only with a hex open whose enemy ZOC does not reduce it (9F2, L507; a
            # ZOC it may ignore into a friendly hex, L509, does not), not into a ZOC's reduction
            continue
        roll, code = _ground_success(s, "retreat-before-combat")
        ok = CH.succeeds(code)
        log(s, f"{UNITS[u].short} tries to retreat before combat: roll {roll}, {_went(ok)}.", "9I")
        if ok:
            left.append(u)
    if not left:
        return False
    hqs = [u for u in b.defenders if UNITS[u].hq] if len(left) == len(units) else []
    paths = retreat(s, left + hqs, 1, origins=report.setdefault("retreat_from", {}))
    report["retreats"].update(paths)
    report["rbc"] = list(left)
    return True


def _names(uids: list[str]) -> str:
    return ", ".join(UNITS[u].short for u in uids)


def _went(ok: bool) -> str:
    return "it goes" if ok else "it stays"


def _may_rbc(uid: str, s: dict) -> bool:
    """9I (L535): "Combat/motorized and cavalry units (Rules 3A2 and 14D) with a printed movement
    rating of 7 or 8, and irregular units (Rule 14L) may attempt to retreat before combat" (14D,
    L874, says the same of cavalry): the 7-or-8 bound holds for c/m and cavalry, not for
    irregulars. Every cavalry unit of the scenario, division or cadre, is printed with 8."""
    u = UNITS[uid]
    mv = rating(s, uid)[2]
    return (("cavalry" in u.tags or "cm" in u.tags) and mv in (7, 8)) or "irregular" in u.tags


def _report(s: dict, side: str, h: str, uids: list[str]) -> dict:
    return {
        "hex": h,
        "side": side,
        "attackers": list(uids),
        "defenders": [],
        "attack": 0.0,
        "defense": 0.0,
        "odds": "",
        "crt": "",
        "column": "",
        "roll": None,
        "drm": 0,
        "result": "",
        "losses": {},
        "retreats": {},
        "advance": [],
        "reduced": [],
        "eliminated": [],
        "notes": [],
    }


def _finish(s: dict, report: dict) -> dict:
    report["retreats"] = {u: list(p) for u, p in report["retreats"].items()}
    starts = report.pop("retreat_from", {})
    report["retreat_from"] = {u: starts[u] for u in report["retreats"] if u in starts}
    s["last"] = report
    return report


def resolve(s: dict, side: str, target_hex: str, attacker_uids, choose: bool = False) -> dict | None:
    """One attack, 9A in order: mark the attackers and the hex, retreat before combat (9I), the
    strengths, the cavalry charge (10B), the odds and their shifts (9L's ten-sided die when the
    option is on), the combat die, then every result of 9C: losses (9D, 9E), retreats (9F1-2,
    9F4), the advance (9F3), contested hexes (9J) and HQs left alone (9D). The public report is
    also ``s["last"]``.

    Advance after combat is voluntary (9F3, L515). With ``choose``, when the combat may clear
    the hex and an attacker could advance into it, the battle stops after the losses with its
    aftermath in ``s["aftermath"]`` and None is returned: the attacker names the units that
    advance (``advance_offers``, ``choose_advance``), then ``conclude`` carries out the rest.
    Without it, every unit that can advances."""
    uids = _order(attacker_uids)
    problems = attack_problems(s, side, target_hex, uids)
    if problems:
        raise ValueError("; ".join(problems))
    checkpoint(s)  # a combat is fought in the open (ruling O1), dice or none: it is not taken back
    enemy = OTHER[side]
    for u in uids:
        s["units"][u]["attacked"] = True
    s.setdefault("attacked", [])
    if target_hex not in s["attacked"]:
        s["attacked"].append(target_hex)
    report = _report(s, side, target_hex, uids)
    defended = _fight(s).setdefault("defended", [])  # 9B1: none of them is attacked again
    defended += [u for u in _enemy_at(s, side, target_hex, stacks(s)) if u not in defended]
    mine, a_via = logistics.draw(s, side, uids)
    theirs, d_via = logistics.draw(s, enemy, _fighting(s, side, target_hex))
    csup = mine | theirs
    hqs = {side: logistics.through(s, side, a_via), enemy: logistics.through(s, enemy, d_via)}
    b = _battle(s, side, target_hex, uids, csup, hqs=hqs)
    report["defenders"] = list(b.defenders)
    names = ", ".join(UNITS[u].short for u in uids)
    log(s, f"{names} attack {hex_name(target_hex)}.", "9A")
    same_hex = [u for u in uids if s["units"][u]["hex"] == target_hex]

    if _retreat_before_combat(s, b, report):
        if not [u for u in _enemy_at(s, side, target_hex) if not UNITS[u].hq]:
            # 9I: no combat is fought; the report keeps the strengths and odds the defenders
            # retreated from, and says so, rather than read as a combat of 0 against 0
            report.update(
                result="RBC",
                crt=b.crt,
                odds=b.odds,
                column="",
                attack=float(b.attack),
                defense=float(b.defense),
                notes=[f"{_names(report['rbc'])} retreated before combat: no combat was fought (9I)"],
            )
            return _aftermath(s, _record(b, report, kind="empty"), choose)
        b = _battle(s, side, target_hex, uids, csup, hqs=hqs)
    report.update(attack=float(b.attack), defense=float(b.defense), odds=b.odds, crt=b.crt, notes=list(b.notes))

    if same_hex and b.attack <= 0:
        for u in uids:  # 9K1: nothing to attack with
            eliminate(s, u, "it attacked at zero strength in its own hex (9K)", "9K")
        report.update(result="AE", column="auto")
        report["losses"][side] = list(uids)
        report["eliminated"] += list(uids)
        return _finish(s, report)

    if not any(rating(s, u)[1] > 0 for u in b.fighting):
        for u in b.defenders:  # 9G1, ruling C25: a hex of 0-defense units (HQs) falls without a die
            eliminate(s, u, "a defense strength of 0 attacked (9G1)", "9G")
        report.update(result="DE", column="auto")
        report["losses"][enemy] = list(b.defenders)
        report["eliminated"] += list(b.defenders)
        return _aftermath(s, _record(b, report, kind="empty"), choose)

    drm = b.drm
    cec_ok = False
    if b.cec:
        roll, code = _ground_success(s, "special-cec", b.cec_drm)
        cec_ok = CH.succeeds(code)
        log(s, f"Cavalry charge: roll {roll}{b.cec_drm:+d}, {'success: +1' if cec_ok else 'no effect'}.", "10B")
        if code == "*F":
            for u in b.cec:
                eliminate(s, u, "a failed cavalry charge (10B)", "10")
        if cec_ok:
            drm += 1
    d10 = None
    inc = CH.crts[b.crt].incremental_odds
    # ruling C24 (with R30): with the option on, the attacker always takes the ten-sided die from 2:1
    if s.get("options", {}).get("incremental_odds") and inc and b.attack >= inc.from_ratio * b.defense:
        d10 = rng.roll(s, 10)
        log(s, f"Incremental odds: the ten-sided die shows {d10} (9L).", "9L")
    column = b.column(d10)
    report["column"] = column
    note = column_note(b, column, d10)
    if note:
        report["notes"].append(note)  # the panel's "8:1 -> 6:1" explained (L467)
    if column == "auto":
        roll = None
        code = CH.crts[b.crt].below_lowest
        log(s, f"{b.odds} is below 1:4: an automatic {code} (9B7).", "9B")
    else:
        roll = rng.roll(s)
        code = CH.combat_result(b.crt, column, roll + drm, attacker_infantry_capable=b.infantry)
        log(
            s,
            f"{fmt(b.attack)} against {fmt(b.defense)}: {b.odds} on the {b.crt} CRT, column {column}; "
            f"roll {roll}{drm:+d}: {code}.",
            "9C",
        )
    report.update(roll=roll, drm=drm, result=code)
    return _apply(s, b, code, report, same_hex, first_from=b.cec if cec_ok else [], choose=choose)


def _record(b: Battle, report: dict, kind: str, **more) -> dict:
    """What the rest of the combat needs once the losses are taken (kept in the state while a
    side names its advance): "empty" when the hex is already clear of fighting enemy
    units (9I, 9G1), "result" after a combat result (9C)."""
    return {
        "kind": kind,
        "side": b.side,
        "hex": b.hex,
        "crt": b.crt,
        "attackers": list(b.attackers),
        "defenders": list(b.defenders),
        "report": report,
        "chosen": [],
        **more,
    }


def _aftermath(s: dict, af: dict, choose: bool) -> dict | None:
    """Stop for the attacker's choice of advance when there is one to make (``choose``), else
    name every unit that can and go on."""
    offers = advance_offers(s, af)
    if choose and offers:
        return _pause(s, af)
    offers = [u for u in offers if not UNITS[u].artillery]  # ruling C15: the guns stay behind
    while offers and not choose:  # every other unit that can, as many as the hex takes
        af["chosen"].append(offers[0])
        offers = [u for u in advance_offers(s, af) if not UNITS[u].artillery]
    return _conclude(s, af, choose)


def _pause(s: dict, af: dict) -> None:
    """Keep the combat's aftermath in the state while a side names its advance; the result is
    on the board meanwhile."""
    s["aftermath"] = af
    s["last"] = {**af["report"], "retreats": {}, "pending": "advance"}


def chooser(s: dict) -> str:
    """The side naming units to advance now: the attacker, then the defender (9F3)."""
    af = s["aftermath"]
    return OTHER[af["side"]] if af.get("stage") == "defender" else af["side"]


def advance_actions(s: dict) -> list[dict]:
    """The actions of the choice of advance (9F3): a unit for the attacker, a unit and a hex for
    the defender."""
    af = s["aftermath"]
    if af.get("stage") == "defender":
        return [{"advance": u, "into": x} for u, x in defender_offers(s, af)]
    return [{"advance": u} for u in advance_offers(s, af)]


def _clears(s: dict, af: dict) -> bool:
    """Whether the combat empties the hex of the enemy's fighting units: they are gone, or they
    must retreat (9F1)."""
    if af["kind"] == "empty":
        return True
    if af["d_retreat"] and [u for u in af["defenders"] if s["units"][u]["at"] == "map"]:
        return True
    return not _enemy_at(s, af["side"], af["hex"])


def advance_offers(s: dict, af: dict | None = None) -> list[str]:
    """9F3 (L515): the attackers that may still be named to advance into the hex the combat
    clears, with room for them beside those already named (8A)."""
    af = af if af is not None else s.get("aftermath")
    if not af or af.get("stage") == "defender" or not _clears(s, af):
        return []
    h, chosen = af["hex"], af["chosen"]
    out = []
    for u in _order(af["attackers"]):
        if u in chosen or s["units"][u]["at"] != "map":
            continue
        if _may_advance(s, u, h) and stacking_room(s, h, [*chosen, u], here=[]):
            out.append(u)
    return out


def retreat_waits(s: dict) -> bool:
    """Whether defenders wait to retreat on the attacker's declaration (9F1, L501): naming no
    unit to advance cancels their retreat."""
    af = s["aftermath"]
    return bool(af.get("d_retreat")) and any(s["units"][u]["at"] == "map" for u in af["defenders"])


def choose_advance(s: dict, action: dict) -> None:
    """Name one more unit to advance (9F3)."""
    if action not in advance_actions(s):
        raise ValueError(f"{action} is not an advance open now (9F3)")
    af = s["aftermath"]
    if af.get("stage") == "defender":
        af["named"].append([action["advance"], action["into"]])
    else:
        af["chosen"].append(action["advance"])


def conclude(s: dict) -> dict | None:
    """The rest of the combat once the side choosing has named its advance (9F1-9F4, 9J, 9D);
    None when the defender's choice comes next."""
    af = s.pop("aftermath")
    return _conclude(s, af, True)


def vacated(s: dict) -> list[str]:
    """The hexes the attackers' retreat waits on the defender's declaration for (9F1)."""
    return _vacated(s, s["aftermath"])


def _vacated(s: dict, af: dict) -> list[str]:
    """9F1: the hexes the attackers must retreat from that their retreat would leave without a
    unit of their side."""
    if not af["a_retreat"]:
        return []
    return _emptying(s, af["side"], af["hex"], _by_hex(s, af["attackers"]))


def _by_hex(s: dict, uids) -> dict[str, list[str]]:
    """The units still on the map, by the hex they stand in."""
    out: dict[str, list[str]] = {}
    for u in uids:
        if s["units"][u]["at"] == "map":
            out.setdefault(s["units"][u]["hex"], []).append(u)
    return out


def _emptying(s: dict, side: str, h: str, by_hex: dict[str, list[str]]) -> list[str]:
    """The hexes (but ``h``) that these units leaving would leave without a unit of ``side``."""
    st = stacks(s)
    return sorted(
        src
        for src, us in by_hex.items()
        if src != h and not [x for x in st.get(src, ()) if UNITS[x].side == side and x not in us]
    )


def _emptied(s: dict, af: dict) -> list[str]:
    """9F3: the hexes the attackers fought from that the combat has cleared of their side."""
    st = stacks(s)
    side = af["side"]
    return [src for src in af.get("origins", ()) if not [x for x in st.get(src, ()) if UNITS[x].side == side]]


def defender_offers(s: dict, af: dict) -> list[tuple[str, str]]:
    """9F3 (L515): the defender's units that may still be named to advance, each with a hex next
    to the defended one that the combat clears of the attackers (or that their retreat will
    clear, 9F1), with room for it beside those already named there (8A)."""
    h = af["hex"]
    named = af.get("named", [])
    taken = {u for u, _ in named}
    into = sorted(set(_vacated(s, af)) | set(_emptied(s, af)))
    out = []
    for u in _order([x for x in af["defenders"] if s["units"][x]["at"] == "map" and s["units"][x]["hex"] == h]):
        if u in taken:
            continue
        for x in into:
            there = [n for n, y in named if y == x]
            if _may_advance(s, u, x) and stacking_room(s, x, [*there, u], here=[]):
                out.append((u, x))
    return out


def _c16(s: dict, af: dict) -> list[list[str]]:
    """Ruling C16, the defender's advance when he is not asked: the weakest unit that can, one a
    hex vacated by a retreat; his last unit leaves the defended hex only when a single hex is
    vacated and the defended hex holds no fortification, major city or HQs. None into hexes the
    attackers' losses emptied."""
    side, enemy, h = af["side"], OTHER[af["side"]], af["hex"]
    vacated = _vacated(s, af)
    here = _enemy_at(s, side, h)
    keep = [u for u in here if not UNITS[u].hq]
    named: list[list[str]] = []
    for src in vacated:
        left = [u for u in keep if u not in {n for n, _ in named}]
        hold = fortification(s, h, enemy) or cities(h) or len(keep) < len(here) or len(vacated) > 1
        movers = [u for u in left if _may_advance_empty(s, u, src)] if len(left) > 1 or not hold else []
        movers.sort(key=lambda u: (rating(s, u)[1], _unit_index()[u]))
        if movers:
            named.append([movers[0], src])
    return named


def _conclude(s: dict, af: dict, choose: bool = False) -> dict | None:
    report, side, h, chosen = af["report"], af["side"], af["hex"], af["chosen"]
    if af["kind"] == "empty":
        report["advance"] = advance(s, chosen, h)
        if report["advance"]:
            capture(s, side, h)
        return _finish(s, report)
    b = _Fought(side, h, af["crt"], af["attackers"], af["defenders"])
    if af.get("stage") != "defender":
        _attackers_advance(s, af)
        af["stage"] = "defender"
        af["named"] = []
        if defender_offers(s, af):
            if choose:
                return _pause(s, af)
            af["named"] = _c16(s, af)
    if af["a_retreat"]:
        _attacker_retreat(s, b, af["hexes"], report, af["named"])
    _defender_advance(s, af)
    if af["named"] and not [u for u in _enemy_at(s, side, h) if not UNITS[u].hq]:
        for u in _enemy_at(s, side, h):  # 9D: his HQs left alone once the advance is made
            eliminate(s, u, "no friendly unit left with it after the combat (9D)", "9D")
            report["eliminated"].append(u)
    if report["advance"]:
        _after_advance(s, b, report)
    return _finish(s, report)


def _defender_advance(s: dict, af: dict) -> None:
    """9F3: the defender's units named for hexes the attackers' losses emptied advance."""
    enemy, vacated = OTHER[af["side"]], set(af.get("vacated", ()))  # those go in ``_attacker_retreat``
    for x in sorted({y for _, y in af["named"]} - vacated):
        went = advance(s, [u for u, y in af["named"] if y == x], x)
        if went:
            af["report"].setdefault("defender_advance", []).extend(went)
            capture(s, enemy, x)
            if af["hexes"] == 2:  # 9F4 step 4: they may advance a second time
                af["report"].setdefault("defender_pursuit", {}).update(dict.fromkeys(went, x))


def _attackers_advance(s: dict, af: dict) -> None:
    """9F1-9F4: the defender's retreat on the attacker's declaration, and the attacker's advance."""
    report, side, h, chosen = af["report"], af["side"], af["hex"], af["chosen"]
    movers = [u for u in af["defenders"] if s["units"][u]["at"] == "map"]
    if af["d_retreat"] and movers:
        if not chosen:
            because = "does not advance" if advance_offers(s, af) else "cannot advance"
            log(s, f"The attacker {because} into {hex_name(h)}: the defender's retreat is cancelled (9F1).", "9F")
        else:
            adv: list[str] = []

            def between() -> None:
                adv.extend(advance(s, chosen, h))

            hexes = af["hexes"]
            report["retreats"].update(retreat(s, movers, hexes, between, origins=report.setdefault("retreat_from", {})))
            report["advance"] = adv
            if hexes == 2:  # 9F4 step 4: those that advanced may advance a second time
                report["pursuit"] = [u for u in adv if s["units"][u]["at"] == "map" and s["units"][u]["hex"] == h]
    if not report["advance"] and chosen and not _enemy_at(s, side, h):
        report["advance"] = advance(s, chosen, h)
    af["vacated"] = _vacated(s, af)


@dataclass
class _Fought:
    """What the retreats and the advance read of a battle already fought."""

    side: str
    hex: str
    crt: str
    attackers: list[str]
    defenders: list[str]


def _apply(
    s: dict, b: Battle, code: str, report: dict, same_hex: list[str], first_from: list[str], choose: bool = False
) -> dict | None:
    """9C: losses, then retreats with their declarations, the advance, contested hexes (the
    attacker's choice of advance as ``resolve``'s ``choose``)."""
    return _aftermath(s, _losses(s, b, code, report, same_hex, first_from), choose)


def _losses(s: dict, b: Battle, code: str, report: dict, same_hex: list[str], first_from: list[str]) -> dict:
    """9C: the losses, and what ``_conclude`` needs for the retreats and the advance."""
    origins = sorted({s["units"][u]["hex"] for u in b.attackers if s["units"][u]["hex"] not in (None, b.hex)})
    res = CH.result(code)
    attackers = [u for u in b.attackers if s["units"][u]["at"] == "map"]
    defenders = [u for u in b.defenders if not UNITS[u].hq]
    fighting = [u for u in b.fighting if s["units"][u]["at"] == "map"]
    pa = sum(rating(s, u)[0] for u in attackers)
    pd = sum(rating(s, u)[1] for u in fighting)
    need_a, need_d = CH.minimum_losses(code, pa, pd)
    a_retreat = res.attacker.retreat == "must"  # ruling C23: "may" retreats (AX, DX, BX) are not taken
    d_retreat = res.defender.retreat == "must"
    why = f"{code}"
    if res.exchange:
        if pa < pd:  # ruling R11: the weaker side by printed strength, the defender on a tie
            _take(s, {u: 1 for u in attackers}, why, report)
            _take(s, choose_losses(s, fighting, need_d, "defender"), why, report)
            a_retreat = True
        else:
            _take(s, {u: 1 for u in defenders}, why, report)
            _take(s, choose_losses(s, attackers, need_a, "attacker", first_from=first_from), why, report)
            d_retreat = True
    else:
        if res.attacker.loss == "all":
            _take(s, {u: 1 for u in attackers}, why, report)
        elif need_a > 0:
            _take(s, choose_losses(s, attackers, need_a, "attacker", first_from=first_from), why, report)
        if res.defender.loss == "all":
            _take(s, {u: 1 for u in defenders}, why, report)
        elif need_d > 0:
            plan = choose_losses(s, fighting, need_d, "defender")
            _take(s, plan, why, report)
    if same_hex and res.same_hex_attacker_retreats:
        a_retreat = True
    hexes = 2 if code in MULTI_HEX_RESULTS and multi_hex(s) else 1

    # HQs alone after the losses (9D)
    if not [u for u in defenders if s["units"][u]["at"] == "map"]:
        for u in b.defenders:
            if UNITS[u].hq:
                eliminate(s, u, "no friendly unit left with it after the combat (9D)", "9D")
    return _record(
        b, report, "result", d_retreat=d_retreat, a_retreat=a_retreat, hexes=hexes, same_hex=same_hex, origins=origins
    )


def _may_advance_empty(s: dict, uid: str, into: str) -> bool:
    """Whether the unit could advance once the hex is empty (the 9F1 declaration)."""
    return _may_advance(s, uid, into) and stacking_room(s, into, [uid], here=[])


def _attacker_retreat(s: dict, b: Battle, hexes: int, report: dict, named: list[list[str]]) -> None:
    """9F1-2: the attackers retreat; where that would empty a hex, only if the defender has
    declared an advance into it (``named``: his units and the hexes they advance into, his
    choice or ruling C16's); then those units advance into it."""
    side, enemy, h = b.side, OTHER[b.side], b.hex
    by_hex = _by_hex(s, b.attackers)
    vacated = _emptying(s, side, h, by_hex)
    for src in sorted(by_hex):
        us = by_hex[src]
        if src not in vacated:
            report["retreats"].update(retreat(s, us, hexes, origins=report.setdefault("retreat_from", {})))
            continue
        movers = [u for u, x in named if x == src and s["units"][u]["at"] == "map" and s["units"][u]["hex"] == h]
        if not movers:
            log(s, f"The defender does not advance into {hex_name(src)}: the attackers there stay (9F1).", "9F")
            continue
        report["retreats"].update(retreat(s, us, hexes, origins=report.setdefault("retreat_from", {})))
        if not [x for x in units_in(s, src) if UNITS[x].side == side]:
            went = advance(s, movers, src)
            if went:
                report.setdefault("defender_advance", []).extend(went)
                capture(s, enemy, src)
                if hexes == 2:  # 9F4 step 4: they may advance a second time
                    report.setdefault("defender_pursuit", {}).update(dict.fromkeys(went, src))


def _after_advance(s: dict, b: Battle, report: dict) -> None:
    """9J (L537-549): after a positional combat, attackers with a ZOC in the hex and defenders
    with a ZOC next to it make the hex contested; each non-infantry unit entering it rolls on
    the Ground Success Table and is disrupted on a failure. Otherwise the hex is captured. Ruling
    C27: the ZOCs are those of ``world.has_zoc``; a contested hex is owned by neither side
    (its owner before is kept in ``s["contest_owner"]``) and keeps its fortifications
    (``s["contested"]``)."""
    side, h = b.side, b.hex
    if b.crt == "positional":
        ours = [u for u, v in on_map(s, side) if v["hex"] == h and has_zoc(s, u)]
        theirs = [
            u
            for u in b.defenders
            # "in any adjacent hex" (L537): adjacent as 3E5 (L144) has it, not across a prohibited hexside
            if s["units"][u]["at"] == "map" and s["units"][u]["hex"] in ZOC_NEIGHBOURS.get(h, ()) and has_zoc(s, u)
        ]
        if ours and theirs:
            s.setdefault("contested", [])
            if h not in s["contested"]:
                s["contested"].append(h)
                s["contested"].sort()
                # 9J (L541): owned by neither side; its owner before is kept for the contest's end
                s.setdefault("contest_owner", {})[h] = s["owner"].get(h)
                s["owner"][h] = None
            log(s, f"{hex_name(h)} is contested (9J).", "9J")
            enter_contested(s, report["advance"])
            return
    capture(s, side, h)


# ----- bombardment (12C) ------------------------------------------------------------------------


def bombard_units(s: dict, side: str, target_hex: str, st=None) -> list[str]:
    """12C: the side's artillery that may bombard the hex now: in the combat phase's bombardment
    segment (before the first attack, ruling C17), adjacent across a hexside that is not
    prohibited, not having bombarded this phase, with an attack strength (not badly disrupted);
    the non-phasing player's only in hexes the enemy bombarded this phase (counter-bombardment),
    and the phasing player's no more once the counter-bombardment has come."""
    if s.get("phase") != "combat" or s.get("attacked"):
        return []
    st = st if st is not None else stacks(s)
    if not _enemy_at(s, side, target_hex, st):
        return []
    view = _fight_view(s)
    done = set(view["bombarded"])
    counter = side != s.get("phasing")
    if not counter and view.get("counter"):
        return []  # the phasing player's bombardments are over once the enemy counter-bombards
    out = []
    for h in NEIGHBOURS.get(target_hex, ()):
        if not adjacent(h, target_hex) or (counter and h not in view["bombarded_hexes"]):
            continue
        for uid in st.get(h, ()):
            u = UNITS[uid]
            v = s["units"][uid]
            if u.side == side and u.artillery and uid not in done and v["dis"] < 2 and rating(s, uid)[0] > 0:
                out.append(uid)
    return _order(out)


def bombard_groups(s: dict, side: str, target_hex: str, st=None) -> list[list[str]]:
    """12C L734: "bombarding units may bombard individually, or some (up to all) may combine":
    every group of the units that may bombard the hex (``bombard_units``), the largest first,
    each within the bombarded hex's stacking limit from each hex it fires from (L729, 8B)."""
    st = st if st is not None else stacks(s)
    units = bombard_units(s, side, target_hex, st)
    groups = []
    for n in range(len(units), 0, -1):
        for group in itertools.combinations(units, n):
            by_hex: dict[str, list[str]] = {}
            for u in group:
                by_hex.setdefault(s["units"][u]["hex"], []).append(u)
            if all(stacking_room(s, target_hex, us, here=[]) for us in by_hex.values()):
                groups.append(list(group))
    return groups


def bombard_actions(s: dict, side: str) -> list[dict]:
    """The bombardments the side may make now: ``{"bombard": hex}`` with every unit that may
    bombard it, ``{"bombard": hex, "units": [...]}`` with some of them (12C L734)."""
    st = stacks(s)
    out = []
    for h in bombard_targets(s, side):
        every = bombard_units(s, side, h, st)
        for group in bombard_groups(s, side, h, st):
            out.append({"bombard": h} if group == every else {"bombard": h, "units": group})
    return out


def bombard_targets(s: dict, side: str) -> list[str]:
    """The enemy hexes the side's artillery may bombard now."""
    if s.get("phase") != "combat" or s.get("attacked"):
        return []
    near = set()  # the hexes next to the side's artillery
    for u, v in on_map(s, side):
        if UNITS[u].artillery:
            near.update(NEIGHBOURS.get(v["hex"], ()))
    if not near:
        return []  # no artillery, no bombardment (the Russians here)
    enemy = OTHER[side]
    st = stacks(s)
    return [h for h in sorted({v["hex"] for _, v in on_map(s, enemy)} & near) if bombard_units(s, side, h, st)]


bombard_candidates = bombard_targets


def bombard_strength(s: dict, side: str, target_hex: str, artillery_uids, csup: set[str] | None = None) -> Fraction:
    """12C (L721): each unit's attack strength, disrupted halved (3A5), by supply (11F), terrain,
    its type against fortresses and cities, field artillery halved (12B1), halved outside the ZOI
    of an active Army HQs; modern tactics do not matter (L673)."""
    fort = fortification(s, target_hex, OTHER[side])
    city = cities(target_hex)
    terrain = MAP.terrain[target_hex]
    hqs = _army_hqs(s, side)
    if csup is None:  # what the bombardment would draw now (11D)
        csup = logistics.supplied(s, side, artillery_uids, commit=False, segment="bombardment")
    total = ZERO
    for uid in artillery_uids:
        u = UNITS[uid]
        v = s["units"][uid]
        if v["dis"] >= 2:
            continue
        m = DISRUPTION[v["dis"]] * supply_factor(s, uid, csup) * _art_type(uid, fort, city)
        if ART_KIND.get(u.type) == "field":
            m *= HALF
        if not in_zoi(s, uid, hqs):
            m *= Fraction(CH.army_hq.values["bombardment_outside_zoi"]).limit_denominator(10)
        m *= CH.attack_multiplier(u.tags, terrain=terrain, weather=WEATHER)
        total += rating(s, uid)[0] * m
    return total


def _hit_class(s: dict, uid: str) -> str:
    u = UNITS[uid]
    if s["units"][uid]["cadre"] or u.hq:
        return "small-non-divisional"
    if u.divisional:
        return "divisional"
    return "large-non-divisional" if u.size == "brigade" else "small-non-divisional"


def hit_effect(s: dict, uid: str, hits: int) -> int:
    """12C (L736-744), ruling R17: the disruption a unit ends with after ``hits`` hits: two
    disrupt a division and two more badly disrupt it; one disrupts a brigade, another badly;
    one badly disrupts anything smaller."""
    rec = CH.hit_effects[_hit_class(s, uid)]
    d = s["units"][uid]["dis"]
    if d >= 2 or hits <= 0:
        return d
    if rec.second_effect_hits is None:
        return 2 if hits >= rec.first_effect_hits else d
    left = hits
    if d == 0 and left >= rec.first_effect_hits:
        d, left = 1, left - rec.first_effect_hits
    if d == 1 and left >= rec.second_effect_hits:
        d = 2
    return d


def _damage(s: dict, hits: dict[str, int]) -> Fraction:
    total = ZERO
    for u, n in hits.items():
        before = s["units"][u]["dis"]
        after = hit_effect(s, u, n)
        total += rating(s, u)[1] * (DIS_DEFENSE[before] - DIS_DEFENSE[after])
    return total


def allocate_hits(s: dict, target_hex: str, hits: int, bombarder: str) -> dict[str, int]:
    """Ruling R38: the bombarding player allocates half the hits (rounded up), the bombarded
    player the rest; no hits on badly disrupted units, nor by the bombarded player on units with
    a defense of 0 (L744). Ruling C18: the bombarder places his to disrupt the most defense
    strength, the defender his to lose the least; ties go to the scenario's order."""
    units = [u for u in _order(_enemy_at(s, bombarder, target_hex)) if s["units"][u]["dis"] < 2]
    rule = CH.allocation.bombarding_player
    mine = {"half-rounded-up": (hits + 1) // 2, "half-rounded-down": hits // 2, "all": hits}[rule]
    alloc: dict[str, int] = {}

    def best(pool: list[str], n: int, sign: int) -> dict[str, int]:
        if not pool or n <= 0:
            return {}
        top = None
        for combo in itertools.combinations_with_replacement(range(len(pool)), n):
            trial = dict(alloc)
            for i in combo:
                trial[pool[i]] = trial.get(pool[i], 0) + 1
            key = (sign * _damage(s, trial), combo)
            if top is None or key < top[0]:
                top = (key, trial)
        return top[1]

    alloc = best(units, mine, -1) or alloc
    theirs = [u for u in units if rating(s, u)[1] > 0 and hit_effect(s, u, alloc.get(u, 0)) < 2]
    alloc = best(theirs, hits - mine, 1) or alloc
    return {u: n for u, n in alloc.items() if n}


def bombard(s: dict, side: str, target_hex: str, artillery_uids) -> dict:
    """12C: one bombardment. The fortification check first on the 50 and 100+ columns with only
    the recon and weather modifiers (an asterisk reduces the fortification, 15B3-4), then the
    same die with every modifier against the units; the hits are allocated (ruling R38) and
    disrupt (L736-744). The bombarding units are halved in this phase's combat segment."""
    uids = _order(artillery_uids)
    ok = set(bombard_units(s, side, target_hex))
    bad = [u for u in uids if u not in ok]
    if bad or not uids:
        raise ValueError(f"may not bombard {target_hex}: {', '.join(bad) or 'no artillery'}")
    fight = _fight(s)
    fight["bombarded"].extend(uids)
    if target_hex not in fight["bombarded_hexes"]:
        fight["bombarded_hexes"].append(target_hex)
    csup = logistics.supplied(s, side, uids, segment="bombardment")  # 11B (L590): the bombarding side only
    strength = bombard_strength(s, side, target_hex, uids, csup)
    return _bombardment(s, side, target_hex, strength, uids, ", ".join(UNITS[u].short for u in uids))


def end_bombardments(s: dict, phasing: str) -> bool:
    """12C (L721): the phasing player's bombardments are over (he attacks or ends the phase);
    True when the non-phasing player may now counter-bombard with the artillery in the hexes that
    were bombarded, which he does once a phase."""
    if s["phase"] != "combat" or s["attacked"]:
        return False
    fight = _fight(s)
    if fight.get("counter") or not fight["bombarded_hexes"]:
        return False
    fight["counter"] = True
    # asked whenever the enemy has artillery on the map, whether or not any of it stands in a
    # bombarded hex: a question asked only then would tell the phasing player so (ruling O1)
    return any(UNITS[u].artillery for u, _ in on_map(s, OTHER[phasing]))


def air_bombard_targets(s: dict, side: str) -> list[str]:
    """B17B3 (L1274): the hexes holding enemy units that the side's air points may bombard now:
    the attacking (phasing) player's, in the combat phase's bombardment segment, before the first
    attack (ruling C17), while he has air points left."""
    if s.get("phase") != "combat" or s.get("attacked") or side != s.get("phasing"):
        return []
    if s["air"][side]["left"] <= 0 or _fight_view(s).get("counter"):
        return []
    return sorted({v["hex"] for _, v in on_map(s, OTHER[side])})


def air_recon_targets(s: dict, side: str) -> list[str]:
    """B17B2 (L1272): the hexes the phasing player may fly tactical recon to ahead of his
    bombardments: those his air points may bombard now, before any aerial bombardment of the
    phase (recon is assigned first), one mission a hex (ruling C32)."""
    view = _fight_view(s)
    if view.get("air_bombed"):
        return []
    done = view.get("recon", {})
    return [h for h in air_bombard_targets(s, side) if h not in done]


def air_recon(s: dict, side: str, target_hex: str, points: int) -> int:
    """B17B2: tactical recon over a hex to be bombarded: +1 to its bombardments this phase if it
    succeeds, and to the combat there once it has been bombarded (ruling C32)."""
    from . import air

    if target_hex not in air_recon_targets(s, side) or not 1 <= points <= s["air"][side]["left"]:
        raise ValueError(f"may not fly tactical recon over {target_hex} with {counted(points, 'air point')}")
    drm = air.recon(s, side, target_hex, points)
    _fight(s).setdefault("recon", {})[target_hex] = drm
    return drm


def _recon_drm(s: dict, h: str) -> int:
    """B17B2: +1 to a bombardment of ``h`` this phase after tactical recon succeeded over it."""
    return _fight_view(s).get("recon", {}).get(h, 0)


def air_bombard(s: dict, side: str, target_hex: str, points: int) -> dict:
    """B17B3, 12C3a (L746): aerial bombardment. The points meet the enemy's abort attempts and AA
    fire; each one that gets through bombards as an artillery unit at half strength, so 4 points
    bombard at 2. The mission is a bombardment of its own (ruling R40)."""
    from . import air

    if target_hex not in air_bombard_targets(s, side) or not 1 <= points <= s["air"][side]["left"]:
        raise ValueError(f"may not bombard {target_hex} with {counted(points, 'air point')}")
    fight = _fight(s)
    fight["air_bombed"] = True  # B17B2: recon comes before any aerial bombardment
    if target_hex not in fight["bombarded_hexes"]:
        fight["bombarded_hexes"].append(target_hex)
    flying = air.bombard(s, side, target_hex, points)
    return _bombardment(s, side, target_hex, Fraction(flying, 2), [], f"{flying} of {counted(points, 'air point')}")


def _bombardment(s: dict, side: str, target_hex: str, strength: Fraction, uids: list[str], who: str) -> dict:
    """12C2: one bombardment of ``strength`` by ``uids`` (none for air points), ``who`` named in
    the log."""
    enemy = OTHER[side]
    column = CH.bombardment_column(strength)
    roll = rng.roll(s)
    mods = CH.bombardment_modifiers
    fort_drm = (mods["mud"].value if WEATHER == "mud" else 0) + _recon_drm(s, target_hex)  # B17B2
    fort = fortification(s, target_hex, enemy)
    reduced = False
    t = CH.bombardment_table
    if column in t.fort_columns and fort and fort not in ("fieldworks", "entrenchment"):
        code = CH.bombardment(strength, roll, fort_drm)
        if code.endswith("*"):
            reduced = _reduce_fort(s, target_hex, fort)
            fort = fortification(s, target_hex, enemy)
    drm = fort_drm + CH.terrain(MAP.terrain[target_hex]).bombardment_drm
    if fort:
        drm += CH.fortification(fort).bombardment_drm
    targets_ = [u for u in _enemy_at(s, side, target_hex) if not UNITS[u].hq]
    if targets_ and all(UNITS[u].nationality in PACKED_TRENCHES for u in targets_):
        drm += mods["packed-trenches"].value
    code = CH.bombardment(strength, roll, drm)
    hits = CH.bombardment_hits(code)
    alloc = allocate_hits(s, target_hex, hits, side) if hits else {}
    effects = {}
    for u, n in alloc.items():
        after = hit_effect(s, u, n)
        if after != s["units"][u]["dis"]:
            s["units"][u]["dis"] = after
            effects[u] = after
    log(
        s,
        f"{who} bombard {hex_name(target_hex)} with {fmt(strength)} "
        f"(column {column or 'none'}): roll {roll}{drm:+d}, {code}"
        + "".join(f"; {UNITS[u].short} {'badly disrupted' if d == 2 else 'disrupted'}" for u, d in effects.items())
        + ".",
        "12C",
    )
    report = _report(s, side, target_hex, uids)
    report.update(
        defenders=_order(_enemy_at(s, side, target_hex)),
        attack=float(strength),
        odds=fmt(strength),
        crt="bombardment",
        column=str(column) if column else "",
        roll=roll,
        drm=drm,
        result=code,
        hits=alloc,
        disrupted=effects,
        fort_reduced=reduced,
    )
    return _finish(s, report)


def _reduce_fort(s: dict, h: str, fort: str) -> bool:
    """15B3-4: an improved fortress becomes unimproved (and stays so); a fort or improved fort
    falls a level."""
    if h in FORTRESS_HEXES:
        if fort == "fortress-unimproved":
            return False
        s.setdefault("unimproved", []).append(h)
        s["unimproved"].sort()
        log(s, f"The bombardment reduces the fortress of {hex_name(h)}: it is unimproved (15B4).", "12C")
        return True
    rec = CH.fortification(fort)
    w = s.get("works", {}).get(h)
    if w and rec.reduces_to:
        w["level"] = CH.fortification(rec.reduces_to).level
        log(s, f"The bombardment reduces the {rec.name.lower()} in {hex_name(h)} (15B3).", "12C")
        return True
    return False


# ----- reserve commitment (6C) ------------------------------------------------------------------


def _reserve_mp(s: dict, uid: str) -> Fraction:
    """6C (L247-253): the reserve commitment rating (rounded down), halved disrupted (3A5) and in
    the second turn out of general supply (11F2)."""
    u = UNITS[uid]
    mp = Fraction(CH.mode_rating("reserve-commitment", rating(s, uid)[2], u.tags))
    if s["units"][uid]["dis"]:
        mp /= 2
    if _u2(s, uid):
        mp /= 2
    return mp


def _reserve_cost(s: dict, uid: str, target_hex: str, zoc: set, occupied: set) -> float:
    """The least MPs of regular movement from the unit's hex into the attacked hex (6C: at most
    two hexes away), leaving enemy ZOCs at their cost; enemy-occupied hexes are closed."""
    u = UNITS[uid]
    start = s["units"][uid]["hex"]
    steps = closed_steps((move_class(u), False), closed_bridges(s, u.side))  # 15A1
    leave = CH.zoc_cost(u.tags)
    leave_reduced = CH.zoc_cost(u.tags, "reduced")
    reduced = reduced_zoc(s, OTHER[u.side])  # 6A: hexes only in reduced ZOCs
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if h == target_hex:
            return cost
        if cost > best.get(h, math.inf) or distance(h, target_hex) > 2:
            continue
        extra = (leave_reduced if h in reduced else leave) if h in zoc else 0
        for b, c in steps.get(h, ()):
            if b != target_hex and (b in occupied or distance(b, target_hex) > 1):
                continue
            nc = cost + c + extra
            if nc < best.get(b, math.inf):
                best[b] = nc
                heapq.heappush(heap, (nc, b))
    return math.inf


def _reserve_units(s: dict, defender: str, from_hex: str, target_hex: str, zoc=None, occupied=None) -> list[str]:
    attacker = OTHER[defender]
    zoc = zoc if zoc is not None else zoc_hexes(s, attacker)
    occupied = occupied if occupied is not None else {v["hex"] for _, v in on_map(s, attacker)}
    out = []
    for uid in units_in(s, from_hex):
        u = UNITS[uid]
        if u.side != defender or u.hq or u.fortress:
            continue
        if u.frozen_until and u.frozen_until in TURNS and s.get("turn", 0) < TURNS.index(u.frozen_until):
            continue
        mp = _reserve_mp(s, uid)
        if mp <= 0:
            continue
        if _reserve_cost(s, uid, target_hex, zoc, occupied) <= mp:
            out.append(uid)
    return _order(out)


def reserve_stacks(s: dict, defender: str, target_hex: str) -> list[str]:
    """6C (L243): the defender's stacks within two hexes of the attacked hex, not in an enemy
    ZOC, with a unit that could reach the hex if its roll succeeds (ruling C19)."""
    attacker = OTHER[defender]
    zoc = zoc_hexes(s, attacker)
    occupied = {v["hex"] for _, v in on_map(s, attacker)}
    out = []
    for h in sorted({v["hex"] for _, v in on_map(s, defender)}):
        if h == target_hex or h in zoc or distance(h, target_hex) > 2:
            continue
        if _reserve_units(s, defender, h, target_hex, zoc, occupied):
            out.append(h)
    return out


def commit_reserves(s: dict, defender: str, from_hex: str, target_hex: str) -> list[str]:
    """6C (L245-253): a Ground Success roll for each unit of the stack that could reach the hex
    (+2 when adjacent); those that succeed move in by regular movement at their reserve rating,
    within the stacking limit (8B), and are disrupted on arrival (3A5)."""
    if from_hex not in reserve_stacks(s, defender, target_hex):
        raise ValueError(f"{from_hex} holds no reserves for {target_hex} (6C)")
    drm = CH.modifier("reserve-commitment", "adjacent") if adjacent(from_hex, target_hex) else 0
    arrived = []
    for uid in _reserve_units(s, defender, from_hex, target_hex):
        roll, code = _ground_success(s, "reserve-commitment", drm)
        ok = CH.succeeds(code) and stacking_room(s, target_hex, [uid])
        if not ok:
            # rulings O1, O40: a unit that stays is still out of the attacker's sight where it stood,
            # and he is asked about reserves in every positional attack so that he may not learn
            # whether a stack was in reach; only the units that come are told to both
            log(s, f"Reserve commitment: {UNITS[uid].short} rolls {roll}{drm:+d}: stays.", "6C", to=[defender])
            continue
        log(s, f"Reserve commitment: {UNITS[uid].short} rolls {roll}{drm:+d}: committed.", "6C")
        v = s["units"][uid]
        v["hex"] = target_hex
        v["dis"] = max(v["dis"], 1)  # (a contested hex's entry roll could only disrupt it again, 9J)
        arrived.append(uid)
    return arrived


# ----- overrun (6F) -----------------------------------------------------------------------------


def _overrun_attack(s: dict, uids: list[str], target_hex: str, from_hex: str | None, crossing=()) -> Fraction:
    """6F (L261): the overrunning units' modified attack: disruption, terrain, fortifications,
    supply, support, artillery (12B) and heavy cavalry (14D1). ``crossing``: the units a major
    river crossed on the way disrupts before they overrun (15A4)."""
    defender = OTHER[UNITS[uids[0]].side]
    fort = fortification(s, target_hex, defender)
    city = cities(target_hex)
    terrain = MAP.terrain[target_hex]
    saved = {u: (s["units"][u]["hex"], s["units"][u]["dis"]) for u in uids}
    try:
        for u in uids:
            if from_hex is not None:
                s["units"][u]["hex"] = from_hex
            if u in crossing:
                s["units"][u]["dis"] = max(s["units"][u]["dis"], 1)
        vals = {u: _attack_of(s, u, target_hex, terrain, city, fort, False, ()) for u in uids}
        _support(s, uids, vals)
        return _cap_artillery(s, uids, vals)
    finally:
        for u, (h, d) in saved.items():
            s["units"][u]["hex"] = h
            s["units"][u]["dis"] = d


def _overrun_defense(s: dict, units: list[str]) -> Fraction:
    vals = {u: _defense_of(s, u) for u in units}
    _support(s, units, vals)
    return _cap_artillery(s, units, vals)


def overrun_odds(s: dict, side: str, uids, target_hex: str, from_hex: str | None = None, st=None, crossing=()) -> int:
    """6F (L263-265): overrun odds rounded down for the units overrun, shifted one level per
    fatigue hit of the most fatigued unit on each side; a defense of 0 is overrun at 12:1
    (ruling R29). ``from_hex``: the hex the units overrun from (their own by default). ``st``:
    the stacks, when the caller has them. ``crossing``: units disrupted on the way (15A4)."""
    uids = _order(uids)
    attack = _overrun_attack(s, uids, target_hex, from_hex, crossing)
    defenders = [u for u in _enemy_at(s, side, target_hex, st) if not UNITS[u].hq]
    defense = _overrun_defense(s, defenders)
    base = CH.overrun_odds(attack, defense)
    a_fat = max((s["units"][u]["fat"] for u in uids), default=0)
    d_fat = max((s["units"][u]["fat"] for u in defenders), default=0)
    return base + CH.fatigue_shift(a_fat, d_fat, overrun=True)


def overrun_level(attack, defense, attacker_fatigue: int = 0, defender_fatigue: int = 0) -> int:
    """The overrun odds of two totals after fatigue (L265: 116 against 8 is 14:1)."""
    return CH.overrun_odds(attack, defense) + CH.fatigue_shift(attacker_fatigue, defender_fatigue, overrun=True)


def _zoc_kind(s: dict, covering) -> str | None:
    """6A: what leaving a hex costs by the ZOCs of ``covering``: "standard" if one is, "reduced"
    if all are reduced (12A, 11F2), None if there is none."""
    levels = {zoc_level(s, u) for u in covering}
    return "standard" if 2 in levels else "reduced" if 1 in levels else None


def _zoc_covering(s: dict, st: dict, enemy: str, h: str) -> set[str]:
    """The ``enemy`` units whose ZOC covers hex ``h`` (5A): those in it with a ZOC, and those
    next to it whose ZOC reaches it."""
    units = s["units"]
    out = {u for u in st.get(h, ()) if UNITS[u].side == enemy and units[u]["at"] == "map" and has_zoc(s, u)}
    for b in NEIGHBOURS.get(h, ()):
        if h not in ZOC_NEIGHBOURS.get(b, ()):
            continue
        for u in st.get(b, ()):
            if UNITS[u].side == enemy and units[u]["at"] == "map" and zoc_reaches(s, u):
                out.add(u)
    return out


_ART_MOST = max(
    [1.0]
    + [m for f in CH.forts.values() for m in f.artillery_multipliers.values()]
    + [m for f in CH.features.values() for m in f.artillery_multipliers.values()]
)
"""The most a fortification or a major city multiplies an artillery unit's attack by (12B)."""


def _overrun_hopeful(s: dict, side: str, uids: list[str], near: list[str], st: dict) -> list[str]:
    """The hexes of ``near`` against which 10:1 is not out of reach from anywhere, by a bound that
    costs little to count: every attacker at its printed strength (artillery at its best
    multiplier, 12B; terrain, hexsides, disruption, supply and support only lower it, 9H, 12A),
    against the least the defense can be: each defender's printed defense after its disruption
    (3A5), a quarter out of general supply (11F), halved unsupported (12A), artillery not counted
    (its ratio only caps it, 12B). ``st``: the stacks, the enemy's in ``near`` at least."""
    units = s["units"]
    high = sum(rating(s, u)[0] * (_ART_MOST if UNITS[u].artillery else 1) for u in uids if units[u]["dis"] < 2)
    a_fat = max((units[u]["fat"] for u in uids), default=0)
    out = []
    for e in near:
        low = 0  # in 32nds, a whole number
        d_fat = 0
        for u in st.get(e, ()):
            x = UNITS[u]
            if x.side == side or x.hq:
                continue
            v = units[u]
            d_fat = max(d_fat, v["fat"])
            if not x.artillery:
                low += rating(s, u)[1] * _LEAST_32NDS[v.get("supply", "general") == "general"][min(v["dis"], 2)]
        if low > 0:
            # a hair added so that rounding can only raise the bound
            odds = math.floor(high * 32 / low + 1e-9) + CH.fatigue_shift(a_fat, d_fat, overrun=True)
            if odds < CH.overrun_rule.minimum:
                continue
        out.append(e)
    return out


_LEAST_32NDS = {
    general: {dis: int(DIS_DEFENSE[dis] / 2 * (1 if general else QUARTER) * 32) for dis in DIS_DEFENSE}
    for general in (True, False)
}
"""The least defense per printed point, in 32nds: by disruption (3A5), halved unsupported
(12A), a quarter of that out of general supply (11F)."""


def overrun_candidates(
    s: dict, side: str, uids: list[str], mode: str, occupied, sight=None, whole: bool = True
) -> tuple[list[str], dict]:
    """The hexes of ``occupied`` (enemy stacks) the units might overrun together, by bounds that
    cost little to count: every unit may overrun (6B, ruling C21; a combat strength among them),
    the hex lies within every unit's MPs and one (each step costs at least 1 MP), and 10:1 is
    not out of reach (``_overrun_hopeful``). ``sight``: a function keeping those of the hexes
    it is given that the side sees, asked only when a hex is near. With the stacks, for the
    caller: every unit's, or (``whole`` False) only the enemy's in those hexes."""
    if not uids:
        return [], {}
    for u in uids:
        v = s["units"][u]
        if v["at"] != "map" or v.get("accel") or v.get("rail"):
            return [], {}  # 6B: accel movement spends MPs on nothing else (ruling C21)
        if UNITS[u].fortress or rating(s, u)[2] <= 0:
            return [], {}
    if not any(rating(s, u)[0] > 0 for u in uids):
        return [], {}
    near = occupied
    for u in uids:
        v = s["units"][u]
        most = movement.allowance(s, u, mode) - v.get("spent", 0) + 1
        near = near & within(v["hex"], math.floor(most))
        if not near:
            return [], {}
    if whole:
        st = stacks(s)
    else:
        st = {}
        units = s["units"]
        for u in SIDE_UNITS[OTHER[side]]:
            v = units.get(u)
            if v is not None and v["at"] == "map" and v["hex"] in near:
                st.setdefault(v["hex"], []).append(u)
    near = _overrun_hopeful(s, side, uids, sorted(near), st)
    if near and sight is not None:
        near = sight(near)  # (the dearer question last)
    return near, st


def _overrun_plans(
    s: dict, side: str, uids: list[str], mode: str, ctx: movement.Enemy | None = None, among=None
) -> dict[str, tuple[str, dict[str, float]]]:
    """For each enemy hex (of ``among``, else every one) the units can overrun together: the hex
    they overrun from (the cheapest for the most burdened unit, then the lowest id) and each
    unit's MPs to reach it."""
    enemy = OTHER[side]
    ctx = ctx if ctx is not None else movement.Enemy(s, side)
    near, st = overrun_candidates(s, side, uids, mode, ctx.occupied if among is None else among)
    if not near:
        return {}
    budgets = {u: movement.allowance(s, u, mode) - s["units"][u].get("spent", 0) for u in uids}
    # the regular movement of each unit (6, 6A, 7B), its own hex at no cost; the one-hex move
    # (which spends every MP) leaves none for the overrun
    reach = {}
    for u in uids:
        best = movement.march(s, u, mode, ctx=ctx)
        reach[u] = {**best, s["units"][u]["hex"]: 0}
    common = set.intersection(*(set(r) for r in reach.values()))
    entries = _STEPS_INTO
    plans: dict[str, tuple[str, dict[str, float]]] = {}
    for a, e in sorted((x, y) for y in near for x in entries.get(y, ()) if x in common):
        if not adjacent(a, e):
            continue
        here = [x for x in st.get(e, ()) if UNITS[x].side == enemy]
        zoc_a = _zoc_kind(s, _zoc_covering(s, st, enemy, a) - set(here))
        costs = {}
        fine = True
        for u in uids:
            steps = dict(closed_steps((move_class(UNITS[u]), False), ctx.closed).get(a, ()))
            if e not in steps:
                fine = False
                break
            total = reach[u][a] + steps[e] + CH.overrun_cost(UNITS[u].tags)
            total += CH.zoc_cost(UNITS[u].tags, zoc_a) if zoc_a else 0
            if total > budgets[u]:
                fine = False
                break
            costs[u] = reach[u][a]
        if not fine:
            continue
        key = (max(costs.values()), a)
        if e in plans and (max(plans[e][1].values()), plans[e][0]) <= key:
            continue
        if not stacking_room(s, e, uids, here=[]):
            continue
        crossing = _crossing_on_the_way(s, uids, mode, a, ctx)
        if overrun_odds(s, side, uids, e, from_hex=a, st=st, crossing=crossing) < CH.overrun_rule.minimum:
            continue
        plans[e] = (a, costs)
    return plans


def _crossing_on_the_way(s: dict, uids, mode: str, a: str, ctx) -> set[str]:
    """The units whose way to ``a`` crosses a major river away from a bridge (15A4 L1037: they
    are disrupted once across, before they overrun)."""
    closed = ctx.closed if ctx is not None else closed_bridges(s, UNITS[uids[0]].side)
    out = set()
    for u in uids:
        v = s["units"][u]
        if v["hex"] == a:
            continue
        try:
            path = movement.march_path(s, u, mode, a, accel=bool(v.get("accel")), ctx=ctx)[1]
        except KeyError:
            continue
        if movement._crosses_unbridged(path, closed):
            out.add(u)
    return out


_STEPS_INTO: dict[str, tuple[str, ...]] = {}
for _a, _steps in step_costs("other").items():
    for _b, _ in _steps:
        _STEPS_INTO[_b] = (*_STEPS_INTO.get(_b, ()), _a)
"""Hex -> the hexes a step leads into it from."""


def _overrunners(uids) -> list[str]:
    """The units of a moving stack that take part in an overrun: HQs have no combat strength and
    stay behind (14M, ruling C21)."""
    return [u for u in _order(uids) if not UNITS[u].hq]


def may_overrun(s: dict, side: str, uids, mode: str, occupied, sight=None) -> bool:
    """Whether the unit or stack might overrun one of the enemy hexes ``occupied`` (of those
    ``sight`` keeps, if given) (6F), by the bounds of ``overrun_candidates``: HQs stay behind
    (``_overrunners``)."""
    return bool(overrun_candidates(s, side, _overrunners(uids), mode, occupied, sight, whole=False)[0])


def overrun_targets(
    s: dict, side: str, uids, mode: str = "movement", ctx: movement.Enemy | None = None, among=None
) -> list[str]:
    """6F: the enemy hexes (of ``among``, else every one) the unit or stack can overrun now:
    every unit reaches one hex next to it and can pay terrain, ZOC (not for the units overrun)
    and overrun MPs into it, within the stacking limit of the hex, at 10:1 or more after
    fatigue."""
    return sorted(_overrun_plans(s, side, _overrunners(uids), mode, ctx, among))


def _overrun_defenders(s: dict, side: str, target_hex: str, report: dict) -> list[str]:
    """6F2: the units overrun that may retreat before combat try to (ruling C14); the enemy units
    still in the hex, to be eliminated."""
    defenders = _order(_enemy_at(s, side, target_hex))
    zoc = zoc_hexes(s, side)
    occupied = {v["hex"] for _, v in on_map(s, side)}
    units = [u for u in defenders if not UNITS[u].hq]
    left = []
    for u in units:
        if not _may_rbc(u, s):
            continue
        if _retreat_choice(s, u, target_hex, target_hex, {target_hex}, zoc, occupied) is None:
            continue
        roll, code = _ground_success(s, "retreat-before-combat")
        ok = CH.succeeds(code)
        log(s, f"{UNITS[u].short} tries to retreat before the overrun: roll {roll}, {_went(ok)}.", "6F")
        if ok:
            left.append(u)
    if left:
        hqs = [u for u in defenders if UNITS[u].hq] if len(left) == len(units) else []
        moved = retreat(s, left + hqs, 1, origins=report.setdefault("retreat_from", {}), overrun=False)
        report["retreats"].update(moved)
    return list(_enemy_at(s, side, target_hex))


def overrun(s: dict, side: str, uids, target_hex: str, mode: str = "movement", ctx=None) -> dict:
    """6F: the units move next to the hex, the units there that may retreat before the overrun
    try to (6F2, ruling C14: always, when a hex is open), and the rest are eliminated, cadres and
    all; the overrunning units pay the full cost and advance into the hex (ruling C22). If every
    unit retreated, they enter it without the overrun cost when they can."""
    uids = _overrunners(uids)
    plans = _overrun_plans(s, side, uids, mode, ctx)
    if target_hex not in plans:
        raise ValueError(f"{', '.join(uids)} cannot overrun {target_hex} (6F)")
    a, costs = plans[target_hex]
    enemy = OTHER[side]
    closed = ctx.closed if ctx is not None else closed_bridges(s, side)
    for u in _crossing_on_the_way(s, uids, mode, a, ctx):  # 15A4 (L1037): disrupted once across
        if not s["units"][u]["dis"]:
            s["units"][u]["dis"] = 1
            log(s, f"{UNITS[u].short} is disrupted crossing the major river (15A4).", "15A")
    odds = overrun_odds(s, side, uids, target_hex, from_hex=a)
    for u in uids:
        v = s["units"][u]
        v["hex"] = a
        v["spent"] = v.get("spent", 0) + costs[u]
        v["moved"] = True
        v["left"] = True  # 7A (L275): it holds its hex for no rail move any more
    report = _report(s, side, target_hex, uids)
    report.update(crt="overrun", odds=f"{odds}:1", column="", result="overrun")
    defenders = _order(_enemy_at(s, side, target_hex))
    report["defenders"] = list(defenders)
    names = ", ".join(UNITS[u].short for u in uids)
    log(s, f"{names} overrun {hex_name(target_hex)} at {odds}:1.", "6F")
    staying = _overrun_defenders(s, side, target_hex, report)
    zoc_a = _zoc_kind(s, _zoc_covering(s, stacks(s), enemy, a) - set(staying))
    if staying:
        for u in _order(staying):
            eliminate(s, u, "overrun (6F)", "6F")
        report["losses"][enemy] = _order(staying)
        report["eliminated"] = _order(staying)
    for u in uids:
        v = s["units"][u]
        steps = dict(closed_steps((move_class(UNITS[u]), False), closed)[a])
        cost = steps[target_hex] + (CH.zoc_cost(UNITS[u].tags, zoc_a) if zoc_a else 0)
        if staying:
            cost += CH.overrun_cost(UNITS[u].tags)
        elif v["spent"] + cost > movement.allowance(s, u, mode):
            continue
        v["spent"] = v["spent"] + cost
        v["hex"] = target_hex
        if _disrupts(a, target_hex, closed) and not v["dis"]:
            v["dis"] = 1  # 15A4 (L1037): into the hex across a major river away from a bridge
            log(s, f"{UNITS[u].short} is disrupted crossing the major river (15A4).", "15A")
        report["advance"].append(u)
    if report["advance"]:
        capture(s, side, target_hex)
    return _finish(s, report)
