"""Over There: three rules of Rules 6 and 9, each on a small hand-built position.

- 6B4 (L231), accel fatigue: "At the end of the unit's accel movement, place one fatigue hit on
  the unit for every 2 MPs (or fraction thereof) over its printed movement rating that it moved."
  A unit may make its accel movement in several legs in one movement phase; the hits are for its
  accel movement as a whole: counted once over all the MPs it spent, and owed for every leg once
  any part of that movement began, ended or passed next to an enemy unit with a ZOC.
- 9F2 (L509), retreats: some units "may ignore enemy ZOCs when retreating if they retreat to a
  friendly-occupied/owned hex", among them every non-artillery unit with a printed attack
  strength of 8 or more (L511). The rulebook reads its slash as "both" (L205: an
  "enemy-occupied/ owned hex ... is a hex that is both owned by the enemy and is also occupied by
  an enemy unit"), so the hex must be friendly-owned and hold a friendly unit; a retreat into an
  empty friendly-owned hex in an enemy ZOC reduces the unit to its cadre (L509).
- 9B1 (L455): "No unit may attack or be attacked more than once per combat phase". A defender that
  advanced after combat (9F3) into the hex its attackers left may not be attacked there again in
  the same combat phase; a hex with an enemy unit not yet attacked is still a target.

The combat positions are those of test_ot_combat: the open Lithuanian plain round 1502, the
attackers in 1402, the defender in 1502, every unit in combat supply; the combat die is scripted."""

from __future__ import annotations

import pytest
from ot_positions import G, movement_of, only
from test_ot_combat import CP, EN, T, W, fresh, put, roll_for

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import combat
from kriegsspiel.games.over_there.world import NEIGHBOURS, UNITS

# ----- 6B4: accel fatigue over a phase's accel legs -------------------------------------------------


def _accel(s: dict, uid: str, to: str) -> dict:
    """``uid`` moves to ``to`` by accel movement through the public interface."""
    s = G.apply(s, CP, {"unit": uid})
    if {"way": "accel"} in G.actions(s, CP):
        s = G.apply(s, CP, {"way": "accel"})
    move = {"to": to, "by": "accel"}
    assert move in G.actions(s, CP), f"accel to {to} is not offered"
    return G.apply(s, CP, move)


def _near_the_brigade() -> dict:
    """The 11-12-5 de-1-id (printed movement 5) in 1102, a Russian rifle brigade (a ZOC in its own
    hex) in 1701, at the Central Powers' first movement phase."""
    s = only(movement_of(CP), {"de-1-id": "1102", "ru-1-rifle-bde": "1701"})
    s["units"]["de-1-id"]["fat"] = 0
    assert UNITS["de-1-id"].movement == 5
    return s


def test_6b4_accel_fatigue_is_counted_once_over_two_accel_legs_of_a_phase():
    """6B4 (L231): 6 MPs of accel (1102-1702, ending next to the brigade) and then 4 more
    (1702-1902) are 10 MPs moved, 5 over the printed 5: 3 fatigue hits in all, not the 1 of the
    first leg plus the 3 of the whole again on the second."""
    s = _accel(_near_the_brigade(), "de-1-id", "1702")
    v = s["units"]["de-1-id"]
    assert (v["spent"], v["fat"]) == (6, 1)  # 1 MP over: one hit (or fraction thereof)
    assert "1702" in NEIGHBOURS["1701"]
    s = _accel(s, "de-1-id", "1902")
    v = s["units"]["de-1-id"]
    assert v["spent"] == 10
    assert v["fat"] == 3


def test_6b4_a_single_accel_leg_still_gets_its_fatigue_hits():
    """6B4 (L231): the same 10 MPs in one accel leg (1102-1902, passing next to the brigade in
    1601, 1702 and 1801) give the same 3 hits as the two legs above; 6 MPs in one leg give 1."""
    s = _accel(_near_the_brigade(), "de-1-id", "1902")
    v = s["units"]["de-1-id"]
    assert (v["spent"], v["fat"]) == (10, 3)
    s = _accel(_near_the_brigade(), "de-1-id", "1702")
    assert (s["units"]["de-1-id"]["spent"], s["units"]["de-1-id"]["fat"]) == (6, 1)


def test_6b4_a_later_accel_leg_away_from_the_enemy_still_counts_toward_the_fatigue():
    """6B4 (L231): a unit that "starts ... its movement adjacent" to an enemy unit with a ZOC is
    fatigued at the end of its accel movement for all the MPs over its rating. de-1-id starts in
    0512 next to a Russian brigade in 0511 and moves 6 MPs by accel to 0808, away from it; a
    second accel leg of 4 MPs to 0508 comes nowhere near an enemy unit or an enemy-owned hex, yet
    the 10 MPs moved owe 3 hits, not the 1 of the first leg alone."""
    s = only(movement_of(CP), {"de-1-id": "0512", "ru-1-rifle-bde": "0511"})
    s["units"]["de-1-id"]["fat"] = 0
    near = {"0511", *NEIGHBOURS["0511"]}
    assert "0512" in near and "0808" not in near and "0508" not in near
    s = _accel(s, "de-1-id", "0808")
    v = s["units"]["de-1-id"]
    assert (v["spent"], v["fat"]) == (6, 1)
    s = _accel(s, "de-1-id", "0508")
    v = s["units"]["de-1-id"]
    assert v["spent"] == 10
    assert v["fat"] == 3


