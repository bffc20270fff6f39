"""The Great War's rules of §26-§32 (L1350-1504): US losses, the neutrals' Winter Step, naval
supremacy and blockade, the US's gift, declarations of war, exhausted manpower, the belligerents
an event strikes, trench battles and amphibious assaults, and an eliminated player's colonial
gains."""

from __future__ import annotations

from contextlib import contextmanager

import orjson
import pytest
from ie_support import ALLIANCE_BOXES, GE, RU, UK, answer, asking, game, great_war, proc

from kriegsspiel.engine.errors import IllegalAction
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import greatwar, war, world

# UK and RU neutral; the Alliance of GE, AU and OT against France alone
TWO_NEUTRALS = {"ge": "alliance-committed", "au": "alliance-committed", "ot": "alliance-aligned",
                "fr": "entente-committed", "uk": "neutral", "ru": "neutral"}  # fmt: skip


def add(s, owner, kind, at, count=1, reduced=False):
    return [world.new_unit(s, owner, kind, at, reduced) for _ in range(count)]


def clear_at(s, *where):
    for uid in [uid for uid, u in s["units"].items() if u["at"] in where]:
        world.remove_unit(s, uid)


def winter(seed=1, boxes=None):
    """GW turn 1, the flow emptied, ready for the Winter Step."""
    s = great_war(seed, boxes=boxes)
    s["stack"].clear()
    s["gw"]["turn"] = 1
    return s


def neutral_asked(s):
    """Run the Winter Step, answering with the first legal action, until a neutral is asked to
    join, give or stay out (29.3); the role asked."""
    proc(s, "gw-winter")
    for _ in range(50):
        if asking(s) == "gw-choose" and s["stack"][-1].get("why") == "neutral":
            return game.active(s)[0]
        r = game.active(s)[0]
        answer(s, r, game.actions(s, r)[0])
    raise AssertionError("no neutral asked")


def neutral_asked_after(s):
    """After a neutral's answer, the next neutral asked in the Winter Step, or None."""
    for _ in range(50):
        if not s["stack"]:
            return None
        if asking(s) == "gw-choose" and s["stack"][-1].get("why") == "neutral":
            return game.active(s)[0]
        r = game.active(s)[0]
        acts = game.actions(s, r)
        answer(s, r, acts[-1] if "done" in acts else acts[0])
    raise AssertionError("stuck")


def gifts(s, role):
    return sorted(a["gw_give"] for a in game.actions(s, role) if isinstance(a, dict) and "gw_give" in a)


def dump(s):
    return orjson.dumps(game.clone(s), option=orjson.OPT_SORT_KEYS)


def play_out(s, stop):
    """Answer every question (``none``, ``done``, else the first action) until ``stop(s)``."""
    for _ in range(60):
        if not s["stack"] or stop(s):
            return s
        r = game.active(s)[0]
        acts = game.actions(s, r)
        answer(s, r, next((a for a in acts if a in ("none", "done")), acts[0]))
    raise AssertionError("never stopped")


# ----- the US (32.1, 26.2, 29.1.1) ------------------------------------------------------------------


def test_32_1_a_us_army_eliminated_costs_the_us_one_stability_and_its_decisive_defeat_another():
    """32.1 L1498: "Decrease US stability by 1 whenever a US army is eliminated, a US led force
    suffers a defeat in a decisive battle": a lone army, and no threshold of 2 armies as 30.0's
    footnote sets for players and Italy (G34). Here both happen: 2 stability."""
    s = great_war(1)
    greatwar.enter_major(s, "us", "entente")
    clear_at(s, "alsace-lorraine")
    us = add(s, "us", "army", "alsace-lorraine", reduced=True)[0]
    add(s, GE, "army", "rhineland", 2)
    assert s["gw"]["us"]["stability"] == 3
    act = {"battle": "alsace-lorraine", "from": "rhineland"}
    assert act in game.actions(s, GE)
    n = len(s["log"])
    with scripted_dice(s, 6, 1):  # GE 6, the US 1: the US army is eliminated
        answer(s, GE, act)
        # every player in the battle holding a GW card is asked for a combat card (26.1)
        play_out(
            s, lambda t: asking(t) in ("gw-card", "war-decisive") or (not t.get("battle") and game.active(t) != [GE])
        )
    assert us not in s["units"]
    assert s["gw"]["us"]["stability"] == 1
    lines = [line[1] for line in s["log"][n:]]
    assert "United States loses 1 stability (1 US army eliminated): 3 -> 2." in lines
    assert "United States loses 1 stability (a decisive defeat): 2 -> 1." in lines


