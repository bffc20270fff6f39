"""Over There in the terminal, as a player reads it: the header, the front and the stacks behind
it, the enemy out of contact shown only by its number of counters, the area map of a unit being
moved, the attack panel and the last combat; the game's own commands (grid, near, hex, unit,
crt); and answers typed as hex ids and unit designations."""

from __future__ import annotations

import re

import pytest
from rich.console import Console, Group
from rich.table import Table
from terminaltools import Screen

from kriegsspiel import games
from kriegsspiel.games import MODULES, load
from kriegsspiel.games.over_there import text
from kriegsspiel.games.over_there.world import CH, NEIGHBOURS, UNITS
from kriegsspiel.play.cli import default_seats
from kriegsspiel.play.terminal import TerminalGame

GAME = "over-there"


@pytest.fixture
def game(monkeypatch):
    """The game by its id (registered for the test should the registry not list it)."""
    monkeypatch.setitem(MODULES, GAME, "kriegsspiel.games.over_there")
    monkeypatch.setattr(games, "_loaded", dict(games._loaded))
    return load(GAME)


def terminal(game, answers, tmp_path, seed=1, **setup):
    state = game.new(seed=seed, **setup)
    screen = Screen(answers)
    tg = TerminalGame(state, default_seats(state), tmp_path / "game.json", console=screen.console, ask=screen.ask)
    return tg, screen


def render(renderable) -> str:
    c = Console(record=True, width=120, color_system=None, force_terminal=False)
    c.print(renderable)
    return c.export_text()


def flat(s: str) -> str:
    return " ".join(s.split())


def part(view: dict, title: str) -> str:
    """One table of the board, by its title, as text."""
    board = text.board(view)
    assert isinstance(board, Group)
    found = [p for p in board.renderables if isinstance(p, Table) and p.title == title]
    assert found, f"no table {title!r} on the board"
    return render(found[0])


def to_combat(game, s: dict) -> dict:
    """The Entente ends its movement phase; neither side flies air superiority (B17B1)."""
    s = game.apply(s, "entente", {"end": "movement"})
    while s["stack"] and s["stack"][-1].get("state") == "superiority":
        for role in game.active(s):
            s = game.apply(s, role, {"superiority": 0})
    return s


def fight(game, s: dict, hex_: str) -> dict:
    """The Entente attacks a hex with every unit able to, no air; the defender sends none."""
    s = game.apply(s, "entente", {"attack": hex_})
    s = game.apply(s, "entente", {"resolve": True})
    answers = {"das": {"das": 0}, "reserve": {"commit": None}, "leader": {"leader": None}}
    while s["stack"] and s["stack"][-1].get("state") in answers:
        role = game.active(s)[0]
        s = game.apply(s, role, answers[s["stack"][-1]["state"]])
    return s


# ----- the board ---------------------------------------------------------------------------------


def test_the_header_names_the_turn_the_phase_and_the_score(game):
    view = game.view(game.new(seed=1), "entente")
    head = flat(render(text.board(view).renderables[0]))
    assert "Aug II 14 (16 August to 31 August 1914), game turn 1 of 4" in head
    assert "Entente player turn, movement phase" in head
    score = "Score if the game ended now: Central Powers 0, Entente 0 (CP +0: Central Powers marginal victory"
    assert score + " (the historical result))" in head
    assert "rail capacity used 0 of 15 REs this turn" in head
    assert "replacement pool 4 Man Pts, 1 Equ Pt" in head
    assert "1 air point left this player turn" in head
    assert "First Army (Paul von Rennenkampf, active) at 1606 (Wilkowischki)" in head


def test_the_front_lists_every_stack_next_to_the_enemy_and_the_rest_stand_behind_by_army(game):
    view = game.view(game.new(seed=1), "entente")
    b = view["board"]
    mine = {u["hex"] for u in b["units"] if u["side"] == "entente"}
    enemy = {u["hex"] for u in b["units"] if u["side"] != "entente"} | {x["hex"] for x in b["hidden"]}
    front, behind = part(view, "The front"), part(view, "Behind the front, by army")
    in_contact = {h for h in mine if set(NEIGHBOURS[h]) & enemy}
    assert in_contact and mine - in_contact
    for h in in_contact:
        assert h in front and h not in behind
    for h in mine - in_contact:
        assert h in behind
    # the III Corps at Wirballen faces the German 1st Infantry Division at Stallupönen
    assert "1506 (Wirballen/Kibarty)" in front and "25 ID 9-11-5" in front
    assert "1406 (Stallupönen):" in front and "1 ID 11-12-5" in front
    for army in ("First Army", "Second Army"):
        assert army in behind
    due = flat(render(text.board(view)))
    assert "Your reinforcements due: Sep I 14 at Wirballen/Kibarty: XXVI Corps HQ, 53 RD, 56 RD, 54 RD" in due


