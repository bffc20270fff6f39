"""Over There's sequence of play, movement, secrecy and scenario schedule (Rules 4-8, 14M, 16),
played through the public interface where it can be and through the rules' own functions where
a position must be built by hand."""

from __future__ import annotations

import json
import random

import pytest
from ot_positions import advance, blind_answers, movement_of, only

import kriegsspiel
from kriegsspiel.engine import hexes as hx
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.engine.words import counted
from kriegsspiel.games.over_there import combat, movement, sequence, world
from kriegsspiel.games.over_there.world import CH, MAP, UNITS, ZOC_NEIGHBOURS, rail_steps, step_costs, zoc_hexes

G = kriegsspiel.load("over-there")


def fresh(seed: int = 1, **options) -> dict:
    return G.new(seed=seed, options=options or None)


def test_the_entente_moves_first_and_every_phase_comes_in_the_order_of_4a():
    s = fresh()
    seen = []
    superiority = []
    for _ in range(60):
        roles = G.active(s)
        if s["phasing"] == "central-powers" and s["phase"] == "movement":
            break
        top = s["stack"][-1]
        if top.get("state") == "superiority":
            superiority.append((s["phase"], tuple(roles)))
        elif not seen or seen[-1] != (s["phasing"], s["phase"], roles[0]):
            seen.append((s["phasing"], s["phase"], roles[0]))
        for role in roles:
            acts = G.actions(s, role)
            end = next(a for a in acts if set(a) & {"end", "commit", "choice", "withdraw", "activate"} or a in PASS)
            s = G.apply(s, role, end)
    phases = [p for side, p, _ in seen if side == "entente"]
    assert phases == ["movement", "combat", "reaction-movement", "reaction-combat", "exploitation"]
    # the reacting (non-phasing) player acts in the reaction phases (4A4, 4A5)
    assert [r for side, p, r in seen if p.startswith("reaction")] == ["central-powers", "central-powers"]
    # B17B1: both players assign air superiority at once, at the start of each combat phase
    assert superiority == [
        ("combat", ("entente", "central-powers")),
        ("reaction-combat", ("entente", "central-powers")),
    ]
    assert s["phasing"] == "central-powers" and s["phase"] == "movement"


PASS = ({"superiority": 0}, {"das": 0})


def test_march_pays_the_hex_and_the_river_hexside():
    """L205: the terrain of the hex entered plus the '+' cost of the hexside: clear 1, river +2."""
    s = only(fresh(), {"de-1-id": "0512"})
    step = dict(step_costs("other")["0512"])
    assert step["0611"] == CH.movement_cost("clear", {"non-artillery"}) + CH.hexside_cost("river") == 3
    costs = movement.march(s, "de-1-id", "movement")
    # the cheapest path: around the river through two clear hexes
    assert costs["0611"] == 2 and costs["0511"] == 1 and step["0511"] == 1


def test_5a_a_fortress_division_has_a_zoc_in_the_adjacent_hexes_a_fortress_brigade_in_its_own():
    """5A (L189-191): a non-artillery divisional unit with a printed strength above 0 has a ZOC in
    the adjacent hexes; the fortress divisions of Königsberg and Thorn are such units (ruling O26),
    the fortress brigade of Lötzen is not."""
    s = only(fresh(), {"de-fort-koenigsberg": "0806", "de-fort-loetzen": "1109"})
    zoc = zoc_hexes(s, "central-powers")
    assert {"0806", *ZOC_NEIGHBOURS["0806"]} <= zoc
    assert "1109" in zoc and not set(ZOC_NEIGHBOURS["1109"]) & zoc


def test_leaving_an_enemy_zoc_costs_more_and_cavalry_pays_less():
    """6A (L207): the ZOC Movement Costs Table: +2 standard, +1 cavalry."""
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0513"})
    assert "0512" in zoc_hexes(s, "entente")
    free = movement.march(only(fresh(), {"de-1-id": "0512"}), "de-1-id", "movement")
    held = movement.march(s, "de-1-id", "movement")
    away = next(h for h in free if free[h] == 1 and h in held)
    assert held[away] == free[away] + CH.zoc_cost({"non-artillery"}) == free[away] + 2
    assert CH.zoc_cost({"cavalry"}) == 1


def test_6a_a_reduced_zoc_costs_less_to_leave_and_an_unsupported_unit_out_of_supply_has_none():
    """5A, 6A, 11F2, 12A: in its second turn out of general supply a division's ZOC is reduced
    (leaving it costs +1, not +2); an unsupported unit's ZOC is reduced, and a reduced ZOC in the
    second turn out of supply is none (L640-641)."""
    free = movement.march(only(fresh(), {"de-1-id": "0512"}), "de-1-id", "movement")
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0513"})
    s["units"]["ru-6-id"].update(supply="out", out=2)
    assert world.zoc_level(s, "ru-6-id") == 1 and "0512" in world.reduced_zoc(s, "entente")
    held = movement.march(s, "de-1-id", "movement")
    away = next(h for h in free if free[h] == 1 and h in held)
    assert held[away] == free[away] + CH.zoc_cost({"non-artillery"}, "reduced") == free[away] + 1
    # a division in supply next to the hex too keeps it in a standard ZOC
    t = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0513", "ru-8-id": "0612"})
    t["units"]["ru-6-id"].update(supply="out", out=2)
    assert "0512" not in world.reduced_zoc(t, "entente") and "0514" in world.reduced_zoc(t, "entente")
    # a cadre of a fully supported division is unsupported alone: a reduced ZOC in its hex; out of
    # supply for a second turn, none at all
    c = only(fresh(), {"ru-6-id": "0513"})
    c["units"]["ru-6-id"]["cadre"] = True
    assert world.zoc_level(c, "ru-6-id") == 1 and "0513" in world.reduced_zoc(c, "entente")
    c["units"]["ru-6-id"].update(supply="out", out=2)
    assert world.zoc_level(c, "ru-6-id") == 0 and "0513" not in zoc_hexes(c, "entente")
    c = only(fresh(), {"ru-6-id": "0513", "ru-8-id": "0513"})
    c["units"]["ru-6-id"]["cadre"] = True  # the 8th Division supports it (12A)
    assert world.zoc_level(c, "ru-6-id") == 2 and not world.reduced_zoc(c, "entente")


def test_no_unit_enters_an_enemy_occupied_hex_without_an_overrun():
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0513"})
    assert "0513" not in movement.march(s, "de-1-id", "movement")


