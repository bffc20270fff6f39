"""Imperial Elegy: card events (§9 L539-567), every verb of deck.VERBS, stability (7.1, 33.3
L1549-1551, 33.4 L1558), mandatory discards (9.1.4 L563), Modernization (12.13.1 L714-715),
responses (9.1.2-9.1.5), rebels and WoIs (§21, 20.8 L1153-1160). RULINGS_EVENTS.md E1-E22."""

from __future__ import annotations

import pytest
from ie_support import asking, blank, game

from kriegsspiel.engine import call
from kriegsspiel.engine.flow import run
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import effects as interpreter
from kriegsspiel.games.imperial_elegy import events, rebels, world
from kriegsspiel.games.imperial_elegy.deck import deck


def drive(s, limit=400, prefer=("done", "no-offer")):
    """Answer every question with the first legal action (spending: done) until the flow stops."""
    for _ in range(limit):
        if not s["stack"]:
            return s
        top = s["stack"][-1]
        if "state" not in top:
            run(game.procedures, s)
            continue
        role = game.active(s)[0]
        acts = game.actions(s, role)
        a = next((x for x in prefer if x in acts), acts[0])
        game.apply(s, role, a)
    raise AssertionError("the flow did not stop")


def effects(s, power, *effs, drive_it=True):
    call(s, "event-effects", power=power, effects=list(effs))
    run(game.procedures, s)
    return drive(s) if drive_it else s


def waiting(s):
    top = s["stack"][-1] if s["stack"] else {}
    return top.get("state"), top.get("role")


def acts(s):
    return game.actions(s, waiting(s)[1])


def war_on(s, att="ge", dfd="fr", cid=None):
    s["war"] = {
        "attackers": [att],
        "defenders": [dfd],
        "primary": {"attacker": att, "defender": dfd},
        "aim": "conquest",
        "objectives": [],
        "budget": {att: 0, dfd: 0},
        "order": [att, dfd],
        "drm": {},
        "deployed": [],
        "liberate": None,
        "card": cid,
        "played": {att: 0},
        "target": dfd,
        "italian": None,
        "count": 1,
        "kind": None,
        "extra": 0,
        "invite_neutrals": None,
        "forbid_joining": False,
    }
    return s


def logged(s, text):
    return any(text in e[1] for e in s["log"])


# ----- tracks --------------------------------------------------------------------------------------------------


def test_stability_clamped_and_manpower_industry():
    s = blank()
    s["powers"]["ge"]["stability"] = 5
    effects(s, "ge", {"verb": "stability", "power": "self", "amount": 3})
    assert s["powers"]["ge"]["stability"] == 6  # 7.1 L460: 0-6
    mp = s["powers"]["ru"]["manpower"]["territorial"]
    effects(
        s, "ge", {"verb": "manpower", "power": "RU", "amount": 1}, {"verb": "industry", "power": "self", "amount": 1}
    )
    assert s["powers"]["ru"]["manpower"]["territorial"] == mp + 1
    assert s["powers"]["ru"]["mp_bonus"]["territorial"] == 1  # E7
    assert s["powers"]["ge"]["industry"] == blank()["powers"]["ge"]["industry"] + 1


def test_draw_after_the_event_and_discard_never_home():
    s = blank()
    n = len(s["powers"]["uk"]["hand"])
    effects(s, "uk", {"verb": "draw", "power": "self", "amount": 2})
    assert len(s["powers"]["uk"]["hand"]) == n + 2
    st = s["powers"]["fr"]
    st["hand"] = ["secret-police", "haussmanns-paris"]
    st["home"] = "haussmanns-paris"
    effects(s, "ge", {"verb": "discard", "power": "FR", "amount": 2})
    assert st["hand"] == ["haussmanns-paris"]  # 9.1.1.1 L557
    assert "secret-police" in s["discard"]


def test_mandatory_event_discarded_triggers_for_the_discarder():
    """9.1.4 L563: Bread Riots discarded by France: France resolves it (chooses who loses stability)."""
    s = blank()
    s["powers"]["fr"]["hand"] = ["bread-riots"]
    assert s["powers"]["ru"]["stability"] == 4  # 1850
    effects(s, "ge", {"verb": "discard", "power": "FR", "amount": 1}, drive_it=False)
    assert waiting(s) == ("event-choose", "fr")  # France resolves it as the active player
    game.apply(s, "fr", {"power": "ru"})
    assert s["powers"]["ru"]["stability"] == 3
    assert "bread-riots" in s["discard"] and logged(s, "mandatory event triggers for France")


