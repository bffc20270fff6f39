"""War (rulebook 12.17-17.1, L735-945; RULINGS_WAR.md W1...). Positions are the 1850 set-up
(``blank()``). Wars are fought with the real modules: land battles, naval movement, response
cards and redeployment; where a test needs a battle's result it scripts the dice
(engine/testing.py)."""

from __future__ import annotations

import random

import pytest
from ie_support import answer, asking, blank, clear_units, game, proc

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import war, world

CARD3 = "second-opium-war"  # a 3-CP card, not mandatory
CARD2 = "siege-of-sevastopol"
CARD1 = "florence-nightingale"


DEFAULTS = ("fight", "none", "done", "decline", "waive", "pass", "refuse")


def role(s):
    return game.active(s)[0]


def auto(s, picks=None, limit=400):
    """Answer war questions: ``picks`` {state: action or callable(actions)}; otherwise the first
    of DEFAULTS that is legal, else the first action."""
    picks = picks or {}
    for _ in range(limit):
        if not s["stack"] or not game.active(s):
            return
        st = asking(s)
        r = role(s)
        acts = game.actions(s, r)
        if st in picks:
            a = picks[st]
            a = a(acts) if callable(a) else a
            if a is None:
                return
        else:
            a = next((d for d in DEFAULTS if d in acts), acts[0])
        game.apply(s, r, a)
    raise AssertionError("the war did not end")


def declare(s, att, target, aim, objectives, cp=3, **kw):
    proc(s, "war", attacker=att, card=None, cp=cp, target=target, **kw)
    if asking(s) == "war-aim":
        opts = [a for a in game.actions(s, att) if a["aim"] == aim]
        answer(s, att, opts[0])
    for sid in objectives:
        assert asking(s) == "war-objective"
        answer(s, att, {"space": sid})
    if asking(s) == "war-objective":
        answer(s, att, "done")
    return s


def to_impulse(s, picks=None):
    """Answer everything up to the first wartime impulse."""
    auto(s, dict(picks or {}, **{"war-impulse": lambda acts: None}))
    assert asking(s) == "war-impulse"


# ----- declaring (12.17.1, 13.0-13.4) -----------------------------------------------------------------------


def test_targets_respect_wtt_alliances_and_truces():
    s = blank()
    assert "au" in war.targets(s, "ge")
    s["wtt"] = 3  # 12.17.1 L738
    assert war.targets(s, "ge") == []
    assert "au" in war.targets(s, "ge", ignore_wtt=True)
    s["wtt"] = 0
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["powers"]["au"]["alliance"] = "alliance-committed"
    assert "au" not in war.targets(s, "ge")  # 8.1.2 L501
    s["allies"]["saxony"] = "au"
    assert "saxony" not in war.targets(s, "ge")  # 13.4 (3) L781
    s["powers"]["ge"]["alliance"] = "neutral"
    s["powers"]["ge"]["truces"]["fr"] = 2
    assert "fr" not in war.targets(s, "ge")  # 13.5 L808
    s["diplomacy"]["denmark"] = "ge"
    assert "denmark" not in war.targets(s, "ge")  # 13.4 (2)


def test_conquest_objectives_no_capitals_at_most_one_key():
    s = blank()
    proc(s, "war", attacker="ge", card=None, cp=3, target="au")
    assert asking(s) == "war-aim"
    assert {"aim": "conquest"} in game.actions(s, "ge")
    answer(s, "ge", {"aim": "conquest"})
    spaces = [a["space"] for a in game.actions(s, "ge") if isinstance(a, dict)]
    assert "vienna" not in spaces and "hungary" not in spaces  # 13.3.1 L778
    assert "bohemia" in spaces and "tyrol" in spaces
    answer(s, "ge", {"space": "bohemia"})
    second = [a["space"] for a in game.actions(s, "ge") if isinstance(a, dict)]
    assert "galicia" not in second and "tyrol" in second  # 13.3 L776 only one key
    assert "done" in game.actions(s, "ge")


def test_conquest_raises_wtt_then_costs_stability():
    s = blank()
    s["wtt"] = 1
    declare(s, "ge", "au", "conquest", ["bohemia", "tyrol"])
    assert s["wtt"] == 2  # 13.3 L773
    assert s["powers"]["ge"]["stability"] == 4 - 2  # minus the WTT after the increase