def test_6b4_accel_movement_away_from_the_enemy_brings_no_fatigue():
    """6B4 (L231): accel movement that never comes next to an enemy unit with a ZOC nor enters an
    enemy-owned hex gives no fatigue hits: 10 MPs from 0808 to 0106, over German-owned hexes far
    from the brigade in 0511, leave the division unfatigued."""
    s = only(movement_of(CP), {"de-1-id": "0808", "ru-1-rifle-bde": "0511"})
    s["units"]["de-1-id"]["fat"] = 0
    s = _accel(s, "de-1-id", "0106")
    v = s["units"]["de-1-id"]
    assert v["spent"] == 10 and v["fat"] == 0


# ----- 9F2: a strong unit ignores enemy ZOCs only into a friendly-occupied/owned hex ------------------


def _walled_in(s: dict) -> None:
    """ru-25-id (a 9-11-5 rifle division, attack 9 >= 8) in 1502 facing two German divisions in
    1402; 1601 and 1602 German-occupied; 1401 and 1503 German-owned: every exit but 1501 is shut
    or worse, and 1501, Russian-owned, lies in the Germans' ZOC."""
    put(s, W, "de-1-id", "de-2-id")
    put(s, T, "ru-25-id")
    put(s, "1601", "de-35-id")
    put(s, "1602", "de-36-id")
    for h in ("1401", "1503"):
        s["owner"][h] = CP
    s["owner"]["1501"] = EN
    assert UNITS["ru-25-id"].attack >= 8 and not UNITS["ru-25-id"].artillery


def _dr(s: dict) -> dict:
    atk = ["de-1-id", "de-2-id"]
    with scripted_dice(s, roll_for(s, atk, "DR")):
        return combat.resolve(s, CP, T, atk)


def test_9f2_a_strong_unit_retreating_into_an_empty_friendly_owned_hex_in_an_enemy_zoc_is_reduced():
    """9F2 (L509, L511; the slash read as both, L205): 1501 is Russian-owned but empty, so it is
    not a friendly-occupied/owned hex; the 9-11-5 that retreats into it through the German ZOC is
    reduced to its cadre."""
    s = fresh()
    _walled_in(s)
    assert not [u for u, v in s["units"].items() if v["at"] == "map" and v["hex"] == "1501"]
    r = _dr(s)
    v = s["units"]["ru-25-id"]
    assert r["retreats"]["ru-25-id"] == ["1501"]
    assert v["at"] == "map" and v["hex"] == "1501"
    assert v["cadre"]


def test_9f2_a_strong_unit_retreating_into_a_friendly_occupied_and_owned_hex_keeps_its_strength():
    """9F2 (L509, L511): with a Russian division in 1501, Russian-owned, the hex is
    friendly-occupied/owned, and the 9-11-5 retreats into it through the German ZOC unharmed."""
    s = fresh()
    _walled_in(s)
    put(s, "1501", "ru-27-id")
    s["owner"]["1501"] = EN
    r = _dr(s)
    v = s["units"]["ru-25-id"]
    assert r["retreats"]["ru-25-id"] == ["1501"]
    assert v["at"] == "map" and v["hex"] == "1501"
    assert not v["cadre"]


# ----- 9B1: no unit is attacked twice in a combat phase ----------------------------------------------


def _defender_advanced() -> dict:
    """de-1-rd in 1402 attacks ru-25-id in 1502 and gets AR: the lone defender advances after
    combat into 1402 (9F1, 9F3). de-1-id in 1302, next to 1402, has not attacked."""
    s = fresh()
    put(s, W, "de-1-rd")
    put(s, T, "ru-25-id")
    put(s, "1302", "de-1-id")
    with scripted_dice(s, roll_for(s, ["de-1-rd"], "AR")):
        r = combat.resolve(s, CP, T, ["de-1-rd"])
    assert r["result"] == "AR" and s["units"]["ru-25-id"]["hex"] == W
    assert W in NEIGHBOURS["1302"] and not s["units"]["de-1-id"]["attacked"]
    return s


def test_9b1_a_defender_that_advanced_after_combat_is_not_attacked_again_in_its_new_hex():
    """9B1 (L455): ru-25-id was attacked once this combat phase, in 1502; in 1402, where it
    advanced, it is no target: targets leaves 1402 out, attack_problems names 9B1, and resolve
    refuses the attack."""
    s = _defender_advanced()
    assert W not in combat.targets(s, CP)
    problems = combat.attack_problems(s, CP, W, ["de-1-id"])
    assert any("9B1" in p for p in problems)
    before = s["units"]["ru-25-id"].copy()
    with pytest.raises(ValueError, match="9B1"):
        combat.resolve(s, CP, W, ["de-1-id"])
    assert s["units"]["ru-25-id"] == before


def test_9b1_a_hex_with_an_enemy_unit_not_yet_attacked_is_still_a_target():
    """9B1 (L455): the bar is on the units attacked, not on the side: a Russian brigade not yet
    attacked, in 1301 next to de-1-id, is a target; and so is 1402 once that brigade is there
    beside ru-25-id."""
    s = _defender_advanced()
    put(s, "1301", "ru-1-rifle-bde")
    assert "1301" in combat.targets(s, CP)
    assert combat.attack_problems(s, CP, "1301", ["de-1-id"]) == []
    s = _defender_advanced()
    put(s, W, "ru-1-rifle-bde")
    assert W in combat.targets(s, CP)
    assert not any("9B1" in p or "R10" in p for p in combat.attack_problems(s, CP, W, ["de-1-id"]))