def test_29_1_1_an_enemy_minors_ships_in_the_north_atlantic_cost_the_us_one_stability():
    """29.1.1 L1444: "check if the North Atlantic naval box is occupied by enemy naval units":
    a Dutch squadron, the Netherlands at war beside Germany, is an enemy's like a German one."""
    for owner in ("netherlands", GE):
        s = winter()
        greatwar.enter_major(s, "us", "entente")
        clear_at(s, "north-atlantic")
        if owner == "netherlands":
            s["allies"]["netherlands"] = GE
            s["war"]["attackers"].append("netherlands")
            assert greatwar.owner_alliance(s, "netherlands") == "alliance"
        add(s, owner, "squadron", "north-atlantic")
        proc(s, "gw-winter")
        assert s["gw"]["us"]["stability"] == 2, owner
        assert any("enemy naval units in the North Atlantic" in line[1] for line in s["log"]), owner


def test_29_1_1_the_us_keeps_its_stability_with_only_friendly_ships_in_the_north_atlantic():
    """29.1.1 L1444 (control): a British squadron there costs the US, fighting beside it, nothing."""
    s = winter()
    greatwar.enter_major(s, "us", "entente")
    clear_at(s, "north-atlantic")
    add(s, UK, "squadron", "north-atlantic")
    proc(s, "gw-winter")
    assert s["gw"]["us"]["stability"] == 3


def test_26_2_the_us_in_the_war_may_give_one_cp_to_an_ally():
    """26.2 L1350: "All belligerent players, and the US if it's in the war, can also transfer 1 CP
    to an ally": the player who runs the US is asked, and 1 CP of the US's budget moves."""
    s = great_war(1)
    s["stack"].clear()
    greatwar.enter_major(s, "us", "entente")
    s["gw"]["turn"] = 1
    proc(s, "gw-planning")
    for _ in range(60):
        top = s["stack"][-1] if s["stack"] else {}
        if top.get("state") == "gw-gift" and top.get("giver") == "us":
            break
        assert s["stack"] and asking(s) != "gw-impulse", "the US was never asked"
        r = game.active(s)[0]
        acts = game.actions(s, r)
        answer(s, r, "none" if asking(s) == "gw-gift" else acts[-1] if asking(s) == "gw-choose" else acts[0])
    runner = war.major_controller(s, "us")
    assert runner in greatwar.gw(s)["sides"]["entente"]
    assert game.active(s) == [runner]
    acts = game.actions(s, runner)
    assert {"gw_give": "fr"} in acts and "none" in acts
    assert {"gw_give": "us"} not in acts
    budget = s["war"]["budget"]
    us, fr = budget["us"], budget["fr"]
    assert us >= 1
    answer(s, runner, {"gw_give": "fr"})
    assert budget["us"] == us - 1 and budget["fr"] == fr + 1
    assert any(line[1] == "United States gives France 1 CP." for line in s["log"])


# ----- declarations of war (32.4) -------------------------------------------------------------------


def test_8_1_2_no_war_on_a_minor_bearing_the_actors_or_an_allys_diplomacy_marker():
    """8.1.2 L501, 32.4 L1504: no declaration of war on "a minor power ... having an diplomacy
    marker on it which belongs to a member of their alliance", the actor's own included."""
    s = great_war(1)
    act = {"declare": "netherlands"}
    assert s["diplomacy"].get("netherlands") is None
    assert act in game.actions(game.clone(s), GE)  # no marker: Germany may declare war
    for who in (GE, "au"):
        t = game.clone(s)
        t["diplomacy"]["netherlands"] = who
        assert act not in game.actions(t, GE), who
        before = dump(t)
        with pytest.raises(IllegalAction):
            game.apply(t, GE, act)
        assert dump(t) == before, who


# ----- battles (27.6, 28.1) -------------------------------------------------------------------------


def test_27_6_exhausted_manpower_gives_minus_one_in_naval_battles_too():
    """27.6 L1401: "a permanent -1 modifier for both land and naval battles"."""
    s = great_war(1)
    s["stack"].clear()
    for k in s["powers"][GE]["manpower"]:
        s["powers"][GE]["manpower"][k] = 0
    s["gw"]["exhausted"].append(GE)
    clear_at(s, "south-atlantic")
    add(s, GE, "squadron", "south-atlantic")
    add(s, UK, "squadron", "south-atlantic")
    n = len(s["log"])
    with scripted_dice(s, 3, 3):
        proc(s, "naval-battle", attacker=GE, space="south-atlantic", failed=[], retreat=[])
        play_out(s, lambda t: False)
    lines = [line[1] for line in s["log"][n:]]
    ge = next(line for line in lines if line.startswith("Prussia: firepower"))
    uk = next(line for line in lines if line.startswith("Britain: firepower"))
    assert "manpower exhausted -1" in ge
    assert "manpower exhausted" not in uk


