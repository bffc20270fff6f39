"""The tests of deck.TESTS (play requirements of events, conditions of achievement NGs)
and the measures of deck.MEASURES (ranked NGs, 2.4.2 L150-153), evaluated on the state.

``check(s, test, resolver)`` answers one test (a ``deck.Test``) for the player resolving
the card or scoring the goal; ``check_all`` answers a list (all must hold, 2.4.2 L149).
``measure(s, power, goal)`` is the value a ranked NG compares among the players.

Power references (DECK_RULINGS K6): a code ("GE", uppercase in the deck, lowercase in the
state), "self" (the resolver), "attacker"/"defender" (the current war's primary
belligerents, 14.1 L827; no war: the test fails), "controller" (of the test's space),
"italy" (a unified Italy), "chosen" (the test holds if it holds for some player) and
"each" (it must hold for every player) — RULINGS_END N1.
"""

from __future__ import annotations

from .data import PLAYERS, pack
from .world import (
    ARMY_TYPES,
    controller,
    dominators,
    in_region,
    is_home,
    key_count,
    naval_units,
    owner_side,
    pacified_controller,
    power_projection,
    same_alliance,
    side,
    steps_in_play,
)

# the deck's flashpoint names -> the map's (DECK_RULINGS K11; flashpoints.json)
FLASHPOINT_IDS = {"suez-canal": "suez"}
# the deck's event-box flags -> the state's flags where the set-up named them first (N2)
FLAG_ALIASES = {"suez-canal": "suez_canal", "trans-siberian": "tsrr"}


def powers_of(s: dict, ref, resolver: str | None, space: str | None = None) -> list:
    """The state's powers a reference names (K6); [] when it names nobody now."""
    if ref is None:
        return [resolver] if resolver else []
    if ref == "self":
        return [resolver] if resolver else []
    if ref in ("attacker", "defender"):
        war = s.get("war")
        p = (war or {}).get("primary", {}).get(ref)
        return [p] if p else []
    if ref == "controller":
        c = controller(s, space) if space else None
        return [c] if c else []
    if ref in ("chosen", "each"):
        return list(PLAYERS)
    return [ref.lower()]


def flag_set(s: dict, flag: str) -> bool:
    """An event-box counter (3.6 L283) by the deck's name or its state alias (N2)."""
    fl = s["flags"]
    for k in (flag, FLAG_ALIASES.get(flag), flag.replace("-", "_")):
        if k and fl.get(k):
            return True
    return False


def minor_id(ref: str) -> str:
    """A minor power named by its id or by its name space (K9: 'piedmont' = Sardinia-Piedmont)."""
    minors = pack().minors
    if ref in minors:
        return ref
    for m in minors.values():
        if m.capital == ref:
            return m.id
    return ref


def allies_of(s: dict, power: str, region: str | None = None) -> int:
    """Minor power allies of the power (4.7.3 L333); with a region, those whose name space or a
    home space lies in it."""
    minors = pack().minors
    spaces = pack().spaces
    n = 0
    for m, who in s["allies"].items():
        if who != power or m in s["gone"]:
            continue
        if region:
            rec = minors.get(m)
            homes = set(rec.homes) | {rec.capital} if rec else ()
            if not any(h in spaces and in_region(spaces[h], region) for h in homes):
                continue
        n += 1
    return n


def great_war_occurred(s: dict) -> bool:
    """The Great War broke out (23.0; goals.py sets the flag when it ends the game so)."""
    return bool(s["flags"].get("great_war"))


def ever_independent(s: dict, space: str) -> bool:
    """The space gained independence this game (4.7.1 L327, 20.8 L1156): events.py and the
    End Phase record it in s["history"]["independence"] (N3)."""
    return space in s.get("history", {}).get("independence", [])


