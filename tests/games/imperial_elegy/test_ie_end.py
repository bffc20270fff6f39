"""The End Phase (§20 L1134-1167, 33.2 Indian armies): end.py's "end-phase" and its steps
(rulebook 000_a5b0d7cac330d384.txt)."""

from __future__ import annotations

import pytest
from ie_support import answer, asking, blank, clear_units, game, proc

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import end, naval, rebels, world
from kriegsspiel.games.imperial_elegy.deck import deck

PLAYERS = ("ge", "uk", "fr", "au", "ru", "ot")


def drive(s, policy=None, limit=200):
    """Answer every question: militarism 'none', ties and cuts with the first action, NGs the first."""
    n = 0
    while s["stack"] and n < limit:
        f = s["stack"][-1]
        role = f.get("role")
        acts = game.states[f["state"]].actions(s, f, role)
        a = policy(f["state"], role, acts) if policy else None
        if a is None:
            a = "none" if "none" in acts else ("draw" if "draw" in acts else acts[0])
        answer(s, role, a)
        n += 1
    assert not s["stack"]
    return s


# ----- the whole phase ---------------------------------------------------------------------------------------------


def test_end_phase_runs_all_steps_in_order(monkeypatch):
    s = blank()
    s["wtt"] = 2
    calls = []
    # the End Phase calls these by name (a renamed function is an error, never a skipped step)
    monkeypatch.setattr(naval, "go_to_port", lambda s: calls.append("port"))
    monkeypatch.setattr(rebels, "progress_wois", lambda s: calls.append("wois"))
    proc(s, "end-phase")
    drive(s)
    assert calls == ["port", "wois"]  # 20.4 and 20.8 through the other modules
    assert s["wtt"] == 1  # 20.10
    assert s["turn"] == 2  # 20.12
    assert s["phase"] == "end"
    rules = [line[0] for line in s["log"] if line[0]]
    order = ["20.0", "20.3", "8.6", "20.10", "20.11", "20.12"]
    pos = [rules.index(r) for r in order]
    assert pos == sorted(pos)
    for q in PLAYERS:  # 20.11 turn 1: one NG each
        assert len(s["powers"][q]["goals"]) == 1


def test_wtt_never_below_zero():
    s = blank()
    s["wtt"] = 0
    s["turn"] = 2
    proc(s, "end-phase")
    drive(s)
    assert s["wtt"] == 0
    assert s["turn"] == 3


def test_no_ng_draw_on_even_turns_and_draws_on_3_and_5():
    for turn, drawn in ((2, 0), (3, 1), (4, 0), (5, 1), (6, 0), (7, 0)):
        s = blank()
        s["turn"] = turn
        proc(s, "end-phase")
        drive(s)
        assert all(len(s["powers"][q]["goals"]) == drawn for q in PLAYERS), turn


def test_turn_seven_ends_the_game_via_sequence():
    """20.12: after turn 7 the game procedure scores (2.2.1)."""
    s = blank()
    s["turn"] = 7
    from kriegsspiel.engine import call

    call(s, "game")
    s["stack"][-1]["at"] = "end"
    from kriegsspiel.engine.flow import run

    run(game.procedures, s)
    drive(s)
    assert s["result"] is not None
    assert s["result"]["reason"] == "end of turn 7"


# ----- (1) militarism, (2) forts -----------------------------------------------------------------------------------


def test_militarism_gains_a_step():
    s = blank()
    s["powers"]["ge"]["reserves"] = []
    proc(s, "end-phase")
    assert asking(s) == "militarism"
    acts = game.actions(s, "ge")
    assert {"do": "reserve"} in acts and "none" in acts
    answer(s, "ge", {"do": "reserve"})
    assert s["powers"]["ge"]["reserves"] == [True]  # one step: a reduced reserve army (12.2)


def test_militarism_flips_a_reduced_army():
    s = blank()
    uid = next(u for u, x in s["units"].items() if x["o"] == "ge" and x["t"] == "army")
    s["units"][uid]["r"] = True
    acts = end.militarism_options(s, "ge")
    assert {"do": "reinforce", "unit": uid} in acts
    proc(s, "end-phase")
    answer(s, "ge", {"do": "reinforce", "unit": uid})
    assert s["units"][uid]["r"] is False


