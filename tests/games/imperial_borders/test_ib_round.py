"""Imperial Borders: set-up (L258-314), the Game Round (L316-378), taxes
(L380-404), turn order (L500-510), annexation (L759-800), On Parade and the
Congress (L802-853), final scoring (L857-865) and muster (L867-897)."""

import pytest
from ib_support import (
    AU,
    FR,
    GB,
    PR,
    RU,
    SP,
    asking,
    bid_all,
    clear_forces,
    dice,
    finish_plotting,
    game,
    independent,
    public_log,
    put,
    start,
)

from kriegsspiel import IllegalAction
from kriegsspiel.games.imperial_borders import annexation, board, muster, parade, sequence
from kriegsspiel.games.imperial_borders.data import pack

# ----- set-up ----------------------------------------------------------------------------


def test_setup_steps_a_and_b_homelands_and_first_annexed_territories():
    """L258-281 Each nation holds its 5 homeland territories and home ports, its first
    Annexed Territory and its Port; Britain also Gibraltar and Malta; L312 Prussia
    and Britain start with 5 Gold."""
    s = start()
    p = pack()
    for n in board.NATIONS:
        info = p.nations[n]
        assert all(s["control"][t] == n for t in info.homeland)
        assert all(s["control"][port] == n for port in info.home_ports)
        assert s["control"][info.annexed_start] == n
        if info.annexed_port:
            assert s["control"][info.annexed_port] == n
    gib = next(x for x, i in p.ports.items() if i.name.endswith("Gibraltar"))
    malta = next(x for x, i in p.ports.items() if i.name.endswith("Malta"))
    assert s["control"][gib] == GB and s["control"][malta] == GB
    assert [pack().nations[n].gold_start for n in (PR, GB, FR)] == [5, 5, 0]
    taxes = {n: sum(sequence.income(s, n).values()) for n in (PR, FR)}  # the first round's taxes are in
    assert s["gold"][PR] == 5 + taxes[PR] and s["gold"][FR] == taxes[FR]


def test_player_counts_neutrals_and_seats():
    """L228-235 5 players: Spain Neutral; 4: Spain and Russia; 3: two nations each;
    2: three each, or two each with Spain and Russia Neutral (option B)."""
    assert start(players=5)["neutral"] == [SP]
    assert start(players=4)["neutral"] == [SP, RU]
    s3 = start(players=3)
    assert s3["neutral"] == [] and s3["teams"][FR] == s3["teams"][SP] != s3["teams"][PR]
    assert game.seats(2) == [[FR, SP, AU], [PR, GB, RU]]
    s2b = start(players=2, two_player_neutrals=True)
    assert s2b["neutral"] == [SP, RU] and s2b["roles"] == [FR, AU, PR, GB]
    assert game.seats(2, {"two_player_neutrals": True}) == [[FR, AU], [PR, GB]]


def test_historical_setup_places_the_starting_forces():
    """L283-302 The pack's set-up: every nation's starting forces, one Elite each."""
    s = start()
    for n in board.NATIONS:
        mine = [f for f in s["forces"].values() if f["nation"] == n]
        counts = {}
        for f in mine:
            counts[f["type"]] = counts.get(f["type"], 0) + 1
        assert counts == {u: k for u, k in pack().nations[n].forces_start.items() if k}
        assert sum(f["elite"] for f in mine) == 1


def test_plotted_setup_is_secret_then_placed_in_a_random_order():
    """L283-310 Step C: dots plotted in secret (no other nation sees them); at most 3
    Land Units a territory; the Capital must hold one. Step E: each nation chooses
    the types, the Capital gets a Cannon or Full Infantry, one Elite."""
    s = start(scenario="standard")
    assert asking(s) == "setup_plot"
    capital = pack().nations[FR].capital
    seen_by_austria = game.view(s, AU)
    game.apply(s, FR, {"land": capital})
    assert game.view(s, AU)["board"] == seen_by_austria["board"]
    game.apply(s, FR, {"land": capital})
    game.apply(s, FR, {"land": capital})
    assert {"land": capital} not in game.actions(s, FR)  # L289 three at most
    with pytest.raises(IllegalAction):
        game.apply(s, FR, {"land": capital})
    assert "done" not in game.actions(s, FR)  # every Force must be plotted
    # everyone plots the rest as the bots would
    while asking(s) == "setup_plot":
        for role in game.active(s):
            acts = game.actions(s, role)
            game.apply(s, role, "done" if "done" in acts else next(a for a in acts if a != "undo"))
    assert asking(s) == "setup_place"
    while asking(s) == "setup_place":
        role = game.active(s)[0]
        game.apply(s, role, game.actions(s, role)[-1])
    for n in board.NATIONS:
        mine = [f for f in s["forces"].values() if f["nation"] == n]
        assert sum(f["elite"] for f in mine) == 1
        cap = pack().nations[n].capital
        assert any(f["at"] == cap and f["type"] in ("cannon", "full-infantry") for f in mine)  # L292
        per_territory = {}
        for f in mine:
            if pack().units[f["type"]].kind == "land":
                per_territory[f["at"]] = per_territory.get(f["at"], 0) + 1
        assert max(per_territory.values()) <= 3


