"""16B4 special replacements: the worked example of L1223, and the losses of a game turned into
points in the next initial phase (16B4a) or when a combat ends for isolated units (16B4b).
16B3c: eliminated units replaced in the owner's initial phase."""

from __future__ import annotations

import pytest
from ot_positions import advance

import kriegsspiel
from kriegsspiel.engine.errors import IllegalAction
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import combat, sequence, supply
from kriegsspiel.games.over_there.world import CITY_HEXES, NEIGHBOURS, UNITS, re_size

G = kriegsspiel.load("over-there")
DANZIG = "0308"


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


def _lose(s: dict, uid: str, isolated: bool = False) -> None:
    """The unit eliminated in combat where it stands (while isolated, if asked)."""
    s["units"][uid]["supply"] = "isolated" if isolated else "general"
    combat.eliminate(s, uid, "DE", "9C")
    assert s["units"][uid]["at"] == "eliminated"


def test_16b3c_an_eliminated_unit_is_bought_back_at_a_city_the_isolated_at_double_the_price():
    """L1208, ruling O23: a division comes back as its cadre for one Man Pt; a unit lost while
    isolated costs double (L1206); artillery costs Equ Pts (ruling O20); HQs and fortress
    garrisons are not replaced. It is placed at a friendly-owned city in general supply."""
    s = G.new(seed=3)
    cp = "central-powers"
    for uid in ("de-1-id", "de-i-hvy-art", "de-8-army-hq", "de-fort-loetzen"):
        _lose(s, uid)
    _lose(s, "de-2-lw-bde", isolated=True)
    s["pool"][cp] = {"man": 2, "equ": 0}
    offers = sequence.replacement_offers(s, cp)
    offered = {a["replace"] for a in offers}
    assert offered == {"de-1-id", "de-2-lw-bde"}  # no Equ Pt for the guns; no HQ, no garrison
    cities = {a["at"] for a in offers}
    assert DANZIG in cities and cities <= CITY_HEXES
    assert all(s["owner"][h] == cp for h in cities)
    assert sequence.replacement_cost(s, "de-2-lw-bde") == ("man", 2)
    assert sequence.replacement_cost(s, "de-i-hvy-art") == ("equ", 1)

    sequence.replace(s, cp, "de-1-id", DANZIG)
    v = s["units"]["de-1-id"]
    assert (v["at"], v["hex"], v["cadre"]) == ("map", DANZIG, True)  # Special #1: at its cadre strength
    assert s["pool"][cp]["man"] == 1
    # one Man Pt left: the brigade lost while isolated costs two
    assert {a["replace"] for a in sequence.replacement_offers(s, cp)} == set()
    # the replacement pool the views show holds what is still eliminated
    for role in (cp, "entente"):
        gone = G.view(s, role)["board"]["eliminated"][cp]
        assert "de-1-id" not in gone and "de-2-lw-bde" in gone
    assert any("replaced as a cadre" in line[1] and line[2] == [cp] for line in s["log"])


def test_16b3c_no_city_no_replacement():
    """A city the enemy owns, or one cut off from supply, takes no replaced unit."""
    s = G.new(seed=3)
    cp = "central-powers"
    _lose(s, "de-1-id")
    s["pool"][cp]["man"] = 5
    for h in CITY_HEXES:
        if s["owner"].get(h) == cp:
            s["owner"][h] = "entente"
    assert sequence.replacement_offers(s, cp) == []


def test_16b3f_artillery_replaced_counts_against_the_months_limit():
    """L1219: 3 artillery REs a month for the Entente before Feb I 16, 6 for the Central Powers;
        a unit lost while isolated counts double. With the month's count one RE short of room for all
        three heavy artillery regiments lost while isolated, two come back and the third waits
    (the pool pays two Equ Pts each)."""
    cp = "central-powers"
    guns = ["de-i-hvy-art", "de-xvii-hvy-art", "de-xx-hvy-art"]
    assert all(sequence.UNITS[u].re == 0.5 for u in guns)  # each counts 1 RE, lost while isolated

    def replaced_with(used: int) -> list[str]:
        s = G.new(seed=3)
        for uid in guns:
            _lose(s, uid, isolated=True)
        s["losses"] = {}  # no special replacements (16B4b) in the count
        s["pool"][cp]["equ"] = 10
        month = sequence.month_of(sequence.TURNS[s["turn"]])
        s["rebuilt"][cp][f"{month}-artillery"] = used
        done = []
        while offers := sequence.replacement_offers(s, cp):
            sequence.replace(s, cp, offers[0]["replace"], offers[0]["at"])
            done.append(offers[0]["replace"])
        assert s["rebuilt"][cp][f"{month}-artillery"] == used + len(done)
        assert s["pool"][cp]["equ"] == 10 - 2 * len(done)
        return done

    assert sequence.ARTILLERY_LIMIT == {"entente": 3, "central-powers": 6}
    assert len(replaced_with(4)) == 2  # 4 + 1 + 1 = 6; a third would make 7
    assert len(replaced_with(3)) == 3  # 3 + 1 + 1 + 1 = 6


