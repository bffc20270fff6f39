"""An Imperial Elegy land battle fought in a real browser (Debian's Chromium driven by
Playwright) by clicking, as a player would: Prussia's seat is the page's, the five other
powers are the server's bots. The game (the 1850 campaign, a development seed) is played to
Prussia's first battle through the API, Prussia's choices made by the heuristic bot; from the
battle's first question on, Prussia's choices (the bot's still, so that the game goes where
the seed leads: an attack on Russian Poland) are clicks on the page: supporting armies and the elite
unit on the map, its step losses on its counters, the advance after combat on the attacking
stack. The battle panel tells the dice and the result in words (who won, the losses, who
retreats and who advances); once it is over, the "Last battle" panel tells how it ended.
Screenshots are kept in artifacts/browser/."""

import random
import time

import httpx

from conftest import as_data, create_game, in_sync, order_button, seat_token, shot, wait_for, watch
from kriegsspiel.games.imperial_elegy import bots, world

ME = "ge"
# the 1850 campaign whose first battle for Prussia (after 32 of Prussia's own actions, an attack
# on Russian Poland) is an attack it wins: it declares support and an elite unit, takes step
# losses with a choice of units, the defender retreats and Prussia advances
SEED = 6
OTHERS = ("uk", "fr", "au", "ru", "ot")
NAMES = {"ge": "Prussia", "uk": "Britain", "fr": "France", "au": "Austria", "ru": "Russia", "ot": "Ottoman Empire"}


def my_shape(base, game_id, token):
    return httpx.get(f"{base}/api/games/{game_id}", params={"token": token}).json()


