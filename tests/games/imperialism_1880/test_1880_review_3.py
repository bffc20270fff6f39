"""Review 3 of the Imperialism 1880 console against its chart sheet
(shared/rulebooks/003_97ea5e6eafe12590.txt, cited as L1, L156...; rulings R1... in
src/kriegsspiel/games/imperialism_1880/RULINGS.md)."""

from __future__ import annotations

import random

import orjson
from console_support import REF, asking, end_turn, enter, game, give, ledger, new, plant, to_entries, vp_entries, write
from test_1880_review_2 import bot_answers_the_inbox

import kriegsspiel
from kriegsspiel.engine.rng import bot_random
from kriegsspiel.games.imperialism_1880 import books, orders

# ----- R53: war on a treaty partner breaks the treaty ------------------------------------------------


def test_war_declared_on_a_treaty_partner_breaks_the_treaty():
    """L1 "Breaking a Treaty" (Casus Belli) and L156 "+5 each time a player breaks a treaty":
    France declared war on Russia, its defensive-treaty partner, and the treaty stayed in force,
    earning both 2 VP a turn at war with each other (L242), with no +5 and no Casus Belli."""
    s = new()
    enter(s, "treaty", first="france", second="russia", kind="defensive", stipulation="none")
    enter(s, "declare-war", aggressor="france", target="russia")
    [t] = s["treaties"]
    assert t["broken"] == {"by": "france", "year": s["year"]}
    assert books.treaties_in_force(s) == []
    assert ledger(s) == [
        (5, "France breaks a treaty with Russia", "L156"),
        (5, "France declares war on Russia", "L156"),
    ]
    assert [(c["holder"], c["against"]) for c in books.open_cbs(s)] == [("russia", "france")]
    assert s["wars"][0]["sides"] == [["france"], ["russia"]]


def test_war_on_a_power_with_no_treaty_breaks_none():
    s = new()
    enter(s, "treaty", first="france", second="russia", kind="defensive", stipulation="none")
    enter(s, "declare-war", aggressor="france", target="germany")
    assert [t["id"] for t in books.treaties_in_force(s)] == [1]
    assert ledger(s) == [(5, "France declares war on Germany", "L156")]


# ----- R54: who fights an unrest is told to the fighter and the referee alone ---------------------


def unrest_in_a_british_area(seed=2):
    """An unrest rolled on Table B with a British Protectorate and an Army(3) in every area the
    table names: the referee is asked what becomes of Britain's marker."""
    s = new(seed=seed, players=9)
    for a in ("afghanistan", "anatolia", "egypt", "orange-free-state", "philippines", "transvaal"):
        s["markers"].pop(a, None)
        plant(s, "britain", a, "protectorate")
        give(s, "britain", a, 3)
    game.apply(s, REF, {"entry": "unrest"})
    game.apply(s, REF, {"table": "B"})
    assert asking(s) == "unrest" and {"fight": "britain"} in game.actions(s, REF)
    return s


def test_a_power_fighting_an_unrest_is_not_told_to_the_others():
    """L587-588, R31, R32: "unrest in Anatolia: Britain fights it" was a public decision, and the
    fight is offered only where Britain has units: every power learnt it had troops there."""
    s = unrest_in_a_british_area()
    game.apply(s, REF, {"fight": "britain"})
    game.apply(s, REF, {"natives_sp": 1})
    fights = [d["text"] for d in s["decisions"] if d["text"].endswith("Britain fights it")]
    assert len(fights) == 1
    for role in ("britain", REF):
        assert fights[0] in [d["text"] for d in game.view(s, role)["board"]["decisions"]], role
    for role in ("germany", None):
        assert not [d for d in game.view(s, role)["board"]["decisions"] if "fights it" in d["text"]], role
        assert fights[0] not in orjson.dumps(game.view(s, role)).decode()
    sample = game.scramble(s, "germany", random.Random(1))
    assert not [d for d in sample["decisions"] if "fights it" in d["text"]]


def test_no_effect_on_an_unrest_is_told_to_the_holder_alone_too():
    """R54: were "no effect" public and "fights it" not, its absence would tell the fight."""
    s = unrest_in_a_british_area()
    game.apply(s, REF, {"effect": "none"})
    text = [d["text"] for d in s["decisions"]][-1]
    assert text.endswith(": no effect")
    assert text in [d["text"] for d in game.view(s, "britain")["board"]["decisions"]]
    assert text not in [d["text"] for d in game.view(s, "germany")["board"]["decisions"]]
    assert not [x for x in game.log(s, "germany") if "Referee decision on the unrest" in x["text"]]


# ----- R55: natives are fought in a colonial area ---------------------------------------------------


def test_natives_are_not_fought_at_sea_or_at_home():
    """R14, R55: Britain asked to fight "the natives" in the North Sea and in Great Britain, and
    the referee's bot carried both out (Britain lost 8 SP to natives at home). Now both are
    refused with the reason; natives in a colonial area are still fought."""
    s = game.new(seed=9, players=9)
    give(s, "britain", "egypt", 3)
    assert "north-sea" in books.units_of(s, "britain") and "britain" in books.units_of(s, "britain")
    write(s, "britain", "combat", mode="colonial", where="north-sea", defender="natives")
    write(s, "britain", "combat", mode="colonial", where="britain", defender="natives")
    write(s, "britain", "combat", mode="colonial", where="egypt", defender="natives")
    to_entries(s)
    items = s["orders"]["britain"]["items"]
    whys = [orders.refusal_reason(s, "britain", i) for i in items]
    assert whys[0].startswith("there are no natives to fight in North Sea and Baltic, a sea zone")
    assert whys[1].startswith("there are no natives to fight in Great Britain, a home country")
    assert whys[2] == ""
    bot = kriegsspiel.bot("imperialism-1880", "heuristic")
    for _ in range(100):
        if all(i["status"] != "open" for i in items) and asking(s) not in ("losses", "retreat", "natives_sp"):
            break
        game.apply(s, REF, bot(game.view(s, REF), game.actions(s, REF), bot_random(s, REF)))
    assert [i["status"] for i in items] == ["refused", "refused", "done"]
    assert [c["where"] for c in s["combats"]] == ["egypt"]


