"""The First World War's data pack (data/*.json): fronts, locations (cities
and supply bases), armies, events markers and set-ups, each record with its
provenance. ``pack()`` loads and checks it once and gives the rules the
plain facts they need; ``validate()`` is ``kriegsspiel data validate``.

The schema is the contract for anyone who wants to put in other values (the
published game's, say): same files, same fields, no code to change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import Field

from ...engine import DataError
from ...engine.data import Record, load_pack, unique_ids

HERE = Path(__file__).parent / "data"
GAME = "first-world-war"
EMPIRE = Literal["germany", "austria-hungary", "western-allies", "russia"]
SIDE = Literal["central", "entente"]
YEAR_LABELS = ("1/1914", "2/1914", "1915", "1916", "1917", "1918", "1919")
COUNTS = {"fronts": 11, "cities": 46, "armies": 72, "dummies": 24, "markers": 36}  # L57-59, L73, L97-107, L168


# ----- the records, as the files hold them ----------------------------------------------------


class AttackLine(Record):
    entente_side: str
    central_side: str
    opens_year: Optional[str] = None
    opens_turn: Optional[int] = None


class FrontRecord(Record):
    id: str
    number: int = Field(ge=1, le=11)
    name: str
    theatre: Literal["west", "italy", "east"]
    mountain: bool
    attack_modifier: int
    nationalities: dict[SIDE, list[str]]
    named_armies: dict[SIDE, list[str]]
    bases: dict[SIDE, str]
    home_empire: dict[SIDE, EMPIRE]
    german_armies_controlled_by: EMPIRE
    adjacent: list[int]
    closures: list[dict[str, Any]]
    minimum_garrison: list[EMPIRE]
    cities: list[str]
    attack_lines: list[AttackLine]
    field_sources: dict[str, str] = {}


class LocationRecord(Record):
    id: str
    name: str
    modern_name: str
    front: int = Field(ge=1, le=11)
    type: Literal["victory_city", "replacement_city", "supply_base"]
    city: bool
    vp: int
    replacement_city: bool
    is_base: bool
    owner: EMPIRE
    side: SIDE
    lat: float = Field(ge=30, le=65)
    lon: float = Field(ge=-10, le=45)
    links: list[str]
    next: dict[SIDE, list[str]]
    line_opens: dict[str, dict[str, Any]]
    steps_from_base: dict[SIDE, int]
    nationalities: list[str] = []
    named_armies: list[str] = []
    never_changes_hands: bool = False
    neutral: Optional[dict[str, Any]] = None


class ArmyRecord(Record):
    id: str
    label: str
    name: str
    dummy: bool
    nationality: Optional[str]
    owner_empire: EMPIRE
    empire: EMPIRE
    entry: Literal[YEAR_LABELS]
    entry_turn: int = Field(ge=1, le=7)
    combat_value: Optional[int] = Field(default=None, ge=0, le=3)  # 2.4
    rulebook_label: Optional[str] = None
    excluded_in: list[str] = []
    only_fronts: list[int] = []


class MarkerRecord(Record):
    id: str
    name: str
    alliance: SIDE
    year: Literal[YEAR_LABELS]
    turn: int = Field(ge=1, le=7)
    nationalities: list[str]
    empire: Optional[EMPIRE] = None
    when: Literal["attack", "defence", "either", "neither"]
    value: int
    mandatory: bool
    home_made: bool
    back: str
    effect: dict[str, Any]
    flavour: str
    excluded_in: list[str] = []
    table_value: Optional[str] = None
    table_year: Optional[str] = None


class SetupRecord(Record):
    model_config = Record.model_config | {"extra": "allow"}
    id: str
    type: Literal["common", "scenario", "option"]


# ----- the facts the rules use ---------------------------------------------------------------


@dataclass(frozen=True)
class Front:
    number: int
    name: str
    theatre: str
    mountain: bool
    adjacent: frozenset
    nationalities: dict  # side -> frozenset of nationality ids
    named_armies: frozenset
    base: dict  # side -> location id
    base_owner: dict  # side -> empire


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    front: int
    kind: str  # "victory", "replacement" or "base"
    owner: str
    lat: float
    lon: float
    links: tuple  # ((other location, first year index it may be used), ...)


@dataclass(frozen=True)
class Army:
    id: str
    label: str
    name: str
    nationality: str
    empire: str  # the empire its nationality belongs to (2.4)
    controller: str  # who commands it from its entry (7.2)
    entry: int  # year index, 0 = 1/1914
    cv: int
    fronts: frozenset  # only these fronts (7.2), or empty for any
    allowed: frozenset  # the fronts whose supply bases admit it (App. C, 7.2)


@dataclass(frozen=True)
class Marker:
    id: str
    title: str
    alliance: str
    year: int
    nationalities: frozenset
    use: str  # "attack", "defence" or "either"
    value: int
    value_1919: Optional[int]
    mandatory: bool
    kind: str  # "normal", "no-mans-land" or "espionage"
    home_made: bool
    nationalities_1919: frozenset  # 6.5: Poison Gas in Western Allied hands


@dataclass(frozen=True)
class Pack:
    fronts: dict
    locations: dict
    armies: dict
    markers: dict
    front_locations: dict  # front -> location ids, Entente base first, Central base last
    line_order: dict  # front -> cities in attack-line order from the Entente base
    cities: tuple  # every city, front by front
    empire_nationalities: dict
    dummy_fronts: dict  # empire -> fronts where an army of that empire could stand (2.4, RULINGS R4)
    dummies_per_empire: int
    start_vp: int
    historical: dict  # army -> front (11.1)
    war_plans: dict
    no_axis_aggression: dict
    home_made: tuple
    records: dict = field(default_factory=dict)


def _year(label: Optional[str]) -> int:
    return YEAR_LABELS.index(label) if label else 0


def _read(kind: str, model):
    path = HERE / f"{kind}.json"
    return path, load_pack(path, GAME, kind, model)


@cache
def pack() -> Pack:
    """The whole pack, loaded and checked once."""
    fpath, front_recs = _read("fronts", FrontRecord)
    lpath, loc_recs = _read("locations", LocationRecord)
    apath, army_recs = _read("armies", ArmyRecord)
    mpath, marker_recs = _read("markers", MarkerRecord)
    spath, setup_recs = _read("setup", SetupRecord)
    fr_by = unique_ids(front_recs, fpath)
    loc_by = unique_ids(loc_recs, lpath)
    army_by = unique_ids(army_recs, apath)
    marker_by = unique_ids(marker_recs, mpath)
    setup_by = unique_ids(setup_recs, spath)
    tables = json.loads(apath.read_text())
    empire_nats = {e["id"]: frozenset(e["nationalities"]) for e in tables.get("empires", [])}
    check(fr_by, loc_by, army_by, marker_by, setup_by, empire_nats)

    fronts = {}
    for r in front_recs:
        fronts[r.number] = Front(
            number=r.number,
            name=r.name,
            theatre=r.theatre,
            mountain=r.mountain or r.attack_modifier < 0,
            adjacent=frozenset(r.adjacent),
            nationalities={side: frozenset(n) for side, n in r.nationalities.items()},
            named_armies=frozenset(a for names in r.named_armies.values() for a in names),
            base=dict(r.bases),
            base_owner=dict(r.home_empire),
        )
    kinds = {"victory_city": "victory", "replacement_city": "replacement", "supply_base": "base"}
    locations = {}
    for r in loc_recs:
        links = tuple((o, _year(r.line_opens.get(o, {}).get("year"))) for o in r.links)
        locations[r.id] = Location(r.id, r.name, r.front, kinds[r.type], r.owner, r.lat, r.lon, links)
    front_locations = {}
    line_order = {}
    for r in front_recs:
        ent, cen = r.bases["entente"], r.bases["central"]
        by_distance = sorted(r.cities, key=lambda c: (loc_by[c].steps_from_base["entente"], c))
        line_order[r.number] = by_distance
        front_locations[r.number] = [ent, *by_distance, cen]
    armies = {}
    alliance = {e["id"]: e["alliance"] for e in tables.get("empires", [])}
    for r in army_recs:
        if r.dummy:
            continue
        side = alliance[r.owner_empire]
        allowed = frozenset(
            f.number
            for f in fronts.values()
            if (r.nationality in f.nationalities[side] or r.id in f.named_armies)
            and (not r.only_fronts or f.number in r.only_fronts)
        )
        armies[r.id] = Army(
            r.id,
            r.label,
            r.name,
            r.nationality,
            r.owner_empire,
            r.empire,
            r.entry_turn - 1,
            r.combat_value,
            frozenset(r.only_fronts),
            allowed,
        )
    markers = {}
    for r in marker_recs:
        special = r.effect.get("special")
        kind = {"espionage": "espionage", "cancel_enemy_marker": "no-mans-land"}.get(special, "normal")
        later = r.effect.get("in_1919", {}).get("then_nationalities", [])
        markers[r.id] = Marker(
            r.id,
            r.name,
            r.alliance,
            r.turn - 1,
            frozenset(r.nationalities),
            "either" if r.when == "neither" else r.when,
            r.value,
            r.effect.get("modifier_in_1919"),
            r.mandatory,
            kind,
            r.home_made,
            frozenset(later),
        )
    dummy_fronts = {
        e: frozenset(n for n, f in fronts.items() if f.nationalities[alliance[e]] & nats)
        for e, nats in empire_nats.items()
    }
    common = setup_by["common"].model_extra
    historical = {}
    for placement in setup_by["historical"].model_extra["placements"]:
        for a in placement["armies"]:
            historical[a] = placement["front"]
    naa = setup_by["no-axis-aggression"].model_extra
    return Pack(
        fronts=fronts,
        locations=locations,
        armies=armies,
        markers=markers,
        front_locations=front_locations,
        line_order=line_order,
        cities=tuple(c for n in sorted(line_order) for c in line_order[n]),
        empire_nationalities=empire_nats,
        dummy_fronts=dummy_fronts,
        dummies_per_empire=common["dummies_per_empire"],
        start_vp=common["victory_points"]["germany"],
        historical=historical,
        war_plans=setup_by["war-plans"].model_extra["attack_fronts"],
        no_axis_aggression={
            "armies": naa["excluded_armies"],
            "nationalities": naa["excluded_nationalities"],
            "markers": naa["excluded_markers"],
            "fronts": naa["unused_fronts"],
        },
        home_made=tuple(setup_by["home-made-markers"].model_extra["markers"]),
    )


def check(fronts, locations, armies, markers, setup, empire_nats) -> None:
    """References, symmetry and the counts the rulebook states."""
    problems = []
    if set(empire_nats) != {"germany", "austria-hungary", "western-allies", "russia"}:
        problems.append("armies.json must list the four empires and their nationalities")
    all_nats = set().union(*empire_nats.values()) if empire_nats else set()
    numbers = {r.number for r in fronts.values()}
    if numbers != set(range(1, 12)):
        problems.append(f"the fronts must be numbered 1 to 11 (rule 2.3), not {sorted(numbers)}")
    by_number = {r.number: r for r in fronts.values()}
    for r in fronts.values():
        for n in r.adjacent:
            if n not in by_number or r.number not in by_number[n].adjacent:
                problems.append(f"front {r.number}: adjacency with {n} is not symmetric")
        for side, loc in r.bases.items():
            if loc not in locations or locations[loc].type != "supply_base" or locations[loc].front != r.number:
                problems.append(f"front {r.number}: {side} base {loc!r} is not a supply base on this front")
        for c in r.cities:
            if c not in locations or locations[c].front != r.number or locations[c].type == "supply_base":
                problems.append(f"front {r.number}: city {c!r} is not a city on this front")
        for nats in r.nationalities.values():
            for nat in nats:
                if nat not in all_nats:
                    problems.append(f"front {r.number}: unknown nationality {nat!r}")
        for names in r.named_armies.values():
            for a in names:
                if a not in armies:
                    problems.append(f"front {r.number}: unknown army {a!r}")
    for r in locations.values():
        for o in r.links:
            if o not in locations:
                problems.append(f"location {r.id}: link to unknown {o!r}")
            elif r.id not in locations[o].links:
                problems.append(f"location {r.id}: link with {o} is not symmetric")
            elif locations[o].front != r.front:
                problems.append(f"location {r.id}: attack line to {o} crosses fronts")
            opens_here = r.line_opens.get(o, {}).get("year")
            opens_there = locations[o].line_opens.get(r.id, {}).get("year") if o in locations else None
            if opens_here != opens_there:
                problems.append(f"location {r.id}: the line to {o} opens differently at its two ends")
        if r.front not in by_number:
            problems.append(f"location {r.id}: unknown front {r.front}")
    real = [a for a in armies.values() if not a.dummy]
    for a in real:
        if a.nationality not in all_nats:
            problems.append(f"army {a.id}: unknown nationality {a.nationality!r}")
        elif a.nationality not in empire_nats[a.owner_empire]:
            problems.append(f"army {a.id}: {a.nationality} armies belong to another empire")
        if a.combat_value is None:
            problems.append(f"army {a.id}: a real army needs a combat value (2.4)")
        for n in a.only_fronts:
            if n not in by_number:
                problems.append(f"army {a.id}: unknown front {n}")
    for m in markers.values():
        for nat in m.nationalities:
            if nat != "any" and nat not in all_nats:
                problems.append(f"marker {m.id}: unknown nationality {nat!r}")
    for key in ("common", "standard", "historical", "war-plans", "no-axis-aggression", "home-made-markers"):
        if key not in setup:
            problems.append(f"setup.json lacks the record {key!r}")
    if "historical" in setup:
        for placement in setup["historical"].model_extra.get("placements", []):
            for a in placement["armies"]:
                if a not in armies:
                    problems.append(f"historical set-up: unknown army {a!r}")
                elif placement["front"] not in by_number:
                    problems.append(f"historical set-up: unknown front {placement['front']}")
    counts = {
        "fronts": len(fronts),
        "cities": sum(1 for r in locations.values() if r.type != "supply_base"),
        "armies": len(real),
        "dummies": sum(1 for a in armies.values() if a.dummy),
        "markers": len(markers),
    }
    for kind, want in COUNTS.items():
        if counts[kind] != want:
            problems.append(f"the rulebook has {want} {kind}; the pack has {counts[kind]}")
    if problems:
        raise DataError(
            "first-world-war data pack: "
            + "; ".join(problems[:20])
            + (f" (and {len(problems) - 20} more)" if len(problems) > 20 else "")
        )


def validate() -> dict[str, int]:
    pack.cache_clear()
    p = pack()
    return {
        "fronts": len(p.fronts),
        "cities": sum(1 for loc in p.locations.values() if loc.kind != "base"),
        "supply bases": sum(1 for loc in p.locations.values() if loc.kind == "base"),
        "armies": len(p.armies),
        "dummies": 4 * p.dummies_per_empire,
        "markers": len(p.markers),
    }
