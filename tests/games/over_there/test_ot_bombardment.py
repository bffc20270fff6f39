"""Bombardment through the public interface: B17B3 aerial bombardment (L1274) with 12C3a's half
strength (L746), offered to the attacking player in the combat phase's bombardment segment against
any hex holding enemy units and resolved as a bombardment of its own (ruling R40); and 12C's
counter-bombardment by the non-phasing player's artillery in the hexes bombarded (L721)."""

from __future__ import annotations

import pytest
from ot_positions import advance

import kriegsspiel
from kriegsspiel.engine import IllegalAction
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import air, combat
from kriegsspiel.games.over_there.world import LAND_SET, NEIGHBOURS, UNITS, on_map

G = kriegsspiel.load("over-there")
E, CP = "entente", "central-powers"


def entente_combat(seed: int = 2) -> dict:
    """The game at the Entente's first combat phase, after air superiority (none flown)."""
    return advance(
        G.new(seed=seed), lambda s: s["stack"][-1].get("state") == "combat" and s["stack"][-1].get("role") == E
    )


def no_aa(s: dict) -> str:
    """A German-held hex without AA (B17C: no Army HQs, no improved fortress)."""
    return min(v["hex"] for _, v in on_map(s, CP) if air.aa(s, CP, v["hex"]) == 0)


def test_air_points_may_bombard_any_hex_with_enemy_units_before_the_first_attack():
    s = entente_combat()
    legal = G.actions(s, E)
    german_hexes = {v["hex"] for _, v in on_map(s, CP)}
    bombs = [a for a in legal if "air_bombard" in a]
    assert {a["air_bombard"] for a in bombs} == german_hexes
    s = G.apply(s, E, bombs[0])
    assert G.actions(s, E) == [{"points": n} for n in range(1, s["air"][E]["left"] + 1)] + [{"cancel": True}]
    s = G.apply(s, E, {"cancel": True})  # nothing flew
    assert s["air"][E]["left"] >= 1 and {"air_bombard": bombs[0]["air_bombard"]} in G.actions(s, E)
    # the defender has no such mission (B17B3: only the attacking player)
    assert G.actions(s, CP) == []
    assert combat.air_bombard_targets(s, CP) == []


def test_four_air_points_bombard_at_a_strength_of_two():
    # L746: "4 air points assigned to a bombardment mission would have a bombardment strength of 2"
    s = entente_combat()
    s["air"][E]["left"] = 4
    target = no_aa(s)
    assert s["air"][CP]["aborts"] == 0
    s = G.apply(s, E, {"air_bombard": target})
    with scripted_dice(s, 1):
        s = G.apply(s, E, {"points": 4})
    last = s["last"]
    assert last["crt"] == "bombardment" and last["attack"] == 2.0 and last["column"] == "2"
    assert s["air"][E]["left"] == 0
    assert not any("air_bombard" in a for a in G.actions(s, E))  # no points left


def test_an_aborted_air_point_does_not_bombard():
    s = entente_combat()
    s["air"][E]["left"] = 2
    s["air"][CP]["aborts"] = 1
    target = no_aa(s)
    s = G.apply(s, E, {"air_bombard": target})
    with scripted_dice(s, 5, 1):  # the abort attempt succeeds (S), then the bombardment die
        s = G.apply(s, E, {"points": 2})
    assert s["last"]["attack"] == 0.5  # one point through: half a point of strength


def test_no_air_bombardment_after_an_attack_nor_with_points_one_does_not_have():
    s = entente_combat()
    target = min(v["hex"] for _, v in on_map(s, CP))
    left = s["air"][E]["left"]
    with pytest.raises(IllegalAction):
        G.apply(s, E, {"air_bombard": "0101"})  # no enemy there
    s = G.apply(s, E, {"air_bombard": target})
    with pytest.raises(IllegalAction):
        G.apply(s, E, {"points": left + 1})
    s = G.apply(s, E, {"cancel": True})
    s["attacked"] = [target]  # the first attack has been made: the bombardment segment is over
    assert combat.air_bombard_targets(s, E) == []


