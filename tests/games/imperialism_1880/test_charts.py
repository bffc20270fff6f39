"""The charts of Imperialism 1880 against the chart sheet (shared/rulebooks/003, cited by
line): every cell of both Combat Results Tables, of the Status Marker Placement summary,
of the income chart and of the random tables; every tension increase, Casus Belli list
area and victory-point rule; and the validator refusing a damaged charts.json, each fault
planted in a copy. The expected values are typed here from the sheet, apart from the pack,
so a slip in either shows."""

import json
import shutil
from collections import deque

import pytest

from kriegsspiel.engine import DataError
from kriegsspiel.games.imperialism_1880 import charts as C

GREAT = ("britain", "france", "germany", "austria-hungary", "italy", "japan", "russia", "usa")
COLUMNS = ("1-10", "1-3", "1-2", "2-3", "1-1", "3-2", "2-1", "3-1", "10-1")

# L867 and L915, the rows as the sheet prints them ("Diex" 1-6, then the nine columns)
CRT1 = """
1 AE AE AE AE AE AR EX EX DR
2 AE AE AE AR AR EX EX DR DE
3 AE AE AR AR EX EX DR DR DE
4 AE AR AR EX EX DR DR DE DE
5 AE AR EX EX DR DR DE DE DE
6 AR EX EX DR DE DE DE DE DE
"""
CRT2 = """
1 AE AE AR AR AR EX EX ½EX ½EX
2 AE AR AR ½EX EX EX ½EX ½EX DR
3 AE AR ½EX ½EX EX ½EX ½EX DR DR
4 AR ½EX ½EX EX ½EX ½EX DR DR DE
5 ½EX ½EX EX EX ½EX DR DR DE DE
6 ½EX EX EX DR DR DR DE DE DE
"""
# forces giving each column exactly: table 1 (the smaller under 5 SP) and table 2 (5 and more)
FORCES = {
    1: [(1, 10), (1, 3), (1, 2), (2, 3), (1, 1), (3, 2), (2, 1), (3, 1), (10, 1)],
    2: [(5, 50), (5, 15), (5, 10), (10, 15), (5, 5), (15, 10), (10, 5), (15, 5), (50, 5)],
}


def sheet_rows(text):
    return {int(line.split()[0]): line.split()[1:] for line in text.strip().splitlines()}


CRT_CELLS = [
    (n, COLUMNS[i], FORCES[n][i], roll, row[i])
    for n, text in ((1, CRT1), (2, CRT2))
    for roll, row in sheet_rows(text).items()
    for i in range(9)
]

# L58: "You place... INT INFL PROT POSS* Est/Unest ..." then the four rows
PLACEMENT = """
interest NE/NE NE/NE NE/NE XX/RI
influence NE/NE NE/NE XX/ICB XX/ICB
protectorate NE/NE ICB/ICB XX/MCB XX/MCB
possession RI/RI ICB/ICB XX/MCB XX/MCB
"""
MARKERS = ("interest", "influence", "protectorate", "possession")
PLACEMENT_CELLS = [
    (placing, MARKERS[i], established, cell.split("/")[0 if established else 1])
    for line in PLACEMENT.strip().splitlines()
    for placing, *cells in [line.split()]
    for i, cell in enumerate(cells)
    for established in (True, False)
]

# L916: "Area Eco Value, Interest, Influence, Protectorate, Possession, State/Dominion, Inc/Mnt (Net)"
INCOME = """
1 1/0 (+1) 2/5 (-3) 4/10 (-6) 5/20 (-15) N/A
2 2/0 (+2) 4/5 (-1) 8/10 (-2) 10/20 (-10) N/A
3 3/0 (+3) 6/5 (+1) 12/10 (+2) 15/20 (-5) N/A
4 4/0 (+4) 8/5 (+3) 16/10 (+6) 20/20 (0) N/A
5 5/0 (+5) 10/5 (+5) 20/10 (+10) 25/20 (+5) 25/30 (-5)
6 6/0 (+6) 12/5 (+7) 24/10 (+14) 30/20 (+10) 30/30 (0)
7 7/0 (+7) 14/5 (+9) 28/10 (+18) 35/20 (+15) N/A
8 8/0 (+8) 16/5 (+11) 32/10 (+22) 40/20 (+20) 40/30 (+10)
9 9/0 (+9) 18/5 (+13) 36/10 (+26) 45/20 (+25) 45/30 (+15)
"""
STATUSES = ("interest", "influence", "protectorate", "possession", "state")


def income_cells():
    out = []
    for line in INCOME.strip().splitlines():
        ev, *rest = line.split()
        i = 0
        for status in STATUSES:
            if rest[i] == "N/A":
                out.append((int(ev), status, None, None))
                i += 1
            else:
                inc, mnt = map(int, rest[i].split("/"))
                out.append((int(ev), status, (inc, mnt), int(rest[i + 1].strip("()"))))
                i += 2
    return out


# L156, in the sheet's order
TENSIONS = {
    "congress-called": 3,
    "congress-unresolved-cb": 3,
    "congress-defied": 2,
    "downgrade": 1,
    "war-declared": 5,
    "war-end-determination": 2,
    "naval-3-or-1": 1,
    "naval-10": 3,
    "treaty-broken": 5,
    "minor-not-aided": 3,
    "separate-peace": 5,
}

# L1, Chinese Army Placement: row -> the area of die faces 1..6
CHINESE = {
    1: ["Central China"] * 6,
    2: ["Central China", "Fukien", "Fukien", "Fukien", "Hong Kong", "Inner Mongolia"],
    3: ["Inner Mongolia", "Kansu", "Kansu", "Kwang-Si", "Kwang-Si", "Kwang-Si"],
    4: ["Manchuria"] * 4 + ["Mongolia", "Port Arthur"],
    5: ["Shanghai"] * 4 + ["Shantung"] * 2,
    6: ["Sin-Kiang", "Szechuan", "Szechuan", "Tibet", "Yunnan", "Yunnan"],
}

# L206: two dice -> Belgium, Netherlands, Portugal, Spain
MINOR_TARGETS = {
    2: ("Kongo", "Papua", "Brazil", "Tunis"),
    3: ("Uganda", "Papua", "Brazil", "Tunis"),
    4: ("Uganda", "Sarawak", "Bechuanaland", "Ashantee"),
    5: ("Uganda", "Sarawak", "Tanganyika", "Ashantee"),
    6: ("Kongo", "New Guinea", "Sudwest Afrika", "Morocco"),
    7: ("Kongo", "New Guinea", "Kongo", "Morocco"),
    8: ("Kongo", "New Guinea", "Kongo", "Morocco"),
    9: ("Cameroon", "Kaiser Wilhelms Land", "Madagascar", "Mauretania"),
    10: ("Gabon", "Kaiser Wilhelms Land", "Gabon", "Gabon"),
    11: ("Tanganyika", "Bismarck Archipelago", "Ashantee", "Sarawak"),
    12: ("Gabon", "Bismarck Archipelago", "Brazil", "Sarawak"),
}
MINORS = ("belgium", "netherlands", "portugal", "spain")
ACTIVE = {"belgium": {1, 2, 3}, "netherlands": {1, 2}, "portugal": {1}, "spain": {1}}