def test_16b3f_a_cavalry_cadre_replaced_counts_its_one_re_against_the_months_limit():
    """L1219: Russia may replace 12 cavalry REs a month. A cavalry division comes back as its
    cadre, 1 RE (3A3, L80), 2 from the eliminated-while-isolated section; the month's count
    holds what was rebuilt as well (ruling O7)."""
    en = "entente"
    s = G.new(seed=3)
    _lose(s, "ru-1-cav")
    _lose(s, "ru-2-cav", isolated=True)
    s["pool"][en]["man"] = 10
    month = sequence.month_of(sequence.TURNS[s["turn"]])
    s["rebuilt"][en][month] = 10  # two cavalry divisions rebuilt this month already
    offered = {a["replace"] for a in sequence.replacement_offers(s, en)}
    assert offered == {"ru-1-cav", "ru-2-cav"}  # 10 + 1 and 10 + 2 are within 12
    first = next(a for a in sequence.replacement_offers(s, en) if a["replace"] == "ru-1-cav")
    sequence.replace(s, en, "ru-1-cav", first["at"])
    assert s["rebuilt"][en][month] == 11
    assert s["units"]["ru-1-cav"]["cadre"] is True
    assert sequence.replacement_offers(s, en) == []  # 11 + 2 would pass 12


def test_16b3c_the_player_is_asked_in_his_own_initial_phase_only():
    """L1208: a player replaces eliminated units only in his initial phases; the flow asks him
    after his reinforcements and production, and a choice made goes through apply."""
    s = G.new(seed=3)
    cp = "central-powers"
    _lose(s, "de-1-id")
    s["pool"][cp]["man"] = 3
    s = advance(s, lambda s: s["stack"] and s["stack"][-1]["state"] == "replace")
    assert s["phasing"] == cp and G.active(s) == [cp]
    # 3 Man Pts and half of one from the division's two steps lost (16B4a: 2 / 3, rounded down)
    assert G.view(s, cp)["prompt"].startswith("Replacements (3.5 Man Pts, 1 Equ Pt): ")
    assert G.view(s, "entente")["prompt"] is None  # his points are his own
    offer = next(a for a in G.actions(s, cp) if "replace" in a)
    with pytest.raises(IllegalAction):
        G.apply(s, cp, {"replace": "de-8-army-hq", "at": offer["at"]})  # not in the offers: nothing changes
    assert s["units"]["de-1-id"]["at"] == "eliminated"
    s = G.apply(s, cp, offer)
    assert s["units"]["de-1-id"]["hex"] == offer["at"]
    assert G.actions(s, cp) == [{"end": "replacements"}]  # nothing else to buy: he ends it himself
    s = G.apply(s, cp, {"end": "replacements"})
    assert s["phase"] == "movement" and s["phasing"] == cp


def test_16b3c_the_flow_does_not_tell_the_enemy_what_the_pool_holds():
    """Ruling O1: the Man Pts are the owner's secret. With an empty pool or a full one the
    player is asked, and one replacement and the end take the same steps as the end alone plus
    one, so neither being asked nor the count of steps tells the enemy what the pool holds."""
    cp = "central-powers"

    def asked(man: float) -> dict:
        s = G.new(seed=3)
        _lose(s, "de-1-id")
        s["pool"][cp]["man"] = man
        return advance(s, lambda s: s["stack"] and s["stack"][-1]["state"] == "replace")

    poor, rich = asked(0), asked(3)
    assert G.actions(poor, cp) == [{"scrap": "de-1-id"}, {"end": "replacements"}]  # 16C2: scrapping is free
    assert len([a for a in G.actions(rich, cp) if "replace" in a]) >= 1
    assert G.step(poor, "entente") == G.step(rich, "entente")
    steps = []
    for s, plan in ((poor, []), (rich, [next(a for a in G.actions(rich, cp) if "replace" in a)])):
        for a in [*plan, {"end": "replacements"}]:
            s = G.apply(s, cp, a)
        steps.append(G.step(s, "entente") - len(plan))
        assert s["phase"] == "movement"
    assert steps[0] == steps[1]
    # a side with nothing in its pool is not asked at all: that too is public (board.eliminated)
    seen = []

    def at_movement(s):
        seen.append(s["stack"][-1]["state"])
        return s["phasing"] == cp and s["phase"] == "movement"

    advance(G.new(seed=3), at_movement)
    assert "replace" not in seen and "move" in seen


