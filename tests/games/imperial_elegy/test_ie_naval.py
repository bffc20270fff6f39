"""Naval affairs (rulebook §19 L1047-1133, 12.3 L625-645, 3.4 L259-271, 20.4 L1147); cited as 19.4 L1081."""

from __future__ import annotations

from ie_support import answer, asking, game, proc
from test_ie_battle import add, empty, war

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import naval, world


def acts(s, role):
    return game.actions(s, role)


def test_naval_battle_example():
    """L1104-1113: RU (with Denmark) moves a dreadnought, 2 squadrons, an army and the Danish
    squadron into the Baltic; GE fails to intercept (2 +1 = 3) and to avoid (5 -1 = 4); GE 2
    squadrons halved = 2, -1 failed avoid: 1; RU 6 + 3 + 1 (two more ports) = 10: +9; GE rolls 4,
    RU 3 (+9 = 12): decisive, GE loses 2 doubled = 4: both squadrons sunk; the army lands in Denmark."""
    s = empty()
    s["allies"]["denmark"] = "ru"
    war(s, ["ru", "denmark"], ["ge"])
    dn = add(s, "ru", "dreadnought", "st-petersburg")
    sq = add(s, "ru", "squadron", "st-petersburg", 2)
    army = add(s, "ru", "army", "st-petersburg")
    dk = add(s, "denmark", "squadron", "denmark")
    ge = add(s, "ge", "squadron", "baltic", 2)
    add(s, "ge", "squadron", "prussia")
    proc(s, "naval-move", power="ru", wartime=True)
    assert asking(s) == "naval-moving"
    for uid in dn + sq + army + dk:
        answer(s, "ru", {"move": True, "unit": uid, "to": "baltic"})
    # the Baltic holds enemies: the units stop there (15.2.1), nothing goes on to the North Atlantic
    assert {"move": True, "unit": dn[0], "to": "north-atlantic"} not in acts(s, "ru")
    with scripted_dice(s, 2, 5, 3, 4):  # GE intercepts (2), avoids (5); the battle: RU 3, GE 4
        answer(s, "ru", "done")
        _naval_battle_example(s, dn, sq, army, dk, ge)


def _naval_battle_example(s, dn, sq, army, dk, ge):
    assert asking(s) == "naval-intercept-ask"
    answer(s, "ge", "intercept")
    assert any("rolls 2, friendly naval units already in the box +1 = 3: failure" in t for _, t, *_ in s["log"])
    assert asking(s) == "naval-avoid-ask"
    assert {"avoid": "prussia"} in acts(s, "ge")
    answer(s, "ge", {"avoid": "prussia"})
    assert any("rolls 5, the attacker has two more ports -1 = 4: failure" in t for _, t, *_ in s["log"])
    b = s["battle"]
    assert dict(b["mods"]["d"]) == {"firepower": 2, "failed to avoid battle": -1}
    assert dict(b["mods"]["a"]) == {"firepower": 9, "two or more ports more": 1}
    assert b["bdrm"] == 9
    while asking(s) == "naval-loss":
        answer(s, "ge", acts(s, "ge")[0])
    assert not any(uid in s["units"] for uid in ge)
    assert asking(s) == "naval-after"
    answer(s, "ru", {"move": True, "unit": army[0], "to": "denmark"})
    assert asking(s) == "naval-after"
    answer(s, "ru", "done")
    assert s["units"][army[0]]["at"] == "denmark"
    assert s["last_naval_battle"]["decisive"] and s["last_naval_battle"]["losses"] == {"a": 0, "d": 4}
    # 19.8 L1107: decisive in European waters, the victors may go on; "RU's other naval forces
    # remain in the Baltic"
    assert asking(s) == "naval-moving"
    assert {"move": True, "unit": dn[0], "to": "north-atlantic"} in acts(s, "ru")
    assert not any(a.get("unit") == army[0] for a in acts(s, "ru") if isinstance(a, dict))
    answer(s, "ru", "done")
    assert {s["units"][x]["at"] for x in dn + sq + dk} == {"baltic"}
    assert not s["stack"] and s["naval_move"] is None


