"""War: Italy defending alone (22.4 L1246-1249, 15.4.1 L881, 14.3 L838), Polish reserve armies
(22.5 L1250-1253, 3.8 L287-288) and who receives what a treaty option gains (16.2 L930); rulings
W22, W32 and W33 of RULINGS_WAR.md. Rulebook: shared/rulebooks/000_a5b0d7cac330d384.txt."""

from __future__ import annotations

from ie_support import answer, asking, blank, clear_units, game
from test_ie_events import effects
from test_ie_war import auto, declare, role, to_impulse
from test_ie_war_more import until

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import war, world


def unified(reserves=2):
    """1850 with Italy unified (22.2): Italian armies in Rome (2) and Piedmont (1), a squadron in
    Naples; ``reserves`` Italian reserve armies in its holding box (3.8, 22.3.1)."""
    s = blank()
    effects(s, "ge", {"verb": "_unify"})
    s["majors"]["italy"]["reserves"] = reserves
    # the position these tests start from: two armies in Rome and one in Piedmont (the
    # unification's own placement, 22.4 L1246, puts one in each frontier space)
    armies = sorted(uid for uid, u in s["units"].items() if u["o"] == "italy" and u["t"] == "army")
    for uid, where in zip(armies, ("rome", "rome", "piedmont"), strict=True):
        world.move_unit(s, uid, where)
    return s


def italians(s, where, kind=None):
    return sorted(
        uid
        for uid, u in s["units"].items()
        if u["o"] == "italy" and u["at"] == where and (kind is None or u["t"] == kind)
    )


def logged(s, rule):
    return [line[1] for line in s["log"] if line[0] == rule]


# ----- Italy defending alone (22.4 L1248-1249) --------------------------------------------------------------------


def test_italy_alone_displaces_and_deploys_to_defend_the_goal():
    """22.4 L1248: "If Italy is defending alone with no allies, their standing armies not in Rome
    automatically displace to the targeted war goal space(s) at the start of the war. During the
    Italian impulse they will always deploy a reserve army to defend ... the goal space(s)."
    14.3 L838: Italy's budget is 2 and it goes last; 15.4.1 L881: industry 1, one army a deploy."""
    s = unified(reserves=3)
    piedmont_army = italians(s, "piedmont")[0]
    declare(s, "fr", "italy", "conquest", ["tuscany"], cp=1)
    seen = until(s, "war-impulse")
    assert seen.count("war-aid") >= 1  # Italy sought aid (13.4.2) and nobody gave it
    w = s["war"]
    assert war.italy_alone(s) and w["primary"]["defender"] == "italy"
    assert s["units"][piedmont_army]["at"] == "tuscany"  # displaced at the start of the war
    assert len(italians(s, "rome")) == 2  # the armies in Rome stay
    assert w["order"] == ["fr", "italy"] and w["budget"]["italy"] == 2  # last, budget 2 (14.3)
    assert role(s) == "fr"
    w["budget"]["fr"] = 2
    answer(s, "fr", "pass")
    # Italy's impulse is played by itself: a reserve army to the goal space, no question asked
    assert asking(s) == "war-impulse" and role(s) == "fr"
    assert len(italians(s, "tuscany", "reserve")) == 1
    assert w["budget"]["italy"] == 1
    assert logged(s, "22.4")[-1] == "Italy deploys a reserve army in Tuscany."
    answer(s, "fr", "pass")
    assert len(italians(s, "tuscany", "reserve")) == 2  # one army per deploy (industry 1)
    assert w["budget"]["italy"] == 0
    answer(s, "fr", "pass")  # Italy, out of budget, passes: everyone passed in a row (15.5)
    assert s["war"] is None
    assert s["history"]["wars"][-1]["result"] == "white"
    # 17.0 L937: reserve armies leave the map; Italy's holding box keeps its three
    assert not [u for u in s["units"].values() if u["o"] == "italy" and u["t"] == "reserve"]
    assert war.reserves_left(s, "italy") == 3


