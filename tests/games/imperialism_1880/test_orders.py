"""The powers' orders and the referee's inbox (RULINGS R35-R39): every power writes in
secret and at once; nobody reads a power's orders before all are sent, and then only the
referee; the referee takes a request up, marks it done or refuses it; ending the entries
asks to be confirmed; each power receives its own turn report and nobody else's."""

import json
import random

import orjson
import pytest
from console_support import GREAT, REF, asking, end_turn, enter, game, give, to_entries, write

from kriegsspiel import IllegalAction
from kriegsspiel.games.imperialism_1880 import books, console, orders

OTHERS = [None, REF, *[p for p in GREAT if p != "france"]]


def orders_phase(seed=1, players=9, **options):
    s = game.new(seed=seed, players=players, options=options)
    assert asking(s) == "orders" and s["phase"] == "orders"
    return s


def send_all(s, *except_):
    for power in GREAT:
        if power not in except_:
            game.apply(s, power, orders.SUBMIT)
    return s


def views(s, roles):
    return {r: json.dumps(game.view(s, r)) for r in roles}


# ----- the orders phase: secret and simultaneous (R35, R36) --------------------------------------


def test_every_power_writes_at_once_after_income():
    """R1, R35: after the Income phase all eight powers are asked at once; the referee waits."""
    s = orders_phase()
    assert game.active(s) == list(GREAT)
    assert game.actions(s, REF) == []
    top = game.actions(s, "britain")
    assert {"request": "place"} in top and {"request": "note"} in top and top[-1] == orders.SUBMIT
    assert {"request": "peace"} not in top  # no war to make peace in
    assert any(line["rule"] == "L916" for line in game.log(s, "britain"))  # income came first


def test_a_power_s_orders_are_seen_by_nobody_else_while_written():
    """R36: what France writes changes no other seat's view (the referee's neither) and
    its log lines are France's alone."""
    s = orders_phase()
    before = views(s, OTHERS)
    write(s, "france", "place", area="tunis", status="influence")
    game.apply(s, "france", {"note": "We offer Italy a free hand in Tripoli."})
    game.apply(s, "france", {"request": "build"})  # a request half written
    assert views(s, OTHERS) == before
    mine = game.view(s, "france")["board"]["orders"]["france"]
    assert [i["words"] for i in mine["items"]] == [
        "claim an Influence in Tunis",
        "note: We offer Italy a free hand in Tripoli.",
    ]
    assert mine["draft"] == ["build a unit"] and mine["writing"] == {"request": "build"}
    assert all(i["status"] == "written" for i in mine["items"])
    assert game.log(s, "france")[-1]["text"] == "You write: note: We offer Italy a free hand in Tripoli."
    assert "Tripoli" not in json.dumps(game.log(s, REF)) + json.dumps(game.log(s, "italy"))


def test_sending_is_public_but_not_what_was_sent():
    """R36: who has sent is public (the engine's committed list); what, nobody's until all have."""
    s = orders_phase()
    write(s, "germany", "place", area="cameroon", status="interest")
    game.apply(s, "germany", orders.SUBMIT)
    for role in [r for r in OTHERS if r != "germany"] + ["france"]:
        view = game.view(s, role)
        assert view["committed"] == ["germany"]
        assert "cameroon" not in json.dumps(view["board"].get("orders", {}))
    assert game.actions(s, "germany") == []
    with pytest.raises(IllegalAction, match="already committed"):
        game.apply(s, "germany", orders.SUBMIT)


def test_a_choice_while_writing_leaks_to_no_other_seat():
    """The fuzzer's probe, for every step of a request: two different choices of Russia's
    leave every other seat's view the same."""
    s = orders_phase()
    while True:
        acts = [a for a in game.actions(s, "russia") if a not in (orders.SUBMIT, console.BACK, console.CANCEL)]
        acts = [a for a in acts if "withdraw" not in a]
        if len(acts) < 2:
            break
        one = game.apply(game.clone(s), "russia", acts[0])
        two = game.apply(game.clone(s), "russia", acts[-1])
        for role in [r for r in s["roles"] if r != "russia"] + [None]:
            assert game.view(one, role) == game.view(two, role), (role, acts[0], acts[-1])
        s = game.apply(s, "russia", acts[0])
        if not s["orders"]["russia"]["draft"]:
            break
    assert s["orders"]["russia"]["items"]


