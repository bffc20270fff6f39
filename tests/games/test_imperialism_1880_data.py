"""Imperialism 1880's data pack: every name the chart sheet prints resolves to one
area, the counter mix is L819's, the start of 1880 matches its in-play-at-start
counts, and the African paths of L242 exist over land. Each fault the validator
looks for is planted in a copy of the pack and must be reported by file, record
and problem (DATA.md)."""

import json
import re

import pytest
from pack_support import copy_pack, edit
from pack_support import refused as pack_refused

from kriegsspiel.engine import DataError
from kriegsspiel.games.imperialism_1880 import data


@pytest.fixture
def folder(tmp_path):
    """A copy of the pack to damage."""
    return copy_pack(data.HERE, tmp_path)


def refused(folder, *messages):
    pack_refused(data.validate, folder, *messages)


# ----- the pack as shipped --------------------------------------------------------------------


def test_the_pack_loads_and_counts():
    assert data.validate() == {
        "areas": 102,
        "east map areas": 85,
        "west map areas": 17,
        "landlocked areas": 27,
        "island areas": 9,
        "dominion-eligible areas": 11,
        "aliases": 202,
        "sheet names": 183,
        "seas": 26,
        "passages": 10,
        "home countries": 12,
        "powers": 12,
        "great powers": 8,
        "minor powers": 4,
        "status markers at start": 31,
        "units at start": 95,
    }


def test_the_default_pack_is_loaded_once_and_another_folder_afresh(folder):
    assert data.pack() is data.pack()
    assert data.pack(folder) is not data.pack(folder)
    assert data.pack(folder).areas.keys() == data.pack().areas.keys()


def test_every_record_and_entry_has_provenance():
    """DATA.md rule 1: records, and the status markers, units and treasuries within them."""
    for path in sorted(data.HERE.glob("*.json")):
        if path.name.startswith("charts"):
            continue  # the charts are another file's business
        for r in json.loads(path.read_text())["records"]:
            assert r["source"].startswith(("rulebook L", "authored: ")), (path.name, r["id"])
            entries = r.get("statuses", []) + r.get("units", []) + ([r["treasury"]] if "treasury" in r else [])
            for e in entries:
                assert e["source"].startswith(("rulebook L", "authored: ")), (path.name, r["id"], e)


def test_ids_are_slugs_of_their_names():
    """An id is the slug of the canonical name or of the sheet's spelling ("fed-malay-states")."""

    def slug(name):
        return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")

    for a in data.pack().areas.values():
        assert a.id in {slug(n) for n in (a.name, *a.aliases)}, a.id
    p = data.pack()
    assert p.areas["kaiser-wilhelms-land"].name == "Kaiser Wilhelms Land"
    assert p.areas["fed-malay-states"].name == "Federated Malay States"
    assert p.areas["sin-kiang"].name == "Sin-Kiang"


# ----- names -----------------------------------------------------------------------------------


def test_every_name_the_sheet_prints_resolves():
    """L1, L206, L242, L587, L588: 183 printed names, every one to an area."""
    p = data.pack()
    for line, names in data.SHEET_NAMES.items():
        for name in names:
            aid = p.resolve(name)
            assert line in p.areas[aid].named, (name, line)


def test_the_unrest_tables_name_96_areas_and_six_more_are_named_elsewhere():
    """L587-588 list 96 areas; the Chinese Army table (L1), the Minor Powers Activity
    table (L206) and the Bonus VP rules (L242) add six: 102 in all (D1)."""
    p = data.pack()
    unrest = {p.resolve(n) for n in data.SHEET_NAMES["L587"] + data.SHEET_NAMES["L588"]}
    assert len(unrest) == 96
    assert set(p.areas) - unrest == {
        "hong-kong",
        "bismarck-archipelago",
        "rio-de-oro",
        "senegambia",
        "algiers",
        "guiana",
    }
    assert len(p.areas) == 102