def test_a_unit_may_always_move_a_single_hex():
    """L205: the one-hex move, spending all its MPs, even where the cost is beyond them."""
    s = only(fresh(), {"de-1-id": "0512"})
    s["units"]["de-1-id"]["spent"] = 4.5  # half an MP left, but it has not moved yet
    costs = movement.march(s, "de-1-id", "movement")
    assert costs["0611"] == 0.5  # a river hexside: 3 MPs, entered with the one-hex move
    s["units"]["de-1-id"]["moved"] = True
    assert "0611" not in movement.march(s, "de-1-id", "movement")


def test_accel_movement_doubles_the_rating_and_tires_units_near_the_enemy():
    """6B, L239 example 1: 8 MPs of accel on a printed 5, ending next to the enemy: 2 fatigue
    hits; 3 for artillery, cavalry or an Army HQs; none away from the enemy."""
    assert movement.allowance(only(fresh(), {"de-1-id": "0512"}), "de-1-id", "movement", accel=True) == 10
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0714"})
    v = s["units"]["de-1-id"]
    v["spent"] = 8
    movement._fatigue(s, "de-1-id", ["0512", "0613", "0713"], "0512")
    assert v["fat"] == 2
    s = only(fresh(), {"de-i-hvy-art": "0512", "ru-6-id": "0714"})
    s["units"]["de-i-hvy-art"]["spent"] = UNITS["de-i-hvy-art"].movement + 3
    movement._fatigue(s, "de-i-hvy-art", ["0512", "0613", "0713"], "0512")
    assert s["units"]["de-i-hvy-art"]["fat"] == 3
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "1716"})
    s["units"]["de-1-id"]["spent"] = 8
    movement._fatigue(s, "de-1-id", ["0512", "0611"], "0512")
    assert s["units"]["de-1-id"]["fat"] == 0


def test_rail_movement_uses_the_nets_capacity_and_has_its_zoc_again_at_its_end():
    """7A2 and L287: a unit uses its RE size of the capacity (double on a low-volume line), artillery
    double (ruling R37); 7A L279: its ZOC is lost only "to the end of its rail movement"."""
    s = fresh()
    side = "central-powers"
    rail_units = [
        uid for uid, v in s["units"].items() if v["at"] == "map" and UNITS[uid].side == side and movement.rail(s, uid)
    ]
    assert rail_units, "some German unit starts on the rail net"
    uid = next(u for u in rail_units if UNITS[u].divisional and not UNITS[u].hq)
    to, (_, path, charge) = sorted(movement.rail(s, uid).items())[0]
    low = any(MAP.rail[hx.side_id(a, b)]["volume"] == "low" for a, b in zip(path, path[1:], strict=False))
    assert charge == UNITS[uid].re * (2 if low else 1)
    movement.move(s, [uid], to, "rail", "movement")
    assert s["rail_used"][side] == charge
    assert not s["units"][uid]["nozoc"] and s["units"][uid]["hex"] == to
    assert world.has_zoc(s, uid)
    assert movement.capacity_use(s, "de-i-hvy-art") == 2 * UNITS["de-i-hvy-art"].re


def test_a_full_hex_is_not_a_destination():
    """8A: six units a hex (HQs do not count)."""
    s = fresh()
    six = [u for u in UNITS if UNITS[u].side == "central-powers" and not UNITS[u].hq and not UNITS[u].artillery][:7]
    placed = {u: "0611" for u in six[:6]}
    placed[six[6]] = "0512"
    s = only(s, placed)
    assert "0611" not in movement.reach(s, [six[6]], "movement")


def test_enemy_units_out_of_contact_show_only_the_size_of_their_stack():
    """Ruling O1: identities and strengths of enemy stacks out of contact are hidden."""
    s = fresh()
    view = G.view(s, "entente")
    enemy = [u for u in view["board"]["units"] if u["side"] == "central-powers"]
    hidden = sum(h["count"] for h in view["board"]["hidden"] if h["side"] == "central-powers")
    on_map = sum(1 for u, v in s["units"].items() if v["at"] == "map" and UNITS[u].side == "central-powers")
    assert hidden > 0 and len(enemy) + hidden == on_map
    assert not {"moved", "spent", "carry"} & {k for u in enemy for k in u}  # their moves are their own
    open_ = G.view(fresh(limited_intelligence=False), "entente")
    assert not open_["board"]["hidden"]
    assert len([u for u in open_["board"]["units"] if u["side"] == "central-powers"]) == on_map


def test_what_a_view_shows_does_not_depend_on_where_unseen_enemy_units_are():
    s = fresh(3)
    s["turn"] = 2  # past the Russian radio's two turns
    rnd = random.Random(5)
    for role in ("central-powers", "entente", None):
        for _ in range(5):
            t = G.scramble(s, role, rnd)
            assert G.view(t, role) == G.view(s, role)


def test_the_attackers_plan_is_his_own_until_he_resolves():
    s = fresh()
    s["attack"] = {"side": "entente", "hex": "0512", "units": []}
    assert G.view(s, "entente")["board"]["attack"] is not None
    assert G.view(s, "central-powers")["board"]["attack"] is None
    assert G.view(s, None)["board"]["attack"] is None


def test_reinforcements_arrive_at_their_entry_hex_on_their_turn():
    s = fresh()
    s["choices"]["opt-west-corps"] = "accept"
    sequence.reinforcements(s, "central-powers", "sep-i-14")
    arrived = [u for u in ("de-3-gd-id", "de-22-id", "de-8-cav") if s["units"][u]["at"] == "map"]
    assert arrived == ["de-3-gd-id", "de-22-id", "de-8-cav"]
    t = fresh()
    t["choices"]["opt-west-corps"] = "decline"
    sequence.reinforcements(t, "central-powers", "sep-i-14")
    assert t["units"]["de-3-gd-id"]["at"] == "due"


def test_units_kept_back_from_a_withdrawal_give_the_enemy_victory_points():
    s = fresh()
    on = [u for u in ("de-35-id", "de-36-id", "de-37-id", "de-41-id") if s["units"][u]["at"] == "map"]
    before = s["vp"]["entente"]
    sequence.withdraw(s, "wd-ninth-army", False)
    assert s["vp"]["entente"] - before >= 2 * len(on)
    t = fresh()
    sequence.withdraw(t, "wd-ninth-army", True)
    assert all(t["units"][u]["at"] == "withdrawn" for u in on)
    assert t["vp"]["entente"] == 0


def _at_withdrawal(seed: int = 0) -> dict:
    """The game at the Central Powers' Ninth Army withdrawal (Sep II 14)."""
    return advance(G.new(seed=seed), lambda s: s["stack"][-1].get("state") == "withdraw", steps=400)


