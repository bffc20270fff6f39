"""Imperial Elegy's world pack: what the rulebook states, the places its examples name,
and a clear refusal of a damaged pack (DATA.md). Each fault the validator looks for is
planted in a copy of the pack and must be reported."""

import json
from pathlib import Path

import pytest
from pack_support import copy_pack, edit
from pack_support import refused as pack_refused

from kriegsspiel.engine import DataError
from kriegsspiel.games.imperial_elegy import data

WORLD = ("spaces", "links", "naval_boxes", "flashpoints", "powers", "minors", "setup")


@pytest.fixture
def folder(tmp_path):
    """A copy of the pack to damage."""
    return copy_pack(data.HERE, tmp_path, WORLD)


def refused(folder, *messages):
    pack_refused(data.pack, folder, *messages)


# ----- the pack as shipped --------------------------------------------------------------------


def test_the_pack_loads_and_counts():
    counts = data.validate()
    assert counts["naval boxes"] == 9  # 3.2.9
    assert counts["capitals"] == 7  # six players and the US; Italy's Rome is a key until unification
    assert counts["subcapitals"] == 3  # AU, RU, OT (3.2.2 L186)
    assert counts["setups"] == 3
    assert counts["spaces"] >= 150 and counts["land links"] >= 240


def test_every_space_the_rulebook_names_resolves():
    """Each space the rulebook names is on the map, and the rulebook's text names it
    (the list is checked against the text, so a name cannot be invented)."""
    p = data.pack()
    text = Path(__file__).resolve().parents[3] / "shared" / "rulebooks" / "000_a5b0d7cac330d384.txt"
    rulebook = text.read_text() if text.exists() else None
    for name, sid in data.RULEBOOK_NAMES.items():
        assert sid in p.spaces, name
        if rulebook is not None:
            assert name in rulebook, f"{name} is not named in the rulebook"


def test_links_are_symmetric_and_typed():
    p = data.pack()
    for a, nbrs in p.adjacency.items():
        for b, kind in nbrs.items():
            assert p.adjacency[b][a] == kind
            assert kind in ("clear", "difficult", "severe", "off-map", "tsrr")


def test_land_battle_example_adjacencies():
    """18.0 example, L1031-1046: Berlin attacks Saxony with support from Silesia (adjacent to
    both); Hanover is adjacent to Berlin; Bohemia's Austrians and Bavaria to Saxony; then
    Saxony attacks Bohemia with no difficult-connection modifier, and AU retreats to Vienna."""
    p = data.pack()
    assert p.link("berlin", "saxony") == "clear"
    assert p.link("silesia", "berlin") and p.link("silesia", "saxony") == "clear"
    assert p.link("hanover", "berlin")
    assert p.link("bohemia", "saxony") == "clear"  # image 2: "No other land battle modifiers"
    assert p.link("bavaria", "saxony") and p.link("bavaria", "bohemia")
    assert p.link("bohemia", "vienna")
    assert not p.link("bohemia", "berlin")  # AU supports only via the defender (one army)


def test_naval_and_amphibious_example_adjacencies():
    """19.8 example L1108-1113 (Baltic ports: Prussia, St Petersburg, Denmark,
    Schleswig-Holstein); 19.10 example L1126-1130 (Brittany on the North Atlantic, retreat to
    Paris); 12.3 examples L646-647."""
    p = data.pack()
    baltic = p.naval_boxes["baltic"].ports
    assert {"prussia", "st-petersburg", "denmark", "schleswig-holstein"} <= baltic
    assert "brittany" in p.naval_boxes["north-atlantic"].ports and p.link("brittany", "paris")
    assert "sevastopol" in p.naval_boxes["black-sea"].ports
    assert "aden" in p.naval_boxes["indian-ocean"].ports and "singapore" in p.naval_boxes["indian-ocean"].ports
    assert "london" in p.naval_boxes["north-atlantic"].ports
    assert set(p.spaces["gibraltar"].ports) == {"north-atlantic", "western-med"}  # 3.2.7 L218


