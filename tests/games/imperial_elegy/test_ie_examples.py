"""Golden tests from the rulebook's worked examples of §1-§23 and §33 not tested elsewhere
(rulebook shared/rulebooks/000_a5b0d7cac330d384.txt, cited as 12.3 L646).

Examples tested in other files: 2.4.2 L153 (test_ie_goals), 3.3.1 L252 (test_ie_sequence,
test_imperial_elegy_data), 8.6 L529 and 8.7 L530-535 (test_ie_end_alliances), 18.0 L1030-1046
(test_ie_battle), 13.4.5 L809 (test_ie_war_more), 19.8 L1108-1115 (test_ie_naval), 19.10
L1126-1129 (test_ie_battle), 23.3 L1266 and 23.3.3 L1273 (test_ie_crisis), 33.5 L1568
(test_ie_battle)."""

from __future__ import annotations

from ie_support import answer, asking, blank, game, proc

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import end, rebels, world

PLAYERS = ("ge", "uk", "fr", "au", "ru", "ot")


def acts(s, role):
    return game.actions(s, role)


def dests(s, role, uid):
    """Where one unit may go with its NMP in the naval movement action now asked."""
    return {a["to"] for a in acts(s, role) if isinstance(a, dict) and a.get("unit") == uid}


def impulse(power):
    """The record of an impulse, as sequence.py opens it (12.5, 12.6, 12.11: once per impulse)."""
    return {"power": power, "influence": False, "removed": False, "pacified": [], "deployed": []}


def naval_units(s, power, at=None):
    return sorted(
        uid
        for uid, u in s["units"].items()
        if u["o"] == power and u["t"] in world.NAVAL_TYPES and (at is None or u["at"] == at)
    )


# ----- 12.3 Naval Movement Examples (L645-647) --------------------------------------------------------------


def test_naval_movement_example_1_russia_to_aden():
    """12.3 Example 1, L646: RU plays 2 CP for two naval movement actions. First: the 2 squadrons of
    St Petersburg go Baltic - North Atlantic - Western Med - Eastern Med for one NMP (all European
    waters); the Sevastopol squadron goes to the Black Sea and, with OT's leave, through the
    Dardanelles to the Eastern Med for its NMP. Second: the 3 squadrons pass Suez (with its owner's
    leave) to the Indian Ocean and on to the Russian port of Aden, one NMP each."""
    s = blank()
    s["flags"]["suez_canal"] = s["flags"]["suez-canal"] = True  # 3.4.3: the canal is built
    s["control"]["aden"] = "ru"
    s["allies"]["egypt"] = "uk"  # Egypt's owner answers for the canal through its player ally (B12)
    petersburg = naval_units(s, "ru", "st-petersburg")
    sevastopol = naval_units(s, "ru", "sevastopol")
    assert len(petersburg) == 2 and len(sevastopol) == 1  # the 1850 set-up is the example's
    proc(s, "spend", power="ru", card=None, cp=2)
    assert asking(s) == "spend" and {"do": "naval"} in acts(s, "ru")
    answer(s, "ru", {"do": "naval"})  # the first action: 1 CP
    assert asking(s) == "naval-moving"
    # one NMP takes the St Petersburg squadrons through all of European waters, not beyond
    far = dests(s, "ru", petersburg[0])
    assert {"baltic", "north-atlantic", "western-med", "eastern-med"} <= far
    assert not far & {"south-atlantic", "indian-ocean", "black-sea"}  # L640; the Dardanelles unasked
    for uid in petersburg:
        answer(s, "ru", {"move": True, "unit": uid, "to": "eastern-med"})
    assert dests(s, "ru", petersburg[0]) == set()  # its NMP is spent
    # Sevastopol: the Black Sea only, until OT gives leave to pass the Dardanelles (3.4.1 L261)
    assert "eastern-med" not in dests(s, "ru", sevastopol[0]) and "black-sea" in dests(s, "ru", sevastopol[0])
    answer(s, "ru", {"passage": "dardanelles"})
    assert asking(s) == "naval-permission" and s["stack"][-1]["role"] == "ot"
    answer(s, "ot", "allow")
    assert "eastern-med" in dests(s, "ru", sevastopol[0])
    answer(s, "ru", {"move": True, "unit": sevastopol[0], "to": "eastern-med"})
    answer(s, "ru", "done")
    ships = petersburg + sevastopol
    assert {s["units"][x]["at"] for x in ships} == {"eastern-med"}
    # the second action: from the Eastern Med through Suez, with the canal owner's leave
    assert asking(s) == "spend" and {"do": "naval"} in acts(s, "ru")
    answer(s, "ru", {"do": "naval"})
    assert "indian-ocean" not in dests(s, "ru", ships[0]) and {"passage": "egypt"} in acts(s, "ru")
    answer(s, "ru", {"passage": "egypt"})
    assert asking(s) == "naval-permission" and s["stack"][-1]["role"] == "uk"
    answer(s, "uk", "allow")
    got = dests(s, "ru", ships[0])
    assert {"indian-ocean", "aden"} <= got  # a port of the box entered is free (L642)
    assert not got & {"pacific", "south-atlantic"}  # one non-European box per NMP (L639)
    for uid in ships:
        answer(s, "ru", {"move": True, "unit": uid, "to": "aden"})
    answer(s, "ru", "done")
    assert {s["units"][x]["at"] for x in ships} == {"aden"}
    assert not s["stack"] and s["naval_move"] is None  # both CP spent: the spending is over