def test_20_1_militarism_may_raise_a_minor_allys_army():
    """20.1 L1139: the army step is "like a 1 CP recruitment action [12.2], applying all relevant
    rules"; 12.2 L631: a recruitment builds for allied minor powers. Bavaria, allied to Prussia with
    its army lost, could have its reduced army flipped but never raised again."""
    s = blank()
    s["allies"]["bavaria"] = "ge"
    s["diplomacy"].pop("bavaria", None)
    for uid in [x for x, u in s["units"].items() if u["o"] == "bavaria" and u["t"] == "army"]:
        world.remove_unit(s, uid)
    raise_it = {"do": "army", "kind": "army", "space": "bavaria", "for": "bavaria"}
    assert raise_it in end.militarism_options(s, "ge")
    proc(s, "end-phase")
    answer(s, "ge", raise_it)
    assert [u["r"] for u in s["units"].values() if u["o"] == "bavaria" and u["t"] == "army"] == [True]


def test_forts_degrade_and_one_is_maintained():
    """20.1-20.2 L1137-1141, 12.12 L708, 33.2.3 L1545."""
    s = blank()
    s["forts"] = {"berlin": ["ge", 2], "hanover": ["ge", 1], "vienna": ["au", 3], "paris": ["fr", 1],
                  "india": ["uk", 2]}  # fmt: skip
    acts = end.militarism_options(s, "au")
    assert {"maintain": "vienna"} not in acts  # level 3 cannot be maintained
    assert {"maintain": "india"} not in end.militarism_options(s, "uk")  # never degrades anyway

    def policy(state, role, acts):
        if state == "militarism" and role == "ge":
            return {"maintain": "berlin"}
        return None

    proc(s, "end-phase")
    drive(s, policy)
    assert s["forts"]["berlin"] == ["ge", 2]  # maintained
    assert "hanover" not in s["forts"]  # level 1 removed
    assert s["forts"]["vienna"] == ["au", 2]  # level 3 always to 2
    assert "paris" not in s["forts"]
    assert s["forts"]["india"] == ["uk", 2]  # the Indian Fort never degrades
    assert all(s["powers"][q]["forts_kept"] is None for q in PLAYERS)


# ----- (3) the non-player build step -------------------------------------------------------------------------------


def test_minor_builds_from_box_then_flip_then_nothing():
    """20.3 L1142-1144: one step a turn, never a second army."""
    s = blank()
    assert s["build_box"].get("greece") == 1  # listed in red (D15)
    end.non_player_builds(s)
    g = [x for x in s["units"].values() if x["o"] == "greece"]
    assert len(g) == 1 and g[0]["r"] and g[0]["at"] == "greece"
    assert "greece" not in s["build_box"]
    end.non_player_builds(s)
    g = [x for x in s["units"].values() if x["o"] == "greece"]
    assert len(g) == 1 and not g[0]["r"]
    end.non_player_builds(s)
    assert len([x for x in s["units"].values() if x["o"] == "greece"]) == 1


def test_non_builders_and_japan_before_meiji():
    s = blank()
    before = sum(1 for x in s["units"].values() if x["o"] in ("papal-states", "mexico", "japan"))
    end.non_player_builds(s)
    assert sum(1 for x in s["units"].values() if x["o"] in ("papal-states", "mexico", "japan")) == before
    s["flags"]["meiji-restoration"] = True
    end.non_player_builds(s)
    assert any(x["o"] == "japan" for x in s["units"].values())


def test_poland_builds_two_steps():
    """22.5 L1253: an independent Poland builds 2 army steps."""
    s = blank()
    s["control"]["poland"] = "poland"
    for uid in world.units_at(s, "poland"):
        world.remove_unit(s, uid)
    end.non_player_builds(s)
    pl = [x for x in s["units"].values() if x["o"] == "poland"]
    assert sum(1 if x["r"] else 2 for x in pl) == 2