def test_the_sheets_variant_spellings_and_codes():
    """D2: the sheet spells some areas two ways and abbreviates others in the Casus Belli list (L1)."""
    p = data.pack()
    variants = {
        "Sanghai": "shanghai",  # L587
        "Shanghai": "shanghai",  # L1
        "Shan-Tung": "shantung",  # L587
        "Shantung": "shantung",  # L1
        "Sin-kiang": "sin-kiang",  # L588
        "Sin-Kiang": "sin-kiang",  # L1
        "IndoChina": "indo-china",  # L242
        "Indo-China": "indo-china",  # L588
        "Fed. Malay States": "fed-malay-states",  # L587
        "K.W.Land": "kaiser-wilhelms-land",
        "Bismarck Arch.": "bismarck-archipelago",
        "Kwang-Si": "kwang-si",
    }
    codes = {
        "Afg": "afghanistan",
        "Bal": "baluchistan",
        "Ben": "bengal",
        "Bur": "burma",
        "Hin": "hindoostan",
        "Kas": "kashmir",
        "Pun": "punjab",
        "Raj": "rajputana",
        "Sin": "sin-kiang",
        "Tib": "tibet",
        "UnP": "united-provinces",
        "Ser": "serbia",
        "Rum": "rumania",
        "Ana": "anatolia",
        "Man": "manchuria",
        "Mon": "mongolia",
        "Per": "persia",
    }
    for name, aid in {**variants, **codes}.items():
        assert p.resolve(name) == aid, name
    assert "Sanghai" in p.areas["shanghai"].aliases and "UnP" in p.areas["united-provinces"].aliases


def test_every_alias_and_id_resolves_to_its_own_area_whatever_the_case():
    p = data.pack()
    for a in p.areas.values():
        for name in (a.id, a.name, *a.aliases):
            assert p.resolve(name) == a.id
            assert p.resolve(name.upper()) == a.id
            assert p.resolve(f"  {name.lower()} ") == a.id
    assert p.resolve("shan tung") == p.resolve("SHAN-TUNG") == "shantung"
    assert p.resolve("Südwest Afrika") == "sudwest-afrika"


def test_an_unknown_name_is_refused_naming_the_closest():
    p = data.pack()
    with pytest.raises(KeyError) as caught:
        p.resolve("Shangai")
    assert "Shanghai" in str(caught.value) and "Shangai" in str(caught.value)
    with pytest.raises(DataError):
        p.resolve("Atlantis")


def test_powers_resolve_by_the_sheets_names():
    p = data.pack()
    assert p.resolve_power("Aus-Hun") == "austria-hungary"
    assert p.resolve_power("Nethl.") == "netherlands"
    assert p.resolve_power("Great Britain") == p.resolve_power("Br") == "britain"
    assert p.resolve_power("United States") == p.resolve_power("usa") == "usa"
    with pytest.raises(KeyError):
        p.resolve_power("Prussia")


# ----- the powers and the counter mix -------------------------------------------------------

L819 = {  # M10, M3, M1, Control, Inf/Int, Dominions/States: limit (in play at start)
    "britain": ((15, 8), (14, 4), (32, 15), (40, 15), (15, 0), (4, 1)),
    "france": ((10, 3), (10, 4), (20, 4), (20, 4), (18, 0), (0, 0)),
    "germany": ((8, 3), (10, 2), (15, 2), (15, 0), (18, 0), (0, 0)),
    "austria-hungary": ((4, 4), (1, 1), (4, 0), (4, 0), (5, 0), (0, 0)),
    "italy": ((8, 1), (8, 1), (8, 2), (8, 0), (10, 0), (0, 0)),
    "japan": ((8, 3), (8, 0), (10, 2), (10, 0), (12, 0), (0, 0)),
    "russia": ((8, 5), (8, 0), (7, 2), (7, 0), (10, 0), (0, 0)),
    "usa": ((8, 0), (10, 1), (12, 2), (12, 1), (15, 0), (4, 0)),
    "belgium": ((0, 0), (2, 2), (4, 2), (3, 0), (3, 1), (0, 0)),
    "netherlands": ((0, 0), (3, 3), (4, 4), (4, 2), (2, 0), (0, 0)),
    "portugal": ((0, 0), (1, 1), (5, 4), (3, 2), (2, 0), (0, 0)),
    "spain": ((0, 0), (5, 5), (6, 5), (6, 4), (2, 1), (0, 0)),
}


def test_the_counter_mix_is_l819():
    """L819, Britain's "40+4* (15+1)" and the USA's "12+4* (1+0)": four Dominions/States apart."""
    p = data.pack()
    assert {w.id: tuple(w.counters[k] for k in data.COUNTERS) for w in p.powers.values()} == L819
    assert [w for w in p.powers if p.powers[w].kind == "great"] == list(data.GREAT_POWERS)
    assert [w for w in p.powers if p.powers[w].kind == "minor"] == list(data.MINOR_POWERS)