def test_o38_the_ninth_army_goes_division_by_division_and_hindenburg_with_four():
    """16A1cc, SCENARIO.md: the Entente scores 2 VP for each listed division kept, 1 for each other
    unit but an HQ; Hindenburg leaves in Sep II 14 if at least four divisions go (ev-ninth-army-
    command). Only "all" or "none" was offered, and the event was judged before the withdrawal, so
    it never fired."""
    s = _at_withdrawal()
    cp = "central-powers"
    offered = [a["withdraw"] for a in G.actions(s, cp) if isinstance(a["withdraw"], str)]
    divisions = [u for u in offered if UNITS[u].size == "division"]
    assert len(divisions) >= 5 and {True, False} <= {a["withdraw"] for a in G.actions(s, cp)}
    before = s["vp"]["entente"]
    for u in divisions[:4]:
        s = G.apply(s, cp, {"withdraw": u})
        assert s["units"][u]["at"] == "withdrawn"
    kept = [u for u in offered if u not in divisions[:4] and not UNITS[u].hq]
    s = G.apply(s, cp, {"withdraw": False})
    worth = sum(2 if UNITS[u].size == "division" else 1 for u in kept)
    assert s["vp"]["entente"] - before == worth and s["withdrawn"]["wd-ninth-army"] == 4
    s = advance(s, lambda s: s["phase"] == "movement", steps=50)
    assert "ev-ninth-army-command" in s["events"]
    assert s["hq"]["de-8-army-hq"]["leader"] != "hindenburg"


def test_o38_any_rifle_divisions_count_two_brigades_as_one_and_each_one_not_sent_scores():
    """SCENARIO.md, Oct I 14: "The Second Army HQ, any 4 Russian rifle divisions (two brigades count
    as one) and 1 cavalry division go ... For each one not sent the Central Powers score 2 VP"."""
    from kriegsspiel.games.over_there.scenario import Location

    w = world.start_hex(Location(place="Warsaw"))
    brigades = ["ru-1-fin-bde", "ru-2-fin-bde", "ru-3-fin-bde", "ru-4-fin-bde"]
    placed = {u: w for u in ["ru-2-army-hq", "ru-22-id", "ru-24-id", "ru-4-cav", *brigades]}
    s = only(fresh(), dict(placed))
    sequence.withdraw(s, "wd-second-army-warsaw", True)
    assert all(s["units"][u]["at"] == "withdrawn" for u in placed) and s["vp"]["central-powers"] == 0
    s = only(fresh(), dict(placed))
    sequence.withdraw(s, "wd-second-army-warsaw", False)
    assert s["vp"]["central-powers"] == 2 * 6  # the HQ, four rifle divisions, the cavalry division
    s = only(fresh(), {u: w for u in ["ru-2-army-hq", "ru-22-id", "ru-4-cav", *brigades[:2]]})
    sequence.withdraw(s, "wd-second-army-warsaw", True)
    assert s["vp"]["central-powers"] == 2 * 2  # two rifle divisions owed: not in play to send


def test_places_score_for_the_side_that_did_not_own_them():
    """The scenario's places score for the side that did not own them in July 1914, when it owns
    them at the end and is not cut off from them (ruling O18: a raid does not take a province)."""
    s = fresh()
    assert sequence.victory(s) == {"central-powers": 0, "entente": 0}
    s = only(fresh(), {})
    s["owner"]["0806"] = "entente"  # Königsberg, with nobody on the map to cut it off
    assert sequence.victory(s)["entente"] == 10
    ring = {
        "de-1-id": "0706",
        "de-2-id": "0707",
        "de-35-id": "0805",
        "de-36-id": "0807",
        "de-37-id": "0906",
        "de-41-id": "0907",
    }
    s = only(fresh(), ring)
    s["owner"]["0806"] = "entente"
    assert sequence.victory(s)["entente"] == 0


def test_an_army_hq_activation_check_is_a_ground_success_roll():
    """14M2: a die on the Ground Success Table, the leader's rating chosen by a second die."""
    s = fresh()
    hq = "ru-1-army-hq"
    with scripted_dice(s, 1, 6):  # Rennenkampf -1/0/1: a 1 reads his left rating, -1
        roll, drm, ok = sequence.activation(s, hq)
    assert roll == 6
    expected = CH.activation_modifier("russian") - 1 - 1  # the leader, sr-russian-activation
    assert drm == expected
    assert ok == CH.succeeds(CH.ground_success(6, expected))


def test_illegal_actions_are_refused_and_change_nothing():
    s = fresh()
    before = json.dumps(s, sort_keys=True)
    for bad in ({"unit": "de-1-id"}, {"to": "0101"}, {"end": "combat"}, "move", None, {"unit": "ru-nope"}):
        with pytest.raises(kriegsspiel.IllegalAction):
            G.apply(s, "entente", bad)
    with pytest.raises(kriegsspiel.IllegalAction):
        G.apply(s, "central-powers", {"end": "movement"})
    assert json.dumps(s, sort_keys=True) == before


def test_a_replayed_record_gives_the_identical_game():
    s = fresh(11)
    rnd = random.Random(11)
    for _ in range(400):
        if G.is_over(s):
            break
        role = G.active(s)[0]
        s = G.apply(s, role, rnd.choice(G.actions(s, role)))
    again = kriegsspiel.replay(kriegsspiel.record(s))
    assert json.dumps(again, sort_keys=True) == json.dumps(s, sort_keys=True)


def test_a_move_from_the_listed_destinations_is_the_move_searched_afresh():
    """The searches behind a list of destinations are reused by the move chosen from it: the
    same move applied to a copy (which was never listed, so it searches again) gives the same
    game, overruns included."""
    rnd = random.Random(4)
    compared = overruns = 0
    for seed in range(4, 40):
        if compared >= 1500 and overruns:
            break
        s = fresh(seed)
        while not G.is_over(s) and (compared < 1500 or not overruns):
            role = G.active(s)[0]
            legal = G.actions(s, role)
            # overruns are a way of their own, seldom picked at random: half the time it is
            overrun = [a for a in legal if a.get("overrun") or a.get("way") == "overrun"]
            action = overrun[0] if overrun and rnd.random() < 0.5 else rnd.choice(legal)
            if s["stack"][-1]["state"] == "destination":
                copy = G.clone(s)
                s = G.apply(s, role, action)
                copy = G.apply(copy, role, action)
                assert json.dumps(copy, sort_keys=True) == json.dumps(s, sort_keys=True)
                compared += 1
                overruns += bool(action.get("overrun"))
            else:
                s = G.apply(s, role, action)
    assert compared >= 1500 and overruns > 0


