"""Imperial Borders' data pack: what the rulebook states, the places its examples
name, and a clear refusal of a damaged pack (DATA.md). Each fault the validator
looks for is planted in a copy of the pack and must be reported by file, record
and problem."""

import json
from collections import Counter, deque

import pytest
from pack_support import copy_pack, edit
from pack_support import refused as pack_refused

from kriegsspiel.games.imperial_borders import data


@pytest.fixture
def folder(tmp_path):
    """A copy of the pack to damage."""
    return copy_pack(data.HERE, tmp_path)


def refused(folder, *messages):
    pack_refused(data.validate, folder, *messages)


def sail(p, path):
    """The sailing distance of a plotted path (L459): each region entered counts 1."""
    for a, b in zip(path, path[1:], strict=False):
        assert b in p.sea_neighbours(a), f"{b} is not next to {a}"
    return len(path) - 1


def shortest(p, start, goal):
    seen, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for there in p.sea_neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return seen[goal]


# ----- the pack as shipped --------------------------------------------------------------------


def test_the_pack_loads_and_counts():
    assert data.validate() == {
        "nations": 6,
        "territories": 70,
        "capitals": 6,
        "majors": 24,
        "minors": 40,
        "independent": 34,
        "mountains": 24,
        "ports": 59,
        "home ports": 30,
        "independent ports": 23,
        "seas": 24,
        "unit types": 6,
        "off-limits areas": 2,
    }


def test_the_default_pack_is_loaded_once_and_another_folder_afresh(folder):
    assert data.pack() is data.pack()
    assert data.pack(folder) is not data.pack(folder)
    assert data.pack(folder).territories.keys() == data.pack().territories.keys()


def test_every_record_has_provenance():
    """DATA.md rule 1."""
    for path in sorted(data.HERE.glob("*.json")):
        for r in json.loads(path.read_text())["records"]:
            assert r["source"].startswith(("rulebook L", "authored: ")), (path.name, r["id"])


def test_nations_colours_annexations_and_gold():
    """L108-113 colours, L276-281 starting Annexed Territories and Ports, L312 Gold Chests."""
    p = data.pack()
    assert {n.id: n.colour for n in p.nations.values()} == {
        "france": "blue",
        "austria": "white",
        "prussia": "gray",
        "great-britain": "red",
        "russia": "green",
        "spain": "tan",
    }
    assert {n.id: (p.territories[n.annexed_start].name, n.annexed_port) for n in p.nations.values()} == {
        "france": ("Corsica", "port-ajaccio"),
        "austria": ("Tyrol", None),
        "prussia": ("Westphalia", None),
        "great-britain": ("Hanover", "port-bremen"),
        "russia": ("Finland", "port-helsinki"),
        "spain": ("Balearic Islands", "port-palma"),
    }
    assert {n.id: n.gold_start for n in p.nations.values() if n.gold_start} == {"prussia": 5, "great-britain": 5}


def test_homelands_are_a_capital_and_four_majors():
    """L212: 5 Original Homeland Territories, 1 Capital and 4 Majors, tinted in the Nation's colour."""
    p = data.pack()
    for n in p.nations.values():
        assert len(n.homeland) == 5 and n.capital in n.homeland and len(n.majors) == 4
        assert p.territories[n.capital].tier == "capital" and p.territories[n.capital].value == 4
        for t in n.majors:
            assert p.territories[t].tier == "major" and p.territories[t].value == 2
            assert p.territories[t].homeland == n.id == p.territories[t].owner_start
    assert p.territories["lorraine"].homeland == "france"  # L928
    assert p.nations["great-britain"].capital == "england"  # L400


def test_only_britain_and_russia_have_capital_ports():
    """L143, L270: London and Liverpool, St. Petersburg."""
    p = data.pack()
    capital_ports = {port.id: port.home for port in p.ports.values() if port.tier == "capital"}
    assert capital_ports == {
        "port-london": "great-britain",
        "port-liverpool": "great-britain",
        "port-st-petersburg": "russia",
    }
    for n in p.nations.values():
        assert bool(p.territories[n.capital].ports) == (n.id in ("great-britain", "russia"))


