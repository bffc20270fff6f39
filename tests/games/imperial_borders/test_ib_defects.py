"""Imperial Borders: defects found by testers playing the game against the rulebook
(shared/rulebooks/001_c918182dbcad1d7d.txt, cited as L123): repairing Ships in
another nation's Port (Phase 7, L877) and the Gold held in territories in Revolt
when a lost Capital is regained (optional Revolts, L989-997, with L394)."""

from ib_march_support import (
    AUSTRIA,
    BRITAIN,
    FRANCE,
    PRUSSIA,
    RUSSIA,
    act,
    acts,
    begin,
    fresh,
    game,
    place,
    pub,
    set_orders,
    start_turn,
    state_name,
    top,
)

from kriegsspiel.games.imperial_borders import board, muster, sequence
from kriegsspiel.games.imperial_borders.data import pack

# ----- Phase 7: repairing Ships in another nation's Port (L877) ------------------------------


def muster_phase(s):
    """Run Phase 7 (L867-897) from Step A, with the nations in the rulebook's order."""
    s["phase"] = "muster"
    s["turn_order"] = list(s["nations"])
    return begin(s, "muster")


def test_a_foreign_ship_in_a_major_port_asks_the_ports_controller():
    """L877 "Provided no opposing Forces are present, all Damaged and Out-of-Action Ships
    currently present in any Major or Capital Port (that has at least 1 HP) can repair
    fully at no cost, with the permission of the Port's controller." The Port's own
    Fortification is the controller's, whose permission is asked: it does not make the
    Port opposed, or the permission could never be asked (RULINGS R15)."""
    s = fresh()
    assert s["control"]["port-brest"] == FRANCE and pack().ports["port-brest"].tier == "major"
    (ship,) = place(s, BRITAIN, "frigate", "port-brest")
    s["forces"][ship]["damage"] = 1  # a Frigate with 1 Hit is Out-of-Action (L707)
    assert muster.repairable_ships(s) == {"port-brest": [ship]}
    muster_phase(s)
    assert state_name(s) == "permit_repair" and top(s)["role"] == FRANCE
    assert acts(s, FRANCE) == ["allow", "refuse"]
    act(s, FRANCE, "allow")
    assert s["forces"][ship]["damage"] == 0 and "The British Frigate in Brest is repaired." in pub(s)


def test_the_ports_controller_may_refuse_and_a_port_at_0_hp_repairs_nothing():
    """L877 The repair needs "the permission of the Port's controller": a refusal
    prevents it. The Port must have "at least 1 HP"."""
    s = fresh()
    (ship,) = place(s, BRITAIN, "frigate", "port-brest")
    s["forces"][ship]["damage"] = 1
    muster_phase(s)
    assert state_name(s) == "permit_repair"
    act(s, FRANCE, "refuse")
    assert s["forces"][ship]["damage"] == 1 and "France refuses repairs in Brest." in pub(s)
    s = fresh()
    (ship,) = place(s, BRITAIN, "frigate", "port-brest")
    s["forces"][ship]["damage"] = 1
    s["damage"]["port-brest"] = 2  # a Major Port has 2 HP (L700)
    assert muster.repairable_ships(s) == {}


def test_the_controller_is_asked_once_and_other_opposing_nations_are_asked_too():
    """L877 "Provided no opposing Forces are present"; L241 opposing Forces are those of
    nations whose permission is sought, "opposition by ANY ONE of those Nations will
    prevent the action". The controller's own Ship in its Port adds no second question;
    a third nation's Ship there is asked, and its refusal prevents the repair; an
    Out-of-Action Ship opposes nothing (L716)."""
    s = fresh()
    (ship,) = place(s, BRITAIN, "frigate", "port-brest")
    s["forces"][ship]["damage"] = 1
    place(s, FRANCE, "frigate", "port-brest")
    (russian,) = place(s, RUSSIA, "frigate", "port-brest")
    muster_phase(s)
    assert state_name(s) == "permit_repair" and top(s)["role"] == FRANCE
    act(s, FRANCE, "allow")
    assert state_name(s) == "permit_repair" and top(s)["role"] == RUSSIA
    assert "where your Forces are" in game.view(s, RUSSIA)["prompt"]
    act(s, RUSSIA, "refuse")
    assert s["forces"][ship]["damage"] == 1 and "Russia refuses repairs in Brest." in pub(s)
    assert muster.repair_permissions(s, "port-brest", [ship]) == [(FRANCE, [ship]), (RUSSIA, [ship])]
    s["forces"][russian]["damage"] = 1  # now Out-of-Action: it opposes nothing, and repairs with France's leave
    assert muster.repair_permissions(s, "port-brest", [ship, russian]) == [(FRANCE, [ship, russian])]
    s = fresh()
    (ship,) = place(s, FRANCE, "frigate", "port-brest")
    s["forces"][ship]["damage"] = 1
    place(s, RUSSIA, "frigate", "port-brest")
    assert muster.repair_permissions(s, "port-brest", [ship]) == [(RUSSIA, [ship])]


# ----- Revolts: regaining a lost Capital (L394, L989-997) ----------------------------------


