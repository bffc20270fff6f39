"""The First World War: 8.0 capitulation, 9.0 victory, 10.0 the Treaty of
Brest-Litovsk (rulebook shared/rulebooks/004_dc64f91ee782ec25.txt, L319-361),
with RULINGS R13-R16, R26-R28, R33-R35, R46."""

import pytest
from fww_support import AH, DE, EMPIRES, RU, WA, P, at, clear, drive, dummy, game, opening, position, put, special_dice

from kriegsspiel.games.first_world_war import board, deployment, endgame, offensive, operations


def end_of(year, players=4):
    """Player Turn 4 of that year: Austria-Hungary is about to close the year."""
    return position(players=players, year=year, turn=4, role=AH)


def close_year(s):
    game.apply(s, AH, "pass")
    return s


# ----- 8.0 capitulation ---------------------------------------------------------------------


def test_8_0_no_capitulation_test_before_1916():
    """8.0 (rulebook L321), 3.4 (L191), RULINGS R26: capitulation tests start in
    1916; points gained in 1915 count for nothing and are reset (3.7, L211)."""
    s = end_of(2)
    s["cp"][RU] = 3
    with special_dice(s):
        close_year(s)
        assert s["status"][RU]["failures"] == 0  # no die rolled (the block would fail)
        assert s["cp"] == {r: 0 for r in EMPIRES} and s["cp_fronts"] == []


def test_8_0_one_point_is_no_test():
    """8.0 (rulebook L321, L325), RULINGS R26: only empires with more than one
    capitulation point in the year test."""
    s = end_of(3)
    s["cp"][RU] = 1
    with special_dice(s):
        close_year(s)
        assert s["status"][RU]["failures"] == 0


@pytest.mark.parametrize(
    "points,face,fails", [(2, 0, False), (2, 3, False), (2, 2, True), (2, 1, True), (3, 3, True), (3, 4, False)]
)
def test_8_0_the_capitulation_test(points, face, fails):
    """8.0 (rulebook L325): an S passes automatically; a roll equal to or below
    the capitulation points fails and calls for a results throw."""
    s = end_of(3)
    s["cp"][RU] = points
    with special_dice(s, *([face, 4] if fails else [face])):  # a 4 on the results throw: Unrest
        close_year(s)
        assert s["status"][RU]["failures"] == (1 if fails else 0)
        assert s["status"][RU]["unrest"] == (4 if fails else None)


@pytest.mark.parametrize(
    "face,result", [(0, "capitulated"), (1, "revolution"), (2, "mutiny"), (3, "politics"), (4, "unrest")]
)
def test_8_0_the_results_throw(face, result):
    """8.0 (rulebook L327-331): S Capitulation, 1 Revolution, 2 Mutiny, 3
    Politics, 4 Unrest; the last four last for the following year."""
    s = end_of(3)
    s["cp"][WA] = 2
    with special_dice(s, 1, face):
        close_year(s)
        st = s["status"][WA]
        if result == "capitulated":
            assert st["capitulated"] is True
            assert not any(st[k] for k in ("revolution", "mutiny", "politics", "unrest"))
        else:
            assert st["capitulated"] is False and st[result] == 4
            assert [k for k in ("revolution", "mutiny", "politics", "unrest") if st[k] is not None] == [result]
        assert st["revolution_seen"] == (result == "revolution")
        assert st["bonus"] == (1 if result == "mutiny" else 0)
        if result == "mutiny":  # RULINGS R13
            assert (st["mutiny_nationality"], st["mutiny_theatre"]) == ("french", "west")


def test_8_0_a_second_failed_test_after_a_revolution_is_capitulation():
    """8.0 result 1 (rulebook L328), RULINGS R27: after a Revolution the next
    failed test is a capitulation, without a results throw."""
    s = end_of(3)
    s["status"][RU]["revolution_seen"] = True
    s["cp"][RU] = 2
    with special_dice(s, 1):
        close_year(s)
        assert s["status"][RU]["capitulated"] is True