def in_battle(s: dict, test, resolver: str | None) -> bool:
    """The tests of the battle a combat card is played before (9.1.2 L559; DECK_RULINGS K17):
    ``s["battle"]`` (battle.py, naval.py); with no battle they fail."""
    b = s.get("battle")
    if not b or "at" not in b:
        return False
    k = test.test
    if k == "battle-side":  # 18.1.2 L958
        return resolver is not None and (b.get("roles") or {}).get("a" if test.side == "attacker" else "d") == resolver
    if k == "battle-fort":  # 12.12 L703, 19.9 L1114
        return bool(b.get("fort"))
    at = b["at"]
    sp = pack().spaces.get(at)
    if sp is None:
        return False  # a naval box
    if k == "battle-in":  # 3.1, 3.2.5 L200
        if test.region and in_region(sp, test.region):
            return True
        return any(is_home(s, q.lower(), at) for q in test.powers or ())
    if k == "battle-terrain":  # 3.2.4 L191-194
        frm = b.get("frm")
        if b.get("amphibious") or frm is None:
            return False
        kind = "clear" if frm == at else pack().adjacency.get(frm, {}).get(at)
        return kind == test.terrain
    if k == "battle-adjacent":  # 18.3.1 L977: red connections are not adjacency for support
        fighting = set(b.get("units") or ())
        near = {x for x, kind in pack().adjacency.get(at, {}).items() if kind not in ("off-map", "tsrr")}
        return any(
            u["o"] == resolver and u["t"] in ARMY_TYPES and u["at"] in near and uid not in fighting
            for uid, u in s["units"].items()
        )
    raise ValueError(f"conditions: no battle test {k!r}")


def _one(s: dict, t, p: str) -> bool:  # noqa: C901 - one case per test of deck.TESTS
    k = t.test
    if k == "controls":  # 4.7 L323; an unpacified space is not controlled for this (12.11 L697)
        if t.space:
            return pacified_controller(s, t.space) == p
        spaces = list(t.spaces or [])
        got = sum(1 for x in spaces if pacified_controller(s, x) == p)
        return got >= (t.count if t.count is not None else len(spaces))
    if k == "not-controls":
        return not any(pacified_controller(s, x) == p for x in ([t.space] if t.space else []) + list(t.spaces or []))
    if k == "keys":  # 3.2.1 L184
        return key_count(s, p, t.region, t.kind) >= (t.amount or 0)
    if k == "dominates":  # 3.3 L240
        return p in dominators(s, FLASHPOINT_IDS.get(t.flashpoint, t.flashpoint))
    if k == "allies":  # 4.7.3 L333
        return allies_of(s, p, t.region) >= (t.amount or 0)
    if k == "ally-of":  # 12.8 L679
        return s["allies"].get(minor_id(t.minor)) == p
    if k in ("industry", "stability", "stability-at-most"):  # 7.1, 7.4
        st = s["powers"].get(p)
        if st is None:
            return False
        v = st["industry"] if k == "industry" else st["stability"]
        return v <= t.amount if k == "stability-at-most" else v >= t.amount
    if k == "naval-units":  # 5.2
        return naval_units(s, p) >= t.amount
    if k == "power-projection":  # 3.3.1 L242-255
        return p in s["powers"] and power_projection(s, p) >= t.amount
    if k == "in-alliance":  # 8.1.2 L498
        sd = side(s, p)
        return sd != "neutral" and (t.direction in (None, "chosen", "away") or sd == t.direction)
    if k == "neutral":  # 8.1.1 L492
        return side(s, p) == "neutral"
    if k == "at-war":  # 4.9.2 L349
        return s.get("war") is not None and owner_side(s, p) is not None
    if k == "won-war":  # 16.1 L897-909
        target = t.target.lower() if t.target else None
        for w in s["powers"].get(p, {}).get("won_wars", []):
            if target and w.get("target") != target:
                continue
            if t.aim and w.get("aim") != t.aim:
                continue
            return True
        return False
    if k == "no-lost-war":  # 16.1
        return s["powers"].get(p, {}).get("lost_wars", 0) == 0
    if k == "power-is":  # 9.0 L541
        return p == (t.power or "").lower()
    raise ValueError(f"conditions: no power test {k!r}")


