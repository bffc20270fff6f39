"""The game page's log keeps to its newest line while the panels above it grow and shrink, in a
real browser (Imperial Borders' page, whose orders panel changes size from phase to phase)."""

from conftest import create_game, watch

BOTS = ("prussia", "austria", "great-britain", "russia", "spain")
GAP = "() => { const l = document.querySelector('#log'); return l.scrollHeight - l.scrollTop - l.clientHeight; }"
# the orders panel grows and, in the same task, the browser moves the log's scroll to keep a line in
# place (scroll anchoring), as Chromium did when a new phase's orders came
SHRINK = """(h) => {
  let d = document.getElementById('spacer');
  if (!d) { d = document.createElement('div'); d.id = 'spacer'; document.querySelector('#actions').prepend(d); }
  d.style.height = h + 'px';
  const l = document.querySelector('#log');
  l.scrollTop = l.scrollTop - 40;
}"""


def test_the_log_keeps_to_its_newest_line_when_its_box_changes_size(server, browser):
    """Found by a newcomer: after a round or two the log sat among old lines. The box shrank as the
    orders above it grew, the browser moved its scroll to keep a line in place, and the page took
    that for the player scrolling up to read, and stopped following the newest line."""
    page = browser.new_page(viewport={"width": 1366, "height": 700})
    errors = watch(page)
    seats = {"france": "human", **{n: "bot:heuristic" for n in BOTS}}
    spec = {"game": "imperial-borders", "players": 6, "scenario": "historical", "seed": 4, "seats": seats}
    made = create_game(page, server, {**spec, "creator": "france"})
    page.goto(f"{server}/play/{made['id']}")
    page.wait_for_selector("#actions button", timeout=30000)
    page.wait_for_timeout(300)
    assert page.evaluate("() => { const l = document.querySelector('#log'); return l.scrollHeight > l.clientHeight; }")
    assert page.evaluate(GAP) < 2
    height = "() => document.querySelector('#log').clientHeight"
    changed = 0
    for h in (150, 0, 250):
        before = page.evaluate(height)
        page.evaluate(SHRINK, h)
        page.wait_for_timeout(300)
        if page.evaluate(height) == before:
            page.evaluate("() => { const l = document.querySelector('#log'); l.scrollTop = l.scrollHeight; }")
            page.wait_for_timeout(100)
            continue  # the box kept its height here: no resize to test (the page's layout decides)
        changed += 1
        assert page.evaluate(GAP) < 2, h
    assert changed >= 1
    # scrolled up by the player, it stays where the player put it
    page.evaluate("() => { const l = document.querySelector('#log'); l.scrollTop = 0; }")
    page.wait_for_timeout(300)
    assert page.evaluate(GAP) > 50
    assert not errors
