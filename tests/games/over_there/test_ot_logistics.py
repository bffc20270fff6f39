"""Over There's Res Pts and combat supply (logistics.py): 11D (L625-630), 11G (L645), 11H
(L647-662), 16B1's placement of production (L1192), and what the enemy may learn of them.

The battlefield is the open Lithuanian plain round 1502, as in test_ot_combat: the defender in
1502, the attackers west of it in 1402, the Res Pts behind them in 1202 (two hexes of clear
terrain: within the overland length of 3)."""

import kriegsspiel
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import combat as c
from kriegsspiel.games.over_there import logistics as lg
from kriegsspiel.games.over_there import movement as mv
from kriegsspiel.games.over_there import world as w
from kriegsspiel.games.over_there.world import CH, UNITS

G = kriegsspiel.load("over-there")
CP, EN = "central-powers", "entente"
T, W, REAR = "1502", "1402", "1202"
SUCCESS = next(r for r in range(1, 7) if CH.succeeds(CH.ground_success(r, 0)))
FAILURE = next(r for r in range(1, 7) if not CH.succeeds(CH.ground_success(r, 0)))


def fresh(phase: str = "combat") -> dict:
    """A new game with every unit off the map and no Res Pts, in the Central Powers' combat phase."""
    s = G.new(seed=1)
    for v in s["units"].values():
        v.update(hex=None, at="due", dis=0, fat=0, spent=0, moved=False, attacked=False, supply="general", out=0)
    s.update(phasing=CP, phase=phase, attacked=[], last=None)
    s["owner"] = w.initial_owner()
    lg.setup(s)
    s["res"] = {CP: {}, EN: {}}
    for v in s["units"].values():
        v.pop("carry", None)  # nothing carried: each test puts its Res Pts
    return s


def put(s: dict, h: str, *uids: str) -> None:
    for u in uids:
        s["units"][u].update(hex=h, at="map")


def test_l84_a_res_pt_is_3_res_and_an_army_hq_carries_three():
    assert lg.RES_RE == 3 and lg.CARRY == 3  # 9 REs of logistics items (L652)
    assert (lg.WITH_HQ, lg.ALONE, lg.FREE, lg.ART) == (150, 30, 2, 2)  # L627-630


def test_the_set_up_places_the_scenarios_res_pts_at_its_cities():
    s = G.new(seed=1)
    assert sum(s["res"][CP].values()) == 4 and sum(s["res"][EN].values()) == 4
    assert s["res"][CP][lg.place_hex("Königsberg")] == 1
    assert s["res"][EN][lg.place_hex("Warsaw")] == 1


def test_l628_a_res_pt_alone_supplies_30_res_and_is_spent():
    s = fresh()
    s["res"][CP][REAR] = 2
    divisions = ["de-1-id", "de-2-id", "de-1-rd", "de-3-rd", "de-36-rd", "de-35-id", "de-37-id"]
    for i, u in enumerate(divisions):
        put(s, ("1302", "1303", "1203", "1201")[i % 4], u)
    assert sum(lg.need(s, u) for u in divisions) == 35
    # what would be drawn changes nothing
    assert lg.supplied(s, CP, divisions, commit=False) == set(divisions)
    assert s["res"][CP] == {REAR: 2}
    # 30 REs from the first Res Pt, the 35th RE needs the second; both are spent
    assert lg.supplied(s, CP, divisions) == set(divisions)
    assert s["res"][CP] == {}
    assert [d[1] for d in s["drawn"][CP]] == [30, 30]


def test_l627_with_an_active_army_hq_one_res_pt_supplies_150_res():
    s = fresh()
    s["res"][CP][REAR] = 2
    put(s, REAR, "de-8-army-hq")
    divisions = ["de-1-id", "de-2-id", "de-1-rd", "de-3-rd", "de-36-rd", "de-35-id", "de-37-id"]
    for i, u in enumerate(divisions):
        put(s, ("1302", "1303", "1203", "1201")[i % 4], u)
    assert lg.supplied(s, CP, divisions) == set(divisions)
    assert s["res"][CP] == {REAR: 1} and s["drawn"][CP] == [[REAR, 150, 35.0, "combat"]]
    # an inactive Army HQ (14M1) gives no more than the Res Pt alone
    s = fresh()
    s["res"][CP][REAR] = 1
    put(s, REAR, "de-8-army-hq")
    s["hq"]["de-8-army-hq"]["active"] = False
    for i, u in enumerate(divisions):
        put(s, ("1302", "1303", "1203", "1201")[i % 4], u)
    assert len(lg.supplied(s, CP, divisions)) == 6  # 30 REs: six divisions of 5


