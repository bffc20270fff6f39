"""Imperial Borders: paths from one region may not branch or converge once they have
left it (rulebook L420, RULINGS M19), at plotting and at the Review (L516-525); Cargo transfers
(L493) are not offered to undo what the same Cargo Management step just did
(RULINGS M18); the log's words carry no line numbers (the rule is cited apart)."""

import random

import pytest
from ib_march_support import (
    AUSTRIA,
    BRITAIN,
    FRANCE,
    aboard,
    act,
    acts,
    begin,
    fresh,
    game,
    place,
    plot,
    pub,
    set_orders,
    start_turn,
    state_name,
)

from kriegsspiel.engine import IllegalAction
from kriegsspiel.games.imperial_borders import board, bots_march
from kriegsspiel.games.imperial_borders.board import PRUSSIA


def meet(a, b):
    """Two paths from one origin have a region in common after leaving it (L420)."""
    return bool(set(a) & set(b))


def tos(s, role):
    return [a["to"] for a in acts(s, role) if isinstance(a, dict) and "to" in a]


def counts(s, role):
    return [a["count"] for a in acts(s, role) if isinstance(a, dict) and "count" in a]


def lorraine(n=3):
    """France with ``n`` Half Infantry in Lorraine, plotting."""
    s = fresh()
    place(s, FRANCE, "half-infantry", "lorraine", n)
    begin(s, "plot_orders")
    return s


# ----- plotting (L420) ----------------------------------------------------------------------------


def test_paths_from_one_region_may_not_branch_after_leaving_it():
    """L420 "Do not plot paths that branch (or converge) after having left the region of
    origin": Lorraine -> Baden -> Württemberg is plotted; a second order from Lorraine
    may not go through Baden again (it would branch there, to Bavaria), and the step is
    refused if asked for."""
    s = lorraine()
    plot(s, FRANCE, "lorraine", ["baden", "wurttemberg"], 1)
    act(s, FRANCE, {"from": "lorraine"})
    assert "baden" not in tos(s, FRANCE)
    assert "palatinate" in tos(s, FRANCE)  # paths may still fan out from the origin itself
    with pytest.raises(IllegalAction):
        act(s, FRANCE, {"to": "baden"})
    assert s["orders"][FRANCE][-1]["path"] == []


def test_a_path_may_not_be_a_prefix_of_another():
    """L420: Lorraine -> Baden, then Lorraine -> Baden -> Württemberg would branch at Baden
    (one line stops there, the other goes on); the other way round likewise."""
    s = lorraine()
    plot(s, FRANCE, "lorraine", ["baden"], 1)
    act(s, FRANCE, {"from": "lorraine"})
    assert "baden" not in tos(s, FRANCE)
    s = lorraine()
    plot(s, FRANCE, "lorraine", ["baden", "wurttemberg"], 1)
    act(s, FRANCE, {"from": "lorraine"})
    assert "baden" not in tos(s, FRANCE)
    with pytest.raises(IllegalAction):
        act(s, FRANCE, {"to": "baden"})


def test_paths_from_one_region_may_not_converge_in_a_destination():
    """L420 (and L424's circled dots tell only origins apart): Lorraine -> Baden and
    Lorraine -> Palatinate -> Baden meet in Baden by different routes: the second may not
    be drawn into Baden."""
    s = lorraine()
    plot(s, FRANCE, "lorraine", ["baden"], 1)
    act(s, FRANCE, {"from": "lorraine"})
    act(s, FRANCE, {"to": "palatinate"})
    assert "baden" not in tos(s, FRANCE)
    assert "hesse" in tos(s, FRANCE)
    with pytest.raises(IllegalAction):
        act(s, FRANCE, {"to": "baden"})
    act(s, FRANCE, {"to": "hesse"})
    assert counts(s, FRANCE) == [1, 2]  # a path of its own: it may be closed


def test_identical_paths_and_their_continuations_are_refused():
    """L420 "Do not plot multiple paths that are identical": the same path again cannot
    be drawn at all (its first step is already another path's)."""
    s = fresh()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 2)
    begin(s, "plot_orders")
    plot(s, AUSTRIA, "bohemia-styria", ["bavaria"], 1)
    act(s, AUSTRIA, {"from": "bohemia-styria"})
    assert "bavaria" not in tos(s, AUSTRIA)
    with pytest.raises(IllegalAction):
        act(s, AUSTRIA, {"to": "bavaria"})