def test_verdun_example_adjacencies():
    """28.2 example L1432-1437: Belgium attacks Champagne; Picardy supports with both armies
    (adjacent to both); Alsace-Lorraine, Burgundy and Paris are next to Champagne."""
    p = data.pack()
    assert p.link("belgium", "champagne")
    assert p.link("picardy", "belgium") and p.link("picardy", "champagne")
    for s in ("alsace-lorraine", "burgundy", "paris"):
        assert p.link(s, "champagne")
    assert p.link("pomerania", "prussia") and p.link("prussia", "poland")  # 33.5 L1568


def test_european_waters_and_special_passages():
    p = data.pack()
    b = p.naval_boxes
    assert {k for k, v in b.items() if v.european} == {
        "baltic",
        "north-atlantic",
        "western-med",
        "eastern-med",
        "black-sea",
    }
    assert b["black-sea"].adjacent == {"eastern-med"}  # L227
    assert b["baltic"].adjacent == {"north-atlantic"} and b["baltic"].passages["north-atlantic"][0] == "denmark"
    assert b["eastern-med"].passages["indian-ocean"] == ("egypt", "suez-canal")
    assert b["eastern-med"].passages["black-sea"][0] == "dardanelles"
    assert {"north-atlantic", "western-med"} <= b["south-atlantic"].adjacent  # 12.3 L640


def test_uk_starts_with_eight_power_projection():
    """3.3.1 L252: 2 North Atlantic, 1 Western Med, 1 South Atlantic, 1 Indian Ocean, 2 Pacific,
    1 South and Central Pacific; four naval units cap it at 8."""
    p = data.pack()
    st = p.setups["1850"]
    ctl = data.control_at(data._read(data.HERE), st)
    per_box = {}
    for bid, box in p.naval_boxes.items():
        mine = [s for s in box.ports if ctl[s] == "uk"]
        if mine:
            base = any(p.spaces[s].type == "naval-base" for s in mine)
            land = any(p.spaces[s].type != "naval-base" for s in mine)
            per_box[bid] = 2 if base and land else 1
    assert per_box == {"north-atlantic": 2, "western-med": 1, "south-atlantic": 1, "indian-ocean": 1,
                       "pacific": 2, "south-central-pacific": 1}  # fmt: skip
    naval = sum(u.count for u in st.units if u.owner == "uk" and u.unit == "squadron")
    assert naval == 4 and min(sum(per_box.values()), 2 * naval) == 8


def test_rulebook_facts_on_spaces():
    p = data.pack()
    s = p.spaces
    assert s["egypt"].homes == {"ot", "egypt"}  # L209
    assert s["algeria"].pacification == 0 and s["dagestan"].pacification == 0  # L696
    assert s["ethiopia"].rebels == "ethiopian"  # L700
    assert s["istanbul"].stacking == 2 and s["paris"].stacking == 3 and s["india"].stacking == 2  # 5.5.1
    assert s["dardanelles"].controlled_with == "istanbul"  # 3.4.1
    assert s["benghazi"].controlled_with == "tripoli" and s["sinai"].controlled_with == "egypt"  # 3.4.4
    assert "germany" in s["saxony"].flashpoints and "italy" in s["piedmont"].flashpoints
    assert "africa" in s["egypt"].flashpoints and "suez" in s["egypt"].flashpoints
    assert {"algeria", "canada", "south-africa", "india", "bengal", "singapore", "australia"} <= {
        k for k, v in s.items() if v.colonial_home
    }  # 3.2.5 L201
    assert len(p.powers["au"].nationalities) == 8  # L1563


def test_manpower_table_and_fr_example():
    """20.5 example L1150-1151: 8 territorial keys give FR 3 manpower, 9 gave 4."""
    fr = data.pack().powers["fr"]
    assert fr.manpower_for(8) == 3 and fr.manpower_for(9) == 4


