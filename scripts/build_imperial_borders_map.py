"""Build the Imperial Borders browser map from a real coastline dataset.

Reads the land of Natural Earth (1:50m, public domain) as the npm package
``world-atlas`` ships it (``land-50m.json``, TopoJSON, ISC licence), projects it
with a Lambert conformal conic projection of Europe, and divides it among the
Territories of the data pack: each Territory grows over land from its centre,
its Ports and a few authored points (below) until it meets its neighbours, so
coasts, peninsulas and islands are the real ones and land borders fall between
the regions' real places. The Open Seas divide the water the same way. The
Ottoman areas (``offlimits.json``) keep their authored outlines, clipped to the
real land. The result is written as an ES module the board imports
(``static/boards/imperial-borders-map.js``): SVG paths in the board's user
units, with every region's anchor (where its name, forces and roundel go) and
each Mountain Range's place on the border it guards.

The product never needs this script, shapely or the dataset at run time. To
rebuild (shapely is a build-time tool only, not a dependency of the product)::

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    .venv/bin/pip install shapely==2.2.0
    .venv/bin/python scripts/build_imperial_borders_map.py --land package/land-50m.json

``--check`` prints how the map's shared borders compare with the data pack's
adjacency without writing anything.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import sys
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, polylabel

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "kriegsspiel" / "games" / "imperial_borders" / "data"
OUT = ROOT / "src" / "kriegsspiel" / "play" / "web" / "static" / "boards" / "imperial-borders-map.js"

# ----- the projection and the frame ------------------------------------------------------------

WIDTH = 1000.0  # the board's user units across the map
PROJECTION = {"kind": "lcc", "lat1": 40.0, "lat2": 60.0, "lat0": 50.0, "lon0": 12.0}

# Places the frame must show besides the regions themselves (lat, lon): the far coasts of the
# Atlantic shore, the head of the Gulf of Bothnia (Sweden meets Finland at Tornio), the Sea of Azov.
FRAME_POINTS = [
    (52.1, -10.6),  # the west of Ireland
    (42.9, -9.4),  # Cape Finisterre
    (37.0, -9.1),  # Cape St. Vincent
    (58.6, -7.3),  # the Hebrides
    (66.4, 24.2),  # Tornio
    (64.4, 11.0),  # Trøndelag
    (47.2, 39.3),  # the Don's mouth
    (35.8, 14.5),  # Malta
    (36.8, 3.0),  # Algiers
]
MARGIN = 0.035  # of the frame's width, around those points


def lcc(params):
    """Lambert conformal conic on the sphere: (lon, lat) arrays in degrees -> (x, y)."""
    p1, p2, p0, l0 = (math.radians(params[k]) for k in ("lat1", "lat2", "lat0", "lon0"))

    def t(phi):
        return np.tan(np.pi / 4 + phi / 2)

    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(t(p2) / t(p1))
    f = math.cos(p1) * t(p1) ** n / n
    rho0 = f / t(p0) ** n

    def forward(lon, lat):
        lon = np.radians(np.asarray(lon, dtype=float))
        lat = np.radians(np.asarray(lat, dtype=float))
        rho = f / t(lat) ** n
        theta = n * (lon - l0)
        return rho * np.sin(theta), rho0 - rho * np.cos(theta)

    return forward, {"n": n, "f": f, "rho0": rho0}


class Frame:
    """The projection into the board's user units: x to the right, y down, WIDTH across."""

    def __init__(self, points):
        self.forward, self.constants = lcc(PROJECTION)
        lats = np.array([p[0] for p in points])
        lons = np.array([p[1] for p in points])
        x, y = self.forward(lons, lats)
        span = x.max() - x.min()
        pad = span * MARGIN / (1 - 2 * MARGIN)
        self.x0 = x.min() - pad
        self.x1 = x.max() + pad
        self.y0 = y.min() - pad
        self.y1 = y.max() + pad
        self.scale = WIDTH / (self.x1 - self.x0)
        self.height = round((self.y1 - self.y0) * self.scale, 1)

    def xy(self, lon, lat):
        x, y = self.forward(lon, lat)
        return (x - self.x0) * self.scale, (self.y1 - y) * self.scale

    def point(self, lat, lon):
        x, y = self.xy(lon, lat)
        return float(x), float(y)

    def geometry(self, geom):
        """A (lon, lat) geometry in the board's units."""

        def move(coords):
            x, y = self.xy(coords[:, 0], coords[:, 1])
            return np.column_stack([x, y])

        return shapely.transform(geom, move)

    def polygon(self, ring):
        """A [(lat, lon), ...] ring, densified so its edges follow the projection's curves."""
        line = shapely.segmentize(LineString([(lon, lat) for lat, lon in ring] + [(ring[0][1], ring[0][0])]), 0.25)
        return Polygon(self.geometry(line).coords).buffer(0)

    def js(self):
        return {**PROJECTION, "x0": round(self.x0, 6), "y1": round(self.y1, 6), "scale": round(self.scale, 4)}


# ----- the source: Natural Earth land as TopoJSON ------------------------------------------------


def read_topojson_land(path):
    """The land MultiPolygon (lon, lat) of a world-atlas TopoJSON file."""
    topo = json.loads(Path(path).read_text())
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        a = np.cumsum(np.array(arc, dtype=float), axis=0)
        arcs.append(np.column_stack([a[:, 0] * sx + tx, a[:, 1] * sy + ty]))

    def ring(indexes):
        pts = []
        for i in indexes:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(a[1:] if pts else a)
        pts = np.array(pts)
        # the rings are spherical: one that crosses the antimeridian (Eurasia at Chukotka) is
        # unwrapped so that it stays a plain ring in the plane
        pts[:, 0] = np.unwrap(pts[:, 0], period=360)
        pts[:, 0] -= 360 * np.round(np.median(pts[:, 0]) / 360)
        return pts

    polys = []
    for obj in topo["objects"]["land"]["geometries"]:
        parts = obj["arcs"] if obj["type"] == "MultiPolygon" else [obj["arcs"]]
        for part in parts:
            rings = [ring(r) for r in part]
            outer = rings[0]
            if len(outer) < 4 or outer[:, 1].max() < 0 or abs(outer[0, 0] - outer[-1, 0]) > 1e-6:
                continue  # the southern hemisphere, or a ring around the pole (Antarctica)
            polys.append(shapely.make_valid(Polygon(outer, [r for r in rings[1:] if len(r) >= 4])))
    return shapely.union_all(polys)


