"""Imperial Elegy: rules defects found by testers playing the game against the rulebook
(shared/rulebooks/000_a5b0d7cac330d384.txt, cited as 33.1.1 L1521). Each test names the rule
and line it holds the game to."""

from __future__ import annotations

import re

import pytest
from ie_support import answer, asking, blank, game, proc
from test_ie_battle import add, empty, war

from kriegsspiel.engine import call
from kriegsspiel.engine.flow import run
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import actions, conditions, end, world
from kriegsspiel.games.imperial_elegy import war as war_mod
from kriegsspiel.games.imperial_elegy.deck import deck


def settle(s, picks=None, limit=300):
    """Answer every question: ``picks`` {state: action}; else a harmless default (done, none,
    no, pass, fight), else the first legal action. Returns what was asked, as (state, role, actions)."""
    picks = picks or {}
    seen = []
    for _ in range(limit):
        if not s["stack"]:
            return seen
        top = s["stack"][-1]
        if "state" not in top:
            run(game.procedures, s)
            continue
        role = game.active(s)[0]
        st = top["state"]
        seen.append((st, role, list(game.actions(s, role))))
        acts = game.actions(s, role)
        a = picks.get(st)
        if a is None:
            a = next((d for d in ("done", "none", "no", "pass", "fight", "decline") if d in acts), acts[0])
        game.apply(s, role, a)
    raise AssertionError("the flow did not stop")


# ----- 4, 5: German unification (33.1.1 L1521-1523, 3.2.5.1 L203-204) -------------------------------------------


def almost_germany(s):
    """Prussia holds every German unification space but Bavaria's two (33.1.1 L1521)."""
    for sid in ("hanover", "hesse", "saxony", "schleswig-holstein"):
        s["control"][sid] = "ge"
    return s


def test_a_diplomacy_action_unifies_germany():
    """33.1.1 L1521-1522: "Germany unifies the instant GE controls all German spaces. For the
    purposes of German unification, alliance and diplomacy markers count as control." The last
    marker placed by a 12.5.3 diplomacy action unifies Germany then and there."""
    s = almost_germany(blank())
    proc(s, "spend", power="ge", card=None, cp=1)
    assert asking(s) == "spend"
    answer(s, "ge", {"do": "diplomacy", "minor": "bavaria"})
    assert s["flags"]["germany_unified"]
    assert s["control"]["bavaria"] == "ge" and s["control"]["wurttemberg"] == "ge"  # L1522
    assert "bavaria" in s["gone"]  # 33.1.1 L1523


def test_an_event_ally_marker_unifies_germany():
    """33.1.1 L1521: unification happens "the instant" the condition holds, whatever brought it
    about: here an event's ally marker (12.8 L679)."""
    s = almost_germany(blank())
    call(s, "event-effects", power="ge", effects=[{"verb": "ally", "power": "self", "minor": "bavaria"}])
    settle(s)
    assert s["flags"]["germany_unified"] and s["control"]["bavaria"] == "ge"


def test_imperial_germany_is_one_plus_one():
    """33.1 L1517: Imperial Germany is "+1 Manpower during the end phase. This is a one time
    bonus": unification and the End Phase's set-manpower step (20.5) give it once between them."""
    s = almost_germany(blank())
    s["allies"]["bavaria"] = "ge"
    assert world.check_german_unification(s)
    end.set_manpower(s, "ge")
    end.set_manpower(s, "ge")
    assert s["powers"]["ge"]["mp_bonus"]["territorial"] == 1


def test_unification_takes_schleswig_holstein_but_not_denmark():
    """33.1.1 L1522: "GE immediately takes control of all German unification spaces where they have
    alliance and diplomacy markers"; only German minors (Hanover, Saxony, Bavaria) cease to exist
    (3.2.5.1 L203, 33.1.1 L1523). Denmark keeps Denmark, its units and Prussia's marker."""
    s = blank()
    for m in ("hanover", "saxony", "bavaria"):
        s["allies"][m] = "ge"
    s["diplomacy"]["denmark"] = "ge"
    assert s["control"]["schleswig-holstein"] == "denmark"
    danes = [x for x, u in s["units"].items() if u["o"] == "denmark"]
    assert world.check_german_unification(s)
    assert s["control"]["schleswig-holstein"] == "ge"
    assert "schleswig-holstein" in s["flags"]["ge_homes"]
    assert s["control"]["denmark"] == "denmark" and "denmark" not in s["gone"]
    assert s["diplomacy"].get("denmark") == "ge"
    assert all(x in s["units"] for x in danes if s["units"].get(x, {}).get("at") != "schleswig-holstein")
    assert {"hanover", "saxony", "bavaria"} <= set(s["gone"])


