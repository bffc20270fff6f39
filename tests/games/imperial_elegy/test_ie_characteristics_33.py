"""Germany's national characteristics (§33.1, rulebook shared/rulebooks/000_a5b0d7cac330d384.txt
L1512-1519): Continental Focus holds Germany to two squadrons and two dreadnoughts only until it
unifies (33.1 L1518, 4.2 L295; DATA_RULINGS D22: a unified Germany has 4 and 3), and Superior
Staff Work's free deploy reserves action in Germany's first impulse of the Great War (33.1 L1514)
is never the bonus action a GW card is played for (27.2 L1366)."""

from __future__ import annotations

import orjson
import pytest
from ie_support import answer, asking, blank, clear_units, game, great_war, proc, start
from test_ie_battle import add, empty, war

from kriegsspiel.engine.errors import IllegalAction
from kriegsspiel.games.imperial_elegy import naval, rebels, world
from kriegsspiel.games.imperial_elegy import war as ie_war


def dump(s):
    return orjson.dumps(game.clone(s), option=orjson.OPT_SORT_KEYS)


# ----- 33.1 Continental Focus (L1518) --------------------------------------------------------------------------


def with_squadrons(s, n):
    """Germany's ships taken off and ``n`` squadrons put in a German home port."""
    for uid, u in list(s["units"].items()):
        if u["o"] == "ge" and u["t"] in ("squadron", "dreadnought"):
            world.remove_unit(s, uid)
    port = next(sid for sid, sp in world.P().spaces.items() if "ge" in sp.homes and sp.ports)
    for _ in range(n):
        world.new_unit(s, "ge", "squadron", port)
    return s


def fleet_builds(s):
    """The fleet actions Germany is offered with 3 CP to spend."""
    s["impulse"] = {"power": "ge", "influence": False, "removed": False, "pacified": []}
    proc(s, "spend", power="ge", card=None, cp=3)
    assert asking(s) == "spend"
    return [a for a in game.actions(s, "ge") if isinstance(a, dict) and a.get("do") == "fleet"]


def test_33_1_continental_focus_holds_germany_to_two_squadrons_and_two_dreadnoughts_until_it_unifies():
    """33.1 L1518: "Until GE unifies, their naval counter limit is two squadrons and two
    dreadnoughts"; once unified, 4 squadrons and 3 dreadnoughts (DATA_RULINGS D22). Austria's
    and the Ottomans' limits (4.2 L295) do not move with Germany's unification."""
    s = blank()
    assert not s["flags"].get("germany_unified")
    assert world.counter_limit(s, "ge", "squadron") == 2
    assert world.counter_limit(s, "ge", "dreadnought") == 2
    others = {(q, k): world.counter_limit(s, q, k) for q in ("au", "ot") for k in ("squadron", "dreadnought")}
    s["flags"]["germany_unified"] = True
    assert world.counter_limit(s, "ge", "squadron") == 4
    assert world.counter_limit(s, "ge", "dreadnought") == 3
    assert {(q, k): world.counter_limit(s, q, k) for q, k in others} == others


def test_33_1_a_unified_germany_with_two_squadrons_may_build_a_third():
    """33.1 L1518: in the 1880 set-up Germany is unified, and with two squadrons at sea it is
    offered a fleet build, as with one."""
    s = blank(7, scenario="1880")
    assert s["flags"].get("germany_unified")
    with_squadrons(s, 2)
    builds = fleet_builds(s)
    assert builds and {a["unit"] for a in builds} == {"squadron"}
    assert fleet_builds(with_squadrons(blank(7, scenario="1880"), 1))


def test_33_1_germany_not_yet_unified_with_two_squadrons_builds_no_more():
    """33.1 L1518: before unification two squadrons are Germany's limit: no fleet build of a
    squadron is offered; setting the flag of unification opens it."""
    s = with_squadrons(blank(), 2)
    assert not s["flags"].get("germany_unified")
    assert not [a for a in fleet_builds(s) if a["unit"] == "squadron"]
    s = with_squadrons(blank(), 2)
    s["flags"]["germany_unified"] = True
    assert [a for a in fleet_builds(s) if a["unit"] == "squadron"]


# ----- 33.1 Superior Staff Work (L1514) and 27.2 GW cards (L1366) --------------------------------------------


def bonus_asked():
    """Germany's first impulse of the Great War: it raises an elite corps (1 CP, budget 3 -> 2)
    and plays its GW card for a bonus action; the bonus action is asked."""
    s = great_war(seed=1, until="gw-impulse")
    assert game.active(s) == ["ge"]
    assert "deploy-free" in game.actions(s, "ge")  # Superior Staff Work: in the first impulse
    assert s["war"]["budget"]["ge"] == 3
    answer(s, "ge", "elite-corps")
    answer(s, "ge", game.actions(s, "ge")[0])  # where the elite corps goes
    assert asking(s) == "gw-card" and s["war"]["budget"]["ge"] == 2
    answer(s, "ge", next(a for a in game.actions(s, "ge") if isinstance(a, dict) and a.get("use") == "bonus"))
    assert asking(s) == "gw-impulse" and game.active(s) == ["ge"]
    return s