def capital_lost_with_a_revolt():
    """Austria has lost its Capital to Prussia; Tyrol (annexed) is in Revolt and
    Hungary is not; one round of taxes is held in both (L394, L989)."""
    s = fresh(options={"revolts": True})
    s["teams"] = {n: i for i, n in enumerate(s["nations"])}
    capital = pack().nations[AUSTRIA].capital
    board.capture(s, capital, PRUSSIA)
    s["gold"][AUSTRIA] = 0
    s["revolts"] = ["tyrol"]
    sequence.collect_taxes(s)
    assert s["held_gold"]["tyrol"] == 1 and s["held_gold"]["hungary"] == 2 and s["gold"][AUSTRIA] == 0
    assert s["control"]["tyrol"] == AUSTRIA
    return s, capital


def test_regaining_the_capital_leaves_the_gold_of_a_territory_in_revolt_held():
    """L989 "While a Revolt Token is on a Territory, the controlling Nation loses their
    Gold Income, which accumulates in the affected Territory (it cannot be moved)";
    L997 the Gold goes to the Treasury when the Revolt is quelled (L993-995). Regaining
    the Capital releases the Gold held because of the lost Capital (L394), not the Gold
    of a territory still in Revolt."""
    s, capital = capital_lost_with_a_revolt()
    others = sum(v for t, v in s["held_gold"].items() if t != "tyrol")
    board.capture(s, capital, AUSTRIA)
    assert s["gold"][AUSTRIA] == others and list(s["held_gold"]) == ["tyrol"]
    assert s["held_gold"]["tyrol"] == 1 and "tyrol" in s["revolts"]
    board.capture(s, "tyrol", PRUSSIA)  # L993 "The Territory is captured by another Nation"
    assert s["gold"][PRUSSIA] >= 1 and "tyrol" not in s["held_gold"] and "tyrol" not in s["revolts"]


def test_quelling_a_revolt_without_the_capital_keeps_the_gold_held():
    """L394 A Nation that has lost its Capital "cannot collect or spend Gold until their
    Original Capital is regained. New Gold income remains in its generating Territory";
    L997 quelling a Revolt ends the Revolt's hold only. The Gold goes to the Treasury
    when the Capital is regained."""
    s, capital = capital_lost_with_a_revolt()
    place(s, AUSTRIA, "half-infantry", "bohemia-styria")
    set_orders(s, AUSTRIA, [("bohemia-styria", ["tyrol"], 1)])
    start_turn(s, AUSTRIA)
    act(s, AUSTRIA, "march")
    act(s, AUSTRIA, {"execute": 1})
    assert s["revolts"] == []  # L994 quelled
    assert s["gold"][AUSTRIA] == 0 and s["held_gold"]["tyrol"] == 1
    held = sum(s["held_gold"].values())
    board.capture(s, capital, AUSTRIA)
    assert s["gold"][AUSTRIA] == held and s["held_gold"] == {}


def test_the_capitals_own_revolt_free_gold_still_comes_home():
    """L394 "Once recovered or captured, the Gold is transferred immediately to the
    controller's Treasury": with no Revolt, regaining the Capital releases every
    territory's held Gold, as before."""
    s = fresh(options={"revolts": True})
    capital = pack().nations[AUSTRIA].capital
    board.capture(s, capital, PRUSSIA)
    s["gold"][AUSTRIA] = 0
    sequence.collect_taxes(s)
    held = sum(v for t, v in s["held_gold"].items() if s["control"][t] == AUSTRIA)
    assert held > 0
    board.capture(s, capital, AUSTRIA)
    assert s["gold"][AUSTRIA] == held and not any(s["control"][t] == AUSTRIA for t in s["held_gold"])


# ----- the same root cause elsewhere: a Revolt quelled from a Port (RULINGS M17) --------------


def test_a_ship_in_a_connected_port_held_by_another_nation_does_not_quell():
    """L995 A Revolt is quelled by the controller's Ship ending its movement "in a
    connected Port with no opposing Forces". Unlike L877, no permission of the Port's
    controller is named: a Port of another nation with 1 HP or more is an opposing
    Force (L117, L702) and the Revolt goes on; at 0 HP it opposes nothing (RULINGS M17)."""
    for damage, quelled in ((0, False), (1, True)):
        s = fresh(options={"revolts": True})
        s["control"]["port-ajaccio"] = BRITAIN
        s["damage"]["port-ajaccio"] = damage  # a Minor Port has 1 HP (L700)
        s["revolts"] = ["corsica"]
        s["held_gold"]["corsica"] = 1
        place(s, FRANCE, "frigate", "port-toulon")
        set_orders(s, FRANCE, [("port-toulon", ["gulf-of-lion", "western-mediterranean", "port-ajaccio"], 1)])
        start_turn(s, FRANCE)
        act(s, FRANCE, "march")
        act(s, FRANCE, {"execute": 1})
        while state_name(s) == "march_step":
            act(s, FRANCE, "continue")
        assert s["orders"][FRANCE][0]["status"] == "done"
        assert (s["revolts"] == []) is quelled
        assert s["gold"][FRANCE] == (1 if quelled else 0)
