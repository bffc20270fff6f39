"""Review 2 of the Imperialism 1880 console against its chart sheet
(shared/rulebooks/003_97ea5e6eafe12590.txt, cited as L1, L156...; rulings R1... in
src/kriegsspiel/games/imperialism_1880/RULINGS.md)."""

from __future__ import annotations

from console_support import REF, asking, end_turn, enter, game, give, new, plant, to_entries, write

import kriegsspiel
from kriegsspiel.engine.rng import bot_random
from kriegsspiel.games.imperialism_1880 import books, console, orders

BOT = kriegsspiel.bot("imperialism-1880", "heuristic")


def send_all(s):
    for p in game.active(s):
        game.apply(s, p, orders.SUBMIT)
    return to_entries(s)


def bot_answers_the_inbox(s):
    """The referee's bot works through its entries until it would end them (R37, R40)."""
    for _ in range(500):
        if asking(s) is None:
            break
        a = BOT(game.view(s, REF), game.actions(s, REF), bot_random(s, REF))
        if a in (console.NEXT, console.CONFIRM):
            break
        game.apply(s, REF, a)
    return s


def statuses(s, power):
    return [(i["kind"], i["status"]) for i in s["orders"][power]["items"]]


# ----- R23, R43: a treaty ends "by agreement" only when both parties agree -------------------------------


def with_a_treaty():
    s = new(seed=3)
    enter(s, "treaty", first="britain", second="france", kind="defensive", stipulation="none")
    return end_turn(s)  # 1884: the orders phase


def test_one_party_alone_cannot_end_a_treaty_by_agreement_and_escape_the_breach():
    """L156 "Each time a player breaks a treaty +5" and L1 "Breaking a Treaty" (Casus Belli):
    Britain alone asked to end its defensive treaty with France "by agreement"; the referee's
    bot carried it out, so Britain left the treaty without the +5 or France's Casus Belli.
    Now it is refused with the reason, and the treaty stays in force."""
    s = with_a_treaty()
    write(s, "britain", "end-treaty", treaty=1)
    send_all(s)
    item = s["orders"]["britain"]["items"][0]
    why = orders.refusal_reason(s, "britain", item)
    assert "France has not agreed" in why
    assert {"refuse": item["id"], "why": why} in game.actions(s, REF)
    eti = s["eti"]
    bot_answers_the_inbox(s)
    t = s["treaties"][0]
    assert t["ended"] is None and t["broken"] is None  # still in force
    assert statuses(s, "britain") == [("end-treaty", "refused")]
    assert "France has not agreed" in s["orders"]["britain"]["items"][0]["why"]
    assert s["eti"] == eti


def test_both_parties_asking_end_the_treaty_and_both_requests_are_done():
    s = with_a_treaty()
    write(s, "britain", "end-treaty", treaty=1)
    write(s, "france", "end-treaty", treaty=1)
    send_all(s)
    assert orders.refusal_reason(s, "britain", s["orders"]["britain"]["items"][0]) == ""
    eti = s["eti"]
    bot_answers_the_inbox(s)
    assert s["treaties"][0]["ended"] == 1884 and s["treaties"][0]["broken"] is None
    assert statuses(s, "britain") == [("end-treaty", "done")]
    assert statuses(s, "france") == [("end-treaty", "done")]
    assert s["eti"] == eti  # by agreement: no penalty (R23)


# ----- R22, R43: peace ends the whole war only when every belligerent agrees -----------------------------


def at_war(*allies):
    s = new(seed=3)
    enter(s, "declare-war", aggressor="germany", target="france")
    for ally in allies:
        enter(s, "declare-war", aggressor=ally, target="germany")  # joins France's side (R22)
    end_turn(s)
    while asking(s) == "war_end":
        game.apply(s, REF, "continue")
    return s


def test_a_power_alone_cannot_make_peace_for_the_whole_war():
    """L156 "Each time a player makes a separate peace +5": Britain, beside France against
    Germany, asked for "peace" alone; the bot carried it out and the whole war ended, with no
    +5 and without Germany's or France's word. Now it is refused with the reason."""
    s = at_war("britain")
    write(s, "britain", "peace", war=1)
    send_all(s)
    item = s["orders"]["britain"]["items"][0]
    why = orders.refusal_reason(s, "britain", item)
    assert "Germany and France have not agreed" in why
    bot_answers_the_inbox(s)
    assert s["wars"][0]["ended"] is None
    assert statuses(s, "britain") == [("peace", "refused")]


