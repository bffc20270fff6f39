"""The Imperialism 1880 console: set-up, every kind of referee entry with its consequences
(the placement matrix L58, Casus Belli L1, the counter mix L819, the ETI increases L156,
combat L867/L915, income L916, VP L242, the turn track L363-453), refusals, secrecy of
the books, and whole campaigns 1880-1916."""

import json
import random

import orjson
import pytest
from console_support import (
    FREE,
    GREAT,
    REF,
    asking,
    cbs,
    clear,
    end_turn,
    enter,
    game,
    give,
    ledger,
    new,
    next_phase,
    plant,
    public_log,
    take_all_units,
    to_entries,
    vp_entries,
)
from rich.console import Console

from kriegsspiel import IllegalAction
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperialism_1880 import books, charts, console, orders, report, text
from kriegsspiel.games.imperialism_1880.data import pack

# ----- set-up -------------------------------------------------------------------------------------


def test_setup_matches_the_start_of_1880_and_the_counter_mix():
    """L819: the counters in play at start are on the map; what is left of each kind is the
    limit less those in play; treasuries and the ETI are the data's (R3)."""
    s = game.new(seed=1)
    p = pack()
    placed = {
        (power, area, m["status"], m["established"]) for area, here in s["markers"].items() for power, m in here.items()
    }
    assert placed == set(p.start.statuses)
    for power, info in p.powers.items():
        for kind, (total, at_start) in info.counters.items():
            assert s["counters"][power][kind] == total - at_start, (power, kind)
    for power in GREAT:
        assert s["books"][power]["treasury"] == p.start.treasuries[power] + s["books"][power]["net"]
    assert s["eti"] == p.start.eti and s["year"] == 1880 and s["turn"] == 1
    assert sum(sum(k.values()) for pw in books.POWERS for k in books.units_of(s, pw).values()) == len(p.start.units)
    books.check_mix(s)


def test_the_referee_alone_adjudicates_and_the_powers_only_write_orders():
    """R4, R35: the roles are the referee and the eight great powers; in the referee's
    entries only the referee acts, and a power's 'end the entries' is refused."""
    s = new(players=9)
    assert s["roles"] == [REF, *GREAT]
    assert game.active(s) == [REF]
    for power in GREAT:
        assert game.actions(s, power) == []
        with pytest.raises(IllegalAction, match="may not act now"):
            game.apply(s, power, console.NEXT)


def test_next_phase_is_always_offered_at_the_top_and_back_at_every_step():
    s = new()
    top = game.actions(s, REF)
    assert console.NEXT in top and {"entry": "place"} in top
    game.apply(s, REF, console.NEXT)  # ending the entries asks to be confirmed; back returns to them
    assert game.actions(s, REF) == [console.CONFIRM, console.BACK]
    game.apply(s, REF, console.BACK)
    assert game.actions(s, REF) == top
    game.apply(s, REF, {"entry": "place"})
    assert console.BACK in game.actions(s, REF)
    game.apply(s, REF, {"power": "france"})
    assert {console.BACK, console.CANCEL} <= set(a for a in game.actions(s, REF) if isinstance(a, str))
    game.apply(s, REF, console.BACK)
    assert s["stack"][-1]["draft"] == {"entry": "place"}
    game.apply(s, REF, {"power": "france"})
    game.apply(s, REF, console.CANCEL)
    assert s["stack"][-1]["draft"] == {} and console.NEXT in game.actions(s, REF)


def books_of(s):
    """The campaign's books without the record of actions (entries begun and cancelled are recorded)."""
    return orjson.dumps({k: v for k, v in s.items() if k not in ("actions", "undo")})


# ----- the placement matrix (L58) -------------------------------------------------------------------

SHEET_L58 = {  # placing -> present -> (established, unestablished), as printed on L58
    "interest": {"interest": "NE/NE", "influence": "NE/NE", "protectorate": "NE/NE", "possession": "XX/RI"},
    "influence": {"interest": "NE/NE", "influence": "NE/NE", "protectorate": "XX/ICB", "possession": "XX/ICB"},
    "protectorate": {"interest": "NE/NE", "influence": "ICB/ICB", "protectorate": "XX/MCB", "possession": "XX/MCB"},
    "possession": {"interest": "RI/RI", "influence": "ICB/ICB", "protectorate": "XX/MCB", "possession": "XX/MCB"},
}
CELLS = [
    (placing, present, est, cell.split("/")[0 if est else 1])
    for placing, row in SHEET_L58.items()
    for present, cell in row.items()
    for est in (True, False)
]


@pytest.mark.parametrize("placing, present, established, code", CELLS)
def test_every_cell_of_the_placement_matrix(placing, present, established, code):
    """L58: France places a marker in Uganda where Germany's marker stands, established or
    not; every consequence is applied at the moment of entry."""
    s = new()
    area = "uganda"
    plant(s, "germany", area, present, established)
    eti = s["eti"]
    before = books_of(s)
    if code == "XX":
        game.apply(s, REF, {"entry": "place"})
        game.apply(s, REF, {"power": "france"})
        game.apply(s, REF, {"area": area})
        assert {"status": placing} not in game.actions(s, REF)
        with pytest.raises(IllegalAction, match=r"prohibited by Germany's established .* \(L58: XX\)"):
            game.apply(s, REF, {"status": placing})
        game.apply(s, REF, console.CANCEL)
        assert books_of(s) == before
        return
    enter(s, "place", power="france", area=area, status=placing, established=False)
    here = s["markers"].get(area, {})
    if code == "NE":
        assert here["france"]["status"] == placing and here["germany"]["status"] == present
        assert cbs(s) == [] and s["eti"] == eti
    elif code == "RI":
        loser = "germany" if present == "interest" else "france"
        assert loser not in here
        assert s["eti"] == eti + 1 and ledger(s)[-1][2] == "L156" and "removed" in ledger(s)[-1][1]
    elif code == "ICB":
        holder = "france" if placing == "influence" else "germany"
        other = "germany" if holder == "france" else "france"
        assert cbs(s) == [(holder, other, "L58")] and s["eti"] == eti
    else:
        assert sorted(cbs(s)) == [("france", "germany", "L58"), ("germany", "france", "L58")]
    books.check_mix(s)


