"""Over There's hex map of East Prussia in a real browser (Debian's Chromium driven by Playwright):
every hex, hexside feature, railway and town of the data pack is drawn where the map puts it; a
unit is selected by clicking its counter, its reachable hexes are tinted, a click on one moves
it; the movement phase ends from the board's panel; an enemy hex is attacked by clicking it and
the odds panel shows the attack's figures before it is resolved. The map reads at a desktop's and
a phone's size, zoomed in or not. An eliminated unit is replaced at a city from the map (16B3c).
Screenshots are kept in artifacts/browser/ (ot-*.png)."""

import json
import random
import time

import httpx

from conftest import ARTIFACTS, as_data, box, game_id_of, in_sync, open_board, seat_token, shape_of, shot
from conftest import data_pack as shared_data_pack
from kriegsspiel.games.over_there import bots

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
SEATS = {"entente": "human", "central-powers": "bot:heuristic"}

# A point of hex h's cell that nothing of another hex covers (a counter of the hex itself may),
# scrolled into view; null when the whole cell is hidden.
POINT_IN_HEX = """
(h) => {
  const poly = document.querySelector(`svg.ot-map .ot-cell[data-hex="${h}"]`);
  if (!poly) return null;
  poly.scrollIntoView({block: "center", inline: "center"});
  const m = poly.getScreenCTM();
  const b = poly.getBBox();
  const tries = [[0.5, 0.5], [0.5, 0.18], [0.5, 0.82], [0.22, 0.5], [0.78, 0.5], [0.35, 0.25], [0.65, 0.75]];
  for (const [fx, fy] of tries) {
    const p = new DOMPoint(b.x + b.width * fx, b.y + b.height * fy).matrixTransform(m);
    const t = document.elementFromPoint(p.x, p.y);
    const c = t && t.closest && t.closest("[data-hex]");
    if (c && c.dataset.hex === h) return [p.x, p.y];
  }
  return null;
}
"""

# For each town: is its mark drawn, and inside the cell of its own hex?
TOWNS_PLACED = """
(towns) => {
  const out = {};
  for (const t of towns) {
    const mark = document.querySelector(`svg.ot-map .ot-town[data-town="${t.id}"]`);
    const cell = document.querySelector(`svg.ot-map .ot-cell[data-hex="${t.hex}"]`);
    if (!mark || !cell) { out[t.id] = false; continue; }
    const shape = mark.firstElementChild.getBBox();
    const p = new DOMPoint(shape.x + shape.width / 2, shape.y + shape.height / 2);
    out[t.id] = cell.isPointInFill(p);
  }
  return out;
}
"""


def open_game(server, browser, viewport, seed=3):
    spec = {"game": "over-there", "seed": seed, "seats": SEATS}
    return open_board(browser, server, viewport, spec, "svg.ot-map .ot-cell")


def data_pack(server):
    return shared_data_pack(server, "over-there")


def next_shape(server, page, after, seconds=30):
    """The seat's SHAPE once it has moved on from step ``after`` and may act again, and the page
    shows it. A bot may move on meanwhile (both sides answer air superiority at once): then the
    newer SHAPE is the one waited for."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        shape = shape_of(server, page)
        if shape["step"] != after and shape["actions"]:
            drawn = page.evaluate("() => { const a = document.querySelector('#actions'); return a && a.dataset.step; }")
            if drawn == str(shape["step"]):
                page.wait_for_timeout(250)
                return shape
        time.sleep(0.2)
    raise AssertionError(f"the game did not move on from step {after}, or the page did not show it")


def click_hex(page, h):
    point = page.evaluate(POINT_IN_HEX, h)
    assert point, f"hex {h} cannot be clicked: something of another hex covers it"
    page.mouse.click(*point)


def choose_in_menu(page, action):
    """A click that opened the hex's menu (several orders there): pick ``action`` in it."""
    menu = page.locator(".ot-menu:not(.hidden)")
    if menu.count():
        menu.locator(f"button[data-action='{as_data(action)}']").click()


def board_of(shape):
    return shape["view"]["board"]


