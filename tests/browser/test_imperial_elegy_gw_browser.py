"""Imperial Elegy's Great War on the browser board (Debian's Chromium driven by Playwright): a
real game page of imperial-elegy is opened, and the board module draws, in place of the page's
own SHAPE, a Great War position made with the engine (the helpers of
tests/games/imperial_elegy/ie_support.py): the GW panel (the GW turn and step, each alliance's
powers with their CP budget, stability and manpower, the turn order, the combat cards, the GW
deck), the trenches of every key from GW turn 1 and the trench battle markers with their status
on the map (and in the tooltip), the viewer's own GW card with the actions that play it as
buttons, and never another power's GW card. A second page draws the whole game page from such
a SHAPE (game.js's mock mode): every GW action is among the orders, with its words. Screenshots
are kept in artifacts/browser/ (ie-gw-*.png)."""

import json
import random
import sys
from pathlib import Path

import httpx

from conftest import ARTIFACTS, as_data, box, open_board, shape_of, shot
from conftest import data_pack as shared_data_pack

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "imperial_elegy"))
from ie_support import ALLIANCE_BOXES, answer, asking, blank, game, great_war, proc  # noqa: E402

from kriegsspiel.games.imperial_elegy import bots, world  # noqa: E402

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
POWERS = ("ge", "uk", "fr", "au", "ru", "ot")
ME = "ge"
# trench battle markers put on the position (28.1.1): "by" the Attacker's side, "adv" the side
# with the advantage (None: a deadlock)
TRENCH_BATTLES = {
    "alsace-lorraine": ({"by": "attacker", "adv": "attacker"}, "Attacker Advantage"),
    "belgium": ({"by": "attacker", "adv": None}, "Deadlock"),
    "galicia": ({"by": "defender", "adv": "attacker"}, "Defender Advantage"),
}

RENDER = """
async ([shape, data]) => {
  const m = await import("/static/boards/imperial-elegy.js");
  let box = document.getElementById("gw-probe");
  if (!box) {
    box = document.createElement("div");
    box.id = "gw-probe";
    box.style.width = "100%";
    document.body.prepend(box);
  }
  window.gwClicked = [];
  m.render(box, shape, data, (a) => window.gwClicked.push(a));
  return [...box.querySelectorAll("svg.ie-map .ie-space .ie-gw-trench")].map((n) => n.dataset.trench).sort();
}
"""

MOCK_PAGE = """
async (shape) => {
  const m = await import("/static/game.js");
  await m.start({ mock: shape });
}
"""


def gw_position():
    """The Great War's first impulse played to Prussia's GW card (gw-card), then set at GW turn 1
    (28.1: every key holds trenches) with a trench battle of each status, a combat card face
    down in front of Britain and Russia's manpower exhausted."""
    s = great_war(seed=1, until="gw-card")
    assert asking(s) == "gw-card" and game.active(s) == [ME]
    g = s["gw"]
    g["turn"] = 1
    for sid, (tb, _) in TRENCH_BATTLES.items():
        g["trenches"][sid] = dict(tb)
    for q in POWERS:  # the other combat card, played against Britain: face down in front of it
        hand = s["powers"][q]["gw_hand"]
        if "stormtroop-tactics" in hand:
            hand.remove("stormtroop-tactics")
    g["combat"]["stormtroop-tactics"] = {"holder": "uk", "up": False}
    g["exhausted"] = ["ru"]
    return s


WORDS = {"ge": "Prussia", "uk": "Britain", "fr": "France", "au": "Austria", "ru": "Russia", "ot": "Ottoman"}
"""How the board names each power."""


def gw_shape(base_shape, s, role):
    """The page's SHAPE with the position's view, actions and their words for ``role``."""
    shape = dict(base_shape)
    actions = game.actions(s, role)
    shape.update(
        {
            "role": role,
            "view": json.loads(json.dumps(game.view(s, role))),
            "actions": actions,
            "labels": [game.label(a, s) for a in actions],
            "active": game.active(s),
            "step": game.step(s, role),
            "over": False,
        }
    )
    return shape


