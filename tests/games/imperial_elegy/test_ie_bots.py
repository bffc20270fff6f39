"""The heuristic bot as an opponent: how it weighs peace (16.1), redeploys (12.15), moves its
fleets (19.1), spends its home card (9.1.1) and courts the German minors (33.1.1)."""

from __future__ import annotations

import random

from ie_support import answer, asking, blank, game, proc

from kriegsspiel.games.imperial_elegy import bots, world

PLAYERS = ("ge", "uk", "fr", "au", "ru", "ot")


def decide(s, role):
    return bots.heuristic(game.view(s, role), game.actions(s, role), random.Random(0))


def at_war(board, attackers, defenders, objectives, occupied=None):
    board["war"] = {"attackers": attackers, "defenders": defenders, "objectives": objectives}
    board["occupied"] = occupied or {}
    return board


# ----- war and peace (15.5, 16.1) ---------------------------------------------------------------------------


def test_a_white_peace_is_declined_by_the_side_that_holds_every_objective_and_taken_by_the_loser():
    s = blank()
    b = at_war(game.view(s, "ge")["board"], ["ge"], ["au"], ["bohemia"], {"bohemia": "ge"})
    offer = "Austria proposes a white peace (16.1.5): accept?"
    assert bots._outlook(b, "ge") == 1 and bots._outlook(b, "au") == -1
    assert bots._peace_answer(b, "ge", offer) == "decline"
    assert bots._peace_answer(b, "au", offer) == "accept"


def test_terms_are_conceded_only_by_a_side_that_is_losing_and_a_concession_offered_is_taken():
    s = blank()
    even = at_war(game.view(s, "au")["board"], ["ge"], ["au"], ["bohemia"])
    demand = "Prussia offers peace if you concede Bohemia (16.1.4): accept?"
    concede = "Prussia offers peace, conceding you Silesia (16.1.4): accept?"
    assert bots._peace_answer(even, "au", demand) == "decline"
    assert bots._peace_answer(even, "au", concede) == "accept"
    lost = at_war(game.view(s, "au")["board"], ["ge"], ["au"], ["bohemia"], {"bohemia": "ge"})
    assert bots._peace_answer(lost, "au", demand) == "accept"


def test_a_defender_occupying_the_attackers_land_is_winning():
    s = blank()
    b = at_war(game.view(s, "au")["board"], ["ge"], ["au"], ["bohemia"], {"silesia": "au"})
    assert b["control"]["silesia"] == "ge"
    assert bots._outlook(b, "au") == 1 and bots._outlook(b, "ge") == -1


def test_the_bot_asks_for_peace_when_losing_and_never_offers_to_concede():
    s = blank()
    b = at_war(game.view(s, "au")["board"], ["ge"], ["au"], ["bohemia"], {"bohemia": "ge"})
    b["asking"] = "war-impulse"
    offers = [{"propose": "white"}, {"propose": "concede"}, {"propose": "demand", "option": {"option": "x"}}]
    view = {"board": b, "role": "au", "prompt": ""}
    assert bots.heuristic(view, ["pass", *offers], random.Random(0)) == {"propose": "white"}
    b["occupied"] = {}
    for seed in range(30):  # an even war: never a concession, whatever the dice
        got = bots.heuristic(view, [*offers[1:]], random.Random(seed))
        assert got != {"propose": "concede"}
    winning = at_war(game.view(s, "ge")["board"], ["ge"], ["au"], ["bohemia"], {"bohemia": "ge"})
    winning["asking"] = "war-impulse"
    pick = bots.heuristic({"board": winning, "role": "ge", "prompt": ""}, ["pass", *offers], random.Random(0))
    assert pick == offers[2]


def test_the_attackers_surrender_is_always_accepted():
    s = blank()
    b = game.view(s, "au")["board"]
    b["asking"] = "war-accept-surrender"
    assert bots.heuristic({"board": b, "role": "au", "prompt": ""}, ["accept", "refuse"], random.Random(0)) == "accept"


# ----- redeployment and fleets ------------------------------------------------------------------------------


def test_redeployment_sends_an_army_from_a_quiet_space_to_the_most_threatened_one():
    """Russian armies gather on the Galician border; Lombardy is quiet."""
    s = blank()
    for _ in range(3):
        world.new_unit(s, "ru", "army", "galicia")
    world.new_unit(s, "ru", "army", "transylvania")
    proc(s, "redeploy", power="au")
    assert asking(s) == "redeploy"
    b = game.view(s, "au")["board"]
    got = decide(s, "au")
    threats = {a["to"]: bots._threat(b, "au", a["to"]) for a in game.actions(s, "au") if isinstance(a, dict)}
    assert got != "done" and threats[got["to"]] == max(threats.values()) > 0
    assert threats["hungary"] > 0 and threats["lombardy"] < 0
    moved = s["units"][got["move"]]["at"]
    answer(s, "au", got)
    assert bots._threat(game.view(s, "au")["board"], "au", moved) <= 0  # where it left stays covered
    assert world.units_at(s, "vienna")  # the capital keeps its army