@pytest.mark.parametrize("face,result", [(4, "politics"), (3, "mutiny"), (2, "revolution"), (1, "capitulated")])
def test_r27_after_a_mutiny_results_shift_towards_capitulation(face, result):
    """8.0 result 2 (rulebook L329), RULINGS R27: after a Mutiny every later
    results throw is one level worse: 4 becomes Politics ... 1 becomes S."""
    s = end_of(3)
    s["status"][WA]["bonus"] = 1
    s["cp"][WA] = 2
    with special_dice(s, 1, face):
        close_year(s)
        st = s["status"][WA]
        if result == "capitulated":
            assert st["capitulated"] is True
        else:
            assert st[result] == 4


def test_8_0_revolution_no_offensives_and_combat_value_0():
    """8.0 result 1 (rulebook L328): during the following year the empire makes no
    offensives and all its armies have combat value 0 (Serbia's among them); other empires are
    unaffected, their armies under its command too (the MEF, a Western Allied army, R55)."""
    s = position(year=4, turn=1, role=RU)
    assert offensive.offensive_fronts(s, RU)
    s["status"][RU]["revolution"] = 4
    assert offensive.offensive_fronts(s, RU) == []
    assert [a for a in game.actions(s, RU) if isinstance(a, dict) and "offensive" in a] == []
    assert board.cv(s, "ru-8") == 0 and board.cv(s, "sb-1") == 0 and board.cv(s, "mef") == 1
    assert board.cv(s, "de-1") == 3
    s["status"][RU]["revolution"] = 3  # last year's revolution is over
    assert board.cv(s, "ru-8") == 3


def test_r13_mutiny_stops_the_main_nationality_in_the_main_theatre():
    """8.0 result 2 (rulebook L329), RULINGS R13: the nationality with the most
    real armies may not attack in the empire's main theatre; others may, and the
    mutineers may still attack elsewhere and defend."""
    s = position(year=3, turn=1, role=WA)
    assert endgame.mutinous(s, WA) == ("french", "west")
    clear(s, 1, 2, 5)
    put(s, "fr-6", 2)
    put(s, "br-1", 1)
    put(s, "fr-1", 1)
    put(s, "fr-2", 5)
    s["status"][WA].update(mutiny=3, mutiny_nationality="french", mutiny_theatre="west")
    fronts = offensive.offensive_fronts(s, WA)
    assert 2 not in fronts and 1 in fronts and 5 in fronts
    assert offensive.attackers(s, WA, 1) == ["br-1"]


def test_8_0_politics_forces_a_pass_on_an_s():
    """8.0 result 3 (rulebook L330): in the following year the empire rolls for
    each of its Player Turns and must pass on an S."""
    s = opening()
    s["status"][WA]["politics"] = 0
    with special_dice(s, 0, 3):
        game.apply(s, DE, "pass")
        assert at(s, "operations", RU)  # the Western Allies' turn was lost
        assert any(e[0] == "8.0" and "must pass" in e[1] for e in s["log"])
        drive(s, lambda s: at(s, "operations", WA))
        assert s["turn"] == 2


def test_r46_a_capitulated_empire_deploys_and_draws_nothing_but_still_acts():
    """8.0 (rulebook L327), RULINGS R15 and R46: a capitulated empire gets no
    reinforcements and draws no marker, but still takes its Player Turns (it may
    move or pass), with no offensive. The game goes on while its partner stands."""
    s = end_of(3)
    s["status"][DE]["capitulated"] = True
    held = list(s["hands"][DE])
    close_year(s)
    drive(s, lambda s: at(s, "operations", DE))
    assert not game.is_over(s) and s["year"] == 4
    assert s["armies"]["de-14"]["where"] == "future"
    assert s["hands"][DE] == held
    assert not [a for a in game.actions(s, DE) if isinstance(a, dict) and "offensive" in a]


