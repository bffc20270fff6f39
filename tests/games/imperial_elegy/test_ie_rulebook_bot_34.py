"""The rulebook's own bots (§34, rulebook shared/rulebooks/000_a5b0d7cac330d384.txt L1581-1637):
a bot declares war only on a power with fewer than 4 more army steps than it, a minor allied to a
player counting as that player with its minor allies, among the targets its card's war offers
(34.4.1 L1617); it commits an elite corps when the differential lies within -2..+2 (34.4.7 L1633);
it never plays a GW combat card (34.5 L1637, 26.1 L1346), and a power played by the bot rules is
never made to play Impulsive Ruler (34.5 L1637, 9.1.5 L566)."""

from __future__ import annotations

import random

import pytest
from ie_support import answer, asking, blank, game, great_war, proc
from test_ie_battle import add, empty, war
from test_ie_rulebook_bot import Dice, at_impulse, decide, impulse

from kriegsspiel.games.imperial_elegy import bots, events, world
from kriegsspiel.games.imperial_elegy import bots_rulebook as rb

BISMARCK = "otto-von-bismarck"
WAR = {"card": BISMARCK, "as": "event", "option": "A"}
PEACE = {"card": BISMARCK, "as": "event", "option": "B"}


def steps(b, q):
    """A power's army steps with its minor allies', as the bot sees the board."""
    return bots._steps(b, bots._mine(b, q))


def prussia(free=()):
    """The 1850 set-up with Prussia (4 army steps) holding Otto von Bismarck as its home card:
    France given an army (8 steps), the German minors and Denmark but ``free`` allied to Austria,
    whose 6 steps they join."""
    s = blank()
    for m in ("bavaria", "denmark", "hanover", "saxony"):
        if m not in free:
            s["allies"][m] = "au"
    world.new_unit(s, "fr", "army", "paris")
    return at_impulse(s, "ge", [BISMARCK], home=BISMARCK)


def war_target_asked(s):
    """Prussia plays Bismarck's war (option A) as a player would, up to the choice of target."""
    answer(s, "ge", WAR)
    for _ in range(10):
        if asking(s) == "war-target":
            return [a["target"] for a in game.actions(s, "ge") if isinstance(a, dict)]
        answer(s, game.active(s)[0], game.actions(s, game.active(s)[0])[0])
    raise AssertionError("no war target asked")


# ----- 34.4.1 Bot Declarations of War (L1617) ----------------------------------------------------------------


def test_34_4_1_a_minor_allied_to_a_player_counts_as_that_player_with_its_minor_allies():
    """34.4.1 L1617: "≥4 more army steps than them (including minor power allies)": a minor with a
    player ally is met with that player's whole strength; a free minor with its own."""
    s = prussia(free=("hanover",))
    b = game.view(s, "ge")["board"]
    assert steps(b, "au") == 6 + 3 * 2  # Austria's armies and its three allied minors'
    for m in ("saxony", "bavaria", "denmark"):
        assert rb._strength(b, m) == rb._strength(b, "au") == 12
    assert rb._strength(b, "hanover") == steps(b, "hanover") == 2
    assert rb._strength(b, "fr") == 8 and rb._strength(b, "ge") == 4


def test_34_4_1_no_home_card_war_when_every_power_its_war_may_strike_is_four_steps_stronger():
    """34.4.1 L1617: Prussia (4 steps) may fight Bismarck's war of unification on France (8) or
    Austria and its German minors (12): all 4 or more steps stronger, so the war option is refused
    though Britain and Russia (6 steps, not targets of that war) are weaker; with the Home Card
    Revealed row "A, B" it plays the peaceful option B."""
    s = prussia()
    b = game.view(s, "ge")["board"]
    assert WAR in game.actions(s, "ge")  # the war is legal: only the bot rule forbids it
    assert steps(b, "uk") == steps(b, "ru") == 6  # weak enough, but no target of Bismarck's war
    bismarck = bots._card(BISMARCK)
    assert rb._war_targets(b, "ge", BISMARCK, "unification") == []
    assert not rb._home_event_ok(b, "ge", b["powers"]["ge"], bismarck, "A")
    for seed in range(4):
        assert decide(s, "ge", Dice(2, seed + 1, seed + 1)) == PEACE