def test_card_marker_and_influence_of_sea_power():
    s = blank()
    effects(s, "ge", {"verb": "card-marker", "power": "OT", "amount": -1})
    assert s["powers"]["ot"]["marker"] == -1
    s = blank()
    call(s, "event", power="ge", card="the-influence-of-sea-power", option="A", discard=True)
    drive(s)
    doms = world.dominators(s, "power-projection")
    assert doms and all(s["powers"][q]["marker"] == 1 for q in doms)
    assert all(s["powers"][q]["marker"] == 0 for q in s["powers"] if q not in doms)  # K2, L245
    assert "the-influence-of-sea-power" in s["removed"]


def test_influence_region_choice_and_africa_limit():
    s = blank()
    effects(s, "fr", {"verb": "influence", "power": "self", "region": "africa", "count": 2}, drive_it=False)
    assert waiting(s) == ("event-choose", "fr")
    legal = acts(s)
    assert all(world.P().spaces[a["space"]].region == "africa" and a["space"] not in s["control"] for a in legal)
    game.apply(s, "fr", legal[0])
    drive(s)
    mine = [x for x, q in s["influence"].items() if q == "fr" and world.P().spaces[x].map == "africa"]
    assert len(mine) == 1  # 12.5.2 L666: one space in Africa until the Berlin Conference (E8)
    s["flags"]["berlin-conference"] = True
    effects(s, "fr", {"verb": "influence", "power": "self", "region": "africa", "count": 1})
    mine = [x for x, q in s["influence"].items() if q == "fr" and world.P().spaces[x].map == "africa"]
    assert len(mine) == 2


def test_influence_on_a_minor_space_places_diplomacy():
    s = blank()
    effects(s, "fr", {"verb": "influence", "power": "FR", "space": "morocco", "count": 1})
    assert s["diplomacy"]["morocco"] == "fr"  # E9 (Agadir Crisis)


def test_remove_influence_and_diplomacy():
    s = blank()
    s["influence"]["ethiopia"] = "fr"
    effects(s, "ge", {"verb": "remove-influence", "space": "ethiopia", "count": 1})
    assert "ethiopia" not in s["influence"]
    s["diplomacy"]["bavaria"] = "ge"
    effects(s, "ge", {"verb": "remove-influence", "power": "GE", "space": "bavaria", "count": 1})
    assert "bavaria" not in s["diplomacy"]


def test_diplomacy_and_ally_and_the_five_ally_limit():
    s = blank()
    s["allies"].clear()
    s["diplomacy"].clear()
    effects(s, "fr", {"verb": "diplomacy", "power": "FR", "minor": "piedmont"})
    assert s["diplomacy"]["sardinia-piedmont"] == "fr"  # K9: the minor by its name space
    effects(s, "ge", {"verb": "diplomacy", "power": "GE", "minor": "piedmont"})
    assert s["diplomacy"]["sardinia-piedmont"] == "fr"  # E10: never over another player's marker
    effects(s, "fr", {"verb": "ally", "power": "FR", "minor": "piedmont"})
    assert s["allies"]["sardinia-piedmont"] == "fr" and "sardinia-piedmont" not in s["diplomacy"]
    for m in ("denmark", "sweden", "spain", "portugal"):
        s["allies"][m] = "fr"
    effects(s, "fr", {"verb": "ally", "power": "FR", "minor": "netherlands"})
    assert "netherlands" not in s["allies"]  # 4.2.1 L300


def test_remove_ally_random_and_regional():
    s = blank()
    s["allies"] = {"denmark": "uk", "greece": "ru", "romania": "au"}
    effects(s, "uk", {"verb": "remove-ally", "count": 1})
    assert "denmark" in s["allies"] and len(s["allies"]) == 2  # another player's, at random (L1612)
    s["allies"] = {"denmark": "uk", "greece": "ru", "romania": "au"}
    effects(s, "ge", {"verb": "remove-ally", "region": "balkans", "count": 1}, drive_it=False)
    assert waiting(s)[0] == "event-choose" and {"minor": "denmark"} not in acts(s)
    game.apply(s, "ge", {"minor": "greece"})
    assert "greece" not in s["allies"] and s["diplomacy"]["greece"] == "ru"  # flipped (12.9 L685)


def test_control_keeps_followers_and_displaces():
    """4.7, 3.4.4: taking Egypt takes Sinai and the Great Sand Sea; others' units displace (5.7)."""
    s = blank()
    uid = world.new_unit(s, "egypt", "army", "egypt")
    effects(s, "uk", {"verb": "control", "power": "UK", "space": "egypt"})
    assert s["control"]["egypt"] == s["control"]["sinai"] == s["control"]["great-sand-sea"] == "uk"
    assert uid not in s["units"]  # Egypt holds no other space to displace to (5.7 L427): eliminated


