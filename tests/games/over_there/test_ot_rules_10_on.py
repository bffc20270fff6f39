"""Rules 10 on (special combat effects, supply, artillery, engineers, special ground units and
rules, replacements, basic air) checked against the rulebook's text, line by line (`L123`)."""

from __future__ import annotations

import json
from fractions import Fraction

from ot_positions import movement_of, only

import kriegsspiel
from kriegsspiel.engine import hexes as hx
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import combat, logistics, movement, sequence, supply
from kriegsspiel.games.over_there.world import MAP, UNITS, staff, update_ownership, zoc_hexes

G = kriegsspiel.load("over-there")
CP, EN = "central-powers", "entente"
MAJOR_BRIDGE = "0309|0408"  # a railway and a road across the Vistula, a major river
RAIL_BRIDGE = "0408|0508"  # a railway and a road across a river


def _repairer(res: dict[str, int], demolished: list[str]) -> dict:
    """The Central Powers' first movement phase, a division at the Vistula bridge picked to move,
    the side's Res Pts on the ground only ``res`` (none carried)."""
    s = only(movement_of(CP), {"de-1-id": "0408", "ru-6-id": "1716"})
    s["res"][CP] = dict(res)
    for v in s["units"].values():
        v.pop("carry", None)
    s["demolished"] = list(demolished)
    return G.apply(s, CP, {"unit": "de-1-id"})


def test_13a3_a_major_river_bridge_is_repaired_only_with_a_res_pt_in_overland_reach_spent_for_it():
    """L778: "Repairing a bridge across a major/great river costs the construction unit 16 MPs,
    and it must trace an overland supply line to a Res Pt which must be expended for the
    repair." Ruling O24: the Res Pt is spent as the work begins; the work carried on in a later
    phase spends no other. A river bridge (8 MPs) needs none."""
    s = _repairer({}, [MAJOR_BRIDGE])
    assert {"repair_bridge": MAJOR_BRIDGE} not in G.actions(s, CP)  # no Res Pt in reach
    before = json.dumps(s, sort_keys=True)
    try:
        G.apply(s, CP, {"repair_bridge": MAJOR_BRIDGE})
    except kriegsspiel.IllegalAction:
        pass
    else:
        raise AssertionError("a major river's bridge was repaired without a Res Pt")
    assert json.dumps(s, sort_keys=True) == before
    far = _repairer({"1206": 1}, [MAJOR_BRIDGE])  # a Res Pt far beyond the overland length
    assert {"repair_bridge": MAJOR_BRIDGE} not in G.actions(far, CP)

    s = _repairer({"0311": 1, "1206": 1}, [MAJOR_BRIDGE])
    assert {"repair_bridge": MAJOR_BRIDGE} in G.actions(s, CP)
    s = G.apply(s, CP, {"repair_bridge": MAJOR_BRIDGE})
    assert s["res"][CP] == {"1206": 1}  # the Res Pt in reach is spent
    assert s["repairs"] == {MAJOR_BRIDGE: 5} and s["demolished"] == [MAJOR_BRIDGE]
    s["units"]["de-1-id"].update(spent=0, moved=False)  # its next movement phase
    s = G.apply(s, CP, {"unit": "de-1-id"})
    assert {"repair_bridge": MAJOR_BRIDGE} in G.actions(s, CP)  # the work goes on, no Res Pt now
    s = G.apply(s, CP, {"repair_bridge": MAJOR_BRIDGE})
    assert s["res"][CP] == {"1206": 1} and s["repairs"] == {MAJOR_BRIDGE: 10}

    t = _repairer({}, [RAIL_BRIDGE])
    assert movement.bridge_repair_cost(RAIL_BRIDGE) == 8
    assert {"repair_bridge": RAIL_BRIDGE} in G.actions(t, CP)  # a river's bridge takes no Res Pt