def test_liberation_objectives_one_kind():
    s = blank()
    s["control"]["champagne"] = "ge"  # an original French home space held by GE
    world.new_unit(s, "rebel", "army", "posen", n="polish")
    s["woi"]["posen"] = 0
    proc(s, "war", attacker="fr", card=None, cp=3, target="ge")
    answer(s, "fr", {"aim": "liberation"})
    spaces = [a["space"] for a in game.actions(s, "fr") if isinstance(a, dict)]
    assert spaces == ["champagne", "posen"]  # 13.1 L755
    answer(s, "fr", {"space": "champagne"})
    assert s["war"]["objectives"] == ["champagne"] and asking(s) != "war-objective"  # one kind only (W3)
    assert s["war"]["kind"] == "home"


def test_liberation_excludes_dual_home_spaces():
    s = blank()
    s["control"]["alsace-lorraine"] = "ge"
    s["flags"]["ge_homes"] = ["alsace-lorraine"]  # annexed: a dual home space (3.2.5.2 L207)
    aims = war.aims_for(s, "fr", "ge")
    assert {"aim": "liberation"} not in aims and {"aim": "conquest"} in aims  # 13.1 L757 example


def test_special_liberation_arbiter_of_italy():
    s = blank()
    assert war.objective_pool(s, "au", "two-sicilies", "liberation") == ["naples", "sicily"]  # 33.4, 13.1.2
    s["flags"]["italy_unified"] = True
    assert war.objective_pool(s, "au", "two-sicilies", "liberation") == []
    s["flags"]["italy_unified"] = False
    assert war.objective_pool(s, "ru", "ot", "liberation") == []  # RU needs its home card
    assert "serbia" in war.objective_pool(s, "ru", "ot", "liberation", cid="russo-turkish-wars")


def test_unification_objectives():
    s = blank()
    assert war.objective_pool(s, "ge", "au", "unification") == ["tyrol", "vienna"]  # German nationality, 13.2
    assert war.objective_pool(s, "au", "ge", "unification") == []  # no citizenship yet
    s["flags"]["citizenship"] = ["polish"]
    assert war.objective_pool(s, "au", "ge", "unification") == ["posen"]  # 33.4.1
    assert war.objective_pool(s, "fr", "au", "unification") == []
    # 13.2.1: an Italian war needs a marker with Sardinia-Piedmont or the Two Sicilies
    assert {"aim": "unification", "italian": "sardinia-piedmont"} not in war.aims_for(s, "fr", "au")
    s["diplomacy"]["sardinia-piedmont"] = "fr"
    assert {"aim": "unification", "italian": "sardinia-piedmont"} in war.aims_for(s, "fr", "au")


def test_italian_war_objectives_adjacent_and_alliance():
    s = blank()
    s["diplomacy"]["sardinia-piedmont"] = "fr"
    s["control"]["tuscany"] = "au"
    proc(s, "war", attacker="fr", card=None, cp=2, target="au")
    answer(s, "fr", {"aim": "unification", "italian": "sardinia-piedmont"})
    answer(s, "fr", {"space": "venetia"})
    second = [a["space"] for a in game.actions(s, "fr") if isinstance(a, dict)]
    assert second == ["lombardy"]  # tuscany is not adjacent to venetia (13.2.1 L770)
    answer(s, "fr", "done")
    assert s["allies"]["sardinia-piedmont"] == "fr"  # 13.2.1 L769
    assert "sardinia-piedmont" in s["war"]["attackers"]


# ----- surrender and victory (13.6, 16.1) -----------------------------------------------------------------------


