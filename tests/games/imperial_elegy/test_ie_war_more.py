"""War, continued (rulebook shared/rulebooks/000_a5b0d7cac330d384.txt; RULINGS_WAR.md W10, W25-W31):
two-target declarations (13.4.5 L806-809, 14.1 L829-830), India (33.2.2 L1537-1543), the Italian
unification card marker (22.1.2 L1209-1211), binding negotiated peace (16.1.4 L906), Balance of
Power's end-of-war draws (9.0 L543) and the owner's choice of step losses (5.3, 5.5.3, 5.6.2)."""

from __future__ import annotations

import random

import pytest
from ie_support import answer, asking, blank, clear_units, game, proc
from test_ie_war import auto, declare, ge_vs_au, role, to_impulse

from kriegsspiel.games.imperial_elegy import war, world

BISMARCK = "otto-von-bismarck"
AUX_ARMES = "aux-armes-citoyens"


def until(s, stop, picks=None, limit=200):
    """Answer questions (``picks`` or the defaults of ``auto``) until the game asks ``stop``;
    returns the states asked on the way."""
    seen = []
    picks = picks or {}
    for _ in range(limit):
        st = asking(s)
        if st == stop:
            return seen
        assert st is not None, f"the flow ended before {stop}: {seen}"
        seen.append(st)
        r = role(s)
        acts = game.actions(s, r)
        a = picks.get(st)
        a = a(acts) if callable(a) else a
        if a is None:
            a = next((d for d in ("fight", "none", "done", "decline", "waive", "pass", "refuse") if d in acts), acts[0])
        game.apply(s, r, a)
    raise AssertionError(f"{stop} was never asked: {seen}")


# ----- two targets: Otto von Bismarck and Aux Armes Citoyens (13.4.5, 14.1) ------------------------------------


def test_bismarck_golden_example():
    """13.4.5 L809: "Denmark and Hanover are attacked by GE using Bismarck. Hanover is allied with
    AU so the attack is treated as an attack against AU who becomes a primary belligerent. GE
    chooses to forbid other players from joining the war. Denmark does not have an ally. Denmark
    does not look for an ally using the ally table and instead immediately allies with AU."
    L808: "This occurs even if that player already has five minor power allies." """
    s = blank()
    s["allies"]["hanover"] = "au"
    for m in ("serbia", "montenegro", "romania", "greece", "papal-states"):
        s["allies"][m] = "au"  # AU already has five other minor allies
    s["powers"]["ge"]["hand"].append(BISMARCK)
    proc(s, "event", power="ge", card=BISMARCK, option="A", discard=False)
    assert asking(s) == "war-target" and role(s) == "ge"
    assert {"target": "hanover"} in game.actions(s, "ge")
    answer(s, "ge", {"target": "hanover"})
    # the card allows a second power: asked of the attacker (14.1 L829), under the same aim
    assert asking(s) == "war-target2"
    acts = game.actions(s, "ge")
    assert {"target": "denmark"} in acts and "none" in acts and {"target": "hanover"} not in acts
    answer(s, "ge", {"target": "denmark"})
    # W25: one objective on each attacked power; "done" only once both have one
    assert asking(s) == "war-objective"
    answer(s, "ge", {"space": "hanover"})
    acts = game.actions(s, "ge")
    assert acts == [{"space": "schleswig-holstein"}]
    answer(s, "ge", {"space": "schleswig-holstein"})
    assert asking(s) == "war-forbid"  # "GE chooses to forbid" (W26)
    answer(s, "ge", "forbid")
    assert s["allies"]["denmark"] == "au"  # at once, beyond five allies (L808)
    assert sum(1 for a in s["allies"].values() if a == "au") == 7
    # Bismarck cannot stop AU defending a minor it was already allied to (L807)
    assert asking(s) == "war-abandon" and role(s) == "au"
    answer(s, "au", "defend")
    seen = until(s, "war-impulse")
    assert "war-aid" not in seen and "war-call" not in seen  # no ally table, nobody called
    w = s["war"]
    assert w["primary"] == {"attacker": "ge", "defender": "au"}
    assert set(w["defenders"]) == {"hanover", "denmark", "au"}
    assert w["objectives"] == ["hanover", "schleswig-holstein"]
    auto(s)
    assert s.get("war") is None
    assert s["history"]["wars"][-1]["defender"] == "au"