def check(s: dict, test, resolver: str | None) -> bool:  # noqa: C901 - one case per test of deck.TESTS
    """Whether the test holds now for the resolver (deck.TESTS; K6)."""
    k = test.test
    # tests that name no power
    if k == "played":  # 3.6 L283
        return flag_set(s, test.flag)
    if k == "not-played":
        return not flag_set(s, test.flag)
    if k == "independent":  # 4.7.1 L327
        c = controller(s, test.space)
        return c in pack().minors and c not in s["gone"]
    if k == "not-independent":
        return not ever_independent(s, test.space)
    if k == "unified":  # 22.2 L1222, 33.1.1 L1522
        return bool(s["flags"].get(f"{test.which}_unified"))
    if k == "not-unified":
        return not s["flags"].get(f"{test.which}_unified")
    if k == "peace":  # 4.9.1 L347
        return s.get("war") is None
    if k == "at-war" and test.power is None:
        return s.get("war") is not None
    if k == "wtt-at-most":  # 3.7 L285
        return s["wtt"] <= test.amount
    if k == "turn-at-least":  # 2.0 L113
        return s["turn"] >= test.amount
    if k == "india":  # 33.2.2 L1537
        stable = bool(s["flags"].get("india_stable"))
        return stable if test.flag == "stable" else not stable
    if k == "city-of-light":  # 33.3 L1552
        return s["flags"].get("city_of_light", 0) >= test.amount
    if k == "citizenship":  # 33.4.1
        return len(s["flags"].get("citizenship", [])) >= test.amount
    if k == "no-great-war":  # 2.4.2 L154
        return not great_war_occurred(s)
    if k == "war-not-by-card":  # L543 Balance of Power
        war = s.get("war")
        return war is not None and war.get("card") != test.card
    if k == "power-is":  # 9.0 L541: the resolver is the named power
        return resolver is not None and resolver == (test.power or "").lower()
    if k.startswith("battle-"):  # 9.1.2 L559: the battle the combat card is played before
        return in_battle(s, test, resolver)
    if k == "same-alliance":  # 8.1.2
        a = powers_of(s, test.power, resolver, test.space)
        b = powers_of(s, test.target, resolver, test.space)
        return any(x != y and same_alliance(s, x, y) for x in a for y in b)
    # tests about a power
    who = powers_of(s, test.power, resolver, test.space)
    if not who:
        return False
    if test.power == "each":
        return all(_one(s, test, p) for p in who)
    return any(_one(s, test, p) for p in who)


def check_all(s: dict, tests, resolver: str | None) -> bool:
    """Every test holds (an achievement NG's conditions, 2.4.2 L149; an option's requirements)."""
    return all(check(s, t, resolver) for t in tests)


def measure(s: dict, power: str, goal) -> int:
    """The value a ranked NG compares (deck.MEASURES; 2.4.2 L152)."""
    m = goal.measure
    if m == "keys":  # 3.2.1 L184
        return key_count(s, power, goal.region, goal.key_kind)
    if m == "allies":  # 4.7.3
        return allies_of(s, power, goal.region)
    if m == "industry":  # 7.4
        return s["powers"][power]["industry"]
    if m == "stability":  # 7.1
        return s["powers"][power]["stability"]
    if m == "power-projection":  # 3.3.1
        return power_projection(s, power)
    if m == "naval-units":  # 5.2
        return naval_units(s, power)
    if m == "army-steps":  # 5.3
        return steps_in_play(s, power)
    if m == "flashpoints":  # 3.3
        return sum(1 for fid in pack().flashpoints if power in dominators(s, fid))
    raise ValueError(f"conditions: no measure {m!r}")
