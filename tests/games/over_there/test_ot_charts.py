"""Over There's designed charts (data/charts/*.json, charts.py): the validator passes, both ground
CRTs have the shape Rule 9 demands, every result they print is one Rule 9C defines, the numbers
the rulebook gives are honoured (each test cites its lines in shared/rulebooks/002), and a fault
planted in a copy of a chart is caught."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction

import pytest

from kriegsspiel.engine import DataError
from kriegsspiel.games.over_there import charts as ot

C = ot.charts()
PROVENANCE = re.compile(r"^(rulebook \S.*|authored: \S.*)$")


@pytest.fixture
def folder(tmp_path):
    """A copy of the chart pack to damage."""
    return shutil.copytree(ot.HERE, tmp_path / "charts")


def edit(folder, kind, change):
    """Apply ``change(records by (table, id), list of records)`` to one file of the copy."""
    path = folder / f"{kind}.json"
    raw = json.loads(path.read_text())
    change({(r["table"], r["id"]): r for r in raw["records"]}, raw["records"])
    path.write_text(json.dumps(raw))


def caught(folder, *fragments):
    """The validator reports every fragment, and loading the copy is refused."""
    problems = "\n".join(ot.validate_charts(folder))
    for fragment in fragments:
        assert fragment in problems, problems
    with pytest.raises(DataError):
        ot.charts(folder)


# ----- the pack as a whole -------------------------------------------------------------------------


def test_the_validator_passes():
    assert ot.validate_charts() == []
    counts = ot.validate()
    assert counts["CRT cells"] == 2 * 13 * 10
    assert counts["Ground Success activities"] == len(ot.REQUIRED_ACTIVITIES)


def test_every_record_says_where_it_comes_from():
    for path in sorted(ot.HERE.glob("*.json")):
        raw = json.loads(path.read_text())
        assert raw["format"] == "kriegsspiel-data" and raw["game"] == "over-there" and raw["kind"] == path.stem
        for rec in raw["records"]:
            assert PROVENANCE.match(rec["source"]), (path.name, rec["id"])
            for field, source in rec.get("field_sources", {}).items():
                assert PROVENANCE.match(source) and source.startswith("rulebook "), (path.name, rec["id"], field)
            for mod in rec.get("modifiers", []):
                assert PROVENANCE.match(mod["source"]), (path.name, rec["id"], mod["id"])


def test_an_authored_basis_cites_the_rules_or_history():
    """An authored record says why: a rule line, a ruling or a historical example."""
    for path in sorted(ot.HERE.glob("*.json")):
        for rec in json.loads(path.read_text())["records"]:
            if rec["source"].startswith("authored"):
                assert len(rec["source"]) > len("authored: ") + 15, (path.name, rec["id"])


@pytest.mark.parametrize("where, what, check", ot._golden(C), ids=lambda x: x if isinstance(x, str) else "")
def test_each_number_the_rulebook_gives_holds(where, what, check):
    assert check(), f"{where}: {what}"


# ----- the CRTs (Rule 9) -------------------------------------------------------------------------


@pytest.mark.parametrize("crt", ["mobile", "positional"])
def test_better_odds_and_better_rolls_are_never_worse_for_the_attacker(crt):
    table, rank = C.crt(crt), {code: i for i, code in enumerate(C.crts[crt].ladder)}
    rows = sorted(table.rows)
    for roll in rows:
        values = [rank[x] for x in table.rows[roll]]
        assert values == sorted(values), (crt, roll)
    for i, col in enumerate(table.columns):
        values = [rank[table.rows[r][i]] for r in rows]
        assert values == sorted(values), (crt, col)


@pytest.mark.parametrize("crt", ["mobile", "positional"])
def test_the_ladder_agrees_with_what_the_results_mean(crt):
    """No result placed below another is better for the attacker by its 9C definition."""
    ladder = C.crts[crt].ladder
    for i, low in enumerate(ladder):
        for high in ladder[i + 1 :]:
            assert not ot.better_for_attacker(C.result(low), C.result(high)), (low, high)


@pytest.mark.parametrize("crt", ["mobile", "positional"])
def test_the_three_to_two_column_sits_between_one_to_one_and_two_to_one(crt):
    """L235 shifts from 3:2 to 2:1; the odds are rounded to a column in the defender's favour (L451)."""
    cols = C.crts[crt].columns
    assert cols[cols.index("3:2") - 1 : cols.index("3:2") + 2] == ["1:1", "3:2", "2:1"]
    assert C.odds_column(crt, 7, 5) == "1:1"  # 1.4
    assert C.odds_column(crt, 3, 2) == "3:2"
    assert C.odds_column(crt, 19, 10) == "3:2"  # 1.9
    assert C.odds_column(crt, 2, 1) == "2:1"