def test_surrender_gives_major_victory_and_stability():
    s = blank()
    declare(s, "ge", "fr", "conquest", ["alsace-lorraine", "champagne"])
    assert s["powers"]["ge"]["stability"] == 3  # WTT 0 -> 1: -1 (13.3)
    assert asking(s) == "war-surrender"
    answer(s, "fr", "surrender")
    assert asking(s) == "war-shift"  # both neutral: the defender chooses (8.2 L507)
    answer(s, "fr", {"box": "entente-aligned"})
    assert asking(s) == "war-treaty"
    assert game.actions(s, "ge") == [{"option": "territorial"}, "done"]  # no ally, no occupied home space
    answer(s, "ge", {"option": "territorial"})
    auto(s)
    assert s["war"] is None and s["occupied"] == {}
    assert s["control"]["alsace-lorraine"] == "ge" and s["control"]["champagne"] == "ge"
    assert s["powers"]["ge"]["stability"] == 4  # +1 major victory (16.1.1 L898)
    assert s["powers"]["fr"]["stability"] == 3  # -1
    assert s["flags"]["fr_government"] == "third-republic"  # 33.3: France lost a war
    assert s["history"]["wars"][-1]["result"] == "major"
    assert s["powers"]["ge"]["won_wars"][-1]["target"] == "fr"
    assert s["powers"]["fr"]["lost_wars"] == 1
    assert s["powers"]["ge"]["truces"]["fr"] == 2 and s["powers"]["fr"]["truces"]["ge"] == 2  # 16.3
    assert "fr" not in war.targets(s, "ge")  # 13.5: truces block new wars


def test_refusal_penalties():
    s = blank()
    for q, box in (("ge", "alliance-aligned"), ("au", "alliance-aligned"), ("ru", "alliance-committed")):
        s["powers"][q]["alliance"] = box
    au_n, ru_n = s["powers"]["au"]["mpit"]["neutral"], s["powers"]["ru"]["mpit"]["neutral"]
    declare(s, "ge", "fr", "conquest", ["champagne"])
    to_impulse(s, {"war-call": lambda a: a[0]})  # call every ally; each refuses (the default)
    assert s["war"]["refused"] == ["au", "ru"]
    assert s["powers"]["au"]["mpit"]["neutral"] == au_n + 5  # aligned (14.0 L817)
    assert s["powers"]["ru"]["mpit"]["neutral"] == ru_n + 10  # committed (14.0 L818)
    assert s["powers"]["ru"]["stability"] == 3
    assert s["powers"]["au"]["stability"] == 3
    assert s["powers"]["fr"]["alliance"] == "entente-aligned"  # shifted away from GE (14.2, 8.2)


def test_ally_joins_with_a_card():
    s = blank()
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["powers"]["au"]["alliance"] = "alliance-aligned"
    s["powers"]["au"]["hand"].append(CARD2)
    declare(s, "ge", "fr", "conquest", ["champagne"])
    to_impulse(s, {"war-call": lambda a: a[0], "war-join": {"card": CARD2}})
    assert "au" in s["war"]["attackers"]
    assert s["war"]["budget"]["au"] == 2 + 1  # card CP + industry (14.3 L835)
    assert CARD2 not in s["powers"]["au"]["hand"]


def test_seeking_aid_order():
    s = blank()
    s["diplomacy"]["denmark"] = "ru"
    declare(s, "ge", "denmark", "conquest", ["schleswig-holstein"])
    asked = []
    while asking(s) == "war-aid":
        asked.append(role(s))
        answer(s, role(s), "decline")
    # 13.4.2: the diplomacy marker first, then UK/FR rolled off, then (GE/RU: GE attacks, RU asked) Austria
    assert asked[0] == "ru" and sorted(asked[1:3]) == ["fr", "uk"] and asked[3:] == ["au"]
    assert any("Roll-off" in line[1] for line in s["log"])
    auto(s)
    assert s["history"]["wars"][-1]["defender"] == "denmark"


def test_aid_makes_the_player_primary_defender():
    s = blank()
    declare(s, "ge", "denmark", "conquest", ["schleswig-holstein"])
    first = role(s)
    answer(s, first, "aid")
    assert s["allies"]["denmark"] == first and s["war"]["primary"]["defender"] == first
    assert asking(s) == "war-surrender"


def test_bismarck_forbids_seeking_aid():
    s = blank()
    declare(s, "ge", "denmark", "conquest", ["schleswig-holstein"], forbid_joining=True)
    assert asking(s) != "war-aid"
    to_impulse(s)
    assert s["war"]["defenders"] == ["denmark"] and s["war"]["order"] == ["ge"]  # 15.4.2: minors never act