# ----- the start of 1880 ----------------------------------------------------------------------


def test_the_start_matches_the_in_play_at_start_counts():
    """L819: the bracketed numbers, counted from the position of 1880."""
    p = data.pack()
    for pid, mix in L819.items():
        held = [st for w, _, st, _ in p.start.statuses if w == pid]
        units = [size for w, size, _, _ in p.start.units if w == pid]
        counted = (
            units.count("m10"),
            units.count("m3"),
            units.count("m1"),
            sum(st in ("protectorate", "possession") for st in held),
            sum(st in ("interest", "influence") for st in held),
            held.count("state"),
        )
        assert counted == tuple(at_start for _, at_start in mix), pid


def test_the_empires_of_1880():
    p = data.pack()
    held = {(w, a): st for w, a, st, _ in p.start.statuses}
    assert held[("britain", "canada")] == "state"
    assert held[("britain", "bengal")] == held[("britain", "hong-kong")] == "possession"
    assert held[("france", "algiers")] == held[("france", "cochin-china")] == "possession"
    assert held[("netherlands", "east-indies")] == "possession"
    assert held[("portugal", "angola")] == held[("portugal", "mozambique")] == "possession"
    assert {a for (w, a) in held if w == "spain"} == {"cuba", "porto-rico", "philippines", "rio-de-oro", "morocco"}
    assert held[("belgium", "kongo")] == "interest"
    assert {w for (w, a) in held if a == "guiana"} == {"britain", "france", "netherlands"}  # D8: the three Guianas
    for _, a, st, _ in p.start.statuses:
        if st == "state":
            assert p.areas[a].dominion_eligible


def test_the_areas_that_began_with_control():
    """L1: the US Casus Belli spares "an area that began the game with a Control marker"."""
    p = data.pack()
    west = {a for a in p.start.controlled if p.areas[a].map == "west"}
    assert west == {"canada", "newfoundland", "guiana", "panama", "cuba", "porto-rico"}
    assert "hawaii" not in p.start.controlled and "kongo" not in p.start.controlled
    assert len(p.start.controlled) == 27  # 29 Control markers, three of them in Guiana


def test_britain_starts_with_possessions_in_five_india_areas():
    """L242: fewer than 5 of the seven costs Britain 50 VP; it starts with exactly 5 (D8)."""
    p = data.pack()
    india = p.tagged("india")
    assert len(india) == 7
    held = {a for w, a, st, _ in p.start.statuses if w == "britain" and st == "possession"}
    assert len(held & india) == 5


def test_each_controlled_area_starts_with_an_army_of_its_controller():
    """L916: controlled areas keep at least one army unit, except States and Dominions (D10)."""
    p = data.pack()
    armies = {(w, where) for w, _, role, where in p.start.units if role == "army"}
    for w, a, st, _ in p.start.statuses:
        if st in ("protectorate", "possession"):
            assert (w, a) in armies, (w, a)


def test_units_start_at_home_in_controlled_areas_or_on_their_coasts():
    p = data.pack()
    for w, size, role, where in p.start.units:
        assert size in data.SIZES and role in data.ROLES
        if role == "naval":
            assert where in p.seas, (w, where)
        else:
            assert where == p.powers[w].home or (w, where) in {(x, a) for x, a, *_ in p.start.statuses}


def test_treasuries_and_tensions():
    """D11, D12: the sheet gives neither."""
    p = data.pack()
    assert set(p.start.treasuries) == set(data.POWERS)
    assert all(v >= 0 for v in p.start.treasuries.values())
    assert p.start.treasuries["britain"] == max(p.start.treasuries.values())
    assert p.start.eti == 0


# ----- the map ---------------------------------------------------------------------------------


def test_adjacency_is_symmetric_and_refers_to_the_map():
    p = data.pack()
    for a in p.areas.values():
        for o in a.land:
            assert a.id in p.areas[o].land
        for s in a.seas:
            assert a.id in p.seas[s].areas
        for h in a.homes:
            assert a.id in p.homes[h].land
    for s in p.seas.values():
        for o in s.adjacent:
            assert s.id in p.seas[o].adjacent
    for h in p.homes.values():
        for o in h.homes:
            assert h.id in p.homes[o].homes


