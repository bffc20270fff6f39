"""The First World War: 3.6 Operations (offensive, railway movement, strategic
transfer, pass), 6.4 the minimum garrison when moving, 7.1-7.2 command of
foreign armies (rulebook shared/rulebooks/004_dc64f91ee782ec25.txt)."""

import pytest
from fww_support import AH, DE, RU, WA, at, clear, dummy, game, opening, pass_until, position, put, state_name

import kriegsspiel
from kriegsspiel.games.first_world_war import board, events, operations


def west_only(s):
    """Germany with de-1, de-2, de-3 and one dummy on Front 1, nothing else anywhere."""
    for n in range(1, 12):
        for a in list(s["on"][str(n)]):
            if s["armies"][a]["ctl"] == DE:
                board.lift(s, a, "out")
    s["dummies"][DE] = {}
    for a in ("de-1", "de-2", "de-3"):
        put(s, a, 1)
    dummy(s, DE, 1)
    return s


def test_3_6_the_four_actions():
    """3.6 (rulebook L202-207): one action a Player Turn: an offensive where the
    empire has real armies, a railway movement, a strategic transfer, or pass."""
    s = west_only(opening())
    dummy(s, DE, 4)  # a front with only a dummy: no offensive there (4.1)
    acts = game.actions(s, DE)
    assert acts[0] == "pass"
    assert {"offensive": 1} in acts and {"offensive": 4} not in acts
    assert [a for a in acts if isinstance(a, dict) and "offensive" in a] == [{"offensive": 1}]
    assert {"railway": 1} in acts and {"transfer": 1} in acts
    assert {"railway": 4} in acts and {"transfer": 4} in acts  # dummies move too
    game.apply(s, DE, "pass")
    assert at(s, "operations", WA)  # one action, then the next empire (3.4)


def test_3_6_railway_movement_any_or_all_to_adjacent_fronts():
    """3.6 (rulebook L205), RULINGS R31: railway movement takes any or all of the
    counters on one front to adjacent fronts (1 is adjacent to 2 only)."""
    s = west_only(opening())
    game.apply(s, DE, {"railway": 1})
    assert state_name(s) == "railway"
    acts = game.actions(s, DE)
    assert sorted({a["to"] for a in acts if a != "done"}) == [2]
    assert sorted({a["move"] for a in acts if a != "done"}) == ["de-1", "de-2", "de-3", "dummy"]
    for unit in ("de-1", "de-2", "de-3", "dummy"):
        game.apply(s, DE, {"move": unit, "to": 2})
    assert game.actions(s, DE) == ["done"]
    game.apply(s, DE, "done")
    assert board.controlled(s, DE, 1) == [] and board.controlled(s, DE, 2) == ["de-1", "de-2", "de-3"]
    assert s["dummies"][DE] == {"2": 1}
    assert at(s, "operations", WA)


def test_3_6_strategic_transfer_up_to_two_to_non_adjacent_fronts():
    """3.6 (rulebook L206), RULINGS R31: a strategic transfer moves up to two
    counters from one front to fronts not adjacent to it (other theatres
    included); the turn ends after the second."""
    s = west_only(opening())
    game.apply(s, DE, {"transfer": 1})
    acts = game.actions(s, DE)
    assert sorted({a["to"] for a in acts if a != "done"}) == [3, 4, 7, 8, 9, 10, 11]
    game.apply(s, DE, {"move": "de-1", "to": 7})
    assert state_name(s) == "transfer"
    game.apply(s, DE, {"move": "dummy", "to": 3})
    assert at(s, "operations", WA)
    assert s["armies"]["de-1"]["front"] == 7 and s["dummies"][DE] == {"3": 1}
    assert board.controlled(s, DE, 1) == ["de-2", "de-3"]


def test_3_6_moving_between_theatres_is_always_a_transfer():
    """RULINGS R31: no front is adjacent to a front of another theatre; Front 4's
    only neighbour is Front 3, Front 8's are 7 and 9."""
    assert board.pack().fronts[4].adjacent == frozenset({3})
    assert board.pack().fronts[8].adjacent == frozenset({7, 9})
    s = west_only(opening())
    board.place(s, "de-2", 8)
    game.apply(s, DE, {"railway": 8})
    assert sorted({a["to"] for a in game.actions(s, DE) if a != "done"}) == [7, 9]


def test_6_4_last_counter_on_a_garrison_front_cannot_leave_from_2_1914():
    """6.4 (rulebook L291-293), RULINGS R29: from 2/1914 Germany must keep one
    counter (real or dummy) on each of Fronts 1-4: a lone army on Front 1 cannot
    move away; with a dummy beside it, one of the two may go, not both."""
    s = position(year=1, turn=1)
    clear(s, 1)
    put(s, "de-1", 1)
    assert board.garrison_fronts(s, DE) == (1, 2, 3, 4)
    acts = game.actions(s, DE)
    assert {"railway": 1} not in acts and {"transfer": 1} not in acts
    with pytest.raises(kriegsspiel.IllegalAction):
        game.apply(s, DE, {"transfer": 1})
    dummy(s, DE, 1)
    game.apply(s, DE, {"transfer": 1})
    game.apply(s, DE, {"move": "de-1", "to": 7})
    assert game.actions(s, DE) == ["done"]  # the dummy is now the garrison
    game.apply(s, DE, "done")
    assert board.units(s, DE, 1) == 1


