"""The First World War: the optional rules 11.1-11.5 (rulebook
shared/rulebooks/004_dc64f91ee782ec25.txt, L363-421), RULINGS R41, R42, R48."""

import pytest
from fww_support import AH, DE, EMPIRES, RU, WA, P, at, clear, drive, game, position, put, special_dice, state_name, top

from kriegsspiel.games.first_world_war import board, deployment, offensive, operations


def offensive_menu(s, role):
    return offensive.offensive_fronts(s, role)


# ----- 11.1 historical set-up, 11.2 war plans ------------------------------------------------


@pytest.mark.parametrize("how", [{"scenario": "historical"}, {"options": {"war_plans": True}}])
def test_11_1_historical_set_up(how):
    """11.1 (rulebook L369-380), RULINGS R41: the armies of August 1914 stand
    where the table puts them (Fronts 9-11 authored), every 1/1914 army is
    placed, and the Deployment Turn only places the six dummies. 11.2 (L388):
    War Plans imply the historical set-up."""
    s = game.new(seed=3, players=4, **how)
    assert at(s, "deploy", AH) and top(s)["queue"] == [] and top(s)["dummies"] == 6
    for a, front in P.historical.items():
        assert s["armies"][a]["where"] == "board" and s["armies"][a]["front"] == front, a
    assert {a for a, info in P.armies.items() if info.entry == 0} == set(P.historical)
    assert P.historical["de-1"] == 1 and P.historical["br-1"] == 2 and P.historical["ru-9"] == 8
    assert not s["on"]["5"] and not s["on"]["6"]  # "Not Available"


def test_11_2_war_plans_restrict_1914_offensives():
    """11.2 (rulebook L386-391): in 1/1914 only, Austria-Hungary attacks only on
    Front 10, Germany only on 1-3, the Western Allies only on 3-4; Russia is free."""
    s = position(options={"war_plans": True})
    assert offensive_menu(s, DE) == [1, 2, 3]
    assert [a["offensive"] for a in game.actions(s, DE) if isinstance(a, dict) and "offensive" in a] == [1, 2, 3]
    assert offensive_menu(s, AH) == [10]
    assert offensive_menu(s, WA) == [3, 4]
    assert offensive_menu(s, RU) == [7, 8, 9, 10, 11]
    plain = position(scenario="historical")
    assert offensive_menu(plain, DE) == [1, 2, 3, 4, 7, 8]
    assert offensive_menu(plain, AH) == [9, 10]
    later = position(year=1, options={"war_plans": True})
    assert set(offensive_menu(later, DE)) - {1, 2, 3}


def test_11_2_a_war_plan_binds_an_empires_armies_whoever_commands_them():
    """11.2 (L390): "German Armies may only attack in Fronts 1, 2, and 3": a German army under
    Austro-Hungarian command on Front 10 (7.1) neither leads nor makes possible an offensive
    there in 1/1914, though Austria-Hungary's plan is Front 10."""
    s = position(options={"war_plans": True})
    clear(s, 10)
    put(s, "de-4", 10)
    s["armies"]["de-4"]["ctl"] = AH
    assert 10 not in offensive_menu(s, AH)
    assert {"offensive": 10} not in operations.operations(s, AH)  # the quick listing agrees
    assert "de-4" not in offensive.attackers(s, AH, 10)
    put(s, "ah-1", 10)  # an Austro-Hungarian army there: the offensive, led by it alone
    assert 10 in offensive_menu(s, AH) and {"offensive": 10} in operations.operations(s, AH)
    assert offensive.attackers(s, AH, 10) == ["ah-1"]


# ----- 11.3 no axis aggression ----------------------------------------------------------------