def test_placing_over_ones_own_marker_is_an_upgrade_and_only_upwards():
    """R9: a power raises its own marker; it may not place the same or a lower one over it."""
    s = new()
    enter(s, "place", power="germany", area="uganda", status="interest", established=True)
    left = s["counters"]["germany"]["influence"]
    enter(s, "place", power="germany", area="uganda", status="influence", established=False)
    assert s["markers"]["uganda"]["germany"]["status"] == "influence"
    assert s["counters"]["germany"]["influence"] == left  # the same Inf/Int counter
    enter(s, "place", power="germany", area="uganda", status="protectorate", established=False)
    assert s["counters"]["germany"]["influence"] == left + 1 and s["counters"]["germany"]["control"] == 14
    game.apply(s, REF, {"entry": "place"})
    game.apply(s, REF, {"power": "germany"})
    game.apply(s, REF, {"area": "uganda"})
    assert [a["status"] for a in game.actions(s, REF) if isinstance(a, dict)] == ["possession"]
    with pytest.raises(IllegalAction, match="only a higher status"):
        game.apply(s, REF, {"status": "influence"})
    books.check_mix(s)


def test_the_counter_mix_refuses_a_marker_beyond_it():
    """L819: Austria-Hungary has 4 Control counters; a fifth Protectorate is refused, saying why."""
    s = new()
    for area in FREE[:4]:
        enter(s, "place", power="austria-hungary", area=area, status="protectorate", established=True)
    assert s["counters"]["austria-hungary"]["control"] == 0
    before = books_of(s)
    game.apply(s, REF, {"entry": "place"})
    game.apply(s, REF, {"power": "austria-hungary"})
    game.apply(s, REF, {"area": FREE[4]})
    options = [a["status"] for a in game.actions(s, REF) if isinstance(a, dict)]
    assert options == ["interest", "influence"]
    assert "Control counter left" in game.view(s, REF)["prompt"]
    with pytest.raises(IllegalAction, match=r"no Control counter left: all 4 are in play \(counter mix, L819\)"):
        game.apply(s, REF, {"status": "possession"})
    game.apply(s, REF, console.CANCEL)
    assert books_of(s) == before


def test_the_counter_mix_refuses_a_unit_beyond_it():
    """L819: Austria-Hungary's one M3 and four M10 are all in play at start."""
    s = new()
    game.apply(s, REF, {"entry": "build"})
    game.apply(s, REF, {"power": "austria-hungary"})
    assert [a["size"] for a in game.actions(s, REF) if isinstance(a, dict)] == ["m1"]
    with pytest.raises(IllegalAction, match=r"no M10 counter left: all 4 are in play \(counter mix, L819\)"):
        game.apply(s, REF, {"size": "m10"})


def test_a_dominion_marker_serves_as_a_possession_when_control_runs_out():
    """L819 note: Britain's Dominion markers may be used as Possessions until used."""
    s = new()
    empty = [a for a in sorted(pack().areas) if a not in s["markers"] and not pack().areas[a].tags & {"cb-russia"}]
    for area in empty[:25]:
        plant(s, "britain", area, "protectorate")
    assert s["counters"]["britain"]["control"] == 0
    dominions = s["counters"]["britain"]["dominion"]
    enter(s, "place", power="britain", area=empty[25], status="possession", established=True)
    assert s["markers"][empty[25]]["britain"]["counter"] == "dominion"
    assert s["counters"]["britain"]["dominion"] == dominions - 1
    books.check_mix(s)


def test_states_and_dominions_only_where_the_income_chart_allows():
    """L916: State/Dominion only in EV 5, 6, 8, 9 areas the world makes eligible; R10: only
    Britain and the USA, raising their own Possession."""
    s = new()
    enter(s, "place", power="britain", area="australia", status="state", established=True)
    assert s["markers"]["australia"]["britain"]["status"] == "state"
    assert books.placement_plan(s, "britain", "bengal", "state")["reason"].startswith("Bengal cannot become")
    assert "only Britain" in books.placement_plan(s, "france", "algiers", "state")["reason"]
    assert "own Possession" in books.placement_plan(s, "usa", "hawaii", "state")["reason"]
    books.check_mix(s)


def test_may_place_answers_as_the_full_placement_plan():
    """A listing asks ``may_place`` of every area and status, without the refusals' words; it
    answers as ``placement_plan`` does, which gives every refusal a reason (R9, R10, L58,
    L819), in positions made to meet each kind: the start of 1880, markers of several powers
    in one area, and a power's control counters all in play."""
    s = new()
    empty = [a for a in sorted(pack().areas) if a not in s["markers"]]
    reasons = set()

    def ask_all():
        for power in sorted(s["counters"]):
            for area in sorted(pack().areas):
                for st in books.STATUSES:
                    plan = books.placement_plan(s, power, area, st)
                    assert books.may_place(s, power, area, st) is plan["ok"], (power, area, st)
                    assert plan["ok"] or plan["reason"], (power, area, st)
                    if not plan["ok"]:
                        reasons.add(plan["reason"].split(" (")[-1])

    ask_all()
    for power, status in zip(GREAT, books.STATUSES[:4] * 2, strict=False):
        plant(s, power, empty[0], status)  # several powers' markers in one area (L58)
    for area in empty[1:]:  # France's control counters all in play (L819)
        if not s["counters"]["france"]["control"]:
            break
        plant(s, "france", area, "protectorate")
    books.check_mix(s)
    ask_all()
    assert {"R9)", "R10)", "L819)", "L58: XX)"} <= reasons


# ----- Casus Belli (L1) -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "placer, area, holders",
    [
        ("france", "afghanistan", ["britain", "russia"]),  # on both lists
        ("germany", "tibet", ["britain"]),
        ("germany", "serbia", ["austria-hungary"]),
        ("germany", "rumania", ["austria-hungary", "russia"]),
        ("japan", "manchuria", ["russia"]),
        ("germany", "mexico", ["usa"]),  # the West map
        ("germany", "hawaii", []),  # West map, but Hawaii is excepted
        ("usa", "mexico", []),  # no power against itself
        ("russia", "persia", []),
        ("germany", "uganda", []),
    ],
)
def test_control_placed_gives_the_casus_belli_of_l1(placer, area, holders):
    """L1: Control placed in the listed areas (or on the West map) gives those powers a
    Casus Belli against the placer, entered in the register at once."""
    s = new()
    enter(s, "place", power=placer, area=area, status="protectorate", established=False)
    assert sorted(cbs(s)) == sorted((h, placer, "L1") for h in holders)


def test_no_us_casus_belli_where_control_began_the_game():
    """L1: "except in ... an area that began the game with a Control marker" (Cuba, Spain's in 1880)."""
    s = new()
    clear(s, "cuba")
    enter(s, "place", power="germany", area="cuba", status="possession", established=False)
    assert cbs(s) == []


