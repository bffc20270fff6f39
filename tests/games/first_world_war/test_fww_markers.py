"""The First World War: events markers in offensives, 4.4-4.7 and 5.0-5.5,
with RULINGS R2, R5, R17, R23-R25, R37, R38, R45 (rulebook
shared/rulebooks/004_dc64f91ee782ec25.txt)."""

from fww_support import (
    AH,
    DE,
    EMPIRES,
    RU,
    WA,
    P,
    clear,
    drive,
    fight,
    game,
    hand,
    now,
    opening,
    position,
    put,
    special_dice,
    state_name,
)

from kriegsspiel.games.first_world_war import events, offensive


def front1(s=None, extra=()):
    """Germany's 1st Army (CV 3) attacks the British 1st Army (CV 3) on Front 1;
    both hands empty; with dice 2 and 2 the totals are 5 and 5 before markers."""
    s = s or opening()
    clear(s, 1)
    for a in ("de-1", "br-1", *extra):
        put(s, a, 1)
    for r in EMPIRES:
        hand(s, r)
    return s


def commit_menu(s, role):
    return [a["marker"] for a in game.actions(s, role)]


def test_5_1_markers_must_match_the_lead_nationality_and_its_use():
    """5.1 (rulebook L244), RULINGS R24: a marker may be played only if it matches
    the lead army's nationality ("Any" matches all) and is an attack marker for
    the attacker, a defence marker for the defender ("either" for both)."""
    s = front1(extra=("fr-1",))
    hand(s, DE, "big-bertha", "interior-lines")  # German attack; Any defence
    hand(s, WA, "british-rifles", "french-75", "machine-guns")
    b = game.clone(s)
    game.apply(s, DE, {"offensive": 1})
    game.apply(s, DE, {"lead": "de-1"})
    game.apply(s, WA, {"lead": "br-1"})
    assert state_name(s) == "commit"
    assert commit_menu(s, DE) == [None, "big-bertha"]
    assert commit_menu(s, WA) == [None, "british-rifles", "machine-guns"]
    game.apply(b, DE, {"offensive": 1})
    game.apply(b, DE, {"lead": "de-1"})
    game.apply(b, WA, {"lead": "fr-1"})
    assert commit_menu(b, WA) == [None, "french-75", "machine-guns"]
    assert "espionage-entente" not in commit_menu(b, WA)


def test_4_4_markers_are_revealed_and_added():
    """4.4 (rulebook L221): both markers are turned face-up and their values added
    to each side's total; 4.7 and RULINGS R2: used non-mandatory markers go to the
    alliance's used pile."""
    s = front1()
    hand(s, DE, "falkenhayn")
    hand(s, WA, "machine-guns")
    b = fight(s, DE, 1, markers={DE: "falkenhayn", WA: "machine-guns"}, dice=(2, 2))
    assert b["markers"] == {DE: "falkenhayn", WA: "machine-guns"}
    assert b["totals"] == {DE: 7, WA: 6}
    assert s["used"] == {"central": ["falkenhayn"], "entente": ["machine-guns"]}
    assert s["hands"][DE] == [] and s["hands"][WA] == []


def test_5_4_no_mans_land_cancels_the_enemy_marker():
    """5.4 (rulebook L258): No Man's Land is worth 0 and cancels the enemy's
    non-mandatory marker."""
    s = front1()
    hand(s, DE, "big-bertha")
    hand(s, WA, "no-mans-land-entente")
    b = fight(s, DE, 1, markers={DE: "big-bertha", WA: "no-mans-land-entente"}, dice=(2, 2))
    assert b["totals"] == {DE: 5, WA: 5}
    assert "big-bertha" in s["used"]["central"]  # cancelled, still used (RULINGS R2)