# ----- the data pack ----------------------------------------------------------------------------


def records(name):
    return {r["id"]: r for r in json.loads((DATA / f"{name}.json").read_text())["records"]}


# ----- authored help for the division of the land and the water -----------------------------------
#
# Extra points (lat, lon) a region grows from besides its centre and its Ports: the far parts of
# a Territory that its centre alone would lose to a neighbour (Styria for Bohemia-Styria, Transylvania
# for Hungary, Skåne for Sweden...), and the islands that belong to it.

# fmt: off
LAND_HELPERS = {
    "normandy-brittany": [(48.1, -2.9), (49.6, -1.6), (50.3, 2.2), (49.2, 1.0)],
    "ile-de-france": [(47.3, 4.8), (48.8, 2.35), (47.6, 1.3), (49.25, 4.03), (49.5, 4.2)],
    "aquitaine": [(43.6, 1.4), (43.3, -0.4), (45.8, 1.2), (46.6, 0.3)],
    "provence": [(43.6, 3.9), (45.75, 4.85), (42.7, 2.9), (45.2, 5.7), (46.3, 5.2)],
    "lorraine": [(48.6, 7.6), (47.9, 7.3), (48.9, 5.0), (47.25, 6.0), (49.1, 6.2), (49.45, 5.3)],
    "leon": [(43.3, -5.8), (42.8, -2.7), (41.65, -4.7)],
    "galicia": [(42.3, -8.6)],
    "portugal": [(41.5, -8.2), (38.0, -8.5), (37.2, -8.0), (39.3, -7.6)],
    "castile": [(39.0, -6.5), (40.4, -3.7), (39.9, -2.0)],
    "andalusia": [(37.4, -6.0), (37.95, -1.2), (36.7, -4.4)],
    "aragon-catalonia": [(41.6, 0.9), (41.65, -0.9), (42.0, 2.5), (39.5, -0.6)],
    "england": [(51.3, 0.5), (50.6, -3.5), (54.1, -2.5), (54.95, -1.6)],
    "wales": [(51.8, -3.6)],
    "scotland": [(55.9, -3.2), (55.3, -4.5), (55.55, -2.7)],
    "highlands": [(57.8, -4.8), (57.2, -2.5), (58.4, -3.3)],
    "austria": [(48.2, 16.35)],
    "bohemia-styria": [
        (47.1, 15.4), (46.65, 14.2), (49.2, 16.6), (50.1, 14.4), (48.1, 14.1), (49.7, 18.0), (49.75, 18.3),
    ],
    "hungary": [
        (47.5, 19.0), (46.6, 23.6), (45.8, 24.1), (46.4, 25.0), (48.6, 21.3), (45.3, 21.4), (46.0, 18.0),
        (48.7, 19.1), (49.35, 19.6),
    ],
    "ruthenia": [(49.8, 24.0), (48.3, 25.9), (49.9, 21.0), (49.4, 22.4), (49.55, 19.9)],
    "slovenia-croatia": [
        (46.05, 14.5), (45.8, 16.0), (44.5, 15.5), (43.5, 16.44), (42.65, 18.1), (46.4, 13.8), (45.2, 19.0),
    ],
    "brandenburg": [(52.5, 13.4), (52.1, 11.6), (51.8, 14.3), (52.6, 15.0), (51.6, 11.3), (51.4, 10.4)],
    "pomerania": [(54.3, 13.1), (54.45, 16.8)],
    "east-prussia": [(54.7, 20.5), (53.5, 19.0), (54.35, 18.65)],
    "silesia": [(51.1, 17.0), (50.3, 18.6), (51.6, 15.3)],
    "rhineland": [(51.25, 6.8), (50.0, 6.6)],
    "st-petersburg": [(59.94, 30.3), (60.9, 33.5), (57.8, 28.3), (57.3, 29.6)],
    "livonia": [(56.95, 24.1), (58.4, 23.0), (59.4, 24.75), (58.4, 26.7), (56.6, 22.0)],
    "muscovy": [(55.75, 37.6), (57.0, 34.0)],
    "ukraine": [(46.5, 30.7), (45.0, 34.1), (50.4, 30.5), (47.0, 35.5), (46.9, 28.8), (51.0, 25.3), (50.6, 27.5)],
    "poland": [(52.2, 21.0), (51.2, 22.6), (50.9, 20.6), (53.2, 22.0), (51.2, 23.5)],
    "corsica": [],
    "tyrol": [(46.8, 12.8), (46.1, 11.1), (47.8, 13.0), (47.25, 9.75), (46.6, 13.0)],
    "westphalia": [(51.95, 7.6)],
    "hanover": [(53.1, 8.8), (52.4, 9.7), (51.55, 9.95)],
    "finland": [(60.3, 22.3), (60.2, 20.0), (64.5, 25.5), (61.5, 28.5), (65.9, 24.5)],
    "balearic-islands": [(39.95, 4.05), (38.98, 1.43)],
    "sweden": [
        (55.6, 13.1), (57.7, 12.0), (56.9, 16.5), (57.5, 18.55), (59.33, 18.07), (63.8, 20.3), (65.6, 22.2),
        (63.2, 14.6), (61.5, 13.5), (64.7, 16.5), (66.0, 17.5),
    ],
    "norway": [(59.9, 10.75), (58.2, 8.0), (60.4, 5.3), (63.4, 10.4), (64.5, 12.3), (65.8, 13.2), (66.8, 14.5)],
    "denmark": [(55.5, 11.8), (55.35, 10.4), (56.5, 9.6), (57.3, 10.2), (55.1, 14.9), (54.8, 11.5)],
    "holstein": [(54.3, 10.1), (54.8, 9.4)],
    "mecklenburg": [(53.9, 11.5)],
    "netherlands": [(52.4, 4.9), (53.2, 6.5), (51.5, 3.8)],
    "belgium": [(51.2, 4.4), (50.4, 4.9), (51.0, 3.2), (49.95, 4.9)],
    "luxembourg": [(49.9, 5.5)],
    "palatinate": [(49.3, 7.4)],
    "baden": [(47.9, 7.9), (49.0, 8.4), (47.75, 8.8), (49.5, 9.3)],
    "wurttemberg": [(48.8, 9.2), (48.0, 9.7), (47.7, 9.8)],
    "bavaria": [(48.1, 11.6), (49.45, 11.1), (49.8, 9.95), (48.4, 12.8), (47.7, 10.6), (49.7, 9.4), (50.3, 11.9)],
    "hesse": [(50.1, 8.7), (51.3, 9.5)],
    "thuringia": [(50.95, 11.0), (50.9, 10.2)],
    "saxony": [(51.05, 13.7), (50.5, 12.3)],
    "switzerland": [(46.2, 6.15), (47.4, 8.5), (46.8, 9.8), (46.0, 8.95)],
    "savoy": [(45.9, 6.6)],
    "piedmont": [(45.05, 7.7), (44.4, 8.9), (43.9, 8.0), (45.7, 7.6)],
    "lombardy-venetia": [
        (45.45, 9.2), (45.45, 12.3), (46.0, 13.0), (45.8, 9.6), (46.15, 9.9), (46.1, 13.2), (45.9, 12.2),
    ],
    "parma-modena": [(44.8, 10.3), (44.65, 10.9), (44.1, 10.1)],
    "tuscany": [(43.77, 11.25), (42.8, 10.3), (43.1, 11.6)],
    "papal-states": [(41.9, 12.5), (44.5, 11.3), (43.6, 13.5), (44.2, 12.1)],
    "naples": [(40.85, 14.27), (41.1, 16.9), (39.0, 16.5), (40.0, 18.2), (38.2, 15.8)],
    "sicily": [],
    "sardinia": [(41.0, 9.3)],
    "posen": [(52.4, 16.9), (53.2, 18.0)],
    "cracow": [(50.06, 19.95)],
    "suwalski": [(54.1, 22.9), (53.8, 23.0)],
    "lithuania": [(54.7, 25.3), (53.9, 27.6), (55.9, 23.3), (55.2, 30.2), (56.2, 28.5)],
    "moldavia-wallachia": [(44.45, 26.1), (47.15, 27.6), (44.3, 24.0), (45.4, 28.0), (46.5, 26.9), (44.6, 22.8)],
    "serbia": [(44.8, 20.45), (44.2, 22.3)],
    "montenegro": [(42.45, 19.26)],
    "ionian-islands": [(38.25, 20.55), (37.75, 20.8), (38.7, 20.65), (38.4, 20.7), (36.25, 23.0)],
}
# fmt: on