def test_l630_artillery_counts_double_and_2_res_draw_without_spending():
    s = fresh()
    s["res"][CP][REAR] = 1
    put(s, W, "de-i-hvy-art", "de-xx-hvy-art")
    assert lg.need(s, "de-i-hvy-art") == 2 * w.re_size(s, "de-i-hvy-art")
    # two half-RE heavy artillery regiments count 2 REs: the phase's free draw, nothing spent
    assert lg.supplied(s, CP, ["de-i-hvy-art", "de-xx-hvy-art"]) == {"de-i-hvy-art", "de-xx-hvy-art"}
    assert s["res"][CP] == {REAR: 1} and s["free"][CP] == [REAR, 2.0]
    # the free 2 REs are used up for the phase: the next unit spends the Res Pt
    put(s, W, "de-2-lw-bde")
    assert lg.supplied(s, CP, ["de-2-lw-bde"]) == {"de-2-lw-bde"}
    assert s["res"][CP] == {}
    # a new phase: nothing drawn, the free REs back
    lg.new_phase(s)
    assert s["drawn"][CP] == [] and s["free"][CP] is None


def test_11d_beyond_the_overland_length_or_through_an_enemy_zoc_there_is_no_combat_supply():
    s = fresh()
    s["res"][CP]["1406"] = 1  # four hexes from 1402
    put(s, W, "de-1-id")
    assert lg.supplied(s, CP, ["de-1-id"], commit=False) == set()
    s = fresh()
    s["res"][CP][REAR] = 1
    put(s, W, "de-1-id")
    put(s, "1301", "ru-25-id")  # its ZOC covers 1302 and 1202 (11A: the line may not enter)
    put(s, "1303", "ru-53-rd")
    assert REAR in w.zoc_hexes(s, EN)
    assert lg.supplied(s, CP, ["de-1-id"], commit=False) == set()


def test_11f_an_attack_out_of_combat_supply_is_halved_and_the_res_pt_is_spent_once_a_segment():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id")
    s["res"][EN][T] = 1  # the defender's own
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id"])
    assert (a["attack"], a["defense"]) == (11, 11)  # no Res Pt: halved (11F, L634)
    s["res"][CP][REAR] = 1
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id"])
    assert a["attack"] == 22
    with scripted_dice(s, 3):
        c.resolve(s, CP, T, ["de-1-id", "de-2-id"])
    assert s["res"][CP] == {} and s["res"][EN] == {}  # both sides drew (L590)
    assert s["drawn"][CP] == [[REAR, 30, 10.0, "combat"]]
    # a second attack in the segment draws on what the Res Pt may still supply
    put(s, "1401", "de-1-rd")
    put(s, "1501", "ru-53-rd")
    assert c.assess(s, CP, "1501", ["de-1-rd"])["attack"] == 8


def test_the_bombardment_segments_res_pts_do_not_serve_the_attacks():
    s = fresh()
    s["res"][CP][REAR] = 1
    put(s, W, "de-i-hvy-art", "de-xx-hvy-art", "de-xi-hvy-art", "de-1-id")
    put(s, "1302", "de-8-army-hq")
    put(s, T, "ru-25-id")
    with scripted_dice(s, 1):
        c.bombard(s, CP, T, ["de-i-hvy-art", "de-xx-hvy-art", "de-xi-hvy-art"])
    assert s["res"][CP] == {}  # 3 REs of artillery: more than the free 2, the Res Pt is drawn
    assert [d[3] for d in s["drawn"][CP]] == ["bombardment"]
    # what it may still supply serves no attack (L630): de-1-id is halved
    assert c.assess(s, CP, T, ["de-1-id"])["attack"] == 5.5
    with scripted_dice(s, 3):
        r = c.resolve(s, CP, T, ["de-1-id"])
    assert r["attack"] == 5.5


def test_the_odds_shown_tell_nothing_of_the_defenders_res_pts():
    """The attacker's view counts the defenders in general supply as in combat supply; whether
    a Res Pt stands behind them is learnt only when the combat is fought."""
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id")
    s["res"][CP][REAR] = 1
    shown = c.assess(s, CP, T, ["de-1-id", "de-2-id"])
    s["res"][EN]["1702"] = 1  # two hexes behind the defender
    assert c.assess(s, CP, T, ["de-1-id", "de-2-id"]) == shown
    assert shown["defense"] == 11  # counted as drawn
    # but the fight uses the truth: without the Res Pt the defender is halved
    del s["res"][EN]["1702"]
    with scripted_dice(s, 3):
        r = c.resolve(s, CP, T, ["de-1-id", "de-2-id"])
    assert r["defense"] == 5.5


