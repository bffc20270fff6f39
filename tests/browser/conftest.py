"""What every browser test shares: a server on a free port with a throw-away
SQLite database, Debian's Chromium started by Playwright, and screenshots kept
in artifacts/browser/."""

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
    config = uvicorn.Config(create_app(f"sqlite:///{db}"), host="127.0.0.1", port=port, log_level="warning")
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


def in_sync(page, shape):
    """Wait until the page shows this SHAPE's orders (the push may come after the answer)."""
    page.wait_for_function(
        "([n, p]) => document.querySelectorAll('#actions button').length === n"
        " && document.querySelector('#prompt').textContent === p",
        arg=[len(shape["actions"]), shape["view"].get("prompt") or ""],
        timeout=15000,
    )


def order_button(page, shape, action):
    """The orders panel's button for ``action`` (its title is the action's label)."""
    label = shape["labels"][shape["actions"].index(action)]
    return page.locator("#actions").get_by_title(label[:1].upper() + label[1:], exact=True)


def as_data(action):
    return json.dumps(action, separators=(",", ":"))


def watch(page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def shape_of(base, page):
    """The SHAPE the server gives the page's own seat."""
    url = page.url
    game_id = url.split("/play/")[1].split("?")[0]
    token = url.split("token=")[1].split("&")[0]
    return httpx.get(f"{base}/api/games/{game_id}", params={"token": token}).json()