def test_odds_are_rounded_in_the_defenders_favour():
    assert C.odds_column("mobile", 34, 9) == "3:1"  # L451
    assert C.odds_column("mobile", 9, 10) == "1:2"
    assert C.odds_column("mobile", 1, 3.9) == "1:4"
    assert C.odds_column("positional", 9.5, 2) == "4:1"


@pytest.mark.parametrize("crt, auto", [("mobile", "AE"), ("positional", "AD")])
def test_odds_below_one_to_four_are_automatic(crt, auto):
    """L467: below 1:4, an automatic AE (Mobile) or AD (Positional), whatever the roll."""
    assert C.crts[crt].columns[0] == "1:4"
    assert C.odds_column(crt, 1, 4) == "1:4"
    assert C.odds_column(crt, 1, 4.1) == "auto"
    assert C.odds_column(crt, 1, 1, shifts=-4) == "auto"  # shifts count before the limit (R13)
    assert C.odds_column(crt, 1, 5, shifts=1) == "1:4"
    for roll in range(-3, 12):
        assert C.combat_result(crt, "auto", roll) == auto


def test_the_mobile_crt_stops_at_six_to_one_unless_the_attacker_is_infantry_capable():
    """L467: 9:1 is resolved on 6:1 unless half or more of the attackers are infantry; L919."""
    assert C.odds_column("mobile", 9, 1) == "6:1"
    assert C.odds_column("mobile", 9, 1, infantry_capable=True) == "9:1"
    assert C.odds_column("mobile", 30, 1, infantry_capable=True) == "9:1"
    assert C.odds_column("mobile", 7, 1) == "6:1"
    assert C.odds_column("positional", 30, 1) == "9:1"  # R12: 9:1 open to every attacker there
    assert C.odds_column("positional", 30, 1, infantry_capable=True) == "9:1"


def test_fatigue_shifts_count_before_the_limit():
    """L239 example 2: 8:1, defender 3 hits, attacker 1 hit: 9:1. Example 3: Army HQs with 3 hits: 8:1."""
    assert C.fatigue_shift(attacker_hits=1, defender_hits=3) == 1
    assert C.fatigue_shift(attacker_hits=3, defender_hits=3) == 0
    assert C.odds_column("mobile", 8, 1, infantry_capable=True, shifts=1) == "9:1"
    assert C.odds_column("mobile", 8, 1, shifts=1) == "6:1"
    assert C.odds_column("mobile", 5, 1, shifts=-1) == "4:1"  # L233
    assert C.odds_column("mobile", 3, 2, shifts=1) == "2:1"  # L235


def test_incremental_odds_use_a_ten_sided_die_from_two_to_one():
    """9L, L566: 48 against 20 is 2.4; a d10 of 1-4 makes it 3:1, 5-9 or 0 leaves 2:1."""
    for d10 in range(1, 5):
        assert C.odds_column("mobile", 48, 20, d10=d10) == "3:1"
    for d10 in (5, 6, 7, 8, 9, 0):
        assert C.odds_column("mobile", 48, 20, d10=d10) == "2:1"
    assert C.odds_column("mobile", 19, 10, d10=1) == "3:2"  # below 2:1 the option does not apply
    assert C.crts["mobile"].die == C.crts["positional"].die == "1d6"  # L119


@pytest.mark.parametrize("crt", ["mobile", "positional"])
def test_every_printed_result_is_one_9c_defines_and_every_9c_result_can_occur(crt):
    table = C.crt(crt)
    printed = {code for row in table.rows.values() for code in row}
    assert printed <= set(ot.NINE_C[crt])  # L470-493; BX/BXM (R1) are not printed
    reachable = printed | {C.crts[crt].below_lowest}
    reachable |= {v.becomes for v in C.conversions.values() if v.crt == crt and v.result in reachable}
    assert reachable == set(ot.NINE_C[crt])
    for code in printed:
        assert C.result(code).crt == crt and C.result(code).source.startswith("rulebook L")