def play_entente_until(server, page, reached, seconds):
    """Play the page's Entente seat through the API with the heuristic until ``reached(shape)``
    (the Central Powers' seat is the server's bot); then reload the page and return that SHAPE,
    shown."""
    game_id = game_id_of(page)
    token = seat_token(page.context, game_id)
    rng = random.Random(0)
    deadline = time.time() + seconds
    while True:
        shape = shape_of(server, page)
        assert time.time() < deadline, f"the position asked for was not reached in time (step {shape['step']})"
        if not shape["actions"]:
            time.sleep(0.1)  # the Central Powers' bot is moving
            continue
        if reached(shape):
            break
        assert board_of(shape)["turn_index"] <= 3, "the campaign went by without reaching it"
        order = bots.heuristic(shape["view"], shape["actions"], rng)
        answer = httpx.post(
            f"{server}/api/games/{game_id}/actions", json={"token": token, "action": order, "step": shape["step"]}
        )
        # 409: the bot answered a step both sides take at once (air superiority) meanwhile; look again
        assert answer.status_code in (200, 409), answer.text
    page.reload()
    page.wait_for_selector("svg.ot-map .ot-cell", timeout=20000)
    in_sync(page, shape)
    return shape


def test_the_whole_map_is_drawn(server, browser):
    page, errors = open_game(server, browser, DESKTOP)
    data = data_pack(server)
    hexes = data["map"]["hexes"]
    land = [h for h, r in hexes.items() if r["terrain"] not in ("sea", "lake")]
    assert len(hexes) == 360 and len(land) > 250

    cells = page.eval_on_selector_all("svg.ot-map .ot-cell[data-hex]", "ns => ns.map((n) => n.dataset.hex)")
    assert sorted(cells) == sorted(hexes)
    terrain = page.eval_on_selector_all("svg.ot-map .ot-terrain polygon.ot-hex", "ns => ns.length")
    assert terrain == len(hexes)
    for country in ("germany", "russia"):
        drawn = page.locator(f"svg.ot-map .ot-terrain polygon.c-{country}").count()
        assert drawn == sum(1 for r in hexes.values() if r["country"] == country), country

    # every town at its place, inside its own hex; the cities' and the fortresses' names written
    towns = data["map"]["towns"]
    placed = page.evaluate(TOWNS_PLACED, [{"id": t["id"], "hex": t["hex"]} for t in towns])
    assert all(placed.values()), [t for t, ok in placed.items() if not ok]
    named = set(page.eval_on_selector_all("svg.ot-map .ot-town-name", "ns => ns.map((n) => n.dataset.town)"))
    for t in towns:
        if t["size"] in ("full-city", "partial-city") or t.get("fortress"):
            assert t["id"] in named, t["name"]

    # hexsides: a line per river, lake shore and frontier hexside; railways of both gauges
    features = [f for side in data["map"]["hexsides"].values() for f in side["features"]]
    rivers = sum(1 for f in features if f in ("major-river", "river", "minor-river"))
    assert page.locator("svg.ot-map .ot-river").count() == rivers
    assert page.locator("svg.ot-map .ot-frontier-line").count() == features.count("frontier")
    assert page.locator("svg.ot-map .ot-lake-side").count() == features.count("lake-side")
    assert page.locator("svg.ot-map path.ot-rail.standard").count() > 10
    assert page.locator("svg.ot-map path.ot-rail.broad").count() > 5
    assert page.locator("svg.ot-map path.ot-road").count() > 10

    # the counters: one stack a hex and side, the enemy out of contact as blank counters
    shape = shape_of(server, page)
    board = board_of(shape)
    stacks = {(u["hex"], u["side"]) for u in board["units"] if u["hex"]}
    assert page.locator("svg.ot-map .ot-stack:not(.unseen)").count() == len(stacks)
    assert page.locator("svg.ot-map .ot-stack.unseen").count() == len(board["hidden"])
    assert "Aug II 14" in page.locator("#game-summary").inner_text()
    assert "Entente movement" in page.locator("#game-summary").inner_text()
    shot(page, "ot-desktop")

    # the orders panel's hover lights up the unit an order names
    act = next(a for a in shape["actions"] if "unit" in a)
    label = shape["labels"][shape["actions"].index(act)]
    page.locator("#actions").get_by_title(label[:1].upper() + label[1:], exact=True).hover()
    assert page.locator("svg.ot-map .ot-stack.hl").count() == 1

    # a tooltip names the hex, its town and terrain
    koenigsberg = next(t for t in towns if t["name"] == "Königsberg")
    point = page.evaluate(POINT_IN_HEX, koenigsberg["hex"])
    page.mouse.move(*point)
    tip = page.locator(".ot-tip:not(.hidden)")
    tip.wait_for(timeout=5000)
    assert koenigsberg["hex"] in tip.inner_text() and "Königsberg" in tip.inner_text()

    page.get_by_role("button", name="zoom in").click()
    page.get_by_role("button", name="zoom in").click()
    page.locator("svg.ot-map.zoomed").wait_for()
    page.wait_for_timeout(300)
    # zoomed in: the hexes' printed ids and the places' names are written
    assert page.locator("svg.ot-map text.ot-id").count() > 50
    assert page.locator("svg.ot-map .ot-town-name.s-place").count() > 10
    shot(page, "ot-desktop-zoomed")
    assert not errors, errors


