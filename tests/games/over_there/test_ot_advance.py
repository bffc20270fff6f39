"""Advance after combat through the public interface (9F3, L515: "Advance after combat is
voluntary"): the attacker sees the result, then names the units that advance one by one; naming
none where the defender must retreat cancels the retreat (9F1, L501). The battlefield is the open
Lithuanian plain round 1502: the Germans attack from 1402 and 1401."""

from __future__ import annotations

import pytest
from ot_positions import advance, blind_answers, only

import kriegsspiel
from kriegsspiel.engine import IllegalAction
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import bots, combat
from kriegsspiel.games.over_there.world import CH, NEIGHBOURS

G = kriegsspiel.load("over-there")
E, CP = "entente", "central-powers"
T, W = "1502", "1402"
ATTACKERS = {"de-1-id": W, "de-2-id": W, "de-i-hvy-art": W}


SEVEN = {  # more than a hex holds (8A: 6 units)
    "de-1-id": W,
    "de-2-id": W,
    "de-35-id": W,
    "de-36-id": "1401",
    "de-37-id": "1401",
    "de-41-id": "1602",
    "de-1-rd": "1602",
}


def german_attack(attackers=ATTACKERS, defender="ru-1-rifle-bde") -> dict:
    """The Central Powers' first combat phase with only this battle on the map, the attack named."""
    s = advance(
        G.new(seed=2),
        lambda s: s["phasing"] == CP and s["phase"] == "combat" and s["stack"][-1].get("state") == "combat",
    )
    only(s, {**attackers, defender: T})
    for side in (E, CP):
        s["air"][side]["left"] = 0
    s = G.apply(s, CP, {"attack": T})
    assert sorted(s["attack"]["units"]) == sorted(attackers)  # every unit that can is named at first
    return s


def resolve_for(s: dict, code: str) -> dict:
    """Resolve with the die that gives ``code``."""
    a = combat.assess(s, CP, T, s["attack"]["units"])
    if a["column"] == "auto":  # 9B7: below 1:4, no die
        assert CH.crts[a["crt"]].below_lowest == code
        return blind_answers(G.apply(s, CP, {"resolve": True}))
    roll = next(r for r in range(1, 7) if CH.combat_result(a["crt"], a["column"], r + a["drm"]) == code)
    with scripted_dice(s, roll):
        return blind_answers(G.apply(s, CP, {"resolve": True}))


def test_the_attacker_names_the_units_that_advance_after_seeing_the_result():
    s = resolve_for(german_attack(), "DR")
    assert s["stack"][-1]["state"] == "advance" and G.active(s) == [CP]
    assert s["last"]["result"] == "DR" and s["last"]["pending"] == "advance"  # the result is on the board
    # 9F3 and ruling C15: the divisions and the heavy artillery may advance (only siege artillery
    # may not, L698, L711)
    assert G.actions(s, CP) == [
        {"advance": "de-1-id"},
        {"advance": "de-2-id"},
        {"advance": "de-i-hvy-art"},
        {"end": "advance"},
    ]
    assert "If none advances, the defender's retreat is cancelled" in G.view(s, CP)["prompt"]
    with pytest.raises(IllegalAction):
        G.apply(s, E, {"end": "advance"})  # not the defender's choice
    s = G.apply(s, CP, {"advance": "de-2-id"})
    assert G.actions(s, CP) == [{"advance": "de-1-id"}, {"advance": "de-i-hvy-art"}, {"end": "advance"}]
    s = G.apply(s, CP, {"end": "advance"})
    assert s["units"]["de-2-id"]["hex"] == T and s["units"]["de-1-id"]["hex"] == W
    assert s["units"]["ru-1-rifle-bde"]["hex"] != T  # the brigade retreated
    assert s["last"]["advance"] == ["de-2-id"] and "pending" not in s["last"]
    assert s["owner"][T] == CP and "aftermath" not in s
    assert s["stack"][-1]["state"] == "combat"  # the combat phase goes on


def test_declining_to_advance_cancels_the_defenders_retreat():
    # 9F1 (L501): "If the player declines to advance, then the mandated retreat is canceled."
    s = resolve_for(german_attack(), "DR")
    s = G.apply(s, CP, {"end": "advance"})
    assert s["units"]["ru-1-rifle-bde"]["hex"] == T
    assert s["units"]["de-1-id"]["hex"] == W and s["units"]["de-2-id"]["hex"] == W
    assert s["last"]["retreats"] == {} and s["last"]["advance"] == []
    assert any("does not advance" in e["text"] and "(9F1)" in e["text"] for e in G.view(s, E)["log"][-3:])


def test_when_every_defender_is_eliminated_the_hex_may_still_be_left_empty():
    s = resolve_for(german_attack(SEVEN), "DE")
    assert s["last"]["eliminated"] == ["ru-1-rifle-bde"]
    assert "cancelled" not in G.view(s, CP)["prompt"]  # nothing to cancel: the brigade is gone
    s = G.apply(s, CP, {"end": "advance"})
    assert all(s["units"][u]["hex"] == h for u, h in SEVEN.items())
    assert s["last"]["advance"] == []
    assert s["owner"][T] == CP  # 5B: the empty hex in the German ZOC is German all the same


