"""Over There's supply (Rule 11, L585-660) and isolation (3G, L165-166): the sources and the rail
net a side traces to, the overland element's length and what blocks it, Army HQs, the status a
check writes, the elimination of isolated units, and the strength and movement effects; with
the rulebook's worked numbers where they do not hang on a missing chart (L611, L634, L640, L683,
L1007). Rulings S1-S14 are in supply.py's text."""

import pytest

import kriegsspiel
from kriegsspiel.engine import hexes as hx
from kriegsspiel.engine import rng
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import logistics as lg
from kriegsspiel.games.over_there import supply as sp
from kriegsspiel.games.over_there import world as w

CP, EN = "central-powers", "entente"
SIDES = (EN, CP)
MAP = w.MAP
KOENIGSBERG = MAP.place("Königsberg")["hex"]  # 0806
DANZIG = MAP.place("Danzig")["hex"]  # 0308
WARSAW = MAP.place("Warsaw")["hex"]  # 1016


def fresh() -> dict:
    """The state at the start of the game: the registered module's, else one built from world."""
    try:
        rules = kriegsspiel.load("over-there")
    except KeyError:
        rules = None
    if rules is not None:
        return rules.new(seed=1)
    return {
        "units": w.new_units({}),
        "owner": w.initial_owner(),
        "breaks": [],
        "works": {},
        "turn": 0,
        "phasing": EN,
        "phase": "initial",
        "rng": rng.seed_state(1),
        "actions": [],
        "undo": 0,
        "log": [],
        "options": {},
    }


def empty() -> dict:
    """The start's map and ownership with every unit off the map."""
    s = fresh()
    for v in s["units"].values():
        v.update(at="due", hex=None, supply="general", out=0)
    s.pop("supply_since", None)
    return s


def put(s: dict, uid: str, h: str) -> None:
    s["units"][uid].update(at="map", hex=h)


def ring(s: dict, h: str, uids: list[str]) -> list[str]:
    """Enemy divisions on every other neighbour of ``h``: their ZOCs then cover all six."""
    spots = list(w.NEIGHBOURS[h])[::2]
    for uid, n in zip(uids, spots, strict=True):
        put(s, uid, n)
    return spots


def dist(a: str, b: str) -> int:
    return hx.distance(hx.from_id(a), hx.from_id(b))


def owned_rail(s: dict, side: str) -> set[str]:
    """Every hex of the side's gauge's rail lines that the side owns (a superset of rail_reach)."""
    gauge = "standard" if side == CP else "broad"
    out = set()
    for key, link in MAP.rail.items():
        if link["gauge"] == gauge:
            out |= {h for h in key.split("|") if s["owner"].get(h) == side}
    return out


def at_phase(s: dict, turn: int, side: str) -> None:
    """The initial phase of ``side``'s player turn in game turn ``turn``: both sides checked."""
    s["turn"], s["phasing"], s["phase"] = turn, side, "initial"
    sp.check(s, SIDES, initial=True)


RU_DIVS = ["ru-25-id", "ru-27-id", "ru-28-id", "ru-29-id"]
DE_DIVS = ["de-1-id", "de-2-id", "de-35-id", "de-36-id"]


# ----- sources and the rail net (11C2a, 11B3a) -----------------------------------------------


def test_sources_are_the_home_exits_of_the_sides_gauge_and_the_major_cities():
    # MAP.md: standard-gauge exits toward Konitz/Berlin (0110), Bromberg/Berlin (0113), Posen (0115)
    # in Germany; broad-gauge exits toward Libau (1701), Vilna (2005, 2007), Wołkowysk (2012),
    # Moscow (2016) in Russia; the partial-hex cities Königsberg and Danzig, the full-hex Warsaw (3E2)
    assert sp.sources(CP) == {"0110", "0113", "0115", DANZIG, KOENIGSBERG}
    assert sp.sources(EN) == {"1701", "2005", "2007", "2012", "2016", WARSAW}
    # the standard-gauge exit toward Koluszki and Vienna lies in Russia: neither side's (S1)
    assert "0618" in {e["hex"] for e in MAP.rail_exits}
    assert "0618" not in sp.sources(CP) | sp.sources(EN)


