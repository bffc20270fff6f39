"""The turn's first phases and the peacetime actions (rulebook 000: §3.3, §7, §10-§12)."""

from __future__ import annotations

import json

import pytest
from ie_support import answer, asking, blank, game, hand_card, proc, start, until_impulse

from kriegsspiel.engine import IllegalAction
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import actions, world


def test_the_uk_starts_with_eight_power_projection():
    # 3.3.1 L256: "At the start of the campaign game the UK player has 8 power projection."
    s = blank()
    assert world.power_projection(s, "uk") == 8
    assert "uk" in world.dominators(s, "power-projection")


def test_power_projection_is_capped_by_twice_the_naval_units():
    # 3.3.1 L252: no more than twice the naval units
    s = blank()
    for uid in [u for u, x in s["units"].items() if x["o"] == "uk" and x["t"] == "squadron"][1:]:
        world.remove_unit(s, uid)
    assert world.power_projection(s, "uk") == 2


# The deal (10.2 L583: industry, flashpoints, card markers, stability, India; never fewer than 3) by the
# player display of DATA_RULINGS D13: 3 + industry / 2 rounded up (4.1.1 L293) + flashpoint bonuses
# (halves summed, then rounded up) + markers, +1 at stability 6 and -1 at 1-0. The figures below are
# worked out by hand from those rules, never by the function that deals.


def test_the_1850_deal_power_by_power():
    """The 1850 set-up (industry GE 2, UK 4, FR 2, AU 1, RU 0, OT 0; stability 4, 5, 4, 3, 4, 2; no
    markers): GE 3 + 1 = 4; UK 3 + 2 + 1 for India stable (33.2.2 L1537) = 6; FR 4; AU 3 + 1/2
    rounded up = 4; RU 3 + 0 = 3; OT 3 + 0 + 1 for dominating the Balkans (3.3) = 4. Each hand is dealt
    that many cards before the prep discard."""
    s = start(seed=3)
    dealt = {"ge": 4, "uk": 6, "fr": 4, "au": 4, "ru": 3, "ot": 4}
    assert {p: s["powers"][p]["industry"] for p in world.PLAYERS} == {"ge": 2, "uk": 4, "fr": 2, "au": 1, "ru": 0,
                                                                      "ot": 0}  # fmt: skip
    assert {p: world.cards_due(s, p) for p in world.PLAYERS} == dealt
    assert {p: len(s["powers"][p]["hand"]) for p in world.PLAYERS} == dealt
    assert [line[1] for line in s["log"] if line[0] == "10.2"] == [
        "Prussia is dealt 4 cards.", "Britain is dealt 6 cards.", "France is dealt 4 cards.",
        "Austria is dealt 4 cards.", "Russia is dealt 3 cards.", "Ottoman Empire is dealt 4 cards."]  # fmt: skip


def test_half_the_industry_is_rounded_up():
    """4.1.1 L293 on 10.2: GE (no other modifier at stability 4) is dealt 3 + industry / 2 rounded up."""
    s = blank()
    for industry, cards in ((0, 3), (1, 4), (2, 4), (3, 5), (4, 5), (5, 6)):
        s["powers"]["ge"]["industry"] = industry
        assert world.cards_due(s, "ge") == cards, industry


def test_flashpoint_halves_are_summed_then_rounded_up(monkeypatch):
    """4.1.1 L293 on 10.2: the UK (6 in 1850) dominating the Low Countries (+1/2) takes 7; the Low
    Countries and the Great Game (+1/2 each) make one card, 7, not two."""
    s = blank()
    doms = {"power-projection": ["uk", "ot"], "balkans": ["ot"]}
    monkeypatch.setattr(world, "dominators", lambda s, fid: doms.get(fid, []))
    assert world.cards_due(s, "uk") == 6
    doms["low-countries"] = ["uk"]
    assert world.cards_due(s, "uk") == 7
    doms["great-game"] = ["uk"]
    assert world.cards_due(s, "uk") == 7
    doms["far-east"] = ["uk"]  # a whole card more
    assert world.cards_due(s, "uk") == 8


def test_cards_dealt_follow_the_display_and_are_at_least_three():
    s = blank()
    st = s["powers"]["ru"]
    st["industry"], st["marker"] = 0, -3
    assert world.cards_due(s, "ru") == 3  # 10.2 L583: never fewer than three (3 + 0 - 3 = 0)
    st["marker"] = 1
    assert world.cards_due(s, "ru") == 4  # a +1 card marker
    st["marker"] = 0
    st["stability"] = 5
    assert world.cards_due(s, "ru") == 4  # Tsarist Repression (33.5 L1573): +1 card at stability 5
    st["stability"] = 6
    assert world.cards_due(s, "ru") == 4  # +1 at 6 (D13), not cumulative with Tsarist Repression
    st["stability"] = 4
    assert world.cards_due(s, "ru") == 3
    ge = s["powers"]["ge"]
    ge["stability"] = 1
    assert world.cards_due(s, "ge") == 3  # GE 4, -1 at stability 1 (D13)
    ge["stability"], ge["industry"] = 0, 4
    assert world.cards_due(s, "ge") == 4  # 3 + 2 - 1