def my_turn(base, game_id, token, seconds=60):
    """Prussia's SHAPE once it must act and every other power has acted or committed (the
    bots move first, as they do at once on the server: the game goes where the seed leads)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        shape = my_shape(base, game_id, token)
        assert not shape["over"], "the game ended before Prussia's battle"
        committed = shape["view"].get("committed") or []
        others = [r for r in shape["active"] if r != ME and r not in committed]
        if shape["actions"] and not others:
            return shape
        time.sleep(0.1)
    raise AssertionError("Prussia never got to act")


def asking(shape):
    return shape["view"]["board"].get("asking") or ""


def panel_field(page, card, field):
    row = page.locator(f".ie-card.{card} dd[data-field='{field}']")
    return row.inner_text() if row.count() else ""


def click_choice(page, shape, choice):
    """Give `choice` by a click: an order naming a unit on its counter on the map, a retreat
    on the space it goes to, anything else among the orders. A counter or a space with several
    choices opens a menu: the choice is picked there."""
    in_sync(page, shape)
    if isinstance(choice, dict) and "to" in choice:
        target = page.locator(f"svg.ie-map .ie-space.actionable[data-place='{choice['to']}'] .ie-sym")
    elif isinstance(choice, dict) and "unit" in choice:
        target = page.locator(f"svg.ie-map .ie-counter.actionable[data-units~='{choice['unit']}']")
    else:
        order_button(page, shape, choice).click()
        return "the orders"
    target.click()
    item = page.locator(f".ie-menu:not(.hidden) .ie-menu-item[data-action='{as_data(choice)}']")
    try:
        item.wait_for(timeout=1500)
    except Exception:  # noqa: BLE001 - one choice there: the click gave it
        return "the map"
    item.click()
    return "the map's menu"


def test_a_battle_fought_by_clicking(server, browser):
    page = browser.new_page(viewport={"width": 1500, "height": 950})
    errors = watch(page)
    made = create_game(
        page,
        server,
        {
            "game": "imperial-elegy",
            "scenario": "1850",
            "players": 6,
            "seed": SEED,
            "seats": {ME: "human", **{p: "bot:heuristic" for p in OTHERS}},
            "creator": ME,
        },
    )
    game_id = made["id"]
    token = seat_token(page.context, game_id)
    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector("svg.ie-map .ie-space", timeout=15000)

    # to Prussia's first battle, through the API
    rng = random.Random(0)
    shape = my_turn(server, game_id, token)
    played = 0

    def own_battle(shape):  # a question of Prussia's own attack, not of a battle it supports
        battle = shape["view"]["board"].get("battle") or {}
        return asking(shape).startswith("battle-") and battle.get("attacker") == ME

    while not own_battle(shape):
        choice = bots.heuristic(shape["view"], shape["actions"], rng)
        answer = httpx.post(
            f"{server}/api/games/{game_id}/actions", json={"token": token, "action": choice, "step": shape["step"]}
        )
        assert answer.status_code == 200, answer.text
        played += 1
        assert played < 200, "no battle for Prussia"
        shape = my_turn(server, game_id, token)
    battle = shape["view"]["board"]["battle"]
    where = f"{battle['attacker']} attacks {battle['at']} from {battle['frm']}"
    print(f"Prussia's battle after {played} of its own actions: {where}")

    # the battle, by clicks
    asked = []
    result_seen = None
    while True:
        board = shape["view"]["board"]
        if board.get("battle") is None:
            break
        question = asking(shape)
        choice = bots.heuristic(shape["view"], shape["actions"], rng)
        if question == "battle-loss" and result_seen is None:
            # the dice are rolled: the panel says who won and the losses, in words
            page.locator(".ie-card.ie-battle dd[data-field='result']").wait_for(timeout=10000)
            fields = ("dice", "result", "losses", "retreat-and-advance")
            result_seen = {f: panel_field(page, "ie-battle", f) for f in fields}
            print(f"the battle panel: {result_seen}")
            page.locator(".ie-card.ie-battle").scroll_into_view_if_needed()
            shot(page, "ie-battle-1-losses")
        if question == "battle-advance" and question not in asked:
            in_sync(page, shape)
            shot(page, "ie-battle-2-advance")  # the attacking stack lit up on the map
        how = click_choice(page, shape, choice)
        asked.append(question)
        label = shape["labels"][shape["actions"].index(choice)]
        print(f"{question}: {label} (clicked on {how})")
        wait_for(
            lambda step=shape["step"]: my_shape(server, game_id, token)["step"] > step,
            what=f"the answer to {question}",
            page=page,
        )
        # Prussia's next question of this battle, or the battle over
        deadline = time.time() + 60
        while time.time() < deadline:
            shape = my_shape(server, game_id, token)
            committed = shape["view"].get("committed") or []
            others = [r for r in shape["active"] if r != ME and r not in committed]
            if shape["view"]["board"].get("battle") is None or (shape["actions"] and not others):
                break
            time.sleep(0.1)

    assert "battle-loss" in asked and "battle-advance" in asked, asked
    assert result_seen is not None
    # a minor power fights too (Prussia courts and fights the German minors): named as the map names it
    unified = bool((board.get("flags") or {}).get("germany_unified"))  # then Prussia is Germany (33.1.1)
    names = {**NAMES, "ge": "Germany"} if unified else NAMES
    attacker, defender = (names.get(q) or world.name(q) for q in (battle["main"]["a"], battle["main"]["d"]))
    assert f"{attacker}, the attacker, wins" in result_seen["result"], result_seen
    assert attacker in result_seen["losses"] and defender in result_seen["losses"] and "step" in result_seen["losses"]
    assert f"{defender}'s surviving units retreat from" in result_seen["retreat-and-advance"], result_seen
    assert f"then {attacker} advances into" in result_seen["retreat-and-advance"], result_seen
    assert f"{attacker} rolls" in result_seen["dice"], result_seen
    for text in result_seen.values():
        assert "winner" not in text and "{" not in text and "undefined" not in text, text

    # the battle over: the page tells how it ended, and the log tells the retreat and the advance
    last = shape["view"]["board"]["last_battle"]
    if last["attacker"] == ME:  # Prussia's: the bots may have fought another since (below)
        assert last["retreated"] and last["advanced"], last
        page.locator(".ie-card.ie-last-battle dd[data-field='advance']").wait_for(timeout=10000)
    else:
        page.locator(".ie-card.ie-last-battle dd[data-field='result']").wait_for(timeout=10000)
    ended = {f: panel_field(page, "ie-last-battle", f) for f in ("battle", "result", "losses", "retreat", "advance")}
    print(f"the last battle panel: {ended}")
    if ended["battle"].startswith(f"{attacker} attacked"):
        assert ended["result"].startswith(f"{attacker}, the attacker, won")
        assert f"{defender} retreated from" in ended["retreat"]
        assert f"of {attacker} advanced into" in ended["advance"]
    else:  # the bots fought another battle meanwhile: the panel tells that one, as the board has it
        now = my_shape(server, game_id, token)["view"]["board"]["last_battle"]
        who = names.get(now["attacker"]) or world.name(now["attacker"])
        assert ended["battle"].startswith(f"{who} attacked"), (ended, now)
    log = page.locator("#log").inner_text()
    assert " retreats to " in log and " advances." in log, log
    assert page.locator("#board .fatal").count() == 0
    page.locator(".ie-card.ie-last-battle").scroll_into_view_if_needed()
    shot(page, "ie-battle-3-after")
    assert not errors, errors