def test_independence_and_the_former_owners_stability():
    s = blank()
    st = s["powers"]["ot"]["stability"]
    effects(s, "ge", {"verb": "independence", "space": "serbia"})
    assert s["control"]["serbia"] == "serbia"  # 4.7.1 L327: the minor of its nationality (E5)
    assert s["powers"]["ot"]["stability"] == st - 1  # 20.8 L1159
    assert "serbia" in s["history"]["independence"]
    effects(s, "ge", {"verb": "independence", "space": "punjab"})
    assert s["control"]["punjab"] == "independent:indian"  # E5: no minor of that nationality


def test_pacification_rebels_goe_boers():
    s = blank()
    effects(s, "ge", {"verb": "pacification", "space": "dagestan", "amount": 1})
    assert s["pacification"]["dagestan"] == 0  # E11: already marked, unchanged
    effects(s, "ge", {"verb": "pacification", "region": "caucasus", "amount": 1}, drive_it=False)
    drive(s)
    assert any(v == 1 for v in s["pacification"].values())
    effects(s, "ge", {"verb": "rebels", "space": "india", "count": 2, "woi": True})
    assert s["rebel_spaces"]["india"] == 2 and s["woi"]["india"] == 0
    assert world.controller(s, "india") is None  # 21.1
    effects(s, "ge", {"verb": "rebels", "space": "zululand", "count": 1})
    z = [u for u in s["units"].values() if u["at"] == "zululand" and u["o"] == "rebel"]
    assert z and all(u.get("permanent") and u["n"] == "zulu" for u in z) and "zululand" not in s["woi"]  # 21.0
    effects(s, "ge", {"verb": "goe", "space": "afghanistan"}, {"verb": "boers", "space": "transvaal"})
    assert s["goe"] == {"afghanistan": "goe", "transvaal": "boers"}


def test_citizenship_protects_austrian_spaces():
    """3.2.6 L215: cards do not affect AU spaces whose nationalities have full citizenship."""
    s = blank()
    s["flags"]["citizenship"] = ["hungarian"]
    effects(s, "ge", {"verb": "rebels", "space": "hungary", "count": 1, "woi": True})
    assert "hungary" not in s["rebel_spaces"]


def test_shift_away_and_the_alliance_maximum():
    s = blank()
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    effects(s, "ge", {"verb": "shift", "power": "FR", "target": "GE", "direction": "away"})
    assert s["powers"]["fr"]["alliance"] == "entente-aligned"  # 8.2 L506
    s = blank()
    effects(s, "ge", {"verb": "shift", "power": "FR", "target": "GE", "direction": "away"}, drive_it=False)
    assert waiting(s) == ("event-choose", "fr")  # both neutral: France chooses (8.2)
    game.apply(s, "fr", {"shift": "alliance"})
    assert s["powers"]["fr"]["alliance"] == "alliance-aligned"
    s = blank()
    for q in ("ge", "uk", "au"):
        s["powers"][q]["alliance"] = "entente-aligned"
    effects(s, "ge", {"verb": "shift", "power": "RU", "direction": "entente"})
    assert s["powers"]["ru"]["alliance"] == "neutral"  # 8.4 L510


def test_mpit_and_alliance_resolution_and_wtt():
    """12.7, 8.6 L521-529: the event's Alliance Resolution is the End Phase's (end.py): GE, with 2
    Alliance and 1 neutral influence, rolls Alliance 3 (+2 = 5) against neutral 3 (+1 = 4) and shifts
    to Alliance aligned; the others have one marker each and stay neutral without a die."""
    s = blank()
    effects(s, "ge", {"verb": "mpit", "power": "GE", "track": "alliance", "amount": 2}, {"verb": "wtt", "amount": 2})
    assert s["powers"]["ge"]["mpit"] == {"entente": 0, "alliance": 2, "neutral": 1}
    assert s["wtt"] == 2
    with scripted_dice(s, 3, 3):  # GE's Alliance die, then its neutral die (end.TRACKS order)
        effects(s, "ge", {"verb": "alliance-resolution"})
    assert s["powers"]["ge"]["alliance"] == "alliance-aligned"
    assert s["powers"]["ge"]["mpit"] == {"entente": 0, "alliance": 1, "neutral": 0}  # 8.5 L519
    assert all(s["powers"][q]["alliance"] == "neutral" for q in ("uk", "fr", "au", "ru", "ot"))
    assert logged(s, "shifts") and any(rule == "8.6" for rule, *_ in s["log"])