def test_abandoning_a_minor():
    s = blank()
    s["allies"]["hanover"] = "fr"
    declare(s, "ge", "hanover", "conquest", ["hesse"])
    assert asking(s) == "war-abandon" and role(s) == "fr"
    answer(s, "fr", "abandon")
    answer(s, "fr", {"box": "entente-aligned"})
    assert s["powers"]["fr"]["stability"] == 3  # 13.4.1 L784
    assert s["powers"]["fr"]["alliance"] == "entente-aligned"
    to_impulse(s)
    assert s["war"]["defenders"] == ["hanover"]


# ----- initiative and budget (14.3) -------------------------------------------------------------------------


def test_initiative_ge_wins_ties_and_budget():
    s = blank()
    s["powers"]["fr"]["hand"].append(CARD3)
    declare(s, "ge", "fr", "conquest", ["champagne"], cp=3)
    to_impulse(s, {"war-card": {"card": CARD3}})
    w = s["war"]
    assert w["order"] == ["ge", "fr"]  # equal cards: GE wins ties (33.1 Bewegungskrieg)
    assert w["budget"]["ge"] == 3 + 2  # card CP + industry (14.3 L835)
    assert w["budget"]["fr"] == 3 + 2 + 1  # the Second Empire's +1 (33.3)


def test_13_7_the_defender_is_asked_for_its_budget_card_whatever_its_hand_holds():
    """13.7 L809: the defender may add a card's CP to its budget, never a mandatory event's. Only a
    defender holding another card was asked, so every player saw when France held only mandatory
    events; now it is asked with any hand, with "none" alone when nothing may be played."""
    from kriegsspiel.games.imperial_elegy.deck import deck

    s = blank()
    s["powers"]["fr"]["hand"] = [c for c in deck().cards if set(war.card(c).flags) == {"mandatory"}][:2]
    declare(s, "ge", "fr", "conquest", ["champagne"], cp=3)
    seen = []
    auto(s, {"war-card": lambda acts: seen.append(acts) or acts[-1], "war-impulse": lambda acts: None})
    assert seen == [["none"]]


def test_initiative_industry_breaks_ties():
    s = blank()
    s["powers"]["fr"]["hand"].append(CARD2)
    declare(s, "au", "fr", "conquest", ["champagne"], cp=2)
    to_impulse(s, {"war-card": {"card": CARD2}})
    assert s["war"]["order"] == ["fr", "au"]  # FR industry 2 > AU 1 (14.3 L835)
    assert s["war"]["budget"]["au"] == 2 + 1


def test_higher_card_goes_first():
    s = blank()
    s["powers"]["fr"]["hand"].append(CARD3)
    declare(s, "ge", "fr", "conquest", ["champagne"], cp=1)
    to_impulse(s, {"war-card": {"card": CARD3}})
    assert s["war"]["order"] == ["fr", "ge"]
    assert role(s) == "fr"


# ----- maneuver (15.0-15.6) -------------------------------------------------------------------------------------


def ge_vs_au(cp=3):
    s = blank()
    for sid in ("berlin", "silesia", "bohemia", "galicia", "rhineland"):
        clear_units(s, sid)
    a = world.new_unit(s, "ge", "army", "silesia")
    b = world.new_unit(s, "ge", "army", "berlin")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=cp)
    to_impulse(s)
    return s, a, b


def test_march_two_clear_or_one_difficult():
    s, a, b = ge_vs_au()
    assert role(s) == "ge"
    answer(s, "ge", "march")
    acts = game.actions(s, "ge")
    assert {"unit": a, "to": "bohemia"} in acts and {"unit": a, "to": "galicia"} in acts
    assert {"unit": a, "to": "poland"} not in acts  # neutral Russia (15.2.4 L862)
    answer(s, "ge", {"unit": a, "to": "bohemia"})  # difficult: one space only
    assert not [x for x in game.actions(s, "ge") if isinstance(x, dict) and x["unit"] == a]
    answer(s, "ge", {"unit": b, "to": "silesia"})
    answer(s, "ge", {"unit": b, "to": "galicia"})  # two clear links
    assert not [x for x in game.actions(s, "ge") if isinstance(x, dict) and x["unit"] == b]
    assert s["occupied"]["bohemia"] == "ge" and s["occupied"]["galicia"] == "ge"  # 15.3
    answer(s, "ge", "done")
    assert s["war"]["budget"]["ge"] == 5 - 1


