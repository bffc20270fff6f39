"""Germany's national characteristics (§33.1, rulebook shared/rulebooks/000_a5b0d7cac330d384.txt
L1512-1519): Continental Focus holds Germany to two squadrons and two dreadnoughts only until it
unifies (33.1 L1518, 4.2 L295; DATA_RULINGS D22: a unified Germany has 4 and 3), and Superior
Staff Work's free deploy reserves action in Germany's first impulse of the Great War (33.1 L1514)
is never the bonus action a GW card is played for (27.2 L1366)."""

from __future__ import annotations

import orjson
import pytest
from ie_support import answer, asking, blank, game, great_war, proc

from kriegsspiel.engine.errors import IllegalAction
from kriegsspiel.games.imperial_elegy import world


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
