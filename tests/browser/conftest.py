"""What every browser test shares: a server on a free port with a throw-away
SQLite database (in development mode, so that tests may choose seeds), Debian's
Chromium started by Playwright, and screenshots kept in artifacts/browser/.

A seat's key is a cookie of the browser context that made the game or took its
invitation: a test creates games from a page's context (``create_game``) and
asks the server for a page's SHAPE with that context's cookie (``shape_of``)."""

import json
import shutil
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest
import uvicorn

from kriegsspiel.play.web.app import create_app
from kriegsspiel.play.web.service import Limits

CHROMIUM = shutil.which("chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "browser"


def pytest_collection_modifyitems(items):
    skip = pytest.mark.skip(reason="Debian's chromium is not installed")
    for item in items:
        if CHROMIUM is None and "tests/browser" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path_factory.mktemp("db") / "k.sqlite"
    # a browser test file makes many games in a minute from one address, and one test fills a
    # chat with sixty messages: those limits are tested in tests/play, not here
    app = create_app(f"sqlite:///{db}", dev=True, limits=Limits(creations_per_minute=1000.0, chat_per_minute=1000.0))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            if httpx.get(f"{base}/api/catalog", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield base
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield b
        b.close()


def shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


# ----- helpers the browser tests share ------------------------------------------------------


def wait_for(condition, seconds=30, what="the game", page=None):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.2)
    refused = page.locator("#action-error:not(.hidden)") if page is not None else None
    why = f" (the page says: {refused.inner_text()})" if refused is not None and refused.count() else ""
    raise AssertionError(f"timed out waiting for {what}{why}")


def box(locator, seconds=10):
    """``locator``'s bounding box once it is drawn. A board is drawn again whenever the game
    moves on (a bot's action), and an element found just before that is gone by the time its box
    is asked for (Playwright answers None): the box is asked again of the element drawn now."""
    deadline = time.time() + seconds
    while True:
        found = locator.bounding_box()
        if found is not None:
            return found
        if time.time() >= deadline:
            raise AssertionError(f"{locator} is not drawn")
        time.sleep(0.05)


def in_sync(page, shape, timeout=15000):
    """Wait until the page shows this SHAPE's orders, at its step (the push may come
    after the answer; an order given from an older step would be refused)."""
    page.wait_for_function(
        "([n, p, s]) => document.querySelectorAll('#actions button').length === n"
        " && document.querySelector('#prompt').textContent === p"
        " && document.querySelector('#actions').dataset.step === s",
        arg=[len(shape["actions"]), shape["view"].get("prompt") or "", str(shape["step"])],
        timeout=timeout,
    )


def settled_shape(base, page, seconds=30):
    """The page's SHAPE once the page shows it: asked again while bots still move the game on
    (their orders committed after the first reading; ``in_sync`` would wait for a step gone by)."""
    deadline = time.time() + seconds
    while True:
        shape = shape_of(base, page)
        try:
            in_sync(page, shape, timeout=2000)
            return shape
        except Exception:  # noqa: BLE001 - a newer step came: read it again
            if time.time() >= deadline:
                raise


def order_button(page, shape, action):
    """The orders panel's button for ``action`` (its title is the action's label)."""
    label = shape["labels"][shape["actions"].index(action)]
    return page.locator("#actions").get_by_title(label[:1].upper() + label[1:], exact=True)


def as_data(action):
    return json.dumps(action, separators=(",", ":"))


def watch(page, expected=()):
    """The page's script errors and console errors, a Content-Security-Policy violation
    among them. A request refused with a status in ``expected`` is an answer the page
    handles (409: the game moved on; 401: no seat), not an error."""
    errors = []

    def console(message):
        if message.type != "error":
            return
        if any(f"status of {status} " in message.text for status in expected):
            return
        errors.append(message.text)

    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", console)
    return errors


def game_id_of(page):
    """The {id} of the page's /play/{id} or /replay/{id}."""
    return page.url.split("?")[0].rstrip("/").split("/")[-1]


def seat_token(context, game_id):
    """The token of the seat a browser context holds in a game: the cookie the server
    set when the context made the game or took an invitation (None if it holds none)."""
    for cookie in context.cookies():
        if cookie["name"] == f"ks-{game_id}":
            return cookie["value"]
    return None


def shape_of(base, page, role=None):
    """The SHAPE the server gives the page's own seat (asked with its context's cookie;
    a spectator page with the token of its address)."""
    game_id = game_id_of(page)
    params = {"role": role} if role else {}
    token = seat_token(page.context, game_id)
    if token is None and "token=" in page.url:
        token = page.url.split("token=")[1].split("&")[0]
    if token is not None:
        params["token"] = token
    return httpx.get(f"{base}/api/games/{game_id}", params=params).json()


def create_game(page, base, spec):
    """POST /api/games from the page's browser context, as the lobby does: the creator's
    seat lands in that context as a cookie. The server's answer."""
    answer = page.request.post(f"{base}/api/games", data=spec)
    assert answer.ok, answer.text()
    return answer.json()


def open_board(browser, base, viewport, spec, ready, ready_timeout=20000, actions_timeout=30000, settle=300):
    """A new page at ``viewport`` on a game made from ``spec`` (``create_game``), once the board's
    ``ready`` selector and the orders are drawn; with the list of the page's errors (``watch``)."""
    page = browser.new_page(viewport=viewport)
    errors = watch(page)
    made = create_game(page, base, spec)
    page.goto(f"{base}/play/{made['id']}")
    page.wait_for_selector(ready, timeout=ready_timeout)
    page.wait_for_selector("#actions button", timeout=actions_timeout)
    if settle:
        page.wait_for_timeout(settle)
    return page, errors


def data_pack(base, game):
    """The game's data pack as the board loads it (GET /api/data/{game})."""
    return httpx.get(f"{base}/api/data/{game}").json()


def claim(base, invitation):
    """Take an invitation as a program would (no browser): the seat's token."""
    game_id = invitation["url"].rstrip("/").split("/")[-2]
    answer = httpx.post(f"{base}/api/games/{game_id}/join", json={"code": invitation["code"]})
    assert answer.status_code == 200, answer.text
    return answer.json()["token"]


def invitation_for(made, role):
    """The invitation of ``made`` (POST /api/games's answer) to the seat holding ``role``."""
    return next(inv for inv in made["invitations"] if role in inv["roles"])


def act(base, game_id, token, action, step=None, role=None):
    """An action sent with a seat's token, chosen at ``step`` (by default the seat's step now)."""
    if step is None:
        params = {"token": token, **({"role": role} if role else {})}
        step = httpx.get(f"{base}/api/games/{game_id}", params=params).json()["step"]
    body = {"token": token, "action": action, "step": step, **({"role": role} if role else {})}
    answer = httpx.post(f"{base}/api/games/{game_id}/actions", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()
