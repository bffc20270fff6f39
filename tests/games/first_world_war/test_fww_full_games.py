"""The First World War: whole games between the heuristic bots, for every
player count (3.3, rulebook L175-177) and every combination of the options
(11.0, L365: "singularly or together"), each run to its end with a well-formed
result (9.0, L341-347)."""

import itertools
import random

import pytest
from fww_support import AH, DE, EMPIRES, RU, WA, game

import kriegsspiel
from kriegsspiel.games.first_world_war import board

OPTIONS = ("war_plans", "no_axis_aggression", "variable_order", "solitaire", "home_made_markers")
COMBOS = [dict(zip(OPTIONS, bits, strict=False)) for bits in itertools.product((False, True), repeat=len(OPTIONS))]
BOT = kriegsspiel.bot("first-world-war", "heuristic")


def play(seed, players, options):
    s = game.new(seed=seed, players=players, options=options)
    rngs = {r: random.Random(f"{seed}:{r}") for r in s["roles"]}
    decisions = 0
    while not game.is_over(s):
        active = game.active(s)
        assert active
        for role in active:
            acts = game.actions(s, role)
            assert acts, f"{role} must act but has no legal action"
            game.apply(s, role, BOT(game.view(s, role), acts, rngs[role]))
            decisions += 1
        assert decisions <= game.max_decisions
    return s, decisions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "combo", range(len(COMBOS)), ids=lambda i: "+".join(k for k, v in COMBOS[i].items() if v) or "none"
)
def test_a_whole_game_ends_with_a_well_formed_result(players, combo):
    """3.3 (rulebook L175-177), 9.0 (L341-347), RULINGS R14, R15, R33, R34:
    the game ends (after 1919 at the latest); the winners are empires of one
    alliance, as many as the player count gives them (one Central empire in 3-4
    players, one Entente empire in 4, the whole alliance otherwise; solitaire is
    scored as the 2-player game); the scores are every empire's VP, never
    negative, with Russia's +8 only after Brest-Litovsk in the 4-player game
    when the Entente won (R33)."""
    options = COMBOS[combo]
    if options["solitaire"] and players != 2:  # 11.5 L415, R42: the solitaire game is the 2-player game
        with pytest.raises(ValueError, match="played with 2 players"):
            game.new(seed=1, players=players, options=options)
        return
    s, decisions = play(1000 + combo * 3 + players, players, options)
    r = game.result(s)
    assert set(r) == {"winners", "scores", "reason"}
    assert isinstance(r["reason"], str) and r["reason"]
    assert game.active(s) == [] and all(game.actions(s, role) == [] for role in EMPIRES)
    assert s["year"] <= board.Y1919 and decisions > 0
    assert set(r["scores"]) == set(EMPIRES)
    assert all(isinstance(v, int) and v >= 0 for v in r["scores"].values())
    winners = r["winners"]
    assert winners and len(set(winners)) == len(winners) and set(winners) <= set(EMPIRES)
    side = {board.ALLIANCE[w] for w in winners}
    assert len(side) == 1
    side = side.pop()
    expected = dict(s["vp"])
    if players == 4 and s["brest"] is not None and side == "entente":
        expected[RU] += 8  # RULINGS R33: only when Russia and the Western Allies are compared
    assert r["scores"] == expected
    n = players
    if side == "central":
        assert len(winners) == (2 if n == 2 else 1)
    else:
        assert len(winners) == (1 if n == 4 else 2)
    fallen = {a: any(s["status"][e]["capitulated"] for e in board.MEMBERS[a]) for a in ("central", "entente")}
    if fallen["central"] != fallen["entente"]:
        assert not fallen[side]
    elif not any(all(s["status"][e]["capitulated"] for e in board.MEMBERS[a]) for a in fallen):
        central = s["vp"][DE] + s["vp"][AH]
        entente = s["vp"][WA] + s["vp"][RU]
        assert side == ("central" if central >= entente else "entente")
    if r["reason"] == "the end of 1919":
        assert s["year"] == board.Y1919
