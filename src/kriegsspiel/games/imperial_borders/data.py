"""Imperial Borders' data pack (data/*.json): the map of Europe c. 1815
(Territories, Mountain Ranges, Ports, Open Seas and the Ottoman areas), the
six Nations with their homelands, Starting Forces and default set-up, the
Force Types, Fortifications, Dice and the tables of the Reference Chart. Every
record says where it comes from; DATA_RULINGS.md explains what the rulebook
leaves open and how the pack fills it.

``pack()`` loads and checks the pack once and gives the rules the plain facts
they need; ``validate()`` is ``kriegsspiel data validate``. Both take an
optional folder, so that a pack with other values (the published game's, say)
can be checked and played without touching code: same files, same fields.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ...engine.data import Record, Source, cached_loader, load_files, refuse

HERE = Path(__file__).parent / "data"
GAME = "imperial-borders"

NATION = Literal["france", "austria", "prussia", "great-britain", "russia", "spain"]
NATIONS = ("france", "austria", "prussia", "great-britain", "russia", "spain")  # L108-113
TIER = Literal["capital", "major", "minor"]
VALUE = {"capital": 4, "major": 2, "minor": 1}  # L210, L384-386
UNIT_TYPES = ("half-infantry", "full-infantry", "cavalry", "cannon", "frigate", "ship-of-the-line")  # L119-129
FACES = {  # L156-159, L668, L685
    "black": ("blast", "double-blast", "bar", "blank"),
    "white": ("blue-blast", "red-blast", "bar", "blank"),
}
PLAYER_COUNTS = ("2A", "2B", "3", "4", "5", "6")  # L230-235
CAPITAL_PORTS = {"great-britain": 2, "russia": 1}  # L143, L270
LAND_LIMIT = 3  # L290: Land Units per Territory at set-up
MAJOR_PORTS = 2  # L144: 1 or 2 Major Ports per coastal Major Homeland Territory


# ----- the records, as the files hold them ----------------------------------------------------


class NationRecord(Record):
    id: NATION
    name: str
    colour: Literal["blue", "white", "gray", "red", "green", "tan"]
    capital: str
    majors: list[str]
    annexed_start: str
    annexed_port: Optional[str]
    gold_start: int = Field(ge=0)
    forces_start: dict[str, int]
    elite_start: str
    field_sources: dict[str, Source] = {}


class TerritoryRecord(Record):
    id: str
    name: str
    tier: TIER
    homeland: Optional[NATION]
    independent: bool
    owner_start: Optional[NATION]
    island: Optional[str]
    special_independent: bool = False
    lat: float = Field(ge=30, le=72)
    lon: float = Field(ge=-25, le=45)
    land: list[str]
    field_sources: dict[str, Source] = {}


class MountainRecord(Record):
    id: str
    name: str
    colour: Literal["brown", "white"]
    land: list[str]
    lat: float = Field(ge=30, le=72)
    lon: float = Field(ge=-25, le=45)


class PortRecord(Record):
    id: str
    name: str
    tier: TIER
    territory: Optional[str]
    sea: str
    home: Optional[NATION]
    owner_start: Optional[NATION]
    lat: float = Field(ge=30, le=72)
    lon: float = Field(ge=-25, le=45)


class SeaRecord(Record):
    id: str
    name: str
    seas: list[str]
    ports: list[str]
    lat: float = Field(ge=30, le=72)
    lon: float = Field(ge=-25, le=45)


class UnitRecord(Record):
    id: str
    name: str
    kind: Literal["land", "ship"]
    move: int = Field(ge=1)
    bonus_move: int = Field(ge=0)
    white: int = Field(ge=0)
    black: int = Field(ge=0)
    white_rear: Optional[int] = Field(ge=0)
    white_port: int = Field(ge=0)
    hp: int = Field(ge=1)
    out_of_action: Optional[int] = Field(ge=1)
    hits_to_out_of_action: Optional[int] = Field(ge=1)
    cost: int = Field(ge=0)
    casualty: int = Field(ge=0)
    cargo_capacity: int = Field(ge=0)
    cargo_size: int = Field(ge=0)
    elite_die: Literal["white", "black"]
    zone: Optional[Literal["front", "rear", "either"]]


class FortRecord(Record):
    id: TIER
    name: str
    dice: int = Field(ge=0)
    hp: int = Field(ge=1)
    value: int = Field(ge=0)


class DieRecord(Record):
    id: Literal["black", "white"]
    faces: list[str]


class CasualtyRecord(Record):
    id: Literal["pennant", "blue-morale", "red-morale"]
    name: str
    points: int


class PlayerCountRecord(Record):
    id: Literal["2A", "2B", "3", "4", "5", "6"]
    players: int = Field(ge=2, le=6)
    nations_per_player: int = Field(ge=1, le=3)
    neutral: list[NATION]


class NeutralRecord(Record):
    id: NATION
    closed: list[str]
    isolated_ports: list[str]


class Placement(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    unit: str
    region: str
    count: int = Field(default=1, ge=1)
    elite: bool = False


class SetupRecord(Record):
    id: NATION
    placements: list[Placement]


class OffLimitsRecord(Record):
    id: str
    name: str
    lat: float
    lon: float
    outline: list[tuple[float, float]] = Field(min_length=3)


FILES = {  # kind -> record model; each kind is data/<kind>.json
    "nations": NationRecord,
    "territories": TerritoryRecord,
    "mountains": MountainRecord,
    "ports": PortRecord,
    "seas": SeaRecord,
    "units": UnitRecord,
    "fortifications": FortRecord,
    "dice": DieRecord,
    "casualties": CasualtyRecord,
    "player-counts": PlayerCountRecord,
    "neutrals": NeutralRecord,
    "setup": SetupRecord,
    "offlimits": OffLimitsRecord,
}


# ----- the facts the rules use ---------------------------------------------------------------


@dataclass(frozen=True)
class Nation:
    id: str
    name: str
    colour: str
    capital: str
    majors: tuple  # the 4 Major Homeland Territories
    homeland: frozenset  # capital + majors: the 5 Original Homeland Territories (L212)
    home_ports: frozenset  # Original Homeland Ports: where new Ships deploy (L893)
    annexed_start: str  # L276-281
    annexed_port: Optional[str]
    gold_start: int  # L312
    forces_start: dict  # Force Type -> count, the Elite included (L296-302)
    elite_start: str  # the Force Type of the one starting Elite (L302)
    setup: tuple  # default placement: ((Force Type, region, elite), ...) one entry per Force


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    tier: str  # "capital", "major" or "minor"
    value: int  # Gold and Medal Points, Fort strength: 4, 2 or 1 (L210)
    homeland: Optional[str]  # the Nation whose Original Homeland it is
    independent: bool  # a Minor Territory nobody controls at the start (L218)
    owner_start: Optional[str]
    ports: tuple  # its Ports; it is their Interior
    land: frozenset  # adjacent Territories and Mountain Ranges
    lat: float
    lon: float
    island: Optional[str] = None  # the island it lies on: reached from elsewhere only by sea
    special_independent: bool = False  # Sweden and Portugal under the optional rule (L1003-1010)

    @property
    def special(self) -> bool:
        """A Special Independent Territory (Sweden, Portugal; L1005)."""
        return self.special_independent


@dataclass(frozen=True)
class Mountain:
    id: str
    name: str
    colour: str  # "brown" or "white" (L451, L1031)
    land: frozenset  # the Territories on its sides
    lat: float
    lon: float


@dataclass(frozen=True)
class Port:
    id: str
    name: str
    tier: str
    value: int  # strength of its Port miniature: Dice, HP and Morale Tokens (L700, L734)
    territory: Optional[str]  # its Interior; None for Malta (L222)
    sea: str  # the one Open Sea it touches (L201)
    home: Optional[str]  # the Nation whose Original Homeland Port it is
    owner_start: Optional[str]
    lat: float
    lon: float


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    seas: frozenset  # adjacent Open Seas
    ports: frozenset  # the Ports on it
    lat: float
    lon: float


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    kind: str  # "land" or "ship"
    move: int  # regions a Game Round (L440-443, L459)
    white: int  # White Dice (Cavalry: in the Front Zone)
    black: int  # Black Cannon Dice
    white_rear: Optional[int]  # Cavalry in the Rear Zone (L1026)
    hp: int  # Hits to defeat (Full Infantry 2) or sink (Ships)
    out_of_action: Optional[int]  # Ships: the remaining HP at which it is Out-of-Action (1 for both, L707-708)
    cost: int  # Gold (L884-889)
    casualty: int  # Enemy Casualty points (L747)
    cargo_capacity: int  # Ships: in Half Infantry (Frigate 2, Ship of the Line 4; L475-476)
    cargo_size: Optional[int]  # Land Units: Half Infantry 1, others 2; Ships None
    bonus_move: int = 0  # Cavalry Bonus Movement (L445)
    white_port: int = 0  # White Dice in a Port battle's Land Zone (Cavalry 1, L622)
    hits_to_out_of_action: Optional[int] = None  # Ships: Frigate 1, Ship of the Line 2 (L1028)
    elite_die: str = "white"  # the Die an Elite Pennant adds (L754)
    zone: Optional[str] = None  # Land Battleboard zone: "front", "rear" or "either" (L610-612)


@dataclass(frozen=True)
class Fortification:
    tier: str
    name: str
    dice: int  # Black Cannon Dice at full strength
    hp: int
    value: int


@dataclass(frozen=True)
class PlayerCount:
    id: str  # "2A", "2B", "3", "4", "5" or "6"
    players: int
    nations_per_player: int
    neutral: tuple


@dataclass(frozen=True)
class OffLimits:
    id: str
    name: str
    lat: float
    lon: float
    outline: tuple  # ((lat, lon), ...), a closed ring for drawing


_NONE: frozenset = frozenset()


@dataclass(frozen=True, eq=False)
class Pack:
    nations: dict  # id -> Nation
    territories: dict  # id -> Territory
    mountains: dict  # id -> Mountain
    ports: dict  # id -> Port
    seas: dict  # id -> Sea
    units: dict  # Force Type id -> UnitType
    forts: dict  # tier -> Fortification
    dice: dict  # "black"/"white" -> six face names
    casualty: dict  # "pennant" 5, "blue-morale" 10, "red-morale" -10 (L747)
    player_counts: dict  # "2A" ... "6" -> PlayerCount
    no_entry: dict  # Nation -> regions closed while it is Neutral (L249-254)
    isolated: dict  # Nation -> Ports cut off from their Interior while it is Neutral (L253)
    offlimits: dict  # id -> OffLimits, for drawing only (L224)
    regions: dict  # every region id -> "territory", "mountain", "port" or "sea"
    _land: dict = field(default_factory=dict, repr=False)
    _sea: dict = field(default_factory=dict, repr=False)

    def land_neighbours(self, region: str) -> frozenset:
        """The land regions a Land Unit may enter next: for a Territory its adjacent
        Territories and Mountain Ranges, for a Mountain Range the Territories on its
        sides (L194, L453). Ports and Open Seas have none (Cargo reaches an Interior
        by unloading, L467-498)."""
        return self._land.get(region, _NONE)

    def sea_neighbours(self, region: str) -> frozenset:
        """The sea regions a Ship may enter next: for a Port its one Open Sea, for an
        Open Sea the adjacent Open Seas and its Ports (L201, L459). Land regions have none."""
        return self._sea.get(region, _NONE)


# ----- loading ---------------------------------------------------------------------------------


pack = cached_loader(lambda directory: _build(directory), HERE)
"""``pack(directory=None)``: The whole pack, checked (see ``cached_loader``)."""


def validate(directory: Path | str | None = None) -> dict[str, int]:
    """Check the pack (the game's own unless a folder is given) and count what it holds;
    DataError naming file, record and problem if anything is wrong."""
    p = _build(Path(directory) if directory is not None else HERE)
    return {
        "nations": len(p.nations),
        "territories": len(p.territories),
        "capitals": sum(1 for t in p.territories.values() if t.tier == "capital"),
        "majors": sum(1 for t in p.territories.values() if t.tier == "major"),
        "minors": sum(1 for t in p.territories.values() if t.tier == "minor"),
        "independent": sum(1 for t in p.territories.values() if t.independent),
        "mountains": len(p.mountains),
        "ports": len(p.ports),
        "home ports": sum(1 for port in p.ports.values() if port.home),
        "independent ports": sum(1 for port in p.ports.values() if port.owner_start is None),
        "seas": len(p.seas),
        "unit types": len(p.units),
        "off-limits areas": len(p.offlimits),
    }


def public(directory: Path | str | None = None) -> dict:
    """The pack's public facts as plain JSON-ready data, for drawing boards: the map
    with real coordinates, the Nations, Force Types, Fortifications and Dice."""
    p = pack(directory)
    return {
        "nations": {
            n.id: {
                "name": n.name,
                "colour": n.colour,
                "capital": n.capital,
                "majors": list(n.majors),
                "home_ports": sorted(n.home_ports),
                "annexed_start": n.annexed_start,
                "annexed_port": n.annexed_port,
            }
            for n in p.nations.values()
        },
        "territories": {
            t.id: {
                "name": t.name,
                "tier": t.tier,
                "value": t.value,
                "homeland": t.homeland,
                "owner_start": t.owner_start,
                "independent": t.independent,
                "special": t.special_independent,
                "island": t.island,
                "lat": t.lat,
                "lon": t.lon,
                "land": sorted(t.land),
                "ports": list(t.ports),
            }
            for t in p.territories.values()
        },
        "mountains": {
            m.id: {"name": m.name, "colour": m.colour, "lat": m.lat, "lon": m.lon, "land": sorted(m.land)}
            for m in p.mountains.values()
        },
        "ports": {
            x.id: {
                "name": x.name,
                "tier": x.tier,
                "territory": x.territory,
                "sea": x.sea,
                "home": x.home,
                "owner_start": x.owner_start,
                "lat": x.lat,
                "lon": x.lon,
            }
            for x in p.ports.values()
        },
        "seas": {
            s.id: {"name": s.name, "lat": s.lat, "lon": s.lon, "seas": sorted(s.seas), "ports": sorted(s.ports)}
            for s in p.seas.values()
        },
        "no_entry": {n: sorted(regions) for n, regions in p.no_entry.items()},
        "offlimits": {
            o.id: {"name": o.name, "lat": o.lat, "lon": o.lon, "outline": [list(pt) for pt in o.outline]}
            for o in p.offlimits.values()
        },
        "units": {
            u.id: {
                "name": u.name,
                "kind": u.kind,
                "move": u.move,
                "bonus_move": u.bonus_move,
                "white": u.white,
                "white_rear": u.white_rear,
                "white_port": u.white_port,
                "black": u.black,
                "hp": u.hp,
                "hits_to_out_of_action": u.hits_to_out_of_action,
                "cost": u.cost,
                "casualty": u.casualty,
                "cargo_capacity": u.cargo_capacity,
                "cargo_size": u.cargo_size,
            }
            for u in p.units.values()
        },
        "forts": {f.tier: {"name": f.name, "dice": f.dice, "hp": f.hp, "value": f.value} for f in p.forts.values()},
        "dice": {k: list(v) for k, v in p.dice.items()},
    }


def _read(directory: Path) -> dict:
    return load_files(directory, GAME, FILES)


def _build(directory: Path) -> Pack:
    recs = _read(directory)
    refuse(GAME, directory, check(recs))
    return _assemble(recs)


def _assemble(recs: dict) -> Pack:
    ports_of: dict = {}
    for r in recs["ports"].values():
        if r.territory:
            ports_of.setdefault(r.territory, []).append(r.id)
    territories = {
        r.id: Territory(
            id=r.id,
            name=r.name,
            tier=r.tier,
            value=VALUE[r.tier],
            homeland=r.homeland,
            independent=r.independent,
            owner_start=r.owner_start,
            ports=tuple(sorted(ports_of.get(r.id, ()))),
            land=frozenset(r.land),
            lat=r.lat,
            lon=r.lon,
            island=r.island,
            special_independent=r.special_independent,
        )
        for r in recs["territories"].values()
    }
    mountains = {
        r.id: Mountain(r.id, r.name, r.colour, frozenset(r.land), r.lat, r.lon) for r in recs["mountains"].values()
    }
    ports = {
        r.id: Port(r.id, r.name, r.tier, VALUE[r.tier], r.territory, r.sea, r.home, r.owner_start, r.lat, r.lon)
        for r in recs["ports"].values()
    }
    seas = {r.id: Sea(r.id, r.name, frozenset(r.seas), frozenset(r.ports), r.lat, r.lon) for r in recs["seas"].values()}
    units = {
        r.id: UnitType(
            id=r.id,
            name=r.name,
            kind=r.kind,
            move=r.move,
            white=r.white,
            black=r.black,
            white_rear=r.white_rear,
            hp=r.hp,
            out_of_action=r.out_of_action,
            cost=r.cost,
            casualty=r.casualty,
            cargo_capacity=r.cargo_capacity,
            cargo_size=r.cargo_size if r.kind == "land" else None,
            bonus_move=r.bonus_move,
            white_port=r.white_port,
            hits_to_out_of_action=r.hits_to_out_of_action,
            elite_die=r.elite_die,
            zone=r.zone,
        )
        for r in recs["units"].values()
    }
    nations = {}
    for r in recs["nations"].values():
        homeland = frozenset([r.capital, *r.majors])
        setup = tuple((pl.unit, pl.region, pl.elite) for pl in recs["setup"][r.id].placements for _ in range(pl.count))
        nations[r.id] = Nation(
            id=r.id,
            name=r.name,
            colour=r.colour,
            capital=r.capital,
            majors=tuple(r.majors),
            homeland=homeland,
            home_ports=frozenset(p.id for p in ports.values() if p.home == r.id),
            annexed_start=r.annexed_start,
            annexed_port=r.annexed_port,
            gold_start=r.gold_start,
            forces_start=dict(r.forces_start),
            elite_start=r.elite_start,
            setup=setup,
        )
    no_entry, isolated = {}, {}
    for r in recs["neutrals"].values():  # L249-254
        n = nations[r.id]
        closed = set(n.homeland) | set(n.home_ports)
        for t in r.closed:
            closed.add(t)
            closed.update(territories[t].ports)
        no_entry[r.id] = frozenset(closed)
        isolated[r.id] = frozenset(r.isolated_ports)
    regions = {
        **{k: "territory" for k in territories},
        **{k: "mountain" for k in mountains},
        **{k: "port" for k in ports},
        **{k: "sea" for k in seas},
    }
    land = {k: t.land for k, t in territories.items()} | {k: m.land for k, m in mountains.items()}
    sea = {k: frozenset([p.sea]) for k, p in ports.items()} | {k: s.seas | s.ports for k, s in seas.items()}
    return Pack(
        nations=nations,
        territories=territories,
        mountains=mountains,
        ports=ports,
        seas=seas,
        units=units,
        forts={r.id: Fortification(r.id, r.name, r.dice, r.hp, r.value) for r in recs["fortifications"].values()},
        dice={r.id: tuple(r.faces) for r in recs["dice"].values()},
        casualty={r.id: r.points for r in recs["casualties"].values()},
        player_counts={
            r.id: PlayerCount(r.id, r.players, r.nations_per_player, tuple(r.neutral))
            for r in recs["player-counts"].values()
        },
        no_entry=no_entry,
        isolated=isolated,
        offlimits={
            r.id: OffLimits(r.id, r.name, r.lat, r.lon, tuple(tuple(pt) for pt in r.outline))
            for r in recs["offlimits"].values()
        },
        regions=regions,
        _land=land,
        _sea=sea,
    )


# ----- checking --------------------------------------------------------------------------------


def check(recs: dict) -> list[str]:
    """Every problem of the pack, each naming its file and record; empty if none."""
    problems: list[str] = []
    for part in (_check_map, _check_ports, _check_nations, _check_setup, _check_tables, _check_connected):
        part(recs, problems)
    return problems


def _bad(problems: list, kind: str, rid, message: str) -> None:
    problems.append(f"{kind}.json: record {rid!r}: {message}")


def _kinds(recs: dict) -> dict:
    """Every region id -> its kind; a region id used by two kinds is reported by _check_map."""
    kinds: dict = {}
    for kind, name in (("territories", "territory"), ("mountains", "mountain"), ("ports", "port"), ("seas", "sea")):
        for rid in recs[kind]:
            kinds.setdefault(rid, name)
    return kinds


def _check_map(recs: dict, problems: list) -> None:
    """Region ids, land adjacency (L191-194), tiers and homelands (L205-220), islands."""
    terrs, mtns = recs["territories"], recs["mountains"]
    kinds = _kinds(recs)
    seen: dict = {}
    for kind in ("territories", "mountains", "ports", "seas"):
        for rid in recs[kind]:
            if rid in seen:
                _bad(problems, kind, rid, f"the id is already used in {seen[rid]}.json; every region needs its own id")
            seen.setdefault(rid, kind)
    for t in terrs.values():
        for o in t.land:
            if o == t.id:
                _bad(problems, "territories", t.id, "borders itself")
            elif o not in kinds:
                _bad(problems, "territories", t.id, f"borders {o!r}, which is no region of the map")
            elif kinds[o] not in ("territory", "mountain"):
                _bad(problems, "territories", t.id, f"lists the {kinds[o]} {o!r} as a land neighbour (L191-194)")
            elif t.id not in (terrs[o].land if kinds[o] == "territory" else mtns[o].land):
                _bad(
                    problems, "territories", t.id, f"borders {o!r} but {o!r} does not border it (asymmetric adjacency)"
                )
            elif t.island and kinds[o] == "territory" and terrs[o].island != t.island:
                _bad(problems, "territories", t.id, f"lies on the island {t.island!r} but borders {o!r} by land")
        if t.tier == "minor":
            if t.homeland is not None:
                _bad(problems, "territories", t.id, "a Minor Territory is nobody's homeland (L212-220)")
            if t.independent != (t.owner_start is None):
                _bad(problems, "territories", t.id, "independent must be true exactly when nobody owns it at the start")
        else:
            if t.homeland is None or t.owner_start != t.homeland or t.independent:
                _bad(
                    problems,
                    "territories",
                    t.id,
                    f"a {t.tier} Territory is a homeland its Nation owns at the start (L212)",
                )
    for m in mtns.values():
        if len(set(m.land)) < 2:
            _bad(problems, "mountains", m.id, "a Mountain Range lies between at least 2 Territories (L194)")
        for o in m.land:
            if o not in kinds:
                _bad(problems, "mountains", m.id, f"borders {o!r}, which is no region of the map")
            elif kinds[o] != "territory":
                _bad(
                    problems,
                    "mountains",
                    m.id,
                    f"borders the {kinds[o]} {o!r}; Mountain Ranges border only Territories (L453)",
                )
            elif m.id not in terrs[o].land:
                _bad(problems, "mountains", m.id, f"borders {o!r} but {o!r} does not border it (asymmetric adjacency)")
        islands = {terrs[o].island for o in m.land if o in terrs}
        if len(islands) > 1:
            _bad(problems, "mountains", m.id, "joins Territories of different islands or an island and the mainland")
    for n in NATIONS:
        tiers = Counter(t.tier for t in terrs.values() if t.homeland == n)
        if tiers["capital"] != 1 or tiers["major"] != 4:
            problems.append(
                f"territories.json: the homeland of {n} has {tiers['capital']} Capital and {tiers['major']} Major "
                "Territories; it must have 1 Capital and 4 Majors (L212)"
            )


def _check_ports(recs: dict, problems: list) -> None:
    """Ports: one Open Sea, one Interior, never another Port (L201); tiers (L205);
    homeland Ports (L143-144, L214-216, L266-270)."""
    terrs, ports, seas = recs["territories"], recs["ports"], recs["seas"]
    kinds = _kinds(recs)
    listed_in: dict = {}
    for s in seas.values():
        for o in s.seas:
            if o not in kinds:
                _bad(problems, "seas", s.id, f"lists {o!r}, which is no region of the map")
            elif kinds[o] == "port":
                _bad(problems, "seas", s.id, f"lists the Port {o!r} among its adjacent seas; Ports belong in 'ports'")
            elif kinds[o] != "sea":
                _bad(problems, "seas", s.id, f"lists the {kinds[o]} {o!r} as an adjacent Open Sea")
            elif s.id not in seas[o].seas:
                _bad(problems, "seas", s.id, f"touches {o!r} but {o!r} does not touch it (asymmetric adjacency)")
        for o in s.ports:
            if kinds.get(o) != "port":
                _bad(problems, "seas", s.id, f"lists {o!r} as a Port, but it is no Port of the map")
            else:
                listed_in.setdefault(o, []).append(s.id)
    home_ports: Counter = Counter()
    capital_ports: Counter = Counter()
    for p in ports.values():
        if kinds.get(p.sea) == "port":
            _bad(problems, "ports", p.id, f"touches the Port {p.sea!r}; Ports are never adjacent to each other (L201)")
        elif kinds.get(p.sea) != "sea":
            _bad(problems, "ports", p.id, f"its sea {p.sea!r} is no Open Sea of the map (L201)")
        listing = listed_in.get(p.id, [])
        if listing != [p.sea]:
            message = f"its sea is {p.sea!r}, the seas listing it are {listing}"
            _bad(problems, "ports", p.id, f"must lie on exactly one Open Sea (L201): {message}")
        if p.territory is None:
            if p.home is not None:
                _bad(problems, "ports", p.id, "a Port without an Interior cannot be a homeland Port")
            continue
        if kinds.get(p.territory) == "port":
            _bad(problems, "ports", p.id, f"its Interior is the Port {p.territory!r}; Ports are never adjacent (L201)")
            continue
        if kinds.get(p.territory) != "territory":
            _bad(problems, "ports", p.id, f"its Interior {p.territory!r} is no Territory of the map")
            continue
        t = terrs[p.territory]
        if p.tier != t.tier:
            _bad(problems, "ports", p.id, f"is {p.tier} but its Interior {t.id} is {t.tier} (L205)")
        if p.home is not None:
            if p.home != t.homeland:
                _bad(problems, "ports", p.id, f"is a homeland Port of {p.home} on {t.id}, which is not its homeland")
            if p.owner_start != p.home:
                _bad(problems, "ports", p.id, f"a homeland Port starts under its Nation's flag ({p.home}) (L262-266)")
            home_ports[t.id] += 1
            if p.tier == "capital":
                capital_ports[p.home] += 1
        elif t.tier == "minor" and p.owner_start != t.owner_start:
            _bad(
                problems, "ports", p.id, f"starts owned by {p.owner_start}, but its Interior {t.id} by {t.owner_start}"
            )
    for tid, n in home_ports.items():
        if terrs[tid].tier == "major" and n > MAJOR_PORTS:
            _bad(problems, "territories", tid, f"has {n} homeland Ports; a Major Territory has 1 or 2 (L144)")
    if dict(capital_ports) != CAPITAL_PORTS:
        problems.append(
            f"ports.json: the Capital Ports are {dict(capital_ports)}; only Great Britain (2) and Russia (1) "
            "have Capital Ports (L143, L270)"
        )


def _check_nations(recs: dict, problems: list) -> None:
    """Nations: homelands (L212), starting Annexed Territory (L276-281), Starting Forces (L296-302)."""
    terrs, nations, units, ports = recs["territories"], recs["nations"], recs["units"], recs["ports"]
    if set(nations) != set(NATIONS):
        problems.append(f"nations.json: the Nations must be {', '.join(NATIONS)} (L108-113)")
    for n in nations.values():
        capital = [t.id for t in terrs.values() if t.homeland == n.id and t.tier == "capital"]
        majors = {t.id for t in terrs.values() if t.homeland == n.id and t.tier == "major"}
        if [n.capital] != capital:
            _bad(
                problems, "nations", n.id, f"its capital {n.capital!r} is not its Capital Territory in territories.json"
            )
        if len(n.majors) != 4 or set(n.majors) != majors:
            _bad(
                problems, "nations", n.id, f"its majors {n.majors} are not its 4 Major Territories in territories.json"
            )
        annexed = [t.id for t in terrs.values() if t.tier == "minor" and t.owner_start == n.id]
        if annexed != [n.annexed_start]:
            _bad(
                problems,
                "nations",
                n.id,
                f"starts with 1 Annexed Territory, {n.annexed_start!r}; the map gives {annexed}",
            )
        else:
            aports = [p.id for p in ports.values() if p.territory == n.annexed_start]
            if aports != ([n.annexed_port] if n.annexed_port else []):
                _bad(problems, "nations", n.id, f"annexed_port {n.annexed_port!r}, but {n.annexed_start} has {aports}")
        for unit, count in n.forces_start.items():
            if unit not in units:
                _bad(problems, "nations", n.id, f"Starting Forces name the unknown Force Type {unit!r}")
            elif count < 1:
                _bad(problems, "nations", n.id, f"Starting Forces list {count} {unit}")
        if n.forces_start.get(n.elite_start, 0) < 1:
            _bad(problems, "nations", n.id, f"its Elite is a {n.elite_start} but it starts with none (L302)")


def _check_setup(recs: dict, problems: list) -> None:
    """The default placement obeys L285-292 and matches the Starting Forces."""
    terrs, ports, units, nations = recs["territories"], recs["ports"], recs["units"], recs["nations"]
    kinds = _kinds(recs)
    for nid in NATIONS:
        if nid not in recs["setup"]:
            problems.append(f"setup.json: no placement for {nid}")
    for s in recs["setup"].values():
        n = nations.get(s.id)
        if n is None:
            continue
        homeland = {n.capital, *n.majors}
        counted: Counter = Counter()
        per_territory: Counter = Counter()
        elites = []
        for pl in s.placements:
            u = units.get(pl.unit)
            if u is None:
                _bad(problems, "setup", s.id, f"places the unknown Force Type {pl.unit!r}")
                continue
            counted[pl.unit] += pl.count
            if pl.elite:
                elites.extend([pl.unit] * pl.count)
            kind = kinds.get(pl.region)
            if u.kind == "land":
                if pl.region not in homeland and pl.region != n.annexed_start:
                    where = f"the {kind} {pl.region!r}" if kind else f"{pl.region!r}, no region of the map"
                    _bad(
                        problems,
                        "setup",
                        s.id,
                        f"places a {pl.unit} in {where}; Land Units start in their homeland or initial "
                        "Annexed Territory (L289, L291)",
                    )
                per_territory[pl.region] += pl.count
            else:
                p = ports.get(pl.region)
                ok = p is not None and p.owner_start == n.id and (p.tier != "minor" or p.id == n.annexed_port)
                if not ok:
                    _bad(
                        problems,
                        "setup",
                        s.id,
                        f"places a {pl.unit} in {pl.region!r}; Ships start in their own Capital or Major Ports "
                        "or the initial Annexed Port (L289)",
                    )
        for region, count in per_territory.items():
            if count > LAND_LIMIT:
                _bad(
                    problems, "setup", s.id, f"places {count} Land Units in {region}; the limit is {LAND_LIMIT} (L290)"
                )
        in_capital = [pl.unit for pl in s.placements if pl.region == n.capital]
        if "cannon" not in in_capital and "full-infantry" not in in_capital:
            _bad(problems, "setup", s.id, f"needs a Cannon or a Full Infantry in its Capital {n.capital} (L292)")
        if dict(counted) != n.forces_start:
            _bad(problems, "setup", s.id, f"places {dict(counted)} but the Starting Forces are {n.forces_start}")
        if elites != [n.elite_start]:
            _bad(problems, "setup", s.id, f"marks {elites or 'no'} Elite; it has exactly one, a {n.elite_start} (L302)")
    for nr in recs["neutrals"].values():
        for t in nr.closed:
            if t not in terrs:
                _bad(problems, "neutrals", nr.id, f"closes {t!r}, which is no Territory of the map")
        for p in nr.isolated_ports:
            if p not in ports:
                _bad(problems, "neutrals", nr.id, f"isolates {p!r}, which is no Port of the map")
    for nid in NATIONS:
        if nid not in recs["neutrals"]:
            problems.append(f"neutrals.json: no record for {nid}")


def _check_tables(recs: dict, problems: list) -> None:
    """Force Types, Fortifications, Dice (L154-159), player counts (L228-235), Ottoman areas (L224)."""
    units = recs["units"]
    if set(units) != set(UNIT_TYPES):
        problems.append(f"units.json: the Force Types must be {', '.join(UNIT_TYPES)} (L119-129)")
    for u in units.values():
        if u.kind == "ship" and (u.out_of_action is None or u.hits_to_out_of_action is None or u.cargo_capacity < 1):
            _bad(
                problems,
                "units",
                u.id,
                "a Ship needs its Out-of-Action threshold and a Cargo capacity (L475-476, L707-708)",
            )
        if u.kind == "land" and u.cargo_size < 1:
            _bad(problems, "units", u.id, "a Land Unit takes Cargo space (L126, L475-476)")
    if set(recs["fortifications"]) != {"capital", "major", "minor"}:
        problems.append("fortifications.json: there must be a Capital, a Major and a Minor Fortification (L700)")
    for die in ("black", "white"):
        r = recs["dice"].get(die)
        if r is None:
            problems.append(f"dice.json: no {die} die (L156-159)")
            continue
        allowed = FACES[die]
        if len(r.faces) != 6:
            _bad(problems, "dice", die, f"has {len(r.faces)} faces; a die has 6")
        wrong = sorted({f for f in r.faces if f not in allowed})
        if wrong:
            _bad(problems, "dice", die, f"has faces {wrong}; the {die} die's faces are {', '.join(allowed)}")
        missing = [f for f in allowed if f not in r.faces]
        if missing:
            _bad(problems, "dice", die, f"lacks the face(s) {missing} the rulebook names (L156, L668, L685)")
    counts = recs["player-counts"]
    if set(counts) != set(PLAYER_COUNTS):
        problems.append(f"player-counts.json: the player counts are {', '.join(PLAYER_COUNTS)} (L230-235)")
    for c in counts.values():
        if c.players * c.nations_per_player + len(set(c.neutral)) != len(NATIONS):
            _bad(problems, "player-counts", c.id, "players x Nations each + Neutral Nations must make the 6 Nations")
    rings = [(o.id, o.outline) for o in recs["offlimits"].values()]
    for kind in ("territories", "mountains", "ports", "seas"):
        for r in recs[kind].values():
            for oid, ring in rings:
                if _inside(r.lat, r.lon, ring):
                    _bad(problems, kind, r.id, f"lies inside the off-limits area {oid} (L224)")


def _inside(lat: float, lon: float, ring) -> bool:
    """Whether a point lies inside a ring of (lat, lon) points (even-odd rule)."""
    inside = False
    for i, (y1, x1) in enumerate(ring):
        y2, x2 = ring[i - 1]
        if (y1 > lat) != (y2 > lat) and lon < (x2 - x1) * (lat - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _check_connected(recs: dict, problems: list) -> None:
    """The mainland is one land mass, each island one land mass with a Port, the Open
    Seas one body of water, and every region reachable from every other."""
    terrs, mtns, ports, seas = recs["territories"], recs["mountains"], recs["ports"], recs["seas"]
    land = {t.id: set(t.land) for t in terrs.values()} | {m.id: set(m.land) for m in mtns.values()}
    groups: dict = {}
    for t in terrs.values():
        groups.setdefault(t.island, set()).add(t.id)
    for island, members in groups.items():
        reach = _reach(next(iter(sorted(members))), lambda r: land.get(r, ()))
        apart = sorted(members - reach)
        name = f"the island {island!r}" if island else "the mainland"
        if apart:
            problems.append(f"territories.json: {name} is not one land mass; cut off: {', '.join(apart[:8])}")
        if island and not any(p.territory in members for p in ports.values()):
            problems.append(f"territories.json: {name} has no Port, so nothing can reach it (L201)")
    water = {s.id: set(s.seas) | set(s.ports) for s in seas.values()} | {p.id: {p.sea} for p in ports.values()}
    if seas:
        reach = _reach(next(iter(sorted(seas))), lambda r: water.get(r, ()))
        apart = sorted(set(water) - reach)
        if apart:
            problems.append(
                f"seas.json: the Open Seas and Ports are not one body of water; cut off: {', '.join(apart[:8])}"
            )
    everything = {k: set(v) for k, v in land.items()}
    for k, v in water.items():
        everything.setdefault(k, set()).update(v)
    for p in ports.values():
        if p.territory in everything:
            everything[p.id].add(p.territory)
            everything[p.territory].add(p.id)
    if everything:
        reach = _reach(next(iter(sorted(everything))), lambda r: everything.get(r, ()))
        apart = sorted(set(everything) - reach)
        if apart:
            problems.append(
                f"territories.json: the map is not connected by land and sea; cut off: {', '.join(apart[:8])}"
            )


def _reach(start: str, neighbours) -> set:
    seen, todo = {start}, deque([start])
    while todo:
        for o in neighbours(todo.popleft()):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return seen