def test_naval_movement_example_1_without_the_canal_or_leave():
    """12.3 L640, 3.4.3 L271: without the Suez Canal the Eastern Med does not reach the Indian
    Ocean; with it, the canal's owner may refuse the passage."""
    s = blank()
    ships = naval_units(s, "ru", "st-petersburg")
    for uid in ships:
        world.move_unit(s, uid, "eastern-med")
    proc(s, "naval-move", power="ru", wartime=False)
    assert "indian-ocean" not in dests(s, "ru", ships[0]) and {"passage": "egypt"} not in acts(s, "ru")
    answer(s, "ru", "done")
    s["flags"]["suez_canal"] = s["flags"]["suez-canal"] = True
    s["allies"]["egypt"] = "uk"
    proc(s, "naval-move", power="ru", wartime=False)
    answer(s, "ru", {"passage": "egypt"})
    answer(s, "uk", "deny")
    assert "indian-ocean" not in dests(s, "ru", ships[0]) and {"passage": "egypt"} not in acts(s, "ru")


def test_naval_movement_example_2_uk_around_africa():
    """12.3 Example 2, L647: 3 UK squadrons in London, 2 in Singapore, no Suez Canal; a 3 CP card
    for three naval movement actions. First: London's three to the North Atlantic, Singapore's two
    to the Indian Ocean. Second: those two to the South Atlantic. Third: on to the North Atlantic.
    The London squadrons could have moved again but stay."""
    s = blank()
    for uid in naval_units(s, "uk"):
        world.remove_unit(s, uid)
    london = [world.new_unit(s, "uk", "squadron", "london") for _ in range(3)]
    singapore = [world.new_unit(s, "uk", "squadron", "singapore") for _ in range(2)]
    proc(s, "spend", power="uk", card=None, cp=3)
    # action 1
    answer(s, "uk", {"do": "naval"})
    assert "north-atlantic" in dests(s, "uk", london[0])
    assert "south-atlantic" not in dests(s, "uk", london[0])  # leaving port is the NMP (L643)
    assert "indian-ocean" in dests(s, "uk", singapore[0])
    assert not dests(s, "uk", singapore[0]) & {"south-atlantic", "eastern-med"}
    for uid in london:
        answer(s, "uk", {"move": True, "unit": uid, "to": "north-atlantic"})
    for uid in singapore:
        answer(s, "uk", {"move": True, "unit": uid, "to": "indian-ocean"})
    answer(s, "uk", "done")
    # action 2: one box outside European waters per NMP
    answer(s, "uk", {"do": "naval"})
    assert "south-atlantic" in dests(s, "uk", london[0])  # L640: from the North Atlantic they could
    got = dests(s, "uk", singapore[0])
    assert "south-atlantic" in got and not got & {"north-atlantic", "western-med", "eastern-med"}
    for uid in singapore:
        answer(s, "uk", {"move": True, "unit": uid, "to": "south-atlantic"})
    answer(s, "uk", "done")
    # action 3: entering European waters from a non-European box costs the NMP (L639)
    answer(s, "uk", {"do": "naval"})
    assert "north-atlantic" in dests(s, "uk", singapore[0])
    for uid in singapore:
        answer(s, "uk", {"move": True, "unit": uid, "to": "north-atlantic"})
    answer(s, "uk", "done")
    assert not s["stack"]
    assert {s["units"][x]["at"] for x in london + singapore} == {"north-atlantic"}


