"""The Great War (rulebook §24-§32, L1287-1510): the outbreak, the GW turns, trenches, surrender
and the end; cited as 25.6 L1329."""

from __future__ import annotations

import dataclasses

import pytest
from ie_support import GE, OT, RU, UK, answer, asking, blank, first_until, game, great_war, proc

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import greatwar, world
from kriegsspiel.games.imperial_elegy.gw_deck import gw_deck


def random_play(seed, steps):
    """(step, state) through random legal play from the Great War's outbreak on ``seed``: the
    state is yielded before each step's action, and the walk stops when the game is over."""
    import random

    s = great_war(seed)
    pick = random.Random(seed)
    for step in range(steps):
        if not s["stack"]:
            return
        yield step, s
        role = pick.choice(game.active(s))
        answer(s, role, pick.choice(game.actions(s, role)))


def add(s, owner, kind, at, count=1, reduced=False):
    return [world.new_unit(s, owner, kind, at, reduced) for _ in range(count)]


def clear(s):
    s["units"] = {}
    s["rebel_spaces"] = {}
    s["forts"] = {}
    s["occupied"] = {}


def card_of(kind):
    return next(c.id for c in gw_deck().cards.values() if c.kind == kind)


# ----- the outbreak (25.0) ---------------------------------------------------------------------------


def test_the_option_plays_the_great_war_instead_of_ending_the_game():
    """23.0, 24.0: with no_great_war_turns off the outbreak starts the GW; on, it ends the game."""
    for off in (False, True):
        s = blank(4, no_great_war_turns=not off)
        s["wtt"] = 4
        s["powers"][GE]["alliance"] = "alliance-committed"
        s["powers"][UK]["alliance"] = "entente-committed"
        with scripted_dice(s, 6):  # the crisis roll: the outbreak (1-2 would be a conference)
            proc(s, "wtt", amount=1, power=GE)
        first_until(s, "gw-impulse")
        if off:
            assert s.get("gw") and s["gw"]["step"] == "maneuver" and s["stack"]
        else:
            assert "gw" not in s and not s["stack"] and s["result"]["reason"].lower().startswith("the great war")


def test_outbreak_discards_the_hands_and_sets_the_alliances_us_and_turn_order():
    """25.1 L1296, 25.2 L1298, 25.7 L1335: hands and home cards discarded; the alliances at war;
    the US in the neutral box; the alliance with GE first, alternating."""
    s = blank(2, no_great_war_turns=False)
    held = list(s["powers"][UK]["hand"])
    assert held
    boxes = {"ge": "alliance-committed", "au": "alliance-aligned", "uk": "entente-aligned", "fr": "entente-committed",
             "ru": "neutral", "ot": "neutral"}  # fmt: skip
    for q, b in boxes.items():
        s["powers"][q]["alliance"] = b
    proc(s, "great-war", reason="a test")
    first_until(s, "gw-impulse")
    g = s["gw"]
    assert g["sides"] == {"alliance": ["ge", "au"], "entente": ["uk", "fr"]}
    assert g["neutrals"] == ["ru", "ot"]
    assert g["us"]["box"] == "neutral"
    assert all(not s["powers"][q]["hand"] for q in s["powers"])
    assert set(held) <= set(s["discard"])
    # the alliance with GE first; the first legal order of each alliance is the rulebook's order
    order = s["war"]["order"]
    assert order[0] in ("ge", "au") and order[1] in ("uk", "fr")
    assert s["war"]["gw"] and s["war"]["attackers"] == ["ge", "au"] and s["war"]["defenders"] == ["uk", "fr"]
    assert set(g["vp"]) == set(s["powers"])  # 25.5: every player scored


def test_turn_order_with_a_bonus_impulse_as_in_the_example():
    """25.7.1 L1341: "Triple Alliance player 1, Entente player 1, Triple Alliance player 2,
    Entente player 2, Triple Alliance bonus impulse, Entente player 3"."""
    s = great_war(1, until="gw-impulse")
    s["gw"]["sides"] = {"alliance": ["ge", "au"], "entente": ["uk", "fr", "ru"]}
    order = greatwar.make_order(s, {"alliance": ["ge", "au"], "entente": ["uk", "fr", "ru"]})
    assert order == ["ge", "uk", "au", "fr", "bonus-alliance", "ru"]
    # without GE the UK's alliance goes first (25.7 L1336)
    s["gw"]["sides"] = {"alliance": ["au", "ot"], "entente": ["uk", "fr"]}
    assert greatwar.make_order(s, {})[0] == "uk"


def test_national_will_bonuses_by_vp(monkeypatch):
    """25.6 L1321-1330: 3-4 VP 1 EC; 5-6 one boost; 7-8 two; 9+ three; never the same track twice;
    a maxed track gives a reserve army beyond the holding box's limit (the AU example L1329-1330:
    AU's limit is 4, it has 4, it boosts its maxed stability: a fifth)."""
    from kriegsspiel.games.imperial_elegy import goals

    vps = {"ge": 9, "uk": 2, "fr": 3, "au": 5, "ru": 7, "ot": 0}
    detail = {"goals": 0, "stability": 0, "markers": 0, "special": 0, "special_why": []}
    monkeypatch.setattr(goals, "score", lambda s: {q: {"goals": [], "vp": v, "detail": detail} for q, v in vps.items()})
    s = blank(3, no_great_war_turns=False)
    for q, b in {"ge": "alliance-committed", "au": "alliance-committed", "uk": "entente-committed"}.items():
        s["powers"][q]["alliance"] = b
    s["powers"]["au"]["stability"] = 6
    s["powers"]["au"]["reserves"] = [False] * 4
    proc(s, "great-war", reason="a test")
    first_until(s, "gw-boost")
    g = s["gw"]
    assert g["vp"] == vps
    assert s["stack"][-1]["role"] == "ge" and s["stack"][-1]["left"] == 3
    ge = s["powers"]["ge"]
    industry = ge["industry"]
    answer(s, "ge", {"boost": "industry"})
    assert {"boost": "industry"} not in game.actions(s, "ge")  # never the same track twice
    answer(s, "ge", {"boost": "manpower"})
    answer(s, "ge", {"boost": "stability"})
    assert ge["industry"] == industry + 1
    assert s["stack"][-1]["role"] == "au" and s["stack"][-1]["left"] == 1
    answer(s, "au", {"boost": "stability"})
    assert len(s["powers"]["au"]["reserves"]) == 5 and s["powers"]["au"]["stability"] == 6
    assert s["stack"][-1]["role"] == "ru" and s["stack"][-1]["left"] == 2
    # 3+ VP: one EC each, attached to a reserve army in the holding box; none below 3 VP
    assert g["reserve_ecs"] == {"ge": 1, "fr": 1, "au": 1, "ru": 1}


def test_a_player_at_zero_stability_enters_with_one():
    """25.4 L1317."""
    s = blank(5, no_great_war_turns=False)
    s["powers"][GE]["alliance"] = "alliance-committed"
    s["powers"][UK]["alliance"] = "entente-committed"
    s["powers"][GE]["stability"] = 0
    proc(s, "great-war", reason="a test")
    assert s["powers"][GE]["stability"] >= 1
    assert any("25.4" == line[0] for line in s["log"])


# ----- planning and the impulses (26.0, 27.0) --------------------------------------------------------------


def test_budget_is_industry_with_a_minimum_of_two():
    """26.2 L1349: industry, at least 2 during the GW."""
    s = great_war(1)
    s["powers"][GE]["industry"] = 1
    s["powers"][UK]["industry"] = 5
    assert greatwar.budget(s, GE) == 2
    assert greatwar.budget(s, UK) == 5
    s["gw"]["bonus_cp"] = {UK: 1}  # 29.2.1: the colonial war's bonus CP
    assert greatwar.budget(s, UK) == 6