# L587-588
UNREST_A = [
    ["Aden", "Angola", "Ashantee", "Australia", "Bengal", "Berbera"],
    ["Canada", "Cape Colony", "Gabon", "Gold Coast", "Guinea", "Hindoostan"],
    ["Inner Mongolia", "Kaiser Wilhelms Land", "Kambara", "Cameroon", "Kashmir", "Kongo"],
    ["Madagascar", "Mauretania", "Mozambique", "Newfoundland", "New Guinea", "New Zealand"],
    ["Papua", "Punjab", "Rajputana", "Rhodesia", "Sarawak", "Sokoto"],
    ["Somalia", "Sudwest Afrika", "Tchad", "Togoland", "Uganda", "United Provinces"],
]
UNREST_B = ["Afghanistan", "Anatolia", "Egypt", "Orange Free State", "Philippines", "Transvaal"]
UNREST_C = [
    ["Abyssinia", "Argentina", "Bechuanaland", "Bolivia", "Brazil", "Burma"],
    ["Central China", "Chile", "Cochin China", "Colombia", "East Indies", "Ecuador"],
    ["Eritrea", "Fed. Malay States", "Formosa", "Fukien", "Kansu", "Kenya"],
    ["Kwang-Si", "Manchuria", "Morocco", "Mongolia", "Nigeria", "Peru"],
    ["Port Arthur", "Quwait", "Sanghai", "Shan-Tung", "Siam", "Szechuan"],
    ["Tanganyika", "Tuareg", "Tibet", "Tripoli", "Tunis", "Venezuela"],
]
UNREST_D = [
    ["Baluchistan", "Bulgaria", "Central America"],
    ["Cuba", "Greece", "Hawaii"],
    ["Indo-China", "Korea", "Mexico"],
    ["Panama", "Persia", "Porto Rico"],
    ["Rumania", "Serbia", "Sin-kiang"],
    ["Sudan", "Turcomania", "Yunnan"],
]

# L1, the Casus Belli lists
CB_LISTS = {
    "britain": ["Afg", "Bal", "Ben", "Bur", "Hin", "Kas", "Pun", "Raj", "Sin", "Tib", "UnP"],
    "austria-hungary": ["Ser", "Rum"],
    "russia": ["Afg", "Ana", "Man", "Mon", "Per", "Rum", "Sin"],
}

INDIA = ["Baluchistan", "Bengal", "Hindoostan", "Kashmir", "Punjab", "Rajputana", "United Provinces"]


@pytest.fixture(scope="module")
def c():
    return C.charts()


@pytest.fixture(scope="module")
def world(c):
    return c.world


def a(world, name):
    return world.resolve(name)


# ----- the pack ------------------------------------------------------------------------------------


def test_the_charts_load_and_count():
    """Every table of the sheet is in the pack: L867, L915, L58, L916, L156, L1, L242, L206,
    L587-588, L363-453."""
    assert C.validate() == {
        "combat tables": 2,
        "combat cells": 108,
        "placement cells": 32,
        "income rows": 9,
        "tension events": 11,
        "casus belli lists": 4,
        "casus belli sources": 6,
        "treaty bonuses": 6,
        "end-of-game rules": 12,
        "immediate awards": 2,
        "chinese army rows": 6,
        "minor target rows": 11,
        "unrest rows": 19,
        "turns": 10,
        "merchant fleet entries": 21,
    }


def test_the_charts_are_loaded_once(c):
    assert C.charts() is c


def test_every_record_cites_the_sheet():
    """DATA.md: provenance on every record; the charts are all the sheet's (rulebook L...)."""
    raw = json.loads((C.HERE / "charts.json").read_text())
    assert raw["records"]
    assert all(r["source"].startswith("rulebook L") for r in raw["records"])


def test_public_gives_the_tables_with_area_names(c, world):
    """The charts as plain data for the turn report and the browser."""
    p = C.public()
    json.dumps(p)
    assert p["crt"]["1"]["rows"]["6"] == "AR EX EX DR DE DE DE DE DE".split()
    assert p["unrest"]["B"]["-"][2] == world.areas[a(world, "Egypt")].name
    assert p["turns"][0] == {"year": 1880, "great_war_penalty": -100}


# ----- Combat Results Tables (L867, L915) ----------------------------------------------------------


@pytest.mark.parametrize(("table", "column", "forces", "roll", "expected"), CRT_CELLS)
def test_every_cell_of_both_combat_results_tables(table, column, forces, roll, expected):
    """L867 (smaller force under 5 SP) and L915 (5 and more): each of 9 columns x 6 rolls."""
    attacker, defender = forces
    assert C.crt_table(attacker, defender) == table
    assert C.odds(attacker, defender) == column
    assert C.crt(attacker, defender, roll) == expected


@pytest.mark.parametrize(
    ("attacker", "defender", "column"),
    [
        (7, 5, "1-1"),  # 1.4
        (5, 3, "3-2"),  # 1.67
        (3, 2, "3-2"),
        (5, 2, "2-1"),  # 2.5
        (9, 1, "3-1"),
        (29, 3, "3-1"),  # 9.67: not yet 10-1
        (30, 3, "10-1"),
        (200, 1, "10-1"),  # beyond the table
        (2, 3, "2-3"),
        (3, 5, "1-2"),  # 0.6
        (5, 8, "1-2"),  # 0.625
        (1, 3, "1-3"),
        (4, 13, "1-10"),  # just below 1-3
        (1, 4, "1-10"),
        (1, 10, "1-10"),
        (1, 100, "1-10"),  # beyond the table
        (11, 10, "1-1"),
    ],
)
def test_odds_are_rounded_in_the_defenders_favour(attacker, defender, column):
    """L867/L915 columns; RULINGS C1 (the highest column reached) and C2 (1-10 takes every
    attack below 1-3, 10-1 every attack from 10-1 up)."""
    assert C.odds(attacker, defender) == column


def test_odds_below_one_to_one_not_reaching_two_to_three():
    """C1: 10 against 11 is 0.91, short of 1-1; 2-3 is the highest column reached."""
    assert C.odds(10, 11) == "2-3"


@pytest.mark.parametrize(
    ("attacker", "defender", "table"), [(4, 100, 1), (100, 4, 1), (5, 100, 2), (5, 5, 2), (4, 4, 1)]
)
def test_the_smaller_force_chooses_the_table(attacker, defender, table):
    """L867: Table 1 when the smaller force has fewer than 5 SP; L915: Table 2 from 5 SP (C3)."""
    assert C.crt_table(attacker, defender) == table