def test_6_4_no_garrison_in_1_1914():
    """6.4 (rulebook L291): the rule applies from Game Year 2/1914 only."""
    s = opening()
    clear(s, 1)
    put(s, "de-1", 1)
    assert board.garrison_fronts(s, DE) == ()
    game.apply(s, DE, {"transfer": 1})
    game.apply(s, DE, {"move": "de-1", "to": 7})
    game.apply(s, DE, "done")
    assert board.units(s, DE, 1) == 0


def test_6_4_garrison_fronts_by_empire_and_year():
    """6.4 (rulebook L293-295) with RULINGS R44: WA and DE on 1-4, AH on 5, 6, 9,
    10 (the Italian Fronts only once open in 1916), Russia on 7, 8, 9; Fronts
    closed by No Axis Aggression (11.3) do not count."""
    s = position(year=1, turn=1)
    assert {r: board.garrison_fronts(s, r) for r in (DE, AH, WA, RU)} == {
        DE: (1, 2, 3, 4),
        AH: (9, 10),
        WA: (1, 2, 3, 4),
        RU: (7, 8, 9),
    }
    s = position(year=3, turn=1)
    assert board.garrison_fronts(s, AH) == (5, 6, 9, 10)
    s["options"]["no_axis_aggression"] = True
    assert board.garrison_fronts(s, AH) == (9, 10)
    assert board.garrison_fronts(s, WA) == (3, 4) and board.garrison_fronts(s, DE) == (3, 4)


def test_7_1_a_german_army_arriving_mid_round_stays_german_until_the_next_round():
    """7.1 (rulebook L311), RULINGS R12: control passes when a round starts; a
    German army moved to Front 9 in Player Turn 1 is German until Player Turn 2,
    then under Austro-Hungarian command."""
    s = west_only(opening())
    game.apply(s, DE, {"transfer": 1})
    game.apply(s, DE, {"move": "de-1", "to": 9})
    game.apply(s, DE, "done")
    assert s["armies"]["de-1"]["ctl"] == DE
    pass_until(s, AH)
    assert s["armies"]["de-1"]["ctl"] == DE and s["turn"] == 1
    game.apply(s, AH, "pass")
    assert s["turn"] == 2 and s["armies"]["de-1"]["ctl"] == AH


def test_7_1_moving_between_austro_hungarian_fronts_keeps_austro_hungarian_command():
    """7.1 (rulebook L311): only a move off Fronts 5-6 and 9-11 returns a German
    army to Germany."""
    s = position(players=4, deploy={"de-4": 9})
    s = pass_until(s, AH)
    game.apply(s, AH, {"railway": 9})
    game.apply(s, AH, {"move": "de-4", "to": 10})
    game.apply(s, AH, "done")
    assert s["armies"]["de-4"]["front"] == 10 and s["armies"]["de-4"]["ctl"] == AH


def test_7_2_mef_or_itb_serve_under_russian_command():
    """7.2 (rulebook L317), RULINGS R39: MEF and OR operate on Fronts 10-11 only,
    ITB on 11 only; they are Western Allied armies commanded by Russia, and take
    only Russian or "Any" Entente markers."""
    p = board.pack()
    assert p.armies["mef"].allowed == frozenset({10, 11}) and p.armies["or"].allowed == frozenset({10, 11})
    assert p.armies["itb"].allowed == frozenset({11})
    for a in ("mef", "or", "itb"):
        assert p.armies[a].empire == WA and p.armies[a].controller == RU
    s = position(year=3, turn=1)
    assert s["armies"]["mef"]["ctl"] == RU
    assert "mef" in operations.movable(s, RU, s["armies"]["mef"]["front"])
    assert "mef" not in operations.movable(s, WA, s["armies"]["mef"]["front"])
    assert events.playable(s, RU, "machine-guns", False, "mef")  # Any
    assert events.playable(s, RU, "russian-steamroller", True, "mef")  # Russian
    assert not events.playable(s, RU, "british-rifles", False, "mef")  # British: not for Russia's MEF


@pytest.mark.parametrize(
    "players, options",
    [(4, {}), (2, {}), (3, {"war_plans": True}), (4, {"no_axis_aggression": True}), (2, {"solitaire": True})],
)
def test_3_6_the_one_pass_list_is_the_rules_list(players, options):
    """3.6 Operations offers, in one pass over the fronts, exactly the list the rules
    give front by front (offensive_fronts, movement_kinds with the 6.4 garrison and
    7.1 command), at every Player Turn of whole random games."""
    import random

    pick = random.Random(7)
    seen = 0
    for seed in range(6):
        s = game.new(seed=seed, players=players, options=options)
        while s["stack"]:
            for role in game.active(s):
                acts = game.actions(s, role)
                if state_name(s) == "operations":
                    assert acts == operations.reference_operations(s, role), (seed, role, s["year"], s["turn"])
                    seen += 1
                game.apply(s, role, acts[pick.randrange(len(acts))])
    assert seen > 100