def test_interest_and_influence_and_raising_ones_own_control_give_no_list_casus_belli():
    """L1 speaks of Control markers; raising one's own Control is no new Control (C13, R12)."""
    s = new()
    enter(s, "place", power="france", area="afghanistan", status="influence", established=True)
    assert cbs(s) == []
    enter(s, "place", power="france", area="afghanistan", status="protectorate", established=True)
    assert len(cbs(s)) == 2
    enter(s, "place", power="france", area="afghanistan", status="possession", established=True)
    assert len(cbs(s)) == 2


def test_other_sources_of_casus_belli():
    """L1: breaking a treaty, Random Event 2/2, a codominion entered, straits denied, a treaty
    with a power that holds a Casus Belli."""
    s = new()
    enter(s, "event-2-2")
    assert cbs(s) == [("usa", "spain", "L1")]
    enter(s, "treaty", first="britain", second="france", kind="defensive", stipulation="none")
    enter(s, "deny-passage", passage="gibraltar", neutral="spain", alliance="britain")
    assert ("britain", "spain", "L1") in cbs(s) and ("france", "spain", "L1") in cbs(s)
    enter(s, "codominion", area="uganda", first="britain", second="germany")
    enter(s, "enter-codominion", codominion=1, invader="italy", neutral="britain")
    assert ("britain", "italy", "L1") in cbs(s)
    enter(s, "treaty", first="russia", second="usa", kind="defensive", stipulation="share")
    assert ("russia", "spain", "L1") in cbs(s)  # the USA's Casus Belli against Spain is shared
    enter(s, "break-treaty", treaty=2, breaker="usa")
    assert ("russia", "usa", "L1") in cbs(s)


def test_resolving_a_casus_belli_and_using_one_to_declare_war():
    """R25: the referee resolves a Casus Belli; declaring war on its target uses it."""
    s = new()
    enter(s, "event-2-2")
    enter(s, "place", power="germany", area="serbia", status="protectorate", established=True)
    enter(s, "resolve-cb", cb=2, how="satisfied by negotiation")
    assert cbs(s) == [("usa", "spain", "L1")]
    enter(s, "declare-war", aggressor="usa", target="spain")
    assert cbs(s) == [] and s["casus_belli"][0]["resolved"]["how"] == "used to declare war"
    with pytest.raises(IllegalAction):
        enter(s, "resolve-cb", cb=1, how="withdrawn")


# ----- the European Tensions Index (L156) ----------------------------------------------------------


def test_naval_builds_raise_tensions_except_britain_japan_and_the_usa():
    """L156: +1 for a Naval(3) or Naval(1), +3 for a Naval(10), unless built by Britain, Japan
    or the United States; armies raise nothing."""
    s = new()
    enter(s, "build", power="germany", size="m3", role="naval", where="north-sea")
    enter(s, "build", power="germany", size="m1", role="naval", where="north-sea")
    enter(s, "build", power="germany", size="m10", role="naval", where="north-sea")
    enter(s, "build", power="germany", size="m10", role="army", where="germany")
    for power in ("britain", "japan", "usa"):
        enter(s, "build", power=power, size="m10", role="naval", where="north-pacific")
    assert [a for a, _cause, _line in ledger(s)] == [1, 1, 3]
    assert all(line == "L156" for _a, _c, line in ledger(s))
    assert ledger(s)[2][1] == "a Naval(10) unit built by Germany"
    books.check_mix(s)


def test_war_separate_peace_treaty_broken_and_minor_not_aided():
    """L156: war declared +5; a separate peace +5; a treaty broken +5; a supporter failing its
    minor in a war +3 ("fails to come to the Minor Powers' aid in a subsequent war"); in a Status
    dispute it costs -5 VP instead (L242; R18)."""
    s = new()
    enter(s, "declare-war", aggressor="germany", target="france")
    enter(s, "declare-war", aggressor="austria-hungary", target="france")  # joins Germany's side (R22)
    assert s["wars"][0]["sides"] == [["germany", "austria-hungary"], ["france"]]
    enter(s, "separate-peace", war=1, power="austria-hungary")
    enter(s, "treaty", first="italy", second="russia", kind="defensive", stipulation="none")
    enter(s, "break-treaty", treaty=1, breaker="italy")
    enter(s, "support", power="germany", minor="belgium")
    enter(s, "fail-aid", support=1, occasion="war")
    assert [a for a, _c, _l in ledger(s)] == [5, 5, 5, 5, 3]
    assert s["eti"] == 23
    assert vp_entries(s, "germany") == []  # a failure in a war costs no VP
    enter(s, "support", power="germany", minor="netherlands")
    enter(s, "fail-aid", support=2, occasion="dispute")
    assert s["eti"] == 23  # in a Status dispute: no ETI
    assert vp_entries(s, "germany")[-1] == ("failing to aid a supported minor", -5)


def test_no_war_on_a_power_fought_beside_in_any_war():
    """R22: a power at war in two wars may declare war on neither war's allies. Germany at war
    with France, then joining Japan's war against Russia: Japan is not offered as a target,
    and a declaration on Japan is refused with nothing changed."""
    s = new()
    enter(s, "declare-war", aggressor="germany", target="france")
    enter(s, "declare-war", aggressor="russia", target="japan")
    enter(s, "declare-war", aggressor="germany", target="russia")  # joins Japan's side (R22)
    assert [w["sides"] for w in s["wars"]] == [[["germany"], ["france"]], [["russia"], ["japan", "germany"]]]
    game.apply(s, REF, {"entry": "declare-war"})
    game.apply(s, REF, {"aggressor": "germany"})
    targets = [a["target"] for a in game.actions(s, REF) if isinstance(a, dict) and "target" in a]
    assert "japan" not in targets and "france" not in targets and "russia" not in targets
    assert "britain" in targets
    before = orjson.dumps(s)
    with pytest.raises(IllegalAction, match="not a legal action"):
        game.apply(s, REF, {"target": "japan"})
    with pytest.raises(IllegalAction, match="Germany and Japan are on the same side of a war"):
        books.declare_war(s, "germany", "japan")
    assert orjson.dumps(s) == before
    for a in GREAT:  # the menu offers exactly the targets the declaration accepts
        offered = console.step_war(s, {"aggressor": a})[1]
        assert offered == [p for p in console.POWERS if p != a and not books.war_refusal(s, a, p)], a


