"""Over There's map of East Prussia and Russian Poland, 1914 (data/map.json, map.py): the shipped
map passes its validator, a fault planted in a copy is caught, the generator reproduces the
file byte for byte from its committed inputs (a few seconds), and the places sit where history
has them: Königsberg west of Insterburg, Tannenberg south-west of Allenstein, the Masurian lake
line between Lötzen and Johannisburg, rivers and the frontier between the towns they part."""

from __future__ import annotations

import importlib.util
import json
import math
import re
from pathlib import Path

import pytest

from kriegsspiel.engine import DataError
from kriegsspiel.engine import hexes as hx
from kriegsspiel.games.over_there import map as otmap

ROOT = Path(__file__).resolve().parents[3]
BUILD = ROOT / "scripts" / "build_over_there_map.py"
PROVENANCE = re.compile(r"^(rulebook \S.*|authored: \S.*)$")
M = otmap.load_map()
RAW = json.loads(otmap.MAP_FILE.read_text())


def town(name):
    return M.place(name)


def centre(hex_id):
    """Projected centre of a hex in metres (x east, y north), from the engine's geometry."""
    g = M.grid
    d = g["hex_spacing_m"]
    s = d / math.sqrt(3)
    x, y = hx.hex_to_pixel(hx.from_id(hex_id), s, (g["origin_m"][0] - 1.5 * s, -g["origin_m"][1] - d / 2))
    return x, -y


def crossings(a, b):
    """The features of the hexsides a straight line from town a's hex to town b's hex crosses."""
    line = [hx.to_id(h) for h in hx.line(hx.from_id(town(a)["hex"]), hx.from_id(town(b)["hex"]))]
    out = []
    for x, y in zip(line, line[1:], strict=False):
        key = hx.side_id(x, y)
        out.append((M.hexsides.get(key, ()), M.hexside_names.get(key, {})))
    return out


# ----- the shipped map ------------------------------------------------------------------------


def test_the_shipped_map_is_sound():
    assert otmap.validate_map() == []
    counts = otmap.validate()
    assert counts["hexes"] == 360 and counts["towns"] >= 100 and counts["rail links"] >= 100


def test_the_grid_is_rule_3s_and_the_engines():
    g = M.grid
    assert g["hex_spacing_m"] == 25750  # L128: 16 miles between hex centres
    assert len(M.terrain) == g["columns"] * g["rows"] >= 300
    # every hex centre's coordinates fall back in that hex, by the engine's pixel maths and the file's projection
    for h, rec in RAW["hexes"].items():
        assert otmap.hex_of(rec["lat"], rec["lon"], g) == h
        x, y = otmap.project(rec["lon"], rec["lat"], g["projection"])
        cx, cy = centre(h)
        assert abs(x - cx) < 20 and abs(y - cy) < 20
    # 16 miles between adjacent centres, and even columns half a hex lower
    (ax, ay), (bx, by) = centre("0610"), centre("0710")
    assert math.hypot(ax - bx, ay - by) == pytest.approx(25750)
    assert ay < by  # 0610 (even column) lies lower, to the south, than 0710
    assert set(M.neighbours["0610"]) == {"0609", "0611", "0510", "0511", "0710", "0711"}


def test_every_record_has_provenance():
    records = [RAW["grid"], *RAW["sources"], *RAW["countries"].values(), *RAW["hexes"].values()]
    records += [*RAW["hexsides"].values(), *RAW["towns"], *RAW["rail_lines"], *RAW["roads"]]
    for rec in records:
        assert PROVENANCE.match(rec["source"]), rec


def test_terrain_and_features_use_the_charts_names():
    assert set(M.terrain.values()) <= {"clear", "woods", "forest", "swamp", "wooded-swamp", "lake", "sea"}
    assert {f for fs in M.hexsides.values() for f in fs} == {
        "major-river",
        "river",
        "minor-river",
        "lake-side",
        "frontier",
    }
    for key in M.hexsides:
        a, b = key.split("|")
        assert hx.distance(hx.from_id(a), hx.from_id(b)) == 1 and a < b