def test_34_4_1_the_home_card_war_is_declared_when_its_war_may_strike_a_weaker_power():
    """34.4.1 L1617: with Hanover (2 steps) free of Austria, Bismarck's war has a target the bot
    may fight, and the Home Card Revealed row "A, B" plays the war."""
    s = prussia(free=("hanover",))
    b = game.view(s, "ge")["board"]
    assert rb._war_targets(b, "ge", BISMARCK, "unification") == ["hanover"]
    assert rb._home_event_ok(b, "ge", b["powers"]["ge"], bots._card(BISMARCK), "A")
    assert decide(s, "ge", Dice(2, 1, 1)) == WAR


def test_34_4_1_the_bot_attacks_an_offered_target_with_fewer_than_four_more_army_steps():
    """34.4.1 L1617: of France (8), Austria and its minors (12) and Hanover (2), the bot, 4 steps
    strong, names Hanover, whatever it rolls."""
    s = prussia(free=("hanover",))
    offered = war_target_asked(s)
    assert offered == ["fr", "au", "bavaria", "denmark", "hanover", "saxony"]
    for seed in range(12):
        assert decide(s, "ge", random.Random(seed)) == {"target": "hanover"}


def test_34_4_1_a_war_its_card_forces_with_no_target_in_reach_strikes_the_weakest_offered():
    """34.4.1 L1617: when the war is chosen and no offered power is within 4 steps, the bot names
    the weakest of them (France, 8 steps, not Austria's 12), never a stronger one."""
    s = prussia()
    offered = war_target_asked(s)
    assert "fr" in offered and "au" in offered
    for seed in range(12):
        assert decide(s, "ge", random.Random(seed)) == {"target": "fr"}


# ----- 34.4.7 Bot ECs (L1633) ----------------------------------------------------------------------------------


def elite_asked(ge_armies, au_armies, fort=None, au_ec=True):
    """Prussia attacks Bohemia from Silesia: ``ge_armies`` armies and an EC against ``au_armies``
    armies and an EC (the ECs cancel out); asked first whether it commits its EC (18.2.1)."""
    s = empty()
    war(s, ["ge"], ["au"])
    add(s, "ge", "army", "silesia", ge_armies)
    add(s, "ge", "ec", "silesia")
    add(s, "au", "army", "bohemia", au_armies)
    if au_ec:
        add(s, "au", "ec", "bohemia")
    if fort:
        s["forts"]["bohemia"] = ["au", fort]
    proc(s, "land-battle", attacker="ge", frm="silesia", space="bohemia", amphibious=False)
    assert asking(s) == "battle-elite" and game.active(s) == ["ge"]
    assert set(s["battle"]["roles"]) == {"a", "d"}  # the battle record's sides
    return s


def test_34_4_7_the_bot_commits_its_ec_when_the_differential_is_within_two_either_way():
    """34.4.7 L1633: "between -2 and +2": even (0), 2 steps ahead (+2) or behind (-2): the EC."""
    for ge_armies, au_armies in ((1, 1), (2, 1), (1, 2)):
        s = elite_asked(ge_armies, au_armies)
        choice = decide(s, "ge", random.Random(0))
        assert isinstance(choice, dict) and choice["elite"] is True
        assert s["units"][choice["unit"]]["t"] == "ec"


def test_34_4_7_the_bot_keeps_its_ec_when_the_differential_is_beyond_two():
    """34.4.7 L1633: 4 steps ahead (+4) or behind (-4): no EC."""
    for ge_armies, au_armies in ((3, 1), (1, 3)):
        s = elite_asked(ge_armies, au_armies)
        assert decide(s, "ge", random.Random(0)) == "none"


