"""Imperialism 1880 end to end in a real browser (Debian's Chromium driven by
Playwright).

* A referee and France, each in a browser context of their own (France takes its
  invitation), the other powers bots: France writes its orders — a claim chosen on the
  map, a note typed in the orders panel — and sends them; nobody else reads them. The
  referee finds them in the inbox beside the console, takes the claim up (the console asks
  only whether the marker is established), reads the note, ends the entries (confirmed in
  two steps), and France's board shows its report of 1880 with its request carried out.
* "Play now" in the lobby: one player takes a power against bots (the power chosen on the
  card); bots write the other orders and referee; the player's orders are answered.
* The referee plays by clicking the map; a power's seat reads its own books only; a
  spectator and the replay read the map with nothing to click; a phone's width.

The world map stands taller than before (Mercator): over 400 px at 1400×900. Screenshots
at 1400×900 and 390×844 are kept in artifacts/browser/."""

import json
import time

import httpx

from conftest import (
    as_data,
    box,
    create_game,
    in_sync,
    invitation_for,
    order_button,
    seat_token,
    settled_shape,
    shape_of,
    shot,
    wait_for,
    watch,
)

GREAT = ("britain", "france", "germany", "austria-hungary", "italy", "japan", "russia", "usa")
WIDE = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


def menu_item(page, action):
    """The item of the map's menu that submits ``action``."""
    return page.locator(f".imp-menu .imp-menu-item[data-action='{as_data(action)}']")


def panel_button(page, action):
    """A button of the board's panel (orders, inbox, confirmation) that submits ``action``."""
    return page.locator(f".imp-panel button[data-action='{as_data(action)}']")


def step_moves(base, page, shape):
    wait_for(lambda: shape_of(base, page)["step"] > shape["step"], what="the next step", page=page)


def click_and_wait(base, page, locator):
    shape = shape_of(base, page)
    in_sync(page, shape)
    locator.click()
    step_moves(base, page, shape)


