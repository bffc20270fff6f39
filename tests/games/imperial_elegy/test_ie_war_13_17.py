"""Wars, §13-§17 (rulebook shared/rulebooks/000_a5b0d7cac330d384.txt; RULINGS_WAR.md W36): aid to an
attacked minor within the five minor allies a player may have (4.2.1 L303, 13.4.2 L784), the Qing's
card marker for aid in a war of conquest only (13.4.4 L805), the rebels of every objective of a war of
liberation friendly to the attacker (13.1.1 L757), calling an ally whatever it holds (14.0 L818-823),
each treaty option once over a war's options, an ally knockout's too, and at most one on a player who
is not a primary belligerent (16.2 L912, 16.1.6 L910), Righteous Defense's "take" with a peacetime LoC
and "return" to any owner (16.2.4 L923-924), and war reparations on Germany's permanent home spaces
(16.2.3 L920, 3.2.5.1 L204)."""

from __future__ import annotations

import random

from ie_support import answer, asking, blank, clear_units, game
from test_ie_war import auto, declare, role, to_impulse

from kriegsspiel.games.imperial_elegy import war, world

NO_BUDGET = ["bread-riots"]  # a hand of one mandatory event: no card to play for a war budget (13.7 L816)


def allies_of(s, q):
    return sorted(m for m, a in s["allies"].items() if a == q)


def aid_asked(s):
    """Decline every question of the ally table (13.4.2); the roles asked, in order."""
    asked = []
    while asking(s) == "war-aid":
        asked.append(role(s))
        answer(s, role(s), "decline")
    return asked


def treaties(s, role_):
    return [a for a in game.actions(s, role_) if isinstance(a, dict) and "option" in a]


# ----- aiding an attacked minor (13.4.2, 4.2.1, 13.4.4) -------------------------------------------------------


def test_4_2_1_a_player_with_five_minor_allies_is_not_asked_to_aid_a_sixth():
    """4.2.1 L303: "players are allowed a maximum of five minor power allies"; 13.4.2 L784: a player
    who aids the attacked minor "immediately gains an alliance with it". Russia, with five minor
    allies and Denmark's diplomacy marker, is not asked to aid Denmark; with four it is asked first."""
    s = blank()
    for m in ("montenegro", "persia", "greece", "romania", "sweden"):
        s["allies"][m] = "ru"
    s["diplomacy"]["denmark"] = "ru"
    declare(s, "ge", "denmark", "conquest", ["schleswig-holstein"])
    asked = aid_asked(s)
    assert asked and "ru" not in asked
    assert allies_of(s, "ru") == ["greece", "montenegro", "persia", "romania", "sweden"]

    s = blank()
    for m in ("montenegro", "persia", "greece", "romania"):
        s["allies"][m] = "ru"
    s["diplomacy"]["denmark"] = "ru"
    declare(s, "ge", "denmark", "conquest", ["schleswig-holstein"])
    assert asking(s) == "war-aid" and role(s) == "ru"  # the diplomacy marker's holder first (13.4.2)
    answer(s, "ru", "aid")
    assert len(allies_of(s, "ru")) == 5 and s["allies"]["denmark"] == "ru"


def qing_aided_by_france(aim, objective):
    s = blank()
    if aim == "liberation":
        world.new_unit(s, "rebel", "army", objective, n="chinese")
        s["woi"][objective] = 0  # Canton in rebellion (13.1 L753)
    declare(s, "uk", "qing", aim, [objective])
    assert s["war"]["aim"] == aim
    before = s["powers"]["fr"]["marker"]
    while asking(s) == "war-aid" and role(s) != "fr":
        answer(s, role(s), "decline")
    assert asking(s) == "war-aid" and role(s) == "fr"
    answer(s, "fr", "aid")
    assert s["allies"]["qing"] == "fr"
    return s["powers"]["fr"]["marker"] - before


def test_13_4_4_aiding_the_qing_gives_the_card_marker_only_in_a_war_of_conquest():
    """13.4.4 L805: "The player that aids the Qing in the war of conquest gains a +1 card marker
    regardless of the war's outcome." France aiding the Qing against a British war of liberation
    gains nothing; against a war of conquest it gains +1."""
    assert qing_aided_by_france("liberation", "canton") == 0
    assert qing_aided_by_france("conquest", "canton") == 1