def test_downgrades_in_a_status_conflict_raise_tensions():
    """L156: +1 for each status marker downgraded as a result of a status conflict."""
    s = new()
    enter(s, "downgrade", power="britain", area="burma", conflict=True)
    assert s["markers"]["burma"]["britain"]["status"] == "protectorate" and s["eti"] == 1
    enter(s, "downgrade", power="britain", area="burma", conflict=False)
    assert s["markers"]["burma"]["britain"]["status"] == "influence" and s["eti"] == 1
    enter(s, "remove", power="britain", area="burma", conflict=True)
    assert "burma" not in s["markers"] and s["eti"] == 2
    books.check_mix(s)


def test_the_congress_of_europe():
    """L156: +3 when called, +2 each time a great power defies it, +3 for each Casus Belli
    unresolved at its end (R26)."""
    s = new()
    enter(s, "event-2-2")
    enter(s, "place", power="germany", area="serbia", status="protectorate", established=True)
    enter(s, "call-congress", by="britain")
    enter(s, "resolve-cb", cb=1, how="settled by a Congress of Europe")
    enter(s, "defy-congress", power="germany")
    enter(s, "end-congress")
    assert [a for a, _c, _l in ledger(s)] == [3, 2, 3]
    assert s["congress"] is None and s["congresses"][0]["unresolved"] == 1


def test_war_end_determination_adds_two_only_when_a_war_is_in_progress():
    """L156 +2 at the end of each War-end determination phase; R2: the phase is held when a
    war is in progress, and the referee ends or continues each war."""
    s = new()
    next_phase(s)
    assert s["eti"] == 0 and "No war is in progress" in " ".join(public_log(s))
    s = to_entries(s)
    enter(s, "declare-war", aggressor="russia", target="japan")
    next_phase(s)
    assert asking(s) == "war_end" and s["phase"] == "war-end determination"
    game.apply(s, REF, "end")
    assert s["eti"] == 7 and ledger(s)[-1][:2] == (2, "the end of the War-end determination phase")
    assert books.wars_in_progress(s) == []


# ----- combat (L867, L915) ----------------------------------------------------------------------------

CRT1 = {  # L867, die 1-6 by column 1-10 ... 10-1
    1: "AE AE AE AE AE AR EX EX DR",
    2: "AE AE AE AR AR EX EX DR DE",
    3: "AE AE AR AR EX EX DR DR DE",
    4: "AE AR AR EX EX DR DR DE DE",
    5: "AE AR EX EX DR DR DE DE DE",
    6: "AR EX EX DR DE DE DE DE DE",
}
CRT2 = {  # L915
    1: "AE AE AR AR AR EX EX ½EX ½EX",
    2: "AE AR AR ½EX EX EX ½EX ½EX DR",
    3: "AE AR ½EX ½EX EX ½EX ½EX DR DR",
    4: "AR ½EX ½EX EX ½EX ½EX DR DR DE",
    5: "½EX ½EX EX EX ½EX DR DR DE DE",
    6: "½EX EX EX DR DR DR DE DE DE",
}
COLUMNS = ("1-10", "1-3", "1-2", "2-3", "1-1", "3-2", "2-1", "3-1", "10-1")
FORCES = {  # attacker and defender strength points that give each column
    1: [(1, 10), (1, 3), (1, 2), (2, 3), (1, 1), (3, 2), (2, 1), (3, 1), (10, 1)],
    2: [(5, 50), (5, 15), (5, 10), (10, 15), (5, 5), (15, 10), (10, 5), (15, 5), (50, 5)],
}
COMBATS = [(t, c, roll) for t in (1, 2) for c in range(9) for roll in range(1, 7)]


