"""Over There's East Prussia 1914 scenario pack: the validator passes it, the
orders of battle hold what SCENARIO.md says, every place is one the map can
find, every arrival falls inside the scenario, every record says where it
comes from, and a damaged copy is refused (DATA.md rules 1 and 4)."""

import json
import math
import re
from datetime import date

import pytest

import kriegsspiel
from kriegsspiel.engine import DataError
from kriegsspiel.games.over_there import scenario as ot

SC = ot.scenario()


def units(**match):
    return [u for u in SC.units if all(getattr(u, k) == v for k, v in match.items())]


# ----- the pack as shipped --------------------------------------------------------------------


def test_the_shipped_scenario_passes_the_validator():
    assert ot.validate_scenario() == []
    assert ot.scenario() is SC  # built once and kept
    assert ot.validate()["turns"] == 4


def test_counts_by_side_and_type_as_designed():
    assert ot.summary(SC) == {
        "entente units": 73,
        "entente at start": 45,
        "entente army-hq": 3,
        "entente corps-hq": 13,
        "entente infantry-division": 22,
        "entente reserve-division": 7,
        "entente rifle-brigade": 6,
        "entente cavalry-division": 8,
        "entente fortress": 4,
        "entente man-pt": 10,
        "central-powers units": 49,
        "central-powers at start": 28,
        "central-powers army-hq": 1,
        "central-powers corps-hq": 6,
        "central-powers infantry-division": 9,
        "central-powers reserve-division": 4,
        "central-powers landwehr-division": 5,
        "central-powers landwehr-brigade": 4,
        "central-powers cavalry-division": 2,
        "central-powers fortress": 4,
        "central-powers artillery": 4,
        "central-powers man-pt": 10,  # 16B3 (L1205), ruling O37: placed from the general pool
        "leaders": 9,
        "turns": 4,
        "reinforcements": 9,
        "withdrawals": 2,
        "victory places": 27,
    }


def test_the_named_formations_of_the_brief_are_there():
    names = {u.name for u in SC.units}
    for name in (
        "1st Infantry Division",
        "2nd Infantry Division",
        "35th Infantry Division",
        "36th Infantry Division",
        "37th Infantry Division",
        "41st Infantry Division",
        "1st Reserve Division",
        "36th Reserve Division",
        "3rd Reserve Division",
        "1st Cavalry Division",
        "70th Landwehr Brigade",
        "Landwehr Division von der Goltz",
        "Fortress Königsberg",
        "Feste Boyen (Lötzen)",
        "Fortress Graudenz",
        "Fortress Thorn",
        "3rd Guard Infantry Division",
        "1st Guard Reserve Division",
        "22nd Infantry Division",
        "38th Infantry Division",
        "8th Cavalry Division",
        "1st Guards Cavalry Division",
        "2nd Guards Cavalry Division",
        "2nd Cavalry Division",
        "3rd Cavalry Division",
        "1st Finnish Rifle Brigade",
        "7th Siberian Rifle Division",
    ):
        assert name in names, name
    corps = {u.id: [d.id for d in SC.units if d.corps == u.id] for u in units(type="corps-hq")}
    assert corps["de-i-corps-hq"][:2] == ["de-1-id", "de-2-id"]
    assert corps["de-xx-corps-hq"][:2] == ["de-37-id", "de-41-id"]
    assert corps["ru-xv-corps-hq"] == ["ru-6-id", "ru-8-id"]
    assert corps["ru-xiii-corps-hq"] == ["ru-1-id", "ru-36-id"]
    first = {
        u.id for u in SC.setup("entente") if u.army == "ru-1-army-hq" and u.type == "rifle" and u.size == "division"
    }
    second = {
        u.id for u in SC.setup("entente") if u.army == "ru-2-army-hq" and u.type == "rifle" and u.size == "division"
    }
    assert len(first) == 9  # 8 active divisions and the 73rd Reserve Division in Kovno
    assert len(second) == 10  # 9 active divisions and the 3rd Guards at Warsaw


def test_re_sizes_follow_the_basic_rule():
    """L74-88: Army HQ 3, Corps HQ 1, divisions 5/4/3 by support, brigade 2, battalion 1/2."""
    for u in SC.units:
        assert u.re == ot.designed_re(u), u.id
    assert {u.re for u in units(type="rifle", grade="active", size="division")} == {5}
    assert {u.re for u in units(type="rifle", grade="reserve", nationality="russian")} == {4}