def test_rail_reach_keeps_to_the_sides_gauge_and_owned_hexes_and_ignores_breaks():
    s = empty()
    cp, en = sp.rail_reach(s, CP), sp.rail_reach(s, EN)
    assert {"0110", "0313", KOENIGSBERG, "1206"} <= cp  # Berlin line, Thorn, Königsberg, Insterburg
    assert {WARSAW, "1506", "1612", "1817"} <= en  # Warsaw, Wirballen, Białystok, Brest
    # Łowicz (0617) lies on Russian Poland's standard-gauge lines only: Russian, but not broad gauge
    assert all(MAP.rail[k]["gauge"] == "standard" for k in MAP.rail if "0617" in k.split("|"))
    assert "0617" not in en and "0617" not in cp
    # Mława (0812) ends the German Marienburg-Mława line: Russian-owned at the start
    assert "0812" not in cp and "0812" in en
    s["owner"]["0812"] = CP
    assert "0812" in sp.rail_reach(s, CP)
    # L601: rail breaks do not block a railroad sub-element
    s["breaks"] = sorted({h for k in MAP.rail for h in k.split("|")})
    assert sp.rail_reach(s, CP) == cp | {"0812"}
    assert sp.rail_reach(s, EN) == en - {"0812"}


def test_rail_reach_counts_at_most_seven_low_volume_hexes(monkeypatch):
    s = empty()
    assert sp.RAIL_LOW_MAX == 7  # L601
    # Tilsit-Memel: Insterburg (1206, on the high-volume Ostbahn) - 1205 - Tilsit 1204 - 1104 - 1103
    # along the low-volume Insterburg-Memel line: Tilsit is 2 low-volume hexes out, 1103 is 4
    line = MAP.rail_lines["insterburg-memel"]
    assert line["volume"] == "low" and line["hexes"][:5] == ["1206", "1205", "1204", "1104", "1103"]
    assert {"1204", "1104", "1103"} <= sp.rail_reach(s, CP)
    monkeypatch.setattr(sp, "RAIL_LOW_MAX", 3)
    reach = sp.rail_reach(s, CP)
    assert "1104" in reach and "1103" not in reach


def test_königsberg_holds_out_as_a_baltic_port_but_warsaw_needs_its_railway():
    s = empty()
    put(s, "de-1-id", KOENIGSBERG)
    ring(s, KOENIGSBERG, RU_DIVS[:3])
    assert all(n in w.zoc_hexes(s, EN) for n in w.NEIGHBOURS[KOENIGSBERG])
    assert sp.general_supply(s, CP)["de-1-id"] == "general"  # S1: the Baltic is the CP's (L610)
    assert not sp.isolated_units(s, CP)
    s = empty()
    put(s, "ru-25-id", WARSAW)
    ring(s, WARSAW, DE_DIVS[:3])
    assert all(n in w.zoc_hexes(s, CP) for n in w.NEIGHBOURS[WARSAW])
    assert WARSAW not in sp.rail_reach(s, EN)  # no longer connected (7A1): no longer a source
    assert sp.isolated_units(s, EN) == {"ru-25-id"}