# ----- Phase 1 ---------------------------------------------------------------------------


def test_taxes_capital_majors_and_annexed_and_the_example_of_france():
    """L380-396 4 a Capital, 2 a Major, 1 an Annexed Territory. The example: France
    with its Capital, 4 Majors and 3 Annexed Territories collects 15 Gold."""
    s = start()
    free = independent(2)
    for t in free:
        s["control"][t] = FR
    gold = s["gold"][FR]
    sequence.collect_taxes(s)
    assert s["gold"][FR] - gold == 15


def test_britain_collects_2_from_its_colonies_only_when_the_terms_hold():
    """L398-404 A Ship on the map, England and the Port of London held, no opposing Forces."""
    s = start()
    before = s["gold"][GB]
    sequence.collect_taxes(s)
    assert s["gold"][GB] - before == sum(sequence.income(s, GB).values()) + 2
    s = start()
    london = next(x for x in pack().ports if pack().ports[x].name.endswith("London"))
    put(s, FR, "frigate", london)
    before = s["gold"][GB]
    sequence.collect_taxes(s)
    assert s["gold"][GB] - before == sum(sequence.income(s, GB).values())
    s = start()
    for fid in [x for x, f in s["forces"].items() if f["nation"] == GB and f["type"] in board.SHIPS]:
        del s["forces"][fid]
    before = s["gold"][GB]
    sequence.collect_taxes(s)
    assert s["gold"][GB] - before == sum(sequence.income(s, GB).values())


def test_a_lost_capital_holds_income_in_its_territories_until_it_is_regained():
    """L392-394 The captor takes the Treasury; new income stays where it is earned;
    regaining the Capital brings it home."""
    s = start()
    capital = pack().nations[AU].capital
    s["gold"][AU] = 7
    prussia = s["gold"][PR]
    board.capture(s, capital, PR)
    assert s["gold"][AU] == 0 and s["gold"][PR] == prussia + 7
    sequence.collect_taxes(s)
    assert s["gold"][AU] == 0
    held = sum(s["held_gold"].values())
    assert held == sum(sequence.income(s, AU).values())
    board.capture(s, capital, AU)
    assert s["gold"][AU] == held and not s["held_gold"]


# ----- Phase 3 ---------------------------------------------------------------------------


def test_bids_are_secret_all_paid_and_the_highest_chooses_first():
    """L500-510 Sealed bids, all paid; the highest bidder takes any slot; zero bidders
    are placed at random; a bid above the Treasury is refused."""
    s = finish_plotting(start())
    assert asking(s) == "bid"
    gold = dict(s["gold"])
    with pytest.raises(IllegalAction):
        game.apply(s, PR, {"bid": s["gold"][PR] + 1})
    game.apply(s, PR, {"bid": 3})
    assert "Bids" not in " ".join(e[1] for e in s["log"])
    assert game.view(s, GB)["board"]["gold"][PR] == gold[PR]  # nothing is paid before the reveal
    bid_all(s, {GB: 2})
    assert s["gold"][PR] == gold[PR] - 3 and s["gold"][GB] == gold[GB] - 2
    assert asking(s) == "claim_slot" and game.active(s) == [PR]
    game.apply(s, PR, {"slot": 3})
    assert game.active(s) == [GB]
    assert {"slot": 3} not in game.actions(s, GB)
    game.apply(s, GB, {"slot": 1})
    order = s["turn_order"]
    assert order[0] == GB and order[2] == PR and len(order) == 6


def test_neutrals_take_the_last_slots():
    """L510 Neutral Nation Cards go in the last slots."""
    s = finish_plotting(start(players=4))
    bid_all(s, {})
    assert set(s["turn_order"][-2:]) == {SP, RU}


# ----- Phase 5 ---------------------------------------------------------------------------