def test_ratings_follow_the_design_formula():
    """SCENARIO.md: per battalion by nation and grade, per 6 squadrons, 1 per 24 guns,
    1.5 per 24 light howitzers, 1 per 100 MGs, rounded half up; cadres 40 %."""
    infantry = {
        ("german", "guard"): (0.65, 0.75),
        ("german", "active"): (0.60, 0.70),
        ("german", "reserve"): (0.50, 0.65),
        ("german", "landwehr"): (0.30, 0.50),
        ("german", "ersatz"): (0.25, 0.45),
        ("russian", "guard"): (0.45, 0.60),
        ("russian", "active"): (0.40, 0.55),
        ("russian", "reserve"): (0.30, 0.45),
    }
    cavalry = {
        ("german", "active"): (0.60, 0.50),
        ("russian", "guard"): (0.45, 0.40),
        ("russian", "active"): (0.40, 0.35),
    }
    checked = 0
    for u in SC.units:
        e = u.establishment
        if e is None or u.type not in ("rifle", "heavy-cavalry"):
            continue
        key = (u.nationality, u.grade)
        fire = e.guns / 24 + e.howitzers * 1.5 / 24 + e.machine_guns / 100
        a = e.battalions * infantry[key][0] + (e.squadrons / 6 * cavalry[key][0] if e.squadrons else 0) + fire
        d = e.battalions * infantry[key][1] + (e.squadrons / 6 * cavalry[key][1] if e.squadrons else 0) + fire
        assert (u.rating.attack, u.rating.defense) == (math.floor(a + 0.5), math.floor(d + 0.5)), u.id
        if u.cadre is not None:
            assert u.cadre.attack == math.floor(0.4 * u.rating.attack + 0.5), u.id
            assert u.cadre.defense == math.floor(0.4 * u.rating.defense + 0.5), u.id
        checked += 1
    assert checked == 67
    # the German division of 1914 outguns the Russian; the Russian has a third more battalions
    assert str(SC.unit("de-1-id").rating) == "11-12-5" and str(SC.unit("de-1-id").cadre) == "4-5-5"
    assert str(SC.unit("ru-25-id").rating) == "9-11-5" and SC.unit("ru-25-id").establishment.battalions == 16
    assert str(SC.unit("de-1-rd").rating) == "8-10-5" and str(SC.unit("ru-53-rd").rating) == "6-9-4"
    assert str(SC.unit("de-70-lw-bde").rating) == "2-4-5"


def test_every_start_place_is_a_known_place_or_inside_the_frame():
    assert SC.frame.model_dump() == ot.FRAME == {"west": 18.2, "east": 24.3, "south": 51.9, "north": 55.5}
    assert sorted(p.id for p in SC.places) == sorted(ot.KNOWN_PLACES)
    for p in SC.places:
        assert 51.9 <= p.lat <= 55.5 and 18.2 <= p.lon <= 24.3, p.id
    starts = [(u.id, u.start) for u in SC.units if u.start is not None]
    starts += [(r.id, where) for r in SC.reinforcements for where in (r.entry, *r.alternatives)]
    for uid, where in starts:
        if where.place is not None:
            assert where.place in ot.KNOWN_PLACES and where.lat is None, uid
        else:
            assert 51.9 <= where.lat <= 55.5 and 18.2 <= where.lon <= 24.3, uid
            assert where.near, uid
    marienburg = next(p for p in SC.places if p.id == "Marienburg")
    assert SC.coordinates(SC.unit("de-8-army-hq").start) == (marienburg.lat, marienburg.lon)


def test_every_reinforcement_arrives_within_the_scenario():
    first, last = SC.turns[0].start, SC.turns[-1].end
    assert first == date(1914, 8, 16) and last >= date(1914, 9, 30)
    by_id = {t.id: t for t in SC.turns}
    for r in SC.reinforcements:
        t = by_id[r.turn]
        assert first <= t.start <= t.end <= last, r.id
    entering = [uid for r in SC.reinforcements for uid in r.units]
    # the on-map Man Pts come from the general pool (16B3, L1205), not as reinforcements
    assert sorted(entering) == sorted(u.id for u in SC.units if u.start is None and u.type != "man-pt")
    for w in SC.withdrawals:
        assert w.turn in by_id