def test_5_4_a_no_mans_land_counter_restores_the_marker():
    """5.4 (rulebook L258), RULINGS R24: the side whose marker was cancelled may
    immediately counter with its own No Man's Land, its second marker of the
    offensive; its marker then counts again. Both No Man's Land are spent."""
    s = front1()
    hand(s, DE, "big-bertha", "no-mans-land-central")
    hand(s, WA, "no-mans-land-entente")
    with special_dice(s, 2, 2):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert commit_menu(s, DE) == [None, "big-bertha", "no-mans-land-central"]
        game.apply(s, DE, {"marker": "big-bertha"})
        game.apply(s, WA, {"marker": "no-mans-land-entente"})
        assert state_name(s) == "react" and game.active(s) == [DE]
        assert game.actions(s, DE) == ["no", {"counter": "no-mans-land-central"}]
        game.apply(s, DE, {"counter": "no-mans-land-central"})
        assert game.active(s) == [WA] and game.actions(s, WA) == ["no"]  # asked all the same (R24)
        game.apply(s, WA, "no")
        b = s["last_battle"]
        assert b["totals"] == {DE: 6, WA: 5} and b["result"] == "won"
        assert sorted(s["used"]["central"]) == ["big-bertha", "no-mans-land-central"]
        assert s["used"]["entente"] == ["no-mans-land-entente"]


def test_5_5_espionage_cancels_and_cannot_be_countered():
    """5.5 (rulebook L262-264), RULINGS R17 and R24: after the reveal the defender
    plays Espionage on top of its marker: Germany's Falkenhayn (+2) is cancelled,
    the Machine Guns (+1) count; Germany, though it holds No Man's Land, gets no
    chance to counter; Espionage adds nothing itself."""
    s = front1()
    hand(s, DE, "falkenhayn", "no-mans-land-central")
    hand(s, WA, "machine-guns", "espionage-entente")
    with special_dice(s, 2, 2):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        game.apply(s, DE, {"marker": "falkenhayn"})
        game.apply(s, WA, {"marker": "machine-guns"})
        # Germany is asked first and has nothing to answer with: its No Man's Land
        # counters only a No Man's Land (5.4)
        assert state_name(s) == "react" and game.active(s) == [DE] and game.actions(s, DE) == ["no"]
        # its prompt names only what it may do (it read "counter No Man's Land, play Espionage, or not")
        assert game.view(s, DE)["prompt"] == "The markers are revealed: you have nothing to react with (5.4, 5.5)."
        game.apply(s, DE, "no")
        assert game.active(s) == [WA]
        assert game.actions(s, WA) == ["no", {"espionage": "espionage-entente"}]
        assert game.view(s, WA)["prompt"] == "React to the markers played: play Espionage, or not."
        game.apply(s, WA, {"espionage": "espionage-entente"})
        b = s["last_battle"]
        assert b["totals"] == {DE: 5, WA: 6} and b["result"] == "repulsed"
        assert s["hands"][DE] == ["no-mans-land-central"]
        assert "espionage-entente" in s["used"]["entente"]


def test_5_5_after_the_enemys_espionage_no_no_mans_land_counter_is_offered():
    """5.5 (rulebook L264): Espionage cancels the enemy's non-mandatory markers "and may not be
    countered". Germany plays No Man's Land, the Western Allies Machine Guns, then Germany
    Espionage: a counter to the No Man's Land would restore nothing, and was offered (and
    spent) all the same."""
    s = front1()
    hand(s, DE, "no-mans-land-central", "espionage-central")
    hand(s, WA, "machine-guns", "no-mans-land-entente")
    with special_dice(s, 2, 2):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        game.apply(s, DE, {"marker": "no-mans-land-central"})
        game.apply(s, WA, {"marker": "machine-guns"})
        game.apply(s, DE, {"espionage": "espionage-central"})
        assert game.active(s) == [WA] and game.actions(s, WA) == ["no"]
        game.apply(s, WA, "no")
    assert s["hands"][WA] == ["no-mans-land-entente"]  # kept for an offensive where it counts
    assert s["last_battle"]["totals"][WA] == 5  # the Machine Guns cancelled all the same