def test_11c2a_a_city_once_taken_by_the_enemy_is_never_again_a_source():
    # L615: "Once a city ... has been owned by the enemy, it may no longer be used as a regular
    # general supply source, even if the player regains ownership". With the lines at 1117 and
    # 1612 cut, Warsaw's own low-volume reach (7 links, L601) is all that supplies 0812-1313.
    from kriegsspiel.games.over_there import combat

    s = empty()
    for h in ("1117", "1612"):
        s["owner"][h] = CP
    before = sp.rail_reach(s, EN)
    assert {"0812", "0813", "1213"} <= before
    combat.capture(s, CP, WARSAW)
    combat.capture(s, EN, WARSAW)
    assert s["owner"][WARSAW] == EN and s["fallen"] == [WARSAW]
    assert any("no longer a source of general supply (11C2a)" in line[1] for line in s["log"])
    after = sp.rail_reach(s, EN)
    assert WARSAW in after and not {"0812", "0813", "1213"} & after
    # Königsberg taken and retaken: fallen as a city, it serves on as a Baltic port (ruling S1)
    s = empty()
    combat.capture(s, EN, KOENIGSBERG)
    combat.capture(s, CP, KOENIGSBERG)
    assert KOENIGSBERG in s["fallen"] and not any(line[0] == "11C2a" for line in s["log"])
    put(s, "de-1-id", KOENIGSBERG)
    ring(s, KOENIGSBERG, RU_DIVS[:3])
    assert sp.general_supply(s, CP)["de-1-id"] == "general"
    # the fall is public: both sides' views list it
    view = kriegsspiel.load("over-there").view(s, EN)
    assert view["board"]["fallen"] == [KOENIGSBERG]


# ----- the start -------------------------------------------------------------------------------


def test_every_unit_on_the_map_starts_in_general_supply():
    s = fresh()
    for side in SIDES:
        status = sp.general_supply(s, side)
        assert status and set(status) == {uid for uid, _ in w.on_map(s, side)}
        assert {uid: x for uid, x in status.items() if x != "general"} == {}, side
        assert sp.isolated_units(s, side) == set()
    sp.check(s, SIDES, initial=True)
    bad = {uid: (v["supply"], v["out"]) for uid, v in w.on_map(s) if (v["supply"], v["out"]) != ("general", 0)}
    assert bad == {}


# ----- the overland element (11B1) -----------------------------------------------------------


def test_overland_costs_by_terrain_hexside_road_and_weather():
    # L596: a forest hex counts 2; an unfrozen major river hexside adds 1; along a road neither
    assert MAP.terrain["0911"] == "forest" and not MAP.features("0811", "0911")
    assert hx.side_id("0811", "0911") not in MAP.roads
    assert sp.overland_cost("0811", "0911") == 2
    assert MAP.terrain["1609"] == "forest" and hx.side_id("1509", "1609") in MAP.roads
    assert sp.overland_cost("1509", "1609") == 1
    assert MAP.features("0112", "0212") == ("major-river",) and MAP.terrain["0212"] == "clear"
    assert sp.overland_cost("0112", "0212") == 2 and sp.overland_cost("0112", "0212", "winter") == 1
    assert MAP.features("0211", "0311") == ("major-river",) and hx.side_id("0211", "0311") in MAP.roads
    assert sp.overland_cost("0211", "0311") == 1
    # swamp counts 2 only unfrozen (L596)
    assert MAP.terrain["1412"] == "swamp" and not MAP.features("1312", "1412")
    assert sp.overland_cost("1312", "1412") == 2 and sp.overland_cost("1312", "1412", "winter") == 1
    # a lake-side hexside is prohibited, unless a road crosses it or it is frozen
    assert MAP.features("1108", "1208") == ("lake-side",) and hx.side_id("1108", "1208") not in MAP.roads
    assert sp.overland_cost("1108", "1208") is None and sp.overland_cost("1108", "1208", "winter") == 1
    assert MAP.features("1208", "1209") == ("lake-side",) and hx.side_id("1208", "1209") in MAP.roads
    assert sp.overland_cost("1208", "1209") == 1


