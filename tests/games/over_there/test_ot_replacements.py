"""16B4 special replacements: the worked example of L1223, and the losses of a game turned into
points in the next initial phase (16B4a) or when a combat ends for isolated units (16B4b)."""

from __future__ import annotations

import kriegsspiel
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import combat, sequence, supply
from kriegsspiel.games.over_there.world import NEIGHBOURS

G = kriegsspiel.load("over-there")


def test_the_worked_example_of_l1223():
    # L1223: 8 Equ Pts, 14 French Metropolitan and 5 British Imperial Man Pts lost give 2 Equ Pts,
    # 4.5 French and 1 British Man Pts (Equ by 4, French by 3, British as "all other" by 4,
    # rounded down to the nearest half point)
    man, equ = combat.special_replacements({"French": 14, "British": 5}, 8)
    assert man == {"French": 4.5, "British": 1.0}
    assert equ == 2.0
    # the divisors of L1223 for this scenario's contingents: German by 3, Russian by 5
    assert combat.special_replacements({"Prussian": 7, "Saxon": 1.5, "Russian": 7}, 3) == (
        {"Prussian": 2.0, "Saxon": 0.5, "Russian": 1.0},
        0.5,
    )


def test_divisions_reduced_in_combat_give_man_pts_in_the_next_initial_phase():
    s = G.new(seed=3)
    divisions = ["de-1-id", "de-2-id", "de-1-rd"]
    for uid in divisions:
        assert s["units"][uid]["at"] == "map" and s["units"][uid]["supply"] == "general"
        assert combat._step(s, uid, "DH", "9E") == "cadre"
    before = s["pool"]["central-powers"]["man"]
    sequence.pay_special_replacements(s)
    # ruling O20: a step lost is one Prussian Man Pt; three of them by 3 give one Man Pt
    assert s["pool"]["central-powers"]["man"] == before + 1
    assert "central-powers" not in s["losses"]
    sequence.pay_special_replacements(s)  # counted once
    assert s["pool"]["central-powers"]["man"] == before + 1


def test_attrition_is_no_combat_and_gives_no_special_replacements():
    s = G.new(seed=3)
    uid = "de-1-id"
    s["units"][uid].update({"hex": "1309", "supply": "isolated", "out": 2})  # 11F: its second turn
    with scripted_dice(s, 1):
        assert supply.attrition(s, "central-powers") == [uid]
    assert s["units"][uid]["at"] == "eliminated"
    assert s["losses"] == {}


def test_equ_pts_of_units_lost_while_isolated_in_enemy_land_are_captured():
    s = G.new(seed=3)
    guns = ["de-i-hvy-art", "de-xvii-hvy-art"]
    deep = "1612"  # in Russia: the hex and every hex around it are Russian
    assert s["owner"][deep] == "entente" and all(s["owner"].get(b) != "central-powers" for b in NEIGHBOURS[deep])
    for uid in guns:
        s["units"][uid].update({"hex": deep, "at": "map", "supply": "isolated"})
        combat.eliminate(s, uid, "DE", "9C")
    ours, theirs = dict(s["pool"]["central-powers"]), dict(s["pool"]["entente"])
    sequence.settle(s)
    # 16B4b: two steps of artillery by 4 is half an Equ Pt, and the Russians take it
    assert s["pool"]["entente"]["equ"] == theirs["equ"] + 0.5
    assert s["pool"]["central-powers"] == ours
    assert s["losses"] == {}


def test_units_lost_while_isolated_next_to_their_own_land_give_their_points_at_once():
    s = G.new(seed=3)
    home = s["units"]["de-1-id"]["hex"]
    assert s["owner"][home] == "central-powers"
    for uid in ("de-i-hvy-art", "de-xvii-hvy-art", "de-xx-hvy-art", "de-xi-hvy-art"):
        s["units"][uid].update({"hex": home, "at": "map", "supply": "isolated"})
        combat.eliminate(s, uid, "DE", "9C")
    before = s["pool"]["central-powers"]["equ"]
    sequence.settle(s)
    assert s["pool"]["central-powers"]["equ"] == before + 1