def trench_attack():
    """GW turn 1: three German armies in Rhineland win their attack on three French armies in the
    trenches of Alsace-Lorraine; France spreads its losses so that all three armies stay."""
    s = great_war(1)
    s["stack"].clear()
    s["gw"]["turn"] = 1
    clear_at(s, "alsace-lorraine", "rhineland")
    add(s, GE, "army", "rhineland", 3)
    add(s, "fr", "army", "alsace-lorraine", 3)
    assert world.trenched(s, "alsace-lorraine")
    with scripted_dice(s, 6, 1):
        proc(s, "land-battle", attacker=GE, frm="rhineland", space="alsace-lorraine")
        for _ in range(40):
            if not s["stack"]:
                break
            r = game.active(s)[0]
            acts = game.actions(s, r)
            if asking(s) == "battle-loss" and r == "fr":  # a full army takes each step
                full = [a for a in acts if isinstance(a, dict) and not s["units"][a["unit"]]["r"]]
                answer(s, r, full[0])
            elif asking(s) == "battle-advance":
                answer(s, r, acts[0])  # every German army that may advance does
            elif asking(s) == "battle-support":
                answer(s, r, "done" if "done" in acts else acts[-1])
            else:
                answer(s, r, next((a for a in acts if a in ("none", "add")), acts[0]))
    return s


def test_28_1_1_a_won_trench_attack_advances_beside_three_defending_armies():
    """28.1.1 L1411-1412: "the attacker advances into the space and a trench battle marker is
    placed", though 3 French armies are there: stacking counts a player's own units (5.5 L401)."""
    s = trench_attack()
    here = [s["units"][u]["o"] for u in world.units_at(s, "alsace-lorraine")]
    assert here.count(GE) == 3 and here.count("fr") == 3
    assert s["gw"]["trenches"]["alsace-lorraine"] == {"by": "attacker", "adv": "attacker"}
    assert any(line[1].startswith("A trench battle begins in Alsace-Lorraine") for line in s["log"])


def test_28_1_1_neither_side_of_a_trench_battle_loses_a_step_for_overstacking():
    """28.1.1 L1411, 5.5.3 L407: in a trench battle space each side counts its own armies, so the
    3 German and 3 French armies there cost neither a step at the start of its impulse."""
    s = trench_attack()
    assert world.stack_armies(s, "alsace-lorraine") == 6 > world.P().spaces["alsace-lorraine"].stacking
    assert war.overstack_losses(s, GE) == []
    assert war.overstack_losses(s, "fr") == []
    add(s, GE, "army", "alsace-lorraine")  # a fourth German army: Germany is overstacked
    assert [x[0] for x in war.overstack_losses(s, GE)] == ["alsace-lorraine"]
    assert war.overstack_losses(s, "fr") == []


def amphibious(reduced=False, trench_battle=False):
    """GE's impulse on GW turn 1: a German army at sea in the North Atlantic off trenched Brittany
    (a French port key), held by one French army; with ``trench_battle`` a German army is in
    Brittany beside it, fighting a trench battle."""
    s = great_war(1)
    s["gw"]["turn"] = 1
    clear_at(s, "brittany", "north-atlantic")
    add(s, "fr", "army", "brittany")
    if trench_battle:
        add(s, GE, "army", "brittany")
        s["gw"]["trenches"]["brittany"] = {"by": "attacker", "adv": "attacker"}
    s["war"]["impulse"]["boxed"] = add(s, GE, "army", "north-atlantic", reduced=reduced)
    assert world.trenched(s, "brittany")
    return s


ASSAULT = {"battle": "brittany", "from": "north-atlantic", "amphibious": True}


def test_28_1_a_full_strength_army_at_sea_may_assault_a_trenched_port():
    """28.1 L1409 (control): a full-strength army at sea may assault the trenches of a port."""
    s = amphibious()
    assert ASSAULT in game.actions(s, GE)


def test_28_1_2_no_amphibious_assault_into_a_trench_battle_space():
    """28.1.2 L1417: "Only units in a given trench battle space can initiate a land battle in
    that space": not an army at sea."""
    s = amphibious(trench_battle=True)
    assert [b for b in war.battles(s, GE) if b["battle"] == "brittany"] == [{"battle": "brittany", "from": "brittany"}]
    assert ASSAULT not in game.actions(s, GE)
    assert {"battle": "brittany", "from": "brittany"} in game.actions(s, GE)
    before = dump(s)
    with pytest.raises(IllegalAction):
        game.apply(s, GE, ASSAULT)
    assert dump(s) == before


