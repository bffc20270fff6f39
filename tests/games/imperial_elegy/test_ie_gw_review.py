"""The Great War (§26-§32) as an opponent would try it: through the trenches, behind an
occupying minor, by who is asked what, with a surrendered Italy, in the Winter Step."""

from __future__ import annotations

from ie_support import GE, answer, asking, game, great_war

from kriegsspiel.games.imperial_elegy import war, world


def add(s, owner, kind, at, count=1, reduced=False):
    return [world.new_unit(s, owner, kind, at, reduced) for _ in range(count)]


def clear_space(s, sid):
    for uid in [u for u, x in s["units"].items() if x["at"] == sid]:
        del s["units"][uid]


def trench_battle_in_alsace():
    """GW turn 1: two French armies and a German one in a trench battle in Alsace-Lorraine,
    Champagne French and empty, a German army in the Rhineland; Germany's impulse."""
    s = great_war(1)
    s["gw"]["turn"] = 1
    for sid in ("alsace-lorraine", "rhineland", "champagne"):
        clear_space(s, sid)
    add(s, "fr", "army", "alsace-lorraine", 2)
    add(s, GE, "army", "alsace-lorraine")
    s["gw"]["trenches"]["alsace-lorraine"] = {"by": "attacker", "adv": "attacker"}
    mover = add(s, GE, "army", "rhineland")[0]
    war.update_occupation(s)
    s["war"]["deployed"] = []
    return s, mover


def test_a_march_into_a_trench_battle_may_not_go_on_into_the_enemys_rear():
    """28.1.5 L1423: "when units leave a trench battle space the first space they enter cannot be
    an enemy controlled (or occupied) space": whether they began the march there or entered the
    trench battle during it. An army marched Rhineland - Alsace-Lorraine - Champagne and took
    a French key behind the line."""
    s, mover = trench_battle_in_alsace()
    assert world.controller(s, "champagne") == "fr"
    assert asking(s) == "gw-impulse" and game.active(s) == [GE]
    answer(s, GE, "march")
    answer(s, GE, {"unit": mover, "to": "alsace-lorraine"})
    legal = game.actions(s, GE)
    assert {"unit": mover, "to": "champagne"} not in legal
    assert {"unit": mover, "to": "rhineland"} in legal  # back into its own space it may go


def test_an_enemy_minors_army_alone_in_a_capital_takes_it():
    """30.1 L1479 ("if their capital is occupied") and 30.0 L1471 (a key lost, -1 stability): a
    minor power at war fights for its alliance (26.3), and its army alone in Berlin occupies it
    for the Entente as a Russian one does. The minor's occupation counted for nothing."""
    from kriegsspiel.games.imperial_elegy import greatwar

    results = {}
    for who in ("saxony", "ru"):
        s = great_war(1)
        greatwar.join_minor(s, "saxony", "ru")
        assert greatwar.owner_alliance(s, "saxony") == "entente"
        clear_space(s, "berlin")
        add(s, who, "army", "berlin")
        war.update_occupation(s)
        before = s["powers"][GE]["stability"]
        greatwar.after_action(s)
        results[who] = (s["occupied"].get("berlin"), before - s["powers"][GE]["stability"], GE in s["gw"]["eliminated"])
    assert results["ru"][1:] == results["saxony"][1:] == (1, True)
    assert results["saxony"][0] == "saxony"


def give_card(s, q, cid):
    """``q`` holds ``cid`` alone (taken from wherever it was)."""
    for p in s["powers"]:
        held = s["powers"][p].setdefault("gw_hand", [])
        if cid in held:
            held.remove(cid)
    if cid in s["gw_deck"]:
        s["gw_deck"].remove(cid)
    s["powers"][q]["gw_hand"] = [cid]


def plainly(s, role):
    legal = game.actions(s, role)
    return next((a for a in ("pass", "none", "keep", "done", "stay-out") if a in legal), legal[0])


