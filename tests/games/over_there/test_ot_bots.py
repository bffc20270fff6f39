"""Over There's heuristic bot: what it does with the places the scenario scores (5B, the
victory conditions of SCENARIO.md) in the last turn, judged from its own view."""

from __future__ import annotations

import random

from ot_positions import advance, movement_of, only

import kriegsspiel
from kriegsspiel.games.over_there import bots
from kriegsspiel.games.over_there.world import NEIGHBOURS, TURNS
from kriegsspiel.lab import match

G = kriegsspiel.load("over-there")
INSTERBURG = "1206"


def central_powers_movement(turn: int, placed: dict[str, str], entente_owns: tuple[str, ...] = ()) -> dict:
    """A game at the Central Powers' movement phase of game turn ``turn``, with only ``placed``
    (uid -> hex) on the map and ``entente_owns`` in Russian hands."""
    s = movement_of("central-powers", seed=5)
    s["turn"] = turn
    only(s, placed)
    for h in entente_owns:
        s["owner"][h] = "entente"
    return s


def bot_moves(s: dict, uid: str):
    """The heuristic's destination for ``uid``, chosen from the Central Powers' view."""
    role = "central-powers"
    s = G.apply(s, role, {"unit": uid})
    return bots.heuristic(G.view(s, role), G.actions(s, role), random.Random(0))


def test_in_the_last_turn_a_unit_takes_back_an_own_town_the_enemy_owns_and_nobody_holds():
    placed = {"de-1-id": "1208", "ru-27-id": "1612"}  # two hexes from Insterburg; the Russians far off
    last = central_powers_movement(len(TURNS) - 1, placed, entente_owns=(INSTERBURG,))
    assert bots.dist("1208", INSTERBURG) == 2
    assert bot_moves(last, "de-1-id")["to"] == INSTERBURG
    # earlier in the campaign the same unit does not march to an empty town for its own sake
    first = central_powers_movement(0, placed, entente_owns=(INSTERBURG,))
    assert bot_moves(first, "de-1-id").get("to") != INSTERBURG


def test_the_last_turn_is_worth_an_even_attack_only_on_an_own_place_the_enemy_holds():
    board = {"turn_index": len(TURNS) - 1, "turns": len(TURNS)}
    even = {"column": "1:1", "crt": "positional", "attack": 8, "defense": 8}
    assert bots._worth(board, "central-powers", INSTERBURG, even)
    assert not bots._worth(board, "central-powers", "1612", even)  # a Russian hex: not at 1:1
    assert not bots._worth({"turn_index": 0, "turns": len(TURNS)}, "central-powers", INSTERBURG, even)
    good = {"column": "2:1", "crt": "positional", "attack": 16, "defense": 8}
    assert bots._worth({"turn_index": 0, "turns": len(TURNS)}, "central-powers", "1612", good)


def _counter(uid: str, side: str, h: str, attack: int = 0, supply: str = "general") -> dict:
    return {"id": uid, "side": side, "hex": h, "attack": attack, "supply": supply}


def test_a_stack_that_shuts_friends_in_a_pocket_is_worth_an_even_attack():
    """3G and 11F: units cut off roll for their lives each turn; an even attack on the ring is
    better than waiting for the roll."""
    board = {
        "turn_index": 0,
        "turns": len(TURNS),
        "hidden": [],
        "units": [
            _counter("de-36-rd", "central-powers", "1209", 8, supply="isolated"),
            _counter("de-8-army-hq", "central-powers", "1209", supply="isolated"),
            _counter("ru-28-id", "entente", "1109", 10),
            _counter("ru-22-id", "entente", "1612", 10),
        ],
    }
    even = {"column": "1:1", "crt": "mobile", "attack": 10, "defense": 10}
    assert bots._jailers(board, "central-powers") == {"1109"}
    assert bots._worth(board, "central-powers", "1109", even)
    assert not bots._worth(board, "central-powers", "1612", even)  # not part of the ring
    board["units"][0]["supply"] = "general"  # nobody cut off: an even attack is not worth it
    assert bots._jailers(board, "central-powers") == set()
    assert not bots._worth(board, "central-powers", "1109", even)


def test_no_attacker_is_spared_when_the_column_stands_on_the_table_limit():
    """An attack shifted three columns by fatigue, at the table's 6:1 limit: taking a division away
    would drop it to 1:2 (a position seen in play, where the bot then gave the attack up, chose it
    again, and never ended its combat phase)."""
    two = ["de-37-id", "de-41-id"]
    att = {"column": "6:1", "crt": "mobile", "attack": 13.75, "defense": 1.0, "shifts": -3, "units": two}
    board = {"units": [_counter(u, "central-powers", "1209", 11) for u in two]}
    removes = [{"remove": "de-37-id"}, {"remove": "de-41-id"}]
    assert bots._spare(board, att, removes) is None
    big = dict(att, attack=21.75, units=["de-37-id", "de-41-id", "de-6-lw-bde"])
    board["units"].append(_counter("de-6-lw-bde", "central-powers", "1209", 2))
    assert bots._spare(board, big, removes + [{"remove": "de-6-lw-bde"}]) == {"remove": "de-6-lw-bde"}