def test_the_half_month_turns_hold_the_battles():
    """L168: 'Aug II 14' and so on; the first turn is the second half of August."""
    names = [t.name for t in SC.turns]
    assert names == ["Aug II 14", "Sep I 14", "Sep II 14", "Oct I 14"]

    def turn_of(day):
        return next(t.name for t in SC.turns if t.start <= day <= t.end)

    assert turn_of(date(1914, 8, 17)) == "Aug II 14"  # Stallupönen
    assert turn_of(date(1914, 8, 20)) == "Aug II 14"  # Gumbinnen
    assert {turn_of(date(1914, 8, d)) for d in range(26, 31)} == {"Aug II 14"}  # Tannenberg
    assert {turn_of(date(1914, 9, d)) for d in range(7, 15)} == {"Sep I 14"}  # First Masurian Lakes
    assert any("Tannenberg" in line for line in SC.turns[0].history)
    assert any("Masurian Lakes" in line for line in SC.turns[1].history)


def test_leaders_and_the_change_of_command():
    """Rule 14P: three ratings from -1 to 1; one leader per Army HQ."""
    leaders = {ld.id: ld for ld in SC.leaders}
    assert leaders["hindenburg"].ratings == (0, 1, 1)
    assert leaders["prittwitz"].assigned == "de-8-army-hq"
    ev = next(e for e in SC.events if e.id == "ev-hindenburg")
    assert ev.turn == "aug-ii-14" and ev.condition is None
    assert [(f.kind, f.leader) for f in ev.effects] == [("remove-leader", "prittwitz"), ("add-leader", "hindenburg")]
    assert {ld.assigned for ld in SC.leaders if ld.assigned} == {"de-8-army-hq", "ru-1-army-hq", "ru-2-army-hq"}


def test_reinforcements_withdrawals_and_pools_follow_history():
    west = next(r for r in SC.reinforcements if r.id == "rf-west-corps")
    assert west.turn == "sep-i-14"
    assert {"de-3-gd-id", "de-1-gd-rd", "de-22-id", "de-38-id", "de-8-cav"} <= set(west.units)
    assert west.option == "opt-west-corps"
    tenth = next(r for r in SC.reinforcements if r.id == "rf-tenth-army")
    assert tenth.turn == "sep-i-14" and "ru-xxii-corps-hq" in tenth.units and "ru-7-sib-rd" in tenth.units
    ninth = next(w for w in SC.withdrawals if w.id == "wd-ninth-army")
    assert ninth.turn == "sep-ii-14" and {"de-35-id", "de-36-id", "de-37-id", "de-41-id"} <= set(ninth.units)
    production = [r for r in SC.replacements if r.turn is not None]
    assert {r.turn for r in production} == {"sep-i-14"}  # production on the I turn of odd months (L1188)
    assert {r.side for r in SC.replacements if r.turn is None} == {"entente", "central-powers"}


def test_victory_levels_and_the_historical_result():
    # ruling O28: the levels lie below the zero line
    assert ot.victory_level(SC, 10) == "cp-decisive"
    assert ot.victory_level(SC, 9.5) == "cp-marginal"
    assert ot.victory_level(SC, -7.5) == "cp-marginal"
    assert ot.victory_level(SC, -8) == "draw"
    assert ot.victory_level(SC, -14.5) == "draw"
    assert ot.victory_level(SC, -15) == "entente-marginal"
    assert ot.victory_level(SC, -24.5) == "entente-marginal"
    assert ot.victory_level(SC, -25) == "entente-decisive"
    vp = {v.place: (v.scorer, v.vp) for v in SC.victory_places}
    assert vp["Königsberg"] == ("entente", 10)
    assert {vp[p][0] for p in ("Thorn", "Graudenz", "Marienburg")} == {"entente"}
    loss = {x.id: x for x in SC.victory_losses}
    # history: XIII and XV Corps and the 2nd Division lost isolated, two more divisions broken at the lakes,
    # Mława held, no German division lost; the West corps taken (+5 to the Entente)
    cp = 4 * loss["vl-cp-divisions"].vp_isolated + 2 * loss["vl-cp-divisions"].vp + vp["Mława"][1]
    entente = next(c.vp["entente"] for c in SC.options[0].choices if c.id == "accept")
    assert ot.victory_level(SC, cp - entente) == "cp-marginal"


