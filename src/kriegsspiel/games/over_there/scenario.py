"""Over There's scenario packs: the orders of battle, set-up, reinforcements,
withdrawals, leaders, replacement pools and victory conditions of one
scenario, in one file (data/scenario-<id>.json). The first is East Prussia
1914 (Aug II 14 to Oct I 14). SCENARIO.md explains the history and the design.

The rulebook (the series rules) gives the frame and no scenario: turns are half
months named "Aug II 14" (L168); units have a size, a type, an attack-defense-
movement rating and maybe a cadre side (L58-96, L497-498); RE sizes follow
the basic rule (L74-88); reinforcements and withdrawals use the OB verbs of
Rule 16A (L1156-1185); production comes on the I turns of odd months (L1188);
leaders carry three ratings from -1 to 1 (L1008-1017). Everything else here is
authored from history, and every record says so in its ``source``.

The map is built elsewhere and its hex ids are not fixed yet, so places are
town names from an agreed list (``KNOWN_PLACES``, each with its real
coordinates in the pack) or a latitude/longitude inside the map frame.

``validate_scenario()`` lists the problems of a pack (none for a good one);
``scenario()`` loads and checks a pack once and refuses a bad one with
DataError; ``validate()`` counts what a good pack holds, for ``kriegsspiel data
validate``. Each takes an optional path, so that a pack with other values (the
published game's, say) can be checked and played without touching code.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from datetime import date
from functools import cache
from pathlib import Path
from typing import Literal, Optional, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...engine.data import FORMAT, Record, Source, refuse

HERE = Path(__file__).parent / "data"
GAME = "over-there"
DEFAULT = HERE / "scenario-east-prussia-1914.json"

Side = Literal["entente", "central-powers"]
SIDES = get_args(Side)  # L97-104; the Entente player-turn comes first (L168)
SIDE_OF = {"german": "central-powers", "russian": "entente"}  # L100, L102
Size = Literal["army", "corps", "division", "brigade", "regiment", "battalion"]
SIZES = get_args(Size)  # L60-66
UnitType = Literal[
    "rifle",
    "light-rifle",
    "heavy-cavalry",
    "mounted-rifle",
    "fortress",
    "field-artillery",
    "heavy-artillery",
    "siege-artillery",
    "army-hq",
    "corps-hq",
    "man-pt",
]
TYPES = get_args(UnitType)
CAVALRY = ("heavy-cavalry", "mounted-rifle")  # L873-874
ARTILLERY = ("field-artillery", "heavy-artillery", "siege-artillery")  # L672-719
HQ = ("army-hq", "corps-hq")  # L964-989
MAN_PT = "man-pt"  # 16B3 (L1205): an on-map Man Pt, "an unsupported 1/2 RE static unit" 0-1/2-4
MAN_PT_RATING = (0, 0.5, 4)
GRADES = ("guard", "active", "reserve", "landwehr", "ersatz", "fortress")
SUPPORT = ("full", "self", "none")  # L664-671: no indicator, the black dot, the hollow circle
DIVISION_RE = {"none": 3, "self": 4, "full": 5}  # L86-87, the basic rule
SIZE_RE = {"brigade": 2, "regiment": 1, "battalion": 0.5}  # L78-82
HQ_RE = {"army-hq": 3, "corps-hq": 1}  # L80, L84
CADRE_RE = 1  # L80: a non-American cadre
HOME = {"germany": "central-powers", "russia": "entente"}  # who owns a place at the start
FRAME = {"west": 18.2, "east": 24.3, "south": 51.9, "north": 55.5}  # the East Prussia map
ROMAN = {"I": 1, "II": 2}
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
TURN_NAME = re.compile(r"^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (I|II) (\d\d)$")  # L168, "Feb I 15"

KNOWN_PLACES = (
    "Königsberg", "Insterburg", "Gumbinnen", "Stallupönen", "Allenstein", "Lötzen", "Osterode", "Soldau",
    "Neidenburg", "Tannenberg", "Hohenstein", "Bischofsburg", "Rastenburg", "Angerburg", "Johannisburg",
    "Ortelsburg", "Lyck", "Graudenz", "Thorn", "Marienburg", "Elbing", "Deutsch Eylau", "Tilsit", "Kovno",
    "Grodno", "Białystok", "Łomża", "Ostrołęka", "Mława", "Pułtusk", "Różan", "Suwałki", "Augustów", "Osowiec",
    "Warsaw", "Novogeorgievsk", "Wirballen/Kibarty", "Kalwaria", "Wilkowischki", "Mariampol", "Olita",
)  # fmt: skip
"""The towns the map team places (the agreed vocabulary); a set-up gives one of
these or a latitude/longitude."""


# ----- the records, as the file holds them ---------------------------------------------------


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Rating(_Part):
    """A printed attack-defense-movement rating (L73, L671)."""

    attack: int = Field(ge=0)
    defense: int | float = Field(ge=0)  # the on-map Man Pt's defense is 1/2 (16B3, L1205)
    movement: int = Field(ge=0)

    def __str__(self) -> str:
        return f"{self.attack}-{self.defense:g}-{self.movement}"


class Location(_Part):
    """A town of ``KNOWN_PLACES`` (``place``) or a point (``lat``, ``lon``); ``near``
    names the point for people (a town not on the list, say)."""

    place: Optional[str] = None
    lat: Optional[float] = None
    lon: Optional[float] = None
    near: Optional[str] = None


class Establishment(_Part):
    """What a formation held in August 1914: the basis of its designed ratings."""

    battalions: float = Field(default=0, ge=0)
    squadrons: int = Field(default=0, ge=0)
    guns: int = Field(default=0, ge=0)  # light field guns (77 mm, 76.2 mm) and horse guns
    howitzers: int = Field(default=0, ge=0)  # light field howitzers (10.5 cm, 122 mm)
    heavy: int = Field(default=0, ge=0)  # heavy howitzers (15 cm)
    machine_guns: int = Field(default=0, ge=0)
    men: int = Field(default=0, ge=0)


class SideRecord(Record):
    id: Side
    name: str
    nationalities: list[str]
    moves_first: bool


class TurnRecord(Record):
    id: str
    name: str  # "Aug II 14" (L168)
    start: date
    end: date
    history: list[str] = []  # what happened in these two weeks


class PlaceRecord(Record):
    id: str  # the name, as in KNOWN_PLACES
    lat: float
    lon: float
    country: Literal["germany", "russia"]  # in 1914


class UnitRecord(Record):
    id: str
    name: str
    side: Side
    nationality: Literal["german", "russian"]
    contingent: str  # whose Man Pts replace it (L1207)
    size: Size
    type: UnitType
    grade: Optional[Literal["guard", "active", "reserve", "landwehr", "ersatz", "fortress"]] = None
    support: Optional[Literal["full", "self", "none"]] = None
    re: float = Field(gt=0)
    rating: Rating
    cadre: Optional[Rating] = None
    army: Optional[str] = None  # the Army HQ unit it belongs to
    corps: Optional[str] = None  # the Corps HQ unit whose box holds it (L976-978)
    commander: Optional[str] = None
    start: Optional[Location] = None  # None: it enters as a reinforcement
    frozen_until: Optional[str] = None  # a turn: it may not move before that turn
    establishment: Optional[Establishment] = None
    notes: Optional[str] = None


class LeaderRecord(Record):
    id: str
    name: str
    side: Side
    nationality: Literal["german", "russian"]
    ratings: tuple[int, int, int]  # left, centre, right (L1010-1011)
    assigned: Optional[str] = None  # the Army HQ it stands on at set-up
    available: bool = False  # in the available leader pool at set-up
    notes: Optional[str] = None


class ReinforcementRecord(Record):
    id: str
    side: Side
    turn: str
    units: list[str] = Field(min_length=1)
    entry: Location
    alternatives: list[Location] = []
    method: Literal["rail", "march", "release"]
    verb: str  # the OB verb of Rule 16A1 (L1158-1185)
    option: Optional[str] = None  # an "either A or B" choice it depends on ...
    choice: Optional[str] = None  # ... and the choice that brings it
    condition: Optional[str] = None


class AnyUnits(_Part):
    """'Any unit of the indicated nationality, size and type' (16A1cc, L1184)."""

    count: int = Field(ge=1)
    size: Literal["army", "corps", "division", "brigade", "regiment", "battalion"]
    types: list[str] = Field(min_length=1)
    army: Optional[str] = None


class WithdrawalRecord(Record):
    id: str
    side: Side
    turn: str
    units: list[str] = []
    any: list[AnyUnits] = []
    destination: str
    vp_per_division_retained: float = Field(ge=0)  # to the other side, for each division not withdrawn
    vp_per_other_retained: float = Field(ge=0)  # ... and each other unit (HQs excepted)
    vp_per_hq_retained: float = Field(default=0, ge=0)  # ... and each listed HQ


class Choice(_Part):
    id: str
    text: str
    vp: dict[str, float] = {}  # side -> victory points it earns that side


class OptionRecord(Record):
    """An 'either A or B' OB entry (16A1dd, L1184)."""

    id: str
    side: Side
    turn: str  # decided in that side's initial phase of this turn
    text: str
    choices: list[Choice] = Field(min_length=2)


class Effect(_Part):
    kind: Literal["add-leader", "remove-leader", "note"]
    leader: Optional[str] = None
    text: Optional[str] = None


class EventRecord(Record):
    id: str
    side: Side
    turn: str  # in that side's initial phase of this turn
    text: str
    condition: Optional[str] = None  # None: it always happens
    effects: list[Effect] = Field(min_length=1)


class SpecialRuleRecord(Record):
    id: str
    title: str
    text: str
    rules: list[str] = []  # the rules it modifies, "14M3"
    side: Optional[Side] = None
    turns: list[str] = []  # empty: the whole game


class ReplacementRecord(Record):
    """The general pool of accumulated replacements of a command (16B2-16B3) at
    set-up (``turn`` None) or production received on a turn (16B1a)."""

    id: str
    side: Side
    command: str
    turn: Optional[str] = None
    man_pts: dict[str, float] = {}  # contingent -> Man Pts
    equ_pts: float = Field(default=0, ge=0)
    res_pts: int = Field(default=0, ge=0)  # to place at friendly cities in supply
    res_pts_at: dict[str, int] = {}  # place -> Res Pts placed there at set-up
    res_pts_carried: dict[str, int] = {}  # Army HQs -> Res Pts it carries at set-up (11H)


class VictoryPlaceRecord(Record):
    place: str
    scorer: Side  # the side that earns vp by owning it at the end
    vp: float = Field(gt=0)


class VictoryLossRecord(Record):
    id: str
    scorer: Side  # earns vp for each enemy unit of this class eliminated
    unit_class: Literal["division", "brigade", "army-hq", "other"]
    vp: float = Field(ge=0)
    vp_isolated: float = Field(ge=0)  # when eliminated while isolated (L1224)


class VictoryLevelRecord(Record):
    """A result, by the Central Powers' VP less the Entente's: min inclusive, max exclusive."""

    id: str
    name: str
    min: Optional[float] = None
    max: Optional[float] = None


class SuddenDeathRecord(Record):
    id: str
    side: Side  # wins at once ...
    place: str  # ... owning this place at the end of any game turn
    level: str


class Frame(_Part):
    west: float
    east: float
    south: float
    north: float


class Scenario(BaseModel):
    """A whole scenario pack."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["kriegsspiel-data"]
    game: Literal["over-there"]
    kind: Literal["scenario"]
    id: str
    name: str
    notes: str
    source: Source
    command: str  # the one command both players control (L147-164)
    frame: Frame
    sides: list[SideRecord]
    turns: list[TurnRecord] = Field(min_length=1)
    places: list[PlaceRecord]
    units: list[UnitRecord]
    leaders: list[LeaderRecord]
    reinforcements: list[ReinforcementRecord]
    withdrawals: list[WithdrawalRecord]
    options: list[OptionRecord]
    events: list[EventRecord]
    special_rules: list[SpecialRuleRecord]
    replacements: list[ReplacementRecord]
    victory_notes: str
    victory_places: list[VictoryPlaceRecord]
    victory_losses: list[VictoryLossRecord]
    victory_levels: list[VictoryLevelRecord]
    sudden_death: list[SuddenDeathRecord]

    # ----- conveniences for the rules and the map -----

    def unit(self, uid: str) -> UnitRecord:
        """A unit by id; KeyError if there is none."""
        for u in self.units:
            if u.id == uid:
                return u
        raise KeyError(f"no unit {uid!r} in the scenario")

    def place(self, name: str) -> PlaceRecord:
        """A known place by name; KeyError if there is none."""
        for p in self.places:
            if p.id == name:
                return p
        raise KeyError(f"no place {name!r} in the scenario")

    def turn_index(self, tid: str) -> int:
        return [t.id for t in self.turns].index(tid)

    def setup(self, side: Optional[str] = None) -> list[UnitRecord]:
        """The units on the map at the start (of one side)."""
        return [u for u in self.units if u.start is not None and side in (None, u.side)]

    def arrivals(self, turn: str, side: Optional[str] = None) -> list[ReinforcementRecord]:
        return [r for r in self.reinforcements if r.turn == turn and side in (None, r.side)]

    def coordinates(self, where: Location) -> tuple[float, float]:
        """(lat, lon) of a set-up or entry location."""
        if where.place is not None:
            p = self.place(where.place)
            return p.lat, p.lon
        return where.lat, where.lon  # type: ignore[return-value]