# ----- R26: a power's orders defy the Congress once a turn ---------------------------------------------


def test_a_powers_orders_defy_the_congress_once_a_turn():
    """L156 (+2 each time a player defies a Congress), R26: Germany wrote "defy the Congress" twenty
    times in one turn and the referee's bot carried out all twenty, the ETI from 3 to 43 (the
    Great War at 50). Now the first is done and the others are refused with the reason."""
    s = new(seed=31, players=9)
    enter(s, "call-congress", by="referee")
    end_turn(s)
    while asking(s) != "orders":
        acts = game.actions(s, REF)
        game.apply(s, REF, "continue" if "continue" in acts else acts[0])
    eti = s["eti"]
    for _ in range(3):
        game.apply(s, "germany", {"request": "defy-congress"})
    to_entries(s)
    items = s["orders"]["germany"]["items"]
    assert orders.refusal_reason(s, "germany", items[0]) == ""
    assert orders.refusal_reason(s, "germany", items[2]).startswith("Germany defies the Congress once already")
    bot = kriegsspiel.bot("imperialism-1880", "heuristic")
    for _ in range(200):
        if all(i["status"] != "open" for i in items):
            break
        game.apply(s, REF, bot(game.view(s, REF), game.actions(s, REF), bot_random(s, REF)))
    assert [i["status"] for i in items] == ["done", "refused", "refused"]
    assert [e for e in s["eti_ledger"] if e["cause"] == "Germany defies the Congress of Europe"][0]["amount"] == 2
    assert len([e for e in s["eti_ledger"] if e["cause"] == "Germany defies the Congress of Europe"]) == 1
    assert s["eti"] >= eti + 2


# ----- R18: support is not withdrawn from a minor at war without the failure's penalty -------------


def test_support_withdrawn_from_a_minor_at_war_is_a_failure_to_aid():
    """L156 (+3 when a power "fails to come to the Minor Powers' aid in a subsequent war"), R18:
    France withdrew its support for Belgium as Germany attacked it, and escaped the penalty. The
    -5 VP of L242 is for a failure in a Status dispute, not a war."""
    s = new()
    enter(s, "support", power="france", minor="belgium")
    enter(s, "declare-war", aggressor="germany", target="belgium")
    eti = s["eti"]
    enter(s, "withdraw-support", support=1)
    x = s["supports"][0]
    assert x["failed"] == s["year"] and x["withdrawn"] is None
    assert s["eti"] == eti + 3
    assert vp_entries(s, "france") == []


def test_support_withdrawn_in_peace_costs_nothing():
    s = new()
    enter(s, "support", power="france", minor="belgium")
    eti = s["eti"]
    enter(s, "withdraw-support", support=1)
    assert s["supports"][0]["withdrawn"] == s["year"] and s["supports"][0]["failed"] is None
    assert s["eti"] == eti and vp_entries(s, "france") == []


def test_a_referees_entry_is_a_step_only_of_the_powers_it_touches():
    """R52: what the referee does at its console is hidden, "no count of the entries made this
    turn". Each entry still moved every power's count of steps (the web game's step, its replays,
    a push to each socket): a power counted the requests taken up and the losses of combats it
    did not fight. Applied as a host applies it (``apply_marked``), a refusal of Britain's
    request is a step of the referee's and Britain's, not France's nor a spectator's."""
    s = game.new(seed=3, players=1)
    game.apply(s, "britain", {"request": "note"})
    game.apply(s, "britain", {"text": "Let us have Egypt"})
    s = to_entries(s)
    item = s["orders"]["britain"]["items"][0]
    steps = {r: game.step(s, r) for r in ("referee", "britain", "france", None)}
    s = game.apply_marked(s, "referee", {"refuse": item["id"]})
    after = {r: game.step(s, r) for r in steps}
    assert after["referee"] == steps["referee"] + 1 and after["britain"] == steps["britain"] + 1
    assert after["france"] == steps["france"] and after[None] == steps[None]


def test_the_referees_bot_enters_a_failure_to_aid_in_a_war_that_went_by():
    """R18, L156 ("fails to come to the Minor Powers' aid in a subsequent war" +3): France backs
    Belgium; Germany attacks Belgium, and a turn of orders goes by with France in neither side of
    the war. The referee's bot never entered the failure: the +3 never came. Now it does, once
    France has had a turn to come to Belgium's aid, and not in the turn the war began."""
    s = new()
    enter(s, "support", power="france", minor="belgium")
    enter(s, "declare-war", aggressor="germany", target="belgium")
    bot_answers_the_inbox(s)
    assert s["supports"][0]["failed"] is None  # the war began this turn: France could not answer yet
    eti = s["eti"]
    s = to_entries(end_turn(s))  # the next turn: orders sent, the war goes on
    bot_answers_the_inbox(s)
    assert s["supports"][0]["failed"] == s["year"]
    assert s["eti"] >= eti + 3 and ("France fails to aid Belgium in a war", 3) in [(c, a) for a, c, _l in ledger(s)]