# ----- 3.3.1 Power Projection (L240-252) ---------------------------------------------------------------------


def test_power_projection_counts_boxes_not_ports():
    """3.3.1 L248, L252: one per naval box with a controlled port, two with a naval base there too;
    'players do not get +1 power projection per port they have'."""
    s = blank()
    assert world.power_projection(s, "fr") == 2  # Brittany (North Atlantic), Provence (Western Med)
    s["control"]["normandy"] = "fr"  # already French: a second North Atlantic port adds nothing
    assert world.power_projection(s, "fr") == 2
    world.new_unit(s, "fr", "squadron", "brittany")
    s["control"]["aden"] = "fr"  # a naval base alone on the Indian Ocean: +1
    assert world.power_projection(s, "fr") == 3
    s["control"]["balochistan"] = "fr"  # with a port on that box as well: +2 for the box
    assert world.power_projection(s, "fr") == 4


def test_power_projection_three_european_boxes_and_twice_the_naval_units():
    """3.3.1 L250-251: at most three European waters boxes count; at most twice the naval units,
    the allied minors' included."""
    s = blank()
    assert world.power_projection(s, "ru") == 3  # Baltic, Black Sea, Pacific (Kamchatka)
    for sid in ("brittany", "provence", "greece"):  # North Atlantic, Western Med, Eastern Med
        s["control"][sid] = "ru"
    assert world.power_projection(s, "ru") == 3 + 1  # five European boxes, three of them count
    s["control"]["gibraltar"] = "ru"  # a naval base on the North Atlantic and the Western Med
    assert world.power_projection(s, "ru") == 2 + 2 + 1 + 1  # the three best European boxes
    world.new_unit(s, "ru", "squadron", "st-petersburg")
    assert world.power_projection(s, "ru") == 6  # more ships do not lift the three-box limit
    # the cap: twice the naval units, counting an allied minor's
    t = blank()
    t["control"]["aden"] = "ot"  # OT: Black Sea 1, Eastern Med 2, Indian Ocean 2 = 5 before the cap
    assert world.naval_units(t, "ot", with_allies=True) == 2 and world.power_projection(t, "ot") == 4
    for uid in naval_units(t, "ot"):
        world.remove_unit(t, uid)
    assert world.power_projection(t, "ot") == 0
    world.new_unit(t, "ot", "squadron", "istanbul")
    assert world.power_projection(t, "ot") == 2
    t["allies"]["greece"] = "ot"
    world.new_unit(t, "greece", "squadron", "greece")
    assert world.naval_units(t, "ot", with_allies=True) == 2 and world.power_projection(t, "ot") == 4
    world.new_unit(t, "ot", "squadron", "istanbul")
    assert world.power_projection(t, "ot") == 5