def test_28_1_an_amphibious_assault_on_a_trench_needs_a_full_strength_army():
    """28.1 L1409: "Players are only allowed to attack a trench if they have a full strength army
    in their main attack force": a lone reduced army at sea may not assault trenched Brittany."""
    s = amphibious(reduced=True)
    assert ASSAULT not in game.actions(s, GE)
    assert not [b for b in war.battles(s, GE) if b["battle"] == "brittany"]
    with pytest.raises(IllegalAction):
        game.apply(s, GE, ASSAULT)


# ----- the Winter Step (29.2, 29.3) -----------------------------------------------------------------


def test_29_2_an_allied_minors_ships_count_for_its_alliances_naval_supremacy():
    """29.2 L1451-1453: supremacy if the boxes "only contain units from their alliance": Japan's
    squadron, Japan at war beside the UK, keeps the Entente's +2 in Asia; a German one cancels it."""
    s = winter()
    clear_at(s, "pacific", "indian-ocean", "south-atlantic")
    add(s, UK, "squadron", "pacific")
    add(s, UK, "squadron", "indian-ocean")
    s["allies"]["japan"] = UK
    s["war"]["defenders"].append("japan")
    assert greatwar.owner_alliance(s, "japan") == "entente"

    def asia(t):
        with scripted_dice(t, 3, 3):
            greatwar.colonial_war(t, "asia")
        return [line[1] for line in t["log"] if "colonial war in Asia" in line[1]][-1]

    british = asia(game.clone(s))
    t = game.clone(s)
    add(t, "japan", "squadron", "pacific")
    assert asia(t) == british
    u = game.clone(s)
    add(u, GE, "squadron", "pacific")

    def entente(line):  # "... the Entente 3+5 = 8.": the Entente's modifier
        return int(line.split("the Entente 3+")[1].split(" ")[0])

    assert entente(asia(u)) == entente(british) - 2


def test_29_3_a_neutrals_cp_gift_traces_its_loc_as_the_receivers_side_would():
    """29.3 L1468: the LoC from the neutral's capital "cannot be traced through enemy controlled
    spaces, neutral spaces, or naval boxes containing enemy naval units ... 'enemy' refers to the
    enemies of the player receiving the CP": London -> North Atlantic -> Paris serves France; with
    a German squadron in every box, neither France nor Russia may have the UK's CP."""
    boxes = dict(ALLIANCE_BOXES, uk="neutral")
    s = winter(boxes=boxes)
    a = game.clone(s)
    assert neutral_asked(a) == UK
    assert {"fr", RU} <= set(gifts(a, UK))
    b = game.clone(s)
    for box in sorted(world.P().naval_boxes):
        add(b, GE, "squadron", box)
    assert neutral_asked(b) == UK
    offered = gifts(b, UK)
    assert RU not in offered and "fr" not in offered
    assert GE in offered  # German ships are no enemies of Germany's alliance


def test_29_3_several_neutral_players_roll_to_choose_first():
    """29.3 L1465: "If there are multiple neutral players they each roll one die to see who
    chooses first (the highest roll chooses first, reroll ties)"."""
    s = winter(boxes=TWO_NEUTRALS)
    assert greatwar.neutrals(s) == [UK, RU]
    n = len(s["log"])
    with scripted_dice(s, 3, 3, 3, 3, 2, 5):  # the two colonial wars, then Britain 2, Russia 5
        proc(s, "gw-winter")
    assert asking(s) == "gw-choose" and s["stack"][-1]["why"] == "neutral"
    assert game.active(s) == [RU]
    lines = [line[1] for line in s["log"][n:]]
    assert "The neutral players roll to choose first: Britain 2, Russia 5." in lines


def test_29_3_neutral_players_reroll_a_tie():
    """29.3 L1465: "reroll ties": 4 and 4, then Britain 6 against Russia 1: Britain first."""
    s = winter(boxes=TWO_NEUTRALS)
    n = len(s["log"])
    with scripted_dice(s, 3, 3, 3, 3, 4, 4, 6, 1):
        proc(s, "gw-winter")
    assert game.active(s) == [UK]
    rolls = [line[1] for line in s["log"][n:] if line[1].startswith("The neutral players roll to choose first")]
    assert rolls == [
        "The neutral players roll to choose first: Britain 4, Russia 4.",
        "The neutral players roll to choose first: Britain 6, Russia 1.",
    ]


def test_29_3_when_the_first_neutral_joins_an_alliance_the_next_is_still_asked():
    """29.3 L1464-1468: each neutral player may join, or stay out and give 1 CP: the first joining
    an alliance does not skip the second."""
    s = winter(boxes=TWO_NEUTRALS)
    first = neutral_asked(s)
    assert {"join": "entente"} in game.actions(s, first)
    answer(s, first, {"join": "entente"})
    assert first in s["gw"]["sides"]["entente"]
    second = neutral_asked_after(s)
    assert second == ({UK, RU} - {first}).pop()
    assert second in greatwar.neutrals(s)