def test_coastal_majors_have_one_or_two_homeland_ports():
    """L144, L266."""
    p = data.pack()
    for n in p.nations.values():
        for t in n.majors:
            home = [port for port in p.territories[t].ports if p.ports[port].home == n.id]
            assert len(home) <= 2
            assert all(p.ports[port].tier == "major" for port in home)
        assert n.home_ports == {port.id for port in p.ports.values() if port.home == n.id}


def test_gibraltar_and_malta():
    """L222, L268: British Major Ports, nobody's homeland Port; Andalusia is Gibraltar's Interior, Malta has none."""
    p = data.pack()
    gibraltar, malta = p.ports["port-gibraltar"], p.ports["port-malta"]
    assert (gibraltar.tier, gibraltar.owner_start, gibraltar.home, gibraltar.territory) == (
        "major",
        "great-britain",
        None,
        "andalusia",
    )
    assert (malta.tier, malta.owner_start, malta.home, malta.territory) == ("major", "great-britain", None, None)
    assert "port-gibraltar" in p.territories["andalusia"].ports
    assert "port-gibraltar" not in p.nations["spain"].home_ports | p.nations["great-britain"].home_ports


def test_independent_territories_and_ports():
    """L218: Independent Minor Territories and their Ports start uncontrolled."""
    p = data.pack()
    for t in p.territories.values():
        if t.independent:
            assert t.tier == "minor" and t.owner_start is None and t.homeland is None
            assert all(p.ports[port].owner_start is None for port in t.ports)
    assert p.territories["sweden"].special_independent and p.territories["portugal"].special_independent  # L1005
    assert sum(t.special_independent for t in p.territories.values()) == 2


def test_every_place_the_rulebook_names_is_on_the_map():
    p = data.pack()
    names = {t.name for t in p.territories.values()}
    for name in (
        "Corsica",
        "Tyrol",
        "Westphalia",
        "Hanover",
        "Finland",
        "Balearic Islands",
        "England",
        "Andalusia",
        "Leon",
        "Galicia",
        "Portugal",
        "Aragon-Catalonia",
        "Lithuania",
        "Suwalski",
        "Moldavia-Wallachia",
        "Bohemia-Styria",
        "Ruthenia",
        "Slovenia-Croatia",
        "Piedmont",
        "Naples",
        "Lombardy-Venetia",
        "Switzerland",
        "Württemberg",
        "Bavaria",
        "Kingdom of Saxony",
        "Sardinia",
        "Lorraine",
        "Sweden",
    ):
        assert name in names, name
    port_names = {port.name for port in p.ports.values()}
    for name in (
        "London",
        "Liverpool",
        "St. Petersburg",
        "Ajaccio",
        "Bremen",
        "Helsinki",
        "Palma",
        "Gibraltar",
        "Malta",
        "Corunna",
        "La Rochelle",
        "Cagliari",
        "Naples",
        "Spalato",
        "Bari",
    ):
        assert name in port_names, name


def march(p, path):
    """Check a plotted land path step by step (L432-455); the kinds of the regions passed."""
    for a, b in zip(path, path[1:], strict=False):
        assert b in p.land_neighbours(a), f"{b} is not next to {a}"
    return [p.mountains[r].colour if r in p.mountains else "territory" for r in path]


