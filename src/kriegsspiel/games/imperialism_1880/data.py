"""Imperialism 1880's data pack (data/*.json): the world of the referee's
campaign. It holds the 102 areas of the East and West maps, the sea zones and
the straits and canals between them, and the home countries of the twelve
powers. It also holds the powers themselves with the counter mix of L819, and
the start of 1880: the status markers, the units, the treasuries and the
European Tensions Index.

The chart sheet (shared/rulebooks/003_97ea5e6eafe12590.txt, cited by line as
L1, L587...) names the areas but has no map. The pack's map is authored from
the period's geography. Every record says where it comes from, and
DATA_RULINGS.md (D1, D2...) explains each choice the sheet leaves open.

``pack()`` loads and checks the pack once and gives the console and the charts
the plain facts they need. ``validate()`` is ``kriegsspiel data validate``.
Both take an optional folder, so that a pack with other values (the published
game's, say) can be checked and played without touching code: same files, same
fields. The sheet's own area names (``SHEET_NAMES``) and area lists
(``SHEET_SETS``) are kept here, in code, because they are the sheet's text and
not the pack's choice. Any pack must resolve every name and carry every list as
a tag.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ...engine import DataError
from ...engine.data import Record, Source, cached_loader, load_files, refuse

HERE = Path(__file__).parent / "data"
GAME = "imperialism-1880"

GREAT_POWERS = ("britain", "france", "germany", "austria-hungary", "italy", "japan", "russia", "usa")  # L819
MINOR_POWERS = ("belgium", "netherlands", "portugal", "spain")  # L206, L819
POWERS = GREAT_POWERS + MINOR_POWERS
POWER = Literal[
    "britain",
    "france",
    "germany",
    "austria-hungary",
    "italy",
    "japan",
    "russia",
    "usa",
    "belgium",
    "netherlands",
    "portugal",
    "spain",
]
MAPS = ("east", "west")  # L1, L242: the East and West maps
MAP = Literal["east", "west"]
REGIONS = (
    "Europe",
    "Middle East",
    "Central Asia",
    "India",
    "China",
    "East Asia",
    "Southeast Asia",
    "Pacific",
    "Africa",
    "Americas",
)
REGION = Literal[
    "Europe",
    "Middle East",
    "Central Asia",
    "India",
    "China",
    "East Asia",
    "Southeast Asia",
    "Pacific",
    "Africa",
    "Americas",
]
STATUSES = ("interest", "influence", "protectorate", "possession", "state")  # L58, L916
STATUS = Literal["interest", "influence", "protectorate", "possession", "state"]
CONTROL = frozenset({"protectorate", "possession", "state"})  # L819: Control = Protectorate or Possession; L58*
COUNTER_OF = {  # the counter-mix column each status marker is drawn from (L819)
    "interest": "influence",  # "Inf/Int can be Influence or Interest markers"
    "influence": "influence",
    "protectorate": "control",  # "Control units can be Protectorate or Possession"
    "possession": "control",
    "state": "dominion",  # "4 Dominions/States" (L819 footnote)
}
COUNTERS = ("m10", "m3", "m1", "control", "influence", "dominion")  # L819's columns; Dominions/States apart
SIZES = ("m10", "m3", "m1")  # L819: Military units M10, M3, M1
SIZE = Literal["m10", "m3", "m1"]
ROLES = ("army", "naval")  # L819: "used as both Army or Naval units"
ROLE = Literal["army", "naval"]
DOMINION_EV = frozenset({5, 6, 8, 9})  # L916: State/Dominion income only at EV 5, 6, 8 and 9
PASSAGE_KIND = Literal["strait", "canal", "canal-site"]
PASSAGE_TAG = {"strait": "straits", "canal": "canal", "canal-site": "canal-site"}  # L1: straits/canal access
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"

# Every area name the sheet prints, by line, spelled as the sheet spells it. Any pack
# must resolve each of them (the brief's abbreviations "K.W.Land" and "Bismarck
# Arch." are not the sheet's and live only as aliases).
SHEET_NAMES: dict[str, tuple[str, ...]] = {
    "L1": (
        # Chinese Army Placement table
        "Central China",
        "Fukien",
        "Hong Kong",
        "Inner Mongolia",
        "Kansu",
        "Kwang-Si",
        "Manchuria",
        "Mongolia",
        "Port Arthur",
        "Shanghai",
        "Shantung",
        "Sin-Kiang",
        "Szechuan",
        "Tibet",
        "Yunnan",
        # Casus Belli summary
        "Hawaii",
        "Afg",
        "Bal",
        "Ben",
        "Bur",
        "Hin",
        "Kas",
        "Pun",
        "Raj",
        "Sin",
        "Tib",
        "UnP",
        "Ser",
        "Rum",
        "Ana",
        "Man",
        "Mon",
        "Per",
    ),
    "L206": (
        "Kongo",
        "Papua",
        "Brazil",
        "Tunis",
        "Uganda",
        "Sarawak",
        "Bechuanaland",
        "Ashantee",
        "Tanganyika",
        "New Guinea",
        "Sudwest Afrika",
        "Morocco",
        "Cameroon",
        "Kaiser Wilhelms Land",
        "Madagascar",
        "Mauretania",
        "Gabon",
        "Bismarck Archipelago",
    ),
    "L242": (
        "Morocco",
        "Rio de Oro",
        "Mauretania",
        "Senegambia",
        "Ashantee",
        "Egypt",
        "Sudan",
        "Eritrea",
        "Berbera",
        "Somalia",
        "Kenya",
        "Algiers",
        "Tunis",
        "Tripoli",
        "Cape Colony",
        "Sudwest Afrika",
        "Mozambique",
        "Hong Kong",
        "Anatolia",
        "Quwait",
        "Baluchistan",
        "Bengal",
        "Hindoostan",
        "Kashmir",
        "Punjab",
        "Rajputana",
        "United Provinces",
        "Siam",
        "Cochin China",
        "Formosa",
        "IndoChina",
        "Canada",
        "Guiana",
        "Hawaii",
        "Newfoundland",
        "Greece",
    ),
    "L587": (
        # Unrest Table A
        "Aden",
        "Angola",
        "Ashantee",
        "Australia",
        "Bengal",
        "Berbera",
        "Canada",
        "Cape Colony",
        "Gabon",
        "Gold Coast",
        "Guinea",
        "Hindoostan",
        "Inner Mongolia",
        "Kaiser Wilhelms Land",
        "Kambara",
        "Cameroon",
        "Kashmir",
        "Kongo",
        "Madagascar",
        "Mauretania",
        "Mozambique",
        "Newfoundland",
        "New Guinea",
        "New Zealand",
        "Papua",
        "Punjab",
        "Rajputana",
        "Rhodesia",
        "Sarawak",
        "Sokoto",
        "Somalia",
        "Sudwest Afrika",
        "Tchad",
        "Togoland",
        "Uganda",
        "United Provinces",
        # Unrest Table B
        "Afghanistan",
        "Anatolia",
        "Egypt",
        "Orange Free State",
        "Philippines",
        "Transvaal",
        # Unrest Table C
        "Abyssinia",
        "Argentina",
        "Bechuanaland",
        "Bolivia",
        "Brazil",
        "Burma",
        "Central China",
        "Chile",
        "Cochin China",
        "Colombia",
        "East Indies",
        "Ecuador",
        "Eritrea",
        "Fed. Malay States",
        "Formosa",
        "Fukien",
        "Kansu",
        "Kenya",
        "Kwang-Si",
        "Manchuria",
        "Morocco",
        "Mongolia",
        "Nigeria",
        "Peru",
        "Port Arthur",
        "Quwait",
        "Sanghai",
        "Shan-Tung",
        "Siam",
        "Szechuan",
        "Tanganyika",
        "Tuareg",
        "Tibet",
        "Tripoli",
        "Tunis",
        "Venezuela",
    ),
    "L588": (
        # Unrest Table D
        "Baluchistan",
        "Bulgaria",
        "Central America",
        "Cuba",
        "Greece",
        "Hawaii",
        "Indo-China",
        "Korea",
        "Mexico",
        "Panama",
        "Persia",
        "Porto Rico",
        "Rumania",
        "Serbia",
        "Sin-kiang",
        "Sudan",
        "Turcomania",
        "Yunnan",
    ),
}

# The area lists the sheet's rules name, kept as tags on the areas; the pack's tag
# must hold exactly these areas.
SHEET_SETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "chinese-empire": ("L1", SHEET_NAMES["L1"][:15]),  # the Chinese Army Placement areas (D9)
    "india": ("L242", ("Baluchistan", "Bengal", "Hindoostan", "Kashmir", "Punjab", "Rajputana", "United Provinces")),
    "cb-britain": ("L1", ("Afg", "Bal", "Ben", "Bur", "Hin", "Kas", "Pun", "Raj", "Sin", "Tib", "UnP")),
    "cb-austria-hungary": ("L1", ("Ser", "Rum")),
    "cb-russia": ("L1", ("Afg", "Ana", "Man", "Mon", "Per", "Rum", "Sin")),
    "cb-usa-exempt": ("L1", ("Hawaii",)),
    "vp-africa-northwest": ("L242", ("Morocco", "Rio de Oro", "Mauretania", "Senegambia", "Ashantee")),
    "vp-africa-northeast": ("L242", ("Egypt", "Sudan", "Eritrea", "Berbera", "Somalia", "Kenya")),
    "vp-africa-mediterranean": ("L242", ("Morocco", "Algiers", "Tunis", "Tripoli", "Egypt")),
    "vp-africa-south": ("L242", ("Cape Colony", "Sudwest Afrika", "Mozambique")),
    "vp-anatolia-quwait-tripoli": ("L242", ("Anatolia", "Quwait", "Tripoli")),
    "vp-japan": ("L242", ("Siam", "Cochin China", "Formosa", "IndoChina")),
    "vp-usa-ignored": ("L242", ("Canada", "Guiana", "Hawaii", "Newfoundland")),
    "vp-italy": ("L242", ("Anatolia", "Egypt", "Greece", "Tripoli")),
}
AUTHORED_TAGS = ("european", "straits", "canal", "canal-site")  # DATA_RULINGS.md D7, D9
TAGS = tuple(SHEET_SETS) + AUTHORED_TAGS
AFRICA_PATHS = (  # L242: the two paths across Africa, traced "by overland routes only"
    ("vp-africa-northwest", "vp-africa-northeast", 10),
    ("vp-africa-mediterranean", "vp-africa-south", 15),
)
WEST_MAP_AREAS = ("Hawaii", "Canada", "Guiana", "Newfoundland")  # L1, L242 place these on the West map


def normalize(name: str) -> str:
    """The key a name is looked up by: case, accents, spaces and punctuation dropped,
    so "Shan-Tung", "Shantung" and "SHANTUNG" are one name."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", plain.lower())