def _field(uid: str, side: str, h: str, attack: int, defense: int) -> dict:
    return {"id": uid, "side": side, "hex": h, "attack": attack, "defense": defense, "movement": 5, "moved": False}


def test_a_field_unit_stays_beside_a_fortress_unit_and_the_rest_may_go():
    """Feste Boyen alone falls to the first attack: one field unit keeps it company, until the
    Central Powers' last player turn."""
    loetzen = "1209"
    assert loetzen in bots.garrisons("central-powers")
    board = {
        "turn_index": 0,
        "turns": len(TURNS),
        "units": [
            _field("de-fort-loetzen", "central-powers", loetzen, 1, 4),
            _field("de-6-lw-bde", "central-powers", loetzen, 2, 4),
            _field("de-1-id", "central-powers", loetzen, 11, 12),
            _field("de-2-id", "central-powers", "1309", 11, 12),
        ],
    }
    assert bots._keepers(board, "central-powers") == {"de-6-lw-bde"}
    board["units"] = board["units"][:1] + board["units"][2:]  # without the brigade: the division stays
    assert bots._keepers(board, "central-powers") == {"de-1-id"}
    board["turn_index"] = len(TURNS) - 1  # the last player turn: only reactions come after it
    assert bots._keepers(board, "central-powers") == set()


def test_in_the_last_turn_enough_units_are_sent_next_to_an_own_town_the_enemy_holds():
    """Tilsit (1204) held by a Russian brigade of defense 4: units go next to it until their
    attack is 8 or more, nearest first; an empty lost town gets one unit. (The Russian towns
    are German already: none is there to be walked into.)"""
    tilsit = "1204"
    board = {
        "turn_index": len(TURNS) - 1,
        "turns": len(TURNS),
        "hidden": [],
        "owner": {tilsit: "entente", INSTERBURG: "entente"}
        | {g: "central-powers" for g in bots.goals("central-powers")},
        "units": [
            _field("ru-1-fin-bde", "entente", tilsit, 2, 4),
            _field("de-9-lw-bde", "central-powers", "1206", 2, 4),  # two hexes off
            _field("de-1-cav", "central-powers", "1207", 3, 3),
            _field("de-1-id", "central-powers", "1307", 11, 12),
            _field("de-2-id", "central-powers", "1408", 11, 12),
        ],
    }
    assert bots.dist("1206", tilsit) == 2
    lost = bots._lost(board, "central-powers")
    assert tilsit in lost and INSTERBURG not in lost  # a German unit stands in Insterburg already
    sent = bots._reclaim(board, "central-powers", lost)
    to_tilsit = [u for u, h in sent.items() if h == tilsit]
    assert sum(next(x["attack"] for x in board["units"] if x["id"] == u) for u in to_tilsit) >= 8
    assert "de-9-lw-bde" in to_tilsit and "de-2-id" not in to_tilsit
    board["turn_index"] = 0  # earlier in the campaign: nobody is sent
    assert bots._reclaim(board, "central-powers", lost) == {}


def test_in_the_last_turn_the_only_unit_in_an_own_town_stays_in_it():
    """A German division alone in Insterburg, a Russian division two hexes off. In the last
    player turn it stays: left empty, the town is the enemy's to walk into in his reaction
    movement (4A4), or to take with his ZOC (5B), and what he owns at the end scores. Earlier in
    the campaign it goes for the enemy."""
    placed = {"de-1-id": INSTERBURG, "ru-27-id": "1208"}
    assert bots.dist(INSTERBURG, "1208") == 2
    last = central_powers_movement(len(TURNS) - 1, placed)
    assert bot_moves(last, "de-1-id") == {"stay": True}
    first = central_powers_movement(0, placed)
    assert "to" in bot_moves(first, "de-1-id")


def test_the_last_fighting_unit_with_the_army_hq_stays_with_it_after_the_movement_phase():
    """14M1: an Army HQ may not move in a reaction, and by the exploitation phase it has moved;
    alone it falls to the first overrun (6F at any odds against a defense of 0). The division
    stacked with it stays in the exploitation phase; in the movement phase it may go, since the
    HQ moves after it."""
    placed = {"de-8-army-hq": "1208", "de-1-id": "1208", "ru-27-id": "1412"}

    def exploitation(placed):
        s = advance(G.new(seed=5), lambda s: s["phasing"] == "central-powers" and s["phase"] == "exploitation")
        return only(s, placed)

    assert bot_moves(exploitation(placed), "de-1-id") == {"stay": True}
    assert "to" in bot_moves(exploitation(placed | {"de-2-id": "1208"}), "de-1-id")  # another division stays
    assert "to" in bot_moves(central_powers_movement(0, placed), "de-1-id")


