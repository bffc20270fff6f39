"""Imperial Borders, Phase 2 - Plot Secret Orders (rulebook L406-498) and Phase 4
Step A - Review Orders (L516-535): plotting limits, secrecy, review, dismissal with
and without Field Hospital Tents, cancelling."""

import json

import pytest
from ib_march_support import (
    AUSTRIA,
    FRANCE,
    PRUSSIA,
    RUSSIA,
    P,
    act,
    acts,
    begin,
    fresh,
    game,
    place,
    plot,
    plot_round,
    pub,
    set_orders,
    start_turn,
    state_name,
    tags,
    view,
)

from kriegsspiel.engine import IllegalAction
from kriegsspiel.games.imperial_borders import board


def plotting(players=6, options=None):
    return fresh(players=players, options=options)


def tos(s, role):
    return [a["to"] for a in acts(s, role) if isinstance(a, dict) and "to" in a]


def counts(s, role):
    return [a["count"] for a in acts(s, role) if isinstance(a, dict) and "count" in a]


# ----- plotting --------------------------------------------------------------------------------


def test_land_units_move_up_to_two_land_regions():
    """L434-441: a Land Unit path has at most 2 regions, through Territories and Mountain
    Ranges by land adjacency (never Ports or Seas)."""
    s = plotting()
    place(s, AUSTRIA, "full-infantry", "bohemia-styria")
    begin(s, "plot_orders")
    act(s, AUSTRIA, {"from": "bohemia-styria"})
    first = tos(s, AUSTRIA)
    assert first == sorted(P.land_neighbours("bohemia-styria"))
    assert "bavaria" in first and "ore-mountains" in first and "port-trieste" not in first
    act(s, AUSTRIA, {"to": "bavaria"})
    assert "wurttemberg" in tos(s, AUSTRIA)
    act(s, AUSTRIA, {"to": "wurttemberg"})
    assert tos(s, AUSTRIA) == []  # L438 a third region is out of range
    assert counts(s, AUSTRIA) == [1]


def test_a_white_mountain_range_ends_the_path_and_ranges_border_only_territories():
    """L449-455: entering a White Mountain Range ends the movement; a Brown one does not;
    from a Mountain Range the next region is a Territory (no ridge to ridge)."""
    s = plotting()
    place(s, AUSTRIA, "cavalry", "piedmont", 2)
    begin(s, "plot_orders")
    act(s, AUSTRIA, {"from": "piedmont"})
    act(s, AUSTRIA, {"to": "pennine-alps"})  # white
    assert tos(s, AUSTRIA) == []
    act(s, AUSTRIA, "undo")
    act(s, AUSTRIA, {"to": "maritime-alps"})  # brown: the path goes on, into a Territory
    assert tos(s, AUSTRIA) == ["piedmont", "provence"]
    s2 = plotting()
    place(s2, AUSTRIA, "cavalry", "allgau-alps")
    begin(s2, "plot_orders")
    act(s2, AUSTRIA, {"from": "allgau-alps"})
    assert tos(s2, AUSTRIA) == ["tyrol", "wurttemberg"]


def test_ships_sail_up_to_six_regions_and_may_double_back():
    """L457-465: Ships through Ports and Open Seas, up to 6 regions, looping back allowed;
    a Port touches only its Open Sea (L201)."""
    s = plotting()
    place(s, AUSTRIA, "frigate", "port-spalato")
    begin(s, "plot_orders")
    act(s, AUSTRIA, {"from": "port-spalato"})
    assert tos(s, AUSTRIA) == ["adriatic-sea"]
    path = ["adriatic-sea", "port-bari", "adriatic-sea", "ionian-sea", "tyrrhenian-sea", "port-cagliari"]
    for r in path:
        assert r in tos(s, AUSTRIA)
        act(s, AUSTRIA, {"to": r})
    assert tos(s, AUSTRIA) == []  # the 7th region would be out of range
    act(s, AUSTRIA, {"count": 1})
    assert s["orders"][AUSTRIA] == [{"from": "port-spalato", "path": path, "count": 1, "status": "plotted"}]