def test_pass_only_with_two_cp_or_less_and_never_holding_exhaustion():
    """27.1 L1357-1358, 27.3 L1369."""
    s = great_war(1)
    a = s["stack"][-1]["role"]
    w = s["war"]
    w["budget"][a] = 3
    s["powers"][a]["gw_hand"] = []
    assert "pass" not in game.actions(s, a)
    w["budget"][a] = 2
    assert "pass" in game.actions(s, a)
    s["powers"][a]["gw_hand"] = [card_of("mandatory")]
    assert "pass" not in game.actions(s, a)


def test_a_gw_card_gives_a_bonus_action_that_is_not_the_same_action_nor_a_battle():
    """27.2 L1360-1366: the card beside the action; a bonus action may not repeat the action
    taken nor be a land battle; it costs no CP."""
    s = great_war(1)
    a = s["stack"][-1]["role"]
    event = next(c.id for c in gw_deck().cards.values() if c.kind == "event" and c.effects[0].verb == "budget")
    s["powers"][a]["gw_hand"] = [event]
    s["war"]["budget"][a] = 3
    legal = game.actions(s, a)
    first = "march" if "march" in legal else legal[0]
    answer(s, a, first)
    while asking(s) != "gw-card":  # the march's steps
        answer(s, a, "done" if "done" in game.actions(s, a) else game.actions(s, a)[0])
    budget = s["war"]["budget"][a]
    assert budget == 2
    answer(s, a, {"gw_play": event, "use": "bonus"})
    assert asking(s) == "gw-impulse"
    legal = game.actions(s, a)
    assert first not in legal and not any(isinstance(x, dict) and "battle" in x for x in legal)
    assert event in s["gw"]["discard"] and not s["powers"][a]["gw_hand"]


def test_the_gw_cards_are_secret_and_scrambled():
    """26.0: a player's GW card is its own; the GW deck's order is nobody's."""
    s = great_war(1)
    mine = s["powers"][GE]["gw_hand"]
    assert mine
    assert game.view(s, GE)["board"]["powers"][GE]["gw_hand"] == mine
    other = game.view(s, UK)["board"]
    assert "gw_hand" not in other["powers"][GE] and other["powers"][GE]["gw_hand_size"] == 1
    assert "gw_deck" not in str(other.get("gw")) and other["gw_deck"] == len(s["gw_deck"])
    import random

    seen = {tuple(game.scramble(s, UK, random.Random(i))["powers"][GE]["gw_hand"]) for i in range(12)}
    assert len(seen) > 1  # the scramble hides GE's card from the UK
    assert all(game.scramble(s, GE, random.Random(i))["powers"][GE]["gw_hand"] == mine for i in range(4))


def test_draft_costs_a_manpower_and_places_two_reduced_armies_at_home():
    """27.5.2 L1387-1391."""
    s = great_war(1)
    a = s["stack"][-1]["role"]
    s["war"]["budget"][a] = 3
    mp = greatwar.manpower(s, a)
    assert "draft" in game.actions(s, a)
    before = {u for u, x in s["units"].items() if x["o"] == a and x["r"]}
    answer(s, a, "draft")
    placed = []
    while asking(s) == "gw-choose":
        opts = [x for x in game.actions(s, a) if isinstance(x, dict)]
        if not opts:
            answer(s, a, "done")
            break
        placed.append(opts[0]["space"])
        answer(s, a, opts[0])
        assert opts[0]["kind"] in ("army", "british", "indian", "commonwealth", "turkish", "arab")
    new = {u for u, x in s["units"].items() if x["o"] == a and x["r"]} - before
    assert len(new) == len(placed) == 2 and len(set(placed)) == 2
    for u in new:  # controlled home keys (12.2)
        sp = world.P().spaces[s["units"][u]["at"]]
        assert a in sp.homes and sp.type in ("key", "capital", "subcapital") and s["control"][sp.id] == a
    assert greatwar.manpower(s, a) == mp - 1
    assert s["war"]["budget"][a] == 2


# ----- GW combat (28.0) ---------------------------------------------------------------------------------


def trench_position(turn=1):
    """GE against FR on GW turn ``turn``, the map emptied."""
    s = great_war(1)
    s["stack"].clear()
    clear(s)
    s["gw"]["turn"] = turn
    s["war"]["deployed"] = []
    s["war"]["impulse"] = {"actor": GE, "boxed": []}
    return s


def test_trenches_from_gw_turn_1_need_a_full_army_to_attack():
    """28.1 L1408: from GW turn 1 every key has trenches; only a force with a full-strength army
    may attack one."""
    from kriegsspiel.games.imperial_elegy import war

    s = trench_position(turn=0)
    add(s, GE, "army", "rhineland", reduced=True)
    add(s, "fr", "army", "alsace-lorraine")
    assert {"battle": "alsace-lorraine", "from": "rhineland"} in war.battles(s, GE)  # GW turn 0: no trenches
    s["gw"]["turn"] = 1
    assert world.trenched(s, "alsace-lorraine")
    assert {"battle": "alsace-lorraine", "from": "rhineland"} not in war.battles(s, GE)
    add(s, GE, "army", "rhineland")
    assert {"battle": "alsace-lorraine", "from": "rhineland"} in war.battles(s, GE)


def test_28_1_an_allys_full_strength_army_in_the_attacking_stack_may_lead_a_trench_attack():
    """28.1 L1409: "a full strength army in their main attack force"; 18.1.1 L954, 18.1.2 L956: the
    main attack force is every friendly unit in the attacking space, several powers' too. With
    Austria's full-strength army beside its reduced one, Germany could not attack the trench."""
    from kriegsspiel.games.imperial_elegy import war

    s = trench_position(turn=1)
    add(s, GE, "army", "rhineland", reduced=True)
    add(s, "fr", "army", "alsace-lorraine")
    assert {"battle": "alsace-lorraine", "from": "rhineland"} not in war.battles(s, GE)
    add(s, "au", "army", "rhineland")
    assert {"battle": "alsace-lorraine", "from": "rhineland"} in war.battles(s, GE)


def champagne_a_key(monkeypatch):
    """The Verdun example's map: Champagne is a key there (in the pack it is a territory)."""
    spaces = world.P().spaces
    monkeypatch.setitem(spaces, "champagne", dataclasses.replace(spaces["champagne"], type="key"))