def white(*rolls):
    """The White dice of an annexation, one list of faces per roll, in the order rolled."""
    return [("white", faces) for faces in rolls]


def annex_lines(s, mark):
    return [line for line in public_log(s)[mark:] if "White dice to annex" in line]


def test_annexation_one_blast_succeeds_and_claims_the_port():
    """L777-789 One die per Land Unit, one more per Elite; one Blast annexes: a Minor
    Fort and the connected uncontrolled Ports."""
    s = clear_forces(start())
    t = next(t for t, i in pack().territories.items() if i.independent and i.ports and not i.special)
    put(s, FR, "full-infantry", t)
    put(s, FR, "cannon", t, elite=True)
    mark = len(public_log(s))
    with dice(s, white(["blank", "blank", "red-blast"])):  # one roll of 3 dice
        annexation.resolve(s, t, {FR: FR})
    assert annex_lines(s, mark) == [
        f"France rolls 3 White dice to annex {pack().territories[t].name}: blank, blank, Red Blast — 1 Blast."
    ]
    assert s["control"][t] == FR
    assert all(s["control"][port] == FR for port in pack().territories[t].ports)


def test_annexation_fails_on_bars_unless_ad_victoriam_imperialis():
    """L790-794 Bars and blanks fail; for the Ad Victoriam Imperialis recipient Bars are Blasts."""
    s = clear_forces(start())
    (t,) = independent(1)
    put(s, AU, "half-infantry", t)
    with dice(s, white(["bar"])):
        annexation.resolve(s, t, {AU: AU})
    assert t not in s["control"]
    s["medals"]["ad-victoriam-imperialis"] = AU
    with dice(s, white(["bar"])):
        annexation.resolve(s, t, {AU: AU})
    assert s["control"][t] == AU


def test_several_nations_the_most_blasts_wins_and_a_tie_annexes_nothing():
    """L796-798 Most Blasts annexes; a tie means no annexation this round."""
    s = clear_forces(start())
    (t,) = independent(1)
    put(s, FR, "half-infantry", t, n=2)
    put(s, PR, "half-infantry", t, n=2)
    s["turn_order"] = [FR, PR, AU, GB, RU, SP]
    with dice(s, white(["blue-blast", "blank"], ["red-blast", "blank"])):
        annexation.resolve(s, t, {FR: FR, PR: PR})
    assert t not in s["control"]
    with dice(s, white(["blue-blast", "blank"], ["red-blast", "blue-blast"])):
        annexation.resolve(s, t, {FR: FR, PR: PR})
    assert s["control"][t] == PR


def test_pooled_dice_go_to_the_chosen_nation():
    """L798 Nations present may combine their dice; the chosen nation gains."""
    s = clear_forces(start())
    (t,) = independent(1)
    put(s, FR, "half-infantry", t)
    put(s, SP, "half-infantry", t)
    mark = len(public_log(s))
    with dice(s, white(["blue-blast", "blue-blast"])):  # one roll of 2 dice
        annexation.resolve(s, t, {FR: SP, SP: SP})
    assert [line.split(" to annex")[0] for line in annex_lines(s, mark)] == ["Spain with France rolls 2 White dice"]
    assert s["control"][t] == SP


def test_a_nation_pools_only_with_one_that_rolls_for_itself():
    """L800, RULINGS R17: France pools into Austria's roll; Prussia may then pool into
    Austria's roll, or roll, but not pool with France, which has no roll of its own (its die
    would otherwise count twice, in two attempts against each other)."""
    from kriegsspiel.engine import flow

    s = clear_forces(start())
    (t,) = independent(1)
    put(s, FR, "half-infantry", t)
    put(s, AU, "half-infantry", t)
    put(s, PR, "half-infantry", t, n=3)
    s["turn_order"] = [FR, AU, PR, GB, RU, SP]
    s["stack"] = [{"proc": "annexation", "at": "start"}]
    flow.run(game.procedures, s)
    assert game.actions(s, FR) == ["roll", {"pool_with": AU}, {"pool_with": PR}]
    game.apply(s, FR, {"pool_with": AU})
    assert game.actions(s, AU) == ["roll", {"pool_with": PR}]
    game.apply(s, AU, "roll")
    assert game.actions(s, PR) == ["roll", {"pool_with": AU}]
    with pytest.raises(IllegalAction):
        game.apply(s, PR, {"pool_with": FR})
    mark = len(public_log(s))
    with dice(s, white(["blue-blast", "blank"], ["blank", "blank", "blank"])):
        game.apply(s, PR, "roll")
    assert [line.split(" to annex")[0] for line in annex_lines(s, mark)] == [
        "Austria with France rolls 2 White dice",
        "Prussia rolls 3 White dice",
    ]
    assert s["control"][t] == AU


