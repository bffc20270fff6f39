"""Over There: what a move into contact shows cannot be taken back (ruling O1)."""

from __future__ import annotations

import random

from ot_positions import advance, only

import kriegsspiel
from kriegsspiel.games.over_there import supply
from kriegsspiel.games.over_there.rules import _in_sight, _more_in_sight
from kriegsspiel.games.over_there.world import UNITS, visible

G = kriegsspiel.load("over-there")


def test_o1_an_action_that_brings_an_enemy_counter_into_sight_cannot_be_undone():
    """Ruling O1: a side sees the enemy's counters and Res Pts only in contact. A move that brings
    a hex into sight has shown what is there (or that nothing is), to the mover or to the enemy it
    came next to: neither may take it back."""
    sightings = 0
    for seed in range(1, 4):
        s = G.new(seed=seed)
        assert s["options"]["limited_intelligence"]
        pick = random.Random(seed)
        while not G.is_over(s) and len(s["actions"]) < 400:
            role = pick.choice(G.active(s))
            before = _in_sight(s)
            s = G.apply(s, role, pick.choice(G.actions(s, role)))
            if _more_in_sight(before, _in_sight(s)):
                sightings += 1
                assert not any(G.can_undo(s, side) for side in s["roles"]), (seed, len(s["actions"]))
    assert sightings >= 5


E, CP = "entente", "central-powers"


def _top(s):
    return s["stack"][-1] if s["stack"] else None


def _log(s, role):
    return [e["text"] for e in G.view(s, role)["log"]]


def test_o1_the_enemy_reads_no_log_line_on_reinforcements_out_of_his_sight():
    """Ruling O1: out of contact a side sees how many counters stand in a hex, never the enemy's
    reinforcements due; the arrival's log line named the German division at Osterode to the
    Entente, which saw only "1 counter" there (16A1)."""
    s = advance(G.new(seed=2), lambda s: any("Reinforcements arrive" in str(e) for e in s["log"]), steps=400)
    line = next(str(e) for e in s["log"] if "Reinforcements arrive" in str(e))
    assert "Goltz" in line and "0710" not in (visible(s, E) or set())
    assert any("Goltz" in t for t in _log(s, CP))
    assert not any("Reinforcements arrive" in t for t in _log(s, E))


def test_o1_army_hq_activation_and_attrition_rolls_are_logged_to_their_owner_only():
    """Ruling O1: an enemy Army HQ's state is shown only in contact, and what a unit out of sight
    rolls for its supply is its owner's (14M2, 11F3)."""
    s = advance(
        G.new(seed=2),
        lambda s: (
            s["phase"] == "reaction-movement" and (_top(s) or {}).get("state") == "activate" and _top(s)["role"] == E
        ),
        steps=400,
    )
    s["turn"] = 2  # Sep II 14: the Russian radio (ruling O19) no longer shows the Central Powers every counter
    acts = G.actions(s, E)
    hq = acts[0]["activate"]
    assert s["units"][hq]["hex"] not in visible(s, CP)
    s = G.apply(s, E, acts[0])
    assert any("activation" in t or "stays active" in t for t in _log(s, E)[-2:])
    assert not any(UNITS[hq].name in t for t in _log(s, CP))

    s2 = only(s, {"ru-6-id": "1806", "de-1-id": "0806"})
    s2["units"]["ru-6-id"].update(supply="isolated", out=2)
    assert "1806" not in visible(s2, CP)
    supply.attrition(s2, E)
    assert "isolated in its turn 2" in _log(s2, E)[-1]
    assert not any("isolated in its turn" in t for t in _log(s2, CP))


def test_o19_the_russian_radio_shows_the_counters_not_their_moves():
    """Ruling O19 shows the Central Powers every Russian counter in Aug II and Sep I 14; ruling O1
    still keeps whether a unit has moved, the MPs it has spent and the Res Pts an Army HQ carries
    its owner's. The counters' supply markers are on the table (11F L634)."""
    s = G.new(seed=0)
    assert visible(s, CP) is None  # Aug II 14: the radio
    s = G.apply(s, E, {"unit": "ru-25-id"})
    s = G.apply(s, E, next(a for a in G.actions(s, E) if "to" in a))
    theirs = {u["id"]: u for u in G.view(s, CP)["board"]["units"] if u["side"] == E}
    mine = {u["id"]: u for u in G.view(s, E)["board"]["units"]}
    assert mine["ru-25-id"]["moved"] and mine["ru-25-id"]["spent"] > 0 and mine["ru-1-army-hq"].get("carry")
    for uid in ("ru-25-id", "ru-1-army-hq"):
        assert not {"moved", "spent", "carry"} & set(theirs[uid]), theirs[uid]
        assert theirs[uid]["supply"] == mine[uid]["supply"] and theirs[uid]["out"] == mine[uid]["out"]


def test_11f_an_enemy_counter_in_sight_shows_its_supply_marker_and_the_odds_follow_it():
    """11F L634: the supply status markers lie on the counters, and an attack's odds hang on them.
    The odds an attacker was shown fell from 3:2 to 6:1 as the defender went out of supply while
    his counter showed no supply at all: what the odds told, the counter now shows."""
    s = advance(G.new(seed=2), lambda s: s["phase"] == "combat" and (_top(s) or {}).get("state") == "combat", steps=200)
    side = _top(s)["role"]
    for status, out in (("general", 0), ("out", 1), ("isolated", 2)):
        for uid, v in s["units"].items():
            if v["at"] == "map" and UNITS[uid].side != side:
                v.update(supply=status, out=out)
        seen = [u for u in G.view(s, side)["board"]["units"] if u["side"] != side]
        assert seen and all(u["supply"] == status and u["out"] == out for u in seen)
