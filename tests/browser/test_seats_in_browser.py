"""Seats, invitations and the chat in a real browser (Debian's Chromium driven by
Playwright), each person in a browser context of their own, as on their own machine:
a two-person Goofspiel made in the lobby, its invitation taken by a second person and a
round played by both by clicking; the same invitation refused to a third; a seat handed
over (the old key stops working, a new person takes the seat); an order from a page that
missed a move is refused and the page shows the orders of now; the chat's older messages
a page at a time. Screenshots of the invitation and the game page, at a desktop's and a
phone's size, are kept in artifacts/browser/."""

import re
import time
from pathlib import Path

import httpx

from conftest import act, box, claim, create_game, seat_token, shape_of, shot, wait_for, watch

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
STATIC = Path(__file__).resolve().parents[2] / "src" / "kriegsspiel" / "play" / "web" / "static"
TWO_HUMANS = {"game": "goofspiel", "players": 2, "seed": 7, "seats": {"hearts": "human", "clubs": "human"}}


def take_invitation(context, url):
    """Open an invitation in a browser context and take the seat: the game page."""
    page = context.new_page()
    page.goto(url)
    page.locator("#take").click()
    page.wait_for_url("**/play/**", timeout=15000)
    page.wait_for_selector("#actions button", timeout=15000)
    return page


def bid(base, page):
    """Click the first card the page's seat may bid, once the page shows the orders of now."""
    shape = shape_of(base, page)
    page.wait_for_function(
        "s => document.querySelector('#actions').dataset.step === s", arg=str(shape["step"]), timeout=15000
    )
    card = page.locator(".hand.mine button.pcard.playable").first
    card.click()
    wait_for(lambda: shape_of(base, page)["step"] > shape["step"], what="the bid", page=page)


def log_has(page, text):
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('#log .log-line')].some(l => l.textContent.includes(t))",
        arg=text,
        timeout=15000,
    )