def test_a_power_writes_orders_and_the_referee_reads_them_in_the_inbox(server, browser):
    seats = {r: "bot:heuristic" for r in GREAT} | {"referee": "human", "france": "human"}
    ref_context = browser.new_context(viewport=WIDE)
    ref = ref_context.new_page()
    ref_errors = watch(ref)
    made = create_game(ref, server, {"game": "imperialism-1880", "players": 9, "seed": 21, "seats": seats})
    assert made["you"]["roles"] == ["referee"]
    [invitation] = made["invitations"]
    assert invitation["roles"] == ["france"]

    # France takes its seat in a browser of its own
    fr_context = browser.new_context(viewport=WIDE)
    fr = fr_context.new_page()
    fr_errors = watch(fr)
    fr.goto(invitation_for(made, "france")["url"])
    fr.locator("#take").click()
    fr.wait_for_url(f"**/play/{made['id']}", timeout=15000)
    fr.wait_for_selector(".imp-orders", timeout=15000)
    assert "Your orders for 1880" in fr.locator(".imp-orders").text_content()
    assert "Nobody reads them before every power has sent its own" in fr.locator(".imp-orders").text_content()

    # the map stands taller than the old 320 px at 1400×900
    drawn = box(fr.locator("svg.imp-map"))
    assert drawn["height"] > 400, drawn

    # a claim: "claim a status marker" among the orders, Tunis on the map, the Influence in its menu
    shape = shape_of(server, fr)
    in_sync(fr, shape)
    order_button(fr, shape, {"request": "place"}).click()
    step_moves(server, fr, shape)
    tunis = fr.locator("svg.imp-map .imp-area.actionable[data-place='tunis']")
    tunis.wait_for(timeout=10000)
    shape = shape_of(server, fr)
    fr.locator("svg.imp-map .imp-area[data-place='tunis'] .imp-disc").click()
    step_moves(server, fr, shape)  # wait for the click's order on the server, not a fixed moment
    shape = shape_of(server, fr)
    assert shape["view"]["board"]["orders"]["france"]["writing"] == {"request": "place", "area": "tunis"}
    menu_item(fr, {"status": "influence"}).wait_for(timeout=10000)
    menu_item(fr, {"status": "influence"}).click()
    step_moves(server, fr, shape)
    fr.locator(".imp-orders .imp-req").first.wait_for(timeout=10000)
    assert "Claim an Influence in Tunis" in fr.locator(".imp-orders").text_content()

    # a note in France's own words
    note = "Paris proposes to Rome: Tunis for France, Tripoli for Italy."
    fr.locator(".imp-note-text").fill(note)
    shape = shape_of(server, fr)
    fr.locator(".imp-note-add").click()
    step_moves(server, fr, shape)
    fr.wait_for_function(
        "(t) => document.querySelector('.imp-orders').textContent.includes(t)", arg=note, timeout=10000
    )
    mine = shape_of(server, fr)["view"]["board"]["orders"]["france"]["items"]
    assert [(i["words"], i["status"]) for i in mine] == [
        ("claim an Influence in Tunis", "written"),
        (f"note: {note}", "written"),
    ]

    # nobody else reads them, not even the referee, while the others write
    referee_token = made["you"]["token"]
    ref_view = httpx.get(f"{server}/api/games/{made['id']}", params={"token": referee_token}).json()
    assert "Tripoli for Italy" not in json.dumps(ref_view)
    shot(fr, "imp-1-france-writes-1400")
    fr.set_viewport_size(PHONE)
    fr.wait_for_timeout(400)
    shot(fr, "imp-2-france-writes-390")
    fr.set_viewport_size(WIDE)

    # France sends them
    shape = shape_of(server, fr)
    in_sync(fr, shape)
    panel_button(fr, "send the orders").click()
    step_moves(server, fr, shape)
    fr.wait_for_function(
        "() => document.querySelector('.imp-orders').textContent.includes('Sent to the referee')"
        " || document.querySelector('.imp-orders').textContent.includes('inbox')",
        timeout=15000,
    )

    # the referee: the inbox beside the console, once every power has sent (the bots write meanwhile)
    ref.goto(f"{server}/play/{made['id']}")
    ref.wait_for_selector(".imp-inbox", timeout=15000)

    def referee_asked():
        board = shape_of(server, ref)["view"]["board"]
        return board["phase"] != "orders" and bool(shape_of(server, ref)["actions"])

    wait_for(referee_asked, seconds=60, what="every power's orders", page=ref)
    # the minor powers' activity first, if any: "no effect"
    while shape_of(server, ref)["view"]["board"].get("asking") == "minor_activity":
        shape = shape_of(server, ref)
        in_sync(ref, shape)
        order_button(ref, shape, {"effect": "none"}).click()
        step_moves(server, ref, shape)
    shape = shape_of(server, ref)
    assert shape["view"]["board"]["asking"] == "entries"
    france = shape["view"]["board"]["orders"]["france"]["items"]
    claim_id, note_id = france[0]["id"], france[1]["id"]
    inbox = ref.locator(".imp-inbox")
    ref.wait_for_function(
        "(t) => document.querySelector('.imp-inbox').textContent.includes(t)", arg="Tripoli for Italy", timeout=15000
    )
    text = inbox.text_content()
    assert "Claim an Influence in Tunis" in text and "France" in text
    assert inbox.locator(f"[data-power='france'] button[data-action='{as_data({'grant': claim_id})}']").count() == 1
    shot(ref, "imp-3-referee-inbox-1400")
    ref.set_viewport_size(PHONE)
    ref.wait_for_timeout(400)
    shot(ref, "imp-4-referee-inbox-390")
    ref.set_viewport_size(WIDE)

    # the referee takes the claim up: the console asks only whether the marker is established
    click_and_wait(server, ref, panel_button(ref, {"grant": claim_id}))
    shape = shape_of(server, ref)
    assert shape["view"]["board"]["entry"]["draft"] == {
        "entry": "place",
        "power": "france",
        "area": "tunis",
        "status": "influence",
    }
    assert (
        "France's request" in ref.locator(".imp-entry").text_content()
        or "Taking up request" in ref.locator(".imp-entry").text_content()
    )
    in_sync(ref, shape)
    order_button(ref, shape, {"established": True}).click()
    step_moves(server, ref, shape)
    ref.locator("svg.imp-map .imp-area[data-place='tunis'] .imp-marker[data-power='france']").wait_for(timeout=10000)

    # the note is read, with a word back
    ref.locator(f'.imp-inbox input[aria-label="the referee\'s words on request {note_id}"]').fill("Passed on to Rome.")
    click_and_wait(server, ref, panel_button(ref, {"done": note_id}))
    items = shape_of(server, ref)["view"]["board"]["orders"]["france"]["items"]
    assert [(i["status"], i["why"]) for i in items] == [("done", ""), ("done", "Passed on to Rome.")]

    # every other request refused, then the end of the entries: confirmed in two steps
    while True:
        shape = shape_of(server, ref)
        refuse = next((a for a in shape["actions"] if isinstance(a, dict) and "refuse" in a), None)
        if refuse is None:
            break
        in_sync(ref, shape)
        order_button(ref, shape, refuse).click()
        step_moves(server, ref, shape)
    click_and_wait(server, ref, ref.locator("#actions").get_by_title("End the entries of this turn (asks to confirm)"))
    ref.locator(".imp-confirm").wait_for(timeout=10000)
    assert "End the turn of 1880?" in ref.locator(".imp-confirm").text_content()
    assert shape_of(server, ref)["view"]["board"]["year"] == 1880
    shot(ref, "imp-5-referee-confirms-1400")
    click_and_wait(server, ref, panel_button(ref, "end the turn"))

    # France's report of 1880: its claim carried out, its note read with the referee's words
    fr.wait_for_selector(".imp-dispatch", timeout=30000)
    report = fr.locator(".imp-dispatch").text_content()
    assert "Your report of 1880" in report and "Claim an Influence in Tunis" in report and "carried out" in report
    assert "Passed on to Rome." in report
    fr.wait_for_function(
        "() => [...document.querySelectorAll('#log .log-line')]"
        ".some(l => l.textContent.includes('Your report of 1880'))",
        timeout=15000,
    )
    # the referee's words reached France and nobody else
    watcher = made["spectator"]["url"].split("token=")[1]
    public = httpx.get(f"{server}/api/games/{made['id']}", params={"token": watcher}).json()
    assert "Passed on to Rome" not in json.dumps(public) and "Tunis for France" not in json.dumps(public)
    shot(fr, "imp-6-france-report-1400")
    fr.set_viewport_size(PHONE)
    fr.wait_for_timeout(400)
    shot(fr, "imp-7-france-report-390")
    assert not ref_errors, ref_errors
    assert not fr_errors, fr_errors