def test_power_projection_two_dominators_and_a_tie_for_second():
    """3.3.1 L242-243: the two highest dominate; two tied for second: neither dominates."""
    s = blank()
    pp = {q: world.power_projection(s, q) for q in PLAYERS}
    assert pp["uk"] == 8 and pp["ot"] == 4 and sorted(pp.values())[-3] < 4
    assert world.dominators(s, "power-projection") == ["uk", "ot"]
    # Russia rises to the Ottomans' 4: a tie for second, only the UK dominates
    s["control"]["denmark"] = "ru"
    s["control"]["greece"] = "ru"
    world.new_unit(s, "ru", "squadron", "st-petersburg")
    assert world.power_projection(s, "ru") == 4
    assert world.dominators(s, "power-projection") == ["uk"]


def test_influence_of_sea_power_uk_needs_double_the_next():
    """3.3.1 L245-246: The Influence of Sea Power gives the dominators a +1 card marker, but the UK
    only if it has the highest Power Projection and at least double the next player's."""
    s = blank()
    s["control"]["aden"] = "ot"  # OT 5 (with a third naval unit), the UK 8: less than double
    world.new_unit(s, "ot", "squadron", "istanbul")
    assert world.power_projection(s, "ot") == 5 and world.power_projection(s, "uk") == 8
    assert world.dominators(s, "power-projection") == ["uk", "ot"]
    proc(s, "event", power="ge", card="the-influence-of-sea-power", option="A", discard=True)
    assert s["powers"]["ot"]["marker"] == 1
    assert s["powers"]["uk"]["marker"] == 0
    t = blank()  # the 1850 set-up: UK 8, OT 4: double, the UK takes its marker
    proc(t, "event", power="ge", card="the-influence-of-sea-power", option="A", discard=True)
    assert t["powers"]["uk"]["marker"] == 1 and t["powers"]["ot"]["marker"] == 1


# ----- 3.3.2-3.3.3 flashpoints; 4.7.3 minor allies (L253-256, L333-335) ----------------------------------------


def test_minor_allies_dominate_without_control_4_7_3():
    """4.7.3 L335: the UK allied to the Netherlands and Belgium dominates the Low Countries (3.3)
    without controlling them: no keys, no manpower; GE controlling Hanover gains the key."""
    s = blank()
    uk_keys, uk_mp = world.keys(s, "uk"), world.manpower_limit(s, "uk")
    assert world.cards_due(s, "uk") == 6  # 1850: 3 + industry 4 / 2 + 1 India stable (10.2, D13, 33.2.2)
    ge_keys = world.keys(s, "ge")["territorial"]
    s["allies"]["netherlands"] = "uk"
    s["allies"]["belgium"] = "uk"
    assert world.dominators(s, "low-countries") == ["uk"]
    assert world.controller(s, "netherlands") == "netherlands" and world.controller(s, "belgium") == "belgium"
    assert not world.controls(s, "uk", "belgium")
    assert world.keys(s, "uk") == uk_keys and world.manpower_limit(s, "uk") == uk_mp
    assert world.cards_due(s, "uk") == 6 + 1  # the Low Countries' +1/2, rounded up (4.1.1 L293)
    s["control"]["hanover"] = "ge"
    assert world.keys(s, "ge")["territorial"] == ge_keys + 1
    assert not world.dominates(s, "ge", "germany")  # one space of six is no domination


def test_flashpoint_tie_gives_no_one_the_reward_3_3_2():
    """3.3.2 L254: two players tied for control of a flashpoint: no one dominates it."""
    s = blank()
    assert world.P().flashpoints["africa"].threshold == 5  # DATA_RULINGS D17
    for sid in ("angola", "congo", "east-africa", "guinea-coast", "madagascar"):
        s["control"][sid] = "fr"
    assert world.dominators(s, "africa") == ["fr"]
    for sid in ("sahara", "senegal", "sokoto", "sudan"):  # with South Africa: 5
        s["control"][sid] = "uk"
    assert world.flashpoint_counts(s, "africa") == {"fr": 5, "uk": 5}
    assert world.dominators(s, "africa") == []
    s["control"]["transvaal"] = "uk"
    assert world.dominators(s, "africa") == ["uk"]