# How fast each Territory grows against its neighbours (1 is the rule): a small Capital stays
# small, a large land reaches its far borders.
LAND_SPEED = {
    "austria": 0.55,
    "luxembourg": 0.75,
    "cracow": 0.6,
    "suwalski": 0.7,
    "savoy": 0.8,
    "palatinate": 0.75,
    "muscovy": 1.3,
    "ukraine": 1.25,
    "lithuania": 1.2,
    "hungary": 1.1,
}

# fmt: off
SEA_HELPERS = {
    "north-atlantic": [(60.5, -6.0), (59.4, -2.0), (56.0, -9.5), (52.5, -13.5)],
    "celtic-sea": [(51.0, -6.5), (49.0, -6.0)],
    "irish-sea": [(54.6, -4.8), (55.3, -5.4), (52.8, -5.4)],
    "english-channel": [(50.9, 1.2), (50.4, -0.2), (49.6, -3.5), (49.8, -5.0)],
    "north-sea": [(53.7, 4.0), (58.0, 1.5), (55.0, 6.5), (54.0, 7.9), (60.3, 3.0), (51.9, 2.7)],
    "skagerrak": [(57.9, 8.5), (57.0, 11.4), (58.9, 10.6)],
    "western-baltic": [(55.5, 12.9), (54.5, 11.5), (55.6, 10.8)],
    "baltic-sea": [(56.0, 17.5), (58.5, 20.0), (61.5, 19.5), (63.5, 21.5), (65.0, 23.5), (57.5, 23.2)],
    "gulf-of-finland": [(59.7, 23.5), (60.0, 27.5)],
    "bay-of-biscay": [(44.0, -6.0), (46.5, -3.0), (44.2, -2.0)],
    "atlantic-ocean": [(43.0, -11.5), (37.0, -11.0), (46.0, -10.0), (47.5, -13.0)],
    "gulf-of-cadiz": [(36.6, -8.5)],
    "alboran-sea": [(36.0, -4.5), (36.1, -2.0), (36.4, -0.8)],
    "balearic-sea": [(38.5, 0.5), (41.0, 2.5), (39.5, 3.3)],
    "gulf-of-lion": [(43.0, 5.5), (42.5, 3.5)],
    "ligurian-sea": [(44.0, 9.3), (43.0, 9.0)],
    "western-mediterranean": [(38.0, 4.0), (40.5, 7.5), (41.5, 7.0), (37.4, 1.5)],
    "tyrrhenian-sea": [(39.0, 10.5), (41.0, 11.0), (39.0, 14.0)],
    "central-mediterranean": [(36.5, 12.0), (34.5, 16.0), (37.2, 11.0), (34.0, 18.0)],
    "ionian-sea": [(39.5, 18.8), (36.5, 20.5), (38.5, 16.8)],
    "adriatic-sea": [(45.0, 13.0), (41.5, 18.0), (44.0, 14.5), (40.8, 19.1)],
    "aegean-sea": [(40.5, 24.5), (37.0, 25.0), (36.2, 23.8), (40.8, 28.0)],
    "eastern-mediterranean": [(35.5, 30.0), (33.5, 23.0), (34.0, 33.5), (34.0, 21.0)],
    "black-sea": [(45.5, 31.5), (42.5, 30.0), (42.5, 38.0), (46.0, 36.5)],
}
# fmt: on