def test_counts_are_bounded_by_the_forces_without_orders():
    """L412, L416-428: each force one order; at least 1 force a path; no more dots than
    forces at the origin; Cargo is not counted (L416)."""
    s = plotting()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 4)
    ship = place(s, AUSTRIA, "frigate", "port-trieste")[0]
    s["forces"][place(s, AUSTRIA, "half-infantry", "port-trieste")[0]]["cargo_of"] = ship
    begin(s, "plot_orders")
    assert {"from": "bohemia-styria"} in acts(s, AUSTRIA)
    act(s, AUSTRIA, {"from": "bohemia-styria"})
    act(s, AUSTRIA, {"to": "bavaria"})
    assert counts(s, AUSTRIA) == [1, 2, 3, 4]
    act(s, AUSTRIA, {"count": 3})
    act(s, AUSTRIA, {"from": "bohemia-styria"})
    act(s, AUSTRIA, {"to": "hungary"})
    assert counts(s, AUSTRIA) == [1]
    act(s, AUSTRIA, {"count": 1})
    assert {"from": "bohemia-styria"} not in acts(s, AUSTRIA)  # all four have orders
    act(s, AUSTRIA, {"from": "port-trieste"})
    act(s, AUSTRIA, {"to": "adriatic-sea"})
    assert counts(s, AUSTRIA) == [1]  # the Frigate, not its Cargo


def test_identical_paths_may_not_be_plotted_twice():
    """L420: do not plot multiple identical paths from one region, nor paths that branch
    after leaving it: a second path from Bohemia-Styria may not enter Bavaria again (not
    even to go on to Württemberg), but may leave by another way."""
    s = plotting()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 2)
    begin(s, "plot_orders")
    plot(s, AUSTRIA, "bohemia-styria", ["bavaria"], 1)
    act(s, AUSTRIA, {"from": "bohemia-styria"})
    assert "bavaria" not in tos(s, AUSTRIA)
    act(s, AUSTRIA, {"to": "tyrol"})
    assert counts(s, AUSTRIA) == [1]


def test_neutral_regions_are_never_entered():
    """L249-254: with Spain and Russia Neutral (4 players), their homelands and Finland,
    Lithuania, Suwalski and Moldavia-Wallachia may not be entered."""
    s = plotting(players=4)
    place(s, PRUSSIA, "cavalry", "east-prussia")
    place(s, AUSTRIA, "cavalry", "ruthenia")
    begin(s, "plot_orders")
    act(s, PRUSSIA, {"from": "east-prussia"})
    assert tos(s, PRUSSIA) == ["pomerania", "posen"]  # not Lithuania, Poland or Suwalski
    act(s, AUSTRIA, {"from": "ruthenia"})
    assert "moldavia-wallachia" not in tos(s, AUSTRIA) and "ukraine" not in tos(s, AUSTRIA)
    assert "cracow" in tos(s, AUSTRIA)


def test_undo_takes_back_steps_and_orders():
    """The plotting steps can be taken back one at a time, a finished order too."""
    s = plotting()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 2)
    begin(s, "plot_orders")
    plot(s, AUSTRIA, "bohemia-styria", ["bavaria", "wurttemberg"], 2)
    act(s, AUSTRIA, "undo")
    assert s["orders"][AUSTRIA][-1]["status"] == "drafting" and s["orders"][AUSTRIA][-1]["count"] == 0
    act(s, AUSTRIA, "undo")
    act(s, AUSTRIA, "undo")
    act(s, AUSTRIA, "undo")
    assert s["orders"][AUSTRIA] == []
    assert {"from": "bohemia-styria"} in acts(s, AUSTRIA)


