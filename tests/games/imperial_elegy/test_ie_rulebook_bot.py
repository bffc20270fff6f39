"""The rulebook's own bots (§34, rulebook shared/rulebooks/000_a5b0d7cac330d384.txt L1581-1637):
the Bot Example Actions of 34.3.4 (L1612-1614) as golden tests, the pile, the priorities, the
bot rules a bot's seat plays by (34.1, 34.4.5), and the authored Bot PAC's checks."""

from __future__ import annotations

import json
import random
import shutil

import pytest
from ie_support import answer, asking, blank, game, proc

import kriegsspiel
from kriegsspiel.engine import ask
from kriegsspiel.engine.data import DataError
from kriegsspiel.engine.records import digest
from kriegsspiel.engine.rng import bot_random
from kriegsspiel.games.imperial_elegy import bots, world
from kriegsspiel.games.imperial_elegy import bots_rulebook as rb

PLAYERS = ("ge", "uk", "fr", "au", "ru", "ot")


class Dice:
    """The bot's dice, scripted: each ``randint`` is the next roll given."""

    def __init__(self, *rolls):
        self.rolls = list(rolls)

    def randint(self, a, b):
        assert self.rolls, "the bot rolled more dice than the example"
        r = self.rolls.pop(0)
        assert a <= r <= b
        return r

    def randrange(self, n):
        return 0


def impulse(power):
    return {"power": power, "influence": False, "removed": False, "pacified": [], "deployed": []}


def decide(s, role, rng):
    return rb.rulebook(game.view(s, role), game.actions(s, role), rng)


def at_impulse(s, power, hand, home=None):
    st = s["powers"][power]
    st["hand"] = list(hand)
    st["home"] = home
    s["impulse"] = impulse(power)
    ask(s, "impulse", power)
    return s


# ----- 34.3.4 Bot Example Actions (L1612-1614) -----------------------------------------------------------


def test_example_2_prussia_rolls_diplomacy_and_the_bdit_sends_it_to_the_low_countries():
    """34.3.4 Bot Example Action 2 (L1613): GE reveals a 2 CP card; no priority 1 action; priority 2
    roll 2; 2 CP are not enough for a minor ally, so the BDIT is rolled: 5, the Low Countries; both
    Belgium and the Netherlands are independent: 1-3 Belgium, 4-6 the Netherlands; a 4."""
    s = blank()
    s["impulse"] = impulse("ge")
    proc(s, "spend", power="ge", cp=2)
    acts = game.actions(s, "ge")
    assert not any(isinstance(a, dict) and a["do"] in ("ally", "pacify") for a in acts)
    assert {"do": "diplomacy", "minor": "belgium"} in acts and {"do": "diplomacy", "minor": "netherlands"} in acts
    assert decide(s, "ge", Dice(2, 5, 4)) == {"do": "diplomacy", "minor": "netherlands"}
    assert decide(s, "ge", Dice(2, 5, 3)) == {"do": "diplomacy", "minor": "belgium"}


def test_example_3_russia_reveals_its_home_card_and_declares_the_russo_turkish_war():
    """34.3.4 Bot Example Action 3 (L1614): RU reveals its home card, rolls a 3; RU and OT have no
    truce, so RU plays the Russo-Turkish Wars and declares war on OT. The war aim is rolled: conquest
    on 1-3, liberation on 4-6; a 6, a war of liberation. (The 1850 set-up gives the Ottomans 10 army
    steps to Russia's 6; 34.4.1 L1617 forbids the war while they have 4 more, so Russia is given
    an army first.)"""
    s = at_impulse(blank(), "ru", ["russo-turkish-wars"], home="russo-turkish-wars")
    assert decide(s, "ru", Dice(3)) == {"card": "russo-turkish-wars", "as": "event", "option": "B"}
    world.new_unit(s, "ru", "army", "st-petersburg")
    play = decide(s, "ru", Dice(3))
    assert play == {"card": "russo-turkish-wars", "as": "event", "option": "A"}
    before = game.clone(s)
    answer(s, "ru", play)
    war = s.get("war")
    assert war is not None and war["primary"]["attacker"] == "ru" and war["target"] == "ot"
    # the card leaves the aim to the attacker (DECK_RULINGS K13): the bot's die names it
    assert asking(s) == "war-aim"
    assert sorted(a["aim"] for a in game.actions(s, "ru")) == ["conquest", "liberation"]
    answer(s, "ru", decide(s, "ru", Dice(6)))
    assert s["war"]["aim"] == "liberation" and asking(s) == "war-objective"
    answer(s, "ru", decide(s, "ru", random.Random(0)))
    assert s["war"]["objectives"][0] == "serbia"  # "always the closest possible targets" (L1614)
    answer(before, "ru", play)
    answer(before, "ru", decide(before, "ru", Dice(3)))
    assert before["war"]["aim"] == "conquest"


