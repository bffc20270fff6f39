"""The First World War: 4.0 offensives, rules 4.1-4.8 (rulebook
shared/rulebooks/004_dc64f91ee782ec25.txt, L213-238) and RULINGS R6-R10, R22, R28."""

import pytest
from fww_support import (
    AH,
    DE,
    RU,
    WA,
    clear,
    dummy,
    fight,
    game,
    hand,
    opening,
    pass_until,
    position,
    put,
    special_dice,
    state_name,
)

from kriegsspiel.games.first_world_war import board, offensive


def duel(s, front, pieces, empty_hands=(DE, AH, WA, RU)):
    clear(s, front)
    for army in pieces:
        put(s, army, front)
    for r in empty_hands:
        hand(s, r)
    return s


def test_4_1_walk_over_when_no_defender():
    """4.1 (rulebook L215): on a front with no defending armies the attacker
    occupies a city at once, as if it had won: no leads, no dice (the generator
    is not touched), +1 VP to the attacker, -1 to the loser (2.2, 9.0)."""
    s = duel(opening(), 2, ["de-1"])
    rng = s["rng"]
    b = fight(s, DE, 2)
    assert b["leads"] == {} and b["dice"] == {} and b["result"] is None
    assert s["rng"] == rng
    assert board.owner(s, "liege") == DE
    assert s["vp"][DE] == 7 and s["vp"][WA] == 5


def test_4_2_defending_dummies_are_removed_and_return_to_the_pool():
    """4.2 (rulebook L217): when real defenders are present the offensive is
    resolved, and the defender's dummies on that front are removed at once (they
    may come back at the next deployment, RULINGS R40); the attacker's stay."""
    s = duel(opening(), 1, ["de-1", "br-1"])
    dummy(s, WA, 1, 2)
    dummy(s, DE, 1, 1)
    pool = board.dummies_in_pool(s, WA)
    game.apply(s, DE, {"offensive": 1})
    assert state_name(s) == "lead"
    assert board.dummies(s, WA, 1) == 0 and board.dummies_in_pool(s, WA) == pool + 2
    assert board.dummies(s, DE, 1) == 1


def test_4_2_a_front_held_only_by_dummies_falls_as_if_won():
    """RULINGS R7: once the dummies are gone and no real defender is left, the
    offensive is settled as in 4.1: no leads, no markers, no dice; the attacker
    takes a city."""
    s = duel(opening(), 1, ["de-1"])
    dummy(s, WA, 1, 3)
    hand(s, DE, "falkenhayn")
    rng = s["rng"]
    b = fight(s, DE, 1)
    assert b["leads"] == {} and b["dice"] == {} and b["markers"] == {}
    assert s["rng"] == rng
    assert board.dummies(s, WA, 1) == 0
    assert board.owner(s, "antwerp") == DE
    assert s["hands"][DE] == ["falkenhayn"]


def test_4_3_attacker_reveals_first_and_only_its_own_real_armies_lead():
    """4.3 (rulebook L219): each side reveals one army as its lead, the attacker
    first; the lead is one of its real armies on that front, and it is turned
    face-up."""
    s = duel(opening(), 1, ["de-1", "de-3", "br-1", "fr-1"])
    game.apply(s, DE, {"offensive": 1})
    assert game.active(s) == [DE]
    assert game.actions(s, DE) == [{"lead": "de-1"}, {"lead": "de-3"}]
    game.apply(s, DE, {"lead": "de-3"})
    assert s["armies"]["de-3"]["up"] and not s["armies"]["de-1"]["up"]
    assert game.active(s) == [WA]
    assert game.actions(s, WA) == [{"lead": "br-1"}, {"lead": "fr-1"}]


def test_4_3_dummies_do_not_count_for_the_plus_one_and_4_6_tie_loses_both_leads():
    """4.3 (rulebook L219), RULINGS R6: only real armies count for the +1: one
    German army with three dummies against one British army gets no bonus.
    4.6 (L230): equal totals (3+1 = 3+1) lose both lead armies."""
    s = duel(opening(), 1, ["de-1", "br-1"])
    dummy(s, DE, 1, 3)
    b = fight(s, DE, 1, dice=(1, 1))
    assert b["totals"] == {DE: 4, WA: 4} and b["result"] == "both"
    assert s["armies"]["de-1"]["where"] == "lost" and s["armies"]["br-1"]["where"] == "lost"


def test_4_3_the_defender_with_more_armies_adds_one():
    """4.3 (rulebook L219): the side with the most armies adds 1, defender
    included: German CV 2 + 3 against British CV 3 + 1 + 1 (two armies)."""
    s = duel(opening(), 1, ["de-3", "br-1", "fr-1"])
    b = fight(s, DE, 1, leads={WA: "br-1"}, dice=(3, 1))
    assert b["totals"] == {DE: 5, WA: 5}