# Land that is no Territory's (lat, lon rings): Asia Minor, the Caucasus south of the Kuban
# (the Russian border of 1815) and the Levant; Africa. The Ottoman Regencies in Africa are the
# data pack's off-limits outline; the rest of Africa is foreign too.
# fmt: off
FOREIGN = {
    "asia": [
        (41.0, 29.0), (41.08, 29.06), (41.23, 29.13), (41.8, 29.5), (42.5, 33.0), (43.8, 36.0), (44.7, 37.1),
        (45.0, 37.5), (45.15, 38.2), (45.1, 40.0), (45.0, 42.0), (44.0, 50.0), (25.0, 50.0), (25.0, 33.0),
        (34.5, 30.0), (35.5, 27.6), (36.3, 26.9), (37.3, 26.4), (38.2, 25.95), (39.6, 25.95), (40.02, 26.18),
        (40.15, 26.38), (40.35, 26.6), (40.45, 26.75), (40.7, 27.5), (40.85, 28.5),
    ],
    "africa": [
        (25.0, -20.0), (35.96, -20.0), (35.96, -5.6), (35.97, -5.35), (35.6, -3.0), (36.3, -1.0), (37.3, 3.0),
        (37.6, 6.0), (37.6, 9.5), (37.3, 10.9), (36.6, 11.3), (35.4, 11.3), (34.0, 11.6), (33.0, 14.0), (32.9, 20.0),
        (33.3, 25.0), (31.9, 30.0), (31.9, 32.3), (25.0, 33.0),
    ],
}
# fmt: on

ISLAND_REACH = 8.0  # an island no region grows on joins the nearest one this close (units)
CELL = 1.0  # the raster's cell (units) for dividing land and water
SIMPLIFY_LAND = 0.32  # coastline simplification tolerance (units)
SIMPLIFY_BORDERS = 1.1  # land border (and sea border) smoothing tolerance (units)
MIN_ISLAND = 0.9  # smaller islands are dropped unless a region needs them (square units)


# ----- rasters --------------------------------------------------------------------------------------


class Grid:
    def __init__(self, width, height, cell):
        self.cell = cell
        self.nx = int(math.ceil(width / cell))
        self.ny = int(math.ceil(height / cell))
        self.xs = (np.arange(self.nx) + 0.5) * cell
        self.ys = (np.arange(self.ny) + 0.5) * cell

    def rasterize(self, geom):
        """Cells whose centres lie inside ``geom`` (even-odd over all rings)."""
        mask = np.zeros((self.ny, self.nx), dtype=bool)
        rings = []
        for poly in getattr(geom, "geoms", [geom]):
            if poly.is_empty:
                continue
            rings.append(np.asarray(poly.exterior.coords))
            rings.extend(np.asarray(r.coords) for r in poly.interiors)
        if not rings:
            return mask
        a = np.concatenate([r[:-1] for r in rings])
        b = np.concatenate([r[1:] for r in rings])
        lo = np.minimum(a[:, 1], b[:, 1])
        hi = np.maximum(a[:, 1], b[:, 1])
        for j, y in enumerate(self.ys):
            sel = (lo <= y) & (hi > y)
            if not sel.any():
                continue
            pa, pb = a[sel], b[sel]
            t = (y - pa[:, 1]) / (pb[:, 1] - pa[:, 1])
            xs = np.sort(pa[:, 0] + t * (pb[:, 0] - pa[:, 0]))
            for x0, x1 in zip(xs[0::2], xs[1::2], strict=False):
                i0 = max(int(math.ceil(x0 / self.cell - 0.5)), 0)
                i1 = min(int(math.floor(x1 / self.cell - 0.5)), self.nx - 1)
                if i1 >= i0:
                    mask[j, i0 : i1 + 1] = True
        return mask

    def cell_of(self, x, y):
        i = min(max(int(x / self.cell), 0), self.nx - 1)
        j = min(max(int(y / self.cell), 0), self.ny - 1)
        return j, i

    def nearest(self, mask, x, y, reach=60):
        """The cell of ``mask`` nearest (x, y), within ``reach`` cells (None if none)."""
        j, i = self.cell_of(x, y)
        if mask[j, i]:
            return j, i
        j0, j1 = max(j - reach, 0), min(j + reach + 1, self.ny)
        i0, i1 = max(i - reach, 0), min(i + reach + 1, self.nx)
        sub = mask[j0:j1, i0:i1]
        if not sub.any():
            return None
        jj, ii = np.nonzero(sub)
        d = (self.ys[jj + j0] - y) ** 2 + (self.xs[ii + i0] - x) ** 2
        k = int(np.argmin(d))
        return int(jj[k] + j0), int(ii[k] + i0)

    def polygons(self, labels, count):
        """One polygon per label: the union of its cells (exact shared edges between labels)."""
        out = []
        for lab in range(count):
            boxes = []
            rows = np.nonzero((labels == lab).any(axis=1))[0]
            for j in rows:
                row = labels[j] == lab
                d = np.diff(np.concatenate([[0], row.astype(np.int8), [0]]))
                starts = np.nonzero(d == 1)[0]
                ends = np.nonzero(d == -1)[0]
                for s, e in zip(starts, ends, strict=True):
                    boxes.append(box(s * self.cell, j * self.cell, e * self.cell, (j + 1) * self.cell))
            out.append(shapely.union_all(boxes) if boxes else Polygon())
        return out