def _first(crt, code):
    """The (column, roll) of the first cell of a CRT printing ``code``."""
    table = C.crt(crt)
    return next(
        (col, roll) for roll, row in table.rows.items() for col, x in zip(table.columns, row, strict=True) if x == code
    )


def test_the_conversions_of_the_text():
    """L478/L925: AQ becomes AS for an infantry-capable attacker; L491/L1025: DX becomes DXM for a
    rifle-assault-capable one; L929: BX becomes BXM for an infantry-capable defender."""
    aq = _first("mobile", "AQ")
    assert C.combat_result("mobile", *aq) == "AQ"
    assert C.combat_result("mobile", *aq, attacker_infantry_capable=True) == "AS"
    dx = _first("positional", "DX")
    assert C.combat_result("positional", *dx) == "DX"
    assert C.combat_result("positional", *dx, attacker_rifle_assault_capable=True) == "DXM"
    assert C.conversions["BX>BXM"].when == "defender-infantry-capable"


def test_the_results_mean_what_9c_says():
    """The worked examples of L482, L484, L489, L491 and L493."""
    assert C.minimum_losses("HX", 6, 12) == (6, 3)
    assert C.minimum_losses("EX", 15, 6) == (6, 6)
    assert C.minimum_losses("EX", 6, 6) == (6, 6)  # equal: the defender is eliminated
    assert C.minimum_losses("AL", 120, 50) == (60, 15)
    assert C.minimum_losses("AX", 120, 50) == (60, 30)
    assert C.minimum_losses("DXM", 120, 50) == (25, 25)
    assert C.minimum_losses("AQ", 20, 7) == (5, 0)  # L478: a quarter, no retreat
    assert C.result("AQ").attacker.retreat == "no" and C.result("AS").attacker.loss == "none"
    assert C.result("AH").attacker == ot.SideEffect(loss="half", retreat="must")
    assert C.result("DL").defender.retreat == "must" and C.result("DL").non_artillery_first
    assert C.result("AX").attacker.retreat == "may-if-larger-loss"
    assert {c for c, r in C.results.items() if r.same_hex_attacker_retreats} == {"AQ", "AS", "AX"}  # L558


def test_a_cell_beyond_the_rows_reads_as_the_edge():
    """L121: a modified roll below the lowest or above the highest row is read as that row."""
    t = C.crt("mobile")
    assert C.combat_result("mobile", "3:1", -7) == t.cell("3:1", -1)
    assert C.combat_result("mobile", "3:1", 15) == t.cell("3:1", 8)


def test_which_crt():
    """L441, L549, L917, L931."""
    assert C.choose_crt() == "mobile"
    assert C.choose_crt(terrain="woods", fortification="fieldworks") == "mobile"
    assert C.choose_crt(features=["town"]) == "mobile"
    assert C.choose_crt(features=["full-city"]) == "positional"
    assert C.choose_crt(terrain="swamp", fortification="fort") == "positional"
    assert C.choose_crt(fortification="improved-fortress-old", attacker_infantry_capable=True) == "mobile"
    assert C.choose_crt(fortification="fort", contested=True) == "mobile"
    assert C.choose_crt(terrain="mountain", mountain_infantry_side="defender", chosen="mobile") == "mobile"
    assert (
        C.choose_crt(
            terrain="mountain", attacker_infantry_capable=True, mountain_infantry_side="defender", chosen="positional"
        )
        == "positional"
    )
    assert (
        C.choose_crt(terrain="mountain", fortification="fort", mountain_infantry_side="attacker", chosen="mobile")
        == "positional"
    )


# ----- terrain, fortifications, movement ---------------------------------------------------------


