"""What a player reads of its requests (a new player's review of the web product): the
bot referee says why it refuses (R37, R38, the guide's section 11); a unit build says
what it costs — nothing, the sheet prices no unit (R7, R13) — and its sizes say what
they are (M10, M3, M1: units of 10, 3 and 1 strength points, L819); the log's words
read as English ("an Army(3)"); the withdraw buttons name the request they withdraw."""

import json
import re

from console_support import GREAT, REF, asking, game, plant, to_entries, write

import kriegsspiel
from kriegsspiel.engine.rng import bot_random
from kriegsspiel.games.imperialism_1880 import books, orders
from kriegsspiel.games.imperialism_1880.bots import heuristic


def orders_phase(seed=1):
    s = game.new(seed=seed, players=9, options={})
    assert asking(s) == "orders"
    return s


def send_all(s):
    for power in GREAT:
        if power in game.active(s):
            game.apply(s, power, orders.SUBMIT)
    return s


def referee_bot_ends_the_turn(s):
    """The referee's bot answers the inbox and makes its entries until the turn is over."""
    year = s["year"]
    while s["year"] == year and not game.is_over(s):
        assert game.active(s) == [REF], game.active(s)
        game.apply(s, REF, heuristic(game.view(s, REF), game.actions(s, REF), bot_random(s, REF)))
    return s


def refusals(s, role):
    return [x["text"] for x in game.log(s, role) if x["text"].startswith("The referee refuses")]


# ----- 1. the bot referee says why it refuses (R37, R38) ---------------------------------------------------


def test_the_bot_referee_says_why_it_refuses_in_the_log_and_the_report():
    """Britain asks to establish its unestablished Influence in Egypt with no troops there;
    Germany proposes a treaty Britain never asked for; Japan asks to establish a marker it
    no longer has. The referee's bot refuses all three, each with its reason, in the log
    line the power reads and in its turn report."""
    s = orders_phase()
    plant(s, "britain", "egypt", "influence", established=False)
    plant(s, "japan", "korea", "interest", established=False)
    write(s, "britain", "establish", area="egypt")
    write(s, "germany", "treaty", second="britain", kind="defensive", stipulation="none")
    write(s, "japan", "establish", area="korea")
    to_entries(send_all(s))
    s["markers"]["korea"]["japan"]["established"] = True  # established since it was asked for
    referee_bot_ends_the_turn(s)
    lines = {p: refusals(s, p) for p in ("britain", "germany", "japan")}
    assert lines["britain"] == [
        "The referee refuses Britain's request 1 (establish its marker in Egypt): Britain has no army unit in "
        "Egypt, and the referee establishes a marker only where the power has troops."
    ]
    assert lines["germany"] == [
        "The referee refuses Germany's request 2 (propose a defensive treaty to Britain (no shared Casus Belli)): "
        "Britain has not agreed to it: the referee makes a treaty only when both parties ask for it in the same turn."
    ]
    assert lines["japan"] == [
        "The referee refuses Japan's request 3 (establish its marker in Korea): "
        "Japan's marker in Korea is established already."
    ]
    for power, words in (("britain", "no army unit in Egypt"), ("germany", "has not agreed"), ("japan", "already")):
        sent = game.view(s, power)["board"]["dispatch"]["requests"]
        assert [r["status"] for r in sent] == ["refused"]
        assert words in sent[0]["why"], sent
    assert "Egypt" not in json.dumps(refusals(s, "japan")) and not refusals(s, None)


def test_every_refusal_of_the_bot_referee_in_a_campaign_has_a_reason():
    """A campaign of bots: whatever the bot referee refuses, it says why (never an empty
    answer), in the power's log and in its report."""
    s = game.new(seed=3, players=9, options={"great_war_eti": 0})
    bots = {r: kriegsspiel.bot("imperialism-1880", game.bot_for(s, r)) for r in s["roles"]}
    reported = {}
    while not game.is_over(s) and s["year"] <= 1896:
        role = game.active(s)[0]
        s = game.apply(s, role, bots[role](game.view(s, role), game.actions(s, role), bot_random(s, role)))
        for p, sent in s["dispatches"].items():
            for r in sent["requests"]:
                if r["status"] == "refused":
                    reported[(p, sent["year"], r["id"])] = r["why"]
    lines = refusals(s, REF)
    assert len(lines) >= 5  # the campaign refused something
    assert all("): " in line for line in lines), [x for x in lines if "): " not in x]
    assert not [x for x in lines if re.search(r"\b[LRC]\d+\b", x)]  # the log's words carry no citation
    assert reported and all(reported.values()), [k for k, why in reported.items() if not why]


def test_a_reason_for_the_log_drops_its_citations():
    """The log's words carry no citation (its line's rule links the guide): the reasons the
    console gives with their lines lose them when they become a refusal's words."""
    assert orders.uncited("no M10 counter left: all 4 are in play (counter mix, L819)") == (
        "no M10 counter left: all 4 are in play (counter mix)"
    )
    assert orders.uncited("is prohibited by France's established Possession in Tunis (L58: XX)") == (
        "is prohibited by France's established Possession in Tunis"
    )
    assert orders.uncited("a Congress is in session already (L156), (R9, R40) no (war)") == (
        "a Congress is in session already, no (war)"
    )