def test_italy_flashpoint_ends_with_unification_3_3_3():
    """3.3.3 L256: once Italy unifies, the Italy flashpoint ceases to exist."""
    s = blank()
    italy = sorted(world.P().flashpoints["italy"].spaces)
    for sid in italy[:4]:
        s["control"][sid] = "au"
    assert world.dominators(s, "italy") == ["au"]
    s["flags"]["italy_unified"] = True
    assert world.dominators(s, "italy") == []


# ----- 4.7.1 Independence (L326-329) -------------------------------------------------------------------------


def test_independence_examples_4_7_1():
    """4.7.1 L328-329: Romania is Romanian from the start (no marker); Serbia and Bulgaria are OT
    spaces with a minority nationality and, gaining independence, become Serbian and Bulgarian;
    Serbia taking Macedonia controls it; Qajar Persia is Persia's home, Afghanistan and
    Balochistan (no flag) are uncontrolled. L327: an independent Egyptian space is Egypt's."""
    s = blank()
    assert s["control"]["romania"] == "romania" and "romania" in world.P().spaces["romania"].homes
    for sid, nat in (("serbia", "serbian"), ("bulgaria", "bulgarian")):
        assert s["control"][sid] == "ot" and nat in world.P().spaces[sid].nationalities
    assert rebels.gain_independence(s, "serbia") == "ot"
    assert s["control"]["serbia"] == "serbia"
    assert rebels.gain_independence(s, "bulgaria") == "ot"
    assert s["control"]["bulgaria"] == "bulgaria"
    world.set_control(s, "macedonia", "serbia")
    assert world.controller(s, "macedonia") == "serbia"
    assert s["control"]["persia"] == "persia" and "persia" in world.P().spaces["persia"].homes
    for sid in ("afghanistan", "balochistan"):
        assert sid not in s["control"] and not world.P().spaces[sid].nationalities
    # the Egyptian spaces carry only the Arab flag, yet independence there is Egypt's
    for sid in ("egypt", "sinai", "great-sand-sea"):
        s["control"][sid] = "ot"
    rebels.gain_independence(s, "egypt")
    assert s["control"]["egypt"] == "egypt"


# ----- 12.11 Pacification (L692-697) ---------------------------------------------------------------------------


def test_pacification_markers_start_at_0_and_2_in_a_naval_base():
    """12.11 L693: a land unit entering an uncontrolled space brings a 0 pacification marker, a 2 in
    a naval base; L695: 2d6 + marker (+1 a naval unit in an adjacent box) >= 10 pacifies, a failure
    raises the marker by one, once per space per impulse."""
    s = blank()
    s["influence"]["aden"] = "uk"
    s["influence"]["balochistan"] = "uk"
    s["impulse"] = impulse("uk")
    proc(s, "spend", power="uk", card=None, cp=6)
    answer(s, "uk", {"do": "ef", "to": "aden"})
    assert s["pacification"]["aden"] == 2
    answer(s, "uk", {"do": "ef", "to": "balochistan"})
    assert s["pacification"]["balochistan"] == 0
    # no UK naval unit on the Indian Ocean: 4 + 3 + 2 = 9 fails and the marker rises
    with scripted_dice(s, 4, 3):
        answer(s, "uk", {"do": "pacify", "space": "aden"})
    assert s["pacification"]["aden"] == 3 and world.controller(s, "aden") is None
    assert {"do": "pacify", "space": "aden"} not in acts(s, "uk")  # once per space per impulse
    assert {"do": "pacify", "space": "balochistan"} in acts(s, "uk")
    answer(s, "uk", "done")
    # a later impulse, with a squadron in the Indian Ocean: 3 + 3 + 3 + 1 = 10
    world.new_unit(s, "uk", "squadron", "indian-ocean")
    s["impulse"] = impulse("uk")
    proc(s, "spend", power="uk", card=None, cp=1)
    with scripted_dice(s, 3, 3):
        answer(s, "uk", {"do": "pacify", "space": "aden"})
    assert world.controller(s, "aden") == "uk" and "aden" not in s["pacification"]
    assert "aden" not in s["influence"]