def test_each_power_is_dealt_its_cards_and_the_hands_are_secret():
    s = start(seed=2)
    for p in world.PLAYERS:
        assert len(s["powers"][p]["hand"]) >= 3
    fr_view = game.view(s, "fr")
    ge_hand = s["powers"]["ge"]["hand"]
    assert "hand" not in fr_view["board"]["powers"]["ge"]
    assert fr_view["board"]["powers"]["ge"]["hand_size"] == len(ge_hand)
    assert game.view(s, "ge")["board"]["powers"]["ge"]["hand"] == ge_hand
    assert isinstance(fr_view["board"]["deck"], int)  # the deck's order is nobody's


def test_prep_discard_gains_stability_and_never_takes_a_mandatory_card():
    s = start(seed=4)
    assert asking(s) == "prep-discard"
    p = game.active(s)[0]
    st = s["powers"][p]
    before, hand = st["stability"], list(st["hand"])
    answer(s, p, {"discard": "stability"})
    assert st["stability"] == min(6, before + 1)
    gone = [c for c in hand if c not in st["hand"]]
    assert len(gone) == 1 and "mandatory" not in world.card(gone[0]).flags
    assert gone[0] in s["discard"]


def test_10_4_a_power_is_asked_the_prep_discard_whatever_its_hand_holds():
    """10.4: a power below stability 6 may discard a random card that is no mandatory event. Only
    powers holding such a card were asked, so every other power saw who holds only mandatory
    events. Britain's hand swapped for as many mandatory events: Russia's view is the same, and
    Britain is asked all the same, with "keep" alone."""
    from kriegsspiel.games.imperial_elegy.deck import deck

    s = game.new(seed=5)
    assert asking(s) == "prep-discard"
    actor = game.active(s)[0]
    nxt = "uk"
    t = game.clone(s)
    used = set(t["deck"]) | set(t["discard"]) | {c for q in t["powers"].values() for c in q["hand"]}
    mandatory = [
        c for c in deck().cards if "mandatory" in world.card(c).flags and "response" not in world.card(c).flags
    ]
    t["powers"][nxt]["hand"] = [c for c in mandatory if c not in used][: len(t["powers"][nxt]["hand"])]
    assert game.view(s, "ru") == game.view(t, "ru")
    s = game.apply(s, actor, "keep")
    t = game.apply(t, actor, "keep")
    assert game.view(s, "ru")["active"] == game.view(t, "ru")["active"] == [nxt]
    assert game.actions(t, nxt) == ["keep"] and len(game.actions(s, nxt)) > 1


def test_9_0_a_mandatory_event_with_the_remove_symbol_leaves_the_game_when_played():
    """9.0 L542: "Events marked with the remove symbol are removed from the game when played for
    their event"; 9.1.4: a mandatory event is always played for its event (and its CP). Long
    Depression played as a mandatory event went to the discard pile, to be shuffled back (10.1) and
    fire again; Machine Guns, permanent, too. A card of neither kind played for CP is discarded."""
    s = until_impulse(start(seed=0), "ge")
    assert asking(s) == "impulse"
    c = "long-depression"
    assert {"mandatory", "remove"} <= set(world.card(c).flags)
    hand_card(s, "ge", c)
    play = next(a for a in game.actions(s, "ge") if isinstance(a, dict) and a.get("card") == c)
    assert play["as"] == "mandatory"
    answer(s, "ge", play)
    for _ in range(100):
        if asking(s) == "impulse":
            break
        r = game.active(s)[0]
        acts = game.actions(s, r)
        answer(s, r, next((x for x in ("done", "pass", "keep") if x in acts), acts[0]))
    assert c in s["removed"] and c not in s["discard"]
    t = blank()
    world.finish_card(t, "fr", "machine-guns")
    assert "machine-guns" in t["permanent"] and "machine-guns" not in t["discard"]
    plain = next(x for x in t["powers"]["fr"]["hand"] if not {"mandatory", "permanent"} & set(world.card(x).flags))
    world.finish_card(t, "fr", plain)
    assert plain in t["discard"]


def _to_homes(s):
    while asking(s) in ("prep-discard", "gift"):
        answer(s, game.active(s)[0], "keep" if asking(s) == "prep-discard" else "done")
    return s


def test_home_cards_are_chosen_in_secret():
    s = _to_homes(start(seed=5))
    assert asking(s) == "home"
    ge_choice = game.actions(s, "ge")[0]
    answer(s, "ge", ge_choice)
    assert s["powers"]["ge"]["home"] is None  # not revealed until all have chosen
    for p in ("uk", "fr", "au", "ru", "ot"):
        answer(s, p, game.actions(s, p)[0])
    assert s["powers"]["ge"]["home"] == ge_choice["home"]
    assert ge_choice["home"] in s["powers"]["ge"]["hand"]
    assert "home" not in game.view(s, "uk")["board"]["powers"]["ge"]