def test_italy_alone_without_reserves_takes_no_action():
    """22.4 L1248: Italy "will always deploy a reserve army"; with none in its box it does nothing
    else (it neither marches nor attacks) and passes."""
    s = unified(reserves=0)
    declare(s, "fr", "italy", "conquest", ["tuscany"], cp=1)
    to_impulse(s)
    s["war"]["budget"]["fr"] = 2
    before = {uid: u["at"] for uid, u in s["units"].items() if u["o"] == "italy"}
    answer(s, "fr", "pass")
    assert s["war"] is None  # FR passed, Italy passed: the war is over
    assert {uid: u["at"] for uid, u in s["units"].items() if u["o"] == "italy"} == before
    assert any("Italy passes" in t for t in logged(s, "15.0"))


def test_italy_alone_supports_when_the_goal_is_full():
    """22.4 L1248-1249: "deploy a reserve army to defend or support (in that order) the goal
    space(s). If Italy ever has to choose between two spaces, roll a die": Tuscany is at its
    stacking limit, so the army goes next to it, Piedmont or Rome (1-3 the first, 4-6 the second)."""
    s = unified(reserves=1)
    declare(s, "fr", "italy", "conquest", ["tuscany"], cp=1)
    to_impulse(s)
    while world.stack_armies(s, "tuscany") < world.P().spaces["tuscany"].stacking:
        world.new_unit(s, "italy", "army", "tuscany")
    assert "tuscany" not in war.deploy_spaces(s, "italy")
    probe = game.clone(s)
    with scripted_dice(probe, 5):
        assert war.italy_deploy_target(probe) == "rome"  # sorted: Piedmont, Rome; a 5 is the second
    probe = game.clone(s)
    with scripted_dice(probe, 2):
        assert war.italy_deploy_target(probe) == "piedmont"
    # Italy's impulse rolls for it: a 2, Piedmont
    s["war"]["budget"]["fr"] = 2
    with scripted_dice(s, 2):
        answer(s, "fr", "pass")
    assert "Italy rolls 2 to choose the space to support the goal from: Piedmont." in logged(s, "22.4")
    assert len(italians(s, "piedmont", "reserve")) == 1 and not italians(s, "rome", "reserve")


def test_italy_alone_two_goals_a_die_decides():
    """22.4 L1248-1249 with two goal spaces (an Austrian war of unification on Italian citizens,
    33.4.1, W24): each army displaces to the goal with fewer Italian armies; a tie is rolled (W32)."""
    s = unified(reserves=1)
    s["flags"]["citizenship"] = ["italian"]
    rome = italians(s, "rome")
    world.move_unit(s, rome[1], "sicily")  # a second standing army outside Rome
    # the tie of the displacement, then Italy's shift away from AU (8.2: 4-6 the Alliance)
    with scripted_dice(s, 5, 5):
        declare(s, "au", "italy", "unification", ["naples", "tuscany"], cp=1)
        until(s, "war-impulse")
    assert s["majors"]["italy"]["alliance"] == "alliance-aligned"
    assert s["war"]["objectives"] == ["naples", "tuscany"]
    assert len(italians(s, "tuscany", "army")) == 1 and len(italians(s, "naples", "army")) == 1
    assert italians(s, "rome") == [rome[0]] and not italians(s, "piedmont") and not italians(s, "sicily")
    assert "Italy rolls 5 to choose where an army displaces: Tuscany." in logged(s, "22.4")  # the tie
    # the Italian impulse: both goals can take an army; the die picks the second, Tuscany
    s["war"]["budget"]["au"] = 2
    with scripted_dice(s, 5):
        answer(s, "au", "pass")
    assert "Italy rolls 5 to choose the goal space to defend: Tuscany." in logged(s, "22.4")
    assert len(italians(s, "tuscany", "reserve")) == 1


