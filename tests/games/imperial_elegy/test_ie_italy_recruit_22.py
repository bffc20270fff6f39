"""The Kingdom of Italy and recruitment (rulebook shared/rulebooks/000_a5b0d7cac330d384.txt;
RULINGS_END.md N12): the Kingdom of Italy table's 5-6 result within Italy's counters, squadrons
before the dreadnought (22.3.1 L1242), the End Phase rebuilding what it gained (22.4 L1249), the
Italian redeployment at unification (22.4 L1246), a minor ally's reduced army brought to full
strength by its player's recruitment (12.2 L625, L634), and elite colonial EFs and the Zouaves moved
by the EF action (5.1.5 L374, 5.1.6 L379, 12.10 L690)."""

from __future__ import annotations

from collections import Counter

from ie_support import answer, asking, blank, game, proc
from test_ie_events import effects

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import end, world

NAVAL = ("squadron", "dreadnought")


def unified():
    """1850 with Italy unified (22.2): one squadron, no reserve army."""
    s = blank()
    effects(s, "ge", {"verb": "_unify"})
    return s


def italian_navy(s):
    return Counter(u["t"] for u in s["units"].values() if u["o"] == "italy" and u["t"] in NAVAL)


def italian_armies(s):
    return Counter(u["at"] for u in s["units"].values() if u["o"] == "italy" and u["t"] == "army")


def italy_grows(s):
    """The Kingdom of Italy table rolled with a 5 (22.3.1 L1242: 5-6)."""
    with scripted_dice(s, 5):
        effects(s, "ge", {"verb": "roll-table", "table": "kingdom-of-italy", "amount": 0})


def spending(s, power, cp):
    s["impulse"] = {"power": power, "influence": False, "removed": False, "pacified": [], "deployed": []}
    proc(s, "spend", power=power, card=None, cp=cp)
    assert asking(s) == "spend"
    return s


# ----- the Kingdom of Italy table, 5-6 (22.3.1) ----------------------------------------------------------------


def test_22_3_1_italy_gains_its_second_squadron_then_its_dreadnought_then_no_more_ships():
    """22.3.1 L1242: 5-6 "Italy permanently gains an additional reserve army and an additional
    naval unit. Italy must build all its squadrons before building its dreadnought." Italy's
    counters (4.2): 2 squadrons, 1 dreadnought, 2 reserve armies. The first result adds the second
    squadron, the second the dreadnought, a third no ship; reserves never pass 2."""
    s = unified()
    assert italian_navy(s) == Counter(squadron=1)
    counters = world.P().powers["italy"].counters
    assert (counters["squadron"], counters["dreadnought"], counters["reserve-army"]) == (2, 1, 2)
    italy_grows(s)
    assert italian_navy(s) == Counter(squadron=2)
    assert s["majors"]["italy"]["reserves"] == 1
    italy_grows(s)
    assert italian_navy(s) == Counter(squadron=2, dreadnought=1)
    assert s["majors"]["italy"]["reserves"] == 2
    italy_grows(s)
    assert italian_navy(s) == Counter(squadron=2, dreadnought=1)
    assert s["majors"]["italy"]["reserves"] == 2


def test_22_4_the_end_phase_rebuilds_the_naval_units_the_table_gave_squadrons_first():
    """22.3.1 L1242 ("permanently gains"), 22.4 L1249: "During the end phase Italy automatically
    rebuilds all their units at full strength"; N12: the End Phase rebuilds the missing naval units,
    the squadrons before the dreadnought. A lost squadron of the 5-6 result is rebuilt as a
    squadron; a navy lost entirely comes back as 2 squadrons and the dreadnought."""
    s = unified()
    italy_grows(s)
    sq = sorted(uid for uid, u in s["units"].items() if u["o"] == "italy" and u["t"] == "squadron")
    world.remove_unit(s, sq[0])
    assert italian_navy(s) == Counter(squadron=1)
    end.italy_rebuild(s)
    assert italian_navy(s) == Counter(squadron=2)  # a squadron, not the dreadnought

    italy_grows(s)
    assert italian_navy(s) == Counter(squadron=2, dreadnought=1)
    for uid in [uid for uid, u in s["units"].items() if u["o"] == "italy" and u["t"] in NAVAL]:
        world.remove_unit(s, uid)
    end.italy_rebuild(s)
    assert italian_navy(s) == Counter(squadron=2, dreadnought=1)