def test_rail_half_industry_rounded_up():
    s, a, b = ge_vs_au()
    c = world.new_unit(s, "ge", "army", "rhineland")
    answer(s, "ge", "rail")
    assert asking(s) == "war-rail"
    acts = game.actions(s, "ge")
    assert {"unit": c, "to": "pomerania"} in acts
    answer(s, "ge", {"unit": c, "to": "pomerania"})
    assert game.actions(s, "ge") == ["done"]  # industry 2: one army (15.2.5 L864)
    assert war.rail_count(s, "ge") == 1
    s["powers"]["ge"]["industry"] = 3
    assert war.rail_count(s, "ge") == 2


def test_deploy_reserves_count_and_no_attack():
    s = blank()
    assert war.deploy_count(s, "ge") == 1  # industry 2: half, at least 1 (15.2.3 L855)
    s["powers"]["ge"]["reserves"] = [False] * 5
    s["powers"]["ge"]["industry"] = 5
    assert war.deploy_count(s, "ge") == 3
    s["powers"]["ge"]["industry"] = 9
    assert war.deploy_count(s, "ge") == 3  # at most 3
    s["powers"]["ge"]["industry"] = 2
    for sid in ("silesia", "bohemia"):
        clear_units(s, sid)
    world.new_unit(s, "au", "army", "bohemia")
    declare(s, "ge", "au", "conquest", ["bohemia"])
    to_impulse(s)
    acts = game.actions(s, "ge")
    assert "deploy-free" in acts  # Superior Staff Work (33.1) on GE's first impulse
    answer(s, "ge", "deploy-free")
    answer(s, "ge", {"to": "silesia"})
    assert asking(s) == "war-impulse"
    assert s["war"]["budget"]["ge"] == 5  # free
    acts = game.actions(s, "ge")
    assert {"battle": "bohemia", "from": "silesia"} not in acts  # deployed this impulse (15.2.3 L858)
    assert "deploy-free" not in acts
    assert len(s["powers"]["ge"]["reserves"]) == 4


def test_pass_only_with_budget_two_or_less():
    s, a, b = ge_vs_au(cp=1)
    assert s["war"]["budget"]["ge"] == 3
    assert "pass" not in game.actions(s, "ge")
    s["war"]["budget"]["ge"] = 2
    assert "pass" in game.actions(s, "ge")
    s["war"]["budget"]["ge"] = 0
    acts = game.actions(s, "ge")
    assert "pass" in acts and "march" not in acts  # no budget: pass (15.0 L840)


def silesia_vs_bohemia():
    """GE's army in Silesia, AU's in Bohemia, across a difficult link (GE 2 - 1 = 1 against 2: BDRM
    -1, 18.2.1 L965); GE declares a war of conquest on Bohemia with 1 CP: its first impulse."""
    s = blank()
    for sid in ("silesia", "bohemia"):
        clear_units(s, sid)
    ge = world.new_unit(s, "ge", "army", "silesia")
    au = world.new_unit(s, "au", "army", "bohemia")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=1)
    to_impulse(s)
    return s, ge, au


def test_land_battle_and_normal_victory():
    """15.2.6 with the real land battle (§18): GE rolls 6, AU 1: differential 6 - 1 - 1 = 4, 0/2
    decisive (18.4 L990-1003): AU's army is eliminated, GE's advances and occupies Bohemia (18.7.1,
    15.3); the decisive bonus (18.8) is declined; the war ends in a normal victory (16.1.2)."""
    s, ge, au = silesia_vs_bohemia()
    with scripted_dice(s, 6, 1):
        answer(s, "ge", {"battle": "bohemia", "from": "silesia"})
        answer(s, "ge", "done")  # no support (Berlin's army could: 18.3)
        answer(s, "au", "done")
    b = s["battle"]
    assert (b["bdrm"], b["diff"], b["winner"], b["taken"]) == (-1, 4, "a", {"a": 0, "d": 2})
    said = [text for _, text in s["log"] if "attacks Bohemia" in text]
    assert said == ["Prussia attacks Bohemia from Silesia."]  # told once (18.1.1)
    assert au not in s["units"]
    assert asking(s) == "battle-advance" and game.actions(s, "ge") == [{"advance": True, "unit": ge}]
    answer(s, "ge", {"advance": True, "unit": ge})
    assert s["last_battle"]["winner"] == "attacker" and s["last_battle"]["decisive"]
    assert s["units"][ge]["at"] == "bohemia" and s["occupied"]["bohemia"] == "ge"
    assert asking(s) == "war-decisive" and "decline" in game.actions(s, "ge")
    answer(s, "ge", "decline")
    assert s["war"]["budget"]["ge"] == 1 + 2 - 1  # the card's CP + industry, less the battle's 1 CP
    auto(s, {"war-treaty": {"option": "territorial"}})
    assert s["history"]["wars"][-1]["result"] == "normal"  # 16.1.2
    assert s["control"]["bohemia"] == "ge"
    assert s["powers"]["ge"]["truces"]["au"] == 2