def test_balance_of_power_is_not_chosen_before_the_1870s():
    # DECK_RULINGS K7: the card's "1870s" indicator (9.0 L543)
    s = _to_homes(start(seed=5))
    assert {"home": "balance-of-power"} not in game.actions(s, "uk")


def test_a_card_gift_needs_the_other_players_confirmation():
    s = start(seed=6)
    while asking(s) == "prep-discard":
        answer(s, game.active(s)[0], "keep")
    assert asking(s) == "gift" and game.active(s) == ["ge"]
    n_ge, n_uk = len(s["powers"]["ge"]["hand"]), len(s["powers"]["uk"]["hand"])
    answer(s, "ge", {"give": "uk"})
    assert asking(s) == "accept-gift" and game.active(s) == ["uk"]
    answer(s, "uk", "refuse")
    assert len(s["powers"]["uk"]["hand"]) == n_uk
    answer(s, "ge", {"give": "uk"})
    answer(s, "uk", "confirm")
    assert (len(s["powers"]["ge"]["hand"]), len(s["powers"]["uk"]["hand"])) == (n_ge - 1, n_uk + 1)
    # R3: two announcements at most
    assert game.actions(s, "ge") == ["done"]


def _key(a):
    return json.dumps(a, sort_keys=True)


def _impulse(seed=7, power="ge"):
    s = blank(seed)
    s["impulse"] = {"power": power, "influence": False, "removed": False, "pacified": []}
    return s


def test_passing_is_refused_while_holding_the_home_card():
    # R2 (12.0 L601)
    s = _impulse()
    st = s["powers"]["ge"]
    st["hand"] = (
        ["prussian-reform", "otto-von-bismarck"]
        if "prussian-reform" in world.D().cards
        else [next(c for c in world.D().cards if "mandatory" not in world.D().cards[c].flags), "otto-von-bismarck"]
    )
    st["home"] = "otto-von-bismarck"
    from kriegsspiel.engine import ask

    ask(s, "impulse", "ge")
    assert "pass" not in game.actions(s, "ge")
    assert "or pass" not in game.view(s, "ge")["prompt"]  # the prompt offered a pass there was not
    st["hand"].remove("otto-von-bismarck")
    assert "pass" in game.actions(s, "ge")
    assert game.view(s, "ge")["prompt"].endswith("or pass.")


def test_12_0_a_player_passes_with_one_card_at_most_the_uk_with_two():
    """R2; 12.0 L601 ("their one remaining card"), L603, British Banking 33.2 L1531: "the UK can pass
    with two cards in their hand". Every power passed with a full hand and reacted to the others."""
    from kriegsspiel.engine import ask

    plain = [c for c in world.D().cards if not ({"mandatory", "response", "combat"} & set(world.D().cards[c].flags))]
    for power, most in (("ge", 1), ("uk", 2)):
        s = _impulse(power=power)
        st = s["powers"][power]
        st["home"] = None
        ask(s, "impulse", power)
        for n in range(1, 5):
            st["hand"] = plain[:n]
            assert ("pass" in game.actions(s, power)) == (n <= most), (power, n)
        st["hand"] = plain[:3]
        with pytest.raises(IllegalAction):
            game.apply(s, power, "pass")
        assert st["hand"] == plain[:3] and asking(s) == "impulse"


def _spend(s, power, cp, cardid=None):
    proc(s, "spend", power=power, card=cardid, cp=cp)
    assert asking(s) == "spend"
    return s


def test_influence_or_diplomacy_once_per_impulse():
    # 12.5 L661: only once per impulse
    s = _spend(_impulse(), "fr", 3)
    acts = game.actions(s, "fr")
    inf = next(a for a in acts if isinstance(a, dict) and a.get("do") == "influence")
    answer(s, "fr", inf)
    assert s["influence"][inf["space"]] == "fr"
    assert not any(isinstance(a, dict) and a.get("do") in ("influence", "diplomacy") for a in game.actions(s, "fr"))


def test_an_alliance_needs_a_diplomacy_marker_and_three_cp():
    # 12.8 L679
    s = _impulse(power="uk")
    s["diplomacy"]["portugal"] = "uk"
    _spend(s, "uk", 2)
    assert {"do": "ally", "minor": "portugal"} not in game.actions(s, "uk")
    s = _impulse(power="uk")
    s["diplomacy"]["portugal"] = "uk"
    _spend(s, "uk", 3)
    answer(s, "uk", {"do": "ally", "minor": "portugal"})
    assert s["allies"]["portugal"] == "uk" and "portugal" not in s["diplomacy"]
    assert asking(s) is None  # all 3 CP spent: the impulse's spending is over


def test_recruitment_respects_manpower():
    # 7.2 L475: standing armies never exceed manpower in peacetime
    s = _impulse(power="fr")
    mp = sum(world.manpower_limit(s, "fr").values())
    assert world.army_count(s, "fr") == 3 == mp
    assert not any(a for a, _ in actions.recruit_places(s, "fr"))