def test_the_example_of_movement_fits_the_map():
    """L903-921: every Austrian move of the Example of Movement is a legal path on the map."""
    p = data.pack()
    # L918: Piedmont -> Lombardy-Venetia -> the White Alps bordering Switzerland
    assert march(p, ["piedmont", "lombardy-venetia", "lepontine-alps"])[-1] == "white"
    assert "switzerland" in p.land_neighbours("lepontine-alps")
    # L908, L919: the White Alps south of Tyrol -> Tyrol -> Brown range -> (Cavalry bonus) Württemberg
    kinds = march(p, ["dolomites", "tyrol", "allgau-alps", "wurttemberg"])
    assert kinds == ["white", "territory", "brown", "territory"]
    assert p.mountains["dolomites"].land == {"tyrol", "lombardy-venetia"}
    # L920: Bohemia-Styria -> Bavaria -> Württemberg
    march(p, ["bohemia-styria", "bavaria", "wurttemberg"])
    # L921: Bohemia-Styria -> Brown range -> Kingdom of Saxony
    assert march(p, ["bohemia-styria", "ore-mountains", "saxony"])[1] == "brown"
    assert p.territories["saxony"].name == "Kingdom of Saxony"
    # L909, L917: the Port of Spalato is Austrian; Bari's Interior is Naples; Cagliari's is Sardinia
    assert p.ports["port-spalato"].home == "austria"
    assert p.ports["port-bari"].territory == "naples" and p.ports["port-cagliari"].territory == "sardinia"
    assert {"bohemia-styria", "ruthenia", "slovenia-croatia"} <= p.nations["austria"].homeland


def test_the_spanish_examples_fit_the_map():
    """L418-426, L447: Corunna to La Rochelle; Leon, its range towards Portugal, Aragon-Catalonia, Galicia."""
    p = data.pack()
    assert p.ports["port-corunna"].territory == "galicia" and p.ports["port-la-rochelle"].home == "france"
    assert shortest(p, "port-corunna", "port-la-rochelle") <= 6
    ranges = [m for m in p.land_neighbours("leon") if m in p.mountains and "portugal" in p.land_neighbours(m)]
    assert ranges == ["serra-da-estrela"]  # L418: the Mountain Range between Leon and Portugal
    march(p, ["serra-da-estrela", "leon", "aragon-catalonia"])  # L426: the range's Force joins Leon's
    march(p, ["leon", "serra-da-estrela", "portugal"])  # L426: over the range to Portugal
    march(p, ["leon", "galicia", "portugal"])  # L447: passing through Galicia
    assert {"leon", "galicia", "andalusia", "aragon-catalonia"} <= p.nations["spain"].homeland


def test_cagliari_to_naples_is_a_sailing_distance_of_6():
    """L465: 2 Spanish Ships visit the Port of Cagliari, then stop in the Port of Naples, a sailing distance of 6."""
    p = data.pack()
    path = [
        "port-barcelona",
        "balearic-sea",
        "western-mediterranean",
        "tyrrhenian-sea",
        "port-cagliari",
        "tyrrhenian-sea",
        "port-naples",
    ]
    assert sail(p, path) == 6
    for start in ("port-barcelona", "port-valencia", "port-cartagena", "port-palma"):
        assert shortest(p, start, "port-cagliari") + shortest(p, "port-cagliari", "port-naples") == 6, start


def test_spalato_bari_cagliari_is_within_6():
    """L917: the Austrian Frigate sails Spalato -> Bari -> Cagliari in one order, its last Sea the Tyrrhenian."""
    p = data.pack()
    path = [
        "port-spalato",
        "adriatic-sea",
        "port-bari",
        "adriatic-sea",
        "ionian-sea",
        "tyrrhenian-sea",
        "port-cagliari",
    ]
    assert sail(p, path) == 6


def test_neighbour_helpers():
    p = data.pack()
    assert p.land_neighbours("dolomites") == {"tyrol", "lombardy-venetia"}
    assert "dolomites" in p.land_neighbours("tyrol")
    assert p.sea_neighbours("port-malta") == {"central-mediterranean"}
    assert "port-malta" in p.sea_neighbours("central-mediterranean")
    assert "ionian-sea" in p.sea_neighbours("central-mediterranean")
    assert p.land_neighbours("port-naples") == frozenset() and p.sea_neighbours("naples") == frozenset()
    assert p.regions["naples"] == "territory" and p.regions["port-naples"] == "port"


def test_public_data_is_plain_json():
    """What a board needs, in JSON types only."""
    pub = data.public()
    assert json.loads(json.dumps(pub)) == pub
    assert pub["territories"]["sweden"]["special"] and data.pack().territories["sweden"].special
    assert pub["ports"]["port-malta"]["territory"] is None
    assert set(pub) == {
        "nations",
        "territories",
        "mountains",
        "ports",
        "seas",
        "offlimits",
        "no_entry",
        "units",
        "forts",
        "dice",
    }
    assert "lithuania" in pub["no_entry"]["russia"]  # L254