def test_move_a_unit_and_attack_by_clicking(server, browser):
    page, errors = open_game(server, browser, DESKTOP, seed=12)  # the first attack ends in an EX: 9F3's choice
    shape = shape_of(server, page)
    board = board_of(shape)
    units = {u["id"]: u for u in board["units"]}

    # select a division by clicking its counter (a stack opens: pick it there)
    act = next(a for a in shape["actions"] if "unit" in a and units[a["unit"]]["type"] == "rifle")
    uid = act["unit"]
    click_hex(page, units[uid]["hex"])
    page.wait_for_timeout(200)
    choose_in_menu(page, act)
    shape = next_shape(server, page, shape["step"])
    board = board_of(shape)
    assert board["selected"] == [uid]
    reach = board["reach"]
    assert reach, "no hex within reach"
    tinted = page.eval_on_selector_all("svg.ot-map .ot-cell.reach", "ns => ns.map((n) => n.dataset.hex)")
    assert set(tinted) == set(reach) | {a["to"] for a in shape["actions"] if "to" in a}
    assert page.locator(".ot-selection").count() == 1
    page.wait_for_timeout(100)
    shot(page, "ot-reach")

    # move it: a click on a tinted hex next to it (a march, when there is one)
    tos = [a for a in shape["actions"] if "to" in a]
    march = [a for a in tos if "by" not in a and not a.get("overrun")]
    dest = (march or tos)[0]
    click_hex(page, dest["to"])
    page.wait_for_timeout(200)
    choose_in_menu(page, dest)
    shape = next_shape(server, page, shape["step"])
    moved = next(u for u in board_of(shape)["units"] if u["id"] == uid)
    assert moved["hex"] == dest["to"]
    assert page.locator(f'svg.ot-map .ot-stack[data-hex="{dest["to"]}"]').count() >= 1

    # end the movement phase from the board's panel: the combat phase offers attacks
    end = {"end": "movement"}
    assert end in shape["actions"]
    page.locator(f".ot-panel button[data-action='{as_data(end)}']").click()
    shape = next_shape(server, page, shape["step"])
    # the combat phase may first ask what else to do (air missions): answered from the panel
    for _ in range(6):
        if any("attack" in a for a in shape["actions"]):
            break
        asked = [a for a in shape["actions"] if "end" not in a]
        assert asked, shape["actions"]
        answer = next((a for a in asked if 0 in a.values()), asked[0])
        page.locator(f".ot-panel button[data-action='{as_data(answer)}']").click()
        shape = next_shape(server, page, shape["step"])
    board = board_of(shape)
    assert board["phase"] == "combat", board["phase"]
    attacks = [a for a in shape["actions"] if "attack" in a]
    assert attacks, shape["actions"]
    targets = page.eval_on_selector_all("svg.ot-map .ot-cell.target", "ns => ns.map((n) => n.dataset.hex)")
    assert set(targets) == {a["attack"] for a in attacks}
    shot(page, "ot-combat")

    # declare an attack by clicking the enemy hex: the odds panel before anything is rolled. While
    # air points may still bomb it (B17B3), the click opens the hex's menu of orders first
    target = attacks[0]["attack"]
    click_hex(page, target)
    if any(a.get("air_bombard") == target for a in shape["actions"]):
        menu = page.locator(".ot-menu-item", has_text="bomb")
        assert menu.count() >= 1, "the hex's menu offers the air bombardment"
        page.locator(f".ot-menu-item[data-action='{as_data({'attack': target})}']").click()
    shape = next_shape(server, page, shape["step"])
    att = board_of(shape)["attack"]
    assert att and att["hex"] == target
    panel = page.locator(".ot-attack")
    panel.wait_for()
    # a unit that may join is added from the panel, and the figures follow
    adds = [a for a in shape["actions"] if "add" in a]
    if adds or not att["units"]:
        assert adds, "an attack with no attacker and no unit to add"
        panel.locator(f"button[data-action='{as_data(adds[0])}']").click()
        shape = next_shape(server, page, shape["step"])
        att = board_of(shape)["attack"]
        assert adds[0]["add"] in att["units"]
    text = page.locator(".ot-attack").inner_text()
    for key in ("attack", "defense", "odds", "column", "drm", "shifts"):
        assert key in att, key
    assert att["odds"] in text and str(att["column"]) in text
    assert "Mobile" in text or "Positional" in text
    assert page.locator(".ot-attack .ot-fig").count() == 7
    assert page.locator("svg.ot-map .ot-attack-hex").count() == 1
    shot(page, "ot-attack")

    resolve = {"resolve": True}
    assert resolve in shape["actions"]
    page.locator(f".ot-attack button[data-action='{as_data(resolve)}']").click()
    deadline = time.time() + 30
    while time.time() < deadline:
        shape = shape_of(server, page)
        last = board_of(shape).get("last")
        if last and last.get("hex") == target:
            break
        no_leader = {"leader": None}  # 14P: the attacker is asked whether a leader gambles
        if no_leader in shape["actions"]:
            page.locator(f".ot-panel button[data-action='{as_data(no_leader)}']").click()
        time.sleep(0.2)
    assert last and last["hex"] == target and last["result"]
    page.locator(".ot-last").wait_for(timeout=15000)
    assert str(last["result"]) in page.locator(".ot-last").inner_text()
    assert page.locator("svg.ot-map .ot-last-hex").count() == 1
    shot(page, "ot-result")

    # 9F3: where the combat may clear the hex, the attacker sees the result, names the units that
    # advance by clicking them on the map, and ends the choice from the panel
    done = {"end": "advance"}
    shape = shape_of(server, page)
    assert done in shape["actions"], shape["actions"]
    assert "Advance after combat (9F3)" in page.locator("#prompt, .prompt, body").first.inner_text()
    first = next(a for a in shape["actions"] if "advance" in a)
    where = next(u["hex"] for u in board_of(shape)["units"] if u["id"] == first["advance"])
    click_hex(page, where)
    page.wait_for_timeout(200)
    choose_in_menu(page, first)
    shape = next_shape(server, page, shape["step"])
    if done in shape["actions"]:
        assert first not in shape["actions"]
        page.locator(f".ot-panel button[data-action='{as_data(done)}']").click()
        shape = next_shape(server, page, shape["step"])
    moved = next(u for u in board_of(shape)["units"] if u["id"] == first["advance"])
    assert moved["hex"] == target
    shot(page, "ot-advanced")
    assert not errors, errors