# ----- 6: recruiting within the manpower marker (7.2 L475, 12.2 L631, 20.5 L1149-1151) ---------------------------


def army_offers(s, p):
    return [a for a in actions.recruit_options(s, p) if a.get("do") == "army"]


def test_recruiting_reads_the_manpower_marker_not_a_live_key_count():
    """7.2 L475: "a player's total on map standing armies can never be greater than the current
    position of their marker on the manpower track"; the marker moves in the End Phase (20.5
    L1149, France's example L1151). Keys gained this turn do not raise it yet, keys lost do not
    lower it yet; recruitment (12.2 L631) and Militarism (20.1) go by the marker."""
    s = blank()
    ge = s["powers"]["ge"]
    ge["manpower"] = {"territorial": world.army_count(s, "ge")}
    for sid in ("hanover", "saxony", "bavaria", "hesse", "wurttemberg"):
        s["control"][sid] = "ge"  # the live count would allow more armies
    assert sum(world.manpower_limit(s, "ge").values()) > world.army_count(s, "ge")
    assert army_offers(s, "ge") == []
    assert not [a for a in end.militarism_options(s, "ge") if isinstance(a, dict) and a.get("do") == "army"]
    # France's example (L1151): a key lost during the turn leaves the marker where it was
    s = blank()
    fr = s["powers"]["fr"]
    fr["manpower"] = {"territorial": world.army_count(s, "fr") + 1}
    s["control"]["alsace-lorraine"] = "ge"
    assert sum(world.manpower_limit(s, "fr").values()) <= world.army_count(s, "fr")
    assert army_offers(s, "fr")


# ----- 7: ending naval movement after a decisive win over interceptors (19.1 L1053, L1056) -------------------------


def test_done_ends_naval_movement_after_a_decisive_win_over_interceptors():
    """19.1 L1053: "The active player will be able to finish their naval movement after the
    interception attempt and subsequent battle"; L1056: units that win decisively "may continue
    moving" in European waters: may, so "done" ends the action."""
    s = empty()
    war(s, ["ru"], ["ge"])
    sq = add(s, "ru", "squadron", "st-petersburg", 2)
    ge = add(s, "ge", "squadron", "prussia")
    with scripted_dice(s):
        proc(s, "naval-move", power="ru", wartime=True)
        for uid in sq:
            answer(s, "ru", {"move": True, "unit": uid, "to": "baltic"})
    with scripted_dice(s, 6, 6, 1):  # GE intercepts; RU rolls 6, GE 1: a decisive Russian win
        answer(s, "ru", "done")
        assert asking(s) == "naval-intercept-ask"
        answer(s, "ge", "intercept")
        while asking(s) in ("naval-loss", "naval-retreat", "naval-after"):
            role = game.active(s)[0]
            acts = game.actions(s, role)
            answer(s, role, "done" if "done" in acts else acts[0])
        assert ge[0] not in s["units"] and s["last_naval_battle"]["decisive"]
        assert asking(s) == "naval-moving"  # it may go on in European waters...
        answer(s, "ru", "done")  # ...and may stop
        assert asking(s) != "naval-moving"
        assert not s["stack"] and s["naval_move"] is None


# ----- 8: Moltke's Railways (9.0 L541) -----------------------------------------------------------------------------


def test_moltkes_railways_deploys_reserves():
    """9.0 L541 "follow the instructions on the card": Moltke's Railways gives "a free deploy
    reserves action" (15.2.3 L855) at the start of a war: the reserves can be deployed."""
    s = blank()
    s["war"] = war_mod.new_war(s, {"attacker": "ge", "cp": 1})
    s["war"]["attackers"], s["war"]["defenders"] = ["ge"], ["au"]
    s["war"]["primary"] = {"attacker": "ge", "defender": "au"}
    assert s["powers"]["ge"]["reserves"]
    proc(s, "event", power="ge", card="moltkes-railways", option="A", discard=True)
    assert asking(s) == "war-deploy"
    acts = game.actions(s, "ge")
    assert {"to": "berlin"} in acts
    answer(s, "ge", {"to": "berlin"})
    settle(s)
    deployed = [u for u in s["units"].values() if u["o"] == "ge" and u["t"] == "reserve"]
    assert len(deployed) == 1 and deployed[0]["at"] == "berlin"
    assert s["powers"]["ge"]["reserves"] == []
    assert not s["war"]["deployed"]  # deployed before the impulses: free to move in them (15.2.3 L858)