def test_declare_war_takes_budget_and_presets():
    """K10, E13: Crimean War A: Russia declares a war of conquest on the Ottomans (two objectives),
    the card's 3 CP and +1 war budget going to its budget: war.py's War starts with those presets."""
    s = blank()
    call(s, "event", power="ru", card="crimean-war", option="A", discard=True)
    run(game.procedures, s)
    w = s["war"]
    assert (w["primary"]["attacker"], w["target"], w["aim"], w["count"]) == ("ru", "ot", "conquest", 2)
    assert w["cp"] == 3 + 1 and w["played"] == {"ru": 3 + 1}  # the card's CP, +1 war budget (E13)
    assert w["card"] == "crimean-war" and w["forbid_joining"] is False
    # no target or aim to choose: the first question is Russia's first objective, in the Ottoman Empire
    assert asking(s) == "war-objective" and game.active(s) == ["ru"]
    assert all(s["control"][a["space"]] == "ot" for a in game.actions(s, "ru"))
    drive(s)  # the war is fought out; then the event ends and its card leaves the game
    assert s["war"] is None and s["history"]["wars"][-1]["attacker"] == "ru"
    assert "crimean-war" in s["removed"]


def test_otto_von_bismarck_forbids_joining_and_asks_target():
    """13.4.5 L806-809 (W26): Bismarck's war of unification: GE chooses its target (no preset), its
    4 CP go to the budget, and joining is forbidden unless GE allows it when asked."""
    s = blank()
    call(s, "event", power="ge", card="otto-von-bismarck", option="A", discard=True)
    run(game.procedures, s)
    w = s["war"]
    assert w["preset_target"] is None and w["preset_aim"] == "unification" and w["count"] == 2
    assert w["cp"] == 4 and w["forbid_joining"] is True
    assert asking(s) == "war-target" and game.active(s) == ["ge"]
    assert {"target": "hanover"} in game.actions(s, "ge")


def test_join_war_with_consent_then_and_otherwise():
    """K10, L543: Balance of Power: the defender agrees: the UK enters as primary; refuses: it draws."""
    s = war_on(blank(), "ru", "ot", cid="russo-turkish-wars")
    call(s, "event", power="uk", card="balance-of-power", option="A", discard=True)
    run(game.procedures, s)
    assert waiting(s) == ("event-choose", "ot")
    game.apply(s, "ot", "agree")
    drive(s)
    assert "uk" in s["war"]["defenders"]
    assert any(q == "uk" for q, _ in s["war"].get("end_draws", []))
    assert any(s["control"].get(x) == "uk" for x in ("crete", "rhodes", "cyprus"))  # an OT naval base
    s = war_on(blank(), "ru", "ot", cid="russo-turkish-wars")
    n = len(s["powers"]["uk"]["hand"])
    call(s, "event", power="uk", card="balance-of-power", option="A", discard=True)
    run(game.procedures, s)
    game.apply(s, "ot", "refuse")
    drive(s)
    assert "uk" not in s["war"]["defenders"] and len(s["powers"]["uk"]["hand"]) == n + 1


def test_war_fields_drms_and_budget():
    s = war_on(blank())
    s["battle"] = {"drm": {}}
    effects(
        s,
        "ge",
        {"verb": "invite-neutrals", "power": "GE"},
        {"verb": "forbid-joining"},
        {"verb": "war-drm", "power": "self", "amount": 1},
        {"verb": "battle-drm", "power": "self", "amount": 2},
        {"verb": "naval-drm", "power": "FR", "amount": 1},
        {"verb": "war-budget", "power": "self", "amount": 2},
    )
    assert s["war"]["invite_neutrals"] == "ge" and s["war"]["forbid_joining"] is True
    assert s["war"]["drm"]["ge"] == 1 and s["war"]["budget"]["ge"] == 2
    assert s["battle"]["drm"] == {"ge": 2, "fr": 1}


def test_build_free_units():
    s = blank()
    n = len([u for u in s["units"].values() if u["o"] == "ge"])
    effects(
        s,
        "ge",
        {"verb": "build", "power": "self", "unit": "squadron", "count": 1},
        {"verb": "build", "power": "self", "unit": "ec", "count": 1},
        {"verb": "build", "power": "self", "unit": "ef", "count": 1},
    )
    mine = [u for u in s["units"].values() if u["o"] == "ge"]
    assert len(mine) == n + 3
    new = sorted((u["t"], u["r"]) for u in mine[n:])
    assert new == [("ec", False), ("ef", False), ("squadron", True)]  # E15: free naval units are reduced
    effects(s, "fr", {"verb": "build", "power": "FR", "unit": "ef", "space": "mexico", "count": 1})
    assert any(u["o"] == "fr" and u["t"] == "ef" and u["at"] == "mexico" for u in s["units"].values())
    assert s["powers"]["ru"]["reserves"] == [False]  # 1850: one full reserve army, at its limit (industry 0 +1)
    effects(s, "ru", {"verb": "build", "power": "RU", "unit": "reserve", "count": 1})
    assert s["powers"]["ru"]["reserves"] == [False]  # no room: nothing is built (7.3 L480, 33.5 L1566)
    s["powers"]["ru"]["industry"] = 2  # the limit is now min(manpower, 2) + 1
    effects(s, "ru", {"verb": "build", "power": "RU", "unit": "reserve", "count": 1})
    assert s["powers"]["ru"]["reserves"] == [False, True]  # one army step: a reduced reserve army (12.2)