def test_11h_an_army_hq_takes_up_res_pts_carries_them_and_drops_them_when_lost():
    s = G.new(seed=1)
    while not (s["phase"] == "movement" and s["phasing"] == CP):
        role = G.active(s)[0]
        acts = G.actions(s, role)
        s = G.apply(s, role, next((a for a in acts if "end" in a or "superiority" in a), acts[0]))
    hq = "de-8-army-hq"
    h = s["units"][hq]["hex"]
    assert s["units"][hq].pop("carry") == 2  # the set-up's (SCENARIO.md)
    s["res"][CP][h] = 4
    assert {"load": hq} in G.actions(s, CP)
    for _ in range(3):
        s = G.apply(s, CP, {"load": hq})
    assert s["units"][hq]["carry"] == 3 and s["res"][CP][h] == 1
    assert {"load": hq} not in G.actions(s, CP)  # 9 REs: full
    assert {"unload": hq} in G.actions(s, CP)
    # 7A4: what it carries rides the rail with it, 3 REs each
    assert mv.capacity_use(s, hq) == 3 + 9
    # its view shows the load on the counter; the enemy sees none of it out of contact
    mine = G.view(s, CP)["board"]
    assert next(u for u in mine["units"] if u["id"] == hq)["carry"] == 3
    theirs = G.view(s, EN)["board"]
    if h not in (G.visible(s, EN) or set()):
        assert h not in theirs["res"][CP]
    # the HQs eliminated, the Res Pts stay in its hex
    c.eliminate(s, hq, "a test")
    assert s["res"][CP][h] == 4 and "carry" not in s["units"][hq]


def test_11h_res_pts_in_a_hex_the_enemy_takes_are_captured_or_destroyed():
    s = fresh("movement")
    s["res"][CP][REAR] = 2
    s["owner"][REAR] = EN
    with scripted_dice(s, SUCCESS, FAILURE):
        lg.capture(s)
    assert s["res"][CP] == {} and s["res"][EN] == {REAR: 1}
    assert "1 captured, 1 destroyed" in s["log"][-1][1]


def test_16b1_production_res_pts_are_placed_at_cities_in_general_supply():
    s = G.new(seed=1)
    seen = None
    for _ in range(4000):
        if not s["stack"]:
            break
        role = G.active(s)[0]
        acts = G.actions(s, role)
        if any("res_at" in a for a in acts):
            seen = (role, acts)
            break
        s = G.apply(s, role, next((a for a in acts if "end" in a or "superiority" in a), acts[-1]))
    assert seen is not None, "no production turn reached"
    role, acts = seen
    places = [a["res_at"] for a in acts]
    assert places and all(h in w.CITY_HEXES and s["owner"][h] == role for h in places)
    before = sum(s["res"][role].values())
    due = s["res_due"][role]
    for _ in range(due):
        s = G.apply(s, role, G.actions(s, role)[0])
    assert sum(s["res"][role].values()) == before + due and s["res_due"][role] == 0
    # the enemy is not told where they went (ruling O1)
    other = w.OTHER[role]
    assert not [x for x in G.view(s, other)["log"] if "places a Res Pt" in str(x)]


def test_a_res_pt_stacked_with_an_army_hq_of_another_nationality_serves_only_its_own():
    s = fresh()
    s["res"][EN][REAR] = 1
    put(s, REAR, "ru-1-army-hq")
    put(s, W, "ru-25-id")
    assert lg.supplied(s, EN, ["ru-25-id"], commit=False) == {"ru-25-id"}
    src = lg._Sources(s, EN)
    assert src.cap(REAR) == 150 and UNITS["ru-25-id"].nationality == UNITS["ru-1-army-hq"].nationality


def test_6b4_and_14m2_the_army_hq_traced_through_brings_its_fatigue_and_disruption():
    """L233: an attacking force that traces combat supply through an Army HQs with fatigue hits
    shifts down a level for every two; L972: -1 to the die if that Army HQs is disrupted."""
    s = fresh()
    s["res"][CP][REAR] = 1
    put(s, REAR, "de-8-army-hq")
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id")
    base = c.assess(s, CP, T, ["de-1-id", "de-2-id"])
    assert base["shifts"] == 0
    s["units"]["de-8-army-hq"]["fat"] = 2
    tired = c.assess(s, CP, T, ["de-1-id", "de-2-id"])
    assert tired["shifts"] == -1 and tired["drm"] == base["drm"]
    s["units"]["de-8-army-hq"].update(fat=0, dis=1)
    assert c.assess(s, CP, T, ["de-1-id", "de-2-id"])["drm"] == base["drm"] - 1
    # a Res Pt drawn without the HQs in its hex brings neither
    s["units"]["de-8-army-hq"].update(fat=2, hex="1201")
    assert c.assess(s, CP, T, ["de-1-id", "de-2-id"])["shifts"] == 0


