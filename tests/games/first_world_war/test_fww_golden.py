"""The First World War: golden tests, one for each worked example of the
rulebook (shared/rulebooks/004_dc64f91ee782ec25.txt), played through the real
flow from a position reached by legal play and rigged with the board helpers."""

import pytest
from fww_support import (
    AH,
    DE,
    RU,
    WA,
    P,
    clear,
    drive,
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

import kriegsspiel
from kriegsspiel.games.first_world_war import board, deployment, sequence


@pytest.mark.parametrize("lead", ["de-1", "de-2"])
def test_4_8_example_german_offensive_on_flanders_is_repulsed(lead):
    """4.8 example (rulebook L238): Germany attacks on Front 1 with two CV 3
    armies against one British CV 3 army; the Western Allies play Machine Guns
    (+1, defence), Germany plays none. Germany adds 1 for more armies (4.3,
    RULINGS R6): 3+1+2 = 6; the Western Allies 3+3+1 = 7. The attacker's lead is
    lost (4.6), no city changes hands, and either German army may lead ("it does
    not matter which one")."""
    s = opening()
    clear(s, 1)
    put(s, "de-1", 1)
    put(s, "de-2", 1)
    put(s, "br-1", 1)
    assert P.armies["de-1"].cv == P.armies["de-2"].cv == P.armies["br-1"].cv == 3
    hand(s, DE, "falkenhayn")  # Germany holds a marker but plays none
    hand(s, WA, "machine-guns")
    vp, owners = dict(s["vp"]), dict(s["owner"])
    with special_dice(s, 2, 3):
        game.apply(s, DE, {"offensive": 1})
        assert state_name(s) == "lead" and game.active(s) == [DE]  # 4.3 the attacker selects first
        game.apply(s, DE, {"lead": lead})
        assert game.active(s) == [WA]
        game.apply(s, WA, {"lead": "br-1"})
        assert state_name(s) == "commit" and sorted(game.active(s)) == sorted([DE, WA])  # 4.4 face-down, together
        game.apply(s, DE, {"marker": None})
        game.apply(s, WA, {"marker": "machine-guns"})
        # RULINGS R24: a marker was played, so each side in turn may react; neither does
        assert state_name(s) == "react" and game.active(s) == [DE]
        game.apply(s, DE, "no")
        assert game.active(s) == [WA]
        game.apply(s, WA, "no")

        b = s["last_battle"]
        assert b["markers"] == {DE: None, WA: "machine-guns"}
        assert b["dice"] == {DE: 2, WA: 3}
        assert b["totals"] == {DE: 6, WA: 7}
        assert b["mods"] == {DE: [["more real armies", 1]], WA: []}  # shown beside the totals
        assert any("Germany 6 (+1 more real armies) against the Western Allies 7" in e[1] for e in s["log"])
        assert any(e[1].startswith("The Western Allies reveal ") and "as their lead army" in e[1] for e in s["log"])
        assert b["result"] == "repulsed"
        other = "de-2" if lead == "de-1" else "de-1"
        assert s["armies"][lead]["where"] == "lost" and s["armies"][lead]["lost"] == 0
        assert s["armies"][other]["where"] == "board" and s["armies"][other]["front"] == 1
        assert s["armies"]["br-1"]["where"] == "board" and s["armies"]["br-1"]["front"] == 1
        assert s["vp"] == vp and s["owner"] == owners
        assert "machine-guns" not in s["hands"][WA] and "machine-guns" in s["used"]["entente"]  # 4.7, RULINGS R2
        assert s["hands"][DE] == ["falkenhayn"]
        assert game.active(s) == [WA] and state_name(s) == "operations"  # the next Player Turn


def test_9_0_example_western_allies_capture_aachen():
    """9.0 example (rulebook L339): the Western Allies capture Aachen early in the
    game: their Victory Marker goes to 7, Germany's to 5 (rule 2.2, L89: Aachen
    is joined to Liege, which they hold). Germany also loses a replacement (6.3)."""
    s = pass_until(opening(), WA)
    clear(s, 2)
    put(s, "fr-1", 2)
    put(s, "de-3", 2)
    hand(s, WA)
    hand(s, DE)
    assert board.targets(s, 2, "entente") == ["aachen"]
    assert deployment.replacement_count(s, DE) == 4
    b = fight(s, WA, 2, dice=(4, 1))
    assert b["result"] == "won" and b["totals"] == {WA: 6, DE: 3}
    assert board.owner(s, "aachen") == WA and s["owner"]["aachen"] == WA
    assert s["vp"][WA] == 7 and s["vp"][DE] == 5
    assert s["vp"][AH] == 6 and s["vp"][RU] == 6
    assert deployment.replacement_count(s, DE) == 3


def test_8_0_example_capitulation_point_on_front_7():
    """8.0 example (rulebook L323): Germany wins an offensive on Front 7 with no
    Russian city left but the supply base: Russia receives one capitulation
    point (RULINGS R28: the owner of the defending base), and no VP change."""
    s = opening()
    clear(s, 7)
    put(s, "de-8", 7)
    put(s, "ru-1", 7)
    s["owner"].update(riga=DE, kovno=DE)
    hand(s, DE)
    hand(s, RU)
    vp = dict(s["vp"])
    b = fight(s, DE, 7, dice=(4, 1))
    assert b["result"] == "won"
    assert s["cp"] == {DE: 0, AH: 0, WA: 0, RU: 1}
    assert s["cp_fronts"] == ["russia:7"]
    assert s["vp"] == vp
    assert any(e[0] == "8.0" and "capitulation point" in e[1] for e in s["log"])


def test_2_2_example_bucharest_closed_before_1916_and_odessa_only_through_it():
    """2.2 example (rulebook L93, RULINGS R22): Bucharest cannot be captured
    before Turn 4 (1916); Odessa, connected through Bucharest, cannot be lost
    before then either. In 1915 an undefended Front 11 gives Austria-Hungary
    nothing (and no capitulation point: 2.2 L91); in 1916 it takes Bucharest,
    and only then is Odessa within reach."""
    s = position(year=2, turn=1, role=AH)  # 1915
    clear(s, 11)
    put(s, "ah-1", 11)
    assert board.targets(s, 11, "central") == []
    owners, cp = dict(s["owner"]), dict(s["cp"])
    fight(s, AH, 11)
    assert s["owner"] == owners and s["cp"] == cp
    assert any(e[0] == "2.2" and "no city" in e[1] for e in s["log"])

    s = position(year=3, turn=1, role=AH)  # 1916
    clear(s, 11)
    put(s, "ah-1", 11)
    assert board.targets(s, 11, "central") == ["bucharest"]
    fight(s, AH, 11)
    assert board.owner(s, "bucharest") == AH and board.owner(s, "odessa") == RU
    assert board.targets(s, 11, "central") == ["odessa"]


def test_2_2_the_bucharest_line_is_closed_both_ways_before_1916():
    """RULINGS R22: a line marked with a year cannot be used in either direction
    before it: Russia, holding Bucharest, cannot reach Kronstadt in 1915."""
    s = position(year=2, turn=1, role=AH)
    assert board.targets(s, 11, "entente") == []
    s = position(year=3, turn=1, role=AH)
    assert board.targets(s, 11, "entente") == ["kronstadt"]


@pytest.mark.parametrize("players", [3, 4])
def test_7_1_example_german_4th_army_under_austro_hungarian_command(players):
    """7.1 example (rulebook L313) in a 3- or 4-player game: the German 4th Army
    on Front 9 comes under Austro-Hungarian command when the round starts
    (RULINGS R12). Germany can neither move nor attack with it; Austria-Hungary
    may refuse to send it back (it passes), and it can send it back by a
    Strategic Transfer to Front 3, which returns it to Germany."""
    s = position(players=players, deploy={"de-4": 9})
    assert s["armies"]["de-4"]["front"] == 9
    assert s["armies"]["de-4"]["ctl"] == AH
    acts = game.actions(s, DE)
    assert {"transfer": 9} not in acts and {"railway": 9} not in acts and {"offensive": 9} not in acts
    with pytest.raises(kriegsspiel.IllegalAction):
        game.apply(s, DE, {"transfer": 9})

    s = pass_until(s, AH)
    refused = game.clone(s)
    acts = game.actions(s, AH)
    assert {"transfer": 9} in acts and {"offensive": 9} in acts
    game.apply(s, AH, {"transfer": 9})
    assert {"move": "de-4", "to": 3} in game.actions(s, AH)
    game.apply(s, AH, {"move": "de-4", "to": 3})
    assert s["armies"]["de-4"]["front"] == 3 and s["armies"]["de-4"]["ctl"] == DE

    game.apply(refused, AH, "pass")  # the Austro-Hungarian Monarchy "has different plans"
    assert refused["armies"]["de-4"]["front"] == 9 and refused["armies"]["de-4"]["ctl"] == AH


def test_7_1_two_player_germany_moves_its_army_back_itself():
    """7.1 (rulebook L311): in a 2-player game the Central Powers player simply
    moves his German armies to and from Austro-Hungarian Fronts."""
    s = position(players=2, deploy={"de-4": 9})
    assert s["armies"]["de-4"]["ctl"] == AH
    assert {"transfer": 9} in game.actions(s, DE)
    game.apply(s, DE, {"transfer": 9})
    game.apply(s, DE, {"move": "de-4", "to": 3})
    assert s["armies"]["de-4"]["front"] == 3 and s["armies"]["de-4"]["ctl"] == DE


def test_11_4_example_order_rolls_ties_reroll():
    """11.4 example (rulebook L409): Austria-Hungary rolls highest for the
    Deployment order and goes first; for Player Turns Austria-Hungary and the
    Western Allies both roll S (0) and re-roll: AH 2, WA S, so Austria-Hungary
    is third and the Western Allies fourth. Rolls are made in the order
    Germany, Austria-Hungary, the Western Allies, Russia."""
    s = opening(options={"variable_order": True})
    assert s["order"] == {"deploy": [AH, RU, WA, DE], "turns": [DE, WA, RU, AH]}  # 1/1914: the fixed order
    with special_dice(s, 1, 4, 3, 2, 4, 0, 0, 3, 2, 0):
        drive(s, lambda s: s["year"] == 1)
        assert s["order"]["deploy"] == [AH, WA, RU, DE]
        assert s["order"]["turns"] == [DE, RU, AH, WA]
        assert s["order"]["turns"].index(AH) == 2 and s["order"]["turns"].index(WA) == 3


def test_11_4_ties_among_several_reroll_until_broken():
    """11.4 (rulebook L407): players with the same score re-roll among
    themselves, again if still tied."""
    s = opening(options={"variable_order": True})
    with special_dice(s, 2, 2, 2, 2, 1, 1, 3, 0, 0, 4):
        assert sequence.roll_order(s, "player turns") == [WA, AH, DE, RU]


def test_l81_isonzo_front_layout():
    """2.1 example (rulebook L81, RULINGS R1): the Isonzo Front (5) holds Venezia
    and Udine (Western Allies), Gorizia and Trieste (Austria-Hungary), joined by
    one attack line, with a supply base at each end; Trieste and Venezia are
    Replacement Cities. The Trentino (6) admits British, Italian,
    Austro-Hungarian and German armies only."""
    assert P.fronts[5].name.startswith("Isonzo") and P.fronts[6].name.startswith("Trentino")
    cities = board.front_cities(5)
    assert sorted(cities) == ["gorizia", "trieste", "udine", "venezia"]
    assert {c: P.locations[c].owner for c in cities} == {"venezia": WA, "udine": WA, "gorizia": AH, "trieste": AH}
    assert {c for c in cities if P.locations[c].kind == "replacement"} == {"venezia", "trieste"}
    assert P.fronts[6].nationalities == {
        "central": frozenset({"austro-hungarian", "german"}),
        "entente": frozenset({"british", "italian"}),
    }


def test_l274_front_9_admits_only_austro_hungarian_german_and_russian_armies():
    """6.1 example (rulebook L274): Front 9 lists AH, DE and RU: only those
    armies may be placed there."""
    for a, info in P.armies.items():
        assert (9 in info.allowed) == (info.nationality in ("austro-hungarian", "german", "russian")), a
