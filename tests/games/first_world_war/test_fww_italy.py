"""The First World War: Italy enters the war in 1916 (rulebook
shared/rulebooks/004_dc64f91ee782ec25.txt, 3.5 L198: "The Italian Theatre is
completely inactive until the beginning of Game Year 1916. British, French, or
German armies are not allowed in Fronts 5 or 6 until then. Austro-Hungarian are
allowed in Fronts 5 or 6 early, but may not engage in offensives in the Italian
Theatre before 1916.").

Italy's three field armies (entry 1916, App. C L446-447: they may only stand on
Fronts 5 and 6) arrive at the Western Allies' 1916 Deployment Turn. The theatre
opens that same year, so they must find their fronts open and be deployed
there; were the theatre still closed in 1916 (``year < 1916`` read as
``year <= 1916``), they would have no front they may use and be eliminated on
arrival (3.5), and nothing else in the suite noticed.
"""

import pytest
from fww_support import WA, P, at, drive, game, position, public_log, top

from kriegsspiel.games.first_world_war import board

ITALIANS = ("it-1", "it-2", "it-3")
ITALIAN_FRONTS = {5, 6}
SETUPS = [(4, "standard"), (2, "standard"), (3, "historical")]


def test_the_data_brings_three_italian_armies_in_1916_for_the_italian_fronts_only():
    for a in ITALIANS:
        info = P.armies[a]
        assert info.nationality == "italian" and info.empire == info.controller == WA
        assert info.entry == board.Y1916
        assert set(info.allowed) == ITALIAN_FRONTS


@pytest.mark.parametrize("players, scenario", SETUPS)
def test_before_1916_the_italian_theatre_is_closed_and_italy_waits(players, scenario):
    s = position(players=players, scenario=scenario, year=board.Y1915, turn=0, role=WA, state="deploy")
    assert all(s["armies"][a]["where"] == "future" for a in ITALIANS)
    assert not ITALIAN_FRONTS & {a["front"] for a in game.actions(s, WA)}  # British armies kept out (L198)
    assert not ITALIAN_FRONTS & set(game.view(s, None)["board"]["open_fronts"])  # no offensive there yet
    assert board.may_stand(s, "it-1", 5) is False
    # Austro-Hungarian armies may stand there early (L198)
    ah_army = next(a for a, info in P.armies.items() if info.nationality == "austro-hungarian" and 5 in info.allowed)
    assert board.may_stand(s, ah_army, 5)


@pytest.mark.parametrize("players, scenario", SETUPS)
def test_italys_armies_arrive_in_1916_and_survive_their_arrival(players, scenario):
    s = position(players=players, scenario=scenario, year=board.Y1916, turn=0, role=WA, state="deploy")
    assert s["year"] == board.Y1916
    # they arrived (6.1) and wait in the Western Allies' deployment queue, none eliminated (3.5)
    queue = top(s)["queue"]
    assert [a for a in queue if a in ITALIANS] == list(ITALIANS)
    assert all(s["armies"][a]["where"] == "ready" for a in ITALIANS)
    assert not [line for line in public_log(s) if "Italian" in line and "eliminated" in line]
    # the Italian fronts are open for the Western Allies from 1916 on (L198)
    assert ITALIAN_FRONTS <= {a["front"] for a in game.actions(s, WA)}
    assert ITALIAN_FRONTS <= set(game.view(s, None)["board"]["open_fronts"])
    # each Italian army is offered both Italian fronts and nothing else when its turn comes
    offered = {}

    def deploy(s, role, acts):
        first = acts[0]
        if isinstance(first, dict) and first.get("place") in ITALIANS:
            offered[first["place"]] = {a["front"] for a in acts}
        return acts[0]

    drive(s, lambda s: at(s, "operations"), deploy)
    assert offered == {a: ITALIAN_FRONTS for a in ITALIANS}
    # at the first Player Turn of 1916 all three stand face-down on the Italian fronts
    assert s["year"] == board.Y1916 and s["turn"] == 1
    for a in ITALIANS:
        st = s["armies"][a]
        assert st["where"] == "board" and st["front"] in ITALIAN_FRONTS and st["ctl"] == WA
        assert a in s["on"][str(st["front"])]
    # and at its first Player Turn the Western Allies may mount an offensive with them (4.1)
    s = drive(s, lambda s: at(s, "operations", WA))
    fronts = {s["armies"][a]["front"] for a in ITALIANS}
    assert fronts <= {a["offensive"] for a in game.actions(s, WA) if isinstance(a, dict) and "offensive" in a}