def test_the_map_reads_on_a_phone(server, browser):
    page, errors = open_game(server, browser, PHONE)
    drawn = box(page.locator("svg.ot-map"))
    assert drawn["width"] <= 390 and drawn["height"] > 300
    cities = page.locator("svg.ot-map .ot-town-name.s-full-city, svg.ot-map .ot-town-name.s-partial-city").count()
    assert cities == 3
    shot(page, "ot-phone")

    # a tap on a counter selects it there too
    shape = shape_of(server, page)
    units = {u["id"]: u for u in board_of(shape)["units"]}
    act = next(a for a in shape["actions"] if "unit" in a and units[a["unit"]]["type"] == "rifle")
    click_hex(page, units[act["unit"]]["hex"])
    page.wait_for_timeout(200)
    shot(page, "ot-phone-menu")
    choose_in_menu(page, act)
    shape = next_shape(server, page, shape["step"])
    assert board_of(shape)["selected"] == [act["unit"]]
    assert page.locator("svg.ot-map .ot-cell.reach").count() > 0

    page.get_by_role("button", name="zoom in").click()
    page.get_by_role("button", name="zoom in").click()
    page.locator("svg.ot-map.zoomed").wait_for()
    page.wait_for_timeout(300)
    # zoomed in: the counters are big enough to read their strengths
    counter = box(page.locator("svg.ot-map .ot-stack.selected .ot-c-bg").first)
    assert counter["width"] >= 30
    shot(page, "ot-phone-zoomed")
    assert json.dumps(errors) == "[]", errors