# ----- the belligerents (K20, K22, 30.1) ------------------------------------------------------------


def test_27_3_exhaustion_strikes_the_us_and_italy_in_the_war_not_an_eliminated_player():
    """27.3 L1368, K22, 32.1 L1498, 32.2 L1500: every belligerent loses 1 manpower, or 1 stability
    with none left; the US and Italy in the war are belligerents, an eliminated Russia (30.1 L1479)
    is none."""
    s = great_war(1)
    s["stack"].clear()
    greatwar.enter_major(s, "us", "entente")
    s["gw"]["us"]["manpower"] = 0
    s["flags"]["italy_unified"] = True
    s["majors"]["italy"] = {"alliance": "neutral", "reserves": 0}
    s["control"]["piedmont"] = "italy"
    add(s, "fr", "army", "provence")
    proc(s, "gw-declare", actor="fr", minor="italy")
    assert greatwar.side_of(s, "italy") == "alliance"
    greatwar.eliminate(s, RU, "a test")
    ru = s["powers"][RU]["manpower"].copy()
    exh = next(c.id for c in greatwar.gw_deck().cards.values() if c.kind == "mandatory")
    n = len(s["log"])
    proc(s, "gw-event", power=GE, card=exh)
    lines = [line[1] for line in s["log"][n:]]
    assert s["gw"]["us"]["stability"] == 2
    assert "United States loses 1 stability (Exhaustion, manpower already spent): 3 -> 2." in lines
    assert s["majors"]["italy"]["gw_manpower"] == 2
    assert not [line for line in lines if "Russia" in line]
    assert s["powers"][RU]["manpower"] == ru


def test_k20_an_enemy_loses_stability_event_offers_the_us_not_an_eliminated_player():
    """K20, 32.1 L1498, 30.1 L1479: "an enemy loses stability" strikes an enemy belligerent: the
    US in the war may be chosen, an eliminated Russia may not."""
    s = great_war(1)
    s["stack"].clear()
    greatwar.enter_major(s, "us", "entente")
    greatwar.eliminate(s, RU, "a test")
    card = next(
        c.id
        for c in greatwar.gw_deck().cards.values()
        if any(e.verb == "stability" and e.power == "enemy" for e in c.effects)
    )
    proc(s, "gw-event", power=GE, card=card)
    acts = game.actions(s, GE)
    assert {"power": "us"} in acts and {"power": RU} not in acts
    answer(s, GE, {"power": "us"})
    assert s["gw"]["us"]["stability"] == 2


def test_29_3_a_neutrals_cp_gift_is_never_offered_to_an_eliminated_player():
    """29.3 L1468, 30.1 L1479: the CP goes to "a belligerent power"; an eliminated Russia is none."""
    s = winter(boxes=dict(ALLIANCE_BOXES, uk="neutral"))
    greatwar.eliminate(s, RU, "a test")
    assert neutral_asked(s) == UK
    offered = gifts(s, UK)
    assert RU not in offered and "fr" in offered


@contextmanager
def _africa_won_by_the_alliance(s):
    """The Winter Step up to the Alliance's colonial gain in Africa: Austria's army in the Congo,
    French Angola next to it, the dice 6 and 1 (the Alliance 6 + 1 against the Entente 1); the
    dice stay scripted inside the block."""
    s["control"]["congo"] = "au"
    add(s, "au", "army", "congo")
    s["control"]["angola"] = "fr"
    with scripted_dice(s, 6, 1, 3, 3):
        proc(s, "gw-winter")
        for _ in range(20):
            if not s["stack"] or (asking(s) == "gw-choose" and s["stack"][-1].get("why") == "colony"):
                break
            r = game.active(s)[0]
            answer(s, r, game.actions(s, r)[0])
        assert asking(s) == "gw-choose" and s["stack"][-1]["why"] == "colony"
        yield


def test_30_1_an_eliminated_player_never_takes_its_alliances_colonial_gain():
    """30.1 L1479, 29.2 L1455: Germany, eliminated, neither chooses nor takes the space its
    alliance wins in Africa: Austria, alive, is asked and takes it."""
    s = winter()
    greatwar.eliminate(s, GE, "a test")
    with _africa_won_by_the_alliance(s):
        assert game.active(s) == ["au"]
        assert game.actions(s, GE) == []
        assert {"space": "angola"} in game.actions(s, "au")
        n = len(s["log"])
        answer(s, "au", {"space": "angola"})
        asked = []
        for _ in range(20):  # on to the colonial war in Asia
            if not s["stack"]:
                break
            r = game.active(s)[0]
            asked.append(r)
            answer(s, r, game.actions(s, r)[0])
    assert GE not in asked
    assert s["control"]["angola"] == "au"
    assert "The colonial war: Austria takes Angola." in [line[1] for line in s["log"][n:]]