@pytest.mark.parametrize("table, column, roll", COMBATS)
def test_every_cell_of_both_combat_tables_is_applied(table, column, roll):
    """L867 (smaller force under 5 SP) and L915 (5 or more): the odds from the strength points,
    a die, the result applied or offered as the choice it is (C4, C5, R14-R16)."""
    s = new()
    a, d = FORCES[table][column]
    where = "uganda"
    give(s, "britain", where, a)
    give(s, "france", where, d)
    with scripted_dice(s, roll):
        enter(s, "combat", mode="colonial", where=where, attacker="britain", defender="france")
        expected = (CRT1 if table == 1 else CRT2)[roll].split()[column]
        last = s["combats"][-1]
        assert (last["table"], last["column"], last["result"]) == (table, COLUMNS[column], expected)
        britain, france = books.strength_at(s, "britain", where), books.strength_at(s, "france", where)
        if expected == "AE":
            assert (britain, france) == (0, d)
        elif expected == "DE":
            assert (britain, france) == (a, 0)
        elif expected in ("AR", "DR"):
            side = "britain" if expected == "AR" else "france"
            assert asking(s) == "retreat" and s["stack"][-1]["power"] == side
            game.apply(s, REF, "eliminate")
            assert books.strength_at(s, side, where) == 0
        else:  # EX, ½EX: the smaller force (the attacker when equal, C4) is eliminated
            small, large = ("britain", "france") if a <= d else ("france", "britain")
            lost = min(a, d)
            need = lost if expected == "EX" else -(-lost // 2)
            assert books.strength_at(s, small, where) == 0
            if asking(s) == "losses":
                assert s["stack"][-1]["need"] == need and s["stack"][-1]["power"] == large
                while asking(s) == "losses":
                    assert "done" not in game.actions(s, REF)
                    game.apply(s, REF, game.actions(s, REF)[-1])
                assert max(a, d) - books.strength_at(s, large, where) >= need
            else:
                assert books.strength_at(s, large, where) in (0, max(a, d))
        assert asking(s) == "entries"
        books.check_mix(s)


def test_exchange_losses_are_the_owners_choice_entered_by_the_referee():
    """½EX (L915): the smaller force (5 SP) is eliminated; the larger loses at least 3 SP
    (half of 5, rounded up, C4), units of its owner's choice entered one by one (R15)."""
    s = new()
    give(s, "britain", "uganda", 15, role="army")  # M10, M3, two M1
    take_all_units(s, "britain", "uganda")
    for size in ("m10", "m3", "m1", "m1"):
        books.build(s, "britain", size, "army", "uganda")
    give(s, "france", "uganda", 5)
    with scripted_dice(s, 1):
        enter(s, "combat", mode="colonial", where="uganda", attacker="britain", defender="france")
        assert s["combats"][-1]["result"] == "½EX" and asking(s) == "losses"
        assert game.actions(s, REF) == [{"lose": "m1-army"}, {"lose": "m10-army"}, {"lose": "m3-army"}]
        game.apply(s, REF, {"lose": "m1-army"})
        game.apply(s, REF, {"lose": "m1-army"})
        assert asking(s) == "losses" and s["stack"][-1]["lost"] == 2
        game.apply(s, REF, {"lose": "m3-army"})
        assert asking(s) == "entries" and books.units_at(s, "britain", "uganda") == {"m10-army": 1}
        books.check_mix(s)


def test_a_retreat_goes_to_an_adjacent_area_or_home():
    """DR (L867): the defender retreats all its units, to an adjacent area or sea zone (C5, R16)."""
    s = new()
    give(s, "britain", "uganda", 3)
    give(s, "france", "uganda", 1)
    with scripted_dice(s, 3):  # 3-1 on table 1, die 3: DR
        enter(s, "combat", mode="colonial", where="uganda", attacker="britain", defender="france")
        assert asking(s) == "retreat"
        where = {a["retreat_to"] for a in game.actions(s, REF) if isinstance(a, dict)}
        assert {"kenya", "kongo", "sudan", "tanganyika", "france"} <= where
        game.apply(s, REF, {"retreat_to": "kenya"})
        assert books.units_at(s, "france", "kenya") == {"m1-army": 1} and books.strength_at(s, "france", "uganda") == 0


def test_combat_against_the_natives_and_in_a_war():
    """Colonial combat against natives of the strength the referee enters; combat in a war
    only between powers at war with each other."""
    s = new()
    give(s, "germany", "tchad", 4)
    with scripted_dice(s, 6, 1):
        enter(s, "combat", mode="colonial", where="tchad", attacker="germany", defender="natives", natives_sp=2)
        assert s["combats"][-1]["column"] == "2-1" and s["combats"][-1]["result"] == "DE"
        game.apply(s, REF, {"entry": "combat"})
        assert game.actions(s, REF) == [{"mode": "colonial"}, console.BACK]  # no war in progress
        game.apply(s, REF, console.BACK)
        give(s, "italy", "tchad", 4)
        enter(s, "declare-war", aggressor="italy", target="germany")
        enter(s, "combat", mode="war", where="tchad", attacker="italy", defender="germany")
        assert s["combats"][-1]["result"] == "AE"  # 1-1 on table 1, die 1
        assert books.strength_at(s, "italy", "tchad") == 0


def test_the_natives_end_is_told_only_to_those_who_saw_the_combat():
    """R31: a colonial combat is private to its sides and the referee; so is the line that the
    natives were eliminated (a third power, or a spectator, would learn of an army there)."""
    s = new()
    give(s, "germany", "tchad", 4)
    before = {r: len(game.log(s, r)) for r in ("germany", "france", None)}
    with scripted_dice(s, 6):
        enter(s, "combat", mode="colonial", where="tchad", attacker="germany", defender="natives", natives_sp=2)
    seen = {r: [line["text"] for line in game.log(s, r)[before[r] :]] for r in before}
    assert "The natives in Tchad are eliminated." in seen["germany"]
    assert not any("Tchad" in line for line in seen["france"] + seen[None])


# ----- income and maintenance (L916) -----------------------------------------------------------------


def test_income_maintenance_and_army_upkeep_of_the_first_turn():
    """L916 by status and EV for every marker; army upkeep in Protectorates and Possessions,
    at least one unit's worth, 1 per strength point (R6); none in a State/Dominion."""
    s = new()
    p = pack()
    start = game.new(seed=1)  # the same start: the income phase of 1880 already paid
    for power in GREAT:
        inc = mnt = up = 0
        for area, here in s["markers"].items():
            m = here.get(power)
            if m is None:
                continue
            i, k = charts.income(m["status"], p.areas[area].ev)
            inc, mnt = inc + i, mnt + k
            if m["status"] in ("protectorate", "possession"):
                armies = sum(
                    books.STRENGTH[key.split("-")[0]] * n
                    for key, n in books.units_of(s, power).get(area, {}).items()
                    if key.endswith("army")
                )
                up += max(1, armies)
        b = start["books"][power]
        assert (b["income"], b["maintenance"], b["upkeep"]) == (inc, mnt, up), power
        assert b["treasury"] == p.start.treasuries[power] + inc - mnt - up


def test_income_of_hand_made_positions():
    """L916: a Possession of EV 3 brings 15 and costs 20; army upkeep 1 with no army there,
    3 with an M3 army; an Interest costs nothing; a Dominion of EV 9 pays 45/30, no upkeep."""
    s = new()
    plant(s, "germany", "tanganyika", "possession")
    assert books.income_of(s, "germany")["lines"][0] | {} == {
        "area": "tanganyika",
        "status": "possession",
        "ev": 3,
        "income": 15,
        "maintenance": 20,
        "upkeep": 1,
    }
    books.build(s, "germany", "m3", "army", "tanganyika")
    assert books.income_of(s, "germany")["upkeep"] == 3
    plant(s, "germany", "tanganyika", "interest")
    assert books.income_of(s, "germany") | {"lines": []} == {"income": 3, "maintenance": 0, "upkeep": 0, "lines": []}
    enter(s, "place", power="britain", area="australia", status="state", established=True)
    line = next(x for x in books.income_of(s, "britain")["lines"] if x["area"] == "australia")
    assert (line["income"], line["maintenance"], line["upkeep"]) == (45, 30, 0)


def test_a_treasury_may_fall_into_debt():
    """R7: income is paid even below zero; the books and the log flag the debt."""
    s = new()
    s["books"]["germany"]["treasury"] = 0
    plant(s, "germany", "tchad", "possession")  # EV 2: 10/20, upkeep 1
    next_phase(s)
    s = to_entries(s)
    assert s["year"] == 1884 and s["books"]["germany"]["treasury"] == -11
    assert any("in debt" in e[1] for e in s["log"] if e[0] == "L916")
    enter(s, "treasury", power="germany", amount=20, text="a loan")
    assert s["books"]["germany"]["treasury"] == 9


# ----- victory points (L242) and the turn track (L363-453) ----------------------------------------------


def test_treaty_vp_at_each_vp_record():
    """L242: 2 VP for each listed defensive treaty in force at the VP Record; Germany 2 VP
    while France has no defensive alliance."""
    s = new()
    next_phase(s)  # no war: straight to the VP Record of 1880
    assert vp_entries(s, "germany") == [("defensive treaties in force (VP Record)", 2)]
    s = to_entries(s)
    enter(s, "treaty", first="france", second="russia", kind="defensive", stipulation="none")
    enter(s, "treaty", first="japan", second="britain", kind="entente", stipulation="none")
    next_phase(s)
    s = to_entries(s)
    assert vp_entries(s, "germany") == [("defensive treaties in force (VP Record)", 2)]
    assert books.vp(s, "france") == 2 and books.vp(s, "russia") == 2 and books.vp(s, "japan") == 0


def test_immediate_vp_the_first_canal():
    """L242: the first Caribbean/South Pacific canal +15 to its builder; the next nothing."""
    s = new()
    enter(s, "canal", passage="panama-canal", power="usa")
    enter(s, "canal", passage="nicaragua-canal", power="britain")
    assert vp_entries(s, "usa") == [("the first Caribbean/South Pacific canal", 15)]
    assert books.vp(s, "britain") == 0
    assert "panama-canal" in books.passages_open(s)


def run_out(s):
    """Next phase to the end of the campaign, answering every question plainly."""
    while s["stack"]:
        if asking(s) == "entries":
            next_phase(s)
        else:
            to_entries(s)
    return s


@pytest.mark.parametrize("holdings", [True, False])
def test_the_final_record_of_1916(holdings):
    """L242: after the VP Record of 1916 every end-of-game award and penalty is entered; R19
    (an option) adds the EV of each power's controlled areas; the most VP wins (R21)."""
    s = new(great_war_eti=0, holdings_vp=holdings)
    enter(s, "place", power="japan", area="shanghai", status="possession", established=True)
    s = run_out(s)
    assert s["year"] == 1916 and s["phase"] == "over" and s["great_war"] is None
    statuses = [(q, a, m["status"], m["established"]) for a, here in s["markers"].items() for q, m in here.items()]
    navies = {q: books.naval_units(s, q) for q in books.POWERS}
    awards = charts.final_vp(statuses, [], navies)
    for power in GREAT:
        entries = [(e["rule"], e["amount"]) for e in s["books"][power]["vp"] if e["line"] in ("L242", "R19")]
        finals = [x for x in entries if x[0] != "defensive treaties in force (VP Record)"]
        rules = charts.charts().final_rules  # the log and the books tell each award in the sheet's words
        expected = [(books.final_words(rules[rule].text), vp) for rule, vp in awards[power]]
        if holdings:
            expected.append(("the EV of the areas it controls, less that of 1880", books.holdings_vp(s, power)))
        assert finals == expected, power
    assert (books.final_words(charts.charts().final_rules["japan-china"].text), 10) in vp_entries(s, "japan")
    result = game.result(s)
    assert result["scores"] == {q: books.vp(s, q) for q in GREAT}
    best = max(result["scores"].values())
    assert result["winners"] == [q for q in GREAT if result["scores"][q] == best]


def test_the_empire_gained_counts_gains_and_losses_since_1880():
    """R19: the EV of the areas controlled at the end less the EV controlled in 1880."""
    s = new()
    assert all(books.holdings_vp(s, q) == 0 for q in GREAT)
    enter(s, "place", power="germany", area="tchad", status="protectorate", established=True)  # EV 2
    enter(s, "remove", power="britain", area="burma", conflict=False)  # EV 6
    enter(s, "downgrade", power="britain", area="fed-malay-states", conflict=False)  # a Protectorate to Influence
    assert books.holdings_vp(s, "germany") == 2
    assert books.holdings_vp(s, "britain") == -6 - pack().areas["fed-malay-states"].ev


def test_the_great_war_at_the_tension_threshold():
    """R20: the ETI reaching the option's threshold brings the Great War at once; the power
    whose act brought it bears the year's penalty (L387: -100 in 1880); the Final Record follows."""
    s = new(great_war_eti=30)
    pairs = [("germany", "france"), ("italy", "austria-hungary"), ("russia", "japan")]
    pairs += [("usa", "spain"), ("britain", "portugal"), ("germany", "belgium")]
    for aggressor, target in pairs:
        enter(s, "declare-war", aggressor=aggressor, target=target)
    assert s["eti"] == 30 and s["great_war"]["bearers"] == ["germany"]
    assert game.is_over(s) and "Great War broke out in 1880" in game.result(s)["reason"]
    assert ("the Great War penalty of 1880", -100) in vp_entries(s, "germany")
    assert all(not any(r.startswith("the Great War") for r, _ in vp_entries(s, q)) for q in GREAT if q != "germany")


def test_the_referee_declares_the_great_war():
    """R20: with the threshold off the referee declares it and names who bears the penalty."""
    s = new(great_war_eti=0)
    for _ in range(3):
        next_phase(s)
        s = to_entries(s)
    assert s["year"] == 1892
    enter(s, "great-war", bearer="all")
    assert all(("the Great War penalty of 1892", -60) in vp_entries(s, q) for q in GREAT)
    assert game.is_over(s)


def test_the_great_war_penalty_of_each_year():
    """L363-453: -100, -85, -70, -60, -50, -40, -30, -20, -10 and nothing in 1916."""
    assert [charts.great_war_penalty(y) for y in charts.YEARS] == [-100, -85, -70, -60, -50, -40, -30, -20, -10, 0]


# ----- the random tables and the minor powers -------------------------------------------------------------


def test_a_chinese_rebellion():
    """L1: a D6 for the number of armies, then two D6 for each (row, then area)."""
    s = new()
    with scripted_dice(s, 2, 1, 3, 4, 6):
        enter(s, "rebellion")
        assert s["chinese_armies"] == {"central-china": 1, "port-arthur": 1}


def test_unrest_where_nobody_holds_and_where_a_power_does():
    """L587-588: the table rolled; C23: the holder of the highest marker fights the unrest or
    its marker becomes unestablished, as the referee enters."""
    s = new()
    with scripted_dice(s, 3, 1, 5, 4):
        enter(s, "unrest", table="B")  # B 3: Egypt, where no power holds
        assert asking(s) == "entries" and "touches nobody" in public_log(s)[-1]
        enter(s, "unrest", table="A")  # A 1-5: Bengal, Britain's Possession
        assert asking(s) == "unrest"
        assert {"unestablish": "britain"} in game.actions(s, REF) and {"fight": "britain"} in game.actions(s, REF)
        game.apply(s, REF, {"fight": "britain"})
        game.apply(s, REF, {"natives_sp": 2})
        assert s["combats"][-1]["attacker"] == "natives" and s["combats"][-1]["roll"] == 4


def test_an_active_minor_power_and_the_referees_decision():
    """L206: Belgium active on 1-3, its target on two dice (2: Kongo); C22: it raises its
    marker there (an Interest of 1880 to Influence) if the referee so decides."""
    s = game.new(seed=1)
    *first, last = GREAT
    with scripted_dice(s):  # the orders come first (R35): the dice are not rolled before they are all in
        for power in first:
            game.apply(s, power, orders.SUBMIT)
    with scripted_dice(s, 1, 1, 1, 6, 6, 6):
        game.apply(s, last, orders.SUBMIT)
        assert asking(s) == "minor_activity" and s["stack"][-1]["area"] == "kongo"
        assert game.actions(s, REF)[0] == {"effect": "influence"}
        game.apply(s, REF, {"effect": "influence"})
        assert s["markers"]["kongo"]["belgium"]["status"] == "influence" and asking(s) == "entries"


def test_free_text_decisions_are_logged():
    """R29: what the sheet leaves to judgement is entered as a decision, in the referee's words."""
    s = new()
    game.apply(s, REF, {"entry": "decision"})
    game.apply(s, REF, {"topic": "native resistance"})
    game.apply(s, REF, {"text": "  The Ashanti hold Kumasi: the British marker stays unestablished  "})
    assert s["decisions"][-1]["text"] == (
        "native resistance: The Ashanti hold Kumasi: the British marker stays unestablished"
    )
    with pytest.raises(IllegalAction):
        enter(s, "decision", topic="other", text="")


def test_the_plain_entries_establish_move_disband_and_end():
    """R9, R13, R18, R23, R28, R29: the entries that only keep the books."""
    s = new()
    enter(s, "place", power="germany", area="tchad", status="influence", established=False)
    enter(s, "establish", power="germany", area="tchad")
    assert s["markers"]["tchad"]["germany"]["established"] is True
    enter(s, "build", power="germany", size="m3", role="army", where="germany")
    enter(s, "move", power="germany", **{"from": "germany"}, unit="m3-army", to="tchad")
    assert books.units_at(s, "germany", "tchad") == {"m3-army": 1}
    left = s["counters"]["germany"]["m3"]
    enter(s, "disband", power="germany", where="tchad", unit="m3-army")
    assert books.units_at(s, "germany", "tchad") == {} and s["counters"]["germany"]["m3"] == left + 1
    enter(s, "support", power="france", minor="belgium")
    enter(s, "withdraw-support", support=1)
    assert books.supports_in_force(s) == [] and s["eti"] == 0
    enter(s, "treaty", first="france", second="britain", kind="defensive", stipulation="none")
    enter(s, "end-treaty", treaty=1)
    assert books.treaties_in_force(s) == [] and s["eti"] == 0
    enter(s, "codominion", area="tchad", first="germany", second="france")
    enter(s, "end-codominion", codominion=1)
    assert s["codominions"][0]["ended"] == 1880
    enter(s, "vp", power="italy", points=5, text="an award of a Congress of Europe")
    assert vp_entries(s, "italy") == [("referee decision: an award of a Congress of Europe", 5)]
    assert {"entry": "peace"} not in game.actions(s, REF)  # offered only while a war is in progress
    books.check_mix(s)


def test_merchant_fleets_in_the_sheets_order():
    """L409-453, C21, R30: the next Merchant Fleet is handed out when the referee says, from 1884:
    the 1880 cell of the row is blank (L411)."""
    s = new()
    assert {"entry": "merchant-fleet"} not in game.actions(s, REF)
    with pytest.raises(IllegalAction):
        game.apply(s, REF, {"entry": "merchant-fleet"})
    to_entries(end_turn(s))
    assert s["year"] == 1884
    for _ in range(3):
        enter(s, "merchant-fleet")
    assert [g["power"] for g in s["merchant_fleets"]["granted"]] == ["usa", "japan", "britain"]


def test_a_great_power_may_defy_a_congress_again():
    """L156: "+2 For each time a Great Power defies a Congress of Europe"; Germany's second
    defiance was refused."""
    s = new()
    enter(s, "call-congress", by="britain")
    enter(s, "defy-congress", power="germany")
    enter(s, "defy-congress", power="germany")
    assert [a for a, _c, _l in ledger(s)] == [3, 2, 2]
    assert s["congress"]["defied_by"] == ["germany", "germany"]


def test_the_natives_strength_is_any_number_the_referee_enters():
    """R14, R32: the referee enters the natives' strength; natives of 7 could not be entered (the
    menu offers 1-6, 8, 10 ...). A strength that is no whole number is refused."""
    s = new()
    give(s, "germany", "tchad", 10)
    with scripted_dice(s, 6):
        enter(s, "combat", mode="colonial", where="tchad", attacker="germany", defender="natives", natives_sp=7)
    assert s["combats"][-1]["sp"] == [10, 7] and s["combats"][-1]["column"] == "1-1"  # 10:7 (C1)
    for bad in (0, -3, 7.5, "7", True, 1000):
        t = to_entries(new())
        give(t, "germany", "tchad", 10)
        for step in ({"entry": "combat"}, {"mode": "colonial"}, {"where": "tchad"}, {"attacker": "germany"}):
            game.apply(t, REF, step)
        game.apply(t, REF, {"defender": "natives"})
        with pytest.raises(IllegalAction):
            game.apply(t, REF, {"natives_sp": bad})


def test_an_army_is_built_where_the_power_stands_now_not_where_it_stood_in_1880():
    """R13: an army is built at home or in an area where the power has a marker or units. France,
    its marker and units gone from Cochin China, could still build there."""
    s = new()
    clear(s, "cochin-china")
    take_all_units(s, "france", "cochin-china")
    for step in ({"entry": "build"}, {"power": "france"}, {"size": "m10"}, {"role": "army"}):
        game.apply(s, REF, step)
    sites = [a["where"] for a in game.actions(s, REF) if isinstance(a, dict)]
    assert "france" in sites and "algiers" in sites and "cochin-china" not in sites
    with pytest.raises(IllegalAction):
        game.apply(s, REF, {"where": "cochin-china"})


def test_the_referees_own_words_are_kept_clean():
    """R29 and the brief: bad input gets a clear error and breaks nothing. A decision holding half
    a character (a lone surrogate) was kept: every seat's view then failed to be sent."""
    s = new()
    enter(s, "decision", topic="other", text="\ud800Britain \u202egains nothing")
    text = s["decisions"][-1]["text"]
    assert "\ud800" not in text and "\u202e" not in text and "Britain" in text
    for power in GREAT:
        orjson.dumps(game.view(s, power))
    game.clone(s)


# ----- refusals and secrecy ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "role, action",
    [
        (REF, {"entry": "no such entry"}),
        (REF, {"power": "france"}),
        (REF, "garbage"),
        (REF, None),
        ("britain", console.NEXT),
        ("nobody", console.NEXT),
    ],
)
def test_illegal_entries_are_refused_and_change_nothing(role, action):
    s = new()
    before = orjson.dumps(s)
    with pytest.raises(IllegalAction):
        game.apply(s, role, action)
    assert orjson.dumps(s) == before