def test_16b3d_a_cadre_fed_by_a_res_pt_is_not_in_regular_general_supply_and_not_rebuilt_from_the_pool():
    """L1209: "If replacements from a general pool are to be used to rebuild a cadre/remnant, the
    unit to be rebuilt must be in regular general supply (Rule 11C2)." A cadre deep in Russia,
    out of reach of its rail net but not cut off, is in general supply this player turn only by
    the Res Pt it draws on (11C2b-i, L620: a special source, ruling O39): the pool does not rebuild
    it. Traced to its rail net, the same cadre is rebuilt."""
    s = only(movement_of(CP), {"de-1-id": "1716", "ru-6-id": "1810"})
    v = s["units"]["de-1-id"]
    v["cadre"] = True
    supply.check(s, [CP, EN], initial=True)
    assert v["supply"] == "out" and v["out"] == 1
    logistics.add(s, CP, "1716", 1)
    assert logistics.feed(s, CP, "1716") == ["de-1-id"]
    assert v["supply"] == "general"  # for the player turn, by the special source
    man = s["pool"][CP]["man"]
    assert man >= 1
    sequence.rebuild(s, CP, "aug-ii-14")
    assert v["cadre"] and s["pool"][CP]["man"] == man

    t = only(movement_of(CP), {"de-1-id": "0408", "ru-6-id": "1810"})
    t["units"]["de-1-id"]["cadre"] = True
    supply.check(t, [CP, EN], initial=True)
    assert t["units"]["de-1-id"]["supply"] == "general"
    sequence.rebuild(t, CP, "aug-ii-14")
    assert not t["units"]["de-1-id"]["cadre"] and t["pool"][CP]["man"] == man - 1


def _ringed(origin: str, gap: str, friendly: str, seed: int = 1) -> dict:
    """The 1st Infantry Division (11-12-5) in ``origin``, every hex around it held by Russian
    divisions but ``gap``, and every hex two away held by them but ``friendly``, where the 2nd
    Infantry Division stands."""
    ring = [h for h in MAP.terrain if hx.distance(hx.from_id(origin), hx.from_id(h)) == 1]
    ring2 = [h for h in MAP.terrain if hx.distance(hx.from_id(origin), hx.from_id(h)) == 2]
    russians = iter(
        u for u in UNITS if UNITS[u].side == EN and UNITS[u].divisional and not UNITS[u].hq and not UNITS[u].fortress
    )
    placed = {"de-1-id": origin, "de-2-id": friendly}
    for h in ring:
        if h != gap:
            placed[next(russians)] = h
    for h in ring2:
        if h != friendly:
            placed[next(russians)] = h
    return only(movement_of(CP, seed), placed)


def test_9f4_the_second_hex_of_a_retreat_meets_the_zocs_with_the_strength_before_the_retreat():
    """L517-523: the second hex of a multiple-hex retreat is chosen by the normal rules, enemy
    ZOCs checked again. L509-513: a non-artillery unit of printed attack 8 or more retreats
    through enemy ZOCs into a friendly-occupied/owned hex, "A unit's strength is determined after
    implementing any losses, but before any retreats" (ruling C33). An 11-12-5 division forced
    into an enemy ZOC on its first hex is reduced to its 4-5-5 cadre; on its second it may still
    enter the friendly division's hex in an enemy ZOC, and is not eliminated."""
    s = _ringed("1010", "1009", "0909")
    assert s["owner"]["0909"] == CP
    paths = combat.retreat(s, ["de-1-id"], 2)
    v = s["units"]["de-1-id"]
    assert paths["de-1-id"] == ["1009", "0909"]
    assert v["at"] == "map" and v["hex"] == "0909" and v["cadre"]
    # a cadre from the start has no such ability: the ZOC of its first hex eliminates it
    t = _ringed("1010", "1009", "0909")
    t["units"]["de-1-id"]["cadre"] = True
    combat.retreat(t, ["de-1-id"], 2)
    assert t["units"]["de-1-id"]["at"] == "eliminated"