def test_aided_italy_is_run_by_its_player_and_may_deploy():
    """15.4.1 L879-881: an aided Italy is run by the primary belligerent of its side, which may
    take Italy's deploy reserves action (industry 1: one army); no displacement (22.4 L1248 is
    for an Italy alone)."""
    s = unified(reserves=2)
    piedmont_army = italians(s, "piedmont")[0]
    declare(s, "fr", "italy", "conquest", ["tuscany"], cp=1)
    until(s, "war-impulse", {"war-aid": lambda acts: "aid" if role(s) == "uk" else "decline"})
    w = s["war"]
    assert w["primary"]["defender"] == "uk" and war.italy_controller(s) == "uk"
    assert not war.italy_alone(s)
    assert s["units"][piedmont_army]["at"] == "piedmont"
    for q in ("fr", "uk"):
        w["budget"][q] = 0
    while w["impulse"]["actor"] != "italy":
        answer(s, role(s), "pass")
    assert role(s) == "uk" and "deploy" in game.actions(s, "uk")
    answer(s, "uk", "deploy")
    assert asking(s) == "war-deploy"
    acts = game.actions(s, "uk")
    assert {"to": "tuscany"} in acts and {"to": "rome"} in acts
    answer(s, "uk", {"to": "rome"})
    assert len(italians(s, "rome", "reserve")) == 1
    assert asking(s) == "war-impulse"  # one army only: the deploy is over
    assert war.reserves_left(s, "italy") == 1


# ----- Poland (22.5 L1250-1253) ------------------------------------------------------------------------------------


def polish_war(bring=True, fr_reserves=None):
    """FR allied to an independent Poland (two reserve armies in its box, 3.8) attacks AU."""
    s = blank()
    clear_units(s, "poland")
    s["control"]["poland"] = "poland"
    s["allies"]["poland"] = "fr"
    s["reserve_box"] = {"poland": [False, True]}
    if fr_reserves is not None:
        s["powers"]["fr"]["reserves"] = list(fr_reserves)
    declare(s, "fr", "au", "conquest", ["galicia"], cp=1)
    picks = {"war-minors": {"bring": "poland"} if bring else "done"}
    to_impulse(s, picks)
    assert role(s) == "fr"
    return s


def test_poland_deploys_one_reserve_with_its_players_deploy():
    """22.5 L1253: "during wartime when the player controlling Poland takes a deploy reserves
    action they may also deploy 1 Polish reserve army in addition to their own armies"."""
    s = polish_war()
    assert "poland" in s["war"]["attackers"]
    answer(s, "fr", "deploy")
    acts = game.actions(s, "fr")
    assert {"to": "poland", "minor": "poland"} in acts
    assert {"to": "paris"} in acts  # FR's own reserve army (15.2.3)
    answer(s, "fr", {"to": "poland", "minor": "poland"})
    acts = game.actions(s, "fr")
    assert not [a for a in acts if isinstance(a, dict) and a.get("minor")]  # one Polish army only
    assert {"to": "paris"} in acts
    answer(s, "fr", {"to": "paris"})
    assert asking(s) == "war-impulse"
    polish = [u for u in s["units"].values() if u["o"] == "poland" and u["t"] == "reserve"]
    assert len(polish) == 1 and polish[0]["at"] == "poland" and polish[0]["r"] is False
    assert s["reserve_box"] == {"poland": [True]}
    # 17.0 L937: back to the Polish holding box at the end of the war
    s["war"]["budget"]["fr"] = 2
    auto(s)
    assert s["war"] is None
    assert sorted(s["reserve_box"]["poland"]) == [False, True]
    assert not [u for u in s["units"].values() if u["o"] == "poland" and u["t"] == "reserve"]


def test_poland_alone_makes_the_deploy_action_possible():
    """W33: a player with an empty holding box may still take the deploy reserves action for its
    Polish reserve army."""
    s = polish_war(fr_reserves=[])
    assert war.deploy_count(s, "fr") == 0
    assert "deploy" in game.actions(s, "fr")
    answer(s, "fr", "deploy")
    assert game.actions(s, "fr") == [{"to": "poland", "minor": "poland"}, "done"]


def test_poland_outside_the_war_does_not_deploy():
    """22.5 L1253: only the player controlling Poland in the war (15.4) deploys its reserves."""
    s = polish_war(bring=False)
    assert "poland" not in s["war"]["attackers"]
    answer(s, "fr", "deploy")
    assert not [a for a in game.actions(s, "fr") if isinstance(a, dict) and a.get("minor")]


# ----- treaty recipients (16.2 L930, W22) --------------------------------------------------------------------------


