"""The game page in a real browser (Debian's Chromium driven by Playwright), where what the
server says and what the player does cross: the First World War's "Play now" gives the page
Germany and Austria-Hungary against the Entente's bots.

- The answer to an order never hides a later state the websocket brought first (for another
  of the seat's roles): the answer to Germany's order is held back (``page.route``) until the
  push of Austria-Hungary's turn has arrived.
- An undo is shown though its step is lower than the state it takes back (the websocket's
  pushes held back, so that the undo's answer alone tells it).
- The log follows its new lines, also when its box shrinks, unless the player has scrolled
  up to read; scrolled back to the end, it follows again.
- A new list of orders opens at its top, wherever the last one was scrolled.

Screenshots are kept in artifacts/browser/."""

import random
import re
import time

import kriegsspiel
from conftest import act, box, game_id_of, in_sync, order_button, seat_token, shape_of, shot, wait_for, watch

CENTRAL = ("germany", "austria-hungary")


def play_now(browser, server, height=900):
    """The lobby's "Play now against bots" for the First World War: the page (once it offers
    orders) and its errors."""
    page = browser.new_page(viewport={"width": 1366, "height": height})
    errors = watch(page)
    page.goto(server + "/")
    page.locator(".game-card.game-first-world-war button.btn.primary").click()
    page.wait_for_url("**/play/**", timeout=15000)
    page.wait_for_selector("#actions button", timeout=15000)
    assert shape_of(server, page)["roles"] == list(CENTRAL)
    return page, errors


def germany_to_choose_an_action(shape):
    prompt = shape["view"].get("prompt") or ""
    return shape["role"] == "germany" and bool(shape["actions"]) and prompt.startswith("Choose your action")


def overflow(page, box_id):
    """How much taller (pixels) the content of a scrolling box is than the box."""
    box = page.locator(f"#{box_id}")
    return box.evaluate("(b) => b.scrollHeight - b.clientHeight")


def scroll_top(page, box_id):
    return page.locator(f"#{box_id}").evaluate("(b) => b.scrollTop")


def play_until(server, page, done, limit=300):
    """Give the seat's orders through the API (the heuristic bot choosing) until ``done(SHAPE)``;
    that SHAPE."""
    game_id = game_id_of(page)
    token = seat_token(page.context, game_id)
    bot = kriegsspiel.bot("first-world-war", "heuristic")
    rng = random.Random(0)
    for _ in range(limit):
        shape = shape_of(server, page)
        if done(shape):
            return shape
        if not shape["actions"]:
            time.sleep(0.1)  # the bots are moving
            continue
        act(server, game_id, token, bot(shape["view"], shape["actions"], rng), step=shape["step"], role=shape["role"])
    raise AssertionError("never came")


def mine_to_act(server, page, role=None, seconds=30):
    """The SHAPE of the seat once ``role`` (by default either of its roles) must act."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        shape = shape_of(server, page)
        if shape["actions"] and role in (None, shape["role"]):
            return shape
        time.sleep(0.1)
    raise AssertionError(f"{role or 'the seat'} never came to act")


def give_first_order(server, page):
    """Click the first order; wait until the page shows the state after it (the seat's next
    orders). The SHAPE it shows then."""
    shape = shape_of(server, page)
    in_sync(page, shape)
    page.locator("#actions button").first.click()
    wait_for(lambda: shape_of(server, page)["step"] > shape["step"], what="the order", page=page)
    now = mine_to_act(server, page)
    in_sync(page, now)
    return now


def test_the_answer_to_an_order_never_hides_a_later_state(server, browser):
    page, errors = play_now(browser, server)
    game_id = game_id_of(page)
    germany = play_until(server, page, germany_to_choose_an_action)
    in_sync(page, germany)

    # Germany passes; the server's answer is held back on its way to the page
    held = []
    page.route(re.compile(rf"/api/games/{game_id}/actions$"), lambda route: held.append((route, route.fetch())))
    order_button(page, germany, "pass").click()
    # meanwhile the bots play the Entente's turn, and Austria-Hungary must act: the websocket
    # brings its orders
    austria = mine_to_act(server, page, "austria-hungary")
    assert austria["step"] > germany["step"] + 1
    in_sync(page, austria)
    assert len(held) == 1 and held[0][1].ok, held
    shot(page, "order-1-push-before-answer")

    # the answer to Germany's pass, of the state right after it, arrives last
    route, answer = held[0]
    assert answer.json()["role"] == "germany" and answer.json()["step"] == germany["step"] + 1
    route.fulfill(response=answer)
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=10000)
    page.wait_for_timeout(500)
    shown = page.evaluate(
        "() => [document.querySelector('#actions').dataset.step, document.querySelector('#prompt').textContent,"
        " document.querySelector('#turn-state').innerText]"
    )
    shot(page, "order-2-after-late-answer")
    assert shown[0] == str(austria["step"]) and shown[1] == austria["view"]["prompt"], shown
    assert "YOUR MOVE" in shown[2].upper() and "WAITING" not in shown[2].upper(), shown
    page.unroute(re.compile(rf"/api/games/{game_id}/actions$"))

    # and Austria-Hungary's orders are live: the next one is taken
    order_button(page, austria, austria["actions"][0]).click()
    wait_for(lambda: shape_of(server, page)["step"] > austria["step"], what="Austria-Hungary's order", page=page)
    assert not errors, errors


def test_an_undo_is_shown_though_its_step_is_lower(server, browser):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = watch(page)
    # the websocket's pushes pass, or are dropped while `held` says so
    held = {"on": False}

    def socket(ws):
        line = ws.connect_to_server()
        line.on_message(lambda message: None if held["on"] else ws.send(message))

    page.route_web_socket(re.compile(r"/ws/games/"), socket)
    page.goto(server + "/")
    page.locator(".game-card.game-first-world-war button.btn.primary").click()
    page.wait_for_url("**/play/**", timeout=15000)
    page.wait_for_selector("#actions button", timeout=15000)

    # Austria-Hungary deploys its first army by a click
    first = shape_of(server, page)
    assert first["role"] == "austria-hungary" and first["view"]["prompt"].startswith("Deploy"), first["view"]["prompt"]
    in_sync(page, first)
    page.locator("#actions button").first.click()
    wait_for(lambda: shape_of(server, page)["step"] == first["step"] + 1, what="the deployment", page=page)
    second = shape_of(server, page)
    in_sync(page, second)
    page.locator("#undo:not(.hidden)").wait_for(timeout=5000)

    # the undo, its answer the only news: the page shows the state before the deployment
    held["on"] = True
    page.locator("#undo").click()
    wait_for(lambda: shape_of(server, page)["step"] == first["step"], what="the undo", page=page)
    in_sync(page, first)
    assert page.locator("#actions button").count() == len(first["actions"])
    shot(page, "order-3-undone")
    held["on"] = False
    assert not errors, errors


def log_gap(page):
    """How far (pixels) the log's last line is below what its box shows."""
    return overflow(page, "log") - scroll_top(page, "log")