# ----- 9: combat cards and their conditions (9.0 L541, 9.1.2 L559) ------------------------------------------------


def battle_offers(s, attacker, frm, at, picks=None):
    """Run a land battle; the combat cards offered, as {role: [card ids]} in the order asked.
    Both dice show 3 (the attacker's, then the defender's): the result is not looked at."""
    with scripted_dice(s, 3, 3):
        proc(s, "land-battle", attacker=attacker, frm=frm, space=at, amphibious=False)
        seen = settle(s, picks)
    out: dict = {}
    for st, role, acts in seen:
        if st == "event-response":
            out.setdefault(role, []).extend(a["play"] for a in acts if isinstance(a, dict))
    return out


def au_in_saxony(fort=False):
    """GE at war with AU; an Austrian army in Saxony (a German unification space, 3.2.6.1)."""
    s = empty()
    war(s, ["ge"], ["au"])
    s["control"]["saxony"] = "au"
    add(s, "ge", "army", "berlin")
    add(s, "au", "army", "saxony")
    if fort:
        s["forts"]["saxony"] = ["au", 1]
    return s


def test_needle_gun_tactics_only_in_germany():
    """The card: "+2 to your roll in a land battle in Germany" (9.0 L541): not in Bohemia."""
    s = au_in_saxony()
    s["powers"]["ge"]["hand"] = ["needle-gun-tactics"]
    assert battle_offers(s, "ge", "berlin", "saxony").get("ge") == ["needle-gun-tactics"]
    s = empty()
    war(s, ["ge"], ["au"])
    add(s, "ge", "army", "saxony")
    s["control"]["saxony"] = "ge"
    add(s, "au", "army", "bohemia")
    s["powers"]["ge"]["hand"] = ["needle-gun-tactics"]
    assert "ge" not in battle_offers(s, "ge", "saxony", "bohemia")


def test_trench_spades_only_for_a_defender_with_a_fort():
    """The card: "the defender in a land battle with a fort gets +1": never the attacker, never
    without a fort (9.1.2 L559: played by a player involved in the battle)."""
    s = au_in_saxony(fort=True)
    s["powers"]["ge"]["hand"] = ["trench-spades"]
    assert "ge" not in battle_offers(s, "ge", "berlin", "saxony")
    s = au_in_saxony(fort=True)
    s["powers"]["au"]["hand"] = ["trench-spades"]
    assert battle_offers(s, "ge", "berlin", "saxony").get("au") == ["trench-spades"]
    s = au_in_saxony(fort=False)
    s["powers"]["au"]["hand"] = ["trench-spades"]
    assert "au" not in battle_offers(s, "ge", "berlin", "saxony")


def test_siege_of_sevastopol_only_in_russian_or_ottoman_home_spaces():
    """The card: "play before a land battle in a Russian or Ottoman home space" (3.2.5 L200)."""
    s = au_in_saxony()
    s["powers"]["ge"]["hand"] = ["siege-of-sevastopol"]
    assert "ge" not in battle_offers(s, "ge", "berlin", "saxony")
    s = empty()
    war(s, ["au"], ["ru"])
    add(s, "au", "army", "galicia")
    add(s, "ru", "army", "poland")
    s["powers"]["au"]["hand"] = ["siege-of-sevastopol"]
    assert battle_offers(s, "au", "galicia", "poland").get("au") == ["siege-of-sevastopol"]