def test_8_0_the_game_ends_when_both_empires_of_an_alliance_capitulate():
    """8.0 (rulebook L327), 9.0 (L341): the game ends at once when both empires of
    an alliance have capitulated, and that alliance loses (RULINGS R15)."""
    s = end_of(3)
    s["status"][DE]["capitulated"] = True
    s["cp"][AH] = 2
    s["vp"].update({DE: 20, AH: 20, WA: 1, RU: 1})
    with special_dice(s, 1, 0):
        close_year(s)
        assert game.is_over(s)
        r = game.result(s)
        assert r["winners"] == [RU]  # 4 players: the Western Allies do not have more than Russia
        assert "capitulated" in r["reason"]
        assert s["status"][AH]["capitulated"] is True


# ----- 9.0 victory ---------------------------------------------------------------------------


def finish(players, vp, capitulated=(), brest=None, solitaire=False):
    s = opening(players=players)
    s["vp"] = dict(zip((DE, AH, WA, RU), vp, strict=False))
    for r in capitulated:
        s["status"][r]["capitulated"] = True
    s["brest"] = brest
    s["options"]["solitaire"] = solitaire
    endgame.finish(s, "a test")
    return s["result"]


@pytest.mark.parametrize(
    "players,vp,winners",
    [
        (2, (6, 6, 6, 6), [DE, AH]),  # 9.0 L343: the Central Powers win ties
        (2, (5, 6, 6, 6), [WA, RU]),
        (3, (6, 6, 6, 6), [AH]),
        (3, (9, 6, 6, 6), [DE]),  # L344, RULINGS R14: at least three more
        (3, (8, 6, 6, 8), [AH]),
        (3, (4, 6, 6, 6), [WA, RU]),  # the Entente player wins
        (4, (9, 6, 6, 6), [DE]),
        (4, (5, 6, 7, 6), [WA]),  # L345: the Western Allies need more than Russia
        (4, (5, 6, 6, 7), [RU]),
        (4, (5, 5, 6, 6), [RU]),  # equal: Russia wins
    ],
)
def test_9_0_who_wins(players, vp, winners):
    """9.0 (rulebook L341-345): add the alliance's VP; the Central Powers win if
    they have at least as many; with 3-4 players Germany wins only with three
    more than Austria-Hungary (R14); with 4 the Western Allies win only with more
    than Russia. Scores are the VP."""
    r = finish(players, vp)
    assert r["winners"] == winners
    assert r["scores"] == dict(zip((DE, AH, WA, RU), vp, strict=False))


def test_9_0_russia_adds_eight_after_brest_litovsk_in_the_four_player_game():
    """9.0 (rulebook L345), RULINGS R33: in the 4-player game, if Russia accepted
    the treaty, 8 is added to its total when comparing it with the Western Allies
    only (the alliances are compared without it)."""
    assert finish(4, (5, 5, 12, 5), brest=4)["winners"] == [RU]
    assert finish(4, (5, 5, 12, 5), brest=4)["scores"][RU] == 13
    assert finish(4, (5, 5, 12, 5))["winners"] == [WA]
    assert finish(4, (10, 10, 12, 5), brest=4)["winners"] == [AH]  # 20 to 17: the +8 is not in the alliance total
    assert finish(2, (5, 5, 12, 5), brest=4)["winners"] == [WA, RU]


def test_r15_an_alliance_that_lost_an_empire_cannot_win():
    """9.0 (rulebook L347), RULINGS R15: an alliance with a capitulated empire
    cannot win unless the other alliance also has one; then VP decide and the
    standing empire is the individual winner. VP of the fallen still count."""
    assert finish(2, (20, 20, 1, 1), capitulated=(AH,))["winners"] == [WA, RU]
    assert finish(3, (20, 10, 1, 1), capitulated=(DE, WA))["winners"] == [AH]
    assert finish(4, (1, 1, 9, 3), capitulated=(DE, WA))["winners"] == [RU]
    assert finish(4, (1, 1, 9, 3), capitulated=(DE, WA))["scores"][WA] == 9


