"""The First World War: 3.5 the Deployment Turn, 6.1 reinforcements, 6.2-6.3
replacements, 6.4 minimum garrisons at deployment, 6.5 the year 1919
(rulebook shared/rulebooks/004_dc64f91ee782ec25.txt)."""

from fww_support import AH, DE, EMPIRES, RU, WA, at, drive, game, opening, position, special_dice, top

from kriegsspiel.games.first_world_war import board, deployment


def fronts_for_counter(s, role, unit):
    """The fronts offered to one counter (an army, or "dummy") at a deployment (3.5)."""
    return sorted(a["front"] for a in game.actions(s, role) if a != "done" and a["place"] == unit)


def opening_deployment_menus():
    """Play the 1/1914 Deployment Turn, noting the fronts offered to each army
    and whether 'done' was ever offered while dummies were left."""
    s = game.new(seed=5, players=4)
    offered, done_offered, deployers = {}, False, []
    while not at(s, "operations"):
        role = game.active(s)[0]
        acts = game.actions(s, role)
        f = top(s)
        assert f["state"] == "deploy"
        if not deployers or deployers[-1] != role:
            deployers.append(role)
        if f["queue"]:
            army = f["queue"][0]  # the counters go down in any order: this one is placed first
            offered[army] = sorted(a["front"] for a in acts if a != "done" and a["place"] == army)
            acts = [a for a in acts if a != "done" and a["place"] == army]
        else:
            offered.setdefault(f"dummy:{role}", sorted(a["front"] for a in acts if a != "done"))
        done_offered = done_offered or "done" in acts
        game.apply(s, role, acts[0])
    return s, offered, done_offered, deployers


def test_3_4_deployment_order_and_3_1_everything_deployed_in_1_1914():
    """3.4 (rulebook L182): the Deployment Turn goes Austria-Hungary, Russia, the
    Western Allies, Germany. 3.1 (L157) and RULINGS R40: each empire deploys all
    its 1/1914 armies and all six dummies, with no roll and no way to stop early."""
    s, offered, done_offered, deployers = opening_deployment_menus()
    assert deployers == [AH, RU, WA, DE]
    assert not done_offered
    first = position(year=0, turn=0, role=AH, state="deploy")
    assert "6 dummies." in game.view(first, AH)["prompt"] and "up to" not in game.view(first, AH)["prompt"]
    for r in EMPIRES:
        assert sum(s["dummies"][r].values()) == 6 and board.dummies_in_pool(s, r) == 0
    for a, info in board.pack().armies.items():
        if info.entry == 0:
            assert s["armies"][a]["where"] == "board", a
        else:
            assert s["armies"][a]["where"] == "future", a
    assert s["year"] == 0 and s["turn"] == 1 and game.active(s) == [DE]


def test_3_5_nationality_lists_and_closed_italian_theatre_in_1914():
    """3.5 (rulebook L196-198), Appendix C (L441-447), RULINGS R21 and R32: armies
    may only be deployed where a supply base lists their nationality; before 1916
    no British, French or German army (nor their dummies) may stand on Fronts 5-6,
    while Austro-Hungarian armies and dummies may (R4: dummies go where their
    empire's armies may)."""
    _, offered, _, _ = opening_deployment_menus()
    assert offered["ah-1"] == [5, 6, 9, 10, 11]
    assert offered["ru-1"] == [7, 8, 9, 11]
    assert offered["sb-1"] == [10]
    assert offered["mn-1"] == [10]
    assert offered["fr-1"] == [1, 2, 3, 4]
    assert offered["br-1"] == [1, 2, 3]
    assert offered["be-1"] == [1]
    assert offered["de-1"] == [1, 2, 3, 4, 7, 8, 9, 10, 11]
    assert offered[f"dummy:{AH}"] == [5, 6, 9, 10, 11]
    assert offered[f"dummy:{RU}"] == [7, 8, 9, 10, 11]
    assert offered[f"dummy:{WA}"] == [1, 2, 3, 4]
    assert offered[f"dummy:{DE}"] == [1, 2, 3, 4, 7, 8, 9, 10, 11]


def test_3_5_italian_theatre_opens_in_1916():
    """3.5 (rulebook L198), RULINGS R32: from 1916 British, French, German and
    Italian armies may be deployed on Fronts 5 and 6 (Italians only there)."""
    s = position(year=3, turn=0, role=WA, state="deploy")
    assert "br-4" in top(s)["queue"] and "it-1" in top(s)["queue"]
    assert fronts_for_counter(s, WA, "br-4") == [1, 2, 3, 5, 6]
    assert fronts_for_counter(s, WA, "it-1") == [5, 6]
    s = position(year=3, turn=0, role=DE, state="deploy")
    german = top(s)["queue"][0]
    assert 5 in fronts_for_counter(s, DE, german) and 6 in fronts_for_counter(s, DE, german)