def test_markers_in_brackets_are_shown_not_read_as_markup(game):
    s = game.new(seed=1)
    s["units"]["ru-40-id"].update(dis=1, fat=2, moved=True)
    behind = flat(part(game.view(s, "entente"), "Behind the front, by army"))
    assert "40 ID 9-11-5 [D F2 moved]" in behind


def test_enemy_counters_out_of_contact_show_only_their_number(game):
    """Königsberg's garrison is far from any Russian: the Entente sees a stack of 2 counters at
    0806, the Central Powers (and everyone with limited intelligence off) see the counters."""
    s = game.new(seed=1)
    entente = flat(render(text.board(game.view(s, "entente"))))
    assert "Central Powers stacks out of contact" in entente and "2 counters in 0806 (Königsberg)" in entente
    assert "FORT Koenigsberg" not in entente and "MAIN RES Koenig." not in entente
    german = flat(render(text.board(game.view(s, "central-powers"))))
    assert "FORT Koenigsberg 2-10-0" in german and "MAIN RES Koenig. 5-8-5" in german
    open_table = game.new(seed=1, options={"limited_intelligence": False})
    seen = flat(render(text.describe_hex(game.view(open_table, "entente"), "0806")))
    assert "FORT Koenigsberg 2-10-0" in seen
    hidden = flat(render(text.describe_hex(game.view(s, "entente"), "0806")))
    assert "2 counters unseen" in hidden and "Koenigsb" not in hidden


def test_moving_a_unit_maps_its_reach_around_it(game):
    s = game.apply(game.new(seed=1), "entente", {"unit": "ru-25-id"})
    view = game.view(s, "entente")
    reach = view["board"]["reach"]
    out = render(text.board(view))
    assert "Moving: 25 ID 9-11-5 at 1506" in out
    area = out.split("Moving:")[1]
    assert re.search(r"1506 @7\b", area)  # the stack of seven it moves from
    marked = 0
    for m in re.finditer(r"\b(\d{4}) (\S+)", area):
        if m.group(1) in reach:
            assert re.fullmatch(r"(\+\d+)?[mar]\d+(\.\d+)?", m.group(2)), m.group(0)
            marked += 1
    assert marked >= 10
    assert "1406 x1" in area  # the German division seen next to it
    whole = flat(render(text.grid(view)))
    assert "@" in whole and "+" in whole and "Even columns stand half a hex lower" in whole


def test_the_attack_panel_shows_the_odds_column_and_what_each_die_gives(game):
    s = to_combat(game, game.new(seed=1))
    view = game.view(s, "entente")
    targets = view["board"]["targets"]
    assert "1406" in targets
    table = flat(part(view, "Attacks open to you (every unit able to attack joining)"))
    t = targets["1406"]
    cells = r"\s*│\s*".join(re.escape(str(x)) for x in (t["odds"], t["crt"], t["column"], f"{t['drm']:+d}"))
    assert re.search(cells, table), table

    s = game.apply(s, "entente", {"attack": "1406"})
    view = game.view(s, "entente")
    att = view["board"]["attack"]
    out = flat(render(text.board(view)))
    assert "The attack on 1406 (Stallupönen)" in out
    assert f"odds {att['odds']}, read on the {att['crt'].capitalize()} CRT's column {att['column']}" in out
    crt = CH.crt(att["crt"])
    die = ", ".join(f"{r} {crt.cell(att['column'], r + att['drm'])}" for r in range(1, 7))
    assert f"The die: {die}" in out
    assert "1406 *x1" in out and re.search(r"1506 A\d", out)