def test_the_terrain_numbers_of_the_text():
    assert C.movement_cost("mountain", {"cm"}) == 6  # L205
    assert C.movement_cost("mountain", {"artillery"}) == 6
    assert C.movement_cost("mountain", {"mountain"}) == 2
    assert C.movement_cost("mountain", {"non-motorized"}) == 3
    assert C.movement_cost("mountain", {"mountain", "artillery"}) == 2  # L894: mountain artillery
    assert C.movement_cost("glacier", {"mountain"}) is None  # L205
    assert C.movement_cost("woods", {"non-motorized"}) == 2  # L1031
    assert C.hexside_cost("river") + C.movement_cost("woods", {"non-motorized"}) == 4  # L1031, bridge demolished
    assert C.movement_cost("clear", {"non-motorized"}) == 1  # L338: the road rate
    assert C.hexside_cost("canal") == 2  # L205
    assert C.terrain("marsh").id == "swamp"
    assert C.terrain("lake").prohibited and C.terrain("sea").prohibited
    assert C.hexside_cost("lake-side") is None and C.hexside_cost("sea-side") is None
    assert C.hexside_cost("frontier") == 0


def test_the_names_the_map_uses():
    """The map pack (data/map.json) spells terrain with underscores and cities by size."""
    assert C.terrain("wooded_swamp").id == "wooded-swamp"
    assert C.hexside("major_river").id == "major-river" and C.hexside("minor_canal").id == "minor-river"
    assert C.hexside("lake").id == "lake-side" and C.terrain("lake").id == "lake"
    assert [C.feature(x).id for x in ("town", "point", "partial", "full")] == [
        "town",
        "town",
        "partial-city",
        "full-city",
    ]
    assert C.fortress_id("great", True) == "improved-great-fortress"
    assert C.fortress_id("old", True) == "improved-fortress-old"
    assert C.fortress_id("new", False) == "fortress-unimproved"


def test_terrain_effects_follow_the_text():
    assert C.attack_multiplier({"artillery"}, terrain="mountain") == Fraction(1, 2)  # L715
    assert C.attack_multiplier({"artillery", "mortar"}, terrain="mountain") == 1
    assert C.hexside("major-river").disrupts_crossing  # L1037
    assert C.hexside("causeway").id == "major-river"  # L1033
    assert C.hexside("major-river").supply_extra_hexes == 1  # L596
    assert not C.hexside("major-river").accel_good_roads  # L216
    assert C.hexside("minor-river").accel_poor_roads and C.hexside("river").accel_poor_roads  # L223
    for t in ("forest", "swamp", "wooded-swamp", "mountain", "wooded-rough"):
        assert C.terrain(t).supply_hexes == 2 and not C.terrain(t).accel_poor_roads  # L596, L221
    for t in ("forest", "swamp", "wooded-swamp", "mountain"):
        assert not C.terrain(t).accel_good_roads  # L214
    assert C.terrain("woods").accel_good_roads and C.terrain("woods").supply_hexes == 1
    assert C.terrain("woods").bombardment_drm == -1  # L734
    assert C.terrain("mountain").stacking == "mountain"  # L374
    assert "mountain" in C.terrain("wooded-rough").movement.exception_classes  # L1086
    assert "light" not in C.terrain("wooded-rough").movement.exception_classes


def test_weather_rows():
    assert [C.weather(w).aec for w in ("clear", "frost", "mud", "winter", "snow")] == [
        "full",
        "full",
        "none",
        "reduced",
        "reduced",
    ]  # L576
    assert [C.weather(w).construction_multiplier for w in ("clear", "frost", "mud", "winter", "snow")] == [
        1,
        2,
        2,
        2,
        2,
    ]  # L780
    assert not C.weather("mud").combat_expertise  # L1082
    assert C.movement_cost("forest", {"light"}) == 2 and C.movement_cost("forest", {"light"}, "winter") == 4
    assert C.movement_cost("clear", {"over-snow"}, "snow") == 1  # L896
    assert C.movement_cost("swamp", {"cm"}, "winter") < C.movement_cost("swamp", {"cm"})  # frozen
    assert C.hexside_cost("lake-side", "winter") == 1  # L223: frozen lakes are crossed