def test_play_now_one_power_against_bots(server, browser):
    """The lobby's "Play now": the player chooses Japan on the card; bots hold every other seat."""
    page = browser.new_page(viewport=WIDE)
    errors = watch(page)
    page.goto(server + "/")
    card = page.locator(".game-card.game-imperialism-1880")
    card.wait_for(timeout=15000)
    assert "1–9 players" in card.text_content()
    card.locator("select.side-select").select_option(label="Japan")
    card.locator("button.btn.primary").click()
    page.wait_for_url("**/play/**", timeout=15000)
    page.wait_for_selector(".imp-orders", timeout=15000)
    shape = settled_shape(server, page)  # the bots' orders may still be coming in
    assert shape["role"] == "japan" and shape["roles"] == ["japan"]
    assert all(kind.startswith("bot:") for role, kind in shape["seats"].items() if role != "japan")

    # a claim in Korea by the orders list alone, then send
    order_button(page, shape, {"request": "place"}).click()
    step_moves(server, page, shape)
    shape = settled_shape(server, page)
    order_button(page, shape, {"area": "korea"}).click()
    step_moves(server, page, shape)
    shape = settled_shape(server, page)
    order_button(page, shape, {"status": "interest"}).click()
    step_moves(server, page, shape)
    click_and_wait(server, page, panel_button(page, "send the orders"))

    # the bot referee answers it; the report of 1880 comes back to Japan
    page.wait_for_selector(".imp-dispatch", timeout=90000)
    sent = shape_of(server, page)["view"]["board"]["dispatch"]
    assert sent["year"] == 1880 and [r["words"] for r in sent["requests"]] == ["claim an Interest in Korea"]
    assert sent["requests"][0]["status"] in ("done", "refused")
    assert "Your orders for 1884" in page.locator(".imp-orders").text_content()
    shot(page, "imp-8-solo-japan-1400")
    assert not errors, errors