def test_the_log_follows_new_lines_unless_scrolled_up(server, browser):
    page, errors = play_now(browser, server)
    # Austria-Hungary deploys, an order at a time: the log fills and overflows its box
    for _ in range(5):
        give_first_order(server, page)
    log = page.locator("#log")
    assert overflow(page, "log") > 100
    assert log_gap(page) < 2

    # the box shrinks (as when the prompt and the orders grow): it keeps its last line in view,
    # and follows the lines that come
    page.set_viewport_size({"width": 1366, "height": 720})
    page.wait_for_timeout(300)
    assert log_gap(page) < 2, log_gap(page)
    give_first_order(server, page)
    assert log_gap(page) < 2, log_gap(page)
    line, frame = box(page.locator("#log .log-line").last), box(log)
    assert line["y"] + line["height"] <= frame["y"] + frame["height"] + 1
    shot(page, "log-1-follows")

    # scrolled up to read: new lines leave it where the player put it
    drawn = box(log)
    page.mouse.move(drawn["x"] + drawn["width"] / 2, drawn["y"] + drawn["height"] / 2)
    page.mouse.wheel(0, -250)
    page.wait_for_timeout(500)
    top = scroll_top(page, "log")
    assert log_gap(page) > 100
    give_first_order(server, page)
    page.wait_for_timeout(300)
    assert abs(scroll_top(page, "log") - top) < 2
    assert log_gap(page) > 100
    shot(page, "log-2-scrolled-up")

    # back at the end, it follows again
    page.mouse.move(drawn["x"] + drawn["width"] / 2, drawn["y"] + drawn["height"] / 2)
    page.mouse.wheel(0, 5000)
    page.wait_for_timeout(500)
    assert log_gap(page) < 2
    give_first_order(server, page)
    assert log_gap(page) < 2, log_gap(page)
    assert not errors, errors


def test_a_new_list_of_orders_opens_at_its_top(server, browser):
    page, errors = play_now(browser, server, height=520)
    # to Germany's first action: some twenty choices, more than the orders' box shows
    germany = play_until(server, page, germany_to_choose_an_action)
    in_sync(page, germany)
    orders = page.locator("#actions")
    assert overflow(page, "actions") > 100

    # the player scrolls to the last choices and clicks the last one (a strategic transfer)
    drawn = box(orders)
    page.mouse.move(drawn["x"] + drawn["width"] / 2, drawn["y"] + drawn["height"] / 2)
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(500)
    assert scroll_top(page, "actions") > 100
    shot(page, "orders-1-scrolled")
    last = germany["actions"][-1]
    order_button(page, germany, last).click()

    # the transfer's own list opens at its top: its first choices in view
    wait_for(lambda: shape_of(server, page)["step"] > germany["step"], what="the order", page=page)
    after = mine_to_act(server, page, "germany")
    assert after["view"]["prompt"] != germany["view"]["prompt"]
    in_sync(page, after)
    # (a list long enough to be scrolled too)
    assert overflow(page, "actions") > 20
    assert scroll_top(page, "actions") == 0
    first = box(page.locator("#actions button").first)
    assert first["y"] >= box(orders)["y"] - 1
    shot(page, "orders-2-new-list")
    assert not errors, errors


def test_done_is_the_order_to_give_when_nothing_else_moves_the_game_on(server, browser):
    """The review of the web game (F15): with every unit placed, Imperial Borders offered
    "Undo the last step" first, in the normal style, and "Done" second, drawn quiet. "Pass",
    "done" and "no" are quiet beside orders that do something, and not when only "undo" is
    beside them. A rule cited by a long name (F17: "Phase 1: Collect Taxes") is a short chip."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.locator(".game-card").first.wait_for(timeout=15000)
    got = page.evaluate(
        """async () => {
          const c = await import("/static/common.js");
          const alone = c.quietOrders(["undo", "done"]);
          const beside = c.quietOrders([{ region: "lorraine" }, "undo", "done"]);
          return {
            alone: [alone("done"), alone("undo")],
            beside: [beside("done"), beside({ region: "lorraine" })],
            pass: c.quietOrders(["pass", "march"])("pass"),
            chips: ["5.6.2", "Phase 1: Collect Taxes", "Supply and isolation", "Sequence of play"].map(c.citeChip),
          };
        }"""
    )
    assert got["alone"] == [False, False]
    assert got["beside"] == [True, False] and got["pass"] is True
    assert got["chips"] == ["5.6.2", "Phase 1", "Supply…", "Sequence…"]
    page.close()