def test_34_4_7_the_bots_own_ec_is_not_an_army_step_of_the_differential():
    """34.4.7 L1633 (ruling P9: army steps, forts by level): an EC has no firepower of its own
    (5.1.3). One Prussian army and its EC against three Austrian armies is 4 steps behind: the bot
    counted its EC as a step and committed it; two against two it commits (0)."""
    assert decide(elite_asked(1, 3, au_ec=False), "ge", random.Random(0)) == "none"
    choice = decide(elite_asked(2, 2, au_ec=False), "ge", random.Random(0))
    assert isinstance(choice, dict) and choice["elite"] is True


def test_34_4_7_the_defending_bot_counts_its_fort_and_commits_its_ec_within_two():
    """34.4.7 L1633 (ruling P9: a fort counts its level): Austria defends one army against two,
    -2, and commits its EC; with a level 2 fort it stands at 0 and still does; Prussia, at +2 and
    at 0, does too; attacking an even force behind a level 3 fort, -3, it does not."""
    s = elite_asked(1, 1, fort=3)
    assert s["battle"]["fort"] == ["au", 3]
    assert decide(s, "ge", random.Random(0)) == "none"
    for fort in (None, 2):
        s = elite_asked(2, 1, fort=fort)
        first = decide(s, "ge", random.Random(0))
        assert isinstance(first, dict) and first["elite"] is True
        answer(s, "ge", first)
        assert asking(s) == "battle-elite" and game.active(s) == ["au"]
        choice = decide(s, "au", random.Random(0))
        assert isinstance(choice, dict) and s["units"][choice["unit"]]["o"] == "au"


def test_34_4_7_the_defending_bot_keeps_its_ec_four_steps_behind():
    """34.4.7 L1633: Austria with one army against three, -4: no EC."""
    s = elite_asked(3, 1)
    answer(s, "ge", "none")
    assert asking(s) == "battle-elite" and game.active(s) == ["au"]
    assert decide(s, "au", random.Random(0)) == "none"


# ----- 34.5 Bot Response and Combat Cards (L1637) -------------------------------------------------------------


def test_34_5_a_bot_never_plays_a_gw_combat_card():
    """34.5 L1637: "never play ... combat cards for their events"; 26.1 L1346: a GW combat card is
    played for its event. Austria, holding one in hand and one face up, is asked in a GW battle:
    the bot answers none, whatever it rolls."""
    s = great_war(seed=1)
    s["stack"].clear()
    s["powers"]["au"]["gw_hand"] = ["technological-terror"]
    s["gw"]["combat"]["stormtroop-tactics"] = {"holder": "au", "up": True}
    proc(s, "gw-combat-cards", roles=["au"])
    assert asking(s) == "gw-combat-card" and game.active(s) == ["au"]
    acts = game.actions(s, "au")
    assert {"combat": "technological-terror"} in acts and {"combat": "stormtroop-tactics"} in acts
    view = game.view(s, "au")
    for seed in range(8):
        assert rb.rulebook(view, acts, random.Random(seed)) == "none"


def impulsive_ruler(level):
    """Russia declares war on the Ottomans; Austria, bordering both, holds Impulsive Ruler and
    plays by the bot rules at ``level`` ("no": a player's rules)."""
    s = blank()
    s["options"]["au_bot"] = level
    for q in rb.PLAYERS:  # the only copy in play: Austria's
        s["powers"][q]["hand"] = [c for c in s["powers"][q]["hand"] if c != "impulsive-ruler"]
    s["powers"]["au"]["hand"] = ["impulsive-ruler"]
    assert events.borders(s, "au", "ru") and events.borders(s, "au", "ot")
    return s