def test_5_5_espionage_cancels_no_mans_land_and_bars_enemy_espionage():
    """5.5 (rulebook L264), RULINGS R17: Espionage cancels the enemy's No Man's
    Land, so the attacker's Big Bertha counts again; the enemy may not answer with
    its own Espionage."""
    s = front1()
    hand(s, DE, "big-bertha", "espionage-central")
    hand(s, WA, "no-mans-land-entente", "espionage-entente")
    with special_dice(s, 2, 2):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        game.apply(s, DE, {"marker": "big-bertha"})
        game.apply(s, WA, {"marker": "no-mans-land-entente"})
        assert game.active(s) == [DE]
        assert {"espionage": "espionage-central"} in game.actions(s, DE)
        game.apply(s, DE, {"espionage": "espionage-central"})
        # the Western Allies are asked, but may not answer Espionage with Espionage (5.5)
        assert game.active(s) == [WA] and game.actions(s, WA) == ["no"]
        game.apply(s, WA, "no")
        b = s["last_battle"]
        assert b["espionage"] == {DE: "espionage-central"}
        assert b["totals"] == {DE: 6, WA: 5}
        assert s["hands"][WA] == ["espionage-entente"]


def test_5_5_espionage_is_outside_the_hand_limit():
    """5.5 (rulebook L262), RULINGS R5: Espionage does not count towards the three
    markers an empire may hold."""
    s = opening()
    hand(s, DE, "big-bertha", "falkenhayn", "espionage-central")
    assert events.counted(s, DE) == ["big-bertha", "falkenhayn"]
    assert events.limit(s, DE) == 3


def test_r23_a_due_mandatory_marker_is_forced():
    """4.4 (rulebook L221), 5.3 (L252), RULINGS R23: a mandatory marker due in
    this Player Turn that fits the lead must be played; it is committed without a
    choice, counts (-1), and then leaves the game. No Man's Land cannot cancel it."""
    s = front1()
    hand(s, WA, "shell-shortage", "machine-guns", due=("shell-shortage",))
    hand(s, DE, "no-mans-land-central")
    with special_dice(s, 2, 2):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert offensive.marker_choices(s, WA) == ["shell-shortage"]
        # both are asked, so that Germany cannot tell the Western Allies have no choice
        assert sorted(game.active(s)) == sorted([DE, WA]) and game.actions(s, WA) == [{"marker": "shell-shortage"}]
        game.apply(s, DE, {"marker": "no-mans-land-central"})
        game.apply(s, WA, {"marker": "shell-shortage"})
        game.apply(s, DE, "no")  # RULINGS R24: the reaction windows, nothing to do
        game.apply(s, WA, "no")
        b = s["last_battle"]
        assert b["markers"] == {DE: "no-mans-land-central", WA: "shell-shortage"}
        assert b["totals"] == {DE: 5, WA: 4}
        assert "shell-shortage" in s["removed"] and "shell-shortage" not in s["used"]["entente"]
        assert s["hands"][WA] == ["machine-guns"] and s["due"][WA] == {}


def test_r23_a_mandatory_marker_that_does_not_fit_or_is_not_due_is_not_played():
    """RULINGS R23: a mandatory marker is forced only when it fits the lead's
    nationality (a French lead does not take Shell Shortage); before it is due it
    cannot be played at all."""
    s = front1(extra=("fr-1",))
    hand(s, WA, "shell-shortage", "machine-guns", due=("shell-shortage",))
    game.apply(s, DE, {"offensive": 1})
    game.apply(s, DE, {"lead": "de-1"})
    game.apply(s, WA, {"lead": "fr-1"})
    assert commit_menu(s, WA) == [None, "machine-guns"]

    s = front1()
    hand(s, WA, "shell-shortage", "machine-guns")
    s["due"][WA]["shell-shortage"] = now(s) + 1  # drawn in this Player Turn
    game.apply(s, DE, {"offensive": 1})
    game.apply(s, DE, {"lead": "de-1"})
    game.apply(s, WA, {"lead": "br-1"})
    assert commit_menu(s, WA) == [None, "machine-guns"]