def test_eliminate_and_step_loss():
    s = blank()
    a = world.new_unit(s, "fr", "army", "paris")
    other = world.units_at(s, "paris", "fr")[0]
    effects(s, "ge", {"verb": "step-loss", "power": "FR", "count": 1, "space": "paris"}, drive_it=False)
    assert waiting(s) == ("event-choose", "fr") and acts(s) == [{"unit": other}, {"unit": a}]  # the owner's choice
    game.apply(s, "fr", {"unit": a})
    assert not s["stack"]
    assert s["units"][a]["r"] is True and s["units"][other]["r"] is False
    effects(s, "ge", {"verb": "eliminate", "unit": "army", "count": 1, "power": "FR", "space": "paris"}, drive_it=False)
    assert waiting(s) == ("event-choose", "ge") and acts(s) == [{"unit": other}, {"unit": a}]  # the player's choice
    game.apply(s, "ge", {"unit": a})
    assert not s["stack"]
    assert a not in s["units"] and other in s["units"]


def test_forts_impregnable_and_the_indian_fort():
    s = blank()
    effects(s, "au", {"verb": "fort", "power": "self", "space": "vienna", "amount": 3})
    assert s["forts"]["vienna"] == ["au", 3]  # 12.12 L708
    effects(s, "uk", {"verb": "fort", "power": "UK", "space": "india", "amount": 1})
    effects(s, "uk", {"verb": "fort", "power": "UK", "space": "india", "amount": 1})
    effects(s, "uk", {"verb": "fort", "power": "UK", "space": "india", "amount": 1})
    assert s["forts"]["india"] == ["uk", 2] and s["flags"]["indian_fort"]  # 33.2.3: at most 2


def test_counter_limit_flags_and_national_tracks():
    s = blank()
    effects(
        s,
        "ge",
        {"verb": "counter-limit", "power": "AU", "unit": "squadron", "amount": 1},
        {"verb": "set-flag", "flag": "suez-canal"},
        {"verb": "set-flag", "flag": "trans-siberian"},
        {"verb": "set-flag", "flag": "american-civil-war"},
        {"verb": "set-flag", "flag": "meiji-restoration"},
        {"verb": "india", "flag": "unstable"},
        {"verb": "city-of-light", "amount": 9},
        {"verb": "jihad", "amount": 2},
        {"verb": "vp", "power": "RU", "amount": -2},
        {"verb": "truce", "power": "GE", "target": "FR", "amount": 2},
    )
    assert s["powers"]["au"]["limits"]["squadron"] == 1
    assert s["flags"]["suez_canal"] and s["flags"]["suez-canal"] and s["flags"]["tsrr"]  # E2
    assert s["control"]["the-south"] == "csa"  # 3.4.5
    assert any(u["o"] == "japan" and u["t"] == "army" for u in s["units"].values())  # 3.4.6
    assert s["flags"]["india_stable"] is False and s["flags"]["city_of_light"] == 6 and s["flags"]["jihad"] == 2
    assert s["powers"]["ru"]["vp"] == -2
    assert s["powers"]["ge"]["truces"]["fr"] == 2 and s["powers"]["fr"]["truces"]["ge"] == 2
    effects(s, "ge", {"verb": "clear-flag", "flag": "american-civil-war"})
    assert "the-south" not in s["control"]


def test_rights_and_citizenship():
    s = blank()
    effects(s, "au", {"verb": "rights", "count": 2}, drive_it=False)
    game.apply(s, "au", {"nationality": "czech"})
    game.apply(s, "au", {"nationality": "hungarian"})
    assert s["flags"]["rights"] == ["czech", "hungarian"]
    assert s["powers"]["au"]["stability"] == 3  # 1850
    # the stability sacrificed first: the Unstable Situation roll (33.4 L1558) 6 +2 rights holds;
    # then the citizenship roll 1
    with scripted_dice(s, 6, 1):
        effects(s, "au", {"verb": "citizenship", "count": 1, "amount": 2}, drive_it=False)
        game.apply(s, "au", {"nationality": "czech"})
        game.apply(s, "au", {"sacrifice": True})
        drive(s)
    # a 1 +2 +2 = 5 >= 3: granted; one stability paid (33.4 L1557)
    assert logged(s, "Citizenship for the czech: 1+4 against 3: granted.")
    assert s["flags"]["citizenship"] == ["czech"]
    assert s["powers"]["au"]["stability"] == 2 and logged(s, "Austria holds together")


