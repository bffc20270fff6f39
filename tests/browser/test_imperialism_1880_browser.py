"""Imperialism 1880 end to end in a real browser (Debian's Chromium driven by
Playwright): "Play now" gives one player the referee's console with every seat; the
world map is drawn; the referee places a German Interest in Egypt by clicking (the kind
of entry among the orders, the power in the panel, the area on the map, the marker and
its establishment in the map's menu), sees it on the map and in the log (L58), and goes
on phase by phase into 1884, where the turn report shows the new year and Germany's new
income. A nine-player game: a power's seat reads its own books and nobody else's; a
spectator and the replay see the map with nothing to click. Screenshots are kept in
artifacts/browser/."""

import time

import httpx

from conftest import (
    as_data,
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

GREAT = ("britain", "france", "germany", "austria-hungary", "italy", "japan", "russia", "usa")


def menu_item(page, action):
    """The item of the map's menu that submits ``action``."""
    return page.locator(f".imp-menu .imp-menu-item[data-action='{as_data(action)}']")


def answer_until_entries(base, page):
    """Answer the minor powers' activity ("no effect") until the referee's entries."""
    while True:
        shape = shape_of(base, page)
        asking = shape["view"]["board"].get("asking")
        if asking == "entries":
            in_sync(page, shape)
            return shape
        assert asking == "minor_activity", asking
        in_sync(page, shape)
        order_button(page, shape, {"effect": "none"}).click()
        wait_for(lambda step=shape["step"]: shape_of(base, page)["step"] > step, what="the minor's activity", page=page)


def test_the_referee_plays_by_clicking_the_map(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch(page)

    # the lobby offers the game; "Play now": one player, the referee with every seat
    page.goto(server + "/")
    card = page.locator(".game-card.game-imperialism-1880")
    card.wait_for(timeout=15000)
    assert "Imperialism 1880" in card.inner_text() and "referee" in card.inner_text()
    card.locator("button.btn.primary").click()
    page.wait_for_url("**/play/**", timeout=15000)

    # the world map: every area, home country and sea zone, the markers of 1880
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    page.wait_for_selector("#actions button", timeout=15000)
    svg_text = page.locator("svg.imp-map").text_content()
    for name in ("Egypt", "Manchuria", "Cuba", "Hawaii", "Cape Colony", "Caribbean", "Great Britain"):
        assert name in svg_text
    assert page.locator("svg.imp-map .imp-area").count() == 102
    assert page.locator("svg.imp-map .imp-home").count() == 12
    assert page.locator("svg.imp-map .imp-sea").count() == 26
    assert page.locator("svg.imp-map .imp-area[data-place='cuba'] .imp-marker[data-power='spain']").count() == 1
    assert page.locator("svg.imp-map .imp-area[data-place='canada'] .imp-marker[data-status='state']").count() == 1
    assert page.locator("svg.imp-map .imp-area[data-place='kongo'] .imp-marker.unest").count() == 1
    assert "WEST MAP" in svg_text and "EAST MAP" in svg_text

    shape = answer_until_entries(server, page)
    board = shape["view"]["board"]
    assert board["year"] == 1880
    germany_1880 = next(r for r in board["report"]["powers"] if r["power"] == "germany")
    panel = page.locator(".imp-panel")
    assert "1880 · Game Turn 1 of 10" in panel.inner_text()
    assert "european tensions index" in panel.inner_text().lower()
    shot(page, "imp-1-map")

    # the kind of entry among the orders, the power in the panel
    order_button(page, shape, {"entry": "place"}).click()
    pick = page.locator(f".imp-panel .imp-pick[data-action='{as_data({'power': 'germany'})}']")
    pick.wait_for(timeout=10000)
    pick.click()
    wait_for(lambda: shape_of(server, page)["view"]["board"]["entry"]["draft"].get("power") == "germany", page=page)

    # every area is a click now; an order's button lights up its area
    egypt = page.locator("svg.imp-map .imp-area.actionable[data-place='egypt']")
    egypt.wait_for(timeout=10000)
    assert page.locator("svg.imp-map .imp-area.actionable").count() == 102
    shape = shape_of(server, page)
    in_sync(page, shape)
    order_button(page, shape, {"area": "egypt"}).hover()
    page.locator("svg.imp-map .imp-area.hl[data-place='egypt']").wait_for(timeout=5000)
    page.mouse.move(5, 790)
    egypt.hover()
    page.locator(".imp-tip:not(.hidden)").wait_for(timeout=5000)
    assert "Egypt" in page.locator(".imp-tip").inner_text()

    # the area on the map; then the marker and its establishment in the map's menu
    page.locator("svg.imp-map .imp-area[data-place='egypt'] .imp-disc").click()
    menu_item(page, {"status": "interest"}).wait_for(timeout=10000)
    assert "Egypt" in page.locator(".imp-menu .menu-head").inner_text()
    assert "Germany" in page.locator(".imp-entry").inner_text()
    shot(page, "imp-2-menu")
    menu_item(page, {"status": "interest"}).click()
    menu_item(page, {"established": False}).wait_for(timeout=10000)
    menu_item(page, {"established": False}).click()

    marker = page.locator("svg.imp-map .imp-area[data-place='egypt'] .imp-marker[data-power='germany']")
    marker.wait_for(timeout=10000)
    assert marker.get_attribute("data-status") == "interest"
    assert "unest" in marker.get_attribute("class")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log .log-line')].some(l => l.textContent.includes('L58')"
        " && l.textContent.includes('Germany places an unestablished Interest in Egypt'))",
        timeout=10000,
    )
    markers = shape_of(server, page)["view"]["board"]["markers"]["egypt"]
    assert markers["germany"]["status"] == "interest" and not markers["germany"]["established"]
    assert page.locator(".imp-menu:not(.hidden)").count() == 0
    shot(page, "imp-3-marker-placed")

    # "next phase" until the year changes
    deadline = time.time() + 120
    while time.time() < deadline:
        shape = shape_of(server, page)
        board = shape["view"]["board"]
        if board["year"] != 1880 and board.get("asking") == "entries":
            break
        in_sync(page, shape)
        if "next phase" in shape["actions"]:
            order_button(page, shape, "next phase").click()
        elif board.get("asking") == "minor_activity":
            order_button(page, shape, {"effect": "none"}).click()
        elif board.get("asking") == "war_end":
            order_button(page, shape, "continue").click()
        else:
            raise AssertionError(f"unexpected question {board.get('asking')}")
        wait_for(lambda step=shape["step"]: shape_of(server, page)["step"] > step, what="the next phase", page=page)
    board = shape_of(server, page)["view"]["board"]
    assert board["year"] == 1884 and board["report"]["year"] == 1884
    germany = next(r for r in board["report"]["powers"] if r["power"] == "germany")
    assert germany["income"] != germany_1880["income"]
    page.wait_for_function("() => document.querySelector('.imp-turn h3').textContent.includes('1884')", timeout=10000)
    row = page.locator(".imp-powers tr[data-power='germany'] td")
    page.wait_for_function(
        "(n) => document.querySelectorAll(\".imp-powers tr[data-power='germany'] td\")[4].textContent === n",
        arg=str(germany["income"]),
        timeout=10000,
    )
    assert row.nth(3).inner_text() == str(germany["treasury"])
    assert page.locator(".imp-track li.now").inner_text().startswith("1884")
    assert "Referee entries" in page.locator(".imp-turn").inner_text()
    page.wait_for_timeout(300)
    shot(page, "imp-4-1884")

    # zoomed in on Europe, the names fit
    page.locator(".imp-views button", has_text="Europe").click()
    page.locator("svg.imp-map.zoomed").wait_for()
    assert page.locator("svg.imp-map .imp-area-name:not(.crowded)[data-place='serbia']").count() == 1
    shot(page, "imp-5-europe")
    assert not errors, errors


def test_a_power_reads_its_own_books_only(server, browser):
    """Nine players: each power's seat sees its own treasury and nobody else's; a
    spectator and the replay see the map with nothing to click."""
    roles = ("referee", *GREAT)
    made = httpx.post(
        f"{server}/api/games",
        json={"game": "imperialism-1880", "players": 9, "seed": 5, "seats": {r: "human" for r in roles}},
    ).json()
    referee = made["you"]["token"]  # the creator's seat: the first human one
    assert made["you"]["roles"] == ["referee"] and len(made["invitations"]) == 8

    # Germany's player takes the seat from the invitation, in the browser
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch(page)
    page.goto(invitation_for(made, "germany")["url"])
    page.locator("#take").click()
    page.wait_for_url(f"**/play/{made['id']}", timeout=15000)
    germany_token = seat_token(page.context, made["id"])
    view = httpx.get(f"{server}/api/games/{made['id']}", params={"token": germany_token}).json()["view"]
    board = view["board"]
    assert list(board["books"]) == ["germany"]
    own = board["report"]["powers"]
    assert [r["power"] for r in own] == ["germany"]
    treasury = own[0]["treasury"]
    everyone = httpx.get(f"{server}/api/games/{made['id']}", params={"token": referee}).json()["view"]["board"]
    assert len(everyone["report"]["powers"]) == 8

    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    page.wait_for_selector(".imp-books", timeout=15000)
    text = page.locator(".imp-panel").inner_text()
    assert "your books — germany" in text.lower()
    assert f"Treasury {treasury}" in page.locator(".imp-books").inner_text()
    assert page.locator(".imp-powers tr[data-power='germany'] td.treasury").inner_text() == str(treasury)
    for p in GREAT:
        if p == "germany":
            continue
        assert page.locator(f".imp-powers tr[data-power='{p}'] td.treasury").count() == 0
        assert "—" in page.locator(f".imp-powers tr[data-power='{p}']").inner_text()
    assert page.locator(".imp-book").count() == 1
    assert "the other powers' treasuries are theirs to know" in text
    assert page.locator("svg.imp-map .imp-place.actionable").count() == 0
    assert page.locator(".imp-pick").count() == 0
    assert "Nothing to order now." in page.locator("#actions").inner_text()
    shot(page, "imp-6-germany-seat")

    # a spectator: the public state, nothing to click; the replay: read-only
    page.goto(made["spectator"]["url"])
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    assert page.locator("svg.imp-map .imp-place.actionable").count() == 0
    assert page.locator(".imp-books").count() == 0
    assert "The powers' books are private" in page.locator(".imp-panel").inner_text()
    page.goto(made["spectator"]["url"].replace("/play/", "/replay/"))
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    assert page.locator(".imp.readonly").count() == 1
    assert page.locator("svg.imp-map .imp-place.actionable").count() == 0
    shot(page, "imp-7-replay")
    assert not errors, errors


def test_a_narrow_window(server, browser):
    """The board stacks into one column and keeps its map at a phone's width."""
    page = browser.new_page(viewport={"width": 420, "height": 860})
    errors = watch(page)
    made = create_game(page, server, {"game": "imperialism-1880", "players": 1, "seed": 2})
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    box = page.locator("svg.imp-map").bounding_box()
    assert box["width"] <= 420 and box["height"] > 100
    panel = page.locator(".imp-panel").bounding_box()
    assert panel["width"] <= 420
    shot(page, "imp-8-narrow")
    assert not errors, errors