def test_italy_rebuilds_and_redeploys():
    """20.3 L1142, 22.4 L1246-1249."""
    s = blank(scenario="1870")
    assert "italy" in s["majors"]
    for uid in [u for u, x in s["units"].items() if x["o"] == "italy"]:
        world.remove_unit(s, uid)
    end.non_player_builds(s)
    it = [x for x in s["units"].values() if x["o"] == "italy"]
    armies = [x for x in it if x["t"] == "army"]
    assert len(armies) == 3 and not any(x["r"] for x in it)
    assert world.controller(s, "rome") == "italy" and any(x["at"] == "rome" for x in armies)
    assert any(x["t"] == "squadron" for x in it)


# ----- (5) manpower ------------------------------------------------------------------------------------------------


def test_manpower_cut_owner_chooses():
    """20.5 L1149-1150 (the FR example: 4 armies, manpower 3 -> one eliminated, FR's choice)."""
    s = blank()
    extra = world.new_unit(s, "fr", "army", "paris")
    assert world.army_count(s, "fr") == 4 and world.manpower_limit(s, "fr")["territorial"] == 3
    s["turn"] = 2
    proc(s, "end-phase")
    seen = []

    def policy(state, role, acts):
        if state == "manpower-cut":
            seen.append(role)
            assert {"eliminate": extra} in acts
            return {"eliminate": extra}
        return None

    drive(s, policy)
    assert seen == ["fr"]
    assert extra not in s["units"]
    assert world.army_count(s, "fr") == 3
    assert s["powers"]["fr"]["manpower"] == {"territorial": 3}


def test_manpower_set_from_keys_and_reserves_trimmed():
    s = blank()
    s["powers"]["fr"]["manpower"] = {"territorial": 9}
    s["powers"]["fr"]["reserves"] = [False, True, False]  # limit min(3, industry 2) = 2
    end.set_manpower(s, "fr")
    assert s["powers"]["fr"]["manpower"] == {"territorial": 3}
    end.trim_reserves(s, "fr")
    assert s["powers"]["fr"]["reserves"] == [False, False]  # the reduced one goes first


def test_ottoman_pools_are_separate():
    s = blank()
    arab = [sid for sid in world.home_keys_for_armies(s, "ot", "arab")]
    for _ in range(3):
        world.new_unit(s, "ot", "arab", arab[0] if arab else "egypt")
    pools = end.excess_armies(s, "ot")
    assert [p[0] for p in pools] == ["arab"]


def test_imperial_germany_and_new_way_forward_bonus():
    """33.1 L1517, 33.4 L1561: one-time +1 manpower (N7)."""
    s = blank()
    assert s["powers"]["ge"]["manpower"] == {"territorial": 2}  # 1850: 5 territorial keys (D13)
    s["flags"]["germany_unified"] = True
    end.set_manpower(s, "ge")
    assert s["powers"]["ge"]["mp_bonus"] == {"territorial": 1}
    assert s["powers"]["ge"]["manpower"] == {"territorial": 3}
    end.set_manpower(s, "ge")
    assert s["powers"]["ge"]["mp_bonus"] == {"territorial": 1}  # once only
    assert s["powers"]["ge"]["manpower"] == {"territorial": 3}
    s["flags"]["citizenship"] = ["croatian", "czech", "hungarian"]  # nationalities of Austrian spaces
    end.set_manpower(s, "au")
    assert s["powers"]["au"]["mp_bonus"] == {}  # three are not enough
    s["flags"]["citizenship"].append("polish")
    end.set_manpower(s, "au")
    assert s["powers"]["au"]["mp_bonus"] == {"territorial": 1}  # four: A New Way Forward (33.4 L1561)


# ----- (6) industrialization ---------------------------------------------------------------------------------------


def cp_card(cp):
    return next(c.id for c in deck().cards.values() if c.cp == cp)