def two_person_game(browser, base):
    """A two-person Goofspiel: the creator's context and page (hearts), the invitation to clubs."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    made = create_game(page, base, TWO_HUMANS)
    assert made["you"]["roles"] == ["hearts"] and "token=" not in made["you"]["url"]
    [invitation] = made["invitations"]
    assert invitation["roles"] == ["clubs"] and "/join/" in invitation["url"]
    return context, page, made, invitation


def test_two_people_play_by_invitation(server, browser):
    # the creator makes the game in the lobby: two human seats, the creator hearts
    host_context = browser.new_context(viewport=DESKTOP)
    host = host_context.new_page()
    host_errors = watch(host)
    host.goto(server + "/")
    host.locator(".game-card.game-goofspiel").wait_for(timeout=15000)
    host.locator("#f-game").select_option("goofspiel")
    host.locator("#f-players").select_option("2")
    host.locator("#f-seed").fill("11")
    host.locator('select[name="seat-clubs"]').select_option("human")
    assert host.locator("#f-creator").input_value() == "hearts"
    host.locator("#new-form button[type=submit]").click()
    created = host.locator("#created")
    created.wait_for(state="visible", timeout=15000)
    links = host.locator("#created .link-field").evaluate_all("fields => fields.map(f => f.value)")
    game_id = re.search(r"/play/([0-9a-f]+)", links[0]).group(1)
    assert links[0] == f"{server}/play/{game_id}"  # the creator's own link holds no token
    [invitation] = [u for u in links if "/join/" in u]
    assert f"/join/{game_id}/" in invitation
    assert any("/play/" in u and "token=" in u for u in links)  # the spectator link
    assert "Clubs" in created.inner_text() and "Invitations" in created.inner_text()
    shot(host, "seats-1-created")
    created.locator(".link-row a.btn.primary").first.click()  # "Enter": the creator's seat
    host.wait_for_url(f"**/play/{game_id}", timeout=15000)
    host.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    assert "Hearts" in host.locator("#role-switch").inner_text()

    # the creator's page lists the invitation, not yet taken, with a copy button
    host.locator("#seat-menu summary").click()
    host.locator("#seat-body .link-row .link-field").first.wait_for(timeout=10000)
    assert host.locator("#seat-body .link-row .link-field").first.input_value() == invitation
    assert host.locator("#seat-body .link-row button.copy").count() >= 1
    host.locator("#seat-menu summary").click()

    # the second person opens the invitation in a browser of their own
    guest_context = browser.new_context(viewport=DESKTOP)
    guest = guest_context.new_page()
    guest_errors = watch(guest)
    guest.goto(invitation)
    guest.locator("#take").wait_for(timeout=15000)
    assert guest.locator("#join-title").inner_text() == "Goofspiel"
    assert "Clubs" in guest.locator(".seat-offer").inner_text()
    shot(guest, "seats-2-join-desktop")
    guest.set_viewport_size(PHONE)
    shot(guest, "seats-3-join-phone")
    assert box(guest.locator("#take"))["width"] <= PHONE["width"]
    guest.set_viewport_size(DESKTOP)
    guest.locator("#take").click()
    guest.wait_for_url(f"**/play/{game_id}", timeout=15000)
    assert "token=" not in guest.url
    guest.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    assert "Clubs" in guest.locator("#role-switch").inner_text()
    assert shape_of(server, guest)["roles"] == ["clubs"]

    # a round, both by clicking a card
    bid(server, host)
    bid(server, guest)
    for page in (host, guest):
        log_has(page, "Bids: Hearts")
        page.wait_for_function("() => document.querySelectorAll('.seat-area .last-bid').length === 2", timeout=15000)
    assert shape_of(server, host)["view"]["board"]["deck"] == 11  # two prizes turned up of thirteen
    shot(host, "seats-4-game-desktop")
    guest.set_viewport_size(PHONE)
    guest.wait_for_timeout(300)
    shot(guest, "seats-5-game-phone")
    assert guest.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # the creator's page now shows the invitation taken
    host.locator("#seat-menu summary").click()
    host.locator("#seat-body .link-row.taken").wait_for(timeout=10000)
    assert host.locator("#open-invitations.hidden").count() == 1
    host.locator("#seat-body a.watch, #seat-body .spectator-row .link-row").first.wait_for(timeout=10000)
    shot(host, "seats-9-seat-menu")

    # the replay opens from the seat's cookie too: steps 0 to the seat's step
    step = shape_of(server, host)["step"]
    host.locator("#seat-menu summary").click()
    host.locator("#replay-link").click()
    host.wait_for_url(f"**/replay/{game_id}", timeout=15000)
    host.wait_for_selector(".felt", timeout=15000)
    assert host.locator("#slider").get_attribute("max") == str(step)
    host.locator("#first").click()
    host.wait_for_function("() => document.querySelector('#step-no').textContent === 'step 0'")
    host.wait_for_function("() => document.title.endsWith('step 0')", timeout=10000)
    assert host.locator(".seat-area .last-bid").count() == 0  # before the first bids
    assert not host_errors, host_errors
    assert not guest_errors, guest_errors
    host_context.close()
    guest_context.close()


def test_an_invitation_is_taken_once(server, browser):
    context, page, made, invitation = two_person_game(browser, server)
    second = browser.new_context(viewport=DESKTOP)
    take_invitation(second, invitation["url"])

    # a third person opening the same link is told plainly, and offered the spectator's view
    third = browser.new_context(viewport=PHONE)
    late = third.new_page()
    late_errors = watch(late)
    late.goto(invitation["url"])
    late.locator(".invitation.refused").wait_for(timeout=15000)
    assert "This invitation has been taken" in late.locator("h1").inner_text()
    assert late.locator("#take").count() == 0
    watch_link = late.locator("a.watch")
    watch_link.wait_for(timeout=10000)
    assert watch_link.get_attribute("href") == made["spectator"]["url"]
    shot(late, "seats-6-join-taken-phone")
    assert not late_errors, late_errors

    # taking it anyway is refused, and opens no seat
    answer = late.request.post(f"{server}/api/games/{made['id']}/join", data={"code": invitation["code"]})
    assert answer.status == 410
    assert seat_token(third, made["id"]) is None

    # the game page, without a seat, says so and offers the spectator's view
    nobody = third.new_page()
    nobody_errors = watch(nobody, expected=(401,))
    nobody.goto(f"{server}/play/{made['id']}")
    nobody.locator(".fatal.no-seat").wait_for(timeout=15000)
    assert "You hold no seat in this game" in nobody.locator(".fatal").inner_text()
    nobody.locator(".fatal a.watch").wait_for(timeout=10000)
    shot(nobody, "seats-10-no-seat-phone")
    nobody.locator(".fatal a.watch").click()
    nobody.wait_for_selector(".felt", timeout=15000)
    assert "Spectator" in nobody.locator("#role-switch").inner_text()
    assert not nobody_errors, nobody_errors
    for c in (context, second, third):
        c.close()


def test_a_seat_handed_over(server, browser):
    context, page, made, invitation = two_person_game(browser, server)
    game_id = made["id"]
    holder = browser.new_context(viewport=DESKTOP)
    mine = take_invitation(holder, invitation["url"])
    other_tab = holder.new_page()
    other_errors = watch(other_tab)
    other_tab.goto(f"{server}/play/{game_id}")
    other_tab.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    old = seat_token(holder, game_id)
    assert old
    errors = watch(mine)

    # the holder hands the seat over: a confirmation first, then the new invitation to copy
    mine.locator("#seat-menu summary").click()
    mine.locator("#handover").click()
    confirm = mine.locator("#handover-confirm-box")
    confirm.wait_for(state="visible")
    assert "your link will stop working" in confirm.inner_text().lower()
    mine.locator("#handover-confirm").click()
    handed = mine.locator(".fatal.handed-over")
    handed.wait_for(timeout=15000)
    new_link = handed.locator(".link-field").input_value()
    assert f"/join/{game_id}/" in new_link and new_link != invitation["url"]
    assert handed.locator("button.copy").count() == 1
    mine.locator(".fatal a.watch").wait_for(timeout=10000)
    shot(mine, "seats-7-handed-over")

    # the old key opens nothing: the holder's other tab says so, and so does the API
    other_tab.locator(".fatal.no-seat").wait_for(timeout=15000)
    assert "handed over" in other_tab.locator(".fatal").inner_text()
    assert httpx.get(f"{server}/api/games/{game_id}", params={"token": old}).status_code in (401, 403)
    assert seat_token(holder, game_id) is None  # the server took its cookie back

    # someone new takes the new invitation and plays the seat
    newcomer = browser.new_context(viewport=DESKTOP)
    theirs = take_invitation(newcomer, new_link)
    new_errors = watch(theirs)
    assert shape_of(server, theirs)["roles"] == ["clubs"]
    bid(server, theirs)
    assert "clubs" in (shape_of(server, theirs)["view"].get("committed") or [])
    assert not errors, errors
    assert not other_errors, other_errors
    assert not new_errors, new_errors
    for c in (context, holder, newcomer):
        c.close()


def test_a_handover_whose_answer_was_lost_is_asked_again(server, browser):
    """The server hands the seat over, but its answer never reaches the page (the network
    failed), while the page's socket hears that the seat was handed over: the page asks again
    by itself and gets the same invitation, not a refusal for the token it has just retired;
    and that invitation opens the seat."""
    context, page, made, invitation = two_person_game(browser, server)
    game_id = made["id"]
    holder = browser.new_context(viewport=DESKTOP)
    mine = take_invitation(holder, invitation["url"])
    errors = watch(mine, expected=(0,))
    sent = []

    def lose_the_first_answer(route):
        request = route.request
        sent.append(request.post_data_json)
        if len(sent) == 1:  # the server hears it and acts; its answer is lost on the way back
            answer = httpx.post(request.url, content=request.post_data, headers=request.headers)
            assert answer.status_code == 200
            route.abort("connectionreset")
        else:
            route.continue_()

    mine.route("**/handover", lose_the_first_answer)
    mine.locator("#seat-menu summary").click()
    mine.locator("#handover").click()
    mine.locator("#handover-confirm-box").wait_for(state="visible")
    mine.locator("#handover-confirm").click()
    handed = mine.locator(".fatal.handed-over")
    handed.wait_for(timeout=15000)
    new_link = handed.locator(".link-field").input_value()
    assert len(sent) == 2 and sent[0]["request"] == sent[1]["request"] and len(sent[0]["request"]) >= 16
    # the creator sees the seat open again, but not its new invitation: that is the holder's to send
    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    page.locator("#seat-menu summary").click()
    wait_for(lambda: "handed over" in page.locator("#seat-body").inner_text(), 15, "the creator's seat menu")
    links = page.locator("#seat-body .link-field")
    assert all(new_link.split("/")[-1] not in links.nth(i).input_value() for i in range(links.count()))
    shot(page, "seats-8-creator-after-a-handover")
    newcomer = browser.new_context(viewport=DESKTOP)
    theirs = take_invitation(newcomer, new_link)
    assert shape_of(server, theirs)["roles"] == ["clubs"]
    assert not [e for e in errors if "cannot be reached" not in e and "ERR_CONNECTION" not in e], errors
    for c in (context, holder, newcomer):
        c.close()


def test_an_order_from_a_page_that_missed_a_move(server, browser):
    """The page heard nothing (its socket is cut off): the other seat's bid moved the game on,
    so the page's order is refused (409); the page shows the orders of now, and then it is heard."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.route_web_socket("**/ws/games/**", lambda ws: None)  # a socket that never hears anything
    errors = watch(page, expected=(409,))
    made = create_game(page, server, TWO_HUMANS)
    clubs = claim(server, made["invitations"][0])
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    before = shape_of(server, page)["step"]

    other = httpx.get(f"{server}/api/games/{made['id']}", params={"token": clubs}).json()
    answer = httpx.post(
        f"{server}/api/games/{made['id']}/actions",
        json={"token": clubs, "action": other["actions"][0], "step": other["step"]},
    )
    assert answer.status_code == 200, answer.text
    assert shape_of(server, page)["step"] == before + 1
    assert page.locator("#actions").get_attribute("data-step") == str(before)  # the page missed it

    page.locator(".hand.mine button.pcard.playable").first.click()
    note = page.locator("#action-error.note:not(.hidden)")
    note.wait_for(timeout=10000)
    assert "moved on" in note.inner_text()
    page.wait_for_function(
        "s => document.querySelector('#actions').dataset.step === s", arg=str(before + 1), timeout=10000
    )
    assert shape_of(server, page)["step"] == before + 1  # the refused order changed nothing
    bid(server, page)
    log_has(page, "Bids: Hearts")
    assert not errors, errors
    context.close()