def test_the_cp_chain_pays_for_one_action_up_to_four_cp():
    # R4 (12.14 L719-724)
    s = _impulse(power="uk")
    cheap = sorted((c for c in world.D().cards.values() if c.cp == 1 and not c.flags), key=lambda c: c.number)
    s["powers"]["uk"]["chain"] = [cheap[0].id, cheap[1].id]
    s["diplomacy"]["portugal"] = "uk"
    _spend(s, "uk", 1, cardid=cheap[2].id)
    assert {"do": "ally", "minor": "portugal"} in game.actions(s, "uk")  # 1 + 2 chained >= 3
    answer(s, "uk", {"do": "ally", "minor": "portugal"})
    assert s["powers"]["uk"]["chain"] == [] and cheap[0].id in s["discard"]


def test_pacification_roll():
    # 12.11 L692-696: 2d6 + marker >= 10 pacifies, else the marker rises by one
    s = _impulse(power="fr")
    assert s["pacification"]["algeria"] == 0
    keys_before = sum(world.keys(s, "fr").values())
    with scripted_dice(s, 4, 4):
        actions.pacify(s, "fr", "algeria")  # 4 + 4 + 0, +1 for the Zouaves (5.1.6) = 9: fails
    assert s["pacification"]["algeria"] == 1
    with scripted_dice(s, 4, 4):
        actions.pacify(s, "fr", "algeria")  # 4 + 4 + 1 + 1 = 10: the least that pacifies
    assert "algeria" not in s["pacification"]
    # a pacification marker in a controlled space held its key back (12.11 L696)
    assert sum(world.keys(s, "fr").values()) == keys_before + 1


def test_pacification_costs_two_cp_for_austria():
    # 33.4 Continental Power
    s = _impulse(power="au")
    sid = next(x for x in world.P().spaces if x not in s["control"] and world.P().spaces[x].map == "main")
    s["influence"][sid] = "au"
    s["pacification"][sid] = 0
    world.new_unit(s, "au", "ef", sid)
    opts = dict((_key(a), c) for a, c in actions.options(s, "au", {"left": 4, "chain": 0}))
    assert opts[_key({"do": "pacify", "space": sid})] == 2


def test_illegal_spending_changes_nothing():
    s = _spend(_impulse(power="ge"), "ge", 1)
    before = game.clone(s)
    with pytest.raises(IllegalAction):
        game.apply(s, "ge", {"do": "ally", "minor": "bavaria"})
    assert game.clone(s) == before


@pytest.mark.parametrize("power", ["ge", "uk", "fr", "au", "ru", "ot"])
def test_the_cost_charged_is_the_cost_listed(power):
    # 12.1 L605-623: the price of each action, listed and charged alike
    s = _impulse(power=power)
    s["forts"]["paris"] = ["fr", 1]
    s["diplomacy"]["portugal"] = power
    s["allies"]["denmark"] = "uk" if power != "uk" else "fr"
    listed = actions.options(s, power, {"left": 4, "chain": 0, "card": None, "fresh": False})
    assert listed
    for a, cost in listed:
        assert actions.cost_of(s, power, a) == cost, a


def test_the_influence_of_sea_power_gives_britain_a_card_only_at_double_the_next(monkeypatch):
    # 3.3.1 L244-248: the dominators take a +1 card marker; the UK only if highest and at least double
    from kriegsspiel.games.imperial_elegy import events

    s = blank()
    values = {"uk": 8, "ot": 4, "ge": 1, "fr": 2, "au": 1, "ru": 3}
    monkeypatch.setattr(events, "power_projection", lambda s, q: values[q])
    monkeypatch.setattr(events, "dominators", lambda s, fid: ["uk", "ot"])
    f = {"card": "the-influence-of-sea-power", "power": "ge"}
    events.h_card_marker(s, f, {"verb": "card-marker", "power": "each", "amount": 1})
    assert (s["powers"]["uk"]["marker"], s["powers"]["ot"]["marker"]) == (1, 1)
    values["ot"] = 5  # 8 is less than double 5
    events.h_card_marker(s, f, {"verb": "card-marker", "power": "each", "amount": 1})
    assert (s["powers"]["uk"]["marker"], s["powers"]["ot"]["marker"]) == (1, 2)


def test_an_allied_minor_gets_one_elite_corps_and_its_fleet():
    # 12.8 L683: generic ECs for allied minors, one each; 12.4 L650: their fleets in their home ports
    s = _impulse(power="uk")
    s["allies"]["denmark"] = "uk"
    sunk = next(uid for uid, u in s["units"].items() if u["o"] == "denmark" and u["t"] == "squadron")
    world.remove_unit(s, sunk)
    army = next(uid for uid, u in s["units"].items() if u["o"] == "denmark" and u["t"] == "army")
    _spend(s, "uk", 4)
    acts = game.actions(s, "uk")
    assert {"do": "fleet", "unit": "squadron", "space": "denmark", "for": "denmark", "full": True} in acts
    answer(s, "uk", {"do": "ec", "unit": army, "for": "denmark"})
    assert any(u["o"] == "denmark" and u["t"] == "ec" and u["at"] == "denmark" for u in s["units"].values())
    assert not any(a.get("do") == "ec" and a.get("for") == "denmark" for a in game.actions(s, "uk") if a != "done")
    answer(s, "uk", {"do": "fleet", "unit": "squadron", "space": "denmark", "for": "denmark", "full": True})
    assert sum(1 for u in s["units"].values() if u["o"] == "denmark" and u["t"] == "squadron") == 1