# ----- the records, as the files hold them ----------------------------------------------------


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AreaRecord(Record):
    id: str = Field(pattern=SLUG)
    name: str
    aliases: list[str]
    named: list[str]  # the sheet lines that name it ("L1", "L587"...)
    map: MAP
    region: REGION
    ev: int = Field(ge=1, le=9)  # L916: economic values 1-9
    dominion_eligible: bool
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    land: list[str]
    seas: list[str]
    tags: list[str]


class SeaRecord(Record):
    id: str = Field(pattern=SLUG)
    name: str
    adjacent: list[str]
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)


class HomeRecord(Record):
    id: str = Field(pattern=SLUG)
    power: POWER
    name: str
    map: MAP
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    land: list[str]  # areas and other home countries over land
    seas: list[str]


class PassageRecord(Record):
    id: str = Field(pattern=SLUG)
    name: str
    kind: PASSAGE_KIND
    seas: list[str] = Field(min_length=2, max_length=2)
    shores: list[str] = Field(min_length=1)  # areas or home countries on the passage


class Counters(_Entry):
    """L819: each column as (limit, in play at start)."""

    m10: tuple[int, int]
    m3: tuple[int, int]
    m1: tuple[int, int]
    control: tuple[int, int]
    influence: tuple[int, int]
    dominion: tuple[int, int]