def test_setups_start_every_player_neutral():
    for st in data.pack().setups.values():
        for t in st.tracks.values():
            assert t.alliance == "neutral" and t.mpit == {"neutral": 1, "entente": 0, "alliance": 0}  # 8.5 L425


def test_public_is_plain_json():
    json.dumps(data.public())


# ----- each validator rule catches a planted fault ------------------------------------------


def test_refuses_missing_provenance(folder):
    edit(folder, "spaces", lambda by, recs: by["berlin"].pop("source"))
    with pytest.raises(DataError, match="berlin"):
        data.pack(folder)


def test_refuses_a_missing_named_space(folder):
    edit(folder, "spaces", lambda by, recs: recs.remove(by["dagestan"]))
    refused(folder, "'Dagestan'")


def test_refuses_a_map_without_a_space_the_decks_name(folder):
    edit(folder, "spaces", lambda by, recs: recs.remove(by["afghanistan"]))
    refused(folder, "the decks name the space 'afghanistan', which is not on the map")


def test_refuses_a_link_to_nowhere(folder):
    edit(
        folder,
        "links",
        lambda by, recs: recs.append(
            {"id": "x", "a": "berlin", "b": "atlantis", "type": "clear", "source": "authored: x"}
        ),
    )
    refused(folder, "unknown space 'atlantis'")


def test_refuses_a_doubled_link(folder):
    edit(
        folder,
        "links",
        lambda by, recs: recs.append(
            {"id": "y", "a": "saxony", "b": "berlin", "type": "clear", "source": "authored: x"}
        ),
    )
    refused(folder, "linked 2 times")


def test_refuses_a_cross_map_link_not_off_map(folder):
    edit(folder, "links", lambda by, recs: by["egypt/sudan"].update(type="clear"))
    refused(folder, "off-map links")


def test_refuses_an_unreturned_naval_link(folder):
    edit(folder, "naval_boxes", lambda by, recs: by["baltic"]["adjacent"].append("black-sea"))
    refused(folder, "'baltic' -> 'black-sea' is not returned")


def test_refuses_a_tenth_naval_box(folder):
    edit(folder, "naval_boxes", lambda by, recs: recs.append(dict(by["pacific"], id="arctic", adjacent=[])))
    refused(folder, "10 boxes")


def test_refuses_a_port_on_an_unknown_box(folder):
    edit(folder, "spaces", lambda by, recs: by["london"].update(ports=["north-sea"]))
    refused(folder, "unknown naval box 'north-sea'")


def test_refuses_a_flashpoint_threshold_too_high(folder):
    edit(folder, "flashpoints", lambda by, recs: by["low-countries"].update(threshold=3))
    refused(folder, "threshold 3 above")


def test_refuses_a_germany_flashpoint_not_matching_the_symbols(folder):
    edit(folder, "flashpoints", lambda by, recs: by["germany"]["spaces"].remove("hesse"))
    refused(folder, "unification spaces")


def test_refuses_a_second_capital(folder):
    edit(folder, "spaces", lambda by, recs: by["silesia"].update(type="capital"))
    refused(folder, "'ge' has 2 capitals")


def test_refuses_a_manpower_table_breaking_l1150(folder):
    edit(folder, "powers", lambda by, recs: by["fr"].update(keys_to_manpower=[[0, 1], [8, 4]]))
    refused(folder, "8 keys must give 3 manpower")


def test_refuses_ge_naval_counters_above_l295(folder):
    edit(folder, "powers", lambda by, recs: by["ge"]["counters"].update(squadron=3))
    refused(folder, "2 squadrons and 2 dreadnoughts")


def test_refuses_overstacking(folder):
    def add(by, recs):
        by["1850"]["units"].append({"owner": "ot", "unit": "turkish-army", "where": "istanbul", "count": 2})

    edit(folder, "setup", add)
    refused(folder, "3 armies in 'istanbul', stacking limit 2")


def test_refuses_an_overfull_port(folder):
    edit(
        folder,
        "setup",
        lambda by, recs: by["1850"]["units"].append({"owner": "uk", "unit": "squadron", "where": "london", "count": 3}),
    )
    refused(folder, "5 naval units in 'london'")