def test_the_defender_declares_the_advance_that_lets_the_attackers_retreat():
    # 9F1 (L501, Example #2) and 9F3: an AR would empty 1402; the Entente names his advance
    s = resolve_for(german_attack({"de-1-id": W}, "ru-25-id"), "AR")
    assert s["stack"][-1]["state"] == "advance" and G.active(s) == [E]
    assert G.actions(s, E) == [{"advance": "ru-25-id", "into": W}, {"end": "advance"}]
    assert "The attackers retreat only from hexes you advance into (9F1)" in G.view(s, E)["prompt"]
    assert G.view(s, CP)["board"]["advancing"]["by"] == E
    with pytest.raises(IllegalAction):
        G.apply(s, CP, {"end": "advance"})
    s = G.apply(s, E, {"advance": "ru-25-id", "into": W})
    assert s["units"]["ru-25-id"]["hex"] == W and s["units"]["de-1-id"]["hex"] not in (W, T)
    assert s["last"]["defender_advance"] == ["ru-25-id"] and s["owner"][W] == E
    assert s["stack"][-1]["state"] == "combat" and G.active(s) == [CP]


def test_a_defender_who_does_not_advance_leaves_the_attackers_where_they_are():
    s = resolve_for(german_attack({"de-1-id": W}, "ru-25-id"), "AR")
    s = G.apply(s, E, {"end": "advance"})
    assert s["units"]["ru-25-id"]["hex"] == T and s["units"]["de-1-id"]["hex"] == W
    assert s["last"]["retreats"] == {}


def test_the_defender_may_advance_into_a_hex_the_attackers_losses_emptied():
    # 9F3 (L515): "Defending units may advance after combat into adjacent hexes ... if the combat
    # clears all enemy units from the hex advanced into"; a brigade at 2:11 is below 1:4, an AE
    s = resolve_for(german_attack({"de-2-lw-bde": W}, "ru-25-id"), "AE")
    assert s["last"]["eliminated"] == ["de-2-lw-bde"]
    assert G.actions(s, E) == [{"advance": "ru-25-id", "into": W}, {"end": "advance"}]
    assert "retreat only" not in G.view(s, E)["prompt"]  # nothing waits on him
    s = G.apply(s, E, {"advance": "ru-25-id", "into": W})
    assert s["units"]["ru-25-id"]["hex"] == W and s["last"]["defender_advance"] == ["ru-25-id"]
    # 9F4 (L517-524): an AE in 1914 is a two-hex result, so the unit that advanced may advance again
    assert s["stack"][-1]["state"] == "second_advance" and G.active(s) == [E]
    again = [a for a in G.actions(s, E) if "second_advance" in a]
    assert again and {a["second_advance"] for a in again} == {"ru-25-id"}
    assert all(a["into"] in NEIGHBOURS[W] for a in again)  # "any hexes not containing enemy units"
    s = G.apply(s, E, again[0])
    assert s["units"]["ru-25-id"]["hex"] == again[0]["into"]


def test_a_defender_who_advances_his_last_unit_out_leaves_his_hq_to_its_fate():
    # 9D (L495): an HQ is eliminated if no friendly unit is left in its hex "after all movement
    # after combat (per section 9F below) has been completed"
    s = german_attack({"de-1-id": W}, "ru-25-id")
    s["units"]["ru-iii-corps-hq"].update(hex=T, at="map")
    s = resolve_for(s, "AR")
    s = G.apply(s, E, {"advance": "ru-25-id", "into": W})
    assert s["units"]["ru-iii-corps-hq"]["at"] != "map"
    assert "ru-iii-corps-hq" in s["last"]["eliminated"]


def test_the_heuristic_defender_follows_ruling_c16():
    # C16: a lone defender in the open advances into the single hex vacated; none into a hex the
    # attackers' losses emptied
    s = resolve_for(german_attack({"de-1-id": W}, "ru-25-id"), "AR")
    s = G.apply(s, E, bots.heuristic(G.view(s, E), G.actions(s, E), None))
    assert s["units"]["ru-25-id"]["hex"] == W
    s = resolve_for(german_attack({"de-2-lw-bde": W}, "ru-25-id"), "AE")
    assert bots.heuristic(G.view(s, E), G.actions(s, E), None) == {"end": "advance"}


def test_the_heuristic_bot_advances_every_unit_it_can():
    s = resolve_for(german_attack(), "DR")
    while s["stack"][-1]["state"] == "advance":
        s = G.apply(s, CP, bots.heuristic(G.view(s, CP), G.actions(s, CP), None))
    assert s["units"]["de-1-id"]["hex"] == T and s["units"]["de-2-id"]["hex"] == T


def test_the_named_units_must_fit_the_stacking_limit_together():
    # 8A: the offers shrink as the hex fills; once it is full the choice ends by itself
    many = SEVEN
    s = resolve_for(german_attack(many), "DE")
    named = []
    while s["stack"][-1]["state"] == "advance":
        pick = next(a for a in G.actions(s, CP) if "advance" in a)
        named.append(pick["advance"])
        s = G.apply(s, CP, pick)
    assert len(named) == 6  # 8A: six units of any size
    assert sorted(u for u in many if s["units"][u]["hex"] == T) == sorted(named)


def test_siege_artillery_never_advances_other_artillery_may():
    """12B3 L698 "Siege artillery units may not advance after combat", 12B4 L711 (heavy siege);
    9F3 L515: any other unit that attacked may be named, the heavy artillery too; ruling C15:
    the heuristic bot leaves the guns behind."""
    assert combat.NO_ADVANCE == ("siege-artillery", "heavy-siege-artillery")
    s = resolve_for(german_attack(), "DR")
    assert {"advance": "de-i-hvy-art"} in G.actions(s, CP)
    s = G.apply(s, CP, {"advance": "de-i-hvy-art"})
    s = G.apply(s, CP, {"end": "advance"})
    assert s["units"]["de-i-hvy-art"]["hex"] == T
    s = resolve_for(german_attack(), "DR")
    while s["stack"][-1]["state"] == "advance":
        s = G.apply(s, CP, bots.heuristic(G.view(s, CP), G.actions(s, CP), None))
    assert s["units"]["de-i-hvy-art"]["hex"] == W