def test_the_african_paths_exist_over_land():
    """L242: an East-West path (Morocco to Egypt) and a North-South path (Algiers to
    Cape Colony), traced by overland routes only."""
    p = data.pack()
    ew = p.path("morocco", "egypt")
    ns = p.path("algiers", "cape-colony")
    assert ew[0] == "morocco" and ew[-1] == "egypt"
    assert ns[0] == "algiers" and ns[-1] == "cape-colony"
    for route in (ew, ns):
        for a, b in zip(route, route[1:], strict=False):
            assert b in p.areas[a].land
            assert p.areas[a].region == "Africa"
    for one, other, _ in data.AFRICA_PATHS:
        for s in p.tagged(one):
            for g in p.tagged(other):
                assert p.connected(s, g), (s, g)


def test_a_path_through_given_areas_only():
    """The African paths run through the areas a power controls: one missing area breaks them."""
    p = data.pack()
    held = {"morocco", "algiers", "tripoli", "egypt"}
    assert p.path("morocco", "egypt", through=held) == ["morocco", "algiers", "tripoli", "egypt"]
    assert not p.connected("morocco", "egypt", through=held - {"tripoli"})
    assert not p.connected("morocco", "egypt", through={"morocco"})
    assert p.path("morocco", "morocco") == ["morocco"]


def test_the_chinese_empire_is_the_chinese_army_table():
    """L1: the 15 areas where Chinese armies may appear are the Chinese Empire of L242 (D9)."""
    p = data.pack()
    table = {p.resolve(n) for n in data.SHEET_NAMES["L1"][:15]}
    assert len(table) == 15
    assert p.tagged("chinese-empire") == table
    assert "hong-kong" in table and "formosa" not in table and "korea" not in table
    assert {a.id for a in p.areas.values() if a.region == "China"} == table


def test_the_sheets_area_lists_are_tags():
    p = data.pack()
    assert p.tagged("cb-britain") == {
        "afghanistan",
        "baluchistan",
        "bengal",
        "burma",
        "hindoostan",
        "kashmir",
        "punjab",
        "rajputana",
        "sin-kiang",
        "tibet",
        "united-provinces",
    }
    assert p.tagged("cb-austria-hungary") == {"serbia", "rumania"}
    assert p.tagged("cb-russia") == {
        "afghanistan",
        "anatolia",
        "manchuria",
        "mongolia",
        "persia",
        "rumania",
        "sin-kiang",
    }
    assert p.tagged("vp-japan") == {"siam", "cochin-china", "formosa", "indo-china"}
    assert p.tagged("european") >= {"serbia", "rumania", "bulgaria", "greece", "anatolia"}
    with pytest.raises(KeyError):
        p.tagged("no-such-tag")


def test_the_west_map_is_the_americas_and_hawaii():
    """L1 ("West map, except in Hawaii") and L242 (the US award ignores Canada, Guiana, Hawaii
    and Newfoundland on the West map)."""
    p = data.pack()
    west = {a.id for a in p.areas.values() if a.map == "west"}
    assert west == {a.id for a in p.areas.values() if a.region == "Americas"} | {"hawaii"}
    assert {"canada", "guiana", "hawaii", "newfoundland", "cuba", "panama"} <= west
    assert p.homes["usa"].map == "west" and p.homes["japan"].map == "east"


def test_states_and_dominions_only_at_ev_5_6_8_9():
    """L916: N/A at EV 1-4 and 7."""
    p = data.pack()
    eligible = {a.id for a in p.areas.values() if a.dominion_eligible}
    assert {"canada", "australia", "new-zealand", "cape-colony", "hawaii", "cuba"} <= eligible
    for a in eligible:
        assert p.areas[a].ev in (5, 6, 8, 9)
    assert all(1 <= a.ev <= 9 for a in p.areas.values())


def test_straits_and_canals():
    """L1: straits and canal access; L242: the Caribbean/South Pacific canal to be built (D7)."""
    p = data.pack()
    assert p.seas["black-sea"].passages == {"eastern-mediterranean": "the-straits"}
    assert p.seas["red-sea"].passages["eastern-mediterranean"] == "suez"
    assert "south-pacific" not in p.seas["caribbean"].adjacent
    assert {x.id for x in p.passages.values() if x.kind == "canal-site"} == {"panama-canal", "nicaragua-canal"}
    assert p.tagged("canal-site") == {"panama", "central-america"}
    assert p.tagged("canal") == {"egypt"}
    assert "anatolia" in p.tagged("straits")