def test_a_power_never_sees_another_powers_books():
    """A power's view holds its own books and the public state; never another power's
    treasury, units or private log lines; a spectator sees no books at all."""
    s = game.new(seed=4, players=9, options={"great_war_eti": 0})
    s = play_bots(s, random.Random(4), until=lambda s: s["year"] >= 1896)
    assert set(game.view(s, REF)["board"]["books"]) == set(GREAT)
    for power in GREAT:
        view = game.view(s, power)
        b = view["board"]
        assert set(b["books"]) == {power}
        assert [r["power"] for r in b["report"]["powers"]] == [power]
        for other in GREAT:
            if other != power:
                assert "m10" not in b["counters"][other]
        # changing another power's books changes nothing in this view
        other = GREAT[(GREAT.index(power) + 1) % len(GREAT)]
        copy = game.clone(s)
        copy["books"][other]["treasury"] += 12345
        copy["books"][other]["units"]["somewhere"] = {"m10-army": 7}
        copy["counters"][other]["m1"] -= 1
        assert game.view(copy, power) == view
        for line in view["log"]:
            assert not line["text"].startswith(f"{books.power_name(other)}: income")
    spectator = game.view(s, None)["board"]
    assert spectator["books"] == {} and spectator["report"]["powers"] == [] and "entry" not in spectator