def test_11_3_excluded_armies_and_markers():
    """11.3 (rulebook L399-403), RULINGS R18: American, Belgian, British and
    Italian armies, ITB and MEF are out of play; the British Rifles, Shell
    Shortage, Siege Mines, Americans Arrive, Royal Naval Blockade, Axis
    Atrocity, Poison Gas and Submarine Warfare markers are removed."""
    s = game.new(seed=2, players=4, options={"no_axis_aggression": True})
    out = {a for a, st in s["armies"].items() if st["where"] == "out"}
    expected = {a for a, info in P.armies.items() if info.nationality in ("us", "belgian", "british", "italian")}
    assert out == expected | {"itb", "mef"}
    assert "or" not in out
    gone = {
        "british-rifles",
        "shell-shortage",
        "siege-mines",
        "americans-arrive",
        "royal-naval-blockade",
        "axis-atrocity",
        "poison-gas",
        "submarine-warfare",
    }
    assert set(s["removed"]) == gone
    s = position(year=6, turn=1, options={"no_axis_aggression": True})
    held = {m for r in EMPIRES for m in s["hands"][r]} | set(s["cups"]["central"] + s["cups"]["entente"])
    held |= set(s["used"]["central"] + s["used"]["entente"])
    assert not held & gone


def test_11_3_fronts_1_2_5_6_are_unused_but_their_replacement_cities_count():
    """11.3 (rulebook L399): Fronts 1-2 and 5-6 may not be used by either side,
    but both sides still benefit from the Replacement Cities on them (Calais,
    Aachen, Venezia, Trieste)."""
    s = game.new(seed=2, players=4, options={"no_axis_aggression": True})
    menus = {}
    while not at(s, "operations"):
        role = game.active(s)[0]
        f = top(s)
        key = f["queue"][0] if f["queue"] else f"dummy:{role}"
        unit = f["queue"][0] if f["queue"] else "dummy"  # the counters go down in any order (3.5)
        acts = [a for a in game.actions(s, role) if a != "done" and a["place"] == unit]
        menus.setdefault(key, sorted(a["front"] for a in acts))
        game.apply(s, role, acts[0])
    assert menus["fr-1"] == [3, 4]
    assert menus["de-1"] == [3, 4, 7, 8, 9, 10, 11]
    assert menus["ah-1"] == [9, 10, 11]
    assert menus[f"dummy:{WA}"] == [3, 4] and menus[f"dummy:{AH}"] == [9, 10, 11]
    assert all(not s["on"][str(n)] and not any(s["dummies"][r].get(str(n)) for r in EMPIRES) for n in (1, 2, 5, 6))
    assert {r: deployment.replacement_count(s, r) for r in EMPIRES} == {DE: 4, AH: 4, WA: 4, RU: 5}
    s = position(year=3, turn=1, options={"no_axis_aggression": True})
    for r in EMPIRES:
        assert not set(offensive_menu(s, r)) & {1, 2, 5, 6}


# ----- 11.4 variable order ---------------------------------------------------------------------


def test_11_4_play_follows_the_rolled_order():
    """11.4 (rulebook L407): from 2/1914 the rolled orders are used for the
    Deployment Turn and for every Player Turn of the year."""
    s = position(year=0, turn=4, role=AH, options={"variable_order": True})
    with special_dice(s, 1, 4, 3, 2, 4, 0, 0, 3, 2, 0):
        game.apply(s, AH, "pass")
        assert s["order"] == {"deploy": [AH, WA, RU, DE], "turns": [DE, RU, AH, WA]}
        deployers, acting = [], []
        while not (s["turn"] == 2):
            role = game.active(s)[0]
            if state_name(s) == "deploy" and (not deployers or deployers[-1] != role):
                deployers.append(role)
            if state_name(s) == "operations":
                acting.append(role)
            acts = game.actions(s, role)
            game.apply(s, role, "pass" if "pass" in acts else acts[0])
        assert deployers == [WA, RU, DE]  # Austria-Hungary has nothing to deploy in 2/1914
        assert acting == [DE, RU, AH, WA]


# ----- 11.5 solitaire --------------------------------------------------------------------------


SOLO = {"solitaire": True}