def test_an_origin_whose_every_first_step_is_taken_is_not_offered():
    """L420: once the paths from a region use all its neighbours, no further path can
    leave it: the region is no longer offered as an origin."""
    s = fresh()
    place(s, AUSTRIA, "frigate", "port-trieste", 2)
    begin(s, "plot_orders")
    assert {"from": "port-trieste"} in acts(s, AUSTRIA)
    plot(s, AUSTRIA, "port-trieste", ["adriatic-sea", "port-bari"], 1)
    assert {"from": "port-trieste"} not in acts(s, AUSTRIA)
    with pytest.raises(IllegalAction):
        act(s, AUSTRIA, {"from": "port-trieste"})


def test_ships_in_one_port_sail_one_path():
    """L420 with L201 (a Port touches only its Open Sea): two Ships in a Port cannot be
    plotted along two paths, for both would leave through the same Sea and branch there;
    they sail together (and may stop on the way, L553)."""
    s = fresh()
    place(s, AUSTRIA, "frigate", "port-spalato", 2)
    begin(s, "plot_orders")
    plot(s, AUSTRIA, "port-spalato", ["adriatic-sea", "port-bari"], 1)
    assert {"from": "port-spalato"} not in acts(s, AUSTRIA)
    s = fresh()
    place(s, AUSTRIA, "frigate", "port-spalato", 2)
    begin(s, "plot_orders")
    plot(s, AUSTRIA, "port-spalato", ["adriatic-sea", "port-bari"], 2)
    assert s["orders"][AUSTRIA][0]["count"] == 2


def test_paths_from_different_regions_may_cross_and_meet():
    """L424-426: paths from different origins may lead into the same destination, and
    may pass through the same regions (in Spain's example the force from the Mountain
    Range goes through Leon, whence 2 others go to Aragon-Catalonia)."""
    s = fresh()
    place(s, FRANCE, "half-infantry", "lorraine")
    place(s, FRANCE, "half-infantry", "palatinate")
    begin(s, "plot_orders")
    plot(s, FRANCE, "lorraine", ["baden", "wurttemberg"], 1)
    act(s, FRANCE, {"from": "palatinate"})
    assert "baden" in tos(s, FRANCE)
    act(s, FRANCE, {"to": "baden"})
    assert "wurttemberg" in tos(s, FRANCE)
    act(s, FRANCE, {"to": "wurttemberg"})
    act(s, FRANCE, {"count": 1})
    assert [o["status"] for o in s["orders"][FRANCE]] == ["plotted", "plotted"]


def test_a_ship_path_may_loop_on_itself():
    """L459 "Loop the line for double-back maneuvers": one path may revisit its own
    regions; only two paths from one origin may not meet."""
    s = fresh()
    place(s, AUSTRIA, "frigate", "port-spalato")
    begin(s, "plot_orders")
    plot(s, AUSTRIA, "port-spalato", ["adriatic-sea", "port-bari", "adriatic-sea", "port-spalato"], 1)
    assert s["orders"][AUSTRIA][0]["status"] == "plotted"


def test_clashing():
    """L420: two paths from one origin clash when they have any region in common after
    leaving it (identical, a prefix, a branch, a meeting); a return into the origin by
    one path alone is no meeting."""
    from kriegsspiel.games.imperial_borders.orders import clashing

    assert clashing(["baden"], ["baden"])
    assert clashing(["baden"], ["baden", "wurttemberg"])
    assert clashing(["baden", "bavaria"], ["baden", "wurttemberg"])
    assert clashing(["baden"], ["palatinate", "baden"])
    assert not clashing(["baden", "lorraine"], ["palatinate"])
    assert clashing(["baden", "lorraine"], ["palatinate", "lorraine"])


# ----- the Review (L516-525) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "paths",
    [
        [["baden", "wurttemberg"], ["baden", "bavaria"]],  # branch after Baden
        [["baden"], ["baden", "wurttemberg"]],  # a prefix
        [["baden"], ["palatinate", "baden"]],  # converge in the destination
    ],
)
def test_branching_or_converging_paths_are_dismissed_at_review(paths):
    """L420, L520 and RULINGS M4, M19: paths from one region that branch or converge after
    leaving it, written on the Planning Map some other way, dismiss every order from that
    region at the Review; an order from elsewhere stands."""
    s = fresh()
    place(s, FRANCE, "half-infantry", "lorraine", 3)
    place(s, FRANCE, "half-infantry", "palatinate")
    set_orders(s, FRANCE, [("lorraine", p, 1) for p in paths] + [("palatinate", ["baden"], 1)])
    start_turn(s, FRANCE)
    assert [o["status"] for o in s["orders"][FRANCE]] == ["dismissed", "dismissed", "plotted"]
    line = next(x for x in pub(s) if x.startswith("All France's orders from Lorraine are dismissed"))
    assert "branch or converge" in line
    rules = [e[0] for e in s["log"] if len(e) == 2 and e[1] == line]
    assert rules == ["L420"]
    assert all(board.WHITE in s["forces"][x]["tags"] for x in board.forces_at(s, "lorraine", FRANCE))