def test_16c2_a_unit_of_the_pool_is_scrapped_for_half_a_point_from_the_next_phase():
    """16C2 (L1235), 16A1v, ruling O35, L1260: in his initial phase the player may scrap a unit of
    his replacement pool for good; half a point of the kind that replaces it (a Man Pt for a
    division) joins his pool when the initial phase is over, not before; the enemy is not told."""
    cp = "central-powers"
    s = G.new(seed=3)
    _lose(s, "de-1-id")
    s = advance(s, lambda s: s["stack"] and s["stack"][-1]["state"] == "replace")
    s["pool"][cp]["man"] = 0  # (its special replacements, 16B4, came in this initial phase)
    order = {"scrap": "de-1-id"}
    assert G.label(order, s) == "scrap 1 ID for good (0.5 Man Pts from the next phase)"
    s = G.apply(s, cp, order)
    assert s["units"]["de-1-id"]["at"] == "scrapped" and "de-1-id" not in sequence.replacement_pool(s, cp)
    assert s["pool"][cp]["man"] == 0 and order not in G.actions(s, cp)
    assert not [a for a in G.actions(s, cp) if "replace" in a]  # nothing to pay with yet (L1260)
    s = G.apply(s, cp, {"end": "replacements"})
    s = advance(s, lambda s: s["phase"] == "movement" and s["phasing"] == cp)
    assert s["pool"][cp]["man"] == 0.5
    assert [x for x in G.view(s, cp)["log"] if "is scrapped" in str(x)]
    assert not [x for x in G.view(s, "entente")["log"] if "scrapped" in str(x)]


def test_16c1_a_unit_is_disbanded_for_its_replacement_cost_and_scrapping_value():
    """16C1 (L1233), 16A1i (L1167), ruling O36: as his movement phase opens (his initial phase
    over), before his first move, the player may disband a unit on the map with a printed movement
    rating of 5 or more (not an HQ, not isolated), 12 REs a month; it leaves play for good (not
    eliminated, never replaced) and its replacement cost plus its scrapping value (a full
    division: 2 + 0.5 Man Pts) join his pool; the enemy is not told."""
    cp = "central-powers"
    s = G.new(seed=3)
    s = advance(s, lambda s: s["phase"] == "movement" and s["phasing"] == cp)
    assert {"disband": True} in G.actions(s, cp)
    assert G.label({"disband": True}, s) == "disband a unit (16C1)"
    s = G.apply(s, cp, {"disband": True})
    offered = [a["disband"] for a in G.actions(s, cp) if "disband" in a]
    assert "de-1-id" in offered and not [u for u in offered if UNITS[u].hq or UNITS[u].movement < 5]
    assert G.label({"disband": "de-1-id"}, s) == "disband 1 ID for good (2.5 Man Pts to the pool)"
    man = s["pool"][cp]["man"]
    s = G.apply(s, cp, {"disband": "de-1-id"})
    assert s["units"]["de-1-id"]["at"] == "disbanded" and s["units"]["de-1-id"]["hex"] is None
    assert "de-1-id" not in sequence.replacement_pool(s, cp)
    assert s["pool"][cp]["man"] == man + 2.5
    # 12 REs a month: units beyond what is left are no longer offered
    month = sequence.month_of(sequence.TURNS[s["turn"]])
    s["disbanded"][cp][month] = sequence.DISBAND_LIMIT - 1
    left = sequence.disband_candidates(s, cp)
    assert all(re_size(s, u) <= 1 for u in left)
    assert ({"disband": True} in G.actions(s, cp)) == bool(left)
    s["disbanded"][cp][month] = 0
    # once a unit has moved, the moment is past
    unit = next(a for a in G.actions(s, cp) if "unit" in a)
    s = G.apply(s, cp, unit)
    s = G.apply(s, cp, {"stay": True})
    assert {"disband": True} not in G.actions(s, cp)
    assert not [x for x in G.view(s, "entente")["log"] if "disbanded" in str(x)]
    assert [x for x in G.view(s, cp)["log"] if "disbanded" in str(x)]
