"""A whole campaign between bots, and its record (2.0: seven decades; 2.2 the end)."""

from __future__ import annotations

import json
import random

import kriegsspiel
from kriegsspiel.engine.records import digest, record, replay
from kriegsspiel.games.imperial_elegy import bots

game = kriegsspiel.load("imperial-elegy")


def test_six_heuristic_bots_play_the_1850_campaign_to_its_end():
    s = game.new(seed=0, players=6)
    rng = random.Random(0)
    n = 0
    while s["stack"]:
        role = game.active(s)[0]
        s = game.apply(s, role, bots.heuristic(game.view(s, role), game.actions(s, role), rng))
        n += 1
        assert n < game.max_decisions
    result = game.result(s)
    assert result["winners"] and set(result["winners"]) <= set(game.roles)
    ended_early = "gw" in s or "auto-victory" in result["reason"]  # 2.2.2-2.2.4
    assert result["reason"] == "end of turn 7" or ended_early
    assert s["turn"] == 8 or ended_early  # turn 7 played out (20.12)
    assert s["history"]["wars"], "bots fought no war in seven decades"
    again = replay(json.loads(json.dumps(record(s))))  # the record replays to the identical game
    assert digest(again) == digest(s)