def test_peacetime_movement_costs():
    """12.3 L627-641: leaving port costs the NMP, European waters are crossed for it, a
    non-European box costs one; Example 2: Singapore -> Indian Ocean, then nothing further."""
    s = empty()
    uk = add(s, "uk", "squadron", "london")
    far = add(s, "uk", "squadron", "singapore")
    proc(s, "naval-move", power="uk", wartime=False)
    legal = acts(s, "uk")
    dests = {a["to"] for a in legal if isinstance(a, dict) and a.get("unit") == uk[0]}
    assert {"north-atlantic", "western-med", "eastern-med", "baltic"} <= dests
    assert "south-atlantic" not in dests and "gibraltar" in dests  # a UK port of a box crossed: free
    far_d = {a["to"] for a in legal if isinstance(a, dict) and a.get("unit") == far[0]}
    assert "indian-ocean" in far_d and "south-atlantic" not in far_d
    answer(s, "uk", {"move": True, "unit": far[0], "to": "indian-ocean"})
    assert not [a for a in acts(s, "uk") if isinstance(a, dict) and a.get("unit") == far[0]]  # its NMP is spent
    answer(s, "uk", "done")
    assert s["units"][far[0]]["at"] == "indian-ocean"
    proc(s, "naval-move", power="uk", wartime=False)
    far_d = {a["to"] for a in acts(s, "uk") if isinstance(a, dict) and a.get("unit") == far[0]}
    assert "south-atlantic" in far_d and "north-atlantic" not in far_d  # one box per NMP outside Europe


def test_dardanelles_permission():
    """3.4.1 L261: between the Black Sea and the Eastern Mediterranean, the leave of Istanbul's
    controller; 12.3 example 1."""
    s = empty()
    ru = add(s, "ru", "squadron", "sevastopol")
    proc(s, "naval-move", power="ru", wartime=False)
    dests = {a["to"] for a in acts(s, "ru") if isinstance(a, dict) and a.get("unit") == ru[0]}
    assert "eastern-med" not in dests and {"passage": "dardanelles"} in acts(s, "ru")
    answer(s, "ru", {"passage": "dardanelles"})
    assert asking(s) == "naval-permission" and s["stack"][-1]["role"] == "ot"
    answer(s, "ot", "allow")
    dests = {a["to"] for a in acts(s, "ru") if isinstance(a, dict) and a.get("unit") == ru[0]}
    assert {"eastern-med", "western-med", "north-atlantic"} <= dests
    s2 = empty()
    ru2 = add(s2, "ru", "squadron", "sevastopol")
    proc(s2, "naval-move", power="ru", wartime=False)
    answer(s2, "ru", {"passage": "dardanelles"})
    answer(s2, "ot", "deny")
    dests = {a["to"] for a in acts(s2, "ru") if isinstance(a, dict) and a.get("unit") == ru2[0]}
    assert "eastern-med" not in dests and {"passage": "dardanelles"} not in acts(s2, "ru")


def test_denmark_closed_only_in_war():
    """3.4.2 L265: Denmark may close the Sound only while at war."""
    s = empty()
    assert naval.passage_state(s, "ge", "denmark", None) == "open"
    war(s, ["ge"], ["denmark"])
    assert naval.passage_state(s, "ge", "denmark", None) == "closed"


def test_mines_and_dreadnought_majority():
    """19.4 L1081-1084: turn-number dice, 4+ a hit on the attacker; the majority of the steps by
    dreadnoughts; a dreadnought lost costs 1 stability (7.1 L471)."""
    s = empty()
    s["turn"] = 3
    war(s, ["uk"], ["ru"])
    dn = add(s, "uk", "dreadnought", "st-petersburg")  # attacking the port from the Baltic
    sq = add(s, "uk", "squadron", "st-petersburg")
    add(s, "ru", "squadron", "st-petersburg")
    with scripted_dice(s, 4, 5, 1, 6, 1):  # mines (turn 3: three dice): two hits; then the battle
        proc(s, "naval-battle", attacker="uk", space="st-petersburg", failed=[], retreat=["baltic"])
    # 2 hits: more than half by the dreadnought -> both on it: the only choice, taken without a question
    assert not s["stack"]
    lines = [t for r, t, *_ in s["log"] if r == "19.6"]
    assert lines[:2] == ["Britain's dreadnought in St Petersburg is reduced.",
                         "Britain's dreadnought (reduced) in St Petersburg is sunk."]  # fmt: skip
    assert dn[0] not in s["units"] and sq[0] in s["units"]
    assert s["powers"]["uk"]["stability"] == 3
    assert any(r == "19.4" and "2 hit(s)" in t for r, t, *_ in s["log"])


