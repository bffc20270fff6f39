"""Imperial Elegy, §5: elite corps that go with their army (5.1.3) and the peacetime LoC (5.6)."""

from __future__ import annotations

from ie_support import blank, game, hand_card, start, until_impulse
from test_ie_battle import add, empty

from kriegsspiel.games.imperial_elegy import sequence, world


def test_5_1_3_an_ec_sails_with_its_only_army():
    """5.1.3 L367: an EC begins and ends its movement with an army. France's only army in Brittany
    sailed to Algeria, and its EC stayed behind alone."""
    s = until_impulse(start(seed=0), "fr")
    for uid in [x for x, u in s["units"].items() if u["o"] == "fr" and u["at"] == "brittany"]:
        world.remove_unit(s, uid)
    (army,) = add(s, "fr", "army", "brittany")
    (ec,) = add(s, "fr", "ec", "brittany")
    add(s, "fr", "squadron", "brittany")
    cp = next(a for a in game.actions(s, "fr") if isinstance(a, dict) and a.get("as") == "cp")
    game.apply(s, "fr", cp)
    game.apply(s, "fr", {"do": "naval"})
    moves = [a for a in game.actions(s, "fr") if isinstance(a, dict) and a.get("unit") == army]
    dest = next(m for m in moves if m["to"] not in world.P().naval_boxes)
    game.apply(s, "fr", dest)
    assert s["units"][ec]["at"] == s["units"][army]["at"] == dest["to"]


def test_5_1_3_a_cut_off_army_displaces_with_its_ec():
    """5.6.3 L421: in peacetime an army with a broken LoC displaces at once; 5.1.3: its EC goes with
    it. Georgia's independence cut off the Russian army in Erivan; it left, its EC stayed alone."""
    s = empty()
    (army,) = add(s, "ru", "army", "erivan")
    (ec,) = add(s, "ru", "ec", "erivan")
    s["control"]["georgia"] = "independent:georgian"
    sequence.displace_cut_off(s)
    assert s["units"][army]["at"] != "erivan"
    assert s["units"][ec]["at"] == s["units"][army]["at"]


def test_5_6_a_peacetime_loc_passes_only_through_the_powers_own_spaces():
    """5.6 L416: "This trace can only pass through a power's controlled spaces during peacetime";
    4.7.3 L334: players do not control their minor allies' spaces; 12.5.1 L664 lets a LoC through
    them only to place influence. Allied with Hanover, Prussia's army in the Rhineland, cut off by
    Hanoverian Westphalia, traced through it."""
    s = empty()
    s["control"]["westphalia"] = "hanover"
    (army,) = add(s, "ge", "army", "rhineland")
    assert army in world.cut_off_armies(s)
    s["allies"]["hanover"] = "ge"
    assert not world.has_loc(s, "ge", "rhineland")
    assert army in world.cut_off_armies(s)
    s["war"] = {"attackers": ["ge"], "defenders": ["fr"], "primary": {"attacker": "ge", "defender": "fr"}}
    s["war"].update({"aim": "conquest", "objectives": [], "deployed": []})
    assert world.has_loc(s, "ge", "rhineland")  # in wartime, through friendly spaces


def test_3_4_4_benghazi_goes_with_a_liberated_tripoli():
    """3.4.4 L273: whoever controls Tripoli always controls Benghazi. A war of liberation freed
    Tripoli and left Benghazi Ottoman."""
    from kriegsspiel.games.imperial_elegy import war

    s = empty()
    world.new_unit(s, "rebel", "army", "tripoli", n="arab")
    s["woi"]["tripoli"] = 1
    assert "benghazi" in world.followers("tripoli")
    war.liberate_space(s, "tripoli", "fr")
    assert s["control"].get("benghazi") == s["control"].get("tripoli") != "ot"


def test_5_7_a_displaced_army_goes_to_the_closest_space_with_a_loc():
    """5.7 L427: "Displaced land units are moved to the closest friendly controlled space with a
    LoC". France's army in Sokoto, its Saharan pocket cut off by the loss of Algeria, hopped to the
    Sahara and was cut off still."""
    s = empty()
    s["control"].update({"sahara": "fr", "sokoto": "fr", "algeria": "morocco"})
    s["pacification"].pop("algeria", None)
    (army,) = add(s, "fr", "army", "sokoto")
    assert army in world.cut_off_armies(s)
    sequence.displace_cut_off(s)
    at = s["units"][army]["at"]
    assert at not in ("sokoto", "sahara") and world.has_loc(s, "fr", at)
    assert army not in world.cut_off_armies(s)