# ----- loading --------------------------------------------------------------------------------


def _read(path: Path) -> tuple[Optional[Scenario], list[str]]:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        return None, [f"{path}: cannot read: {e.strerror}"]
    except json.JSONDecodeError as e:
        return None, [f"{path}: not valid JSON ({e.msg}, line {e.lineno})"]
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        return None, [f"{path}: not a Kriegsspiel data pack (format must be {FORMAT!r})"]
    try:
        return Scenario.model_validate(raw), []
    except ValidationError as e:
        return None, [f"{Path(path).name}: {_where(raw, err['loc'])}: {_plain(err)}" for err in e.errors()]


def _where(raw: dict, loc: tuple) -> str:
    """'units[de-1-id].rating.attack' rather than 'units.3.rating.attack'."""
    out, node = [], raw
    for part in loc:
        if isinstance(part, int) and isinstance(node, list):
            node = node[part] if part < len(node) else None
            name = node.get("id", node.get("place", part)) if isinstance(node, dict) else part
            out[-1] = f"{out[-1]}[{name}]" if out else f"[{name}]"
        else:
            out.append(str(part))
            node = node.get(part) if isinstance(node, dict) else None
    return ".".join(out) or "pack"


def _plain(err: dict) -> str:
    if err["type"] == "string_pattern_mismatch" and err["loc"] and err["loc"][-1] == "source":
        return "provenance must be 'rulebook <line or rule>' or 'authored: <basis>'"
    if err["type"] == "missing" and err["loc"] and err["loc"][-1] == "source":
        return "no provenance: every record needs a source ('rulebook ...' or 'authored: ...')"
    return re.sub(r"\s+", " ", err["msg"])