def grow(passable, seeds, speeds, ny, nx):
    """Weighted multi-source Dijkstra on the grid (16 neighbours): each passable cell goes to
    the seed label that reaches it first, a label's cost per unit being 1 / its speed.
    ``seeds`` is a list of (label, (j, i)). Returns labels (-1 where none reached)."""
    w = nx + 2
    size = (ny + 2) * w
    ok = bytearray(size)
    flat = np.zeros((ny + 2, nx + 2), dtype=np.uint8)
    flat[1:-1, 1:-1] = passable
    ok[:] = flat.tobytes()
    lab = [-1] * size
    dist = [math.inf] * size
    heap = []
    for label, (j, i) in seeds:
        p = (j + 1) * w + (i + 1)
        if dist[p] > 0:
            dist[p] = 0.0
            heap.append((0.0, p, label))
    heapq.heapify(heap)
    r2 = math.sqrt(2)
    r5 = math.sqrt(5)
    steps = [(1, 1.0, 0, 0), (-1, 1.0, 0, 0), (w, 1.0, 0, 0), (-w, 1.0, 0, 0)]
    steps += [(w + 1, r2, 0, 0), (w - 1, r2, 0, 0), (-w + 1, r2, 0, 0), (-w - 1, r2, 0, 0)]
    # knight's moves make the fronts rounder (borders less octagonal); each needs both cells it
    # passes between, so no front jumps a one-cell strait
    for dj, di in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        a = (dj if abs(dj) == 1 else dj // 2) * w + (di if abs(di) == 1 else di // 2)
        b = (0 if abs(dj) == 1 else dj // 2) * w + (0 if abs(di) == 1 else di // 2)
        steps.append((dj * w + di, r5, a, b))
    inv = [1.0 / s for s in speeds]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, p, label = pop(heap)
        if lab[p] != -1:
            continue
        lab[p] = label
        k = inv[label]
        for off, c, via1, via2 in steps:
            q = p + off
            if q < 0 or q >= size:
                continue
            if via1 and not (ok[p + via1] and ok[p + via2]):
                continue
            if ok[q] and lab[q] == -1:
                nd = d + c * k
                if nd < dist[q]:
                    dist[q] = nd
                    push(heap, (nd, q, label))
    out = np.array(lab, dtype=np.int32).reshape(ny + 2, nx + 2)[1:-1, 1:-1]
    return out


def spread(labels, ny, nx):
    """Every unlabelled cell takes the label of the nearest labelled cell (over the grid)."""
    seeds = [(int(labels[j, i]), (j, i)) for j, i in zip(*np.nonzero(labels >= 0), strict=True)]
    # only the labelled cells next to unlabelled ones need to start the spread
    edge = np.zeros_like(labels, dtype=bool)
    empty = labels < 0
    edge[:-1] |= empty[1:]
    edge[1:] |= empty[:-1]
    edge[:, :-1] |= empty[:, 1:]
    edge[:, 1:] |= empty[:, :-1]
    seeds = [(lab, (j, i)) for lab, (j, i) in seeds if edge[j, i]]
    count = int(labels.max()) + 1
    out = grow(empty | edge, seeds, [1.0] * count, ny, nx)
    return np.where(labels >= 0, labels, out)


def components(mask):
    """Connected components (8-neighbour) of a boolean grid: (count, labels)."""
    ny, nx = mask.shape
    comp = np.full(mask.shape, -1, dtype=np.int32)
    count = 0
    cells = np.argwhere(mask)
    for j0, i0 in cells:
        if comp[j0, i0] != -1:
            continue
        stack = [(j0, i0)]
        comp[j0, i0] = count
        while stack:
            j, i = stack.pop()
            for dj in (-1, 0, 1):
                for di in (-1, 0, 1):
                    jj, ii = j + dj, i + di
                    if 0 <= jj < ny and 0 <= ii < nx and mask[jj, ii] and comp[jj, ii] == -1:
                        comp[jj, ii] = count
                        stack.append((jj, ii))
        count += 1
    return count, comp


# ----- the division ----------------------------------------------------------------------------------


def divide(frame, grid, land, data):
    """Label every land cell with a Territory, an Ottoman area or 'foreign'; every water cell
    with an Open Sea or none."""
    terrs, seas, ports, offl = data["territories"], data["seas"], data["ports"], data["offlimits"]
    land_mask = grid.rasterize(land)
    names = list(terrs) + [f"offlimits:{o}" for o in offl] + ["foreign"]
    index = {n: k for k, n in enumerate(names)}
    fixed = np.full(land_mask.shape, -1, dtype=np.int32)
    for oid, o in offl.items():
        fixed[grid.rasterize(frame.polygon(o["outline"])) & land_mask & (fixed < 0)] = index[f"offlimits:{oid}"]
    for ring in FOREIGN.values():
        fixed[grid.rasterize(frame.polygon(ring)) & land_mask & (fixed < 0)] = index["foreign"]

    seeds = []
    for tid, t in terrs.items():
        pts = [(t["lat"], t["lon"])]
        pts += [(p["lat"], p["lon"]) for p in ports.values() if p.get("territory") == tid]
        pts += LAND_HELPERS.get(tid, [])
        for lat, lon in pts:
            at = grid.nearest(land_mask & (fixed < 0), *frame.point(lat, lon), reach=12)
            if at is not None:
                seeds.append((index[tid], at))
    speeds = [LAND_SPEED.get(n, 1.0) for n in names]
    labels = grow(land_mask & (fixed < 0), seeds, speeds, grid.ny, grid.nx)
    labels = np.where(fixed >= 0, fixed, labels)

    # land no Territory reached: land joined to an Ottoman area or to foreign land beyond its
    # authored outline (a Greek cape) goes with it; an island nobody grew on joins the nearest
    # region close by, or is foreign
    lonely = land_mask & (labels < 0)
    count, comp = components(lonely)
    if count:
        near = spread_limited(labels, land_mask, grid)
        for c in range(count):
            cells = comp == c
            touching = dilate(cells) & (labels >= 0) & land_mask
            if touching.any():
                labels[cells] = np.bincount(labels[touching]).argmax()
                continue
            d, lab = near
            dd = np.where(cells, d, np.inf)
            k = np.unravel_index(int(np.argmin(dd)), dd.shape)
            labels[cells] = lab[k] if dd[k] <= ISLAND_REACH / grid.cell else index["foreign"]
    land_labels = spread(np.where(land_mask, labels, -1), grid.ny, grid.nx)

    # the water
    water = ~land_mask
    sea_names = list(seas)
    sea_index = {n: k for k, n in enumerate(sea_names)}
    sea_seeds = []
    for sid, s in seas.items():
        pts = [(s["lat"], s["lon"])] + [(ports[p]["lat"], ports[p]["lon"]) for p in s.get("ports", []) if p in ports]
        pts += SEA_HELPERS.get(sid, [])
        for lat, lon in pts:
            at = grid.nearest(water, *frame.point(lat, lon), reach=20)
            if at is not None:
                sea_seeds.append((sea_index[sid], at))
    sea_labels = grow(water, sea_seeds, [1.0] * len(sea_names), grid.ny, grid.nx)
    none = len(sea_names)
    sea_labels = np.where(water & (sea_labels < 0), none, sea_labels)
    sea_labels = spread(np.where(water, sea_labels, -1), grid.ny, grid.nx)
    return names, land_labels, sea_names + ["none"], sea_labels, land_mask


def dilate(mask):
    out = mask.copy()
    out[:-1] |= mask[1:]
    out[1:] |= mask[:-1]
    out[:, :-1] |= mask[:, 1:]
    out[:, 1:] |= mask[:, :-1]
    out[:-1, :-1] |= mask[1:, 1:]
    out[1:, 1:] |= mask[:-1, :-1]
    out[:-1, 1:] |= mask[1:, :-1]
    out[1:, :-1] |= mask[:-1, 1:]
    return out


def spread_limited(labels, land_mask, grid):
    """For every cell, the distance (cells) to the nearest labelled land cell and its label."""
    ny, nx = labels.shape
    src = (labels >= 0) & land_mask
    d = np.where(src, 0.0, np.inf)
    lab = np.where(src, labels, -1)
    reach = int(ISLAND_REACH / grid.cell) + 2
    for _ in range(reach):
        for dj, di in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            c = math.hypot(dj, di)
            shifted_d = np.full_like(d, np.inf)
            shifted_l = np.full_like(lab, -1)
            js = slice(max(dj, 0), ny + min(dj, 0))
            jd = slice(max(-dj, 0), ny + min(-dj, 0))
            is_ = slice(max(di, 0), nx + min(di, 0))
            id_ = slice(max(-di, 0), nx + min(-di, 0))
            shifted_d[jd, id_] = d[js, is_] + c
            shifted_l[jd, id_] = lab[js, is_]
            better = shifted_d < d
            d = np.where(better, shifted_d, d)
            lab = np.where(better, shifted_l, lab)
    return d, lab


# ----- geometry -----------------------------------------------------------------------------------------


def coverage(polys, tolerance, thin=0.35):
    """Simplify a set of polygons that tile the frame, keeping their shared edges shared."""
    dense = [shapely.segmentize(p, CELL) if not p.is_empty else p for p in polys]
    arr = np.array(dense, dtype=object)
    live = np.array([not p.is_empty for p in dense])
    out = list(dense)
    simplified = shapely.coverage_simplify(arr[live], tolerance, simplify_boundary=True)
    for k, g in zip(np.nonzero(live)[0], simplified, strict=True):
        out[k] = shapely.make_valid(g)
    return smooth_coverage(out, thin)


def smooth_coverage(polys, thin, rounds=3):
    """Round the corners of the borders between polygons that tile the frame: every border
    between two junctions is smoothed once (Chaikin), so neighbours keep one shared border."""
    width, height = WIDTH, max(p.bounds[3] for p in polys if not p.is_empty)
    frame = box(0, 0, width, height).boundary
    lines = shapely.union_all([p.boundary for p in polys if not p.is_empty])
    arcs = shapely.line_merge(lines)
    smoothed = []
    for arc in getattr(arcs, "geoms", [arcs]):
        pts = np.asarray(arc.coords)
        if frame.buffer(0.01).contains(arc) or len(pts) < 3:
            smoothed.append(arc)
            continue
        for _ in range(rounds):
            closed = np.allclose(pts[0], pts[-1])
            q = 0.75 * pts[:-1] + 0.25 * pts[1:]
            r = 0.25 * pts[:-1] + 0.75 * pts[1:]
            mid = np.empty((2 * len(q), 2))
            mid[0::2], mid[1::2] = q, r
            pts = np.vstack([mid, mid[:1]]) if closed else np.vstack([pts[:1], mid[1:-1], pts[-1:]])
        smoothed.append(LineString(pts))
    faces = list(shapely.polygonize(list(shapely.union_all(smoothed).geoms)).geoms)
    tree = shapely.STRtree(polys)
    groups = [[] for _ in polys]
    for face in faces:
        p = face.representative_point()
        hits = tree.query(p, predicate="intersects")
        if len(hits):
            k = min(hits, key=lambda h: polys[h].distance(p))
        else:
            k = int(tree.nearest(p))
        groups[k].append(face)
    merged = [shapely.make_valid(shapely.union_all(g)) if g else Polygon() for g in groups]
    # the smoothing multiplies the vertices: thin them again, still as one coverage
    live = [k for k, g in enumerate(merged) if not g.is_empty]
    thinned = shapely.coverage_simplify(np.array([merged[k] for k in live], dtype=object), thin, simplify_boundary=True)
    for k, g in zip(live, thinned, strict=True):
        merged[k] = shapely.make_valid(g)
    return merged


def only_polygons(geom):
    parts = []
    for g in getattr(geom, "geoms", [geom]):
        if isinstance(g, Polygon) and not g.is_empty:
            parts.append(g)
        elif isinstance(g, MultiPolygon):
            parts.extend(g.geoms)
        elif hasattr(g, "geoms"):
            parts.extend(p for p in only_polygons(g).geoms)
    return MultiPolygon(parts) if parts else MultiPolygon()


def largest(geom):
    return max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)


def anchor(shape, x, y, margin):
    """(x, y) if it lies inside ``shape`` at least ``margin`` from its edge; else the point of
    the shape's largest part farthest from its edge."""
    p = Point(x, y)
    if shape.contains(p) and shape.boundary.distance(p) >= margin:
        return x, y
    part = largest(shape)
    inner = part.buffer(-margin)
    if not inner.is_empty:
        # the inner point nearest the wanted place keeps the name where the data pack puts it
        q = nearest_points(inner, p)[0] if not inner.contains(p) else p
        return q.x, q.y
    q = polylabel(part, tolerance=0.2)
    return q.x, q.y


# ----- the output ----------------------------------------------------------------------------------------


def path(geom, scale=10):
    """A compact SVG path: absolute M, relative l, in tenths of a unit."""
    out = []
    for poly in getattr(geom, "geoms", [geom]):
        if poly.is_empty:
            continue
        for ring in [poly.exterior, *poly.interiors]:
            pts = np.rint(np.asarray(ring.coords)[:-1] * scale).astype(int)
            if len(pts) < 3:
                continue
            keep = [pts[0]]
            for q in pts[1:]:
                if (q != keep[-1]).any():
                    keep.append(q)
            if len(keep) < 3:
                continue
            seg = [f"M{num(keep[0][0], scale)} {num(keep[0][1], scale)}l"]
            prev = keep[0]
            bits = []
            for q in keep[1:]:
                dx, dy = q - prev
                bits.append(pair(num(dx, scale), num(dy, scale)))
                prev = q
            seg.append("".join(bits).lstrip(" "))
            out.append("".join(seg) + "z")
    return "".join(out)


def num(v, scale):
    v = int(v)
    s = f"{abs(v) / scale:.1f}".rstrip("0").rstrip(".")
    if s.startswith("0."):
        s = s[1:]
    if s == "":
        s = "0"
    return ("-" if v < 0 else "") + s


def pair(a, b):
    """Two numbers as SVG writes them shortest: no separator before a minus sign or a
    leading dot after a number that already has one."""
    return sep("", a) + a + sep(a, b) + b


def sep(prev, nxt):
    if not prev:
        return " "
    if nxt.startswith("-"):
        return ""
    if nxt.startswith(".") and "." in prev:
        return ""
    return " "


def rounded(v):
    return round(float(v), 1)


def build(land_path, check_only=False):
    data = {
        "territories": records("territories"),
        "seas": records("seas"),
        "ports": records("ports"),
        "mountains": records("mountains"),
        "offlimits": records("offlimits"),
    }
    pts = [(r["lat"], r["lon"]) for kind in ("territories", "ports", "mountains") for r in data[kind].values()]
    frame = Frame(pts + FRAME_POINTS)
    W, H = WIDTH, frame.height
    print(f"frame {W} x {H}", file=sys.stderr)

    raw = read_topojson_land(land_path)
    window = box(-32, 22, 62, 75)
    land = shapely.make_valid(frame.geometry(shapely.intersection(raw, window)))
    land = shapely.intersection(land, box(0, 0, W, H))
    land = only_polygons(shapely.simplify(land, SIMPLIFY_LAND, preserve_topology=True))
    grid = Grid(W, H, CELL)
    names, land_labels, sea_names, sea_labels, land_mask = divide(frame, grid, land, data)

    # drop the tiny islands no region needs
    seed_points = [Point(frame.point(r["lat"], r["lon"])) for k in ("territories", "ports") for r in data[k].values()]
    keep = [g for g in land.geoms if g.area >= MIN_ISLAND or any(g.distance(p) < 1.5 for p in seed_points)]
    land = MultiPolygon(keep)

    cover = coverage(grid.polygons(land_labels, len(names)), SIMPLIFY_BORDERS)
    shapes = {}
    for name, poly in zip(names, cover, strict=True):
        shapes[name] = only_polygons(shapely.intersection(poly, land))
    sea_cover = coverage(grid.polygons(sea_labels, len(sea_names)), SIMPLIFY_BORDERS * 2.5, thin=0.9)
    sea_shapes = {n: only_polygons(p) for n, p in zip(sea_names, sea_cover, strict=True) if n != "none"}
    water = shapely.difference(box(0, 0, W, H), land)

    report = adjacency_report(data, shapes)
    for line in report:
        print(line, file=sys.stderr)
    if check_only:
        return

    at = {}
    for pid, p in data["ports"].items():
        at[pid] = port_point(frame, p, shapes, land, water)
    for line in sea_report(data, sea_shapes, water, at):
        print(line, file=sys.stderr)
    for tid, t in data["territories"].items():
        at[tid] = anchor(shapes[tid], *frame.point(t["lat"], t["lon"]), margin=4.0)
    for sid, s in data["seas"].items():
        wet = shapely.intersection(sea_shapes[sid], water)
        at[sid] = anchor(wet, *frame.point(s["lat"], s["lon"]), margin=7.0)
    ridges = {}
    for mid, m in data["mountains"].items():
        c, d = ridge(frame, m, shapes)
        at[mid] = c
        ridges[mid] = d
    offlimits = {}
    for oid, o in data["offlimits"].items():
        shape = shapes[f"offlimits:{oid}"]
        offlimits[oid] = shape
        at[oid] = anchor(shape, *frame.point(o["lat"], o["lon"]), margin=10.0)
    foreign = shapes["foreign"]

    write(frame, W, H, land, shapes, sea_shapes, offlimits, foreign, at, ridges, data)


def port_point(frame, p, shapes, land, water):
    """A Port stands at its town; a town the coastline misses moves onto the nearest coast of its
    Interior (Malta's onto its island)."""
    x, y = frame.point(p["lat"], p["lon"])
    pt = Point(x, y)
    home = shapes.get(p.get("territory")) if p.get("territory") else None
    target = home if home is not None and not home.is_empty else land
    coast = shapely.intersection(target.boundary, water.buffer(0.05))
    if coast.is_empty or coast.distance(pt) <= 1.2:
        return x, y
    q = nearest_points(coast, pt)[0]
    print(f"port {p['id']} moved {pt.distance(q):.1f} onto the coast", file=sys.stderr)
    return q.x, q.y


def ridge(frame, m, shapes):
    """A Mountain Range on the border of the Territories it separates, nearest its place."""
    x, y = frame.point(m["lat"], m["lon"])
    p = Point(x, y)
    sides = [s for s in m.get("land", []) if s in shapes]
    best = None
    for i, a in enumerate(sides):
        for b in sides[i + 1 :]:
            shared = shapely.intersection(shapes[a].boundary, shapes[b].boundary)
            if shared.is_empty:
                continue
            d = shared.distance(p)
            if best is None or d < best[0]:
                best = (d, shared)
    if best is None or best[0] > 45:
        return (x, y), None
    line = best[1]
    q = nearest_points(line, p)[0]
    # the border's direction there
    parts = [g for g in getattr(line, "geoms", [line]) if g.length > 0]
    part = min(parts, key=lambda g: g.distance(q)) if parts else None
    direction = None
    if part is not None and part.length > 0:
        s = part.project(q)
        a = part.interpolate(max(s - 6, 0))
        b = part.interpolate(min(s + 6, part.length))
        dx, dy = b.x - a.x, b.y - a.y
        n = math.hypot(dx, dy)
        if n > 0:
            dx, dy = dx / n, dy / n
            if dx < 0:
                dx, dy = -dx, -dy
            direction = (round(dx, 3), round(dy, 3))
    return (q.x, q.y), direction


def adjacency_report(data, shapes):
    """How the drawn borders compare with the pack: land neighbours that do not touch, and
    Territories that touch without being neighbours (nor sides of one range)."""
    terrs = data["territories"]
    want = set()
    for tid, t in terrs.items():
        for o in t.get("land", []):
            if o in terrs:
                want.add(tuple(sorted((tid, o))))
    ranged = set()
    for m in data["mountains"].values():
        sides = [s for s in m.get("land", []) if s in terrs]
        for i, a in enumerate(sides):
            for b in sides[i + 1 :]:
                ranged.add(tuple(sorted((a, b))))
    lines = []
    ids = list(terrs)
    touching = {}
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if shapes[a].is_empty or shapes[b].is_empty:
                continue
            if shapes[a].distance(shapes[b]) > 0.05:
                continue
            shared = shapely.intersection(shapes[a].buffer(0.05), shapes[b].buffer(0.05))
            touching[tuple(sorted((a, b)))] = shared.area / 0.1  # ~ the length of the shared border
    for pair_ in sorted(want):
        length = touching.get(pair_, 0)
        if length < 4:
            lines.append(f"MISSING border {pair_[0]} / {pair_[1]} ({length:.1f})")
    for pair_ in sorted(ranged - want):
        length = touching.get(pair_, 0)
        if length < 4:
            lines.append(f"range without border {pair_[0]} / {pair_[1]} ({length:.1f})")
    for pair_, length in sorted(touching.items()):
        if pair_ not in want and pair_ not in ranged and length >= 1:
            lines.append(f"EXTRA border {pair_[0]} / {pair_[1]} ({length:.1f})")
    for tid in ids:
        if shapes[tid].is_empty:
            lines.append(f"EMPTY {tid}")
    return lines


def sea_report(data, sea_shapes, water, at):
    """The Open Seas against the pack: neighbours without a shared stretch of water, seas that
    meet without being neighbours, Ports away from their sea's water."""
    seas = data["seas"]
    wet = {sid: shapely.intersection(sea_shapes[sid], water) for sid in seas}
    lines = []
    ids = list(seas)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            shared = shapely.intersection(wet[a].buffer(0.3), wet[b].buffer(0.3)).area / 0.6
            neighbours = b in seas[a].get("seas", [])
            if neighbours and shared < 3:
                lines.append(f"MISSING sea border {a} / {b} ({shared:.1f})")
            elif not neighbours and shared >= 1:
                lines.append(f"EXTRA sea border {a} / {b} ({shared:.1f})")
    for pid, p in data["ports"].items():
        d = wet[p["sea"]].distance(Point(at[pid]))
        if d > 2.5:
            lines.append(f"PORT {pid} is {d:.1f} from the {p['sea']}")
    return lines


HEADER = """\
// GENERATED by scripts/build_imperial_borders_map.py: do not edit by hand.
//
// The map of Imperial Borders on real coastlines, for the board (imperial-borders.js).
// Source: Natural Earth 1:50m land (version 4.1.0), public domain
// (https://www.naturalearthdata.com/about/terms-of-use/), as TopoJSON in the npm package
// world-atlas 2.0.2 (ISC licence, Copyright 2013-2019 Michael Bostock). Projected (Lambert
// conformal conic), clipped to the frame, simplified, and divided among the regions of the
// data pack by the build script; see DATA_RULINGS.md D18.
//
// Units: the board's SVG user units, x to the right, y down. Paths: absolute M, relative l.
"""


def write(frame, W, H, land, shapes, sea_shapes, offlimits, foreign, at, ridges, data):
    terr = {tid: path(shapes[tid]) for tid in data["territories"]}
    seas = {sid: path(sea_shapes[sid]) for sid in data["seas"]}
    out = {
        "width": W,
        "height": H,
        "projection": frame.js(),
        "foreign": path(foreign),
        "territories": terr,
        "seas": seas,
        "offlimits": {oid: path(g) for oid, g in offlimits.items()},
        "at": {k: [rounded(v[0]), rounded(v[1])] for k, v in at.items()},
        "ridges": {k: list(v) for k, v in ridges.items() if v},
    }
    body = json.dumps(out, ensure_ascii=False, indent=0, separators=(",", ":"))
    text = HEADER + "\nexport const MAP = " + body + ";\n"
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text.encode()) / 1024:.0f} KB)", file=sys.stderr)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--land", required=True, help="world-atlas land-50m.json (Natural Earth land as TopoJSON)")
    ap.add_argument("--check", action="store_true", help="report the borders against the adjacency, write nothing")
    args = ap.parse_args(argv)
    build(args.land, check_only=args.check)


if __name__ == "__main__":
    main()