def test_the_scramble_draws_the_unread_orders_again():
    """Scramble: the orders a role may not read are drawn again (R50); its view stays."""
    s = orders_phase()
    for i, p in enumerate(GREAT):
        game.apply(s, p, {"note": f"note {i}"})
    for role in OTHERS + ["france"]:
        for seed in range(4):
            t = game.scramble(s, role, random.Random(seed))
            assert game.view(t, role) == game.view(s, role)
            if role in GREAT:
                assert t["orders"][role] == s["orders"][role]
            hidden = [p for p in GREAT if p != role]
            assert sum(t["orders"][p] != s["orders"][p] for p in hidden) >= len(hidden) - 1, role


def test_requests_offer_only_what_the_charts_allow_and_notes_are_bounded():
    """R35: a claim offers only the statuses the placement chart and the counter mix allow;
    a note is at most 300 characters; at most 20 requests; withdraw takes one back."""
    s = orders_phase()
    game.apply(s, "germany", {"request": "place"})
    areas = [a["area"] for a in game.actions(s, "germany") if isinstance(a, dict)]
    assert "cuba" not in areas and "egypt" in areas  # Spain's established Possession forbids every claim
    game.apply(s, "germany", {"area": "panama"})  # the USA's established Protectorate
    statuses = [a["status"] for a in game.actions(s, "germany") if isinstance(a, dict)]
    assert statuses == ["interest"]
    with pytest.raises(IllegalAction):
        game.apply(s, "germany", {"status": "protectorate"})
    game.apply(s, "germany", console.CANCEL)
    with pytest.raises(IllegalAction, match="at most 300"):
        game.apply(s, "germany", {"note": "x" * 301})
    with pytest.raises(IllegalAction):
        game.apply(s, "germany", {"note": "\u202e\x1b "})  # nothing to read once the controls are gone
    game.apply(s, "germany", {"note": "Berlin \u202eoffers\u202c Rome\x1b[2J peace"})
    assert s["orders"]["germany"]["items"][-1]["text"] == "Berlin offers Rome[2J peace"  # as the referee reads it
    game.apply(s, "germany", {"withdraw": len(s["orders"]["germany"]["items"])})
    for i in range(orders.MAX_ITEMS):
        game.apply(s, "germany", {"note": f"n{i}"})
    top = game.actions(s, "germany")
    assert not any("request" in a for a in top if isinstance(a, dict))
    with pytest.raises(IllegalAction):
        game.apply(s, "germany", {"note": "one too many"})
    game.apply(s, "germany", {"withdraw": 1})
    assert [i["text"] for i in s["orders"]["germany"]["items"]][0] == "n1"
    assert len(s["orders"]["germany"]["items"]) == orders.MAX_ITEMS - 1


# ----- the inbox (R37) ---------------------------------------------------------------------------------


def inbox_of(s):
    return game.view(s, REF)["board"]["orders"]


def test_when_all_have_sent_the_referee_reads_every_power_s_orders_and_each_power_its_own():
    s = orders_phase()
    write(s, "france", "place", area="tunis", status="influence")
    write(s, "italy", "place", area="tripoli", status="interest")
    game.apply(s, "italy", {"note": "Rome asks for Tripoli."})
    send_all(s)
    inbox = inbox_of(s)
    assert [(i["id"], i["words"], i["status"]) for i in inbox["france"]["items"]] == [
        (1, "claim an Influence in Tunis", "open")
    ]
    assert [i["id"] for i in inbox["italy"]["items"]] == [2, 3]
    assert inbox["italy"]["items"][0]["takeable"] and inbox["italy"]["items"][0]["problem"] == ""
    assert list(game.view(s, "france")["board"]["orders"]) == ["france"]
    assert "Rome asks" not in json.dumps(game.view(s, "france"))
    assert "Influence in Tunis" not in json.dumps(game.view(s, "italy"))
    assert game.view(s, None)["board"]["orders"] == {}
    assert any("France 1, Germany 0, Austria-Hungary 0, Italy 2" in line["text"] for line in game.log(s, REF))


