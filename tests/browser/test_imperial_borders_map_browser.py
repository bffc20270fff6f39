"""Imperial Borders' map of Europe in a real browser (Debian's Chromium driven by Playwright):
every Territory, Open Sea, Port and Mountain Range of the data pack is drawn on the real
coastlines, its name's anchor lies inside its shape, and a click on the shape lands on the
region; the map reads at a desktop's and a phone's size. Screenshots are kept in
artifacts/browser/ (ib-map-*.png)."""

from conftest import box, open_board, order_button, settled_shape, shot
from conftest import data_pack as shared_data_pack

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
NATIONS = ("austria", "prussia", "great-britain", "russia", "spain")

# For each region: is its anchor (where its name goes) inside its shape, and where on the
# screen is a point of the shape that nothing covers, so that a click there reaches the region?
PROBE = """
([selector, ids]) => {
  const map = document.querySelector("svg.ib-map");
  const out = {};
  for (const id of ids) {
    const g = map.querySelector(`${selector}[data-region="${CSS.escape(id)}"]`);
    const path = g && g.querySelector("path");
    if (!path) { out[id] = { drawn: false }; continue; }
    const d = path.getAttribute("d") || "";
    const [ax, ay] = (g.dataset.anchor || "").split(",").map(Number);
    const m = path.getScreenCTM();
    const box = path.getBBox();
    let onShape = null;
    const points = [[ax, ay]];
    for (let i = 1; i < 24; i += 1) {
      for (let j = 1; j < 24; j += 1) points.push([box.x + (box.width * i) / 24, box.y + (box.height * j) / 24]);
    }
    for (const [x, y] of points) {
      if (!path.isPointInFill(new DOMPoint(x, y))) continue;
      const p = new DOMPoint(x, y).matrixTransform(m);
      if (document.elementFromPoint(p.x, p.y) === path) { onShape = [p.x, p.y]; break; }
    }
    out[id] = {
      drawn: d.length > 0,
      vertices: (d.match(/-?[0-9.]+[ -]?[0-9.]+/g) || []).length,
      inside: path.isPointInFill(new DOMPoint(ax, ay)),
      onShape,
    };
  }
  return out;
}
"""


def open_game(server, browser, viewport):
    seats = {"france": "human", **{n: "bot:heuristic" for n in NATIONS}}
    spec = {"game": "imperial-borders", "players": 6, "scenario": "historical", "seed": 3, "seats": seats}
    return open_board(browser, server, viewport, spec, "svg.ib-map .ib-territory", ready_timeout=15000)


def data_pack(server):
    return shared_data_pack(server, "imperial-borders")


