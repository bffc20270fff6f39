"""Imperial Borders: battles (rulebook L565-757, Ships L694-717, the optional
Call to Arms and Balance of Power L1014-1020, the Reference Chart L1022-1034)
and the golden Example of Battle (L926-971). RULINGS_BATTLE.md B1-B24."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from ib_battle_support import (
    AU,
    FR,
    GB,
    PR,
    RU,
    SP,
    H,
    P,
    acts,
    answer,
    asking,
    blanks,
    fight,
    finish,
    log_since,
    nation_forces,
    position,
    public_log,
    put,
    script,
    until,
    who,
)

from kriegsspiel.engine import IllegalAction
from kriegsspiel.games.imperial_borders import battle, board

LORRAINE = "lorraine"


# ----- the golden test: the Example of Battle, L926-971 ----------------------------------------


def example_position(moved=(FR, PR), seed=1):
    """L926-936 Prussia (Active) and Austria against France in Lorraine, a French Major
    Homeland Territory with its Major Fort (2 HP). The forces follow from the dice the
    example gathers (L941-966): Prussia a Full and a Half Infantry; Austria a Cavalry,
    a Half Infantry and a Cannon; France a Full Infantry and a Cavalry, some of them
    Red-tagged from an earlier battle (L934)."""
    s = position(PR, moved=moved, seed=seed)
    assert board.controller(s, LORRAINE) == FR and board.fort_hp(s, LORRAINE) == 2
    ids = {
        "pr_fi": put(s, PR, "full-infantry", LORRAINE),
        "pr_hi": put(s, PR, "half-infantry", LORRAINE),
        "au_cav": put(s, AU, "cavalry", LORRAINE),
        "au_hi": put(s, AU, "half-infantry", LORRAINE),
        "au_can": put(s, AU, "cannon", LORRAINE),
        "fr_fi": put(s, FR, "full-infantry", LORRAINE, tags=["red"]),
        "fr_cav": put(s, FR, "cavalry", LORRAINE, tags=["red"]),
    }
    return s, ids


EXAMPLE_DICE = [
    # Battle Round 1, Opening Salvo (L941-948): Prussia 2 Black, France 2 Black (its Major Fort)
    ("black", ["double-blast", "blank"]),
    ("black", ["bar", "blank"]),
    # Battle Round 2, Assault (L950-958): Prussia 2 Black + 8 White, France 1 Black + 5 White
    ("black", ["blast", "blank"]),
    ("white", ["bar", "blue-blast", *blanks(6)]),
    ("black", ["blast"]),
    ("white", ["bar", "blue-blast", *blanks(3)]),
    # Battle Round 3, Assault (L960-966): Prussia 1 Black + 4 White, France 3 White and no Black
    ("black", ["blank"]),
    ("white", ["red-blast", "bar", *blanks(2)]),
    ("white", ["red-blast", *blanks(2)]),
]


def test_golden_example_of_battle():
    """L926-971 The Example of Battle, step by step, with the dice it rolls."""
    s, u = example_position()
    with script(s, EXAMPLE_DICE) as dice:
        fight(s, LORRAINE)
        # A-B Negotiations fail; Austria joins Prussia's side (L930-932)
        answer(s, "battle_terms", PR, {"allow_join": AU})
        answer(s, "battle_terms", PR, "fight")
        assert s["battle"]["choices"] == {FR: "against"}  # France may not abstain: it is asked nothing
        answer(s, "battle_side", AU, "with")
        answer(s, "battle_select", PR, "done")
        b = s["battle"]
        assert b["commanders"] == {"a": PR, "d": FR}  # L932
        assert b["fort"] == {"side": "d", "nation": FR}
        assert set(b["units"]) == set(u.values())  # France's Red tags are moot: it defends (L934)
        # C: Prussia places Austria's Cavalry in the Rear first; France its Cavalry in the Front (L934-936)
        answer(s, "battle_cavalry", PR, {"to_rear": u["au_cav"]})
        answer(s, "battle_cavalry", PR, "done")
        answer(s, "battle_cavalry", FR, "done")
        assert b["units"][u["au_cav"]]["zone"] == "rear" and b["units"][u["fr_cav"]]["zone"] == "front"
        # Round 1 (L941-948): Prussia Aggressive, France Defensive
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "defensive")
        # France's Bar blocked one Blast of the Double Blast; the other went to the Fort (forced): 2 HP -> 1 HP
        assert board.fort_hp(s, LORRAINE) == 1
        assert any("France blocks one Blast of a Double Blast with a Bar." == t for t in public_log(s))
        answer(s, "battle_continue", PR, "continue")
        # Round 2 (L950-958)
        answer(s, "battle_cavalry", PR, "done")
        answer(s, "battle_cavalry", FR, "done")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "defensive")
        # France blocks Prussia's Black Cannon Hit with its White Bar
        assert {"block": "black"} in acts(s, FR)
        answer(s, "battle_block", FR, {"block": "black"})
        # Prussia's White Bar must go to the Fort first (the Hierarchy), then its Blue Hit to the Full Infantry
        assert acts(s, PR) == [{"hit": "blue", "target": "fort"}, {"hit": "bar", "as": "blue", "target": "fort"}]
        answer(s, "battle_hit", PR, {"hit": "bar", "as": "blue", "target": "fort"})
        # the Blue Hit had one target left, the French Full Infantry: assigned without a question
        assert b["pending"]["a"] == {"fort": 1, u["fr_fi"]: 1}
        # France: its Black Hit to the Cavalry (in the Rear), its Blue Hit to Austria's Half Infantry
        assert {"hit": "black", "target": u["au_cav"]} in acts(s, FR)
        assert {"hit": "black", "target": u["au_can"]} not in acts(s, FR)  # Cavalry before Cannon (L681)
        answer(s, "battle_hit", FR, {"hit": "black", "target": u["au_cav"]})
        assert acts(s, FR) == [{"hit": "blue", "target": u["au_hi"]}, {"hit": "blue", "target": u["pr_hi"]}]
        answer(s, "battle_hit", FR, {"hit": "blue", "target": u["au_hi"]})
        # F: a 2nd Damage Token on the Fort; the Full Infantry made change into two Half Infantry
        assert s["damage"][LORRAINE] == 2 and board.fort_hp(s, LORRAINE) == 0
        assert s["forces"][u["fr_fi"]]["type"] == "half-infantry"
        assert u["au_cav"] not in s["forces"] and u["au_hi"] not in s["forces"]
        answer(s, "battle_continue", PR, "continue")
        # Round 3 (L960-966): Prussia lost its Combined Arms bonus; France has no Black die
        answer(s, "battle_cavalry", FR, "done")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        # Prussia's Red Hit had no target (a Miss); its Bar took the Half Infantry; France's Red Hit the Cannon
        assert dice.left == []
        # Post-Battle (L968-971): Prussia gives its Enemy Casualties to Austria
        assert asking(s) == "battle_spoils"
        answer(s, "battle_spoils", PR, {"give_all": AU})
        last = finish(s)
        assert last == {"region": LORRAINE, "kind": "land", "victor": None, "outcome": "contested", "captured": False}
        log = public_log(s)
        assert "Prussia's Red Hit has no valid target and is lost." in log  # L962
        assert nation_forces(s, PR) == ["full-infantry", "half-infantry"]  # L964
        assert nation_forces(s, FR) == ["cavalry"]
        assert nation_forces(s, AU) == []
        assert s["damage"][LORRAINE] == 2  # the Damage Tokens stay until Phase 7 (L968)
        assert board.controller(s, LORRAINE) == FR  # L969 control unchanged
        # L970 Prussia's side collected 8 points (no pennant); France 20 (Cavalry 6, Half Infantry 4, Cannon 10)
        assert s["casualties"][AU] == 8 and s["casualties"][PR] == 0
        assert s["casualties"][FR] == 20
        assert s["forces"][u["fr_cav"]]["elite"] is True  # the only Unit surviving on its side
        assert not s["forces"][u["pr_fi"]]["elite"] and not s["forces"][u["pr_hi"]]["elite"]
        # L971 Red Arrow Tags on Prussia's survivors; France keeps the one it had
        assert s["forces"][u["pr_fi"]]["tags"] == ["red"] and s["forces"][u["pr_hi"]]["tags"] == ["red"]
        assert s["forces"][u["fr_cav"]]["tags"] == ["red"]
        assert s["tents"] == {}  # France had already been Active (moved): no Field Hospital Tents


def test_golden_example_dice_gathered():
    """L943, L952, L962 The dice counts of the example, from the gathering rules alone."""
    s, u = example_position()
    with script(s, []):  # no die is rolled: the counts come from the gathering alone
        fight(s, LORRAINE)
        answer(s, "battle_terms", PR, {"allow_join": AU})
        answer(s, "battle_terms", PR, "fight")
        answer(s, "battle_side", AU, "with")
        answer(s, "battle_select", PR, "done")
        b = s["battle"]
        b["units"][u["au_cav"]]["zone"] = "rear"
        assert battle.gather(s, b, "a", assault=False)[:2] == (2, 0)  # 1 Cannon + 1 Combined Arms
        assert battle.gather(s, b, "d", assault=False)[:2] == (2, 0)  # the Major Fort
        assert battle.gather(s, b, "a", assault=True)[:2] == (2, 8)
        s["damage"][LORRAINE] = 1
        assert battle.gather(s, b, "d", assault=True)[:2] == (1, 5)  # the Damaged Fort rolls 1 fewer


def test_golden_example_tents_when_france_has_not_moved():
    """L736 The same battle with France yet to be Active: France has a survivor, so it
    places a Field Hospital Tent for its lost Mobile Force (its Full Infantry, whose
    standing half fell in round 3); Austria has no survivors and places none."""
    s, u = example_position(moved=(PR,))
    with script(s, EXAMPLE_DICE):
        fight(s, LORRAINE)
        answer(s, "battle_terms", PR, {"allow_join": AU})
        answer(s, "battle_terms", PR, "fight")
        answer(s, "battle_side", AU, "with")
        answer(s, "battle_select", PR, "done")
        answer(s, "battle_cavalry", PR, {"to_rear": u["au_cav"]})

        def choose(s, role, actions):
            wanted = [
                {"block": "black"},
                {"hit": "bar", "as": "blue", "target": "fort"},
                {"hit": "black", "target": u["au_cav"]},
                {"hit": "blue", "target": u["au_hi"]},
                {"give_all": AU},
            ]
            for w in wanted:
                if w in actions:
                    return w
            if "defensive" in actions and s["battle"]["round"] < 3 and role == FR:
                return "defensive"
            return "aggressive" if "aggressive" in actions else ("continue" if "continue" in actions else "done")

        finish(s, choose)
        assert s["tents"] == {LORRAINE: {FR: 1}}


# ----- battle sites, L565-575 ----------------------------------------------------------------


def test_battle_sites_need_an_eligible_force_and_an_enemy():
    """L565-575 A battle may be initiated by a Force of the Active Nation without a Red
    or White Arrow Tag, not Cargo nor an Out-of-Action Ship, where another team's
    Forces or Fortification are."""
    s = position(PR)
    put(s, PR, "half-infantry", LORRAINE)
    assert LORRAINE in battle.battle_sites(s, PR)  # a French Fort stands there
    s["forces"] = {}
    put(s, PR, "half-infantry", LORRAINE, tags=["red"])
    assert LORRAINE not in battle.battle_sites(s, PR)
    s["forces"] = {}
    put(s, PR, "half-infantry", LORRAINE, tags=["white"])
    assert LORRAINE not in battle.battle_sites(s, PR)
    s["forces"] = {}
    put(s, PR, "half-infantry", LORRAINE, tags=["blue"])
    assert LORRAINE in battle.battle_sites(s, PR)  # L543 Blue-tagged Forces may still battle


def test_battle_sites_independent_territory_needs_enemy_forces():
    s = position(PR)
    t = next(t for t, r in P.territories.items() if r.independent and not r.ports)
    put(s, PR, "cavalry", t)
    assert battle.battle_sites(s, PR) == []
    put(s, AU, "half-infantry", t)
    assert battle.battle_sites(s, PR) == [t]
    s["teams"][AU] = s["teams"][PR]  # L245 no battles within a team
    assert battle.battle_sites(s, PR) == []


def test_battle_sites_cargo_and_out_of_action_ships_cannot_initiate():
    """L569 Cargo and Out-of-Action Ships cannot initiate a battle."""
    s = position(GB)
    sea = "north-sea"
    ship = put(s, GB, "frigate", sea, damage=1)  # Out-of-Action
    put(s, GB, "half-infantry", sea, cargo_of=ship)
    put(s, FR, "frigate", sea)
    assert battle.battle_sites(s, GB) == []
    s["forces"][ship]["damage"] = 0
    assert battle.battle_sites(s, GB) == [sea]


def test_battle_sites_a_fort_with_hp_initiates_a_zero_hp_fort_does_not():
    """L569 A Fortification with HP is a Force that may initiate; a 0 HP Fort may not."""
    s = position(FR)
    put(s, PR, "half-infantry", LORRAINE)
    assert battle.battle_sites(s, FR) == [LORRAINE]
    s["damage"][LORRAINE] = 2
    assert battle.battle_sites(s, FR) == []


def test_battle_sites_port_from_the_interior():
    """L567, L622 A Port battle may be initiated from the connected Interior by eligible
    Land Units, if the Interior holds no opposing Forces; never for an Independent Port."""
    s = position(PR)
    port, interior = french_port()
    put(s, PR, "half-infantry", interior)
    s["control"][interior] = PR  # Prussia holds the Interior, France the Port
    put(s, FR, "frigate", port)
    assert port in battle.battle_sites(s, PR)
    put(s, FR, "half-infantry", interior)  # now the Interior is opposed
    assert port not in battle.battle_sites(s, PR)


def french_port():
    port = next(p for p, r in P.ports.items() if r.owner_start == FR and r.home == FR and r.tier == "major")
    return port, P.ports[port].territory


def independent_port():
    return next(p for p, r in P.ports.items() if r.owner_start is None and r.territory)


# ----- Chapter 1: Pre-Battle ------------------------------------------------------------------


def simple_land(moved=None, seed=1, **options):
    """Prussia attacks a French Half Infantry in an Independent Territory."""
    s = position(PR, moved=moved, seed=seed, **options)
    t = next(t for t, r in P.territories.items() if r.independent and not r.ports)
    return s, t


def test_the_active_nation_may_call_the_battle_off():
    """L585 The Active Nation may call the battle off during Pre-Battle."""
    s, t = simple_land()
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    fight(s, t)
    assert asking(s) == "battle_terms" and who(s) == [PR]
    # one other nation: no secret choice of sides to set, and the prompt does not offer one
    assert "secret" not in acts(s, PR) and "secret" not in H.view(s, PR)["prompt"]
    assert "who may abstain and who may join your side" in H.view(s, PR)["prompt"]
    answer(s, "battle_terms", PR, "call-off")
    assert s["battle"] is None
    assert s["last_battle"]["outcome"] == "called-off" and s["last_battle"]["victor"] is None
    assert all(not f["tags"] for f in s["forces"].values())  # nothing fought: no Red tags


def test_the_active_nation_may_call_off_after_seeing_the_sides():
    """L585 Still in Pre-Battle after the sides are chosen: the Active Nation may call it off."""
    s, t = simple_land()
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    assert asking(s) == "battle_select"
    assert "call-off" in acts(s, PR)
    answer(s, "battle_select", PR, "call-off")
    assert s["last_battle"]["outcome"] == "called-off"


def test_others_must_side_against_unless_allowed():
    """L589-592 Without the Active Nation's leave a nation may neither abstain nor join:
    it must side against it (and is not asked)."""
    s, t = simple_land()
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    assert s["battle"]["choices"] == {FR: "against", AU: "against"}


def test_abstention_and_joining_are_offered_only_when_allowed():
    """L589-591 Abstain and join need the Active Nation's permission; a Red- or
    White-tagged nation's Forces can't join."""
    s, t = simple_land()
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t, tags=["red"])
    fight(s, t)
    assert {"allow_join": AU} not in acts(s, PR)  # its only Force is Red-tagged
    answer(s, "battle_terms", PR, {"allow_abstain": FR})
    answer(s, "battle_terms", PR, {"allow_join": FR})
    assert {"deny_join": FR} in acts(s, PR)
    answer(s, "battle_terms", PR, "fight")
    assert asking(s) == "battle_side" and who(s) == [FR]
    assert acts(s, FR) == ["with", "against", "abstain"]
    with pytest.raises(IllegalAction):
        H.apply(s, AU, "abstain")
    answer(s, "battle_side", FR, "abstain")
    # France abstains; Austria had to side against
    answer(s, "battle_select", PR, "done")
    assert s["battle"]["sides"] == {"a": [PR], "d": [AU]}
    assert s["battle"]["commanders"]["d"] == AU


def test_illegal_side_choice_is_refused_and_changes_nothing():
    s, t = simple_land()
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, {"allow_abstain": FR})
    answer(s, "battle_terms", PR, "fight")
    before = H.clone(s)
    with pytest.raises(IllegalAction):
        H.apply(s, FR, "with")  # not allowed to join
    with pytest.raises(IllegalAction):
        H.apply(s, PR, "done")  # not Prussia's question
    assert {k: v for k, v in s.items() if k != "log"} == {k: v for k, v in before.items() if k != "log"}


def test_secret_sides_are_revealed_together_and_do_not_leak():
    """L587 The Active Nation may insist that sides be chosen in secret and revealed
    together: before the reveal no choice shows in the state, the log or a view."""
    s, t = simple_land()
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    fight(s, t)
    for n in (FR, AU):
        answer(s, "battle_terms", PR, {"allow_abstain": n})
        answer(s, "battle_terms", PR, {"allow_join": n})
    answer(s, "battle_terms", PR, "secret")
    answer(s, "battle_terms", PR, "fight")
    assert asking(s) == "battle_side_secret" and sorted(who(s)) == sorted([FR, AU])
    mark = len(s["log"])
    H.apply(s, AU, "with")
    assert s["battle"]["choices"] == {}
    assert log_since(s, mark) == []
    for role in (FR, PR, GB, None):
        view = H.view(s, role)
        assert view["board"]["battle"]["choices"] == {}
        assert "question" not in view["board"]
        assert not any("Austria" in x["text"] and "sides" in x["text"] for x in view["log"])
    H.apply(s, FR, "against")
    assert s["battle"]["choices"] == {FR: "against", AU: "with"}
    assert any(t.startswith("Sides revealed:") for t in public_log(s))


def test_secret_sides_team_mates_on_opposite_sides_abstain():
    """L245 and RULINGS B6: team-mates never fight each other; if in secret one sides
    with the Active Nation and its team-mate against, the first abstains."""
    s, t = simple_land()
    s["teams"][AU] = s["teams"][FR]
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    fight(s, t)
    for n in (FR, AU):
        answer(s, "battle_terms", PR, {"allow_join": n})
    answer(s, "battle_terms", PR, "secret")
    answer(s, "battle_terms", PR, "fight")
    H.apply(s, AU, "with")
    H.apply(s, FR, "against")
    assert s["battle"]["choices"] == {FR: "against", AU: "abstain"}


def test_open_sides_team_mate_choice_binds():
    """L245, RULINGS B6: in open choice a team-mate's side binds the next one."""
    s, t = simple_land()
    s["teams"][AU] = s["teams"][FR]
    s["turn_order"] = [FR, AU, PR, GB, RU, SP]
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    fight(s, t)
    for n in (FR, AU):
        answer(s, "battle_terms", PR, {"allow_join": n})
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_side", FR, "against")
    assert s["battle"]["choices"][AU] == "against"  # its only choice left: not asked