def test_who_is_asked_for_a_combat_card_tells_nothing_of_the_hand():
    """26.0 L1344: the GW card is secret. At a land battle's start only a player holding a
    combat card was asked, so Germany saw that France's card was Stormtroop Tactics and not
    War Bonds. Now France is asked whatever it holds, and Germany sees the same."""
    seen = {}
    for cid in ("war-bonds", "stormtroop-tactics"):
        s = great_war(1)
        give_card(s, "fr", cid)
        s["powers"][GE]["gw_hand"] = []
        attack = next(a for a in game.actions(s, GE) if game.label(a, s).startswith("attack Alsace"))
        answer(s, GE, attack)
        trail = []
        for _ in range(30):
            if asking(s) in ("gw-card", "battle-advance") or s.get("battle") is None:
                break
            trail.append((asking(s), tuple(game.view(s, GE, log=False)["active"])))
            role = game.active(s)[0]
            answer(s, role, plainly(s, role))
        seen[cid] = trail
    assert ("gw-combat-card", ("fr",)) in seen["war-bonds"]
    assert seen["war-bonds"] == seen["stormtroop-tactics"]


def test_every_neutral_holding_a_card_is_asked_at_27_4():
    """27.4 L1371: a neutral may play its GW card for its event. Only a neutral whose card had an
    event was asked, which told everyone that the others held combat cards."""
    boxes = {GE: "alliance-committed", "au": "alliance-committed", "ot": "neutral"}
    boxes |= {"uk": "entente-aligned", "fr": "entente-committed", "ru": "entente-committed"}
    asked = {}
    for cid in ("war-bonds", "technological-terror"):
        s = great_war(1, boxes=boxes)
        give_card(s, "ot", cid)
        asked[cid] = []
        for _ in range(3000):
            if s["gw"]["step"] == "winter" or not s["stack"]:
                break
            if asking(s) == "gw-neutral-card":
                asked[cid].append(tuple(game.view(s, GE, log=False)["active"]))
                if cid == "technological-terror":
                    assert game.actions(s, "ot") == ["keep"]
                    assert "no event" in game.view(s, "ot", log=False)["prompt"]
            for role in game.active(s):
                answer(s, role, plainly(s, role))
    assert asked["war-bonds"] == asked["technological-terror"] == [("ot",)]


def test_a_surrendered_italy_does_not_come_back():
    """30.2 L1487, 32.2 L1500 (RULINGS_GW G30): Italy forced to surrender leaves the war for good.
    Back in the neutral box it could be attacked again under 32.4 or brought in by Treaty of
    London, with 3 stability and 3 manpower afresh."""
    from ie_support import proc

    from kriegsspiel.games.imperial_elegy import greatwar

    s = great_war(1)
    s["stack"].clear()
    s["flags"]["italy_unified"] = True
    s["majors"]["italy"] = {"alliance": "neutral", "reserves": 0}
    s["control"]["piedmont"] = "italy"
    add(s, "italy", "army", "piedmont")
    add(s, "fr", "army", "provence")
    assert "italy" in greatwar.neutral_minors_near(s, "fr")  # a neutral Italy: 32.4 applies
    proc(s, "gw-declare", actor="fr", minor="italy")
    assert greatwar.side_of(s, "italy") is not None
    greatwar.change_stability(s, "italy", -3, "a test")
    greatwar.check(s)
    assert greatwar.side_of(s, "italy") is None
    assert not any(u["o"] == "italy" for u in s["units"].values())
    assert "italy" not in greatwar.neutral_minors_near(s, "fr")
    assert not greatwar.Event.major_free(s, "italy")


WINTER_BOXES = {GE: "alliance-committed", "au": "alliance-committed", "ot": "neutral"}
WINTER_BOXES |= {"uk": "entente-aligned", "fr": "entente-committed", "ru": "neutral"}