def test_r15_an_alliance_with_both_empires_capitulated_loses():
    """8.0 (rulebook L327, L341), RULINGS R15: "An alliance with both Empires
    capitulated loses immediately", even if the other alliance has lost one
    empire and has fewer VP."""
    r = finish(2, (20, 20, 1, 1), capitulated=(DE, AH, WA))
    assert r["winners"] == [WA, RU]


def test_r34_six_fronts_end_the_game_and_vp_decide():
    """9.0 (rulebook L341), RULINGS R34: at the Victory Check the game ends if an
    alliance holds every city on 6 Fronts; the winner is still decided by VP."""
    s = opening()
    for n in range(1, 7):
        for c in board.front_cities(n):
            if P.locations[c].owner in (WA, RU):
                s["owner"][c] = DE
    s["vp"] = {DE: 3, AH: 3, WA: 6, RU: 6}
    drive(s, game.is_over)
    r = game.result(s)
    assert s["year"] == 0
    assert "Fronts 1, 2, 3, 4, 5, 6" in r["reason"]
    assert r["winners"] == [RU]  # the Entente have more VP; Russia is not behind the Western Allies


def test_9_0_the_game_ends_after_1919():
    """9.0 (rulebook L341), 6.5 and Appendix B (L435): the game ends at the
    Victory Check of 1919 and not before."""
    s = end_of(5)
    close_year(s)
    assert not game.is_over(s) and s["year"] == 6
    s = end_of(6)
    close_year(s)
    assert game.is_over(s) and game.result(s)["reason"] == "the end of 1919"
    assert game.active(s) == [] and all(game.actions(s, r) == [] for r in EMPIRES)


# ----- 10.0 the Treaty of Brest-Litovsk ---------------------------------------------------------


def brest_ready(players=2, year=4):
    """The end of that year with the three conditions of 10.0 met (RULINGS R33)."""
    s = end_of(year, players)
    clear(s, 7, 8, 9, 11)
    for army, front in (
        ("de-1", 7),
        ("de-3", 7),
        ("de-2", 8),
        ("de-4", 9),
        ("ah-1", 9),
        ("ah-2", 9),
        ("ah-3", 9),
        ("ah-4", 9),
        ("ru-1", 7),
        ("ru-3", 9),
        ("ro-1", 11),
        ("itb", 11),
    ):
        put(s, army, front)
    dummy(s, RU, 8)
    s["owner"].update(riga=DE, warsawa=DE, minsk=DE)
    assert endgame.treaty_possible(s)
    return s


@pytest.mark.parametrize("players", [2, 3])
def test_10_0_russia_must_accept_in_2_and_3_player_games(players):
    """10.0 (rulebook L351-357), RULINGS R16: in 1917, just before the Victory
    Check, Germany may offer the treaty; in the 2- and 3-player game Russia must
    accept."""
    s = close_year(brest_ready(players))
    assert at(s, "offer_treaty", DE) and game.actions(s, DE) == ["offer", "no"]
    game.apply(s, DE, "offer")
    assert s["brest"] == 4
    assert not at(s, "treaty")


def test_10_0_germany_may_decline_to_offer():
    """10.0 (rulebook L351): the offer is Germany's choice ("may offer")."""
    s = close_year(brest_ready(2))
    game.apply(s, DE, "no")
    assert s["brest"] is None and s["year"] == 5


def test_10_0_four_player_russia_may_refuse_and_the_offer_comes_again():
    """10.0 (rulebook L357), RULINGS R16: in the 4-player game Russia may refuse;
    the offer may be repeated the next year, and then accepted."""
    s = close_year(brest_ready(4))
    game.apply(s, DE, "offer")
    assert at(s, "treaty", RU) and game.actions(s, RU) == ["accept", "refuse"]
    game.apply(s, RU, "refuse")
    assert s["brest"] is None
    drive(s, lambda s: s["year"] == 5 and at(s, "operations", AH) and s["turn"] == 4)
    assert endgame.treaty_possible(s)
    close_year(s)
    assert at(s, "offer_treaty", DE)
    game.apply(s, DE, "offer")
    game.apply(s, RU, "accept")
    assert s["brest"] == 5