def open_game(server, browser, viewport):
    spec = {"game": "imperial-elegy", "players": 6, "seed": 3, "seats": {p: "human" for p in POWERS}, "creator": ME}
    return open_board(browser, server, viewport, spec, "svg.ie-map .ie-space", actions_timeout=20000, settle=0)


def data_pack(server):
    return shared_data_pack(server, "imperial-elegy")


def test_the_great_war_on_the_board(server, browser):
    page, errors = open_game(server, browser, DESKTOP)
    data = data_pack(server)
    titles = {c["id"]: c["title"] for c in data["gw_cards"]}
    s = gw_position()
    shape = gw_shape(shape_of(server, page), s, ME)
    board = shape["view"]["board"]
    keys = [sid for sid, sp in data["spaces"].items() if sp["type"] in ("key", "capital", "subcapital")]

    trenches = page.evaluate(RENDER, [shape, data])
    probe = page.locator("#gw-probe")
    # 28.1: a trench marker on every key from GW turn 1 (none on a rebel space), as the engine has it
    assert trenches == sorted(sid for sid in data["spaces"] if world.trenched(s, sid))
    assert set(trenches) <= set(keys) and len(trenches) > 0
    elsewhere = "svg.ie-map .ie-space:not(.t-key):not(.t-capital):not(.t-subcapital) .ie-gw-trench"
    assert probe.locator(elsewhere).count() == 0

    # the GW panel: the turn and step, the two alliances with each power's budget
    panel = probe.locator(".ie-card.ie-gw")
    text = panel.inner_text()
    assert "The Great War" in text
    assert panel.locator("[data-field='gw-turn']").inner_text() == "GW turn 1 of 5 · Maneuver Step"
    assert panel.locator(".ie-gw-track li.now").inner_text() == "GW 1"
    budget = board["war"]["budget"]
    for side, members in board["gw"]["sides"].items():
        table = panel.locator(f"table.ie-gw-table[data-side='{side}']")
        assert table.count() == 1
        for q in members:
            row = table.locator(f"tr[data-power='{q}']")
            assert row.locator("td[data-field='budget']").inner_text() == str(budget[q]), (side, q)
            stab = row.locator("td[data-field='stability']").inner_text()
            assert stab == str(board["powers"][q]["stability"])
    assert "Triple Alliance" in text and "Triple Entente" in text
    assert panel.locator("tr[data-power='ru'] td.ie-gw-exhausted").count() == 1
    # the turn order, the US, the combat card face down, the GW deck
    order = panel.locator(".ie-gw-order li")
    assert order.count() == len(board["war"]["order"])
    assert panel.locator(".ie-gw-order li.now[data-order='ge']").count() == 1
    assert "in the neutral box" in panel.locator("dd[data-field='the-us']").inner_text()
    combat = panel.locator(".ie-gw-combat li[data-gw-card='stormtroop-tactics']").inner_text()
    assert combat == f"{titles['stormtroop-tactics']} — face down in front of Britain", combat
    assert panel.locator("dd[data-field='gw-deck']").inner_text().startswith(f"{board['gw_deck']} cards")

    # trench battle markers on the map, each with its status, and in the tooltip
    for sid, (_, status) in TRENCH_BATTLES.items():
        marker = probe.locator(f"svg.ie-map .ie-gw-tb[data-place='{sid}']")
        assert marker.count() == 1, sid
        assert marker.get_attribute("data-trench-battle") == status
        assert status in panel.locator(f".ie-gw-trenches li[data-place='{sid}']").inner_text()
    marker = probe.locator("svg.ie-map .ie-gw-tb[data-place='belgium']")
    marker.scroll_into_view_if_needed()
    marker.hover()
    tip = probe.locator(".ie-tip")
    tip.wait_for(state="visible", timeout=5000)
    assert "Trench battle marker (28.1.1) — Deadlock" in tip.inner_text(), tip.inner_text()
    assert "Trenches (28.1)" in tip.inner_text()
    drawn = box(marker)
    assert drawn and drawn["width"] > 5 and drawn["height"] > 5
    page.screenshot(
        path=str(ARTIFACTS / "ie-gw-trench-tip.png"),
        clip={"x": drawn["x"] - 140, "y": drawn["y"] - 90, "width": 420, "height": 260},
    )
    page.mouse.move(0, 0)
    # zoomed in on Europe: the trenches and the three trench battle markers
    probe.locator(".ie-views button", has_text="Europe").click()
    page.wait_for_timeout(300)
    probe.locator(".ie-map-wrap").screenshot(path=str(ARTIFACTS / "ie-gw-map-europe.png"))
    probe.locator(".ie-views button", has_text="World").click()

    # the viewer's own GW card, with the gw-card actions as buttons; never another power's card
    mine = board["powers"][ME]["gw_hand"]
    assert mine == ["technological-terror"]
    hand = probe.locator(".ie-hand")
    card = hand.locator(".ie-gw-handcard[data-gw-card='technological-terror']")
    assert titles["technological-terror"] in card.inner_text()
    assert card.locator(".ie-gw-kind").text_content() == "combat"
    buttons = card.locator("button.ie-gw-act")
    wanted = [json.dumps(a, separators=(",", ":")) for a in shape["actions"]]
    got = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
    assert sorted(got) == sorted(wanted), (got, wanted)
    for data_action, label in zip(wanted, shape["labels"], strict=True):  # each button's title: the action's words
        assert (
            card.locator(f"button[data-action='{data_action}']").get_attribute("title") == label[:1].upper() + label[1:]
        )
    others = {q: s["powers"][q]["gw_hand"] for q in POWERS if q != ME}
    probe_text = probe.inner_text()
    for q, cards in others.items():
        for cid in cards:
            assert titles[cid] not in probe_text, f"Prussia's board shows {q}'s GW card {titles[cid]}"
    play = {"gw_play": "technological-terror", "use": "bonus"}
    card.locator(f"button[data-action='{json.dumps(play, separators=(',', ':'))}']").click()
    assert page.evaluate("() => window.gwClicked") == [play]

    probe.locator(".ie-gw-panel").screenshot(path=str(ARTIFACTS / "ie-gw-panel.png"))
    probe.locator(".ie-hand").screenshot(path=str(ARTIFACTS / "ie-gw-hand.png"))
    shot(page, "ie-gw-board")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(400)
    assert page.evaluate(RENDER, [shape, data]) == trenches
    probe.locator(".ie-gw-panel").screenshot(path=str(ARTIFACTS / "ie-gw-panel-phone.png"))
    probe.locator(".ie-hand").screenshot(path=str(ARTIFACTS / "ie-gw-hand-phone.png"))
    shot(page, "ie-gw-board-phone")
    # on a phone the panel stays within the screen
    width = page.evaluate("() => document.querySelector('#gw-probe .ie-gw-panel').getBoundingClientRect().right")
    assert width <= PHONE["width"] + 1, width

    # another power's view of the same position: its own card (if any), never Prussia's
    uk = gw_shape(shape_of(server, page), s, "uk")
    page.set_viewport_size(DESKTOP)
    page.evaluate(RENDER, [uk, data])
    uk_text = probe.inner_text()
    assert titles["technological-terror"] not in uk_text.split("The Great War")[0]
    assert probe.locator(".ie-hand .ie-gw-handcard[data-gw-card='technological-terror']").count() == 0
    for cid in s["powers"]["uk"]["gw_hand"]:
        assert probe.locator(f".ie-hand .ie-gw-handcard[data-gw-card='{cid}']").count() == 1
    assert json.dumps(errors) == "[]", errors