def test_illegal_plotting_actions_are_refused_and_change_nothing():
    """L434-438, L423, L430: a region out of reach, too many forces, committing in the
    middle of an order: refused, the state untouched."""
    s = plotting()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 2)
    begin(s, "plot_orders")
    act(s, AUSTRIA, {"from": "bohemia-styria"})
    before = json.dumps(s, sort_keys=True)
    for bad in ({"to": "saxony"}, {"count": 1}, "done", {"from": "austria"}, {"to": "port-trieste"}):
        with pytest.raises(IllegalAction):
            act(s, AUSTRIA, bad)
    act(s, AUSTRIA, {"to": "bavaria"})
    with pytest.raises(IllegalAction):
        act(s, AUSTRIA, {"count": 3})
    with pytest.raises(IllegalAction):
        act(s, FRANCE, {"from": "bohemia-styria"})  # not France's forces
    assert json.loads(before)["orders"][AUSTRIA][0]["path"] == []
    assert s["orders"][AUSTRIA][0]["path"] == ["bavaria"]


# ----- secrecy ------------------------------------------------------------------------------------


def two_plans(plan_a, plan_b):
    a, b = plotting(), plotting()
    for s in (a, b):
        place(s, AUSTRIA, "half-infantry", "bohemia-styria", 3)
        place(s, PRUSSIA, "half-infantry", "silesia", 2)
        begin(s, "plot_orders")
    for origin, path, n in plan_a:
        plot(a, AUSTRIA, origin, path, n)
    for origin, path, n in plan_b:
        plot(b, AUSTRIA, origin, path, n)
    return a, b


def test_orders_are_secret_while_plotted():
    """L413, L430-432: a nation's orders (finished or being drawn) never show in another
    nation's view, its prompt or the public log; the nation sees its own."""
    a, b = two_plans([("bohemia-styria", ["bavaria", "wurttemberg"], 2)], [("bohemia-styria", ["hungary"], 1)])
    act(a, AUSTRIA, {"from": "bohemia-styria"})  # a half-drawn order too
    act(a, AUSTRIA, {"to": "tyrol"})
    for role in (PRUSSIA, FRANCE, RUSSIA, None):
        assert view(a, role) == view(b, role), role
    assert game.view(a, AUSTRIA)["board"]["orders"][AUSTRIA][0]["path"] == ["bavaria", "wurttemberg"]
    assert game.view(a, PRUSSIA)["board"]["orders"] == {PRUSSIA: []}
    assert "Bavaria" not in json.dumps(pub(a)) and "Hungary" not in json.dumps(pub(b))
    assert "Plotting an order" in game.view(a, AUSTRIA)["prompt"]
    assert "Tyrol" not in json.dumps(game.view(a, PRUSSIA))
    act(a, PRUSSIA, "done")
    act(b, PRUSSIA, "done")
    for role in (PRUSSIA, FRANCE, None):
        assert view(a, role) == view(b, role), role


def test_orders_stay_secret_after_every_nation_commits_until_its_turn():
    """L432, L514: after Phase 2 the orders stay hidden until their nation is Active; then
    all see them (a public log line each); the others' orders stay hidden."""
    a, b = two_plans([("bohemia-styria", ["bavaria"], 1)], [("bohemia-styria", ["hungary"], 2)])
    for s in (a, b):
        plot(s, PRUSSIA, "silesia", ["saxony"], 1)
        for role in list(game.active(s)):
            act(s, role, "done")
        assert state_name(s) is None
    s = a
    for role in (PRUSSIA, FRANCE, None):
        assert view(a, role) == view(b, role)
    start_turn(s, AUSTRIA)
    assert game.view(s, PRUSSIA)["board"]["orders"][AUSTRIA][0]["path"] == ["bavaria"]
    assert "Austria's order 1: 1 force from Bohemia-Styria to Bavaria." in pub(s)
    assert PRUSSIA not in game.view(s, AUSTRIA)["board"]["orders"]
    assert not any("Saxony" in line for line in pub(s))


# ----- Step A: review and dismissal -----------------------------------------------------------------