def test_team_mates_of_the_active_nation_join_or_abstain_never_oppose():
    """L245 A team-mate of the Active Nation may join or abstain without leave, never fight it."""
    s, t = simple_land()
    s["teams"][AU] = s["teams"][PR]
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "cavalry", t)
    fight(s, t)
    assert {"allow_join": AU} not in acts(s, PR) and {"allow_abstain": AU} not in acts(s, PR)
    answer(s, "battle_terms", PR, "fight")
    assert acts(s, AU) == ["with", "abstain"]


def test_partial_participation_of_the_active_nation():
    """L589 The Active Nation may take part only partially: held Forces do not fight and
    get no Red tag; it must keep at least one Force able to initiate."""
    s, t = simple_land()
    hi = put(s, PR, "half-infantry", t)
    cav = put(s, PR, "cavalry", t)
    put(s, FR, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, {"hold": cav})
    assert {"bring": cav} in acts(s, PR)
    answer(s, "battle_select", PR, {"hold": hi})
    assert "done" not in acts(s, PR)  # nobody left to fight for it
    answer(s, "battle_select", PR, {"bring": hi})
    answer(s, "battle_select", PR, "done")
    assert cav not in s["battle"]["units"] and hi in s["battle"]["units"]


def test_partial_abstention_of_an_allowed_nation_and_an_abstaining_fort_prevents_capture():
    """L589 A nation allowed to abstain may hold some Forces back; an abstaining
    Fortification means the region may not be captured, even at 0 HP."""
    s = position(PR)
    s["damage"][LORRAINE] = 2  # 0 HP
    put(s, PR, "cannon", LORRAINE)
    hi = put(s, FR, "half-infantry", LORRAINE)
    fight(s, LORRAINE)
    answer(s, "battle_terms", PR, {"allow_abstain": FR})
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_side", FR, "against")
    assert asking(s) == "battle_select" and who(s) == [FR]
    answer(s, "battle_select", FR, "hold-fort")
    answer(s, "battle_select", FR, "done")
    answer(s, "battle_select", PR, "done")
    assert s["battle"]["fort"] is None and hi in s["battle"]["units"]
    with script(s, [("black", ["blast"])]):
        last = finish(s)
        assert last["outcome"] == "victory" and last["victor"] == PR
        assert board.controller(s, LORRAINE) == FR and last["captured"] is False