def test_in_a_pooled_roll_the_ad_victoriam_bars_are_those_of_the_recipients_own_dice():
    """L798, L840, RULINGS R17: France holds the Ad Victoriam Imperialis. Pooling into Spain's
    roll, France's Bar is a Blast (and Spain gains the territory); Spain's Bar, pooled into
    France's roll, is not."""
    for pools, faces, annexed in (
        ({FR: SP, SP: SP}, ["bar", "blank"], SP),  # France's die first: its Bar counts
        ({FR: FR, SP: FR}, ["blank", "bar"], None),  # Spain's die second: its Bar does not
    ):
        s = clear_forces(start())
        (t,) = independent(1)
        put(s, FR, "half-infantry", t)
        put(s, SP, "half-infantry", t)
        s["medals"]["ad-victoriam-imperialis"] = FR
        s["turn_order"] = [FR, SP, AU, PR, GB, RU]
        with dice(s, white(faces)):
            annexation.resolve(s, t, pools)
        assert s["control"].get(t) == annexed, pools


def test_dominus_exercitus_doubles_the_elite_bonus():
    """L783 The Dominus Exercitus recipient doubles its Elite bonus dice."""
    s = clear_forces(start())
    (t,) = independent(1)
    put(s, RU, "cavalry", t, elite=True)
    s["medals"]["dominus-exercitus"] = RU
    mark = len(public_log(s))
    with dice(s, white(["blank"] * 3)):  # one roll of 3 dice
        annexation.resolve(s, t, {RU: RU})
    assert [line.split(" to annex")[0] for line in annex_lines(s, mark)] == ["Russia rolls 3 White dice"]


def test_sweden_and_portugal_need_two_blasts_and_give_a_half_infantry():
    """L1006-1012 (optional) Two Blasts in one attempt; one die: a Blast earns a
    follow-up roll; the annexing nation gains a Half Infantry there."""
    s = clear_forces(start(sweden_portugal=True))
    t = next(t for t, i in pack().territories.items() if i.special)
    put(s, SP, "half-infantry", t)
    with dice(s, white(["blue-blast"], ["blank"])):
        annexation.resolve(s, t, {SP: SP})
    assert t not in s["control"]
    with dice(s, white(["blue-blast"], ["red-blast"])):
        annexation.resolve(s, t, {SP: SP})
    assert s["control"][t] == SP
    assert sum(1 for f in s["forces"].values() if f["at"] == t and f["nation"] == SP) == 2


def test_revolt_sites_and_held_income():
    """L980-989 (optional) A Revolt may be instigated in an annexed territory without
    its controller's Land Units; its income is then held there; a capture ends it."""
    s = clear_forces(start(revolts=True))
    corsica = pack().nations[FR].annexed_start
    assert corsica in annexation.revolt_targets(s, PR)
    assert corsica not in annexation.revolt_targets(s, FR)
    s["revolts"].append(corsica)
    gold = s["gold"][FR]
    sequence.collect_taxes(s)
    assert s["held_gold"][corsica] == 1 and s["gold"][FR] - gold == sum(sequence.income(s, FR).values()) - 1
    board.capture(s, corsica, PR)
    assert corsica not in s["revolts"] and s["held_gold"].get(corsica) is None


def test_a_nation_may_instigate_several_revolts_but_none_in_a_neutrals_territory():
    """L979: "There is no limit to the number of Revolts that may be instigated at one time (even
    by the same Nation)"; L251-254: Neutrals take no turn and nobody enters their lands. Spain was
    asked once and its turn ended after one Revolt; with four players Finland, a Neutral's, was
    offered."""
    s = clear_forces(start(revolts=True))
    s["stack"].append({"state": "instigate_revolt", "role": SP})
    targets = [a["revolt"] for a in game.actions(s, SP) if isinstance(a, dict)]
    assert len(targets) >= 3
    game.apply(s, SP, {"revolt": targets[0]})
    assert game.active(s) == [SP]
    game.apply(s, SP, {"revolt": targets[1]})
    assert {targets[0], targets[1]} <= set(s["revolts"])
    game.apply(s, SP, "pass")
    assert game.active(s) != [SP] or not s["stack"]
    t = clear_forces(start(players=4, revolts=True))
    neutral = [n for n in pack().nations if n not in annexation.in_play(t)]
    theirs = [x for x, owner in t["control"].items() if owner in neutral]
    assert theirs and not set(theirs) & set(annexation.revolt_targets(t, GB))