def test_the_stacking_limit_of_8a():
    """8A (L365-372): 6 units of any kind, plus 6 REs of non-divisional units, plus 4 REs of
    artillery; HQs and fortress units (15J) do not count."""
    from kriegsspiel.games.over_there.world import fits

    div, bde, art = ("div", 5.0), ("nondiv", 2.0), ("art", 1.0)
    assert fits([div] * 6 + [bde] * 3 + [art] * 4 + [("exempt", 0.0)] * 3)
    assert not fits([div] * 7)
    assert not fits([div] * 6 + [bde] * 4)  # 8 REs of brigades: one counts among the six
    assert fits([div] * 5 + [bde] * 4)
    assert fits([div] * 6 + [art] * 5 + [bde] * 2)  # the fifth gun goes with the brigades' REs


def test_a_major_river_crossed_away_from_a_bridge_disrupts():
    """15A4: crossing a major river off the roads and railways disrupts the unit."""
    assert movement._crosses_unbridged(["0308", "0408"])  # the Vistula, no road or railway there
    assert not movement._crosses_unbridged(["0512", "0611"])  # a river, not a major one


def test_a_leader_influences_an_activation_check_only_if_his_player_gambles():
    """14P (L1010): at the owner's option; without him, one die only."""
    s = fresh()
    with scripted_dice(s, 6):
        roll, drm, ok = sequence.activation(s, "ru-1-army-hq", use_leader=False)
    assert (roll, drm) == (6, CH.activation_modifier("russian") - 1)
    acts = G.actions(_reaction(s), "central-powers")
    assert {"activate": "de-8-army-hq"} in acts and {"activate": "de-8-army-hq", "leader": True} in acts


def _reaction(s):
    """The game at the Central Powers' reaction movement, nothing moved or fought."""
    for _ in range(20):
        if s["phase"] == "reaction-movement":
            return s
        for role in G.active(s):
            acts = G.actions(s, role)
            s = G.apply(s, role, next(a for a in acts if "end" in a or a in PASS))
    raise AssertionError("no reaction movement phase")


def test_leaders_influence_combat_the_defender_first_with_his_sign_reversed():
    """14P (L1017): each side's eligible leader (its Army HQs' ZOI holds all its units in the
    combat) may roll; the defender's modifier has its sign reversed."""
    s = fresh()
    s["hq"]["de-8-army-hq"]["leader"] = "francois"  # 0/0/1
    s = only(s, {"de-8-army-hq": "0512", "de-1-id": "0512", "ru-1-army-hq": "0713", "ru-6-id": "0613"})
    attack = {"side": "entente", "hex": "0512", "units": ["ru-6-id"]}
    assert sequence.leaders_for(s, "entente", attack) == ["ru-1-army-hq"]
    assert sequence.leaders_for(s, "central-powers", attack) == ["de-8-army-hq"]
    s["units"]["ru-6-id"]["hex"] = "1716"  # far from its Army HQ: Rennenkampf cannot help
    assert sequence.leaders_for(s, "entente", {**attack, "hex": "1717"}) == []
    assert CH.leader_modifier((0, 0, 1), 6, defender=True) == -1


def test_a_division_digs_fieldworks_and_leaving_them_abandons_them():
    """13A1a: 2 MPs, kept only while a construction unit of the side stays in the hex; the
    fieldworks give the defender -1 (Fortifications Effects Chart) on the Mobile CRT."""
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0513"})
    s["phase"] = "movement"
    assert {"build": "fieldworks"} in movement.engineering(s, ["de-1-id"], "movement")
    movement.engineer(s, "de-1-id", {"build": "fieldworks"}, "movement")
    assert s["works"]["0512"] == {"side": "central-powers", "level": 1}
    assert s["units"]["de-1-id"]["spent"] == 2
    assert {"build": "fieldworks"} not in movement.engineering(s, ["de-1-id"], "movement")  # already dug in
    assert movement.engineering(s, ["de-1-id"], "exploitation") == []  # 13A: not in exploitation
    plain = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0513"})
    assert (
        combat.assess(s, "entente", "0512", ["ru-6-id"])["drm"]
        == combat.assess(plain, "entente", "0512", ["ru-6-id"])["drm"] - 1
    )
    s["units"]["de-1-id"]["hex"] = "0511"
    assert movement.abandon_works(s) == ["0512"] and "0512" not in s["works"]


def test_rail_breaks_stop_rail_movement_and_divisions_repair_them():
    """7A6 (L324): any unit breaks the line for 2 MPs; no rail movement into or out of a broken
    hex; a construction unit repairs it for 4 MPs (13A3)."""
    s = fresh()
    uid = next(
        u
        for u, v in s["units"].items()
        if v["at"] == "map"
        and UNITS[u].side == "central-powers"
        and movement.construction_unit(u)
        and movement.rail(s, u)
    )
    h = s["units"][uid]["hex"]
    assert {"break_rail": True} in movement.engineering(s, [uid], "movement")
    movement.engineer(s, uid, {"break_rail": True}, "movement")
    assert h in s["breaks"] and movement.rail(s, uid) == {}
    s["units"][uid]["spent"] = 0
    assert {"repair_rail": True} in movement.engineering(s, [uid], "movement")
    movement.engineer(s, uid, {"repair_rail": True}, "movement")
    assert h not in s["breaks"] and s["units"][uid]["spent"] == 4


def test_a_captured_rail_line_is_obstructed_until_a_division_clears_it():
    """7A7 (L326): "Rail lines in hexes captured (or recaptured) from the enemy are obstructed
    ... and must be cleared ... before a player may use rail movement to enter or leave those
    hexes"; 13A3 (L778): clearing costs 2 MPs, and a broken line is repaired first."""
    s = only(fresh(), {})
    s["units"]["ru-25-id"].update(at="map", hex="1206")  # the Russians take Insterburg
    sequence.settle(s)
    assert s["owner"]["1206"] == "entente" and "1206" in s["obstructed"]
    assert "1107" in s["obstructed"]  # taken by the division's ZOC: a rail hex too
    taken = {h for h, side in s["owner"].items() if side == "entente" and h in zoc_hexes(s, "entente")}
    assert taken - set(s["obstructed"]), "a hex without a railway is never obstructed"
    assert set(s["obstructed"]) <= set(rail_steps())
    assert G.view(s, "central-powers")["board"]["obstructed"] == s["obstructed"]  # hit markers are public
    # the Germans take it back: it stays obstructed
    s["units"]["ru-25-id"].update(at="due", hex=None)
    s["units"]["de-1-id"].update(at="map", hex="1206")
    s["units"]["de-2-id"].update(at="map", hex="1205")
    sequence.settle(s)
    assert s["owner"]["1206"] == "central-powers" and "1206" in s["obstructed"]
    s["obstructed"] = ["1206"]  # say the hexes round it are cleared
    assert movement.rail(s, "de-1-id") == {}  # no rail movement out of it
    by_rail = movement.rail(s, "de-2-id")
    assert "1204" in by_rail and "1206" not in by_rail, sorted(by_rail)  # nor into it
    s["breaks"] = ["1206"]
    acts = movement.engineering(s, ["de-1-id"], "movement")
    assert {"repair_rail": True} in acts and {"clear_rail": True} not in acts  # the break first
    s["breaks"] = []
    assert {"clear_rail": True} in movement.engineering(s, ["de-1-id"], "movement")
    movement.engineer(s, "de-1-id", {"clear_rail": True}, "movement")
    assert "1206" not in s["obstructed"] and s["units"]["de-1-id"]["spent"] == 2
    assert "1206" in movement.rail(s, "de-2-id")  # the line is open again