def test_34_5_a_power_played_by_the_bot_rules_is_never_made_to_play_impulsive_ruler():
    """34.5 L1637: "bots will never play the Impulsive Ruler card for its event", though 9.1.5 L566
    forces it on a player: a bot keeps it, the WTT unmoved; a player must play it."""
    f = {"trigger": "war-declared", "attacker": "ru", "defender": "ot"}
    for level in ("easy", "normal", "hard"):
        s = impulsive_ruler(level)
        assert world.bot_level(s, "au") == level
        assert not events.mandatory_response_due(s, f, "au", "impulsive-ruler")
        proc(s, "responses", trigger="war-declared", powers=list(rb.PLAYERS), attacker="ru", defender="ot")
        assert s["wtt"] == 0 and s["powers"]["au"]["hand"] == ["impulsive-ruler"]
        assert not s["last_responses"]["played"]
    s = impulsive_ruler("no")
    assert world.bot_level(s, "au") is None
    assert events.mandatory_response_due(s, f, "au", "impulsive-ruler")
    proc(s, "responses", trigger="war-declared", powers=list(rb.PLAYERS), attacker="ru", defender="ot")
    assert s["wtt"] == 1 and "impulsive-ruler" not in s["powers"]["au"]["hand"]
    assert s["last_responses"]["played"] == [["au", "impulsive-ruler"]]


# ----- 34.3.4 Bot Box (L1611) ----------------------------------------------------------------------------------

SEPOY = "sepoy-mutiny"
PARTNERED = {"fr": "entente-aligned", "uk": "entente-committed"}  # FR and UK in the Entente
APART = {"fr": "alliance-aligned", "uk": "entente-committed"}  # FR in the other alliance


def sepoy_revealed(boxes):
    """France (Sepoy Mutiny's bot box: GE FR AU RU OT) reveals Sepoy Mutiny: 2 rebel armies and a
    WoI in India, India flipped Unstable, the UK -1 stability; France and Britain in ``boxes``."""
    s = blank()
    for q, box in boxes.items():
        s["powers"][q]["alliance"] = box
    at_impulse(s, "fr", [SEPOY])
    assert "FR" in bots._card(SEPOY).bot
    assert {"card": SEPOY, "as": "event", "option": "A"} in game.actions(s, "fr")
    return s


@pytest.mark.parametrize(
    ("me", "partner", "cid"), [("fr", "uk", SEPOY), ("fr", "ru", "polish-uprising"), ("ru", "ot", "bulgarian-horrors")]
)
def test_34_3_4_a_bot_box_event_that_hurts_an_alliance_partner_is_not_harmless(me, partner, cid):
    """34.3.4 L1611: "bots will never play a card that (1) hurts the bot or (2) hurts one of the
    bot's allies" (ruling P4): Sepoy Mutiny (the UK -1 stability, India Unstable), Polish Uprising
    (Russia -1) and Bulgarian Horrors (the Ottomans -1), each in the bot's box, are refused when
    the power they hurt is the bot's alliance partner, and allowed when it stands in the other
    alliance."""
    card = bots._card(cid)
    assert me.upper() in card.bot and [o.label for o in card.options] == ["A"]
    for box, harmless in (("entente-committed", False), ("alliance-aligned", True)):
        s = blank()
        s["powers"][me]["alliance"] = "entente-aligned"
        s["powers"][partner]["alliance"] = box
        b = game.view(s, me)["board"]
        assert (partner in rb._alliance_partners(b, me)) is not harmless
        assert rb._harmless(b, me, b["powers"][me], card, "A") is harmless, box


def test_34_3_4_a_french_bot_allied_with_britain_never_plays_sepoy_mutiny_for_its_event():
    """34.3.4 L1611 clause 2: France, in the Entente with Britain, reveals Sepoy Mutiny: it is not
    played for its event, whatever the bot rolls (a 3 CP card: into industrialization, 34.3)."""
    s = sepoy_revealed(PARTNERED)
    for seed in range(8):
        choice = decide(s, "fr", random.Random(seed))
        assert choice["card"] == SEPOY and choice["as"] != "event", seed
    uk = s["powers"]["uk"]["stability"]
    answer(s, "fr", decide(s, "fr", random.Random(0)))
    assert s["powers"]["uk"]["stability"] == uk