def test_5_6_3_an_army_a_war_of_independence_cuts_off_in_the_end_phase_displaces():
    """5.6.3 L424: in peacetime a unit with a broken LoC "immediately displaces". Georgia won its
    independence in the End Phase (20.8) and Russia's army in Erivan, cut off behind it, stayed."""
    from kriegsspiel.games.imperial_elegy import end

    s = empty()
    (army,) = add(s, "ru", "army", "erivan")
    world.new_unit(s, "rebel", "army", "georgia", n="georgian")
    s["woi"]["georgia"] = 1
    end.EndPhase().wois(s, {})
    assert s["control"].get("georgia") != "ru"
    assert s["units"][army]["at"] != "erivan" and world.has_loc(s, "ru", s["units"][army]["at"])


def test_5_5_3_an_overstacked_stack_loses_a_step_at_its_owners_impulse_in_peacetime_too():
    """5.5.3 L408: stacks in overstacked spaces suffer a step loss at the beginning of their owning
    player's impulse; displacement knows no stacking limit (5.7 L427). Prussia's army displaced from
    Westphalia into Berlin, four armies where three fit, lost nothing in peacetime."""
    s = until_impulse(start(seed=0), "ge")
    for uid in world.units_at(s, "berlin", "ge"):
        world.remove_unit(s, uid)
    add(s, "ge", "army", "berlin", 3)
    add(s, "ge", "army", "westphalia")
    world.set_control(s, "westphalia", "hanover")
    assert world.stack_armies(s, "berlin") == 4 > world.P().spaces["berlin"].stacking

    def steps():
        return sum(1 if u["r"] else 2 for u in s["units"].values() if u["o"] == "ge" and u["at"] == "berlin")

    before = steps()
    until_impulse(s, "ge", skip=1)
    assert steps() == before - 1


def test_9_0_the_player_chooses_the_option_of_a_mandatory_event_played_into_industrialization():
    """9.0 L542: players choose one event option, mandatory events included; 12.13-12.14: a
    mandatory event played into industrialization or the CP chain still triggers. Agadir Crisis
    (A: influence in Morocco; B: +1 stability) ran option A without asking France."""
    c = "agadir-crisis"
    s = until_impulse(start(seed=0), "fr")
    hand_card(s, "fr", c)
    s["powers"]["fr"]["stability"] = 4
    game.apply(s, "fr", {"card": c, "as": "industrialize"})
    assert s["stack"][-1].get("state") == "event-choose" and game.active(s) == ["fr"]
    offered = game.actions(s, "fr")
    assert {"card": c, "option": "A"} in offered and {"card": c, "option": "B"} in offered
    assert game.label({"card": c, "option": "B"}, s) == "Agadir Crisis, option B"
    game.apply(s, "fr", {"card": c, "option": "B"})
    assert s["powers"]["fr"]["stability"] == 5


def test_9_1_4_a_mandatory_event_discarded_at_the_end_of_the_action_phase_triggers():
    """9.1.4 L564: "If a mandatory event card is discarded, the event immediately triggers. The
    player that discarded the card resolves the event"; 12.0 L601: no player keeps one for the
    next turn. Such a card went to the discard pile without its event."""
    from kriegsspiel.engine.flow import run

    s = blank()
    c = "long-depression"
    assert "mandatory" in world.card(c).flags
    for q in world.PLAYERS:
        s["powers"][q]["hand"] = [x for x in s["powers"][q]["hand"] if x != c][:1]
    for pile in ("deck", "discard"):
        if c in s[pile]:
            s[pile].remove(c)
    s["powers"]["ge"]["hand"].append(c)
    s["stack"].append({"proc": "action-phase", "at": "keep", "k": 0})
    run(game.procedures, s)
    while s["stack"] and s["stack"][-1].get("state"):  # the event's own questions, then the keep
        r = game.active(s)[0]
        game.apply(s, r, game.actions(s, r)[0])
    assert c not in s["powers"]["ge"]["hand"] and c in s["removed"]  # played for its event (9.0 L542)
    assert any("Long Depression" in line[1] and "triggers" in line[1] for line in s["log"])