def test_an_army_cut_off_in_peacetime_displaces():
    # 5.6.3 L421: a unit with a broken LoC in peacetime displaces to a friendly space with a LoC (5.7)
    from kriegsspiel.games.imperial_elegy import sequence

    s = blank()
    army = world.new_unit(s, "ru", "army", "dagestan")
    assert army not in world.cut_off_armies(s)
    for sid in world.P().adjacency["dagestan"]:
        if s["control"].get(sid) == "ru":
            s["control"][sid] = "persia"  # every Russian neighbour lost: Dagestan is cut off by land
    assert not world.ports_of(s, "dagestan")  # inland: no sea LoC either
    assert army in world.cut_off_armies(s)
    sequence.displace_cut_off(s)
    assert s["units"][army]["at"] != "dagestan"
    assert world.controller(s, s["units"][army]["at"]) == "ru"


def test_special_redeployment_takes_elites_across_the_sea_to_an_army():
    # 12.15 L727: ECs, elite colonial EFs and the Zouaves move any distance through naval boxes,
    # ending stacked with a friendly army; other units move only through the power's land
    s = blank()
    zouaves = next(uid for uid, u in s["units"].items() if u["t"] == "zouaves")
    proc(s, "redeploy", power="fr")
    acts = game.actions(s, "fr")
    assert {"move": zouaves, "to": "paris"} in acts  # Algeria to Paris, where a French army stands
    ef = next(uid for uid, u in s["units"].items() if u["o"] == "fr" and u["t"] == "ef")
    assert {"move": ef, "to": "paris"} not in acts  # an ordinary EF cannot cross the sea this way
    answer(s, "fr", {"move": zouaves, "to": "paris"})
    assert s["units"][zouaves]["at"] == "paris"


def test_a_lost_elite_colonial_ef_is_rebuilt_in_a_colonial_key():
    # 5.1.5 L382: rebuilt for 1 CP in a controlled colonial key
    s = _impulse(power="uk")
    uid = world.new_unit(s, "uk", "elite-ef", "india")
    world.remove_unit(s, uid)
    _spend(s, "uk", 1)
    acts = [a for a in game.actions(s, "uk") if isinstance(a, dict) and a["do"] == "elite-ef"]
    assert {"do": "elite-ef", "space": "india"} in acts
    assert {"do": "elite-ef", "space": "london"} not in acts  # a territorial key
    answer(s, "uk", {"do": "elite-ef", "space": "india"})
    assert any(u["t"] == "elite-ef" and u["at"] == "india" for u in s["units"].values())
    assert s["powers"]["uk"]["lost_elite"] == 0


def test_italys_naval_movement_is_run_by_its_primary_belligerent():
    # 15.4.1 L879: Italy is controlled by its player ally, the primary belligerent; never asked itself
    s = blank(scenario="1870")
    s["war"] = {"attackers": ["fr"], "defenders": ["italy", "uk"], "primary": {"attacker": "fr", "defender": "uk"},
                "budget": {}, "drm": {}, "deployed": []}  # fmt: skip
    if not any(u["o"] == "italy" and u["t"] in ("squadron", "dreadnought") for u in s["units"].values()):
        world.new_unit(s, "italy", "squadron", "naples")
    proc(s, "naval-move", power="italy", wartime=True)
    assert asking(s) == "naval-moving"
    assert game.active(s) == ["uk"]
    s["war"]["primary"]["defender"] = "italy"  # Italy alone has no player to run it
    assert world.player_of(s, "italy") is None


def test_india_and_bengal_supply_each_other_when_the_sea_is_cut():
    # 5.6 L416: a supply source is a home key tracing a LoC to another controlled home key; India
    # and Bengal trace to each other by land even with an enemy fleet in the North Atlantic
    s = blank()
    s["war"] = {"attackers": ["au"], "defenders": ["uk"], "primary": {"attacker": "au", "defender": "uk"},
                "budget": {}, "drm": {}, "deployed": []}  # fmt: skip
    world.new_unit(s, "au", "squadron", "north-atlantic")
    sources = world.supply_sources(s, "uk")
    assert {"india", "bengal"} <= sources
    assert world.has_loc(s, "uk", "india")
    s["control"]["bengal"] = "au"  # Bengal lost: India still reaches Singapore across the Indian Ocean
    assert "india" in world.supply_sources(s, "uk")
    world.new_unit(s, "au", "squadron", "indian-ocean")  # and that sea closed too: India stands alone
    assert "india" not in world.supply_sources(s, "uk")
    assert "london" in world.supply_sources(s, "uk")


