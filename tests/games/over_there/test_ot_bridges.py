"""Bridges: who may use them (15A1, L1031), their demolition (13A2, L774) and repair (13A3,
L778), and what a bridge one may not use means for movement, rail and 15A4."""

from __future__ import annotations

import json

from ot_positions import movement_of, only

import kriegsspiel
from kriegsspiel.engine import hexes as hx
from kriegsspiel.games.over_there import combat, movement, supply
from kriegsspiel.games.over_there.world import (
    BRIDGES,
    CH,
    INITIAL_BRIDGES,
    bridge_owner,
    closed_bridges,
    closed_steps,
    gain_ownership,
    step_costs,
)

G = kriegsspiel.load("over-there")
CP, EN = "central-powers", "entente"
FOREST_BRIDGE = "1510|1609"  # a road across a river into a forest hex, in Russia
RAIL_BRIDGE = "0408|0508"  # a railway and a road across a river, in East Prussia
MAJOR_BRIDGE = "0309|0408"  # a railway and a road across the Vistula, a major river


def fresh(seed: int = 1) -> dict:
    return G.new(seed=seed)


def crosses(path: list[str], key: str) -> bool:
    return any(hx.side_id(a, b) == key for a, b in zip(path, path[1:], strict=False))


def picked(placed: dict[str, str], uid: str, demolished=(), seed: int = 1) -> dict:
    """The Central Powers' first movement phase with only ``placed`` on the map and ``uid``
    picked to move."""
    s = only(movement_of(CP, seed), placed)
    s["demolished"] = list(demolished)
    return G.apply(s, CP, {"unit": uid})


def test_15a1_a_bridge_belongs_to_the_side_that_owns_both_its_hexes_or_was_the_last_to():
    """L1031: the bridges inside each country start as its side's; the three on the 1914
    frontier are nobody's until a side owns both their hexes; a side keeps a bridge when the
    enemy takes only one of its hexes."""
    s = fresh()
    assert len(BRIDGES) == 79 and len(INITIAL_BRIDGES) == 76
    assert bridge_owner(s, RAIL_BRIDGE) == CP and bridge_owner(s, FOREST_BRIDGE) == EN
    for key in ("0313|0314", "0712|0812", "0811|0812"):
        assert bridge_owner(s, key) is None
    a, b = RAIL_BRIDGE.split("|")
    gain_ownership(s, EN, a)
    assert bridge_owner(s, RAIL_BRIDGE) == CP  # the Germans still were the last to own both
    gain_ownership(s, EN, b)
    assert bridge_owner(s, RAIL_BRIDGE) == EN
    gain_ownership(s, CP, a)
    assert bridge_owner(s, RAIL_BRIDGE) == EN  # the Russians were the last to own both
    x, y = "0811|0812".split("|")
    gain_ownership(s, CP, y)  # 0811 was already German
    assert s["owner"][x] == CP and bridge_owner(s, "0811|0812") == CP


def test_15a1_l1031_a_bridge_one_may_not_use_is_crossed_as_if_the_road_were_not_there():
    """L1031's example: by a road across a river into woods a unit pays 1 MP; without the bridge
    2 for the river and 2 for the woods. On the map: the road from 1510 across the river into
    the forest of 1609 is the Russians' bridge, 1 MP for them, 3 + 2 for a German unit."""
    tags = {"non-artillery"}
    assert CH.movement_cost("clear", tags) == 1
    assert CH.hexside_cost("river") + CH.movement_cost("woods", tags) == 4
    open_cost = dict(step_costs("other")["1510"])["1609"]
    shut_cost = dict(closed_steps(("other", False), frozenset({FOREST_BRIDGE}))["1510"])["1609"]
    assert (open_cost, shut_cost) == (1, CH.hexside_cost("river") + CH.movement_cost("forest", tags))
    # the Russian division next to 1609 keeps the hex Russian (5B: both sides' ZOCs reach it)
    s = only(fresh(), {"de-1-id": "1510", "ru-6-id": "1709"})
    assert s["owner"]["1510"] == CP and s["owner"]["1609"] == EN
    assert FOREST_BRIDGE in closed_bridges(s, CP) and FOREST_BRIDGE not in closed_bridges(s, EN)
    # without the bridge the cheapest way is round by 1509 (clear) into the forest: 1 + 3
    assert movement.march(s, "de-1-id", "movement")["1609"] == 1 + CH.movement_cost("forest", tags) < shut_cost
    s = only(fresh(), {"ru-6-id": "1510"})
    assert movement.march(s, "ru-6-id", "movement")["1609"] == open_cost


