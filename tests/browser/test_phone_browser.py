"""The pages at a phone's size (390×844) and a desktop's (1400×900), measured in a real
browser (Debian's Chromium driven by Playwright):

- nothing is wider than the screen: the lobby, its new-game form (for every game), each
  game page, the player's guide (no sideways scroll);
- the lobby's cards hold their text (Imperialism 1880's among them); its words come from the
  catalog: the options' titles, the roles' names, the numbers of players there are;
- on a phone the board is a window of at most ~60% of the screen's height, so that the
  prompt ("Your move") shows on the first screen and the orders right after it; the
  buttons of the header, the orders, the log and the chat are at least 32 pixels high and
  within the screen; the First World War's theatres are stacked, the Eastern Front under
  the Western, not beside it behind a sideways swipe;
- the header's role tabs stay one row, however many roles (Imperialism 1880's nine);
- Goofspiel's compact bid buttons keep their own width (J, Q and K are not stretched);
- Imperial Elegy's Alliance Track shows every name whole, and Russia's white swatch has a
  dark outline;
- a private message raises the chat's unread badge (in the chat tab and in the header)
  until the chat is in sight;
- a log citation is a link that opens the guide at its section.

Screenshots of every game's board at both sizes, and of the lobby, the guide and the chat,
are kept in artifacts/browser/ (phone-*.png, desktop-*.png)."""

import re

import httpx
import pytest

from conftest import ARTIFACTS, box, claim, create_game, shot, watch

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}
SIZES = {"phone": PHONE, "desktop": DESKTOP, "laptop": {"width": 1366, "height": 768}}
GAMES = ["goofspiel", "first-world-war", "imperial-borders", "imperial-elegy", "imperialism-1880"]
TWO_HUMANS = {"game": "goofspiel", "players": 2, "seed": 7, "seats": {"hearts": "human", "clubs": "human"}}

# Everything on the page no wider than the screen.
WIDTH = "[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]"

# Boxes ({x, y, w, h}) of the visible elements a selector finds inside a root.
BOXES = """([root, sel]) => [...document.querySelectorAll(root + ' ' + sel)]
    .filter(e => e.checkVisibility())
    .map(e => { const r = e.getBoundingClientRect();
                return {x: r.x, y: r.y, w: r.width, h: r.height, right: r.right, bottom: r.bottom,
                        text: (e.textContent || e.value || '').trim().slice(0, 40)}; })"""


def fits(page, where):
    document, body, screen = page.evaluate(WIDTH)
    assert document <= screen and body <= screen, (
        f"{where}: {max(document, body)} pixels wide on a {screen}-pixel screen"
    )


def boxes(page, root, sel):
    return page.evaluate(BOXES, [root, sel])


