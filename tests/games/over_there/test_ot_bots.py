"""Over There's heuristic bot: what it does with the places the scenario scores (5B, the
victory conditions of SCENARIO.md) in the last turn, judged from its own view."""

from __future__ import annotations

import random

from ot_positions import movement_of, only

import kriegsspiel
from kriegsspiel.games.over_there import bots
from kriegsspiel.games.over_there.world import TURNS

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