def test_the_referee_plays_by_clicking_the_map(server, browser):
    """Solo in the referee's chair: the bots write the powers' orders; the referee places a
    German Interest in Egypt by clicking (the kind of entry among the orders, the power in
    the panel, the area on the map, the marker and its establishment in the map's menu)."""
    seats = {r: "bot:heuristic" for r in GREAT} | {"referee": "human"}
    page = browser.new_page(viewport=WIDE)
    errors = watch(page)
    made = create_game(page, server, {"game": "imperialism-1880", "players": 1, "seed": 5, "seats": seats})
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    assert page.locator("svg.imp-map .imp-area").count() == 102
    assert page.locator("svg.imp-map .imp-home").count() == 12
    assert page.locator("svg.imp-map .imp-sea").count() == 26
    assert page.locator("svg.imp-map .imp-area[data-place='cuba'] .imp-marker[data-power='spain']").count() == 1
    assert page.locator("svg.imp-map .imp-area[data-place='canada'] .imp-marker[data-status='state']").count() == 1
    svg_text = page.locator("svg.imp-map").text_content()
    assert "WEST MAP" in svg_text and "EAST MAP" in svg_text

    wait_for(lambda: shape_of(server, page)["actions"], seconds=60, what="the powers' orders", page=page)
    while shape_of(server, page)["view"]["board"].get("asking") == "minor_activity":
        shape = shape_of(server, page)
        in_sync(page, shape)
        order_button(page, shape, {"effect": "none"}).click()
        step_moves(server, page, shape)
    shape = shape_of(server, page)
    assert shape["view"]["board"]["asking"] == "entries"
    in_sync(page, shape)
    order_button(page, shape, {"entry": "place"}).click()
    pick = page.locator(f".imp-panel .imp-pick[data-action='{as_data({'power': 'germany'})}']")
    pick.wait_for(timeout=10000)
    pick.click()
    wait_for(lambda: shape_of(server, page)["view"]["board"]["entry"]["draft"].get("power") == "germany", page=page)
    page.locator("svg.imp-map .imp-area.actionable[data-place='egypt']").wait_for(timeout=10000)
    page.locator("svg.imp-map .imp-area[data-place='egypt'] .imp-disc").click()
    menu_item(page, {"status": "interest"}).wait_for(timeout=10000)
    menu_item(page, {"status": "interest"}).click()
    menu_item(page, {"established": False}).wait_for(timeout=10000)
    menu_item(page, {"established": False}).click()
    marker = page.locator("svg.imp-map .imp-area[data-place='egypt'] .imp-marker[data-power='germany']")
    marker.wait_for(timeout=10000)
    assert "unest" in marker.get_attribute("class")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log .log-line')].some(l =>"
        " l.textContent.includes('Germany places an unestablished Interest in Egypt'))",
        timeout=10000,
    )
    # "end the entries" asks first; "back" returns to the entries
    shape = shape_of(server, page)
    in_sync(page, shape)
    order_button(page, shape, "next phase").click()
    page.locator(".imp-confirm").wait_for(timeout=10000)
    click_and_wait(server, page, panel_button(page, "back"))
    assert page.locator(".imp-confirm").count() == 0 and shape_of(server, page)["view"]["board"]["year"] == 1880

    # zoomed in on Europe, the names fit
    page.locator(".imp-views button", has_text="Europe").click()
    page.locator("svg.imp-map.zoomed").wait_for()
    assert page.locator("svg.imp-map .imp-area-name:not(.crowded)[data-place='serbia']").count() == 1
    shot(page, "imp-9-europe")
    assert not errors, errors