def test_nobody_against_means_no_battle():
    """L587 If every other nation abstains there is nobody to fight."""
    s, t = simple_land()
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, {"allow_abstain": FR})
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_side", FR, "abstain")
    answer(s, "battle_select", PR, "done")
    assert s["last_battle"]["outcome"] == "called-off"


def test_defending_commander_is_first_in_turn_order():
    """L597 For the defending side the first Nation in Turn Order commands."""
    s, t = simple_land()
    s["turn_order"] = [RU, PR, AU, FR, GB, SP]
    put(s, PR, "half-infantry", t)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    assert s["battle"]["commanders"] == {"a": PR, "d": AU}
    assert s["battle"]["choosers"] == [AU, FR]


# ----- the battleboards, L601-627 -----------------------------------------------------------


def test_land_zones_cannons_rear_infantry_front_cavalry_either():
    """L608-612 Cannons in the Rear, Infantry in the Front, Cavalry in either and
    repositioned at the start of each Battle Round (L641)."""
    s, t = simple_land()
    ids = [put(s, PR, u, t) for u in ("half-infantry", "full-infantry", "cavalry", "cannon")]
    put(s, FR, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    z = {fid: s["battle"]["units"][fid]["zone"] for fid in ids}
    assert list(z.values()) == ["front", "front", "front", "rear"]
    assert acts(s, PR) == [{"to_rear": ids[2]}, "done"]
    answer(s, "battle_cavalry", PR, {"to_rear": ids[2]})
    assert acts(s, PR) == [{"to_front": ids[2]}, "done"]


def test_sea_battle_ship_lineup_and_cargo():
    """L613-617 Open Sea: one zone a side, each Commander lines up its Ships, the Active
    first; Cargo rolls no dice and takes no Hits, and sinks with its Ship (L609)."""
    s = position(GB)
    sea = "north-sea"
    sol = put(s, GB, "ship-of-the-line", sea)
    fr1 = put(s, GB, "frigate", sea)
    put(s, GB, "cannon", sea, cargo_of=fr1)
    enemy = put(s, FR, "frigate", sea)
    fight(s, sea)
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_select", GB, "done")
    assert asking(s) == "battle_line" and who(s) == [GB]
    assert acts(s, GB) == [{"next": sol}, {"next": fr1}]
    answer(s, "battle_line", GB, {"next": sol})
    b = s["battle"]
    assert b["lines"] == {"a": [sol, fr1], "d": [enemy]}
    assert battle.gather(s, b, "a", assault=True)[:2] == (3, 0)  # the Cannon aboard rolls nothing
    # Round 1: Britain rolls 3 Black, France 1
    with script(s, [("black", ["blast", "blast", "blank"]), ("black", ["double-blast"])]):
        answer(s, "battle_stance", GB, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        # French Double Blast: both Hits on the first Ship in line, the Ship of the Line
        assert s["forces"][sol]["damage"] == 2 and battle.ship_ooa(s, sol)
        assert enemy not in s["forces"]  # 2 Hits sink the French Frigate
        last = finish(s)
        assert last["outcome"] == "victory" and last["victor"] == GB


def test_ship_lineup_hits_follow_the_line_and_cargo_sinks_with_its_ship():
    """L690, L708 Hits follow the enemy's lineup; Cargo lost with a sunk Ship is an
    Enemy Casualty (L733)."""
    s = position(FR)
    sea = "north-sea"
    f1 = put(s, GB, "frigate", sea)
    f2 = put(s, GB, "frigate", sea)
    cargo = put(s, GB, "cannon", sea, cargo_of=f2)
    put(s, FR, "ship-of-the-line", sea)
    put(s, FR, "ship-of-the-line", sea)
    fight(s, sea)
    answer(s, "battle_terms", FR, "fight")
    answer(s, "battle_select", FR, "done")
    answer(s, "battle_line", GB, {"next": f2})  # Britain puts the Cargo ship first (unwise)
    assert s["battle"]["lines"]["d"] == [f2, f1]
    with script(s, [("black", ["blast", "blast", "blank", "blank"]), ("black", blanks(2))]):
        answer(s, "battle_stance", FR, "aggressive")
        answer(s, "battle_stance", GB, "defensive")
        assert f2 not in s["forces"] and cargo not in s["forces"] and f1 in s["forces"]
        assert s["forces"][f1]["damage"] == 0
        assert {x["what"] for x in s["battle"]["spoils"]["a"]} == {"frigate", "cargo cannon"}


def test_port_battle_land_units_from_the_interior():
    """L619-627 Port battle: Land Units of the unopposed Interior on one Land Zone,
    Cavalry 1 White die, no Triad, Ships in a line; the Port spans both zones and
    takes Hits first; survivors return to the Interior."""
    s = position(PR)
    port, interior = french_port()
    s["control"][interior] = PR
    cav = put(s, PR, "cavalry", interior)
    put(s, PR, "full-infantry", interior)
    put(s, PR, "cannon", interior)
    fr_ship = put(s, FR, "frigate", port)
    fight(s, port)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    b = s["battle"]
    assert b["kind"] == "port" and b["fort"] == {"side": "d", "nation": FR}
    assert {u["zone"] for u in b["units"].values() if u["side"] == "a"} == {"land"}
    assert battle.gather(s, b, "a", assault=True)[:2] == (1, 4)  # Cannon 1 Black; FI 3 + Cavalry 1, no Triad
    with script(
        s,
        [
            ("black", ["blast"]),
            ("black", ["blank", "blank", "blank"]),  # the Major Port's 2 dice and the Frigate's 1
        ],
    ):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert s["damage"][port] == 1  # the Port takes the Hit first
        answer(s, "battle_continue", PR, "end")
        finish(s)
        assert s["forces"][cav]["at"] == interior  # survivors are back in the Interior
        assert fr_ship in s["forces"]


def test_port_battle_white_hits_never_touch_ships():
    """L686-690 White Dice never hit Ships: once the Port is down, Land Units' White
    Hits have no target; a Cannon's Black die may hit a Ship."""
    s = position(PR)
    port, interior = french_port()
    s["control"][interior] = PR
    s["damage"][port] = 2  # the Port is at 0 HP
    put(s, PR, "full-infantry", interior)
    fr_ship = put(s, FR, "frigate", port)
    fight(s, port)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blank"]), ("white", ["blue-blast", "red-blast", "bar"]), ("black", ["blank"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert s["forces"][fr_ship]["damage"] == 0  # round 1 only Black dice: none for Prussia's Infantry
        answer(s, "battle_continue", PR, "continue")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert s["forces"][fr_ship]["damage"] == 0
        assert any("no valid target" in t for t in public_log(s))


def test_independent_port_only_ships_and_the_victor_may_seize_it():
    """L627, L742 Only Ships battle in an Independent Port; the Victor may seize it."""
    s = position(SP)
    port = independent_port()
    interior = P.ports[port].territory
    put(s, SP, "half-infantry", interior)
    sp_ship = put(s, SP, "frigate", port)
    put(s, FR, "frigate", port)
    fight(s, port)
    answer(s, "battle_terms", SP, "fight")
    answer(s, "battle_select", SP, "done")
    assert s["battle"]["interior"] is None and list(s["battle"]["units"]) != []
    assert all(s["forces"][x]["at"] == port for x in s["battle"]["units"])
    with script(s, [("black", ["double-blast"]), ("black", ["blank"])]):
        answer(s, "battle_stance", SP, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert asking(s) == "battle_seize"
        answer(s, "battle_seize", SP, {"seize": sp_ship})
        last = finish(s)
        assert board.controller(s, port) == SP and last["captured"] is True
        assert sp_ship in s["forces"]
        # L461, L554: the Ship that seizes the Port ends its movement there
        assert board.BLUE in s["forces"][sp_ship]["tags"]


# ----- Chapter 2: dice, stances, blocks ------------------------------------------------------


def test_opening_salvo_rolls_black_only_and_assaults_both():
    """L633-635 The Opening Salvo rolls only Black dice; the Assaults both colours."""
    s, t = simple_land()
    put(s, PR, "full-infantry", t)
    put(s, PR, "cannon", t)
    put(s, FR, "full-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(
        s,
        [
            ("black", ["blank"]),  # round 1: Prussia's Cannon only; France's Infantry rolls nothing
            ("black", ["blank"]),
            ("white", blanks(3)),
            ("white", blanks(3)),
        ],
    ) as dice:
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert "France's side has no dice to roll." in public_log(s)
        answer(s, "battle_continue", PR, "continue")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert dice.left == []


def test_triads_elites_and_medals():
    """L655-662 Triads: +1 Black +2 White each, a unit in one Triad only, allies may
    combine; Elite: +1 White for Infantry and Cavalry, +1 Black for Cannons; the
    Dominus Exercitus recipient on the side doubles the Land Elite bonus."""
    s, t = simple_land()
    put(s, PR, "cavalry", t, n=2)
    put(s, PR, "full-infantry", t, n=2)
    put(s, PR, "half-infantry", t, elite=True)
    put(s, AU, "cannon", t, elite=True)
    put(s, FR, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, {"allow_join": AU})
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_side", AU, "with")
    answer(s, "battle_select", PR, "done")
    b = s["battle"]
    # 1 Triad (one Cannon): Black = Cannon 1 + Triad 1 + elite Cannon 1; White = 2x2 + 2x3 + 1 + Triad 2 + elite 1
    assert battle.gather(s, b, "a", assault=True)[:2] == (3, 14)
    s["medals"]["dominus-exercitus"] = AU
    assert battle.gather(s, b, "a", assault=True)[:2] == (4, 15)
    s["medals"]["dominus-exercitus"] = FR  # not on the side: no doubling
    assert battle.gather(s, b, "a", assault=True)[:2] == (3, 14)


def test_ship_dice_damage_and_dominus_maris():
    """L650-662 Ships roll their Black dice less 1 per Damage Token; Out-of-Action none;
    Elite Ships +1 Black, doubled by Dominus Maris."""
    s = position(GB)
    sea = "north-sea"
    put(s, GB, "ship-of-the-line", sea, damage=1, elite=True)
    put(s, GB, "frigate", sea, damage=1)  # Out-of-Action
    put(s, FR, "frigate", sea)
    fight(s, sea)
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_select", GB, "done")
    b = s["battle"]
    assert battle.gather(s, b, "a", assault=False)[:2] == (2, 0)
    s["medals"]["dominus-maris"] = GB
    assert battle.gather(s, b, "a", assault=False)[:2] == (3, 0)


def test_defensive_bars_must_block_and_the_active_commander_blocks_first():
    """L670-672 Defensive Bars block enemy Hits of the blocker's choice, one Block per
    Blast of a Double Blast; a Commander may not hold Bars back; the Active first."""
    s, t = simple_land()
    put(s, PR, "cannon", t, n=3)
    put(s, FR, "cannon", t, n=3)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["bar", "bar", "blank"]), ("black", ["double-blast", "blast", "blank"])]):
        answer(s, "battle_stance", PR, "defensive")
        answer(s, "battle_stance", FR, "defensive")
        assert asking(s) == "battle_block" and who(s) == [PR]
        assert acts(s, PR) == [{"block": "double"}, {"block": "black"}]
        with pytest.raises(IllegalAction):
            H.apply(s, PR, "done")  # Bars may not be held back
        answer(s, "battle_block", PR, {"block": "double"})
        # one Bar left, two single Black Hits: one kind only, blocked without a question;
        # one Hit of the three gets through
        log = public_log(s)
        assert "Prussia blocks one Blast of a Double Blast with a Bar." in log
        assert "Prussia blocks a Black Cannon Hit with a Bar." in log
        assert nation_forces(s, PR) == ["cannon", "cannon"]