def test_with_nothing_threatened_the_bot_redeploys_nothing():
    s = blank()
    for uid, u in list(s["units"].items()):
        if u["o"] != "au" and u["t"] not in ("squadron", "dreadnought"):
            world.remove_unit(s, uid)
    proc(s, "redeploy", power="au")
    assert decide(s, "au") == "done"


def test_fleets_stay_in_port_in_peace():
    s = blank()
    b = game.view(s, "uk")["board"]
    b["asking"] = "naval-moving"
    b["naval_move"] = {"power": "uk", "wartime": False}
    fleet = next(u for u, x in b["units"].items() if x["o"] == "uk" and x["t"] == "squadron")
    moves = [{"move": True, "unit": fleet, "to": "north-atlantic"}, "done"]
    assert bots.heuristic({"board": b, "role": "uk", "prompt": ""}, moves, random.Random(0)) == "done"


def test_at_war_a_fleet_sails_only_to_fight_a_weaker_enemy():
    s = blank()
    b = at_war(game.view(s, "uk")["board"], ["uk"], ["fr"], ["normandy"])
    b["asking"] = "naval-moving"
    b["naval_move"] = {"power": "uk", "wartime": True}
    b["units"]["mine"] = {"o": "uk", "t": "dreadnought", "at": "london", "r": False}
    mine = "mine"
    b["units"]["f1"] = {"o": "fr", "t": "squadron", "at": "north-atlantic", "r": False}
    b["units"]["f2"] = {"o": "fr", "t": "dreadnought", "at": "western-med", "r": False}
    b["units"]["f3"] = {"o": "fr", "t": "dreadnought", "at": "western-med", "r": False}
    moves = [{"move": True, "unit": mine, "to": box} for box in ("north-atlantic", "western-med", "baltic")]
    view = {"board": b, "role": "uk", "prompt": ""}
    assert bots.heuristic(view, [*moves, "done"], random.Random(0)) == moves[0]
    assert bots.heuristic(view, [moves[1], moves[2], "done"], random.Random(0)) == "done"


def test_in_the_great_war_a_fleet_with_nothing_to_fight_seeks_colonial_supremacy():
    """29.2 L1451-1452: naval supremacy off Africa and Asia is +2 in the colonial war; a box
    where a friend already sails or a foe waits is left alone."""
    s = blank()
    b = at_war(game.view(s, "uk")["board"], ["uk"], ["ge"], [])
    b["war"]["gw"] = True
    b["asking"] = "naval-moving"
    b["naval_move"] = {"power": "uk", "wartime": True}
    b["units"] = {
        "mine": {"o": "uk", "t": "squadron", "at": "london", "r": False},
        "friend": {"o": "uk", "t": "squadron", "at": "pacific", "r": False},
        "foe": {"o": "ge", "t": "dreadnought", "at": "indian-ocean", "r": False},
    }
    moves = [{"move": True, "unit": "mine", "to": box} for box in ("pacific", "indian-ocean", "south-atlantic")]
    view = {"board": b, "role": "uk", "prompt": ""}
    assert bots.heuristic(view, [*moves, "done"], random.Random(0)) == moves[2]
    assert bots.heuristic(view, [*moves[:2], "done"], random.Random(0)) == "done"


def test_in_the_great_war_an_army_with_no_road_to_the_enemy_is_ferried_to_a_friendly_port():
    """12.3 L625: a naval movement carries one land unit; Britain's armies reach the Western Front
    only by sea, so the bot lands one in the friendly port nearest the enemy's capitals."""
    s = blank()
    b = game.view(s, "uk")["board"]
    b["asking"] = "naval-moving"
    b["naval_move"] = {"power": "uk", "wartime": True}
    b["war"] = {"attackers": ["ge"], "defenders": ["uk", "fr"], "gw": True}
    b["gw"] = {"turn": 1, "sides": {"alliance": ["ge"], "entente": ["uk", "fr"]}}
    b["control"].update({"normandy": "fr", "brittany": "fr", "holstein": "ge"})
    b["units"] = {"bef": {"o": "uk", "t": "british", "at": "london", "r": False}}
    moves = [{"move": True, "unit": "bef", "to": x} for x in ("north-atlantic", "brittany", "normandy", "holstein")]
    view = {"board": b, "role": "uk", "prompt": ""}
    assert bots.heuristic(view, [*moves, "done"], random.Random(0)) == moves[2]
    b["units"]["bef"]["at"] = "paris"  # an army with a road to Berlin stays with it
    assert bots.heuristic(view, [*moves, "done"], random.Random(0)) == "done"