def test_a_key_the_state_gains_in_a_record_is_seen_by_nobody_until_it_is_named():
    """The board names every key it shows, in the public registers too (a marker, a Casus
    Belli, the ETI ledger, the merchant fleets, a combat) and in a question put to the referee:
    a key added to one of them (as a later rule might) is in no view until it is named."""
    s = game.new(seed=4, players=9, options={"great_war_eti": 0})
    s = play_bots(s, random.Random(4), until=lambda s: s["year"] >= 1884 and asking(s) == "minor_activity")
    area = next(iter(s["markers"]))
    next(iter(s["markers"][area].values()))["hidden_note"] = "x"
    for register in ("casus_belli", "eti_ledger", "wars", "treaties", "combats", "decisions"):
        if s[register]:
            s[register][-1]["hidden_note"] = "x"
    s["merchant_fleets"]["hidden_note"] = "x"
    s["stack"][-1]["hidden_note"] = "x"
    assert any(s[k] for k in ("casus_belli", "eti_ledger", "combats"))  # some register was planted
    for role in (REF, "france", None):
        assert "hidden_note" not in json.dumps(game.view(s, role)["board"])
    assert game.view(s, REF)["board"]["question"]["minor"] in books.MINORS  # what is named still shows


# ----- whole campaigns -------------------------------------------------------------------------------------


