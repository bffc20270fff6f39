"""Every map game played by bots on the server, then its replay stepped through in a real
browser (Debian's Chromium driven by Playwright), step after step: each step's board is drawn
by the game's own board module on the replay page, and no step may raise a script error, log
a console error or leave "The board could not be drawn" (or the replay's error) in place of
the map.

The four games are made at once (the server plays at most four all-bot games at a time). As
soon as a game is over its replay page opens in a browser of its own and steps on by itself:
a script in the page presses "Next" and awaits the board's drawing of each step before the
next, so the replays run side by side (and beside the bots still playing) while the tests
wait for each in turn. The replay page asks the server for a step at a time, a few ahead,
and asks again after a "too many requests" answer (429): at the server's rate for one
address, that is the pace.

What is stepped through: the whole game for the First World War and Imperialism 1880; the
two longest, Imperial Elegy's 1850 campaign and Imperial Borders' game (some 1,500 to 1,800
public steps each), are cut to their first steps (800 and 400: Imperial Elegy's first
battles among them, counted: several; its game is seed 5's, whose bots go to war early) and
their last 100 (the end of the game and its result), to keep the suite's time in bounds on a
busy machine. Screenshots are kept in
artifacts/browser/."""

import time

import httpx
import pytest

from conftest import shot, watch

# game -> the game's spec (every role a bot, as the catalog offers) and what to step through
GAMES = {
    "first-world-war": {"spec": {"players": 4}, "bot": "heuristic"},
    "imperialism-1880": {"spec": {"players": 9}, "bot": "referee"},
    "imperial-elegy": {"spec": {"players": 6, "scenario": "1850", "seed": 5}, "bot": "heuristic", "cut": (800, 100)},
    "imperial-borders": {"spec": {"players": 6, "scenario": "standard"}, "bot": "heuristic", "cut": (400, 100)},
}
SEED = 1
PATIENCE = 300  # seconds the bots may take to finish a game (all four play at once)
STEPPING = 420  # seconds a replay may take to be stepped through

# Step through [[start, end], ...]: to each start by the slider, then "Next" after "Next",
# each awaited until the board shows the step (the replay page marks the board with the step
# it shows once drawn); after each step, look for what would tell a failure, and note the
# text of `probe` (a selector in the board) each time it changes. The outcome lands in
# window.replayed.
STEP_THROUGH = """
([spans, probe]) => {
  const board = document.getElementById("board");
  const problems = [];
  const seen = [];
  let last = null;
  let steps = 0;
  const drawn = (k) =>
    new Promise((ok) => {
      if (board.dataset.step === String(k)) return ok(true);
      const timer = setTimeout(() => (watcher.disconnect(), ok(false)), 60000);
      const watcher = new MutationObserver(() => {
        if (board.dataset.step === String(k)) {
          clearTimeout(timer);
          watcher.disconnect();
          ok(true);
        }
      });
      watcher.observe(board, { attributes: true, attributeFilter: ["data-step"] });
    });
  const look = (k) => {
    steps += 1;
    const error = document.getElementById("replay-error");
    if (board.querySelector(".fatal")) problems.push(`step ${k}: ${board.innerText.slice(0, 600)}`);
    else if (!error.classList.contains("hidden")) problems.push(`step ${k}: ${error.innerText}`);
    const found = probe ? board.querySelector(probe) : null;
    const text = found ? found.textContent : null;
    if (text !== last) seen.push([k, text]);
    last = text;
  };
  const run = async () => {
    for (const [start, end] of spans) {
      if (board.dataset.step !== String(start)) {
        const slider = document.getElementById("slider");
        slider.value = String(start);
        slider.dispatchEvent(new Event("input"));
      }
      if (!(await drawn(start))) return `step ${start} was never drawn`;
      look(start);
      for (let k = start + 1; k <= end; k += 1) {
        document.getElementById("next").click();
        if (!(await drawn(k))) return `step ${k} was never drawn: ${document.getElementById("replay-error").innerText}`;
        look(k);
        if (problems.length > 5) return "";
      }
    }
    return "";
  };
  window.replayed = null;
  const began = performance.now();
  const done = (stuck) => {
    if (stuck) problems.push(stuck);
    window.replayed = { problems, seen, steps, ms: performance.now() - began };
  };
  run().then(done, (e) => done(String(e.stack || e)));
}
"""