def test_cavalry_charge_only_in_clear_terrain():
    """The card: "before a land battle in clear terrain" (3.2.4 L191-194: connections are clear,
    difficult or severe): not across the difficult Silesia-Bohemia connection."""
    s = au_in_saxony()  # Berlin-Saxony is clear
    s["powers"]["ge"]["hand"] = ["cavalry-charge"]
    assert battle_offers(s, "ge", "berlin", "saxony").get("ge") == ["cavalry-charge"]
    s = empty()
    war(s, ["ge"], ["au"])
    add(s, "ge", "army", "silesia")
    add(s, "au", "army", "bohemia")
    assert world.P().adjacency["silesia"]["bohemia"] == "difficult"
    s["powers"]["ge"]["hand"] = ["cavalry-charge"]
    assert "ge" not in battle_offers(s, "ge", "silesia", "bohemia")


def test_forced_march_needs_an_army_adjacent_to_the_battle():
    """The card: "add one army adjacent to the battle as support even without LoC": with no army
    of the player adjacent to the battle there is nothing to march up."""
    s = au_in_saxony()
    s["powers"]["ge"]["hand"] = ["forced-march"]
    assert "ge" not in battle_offers(s, "ge", "berlin", "saxony")
    s = au_in_saxony()
    add(s, "ge", "army", "silesia")  # adjacent to Saxony, not in the battle
    s["powers"]["ge"]["hand"] = ["forced-march"]
    assert battle_offers(s, "ge", "berlin", "saxony", picks={"battle-support": "done"}).get("ge") == ["forced-march"]


# What a combat card's text says -> the condition its option must encode (9.0 L541: the card's
# instructions are followed), and the reverse: every encoded battle condition is in the text.
PHRASES = (
    (r"\bin germany\b", {"test": "battle-in", "region": "germany"}),
    (r"\brussian or ottoman home space\b", {"test": "battle-in", "powers": ["RU", "OT"]}),
    (r"\bclear terrain\b", {"test": "battle-terrain", "terrain": "clear"}),
    (r"\bwith a fort\b", {"test": "battle-fort"}),
    (r"\bthe defender\b", {"test": "battle-side", "side": "defender"}),
    (r"\bthe attacker\b", {"test": "battle-side", "side": "attacker"}),
    (r"\badjacent to the battle\b", {"test": "battle-adjacent"}),
)


def _encoded(o):
    return [t.model_dump(exclude_defaults=True) for t in o.requires]


COMBAT = [c for c in [*deck().cards.values(), *deck().home_cards.values()] if "combat" in c.flags]


@pytest.mark.parametrize("c", COMBAT, ids=lambda c: c.id)
def test_every_combat_cards_text_and_conditions_agree(c):
    """9.0 L541, 9.1.2 L559: a combat card is played as its text says, so every place, side,
    fort, terrain or other limit its text names is an encoded play requirement, and every
    encoded battle requirement is named by its text (DECK_RULINGS K17)."""
    for o in c.options:
        text = o.text.lower()
        got = _encoded(o)
        wanted = [cond for pat, cond in PHRASES if re.search(pat, text)]
        for cond in wanted:
            assert cond in got, f"{c.id} {o.label}: the text names {cond}, the card does not encode it"
        for t in got:
            if t["test"].startswith("battle-"):
                assert t in wanted, f"{c.id} {o.label}: {t} is encoded but its text does not say so"
        # any other limiting word in the text must be one the table above reads
        body = text.split(":", 1)[1] if ":" in text else text
        body = re.sub(r"\bbefore a land battle\b|\bin a land battle\b|\bplay\b", "", body)
        stray = [w for w in ("only", "unless", "if ", "when ") if w in body]
        assert not stray or wanted, f"{c.id} {o.label}: the text sets a limit ({stray}) no condition encodes"
    assert c.when in ("land-battle", "naval-battle", "pacification")


def test_the_deck_check_reads_the_encoded_conditions():
    """The whole-deck check above is not empty: the cards the testers named encode their limits."""
    by_id = {c.id: c for c in COMBAT}
    for cid in ("needle-gun-tactics", "trench-spades", "siege-of-sevastopol", "cavalry-charge", "forced-march"):
        assert by_id[cid].options[0].requires, cid


# ----- 10: unpacified spaces (12.11 L696-697) ---------------------------------------------------------------------


