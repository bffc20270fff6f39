"""Imperial Elegy end to end in a real browser (Debian's Chromium driven by
Playwright): the lobby offers the game; a six-player game with every seat human
(the test answers for the five other powers through the API) opens on the world
map (the main map and its four submaps, the naval boxes); Prussia's hand is on
Prussia's page and nowhere on Britain's; Prussia plays its first steps by clicking:
the Prep Phase choice among the orders, its home card in the hand, then in its
first impulse a card for CP in the hand and a space on the map for influence, and
a space of the zoomed-in map whose several choices come as a menu; the log tells
it each time. Screenshots are kept in artifacts/browser/."""

import httpx

from conftest import (
    act,
    as_data,
    claim,
    create_game,
    in_sync,
    invitation_for,
    order_button,
    seat_token,
    shape_of,
    shot,
    wait_for,
    watch,
)

POWERS = ("ge", "uk", "fr", "au", "ru", "ot")


def shape_for(base, game_id, token):
    return httpx.get(f"{base}/api/games/{game_id}", params={"token": token}).json()


def log_has(page, text):
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('#log .log-line')].some(l => l.textContent.includes(t))",
        arg=text,
        timeout=10000,
    )


def others_answer(base, game_id, tokens, pick):
    """Let every other power whose turn it is answer with ``pick(actions)`` until Prussia must act."""
    for _ in range(200):
        ge = shape_for(base, game_id, tokens["ge"])
        if ge["actions"]:
            return ge
        active = ge["active"]
        assert active, "nobody must act"
        role = active[0]
        shape = shape_for(base, game_id, tokens[role])
        act(base, game_id, tokens[role], pick(shape["actions"]), step=shape["step"])
    raise AssertionError("Prussia never got to act")


def simple(actions):
    for a in ("keep", "done", "confirm"):
        if a in actions:
            return a
    homes = [a for a in actions if isinstance(a, dict) and "home" in a]
    if homes:
        return homes[0]
    return actions[0]