@pytest.mark.parametrize("dreadnoughts", [False, True])
def test_32_1_the_us_enters_with_two_squadrons_and_two_dreadnoughts_once_there_are_dreadnoughts(dreadnoughts):
    """32.1 L1497: "add 3 US armies and all 4 US naval units to the South space (only add 2 naval
    units if the dreadnoughts card has not been played)": the two added later are dreadnoughts."""
    s = great_war(1)
    s["flags"]["dreadnoughts"] = dreadnoughts
    greatwar.enter_major(s, "us", "entente")
    kinds = sorted(u["t"] for u in s["units"].values() if u["o"] == "us")
    navy = ["dreadnought", "dreadnought", "squadron", "squadron"] if dreadnoughts else ["squadron", "squadron"]
    assert kinds == sorted(["army"] * 3 + navy)
    assert all(u["at"] == "the-south" for u in s["units"].values() if u["o"] == "us")


def test_29_2_the_winner_of_a_colonial_war_may_take_no_space():
    """29.2 L1456: "the winning player may then take control of one unoccupied space": the
    question offers "none", and answering it leaves Angola French."""
    s = winter()
    with _africa_won_by_the_alliance(s):
        (chooser,) = game.active(s)
        assert "none" in game.actions(s, chooser)
        answer(s, chooser, "none")
        assert not (asking(s) == "gw-choose" and s["stack"][-1].get("why") == "colony" and game.active(s) == [chooser])
    assert s["control"]["angola"] == "fr"


# ----- surrender and elimination (30.1, 30.2) ----------------------------------------------------------------


def _pass_until(s, actor):
    """Every impulse passed until ``actor``'s."""
    w = s["war"]
    for _ in range(60):
        if asking(s) == "gw-impulse" and w["impulse"]["actor"] == actor:
            return
        r = game.active(s)[0]
        acts = game.actions(s, r)
        answer(s, r, "pass" if "pass" in acts else acts[0])
    raise AssertionError(f"never {actor}'s impulse")


def test_30_1_the_next_impulse_stays_with_its_player_when_both_bonus_impulses_go():
    """30.1 L1480-1481: with both alliances holding a bonus impulse, "remove both bonus impulse
    markers and move all player initiative markers up the track to fill the newly vacated
    spaces": nobody loses a place. Austria surrendering in the Ottomans' impulse, the last slot
    but the Entente's bonus, passed Germany over and gave Britain, which had acted, the next."""
    s = great_war(1)
    w = s["war"]
    s["powers"]["ru"]["stability"] = 0
    greatwar.check(s)  # Russia eliminated: the Entente's bonus impulse in its place
    assert w["order"] == ["ge", "uk", "au", "fr", "ot", "bonus-entente"]
    for q in w["budget"]:
        w["budget"][q] = 2
    _pass_until(s, "ot")
    s["powers"]["au"]["stability"] = 0
    w["passes"] = 0
    answer(s, "ot", "pass")
    assert "au" in s["gw"]["eliminated"] and w["order"] == ["ge", "uk", "fr", "ot"]
    assert w["impulse"]["actor"] == "ge"


def test_30_2_the_next_impulse_stays_with_its_player_when_the_us_surrenders_in_its_own():
    """30.2 L1487: the US surrenders and its units leave play; the player after it on the track
    acts next (the track wraps after its last slot). Germany, first, was passed over."""
    s = great_war(1)
    w = s["war"]
    greatwar.enter_major(s, "us", "entente")
    for q in w["budget"]:
        w["budget"][q] = 2
    _pass_until(s, "us")
    assert w["order"][-1] == "us"
    s["gw"]["us"]["stability"] = 0
    w["passes"] = 0
    answer(s, game.active(s)[0], "pass")
    assert s["gw"]["us"]["box"] == "out" and "us" not in w["order"]
    assert w["impulse"]["actor"] == "ge"


def _belgium_with_britain_eliminated(names, dice=()):
    """Belgium, allied to Britain, fights for the Entente; Britain's stability falls to 0 in
    Germany's impulse: the members left name who receives Belgium (``names``: role -> name)."""
    s = great_war(1)
    w = s["war"]
    s["allies"]["belgium"] = "uk"
    s["diplomacy"].pop("belgium", None)
    w["defenders"].append("belgium")
    for q in w["budget"]:
        w["budget"][q] = 2
    _pass_until(s, "ge")
    s["powers"]["uk"]["stability"] = 0
    w["passes"] = 0
    asked = []
    with scripted_dice(s, *dice):
        answer(s, "ge", "pass")
        while asking(s) == "gw-choose" and s["stack"][-1].get("why") == "heir":
            r = game.active(s)[0]
            asked.append((r, game.actions(s, r)))
            answer(s, r, {"who": names[r]})
    return s, asked