def reviewed(present, dots, tents=0, paths=None):
    """Austria plotted ``dots`` forces from Bohemia-Styria (along ``paths``); by its turn
    only ``present`` remain, with ``tents`` Field Hospital Tents."""
    s = fresh()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", present)
    place(s, AUSTRIA, "half-infantry", "hungary", 1)
    paths = paths or [(["bavaria"], dots)]
    set_orders(s, AUSTRIA, [("bohemia-styria", p, n) for p, n in paths] + [("hungary", ["serbia"], 1)])
    if tents:
        s["tents"]["bohemia-styria"] = {AUSTRIA: tents}
    start_turn(s, AUSTRIA)
    return s


def test_too_many_destination_dots_dismiss_every_order_from_the_region():
    """L521: more dots than forces at the origin: all orders from there are dismissed,
    with White Arrow Tags (L518); orders from elsewhere stand."""
    s = reviewed(present=2, dots=3, paths=[(["bavaria"], 2), (["tyrol"], 1)])
    orders = s["orders"][AUSTRIA]
    assert [o["status"] for o in orders] == ["dismissed", "dismissed", "plotted"]
    for fid in board.forces_at(s, "bohemia-styria"):
        assert tags(s, fid) == ["white"]
    assert any("are dismissed" in line and "destination dot" in line for line in pub(s))


def test_field_hospital_tents_excuse_casualties():
    """L523, L736: when Tents in the region account for the missing forces the orders
    stand; the order goes with the forces there (RULINGS M3)."""
    s = reviewed(present=2, dots=3, tents=1)
    assert s["orders"][AUSTRIA][0]["status"] == "plotted"
    assert any("Field Hospital Tents there account" in line for line in pub(s))
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    assert len(board.forces_at(s, "bavaria")) == 2
    assert s["orders"][AUSTRIA][0]["status"] == "done"
    assert any("1 Field Hospital Tent for the rest" in line for line in pub(s))


def test_too_many_paths_dismiss_unless_tents_make_them_up():
    """L524: more paths than forces (and Tents) present: all orders from the region go."""
    s = reviewed(present=1, dots=2, paths=[(["bavaria"], 1), (["tyrol"], 1)])
    assert [o["status"] for o in s["orders"][AUSTRIA][:2]] == ["dismissed", "dismissed"]
    assert any("2 paths but only 1 force" in line for line in pub(s))
    s = reviewed(present=1, dots=2, tents=1, paths=[(["bavaria"], 1), (["tyrol"], 1)])
    assert [o["status"] for o in s["orders"][AUSTRIA][:2]] == ["plotted", "plotted"]


def test_out_of_range_and_duplicate_orders_are_dismissed_at_review():
    """L520, L420: an order beyond its range, or two identical paths, written onto the
    Planning Map some other way, are dismissed at the Review."""
    s = fresh()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 3)
    place(s, AUSTRIA, "half-infantry", "hungary", 2)
    set_orders(
        s,
        AUSTRIA,
        [
            ("bohemia-styria", ["bavaria", "wurttemberg", "baden"], 1),  # 3 land regions
            ("hungary", ["serbia"], 1),
            ("hungary", ["serbia"], 1),
        ],
    )
    start_turn(s, AUSTRIA)
    assert [o["status"] for o in s["orders"][AUSTRIA]] == ["dismissed", "dismissed", "dismissed"]


# ----- cancelling --------------------------------------------------------------------------------


def test_cancelling_tags_the_chosen_forces_white():
    """L527-535, RULINGS M2: a whole order is cancelled; as many forces as its dots take
    White tags, chosen by the Active Nation where they differ; they cannot then move."""
    s = fresh()
    cav = place(s, AUSTRIA, "cavalry", "bohemia-styria")[0]
    inf = place(s, AUSTRIA, "full-infantry", "bohemia-styria")[0]
    gun = place(s, AUSTRIA, "cannon", "bohemia-styria")[0]
    set_orders(s, AUSTRIA, [("bohemia-styria", ["bavaria"], 1), ("bohemia-styria", ["saxony"], 2)])
    s["orders"][AUSTRIA][1]["path"] = ["ore-mountains", "saxony"]
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, {"cancel": 2})
    assert state_name(s) == "orders_pick"
    assert acts(s, AUSTRIA) == [{"pick": cav}, {"pick": inf}, {"pick": gun}]
    act(s, AUSTRIA, {"pick": gun})
    act(s, AUSTRIA, {"pick": inf})
    assert state_name(s) == "march_battles"
    assert tags(s, gun) == ["white"] and tags(s, inf) == ["white"] and tags(s, cav) == []
    assert s["orders"][AUSTRIA][1]["status"] == "cancelled"
    assert {"cancel": 2} not in acts(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})  # only the Cavalry is left to go
    assert board.forces_at(s, "bavaria") == [cav]