def test_11c2b_i_a_res_pt_feeds_a_pocket_for_the_player_turn_and_the_count_goes_on():
    """L620: a Res Pt is a special source of general supply for all units tracing an overland
    line to it; used, it is removed; the units are in general supply for the player turn, but
    their turns out go on counting, and in general supply they are not checked for elimination."""
    from kriegsspiel.games.over_there import supply as sp

    s = fresh("initial")
    put(s, T, "ru-25-id", "ru-53-rd")
    ring = ("1501", "1601", "1602", "1503", "1402", "1401")  # T's neighbours
    for h, u in zip(ring, ("de-1-id", "de-2-id", "de-1-rd", "de-3-rd", "de-36-rd", "de-35-id"), strict=True):
        put(s, h, u)
    now = sp.player_turn(s)
    s["supply_since"] = {"ru-25-id": now - 2, "ru-53-rd": now - 2}
    sp.check(s, [EN], initial=True)
    assert [(s["units"][u]["supply"], s["units"][u]["out"]) for u in ("ru-25-id", "ru-53-rd")] == [("isolated", 2)] * 2
    assert lg.general_offers(s, EN) == {}  # no Res Pt in the pocket
    s["res"][EN][T] = 1
    assert lg.general_offers(s, EN) == {T: ["ru-25-id", "ru-53-rd"]}
    assert lg.feed(s, EN, T) == ["ru-25-id", "ru-53-rd"]
    assert s["res"][EN] == {}
    v = s["units"]["ru-25-id"]
    assert (v["supply"], v["out"]) == ("isolated", 0) and s["supply_since"]["ru-25-id"] == now - 2
    assert sp.attrition(s, EN) == []  # in general supply: not checked for elimination (L620)
    assert lg.general_offers(s, EN) == {}
    # the next initial phase counts on: the third turn out
    s["supply_since"]["ru-25-id"] = now - 4
    sp.check(s, [EN], initial=True)
    assert s["units"]["ru-25-id"]["out"] == 3


def test_11c2b_i_a_pocket_draws_on_its_res_pt_in_the_initial_phase_unasked_and_unseen():
    """Ruling S14: in each initial phase, after supply is checked, a Res Pt that feeds an isolated
    unit is drawn on for general supply without a question (a question would show the enemy
    that one lies there); the enemy's log does not say where; units merely out of supply, not
    isolated, are not fed."""
    from kriegsspiel.games.over_there import supply as sp

    s = G.new(seed=1)
    ring = ("1501", "1601", "1602", "1503", "1402", "1401")  # 1502's neighbours
    for h, u in zip(ring, ("de-1-id", "de-2-id", "de-1-rd", "de-3-rd", "de-36-rd", "de-35-id"), strict=True):
        s["units"][u].update(hex=h, at="map")
    s["units"]["ru-25-id"].update(hex=T, at="map")
    s["res"][EN][T] = 1
    now = sp.player_turn(s)
    s["supply_since"] = {**s.get("supply_since", {}), "ru-25-id": now - 2}
    while s["phasing"] == EN:
        role = G.active(s)[0]
        acts = G.actions(s, role)
        s = G.apply(s, role, next((a for a in acts if "end" in a or "superiority" in a), acts[0]))
    steps = len(s["actions"])
    while s["phase"] == "initial":
        role = G.active(s)[0]
        s = G.apply(s, role, G.actions(s, role)[0])
    assert all(role == CP for role, _ in s["actions"][steps:]), "the Entente was asked nothing"
    # the Central Powers' initial phase checked the Entente's supply too: the pocket drew
    assert T not in s["res"][EN] and s["units"]["ru-25-id"]["at"] == "map"
    mine = [x for x in G.view(s, EN)["log"] if "draws on the Res Pt in 1502" in str(x)]
    assert mine and not [x for x in G.view(s, CP)["log"] if "Res Pt" in str(x) and "1502" in str(x)]
    # a unit out of supply but not isolated draws on nothing
    s = fresh("initial")
    s["units"]["ru-25-id"].update(hex="1506", at="map", supply="out", out=1)
    s["res"][EN]["1506"] = 1
    assert lg.general_offers(s, EN) and lg.feed_pockets(s, EN) == [] and s["res"][EN] == {"1506": 1}


