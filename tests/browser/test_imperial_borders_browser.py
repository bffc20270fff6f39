"""Imperial Borders end to end in a real browser (Debian's Chromium driven by
Playwright): the lobby offers the game; a six-player historical game with one
human seat (France) and bots elsewhere opens on the map of Europe; France plots
an order by clicking the map, bids, and carries out its On the March turn by
clicking its order and its forces on the map, and the log moves on. Screenshots
are kept in artifacts/browser/."""

import json
import time

import httpx

from conftest import shape_of, shot, watch


def asking(base, page):
    """The question put to the page's nation now (None while the others act)."""
    shape = shape_of(base, page)
    return shape["view"]["board"].get("asking") if shape["actions"] else None


def wait_for(condition, seconds=60, what="the game", page=None):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.2)
    refused = page.locator("#action-error:not(.hidden)") if page is not None else None
    why = f" (the page says: {refused.inner_text()})" if refused is not None and refused.count() else ""
    raise AssertionError(f"timed out waiting for {what}{why}")


def synced(server, page, seconds=15):
    """The server's SHAPE of the page's seat once the page shows it: its orders, its prompt, its
    step. The server is asked again while waiting: a bot's choice at a simultaneous step moves
    France's step on, and the page is then to show that newer state."""
    deadline = time.time() + seconds
    while True:
        shape = shape_of(server, page)
        wanted = [len(shape["actions"]), shape["view"].get("prompt") or "", str(shape["step"])]
        shown = page.evaluate(
            "() => [document.querySelectorAll('#actions button').length,"
            " document.querySelector('#prompt').textContent, document.querySelector('#actions').dataset.step]"
        )
        if shown == wanted:
            return shape
        if time.time() > deadline:
            raise AssertionError(f"the page shows {shown} (orders, prompt, step); the server offers {wanted}")
        time.sleep(0.1)


def taken(page):
    """Whether the order just clicked was taken, once its answer has come: False if the server
    refused it because a bot's move had overtaken it (409; the page says so and shows the
    orders of now)."""
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=15000)
    return not page.locator("#action-error.note:not(.hidden)").count()


def click_region(page, region):
    """Click a region of the map where its name stands (its point is inside its shape)."""
    page.locator(f'svg.ib-map .ib-label[data-region="{region}"]').click()


def order_button(page, shape, action):
    """Click the orders panel's button for ``action`` (its title is the action's label)."""
    label = shape["labels"][shape["actions"].index(action)]
    page.locator("#actions").get_by_title(label[:1].upper() + label[1:], exact=True).click()


def menu_item(page, action):
    """The item of the map's menu that submits ``action``."""
    return page.locator(f".ib-menu .ib-menu-item[data-action='{json.dumps(action, separators=(',', ':'))}']")