def test_eliminated_results():
    """L867: AE, attacker eliminated (1-10, roll 1); DE, defender eliminated (10-1, roll 2)."""
    ae = C.combat(1, 10, 1)
    assert (ae.result, ae.eliminated, ae.retreat_or_eliminate, ae.larger_loss) == ("AE", ("attacker",), None, 0)
    de = C.combat(10, 1, 2)
    assert (de.result, de.eliminated, de.retreat_or_eliminate) == ("DE", ("defender",), None)


def test_retreat_results_are_a_choice():
    """L867: AR (1-10, roll 6) and DR (10-1, roll 1): retreat all units or eliminate them;
    in War to an area or sea zone (C5)."""
    ar = C.combat(1, 10, 6)
    assert (ar.result, ar.eliminated, ar.retreat_or_eliminate) == ("AR", (), "attacker")
    assert "Retreat all attacking units or eliminate them" in ar.text
    dr = C.combat(10, 1, 1, context="war")
    assert (dr.result, dr.retreat_or_eliminate) == ("DR", "defender")
    assert "to area, sea zone or eliminate them" in dr.text


def test_exchange_the_larger_loses_at_least_as_many():
    """L867 EX (2-1, roll 1): the smaller force eliminated, the larger loses at least the SP
    the smaller lost (C4)."""
    ex = C.combat(4, 2, 1)
    assert (ex.table, ex.column, ex.result) == (1, "2-1", "EX")
    assert (ex.eliminated, ex.larger, ex.larger_loss) == (("defender",), "attacker", 2)
    assert "at least 2 SP" in ex.text


def test_half_exchange_rounds_half_up():
    """L915 ½EX (3-1, roll 1): the smaller force (5 SP) eliminated, the larger loses at least
    half of 5, that is 3 (C4)."""
    hx = C.combat(15, 5, 1)
    assert (hx.table, hx.column, hx.result) == (2, "3-1", "½EX")
    assert (hx.eliminated, hx.larger, hx.larger_loss) == (("defender",), "attacker", 3)
    hx = C.combat(5, 15, 5)  # L915 1-3, roll 5: ½EX, the attacker the smaller
    assert (hx.result, hx.eliminated, hx.larger, hx.larger_loss) == ("½EX", ("attacker",), "defender", 3)


def test_equal_forces_the_attacker_counts_as_smaller():
    """C4: with equal forces the attacker is the smaller force. L867 1-1 roll 3 is EX: the
    attacker is eliminated and the defender loses at least as many, all of its 3 SP; L915
    1-1 roll 4 is ½EX: the defender loses at least 3 of its 5."""
    ex = C.combat(3, 3, 3)
    assert (ex.result, ex.eliminated, ex.larger, ex.larger_loss) == ("EX", ("attacker",), "defender", 3)
    hx = C.combat(5, 5, 4)
    assert (hx.result, hx.eliminated, hx.larger, hx.larger_loss) == ("½EX", ("attacker",), "defender", 3)


def test_result_texts_are_the_sheets(c):
    """L867, L915: each result's words, in Colonial Combat and in War."""
    assert C.result_text("AE") == "AE - Attacker Eliminated: Attacker Eliminated"
    assert C.result_text("AR", "war").endswith("Retreat all attacking units to area, sea zone or eliminate them")
    assert "Eliminate all of the smaller force" in C.result_text("½EX")
    assert set(c.results) == {"AE", "AR", "EX", "½EX", "DR", "DE"}
    with pytest.raises(ValueError):
        C.result_text("XX")
    with pytest.raises(ValueError):
        C.result_text("AE", "siege")


@pytest.mark.parametrize(("attacker", "defender", "roll"), [(0, 3, 1), (3, 0, 1), (3, 3, 0), (3, 3, 7), (3, 3, True)])
def test_combat_refuses_impossible_input(attacker, defender, roll):
    with pytest.raises(ValueError):
        C.crt(attacker, defender, roll)


# ----- Status Marker Placement (L58) -----------------------------------------------------------------


@pytest.mark.parametrize(("placing", "present", "established", "expected"), PLACEMENT_CELLS)
def test_every_cell_of_the_placement_summary(placing, present, established, expected):
    """L58: 4 markers placed x 4 present x established/unestablished."""
    assert C.placement(placing, present, established) == expected


@pytest.mark.parametrize("state", ["state", "dominion"])
def test_states_and_dominions_are_possessions(state):
    """L58 footnote: States and Dominions are treated as Possessions, placed or present."""
    for marker in MARKERS:
        for est in (True, False):
            assert C.placement(state, marker, est) == C.placement("possession", marker, est)
            assert C.placement(marker, state, est) == C.placement(marker, "possession", est)


def test_prohibited_placement_changes_nothing():
    """L58 XX: an Influence may not be placed against an established Protectorate."""
    e = C.placement_effects("france", "influence", [("britain", "protectorate", True)])
    assert not e.allowed
    assert (e.casus_belli, e.removed, e.eti) == ((), (), 0)
    assert "Prohibited" in e.lines[0]


def test_placement_effects_are_remembered_for_the_charts_in_use():
    """The module's placement_effects answers from the game's charts, once for each placement,
    and again once the charts are loaded afresh."""
    present = [("germany", "interest", True), ("britain", "influence", False)]
    first = C.placement_effects("france", "possession", present)
    assert first == C.charts().placement_effects("france", "possession", present)
    assert C.placement_effects("france", "possession", list(present)) is first
    C.charts.cache_clear()
    again = C.placement_effects("france", "possession", present)
    assert again == first and again is not first


def test_a_possession_removes_another_powers_interest():
    """L58 RI/RI: a Possession placed where another power has an Interest removes it and
    raises the ETI (C8: +1, the downgrade of L156)."""
    e = C.placement_effects("france", "possession", [("germany", "interest", True)])
    assert e.allowed
    assert e.removed == (("germany", "interest"),)
    assert e.eti == 1
    assert e.casus_belli == ()


def test_an_interest_against_an_unestablished_possession_is_removed_itself():
    """L58 XX/RI: an Interest placed against an unestablished Possession is removed at once
    and the ETI rises (C8); against an established one it is prohibited."""
    e = C.placement_effects("italy", "interest", [("britain", "possession", False)])
    assert (e.allowed, e.removed, e.eti) == (True, (("italy", "interest"),), 1)
    assert not C.placement_effects("italy", "interest", [("britain", "possession", True)]).allowed


def test_icb_goes_to_the_owner_of_the_influence():
    """L58 ICB (C9): a Protectorate placed over another's Influence gives that power a Casus
    Belli against the placer; an Influence placed against an unestablished Protectorate gives
    the placer one against the Protectorate's owner."""
    e = C.placement_effects("russia", "protectorate", [("britain", "influence", True)])
    assert e.casus_belli == (("britain", "russia"),)
    e = C.placement_effects("russia", "influence", [("britain", "protectorate", False)])
    assert e.casus_belli == (("russia", "britain"),)