def whole_board_shot(page, name):
    """The board's whole content (the window on a phone scrolls within): lifted for the picture."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.querySelector('#board').style.maxHeight = 'none'")
    page.evaluate("document.querySelector('#board-more').style.display = 'none'")
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"{name}.png"))
    page.evaluate("document.querySelector('#board').style.maxHeight = ''")
    page.evaluate("document.querySelector('#board-more').style.display = ''")


def catalog(server):
    return {g["id"]: g for g in httpx.get(f"{server}/api/catalog").json()}


def play_now(browser, server, game, size):
    """The lobby's "Play now" for ``game`` in a fresh browser context of that size: the page
    once it offers orders, and its errors."""
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    errors = watch(page, expected=(409,))
    page.goto(server + "/")
    page.locator(f".game-card.game-{game} button.btn.primary").click()
    page.wait_for_url("**/play/**", timeout=15000)
    page.wait_for_selector("#actions button", timeout=20000)
    page.wait_for_timeout(400)  # the pushes that follow the first state
    return context, page, errors


# ----- the lobby ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_lobby_and_its_form_fit_the_screen(server, browser, size):
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    errors = watch(page)
    page.goto(server + "/")
    page.locator(".game-card.game-imperialism-1880").wait_for(timeout=15000)
    page.locator("#new-form #f-game").wait_for(timeout=15000)
    fits(page, f"the lobby ({size})")

    # every card holds its text: nothing in it runs past its right edge
    for card in page.locator(".game-card").all():
        over = card.evaluate(
            """c => { const edge = c.getBoundingClientRect().right + 0.5;
                      return [...c.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > edge)
                             .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 30)); }"""
        )
        assert not over, f"{card.get_attribute('class')} overflows ({size}): {over}"

    # the new-game form of every game: within the screen
    form_edge = box(page.locator("#new-game"))
    for game in GAMES:
        page.locator("#f-game").select_option(game)
        page.wait_for_function("g => document.querySelector('#f-game').value === g", arg=game)
        fits(page, f"the new-game form of {game} ({size})")
        right = max(b["right"] for b in boxes(page, "#new-form", "*"))
        assert right <= form_edge["x"] + form_edge["width"] + 0.5, f"the form of {game} runs out of its panel ({size})"
        if size == "phone":
            for b in boxes(page, "#new-form", "select, input[type=text], input[type=number], button"):
                assert b["h"] >= 32, f"a form control too small to tap on a phone ({game}): {b}"
    page.locator("#f-game").select_option("first-world-war")
    shot(page, f"{size}-lobby")
    assert not errors, errors
    context.close()


def test_the_lobby_speaks_the_catalogs_words(server, browser):
    cat = catalog(server)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch(page)
    page.goto(server + "/")
    page.locator("#new-form #f-game").wait_for(timeout=15000)
    for game, entry in cat.items():
        # the players' counts as they are: a range only where every count between exists
        facts = page.locator(f".game-card.game-{game} .facts .counts").inner_text()
        counts = sorted(set(entry["player_counts"]))
        shown = sorted({int(n) for n in re.findall(r"\d+", facts)})
        if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
            assert facts == f"{counts[0]}–{counts[-1]} players", facts
        else:
            assert shown == counts and "–" not in facts, f"{game}: {facts!r} for the counts {counts}"
        # the roles by the catalog's names, on the card and in the seats of the form
        names = entry["role_names"]
        card_roles = page.locator(f".game-card.game-{game} .roles-line .role-badge").all_inner_texts()
        assert [t.strip() for t in card_roles] == [names[r].removeprefix("the ") for r in entry["roles"]]
        page.locator("#f-game").select_option(game)
        page.wait_for_function("g => document.querySelector('#f-game').value === g", arg=game)
        for role, name in names.items():
            seat = page.locator(f'select[name="seat-{role}"]')
            if seat.count():
                assert seat.get_attribute("aria-label") == f"who plays {name.removeprefix('the ')}"
        # the options by their titles
        for option, spec in entry["options"].items():
            label = page.locator(f'label[for="opt-{option}"]').inner_text().strip()
            assert label == spec["title"], f"{game}'s option {option}: {label!r}"
    page.locator("#f-game").select_option("imperial-borders")
    assert page.locator('label[for="opt-sweden_portugal"]').inner_text().strip() == "Sweden and Portugal"
    assert not errors, errors
    context.close()


# ----- the game pages ------------------------------------------------------------------------------


def check_phone_page(page, game):
    height = page.evaluate("innerHeight")
    fits(page, f"{game} on a phone")
    # the board a window of the screen; the prompt on the first screen, the orders after it
    board = box(page.locator("#board"))
    assert board["height"] <= 0.62 * height, (
        f"{game}: the board is {board['height']} pixels high on a {height}-pixel screen"
    )
    board_width = page.locator("#board").evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert board_width[0] <= board_width[1] + 1, f"{game}: the board scrolls sideways {board_width}"
    prompt = box(page.locator("#prompt-card"))
    assert prompt["y"] >= board["y"] + board["height"] - 1  # right after the board
    assert prompt["y"] + 40 <= height, f"{game}: the prompt starts at {prompt['y']}, below the first screen"
    actions = box(page.locator("#actions-card"))
    assert actions["y"] <= prompt["y"] + prompt["height"] + 12

    # what a thumb presses: the header, the orders, the log's and chat's tabs
    for root in (".game-bar", ".side"):
        for b in boxes(page, root, "button, a.btn, summary.btn, select"):
            assert b["h"] >= 32, f"{game}: {root} {b['text']!r} is {b['h']} pixels high"
            assert b["x"] >= -0.5 and b["right"] <= page.evaluate("innerWidth") + 0.5, (
                f"{game}: {b['text']!r} runs off the screen"
            )
    # the seat menu, opened, within the screen
    page.locator("#seat-menu summary").click()
    menu = box(page.locator("#seat-body"))
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= page.evaluate("innerWidth") + 0.5, (
        f"{game}: the seat menu {menu}"
    )
    page.locator("#seat-menu summary").click()
    # the log's lines within the screen
    for b in boxes(page, "#log", ".log-line"):
        assert b["right"] <= page.evaluate("innerWidth") + 0.5
    # the chat: its box, its recipient, its field and its button usable
    page.locator("#tab-chat").click()
    for sel in ("#chat-to", "#chat-text", "#chat-form button[type=submit]"):
        b = box(page.locator(sel))
        assert b["height"] >= 32 and b["x"] >= 0 and b["x"] + b["width"] <= page.evaluate("innerWidth") + 0.5, (sel, b)
    assert box(page.locator("#chat-lines"))["height"] >= 120
    page.locator("#tab-log").click()
    assert box(page.locator("#log"))["height"] >= 120


def check_desktop_page(page, game):
    fits(page, f"{game} on a desktop")
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1"), "the desktop page scrolls"
    board = box(page.locator("#board"))
    side = box(page.locator(".side"))
    assert side["x"] >= board["x"] + board["width"] - 1  # the orders beside the board
    header = box(page.locator(".game-bar"))
    assert header["height"] <= 64, f"{game}: the header is {header['height']} pixels high"
    # the header's parts side by side, none under another
    strip = box(page.locator("#role-switch"))
    right = box(page.locator(".bar-right"))
    assert strip["x"] + strip["width"] <= right["x"] + 0.5


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_fits_the_screen(server, browser, game, size):
    context, page, errors = play_now(browser, server, game, size)
    if size == "phone":
        check_phone_page(page, game)
    else:
        check_desktop_page(page, game)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{size}-{game}.png"))  # what the screen shows first
    whole_board_shot(page, f"{size}-{game}-board")
    if size == "phone":
        shot(page, f"{size}-{game}-page")  # the whole page, scrolled
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_board_says_when_more_of_it_lies_below(server, browser, size):
    """Imperial Elegy's hand lies under its map, below the bottom edge of the board's box on a
    phone and on a 1366x768 laptop: a button over that edge says so and scrolls the board, and
    goes once the board's end is in sight."""
    viewport = SIZES[size]
    context, page, errors = play_now(browser, server, "imperial-elegy", size)
    more = page.locator("#board-more")
    more.wait_for(state="visible", timeout=10000)
    board, button = box(page.locator("#board")), box(more)
    # over the board's bottom edge, within the screen
    assert board["y"] < button["y"] and button["y"] + button["height"] <= board["y"] + board["height"] + 0.5
    assert button["y"] + button["height"] <= viewport["height"], (button, viewport)
    page.screenshot(path=str(ARTIFACTS / f"board-more-{size}.png"))
    more.click()
    page.wait_for_function("() => document.querySelector('#board').scrollTop > 50", timeout=5000)
    page.evaluate("(b => b.scrollTop = b.scrollHeight)(document.querySelector('#board'))")
    more.wait_for(state="hidden", timeout=5000)
    assert not errors, errors
    context.close()


