"""7A3 strategic rail movement (L285) through the public interface: offered where operational rail
cannot reach (ruling R39), and binding the unit for the rest of its player turn."""

from __future__ import annotations

from ot_positions import movement_of

import kriegsspiel
from kriegsspiel.games.over_there import combat, movement
from kriegsspiel.games.over_there.world import UNITS

G = kriegsspiel.load("over-there")
SIDE = "central-powers"


def at_movement(seed: int = 1) -> dict:
    """The game at the Central Powers' first movement phase."""
    return movement_of(SIDE, seed)


def slowed(s: dict, uid: str) -> None:
    """Disrupted (3A5) and in its second turn out of supply (11F): its MPs cut to a quarter."""
    s["units"][uid].update({"dis": 1, "out": 2})


def test_strategic_rail_reaches_what_operational_rail_cannot_and_spends_every_mp():
    s = at_movement()
    uid = "de-2-id"
    assert s["units"][uid]["at"] == "map" and movement.rail(s, uid), "the division starts on the rail net"
    slowed(s, uid)
    operational = movement.rail(s, uid)
    far = sorted(set(movement.strategic(s, uid)) - set(operational))
    assert far, "a slowed unit's operational rail falls short of the far end of the net"
    s = G.apply(s, SIDE, {"unit": uid})
    legal = G.actions(s, SIDE)
    assert {"to": far[0], "by": "strat"} in legal
    # ruling R39: not offered where operational rail goes
    assert not any(a.get("by") == "strat" and a["to"] in operational for a in legal)
    s = G.apply(s, SIDE, {"to": far[0], "by": "strat"})
    v = s["units"][uid]
    assert v["hex"] == far[0] and v["strat"] and v["nozoc"]
    assert v["spent"] == movement.allowance(s, uid, "movement")
    assert s["rail_used"][SIDE] == movement.capacity_use(s, uid)
    assert {"unit": uid} not in G.actions(s, SIDE)  # 7A3: it may not otherwise move
    assert not movement.may_move(s, uid, "exploitation")


def test_a_unit_that_moved_by_strategic_rail_does_not_attack_this_player_turn():
    s = at_movement()
    uid = "de-2-id"
    s["units"][uid]["strat"] = True
    enemy = next(
        u for u, v in s["units"].items() if v["at"] == "map" and UNITS[u].side == "entente" and not UNITS[u].hq
    )
    here = s["units"][uid]["hex"]
    s["units"][enemy]["hex"] = movement.step_costs("other")[here][0][0]  # next to it
    assert uid not in combat.eligible_attackers(s, SIDE, s["units"][enemy]["hex"])
    s["units"][uid].pop("strat")
    assert uid in combat.eligible_attackers(s, SIDE, s["units"][enemy]["hex"])


def test_strategic_rail_is_only_for_a_unit_that_has_not_moved():
    s = at_movement()
    uid = "de-2-id"
    slowed(s, uid)
    assert movement.strategic(s, uid)
    s["units"][uid]["spent"] = 1
    assert movement.strategic(s, uid) == {}