def test_in_the_great_war_a_dreadnought_lost_costs_1_stability_by_its_own_table():
    """30.0 L1473: in the Great War "Losing a dreadnought in battle: -1", by the GW's own table;
    the chart of 7.1 (L464, L471) is for before it. One dreadnought sunk costs 1, not 2."""
    from kriegsspiel.games.imperial_elegy import greatwar

    s = empty()
    s["turn"] = 3
    war(s, ["uk"], ["ru"])
    s["gw"] = greatwar.start_state(s)
    s["gw"]["turn"] = 1
    s["gw"]["sides"] = {"alliance": ["ru"], "entente": ["uk"]}
    s["flags"]["great_war_on"] = True
    s["phase"] = "great-war"
    dn = add(s, "uk", "dreadnought", "st-petersburg")
    add(s, "uk", "squadron", "st-petersburg")
    add(s, "ru", "squadron", "st-petersburg")
    with scripted_dice(s, 4, 5, 1, 6, 1):  # as above: the dreadnought sunk by mines and in the battle
        proc(s, "naval-battle", attacker="uk", space="st-petersburg", failed=[], retreat=["baltic"])
    assert dn[0] not in s["units"]
    assert s["powers"]["uk"]["stability"] == 3
    assert [r for r, t, *_ in s["log"] if "stability" in t] == ["30.0"]


def test_interception_drm():
    """19.1.1 L1058-1062."""
    s = empty()
    war(s, ["fr"], ["uk"])
    mods = dict(naval.intercept_drm(s, "uk", "fr", "north-atlantic", []))
    assert mods["British units into the North Atlantic"] == 1
    assert mods["three or more friendly ports"] == 1
    assert "the moving units have no friendly port" not in mods


def test_avoid_drm_ocean():
    """19.2 L1075-1078: +1 in an ocean box; -1 when the attacker has two more ports."""
    s = empty()
    war(s, ["uk"], ["fr"])
    assert dict(naval.avoid_drm(s, "fr", "north-atlantic", "uk"))["ocean box"] == 1  # not one of the four seas
    assert "ocean box" not in dict(naval.avoid_drm(s, "fr", "western-med", "uk"))


def test_go_to_port():
    """20.4 L1147: units at sea return to the nearest friendly port, adjacent if possible; no port: lost."""
    s = empty()
    a = add(s, "ru", "squadron", "black-sea")
    b = add(s, "ru", "army", "baltic")
    c = add(s, "ot", "squadron", "pacific")
    naval.go_to_port(s)
    assert world.P().spaces[s["units"][a[0]]["at"]].homes & {"ru"}
    assert s["units"][b[0]]["at"] in world.box_ports(s, "baltic")
    assert c[0] in s["units"] and s["units"][c[0]]["at"] in world.P().spaces
    for sid in [x for x, q in s["control"].items() if q == "ot"]:
        del s["control"][sid]
    d = add(s, "ot", "squadron", "black-sea")
    naval.go_to_port(s)
    assert d[0] not in s["units"]


def test_the_box_a_move_enters_is_the_one_its_listing_found():
    """12.3 L627-641, 19.1 L1052: a move records the last box it entered (interception is rolled
    there); ``entered_through`` finds it for the move chosen without listing every port again.
    Through random Great Wars, for every unit and every place its one NMP reaches, it agrees with
    ``reach`` (the listing's own answer)."""
    from test_ie_great_war import random_play

    checked = 0
    for seed in (0, 1):
        for _, s in random_play(seed, 1500):
            f = s["stack"][-1]
            if f.get("state") != "naval-moving":
                continue
            nm = s["naval_move"]
            for uid in naval.movers(s, nm["power"], nm["wartime"]) + naval.carriable(s, nm):
                if not nm["nmp"].get(uid) or uid in nm.get("exit", []):
                    continue
                for to, via in naval.reach(s, nm["power"], uid, nm).items():
                    assert naval.entered_through(s, nm["power"], uid, nm, to) == via, (seed, uid, to)
                    checked += 1
    assert checked > 1000