def test_unpacified_dagestan_does_not_count_for_the_caucasus():
    """12.11 L697: "the space must be pacified in order to count as a controlled space for all
    other purposes" than diplomacy: Dagestan under its pacification marker (L696) does not help
    Russia dominate the Caucasus (3.3 L240)."""
    s = blank()
    assert s["control"]["dagestan"] == "ru" and "dagestan" in s["pacification"]
    s["control"]["circassia"] = "ru"
    assert not world.dominates(s, "ru", "caucasus")
    del s["pacification"]["dagestan"]
    assert world.dominates(s, "ru", "caucasus")


def test_unpacified_algeria_does_not_fill_the_maghreb_goal():
    """12.11 L696-697: Algeria begins with a pacification marker; until it is pacified France does
    not control it for its national goals (2.4.2 L149)."""
    s = blank()
    for sid in ("tunisia", "morocco"):
        s["control"][sid] = "fr"
    goal = deck().goals["fr-the-maghreb"]
    assert "algeria" in s["pacification"]
    assert not conditions.check_all(s, goal.conditions, "fr")
    del s["pacification"]["algeria"]
    assert conditions.check_all(s, goal.conditions, "fr")


def test_unpacified_port_gives_no_power_projection():
    """12.11 L697 with 3.3.1 L248: a port under a pacification marker is not controlled for power
    projection."""
    s = blank()
    for _ in range(4):
        world.new_unit(s, "fr", "squadron", "provence")
    base = world.power_projection(s, "fr")
    s["control"]["tripoli"] = "fr"
    s["pacification"]["tripoli"] = 0
    assert world.power_projection(s, "fr") == base
    del s["pacification"]["tripoli"]
    assert world.power_projection(s, "fr") == base + 1


# ----- 11: combat cards, attacker first (18.1 L949) ---------------------------------------------------------------


def test_combat_cards_are_offered_to_the_attacker_first():
    """18.1 L949: "Play combat cards (attacker first)": Austria attacking Prussia is asked before
    Prussia, though Prussia comes first in turn order (4.3)."""
    s = empty()
    war(s, ["au"], ["ge"])
    add(s, "au", "army", "bohemia")
    add(s, "ge", "army", "saxony")
    s["control"]["saxony"] = "ge"
    s["powers"]["au"]["hand"] = ["aeroplanes"]
    s["powers"]["ge"]["hand"] = ["needle-gun-tactics"]
    with scripted_dice(s, 3, 3):  # the result is not looked at
        proc(s, "land-battle", attacker="au", frm="bohemia", space="saxony", amphibious=False)
        asked = [(st, role) for st, role, _ in settle(s) if st == "event-response"]
    assert asked == [("event-response", "au"), ("event-response", "ge")]


# ----- 12: India's card (21.1 L1175, 33.2.2 L1537) ---------------------------------------------------------------


def test_no_india_card_while_rebels_hold_india():
    """21.1 L1175: with the Sepoys in India "the UK player does not control India and does not get
    India's additional card until the Sepoys are eliminated" (33.2.2 L1537)."""
    s = blank()
    before = world.cards_due(s, "uk")
    world.new_unit(s, "rebel", "army", "india", n="indian")
    assert world.cards_due(s, "uk") == before - 1


# ----- 13: no squadron left in an enemy port without a battle (15.2.1 L852-854, 19.9 L1115; B10) -----------------


def test_a_squadron_does_not_stay_in_an_enemy_port_whose_fleet_sailed_out():
    """15.2.1 L850-854 and RULINGS_BATTLE B10: a naval unit enters an enemy port only to fight
    its naval units (or to occupy an enemy naval base). When the port's fleet sails out to
    intercept another stack (19.1 L1052), the unit that entered it does not stay there unopposed:
    it goes back to the box it entered through (19.9 L1115, B24)."""
    s = empty()
    s["allies"]["denmark"] = "ge"
    war(s, ["uk"], ["ge", "denmark"])
    s1, s2 = add(s, "uk", "squadron", "london", 2)
    dane = add(s, "denmark", "squadron", "denmark")
    with scripted_dice(s):
        proc(s, "naval-move", power="uk", wartime=True)
        answer(s, "uk", {"move": True, "unit": s2, "to": "north-atlantic"})
        answer(s, "uk", {"move": True, "unit": s1, "to": "denmark"})
    with scripted_dice(s, 6, 4, 3):  # the Danes intercept; the UK wins in the North Atlantic (not decisively)
        answer(s, "uk", "done")
        assert asking(s) == "naval-intercept-ask"
        answer(s, "ge", "intercept")
        settle(s)
    assert s["last_naval_battle"]["at"] == "north-atlantic"
    assert dane[0] not in s["units"] or s["units"][dane[0]]["at"] != "north-atlantic"
    assert s["units"][s1]["at"] == "north-atlantic"


