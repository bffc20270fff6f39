"""The First World War: what a new player reads at the table says what happens (4.1, 4.4,
5.2, 8.0, 9.0)."""

from fww_support import AH, DE, RU, WA, clear, game, hand, position, put, special_dice, state_name

from kriegsspiel.games.first_world_war import endgame


def duel_on_front_1():
    """1914, Germany to act: Germany's 1st Army faces the British 1st Army alone on Front 1."""
    s = position(players=4, year=1, turn=1, role=DE)
    clear(s, 1)
    put(s, "de-1", 1)
    put(s, "br-1", 1)
    return s


def test_a_mandatory_marker_that_must_be_played_is_not_offered_with_or_none():
    """4.4, 5.3, RULINGS R23: a due mandatory marker that fits the lead must be committed."""
    s = duel_on_front_1()
    hand(s, DE, "axis-atrocity", "falkenhayn", due=("axis-atrocity",))
    hand(s, WA)
    game.apply(s, DE, {"offensive": 1})
    game.apply(s, DE, {"lead": "de-1"})
    game.apply(s, WA, {"lead": "br-1"})
    assert game.actions(s, DE) == [{"marker": "axis-atrocity"}]
    assert game.view(s, DE)["prompt"] == "You must play your mandatory events marker face-down in this offensive (5.3)."


def test_the_victory_line_names_each_alliance_with_its_total():
    """9.0: "The Entente Powers win, 4 to 20" put the loser's total first."""
    s = position(players=4, year=1, turn=1, role=DE)
    s["vp"].update({DE: 2, AH: 2, WA: 8, RU: 12})
    endgame.finish(s, "a test")
    lines = [e[1] for e in s["log"]]
    assert "The Entente Powers win (the Central Powers 4 VP, the Entente Powers 20)." in lines


def test_russias_eight_points_for_brest_litovsk_are_told():
    """9.0 L345: in the 4-player game Russia adds 8 VP against the Western Allies when it
    accepted the treaty; the result showed 12 for Russia's 4 with no word why."""
    s = position(players=4, year=1, turn=1, role=DE)
    s["vp"].update({DE: 3, AH: 3, WA: 9, RU: 4})
    s["brest"] = 4
    endgame.finish(s, "the end of 1919")
    lines = [e[1] for e in s["log"]]
    assert "Russia 4 VP + 8 for accepting the Treaty of Brest-Litovsk = 12, against the Western Allies' 9." in lines
    assert game.result(s)["winners"] == [RU]


def test_a_walk_over_onto_a_front_held_whole_says_why_nothing_is_taken():
    """4.1, 8.0, RULINGS R28: with every city of the front held and its capitulation point
    given this year, the attack succeeds and takes nothing; the log said "occupies a city at
    once", then "no city ... can reach"."""
    s = position(players=4, year=1, turn=1, role=DE)
    clear(s, 1)
    put(s, "de-1", 1)
    s["owner"].update(calais=DE, ypres=DE, antwerp=DE)
    s["cp_fronts"].append("western-allies:1")
    game.apply(s, DE, {"offensive": 1})
    lines = [e[1] for e in s["log"][-2:]]
    assert lines[0] == "There are no defenders: the attack succeeds at once."
    assert lines[1] == "Every city on Front 1 is held already, and its capitulation point has been given this year."


def test_a_lead_in_revolution_shows_the_combat_value_it_fights_with():
    """8.0 L328: in a year of revolution the empire's armies fight with combat value 0; the
    lead's label and the log showed the printed value."""
    s = duel_on_front_1()
    hand(s, DE)
    hand(s, WA)
    s["status"][WA]["revolution"] = s["year"]
    game.apply(s, DE, {"offensive": 1})
    game.apply(s, DE, {"lead": "de-1"})
    labels = [game.label(a, s) for a in game.actions(s, WA)]
    assert any("(CV 0 in revolution, 8.0)" in x for x in labels)
    game.apply(s, WA, game.actions(s, WA)[0])
    assert any("0 in revolution (8.0)" in e[1] for e in s["log"] if e[0] == "4.3")


def test_a_hand_of_only_mandatory_markers_is_told_it_draws_none():
    """5.2 L248, RULINGS R57: Espionage and three mandatory markers: the put-back question said
    "keep it (done) and draw", and nothing was drawn."""
    s = position(players=4, year=4, turn=1, role=DE)
    clear(s, 3)
    put(s, "de-5", 3)
    put(s, "fr-2", 3)
    hand(s, DE)
    hand(s, WA, "espionage-entente", "shell-shortage", "submarine-warfare", "french-mutinies")
    with special_dice(s, 4, 0):
        game.apply(s, DE, {"offensive": 3})
        game.apply(s, DE, {"lead": "de-5"})
        game.apply(s, WA, {"lead": "fr-2"})
        while state_name(s) in ("commit", "react"):
            role = game.active(s)[0]
            game.apply(s, role, game.actions(s, role)[0] if state_name(s) == "commit" else "no")
    game.apply(s, WA, "draw")
    assert state_name(s) == "put_back" and game.actions(s, WA) == ["done"]
    assert "draw none" in game.view(s, WA)["prompt"]


def test_no_is_named_for_the_question_it_answers():
    """R24, 4.5, 10.0: a side asked to react though it holds nothing to react with read a lone
    "no" under "you have nothing to react with"; the S draw's and the treaty's "no" are named
    for what they decline."""
    s = duel_on_front_1()
    hand(s, DE, "falkenhayn", "no-mans-land-central")
    hand(s, WA, "machine-guns")
    game.apply(s, DE, {"offensive": 1})
    game.apply(s, DE, {"lead": "de-1"})
    game.apply(s, WA, {"lead": "br-1"})
    game.apply(s, DE, {"marker": "falkenhayn"})
    game.apply(s, WA, {"marker": "machine-guns"})
    assert state_name(s) == "react" and game.actions(s, DE) == ["no"]
    assert game.label("no", s) == "go on without reacting"
    assert game.label("no") == "no"  # with no state to read, the word itself

    s = duel_on_front_1()
    hand(s, DE, "big-bertha")
    hand(s, WA)
    with special_dice(s, 0, 1):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        game.apply(s, DE, {"marker": None})
        assert state_name(s) == "s_draw"
        assert [game.label(a, s) for a in game.actions(s, DE)] == ["draw a marker", "draw no marker"]