def test_refuses_an_army_in_a_naval_base(folder):
    edit(
        folder,
        "setup",
        lambda by, recs: by["1850"]["units"].append({"owner": "uk", "unit": "indian-army", "where": "hong-kong"}),
    )
    refused(folder, "naval bases")


def test_refuses_a_unit_in_someone_elses_space(folder):
    edit(folder, "setup", lambda by, recs: by["1850"]["units"].append({"owner": "fr", "unit": "ec", "where": "berlin"}))
    refused(folder, "fr ec in 'berlin', which 'ge' controls")


def test_refuses_wrong_manpower(folder):
    edit(folder, "setup", lambda by, recs: by["1850"]["tracks"]["fr"]["manpower"].update(territorial=5))
    refused(folder, "'fr' territorial manpower 5")


def test_refuses_armies_above_manpower(folder):
    edit(
        folder,
        "setup",
        lambda by, recs: by["1850"]["units"].append({"owner": "fr", "unit": "army", "where": "brittany"}),
    )
    refused(folder, "4 standing armies, manpower 3")


def test_refuses_reserves_above_industry(folder):
    edit(folder, "setup", lambda by, recs: by["1850"]["tracks"]["ge"].update(reserves=3))
    refused(folder, "reserve armies")


def test_refuses_a_minor_in_the_build_box_not_listed_in_red(folder):
    edit(
        folder,
        "setup",
        lambda by, recs: by["1850"]["units"].append({"owner": "spain", "unit": "army", "where": "build-box"}),
    )
    refused(folder, "not listed in red")


def test_refuses_counters_beyond_the_mix(folder):
    edit(
        folder,
        "setup",
        lambda by, recs: by["1850"]["units"].append({"owner": "hanover", "unit": "army", "where": "hanover"}),
    )
    refused(folder, "counter mix 1")


def test_refuses_egypt_without_its_dual_home(folder):
    edit(folder, "spaces", lambda by, recs: by["egypt"].update(dual_home=None))
    refused(folder, "dual home")


def test_refuses_a_diplomacy_marker_outside_a_minor(folder):
    def add(by, recs):
        by["1850"]["markers"].append({"kind": "diplomacy", "space": "paris", "power": "ge", "source": "authored: x"})

    edit(folder, "setup", add)
    refused(folder, "not a minor power space")


def test_refuses_a_set_up_that_leaves_out_a_card_of_its_own_decade(tmp_path):
    """D23: a set-up leaves out only one-time cards of the decades before it."""
    whole = copy_pack(data.HERE, tmp_path)
    edit(whole, "setup", lambda by: by["1870"]["removed"].append("paris-commune"))  # an 1870s card
    with pytest.raises(DataError, match="paris-commune"):
        data.validate(whole)


def test_d23_the_later_set_ups_leave_out_the_events_that_have_happened():
    """D23: in 1870 and 1880 Dual Monarchy, the Suez Canal, the Crimean War and the other one-time
    events of earlier decades are out of the deck (the set-ups show them played), and Japan is in
    play (3.4.6 L276: the Meiji Restoration came in 1868). They were all dealt again, and Japan,
    its army on the map, waited for its card."""
    from kriegsspiel.games import load
    from kriegsspiel.games.imperial_elegy import world

    game = load("imperial-elegy")
    for scenario, gone, kept in (("1870", "dual-monarchy", "ems-dispatch"), ("1880", "ems-dispatch", None)):
        s = game.new(seed=1, scenario=scenario)
        held = set(s["deck"]) | {c for p in s["powers"].values() for c in p["hand"]}
        assert gone in s["removed"] and not {"suez-canal", "crimean-war", "meiji-restoration", gone} & held
        if kept:
            assert kept in held and kept not in s["removed"]
        assert "japan" in world.minors_in_play(s)
    s = game.new(seed=1)
    assert s["removed"] == [] and "japan" not in world.minors_in_play(s)