def test_example_3_with_a_truce_the_russo_turkish_wars_give_their_peaceful_option():
    s = blank()
    s["powers"]["ru"]["truces"] = {"ot": 1}
    at_impulse(s, "ru", ["russo-turkish-wars"], home="russo-turkish-wars")
    assert decide(s, "ru", Dice(3)) == {"card": "russo-turkish-wars", "as": "event", "option": "B"}


def test_example_1_britain_plays_diplomatic_incident_and_spares_its_french_partner():
    """34.3.4 Bot Example Action 1 (L1612): the UK reveals Diplomatic Incident, in its bot box, and
    plays the event. France's ally marker in Piedmont, Austria's in Bavaria and Saxony, Russia's in
    Romania; the UK and France are in an alliance, so the French marker stays; one of the other three
    is removed by the die (RULINGS_EVENTS E30)."""
    flipped = set()
    for seed in range(12):
        s = blank(seed)
        s["allies"].update({"sardinia-piedmont": "fr", "bavaria": "au", "saxony": "au", "romania": "ru"})
        s["powers"]["uk"]["alliance"] = s["powers"]["fr"]["alliance"] = "entente-aligned"
        at_impulse(s, "uk", ["diplomatic-incident"])
        play = decide(s, "uk", Dice(1, 1, 1))
        assert play == {"card": "diplomatic-incident", "as": "event", "option": "A"}
        answer(s, "uk", play)
        assert s["allies"].get("sardinia-piedmont") == "fr"
        gone = {m for m in ("bavaria", "saxony", "romania") if s["allies"].get(m) is None}
        assert len(gone) == 1
        flipped |= gone
    assert flipped == {"bavaria", "saxony", "romania"}


# ----- the pile and the priorities (34.2, 34.3) ----------------------------------------------------------


def test_the_home_card_is_on_top_of_prussias_pile_and_at_the_bottom_of_britains():
    """34.2 L1596-1598: GE and OT put the home card on top of the pile, the UK at the bottom."""
    for seed in range(8):
        s = at_impulse(blank(), "ge", ["crimean-war", "zollverein", "otto-von-bismarck"], home="otto-von-bismarck")
        assert decide(s, "ge", random.Random(seed))["card"] == "otto-von-bismarck"
        s = at_impulse(blank(), "uk", ["crimean-war", "zollverein", "the-raj"], home="the-raj")
        assert decide(s, "uk", random.Random(seed))["card"] != "the-raj"
    s = at_impulse(blank(), "uk", ["the-raj"], home="the-raj")
    assert decide(s, "uk", Dice(1, 1))["card"] == "the-raj"


def test_a_bot_never_passes_while_it_holds_a_card_it_can_play():
    """34.2 L1598: bots never pass in the action phase."""
    s = at_impulse(blank(), "fr", ["crimean-war"])
    assert "pass" in game.actions(s, "fr")
    for seed in range(10):
        assert decide(s, "fr", random.Random(seed)) != "pass"


def test_a_2_or_3_cp_card_goes_into_industrialization_before_cp():
    """34.3 L1601: industrializing with a 2 or 3 CP card is a priority 1 action."""
    s = at_impulse(blank(), "fr", ["zollverein"])
    cp = world.card("zollverein").cp
    assert cp in (2, 3)
    assert decide(s, "fr", Dice(1)) == {"card": "zollverein", "as": "industrialize"}


def test_a_shaky_bot_takes_the_stability_increase_in_the_prep_phase():
    """34.2 L1593: at stability 2 or less the bot discards for +1 stability (10.4)."""
    s = game.new(seed=3)
    assert asking(s) == "prep-discard"
    role = game.active(s)[0]
    s["powers"][role]["stability"] = 2
    assert decide(s, role, random.Random(0)) == {"discard": "stability"}
    s["powers"][role]["stability"] = 3
    assert decide(s, role, random.Random(0)) == "keep"


def test_the_bot_pacifies_first_unless_it_rolls_a_5_or_6():
    """34.3.2 L1607: a priority 2 action begins with 1 CP on pacification, unless the roll is 5+."""
    s = blank()
    s["impulse"] = impulse("ru")
    proc(s, "spend", power="ru", cp=3)
    offers = [a for a in game.actions(s, "ru") if isinstance(a, dict) and a["do"] == "pacify"]
    assert offers, "Russia has Dagestan to pacify in 1850"
    assert decide(s, "ru", Dice(4, 1)) in offers
    assert decide(s, "ru", Dice(5, 1, 1)) not in offers  # RU's 5: armies (the PAC)