# ----- the Italian redeployment at unification (22.4) ------------------------------------------------------------


def test_22_4_at_unification_one_army_goes_to_rome_and_one_to_each_frontier_space():
    """22.4 L1246: "one Italian standing army is placed in Rome and the other two ... in spaces that
    are adjacent to player controlled spaces ... If there are two such spaces, place an Italian
    army in each space"; N12: as in the End Phase's redeployment. In 1850 Piedmont borders France
    and Austrian Lombardy, Tuscany borders Lombardy: one army each, one in Rome, none left over."""
    s = blank()
    assert s["control"]["lombardy"] == "au" and s["control"]["venetia"] == "au"
    effects(s, "ge", {"verb": "_unify"})
    at_unification = italian_armies(s)
    assert at_unification == Counter(rome=1, piedmont=1, tuscany=1)
    end.italian_redeployment(s)
    assert italian_armies(s) == at_unification


# ----- recruitment for a minor ally (12.2) ------------------------------------------------------------------------


def test_12_2_recruitment_brings_a_minor_allys_reduced_army_to_full_strength():
    """12.2 L625: "Players can build new armies and flip reduced armies to full strength"; L634:
    "Players may use recruitment actions to build land units for their minor power allies".
    Prussia, allied with Denmark, may flip Denmark's reduced army for 1 CP; not while Denmark is
    no ally of Prussia."""
    s = blank()
    s["allies"].pop("denmark", None)
    dan = next(uid for uid, u in s["units"].items() if u["o"] == "denmark" and u["t"] == "army")
    s["units"][dan]["r"] = True
    spending(s, "ge", 3)
    assert {"do": "reinforce", "unit": dan} not in game.actions(s, "ge")

    s = blank()
    s["allies"]["denmark"] = "ge"
    s["diplomacy"].pop("denmark", None)
    dan = next(uid for uid, u in s["units"].items() if u["o"] == "denmark" and u["t"] == "army")
    s["units"][dan]["r"] = True
    spending(s, "ge", 3)
    assert {"do": "reinforce", "unit": dan} in game.actions(s, "ge")
    answer(s, "ge", {"do": "reinforce", "unit": dan})
    assert s["units"][dan]["r"] is False and s["units"][dan]["o"] == "denmark"
    assert s["stack"][-1]["left"] == 2  # 1 CP of the 3
    assert any(line[0] == "12.2" and "Denmark" in line[1] for line in s["log"][-3:])


# ----- the EF action (5.1.5, 5.1.6, 12.10) -------------------------------------------------------------------------


def test_5_1_5_elite_colonial_efs_and_the_zouaves_are_moved_by_the_ef_action():
    """5.1.5 L374: elite colonial EFs "function the same as normal EFs except" (pacification and
    battle +1, redeployment, rebuild); 5.1.6 L379: the Zouaves function "identically to elite
    colonial EFs"; 12.10 L690: "Moving an existing EF costs 1 CP". France may move its EF, an elite
    colonial EF and the Zouaves, from Algeria, with the EF action."""
    s = blank()
    zouaves = next(uid for uid, u in s["units"].items() if u["o"] == "fr" and u["t"] == "zouaves")
    assert s["units"][zouaves]["at"] == "algeria"
    ef = world.new_unit(s, "fr", "ef", "algeria")
    elite = world.new_unit(s, "fr", "elite-ef", "algeria")
    spending(s, "fr", 2)
    moves = [a for a in game.actions(s, "fr") if isinstance(a, dict) and a.get("do") == "ef" and "unit" in a]
    targets = {uid: {a["to"] for a in moves if a["unit"] == uid} for uid in (ef, elite, zouaves)}
    assert targets[ef] and targets[elite] == targets[ef] and targets[zouaves] == targets[ef]
    to = sorted(targets[zouaves])[0]
    answer(s, "fr", {"do": "ef", "unit": zouaves, "to": to})
    assert s["units"][zouaves]["at"] == to
    answer(s, "fr", {"do": "ef", "unit": elite, "to": to})
    assert s["units"][elite]["at"] == to