def test_10_0_no_offer_before_1917():
    """10.0 (rulebook L351), 3.4 (L190): the treaty step exists from 1917 only."""
    s = close_year(brest_ready(2, year=3))
    assert s["brest"] is None and not at(s, "offer_treaty") and s["year"] == 4


@pytest.mark.parametrize("broken", ["armies", "cities", "occupation"])
def test_10_0_every_condition_is_needed(broken):
    """10.0 (rulebook L353-355), RULINGS R33: three German armies on Fronts 7-8;
    three Russian Replacement Cities held by the Central Powers; no German or
    Austro-Hungarian city held by Russia. Without any one, no offer is made."""
    s = brest_ready(2)
    if broken == "armies":
        board.lift(s, "de-3", "out")
    elif broken == "cities":
        del s["owner"]["minsk"]
    else:
        s["owner"]["konigsberg"] = RU
    assert not endgame.treaty_possible(s)
    close_year(s)
    assert s["brest"] is None and not at(s, "offer_treaty") and s["year"] == 5


def test_10_0_the_effects_of_the_treaty():
    """10.0 (rulebook L359-361), RULINGS R33: Russian and Romanian armies leave
    play; one German army stays on each of Fronts 7, 8, 9 and three
    non-German Austro-Hungarian armies on Front 9 (the weakest), frozen; Fronts 7,
    8, 9 and 11 close; Front 10 fights on; Russia gets one free replacement a
    year; the other counters on the closed fronts leave at the next deployment."""
    s = close_year(brest_ready(2))
    game.apply(s, DE, "offer")
    for a, info in P.armies.items():
        if info.nationality in ("russian", "romanian"):
            assert s["armies"][a]["where"] == "out", a
    locked = sorted(a for a, st in s["armies"].items() if st["locked"])
    assert locked == ["ah-1", "ah-2", "ah-3", "de-2", "de-3", "de-4"]
    assert board.dummies(s, RU, 8) == 0
    assert [n for n in range(1, 12) if not board.front_open(s, n)] == [7, 8, 9, 11]
    assert deployment.replacement_count(s, RU) == 1

    drive(s, lambda s: s["year"] == 5 and at(s, "operations", DE))
    for a in ("de-2", "de-3", "de-4", "ah-1", "ah-2", "ah-3"):
        assert s["armies"][a]["where"] == "board" and s["armies"][a]["locked"], a
    assert s["armies"]["de-1"]["where"] == "board" and s["armies"]["de-1"]["front"] not in (7, 8, 9, 11)
    assert s["armies"]["ah-4"]["where"] == "board" and s["armies"]["ah-4"]["front"] not in (7, 8, 9, 11)
    assert not set(offensive.offensive_fronts(s, DE)) & {7, 8, 9, 11}
    assert 10 in offensive.offensive_fronts(s, RU)  # Serbians, MEF and OR fight on
    assert not set(offensive.offensive_fronts(s, RU)) & {7, 8, 9, 11}
    assert all(a not in operations.movable(s, r, n) for r in (DE, AH) for n in (7, 8, 9) for a in locked)


def test_r33_an_army_left_without_a_front_by_the_treaty_is_removed():
    """RULINGS R33: "Any army with no legal Front left (ITB) is removed" (not
    eliminated: it can never come back as a replacement)."""
    s = close_year(brest_ready(2))
    game.apply(s, DE, "offer")
    drive(s, lambda s: s["year"] == 5 and at(s, "operations", DE))
    assert s["armies"]["itb"]["where"] in ("out", "gone")


MUTINY_PROBE = """
import sys
sys.path.insert(0, "tests/games/first_world_war")
from fww_support import WA, P, board, opening, put
from kriegsspiel.games.first_world_war import endgame
s = opening()
for a, st in list(s["armies"].items()):
    if st["where"] == "board" and P.armies[a].empire == WA:
        board.lift(s, a, "out")
put(s, "br-1", 1)
put(s, "be-1", 1)
print(endgame.mutinous(s, WA)[0])
"""