def test_11_5_the_central_powers_use_no_dummies_and_nobody_holds_markers():
    """11.5 (rulebook L415, L419), RULINGS R42: the Central Powers use no dummy
    counters; markers are not accumulated (no draw at the start, at a new year or
    on an S)."""
    s = position(players=2, options=SOLO)
    assert s["dummy_count"] == {DE: 0, AH: 0, WA: 6, RU: 6}
    assert s["dummies"][DE] == {} and s["dummies"][AH] == {}
    assert sum(s["dummies"][WA].values()) == 6
    assert all(s["hands"][r] == [] for r in EMPIRES)
    s = position(players=2, year=1, options=SOLO)
    assert all(s["hands"][r] == [] for r in EMPIRES)


def solo_front(role, front, pieces):
    s = position(players=2, role=role, options=SOLO)
    clear(s, front)
    for a in pieces:
        put(s, a, front)
    return s


def test_11_5_an_austro_hungarian_offensive_fails_on_an_s():
    """11.5 (rulebook L416): Austria-Hungary rolls before each offensive; on an S
    the offensive does not take place (no leads, no losses, the turn is spent)."""
    s = solo_front(AH, 10, ["ah-1", "sb-1"])
    with special_dice(s, 0):
        game.apply(s, AH, {"offensive": 10})
        assert s["battle"] is None
        assert s["last_battle"]["leads"] == {} and s["last_battle"]["result"] is None
        assert s["armies"]["ah-1"]["where"] == "board" and s["armies"]["sb-1"]["where"] == "board"
        assert any(e[0] == "11.5" and "fails" in e[1] for e in s["log"])
        assert at(s, "operations", DE) and s["turn"] == 2


def test_11_5_an_austro_hungarian_offensive_goes_ahead_on_1_to_4():
    """11.5 (rulebook L416): on 1-4 the Austro-Hungarian offensive takes place."""
    s = solo_front(AH, 10, ["ah-1", "sb-1"])
    with special_dice(s, 3, 1, 1):
        game.apply(s, AH, {"offensive": 10})
        assert state_name(s) == "lead" and game.active(s) == [AH]
        game.apply(s, AH, {"lead": "ah-1"})
        game.apply(s, RU, {"lead": "sb-1"})
        assert s["last_battle"]["dice"] == {AH: 1, RU: 1}


@pytest.mark.parametrize("face,happens", [(1, False), (4, False), (0, True)])
def test_11_5_russia_attacks_only_on_an_s(face, happens):
    """11.5 (rulebook L416): Russia rolls before each offensive; 1-4 means it does
    NOT take place, S means it does."""
    s = solo_front(RU, 7, ["ru-1", "de-8"])
    with special_dice(s, face):  # the roll before the offensive, and no other die
        game.apply(s, RU, {"offensive": 7})
        if happens:
            assert state_name(s) == "lead" and game.active(s) == [RU]
        else:
            assert s["battle"] is None and s["last_battle"]["leads"] == {}
            assert any(e[0] == "11.5" and "does not take place" in e[1] for e in s["log"])


def test_11_5_germany_and_the_western_allies_do_not_roll_and_no_s_draw():
    """11.5 (rulebook L416, L419), RULINGS R25: only Austria-Hungary and Russia
    roll before an offensive; an S in combat draws no marker in solitaire play."""
    s = solo_front(DE, 1, ["de-1", "br-1"])
    with special_dice(s, 0, 0):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert s["battle"] is None
        assert s["last_battle"]["dice"] == {DE: 0, WA: 0}
        assert not at(s, "s_draw")
        assert all(s["hands"][r] == [] for r in EMPIRES)