def validate_scenario(path: Path | str | None = None) -> list[str]:
    """The problems of a scenario pack (the shipped one unless a path is given):
    an empty list when it is sound."""
    sc, problems = _read(Path(path) if path is not None else DEFAULT)
    if sc is None:
        return problems
    return check(sc)


@cache
def _default() -> Scenario:
    return _build(DEFAULT)


def scenario(path: Path | str | None = None) -> Scenario:
    """The scenario, checked (the shipped one is built once and kept); DataError
    listing the problems of a bad pack."""
    return _default() if path is None else _build(Path(path))


def _build(path: Path) -> Scenario:
    sc, problems = _read(path)
    if sc is not None:
        problems = check(sc)
    refuse(GAME, path, problems)
    assert sc is not None
    return sc


def validate(path: Path | str | None = None) -> dict[str, int]:
    """Check the pack and count what it holds; DataError if anything is wrong."""
    return summary(scenario(path))


# ----- what a pack holds ----------------------------------------------------------------------


def category(u: UnitRecord) -> str:
    """A unit's class in the counts: army-hq, corps-hq, infantry-division (active or
    guard), reserve-division, landwehr-division, rifle-brigade, landwehr-brigade,
    cavalry-division, fortress, artillery, man-pt."""
    if u.type in HQ or u.type == MAN_PT:
        return u.type
    if u.type == "fortress":
        return "fortress"
    if u.type in ARTILLERY:
        return "artillery"
    if u.type in CAVALRY:
        return "cavalry-division" if u.size == "division" else "cavalry-brigade"
    second = u.grade in ("landwehr", "ersatz")
    if u.size == "division":
        if second:
            return "landwehr-division"
        return "reserve-division" if u.grade == "reserve" else "infantry-division"
    return "landwehr-brigade" if second else "rifle-brigade"