def test_bismarck_abandoning_both_minors():
    """13.4.1 L783-786 with 13.4.5: AU answers once for both minors; abandoned, they defend alone."""
    s = blank()
    s["allies"]["hanover"] = "au"
    proc(s, "war", attacker="ge", card=BISMARCK, cp=4, target="hanover", aim="unification", forbid_joining=True)
    answer(s, "ge", {"target": "denmark"})
    answer(s, "ge", {"space": "hesse"})
    answer(s, "ge", {"space": "schleswig-holstein"})
    answer(s, "ge", "allow")
    assert s["allies"]["denmark"] == "au"
    assert asking(s) == "war-abandon"
    answer(s, "au", "abandon")
    seen = until(s, "war-impulse", {"war-shift": {"box": "entente-aligned"}})
    assert "war-abandon" not in seen and "war-aid" not in seen
    assert s["powers"]["au"]["stability"] == 2  # -1 once (13.4.1 L784); the 1850 set-up has 3
    assert s["war"]["defenders"] == ["hanover", "denmark"] and s["war"]["order"] == ["ge"]


def test_bismarck_forbidding_is_the_attackers_choice():
    """13.4.2 L786 / 13.4.5 L806: only if GE forbids joining does an unallied minor not seek aid."""
    s = blank()
    proc(s, "war", attacker="ge", card=BISMARCK, cp=4, target="denmark", aim="unification", forbid_joining=True)
    answer(s, "ge", "none")  # no second power
    answer(s, "ge", {"space": "schleswig-holstein"})
    if asking(s) == "war-objective":
        answer(s, "ge", "done")
    answer(s, "ge", "allow")
    assert asking(s) == "war-aid"  # allowed: Denmark seeks aid (13.4.2)


def test_other_cards_attack_one_power():
    """14.1 L829: only GE's and FR's home cards attack two powers."""
    s = blank()
    proc(s, "war", attacker="ge", card=None, cp=3, target="denmark")
    assert asking(s) != "war-target2"


def aux_armes_on_ge_and_au(s):
    s["powers"]["fr"]["hand"].append(AUX_ARMES)
    proc(s, "event", power="fr", card=AUX_ARMES, option="A", discard=False)
    answer(s, "fr", {"target": "ge"})
    assert asking(s) == "war-target2"
    answer(s, "fr", {"target": "au"})
    answer(s, "fr", {"space": "rhineland"})
    second = [a["space"] for a in game.actions(s, "fr")]
    assert second and all(s["control"][x] == "au" for x in second)  # W25
    assert all(world.P().spaces[x].type != "key" for x in second)  # one key at most (13.3 L776)
    answer(s, "fr", {"space": second[0]})
    assert s["war"]["targets"] == ["ge", "au"]


def test_two_defenders_agree_on_the_primary():
    """14.1 L829-830: "the defending players determine, between the two of them, who the primary
    defender is"."""
    s = blank()
    aux_armes_on_ge_and_au(s)
    until(s, "war-primary")
    assert role(s) == "ge" and game.actions(s, "ge") == [{"primary": "ge"}, {"primary": "au"}]
    answer(s, "ge", {"primary": "au"})
    assert role(s) == "au"
    answer(s, "au", {"primary": "au"})
    assert s["war"]["primary"]["defender"] == "au"
    assert asking(s) == "war-surrender" and role(s) == "au"  # 13.6: the primary defender
    to_impulse(s)
    assert set(s["war"]["defenders"]) == {"ge", "au"}
    # both attacked players shift away from the attacker (14.2 L831)
    assert s["powers"]["ge"]["alliance"] != "neutral" and s["powers"]["au"]["alliance"] != "neutral"


def test_two_defenders_disagree_the_attacker_decides():
    """14.1 L830: "if they cannot agree, the attacker decides"."""
    s = blank()
    aux_armes_on_ge_and_au(s)
    until(s, "war-primary")
    answer(s, "ge", {"primary": "au"})
    answer(s, "au", {"primary": "ge"})
    assert asking(s) == "war-primary" and role(s) == "fr"
    answer(s, "fr", {"primary": "ge"})
    assert s["war"]["primary"] == {"attacker": "fr", "defender": "ge"}
    auto(s)
    assert s["history"]["wars"][-1]["defender"] == "ge"


