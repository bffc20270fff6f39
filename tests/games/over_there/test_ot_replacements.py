"""16B4 special replacements: the worked example of L1223, and the losses of a game turned into
points in the next initial phase (16B4a) or when a combat ends for isolated units (16B4b).
16B3c: eliminated units replaced in the owner's initial phase."""

from __future__ import annotations

import random

import pytest
from ot_positions import advance, only

import kriegsspiel
from kriegsspiel.engine.errors import IllegalAction
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.over_there import combat, sequence, supply, text
from kriegsspiel.games.over_there.world import (
    CITY_HEXES,
    MAN_PTS,
    NEIGHBOURS,
    SIDE_UNITS,
    UNITS,
    has_zoc,
    re_size,
    zoc_hexes,
    zoc_reaches,
)

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


# ----- on-map Man Pts (16B3, L1204-1209, ruling O37) ---------------------------------------------

CP, EN = "central-powers", "entente"


def _counter(s: dict, side: str, h: str) -> str:
    """A Man Pt of the side's stock put on the map at ``h``."""
    uid = next(u for u in MAN_PTS[side] if s["units"][u]["at"] == "stock")
    s["units"][uid].update({"hex": h, "at": "map", "supply": "general", "out": 0})
    return uid


def test_16b3_a_man_pt_of_the_pool_goes_on_the_map_as_a_half_re_unit_and_comes_back():
    """L1204-1205, ruling O37: after the other replacement activities (as his movement phase
    opens, before his first move) the player places whole Man Pts of his general pool in
    friendly-owned hexes in regular general supply, where each is an unsupported 1/2 RE unit rated
    0-1/2-4; he may take back one whose hex is in regular general supply; a point moves once a
    turn; the enemy is told nothing."""
    s = G.new(seed=3)
    assert all(s["units"][u]["at"] == "stock" for side in (CP, EN) for u in MAN_PTS[side])
    assert len(MAN_PTS[CP]) == len(MAN_PTS[EN]) == 10
    s = advance(s, lambda s: s["phasing"] == CP and s["phase"] == "movement")
    s["pool"][CP]["man"] = 2.5
    assert {"man_pts": True} in G.actions(s, CP)
    assert G.label({"man_pts": True}, s) == "place Man Pts on the map or take them back (16B3)"
    s = G.apply(s, CP, {"man_pts": True})
    assert G.actions(s, CP) == [{"place_man": True}, {"end": "man-pts"}]
    assert G.label({"place_man": True}, s) == "place a Man Pt of the general pool on the map (16B3)"
    s = G.apply(s, CP, {"place_man": True})
    acts = G.actions(s, CP)
    places = [a["place_man"] for a in acts if "place_man" in a]
    supplied = sequence.supplied_hexes(s, CP)["german"]
    enemy = {v["hex"] for u, v in s["units"].items() if v["at"] == "map" and UNITS[u].side == EN}
    assert places and set(places) <= supplied
    assert all(s["owner"][h] == CP and h not in enemy for h in places)
    assert acts[-1] == {"cancel": True} and len(acts) == len(places) + 1
    h = next(h for h in places if h not in CITY_HEXES)
    # in the terminal the hex is typed as its id
    assert text.keys(acts, s) == [*places, "cancel"] and acts[text.choose(h, acts, s)] == {"place_man": h}
    assert G.label({"place_man": h}, s) == f"place a Man Pt of the general pool in {sequence.hex_name(h)} (16B3)"
    earlier = _counter(s, CP, next(x for x in places if x != h))  # placed in an earlier turn
    s = G.apply(s, CP, {"place_man": h})
    assert s["stack"][-1]["state"] == "man_pts"  # back to the switch: another, or the end
    uid = MAN_PTS[CP][1]
    v = s["units"][uid]
    assert (v["at"], v["hex"]) == ("map", h) and s["pool"][CP]["man"] == 1.5
    u = UNITS[uid]
    assert (u.attack, u.defense, u.movement, re_size(s, uid)) == (0, 0.5, 4, 0.5)
    # 5A, 12A: unsupported and not divisional, its ZOC is a reduced one in its own hex only
    assert has_zoc(s, uid) and not zoc_reaches(s, uid) and u.support == "none"
    acts = G.actions(s, CP)
    assert {"take_back": earlier} in acts and {"take_back": uid} not in acts  # ruling O37: once a turn
    assert G.view(s, CP)["prompt"].startswith("Man Pts (1.5 Man Pts in the general pool, 8 Man Pt counters left)")
    assert not [x for x in G.view(s, EN)["log"] if "Man Pt" in str(x)]
    where = sequence.hex_name(s["units"][earlier]["hex"])
    assert G.label({"take_back": earlier}, s) == f"take the Man Pt at {where} back into the general pool (16B3)"
    s = G.apply(s, CP, {"take_back": earlier})
    v = s["units"][earlier]
    assert (v["at"], v["hex"], s["pool"][CP]["man"]) == ("stock", None, 2.5)
    with pytest.raises(IllegalAction):
        G.apply(s, CP, {"take_back": earlier})  # in the stock: nothing changes
    s = G.apply(s, CP, {"place_man": True})
    s = G.apply(s, CP, {"place_man": h})  # 1.5 Man Pts besides the one taken back
    assert s["pool"][CP]["man"] == 1.5
    assert not [a for a in G.actions(s, CP) if "place_man" in a]  # the point taken back stays in the pool
    # a Man Pt whose hex is out of general supply stays where it is
    old = _counter(s, CP, next(x for x in sorted(sequence.MAP.terrain) if x not in supplied))
    assert {"take_back": old} not in G.actions(s, CP)
    s["units"][old].update({"hex": None, "at": "stock"})
    s = G.apply(s, CP, {"end": "man-pts"})
    assert s["stack"][-1]["state"] == "move" and {"unit": uid} in G.actions(s, CP)  # it moves like any unit
    # once a unit has moved, the moment is past
    s = G.apply(s, CP, {"unit": uid})
    s = G.apply(s, CP, {"stay": True})
    assert {"man_pts": True} not in G.actions(s, CP)