# ----- Phase 6 ---------------------------------------------------------------------------


def test_medal_points_columns():
    """L806-818 Casualties / 10, annexed territories, homelands (Major 2, Capital 4),
    elite land units, elite ships; no column below 0; the casualties are cleared."""
    s = clear_forces(start())
    s["casualties"][FR] = 37
    put(s, FR, "cavalry", pack().nations[FR].capital, n=3, elite=True)
    put(s, FR, "frigate", sorted(pack().nations[FR].home_ports)[0], elite=True)
    for t in independent(3):
        s["control"][t] = FR
    assert parade.medal_points(s, FR) == [3, 4, 12, 3, 1, 23]  # the example, L819
    s["casualties"][PR] = -25
    assert parade.medal_points(s, PR)[0] == 0


def test_prestige_friendly_ties_and_dense_ranks():
    """L820-826, RULINGS R4."""
    assert parade.dense_ranks({FR: 20, AU: 20, PR: 15, GB: 10, RU: 5}) == {FR: 1, AU: 1, PR: 2, GB: 3, RU: 4}


def run_parade(s):
    s["stack"] = []
    f = {}
    nxt = parade.Parade().start(s, f)
    return nxt


def test_parade_awards_prestige_medals_and_gold():
    """L820-840 3/2/1 Prestige; one Medal per column with no tie; 5 Gold for the first
    three Medals if the Capital is held; the Ad Victoriam Imperialis must give a point."""
    s = clear_forces(start())
    s["turn_order"] = list(board.NATIONS)
    s["casualties"][FR] = 30
    for t in independent(2):
        s["control"][t] = PR
    gold = dict(s["gold"])
    run_parade(s)
    assert s["medals"]["laetissima-natione"] == FR and s["gold"][FR] == gold[FR] + 5
    assert s["medals"]["terra-aliena"] == PR
    assert s["medals"]["dominus-maris"] is None  # everyone ties at 0
    top = max(s["medal_points"][n][5] for n in board.NATIONS)
    leaders = [n for n in board.NATIONS if s["medal_points"][n][5] == top]
    assert all(s["prestige"][n] == 3 for n in leaders)
    if len(leaders) == 1:
        assert s["medals"]["ad-victoriam-imperialis"] == leaders[0]
        assert s["stack"][-1]["state"] == "prestige_gift" and s["stack"][-1]["role"] == leaders[0]


def test_a_tie_on_one_team_is_broken_by_turn_order():
    """L831 Team exception: all tied nations on one team: Turn Order Rank decides."""
    s = clear_forces(start(players=3))
    s["turn_order"] = [SP, PR, FR, AU, GB, RU]
    for n in board.NATIONS:
        s["medal_points"][n] = [0, 0, 0, 0, 0, 0]
    s["medal_points"][FR][1] = s["medal_points"][SP][1] = 4
    assert parade.Parade().winner(s, board.NATIONS, 1) == SP
    s["medal_points"][PR][1] = 4
    assert parade.Parade().winner(s, board.NATIONS, 1) is None


def play_congress(s, votes):
    s["stack"] = []
    parade.Parade().congress(s, {})
    for role, vote in votes.items():
        game.apply(s, role, vote)


def test_congress_peace_majority_ends_the_game_next_round():
    """L842-851 From round 5 a Peace majority makes the next round the last; a tie is
    War; round 6 adds 1 vote for Peace, round 7 adds 2."""
    s = start()
    s["round"] = 5
    play_congress(s, {FR: "peace", AU: "peace", PR: "peace", GB: "war", RU: "war", SP: "war"})
    assert s["last_round"] is None  # a tie: War continues
    s["round"] = 6
    play_congress(s, {FR: "peace", AU: "peace", PR: "peace", GB: "war", RU: "war", SP: "war"})
    assert s["last_round"] == 7
    s = start()
    s["round"] = 4
    s["stack"] = []
    parade.Parade().congress(s, {})
    assert not s["stack"]  # no Congress before round 5