def test_13a2_a_construction_unit_demolishes_a_bridge_of_its_own_for_4_mps():
    """L774: from either hex of a bridge its side owns (or nobody does), 4 MPs; then nobody
    crosses it along the road or the railway, and no rail line runs over it (L1031); a supply
    line still does (L1031's exception). An enemy bridge may not be demolished."""
    s = picked({"de-1-id": "0408", "ru-6-id": "1716"}, "de-1-id")
    a, b = RAIL_BRIDGE.split("|")
    before = supply.general_supply(s, CP)
    assert any(crosses(p, RAIL_BRIDGE) for _, p, _ in movement.rail(s, "de-1-id").values())
    legal = G.actions(s, CP)
    assert {"demolish_bridge": RAIL_BRIDGE} in legal and {"demolish_bridge": MAJOR_BRIDGE} in legal
    s = G.apply(s, CP, {"demolish_bridge": RAIL_BRIDGE})
    assert s["demolished"] == [RAIL_BRIDGE] and s["units"]["de-1-id"]["spent"] == 4
    assert RAIL_BRIDGE in closed_bridges(s, CP) and RAIL_BRIDGE in closed_bridges(s, EN)
    assert not any(crosses(p, RAIL_BRIDGE) for _, p, _ in movement.rail(s, "de-1-id").values())
    assert dict(closed_steps(("other", False), closed_bridges(s, CP))[a])[b] == 1 + CH.hexside_cost("river")
    assert supply.general_supply(s, CP) == before
    for role in (CP, EN):
        assert G.view(s, role)["board"]["demolished"] == [RAIL_BRIDGE]  # on the map for both
    t = picked({"de-1-id": "1510", "ru-6-id": "1709"}, "de-1-id")
    assert {"demolish_bridge": FOREST_BRIDGE} not in G.actions(t, CP)  # the Russians' bridge


def test_13a3_a_demolished_bridge_is_repaired_over_as_many_phases_as_it_takes():
    """L778: 8 MPs across a river, by a construction unit whose side owns both hexes; a 5-MP
    division needs two movement phases (ruling O24: the work done stays done)."""
    s = picked({"de-1-id": "0408", "ru-6-id": "1716"}, "de-1-id", demolished=[RAIL_BRIDGE])
    assert movement.bridge_repair_cost(RAIL_BRIDGE) == 8 and movement.bridge_repair_cost(MAJOR_BRIDGE) == 16
    assert {"repair_bridge": RAIL_BRIDGE} in G.actions(s, CP)
    s = G.apply(s, CP, {"repair_bridge": RAIL_BRIDGE})
    assert s["repairs"] == {RAIL_BRIDGE: 5} and s["demolished"] == [RAIL_BRIDGE]
    s["units"]["de-1-id"].update(spent=0, moved=False)  # its next movement phase
    s = G.apply(s, CP, {"unit": "de-1-id"})
    s = G.apply(s, CP, {"repair_bridge": RAIL_BRIDGE})
    assert s["repairs"] == {} and s["demolished"] == [] and s["units"]["de-1-id"]["spent"] == 3
    t = only(movement_of(CP), {"de-1-id": "0408", "ru-6-id": "1716"})
    t["demolished"] = [RAIL_BRIDGE]
    gain_ownership(t, EN, RAIL_BRIDGE.split("|")[1])
    t = G.apply(t, CP, {"unit": "de-1-id"})
    assert {"repair_bridge": RAIL_BRIDGE} not in G.actions(t, CP)  # the far hex is not its own