def test_a_unit_beyond_the_overland_length_is_out_of_supply_but_not_isolated():
    s = empty()
    # 0615 is three clear hexes (0613, 0614) from Soldau-Graudenz's rail hex 0612
    assert "0612" in owned_rail(s, CP) and dist("0612", "0615") == 3
    path = ["0612", "0613", "0614", "0615"]
    assert all(MAP.terrain[h] == "clear" for h in path)
    assert all(set(MAP.features(a, b)) <= {"frontier"} for a, b in zip(path, path[1:], strict=False))
    put(s, "de-1-id", "0615")
    # 0716 is four hexes or more from every rail hex the Central Powers own
    assert min(dist("0716", h) for h in owned_rail(s, CP)) >= 4
    put(s, "de-2-id", "0716")
    assert sp.general_supply(s, CP) == {"de-1-id": "general", "de-2-id": "out"}
    assert sp.isolated_units(s, CP) == set()
    assert "0716" not in sp.isolated_hexes(s, CP)
    sp.check(s, SIDES, initial=True)
    assert (s["units"]["de-1-id"]["supply"], s["units"]["de-1-id"]["out"]) == ("general", 0)
    assert (s["units"]["de-2-id"]["supply"], s["units"]["de-2-id"]["out"]) == ("out", 1)


def test_mud_limits_the_overland_element_to_two_hexes():
    # L1007: "During mud weather the overland and road elements of a supply line are limited to 2 hexes"
    s = empty()
    put(s, "de-1-id", "0615")  # 3 clear hexes from the rail (the test above)
    put(s, "de-2-id", "0614")  # 2
    s["weather"] = "mud"
    assert sp.lengths(s) == (2, 2)
    assert sp.general_supply(s, CP) == {"de-1-id": "out", "de-2-id": "general"}
    s["weather"] = "clear"
    assert sp.general_supply(s, CP) == {"de-1-id": "general", "de-2-id": "general"}


def test_an_army_hq_carries_the_line_six_hexes_from_the_railhead():
    # L611: "the 6-hex overland + road limit on a supply line in good weather"
    s = empty()
    for h in ("0812", "0813", "0814", "0815"):  # the Warsaw road south of Mława, taken
        s["owner"][h] = CP
    road = ["0812", "0813", "0814", "0815"]
    assert all(hx.side_id(a, b) in MAP.roads for a, b in zip(road, road[1:], strict=False))
    assert "0812" in sp.rail_reach(s, CP)
    # 1017: 3 hexes on from 0815 (the road to Warsaw 0916, 1016, then a clear hex), Russian-owned
    way = ["0815", "0916", "1016", "1017"]
    assert all(hx.side_id(a, b) in MAP.roads for a, b in zip(way, way[1:3], strict=False))
    assert not MAP.features("1016", "1017") and MAP.terrain["1017"] == "clear"
    assert min(dist("1017", h) for h in owned_rail(s, CP)) >= 5 and min(dist("1018", h) for h in owned_rail(s, CP)) >= 5
    put(s, "de-1-id", "1017")
    put(s, "de-2-id", "1018")  # 4 from 0815
    assert sp.general_supply(s, CP) == {"de-1-id": "out", "de-2-id": "out"}
    put(s, "de-8-army-hq", "0815")
    assert sp.general_supply(s, CP) == {"de-1-id": "general", "de-2-id": "out", "de-8-army-hq": "general"}
    put(s, "de-8-army-hq", "0916")  # 4 hexes from the railhead: links nobody
    assert min(dist("0916", h) for h in owned_rail(s, CP)) == 4
    assert sp.general_supply(s, CP)["de-1-id"] == "out"
    assert sp.general_supply(s, CP)["de-8-army-hq"] == "out"


def test_the_road_element_runs_from_the_army_hq_through_friendly_hexes_only():
    # winter (ruling R27): overland 2, road 3; 0815 is 3 road hexes from the railhead at Mława
    s = empty()
    for h in ("0812", "0813", "0814", "0815"):
        s["owner"][h] = CP
    s["weather"] = "winter"
    assert sp.lengths(s) == (2, 3)
    assert min(dist("0815", h) for h in owned_rail(s, CP)) == 3
    put(s, "de-1-id", "0815")
    assert sp.general_supply(s, CP) == {"de-1-id": "out"}  # 3 overland is too far in winter
    put(s, "de-8-army-hq", "0815")
    assert sp.general_supply(s, CP) == {"de-1-id": "general", "de-8-army-hq": "general"}
    s["owner"]["0813"] = EN  # L598: a road element only through friendly-owned hexes
    assert sp.general_supply(s, CP) == {"de-1-id": "out", "de-8-army-hq": "out"}