def test_l292_res_pts_raise_the_rail_capacity_for_the_turn_up_to_half_and_wear_the_net():
    """7A5a (L292): 30 REs of capacity may be raised by up to 15 REs, with 2 Res Pts (the rule's
    own example), spent at connected unisolated yards in the movement phase; the increase lasts
    the player turn; each Res Pt spent is a deterioration check in the next initial phase (L322),
    where 1-6 loses a RE without railroad engineers or depots."""
    s = G.new(seed=1)
    while not (s["phase"] == "movement" and s["phasing"] == CP):
        role = G.active(s)[0]
        acts = G.actions(s, role)
        s = G.apply(s, role, next((a for a in acts if "end" in a or "superiority" in a), acts[0]))
    assert s["rail_capacity"][CP] == 30
    koenigsberg, graudenz = lg.place_hex("Königsberg"), lg.place_hex("Graudenz")
    assert {koenigsberg, graudenz} <= set(mv.boost_yards(s, CP))
    s["res"][CP][koenigsberg] = 3
    s["stack"][-1]["yards"] = mv.boost_yards(s, CP)  # as judged when the phase began (ruling O32)
    spend = {"rail_res": koenigsberg}
    assert spend in G.actions(s, CP)
    s = G.apply(s, CP, spend)
    assert mv.capacity(CP, s) == 40 and s["res"][CP][koenigsberg] == 2
    s = G.apply(s, CP, spend)
    assert mv.capacity(CP, s) == 45 and s["res"][CP][koenigsberg] == 1  # 10 + 5: half of 30
    assert spend not in G.actions(s, CP)  # no more this turn
    assert G.view(s, CP)["board"]["rail"][CP]["capacity"] == 45
    assert not [x for x in G.view(s, EN)["log"] if "rail capacity" in str(x)]
    # the next player turn: the increase is gone, and two rolls each take a RE
    while s["phasing"] == CP:
        role = G.active(s)[0]
        acts = G.actions(s, role)
        s = G.apply(s, role, next((a for a in acts if "end" in a or "superiority" in a), acts[-1]))
    assert s["rail_capacity"][CP] == 28 and mv.capacity(CP, s) == 28
    assert [x for x in G.view(s, CP)["log"] if "2 RE of capacity lost" in str(x)]


def test_7a5b_res_pts_buy_permanent_capacity_as_the_movement_phase_opens():
    """7A5b (L293), ruling O34: 3 Res Pts in one connected, unisolated yard buy 1 RE of capacity
    for good, at most one RE per such yard a player turn, before the side's first move; the
    enemy is not told."""
    s = G.new(seed=1)
    assert s["phasing"] == EN and s["stack"][-1]["state"] == "move"
    warsaw, grodno = lg.place_hex("Warsaw"), lg.place_hex("Grodno")
    yards = s["stack"][-1]["yards"]
    assert warsaw in yards and grodno in yards
    before = s["rail_capacity"][EN]
    assert mv.build_cost(s, EN) == 3 and not [a for a in G.actions(s, EN) if "rail_build" in a]
    s["res"][EN][warsaw] = 5
    build = {"rail_build": warsaw}
    assert G.actions(s, EN).count(build) == 1 and G.label(build, s).startswith("spend 3 Res Pts in")
    s = G.apply(s, EN, build)
    assert s["rail_capacity"][EN] == before + 1 and mv.capacity(EN, s) == before + 1
    assert s["res"][EN][warsaw] == 2 and build not in G.actions(s, EN)  # 2 left: not enough
    assert [x for x in G.view(s, EN)["log"] if "1 RE more rail capacity for good" in str(x)]
    assert not [x for x in G.view(s, CP)["log"] if "rail capacity" in str(x) or "Res Pts" in str(x)]
    s["res"][EN][warsaw] = 30
    s["stack"][-1]["built"] = len(yards) - 1
    assert build in G.actions(s, EN)
    s = G.apply(s, EN, build)
    assert build not in G.actions(s, EN), "one RE per connected yard a player turn"
    s["stack"][-1]["built"] = 0
    mover = next(a for a in G.actions(s, EN) if "unit" in a)
    s = G.apply(s, EN, mover)
    s = G.apply(s, EN, {"stay": True})
    assert build not in G.actions(s, EN), "not once a unit has moved"