def test_the_first_world_war_stacks_its_theatres_on_a_phone(server, browser):
    # a phone: the Eastern Front under the Western, in the board's width
    context, page, errors = play_now(browser, server, "first-world-war", "phone")
    page.wait_for_selector("svg.fww-map .theatre.east", timeout=15000)
    west = box(page.locator("svg.fww-map .theatre.west rect"))
    italy = box(page.locator("svg.fww-map .theatre.italy rect"))
    east = box(page.locator("svg.fww-map .theatre.east rect"))
    board = page.locator("#board").evaluate(
        "b => { const r = b.getBoundingClientRect(); return [r.x, r.right, b.scrollWidth, b.clientWidth]; }"
    )
    assert board[2] <= board[3] + 1, "the board scrolls sideways"
    assert west["y"] < italy["y"] < east["y"], "the theatres are not stacked"
    assert abs(east["x"] - west["x"]) < 2 and east["width"] >= 0.9 * (board[1] - board[0]) - 20
    assert east["x"] + east["width"] <= board[1] + 0.5
    # the eleven fronts, each the board's width
    for front in page.locator("svg.fww-map .front .band-bg").all():
        b = box(front)
        assert b["x"] >= board[0] - 0.5 and b["x"] + b["width"] <= board[1] + 0.5
    assert page.locator("svg.fww-map .front").count() == 11

    # widened to a desktop, the same page draws the theatres side by side again
    page.set_viewport_size(DESKTOP)
    page.wait_for_function("() => !document.querySelector('svg.fww-map').classList.contains('stacked')", timeout=5000)
    west = box(page.locator("svg.fww-map .theatre.west rect"))
    east = box(page.locator("svg.fww-map .theatre.east rect"))
    assert east["x"] > west["x"] + west["width"] and abs(east["y"] - west["y"]) < 2
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_many_role_tabs_stay_one_row(server, browser, size):
    # Imperialism 1880's seat holding the most roles (the great powers together, or all nine)
    entry = catalog(server)["imperialism-1880"]
    players, group = max(((int(n), g) for n, gs in entry["seats"].items() for g in gs), key=lambda x: len(x[1]))
    assert len(group) >= 8, group
    seats = {role: "human" for g in entry["seats"][str(players)] for role in g}
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    errors = watch(page)
    made = create_game(
        page, server, {"game": "imperialism-1880", "players": players, "seats": seats, "creator": group[0]}
    )
    assert sorted(made["you"]["roles"]) == sorted(group)
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_function(
        "n => document.querySelectorAll('#role-switch .role-tab').length === n", arg=len(group) + 1, timeout=15000
    )
    page.wait_for_timeout(300)
    tabs = boxes(page, "#role-switch", ".role-tab")
    assert len(tabs) == len(group) + 1  # Auto, and a tab a role
    assert max(t["y"] for t in tabs) - min(t["y"] for t in tabs) < 1, "the role tabs wrap to a second row"
    strip = box(page.locator("#role-switch"))
    assert strip["x"] >= 0 and strip["x"] + strip["width"] <= page.evaluate("innerWidth") + 0.5
    assert strip["height"] <= 52
    # the current role's tab is in sight within the strip
    current = box(page.locator("#role-switch .role-tab.current"))
    assert strip["x"] - 0.5 <= current["x"] and current["x"] + current["width"] <= strip["x"] + strip["width"] + 0.5
    page.screenshot(
        path=str(ARTIFACTS / f"{size}-role-tabs.png"),
        clip={"x": 0, "y": 0, "width": SIZES[size]["width"], "height": 140},
    )
    # the strip scrolls to the others: the last tab can be brought into sight
    page.locator("#role-switch .role-tab").last.scroll_into_view_if_needed()
    last = box(page.locator("#role-switch .role-tab").last)
    assert last["x"] + last["width"] <= strip["x"] + strip["width"] + 0.5
    assert page.evaluate("window.scrollX") == 0
    fits(page, f"the role tabs ({size})")
    assert not errors, errors
    context.close()