def test_a_big_net_with_the_enemy_on_it_deteriorates_in_a_production_cycle():
    """7A5g (L314-322, the example's arithmetic is charts' test): a net of 21 REs or more with
    enemy units on its rail hexes rolls; 1-6 loses 1 RE (no engineers, no depots here)."""
    s = fresh()
    assert movement.deteriorate(s, "entente") == 0  # 15 REs: never checked
    assert movement.deteriorate(s, "central-powers") == 0  # no Russian on the German net yet
    s = only(fresh(), {"ru-25-id": "1206"})  # Insterburg, on the Ostbahn
    with scripted_dice(s, 6):
        assert movement.deteriorate(s, "central-powers") == 1
    assert movement.capacity("central-powers", s) == 29


def test_the_russian_radio_shows_the_germans_every_russian_unit_in_the_first_two_turns():
    """The scenario's sr-russian-radio (Aug II and Sep I 14): every Entente unit is known to the
    Central Powers (ruling O19); the Entente's own view of the Germans stays limited."""
    s = fresh()
    on_map = sum(1 for u, v in s["units"].items() if v["at"] == "map" and UNITS[u].side == "entente")
    german = G.view(s, "central-powers")["board"]
    assert not [h for h in german["hidden"] if h["side"] == "entente"]
    assert len([u for u in german["units"] if u["side"] == "entente"]) == on_map
    assert [h for h in G.view(s, "entente")["board"]["hidden"] if h["side"] == "central-powers"]
    s["turn"] = 2  # Sep II 14: the Russians cipher their orders again
    assert [h for h in G.view(s, "central-powers")["board"]["hidden"] if h["side"] == "entente"]


def test_the_log_does_not_name_units_the_enemy_cannot_see():
    """Ruling O1: moves, engineering and rebuilt cadres are logged for their owner only; the
    works and breaks themselves are on the map for both."""
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "1716"})
    s["units"]["de-1-id"]["cadre"] = True
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    s["stack"].append({"state": "destination", "role": "central-powers", "units": ["de-1-id"], "mode": "movement"})
    s["phase"] = "movement"
    G.apply(s, "central-powers", {"build": "fieldworks"})
    mine = [e["text"] for e in G.log(s, "central-powers")]
    theirs = [e["text"] for e in G.log(s, "entente")] + [e["text"] for e in G.log(s, None)]
    assert any("1 ID is rebuilt" in t for t in mine) and any("1 ID builds fieldworks" in t for t in mine)
    assert not any("1 ID" in t for t in theirs)
    assert G.view(s, "entente")["board"]["works"] == {"0512": {"side": "central-powers", "level": 1}}


def test_an_overrun_is_offered_only_against_a_stack_in_sight():
    """Ruling O1: the 10:1 of 6F cannot be known of a stack out of contact, so no overrun of it is
    offered; with every counter face up it is."""
    for limited in (True, False):
        s = only(fresh(limited_intelligence=limited), {"de-1-cav": "0512", "ru-xv-corps-hq": "0515"})
        s["turn"] = 2  # past the Russian radio
        s["phasing"], s["phase"] = "central-powers", "movement"
        s["stack"].append({"state": "destination", "role": "central-powers", "units": ["de-1-cav"], "mode": "movement"})
        assert "0515" in combat.overrun_targets(s, "central-powers", ["de-1-cav"], "movement")
        offered = {"way": "overrun"} in G.actions(s, "central-powers")
        assert offered is not limited
        if offered:
            t = G.apply(s, "central-powers", {"way": "overrun"})
            assert {"to": "0515", "overrun": True} in G.actions(t, "central-powers")
            assert not any("to" in a and not a.get("overrun") for a in G.actions(t, "central-powers"))


def test_in_sight_and_within_agree_with_visible_and_distance():
    """Ruling O1 asked hex by hex (``world.in_sight``, the overrun list's check) gives what the
    whole picture (``world.visible``) gives, for both sides and a spectator, turn after turn of
    random play, the Russian radio's turns included; ``world.within`` is the distance bound."""
    pick = random.Random(3)
    s = G.new(seed=3)
    every = sorted(MAP.terrain)
    checked = steps = 0
    while s["stack"] and checked < 60:
        for role in G.active(s):
            legal = G.actions(s, role)
            s = G.apply(s, role, legal[pick.randrange(len(legal))])
        steps += 1
        if steps % 12 == 0:
            for who in ("entente", "central-powers", None):
                seen = world.visible(s, who)
                assert world.in_sight(s, who, every) == [h for h in every if seen is None or h in seen]
            checked += 1
    assert checked == 60 and s["turn"] > 0
    for h in ("0101", "0512", every[-1]):
        for radius in (0, 1, 3, 9):
            near = {x for x in every if hx.distance(hx.from_id(h), hx.from_id(x)) <= radius}
            assert world.within(h, radius) == near


def test_a_cadre_is_not_rebuilt_where_its_division_would_overstack_the_hex():
    """16B with 8A: six divisions and a cadre fill a hex; the cadre waits for room."""
    divisions = ["de-1-id", "de-2-id", "de-35-id", "de-36-id", "de-37-id", "de-41-id"]
    s = only(fresh(), {**{u: "0512" for u in divisions}, "de-1-rd": "0512"})
    s["units"]["de-1-rd"]["cadre"] = True
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    assert s["units"]["de-1-rd"]["cadre"] and s["pool"]["central-powers"]["man"] == 2
    s["units"]["de-41-id"]["hex"] = "0511"
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    assert not s["units"]["de-1-rd"]["cadre"] and s["pool"]["central-powers"]["man"] == 1