def summary(sc: Scenario) -> dict[str, int]:
    """Counts by side and class, plus the totals of the other tables."""
    out: dict[str, int] = {}
    for side in SIDES:
        mine = [u for u in sc.units if u.side == side]
        out[f"{side} units"] = len(mine)
        out[f"{side} at start"] = sum(1 for u in mine if u.start is not None)
        for cat, n in sorted(Counter(category(u) for u in mine).items()):
            out[f"{side} {cat}"] = n
    out["leaders"] = len(sc.leaders)
    out["turns"] = len(sc.turns)
    out["reinforcements"] = len(sc.reinforcements)
    out["withdrawals"] = len(sc.withdrawals)
    out["victory places"] = len(sc.victory_places)
    return out


def designed_re(u: UnitRecord) -> float:
    """The RE size the basic rule gives a unit (L74-88)."""
    if u.type in HQ:
        return HQ_RE[u.type]
    if u.size == "division":
        return DIVISION_RE[u.support or "full"]
    return SIZE_RE.get(u.size, 0)


# ----- the checks -----------------------------------------------------------------------------


def _in_frame(lat: Optional[float], lon: Optional[float], frame: Frame) -> bool:
    return lat is not None and lon is not None and frame.south <= lat <= frame.north and frame.west <= lon <= frame.east


def _turn_dates(name: str) -> Optional[tuple[date, date]]:
    m = TURN_NAME.match(name)
    if not m:
        return None
    month, half, year = MONTHS.index(m.group(1)) + 1, ROMAN[m.group(2)], 1900 + int(m.group(3))
    if half == 1:
        return date(year, month, 1), date(year, month, 15)
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    return date(year, month, 16), date.fromordinal(nxt.toordinal() - 1)


def _half(x: float) -> bool:
    return math.isclose(x * 2, round(x * 2))


def check(sc: Scenario) -> list[str]:
    """Everything a sound scenario must satisfy; a list of problems, each naming the
    table, the record and what is wrong."""
    problems: list[str] = []
    _check_ids(sc, problems)
    _check_sides_turns_places(sc, problems)
    _check_units(sc, problems)
    _check_entries(sc, problems)
    _check_leaders_events(sc, problems)
    _check_replacements(sc, problems)
    _check_victory(sc, problems)
    _check_stacking(sc, problems)
    return problems


def _bad(problems: list, table: str, rid: str, message: str) -> None:
    problems.append(f"{table}[{rid}]: {message}")


def _check_ids(sc: Scenario, problems: list) -> None:
    seen: dict[str, str] = {}
    tables = ("turns", "places", "units", "leaders", "reinforcements", "withdrawals", "options", "events")
    for table in (*tables, "special_rules", "victory_losses", "victory_levels", "sudden_death"):
        for r in getattr(sc, table):
            if r.id in seen:
                _bad(problems, table, r.id, f"the id is also used in {seen[r.id]}")
            seen[r.id] = table


