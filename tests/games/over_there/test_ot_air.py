"""Basic air (Rule B17, L1263-1278): air points, superiority, recon, ground and defensive support,
AA fire."""

from __future__ import annotations

from fractions import Fraction

from ot_positions import advance, only

import kriegsspiel
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import air, combat, sequence

G = kriegsspiel.load("over-there")


def test_each_side_has_the_scenarios_air_points_every_player_turn():
    """B17A: the air OB's points (air.json: Central Powers 2, Entente 1), each flying one mission
    a player turn."""
    s = G.new(seed=1)
    assert {side: s["air"][side]["left"] for side in ("entente", "central-powers")} == {
        "entente": 1,
        "central-powers": 2,
    }
    s["air"]["central-powers"]["left"] = 0
    air.new_player_turn(s)
    assert s["air"]["central-powers"]["left"] == 2


def test_superiority_points_beyond_the_enemys_are_abort_attempts():
    """B17B1 (L1270): 6 against 4 gives 2 attempts; the points are spent for the player turn."""
    s = G.new(seed=1)
    s["air"] = {"entente": {"left": 6, "sup": 0, "aborts": 0}, "central-powers": {"left": 4, "sup": 0, "aborts": 0}}
    air.assign_superiority(s, {"entente": 6, "central-powers": 4})
    assert s["air"]["entente"]["aborts"] == 2 and s["air"]["central-powers"]["aborts"] == 0
    assert s["air"]["entente"]["left"] == 0 and s["air"]["central-powers"]["left"] == 0


def test_an_abort_attempt_is_a_ground_success_roll():
    s = G.new(seed=1)
    s["air"]["entente"]["aborts"] = 1
    with scripted_dice(s, 5):  # S: the point aborts
        out = air.fly(s, "central-powers", "0512", 0, 1, 0)
    assert out["gs"] == 0 and s["air"]["entente"]["aborts"] == 0
    s["air"]["entente"]["aborts"] = 1
    s["air"]["central-powers"]["left"] = 2
    with scripted_dice(s, 4):  # F: it flies
        out = air.fly(s, "central-powers", "0512", 0, 1, 0)
    assert out["gs"] == 1


def test_aa_fire_from_an_army_hq_and_an_improved_fortress():
    """B17C and the Intrinsic AA Summary: 1 for an Army HQs, 1 for an improved fortress."""
    s = only(G.new(seed=1), {"ru-1-army-hq": "1506", "ru-25-id": "1506"})
    assert air.aa(s, "entente", "1506") == 1
    assert air.aa(s, "central-powers", "0806") == 1  # Königsberg's great fortress
    s["air"]["central-powers"]["left"] = 2
    with scripted_dice(s, 6, 3):  # the first point is shot down, the second flies
        out = air.fly(s, "central-powers", "1506", 0, 2, 0)
    assert out["gs"] == 1


def test_9f2_an_army_hq_that_retreated_into_the_hex_this_phase_fires_no_aa_and_a_disrupted_one_half():
    """9F2 L509: units that retreated into a hex attacked later in the phase are ignored for AA
    (B17C); 3A5 L94: a disrupted unit's AA strength is halved. The HQ's 1 AA shot down both
    ground-support points rolling 6s."""
    s = advance(
        G.new(seed=2),
        lambda s: (
            s["phase"] == "combat"
            and s["stack"][-1].get("state") == "combat"
            and s["stack"][-1].get("role") == "central-powers"
        ),
        steps=200,
    )
    s = only(s, {"ru-1-army-hq": "1306", "ru-6-id": "1306", "de-1-id": "1307", "de-8-army-hq": "1307"})
    combat._fight(s)["retreated"].append("ru-1-army-hq")
    assert air.aa(s, "entente", "1306") == 0
    s["air"]["central-powers"]["left"] = 2
    s["air"]["entente"]["aborts"] = 0
    assert air.fly(s, "central-powers", "1306", 0, 2, 0)["gs"] == 2  # no AA die is rolled
    s["fight"] = None  # a new phase: it counts again, halved while disrupted
    s["units"]["ru-1-army-hq"]["dis"] = 1
    assert air.aa(s, "entente", "1306") == Fraction(1, 2)
    s["units"]["ru-1-army-hq"]["dis"] = 0
    assert air.aa(s, "entente", "1306") == 1


def test_recon_succeeds_on_a_six_in_1914_and_adds_one_to_the_combat():
    """B17B2 and L1426: 1 in 6 in 1912-14; never more than +1."""
    s = G.new(seed=1)
    with scripted_dice(s, 6, 6):
        out = air.fly(s, "central-powers", "0512", 2, 0, 0)
    assert out["recon"] == 1
    s["air"]["central-powers"]["left"] = 2
    with scripted_dice(s, 5):
        out = air.fly(s, "central-powers", "0512", 1, 0, 0)
    assert out["recon"] == 0


def test_ground_and_defensive_support_add_half_a_point_each():
    """B17B4, B17B5 (ruling R19): ½ to the defense and attack strengths of the hex."""
    s = only(G.new(seed=1), {"de-1-id": "0512", "de-2-id": "0512", "ru-6-id": "0513"})
    plain = combat.assess(s, "central-powers", "0513", ["de-1-id", "de-2-id"])
    s["air_support"] = {"hex": "0513", "gs": 1, "das": 2, "recon": 1}
    helped = combat.assess(s, "central-powers", "0513", ["de-1-id", "de-2-id"])
    assert helped["attack"] == plain["attack"] + 0.5
    assert helped["defense"] == plain["defense"] + 1
    assert helped["drm"] == plain["drm"] + 1
    s["air_support"] = {"hex": "9999", "gs": 1, "das": 2, "recon": 1}  # another hex: nothing
    assert combat.assess(s, "central-powers", "0513", ["de-1-id", "de-2-id"])["attack"] == plain["attack"]


def test_ground_support_is_limited_by_the_attacking_res():
    """B17B5: one point per 6 non-artillery REs attacking in 1914."""
    s = G.new(seed=1)
    assert air.gs_limit(s, ["de-1-id"]) == 0  # 5 REs
    assert air.gs_limit(s, ["de-1-id", "de-2-id"]) == 1
    assert air.gs_limit(s, ["de-1-id", "de-2-id", "de-i-hvy-art"]) == 1


def test_the_defenders_view_never_shows_the_attackers_air_plan():
    s = G.new(seed=1)
    s["attack"] = {"side": "central-powers", "hex": "1506", "units": ["de-1-id"], "air": {"recon": 1, "gs": 0}}
    s["stack"].append({"state": "das", "role": "entente", "hex": "1506"})
    seen = G.view(s, "entente")["board"]["attack"]
    assert seen is not None and "air" not in seen
    own = G.view(s, "central-powers")["board"]["attack"]
    assert own["air"] == {"recon": 1, "gs": 0}


def test_a_side_with_no_air_points_left_is_not_asked_for_superiority_ruling_o1():
    """B17B1: both players assign superiority at once; a side with no points left could only
    answer 0, and its points are no secret (every point flown is logged): it is not asked."""
    s = G.new(seed=2)
    s = advance(s, lambda t: t["stack"][-1].get("state") == "combat" and t["stack"][-1].get("role") == "entente")
    assert air.superiority_roles(s) == [side for side in ("entente", "central-powers") if air.points(side) > 0]
    s["air"]["central-powers"]["left"] = 0
    assert air.superiority_roles(s) == ["entente"]
    sequence.open_combat(s, "combat", "entente")
    top = s["stack"][-1]
    assert top["state"] == "superiority" and top["roles"] == ["entente"]
    assert G.actions(s, "central-powers") == []
