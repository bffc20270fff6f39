"""Imperial Borders, Phase 4 - On the March for the Active Nation (rulebook L512-563):
the Example of Movement (L899-925), Blocked Movement and permissions (L236-241,
L545-548), Special Movement (L549-555), Cargo Management (L467-498), neutral
regions (L249-254), Revolts (L980-995) and Trading (L997-1004)."""

import json
import random

import pytest
from ib_march_support import (
    AUSTRIA,
    BRITAIN,
    FRANCE,
    PRUSSIA,
    RUSSIA,
    SPAIN,
    P,
    aboard,
    act,
    acts,
    answer_battles,
    at,
    battle_choice,
    begin,
    fresh,
    game,
    place,
    plot_round,
    pub,
    set_orders,
    start_turn,
    state_name,
    tags,
    top,
)

from kriegsspiel.engine import IllegalAction
from kriegsspiel.games.imperial_borders import board, bots_march
from kriegsspiel.games.imperial_borders.data import pack

SPALATO_TO_CAGLIARI = ["adriatic-sea", "port-bari", "adriatic-sea", "ionian-sea", "tyrrhenian-sea", "port-cagliari"]


def kinds(s, fids):
    return sorted(s["forces"][x]["type"] for x in fids)


def pick_all(s, role, wanted):
    """Answer ``orders_pick`` with these forces (in order) until the group is formed."""
    while state_name(s) == "orders_pick":
        options = [a["pick"] for a in acts(s, role)]
        for fid in wanted:
            same = [o for o in options if board.describe(s, o) == board.describe(s, fid)]
            if same:
                wanted = [w for w in wanted if w != fid]
                act(s, role, {"pick": same[0]})
                break
        else:
            raise AssertionError(f"none of {wanted} can be picked from {options}")


# ----- the Example of Movement ---------------------------------------------------------------------


def example_of_movement():
    """L899-907 Austria's forces at the start of the round, and Prussia's in Bavaria and
    in the Kingdom of Saxony (which it reached first, L919). The Port of Bari, where the
    Frigate pauses to load (L911), must be held by Austria for Cargo Management (L483):
    in the example it was seized earlier."""
    s = fresh()
    f = {}
    f["frigate"] = place(s, AUSTRIA, "frigate", "port-spalato")[0]
    f["slovenia"] = place(s, AUSTRIA, "half-infantry", "slovenia-croatia", 2)
    f["naples"] = place(s, AUSTRIA, "half-infantry", "naples")[0]
    f["bohemia"] = (
        place(s, AUSTRIA, "full-infantry", "bohemia-styria")
        + place(s, AUSTRIA, "cavalry", "bohemia-styria")
        + place(s, AUSTRIA, "half-infantry", "bohemia-styria")
        + place(s, AUSTRIA, "cannon", "bohemia-styria")
    )
    f["ruthenia"] = place(s, AUSTRIA, "half-infantry", "ruthenia")[0]
    f["piedmont"] = place(s, AUSTRIA, "cavalry", "piedmont") + place(s, AUSTRIA, "half-infantry", "piedmont")
    f["alps"] = place(s, AUSTRIA, "cavalry", "dolomites")[0]  # the White range south of Tyrol
    f["bavaria"] = place(s, PRUSSIA, "full-infantry", "bavaria", 2)
    f["saxony"] = place(s, PRUSSIA, "half-infantry", "saxony")[0]
    s["control"]["port-bari"] = AUSTRIA
    plot_round(
        s,
        {
            AUSTRIA: [
                ("port-spalato", SPALATO_TO_CAGLIARI, 1),
                ("piedmont", ["lombardy-venetia", "lepontine-alps"], 2),
                ("dolomites", ["tyrol", "allgau-alps"], 1),
                ("bohemia-styria", ["bavaria", "wurttemberg"], 3),
                ("bohemia-styria", ["ore-mountains", "saxony"], 1),
            ]
        },
    )
    return s, f


def test_golden_example_of_movement():
    """L899-925 The Example of Movement, played on the pack's map."""
    s, f = example_of_movement()
    start_turn(s, AUSTRIA)
    # Step A: the Planning Map is reviewed; nothing is faulty
    assert [o["status"] for o in s["orders"][AUSTRIA]] == ["plotted"] * 5
    assert sum(line.startswith("Austria's order ") for line in pub(s)) == 5
    # Step B: no battle to fight before moving
    assert acts(s, AUSTRIA)[-1] == "march" and not any("battle" in a for a in acts(s, AUSTRIA) if isinstance(a, dict))
    act(s, AUSTRIA, "march")

    # L911 the Frigate loads 1 Half Infantry in Spalato, sails to Bari, loads a 2nd...
    hi1, hi2 = f["slovenia"][0], f["naples"]
    act(s, AUSTRIA, {"load": hi1, "onto": f["frigate"]})
    act(s, AUSTRIA, {"execute": 1})
    assert state_name(s) == "march_step" and top(s)["region"] == "adriatic-sea"
    act(s, AUSTRIA, "continue")
    assert top(s)["region"] == "port-bari"
    act(s, AUSTRIA, {"load": hi2, "onto": f["frigate"]})
    assert board.cargo_room(s, f["frigate"]) == 0  # at maximum capacity (L475)
    for region in ("port-bari", "adriatic-sea", "ionian-sea", "tyrrhenian-sea"):
        assert top(s)["region"] == region
        act(s, AUSTRIA, "continue")
    # ...to Cagliari, where it must stop (its order ends there), seizes the Port...
    assert state_name(s) == "march_orders" and at(s, f["frigate"]) == "port-cagliari"
    assert at(s, hi1) == at(s, hi2) == "port-cagliari"
    assert tags(s, f["frigate"]) == ["blue"] and tags(s, hi1) == []  # Cargo's tags are separate (L547)
    act(s, AUSTRIA, {"seize": "port-cagliari"})
    assert s["control"]["port-cagliari"] == AUSTRIA
    # ...and unloads all Cargo into Sardinia (Blue tags, L491)
    act(s, AUSTRIA, {"unload": hi1})
    act(s, AUSTRIA, {"unload": hi2})
    assert at(s, hi1) == at(s, hi2) == "sardinia" and tags(s, hi1) == tags(s, hi2) == ["blue"]

    # L915 Piedmont -> Lombardy-Venetia -> the White Alps bordering Switzerland: no bonus
    act(s, AUSTRIA, {"execute": 2})
    assert state_name(s) == "march_orders"
    assert [at(s, x) for x in f["piedmont"]] == ["lepontine-alps", "lepontine-alps"]
    assert "The Cavalry entered a White Mountain Range: no Bonus Movement." in pub(s)

    # L917 the Cavalry from the White range south of Tyrol through Tyrol into the Brown
    # range bordering Württemberg, then by its Bonus Movement into Württemberg
    act(s, AUSTRIA, {"execute": 3})
    assert state_name(s) == "march_bonus" and at(s, f["alps"]) == "allgau-alps"
    act(s, AUSTRIA, {"ride": f["alps"], "to": "wurttemberg"})
    assert at(s, f["alps"]) == "wurttemberg" and tags(s, f["alps"]) == ["blue"]

    # L919 any 3 of the 4 forces of Bohemia-Styria meet 2 opposing forces in Bavaria
    full, cav, half, gun = f["bohemia"]
    act(s, AUSTRIA, {"execute": 4})
    pick_all(s, AUSTRIA, [full, cav, half])
    assert state_name(s) == "march_step" and top(s)["region"] == "bavaria"
    act(s, AUSTRIA, "continue")
    assert state_name(s) == "march_consent" and game.active(s) == [PRUSSIA]
    act(s, PRUSSIA, "refuse")
    for x in (full, cav, half):
        assert at(s, x) == "bavaria" and tags(s, x) == ["blue"]  # blocked: Blue, not White (L548)
    assert state_name(s) == "march_orders"  # no Cavalry Bonus for a blocked group

    # L921 the 4th force's order to Saxony is cancelled: a White tag, it stays
    act(s, AUSTRIA, {"cancel": 5})
    assert at(s, gun) == "bohemia-styria" and tags(s, gun) == ["white"]
    # L923 the force in Ruthenia does nothing
    assert at(s, f["ruthenia"]) == "ruthenia" and tags(s, f["ruthenia"]) == []
    assert [o["status"] for o in s["orders"][AUSTRIA]] == ["done", "done", "done", "done", "cancelled"]

    # L925 now Austria may initiate battles where its forces are not Red or White: Bavaria
    act(s, AUSTRIA, "end")
    assert state_name(s) == "march_battles"
    assert {"battle": "bavaria"} in acts(s, AUSTRIA) and {"battle": "bohemia-styria"} not in acts(s, AUSTRIA)
    act(s, AUSTRIA, "end")
    assert state_name(s) is None
    assert "Austria's turn as the Active Nation is over." in pub(s)