def _location(sc: Scenario, where: Location, what: str, problems: list, table: str, rid: str) -> None:
    places = {p.id for p in sc.places}
    if where.place is not None:
        if where.lat is not None or where.lon is not None:
            _bad(problems, table, rid, f"{what} gives both a place and lat/lon; give one")
        elif where.place not in places:
            _bad(problems, table, rid, f"{what} {where.place!r} is no known place (KNOWN_PLACES) nor lat/lon")
    elif where.lat is None or where.lon is None:
        _bad(problems, table, rid, f"{what} needs a place or both lat and lon")
    elif not _in_frame(where.lat, where.lon, sc.frame):
        _bad(problems, table, rid, f"{what} ({where.lat}, {where.lon}) lies outside the map frame")


def _check_sides_turns_places(sc: Scenario, problems: list) -> None:
    if sorted(s.id for s in sc.sides) != sorted(SIDES):
        problems.append("sides: there must be exactly the Entente and the Central Powers (L97-102)")
    firsts = [s.id for s in sc.sides if s.moves_first]
    if firsts != ["entente"]:
        problems.append(f"sides: the Entente player-turn comes first in every game turn (L168); first: {firsts}")
    for s in sc.sides:
        for nat in s.nationalities:
            if SIDE_OF.get(nat) != s.id:
                _bad(problems, "sides", s.id, f"the nationality {nat!r} does not fight for this side")
    f = sc.frame
    if not (f.west < f.east and f.south < f.north):
        problems.append("frame: west must lie west of east and south south of north")
    previous = None
    for t in sc.turns:
        dates = _turn_dates(t.name)
        if dates is None:
            _bad(problems, "turns", t.id, f"the name {t.name!r} is not a half-month turn like 'Aug II 14' (L168)")
        elif dates != (t.start, t.end):
            _bad(problems, "turns", t.id, f"{t.name} runs {dates[0]} to {dates[1]}, not {t.start} to {t.end}")
        if previous is not None and (t.start - previous.end).days != 1:
            _bad(problems, "turns", t.id, f"does not follow {previous.id} (turns are consecutive half months)")
        previous = t
    for p in sc.places:
        if p.id not in KNOWN_PLACES:
            _bad(problems, "places", p.id, "is not one of the agreed map towns (KNOWN_PLACES)")
        if not _in_frame(p.lat, p.lon, sc.frame):
            _bad(problems, "places", p.id, f"({p.lat}, {p.lon}) lies outside the map frame")


def _check_units(sc: Scenario, problems: list) -> None:
    units = {u.id: u for u in sc.units}
    turns = {t.id for t in sc.turns}
    nations = {s.id: set(s.nationalities) for s in sc.sides}
    for u in sc.units:
        t = "units"
        if u.nationality not in nations.get(u.side, ()):
            _bad(problems, t, u.id, f"a {u.nationality} unit cannot serve the {u.side} side")
        r = u.rating
        if r.defense != int(r.defense) and u.type != MAN_PT:
            _bad(problems, t, u.id, f"a defense strength of {r.defense:g}: only an on-map Man Pt has a half (L1205)")
        if u.type == MAN_PT:
            _check_man_pt(u, problems)
            continue
        if u.type in HQ:
            if (u.type == "army-hq") != (u.size == "army") or (u.type == "corps-hq") != (u.size == "corps"):
                _bad(problems, t, u.id, f"an {u.type} has the {u.type[:-3]} size")
            if r.attack or r.defense:
                _bad(problems, t, u.id, f"an HQ has a combat strength of 0 (L965, L977), not {r}")
            if u.cadre is not None:
                _bad(problems, t, u.id, "an HQ has no cadre side")
        else:
            if u.size in ("army", "corps"):
                _bad(problems, t, u.id, f"a {u.type} unit cannot have the {u.size} size")
            if u.grade is None or u.support is None:
                _bad(problems, t, u.id, "a combat unit needs a grade and a support status (L664-671)")
            if u.type in ARTILLERY and u.support not in (None, "full"):
                _bad(problems, t, u.id, "artillery units are supported units (L669)")
        if u.type == "fortress" and r.movement != 0:
            _bad(problems, t, u.id, f"a fortress garrison does not move; its movement is 0, not {r.movement}")
        if u.type in CAVALRY and r.movement < 6:
            _bad(problems, t, u.id, f"cavalry moves faster than rifle units; movement {r.movement} is too slow")
        want = designed_re(u)
        if want and not math.isclose(u.re, want):
            _bad(problems, t, u.id, f"is {u.re} RE; the basic rule makes a {u.size} ({u.support}) {want} RE (L74-88)")
        if u.cadre is not None:
            c = u.cadre
            if c.attack > r.attack or c.defense > r.defense or (c.attack, c.defense) == (r.attack, r.defense):
                _bad(problems, t, u.id, f"its cadre {c} must be weaker than the unit {r} (L497-498)")
            if c.movement != r.movement:
                _bad(problems, t, u.id, f"its cadre moves {c.movement}, the unit {r.movement}")
            if u.size != "division":
                _bad(problems, t, u.id, "only divisions have cadre sides in this scenario")
        for field, want_type in (("army", "army-hq"), ("corps", "corps-hq")):
            ref = getattr(u, field)
            if ref is None:
                continue
            hq = units.get(ref)
            if hq is None or hq.type != want_type:
                _bad(problems, t, u.id, f"its {field} {ref!r} is no {want_type} unit")
            elif hq.side != u.side:
                _bad(problems, t, u.id, f"its {field} {ref!r} belongs to the other side")
            elif u.type == "army-hq" or (field == "corps" and u.type == "corps-hq"):
                _bad(problems, t, u.id, f"an HQ does not sit in a {field}")
        if u.type != "army-hq" and u.army is None:
            _bad(problems, t, u.id, "names no army")
        if u.frozen_until is not None and u.frozen_until not in turns:
            _bad(problems, t, u.id, f"frozen_until {u.frozen_until!r} is no turn of the scenario")
        if u.start is not None:
            _location(sc, u.start, "its start", problems, t, u.id)