def test_aggressive_bars_are_hits():
    """L645 Aggressive: each Bar is a Hit (a Black Bar a Black Hit)."""
    s, t = simple_land()
    put(s, PR, "cannon", t)
    hi = put(s, FR, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["bar"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "defensive")
        assert hi not in s["forces"]


# ----- the Hit Hierarchy, L673-690 ----------------------------------------------------------


def land_setup(s_units_pr, s_units_fr):
    s, t = simple_land()
    pr = [put(s, PR, u, t, elite=e) for u, e in s_units_pr]
    fr = [put(s, FR, u, t, elite=e) for u, e in s_units_fr]
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    return s, pr, fr


@contextmanager
def to_round(s, rolls_round1, rolls_round2, fr_stance="defensive", pr_stance="aggressive"):
    """Play round 1 with ``rolls_round1`` and round 2's rolls, answering cavalry with done;
    the block goes on with the dice scripted (no more may be rolled)."""
    with script(s, list(rolls_round1) + list(rolls_round2)):
        until(s, "battle_stance")
        answer(s, "battle_stance", PR, pr_stance)
        answer(s, "battle_stance", FR, fr_stance)
        if rolls_round2:
            until(s, "battle_continue")
            answer(s, "battle_continue", PR, "continue")
            until(s, "battle_stance")
            answer(s, "battle_stance", PR, pr_stance)
            answer(s, "battle_stance", FR, fr_stance)
        yield


def test_hierarchy_fort_first_then_half_infantry_full_infantry_cavalry_cannon():
    """L679-681 The enemy Fort first; then Half Infantry, Full Infantry, Cavalry, Cannon."""
    s = position(PR)
    put(s, PR, "cannon", LORRAINE, n=5)
    hi = put(s, FR, "half-infantry", LORRAINE)
    fi = put(s, FR, "full-infantry", LORRAINE)
    cav = put(s, FR, "cavalry", LORRAINE)
    can = put(s, FR, "cannon", LORRAINE)
    fight(s, LORRAINE)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    b = s["battle"]
    assert battle.targets(s, b, "a", "black") == ["fort"]
    assert battle.targets(s, b, "a", "red") == ["fort"]  # White Hits may strike a Fort too (L681)
    b["pending"]["a"]["fort"] = 2
    assert battle.targets(s, b, "a", "black") == [hi, can]  # Front: Half Infantry; Rear: the Cannon
    b["units"][cav]["zone"] = "rear"
    assert battle.targets(s, b, "a", "black") == [hi, cav]  # Rear: the Cavalry before the Cannon
    b["pending"]["a"][hi] = 1
    assert battle.targets(s, b, "a", "blue") == [fi]
    b["pending"]["a"][fi] = 1
    assert battle.targets(s, b, "a", "blue") == [fi]  # a damaged Force is finished off first (L675)
    assert battle.targets(s, b, "a", "black") == [fi, cav]  # ... within its zone only
    b["pending"]["a"][fi] = 2
    assert battle.targets(s, b, "a", "blue") == []  # the Front is empty
    b["pending"]["a"][cav] = 1
    assert battle.targets(s, b, "a", "red") == [can]


def test_hierarchy_elites_last_within_their_type():
    """L688 Elite Land Units are hit last among their type: an Elite Half Infantry
    before a non-Elite Full Infantry."""
    s, pr, fr = land_setup(
        [("cannon", False)], [("half-infantry", True), ("half-infantry", False), ("full-infantry", False)]
    )
    b = s["battle"]
    ehi, hi, fi = fr
    assert battle.targets(s, b, "a", "blue") == [hi]
    b["pending"]["a"][hi] = 1
    assert battle.targets(s, b, "a", "blue") == [ehi]
    b["pending"]["a"][ehi] = 1
    assert battle.targets(s, b, "a", "blue") == [fi]


def test_hierarchy_allied_equal_targets_the_roller_chooses():
    """L689 Between equal Land Units of several nations the roller chooses."""
    s, t = simple_land()
    put(s, PR, "cannon", t)
    a = put(s, FR, "half-infantry", t)
    c = put(s, AU, "half-infantry", t)
    put(s, AU, "full-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    assert battle.targets(s, s["battle"], "a", "blue") == [a, c]


def test_blue_hits_front_red_hits_rear():
    """L683 Blue Hits only in the Front Zone, Red only in the Rear; a Hit with no valid
    target is lost (L686)."""
    s, pr, fr = land_setup([("full-infantry", False)], [("cannon", False)])
    b = s["battle"]
    assert battle.targets(s, b, "a", "blue") == []
    assert battle.targets(s, b, "a", "red") == [fr[0]]
    with to_round(s, [("black", ["blank"])], [("white", ["blue-blast", "blue-blast", "blank"]), ("black", ["blank"])]):
        assert fr[0] in s["forces"]
        assert "Prussia's 2 Blue Hits have no valid target and are lost." in public_log(s)


def test_double_blast_stays_in_one_zone():
    """L668 Both Hits of a Double Blast go to Forces in the same Battle Zone; the second
    cannot spill over."""
    s, pr, fr = land_setup([("cannon", False)], [("half-infantry", False), ("cannon", False)])
    hi, can = fr
    with script(s, [("black", ["double-blast"]), ("black", ["blank"])]):
        until(s, "battle_stance")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert acts(s, PR) == [{"hit": "double", "target": hi}, {"hit": "double", "target": can}]
        answer(s, "battle_hit", PR, {"hit": "double", "target": hi})
        # the second Hit has no target left in the Front: lost, the Cannon in the Rear is untouched
        assert hi not in s["forces"] and can in s["forces"]
        assert any("second Hit" in t and "lost" in t for t in public_log(s))


def test_double_blast_on_a_fort_with_one_hp_left_may_go_to_any_zone():
    """RULINGS B4: a Fortification spans both zones, so after it falls the second Hit of
    a Double Blast may go to either zone."""
    s = position(PR)
    s["damage"][LORRAINE] = 1
    put(s, PR, "cannon", LORRAINE)
    hi = put(s, FR, "half-infantry", LORRAINE)
    can = put(s, FR, "cannon", LORRAINE)
    fight(s, LORRAINE)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["double-blast"]), ("black", ["blank", "blank"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert acts(s, PR) == [{"hit": "second", "target": hi}, {"hit": "second", "target": can}]
        answer(s, "battle_hit", PR, {"hit": "second", "target": can})
        assert can not in s["forces"] and hi in s["forces"] and board.fort_hp(s, LORRAINE) == 0


def test_white_bar_colour_is_the_rollers_choice():
    """L685 An Aggressive Bar on a White Die: Blue or Red Hit, as the roller chooses."""
    s, pr, fr = land_setup([("full-infantry", False)], [("half-infantry", False), ("cannon", False)])
    hi, can = fr
    with to_round(
        s, [("black", ["blank"])], [("white", ["bar", "blank", "blank"]), ("black", ["blank"]), ("white", ["blank"])]
    ):
        assert acts(s, PR) == [{"hit": "bar", "as": "blue", "target": hi}, {"hit": "bar", "as": "red", "target": can}]
        answer(s, "battle_hit", PR, {"hit": "bar", "as": "red", "target": can})
        assert can not in s["forces"] and hi in s["forces"]


def test_forced_hits_are_assigned_without_a_question():
    """RULINGS B18: with one legal target for each Hit in turn, nothing is asked."""
    s, pr, fr = land_setup([("cannon", False), ("cannon", False)], [("half-infantry", False), ("full-infantry", False)])
    hi, fi = fr
    with script(s, [("black", ["blast", "blast"])]):
        until(s, "battle_stance")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        # both Hits were forced (Half Infantry, then the Full Infantry): no question was asked
        assert hi not in s["forces"] and s["forces"][fi]["type"] == "half-infantry"


def test_full_infantry_hit_once_makes_change():
    """L694 A Full Infantry hit once: one Half Infantry standing, keeping its Elite
    Pennant, and one defeated (an Enemy Casualty of 4)."""
    s, pr, fr = land_setup([("cannon", False)], [("full-infantry", True)])
    with script(s, [("black", ["blast"])]):
        until(s, "battle_stance")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        f = s["forces"][fr[0]]
        assert f["type"] == "half-infantry" and f["elite"] is True
        assert s["battle"]["spoils"]["a"] == [{"what": "half-infantry", "points": 4, "from": FR, "gold": 0}]


def test_no_force_takes_more_hits_than_its_hit_points():
    """L677 Extra Hits go elsewhere or are lost."""
    s, pr, fr = land_setup([("cannon", False)] * 3, [("half-infantry", False)])
    with script(s, [("black", ["blast", "blast", "blast"])]):
        until(s, "battle_stance")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert "Prussia's 2 Black Cannon Hits have no valid target and are lost." in public_log(s)


def test_white_dice_never_hit_ships():
    s = position(GB)
    sea = "north-sea"
    put(s, GB, "frigate", sea)
    put(s, FR, "frigate", sea)
    fight(s, sea)
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_select", GB, "done")
    b = s["battle"]
    assert battle.targets(s, b, "a", "blue") == [] and battle.targets(s, b, "a", "red") == []
    assert len(battle.targets(s, b, "a", "black")) == 1


def test_a_hit_against_the_hierarchy_is_refused_and_changes_nothing():
    """L679-688 A Hit the Hierarchy forbids (a Full Infantry while the Fort stands, a
    Cannon behind the Cavalry in the Rear) raises IllegalAction and changes nothing."""
    s, u = example_position()
    with script(s, EXAMPLE_DICE[:6]):  # the example's rounds 1 and 2
        fight(s, LORRAINE)
        answer(s, "battle_terms", PR, {"allow_join": AU})
        answer(s, "battle_terms", PR, "fight")
        answer(s, "battle_side", AU, "with")
        answer(s, "battle_select", PR, "done")
        answer(s, "battle_cavalry", PR, {"to_rear": u["au_cav"]})
        until(s, "battle_block", lambda s, r, a: "defensive" if r == FR and "defensive" in a else plain(a))
        answer(s, "battle_block", FR, {"block": "black"})
        before = H.clone(s)
        for bad in (
            {"hit": "blue", "target": u["fr_fi"]},  # the Fort first
            {"hit": "black", "target": "fort"},  # no Black Hit left
            {"hit": "bar", "as": "red", "target": u["fr_cav"]},
        ):
            with pytest.raises(IllegalAction):
                H.apply(s, PR, bad)
        assert {k: v for k, v in s.items() if k != "log"} == {k: v for k, v in before.items() if k != "log"}
        answer(s, "battle_hit", PR, {"hit": "bar", "as": "blue", "target": "fort"})
        before = H.clone(s)
        with pytest.raises(IllegalAction):
            H.apply(s, FR, {"hit": "black", "target": u["au_can"]})  # the Cavalry stands before the Cannon
        with pytest.raises(IllegalAction):
            H.apply(s, PR, {"hit": "black", "target": u["au_cav"]})  # not Prussia's turn to assign
        assert {k: v for k, v in s.items() if k != "log"} == {k: v for k, v in before.items() if k != "log"}


def plain(a):
    for pref in ("fight", "done", "continue", "aggressive"):
        if pref in a:
            return pref
    return a[0]


def test_interior_only_nation_may_always_abstain():
    """RULINGS B2: a nation present only by Land Units in the Interior need not fight;
    the Port's controller's Interior units defend with it."""
    s = position(GB)
    port, interior = french_port()
    put(s, GB, "frigate", port)
    put(s, FR, "frigate", port)
    hi = put(s, FR, "half-infantry", interior)
    fight(s, port)
    assert s["battle"]["open_interior"] == [FR] and s["battle"]["choosers"] == [FR]
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_select", GB, "done")
    assert s["battle"]["sides"]["d"] == [FR] and s["battle"]["units"][hi] == {"side": "d", "zone": "land"}

    s = position(GB)
    s["control"][interior] = AU
    put(s, GB, "frigate", port)
    put(s, FR, "frigate", port)
    put(s, AU, "half-infantry", interior)
    fight(s, port)
    assert sorted(s["battle"]["choosers"]) == sorted([FR, AU])
    answer(s, "battle_terms", GB, "fight")
    assert acts(s, AU) == ["against", "abstain"]
    answer(s, "battle_side", AU, "abstain")


# ----- Ships: Out-of-Action, capture ---------------------------------------------------------


def test_out_of_action_loses_its_pennant_rolls_nothing_and_can_be_captured():
    """L707-717, L731 An Elite Frigate hit once is Out-of-Action: its Elite Pennant goes to
    the enemy (5 points), it rolls nothing more; a Victor with a Ship not Out-of-Action
    captures it, replaced by its own Frigate with the damage kept; its Cargo becomes
    Gold at half cost."""
    s = position(GB)
    sea = "north-sea"
    sol = put(s, GB, "ship-of-the-line", sea)
    fr = put(s, FR, "frigate", sea, elite=True)
    put(s, FR, "full-infantry", sea, cargo_of=fr)
    fight(s, sea)
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_select", GB, "done")
    gold = s["gold"][GB]
    with script(s, [("black", ["blast", "blank"]), ("black", ["blank", "blank"])]):  # Elite: 1 + 1 die
        answer(s, "battle_stance", GB, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert "The French elite Frigate is Out-of-Action; its Elite Pennant goes to Great Britain." in public_log(s)
        last = finish(s)
        assert last["outcome"] == "victory" and last["victor"] == GB
        assert fr not in s["forces"]
        mine = [x for x, f in s["forces"].items() if f["nation"] == GB and f["type"] == "frigate"]
        assert len(mine) == 1 and s["forces"][mine[0]]["damage"] == 1
        # Casualties: Pennant 5 + Frigate 10 + Cargo Full Infantry 8; Gold 4 (half of 8)
        assert s["casualties"][GB] == 23 and s["gold"][GB] == gold + 4
        assert s["forces"][sol]["elite"] is True  # 23 >= 10: the only candidate gets the Pennant
        assert s["forces"][mine[0]]["elite"] is False


def test_captured_ship_goes_to_the_ally_the_commander_chooses():
    """L731 The captured Ship is replaced by the Victor's or a participating ally's."""
    s = position(GB)
    sea = "north-sea"
    gb = put(s, GB, "frigate", sea)
    sp = put(s, SP, "frigate", sea)
    f1 = put(s, FR, "frigate", sea)
    f2 = put(s, FR, "frigate", sea)
    fight(s, sea)
    answer(s, "battle_terms", GB, {"allow_join": SP})
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_side", SP, "with")
    answer(s, "battle_select", GB, "done")
    answer(s, "battle_line", GB, {"next": gb})
    assert s["battle"]["lines"] == {"a": [gb, sp], "d": [f1, f2]}
    # Britain's side 2 Black (both Frigates), France 2 Black
    with script(s, [("black", ["blast", "blank"]), ("black", ["blank", "blank"])]):
        answer(s, "battle_stance", GB, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert battle.ship_ooa(s, f1)
        answer(s, "battle_continue", GB, "continue")
    # the Out-of-Action Frigate rolls nothing; the Blast goes to it, first in line, and sinks it
    with script(s, [("black", ["blast", "blank"]), ("black", ["blank"])]):
        answer(s, "battle_stance", GB, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert f1 not in s["forces"] and f2 in s["forces"]
        answer(s, "battle_continue", GB, "continue")
    with script(s, [("black", ["blast", "blank"]), ("black", ["blank"])]):
        answer(s, "battle_stance", GB, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert asking(s) == "battle_prize" and acts(s, GB) == [{"prize_to": GB}, {"prize_to": SP}]
        answer(s, "battle_prize", GB, {"prize_to": SP})
        finish(s, lambda s, r, a: {"give_all": GB} if {"give_all": GB} in a else a[0])
        assert nation_forces(s, SP) == ["frigate", "frigate"]
        assert nation_forces(s, FR) == []


def test_ship_of_the_line_is_damaged_then_out_of_action():
    """L708 A Ship of the Line: 1 Hit Damaged (1 die), 2 Hits Out-of-Action, 3 sunk."""
    s = position(GB)
    sol = put(s, GB, "ship-of-the-line", "north-sea")
    assert not battle.ship_ooa(s, sol)
    s["forces"][sol]["damage"] = 1
    assert not battle.ship_ooa(s, sol)
    s["forces"][sol]["damage"] = 2
    assert battle.ship_ooa(s, sol)


def test_unaccompanied_out_of_action_ship_is_captured_without_chapter_two():
    """L713 An Out-of-Action Ship found without opposing Forces is captured by a battle
    with Chapter 2 skipped."""
    s = position(GB)
    sea = "north-sea"
    put(s, GB, "frigate", sea)
    fr = put(s, FR, "frigate", sea, damage=1)
    rng = s["rng"]
    fight(s, sea)
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_select", GB, "done")
    last = finish(s)
    assert last["outcome"] == "captured" and last["victor"] == GB and last["captured"] is False
    assert fr not in s["forces"]
    assert s["rng"] == rng  # no die was rolled
    assert any("Chapter 2 is skipped" in t for t in public_log(s))


def test_out_of_action_ship_not_captured_without_means():
    """L731 Only a Victor with a Ship not Out-of-Action or a Port with 1+ HP captures."""
    s = position(PR)
    port, interior = french_port()
    s["control"][interior] = PR
    s["damage"][port] = 2
    put(s, PR, "cannon", interior)
    fr = put(s, FR, "frigate", port, damage=1)
    fight(s, port)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    last = finish(s)
    assert last["victor"] == PR and fr in s["forces"]


def test_a_port_with_hp_lets_its_victor_capture_out_of_action_ships():
    """L731 A Victor controlling a Port with at least 1 HP captures the enemy's
    Out-of-Action Ships even without a Ship of its own."""
    s = position(GB)
    port, interior = french_port()
    g1 = put(s, GB, "frigate", port)
    g2 = put(s, GB, "frigate", port, damage=1)
    fight(s, port)
    answer(s, "battle_terms", GB, "fight")
    answer(s, "battle_select", GB, "done")
    assert s["battle"]["units"][g2] == {"side": "a", "zone": "sea"}  # B24: it may take part
    answer(s, "battle_line", GB, {"next": g1})
    with script(s, [("black", ["blank"]), ("black", ["blast", "blank"])]):
        answer(s, "battle_stance", GB, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        last = finish(s)
        assert last["outcome"] == "victory" and last["victor"] == FR
        assert nation_forces(s, GB) == [] and nation_forces(s, FR, port) == ["frigate", "frigate"]
        assert s["casualties"][FR] == 20
        assert all(f["damage"] == 1 for f in s["forces"].values())


def test_zero_hp_fort_without_defenders_is_captured_at_once_with_morale_tokens():
    """L703 An enemy initiating a battle against a 0 HP Fortification captures the
    region automatically if no opposing Forces are there; L734 Morale Tokens: Blue to
    the Victor (+10 each of the Fort's full strength), Red to the former controller."""
    s = position(PR)
    s["damage"][LORRAINE] = 2
    hi = put(s, PR, "half-infantry", LORRAINE)
    rng = s["rng"]
    fight(s, LORRAINE)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    last = finish(s)
    assert last == {"region": LORRAINE, "kind": "land", "victor": PR, "outcome": "captured", "captured": True}
    assert board.controller(s, LORRAINE) == PR and s["damage"][LORRAINE] == 2
    assert s["casualties"][PR] == 20 and s["casualties"][FR] == -20
    assert s["rng"] == rng
    # 20 points (Blue Morale Tokens, RULINGS B13): the Half Infantry gets an Elite Pennant
    assert s["forces"][hi]["elite"] is True
    assert s["forces"][hi]["tags"] == ["red"]


def test_capture_after_victory_and_capital_treasury():
    """L740 An invading Victor claims the Territory; L392 capturing an original Capital
    takes its Treasury (board.capture)."""
    s = position(PR)
    capital = P.nations[FR].capital
    s["damage"][capital] = 3  # 1 HP left
    s["gold"][FR] = 7
    gold = s["gold"][PR]
    put(s, PR, "cannon", capital)
    fight(s, capital)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blast"]), ("black", ["blank"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        last = finish(s)
        assert last["victor"] == PR and last["captured"] is True
        assert board.controller(s, capital) == PR
        assert s["gold"][PR] == gold + 7 and s["gold"][FR] == 0
        assert s["casualties"][PR] == 40 and s["casualties"][FR] == -40  # a Capital Fort: 4 tokens


def test_independent_territory_cannot_be_claimed():
    """L742 No Flag in an Independent Territory after a battle."""
    s, t = simple_land()
    put(s, PR, "cannon", t)
    put(s, FR, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blast"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        last = finish(s)
        assert last["victor"] == PR and t not in s["control"] and last["captured"] is False


def test_mutual_defeat():
    """L724 Neither side has Forces that can fight: no Victor."""
    s, t = simple_land()
    put(s, PR, "cannon", t)
    put(s, FR, "cannon", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blast"]), ("black", ["blast"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        last = finish(s)
        assert last["outcome"] == "mutual" and last["victor"] is None
        assert s["casualties"][PR] == 10 and s["casualties"][FR] == 10


def test_active_commander_may_end_after_round_one():
    """L719 Only the Active Commander may end the battle, after a Battle Round."""
    s, t = simple_land()
    put(s, PR, "cannon", t)
    put(s, FR, "cannon", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blank"]), ("black", ["blank"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert asking(s) == "battle_continue" and who(s) == [PR]
        with pytest.raises(IllegalAction):
            H.apply(s, FR, "end")
        answer(s, "battle_continue", PR, "end")
        last = finish(s)
        assert last["outcome"] == "contested"


def test_the_victor_defending_side_captures_the_active_nations_region():
    """L740 The Victor claims control when the Fortification fought on the beaten side,
    even when the Active Nation's own Fort was beaten."""
    s = position(FR)
    s["damage"][LORRAINE] = 1
    put(s, FR, "half-infantry", LORRAINE)
    put(s, PR, "cannon", LORRAINE, n=2)
    fight(s, LORRAINE)
    answer(s, "battle_terms", FR, "fight")
    answer(s, "battle_select", FR, "done")
    assert s["battle"]["fort"] == {"side": "a", "nation": FR}
    with script(s, [("black", ["blank"]), ("black", ["blast", "blast"])]):
        answer(s, "battle_stance", FR, "aggressive")
        answer(s, "battle_stance", PR, "aggressive")
        last = finish(s)
        assert last["victor"] == PR and board.controller(s, LORRAINE) == PR


# ----- Chapter 3: casualties, tents, tags, pennants ------------------------------------------


def test_enemy_casualties_divided_among_allies_by_the_commander():
    """L727-729 The Commander puts Enemy Casualties in its own or a participating ally's
    Treasury; a defeated Full Infantry may be split between them."""
    s, t = simple_land()
    put(s, PR, "cannon", t)
    put(s, AU, "cannon", t)
    put(s, FR, "full-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, {"allow_join": AU})
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_side", AU, "with")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blast", "blast"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert asking(s) == "battle_spoils" and who(s) == [PR]
        assert acts(s, PR) == [{"give": AU}, {"give": PR}, {"give_all": AU}, {"give_all": PR}]
        answer(s, "battle_spoils", PR, {"give": AU})
        answer(s, "battle_spoils", PR, {"give": PR})
        assert s["casualties"][AU] == 4 and s["casualties"][PR] == 4
        finish(s)


def test_red_tags_only_on_the_active_side_and_tents_for_those_yet_to_move():
    """L736-738 Red Arrow Tags on the Active side's survivors (not Cargo); Field Hospital
    Tents for each defeated Mobile Force of a nation yet to be Active with survivors."""
    s, t = simple_land(moved=[PR])
    p1 = put(s, PR, "half-infantry", t)
    put(s, PR, "cannon", t)
    put(s, FR, "half-infantry", t, n=2)
    f3 = put(s, FR, "cavalry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["double-blast"])]):
        until(s, "battle_stance")
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        answer(s, "battle_continue", PR, "end")
        finish(s)
        assert s["forces"][p1]["tags"] == ["red"]
        assert s["forces"][f3]["tags"] == []
        assert s["tents"][t] == {FR: 2}


def test_elite_pennant_lost_without_candidates_and_never_twice():
    """L746-750 One Pennant a side at most; a Force never has two; lost if none qualifies."""
    s, t = simple_land()
    put(s, PR, "cannon", t, n=2, elite=True)
    put(s, FR, "cannon", t, n=2)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    # 2 elite Cannons roll 4 Black
    with script(s, [("black", ["blast", "blast", "blank", "blank"]), ("black", ["blank", "blank"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        finish(s)
        assert any("no Force to take an Elite Pennant" in x for x in public_log(s))


def test_pennant_recipient_chosen_by_the_commander():
    s, t = simple_land()
    c = put(s, PR, "cannon", t)
    h = put(s, PR, "half-infantry", t)
    put(s, FR, "cannon", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blast"]), ("black", ["blank"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        assert asking(s) == "battle_pennant"
        assert acts(s, PR) == [{"pennant": c}, {"pennant": h}]
        answer(s, "battle_pennant", PR, {"pennant": h})
        assert s["forces"][h]["elite"] and not s["forces"][c]["elite"]


# ----- optional rules ----------------------------------------------------------------------


def test_call_to_arms_once_per_nation():
    """L1014-1016 Call to Arms: the first battle in a Nation's Homeland places a free
    Full Infantry for the defending Nation, ready to fight; once per Nation."""
    s = position(PR, call_to_arms=True)
    put(s, PR, "cannon", LORRAINE)
    fight(s, LORRAINE)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    assert nation_forces(s, FR, LORRAINE) == ["full-infantry"]
    assert s["call_to_arms"] == [FR]
    fi = next(x for x, f in s["forces"].items() if f["nation"] == FR)
    assert s["battle"]["units"][fi] == {"side": "d", "zone": "front"}
    rounds = [("black", blanks(1)), ("black", blanks(2))]  # round 1: Prussia's Cannon, the French Major Fort
    rounds += [("black", blanks(1)), ("black", blanks(2)), ("white", blanks(3))] * 2  # and the Full Infantry
    with script(s, rounds):  # three rounds without a Hit
        finish(s)
    s2 = position(PR, call_to_arms=True)
    s2["call_to_arms"] = [FR]
    put(s2, PR, "cannon", LORRAINE)
    fight(s2, LORRAINE)
    answer(s2, "battle_terms", PR, "fight")
    answer(s2, "battle_select", PR, "done")
    assert nation_forces(s2, FR) == []


def test_call_to_arms_off_by_default():
    s = position(PR)
    put(s, PR, "cannon", LORRAINE)
    fight(s, LORRAINE)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    assert nation_forces(s, FR) == []


def test_balance_of_power():
    """L1018-1020 A Victor beating the sole Prestige leader gains 1 Prestige; not with tied leaders."""
    for tie, gain in ((False, 1), (True, 0)):
        s, t = simple_land(balance_of_power=True)
        s["prestige"] = {n: 0 for n in s["prestige"]}
        s["prestige"][FR] = 5
        if tie:
            s["prestige"][AU] = 5
        put(s, PR, "cannon", t)
        put(s, FR, "half-infantry", t)
        fight(s, t)
        answer(s, "battle_terms", PR, "fight")
        answer(s, "battle_select", PR, "done")
        with script(s, [("black", ["blast"])]):
            answer(s, "battle_stance", PR, "aggressive")
            answer(s, "battle_stance", FR, "aggressive")
            finish(s)
            assert s["prestige"][PR] == gain


def test_balance_of_power_not_with_teams():
    s, t = simple_land(balance_of_power=True)
    s["teams"][SP] = s["teams"][RU]
    s["prestige"][FR] = 5
    put(s, PR, "cannon", t)
    put(s, FR, "half-infantry", t)
    fight(s, t)
    answer(s, "battle_terms", PR, "fight")
    answer(s, "battle_select", PR, "done")
    with script(s, [("black", ["blast"])]):
        answer(s, "battle_stance", PR, "aggressive")
        answer(s, "battle_stance", FR, "aggressive")
        finish(s)
        assert s["prestige"][PR] == 0


# ----- bots ----------------------------------------------------------------------------------


def bot_positions(seed):
    """A land battle (the example's), a sea battle with Cargo, a Port battle from the
    Interior, an Independent Port, and a battle of four nations; in a game of ``seed``."""
    yield example_position(seed=seed)[0], LORRAINE
    s = position(GB, seed=seed)
    sea = "north-sea"
    ship = put(s, GB, "frigate", sea)
    put(s, GB, "half-infantry", sea, cargo_of=ship)
    put(s, GB, "ship-of-the-line", sea)
    put(s, GB, "frigate", sea, damage=1)
    put(s, FR, "frigate", sea, n=2)
    put(s, FR, "ship-of-the-line", sea, elite=True)
    yield s, sea
    s = position(PR, seed=seed)
    port, interior = french_port()
    s["control"][interior] = PR
    put(s, PR, "cavalry", interior, n=2)
    put(s, PR, "cannon", interior, n=2)
    put(s, FR, "frigate", port, damage=1)
    yield s, port
    s = position(SP, seed=seed)
    port = independent_port()
    put(s, SP, "frigate", port, n=2)
    put(s, GB, "frigate", port)
    yield s, port
    s, t = simple_land(seed=seed)
    put(s, PR, "cavalry", t, n=2)
    put(s, PR, "cannon", t)
    put(s, PR, "full-infantry", t)
    put(s, AU, "half-infantry", t, n=2)
    put(s, FR, "full-infantry", t, n=2)
    put(s, FR, "cannon", t)
    put(s, RU, "cavalry", t)
    yield s, t


def test_bots_play_whole_battles_with_legal_actions():
    """Every battle question has a policy that returns a legal action, in every kind of battle."""
    from kriegsspiel.games.imperial_borders import bots_battle

    seen = set()
    for seed in range(5):
        for s, region in bot_positions(1000 + seed):  # each game of its own seed: other dice
            fight(s, region)
            n = 0
            while s["battle"] is not None:
                state = asking(s)
                seen.add(state)
                for role in who(s):
                    actions = acts(s, role)
                    view = H.view(s, role)
                    board_ = view["board"]
                    st = dict(board_)
                    st["options"], st["roles"] = view["options"], view["roles"]
                    policy = bots_battle.POLICIES[state]
                    a = policy(st, board_.get("question") or {}, role, actions)
                    assert a in actions, (state, a, actions)
                    H.apply(s, role, a)
                n += 1
                assert n < 300
            assert s["last_battle"]["outcome"] in ("victory", "mutual", "contested", "called-off", "captured")
    assert {"battle_terms", "battle_stance", "battle_hit", "battle_line", "battle_cavalry"} <= seen


def test_random_legal_play_always_ends_the_battle():
    """Whatever legal actions are taken, every question has an answer and the battle
    ends with a well-formed ``last_battle`` (RULINGS B20), Forces and Damage consistent."""
    import random

    for seed in range(12):
        for s, region in bot_positions(7 + seed):
            r = random.Random(seed)
            fight(s, region)
            n = 0
            while s["battle"] is not None:
                for role in who(s):
                    actions = acts(s, role)
                    assert actions, f"{role} has nothing to do in {asking(s)}"
                    H.apply(s, role, r.choice(actions))
                n += 1
                assert n < 2000
            last = s["last_battle"]
            assert last["region"] == region and last["outcome"] in battle_outcomes()
            assert (last["victor"] is None) == (last["outcome"] in ("mutual", "contested", "called-off"))
            for f in s["forces"].values():
                if f["cargo_of"] is not None:
                    assert f["cargo_of"] in s["forces"]
                assert f["damage"] < P.units[f["type"]].hp
            assert all(0 <= board.fort_hp(s, x) for x in s["control"])


def battle_outcomes():
    return ("victory", "mutual", "contested", "called-off", "captured")