# What Imperial Elegy's battle panel says at a step: the running battle's result, once rolled.
BATTLE_RESULT = ".ie-battle dd[data-field='result']"


def spans(total, cut):
    if cut is None or sum(cut) >= total:
        return [[0, total]]
    first, last = cut
    return [[0, first - 1], [total - last + 1, total]]


@pytest.fixture(scope="module")
def replays(server, browser):
    """game -> its replay in progress: {"page", "errors", "total", "spans"}. The games are
    made at once; each replay starts as soon as its game is over."""
    catalog = {entry["id"]: entry for entry in httpx.get(f"{server}/api/catalog").json()}
    made = {}
    for game, how in GAMES.items():
        bot = how["bot"]
        assert bot in catalog[game]["bots"], (game, catalog[game]["bots"])
        spec = {"game": game, "seed": SEED, **how["spec"], "seats": {r: f"bot:{bot}" for r in catalog[game]["roles"]}}
        answer = httpx.post(f"{server}/api/games", json=spec)
        assert answer.status_code == 200, answer.text
        made[game] = answer.json()
    started = time.time()
    going = {}
    while len(going) < len(made) and time.time() < started + PATIENCE:
        for game, answer in made.items():
            if game in going:
                continue
            params = {"token": answer["spectator"]["token"]}
            r = httpx.get(f"{server}/api/games/{answer['id']}", params=params)
            if r.status_code == 429:  # this address's pages step through replays: ask again later
                continue
            shape = r.json()
            if not shape["over"]:
                continue
            print(f"{game}: the bots ended the game at step {shape['step']} after {time.time() - started:.0f} s")
            page = browser.new_page(viewport={"width": 1366, "height": 860})
            # a step asked for faster than the server serves one address is asked again (429)
            errors = watch(page, expected=(429,))
            opened = page.goto(answer["spectator"]["url"].replace("/play/", "/replay/") + "&step=0")
            assert opened is not None and opened.status == 200, (game, opened and opened.status)
            try:
                page.wait_for_selector("#board[data-step='0']", timeout=90000)
            except Exception as e:  # say what the page shows instead of its first step
                shown = page.inner_text("body")[:800]
                raise AssertionError(f"{game}: step 0 never drawn; errors {errors}; the page: {shown}") from e
            todo = spans(shape["step"], GAMES[game].get("cut"))
            page.evaluate(STEP_THROUGH, [todo, BATTLE_RESULT if game == "imperial-elegy" else None])
            going[game] = {"page": page, "errors": errors, "total": shape["step"], "spans": todo}
        time.sleep(1)
    missing = [game for game in made if game not in going]
    assert not missing, f"the bots did not finish {missing} in {PATIENCE} s"
    yield going
    for replay in going.values():
        replay["page"].close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_step_of_a_bot_game_replays_in_the_browser(replays, game):
    replay = replays[game]
    page, errors, total = replay["page"], replay["errors"], replay["total"]
    page.wait_for_function("() => window.replayed !== null", timeout=STEPPING * 1000, polling=500)
    got = page.evaluate("window.replayed")
    assert not got["problems"], got["problems"]
    assert not errors, errors
    wanted = sum(end - start + 1 for start, end in replay["spans"])
    assert got["steps"] == wanted, (got["steps"], wanted)
    pace = f"{got['ms'] / 1000:.0f} s ({got['ms'] / got['steps']:.0f} ms a step)"
    print(f"{game}: {got['steps']} of {total + 1} steps drawn in {pace}")
    assert page.locator("#board").get_attribute("data-step") == str(total)
    assert "game over" in page.locator("#turn-state").inner_text().lower()
    shot(page, f"replay-{game}-end")

    if game == "imperial-elegy":
        # several battles, each result told in words by the battle panel
        battles = [(k, text) for k, text in got["seen"] if text]
        assert len(battles) >= 3, battles
        print(f"imperial-elegy: {len(battles)} battles; at step {battles[0][0]}: {battles[0][1]}")
        for _, text in battles:
            assert " wins " in text and ("the attacker" in text or "the defender" in text), text
            assert "winner" not in text and "{" not in text, text
        k = battles[0][0]
        page.eval_on_selector("#slider", "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input')); }", k)
        page.wait_for_selector(f"#board[data-step='{k}'] .ie-battle", timeout=30000)
        page.locator(".ie-card.ie-battle").scroll_into_view_if_needed()
        shot(page, "replay-imperial-elegy-battle")
        assert not errors, errors