def test_an_eliminated_unit_is_replaced_at_a_city_from_the_map(server, browser):
    """The Entente seat is played through the API by the heuristic until its initial phase offers
    replacements (16B3c; with seed 1 in Sep II 14, once a Russian unit is lost and production
    has come); then on the page the offers are orders at Warsaw, a click there replaces a unit,
    and it stands in Warsaw."""
    page, errors = open_game(server, browser, DESKTOP, seed=1)
    shape = play_entente_until(server, page, lambda sh: any("replace" in a for a in sh["actions"]), 400)
    offers = [a for a in shape["actions"] if "replace" in a]
    warsaw = "1016"
    assert {a["at"] for a in offers} == {warsaw}  # the Russians' one city (3E2)
    pool = board_of(shape)["eliminated"]["entente"]
    assert {a["replace"] for a in offers} <= set(pool)
    labels = [shape["labels"][shape["actions"].index(a)] for a in offers]
    assert all(label.startswith("replace ") and "Warsaw" in label for label in labels)
    shot(page, "ot-replace")

    pick = offers[0]
    click_hex(page, warsaw)
    page.wait_for_timeout(200)
    shot(page, "ot-replace-menu")
    choose_in_menu(page, pick)
    shape = next_shape(server, page, shape["step"])
    board = board_of(shape)
    assert any(u["id"] == pick["replace"] and u["hex"] == warsaw for u in board["units"])
    assert pick["replace"] not in board["eliminated"]["entente"]
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-replace-phone")
    assert json.dumps(errors) == "[]", errors


def test_a_bridge_is_demolished_from_the_panel_and_drawn_down(server, browser):
    """13A2: the Russian 26th Division at 1609 stands at the road bridge to 1510, its side's own;
    picked on the map, the panel offers to demolish it; once demolished, a gap is drawn across the
    hexside and the hex's tip says so (15A1)."""
    page, errors = open_game(server, browser, DESKTOP, seed=3)
    shape = shape_of(server, page)
    uid, here, key = "ru-26-id", "1609", "1510|1609"
    act = {"unit": uid}
    assert act in shape["actions"]
    assert page.locator("svg.ot-map .ot-demolished").count() == 0
    click_hex(page, here)
    page.wait_for_timeout(200)
    choose_in_menu(page, act)
    shape = next_shape(server, page, shape["step"])
    demolish = {"demolish_bridge": key}
    assert demolish in shape["actions"]
    label = shape["labels"][shape["actions"].index(demolish)]
    assert label.startswith("demolish the bridge between") and label.endswith(": 4 MPs")
    button = page.locator(f".ot-panel button[data-action='{as_data(demolish)}']")
    assert button.count() == 1
    button.click()
    shape = next_shape(server, page, shape["step"])
    assert board_of(shape)["demolished"] == [key]
    page.wait_for_selector("svg.ot-map .ot-demolished", timeout=5000)
    point = page.evaluate(POINT_IN_HEX, "1510")
    page.mouse.move(*point)
    page.wait_for_timeout(300)
    assert page.locator(".tip-row", has_text="Bridge to 1609 demolished").count() >= 1
    shot(page, "ot-bridge-tip")
    page.mouse.move(5, 5)
    page.wait_for_timeout(200)
    shot(page, "ot-bridge-demolished")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-bridge-demolished-phone")
    assert json.dumps(errors) == "[]", errors


def test_a_leader_at_the_general_staff_is_given_a_command_from_the_panel(server, browser):
    """14P: the Entente seat is played through the API by the heuristic to its initial phase of
    Sep I 14, where Flug waits at the general staff for the Tenth Army HQ (ruling O25); the panel
    names him, the order to give him the command is a button, and a click gives it."""
    page, errors = open_game(server, browser, DESKTOP, seed=1)
    shape = play_entente_until(server, page, lambda sh: {"end": "general-staff"} in sh["actions"], 300)
    assert board_of(shape)["staff"] == {"flug": True}
    assert "At the general staff: Vasily Flug" in page.locator(".ot-general-staff").inner_text()
    give = {"assign_leader": "flug", "to": "ru-10-army-hq"}
    assert give in shape["actions"]
    label = shape["labels"][shape["actions"].index(give)]
    assert label.startswith("give Vasily Flug command of")
    shot(page, "ot-staff")
    hq = next(u["hex"] for u in board_of(shape)["units"] if u["id"] == "ru-10-army-hq")
    click_hex(page, hq)  # the order is on the HQ's counter
    page.wait_for_timeout(200)
    menu = page.locator(f".ot-menu:not(.hidden) button[data-action='{as_data(give)}']")
    if menu.count():
        menu.click()
    else:
        page.locator(f"button[data-action='{as_data(give)}']").first.click()
    shape = next_shape(server, page, shape["step"])
    assert board_of(shape)["hq"]["ru-10-army-hq"]["leader"] == "flug" and board_of(shape)["staff"] == {}
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-staff-phone")
    assert json.dumps(errors) == "[]", errors


