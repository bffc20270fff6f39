"""The game page in a real browser (Debian's Chromium driven by Playwright) when the
websocket's pushes and the page's drawing cross: Imperial Borders' secret plotting, France
human, the other five nations bots (they have plotted and sealed their orders when the page
opens).

- States that queued up while the page was busy are passed over: the newest is drawn, once.
  On a busy machine drawing the map takes longer than the bots take to move; a page that drew
  every pushed state in turn fell seconds behind the game, still showing the others moving
  while the server offered France its orders. A page-side hook holds the websocket's frames
  back, then hands them over one after another, as a browser does with the frames that came
  while the page was busy.
- The push of the next state may come before the answer to the order that led to it (the
  answer held back with ``page.route``): the orders the page then shows are live, and a
  click on one of them is sent.
- The same orders pushed again (the push that follows the answer) keep their buttons: a click
  on a button replaced a moment before was lost.

Screenshots are kept in artifacts/browser/."""

import re

from conftest import act, create_game, game_id_of, in_sync, order_button, seat_token, shape_of, shot, wait_for, watch

BOTS = {n: "bot:heuristic" for n in ("austria", "prussia", "great-britain", "russia", "spain")}
GAME = {
    "game": "imperial-borders",
    "players": 6,
    "scenario": "historical",
    "seed": 1,
    "seats": {"france": "human", **BOTS},
}

# The websocket's frames pass to the page, or are held while `__race.hold`; `__race.release()`
# hands the held ones over in order within one task, the page's promises run between them: as
# a browser dispatches the frames it reads at once from a line that filled while the page was
# busy. `__race.drawn` lists the steps
# the orders' panel was drawn at (#actions' data-step, set at every drawing).
HOOK = """
(() => {
  const race = (window.__race = { hold: false, held: [], drawn: [] });
  const slot = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    configurable: true,
    get() {
      return slot.get.call(this);
    },
    set(handler) {
      const ws = this;
      slot.set.call(this, (event) => {
        if (race.hold) race.held.push(event);
        else handler.call(ws, event);
      });
      race.deliver = (event) => handler.call(ws, event);
    },
  });
  race.release = async () => {
    race.hold = false;
    const frames = race.held.splice(0);
    for (const event of frames) {
      race.deliver(event);
      for (let i = 0; i < 20; i++) await null; // the page's promises run between frames; no task does
    }
    return frames.length;
  };
  document.addEventListener("DOMContentLoaded", () => {
    const box = document.getElementById("actions");
    if (!box) return; // not the game page
    new MutationObserver((records) => {
      // each record's old value is what the drawing before it set; the last set is the value now
      race.drawn.push(...records.slice(1).map((r) => r.oldValue), box.dataset.step);
    }).observe(box, { attributes: true, attributeFilter: ["data-step"], attributeOldValue: true });
  });
})();
"""