def test_the_enemy_counter_bombards_from_a_bombarded_hex_before_the_first_attack():
    # 12C (L721): non-phasing artillery may bombard only if its hex was bombarded this phase, after
    # the phasing player's bombardments
    s = entente_combat()
    guns = next(u for u, v in on_map(s, CP) if UNITS[u].artillery and air.aa(s, CP, v["hex"]) == 0)
    here = s["units"][guns]["hex"]
    there = next(b for b in NEIGHBOURS[here] if b in LAND_SET and combat.adjacent(here, b))
    s["units"]["ru-27-id"].update({"hex": there, "at": "map"})
    assert combat.bombard_targets(s, CP) == []  # not before its hex is bombarded
    s = G.apply(s, E, {"air_bombard": here})
    with scripted_dice(s, 1):
        s = G.apply(s, E, {"points": 1})
    assert there in combat.bombard_targets(s, CP)
    s = G.apply(s, E, {"attack": here})
    assert s["stack"][-1]["state"] == "counter" and G.active(s) == [CP]
    assert G.view(s, CP)["board"].get("attack") is None  # the attack he is about to face stays hidden
    assert {"bombard": there} in G.actions(s, CP)
    with scripted_dice(s, 1):
        s = G.apply(s, CP, {"bombard": there})
    assert s["last"]["side"] == CP and s["last"]["crt"] == "bombardment"
    # the counter-bombardment is over: the Entente's attack goes on, and he bombards no more
    assert s["stack"][-1]["state"] == "attackers" and G.active(s) == [E]
    assert combat.air_bombard_targets(s, E) == [] and combat.bombard_targets(s, E) == []


def test_no_counter_bombardment_where_nothing_was_bombarded():
    s = entente_combat()
    s = G.apply(s, E, {"end": "combat"})
    assert not s["stack"] or s["stack"][-1].get("state") != "counter"


def test_the_enemy_is_asked_to_counter_bombard_even_with_no_artillery_in_the_bombarded_hex():
    """Ruling O1: a question asked only when his guns stand in the hex would tell the phasing
    player so; he is asked whenever he has artillery on the map, and may only end."""
    s = entente_combat()
    assert any(UNITS[u].artillery for u, _ in on_map(s, CP))
    gunless = next(
        v["hex"]
        for _, v in on_map(s, CP)
        if air.aa(s, CP, v["hex"]) == 0
        and not any(UNITS[u].artillery for u, w in on_map(s, CP) if w["hex"] == v["hex"])
    )
    s = G.apply(s, E, {"air_bombard": gunless})
    with scripted_dice(s, 1):
        s = G.apply(s, E, {"points": 1})
    assert combat.bombard_targets(s, CP) == []  # nothing of his may counter-bombard
    s = G.apply(s, E, {"end": "combat"})
    assert s["stack"][-1]["state"] == "counter" and G.active(s) == [CP]
    assert G.actions(s, CP) == [{"end": "counter-bombardment"}]
    s = G.apply(s, CP, {"end": "counter-bombardment"})
    assert not s["stack"] or s["stack"][-1].get("state") != "counter"


def beside(s: dict, target: str) -> str:
    """A Russian division put next to ``target``, to attack it."""
    uid = next(u for u, v in on_map(s, E) if UNITS[u].divisional and not UNITS[u].hq)
    taken = {v["hex"] for _, v in on_map(s, CP)}
    s["units"][uid]["hex"] = next(b for b in NEIGHBOURS[target] if b in LAND_SET and b not in taken)
    return uid