def _check_man_pt(u: UnitRecord, problems: list) -> None:
    """16B3 (L1205), ruling O37: an on-map Man Pt counter is one Man Pt, "an unsupported 1/2 RE
    static unit with an attack strength of 0, a defense strength of 1/2, and a movement rating of
    4"; it waits off the map until a player places it, and belongs to no army."""
    t = "units"
    r = u.rating
    if (r.attack, r.defense, r.movement) != MAN_PT_RATING or u.re != 0.5 or u.support != "none":
        _bad(problems, t, u.id, f"an on-map Man Pt is an unsupported 1/2 RE unit rated 0-1/2-4 (L1205), not {r}")
    if u.size != "battalion" or u.cadre is not None:
        _bad(problems, t, u.id, "an on-map Man Pt is battalion-sized (1/2 RE, L82) with no cadre side")
    if u.start is not None or u.army is not None or u.corps is not None or u.frozen_until is not None:
        _bad(problems, t, u.id, "an on-map Man Pt starts in the general pool's stock, in no army or corps")


def _check_entries(sc: Scenario, problems: list) -> None:
    units = {u.id: u for u in sc.units}
    turns = {t.id for t in sc.turns}
    options = {o.id: o for o in sc.options}
    places = {p.id for p in sc.places}
    entering: Counter = Counter()
    for r in sc.reinforcements:
        t = "reinforcements"
        if r.turn not in turns:
            _bad(problems, t, r.id, f"arrives on {r.turn!r}, which is no turn of the scenario")
        for uid in r.units:
            u = units.get(uid)
            if u is None:
                _bad(problems, t, r.id, f"brings the unknown unit {uid!r}")
                continue
            entering[uid] += 1
            if u.side != r.side:
                _bad(problems, t, r.id, f"brings {uid}, a unit of the other side")
            if u.start is not None:
                _bad(problems, t, r.id, f"brings {uid}, which is already on the map at the start")
        home = {p.id for p in sc.places if HOME[p.country] == r.side}
        for i, where in enumerate((r.entry, *r.alternatives)):
            what = "its entry" if i == 0 else f"alternative entry {i}"
            _location(sc, where, what, problems, t, r.id)
            if where.place in places and where.place not in home:
                _bad(problems, t, r.id, f"{what} {where.place} is not {r.side} ground at the start (L1157)")
        if (r.option is None) != (r.choice is None):
            _bad(problems, t, r.id, "names an option without a choice, or a choice without an option")
        elif r.option is not None:
            o = options.get(r.option)
            if o is None:
                _bad(problems, t, r.id, f"depends on the unknown option {r.option!r}")
            elif r.choice not in {c.id for c in o.choices}:
                _bad(problems, t, r.id, f"option {r.option} has no choice {r.choice!r}")
            elif r.turn in turns and o.turn in turns and sc.turn_index(o.turn) > sc.turn_index(r.turn):
                _bad(problems, t, r.id, f"arrives before its option {o.id} is decided ({o.turn})")
    for u in sc.units:
        n = entering[u.id]
        if u.type == MAN_PT:
            if n:
                _bad(problems, "units", u.id, "an on-map Man Pt comes from the general pool, not as a reinforcement")
            continue
        if u.start is None and n == 0:
            _bad(problems, "units", u.id, "has no start and comes in no reinforcement")
        if n > 1:
            _bad(problems, "units", u.id, f"comes in {n} reinforcements")
    for w in sc.withdrawals:
        t = "withdrawals"
        if w.turn not in turns:
            _bad(problems, t, w.id, f"falls on {w.turn!r}, which is no turn of the scenario")
        if not w.units and not w.any:
            _bad(problems, t, w.id, "withdraws nothing")
        for uid in w.units:
            u = units.get(uid)
            if u is None:
                _bad(problems, t, w.id, f"withdraws the unknown unit {uid!r}")
            elif u.side != w.side:
                _bad(problems, t, w.id, f"withdraws {uid}, a unit of the other side")
        for spec in w.any:
            wrong = [x for x in spec.types if x not in TYPES]
            if wrong:
                _bad(problems, t, w.id, f"names unknown unit types {wrong}")
            if spec.army is not None and (spec.army not in units or units[spec.army].type != "army-hq"):
                _bad(problems, t, w.id, f"names the unknown army {spec.army!r}")
    for o in sc.options:
        if o.turn not in turns:
            _bad(problems, "options", o.id, f"is decided on {o.turn!r}, which is no turn of the scenario")
        for c in o.choices:
            for side in c.vp:
                if side not in SIDES:
                    _bad(problems, "options", o.id, f"choice {c.id} gives VP to the unknown side {side!r}")


