"""The generated map of Imperial Borders (static/boards/imperial-borders-map.js, built by
scripts/build_imperial_borders_map.py from Natural Earth's coastlines) against the data pack:
every region has its shape and its anchor, names stand inside their shapes and the seas' on
open water, land neighbours share a border, islands touch no other land, Ports stand on the
coast of their Interior, Mountain Ranges on the border they guard, and the file says where its
coastlines come from."""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import combinations
from pathlib import Path

import kriegsspiel
from kriegsspiel.games.imperial_borders.data import pack

MAP_JS = Path(kriegsspiel.__file__).parent / "play" / "web" / "static" / "boards" / "imperial-borders-map.js"
RULINGS = Path(kriegsspiel.__file__).parent / "games" / "imperial_borders" / "DATA_RULINGS.md"
TOKEN = re.compile(r"[MlLz]|-?(?:\d+\.?\d*|\.\d+)")


@cache
def the_map():
    text = MAP_JS.read_text(encoding="utf-8")
    return text, json.loads(text.split("export const MAP = ", 1)[1].strip().rstrip(";"))


@cache
def rings(d):
    """The rings of a path written as the build script writes them (M x y, then relative l)."""
    out = []
    ring = None
    tokens = TOKEN.findall(d)
    i = 0
    mode = None
    while i < len(tokens):
        t = tokens[i]
        if t in ("M", "l", "L", "z"):
            if t == "z":
                out.append(ring)
                ring = None
            mode = t
            i += 1
            continue
        x, y = float(t), float(tokens[i + 1])
        i += 2
        if mode == "M":
            ring = [(x, y)]
            mode = "l"
        elif mode == "L":
            ring.append((x, y))
        else:
            px, py = ring[-1]
            ring.append((round(px + x, 1), round(py + y, 1)))
    assert ring is None, "a path ends without closing its ring"
    return tuple(tuple(r) for r in out)


def inside(d, x, y):
    """Even-odd: is (x, y) inside the path's rings?"""
    hit = False
    for ring in rings(d):
        n = len(ring)
        for k in range(n):
            (x1, y1), (x2, y2) = ring[k], ring[(k + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def edge_distance(d, x, y):
    """The distance from (x, y) to the path's outline."""
    best = float("inf")
    for ring in rings(d):
        n = len(ring)
        for k in range(n):
            (x1, y1), (x2, y2) = ring[k], ring[(k + 1) % n]
            dx, dy = x2 - x1, y2 - y1
            t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
            best = min(best, ((x1 + t * dx - x) ** 2 + (y1 + t * dy - y) ** 2) ** 0.5)
    return best


def vertices(d):
    return {p for ring in rings(d) for p in ring}


def shared(a, b):
    """How many vertices two shapes share: a border drawn once for both is many."""
    return len(vertices(a) & vertices(b))


def test_every_region_has_a_shape_and_an_anchor_in_the_frame():
    p = pack()
    _, m = the_map()
    assert set(m["territories"]) == set(p.territories)
    assert set(m["seas"]) == set(p.seas)
    assert set(m["offlimits"]) == set(p.offlimits)
    for ids in (p.territories, p.seas, p.ports, p.mountains, p.offlimits):
        for rid in ids:
            x, y = m["at"][rid]
            assert 0 <= x <= m["width"] and 0 <= y <= m["height"], rid
    for d in [*m["territories"].values(), *m["seas"].values(), *m["offlimits"].values()]:
        assert rings(d), "an empty shape"


def test_the_names_stand_inside_their_shapes_and_the_seas_on_open_water():
    p = pack()
    _, m = the_map()
    for tid in p.territories:
        assert inside(m["territories"][tid], *m["at"][tid]), tid
    land = [*m["territories"].values(), *m["offlimits"].values(), m["foreign"]]
    for sid in p.seas:
        x, y = m["at"][sid]
        assert inside(m["seas"][sid], x, y), sid
        assert not any(inside(d, x, y) for d in land), f"the name of {sid} stands on land"
    for oid in p.offlimits:
        assert inside(m["offlimits"][oid], *m["at"][oid]), oid


def test_the_shapes_follow_the_real_coastlines():
    """Natural Earth's coasts, not a diagram's polygons: thousands of vertices in all, long
    coasts with hundreds, and the islands of the map in pieces of their own."""
    p = pack()
    _, m = the_map()
    total = sum(len(vertices(d)) for d in m["territories"].values())
    assert total > 8000
    for tid in ("norway", "sweden", "slovenia-croatia", "normandy-brittany", "denmark", "highlands"):
        assert len(vertices(m["territories"][tid])) > 100, tid
    # Denmark: Jutland's tip and the islands (Zealand, Funen...) are rings of their own
    assert len(rings(m["territories"]["denmark"])) >= 4
    assert len(rings(m["territories"]["balearic-islands"])) >= 3  # Majorca, Minorca, Ibiza
    # Britain is one island, Ireland another
    britain = {t for t, r in p.territories.items() if r.island == "great-britain"}
    assert britain == {"england", "wales", "scotland", "highlands"}


def test_land_neighbours_share_a_border():
    p = pack()
    _, m = the_map()
    for a, t in p.territories.items():
        for b in t.land:
            if b in p.territories:
                assert shared(m["territories"][a], m["territories"][b]) >= 3, (a, b)


def test_islands_touch_no_land_of_another_island():
    p = pack()
    _, m = the_map()
    for a, b in combinations(p.territories, 2):
        ia, ib = p.territories[a].island, p.territories[b].island
        if (ia or ib) and ia != ib:
            assert shared(m["territories"][a], m["territories"][b]) == 0, (a, b)


def test_ports_stand_on_the_coast_of_their_interior_and_by_their_sea():
    p = pack()
    _, m = the_map()
    for pid, port in p.ports.items():
        x, y = m["at"][pid]
        if port.territory:
            assert edge_distance(m["territories"][port.territory], x, y) < 1.5, pid
        assert edge_distance(m["seas"][port.sea], x, y) < 40 or inside(m["seas"][port.sea], x, y), pid


def test_mountain_ranges_lie_on_the_border_they_guard():
    p = pack()
    _, m = the_map()
    for mid, mountain in p.mountains.items():
        x, y = m["at"][mid]
        near = [t for t in mountain.land if edge_distance(m["territories"][t], x, y) < 1.0]
        assert len(near) >= 2, (mid, near)
        assert mid in m["ridges"], mid


def test_the_map_says_where_its_coastlines_come_from_and_stays_small():
    text, _ = the_map()
    head = text.split("export const MAP", 1)[0]
    for words in ("Natural Earth", "public domain", "world-atlas", "ISC", "build_imperial_borders_map.py"):
        assert words in head, words
    assert len(text.encode("utf-8")) < 300_000
    rulings = RULINGS.read_text(encoding="utf-8")
    assert "Natural Earth" in rulings and "imperial-borders-map.js" in rulings