def test_r23_an_unplayed_mandatory_marker_lapses_at_the_end_of_its_player_turn():
    """5.3 (rulebook L252), RULINGS R23: a mandatory marker not played in the
    Player Turn it was due leaves the game at the end of that Player Turn; one due
    in the next Player Turn stays until then."""
    s = opening()
    hand(s, WA, "shell-shortage", "uncoded-wireless", due=("shell-shortage",))
    hand(s, RU)
    s["due"][WA]["uncoded-wireless"] = now(s) + 1
    drive(s, lambda s: s["turn"] == 2)
    assert s["hands"][WA] == ["uncoded-wireless"] and "shell-shortage" in s["removed"]
    drive(s, lambda s: s["turn"] == 3)
    assert s["hands"][WA] == [] and "uncoded-wireless" in s["removed"]


def test_r23_a_drawn_mandatory_marker_is_due_in_the_next_player_turn():
    """RULINGS R23: a mandatory marker drawn in Player Turn n is due in n+1."""
    s = opening()
    hand(s, RU)
    s["cups"]["entente"] = ["uncoded-wireless"]
    assert events.draw(s, RU, "a test", "4.5") == "uncoded-wireless"
    assert s["due"][RU] == {"uncoded-wireless": now(s) + 1}


def test_r25_an_s_allows_a_draw_after_the_offensive_and_5_2_the_hand_limit():
    """4.5 (rulebook L223), RULINGS R25: an empire that rolled S may draw a marker
    once the offensive is over (its lead is already lost); 5.2 (L248): holding
    three, it first puts one non-mandatory marker back into the cup."""
    s = front1()
    hand(s, DE, "big-bertha", "falkenhayn", "hindenburg-ludendorff")
    central = sorted(s["cups"]["central"] + s["hands"][DE] + s["hands"][AH])
    with special_dice(s, 0, 1):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert game.active(s) == [DE]  # the Western Allies' hand is empty: they are not asked
        game.apply(s, DE, {"marker": None})  # no marker played: no reactions (R24)
        assert state_name(s) == "s_draw" and game.active(s) == [DE]
        assert s["battle"]["result"] == "repulsed" and s["armies"]["de-1"]["where"] == "lost"
        assert game.actions(s, DE) == ["draw", "no"]
        game.apply(s, DE, "draw")
        assert state_name(s) == "put_back"
        assert game.actions(s, DE) == [
            {"put_back": "big-bertha"},
            {"put_back": "falkenhayn"},
            {"put_back": "hindenburg-ludendorff"},
        ]
        game.apply(s, DE, {"put_back": "falkenhayn"})
        assert len(s["hands"][DE]) == 3 and s["battle"] is None
        assert sorted(s["cups"]["central"] + s["hands"][DE] + s["hands"][AH]) == central


def test_r25_the_s_draw_is_optional():
    """RULINGS R25: the draw on an S is optional ("may")."""
    s = front1()
    hand(s, WA, "machine-guns")
    cup = list(s["cups"]["entente"])
    b = fight(s, DE, 1, dice=(1, 0), draws={WA: "no"})
    assert b["dice"][WA] == 0 and b["markers"][WA] is None
    assert s["hands"][WA] == ["machine-guns"] and s["cups"]["entente"] == cup


def test_5_2_an_empire_holding_only_mandatory_markers_draws_none():
    """5.2 (rulebook L248): only a non-mandatory marker may be put back to make
    room; an empire holding three mandatory markers draws nothing."""
    s = front1()
    hand(s, DE, "axis-atrocity", "redl-affair", "turnip-winter")
    fight(s, DE, 1, dice=(0, 1), draws={DE: "draw"})
    assert s["hands"][DE] == ["axis-atrocity", "redl-affair", "turnip-winter"]
    assert any(e[0] == "5.2" and "only mandatory" in e[1] for e in s["log"])