def test_3_5_no_offensive_in_the_italian_theatre_before_1916():
    """3.5 (rulebook L198): Austro-Hungarian armies may stand on Fronts 5-6 early
    but may not attack there before 1916; from 1916 they may."""
    s = position(role=AH)  # 1/1914, AH armies stand on Front 5
    assert board.controlled(s, AH, 5)
    assert {"offensive": 5} not in game.actions(s, AH)
    s = position(year=3, turn=1, role=AH)
    assert board.controlled(s, AH, 5)
    assert {"offensive": 5} in game.actions(s, AH)


def end_of_1914(**kw):
    """Player Turn 4 of 1/1914, Austria-Hungary to act last."""
    return position(year=0, turn=4, role=AH, **kw)


def test_3_5_dummy_roll_from_2_1914():
    """3.5 (rulebook L197), RULINGS R40: from 2/1914 each empire with dummies off
    the map rolls; it may bring back up to the roll, never more than it has off
    the map; an S brings none back. An empire with all six on the map does not roll."""
    s = end_of_1914()
    s["dummies"][AH] = {}  # six off the map, as if removed in offensives (4.2)
    s["dummies"][WA] = {"1": 4}  # two off the map
    s["dummies"][DE] = {"1": 5}  # one off the map
    with special_dice(s, 2, 0, 4):  # deployment order AH, RU, WA, DE
        game.apply(s, AH, "pass")
        assert at(s, "deploy", AH) and s["year"] == 1
        assert top(s)["dummies"] == 2 and top(s)["queue"] == []
        drive(s, lambda s: at(s, "deploy", WA))
        assert top(s)["dummies"] == 0 and top(s)["queue"] == ["fr-6", "fr-10"]  # S: none return
        drive(s, lambda s: at(s, "deploy", DE) and not top(s)["queue"])
        assert top(s)["dummies"] == 1  # a 4, but only one is off the map


def test_6_4_returning_dummies_fill_empty_garrison_fronts_first():
    """6.4 (rulebook L291-294), RULINGS R29: from 2/1914 Austria-Hungary must hold
    Fronts 9 and 10 (5-6 only from 1916, R44). With exactly as many counters as
    empty garrison fronts, they must go there, and the empire may not stop before
    they are filled."""
    s = end_of_1914()
    s["dummies"][AH] = {}
    assert board.units(s, AH, 9) == 0 and board.units(s, AH, 10) == 0
    with special_dice(s, 2):
        game.apply(s, AH, "pass")
        assert at(s, "deploy", AH)
        assert game.actions(s, AH) == [{"place": "dummy", "front": 9}, {"place": "dummy", "front": 10}]
        game.apply(s, AH, {"place": "dummy", "front": 9})
        assert game.actions(s, AH) == [{"place": "dummy", "front": 10}]
        game.apply(s, AH, {"place": "dummy", "front": 10})
        assert not at(s, "deploy", AH)
        assert board.units(s, AH, 9) == 1 and board.units(s, AH, 10) == 1


def test_3_5_returning_dummies_are_optional_once_garrisons_are_held():
    """3.5 (rulebook L197): the roll is the maximum that may return ("can be
    returned"): once the garrisons are held, the empire may stop ('done')."""
    s = end_of_1914()
    s["dummies"][AH] = {"9": 1, "10": 1}
    with special_dice(s, 3):
        game.apply(s, AH, "pass")
        assert at(s, "deploy", AH) and top(s)["dummies"] == 3
        assert "done" in game.actions(s, AH)
        assert game.view(s, AH)["prompt"].endswith("up to 3 dummies. Done when you want no more dummies.")
        game.apply(s, AH, "done")
        assert sum(s["dummies"][AH].values()) == 2 and board.dummies_in_pool(s, AH) == 4


def test_6_1_reinforcements_enter_in_their_year():
    """6.1 (rulebook L272): armies enter in the Deployment Turn of the year on
    their counter (2/1914: Russia's 10th and 11th Armies)."""
    s = end_of_1914()
    assert s["armies"]["ru-10"]["where"] == "future" and s["armies"]["ru-11"]["where"] == "future"
    drive(s, lambda s: at(s, "deploy", RU))
    assert s["year"] == 1 and top(s)["queue"] == ["ru-10", "ru-11"]
    assert all(st["where"] == "future" for a, st in s["armies"].items() if board.pack().armies[a].entry > 1)