def test_imperial_elegy_in_the_browser(server, browser):
    data = httpx.get(f"{server}/api/data/imperial-elegy").json()
    titles = {c["id"]: c["title"] for c in data["cards"] + data["home_cards"]}

    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = watch(page)

    # the lobby offers the game, six powers
    page.goto(server + "/")
    card = page.locator(".game-card.game-imperial-elegy")
    card.wait_for(timeout=15000)
    assert "Imperial Elegy" in card.inner_text()
    assert page.locator(".game-card.game-imperial-elegy .side-select option").count() == 6

    # six human seats, the page's Prussia; the test answers for the others (Britain takes its
    # seat in a browser of its own below)
    made = create_game(
        page,
        server,
        {"game": "imperial-elegy", "players": 6, "seed": 3, "seats": {p: "human" for p in POWERS}, "creator": "ge"},
    )
    game_id = made["id"]
    assert made["you"]["roles"] == ["ge"] and len(made["invitations"]) == 5
    tokens = {"ge": seat_token(page.context, game_id)}
    tokens.update({p: claim(server, invitation_for(made, p)) for p in POWERS[2:]})

    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector("svg.ie-map .ie-space", timeout=15000)
    page.wait_for_selector("#actions button", timeout=15000)
    svg_text = page.locator("svg.ie-map").text_content()
    for name in ("Berlin", "Paris", "Istanbul", "Bengal", "Madagascar", "Cuba", "Hawaii", "Baltic Sea", "Indian Ocean"):
        assert name in svg_text, name
    assert page.locator("svg.ie-map .ie-space").count() == len(data["spaces"]) == 157
    assert page.locator("svg.ie-map .ie-box").count() == 9
    assert page.locator("svg.ie-map .ie-space.t-capital[data-place='berlin'][data-owner='ge']").count() == 1
    assert page.locator("svg.ie-map .ie-space.t-key[data-place='pomerania']").count() == 1
    assert page.locator("svg.ie-map .ie-space.t-naval-base[data-place='malta'][data-owner='uk']").count() == 1
    assert page.locator("svg.ie-map .ie-counter[data-owner='ge']").count() >= 2
    assert (
        page.locator("svg.ie-map .ie-link.severe").count() > 0 and page.locator("svg.ie-map .ie-link.tsrr").count() >= 3
    )
    panel = page.locator(".ie-panel")
    assert "Turn 1 of 7" in panel.inner_text() and "Alliance Track" in panel.inner_text()
    assert page.locator(".ie-display").count() == 6
    spaces = page.locator("svg.ie-map .ie-space").count()
    lines = page.locator("svg.ie-map .ie-link").count()
    counters = page.locator("svg.ie-map .ie-counter").count()
    print(f"map: {spaces} spaces, {lines} link lines, {counters} unit counters")

    # Prussia's hand: on its own page, and nowhere on Britain's
    ge_shape = shape_for(server, game_id, tokens["ge"])
    hand = ge_shape["view"]["board"]["powers"]["ge"]["hand"]
    assert hand
    page.locator(f".ie-hand .ie-handcard[data-card='{hand[0]}']").wait_for(timeout=10000)
    hand_text = page.locator(".ie-hand").inner_text()
    for cid in hand:
        assert titles[cid] in hand_text
    other = browser.new_page(viewport={"width": 1280, "height": 800})
    other_errors = watch(other)
    other.goto(invitation_for(made, "uk")["url"])
    other.locator("#take").click()
    other.wait_for_url(f"**/play/{game_id}", timeout=15000)
    tokens["uk"] = seat_token(other.context, game_id)
    uk_board = shape_for(server, game_id, tokens["uk"])["view"]["board"]
    assert "hand" not in uk_board["powers"]["ge"]
    other.wait_for_selector("svg.ie-map .ie-space", timeout=15000)
    other.wait_for_selector(".ie-hand .ie-handcard", timeout=15000)
    assert "Your hand — Britain" in other.locator(".ie-hand").inner_text()
    body = other.locator("body").inner_text()
    for cid in hand:
        assert titles[cid] not in body, f"Britain's page shows Prussia's card {titles[cid]}"
    print(f"Prussia's hand: {[titles[c] for c in hand]}; none of them on Britain's page")
    shot(other, "ie-0-britain")
    other.close()
    shot(page, "ie-1-prep")

    # the Prep Phase: keep the hand (an order: it names no space, unit or card)
    in_sync(page, ge_shape)
    assert ge_shape["view"]["board"]["asking"] == "prep-discard"
    order_button(page, ge_shape, "keep").click()
    wait_for(
        lambda: shape_for(server, game_id, tokens["ge"])["step"] > ge_shape["step"], what="the prep choice", page=page
    )

    # the others' prep, every gift declined, until Prussia's home card
    ge_shape = others_answer(server, game_id, tokens, simple)
    while ge_shape["view"]["board"]["asking"] != "home":
        answer = "refuse" if "refuse" in ge_shape["actions"] else "done"
        assert answer in ge_shape["actions"], ge_shape["view"]["board"]["asking"]
        act(server, game_id, tokens["ge"], answer, step=ge_shape["step"])
        ge_shape = others_answer(server, game_id, tokens, simple)

    # the home card: a click in the hand
    homes = [a for a in ge_shape["actions"] if isinstance(a, dict) and "home" in a]
    home = homes[0]["home"]
    in_sync(page, ge_shape)
    button = page.locator(f".ie-handcard[data-card='{home}'] button[data-action='{as_data(homes[0])}']")
    button.wait_for(timeout=10000)
    shot(page, "ie-2-home")
    button.click()
    wait_for(
        lambda: "ge" in (shape_for(server, game_id, tokens["ge"])["view"].get("committed") or []),
        what="the home card",
        page=page,
    )
    print(f"home card chosen by a click: {titles[home]}")

    # the others choose theirs; Prussia has the first impulse
    ge_shape = others_answer(server, game_id, tokens, simple)
    assert ge_shape["view"]["board"]["phase"] == "action" and ge_shape["view"]["board"]["asking"] == "impulse"
    assert ge_shape["view"]["board"]["powers"]["ge"]["home"] == home
    in_sync(page, ge_shape)
    plays = [a for a in ge_shape["actions"] if isinstance(a, dict) and a.get("as") == "cp"]
    cards = {c["id"]: c for c in data["cards"] + data["home_cards"]}
    play = max(plays, key=lambda a: cards[a["card"]]["cp"])
    menu = page.locator(f".ie-handcard[data-card='{play['card']}'] button[data-action='{as_data(play)}']")
    menu.wait_for(timeout=10000)
    menu.click()
    page.locator(".ie-map-wrap").wait_for()
    log_has(page, f"plays {titles[play['card']]} for")
    print(f"played by a click: {titles[play['card']]} for {cards[play['card']]['cp']} CP")

    # spend: influence in a space of a submap, by a click on the map
    ge_shape = shape_for(server, game_id, tokens["ge"])
    assert ge_shape["view"]["board"]["asking"] == "spend"
    in_sync(page, ge_shape)
    influence = [a for a in ge_shape["actions"] if isinstance(a, dict) and a.get("do") == "influence"]
    assert influence
    offmain = [a for a in influence if data["spaces"][a["space"]]["map"] != "main"] or influence
    choice = offmain[0]
    where = choice["space"]
    target = page.locator(f"svg.ie-map .ie-space.actionable[data-place='{where}']")
    target.wait_for(timeout=10000)
    assert page.locator("svg.ie-map .ie-space.actionable").count() >= len({a["space"] for a in influence})
    target.hover()
    page.locator(".ie-tip:not(.hidden)").wait_for(timeout=5000)
    assert data["spaces"][where]["name"] in page.locator(".ie-tip").inner_text()
    same = [
        a
        for a in ge_shape["actions"]
        if isinstance(a, dict) and where in (a.get("space"), a.get("to"), a.get("at"), a.get("frm"))
    ]
    target.locator(".ie-sym").click()
    if len(same) > 1:
        page.locator(f".ie-menu .ie-menu-item[data-action='{as_data(choice)}']").click()
    name = data["spaces"][where]["name"]
    log_has(page, f"places influence in {name}")
    page.locator(f"svg.ie-map .ie-space[data-place='{where}'] .ie-marker[data-marker='I']").wait_for(timeout=10000)
    assert shape_for(server, game_id, tokens["ge"])["view"]["board"]["influence"][where] == "ge"
    print(f"influence placed by a click on the map: {name}")
    shot(page, "ie-3-influence")

    # a space with several choices, in Europe zoomed in: the map's menu
    ge_shape = shape_for(server, game_id, tokens["ge"])
    if ge_shape["view"]["board"].get("asking") == "spend":
        in_sync(page, ge_shape)
        by_space = {}
        for a in ge_shape["actions"]:
            if isinstance(a, dict) and isinstance(a.get("space"), str) and a["space"] in data["spaces"]:
                by_space.setdefault(a["space"], []).append(a)
        crowded = [s for s, acts in by_space.items() if len(acts) > 1]
        if crowded:
            where = crowded[0]
            page.locator(".ie-views button", has_text="Europe").click()
            page.locator("svg.ie-map.zoomed").wait_for()
            page.locator(f"svg.ie-map .ie-space.actionable[data-place='{where}'] .ie-sym").click()
            items = page.locator(".ie-menu:not(.hidden) .ie-menu-item")
            items.first.wait_for(timeout=10000)
            naming = [
                a
                for a in ge_shape["actions"]
                if isinstance(a, dict) and where in [a.get(k) for k in ("space", "to", "at", "frm")]
            ]
            assert items.count() == len(naming)
            assert data["spaces"][where]["name"] in page.locator(".ie-menu .menu-head").inner_text()
            shot(page, "ie-4-menu")
            pick = by_space[where][0]
            page.locator(f".ie-menu .ie-menu-item[data-action='{as_data(pick)}']").click()
            wait_for(
                lambda: shape_for(server, game_id, tokens["ge"])["step"] > ge_shape["step"],
                what="the menu's choice",
                page=page,
            )
            label = ge_shape["labels"][ge_shape["actions"].index(pick)]
            print(f"a menu of {len(naming)} choices on {data['spaces'][where]['name']}; chose: {label}")
            page.wait_for_timeout(300)
            shot(page, "ie-5-after-menu")
    assert not errors, errors
    assert not other_errors, other_errors