def test_the_battle_of_verdun_example(monkeypatch):
    """28.1 worked example (L1430-1437): GE attacks Champagne from Belgium on GW turn 2 with
    Machine Guns and Hydraulic Recoil in effect. GE 5 FP main + 4 support (Picardy halved in its
    trench battle, Alsace-Lorraine full) = 9; FR 3 armies + 1 fort + 4 support = 8: GE +1, and
    Technological Terror +2. GE rolls 5 (8), FR 2 (3 by machine guns): Att 5, decisive. The
    victor adds the * loss: FR 2+1 = 3, GE 0+1 (trench)+1 = 2. FR does not retreat; GE advances
    and the trench battle begins at Attacker Advantage; the fort is reduced to nothing; FR loses
    1 stability; the card lies face down in front of FR."""
    champagne_a_key(monkeypatch)
    s = trench_position(turn=2)
    s["flags"]["machine-guns"] = True
    s["flags"]["hydraulic-recoil"] = True
    for sid in ("champagne", "burgundy", "paris", "alsace-lorraine", "picardy"):
        s["control"][sid] = "fr"
    s["control"]["belgium"] = "belgium"
    s["occupied"]["belgium"] = GE
    s["occupied"]["alsace-lorraine"] = GE
    s["powers"]["fr"]["stability"] = 4
    ge_main = add(s, GE, "army", "belgium", 2) + add(s, GE, "army", "belgium", reduced=True)  # 2+2+1 = 5 FP
    picardy_ge = add(s, GE, "army", "picardy", 2)  # in a trench battle: halved to 2
    add(s, "fr", "army", "picardy")  # the other side of Picardy's trench battle
    s["gw"]["trenches"]["picardy"] = {"by": "attacker", "adv": "attacker"}
    al = add(s, GE, "army", "alsace-lorraine")  # 2, full
    fr_main = add(s, "fr", "army", "champagne") + add(s, "fr", "army", "champagne", reduced=True)  # 2+1 = 3
    s["forts"]["champagne"] = ["fr", 1]
    burgundy = add(s, "fr", "army", "burgundy")
    paris = add(s, "fr", "army", "paris")
    terror = next(c.id for c in gw_deck().cards.values() if c.number == 4)
    s["gw"]["combat"][terror] = {"holder": GE, "up": True}
    with scripted_dice(s, 5, 2):
        proc(s, "land-battle", attacker=GE, frm="belgium", space="champagne")
        assert asking(s) == "battle-support"
        answer(s, GE, {"support": True, "unit": picardy_ge[0]})
        answer(s, GE, {"support": True, "unit": picardy_ge[1]})
        answer(s, GE, {"support": True, "unit": al[0]})
        if asking(s) == "battle-support" and s["stack"][-1]["role"] == GE:
            answer(s, GE, "done")
        answer(s, "fr", {"support": True, "unit": burgundy[0]})
        answer(s, "fr", {"support": True, "unit": paris[0]})
        if asking(s) == "battle-support":
            answer(s, "fr", "done")
        while asking(s) == "battle-elite":
            answer(s, s["stack"][-1]["role"], game.actions(s, s["stack"][-1]["role"])[-1])
        assert asking(s) == "gw-combat-card"
        answer(s, GE, {"combat": terror})
        if asking(s) == "gw-combat-card":
            answer(s, "fr", "none")
    b = s["battle"]
    mods = {side: dict(b["mods"][side]) for side in ("a", "d")}
    assert mods["a"]["firepower"] == 5 and mods["d"]["firepower"] == 3 and mods["d"]["fort"] == 1
    assert mods["a"]["combat cards"] == 2  # Technological Terror, face up in front of GE
    # 9 against 8 (BDRM +1), and the card's +2: a total of +3 for GE
    assert b["strength"] == {"a": 11, "d": 8} and b["bdrm"] == 3
    assert b["dice"] == {"a": 5, "d": 3}  # FR's 2 is a 3 under machine guns (18.5)
    assert b["diff"] == 5 and b["result"]["decisive"]
    assert asking(s) == "battle-recoil"
    answer(s, GE, "add")
    assert b["losses"] == {"a": 2, "d": 3}
    # GE: the reduced army in Belgium dies, the army in Alsace-Lorraine loses a step
    plan = {GE: [ge_main[2], al[0]], "fr": [fr_main[1], burgundy[0], paris[0]]}  # the example's choices
    while asking(s) == "battle-loss":
        role = s["stack"][-1]["role"]
        unit = plan[role].pop(0)
        pick = next(x for x in game.actions(s, role) if x.get("unit") == unit)
        answer(s, role, pick)
    assert asking(s) == "battle-advance"
    answer(s, GE, {"advance": True, "unit": ge_main[0]})
    while asking(s) == "battle-advance":
        answer(s, GE, "done")
    # the example's losses: GE's reduced army in Belgium and a step in Alsace-Lorraine; FR's
    # reduced army in Champagne and a step each in Burgundy and Paris
    assert ge_main[2] not in s["units"] and s["units"][al[0]]["r"]
    assert fr_main[1] not in s["units"] and s["units"][burgundy[0]]["r"] and s["units"][paris[0]]["r"]
    assert s["units"][fr_main[0]]["at"] == "champagne"  # no retreat from a trench
    assert s["units"][ge_main[0]]["at"] == "champagne"
    assert s["gw"]["trenches"]["champagne"] == {"by": "attacker", "adv": "attacker"}
    assert "champagne" not in s["forts"]  # a level 1 fort reduced by one level (28.2)
    assert s["last_battle"]["losses"] == {"a": 2, "d": 3}
    assert s["gw"]["combat"][terror] == {"holder": "fr", "up": False}
    greatwar.battle_stability(s)
    assert s["powers"]["fr"]["stability"] == 3  # a decisive defeat of 2+ armies (30.0 L1476)


def test_a_trench_battle_shifts_and_the_side_with_the_advantage_drives_the_other_out(monkeypatch):
    """28.1.1 L1410-1415: a won attack shifts the status toward the winner; the side that had the
    advantage and wins again forces the other to retreat; a lost attack changes nothing."""
    s = trench_position(turn=1)
    for sid in ("alsace-lorraine", "champagne", "burgundy"):
        s["control"][sid] = "fr"
    s["gw"]["trenches"]["alsace-lorraine"] = {"by": "attacker", "adv": "attacker"}

    def refill():
        """Three full armies a side in the space before each battle: the test is about the status."""
        for uid in [u for u, x in s["units"].items() if x["at"] == "alsace-lorraine"]:
            world.remove_unit(s, uid)
        return add(s, "fr", "army", "alsace-lorraine", 3), add(s, GE, "army", "alsace-lorraine", 3)

    fr, ge = refill()

    def fight(attacker, dice):
        global_units = refill()
        fr[:], ge[:] = global_units
        with scripted_dice(s, *dice):
            proc(s, "land-battle", attacker=attacker, frm="alsace-lorraine", space="alsace-lorraine")
            while s["stack"]:
                role = s["stack"][-1]["role"]
                legal = game.actions(s, role)
                retreat = [x for x in legal if isinstance(x, dict) and x.get("to") == "champagne"]
                answer(s, role, retreat[0] if retreat else legal[-1] if "done" in legal else legal[0])

    fight("fr", (6, 1))  # FR (the Defender) wins: GE had the advantage: Deadlock
    assert s["gw"]["trenches"]["alsace-lorraine"]["adv"] is None
    assert all(s["units"][u]["at"] == "alsace-lorraine" for u in ge if u in s["units"])
    fight("fr", (6, 1))  # FR wins again: Defender Advantage
    assert s["gw"]["trenches"]["alsace-lorraine"]["adv"] == "defender"
    fight("ge", (1, 6))  # GE's attack fails: nothing changes
    assert s["gw"]["trenches"]["alsace-lorraine"]["adv"] == "defender"
    fight("fr", (6, 1))  # FR had the advantage: GE is driven out
    assert not [u for u in ge if u in s["units"] and s["units"][u]["at"] == "alsace-lorraine"]
    greatwar.after_action(s)
    assert "alsace-lorraine" not in s["gw"]["trenches"]  # 28.1.5: a vacated trench battle ends
    assert fr


# ----- winter, surrender and the end (29.0-31.0) ------------------------------------------------------------


def test_blockade_lowers_industry_but_not_below_three(monkeypatch):
    """29.1 L1442: at the end of each GW year but turn 0."""
    from kriegsspiel.games.imperial_elegy import war

    s = great_war(1)
    s["stack"].clear()
    monkeypatch.setattr(war, "blockaded", lambda s, q: q in (GE, RU))
    s["powers"][GE]["industry"] = 5
    s["powers"][RU]["industry"] = 3
    s["gw"]["turn"] = 0
    proc(s, "gw-winter")
    first_until(s, None)
    assert s["powers"][GE]["industry"] == 5  # not GW turn 0
    s["gw"]["turn"] = 1
    proc(s, "gw-winter")
    first_until(s, None)
    assert s["powers"][GE]["industry"] == 4 and s["powers"][RU]["industry"] == 3