def test_a_squadron_in_an_emptied_enemy_naval_base_occupies_it():
    """15.2.1 L852: "When a player's naval unit(s) enters an unoccupied enemy naval base they
    immediately occupy it": an enemy naval base whose fleet sailed out is occupied (B24)."""
    s = empty()
    war(s, ["uk"], ["ot"])
    base, box = "crete", "eastern-med"
    assert world.P().spaces[base].type == "naval-base" and s["control"][base] == "ot"
    s1, s2 = add(s, "uk", "squadron", "gibraltar", 2)
    ot = add(s, "ot", "squadron", base)
    with scripted_dice(s):
        proc(s, "naval-move", power="uk", wartime=True)
        acts = game.actions(s, "uk")
        assert {"move": True, "unit": s2, "to": box} in acts and {"move": True, "unit": s1, "to": base} in acts
        answer(s, "uk", {"move": True, "unit": s2, "to": box})
        answer(s, "uk", {"move": True, "unit": s1, "to": base})
    with scripted_dice(s, 6, 6, 1):  # the Ottomans intercept (6); in the Eastern Med the UK rolls 6, they 1
        answer(s, "uk", "done")
        assert asking(s) == "naval-intercept-ask"
        answer(s, "ot", "intercept")
    # both British squadrons were intercepted in the Eastern Med, on the way to Crete too (19.1 L1051);
    # the decisive win lets them sail on in European waters (19.1 L1056): into the emptied base
    assert ot[0] not in s["units"] or s["units"][ot[0]]["at"] != base
    assert s["units"][s1]["at"] == box and asking(s) == "naval-moving"
    answer(s, "uk", {"move": True, "unit": s1, "to": base})
    answer(s, "uk", "done")
    settle(s)
    assert s["units"][s1]["at"] == base and s["occupied"].get(base) == "uk"


# ----- 14: Tunisia and Tripoli for the Ottomans (33.6 L1575-1576) -------------------------------------------------


def ottoman_africa_linked(s):
    """Egypt (with Sinai and the Great Sand Sea, 3.4.4) back under the Ottomans: Tunisia and
    Tripoli are linked to Istanbul by land through Ottoman spaces."""
    for sid in ("egypt", "sinai", "great-sand-sea"):
        s["control"][sid] = "ot"
    return s


def test_tunisia_gives_the_ottomans_power_projection_when_linked_by_land():
    """33.6 L1575: "Tunisia and Tripoli neither count as keys nor for power projection unless OT
    can trace a LoC to the keys by land": linked, Tunisia's Western Mediterranean port counts."""
    s = blank()
    for _ in range(6):
        world.new_unit(s, "ot", "squadron", "istanbul")
    cut = world.power_projection(s, "ot")
    ottoman_africa_linked(s)
    assert "tunisia" in world.linked_to_capital(s, "ot")
    assert world.power_projection(s, "ot") > cut
    assert world.keys(s, "ot")["arab"] > 0


def test_arab_armies_in_tunisia_only_while_it_counts_as_a_key():
    """33.6 L1575-1576: Arab armies are built in Arab keys; Tunisia and Tripoli are keys only with
    a land LoC, so no Arab army is raised there while they are cut off."""
    s = blank()
    assert "tunisia" not in world.linked_to_capital(s, "ot")
    where = world.home_keys_for_armies(s, "ot", "arab")
    assert "tunisia" not in where and "tripoli" not in where
    ottoman_africa_linked(s)
    where = world.home_keys_for_armies(s, "ot", "arab")
    assert "tunisia" in where and "tripoli" in where


def test_the_1870_scenario_does_not_begin_as_a_unified_germany():
    """33.1.1 L1521: markers count as control, so a set-up with Prussia's markers on every German
    minor is a unified Germany; the 1870 scenario ("the Wars of Unification", Germany not yet
    unified) must leave one German space outside Prussia's reach (DATA_RULINGS D20)."""
    s = blank(scenario="1870")
    assert not s["flags"]["germany_unified"]
    assert not world.check_german_unification(s)