def test_30_1_the_members_left_decide_who_receives_an_eliminated_players_minors():
    """30.1 L1480: "replace the eliminated player's ally marker with an ally marker belonging to a
    member of their alliance ... If there are two remaining powers in the alliance and they cannot
    agree which receives the minor powers, use a die roll to resolve it." Belgium went to the first
    member listed, nobody asked, no die."""
    s, asked = _belgium_with_britain_eliminated({"fr": "ru", "ru": "ru"})
    assert "uk" in s["gw"]["eliminated"]
    mates = sorted(r for r, _ in asked)
    assert mates == ["fr", "ru"] and all(acts == [{"who": "fr"}, {"who": "ru"}] for _, acts in asked)
    assert s["allies"]["belgium"] == "ru"  # they agree
    s, _ = _belgium_with_britain_eliminated({"fr": "fr", "ru": "ru"}, dice=(5,))
    assert s["allies"]["belgium"] == "ru"  # they do not: a 5, the second named
    s, _ = _belgium_with_britain_eliminated({"fr": "fr", "ru": "ru"}, dice=(2,))
    assert s["allies"]["belgium"] == "fr"


# ----- the draft, manpower (27.5.2, 27.6) ---------------------------------------------------------------


def test_27_5_2_no_draft_into_a_home_key_the_enemy_occupies():
    """27.5.2 L1388: "Controlled home keys"; 15.3 L874: a key the enemy occupies is his to hold. The
    draft put a reduced German army beside the Russian army holding Pomerania, or, empty, retook it
    for 1 CP."""
    for with_army in (True, False):
        s = great_war(1)
        s["stack"].clear()
        for u in world.units_at(s, "pomerania"):
            world.remove_unit(s, u)
        if with_army:
            add(s, RU, "army", "pomerania")
        s["occupied"]["pomerania"] = RU
        assert not [o for o in greatwar.draft_options(s, GE) if o["space"] == "pomerania"]
        del s["occupied"]["pomerania"]
        if not with_army:
            assert [o for o in greatwar.draft_options(s, GE) if o["space"] == "pomerania"]


def test_27_5_2_a_draft_substitutes_one_ef_at_most():
    """27.5.2 L1390: "they can substitute 1 EF for an army": a draft placed two EFs."""
    s = great_war(1)
    s["stack"].clear()
    s["war"]["impulse"] = {"actor": GE, "boxed": []}
    proc(s, "gw-action", actor=GE, action="draft")
    ef = next(o for o in game.actions(s, GE) if isinstance(o, dict) and o.get("kind") == "ef")
    answer(s, GE, ef)
    assert not [o for o in game.actions(s, GE) if isinstance(o, dict) and o.get("kind") in world.EF_TYPES]
    assert [o for o in game.actions(s, GE) if isinstance(o, dict) and o.get("kind") == "army"]


def test_27_6_exhausted_manpower_is_permanent_and_found_however_it_came():
    """27.6 L1401: "a permanent -1 modifier ... for the rest of the GW". An event giving manpower
    back lifted it; a power at 0 without a draft (a peacetime event) was never exhausted."""
    s = great_war(1)
    s["stack"].clear()
    s["powers"][GE]["manpower"] = {"territorial": 1}
    greatwar.take_manpower(s, GE, 1)
    assert GE in s["gw"]["exhausted"]
    proc(s, "gw-event", power=GE, card="the-landsturm")  # +1 manpower
    assert greatwar.manpower(s, GE) == 1 and GE in s["gw"]["exhausted"]
    s = great_war(1)
    s["stack"].clear()
    s["powers"][RU]["manpower"] = {k: 0 for k in s["powers"][RU]["manpower"]}
    greatwar.check(s)
    assert RU in s["gw"]["exhausted"]


# ----- the US's and Italy's GW actions, Refit Fleet (27.5, 32.1, 32.2; G29) ------------------------------------


def _us_at_war():
    s = great_war(1)
    s["stack"].clear()
    greatwar.enter_major(s, "us", "entente")
    return s