def test_ports_are_on_one_sea_and_never_next_to_each_other():
    """L201."""
    p = data.pack()
    for port in p.ports.values():
        assert p.sea_neighbours(port.id) == {port.sea}
        assert [s.id for s in p.seas.values() if port.id in s.ports] == [port.sea]
    for s in p.seas.values():
        assert not (s.seas & set(p.ports))


def test_mountains_border_only_territories():
    """L194, L453-455: a range is a land region between Territories, which are not adjacent across it."""
    p = data.pack()
    for m in p.mountains.values():
        assert m.colour in ("brown", "white") and len(m.land) >= 2
        assert m.land <= set(p.territories)
        for t in m.land:
            assert m.id in p.territories[t].land


def test_islands_connect_only_by_sea():
    p = data.pack()
    islands = {t.id: t.island for t in p.territories.values()}
    for t in p.territories.values():
        for o in t.land:
            if o in islands:
                assert islands[o] == t.island, (t.id, o)
    for island in {i for i in islands.values() if i}:
        assert any(p.territories[t].ports for t, i in islands.items() if i == island), island


def test_force_types_match_the_reference_chart():
    """L1024-1030, L884-889, L747, L475-476, L707-708."""
    u = data.pack().units
    row = {
        k: (v.kind, v.move, v.white, v.black, v.hp, v.cost, v.casualty, v.cargo_capacity, v.cargo_size)
        for k, v in u.items()
    }
    assert row == {
        "half-infantry": ("land", 2, 1, 0, 1, 4, 4, 0, 1),
        "full-infantry": ("land", 2, 3, 0, 2, 8, 8, 0, 2),
        "cavalry": ("land", 2, 2, 0, 1, 6, 6, 0, 2),
        "cannon": ("land", 2, 0, 1, 1, 10, 10, 0, 2),
        "frigate": ("ship", 6, 0, 1, 2, 10, 10, 2, None),
        "ship-of-the-line": ("ship", 6, 0, 2, 3, 15, 15, 4, None),
    }
    assert (u["cavalry"].white_rear, u["cavalry"].white_port, u["cavalry"].bonus_move) == (1, 1, 1)
    assert (u["frigate"].out_of_action, u["frigate"].hits_to_out_of_action) == (1, 1)
    assert (u["ship-of-the-line"].out_of_action, u["ship-of-the-line"].hits_to_out_of_action) == (1, 2)
    assert {k: v.elite_die for k, v in u.items()} == {
        "half-infantry": "white",
        "full-infantry": "white",
        "cavalry": "white",
        "cannon": "black",
        "frigate": "black",
        "ship-of-the-line": "black",
    }


def test_fortifications_and_casualty_tokens():
    """L700, L1026: 4/2/1 Black Dice and HP; L747: pennant 5, Blue Morale 10, Red Morale -10."""
    p = data.pack()
    assert {t: (f.dice, f.hp, f.value) for t, f in p.forts.items()} == {
        "capital": (4, 4, 4),
        "major": (2, 2, 2),
        "minor": (1, 1, 1),
    }
    assert p.casualty == {"pennant": 5, "blue-morale": 10, "red-morale": -10}


def test_dice_have_six_faces_of_the_named_kinds():
    """L156-159, L668, L685; the counts are DATA_RULINGS D2."""
    dice = data.pack().dice
    assert Counter(dice["black"]) == {"blast": 2, "double-blast": 1, "bar": 1, "blank": 2}
    assert Counter(dice["white"]) == {"blue-blast": 1, "red-blast": 1, "bar": 1, "blank": 3}


def test_player_counts():
    """L230-235."""
    pc = data.pack().player_counts
    assert {k: (c.players, c.nations_per_player, set(c.neutral)) for k, c in pc.items()} == {
        "6": (6, 1, set()),
        "5": (5, 1, {"spain"}),
        "4": (4, 1, {"spain", "russia"}),
        "3": (3, 2, set()),
        "2A": (2, 3, set()),
        "2B": (2, 2, {"spain", "russia"}),
    }