def test_every_region_is_drawn_on_the_real_map_and_clickable(server, browser):
    page, errors = open_game(server, browser, DESKTOP)
    data = data_pack(server)
    terrs, seas = list(data["territories"]), list(data["seas"])
    shot(page, "ib-map-desktop")

    lands = page.evaluate(PROBE, [".ib-territory", terrs])
    for tid in terrs:
        got = lands[tid]
        assert got["drawn"], f"{tid} has no shape"
        assert got["inside"], f"the name of {tid} is outside its shape"
        assert got["onShape"], f"{tid}'s shape is hidden under other regions: no click reaches it"
    # real coastlines, not the polygons of a diagram: the long coasts have many vertices
    for tid in ("norway", "slovenia-croatia", "highlands", "normandy-brittany", "denmark"):
        assert lands[tid]["vertices"] > 100, (tid, lands[tid]["vertices"])

    water = page.evaluate(PROBE, [".ib-sea", seas])
    for sid in seas:
        got = water[sid]
        assert got["drawn"], f"{sid} has no shape"
        assert got["inside"], f"the name of {sid} is outside its water"
        assert got["onShape"], f"{sid}'s water is hidden: no click reaches it"
    # a sea's name sits on open water: the land there is no Territory's
    for sid in seas:
        region = page.evaluate(
            """(id) => {
                const g = document.querySelector(`svg.ib-map .ib-sea[data-region="${id}"]`);
                const [x, y] = g.dataset.anchor.split(",").map(Number);
                return [...document.querySelectorAll("svg.ib-map .ib-territory path.ib-cell")]
                  .filter((p) => p.isPointInFill(new DOMPoint(x, y)))
                  .map((p) => p.closest("[data-region]").dataset.region);
            }""",
            sid,
        )
        assert region == [], f"the name of {sid} stands on {region}"

    # the ports, the mountain ranges and the Ottoman areas
    for pid in data["ports"]:
        assert page.locator(f'svg.ib-map .ib-port[data-region="{pid}"] circle.roundel').count() == 1, pid
    for mid in data["mountains"]:
        assert page.locator(f'svg.ib-map .ib-mountain[data-region="{mid}"] path.ridge').count() == 1, mid
    assert page.locator("svg.ib-map .ib-offlimits path[data-offlimits]").count() == len(data["offlimits"])
    assert page.locator("svg.ib-map path.ib-foreign").count() == 1

    # a click on Lorraine's land (not on its name) starts France's new order from there
    x, y = lands["lorraine"]["onShape"]
    page.mouse.click(x, y)
    page.locator(".ib-order-list", has_text="Lorraine").wait_for(timeout=15000)
    shot(page, "ib-map-desktop-order")

    page.get_by_role("button", name="zoom in").click()
    page.get_by_role("button", name="zoom in").click()
    page.locator("svg.ib-map.zoomed").wait_for()
    page.wait_for_timeout(200)
    shot(page, "ib-map-desktop-zoomed")
    assert not errors, errors


def test_the_map_reads_on_a_phone(server, browser):
    page, errors = open_game(server, browser, PHONE)
    drawn = box(page.locator("svg.ib-map"))
    assert drawn["width"] <= 390 and drawn["height"] > 250
    shot(page, "ib-map-phone")
    # the whole map: the names that fit are drawn in full, the rest are dots with a tooltip
    named = page.locator("svg.ib-map .ib-label:not(.crowded)").count()
    assert named >= 15
    page.get_by_role("button", name="zoom in").click()
    page.get_by_role("button", name="zoom in").click()
    page.locator("svg.ib-map.zoomed").wait_for()
    page.wait_for_timeout(200)
    shot(page, "ib-map-phone-zoomed")
    # zoomed in on the middle of Europe: more names fit, the great lands' among them
    assert page.locator("svg.ib-map .ib-label:not(.crowded)").count() > named
    for tid in ("ile-de-france", "brandenburg", "bohemia-styria", "silesia", "hungary"):
        assert page.locator(f'svg.ib-map .ib-label[data-region="{tid}"]:not(.crowded)').count() == 1, tid
    assert not errors, errors


def test_the_plotted_set_up_lists_your_own_starting_positions(server, browser):
    """L283-292: each nation plots in secret where its starting Forces stand. The units placed
    showed as pips too small to read, and nowhere else (the review of the web game, F8): the
    panel lists the seat's own positions so far, and nothing of another nation's."""
    seats = {"france": "human", **{n: "bot:heuristic" for n in NATIONS}}
    spec = {"game": "imperial-borders", "players": 6, "scenario": "standard", "seed": 3, "seats": seats}
    page, errors = open_board(browser, server, DESKTOP, spec, "svg.ib-map .ib-territory", ready_timeout=15000)
    order_button(page, settled_shape(server, page), {"land": "aquitaine"}).click()
    panel = page.locator(".ib-plotted")
    panel.wait_for(timeout=10000)
    assert "Aquitaine: 1 Land Unit" in panel.inner_text()
    order_button(page, settled_shape(server, page), {"land": "aquitaine"}).click()
    page.wait_for_function("() => document.querySelector('.ib-plotted').innerText.includes('Aquitaine: 2 Land Units')")
    shot(page, "ib-plotted-set-up")
    assert "Secret from the other nations" in panel.inner_text()
    page.set_viewport_size(PHONE)
    panel.scroll_into_view_if_needed()
    assert panel.is_visible() and "Aquitaine: 2 Land Units" in panel.inner_text()
    shot(page, "ib-plotted-set-up-phone")
    assert not errors
    page.close()