def test_a_lost_battle_occupies_nothing():
    """The same battle lost: GE rolls 1, AU 6: differential 1 - 6 - 1 = -6, 2/0 decisive for the
    defender (18.4): GE's army is eliminated, Bohemia stays Austrian; nobody achieves anything and
    the war ends in a white peace (16.1.5) with 1-turn truces (16.3)."""
    s, ge, au = silesia_vs_bohemia()
    with scripted_dice(s, 1, 6):
        answer(s, "ge", {"battle": "bohemia", "from": "silesia"})
        answer(s, "ge", "done")
        answer(s, "au", "done")
    lb = s["last_battle"]
    assert (lb["winner"], lb["decisive"], lb["losses"], lb["advanced"]) == ("defender", True, {"a": 2, "d": 0}, [])
    assert ge not in s["units"] and s["units"][au] == {"o": "au", "t": "army", "at": "bohemia", "r": False}
    assert s["occupied"] == {} and asking(s) == "war-impulse" and role(s) == "au"
    auto(s)
    assert s["history"]["wars"][-1]["result"] == "white" and s["control"]["bohemia"] == "au"
    assert s["powers"]["ge"]["truces"]["au"] == 1


def test_white_peace_when_nothing_happens():
    s, a, b = ge_vs_au(cp=1)
    s["war"]["budget"]["ge"] = 2
    auto(s)
    assert s["history"]["wars"][-1]["result"] == "white"  # 16.1.5
    assert s["powers"]["ge"]["truces"]["au"] == 1 and s["powers"]["au"]["truces"]["ge"] == 1  # 16.3


def test_defensive_victory_and_righteous_defense():
    s = blank()
    for sid in ("silesia", "bohemia", "berlin"):
        clear_units(s, sid)
    world.new_unit(s, "au", "army", "bohemia")
    declare(s, "ge", "au", "conquest", ["galicia"], cp=1)
    to_impulse(s)
    s["war"]["budget"]["ge"] = 2
    answer(s, "ge", "pass")
    assert role(s) == "au"
    answer(s, "au", "march")
    u = [x for x in world.units_at(s, "bohemia", "au")][0]
    answer(s, "au", {"unit": u, "to": "silesia"})
    answer(s, "au", "done")
    assert s["occupied"]["silesia"] == "au"
    s["war"]["budget"]["au"] = 2
    seen = {}

    def pick(acts):
        seen["acts"] = acts
        return {"option": "righteous", "take": "silesia"}

    auto(s, {"war-treaty": pick})
    assert s["history"]["wars"][-1]["result"] == "defensive"  # 16.1.3
    assert {"option": "territorial"} not in seen["acts"]
    assert s["control"]["silesia"] == "au"  # 16.2.4


def test_negotiated_peace():
    s, a, b = ge_vs_au()
    answer(s, "ge", {"propose": "concede"})
    assert asking(s) == "war-peace"
    answer(s, "au", "accept")
    auto(s, {"war-treaty": lambda acts: acts[0]})
    res = s["history"]["wars"][-1]
    assert res["result"] == "negotiated" and res["winner"] == "au"  # 16.1.4