def test_34_3_4_a_french_bot_not_allied_with_britain_plays_sepoy_mutiny_for_its_event():
    """34.3.4 L1611: France in the other alliance (or neutral) is not Britain's partner: the bot box
    plays Sepoy Mutiny for its event, and Britain loses 1 stability."""
    for boxes in (APART, {"fr": "neutral", "uk": "entente-committed"}):
        s = sepoy_revealed(boxes)
        for seed in range(8):
            assert decide(s, "fr", random.Random(seed)) == {"card": SEPOY, "as": "event", "option": "A"}
        uk = s["powers"]["uk"]["stability"]
        answer(s, "fr", decide(s, "fr", random.Random(0)))
        assert s["powers"]["uk"]["stability"] == uk - 1


# ----- 34.3.1 Bot Build Placement (L1605) and 5.5.4 port stacking (L411) ---------------------------------------


def fleet_spending():
    """The 1850 set-up: Britain (squadrons: 2 in London, none in Northern England or Scotland)
    spends 6 CP; it builds a full squadron in Northern England, and is asked again."""
    s = blank()
    s["impulse"] = impulse("uk")
    proc(s, "spend", power="uk", card=None, cp=6)
    ships = [u["at"] for u in s["units"].values() if u["o"] == "uk" and u["t"] in ("squadron", "dreadnought")]
    assert ships.count("london") == 2 and "northern-england" not in ships and "scotland" not in ships
    first = {"do": "fleet", "unit": "squadron", "space": "northern-england", "full": True}
    assert first in game.actions(s, "uk")
    answer(s, "uk", first)
    assert asking(s) == "spend" and game.active(s) == ["uk"]
    assert s["impulse"]["spent"][-1] == first
    return s


def test_34_3_1_the_bot_places_its_next_naval_unit_in_the_port_it_just_built_in():
    """34.3.1 L1605: "Bot naval units will be placed in a random port they control until that port
    has reached its stacking limit" (4, 5.5.4 L411): Britain's next fleet build this impulse goes
    to Northern England (1 of 4), though London and Scotland are offered too, whatever it rolls."""
    s = fleet_spending()
    builds = [a for a in game.actions(s, "uk") if isinstance(a, dict) and a.get("do") == "fleet" and a.get("full")]
    assert {a["space"] for a in builds} == {"london", "northern-england", "scotland"}
    for seed in range(16):
        assert decide(s, "uk", random.Random(seed)) == {
            "do": "fleet",
            "unit": "squadron",
            "space": "northern-england",
            "full": True,
        }, seed


@pytest.mark.parametrize(("me", "partner", "others"), [("au", None, False), ("au", None, True), ("au", "ru", False)])
def test_34_3_4_a_bot_never_plays_an_event_that_can_only_flip_its_own_or_a_partners_ally_marker(me, partner, others):
    """34.3.4 L1611 (ruling P4): Congress of Berlin in Austria's bot box ("the resolver removes 1
    ally marker in the Balkans"). With Serbia, Austria's (or its partner Russia's) ally, the only
    marker in the Balkans, the game took it without asking and the bot had broken its own
    alliance; with a marker of a power outside its alliance there too, the bot flips that one."""
    cid = "congress-of-berlin"
    card = bots._card(cid)
    assert "AU" in card.bot
    s = blank()
    s["allies"].clear()
    s["allies"]["serbia"] = partner or me
    if partner:
        s["powers"][me]["alliance"] = s["powers"][partner]["alliance"] = "entente-aligned"
    if others:
        s["allies"]["romania"] = "ot"
    b = game.view(s, me)["board"]
    assert events.flippable_allies(b, None, None, "balkans") == (["romania", "serbia"] if others else ["serbia"])
    assert rb._harmless(b, me, b["powers"][me], card, "A") is others