def test_home_countries():
    """D6: off-map boxes, one per power, bordering the areas their empires touch."""
    p = data.pack()
    assert set(p.homes) == set(data.POWERS)
    assert {"serbia", "rumania"} <= p.homes["austria-hungary"].land
    assert {"afghanistan", "persia", "manchuria", "korea"} <= p.homes["russia"].land
    assert p.homes["usa"].land == {"canada", "mexico"}
    assert p.overland("canada") == {"newfoundland", "usa"}
    assert "germany" in p.overland("france")
    assert not p.homes["britain"].land and not p.homes["japan"].land


def test_public_is_plain_json_without_the_books():
    out = data.public()
    assert json.loads(json.dumps(out)) == out
    assert len(out["areas"]) == 102 and out["areas"]["shanghai"]["aliases"][0] == "Sanghai"
    assert "treasuries" not in out["start"] and "units" not in out["start"]
    assert out["powers"]["britain"]["counters"]["dominion"] == [4, 1]


# ----- each fault the validator finds ----------------------------------------------------------


def test_missing_provenance(folder):
    edit(folder, "areas", lambda r: r["egypt"].update(source="from memory"))
    refused(folder, "areas.json: record 'egypt': source: provenance must be")


def test_missing_provenance_of_a_starting_unit(folder):
    edit(folder, "start", lambda r: r["italy"]["units"][0].update(source=""))
    refused(folder, "start.json: record 'italy': units.0.source: provenance must be")


def test_unknown_land_neighbour(folder):
    edit(folder, "areas", lambda r: r["egypt"]["land"].append("atlantis"))
    refused(folder, "areas.json: record 'egypt': lists 'atlantis' over land, which is no area of the map")


def test_unknown_sea_zone(folder):
    edit(folder, "areas", lambda r: r["egypt"]["seas"].append("sargasso-sea"))
    refused(folder, "record 'egypt': touches the sea zone 'sargasso-sea', which is no sea zone")


def test_unknown_area_in_a_home_country(folder):
    edit(folder, "homes", lambda r: r["russia"]["land"].append("siberia"))
    refused(folder, "homes.json: record 'russia': lists 'siberia' over land, which is no area or home country")


def test_asymmetric_land_adjacency(folder):
    edit(folder, "areas", lambda r: r["tripoli"]["land"].remove("egypt"))
    refused(folder, "record 'egypt': borders 'tripoli' over land but 'tripoli' does not border it")


def test_asymmetric_sea_adjacency(folder):
    edit(folder, "seas", lambda r: r["red-sea"]["adjacent"].remove("arabian-sea"))
    refused(folder, "seas.json: record 'arabian-sea': is adjacent to 'red-sea' but 'red-sea' is not adjacent to it")


def test_an_alias_used_by_two_areas(folder):
    edit(folder, "areas", lambda r: r["fukien"]["aliases"].append("Sanghai"))
    refused(folder, "the name or alias 'Sanghai' is already used by 'shanghai'")


def test_a_sheet_name_that_does_not_resolve(folder):
    edit(folder, "areas", lambda r: r["shanghai"]["aliases"].remove("Sanghai"))
    refused(folder, "the sheet's name 'Sanghai' (L587) resolves to no area")


def test_a_renamed_area_loses_its_sheet_names(folder):
    def change(r):
        r["kambara"].update(id="bambara", name="Bambara Kingdoms", aliases=[])
        for a in r.values():
            a["land"] = ["bambara" if x == "kambara" else x for x in a["land"]]

    edit(folder, "areas", change)
    refused(folder, "the sheet's name 'Kambara' (L587) resolves to no area")


def test_the_named_lines_are_checked(folder):
    edit(folder, "areas", lambda r: r["hong-kong"].update(named=["L1"]))
    refused(folder, "record 'hong-kong': says the sheet names it in ['L1'], but it does in ['L1', 'L242']")


def test_a_dominion_eligible_area_of_ev_7(folder):
    edit(folder, "areas", lambda r: r["canada"].update(ev=7))
    refused(folder, "record 'canada': is dominion-eligible with EV 7")


def test_a_state_where_none_may_be(folder):
    def change(r):
        r["canada"]["dominion_eligible"] = False

    edit(folder, "areas", change)
    refused(folder, "start.json: record 'britain': places a State/Dominion in canada, which may not be one (L916)")