def test_the_chat_a_page_at_a_time(server, browser):
    context, page, made, invitation = two_person_game(browser, server)
    game_id = made["id"]
    errors = watch(page)
    hearts = seat_token(context, game_id)
    clubs = claim(server, invitation)
    for n in range(1, 61):
        speaker = hearts if n % 2 else clubs
        answer = httpx.post(f"{server}/api/games/{game_id}/chat", json={"token": speaker, "text": f"dispatch {n}"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["message"]["text"] == f"dispatch {n}"
        time.sleep(0.04)  # within the server's requests a second

    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector(".felt", timeout=15000)
    page.locator("#unread:not(.hidden)").wait_for(timeout=10000)
    page.locator("#tab-chat").click()
    lines = page.locator("#chat-lines .chat-line")
    page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 50", timeout=10000)
    assert lines.first.locator(".chat-text").inner_text() == "dispatch 11"
    assert lines.last.locator(".chat-text").inner_text() == "dispatch 60"
    assert page.locator("#unread.hidden").count() == 1  # read now
    older = page.locator("#chat-older")
    older.scroll_into_view_if_needed()
    assert older.is_visible()
    shot(page, "seats-8-chat")

    older.click()
    page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 60", timeout=10000)
    assert lines.first.locator(".chat-text").inner_text() == "dispatch 1"
    assert page.locator("#chat-older").count() == 0  # nothing older

    # a new message comes by the socket, and one sent here by its answer and the socket: each once
    httpx.post(f"{server}/api/games/{game_id}/chat", json={"token": clubs, "text": "from afar"})
    page.wait_for_function(
        "() => [...document.querySelectorAll('#chat-lines .chat-text')].some(t => t.textContent === 'from afar')",
        timeout=10000,
    )
    page.locator("#chat-text").fill("from here")
    page.locator("#chat-form button[type=submit]").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('#chat-lines .chat-text')].some(t => t.textContent === 'from here')",
        timeout=10000,
    )
    page.wait_for_timeout(500)
    texts = page.locator("#chat-lines .chat-text").all_inner_texts()
    assert texts.count("from here") == 1 and texts.count("from afar") == 1
    assert len(texts) == 62
    assert not errors, errors
    context.close()