def test_cancelled_orders_cannot_be_executed_and_whole_orders_only():
    """L529: orders are cancelled whole (there is no partial cancel action); a cancelled
    order is no longer offered for execution; Step C ends once all are done (RULINGS M15)."""
    s = fresh()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 2)
    set_orders(s, AUSTRIA, [("bohemia-styria", ["bavaria"], 2)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    assert "end" not in acts(s, AUSTRIA)
    with pytest.raises(IllegalAction):
        act(s, AUSTRIA, "end")
    act(s, AUSTRIA, {"cancel": 1})
    assert {"execute": 1} not in acts(s, AUSTRIA)
    with pytest.raises(IllegalAction):
        act(s, AUSTRIA, {"execute": 1})
    act(s, AUSTRIA, "end")
    assert state_name(s) == "march_battles" and game.view(s, AUSTRIA)["board"]["question"]["step"] == "post"


def test_plot_round_commits_every_nation():
    """L428-430: Phase 2 ends when every nation in play has placed its Planning Map down."""
    s = fresh(players=4)
    place(s, AUSTRIA, "half-infantry", "bohemia-styria")
    plot_round(s, {AUSTRIA: [("bohemia-styria", ["bavaria"], 1)]})
    assert set(s["orders"]) == set(board.in_play(s))
    assert s["orders"][AUSTRIA][0]["status"] == "plotted"
    assert "Every nation has plotted its orders and laid its Planning Map face down." in pub(s)


def test_spains_plotting_example():
    """L418-426: Spain's 2 Ships in the Port of Corunna, 1 Land Unit in the Mountain Range
    between Leon and Portugal and 3 in Leon: 1 Ship to the Port of La Rochelle (the
    other stays); 1 force from the Mountain Range joins 2 from Leon in Aragon-Catalonia;
    the third from Leon goes over the Mountain Range to Portugal."""
    s = fresh()
    place(s, "spain", "frigate", "port-corunna", 2)
    place(s, "spain", "half-infantry", "serra-da-estrela")
    place(s, "spain", "half-infantry", "leon", 3)
    plan = [
        ("port-corunna", ["bay-of-biscay", "port-la-rochelle"], 1),
        ("serra-da-estrela", ["leon", "aragon-catalonia"], 1),
        ("leon", ["aragon-catalonia"], 2),
        ("leon", ["serra-da-estrela", "portugal"], 1),
    ]
    plot_round(s, {"spain": plan})
    assert [(o["from"], o["path"], o["count"]) for o in s["orders"]["spain"]] == plan
    start_turn(s, "spain")
    assert [o["status"] for o in s["orders"]["spain"]] == ["plotted"] * 4  # nothing to dismiss


def test_once_orders_are_revealed_nothing_before_can_be_taken_back():
    """L432, L514: when the next Active Nation's orders are revealed, the nation that acted
    before may no longer undo its last action (it has seen them)."""
    s = fresh()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria")
    place(s, PRUSSIA, "half-infantry", "silesia")
    set_orders(s, AUSTRIA, [])
    set_orders(s, PRUSSIA, [("silesia", ["saxony"], 1)])
    begin(s, "harness_march", nations=[AUSTRIA, PRUSSIA])
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, "end")
    assert game.can_undo(s, AUSTRIA)
    act(s, AUSTRIA, "end")  # Austria's turn ends; Prussia's orders are revealed
    assert s["active"] == PRUSSIA and "Prussia's order 1: 1 force from Silesia to Kingdom of Saxony." in pub(s)
    assert not game.can_undo(s, AUSTRIA)