def test_4_3_the_whole_defending_alliance_counts_and_the_home_empire_defends():
    """RULINGS R6 and R10: every real army of the defending alliance counts: two
    Russian armies against an Austro-Hungarian and a German army on Front 9 gives
    no +1; Austria-Hungary, the front's home empire, leads the defence."""
    s = duel(position(role=RU), 9, ["ru-3", "ru-5", "ah-1", "de-4"])
    assert s["armies"]["de-4"]["ctl"] == DE
    game_b = fight(s, RU, 9, dice=(2, 2))
    assert game_b["defender"] == AH and game_b["leads"][AH] == "ah-1"
    assert game_b["totals"] == {RU: 4, AH: 4}


def test_r10_the_partner_defends_when_the_home_empire_has_no_army_there():
    """RULINGS R10: with no Austro-Hungarian army on Front 9, the German army
    there defends, and Germany reveals the lead."""
    s = duel(position(role=RU), 9, ["ru-3", "de-4"])
    game.apply(s, RU, {"offensive": 9})
    game.apply(s, RU, {"lead": "ru-3"})
    assert s["battle"]["defender"] == DE and game.active(s) == [DE]
    assert game.actions(s, DE) == [{"lead": "de-4"}]


def test_4_5_an_s_counts_as_zero():
    """4.5 (rulebook L223): a die roll of S is treated as 0."""
    s = duel(opening(), 1, ["de-1", "br-1"])
    b = fight(s, DE, 1, dice=(0, 4))
    assert b["dice"] == {DE: 0, WA: 4} and b["totals"] == {DE: 3, WA: 7}
    assert b["result"] == "repulsed"


def test_4_6_a_win_occupies_a_city_of_the_attackers_choice_and_costs_nothing():
    """4.6 (rulebook L231-232), RULINGS R8 and R9: a winning attacker loses no
    army and occupies one enemy city joined by an attack line to a location his
    alliance holds; on a branching front (Front 4) he chooses which. VP +1/-1."""
    s = duel(pass_until(opening(), WA), 4, ["fr-1", "de-7"])
    with special_dice(s, 4, 1):
        game.apply(s, WA, {"offensive": 4})
        game.apply(s, WA, {"lead": "fr-1"})
        game.apply(s, DE, {"lead": "de-7"})  # both hands empty: no marker is asked for (5.3)
        assert state_name(s) == "advance"
        assert game.actions(s, WA) == [{"occupy": "mulhausen"}, {"occupy": "strassburg"}]
        game.apply(s, WA, {"occupy": "strassburg"})
        b = s["last_battle"]
        assert b["result"] == "won" and b["totals"] == {WA: 5, DE: 3}
        assert board.owner(s, "strassburg") == WA and board.owner(s, "mulhausen") == DE
        assert s["vp"][WA] == 7 and s["vp"][DE] == 5
        assert s["armies"]["fr-1"]["where"] == "board" and s["armies"]["de-7"]["where"] == "board"


def test_4_6_no_city_left_gives_one_capitulation_point_per_front_per_year():
    """4.6 (rulebook L231), 8.0 (L321), RULINGS R28: a win with no city left to
    occupy gives the base owner one capitulation point, but only one per front
    per year."""
    s = duel(opening(), 7, ["de-8", "ru-1"])
    s["owner"].update(riga=DE, kovno=DE)
    s["cp_fronts"] = ["russia:7"]
    fight(s, DE, 7, dice=(4, 1))
    assert s["cp"][RU] == 0 and s["cp_fronts"] == ["russia:7"]


def test_9_0_vp_never_fall_below_zero_and_have_no_cap():
    """9.0 (rulebook L337), RULINGS R35: the loser's VP stop at 0 while the
    capturer still gains 1."""
    s = duel(opening(), 2, ["de-1"])
    s["vp"][WA] = 0
    s["vp"][DE] = 30
    fight(s, DE, 2)
    assert s["vp"][WA] == 0 and s["vp"][DE] == 31


MOUNTAIN = [
    (4, True, 0, DE, "de-1", "fr-1"),
    (10, True, 0, AH, "ah-1", "sb-1"),
    (5, True, 3, AH, "ah-1", "it-3"),
    (6, True, 3, AH, "ah-1", "it-3"),
    (3, False, 0, DE, "de-1", "fr-1"),
    (9, False, 0, AH, "ah-1", "ru-3"),
    (11, False, 0, AH, "ah-1", "ru-3"),
]