class PowerRecord(Record):
    id: POWER
    name: str
    kind: Literal["great", "minor"]
    abbrev: str
    aliases: list[str]
    home: str
    counters: Counters


class StatusEntry(_Entry):
    area: str
    status: STATUS
    established: bool
    source: Source


class UnitEntry(_Entry):
    size: SIZE
    role: ROLE
    where: str
    count: int = Field(default=1, ge=1)
    source: Source


class Treasury(_Entry):
    amount: int = Field(ge=0)
    source: Source


class StartRecord(Record):
    id: POWER
    treasury: Treasury
    statuses: list[StatusEntry]
    units: list[UnitEntry]


class TensionsRecord(Record):
    id: Literal["start"]
    eti: int = Field(ge=0)


FILES = {  # kind -> record model; each kind is data/<kind>.json
    "areas": AreaRecord,
    "seas": SeaRecord,
    "homes": HomeRecord,
    "passages": PassageRecord,
    "powers": PowerRecord,
    "start": StartRecord,
    "tensions": TensionsRecord,
}


# ----- the facts the rules use ---------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    id: str
    name: str  # the canonical spelling
    aliases: tuple  # every other spelling and abbreviation (the sheet's among them)
    map: str  # "east" or "west" (D1)
    region: str
    ev: int  # economic value 1-9 (L916; D4)
    dominion_eligible: bool  # may become a State/Dominion (L916; D5)
    lat: float
    lon: float
    land: frozenset  # adjacent areas over land
    seas: frozenset  # the sea zones its coast touches; empty if landlocked
    tags: frozenset  # the sets the rules name (SHEET_SETS) and the authored ones (D9)
    homes: frozenset = frozenset()  # home countries it borders over land (D6)
    named: tuple = ()  # the sheet lines that name it


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    adjacent: frozenset  # sea zones a fleet may enter next (through a passage where one lies between)
    areas: frozenset  # areas whose coast it touches
    lat: float
    lon: float
    homes: frozenset = frozenset()  # home countries whose coast it touches
    passages: dict = field(default_factory=dict)  # adjacent sea zone -> the strait or canal between (D7)


@dataclass(frozen=True)
class Home:
    id: str  # the power's id: a home country is named after its power
    power: str
    name: str
    map: str
    lat: float
    lon: float
    land: frozenset  # areas over land
    homes: frozenset  # other home countries over land
    seas: frozenset