def test_neutral_nations_close_their_lands():
    """L249-254, DATA_RULINGS D6, D8."""
    p = data.pack()
    russia, spain = p.no_entry["russia"], p.no_entry["spain"]
    assert p.nations["russia"].homeland | p.nations["russia"].home_ports <= russia
    assert {"finland", "port-helsinki", "lithuania", "suwalski", "moldavia-wallachia", "port-galatz"} <= russia
    assert {"balearic-islands", "port-palma", "andalusia", "port-cadiz"} <= spain
    assert "port-gibraltar" not in spain and p.isolated["spain"] == {"port-gibraltar"}
    for t in ("lithuania", "suwalski", "moldavia-wallachia"):
        assert p.territories[t].independent


def test_the_default_setup_is_legal():
    """L285-292, L302: the default placement holds the Starting Forces, the limits and one Elite."""
    p = data.pack()
    for n in p.nations.values():
        assert Counter(unit for unit, _, _ in n.setup) == n.forces_start
        assert [unit for unit, _, elite in n.setup if elite] == [n.elite_start]
        land = Counter(region for unit, region, _ in n.setup if p.units[unit].kind == "land")
        assert max(land.values()) <= 3 and set(land) <= n.homeland | {n.annexed_start}
        assert {"cannon", "full-infantry"} & {unit for unit, region, _ in n.setup if region == n.capital}
    assert p.nations["france"].forces_start["half-infantry"] == 6  # L300
    assert p.nations["austria"].forces_start["half-infantry"] == 6
    assert p.nations["spain"].forces_start["frigate"] == 2  # L297, L299


def test_no_region_lies_in_the_ottoman_areas():
    """L224."""
    p = data.pack()
    assert set(p.offlimits) == {"ottoman-balkans", "ottoman-north-africa"}
    for coll in (p.territories, p.mountains, p.ports, p.seas):
        for r in coll.values():
            for o in p.offlimits.values():
                assert not data._inside(r.lat, r.lon, o.outline), (r.id, o.id)
    assert data._inside(43.86, 18.41, p.offlimits["ottoman-balkans"].outline)  # Sarajevo


# ----- each fault the validator looks for -----------------------------------------------------


def test_a_missing_provenance_is_refused(folder):
    edit(folder, "territories", lambda r: r["tyrol"].pop("source"))
    refused(folder, "record 'tyrol': source: Field required")


def test_a_provenance_of_the_wrong_form_is_refused(folder):
    edit(folder, "mountains", lambda r: r["jura"].update(source="from memory"))
    refused(folder, "record 'jura': source: provenance must be")


def test_a_broken_reference_is_refused(folder):
    edit(folder, "territories", lambda r: r["tyrol"]["land"].append("atlantis"))
    refused(folder, "territories.json: record 'tyrol': borders 'atlantis', which is no region of the map")


def test_an_asymmetric_border_is_refused(folder):
    edit(folder, "territories", lambda r: r["tyrol"]["land"].remove("bavaria"))
    refused(folder, "territories.json: record 'bavaria': borders 'tyrol' but 'tyrol' does not border it")


def test_an_asymmetric_sea_is_refused(folder):
    edit(folder, "seas", lambda r: r["black-sea"]["seas"].remove("aegean-sea"))
    refused(folder, "seas.json: record 'aegean-sea': touches 'black-sea' but 'black-sea' does not touch it")


def test_a_port_on_two_seas_is_refused(folder):
    edit(folder, "seas", lambda r: r["adriatic-sea"]["ports"].append("port-naples"))
    refused(folder, "ports.json: record 'port-naples': must lie on exactly one Open Sea (L201)")


def test_a_port_on_no_sea_is_refused(folder):
    edit(folder, "seas", lambda r: r["tyrrhenian-sea"]["ports"].remove("port-naples"))
    refused(folder, "ports.json: record 'port-naples': must lie on exactly one Open Sea (L201)")