# ----- what blocks a line (11A) and isolation (3G) -------------------------------------------


def test_a_unit_cut_off_by_enemy_zocs_is_isolated():
    s = empty()
    h = "0612"  # on the Soldau-Graudenz railway, six land neighbours
    assert h in sp.rail_reach(s, CP) and len(w.NEIGHBOURS[h]) == 6
    put(s, "de-1-id", h)
    assert sp.general_supply(s, CP) == {"de-1-id": "general"}
    spots = ring(s, h, RU_DIVS[:3])
    assert set(w.NEIGHBOURS[h]) <= w.zoc_hexes(s, EN)
    assert sp.general_supply(s, CP) == {"de-1-id": "out"}
    assert sp.isolated_units(s, CP) == {"de-1-id"}
    assert h in sp.isolated_hexes(s, CP)
    assert sp.cut_off(s, CP, [h, "0716", "1005"]) == {h}  # the pocket only; Königsberg and the open land trace
    sp.check(s, SIDES, initial=True)
    assert (s["units"]["de-1-id"]["supply"], s["units"]["de-1-id"]["out"]) == ("isolated", 1)
    # a friendly unit in a hex of the enemy ZOC opens it to the line (11A)
    gap = w.NEIGHBOURS[h][1]
    assert gap not in spots and gap in w.zoc_hexes(s, EN)
    put(s, "de-70-lw-bde", gap)
    assert sp.isolated_units(s, CP) == set()
    # so does a gap in the ring
    s["units"]["de-70-lw-bde"].update(at="due", hex=None)
    s["units"][RU_DIVS[0]].update(at="due", hex=None)
    assert sp.isolated_units(s, CP) == set()


def test_the_combat_phase_check_redetermines_isolation_only():
    s = empty()
    put(s, "de-1-id", "0612")
    put(s, "de-2-id", "0716")  # out of general supply, not isolated
    at_phase(s, 0, EN)
    assert s["units"]["de-1-id"]["supply"] == "general"
    assert (s["units"]["de-2-id"]["supply"], s["units"]["de-2-id"]["out"]) == ("out", 1)
    ring(s, "0612", RU_DIVS[:3])
    put(s, "de-2-id", "0809")  # onto the rail net (Allenstein-Königsberg) during the movement phase
    s["phase"] = "combat"
    sp.check(s, SIDES)
    # in general supply for the player turn, isolated now (3G; ruling S8)
    assert (s["units"]["de-1-id"]["supply"], s["units"]["de-1-id"]["out"]) == ("isolated", 0)
    # out of general supply for the whole player turn (11B, L589) but in combat supply now (11D)
    assert (s["units"]["de-2-id"]["supply"], s["units"]["de-2-id"]["out"]) == ("out", 1)
    # 11D: combat supply is a Res Pt within the overland length, whatever the general supply
    s["res"] = {CP: {"0809": 1}, EN: {}}
    assert lg.supplied(s, CP, ["de-1-id", "de-2-id"], commit=False) == {"de-2-id"}
    assert sp.strength_factor(s, "de-2-id", combat_supply=True) == 1.0
    assert sp.strength_factor(s, "de-1-id", combat_supply=False) == 0.5  # in general supply, out of combat supply
    for uid in RU_DIVS[:3]:
        s["units"][uid].update(at="due", hex=None)
    sp.check(s, SIDES)
    assert s["units"]["de-1-id"]["supply"] == "general"


# ----- turns out of supply and elimination (11F) ---------------------------------------------