def test_16b3_points_scrapped_this_initial_phase_are_not_placed():
    """L1260, ruling O37: the half points that scrapping gives join the pool once the initial
    phase is over, too late to be placed on the map in that phase."""
    s = G.new(seed=3)
    _lose(s, "de-1-id")
    s = advance(s, lambda s: s["stack"] and s["stack"][-1]["state"] == "replace" and s["phasing"] == CP)
    s["pool"][CP]["man"] = 0.5
    s = G.apply(s, CP, {"scrap": "de-1-id"})
    s = advance(s, lambda s: s["phase"] == "movement" and s["phasing"] == CP)
    assert s["pool"][CP]["man"] == 1.0 and {"man_pts": True} not in G.actions(s, CP)


def test_the_heuristic_leaves_the_man_pts_in_the_pool():
    s = G.new(seed=3)
    s = advance(s, lambda s: s["phasing"] == CP and s["phase"] == "movement")
    s["pool"][CP]["man"] = 3
    s = G.apply(s, CP, {"man_pts": True})
    bot = G.bots["heuristic"]
    assert bot(G.view(s, CP), G.actions(s, CP), random.Random(0)) == {"end": "man-pts"}
    s = G.apply(s, CP, {"place_man": True})  # a seat handed to the bot here
    assert bot(G.view(s, CP), G.actions(s, CP), random.Random(0)) == {"cancel": True}
    s = G.apply(s, CP, {"cancel": True})
    assert s["stack"][-1]["state"] == "man_pts" and s["pool"][CP]["man"] == 3


def test_16b3c_an_eliminated_unit_is_replaced_where_man_pts_stand():
    """L1208: on-map replacements replace units of their command's pool only where their hex is
    in regular general supply, combined with the general pool if need be, never with those of
    another hex; the unit is placed in that hex and the Man Pts spent leave the map."""
    s = G.new(seed=3)
    home = s["units"]["de-1-id"]["hex"]
    assert home not in CITY_HEXES
    _lose(s, "de-1-id")
    _lose(s, "de-2-lw-bde", isolated=True)  # lost while isolated: two Man Pts (L1206)
    s["pool"][CP] = {"man": 0, "equ": 0}
    first = _counter(s, CP, home)
    offers = sequence.replacement_offers(s, CP)
    assert offers == [{"replace": "de-1-id", "at": home, "on_map": True}]  # one point: not the brigade
    assert G.label(offers[0], s) == f"replace 1 ID at {sequence.hex_name(home)} with the Man Pts there"
    s["pool"][CP]["man"] = 1
    offers = sequence.replacement_offers(s, CP)
    assert {"replace": "de-2-lw-bde", "at": home, "on_map": True} in offers  # one there, one from the pool
    assert {"replace": "de-1-id", "at": DANZIG} in offers  # the pool alone, at a city
    s["pool"][CP]["man"] = 0
    elsewhere = next(h for h in sorted(sequence.supplied_hexes(s, CP)["german"]) if h != home and s["owner"][h] == CP)
    _counter(s, CP, elsewhere)
    # one Man Pt in each of two hexes do not make the brigade's two
    assert "de-2-lw-bde" not in {a["replace"] for a in sequence.replacement_offers(s, CP)}
    sequence.replace(s, CP, "de-1-id", home, on_map=True)
    v = s["units"]["de-1-id"]
    assert (v["at"], v["hex"], v["cadre"]) == ("map", home, True)
    assert s["units"][first]["at"] == "stock" and s["pool"][CP]["man"] == 0
    # out of general supply, the Man Pts there replace nothing
    _lose(s, "de-1-id")
    s["units"][first].update({"hex": "1612", "at": "map"})
    assert s["owner"]["1612"] == EN and "1612" not in sequence.supplied_hexes(s, CP)["german"]
    assert not [a for a in sequence.replacement_offers(s, CP) if a["at"] == "1612"]


