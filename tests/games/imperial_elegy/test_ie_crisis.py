"""Imperial Elegy: the WTT and the Crisis Table (3.7 L285, §23 L1250-1287): the authored table
(data/tables.json), International Conference (the event continues, 23.1 L1258), the outbreak
ending the game (option no_great_war_turns), the 23.3 example (Assassination on AU, Serbia
blamed) and the 23.3.3 Balkan Wars example."""

from __future__ import annotations

import json
from pathlib import Path

import ie_support
import pytest
from ie_support import game
from test_ie_events import drive, effects, waiting

from kriegsspiel.engine import DataError, call
from kriegsspiel.engine.flow import run
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import crisis
from kriegsspiel.games.imperial_elegy.deck import deck


def blank(seed=1, scenario=None, **options):
    """A position to build on, the game ending at the Great War's outbreak (no_great_war_turns):
    these tests are about the Crisis Table (the Great War itself: test_ie_great_war.py)."""
    return ie_support.blank(seed, scenario, **{"no_great_war_turns": True, **options})


def play(s, p, cid, option="A"):
    call(s, "event", power=p, card=cid, option=option, discard=True)
    run(game.procedures, s)
    return s


def test_the_table_has_a_row_for_every_crisis_card():
    t = crisis.tables()
    for c in deck().cards.values():
        if c.crisis_row:
            assert c.id in t["rows"], c.id
    assert "generic" in t["rows"]
    assert [r.state for r in t["balkan"].results] == ["serbia", "bulgaria", "greece", "romania", "montenegro", "bosnia"]
    assert crisis.validate_tables() == {"crisis rows": 10, "balkan states": 6}


def test_the_validator_refuses_a_broken_table(tmp_path):
    raw = json.loads((Path(crisis.HERE) / "tables.json").read_text())
    raw["records"] = [r for r in raw["records"] if r.get("row") != "assassination"]
    (tmp_path / "tables.json").write_text(json.dumps(raw))
    with pytest.raises(DataError, match="assassination"):
        crisis.validate_tables(tmp_path)
    raw = json.loads((Path(crisis.HERE) / "tables.json").read_text())
    raw["records"][0]["steps"][0]["results"][0]["hi"] = 1  # a gap in the die faces
    (tmp_path / "tables.json").write_text(json.dumps(raw))
    with pytest.raises(DataError, match="1-6"):
        crisis.validate_tables(tmp_path)


def test_wtt_moves_within_0_5_without_crisis_below_5():
    s = blank()
    effects(s, "ge", {"verb": "wtt", "amount": -2})
    assert s["wtt"] == 0
    effects(s, "ge", {"verb": "wtt", "amount": 3})
    assert s["wtt"] == 3 and s["crisis"] is None


def test_international_conference_continues_the_event():
    """23.1 L1258: no war: the rest of the inciting event is followed (Black Hand's rebels)."""
    s = blank()
    s["wtt"] = 4
    with scripted_dice(s, 1):
        play(s, "ge", "black-hand")
        drive(s)
    assert s["crisis"]["result"] == "conference" and not s["crisis"]["outbreak"]
    assert s["wtt"] == 5 and s["result"] is None
    assert s["rebel_spaces"].get("bosnia") == 1  # the effect after the WTT still happens
    assert "black-hand" in s["removed"]


def test_an_outbreak_ends_the_game():
    """23.0, 23.1: the Great War: the rest of the event is ignored; with no_great_war_turns the
    game ends with the NGs scored (25.5, goals.py)."""
    s = blank()
    s["wtt"] = 4
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["powers"]["fr"]["alliance"] = "entente-aligned"
    with scripted_dice(s, 3):
        play(s, "ge", "moroccan-crisis")
        drive(s)
    assert s["crisis"]["outbreak"] and s["crisis"]["result"] == "outbreak"
    assert s["powers"]["fr"]["alliance"] == "entente-aligned"  # the shift after the WTT is ignored
    assert s["result"] is not None
    assert "Great War breaks out in the 1850s" in s["result"]["reason"]
    assert s["flags"]["great_war"]


def test_neutral_players_drawn_in_choose_an_alliance():
    """23.5 L1277-1287: Moroccan Crisis involves FR and GE; both neutral: placed at random, within
    the limits (never an alliance bigger than the other)."""
    s = blank()
    s["wtt"] = 4
    with scripted_dice(s, 3):
        play(s, "ge", "moroccan-crisis")
        drive(s)
    sides = s["crisis"]["shifts"]
    assert set(sides) == {"fr", "ge"} and sides["fr"] != sides["ge"]


