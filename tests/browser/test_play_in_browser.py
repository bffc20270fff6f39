"""End to end in a real browser (Debian's Chromium driven by Playwright):
start a First World War game against bots from the lobby, play turns by
clicking the board and the order buttons, and see the board and log change.
Screenshots are kept in artifacts/browser/."""

import time

from conftest import shape_of, shot, watch


def step_of(base, page):
    """The number of actions the page's seat knows of, asked of the server with its cookie."""
    return shape_of(base, page)["step"]


def play_now(browser, server, game):
    """Open the lobby and press "Play now against bots" for ``game``; the game
    page (once it offers orders) and the list of errors it logs."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = watch(page, expected=(409,))  # an order a bot's move overtook is refused, and the page shows why
    page.goto(server + "/")
    page.locator(f".game-card.game-{game} button.btn.primary").click()
    page.wait_for_url("**/play/**", timeout=15000)
    assert "token=" not in page.url  # the seat is the browser's cookie, never in the address
    page.wait_for_selector("#actions button", timeout=15000)
    return page, errors


def give_orders(page, done, seconds=120):
    """Click the first order offered until ``done()``; while the bots move there
    are no orders, and the page redraws on every push."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.time() + seconds
    while not done() and time.time() < deadline:
        try:
            page.locator("#actions button").first.click(timeout=3000)
        except PlaywrightTimeout:
            continue
        page.wait_for_timeout(100)


def test_play_the_first_world_war_against_bots_in_the_browser(server, browser):
    page, errors = play_now(browser, server, "first-world-war")
    page.wait_for_selector("svg .front", timeout=15000)
    shot(page, "1-deployment")
    assert page.locator("svg .front").count() == 11  # 2.3: eleven fronts on the board
    first_log = page.locator("#log").inner_text()

    # Deploy by clicking the board: a front that can take the army, then the order it offers
    start = step_of(server, page)
    for _ in range(4):
        page.locator("svg .front.actionable").first.click()
        menu_button = page.locator(".btn.action").first
        menu_button.wait_for(timeout=5000)
        menu_button.click()
        page.wait_for_function("n => document.querySelectorAll('#actions button').length > 0", arg=None, timeout=10000)
    assert step_of(server, page) >= start + 4
    shot(page, "2-after-board-clicks")

    # Then by the order buttons, through the deployment and into the player turns
    give_orders(page, lambda: step_of(server, page) >= start + 40)
    page.wait_for_timeout(500)
    shot(page, "3-player-turns")
    assert step_of(server, page) >= start + 40
    assert page.locator("#log").inner_text() != first_log
    assert not errors, errors


def test_a_game_to_the_end_and_chat_that_cannot_inject(server, browser):
    """Goofspiel against a bot, from the lobby to the result; a chat message that
    looks like HTML is shown as text and runs nothing."""
    page, errors = play_now(browser, server, "goofspiel")

    evil = '<img src=x onerror="window.injected=1">'
    page.locator("#tab-chat").click()
    page.locator("#chat-text").fill(evil)
    page.locator("#chat-form button[type=submit]").click()
    page.wait_for_function("t => document.querySelector('#chat-lines').innerText.includes(t)", arg=evil, timeout=10000)
    assert page.evaluate("window.injected") is None
    assert page.locator("#chat-lines img").count() == 0

    give_orders(page, lambda: page.locator("#result:not(.hidden)").count() > 0)
    page.wait_for_selector("#result:not(.hidden)", timeout=10000)
    shot(page, "4-goofspiel-over")
    assert step_of(server, page) == 26  # thirteen rounds, two bids each
    shape = shape_of(server, page)
    result = shape["result"]
    shown = page.locator("#result").inner_text().lower()
    # the headline as this seat reads it: a loser is never shown "Victory"
    head = page.locator("#result .result-head").inner_text().lower()
    if not result["winners"]:
        assert head == "no victor", head
    elif set(shape["roles"]) & set(result["winners"]):
        assert head == "victory", head
    else:
        assert head == "defeat", head
    assert page.locator("#result a", has_text="New game").get_attribute("href") == "/"
    for role, score in result["scores"].items():
        assert f"{role}\t{score}" in shown  # the final scores as the server has them
    # the replay's last step tells the result too (it said "Game over" alone)
    page.locator("#result a", has_text="Watch the replay").click()
    page.wait_for_url("**/replay/**", timeout=15000)
    page.locator("#last").click()
    page.wait_for_selector("#result:not(.hidden)", timeout=15000)
    assert page.locator("#result .result-head").inner_text().lower() == head
    replayed = page.locator("#result").inner_text()
    assert all(f"{role}\t{score}" in replayed.lower() for role, score in result["scores"].items()), replayed
    shot(page, "4-goofspiel-replay-over")
    assert not errors, errors