def test_33_1_a_gw_cards_bonus_action_is_never_superior_staff_works_free_deploy():
    """33.1 L1514, 27.2 L1366: the bonus action of a GW card is one more action paid by the card;
    the free deploy is not offered for it, and naming it is refused with the game unchanged.
    Neither the action just taken (the elite corps) nor a land battle is offered either."""
    s = bonus_asked()
    acts = game.actions(s, "ge")
    assert "deploy-free" not in acts
    assert "elite-corps" not in acts and not any(isinstance(a, dict) and "battle" in a for a in acts)
    assert "deploy" in acts  # the paid deploy reserves is a bonus action like any other
    before = dump(s)
    with pytest.raises(IllegalAction):
        game.apply(s, "ge", "deploy-free")
    assert dump(s) == before


def test_33_1_germanys_budget_never_rises_whatever_bonus_action_it_names():
    """33.1 L1514, 27.2 L1366: whichever bonus action Germany names, the free deploy among them,
    its budget stays at 2 (a paid bonus action is refunded by the card, the free deploy is
    refused), it is never asked for a further action, and the impulse passes to the next power."""
    start = bonus_asked()
    names = ["deploy-free"] + [a for a in game.actions(start, "ge") if isinstance(a, str)]
    taken = []
    for name in names:
        s = game.clone(start)
        try:
            answer(s, "ge", name)
        except IllegalAction:
            continue
        taken.append(name)
        budgets = [s["war"]["budget"]["ge"]]
        for _ in range(40):
            role = game.active(s)[0]
            if asking(s) == "gw-impulse":
                break
            acts = game.actions(s, role)
            answer(s, role, "done" if "done" in acts else "pass" if "pass" in acts else acts[0])
            budgets.append(s["war"]["budget"]["ge"])
        assert asking(s) == "gw-impulse" and game.active(s) != ["ge"], name
        assert max(budgets) == 2, (name, budgets)
    assert "deploy-free" not in taken and {"deploy", "march", "rail", "draft"} <= set(taken)


# ----- 33.2 Rapid Deployment (L1529) ---------------------------------------------------------------------------


def naval_destinations(s):
    """The places each kind of British unit is offered in the naval movement asked: unit type ->
    the set of "is it a naval box" answers over its destinations."""
    assert asking(s) == "naval-moving" and game.active(s) == ["uk"]
    out: dict = {}
    for a in game.actions(s, "uk"):
        if isinstance(a, dict) and a.get("move"):
            out.setdefault(s["units"][a["unit"]]["t"], set()).add(naval.is_box(a["to"]))
    return out


def rapid_asked():
    """The Great War broken out: Britain, entering it, is asked for Rapid Deployment's free
    naval movement (33.2 L1529)."""
    s = great_war(seed=1, until="war-free-naval")
    assert game.active(s) == ["uk"] and s["stack"][-1]["why"] == "rapid"
    return s


def test_33_2_rapid_deployment_never_offers_a_land_unit_a_naval_box():
    """33.2 L1529: "Land units using this movement must end their movement in a friendly port": in
    the UK's free naval movement as it enters the Great War, the British 1st Army and the Indian
    army are offered ports only, never a naval box (a land unit moves once, so a box would be
    where it ends); squadrons still may move to a box. Naming the box is refused."""
    s = rapid_asked()
    answer(s, "uk", "naval")
    offered = naval_destinations(s)
    assert offered["squadron"] == {True, False}
    land = [t for t in offered if t not in naval.NAVAL_TYPES]
    assert "british" in land and "indian" in land
    for t in land:
        assert offered[t] == {False}, t  # ports, never a box
    army = next(u for u, x in s["units"].items() if x["o"] == "uk" and x["t"] == "british")
    with pytest.raises(IllegalAction):
        game.apply(s, "uk", {"move": True, "unit": army, "to": "north-atlantic"})


def test_33_2_an_ordinary_naval_movement_still_carries_a_land_unit_into_a_box():
    """33.2 L1529 binds only Rapid Deployment's movement: in an ordinary wartime naval movement
    action (12.3) from the same position the British 1st Army may go to a naval box."""
    s = rapid_asked()
    s["stack"].pop()  # the free movement declined; a naval movement action of the UK's instead
    proc(s, "naval-move", power="uk", wartime=True)
    assert not s["naval_move"].get("land_to_port")
    offered = naval_destinations(s)
    assert offered["british"] == {True, False} and offered["squadron"] == {True, False}
    army = next(u for u, x in s["units"].items() if x["o"] == "uk" and x["t"] == "british")
    assert {"move": True, "unit": army, "to": "north-atlantic"} in game.actions(s, "uk")