# ----- national characteristics (33.0) in the turn's own rules ----------------------------------------------------


def test_british_banking_keeps_two_cards_the_others_one():
    # 33.2 British Banking (L1531), 12.0 L601
    from kriegsspiel.engine import call
    from kriegsspiel.engine.flow import run

    s = blank()
    plain = [c.id for c in world.D().cards.values() if "mandatory" not in c.flags][:8]
    s["powers"]["uk"]["hand"], s["powers"]["fr"]["hand"] = plain[:4], plain[4:8]
    for p in ("ge", "au", "ru", "ot"):
        s["powers"][p]["hand"] = []
    call(s, "action-phase")
    s["stack"][-1]["at"] = "close"
    run(game.procedures, s)
    while asking(s) == "keep":
        role = game.active(s)[0]
        answer(s, role, game.actions(s, role)[0])
    assert len(s["powers"]["uk"]["hand"]) == 2 and len(s["powers"]["fr"]["hand"]) == 1


def test_crown_jewel_india_counts_as_two_colonial_keys():
    # 33.2 Crown Jewel (L1530)
    s = blank()
    before = world.keys(s, "uk")["colonial"]
    s["control"]["india"] = "persia"  # India lost
    assert world.keys(s, "uk")["colonial"] == before - 2


def test_city_of_light_gives_france_a_card_at_four():
    # 33.3 Cultural Symbol (L1552)
    s = blank()
    s["flags"]["city_of_light"] = 3
    assert world.cards_due(s, "fr") == 4  # 1850: 3 + industry 2 / 2
    s["flags"]["city_of_light"] = 4
    assert world.cards_due(s, "fr") == 5


def test_russian_steamroller_holds_one_more_reserve():
    # 33.5 Russian Steamroller (L1566): the lower of manpower and industry, +1
    s = blank()
    st = s["powers"]["ru"]
    st["industry"], st["manpower"] = 2, {"territorial": 3}
    assert world.reserve_limit(s, "ru") == 3
    s["powers"]["fr"]["industry"], s["powers"]["fr"]["manpower"] = 2, {"territorial": 3}
    assert world.reserve_limit(s, "fr") == 2
    assert world.reserve_limit(s, "uk") == 0  # 33.2 Professional Army: no reserves


def test_metternichs_legacy_allies_austria_with_two_minors_on_turn_one():
    # 33.4 Metternich's Legacy (L1554)
    s = start(seed=12)
    while asking(s) != "metternich":
        role = game.active(s)[0]
        acts = game.actions(s, role)
        answer(s, role, "keep" if "keep" in acts else "done" if "done" in acts else acts[0])
    s["diplomacy"]["denmark"] = "uk"
    acts = game.actions(s, "au")
    assert {"ally": "denmark"} not in acts  # an opponent's diplomacy marker keeps it out
    answer(s, "au", acts[0])
    answer(s, "au", game.actions(s, "au")[0])
    assert sum(1 for q in s["allies"].values() if q == "au") == 2
    assert asking(s) == "impulse"


def test_a_compromise_needed_puts_dual_monarchy_in_austrias_hand_on_turn_two():
    # 33.4 A Compromise Needed (L1555)
    from kriegsspiel.engine import call
    from kriegsspiel.engine.flow import run

    s = blank()
    s["turn"] = 2
    s["deck"] = [c for c in s["deck"] if c != "dual-monarchy"]
    s["discard"] = ["dual-monarchy"]
    for p in world.PLAYERS:
        s["powers"][p]["hand"] = []
    call(s, "prep")
    run(game.procedures, s)
    assert "dual-monarchy" in s["powers"]["au"]["hand"]


def test_a_compromise_needed_takes_dual_monarchy_from_the_power_that_kept_it():
    """33.4 L1555: "add the Dual Monarchy card to the Austrian hand if it was not played for its
    event on turn 1": also when another power kept it as its one card for the next turn (12.0
    L601), since only Austria may play its event."""
    from kriegsspiel.engine import call
    from kriegsspiel.engine.flow import run

    s = blank()
    s["turn"] = 2
    s["deck"] = [c for c in s["deck"] if c != "dual-monarchy"]
    s["discard"] = [c for c in s["discard"] if c != "dual-monarchy"]
    for p in world.PLAYERS:
        s["powers"][p]["hand"] = []
    s["powers"]["ru"]["hand"] = ["dual-monarchy"]
    call(s, "prep")
    run(game.procedures, s)
    assert "dual-monarchy" in s["powers"]["au"]["hand"]
    assert "dual-monarchy" not in s["powers"]["ru"]["hand"]


def test_a_reduced_fleet_refits_only_in_a_home_port():
    # 12.4 L652: refit (1 CP) only in a friendly territorial home space with a port, not at sea
    s = _impulse(power="ru")
    at_home = next(uid for uid, u in s["units"].items() if u["o"] == "ru" and u["t"] == "squadron")
    s["units"][at_home]["r"] = True
    at_sea = world.new_unit(s, "ru", "squadron", "baltic", True)
    _spend(s, "ru", 1)
    acts = game.actions(s, "ru")
    assert {"do": "refit", "unit": at_home} in acts
    assert {"do": "refit", "unit": at_sea} not in acts
    answer(s, "ru", {"do": "refit", "unit": at_home})
    assert s["units"][at_home]["r"] is False


