"""Over There's ground combat (combat.py): Rule 9's attack, 10B's cavalry charge, 12's support,
artillery and bombardment, 6C's reserves, 6F's overruns and 15's fortifications, on hand-built
positions of the East Prussia map. The rulebook's worked examples are tested line by line
(L239, L265, L451, L482-498, L566, L683, L744); every result of 9C is applied once, with the
combat die scripted.

The battlefield is the open Lithuanian plain round 1502 (clear, no rivers, no towns): the
attacker stands in 1402 (and 1401, 1602 for a concentric attack), the defender in 1502.

Every hex a unit is put in gets a Res Pt of its side, so that the units are in combat supply
(11D) and fight at full strength; test_ot_logistics is about combat supply itself."""

import random
from fractions import Fraction

import pytest

import kriegsspiel
from kriegsspiel.engine import rng
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import combat as c
from kriegsspiel.games.over_there import world as w
from kriegsspiel.games.over_there.world import CH, UNITS

CP, EN = "central-powers", "entente"
T = "1502"  # the defended hex
W = "1402"  # the attackers' hex, west of it
RING = ("1501", "1601", "1602", "1503", "1402", "1401")  # T's neighbours


def fresh(phasing: str = CP, phase: str = "combat") -> dict:
    """A game state with every unit off the map (the module's own new game when it is registered,
    else the spec's keys by hand), in the phasing side's combat phase of Aug II 14."""
    try:
        s = kriegsspiel.load("over-there").new(seed=1)
    except KeyError:  # the game is not registered yet
        s = {
            "units": w.new_units({}),
            "owner": w.initial_owner(),
            "works": {},
            "breaks": [],
            "turn": 0,
            "hq": {u: {"active": True, "leader": None} for u, x in UNITS.items() if x.army_hq},
            "vp": {CP: 0, EN: 0},
            "rng": rng.seed_state(1),
            "actions": [],
            "undo": 0,
            "log": [],
            "options": {},
        }
    for v in s["units"].values():
        v.update(hex=None, at="due", cadre=False, dis=0, fat=0, spent=0, moved=False, attacked=False)
        v.update(nozoc=False, supply="general", out=0)
        v.pop("carry", None)
    s.update(turn=0, phasing=phasing, phase=phase, attacked=[], last=None, works={}, vp={CP: 0, EN: 0})
    s["owner"] = w.initial_owner()
    s["eliminated_log"] = []
    s["res"] = {CP: {}, EN: {}}
    s["drawn"] = {CP: [], EN: []}
    s["free"] = {CP: None, EN: None}
    for rec in s["hq"].values():
        rec["active"] = True
    return s


def put(s: dict, h: str, *uids: str, **changes) -> None:
    for u in uids:
        s["units"][u].update(hex=h, at="map", **changes)
        s["res"][UNITS[u].side].setdefault(h, 1)  # in combat supply (11D)


def at(s: dict, u: str):
    return s["units"][u]["hex"]


def roll_for(s: dict, attackers: list[str], code: str, hex_: str = T) -> int:
    """The die (1-6) that gives ``code`` in this attack, as the CRT reads it (fails if none)."""
    a = c.assess(s, w.UNITS[attackers[0]].side, hex_, attackers)
    for r in range(1, 7):
        if CH.combat_result(a["crt"], a["column"], r + a["drm"]) == code:
            return r
    raise AssertionError(f"no die gives {code} on {a['crt']} {a['column']} {a['drm']:+d}")


# ----- the odds (9A, 9B) --------------------------------------------------------------------------


def test_l451_34_against_9_is_3_to_1():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-1-rd", "de-lw-div-goltz")  # 11 + 11 + 8 + 4
    put(s, T, "ru-53-rd")  # 6-9-4
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id", "de-1-rd", "de-lw-div-goltz"])
    assert (a["attack"], a["defense"], a["odds"], a["crt"], a["column"]) == (34, 9, "3:1", "mobile", "3:1")
    assert a["drm"] == 0 and a["shifts"] == 0


def test_assess_is_pure_and_rolls_nothing():
    s = fresh()
    put(s, W, "de-1-id")
    put(s, T, "ru-25-id")
    before = repr(s)
    with scripted_dice(s):
        c.assess(s, CP, T, ["de-1-id"])
    assert repr(s) == before


def test_l467_the_mobile_crt_stops_at_6_to_1_and_below_1_to_4_is_automatic():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-35-id", "de-36-id", "de-37-id", "de-41-id")  # 66
    put(s, T, "ru-1-rifle-bde")  # 4-6-5: 11:1
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id", "de-35-id", "de-36-id", "de-37-id", "de-41-id"])
    assert (a["odds"], a["column"]) == ("11:1", "6:1")
    s = fresh()
    put(s, W, "de-2-lw-bde")  # 2 against 11
    put(s, T, "ru-25-id")
    a = c.assess(s, CP, T, ["de-2-lw-bde"])
    assert (a["odds"], a["column"]) == ("1:6", "auto")


def test_l239_example_2_fatigue_8_to_1_becomes_9_to_1():
    """Attacker fatigue 1 (one level down), defender fatigue 3 (two levels up): 8:1 -> 9:1 on
    the Positional CRT (which runs to 9:1, ruling R12); the Mobile CRT would stop at 6:1."""
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}  # an entrenchment: Positional CRT
    put(s, W, "de-1-id", fat=1)
    put(s, W, "de-main-res-koenigsberg")  # 11 + 5 = 16
    put(s, T, "ru-1-cav", "ru-2-cav", cadre=True)  # cadres 1-1-8, defense 1 + 1 = 2
    s["units"]["ru-1-cav"]["fat"] = 1
    s["units"]["ru-2-cav"]["fat"] = 3
    a = c.assess(s, CP, T, ["de-1-id", "de-main-res-koenigsberg"])
    assert (a["crt"], a["attack"], a["defense"], a["odds"], a["shifts"], a["column"]) == (
        "positional",
        16,
        2,
        "8:1",
        1,
        "9:1",
    )
    del s["works"][T]
    a = c.assess(s, CP, T, ["de-1-id", "de-main-res-koenigsberg"])
    assert (a["crt"], a["odds"], a["column"]) == ("mobile", "8:1", "6:1")


def test_l239_example_3_an_army_hq_with_3_fatigue_hits_traced_through_cancels_it():
    """Example #2 with the attacker tracing combat supply to an Army HQs with 3 fatigue hits: two
    levels down against the defender's two up; the odds stay 8:1 (6B4, L233)."""
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id", fat=1)
    put(s, W, "de-main-res-koenigsberg")
    put(s, T, "ru-1-cav", "ru-2-cav", cadre=True)
    s["units"]["ru-1-cav"]["fat"] = 1
    s["units"]["ru-2-cav"]["fat"] = 3
    s["res"][CP] = {"1302": 1}  # the attackers' one Res Pt, with the Army HQs
    put(s, "1302", "de-8-army-hq", fat=3)
    a = c.assess(s, CP, T, ["de-1-id", "de-main-res-koenigsberg"])
    assert (a["attack"], a["defense"], a["odds"], a["shifts"], a["column"]) == (16, 2, "8:1", 0, "8:1")


def test_l566_incremental_odds_22_against_9_with_a_4_is_3_to_1_with_a_5_2_to_1():
    for d10, column in ((4, "3:1"), (5, "2:1"), (10, "2:1")):
        s = fresh()
        s["options"]["incremental_odds"] = True
        put(s, W, "de-1-id", "de-2-id")
        put(s, T, "ru-53-rd")  # 22 : 9 = 2.44, to the tenth 2.4
        with scripted_dice(s, d10, 3) as dice:
            r = c.resolve(s, CP, T, ["de-1-id", "de-2-id"])
        assert dice.rolled == [d10, 3]
        assert (r["odds"], r["column"]) == ("2:1", column)


def test_incremental_odds_roll_no_ten_sided_die_when_the_option_is_off():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-53-rd")
    with scripted_dice(s, 3) as dice:
        c.resolve(s, CP, T, ["de-1-id", "de-2-id"])
    assert dice.rolled == [3]