@pytest.mark.parametrize("box", ["alliance-aligned", "entente-aligned"])
def test_34_3_4_a_russian_bot_allied_with_the_ottomans_never_plays_the_armenian_question(box):
    """34.3.4 L1611 clause 2 (ruling P4): Armenian Question (Russia's bot box) puts a pacification
    marker "in an Ottoman space of the Caucasus" (12.11 L696: the space's key lost until it is
    pacified). Russia in the Ottomans' alliance played it; in the other alliance it still does."""
    cid = "armenian-question"
    s = blank()
    s["powers"]["ru"]["alliance"] = "alliance-aligned"
    s["powers"]["ot"]["alliance"] = box
    at_impulse(s, "ru", [cid])
    partners = box == "alliance-aligned"
    before = dict(s["pacification"])
    for seed in range(6):
        choice = decide(s, "ru", random.Random(seed))
        assert (choice == {"card": cid, "as": "event", "option": "A"}) is not partners, seed
    answer(s, "ru", decide(s, "ru", random.Random(0)))
    for _ in range(5):
        if asking(s) != "event-choose":
            break
        r = game.active(s)[0]
        answer(s, r, decide(s, r, random.Random(0)))
    assert (s["pacification"] == before) is partners


def test_34_4_8_a_bot_never_gives_a_home_space_back_to_another_player():
    """34.4.8 L1635: "Bots will never give land ... to other players". Austria's bot, after a
    defensive victory over Prussia, which holds France's Champagne, chose Righteous Defense's
    return (16.2.4 L924) in every seed: Champagne went to France, which fought on no side."""
    from test_ie_war import auto
    from test_ie_war_13_17 import prussia_holding_champagne_attacks_austria

    s = prussia_holding_champagne_attacks_austria()
    s["occupied"]["champagne"] = "au"
    while asking(s) == "war-impulse":  # both sides pass: Austria's defensive victory (16.1.3)
        q = game.active(s)[0]
        s["war"]["budget"][q] = min(2, s["war"]["budget"][q])
        answer(s, q, "pass")
    auto(s, {"war-treaty": lambda a: None, "war-shift": {"box": "entente-aligned"}})
    assert asking(s) == "war-treaty" and game.active(s) == ["au"]
    legal = game.actions(s, "au")
    assert legal == [{"option": "righteous", "return": "champagne"}, "done"]
    view = game.view(s, "au")
    for seed in range(12):
        assert rb.rulebook(view, legal, random.Random(seed)) != {"option": "righteous", "return": "champagne"}, seed
    answer(s, "au", rb.rulebook(view, legal, random.Random(0)))
    auto(s, {"war-shift": {"box": "entente-aligned"}})
    assert s["control"]["champagne"] == "ge"


def test_34_4_5_a_free_redeployment_in_the_great_war_never_enters_a_space_the_enemy_holds():
    """34.4.5 L1625: the free redeployment is taken "as if it were taken during peacetime", through
    the bot's own spaces; in war never into the enemy (15.2.4 L862, W39). A German army occupying
    Russian-controlled Lithuania: Russia's bot was offered to redeploy armies into it, and did,
    the two armies sharing the space without a battle."""
    s = great_war(1)
    s["options"]["ru_bot"] = "hard"
    target = "lithuania"
    assert s["control"][target] == "ru" and not world.units_at(s, target)
    world.new_unit(s, "ge", "army", target)
    s["occupied"][target] = "ge"
    s["stack"].clear()
    proc(s, "redeploy", power="ru", armies=world.bot_redeploys(s, "ru"))
    moves = [a for a in game.actions(s, "ru") if isinstance(a, dict)]
    assert moves and not [a for a in moves if a["to"] == target]
    s["occupied"].pop(target)  # no longer occupied, the German army still there: no way in either
    assert not [a for a in game.actions(s, "ru") if isinstance(a, dict) and a["to"] == target]


def test_34_3_1_an_events_free_army_goes_to_the_empty_capital_as_a_bought_one_does():
    """34.3.1 L1605: "When bots build land units they place them in their capital if their capital
    does not contain a land unit". Radetzky March's option B builds Austria an army free: the bot
    put it in Vienna in 4 seeds of 30, elsewhere at random in the rest."""
    from kriegsspiel.games.imperial_elegy.data import pack

    s = blank(au_bot="normal")
    capital = pack().powers["au"].capital
    s["powers"]["au"]["manpower"]["territorial"] += 4  # room under the manpower limit (12.2)
    for uid in world.units_at(s, capital):
        if s["units"][uid]["o"] == "au":
            s["units"][uid]["at"] = "bohemia"
    s["impulse"] = impulse("au")
    proc(s, "event", power="au", card="radetzky-march", option="B")
    assert asking(s) == "event-choose"
    legal = game.actions(s, "au")
    assert len([a for a in legal if isinstance(a, dict) and "space" in a]) > 1
    view = game.view(s, "au")
    assert {rb.rulebook(view, legal, random.Random(seed))["space"] for seed in range(12)} == {capital}