def test_an_army_hq_puts_down_a_res_pt_from_the_map_and_the_crate_is_drawn(server, browser):
    """11G, 11H: the Russian First Army HQ starts carrying 2 Res Pts (R2 on its counter); a click
    on its counter offers to put one down; done, a crate with R1 stands in its hex, the counter
    shows R1, and the hex's tip counts the Res Pt."""
    page, errors = open_game(server, browser, DESKTOP, seed=3)
    shape = shape_of(server, page)
    hq = "ru-1-army-hq"
    order = {"unload": hq}
    assert order in shape["actions"]
    me = next(u for u in board_of(shape)["units"] if u["id"] == hq)
    assert me["carry"] == 2
    h = me["hex"]
    assert page.locator(f'svg.ot-map .ot-res-crate[data-res="entente:{h}"]').count() == 0
    click_hex(page, h)
    page.wait_for_timeout(200)
    menu = page.locator(".ot-menu:not(.hidden)")
    assert menu.count() == 1, "the click opens the menu of the HQ's orders (select it, or put one down)"
    assert "Put down Res Pt" in menu.inner_text()
    shot(page, "ot-res-menu")
    choose_in_menu(page, order)
    shape = next_shape(server, page, shape["step"])
    board = board_of(shape)
    assert board["res"]["entente"].get(h) == 1
    assert next(u for u in board["units"] if u["id"] == hq)["carry"] == 1
    assert page.locator(".ot-res-text").inner_text() == "Res Pts: 5 on the ground, 3 carried by Army HQs"
    crate = page.locator(f'svg.ot-map .ot-res-crate[data-res="entente:{h}"]')
    crate.wait_for()
    assert crate.text_content().strip() == "R1"
    # the stack's tip lists the HQ with what it carries (its counter's R1 shows when it is on top)
    page.mouse.move(*page.evaluate(POINT_IN_HEX, h))
    tip = page.locator(".ot-tip:not(.hidden)")
    tip.wait_for(timeout=5000)
    assert "carries 1 Res Pt" in tip.inner_text() and "1 Res Pt on the ground" in tip.inner_text()
    shot(page, "ot-res")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-res-phone")
    assert not errors, errors


def test_a_res_pt_is_sent_by_rail_from_its_hex_and_its_crate_moves(server, browser):
    """11H (L650): a click on Kovno offers to send its Res Pt by rail; the rail hexes it may reach
    light up as destinations; a click on one moves the crate there."""
    page, errors = open_game(server, browser, DESKTOP, seed=3)
    shape = shape_of(server, page)
    kovno = "1805"
    order = {"res_rail": kovno}
    assert order in shape["actions"]
    click_hex(page, kovno)
    page.wait_for_timeout(200)
    menu = page.locator(".ot-menu:not(.hidden)")
    button = menu.locator(f"[data-action='{json.dumps(order, separators=(',', ':'))}']")
    assert button.count() == 1 and button.inner_text() == "Send a Res Pt from 1805 (Kovno) by rail"
    choose_in_menu(page, order)
    shape = next_shape(server, page, shape["step"])
    assert {"to": "1506", "by": "rail"} in shape["actions"]
    assert "Where does the Res Pt in 1805 (Kovno) go by rail?" in page.locator("body").inner_text()
    page.locator('svg.ot-map .ot-cell.reach-rail[data-hex="1506"]').wait_for()
    shot(page, "ot-res-rail")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-res-rail-phone")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(300)
    click_hex(page, "1506")
    page.wait_for_timeout(200)
    if page.locator(".ot-menu:not(.hidden)").count():
        choose_in_menu(page, {"to": "1506", "by": "rail"})
    shape = next_shape(server, page, shape["step"])
    board = board_of(shape)
    assert board["res"]["entente"].get("1506") == 1 and kovno not in board["res"]["entente"]
    page.locator('svg.ot-map .ot-res-crate[data-res="entente:1506"]').wait_for()
    assert not errors, errors