def _check_leaders_events(sc: Scenario, problems: list) -> None:
    units = {u.id: u for u in sc.units}
    turns = {t.id for t in sc.turns}
    leaders = {ld.id: ld for ld in sc.leaders}
    on_hq: Counter = Counter()
    for ld in sc.leaders:
        t = "leaders"
        if any(x not in (-1, 0, 1) for x in ld.ratings):
            _bad(problems, t, ld.id, f"ratings {list(ld.ratings)} must each be -1, 0 or 1 (L1009)")
        if SIDE_OF.get(ld.nationality) != ld.side:
            _bad(problems, t, ld.id, f"a {ld.nationality} leader cannot serve the {ld.side} side")
        if ld.assigned is not None:
            hq = units.get(ld.assigned)
            if hq is None or hq.type != "army-hq":
                _bad(problems, t, ld.id, f"is assigned to {ld.assigned!r}, which is no Army HQ (L1009)")
            elif hq.nationality != ld.nationality:
                _bad(problems, t, ld.id, f"cannot lead {hq.id}, an HQ of another nation")
            elif hq.start is None:
                _bad(problems, t, ld.id, f"is assigned at set-up to {hq.id}, which enters later")
            on_hq[ld.assigned] += 1
            if not ld.available:
                _bad(problems, t, ld.id, "is assigned at set-up, so it must be available at set-up")
    for hq, n in on_hq.items():
        if n > 1:
            _bad(problems, "units", hq, f"carries {n} leaders at set-up; one at most (L1009)")
    present = {ld.id for ld in sc.leaders if ld.available}
    order = sorted(sc.events, key=lambda e: sc.turn_index(e.turn) if e.turn in turns else -1)
    for e in order:
        if e.turn not in turns:
            _bad(problems, "events", e.id, f"falls on {e.turn!r}, which is no turn of the scenario")
        for fx in e.effects:
            if fx.kind == "note":
                if not fx.text:
                    _bad(problems, "events", e.id, "a note needs its text")
                continue
            ld = leaders.get(fx.leader or "")
            if ld is None:
                _bad(problems, "events", e.id, f"{fx.kind} names the unknown leader {fx.leader!r}")
                continue
            if ld.side != e.side:
                _bad(problems, "events", e.id, f"{fx.kind} {ld.id}: a leader of the other side")
            if fx.kind == "add-leader":
                if ld.id in present and e.condition is None:
                    _bad(problems, "events", e.id, f"adds {ld.id}, who is already available")
                present.add(ld.id)
            elif ld.id not in present:
                _bad(problems, "events", e.id, f"removes {ld.id} before the leader is available")
    for ld in sc.leaders:
        if ld.id not in present:
            _bad(problems, "leaders", ld.id, "is never available: not at set-up and added by no event")


