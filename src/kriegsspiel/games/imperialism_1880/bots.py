"""Imperialism 1880's bot: ``referee`` runs a plausible campaign on its own.

Each turn it makes a handful of entries — mostly status markers placed and raised
where a power already has a footing, a few markers established, units built and sent
to garrison controlled areas, now and then a colonial combat against the natives, a
treaty, a Casus Belli settled, rarely a war — then goes on to the next phase. At the
war-end determination it ends about half the wars; an active minor power gets an
Interest where it can. The powers' seats never act: the referee does everything.

A bot is ``bot(view, actions, rng) -> action``; this one reads the referee's view:
the entry being composed (``board["entry"]``) and the public state.
"""

from __future__ import annotations

from .books import CONTROL, GREAT, MINORS, RANK
from .console import BACK, CANCEL, NEXT

WEIGHTS = {
    "place": 60,
    "establish": 12,
    "build": 12,
    "move": 5,
    "combat": 6,
    "treaty": 3,
    "break-treaty": 0.4,
    "resolve-cb": 5,
    "peace": 4,
    "separate-peace": 0.5,
    "declare-war": 1.5,
    "call-congress": 1,
    "defy-congress": 1,
    "end-congress": 30,
    "decision": 2,
    "unrest": 2,
    "rebellion": 0.5,
    "support": 1,
    "canal": 0.5,
    "downgrade": 2,
}
NAVAL_RACE = ("germany", "france", "russia", "italy", "austria-hungary")
POWER_WEIGHTS = {
    "britain": 5,
    "france": 4,
    "germany": 3,
    "russia": 3,
    "usa": 2,
    "japan": 2,
    "italy": 2,
    "austria-hungary": 1,
    "belgium": 1,
    "netherlands": 1,
    "portugal": 1,
    "spain": 1,
}


def weighted(options: list, weight, rng):
    """One of ``options``, drawn with ``weight(option)``."""
    ws = [max(0.0, float(weight(o))) for o in options]
    total = sum(ws)
    if total <= 0:
        return options[rng.randrange(len(options))]
    x = rng.random() * total
    for o, w in zip(options, ws, strict=True):
        x -= w
        if x < 0:
            return o
    return options[-1]


def referee(view: dict, actions: list, rng):
    b = view["board"]
    if len(actions) == 1:
        return actions[0]
    asking = b.get("asking")
    if asking == "minor_activity":
        for a in actions:
            if isinstance(a, dict) and a.get("effect") not in (None, "none") and rng.random() < 0.7:
                return a
        return {"effect": "none"} if {"effect": "none"} in actions else actions[0]
    if asking == "unrest":
        if "natives_sp" in actions[0]:
            return weighted(actions, lambda a: 1 if a["natives_sp"] <= 6 else 0.2, rng)
        return weighted(
            actions, lambda a: 3 if "fight" in a else 3 if "unestablish" in a else 1 if "effect" in a else 0.3, rng
        )
    if asking == "war_end":
        return "end" if rng.random() < 0.5 else "continue"
    if asking == "retreat":
        if rng.random() < 0.2:
            return "eliminate"
        moves = [a for a in actions if isinstance(a, dict)]
        return moves[rng.randrange(len(moves))] if moves else actions[-1]
    if asking == "losses":
        if "done" in actions:
            return "done"
        # lose the smallest units first
        return min((a for a in actions if isinstance(a, dict)), key=lambda a: RANK_SIZE.get(a["lose"][:3], 9))
    entry = b.get("entry") or {"draft": {}, "made": 0}
    draft = entry["draft"]
    if NEXT in actions:
        made = entry["made"]
        if made >= 12 and rng.random() < 0.1 + 0.02 * made:
            return NEXT
        kinds = [a for a in actions if isinstance(a, dict) and a["entry"] in WEIGHTS]
        if not kinds:
            return NEXT
        return weighted(kinds, lambda a: entry_weight(b, a["entry"]), rng)
    choices = [a for a in actions if a not in (BACK, CANCEL)]
    if not choices:
        return CANCEL if CANCEL in actions else BACK
    key = next(iter(choices[0]))
    kind = draft.get("entry")
    return step(b, kind, key, draft, choices, rng)