def test_the_rest_of_the_cp_goes_to_one_powers_mpit_track():
    """34.3 L1602: leftover CP by the BMPIT, all of it on a single power (ruling K5); a bot in an
    alliance box (a neutral one may split them, L1603, P7)."""
    s = blank()
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["impulse"] = impulse("ge")
    proc(s, "spend", power="ge", cp=3)
    first = decide(s, "ge", Dice(6, 3))  # priority 2: 6, the MPIT; BMPIT 3: Austria, alliance
    assert first == {"do": "mpit", "power": "au", "track": "alliance"}
    answer(s, "ge", first)
    assert decide(s, "ge", Dice(1, 1)) == first  # the rest goes the same way
    answer(s, "ge", first)
    assert decide(s, "ge", Dice(1, 1)) == first


def test_no_war_on_a_power_four_army_steps_stronger():
    """34.4.1 L1617: bots will not declare war on a power with 4 or more army steps more."""
    s = blank()
    b = game.view(s, "ge")["board"]
    mine = bots._steps(b, bots._mine(b, "ge"))
    for q in PLAYERS:
        if q == "ge":
            continue
        theirs = bots._steps(b, bots._mine(b, q))
        assert (q in rb._war_targets(b, "ge")) == (theirs < mine + 4)


def test_a_bot_never_plays_a_response_card():
    """34.5 L1637."""
    acts = [{"option": "A", "play": "free-trade"}, "pass"]
    view = {"board": {"asking": "event-response", "powers": {"fr": {}}}, "role": "fr"}
    for seed in range(6):
        assert rb.rulebook(view, acts, random.Random(seed)) == "pass"


# ----- the bot rules a bot's seat plays by (34.1, 34.4.5) -----------------------------------------------


def test_a_rulebook_bots_seat_plays_by_the_bot_rules_unless_the_options_say_otherwise():
    seats = {"ge": "human", "uk": "bot:rulebook", "fr": "heuristic", "au": "rulebook", "ru": "random", "ot": "rulebook"}
    opts = game.seat_options({"ot_bot": "hard"}, seats)
    assert opts == {"uk_bot": "normal", "au_bot": "normal", "ot_bot": "hard"}
    form = {f"{p}_bot": "no" for p in PLAYERS}  # the new-game form sends every option
    opts = game.seat_options(form, seats)
    assert [p for p in PLAYERS if opts[f"{p}_bot"] == "normal"] == ["uk", "au", "ot"]
    with pytest.raises(ValueError, match="ge_bot"):
        game.new(seed=1, options={"ge_bot": "brutal"})


@pytest.mark.parametrize("level, drawn", [("easy", 3), ("normal", 4), ("hard", 5)])
def test_a_bot_draws_its_national_goals_only_at_the_end_by_difficulty(level, drawn):
    """34.1 L1585-1588: bots draw no NGs when players do; at the end, 3, 4 or 5."""
    s = blank(4)
    s["options"]["fr_bot"] = level
    proc(s, "draw-goals", power="fr")  # 20.11's draw: not for a bot
    assert not s["stack"] and s["powers"]["fr"]["goals"] == []
    proc(s, "draw-goals", power="ge")  # a player draws and keeps one
    assert asking(s) == "goal-keep"
    s["stack"].clear()
    proc(s, "final-scoring", reason="end of turn 7")
    assert len(s["powers"]["fr"]["goals"]) == drawn
    assert not s["stack"] and s["result"] is not None