def test_a_cadre_in_an_enemy_zoc_is_rebuilt_only_behind_a_fortification():
    """16B3d (L1209): "The cadre/remnant to be rebuilt may not be in an enemy ZOC unless its hex
    contains a fortification (excepting fieldworks)"."""
    s = only(fresh(), {"de-1-id": "0512", "ru-6-id": "0513"})
    assert "0512" in zoc_hexes(s, "entente")
    s["units"]["de-1-id"]["cadre"] = True
    s["works"]["0512"] = {"side": "central-powers", "level": 1}  # fieldworks do not help
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    assert s["units"]["de-1-id"]["cadre"] and s["pool"]["central-powers"]["man"] == 2
    s["units"]["ru-6-id"].update(at="due", hex=None)  # the enemy ZOC gone
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    assert not s["units"]["de-1-id"]["cadre"] and s["pool"]["central-powers"]["man"] == 1
    # in Königsberg's fortress an enemy next door does not stop it
    s = only(fresh(), {"de-1-id": "0806", "ru-6-id": "0906"})
    assert "0806" in zoc_hexes(s, "entente") and combat.fortification(s, "0806", "central-powers")
    s["units"]["de-1-id"]["cadre"] = True
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    assert not s["units"]["de-1-id"]["cadre"]


def test_cadres_are_rebuilt_in_the_enemys_initial_phase_too():
    """16B3d (L1209): "a player may rebuild units in both friendly and enemy initial phases".
    A Russian cadre reduced after the Entente's initial phase is rebuilt in the Central Powers'."""
    s = fresh()
    assert (s["phasing"], s["phase"]) == ("entente", "movement")
    s["units"]["ru-73-rd"]["cadre"] = True  # at Kovno, far from the Germans
    man = s["pool"]["entente"]["man"]
    s = advance(s, lambda t: t["phasing"] == "central-powers" and t["phase"] == "movement")
    assert not s["units"]["ru-73-rd"]["cadre"] and s["pool"]["entente"]["man"] == man - 1


def test_cavalry_rebuilt_stays_within_the_months_limit():
    """16B3f (L1219): "Only 6 cavalry REs may be replaced per month ... For Russia (only) the
    limit is 12"; the count starts again with the next month."""
    s = only(fresh(), {"de-1-cav": "0512", "de-8-cav": "0511"})
    s["pool"]["central-powers"]["man"] = 5
    for uid in ("de-1-cav", "de-8-cav"):
        s["units"][uid]["cadre"] = True
        assert UNITS[uid].re == 4
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    assert [s["units"][u]["cadre"] for u in ("de-1-cav", "de-8-cav")] == [False, True]
    sequence.rebuild(s, "central-powers", "aug-ii-14")
    assert s["units"]["de-8-cav"]["cadre"]  # 8 REs would pass the 6 of August
    sequence.rebuild(s, "central-powers", "sep-i-14")
    assert not s["units"]["de-8-cav"]["cadre"] and s["pool"]["central-powers"]["man"] == 3
    russians = ["ru-1-cav", "ru-2-cav", "ru-3-cav", "ru-4-cav"]
    s = only(fresh(), {u: h for u, h in zip(russians, ["1506", "1507", "1606", "1607"], strict=True)})
    s["pool"]["entente"]["man"] = 9
    for uid in russians:
        s["units"][uid]["cadre"] = True
    sequence.rebuild(s, "entente", "sep-i-14")
    sequence.rebuild(s, "entente", "sep-ii-14")  # the same month
    assert [s["units"][u]["cadre"] for u in russians] == [False, False, False, True]


def lotzen_attacked(cp_air_left: int | None = None) -> tuple[dict, list]:
    """The Entente attacks Lötzen (a fortress, on the Positional CRT) with the 25th Division; the
    Central Powers have no stack in reach and the Eighth Army HQ far away. The state after the
    defender's blind questions, each answered with its first choice, and those questions."""
    s = fresh()
    s = only(s, {"de-fort-loetzen": "1209", "de-6-lw-bde": "1209", "de-8-army-hq": "0512", "ru-25-id": "1310"})
    s["res"]["entente"]["1310"] = 1
    s = G.apply(s, "entente", {"end": "movement"})
    while s["stack"][-1]["state"] == "superiority":
        s = G.apply(s, G.active(s)[0], {"superiority": 0})
    if cp_air_left is not None:
        s["air"]["central-powers"]["left"] = cp_air_left
    s = G.apply(s, "entente", {"attack": "1209"})
    assert combat.assess(s, "entente", "1209", ["ru-25-id"])["crt"] == "positional"
    asked: list = []
    s = blind_answers(G.apply(s, "entente", {"resolve": True}), asked)
    return s, asked


def test_the_defender_is_not_asked_for_defensive_air_support_with_no_air_points_left():
    """Ruling O1, B17B4: with no points left he could answer only none, and the attacker can
    count his points from the log: he is not asked. With points left he is."""
    _, asked = lotzen_attacked(cp_air_left=0)
    assert not any(state == "das" for state, _, _ in asked)
    _, asked = lotzen_attacked(cp_air_left=1)
    assert ("das", "central-powers", [{"das": 0}, {"das": 1}]) in asked


def test_the_defender_is_asked_for_reserves_and_leaders_whether_or_not_he_has_any():
    """Ruling O1: a question asked only when the defender has reserves in reach (6C) or a leader
    whose Army HQs' ZOI holds the hex (14P) would tell the attacker, by the pause alone, what
    stands out of his sight. Lötzen is attacked on the Positional CRT (a fortress): the Central
    Powers, with no stack in reach and the Eighth Army HQ far away, are asked both all the same,
    and may only answer none."""
    s, asked = lotzen_attacked()
    assert ("reserve", "central-powers", [{"commit": None}]) in asked
    assert ("leader", "central-powers", [{"leader": None}]) in asked
    assert combat.reserve_stacks(s, "central-powers", "1209") == [] and not sequence.leaders_for(
        s, "central-powers", s["attack"] or {"side": "entente", "hex": "1209", "units": []}
    )