def test_a_player_at_zero_stability_in_the_winter_step_surrenders_at_once():
    """30.1 L1479: a player "immediately surrenders when their stability reaches 0"; 29.3 L1467:
    elimination changes which alliance a neutral may join. Britain fell to 0 in the African
    colonial war and stayed in the war through the Asian roll and the neutrals' choice."""
    from ie_support import proc

    from kriegsspiel.engine.testing import scripted_dice
    from kriegsspiel.games.imperial_elegy.world import P

    s = great_war(2, boxes=WINTER_BOXES)
    s["stack"].clear()
    for uid, u in list(s["units"].items()):
        sp = P().spaces.get(u["at"])
        if (sp is not None and sp.map == "africa") or u["at"] in ("south-atlantic", "indian-ocean"):
            world.remove_unit(s, uid)
    world.set_control(s, "sokoto", GE)  # nobody holds the whole of Africa
    s["powers"]["uk"]["stability"] = 1
    with scripted_dice(s, 6, 1, 3, 3, 6, 1):  # Africa 6 to 1; Asia 3 to 3; the neutrals' order
        proc(s, "gw-winter")
        for _ in range(20):
            f = s["stack"][-1] if s["stack"] else {}
            if f.get("why") == "neutral":
                break
            role = game.active(s)[0]
            answer(s, role, "none" if "none" in game.actions(s, role) else game.actions(s, role)[0])
    assert "uk" in s["gw"]["eliminated"]
    texts = [line["text"] for line in game.log(s, None)]
    surrender = next(i for i, t in enumerate(texts) if "Britain surrenders" in t)
    assert surrender < next(i for i, t in enumerate(texts) if "colonial war in Asia" in t)
    assert {"join": "alliance"} not in game.actions(s, game.active(s)[0])  # 2 against 1 now: not the bigger


def test_a_neutrals_cp_given_to_the_us_is_in_its_budget():
    """29.3 L1468: a neutral may give a belligerent power 1 CP; the US and Italy are offered (G12)
    and the gift was logged, then lost: their budgets never counted it."""
    from kriegsspiel.games.imperial_elegy import greatwar

    s = great_war(1, boxes={**WINTER_BOXES, "ru": "entente-committed"})
    greatwar.enter_major(s, "us", "entente")
    s["gw"]["us"]["entered"] = 0
    s["gw"]["turn"] = 1
    s["gw"]["bonus_cp"] = {"us": 1}
    assert greatwar.budget(s, "us") == 5
    s["majors"]["italy"] = {"alliance": "alliance-committed", "reserves": 0}
    s["gw"]["bonus_cp"]["italy"] = 1
    assert greatwar.budget(s, "italy") == 3


def test_the_colonial_war_takes_an_army_step_before_any_unit():
    """29.2 L1456, RULINGS_GW G7: the losing alliance loses an army step before any unit is
    eliminated. A British EF in East Africa was eliminated, the name of the space coming
    first, while the army at the Cape stood at full strength."""
    from ie_support import proc

    from kriegsspiel.engine.testing import scripted_dice
    from kriegsspiel.games.imperial_elegy.world import P

    s = great_war(1)
    for uid, u in list(s["units"].items()):
        sp = P().spaces.get(u["at"])
        if (sp is not None and sp.map == "africa") or u["at"] in ("south-atlantic", "indian-ocean"):
            world.remove_unit(s, uid)
    world.set_control(s, "sokoto", GE)
    ef = add(s, "uk", "ef", "east-africa")[0]
    army = add(s, "uk", "british", "south-africa")[0]
    s["stack"].clear()
    with scripted_dice(s, 6, 1, 3, 3):  # Africa: the Alliance 6, the Entente 1+2: one loss
        proc(s, "gw-winter")
        while s["stack"] and s["stack"][-1].get("why") == "colony":
            answer(s, game.active(s)[0], "none")
    assert ef in s["units"] and s["units"][army]["r"]


def test_a_rail_move_into_a_trench_battle_counts_only_its_sides_armies():
    """RULINGS_GW G24 (28.1.1, 5.5 L401): in a trench battle each side counts its own armies
    against the stacking limit when it advances, marches or rails in. Three French armies and
    one German in Alsace-Lorraine: a German march in was offered, a rail move was not."""
    s, mover = trench_battle_in_alsace()
    add(s, "fr", "army", "alsace-lorraine")
    moves = war.rail_moves(s, GE, {"count": 3, "moved": 0, "done": [], "tsrr": False})
    assert {"unit": mover, "to": "alsace-lorraine"} in [{k: m[k] for k in ("unit", "to")} for m in moves]