def test_a_power_reads_its_own_books_only(server, browser):
    """Nine players: each power's seat sees its own treasury and nobody else's; a
    spectator and the replay see the map with nothing to click."""
    roles = ("referee", *GREAT)
    made = httpx.post(
        f"{server}/api/games",
        json={"game": "imperialism-1880", "players": 9, "seed": 5, "seats": {r: "human" for r in roles}},
    ).json()
    referee = made["you"]["token"]
    assert made["you"]["roles"] == ["referee"] and len(made["invitations"]) == 8

    page = browser.new_page(viewport=WIDE)
    errors = watch(page)
    page.goto(invitation_for(made, "germany")["url"])
    page.locator("#take").click()
    page.wait_for_url(f"**/play/{made['id']}", timeout=15000)
    germany_token = seat_token(page.context, made["id"])
    board = httpx.get(f"{server}/api/games/{made['id']}", params={"token": germany_token}).json()["view"]["board"]
    assert list(board["books"]) == ["germany"] and list(board["orders"]) == ["germany"]
    treasury = board["report"]["powers"][0]["treasury"]
    everyone = httpx.get(f"{server}/api/games/{made['id']}", params={"token": referee}).json()["view"]["board"]
    assert len(everyone["report"]["powers"]) == 8

    page.wait_for_selector(".imp-books", timeout=15000)
    assert "your books — germany" in page.locator(".imp-panel").text_content().lower()
    assert page.locator(".imp-powers tr[data-power='germany'] td.treasury").text_content() == str(treasury)
    for p in GREAT:
        if p != "germany":
            assert page.locator(f".imp-powers tr[data-power='{p}'] td.treasury").count() == 0
    assert page.locator(".imp-book").count() == 1
    assert page.locator(".imp-orders").count() == 1 and page.locator(".imp-inbox").count() == 0
    shot(page, "imp-10-germany-seat")

    # the referee waits for the orders: who has sent, who writes
    ref = browser.new_page(viewport=WIDE)
    ref.goto(f"{server}/play/{made['id']}?token={referee}")
    ref.wait_for_selector(".imp-inbox", timeout=15000)
    assert "Writing:" in ref.locator(".imp-inbox").text_content()

    page.goto(made["spectator"]["url"])
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    assert page.locator("svg.imp-map .imp-place.actionable").count() == 0
    assert page.locator(".imp-books").count() == 0 and page.locator(".imp-orders").count() == 0
    assert "The powers' books are private" in page.locator(".imp-panel").text_content()
    page.goto(made["spectator"]["url"].replace("/play/", "/replay/"))
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    assert page.locator(".imp.readonly").count() == 1
    assert page.locator("svg.imp-map .imp-place.actionable").count() == 0
    assert not errors, errors


def test_a_narrow_window(server, browser):
    """The board stacks into one column and keeps its map at a phone's width."""
    page = browser.new_page(viewport=PHONE)
    errors = watch(page)
    made = create_game(page, server, {"game": "imperialism-1880", "players": 1, "seed": 2})
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector("svg.imp-map .imp-area", timeout=15000)
    drawn = box(page.locator("svg.imp-map"))
    assert drawn["width"] <= 390 and drawn["height"] > 120
    panel = box(page.locator(".imp-panel"))
    assert panel["width"] <= 390
    time.sleep(0.3)
    shot(page, "imp-11-narrow")
    assert not errors, errors