def test_every_great_war_action_is_an_order_with_its_words(server, browser):
    """The whole game page drawn from the positions of a Great War (game.js's mock mode), from
    its outbreak on, the choices made by the heuristic bot (the Ottoman Empire neutral, so that
    a neutral plays its GW card): each state the GW asks a player (the national will's boosts,
    the turn order, a gift, the impulse, the GW card, a choice, a neutral's card, a combat
    card) lists every legal action among the orders, with its words, never as raw data; the GW
    cards the actions play are buttons on the card in the hand."""
    page, errors = open_game(server, browser, DESKTOP)
    base = shape_of(server, page)
    html = httpx.get(f"{server}/static/game.html").text
    assert '<body class="page-game">' in html
    html = html.replace('<body class="page-game">', '<body class="page-game" data-dev="1">')  # start() waits
    page.route(f"{server}/mock/great-war", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(f"{server}/mock/great-war")

    s = blank(2, no_great_war_turns=False)
    for q, where in {**ALLIANCE_BOXES, "ot": "neutral"}.items():
        s["powers"][q]["alliance"] = where
    proc(s, "great-war", reason="a test")
    rng = random.Random(0)
    seen = {}
    for _ in range(3000):
        if not s["stack"]:
            break
        state = asking(s)
        role = game.active(s)[0]
        actions = game.actions(s, role)
        if state.startswith("gw-") and state not in seen:
            labels = [game.label(a, s) for a in actions]
            for a, label in zip(actions, labels, strict=True):
                assert label and not label.lstrip().startswith(("{", "[", '"')), (state, a, label)
            shape = gw_shape(base, s, role)
            page.evaluate(MOCK_PAGE, shape)
            page.wait_for_function(
                "([n, step]) => document.querySelector('#actions').dataset.step === step"
                " && document.querySelectorAll('#actions button').length === n",
                arg=[len(actions), str(shape["step"])],
            )
            titles = [page.locator("#actions button").nth(i).get_attribute("title") for i in range(len(actions))]
            for label in labels:
                assert label[:1].upper() + label[1:] in titles, (state, label, titles)
            for a in actions:  # a GW card played: a button on the card in the hand as well
                cid = isinstance(a, dict) and (a.get("gw_play") or a.get("combat"))
                if cid:
                    button = f"#board .ie-hand .ie-gw-handcard[data-gw-card='{cid}'] button[data-action='{as_data(a)}']"
                    assert page.locator(button).count() == 1, (state, a)
            # the turn card says in words whom the game waits on, never the question's raw name
            waiting = page.locator("#board .ie-waiting").text_content()
            who = WORDS[role]
            assert who.lower() in waiting.lower() and state not in waiting, (state, waiting)
            seen[state] = len(actions)
            if state in ("gw-impulse", "gw-card", "gw-neutral-card", "gw-combat-card"):
                shot(page, f"ie-gw-page-{state}")
        answer(s, role, bots.heuristic(game.view(s, role), actions, rng))
    assert {"gw-order", "gw-impulse", "gw-card", "gw-choose"} <= set(seen), seen
    print(f"GW states shown with their orders (state: number of orders): {seen}")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(400)
    shot(page, "ie-gw-page-phone")
    # the board scrolls on its own on a phone: the GW panel and the GW card are reached there
    for part, name in ((".ie-hand .ie-gw-handcard", "hand"), (".ie-gw-panel", "panel")):
        target = page.locator(f"#board {part}").first
        target.scroll_into_view_if_needed()
        drawn = box(target)
        assert drawn and drawn["x"] >= 0 and drawn["x"] + drawn["width"] <= PHONE["width"] + 1, (part, drawn)
        page.screenshot(path=str(ARTIFACTS / f"ie-gw-page-phone-{name}.png"))
    assert json.dumps(errors) == "[]", errors
