"""7A3 strategic rail movement (L285) through the public interface: offered where operational rail
cannot reach (ruling R39), and binding the unit for the rest of its player turn."""

from __future__ import annotations

from ot_positions import movement_of, only

import kriegsspiel
from kriegsspiel.games.over_there import combat, movement
from kriegsspiel.games.over_there.world import UNITS, zoc_hexes

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
    assert {"way": "rail"} in G.actions(s, SIDE)  # regular movement is listed first
    s = G.apply(s, SIDE, {"way": "rail"})
    legal = G.actions(s, SIDE)
    assert {"to": far[0], "by": "strat"} in legal
    # ruling R39: not offered where operational rail goes
    assert not any(a.get("by") == "strat" and a["to"] in operational for a in legal)
    s = G.apply(s, SIDE, {"to": far[0], "by": "strat"})
    v = s["units"][uid]
    assert v["hex"] == far[0] and v["strat"] and not v["nozoc"]  # 7A L279: the ZOC back at the end of the move
    assert v["spent"] == movement.allowance(s, uid, "movement")
    assert s["rail_used"][SIDE] == movement.capacity_use(s, uid)
    assert {"unit": uid} not in G.actions(s, SIDE)  # 7A3: it may not otherwise move
    assert uid not in movement.movers(s, SIDE, "exploitation")


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


# 7A (L275): a rail line from 0113 through 0213, a hex in the ZOC of the Russians in Aleksandrów
# (0314), to 0114, which no other line reaches from 0113; Thorn (0313), the marshaling yard the
# line leads back to (L276), stays German
HOLD = {"de-1-id": "0113", "ru-27-id": "0314"}


def test_a_friendly_unit_that_holds_a_hex_all_phase_negates_the_enemy_zoc_for_rail_movement():
    """7A (L275): a friendly unit with a defense strength that starts the movement phase in the
    hex and does not leave it negates the enemy ZOC there for rail movement; a rail move that
    relies on it pins it in the hex for the rest of the phase."""
    side = "central-powers"
    alone = only(movement_of(side), HOLD)
    assert "0213" in zoc_hexes(alone, "entente")
    assert not {"0213", "0114"} & set(movement.rail(alone, "de-1-id"))
    held = only(movement_of(side), HOLD | {"de-2-id": "0213"})
    assert {"0213", "0114"} <= set(movement.rail(held, "de-1-id"))
    s = G.apply(held, side, {"unit": "de-1-id"})
    s = G.apply(s, side, {"way": "rail"})
    s = G.apply(s, side, {"to": "0114", "by": "rail"})
    assert s["units"]["de-1-id"]["hex"] == "0114"
    assert s["units"]["de-2-id"].get("holds")
    assert {"unit": "de-2-id"} not in G.actions(s, side)  # it may not leave the hex this phase
    assert any("holds" in e[1] and e[0] == "7A" for e in s["log"])
    assert not any("holds" in e[1] for e in G.view(s, "entente")["log"] if isinstance(e, list))


def test_a_unit_that_moved_into_the_hex_or_has_no_defense_does_not_hold_it_for_rail():
    """7A (L275): the unit must start in the hex (a division that marched in this phase does
    not count) and have a defense strength above zero (an Army HQ does not count)."""
    side = "central-powers"
    s = only(movement_of(side), HOLD | {"de-2-id": "0212"})
    s = G.apply(s, side, {"unit": "de-2-id"})
    s = G.apply(s, side, {"to": "0213"})
    assert s["units"]["de-2-id"]["hex"] == "0213"
    assert "0213" not in movement.rail(s, "de-1-id")
    hq = only(movement_of(side), HOLD | {"de-8-army-hq": "0213"})
    assert "0213" not in movement.rail(hq, "de-1-id")


def test_the_units_moving_by_rail_do_not_hold_their_own_start_hex():
    """7A (L275): a division alone in a hex in the enemy's ZOC may not leave it by rail: it is
    the one leaving."""
    side = "central-powers"
    s = only(movement_of(side), {"de-2-id": "0213", "ru-27-id": "0314"})
    assert movement.rail(s, "de-2-id") == {}
    s = only(movement_of(side), {"de-2-id": "0213", "de-1-rd": "0213", "ru-27-id": "0314"})
    assert movement.rail(s, "de-2-id")  # the reserve division stays and holds it