def test_imperial_borders_in_the_browser(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch(page, expected=(409,))  # an order a bot's move overtook is refused, and the page shows why

    # the lobby offers the game; a new game: 6 players, the historical set-up, France human
    page.goto(server + "/")
    card = page.locator(".game-card.game-imperial-borders")
    card.wait_for(timeout=15000)
    assert "Imperial Borders" in card.inner_text()
    page.locator("#f-game").select_option("imperial-borders")
    page.locator("#f-players").select_option("6")
    page.locator("#f-scenario").select_option("historical")
    page.locator("#f-seed").fill("1")
    assert page.locator('select[name="seat-france"]').input_value() == "human"
    for nation in ("austria", "prussia", "great-britain", "russia", "spain"):
        assert page.locator(f'select[name="seat-{nation}"]').input_value().startswith("bot:")
    page.locator("#new-form button[type=submit]").click()
    page.wait_for_url("**/play/**", timeout=15000)  # nobody to invite: straight to the game
    assert "token=" not in page.url

    # the map: every territory by name, France's forces on it
    page.wait_for_selector("svg.ib-map .ib-territory", timeout=15000)
    page.wait_for_selector("#actions button", timeout=30000)
    svg_text = page.locator("svg.ib-map").text_content()
    for name in ("Lorraine", "Castile", "Île-de-France", "Bohemia-Styria", "St. Petersburg"):
        assert name in svg_text
    assert page.locator("svg.ib-map .ib-territory").count() == 70
    assert page.locator("svg.ib-map .ib-chip[data-chip^='france@']").count() >= 5
    assert page.locator("svg.ib-map .ib-offlimits path").count() == 2
    assert "Game Round 1" in page.locator(".ib-panel").inner_text()
    shot(page, "ib-1-orders")
    assert asking(server, page) == "orders_plot"
    # the bots plot in secret; each sealing its orders moves France's step on
    wait_for(lambda: shape_of(server, page)["active"] == ["france"], what="the bots' sealed orders")
    first_log = page.locator("#log").inner_text()

    # Phase 2: plot one order by clicking the map: from Lorraine to Luxembourg, 1 force
    click_region(page, "lorraine")
    wait_for(lambda: shape_of(server, page)["view"]["board"]["orders"]["france"], what="the order's origin")
    page.wait_for_selector('svg.ib-map .ib-label[data-region="luxembourg"]')
    page.locator('svg.ib-map .ib-territory.actionable[data-region="luxembourg"]').wait_for(timeout=10000)
    click_region(page, "luxembourg")
    wait_for(
        lambda: shape_of(server, page)["view"]["board"]["orders"]["france"][-1]["path"] == ["luxembourg"],
        what="the path",
    )
    page.locator("svg.ib-map .ib-order.st-drafting").wait_for(timeout=10000)
    click_region(page, "luxembourg")  # the end of the path: how many forces go
    page.locator(".ib-menu .ib-menu-item").first.wait_for(timeout=10000)
    shot(page, "ib-2-count-menu")
    menu_item(page, {"count": 1}).click()
    wait_for(
        lambda: shape_of(server, page)["view"]["board"]["orders"]["france"][-1]["status"] == "plotted", what="the order"
    )
    page.locator("svg.ib-map .ib-order.st-plotted").wait_for(timeout=10000)
    assert "Luxembourg" in page.locator(".ib-order-list").inner_text()
    shot(page, "ib-3-order-plotted")
    page.get_by_role("button", name="zoom in").click()
    page.get_by_role("button", name="zoom in").click()
    page.locator("svg.ib-map.zoomed").wait_for()
    shot(page, "ib-3b-zoomed")
    page.get_by_role("button", name="whole map").click()
    page.locator("svg.ib-map:not(.zoomed)").wait_for()
    order_button(page, synced(server, page), "done")

    # Phase 3: a bid for the Turn Order (and a slot, if France bid highest); the bots' secret
    # bids, each moving France's step on, come first
    wait_for(lambda: asking(server, page) == "bid", what="the bids")
    wait_for(lambda: shape_of(server, page)["active"] == ["france"], what="the bots' bids")
    shape = synced(server, page)
    gold = shape["view"]["board"]["gold"]["france"]
    order_button(page, shape, {"bid": 2})
    wait_for(lambda: asking(server, page) != "bid", what="the other bids", page=page)
    board = shape_of(server, page)["view"]["board"]
    assert board["bids"]["france"] == 2 and board["gold"]["france"] == gold - 2

    # Phase 4: France's On the March turn, by the map where it can, the buttons elsewhere
    def marching():
        b = shape_of(server, page)["view"]["board"]
        in_turn = "france" not in b["moved"] or b["active"] == "france"  # the Active Nation is among "moved"
        return b["round"] == 1 and b["phase"] in ("turn-order", "march") and in_turn

    executed = picked = False
    deadline = time.time() + 120
    while marching() and time.time() < deadline:
        if not shape_of(server, page)["actions"]:
            time.sleep(0.3)
            continue
        shape = synced(server, page)
        if not shape["actions"]:
            continue
        state = shape["view"]["board"].get("asking")
        if state == "march_orders" and not executed and {"execute": 1} in shape["actions"]:
            shot(page, "ib-4-on-the-march")
            click_region(page, "lorraine")  # the order's origin offers it
            menu_item(page, {"execute": 1}).click()
            executed = taken(page)
        elif state == "orders_pick" and page.locator("svg.ib-map .ib-chip.actionable").count():
            page.locator("svg.ib-map .ib-chip.actionable").first.click()
            page.locator(".ib-menu .ib-menu-item").first.click()
            picked = taken(page)
        else:
            wanted = [a for a in ("end", "done", "march", "continue", "fight") if a in shape["actions"]]
            order_button(page, shape, wanted[0] if wanted else shape["actions"][0])
            taken(page)
        wait_for(lambda step=shape["step"]: shape_of(server, page)["step"] > step, 10, f"the move in {state}", page)
    assert not marching(), "France's On the March turn did not end"
    assert executed and picked
    board = shape_of(server, page)["view"]["board"]
    assert board["orders"]["france"][0]["status"] == "done"
    assert any(f["nation"] == "france" and f["at"] == "luxembourg" for f in board["forces"].values())
    page.locator("svg.ib-map .ib-chip[data-chip='france@luxembourg']").wait_for(timeout=10000)
    page.wait_for_timeout(800)
    shot(page, "ib-5-after-the-march")
    assert page.locator("#log").inner_text() != first_log
    assert not errors, errors


def test_spectator_and_replay_are_read_only(server, browser):
    """A spectator and the replay see the same map, with nothing to click."""
    seats = {n: "bot:heuristic" for n in ("austria", "prussia", "great-britain", "russia", "spain")}
    made = httpx.post(
        f"{server}/api/games",
        json={
            "game": "imperial-borders",
            "players": 6,
            "scenario": "historical",
            "seats": {"france": "human", **seats},
        },
    ).json()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch(page)
    page.goto(made["spectator"]["url"])
    page.wait_for_selector("svg.ib-map .ib-territory", timeout=15000)
    assert page.locator("svg.ib-map .actionable").count() == 0
    assert "Spectator" in page.locator("#role-switch").inner_text() or page.locator(".ib-panel").count() == 1
    page.goto(made["spectator"]["url"].replace("/play/", "/replay/"))
    page.wait_for_selector("svg.ib-map .ib-territory", timeout=15000)
    assert page.locator(".ib.readonly").count() == 1
    assert page.locator("svg.ib-map .actionable").count() == 0
    shot(page, "ib-6-replay")
    assert not errors, errors