def test_r45_a_marker_of_no_use_goes_back_at_once():
    """5.2 (rulebook L248), RULINGS R45: a marker that matches none of the
    empire's nationalities goes back into the cup at once, without a replacement;
    only its drawer learns what it was."""
    s = opening()
    hand(s, AH)
    s["cups"]["central"] = ["big-bertha"]
    assert events.draw(s, AH, "a test", "3.7") is None
    assert s["hands"][AH] == [] and s["cups"]["central"] == ["big-bertha"]
    private = [e for e in s["log"] if len(e) == 3 and "Big Bertha" in e[1]]
    assert private and all(e[2] == [AH] for e in private)
    assert not any("Big Bertha" in e[1] for e in s["log"] if len(e) == 2)


def test_3_1_each_empire_starts_with_one_1914_marker():
    """3.1 (rulebook L157) and RULINGS R45: each empire draws one 1914 marker at
    the start (put back at once if of no use to it); the cups hold the rest of
    the 1914 markers (3.2, L168), none of later years."""
    for seed in range(6):
        s = game.new(seed=seed, players=4)
        for r in EMPIRES:
            assert len(s["hands"][r]) <= 1
            for m in s["hands"][r]:
                assert P.markers[m].year == 0 and events.matches_empire(r, m)
        for alliance in ("central", "entente"):
            held = [m for r in EMPIRES for m in s["hands"][r] if P.markers[m].alliance == alliance]
            assert sorted(s["cups"][alliance] + held) == sorted(
                m for m, info in P.markers.items() if info.alliance == alliance and info.year == 0
            )


def test_r2_used_markers_return_to_the_cup_at_the_new_year():
    """3.7 (rulebook L211), 5.3 (L254), RULINGS R2: used non-mandatory markers
    stay on the used pile until the New Game Turn, then go back into the cup with
    the new year's markers (Espionage from 2/1914, R17)."""
    s = front1()
    hand(s, WA, "machine-guns")
    fight(s, DE, 1, markers={WA: "machine-guns"}, dice=(2, 2))
    assert s["used"]["entente"] == ["machine-guns"] and "machine-guns" not in s["cups"]["entente"]
    drive(s, lambda s: s["year"] == 1 and s["turn"] == 1)
    assert s["used"] == {"central": [], "entente": []}
    assert "machine-guns" in s["cups"]["entente"] or any("machine-guns" in s["hands"][r] for r in EMPIRES)
    for m in ("espionage-central", "espionage-entente", "interior-lines"):
        assert m in s["cups"][P.markers[m].alliance] or any(m in s["hands"][r] for r in EMPIRES)


def test_6_5_the_1919_markers_and_hand_limits():
    """6.5 (rulebook L303-305), RULINGS R5, R37, R38: in 1919 the Western Allies
    and Germany may hold four markers; the Western Allies take Tanks Attack and
    Poison Gas (usable by their own leads), Germany takes Stosstruppen; the Royal
    Naval Blockade is worth +2."""
    s = position(year=6, turn=1)
    assert {r: events.limit(s, r) for r in EMPIRES} == {DE: 4, AH: 3, WA: 4, RU: 3}
    assert "tanks-attack" in s["hands"][WA] and "poison-gas" in s["hands"][WA]
    assert "stosstruppen" in s["hands"][DE]
    assert all(len(events.counted(s, r)) <= events.limit(s, r) for r in EMPIRES)
    assert events.value(s, "royal-naval-blockade") == 2
    assert events.playable(s, WA, "poison-gas", True, "br-1")
    s1918 = position(year=5, turn=1)
    assert events.value(s1918, "royal-naval-blockade") == 1 and events.limit(s1918, WA) == 3