def test_the_pages_keep_to_the_content_security_policy(server):
    """The server allows only the app's own script files: no inline script, no on* attribute,
    no javascript: address, no style attribute written as markup, in any page or script."""
    headers = httpx.get(f"{server}/play/x").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    for path in STATIC.glob("*.html"):
        text = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), f"{path.name}: an inline script"
        assert not re.search(r"\son[a-z]+\s*=", text), f"{path.name}: an inline event handler"
        assert "javascript:" not in text and "style=" not in text, path.name
    for path in [*STATIC.glob("*.js"), *STATIC.glob("boards/*.js")]:
        text = path.read_text()
        for bad in ("innerHTML", "outerHTML", "insertAdjacentHTML", "javascript:", 'setAttribute("style"', "eval("):
            assert bad not in text, f"{path.name}: {bad}"
        assert not re.search(r"style=[\"']", text), f"{path.name}: a style attribute in markup"


def lobby_form(browser, server, game):
    """A page on the lobby with the new-game form set to ``game``, and the page's errors."""
    page = browser.new_page(viewport=DESKTOP)
    errors = watch(page)
    page.goto(server + "/")
    page.locator(f".game-card.game-{game}").wait_for(timeout=15000)
    page.locator("#f-game").select_option(game)
    return page, errors


def test_an_option_for_some_player_counts_is_offered_only_with_them(server, browser):
    """The First World War's solitaire (11.5, RULINGS R42) is the 2-player game: the new-game form
    turns it off and greys it out for 3 or 4 players, and gives it back for 2."""
    page, errors = lobby_form(browser, server, "first-world-war")
    solo = page.locator("#opt-solitaire")
    page.locator("#f-players").select_option("2")
    assert solo.is_enabled()
    solo.check()
    page.locator("#f-players").select_option("4")
    assert solo.is_disabled() and not solo.is_checked()
    page.locator("#f-players").select_option("2")
    assert solo.is_enabled()
    assert not errors
    page.close()


