"""A new player's review of the web game (audit 28, findings 6, 12 and 15), replayed: his game's
seed and orders, from Aug II 14 to the Entente's general staff of Sep I 14. Each test reads what
the log, the board and the questions told him at a point of that game."""

from __future__ import annotations

import kriegsspiel
from kriegsspiel.games.over_there import air, sequence

G = kriegsspiel.load("over-there")
E, CP = "entente", "central-powers"
SEED = "d3f03bff2881234348a8b95cbebacd34"
NOT_ASKED = {"superiority", "das", "res_at"}  # questions with one answer, no longer asked

ORDERS = [
    (E, {"stack": "1506"}),
    (E, {"to": "1505"}),
    (E, {"unit": "ru-40-id"}),
    (E, {"to": "1409"}),
    (E, {"stack": "1606"}),
    (E, {"to": "1506"}),
    (E, {"stack": "1313"}),
    (E, {"to": "1210"}),
    (E, {"end": "movement"}),
    (CP, {"superiority": 0}),
    (E, {"superiority": 1}),
    (E, {"attack": "1406"}),
    (E, {"cancel": True}),
    (E, {"attack": "1405"}),
    (E, {"resolve": True}),
    (CP, {"das": 2}),
    (CP, {"leader": None}),
    (E, {"leader": "ru-1-army-hq"}),
    (E, {"advance": "ru-1-gd-cav"}),
    (E, {"end": "advance"}),
    (E, {"end": "combat"}),
    (CP, {"activate": "de-8-army-hq"}),
    (CP, {"end": "reaction-movement"}),
    (CP, {"end": "reaction-movement"}),
    (CP, {"superiority": 0}),
    (E, {"superiority": 0}),
    (CP, {"end": "reaction-combat"}),
    (E, {"end": "exploitation"}),
    (CP, {"choice": "decline"}),
    (CP, {"unit": "de-1-cav"}),
    (CP, {"build": "fieldworks"}),
    (CP, {"unit": "de-1-id"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-1-rd"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-2-id"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-2-lw-bde"}),
    (CP, {"way": "rail"}),
    (CP, {"to": "1406", "by": "rail"}),
    (CP, {"unit": "de-3-rd"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-35-id"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-36-id"}),
    (CP, {"to": "1209"}),
    (CP, {"unit": "de-36-rd"}),
    (CP, {"to": "1209"}),
    (CP, {"unit": "de-37-id"}),
    (CP, {"way": "accel"}),
    (CP, {"to": "1209", "by": "accel"}),
    (CP, {"unit": "de-41-id"}),
    (CP, {"to": "1011"}),  # 1209 is out of its reach since the Russian I Corps sets up in Mława's own hex
    (CP, {"unit": "de-6-lw-bde"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-70-lw-bde"}),
    (CP, {"way": "rail"}),
    (CP, {"to": "1406", "by": "rail"}),
    (CP, {"unit": "de-i-hvy-art"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-lw-div-goltz"}),
    (CP, {"to": "1209"}),
    (CP, {"unit": "de-main-res-graudenz"}),
    (CP, {"way": "rail"}),
    (CP, {"to": "1209", "by": "rail"}),
    (CP, {"unit": "de-xvii-hvy-art"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-8-army-hq"}),
    (CP, {"to": "0810"}),
    (CP, {"load": "de-8-army-hq"}),
    (CP, {"unit": "de-i-corps-hq"}),
    (CP, {"to": "0810"}),
    (CP, {"unit": "de-i-res-corps-hq"}),
    (CP, {"to": "0810"}),
    (CP, {"unit": "de-xvii-corps-hq"}),
    (CP, {"way": "rail"}),
    (CP, {"to": "0810", "by": "rail"}),
    (CP, {"unit": "de-xx-corps-hq"}),
    (CP, {"stay": True}),
    (CP, {"res_rail": "0311"}),
    (CP, {"to": "0810", "by": "rail"}),
    (CP, {"res_rail": "0806"}),
    (CP, {"to": "0810", "by": "rail"}),
    (CP, {"end": "movement"}),
    (CP, {"superiority": 0}),
    (E, {"superiority": 1}),
    (CP, {"attack": "1405"}),
    (CP, {"air": "gs"}),
    (CP, {"air": "gs"}),
    (CP, {"remove": "de-2-lw-bde"}),
    (CP, {"remove": "de-6-lw-bde"}),
    (CP, {"remove": "de-70-lw-bde"}),
    (CP, {"remove": "de-i-hvy-art"}),
    (CP, {"remove": "de-xvii-hvy-art"}),
    (CP, {"remove": "de-1-cav"}),
    (CP, {"resolve": True}),
    (E, {"das": 0}),
    (E, {"leader": "ru-1-army-hq"}),
    (CP, {"leader": None}),
    (CP, {"advance": "de-1-id"}),
    (CP, {"advance": "de-2-id"}),
    (CP, {"advance": "de-35-id"}),
    (CP, {"advance": "de-1-rd"}),
    (CP, {"advance": "de-3-rd"}),
    (CP, {"end": "second-advance"}),
    (CP, {"end": "combat"}),
    (E, {"activate": "ru-1-army-hq"}),
    (E, {"end": "reaction-movement"}),
    (E, {"activate": "ru-2-army-hq"}),
    (E, {"end": "reaction-movement"}),
    (CP, {"superiority": 0}),
    (E, {"superiority": 0}),
    (E, {"end": "reaction-combat"}),
    (CP, {"unit": "de-1-cav"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-1-id"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-1-rd"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-2-id"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-2-lw-bde"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-3-rd"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-35-id"}),
    (CP, {"to": "1406"}),
    (CP, {"unit": "de-36-rd"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-37-id"}),
    (CP, {"rest": True}),
    (CP, {"unit": "de-41-id"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-6-lw-bde"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-70-lw-bde"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-i-hvy-art"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-lw-div-goltz"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-main-res-graudenz"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-xvii-hvy-art"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-8-army-hq"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-i-corps-hq"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-i-res-corps-hq"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-xvii-corps-hq"}),
    (CP, {"stay": True}),
    (CP, {"unit": "de-xx-corps-hq"}),
    (CP, {"stay": True}),
    (CP, {"end": "exploitation"}),
    (E, {"res_at": "1016"}),
    (E, {"res_at": "1016"}),
    (E, {"withdraw_leader": "ru-1-army-hq"}),
    (E, {"end": "general-staff"}),
]


def played(n: int = len(ORDERS)) -> tuple[dict, list[tuple[str, dict]]]:
    """The game after its first ``n`` orders; an answer to a question no longer asked is passed
    over, and noted."""
    s = G.new(seed=SEED)
    skipped = []
    for role, action in ORDERS[:n]:
        if role not in G.active(s) or action not in G.actions(s, role):
            assert set(action) & NOT_ASKED, (role, action, G.active(s))
            skipped.append((role, action))
            continue
        s = G.apply(s, role, action)
    return s, skipped


def texts(s: dict, role: str) -> list[str]:
    return [x["text"] for x in G.view(s, role)["log"]]


# ----- finding 6: air, odds, the last combat, the general staff ---------------------------------


def test_an_abort_names_whose_point_it_aborts_and_the_support_says_what_it_adds():
    """B17B1: the Entente's attempt aborts one of the Central Powers' two DAS points; B17B4: the
    one that gets through adds 1/2 to the defense, which is why the odds go from 8:1 to 7:1."""
    s, _ = played(15)
    assert G.view(s, E)["board"]["attack"]["odds"] == "8:1" and G.active(s) == [CP]
    s, _ = played(16)
    log = texts(s, E)
    assert "Entente aborts a Central Powers defensive air support air point (roll 6)." in log
    assert "Air support over 1405: Central Powers defensive air support 1 of 2 points, defense +0.5." in log
    assert G.view(s, E)["board"]["attack"]["odds"] == "7:1"


def test_a_retreat_before_combat_is_reported_as_no_combat_with_the_odds_it_fled():
    """9I: 1 CAV retreats before the Entente's attack; the last combat keeps 26 to 3.5 at 7:1 and
    says no combat was fought, not "0 to 0"."""
    s, _ = played(19)
    last = G.view(s, CP)["board"]["last"]
    assert last["result"] == "RBC" and last["roll"] is None
    assert (last["attack"], last["defense"], last["odds"]) == (26.0, 3.5, "7:1")
    assert last["notes"] == ["1 CAV retreated before combat: no combat was fought (9I)"]


def test_the_defender_is_told_the_attackers_combat_supply_is_unknown_and_the_column_explained():
    """11D, ruling C1: the Entente sees the German attack on 1405 at 16:1, every attacker
    counted as drawing combat supply; the Germans are out of it and fight at 8:1. The Entente's
    view says so beforehand; the report says why 8:1 is fought on the 6:1 column (L467)."""
    s, _ = played(97)
    seen = G.view(s, E)["board"]["attack"]
    assert seen["odds"] == "16:1"
    assert "the attackers' combat supply is not known before the combat: counted as drawn (11D)" in seen["notes"]
    own = G.view(s, CP)["board"]["attack"]
    assert not any("attackers' combat supply" in n for n in own["notes"])
    s, _ = played(100)
    last = G.view(s, E)["board"]["last"]
    assert (last["odds"], last["column"]) == ("8:1", "6:1")
    assert "out of combat supply: 1 ID, 2 ID, 35 ID, 1 RD, 3 RD (11D, 11F)" in last["notes"]
    assert (
        "8:1 is resolved on the 6:1 column: 6:1 is the highest column of the mobile CRT for these attackers (L467)"
        in last["notes"]
    )


def test_flug_is_not_said_to_take_a_command_he_waits_for_at_the_general_staff():
    """14P, ruling O25: Flug comes before the Tenth Army HQ; he waits at the staff, and the log
    tells his owner so, and which HQ he may be given, rather than that he has taken it."""
    s, _ = played(158)
    assert G.view(s, E)["board"]["staff"] == {"flug": True}
    assert {"assign_leader": "flug", "to": "ru-10-army-hq"} in G.actions(s, E)
    mine, theirs = texts(s, E), texts(s, CP)
    assert not any("takes command of the new Tenth Army" in t for t in mine + theirs)
    line = (
        "Vasily Flug comes to the general staff: you may give him the command of Tenth Army HQ, "
        "arriving this initial phase (14P)."
    )
    assert line in mine and line not in theirs


# ----- finding 12: questions with one answer -----------------------------------------------------


def test_questions_with_a_single_meaningless_answer_are_not_asked():
    """B17B1, B17B4: no side with 0 air points left is asked for superiority or DAS; 16B1: two Res
    Pts with one city in general supply are placed there without a question (ruling S16)."""
    s, skipped = played()
    assert skipped == [
        (CP, {"superiority": 0}),
        (E, {"superiority": 0}),
        (E, {"das": 0}),
        (CP, {"superiority": 0}),
        (E, {"superiority": 0}),
        (E, {"res_at": "1016"}),
        (E, {"res_at": "1016"}),
    ]
    assert "Entente places 2 Res Pts in 1016 (Warsaw), its only city in general supply." in texts(s, E)
    assert s["res"][E].get("1016", 0) >= 2


def test_a_side_with_air_points_is_asked_and_the_points_flown_are_all_in_the_enemys_log():
    """Ruling O1: skipping the question tells nothing, for every point flown is logged in the
    open: the Entente reads the German superiority and DAS, the Germans the Entente's."""
    s, _ = played(9)
    assert s["stack"][-1]["state"] == "superiority" and set(s["stack"][-1]["roles"]) == {E, CP}
    s, _ = played(16)
    for role in (E, CP):
        log = texts(s, role)
        assert "Air superiority: Entente 1, Central Powers 0." in log
        assert any(t.startswith("Air support over 1405: Central Powers defensive air support 1 of 2") for t in log)
    assert air.superiority_roles(s) == []  # both have flown every point this player turn


def test_a_defender_with_air_points_left_is_asked_for_das():
    s, _ = played(15)
    assert G.active(s) == [CP] and G.actions(s, CP) == [{"das": 0}, {"das": 1}, {"das": 2}]


def test_res_pts_are_asked_for_where_two_cities_may_take_them_and_lost_with_none():
    """16B1: with two cities in general supply the player chooses; with none the Res Pts are lost
    without a question."""
    s = G.new(seed=1)
    s["res_due"][CP] = 2
    places = sequence.logistics.placements(s, CP)
    assert len(places) > 1
    assert sequence.ResPlace().actions(s, {}, CP) == [{"res_at": h} for h in places]
    s["res_due"][E] = 2
    before = dict(s["res"][E])
    for h in sequence.logistics.placements(s, E):
        s["owner"][h] = CP
    sequence.ResPlace.place_all(s, E)
    assert s["res_due"][E] == 0 and s["res"][E] == before
    assert s["log"][-1][1] == "Entente has no city in general supply: its Res Pts are lost."


# ----- finding 15: the log's words ---------------------------------------------------------------


def test_the_west_corps_choice_is_told_in_words_not_ids():
    """16A1dd: the option's choices and the log name the corps, not rf-west-corps."""
    s, _ = played(28)
    assert G.active(s) == [CP] and s["stack"][-1]["state"] == "choice"
    labels = [G.label(a, s) for a in G.actions(s, CP)]
    assert all("rf-" not in x and "choose:" not in x for x in labels)
    assert labels[1].startswith("refuse them: the reinforcement of the Guard Reserve Corps and XI Army Corps (8 units)")
    s, _ = played(29)
    log = texts(s, E)
    assert (
        "Central Powers decides: Refuse them: the reinforcement of the Guard Reserve Corps and XI Army Corps "
        "(8 units) never arrives; its units are out of play." in log
    )
    assert not any("rf-" in t or "wd-" in t for t in log + texts(s, CP))


def test_the_reaction_movement_phase_ends_once_and_a_stack_moves_in_the_plural():
    """4A4, 14M2: the Army HQ's units end their reaction movement (the owner's line), then the
    phase ends, logged once; 6: "25 ID, 27 ID ... move", "40 ID moves"."""
    s, _ = played(24)
    theirs = texts(s, E)
    assert theirs.count("Central Powers: the reaction movement phase ends.") == 1
    mine = texts(s, CP)
    assert "Eighth Army HQ (AOK 8): its units' reaction movement ends." in mine
    assert "Eighth Army HQ (AOK 8): its units' reaction movement ends." not in theirs
    log = texts(s, E)
    assert any(t.startswith("III Corps HQ, 25 ID, 27 ID, 29 ID, 1 GD CAV, 2 GD CAV, 2 CAV move from 1506") for t in log)
    assert "40 ID moves from 1509 (Suwałki) to 1409 (Lyck)." in log


def test_ending_one_hqs_reaction_movement_is_labelled_as_such():
    s, _ = played(22)
    assert s["stack"][-1]["state"] == "move" and s["stack"][-1]["hq"] == "de-8-army-hq"
    assert G.label({"end": "reaction-movement"}, s) == "end the reaction movement of Eighth Army HQ (AOK 8)'s units"