def test_16b3d_a_cadre_out_of_supply_is_rebuilt_by_the_man_pt_in_its_hex():
    """L1209, rulings O7 and O37: a cadre the general pool cannot rebuild (out of general supply,
    or the pool empty) is rebuilt by an on-map Man Pt in its own hex, which leaves the map; never
    in an enemy ZOC unless the hex is fortified; a Man Pt elsewhere rebuilds nothing."""
    cadre, other, rear, beside = "de-1-id", "de-2-id", "1309", "1310"
    s = only(G.new(seed=3), {cadre: rear, other: beside})
    t = sequence.TURNS[s["turn"]]
    for uid in (cadre, other):
        s["units"][uid].update({"cadre": True, "supply": "out", "out": 1})
    s["pool"][CP]["man"] = 3
    mp = _counter(s, CP, rear)
    _counter(s, CP, next(b for b in NEIGHBOURS[beside] if b not in (rear, beside)))
    sequence.rebuild(s, CP, t)
    assert s["units"][cadre]["cadre"] is False and s["units"][mp]["at"] == "stock"
    assert s["units"][other]["cadre"] is True  # out of supply, no Man Pt in its own hex
    assert s["pool"][CP]["man"] == 3  # the pool pays only for cadres in general supply
    # in an enemy ZOC, not even the Man Pt in the hex rebuilds it
    s["units"][cadre]["cadre"] = True
    mp = _counter(s, CP, rear)
    enemy = next(u for u in SIDE_UNITS[EN] if UNITS[u].reaches)
    s["units"][enemy].update({"hex": next(b for b in NEIGHBOURS[rear] if b != beside), "at": "map"})
    assert rear in zoc_hexes(s, EN)
    sequence.rebuild(s, CP, t)
    assert s["units"][cadre]["cadre"] is True and s["units"][mp]["at"] == "map"


def test_an_on_map_man_pt_eliminated_is_lost_scores_nothing_and_counts_for_16b4():
    """L1205, ruling O37: a Man Pt on the map is affected by combat results and counted for the
    special replacements; eliminated, its counter goes back to the stock, not to the replacement
    pool, and the enemy scores no victory points for it."""
    s = G.new(seed=3)
    h = s["units"]["de-1-id"]["hex"]
    uid = _counter(s, CP, h)
    vp = dict(s["vp"])
    combat.eliminate(s, uid, "DE", "9C")
    assert s["units"][uid]["at"] == "stock" and s["units"][uid]["hex"] is None
    assert uid not in sequence.replacement_pool(s, CP)
    assert s["vp"] == vp
    assert s["losses"][CP]["man"] == {"Prussian": 1}
    # 11F: lost to attrition as well, back to the stock
    uid = _counter(s, CP, "1309")
    s["units"][uid].update({"supply": "isolated", "out": 2})
    with scripted_dice(s, 1):
        assert supply.attrition(s, CP) == [uid]
    assert s["units"][uid]["at"] == "stock" and s["vp"] == vp


def test_the_enemy_sees_a_man_pt_only_in_contact_and_never_the_stock():
    """Ruling O1: a Man Pt out of contact is one more counter in a stack; in contact, it shows as
    what it is; the counters in the stock are in no view of the enemy."""
    rear, far = "1309", "1612"
    s = only(G.new(seed=3), {"de-1-id": rear, "ru-1-cav": far})
    uid = _counter(s, CP, rear)
    mine = {u["id"]: u for u in G.view(s, CP)["board"]["units"]}
    assert mine[uid]["type"] == "man-pt" and mine[uid]["defense"] == 0.5
    assert rear not in sequence.visible(s, EN)
    theirs = G.view(s, EN)
    assert uid not in str(theirs)
    assert {"hex": rear, "side": CP, "count": 2} in theirs["board"]["hidden"]
    stock = [u for u in MAN_PTS[CP] if s["units"][u]["at"] == "stock"]
    assert len(stock) == 9 and not [u for u in stock if u in str(theirs)]
    # in contact: what it is
    s["units"]["ru-1-cav"]["hex"] = next(b for b in NEIGHBOURS[rear] if b in sequence.MAP.terrain)
    assert rear in sequence.visible(s, EN)
    seen = {u["id"]: u for u in G.view(s, EN)["board"]["units"]}
    assert seen[uid]["type"] == "man-pt"


def test_the_scramble_forgets_which_man_pts_the_enemy_moved_this_turn():
    """Ruling O1, O37: which Man Pts a side placed or took back this turn is its own to know; a
    search's sampled position (``scramble``) forgets it, and what the enemy sees is unchanged."""
    s = G.new(seed=3)
    s = advance(s, lambda s: s["phasing"] == CP and s["phase"] == "movement")
    s["pool"][CP]["man"] = 3
    s = G.apply(s, CP, {"man_pts": True})
    s = G.apply(s, CP, {"place_man": True})
    h = next(a["place_man"] for a in G.actions(s, CP) if "place_man" in a)
    s = G.apply(s, CP, {"place_man": h})
    assert s["man_switch"] == {"side": CP, "placed": [MAN_PTS[CP][0]], "back": 0}
    t = G.scramble(s, EN, random.Random(1))
    assert t["man_switch"] == {"side": CP, "placed": [], "back": 0}
    assert G.view(t, EN) == G.view(s, EN)
    assert s["man_switch"]["placed"] == [MAN_PTS[CP][0]]  # the game itself is untouched
