"""Imperial Elegy's world data pack (data/*.json): the map (main map and the North
America, Africa, Asia and South and Central Pacific submaps; rulebook 3.0-3.4), its
land connections (3.2.4), the nine naval boxes (3.2.9), the flashpoints (3.3), the
six player displays and the non-player majors (7.0, 4.2, 33.0), the minor powers and
their counters (4.6.2, 20.3, 13.4.3) and the set-ups (the 1850 campaign game, the
1870 and 1880 scenarios).

The rulebook has no map, displays or set-up: everything here is our own, historically
grounded, and every record says where it comes from ("rulebook 3.4.1 L260" or
"authored: <basis>"). DATA_RULINGS.md explains each choice the text leaves open
(D1, D2, ...). ``pack()`` gives the rules plain frozen facts; ``validate()`` is
``kriegsspiel data validate`` and counts what the pack holds; ``public()`` is what a
board draws. All three take an optional folder: a pack with the same files and fields
(the published game's, say) replaces ours without touching code.

The cards are another module's (``deck.py``): ``validate()`` checks them too, with
``deck.validate_deck()``, and adds their counts.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ...engine.data import Record, Source, cached_loader, load_files, refuse
from . import deck, gw_deck

HERE = Path(__file__).parent / "data"
GAME = "imperial-elegy"

PLAYERS = ("ge", "uk", "fr", "au", "ru", "ot")  # turn order, 4.3 L304-311
MAPS = ("main", "north-america", "africa", "asia", "south-central-pacific")  # 3.1 L151
REGIONS = ("europe", "africa", "asia", "north-america")  # for NGs, 3.1.1-3.1.5 L153-168
SPACE_TYPE = Literal["key", "capital", "subcapital", "territory", "naval-base", "strait"]  # 3.2 L170-180
KEY_TYPES = ("key", "capital", "subcapital")  # 3.2.1 L182: capitals and subcapitals are keys
LINK_TYPE = Literal["clear", "difficult", "severe", "off-map", "tsrr"]  # 3.2.4 L191-198
EUROPEAN_BOXES = 5  # 3.2.9 L223-227 (and DATA_RULINGS D1)
NAVAL_BOXES = 9
PORT_LIMIT = 4  # 5.5.4 L411
MAIN_STACK, OTHER_STACK, OT_STACK = 3, 2, 2  # 5.5.1 L403, 33.6 L1578
PERMANENT_REBELS = ("zulu", "mahdi", "ethiopian", "boxer")  # 21.0 L1171
NAVAL_UNITS = ("squadron", "dreadnought", "nar-squadron", "nar-dreadnought")
ARMIES = ("army", "british-army", "indian-army", "commonwealth-army", "turkish-army", "arab-army")
LAND_UNITS = (*ARMIES, "reserve-army", "ec", "ef", "zouaves", "elite-colonial-ef")
BOXES = ("build-box", "reserve-box")  # the End Phase Build Box (3.5) and a reserve holding box (7.3)
# the spaces the rulebook names, by our ids (DATA_RULINGS D2 lists the name -> id mapping)
RULEBOOK_NAMES = {
    "Berlin": "berlin", "Saxony": "saxony", "Bohemia": "bohemia", "Silesia": "silesia", "Hanover": "hanover",
    "Bavaria": "bavaria", "Vienna": "vienna", "Prussia": "prussia", "Pomerania": "pomerania", "Poland": "poland",
    "Paris": "paris", "Brittany": "brittany", "Picardy": "picardy", "Champagne": "champagne", "Burgundy": "burgundy",
    "Alsace-Lorraine": "alsace-lorraine", "Belgium": "belgium", "Netherlands": "netherlands", "Denmark": "denmark",
    "Schleswig-Holstein": "schleswig-holstein", "London": "london", "Ireland": "ireland", "Gibraltar": "gibraltar",
    "St Petersburg": "st-petersburg", "Sevastopol": "sevastopol", "Dagestan": "dagestan", "Istanbul": "istanbul",
    "Dardanelles": "dardanelles", "Ankara": "ankara", "Bulgaria": "bulgaria", "Serbia": "serbia",
    "Macedonia": "macedonia", "Bosnia": "bosnia", "Greece": "greece", "Romania": "romania", "Lombardy": "lombardy",
    "Piedmont": "piedmont", "Rome": "rome", "Naples": "naples", "Morocco": "morocco", "Algeria": "algeria",
    "Tunis": "tunisia", "Tunisia": "tunisia", "Tripoli": "tripoli", "Libya": "tripoli", "Benghazi": "benghazi",
    "The Great Sand Sea": "great-sand-sea", "Egypt": "egypt", "Sinai": "sinai", "Sudan": "sudan",
    "Ethiopia": "ethiopia", "South Africa": "south-africa", "Kuwait": "kuwait", "Aden": "aden",
    "Qajar Persia": "persia", "Afghanistan": "afghanistan", "Balochistan": "balochistan", "India": "india",
    "Bengal": "bengal", "Singapore": "singapore", "Hong Kong": "hong-kong", "Korea": "korea",
    "Manchuria": "manchuria", "Japan": "japan", "Canada": "canada", "Australia/New Zealand": "australia",
    "Mexico": "mexico", "The South": "the-south",
}  # fmt: skip


# ----- the records, as the files hold them ----------------------------------------------------


class SpaceRecord(Record):
    id: str
    name: str
    map: Literal["main", "north-america", "africa", "asia", "south-central-pacific"]
    region: Literal["europe", "africa", "asia", "north-america"]
    type: SPACE_TYPE
    home: Optional[str]  # a player, a non-player major, a minor; None: uncontrolled (4.7.2)
    nationalities: list[str]
    ports: list[str]  # the naval boxes its anchors connect to (3.2.7)
    lat: float = Field(ge=-60, le=75)
    lon: float = Field(ge=-180, le=180)
    colonial_home: bool = False  # 3.2.5 L201
    dual_home: Optional[str] = None  # the second home (Egypt, L209; 3.2.5.2)
    unification: Optional[Literal["germany", "italy"]] = None  # 3.2.6.1 L216
    pacification: Optional[int] = Field(default=None, ge=0)  # a marker at the campaign start (12.11 L696)
    rebels: Optional[str] = None  # where a permanent rebel army is placed (21.0 L1171)
    controlled_with: Optional[str] = None  # controlled by whoever controls that space (3.4.1, 3.4.4)
    suez_port: Optional[str] = None  # the box it becomes a port in once the Suez Canal is built (3.4.3)
    out_of_play: bool = False  # The South (3.4.5 L275)
    aliases: list[str] = []


class LinkRecord(Record):
    id: str
    a: str
    b: str
    type: LINK_TYPE


class Passage(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    via: str  # the space whose controller may close it
    requires: Optional[str] = None  # the event that opens it
    source: Source


class NavalBoxRecord(Record):
    id: str
    name: str
    european: bool
    adjacent: list[str]
    passages: dict[str, Passage] = {}
    lat: float
    lon: float


class FlashpointRecord(Record):
    id: str
    name: str
    spaces: list[str]
    threshold: Optional[int] = Field(ge=1)  # spaces to control to dominate (3.3); None: Power Projection
    card_bonus: float = Field(ge=0, le=1)  # +1 or +1/2 card (3.3 L236)
    dominators: int = Field(default=1, ge=1, le=2)  # Power Projection: two (3.3.1)
    requires: Optional[str] = None  # exists only after this event (Suez)
    ends_when: Optional[str] = None  # ceases to exist (Italy, 3.3.3)


class StabilityLevel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    level: int = Field(ge=0, le=6)
    combat_drm: int = Field(ge=-2, le=0)
    vp: int = Field(le=0)
    cards: int


class SpecialVP(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    vp: int
    when: str
    source: Source


class CardDeal(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    base: int = Field(ge=0)
    industry_divisor: int = Field(ge=1)
    minimum: int = Field(ge=3)  # 10.2 L556
    source: Source


class PowerRecord(Record):
    id: str
    name: str
    kind: Literal["player", "non-player"]
    colour: str
    capital: str
    subcapital: Optional[str]
    turn_order: int = Field(ge=1)
    manpower_kinds: list[Literal["territorial", "british", "colonial", "turkish", "arab"]]
    auto_victory_keys: Optional[int] = Field(ge=1)
    counters: dict[str, int]
    keys_to_manpower: list[tuple[int, int]] = []
    stability_track: list[StabilityLevel] = []
    industrialize_on: int = 5
    reserve_bonus: int = 0
    card_deal: Optional[CardDeal] = None
    special_vp: list[SpecialVP] = []
    nationalities: list[str] = []
    arab_stability_drm_from: Optional[int] = None
    gw_stability: Optional[int] = None
    gw_manpower: Optional[int] = None


class MinorRecord(Record):
    id: str
    name: str
    nationality: str
    capital: str  # the space named for it (12.5.3, 20.3)
    armies: int = Field(ge=0)  # counter mix
    squadrons: int = Field(ge=0)
    builds: bool  # in the End Phase Build Box (3.5, 20.3)
    starts_in_build_box: bool  # "listed in red" (L1142)
    independent_start: bool
    aid_table: Optional[str]  # its row of the Non-Player Alliance Table (13.4.3)
    aid_choices: list[list[str]] = []
    group: Optional[Literal["german", "italian", "balkan"]] = None
    build_steps: int = 1  # Poland 2 (22.5)
    rebel: bool = False  # a permanent rebel army (21.0)


class Unit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    owner: str
    unit: str
    where: str  # a space, or "build-box" / "reserve-box"
    count: int = Field(default=1, ge=1)
    reduced: bool = False
    first: bool = False  # the British 1st Army (33.2)


class Marker(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["pacification", "influence", "diplomacy", "ally", "control", "fort", "woi"]
    space: str
    value: Optional[int] = None
    power: Optional[str] = None
    source: Source


class Tracks(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    stability: int = Field(ge=0, le=6)
    industry: int = Field(ge=0)
    manpower: dict[str, int]
    reserves: int = Field(default=0, ge=0)
    alliance: Literal["entente-committed", "entente-aligned", "neutral", "alliance-aligned", "alliance-committed"]
    mpit: dict[Literal["entente", "alliance", "neutral"], int]


class SetupRecord(Record):
    id: str
    name: str
    turn: int = Field(ge=1, le=7)
    gw_turn: int = Field(ge=0, le=5)
    wtt: int = Field(ge=0, le=5)
    national_goals: int = Field(ge=0, le=3)
    flags: dict[str, bool | int | str]
    removed: list[str] = []  # one-time cards of earlier decades already played by the set-up's date (D23)
    control: dict[str, str]  # space -> controller, where it differs from the space's home
    tracks: dict[str, Tracks]
    markers: list[Marker]
    units: list[Unit]


FILES = {
    "spaces": SpaceRecord,
    "links": LinkRecord,
    "naval_boxes": NavalBoxRecord,
    "flashpoints": FlashpointRecord,
    "powers": PowerRecord,
    "minors": MinorRecord,
    "setup": SetupRecord,
}


# ----- the facts the rules use ---------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    map: str
    region: str
    type: str
    home: Optional[str]
    homes: frozenset  # home and dual home
    nationalities: tuple
    ports: tuple  # naval boxes (before the Suez Canal)
    stacking: int  # armies (5.5.1): 3 on the main map, else 2; Ottoman home spaces 2
    flashpoints: frozenset
    unification: Optional[str]
    colonial_home: bool
    pacification: Optional[int]
    rebels: Optional[str]
    controlled_with: Optional[str]
    suez_port: Optional[str]
    out_of_play: bool
    lat: float
    lon: float

    @property
    def is_key(self) -> bool:
        return self.type in KEY_TYPES


@dataclass(frozen=True)
class NavalBox:
    id: str
    name: str
    european: bool
    adjacent: frozenset
    passages: dict  # other box -> (via space, requirement or None)
    ports: frozenset  # spaces with an anchor of this box
    lat: float
    lon: float


@dataclass(frozen=True)
class Flashpoint:
    id: str
    name: str
    spaces: frozenset
    threshold: Optional[int]
    card_bonus: float
    dominators: int
    requires: Optional[str]
    ends_when: Optional[str]


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    kind: str
    colour: str
    capital: str
    subcapital: Optional[str]
    turn_order: int
    manpower_kinds: tuple
    auto_victory_keys: Optional[int]
    counters: dict
    keys_to_manpower: tuple
    stability: dict  # level -> StabilityLevel
    industrialize_on: int
    reserve_bonus: int
    card_deal: Optional[CardDeal]
    special_vp: tuple
    nationalities: tuple

    def manpower_for(self, keys: int) -> int:
        """Manpower from a count of keys (7.2, 20.5; only '8 keys -> 3' is the rulebook's, L1150)."""
        mp = 0
        for least, value in self.keys_to_manpower:
            if keys >= least:
                mp = value
        return mp


@dataclass(frozen=True)
class Minor:
    id: str
    name: str
    nationality: str
    capital: str
    homes: frozenset
    armies: int
    squadrons: int
    builds: bool
    starts_in_build_box: bool
    independent_start: bool
    aid_choices: tuple
    group: Optional[str]
    build_steps: int
    rebel: bool


@dataclass(frozen=True, eq=False)
class Pack:
    spaces: dict
    links: dict  # frozenset({a, b}) -> type
    naval_boxes: dict
    flashpoints: dict
    powers: dict
    minors: dict
    setups: dict  # id -> SetupRecord
    adjacency: dict  # space -> {neighbour: type}

    def neighbours(self, space: str) -> dict:
        """The land connections of a space: neighbour -> clear/difficult/severe/off-map/tsrr."""
        return self.adjacency.get(space, {})

    def link(self, a: str, b: str) -> Optional[str]:
        return self.links.get(frozenset((a, b)))


# ----- loading ---------------------------------------------------------------------------------


pack = cached_loader(lambda directory: _build(directory), HERE)
"""``pack(directory=None)``: The whole pack, checked (see ``cached_loader``)."""


def validate(directory: Path | str | None = None) -> dict[str, int]:
    """Check the pack and count what it holds; DataError naming the problems."""
    p = _build(Path(directory) if directory is not None else HERE)
    sp = p.spaces.values()
    counts = {
        "spaces": len(p.spaces),
        "keys": sum(1 for s in sp if s.type == "key"),
        "capitals": sum(1 for s in sp if s.type == "capital"),
        "subcapitals": sum(1 for s in sp if s.type == "subcapital"),
        "territories": sum(1 for s in sp if s.type == "territory"),
        "naval bases": sum(1 for s in sp if s.type == "naval-base"),
        "ports": sum(1 for s in sp if s.ports),
        "land links": len(p.links),
        "naval boxes": len(p.naval_boxes),
        "flashpoints": len(p.flashpoints),
        "powers": len(p.powers),
        "minors": len(p.minors),
        "setups": len(p.setups),
    }
    counts.update(deck.validate_deck(directory))
    counts.update(gw_deck.validate_gw_deck(directory))
    cards = deck.deck(directory).cards
    problems = [  # D23: a set-up leaves out one-time cards of the decades before it
        f"setup.json: {st.id!r}: {c!r} is no one-time card of an earlier decade (D23)"
        for st in p.setups.values()
        for c in st.removed
        if c not in cards or "remove" not in cards[c].flags or deck.DECADES.index(cards[c].decade) >= st.turn - 1
    ]
    refuse("imperial-elegy", Path(directory) if directory is not None else HERE, problems)
    return counts


def public(directory: Path | str | None = None) -> dict:
    """The pack's public facts as JSON-ready data, for drawing boards."""
    p = pack(directory)
    return {
        "spaces": {
            s.id: {
                "name": s.name,
                "map": s.map,
                "region": s.region,
                "type": s.type,
                "home": s.home,
                "homes": sorted(s.homes),
                "nationalities": list(s.nationalities),
                "ports": list(s.ports),
                "stacking": s.stacking,
                "flashpoints": sorted(s.flashpoints),
                "unification": s.unification,
                "colonial_home": s.colonial_home,
                "lat": s.lat,
                "lon": s.lon,
            }
            for s in p.spaces.values()
        },
        "links": [
            {"a": a, "b": b, "type": t} for (a, b), t in sorted((tuple(sorted(k)), t) for k, t in p.links.items())
        ],
        "naval_boxes": {
            n.id: {
                "name": n.name,
                "european": n.european,
                "adjacent": sorted(n.adjacent),
                "ports": sorted(n.ports),
                "lat": n.lat,
                "lon": n.lon,
            }
            for n in p.naval_boxes.values()
        },
        "flashpoints": {
            f.id: {"name": f.name, "spaces": sorted(f.spaces), "threshold": f.threshold, "card_bonus": f.card_bonus}
            for f in p.flashpoints.values()
        },
        "powers": {
            w.id: {"name": w.name, "kind": w.kind, "colour": w.colour, "capital": w.capital} for w in p.powers.values()
        },
        "minors": {m.id: {"name": m.name, "capital": m.capital, "homes": sorted(m.homes)} for m in p.minors.values()},
    }


def _read(directory: Path) -> dict:
    return load_files(directory, GAME, FILES)


def _build(directory: Path) -> Pack:
    recs = _read(directory)
    refuse(GAME, directory, check(recs))
    return _assemble(recs)


def _stacking(r: SpaceRecord) -> int:
    if r.home == "ot" or r.dual_home == "ot":
        return OT_STACK  # Poor Infrastructure, 33.6 L1578
    return MAIN_STACK if r.map == "main" else OTHER_STACK  # 5.5.1 L403


def _assemble(recs: dict) -> Pack:
    fp_of: dict = {}
    for f in recs["flashpoints"].values():
        for s in f.spaces:
            fp_of.setdefault(s, set()).add(f.id)
    spaces = {
        r.id: Space(
            id=r.id, name=r.name, map=r.map, region=r.region, type=r.type, home=r.home,
            homes=frozenset(h for h in (r.home, r.dual_home) if h), nationalities=tuple(r.nationalities),
            ports=tuple(r.ports), stacking=_stacking(r), flashpoints=frozenset(fp_of.get(r.id, ())),
            unification=r.unification, colonial_home=r.colonial_home, pacification=r.pacification, rebels=r.rebels,
            controlled_with=r.controlled_with, suez_port=r.suez_port, out_of_play=r.out_of_play, lat=r.lat, lon=r.lon,
        )
        for r in recs["spaces"].values()
    }  # fmt: skip
    links = {frozenset((r.a, r.b)): r.type for r in recs["links"].values()}
    adjacency: dict = {}
    for r in recs["links"].values():
        adjacency.setdefault(r.a, {})[r.b] = r.type
        adjacency.setdefault(r.b, {})[r.a] = r.type
    boxes = {
        r.id: NavalBox(
            r.id, r.name, r.european, frozenset(r.adjacent),
            {k: (v.via, v.requires) for k, v in r.passages.items()},
            frozenset(s.id for s in recs["spaces"].values() if r.id in s.ports), r.lat, r.lon,
        )
        for r in recs["naval_boxes"].values()
    }  # fmt: skip
    flashpoints = {
        r.id: Flashpoint(
            r.id, r.name, frozenset(r.spaces), r.threshold, r.card_bonus, r.dominators, r.requires, r.ends_when
        )
        for r in recs["flashpoints"].values()
    }
    powers = {
        r.id: Power(
            r.id, r.name, r.kind, r.colour, r.capital, r.subcapital, r.turn_order, tuple(r.manpower_kinds),
            r.auto_victory_keys, dict(r.counters), tuple(r.keys_to_manpower), {s.level: s for s in r.stability_track},
            r.industrialize_on, r.reserve_bonus, r.card_deal, tuple(r.special_vp), tuple(r.nationalities),
        )
        for r in recs["powers"].values()
    }  # fmt: skip
    minors = {
        r.id: Minor(
            r.id, r.name, r.nationality, r.capital,
            frozenset(s.id for s in recs["spaces"].values() if r.id in (s.home, s.dual_home)),
            r.armies, r.squadrons, r.builds, r.starts_in_build_box, r.independent_start,
            tuple(tuple(c) for c in r.aid_choices), r.group, r.build_steps, r.rebel,
        )
        for r in recs["minors"].values()
    }  # fmt: skip
    return Pack(spaces, links, boxes, flashpoints, powers, minors, dict(recs["setup"]), adjacency)


# ----- the checks ------------------------------------------------------------------------------


def control_at(recs: dict, setup: SetupRecord) -> dict:
    """Who controls each space at a set-up: its home, unless the set-up says otherwise; the
    Dardanelles with Istanbul (3.4.1), the Egyptian spaces with Egypt and Benghazi with
    Tripoli (3.4.4)."""
    ctl = {s.id: setup.control.get(s.id, s.home) for s in recs["spaces"].values()}
    for s in recs["spaces"].values():
        if s.controlled_with and s.id not in setup.control:
            ctl[s.id] = ctl.get(s.controlled_with)
    return ctl


def keys_at(recs: dict, setup: SetupRecord, power: str) -> dict:
    """A player's keys at a set-up, by manpower kind (3.2.1, 7.2, 33.2.1, 33.6). A key with a
    pacification marker or rebels does not count (12.11 L696, 21.1). Territorial keys trace a
    land connection to the capital through the power's own spaces; GE's unification spaces
    are always territorial (Zollverein); RU, AU and OT count every key as territorial; India
    is two colonial keys (Crown Jewel); OT's Arab keys are counted apart, and Tunis and
    Tripoli only with a land LoC (Local Autonomy)."""
    spaces = recs["spaces"]
    pw = recs["powers"][power]
    ctl = control_at(recs, setup)
    blocked = {m.space for m in setup.markers if m.kind == "pacification"}
    blocked |= {u.where for u in setup.units if recs["minors"].get(u.owner) and recs["minors"][u.owner].rebel}
    mine = {s for s, c in ctl.items() if c == power}
    linked, todo = {pw.capital}, deque([pw.capital])
    adj: dict = {}
    for r in recs["links"].values():
        adj.setdefault(r.a, set()).add(r.b)
        adj.setdefault(r.b, set()).add(r.a)
    while todo:
        here = todo.popleft()
        for there in adj.get(here, ()):
            if there in mine and there not in linked:
                linked.add(there)
                todo.append(there)
    out: Counter = Counter()
    for sid in mine:
        s = spaces[sid]
        if s.type not in KEY_TYPES or sid in blocked:
            continue
        if power == "ot":
            if sid in ("tunisia", "tripoli") and sid not in linked:
                continue
            out["arab" if {"arab", "egyptian"} & set(s.nationalities) else "turkish"] += 1
        elif power in ("ru", "au") or sid in linked or (power == "ge" and s.unification == "germany"):
            out["british" if power == "uk" else "territorial"] += 1
        else:
            out["colonial"] += 2 if sid == "india" else 1
    return dict(out)


def check(recs: dict) -> list[str]:  # noqa: C901 - one list of rules, read top to bottom
    """Every problem with the pack, as 'file: record: problem'."""
    out: list[str] = []
    spaces, links, boxes = recs["spaces"], recs["links"], recs["naval_boxes"]
    powers, minors, fps, setups = recs["powers"], recs["minors"], recs["flashpoints"], recs["setup"]
    owners = set(powers) | set(minors)

    # spaces: references, the named spaces, the rulebook's fixed facts
    for s in spaces.values():
        for h in (s.home, s.dual_home):
            if h is not None and h not in owners:
                out.append(f"spaces.json: {s.id!r}: home {h!r} is no power or minor")
        for b in s.ports + ([s.suez_port] if s.suez_port else []):
            if b not in boxes:
                out.append(f"spaces.json: {s.id!r}: port on unknown naval box {b!r}")
        if s.type == "naval-base" and not s.ports:
            out.append(f"spaces.json: {s.id!r}: a naval base must be a port (3.2.8)")
        if s.controlled_with and s.controlled_with not in spaces:
            out.append(f"spaces.json: {s.id!r}: controlled with unknown space {s.controlled_with!r}")
        if s.rebels and s.rebels not in PERMANENT_REBELS:
            out.append(f"spaces.json: {s.id!r}: {s.rebels!r} is not a permanent rebel army (21.0)")
    for name, sid in RULEBOOK_NAMES.items():
        if sid not in spaces:
            out.append(f"spaces.json: the rulebook's space {name!r} ({sid!r}) is missing")
    if "egypt" in spaces and spaces["egypt"].dual_home is None:
        out.append("spaces.json: 'egypt': must be a dual home space (3.2.5.2 L209)")
    for sid in ("algeria", "dagestan"):
        if sid in spaces and spaces[sid].pacification is None:
            out.append(f"spaces.json: {sid!r}: begins with a pacification marker (12.11 L696)")
    for p in PLAYERS:
        if p in powers:
            kinds = Counter(s.type for s in spaces.values() if s.home == p)
            if kinds["capital"] != 1:
                out.append(f"spaces.json: {p!r} has {kinds['capital']} capitals, not 1 (3.2.2)")
            want = 1 if p in ("au", "ru", "ot") else 0
            if kinds["subcapital"] != want:
                out.append(f"spaces.json: {p!r} has {kinds['subcapital']} subcapitals, not {want} (3.2.2 L186)")
    au_nats = {n for s in spaces.values() if s.home == "au" for n in s.nationalities} - {"german"}
    if "au" in powers and len(powers["au"].nationalities) != 8:
        out.append("powers.json: 'au': needs its eight nationalities (33.4.1 L1563)")
    elif "au" in powers and not set(powers["au"].nationalities) <= au_nats:
        out.append(
            f"powers.json: 'au': nationalities not on the map: {sorted(set(powers['au'].nationalities) - au_nats)}"
        )

    # land links: real spaces, no duplicates, symmetric by construction, connected
    pairs: Counter = Counter()
    for r in links.values():
        for end in (r.a, r.b):
            if end not in spaces:
                out.append(f"links.json: {r.id!r}: unknown space {end!r}")
        if r.a == r.b:
            out.append(f"links.json: {r.id!r}: links a space to itself")
        pairs[frozenset((r.a, r.b))] += 1
        if r.a in spaces and r.b in spaces:
            ma, mb = spaces[r.a].map, spaces[r.b].map
            if (ma != mb) != (r.type == "off-map" or (r.type == "tsrr" and "main" in (ma, mb))):
                if not (r.type == "off-map" and ma == mb):
                    out.append(f"links.json: {r.id!r}: off-map links, and only they, join two maps (3.2.4 L196)")
            if "naval-base" in (spaces[r.a].type, spaces[r.b].type) and r.type == "clear":
                pass  # EFs only (3.2.8); the link exists for them
    for pair, n in pairs.items():
        if n > 1:
            out.append(f"links.json: {sorted(pair)} is linked {n} times")
    linked = {e for pair in pairs for e in pair}
    for s in spaces.values():
        if s.id not in linked and not s.ports:
            out.append(f"links.json: {s.id!r} is reached neither by land nor by sea")

    # naval boxes: nine, five European, symmetric, passages real
    if len(boxes) != NAVAL_BOXES:
        out.append(f"naval_boxes.json: {len(boxes)} boxes, the rulebook has {NAVAL_BOXES} (3.2.9)")
    if sum(1 for b in boxes.values() if b.european) != EUROPEAN_BOXES:
        out.append("naval_boxes.json: European waters are five boxes (3.2.9 L223-227, DATA_RULINGS D1)")
    for b in boxes.values():
        for o in b.adjacent:
            if o not in boxes:
                out.append(f"naval_boxes.json: {b.id!r}: unknown box {o!r}")
            elif b.id not in boxes[o].adjacent:
                out.append(f"naval_boxes.json: {b.id!r} -> {o!r} is not returned")
        for o, pas in b.passages.items():
            if o not in b.adjacent:
                out.append(f"naval_boxes.json: {b.id!r}: passage to {o!r}, which is not adjacent")
            if pas.via not in spaces:
                out.append(f"naval_boxes.json: {b.id!r}: passage via unknown space {pas.via!r}")
        if not any(b.id in s.ports for s in spaces.values()):
            out.append(f"naval_boxes.json: {b.id!r} has no port")

    # flashpoints
    for f in fps.values():
        for s in f.spaces:
            if s not in spaces:
                out.append(f"flashpoints.json: {f.id!r}: unknown space {s!r}")
        if f.threshold is not None and f.threshold > len(f.spaces):
            out.append(f"flashpoints.json: {f.id!r}: threshold {f.threshold} above its {len(f.spaces)} spaces")
        if f.threshold is None and f.dominators != 2:
            out.append(f"flashpoints.json: {f.id!r}: only Power Projection has no threshold (3.3.1)")
    for need in ("germany", "italy", "suez", "power-projection", "low-countries", "africa"):
        if need not in fps:
            out.append(f"flashpoints.json: the rulebook's flashpoint {need!r} is missing (3.3)")
    for uni in ("germany", "italy"):
        marked = {s.id for s in spaces.values() if s.unification == uni}
        if uni in fps and set(fps[uni].spaces) != marked:
            out.append(f"flashpoints.json: {uni!r} must be exactly the {uni} unification spaces (3.2.6.1 L216)")

    # powers and minors
    for p in PLAYERS:
        if p not in powers:
            out.append(f"powers.json: the player {p!r} is missing")
    for w in powers.values():
        if w.capital not in spaces or (w.kind == "player" and spaces[w.capital].home != w.id):
            out.append(f"powers.json: {w.id!r}: capital {w.capital!r} is not its home space")
        if w.subcapital and (w.subcapital not in spaces or spaces[w.subcapital].type != "subcapital"):
            out.append(f"powers.json: {w.id!r}: subcapital {w.subcapital!r} is not a subcapital space")
        if w.kind == "player":
            if sorted(s.level for s in w.stability_track) != list(range(7)):
                out.append(f"powers.json: {w.id!r}: the stability track runs 6 to 0 (7.1)")
            table = dict(w.keys_to_manpower)
            mp8 = max((v for k, v in table.items() if k <= 8), default=None)
            if mp8 != 3:
                out.append(f"powers.json: {w.id!r}: 8 keys must give 3 manpower (20.5 L1150)")
            if [v for _, v in sorted(w.keys_to_manpower)] != sorted(v for _, v in w.keys_to_manpower):
                out.append(f"powers.json: {w.id!r}: manpower must not fall as keys rise")
            if w.card_deal is None:
                out.append(f"powers.json: {w.id!r}: no card-deal formula (10.2)")
    for p in ("ge", "au", "ot"):
        if p in powers and (powers[p].counters.get("squadron"), powers[p].counters.get("dreadnought")) != (2, 2):
            out.append(f"powers.json: {p!r}: counter limit is 2 squadrons and 2 dreadnoughts (4.2 L295)")
    for m in minors.values():
        if m.capital not in spaces:
            out.append(f"minors.json: {m.id!r}: unknown capital {m.capital!r}")
        elif not m.rebel and m.id not in (spaces[m.capital].home, spaces[m.capital].dual_home) and m.independent_start:
            out.append(f"minors.json: {m.id!r}: its capital {m.capital!r} is not its home")
        for row in m.aid_choices:
            for p in row:
                if p not in PLAYERS:
                    out.append(f"minors.json: {m.id!r}: aid choice {p!r} is no player")

    for st in setups.values():
        out += _check_setup(recs, st)

    # the spaces the decks name (K9)
    for sid in deck.SPACES:
        if sid not in spaces:
            out.append(f"spaces.json: the decks name the space {sid!r}, which is not on the map (K9)")
    return out


def _check_setup(recs: dict, st: SetupRecord) -> list[str]:  # noqa: C901
    out: list[str] = []
    where = f"setup.json: {st.id!r}"
    spaces, powers, minors = recs["spaces"], recs["powers"], recs["minors"]
    for sid, who in st.control.items():
        if sid not in spaces:
            out.append(f"{where}: control of unknown space {sid!r}")
        if who not in powers and who not in minors:
            out.append(f"{where}: {sid!r} controlled by unknown {who!r}")
    ctl = control_at(recs, st)
    for m in st.markers:
        if m.space not in spaces:
            out.append(f"{where}: marker in unknown space {m.space!r}")
        elif m.kind in ("diplomacy", "ally") and ctl.get(m.space) not in minors:
            out.append(f"{where}: {m.kind} marker in {m.space!r}, not a minor power space (12.5.3)")
    for p in PLAYERS:
        if p not in st.tracks:
            out.append(f"{where}: no tracks for {p!r}")
    german = [s.id for s in spaces.values() if s.unification == "germany"]
    marked = {ctl.get(m.space) for m in st.markers if m.kind in ("diplomacy", "ally") and m.power == "ge"}
    held = all(ctl.get(x) == "ge" or ctl.get(x) in marked for x in german)
    if german and held and not st.flags.get("germany_unified"):
        out.append(f"{where}: Germany is not unified, yet Prussia holds every German unification space by control or "
                   "marker: it would unify at once (33.1.1 L1521, DATA_RULINGS D20)")  # fmt: skip
    armies: Counter = Counter()
    navies: Counter = Counter()
    used: Counter = Counter()
    standing: Counter = Counter()
    for u in st.units:
        used[(u.owner, u.unit)] += u.count
        if u.owner not in powers and u.owner not in minors:
            out.append(f"{where}: unit of unknown owner {u.owner!r}")
            continue
        if u.where in BOXES:
            if u.where == "build-box" and not (u.owner in minors and minors[u.owner].starts_in_build_box):
                out.append(f"{where}: {u.owner!r} is not listed in red (starts on the map, L1142)")
            continue
        if u.where not in spaces:
            out.append(f"{where}: {u.owner} {u.unit} in unknown space {u.where!r}")
            continue
        s = spaces[u.where]
        holder = ctl.get(u.where)
        rebel = u.owner in minors and minors[u.owner].rebel
        if not rebel and holder != u.owner:
            out.append(f"{where}: {u.owner} {u.unit} in {u.where!r}, which {holder!r} controls")
        if u.unit in NAVAL_UNITS:
            if not s.ports:
                out.append(f"{where}: {u.owner} {u.unit} in {u.where!r}, which is no port")
            navies[u.where] += u.count
        elif u.unit in ARMIES:
            if s.type == "naval-base":
                out.append(f"{where}: armies can never enter naval bases ({u.where!r}, 3.2.8)")
            armies[u.where] += u.count
            standing[(u.owner, u.unit)] += u.count
    for sid, n in armies.items():
        sp = spaces[sid]
        limit = OT_STACK if "ot" in (sp.home, sp.dual_home) else (MAIN_STACK if sp.map == "main" else OTHER_STACK)
        if n > limit:
            out.append(f"{where}: {n} armies in {sid!r}, stacking limit {limit} (5.5.1)")
    for sid, n in navies.items():
        if n > PORT_LIMIT:
            out.append(f"{where}: {n} naval units in {sid!r}, port limit {PORT_LIMIT} (5.5.4)")
    for (owner, unit), n in used.items():
        limit = _counter_limit(recs, owner, unit)
        if limit is not None and n > limit:
            out.append(f"{where}: {n} {owner} {unit} units, counter mix {limit} (4.2)")
    for p, t in st.tracks.items():
        if p not in powers:
            continue
        w = powers[p]
        if set(t.manpower) != set(w.manpower_kinds):
            out.append(f"{where}: {p!r} manpower kinds {sorted(t.manpower)} are not {sorted(w.manpower_kinds)}")
            continue
        keys = keys_at(recs, st, p)
        for kind, mp in t.manpower.items():
            want = Power.manpower_for(_as_power(w), keys.get(kind, 0))
            if mp != want:
                out.append(f"{where}: {p!r} {kind} manpower {mp}, but {keys.get(kind, 0)} keys give {want} (7.2, 20.5)")
        on_map = {
            "uk": standing[(p, "british-army")],
            "ot": standing[(p, "turkish-army")] + standing[(p, "arab-army")],
        }.get(p, standing[(p, "army")])
        if p == "uk":
            if standing[(p, "british-army")] > 1:
                out.append(f"{where}: the UK fields only the British 1st Army before the GW (33.2)")
            if standing[(p, "indian-army")] > t.manpower.get("colonial", 0):
                out.append(f"{where}: more Indian armies than UK colonial manpower (33.2)")
            if t.reserves:
                out.append(f"{where}: the UK has no reserve armies (33.2)")
        elif p == "ot":
            for kind in ("turkish", "arab"):
                if standing[(p, f"{kind}-army")] > t.manpower.get(kind, 0):
                    out.append(f"{where}: more OT {kind} armies than {kind} manpower (33.6)")
        elif on_map > sum(t.manpower.values()):
            out.append(f"{where}: {p!r} has {on_map} standing armies, manpower {sum(t.manpower.values())} (7.2)")
        if t.reserves > min(t.industry, sum(t.manpower.values())) + w.reserve_bonus:
            out.append(f"{where}: {p!r} holds {t.reserves} reserve armies, above min(industry, manpower) (7.3)")
    return out


def _as_power(w: PowerRecord) -> Power:
    return Power(w.id, w.name, w.kind, w.colour, w.capital, w.subcapital, w.turn_order, (), None, {},
                 tuple(w.keys_to_manpower), {}, 5, 0, None, (), ())  # fmt: skip


def _counter_limit(recs: dict, owner: str, unit: str) -> Optional[int]:
    if owner in recs["powers"]:
        return recs["powers"][owner].counters.get(unit, 0)
    m = recs["minors"].get(owner)
    if m is None:
        return None
    return {"army": m.armies, "squadron": m.squadrons, "ec": 1}.get(unit, 0)  # one minor EC (12.8)