def test_a_sheet_list_that_is_not_its_tag(folder):
    edit(folder, "areas", lambda r: r["tibet"]["tags"].remove("chinese-empire"))
    refused(folder, "the tag 'chinese-empire' must hold exactly the areas of L1; missing tibet")


def test_an_unknown_tag(folder):
    edit(folder, "areas", lambda r: r["tibet"]["tags"].append("shangri-la"))
    refused(folder, "record 'tibet': carries the unknown tag 'shangri-la'")


def test_the_west_map_areas_of_the_sheet(folder):
    edit(folder, "areas", lambda r: r["hawaii"].update(map="east"))
    refused(folder, "record 'hawaii': must be on the West map (L1, L242)")


def test_start_beyond_the_counter_mix(folder):
    def change(r):
        for a in ("serbia", "rumania", "bulgaria", "greece", "anatolia"):
            r["austria-hungary"]["statuses"].append(
                {"area": a, "status": "protectorate", "established": True, "source": "authored: test"}
            )

    edit(folder, "start", change)
    refused(folder, "start.json: record 'austria-hungary': puts 5 control in play, beyond the counter mix's 4 (L819)")


def test_start_not_matching_the_in_play_at_start_count(folder):
    edit(folder, "start", lambda r: r["britain"]["statuses"].pop(0))
    refused(folder, "record 'britain': puts 14 control in play; the counter mix has 15 in play at start (L819)")


def test_units_not_matching_the_in_play_at_start_count(folder):
    edit(folder, "start", lambda r: r["russia"]["units"].pop(0))
    refused(folder, "record 'russia': puts 1 m10 in play; the counter mix has 5 in play at start (L819)")


def test_a_counter_mix_with_more_at_start_than_its_limit(folder):
    edit(folder, "powers", lambda r: r["italy"]["counters"].update(m10=[1, 2]))
    refused(folder, "powers.json: record 'italy': has 2 m10 in play at start out of a limit of 1")


def test_two_markers_of_one_power_in_one_area(folder):
    edit(folder, "start", lambda r: r["spain"]["statuses"].append(dict(r["spain"]["statuses"][0])))
    refused(folder, "record 'spain': places two status markers in cuba")


def test_an_army_where_its_power_has_no_control(folder):
    edit(folder, "start", lambda r: r["germany"]["units"][0].update(where="kongo"))
    refused(folder, "record 'germany': places an army m10 in an area it does not control")


def test_a_fleet_far_from_its_coasts(folder):
    edit(folder, "start", lambda r: r["japan"]["units"][1].update(where="caribbean"))
    refused(folder, "record 'japan': places a naval m1 in 'caribbean'")


def test_an_african_path_made_impossible(folder):
    def change(r):
        for a in ("tripoli", "sudan"):
            r["egypt"]["land"].remove(a)
            r[a]["land"].remove("egypt")

    edit(folder, "areas", change)
    refused(folder, "cannot reach egypt over land through Africa: the 10 VP path")


def test_the_south_cut_off(folder):
    def change(r):
        for a, b in (
            ("kongo", "angola"),
            ("kongo", "rhodesia"),
            ("tanganyika", "rhodesia"),
            ("tanganyika", "mozambique"),
        ):
            r[a]["land"].remove(b)
            r[b]["land"].remove(a)

    edit(folder, "areas", change)
    refused(folder, "the 15 VP path vp-africa-mediterranean -> vp-africa-south of L242 is impossible")


def test_a_passage_between_seas_that_do_not_meet(folder):
    edit(folder, "passages", lambda r: r["suez"].update(seas=["eastern-mediterranean", "indian-ocean"]))
    refused(folder, "passages.json: record 'suez': is a canal between eastern-mediterranean and indian-ocean")


def test_a_strait_shore_without_its_tag(folder):
    edit(folder, "areas", lambda r: r["anatolia"]["tags"].remove("straits"))
    refused(folder, "record 'anatolia': has the tags [] but lies on passages making it ['straits']")


def test_a_map_cut_in_two(folder):
    edit(folder, "areas", lambda r: r["hawaii"].update(seas=[]))
    refused(folder, "the map is not connected by land and sea; cut off: hawaii")


def test_a_missing_power(folder):
    path = folder / "powers.json"
    raw = json.loads(path.read_text())
    raw["records"] = [r for r in raw["records"] if r["id"] != "spain"]
    path.write_text(json.dumps(raw))
    refused(folder, "powers.json: the powers must be")