def test_27_5_the_us_refits_and_drafts_with_its_own_manpower():
    """32.1 L1498: the US has "3 manpower"; 27.5.2 L1387: a draft costs 1 CP and 1 Manpower and is
    "the only way to build new armies during the GW". The US was offered no GW action at all, its
    reduced armies never refitted and its lost armies never came back."""
    s = _us_at_war()
    us = sorted(uid for uid, u in s["units"].items() if u["o"] == "us" and u["t"] == "army")
    s["units"][us[0]]["r"] = True
    world.remove_unit(s, us[1])
    assert greatwar.gw_action_open(s, "us", "refit") and greatwar.gw_action_open(s, "us", "draft")
    assert not greatwar.gw_action_open(s, "us", "elite-corps")  # the US has no EC counters
    runner = war.role_of(s, "us")
    assert runner in ("uk", "fr", "ru")
    s["war"]["impulse"] = {"actor": "us", "boxed": []}
    proc(s, "gw-action", actor="us", action="draft")
    assert game.active(s) == [runner]
    opts = [o for o in game.actions(s, runner) if isinstance(o, dict)]
    assert opts and {o["space"] for o in opts} <= {"the-north", "the-west"}
    answer(s, runner, opts[0])
    assert greatwar.manpower(s, "us") == 2
    armies = [u for u in s["units"].values() if u["o"] == "us" and u["t"] == "army"]
    assert len(armies) == 3 and any(u["at"] == opts[0]["space"] and u["r"] for u in armies)
    assert not [o for o in game.actions(s, runner) if isinstance(o, dict)]  # its 3 counters are in play


def test_27_5_2_italy_drafts_in_the_keys_of_the_italy_it_unified():
    """32.2 L1500: Italy enters with "3 manpower"; its draft goes into the Italian keys it holds, one
    army a space (G29)."""
    s = great_war(1)
    s["stack"].clear()
    for sid in ("piedmont", "tuscany", "rome", "naples", "sicily"):
        s["control"][sid] = "italy"
        clear_at(s, sid)
    s["flags"]["italy_unified"] = True
    s["majors"]["italy"] = {"alliance": "alliance-committed", "mpit": {}, "reserves": 0, "truces": {}}
    greatwar.enter_major(s, "italy", "alliance")
    add(s, "italy", "army", "rome", count=2)
    s["occupied"]["sicily"] = "uk"
    assert greatwar.gw_action_open(s, "italy", "draft")
    spaces = {o["space"] for o in greatwar.draft_options(s, "italy")}
    assert spaces == {"piedmont", "tuscany", "rome", "naples"}  # Sicily is occupied (15.3)
    add(s, "italy", "army", "rome")
    assert not greatwar.gw_action_open(s, "italy", "draft")  # its three army counters are in play (4.2)
    world.remove_unit(s, next(uid for uid, u in s["units"].items() if u["o"] == "italy"))
    s["majors"]["italy"]["gw_manpower"] = 0
    assert not greatwar.gw_action_open(s, "italy", "draft")  # exhausted: no new armies (27.6)


def test_27_5_4_refit_fleet_only_in_a_friendly_port():
    """27.5.4 L1398: "Flip a naval unit that is in a friendly port". A reduced German squadron
    attacking an enemy port (5.5.4) was refitted there."""
    s = great_war(1)
    s["stack"].clear()
    ship = add(s, GE, "squadron", "brittany", reduced=True)[0]
    assert world.friendly_space(s, "fr", "brittany")
    assert ship not in greatwar.fleet_to_refit(s, GE)
    s["units"][ship]["at"] = "pomerania"
    assert ship in greatwar.fleet_to_refit(s, GE)


def test_k25_the_uk_and_the_ottomans_choose_the_manpower_marker_an_event_raises():
    """DECK_RULINGS K25: ``manpower`` gives the player +1 or +2, "UK and OT: the marker they choose"
    (27.6; 33.2.1, 33.6: two pools each). The Military Service Act always went to British manpower,
    Seferberlik to Turkish, nobody asked."""
    for power, cid, kinds, amount in (
        (UK, "military-service-act", ("british", "colonial"), 2),
        ("ot", "seferberlik", ("turkish", "arab"), 1),
    ):
        s = great_war(1)
        s["stack"].clear()
        before = dict(s["powers"][power]["manpower"])
        proc(s, "gw-event", power=power, card=cid)
        assert game.active(s) == [power]
        assert game.actions(s, power) == [{"manpower": k} for k in kinds]
        answer(s, power, {"manpower": kinds[1]})
        after = s["powers"][power]["manpower"]
        assert after[kinds[1]] == before[kinds[1]] + amount and after[kinds[0]] == before[kinds[0]]
    s = great_war(1)  # one pool: nobody is asked
    s["stack"].clear()
    proc(s, "gw-event", power=GE, card="the-landsturm")
    assert not s["stack"] and s["powers"][GE]["manpower"]["territorial"] >= 1