def test_capital_occupied_ends_war_with_major_victory():
    s = blank()
    for sid in ("paris", "champagne", "alsace-lorraine"):
        clear_units(s, sid)
    u = world.new_unit(s, "ge", "army", "champagne")
    s["occupied"] = {}
    declare(s, "ge", "fr", "conquest", ["alsace-lorraine"])
    to_impulse(s)
    answer(s, "ge", "march")
    answer(s, "ge", {"unit": u, "to": "paris"})
    answer(s, "ge", "done")
    assert s["war"]["ended"] == {"type": "capital", "loser": "defender"}  # 15.5 L884
    auto(s, {"war-treaty": lambda acts: acts[0]})
    assert s["history"]["wars"][-1]["result"] == "major"


def test_attacker_surrender_may_be_refused():
    s, a, b = ge_vs_au()
    answer(s, "ge", "surrender")
    assert asking(s) == "war-accept-surrender"
    answer(s, "au", "refuse")
    assert asking(s) == "war-impulse" and "surrender" not in game.actions(s, "ge")  # 15.5 L886
    s["war"]["budget"]["ge"] = 2
    auto(s)
    assert s["war"] is None


def test_knockout_of_an_ally():
    s = blank()
    s["powers"]["ge"]["alliance"] = "alliance-aligned"
    s["powers"]["ot"]["alliance"] = "alliance-aligned"
    declare(s, "fr", "ge", "conquest", ["rhineland"], cp=1)
    to_impulse(s, {"war-call": lambda a: {"call": "ot"} if {"call": "ot"} in a else "done", "war-join": lambda a: a[0]})
    assert "ot" in s["war"]["defenders"]
    clear_units(s, "istanbul")
    s["occupied"]["istanbul"] = "fr"
    war.check_capitals(s)
    assert "ot" not in s["war"]["defenders"] and s["war"]["knocked_out"] == {"ot": "attacker"}  # 15.6
    assert not war.acts(s, "ot")


# ----- treaties (16.2) --------------------------------------------------------------------------------------------


def test_treaty_options_reparations_and_realignment():
    s = blank()
    s["allies"]["saxony"] = "au"
    for sid in ("silesia", "bohemia"):
        clear_units(s, sid)
    declare(s, "ge", "au", "conquest", ["bohemia"])
    s["occupied"]["bohemia"] = "ge"
    answer(s, "au", "surrender")
    auto(s, {"war-treaty": lambda acts: None, "war-shift": {"box": "entente-aligned"}})
    assert asking(s) == "war-treaty"
    acts = game.actions(s, "ge")
    assert {"option": "territorial"} in acts
    assert {"option": "realignment", "minor": "saxony"} in acts
    assert {"option": "reparations", "on": "au"} in acts  # GE occupies an Austrian home space (16.2.3)
    answer(s, "ge", {"option": "reparations", "on": "au"})
    answer(s, "ge", {"option": "realignment", "minor": "saxony"})
    assert s["powers"]["ge"]["marker"] == 1 and s["powers"]["au"]["marker"] == -1
    assert s["allies"]["saxony"] == "ge"
    # two options imposed: harsh terms, both shift away from each other (8.3)
    auto(s)
    assert s["powers"]["au"]["alliance"] == "entente-committed"  # further from GE (neutral: deeper, W5)
    assert s["powers"]["ge"]["alliance"] == "alliance-aligned"  # away from AU's Entente


# ----- demobilization and blockade (17.0, 17.1) ------------------------------------------------------------------


def test_demobilization():
    s = blank()
    for sid in ("silesia", "bohemia", "galicia"):
        clear_units(s, sid)
    a = world.new_unit(s, "ge", "army", "silesia")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=1)
    to_impulse(s)
    answer(s, "ge", "deploy-free")
    answer(s, "ge", {"to": "silesia"})
    answer(s, "ge", "march")
    answer(s, "ge", {"unit": a, "to": "galicia"})
    answer(s, "ge", "done")
    assert s["occupied"]["galicia"] == "ge"
    auto(s)
    assert s["war"] is None and s["occupied"] == {}
    assert not [u for u in s["units"].values() if u["t"] == "reserve"]  # 17.0: back to the holding box
    assert len(s["powers"]["ge"]["reserves"]) == 1
    assert s["units"][a]["at"] != "galicia" and s["control"]["galicia"] == "au"  # displaced (5.7)
    assert s["control"][s["units"][a]["at"]] == "ge"