def test_a_port_next_to_a_port_is_refused(folder):
    edit(folder, "ports", lambda r: r["port-bari"].update(sea="port-naples"))
    refused(folder, "record 'port-bari': touches the Port 'port-naples'; Ports are never adjacent")


def test_a_port_among_a_seas_neighbours_is_refused(folder):
    edit(folder, "seas", lambda r: r["tyrrhenian-sea"]["seas"].append("port-bari"))
    refused(folder, "seas.json: record 'tyrrhenian-sea': lists the Port 'port-bari' among its adjacent seas")


def test_a_port_as_a_territorys_neighbour_is_refused(folder):
    edit(folder, "territories", lambda r: r["naples"]["land"].append("port-naples"))
    refused(folder, "record 'naples': lists the port 'port-naples' as a land neighbour")


def test_a_mountain_bordering_a_sea_is_refused(folder):
    edit(folder, "mountains", lambda r: r["dolomites"]["land"].append("adriatic-sea"))
    refused(folder, "record 'dolomites': borders the sea 'adriatic-sea'; Mountain Ranges border only Territories")


def test_a_mountain_bordering_a_mountain_is_refused(folder):
    def change(r):
        r["dolomites"]["land"].append("rhaetian-alps")
        r["rhaetian-alps"]["land"].append("dolomites")

    edit(folder, "mountains", change)
    refused(folder, "record 'dolomites': borders the mountain 'rhaetian-alps'")


def test_a_homeland_of_the_wrong_size_is_refused(folder):
    edit(folder, "territories", lambda r: r["lorraine"].update(homeland="prussia", owner_start="prussia"))
    refused(folder, "the homeland of france has 1 Capital and 3 Major Territories; it must have 1 Capital and 4 Majors")


def test_a_homeland_port_off_the_homeland_is_refused(folder):
    edit(folder, "ports", lambda r: r["port-genoa"].update(home="austria", owner_start="austria"))
    refused(folder, "record 'port-genoa': is a homeland Port of austria on piedmont, which is not its homeland")


def test_a_third_homeland_port_is_refused(folder):
    def change(r):
        r["port-bordeaux"].update(territory="normandy-brittany")

    edit(folder, "ports", change)
    refused(folder, "record 'normandy-brittany': has 3 homeland Ports; a Major Territory has 1 or 2 (L144)")


def test_a_coastal_capital_for_another_nation_is_refused(folder):
    edit(folder, "ports", lambda r: r["port-le-havre"].update(territory="ile-de-france", tier="capital"))
    refused(folder, "only Great Britain (2) and Russia (1) have Capital Ports (L143, L270)")


def test_an_island_joined_to_the_mainland_is_refused(folder):
    def change(r):
        r["corsica"]["land"].append("provence")
        r["provence"]["land"].append("corsica")

    edit(folder, "territories", change)
    refused(folder, "record 'corsica': lies on the island 'corsica' but borders 'provence' by land")


def test_a_cut_off_land_is_refused(folder):
    def change(r):
        r["montenegro"]["land"].remove("slovenia-croatia")
        r["slovenia-croatia"]["land"].remove("montenegro")

    edit(folder, "territories", change)
    refused(folder, "the mainland is not one land mass; cut off: montenegro")


def test_a_cut_off_sea_is_refused(folder):
    def change(r):
        r["black-sea"]["seas"].remove("aegean-sea")
        r["aegean-sea"]["seas"].remove("black-sea")

    edit(folder, "seas", change)
    refused(folder, "the Open Seas and Ports are not one body of water; cut off: black-sea, port-galatz")


def test_an_island_without_a_port_is_refused(folder):
    edit(folder, "ports", lambda r: r["port-corfu"].update(territory=None))
    refused(folder, "the island 'ionian-islands' has no Port")


def test_too_many_land_units_in_a_territory_are_refused(folder):
    def change(r):
        r["france"]["placements"].append({"unit": "half-infantry", "region": "lorraine"})

    edit(folder, "setup", change)
    refused(folder, "setup.json: record 'france': places 4 Land Units in lorraine; the limit is 3 (L290)")


