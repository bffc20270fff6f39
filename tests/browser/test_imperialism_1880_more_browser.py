"""Imperialism 1880 in a real browser, after a new player's review: Britain (the other
powers and the referee bots) builds a unit — the sizes say what they are (M10, M3, M1:
units of 10, 3 and 1 strength points, L819) and the prompt says a build costs nothing
(R13) —, the withdraw buttons name the request they withdraw, and the bot referee's
refusal of a treaty Germany never asked for says why, in Britain's report and log."""

from conftest import (
    act,
    create_game,
    game_id_of,
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


def test_a_build_explained_withdraw_named_and_a_refusal_with_its_reason(server, browser):
    seats = {r: "bot:heuristic" for r in (*GREAT, "referee")} | {"britain": "human"}
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    errors = watch(page)
    made = create_game(page, server, {"game": "imperialism-1880", "players": 9, "seed": 21, "seats": seats})
    assert made["you"]["roles"] == ["britain"]
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector(".imp-orders", timeout=15000)
    game_id = game_id_of(page)
    token = seat_token(context, game_id)

    # build a unit: the sizes say what they are, the prompt what a build costs
    wait_for(lambda: {"request": "build"} in shape_of(server, page)["actions"], page=page)
    shape = settled_shape(server, page)  # the bots' orders may still be coming in
    order_button(page, shape, {"request": "build"}).click()
    wait_for(lambda: {"size": "m3"} in shape_of(server, page)["actions"], page=page)
    shape = settled_shape(server, page)  # the bots' orders may still be coming in
    texts = page.locator("#actions button").all_text_contents()
    assert "M3: a unit of 3 strength points, an Army(3) or a Naval(3)" in texts, texts
    assert "M10: a unit of 10 strength points, an Army(10) or a Naval(10)" in texts, texts
    prompt = page.locator("#prompt").text_content()
    assert "costs nothing to build" in prompt and "counter mix" in prompt, prompt
    shot(page, "imp-more-1-build-sizes-1400")
    order_button(page, shape, {"size": "m3"}).click()
    wait_for(lambda: {"role": "army"} in shape_of(server, page)["actions"], page=page)
    act(server, game_id, token, {"role": "army"})
    act(server, game_id, token, {"where": "britain"})

    # a treaty Germany never seeks (the bots seek only the treaties of the period), and a note
    act(server, game_id, token, {"request": "treaty"})
    for step in ({"second": "germany"}, {"kind": "defensive"}, {"stipulation": "none"}):
        act(server, game_id, token, step)
    act(server, game_id, token, {"note": "London keeps the peace."})
    act(server, game_id, token, {"note": "London wishes the referee a good turn."})

    # the withdraw buttons name their request
    wait_for(lambda: len(shape_of(server, page)["view"]["board"]["orders"]["britain"]["items"]) == 4, page=page)
    shape = settled_shape(server, page)  # the bots' orders may still be coming in
    actions = page.locator("#actions").text_content()
    assert "Withdraw request" in actions and "(build an Army(3) in Great Britain)" in actions, actions
    assert "(note: London wishes the referee a good turn.)" in actions, actions
    shot(page, "imp-more-2-withdraw-named-1400")
    # the orders card's own withdraw button still withdraws the request of its row
    row = page.locator(".imp-orders .imp-req").filter(has_text="London wishes the referee")
    row.locator("button", has_text="withdraw").click()
    wait_for(lambda: len(shape_of(server, page)["view"]["board"]["orders"]["britain"]["items"]) == 3, page=page)

    # sent: the bots write and referee; Britain's report tells why the treaty was refused
    shape = settled_shape(server, page)  # the bots' orders may still be coming in
    order_button(page, shape, "send the orders").click()
    wait_for(lambda: shape_of(server, page)["view"]["board"].get("dispatch"), seconds=90, what="the report", page=page)
    sent = shape_of(server, page)["view"]["board"]["dispatch"]["requests"]
    treaty = next(r for r in sent if r["kind"] == "treaty")
    assert treaty["status"] == "refused" and treaty["why"].startswith("Germany has not agreed to it"), sent
    build = next(r for r in sent if r["kind"] == "build")
    assert build["status"] == "done", sent
    page.wait_for_function(
        "(t) => (document.querySelector('.imp-dispatch') || {textContent: ''}).textContent.includes(t)",
        arg="Germany has not agreed",
        timeout=15000,
    )
    shot(page, "imp-more-3-refusal-reason-1400")
    assert not errors, errors
    context.close()


def britain_against_bots(server, browser, viewport):
    """Britain's seat on a page of ``viewport`` (seed 21), the other powers and the referee bots:
    the context, the page and its errors."""
    seats = {r: "bot:heuristic" for r in (*GREAT, "referee")} | {"britain": "human"}
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors = watch(page)
    made = create_game(page, server, {"game": "imperialism-1880", "players": 9, "seed": 21, "seats": seats})
    page.goto(f"{server}/play/{made['id']}")
    return context, page, errors


def test_sending_the_orders_comes_first_in_the_list_of_orders(server, browser):
    """A newcomer writing orders must find how to end the turn: "Send the orders to the referee"
    was the twelfth of the orders, below the list's fold on a 1366x768 screen."""
    context, page, errors = britain_against_bots(server, browser, {"width": 1366, "height": 768})
    page.wait_for_selector(".imp-orders", timeout=15000)
    wait_for(lambda: "send the orders" in shape_of(server, page)["actions"], page=page)
    shape = settled_shape(server, page)  # the bots' orders may still be coming in
    assert len(shape["actions"]) > 5 and shape["actions"][-1] == "send the orders"
    first = page.locator("#actions button").first
    assert first.text_content().lower().startswith("send the orders")
    assert first.is_visible() and first.bounding_box()["y"] + first.bounding_box()["height"] <= 768
    assert page.locator("#actions button", has_text="Send the orders").count() == 1  # shown once
    shot(page, "imp-more-send-first-1366")
    first.click()

    def sent():  # the bots may referee the turn and bring the next year's orders at once
        now = shape_of(server, page)
        return now["view"]["board"]["year"] > 1880 or "send the orders" not in now["actions"]

    wait_for(sent, page=page, what="the orders sent")
    assert not errors, errors


def test_a_long_list_of_orders_can_be_searched_by_its_words(server, browser):
    """The review of the web game (F9): "place a status marker" offers 83 areas, a list about
    3,200 pixels tall on a phone with nothing to find one by. A list of more than 24 orders gets a
    box: typing "egy" leaves Egypt alone in the list, and clicking it carries the order."""
    context, page, errors = britain_against_bots(server, browser, {"width": 390, "height": 844})
    wait_for(lambda: {"request": "place"} in shape_of(server, page)["actions"], page=page)
    shape = settled_shape(server, page)
    assert page.locator("#actions .action-filter").count() == 0  # a short list has no box
    order_button(page, shape, {"request": "place"}).click()
    wait_for(lambda: {"area": "egypt"} in shape_of(server, page)["actions"], page=page)
    shape = settled_shape(server, page)
    visible = page.locator("#actions button.btn.action:not(.hidden)")
    for _ in range(5):  # a push that redraws the list (the game moved on meanwhile) empties the box
        settled_shape(server, page)
        page.locator("#actions .action-filter").fill("egy")
        if visible.all_text_contents() == ["Egypt"]:
            break
    assert visible.all_text_contents() == ["Egypt"]
    shot(page, "imp-more-3-find-an-order-390")
    visible.first.click()
    orders = lambda: shape_of(server, page)["view"]["board"]["orders"]["britain"]  # noqa: E731
    wait_for(lambda: orders()["writing"].get("area") == "egypt", page=page)
    assert not errors, errors
    context.close()