def test_the_last_combat_is_reported_with_its_die_result_and_retreats(game):
    s = fight(game, to_combat(game, game.new(seed=1)), "1406")
    last = s["last"]
    board = game.view(s, "central-powers")["board"]
    out = flat(render(text.board(game.view(s, "central-powers"))))
    assert text.hex_label("1406", board).startswith("1406 (Stallupönen)")  # and what lies there
    assert f"Last combat at {text.hex_label('1406', board)}: {last['odds']}" in out
    assert f": {last['result']}" in out and f"die {last['roll']}" in out
    for uid, path in last["retreats"].items():
        assert f"{UNITS[uid].short} retreats: {' -> '.join(path)}" in out


# ----- playing in the terminal -------------------------------------------------------------------


def test_hex_ids_and_designations_pick_actions(game, tmp_path):
    """The Entente types '25 ID', then a hex id to march there, then a stack by its hex, ends
    the movement phase, flies no air superiority (0 is the number of air points, not the first
    action), attacks by hex, resolves and advances nobody; the log cites §6 for the move."""
    start = game.apply(game.new(seed=1), "entente", {"unit": "ru-25-id"})
    to = next(a["to"] for a in game.actions(start, "entente") if "to" in a and "by" not in a and "overrun" not in a)
    answers = ["25 ID", to, "1506", "cancel", "end", "0", "attack 1406", "resolve", "none", "end", "end"]
    tg, screen = terminal(game, answers, tmp_path)
    tg.run()
    ent = [a for r, a in tg.state["actions"] if r == "entente"]
    assert ent[:11] == [
        {"unit": "ru-25-id"},
        {"to": to},
        {"stack": "1506"},
        {"cancel": True},
        {"end": "movement"},
        {"superiority": 0},
        {"attack": "1406"},
        {"resolve": True},
        {"leader": None},  # 14P: Rennenkampf's Army HQ covers the attackers; no gamble
        {"end": "advance"},  # 9F3 after a DR: nobody advances, so the German division stays (9F1)
        {"end": "combat"},
    ]
    shown = flat(screen.text)
    assert f"(§6) 25 ID moves from 1506 (Wirballen/Kibarty) to {to}" in shown
    assert "Last combat at 1406 (Stallupönen)" in shown
    assert "Not an action" not in shown


def test_the_commands_read_the_map_a_hex_a_unit_and_the_tables(game, tmp_path):
    answers = ["grid", "near Lötzen", "hex 0806", "unit 25 ID", "crt positional", "near nowhere", "q"]
    tg, screen = terminal(game, answers, tmp_path)
    tg.run()
    out = flat(screen.text)
    grid = out.split("> grid")[1].split("> near")[0]
    assert "O your stack · X enemy stack seen" in grid and "# fortress" in grid
    near = out.split("> near Lötzen")[1].split("> hex")[0]
    assert "1208" in near and "@n the units moving" in near
    hexes = out.split("> hex 0806")[1].split("> unit")[0]
    assert "0806 (Königsberg)" in hexes and "Königsberg: partial city, great fortress, standard port" in hexes
    unit = out.split("> unit 25 ID")[1].split("> crt")[0]
    assert "25th Infantry Division (25 ID)" in unit and "printed 9-11-5, cadre 4-4-5" in unit
    crt = out.split("> crt positional")[1]
    assert "The Positional Ground CRT (9C)" in crt and "The Mobile Ground CRT" not in crt.split("> near")[0]
    assert "No hex 'nowhere' on the map" in out


def test_help_lists_the_commands_and_the_guide_reads_by_rule_number(game, tmp_path):
    tg, screen = terminal(game, ["?", "? 6", "? 14M2", "q"], tmp_path)
    tg.run()
    out = flat(screen.text)
    helped = out.split("> ?")[1]
    for usage in ("grid", "near HEX", "hex HEX", "unit NAME", "crt [mobile|positional]"):
        assert usage in helped
    for title in ("How to win", "Movement", "Combat", "Reading the board", "The bots"):
        assert title in helped
    assert "Accelerated movement and fatigue" in out.split("> ? 6")[1]
    assert "Activation (14M2)" in out.split("> ? 14M2")[1]