def test_a_turn_out_of_supply_is_two_player_turns_from_the_first_check():
    # L634: an Entente unit first judged out in the Central Powers' initial phase of Dec I 14 has
    # its first turn out in that player turn and in the Entente's of Dec II 14
    s = empty()
    assert min(dist("0106", h) for h in owned_rail(s, EN)) > 3
    put(s, "ru-25-id", "0106")  # Pomerania: far from any Russian railway or Army HQs
    v = s["units"]["ru-25-id"]
    at_phase(s, 1, CP)
    assert (v["supply"], v["out"]) == ("out", 1)
    at_phase(s, 1, CP)  # checked twice in one phase: nothing changes
    assert v["out"] == 1
    at_phase(s, 2, EN)
    assert v["out"] == 1
    s["phase"] = "combat"
    sp.check(s, SIDES)  # combat phases do not count turns
    assert v["out"] == 1
    at_phase(s, 2, CP)
    assert v["out"] == 2
    at_phase(s, 3, EN)
    assert v["out"] == 2
    at_phase(s, 3, CP)
    assert v["out"] == 3
    put(s, "ru-25-id", WARSAW)
    at_phase(s, 4, EN)
    assert (v["supply"], v["out"]) == ("general", 0) and "ru-25-id" not in s["supply_since"]