def test_a_bot_redeploys_armies_free_as_a_wars_maneuver_step_begins():
    """34.4.5 L1624-1628: easy 1 army, normal half, hard all."""
    for level, want in (("easy", lambda n: 1), ("normal", lambda n: (n + 1) // 2), ("hard", lambda n: n)):
        s = blank()
        s["options"]["ru_bot"] = level
        armies = sum(1 for u in s["units"].values() if u["o"] == "ru" and u["t"] in world.ARMY_TYPES)
        assert armies >= 3
        assert world.bot_redeploys(s, "ru") == want(armies)
    s = blank()
    s["options"]["ru_bot"] = "easy"
    proc(s, "redeploy", power="ru", armies=1)
    assert asking(s) == "redeploy"
    moves = [a for a in game.actions(s, "ru") if isinstance(a, dict)]
    assert moves and all(s["units"][a["move"]]["t"] in world.ARMY_TYPES for a in moves)
    answer(s, "ru", moves[0])
    assert game.actions(s, "ru") == ["done"]  # one army, and no more


# ----- whole campaigns -----------------------------------------------------------------------------------


def _campaign(seed, seats):
    state = game.new(seed=seed, options=game.seat_options({}, seats))
    n = 0
    while state["stack"]:
        for role in game.active(state):
            acts = game.actions(state, role)
            choice = game.bots[seats[role]](game.view(state, role), acts, bot_random(state, role))
            assert choice in acts
            state = game.apply(state, role, choice)
            n += 1
        assert n < game.max_decisions
    return state


def test_six_rulebook_bots_play_a_whole_campaign_and_the_record_replays():
    state = _campaign(7, {p: "rulebook" for p in PLAYERS})
    assert game.is_over(state) and game.result(state)["winners"]
    assert all(len(state["powers"][p]["goals"]) == 4 for p in PLAYERS)
    again = kriegsspiel.replay(kriegsspiel.record(state))
    assert digest(again) == digest(state)


def test_one_power_against_five_rulebook_bots():
    seats = {p: "rulebook" for p in PLAYERS}
    seats["fr"] = "heuristic"  # the person's seat
    state = _campaign(11, seats)
    assert game.is_over(state)
    assert state["options"]["fr_bot"] == "no" and state["options"]["ge_bot"] == "normal"
    assert all(len(state["powers"][p]["goals"]) == 4 for p in PLAYERS if p != "fr")


def test_the_rulebook_bot_is_offered():
    assert "rulebook" in kriegsspiel.bots("imperial-elegy")


# ----- the authored Bot PAC ------------------------------------------------------------------------------


def test_the_bot_pac_is_checked(tmp_path):
    counts = rb.validate()
    assert counts == {"bot PACs": 6, "bot regions": 11}
    shutil.copytree(rb.HERE, tmp_path / "data")
    path = tmp_path / "data" / "bot_pac.json"
    raw = json.loads(path.read_text())
    ge = raw["records"][0]
    ge["home"][0]["card"] = "the-raj"  # Britain's
    ge["bdit"][1]["region"] = "atlantis"
    ge["bmpit"] = ge["bmpit"][:5]
    ge["wartime"] = ["battle", "march", "battle"]
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError) as e:
        rb.validate(tmp_path / "data")
    text = str(e.value)
    assert "not a home card of ge" in text and "'atlantis', not a region" in text and "one row per roll 1-6" in text
    assert "wartime names an action twice" in text
    raw["records"][1]["wartime"] = ["charge"]
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="wartime"):
        rb.validate(tmp_path / "data")


def test_a_neutral_bot_at_war_takes_its_wartime_priorities_in_order():
    """34.4.6 L1631, ruling P13: a rulebook bot in the neutral box takes the first action of its
    PAC's Wartime Action Priorities it may take; a battle only where it is not outnumbered."""
    board = {
        "asking": "war-impulse",
        "powers": {"ru": {"alliance": "neutral"}},
        "units": {
            "u1": {"o": "ru", "t": "army", "at": "ukraine", "r": False},
            "u2": {"o": "ot", "t": "army", "at": "bessarabia", "r": False},
            "u3": {"o": "ot", "t": "army", "at": "bessarabia", "r": False},
        },
        "forts": {},
        "allies": {},
    }
    view = {"role": "ru", "board": board}
    battle = {"battle": "bessarabia", "from": "ukraine"}
    # RU: deploy, march, battle, rail, naval
    assert rb.rulebook(view, ["deploy", "march", battle, "pass"], random.Random(1)) == "deploy"
    assert rb.rulebook(view, ["march", battle, "pass"], random.Random(1)) == "march"
    assert rb.rulebook(view, [battle, "rail", "pass"], random.Random(1)) == "rail"  # outnumbered 2 to 4
    board["units"]["u4"] = {"o": "ru", "t": "army", "at": "ukraine", "r": False}
    assert rb.rulebook(view, [battle, "rail", "pass"], random.Random(1)) == battle
    assert rb.rulebook(view, ["pass"], random.Random(1)) == "pass"


def test_a_damaged_bot_pac_file_is_refused_with_its_name(tmp_path):
    shutil.copytree(rb.HERE, tmp_path / "data")
    (tmp_path / "data" / "bot_regions.json").write_text('{"format": "kriegsspiel-data", "records": [')
    with pytest.raises(DataError, match="bot_regions"):
        rb.validate(tmp_path / "data")