def _check_replacements(sc: Scenario, problems: list) -> None:
    turns = {t.id for t in sc.turns}
    places = {p.id for p in sc.places}
    for r in sc.replacements:
        t = "replacements"
        if r.turn is not None:
            if r.turn not in turns:
                _bad(problems, t, r.id, f"comes on {r.turn!r}, which is no turn of the scenario")
            else:
                name = next(x.name for x in sc.turns if x.id == r.turn)
                if name.split()[0] not in ("Jan", "Mar", "May", "Jul", "Sep", "Nov") or name.split()[1] != "I":
                    _bad(problems, t, r.id, f"production comes on the I turn of odd months (L1188), not {name}")
            if r.res_pts_at:
                _bad(problems, t, r.id, "production is placed by the player; res_pts_at is for the set-up")
        if r.command != sc.command:
            _bad(problems, t, r.id, f"names the command {r.command!r}; the scenario's command is {sc.command!r}")
        for contingent, n in r.man_pts.items():
            if n < 0 or not _half(n):
                _bad(problems, t, r.id, f"{n} {contingent} Man Pts: points come in halves (L1187)")
        if not _half(r.equ_pts):
            _bad(problems, t, r.id, f"{r.equ_pts} Equ Pts: points come in halves (L1187)")
        if r.turn is not None and r.res_pts_carried:
            _bad(problems, t, r.id, "production is placed by the player; res_pts_carried is for the set-up")
        for hq, n in r.res_pts_carried.items():
            u = next((x for x in sc.units if x.id == hq), None)
            if u is None or u.type != "army-hq" or u.side != r.side or u.start is None:
                _bad(problems, t, r.id, f"{hq!r} carries Res Pts: not an Army HQs of its side on the map at set-up")
            elif not 1 <= n <= 3:
                _bad(problems, t, r.id, f"{hq} carries {n} Res Pts: an Army HQs carries 1 to 3 (9 REs, L652)")
        for place, n in r.res_pts_at.items():
            if place not in places:
                _bad(problems, t, r.id, f"places Res Pts at {place!r}, no known place")
            if n < 1:
                _bad(problems, t, r.id, f"places {n} Res Pts at {place}")
    contingents = {(u.side, u.contingent) for u in sc.units}
    for r in sc.replacements:
        for contingent in r.man_pts:
            if (r.side, contingent) not in contingents:
                _bad(problems, "replacements", r.id, f"gives Man Pts to {contingent!r}, no contingent of its side")


def _check_victory(sc: Scenario, problems: list) -> None:
    places = {p.id: p for p in sc.places}
    own = HOME
    seen: Counter = Counter()
    for v in sc.victory_places:
        seen[v.place] += 1
        p = places.get(v.place)
        if p is None:
            _bad(problems, "victory_places", v.place, "is no known place")
        elif own[p.country] == v.scorer:
            _bad(problems, "victory_places", v.place, f"scores for {v.scorer}, who owns it at the start")
    for place, n in seen.items():
        if n > 1:
            _bad(problems, "victory_places", place, f"is listed {n} times")
    for side in SIDES:
        classes = {x.unit_class for x in sc.victory_losses if x.scorer == side}
        if "division" not in classes:
            problems.append(f"victory_losses: {side} earns nothing for destroying enemy divisions")
    for x in sc.victory_losses:
        if x.vp_isolated < x.vp:
            _bad(problems, "victory_losses", x.id, "a unit lost while isolated is worth at least as much")
    levels = sorted(sc.victory_levels, key=lambda lv: -math.inf if lv.min is None else lv.min)
    if not levels or levels[0].min is not None or levels[-1].max is not None:
        problems.append("victory_levels: the results must cover every VP difference, lowest to highest")
    for a, b in zip(levels, levels[1:], strict=False):
        if a.max is None or b.min is None or not math.isclose(a.max, b.min):
            problems.append(f"victory_levels: {a.id} and {b.id} leave a gap or overlap")
    for lv in levels:
        if lv.min is not None and lv.max is not None and lv.min >= lv.max:
            _bad(problems, "victory_levels", lv.id, "is empty: min must be below max")
    ids = {lv.id for lv in sc.victory_levels}
    for s in sc.sudden_death:
        if s.place not in places:
            _bad(problems, "sudden_death", s.id, f"names {s.place!r}, no known place")
        if s.level not in ids:
            _bad(problems, "sudden_death", s.id, f"names the unknown result {s.level!r}")


def _check_stacking(sc: Scenario, problems: list) -> None:
    """At set-up a town is one hex: 6 units + 6 non-divisional RE + 4 artillery RE
    + 1 fortress unit; HQs do not count (L363-404)."""
    at: dict = {}
    for u in sc.setup():
        if u.start is not None and u.start.place is not None:
            at.setdefault((u.start.place, u.side), []).append(u)
    for (place, _side), here in at.items():
        forts = [u for u in here if u.type == "fortress"]
        art = sum(u.re for u in here if u.type in ARTILLERY)
        nondiv = sum(u.re for u in here if u.type not in (*ARTILLERY, *HQ, "fortress") and u.size != "division")
        count = sum(1 for u in here if u.type not in (*HQ, "fortress") and u.size == "division")
        count += math.ceil(max(0.0, art - 4)) + math.ceil(max(0.0, nondiv - 6))
        if len(forts) > 1:
            problems.append(f"set-up at {place}: {len(forts)} fortress units; one per hex (L373)")
        if count > 6:
            problems.append(f"set-up at {place}: {count} units over the stacking limit of 6 (L367)")
    sides_at: dict = {}
    for u in sc.setup():
        if u.start is not None and u.start.place is not None:
            sides_at.setdefault(u.start.place, set()).add(u.side)
    for place, sides in sides_at.items():
        if len(sides) > 1:
            problems.append(f"set-up at {place}: units of both sides start in one town")


def victory_level(sc: Scenario, difference: float) -> str:
    """The result (a victory_levels id) for the Central Powers' VP less the Entente's."""
    for lv in sc.victory_levels:
        if (lv.min is None or difference >= lv.min) and (lv.max is None or difference < lv.max):
            return lv.id
    raise ValueError(f"no result covers a difference of {difference}")