def test_3_7_the_new_year_draw_respects_the_hand_limit():
    """3.7 (rulebook L211), 5.2 (L248): at the New Game Turn each empire draws one
    marker; an empire already holding three first puts a non-mandatory one back."""
    s = position(year=0, turn=4, role=AH)
    hand(s, DE, "big-bertha", "falkenhayn", "hindenburg-ludendorff")
    game.apply(s, AH, "pass")
    assert state_name(s) == "put_back" and game.active(s) == [DE] and s["year"] == 1
    game.apply(s, DE, {"put_back": "big-bertha"})
    assert len(events.counted(s, DE)) == 3


def _s_draw_with(held):
    """Germany, holding ``held``, rolls S attacking on Front 1 and draws: the question it is
    then asked, and its legal answers."""
    s = front1()
    hand(s, DE, *held)
    with special_dice(s, 0, 1):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        game.apply(s, DE, {"marker": None})  # the Western Allies' empty hand is not asked
        game.apply(s, DE, "draw")
        return s, state_name(s), game.actions(s, DE)


def test_5_5_a_full_hand_with_espionage_is_asked_the_put_back_question_too():
    """5.5 (L272): Espionage does not count towards the limit, so a hand of three with it has room;
    but whether Germany was asked to put a marker back told the Western Allies whether one of its
    three face-down markers was Espionage (the fuzzer's undo check found it, seed 5641). Now a
    hand of three is asked either way; with Espionage the only answer is to keep it (R57)."""
    s, asked, legal = _s_draw_with(["big-bertha", "espionage-central", "falkenhayn"])
    assert asked == "put_back" and legal == ["done"]
    cup = len(s["cups"]["central"])
    game.apply(s, DE, "done")
    assert len(s["hands"][DE]) == 4 and len(s["cups"]["central"]) == cup - 1  # it drew
    s, asked, legal = _s_draw_with(["big-bertha", "hindenburg-ludendorff", "falkenhayn"])
    assert asked == "put_back" and {"put_back": "big-bertha"} in legal and "done" not in legal
    s, asked, legal = _s_draw_with(["axis-atrocity", "espionage-central", "redl-affair", "turnip-winter"])
    assert asked == "put_back" and legal == ["done"]  # its three mandatory markers fill it: no draw
    cup = len(s["cups"]["central"])
    game.apply(s, DE, "done")
    assert len(s["hands"][DE]) == 4 and len(s["cups"]["central"]) == cup


def test_4_4_an_empty_hand_is_not_asked_for_a_marker_a_hand_that_fits_none_is():
    """4.4 (L221): both sides choose a marker face-down. Whether a hand holds a marker that fits is
    secret (5.3), so a side whose markers fit none is asked all the same; but the count of a hand is
    public, and a side with none was asked to click "Play no marker" for nothing."""
    s = front1()
    hand(s, DE, "falkenhayn")
    hand(s, WA)
    with special_dice(s, 3, 3):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert state_name(s) == "commit" and game.active(s) == [DE]
        game.apply(s, DE, {"marker": None})
        assert s["last_battle"]["markers"] == {DE: None, WA: None}
    s = front1()
    hand(s, DE)
    hand(s, WA, "kolubara")  # a Serbian marker: of no use to a British lead on Front 1
    with special_dice(s, 3, 3):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert state_name(s) == "commit" and game.active(s) == [WA]
        assert game.actions(s, WA) == [{"marker": None}]
        game.apply(s, WA, {"marker": None})
    s = front1()
    hand(s, DE)
    hand(s, WA)
    with special_dice(s, 3, 3):
        game.apply(s, DE, {"offensive": 1})
        game.apply(s, DE, {"lead": "de-1"})
        game.apply(s, WA, {"lead": "br-1"})
        assert s["battle"] is None and s["last_battle"]["markers"] == {DE: None, WA: None}
