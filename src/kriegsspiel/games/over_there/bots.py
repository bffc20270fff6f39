"""Over There's bots. Every bot is ``bot(view, actions, rng) -> one of actions``; the engine
adds ``random`` to every game.

``heuristic`` plays a general's plan of 1914 with what its view shows: it moves each unit once
a phase toward the front or the objective its side needs (the Entente toward Königsberg and
the Vistula, the Central Powers toward the Russian armies), keeps stacks together and within
reach of an Army HQ (11B), attacks where the odds its view gives are good (2:1 and better,
3:2 where the defender is in the open), and holds where it stands when a move would only
lose ground."""

from __future__ import annotations

from ...engine import hexes as hx
from .world import MAP, OTHER, SC, UNITS, start_hex

_GOALS: dict[str, list[str]] = {}


def goals(side: str) -> list[str]:
    """The hexes of the places the side scores for holding (the scenario's victory places)."""
    if side not in _GOALS:
        from .scenario import Location

        _GOALS[side] = [start_hex(Location(place=v.place)) for v in SC.victory_places if v.scorer == side]
    return _GOALS[side]


def dist(a: str, b: str) -> int:
    return hx.distance(hx.from_id(a), hx.from_id(b))


def _kind(action) -> str:
    return next(iter(action)) if isinstance(action, dict) and action else ""


def heuristic(view, actions, rng):
    board = view["board"]
    side = view["role"]
    kinds = {}
    for a in actions:
        kinds.setdefault(_kind(a), []).append(a)
    if "choice" in kinds:
        return kinds["choice"][0]  # the historical choice comes first
    if "withdraw" in kinds:
        return {"withdraw": True}
    if "commit" in kinds:
        return kinds["commit"][0]  # the nearest stack's reserves
    if "activate" in kinds:
        return kinds["activate"][0]
    if "resolve" in kinds or ("cancel" in kinds and "add" in kinds):
        att = board.get("attack") or {}
        if att.get("column") not in (None, "auto") and _good(att):
            return {"resolve": True}
        return {"cancel": True} if "resolve" not in kinds or not _good(att) else {"resolve": True}
    if "attack" in kinds:
        best = _best_attack(board, kinds["attack"])
        if best is not None:
            return best
    if "to" in kinds or "stay" in kinds:
        return _destination(board, side, kinds, rng)
    if "unit" in kinds:
        pick = _pick_unit(board, side, kinds["unit"])
        if pick is not None:
            return pick
    return actions[-1]  # end the phase


def _good(att: dict) -> bool:
    col = att.get("column")
    if not col or col == "auto":
        return False
    a, b = col.split(":")
    return int(a) / int(b) >= (1.5 if att.get("crt") == "mobile" else 2)


def _best_attack(board, attacks):
    targets = board.get("targets") or {}
    scored = []
    for a in attacks:
        t = targets.get(a["attack"])
        if t and _good(t):
            a_, b_ = t["column"].split(":")
            scored.append((int(a_) / int(b_), a["attack"], a))
    if not scored:
        return None
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored[0][2]


def garrisons(side: str) -> frozenset:
    """The hexes the side must not leave empty: the places the enemy scores 3 VP or more for,
    and the places of the enemy's sudden death."""
    if side not in _GARRISONS:
        from .scenario import Location

        enemy = OTHER[side]
        places = {v.place for v in SC.victory_places if v.scorer == enemy and v.vp >= 3}
        places |= {sd.place for sd in SC.sudden_death if sd.side == enemy}
        _GARRISONS[side] = frozenset(start_hex(Location(place=p)) for p in places)
    return _GARRISONS[side]


_GARRISONS: dict[str, frozenset] = {}


def _pick_unit(board, side, picks):
    mine = {u["id"]: u for u in board["units"] if u["side"] == side}
    held = {}
    for u in mine.values():
        if not UNITS[u["id"]].hq:
            held.setdefault(u["hex"], []).append(u["id"])
    keep = {ids[0] for h, ids in held.items() if h in garrisons(side)}
    fresh = [a for a in picks if not mine.get(a["unit"], {}).get("moved") and a["unit"] not in keep]
    if not fresh:
        return None
    # HQs last: they follow their army
    fresh.sort(key=lambda a: (UNITS[a["unit"]].hq, a["unit"]))
    return fresh[0]