def test_a_draft_goes_where_the_colonial_war_is_lost_else_toward_the_enemy():
    """27.5.2, 29.2-29.2.1: with the enemy alone on the African submap a drafted EF goes to an
    empty African key; otherwise the draft goes nearest the enemy's capitals."""
    s = blank()
    b = game.view(s, "uk")["board"]
    b["asking"] = "gw-choose"
    b["war"] = {"attackers": ["ge"], "defenders": ["uk"], "gw": True}
    b["gw"] = {"turn": 1, "sides": {"alliance": ["ge"], "entente": ["uk"]}}
    b["units"] = {"askari": {"o": "ge", "t": "ef", "at": "east-africa", "r": False}}
    opts = [{"space": x, "kind": "ef"} for x in ("india", "london", "south-africa")]
    view = {"board": b, "role": "uk", "prompt": ""}
    assert bots.heuristic(view, [*opts, "done"], random.Random(0)) == opts[2]
    b = game.view(s, "ge")["board"]  # nobody in the colonies: Prussia drafts on the road to Paris
    b["asking"] = "gw-choose"
    b["war"] = {"attackers": ["ge"], "defenders": ["fr"], "gw": True}
    b["gw"] = {"turn": 1, "sides": {"alliance": ["ge"], "entente": ["fr"]}}
    b["units"] = {}
    opts = [{"space": x, "kind": "army"} for x in ("posen", "prussia", "rhineland")]
    assert bots.heuristic({"board": b, "role": "ge", "prompt": ""}, [*opts, "done"], random.Random(0)) == opts[2]


def test_the_alliance_never_plays_the_telegram_for_its_event():
    """K24: the Zimmermann Telegram brings the US in against Germany's alliance; Germany's side
    plays it for a bonus action, the Entente for its event."""
    s = blank()
    opts = [{"gw_play": "zimmermann-telegram", "use": "event"}, {"gw_play": "zimmermann-telegram", "use": "bonus"}]
    for me, use in (("au", "bonus"), ("uk", "event")):
        b = game.view(s, me)["board"]
        b["asking"] = "gw-card"
        b["war"] = {"attackers": ["ge", "au"], "defenders": ["uk", "fr"], "gw": True}
        b["gw"] = {"turn": 1, "sides": {"alliance": ["ge", "au"], "entente": ["uk", "fr"]}}
        got = bots.heuristic({"board": b, "role": me, "prompt": ""}, [*opts, "keep"], random.Random(0))
        assert got["use"] == use


def test_a_blow_to_an_enemy_home_front_falls_on_the_nearest_to_surrender_then_the_steadiest():
    """27.2, 30.1 L1478, 2.2.3 L135-140: the enemy nearest 0 stability, until GW turn 4, when
    the war may end on the highest stability."""
    s = blank()
    b = game.view(s, "uk")["board"]
    b["asking"] = "gw-choose"
    b["gw"] = {"turn": 1}
    b["war"] = {"attackers": ["ge", "au", "ot"], "defenders": ["uk", "fr", "ru"], "gw": True}
    for q, n in (("ge", 3), ("au", 1), ("ot", 5)):
        b["powers"][q]["stability"] = n
    opts = [{"power": q} for q in ("ge", "au", "ot")]
    view = {"board": b, "role": "uk", "prompt": ""}
    assert bots.heuristic(view, opts, random.Random(0)) == {"power": "au"}
    b["gw"]["turn"] = 4
    assert bots.heuristic(view, opts, random.Random(0)) == {"power": "ot"}


# ----- the home card and the German question ------------------------------------------------------------------


def test_a_home_event_that_would_do_little_now_is_played_for_its_cp():
    s = blank()
    home = {"card": "autocracy", "as": "event", "option": "A"}  # +1 stability, +1 manpower
    cp = {"card": "autocracy", "as": "cp"}
    b = game.view(s, "ru")["board"]
    st = b["powers"]["ru"]
    st["home"] = "autocracy"
    st["hand"] = ["autocracy"]
    view = {"board": b, "role": "ru", "prompt": ""}
    st["stability"] = 3
    assert bots.heuristic(view, [home, cp], random.Random(0)) == home
    st["stability"] = len(world.P().powers["ru"].stability) - 1  # at the top of its track
    assert bots.heuristic(view, [home, cp], random.Random(0)) == cp