def test_every_record_has_provenance():
    """DATA.md rule 1."""
    raw = json.loads(ot.DEFAULT.read_text(encoding="utf-8"))
    pattern = re.compile(r"^(rulebook \S.*|authored: \S.*)$")
    assert pattern.match(raw["source"])
    n = 0
    for key, value in raw.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            for rec in value:
                assert pattern.match(rec.get("source", "")), (key, rec.get("id", rec.get("place")))
                n += 1
    assert n > 200
    assert all(u.source.startswith("authored: historical:") for u in SC.units)


# ----- a damaged pack is refused --------------------------------------------------------------


def damaged(tmp_path, change):
    raw = json.loads(ot.DEFAULT.read_text(encoding="utf-8"))
    change(raw)
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path


def rec(raw, table, rid):
    return next(r for r in raw[table] if r.get("id") == rid)


FAULTS = {
    "no provenance": (lambda raw: rec(raw, "units", "de-1-id").pop("source"), "units[de-1-id].source: no provenance"),
    "bad provenance": (
        lambda raw: rec(raw, "leaders", "samsonov").update(source="Showalter"),
        "leaders[samsonov].source: provenance must be",
    ),
    "unknown town": (
        lambda raw: rec(raw, "units", "de-2-id").update(start={"place": "Berlin"}),
        "units[de-2-id]: its start 'Berlin' is no known place",
    ),
    "outside the frame": (
        lambda raw: rec(raw, "units", "ru-2-cav").update(start={"lat": 50.0, "lon": 30.0, "near": "Kiev"}),
        "units[ru-2-cav]: its start (50.0, 30.0) lies outside the map frame",
    ),
    "arrival after the end": (
        lambda raw: rec(raw, "reinforcements", "rf-57-rd").update(turn="nov-i-14"),
        "reinforcements[rf-57-rd]: arrives on 'nov-i-14', which is no turn of the scenario",
    ),
    "wrong RE": (
        lambda raw: rec(raw, "units", "ru-53-rd").update(re=5),
        "units[ru-53-rd]: is 5.0 RE; the basic rule makes a division (self) 4 RE",
    ),
    "leader rating": (
        lambda raw: rec(raw, "leaders", "hindenburg").update(ratings=[0, 1, 2]),
        "leaders[hindenburg]: ratings [0, 1, 2] must each be -1, 0 or 1",
    ),
    "cadre stronger": (
        lambda raw: rec(raw, "units", "de-36-rd").update(cadre={"attack": 9, "defense": 4, "movement": 5}),
        "units[de-36-rd]: its cadre 9-4-5 must be weaker than the unit 8-10-5",
    ),
    "lost unit": (
        lambda raw: rec(raw, "reinforcements", "rf-bredow").update(units=["de-9-lw-bde"]),
        "units[de-lw-div-bredow]: has no start and comes in no reinforcement",
    ),
    "twice the id": (
        lambda raw: rec(raw, "units", "ru-6-id").update(id="ru-8-id"),
        "units[ru-8-id]: the id is also used in units",
    ),
    "no army": (
        lambda raw: rec(raw, "units", "ru-4-id").update(army="ru-9-army-hq"),
        "units[ru-4-id]: its army 'ru-9-army-hq' is no army-hq unit",
    ),
    "overstacked": (
        lambda raw: [
            rec(raw, "units", u).update(start={"place": "Mława"}) for u in ("ru-1-id", "ru-36-id", "ru-6-id", "ru-8-id")
        ],
        "set-up at Mława: 7 units over the stacking limit of 6",
    ),
    "gap in the results": (
        lambda raw: rec(raw, "victory_levels", "draw").update(min=-14),
        "victory_levels: entente-marginal and draw leave a gap or overlap",
    ),
    "entry on enemy ground": (
        lambda raw: rec(raw, "reinforcements", "rf-goltz").update(entry={"place": "Mława"}),
        "reinforcements[rf-goltz]: its entry Mława is not central-powers ground at the start",
    ),
    "production off-cycle": (
        lambda raw: rec(raw, "replacements", "rp-en-sep").update(turn="sep-ii-14"),
        "replacements[rp-en-sep]: production comes on the I turn of odd months (L1188), not Sep II 14",
    ),
    "odd Man Pts": (
        lambda raw: rec(raw, "replacements", "rp-cp-sep").update(man_pts={"Prussian": 3.3}),
        "3.3 Prussian Man Pts: points come in halves",
    ),
    "moving fortress": (
        lambda raw: rec(raw, "units", "ru-fort-osowiec")["rating"].update(movement=2),
        "units[ru-fort-osowiec]: a fortress garrison does not move",
    ),
    "both sides in one town": (
        lambda raw: rec(raw, "units", "ru-27-id").update(start={"place": "Stallupönen"}),
        "set-up at Stallupönen: units of both sides start in one town",
    ),
    "turn out of order": (
        lambda raw: rec(raw, "turns", "sep-ii-14").update(start="1914-09-15"),
        "turns[sep-ii-14]: Sep II 14 runs 1914-09-16 to 1914-09-30",
    ),
    "strong Man Pt": (
        lambda raw: rec(raw, "units", "ru-man-pt-3")["rating"].update(attack=1),
        "units[ru-man-pt-3]: an on-map Man Pt is an unsupported 1/2 RE unit rated 0-1/2-4 (L1205), not 1-0.5-4",
    ),
    "Man Pt on the map at the start": (
        lambda raw: rec(raw, "units", "de-man-pt-1").update(start={"place": "Königsberg"}),
        "units[de-man-pt-1]: an on-map Man Pt starts in the general pool's stock",
    ),
    "Man Pt as a reinforcement": (
        lambda raw: rec(raw, "reinforcements", "rf-57-rd")["units"].append("ru-man-pt-1"),
        "units[ru-man-pt-1]: an on-map Man Pt comes from the general pool, not as a reinforcement",
    ),
    "half a defense point": (
        lambda raw: rec(raw, "units", "de-1-id")["rating"].update(defense=9.5),
        "units[de-1-id]: a defense strength of 9.5: only an on-map Man Pt has a half (L1205)",
    ),
    "removed leader never added": (
        lambda raw: rec(raw, "events", "ev-sievers").update(
            turn="sep-i-14", effects=[{"kind": "remove-leader", "leader": "sievers"}]
        ),
        "events[ev-sievers]: removes sievers before the leader is available",
    ),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_planted_fault_is_caught(tmp_path, fault):
    change, message = FAULTS[fault]
    path = damaged(tmp_path, change)
    problems = ot.validate_scenario(path)
    assert any(message in p for p in problems), problems
    with pytest.raises(DataError) as caught:
        ot.scenario(path)
    assert message in str(caught.value)


def test_an_owners_copy_with_other_values_is_played_without_code(tmp_path):
    """DATA.md rule 5: the same schema in another file."""
    path = damaged(tmp_path, lambda raw: rec(raw, "units", "de-1-id")["rating"].update(attack=14))
    assert ot.validate_scenario(path) == []
    assert ot.scenario(path).unit("de-1-id").rating.attack == 14
    assert ot.scenario().unit("de-1-id").rating.attack == 11


def test_a_broken_file_is_reported_not_raised(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{")
    assert "not valid JSON" in ot.validate_scenario(path)[0]
    path.write_text(json.dumps({"format": "other"}))
    assert "not a Kriegsspiel data pack" in ot.validate_scenario(path)[0]


def test_a_place_the_map_names_is_scored_and_set_up_in_the_hex_the_map_shows_it_in():
    """Mława (1 VP for the Central Powers) resolved from its coordinates to 0813, a hex with no
    name, while the map shows Mława in 0812 (where its frontier station stood): a German brigade
    in 0812 scored nothing, and the Russian I Corps "at Mława" set up in 0813."""
    from kriegsspiel.games.over_there import sequence, world

    named = {h for h, _scorer, _vp in sequence._victory_hexes()}
    assert "0812" in named and "0813" not in named
    for v in world.SC.victory_places:
        try:
            town = world.MAP.place(v.place)
        except KeyError:
            continue
        assert world.start_hex(sequence._loc(v.place)) == town["hex"], v.place
    s = kriegsspiel.load("over-there").new(seed=1)
    assert s["units"]["ru-i-corps-hq"]["hex"] == "0812"