def test_mcb_gives_both_a_casus_belli():
    """L58 MCB: a Possession placed against an unestablished Protectorate."""
    e = C.placement_effects("germany", "possession", [("france", "protectorate", False)])
    assert set(e.casus_belli) == {("germany", "france"), ("france", "germany")}
    assert e.eti == 0


def test_own_markers_are_no_conflict_and_every_other_marker_counts():
    """C7: the placer's own Interest is not removed; every other power's marker is read."""
    e = C.placement_effects(
        "france",
        "possession",
        [("france", "interest", True), ("britain", "interest", False), ("italy", "influence", True)],
    )
    assert e.allowed
    assert e.removed == (("britain", "interest"),)
    assert e.casus_belli == (("italy", "france"),)
    assert e.eti == 1
    e = C.placement_effects("france", "interest", [("germany", "interest", True)])
    assert (e.allowed, e.casus_belli, e.removed, e.eti) == (True, (), (), 0)
    assert e.lines == ("No effect (L58 NE).",)


def test_one_prohibition_stops_the_whole_placement():
    """C7: with several markers present, one XX prohibits the placement."""
    e = C.placement_effects("japan", "protectorate", [("russia", "influence", True), ("britain", "possession", True)])
    assert not e.allowed and e.casus_belli == ()


def test_unknown_markers_are_refused():
    with pytest.raises(ValueError):
        C.placement("colony", "interest", True)


# ----- Income/Maintenance (L916) ------------------------------------------------------------------


@pytest.mark.parametrize(("ev", "status", "cell", "net"), income_cells())
def test_every_income_cell(ev, status, cell, net):
    """L916: income/maintenance (net) for each status at EV 1-9; N/A refused (C10)."""
    if cell is None:
        with pytest.raises(ValueError, match="N/A"):
            C.income(status, ev)
    else:
        assert C.income(status, ev) == cell
        assert C.net_income(status, ev) == net


def test_states_and_dominions_only_at_ev_5_6_8_9():
    """L916: "N/A = Not applicable as there are no areas eligible to become States or
    Dominions" at EV 1-4 and 7."""
    assert [ev for ev in range(1, 10) if C.state_eligible(ev)] == [5, 6, 8, 9]
    assert C.income("dominion", 8) == C.income("state", 8) == (40, 30)


@pytest.mark.parametrize("ev", [0, 10, -1])
def test_economic_values_off_the_chart_are_refused(ev):
    """C10: the chart has rows for EV 1-9 only."""
    with pytest.raises(ValueError):
        C.income("interest", ev)


def test_army_upkeep_is_due_in_controlled_areas_not_in_states():
    """L916 note: at least one army unit's upkeep in controlled areas; none in States or
    Dominions (C11)."""
    assert [s for s in STATUSES if C.garrison_required(s)] == ["protectorate", "possession"]
    assert [s for s in STATUSES if C.upkeep_free(s)] == ["state"]
    assert C.upkeep_free("dominion")


# ----- European Tensions Index (L156) -------------------------------------------------------------


@pytest.mark.parametrize(("event", "amount"), TENSIONS.items())
def test_every_tension_increase(event, amount):
    """L156: each increase of the European Tensions Index."""
    assert C.tension(event) == amount


def test_the_tensions_table_is_complete():
    """L156: eleven increases, no more."""
    assert C.TENSIONS == TENSIONS


@pytest.mark.parametrize(
    ("power", "size", "amount"),
    [
        ("germany", "m10", 3),
        ("germany", "m3", 1),
        ("france", "m1", 1),
        ("russia", "m10", 3),
        ("austria-hungary", "m3", 1),
        ("italy", "m10", 3),
        ("britain", "m10", 0),
        ("japan", "m3", 0),
        ("usa", "m1", 0),
    ],
)
def test_naval_builds_raise_tensions_except_for_britain_japan_usa(power, size, amount):
    """L156: Naval(3) and Naval(1) +1, Naval(10) +3, by any country other than Britain,
    Japan or the United States."""
    assert C.naval_tension(power, size) == amount


def test_unknown_tension_events_are_refused():
    with pytest.raises(ValueError):
        C.tension("insult")


# ----- Casus Belli (L1) ----------------------------------------------------------------------------


@pytest.mark.parametrize(("holder", "name"), [(h, n) for h, names in CB_LISTS.items() for n in names])
def test_every_casus_belli_list_area(world, holder, name):
    """L1: a Control marker placed in a listed area gives the list's power a Casus Belli
    against the placer (C13: Sin is Sin-Kiang)."""
    area = a(world, name)
    placer = "germany" if holder != "germany" else "france"
    assert holder in C.casus_belli_on_placement(placer, area, False)
    assert holder in C.casus_belli_on_placement(placer, area, True, "protectorate")
    assert holder not in C.casus_belli_on_placement(holder, area, False)


def test_the_abbreviations_are_the_areas_of_the_sheet(world):
    """C13: the three-letter codes of L1."""
    full = {
        "Afg": "Afghanistan",
        "Bal": "Baluchistan",
        "Ben": "Bengal",
        "Bur": "Burma",
        "Hin": "Hindoostan",
        "Kas": "Kashmir",
        "Pun": "Punjab",
        "Raj": "Rajputana",
        "Sin": "Sin-Kiang",
        "Tib": "Tibet",
        "UnP": "United Provinces",
        "Ser": "Serbia",
        "Rum": "Rumania",
        "Ana": "Anatolia",
        "Man": "Manchuria",
        "Mon": "Mongolia",
        "Per": "Persia",
    }
    for short, name in full.items():
        assert world.resolve(short) == world.resolve(name), short


def test_afghanistan_and_sin_kiang_give_britain_and_russia_a_casus_belli(world):
    """L1: both are on Britain's list and on Russia's."""
    for name in ("Afg", "Sin"):
        assert C.casus_belli_on_placement("france", a(world, name), False) == ["britain", "russia"]
    assert C.casus_belli_on_placement("britain", a(world, "Afg"), False) == ["russia"]
    assert C.casus_belli_on_placement("russia", a(world, "Afg"), False) == ["britain"]
    assert C.casus_belli_on_placement("germany", a(world, "Rum"), False) == ["austria-hungary", "russia"]


def test_every_west_map_area_gives_the_usa_a_casus_belli(world):
    """L1: a Control marker placed on the West map, except in Hawaii or an area that began
    the game with a Control marker: the US against the placing player."""
    hawaii = a(world, "Hawaii")
    west = [x for x, area in world.areas.items() if area.map == "west"]
    assert west
    for area in west:
        expected = [] if area == hawaii else ["usa"]
        assert C.casus_belli_on_placement("britain", area, False) == expected, area
        assert C.casus_belli_on_placement("britain", area, True) == []
        assert C.casus_belli_on_placement("usa", area, False) == []
    east = [x for x, area in world.areas.items() if area.map == "east"]
    assert all("usa" not in C.casus_belli_on_placement("britain", x, False) for x in east)