def _combat_phase() -> dict:
    """A new game at the Central Powers' combat phase of Aug II 14, every unit off the map, no
    Res Pts but those ``_put`` lays beside the units (11D: all in combat supply)."""
    s = G.new(seed=1)
    for v in s["units"].values():
        v.update(hex=None, at="due", cadre=False, dis=0, fat=0, spent=0, moved=False, attacked=False)
        v.update(nozoc=False, supply="general", out=0)
        v.pop("carry", None)
    s.update(turn=0, phasing=CP, phase="combat", attacked=[], last=None, works={}, vp={CP: 0, EN: 0})
    s["res"] = {CP: {}, EN: {}}
    s["drawn"] = {CP: [], EN: []}
    s["free"] = {CP: None, EN: None}
    return s


def _put(s: dict, h: str, *uids: str) -> None:
    for u in uids:
        s["units"][u].update(hex=h, at="map")
        s["res"][UNITS[u].side].setdefault(h, 1)
    update_ownership(s)


def test_9i_cavalry_does_not_retreat_before_combat_into_an_enemy_zoc_that_reduces_it():
    """L535: the defender chooses whether his cavalry retreats before combat, by the rules of
    retreat (9F2: into an enemy ZOC it is reduced to its cadre, L507). Ruling C14 tries it only
    when a hex free of that is open. The 1st Cavalry Division (2-2-8) in 1502, attacked by two
    German divisions from 1402 and 1601 whose ZOCs cover every other hex around it, does not
    try: the combat is fought (the one die is the combat's)."""
    s = _combat_phase()
    _put(s, "1402", "de-1-id")
    _put(s, "1601", "de-2-id")
    _put(s, "1502", "ru-1-cav")
    ring = ("1501", "1602", "1503", "1401")
    assert set(ring) <= set(zoc_hexes(s, CP))
    with scripted_dice(s, 2) as dice:  # the combat die: 22 against 2 on the 6:1 column
        r = combat.resolve(s, CP, "1502", ["de-1-id", "de-2-id"])
    assert dice.rolled == [2] and r["result"] != "RBC" and not r.get("rbc")
    assert not any("retreat before combat" in line[1] for line in s["log"])
    # with a friendly-occupied hex among them, the cavalry (movement 8) retreats into it through
    # the ZOC (L509-513), unreduced
    s = _combat_phase()
    _put(s, "1402", "de-1-id")
    _put(s, "1601", "de-2-id")
    _put(s, "1503", "ru-25-id")
    _put(s, "1502", "ru-1-cav")
    assert "1503" in set(zoc_hexes(s, CP)) and s["owner"]["1503"] == EN
    with scripted_dice(s, 5):  # the attempt succeeds
        r = combat.resolve(s, CP, "1502", ["de-1-id", "de-2-id"])
    assert r["result"] == "RBC" and r["rbc"] == ["ru-1-cav"]
    v = s["units"]["ru-1-cav"]
    assert v["hex"] == "1503" and not v["cadre"]


def test_11f3_an_army_hq_eliminated_for_lack_of_supply_sends_its_leader_to_the_general_staff():
    """L640-644: an isolated unit in its second turn out of general supply is eliminated on a
    failed Ground Success roll; an Army HQs is a unit like any. L1009: "When an Army HQs is
    eliminated, any leader assigned to it is placed in the off-map available leader pool (the
    leader always gets away)." The Eighth Army HQ and a division, ringed by Russian divisions
    in 1010 and long out of supply, fail their rolls: Hindenburg gets away, not to be lost with
    the HQ."""
    ring = [h for h in MAP.terrain if hx.distance(hx.from_id("1010"), hx.from_id(h)) == 1]
    russians = iter(
        u for u in UNITS if UNITS[u].side == EN and UNITS[u].divisional and not UNITS[u].hq and not UNITS[u].fortress
    )
    placed = {"de-8-army-hq": "1010", "de-1-id": "1010"} | {next(russians): h for h in ring}
    s = only(movement_of(CP), placed)
    assert s["hq"]["de-8-army-hq"]["leader"] == "hindenburg" and "hindenburg" not in staff(s, CP)
    s["supply_since"] = {"de-8-army-hq": -10, "de-1-id": -10}
    supply.check(s, [CP, EN], initial=True)
    assert s["units"]["de-8-army-hq"]["supply"] == "isolated" and s["units"]["de-8-army-hq"]["out"] >= 2
    with scripted_dice(s, 1, 1):  # both fail
        gone = supply.attrition(s, CP)
    assert gone == ["de-8-army-hq", "de-1-id"]
    assert s["hq"]["de-8-army-hq"]["leader"] is None and "hindenburg" in staff(s, CP)
    assert any(line[0] == "14P" and "gets away" in line[1] and line[2:] == [[CP]] for line in s["log"])