def lifeline(board, side: str) -> set[str]:
    """The hexes from which the side can still trace a line to its sources through hexes
    without enemy units or enemy ZOC (unless a friendly unit stands there): what its view shows
    of 3G. A unit ending outside it will be isolated."""
    from .supply import sources
    from .world import LAND_SET, NEIGHBOURS

    enemy = OTHER[side]
    blocked = {u["hex"] for u in board["units"] if u["side"] == enemy}
    blocked |= {h["hex"] for h in board["hidden"] if h["side"] == enemy}
    own = {u["hex"] for u in board["units"] if u["side"] == side}
    ezoc = set(board["zoc"].get(enemy, ())) - own
    passable = LAND_SET - blocked - ezoc
    start = [h for h in sources(side) if h in passable and board["owner"].get(h, _home(h)) == side]
    seen = set(start)
    todo = list(start)
    while todo:
        h = todo.pop()
        for b in NEIGHBOURS[h]:
            if b in passable and b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def _distance_from(hexes: set[str]) -> dict[str, int]:
    """Steps over land from the nearest of ``hexes``."""
    from .world import LAND_SET, NEIGHBOURS

    out = {h: 0 for h in hexes}
    todo = list(hexes)
    while todo:
        nxt = []
        for h in todo:
            for b in NEIGHBOURS[h]:
                if b in LAND_SET and b not in out:
                    out[b] = out[h] + 1
                    nxt.append(b)
        todo = nxt
    return out


def _home(h: str) -> str | None:
    c = MAP.country.get(h)
    return {"germany": "central-powers", "russia": "entente"}.get(c)


def _destination(board, side, kinds, rng):
    uid = board["selected"][0]
    here = next(u["hex"] for u in board["units"] if u["id"] == uid)
    enemy_side = OTHER[side]
    enemy = [u["hex"] for u in board["units"] if u["side"] == enemy_side]
    enemy += [h["hex"] for h in board["hidden"] if h["side"] == enemy_side]
    own = [u["hex"] for u in board["units"] if u["side"] == side and u["id"] != uid and not UNITS[u["id"]].hq]
    targets = enemy or goals(side)
    u = UNITS[uid]
    safe = lifeline(board, side)
    away = _distance_from(safe)
    options = kinds.get("to", [])

    def score(h: str) -> float:
        d_enemy = min((dist(h, e) for e in targets), default=0)
        d_goal = min((dist(h, g) for g in goals(side)), default=0)
        friends = sum(1 for o in own if o == h)
        s_ = 0.0
        if h not in safe:
            s_ -= 20 + 3 * away.get(h, 20)  # 3G: cut off; the nearer the way out the better
        if u.hq:
            # behind the front, with the army's units, never alone within the enemy's reach
            s_ -= abs(d_enemy - 3) * 2
            s_ -= min((dist(h, o) for o in own), default=0)
            if friends == 0 and d_enemy <= 4:
                s_ -= 8
            return s_
        s_ -= d_enemy * 1.5 + d_goal * 0.5
        s_ += min(friends, 2) * 0.7
        if d_enemy == 1 and friends == 0:
            s_ -= 1.5  # not alone against the enemy
        if board["owner"].get(h) == enemy_side or _enemy_land(h, side):
            s_ += 0.3
        return s_

    best = None
    best_score = score(here) + 0.5  # a move must be worth it
    for a in options:
        if a.get("overrun"):
            return a
        sc = score(a["to"]) - (0.2 if a.get("by") == "accel" else 0) + rng.random() * 0.05
        if sc > best_score:
            best, best_score = a, sc
    if best is not None:
        return best
    if "stay" in kinds:
        return kinds["stay"][0]
    return kinds.get("cancel", [options[0]])[0]


def _enemy_land(h: str, side: str) -> bool:
    c = MAP.country.get(h)
    return (c == "russia") if side == "central-powers" else (c == "germany")


BOTS = {"heuristic": heuristic}