def test_a_move_by_another_way_is_typed_in_one_answer(game, tmp_path):
    """6-7: the destinations are listed one way at a time, regular movement first; "rail 1701"
    (or 1116r) names rail movement and then the hex, in one answer."""
    answers = ["25 ID", "rail 1701", "43 ID", "1116r", "end"]
    tg, screen = terminal(game, answers, tmp_path)
    tg.run()  # the answers run out at the next prompt
    ent = [a for r, a in tg.state["actions"] if r == "entente"]
    assert ent[:7] == [
        {"unit": "ru-25-id"},
        {"way": "rail"},
        {"to": "1701", "by": "rail"},
        {"unit": "ru-43-id"},
        {"way": "rail"},
        {"to": "1116", "by": "rail"},
        {"end": "movement"},
    ]
    assert "Not an action" not in flat(screen.text)


def test_choose_reads_verbs_words_and_designations(game):
    s = game.apply(game.new(seed=1), "entente", {"unit": "ru-1-gd-cav"})
    legal = game.actions(s, "entente")  # regular movement first
    accel = next(h for h, a in game.view(s, "entente")["board"]["reach"].items() if "accel" in a and "march" not in a)
    # a destination of another way names that way first (and the terminal reads the answer again)
    for typed in (f"accel {accel}", f"{accel}a", "accel"):
        assert legal[text.choose(typed, legal, s)] == {"way": "accel"}
    assert text.again(f"accel {accel}", {"way": "accel"}) and text.again(f"{accel}a", {"way": "accel"})
    assert not text.again("accel", {"way": "accel"})
    assert text.keys(legal, s)[legal.index({"way": "accel"})] == "accel"
    s = game.apply(s, "entente", {"way": "accel"})
    legal = game.actions(s, "entente")
    assert legal[text.choose(f"accel {accel}", legal, s)] == {"to": accel, "by": "accel"}
    assert legal[text.choose("stay", legal, s)] == {"stay": True}
    assert legal[text.choose("Cancel", legal, s)] == {"cancel": True}
    assert text.choose("rail 0101", legal, s) is None
    keys = text.keys(legal, s)  # destinations are listed and typed by hex id
    assert keys[legal.index({"to": accel, "by": "accel"})] == f"{accel}a"
    assert keys[-2:] == ["stay", "cancel"] and len(set(keys)) == len(keys)
    assert text.keys(game.actions(game.new(seed=1), "entente"), s) is None  # units keep their numbers
    other = [{"commit": "1507"}, {"commit": None}, {"withdraw": True}, {"withdraw": False}]
    assert text.choose("commit 1507", other, s) == 0 and text.choose("none", other, s) == 1
    assert text.choose("keep", other, s) == 3
    adds = [{"resolve": True}, {"remove": "ru-25-id"}, {"add": "ru-27-id"}, {"air": "recon"}, {"unair": "gs"}]
    assert text.choose("add 27 ID", adds, s) == 2 and text.choose("remove 25 id", adds, s) == 1
    assert text.choose("recon", adds, s) == 3 and text.choose("-gs", adds, s) == 4
    res = [{"res_at": "0716"}, {"res_at": "0806"}]  # 16B1: where a Res Pt produced goes
    assert text.keys(res, s) == ["0716", "0806"] and text.choose("0806", res, s) == 1
    sup = [{"superiority": 0}, {"superiority": 1}, {"superiority": 2}]
    assert text.keys(sup, s) == ["0", "1", "2"] and text.keys(adds, s) is None


def test_a_hex_label_tells_a_broken_or_obstructed_railway(game):
    """7A6, 7A7: what stops rail movement in a hex is named with it."""
    board = game.view(game.new(seed=1), "central-powers")["board"]
    assert "rail" not in text.hex_label("1206", board)
    assert text.hex_label("1206", board) == "1206 (Insterburg), 1 Res Pt (CP)"  # 11G: the set-up's
    board = {**board, "breaks": ["1206"], "obstructed": ["1206"], "res": {}}
    assert text.hex_label("1206", board) == "1206 (Insterburg), rail broken, rail obstructed"