def test_prussia_courts_the_german_minors_before_others():
    s = blank()
    b = game.view(s, "ge")["board"]
    st = b["powers"]["ge"]
    offers = [
        {"do": "diplomacy", "minor": "sweden"},
        {"do": "ally", "minor": "japan"},
        {"do": "diplomacy", "minor": "saxony"},
    ]
    view = {"board": b, "role": "ge", "prompt": ""}
    assert bots.heuristic(view, [*offers, "done"], random.Random(0)) == offers[2]
    b["flags"]["germany_unified"] = True
    assert bots._wanted_minors(b, "ge", st) == set()


# ----- the Great War: avoided by a power doing well (2.2 design note, L154) -------------------------------------


def test_a_power_doing_well_on_its_goals_keeps_the_world_calm_and_one_behind_does_not(monkeypatch):
    """L154: players doing well on their NGs try to avoid a GW, those behind see it as their only
    chance. Germany's Naval Arms Race raises the WTT (its bot box names Germany, 9.2); the Hague
    lowers it; a war of conquest raises it (13.3)."""
    s = blank()
    b = game.view(s, "ge")["board"]
    st = b["powers"]["ge"]
    st["goals"] = ["ge-unification", "ge-european-keys"]
    st["hand"] = ["naval-arms-race", "peace-conference-at-the-hague", "ems-dispatch"]
    st["stability"] = 6
    race = {"card": "naval-arms-race", "as": "event", "option": "A"}
    hague = {"card": "peace-conference-at-the-hague", "as": "event", "option": "A"}
    cps = [{"card": c, "as": "cp"} for c in st["hand"]]
    view = {"board": b, "role": "ge", "prompt": ""}
    worth = {"ge-unification": 3.0, "ge-european-keys": 3.0}
    monkeypatch.setattr(bots, "_goal_value", lambda b, me, g: worth[g])
    for wtt, played in ((0, cps[0]), (2, hague)):  # doing well: no arms race; the Hague at 2 or more
        b["wtt"] = wtt
        assert bots.heuristic(view, [race, hague, *cps], random.Random(0)) == played
    assert not bots._war_wanted(b, "ge", st)
    worth.update({"ge-unification": 1.0, "ge-european-keys": 2.0})  # behind: the race, and war
    b["wtt"] = 2
    assert bots.heuristic(view, [race, hague, *cps], random.Random(0)) == race
    monkeypatch.setattr(bots, "_strong", lambda b, me: True)
    b["wtt"] = 0
    assert bots._war_wanted(b, "ge", st)


def test_a_goal_that_asks_for_neutrality_steers_the_power_there_and_a_committed_power_courts_partners():
    """12.7 L675-677: influence on the MPIT, for any power, in any direction. Pax Britannica asks
    for a neutral UK (8.1.1 L492); a power committed to its side courts a neutral power whose
    cabinet leans the same way (8.4: three at most in an alliance)."""
    s = blank()
    b = game.view(s, "uk")["board"]
    opts = [{"do": "mpit", "power": q, "track": t} for q in PLAYERS for t in ("entente", "alliance", "neutral")]
    uk = b["powers"]["uk"]
    uk["goals"] = ["uk-jewel-in-the-crown"]
    assert bots._mpit(b, "uk", uk, opts) == {"do": "mpit", "power": "uk", "track": "entente"}
    uk["goals"] = ["uk-jewel-in-the-crown", "uk-pax-britannica"]
    assert bots._mpit(b, "uk", uk, opts) == {"do": "mpit", "power": "uk", "track": "neutral"}
    fr = b["powers"]["fr"]
    fr["goals"] = []
    fr["alliance"] = "entente-committed"
    for q in ("uk", "ru"):
        b["powers"][q]["alliance"] = "neutral"
    assert bots._mpit(b, "fr", fr, opts) == {"do": "mpit", "power": "uk", "track": "entente"}
    b["powers"]["uk"]["alliance"] = "entente-aligned"
    assert bots._mpit(b, "fr", fr, opts) == {"do": "mpit", "power": "ru", "track": "entente"}
    b["powers"]["au"]["alliance"] = "entente-aligned"  # three in the Entente: Russia cannot join
    assert bots._mpit(b, "fr", fr, opts) == {"do": "mpit", "power": "fr", "track": "entente"}