def test_the_colonial_war_roll_and_its_results():
    """29.2 L1447-1458: a die each plus 1 per army/EF on the submap (elite colonial EF 2) and 2
    for naval supremacy; the loser loses a unit (an army step), the winner takes a space; 4 or
    more: two each; the UK loses stability when its alliance loses (29.2.1)."""
    s = great_war(1)
    s["stack"].clear()
    clear(s)
    africa = sorted(sid for sid, sp in world.P().spaces.items() if sp.map == "africa" and sp.type != "naval-base")
    for sid in africa:
        s["control"].pop(sid, None)  # nobody holds the whole submap (else the other's roll is 0)
    add(s, UK, "ef", africa[0])
    add(s, GE, "ef", africa[1])
    add(s, GE, "elite-ef", africa[1])
    s["powers"][UK]["stability"] = 4
    with scripted_dice(s, 3, 3):  # the Alliance 3 + 1 + 2 = 6, the Entente 3 + 1 = 4
        out = greatwar.colonial_war(s, "africa")
    assert out == {"where": "africa", "winner": "alliance", "loser": "entente", "losses": 1, "gains": 1}
    assert s["powers"][UK]["stability"] == 3
    with scripted_dice(s, 1, 6):  # 1 + 3 against 6 + 1: the Entente by 3
        out = greatwar.colonial_war(s, "africa")
    assert out["winner"] == "entente" and out["losses"] == 1
    with scripted_dice(s, 6, 6):  # 9 against 7
        assert greatwar.colonial_war(s, "africa")["winner"] == "alliance"
    with scripted_dice(s, 2, 6):  # 5 against 7
        assert greatwar.colonial_war(s, "africa")["winner"] == "entente"
    with scripted_dice(s, 4, 6):  # 7 against 7
        assert greatwar.colonial_war(s, "africa") is None
    s["control"][africa[0]] = "fr"  # the Entente holds every controlled space of the submap
    assert greatwar.holds_all(s, "africa", "entente")
    with scripted_dice(s, 6, 3):  # the Alliance's 6 counts 0: 3 against 4
        assert greatwar.colonial_war(s, "africa")["winner"] == "entente"


def test_the_colonial_war_takes_only_the_losing_alliances_spaces():
    """29.2 L1455-1458, 32.4 (ruling G21): the winner takes unoccupied spaces the other alliance
    holds, never a neutral minor power's (Japan, the Qing's Beijing) nor an unclaimed one."""
    s = great_war(1)
    s["stack"].clear()
    clear(s)
    assert world.holder(s, "japan") == "japan" and world.holder(s, "beijing") == "qing"
    assert greatwar.owner_alliance(s, "japan") is None and greatwar.owner_alliance(s, "qing") is None
    s["control"]["shanghai"] = GE  # an Alliance player's space, open to the Entente
    s["control"]["india"] = UK
    s["control"].pop("siam", None)  # unclaimed
    gains = greatwar.colonial_gains(s, "asia", "entente")
    assert "shanghai" in gains
    assert not {"japan", "beijing", "siam", "india"} & set(gains)
    add(s, GE, "ef", "shanghai")  # an occupied space is not taken
    assert "shanghai" not in greatwar.colonial_gains(s, "asia", "entente")


def test_surrender_at_zero_stability_eliminates_and_the_last_power_alone_loses():
    """30.1 L1478-1483, 31.0 L1488-1490, 2.2.2 L131: a player at 0 stability surrenders and is
    eliminated (its units go, its place becomes a bonus impulse); an alliance reduced to one
    power with no neutral player is defeated and the other wins as a team."""
    s = great_war(1)
    assert not greatwar.neutrals(s)
    s["powers"][RU]["stability"] = 0
    greatwar.check(s)
    assert RU in s["gw"]["eliminated"] and not [u for u in s["units"].values() if u["o"] == RU]
    assert "bonus-entente" in s["war"]["order"] and RU not in s["war"]["order"]
    assert s["gw"]["winner"] is None  # UK and FR fight on
    s["powers"]["fr"]["stability"] = 0
    greatwar.check(s)
    assert s["gw"]["winner"] == "alliance"  # the UK alone, no neutral player
    greatwar.finish(s)
    assert set(s["result"]["winners"]) == {"ge", "au", "ot"}


def test_a_capital_and_subcapital_both_occupied_force_surrender():
    """30.1 L1479: AU, RU and OT surrender only when capital and subcapital are both occupied."""
    s = great_war(1)
    s["occupied"]["st-petersburg"] = GE
    greatwar.check(s)
    assert RU not in s["gw"]["eliminated"]
    s["occupied"]["moscow"] = GE
    greatwar.check(s)
    assert RU in s["gw"]["eliminated"]
    s["occupied"]["london"] = GE
    greatwar.check(s)
    assert UK in s["gw"]["eliminated"]


def test_victory_with_a_neutral_compares_the_best_scores_with_the_bonus():
    """2.2.2 L132: with a neutral player, the winning alliance's best player scores 4 minus the GW
    turn more and is compared with the best neutral."""
    s = great_war(1, boxes={"ge": "alliance-committed", "au": "alliance-committed", "uk": "entente-committed",
                            "fr": "entente-committed", "ru": "neutral", "ot": "neutral"})  # fmt: skip
    g = s["gw"]
    g["vp"] = {"ge": 5, "au": 3, "uk": 2, "fr": 2, "ru": 4, "ot": 7}
    g["winner"] = "alliance"
    g["turn"] = 3  # bonus 1: GE 6 against OT 7
    greatwar.finish(s)
    assert s["result"]["winners"] == ["ot"]
    s = great_war(1, boxes={"ge": "alliance-committed", "au": "alliance-committed", "uk": "entente-committed",
                            "fr": "entente-committed", "ru": "neutral", "ot": "neutral"})  # fmt: skip
    s["gw"]["vp"] = {"ge": 5, "au": 3, "uk": 2, "fr": 2, "ru": 4, "ot": 7}
    s["gw"]["winner"] = "alliance"
    s["gw"]["turn"] = 1  # bonus 3: GE 8 against OT 7
    greatwar.finish(s)
    assert set(s["result"]["winners"]) == {"ge", "au"}


def test_after_gw_turn_5_the_best_neutral_or_the_highest_stability_wins():
    """2.2.3 L135-140, 31.0 L1490-1493."""
    s = great_war(1, boxes={"ge": "alliance-committed", "au": "alliance-committed", "uk": "entente-committed",
                            "fr": "entente-committed", "ru": "neutral", "ot": "neutral"})  # fmt: skip
    s["gw"]["vp"] = {"ge": 9, "au": 3, "uk": 2, "fr": 2, "ru": 4, "ot": 6}
    greatwar.finish(s)
    assert s["result"]["winners"] == ["ot"]
    s = great_war(1)
    for q, st in zip(s["powers"], (3, 5, 2, 5, 1, 4), strict=True):
        s["powers"][q]["stability"] = st
    greatwar.finish(s)
    assert set(s["result"]["winners"]) == {"uk", "au"}