def test_a_gw_card_that_cannot_be_played_says_so():
    """27.2 L1366, 26.1, G18: after a land battle a combat card cannot be played; the question
    offered "its event or a bonus action" with "keep your hand" as the only choice."""
    from kriegsspiel.games.imperial_elegy import greatwar

    s = great_war(1)
    give_card(s, GE, "stormtroop-tactics")
    s["war"]["impulse"]["taken"] = "battle"
    state = greatwar.CardPlay()
    assert state.actions(s, {}, GE) == ["keep"]
    assert "cannot be played now" in state.prompt(s, {}, GE)
    s["war"]["impulse"]["taken"] = "march"
    assert state.actions(s, {}, GE) == [{"gw_play": "stormtroop-tactics", "use": "bonus"}, "keep"]
    assert state.prompt(s, {}, GE).endswith("for a bonus action, or keep it?")


def test_the_alliances_first_player_in_the_gw_turn_order_names_who_takes_a_bonus_impulse():
    """25.7.1 L1339, RULINGS_GW G19: with Austria first in the Alliance's GW turn order, Austria
    names the member who acts in the bonus impulse; Prussia, first in the rulebook's order,
    was asked."""
    from ie_support import blank, proc

    s = blank(1, no_great_war_turns=False)
    for q, box in {**WINTER_BOXES, "ru": "entente-committed"}.items():
        s["powers"][q]["alliance"] = box
    proc(s, "great-war", reason="a test")
    for _ in range(400):
        f = s["stack"][-1]
        if f.get("why") == "bonus":
            break
        for role in game.active(s):
            if f.get("state") == "gw-order" and role == GE:
                answer(s, role, {"order": ["au", GE]})
            else:
                answer(s, role, plainly(s, role))
    else:
        raise AssertionError("no bonus impulse")
    alliance = [q for q in s["war"]["order"] if q in (GE, "au")]
    assert alliance[0] == "au" and game.active(s) == ["au"]


def test_the_uk_chooses_the_army_its_national_will_ec_joins(monkeypatch):
    """25.6.1 L1332: "A UK EC gained during the national will step is attached to an on map army
    of their choice" (RULINGS_GW G4). It went to the army first by space name, in Bengal."""
    from ie_support import blank, proc

    from kriegsspiel.games.imperial_elegy import goals

    vps = {GE: 0, "uk": 5, "fr": 0, "au": 0, "ru": 0, "ot": 0}
    detail = {"goals": 0, "stability": 0, "markers": 0, "special": 0, "special_why": []}
    monkeypatch.setattr(goals, "score", lambda s: {q: {"goals": [], "vp": v, "detail": detail} for q, v in vps.items()})
    s = blank(3, no_great_war_turns=False)
    for q, box in {GE: "alliance-committed", "au": "alliance-committed", "uk": "entente-committed"}.items():
        s["powers"][q]["alliance"] = box
    proc(s, "great-war", reason="a test")
    for _ in range(50):
        if s["stack"][-1].get("why") == "uk-ec":
            break
        role = game.active(s)[0]
        answer(s, role, game.actions(s, role)[0])
    else:
        raise AssertionError("the UK was not asked")
    where = [a["space"] for a in game.actions(s, "uk")]
    assert "london" in where and len(where) > 1
    answer(s, "uk", {"space": "london"})
    assert any(u["o"] == "uk" and u["t"] == "ec" and u["at"] == "london" for u in s["units"].values())
    assert asking(s) == "gw-boost" and game.active(s) == ["uk"]  # its one boost (5 VP) follows


def test_a_neutral_joining_the_war_at_zero_stability_gains_one():
    """25.4 L1318 (RULINGS_GW G31): a player entering the GW at 0 stability gains 1, whenever it
    enters; a neutral at 0 joining an alliance in the Winter Step surrendered at once."""
    from kriegsspiel.games.imperial_elegy import greatwar

    s = great_war(1, boxes=WINTER_BOXES)
    s["powers"]["ot"]["stability"] = 0
    greatwar.join_alliance(s, "ot", "alliance")
    assert s["powers"]["ot"]["stability"] == 1
    greatwar.check(s)
    assert "ot" not in s["gw"]["eliminated"]