def test_15a4_crossing_a_major_river_by_a_bridge_one_may_not_use_disrupts():
    """L1037: at a bridge a unit crosses the Vistula undisrupted; at one it may not use (here
    demolished) it is disrupted, moving, retreating or advancing."""
    a, b = MAJOR_BRIDGE.split("|")
    assert not combat._disrupts(a, b) and combat._disrupts(a, b, frozenset({MAJOR_BRIDGE}))
    s = only(fresh(), {"de-1-id": a, "ru-6-id": "1716"})
    movement.move(s, ["de-1-id"], b, "march", "movement")
    assert s["units"]["de-1-id"]["dis"] == 0
    s = only(fresh(), {"de-1-id": a, "ru-6-id": "1716"})
    s["demolished"] = [MAJOR_BRIDGE]
    movement.move(s, ["de-1-id"], b, "march", "movement")
    assert s["units"]["de-1-id"]["dis"] == 1


def test_a_refused_bridge_order_changes_nothing():
    s = picked({"de-1-id": "0408", "ru-6-id": "1716"}, "de-1-id")
    before = json.dumps(s, sort_keys=True)
    for bad in ({"demolish_bridge": FOREST_BRIDGE}, {"repair_bridge": RAIL_BRIDGE}, {"demolish_bridge": "0101|0102"}):
        try:
            G.apply(s, CP, bad)
        except kriegsspiel.IllegalAction:
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
    assert json.dumps(s, sort_keys=True) == before


def test_13a5_two_construction_units_stacked_share_the_work_each_paying_half():
    """L782: "each construction unit pays half the engineering cost": fieldworks for 1 MP each;
    a river bridge's 8 MPs repaired in one phase by two 5-MP divisions, 4 each. The partner must
    be a construction unit at full strength with the MPs for its half."""
    s = only(movement_of(CP), {"de-1-id": "0408", "de-2-id": "0408", "de-35-id": "0408", "ru-6-id": "1716"})
    s["units"]["de-35-id"]["cadre"] = True  # a cadre is no construction unit (ruling O17)
    s["demolished"] = [RAIL_BRIDGE]
    s = G.apply(s, CP, {"unit": "de-1-id"})
    legal = G.actions(s, CP)
    assert {"build": "fieldworks", "with": "de-2-id"} in legal and {
        "repair_bridge": RAIL_BRIDGE,
        "with": "de-2-id",
    } in legal
    assert not any(a.get("with") == "de-35-id" for a in legal)
    label = G.label({"build": "fieldworks", "with": "de-2-id"}, s)
    assert label.endswith("each pays half (quick engineering)")
    s = G.apply(s, CP, {"repair_bridge": RAIL_BRIDGE, "with": "de-2-id"})
    assert s["demolished"] == [] and s["repairs"] == {}
    assert s["units"]["de-1-id"]["spent"] == 4 and s["units"]["de-2-id"]["spent"] == 4
    s = G.apply(s, CP, {"unit": "de-2-id"})
    legal = G.actions(s, CP)  # 1 MP left each: fieldworks only together
    assert {"build": "fieldworks", "with": "de-1-id"} in legal and {"build": "fieldworks"} not in legal
    t = only(movement_of(CP), {"de-1-id": "0408", "de-2-id": "0408", "ru-6-id": "1716"})
    t = G.apply(t, CP, {"unit": "de-1-id"})
    t = G.apply(t, CP, {"build": "fieldworks", "with": "de-2-id"})
    assert t["works"]["0408"]["side"] == CP
    assert t["units"]["de-1-id"]["spent"] == 1 and t["units"]["de-2-id"]["spent"] == 1