# ----- strengths (3A5, 11F, 12A, 12B, 14D1, TEC) ---------------------------------------------------


def test_l683_artillery_defends_at_most_1_beyond_the_ratio():
    """Example 1: three 7-8-5 artillery regiments and a 3-4-5 brigade (supported by them): 13.
    Example 2 (modern tactics): a 1-2-5 regiment, a 5-7-5 and a quartered 2-6 artillery: 9.5."""
    pieces = [(1, Fraction(8))] * 3
    assert 4 + c.artillery_total(pieces, 2, modern=False) == 13
    assert 2 + c.artillery_total([(1, Fraction(7)), (1, Fraction(1, 2))], 1, modern=True) == Fraction(19, 2)
    assert c.artillery_total(pieces, 6, modern=False) == 24  # six non-artillery REs carry three


def test_r18_artillery_alone_attacks_with_at_most_1():
    s = fresh()
    put(s, W, "de-i-hvy-art", "de-xx-hvy-art")  # 2-1-4, halved before modern tactics (L673): 1 each
    put(s, T, "ru-25-id")
    assert c.assess(s, CP, T, ["de-i-hvy-art", "de-xx-hvy-art"])["attack"] == 1
    put(s, W, "de-1-id")  # 5 non-artillery REs carry 2.5 REs of artillery
    assert c.assess(s, CP, T, ["de-1-id", "de-i-hvy-art", "de-xx-hvy-art"])["attack"] == 13


def test_12a_a_cadre_of_a_fully_supported_division_is_unsupported_unless_supported():
    s = fresh()
    put(s, W, "de-1-id", cadre=True)  # 4-5-5
    put(s, T, "ru-25-id")
    a = c.assess(s, CP, T, ["de-1-id"])
    assert a["attack"] == 2 and any("12A" in n for n in a["notes"])
    put(s, W, "de-2-id")
    assert c.assess(s, CP, T, ["de-1-id", "de-2-id"])["attack"] == 15
    s["units"]["de-2-id"]["dis"] = 1  # 3A5: a disrupted unit supports nobody
    assert c.assess(s, CP, T, ["de-1-id", "de-2-id"])["attack"] == 2 + 5.5


def test_3a5_disruption_and_11f_supply():
    s = fresh()
    put(s, W, "de-1-id")
    put(s, T, "ru-25-id")
    base = c.assess(s, CP, T, ["de-1-id"])
    assert (base["attack"], base["defense"]) == (11, 11)
    s["units"]["de-1-id"]["dis"] = 1
    s["units"]["ru-25-id"]["dis"] = 2
    a = c.assess(s, CP, T, ["de-1-id"])
    assert (a["attack"], a["defense"]) == (5.5, 2.75)
    s["units"]["de-1-id"]["dis"] = 2
    assert "de-1-id" not in c.eligible_attackers(s, CP, T)  # badly disrupted: attack 0
    s["units"]["de-1-id"]["dis"] = 0
    s["units"]["ru-25-id"]["dis"] = 0
    for status, out, factor in (("out", 1, 0.5), ("isolated", 1, 0.25), ("out", 2, 0.25)):
        s["units"]["ru-25-id"].update(supply=status, out=out)
        assert c.assess(s, CP, T, ["de-1-id"])["defense"] == 11 * factor


def test_tec_a_river_halves_the_infantry_crossing_it():
    s = fresh()
    put(s, "0112", "de-1-id")
    put(s, "0113", "ru-25-id")  # across a river
    assert c.assess(s, CP, "0113", ["de-1-id"])["attack"] == 5.5


def test_14d1_heavy_cavalry_halved_against_an_entrenchment():
    s = fresh()
    put(s, W, "de-1-cav")  # 3-3-8
    put(s, T, "ru-53-rd")
    assert c.assess(s, CP, T, ["de-1-cav"])["attack"] == 3
    s["works"][T] = {"side": EN, "level": 2}
    a = c.assess(s, CP, T, ["de-1-cav"])
    assert (a["attack"], a["crt"], a["drm"]) == (1.5, "positional", -1)


def test_15b_concentric_attack_on_detached_fieldworks():
    s = fresh()
    s["works"][T] = {"side": EN, "level": 1}
    put(s, T, "ru-53-rd")
    put(s, "1402", "de-1-id")
    put(s, "1602", "de-2-id")
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id"])
    assert (a["fortification"], a["drm"]) == ("fieldworks", -1)  # 1501 is not in their ZOC
    put(s, "1401", "de-35-id")
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id", "de-35-id"])
    assert (a["fortification"], a["drm"]) == (None, 0)
    s["works"]["1503"] = {"side": EN, "level": 1}  # no longer detached
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id", "de-35-id"])
    assert (a["fortification"], a["drm"]) == ("fieldworks", -1)
    s["works"][T]["level"] = 2
    del s["works"]["1503"]
    a = c.assess(s, CP, T, ["de-1-id", "de-2-id", "de-35-id"])
    assert (a["fortification"], a["crt"]) == ("fieldworks", "mobile")  # 15B2


def test_l441_a_fortress_calls_for_the_positional_crt():
    s = fresh(phasing=EN)
    kovno = "1805"
    put(s, kovno, "de-1-id")  # a German division in the Kovno fortress hex (improved great, L1080)
    nb = next(b for b in w.NEIGHBOURS[kovno] if c.adjacent(b, kovno) and not w.MAP.features(b, kovno))
    put(s, nb, "ru-25-id")
    a = c.assess(s, EN, kovno, ["ru-25-id"])
    assert (a["crt"], a["fortification"], a["drm"]) == ("positional", "improved-great-fortress", -2)
    assert a["attack"] == 9 * 0.25  # non-artillery quartered by an improved great fortress
    s["unimproved"] = [kovno]
    a = c.assess(s, EN, kovno, ["ru-25-id"])
    assert (a["fortification"], a["attack"]) == ("fortress-unimproved", 9)


# ----- eligibility (9, 9B, 9K, 14M) ---------------------------------------------------------------


def test_eligible_attackers_and_targets():
    s = fresh()
    put(s, W, "de-1-id", "de-i-corps-hq")
    put(s, "1401", "de-2-id", attacked=True)
    put(s, "1302", "de-35-id")  # two hexes away
    put(s, T, "ru-25-id")
    assert c.eligible_attackers(s, CP, T) == ["de-1-id"]
    assert c.targets(s, CP) == [T]
    s["attacked"] = [T]
    assert c.targets(s, CP) == []


def test_reaction_combat_only_within_an_active_army_hq_zoi():
    s = fresh(phasing=CP, phase="reaction-combat")
    put(s, T, "ru-25-id")
    put(s, W, "de-1-id")
    put(s, "1504", "ru-1-army-hq")  # two hexes from 1502
    assert c.eligible_attackers(s, EN, W) == ["ru-25-id"]
    s["hq"]["ru-1-army-hq"]["active"] = False
    assert c.eligible_attackers(s, EN, W) == []
    s["hq"]["ru-1-army-hq"]["active"] = True
    put(s, "1505", "ru-1-army-hq")  # three hexes
    assert c.eligible_attackers(s, EN, W) == []


def test_9g_an_hq_alone_is_eliminated_when_attacked():
    s = fresh()
    put(s, W, "de-1-id")
    put(s, T, "ru-1-army-hq")
    with scripted_dice(s):
        r = c.resolve(s, CP, T, ["de-1-id"])
    assert r["result"] == "DE" and s["units"]["ru-1-army-hq"]["at"] == "eliminated"
    assert s["vp"][CP] == 3 and at(s, "de-1-id") == T
    assert s["eliminated_log"] == [{"uid": "ru-1-army-hq", "turn": 0, "isolated": False}]


def test_9k_units_sharing_a_hex_with_the_enemy_attack_only_that_hex():
    s = fresh()
    put(s, T, "ru-25-id", "de-1-id")
    put(s, "1503", "ru-53-rd")
    assert c.eligible_attackers(s, CP, T) == ["de-1-id"]
    assert c.eligible_attackers(s, CP, "1503") == []
    with scripted_dice(s, roll_for(s, ["de-1-id"], "AS")):
        r = c.resolve(s, CP, T, ["de-1-id"])
    assert r["result"] == "AS" and r["retreats"]["de-1-id"]  # 9K1: on AS the attackers in the hex retreat