def plotting_page(server, browser):
    """France's page at its plotting, the bots' orders sealed: the page, its errors, the SHAPE."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch(page)
    page.add_init_script(HOOK)
    page.goto(server + "/")
    made = create_game(page, server, GAME)
    page.goto(made["you"]["url"])
    page.wait_for_selector("svg.ib-map .ib-territory", timeout=15000)

    def sealed():
        shape = shape_of(server, page)
        return shape["active"] == ["france"] and shape["view"]["board"].get("asking") == "orders_plot"

    wait_for(sealed, what="the bots' sealed orders", page=page)
    shape = shape_of(server, page)
    in_sync(page, shape)
    return page, errors, shape


def test_states_that_queued_up_are_passed_over_for_the_newest(server, browser):
    page, errors, first = plotting_page(server, browser)
    game_id = game_id_of(page)
    token = seat_token(page.context, game_id)

    # France drafts an order and takes it back, six secret steps, while the page is busy: the
    # pushes of the six states queue up
    page.evaluate("() => { window.__race.hold = true; }")
    step = first["step"]
    for action in ({"from": "lorraine"}, {"to": "luxembourg"}, "undo", {"to": "luxembourg"}, "undo", "undo"):
        step = act(server, game_id, token, action, step=step)["step"]
    page.wait_for_function("() => window.__race.held.length >= 6", timeout=15000)
    now = shape_of(server, page)
    assert now["step"] == first["step"] + 6
    assert page.locator("#actions").get_attribute("data-step") == str(first["step"])

    # handed over at once: the page draws the newest of them, and that one only
    page.evaluate("() => { window.__race.drawn = []; }")
    assert page.evaluate("() => window.__race.release()") == 6
    in_sync(page, now)
    shot(page, "race-1-newest-drawn")
    assert page.evaluate("() => window.__race.drawn") == [str(now["step"])]

    # and its orders are live: the next one is taken
    order_button(page, now, {"from": "lorraine"}).click()
    wait_for(lambda: shape_of(server, page)["step"] > now["step"], what="the order", page=page)
    in_sync(page, shape_of(server, page))
    assert not errors, errors


def test_orders_pushed_before_the_answer_to_the_last_are_live(server, browser):
    page, errors, first = plotting_page(server, browser)
    game_id = game_id_of(page)
    actions = re.compile(rf"/api/games/{game_id}/actions$")

    # France opens an order in Lorraine; the server's answer is held back on its way to the page
    held = []

    def hold_first(route):
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))

    page.route(actions, hold_first)
    order_button(page, first, {"from": "lorraine"}).click()
    # the request reaches the server once Playwright has run the route's handler (on a busy
    # machine, after the click has returned): wait for the server's step, not a fixed moment
    wait_for(lambda: shape_of(server, page)["step"] == first["step"] + 1, 15, "the order on the server", page)
    # the websocket brings the state after it: where the order may go
    drafting = shape_of(server, page)
    assert drafting["step"] == first["step"] + 1 and {"to": "luxembourg"} in drafting["actions"]
    in_sync(page, drafting)
    assert len(held) == 1 and held[0][1].ok, held
    shot(page, "race-2-push-before-answer")

    # the next step of the path, clicked before the first answer has come, is sent
    order_button(page, drafting, {"to": "luxembourg"}).click()
    wait_for(lambda: shape_of(server, page)["step"] == drafting["step"] + 1, 10, "the path's next step", page)
    after = shape_of(server, page)
    assert after["view"]["board"]["orders"]["france"][-1]["path"] == ["luxembourg"]

    # the first answer, of the state before it, arrives last: the page stays with the newest
    route, answer = held[0]
    assert answer.json()["step"] == drafting["step"]
    route.fulfill(response=answer)
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=10000)
    in_sync(page, after)
    page.unroute(actions)
    assert not errors, errors


def test_the_same_orders_pushed_again_keep_their_buttons(server, browser):
    """The answer to an order draws the next orders; the websocket's push of the same state
    comes a moment later. Drawn again, every button was replaced, and a click in that moment
    landed on a button no longer on the page and was lost: the buttons stay."""
    page, errors, first = plotting_page(server, browser)
    page.evaluate("() => { window.__race.hold = true; }")
    order_button(page, first, {"from": "lorraine"}).click()
    wait_for(lambda: shape_of(server, page)["step"] == first["step"] + 1, 15, "the order on the server", page)
    drafting = shape_of(server, page)
    in_sync(page, drafting)  # drawn from the answer, the push held back
    page.evaluate("() => { window.__kept = document.querySelector('#actions button'); }")
    page.wait_for_function("() => window.__race.held.length >= 1", timeout=15000)
    assert page.evaluate("() => window.__race.release()") >= 1
    page.wait_for_timeout(300)
    in_sync(page, drafting)
    kept = "() => window.__kept.isConnected && window.__kept === document.querySelector('#actions button')"
    assert page.evaluate(kept)
    order_button(page, drafting, {"to": "luxembourg"}).click()
    wait_for(lambda: shape_of(server, page)["step"] == drafting["step"] + 1, 15, "the next step", page)
    assert not errors, errors