@dataclass(frozen=True)
class Passage:
    id: str
    name: str
    kind: str  # "strait", "canal" (open) or "canal-site" (a canal that may be built, L242)
    seas: tuple  # the two sea zones it joins (or would join)
    shores: tuple  # areas and home countries on it


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    kind: str  # "great" or "minor"
    abbrev: str
    aliases: tuple
    home: str  # its home country
    counters: dict  # "m10", "m3", "m1", "control", "influence", "dominion" -> (limit, in play at start)


@dataclass(frozen=True)
class Start:
    """The position of 1880 (D8, D10-D12)."""

    statuses: tuple  # (power, area, status, established), status in STATUSES
    units: tuple  # (power, size, role, where), one per unit; where is a home, area or sea zone
    treasuries: dict  # power -> amount
    eti: int  # the European Tensions Index

    @property
    def controlled(self) -> frozenset:
        """The areas that began the game with a Control marker (Protectorate, Possession or
        State/Dominion): L1 exempts them from the United States' West-map Casus Belli."""
        return frozenset(area for _, area, status, _ in self.statuses if status in CONTROL)


class UnknownArea(DataError, KeyError):
    """A name no area of the map answers to; the message names the closest ones."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True, eq=False)
class Pack:
    areas: dict  # id -> Area
    seas: dict  # id -> Sea
    homes: dict  # id -> Home
    passages: dict  # id -> Passage
    powers: dict  # id -> Power
    start: Start
    _names: dict = field(default_factory=dict, repr=False)  # normalized name -> area id
    _power_names: dict = field(default_factory=dict, repr=False)

    def resolve(self, name: str) -> str:
        """The id of the area a name means: its id, canonical name or any alias, whatever
        the case or punctuation ("Shan-Tung", "shantung", "UnP"). UnknownArea (a
        KeyError and a DataError) naming the closest names if none."""
        key = normalize(name)
        if key in self._names:
            return self._names[key]
        close = difflib.get_close_matches(key, list(self._names), n=3, cutoff=0.6)
        names = sorted({self.areas[self._names[k]].name for k in close})
        hint = f"; did you mean {', '.join(names)}?" if names else ""
        raise UnknownArea(f"no area is called {name!r}{hint}")

    def resolve_power(self, name: str) -> str:
        """The id of the power a name means ("Great Britain", "Br", "Aus-Hun", "USA"...)."""
        key = normalize(name)
        if key in self._power_names:
            return self._power_names[key]
        raise KeyError(f"no power is called {name!r}; the powers are {', '.join(POWERS)}")

    def tagged(self, tag: str) -> frozenset:
        """The areas carrying a tag ("chinese-empire", "india", "cb-russia"...)."""
        if tag not in TAGS:
            raise KeyError(f"unknown tag {tag!r}; the tags are {', '.join(TAGS)}")
        return frozenset(a.id for a in self.areas.values() if tag in a.tags)

    def overland(self, place: str) -> frozenset:
        """The areas and home countries next to an area or home country over land."""
        if place in self.areas:
            return self.areas[place].land | self.areas[place].homes
        if place in self.homes:
            return self.homes[place].land | self.homes[place].homes
        raise KeyError(f"{place!r} is neither an area nor a home country")

    def path(self, start: str, goal: str, through=None) -> Optional[list]:
        """A shortest overland path of areas from start to goal, or None. With `through`,
        every area of the path, both ends included, must be in it (the areas a power
        controls, say, for the African paths of L242). Home countries are never on it."""
        allowed = set(self.areas) if through is None else set(through) & set(self.areas)
        if start not in allowed or goal not in allowed:
            return None
        came = {start: None}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            if here == goal:
                out = []
                while here is not None:
                    out.append(here)
                    here = came[here]
                return out[::-1]
            for there in sorted(self.areas[here].land):
                if there in allowed and there not in came:
                    came[there] = here
                    todo.append(there)
        return None

    def connected(self, start: str, goal: str, through=None) -> bool:
        """Whether an overland path joins two areas (see path)."""
        return self.path(start, goal, through) is not None


# ----- loading ---------------------------------------------------------------------------------


pack = cached_loader(lambda directory: _build(directory), HERE)
"""``pack(directory=None)``: The whole pack, checked (see ``cached_loader``)."""


def validate(directory: Path | str | None = None) -> dict[str, int]:
    """Check the pack (the game's own unless a folder is given) and count what it holds;
    DataError naming file, record and problem if anything is wrong."""
    p = _build(Path(directory) if directory is not None else HERE)
    areas = p.areas.values()
    return {
        "areas": len(p.areas),
        "east map areas": sum(1 for a in areas if a.map == "east"),
        "west map areas": sum(1 for a in areas if a.map == "west"),
        "landlocked areas": sum(1 for a in areas if not a.seas),
        "island areas": sum(1 for a in areas if not a.land and not a.homes),
        "dominion-eligible areas": sum(1 for a in areas if a.dominion_eligible),
        "aliases": sum(len(a.aliases) for a in areas),
        "sheet names": sum(len(v) for v in SHEET_NAMES.values()),
        "seas": len(p.seas),
        "passages": len(p.passages),
        "home countries": len(p.homes),
        "powers": len(p.powers),
        "great powers": sum(1 for w in p.powers.values() if w.kind == "great"),
        "minor powers": sum(1 for w in p.powers.values() if w.kind == "minor"),
        "status markers at start": len(p.start.statuses),
        "units at start": len(p.start.units),
    }


def public(directory: Path | str | None = None) -> dict:
    """The pack's public facts as plain JSON-ready data, for drawing boards: the map at
    real coordinates, the powers and their counter mix, and the status markers and
    tensions of 1880. Treasuries and units are each power's own books, so they are left out."""
    p = pack(directory)
    return {
        "areas": {
            a.id: {
                "name": a.name,
                "aliases": list(a.aliases),
                "map": a.map,
                "region": a.region,
                "ev": a.ev,
                "dominion_eligible": a.dominion_eligible,
                "lat": a.lat,
                "lon": a.lon,
                "land": sorted(a.land),
                "homes": sorted(a.homes),
                "seas": sorted(a.seas),
                "tags": sorted(a.tags),
            }
            for a in p.areas.values()
        },
        "seas": {
            s.id: {
                "name": s.name,
                "lat": s.lat,
                "lon": s.lon,
                "adjacent": sorted(s.adjacent),
                "areas": sorted(s.areas),
                "homes": sorted(s.homes),
                "passages": dict(sorted(s.passages.items())),
            }
            for s in p.seas.values()
        },
        "homes": {
            h.id: {
                "name": h.name,
                "power": h.power,
                "map": h.map,
                "lat": h.lat,
                "lon": h.lon,
                "land": sorted(h.land),
                "homes": sorted(h.homes),
                "seas": sorted(h.seas),
            }
            for h in p.homes.values()
        },
        "passages": {
            x.id: {"name": x.name, "kind": x.kind, "seas": list(x.seas), "shores": list(x.shores)}
            for x in p.passages.values()
        },
        "powers": {
            w.id: {
                "name": w.name,
                "kind": w.kind,
                "abbrev": w.abbrev,
                "home": w.home,
                "counters": {k: list(v) for k, v in w.counters.items()},
            }
            for w in p.powers.values()
        },
        "start": {
            "statuses": [
                {"power": pw, "area": a, "status": st, "established": est} for pw, a, st, est in p.start.statuses
            ],
            "eti": p.start.eti,
        },
    }


def _read(directory: Path) -> dict:
    return load_files(directory, GAME, FILES)


def _build(directory: Path) -> Pack:
    recs = _read(directory)
    refuse(GAME, directory, check(recs))
    return _assemble(recs)


def _assemble(recs: dict) -> Pack:
    homes_of: dict = {}
    for h in recs["homes"].values():
        for other in h.land:
            if other in recs["areas"]:
                homes_of.setdefault(other, set()).add(h.id)
    areas = {
        r.id: Area(
            id=r.id,
            name=r.name,
            aliases=tuple(r.aliases),
            map=r.map,
            region=r.region,
            ev=r.ev,
            dominion_eligible=r.dominion_eligible,
            lat=r.lat,
            lon=r.lon,
            land=frozenset(r.land),
            seas=frozenset(r.seas),
            tags=frozenset(r.tags),
            homes=frozenset(homes_of.get(r.id, ())),
            named=tuple(r.named),
        )
        for r in recs["areas"].values()
    }
    passages = {r.id: Passage(r.id, r.name, r.kind, tuple(r.seas), tuple(r.shores)) for r in recs["passages"].values()}
    through: dict = {}
    for x in passages.values():
        if x.kind != "canal-site":
            a, b = x.seas
            through.setdefault(a, {})[b] = x.id
            through.setdefault(b, {})[a] = x.id
    seas = {
        r.id: Sea(
            id=r.id,
            name=r.name,
            adjacent=frozenset(r.adjacent),
            areas=frozenset(a.id for a in areas.values() if r.id in a.seas),
            lat=r.lat,
            lon=r.lon,
            homes=frozenset(h.id for h in recs["homes"].values() if r.id in h.seas),
            passages=dict(through.get(r.id, {})),
        )
        for r in recs["seas"].values()
    }
    homes = {
        r.id: Home(
            id=r.id,
            power=r.power,
            name=r.name,
            map=r.map,
            lat=r.lat,
            lon=r.lon,
            land=frozenset(x for x in r.land if x in areas),
            homes=frozenset(x for x in r.land if x in recs["homes"]),
            seas=frozenset(r.seas),
        )
        for r in recs["homes"].values()
    }
    powers = {
        r.id: Power(
            id=r.id,
            name=r.name,
            kind=r.kind,
            abbrev=r.abbrev,
            aliases=tuple(r.aliases),
            home=r.home,
            counters={k: tuple(getattr(r.counters, k)) for k in COUNTERS},
        )
        for r in recs["powers"].values()
    }
    statuses, units = [], []
    for pid in POWERS:
        s = recs["start"][pid]
        statuses.extend((pid, e.area, e.status, e.established) for e in s.statuses)
        units.extend((pid, u.size, u.role, u.where) for u in s.units for _ in range(u.count))
    start = Start(
        statuses=tuple(statuses),
        units=tuple(units),
        treasuries={pid: recs["start"][pid].treasury.amount for pid in POWERS},
        eti=recs["tensions"]["start"].eti,
    )
    power_names = {}
    for w in powers.values():
        for n in (w.id, w.name, w.abbrev, *w.aliases):
            power_names[normalize(n)] = w.id
    return Pack(
        areas=areas,
        seas=seas,
        homes=homes,
        passages=passages,
        powers=powers,
        start=start,
        _names=_name_index(recs["areas"])[0],
        _power_names=power_names,
    )


def _name_index(areas: dict) -> tuple[dict, list]:
    """normalized name -> area id, and the clashes: (key, first area, second area)."""
    index: dict = {}
    clashes = []
    for a in areas.values():
        for n in (a.id, a.name, *a.aliases):
            key = normalize(n)
            if not key:
                clashes.append((n, a.id, a.id))
            elif index.setdefault(key, a.id) != a.id:
                clashes.append((n, index[key], a.id))
    return index, clashes


# ----- checking --------------------------------------------------------------------------------


def check(recs: dict) -> list[str]:
    """Every problem of the pack, each naming its file and record; empty if none."""
    problems: list[str] = []
    for part in (
        _check_areas,
        _check_names,
        _check_seas,
        _check_homes,
        _check_passages,
        _check_powers,
        _check_start,
        _check_connected,
        _check_africa,
    ):
        part(recs, problems)
    return problems


def _bad(problems: list, kind: str, rid, text: str) -> None:
    problems.append(f"{kind}.json: record {rid!r}: {text}")


def _check_areas(recs: dict, problems: list) -> None:
    areas, seas = recs["areas"], recs["seas"]
    for a in areas.values():
        for other in a.land:
            if other == a.id:
                _bad(problems, "areas", a.id, "lists itself as a land neighbour")
            elif other not in areas:
                _bad(problems, "areas", a.id, f"lists {other!r} over land, which is no area of the map")
            elif a.id not in areas[other].land:
                _bad(problems, "areas", a.id, f"borders {other!r} over land but {other!r} does not border it")
        for s in a.seas:
            if s not in seas:
                _bad(problems, "areas", a.id, f"touches the sea zone {s!r}, which is no sea zone")
        for t in a.tags:
            if t not in TAGS:
                _bad(problems, "areas", a.id, f"carries the unknown tag {t!r}")
        if a.dominion_eligible and a.ev not in DOMINION_EV:
            _bad(
                problems,
                "areas",
                a.id,
                f"is dominion-eligible with EV {a.ev}; a State/Dominion is possible only at EV 5, 6, 8 or 9 (L916)",
            )
        if "european" in a.tags and a.region not in ("Europe", "Middle East"):
            _bad(problems, "areas", a.id, f"is tagged european but lies in {a.region}")
        for line in a.named:
            if line not in SHEET_NAMES:
                _bad(problems, "areas", a.id, f"names {line!r}, which is no line of the sheet that names areas")


def _check_names(recs: dict, problems: list) -> None:
    """One area per name; every name of the sheet resolves; the sheet's lists are tags."""
    areas = recs["areas"]
    index, clashes = _name_index(areas)
    for name, first, second in clashes:
        if first == second:
            _bad(problems, "areas", first, f"has the empty name or alias {name!r}")
        else:
            _bad(problems, "areas", second, f"the name or alias {name!r} is already used by {first!r}")
    named: dict = {}
    for line, names in SHEET_NAMES.items():
        for n in names:
            aid = index.get(normalize(n))
            if aid is None:
                problems.append(f"areas.json: the sheet's name {n!r} ({line}) resolves to no area")
            else:
                named.setdefault(aid, set()).add(line)
    for a in areas.values():
        lines = sorted(named.get(a.id, ()), key=lambda x: int(x[1:]))
        if list(a.named) != lines:
            _bad(problems, "areas", a.id, f"says the sheet names it in {a.named}, but it does in {lines}")
    for tag, (line, names) in SHEET_SETS.items():
        want = {index[normalize(n)] for n in names if normalize(n) in index}
        have = {a.id for a in areas.values() if tag in a.tags}
        if have != want:
            extra, missing = sorted(have - want), sorted(want - have)
            problems.append(
                f"areas.json: the tag {tag!r} must hold exactly the areas of {line}"
                + (f"; not {', '.join(extra)}" if extra else "")
                + (f"; missing {', '.join(missing)}" if missing else "")
            )
    for n in WEST_MAP_AREAS:  # L1: "West map, except in Hawaii"; L242 ignores these four on the West map
        aid = index.get(normalize(n))
        if aid is not None and areas[aid].map != "west":
            _bad(problems, "areas", aid, "must be on the West map (L1, L242)")


def _check_seas(recs: dict, problems: list) -> None:
    seas = recs["seas"]
    for s in seas.values():
        for other in s.adjacent:
            if other == s.id:
                _bad(problems, "seas", s.id, "lists itself as adjacent")
            elif other not in seas:
                _bad(problems, "seas", s.id, f"is adjacent to {other!r}, which is no sea zone")
            elif s.id not in seas[other].adjacent:
                _bad(problems, "seas", s.id, f"is adjacent to {other!r} but {other!r} is not adjacent to it")
        coasts = [a for a in recs["areas"].values() if s.id in a.seas]
        coasts += [h for h in recs["homes"].values() if s.id in h.seas]
        if not coasts:
            _bad(problems, "seas", s.id, "touches no coast")
    for s in seas.values():
        if s.id in recs["areas"] or s.id in recs["homes"] or s.id in recs["passages"]:
            _bad(problems, "seas", s.id, "shares its id with an area, home country or passage")
    for h in recs["homes"].values():
        if h.id in recs["areas"]:
            _bad(problems, "homes", h.id, "shares its id with an area")


def _check_homes(recs: dict, problems: list) -> None:
    homes, areas, seas = recs["homes"], recs["areas"], recs["seas"]
    by_power = Counter(h.power for h in homes.values())
    for h in homes.values():
        if h.id != h.power:
            _bad(problems, "homes", h.id, f"is the home of {h.power!r}; a home country has its power's id")
        for other in h.land:
            if other == h.id:
                _bad(problems, "homes", h.id, "lists itself over land")
            elif other in homes:
                if h.id not in homes[other].land:
                    _bad(problems, "homes", h.id, f"borders {other!r} but {other!r} does not border it")
            elif other not in areas:
                _bad(problems, "homes", h.id, f"lists {other!r} over land, which is no area or home country")
        for s in h.seas:
            if s not in seas:
                _bad(problems, "homes", h.id, f"touches the sea zone {s!r}, which is no sea zone")
    for pid in POWERS:
        if by_power[pid] != 1:
            problems.append(f"homes.json: {pid} must have exactly one home country, not {by_power[pid]}")


def _check_passages(recs: dict, problems: list) -> None:
    areas, seas, homes = recs["areas"], recs["seas"], recs["homes"]
    shores_of: dict = {}
    for x in recs["passages"].values():
        if len(set(x.seas)) != 2 or any(s not in seas for s in x.seas):
            _bad(problems, "passages", x.id, f"must join two sea zones of the map, not {x.seas}")
            continue
        a, b = x.seas
        joined = b in seas[a].adjacent
        if x.kind == "canal-site" and joined:
            _bad(problems, "passages", x.id, f"is a canal still to be built, but {a} and {b} are already adjacent")
        if x.kind != "canal-site" and not joined:
            _bad(problems, "passages", x.id, f"is a {x.kind} between {a} and {b}, which are not adjacent")
        for shore in x.shores:
            place = areas.get(shore) or homes.get(shore)
            if place is None:
                _bad(problems, "passages", x.id, f"has the shore {shore!r}, which is no area or home country")
            elif not {a, b} <= set(place.seas):
                _bad(problems, "passages", x.id, f"has the shore {shore!r}, which does not touch both {a} and {b}")
            if shore in areas:
                shores_of.setdefault(shore, set()).add(PASSAGE_TAG[x.kind])
    for r in areas.values():
        want = shores_of.get(r.id, set())
        have = {t for t in r.tags if t in PASSAGE_TAG.values()}
        if have != want:
            _bad(problems, "areas", r.id, f"has the tags {sorted(have)} but lies on passages making it {sorted(want)}")


def _check_powers(recs: dict, problems: list) -> None:
    powers = recs["powers"]
    if set(powers) != set(POWERS):
        problems.append(f"powers.json: the powers must be {', '.join(POWERS)} (L819)")
    for w in powers.values():
        want = "great" if w.id in GREAT_POWERS else "minor"
        if w.kind != want:
            _bad(problems, "powers", w.id, f"is a {want} power, not {w.kind} (L206, L819)")
        if w.home not in recs["homes"] or recs["homes"][w.home].power != w.id:
            _bad(problems, "powers", w.id, f"has the home {w.home!r}, which is not its home country in homes.json")
        for k in COUNTERS:
            limit, at_start = getattr(w.counters, k)
            if not 0 <= at_start <= limit:
                _bad(problems, "powers", w.id, f"has {at_start} {k} in play at start out of a limit of {limit}")


def _check_start(recs: dict, problems: list) -> None:
    """The position of 1880 matches the counter mix's "in play at start" (L819) exactly."""
    areas, seas, powers = recs["areas"], recs["seas"], recs["powers"]
    for pid in POWERS:
        if pid not in recs["start"]:
            problems.append(f"start.json: no record for {pid}")
    for s in recs["start"].values():
        w = powers.get(s.id)
        if w is None:
            continue
        used: Counter = Counter()
        controlled = set()
        seen = set()
        for e in s.statuses:
            if e.area not in areas:
                _bad(problems, "start", s.id, f"places a {e.status} in {e.area!r}, which is no area")
                continue
            if e.area in seen:
                _bad(problems, "start", s.id, f"places two status markers in {e.area}")
            seen.add(e.area)
            if e.status == "state" and not areas[e.area].dominion_eligible:
                _bad(problems, "start", s.id, f"places a State/Dominion in {e.area}, which may not be one (L916)")
            used[COUNTER_OF[e.status]] += 1
            if e.status in CONTROL:
                controlled.add(e.area)
        sizes: Counter = Counter()
        home = recs["homes"].get(w.home)
        own_coast = set(home.seas if home else ()) | {z for a in controlled for z in areas[a].seas}
        for u in s.units:
            sizes[u.size] += u.count
            if u.role == "army" and u.where != w.home and u.where not in controlled:
                where = "an area it does not control" if u.where in areas else f"{u.where!r}"
                _bad(
                    problems,
                    "start",
                    s.id,
                    f"places an army {u.size} in {where}; armies start at home or in a controlled area (D10)",
                )
            if u.role == "naval" and (u.where not in seas or u.where not in own_coast):
                _bad(
                    problems,
                    "start",
                    s.id,
                    f"places a naval {u.size} in {u.where!r}; fleets start in a sea zone on its home "
                    "or a controlled area's coast (D10)",
                )
        for k in SIZES:
            used[k] = sizes[k]
        for k in COUNTERS:
            limit, at_start = getattr(w.counters, k)
            if used[k] > limit:
                _bad(problems, "start", s.id, f"puts {used[k]} {k} in play, beyond the counter mix's {limit} (L819)")
            elif used[k] != at_start:
                _bad(
                    problems,
                    "start",
                    s.id,
                    f"puts {used[k]} {k} in play; the counter mix has {at_start} in play at start (L819)",
                )
    if set(recs["tensions"]) != {"start"}:
        problems.append("tensions.json: there must be exactly one record, 'start'")


def _check_connected(recs: dict, problems: list) -> None:
    """Every area and home country is reached from every other by land and sea, and the
    sea zones are one body of water."""
    areas, seas, homes = recs["areas"], recs["seas"], recs["homes"]
    graph: dict = {}

    def join(a: str, b: str) -> None:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)

    for s in seas.values():
        graph.setdefault(s.id, set())
        for o in s.adjacent:
            if o in seas:
                join(s.id, o)
    water = _reach(next(iter(sorted(seas))), lambda r: graph.get(r, ())) if seas else set()
    if set(seas) - water:
        problems.append(f"seas.json: the sea zones are not one body of water; cut off: {sorted(set(seas) - water)}")
    for a in areas.values():
        graph.setdefault(a.id, set())
        for o in list(a.land) + [z for z in a.seas if z in seas]:
            if o in areas or o in seas:
                join(a.id, o)
    for h in homes.values():
        graph.setdefault(h.id, set())
        for o in list(h.land) + [z for z in h.seas if z in seas]:
            if o in areas or o in seas or o in homes:
                join(h.id, o)
    if graph:
        reach = _reach(next(iter(sorted(graph))), lambda r: graph.get(r, ()))
        apart = sorted(set(graph) - reach)
        if apart:
            problems.append(f"areas.json: the map is not connected by land and sea; cut off: {', '.join(apart[:8])}")


def _check_africa(recs: dict, problems: list) -> None:
    """L242: each end of both African paths reaches each end of the other side over
    land, through Africa."""
    areas = recs["areas"]
    africa = {a.id for a in areas.values() if a.region == "Africa"}
    for one, other, vp in AFRICA_PATHS:
        starts = sorted(a.id for a in areas.values() if one in a.tags)
        goals = {a.id for a in areas.values() if other in a.tags}
        for s in starts:
            if s not in africa:
                continue
            reach = _reach(s, lambda r: [o for o in areas[r].land if o in africa and o in areas])
            missing = sorted(goals - reach)
            if missing:
                _bad(
                    problems,
                    "areas",
                    s,
                    f"cannot reach {', '.join(missing)} over land through Africa: the {vp} VP path "
                    f"{one} -> {other} of L242 is impossible",
                )


def _reach(start: str, neighbours) -> set:
    seen, todo = {start}, deque([start])
    while todo:
        for o in neighbours(todo.popleft()):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return seen
