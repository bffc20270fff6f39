"""Over There's map of East Prussia and Russian Poland, 1914 (``data/map.json``).

The file is generated from real geography by ``scripts/build_over_there_map.py`` (see
MAP.md): 16 miles (25.75 km) between hex centres on a Lambert conformal conic projection,
flat-topped hexes in vertical columns, printed ids ``CCRR`` with column 01 at the west and
row 01 at the north, even-numbered columns half a hex lower (the engine's ``hexes`` grid).

``load_map()`` reads and checks it once and gives the rules plain dicts:

* ``terrain[hex]`` and ``country[hex]`` (``"germany"``, ``"russia"``, None at sea);
* ``hexsides["0623|0624"]``: the features of that hexside, named as on the Terrain Effects
  Chart (``major-river``, ``river``, ``minor-river``, ``lake-side``, ``frontier``);
* ``rail["0623|0624"]``: ``{"gauge", "volume", "lines"}`` of the rail link through the two
  centres; ``rail_exits`` where a line leaves the map; ``roads["0623|0624"]``: road ids;
* ``towns[id]``: the town's record as a dict (hex, country, size, fortress, port...);
  ``place(name)`` finds one by its name (the scenario's vocabulary).

``validate_map()`` returns the problems it finds (an empty list for a sound map): every hex of
the grid has a terrain, every hexside key joins two adjacent hexes, features are ones the
charts know, the frontier lies between the two countries, every rail line runs hex to
adjacent hex, through its stations' hexes, and ends at a station or the map's edge, each rail
net (one per gauge) is connected (lines that leave the map toward the same place join there),
every town lies in the hex that holds its coordinates and in a hex of its own country, and
every record has its provenance.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...engine import hexes as hx
from ...engine.data import Record
from ...engine.errors import DataError

HERE = Path(__file__).parent / "data"
MAP_FILE = HERE / "map.json"
GAME = "over-there"

TERRAIN = Literal[
    "clear", "rough", "woods", "forest", "wooded-rough", "swamp", "wooded-swamp", "mountain", "lake", "sea"
]
WATER = ("lake", "sea")
HEXSIDE_FEATURE = Literal["minor-river", "river", "major-river", "canal", "lake-side", "sea-side", "frontier"]
RIVERS = ("minor-river", "river", "major-river")
COUNTRY = Literal["germany", "russia"]
SIZE = Literal["full-city", "partial-city", "town", "place"]  # Rule 3E2 (L132-138); a place is only a name
GAUGE = Literal["standard", "broad"]  # Rule 7A (L328)


# ----- the records, as the file holds them ----------------------------------------------------


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Projection(_Part):
    proj: Literal["lcc"]
    lat_1: float
    lat_2: float
    lat_0: float
    lon_0: float
    R: float = Field(gt=0)


class Frame(_Part):
    lon_min: float
    lon_max: float
    lat_min: float
    lat_max: float


class GridRecord(Record):
    hex_spacing_m: float = Field(gt=0)
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)
    layout: str
    projection: Projection
    proj4: str
    origin_m: tuple[float, float]
    centre_formula: str
    frame: Frame


class SourceRecord(Record):
    id: str
    name: str
    licence: str
    use: str


class CountryRecord(Record):
    name: str


class HexRecord(Record):
    terrain: TERRAIN
    country: Optional[COUNTRY]
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    water: Optional[str] = None


class HexsideRecord(Record):
    features: list[HEXSIDE_FEATURE] = Field(min_length=1)
    river_name: Optional[str] = None
    lake_name: Optional[str] = None


class Fortress(_Part):
    type: Literal["new", "old", "great"]  # Rule 15B (L1080)
    basis: str


class TownRecord(Record):
    id: str
    name: str
    name_today: str
    country: COUNTRY
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    hex: str
    size: SIZE
    fortress: Optional[Fortress] = None
    port: Optional[Literal["great", "major", "standard", "minor", "marginal"]] = None  # L602-610


class Exit(_Part):
    hex: str
    toward: str


class RailLineRecord(Record):
    id: str
    name: str
    gauge: GAUGE
    volume: Literal["high", "low"]  # L601
    stations: list[str]
    hexes: list[str] = Field(min_length=2)
    exits: list[Exit] = []


class RoadRecord(Record):
    id: str
    name: str
    hexes: list[str] = Field(min_length=2)
    exits: list[Exit] = []


class MapFile(_Part):
    format: Literal["kriegsspiel-data"]
    game: Literal["over-there"]
    kind: Literal["map"]
    generated_by: str
    grid: GridRecord
    sources: list[SourceRecord] = Field(min_length=1)
    countries: dict[COUNTRY, CountryRecord]
    hexes: dict[str, HexRecord]
    hexsides: dict[str, HexsideRecord]
    towns: list[TownRecord]
    rail_lines: list[RailLineRecord]
    roads: list[RoadRecord]


# ----- the map the rules use ------------------------------------------------------------------


@dataclass
class GameMap:
    """The map as plain dicts, keyed by printed hex ids and hexside keys ``"0623|0624"``."""

    grid: dict
    terrain: dict[str, str]
    country: dict[str, Optional[str]]
    hexsides: dict[str, tuple[str, ...]]
    hexside_names: dict[str, dict]
    towns: dict[str, dict]
    rail: dict[str, dict]
    rail_lines: dict[str, dict]
    rail_exits: list[dict]
    roads: dict[str, list[str]]
    road_lines: dict[str, dict]
    neighbours: dict[str, tuple[str, ...]] = field(repr=False)

    def features(self, a: str, b: str) -> tuple[str, ...]:
        """The features of the hexside between two adjacent hexes (empty if none)."""
        return self.hexsides.get(hx.side_id(a, b), ())

    def place(self, name: str) -> dict:
        """The town called ``name`` (its 1914 name, today's name or its id)."""
        for t in self.towns.values():
            if name in (t["name"], t["name_today"], t["id"]):
                return t
        raise KeyError(f"no town called {name!r} on the Over There map")

    def towns_in(self, hex_id: str) -> list[dict]:
        return list(self._towns_by_hex.get(hex_id, ()))

    @cached_property
    def _towns_by_hex(self) -> dict[str, list[dict]]:
        """Hex -> its towns, found once: the map does not change."""
        out: dict[str, list[dict]] = {}
        for t in self.towns.values():
            out.setdefault(t["hex"], []).append(t)
        return out


def hex_of(lat: float, lon: float, grid: dict) -> Optional[str]:
    """The printed id of the hex holding a point, by the map's own projection; None off the map."""
    x, y = project(lon, lat, grid["projection"])
    d = grid["hex_spacing_m"]
    s = d / math.sqrt(3)
    x0, y0 = grid["origin_m"]
    q, r = hx.pixel_to_hex(x, -y, s, (x0 - 1.5 * s, -y0 - d / 2))
    column, row = hx.axial_to_offset((q, r))
    if 1 <= column <= grid["columns"] and 1 <= row <= grid["rows"]:
        return f"{column:02d}{row:02d}"
    return None


def project(lon: float, lat: float, p: dict) -> tuple[float, float]:
    """Spherical Lambert conformal conic (Snyder 1987): degrees to metres, y to the north."""

    def t(phi):
        return math.tan(math.pi / 4 + math.radians(phi) / 2)

    f1, f2 = math.radians(p["lat_1"]), math.radians(p["lat_2"])
    n = math.log(math.cos(f1) / math.cos(f2)) / math.log(t(p["lat_2"]) / t(p["lat_1"]))
    big_f = math.cos(f1) * t(p["lat_1"]) ** n / n
    rho0 = p["R"] * big_f / t(p["lat_0"]) ** n
    rho = p["R"] * big_f / t(lat) ** n
    theta = n * math.radians(lon - p["lon_0"])
    return rho * math.sin(theta), rho0 - rho * math.cos(theta)


def _read(path: Path) -> tuple[Optional[MapFile], list[str]]:
    try:
        raw = json.loads(Path(path).read_text())
    except OSError as e:
        return None, [f"{path}: cannot read: {e.strerror}"]
    except json.JSONDecodeError as e:
        return None, [f"{path}: not valid JSON ({e.msg}, line {e.lineno})"]
    try:
        return MapFile.model_validate(raw), []
    except ValidationError as e:
        out = []
        for err in e.errors():
            where = ".".join(map(str, err["loc"])) or "file"
            msg = err["msg"]
            if err["type"] == "string_pattern_mismatch" and err["loc"][-1] == "source":
                msg = "provenance must be 'rulebook <line or rule>' or 'authored: <basis>'"
            if err["type"] == "missing" and err["loc"][-1] == "source":
                msg = "has no provenance (source)"
            out.append(f"{path.name}: {where}: {msg}")
        return None, out


def _assemble(m: MapFile) -> GameMap:
    rail: dict[str, dict] = {}
    for line in m.rail_lines:
        for a, b in zip(line.hexes, line.hexes[1:], strict=False):
            rec = rail.setdefault(hx.side_id(a, b), {"gauge": line.gauge, "volume": line.volume, "lines": []})
            rec["lines"].append(line.id)
            if line.volume == "high":
                rec["volume"] = "high"
    roads: dict[str, list[str]] = {}
    for road in m.roads:
        for a, b in zip(road.hexes, road.hexes[1:], strict=False):
            roads.setdefault(hx.side_id(a, b), []).append(road.id)
    return GameMap(
        grid=m.grid.model_dump(),
        terrain={h: r.terrain for h, r in m.hexes.items()},
        country={h: r.country for h, r in m.hexes.items()},
        hexsides={k: tuple(r.features) for k, r in m.hexsides.items()},
        hexside_names={
            k: {n: v for n, v in (("river", r.river_name), ("lake", r.lake_name)) if v} for k, r in m.hexsides.items()
        },
        towns={t.id: t.model_dump() for t in m.towns},
        rail=rail,
        rail_lines={r.id: r.model_dump() for r in m.rail_lines},
        rail_exits=[{"line": r.id, "gauge": r.gauge, **e.model_dump()} for r in m.rail_lines for e in r.exits],
        roads=roads,
        road_lines={r.id: r.model_dump() for r in m.roads},
        neighbours=hx.neighbour_table(m.hexes),
    )


_kept: dict = {}


def load_map(path: Path | str | None = None) -> GameMap:
    """The map, checked; DataError listing what is wrong. The shipped map is read once and kept."""
    key = None if path is None else Path(path)
    if key is None and None in _kept:
        return _kept[None]
    p = MAP_FILE if key is None else key
    m, problems = _read(p)
    if not problems:
        problems = _check(m, p.name)
    if problems:
        more = f" (and {len(problems) - 20} more)" if len(problems) > 20 else ""
        raise DataError(f"{GAME} map {p}: " + "; ".join(problems[:20]) + more)
    game_map = _assemble(m)
    if key is None:
        _kept[None] = game_map
    return game_map


def validate_map(path: Path | str | None = None) -> list[str]:
    """Every problem found in the map file (an empty list when it is sound)."""
    p = MAP_FILE if path is None else Path(path)
    m, problems = _read(p)
    return problems if m is None else _check(m, p.name)


# ----- the checks -----------------------------------------------------------------------------


def _check(m: MapFile, name: str) -> list[str]:
    out: list[str] = []
    g = m.grid
    expected = {f"{c:02d}{r:02d}" for c in range(1, g.columns + 1) for r in range(1, g.rows + 1)}
    for h in sorted(expected - set(m.hexes)):
        out.append(f"{name}: hex {h} of the {g.columns}x{g.rows} grid has no terrain")
    for h in sorted(set(m.hexes) - expected):
        out.append(f"{name}: hex {h} is not on the {g.columns}x{g.rows} grid")
    for h, rec in sorted(m.hexes.items()):
        if (rec.terrain == "sea") != (rec.country is None):
            out.append(f"{name}: hex {h}: a {rec.terrain} hex {'has' if rec.country else 'needs'} a country")
        if rec.terrain in WATER and not rec.water:
            out.append(f"{name}: hex {h}: a {rec.terrain} hex names no water")
    out += _check_hexsides(m, name)
    out += _check_towns(m, name)
    out += _check_courses(m, name)
    return out


def _adjacent(a: str, b: str) -> bool:
    try:
        return hx.distance(hx.from_id(a), hx.from_id(b)) == 1
    except ValueError:
        return False


def _check_hexsides(m: MapFile, name: str) -> list[str]:
    out = []
    for key, rec in sorted(m.hexsides.items()):
        a, sep, b = key.partition("|")
        where = f"{name}: hexside {key!r}"
        if not sep or a not in m.hexes or b not in m.hexes:
            out.append(f"{where}: not two hexes of the map")
            continue
        if not _adjacent(a, b):
            out.append(f"{where}: the hexes are not adjacent")
            continue
        if a > b:
            out.append(f"{where}: write it {b}|{a} (the lesser id first)")
        f = rec.features
        if len(set(f)) != len(f):
            out.append(f"{where}: a feature twice")
        rivers = [x for x in f if x in RIVERS]
        if len(rivers) > 1:
            out.append(f"{where}: more than one river class ({', '.join(rivers)})")
        if rivers and not rec.river_name:
            out.append(f"{where}: a river hexside names no river")
        if rec.river_name and not rivers:
            out.append(f"{where}: names the river {rec.river_name!r} but has no river feature")
        if ("lake-side" in f) != bool(rec.lake_name):
            out.append(f"{where}: a lake-side hexside and its lake name go together")
        ta, tb = m.hexes[a], m.hexes[b]
        if rivers and (ta.terrain in WATER or tb.terrain in WATER):
            out.append(f"{where}: a river along open water (rivers lie on hexsides between land hexes)")
        if "frontier" in f and (ta.country == tb.country or ta.terrain == "sea" or tb.terrain == "sea"):
            out.append(f"{where}: marked frontier but both hexes are {ta.country}")
    # every land hexside between the two countries is marked
    for h, rec in sorted(m.hexes.items()):
        if rec.terrain == "sea":
            continue
        for n in hx.neighbours(hx.from_id(h)):
            try:
                other = hx.to_id(n)
            except ValueError:
                continue
            o = m.hexes.get(other)
            if o is None or o.terrain == "sea" or o.country == rec.country or other < h:
                continue
            key = hx.side_id(h, other)
            if "frontier" not in (m.hexsides[key].features if key in m.hexsides else []):
                out.append(f"{name}: hexside {key!r} lies between {rec.country} and {o.country} but is no frontier")
    return out


def _check_towns(m: MapFile, name: str) -> list[str]:
    out = []
    grid = m.grid.model_dump()
    seen = set()
    for t in m.towns:
        where = f"{name}: town {t.id!r}"
        if t.id in seen:
            out.append(f"{where}: the id is used twice")
        seen.add(t.id)
        holds = hex_of(t.lat, t.lon, grid)
        if holds is None:
            out.append(f"{where}: ({t.lat}, {t.lon}) lies off the map")
            continue
        if t.hex != holds:
            out.append(f"{where}: placed in {t.hex} but its coordinates lie in {holds}")
        h = m.hexes.get(t.hex)
        if h is None:
            out.append(f"{where}: hex {t.hex} is not on the map")
            continue
        if h.terrain in WATER:
            out.append(f"{where}: lies in a {h.terrain} hex")
        elif h.country != t.country:
            out.append(f"{where}: a {t.country} town in a {h.country} hex")
    return out


def _check_courses(m: MapFile, name: str) -> list[str]:
    out = []
    towns = {t.id: t for t in m.towns}
    links: dict[str, dict] = {}
    for kind, records in (("rail line", m.rail_lines), ("road", m.roads)):
        ids = set()
        for rec in records:
            where = f"{name}: {kind} {rec.id!r}"
            if rec.id in ids:
                out.append(f"{where}: the id is used twice")
            ids.add(rec.id)
            for h in rec.hexes:
                if h not in m.hexes:
                    out.append(f"{where}: hex {h} is not on the map")
            for a, b in zip(rec.hexes, rec.hexes[1:], strict=False):
                if a in m.hexes and b in m.hexes and not _adjacent(a, b):
                    out.append(f"{where}: jumps from {a} to {b}, which are not adjacent")
            for a in rec.hexes:
                if a in m.hexes and m.hexes[a].terrain in WATER:
                    out.append(f"{where}: runs through the {m.hexes[a].terrain} hex {a}")
            ends = {e.hex for e in rec.exits}
            for e in rec.exits:
                if e.hex not in (rec.hexes[0], rec.hexes[-1]):
                    out.append(f"{where}: leaves the map at {e.hex}, which is not one of its ends")
                elif e.hex in m.hexes and not _on_edge(e.hex, m.grid):
                    out.append(f"{where}: leaves the map at {e.hex}, which is not on the map's edge")
            if kind == "rail line":
                for s in rec.stations:
                    if s not in towns:
                        out.append(f"{where}: station {s!r} is no town of the map")
                    elif towns[s].hex not in rec.hexes:
                        out.append(f"{where}: does not pass through {s}'s hex {towns[s].hex}")
                station_hexes = {towns[s].hex for s in rec.stations if s in towns}
                for end in (rec.hexes[0], rec.hexes[-1]):
                    if end not in station_hexes and end not in ends:
                        out.append(f"{where}: ends in {end}, neither a station nor the map's edge")
                for a, b in zip(rec.hexes, rec.hexes[1:], strict=False):
                    if a == b or not _adjacent(a, b):
                        continue
                    key = hx.side_id(a, b)
                    other = links.setdefault(key, {"gauge": rec.gauge, "line": rec.id})
                    if other["gauge"] != rec.gauge:
                        out.append(
                            f"{where}: link {key} is {rec.gauge} gauge but {other['line']} runs it {other['gauge']}"
                        )
    out += _check_nets(m, name)
    return out


def _on_edge(h: str, g: GridRecord) -> bool:
    c, r = int(h[:2]), int(h[2:])
    return c in (1, g.columns) or r in (1, g.rows)


def _finder(parent: dict):
    """Union-find's 'find' over the dict ``parent`` (path halving)."""

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    return find


def _check_nets(m: MapFile, name: str) -> list[str]:
    """Each gauge's lines form one net; lines leaving the map toward the same place join there."""
    out = []
    for gauge in ("standard", "broad"):
        parent: dict = {}
        find = _finder(parent)

        def union(a, b, find=find, parent=parent):
            parent[find(a)] = find(b)

        lines = [r for r in m.rail_lines if r.gauge == gauge]
        for r in lines:
            for a, b in zip(r.hexes, r.hexes[1:], strict=False):
                union(("hex", a), ("hex", b))
            for e in r.exits:
                union(("hex", e.hex), ("off-map", e.toward))
        roots = {find(("hex", r.hexes[0])) for r in lines}
        if len(roots) > 1:
            parts = sorted(sorted(r.id for r in lines if find(("hex", r.hexes[0])) == root) for root in roots)
            out.append(f"{name}: the {gauge}-gauge net falls into {len(parts)} parts: " + "; ".join(map(str, parts)))
    return out


def validate(path: Path | str | None = None) -> dict[str, int]:
    """The map's counts, for ``kriegsspiel data validate``; DataError if it is not sound."""
    m = load_map(path)
    return {
        "hexes": len(m.terrain),
        "hexsides with features": len(m.hexsides),
        "rail links": len(m.rail),
        "road links": len(m.roads),
        "towns": len(m.towns),
    }


__all__ = ["GameMap", "MapFile", "hex_of", "load_map", "project", "validate", "validate_map"]