# ----- India (33.2.2) --------------------------------------------------------------------------------------------


def fr_vs_uk():
    s = blank()
    proc(s, "war", attacker="fr", card=None, cp=3, target="uk")
    if asking(s) == "war-aim":
        answer(s, "fr", {"aim": "conquest"})
    answer(s, "fr", {"space": "punjab"})
    if asking(s) == "war-objective":
        answer(s, "fr", "done")
    to_impulse(s)
    return s


def test_india_unstable_then_independent():
    """33.2.2 L1538-1539: unstable if India or Bengal is occupied by enemy forces in wartime; if
    both are, India gains independence at once: units displace, the UK keeps one Indian army and
    no Indian fort, and nobody may control India again."""
    s = fr_vs_uk()
    s["flags"]["india_stable"] = True
    s["forts"]["india"] = ["uk", 1]
    s["flags"]["indian_fort"] = True
    clear_units(s, "india")
    clear_units(s, "bengal")
    for _ in range(3):
        world.new_unit(s, "uk", "indian", "punjab")
    world.new_unit(s, "fr", "army", "bengal")
    war.update_occupation(s)
    assert s["occupied"]["bengal"] == "fr"
    assert s["flags"]["india_stable"] is False and not s["flags"].get("india_independent")
    s["forts"].pop("india")  # an enemy may occupy India only once the fort is gone
    world.new_unit(s, "fr", "army", "india")
    s["forts"]["india"] = ["uk", 1]
    war.update_occupation(s)
    assert s["flags"]["india_independent"] is True
    assert s["control"]["india"] == "independent:indian" and "india" not in s["occupied"]
    assert "india" not in s["forts"]
    assert not world.units_at(s, "india")  # displaced (5.7)
    assert sum(1 for u in s["units"].values() if u["o"] == "uk" and u["t"] == "indian") == 1
    assert world.counter_limit(s, "uk", "indian") == 1
    auto(s)
    assert s.get("war") is None and s["control"]["india"] == "independent:indian"


def test_one_occupied_space_only_flips_india():
    s = fr_vs_uk()
    s["flags"]["india_stable"] = True
    clear_units(s, "india")
    world.new_unit(s, "fr", "army", "india")
    war.update_occupation(s)
    assert s["flags"]["india_stable"] is False and not s["flags"].get("india_independent")
    assert s["control"]["india"] == "uk"


# ----- the Italian unification card marker (22.1.2) ----------------------------------------------------------


def italian_war(s, attacker="fr"):
    s["diplomacy"]["sardinia-piedmont"] = attacker
    for sid in ("venetia", "lombardy"):
        clear_units(s, sid)
    proc(s, "war", attacker=attacker, card=None, cp=2, target="au")
    answer(s, attacker, {"aim": "unification", "italian": "sardinia-piedmont"})
    answer(s, attacker, {"space": "venetia"})
    answer(s, attacker, "done")


def test_italian_war_winner_takes_the_card_marker():
    """22.1.2 L1210: "After a player wins an Italian war of unification they gain the +1 card marker"."""
    s = blank()
    s["flags"]["italy_card_marker"] = True
    italian_war(s)
    to_impulse(s)
    s["occupied"]["venetia"] = "fr"
    auto(s, {"war-treaty": {"option": "territorial"}})
    assert s["history"]["wars"][-1]["result"] == "normal"
    assert s["powers"]["fr"]["marker"] == 1 and not s["flags"]["italy_card_marker"]
    assert any(line[0] == "22.1.2" for line in s["log"])


def test_other_wars_leave_the_card_marker():
    """22.1.2 L1211: only Italian wars of unification (not AU's Incorporate wars, nor conquests)."""
    s = blank()
    s["flags"]["italy_card_marker"] = True
    clear_units(s, "venetia")
    declare(s, "fr", "au", "conquest", ["venetia"])
    to_impulse(s)
    s["occupied"]["venetia"] = "fr"
    auto(s, {"war-treaty": {"option": "territorial"}})
    assert s["history"]["wars"][-1]["result"] == "normal"
    assert s["flags"]["italy_card_marker"] is True and s["powers"]["fr"]["marker"] == 0


def test_losing_an_italian_war_leaves_the_card_marker():
    s = blank()
    s["flags"]["italy_card_marker"] = True
    italian_war(s)
    auto(s)
    assert s["history"]["wars"][-1]["winner"] != "fr"
    assert s["flags"]["italy_card_marker"] is True