def test_the_us_can_never_be_invaded():
    """32.1 L1498 (RULINGS_GW G32): "Only the US can have units in the South space, thus the US
    can never be invaded". A British army in Canada, the US in the war against Britain, marched
    into the North, the US capital."""
    from kriegsspiel.games.imperial_elegy import greatwar

    s = great_war(1)
    greatwar.enter_major(s, "us", "alliance")
    clear_space(s, "canada")
    clear_space(s, "the-north")
    uk = add(s, "uk", "british", "canada")[0]
    s["war"]["deployed"] = []
    moves = war.march_moves(s, "uk", {})
    assert {"unit": uk, "to": "the-north"} not in moves and {"unit": uk, "to": "the-south"} not in moves
    assert not world.us_closed(s, "the-north", "us")  # its own armies go home


def test_both_alliances_defeated_at_once_neither_wins_the_great_war():
    """31.0 L1489-1491 and G33: Austria and France reach 0 stability together with the Ottomans
    and Russia already out, leaving each alliance one power and no neutral player. The Alliance
    was "defeated" only because it was tested first, and the Entente won. Neither wins: the game
    is decided as after GW turn 5 (2.2.3 L138-140), by the highest stability."""
    from kriegsspiel.games.imperial_elegy import greatwar

    s = great_war(1)
    greatwar.eliminate(s, "ot", "set-up")
    greatwar.eliminate(s, "ru", "set-up")
    assert greatwar.neutrals(s) == []
    s["powers"]["au"]["stability"] = 0
    s["powers"]["fr"]["stability"] = 0
    s["powers"][GE]["stability"] = 6
    s["powers"]["uk"]["stability"] = 4
    greatwar.check(s)
    assert sorted(s["gw"]["eliminated"]) == ["au", "fr", "ot", "ru"]
    assert s["gw"]["winner"] is None and greatwar.settled(s)
    for _ in range(60):  # the impulse under way ends, and with it the game
        if not s["stack"]:
            break
        role = game.active(s)[0]
        legal = game.actions(s, role)
        game.apply(s, role, "pass" if "pass" in legal else legal[0])
    assert s["result"]["winners"] == [GE]
    assert "both alliances are defeated at once" in s["result"]["reason"]
    assert "neither wins the Great War" in " ".join(e["text"] for e in game.log(s, None))


def test_a_us_led_force_of_one_army_beaten_decisively_costs_the_us_stability():
    """32.1 L1498 and G34: "a US led force suffers a defeat in a decisive battle": the US loses 1
    stability whatever the size of the force; 30.0's footnote of 2 armies is for players and
    Italy (L1470), and a Prussian force of one army costs Prussia nothing."""
    from kriegsspiel.games.imperial_elegy import greatwar

    s = great_war(1)
    greatwar.enter_major(s, "us", "entente")
    us, ge = greatwar.stability(s, "us"), greatwar.stability(s, GE)
    s["last_battle"] = {"kind": "land", "winner": "attacker", "decisive": True, "attacker": GE, "defender": "us",
                        "armies": {"a": 2, "d": 1}}  # fmt: skip
    greatwar.battle_stability(s)
    assert greatwar.stability(s, "us") == us - 1
    s["last_battle"] = {"kind": "land", "winner": "attacker", "decisive": True, "attacker": "us", "defender": GE,
                        "armies": {"a": 2, "d": 1}}  # fmt: skip
    greatwar.battle_stability(s)
    assert greatwar.stability(s, GE) == ge


def test_a_us_dreadnought_lost_costs_no_stability_but_a_decisive_naval_defeat_does():
    """32.1 L1498 and G34: the US's list has no dreadnought item (30.0 L1474 is for players and
    Italy); a US-led fleet beaten decisively costs 1, however few its ships. Prussia's
    dreadnought lost costs Prussia 1 (30.0)."""
    from kriegsspiel.games.imperial_elegy import greatwar, naval

    s = great_war(1)
    greatwar.enter_major(s, "us", "entente")
    us, ge = greatwar.stability(s, "us"), greatwar.stability(s, GE)
    b = {"winner": "a", "lead": {"a": GE, "d": "us"}, "navies": {"a": 2, "d": 1},
         "dreadnoughts": {"a": {"gone-1": GE}, "d": {"gone-2": "us"}}}  # fmt: skip
    naval.great_war_stability(s, b, {"decisive": False})
    assert greatwar.stability(s, "us") == us
    assert greatwar.stability(s, GE) == ge - 1
    naval.great_war_stability(s, {**b, "dreadnoughts": {}}, {"decisive": True})
    assert greatwar.stability(s, "us") == us - 1