def test_the_map_holds_the_region():
    names = {t["name"] for t in M.towns.values()}
    for name in (
        "Königsberg", "Insterburg", "Gumbinnen", "Stallupönen", "Allenstein", "Lötzen", "Osterode", "Soldau",
        "Neidenburg", "Tannenberg", "Hohenstein", "Bischofsburg", "Rastenburg", "Angerburg", "Johannisburg",
        "Ortelsburg", "Lyck", "Graudenz", "Thorn", "Marienburg", "Elbing", "Deutsch Eylau", "Tilsit", "Kovno",
        "Grodno", "Białystok", "Łomża", "Ostrołęka", "Mława", "Pułtusk", "Różan", "Suwałki", "Augustów", "Osowiec",
        "Warsaw", "Novogeorgievsk", "Wirballen/Kibarty", "Kalwaria", "Wilkowischki", "Mariampol", "Olita", "Memel",
    ):  # fmt: skip
        assert name in names
    fortresses = {t["name"]: t["fortress"]["type"] for t in M.towns.values() if t.get("fortress")}
    assert {"Königsberg", "Lötzen", "Graudenz", "Thorn", "Kovno", "Osowiec", "Novogeorgievsk", "Grodno"} <= set(
        fortresses
    )
    assert "Warsaw" not in fortresses  # its forts were given up in 1909-1913
    terrains = set(M.terrain.values())
    assert {"sea", "lake", "forest", "woods", "swamp"} <= terrains
    assert M.terrain[town("Osowiec")["hex"]] == "swamp"  # the fortress in the Biebrza marshes
    haff = {RAW["hexes"][h].get("water") for h, t in M.terrain.items() if t == "lake"}
    assert "Kurisches Haff" in haff


# ----- where things are -----------------------------------------------------------------------


def test_koenigsberg_lies_west_of_insterburg_and_tannenberg_south_west_of_allenstein():
    kx, ky = centre(town("Königsberg")["hex"])
    ix, iy = centre(town("Insterburg")["hex"])
    assert kx < ix and abs(ky - iy) < 30000
    tx, ty = centre(town("Tannenberg")["hex"])
    ax, ay = centre(town("Allenstein")["hex"])
    assert tx < ax and ty < ay
    wx, wy = centre(town("Warsaw")["hex"])
    assert wy < ty and wx > tx  # Warsaw to the south-east of the battlefield
    assert centre(town("Memel")["hex"])[1] > ky  # Memel north of Königsberg


def test_the_masurian_lakes_lie_between_loetzen_and_johannisburg():
    lake = [k for k, f in M.hexsides.items() if "lake-side" in f]
    assert len(lake) >= 5
    top = centre(town("Angerburg")["hex"])[1] + 25750
    bottom = centre(town("Johannisburg")["hex"])[1] - 25750
    for key in lake:
        for h in key.split("|"):
            x, y = centre(h)
            assert bottom <= y <= top
    assert any("lake-side" in f for f, _ in crossings("Sensburg", "Arys"))  # west to east across the chain
    assert any("lake-side" in f for f, _ in crossings("Rastenburg", "Angerburg"))
    assert all("lake-side" not in f for f, _ in crossings("Königsberg", "Insterburg"))


@pytest.mark.parametrize(
    "a, b, river",
    [
        ("Marienwerder", "Preußisch Stargard", "Vistula"),
        ("Łomża", "Kolno", "Narew"),
        ("Różan", "Ostrów", "Narew"),
        ("Tilsit", "Heydekrug", "Niemen"),
        ("Olita", "Kalwaria", "Niemen"),
        ("Wyszków", "Tłuszcz", "Bug"),
        ("Strasburg", "Rypin", "Drewenz"),
    ],
)
def test_rivers_part_the_towns_on_their_banks(a, b, river):
    assert any(river in names.get("river", "") for _, names in crossings(a, b))


def test_towns_on_one_bank_are_not_parted():
    assert all("Vistula" not in names.get("river", "") for _, names in crossings("Thorn", "Kulmsee"))
    assert all("Niemen" not in names.get("river", "") for _, names in crossings("Tilsit", "Ragnit"))


def test_the_frontier_of_1914():
    for name in ("Königsberg", "Allenstein", "Soldau", "Lyck", "Thorn", "Memel", "Tilsit", "Stallupönen"):
        assert M.country[town(name)["hex"]] == "germany", name
    for name in ("Warsaw", "Mława", "Grajewo", "Wirballen/Kibarty", "Kovno", "Grodno", "Suwałki", "Osowiec"):
        assert M.country[town(name)["hex"]] == "russia", name
    assert "frontier" in M.features(town("Soldau")["hex"], town("Mława")["hex"])
    assert any("frontier" in f for f, _ in crossings("Stallupönen", "Wilkowischki"))
    assert all("frontier" not in f for f, _ in crossings("Königsberg", "Lyck"))