def test_roll_then_otherwise_and_gain_cp_and_ng_draw():
    s = blank()
    roll = {
        "verb": "roll",
        "at_least": 4,
        "then": [{"verb": "vp", "power": "GE", "amount": 1}],
        "otherwise": [{"verb": "vp", "power": "GE", "amount": -3}],
    }
    with scripted_dice(s, 4):
        effects(s, "ge", roll)
    assert s["powers"]["ge"]["vp"] == 1  # 4 >= 4: then
    with scripted_dice(s, 3):
        effects(s, "ge", roll)
    assert s["powers"]["ge"]["vp"] == 1 - 3  # 3 < 4: otherwise
    effects(s, "ot", {"verb": "gain-cp", "power": "OT", "amount": 3}, drive_it=False)
    assert waiting(s) == ("spend", "ot")
    drive(s)
    effects(s, "ge", {"verb": "ng-draw", "power": "self", "amount": 2, "count": 1}, drive_it=False)
    assert waiting(s) == ("goal-keep", "ge")
    drive(s)
    assert len(s["powers"]["ge"]["goals"]) == 1


def test_free_action_calls_spend_for_that_action():
    s = blank()
    effects(s, "fr", {"verb": "free-action", "power": "FR", "action": "pacification"}, drive_it=False)
    assert waiting(s) == ("spend", "fr")
    spend = s["stack"][-2]  # the spending procedure, for one CP of that action only, free
    assert (spend["proc"], spend["only"], spend["cp"], spend["free"]) == ("spend", "pacification", 1, True)
    assert acts(s) and all(a == "done" or a.get("do") == "pacify" for a in acts(s))


# ----- Modernization (12.13.1) ----------------------------------------------------------------------------------


def test_modernization_offers_and_accept():
    s = blank()
    for q in ("ge", "uk", "fr", "au", "ru"):
        s["powers"][q]["hand"] = []
    s["powers"]["fr"]["hand"] = ["secret-police"]
    s["powers"]["ru"]["hand"] = ["bread-riots"]
    call(s, "event", power="ot", card="modernization", option="A", discard=True)
    run(game.procedures, s)
    assert waiting(s) == ("event-choose", "fr")
    game.apply(s, "fr", {"offer": "secret-police"})
    game.apply(s, "ru", {"offer": "bread-riots"})
    assert waiting(s) == ("event-choose", "ot")
    assert acts(s) == [{"accept": "fr", "cp": 2}, {"accept": "ru", "cp": 1}]  # CP stated, card hidden
    game.apply(s, "ot", {"accept": "ru", "cp": 1})
    # a mandatory gift is resolved by the Ottomans (Bread Riots: they choose a player)
    assert waiting(s) == ("event-choose", "ot")
    drive(s)
    assert s["powers"]["ot"]["industrialize"] == "bread-riots"
    assert len(s["powers"]["ru"]["hand"]) == 1  # the giver draws
    assert "modernization" not in s["discard"]  # a home card goes back to its owner


def test_modernization_without_offers_gives_3_cp():
    s = blank()
    for q in ("ge", "uk", "fr", "au", "ru"):
        s["powers"][q]["hand"] = []
    call(s, "event", power="ot", card="modernization", option="A", discard=True)
    run(game.procedures, s)
    assert waiting(s) == ("spend", "ot") and s["stack"][-1]["left"] == 3


# ----- stability: Third Republic, Unstable Situation -----------------------------------------------------------


def test_third_republic_at_stability_1():
    """33.3 L1549: France becomes the Third Republic if its stability ever reaches 1."""
    s = blank()
    s["powers"]["fr"]["stability"] = 2
    effects(s, "ge", {"verb": "stability", "power": "FR", "amount": -1})
    assert s["flags"]["fr_government"] == "third-republic"


def test_unstable_situation_holds_on_6():
    s = blank()
    s["flags"]["rights"] = ["czech"]
    with scripted_dice(s, 5):
        effects(s, "ge", {"verb": "stability", "power": "AU", "amount": -1}, drive_it=False)
    assert not s["stack"]
    assert logged(s, "Austria holds together")  # 5 +1 rights >= 6 (33.4 L1558)
    assert s["powers"]["au"]["marker"] == 0 and s["powers"]["au"]["stability"] == 2