def test_the_23_3_example_assassination_on_austria():
    """23.3 L1268-1270: Assassination is played on AU, 'bordering nation' is rolled, the active
    player blames Serbia; Serbia enters against AU; its RU ally marker stays (RU opposes AU)."""
    s = blank()
    s["control"]["serbia"] = "serbia"
    s["allies"]["serbia"] = "ru"
    s["powers"]["au"]["alliance"] = "alliance-aligned"
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["powers"]["ru"]["alliance"] = "entente-aligned"
    s["powers"]["fr"]["alliance"] = "entente-aligned"
    s["wtt"] = 4
    with scripted_dice(s, 6, 5):  # Unstable Situation holds (6), then the crisis roll 5: bordering nation
        play(s, "fr", "assassination")
        assert waiting(s) == ("event-choose", "fr")
        game.apply(s, "fr", {"power": "au"})  # the assassination is played on Austria
        assert waiting(s) == ("event-choose", "fr")
        assert {"minor": "serbia"} in game.actions(s, "fr")
        game.apply(s, "fr", {"minor": "serbia"})
        drive(s)
    cr = s["crisis"]
    assert cr["target"] == "au" and cr["blamed"] == "serbia" and cr["minors"] == {"serbia": "entente"}
    assert s["allies"]["serbia"] == "ru"
    assert cr["outbreak"] and s["result"] is not None


def test_the_23_3_3_balkan_wars_example():
    """23.3.3 L1274-1276: Serbia rolled but not independent, Bulgaria threatened; 'Balkan Table (roll
    twice)': Bosnia and Greece threaten it; step 2 'Ally (Austria if no ally)': Bulgaria's ally RU is
    the respondent. Greece (allied to RU) must join the alliance opposing RU: AU places its marker;
    Bosnia's AU marker stays."""
    s = blank()
    for m in ("bulgaria", "bosnia"):
        s["control"][m] = m
    s["allies"].update({"bulgaria": "ru", "greece": "ru", "bosnia": "au"})
    s["powers"]["ru"]["alliance"] = "entente-aligned"
    s["powers"]["au"]["alliance"] = "alliance-aligned"
    s["wtt"] = 4
    with scripted_dice(s, 1, 2, 5, 6, 3, 1):  # incident: Serbia (reroll), Bulgaria; step 1: 5; Bosnia, Greece; 1
        play(s, "ge", "balkan-wars")
        drive(s)
    cr = s["crisis"]
    assert cr["threatened"] == "bulgaria" and cr["threatening"] == ["bosnia", "greece"]
    assert cr["respondent"] == "ru"
    assert cr["minors"] == {"bulgaria": "entente", "bosnia": "alliance", "greece": "alliance"}
    assert (s["allies"]["bulgaria"], s["allies"]["greece"], s["allies"]["bosnia"]) == ("ru", "au", "au")
    # the Great War breaks out: the war of the card is never declared, the game is over
    assert s["war"] is None and not any(rule == "12.17" for rule, *_ in s["log"])
    assert s["result"] is not None


def test_impossible_bordering_nation_is_narrative():
    """23.4 L1277: every nation bordering the targeted power is allied to it: the "bordering nation"
    result is impossible, nobody is blamed, and the GW still occurs. Bosnia is OT's: the targeted
    player of the Black Hand roll is the Ottoman Empire (E23)."""
    s = blank()
    s["wtt"] = 4
    neighbours, italy = crisis.bordering(s, "ot")
    assert neighbours and not italy
    for m in neighbours:
        s["allies"][m] = "ot"
    assert crisis.bordering(s, "ot") == ([], False)
    with scripted_dice(s, 6):  # step 1: 4-6, a bordering nation
        play(s, "ge", "black-hand")
        drive(s)
    cr = s["crisis"]
    assert cr["target"] == "ot" and cr["result"] == "bordering-nation"
    assert cr["impossible"] == ["no bordering nation"] and cr.get("blamed") is None
    assert cr["outbreak"] and s["result"] is not None


def test_impulsive_leader_draws_the_named_neutral():
    s = blank()
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["powers"]["fr"]["alliance"] = "entente-aligned"
    s["wtt"] = 4
    with scripted_dice(s, 4, 5):  # leader, then step 2: 5 = Russia
        call(s, "event-effects", power="au", card="impulsive-ruler", effects=[{"verb": "wtt", "amount": 1}])
        run(game.procedures, s)  # the crisis asks Russia which alliance it joins (23.5)
        assert waiting(s) == ("event-choose", "ru")
        game.apply(s, "ru", {"alliance": "entente"})
        drive(s)
    assert s["crisis"]["leader"] == "ru" and s["powers"]["ru"]["alliance"] == "entente-aligned"