def test_railways_and_their_gauges():
    lines = M.rail_lines
    assert {r["gauge"] for r in lines.values()} == {"standard", "broad"}
    assert all(r["gauge"] == "broad" for r in lines.values() if r["id"] in ("petersburg-warsaw", "warsaw-brest"))
    # the gauges meet at the frontier stations: Wirballen, Grajewo, Mława
    for station in ("Wirballen/Kibarty", "Grajewo", "Mława"):
        h = town(station)["hex"]
        gauges = {M.rail[k]["gauge"] for k in M.rail if h in k.split("|")}
        assert gauges == {"standard", "broad"}, station
    ostbahn = lines["ostbahn"]["hexes"]
    assert town("Königsberg")["hex"] in ostbahn and town("Insterburg")["hex"] in ostbahn
    assert lines["ostbahn"]["exits"][0]["hex"] == ostbahn[0]


# ----- planted faults -------------------------------------------------------------------------


@pytest.fixture
def copy(tmp_path):
    def plant(change):
        raw = json.loads(otmap.MAP_FILE.read_text())
        change(raw)
        path = tmp_path / "map.json"
        path.write_text(json.dumps(raw, ensure_ascii=False))
        return otmap.validate_map(path)

    return plant


def first(items, test):
    return next(x for x in items if test(x))


def test_a_hex_without_terrain(copy):
    assert any("hex 0505 of the" in p and "has no terrain" in p for p in copy(lambda r: r["hexes"].pop("0505")))
    assert any("terrain" in p for p in copy(lambda r: r["hexes"]["0505"].pop("terrain")))


def test_a_hexside_between_hexes_that_do_not_touch(copy):
    def far(r):
        r["hexsides"]["0505|0808"] = {"features": ["river"], "river_name": "Nowhere", "source": "authored: test"}

    assert any("'0505|0808': the hexes are not adjacent" in p for p in copy(far))


def test_a_river_out_at_sea(copy):
    def wet(r):
        sea = first(sorted(r["hexes"]), lambda h: r["hexes"][h]["terrain"] == "sea")
        other = hx.to_id(first(hx.neighbours(hx.from_id(sea)), lambda n: hx.to_id(n) in r["hexes"]))
        r["hexsides"][hx.side_id(sea, other)] = {"features": ["river"], "river_name": "X", "source": "authored: t"}

    assert any("a river along open water" in p for p in copy(wet))


def test_a_missing_frontier(copy):
    def move(r):
        key = first(sorted(r["hexsides"]), lambda k: r["hexsides"][k]["features"] == ["frontier"])
        del r["hexsides"][key]

    assert any("but is no frontier" in p for p in copy(move))


def test_a_town_in_the_wrong_hex(copy):
    def shift(r):
        first(r["towns"], lambda t: t["id"] == "allenstein")["hex"] = "0101"

    problems = copy(shift)
    assert any("'allenstein': placed in 0101 but its coordinates lie in" in p for p in problems)


def test_a_record_without_provenance(copy):
    assert any("has no provenance" in p for p in copy(lambda r: r["towns"][0].pop("source")))
    assert any("provenance must be" in p for p in copy(lambda r: r["hexes"]["0101"].update(source="from memory")))


def test_a_broken_rail_line(copy):
    def jump(r):
        line = first(r["rail_lines"], lambda x: x["id"] == "thorn-insterburg")
        del line["hexes"][3]

    assert any("'thorn-insterburg': jumps from" in p for p in copy(jump))

    def miss(r):
        line = first(r["rail_lines"], lambda x: x["id"] == "ostbahn")
        line["stations"].append("warszawa")

    assert any("does not pass through warszawa" in p for p in copy(miss))


def test_a_rail_net_in_two_parts(copy):
    def cut(r):
        r["rail_lines"] = [x for x in r["rail_lines"] if x["id"] != "warsaw-bromberg"]

    assert any("the standard-gauge net falls into 2 parts" in p for p in copy(cut))


def test_load_map_refuses_a_damaged_copy(tmp_path):
    raw = json.loads(otmap.MAP_FILE.read_text())
    raw["hexes"]["0303"]["terrain"] = "lava"
    path = tmp_path / "map.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="hexes.0303.terrain"):
        otmap.load_map(path)


# ----- the generator --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("build_over_there_map", BUILD)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_reproduces_the_map_byte_for_byte(build):
    """Takes a few seconds: the whole build, from the overlay and the Natural Earth extract."""
    assert build.build() == otmap.MAP_FILE.read_text()


def test_the_build_refuses_an_overlay_record_without_provenance(build):
    overlay = json.loads(build.OVERLAY.read_text())
    assert build.overlay_problems(overlay) == []
    del overlay["covers"][0]["source"]
    overlay["rail_lines"][0]["source"] = "from memory"
    problems = build.overlay_problems(overlay)
    assert any("covers[johannisburger-heide]" in p for p in problems)
    assert any("rail_lines[ostbahn]" in p for p in problems)
    with pytest.raises(SystemExit):
        build.Build(overlay, json.loads(build.NE_EXTRACT.read_text()))