# ----- negotiated peace on a named option (16.1.4) -----------------------------------------------------------


def test_negotiated_peace_on_a_named_option_binds():
    """16.1.4 L906: "If players agreed on a specific treaty option to end the fighting, that
    agreement is binding." GE demands the cession of its objective; AU accepts."""
    s, a, b = ge_vs_au()
    acts = game.actions(s, "ge")
    demand = {"propose": "demand", "option": {"option": "territorial"}}
    assert demand in acts
    answer(s, "ge", demand)
    assert asking(s) == "war-peace" and "territorial cession" in game.view(s, "au")["prompt"]
    answer(s, "au", "accept")
    auto(s, {"war-treaty": lambda acts: (_ for _ in ()).throw(AssertionError("no choice was to be asked"))})
    res = s["history"]["wars"][-1]
    assert res["result"] == "negotiated" and res["winner"] == "ge"
    assert s["control"]["bohemia"] == "ge"  # exactly the option agreed on
    assert any(line[0] == "16.1.4" and "binds" in line[1] for line in s["log"])


def test_negotiated_peace_conceding_a_named_option():
    """16.1.4 L906: GE concedes the realignment of its ally Saxony (16.2.2 L915)."""
    s = blank()
    s["allies"]["saxony"] = "ge"
    clear_units(s, "silesia")
    world.new_unit(s, "ge", "army", "silesia")
    declare(s, "ge", "au", "conquest", ["bohemia"])
    to_impulse(s)
    acts = game.actions(s, "ge")
    named = [x for x in acts if isinstance(x, dict) and x.get("propose") == "concede" and "option" in x]
    assert all(x["option"]["option"] != "territorial" for x in named)  # only an attacker gains by cession
    pick = {"propose": "concede", "option": {"option": "realignment", "minor": "saxony"}}
    assert pick in named
    answer(s, "ge", pick)
    answer(s, "au", "accept")
    auto(s, {"war-treaty": lambda acts: (_ for _ in ()).throw(AssertionError("no choice was to be asked"))})
    assert s["history"]["wars"][-1]["winner"] == "au"
    assert s["allies"]["saxony"] == "au"


# ----- Balance of Power's draws at the end of the war (9.0 L543) -------------------------------------------------


def test_end_of_war_draws_are_dealt():
    s, a, b = ge_vs_au()
    s["war"]["end_draws"] = [["uk", 1], ["fr", 2]]
    uk, fr = len(s["powers"]["uk"]["hand"]), len(s["powers"]["fr"]["hand"])
    auto(s)
    assert s.get("war") is None
    assert len(s["powers"]["uk"]["hand"]) == uk + 1 and len(s["powers"]["fr"]["hand"]) == fr + 2
    assert any("Balance of Power" in line[1] for line in s["log"])


def test_balance_of_power_draws_through_the_event():
    """9.0 L543 (Balance of Power, option A): "If you enter the war, draw a card at the end of the
    war" (E18: recorded by events.py in s["war"]["end_draws"], dealt by war.py, W30)."""
    s, a, b = ge_vs_au()
    s["powers"]["uk"]["hand"].append("balance-of-power")
    proc(s, "event", power="uk", card="balance-of-power", option="A", discard=False)
    for _ in range(10):
        if asking(s) == "war-impulse":
            break
        r = role(s)
        acts = game.actions(s, r)
        game.apply(s, r, "agree" if "agree" in acts else acts[0])
    assert "uk" in s["war"]["defenders"] and s["war"]["primary"]["defender"] == "uk"
    promised = [list(x) for x in s["war"]["end_draws"]]
    assert ["uk", 1] in promised
    hands = {q: len(s["powers"][q]["hand"]) for q, _ in promised}
    auto(s)
    assert s.get("war") is None
    for q, n in promised:
        assert len(s["powers"][q]["hand"]) == hands[q] + n  # the UK and the player it chose
    assert any("Balance of Power" in line[1] for line in s["log"])


# ----- step losses: the owner's choice (5.3, 5.5.3, 5.6.2; W10) ----------------------------------------------