def play_bots(s, rng, until=lambda s: False):
    """The heuristic bot at every seat until ``until`` holds or the campaign ends."""
    bot = game.bots["heuristic"]
    while not game.is_over(s) and not until(s):
        role = rng.choice(game.active(s))
        s = game.apply(s, role, bot(game.view(s, role), game.actions(s, role), rng))
    return s


@pytest.mark.parametrize("seed, players", [(1, 1), (2, 9)])
def test_a_whole_campaign_by_the_bots(seed, players):
    """The bots at every seat run 1880-1916 to the Final Record; every view is plain JSON."""
    s = game.new(seed=seed, players=players, options={"great_war_eti": 0})
    years = set()
    bot = game.bots["heuristic"]
    rng = random.Random(seed)
    while not game.is_over(s):
        role = rng.choice(game.active(s))
        s = game.apply(s, role, bot(game.view(s, role), game.actions(s, role), rng))
        years.add(s["year"])
    assert sorted(years) == list(charts.YEARS)
    assert s["final"] == game.result(s)["scores"]
    json.dumps(game.view(s, "britain"))
    books.check_mix(s)


def test_a_whole_campaign_of_random_entries():
    """Random legal actions at every seat (the Great War excepted) reach the Final Record of 1916."""
    s = game.new(seed=9, options={"great_war_eti": 0})
    rng = random.Random(9)
    n = 0
    while not game.is_over(s):
        role = rng.choice(game.active(s))
        acts = [a for a in game.actions(s, role) if a != {"entry": "great-war"}]
        s = game.apply(s, role, acts[rng.randrange(len(acts))])
        n += 1
        if n % 97 == 0:
            books.check_mix(s)
    assert s["year"] == 1916 and s["great_war"] is None
    books.check_mix(s)


def test_every_action_has_words_and_the_board_renders():
    """Menus name what they offer (no raw JSON), at every seat; the terminal board and the
    text report render."""
    s = game.new(seed=5)
    rng = random.Random(5)
    bot = game.bots["heuristic"]
    for _ in range(600):
        if game.is_over(s):
            break
        role = rng.choice(game.active(s))
        acts = game.actions(s, role)
        for a in acts:
            assert not game.label(a, s).startswith(("{", "[", '"')), a
        s = game.apply(s, role, bot(game.view(s, role), acts, rng))
    assert s["turn"] >= 2
    out = Console(record=True, width=120)
    for role in (REF, "france", None):
        out.print(text.board(game.view(s, role)))
    shown = out.export_text()
    assert "European Tensions Index" in shown and "Status markers" in shown
    mail = text.report_text(game.view(s, "france"))
    assert "Casus Belli unresolved" in mail and "France: income" in mail and "Britain: income" not in mail
    assert report.turn_report(s, REF)["year"] == s["year"]


def test_naval_units_stay_at_sea_and_armies_ashore():
    """R34 A naval unit may move only to a sea zone, a coastal area or a home country on
    the sea; an army only to an area or a home country."""
    s = new()
    naval = console.step_move(s, {"power": "britain", "from": "x", "unit": "m10-naval"})[1]
    army = console.step_move(s, {"power": "britain", "from": "x", "unit": "m1-army"})[1]
    assert "tchad" not in naval and "north-atlantic" in naval and "egypt" in naval
    assert "tchad" in army and "north-atlantic" not in army
    assert (
        books.fits("naval", "egypt") and not books.fits("naval", "tchad") and not books.fits("army", "north-atlantic")
    )