def test_goofspiels_bid_buttons_keep_their_width(server, browser):
    context, page, errors = play_now(browser, server, "goofspiel", "desktop")
    bids = boxes(page, "#actions", ".action-list.compact .btn.action")
    assert len(bids) == 13, bids
    narrowest = min(b["w"] for b in bids)
    wide = {b["text"]: round(b["w"]) for b in bids if b["w"] > 1.8 * narrowest}
    assert not wide, f"stretched bid buttons: {wide} (the narrowest is {narrowest:.0f} pixels)"
    page.locator("#actions-card").screenshot(path=str(ARTIFACTS / "desktop-goofspiel-bids.png"))
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_imperial_elegys_alliance_track_and_white_russia(server, browser, size):
    context, page, errors = play_now(browser, server, "imperial-elegy", size)
    track = page.locator(".ie-alliance")
    track.wait_for(timeout=15000)
    # every power's name whole, inside its box
    names = track.locator(".ie-abox .ie-badge").evaluate_all(
        """bs => bs.map(b => {
                 const box = b.closest('.ie-abox').getBoundingClientRect(); const r = b.getBoundingClientRect();
                 return {text: b.textContent, cut: b.scrollWidth > b.clientWidth + 0.5,
                         out: r.right > box.right + 0.5 || r.left < box.left - 0.5}; })"""
    )
    assert len(names) == 6, names
    for n in names:
        assert not n["cut"] and not n["out"], f"{n['text']!r} does not fit its box ({size})"
    assert any("Ottoman" in n["text"] for n in names)
    # Russia's swatch: white, with a dark outline
    sw = track.locator('.ie-badge[data-power="ru"] .sw').evaluate(
        "s => { const c = getComputedStyle(s); "
        "return [c.backgroundColor, parseFloat(c.borderTopWidth), c.borderTopColor]; }"
    )
    fill = [int(v) for v in re.findall(r"\d+", sw[0])[:3]]
    edge = [int(v) for v in re.findall(r"\d+", sw[2])[:3]]
    assert min(fill) > 230, sw  # white
    assert sw[1] >= 1.5 and max(edge) < 100, f"Russia's swatch has no visible outline: {sw}"
    display = page.locator('.ie-display[data-power="ru"]').evaluate("d => getComputedStyle(d).borderLeftColor")
    assert max(int(v) for v in re.findall(r"\d+", display)[:3]) < 100, (
        f"Russia's display has a white edge only: {display}"
    )
    track.screenshot(path=str(ARTIFACTS / f"{size}-imperial-elegy-alliance-track.png"))
    assert not errors, errors
    context.close()