def isolated_for(s: dict, uid: str, h: str, ring_units: list[str], turns: int) -> dict:
    """``uid`` in ``h`` ringed by ``ring_units`` and checked until its turn ``turns`` out."""
    put(s, uid, h)
    ring(s, h, ring_units)
    side = w.UNITS[uid].side
    for k in range(2 * turns - 1):
        at_phase(s, k // 2, SIDES[k % 2])
    s["phasing"] = side
    v = s["units"][uid]
    assert (v["supply"], v["out"]) == ("isolated", turns)
    return v


def test_an_isolated_unit_in_its_second_turn_out_rolls_for_elimination():
    # L640-644 and the Ground Success Table (ruling R28): 1-4 fail, 5-6 succeed
    s = empty()
    v = isolated_for(s, "de-1-id", "0612", RU_DIVS[:3], 2)
    with scripted_dice(s, 5):
        assert sp.attrition(s, CP) == []
    assert v["at"] == "map" and v["hex"] == "0612"
    with scripted_dice(s, 4):
        assert sp.attrition(s, CP) == ["de-1-id"]
    assert (v["at"], v["hex"]) == ("eliminated", None)
    assert s["eliminated_log"][-1] == {"uid": "de-1-id", "turn": s["turn"], "isolated": True}
    assert s["log"][-1][0] == "11F" and "eliminated" in s["log"][-1][1]
    with scripted_dice(s):
        assert sp.attrition(s, CP) == []  # nobody left to roll


def test_no_roll_in_the_first_turn_out_nor_when_not_isolated():
    s = empty()
    isolated_for(s, "de-1-id", "0612", RU_DIVS[:3], 1)
    with scripted_dice(s):
        assert sp.attrition(s, CP) == []
    s = empty()
    put(s, "de-2-id", "0716")  # out of supply, not isolated
    for k in range(3):
        at_phase(s, k // 2, SIDES[k % 2])
    assert (s["units"]["de-2-id"]["supply"], s["units"]["de-2-id"]["out"]) == ("out", 2)
    with scripted_dice(s):
        assert sp.attrition(s, CP) == []


def test_elimination_modifiers_major_city_and_cold():
    # L640: +3 in a major city hex (Warsaw is a full-hex city); -1 in frost, winter or snow otherwise
    s = empty()
    v = isolated_for(s, "de-1-id", WARSAW, RU_DIVS[:3], 2)
    with scripted_dice(s, 2):  # 2 + 3 = 5: survives
        assert sp.attrition(s, CP) == []
    with scripted_dice(s, 1):  # 1 + 3 = 4: eliminated
        assert sp.attrition(s, CP) == ["de-1-id"]
    s = empty()
    v = isolated_for(s, "de-1-id", "0612", RU_DIVS[:3], 2)
    s["weather"] = "frost"
    with scripted_dice(s, 6):  # 6 - 1 = 5
        assert sp.attrition(s, CP) == []
    with scripted_dice(s, 5):  # 5 - 1 = 4
        assert sp.attrition(s, CP) == ["de-1-id"]
    assert v["at"] == "eliminated"


# ----- effects (11F; ruling R3) ----------------------------------------------------------------


def test_strength_and_movement_by_supply():
    s = empty()
    put(s, "de-1-id", "0611")  # on the rail net: in combat supply
    put(s, "de-2-id", "0716")  # 4 hexes from it: not
    v1, v2 = s["units"]["de-1-id"], s["units"]["de-2-id"]
    s["res"] = {CP: {"0611": 1}, EN: {}}  # a Res Pt railed up to it
    assert lg.supplied(s, CP, ["de-1-id", "de-2-id"], commit=False) == {"de-1-id"}
    # L634: in combat supply a unit fights at full strength whatever its general supply
    v1.update(supply="out", out=3)
    assert sp.strength_factor(s, "de-1-id", combat_supply=True) == 1.0
    assert sp.movement_factor(s, "de-1-id") == 0.5  # L638: U-2 and later halve movement
    # out of combat supply: halved in general supply or U-1, quartered isolated in U-1 or from U-2
    v2.update(supply="general", out=0)
    assert sp.strength_factor(s, "de-2-id", combat_supply=False) == 0.5
    v2.update(supply="out", out=1)
    assert sp.strength_factor(s, "de-2-id", combat_supply=False) == 0.5
    assert sp.movement_factor(s, "de-2-id") == 1.0  # L636: U-1 halves only c/m units
    v2.update(supply="isolated", out=1)
    assert sp.strength_factor(s, "de-2-id", combat_supply=False) == 0.25
    v2.update(supply="out", out=2)
    # L683: a U-2 artillery regiment rated 2 out of combat supply defends at 0.5
    assert 2 * sp.strength_factor(s, "de-2-id", combat_supply=False) == 0.5
    assert sp.movement_factor(s, "de-2-id") == 0.5


@pytest.mark.parametrize("side", SIDES)
def test_isolated_hexes_and_units_agree(side):
    s = fresh()
    iso = sp.isolated_hexes(s, side)
    assert iso and iso <= set(w.LAND)
    s["units"]["de-1-id"].update(at="map", hex="0612")
    s["units"]["ru-25-id"].update(at="map", hex="0716")
    assert sp.isolated_units(s, side) == {uid for uid, v in w.on_map(s, side) if v["hex"] in sp.isolated_hexes(s, side)}


@pytest.mark.parametrize("side", SIDES)
def test_the_search_from_a_few_hexes_agrees_with_the_whole_map(side):
    """``cut_off`` (a search from each hex asked about) tells the same as ``isolated_hexes``
    (one spread from the rail net): a unit ringed in, and the state after the opening."""
    s = empty()
    put(s, "de-1-id", "0612")
    ring(s, "0612", RU_DIVS[:3])
    for state in (s, fresh()):
        assert sp.cut_off(state, side, list(w.LAND)) == sp.isolated_hexes(state, side)


def test_the_bots_supply_picture_from_a_view_is_the_rules_trace_when_the_view_shows_every_block():
    """``view_supply`` (what the heuristic bot reads) gives the same hexes as the trace from the
    state, in positions of a random game where units are in contact (11B; rulings S4, S6)."""
    game = kriegsspiel.load("over-there")
    s = game.new(seed=5)
    import random

    r = random.Random(5)
    checked = 0
    for step in range(600):
        if game.is_over(s):
            break
        role = game.active(s)[0]
        s = game.apply(s, role, r.choice(game.actions(s, role)))
        if step % 50 == 0:
            for side in SIDES:
                board = game.view(s, side)["board"]
                if board["hidden"]:
                    continue  # a hidden stack blocks as a unit does; its ZOC is in the view
                _, fed = sp.view_supply(board, side)
                real = sp._Trace(s, side).supplied()
                assert fed == real, (step, side)
                checked += 1
    assert checked >= 4


def test_11b3a_a_net_under_10_res_of_capacity_is_all_low_volume_for_supply():
    """L601: with less than 10 REs of capacity on the net, every rail hex of it counts against
    the 7 low-volume hexes: Rudczanny (1111), 8 hexes out from the nearest source, falls out."""
    s = empty()
    assert "1111" in sp.rail_reach(s, CP)
    s["rail_capacity"] = {CP: 10, EN: 15}
    assert "1111" in sp.rail_reach(s, CP)
    s["rail_capacity"][CP] = 9
    assert "1111" not in sp.rail_reach(s, CP)


def test_11c2b_iii_an_isolated_fortress_feeds_its_garrison_the_turns_out_go_on_and_it_may_be_depleted():
    """L620, L624: units drawing general supply from an improved fortress are in general supply
    for the player turn, but their turns out of supply go on counting; the fortress, isolated,
    is depleted on a success of the enemy's unmodified roll (5 or 6), and replenished when a
    supply line reaches it again."""
    grodno = MAP.place("Grodno")["hex"]  # 1810, a new fortress
    s = empty()
    put(s, "ru-25-id", grodno)
    ring(s, grodno, DE_DIVS[:3])
    w.update_ownership(s)
    assert sp.isolated_units(s, EN) == {"ru-25-id"} and sp.fortress_supplied(s, EN) == {"ru-25-id"}
    sp.check(s, [EN], initial=True)
    v = s["units"]["ru-25-id"]
    first = s["supply_since"]["ru-25-id"]
    assert v["out"] == 0  # in general supply this player turn, and the count has begun
    with scripted_dice(s, 4):
        sp.depletion(s, EN)
    assert grodno not in s["depleted"]  # a 4 fails: the stores hold
    with scripted_dice(s, 5):
        sp.depletion(s, EN)
    assert s["depleted"] == [grodno]
    s["turn"] += 1  # a game turn later the fortress feeds nobody: its second turn out, as L620's example
    sp.check(s, [EN], initial=True)
    assert sp.fortress_supplied(s, EN) == set()
    assert s["supply_since"]["ru-25-id"] == first and v["out"] == 2
    for u in DE_DIVS[:3]:  # the ring lifted: a supply line reaches the fortress again
        s["units"][u].update(at="due", hex=None)
    sp.depletion(s, EN)
    assert s["depleted"] == []


def test_16_a_unit_entering_play_takes_the_supply_status_of_its_hex():
    """L1155: a unit appearing where its side is out of general supply is out of it too, in the
    turn out of the units already there; where the hex traces supply, it is in general supply."""
    s = empty()
    s["turn"], s["phasing"] = 1, CP
    now = sp.player_turn(s)
    put(s, "de-1-id", "0716")  # in Russian Poland, far from the German railways
    sp.arrive(s, ["de-1-id"])
    v = s["units"]["de-1-id"]
    assert (v["supply"], v["out"]) == ("out", 1) and s["supply_since"]["de-1-id"] == now
    s["supply_since"]["de-1-id"] = now - 2  # there since the last game turn: its second turn out
    put(s, "de-2-id", "0716")
    sp.arrive(s, ["de-2-id"])
    assert s["units"]["de-2-id"]["out"] == 2
    put(s, "de-35-id", "0611")  # on the Allenstein railway: supplied
    sp.arrive(s, ["de-35-id"])
    assert (s["units"]["de-35-id"]["supply"], s["units"]["de-35-id"]["out"]) == ("general", 0)
    assert "de-35-id" not in s["supply_since"]