def test_review_lines_carry_no_line_numbers_in_their_words():
    """The Review's words name no rulebook lines: the rule each line applies is cited
    beside it (L516, L420, L524, L523)."""
    s = fresh()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria", 2)
    place(s, AUSTRIA, "half-infantry", "hungary", 1)
    place(s, AUSTRIA, "half-infantry", "tyrol", 1)
    set_orders(
        s,
        AUSTRIA,
        [
            ("bohemia-styria", ["bavaria"], 1),
            ("bohemia-styria", ["bavaria"], 1),  # identical
            ("hungary", ["serbia"], 1),
            ("hungary", ["slovenia-croatia"], 1),  # 2 paths, 1 force
            ("tyrol", ["bavaria"], 2),  # 2 dots, 1 force
        ],
    )
    start_turn(s, AUSTRIA)
    words = [e for e in s["log"] if len(e) == 2]
    review = [e for e in words if "Planning Map" in e[1] or "dismissed" in e[1]]
    assert len(review) == 4
    assert all("(L" not in text for _rule, text in review)
    assert {rule for rule, text in review if "dismissed" in text} == {"L420", "L524", "L523"}
    assert [rule for rule, text in review if "Planning Map" in text] == ["L516"]


# ----- the bots plot legal orders -----------------------------------------------------------------


def test_the_bots_never_plot_paths_that_branch_or_converge():
    """L420: the heuristic bot's plans never branch or converge from one origin: France
    with spare forces in Lorraine and two Ships in Brest, with Independent Territories and
    Ports all round, plots as it likes and every order passes the Review."""
    s = fresh()
    place(s, FRANCE, "half-infantry", "lorraine", 6)
    place(s, FRANCE, "frigate", "port-brest", 2)
    place(s, FRANCE, "half-infantry", "brittany", 4)
    plan = bots_march.plan_orders(s, FRANCE)
    for i, (o1, p1, _) in enumerate(plan):
        for o2, p2, _ in plan[i + 1 :]:
            assert o1 != o2 or not meet(p1, p2), (o1, p1, p2)
    assert len(plan) > 2 and sum(n for o, _, n in plan if o == "port-brest") <= 2
    begin(s, "plot_orders")
    n = 0
    while state_name(s) == "orders_plot" and FRANCE in game.active(s):
        act(s, FRANCE, bots_march.plot(s, {}, FRANCE, acts(s, FRANCE)))
        n += 1
        assert n < 500
    assert [(o["from"], o["path"], o["count"]) for o in s["orders"][FRANCE]] == plan
    for nation in list(game.active(s)):
        act(s, nation, "done")
    start_turn(s, FRANCE)
    assert all(o["status"] == "plotted" for o in s["orders"][FRANCE])


# ----- Cargo transfers (L493) ---------------------------------------------------------------------


def transfers(s, role=BRITAIN):
    return [a for a in acts(s, role) if isinstance(a, dict) and "transfer" in a]


def london(ships=("ship-of-the-line", "frigate")):
    """Britain's Ships in the Port of London, a Cannon aboard the first; Step C."""
    s = fresh()
    fleet = [place(s, BRITAIN, kind, "port-london")[0] for kind in ships]
    gun = aboard(s, fleet[0], BRITAIN, "cannon")[0]
    start_turn(s, BRITAIN)
    act(s, BRITAIN, "march")
    assert state_name(s) == "march_orders"
    return s, fleet, gun


def test_a_transfer_is_not_offered_back_at_once():
    """L493, RULINGS M18: right after the British Cannon is transferred from the Ship of
    the Line to the Frigate, transferring it back is not offered (it would only undo
    the transfer), and is refused if asked for."""
    s, (line, frigate), gun = london()
    assert transfers(s) == [{"transfer": gun, "to": frigate}]
    act(s, BRITAIN, {"transfer": gun, "to": frigate})
    assert s["forces"][gun]["cargo_of"] == frigate
    assert {"transfer": gun, "to": line} not in transfers(s)
    with pytest.raises(IllegalAction):
        act(s, BRITAIN, {"transfer": gun, "to": line})
    assert s["forces"][gun]["cargo_of"] == frigate


def test_no_round_trip_through_a_third_ship():
    """L493, RULINGS M18: nor may the same step come back to an arrangement it has
    already had by a longer way round (Ship of the Line -> Frigate -> Frigate -> Ship of
    the Line)."""
    s, (line, f1, f2), gun = london(("ship-of-the-line", "frigate", "frigate"))
    act(s, BRITAIN, {"transfer": gun, "to": f1})
    act(s, BRITAIN, {"transfer": gun, "to": f2})
    assert s["forces"][gun]["cargo_of"] == f2
    assert transfers(s) == []