def test_the_header_counts_ones_own_res_pts_and_a_counter_what_its_hq_carries(game):
    """11G, 11H: where one's Res Pts lie, and the load an Army HQ carries on its counter."""
    s = game.new(seed=1)
    s["units"]["de-8-army-hq"]["carry"] = 2
    view = game.view(s, "central-powers")
    head = text.header(view).plain
    assert "Res Pts 1 in 0311 (Graudenz), 1 in 0806 (Königsberg), 1 in 0810 (Allenstein), " in head
    assert "1 in 1206 (Insterburg), 2 carried by Army HQs" in head
    hq = next(u for u in view["board"]["units"] if u["id"] == "de-8-army-hq")
    assert text.unit_text(hq).endswith("[2 Res]")
    # the enemy's are his secret out of contact (the Russians read no German radio, ruling O19)
    seen = game.visible(s, "entente")
    assert seen is not None and "0806" not in seen
    assert "0806" not in game.view(s, "entente")["board"]["res"]["central-powers"]


def test_bridge_work_is_typed_with_the_bridges_hexes_and_the_hex_tells_its_bridges(game):
    """13A2-3, 15A1: the Russian 6th Division at 1113 stands at four of its side's bridges; each
    demolition is typed as "demolish" and the bridge's hexes (or the far hex alone), and with
    "with" and a division for quick engineering (13A5); "hex 1113" names the bridges, their
    owner, and a demolished one with the repair work done."""
    s = game.apply(game.new(seed=3), "entente", {"unit": "ru-6-id"})
    legal = game.actions(s, "entente")
    bridges = [a for a in legal if "demolish_bridge" in a]
    assert {a["demolish_bridge"] for a in bridges} == {"1013|1113", "1113|1114", "1113|1212", "1113|1213"}
    keys = text.keys(legal, s)
    assert keys[legal.index({"demolish_bridge": "1113|1212"})] == "demolish 1113 1212" and len(set(keys)) == len(keys)
    assert legal[text.choose("demolish 1113 1212", legal, s)] == {"demolish_bridge": "1113|1212"}
    assert legal[text.choose("demolish 1114", legal, s)] == {"demolish_bridge": "1113|1114"}
    assert text.choose("demolish 1113", legal, s) is None  # four bridges touch 1113: which one?
    # 13A5: with the 8th Division, stacked with it, each paying half
    assert keys[legal.index({"build": "fieldworks", "with": "ru-8-id"})] == "build with 8 ID"
    both = {"demolish_bridge": "1113|1212", "with": "ru-8-id"}
    assert legal[text.choose("demolish 1113 1212 with 8 id", legal, s)] == both
    assert legal[text.choose("build with 8 ID", legal, s)] == {"build": "fieldworks", "with": "ru-8-id"}
    board = game.view(s, "entente")["board"]
    told = text.describe_hex(game.view(s, "entente"), "1113").plain
    assert "bridge to 1212: the Entente's" in told
    board = {**board, "demolished": ["1113|1212"], "repairs": {"1113|1212": 5}}
    told = text.describe_hex({**game.view(s, "entente"), "board": board}, "1113").plain
    assert "the bridge to 1212 is demolished (5 MPs of repair done)" in told


def test_a_contested_hex_is_marked_for_both_sides(game):
    """9J: the contested hex marker is on the map for everyone: the view lists the hex and the
    terminal's hex label says so."""
    s = game.new(seed=1)
    s["contested"] = ["1406"]
    for role in ("entente", "central-powers", None):
        board = game.view(s, role)["board"]
        assert board["contested"] == ["1406"]
        assert "contested" in text.hex_label("1406", board)
        assert "contested" not in text.hex_label("1506", board)


def test_towns_are_found_typed_without_accents_and_units_by_whole_designations(game):
    """The review of the terminal: "near lotzen" and "near Lomza" found no hex (only Lötzen and
    Łomża as printed); "unit 3 RD" showed the 73 RD; "crt foo" printed both tables."""
    view = game.view(game.new(seed=1), "entente")
    assert text.hex_arg("lotzen") == text.hex_arg("Lötzen") is not None
    assert text.hex_arg("Lomza") == text.hex_arg("Łomża") is not None
    assert "73rd" not in flat(render(text.describe_unit(view, "3 RD")))
    assert "73rd Reserve Division" in flat(render(text.describe_unit(view, "73 RD")))
    assert "No table 'foo'" in flat(render(text.crt_tables(view, "foo")))