def test_the_whole_log_goes_on_as_the_game_does(server, browser):
    """With "whole log" chosen, the log showed the lines of the moment it was read and no more: the
    moves made after it (the player's own and the others') appeared only after a reload."""
    context, page, made, invitation = two_person_game(browser, server)
    errors = watch(page)
    token = claim(server, invitation)
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    page.locator("#full-log").click()
    page.wait_for_function("() => document.querySelector('#full-log').textContent === 'latest lines'")
    before = page.locator("#log .log-line").count()
    bid(server, page)
    act(server, made["id"], token, 1)  # clubs bids its ace
    page.wait_for_function(
        "(n) => document.querySelectorAll('#log .log-line').length > n", arg=before + 1, timeout=15000
    )
    assert page.locator("#full-log").inner_text() == "latest lines"  # still the whole log
    assert not errors
    context.close()


def test_every_game_in_the_lobby_says_what_it_is(server, browser):
    """Each game's card in the lobby tells a newcomer what the game is: Over There's read "2 roles."."""
    page = browser.new_page(viewport=DESKTOP)
    errors = watch(page)
    page.goto(server + "/")
    page.locator(".game-card.game-over-there").wait_for(timeout=15000)
    for game in (
        "first-world-war",
        "imperial-borders",
        "imperialism-1880",
        "imperial-elegy",
        "over-there",
        "goofspiel",
    ):
        blurb = page.locator(f".game-card.game-{game} .blurb").inner_text()
        assert len(blurb) > 40 and not blurb.endswith("roles."), (game, blurb)
    assert not errors
    page.close()