def test_final_scoring_the_example_of_france_and_the_capital_rule():
    """L857-868 Prestige + 1 per 10 Gold + the last Medal Points columns 2-5; only a
    nation holding its Capital wins; ties on Gold."""
    s = start()
    s["stack"] = []
    for n in board.NATIONS:
        s["medal_points"][n] = [0, 0, 0, 0, 0, 0]
        s["gold"][n] = 0
    s["medal_points"][FR] = [3, 4, 12, 3, 1, 23]
    s["prestige"][FR] = 17
    s["gold"][FR] = 9
    s["prestige"][PR] = 40
    board.capture(s, pack().nations[PR].capital, AU)
    parade.FinalScoring().start(s, {})
    assert s["result"]["scores"][FR] == 37  # the example, L868
    assert s["result"]["winners"] == [FR]  # Prussia scores more but has lost Berlin


# ----- Phase 7 ---------------------------------------------------------------------------


def test_muster_buys_only_with_the_capital_and_deploys_in_original_homelands():
    """L869-893 No purchases without the Capital; Land Units in controlled Original
    Homeland Territories, Ships in controlled Original Homeland Ports; costs paid."""
    s = start()
    s["gold"][FR] = 10
    acts = muster.purchases(s, FR)
    assert {"buy": "cannon", "at": pack().nations[FR].capital} in acts
    assert all(a["at"] in pack().nations[FR].homeland | pack().nations[FR].home_ports for a in acts)
    assert not any(a["buy"] == "ship-of-the-line" for a in acts)
    lost = sorted(pack().nations[FR].majors)[0]
    board.capture(s, lost, PR)
    assert not any(a["at"] == lost for a in muster.purchases(s, FR))
    assert not any(a["at"] == lost for a in muster.purchases(s, PR))  # a captured homeland is not Prussia's


def test_repairs_forts_unopposed_and_ships_in_major_ports():
    """L873-877 Forts repair when unopposed; Ships in a Major or Capital Port with 1 HP
    and no opposing Forces."""
    s = clear_forces(start())
    lorraine = next(t for t in pack().nations[FR].majors if pack().territories[t].name == "Lorraine")
    s["damage"][lorraine] = 2
    put(s, PR, "half-infantry", lorraine)
    capital = pack().nations[AU].capital
    s["damage"][capital] = 1
    assert muster.repair_forts(s) == [capital]
    assert s["damage"] == {lorraine: 2}
    port = sorted(pack().nations[GB].home_ports)[0]
    (ship,) = put(s, GB, "frigate", port)
    s["forces"][ship]["damage"] = 1
    assert muster.repairable_ships(s) == {port: [ship]}


# ----- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, options", [(6, {}), (5, {}), (4, {}), (3, {}), (2, {}), (2, {"two_player_neutrals": True})]
)
def test_every_player_count_plays_to_the_end(players, options):
    """L228-235, L842-865 Random legal play with 2 to 6 players (and option B) reaches
    the end of the game and its final scoring; Neutrals are never asked anything."""
    import random

    pick = random.Random(players)
    s = game.new(seed=players, players=players, scenario="standard", options=options)
    asked = set()
    while not game.is_over(s):
        role = pick.choice(game.active(s))
        asked.add(role)
        acts = game.actions(s, role)
        game.apply(s, role, acts[pick.randrange(len(acts))])
    assert s["round"] == (s["last_round"] or 9)
    assert s["result"]["reason"] and set(s["result"]["scores"]) == set(board.in_play(s))
    assert not asked & set(s["neutral"])


def test_the_heuristic_bots_play_a_whole_game():
    """The nations' bots take every decision of a game, from the secret set-up to the end."""
    import random

    from kriegsspiel.ai.bots import get

    bot = get("imperial-borders", "heuristic")
    rng = random.Random(3)
    s = game.new(seed=3, players=2, scenario="standard", options={"two_player_neutrals": True, "revolts": True})
    while not game.is_over(s):
        role = game.active(s)[0]
        acts = game.actions(s, role)
        choice = bot(game.view(s, role), acts, rng)
        assert choice in acts
        game.apply(s, role, choice)
    assert s["result"]["winners"] or "nobody" in s["result"]["reason"]


def test_the_two_player_option_is_refused_at_another_player_count():
    """L234 Player Count option B is for two players: asked for at six it was silently ignored
    (the review of the terminal); it is refused with the reason, as The First World War's
    solitaire is."""
    from kriegsspiel.games import load

    g = load("imperial-borders")
    with pytest.raises(ValueError, match="played with 2 players, not 6"):
        g.new(seed=1, players=6, options={"two_player_neutrals": True})
    assert g.new(seed=1, players=2, options={"two_player_neutrals": True})["players"] == 2