# ----- a war of liberation with two nationalities (13.1.1) ------------------------------------------------------


def test_13_1_1_the_rebels_of_both_objectives_of_a_war_of_liberation_are_friendly_to_the_attacker():
    """13.1.1 L757: "Rebels in a war of liberation are friendly to and may support the attacking
    player if that player's war aim is to liberate them" (13.1 L754: up to two objectives in
    rebellion). France liberates Lombardy (Italian rebels) and Galicia (Polish rebels): neither
    rebel army is offered to France as a battle, a French army beside them occupies the space, and
    a space held by those rebels alone counts as held."""
    s = blank()
    world.new_unit(s, "rebel", "army", "lombardy", n="italian")
    world.new_unit(s, "rebel", "army", "galicia", n="polish")
    for sid in ("lombardy", "galicia"):
        s["woi"][sid] = 0
        for uid in world.units_at(s, sid):
            if s["units"][uid]["o"] == "au":
                world.remove_unit(s, uid)
    declare(s, "fr", "au", "liberation", ["lombardy", "galicia"])
    assert s["war"]["aim"] == "liberation" and s["war"]["objectives"] == ["lombardy", "galicia"]
    for sid in ("lombardy", "galicia"):
        assert not war.hostile_rebels(s, sid, "attacker")
        assert war.objective_held(s, sid)  # held by the rebels France means to free
    to_impulse(s, {"war-shift": {"box": "entente-aligned"}})
    world.new_unit(s, "fr", "army", "galicia")
    world.new_unit(s, "fr", "army", "lombardy")
    war.update_occupation(s, "fr")
    assert s["occupied"].get("galicia") == "fr" and s["occupied"].get("lombardy") == "fr"
    assert role(s) == "fr"
    battles = [a for a in game.actions(s, "fr") if isinstance(a, dict) and "battle" in a]
    assert not [a for a in battles if a["battle"] in ("galicia", "lombardy")]


# ----- calling allies (14.0, W36) -----------------------------------------------------------------------------


def ge_calls(au_hand):
    """Prussia (aligned) attacks France; Austria (committed) and the Ottomans (aligned) are its
    allies; Austria holds ``au_hand``. Answered up to Prussia's first call (14.0 L818)."""
    s = blank()
    for q, box in (("ge", "alliance-aligned"), ("au", "alliance-committed"), ("ot", "alliance-aligned")):
        s["powers"][q]["alliance"] = box
    s["powers"]["au"]["hand"] = list(au_hand)
    declare(s, "ge", "fr", "conquest", ["champagne"])
    auto(s, {"war-call": lambda acts: None})
    assert asking(s) == "war-call" and role(s) == "ge"
    return s


def test_14_0_an_ally_without_a_card_is_called_and_answers_it_cannot_join_without_penalty():
    """14.0 L819: "Players cannot ask an ally to join a war if the ally has no valid cards to play
    for their war budget (because they cannot join if they don't have a card)"; W36: whether it
    has one is its secret, so the primary may call it and it answers that it cannot join, with no
    penalty (L820-823), and is not called again."""
    s = ge_calls(NO_BUDGET)
    assert {"call": "au"} in game.actions(s, "ge")
    stability, mpit = s["powers"]["au"]["stability"], dict(s["powers"]["au"]["mpit"])
    answer(s, "ge", {"call": "au"})
    assert any(
        line[0] == "14.0" and "Austria has no card to play for a war budget and cannot join" in line[1]
        for line in s["log"][-3:]
    )
    assert asking(s) == "war-call" and role(s) == "ge"  # Austria is not asked the war-join question
    assert game.actions(s, "ge") == [{"call": "ot"}, "done"]  # and is not offered again
    assert s["powers"]["au"]["stability"] == stability and s["powers"]["au"]["mpit"] == mpit
    assert "au" not in s["war"]["attackers"] and "au" not in s["war"]["refused"]
    answer(s, "ge", "done")
    assert s["powers"]["au"]["stability"] == stability and s["powers"]["au"]["mpit"] == mpit