def test_the_fortifications_chart():
    f = C.forts
    for name in (
        "fort",
        "improved-fort",
        "fortress-unimproved",
        "improved-fortress-old",
        "improved-fortress-new",
        "improved-great-fortress",
    ):
        assert (f[name].drm, f[name].drm_infantry_capable) == (-2, -1), name  # L921
    assert f["fieldworks"].crt == "mobile" and all(x.crt == "positional" for k, x in f.items() if k != "fieldworks")
    assert [f[k].level for k in ("fieldworks", "entrenchment", "fort", "improved-fort")] == [1, 2, 3, 4]
    assert f["fort"].reduces_to == "entrenchment" and f["improved-fort"].reduces_to == "fort"  # L1078
    assert f["fieldworks"].on_capture == "destroyed" and f["entrenchment"].on_capture == "unaffected"  # L1074-76
    assert f["fortress-unimproved"].bombardment_drm == -1 and f["improved-fortress-new"].bombardment_drm == -2
    assert f["improved-fortress-old"].artillery_multipliers == {
        "field": 1,
        "heavy": 2,
        "siege": 3,
        "heavy_siege": 4,
        "assault_engineer": 3,
    }  # L688-711, L812
    assert f["improved-fortress-new"].artillery_multipliers["siege"] == 2  # L698
    assert f["improved-great-fortress"].artillery_multipliers["heavy"] == 0.5  # L693
    assert f["entrenchment"].construction.mp == 4 and f["entrenchment"].construction.mp_other_terrain == 6  # L754
    assert (f["fort"].construction.central_powers_from, f["fort"].construction.entente_from) == (
        "Feb I 15",
        "Feb I 16",
    )  # L763, L769
    assert f["improved-fortress-new"].supply_re == 15  # L624
    assert C.combat_drm(fortification="fort", infantry_capable=True) == -1


def test_zoc_overrun_and_fatigue():
    for cls in ({"cavalry"}, {"fast-cm", "cm"}, {"light"}, {"infantry"}, {"irregular"}):
        assert C.zoc_cost(cls) < C.zoc_cost({"non-motorized"})  # L866, L874, L886, L914, L951
        assert C.overrun_cost(cls) < C.overrun_cost({"non-motorized"})
        assert C.zoc_cost(cls, "reduced") <= C.zoc_cost(cls)
    assert C.overrun_odds(116, 8) == 14  # L265
    assert C.overrun_possible(116, 8, shifts=1 - 5)
    assert not C.overrun_possible(116, 8, shifts=-5)
    assert not C.overrun_possible(9, 1)
    assert C.overrun_odds(0.5, 0) == 12 and not C.overrun_possible(1, 0, shifts=-3)
    assert C.fatigue_hits(3, {"non-motorized"}) == 2  # L239 example 1
    assert C.fatigue_hits(3, {"cavalry"}) == C.fatigue_hits(3, {"army-hq"}) == 3
    assert C.fatigue_shift(0, 2, overrun=True) == 2  # L237-239: one level per hit
    assert C.mode_rating("exploitation", 5, {"non-motorized"}) == 1  # L257 with L253, ruling R9
    assert C.mode_rating("exploitation", 6, {"cm"}) == 6
    assert C.mode_rating("reserve-commitment", 4, {"cavalry"}) == 2
    assert C.mode_rating("accelerated", 5, {"non-motorized"}) == 10  # L224


def test_stacking_summary():
    assert (C.stacking["regular"].units, C.stacking["mountain"].units, C.stacking["arctic-desert"].units) == (
        6,
        4,
        2,
    )  # L365-391


# ----- Ground Success, bombardment --------------------------------------------------------------


def test_the_ground_success_table_meets_the_text():
    assert C.ground_success(2) == "*F"  # L568: a regiment's 2 fails and is eliminated
    assert C.succeeds(C.ground_success(5, C.modifier("special-eec", "brigade")))  # L568: 5 + 1 succeeds
    assert C.ground_success(5) == "S"
    assert C.ground_success(5, C.modifier("special-sec", "brigade")) == "S*"  # L568: asterisked
    assert C.ground_success(6) == "S*"  # L568: the gas engineers' 6
    assert C.succeeds(C.ground_success(5)) and C.succeeds(C.ground_success(6))  # column shift on 5 and 6
    assert sum(C.succeeds(C.ground_success(r)) for r in range(1, 7)) == 2  # L1420: 2 in 6
    chances = [
        sum(C.succeeds(C.ground_success(r, C.modifier("tactical-recon", y))) for r in range(1, 7))
        for y in ("1912-1914", "1915", "1916", "1917", "1918-1920")
    ]
    assert chances == [1, 2, 3, 4, 5]  # L1426
    assert C.modifier("reserve-commitment", "adjacent") == 2  # L245
    assert C.modifier("special-eec", "flamethrower") == 1  # L818
    assert C.modifier("supply-elimination", "major-city-or-improved-fortress") == 3  # L640
    assert C.modifier("supply-elimination", "cold") == -1
    assert C.ground_success(-4) == C.ground_success(1) and C.ground_success(9) == "S*"  # L121
    for name in (
        "retreat-before-combat",
        "contested-hex-entry",
        "fortress-depletion",
        "logistics-capture",
        "tank-unreliability",
        "unreliable-unit",
    ):
        assert C.activity(name).modifiers == [], name  # "no modifiers to this die roll"