def test_only_new_control_gives_the_list_casus_belli(world):
    """L1 speaks of Control markers: Interest and Influence give none, nor does raising one's
    own Protectorate to a Possession (C13)."""
    bengal = a(world, "Bengal")
    assert C.casus_belli_on_placement("france", bengal, False, "interest") == []
    assert C.casus_belli_on_placement("france", bengal, False, "influence") == []
    assert C.casus_belli_on_placement("france", bengal, False, "possession", previous="protectorate") == []
    assert C.casus_belli_on_placement("france", bengal, False, "possession", previous="influence") == ["britain"]
    assert C.casus_belli_on_placement("france", bengal, False, "state") == ["britain"]


def test_an_area_on_no_list_gives_no_casus_belli(world):
    assert C.casus_belli_on_placement("france", a(world, "Madagascar"), False) == []


def test_the_other_sources_of_casus_belli():
    """L1: breaking a treaty, Random Event 2/2, a treaty's stipulations, a codominion entered,
    straits or a canal denied (C14)."""
    assert C.casus_belli_event("treaty-broken", breaker="italy", parties=["italy", "germany"]) == [("germany", "italy")]
    assert C.casus_belli_event("random-event-2-2") == [("usa", "spain")]
    assert C.casus_belli_event("treaty-with-belligerent", holder="france", against="germany") == [("france", "germany")]
    assert C.casus_belli_event("codominion-entered", neutral="britain", invader="france") == [("britain", "france")]
    assert C.casus_belli_event("straits-denied", neutral="italy", alliance=["france", "russia"]) == [
        ("france", "italy"),
        ("russia", "italy"),
    ]
    with pytest.raises(ValueError):
        C.casus_belli_event("status-placement")
    with pytest.raises(ValueError):
        C.casus_belli_event("insult")


# ----- Victory points (L242) ------------------------------------------------------------------------


def zero(**vp):
    return {p: vp.get(p.replace("-", "_"), 0) for p in GREAT}


@pytest.mark.parametrize(
    ("treaty", "awarded"),
    [
        (("france", "britain"), {"france": 2}),
        (("britain", "france"), {"france": 2}),
        (("france", "russia"), {"france": 2, "russia": 2}),
        (("germany", "russia"), {"germany": 2, "russia": 2, "germany+": 2}),
        (("japan", "britain"), {"japan": 2, "germany+": 2}),
        (("italy", "britain"), {"italy": 2, "germany+": 2}),
        (("austria-hungary", "germany"), {"germany+": 2}),
    ],
)
def test_every_treaty_bonus(treaty, awarded):
    """L242 part 1: 2 VP per listed defensive treaty in force; Germany 2 VP while France has
    no defensive alliance ("germany+" above)."""
    expected = {p: 0 for p in GREAT}
    for p, vp in awarded.items():
        expected[p.rstrip("+")] += vp
    assert C.treaty_vp([treaty]) == expected


def test_treaty_vp_counts_only_defensive_treaties():
    """L242: "when the specified defensive treaty is in effect" (C19)."""
    assert C.treaty_vp([("france", "russia", "defensive")])["russia"] == 2
    got = C.treaty_vp([("france", "russia", "entente")])
    assert got["russia"] == 0 and got["germany"] == 2


def test_treaty_vp_all_at_once():
    got = C.treaty_vp([("france", "britain"), ("france", "russia"), ("japan", "britain"), ("italy", "britain")])
    assert got == {**zero(), "france": 4, "russia": 2, "japan": 2, "italy": 2}


def baseline():
    """The awards of an empty map, no German Naval(10), no treaties: Britain +10 and -50,
    Japan +5 (Indo-China etc.), the USA +10 +10, Italy +10."""
    return {
        "britain": [("britain-no-german-naval-10", 10), ("britain-india", -50)],
        "france": [],
        "germany": [],
        "austria-hungary": [],
        "italy": [("italy-mediterranean", 10)],
        "japan": [("japan-southeast-asia", 5)],
        "russia": [],
        "usa": [("usa-west-map", 10), ("usa-china", 10)],
    }


def rules_of(result, power):
    return {rule for rule, _ in result[power]}


def test_final_vp_on_an_empty_map():
    """L242 part 2 on an empty map (C18: the denial awards need no marker of one's own)."""
    assert C.final_vp([]) == baseline()


def overland(world, starts, goals):
    """A shortest overland chain of areas from one of ``starts`` to one of ``goals``."""
    back = {s: None for s in starts}
    todo = deque(starts)
    while todo:
        here = todo.popleft()
        if here in goals:
            path = [here]
            while back[path[-1]] is not None:
                path.append(back[path[-1]])
            return path[::-1]
        for there in sorted(world.areas[here].land):
            if there not in back:
                back[there] = here
                todo.append(there)
    raise AssertionError("no overland route")


AFRICA = {
    "east-west-africa": (
        ["Morocco", "Rio de Oro", "Mauretania", "Senegambia", "Ashantee"],
        ["Egypt", "Sudan", "Eritrea", "Berbera", "Somalia", "Kenya"],
        10,
    ),
    "north-south-africa": (
        ["Morocco", "Algiers", "Tunis", "Tripoli", "Egypt"],
        ["Cape Colony", "Sudwest Afrika", "Mozambique"],
        15,
    ),
}