def test_11c2b_i_a_res_pt_drawn_on_for_general_supply_supplies_the_army_hq_in_reach_too():
    """L620: "Each Res Pt (Rule 11G) is a special source of general supply for all units which
    can trace an overland supply line to it." The Eighth Army HQ, ringed with a division in
    1010 with a Res Pt, long out of supply, is in general supply for the player turn with the
    division (ruling S14: "every unit out of general supply within ... is in general supply"),
    and so rolls for no elimination (11F3)."""
    ring = [h for h in MAP.terrain if hx.distance(hx.from_id("1010"), hx.from_id(h)) == 1]
    russians = iter(
        u for u in UNITS if UNITS[u].side == EN and UNITS[u].divisional and not UNITS[u].hq and not UNITS[u].fortress
    )
    placed = {"de-8-army-hq": "1010", "de-1-id": "1010"} | {next(russians): h for h in ring}
    s = only(movement_of(CP), placed)
    s["res"][CP] = {"1010": 1}
    s["supply_since"] = {"de-8-army-hq": -10, "de-1-id": -10}
    supply.check(s, [CP, EN], initial=True)
    assert logistics.feed_pockets(s, CP) == [("1010", ["de-8-army-hq", "de-1-id"])]
    assert s["res"][CP] == {}
    for uid in ("de-8-army-hq", "de-1-id"):
        assert s["units"][uid]["out"] == 0
    assert supply.attrition(s, CP) == []  # no die is rolled: nobody is checked


def test_16c1_a_division_disbanded_puts_down_the_res_pt_it_carries():
    """L1233 (16C1, by 16A1i): a unit disbanded leaves play; the Res Pt it carries (11H, L653:
    one divisional unit a side may carry one) is a logistics item, not part of the unit, and stays
    in the hex, as when a unit carrying it is withdrawn or eliminated (``logistics.drop``)."""
    s = movement_of(CP)
    v = s["units"]["de-1-id"]
    v["carry"] = 1
    h = v["hex"]
    before = logistics.total(s, CP)
    on_ground = s["res"][CP].get(h, 0)
    s = G.apply(s, CP, {"disband": True})
    s = G.apply(s, CP, {"disband": "de-1-id"})
    assert v["at"] == "disbanded"
    assert logistics.total(s, CP) == before and s["res"][CP].get(h, 0) == on_ground + 1


def test_12b_a_major_city_with_an_improved_old_fortress_does_not_halve_field_artillery(monkeypatch):
    """L688: field artillery is "Halved when they attack a hex containing an improved great
    fortress, improved fortress (new), or a major city, unless the hex also contains an improved
    fortress (old)". Danzig (0308) is a major city with an improved old fortress: not halved
    (ruling C7). The scenario has no field artillery, so a heavy artillery battalion is read as
    field artillery here; its own multipliers are checked too."""
    danzig = combat.cities("0308")
    assert danzig and combat.fortification(G.new(seed=1), "0308") == "improved-fortress-old"
    gun = next(u for u in UNITS if UNITS[u].type == "heavy-artillery")
    assert combat._art_type(gun, "improved-fortress-old", danzig) == 2  # L691: doubled, city or not
    monkeypatch.setitem(combat.ART_KIND, "heavy-artillery", "field")
    assert combat._art_type(gun, "improved-fortress-old", danzig) == 1  # L688: not halved
    assert combat._art_type(gun, "fortress-unimproved", danzig) == Fraction(1, 2)  # the city's
    assert combat._art_type(gun, "improved-great-fortress", combat.cities("0806")) == Fraction(1, 2)