def test_the_war_panel_follows_a_war(server, browser):
    """12.17.2: once a war is declared, every seat's panel names the belligerents, the aim, the
    objectives and the budgets (the bots' choices are made through the API for all six seats)."""
    import random

    from kriegsspiel.games.imperial_elegy import bots

    made = httpx.post(
        f"{server}/api/games",
        json={
            "game": "imperial-elegy",
            "players": 6,
            "seed": 0,
            "seats": {p: "human" for p in POWERS},
            "creator": "ge",
        },
    ).json()
    game_id = made["id"]
    tokens = {"ge": made["you"]["token"]}
    tokens.update({p: claim(server, invitation_for(made, p)) for p in POWERS if p not in ("ge", "fr")})
    # France's seat is the page's: taken from the page's browser context
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = watch(page)
    taken = page.request.post(f"{server}/api/games/{game_id}/join", data={"code": invitation_for(made, "fr")["code"]})
    assert taken.ok, taken.text()
    tokens["fr"] = seat_token(page.context, game_id)
    rng = random.Random(0)
    war = None
    for _ in range(3000):
        shape = shape_for(server, game_id, tokens["ge"])
        war = shape["view"]["board"].get("war")
        if war and war.get("budget"):
            break
        role = shape["active"][0]
        mine = shape_for(server, game_id, tokens[role])
        act(server, game_id, tokens[role], bots.heuristic(mine["view"], mine["actions"], rng), step=mine["step"])
    assert war and war.get("budget"), "no war was fought"
    page.goto(f"{server}/play/{game_id}")
    panel = page.locator(".ie-card.ie-war")
    panel.wait_for(timeout=15000)
    text = panel.inner_text()
    assert "Primary belligerents" in text and "War aim" in text and "War budgets" in text
    assert "Decisive bonus" not in text and "Passes" not in text  # the flow's bookkeeping stays out
    shot(page, "ie-6-war")
    assert errors == []