# 7A4 (L287): from Allenstein (0810) the line to Osterode (0710) is high-volume, the one to
# Neidenburg (0811) low-volume; Osterode to 0610 is high-volume again, 0511 to 0611 low-volume
ALLENSTEIN = "0810"


def test_7a4_a_unit_that_uses_a_low_volume_line_counts_double_and_artillery_twice_doubled():
    """L287: a unit counts its RE size against the net's capacity, double if it uses a
    low-volume line at any time; artillery double, and double again on a low-volume line."""
    s = only(movement_of(SIDE), {"de-1-id": ALLENSTEIN, "de-i-hvy-art": ALLENSTEIN})
    ways = movement.rail(s, "de-1-id")
    assert ways["0710"][2] == 5 and ways["0811"][2] == 10
    art = movement.rail(s, "de-i-hvy-art")
    assert art["0710"][2] == 1 and art["0811"][2] == 2  # 0.5 RE: doubled, then doubled again
    s = G.apply(s, SIDE, {"unit": "de-1-id"})
    s = G.apply(s, SIDE, {"way": "rail"})
    s = G.apply(s, SIDE, {"to": "0811", "by": "rail"})
    assert s["rail_used"][SIDE] == 10


def test_7a4_a_unit_counts_once_a_turn_however_many_rail_moves_it_makes():
    """L287's example: a unit moves by rail, again by rail, and counts once on the net; a later
    move along a low-volume line adds what the doubling asks."""
    s = only(movement_of(SIDE), {"de-1-id": ALLENSTEIN})
    s = G.apply(s, SIDE, {"unit": "de-1-id"})
    s = G.apply(s, SIDE, {"way": "rail"})
    s = G.apply(s, SIDE, {"to": "0710", "by": "rail"})
    assert s["rail_used"][SIDE] == 5 and s["units"]["de-1-id"]["spent"] == 1
    s = G.apply(s, SIDE, {"unit": "de-1-id"})
    s = G.apply(s, SIDE, {"way": "rail"})
    assert {"to": "0610", "by": "rail"} in G.actions(s, SIDE)
    s = G.apply(s, SIDE, {"to": "0610", "by": "rail"})
    assert s["rail_used"][SIDE] == 5 and s["units"]["de-1-id"]["spent"] == 2
    s = G.apply(s, SIDE, {"unit": "de-1-id"})
    s = G.apply(s, SIDE, {"way": "rail"})
    s = G.apply(s, SIDE, {"to": "0611", "by": "rail"})  # through 0511, then the low-volume line
    assert s["rail_used"][SIDE] == 10


def test_7a4_without_the_capacity_for_the_doubling_only_high_volume_lines_are_offered():
    s = only(movement_of(SIDE), {"de-1-id": ALLENSTEIN})
    s["rail_used"][SIDE] = movement.capacity(SIDE, s) - 5
    ways = movement.rail(s, "de-1-id")
    assert "0710" in ways and "0811" not in ways
    s["rail_used"][SIDE] += 1
    assert movement.rail(s, "de-1-id") == {}


def test_6b3_under_accel_movement_rail_costs_double_and_regular_movement_is_not_offered():
    """6B3 (L226-228): a unit using accel movement may spend MPs only on accel movement and
    operational rail (or river) movement, the latter at double the MPs."""
    s = only(movement_of(SIDE), {"de-1-id": "0911"})
    assert movement.rail(s, "de-1-id")["0710"][0] == 1  # two rail hexes from 0910: 1 MP
    # as after an accel leg to 0910 (the next hex: regular movement would list it)
    s["units"]["de-1-id"].update({"hex": "0910", "accel": True, "moved": True, "spent": 1, "nozoc": True})
    assert movement.rail(s, "de-1-id")["0710"][0] == 2
    ways = movement.reach(s, ["de-1-id"], "movement")
    assert ways["0710"].get("rail") == 2
    assert not any("march" in w for w in ways.values())