def test_unstable_situation_discard_or_marker():
    s = blank()
    s["powers"]["au"]["hand"] = ["long-depression"]
    s["powers"]["au"]["home"] = None
    # the Unstable Situation roll 2, and again 2 when Long Depression costs Austria another stability
    with scripted_dice(s, 2, 2):
        effects(s, "ge", {"verb": "stability", "power": "AU", "amount": -1}, drive_it=False)
        assert waiting(s) == ("event-unstable", "au")
        game.apply(s, "au", "discard")
    # the discarded mandatory Long Depression triggers for Austria (9.1.4): Austria loses a stability,
    # and with no card left to discard takes the -1 card marker; then it chooses a player
    assert logged(s, "mandatory event triggers for Austria")
    assert s["powers"]["au"]["hand"] == [] and s["powers"]["au"]["stability"] == 1
    assert s["powers"]["au"]["marker"] == -1
    assert waiting(s) == ("event-choose", "au")
    game.apply(s, "au", {"power": "ru"})
    assert s["powers"]["ru"]["stability"] == 3 and not s["stack"]
    s2 = blank()
    s2["powers"]["au"]["hand"] = []
    with scripted_dice(s2, 2):
        effects(s2, "ge", {"verb": "stability", "power": "AU", "amount": -1})
    assert s2["powers"]["au"]["marker"] == -1  # no card to discard: the marker


# ----- responses (9.1.2-9.1.5) --------------------------------------------------------------------------------


def test_responses_offer_and_mandatory_impulsive_ruler():
    s = war_on(blank(), "ru", "ot")
    s["powers"]["au"]["hand"] = ["impulsive-ruler"]  # Austria borders both Russia and the Ottomans
    s["powers"]["ge"]["hand"] = ["mobilization-timetables"]
    s["powers"]["ot"]["hand"] = ["new-rifles"]
    call(
        s,
        "responses",
        trigger="war-declared",
        powers=["ge", "uk", "fr", "au", "ru", "ot"],
        attacker="ru",
        defender="ot",
    )
    run(game.procedures, s)
    assert s["wtt"] == 1 and "impulsive-ruler" not in s["powers"]["au"]["hand"]  # 9.1.5 L566: forced
    assert len(s["powers"]["au"]["hand"]) == 1  # it draws instead of CP
    assert not s["stack"]  # no optional card answers 'war-declared'
    call(s, "responses", trigger="war-maneuver", powers=["ru", "ot", "ge"])
    run(game.procedures, s)
    assert waiting(s) == ("event-response", "ge")
    game.apply(s, "ge", {"play": "mobilization-timetables", "option": "A"})
    assert s["war"]["budget"]["ge"] == 2
    game.apply(s, "ot", "pass")
    assert s["last_responses"]["played"] == [["ge", "mobilization-timetables"]]


def test_combat_card_outside_battle_goes_to_last_responses():
    s = blank()
    s["powers"]["fr"]["hand"] = ["gunboat-diplomacy"]
    call(s, "responses", trigger="pacification", powers=["fr"])
    run(game.procedures, s)
    game.apply(s, "fr", {"play": "gunboat-diplomacy", "option": "A"})
    assert s["last_responses"]["drm"] == {"fr": 2}  # E14


# ----- WoIs (20.8) --------------------------------------------------------------------------------------------


def test_progress_wois_independence_after_plus_one():
    s = blank()
    effects(s, "ge", {"verb": "rebels", "space": "bulgaria", "count": 1, "woi": True})
    u = world.new_unit(s, "ot", "turkish", "bulgaria")
    st = s["powers"]["ot"]["stability"]
    rebels.progress_wois(s)
    assert s["woi"]["bulgaria"] == 1 and s["control"]["bulgaria"] == "ot"
    rebels.progress_wois(s)
    run(game.procedures, s)
    drive(s)
    assert s["control"]["bulgaria"] == "bulgaria" and "bulgaria" not in s["woi"]  # 20.8 L1156
    assert any(x["o"] == "bulgaria" and x["at"] == "bulgaria" for x in s["units"].values())  # E6
    assert s["units"][u]["at"] != "bulgaria"  # displaced (5.7)
    assert s["powers"]["ot"]["stability"] == st - 1  # L1159


def test_india_independence():
    """33.2.2 L1539-1543."""
    s = blank()
    effects(s, "ge", {"verb": "rebels", "space": "india", "count": 2, "woi": True})
    s["woi"]["india"] = 1
    rebels.progress_wois(s)
    drive(s)
    assert s["control"]["india"] == "independent:indian" and s["flags"]["india_independent"]
    assert world.counter_limit(s, "uk", "indian") == 1