def won_by_ge_with_friends():
    """GE, joined by RU and its ally Denmark, takes Bohemia from AU (a normal victory, 16.1.2)."""
    s = blank()
    for sid in ("silesia", "bohemia"):
        clear_units(s, sid)
    world.new_unit(s, "ge", "army", "silesia")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=1)
    to_impulse(s)
    war.join(s, "ru", "attackers")
    s["allies"]["denmark"] = "ge"
    war.join(s, "denmark", "attackers")
    answer(s, "ge", "march")
    answer(s, "ge", {"unit": world.units_at(s, "silesia", "ge")[0], "to": "bohemia"})
    answer(s, "ge", "done")
    assert s["occupied"]["bohemia"] == "ge"
    for q in s["war"]["budget"]:
        s["war"]["budget"][q] = 0
    return s


def test_territorial_cession_awarded_to_a_minor_ally():
    """16.2 L930: "the primary belligerent has the final say on who gets what ... Spaces and war
    reparations may be awarded to any of the victorious player's allies, including independent
    minor powers"."""
    s = won_by_ge_with_friends()
    until(s, "war-treaty")
    answer(s, "ge", {"option": "territorial"})
    assert asking(s) == "war-recipient" and role(s) == "ge"
    assert game.actions(s, "ge") == [{"who": "ge"}, {"who": "ru"}, {"who": "denmark"}]
    answer(s, "ge", {"who": "denmark"})
    assert s["control"]["bohemia"] == "denmark"
    assert asking(s) != "war-recipient"  # one question for the option
    auto(s)
    assert s["history"]["wars"][-1]["result"] == "normal"


def test_reparations_awarded_to_another_player_only():
    """16.2 L930 and 16.2.3 L918-920: the +1 card marker may go to a player ally (a minor power has
    no card marker); the loser takes the -1."""
    s = won_by_ge_with_friends()
    until(s, "war-treaty")
    acts = game.actions(s, "ge")
    assert {"option": "reparations", "on": "au"} in acts
    answer(s, "ge", {"option": "reparations", "on": "au"})
    assert game.actions(s, "ge") == [{"who": "ge"}, {"who": "ru"}]
    answer(s, "ge", {"who": "ru"})
    assert s["powers"]["ru"]["marker"] == 1 and s["powers"]["ge"]["marker"] == 0
    assert s["powers"]["au"]["marker"] == -1


def test_no_recipient_question_for_a_lone_winner_or_a_set_recipient():
    """16.2 L930: the question is put only when there is a choice; an Italian war's or a war of
    liberation's spaces have their set recipient (13.2.1 L770, 13.1.1 L760)."""
    s = blank()
    for sid in ("silesia", "bohemia"):
        clear_units(s, sid)
    u = world.new_unit(s, "ge", "army", "silesia")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=1)
    to_impulse(s)
    answer(s, "ge", "march")
    answer(s, "ge", {"unit": u, "to": "bohemia"})
    answer(s, "ge", "done")
    s["war"]["budget"]["ge"] = 0
    until(s, "war-treaty")
    answer(s, "ge", {"option": "territorial"})
    seen = []
    while s["war"] is not None:
        seen.append(asking(s))
        r = role(s)
        acts = game.actions(s, r)
        game.apply(s, r, next((d for d in ("done", "decline", "waive", "pass") if d in acts), acts[0]))
    assert "war-recipient" not in seen
    assert s["control"]["bohemia"] == "ge"
    # a set recipient: no candidates to choose from
    s = won_by_ge_with_friends()
    s["war"]["aim"] = "liberation"
    t = {"chooser": "ge", "side": "attacker"}
    assert war.recipients(s, t, {"option": "territorial"}) == []
    assert war.recipients(s, t, {"option": "realignment", "minor": "saxony"}) == []
    assert war.recipients(s, t, {"option": "colonial", "space": "x"}) == ["ge", "ru", "denmark"]


def test_agreed_peace_option_still_lets_the_winner_name_the_recipient():
    """16.1.4 L906 (W29) with 16.2 L930: the agreed option binds; who gains it is the winner's say."""
    s = won_by_ge_with_friends()
    s["war"]["ended"] = {"type": "negotiated", "loser": "defender", "option": {"option": "territorial"}}
    seen = until(s, "war-recipient")
    assert "war-treaty" not in seen
    answer(s, "ge", {"who": "ru"})
    assert s["control"]["bohemia"] == "ru"
    assert asking(s) != "war-treaty"  # the one agreed option, and no other