def test_assess_of_no_attackers_does_not_fail():
    s = fresh()
    put(s, T, "ru-25-id")
    a = c.assess(s, CP, T, [])
    assert (a["attack"], a["column"]) == (0, "auto")


def test_an_attack_on_a_hex_attacked_already_is_refused():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id")
    s["attacked"] = [T]
    with pytest.raises(ValueError, match="9B1"):
        c.resolve(s, CP, T, ["de-1-id"])


# ----- every result of 9C, once ---------------------------------------------------------------------


def test_9b7_below_1_to_4_is_an_automatic_ae_without_a_die():
    s = fresh()
    put(s, W, "de-2-lw-bde")
    put(s, T, "ru-25-id")
    with scripted_dice(s):
        r = c.resolve(s, CP, T, ["de-2-lw-bde"])
    assert (r["column"], r["result"], r["roll"]) == ("auto", "AE", None)
    assert s["units"]["de-2-lw-bde"]["at"] == "eliminated"
    assert s["vp"][EN] == 1  # a German brigade


def test_9c_ah_half_eliminated_cadre_counted_in_full_and_a_two_hex_retreat():
    s = fresh()
    put(s, W, "de-1-rd")  # 8-10-5, cadre 3-4-5: 8 against 11 is 1:2
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, ["de-1-rd"], "AH")):
        r = c.resolve(s, CP, T, ["de-1-rd"])
    assert r["result"] == "AH" and r["reduced"] == ["de-1-rd"]
    assert s["units"]["de-1-rd"]["cadre"] and s["units"]["de-1-rd"]["at"] == "map"
    assert len(r["retreats"]["de-1-rd"]) == 2  # 9F4 (L517): two hexes in 1914
    assert c.distance(W, at(s, "de-1-rd")) == 2


def test_9c_aq_a_quarter_and_no_retreat():
    s = fresh()
    put(s, W, "de-1-rd", "de-2-lw-bde")  # 8 + 2 = 10 against 11: 1:2
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, ["de-1-rd", "de-2-lw-bde"], "AQ")):
        r = c.resolve(s, CP, T, ["de-1-rd", "de-2-lw-bde"])
    assert r["result"] == "AQ"
    assert r["losses"] == {CP: ["de-1-rd"]} and s["units"]["de-2-lw-bde"]["cadre"] is False
    assert at(s, "de-1-rd") == W and at(s, "de-2-lw-bde") == W and r["retreats"] == {}


def test_9c_as_nothing_happens():
    s = fresh()
    put(s, W, "de-1-rd")
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, ["de-1-rd"], "AS")):
        r = c.resolve(s, CP, T, ["de-1-rd"])
    assert (r["result"], r["losses"], r["retreats"], r["advance"]) == ("AS", {}, {}, [])
    assert s["units"]["de-1-rd"]["attacked"] and s["attacked"] == [T]


def test_9f1_ar_the_lone_defender_advances_so_the_attacker_retreats():
    s = fresh()
    put(s, W, "de-1-rd")
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, ["de-1-rd"], "AR")):
        r = c.resolve(s, CP, T, ["de-1-rd"])
    assert r["result"] == "AR" and len(r["retreats"]["de-1-rd"]) == 1
    assert r["defender_advance"] == ["ru-25-id"] and at(s, "ru-25-id") == W


def test_9f1_ar_a_lone_defender_with_its_hq_stays_and_the_retreat_is_cancelled():
    s = fresh()
    put(s, W, "de-1-rd")
    put(s, T, "ru-25-id", "ru-iii-corps-hq")
    with scripted_dice(s, roll_for(s, ["de-1-rd"], "AR")):
        r = c.resolve(s, CP, T, ["de-1-rd"])
    assert r["result"] == "AR" and at(s, "de-1-rd") == W and r["retreats"] == {}
    assert any("9F1" in line[1] for line in s["log"])


def test_9c_ar_the_defender_advances_its_weakest_unit_and_the_attacker_retreats():
    s = fresh()
    put(s, W, "de-1-rd", "de-2-lw-bde")
    put(s, T, "ru-53-rd", "ru-1-rifle-bde")  # 9 + 6 = 15 against 10: 1:2
    with scripted_dice(s, roll_for(s, ["de-1-rd", "de-2-lw-bde"], "AR")):
        r = c.resolve(s, CP, T, ["de-1-rd", "de-2-lw-bde"])
    assert r["result"] == "AR"
    assert set(r["retreats"]) == {"de-1-rd", "de-2-lw-bde"}
    assert at(s, "ru-1-rifle-bde") == W and at(s, "ru-53-rd") == T
    assert r["defender_advance"] == ["ru-1-rifle-bde"]


def test_ruling_c16_two_hexes_vacated_the_defender_keeps_a_unit_home():
    s = fresh()
    put(s, W, "de-1-rd")
    put(s, "1401", "de-2-lw-bde")
    put(s, T, "ru-25-id", "ru-53-rd")  # 10 against 20: 1:2
    atk = ["de-1-rd", "de-2-lw-bde"]
    with scripted_dice(s, roll_for(s, atk, "AH")):
        r = c.resolve(s, CP, T, atk)
    assert r["defender_advance"] == ["ru-53-rd"] and at(s, "ru-53-rd") == "1401"
    assert at(s, "ru-25-id") == T and at(s, "de-1-rd") == W  # the second hex is not claimed: it stays
    assert [len(p) for p in r["retreats"].values()] == [2]  # AH: two hexes (9F4)


def test_9c_ex_the_defender_on_a_tie_and_the_attacker_matches_it():
    """L484 with R11: 11 against 11 is a tie, so the defender is the side eliminated (its 9-11-5
    reduced to its cadre, counting 11); the attacker must lose at least 11."""
    s = fresh()
    put(s, W, "de-1-id")
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, ["de-1-id"], "EX")):
        r = c.resolve(s, CP, T, ["de-1-id"])
    assert r["result"] == "EX"
    assert r["reduced"] == ["ru-25-id", "de-1-id"]
    assert len(r["retreats"]["ru-25-id"]) == 1
    assert at(s, "de-1-id") == T  # the cadre advances


def test_9c_hx_the_weaker_defender_and_half_its_loss():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")  # 22 against 11: 2:1
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, ["de-1-id", "de-2-id"], "HX")):
        r = c.resolve(s, CP, T, ["de-1-id", "de-2-id"])
    assert r["result"] == "HX"
    assert r["losses"] == {EN: ["ru-25-id"], CP: ["de-1-id"]}  # 5.5 needed: one division to cadre
    assert s["units"]["de-2-id"]["cadre"] is False