def test_7a_rail_movement_needs_a_line_of_friendly_rail_hexes_to_a_marshaling_yard():
    """7A (L276): a unit may move by rail only if a line of friendly-owned rail hexes leads from
    it to a friendly-owned marshaling yard (7A1, L281: a major city, fortress or major port on a
    line). Allenstein, Osterode and 0610 cut off from the rest of the German net by hexes the
    Russians own: the line is whole there, but leads to no yard."""
    assert {"0806", "0308", "0311", "0313", "1209"} <= movement.marshaling_yards()  # Königsberg, Danzig...
    s = only(movement_of(SIDE), {"de-1-id": ALLENSTEIN})
    assert {"0710", "0610"} <= set(movement.rail(s, "de-1-id"))
    for h in ("0809", "0811", "0910", "0911", "0609", "0511"):
        s["owner"][h] = "entente"
    assert ALLENSTEIN not in movement.yard_linked(s, SIDE)
    assert movement.rail(s, "de-1-id") == {}
    s["owner"]["0511"] = SIDE  # Deutsch Eylau, and the line on to Graudenz
    assert {"0710", "0610"} <= set(movement.rail(s, "de-1-id"))


def test_7a5f_a_marshaling_yard_taken_costs_its_net_2_res_and_gives_the_captor_1_next_turn():
    # L313: "the (previously) owning player loses 2 REs of rail capacity from his rail net and the
    # capturing player gains 1 RE of capacity for his net ... it may be used in following turns"
    from kriegsspiel.games.over_there.world import MAP

    s = G.new(seed=1)
    en = "entente"
    warsaw, loetzen = MAP.place("Warsaw")["hex"], MAP.place("Lötzen")["hex"]
    assert {warsaw, loetzen} <= movement.marshaling_yards()
    cp_before, en_before = movement.capacity(SIDE, s), movement.capacity(en, s)
    combat.capture(s, SIDE, warsaw)  # on the standard-gauge line to Vienna too: the captor gains
    assert movement.capacity(en, s) == en_before - 2
    assert movement.capacity(SIDE, s) == cp_before, "not usable the turn it is taken"
    mine = [line for line in s["log"] if line[0] == "7A5f"]
    assert [line[2] for line in mine] == [[en], [SIDE]], "each net's capacity is its owner's to know"
    movement.take_gains(s)  # the next game turn begins
    assert movement.capacity(SIDE, s) == cp_before + 1
    # Lötzen lies on no broad-gauge line: the Entente takes nothing for its own net (ruling O33)
    combat.capture(s, en, loetzen)
    movement.take_gains(s)
    assert movement.capacity(SIDE, s) == cp_before + 1 - 2 and movement.capacity(en, s) == en_before - 2
    # a net with less than 2 REs loses all it has, and the captor gains nothing
    s["rail_capacity"][en] = 1.0
    combat.capture(s, en, warsaw)
    combat.capture(s, SIDE, warsaw)
    assert s["rail_capacity"][en] == 0 and not s.get("rail_gain", {}).get(SIDE)
    # a hex that is no yard moves no capacity
    before = dict(s["rail_capacity"])
    combat.capture(s, en, "0910")
    assert "0910" not in movement.marshaling_yards() and s["rail_capacity"] == before


def test_7a5f_the_capacity_gained_serves_from_the_next_game_turn_through_the_flow():
    import random
    import re

    s = G.new(seed=1)
    combat.capture(s, SIDE, "1016")  # Warsaw
    assert s["rail_gain"] == {SIDE: 1}
    turn, cap, seen = s["turn"], s["rail_capacity"][SIDE], len(s["log"])
    bot, pick = kriegsspiel.bot("over-there", "random"), random.Random(0)
    while s["turn"] == turn and s["stack"]:
        role = G.active(s)[0]
        s = G.apply(s, role, bot(G.view(s, role), G.actions(s, role), pick))
        assert s["rail_gain"].get(SIDE) == 1 or s["turn"] != turn, "kept until the next game turn"
    assert s["turn"] == turn + 1 and s["rail_gain"] == {}
    # what the Central Powers lost on the way (deterioration, wear, yards) is told to them alone
    lost = sum(
        int(re.search(r"(\d+) REs? of (rail )?capacity", line[1]).group(1))
        for line in s["log"][seen:]
        if line[0] in ("7A", "7A5f") and line[2:] == [[SIDE]] and "capacity" in line[1] and "more" not in line[1]
    )
    assert s["rail_capacity"][SIDE] == cap + 1 - lost