def test_the_destinations_are_listed_one_way_at_a_time_and_together_are_the_whole_reach():
    """6-7: regular movement is listed first; each way named lists its own moves (rail movement
    with strategic rail); together they are every move the view's reach shows, and a way not
    offered is refused without a change."""
    for uid in ("ru-25-id", "ru-1-gd-cav", "ru-43-id"):
        s = G.apply(fresh(), "entente", {"unit": uid})
        board = G.view(s, "entente")["board"]
        assert board["way"] is None
        everything = {(h, by) for h, ways in board["reach"].items() for by in ways}
        first = G.actions(s, "entente")
        assert all("by" not in a and not a.get("overrun") for a in first if "to" in a)
        listed = {(a["to"], a.get("by", "march")) for a in first if "to" in a}
        ways = [a["way"] for a in first if "way" in a]
        assert "march" not in ways and {"accel", "rail"} <= set(ways)
        for way in ways:
            t = G.apply(G.clone(s), "entente", {"way": way})
            assert G.view(t, "entente")["board"]["way"] == way
            moves = [a for a in G.actions(t, "entente") if "to" in a]
            if way == "overrun":
                assert {a["to"] for a in moves} == set(G.view(t, "entente")["board"]["overruns"])
                continue
            kinds = {"rail": {"rail", "strat"}}.get(way, {way})
            assert all(a.get("by", "march") in kinds for a in moves)
            listed |= {(a["to"], a.get("by", "march")) for a in moves}
            assert {"way": "march"} in G.actions(t, "entente")
        assert listed == everything
        before = json.dumps(s, sort_keys=True)
        with pytest.raises(kriegsspiel.IllegalAction):
            G.apply(s, "entente", {"way": "teleport"})
        assert json.dumps(s, sort_keys=True) == before


def test_sr_second_army_march_holds_its_army_hq_too():
    """The scenario's sr-second-army-march: in Aug II 14 no unit of the Second Army may use
    accelerated movement (6B). Its Army HQ, whose own army field is empty, was offered accel."""
    s = advance(G.new(seed=1), lambda s: s["phasing"] == "entente" and s["phase"] == "movement")
    for uid in ("ru-22-id", "ru-2-army-hq"):
        t = G.apply(G.clone(s), "entente", {"unit": uid})
        ways = [a["way"] for a in G.actions(t, "entente") if "way" in a]
        assert "accel" not in ways, uid
    t = G.apply(G.clone(s), "entente", {"unit": "ru-25-id"})  # the First Army's may
    assert "accel" in [a["way"] for a in G.actions(t, "entente") if "way" in a]


def test_15a4_an_overrun_across_a_major_river_away_from_a_bridge_disrupts():
    """15A4 (L1037): units crossing a major river away from a bridge (by movement, or advance or
    retreat) are disrupted. A cavalry division overran straight across the river at 0112|0212 (no
    road, no rail: no bridge) and came through undisrupted; a plain move across it disrupts."""
    s = advance(G.new(seed=1), lambda s: s["phasing"] == "central-powers" and s["phase"] == "movement")
    a, e = "0112", "0212"
    assert movement._crosses_unbridged([a, e])
    s = only(s, {"de-1-cav": a, "ru-man-pt-1": e})
    s["units"]["ru-man-pt-1"]["dis"] = 2  # a badly disrupted march battalion: overrun at high odds
    world.update_ownership(s)
    s = G.apply(s, "central-powers", {"unit": "de-1-cav"})
    s = G.apply(s, "central-powers", {"way": "overrun"})
    s = G.apply(s, "central-powers", {"to": e, "overrun": True})
    assert s["units"]["de-1-cav"]["hex"] == e and s["units"]["de-1-cav"]["dis"] == 1


def _cp_movement():
    return advance(G.new(seed=1), lambda s: s["phasing"] == "central-powers" and s["phase"] == "movement")


def test_13a_construction_units_need_general_supply_to_demolish_too():
    """13A L751: construction units "may construct, demolish, and repair facilities ... To do so
    they must be in general supply". A division out of supply was still offered a bridge."""
    s = _cp_movement()
    uid = "de-1-id"
    t = G.apply(G.clone(s), "central-powers", {"unit": uid})
    bridges = [a for a in G.actions(t, "central-powers") if "demolish_bridge" in a]
    assert bridges  # in supply, the division may
    s["units"][uid].update(supply="out", out=1)
    t = G.apply(G.clone(s), "central-powers", {"unit": uid})
    assert not [a for a in G.actions(t, "central-powers") if set(a) & {"demolish_bridge", "build", "repair_rail"}]


def test_13a_engineering_after_a_rail_move_and_an_hq_breaks_rail():
    """13A L751 bars engineering only under accel movement; 7A6 L324: "a unit may break a rail
    line". A division railed forward was refused even its fieldworks, and an HQ could not break
    the line where it stood."""
    s = _cp_movement()
    uid = "de-1-rd"
    t = G.apply(G.clone(s), "central-powers", {"unit": uid})
    t = G.apply(t, "central-powers", {"way": "rail"})
    dest = next(a for a in G.actions(t, "central-powers") if a.get("by") == "rail")
    t = G.apply(t, "central-powers", dest)
    t = G.apply(t, "central-powers", {"unit": uid})
    assert {"build": "fieldworks"} in G.actions(t, "central-powers")
    hq = "de-8-army-hq"
    assert s["units"][hq]["hex"] in world.rail_steps()
    t = G.apply(G.clone(s), "central-powers", {"unit": hq})
    assert {"break_rail": True} in G.actions(t, "central-powers")
    t = G.apply(t, "central-powers", {"break_rail": True})
    assert s["units"][hq]["hex"] in t["breaks"]


def test_15a4_a_unit_disrupted_crossing_on_its_way_overruns_only_at_the_odds_it_has_then():
    """15A4 L1037: a unit is disrupted "when the crossing is completed"; 6F L261: disruption
    halves its overrun attack. Cavalry crossing an unbridged major river on its way to the hex it
    overruns from was checked against 10:1 undisrupted, and overran at odds it no longer had."""
    base = _cp_movement()
    start, a = "0212", "0112"
    assert movement._crosses_unbridged([start, a])
    tried = 0
    for e in sorted(world.NEIGHBOURS[a]):
        if e == start or e not in MAP.terrain or movement._crosses_unbridged([a, e]) or not combat.adjacent(a, e):
            continue
        for dis in (0, 1, 2):
            s = only(G.clone(base), {"de-1-cav": start, "ru-man-pt-1": e})
            s["units"]["ru-man-pt-1"]["dis"] = dis
            world.update_ownership(s)
            fresh = combat.overrun_odds(s, "central-powers", ["de-1-cav"], e, from_hex=a)
            worn = combat.overrun_odds(s, "central-powers", ["de-1-cav"], e, from_hex=a, crossing={"de-1-cav"})
            plans = combat._overrun_plans(s, "central-powers", ["de-1-cav"], "movement")
            if worn < combat.CH.overrun_rule.minimum <= fresh:
                tried += 1
                assert plans.get(e, (None,))[0] != a  # not from across the river
    assert tried


