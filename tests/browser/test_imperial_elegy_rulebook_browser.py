"""Imperial Elegy against five of the rulebook's own bots (§34), made in the lobby of a real
browser (Debian's Chromium driven by Playwright): the new-game form offers the rulebook bot for
every seat and the bot rules as an option per power; the seats the rulebook bot takes play by
the bot rules (RULINGS_BOTS P1) and the game page opens on the player's own power while the bots
play theirs. Screenshots are kept in artifacts/browser/."""

import re

from conftest import seat_token, shot, watch

BOTS = ("uk", "fr", "au", "ru", "ot")


def test_one_power_against_five_rulebook_bots_from_the_lobby(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    page.goto(server + "/")
    page.locator(".game-card.game-imperial-elegy").wait_for(timeout=15000)
    page.locator("#f-game").select_option("imperial-elegy")
    page.locator("#f-seed").fill("3")
    for role in BOTS:
        page.locator(f'select[name="seat-{role}"]').select_option("bot:rulebook")
    assert page.locator('select[name="ge_bot"]').count() == 1  # the bot rules, one option a power
    page.locator("#new-form").scroll_into_view_if_needed()
    shot(page, "ie-rulebook-0-new-game")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#new-form").scroll_into_view_if_needed()
    shot(page, "ie-rulebook-0-new-game-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("#new-form button[type=submit]").click()
    page.wait_for_url("**/play/**", timeout=15000)  # no invitation to hand out: straight to the game
    game_id = re.search(r"/play/([0-9a-f]+)", page.url).group(1)
    token = seat_token(page.context, game_id)
    assert token

    page.wait_for_selector("svg.ie-map .ie-space", timeout=15000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log .log-line')].some(l => l.textContent.includes('bot rules'))",
        timeout=15000,
    )
    log = page.locator("#log").inner_text()
    for name in ("Britain", "France", "Austria", "Russia", "Ottoman Empire"):  # 34.1, RULINGS_BOTS P1
        assert f"{name} plays by the bot rules (normal)" in log, log
    assert "Prussia plays by the bot rules" not in log
    shot(page, "ie-rulebook-1-game")
    assert not errors, errors