def test_l294_l320_warszawa_lost_dearer_capacity_and_worse_wear():
    """7A5b (L294): while Warszawa is not Entente-owned (or is isolated) a RE costs the Entente 4
    Res Pts; 7A5g (L320): a deterioration loss of its broad-gauge net is 1 RE more."""
    s = G.new(seed=1)
    warsaw = lg.place_hex("Warsaw")
    assert not mv.warszawa_lost(s) and mv.build_cost(s, EN) == 3 and mv.build_cost(s, CP) == 3
    s["owner"][warsaw] = CP
    assert mv.warszawa_lost(s) and mv.build_cost(s, EN) == 4 and mv.build_cost(s, CP) == 3
    s["res"][EN][warsaw] = 3
    assert not mv.build_offers(s, EN, [warsaw, lg.place_hex("Grodno")], 0)
    s["res"][EN][warsaw] = 4
    assert mv.build_offers(s, EN, [warsaw, lg.place_hex("Grodno")], 0) == [warsaw]
    s["rail_capacity"][EN] = 25
    s["rail_due"] = {EN: 1}  # one Res Pt spent on a temporary increase (L322)
    with scripted_dice(s, 3):
        assert mv.boost_wear(s) == {EN: 2}
    assert s["rail_capacity"][EN] == 23
    s["owner"][warsaw] = EN
    s["rail_due"] = {EN: 1}
    with scripted_dice(s, 3):
        assert mv.boost_wear(s) == {EN: 1}


def test_7a5a_needs_two_connected_unisolated_yards():
    s = fresh("movement")
    s["owner"] = {h: EN for h in s["owner"]}  # every hex the enemy's
    assert mv.boost_yards(s, CP) == []
    s["owner"] = w.initial_owner()
    assert len(mv.boost_yards(s, CP)) >= 2


def test_11h_a_player_destroys_his_own_res_pt_rather_than_leave_it_to_the_enemy():
    """L648: a player may eliminate any of his logistics items in a phase in which he moves."""
    s = G.new(seed=1)
    assert s["phasing"] == EN and s["stack"][-1]["state"] == "move"
    warsaw = lg.place_hex("Warsaw")
    order = {"destroy_res": warsaw}
    assert order in G.actions(s, EN)
    s = G.apply(s, EN, order)
    assert warsaw not in s["res"][EN] and order not in G.actions(s, EN)
    assert not [x for x in G.view(s, CP)["log"] if "destroys a Res Pt" in str(x)]


def test_11h_a_res_pt_goes_by_rail_by_itself_once_a_phase_taking_3_res_of_capacity():
    """L650: "A logistics item may move by rail (Rule 7A) by itself (note that this uses rail
    capacity), in which case it may move a maximum of 40/200 hexes"; L662: once a phase; L84: a
    Res Pt is 3 REs, doubled along a low-volume line (7A4, L287)."""
    s = G.new(seed=1)
    assert s["phasing"] == EN and s["stack"][-1]["state"] == "move"
    kovno, warsaw = lg.place_hex("Kovno"), lg.place_hex("Warsaw")
    order = {"res_rail": kovno}
    assert order in G.actions(s, EN)
    s = G.apply(s, EN, order)
    ways = G.actions(s, EN)
    assert ways[-1] == {"cancel": True} and len(ways) > 1
    near = CH.rate("logistics-item")["operational_max_hexes"]
    for a in ways[:-1]:
        by, charge, path = mv.item_rail(s, EN, kovno)[a["to"]]
        assert a["by"] == by == ("rail" if len(path) - 1 <= near else "strat")
        assert all(s["owner"][h] == EN for h in path)  # 7A: through its own hexes
    s = G.apply(s, EN, {"to": "1506", "by": "rail"})
    assert s["res"][EN].get(kovno, 0) == 0 and s["res"][EN]["1506"] == 1
    assert s["rail_used"][EN] == 3  # the high-volume line from Kovno to the frontier
    assert {"res_rail": "1506"} not in G.actions(s, EN), "once a phase"
    assert not [x for x in G.view(s, CP)["log"] if "Res Pt" in str(x)], "the enemy is not told"
    # Warsaw's line north runs on low-volume track: double the capacity
    s = G.apply(s, EN, {"res_rail": warsaw})
    by, charge, path = mv.item_rail(s, EN, warsaw)["0813"]
    assert charge == 6 and any(hx_key in mv._low_links() for hx_key in map(w.hx.side_id, path, path[1:]))
    s = G.apply(s, EN, {"to": "0813", "by": by})
    assert s["rail_used"][EN] == 9
    # with less than 3 REs of capacity left, no Res Pt moves by rail
    s["rail_used"][EN] = mv.capacity(EN, s) - 2
    assert not [a for a in G.actions(s, EN) if "res_rail" in a]