def test_12_4_no_refit_in_a_colonial_home_space_nor_one_cut_off_from_the_capital():
    """12.4 L659: refit "only if they are in a friendly territorial home space with a port"; 3.2.5
    L200: colonial home spaces "are not territorial keys"; 3.2.1 L183-185: territorial is land-linked
    to the capital, and Russia counts every space territorial. A British squadron refitted in
    Singapore, a French one in Algeria."""
    for power, far, near in (("uk", "singapore", "london"), ("fr", "algeria", "brittany"), ("ru", "kamchatka", None)):
        s = _impulse(power=power)
        ships = [uid for uid, u in s["units"].items() if u["o"] == power and u["t"] == "squadron"]
        s["units"][ships[0]]["at"] = far
        s["units"][ships[0]]["r"] = True
        if near:
            s["units"][ships[1]]["at"] = near
            s["units"][ships[1]]["r"] = True
        _spend(s, power, 1)
        refits = [a["unit"] for a in game.actions(s, power) if isinstance(a, dict) and a.get("do") == "refit"]
        if near:
            assert refits == [ships[1]], (power, refits)
            with pytest.raises(IllegalAction):
                game.apply(s, power, {"do": "refit", "unit": ships[0]})
            assert s["units"][ships[0]]["r"] is True
        else:
            assert refits == [ships[0]]  # 3.2.1: all Russia's spaces are territorial


def test_33_1_zollverein_a_german_unification_space_takes_armies_though_cut_off_from_berlin():
    """33.1 L1519: "German Unification spaces are always considered territorial keys to the GE
    player"; 12.2 L631 places armies in "a home territorial key". Bavaria, German but beyond Saxony,
    took no army."""
    s = _impulse(power="ge")
    s["control"]["bavaria"] = "ge"
    s["flags"].setdefault("ge_homes", []).append("bavaria")
    s["gone"] = [*s["gone"], "bavaria"]
    s["powers"]["ge"]["manpower"] = {"territorial": 4}
    assert "bavaria" not in world.linked_to_capital(s, "ge") and world.is_home(s, "ge", "bavaria")
    _spend(s, "ge", 2)
    assert {"do": "army", "kind": "army", "space": "bavaria"} in game.actions(s, "ge")


def test_naval_supremacy_breaks_an_alliance_for_three_cp():
    # 12.9 L685: 4 CP; 12.9.1 L688: 3 CP in a port where the breaker has more naval units in the box
    s = _impulse(power="fr")
    s["allies"]["denmark"] = "uk"
    opts = dict((_key(a), c) for a, c in actions.options(s, "fr", {"left": 4, "chain": 0}))
    assert opts[_key({"do": "break", "minor": "denmark"})] == 4
    box = world.ports_of(s, "denmark")[0]
    for _ in range(2):
        world.new_unit(s, "fr", "squadron", box)
    opts = dict((_key(a), c) for a, c in actions.options(s, "fr", {"left": 4, "chain": 0}))
    assert opts[_key({"do": "break", "minor": "denmark"})] == 3
    _spend(s, "fr", 3)
    answer(s, "fr", {"do": "break", "minor": "denmark"})
    assert "denmark" not in s["allies"] and s["diplomacy"]["denmark"] == "uk"


def test_each_way_to_spend_cp_says_what_it_costs():
    """12.1 L605-623: the actions cost 1 to 4 CP; the spending list named them without their cost
    (a newcomer's alliance "ended the impulse at once": it had cost all three CP)."""
    s = _spend(_impulse(), "fr", 3)
    labels = {repr(a): game.label(a, s) for a in game.actions(s, "fr")}
    assert all(label.endswith(" CP)") for a, label in labels.items() if a != "'done'")
    fort = next(a for a in game.actions(s, "fr") if isinstance(a, dict) and a["do"] == "fort" and a["level"] == 2)
    assert game.label(fort, s).endswith("(2 CP)")
    influence = next(a for a in game.actions(s, "fr") if isinstance(a, dict) and a["do"] == "influence")
    assert game.label(influence, s).endswith("(1 CP)")
    assert game.label(influence) == game.label(influence, None)  # without the position: no cost


def test_3_4_6_japan_is_out_of_the_game_until_the_meiji_restoration():
    """3.4.6 L276: "Japan comes into the game through the play of the Meiji Restoration card". In
    1850 a player could place diplomacy on Japan, ally with it or declare war on it, its key
    undefended (the Meiji card places its army); Metternich's Legacy offered Japan and Qing China
    (12.5.3 L670: no diplomacy marker in Qing spaces, so no alliance)."""
    from kriegsspiel.games.imperial_elegy import sequence, war

    s = _impulse(power="uk")
    assert "japan" not in actions.diplomacy_targets(s, "uk")
    assert "japan" not in war.targets(s, "ru")
    assert not {"japan", "qing"} & set(sequence.metternich_choices(s))
    _spend(s, "uk", 1)
    with pytest.raises(IllegalAction):
        game.apply(s, "uk", {"do": "diplomacy", "minor": "japan"})
    assert "japan" not in s["diplomacy"]
    s["flags"]["meiji-restoration"] = True
    assert "japan" in actions.diplomacy_targets(s, "uk")
    assert "japan" in sequence.metternich_choices(s) and "qing" not in sequence.metternich_choices(s)