def test_pacification_marker_goes_when_the_units_leave():
    """12.11 L695: 'If all a player's units leave an uncontrolled space with a pacification marker,
    remove the pacification marker.'"""
    s = blank()
    s["influence"]["balochistan"] = "uk"
    s["impulse"] = impulse("uk")
    proc(s, "spend", power="uk", card=None, cp=4)
    answer(s, "uk", {"do": "ef", "to": "balochistan"})
    ef = next(uid for uid, u in s["units"].items() if u["at"] == "balochistan")
    s["pacification"]["balochistan"] = 2  # two failed attempts
    assert asking(s) == "spend"
    answer(s, "uk", {"do": "ef", "unit": ef, "to": "india"})
    assert s["units"][ef]["at"] == "india"
    assert "balochistan" not in s["pacification"]


# ----- 20.3, 20.5 End Phase examples (L1145-1151) -----------------------------------------------------------


def test_set_manpower_example_20_5():
    """20.5 L1151: FR starts the End Phase with 4 standing armies and 4 manpower; it lost a
    territorial key during the turn, 9 -> 8; at 8 keys FR has 3 manpower: its manpower drops by
    one and it eliminates one standing army of its choice."""
    s = blank()
    for sid in ("belgium", "switzerland", "piedmont"):  # neighbours of France: 6 + 3 = 9 keys
        s["control"][sid] = "fr"
    assert world.keys(s, "fr") == {"territorial": 9}
    assert world.manpower_limit(s, "fr") == {"territorial": 4}
    s["powers"]["fr"]["manpower"] = {"territorial": 4}
    extra = world.new_unit(s, "fr", "army", "belgium")
    assert world.army_count(s, "fr") == 4
    s["control"]["piedmont"] = "sardinia-piedmont"  # the key lost during the turn
    assert world.keys(s, "fr") == {"territorial": 8}
    end.set_manpower(s, "fr")
    assert s["powers"]["fr"]["manpower"] == {"territorial": 3}
    assert [n for *_, n in end.excess_armies(s, "fr")] == [1]
    proc(s, "end-phase")
    while s["stack"]:
        f = s["stack"][-1]
        role = f.get("role")
        legal = game.states[f["state"]].actions(s, f, role)
        if f["state"] == "manpower-cut":
            assert role == "fr" and f["n"] == 1 and {"eliminate": extra} in legal
            answer(s, role, {"eliminate": extra})
            continue
        answer(s, role, "none" if "none" in legal else legal[0])
    assert extra not in s["units"]
    assert world.army_count(s, "fr") == 3
    assert s["powers"]["fr"]["manpower"] == {"territorial": 3}


def test_minor_build_examples_20_3():
    """20.3 L1145-1146: the Papal States has no army and is not in the build box: it builds none;
    Serbian units are placed in Serbia."""
    s = blank()
    papal = world.P().minors["papal-states"]
    assert not papal.builds
    before = sorted(uid for uid, u in s["units"].items() if u["o"] == "papal-states")
    rebels.gain_independence(s, "serbia")
    assert world.P().minors["serbia"].builds
    for uid in [u for u, x in s["units"].items() if x["o"] == "serbia"]:
        world.remove_unit(s, uid)
    end.non_player_builds(s)
    assert sorted(uid for uid, u in s["units"].items() if u["o"] == "papal-states") == before
    serbs = [u for u in s["units"].values() if u["o"] == "serbia"]
    assert len(serbs) == 1 and serbs[0]["at"] == "serbia" and serbs[0]["t"] == "army"


# ----- 3.2.4 Land Connections (L197) ---------------------------------------------------------------------------


def test_egypt_to_sudan_crosses_to_the_africa_submap():
    """3.2.4 L196-197: a dashed red line leads to a space on another map: Egypt to Sudan moves the
    units to the Sudan space of the Africa submap."""
    p = world.P()
    assert p.adjacency["egypt"]["sudan"] == "off-map"
    assert p.spaces["egypt"].map == "main" and p.spaces["sudan"].map == "africa"