def test_peace_asked_by_both_sides_is_made():
    s = at_war()
    write(s, "germany", "peace", war=1)
    write(s, "france", "peace", war=1)
    send_all(s)
    assert orders.refusal_reason(s, "germany", s["orders"]["germany"]["items"][0]) == ""
    bot_answers_the_inbox(s)
    assert s["wars"][0]["ended"] == 1884
    assert statuses(s, "germany") == [("peace", "done")]
    assert statuses(s, "france") == [("peace", "done")]
    assert not books.wars_in_progress(s)


def test_a_treaty_is_made_only_with_the_stipulations_both_parties_asked_for():
    """R23, R24 (L1 "depending on stipulations of the treaty"): Britain asked France for a
    defensive treaty sharing Casus Belli, France for one without; the bot made Britain's
    (the first in the inbox) and marked France's done, binding France to stipulations it
    never asked for. Now both are refused with the reason and no treaty is made."""
    s = new(seed=3)
    end_turn(s)
    write(s, "britain", "treaty", second="france", kind="defensive", stipulation="share")
    write(s, "france", "treaty", second="britain", kind="defensive", stipulation="none")
    send_all(s)
    why = orders.refusal_reason(s, "britain", s["orders"]["britain"]["items"][0])
    assert why.startswith("France has not agreed to it") and "its stipulations too" in why
    bot_answers_the_inbox(s)
    assert not books.treaties_in_force(s)
    assert statuses(s, "britain") == [("treaty", "refused")]
    assert statuses(s, "france") == [("treaty", "refused")]


# ----- L242, R44: the canal's 15 VP go to a power that controls the canal site -------------------------------


def test_a_power_without_the_canal_site_is_refused_the_canal_and_its_15_vp():
    """L242 "Constructing the first Caribbean/South Pacific Canal: 15 vp's": Germany, holding
    nothing in the Americas, asked for the Panama canal in 1880 and the referee's bot built
    it, +15 VP for a request. Now it is refused with the reason; the USA, which holds Panama
    (its Protectorate of 1880, D8), may build it."""
    s = new(seed=3)
    end_turn(s)
    write(s, "germany", "canal", passage="panama-canal")
    write(s, "usa", "canal", passage="panama-canal")
    send_all(s)
    why = orders.refusal_reason(s, "germany", s["orders"]["germany"]["items"][0])
    assert "Germany does not control Panama" in why
    assert orders.refusal_reason(s, "usa", s["orders"]["usa"]["items"][0]) == ""
    bot_answers_the_inbox(s)
    assert statuses(s, "germany") == [("canal", "refused")]
    assert not [e for e in s["books"]["germany"]["vp"] if "canal" in e["rule"]]
    assert [(c["by"], c["first"]) for c in s["canals"]] == [("usa", True)]
    assert [e["amount"] for e in s["books"]["usa"]["vp"] if "canal" in e["rule"]] == [15]


# ----- R14, R45: colonial combat against a power only in a status dispute -----------------------------------


def test_colonial_combat_against_a_power_needs_a_status_dispute():
    """R14: colonial combat pits a power against another "in a status dispute"; without war
    (L156 +5 for declaring it) Germany, holding no marker in Egypt, asked to attack the
    British there and the referee's bot fought it. Now it is refused with the reason; with a
    German marker in Egypt (a dispute), it is fought."""
    s = new(seed=3)
    end_turn(s)
    plant(s, "britain", "egypt", "protectorate")
    give(s, "britain", "egypt", 3)
    give(s, "germany", "egypt", 10)
    write(s, "germany", "combat", mode="colonial", where="egypt", defender="britain")
    send_all(s)
    why = orders.refusal_reason(s, "germany", s["orders"]["germany"]["items"][0])
    assert "only in a status dispute" in why
    bot_answers_the_inbox(s)
    assert statuses(s, "germany") == [("combat", "refused")]
    assert not [c for c in s["combats"] if c["attacker"] == "germany"]

    s = new(seed=3)
    end_turn(s)
    plant(s, "britain", "egypt", "protectorate")
    plant(s, "germany", "egypt", "interest")
    give(s, "britain", "egypt", 3)
    give(s, "germany", "egypt", 10)
    write(s, "germany", "combat", mode="colonial", where="egypt", defender="britain")
    send_all(s)
    assert orders.refusal_reason(s, "germany", s["orders"]["germany"]["items"][0]) == ""
    bot_answers_the_inbox(s)
    assert statuses(s, "germany") == [("combat", "done")]
    assert [c["defender"] for c in s["combats"] if c["attacker"] == "germany"] == ["britain"]