def test_a_hex_reached_by_rail_is_one_click_though_regular_movement_is_listed_first(server, browser):
    """6-7: the destinations are listed one way at a time, regular movement first; the board
    still tints every hex the unit reaches by any way, and a click on one reached only by rail
    names rail movement and then the hex (two orders, one click)."""
    page, errors = open_game(server, browser, DESKTOP, seed=3)
    shape = shape_of(server, page)
    uid, here, far = "ru-25-id", "1506", "1701"
    click_hex(page, here)
    page.wait_for_timeout(200)
    choose_in_menu(page, {"unit": uid})
    shape = next_shape(server, page, shape["step"])
    board = board_of(shape)
    assert board["way"] is None and board["reach"][far] == {"rail": 1}
    assert not any(a.get("to") == far for a in shape["actions"]) and {"way": "rail"} in shape["actions"]
    page.locator(f'svg.ot-map .ot-cell.reach-rail[data-hex="{far}"]').wait_for()
    shot(page, "ot-way-rail")
    click_hex(page, far)
    deadline = time.time() + 20
    while time.time() < deadline:
        shape = shape_of(server, page)
        if any(u["id"] == uid and u["hex"] == far for u in board_of(shape)["units"]):
            break
        page.wait_for_timeout(200)
    assert any(u["id"] == uid and u["hex"] == far for u in board_of(shape)["units"])
    assert any(
        "25 ID moves from 1506" in str(e) and f"to {far}" in str(e) and "by rail" in str(e)
        for e in shape["view"]["log"]
    )
    page.locator(".ot-stack[data-units]").first.wait_for()
    shot(page, "ot-way-rail-moved")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-way-rail-moved-phone")
    assert json.dumps(errors) == "[]", errors


INJECT_CONTESTED = """
async ([shape, data]) => {
  const m = await import("/static/boards/over-there.js");
  const box = document.createElement("div");
  box.id = "contested-probe";
  box.style.width = "900px";
  document.body.prepend(box);
  m.render(box, shape, data, null);
  return box.querySelectorAll("svg.ot-map .ot-contested").length;
}
"""


def test_a_contested_hex_carries_its_marker_on_the_board(server, browser):
    """9J: the board draws a contested hex marker where the view lists one (the board module is
    given the page's own SHAPE with a contested hex, read only)."""
    page, errors = open_game(server, browser, DESKTOP, seed=3)
    shape = shape_of(server, page)
    shape["view"]["board"]["contested"] = ["1406"]
    assert page.evaluate(INJECT_CONTESTED, [shape, data_pack(server)]) == 1
    marker = page.locator("#contested-probe .ot-contested").first
    marker.scroll_into_view_if_needed()
    drawn = box(marker)
    assert drawn and drawn["width"] > 10 and drawn["height"] > 10
    shot(page, "ot-contested")
    page.screenshot(
        path=str(ARTIFACTS / "ot-contested-close.png"),
        clip={
            "x": drawn["x"] - 60,
            "y": drawn["y"] - 60,
            "width": drawn["width"] + 120,
            "height": drawn["height"] + 120,
        },
    )
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-contested-phone")
    assert json.dumps(errors) == "[]", errors