# ----- 33.2.2 India gains independence (L1540) -----------------------------------------------------------------


def test_33_2_2_india_gaining_independence_in_the_great_war_displaces_no_unit():
    """33.2.2 L1540: "Displace [5.7] all units in India (skip this step if India gains independence
    during the GW)": Ottoman armies alone in India and Bengal in the Great War make India
    independent, and the Ottoman army in India stays there."""
    s = great_war(seed=1)
    assert s.get("gw") and {ie_war.key_of(s, "uk"), ie_war.key_of(s, "ot")} == {"attacker", "defender"}
    for sid in ("india", "bengal"):
        clear_units(s, sid)
        s["forts"].pop(sid, None)
    army = world.new_unit(s, "ot", "turkish", "india")
    world.new_unit(s, "ot", "turkish", "bengal")
    ie_war.update_occupation(s, "ot")
    assert s["flags"].get("india_independent") and s["control"]["india"] == "independent:indian"
    assert s["units"][army]["at"] == "india"
    assert world.units_at(s, "india") == [army]


def test_33_2_2_india_gaining_independence_outside_the_great_war_displaces_its_units():
    """33.2.2 L1540: the step is skipped only in the Great War: in a peacetime war of the Ottomans
    on Britain, the same occupation makes India independent and displaces the Ottoman army
    (5.7); so does an independence with no war at all (rebels.gain_independence), British Indian
    army and Ottoman army alike."""
    s = empty()
    war(s, ["ot"], ["uk"])
    assert not s.get("gw")
    army = add(s, "ot", "turkish", "india")[0]
    add(s, "ot", "turkish", "bengal")
    ie_war.update_occupation(s, "ot")
    assert s["flags"].get("india_independent") and s["control"]["india"] == "independent:indian"
    assert army in s["units"] and s["units"][army]["at"] != "india"
    assert world.units_at(s, "india") == []
    s = blank()
    indian = [u for u in world.units_at(s, "india") if s["units"][u]["o"] == "uk"]
    assert indian
    army = world.new_unit(s, "ot", "turkish", "india")
    rebels.gain_independence(s, "india")
    assert s["control"]["india"] == "independent:indian"
    assert s["units"][army]["at"] != "india"
    assert not [u for u in world.units_at(s, "india") if s["units"][u]["o"] in ("uk", "ot")]


# ----- 33.1 German Confederation (L1515) and 33.1.1 German Unification (L1522) in the later set-ups ------------


def german_spaces():
    """The German unification spaces and Alsace-Lorraine (33.1 L1515, 3.2.5.2 L208)."""
    return sorted(
        sid for sid, sp in world.P().spaces.items() if sp.unification == "germany" or sid == "alsace-lorraine"
    )


@pytest.mark.parametrize(
    ("scenario", "held", "gone"),
    [
        ("1870", ["hanover", "hesse", "schleswig-holstein"], ["hanover"]),
        ("1880", german_spaces(), ["bavaria", "hanover", "saxony"]),
    ],
)
def test_33_1_the_later_set_ups_make_the_german_spaces_germany_holds_home_and_its_minors_gone(scenario, held, gone):
    """33.1 L1515: "Whenever GE takes control of a German unification space it becomes a permanent
    home space" (Alsace-Lorraine too, 3.2.5.2 L208); 33.1.1 L1522: a German minor GE controls "is
    permanently removed from the game". The 1870 and 1880 set-ups start with Germany holding
    them: each such space is a GE home space, those it does not hold are not, and each German
    minor whose capital it holds is gone (its space's independence no longer raises that minor)."""
    for seed in (1, 3):
        s = start(seed, scenario=scenario)
        mine = [sid for sid in german_spaces() if s["control"].get(sid) == "ge"]
        assert mine == held
        assert sorted(s["flags"].get("ge_homes", [])) == held
        for sid in german_spaces():
            assert world.is_home(s, "ge", sid) == (sid in held), sid
        P = world.P()
        assert sorted(m for m in world.GERMAN_MINORS if s["control"].get(P.minors[m].capital) == "ge") == gone
        assert sorted(s["gone"]) == gone
        for m in gone:
            assert rebels.independence_owner(s, P.minors[m].capital) != m


def test_33_1_the_1850_set_up_has_no_german_home_spaces_beyond_the_map_and_no_minor_gone():
    """33.1 L1515, 33.1.1 L1522: in 1850 Prussia holds no German unification space: no permanent
    home space is recorded, no German unification space or Alsace-Lorraine is a GE home, and no
    minor is gone from the game; Hanover's independence raises Hanover."""
    s = start(1)
    assert not s["flags"].get("ge_homes") and s["gone"] == []
    assert not [sid for sid in german_spaces() if world.is_home(s, "ge", sid)]
    assert rebels.independence_owner(s, "hanover") == "hanover"