def test_the_bombardment_table_meets_the_text():
    """L734's example: 102 points on the 100+ column; a 4 +1 recon is 4H* and reduces the fortress;
    the same 4 with recon +1, woods -1 and the now unimproved fortress -1 is 3 hits."""
    t = C.bombardment_table
    assert t.fort_columns == [50, 100] and C.bombardment_column(102) == 100 and C.bombardment_column(99) == 50
    assert C.bombardment(102, 4, +1) == "4H*"
    assert C.bombardment(102, 4, +1 - 1 - 1) == "3H" and C.bombardment_hits("3H") == 3
    assert C.bombardment(0.5, 6) == "M"  # no column: no effect
    for row in C.bombardment_rows.values():
        for col, x in zip(t.columns, row, strict=True):
            assert not x.endswith("*") or col in t.fort_columns  # L734
    assert C.allocation.bombarding_player == "half-rounded-up"  # L744's 5 hits: 3 and 2 (R38)
    assert C.hit_effects["divisional"].first_effect_hits == 2  # L736


# ----- rail, supply, activation, air ---------------------------------------------------------------


def test_rail_road_and_river():
    assert C.rate("strategic-rail")["max_hexes"] == 200  # L285
    assert C.rate("operational-rail")["gauge_change_mp"] == 1 and C.rate("strategic-rail")["gauge_change_hexes"] == 20
    assert C.rate("rail-only-unit")["max_hexes"] == 40  # L1775 (R15)
    assert C.rate("logistics-item")["operational_max_hexes"] == 40  # L650
    assert -(-16 // C.rate("river")["hexsides_per_mp"]) == 2  # L344: 16 hexsides, 2 MPs
    assert C.rate("operational-rail")["hexes_per_mp"] > C.rate("river")["hexsides_per_mp"]
    assert C.rail_capacity_used(2) == 2  # L287: a rifle brigade
    assert C.rail_capacity_used(1, artillery_or_cm=True) == 2  # a tank regiment
    assert C.rail_capacity_used(1, artillery_or_cm=True, low_volume=True) == 4
    assert C.temporary_increase(30, 2) == 15  # L292's example
    assert C.temporary_increase(30, 1) == 10
    assert C.deterioration_loss(6, engineer_re=7, depots=11) == 1  # L322: 6 + 3 - 5 = 4
    assert C.deterioration_loss(6, engineer_re=7, depots=11, yard_lost=True) == 2
    assert C.deterioration_loss(4, engineer_re=6) == 0  # 7 or more: no loss
    assert C.deterioration.checked_from_re == 21  # L314
    assert C.capacity["capture"].values == {"owner_loses_re": 2, "captor_gains_re": 1}  # L313
    assert C.capacity["transfer"].values["max_re_per_turn"] == 3  # L309
    assert C.rail_net("east-prussia-1914", "central-powers").gauge == "standard"
    assert C.rail_net("east-prussia-1914", "entente").gauge == "broad"


def test_supply_lines():
    assert sum(C.supply_lengths("clear")) == 6  # L611
    assert C.supply_lengths("mud") == (2, 2)  # L1007
    for w in ("frost", "winter", "snow", "mud"):
        assert sum(C.supply_lengths(w)) <= sum(C.supply_lengths("clear"))
    assert C.supply_rule("railroad")["low_volume_max_hexes"] == 7  # L601
    assert C.supply_rule("port-capacity")["major"] == 60 and C.supply_rule("port-capacity")["marginal"] == 3
    assert C.supply_rule("combat-supply")["with_active_army_hq_re"] == 150  # L628
    assert C.supply_rule("combat-supply")["free_re_per_command"] == 2  # L630
    assert "forest" in C.supply_rule("terrain")["double_hexes"]  # L596
    assert C.supply_rule("transport-extension") == {"one_unit": 1, "three_units": 2, "max": 2}  # L1005-1007
    assert C.supply_strength(combat_supply=True, turns_out=4, isolated=True) == 1  # L634
    assert C.supply_strength(combat_supply=False) == Fraction(1, 2)  # L586, L634 (R3)
    assert C.supply_strength(combat_supply=False, turns_out=1) == Fraction(1, 2)
    assert C.supply_strength(combat_supply=False, turns_out=1, isolated=True) == Fraction(1, 4)  # L636
    assert 2 * C.supply_strength(combat_supply=False, turns_out=2) == Fraction(1, 2)  # L683 example 2
    assert C.supply_rule("u2")["movement"] == 0.5 and C.supply_rule("u1")["cm_movement"] == 0.5  # L636-638


def test_activation_and_leaders():
    hq = C.army_hq.values
    assert (hq["zoi_radius"], hq["logistics_carry_re"], hq["re_size"]) == (2, 9, 3)  # L966, L652, L965
    assert C.leader_modifier((-1, 0, 1), 5) == 1  # L1016: Haig rolls 5
    assert C.leader_modifier((-1, 0, 1), 1) == -1  # L1017 (R8)
    assert C.leader_modifier((0, 0, 1), 6, defender=True) == -1  # L1017: Falkenhayn defending
    assert C.modifier("army-hq-activation", "disrupted") == -1  # L972
    assert C.activation_modifier("german") > C.activation_modifier("russian")
    assert C.activation_modifier("serbian") == C.activation_modifier("default")


def test_basic_air():
    assert C.mission("das")["defense_per_point"] == 0.5  # L1276
    assert C.mission("aerial-bombardment")["strength_per_point"] == 0.5  # L746: 4 points bombard at 2
    assert C.mission("tactical-recon")["max_drm"] == 1  # L1272
    orders = sorted(
        (C.mission(m)["order"], m)
        for m in ("air-superiority", "tactical-recon", "aerial-bombardment", "das", "ground-support")
    )
    assert [m for _, m in orders] == [
        "air-superiority",
        "tactical-recon",
        "aerial-bombardment",
        "das",
        "ground-support",
    ]  # L1270-1276
    assert [16 // x for x in C.mission("ground-support")["re_per_point"].values()] == [2, 3, 4, 5, 8]  # L1464
    assert C.modifier("aa-fire", "aa-strength") == 1  # L1278
    assert C.air_points("east-prussia-1914", "central-powers") >= C.air_points("east-prussia-1914", "entente")


# ----- an owner's charts drop in; a planted fault is caught --------------------------------------------


def test_an_owner_can_drop_in_other_values(folder):
    """Same files, same fields: a changed cell is read from the other folder, the game's own stays."""

    def improve(by_id, records):
        by_id[("crt-row", "mobile/8")]["results"][0] = "EX"

    edit(folder, "crt-mobile", improve)
    assert ot.validate_charts(folder) == []
    assert ot.charts(folder).combat_result("mobile", "1:4", 8) == "EX"
    assert ot.charts().combat_result("mobile", "1:4", 8) == "AS"


def test_a_swapped_cell_breaks_monotony(folder):
    def swap(by_id, records):
        row = by_id[("crt-row", "mobile/3")]["results"]
        row[2], row[9] = row[9], row[2]

    edit(folder, "crt-mobile", swap)
    caught(folder, "better odds must never be worse for the attacker")


def test_a_code_9c_does_not_define_is_caught(folder):
    def plant(by_id, records):
        by_id[("crt-row", "positional/4")]["results"][5] = "DR"  # a Mobile result on the Positional CRT

    edit(folder, "crt-positional", plant)
    caught(folder, "'DR' is not on the table's ladder")


def test_a_missing_9c_result_is_caught(folder):
    def no_exchanges(by_id, records):
        for (table, _), rec in by_id.items():
            if table == "crt-row":
                rec["results"] = ["DR" if x == "EX" else x for x in rec["results"]]

    edit(folder, "crt-mobile", no_exchanges)
    caught(folder, "the 9C result EX can never occur")


def test_a_ladder_against_the_definitions_is_caught(folder):
    def swap(by_id, records):
        ladder = by_id[("crt", "mobile")]["ladder"]
        ladder[0], ladder[1] = ladder[1], ladder[0]

    edit(folder, "crt-mobile", swap)
    caught(folder, "the ladder puts AE above AH")


def test_a_lost_three_to_two_column_is_caught(folder):
    def drop(by_id, records):
        i = by_id[("crt", "positional")]["columns"].index("3:2")
        del by_id[("crt", "positional")]["columns"][i]
        for (table, _), rec in by_id.items():
            if table == "crt-row":
                del rec["results"][i]

    edit(folder, "crt-positional", drop)
    caught(folder, "both CRTs have a 3:2 column")


def test_a_wrong_odds_limit_is_caught(folder):
    edit(folder, "crt-mobile", lambda by_id, recs: by_id[("crt", "mobile")].update(max_column="5:1"))
    caught(folder, "rulebook L467, L919")


def test_a_first_column_other_than_one_to_four_is_caught(folder):
    def shift(by_id, records):
        by_id[("crt", "mobile")]["columns"][0] = "1:5"

    edit(folder, "crt-mobile", shift)
    caught(folder, "the first column must be 1:4")


def test_a_missing_row_is_caught(folder):
    edit(folder, "crt-mobile", lambda by_id, recs: recs.remove(by_id[("crt-row", "mobile/4")]))
    caught(folder, "rows must run -1..8 once each")


def test_a_record_without_provenance_is_refused(folder):
    edit(folder, "terrain", lambda by_id, recs: by_id[("hex", "woods")].pop("source"))
    caught(folder, "terrain.json", "woods")


def test_a_wrong_terrain_cost_is_caught(folder):
    edit(folder, "terrain", lambda by_id, recs: by_id[("hex", "woods")]["movement"].update(other=3))
    caught(folder, "rulebook L1031")


def test_a_cheap_river_is_caught(folder):
    edit(folder, "terrain", lambda by_id, recs: by_id[("hexside", "river")].update(cost=1))
    caught(folder, "rulebook L205, L1031")


def test_a_softer_fort_is_caught(folder):
    edit(folder, "fortifications", lambda by_id, recs: by_id[("fortification", "fort")].update(drm=-1))
    caught(folder, "rulebook L921")


def test_a_changed_ground_success_row_is_caught(folder):
    def plant(by_id, records):
        by_id[("gst", "ground-success")]["rows"]["5"] = "F"

    edit(folder, "ground-success", plant)
    caught(folder, "rulebook L1420, L1426", "rulebook L568")


def test_an_asterisk_off_the_fort_columns_is_caught(folder):
    def plant(by_id, records):
        by_id[("bombardment-row", "bombardment/6")]["results"][3] = "2H*"

    edit(folder, "bombardment", plant)
    caught(folder, "an asterisk on the 7 column")


def test_a_longer_mud_supply_line_is_caught(folder):
    edit(folder, "supply", lambda by_id, recs: by_id[("line-length", "mud")].update(overland=3))
    caught(folder, "rulebook L611, L1007")


def test_a_wrong_deterioration_rule_is_caught(folder):
    edit(folder, "transport", lambda by_id, recs: by_id[("deterioration", "deterioration")].update(lose_on_or_below=3))
    caught(folder, "rulebook L322")


def test_a_missing_activity_is_caught(folder):
    edit(folder, "ground-success", lambda by_id, recs: recs.remove(by_id[("activity", "aa-fire")]))
    caught(folder, "no activity record 'aa-fire'")


def test_costlier_cavalry_zoc_is_caught(folder):
    edit(folder, "movement", lambda by_id, recs: by_id[("zoc", "standard")]["costs"].update(cavalry=3))
    caught(folder, "cavalry units must pay reduced ZOC and overrun costs")


def test_a_field_source_naming_no_field_is_caught(folder):
    edit(
        folder,
        "terrain",
        lambda by_id, recs: by_id[("hex", "woods")]["field_sources"].update({"movement.othr": "rulebook L1031"}),
    )
    caught(folder, "field_sources names no field 'movement.othr'")


def test_a_name_used_twice_is_caught(folder):
    edit(folder, "terrain", lambda by_id, recs: by_id[("hex", "woods")]["aliases"].append("marsh"))
    caught(folder, "the hex name 'marsh' is used twice")


def test_a_hex_without_defense_is_not_resolved_on_a_crt():
    """9G1 (L529): a zero-defense stack is eliminated when attacked, without a CRT."""
    with pytest.raises(ValueError, match="9G1"):
        C.odds_column("mobile", 5, 0)