def test_the_seat_badge_goes_when_the_invitation_is_taken(server, browser):
    """The creator's "Seat" badge counted an invitation as open after it was taken, until a reload."""
    context, page, made, invitation = two_person_game(browser, server)
    errors = watch(page)
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    badge = page.locator("#open-invitations")
    badge.wait_for(state="visible", timeout=10000)
    assert badge.inner_text() == "1"
    token = claim(server, invitation)
    act(server, made["id"], token, 1)  # the newcomer bids, then the creator: the round is played
    bid(server, page)
    badge.wait_for(state="hidden", timeout=15000)
    assert not errors
    context.close()


def test_a_player_of_several_roles_is_said_to_be_one_person(server, browser):
    """Imperial Borders with 2 players: each player holds three nations. A newcomer set Austria, in
    the creator's own group, to human and expected a second player; the form now says that the
    roles set to human in a group are one person's."""
    page, errors = lobby_form(browser, server, "imperial-borders")
    page.locator("#f-players").select_option("2")
    groups = page.locator("#new-form fieldset.seat-group")
    assert groups.count() == 2
    for i in range(2):
        assert "One person plays the roles set to human here." in groups.nth(i).inner_text()
    page.locator("#f-players").select_option("6")
    assert "One person plays" not in page.locator("#new-form").inner_text()
    assert not errors
    page.close()


def test_the_lobby_names_the_bots_as_a_player_reads_them(server, browser):
    """The lobby's cards and seat choices name the bots ("Search 0.2 s", "Search (thinks 0.2 s a
    move)" in its tooltip), not by their ids ("ismcts:0.2s"); the id stays the value sent."""
    page = browser.new_page(viewport=DESKTOP)
    errors = watch(page)
    page.goto(server + "/")
    card = page.locator(".game-card.game-first-world-war")
    card.wait_for(timeout=15000)
    facts = card.locator(".facts").inner_text()
    assert "bots: Random, Heuristic, Solitaire, Search (3 levels)" in facts, facts
    assert "ismcts" not in facts

    page.locator("#f-game").select_option("first-world-war")
    seat = page.locator("select[name^='seat-']").nth(1)
    seat.wait_for(timeout=10000)
    options = {o.get_attribute("value"): o.inner_text() for o in seat.locator("option").all()}
    assert options["bot:ismcts:0.2s"] == "bot: Search 0.2 s", options
    assert options["bot:ismcts"] == "bot: Search 0.5 s", options
    assert options["bot:solitaire"] == "bot: Solitaire", options
    assert options["human"] == "human"
    titles = {o.get_attribute("value"): o.get_attribute("title") for o in seat.locator("option").all()}
    assert titles["bot:ismcts:0.2s"] == "Search (thinks 0.2 s a move): ismcts:0.2s", titles
    assert not errors, errors
    page.close()