def test_11_5_the_last_german_army_under_austro_hungarian_command_stays():
    """11.5 (rulebook L415), RULINGS R48: from 2/1914 at least one German army
    must always be under Austro-Hungarian control: the last German army on Fronts
    5-6 or 9-11 may not be moved away."""
    s = position(players=2, year=1, turn=1, role=AH, options=SOLO)
    german_east = [a for n in board.AH_FRONTS for a in s["on"][str(n)] if P.armies[a].empire == DE]
    for a in german_east:
        board.lift(s, a, "out")
    put(s, "de-4", 10, ctl=AH)
    put(s, "ah-1", 10)
    put(s, "ah-2", 9)
    assert {"transfer": 10} in game.actions(s, AH)
    game.apply(s, AH, {"transfer": 10})
    moves = [a for a in game.actions(s, AH) if a != "done"]
    assert moves and all(a["move"] != "de-4" for a in moves)


def test_11_5_a_reserved_mandatory_marker_waits_for_the_next_player_turn():
    """11.5 (rulebook L419): in solitaire play a mandatory marker drawn before an
    offensive is "reserved for compulsory use in the next Player Turn": another
    offensive later in the same Player Turn neither uses nor discards it."""
    s = position(players=2, options=SOLO)
    clear(s, 1)
    for a in ("de-1", "de-2", "br-1", "fr-1"):
        put(s, a, 1)
    s["cups"]["central"] = []
    s["cups"]["entente"] = ["uncoded-wireless"]  # Russian, mandatory: no use to a British lead
    with special_dice(s, 1, 4, 4, 1):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert s["reserved"]["entente"] == {"marker": "uncoded-wireless", "due": 1}  # Player Turn 2 of 1/1914
        assert at(s, "operations", WA) and s["turn"] == 1
        game.apply(s, WA, {"offensive": 1})
        game.apply(s, WA, {"lead": "br-1"})
        game.apply(s, DE, {"lead": "de-2"})
        assert s["turn"] == 1
        assert s["reserved"]["entente"] == {"marker": "uncoded-wireless", "due": 1}
        assert "uncoded-wireless" not in s["removed"]


def test_11_5_a_mandatory_marker_drawn_before_an_offensive_is_never_used_in_it():
    """11.5 (L419): a mandatory marker drawn before an offensive is "reserved for compulsory
    use in the next Player Turn", even one that fits the lead army (Axis Atrocity, German)."""
    s = position(players=2, options=SOLO)
    clear(s, 1)
    for a in ("de-1", "br-1"):
        put(s, a, 1)
    s["cups"]["central"] = ["axis-atrocity"]
    s["cups"]["entente"] = []
    with special_dice(s, 1, 4):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
    assert s["reserved"]["central"] == {"marker": "axis-atrocity", "due": 1}
    assert s["battle"] is None or s["battle"]["markers"].get(DE) != "axis-atrocity"
    assert "axis-atrocity" not in s["removed"]


def test_11_5_the_markers_are_drawn_before_the_leads_are_chosen():
    """11.5 (rulebook L419): "randomly draw an Events Marker for each side before each
    offensive. It may only be used ... if the markers nationality matches the lead armies'":
    the solo player sees the marker before choosing the lead, and chooses one it fits. They
    were drawn only once both leads were revealed."""
    s = position(players=2, options=SOLO)
    clear(s, 1)
    for a in ("de-1", "br-1"):
        put(s, a, 1)
    s["cups"]["central"] = ["big-bertha"]  # German: fits a German lead
    s["cups"]["entente"] = ["machine-guns"]
    with special_dice(s, 1, 4):
        game.apply(s, DE, {"offensive": 1})
        assert state_name(s) == "lead" and game.active(s) == [DE]
        assert s["cups"]["central"] == [] and s["cups"]["entente"] == []  # drawn already
        drawn = [e[1] for e in s["log"] if e[0] == "11.5"]
        assert "Germany draws Big Bertha before the offensive." in drawn
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
    b = s["last_battle"]
    assert b["markers"].get(DE) == "big-bertha"