def test_6_4_deployment_must_keep_the_last_army_for_an_empty_garrison_front():
    """6.4 (rulebook L291-294), RULINGS R29: "the Empire must fill the gap at the
    next Deployment Turn if it can". In 1915 Austria-Hungary deploys AH7, AH10,
    BU1 and BU2 with Fronts 9 and 10 empty; Bulgarians may not stand on Front 9
    (R21). Once AH7 has gone to Front 5, AH10 is the last army that can hold
    Front 9, so it must go there."""
    s = position(year=2, turn=0, role=AH, state="deploy")
    assert top(s)["queue"] == ["ah-7", "ah-10", "bu-1", "bu-2"] and top(s)["dummies"] == 0
    assert board.units(s, AH, 9) == 0 and board.units(s, AH, 10) == 0
    game.apply(s, AH, {"place": "ah-7", "front": 5})
    assert fronts_for_counter(s, AH, "ah-10") == [9]
    assert 9 not in fronts_for_counter(s, AH, "bu-1")  # a Bulgarian may not hold Front 9 (R21)


def test_6_2_replacements_one_per_own_unoccupied_replacement_city():
    """6.2-6.3 (rulebook L278-287), RULINGS R30: at the next Deployment Turn an
    empire brings back armies lost the year before, one per own Replacement City
    the enemy does not hold; it chooses which; the rest are lost for good at the
    following Deployment Turn."""
    s = end_of_1914()
    for a in ("de-1", "de-2", "de-3", "de-4", "de-5"):
        board.lift(s, a, "lost", lost=0, up=True)
    s["owner"].update(aachen=WA, metz=WA)  # two of Germany's four are lost
    s["owner"]["paris"] = DE  # an enemy Replacement City gives nothing (6.3)
    assert deployment.replacement_count(s, DE) == 2
    drive(s, lambda s: at(s, "replace", DE))
    assert s["year"] == 1 and top(s)["left"] == 2
    assert game.actions(s, DE) == [{"replace": a} for a in ("de-1", "de-2", "de-3", "de-4", "de-5")] + ["done"]
    game.apply(s, DE, {"replace": "de-3"})
    assert at(s, "replace", DE) and top(s)["left"] == 1
    game.apply(s, DE, {"replace": "de-5"})
    assert at(s, "deploy", DE)
    assert top(s)["queue"] == ["de-9", "de-3", "de-5"]
    assert s["armies"]["de-3"]["where"] == "ready" and s["armies"]["de-3"]["ctl"] == DE
    assert [s["armies"][a]["where"] for a in ("de-1", "de-2", "de-4")] == ["lost"] * 3
    drive(s, lambda s: s["year"] == 2 and at(s, "deploy", DE))
    assert [s["armies"][a]["where"] for a in ("de-1", "de-2", "de-4")] == ["gone"] * 3


def test_6_3_replacement_count_follows_own_cities_and_recovers():
    """6.3 (rulebook L282-287): each lost own Replacement City costs one
    replacement, recapture restores it; enemy Replacement Cities give none.
    RULINGS R30 and 8.0 result 4 (L331): no replacements in a year of Unrest.
    6.5 (L305): in 1919 the Western Allies count all four of theirs."""
    s = opening()
    assert {r: deployment.replacement_count(s, r) for r in EMPIRES} == {DE: 4, AH: 4, WA: 4, RU: 5}
    s["owner"].update(calais=DE, paris=DE, koln=WA, aachen=WA)
    assert deployment.replacement_count(s, WA) == 2  # Koln is no Replacement City, Aachen not theirs
    assert deployment.replacement_count(s, DE) == 3
    del s["owner"]["aachen"]
    assert deployment.replacement_count(s, DE) == 4
    s["status"][RU]["unrest"] = s["year"]
    assert deployment.replacement_count(s, RU) == 0
    s["year"] = board.Y1919
    assert deployment.replacement_count(s, WA) == 4


def test_6_5_no_reinforcements_in_1919():
    """6.5 (rulebook L305), RULINGS R47: nobody receives reinforcements in 1919,
    not even armies held back by a Revolution."""
    s = position(year=5, turn=4, role=AH)  # the end of 1918
    assert s["armies"]["gr-1"]["where"] == "board"
    board.lift(s, "gr-1", "future")  # as if held back by a revolution in 1918
    drive(s, lambda s: s["year"] == 6 and at(s, "operations"))
    assert s["armies"]["gr-1"]["where"] == "future"
    assert any(e[0] == "6.5" and "No reinforcements" in e[1] for e in s["log"])


def test_8_0_revolution_holds_reinforcements_back_a_year():
    """8.0 result 1 (rulebook L328), RULINGS R47: no reinforcements in the year of
    a Revolution; they arrive at the next Deployment Turn."""
    s = position(year=3, turn=4, role=AH)  # the end of 1916
    assert s["armies"]["gr-1"]["where"] == "future"  # enters in 1917
    s["status"][RU]["revolution"] = 4
    drive(s, lambda s: s["year"] == 4 and at(s, "operations"))
    assert s["armies"]["gr-1"]["where"] == "future"
    drive(s, lambda s: s["year"] == 5 and at(s, "deploy", RU))
    assert "gr-1" in top(s)["queue"]