def test_11h_cartage_and_rail_each_once_and_nothing_after_strategic_rail():
    """L662: in each movement phase a logistics item may move by operational rail once and be
    carted once; after strategic rail, by no other means that phase (ruling S17: a Res Pt put
    down by an Army HQ goes by rail no more that phase)."""
    s = fresh("movement")
    hq = "ru-1-army-hq"
    h = "1506"
    put(s, h, hq)
    s["res"][EN][h] = 1
    lg.new_movement(s)
    assert lg.may_rail(s, EN) == [h]
    lg.rail(s, EN, h, "1606", strategic=False)
    assert lg.may_rail(s, EN) == []
    s["units"][hq]["hex"] = "1606"
    assert lg.may_load(s, hq)  # railed, then carted: allowed
    lg.load(s, hq)
    s["units"][hq]["hex"] = "1706"
    lg.unload(s, hq)
    assert lg.may_rail(s, EN) == [], "carted, then no more rail"
    lg.rail(s, EN, "1706", "1805", strategic=True)  # (as if it could)
    s["units"][hq]["hex"] = "1805"
    assert not lg.may_load(s, hq), "strategic rail, then nothing else"
    lg.new_movement(s)  # the next phase
    assert lg.may_load(s, hq) and lg.may_rail(s, EN) == ["1805"]


def test_11h_a_res_pt_with_no_way_out_by_rail_is_not_offered_again_that_phase():
    s = G.new(seed=1)
    kovno = lg.place_hex("Kovno")
    # German divisions on every rail hex next to Kovno: no train leaves it
    rail_next = sorted({b for b, _ in w.rail_steps()[kovno]})
    for u, h in zip(["de-1-id", "de-2-id", "de-1-rd", "de-3-rd"], rail_next, strict=False):
        put(s, h, u)
    assert len(rail_next) <= 4
    s = G.apply(s, EN, {"res_rail": kovno})
    assert G.actions(s, EN) == [{"cancel": True}]
    assert "No rail line" in G.view(s, EN)["prompt"]
    s = G.apply(s, EN, {"cancel": True})
    assert s["stack"][-1]["state"] == "move"
    assert {"res_rail": kovno} not in G.actions(s, EN)


def test_11h_the_terminal_types_a_res_pt_by_rail_as_send_and_its_destination_as_for_a_unit():
    from kriegsspiel.games.over_there import text

    s = G.new(seed=1)
    kovno = lg.place_hex("Kovno")
    legal = G.actions(s, EN)
    assert legal[text.choose(f"send {kovno}", legal, s)] == {"res_rail": kovno}
    s = G.apply(s, EN, {"res_rail": kovno})
    legal = G.actions(s, EN)
    assert text.keys(legal, s)[:1] == ["1506r"] and legal[text.choose("rail 1506", legal, s)] == {
        "to": "1506",
        "by": "rail",
    }
    assert G.label({"res_rail": kovno}, s) == "send a Res Pt from 1805 (Kovno) by rail"


def test_l648_the_attacker_destroys_a_res_pt_between_his_attacks_in_the_combat_phase():
    """L648: "at any time during movement, combat, and exploitation phases where he is the
    phasing player": between his attacks too, before the defender's advance could take it."""
    s = G.new(seed=1)
    s = G.apply(s, EN, {"end": "movement"})
    while s["stack"][-1]["state"] == "superiority":  # B17B1: no air points for superiority
        s = G.apply(s, G.active(s)[0], {"superiority": 0})
    assert s["phase"] == "combat" and s["stack"][-1]["state"] == "combat"
    warsaw = lg.place_hex("Warsaw")
    order = {"destroy_res": warsaw}
    legal = G.actions(s, EN)
    assert order in legal and legal[-1] == {"end": "combat"}
    s = G.apply(s, EN, order)
    assert warsaw not in s["res"][EN] and s["stack"][-1]["state"] == "combat"
    assert not [x for x in G.view(s, CP)["log"] if "destroys a Res Pt" in str(x)]
    assert [x for x in G.view(s, EN)["log"] if "destroys a Res Pt" in str(x)]
    # the terminal still types every order of the phase: "destroy 1612", "end"
    from kriegsspiel.games.over_there import text

    legal = G.actions(s, EN)
    typed = text.keys(legal, s)
    assert typed is not None and "destroy 1612" in typed
    assert legal[text.choose("destroy 1612", legal, s)] == {"destroy_res": "1612"}