def test_blockade():
    s = blank()
    s["war"] = war.new_war(s, {"attacker": "uk", "cp": 1})
    s["war"]["attackers"], s["war"]["defenders"] = ["uk"], ["ru"]
    assert not war.blockaded(s, "ru")
    for box in ("north-atlantic", "eastern-med"):
        world.new_unit(s, "uk", "squadron", box)
    assert war.blockaded(s, "ru")  # only the Baltic and the Black Sea left (17.1 L941)
    assert not war.blockaded(s, "uk")


def test_blockade_gives_minus_one_card_marker():
    s = blank()
    declare(s, "uk", "ru", "conquest", ["finland"], cp=1)
    to_impulse(s)
    for box in ("north-atlantic", "eastern-med"):
        world.new_unit(s, "uk", "squadron", box)
    s["war"]["budget"]["uk"] = 2
    auto(s, {"war-blockade": "enforce"})
    assert s["powers"]["ru"]["marker"] == -1
    assert s["history"]["wars"][-1]["result"] == "white"  # the attacker is not blockaded: no defensive win


# ----- Germany (33.1, 33.1.1) --------------------------------------------------------------------------------------


def test_german_unification():
    s = blank()
    for sid in ("hanover", "hesse", "saxony", "schleswig-holstein"):
        s["control"][sid] = "ge"
    s["allies"]["bavaria"] = "ge"
    assert not s["flags"]["germany_unified"]
    assert world.check_german_unification(s)
    assert s["flags"]["germany_unified"] and s["control"]["bavaria"] == "ge" and s["control"]["wurttemberg"] == "ge"
    assert "bavaria" in s["gone"]
    assert s["powers"]["ge"]["mp_bonus"]["territorial"] == 1  # Imperial Germany (33.1)


def test_unification_war_and_confederation():
    s = blank()
    s["allies"]["bavaria"] = "ge"
    for sid in ("berlin", "saxony"):
        clear_units(s, sid)
    declare(s, "ge", "saxony", "unification", ["saxony"], cp=1)
    assert s["war"]["aim"] == "unification"
    # no one aids Saxony
    auto(s, {"war-impulse": lambda acts: None})
    s["occupied"]["saxony"] = "ge"
    s["war"]["budget"]["ge"] = 2
    auto(s, {"war-treaty": {"option": "territorial"}, "war-confederation": {"annex": "bavaria"}})
    assert s["control"]["saxony"] == "ge" and "saxony" in s["gone"]  # 3.2.5.1
    assert "bavaria" in s["gone"] and s["control"]["bavaria"] == "ge"  # German Confederation
    assert "saxony" in s["flags"]["ge_homes"]


# ----- the real battle module, and termination with random choices ----------------------------------------------------


def test_real_battle_integration():
    s = blank()
    for sid in ("silesia", "bohemia"):
        clear_units(s, sid)
    world.new_unit(s, "ge", "army", "silesia")
    world.new_unit(s, "au", "army", "bohemia")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=1)
    rnd = random.Random(3)

    def first_battle(acts):
        return next((a for a in acts if isinstance(a, dict) and "battle" in a), rnd.choice(acts))

    picks = {"war-impulse": first_battle, "war-surrender": "fight", "war-shift": {"box": "entente-aligned"}}
    for _ in range(600):
        if s.get("war") is None or not s["stack"]:
            break
        r = role(s)
        acts = game.actions(s, r)
        st = asking(s)
        a = picks.get(st)
        a = a(acts) if callable(a) else a if a in acts else rnd.choice(acts)
        game.apply(s, r, a)
    assert s.get("war") is None
    assert any(line[0].startswith("18") for line in s["log"])


@pytest.mark.parametrize("seed", range(8))
def test_random_wars_terminate(seed):
    s = blank(seed)
    rnd = random.Random(seed)
    att = rnd.choice(["ge", "fr", "au", "ru", "ot", "uk"])
    proc(s, "war", attacker=att, card=None, cp=rnd.randint(1, 3))
    for _ in range(3000):
        if s.get("war") is None and not (
            s["stack"] and asking(s) and asking(s).startswith(("war", "redeploy", "naval"))
        ):
            break
        r = role(s)
        acts = game.actions(s, r)
        assert acts
        game.apply(s, r, rnd.choice(acts))
    assert s.get("war") is None