@pytest.mark.parametrize(
    ("power", "cp", "die", "ok"),
    [("ge", 2, 3, True), ("ge", 2, 2, False), ("ru", 2, 3, False), ("ru", 2, 4, True), ("au", 1, 4, True)],
)
def test_industrialization_roll(power, cp, die, ok):
    """20.6 L1151, 12.13 L712: d6 + CP >= 5; RU (33.5 Agrarian) and OT 6."""
    s = blank()
    c = cp_card(cp)
    s["powers"][power]["industrialize"] = c
    ind = s["powers"][power]["industry"]
    s["units"] = {u: x for u, x in s["units"].items() if x["t"] not in world.NAVAL_TYPES}  # no PP dominators
    assert world.dominators(s, "power-projection") == []
    with scripted_dice(s, die):
        end.industrialize(s)
    assert s["powers"][power]["industry"] == ind + (1 if ok else 0)
    assert s["powers"][power]["auto"] is (not ok)  # a failure flips the chit (12.13 L713)
    assert s["powers"][power]["industrialize"] is None and c in s["discard"]


def test_power_projection_dominators_add_one():
    """3.3.1 L244: +1 to the industrialization roll."""
    s = blank()
    assert "uk" in world.dominators(s, "power-projection")
    s["powers"]["uk"]["industrialize"] = cp_card(1)
    with scripted_dice(s, 3):  # 3 + 1 + 1 = 5
        end.industrialize(s)
    assert s["powers"]["uk"]["industry"] == 5


def test_auto_industrialization_chit():
    s = blank()
    s["powers"]["ru"]["auto"] = True
    s["powers"]["ru"]["industrialize"] = cp_card(1)
    with scripted_dice(s):  # no die
        end.industrialize(s)
    assert s["powers"]["ru"]["industry"] == 1 and s["powers"]["ru"]["auto"] is False


# ----- (7) truces, 33.2 Indian armies, cleanup ---------------------------------------------------------------------


def test_truces_progress():
    s = blank()
    s["powers"]["ge"]["truces"] = {"au": 2, "fr": 1}
    s["powers"]["au"]["truces"] = {"ge": 2}
    s["powers"]["fr"]["truces"] = {"ge": 1}
    end.progress_truces(s)
    assert s["powers"]["ge"]["truces"] == {"au": 1}
    assert s["powers"]["au"]["truces"] == {"ge": 1}
    assert s["powers"]["fr"]["truces"] == {}


def test_indian_armies_displace_home():
    s = blank()
    clear_units(s, "india")
    clear_units(s, "bengal")
    uid = world.new_unit(s, "uk", "indian", "egypt")
    end.indian_armies_home(s)
    assert s["units"][uid]["at"] == "india"


def test_chain_and_industrialization_cleanup():
    s = blank()
    s["powers"]["ge"]["chain"] = [cp_card(2)]
    end.cleanup_cards(s)
    assert s["powers"]["ge"]["chain"] == [] and cp_card(2) in s["discard"]


def test_polands_fourth_and_fifth_armies_are_reserves():
    # 22.5 L1251-1253: Poland builds two steps an End Phase; armies 4 and 5 go to its reserve box
    s = blank()
    for sid in ("poland", "lithuania", "galicia"):  # three Polish spaces: four armies (22.5 L1251)
        s["control"][sid] = "poland"
    for _ in range(3):
        world.new_unit(s, "poland", "army", "poland")
    end.minor_step(s, "poland", "poland")
    assert s["reserve_box"]["poland"] == [True]
    end.minor_step(s, "poland", "poland")
    assert s["reserve_box"]["poland"] == [False]
    assert sum(1 for u in s["units"].values() if u["o"] == "poland") == 3


def test_manpower_never_falls_below_zero():
    # 7.2: a track from 0 up; events' losses of manpower (RULINGS_EVENTS E7) stop at 0, so the
    # set-manpower step never asks for armies a power does not have
    s = blank()
    for uid in [u for u, x in s["units"].items() if x["o"] == "ge" and x["t"] in world.ARMY_TYPES]:
        world.remove_unit(s, uid)
    s["powers"]["ge"]["mp_bonus"]["territorial"] = -9
    assert world.manpower_limit(s, "ge") == {"territorial": 0}
    end.set_manpower(s, "ge")
    assert end.excess_armies(s, "ge") == []