def test_the_referee_takes_up_a_claim_and_answers_only_what_the_request_leaves_open():
    """R37: the console fills the entry from the request and asks whether the marker is
    established; the entry made, the request is carried out (France and the referee read so)."""
    s = orders_phase()
    write(s, "france", "place", area="tunis", status="influence")
    to_entries(send_all(s))
    assert {"grant": 1} in game.actions(s, REF) and {"refuse": 1} in game.actions(s, REF)
    game.apply(s, REF, {"grant": 1})
    assert s["stack"][-1]["draft"] == {"entry": "place", "power": "france", "area": "tunis", "status": "influence"}
    assert game.actions(s, REF)[:2] == [{"established": False}, {"established": True}]
    assert "France's request 1 (claim an Influence in Tunis)" in game.view(s, REF)["prompt"]
    game.apply(s, REF, {"established": True})
    assert s["markers"]["tunis"]["france"] == {"status": "influence", "established": True, "counter": "influence"}
    item = s["orders"]["france"]["items"][0]
    assert item["status"] == "done"
    line = "France's request 1 (claim an Influence in Tunis) is carried out."
    assert line in [x["text"] for x in game.log(s, "france")] and line in [x["text"] for x in game.log(s, REF)]
    assert line not in [x["text"] for x in game.log(s, "italy")]
    assert {"grant": 1} not in game.actions(s, REF)


def test_a_request_no_longer_possible_stops_where_it_fails_and_may_be_refused_with_words():
    """R37: Germany and Italy ask for an Influence in Tunis; the referee places France's
    established Possession there first, which the placement chart says forbids it (XX): the
    console stops at the choice that fails; the referee refuses with a reason, which Italy
    reads and France does not."""
    s = orders_phase()
    write(s, "germany", "place", area="tunis", status="influence")
    write(s, "italy", "place", area="tunis", status="influence")
    to_entries(send_all(s))
    # before the claims are answered the referee places an established Possession of France there
    enter(s, "place", power="france", area="tunis", status="possession", established=True)
    item = inbox_of(s)["italy"]["items"][0]
    assert item["problem"].startswith("status marker Influence is not possible now: placing an Influence")
    game.apply(s, REF, {"grant": item["id"]})
    assert s["stack"][-1]["draft"] == {"entry": "place", "power": "italy", "area": "tunis"}
    assert "The request's choice, Influence, is not possible now" in game.view(s, REF)["prompt"]
    game.apply(s, REF, console.CANCEL)
    assert s["stack"][-1]["taking"] is None and s["orders"]["italy"]["items"][0]["status"] == "open"
    game.apply(s, REF, {"refuse": item["id"], "why": "  France \u202eholds\u202c Tunis.\x07  "})
    got = game.view(s, "italy")["board"]["orders"]["italy"]["items"][0]
    assert got["status"] == "refused" and got["why"] == "France holds Tunis."  # no controls kept
    assert "France holds Tunis" not in json.dumps(game.view(s, "france"))
    with pytest.raises(IllegalAction):
        game.apply(s, REF, {"refuse": item["id"]})  # answered already
    game.apply(s, REF, {"done": 1})  # Germany's: met by other entries
    assert s["orders"]["germany"]["items"][0]["status"] == "done"


def test_a_request_whose_choices_the_referee_changed_is_not_reported_carried_out():
    """R37, R38: a request taken up is carried out "when the entry is made"; each power's report
    tells what became of its requests. The referee took up France's Influence in Morocco, went
    back over its choices and placed a German Possession in Egypt: France read "carried out"."""
    s = orders_phase()
    write(s, "france", "place", area="morocco", status="influence")
    to_entries(send_all(s))
    game.apply(s, REF, {"grant": 1})
    for _ in range(3):
        game.apply(s, REF, console.BACK)
    for step in ({"power": "germany"}, {"area": "egypt"}, {"status": "possession"}, {"established": True}):
        game.apply(s, REF, step)
    assert s["markers"]["egypt"]["germany"]["status"] == "possession"
    assert s["orders"]["france"]["items"][0]["status"] == "open"  # still France's to grant or refuse
    game.apply(s, REF, {"grant": 1})
    game.apply(s, REF, {"established": False})  # the referee's to say (R37)
    assert s["stack"][-1]["taking"] is None and s["orders"]["france"]["items"][0]["status"] == "done"


def test_a_combat_request_leaves_the_natives_strength_to_the_referee():
    """R37, L867: Germany attacks the natives in Cameroon with the units it has there."""
    s = orders_phase()
    give(s, "germany", "cameroon", 3)
    write(s, "germany", "combat", mode="colonial", where="cameroon", defender="natives")
    to_entries(send_all(s))
    game.apply(s, REF, {"grant": 1})
    assert next(iter(game.actions(s, REF)[0])) == "natives_sp"
    game.apply(s, REF, {"natives_sp": 1})
    assert s["combats"][-1]["attacker"] == "germany" and s["combats"][-1]["where"] == "cameroon"
    assert s["orders"]["germany"]["items"][0]["status"] == "done"


# ----- ending the turn: confirmed (R39), the reports (R38) ---------------------------------------------