@pytest.mark.parametrize("front,mountain,year,attacker,army,defender_army", MOUNTAIN)
def test_4_8_attacks_on_fronts_4_5_6_10_are_made_at_minus_one(front, mountain, year, attacker, army, defender_army):
    """4.8 (rulebook L236): all attacks on Fronts 4, 5, 6 and 10 are at -1 (the
    attacker's total only); other fronts have no such penalty."""
    s = duel(position(year=year, role=attacker), front, [army, defender_army])
    p = board.pack()
    b = fight(s, attacker, front, dice=(2, 2))
    d = b["defender"]
    assert b["totals"][attacker] == p.armies[army].cv + 2 - (1 if mountain else 0)
    assert b["totals"][d] == p.armies[defender_army].cv + 2
    assert board.MOUNTAIN_FRONTS == (4, 5, 6, 10)


def test_r15_a_capitulated_empire_neither_attacks_nor_is_attacked():
    """8.0 (rulebook L327), RULINGS R15: a capitulated empire makes no more
    offensives, and the fronts whose home empire it is may no longer be attacked."""
    s = opening()
    put(s, "de-8", 7)
    before = offensive.offensive_fronts(s, DE)
    assert 1 in before and 7 in before
    s["status"][WA]["capitulated"] = True
    after = offensive.offensive_fronts(s, DE)
    assert not set(after) & {1, 2, 3, 4, 5, 6}
    assert 7 in after
    assert offensive.offensive_fronts(s, WA) == []


def test_r28_a_walk_over_on_a_front_with_no_city_left_gives_the_point():
    """RULINGS R28: a walk-over (4.1) counts as a win: with every city of Front 7
    held by the Central Powers and no Russian army there, Russia, owner of the
    defending base, receives a capitulation point."""
    s = duel(opening(), 7, ["de-8"])
    s["owner"].update(riga=DE, kovno=DE)
    fight(s, DE, 7)
    assert s["cp"][RU] == 1 and s["cp_fronts"] == ["russia:7"]


def test_r12_cities_taken_by_austro_hungarian_commanded_german_armies_score_for_austria_hungary():
    """7.1 (rulebook L311), RULINGS R12: a German army under Austro-Hungarian
    command fights in Austria-Hungary's turn, may lead its offensive, and the
    city it takes scores for Austria-Hungary."""
    s = position(players=4, deploy={"de-4": 9})
    s = pass_until(s, AH)
    clear(s, 9)
    put(s, "de-4", 9, ctl=AH)
    put(s, "ru-4", 9)
    for r in (DE, AH, WA, RU):
        hand(s, r)
    with special_dice(s, 4, 1):
        game.apply(s, AH, {"offensive": 9})
        assert game.actions(s, AH) == [{"lead": "de-4"}]
        game.apply(s, AH, {"lead": "de-4"})
        game.apply(s, RU, {"lead": "ru-4"})  # both hands empty: no marker is asked for (5.3)
        assert s["last_battle"]["result"] == "won"
        assert board.owner(s, "rovno") == AH and s["vp"][AH] == 7 and s["vp"][DE] == 6 and s["vp"][RU] == 5


def test_2_2_recapture_removes_the_occupation_marker():
    """2.2 (rulebook L89), RULINGS R9: the original owner may recapture a city
    (lines work both ways); its Occupation Marker is removed and the VP return."""
    s = duel(opening(), 2, ["de-1"])
    fight(s, DE, 2)
    assert s["owner"] == {"liege": DE} and s["vp"][DE] == 7 and s["vp"][WA] == 5
    clear(s, 2)
    put(s, "fr-1", 2)
    assert board.targets(s, 2, "entente") == ["liege"]
    fight(s, WA, 2)
    assert "liege" not in s["owner"] and board.owner(s, "liege") == WA
    assert s["vp"][DE] == 6 and s["vp"][WA] == 6


@pytest.mark.parametrize("with_dummy", [False, True])
def test_4_2_an_offensive_cannot_be_taken_back_once_the_defenders_are_turned_over(with_dummy):
    """4.2 (rulebook L217): launching an offensive removes the defenders' dummies, so the attacker
    learns which of the counters facing it are real, and as much when none were dummies: from
    then on the offensive cannot be undone (docs/ENGINE.md: nothing hidden is taken back)."""
    s = opening()
    clear(s, 1)
    put(s, "de-1", 1)
    put(s, "fr-1", 1)
    if with_dummy:
        dummy(s, WA, 1)
    launch = {"offensive": 1}
    assert launch in game.actions(s, DE)
    game.apply(s, DE, launch)
    assert not game.can_undo(s, DE)