# ----- the chat's unread badge ------------------------------------------------------------------------


def unread(page):
    """The chat tab's badge and the header's: [shown, number, private] of each."""
    return page.evaluate(
        """() => ['#unread', '#unread-top'].map(s => { const b = document.querySelector(s);
                 return [!b.classList.contains('hidden'), b.textContent, b.classList.contains('private')]; })"""
    )


def last_line_in_sight(page):
    """Whether the chat's newest line shows on the screen."""
    return page.evaluate(
        """() => { const l = [...document.querySelectorAll('#chat-lines .chat-line')].pop();
                   if (!l) return false; const r = l.getBoundingClientRect();
                   return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) > 0; }"""
    )


def test_a_private_message_is_unread_until_the_chat_is_in_sight(server, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = watch(page)
    made = create_game(page, server, TWO_HUMANS)
    game_id = made["id"]
    clubs = claim(server, made["invitations"][0])
    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector("#actions button", timeout=15000)

    def say(text, to=None):
        body = {"token": clubs, "text": text, **({"to": to} if to else {})}
        answer = httpx.post(f"{server}/api/games/{game_id}/chat", json=body)
        assert answer.status_code == 200, answer.text

    # on the log tab: a private message to hearts raises both badges, marked private
    say("a word for hearts alone", to="hearts")
    page.locator("#unread:not(.hidden)").wait_for(timeout=10000)
    page.locator("#chat-jump:not(.hidden)").wait_for(timeout=5000)
    [tab, top] = unread(page)
    assert tab == [True, "1", True] and top == [True, "1", True], (tab, top)
    jump = box(page.locator("#chat-jump"))
    assert jump["y"] + jump["height"] <= 100 and jump["height"] >= 32  # in the header, tappable
    shot(page, "phone-chat-unread")

    # the chat opened and in sight: read
    page.locator("#tab-chat").click()
    page.locator("#chat-form").scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('#unread').classList.contains('hidden')", timeout=5000)
    assert page.locator("#chat-jump").is_hidden()
    # then the page scrolled back to the board: a new message arrives in the open chat, out of sight
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    say("another, while you look at the board", to="hearts")
    page.locator("#unread-top:not(.hidden)").wait_for(timeout=10000)
    page.wait_for_timeout(500)
    assert not last_line_in_sight(page)
    assert unread(page) == [[True, "1", True], [True, "1", True]]  # not read by arriving in an unseen chat

    # the header's button brings the chat into sight: read
    page.locator("#chat-jump").click()
    page.wait_for_function("() => document.querySelector('#unread').classList.contains('hidden')", timeout=5000)
    assert page.locator("#chat-jump").is_hidden()
    assert last_line_in_sight(page)
    assert page.locator("#chat-lines .chat-line.private").count() == 2
    shot(page, "phone-chat-read")

    # a message to everyone raises the badge too, but not as private
    page.locator("#tab-log").click()
    say("to all")
    page.locator("#unread:not(.hidden)").wait_for(timeout=10000)
    assert "private" not in page.locator("#unread").get_attribute("class")
    # read state kept across a reload: only the unread one counts
    page.reload()
    page.wait_for_selector("#actions button", timeout=15000)
    page.locator("#unread:not(.hidden)").wait_for(timeout=10000)
    assert page.locator("#unread").inner_text() == "1"
    assert not errors, errors
    context.close()


# ----- the guide -------------------------------------------------------------------------------------


def test_a_log_citation_opens_the_guide_at_its_section(server, browser):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch(page, expected=(409,))
    page.goto(server + "/")
    page.locator(".game-card.game-goofspiel button.btn.primary").click()
    page.wait_for_url("**/play/**", timeout=15000)
    page.wait_for_selector(".hand.mine button.pcard.playable", timeout=15000)
    assert page.locator("#guide-link").get_attribute("href") == "/guide/goofspiel"

    # play a round: bid a card; the bot bids; the log tells who took the prize, citing 2.4
    lines = page.locator("#log .log-line").count()
    page.locator(".hand.mine button.pcard.playable").first.click()
    page.wait_for_function("n => document.querySelectorAll('#log .log-line').length > n", arg=lines, timeout=15000)
    cite = page.locator("#log a.rule").last
    cite.wait_for(timeout=10000)
    href = cite.get_attribute("href")
    assert re.fullmatch(r"/guide/goofspiel#[\w-]+", href), href
    anchor = href.split("#")[1]

    # the citation reads as a link, quietly: underlined, small, not the browser's blue
    look = cite.evaluate(
        "a => { const c = getComputedStyle(a); "
        "return [c.textDecorationLine, parseFloat(c.fontSize), c.color, c.cursor]; }"
    )
    assert "underline" in look[0] and look[1] <= 12 and look[3] == "pointer", look
    assert look[2] not in ("rgb(0, 0, 238)", "rgb(85, 26, 139)"), look
    page.screenshot(path=str(ARTIFACTS / "desktop-log-citations.png"), clip=box(page.locator(".talk-card")))

    # a click opens the guide (beside the game) at the anchored section
    with context.expect_page() as opened:
        cite.click()
    guide = opened.value
    guide.wait_for_load_state()
    guide_errors = watch(guide)
    assert guide.url.endswith(href), guide.url
    target = guide.locator(f"[id='{anchor}']")
    assert target.evaluate("h => h.matches(':target') && /^H[23]$/.test(h.tagName)")
    top = box(target)["y"]
    bar = box(guide.locator(".game-bar"))
    assert bar["height"] - 1 <= top <= 200, f"the section's heading is at {top}, not at the top of the screen"
    # the desktop page: the contents beside the text, the text a readable width
    contents = box(guide.locator(".guide-contents"))
    text = box(guide.locator(".guide-text"))
    assert contents["x"] + contents["width"] <= text["x"]
    measure = guide.locator(".guide-text p").first.evaluate(
        "p => p.getBoundingClientRect().width / parseFloat(getComputedStyle(p).fontSize)"
    )
    assert 25 <= measure <= 48, f"a line of the guide is {measure:.0f} ems long"
    assert guide.locator(f'.guide-contents a[href="#{anchor}"]').count() == 1
    fits(guide, "the guide (desktop)")
    guide.screenshot(path=str(ARTIFACTS / "desktop-guide.png"))

    # the guide on a phone: the contents above the text, nothing sideways
    guide.set_viewport_size(PHONE)
    guide.goto(f"{server}/guide/goofspiel")
    guide.goto(f"{server}{href}")
    fits(guide, "the guide (phone)")
    contents = box(guide.locator(".guide-contents"))
    text = box(guide.locator(".guide-text"))
    assert contents["y"] + contents["height"] <= text["y"] + 0.5
    for b in boxes(guide, ".guide-contents", "a"):
        assert b["h"] >= 32 and b["right"] <= PHONE["width"]
    top = box(guide.locator(f"[id='{anchor}']"))["y"]
    assert 0 <= top <= 200
    guide.screenshot(path=str(ARTIFACTS / "phone-guide.png"))
    guide.evaluate("window.scrollTo(0, 0)")
    guide.screenshot(path=str(ARTIFACTS / "phone-guide-contents.png"))
    assert not errors, errors
    assert not guide_errors, guide_errors
    context.close()