RANK_SIZE = {"m1-": 0, "m3-": 1, "m10": 2}


def entry_weight(b: dict, kind: str) -> float:
    """Tensions build as the period goes on: wars, naval races and congresses grow likelier."""
    w = WEIGHTS[kind]
    late = (b["year"] - 1880) / 36
    if kind in ("declare-war", "break-treaty", "defy-congress"):
        return w * late * 2 if b["year"] >= 1888 else 0
    if kind == "call-congress":
        open_cbs = sum(1 for c in b["casus_belli"] if c["resolved"] is None)
        return w * (6 if open_cbs >= 5 else 0.2)
    if kind == "end-congress":  # a Congress sits until most Casus Belli are settled
        open_cbs = sum(1 for c in b["casus_belli"] if c["resolved"] is None)
        return w * (0.3 + late) / (1 + open_cbs)
    if kind == "resolve-cb" and b["congress"] is not None:
        return w * 10
    if kind == "build":
        return w * (1 + late)
    return w


def holdings(b: dict, power: str) -> dict[str, str]:
    return {a: here[power]["status"] for a, here in b["markers"].items() if power in here}


def step(b: dict, kind: str, key: str, draft: dict, choices: list, rng):
    values = [next(iter(a.values())) for a in choices]

    def pick(weight):
        return {key: weighted(values, weight, rng)}

    if key in ("power", "first", "aggressor"):
        return pick(lambda p: POWER_WEIGHTS.get(p, 1))
    if kind == "place" and key == "area":
        # a power mostly raises its footholds (Interest, Influence, Protectorate, Possession)
        mine = {a for a, st in holdings(b, draft["power"]).items() if st not in ("possession", "state")}
        taken = {a for a, here in b["markers"].items() if any(m["status"] in CONTROL for m in here.values())}
        raise_w = 2.5 * len(values) / max(1, len(mine))
        return pick(lambda a: raise_w if a in mine else 0.2 if a in taken else 1)
    if kind == "place" and key == "status":
        # the next step up the ladder, or a foothold for a fresh area
        current = holdings(b, draft["power"]).get(draft["area"])
        if current is not None:
            return {key: min(values, key=lambda st: RANK[st])}
        return pick(lambda st: {"interest": 3, "influence": 3, "protectorate": 2, "possession": 1}.get(st, 0.1))
    if key == "established":
        return {key: rng.random() < 0.3}
    if kind == "build" and key == "size":
        return pick(lambda k: {"m1": 6, "m3": 3, "m10": 1}[k])
    if kind == "build" and key == "role":
        race = draft["power"] in NAVAL_RACE and b["year"] >= 1896
        return pick(lambda r: (4 if r == "army" else 1) if not race else (1 if r == "army" else 2))
    if kind == "build" and key == "where":
        mine = {a for a, st in holdings(b, draft["power"]).items() if st in CONTROL}
        return pick(lambda w: 6 if w in mine else 1)
    if kind == "combat":
        if key == "mode":
            return pick(lambda m: 5 if m == "colonial" else 1)
        if key == "defender":
            return pick(lambda p: 6 if p == "natives" else 1)
        if key == "attacker":
            return pick(lambda p: 0.2 if p == "natives" else 1)
        if key == "natives_sp":
            return pick(lambda n: 1 if n <= 6 else 0.2)
    if kind == "treaty" and key == "kind":
        return pick(lambda k: 4 if k == "defensive" else 1)
    if kind == "treaty" and key == "second":
        return pick(lambda p: 0.1 if p in MINORS else 1)
    if kind == "declare-war" and key == "target":
        held = {c["against"] for c in b["casus_belli"] if c["resolved"] is None and c["holder"] == draft["aggressor"]}
        return pick(lambda p: 8 if p in held else 0.3 if p in GREAT else 1)
    return {key: values[rng.randrange(len(values))]}


BOTS = {"referee": referee}