def test_an_empty_lost_town_goes_to_a_unit_that_can_reach_it_before_a_nearer_slow_one():
    """The last turn's reclaim: Tilsit (1204) is empty and Russian. A landwehr brigade with 1 MP
    left stands 3 hexes off, a cavalry division with 6 MPs 4 hexes off; the cavalry is sent."""
    tilsit = "1204"
    slow = dict(_field("de-9-lw-bde", "central-powers", "1207", 2, 4), spent=4)
    fast = dict(_field("de-1-cav", "central-powers", "0907", 3, 3), movement=6)
    board = {
        "turn_index": len(TURNS) - 1,
        "turns": len(TURNS),
        "hidden": [],
        "owner": {tilsit: "entente"} | {g: "central-powers" for g in bots.goals("central-powers")},
        "units": [slow, fast],
    }
    assert bots.dist("1207", tilsit) == 3 and bots.dist("0907", tilsit) == 4
    assert bots._reclaim(board, "central-powers", [tilsit]) == {"de-1-cav": tilsit}
    slow["spent"] = 0  # with its 5 MPs the brigade, the nearer, goes
    assert bots._reclaim(board, "central-powers", [tilsit]) == {"de-9-lw-bde": tilsit}


def test_in_the_last_turn_an_empty_enemy_town_in_reach_is_walked_into():
    """The last turn: a place of the enemy's that no enemy unit holds scores for whoever owns it
    at the end (5B), so a unit that can get there this phase is sent; one that cannot is not.
    Suwałki (1509) is empty: a cavalry division 3 hexes off goes; a landwehr brigade with 1 MP
    left, 4 hexes from Grodno (1810), is kept for the line."""
    suwalki, grodno = "1509", "1810"
    board = {
        "turn_index": len(TURNS) - 1,
        "turns": len(TURNS),
        "hidden": [],
        "owner": {g: "central-powers" for g in bots.goals("central-powers") if g not in (suwalki, grodno)},
        "units": [
            dict(_field("de-1-cav", "central-powers", "1307", 3, 3), movement=6),
            dict(_field("de-9-lw-bde", "central-powers", "1806", 2, 4), spent=4),
        ],
    }
    assert bots.dist("1307", suwalki) == 3 and bots.dist("1806", grodno) == 4
    assert bots._reclaim(board, "central-powers", []) == {"de-1-cav": suwalki}
    held = [_field("ru-1-fin-bde", "entente", suwalki, 2, 4), _field("ru-2-fin-bde", "entente", grodno, 2, 4)]
    assert bots._reclaim(board | {"units": board["units"] + held}, "central-powers", []) == {}  # held: not walked into
    board["turn_index"] = 0  # earlier in the campaign: nobody is sent
    assert bots._reclaim(board, "central-powers", []) == {}


def test_a_tired_attacker_stays_out_when_the_column_is_better_without_him():
    """6B4 (L233): the most fatigued attacker shifts the whole attack an odds level per two hits.
    16 against 4 is 4:1; a brigade of 4 with 4 hits makes it 2:1. Without it, 12 against 4 is
    3:1: the brigade stays out. Where the tired unit carries the attack (12 of the 16), the
    column without it (1:1) is worse, and it stays in."""
    from kriegsspiel.games.over_there.world import CH

    def case(fresh: int, tired: int):
        units = [dict(_field("de-1-id", "central-powers", "1411", fresh, 8), fat=0)]
        units.append(dict(_field("de-9-lw-bde", "central-powers", "1413", tired, 4), fat=4))
        column = CH.odds_column("mobile", 16, 4, infantry_capable=True, shifts=-2)
        att = {"hex": "1412", "units": ["de-1-id", "de-9-lw-bde"], "attack": 16.0, "defense": 4.0}
        att |= {"crt": "mobile", "column": column, "shifts": -2}
        removes = [{"remove": "de-1-id"}, {"remove": "de-9-lw-bde"}]
        return column, bots._rested({"units": units}, att, removes)

    assert case(12, 4) == ("2:1", {"remove": "de-9-lw-bde"})
    assert case(4, 12) == ("2:1", None)