def test_a_man_pt_of_the_pool_is_placed_on_the_map_and_drawn_as_a_counter(server, browser):
    """16B3 (L1205), ruling O37: as the movement phase opens the panel offers to move Man Pts
    between the pool and the map; the hexes where one may go are clicks; placed, it is a counter
    marked MP rated 0-½-4, and its tip names it."""
    page, errors = open_game(server, browser, DESKTOP, seed=3)
    shape = shape_of(server, page)
    order = {"man_pts": True}
    assert order in shape["actions"]
    button = page.locator(f".ot-panel button[data-action='{as_data(order)}']")
    assert button.inner_text() == "Place Man Pts on the map or take them back (16B3)"
    button.click()
    shape = next_shape(server, page, shape["step"])
    assert "Man Pts (4 Man Pts in the general pool, 10 Man Pt counters left)" in page.locator("body").inner_text()
    place = page.locator(f".ot-panel button[data-action='{as_data({'place_man': True})}']")
    assert place.inner_text() == "Place a Man Pt of the general pool on the map (16B3)"
    place.click()
    shape = next_shape(server, page, shape["step"])
    places = [a["place_man"] for a in shape["actions"] if "place_man" in a]
    occupied = {u["hex"] for u in board_of(shape)["units"]}
    h = next(x for x in places if x not in occupied)
    tinted = page.locator("svg.ot-map .ot-cell.place")
    assert tinted.count() == len(places) and page.locator(f'svg.ot-map .ot-cell.place[data-hex="{h}"]').count() == 1
    assert "Click a tinted hex to place the Man Pt there" in page.locator(".ot-orders").inner_text()
    shot(page, "ot-man-pt-place")
    click_hex(page, h)
    page.wait_for_timeout(200)
    choose_in_menu(page, {"place_man": h})
    shape = next_shape(server, page, shape["step"])
    assert {"place_man": True} in shape["actions"]  # another, or the end
    assert page.locator("svg.ot-map .ot-cell.place").count() == 0
    mine = next(u for u in board_of(shape)["units"] if u["hex"] == h)
    assert (mine["id"], mine["type"], mine["defense"]) == ("ru-man-pt-1", "man-pt", 0.5)
    stack = page.locator('svg.ot-map .ot-stack[data-units~="ru-man-pt-1"]')
    stack.wait_for()
    assert "MP" in stack.text_content() and "0-½-4" in stack.text_content()
    page.mouse.move(*page.evaluate(POINT_IN_HEX, h))
    tip = page.locator(".ot-tip:not(.hidden)")
    tip.wait_for(timeout=5000)
    assert "Man Pt" in tip.inner_text()
    shot(page, "ot-man-pt")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "ot-man-pt-phone")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(300)
    page.locator(f".ot-panel button[data-action='{as_data({'end': 'man-pts'})}']").click()
    shape = next_shape(server, page, shape["step"])
    assert {"unit": "ru-man-pt-1"} in shape["actions"]
    assert not errors, errors


def test_a_man_pt_placed_last_turn_is_taken_back_by_a_click_on_its_counter(server, browser):
    """16B3 (L1205), ruling O37: in a later turn, a Man Pt in general supply is taken back into
    the pool by a click on its counter; the counter leaves the map."""
    page, errors = open_game(server, browser, DESKTOP, seed=3)
    game_id = game_id_of(page)
    token = seat_token(page.context, game_id)
    shape = shape_of(server, page)

    def send(order):
        nonlocal shape
        answer = httpx.post(
            f"{server}/api/games/{game_id}/actions", json={"token": token, "action": order, "step": shape["step"]}
        )
        assert answer.status_code == 200, answer.text
        shape = shape_of(server, page)

    send({"man_pts": True})
    send({"place_man": True})
    h = next(a["place_man"] for a in shape["actions"] if a.get("place_man") in NEIGHBOURS_OF_WARSAW)
    send({"place_man": h})
    send({"end": "man-pts"})
    mp = "ru-man-pt-1"
    shape = play_entente_until(
        server, page, lambda sh: board_of(sh)["turn_index"] >= 1 and {"man_pts": True} in sh["actions"], 240
    )
    page.locator(f".ot-panel button[data-action='{as_data({'man_pts': True})}']").click()
    shape = next_shape(server, page, shape["step"])
    assert {"take_back": mp} in shape["actions"], (h, shape["actions"])
    assert "Click a Man Pt counter of yours to take it back into the pool." in page.locator(".ot-orders").inner_text()
    where = next(u["hex"] for u in board_of(shape)["units"] if u["id"] == mp)
    pool = board_of(shape)["pool"]["entente"]["man"]
    click_hex(page, where)
    page.wait_for_timeout(200)
    choose_in_menu(page, {"take_back": mp})
    shape = next_shape(server, page, shape["step"])
    assert mp not in {u["id"] for u in board_of(shape)["units"]}
    assert board_of(shape)["pool"]["entente"]["man"] == pool + 1
    assert page.locator(f'svg.ot-map .ot-stack[data-units~="{mp}"]').count() == 0
    shot(page, "ot-man-pt-back")
    assert not errors, errors


NEIGHBOURS_OF_WARSAW = ("1015", "1116", "1117", "1017", "0917", "0916")
"""The hexes around Warsaw (1016), far behind the Russian front."""