def test_l653_one_division_a_side_carries_a_res_pt_for_3_mps():
    """11H (L653-657), ruling S18: a division may take up a Res Pt and carry it, 3 MPs off its
    printed rating first (a 9-11-5 division keeps 2, doubled by accel to 4); one division of a
    side carries one a game turn; putting it down gives no MPs back this phase; the Army HQ's
    cartage is unchanged, and the bot leaves Res Pts to its Army HQs."""
    s = G.new(seed=1)
    assert s["phasing"] == EN and s["stack"][-1]["state"] == "move"
    warsaw = lg.place_hex("Warsaw")
    carrier = next(a["load"] for a in G.actions(s, EN) if "load" in a and not UNITS[a["load"]].army_hq)
    assert s["units"][carrier]["hex"] == warsaw or s["res"][EN].get(s["units"][carrier]["hex"])
    printed = w.rating(s, carrier)[2]
    assert mv.allowance(s, carrier, "movement") == printed
    order = {"load": carrier}
    assert G.label(order, s).endswith("takes up a Res Pt (3 MPs less this phase)")
    here = s["units"][carrier]["hex"]
    s = G.apply(s, EN, order)
    assert s["units"][carrier]["carry"] == 1 and lg.at(s, EN).get(here, 0) >= 1
    assert mv.allowance(s, carrier, "movement") == printed - 3
    assert mv.allowance(s, carrier, "movement", accel=True) == 2 * (printed - 3)
    others = [a for a in G.actions(s, EN) if "load" in a and not UNITS[a["load"]].army_hq]
    assert others == [], "one division of a side carries a Res Pt"
    assert {"unload": carrier} in G.actions(s, EN)
    s = G.apply(s, EN, {"unload": carrier})
    assert "carry" not in s["units"][carrier]
    assert mv.allowance(s, carrier, "movement") == printed - 3, "its MPs do not come back this phase"
    assert not [a for a in G.actions(s, EN) if "load" in a and a["load"] != carrier and not UNITS[a["load"]].army_hq]
    # the next game turn another division may
    t = G.clone(s)
    t["turn"] += 1
    for v in t["units"].values():
        v.pop("laden", None)
    other = next(
        u
        for u, v in t["units"].items()
        if lg.carrying_division(u) and UNITS[u].side == EN and u != carrier and v["at"] == "map"
    )
    t["units"][other]["hex"] = here
    t["res"][EN][here] = t["res"][EN].get(here, 0) + 1
    assert lg.may_load(t, other)
    # the heuristic takes up Res Pts with its Army HQs only
    from kriegsspiel.games.over_there import bots

    view = G.view(s, EN)
    picked = bots.heuristic(view, [{"load": other}, {"end": "movement"}], __import__("random").Random(0))
    assert picked == {"end": "movement"}


def test_an_unseen_division_carrying_a_res_pt_is_not_given_away_by_the_scramble():
    """Ruling O1, 11H: which of the enemy's divisions out of sight carries a Res Pt is his
    secret; the scramble a search plays with hides it."""
    import random

    s = G.new(seed=1)
    carrier = next(a["load"] for a in G.actions(s, EN) if "load" in a and not UNITS[a["load"]].army_hq)
    s = G.apply(s, EN, {"load": carrier})
    s["turn"] = 2  # past the Russian radio (ruling O19)
    seen = G.visible(s, CP)
    assert s["units"][carrier]["hex"] not in seen
    found = set()
    for k in range(40):
        t = G.scramble(s, CP, random.Random(k))
        carrying = [u for u, v in t["units"].items() if v.get("carry") and lg.carrying_division(u)]
        assert len(carrying) <= 1
        found.add(carrying[0] if carrying else None)
        assert (t.get("div_carry") or {}).get(EN) in (None, [t["turn"], carrying[0]] if carrying else None)
    assert None in found and len(found) > 2


def test_the_scramble_keeps_a_builder_with_the_fieldworks_the_enemy_sees():
    """13A1a: fieldworks stay only while a construction unit of their side is in the hex, and
    the works are shown to both sides; the scramble may trade an unseen builder's place only
    with another builder keeping works, so no shuffled enemy's works are left to be abandoned
    (the search's sample, and the fuzzer's reveal check, would otherwise see them go)."""
    import random

    s = G.new(seed=1)
    s["turn"] = 2
    s["units"]["ru-73-rd"]["cadre"] = True  # looks from outside as a rifle brigade does (no ZOC beyond its hex)
    seen = G.visible(s, CP)
    for u, v in w.on_map(s, EN):  # works wherever an unseen builder stands
        if mv.construction_unit(u) and v["hex"] not in seen:
            s["works"][v["hex"]] = {"side": EN, "level": 1}
    assert len(s["works"]) > 5 and mv.abandon_works(G.clone(s)) == []
    for k in range(40):
        t = G.scramble(s, CP, random.Random(k))
        assert t["works"] == s["works"] and mv.abandon_works(t) == []