def test_14_0_the_primarys_call_choices_do_not_depend_on_the_allies_hands():
    """14.0 L818-819, W36: the allies the primary may call are the same whatever the other powers
    hold; the same in the position and in samples of what Prussia may not know (``scramble``)."""
    s = ge_calls(NO_BUDGET)
    calls = game.actions(s, "ge")
    assert calls == [{"call": "au"}, {"call": "ot"}, "done"]
    assert game.actions(ge_calls(["second-opium-war"]), "ge") == calls
    assert game.actions(ge_calls([]), "ge") == calls
    for k in range(6):
        assert game.actions(game.scramble(s, "ge", random.Random(k)), "ge") == calls


# ----- treaty options (16.2) ----------------------------------------------------------------------------------


def france_beats_prussia_and_knocks_out_the_ottomans():
    """France attacks Prussia; the Ottomans join Prussia; France occupies Berlin (a major victory,
    two options, 16.1.1) and Istanbul (an ally knockout, one option on the Ottomans, 16.1.6)."""
    s = blank()
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["powers"]["ot"]["alliance"] = "alliance-aligned"
    declare(s, "fr", "ge", "conquest", ["rhineland"], cp=1)
    to_impulse(s, {"war-call": lambda a: {"call": "ot"} if {"call": "ot"} in a else "done", "war-join": lambda a: a[0]})
    assert s["war"]["defenders"] == ["ge", "ot"] and role(s) == "fr"
    for sid in ("istanbul", "berlin"):
        clear_units(s, sid)
        s["occupied"][sid] = "fr"
    answer(s, "fr", "naval")  # any 1-CP action: the capital checks follow
    answer(s, "fr", "done")
    auto(s, {"war-treaty": lambda a: None})
    assert asking(s) == "war-treaty" and s["war"]["treaty"]["only"] is None
    return s


def test_16_2_an_option_chosen_in_the_main_treaty_is_not_chosen_again_for_an_ally_knockout():
    """16.2 L912: "Each option can only be chosen once, regardless of how many options were awarded
    to the victorious player"; 16.1.6 L910: the knockout awards one more. France, having taken war
    reparations from Prussia, is not offered them again on the knocked-out Ottomans."""
    s = france_beats_prussia_and_knocks_out_the_ottomans()
    assert {"option": "reparations", "on": "ot"} in treaties(s, "fr")
    marker = s["powers"]["fr"]["marker"]
    answer(s, "fr", {"option": "reparations", "on": "ge"})
    answer(s, "fr", {"option": "territorial"})
    auto(s, {"war-treaty": lambda a: None})
    assert asking(s) == "war-treaty" and s["war"]["treaty"]["only"] == "ot"
    ko = treaties(s, "fr")
    assert {"option": "colonial", "space": "crete"} in ko
    assert not [a for a in ko if a["option"] in ("reparations", "territorial")]
    auto(s)
    assert s["powers"]["fr"]["marker"] == marker + 1  # reparations once (16.2.3 L920)


def test_16_2_no_second_option_on_a_knocked_out_ally_that_is_not_a_primary_belligerent():
    """16.2 L912: "the victorious player cannot impose more than one treaty option on a player who
    is not a primary belligerent". France, having imposed a colonial cession on the Ottomans in
    the main treaty, is offered nothing more by their knockout (16.1.6)."""
    s = france_beats_prussia_and_knocks_out_the_ottomans()
    answer(s, "fr", {"option": "reparations", "on": "ge"})
    answer(s, "fr", {"option": "colonial", "space": "crete"})
    auto(s, {"war-treaty": lambda a: None})
    assert asking(s) == "war-treaty" and s["war"]["treaty"]["only"] == "ot"
    assert game.actions(s, "fr") == ["done"]
    ot_marker = s["powers"]["ot"]["marker"]
    auto(s)
    assert s["powers"]["ot"]["marker"] == ot_marker and s["control"]["crete"] == "fr"


# ----- Righteous Defense and war reparations (16.2.3, 16.2.4) --------------------------------------------------