def test_a_neutral_may_join_only_an_alliance_not_outnumbering_the_other():
    """29.3 L1465: not an alliance of 3 players, nor one with more players than the other."""
    s = great_war(1, boxes={"ge": "alliance-committed", "au": "alliance-committed", "uk": "entente-committed",
                            "fr": "neutral", "ru": "neutral", "ot": "neutral"})  # fmt: skip
    assert greatwar.open_sides(s) == ["entente"]
    s["gw"]["sides"]["entente"].append("fr")
    assert greatwar.open_sides(s) == ["alliance", "entente"]
    s["gw"]["sides"]["alliance"].append(OT)
    assert greatwar.open_sides(s) == ["entente"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_great_war_is_played_to_its_end_by_heuristic_bots_and_replays(seed):
    """24.1: Planning, Maneuver and Winter until an alliance is defeated (both at once in seed 2,
    G33) or GW turn 5 is over; the record replays to the same end."""
    import random

    from kriegsspiel.ai.bots import get

    bot = get("imperial-elegy", "heuristic")
    s = great_war(seed)
    pick = random.Random(seed)
    for _ in range(5000):
        if not s["stack"]:
            break
        for role in game.active(s):
            answer(s, role, bot(game.view(s, role), game.actions(s, role), pick))
    assert not s["stack"] and s["result"]["winners"]
    assert greatwar.decided(s["gw"]) or s["gw"]["turn"] == greatwar.LAST_TURN


def test_the_loc_region_is_every_space_that_traces_a_loc():
    """5.6: ``loc_region`` (one search from the sources, for the rules that ask of many spaces,
    27.5.1, 27.5.3) agrees with ``has_loc`` (a trace from each space) everywhere, in the Great
    War's positions as play goes on."""
    checked = 0
    for step, s in random_play(2, 120):
        if step % 40 != 1:
            continue
        for q in list(s["powers"]) + ["italy", "serbia"]:
            for land_only in (False, True):
                region = world.loc_region(s, q, land_only)
                for sid in world.P().spaces:
                    assert (sid in region) == world.has_loc(s, q, sid, land_only), (q, sid, land_only)
                    checked += 1
    assert checked > 5000


def test_declaring_war_on_a_neutral_minor_puts_it_in_the_other_alliance():
    """32.4 L1504-1506: no CP, the impulse goes on; a player of the other alliance places its ally
    marker on the minor, which is then an enemy to attack."""
    from kriegsspiel.games.imperial_elegy import war

    s = great_war(1)
    s["stack"].clear()
    s["allies"].pop("belgium", None)
    s["diplomacy"].pop("belgium", None)
    s["control"]["belgium"] = "belgium"
    world.new_unit(s, GE, "army", "rhineland")
    s["war"]["impulse"] = None
    s["war"]["order"] = ["ge", "uk", "au", "fr", "ot", "ru"]
    s["war"]["budget"] = {q: 3 for q in s["war"]["order"]}
    s["war"]["passes"] = 0
    s["war"]["turn"] = 0
    proc(s, "gw-maneuver")
    first_until(s, "gw-impulse")
    assert s["stack"][-1]["role"] == GE
    assert {"declare": "belgium"} in game.actions(s, GE)
    answer(s, GE, {"declare": "belgium"})
    if asking(s) == "gw-choose":  # the Entente names the player who takes Belgium in
        assert s["stack"][-1]["role"] == UK
        answer(s, UK, {"power": UK})
    assert s["allies"]["belgium"] == UK and "belgium" in s["war"]["defenders"]
    assert asking(s) == "gw-impulse" and s["stack"][-1]["role"] == GE and s["war"]["budget"][GE] == 3
    assert {"declare": "belgium"} not in game.actions(s, GE)
    assert war.key_of(s, "belgium") == "defender"


def test_a_fort_may_cancel_a_retreat_on_gw_turn_0_only():
    """28.2 L1426-1429 (G17): forced to retreat before GW turn 1, the defender may remove its fort
    to stay; from GW turn 1 the fort only loses a level after each battle."""
    for turn in (0, 1):
        s = trench_position(turn=turn)
        s["control"]["alsace-lorraine"] = "fr"
        fr = add(s, "fr", "army", "alsace-lorraine", 2)
        add(s, GE, "army", "rhineland", 3)
        s["forts"]["alsace-lorraine"] = ["fr", 1]
        with scripted_dice(s, 5, 2):  # GE 6 FP against 4 + 1: Att 4, the defenders keep a unit
            proc(s, "land-battle", attacker=GE, frm="rhineland", space="alsace-lorraine")
            for _ in range(20):
                if asking(s) in (None, "battle-fort", "battle-advance"):
                    break
                role = s["stack"][-1]["role"]
                legal = game.actions(s, role)
                answer(s, role, "done" if "done" in legal else legal[-1] if asking(s) == "battle-elite" else legal[0])
        if turn == 0:
            assert asking(s) == "battle-fort" and s["stack"][-1]["role"] == "fr"
            answer(s, "fr", "remove-fort")
            assert any(u in s["units"] and s["units"][u]["at"] == "alsace-lorraine" for u in fr)
            assert "alsace-lorraine" not in s["forts"]
        else:
            assert asking(s) != "battle-fort"  # a trench on GW turn 1: no retreat, no question


def test_a_face_up_combat_card_may_be_given_to_an_ally():
    """26.1 L1346: the combat cards are turned face up in the Planning Step and may then be given
    to another player of the alliance."""
    s = great_war(1)
    s["stack"].clear()
    terror = next(c.id for c in gw_deck().cards.values() if c.number == 4)
    s["gw"]["combat"][terror] = {"holder": GE, "up": False}
    proc(s, "gw-planning")
    assert s["gw"]["combat"][terror]["up"] is True
    assert asking(s) == "gw-choose" and s["stack"][-1]["role"] == GE
    assert {"power": "au"} in game.actions(s, GE) and {"power": UK} not in game.actions(s, GE)
    answer(s, GE, {"power": "au"})
    assert s["gw"]["combat"][terror]["holder"] == "au"
    assert greatwar.combat_cards(s, "au") == [terror]


def test_the_uk_drafts_british_armies_on_british_manpower_and_indian_ones_on_colonial():
    """33.2.1 L1533-1534, 27.5.2: British armies use British manpower, Indian armies and the CW
    army colonial manpower; the CW army only in Australia or Canada."""
    s = great_war(1)
    s["stack"].clear()
    uk = s["powers"][UK]
    uk["manpower"] = {"british": 0, "colonial": 2}
    opts = [o for o in greatwar.draft_options(s, UK) if o["kind"] not in ("ef", "zouaves")]
    assert {o["kind"] for o in opts} == {"indian", "commonwealth"}
    assert all(o["space"] in ("india", "bengal", "australia", "canada") for o in opts)
    assert {o["space"] for o in opts if o["kind"] == "commonwealth"} <= {"australia", "canada"}
    uk["manpower"] = {"british": 1, "colonial": 0}
    assert {o["kind"] for o in greatwar.draft_options(s, UK) if "minor" not in o} == {"british", "ef"}
    uk["manpower"] = {"british": 1, "colonial": 1}
    s["war"]["impulse"] = {"actor": UK, "boxed": []}
    proc(s, "gw-action", actor=UK, action="draft")
    first = next(o for o in game.actions(s, UK) if isinstance(o, dict) and o["kind"] == "british")
    answer(s, UK, first)
    assert uk["manpower"] == {"british": 0, "colonial": 1}
    assert all(o == "done" or o["kind"] in ("british", "ef") for o in game.actions(s, UK))  # the same pool


def test_a_neutral_joining_in_winter_redeploys_and_deploys_free():
    """29.3 L1466-1468: a neutral player joining an alliance takes a free redeployment and a free
    deploy reserves action and the next free place in the turn order (the outnumbered alliance a
    bonus impulse); one staying out takes a free redeployment."""
    s = great_war(1, boxes={"ge": "alliance-committed", "au": "alliance-committed", "ot": "alliance-committed",
                            "uk": "entente-committed", "fr": "entente-committed", "ru": "neutral"})  # fmt: skip
    s["stack"].clear()
    s["gw"]["turn"] = 1
    s["powers"][RU]["reserves"] = [False, False]
    proc(s, "gw-winter")
    while not (asking(s) == "gw-choose" and s["stack"][-1].get("why") == "neutral"):
        role = s["stack"][-1]["role"]
        answer(s, role, game.actions(s, role)[0])
    assert {"join": "entente"} in game.actions(s, RU) and {"join": "alliance"} not in game.actions(s, RU)
    answer(s, RU, {"join": "entente"})
    assert asking(s) == "redeploy" and s["stack"][-1]["role"] == RU
    answer(s, RU, "done")
    assert asking(s) == "war-deploy" and s["stack"][-1]["role"] == RU
    before = len(s["powers"][RU]["reserves"])
    answer(s, RU, next(a for a in game.actions(s, RU) if a != "done"))
    assert len(s["powers"][RU]["reserves"]) == before - 1
    assert RU in s["gw"]["sides"]["entente"] and RU in s["war"]["defenders"]
    assert RU in s["war"]["order"] and "bonus-entente" not in s["war"]["order"]


def test_a_draft_may_raise_an_ef_or_an_allied_minors_army_instead_of_an_army():
    """27.5.2 L1391-1393: an EF instead of an army, in a controlled home key (colonial too) with a
    LoC; an allied minor's army instead of one's own, in that minor's home space."""
    s = great_war(1)
    s["stack"].clear()
    s["allies"]["saxony"] = GE
    s["war"]["attackers"].append("saxony")
    s["control"]["saxony"] = "saxony"
    for uid in world.units_at(s, "saxony"):
        world.remove_unit(s, uid)
    opts = greatwar.draft_options(s, GE)
    assert {"space": "saxony", "kind": "army", "minor": "saxony"} in opts
    efs = [o for o in opts if o["kind"] == "ef"]
    assert efs and all(s["control"][o["space"]] == GE and world.is_home(s, GE, o["space"]) for o in efs)
    s["war"]["impulse"] = {"actor": GE, "boxed": []}
    proc(s, "gw-action", actor=GE, action="draft")
    answer(s, GE, {"space": "saxony", "kind": "army", "minor": "saxony"})
    answer(s, GE, efs[0])
    saxons = [u for u in s["units"].values() if u["o"] == "saxony" and u["at"] == "saxony"]
    assert len(saxons) == 1 and saxons[0]["r"]
    assert any(u["o"] == GE and u["t"] == "ef" and u["at"] == efs[0]["space"] for u in s["units"].values())


@pytest.mark.parametrize("bot", ["rulebook", "heuristic"])
def test_a_whole_campaign_through_the_great_war_to_its_end_and_its_record_replays(bot):
    """24.0-31.0 in a campaign from 1850: six bots of one kind play until the Great War breaks out
    (the first seed from 1 that reaches it; about one campaign in three does) and is fought to
    its end; the record replays to the same state."""
    import kriegsspiel
    from kriegsspiel.ai.bots import get
    from kriegsspiel.engine.records import digest
    from kriegsspiel.engine.rng import bot_random

    seats = {p: bot for p in game.roles}
    b = get("imperial-elegy", bot)
    for seed in range(1, 31):
        s = game.new(seed=seed, options=game.seat_options({}, seats))
        rngs = {r: bot_random(s, r) for r in s["roles"]}
        while not game.is_over(s):
            for role in game.active(s):
                answer(s, role, b(game.view(s, role), game.actions(s, role), rngs[role]))
        if "gw" in s:
            break
    assert "gw" in s and s["result"]["winners"], "no campaign of seeds 1-30 reached the Great War"
    assert greatwar.decided(s["gw"]) or s["gw"]["turn"] == greatwar.LAST_TURN
    assert any(line[0] == "31.0" for line in s["log"])
    again = kriegsspiel.replay(kriegsspiel.record(s))
    assert digest(again) == digest(s)


def test_a_fort_alone_holds_a_trench_battle_space():
    """28.2 L1426: "During a trench battle, forts can defend a space even if no other friendly
    units are present": the marker stays while the fort stands, the attacker does not occupy the
    space, and it may attack the fort from within."""
    from kriegsspiel.games.imperial_elegy import war

    s = trench_position(turn=1)
    s["control"]["alsace-lorraine"] = "fr"
    add(s, GE, "army", "alsace-lorraine", 2)
    s["forts"]["alsace-lorraine"] = ["fr", 2]
    s["gw"]["trenches"]["alsace-lorraine"] = {"by": "attacker", "adv": "attacker"}
    greatwar.after_action(s)
    assert "alsace-lorraine" in s["gw"]["trenches"] and "alsace-lorraine" not in s["occupied"]
    assert {"battle": "alsace-lorraine", "from": "alsace-lorraine"} in war.battles(s, GE)
    del s["forts"]["alsace-lorraine"]
    greatwar.after_action(s)
    assert "alsace-lorraine" not in s["gw"]["trenches"] and s["occupied"]["alsace-lorraine"] == GE


def test_a_draft_rebuilds_a_lost_elite_colonial_ef_and_the_zouaves_only_in_algeria():
    """27.5.2 L1391, 5.1.5 L377-379: a destroyed Elite Colonial EF may be rebuilt by a draft in
    place of an army, as an EF is (a controlled home key, colonial too, with a LoC); the Zouaves
    only in Algeria."""
    s = great_war(1)
    s["stack"].clear()
    uk = s["powers"][UK]
    uk["manpower"] = {"british": 1, "colonial": 1}
    assert not [o for o in greatwar.draft_options(s, UK) if o["kind"] == "elite-ef"]  # none lost
    world.remove_unit(s, world.new_unit(s, UK, "elite-ef", "india"))
    assert uk["lost_elite"] == 1
    elite = [o for o in greatwar.draft_options(s, UK) if o["kind"] == "elite-ef"]
    assert {"space": "india", "kind": "elite-ef"} in elite
    s["war"]["impulse"] = {"actor": UK, "boxed": []}
    proc(s, "gw-action", actor=UK, action="draft")
    answer(s, UK, {"space": "india", "kind": "elite-ef"})
    raised = [u for u in s["units"].values() if u["o"] == UK and u["t"] == "elite-ef"]
    assert len(raised) == 1 and raised[0]["at"] == "india" and not raised[0]["r"]
    assert uk["lost_elite"] == 0
    assert not [o for o in game.actions(s, UK) if isinstance(o, dict) and o["kind"] == "elite-ef"]
    fr = "fr"
    for uid in [u for u, x in s["units"].items() if x["t"] == "zouaves"]:
        world.remove_unit(s, uid)
    s["powers"][fr]["manpower"] = {k: 1 for k in s["powers"][fr]["manpower"]}
    s["control"]["algeria"] = fr
    zouaves = [o for o in greatwar.draft_options(s, fr) if o["kind"] == "zouaves"]
    assert zouaves == [{"space": "algeria", "kind": "zouaves"}]
    s["control"]["algeria"] = GE
    assert not [o for o in greatwar.draft_options(s, fr) if o["kind"] == "zouaves"]


def test_the_uk_may_draft_its_waiting_armies_early_at_reduced_strength():
    """25.6.1 L1331, 27.5.2 L1394: the UK's armies of the National Will Step wait for GW turn 1
    under Join Your Country's Army; a draft may bring one in before then, reduced, in London."""
    s = great_war(1)
    s["stack"].clear()
    s["gw"]["uk_armies"] = 2
    s["powers"][UK]["manpower"] = {"british": 1, "colonial": 0}
    opts = greatwar.draft_options(s, UK)
    jyca = {"space": "london", "kind": "british", "jyca": True}
    assert jyca in opts
    assert "Join Your Country's Army" in game.label(jyca, s)
    s["war"]["impulse"] = {"actor": UK, "boxed": []}
    proc(s, "gw-action", actor=UK, action="draft")
    before = {u for u, x in s["units"].items() if x["o"] == UK and x["at"] == "london"}
    answer(s, UK, jyca)
    new = [u for u, x in s["units"].items() if x["o"] == UK and x["at"] == "london" and u not in before]
    assert len(new) == 1 and s["units"][new[0]]["r"] and s["units"][new[0]]["t"] == "british"
    assert s["gw"]["uk_armies"] == 1 and s["powers"][UK]["manpower"]["british"] == 0


# ----- the GW cards' events (27.2, 27.3, 32.1, 32.2, 25.2.1) ----------------------------------------------


def event(s, power, cid):
    """Play GW card ``cid``'s event for ``power`` (its choices answered by the caller)."""
    s["stack"].clear()
    proc(s, "gw-event", power=power, card=cid)
    return s


def test_the_zimmermann_telegram_brings_the_us_in_against_germanys_alliance():
    """32.1 L1497-1498, 26.2, 26.3, K24: the US joins with 3 armies and its naval units in the
    South (2 without the Dreadnoughts card), 3 stability and manpower, 1 CP the turn it enters, and
    takes its impulses after the players; against Germany's alliance whoever plays the card."""
    s = great_war(1)
    s["flags"].pop("dreadnoughts", None)
    event(s, GE, "zimmermann-telegram")  # Germany's own telegram brings America in against it
    us = [u for u in s["units"].values() if u["o"] == "us"]
    assert sorted(u["t"] for u in us) == ["army", "army", "army", "squadron", "squadron"]
    assert {u["at"] for u in us} == {"the-south"}
    assert s["gw"]["us"]["box"] == "entente" and "us" in s["war"]["defenders"]
    assert s["war"]["budget"]["us"] == 1 and s["war"]["order"][-1] == "us"
    assert greatwar.budget(s, "us") == 1  # the turn it enters
    s["gw"]["turn"] += 1
    assert greatwar.budget(s, "us") == 4
    before = len(s["units"])
    event(s, GE, "zimmermann-telegram")  # once in, it never changes sides (32.1)
    assert s["gw"]["us"]["box"] == "entente" and len(s["units"]) == before


def test_with_germany_not_at_war_the_telegram_brings_the_us_into_the_players_alliance():
    """K24: the US joins against Germany's alliance only while Germany fights; otherwise the
    player's own (here Germany is neutral and Austria plays the card)."""
    boxes = {"ge": "neutral", "au": "alliance-committed", "ot": "alliance-aligned", "uk": "entente-committed",
             "fr": "entente-aligned", "ru": "entente-aligned"}  # fmt: skip
    s = great_war(1, boxes=boxes)
    assert greatwar.side_of(s, GE) is None
    event(s, "au", "zimmermann-telegram")
    assert s["gw"]["us"]["box"] == "alliance"
    assert greatwar.us_side(s, "ge", "entente") == "entente"


def test_exhaustion_costs_manpower_or_stability_and_the_hindenburg_programme_both_its_effects():
    """27.3, K22: every belligerent loses 1 manpower, or 1 stability with none left; K25: an event's
    effects in their printed order."""
    s = great_war(1)
    s["powers"][GE]["manpower"] = {"territorial": 0}
    s["powers"][UK]["manpower"] = {"british": 2, "colonial": 1}
    ge, uk = s["powers"][GE]["stability"], s["powers"][UK]["stability"]
    event(s, RU, "exhaustion")
    assert s["powers"][GE]["stability"] == ge - 1 and s["powers"][UK]["manpower"] == {"british": 1, "colonial": 1}
    assert s["powers"][UK]["stability"] == uk
    budget = s["war"]["budget"][GE]
    st = s["powers"][GE]["stability"]
    event(s, GE, "hindenburg-programme")
    assert s["war"]["budget"][GE] == budget + 2 and s["powers"][GE]["stability"] == st - 1


def test_an_enemy_stability_event_and_a_minor_power_entry_ask_the_player():
    """K20, K23, 25.2.1 L1302: the player chooses the enemy struck and the minor that joins; a
    minor allied before the war to the other alliance is not offered unless it is a Balkan one."""
    s = great_war(1)
    event(s, GE, "mutinies")
    assert asking(s) == "gw-choose" and {"power": GE} not in game.actions(s, GE)
    fr = s["powers"]["fr"]["stability"]
    answer(s, GE, {"power": "fr"})
    assert s["powers"]["fr"]["stability"] == fr - 1
    s["allies"]["belgium"] = "fr"  # Belgium, allied to France: not for the Alliance's card
    s["allies"]["serbia"] = "ru"  # Serbia, a Balkan minor: it may switch (K23)
    for m in ("belgium", "serbia"):
        s["control"][m] = m
    event(s, GE, "minor-power-entry")
    offered = {a["minor"] for a in game.actions(s, GE) if isinstance(a, dict)}
    assert "belgium" not in offered and "serbia" in offered
    answer(s, GE, {"minor": "serbia"})
    assert s["allies"]["serbia"] == GE and "serbia" in s["war"]["attackers"]


def test_the_us_surrenders_at_0_stability_and_its_units_leave_play():
    """30.2 L1484-1487."""
    s = great_war(1)
    event(s, UK, "zimmermann-telegram")
    s["gw"]["us"]["stability"] = 0
    greatwar.check(s)
    assert not [u for u in s["units"].values() if u["o"] == "us"]
    assert "us" not in s["war"]["defenders"] and "us" not in s["war"]["order"]


def test_with_no_player_in_either_alliance_a_die_names_the_two_powers_at_war():
    """25.2.2 L1310-1313: on a 1 GE and FR go to war, each in its own alliance's committed box."""
    s = blank(2)
    for q in s["powers"]:
        s["powers"][q]["alliance"] = "neutral"
    with scripted_dice(s, 1):
        proc(s, "great-war", reason="a test")
    assert s["gw"]["sides"] == {"alliance": ["ge"], "entente": ["fr"]}
    assert s["powers"]["ge"]["alliance"] == "alliance-committed"
    assert s["powers"]["fr"]["alliance"] == "entente-committed"


def test_after_a_land_battle_a_gw_card_is_played_for_its_event_only():
    """27.2 L1366 (G18): a card used for a bonus action allows no land battle in the impulse, so
    after a battle the card is played for its event or kept; Exhaustion gives its event only."""
    s = great_war(1)
    a = s["stack"][-1]["role"]
    s["war"]["impulse"]["taken"] = "battle"
    event_card = next(c.id for c in gw_deck().cards.values() if c.kind == "event")
    s["powers"][a]["gw_hand"] = [event_card]
    s["stack"].append({"state": "gw-card", "role": a})
    assert game.actions(s, a) == [{"gw_play": event_card, "use": "event"}, "keep"]
    s["powers"][a]["gw_hand"] = [card_of("mandatory")]
    assert {"gw_play": card_of("mandatory"), "use": "event"} in game.actions(s, a)
    s["war"]["impulse"]["taken"] = "march"
    assert {"gw_play": card_of("mandatory"), "use": "both"} in game.actions(s, a)


def test_an_eliminated_players_spaces_are_marched_into_and_occupied_before_rail():
    """30.1 L1484: after a player is eliminated the others march freely through its territory,
    and rail through its former spaces only once they are occupied."""
    from kriegsspiel.games.imperial_elegy import war

    s = great_war(1)
    s["stack"].clear()
    clear(s)
    s["war"]["impulse"] = {"actor": GE, "boxed": []}
    s["war"]["deployed"] = []
    s["powers"][RU]["stability"] = 0
    greatwar.check(s)
    assert RU in s["gw"]["eliminated"]
    ge = add(s, GE, "army", "posen")[0]
    ru_next = sorted(n for n in world.P().adjacency["posen"] if s["control"].get(n) == RU)
    assert ru_next
    moves = war.march_moves(s, GE, {})
    assert {"unit": ge, "to": ru_next[0]} in moves
    assert ru_next[0] not in war.rail_reach(s, GE, "posen", False)  # not occupied yet
    war.move_land(s, GE, ge, ru_next[0])
    assert s["occupied"][ru_next[0]] == GE


def test_us_armies_stay_in_north_america_while_an_enemy_holds_canada_or_mexico():
    """32.1 L1498: with Canada (or Mexico) an enemy's, US armies may not leave the North America
    submap until it is occupied."""
    from kriegsspiel.games.imperial_elegy import naval

    s = great_war(1)
    s["stack"].clear()
    greatwar.enter_major(s, "us", "alliance")  # the US with the Alliance: Britain's Canada is the enemy's
    assert s["gw"]["us"]["box"] == "alliance"
    army = next(uid for uid, u in s["units"].items() if u["o"] == "us" and u["t"] == "army")
    s["control"]["brittany"] = "ge"
    for uid in world.units_at(s, "brittany"):
        world.remove_unit(s, uid)
    assert naval.us_held_home(s)
    assert not naval.port_ok(s, "us", army, "brittany", {})
    s["occupied"]["canada"] = "us"
    assert not naval.us_held_home(s)
    assert naval.port_ok(s, "us", army, "brittany", {})


def test_land_units_move_by_sea_straight_into_a_trench_battle_port():
    """28.1.5 L1424: a port with a trench battle is entered by naval movement without an
    amphibious assault."""
    from kriegsspiel.games.imperial_elegy import naval

    s = trench_position(turn=1)
    s["control"]["belgium"] = "fr"
    add(s, "fr", "army", "belgium")
    add(s, GE, "army", "belgium")
    army = add(s, GE, "army", "north-atlantic")[0]
    assert not naval.port_ok(s, GE, army, "belgium", {})
    s["gw"]["trenches"]["belgium"] = {"by": "attacker", "adv": "attacker"}
    assert naval.port_ok(s, GE, army, "belgium", {})


def test_war_may_be_declared_on_a_neutral_italy_and_nobody_but_the_us_enters_the_south():
    """32.4 L1504: a neutral unified Italy is a non-player power war may be declared on: it joins
    the other alliance (32.2); 32.1 L1498: only the US may have units in the South."""
    from kriegsspiel.games.imperial_elegy import naval, war

    s = great_war(1)
    s["stack"].clear()
    s["flags"]["italy_unified"] = True
    s["majors"]["italy"] = {"alliance": "neutral", "reserves": 0}
    s["control"]["piedmont"] = "italy"
    add(s, "fr", "army", "provence")
    assert "italy" in greatwar.neutral_minors_near(s, "fr")
    proc(s, "gw-declare", actor="fr", minor="italy")
    assert "italy" in s["war"]["attackers"] and s["majors"]["italy"]["gw_stability"] == 3
    assert "italy" not in greatwar.neutral_minors_near(s, "fr")
    army = add(s, UK, "army", "north-atlantic")[0]
    assert not naval.port_ok(s, UK, army, "the-south", {})
    assert not war.enterable(s, "the-south", "defender", s["units"][army])


def test_no_view_or_log_line_tells_another_power_which_gw_card_a_power_holds():
    """26.0: a GW card in hand is its holder's secret until played: no other role's view (board or
    log) names it while it is held, through a stretch of random play from the outbreak."""
    import json

    checked = 0
    for _, s in random_play(3, 150):
        held = {q: set(s["powers"][q].get("gw_hand", ())) for q in s["powers"]}
        played = set(s["gw"]["discard"]) | set(s["gw"]["combat"])
        for viewer in list(s["powers"]) + [None]:
            text = json.dumps(game.view(s, viewer))
            for q, cards in held.items():
                if q != viewer:
                    for c in cards - played:
                        assert f'"{c}"' not in text and card(c).title not in text, (viewer, q, c)
                        checked += 1
    assert checked > 500


def card(cid):
    return gw_deck().cards[cid]


def test_a_key_taken_in_the_colonial_war_can_win_the_game_at_once():
    """2.2.4 L139: a player taking control of its display's number of territorial keys wins at
    once; in the Great War a space taken in the colonial war (29.2) is controlled, not occupied
    (15.3), so the check follows it there too."""
    from kriegsspiel.games.imperial_elegy import goals

    s = great_war(1)
    sides = greatwar.gw(s)["sides"]
    winner, loser = "alliance", "entente"

    def taker(sid):  # who takes the space (Winter.colonial_gain): a winner with a LoC there
        return next((p for p in sides[winner] if world.has_loc(s, p, sid)), sides[winner][0])

    def counts(sid, q):  # the space would be one more of q's territorial keys
        t = game.clone(s)
        world.set_control(t, sid, q)
        return world.territorial_keys(t, q) == world.territorial_keys(s, q) + 1

    keys = [sid for sid, sp in sorted(world.P().spaces.items()) if sp.type in world.KEY_TYPES]
    target = next(
        sid
        for sid in keys
        if s["control"].get(sid) in sides[loser] and sid not in s["occupied"] and counts(sid, taker(sid))
    )
    q = taker(target)
    need = world.P().powers[q].auto_victory_keys
    for sid in keys:  # one key short of auto-victory
        if world.territorial_keys(s, q) >= need - 1:
            break
        if sid != target and s["control"].get(sid) != q and sid not in s["occupied"]:
            world.set_control(s, sid, q)
    assert not goals.auto_victory(s) and world.territorial_keys(s, q) == need - 1
    greatwar.gw(s)["answer"] = {"space": target}
    assert greatwar.Winter().colonial_gain(s, {"pending": {"winner": winner}}) is None
    assert s["result"]["winners"] == [q] and "auto-victory" in s["result"]["reason"] and not s["stack"]


def test_the_ottomans_neither_lose_nor_regain_stability_for_tunisia_and_tripoli():
    """33.6 L1575, 30.0 L1470-1471 (G23): in the GW the Ottomans lose no stability when Tunisia is
    occupied, and gain none when it is theirs again; another key, lost and retaken, costs 1 and
    gives it back."""
    s = great_war(1)
    foe = next(q for q in greatwar.gw(s)["sides"]["entente"] if q != "ot")
    assert "ot" in greatwar.gw(s)["sides"]["alliance"]
    s["control"]["tunisia"] = "ot"
    before = s["powers"]["ot"]["stability"]
    for _ in range(3):  # lost and retaken three times
        s["occupied"]["tunisia"] = foe
        greatwar.after_action(s)
        s["occupied"].pop("tunisia")
        greatwar.after_action(s)
    assert s["powers"]["ot"]["stability"] == before
    key = next(
        sid
        for sid, c in sorted(s["control"].items())
        if c == "ot"
        and sid not in world.OT_LAND_LOC
        and world.P().spaces[sid].type in world.KEY_TYPES
        and world.P().spaces[sid].map == "main"
        and not world.P().spaces[sid].colonial_home
        and sid not in s["occupied"]
    )
    s["occupied"][key] = foe
    greatwar.after_action(s)
    assert s["powers"]["ot"]["stability"] == before - 1
    s["occupied"].pop(key)
    greatwar.after_action(s)
    assert s["powers"]["ot"]["stability"] == before