def test_r13_the_mutinous_nationality_does_not_depend_on_string_hashing():
    """RULINGS R13 settles ties between nationalities in favour of the empire's
    first nationality only; a tie between two others (one British and one Belgian
    army, no French) must still be decided the same way in every process, or a
    record replays differently (docs/ENGINE.md, "Randomness")."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    answers = set()
    for seed in ("0", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run(
            [sys.executable, "-c", MUTINY_PROBE], cwd=root, env=env, capture_output=True, text=True, check=True
        )
        answers.add(out.stdout.strip())
    assert len(answers) == 1, answers


def test_7_1_a_german_army_austria_hungary_deploys_after_brest_litovsk_outside_its_fronts_is_germanys():
    """7.1 L311: German armies on Fronts 5-6 or 9-11 fall under Austro-Hungarian command "until the
    Austro-Hungarian Monarchy voluntarily returns them to the German Empire" (L313: by moving one to
    Front 3). A German army under its command on Front 9, closed by the treaty, is placed again by
    Austria-Hungary (R33): put on the Marne it stayed Austria-Hungary's, to lead its offensive there,
    and Germany could not move it."""
    from fww_support import pass_until, state_name

    s = position(players=4, year=4, turn=4, role=AH)
    clear(s, 7, 8, 9)
    for a, n in (("de-1", 7), ("de-2", 7), ("de-3", 8)):
        put(s, a, n)
    put(s, "de-4", 9, ctl=AH)
    put(s, "de-5", 9, ctl=AH)
    for a in ("ah-1", "ah-3", "ah-4"):
        put(s, a, 9)
    for c in ("riga", "warsawa", "minsk"):
        s["owner"][c] = DE
    for loc, o in list(s["owner"].items()):
        if o == RU:
            del s["owner"][loc]
    game.apply(s, AH, "pass")
    game.apply(s, DE, "offer")
    game.apply(s, RU, "accept")
    free = next(a for a in ("de-4", "de-5") if not s["armies"][a]["locked"])
    assert s["armies"][free]["ctl"] == AH
    for _ in range(200):
        if state_name(s) == "deploy" and AH in game.active(s):
            break
        r = game.active(s)[0]
        acts = game.actions(s, r)
        game.apply(s, r, "pass" if "pass" in acts else ("no" if "no" in acts else acts[0]))
    game.apply(s, AH, {"place": free, "front": 3})
    assert s["armies"][free]["front"] == 3 and s["armies"][free]["ctl"] == DE
    s = pass_until(s, AH)
    assert {"offensive": 3} not in game.actions(s, AH)


@pytest.mark.parametrize(("lead", "offered"), [("sb-1", True), ("ru-2", False)])
def test_10_0_a_city_a_serbian_army_took_does_not_stop_the_treaty(lead, offered):
    """10.0 (rulebook L355): "Russian nationality armies may not occupy any Austro-Hungarian or
    German nationality Cities" (RULINGS R33). Sarajevo taken by the Russian Empire with the
    Serbian 1st Army as its lead leaves the offer open; with a Russian army as its lead, not.
    Any city the Russian Empire held used to stop it."""
    from fww_support import fight, hand

    s = position(players=4, year=4, turn=4, role=RU)  # 1917, Player Turn 4: Russia acts
    s["owner"].update(riga=DE, warsawa=DE, minsk=DE)
    for city, held in list(s["owner"].items()):
        if held == RU:
            del s["owner"][city]
    for army, front in (("de-1", 7), ("de-2", 8), ("de-4", 8)):
        put(s, army, front, ctl=DE)
    assert endgame.treaty_possible(s)
    clear(s, 10)
    put(s, lead, 10)
    put(s, "ah-2", 10)
    hand(s, RU)
    hand(s, AH)
    b = fight(s, RU, 10, leads={RU: lead, AH: "ah-2"}, occupy="sarajevo", dice=(4, 1))
    assert b["result"] == "won" and board.owner(s, "sarajevo") == RU
    assert endgame.treaty_possible(s) is offered
    assert endgame.treaty_in_sight(s) is offered