def test_the_same_cargo_may_be_transferred_again_after_another_action():
    """L493 "The same Cargo can be transferred any number of times during a Game Round":
    once the nation has done something else (here, its order to sail), the Cannon may go
    back to the Ship of the Line."""
    s = fresh()
    line = place(s, BRITAIN, "ship-of-the-line", "port-london")[0]
    frigate = place(s, BRITAIN, "frigate", "port-london")[0]
    gun = aboard(s, line, BRITAIN, "cannon")[0]
    place(s, BRITAIN, "half-infantry", "scotland")
    set_orders(s, BRITAIN, [("scotland", ["england"], 1)])
    start_turn(s, BRITAIN)
    act(s, BRITAIN, "march")
    act(s, BRITAIN, {"transfer": gun, "to": frigate})
    assert {"transfer": gun, "to": line} not in transfers(s)
    act(s, BRITAIN, {"execute": 1})
    assert {"transfer": gun, "to": line} in transfers(s)
    act(s, BRITAIN, {"transfer": gun, "to": line})
    assert s["forces"][gun]["cargo_of"] == line


def test_a_random_player_cannot_toggle_cargo_for_ever():
    """L493, RULINGS M18: with two Cargo units and three Ships in a Port, Cargo actions
    taken one after another always run out: the Active Nation must at last do something
    else."""
    s, fleet, gun = london(("ship-of-the-line", "frigate", "ship-of-the-line"))
    aboard(s, fleet[2], BRITAIN, "half-infantry", 2)
    rng = random.Random(5)
    n = 0
    while True:
        cargo = [a for a in acts(s, BRITAIN) if isinstance(a, dict) and ({"load", "unload", "transfer"} & set(a))]
        if not cargo:
            break
        act(s, BRITAIN, rng.choice(cargo))
        n += 1
        assert n < 500
    assert n > 0


def test_scrambled_orders_never_branch_or_converge():
    """L420: the orders a nation might have plotted, as ``scramble`` draws them afresh for a
    searcher that may not see them, obey the same rules as plotted ones: from its forces, in
    range, no two from one origin meeting after leaving it, no more forces than stand there."""
    from kriegsspiel.games.imperial_borders.rules import replot_orders

    s = lorraine()
    drawn = set()
    for seed in range(200):
        replot_orders(s, FRANCE, random.Random(seed), plotted=True)
        mine = s["orders"][FRANCE]
        assert sum(o["count"] for o in mine) <= 3 and all(o["from"] == "lorraine" for o in mine)
        for a in mine:
            assert 1 <= len(a["path"]) <= 2 and a["status"] == "plotted"
            assert not any(meet(a["path"], b["path"]) for b in mine if b is not a), mine
        drawn.add(tuple(tuple(o["path"]) for o in mine))
    assert len(drawn) > 10 and () in drawn  # many plans, and none at all among them


def test_the_scramble_draws_hidden_orders_without_reading_them():
    """L432: a nation's orders are hidden until it is the Active Nation, their number, origins,
    paths and forces alike. Two games Prussia cannot tell apart (France plotted three orders,
    or none) give Prussia's search the same samples of France's orders."""
    import kriegsspiel

    g = kriegsspiel.load("imperial-borders")
    base = g.new(seed=3, players=6, scenario="historical")
    assert base["stack"][-1]["state"] == "orders_plot"
    planned = g.clone(base)
    pick = random.Random(1)
    while len(orders_of(planned, FRANCE)) < 3:
        steps = [a for a in g.actions(planned, FRANCE) if a not in ("done", "undo")]
        planned = g.apply(planned, FRANCE, pick.choice(steps))
    planned = g.apply(planned, FRANCE, "done")
    idle = g.apply(g.clone(base), FRANCE, "done")
    assert len(planned["orders"][FRANCE]) == 3 and idle["orders"][FRANCE] == []
    assert g.view(planned, PRUSSIA) == g.view(idle, PRUSSIA)
    counts = set()
    for k in range(60):
        a = g.scramble(planned, PRUSSIA, random.Random(k))["orders"][FRANCE]
        b = g.scramble(idle, PRUSSIA, random.Random(k))["orders"][FRANCE]
        assert a == b
        counts.add(len(a))
    assert len(counts) > 2  # drawn afresh: none, one, several


def orders_of(s, nation):
    return [o for o in s["orders"].get(nation, []) if o["status"] != "drafting"]