def test_12_14_the_cp_chain_pays_for_a_declaration_of_war_up_to_four_cp():
    """12.14 L721: the chain's CP pay for "a single action which cannot exceed 4 CP"; 12.17 L737:
    "Declare War: 1-4 CP"; 12.17.2 L746: "war budget (= CP spent + industry level)". A war declared
    with a 1-CP card and 6 CP chained started with 1 CP, the chain left untouched (R4)."""
    from kriegsspiel.games.imperial_elegy.deck import deck

    dk = deck()
    plain = sorted(c for c, r in dk.cards.items() if not ({"mandatory", "response", "combat"} & set(r.flags)))
    one = next(c for c in plain if dk.cards[c].cp == 1)
    threes = [c for c in plain if dk.cards[c].cp == 3][:2]
    s = _impulse(power="fr")
    st = s["powers"]["fr"]
    st["hand"], st["chain"] = [one], list(threes)
    proc(s, "spend", power="fr", card=one, cp=1)
    wars = [a for a in game.actions(s, "fr") if isinstance(a, dict) and a["do"] == "war"]
    chained = next(a for a in wars if a.get("chain"))
    assert game.label(chained, s).endswith("with your CP chain (4 CP)")
    discard = len(s["discard"])
    answer(s, "fr", chained)
    assert s["war"]["cp"] == 4 and s["war"]["played"]["fr"] == 4
    assert st["chain"] == [] and len(s["discard"]) == discard + 2  # the chain is spent (12.14)
    s = _impulse(power="fr")  # the card alone: its own CP, the chain kept
    st = s["powers"]["fr"]
    st["hand"], st["chain"] = [one], list(threes)
    proc(s, "spend", power="fr", card=one, cp=1)
    answer(s, "fr", {"do": "war", "target": "ge"})
    assert s["war"]["cp"] == 1 and st["chain"] == threes


def test_9_1_5_impulsive_ruler_is_no_mandatory_event_it_may_wait_in_the_hand():
    """9.1.5 L566: Impulsive Ruler, the one mandatory response, "must be played as a response card
    when its conditions are met"; 12.0 L601 bars keeping only "a home card or a mandatory event".
    With it as its last card a player could not pass, and at the end of the Action Phase it was
    discarded and its event triggered (+1 WTT)."""
    from kriegsspiel.engine import ask
    from kriegsspiel.games.imperial_elegy import sequence

    s = _impulse(power="fr")
    st = s["powers"]["fr"]
    st["hand"], st["home"] = ["impulsive-ruler"], None
    ask(s, "impulse", "fr")
    assert "pass" in game.actions(s, "fr")
    assert sequence.discardable(s, "fr") == ["impulsive-ruler"]  # not a mandatory event for 10.4
    s = blank()
    for p in world.PLAYERS:
        s["powers"][p]["hand"] = []
    s["powers"]["fr"]["hand"] = ["impulsive-ruler"]
    wtt = s["wtt"]
    assert sequence.ActionPhase().keep(s, {"k": 0}) is None  # the end of the phase: kept, nobody asked
    assert s["powers"]["fr"]["hand"] == ["impulsive-ruler"] and s["wtt"] == wtt


def test_3_3_a_unified_germany_dominates_its_flashpoint_only_with_its_threshold():
    """3.3 L237: a flashpoint is dominated with its threshold of spaces (Germany 4 of 6, D17); only
    the Italy flashpoint ends at unification (3.3.3 L255). A unified Germany dominated it whoever
    held the German spaces."""
    s = game.new(seed=1, scenario="1880")
    assert s["flags"]["germany_unified"] and world.dominators(s, "germany") == ["ge"]
    for sid in ("hanover", "saxony", "bavaria"):
        s["control"][sid] = "fr"
    assert world.flashpoint_counts(s, "germany")["fr"] == 3 and world.dominators(s, "germany") == []


def test_3_2_1_no_territorial_link_through_a_space_the_rebels_hold():
    """3.2.1 L183: territorial keys have "a contiguous land connection back to a player's
    capital"; 4.7 L325, 21.1 L1175: a space with rebels "cannot be controlled". The link ran
    through the rebels' space."""
    s = blank()
    linked = world.linked_to_capital(s, "fr")
    assert {"rhone", "provence"} <= linked
    s["rebel_spaces"]["rhone"] = 1  # a rebel army there (21.0)
    after = world.linked_to_capital(s, "fr")
    assert "rhone" not in after and "provence" not in after and "paris" in after