def test_9c_dr_retreat_and_advance():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-i-hvy-art")
    put(s, T, "ru-25-id")
    atk = ["de-1-id", "de-2-id", "de-i-hvy-art"]
    with scripted_dice(s, roll_for(s, atk, "DR")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DR" and r["retreats"] == {"ru-25-id": ["1601"]}  # next to the Libau line (L505)
    assert r["advance"] == ["de-1-id", "de-2-id"] and at(s, "de-i-hvy-art") == W  # ruling C15
    assert s["owner"][T] == CP


def test_9c_dh_defender_half_and_two_hexes():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-35-id")  # 33 against 11: 3:1
    put(s, T, "ru-25-id")
    atk = ["de-1-id", "de-2-id", "de-35-id"]
    with scripted_dice(s, roll_for(s, atk, "DH")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DH" and r["reduced"] == ["ru-25-id"]
    assert len(r["retreats"]["ru-25-id"]) == 2 and c.distance(T, at(s, "ru-25-id")) == 2
    assert set(r["advance"]) == set(atk)


def test_9f5_the_second_advance_may_overrun_an_enemy_hex_ruling_c31():
    """9F5 (L526): "A unit or stack making its second advance in a multiple hex advance may enter
    a hex containing enemy units if able to overrun the units in the hex", as a retreat does:
    here the Russian Second Army HQ alone next to the hex, overrun at 12:1 (a defense of 0,
    ruling R29) by one German division; a division next to it is not (1:1)."""
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-35-id")
    put(s, T, "ru-25-id")
    put(s, "1503", "ru-27-id")
    put(s, "1602", "ru-2-army-hq")
    atk = ["de-1-id", "de-2-id", "de-35-id"]
    with scripted_dice(s, roll_for(s, atk, "DH")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DH" and at(s, "ru-2-army-hq") == "1602"
    offered = c.second_advances(s, CP, r["pursuit"], T)
    overruns = [a for a in offered if a.get("overrun")]
    assert {a["into"] for a in overruns} == {"1602"} and {a["second_advance"] for a in overruns} == set(atk)
    assert not any(a["into"] == "1503" for a in offered)
    G = kriegsspiel.load("over-there")
    s["stack"].append({"state": "second_advance", "role": CP, "hex": T, "units": r["pursuit"]})
    pick = next(a for a in G.actions(s, CP) if a.get("overrun"))
    assert G.label(pick, s).endswith("by overrun")
    s = G.apply(s, CP, pick)
    assert at(s, pick["second_advance"]) == "1602" and s["units"]["ru-2-army-hq"]["at"] != "map"
    assert any("by overrun at 12:1 (9F5)" in e[1] for e in s["log"])
    assert s["owner"]["1602"] == CP


def test_9f4_the_units_that_advanced_may_advance_a_second_time():
    """9F4 step 4 (L524): "Units that advanced after combat in step 2 above may then advance a 2nd
    time into any hexes not containing enemy units": offered one by one, never into an enemy
    hex, never to artillery; the player may stay."""
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-35-id")
    put(s, T, "ru-25-id")
    put(s, "1503", "ru-27-id")  # a Russian next to the hex: no second advance into it
    atk = ["de-1-id", "de-2-id", "de-35-id"]
    with scripted_dice(s, roll_for(s, atk, "DH")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DH" and sorted(r["pursuit"]) == sorted(atk)
    offered = c.second_advances(s, CP, r["pursuit"], T)
    assert {a["second_advance"] for a in offered} == set(atk)
    assert all(a["into"] in w.NEIGHBOURS[T] and a["into"] != "1503" for a in offered)
    assert at(s, "ru-25-id") not in {a["into"] for a in offered}  # two hexes away, out of reach
    # in the game: the attacker is asked, moves one unit, and may still move the others or stay
    G = kriegsspiel.load("over-there")
    s["stack"].append({"state": "second_advance", "role": CP, "hex": T, "units": r["pursuit"]})
    legal = G.actions(s, CP)
    assert legal[-1] == {"end": "second-advance"} and len(legal) == len(offered) + 1
    first = legal[0]
    assert G.label(first, s).startswith(f"advance {UNITS[first['second_advance']].short} again into")
    s = G.apply(s, CP, first)
    assert at(s, first["second_advance"]) == first["into"]
    assert s["stack"][-1]["state"] == "second_advance" and first["second_advance"] not in s["stack"][-1]["units"]
    s = G.apply(s, CP, {"end": "second-advance"})
    assert s["stack"][-1].get("state") != "second_advance"
    # a one-hex result (DR) gives no second advance
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-35-id")
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, atk, "DR")):
        r = c.resolve(s, CP, T, atk)
    assert not r.get("pursuit")


def test_9c_de_the_division_to_its_cadre_and_the_cadre_later_for_vp():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id", "de-35-id", "de-36-id", "de-37-id")  # 55 against 11: 5:1
    put(s, T, "ru-25-id")
    atk = ["de-1-id", "de-2-id", "de-35-id", "de-36-id", "de-37-id"]
    with scripted_dice(s, roll_for(s, atk, "DE")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DE" and s["units"]["ru-25-id"]["cadre"] and s["vp"][CP] == 0
    assert w.rating(s, "ru-25-id") == (4, 4, 5)
    s["units"]["ru-25-id"]["supply"] = "isolated"
    c.eliminate(s, "ru-25-id", "test")
    assert s["vp"][CP] == 2  # SCENARIO.md: a Russian division, isolated


def test_9c_ad_positional_below_everything():
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-2-lw-bde", "de-i-hvy-art")  # 2 + 1 = 3 against 11: 1:4
    put(s, T, "ru-25-id")
    atk = ["de-2-lw-bde", "de-i-hvy-art"]
    with scripted_dice(s, roll_for(s, atk, "AD")):
        r = c.resolve(s, CP, T, atk)
    assert (r["crt"], r["result"]) == ("positional", "AD")
    assert r["eliminated"] == ["de-2-lw-bde", "de-i-hvy-art"] and s["vp"][EN] == 2


def test_9c_al_attacker_half_defender_a_quarter_of_that():
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id")
    put(s, T, "ru-25-id")
    with scripted_dice(s, roll_for(s, ["de-1-id"], "AL")):
        r = c.resolve(s, CP, T, ["de-1-id"])
    assert r["result"] == "AL" and r["reduced"] == ["de-1-id", "ru-25-id"]
    assert at(s, "de-1-id") == W  # the lone defender declines to advance: the retreat is cancelled (9F1)


def test_9c_ax_exchange_without_retreat():
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id", "de-i-hvy-art")
    put(s, T, "ru-25-id")
    atk = ["de-1-id", "de-i-hvy-art"]
    with scripted_dice(s, roll_for(s, atk, "AX")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "AX"
    assert r["reduced"] == ["de-1-id", "ru-25-id"] and s["units"]["de-i-hvy-art"]["at"] == "map"  # 9D
    assert r["retreats"] == {} and at(s, "ru-25-id") == T


def test_9c_dx_defender_half_attacker_half_of_that_non_artillery_first():
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id", "de-2-id", "de-35-id", "de-i-hvy-art")  # 34 against 11: 3:1
    put(s, T, "ru-25-id")
    atk = ["de-1-id", "de-2-id", "de-35-id", "de-i-hvy-art"]
    with scripted_dice(s, roll_for(s, atk, "DX")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DX" and sorted(r["reduced"]) == ["de-1-id", "ru-25-id"]
    assert s["units"]["de-i-hvy-art"]["at"] == "map" and r["retreats"] == {}


def test_9c_dl_and_dd_and_9j_contested():
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id", "de-2-id", "de-35-id", "de-36-id")  # 44 against 11: 4:1
    put(s, T, "ru-25-id")
    atk = ["de-1-id", "de-2-id", "de-35-id", "de-36-id"]
    with scripted_dice(s, roll_for(s, atk, "DL"), 5, 5, 5, 1):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DL" and r["losses"] == {EN: ["ru-25-id"], CP: ["de-1-id"]}
    assert len(r["retreats"]["ru-25-id"]) == 1
    # the Russian cadre next door keeps its ZOC: the hex is contested (9J), the fourth entrant is disrupted
    # owned by neither side (9J, L541), the Russians' before; the entrenchments stay as they are
    assert s.get("contested") == [T] and s["owner"][T] is None and s["contest_owner"] == {T: EN}
    assert s["works"][T]["level"] == 2
    assert [s["units"][u]["dis"] for u in atk] == [0, 0, 0, 1]

    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id", "de-2-id", "de-35-id", "de-36-id")  # 44 against 6: 7:1
    put(s, T, "ru-1-rifle-bde")
    with scripted_dice(s, roll_for(s, atk, "DD")):
        r = c.resolve(s, CP, T, atk)
    assert r["result"] == "DD" and r["eliminated"] == ["ru-1-rifle-bde"] and s["vp"][CP] == 0.5
    assert s["owner"][T] == CP and s["works"][T] == {"side": CP, "level": 2}  # 15B2: entrenchments stay


def _contest(s: dict) -> list[str]:
    """The DL of the test above: the Germans in T, the Russian cadre next door, T contested."""
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id", "de-2-id", "de-35-id", "de-36-id")
    put(s, T, "ru-25-id")
    atk = ["de-1-id", "de-2-id", "de-35-id", "de-36-id"]
    with scripted_dice(s, roll_for(s, atk, "DL"), 5, 5, 5, 1):
        c.resolve(s, CP, T, atk)
    assert s["contested"] == [T] and s["owner"][T] is None
    return atk


def test_9j_a_contest_ends_when_nothing_of_the_enemy_is_left_next_to_it():
    """Ruling R16 (the second way of L549): with no Russian unit with a ZOC in or next to the hex,
    the Germans occupying it own it, and its entrenchments are taken as on any capture (15B)."""
    s = fresh()
    _contest(s)
    russian = next(u for u, v in s["units"].items() if v["at"] == "map" and UNITS[u].side == EN)
    c.contests(s)
    assert s["contested"] == [T]  # the cadre next door contests it still
    s["units"][russian]["dis"] = 1  # disrupted, it has no ZOC (3A5)
    c.contests(s)
    assert s["contested"] == [] and s["owner"][T] == CP and s["works"][T]["side"] == CP


def test_9j_a_game_turn_of_occupation_ends_a_contest():
    """L551: "One or more of his units with a ZOC remains in continuous occupation of the hex for
    one complete game turn": from the phase it began to the end of that phase a game turn later."""
    s = fresh()
    _contest(s)  # in the Central Powers' combat phase of Aug II 14
    c.contests(s)
    for turn, phasing, phase in [(1, EN, "initial"), (1, CP, "initial"), (1, CP, "combat")]:
        s.update(turn=turn, phasing=phasing, phase=phase)
        c.contests(s)
        assert s["contested"] == [T] and s["owner"][T] is None, (turn, phasing, phase)
    s["phase"] = "reaction-movement"  # Sep I 14's combat phase is over: a whole game turn held
    c.contests(s)
    assert s["contested"] == [] and s["owner"][T] == CP
    assert any("held for a whole game turn" in str(e) for e in s["log"])
    # an occupation broken starts the count again
    s = fresh()
    atk = _contest(s)
    c.contests(s)
    s.update(turn=1, phasing=EN, phase="movement")
    for u in atk:
        s["units"][u]["dis"] = 1  # no German unit with a ZOC in the hex: nobody holds it
    put(s, "1401", "de-37-id")  # a German next to it: the contest goes on (the cadre is there too)
    c.contests(s)
    assert s["contested"] == [T]
    for u in atk:
        s["units"][u]["dis"] = 0
    s.update(turn=1, phasing=CP, phase="reaction-movement")
    c.contests(s)
    assert s["contested"] == [T]  # held again since Sep I 14's Entente movement phase only


def test_9j_entering_a_contested_hex_later_and_what_may_not_be_done_there():
    """9J (L539): a non-infantry unit entering a contested hex "by any means subsequent" rolls for
    disruption (1-4 disrupts), and a disrupted unit there does not recover in its initial phase;
    (L548) no construction or repair there."""
    from kriegsspiel.games.over_there import movement, sequence

    G = kriegsspiel.load("over-there")
    for roll, disrupted in ((1, True), (6, False)):
        s = fresh(phase="movement")
        _contest(s)
        put(s, W, "de-1-cav", spent=0, moved=False, dis=0)
        s["stack"].append({"state": "destination", "role": CP, "units": ["de-1-cav"], "mode": "movement"})
        assert {"to": T} in G.actions(s, CP)
        with scripted_dice(s, roll):
            s = G.apply(s, CP, {"to": T})
        assert at(s, "de-1-cav") == T and bool(s["units"]["de-1-cav"]["dis"]) is disrupted
    s = fresh(phase="movement")
    atk = _contest(s)
    infantry = next(u for u in atk if not s["units"][u]["dis"] and not s["units"][u]["cadre"])
    s["units"][infantry]["spent"] = 0
    del s["works"][T]  # the entrenchments gone: fieldworks could be dug, but not while contested
    assert movement.engineering(s, [infantry], "movement") == []
    s["contested"] = []
    assert {"build": "fieldworks"} in movement.engineering(s, [infantry], "movement")
    # no recovery from disruption in a contested hex (3A5's exception)
    s = fresh()
    atk = _contest(s)
    put(s, "0512", "de-2-lw-bde", dis=1)
    for u in atk:
        s["units"][u]["dis"] = 1
    s.update(turn=1, phasing=CP, phase="initial")
    sequence.PlayerTurn().initial(s, {"side": CP})
    assert s["units"]["de-2-lw-bde"]["dis"] == 0
    assert all(s["units"][u]["dis"] == 1 for u in atk if s["units"][u]["hex"] == T)


@pytest.mark.parametrize("code", ["DXM", "BX", "BXM"])
def test_9c_the_results_our_tables_do_not_print(code):
    """DXM (a rifle-assault attacker, L491) and R1's BX and BXM, applied as 9C defines them."""
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id", "ru-53-rd")  # 22 against 20
    b = c._battle(s, CP, T, ["de-1-id", "de-2-id"])
    report = c._report(s, CP, T, b.attackers)
    with scripted_dice(s, *([5, 5] if code == "DXM" else [])):  # DXM: two enter a contested hex (9J)
        c._apply(s, b, code, report, [], [])
    need_a, need_d = CH.minimum_losses(code, 22, 20)
    lost_a = sum(11 for u in ("de-1-id", "de-2-id") if u in report["reduced"])
    lost_d = sum({"ru-25-id": 11, "ru-53-rd": 9}[u] for u in report["reduced"] if u.startswith("ru"))
    assert lost_a >= need_a and lost_d >= need_d
    if code == "DXM":
        assert report["retreats"] and all(u.startswith("ru") for u in report["retreats"])
    if code == "BXM":
        assert report["retreats"] and all(u.startswith("de") for u in report["retreats"])
    if code == "BX":
        assert report["retreats"] == {}


# ----- losses (9D, 9E) --------------------------------------------------------------------------------


def test_l482_l484_l489_the_worked_losses_through_choose_losses():
    s = fresh()
    put(s, T, "ru-25-id", "ru-53-rd", "ru-1-rifle-bde")  # 11 + 9 + 6
    plan = c.choose_losses(s, ["ru-25-id", "ru-53-rd", "ru-1-rifle-bde"], 6, "defender")
    assert plan == {"ru-1-rifle-bde": 1}  # exactly 6: the least strength
    plan = c.choose_losses(s, ["ru-25-id", "ru-53-rd", "ru-1-rifle-bde"], 7, "defender")
    assert plan == {"ru-53-rd": 1}  # 9 is the least above 7
    plan = c.choose_losses(s, ["ru-25-id", "ru-53-rd", "ru-1-rifle-bde"], 30, "defender")
    assert plan == {"ru-25-id": 2, "ru-53-rd": 1, "ru-1-rifle-bde": 1}  # 26, then the 4-4-5 cadre


def test_l495_non_artillery_first_and_cadres_need_not_go_before_artillery():
    s = fresh()
    put(s, W, "de-1-id", "de-i-hvy-art")  # attack 11 (cadre 4) and 2
    plan = c.choose_losses(s, ["de-1-id", "de-i-hvy-art"], 2, "attacker")
    assert plan == {"de-1-id": 1}  # the 2-point battery would do, but non-artillery goes first
    plan = c.choose_losses(s, ["de-1-id", "de-i-hvy-art"], 13, "attacker")
    assert plan == {"de-1-id": 1, "de-i-hvy-art": 1}  # the cadre is kept, the artillery goes
    plan = c.choose_losses(s, ["de-1-id", "de-i-hvy-art"], 2, "attacker", non_artillery_first=False)
    assert plan == {"de-i-hvy-art": 1}


def test_vp_classes_of_the_scenario():
    s = fresh()
    for u in ("de-i-hvy-art", "de-i-corps-hq", "de-8-army-hq", "ru-1-rifle-bde"):
        put(s, W, u)
    assert c.score_loss(s, "de-i-hvy-art") == 1  # 'other': German heavy artillery
    assert c.score_loss(s, "de-i-corps-hq") == 0  # ruling C20
    assert c.score_loss(s, "de-8-army-hq") == 5
    assert c.score_loss(s, "ru-1-rifle-bde") == 0.5
    assert s["vp"] == {EN: 6, CP: 0.5}


# ----- retreats (9F) ------------------------------------------------------------------------------


def _dr(s, atk=("de-1-id", "de-2-id")):
    with scripted_dice(s, roll_for(s, list(atk), "DR")):
        return c.resolve(s, CP, T, list(atk))


def test_9f2_retreat_priorities():
    """1401 and 1503 lie in the ZOC of the Germans in 1402, 1501 is full (six Russian divisions),
    1601 is German-owned: the 6-9-4 goes to 1602, free, with room, and its own side's."""
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-53-rd")
    put(s, "1501", "ru-27-id", "ru-30-id", "ru-40-id", "ru-28-id", "ru-29-id", "ru-26-id")
    s["owner"]["1601"] = CP
    r = _dr(s)
    assert r["retreats"]["ru-53-rd"] == ["1602"] and not s["units"]["ru-53-rd"]["cadre"]
    s = fresh()  # the same with 1601 and 1602 German-occupied: only ZOC hexes are left
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-53-rd")
    put(s, "1501", "ru-27-id")
    put(s, "1601", "de-35-id")
    put(s, "1602", "de-36-id")
    for h in ("1401", "1503"):
        s["owner"][h] = CP
    r = _dr(s)
    assert r["retreats"]["ru-53-rd"] == ["1501"] and s["units"]["ru-53-rd"]["cadre"]  # into ZOC: cadre


def test_9f2_strong_units_ignore_zocs_into_friendly_hexes():
    """L511: a non-artillery unit of attack 8 or more (the 9-11-5) retreats through the ZOC into
    the friendly-occupied hex unharmed, where the 6-9-4 above was reduced to its cadre."""
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id")
    put(s, "1501", "ru-27-id")
    put(s, "1601", "de-35-id")
    put(s, "1602", "de-36-id")
    for h in ("1401", "1503"):
        s["owner"][h] = CP
    r = _dr(s)
    assert r["retreats"]["ru-25-id"] == ["1501"] and not s["units"]["ru-25-id"]["cadre"]


def test_9f2_with_no_route_the_unit_is_eliminated_cadre_and_all():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id")
    for h, u in (("1601", "de-35-id"), ("1602", "de-36-id"), ("1501", "de-37-id"), ("1503", "de-41-id")):
        put(s, h, u)
    put(s, "1401", "de-22-id")
    r = _dr(s)
    assert s["units"]["ru-25-id"]["at"] == "eliminated" and r["retreats"] == {}
    assert s["vp"][CP] == 1 and r["advance"] == ["de-1-id", "de-2-id"]


def test_9f5_ruling_c30_a_unit_with_no_other_way_out_retreats_through_an_hq_by_overrun():
    # L526: "A unit or stack required to retreat due to combat, may retreat into an enemy-occupied
    # hex if able to overrun (Rule 6F) the units in the hex ... ignore movement point costs."
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-1-rifle-bde")  # a brigade: no cadre to fall back on
    put(s, "1501", "de-35-id", cadre=True)  # cadres: a ZOC in their own hex only (5A)
    put(s, "1602", "de-36-id", cadre=True)
    put(s, "1601", "de-xx-corps-hq")  # an HQ alone: defense 0, overrun at 12:1 (ruling R29)
    # 1401 and 1503 lie in the ZOC of the Germans in 1402: the brigade would die there (9F2)
    r = _dr(s)
    assert r["retreats"] == {"ru-1-rifle-bde": ["1601"]}
    assert s["units"]["ru-1-rifle-bde"]["at"] == "map" and s["units"]["de-xx-corps-hq"]["at"] == "eliminated"
    assert any("by overrun" in line[1] and "(9F5)" in line[1] for line in s["log"])
    # with a German division in 1601 instead, 10:1 is out of reach: into the ZOC, and eliminated
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-1-rifle-bde")
    put(s, "1501", "de-35-id", cadre=True)
    put(s, "1602", "de-36-id", cadre=True)
    put(s, "1601", "de-37-id", cadre=True)
    r = _dr(s)
    assert s["units"]["ru-1-rifle-bde"]["at"] == "eliminated"


def test_9d_ruling_c13_hqs_go_with_their_stack_or_die_alone():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id", "ru-iii-corps-hq")
    r = _dr(s)
    assert at(s, "ru-iii-corps-hq") == at(s, "ru-25-id") == r["retreats"]["ru-iii-corps-hq"][-1]


def test_r10_units_that_retreated_add_nothing_when_attacked_again():
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-53-rd")
    put(s, "1602", "ru-1-rifle-bde")
    for h in ("1501", "1601"):
        s["owner"][h] = CP  # the 6-9-4 goes to its friends in 1602
    r = _dr(s)
    assert r["retreats"]["ru-53-rd"] == ["1602"]
    put(s, "1702", "de-35-id")
    a = c.assess(s, CP, "1602", ["de-35-id"])
    assert a["defense"] == 6 and any("R10" in n for n in a["notes"])
    s["units"]["ru-1-rifle-bde"].update(at="eliminated", hex=None)
    assert c.targets(s, CP) == [] and c.attack_problems(s, CP, "1602", ["de-35-id"])


# ----- retreat before combat (9I), the cavalry charge (10B) -------------------------------------------


def test_9i_cavalry_retreats_before_combat_at_3_to_1():
    s = fresh()
    put(s, W, "de-1-id")
    put(s, T, "ru-1-cav")  # 2-2-8 against 11
    with scripted_dice(s, 5) as dice:
        r = c.resolve(s, CP, T, ["de-1-id"])
    assert dice.rolled == [5] and r["result"] == "RBC" and r["rbc"] == ["ru-1-cav"]
    assert at(s, "de-1-id") == T and r["roll"] is None
    s = fresh()
    put(s, W, "de-1-id")
    put(s, T, "ru-1-cav")
    with scripted_dice(s, 3, 6):  # the attempt fails; the combat die
        r = c.resolve(s, CP, T, ["de-1-id"])
    assert r["result"] != "RBC" and r["roll"] == 6


def test_10b_heavy_cavalry_charges_when_it_cannot_fail_badly():
    s = fresh()
    put(s, W, "de-1-cav", "de-1-id")  # a 4-RE cavalry division: +2, never worse than a failure
    put(s, T, "ru-25-id")  # 14 against 11: 1:1
    with scripted_dice(s, 3, 4) as dice:  # 3+2 = 5: success; the combat die 4, +1
        r = c.resolve(s, CP, T, ["de-1-cav", "de-1-id"])
    assert dice.rolled == [3, 4] and r["drm"] == 1
    s = fresh()
    put(s, W, "de-1-cav", "de-1-id")
    put(s, T, "ru-25-id")
    with scripted_dice(s, 1, 4):
        r = c.resolve(s, CP, T, ["de-1-cav", "de-1-id"])
    assert r["drm"] == 0 and s["units"]["de-1-cav"]["at"] == "map"
    s = fresh()
    put(s, "2008", "de-1-cav", "de-1-id")
    put(s, "1909", "ru-25-id")  # woods: no AEC, -3: no charge
    a = c.assess(s, CP, "1909", ["de-1-cav", "de-1-id"])
    assert any("no charge" in n for n in a["notes"])


# ----- reserves (6C) ------------------------------------------------------------------------------


def test_6c_reserve_commitment():
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id")
    put(s, T, "ru-25-id")
    put(s, "1602", "ru-1-cav")  # adjacent, cavalry 8 -> 4 MPs
    put(s, "1702", "ru-27-id")  # two hexes, a rifle division 5 -> 1 MP: cannot reach
    put(s, "1401", "ru-28-id")  # in the German ZOC
    assert c.reserve_stacks(s, EN, T) == ["1602"]
    with scripted_dice(s, 3):  # 3 + 2 adjacent = 5: success
        moved = c.commit_reserves(s, EN, "1602", T)
    assert moved == ["ru-1-cav"] and at(s, "ru-1-cav") == T and s["units"]["ru-1-cav"]["dis"] == 1
    assert c.assess(s, CP, T, ["de-1-id"])["defense"] == 11 + 1  # 2 halved by disruption
    s = fresh()
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id")
    put(s, T, "ru-25-id")
    put(s, "1602", "ru-1-cav")
    with scripted_dice(s, 2):  # 4: failure
        assert c.commit_reserves(s, EN, "1602", T) == []
    assert at(s, "ru-1-cav") == "1602"


# ----- overruns (6F) -------------------------------------------------------------------------------


def test_l265_overrun_116_against_8_is_14_to_1_and_four_levels_down_still_overruns():
    assert c.overrun_level(116, 8) == 14
    assert c.overrun_level(116, 8, attacker_fatigue=5, defender_fatigue=1) == 10
    assert c.overrun_level(116, 8, attacker_fatigue=6, defender_fatigue=1) == 9


def test_6f_overrun_on_the_map():
    s = fresh(phase="movement")
    put(s, W, "de-1-id", "de-2-id")  # 22
    put(s, T, "ru-1-rifle-bde", dis=2)  # 6 quartered: 1.5, 22 : 1.5 rounds down to 14:1
    assert c.overrun_odds(s, CP, ["de-1-id", "de-2-id"], T) == 14
    s["units"]["de-1-id"]["fat"] = 5
    s["units"]["ru-1-rifle-bde"]["fat"] = 1
    assert c.overrun_targets(s, CP, ["de-1-id", "de-2-id"]) == [T]
    s["units"]["de-1-id"]["fat"] = 6
    assert c.overrun_targets(s, CP, ["de-1-id", "de-2-id"]) == []
    s["units"]["de-1-id"]["fat"] = 0
    with scripted_dice(s):
        r = c.overrun(s, CP, ["de-1-id", "de-2-id"], T)
    assert r["eliminated"] == ["ru-1-rifle-bde"] and s["vp"][CP] == 0.5
    assert at(s, "de-1-id") == at(s, "de-2-id") == T
    assert s["units"]["de-1-id"]["spent"] == 1 + 3  # clear, plus the overrun cost


def test_6f_hqs_in_a_moving_stack_stay_out_of_an_overrun():
    s = fresh(phase="movement")
    put(s, W, "de-1-id", "de-2-id", "de-i-corps-hq")
    put(s, T, "ru-1-rifle-bde", dis=2)
    assert c.overrun_targets(s, CP, ["de-1-id", "de-2-id", "de-i-corps-hq"]) == [T]
    with scripted_dice(s):
        r = c.overrun(s, CP, ["de-1-id", "de-2-id", "de-i-corps-hq"], T)
    assert r["advance"] == ["de-1-id", "de-2-id"] and at(s, "de-i-corps-hq") == W


def test_6f_a_defense_of_0_is_overrun_at_12_to_1():
    s = fresh(phase="movement")
    put(s, W, "de-2-lw-bde")
    put(s, T, "ru-1-army-hq")
    assert c.overrun_odds(s, CP, ["de-2-lw-bde"], T) == 12
    s["units"]["de-2-lw-bde"]["fat"] = 3
    assert c.overrun_targets(s, CP, ["de-2-lw-bde"]) == []
    s["units"]["de-2-lw-bde"]["fat"] = 2
    assert c.overrun_targets(s, CP, ["de-2-lw-bde"]) == [T]


def test_9f5_an_enemy_hex_in_an_enemy_zoc_is_overrun_by_the_cadre_the_zoc_leaves():
    # L526: "Implement the effects of enemy ZOCs on retreats (per section 9F2 above) before the
    # overrun odds are calculated": the division is reduced to its cadre (L509), and the cadre
    # overruns the HQ standing alone in the ZOC of the Germans next to it
    def place(s):
        put(s, W, "de-1-id", "de-2-id")
        put(s, T, "ru-25-id")
        for h, u in (("1401", "de-35-id"), ("1501", "de-36-id"), ("1503", "de-37-id"), ("1602", "de-41-id")):
            put(s, h, u)
        put(s, "1601", "de-xx-corps-hq")  # in the ZOC of the division in 1602 (and 1501)

    s = fresh()
    place(s)
    assert "1601" in w.zoc_hexes(s, CP)
    assert c._retreat_overruns(s, "ru-25-id", T, "1601", reduced=True)
    r = _dr(s)
    assert r["retreats"] == {"ru-25-id": ["1601"]}
    assert s["units"]["ru-25-id"]["cadre"] and s["units"]["ru-25-id"]["at"] == "map"
    assert s["units"]["de-xx-corps-hq"]["at"] == "eliminated"
    texts = [line[1] for line in s["log"]]
    zoc_at = next(i for i, x in enumerate(texts) if "reduced to its cadre (9F2)" in x)
    over_at = next(i for i, x in enumerate(texts) if "by overrun" in x and "(9F5)" in x)
    assert zoc_at < over_at, "the ZOC's effect comes before the overrun"
    # a brigade has no cadre to fall back on: the ZOC eliminates it, it overruns nothing
    s = fresh()
    place(s)
    s["units"]["ru-25-id"].update(at="due", hex=None)
    put(s, T, "ru-1-rifle-bde")
    r = _dr(s)
    assert s["units"]["ru-1-rifle-bde"]["at"] == "eliminated" and s["units"]["de-xx-corps-hq"]["at"] == "map"


def test_6f2_cavalry_retreats_before_an_overrun():
    s = fresh(phase="movement")
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-1-cav")  # 2-2-8: 11:1
    with scripted_dice(s, 6):
        r = c.overrun(s, CP, ["de-1-id", "de-2-id"], T)
    assert r["eliminated"] == [] and s["units"]["ru-1-cav"]["at"] == "map" and at(s, "ru-1-cav") != T
    assert s["units"]["de-1-id"]["spent"] == 1  # no overrun cost when all retreated


# ----- bombardment (12C) ------------------------------------------------------------------------------


def test_12c_two_hits_disrupt_a_lone_division():
    s = fresh()
    put(s, W, "de-i-hvy-art", "de-xx-hvy-art")
    put(s, "1302", "de-8-army-hq")  # ZOI: full strength 2 + 2 = 4
    put(s, T, "ru-25-id")
    assert c.bombard_targets(s, CP) == [T]
    with scripted_dice(s, 6):  # column 4, 6 + 1 (Russians pack their trenches) = 7: 2H
        r = c.bombard(s, CP, T, c.bombard_units(s, CP, T))
    assert (r["column"], r["result"], r["hits"]) == ("4", "2H", {"ru-25-id": 2})
    assert s["units"]["ru-25-id"]["dis"] == 1
    assert c.bombard_units(s, CP, T) == []  # no unit bombards twice
    put(s, W, "de-1-id")
    # 12C: the bombarding units are halved in the combat segment: 11 + (1 + 1)/2
    assert c.assess(s, CP, T, ["de-1-id", "de-i-hvy-art", "de-xx-hvy-art"])["attack"] == 12


def test_l744_r38_the_defender_wastes_his_hit():
    s = fresh()
    put(s, W, "de-i-hvy-art", "de-xx-hvy-art")
    put(s, "1302", "de-8-army-hq")
    put(s, T, "ru-25-id", "ru-53-rd")
    with scripted_dice(s, 6):
        r = c.bombard(s, CP, T, ["de-i-hvy-art", "de-xx-hvy-art"])
    assert r["result"] == "2H" and sorted(r["hits"].values()) == [1, 1]  # one each: no effect on a division
    assert s["units"]["ru-25-id"]["dis"] == s["units"]["ru-53-rd"]["dis"] == 0
    s = fresh()
    put(s, W, "de-i-hvy-art", "de-xx-hvy-art")
    put(s, "1302", "de-8-army-hq")
    put(s, T, "ru-25-id", "ru-1-rifle-bde")
    with scripted_dice(s, 6):
        r = c.bombard(s, CP, T, ["de-i-hvy-art", "de-xx-hvy-art"])
    assert r["hits"] == {"ru-1-rifle-bde": 1, "ru-25-id": 1} and s["units"]["ru-1-rifle-bde"]["dis"] == 1


def test_12c_outside_an_army_hq_zoi_bombardment_is_halved_and_no_bombardment_after_attacks():
    s = fresh()
    put(s, W, "de-i-hvy-art", "de-xx-hvy-art")
    put(s, T, "ru-25-id")
    assert c.bombard_strength(s, CP, T, ["de-i-hvy-art", "de-xx-hvy-art"]) == 2
    s["attacked"] = ["0101"]
    assert c.bombard_targets(s, CP) == []
    s["attacked"] = []
    s["phase"] = "reaction-combat"
    assert c.bombard_targets(s, CP) == []


def test_hit_effects_l736_744():
    s = fresh()
    put(s, T, "ru-25-id", "ru-1-rifle-bde")
    put(s, T, "ru-53-rd", cadre=True)
    assert [c.hit_effect(s, "ru-25-id", n) for n in (1, 2, 3, 4)] == [0, 1, 1, 2]
    assert [c.hit_effect(s, "ru-1-rifle-bde", n) for n in (1, 2)] == [1, 2]
    assert c.hit_effect(s, "ru-53-rd", 1) == 2  # a cadre is a small non-divisional unit


def test_capture_of_a_fortress_makes_it_unimproved():
    s = fresh()
    c.capture(s, EN, "1209")  # Lötzen
    assert s["owner"]["1209"] == EN and s["unimproved"] == ["1209"]
    assert c.fortification(s, "1209") == "fortress-unimproved"


# ----- causeways (15A, L1033) ---------------------------------------------------------------------


def test_an_attack_crosses_the_loetzen_causeway_as_a_bridged_major_river():
    """L1033: a road or rail line across a lake hexside is a causeway, a major river hexside 'for
    all movement and combat purposes'. Lötzen (1209) reaches 1109 over the Südbahn's causeway;
    1208|1109 is the open lake line and stays closed to an attack."""
    s = fresh()
    put(s, "1109", "ru-25-id")
    put(s, "1209", "de-1-id")
    put(s, "1208", "de-2-id")
    assert c.eligible_attackers(s, CP, "1109") == ["de-1-id"]
    assert "1109" in c.targets(s, CP)
    across = c.assess(s, CP, "1109", ["de-1-id"])
    put(s, "1108", "de-1-id")  # the same division from the open side
    plain = c.assess(s, CP, "1109", ["de-1-id"])
    major = CH.attack_multiplier(UNITS["de-1-id"].tags, terrain="clear", hexsides=("major-river",))
    assert major < 1 and across["attack"] == plain["attack"] * major
    assert c._disrupts("1209", "1109") is False  # the road bridges it (15A1)


def test_the_cheap_overrun_bound_never_drops_an_overrun_the_full_search_finds(monkeypatch):
    """``_overrun_hopeful`` skips enemy hexes 10:1 cannot reach before any path is searched: in
    the units picked to move in random play, the overruns found with and without it are the same."""
    game = kriegsspiel.load("over-there")
    pick = random.Random(5)
    checked = found = 0
    for seed in (100, 101):
        s = game.new(seed=seed)
        while s["stack"] and checked < 600:
            for role in game.active(s):
                top = s["stack"][-1]
                if top.get("state") == "destination":
                    units = c._overrunners(top["units"])
                    fast = c._overrun_plans(s, role, units, top["mode"])
                    with monkeypatch.context() as m:
                        m.setattr(c, "_overrun_hopeful", lambda s, side, uids, near, st: list(near))
                        assert c._overrun_plans(s, role, units, top["mode"]) == fast
                    checked += 1
                    found += bool(fast)
                legal = game.actions(s, role)
                s = game.apply(s, role, legal[pick.randrange(len(legal))])
    assert checked >= 600 and found > 0


def test_ruling_r42_no_unit_of_1914_is_an_infantry_unit():
    """14H (L906, L911), ruling R42: the cavalry divisions rated 8 MPs (with the HQs, which do not
    fight) are not infantry units, and no unit of the scenario is; a stack of them attacks as
    cavalry, not infantry-capable."""
    eight = [uid for uid, u in UNITS.items() if u.movement == 8 and not u.hq]
    assert eight and all("cavalry" in UNITS[uid].tags for uid in eight)
    assert not any("infantry" in u.tags for u in UNITS.values())
    assert not c.infantry_capable(eight)
    assert not c.infantry_capable(list(UNITS))


def test_9j_a_contested_hex_belongs_to_neither_side_until_the_contest_ends():
    """9J (L541): "A contested hex is owned by neither side": 5B gives it to nobody while the
    contest lasts, the view shows it unowned; when the contest ends in favour of its owner of
    before, it is his again without a capture (its works are still his)."""
    s = fresh()
    _contest(s)
    w.update_ownership(s)
    assert s["owner"][T] is None
    game = kriegsspiel.load("over-there")
    assert game.view(s, EN)["board"]["owner"][T] is None and game.view(s, CP)["board"]["contested"] == [T]
    for v in s["units"].values():  # the Germans leave: the Russian cadre alone is next to it
        if v["hex"] == T:
            v.update(hex=None, at="eliminated")
    russian = next(u for u, v in s["units"].items() if v["at"] == "map" and UNITS[u].side == EN)
    s["units"][russian]["hex"] = T
    c.contests(s)
    assert s["contested"] == [] and s["owner"][T] == EN and T not in s.get("contest_owner", {})
    assert s["works"][T] == {"side": EN, "level": 2}


def test_9j_a_unit_retreating_into_a_contested_hex_rolls_for_disruption():
    """9J (L539): non-infantry units that enter a contested hex "by any means subsequent to this"
    roll on the Ground Success Table and are disrupted on a failure. A retreat after combat is such
    a means: the Russian cavalry retreating into contested 1501 never rolled."""
    s = fresh()
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-53-rd")
    put(s, "1501", "ru-27-id")  # a Russian unit holds contested 1501
    put(s, "1601", "de-35-id")
    put(s, "1602", "de-36-id")
    for h in ("1401", "1503"):
        s["owner"][h] = CP
    s.setdefault("contested", []).append("1501")
    s.setdefault("contest_owner", {})["1501"] = EN
    s["owner"]["1501"] = None
    assert "infantry" not in UNITS["ru-53-rd"].tags
    with scripted_dice(s, roll_for(s, ["de-1-id", "de-2-id"], "DR"), 1):  # the 9J roll: a failure
        c.resolve(s, CP, T, ["de-1-id", "de-2-id"])
    assert s["last"]["retreats"].get("ru-53-rd") == ["1501"]
    assert s["units"]["ru-53-rd"]["dis"] == 1


def test_an_attack_on_a_hex_without_defense_says_its_units_fall_without_a_die():
    """9G1 (L529), ruling C25: a hex of headquarters alone falls without a die. The prompt read
    "11:0 on the Mobile CRT, column auto" and the panel "every roll: AE (below 1:4)", the
    attacker's elimination, the opposite of what happens."""
    from ot_positions import G as game
    from ot_positions import advance, only

    from kriegsspiel.games.over_there import text

    s = only(game.new(seed=1), {"de-1-id": "1411", "ru-1-army-hq": "1412", "de-8-army-hq": "1309"})
    s = advance(
        s,
        lambda s: (
            s["phasing"] == "central-powers"
            and s["phase"] == "combat"
            and {"attack": "1412"} in game.actions(s, "central-powers")
        ),
    )
    s = game.apply(s, "central-powers", {"attack": "1412"})
    view = game.view(s, "central-powers")
    assert view["prompt"] == (
        "Attack 1412 (Wizna): 11 against a defense strength of 0: its units fall without a die, eliminated (9G1)."
    )
    panel = text.attack_text(view).plain
    assert "column none (9G1)" in panel and "no die: a defense strength of 0 falls" in panel, panel
    assert "AE" not in panel
    assert text.die_line("mobile", "auto", 0, defense=5.0) == "every roll: AE (below 1:4)"
    s = game.apply(s, "central-powers", {"resolve": True})
    for _ in range(6):  # the defender's questions (air support, leaders) answered plainly
        if s["units"]["ru-1-army-hq"]["at"] != "map":
            break
        for role in game.active(s):
            s = game.apply(s, role, game.actions(s, role)[0])
    assert s["units"]["ru-1-army-hq"]["at"] != "map"
    assert "First Army HQ (Neman Army) is eliminated (a defense strength of 0 attacked (9G1))." in [
        x["text"] for x in game.view(s, "central-powers")["log"]
    ]