def test_a_capital_without_cannon_or_full_infantry_is_refused(folder):
    def change(r):
        for pl in r["france"]["placements"]:
            if pl["region"] == "ile-de-france":
                pl["region"] = "aquitaine"

    edit(folder, "setup", change)
    refused(folder, "record 'france': needs a Cannon or a Full Infantry in its Capital ile-de-france (L292)")


def test_a_land_unit_outside_its_lands_is_refused(folder):
    def change(r):
        for pl in r["france"]["placements"]:
            if pl["region"] == "corsica":
                pl["region"] = "sardinia"

    edit(folder, "setup", change)
    refused(folder, "record 'france': places a half-infantry in the territory 'sardinia'; Land Units start")


def test_a_land_unit_in_a_mountain_range_is_refused(folder):
    def change(r):
        for pl in r["france"]["placements"]:
            if pl["region"] == "corsica":
                pl["region"] = "pyrenees"

    edit(folder, "setup", change)
    refused(folder, "places a half-infantry in the mountain 'pyrenees'; Land Units start in their homeland")


def test_a_ship_in_a_foreign_or_minor_port_is_refused(folder):
    def change(r):
        for pl in r["france"]["placements"]:
            if pl["unit"] == "frigate":
                pl["region"] = "port-naples"

    edit(folder, "setup", change)
    refused(folder, "record 'france': places a frigate in 'port-naples'; Ships start in their own Capital or Major")


def test_a_setup_that_does_not_match_the_starting_forces_is_refused(folder):
    edit(folder, "nations", lambda r: r["spain"]["forces_start"].update(cannon=2))
    refused(folder, "setup.json: record 'spain': places")


def test_two_elites_are_refused(folder):
    def change(r):
        for pl in r["spain"]["placements"]:
            pl["elite"] = pl["unit"] == "frigate"

    edit(folder, "setup", change)
    refused(folder, "record 'spain': marks ['frigate', 'frigate'] Elite; it has exactly one, a frigate (L302)")


def test_a_die_with_five_faces_is_refused(folder):
    edit(folder, "dice", lambda r: r["black"]["faces"].pop())
    refused(folder, "dice.json: record 'black': has 5 faces; a die has 6")


def test_a_die_face_of_another_name_is_refused(folder):
    edit(folder, "dice", lambda r: r["white"]["faces"].__setitem__(0, "double-blast"))
    refused(folder, "dice.json: record 'white': has faces ['double-blast']")


def test_a_die_lacking_a_named_face_is_refused(folder):
    edit(folder, "dice", lambda r: r["black"]["faces"].__setitem__(2, "blast"))
    refused(folder, "dice.json: record 'black': lacks the face(s) ['double-blast']")


def test_a_wrong_player_count_is_refused(folder):
    edit(folder, "player-counts", lambda r: r["5"].update(neutral=[]))
    refused(folder, "player-counts.json: record '5': players x Nations each + Neutral Nations must make the 6 Nations")


def test_a_region_in_the_ottoman_area_is_refused(folder):
    edit(folder, "territories", lambda r: r["serbia"].update(lat=43.86, lon=18.41))
    refused(folder, "territories.json: record 'serbia': lies inside the off-limits area ottoman-balkans (L224)")


def test_an_id_used_by_two_kinds_of_region_is_refused(folder):
    edit(folder, "ports", lambda r: r["port-naples"].update(id="naples"))
    refused(folder, "ports.json: record 'naples': the id is already used in territories.json")


def test_corrupt_json_is_refused(folder):
    (folder / "seas.json").write_text("{ not json")
    refused(folder, "seas.json: not valid JSON")


def test_another_games_file_is_refused(folder):
    edit(folder, "dice", lambda r: None)
    raw = json.loads((folder / "dice.json").read_text())
    raw["game"] = "first-world-war"
    (folder / "dice.json").write_text(json.dumps(raw))
    refused(folder, "holds 'dice' of 'first-world-war', expected 'dice' of 'imperial-borders'")