def test_16_2_4_righteous_defense_takes_only_a_space_the_defender_traces_a_peacetime_loc_to():
    """16.2.4 L923: "The defender must be able to trace a LoC to chosen space during peacetime to
    take it." Austria attacks France, and France wins a major victory (Vienna occupied): France is
    not offered landlocked Galicia or Transylvania, which border no French space, but is offered
    Venetia, on the sea."""
    s = blank()
    declare(s, "au", "fr", "conquest", ["champagne"], cp=1)
    to_impulse(s, {"war-shift": {"box": "entente-aligned"}})
    assert role(s) == "au"
    clear_units(s, "vienna")
    s["occupied"]["vienna"] = "fr"
    answer(s, "au", "pass")
    auto(s, {"war-treaty": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert s["war"]["result"]["type"] == "major" and asking(s) == "war-treaty" and role(s) == "fr"
    takes = {a["take"] for a in treaties(s, "fr") if a["option"] == "righteous" and "take" in a}
    assert "galicia" not in takes and "transylvania" not in takes
    assert "venetia" in takes
    answer(s, "fr", {"option": "righteous", "take": "venetia"})
    auto(s, {"war-shift": {"box": "entente-aligned"}})
    assert s["war"] is None and s["control"]["venetia"] == "fr" and s["control"]["galicia"] == "au"


def prussia_holding_champagne_attacks_austria(**options):
    """Prussia holds France's home space Champagne and declares war on Austria (an Austrian army
    in Bohemia, Silesia and Berlin empty): the war's first impulse."""
    s = blank(**options)
    s["control"]["champagne"] = "ge"
    for sid in ("silesia", "bohemia", "berlin", "champagne"):
        clear_units(s, sid)
    world.new_unit(s, "au", "army", "bohemia")
    declare(s, "ge", "au", "conquest", ["galicia"], cp=1)
    to_impulse(s, {"war-shift": {"box": "entente-aligned"}})
    return s


def test_16_2_4_righteous_defense_returns_a_home_space_to_an_owner_outside_the_war():
    """16.2.4 L924: "Give a home space controlled by the attacker back to its owner. The space does
    not have to be occupied to choose this option." Prussia holds Champagne and attacks Austria;
    Austria wins a defensive victory and gives Champagne back to France, which fought on no side."""
    s = prussia_holding_champagne_attacks_austria()
    s["war"]["budget"]["ge"] = 2
    answer(s, "ge", "pass")
    answer(s, "au", "march")
    answer(s, "au", {"unit": world.units_at(s, "bohemia", "au")[0], "to": "silesia"})
    answer(s, "au", "done")
    s["war"]["budget"]["au"] = 2
    auto(s, {"war-treaty": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert s["war"]["result"]["type"] == "defensive" and role(s) == "au"
    assert "fr" not in s["war"]["attackers"] + s["war"]["defenders"]
    assert {"option": "righteous", "return": "champagne"} in treaties(s, "au")
    answer(s, "au", {"option": "righteous", "return": "champagne"})
    auto(s, {"war-shift": {"box": "entente-aligned"}})
    assert s["war"] is None and s["control"]["champagne"] == "fr"


def test_16_2_3_reparations_on_germany_by_occupying_a_permanent_german_home_space():
    """16.2.3 L920: "The attacker must occupy at least one home that is controlled by the losing
    power to impose war reparations"; 3.2.5.1 L204: a German unification space GE controls "becomes a
    permanent GE home space" (s["flags"]["ge_homes"]). France occupies Hanover, Prussia's
    permanent home space, and may impose war reparations on Prussia."""
    s = blank()
    s["control"]["hanover"] = "ge"
    s["control"]["hesse"] = "ge"
    s["gone"].append("hanover")
    s["flags"].setdefault("ge_homes", []).extend(["hanover", "hesse"])
    assert world.is_home(s, "ge", "hanover")
    for sid in ("hanover", "westphalia", "rhineland"):
        clear_units(s, sid)
    declare(s, "fr", "ge", "conquest", ["hanover"], cp=1)
    to_impulse(s, {"war-shift": {"box": "entente-aligned"}})
    clear_units(s, "hanover")
    s["occupied"]["hanover"] = "fr"
    for _ in range(40):
        if asking(s) != "war-impulse":
            break
        s["war"]["budget"][role(s)] = min(s["war"]["budget"][role(s)], 2)
        answer(s, role(s), "pass")
    auto(s, {"war-treaty": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert s["war"]["result"]["type"] == "normal" and role(s) == "fr"
    assert {"option": "reparations", "on": "ge"} in treaties(s, "fr")
    markers = s["powers"]["fr"]["marker"], s["powers"]["ge"]["marker"]
    answer(s, "fr", {"option": "reparations", "on": "ge"})
    auto(s, {"war-shift": {"box": "entente-aligned"}})
    assert (s["powers"]["fr"]["marker"], s["powers"]["ge"]["marker"]) == (markers[0] + 1, markers[1] - 1)


def _prussia_at_war_with_an_ec():
    """Prussia at war with Austria, two armies and an EC in Berlin, an army in the Rhineland."""
    s = blank(seed=1)
    for sid in ("berlin", "rhineland", "silesia", "bohemia"):
        clear_units(s, sid)
    world.new_unit(s, "ge", "army", "berlin")
    world.new_unit(s, "ge", "army", "berlin")
    ec = world.new_unit(s, "ge", "ec", "berlin")
    world.new_unit(s, "ge", "army", "rhineland")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=3)
    auto(s, {"war-impulse": lambda a: None})
    assert asking(s) == "war-impulse" and role(s) == "ge"
    return s, ec


def test_15_2_5_an_ec_may_be_railed_on_its_own_to_an_army_and_counts_as_an_army():
    """15.2.5 L867: "Players can rail individual ECs and EFs but doing so counts as railing an
    army"; 5.1.3 L367: it must "end their movement stacked with (attached to) an army"."""
    s, ec = _prussia_at_war_with_an_ec()
    answer(s, "ge", "rail")
    acts = game.actions(s, "ge")
    assert {"unit": ec, "to": "rhineland"} in acts
    assert not any(a.get("unit") == ec and a["to"] not in ("rhineland", "berlin") for a in acts if isinstance(a, dict))
    moved = s["stack"][-1]["moved"]
    answer(s, "ge", {"unit": ec, "to": "rhineland"})
    assert s["units"][ec]["at"] == "rhineland" and s["stack"][-1]["moved"] == moved + 1


def test_5_1_3_an_ec_marches_on_its_own_only_to_end_with_an_army():
    """5.1.3 L367: ECs "can move on their own but must always begin and end their movement
    stacked with (attached to) an army": a march step of its own goes only where an army of its
    owner stands."""
    s, ec = _prussia_at_war_with_an_ec()
    answer(s, "ge", "march")
    ec_steps = [a for a in game.actions(s, "ge") if isinstance(a, dict) and a.get("unit") == ec]
    armies = {u["at"] for u in s["units"].values() if u["o"] == "ge" and u["t"] in world.ARMY_TYPES}
    assert all(a["to"] in armies for a in ec_steps)
    army = next(uid for uid, u in s["units"].items() if u["o"] == "ge" and u["t"] == "army" and u["at"] == "berlin")
    step = next(a for a in game.actions(s, "ge") if isinstance(a, dict) and a.get("unit") == army)
    answer(s, "ge", step)  # one army leaves Berlin: the EC may follow it, and only there or stay
    ec_steps = [a for a in game.actions(s, "ge") if isinstance(a, dict) and a.get("unit") == ec]
    assert {"unit": ec, "to": step["to"]} in ec_steps


def test_16_2_4_righteous_defense_liberates_a_minority_never_a_powers_own_people():
    """16.2.4 L925: "Liberate a minority nationality in a space occupied by the defender"; 3.2.6
    L213: a flag in a player's home space denotes a minority. Austria, defending and holding Berlin
    after a major victory, is not offered to free the Germans of Prussia's capital to a German
    minor (ruling W37); a people other than the capital's still may be (war.minority_nationalities)."""
    s = blank(seed=1)
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=1)
    auto(s, {"war-impulse": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert asking(s) == "war-impulse" and role(s) == "ge"
    clear_units(s, "berlin")
    s["occupied"]["berlin"] = "au"  # Austrian troops hold Berlin
    answer(s, "ge", "naval")
    answer(s, "ge", "done")
    auto(s, {"war-treaty": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert asking(s) == "war-treaty" and role(s) == "au"
    acts = game.actions(s, "au")
    assert {"option": "righteous", "liberate": "berlin"} not in acts
    assert war.minority_nationalities(s, "berlin") == []
    assert war.liberated_minor(s, "berlin", minorities_only=True) is None
    # Posen's Poles are a minority in Prussia: there the same option would free them
    assert s["control"]["posen"] == "ge" and war.minority_nationalities(s, "posen") == ["polish"]


# ----- knock-outs, realignment, and a home space returned (15.6, 16.2.2, 16.2.4, 16.3) -----------------------


def test_16_3_a_knocked_out_italy_exchanges_truces():
    """16.3 L933: "all players (and a unified Italy) involved in the war exchange truces"; W12: a
    knocked-out power still receives them. France took Rome (15.6 L893): Italy had no truce and
    France could attack it again at once."""
    from test_ie_events import effects

    s = blank()
    effects(s, "ge", {"verb": "_unify"})
    s["majors"]["italy"]["alliance"] = "alliance-aligned"
    s["powers"]["au"]["alliance"] = "alliance-aligned"
    declare(s, "fr", "au", "conquest", ["galicia"], cp=1)
    to_impulse(
        s,
        {
            "war-minors": lambda a: {"bring": "italy"} if {"bring": "italy"} in a else "done",
            "war-shift": {"box": "entente-aligned"},
        },  # fmt: skip
    )
    w = s["war"]
    assert "italy" in w["defenders"]
    clear_units(s, "rome")
    world.new_unit(s, "fr", "army", "rome")
    war.update_occupation(s, "fr")
    war.check_capitals(s)
    assert w["knocked_out"] == {"italy": "attacker"}
    for q in w["budget"]:
        w["budget"][q] = 0
    auto(s, {"war-treaty": "done", "war-shift": {"box": "entente-aligned"}})
    assert s["war"] is None
    assert s["majors"]["italy"]["truces"].get("fr") and s["powers"]["fr"]["truces"].get("italy")
    assert not war.can_attack(s, "fr", "italy")


def test_15_6_the_player_that_occupied_the_capital_chooses_the_knockout_option():
    """15.6 L893: occupying the capital of a player who is not a primary belligerent "grants the
    occupying player a special treaty option". Russia took Istanbul; France, the primary, chose."""
    s = blank()
    for q, box in (("fr", "entente-aligned"), ("ru", "entente-aligned"), ("ge", "alliance-aligned"),
                   ("ot", "alliance-aligned")):  # fmt: skip
        s["powers"][q]["alliance"] = box
    declare(s, "fr", "ge", "conquest", ["rhineland"], cp=1)
    calls = ("ru", "ot")
    to_impulse(
        s,
        {
            "war-call": lambda a: next(({"call": q} for q in calls if {"call": q} in a), "done"),
            "war-join": lambda a: a[0],
        },  # fmt: skip
    )
    w = s["war"]
    assert w["attackers"] == ["fr", "ru"] and w["defenders"] == ["ge", "ot"]
    clear_units(s, "istanbul")
    world.new_unit(s, "ru", "army", "istanbul")
    war.update_occupation(s, "ru")
    war.check_capitals(s)
    for q in w["budget"]:
        w["budget"][q] = 0
    auto(s, {"war-treaty": lambda a: None})
    while w["treaty"]["only"] is None:  # France's own options first, if any
        answer(s, role(s), "done")
        auto(s, {"war-treaty": lambda a: None})
    assert w["treaty"]["only"] == "ot" and role(s) == "ru"


def test_4_2_1_realignment_is_not_offered_to_a_player_with_five_minor_allies():
    """4.2.1 L303: "players are allowed a maximum of five minor power allies"; realignment (16.2.2)
    gave Prussia a sixth."""
    s = blank()
    for m in ("hanover", "bavaria", "wurttemberg", "denmark", "sweden"):
        s["allies"][m] = "ge"
        s["diplomacy"].pop(m, None)
    s["allies"]["saxony"] = "au"
    s["diplomacy"].pop("saxony", None)
    for sid in ("silesia", "bohemia"):
        clear_units(s, sid)
    declare(s, "ge", "au", "conquest", ["bohemia"])
    s["occupied"]["bohemia"] = "ge"
    answer(s, "au", "surrender")
    auto(s, {"war-treaty": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert asking(s) == "war-treaty" and role(s) == "ge"
    assert not [a for a in treaties(s, "ge") if a["option"] == "realignment"]
    del s["allies"]["sweden"]
    assert {"option": "realignment", "minor": "saxony"} in treaties(s, "ge")


def test_16_2_4_righteous_defense_returns_a_home_space_to_a_minor_power():
    """16.2.4 L924: "Give a home space controlled by the attacker back to its owner": Denmark's
    Schleswig-Holstein, held by Prussia, could not go back to Denmark (only players' homes)."""
    s = blank()
    s["control"]["schleswig-holstein"] = "ge"
    for sid in ("schleswig-holstein", "paris", "champagne", "alsace-lorraine", "rhineland"):
        clear_units(s, sid)
    declare(s, "ge", "fr", "conquest", ["alsace-lorraine"], cp=1)
    to_impulse(s, {"war-shift": {"box": "entente-aligned"}})
    w = s["war"]
    s["occupied"]["rhineland"] = "fr"  # a defensive victory (16.1.3)
    world.new_unit(s, "fr", "army", "rhineland")
    for q in w["budget"]:
        w["budget"][q] = 0
    auto(s, {"war-treaty": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert w["result"]["type"] == "defensive" and role(s) == "fr"
    assert {"option": "righteous", "return": "schleswig-holstein"} in treaties(s, "fr")
    answer(s, "fr", {"option": "righteous", "return": "schleswig-holstein"})
    auto(s, {"war-shift": {"box": "entente-aligned"}})
    assert s["control"]["schleswig-holstein"] == "denmark"


def test_a_march_is_logged_with_the_unit_and_where_it_goes():
    """15.2.4: the log read "Prussia marches." and "Prussia army marches from Berlin to Silesia" (a
    unit's type for its name; "Britain indian marches ..." for an Indian army)."""
    s, _ = _prussia_at_war_with_an_ec()
    answer(s, "ge", "march")
    army = next(x for x in world.units_at(s, "berlin", "ge") if s["units"][x]["t"] == "army")
    answer(s, "ge", {"unit": army, "to": "silesia"})
    lines = [e[1] for e in s["log"][-3:]]
    assert "Prussia takes a march action." in lines
    assert "Prussia's army in Berlin marches to Silesia." in lines


def test_3_4_a_space_controlled_with_another_is_never_an_objective_nor_taken_alone():
    """3.4.1 L260: "The player that controls Istanbul also controls the Dardanelles"; 3.4.4 L273:
    Egypt's two other spaces go with Egypt, Benghazi with Tripoli. A war of conquest took the
    Dardanelles, or Benghazi, and left Istanbul or Tripoli Ottoman."""
    s = blank(2)
    for sid in ("dardanelles", "benghazi"):
        assert world.P().spaces[sid].controlled_with and s["control"][sid] == "ot"
    pool = war.objective_pool(s, "ru", "ot", "conquest")
    assert "istanbul" not in pool and "tripoli" in pool  # the capital never (13.3.1); Tripoli may be
    assert not {"dardanelles", "benghazi", "sinai", "great-sand-sea"} & set(pool)
    assert not [sid for sid in pool if world.P().spaces[sid].controlled_with]


def test_16_1_4_a_peace_proposal_names_its_treaty_option_in_words():
    """16.1.4 L906 (W29): a proposal of peace on a named treaty option. Its label read
    "propose peace: concede {'option': 'realignment', 'minor': 'bavaria'}"."""
    words = game.label({"propose": "concede", "option": {"option": "realignment", "minor": "bavaria"}})
    assert words == "propose peace: concede realignment of Bavaria"
    assert game.label({"propose": "demand", "option": {"option": "reparations", "on": "fr"}}) == (
        "propose peace: demand war reparations from France"
    )