def test_example_a_half_infantry_with_orders_elsewhere_could_not_board():
    """L911: 'If that Half Infantry had orders to go elsewhere, it could NOT have boarded
    the Ship' (RULINGS M6); a force with a cancelled order may not board either (L490)."""
    s = fresh()
    frigate = place(s, AUSTRIA, "frigate", "port-spalato")[0]
    unit = place(s, AUSTRIA, "half-infantry", "slovenia-croatia")[0]
    set_orders(s, AUSTRIA, [("slovenia-croatia", ["hungary"], 1), ("port-spalato", ["adriatic-sea"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert {"load": unit, "onto": frigate} not in acts(s, AUSTRIA)
    act(s, AUSTRIA, {"cancel": 1})
    assert tags(s, unit) == ["white"]
    assert {"load": unit, "onto": frigate} not in acts(s, AUSTRIA)
    with pytest.raises(IllegalAction):
        act(s, AUSTRIA, {"load": unit, "onto": frigate})


def test_blue_forces_may_board_after_marching_to_the_interior():
    """L489: Land Units may move as plotted into the connected Territory and then be loaded."""
    s = fresh()
    frigate = place(s, AUSTRIA, "frigate", "port-spalato")[0]
    unit = place(s, AUSTRIA, "half-infantry", "hungary")[0]
    set_orders(s, AUSTRIA, [("hungary", ["slovenia-croatia"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    assert tags(s, unit) == ["blue"]
    act(s, AUSTRIA, {"load": unit, "onto": frigate})
    assert s["forces"][unit]["cargo_of"] == frigate


# ----- Blocked Movement and permissions ------------------------------------------------------------


def one_order(origin, path, mine, others=(), players=6, options=None, teams=None):
    s = fresh(players=players, options=options)
    if teams:
        s["teams"].update(teams)
    fids = []
    for unit, n in mine:
        fids += place(s, AUSTRIA, unit, origin, n)
    for nation, unit, region, n in others:
        place(s, nation, unit, region, n)
    set_orders(s, AUSTRIA, [(origin, path, len(fids))])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    return s, fids


def test_leaving_a_region_needs_every_opposing_nations_permission():
    """L236-241, L545: every nation with Forces in the region is asked; a grant lets the
    group go on, any one refusal stops it there."""
    s, group = one_order(
        "bohemia-styria",
        ["bavaria", "wurttemberg"],
        [("half-infantry", 2)],
        [(PRUSSIA, "half-infantry", "bavaria", 1), (FRANCE, "cavalry", "bavaria", 1)],
    )
    act(s, AUSTRIA, "continue")
    assert game.active(s) == [FRANCE]  # asked in the rulebook's order of nations
    assert "leave Bavaria for Württemberg" in game.view(s, FRANCE)["prompt"]
    act(s, FRANCE, "grant")
    assert game.active(s) == [PRUSSIA]
    act(s, PRUSSIA, "grant")
    assert [at(s, x) for x in group] == ["wurttemberg", "wurttemberg"]
    assert "Prussia grants Austria permission to leave Bavaria for Württemberg with 2 forces." in pub(s)


def test_a_refusal_blocks_even_in_the_starting_region():
    """L548: movement blocked in its starting region ends with Blue Arrow Tags, not White."""
    s, group = one_order("bavaria", ["wurttemberg"], [("cavalry", 1)], [(PRUSSIA, "half-infantry", "bavaria", 1)])
    assert state_name(s) == "march_consent"
    act(s, PRUSSIA, "refuse")
    assert at(s, group[0]) == "bavaria" and tags(s, group[0]) == ["blue"]
    assert any("blocked in Bavaria: its movement ends in its starting region" in line for line in pub(s))
    assert s["orders"][AUSTRIA][0]["status"] == "done"


def test_team_mates_never_oppose():
    """L245: no denial of permission within a team: team-mates are not asked."""
    s, group = one_order(
        "bohemia-styria",
        ["bavaria", "wurttemberg"],
        [("half-infantry", 1)],
        [(PRUSSIA, "half-infantry", "bavaria", 1)],
        teams={PRUSSIA: 1, AUSTRIA: 1},
    )
    assert state_name(s) == "march_orders" and at(s, group[0]) == "wurttemberg"


def test_the_active_nation_may_regard_others_as_opposing_and_stop():
    """L546: the Active Nation may stop where another nation's Forces stand; no Cavalry
    Bonus then (L552)."""
    s, group = one_order(
        "bohemia-styria", ["bavaria", "wurttemberg"], [("cavalry", 1)], [(PRUSSIA, "half-infantry", "bavaria", 1)]
    )
    assert acts(s, AUSTRIA) == ["continue", "stop"]
    act(s, AUSTRIA, "stop")
    assert at(s, group[0]) == "bavaria" and tags(s, group[0]) == ["blue"]
    assert state_name(s) == "march_orders"


def test_a_fortification_with_hit_points_opposes_and_one_without_does_not():
    """L702: a Fortification must have at least 1 HP to oppose movement."""
    s, group = one_order("lorraine", ["luxembourg"], [("half-infantry", 1)])
    assert state_name(s) == "march_consent" and game.active(s) == [FRANCE]
    act(s, FRANCE, "refuse")
    assert at(s, group[0]) == "lorraine"
    s = fresh()
    s["damage"]["lorraine"] = 2  # a defeated Major Fort (L700-703)
    unit = place(s, AUSTRIA, "half-infantry", "lorraine")[0]
    set_orders(s, AUSTRIA, [("lorraine", ["luxembourg"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    assert at(s, unit) == "luxembourg"


def test_ships_sail_past_others_in_the_open_sea_but_not_out_of_a_port():
    """L553 Admiral's Prerogative: no permission in an Open Sea; in a Port the usual rule."""
    s = fresh()
    ship = place(s, AUSTRIA, "frigate", "port-spalato")[0]
    place(s, FRANCE, "frigate", "adriatic-sea")
    place(s, BRITAIN, "frigate", "port-bari")
    set_orders(s, AUSTRIA, [("port-spalato", ["adriatic-sea", "port-bari", "adriatic-sea", "ionian-sea"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    act(s, AUSTRIA, "continue")  # out of the Adriatic Sea past the French: nobody asked
    assert top(s)["region"] == "port-bari"
    act(s, AUSTRIA, "continue")
    assert state_name(s) == "march_consent" and game.active(s) == [BRITAIN]
    act(s, BRITAIN, "refuse")
    assert at(s, ship) == "port-bari" and tags(s, ship) == ["blue"]


def test_ships_may_stop_early_all_or_some():
    """L553: all or some of a group of Ships may end their movement anywhere along the
    path after leaving their starting region."""
    s = fresh()
    ships = place(s, AUSTRIA, "frigate", "port-trieste", 2)
    set_orders(s, AUSTRIA, [("port-trieste", ["adriatic-sea", "ionian-sea", "tyrrhenian-sea"], 2)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    assert {"drop": ships[0]} in acts(s, AUSTRIA)
    act(s, AUSTRIA, {"drop": ships[0]})
    assert at(s, ships[0]) == "adriatic-sea" and tags(s, ships[0]) == ["blue"]
    act(s, AUSTRIA, "continue")
    act(s, AUSTRIA, "stop")
    assert at(s, ships[1]) == "ionian-sea" and tags(s, ships[1]) == ["blue"]
    assert state_name(s) == "march_orders"


# ----- Cavalry Bonus Movement ------------------------------------------------------------------


def test_cavalry_bonus_movement_and_its_exceptions():
    """L443-445, L552: after its plotted movement a Cavalry may move 1 region more, not
    after entering a White range, not when blocked, and not out of a region with
    opposing Forces unless they allow it (RULINGS M10)."""
    s, group = one_order("bohemia-styria", ["bavaria"], [("cavalry", 1), ("half-infantry", 1)])
    assert state_name(s) == "march_bonus"
    cav = [x for x in group if s["forces"][x]["type"] == "cavalry"][0]
    assert {"ride": cav, "to": "wurttemberg"} in acts(s, AUSTRIA)
    assert all(a == "done" or a["ride"] == cav for a in acts(s, AUSTRIA))  # not the infantry
    act(s, AUSTRIA, {"ride": cav, "to": "wurttemberg"})
    assert at(s, cav) == "wurttemberg"
    s, group = one_order("bohemia-styria", ["bavaria"], [("cavalry", 1)], [(PRUSSIA, "half-infantry", "bavaria", 1)])
    act(s, AUSTRIA, {"ride": group[0], "to": "wurttemberg"})
    assert game.active(s) == [PRUSSIA]
    act(s, PRUSSIA, "refuse")
    assert at(s, group[0]) == "bavaria" and state_name(s) == "march_orders"
    assert "Opposing Forces in Bavaria: no Cavalry Bonus Movement." in pub(s)


def test_a_cavalry_without_orders_may_still_ride_one_region():
    """L443 '(0, 1, or 2 land regions)', RULINGS M7: a Cavalry with no order may take its
    Bonus Movement; one needed by a pending order may not."""
    s = fresh()
    cavs = place(s, AUSTRIA, "cavalry", "bohemia-styria", 2)
    set_orders(s, AUSTRIA, [("bohemia-styria", ["hungary"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert {"ride": cavs[0]} in acts(s, AUSTRIA)
    act(s, AUSTRIA, {"ride": cavs[0]})
    act(s, AUSTRIA, {"ride": cavs[0], "to": "bavaria"})
    assert at(s, cavs[0]) == "bavaria" and tags(s, cavs[0]) == ["blue"]
    assert not any("ride" in a for a in acts(s, AUSTRIA) if isinstance(a, dict))  # the other is needed
    act(s, AUSTRIA, {"execute": 1})
    assert at(s, cavs[1]) == "hungary"


# ----- Seizing Independent Ports ------------------------------------------------------------------


def test_seizing_an_independent_port_mid_path_stops_only_that_ship():
    """L554: a Ship entering an Independent Port free of opposing Ships may seize it and
    must stop there; the others sail on."""
    s = fresh()
    ships = place(s, AUSTRIA, "frigate", "port-spalato", 2)
    set_orders(s, AUSTRIA, [("port-spalato", ["adriatic-sea", "port-bari", "adriatic-sea", "ionian-sea"], 2)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    act(s, AUSTRIA, "continue")
    assert top(s)["region"] == "port-bari" and {"seize": ships[0]} in acts(s, AUSTRIA)
    assert not any("load" in a or "unload" in a for a in acts(s, AUSTRIA) if isinstance(a, dict))  # L483
    act(s, AUSTRIA, {"seize": ships[0]})
    assert s["control"]["port-bari"] == AUSTRIA and tags(s, ships[0]) == ["blue"]
    assert "naples" not in s["control"]  # seizing a Port does not annex its Interior (L767)
    act(s, AUSTRIA, "continue")
    act(s, AUSTRIA, "continue")
    assert at(s, ships[0]) == "port-bari" and at(s, ships[1]) == "ionian-sea"


def test_opposing_ships_prevent_a_seizure_out_of_action_ones_do_not():
    """L554, L715: opposing Ships in the Port may prevent the seizure; Out-of-Action Ships
    cannot oppose it."""
    s = fresh()
    place(s, AUSTRIA, "frigate", "port-cagliari")
    french = place(s, FRANCE, "frigate", "port-cagliari")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"seize": "port-cagliari"})
    assert game.active(s) == [FRANCE]
    act(s, FRANCE, "refuse")
    assert "port-cagliari" not in s["control"]
    assert {"seize": "port-cagliari"} not in acts(s, AUSTRIA)  # RULINGS M9: not asked again
    s = fresh()
    place(s, AUSTRIA, "frigate", "port-cagliari")
    french = place(s, FRANCE, "frigate", "port-cagliari")[0]
    s["forces"][french]["damage"] = 1  # Out-of-Action (L707)
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"seize": "port-cagliari"})
    assert s["control"]["port-cagliari"] == AUSTRIA


# ----- Cargo Management (L467-498) --------------------------------------------------------------


def port_scene(port="port-trieste", interior_units=1, ship="frigate", others=(), damage=0):
    s = fresh()
    x = place(s, AUSTRIA, ship, port)[0]
    s["forces"][x]["damage"] = damage
    units = place(s, AUSTRIA, "half-infantry", P.ports[port].territory, interior_units) if interior_units else []
    for nation, unit, region in others:
        place(s, nation, unit, region)
    return s, x, units


def cargo_acts(s, role=AUSTRIA):
    return [a for a in acts(s, role) if isinstance(a, dict) and ({"load", "unload", "transfer"} & set(a))]


def test_no_cargo_management_before_the_pre_movement_battles_are_done():
    """L539: no movement, Cargo Management included, before Step B ends."""
    s, ship, units = port_scene()
    start_turn(s, AUSTRIA)
    assert cargo_acts(s) == []
    act(s, AUSTRIA, "march")
    assert cargo_acts(s) == [{"load": units[0], "onto": ship}]


def test_cargo_table_independent_port():
    """L483, table L496: in an Independent Port no loading, unloading or transfer."""
    s = fresh()
    a = place(s, AUSTRIA, "frigate", "port-bari")[0]
    b = place(s, AUSTRIA, "frigate", "port-bari")[0]
    aboard(s, a, AUSTRIA, "half-infantry")
    place(s, AUSTRIA, "half-infantry", "naples")
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert cargo_acts(s) == []
    assert b in board.forces_at(s, "port-bari")  # a second Ship there changes nothing


def test_cargo_table_opposed_port_nothing_is_possible():
    """Table L496: with opposing Forces in the Port, no loading, unloading or transfer:
    they are asked and refuse (RULINGS M9: their answer holds for the turn)."""
    s, ship, units = port_scene(others=[(FRANCE, "frigate", "port-trieste")])
    cargo = aboard(s, ship, AUSTRIA, "half-infantry")[0]
    other = place(s, AUSTRIA, "frigate", "port-trieste")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert {"load": units[0], "onto": other} in cargo_acts(s)
    act(s, AUSTRIA, {"transfer": cargo, "to": other})
    assert game.active(s) == [FRANCE]
    act(s, FRANCE, "refuse")
    assert s["forces"][cargo]["cargo_of"] == ship
    assert cargo_acts(s) == []  # loading, unloading and transfers there are all opposed now


def test_cargo_table_opposed_interior_blocks_loading_only():
    """Table L497, L489-491: opposing Forces in the Interior prevent loading; unloading and
    transfers are still possible."""
    s, ship, units = port_scene(others=[(PRUSSIA, "half-infantry", "slovenia-croatia")])
    cargo = aboard(s, ship, AUSTRIA, "cavalry")[0]
    other = place(s, AUSTRIA, "frigate", "port-trieste")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"load": units[0], "onto": other})
    assert game.active(s) == [PRUSSIA]
    act(s, PRUSSIA, "refuse")
    assert s["forces"][units[0]]["cargo_of"] is None
    assert not any("load" in a for a in cargo_acts(s))
    act(s, AUSTRIA, {"transfer": cargo, "to": other})
    assert s["forces"][cargo]["cargo_of"] == other
    act(s, AUSTRIA, {"unload": cargo})
    assert at(s, cargo) == "slovenia-croatia" and tags(s, cargo) == ["blue"] and tags(s, other) == ["blue"]


def test_the_port_controller_may_oppose_unless_its_port_is_defeated():
    """L484, L702: a Port Controller with at least 1 HP may oppose Cargo Management."""
    s = fresh()
    ship = place(s, AUSTRIA, "frigate", "port-marseille")[0]
    cargo = aboard(s, ship, AUSTRIA, "half-infantry")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"unload": cargo})
    assert game.active(s) == [FRANCE]
    act(s, FRANCE, "refuse")
    assert s["forces"][cargo]["cargo_of"] == ship
    s = fresh()
    s["damage"]["port-marseille"] = 2
    ship = place(s, AUSTRIA, "frigate", "port-marseille")[0]
    cargo = aboard(s, ship, AUSTRIA, "half-infantry")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"unload": cargo})
    assert at(s, cargo) == "provence"  # nobody asked: the French Port has 0 HP
    assert not any("permission" in line for line in pub(s))


def test_unloaded_units_move_no_further_and_unloading_ends_the_ships_movement():
    """L463, L491: unloaded Land Units take Blue tags and move no further (except to load
    again); the Ship stops; a Ship needed by its own order cannot stop before it sails (M13)."""
    s, ship, _ = port_scene(interior_units=0)
    cargo = aboard(s, ship, AUSTRIA, "half-infantry")[0]
    set_orders(s, AUSTRIA, [("port-trieste", ["adriatic-sea", "port-venice"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert {"unload": cargo} not in cargo_acts(s)  # the Frigate must carry out its order first
    act(s, AUSTRIA, {"execute": 1})
    act(s, AUSTRIA, "continue")
    assert at(s, ship) == "port-venice"
    act(s, AUSTRIA, {"seize": "port-venice"})
    act(s, AUSTRIA, {"unload": cargo})
    assert at(s, cargo) == "lombardy-venetia" and tags(s, cargo) == ["blue"]
    assert {"load": cargo, "onto": ship} in cargo_acts(s)  # it may load again


def test_unloading_mid_path_drops_the_ship_from_its_group():
    """L461-463: a Ship pausing in a Port may manage Cargo; unloading ends its movement."""
    s = fresh()
    ships = place(s, AUSTRIA, "frigate", "port-spalato", 2)
    cargo = aboard(s, ships[0], AUSTRIA, "half-infantry")[0]
    set_orders(s, AUSTRIA, [("port-spalato", ["adriatic-sea", "port-trieste", "adriatic-sea"], 2)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    act(s, AUSTRIA, "continue")
    assert top(s)["region"] == "port-trieste"
    act(s, AUSTRIA, {"unload": cargo})
    assert at(s, cargo) == "slovenia-croatia" and tags(s, ships[0]) == ["blue"]
    act(s, AUSTRIA, "continue")
    assert at(s, ships[0]) == "port-trieste" and at(s, ships[1]) == "adriatic-sea"


def test_capacity_and_out_of_action_ships():
    """L475-480: a Frigate carries 1 Land Unit or 2 Half Infantry; L717 an Out-of-Action
    Ship takes on no new Cargo but may unload."""
    s, ship, units = port_scene(interior_units=2)
    cav = place(s, AUSTRIA, "cavalry", "slovenia-croatia")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"load": units[0], "onto": ship})
    assert {"load": cav, "onto": ship} not in cargo_acts(s)  # 1 Half Infantry + a Cavalry > 2
    act(s, AUSTRIA, {"load": units[1], "onto": ship})
    assert not any("load" in a for a in cargo_acts(s))
    s, ship, units = port_scene(damage=1)
    cargo = aboard(s, ship, AUSTRIA, "half-infantry")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert cargo_acts(s) == [{"unload": cargo}]


def test_no_transfers_in_the_open_sea_and_no_landing_in_malta():
    """L488 no Cargo transfers in the Open Seas; L222 no Land Units unload in Malta."""
    s = fresh()
    a = place(s, AUSTRIA, "frigate", "adriatic-sea")[0]
    place(s, AUSTRIA, "frigate", "adriatic-sea")
    aboard(s, a, AUSTRIA, "half-infantry")
    m = place(s, AUSTRIA, "frigate", "port-malta")[0]
    aboard(s, m, AUSTRIA, "half-infantry")
    s["control"]["port-malta"] = AUSTRIA
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert cargo_acts(s) == []


def test_another_nations_ship_carries_cargo_with_its_consent():
    """L471, RULINGS M11: Cargo may travel on another nation's Ship if all agree."""
    s = fresh()
    s["control"]["port-trieste"] = AUSTRIA
    british = place(s, BRITAIN, "frigate", "port-trieste")[0]
    unit = place(s, AUSTRIA, "half-infantry", "slovenia-croatia")[0]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"load": unit, "onto": british})
    assert game.active(s) == [BRITAIN]
    act(s, BRITAIN, "grant")
    assert s["forces"][unit]["cargo_of"] == british


def test_neutral_interiors_are_closed_to_unloading():
    """L249-254: with Spain Neutral, Gibraltar is isolated from land: nothing unloads there."""
    s = fresh(players=5)
    ship = place(s, BRITAIN, "frigate", "port-gibraltar")[0]
    aboard(s, ship, BRITAIN, "half-infantry")
    start_turn(s, BRITAIN)
    act(s, BRITAIN, "march")
    assert cargo_acts(s, BRITAIN) == []


def test_cavalry_never_rides_into_a_neutral_region():
    """L249-254: the Cavalry Bonus never enters a closed region."""
    s = fresh(players=4)
    cav = place(s, PRUSSIA, "cavalry", "east-prussia")[0]
    start_turn(s, PRUSSIA)
    act(s, PRUSSIA, "march")
    act(s, PRUSSIA, {"ride": cav})
    targets = [a["to"] for a in acts(s, PRUSSIA) if isinstance(a, dict)]
    assert targets == ["pomerania", "posen"]


# ----- Revolts -----------------------------------------------------------------------------------


def test_revolts_gold_is_seized_by_others_and_recovered_by_the_controller():
    """L989: a Land Force of another nation entering a Territory in Revolt seizes its Gold;
    L991-995: the controller's Land Unit ending its move there quells it; passing
    through does not (RULINGS M14)."""
    s = fresh(options={"revolts": True})
    s["revolts"] = ["tyrol"]
    s["held_gold"]["tyrol"] = 3
    place(s, PRUSSIA, "half-infantry", "bavaria")
    set_orders(s, PRUSSIA, [("bavaria", ["tyrol", "bohemia-styria"], 1)])
    s["gold"][PRUSSIA] = 0
    start_turn(s, PRUSSIA)
    act(s, PRUSSIA, "march")
    act(s, PRUSSIA, {"execute": 1})
    if state_name(s) == "march_consent":
        act(s, AUSTRIA, "grant")
    assert s["gold"][PRUSSIA] == 3 and "tyrol" not in s["held_gold"]
    assert "tyrol" in s["revolts"]
    s = fresh(options={"revolts": True})
    s["revolts"] = ["tyrol"]
    s["held_gold"]["tyrol"] = 2
    unit = place(s, AUSTRIA, "half-infantry", "bohemia-styria")[0]
    set_orders(s, AUSTRIA, [("bohemia-styria", ["tyrol", "slovenia-croatia"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    assert at(s, unit) == "slovenia-croatia" and "tyrol" in s["revolts"]  # only passing through
    s = fresh(options={"revolts": True})
    s["revolts"] = ["tyrol"]
    s["held_gold"]["tyrol"] = 2
    place(s, AUSTRIA, "half-infantry", "bohemia-styria")
    set_orders(s, AUSTRIA, [("bohemia-styria", ["tyrol"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    assert s["revolts"] == [] and s["gold"][AUSTRIA] == 2
    assert "Austria quells the Revolt in Tyrol; the 2 Gold held there goes to its Treasury." in pub(s)


def test_a_ship_ending_its_move_in_a_connected_port_quells_a_revolt():
    """L993: one of the controller's Ships (not Out-of-Action) ending its movement in a
    connected Port with no opposing Forces quells the Revolt."""
    s = fresh(options={"revolts": True})
    s["revolts"] = ["corsica"]
    s["held_gold"]["corsica"] = 1
    place(s, FRANCE, "frigate", "port-toulon")
    set_orders(s, FRANCE, [("port-toulon", ["gulf-of-lion", "western-mediterranean", "port-ajaccio"], 1)])
    start_turn(s, FRANCE)
    act(s, FRANCE, "march")
    act(s, FRANCE, {"execute": 1})
    act(s, FRANCE, "continue")
    act(s, FRANCE, "continue")
    assert s["revolts"] == [] and s["gold"][FRANCE] == 1


# ----- Trading ------------------------------------------------------------------------------------


def trading_turn(**extra):
    s = fresh(options={"trading": True})
    s["gold"][AUSTRIA] = 20
    s.update(extra)
    start_turn(s, AUSTRIA)
    return s


def test_a_trade_of_gold_for_a_territory():
    """L997-1004: once a round, during its turn, the Active Nation trades one item for one
    item with another nation that accepts (RULINGS M12); never Capitals."""
    s = trading_turn()
    assert {"trade": PRUSSIA} in acts(s, AUSTRIA)
    act(s, AUSTRIA, {"trade": PRUSSIA})
    assert acts(s, AUSTRIA) == [{"give": "gold"}, {"give": "port"}, {"give": "territory"}, "abandon"]
    act(s, AUSTRIA, {"give": "gold"})
    assert acts(s, AUSTRIA)[-2:] == [{"gold": 15}, "abandon"]  # up to 3 Chests
    act(s, AUSTRIA, {"gold": 12})
    act(s, AUSTRIA, {"get": "territory"})
    offered = [a["territory"] for a in acts(s, AUSTRIA) if isinstance(a, dict)]
    assert "brandenburg" not in offered and "westphalia" in offered
    act(s, AUSTRIA, {"territory": "westphalia"})
    assert game.active(s) == [PRUSSIA]
    assert "12 Gold for control of Westphalia" in game.view(s, PRUSSIA)["prompt"]
    act(s, PRUSSIA, "accept")
    assert s["control"]["westphalia"] == AUSTRIA and s["gold"][PRUSSIA] == 5 + 12 and s["gold"][AUSTRIA] == 8
    assert AUSTRIA in s["traded"] and not any("trade" in a for a in acts(s, AUSTRIA) if isinstance(a, dict))


def test_a_nation_that_accepted_a_trade_has_made_its_trade_of_the_round():
    """L1001: "Each Nation may make 1 tangible trade per Game Round with 1 other Nation" (M12). A
    nation that accepted one trade could accept five more and propose its own: a hub for moving
    Gold, Ports and Forces around."""
    s = trading_turn()
    act(s, AUSTRIA, {"trade": PRUSSIA})
    act(s, AUSTRIA, {"give": "gold"})
    act(s, AUSTRIA, {"gold": 5})
    act(s, AUSTRIA, {"get": "territory"})
    act(s, AUSTRIA, {"territory": "westphalia"})
    act(s, PRUSSIA, "accept")
    assert set(s["traded"]) == {AUSTRIA, PRUSSIA}
    s["traded"].remove(AUSTRIA)  # say another nation, its trade still to make, were active
    assert {"trade": PRUSSIA} not in acts(s, AUSTRIA)
    start_turn(s, PRUSSIA)
    assert not any("trade" in a for a in acts(s, PRUSSIA) if isinstance(a, dict))


def test_a_refused_trade_is_no_trade_and_no_trading_in_the_last_round():
    """L999-1004: the other nation must accept; trading is banned in the last round."""
    s = trading_turn()
    act(s, AUSTRIA, {"trade": FRANCE})
    act(s, AUSTRIA, {"give": "territory"})
    act(s, AUSTRIA, {"territory": "tyrol"})
    act(s, AUSTRIA, {"get": "port"})
    act(s, AUSTRIA, {"port": "port-ajaccio"})
    act(s, FRANCE, "refuse")
    assert s["control"]["tyrol"] == AUSTRIA and AUSTRIA not in s["traded"]
    assert {"trade": FRANCE} not in acts(s, AUSTRIA) and {"trade": PRUSSIA} in acts(s, AUSTRIA)
    s = trading_turn()
    s["control"]["brandenburg"] = FRANCE  # Prussia has lost its Capital: its Treasury is closed (L392)
    act(s, AUSTRIA, {"trade": PRUSSIA})
    assert {"give": "gold"} not in acts(s, AUSTRIA)
    act(s, AUSTRIA, "abandon")
    s = trading_turn(round=9)
    assert not any("trade" in a for a in acts(s, AUSTRIA) if isinstance(a, dict))
    s = trading_turn(last_round=6, round=6)
    assert not any("trade" in a for a in acts(s, AUSTRIA) if isinstance(a, dict))


def test_a_traded_force_changes_colour_where_it_stands_and_loses_its_pennant():
    """L1002-1003: Mobile Forces stay in place, lose any Elite Pennant, keep their tags;
    a Ship bearing Cargo may not be traded."""
    s = fresh(options={"trading": True})
    cannon = place(s, AUSTRIA, "cannon", "hungary", elite=True)[0]
    s["forces"][cannon]["tags"] = ["red"]
    loaded = place(s, AUSTRIA, "frigate", "port-trieste")[0]
    aboard(s, loaded, AUSTRIA, "half-infantry")
    s["gold"][RUSSIA] = 5
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, {"trade": RUSSIA})
    act(s, AUSTRIA, {"give": "force"})
    regions = [a["region"] for a in acts(s, AUSTRIA) if isinstance(a, dict)]
    assert regions == ["hungary"]  # not the Frigate bearing Cargo, nor the Cargo
    act(s, AUSTRIA, {"region": "hungary"})
    act(s, AUSTRIA, {"force": cannon})
    act(s, AUSTRIA, {"get": "gold"})
    act(s, AUSTRIA, {"gold": 5})
    act(s, RUSSIA, "accept")
    f = s["forces"][cannon]
    assert f["nation"] == RUSSIA and f["at"] == "hungary" and f["elite"] is False and f["tags"] == ["red"]


# ----- battles in Steps B and D ------------------------------------------------------------------


def test_pre_movement_battles_come_first_and_red_forces_still_move():
    """L537-540, L925: a battle before movement; its survivors may still move (Red tags
    only bar fighting on the Active side again)."""
    s = fresh()
    mine = place(s, AUSTRIA, "full-infantry", "bavaria", 3) + place(s, AUSTRIA, "cannon", "bavaria")
    place(s, PRUSSIA, "half-infantry", "bavaria")
    set_orders(s, AUSTRIA, [("bavaria", ["wurttemberg"], 1)])
    start_turn(s, AUSTRIA)
    assert {"battle": "bavaria"} in acts(s, AUSTRIA)
    act(s, AUSTRIA, {"battle": "bavaria"})
    answer_battles(s)
    assert state_name(s) == "march_battles" and s["last_battle"]["region"] == "bavaria"
    assert top(s)["fought"] == ["bavaria"]
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    if state_name(s) == "orders_pick":
        act(s, AUSTRIA, acts(s, AUSTRIA)[0])
    if state_name(s) == "march_consent":
        act(s, game.active(s)[0], "grant")
    moved = [x for x in mine if x in s["forces"] and at(s, x) == "wurttemberg"]
    assert len(moved) == 1


# ----- illegal actions and bots ------------------------------------------------------------------


def test_illegal_march_actions_are_refused_and_change_nothing():
    """A wrong action raises IllegalAction and changes nothing."""
    s, f = example_of_movement()
    start_turn(s, AUSTRIA)
    before = json.dumps(s, sort_keys=True)
    for bad in ({"execute": 1}, {"load": f["slovenia"][0], "onto": f["frigate"]}, "end", {"battle": "bavaria"}):
        with pytest.raises(IllegalAction):
            act(s, AUSTRIA, bad)  # Step B: nothing moves yet
    with pytest.raises(IllegalAction):
        act(s, PRUSSIA, "march")
    assert json.dumps(s, sort_keys=True) == before
    act(s, AUSTRIA, "march")
    for bad in ({"execute": 9}, {"cancel": 0}, {"load": f["ruthenia"], "onto": f["frigate"]}, {"seize": "port-bari"}):
        with pytest.raises(IllegalAction):
            act(s, AUSTRIA, bad)


def play_with_bots(s, limit=3000):
    """Answer every question with the march bots (battles: the first legal action)."""
    n = 0
    while s["stack"]:
        role = game.active(s)[0]
        options = acts(s, role)
        name = state_name(s)
        policy = bots_march.POLICIES.get(name)
        if policy is None:
            a = battle_choice(s, role, options)
        else:
            view = game.view(s, role)
            seen = dict(view["board"])
            seen["options"] = view["options"]
            seen["roles"] = view["roles"]
            a = policy(seen, view["board"].get("question") or {}, role, options)
        assert a in options, (name, a)
        act(s, role, a)
        n += 1
        assert n < limit
    return s


def test_bots_plot_and_march_a_whole_phase():
    """The bots' plans are legal, keep the Capital garrisoned, head for Independent
    Territories and Ports, and every order ends executed or cancelled."""
    s = fresh(options={"trading": True, "revolts": True})
    for nation in board.in_play(s):
        for unit, region, elite in P.nations[nation].setup:
            board.add_force(s, nation, unit, region, elite)
    begin(s, "plot_orders")
    play_with_bots(s)
    assert all(o["status"] == "plotted" for n in s["orders"] for o in s["orders"][n])
    assert any(s["orders"][n] for n in s["orders"])
    for nation in board.in_play(s):
        capital = P.nations[nation].capital
        sent = sum(o["count"] for o in s["orders"][nation] if o["from"] == capital)
        assert sent < len(board.forces_at(s, capital, nation))  # the Capital keeps a garrison
    for nation in list(s["turn_order"]):
        start_turn(s, nation)
        play_with_bots(s)
        assert all(o["status"] in ("done", "cancelled", "dismissed") for o in s["orders"][nation])
    seized = [p for p in P.ports if s["control"].get(p) and P.ports[p].owner_start is None]
    assert seized, "the bots seize Independent Ports"


def test_random_legal_play_always_resolves_every_order():
    """Any sequence of legal choices ends the Active Nation's turn with every order
    executed or cancelled (L541, RULINGS M15)."""
    rng = random.Random(7)
    for _ in range(3):
        s, _f = example_of_movement()
        start_turn(s, AUSTRIA)
        n = 0
        while s["stack"]:
            role = game.active(s)[0]
            options = acts(s, role)
            act(s, role, rng.choice(options))
            n += 1
            assert n < 2000
        assert all(o["status"] in ("done", "cancelled") for o in s["orders"][AUSTRIA])


def test_spain_and_russia_as_neutrals_take_no_turns_in_plotting():
    """L249: Neutral Nations take no turn: they plot nothing."""
    s = fresh(players=4)
    plot_round(s)
    assert set(s["orders"]) == {FRANCE, AUSTRIA, PRUSSIA, BRITAIN}
    assert SPAIN not in s["orders"] and RUSSIA not in s["orders"]


def test_a_round_of_the_whole_game_with_the_heuristic_bots():
    """The lead's game runs Phases 2 and 4 through these modules: a historical start
    played by the heuristic bots reaches Game Round 2 with orders executed."""
    import kriegsspiel

    try:
        rules = kriegsspiel.load("imperial-borders")
        s = rules.new(seed=3, players=6, scenario="historical", options={"trading": True, "revolts": True})
        bot = rules.bots["heuristic"]
        rng = random.Random(3)
        n = 0
        executed = 0
        while s["round"] == 1 and not rules.is_over(s):
            role = rules.active(s)[0]
            options = rules.actions(s, role)
            a = bot(rules.view(s, role), options, rng)
            if isinstance(a, dict) and "execute" in a:
                executed += 1
            rules.apply(s, role, a)
            n += 1
            assert n < 5000
    except ImportError as e:  # pragma: no cover - another part of the game is still being written
        pytest.skip(f"the whole game does not load yet: {e}")
    assert s["round"] == 2 and executed > 0


def test_the_british_bot_carries_an_army_overseas():
    """Great Britain's Land Units leave the islands only as Cargo (L467-498): the
    heuristic bot loads them in a home Port, sails and unloads them on the Continent."""
    import kriegsspiel

    rules = kriegsspiel.load("imperial-borders")
    s = rules.new(seed=1, players=6, scenario="historical")
    bot = rules.bots["heuristic"]
    rngs = {r: random.Random(f"1:{r}") for r in s["roles"]}
    loaded, landed = set(), []
    while s["round"] <= 4 and not rules.is_over(s) and not landed:
        for role in rules.active(s):
            a = bot(rules.view(s, role), rules.actions(s, role), rngs[role])
            if role == BRITAIN and isinstance(a, dict) and "load" in a:
                home = P.territories.get(s["forces"][a["load"]]["at"])
                if home is not None and home.island in ("great-britain", "ireland"):
                    loaded.add(a["load"])
            s = rules.apply(s, role, a)
            if role == BRITAIN and isinstance(a, dict) and a.get("unload") in loaded:
                where = s["forces"][a["unload"]]["at"]
                if P.territories[where].island not in ("great-britain", "ireland"):
                    landed.append(where)
    assert landed, "a British army crossed the sea"


def test_the_bot_boards_passengers_for_a_landing_in_its_own_territory():
    """The heuristic plans landings in a Territory of its own next to land to take
    (Hanover, beside Independent Territories), and must then load the passengers it
    planned for: a Ship sailing empty from Wales to Bremen leaves the army on the islands."""
    import kriegsspiel

    s = fresh()
    frigate = place(s, BRITAIN, "frigate", "port-milford-haven")[0]
    soldier = place(s, BRITAIN, "half-infantry", "wales")[0]
    assert s["control"]["hanover"] == BRITAIN and bots_march.staging(s, "hanover", BRITAIN)
    path = ["celtic-sea", "english-channel", "north-sea", "port-bremen"]
    set_orders(s, BRITAIN, [("port-milford-haven", path, 1)])
    start_turn(s, BRITAIN)
    act(s, BRITAIN, "march")
    bot = kriegsspiel.load("imperial-borders").bots["heuristic"]
    choice = bot(game.view(s, BRITAIN), acts(s, BRITAIN), random.Random(0))
    assert choice == {"load": soldier, "onto": frigate}


def test_the_bot_reinforces_an_annexation_another_nation_contests():
    """One Spanish Land Unit in Portugal and three French: a tie or a French roll wins it
    (L781-796). Spare units march in to outroll them, and the one there stays."""
    s = fresh()
    place(s, SPAIN, "half-infantry", "castile", 4)
    place(s, FRANCE, "full-infantry", "portugal", 3)
    place(s, SPAIN, "half-infantry", "portugal")
    assert bots_march.contested_annexation(s, "portugal", SPAIN)
    plan = bots_march._plan_orders(s, SPAIN)
    assert ("castile", ["portugal"], 3) in plan  # 1 + 3 needed, 1 there; the Capital keeps 1
    assert not [o for o in plan if o[0] == "portugal"]


def test_spare_land_units_with_nothing_in_range_march_on_instead_of_idling():
    """Six Spanish Land Units in Castile, Portugal already Spanish: nothing to take within two
    marches. Five (the Capital keeps one) march towards the nearest land worth taking."""
    s = fresh()
    s["control"]["portugal"] = SPAIN
    place(s, SPAIN, "half-infantry", "castile", 6)
    plan = bots_march._plan_orders(s, SPAIN)
    assert plan == [("castile", ["aragon-catalonia"], 5)]  # next to France's Aquitaine
    dist = bots_march.distances(s, bots_march.goals(s, SPAIN))
    assert dist["aragon-catalonia"] < dist["castile"]


def test_with_no_land_to_take_by_land_spare_units_go_where_ships_can_take_them_on():
    s = fresh()
    p = pack()
    for r in (*p.territories, *p.ports):
        s["control"][r] = SPAIN  # nothing left to take anywhere by land
    place(s, SPAIN, "half-infantry", "castile", 3)
    path = bots_march.onward(s, SPAIN, "castile", [])
    assert path is not None and len(path) == 1
    assert any(x.territory == path[0] for x in p.ports.values())  # a Territory with a Port
    assert bots_march.onward(s, SPAIN, path[0], []) is None  # there, they wait for the Ships


def test_l492_two_full_ships_in_a_port_exchange_their_cargo():
    """L492: "All or part of the Cargo of Ships in the same Port can be transferred or
    simultaneously exchanged Ship-to-Ship": two British Frigates in London, each full (a Cannon
    aboard one, a Cavalry aboard the other), swap them, which no one-way transfer can do."""
    s = fresh()
    a, b = place(s, BRITAIN, "frigate", "port-london", 2)
    cannon = aboard(s, a, BRITAIN, "cannon")[0]
    cavalry = aboard(s, b, BRITAIN, "cavalry")[0]
    set_orders(s, BRITAIN, [])
    start_turn(s, BRITAIN)
    act(s, BRITAIN, "march")  # Step B, then Step C
    cargo = [x for x in acts(s, BRITAIN) if isinstance(x, dict) and ("transfer" in x or "exchange" in x)]
    assert cargo == [{"exchange": cannon, "for": cavalry}]
    act(s, BRITAIN, {"exchange": cannon, "for": cavalry})
    assert s["forces"][cannon]["cargo_of"] == b and s["forces"][cavalry]["cargo_of"] == a
    assert any("exchanges the British Cannon" in line[1] for line in s["log"][-3:])
    # RULINGS M18: no way straight back in the same Cargo Management step
    assert {"exchange": cannon, "for": cavalry} not in acts(s, BRITAIN)
    assert {"exchange": cavalry, "for": cannon} not in acts(s, BRITAIN)


def test_a_consent_to_one_cargo_action_is_not_a_consent_to_move_the_consenting_nations_own_forces():
    """L471 ("if all involved agree"), L239, RULINGS M9: Britain, with a Ship in Brest, let France
    load its own Half Infantry there; the answer was kept for the Port, and France then took
    Britain's Cannon off Britain's Ship and unloaded it, never asked. An answer about the Port
    holds for the turn; a nation whose own Ship or Cargo an action moves is asked each time."""
    s = fresh()
    french_ship = place(s, FRANCE, "ship-of-the-line", "port-brest")[0]
    french = place(s, FRANCE, "half-infantry", "normandy-brittany")[0]
    british_ship = place(s, BRITAIN, "ship-of-the-line", "port-brest")[0]
    cannon = aboard(s, british_ship, BRITAIN, "cannon")[0]
    start_turn(s, FRANCE)
    act(s, FRANCE, "march")
    act(s, FRANCE, {"load": french, "onto": french_ship})
    assert game.active(s) == [BRITAIN]
    assert "asks your permission to load the French Half Infantry" in game.view(s, BRITAIN)["prompt"]
    act(s, BRITAIN, "grant")
    assert s["forces"][french]["cargo_of"] == french_ship
    act(s, FRANCE, {"transfer": cannon, "to": french_ship})
    assert game.active(s) == [BRITAIN]  # asked again: its own Cannon
    act(s, BRITAIN, "refuse")
    assert s["forces"][cannon]["cargo_of"] == british_ship
    assert {"transfer": cannon, "to": french_ship} not in game.actions(s, FRANCE)


def test_one_players_nations_never_trade_with_each_other():
    """L246: one player's nations' resources "can't be mixed". With three players each holds two
    nations (RULINGS R1); France could trade 10 Gold to its own Spain for a Spanish Half Infantry."""
    s = fresh(options={"trading": True})
    s["teams"] = {FRANCE: 0, "spain": 0, AUSTRIA: 1, "russia": 1, PRUSSIA: 2, BRITAIN: 2}  # three players
    mate = "russia"
    s["gold"][AUSTRIA] = 20
    start_turn(s, AUSTRIA)
    offers = [a["trade"] for a in acts(s, AUSTRIA) if isinstance(a, dict) and "trade" in a]
    assert offers and mate not in offers
