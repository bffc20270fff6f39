"""7C river movement (L339-360), the optional rule ``river_movement``: navigable hexsides, the
rate of L344's example, the yards' capacity per waterway net, and the move itself."""

from __future__ import annotations

import math

import kriegsspiel
from kriegsspiel.games.over_there import logistics as lg
from kriegsspiel.games.over_there import movement
from kriegsspiel.games.over_there import movement as mv
from kriegsspiel.games.over_there.world import CH, LAND_SET, MAP, UNITS, zoc_hexes

G = kriegsspiel.load("over-there")
CP, EN = "central-powers", "entente"
KOENIGSBERG, DANZIG, WARSAW = "0806", "0308", "1016"
GUNS = "de-i-hvy-art"  # ½ RE, counted double as artillery: 1 RE of capacity (7C5)


def with_rivers(**placed) -> dict:
    s = G.new(seed=1, options={"river_movement": True})
    for uid, h in placed.items():
        s["units"][uid.replace("_", "-")].update({"hex": h, "at": "map"})
    return s


def test_every_river_and_lake_hexside_is_navigable_and_the_major_cities_on_them_are_yards():
    nav = movement.waterways()
    rivers = {k for k, f in MAP.hexsides.items() if set(f) & {"river", "major-river", "minor-river", "lake-side"}}
    assert set(nav) == rivers
    # connected hexsides share an end: the hexes of each pair have a hex in common
    for k, links in nav.items():
        a, b = k.split("|")
        for x in links:
            assert set(x.split("|")) & {a, b}
    yards = movement.river_yards()
    assert set(yards) == {KOENIGSBERG, DANZIG, WARSAW}
    # Danzig and Warsaw on the Vistula's net, Königsberg on the Pregel's
    assert yards[DANZIG] == yards[WARSAW] != yards[KOENIGSBERG]


def test_the_rate_is_l344s_sixteen_hexsides_for_two_mps():
    # L344: a regiment enters 16 inland waterway hexsides (the first counts) and spends 2 MPs
    assert math.ceil(16 / CH.rate("river")["hexsides_per_mp"]) == 2
    s = with_rivers(de_i_hvy_art=KOENIGSBERG)
    reach = movement.river(s, GUNS)
    budget = movement.allowance(s, GUNS, "movement")
    assert reach and all(1 <= c <= budget for c, _ in reach.values())
    assert {c for c, _ in reach.values()} >= {1, 2}  # farther up the Pregel costs more
    net = movement.river_yards()[KOENIGSBERG]
    ends = {h for k, n in movement.river_nets().items() if n in net for h in k.split("|")}
    assert set(reach) <= ends  # every destination lies next to a hexside of the net


def test_the_option_is_off_by_default_and_a_division_is_too_big_for_one_yard():
    s = G.new(seed=1)
    s["units"][GUNS]["hex"] = KOENIGSBERG
    assert movement.river(s, GUNS) == {}
    s = with_rivers(de_1_id=KOENIGSBERG)
    assert UNITS["de-1-id"].re > CH.rate("river")["yard_capacity_re"]
    assert movement.river(s, "de-1-id") == {}


def test_a_waterway_serves_only_the_side_that_owns_a_yard_on_it():
    s = with_rivers(ru_27_id=KOENIGSBERG)
    s["units"]["ru-27-id"]["cadre"] = True  # 1 RE
    assert movement.river(s, "ru-27-id") == {}  # the Pregel's only yard is German
    s["owner"][KOENIGSBERG] = "entente"
    assert movement.river(s, "ru-27-id")


def test_a_river_move_counts_once_against_the_nets_capacity():
    s = with_rivers(de_i_hvy_art=KOENIGSBERG, de_xvii_hvy_art=KOENIGSBERG)
    s["phasing"], s["phase"] = "central-powers", "movement"
    reach = movement.river(s, GUNS)
    to = min(h for h, (c, _) in reach.items() if c == 1)
    movement.move(s, [GUNS], to, "river", "movement")
    v = s["units"][GUNS]
    assert v["hex"] == to and v["spent"] == 1 and not v["nozoc"]  # 7C3: the ZOC is back at once
    assert movement.river(s, "de-xvii-hvy-art") == {}  # the Pregel's 1 RE is used
    assert movement.river(s, GUNS)  # the same unit counts only once a turn (7C5)
    assert movement.reach(s, [GUNS], "movement")


def test_6b3_under_accel_movement_a_river_move_costs_double_and_never_more_than_the_mps_left():
    """6B3 (L228): river MPs are doubled under accel movement; a move never spends MPs the unit
    has not got."""
    s = with_rivers(de_i_hvy_art=KOENIGSBERG)
    plain = movement.river(s, GUNS)
    v = s["units"][GUNS]
    v.update({"accel": True, "moved": True, "spent": 1})  # after an accel leg of 1 MP
    budget = movement.allowance(s, GUNS, "movement", accel=True) - 1
    doubled = movement.river(s, GUNS)
    assert doubled and all(c % 2 == 0 and c <= budget for c, _ in doubled.values())
    assert {h: c * 2 for h, (c, _) in plain.items() if c * 2 <= budget} == {h: c for h, (c, _) in doubled.items()}


def test_11h_a_res_pt_goes_by_river_by_itself_when_a_net_has_its_3_res(monkeypatch):
    """11H (L650), option 7C: a Res Pt moves by river by itself, up to 40 hexsides, taking 3 REs
    of the waterway net's capacity, once a phase and not by rail too (L662). On this map no net
    has 3 REs (1 RE a yard, 7C5-6), so it is offered only where a net has them."""
    s = G.new(seed=1, options={"river_movement": True})
    warsaw = lg.place_hex("Warsaw")
    assert s["res"][EN].get(warsaw) and {"res_river": warsaw} not in G.actions(s, EN)
    monkeypatch.setattr(mv, "river_capacity", lambda s, side, net: 6.0)
    assert {"res_river": warsaw} in G.actions(s, EN)
    s = G.apply(s, EN, {"res_river": warsaw})
    ways = G.actions(s, EN)
    assert ways[-1] == {"cancel": True} and len(ways) > 1
    assert all(a["by"] == "river" and a["to"] in LAND_SET and s["owner"].get(a["to"]) != CP for a in ways[:-1])
    away = [a for a in ways[:-1] if a["to"] not in zoc_hexes(s, CP)]  # where no German ZOC takes the hex
    to = away[0]["to"]
    net = mv.item_river(s, EN, warsaw)[to]
    before = mv.river_left(s, EN, net)
    s = G.apply(s, EN, away[0])
    assert s["res"][EN].get(to) == 1 and mv.river_left(s, EN, net) == before - 3
    assert {"res_river": to} not in G.actions(s, EN) and {"res_rail": to} not in G.actions(s, EN)
    assert not [x for x in G.view(s, CP)["log"] if "by river" in str(x)]