def test_ending_the_entries_asks_to_be_confirmed_and_warns_of_open_requests():
    s = orders_phase()
    write(s, "usa", "place", area="hawaii", status="interest")
    to_entries(send_all(s))
    assert game.label(console.NEXT, s) == "end the entries of this turn (asks to confirm)"
    game.apply(s, REF, console.NEXT)
    assert s["year"] == 1880 and asking(s) == "entries"
    assert game.actions(s, REF) == [console.CONFIRM, console.BACK]
    assert game.label(console.CONFIRM, s) == "confirm: end this turn"
    prompt = game.view(s, REF)["prompt"]
    assert prompt.startswith("End the entries of 1880?") and "1 of the powers' requests are still open" in prompt
    assert game.view(s, REF)["board"]["entry"]["confirm"] is True
    game.apply(s, REF, console.BACK)
    assert console.NEXT in game.actions(s, REF) and s["year"] == 1880
    end_turn(s)
    assert s["year"] == 1884 and s["phase"] == "orders"
    assert any(line["rule"] == "R39" for line in game.log(s, None))


def test_each_power_receives_its_own_report_and_nobody_else_s():
    """R38: after the turn each power's view holds its report, with what became of its
    requests (open ones not acted on); the log's headline is the power's alone."""
    s = orders_phase()
    write(s, "britain", "place", area="egypt", status="interest")
    write(s, "britain", "build", size="m1", role="army", where="britain")
    write(s, "japan", "place", area="korea", status="interest")
    to_entries(send_all(s))
    game.apply(s, REF, {"grant": 1})
    game.apply(s, REF, {"established": False})
    game.apply(s, REF, {"refuse": 2, "why": "no money for it"})
    end_turn(s)
    assert s["year"] == 1884
    dispatches = {p: game.view(s, p)["board"].get("dispatch") for p in GREAT}
    assert all(d is not None and d["year"] == 1880 for d in dispatches.values())
    assert [(r["words"], r["status"], r["why"]) for r in dispatches["britain"]["requests"]] == [
        ("claim an Interest in Egypt", "done", ""),
        ("build an Army(1) in Great Britain", "refused", "no money for it"),
    ]
    assert [(r["words"], r["status"]) for r in dispatches["japan"]["requests"]] == [
        ("claim an Interest in Korea", "unanswered")
    ]
    assert dispatches["france"]["requests"] == []
    assert [r["power"] for r in dispatches["britain"]["report"]["powers"]] == ["britain"]
    for power in GREAT:
        mine = [x["text"] for x in game.log(s, power) if x["rule"] == "R38"]
        assert mine[0].startswith("Your report of 1880: treasury ")
        assert len([t for t in mine if t.startswith("Your report")]) == 1
    assert "Your report of" not in json.dumps(game.log(s, None)) and "dispatch" not in game.view(s, None)["board"]
    assert "dispatch" not in game.view(s, REF)["board"]
    assert "Egypt" not in json.dumps(game.view(s, "japan")["board"]["dispatch"]["requests"])
    # the orders are cleared for the new turn's
    assert all(s["orders"][p] == orders.fresh() for p in GREAT)
    assert "no money" not in json.dumps(game.view(s, "japan"))


def test_the_great_war_still_sends_the_reports():
    """R38, R20: the Great War ends the turn and the campaign; the reports are sent first."""
    s = orders_phase()
    write(s, "germany", "declare-war", target="france")
    write(s, "germany", "build", size="m1", role="army", where="germany")
    to_entries(send_all(s))
    game.apply(s, REF, {"grant": 1})
    assert books.enemies(s, "germany") == ["france"]
    enter(s, "great-war", bearer="germany")
    assert game.is_over(s)
    sent = game.view(s, "germany")["board"]["dispatch"]["requests"]
    assert [r["status"] for r in sent] == ["done", "unanswered"]


def test_answers_to_the_inbox_are_refused_when_not_open_and_change_nothing():
    s = orders_phase()
    write(s, "italy", "place", area="tripoli", status="interest")
    to_entries(send_all(s))
    before = orjson.dumps(s)
    for action in ({"grant": 9}, {"done": 9}, {"refuse": "1"}, {"refuse": 1, "why": "x" * 301}, {"grant": 1, "x": 2}):
        with pytest.raises(IllegalAction):
            game.apply(s, REF, action)
        assert orjson.dumps(s) == before
    with pytest.raises(IllegalAction):
        game.apply(s, "italy", {"grant": 1})