def test_overstacked_owner_chooses_the_step():
    """5.5.3 L407: an overstacked stack loses one step at the start of its owner's impulse; the
    owner chooses which army (5.3 L388)."""
    s = blank()
    clear_units(s, "silesia")
    full = [world.new_unit(s, "ge", "army", "silesia") for _ in range(3)]
    red = world.new_unit(s, "ge", "army", "silesia", True)
    declare(s, "ge", "au", "conquest", ["bohemia"])
    until(s, "war-step-loss")
    assert role(s) == "ge"
    acts = game.actions(s, "ge")
    assert acts == [{"reduce": full[0]}, {"eliminate": red}]  # alike armies are one choice
    answer(s, "ge", {"eliminate": red})
    assert red not in s["units"] and all(not s["units"][x]["r"] for x in full)
    assert asking(s) == "war-impulse"  # no longer overstacked


def test_broken_loc_owner_chooses_else_automatic():
    """5.6.2 L422: a stack with a broken LoC loses a step at the start of its owner's impulse:
    the owner's choice between different armies; one kind of army, no question."""
    s = blank()
    assert not world.P().spaces["hungary"].ports  # no trace by sea
    for sid in ("silesia", "transylvania", "hungary"):
        clear_units(s, sid)
    world.new_unit(s, "ge", "army", "silesia")
    x = world.new_unit(s, "ge", "army", "transylvania")
    y = world.new_unit(s, "ge", "army", "transylvania", True)
    lone = world.new_unit(s, "ge", "army", "hungary")
    declare(s, "ge", "au", "conquest", ["bohemia"])
    seen = until(s, "war-step-loss")
    assert any(line[0] == "5.6.2" and "Transylvania" in line[1] for line in s["log"])
    assert game.actions(s, "ge") == [{"reduce": x}, {"eliminate": y}]
    answer(s, "ge", {"reduce": x})
    assert s["units"][x]["r"] and s["units"][y]["r"]
    assert asking(s) == "war-impulse"
    assert s["units"][lone]["r"] is True  # Hungary: one army, taken without a question
    assert seen.count("war-step-loss") == 0


@pytest.mark.parametrize("seed", range(10))
def test_random_two_target_wars_terminate(seed):
    """Random answers to wars declared with the two-target cards (real battles and responses):
    every state offers an action and the war ends."""
    s = blank(seed)
    rnd = random.Random(seed)
    att, cid, aim = rnd.choice([("ge", BISMARCK, "unification"), ("fr", AUX_ARMES, "conquest")])
    for m in rnd.sample(["hanover", "denmark", "saxony", "bavaria", "belgium", "netherlands"], 3):
        s["allies"][m] = rnd.choice(["au", "uk", "ru", "fr" if att == "ge" else "ge"])
    proc(s, "war", attacker=att, card=cid, cp=4, aim=aim, budget=True, forbid_joining=att == "ge")
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


def test_allies_sharing_an_occupied_space_leave_it_whose_it_was():
    """15.3 L874-875 (W35): "the last player to solely be in a space occupies it"; allies entering
    at once: the main attacker. Prussia alone in Paris occupies it (France loses a City of Light
    point, 33.3); Austria joining it, and either of them acting, leave it Prussia's (before, the
    occupier flipped to whoever acted, and every flip cost France another point); Austria left
    alone there occupies it, and Paris, occupied all along, costs no second point (33.3 L1552).
    Two allies entering an empty enemy space at once: the mover."""
    from test_ie_battle import add, empty
    from test_ie_battle import war as at_war

    s = empty()
    at_war(s, ["ge", "au"], ["fr"])
    s["flags"]["city_of_light"] = 3
    ge = add(s, "ge", "army", "paris")
    war.update_occupation(s, "ge")
    assert s["occupied"]["paris"] == "ge" and s["flags"]["city_of_light"] == 2
    add(s, "au", "army", "paris")
    for actor in ("au", None, "ge", "au"):
        war.update_occupation(s, actor)
        assert s["occupied"]["paris"] == "ge" and s["flags"]["city_of_light"] == 2
    world.remove_unit(s, ge[0])
    war.update_occupation(s, None)
    assert s["occupied"]["paris"] == "au"
    assert s["flags"]["city_of_light"] == 2  # 33.3 L1552: Paris was occupied already, not again
    add(s, "ge", "army", "burgundy")
    add(s, "au", "army", "burgundy")
    war.update_occupation(s, "au")
    assert s["occupied"]["burgundy"] == "au"