def test_34_4_3_a_bot_never_pays_its_war_budget_with_its_home_card():
    """34.4.3 L1621: "Bots will always play their top card, unless it's their home card, for their
    war budget ... If a mandatory event is drawn, draw another card" (P16). Austria, attacked with
    Franz Joseph and the mandatory Bread Riots in hand, paid with Franz Joseph; it pays with none."""
    from test_ie_war import declare

    s = blank(au_bot="normal")
    s["powers"]["au"]["hand"] = ["franz-joseph", "bread-riots"]
    s["powers"]["au"]["home"] = "franz-joseph"
    declare(s, "ge", "au", "conquest", ["galicia"], cp=3)
    for _ in range(20):
        if asking(s) == "war-card" and game.active(s) == ["au"]:
            break
        q = game.active(s)[0]
        legal = game.actions(s, q)
        answer(s, q, "done" if "done" in legal else legal[0])
    legal = game.actions(s, "au")
    assert {"card": "franz-joseph"} in legal and "none" in legal
    assert {decide(s, "au", random.Random(seed)) for seed in range(6)} == {"none"}


def test_34_4_6_a_neutral_prussian_bot_at_war_takes_its_free_deploy_first():
    """34.4.6 L1631 (P13): a bot in the neutral box fights by its Wartime Action Priorities;
    Superior Staff Work's free deploy (33.1 L1515) costs no CP, and Prussia's list (battle, rail,
    deploy...) never named it: the bot railed and let it go."""
    from test_ie_war import declare, to_impulse

    s = blank(ge_bot="normal")
    assert s["powers"]["ge"]["alliance"] == "neutral"
    declare(s, "ge", "denmark", "conquest", ["schleswig-holstein"], cp=3)
    to_impulse(s)
    for _ in range(10):
        if asking(s) == "war-impulse" and game.active(s) == ["ge"]:
            break
        answer(s, game.active(s)[0], "pass")
    legal = game.actions(s, "ge")
    assert "deploy-free" in legal and "rail" in legal
    assert decide(s, "ge", random.Random(0)) == "deploy-free"


def mpit_spending(box, *rolls):
    """Prussia spends a 4 CP card, its priority 2 roll a 6 (the MPIT), in ``box``: where its CP go."""
    s = blank(ge_bot="normal")
    s["powers"]["ge"]["alliance"] = box
    s["impulse"] = impulse("ge")
    proc(s, "spend", power="ge", cp=4)
    dice = Dice(6, *rolls)
    spent = []
    while asking(s) == "spend":
        a = decide(s, "ge", dice)
        if a == "done":
            break
        spent.append((a["power"], a["track"]))
        answer(s, "ge", a)
    return spent


def test_34_3_a_neutral_bot_may_split_its_cp_on_the_mpit_and_another_spends_them_on_one_power():
    """34.3 L1602-1603: "Bots will always spend all their CP to influence a single power. Exception:
    Neutral bots may split their CP" (P7: the neutral bot rolls the BMPIT for each CP). Prussia's
    BMPIT: 1 itself (alliance), 3 Austria (alliance), 4 Russia (neutral), 6 Britain (neutral)."""
    assert mpit_spending("neutral", 1, 4, 6, 3) == [
        ("ge", "alliance"),
        ("ru", "neutral"),
        ("uk", "neutral"),
        ("au", "alliance"),
    ]
    assert mpit_spending("alliance-aligned", 4) == [("ru", "neutral")] * 4