def test_b17b2_recon_ahead_of_a_bombardment_adds_one_to_it_and_to_the_combat_in_the_hex():
    """L1272: the attacker assigns tactical recon before any aerial bombardment; a success gives
    the bombardment of the hex +1 and "automatically modifies the combat resolution die roll for
    any combat in the hex during the same phase by +1 as well" (ruling C32). Compared with the
    same bombardment, on the same die, without the recon."""
    s = entente_combat()
    s["air"][E]["left"] = 3
    target = no_aa(s)
    attacker = beside(s, target)
    assert {"air_recon": target} in G.actions(s, E)
    without = G.clone(s)
    s = G.apply(s, E, {"air_recon": target})
    assert G.actions(s, E) == [{"points": n} for n in range(1, 4)] + [{"cancel": True}]
    with scripted_dice(s, 6):  # B17B2: a six succeeds in 1914
        s = G.apply(s, E, {"points": 1})
    assert s["air"][E]["left"] == 2 and any("Tactical recon over" in e[1] and "+1" in e[1] for e in s["log"])
    assert {"air_recon": target} not in G.actions(s, E)  # one mission a hex
    for state in (s, without):
        state = G.apply(state, E, {"air_bombard": target})
        with scripted_dice(state, 1):
            G.apply(state, E, {"points": 2})
    assert s["last"]["drm"] == without["last"]["drm"] + 1
    assert not any("air_recon" in a for a in G.actions(s, E))  # none after an aerial bombardment
    here = combat.assess(s, E, target, [attacker])
    there = combat.assess(without, E, target, [attacker])
    assert here["drm"] == there["drm"] + 1
    assert "tactical recon of the bombardment: +1 (B17B2)" in here["notes"]


def test_b17b2_a_failed_recon_or_a_hex_not_bombarded_changes_nothing():
    s = entente_combat()
    s["air"][E]["left"] = 2
    target = no_aa(s)
    attacker = beside(s, target)
    before = combat.assess(s, E, target, [attacker])["drm"]
    s = G.apply(s, E, {"air_recon": target})
    with scripted_dice(s, 6):
        s = G.apply(s, E, {"points": 1})
    assert combat.assess(s, E, target, [attacker])["drm"] == before  # not bombarded (yet)
    other = entente_combat()
    other["air"][E]["left"] = 2
    other = G.apply(other, E, {"air_recon": target})
    with scripted_dice(other, 1):  # fails
        other = G.apply(other, E, {"points": 1})
    assert combat._recon_drm(other, target) == 0


def test_12c_the_guns_bombard_alone_or_together_and_those_kept_back_are_not_halved():
    """12C L734: "bombarding units may bombard individually, or some (up to all) may combine";
    L721: those that bombard are halved in the combat that follows. A battalion beside two Russian
    hexes may fire at the second while the other fires at the first; before, every gun in reach
    fired at the first hex and none was left for the second."""
    from ot_positions import only

    s = advance(
        G.new(seed=2),
        lambda s: (
            s["phase"] == "combat" and s["stack"][-1].get("state") == "combat" and s["stack"][-1].get("role") == CP
        ),
        steps=200,
    )
    p = "1307"
    near = [h for h in NEIGHBOURS[p] if h in LAND_SET and combat.adjacent(p, h)]
    a, b = near[0], near[2]
    q = next(h for h in NEIGHBOURS[a] if h in LAND_SET and h not in (p, b) and combat.adjacent(a, h)
             and not combat.adjacent(b, h))  # fmt: skip
    s = only(s, {"de-8-army-hq": p, "de-i-hvy-art": p, "de-xvii-hvy-art": q, "de-1-id": p, "ru-25-id": a, "ru-6-id": b})
    s["fight"] = None
    offered = [x for x in G.actions(s, CP) if "bombard" in x]
    assert {"bombard": a} in offered  # every gun in reach
    assert {"bombard": a, "units": ["de-xvii-hvy-art"]} in offered
    assert {"bombard": a, "units": ["de-i-hvy-art"]} in offered
    assert "only" in G.label({"bombard": a, "units": ["de-xvii-hvy-art"]}, s)
    with pytest.raises(IllegalAction):  # a gun out of reach of the hex
        G.apply(G.clone(s), CP, {"bombard": b, "units": ["de-xvii-hvy-art"]})
    with scripted_dice(s, 1):
        s = G.apply(s, CP, {"bombard": a, "units": ["de-xvii-hvy-art"]})
    assert s["fight"]["bombarded"] == ["de-xvii-hvy-art"]
    assert {"bombard": b} in G.actions(s, CP)  # de-i is still free to fire, at the other hex
    with scripted_dice(s, 1):
        s = G.apply(s, CP, {"bombard": b})
    assert sorted(s["fight"]["bombarded"]) == ["de-i-hvy-art", "de-xvii-hvy-art"]