def test_o38_a_cadre_does_not_stand_for_a_division_an_order_of_battle_calls_for():
    """16A1cc L1184: the unit withdrawn is of the indicated "size, type, and strength": four cadres
    met the Second Army's call for any four rifle divisions."""
    from kriegsspiel.games.over_there.scenario import Location

    w = world.start_hex(Location(place="Warsaw"))
    rifles = ["ru-22-id", "ru-24-id", "ru-25-id", "ru-27-id"]
    s = only(fresh(), {u: w for u in rifles})
    for u in rifles:
        s["units"][u]["cadre"] = True
    assert not set(rifles) & set(sequence.withdraw_candidates(s, "wd-second-army-warsaw", []))
    sequence.withdraw(s, "wd-second-army-warsaw", True)
    assert all(s["units"][u]["at"] == "map" for u in rifles) and s["vp"]["central-powers"] == 2 * 5


def test_a_unit_reacts_under_one_army_hqs_only():
    """6D (L255), 4A4 (L178): "all reaction movement associated with one Army HQs must be completed
    before beginning any reaction movement associated with another", and a unit that has moved
    "cannot move again". A division in the ZOIs of two active Russian Army HQs moved 1 MP under
    the 1st Army, then 4 more under the 2nd."""
    s = movement_of("central-powers")
    s = only(s, {"ru-1-army-hq": "1507", "ru-2-army-hq": "1509", "ru-25-id": "1508", "de-8-army-hq": "0408"})
    s = advance(s, lambda s: s["phase"] == "reaction-movement")
    assert "1508" in sequence.zoi(s, "ru-1-army-hq") and "1508" in sequence.zoi(s, "ru-2-army-hq")
    with scripted_dice(s, 6, 6, below=False):
        s = G.apply(s, "entente", {"activate": "ru-1-army-hq"})
        s = G.apply(s, "entente", {"unit": "ru-25-id"})
        s = G.apply(s, "entente", {"to": "1507"})
        assert s["units"]["ru-25-id"]["spent"] == 1 and {"unit": "ru-25-id"} in G.actions(s, "entente")
        s = G.apply(s, "entente", next(a for a in G.actions(s, "entente") if "end" in a))
        s = G.apply(s, "entente", {"activate": "ru-2-army-hq"})
        assert s["stack"][-1].get("hq") == "ru-2-army-hq"
        assert {"unit": "ru-25-id"} not in G.actions(s, "entente")
        assert not any("stack" in a for a in G.actions(s, "entente"))


def test_a_leaders_orders_name_him():
    """14P: the orders read "rennenkampf tries to influence the combat" (his id) and "check First
    Army HQ, its leader gambling"; they name the leader and what he tries."""
    s = _reaction(fresh())
    hq = "de-8-army-hq"
    lid = s["hq"][hq]["leader"]
    name = world.leader_name(lid)
    assert name and name != lid
    assert G.label({"activate": hq, "leader": True}, s) == (
        f"check {UNITS[hq].name}, {name} trying to influence the roll (14P)"
    )
    assert G.label({"leader": hq}, s) == f"{name} tries to influence the combat die (14P)"
    assert G.label({"leader": None}, s) == "no leader"


def test_a_unit_eliminated_after_moving_does_not_close_the_offers_of_a_phases_opening():
    """Rulings O34, O36, O37: the Man Pts' switch (16B3), the disbanding (16C1) and the permanent
    rail capacity (7A5b) are offered as the movement phase opens, before the side's first move.
    A Russian corps HQ eliminated after it moved kept its "moved" flag off the map, and from
    then on the Entente's movement phase never opened: none was offered again all game."""
    s = movement_of("entente")
    assert {"man_pts": True} in G.actions(s, "entente")
    hq = "ru-ii-corps-hq"
    s["units"][hq].update({"moved": True, "at": "eliminated", "hex": None})
    assert sequence._before_moving(s, "entente")
    assert {"man_pts": True} in G.actions(s, "entente")
    unit = next(u for u in G.actions(s, "entente") if "unit" in u)["unit"]
    s["units"][unit]["moved"] = True  # a unit on the map that moved: the phase has opened
    assert not sequence._before_moving(s, "entente")


def test_a_unit_that_moved_and_can_go_nowhere_more_is_not_offered():
    """6: a unit may go on moving while it has MPs left, but First Army HQ, moved and left with
    MPs too few for any hex, was offered to be picked, and picked offered only "stay" and
    "cancel" (the review of the web game, F16)."""
    s = movement_of("entente")
    hq = "ru-1-army-hq"
    assert {"unit": hq} in G.actions(s, "entente")
    v = s["units"][hq]
    v.update(moved=True, spent=movement.allowance(s, hq, "movement") - 0.5)
    s["breaks"] = [*s["breaks"], v["hex"]]  # and no railway to take from its hex (7A6)
    assert hq in sequence.movable(s, s["stack"][-1], "entente")  # MPs left, by the rules
    assert {"unit": hq} not in G.actions(s, "entente")
    v.update(spent=1)  # moved one hex: it may go on
    assert {"unit": hq} in G.actions(s, "entente")


def test_counts_and_hexes_are_written_as_players_read_them():
    """The words a player reads (the review of the air rules and words, F8, F9): "1 of 1
    point(s)", "your 1 air point(s)", "withdraws 5 division(s)"; bare hex numbers in the Army
    HQs' header, the air log and the stacks out of contact; a bridge's MP cost in brackets after
    a hex, where a town's name stands ("1213 (4 MPs)")."""
    from kriegsspiel.games.over_there import air, text

    assert counted(1, "air point") == "1 air point" and counted(2, "air point") == "2 air points"
    assert counted(4.5, "division") == "4.5 divisions" and counted(3.0, "division") == "3 divisions"
    town = next(h for h in sorted(world.LAND_SET) if MAP.towns_in(h))
    named = world.hex_name(town)
    assert named != town
    line = air.support_text("central-powers", town, 1, 1, 2, 1)
    assert f"over {named}:" in line and "1 of 1 point," in line and "1 of 2 points," in line
    assert text.hq_text("ru-1-army-hq", {"hex": town, "active": True}) == f"First Army (active) at {named}"
    s = fresh()
    s["air"]["entente"]["left"] = 1
    assert "your 1 air point fly" in sequence.Superiority().prompt(s, {}, "entente")
    bridge = next(iter(world.BRIDGES))
    a, b = bridge.split("|")
    label = G.label({"demolish_bridge": bridge}, s)
    assert label.endswith(f"{world.hex_name(b)}: {movement.DEMOLISH_BRIDGE_MP} MPs") and "(" not in label.replace(
        world.hex_name(a), ""
    ).replace(world.hex_name(b), "")