# ----- 2. what a build costs (R7, R13, L819, L156) ---------------------------------------------------------


def test_a_build_says_it_costs_nothing_and_the_treasury_does_not_move():
    """R13: the sheet prices no unit (its only costs are the maintenance and army upkeep of
    L916): the build request's prompt says so while it is written, the build's log line says
    so, and the treasury stays as it was."""
    s = orders_phase()
    game.apply(s, "britain", {"request": "build"})
    prompt = game.view(s, "britain")["prompt"]
    assert "costs nothing to build" in prompt and "R13" in prompt and "army upkeep" in prompt
    game.apply(s, "britain", {"size": "m3"})
    game.apply(s, "britain", {"role": "army"})
    assert "costs nothing to build" in game.view(s, "britain")["prompt"]
    game.apply(s, "britain", {"where": "cape-colony"})
    to_entries(send_all(s))
    before = s["books"]["britain"]["treasury"]
    game.apply(s, REF, {"grant": 1})
    assert s["books"]["britain"]["treasury"] == before
    line = [x["text"] for x in game.log(s, "britain") if x["rule"] == "R13"][-1]
    assert line.startswith("Britain builds an Army(3) unit in Cape Colony")
    assert "costs nothing" in line


def test_the_referee_s_build_entry_says_it_costs_nothing_too():
    s = orders_phase()
    to_entries(send_all(s))
    game.apply(s, REF, {"entry": "build"})
    game.apply(s, REF, {"power": "france"})
    assert "costs nothing to build" in game.view(s, REF)["prompt"]


def test_the_log_says_an_army_and_a_naval():
    """English: "an Army(3) unit", "a Naval(10) unit" (L156's names), built or disbanded or moved."""
    s = orders_phase()
    to_entries(send_all(s))
    books.build(s, "britain", "m3", "army", "britain")
    books.move(s, "britain", "m3-army", "britain", "egypt")
    books.disband(s, "britain", "m3", "army", "egypt")
    books.build(s, "britain", "m10", "naval", "britain")
    texts = [x["text"] for x in game.log(s, "britain") if x["rule"] == "R13"]
    assert texts[-4].startswith("Britain builds an Army(3) unit in Great Britain")
    assert texts[-3] == "Britain moves an Army(3) unit from Great Britain to Egypt."
    assert texts[-2] == "Britain disbands an Army(3) unit in Egypt."
    assert texts[-1].startswith("Britain builds a Naval(10) unit in Great Britain")
    assert not any(" a Army" in t for t in texts)


# ----- 3. the sizes say what they are (L819) ---------------------------------------------------------------


def test_the_unit_sizes_and_roles_say_what_they_are():
    """L819: "M10 M3 M1 ... Military units are used as both Army or Naval units"; their
    strength points are 10, 3 and 1 (L867, L915; R14). The labels the player reads say so."""
    s = orders_phase()
    game.apply(s, "britain", {"request": "build"})
    acts = game.actions(s, "britain")
    labels = [game.label(a, s) for a in acts if isinstance(a, dict)]
    assert labels == [
        "M10: a unit of 10 strength points, an Army(10) or a Naval(10)",
        "M3: a unit of 3 strength points, an Army(3) or a Naval(3)",
        "M1: a unit of 1 strength point, an Army(1) or a Naval(1)",
    ]
    assert "counter mix (L819)" in game.view(s, "britain")["prompt"]
    game.apply(s, "britain", {"size": "m3"})
    labels = [game.label(a, s) for a in game.actions(s, "britain") if isinstance(a, dict)]
    assert labels == ["army (on land)", "naval (a fleet, at sea)"]


# ----- 4. withdraw names the request ------------------------------------------------------------------------


def test_the_withdraw_buttons_name_the_request_they_withdraw():
    s = orders_phase()
    write(s, "britain", "build", size="m3", role="army", where="cape-colony")
    write(s, "britain", "place", area="egypt", status="influence")
    game.apply(s, "britain", {"note": "we will keep the peace"})
    withdraws = [a for a in game.actions(s, "britain") if isinstance(a, dict) and "withdraw" in a]
    assert [game.label(a, s) for a in withdraws] == [
        "withdraw request 1 (build an Army(3) in Cape Colony)",
        "withdraw request 2 (claim an Influence in Egypt)",
        "withdraw request 3 (note: we will keep the peace)",
    ]
    game.apply(s, "britain", withdraws[0])
    assert [i["kind"] for i in s["orders"]["britain"]["items"]] == ["place", "note"]
    game.apply(s, "britain", {"withdraw": 2})  # the old form still withdraws (a record replays)
    assert [i["kind"] for i in s["orders"]["britain"]["items"]] == ["place"]
    # another power's menu names its own requests, never Britain's
    write(s, "france", "place", area="tunis", status="influence")
    label = [game.label(a, s) for a in game.actions(s, "france") if isinstance(a, dict) and "withdraw" in a]
    assert label == ["withdraw request 1 (claim an Influence in Tunis)"]