# ----- every card, every option ---------------------------------------------------------------------------------


def _resolver(c) -> str:
    if hasattr(c, "power"):
        return c.power.lower()
    for o in c.options:
        for t in o.requires:
            if t.test == "power-is":
                return t.power.lower()
            if t.test == "controls" and t.space == "hong-kong":
                return "uk"
            if t.test == "controls" and t.space == "lombardy":
                return "au"
    return "ge"


def _position(c, o):
    """A fresh 1850 game where the option's requirements hold."""
    s = blank()
    p = _resolver(c)
    for t in o.requires:
        if t.test == "unified" and t.which == "italy":
            effects(s, p, {"verb": "_unify"})
        if t.test == "played":
            s["flags"][t.flag] = True
            s["flags"][events.FLAG_KEYS.get(t.flag, t.flag)] = True
        if t.test == "won-war":
            s["powers"][t.power.lower()]["won_wars"].append({"target": (t.target or "").lower(), "aim": t.aim})
        if t.test == "independent":
            s["control"][t.space] = t.space
        if t.test == "war-not-by-card":
            war_on(s, "ru", "ot", cid="crimean-war")
    if interpreter._needs_war(o) and s.get("war") is None:
        war_on(s, p, "fr" if p != "fr" else "ge")
    if any(e.verb in ("battle-drm", "naval-drm") for e in o.effects):
        s["battle"] = _battle_for(s, p, o.requires)
    return s, p


def _battle_for(s, p, requires):
    """A land battle where a combat card's battle requirements hold (DECK_RULINGS K17): p attacks
    Saxony from Berlin (clear, in Germany), or Poland from Galicia for a Russian or Ottoman home
    space; as the defender when the card says so, with a fort and an army beside the battle."""
    tests = {t.test: t for t in requires}
    at, frm = "saxony", "berlin"
    if "battle-in" in tests and tests["battle-in"].powers:
        at, frm = "poland", "galicia"
    other = "au" if p != "au" else "fr"
    side = tests["battle-side"].side if "battle-side" in tests else "attacker"
    roles = {"a": p, "d": other} if side == "attacker" else {"a": other, "d": p}
    b = {"kind": "land", "at": at, "frm": frm, "roles": roles, "units": {}, "amphibious": False, "drm": {},
         "fort": [p, 1] if "battle-fort" in tests else None}  # fmt: skip
    if "battle-adjacent" in tests:
        world.new_unit(s, p, "army", next(iter(world.P().adjacency[at])))
    return b


CARDS = [(c.id, o.label) for c in [*deck().cards.values(), *deck().home_cards.values()] for o in c.options]


@pytest.mark.parametrize("cid,label", CARDS)
def test_every_card_option_resolves(cid, label):
    c = deck().cards.get(cid) or deck().home_cards[cid]
    o = next(x for x in c.options if x.label == label)
    s, p = _position(c, o)
    assert label in interpreter.playable(s, p, cid), f"{cid} {label} not playable for {p}"
    for pile in [s["deck"], s["discard"], *(s["powers"][q]["hand"] for q in s["powers"])]:
        if cid in pile and cid not in s["powers"][p]["homes"]:
            pile.remove(cid)  # the impulse takes the card from the hand before the event (sequence.py)
    call(s, "event", power=p, card=cid, option=label, discard=True)
    run(game.procedures, s)
    drive(s)
    if s.get("result"):  # a crisis may end the game: the Great War broke out (23.0)
        assert s["crisis"]["outbreak"] and "Great War" in s["result"]["reason"]
        return
    if cid in s["powers"][p]["homes"]:
        assert cid not in s["discard"] and cid not in s["removed"]
    elif "permanent" in c.flags:
        assert cid in s["permanent"]
    elif "remove" in c.flags:
        assert cid in s["removed"]
    else:
        assert cid in s["discard"]
    assert cid not in s["powers"][p]["hand"] or cid in s["powers"][p]["homes"]


def test_playable_power_is_and_war_rules():
    s = blank()
    assert interpreter.playable(s, "ru", "crimean-war") == ["A", "B"]
    assert interpreter.playable(s, "ge", "crimean-war") == ["B"]  # power-is RU (9.0 L541)
    assert interpreter.playable(s, "ge", "new-rifles") == []  # needs a war in progress
    war_on(s)
    assert interpreter.playable(s, "ge", "new-rifles") == ["A"]
    assert interpreter.playable(s, "ge", "schleswig-holstein-question") == []  # peace only
    assert interpreter.playable(s, "ge", "italy") == ["A"]  # the mandatory Italy card: A while divided