@pytest.mark.parametrize("rule", AFRICA)
def test_african_paths_connect_and_break(world, rule):
    """L242: a Control marker at each end linked overland; a chain broken by one area of
    another power earns nothing (C16)."""
    starts, goals, vp = AFRICA[rule]
    path = overland(world, [a(world, n) for n in starts], {a(world, n) for n in goals})
    assert len(path) >= 3
    for status in ("protectorate", "possession", "state"):
        held = [("france", x, status) for x in path]
        assert (rule, vp) in C.final_vp(held)["france"]
    assert C.charts().african_path([x for x in path], rule) == path
    middle = path[len(path) // 2]
    broken = [("france", x, "possession") for x in path if x != middle] + [("germany", middle, "protectorate")]
    assert rule not in rules_of(C.final_vp(broken), "france")
    assert rule not in rules_of(C.final_vp(broken), "germany")
    influence = [("france", x, "possession") for x in path if x != middle] + [("france", middle, "influence")]
    assert rule not in rules_of(C.final_vp(influence), "france")
    ends = [("france", path[0], "possession"), ("france", path[-1], "possession")]
    assert rule not in rules_of(C.final_vp(ends), "france")


def test_a_codominion_area_still_links_a_path(world):
    """C16: an area where another power also holds Control still counts."""
    starts, goals, vp = AFRICA["east-west-africa"]
    path = overland(world, [a(world, n) for n in starts], {a(world, n) for n in goals})
    held = [("france", x, "possession") for x in path] + [("britain", path[1], "protectorate")]
    assert ("east-west-africa", vp) in C.final_vp(held)["france"]


def chinese(world):
    """The Chinese Empire areas bar Hong Kong, in a fixed order."""
    hk = a(world, "Hong Kong")
    return sorted(x for x, area in world.areas.items() if "chinese-empire" in area.tags and x != hk)


def test_the_chinese_army_areas_are_the_chinese_empire(world):
    """C17: the fifteen areas of L1's Chinese Army Placement Table are Chinese Empire areas."""
    for row in CHINESE.values():
        for name in row:
            assert "chinese-empire" in world.areas[a(world, name)].tags, name


def test_china_three_areas_and_no_other_power(world):
    """L242: at least 3 Chinese Empire areas, no other player controlling any (Hong Kong
    ignored): 30 VP."""
    cn = chinese(world)
    hk = a(world, "Hong Kong")
    three = [("russia", x, "protectorate") for x in cn[:3]]
    assert ("china", 30) in C.final_vp(three)["russia"]
    assert "china" not in rules_of(C.final_vp(three[:2]), "russia")
    assert "china" not in rules_of(C.final_vp([*three[:2], ("russia", hk, "possession")]), "russia")
    assert ("china", 30) in C.final_vp([*three, ("britain", hk, "possession")])["russia"]
    assert "china" not in rules_of(C.final_vp([*three, ("germany", cn[3], "protectorate")]), "russia")
    assert "china" not in rules_of(C.final_vp([*three, ("portugal", cn[3], "possession")]), "russia")
    assert ("china", 30) in C.final_vp([*three, ("germany", cn[3], "influence")])["russia"]


def test_anatolia_quwait_tripoli(world):
    """L242: controlling Anatolia, Quwait and Tripoli: 10 VP."""
    held = [("germany", a(world, n), "protectorate") for n in ("Anatolia", "Quwait", "Tripoli")]
    assert ("anatolia-quwait-tripoli", 10) in C.final_vp(held)["germany"]
    assert "anatolia-quwait-tripoli" not in rules_of(C.final_vp(held[:2]), "germany")


def test_defensive_treaties_with_four_other_players():
    """L242: defensive treaties with at least 4 other players: 20 VP (C19: Great Powers)."""
    four = [("britain", p) for p in ("france", "japan", "italy", "usa")]
    assert ("defensive-treaties", 20) in C.final_vp([], four)["britain"]
    assert "defensive-treaties" not in rules_of(C.final_vp([], four[:3]), "britain")
    assert "defensive-treaties" not in rules_of(C.final_vp([], [*four[:3], ("britain", "portugal")]), "britain")
    assert "defensive-treaties" not in rules_of(
        C.final_vp([], [*four[:3], ("britain", "usa", "commercial")]), "britain"
    )
    assert ("defensive-treaties", 20) in C.final_vp([], [(a, b, "defensive") for a, b in four])["britain"]


@pytest.mark.parametrize(
    ("navies", "award"),
    [
        (None, True),
        ({"germany": 0}, True),
        ({"germany": 1}, False),
        ({"germany": {"m10": 0, "m3": 4}}, True),
        ({"germany": {"m10": 2}}, False),
        ({"france": 3}, True),
    ],
)
def test_britain_and_the_german_naval_10(navies, award):
    """L242: 10 VP to Britain if there are no German Naval (10) units in play."""
    got = C.final_vp([], (), navies)["britain"]
    assert (("britain-no-german-naval-10", 10) in got) is award


def test_britains_india_penalty(world):
    """L242: -50 VP if Britain has Possession markers in fewer than 5 of the seven Indian
    areas (C18: a Dominion counts, a Protectorate does not)."""
    india = [a(world, n) for n in INDIA]
    assert ("britain-india", -50) not in C.final_vp([("britain", x, "possession") for x in india[:5]])["britain"]
    assert ("britain-india", -50) in C.final_vp([("britain", x, "possession") for x in india[:4]])["britain"]
    mixed = [("britain", x, "possession") for x in india[:4]] + [("britain", india[4], "dominion")]
    assert ("britain-india", -50) not in C.final_vp(mixed)["britain"]
    prot = [("britain", x, "possession") for x in india[:4]] + [("britain", india[4], "protectorate")]
    assert ("britain-india", -50) in C.final_vp(prot)["britain"]
    other = [("britain", x, "possession") for x in india[:4]] + [("russia", india[4], "possession")]
    assert ("britain-india", -50) in C.final_vp(other)["britain"]


def test_japan_in_china(world):
    """L242: 10 VP to Japan for a Possession in a Chinese Empire area with no other power's
    Control marker in one (Hong Kong ignored; C18: a Protectorate is not enough)."""
    cn = chinese(world)
    hk = a(world, "Hong Kong")
    assert ("japan-china", 10) in C.final_vp([("japan", cn[0], "possession")])["japan"]
    assert "japan-china" not in rules_of(C.final_vp([("japan", cn[0], "protectorate")]), "japan")
    assert "japan-china" not in rules_of(C.final_vp([("japan", hk, "possession")]), "japan")
    assert ("japan-china", 10) in C.final_vp([("japan", cn[0], "possession"), ("britain", hk, "possession")])["japan"]
    assert "japan-china" not in rules_of(
        C.final_vp([("japan", cn[0], "possession"), ("russia", cn[1], "protectorate")]), "japan"
    )


def test_japan_in_south_east_asia(world):
    """L242: 5 VP to Japan if no power other than Japan controls Siam, Cochin China, Formosa
    or Indo-China."""
    for name in ("Siam", "Cochin China", "Formosa", "IndoChina"):
        x = a(world, name)
        assert ("japan-southeast-asia", 5) in C.final_vp([("japan", x, "possession")])["japan"]
        assert "japan-southeast-asia" not in rules_of(C.final_vp([("france", x, "protectorate")]), "japan")
        assert ("japan-southeast-asia", 5) in C.final_vp([("france", x, "influence")])["japan"]


def test_the_usa_and_the_west_map(world):
    """L242: 10 VP to the USA if no other power controls an area of the West map (Canada,
    Guiana, Hawaii and Newfoundland ignored); minor powers count (C18)."""
    ignored = {a(world, n) for n in ("Canada", "Guiana", "Hawaii", "Newfoundland")}
    west = sorted(x for x, area in world.areas.items() if area.map == "west")
    held = [("britain", x, "possession") for x in ignored]
    assert ("usa-west-map", 10) in C.final_vp(held)["usa"]
    assert ("usa-west-map", 10) in C.final_vp([("usa", x, "possession") for x in west])["usa"]
    for x in west:
        if x not in ignored:
            assert "usa-west-map" not in rules_of(C.final_vp([("spain", x, "possession")]), "usa"), x
            assert "usa-west-map" not in rules_of(C.final_vp([("france", x, "protectorate")]), "usa"), x


def test_the_usa_and_china(world):
    """L242: 10 VP to the USA if no power, the USA included, controls a Chinese Empire area
    (Hong Kong ignored)."""
    cn = chinese(world)
    hk = a(world, "Hong Kong")
    assert ("usa-china", 10) in C.final_vp([("britain", hk, "possession")])["usa"]
    assert "usa-china" not in rules_of(C.final_vp([("usa", cn[0], "protectorate")]), "usa")
    assert "usa-china" not in rules_of(C.final_vp([("japan", cn[-1], "possession")]), "usa")


def test_italy_and_the_mediterranean(world):
    """L242: 10 VP to Italy if no power other than Italy controls Anatolia, Egypt, Greece or
    Tripoli."""
    for name in ("Anatolia", "Egypt", "Greece", "Tripoli"):
        x = a(world, name)
        assert ("italy-mediterranean", 10) in C.final_vp([("italy", x, "possession")])["italy"]
        assert "italy-mediterranean" not in rules_of(C.final_vp([("britain", x, "protectorate")]), "italy")


def test_final_vp_refuses_unknown_areas():
    with pytest.raises(ValueError):
        C.final_vp([("france", "atlantis", "possession")])


def test_immediate_awards():
    """L242 parts 3 and 4: the first Caribbean/South Pacific Canal +15; failing to aid a
    supported Minor Power -5."""
    assert C.immediate_vp("canal") == 15
    assert C.immediate_vp("minor-not-aided") == -5
    with pytest.raises(ValueError):
        C.immediate_vp("railway")


# ----- the random tables (L1, L206, L587-588) ------------------------------------------------------


@pytest.mark.parametrize(("row", "die"), [(r, d) for r in range(1, 7) for d in range(1, 7)])
def test_every_chinese_army_cell(world, row, die):
    """L1 Chinese Army Placement: the first die the row, the second the area (C24)."""
    assert C.chinese_armies(1, [(row, die)]) == [a(world, CHINESE[row][die - 1])]


def test_chinese_armies_need_a_pair_of_dice_each(world):
    """L1: a D6 for the number of armies, two D6 for each."""
    got = C.chinese_armies(3, [(5, 6), (2, 5), (5, 5)])
    assert got == [a(world, "Shantung"), a(world, "Hong Kong"), a(world, "Shantung")]
    with pytest.raises(ValueError):
        C.chinese_armies(2, [(1, 1)])
    with pytest.raises(ValueError):
        C.chinese_armies(7, [(1, 1)] * 7)


@pytest.mark.parametrize("minor", MINORS)
def test_when_the_minor_powers_are_active(minor):
    """L206: Belgium active on 1-3, the Netherlands on 1-2, Portugal and Spain on 1."""
    assert {r for r in range(1, 7) if C.minor_active(minor, r)} == ACTIVE[minor]
    assert C.minor_activity(minor, 6, 7) is None


@pytest.mark.parametrize(("minor", "roll"), [(m, r) for m in MINORS for r in range(2, 13)])
def test_every_minor_target_cell(world, minor, roll):
    """L206: two dice give the target area in the active minor's column."""
    assert C.minor_activity(minor, 1, roll) == a(world, MINOR_TARGETS[roll][MINORS.index(minor)])


def test_minor_activity_refuses_bad_rolls():
    with pytest.raises(ValueError):
        C.minor_activity("belgium", 1, 1)
    with pytest.raises(ValueError):
        C.minor_activity("belgium", 1)
    with pytest.raises(ValueError):
        C.minor_activity("britain", 1, 7)


@pytest.mark.parametrize(("table", "rows"), [("A", UNREST_A), ("C", UNREST_C)])
def test_every_cell_of_unrest_tables_a_and_c(world, table, rows):
    """L587: two dice, the first the row, the second the area."""
    for r, row in enumerate(rows, 1):
        for d, name in enumerate(row, 1):
            assert C.unrest(table, (r, d)) == a(world, name), (table, r, d)


def test_every_cell_of_unrest_table_b(world):
    """L587: one die."""
    for d, name in enumerate(UNREST_B, 1):
        assert C.unrest("B", d) == a(world, name)
        assert C.unrest("B", [d]) == a(world, name)


def test_every_cell_of_unrest_table_d(world):
    """L588: the first die the row, the second 1-2, 3-4 or 5-6."""
    for r, row in enumerate(UNREST_D, 1):
        for d in range(1, 7):
            assert C.unrest("D", (r, d)) == a(world, row[(d - 1) // 2]), (r, d)


def test_the_unrest_tables_name_96_areas(world):
    """L587-588: 36 + 6 + 36 + 18 names, each a different area."""
    names = [n for row in UNREST_A + UNREST_C + UNREST_D for n in row] + UNREST_B
    assert len(names) == 96
    assert len({a(world, n) for n in names}) == 96


@pytest.mark.parametrize(("table", "rolls"), [("A", 3), ("B", (1, 2)), ("C", (1, 7)), ("E", (1, 1)), ("D", (0, 1))])
def test_unrest_refuses_bad_rolls(table, rolls):
    with pytest.raises(ValueError):
        C.unrest(table, rolls)


def test_the_prompts_name_the_rulings():
    """C22, C23: what the console shows the referee where the sheet is silent."""
    assert "C22" in C.minor_prompt("Belgium", "Kongo")
    assert "C23" in C.unrest_prompt("Egypt", "B")


# ----- the turn track (L363-453) ------------------------------------------------------------------


def test_the_turn_track_and_the_great_war_penalty():
    """L367-385 the years, L389-405 the penalties; 1916 blank (C20)."""
    years = (1880, 1884, 1888, 1892, 1896, 1900, 1904, 1908, 1912, 1916)
    assert C.TURN_YEARS == C.YEARS == years
    assert [C.great_war_penalty(y) for y in years] == [-100, -85, -70, -60, -50, -40, -30, -20, -10, 0]
    with pytest.raises(ValueError):
        C.great_war_penalty(1914)


def test_the_merchant_fleets():
    """L413-453: the 21 entries in the sheet's order, and each power's total (C21)."""
    assert (
        list(C.merchant_fleets())
        == (
            "usa japan britain italy usa japan france germany russia usa britain japan usa italy usa japan france "
            "germany russia britain usa"
        ).split()
    )
    assert C.charts().merchant_fleet_totals() == {
        "usa": 6,
        "japan": 4,
        "britain": 3,
        "italy": 2,
        "france": 2,
        "germany": 2,
        "russia": 2,
    }


# ----- the validator: each fault planted in a copy ---------------------------------------------------


@pytest.fixture
def folder(tmp_path):
    copy = tmp_path / "data"
    copy.mkdir()
    shutil.copy(C.HERE / "charts.json", copy / "charts.json")
    return copy


def edit(folder, change):
    """Apply change(records by (table, id), raw document) to the copied charts.json."""
    path = folder / "charts.json"
    raw = json.loads(path.read_text())
    change({(r["table"], r["id"]): r for r in raw["records"]}, raw)
    path.write_text(json.dumps(raw, ensure_ascii=False))


def refused(folder, message):
    with pytest.raises(DataError) as caught:
        C.validate(folder)
    assert message in str(caught.value), str(caught.value)


def test_an_untouched_copy_validates(folder):
    assert C.validate(folder) == C.validate()


def test_refuses_a_record_without_provenance(folder):
    edit(folder, lambda r, raw: r[("crt", "crt-1")].pop("source"))
    refused(folder, "record 'crt-1': crt.source")


def test_refuses_an_unknown_table(folder):
    edit(folder, lambda r, raw: r[("turn", "1880")].update(table="calendar"))
    refused(folder, "record '1880'")


def test_refuses_a_repeated_record(folder):
    edit(folder, lambda r, raw: raw["records"].append(dict(r[("turn", "1880")])))
    refused(folder, "the turn record '1880' is there twice")


def test_refuses_an_area_the_world_does_not_know(folder):
    edit(folder, lambda r, raw: r[("unrest", "unrest-A-3")]["cells"][2].update(area="Atlantis"))
    refused(folder, "unrest record 'unrest-A-3': names the area 'Atlantis', which the world does not know")


def test_refuses_an_unknown_combat_result(folder):
    edit(folder, lambda r, raw: r[("crt", "crt-2")]["rows"]["3"].__setitem__(4, "XE"))
    refused(folder, "crt record 'crt-2': row 3 gives the result(s) ['XE']")


def test_refuses_a_combat_row_too_short(folder):
    edit(folder, lambda r, raw: r[("crt", "crt-1")]["rows"]["4"].pop())
    refused(folder, "row 4 has 8 results for 9 columns")


def test_refuses_a_missing_die_roll(folder):
    edit(folder, lambda r, raw: r[("crt", "crt-1")]["rows"].pop("6"))
    refused(folder, "has rows for the rolls [1, 2, 3, 4, 5]")


def test_refuses_columns_out_of_order(folder):
    def change(r, raw):
        for n in ("crt-1", "crt-2"):
            cols = r[("crt", n)]["columns"]
            cols[3], cols[4] = cols[4], cols[3]

    edit(folder, change)
    refused(folder, "must rise, each once")


def test_refuses_tables_that_leave_a_gap(folder):
    edit(folder, lambda r, raw: r[("crt", "crt-2")].update(smaller_sp_min=6))
    refused(folder, "overlap or leave a gap at 6 SP")


def test_refuses_a_wrong_net_income(folder):
    edit(folder, lambda r, raw: r[("income", "income-ev-4")]["cells"]["protectorate"].update(net=5))
    refused(folder, "income record 'income-ev-4': protectorate: 16/10 nets 6, not +5")


def test_refuses_a_gap_in_the_income_rows(folder):
    edit(folder, lambda r, raw: raw["records"].remove(r[("income", "income-ev-5")]))
    refused(folder, "the income rows must run 1, 2, 3")


def test_refuses_an_unknown_placement_code(folder):
    edit(folder, lambda r, raw: r[("placement", "place-influence")]["cells"]["interest"].__setitem__(0, "OK"))
    refused(folder, "gives 'OK' against interest")


def test_refuses_ri_where_no_interest_is_involved(folder):
    edit(folder, lambda r, raw: r[("placement", "place-protectorate")]["cells"]["possession"].__setitem__(1, "RI"))
    refused(folder, "gives RI against possession, but no Interest marker is involved")


def test_refuses_icb_where_no_influence_is_involved(folder):
    edit(folder, lambda r, raw: r[("placement", "place-possession")]["cells"]["protectorate"].__setitem__(1, "ICB"))
    refused(folder, "gives ICB against protectorate, but no Influence marker is involved")


def test_refuses_a_missing_placement_row(folder):
    edit(folder, lambda r, raw: raw["records"].remove(r[("placement", "place-interest")]))
    refused(folder, "placing interest needs exactly one row")


def test_refuses_a_missing_tension_event(folder):
    edit(folder, lambda r, raw: raw["records"].remove(r[("tension", "separate-peace")]))
    refused(folder, "no tension record for separate-peace")


def test_refuses_a_tension_that_lowers_the_index(folder):
    edit(folder, lambda r, raw: r[("tension", "war-declared")].update(amount=-5))
    refused(folder, "raises the European Tensions Index by -5")


def test_refuses_an_unknown_power(folder):
    edit(folder, lambda r, raw: r[("cb-area-list", "russia-list")].update(holder="ottoman-empire"))
    refused(folder, "gives the Casus Belli to 'ottoman-empire' is no power of the world")


def test_refuses_a_missing_vp_rule(folder):
    edit(folder, lambda r, raw: raw["records"].remove(r[("vp-final", "italy-mediterranean")]))
    refused(folder, "no vp-final record for italy-mediterranean")


def test_refuses_a_vp_rule_without_its_areas(folder):
    edit(folder, lambda r, raw: r[("vp-final", "east-west-africa")].update(to_areas=[]))
    refused(folder, "vp-final record 'east-west-africa': needs to_areas")


def test_refuses_a_tag_no_area_has(folder):
    edit(folder, lambda r, raw: r[("vp-final", "china")].update(tag="celestial"))
    refused(folder, "no area of the world has that tag")


def test_refuses_a_treaty_bonus_to_an_outsider(folder):
    edit(folder, lambda r, raw: r[("vp-treaty", "japan-britain")].update(awarded=["usa"]))
    refused(folder, "awards ['usa'], not parties to the treaty")


def test_refuses_a_die_face_given_twice(folder):
    edit(folder, lambda r, raw: r[("chinese-army", "chinese-army-3")]["cells"][1].update(high=4))
    refused(folder, "gives the die face 4 twice")


def test_refuses_a_die_face_without_area(folder):
    edit(folder, lambda r, raw: r[("unrest", "unrest-D-2")]["cells"].pop())
    refused(folder, "unrest record 'unrest-D-2': gives no area for the die face(s) [5, 6]")


def test_refuses_a_missing_unrest_row(folder):
    edit(folder, lambda r, raw: raw["records"].remove(r[("unrest", "unrest-C-6")]))
    refused(folder, "Unrest Table C needs rows 1-6")


def test_refuses_a_missing_minor_target_roll(folder):
    edit(folder, lambda r, raw: raw["records"].remove(r[("minor-target", "minor-target-7")]))
    refused(folder, "needs the two-dice rolls 2-12")


def test_refuses_a_great_power_on_the_minor_table(folder):
    def change(r, raw):
        r[("minor-active", "spain")].update(id="italy")

    edit(folder, change)
    refused(folder, "minor-active record 'italy': is a Great Power")


def test_refuses_a_great_war_penalty_that_grows(folder):
    edit(folder, lambda r, raw: r[("turn", "1900")].update(great_war_penalty=-120))
    refused(folder, "must be losses that ease as the years pass")


def test_refuses_turns_not_four_years_apart(folder):
    edit(folder, lambda r, raw: r[("turn", "1900")].update(year=1901))
    refused(folder, "the turns must be four years apart")


def test_refuses_another_games_file(folder):
    edit(folder, lambda r, raw: raw.update(game="imperial-borders"))
    refused(folder, "expected 'charts' of 'imperialism-1880'")