def test_a_tired_attacker_stays_in_when_its_army_hq_is_as_tired():
    """6B4 (L233) counts the Army HQs traced as well: with the Eighth Army HQ at 4 hits the shift
    stays -2 whoever stays out, so sending the tired brigade away only weakens the attack. The
    bot once took it out, found the attack no longer worth making, cancelled it, chose it again
    and so on: a game between bots (seed 3050) never ended."""
    from kriegsspiel.games.over_there.world import CH

    units = [dict(_field("de-1-id", "central-powers", "1411", 12, 8), fat=0, army="de-8-army-hq")]
    units.append(dict(_field("de-9-lw-bde", "central-powers", "1413", 4, 4), fat=4, army="de-8-army-hq"))
    units.append(dict(_field("de-8-army-hq", "central-powers", "1311", 0, 0), fat=4, army=None))
    column = CH.odds_column("mobile", 16, 4, infantry_capable=True, shifts=-2)
    att = {"hex": "1412", "units": ["de-1-id", "de-9-lw-bde"], "attack": 16.0, "defense": 4.0}
    att |= {"crt": "mobile", "column": column, "shifts": -2}
    removes = [{"remove": "de-1-id"}, {"remove": "de-9-lw-bde"}]
    assert bots._rested({"units": units}, att, removes) is None
    fresh_hq = [*units[:2], dict(units[2], fat=0)]
    assert bots._rested({"units": fresh_hq}, att, removes) == {"remove": "de-9-lw-bde"}


def test_heuristic_bots_finish_the_game_that_once_looped():
    game = kriegsspiel.load("over-there")
    state, n = match.play("over-there", 3050, {r: "heuristic" for r in game.new(seed=3050)["roles"]})
    assert game.is_over(state) and n < game.max_decisions


def test_a_unit_next_to_an_enemy_army_hq_standing_alone_stays_next_to_it():
    """9G1: an HQ alone has a defense of 0 and falls to any attack, and the Russian Army HQ is
    worth 3 VP. A German division beside First Army HQ, with no other Russian in sight, keeps
    beside it for the combat phase instead of marching on the Russian towns."""
    placed = {"de-1-id": "1411", "ru-1-army-hq": "1412"}
    move = bot_moves(central_powers_movement(0, placed), "de-1-id")
    assert move.get("to", "1411") in NEIGHBOURS["1412"], move


def test_the_army_hq_stays_within_supply_reach_of_its_divisions():
    """11B2: the divisions trace general supply overland to their Army HQ, 3 hexes at most. A quiet
    fortress behind the front is no place for it while the army fights at the lakes."""
    placed = {
        "de-8-army-hq": "1107",
        "de-fort-koenigsberg": "0806",
        "de-1-id": "1208",
        "de-2-id": "1208",
        "de-1-rd": "1308",
        "de-3-rd": "1308",
        "de-36-rd": "1207",
        "ru-25-id": "1309",
        "ru-27-id": "1209",
        "ru-28-id": "0609",  # a raid toward Königsberg
    }
    to = bot_moves(central_powers_movement(1, placed), "de-8-army-hq").get("to", "1107")
    assert all(bots.dist(to, h) <= 3 for h in ("1208", "1308", "1207"))


def test_a_division_behind_the_front_clears_the_obstructed_railway_it_stands_on():
    """7A7, 13A3: the heuristic clears (2 MPs) or repairs (4 MPs) the line where it stands when
    no enemy is within two hexes, and moves on; at the front it spends no MPs on the railway."""
    quiet = central_powers_movement(1, {"de-1-id": INSTERBURG, "ru-27-id": "1612"})
    quiet["obstructed"] = [INSTERBURG]
    assert bot_moves(G.clone(quiet), "de-1-id") == {"clear_rail": True}
    quiet["breaks"] = [INSTERBURG]
    assert bot_moves(quiet, "de-1-id") == {"repair_rail": True}  # the break first (13A3)
    front = central_powers_movement(1, {"de-1-id": INSTERBURG, "ru-27-id": "1307"})
    front["obstructed"] = [INSTERBURG]
    assert "clear_rail" not in bot_moves(front, "de-1-id")


def test_the_ring_counts_the_enemy_counters_a_unit_would_cut_off_from_their_sources():
    """3G: two German divisions on every other hex round a Russian division in Gerdauen (1108)
    leave one gap; a division in the third hex closes the ring with its ZOC (5A), a brigade
    there (a ZOC in its own hex only) does not, nor does a division far away."""
    gerdauen = "1108"
    spots = list(NEIGHBOURS[gerdauen])[::2]
    s = central_powers_movement(1, {"ru-27-id": gerdauen, "de-1-id": spots[0], "de-2-id": spots[1]})
    board = G.view(s, "central-powers")["board"]
    ring = bots._Ring(board, "central-powers", bots._forces(board, "central-powers")["entente"])
    assert ring.free == {gerdauen}
    assert ring.cut(spots[2], reaches=True) == 1
    assert ring.cut(spots[2], reaches=False) == 0
    assert ring.cut("0906", reaches=True) == 0