def test_11_5_a_marker_drawn_for_an_offensive_without_leads_goes_back_to_the_cup():
    """11.5: with no defenders the attacker occupies a city at once (4.1): no lead is chosen,
    so the markers drawn go back to their cups."""
    s = position(players=2, options=SOLO)
    clear(s, 1)
    put(s, "de-1", 1)
    s["cups"]["central"] = ["big-bertha"]
    s["cups"]["entente"] = ["machine-guns"]
    game.apply(s, DE, {"offensive": 1})
    assert s["battle"] is None
    assert s["cups"]["central"] == ["big-bertha"] and s["cups"]["entente"] == ["machine-guns"]


def test_r48_solitaire_german_deployments_alternate_west_and_east():
    """11.5 (rulebook L415), RULINGS R48: in solitaire play most German
    reinforcements go to the Western Theatre in 2/1914, 1916 and 1918 and to the
    Eastern in 1915, 1917 and 1919: in 1915, once one of four armies has gone
    West, the next may only go East."""
    assert top(position(players=2, year=1, turn=0, role=DE, state="deploy", options=SOLO))["theatre"] == "west"
    assert top(position(players=2, year=3, turn=0, role=DE, state="deploy", options=SOLO))["theatre"] == "west"
    s = position(players=2, year=2, turn=0, role=DE, state="deploy", options=SOLO)
    assert top(s)["theatre"] == "east" and top(s)["queue"] == ["de-10", "de-11", "de-12", "de-sud"]
    assert {"place": "de-10", "front": 1} in game.actions(s, DE)
    game.apply(s, DE, {"place": "de-10", "front": 1})
    fronts = [a["front"] for a in game.actions(s, DE)]
    assert fronts and all(P.fronts[n].theatre == "east" for n in fronts)


def test_r48_the_majority_keeps_a_place_for_the_army_bound_for_austria_hungary():
    """11.5 (rulebook L415), RULINGS R48: in a West year most German armies placed go West, and
    with no German army under Austro-Hungarian command the last goes there. The majority did not
    count that last army: in 2/1914 two of three went East."""
    s = position(players=2, year=0, turn=4, role=AH, options=SOLO)
    for a in ("de-2", "de-3"):
        board.lift(s, a, "lost", lost=0, up=True)
    for n in board.AH_FRONTS:
        for a in list(s["on"][str(n)]):
            if P.armies[a].empire == DE:
                board.place(s, a, 1)
    german = [a for a in s["on"]["1"] if P.armies[a].empire == DE]
    for a, n in zip(german[1:], (2, 3, 4), strict=False):
        put(s, a, n, ctl=DE)
    s = drive(s, lambda t: at(t, "replace", DE) or at(t, "deploy", DE))
    while at(s, "replace", DE):
        game.apply(s, DE, game.actions(s, DE)[0])
    placed = []
    while at(s, "deploy", DE):
        legal = [a for a in game.actions(s, DE) if a != "done"]
        east = [a for a in legal if P.fronts[a["front"]].theatre == "east"]
        choice = east[0] if east else legal[0]  # east whenever it may: the limit is the rule's
        game.apply(s, DE, choice)
        placed.append(P.fronts[choice["front"]].theatre)
    assert len(placed) == 3 and placed.count("west") == 2 and placed[-1] == "east"


def test_11_5_solitaire_is_played_as_the_two_player_game():
    """11.5 L415: "The solo player takes the role of the Central Powers"; R42: the solitaire game counts
    as a 2-player game. With 3 or 4 players the 3-4-player rules bound the solo player (Germany could
    not take its armies back from Austria-Hungary, 7.1; Russia could refuse the treaty, 10.0)."""
    from kriegsspiel.lab.fuzz import setup_for

    with pytest.raises(ValueError, match="played with 2 players, not 4"):
        game.new(seed=1, players=4, options=SOLO)
    assert game.new(seed=1, players=4, options={"solitaire": False})["players"] == 4
    assert game.catalog_entry()["options"]["solitaire"]["players"] == [2]
    setups = [setup_for(game, seed) for seed in range(60)]
    assert any(x["options"]["solitaire"] for x in setups)
    assert all(x["players"] == 2 for x in setups if x["options"]["solitaire"])