def test_the_national_goals_drawn_are_shown_with_their_words_and_a_keep_button(server, browser):
    """20.11: the three national goals drawn are chosen on the hand panel, each with its title, VP and
    text and its own "Keep" button; before, the buttons gave their names only and the panel read
    "None drawn yet" beside them."""
    from test_imperial_elegy_gw_browser import DESKTOP, RENDER, blank, data_pack, game, gw_shape, open_game, proc

    from kriegsspiel.games.imperial_elegy.deck import deck

    page, errors = open_game(server, browser, DESKTOP)
    data = data_pack(server)
    s = blank()
    proc(s, "draw-goals", power="ge")
    drawn = [a["keep"] for a in game.actions(s, "ge")]
    page.evaluate(RENDER, [gw_shape(shape_of(server, page), s, "ge"), data])
    probe = page.locator("#gw-probe .ie-hand")
    text = probe.text_content()
    assert "None drawn yet" not in text and "Drawn: keep one" in text
    for g in drawn:
        card = deck().goals[g]
        assert card.title in text and card.text[:40] in text
        button = probe.locator(f"li[data-goal='{g}'] button[data-action='{as_data({'keep': g})}']")
        assert button.count() == 1
    probe.locator(f"li[data-goal='{drawn[1]}'] button").click()
    assert page.evaluate("window.gwClicked") == [{"keep": drawn[1]}]
    shot(page, "ie-goals-drawn")
    assert not errors
