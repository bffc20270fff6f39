"""Italy (§22 L1195-1245): the Italian minor powers and the Kingdom of Italy's tables, the
uprisings, petitions, internal wars and waves of unification, and the unification roll that
war.py calls after a won Italian war of unification (procedure ``italy-unification-roll``,
22.1.6 L1218)."""

from __future__ import annotations

from collections import deque

from ...engine import log
from .data import KEY_TYPES, PLAYERS
from .effects import HANDLERS, Runner, die, front, pick, skip
from .end import italian_redeployment  # 22.4, as at the End Phase (N12)
from .world import (
    ARMY_TYPES,
    NAMES,
    NAVAL_TYPES,
    P,
    dominators,
    italian_naval_kind,
    minor_region_space,
    name,
    new_unit,
    protected,
    remove_unit,
    same_alliance,
    set_box,
    set_control,
    space_name,
    truce,
    units_at,
)

ITALIAN_STATES = ("sardinia-piedmont", "two-sicilies")  # 22.1.1-22.1.4


def italian_spaces() -> list:
    return sorted(sid for sid, sp in P().spaces.items() if sp.unification == "italy")


def italian_keys() -> list:
    return [x for x in italian_spaces() if P().spaces[x].type in KEY_TYPES]


def player_held_italy(s: dict) -> list:
    return [x for x in italian_spaces() if s["control"].get(x) in PLAYERS]


def italian_states(s: dict) -> list:
    return [m for m in ITALIAN_STATES if m not in s["gone"] and any(c == m for c in s["control"].values())]


def closest_state(s: dict, sid: str):
    """22.1.1: Sardinia-Piedmont or the Two Sicilies, whichever is closer (ties: Piedmont, E17)."""
    best, dist = None, None
    for m in italian_states(s) or list(ITALIAN_STATES):
        start = {x for x, c in s["control"].items() if c == m} or {P().minors[m].capital}
        seen, todo, d = set(start), deque((x, 0) for x in start), None
        while todo:
            here, k = todo.popleft()
            if here == sid:
                d = k
                break
            for there in P().adjacency.get(here, {}):
                if there not in seen:
                    seen.add(there)
                    todo.append((there, k + 1))
        if d is not None and (dist is None or d < dist):
            best, dist = m, d
    return best or ITALIAN_STATES[0]


def italian_minor_table(s, f, e):
    """22.1 L1197-1205: the Italian Minor Power Table; the Italy flashpoint's dominator may apply -2."""
    if s["flags"].get("italy_unified"):
        return skip(s, e, "Italian Minor Power Table (Italy is unified)")
    drm = e.get("amount", 0)
    dom = dominators(s, "italy")
    if dom and dom[0] in PLAYERS:
        a = pick(s, f, e, "minus2", dom[0], [{"italy_drm": -2}, {"italy_drm": 0}],
                 "You dominate the Italy flashpoint: apply -2 to the Italian Minor Power roll?")  # fmt: skip
        drm += a["italy_drm"]
    r = die(s, e, "roll")
    total = r + drm
    f.setdefault("italy", {})["roll"] = [r, drm]
    if total <= 0:
        log(s, f"Italian Minor Power Table: {r}{drm:+d} = {total}: A Lost Dream. The Italy card is removed.", "22.1")
        lost_dream(s)
        return
    res = "_uprising" if total == 1 else "_petition" if total <= 3 else "_internal-war" if total <= 5 else "_wave"
    text = {"_uprising": "Uprising", "_petition": "Italian state petitions foreign power for aid",
            "_internal-war": "Internal Italian War", "_wave": "Nationalist wave!"}[res]  # fmt: skip
    log(s, f"Italian Minor Power Table: {r}{drm:+d} = {total}: {text}.", "22.1")
    front(f, [{"verb": res}])


def lost_dream(s: dict) -> None:
    for pile in (s["deck"], s["discard"], s["permanent"]):
        if "italy" in pile:
            pile.remove("italy")
    for q in PLAYERS:
        if "italy" in s["powers"][q]["hand"]:
            s["powers"][q]["hand"].remove("italy")
    if "italy" not in s["removed"]:
        s["removed"].append("italy")
    s["flags"]["italy_lost_dream"] = True


def h_uprising(s, f, e):
    """22.1.1 L1207: a rebel Italian army and a WoI in a player controlled Italian space; none: Italy unifies."""
    every = player_held_italy(s)
    held = [x for x in every if not protected(s, x)]
    if not every:
        log(s, "No player controls a space in Italy: Italy unifies at once.", "22.1.1")
        front(f, [{"verb": "_unify"}])
        return
    if not held:  # 3.2.6 L214: the spaces players hold are out of the cards' reach (citizenship)
        log(s, "Every player controlled space in Italy has Italian citizenship: the Uprising has no effect.", "22.1.1")
        return
    a = pick(s, f, e, "space", f["self"], [{"space": x} for x in held], "Uprising: where do the Italians rise?")
    sid = a["space"]
    n = closest_state(s, sid)
    new_unit(s, "rebel", "army", sid, n=n)
    s["woi"][sid] = 0
    log(
        s, f"Uprising in {space_name(sid)}: an Italian rebel army and a WoI marker ({name(n)} would take it).", "22.1.1"
    )


def h_petition(s, f, e):
    """22.1.2 L1209: an ally of S-P or the Two Sicilies controlling an Italian unification space
    loses that alliance; the +1 card marker goes to the Italian unification box."""
    cands = []
    for m in ITALIAN_STATES:
        q = s["allies"].get(m)
        if q in PLAYERS and any(s["control"].get(x) == q for x in italian_spaces()):
            cands.append(m)
    if cands:
        a = pick(s, f, e, "minor", f["self"], [{"minor": m} for m in cands], "Petition: remove which ally marker?")
        q = s["allies"].pop(a["minor"])
        log(s, f"{name(a['minor'])} petitions abroad: {NAMES[q]}'s ally marker is removed.", "22.1.2")
    if not s["flags"].get("italy_card_marker"):
        s["flags"]["italy_card_marker"] = True
        log(s, "A +1 card marker is placed in the Italian unification box.", "22.1.2")


def italian_keys_of(s: dict, m: str) -> int:
    return sum(1 for x in italian_keys() if s["control"].get(x) == m)


def h_internal_war(s, f, e):
    """22.1.3 L1211: the chosen state gains an army and a squadron and takes a neighbouring Italian
    key not held by a player; 3+ Italian keys: the unification roll."""
    states = italian_states(s)
    if not states:
        return skip(s, e, "Internal Italian War")
    a = pick(s, f, e, "minor", f["self"], [{"minor": m} for m in states], "Internal Italian War: which state?")
    m = a["minor"]
    mine = {x for x, c in s["control"].items() if c == m}
    targets = sorted(
        x
        for x in italian_keys()
        if s["control"].get(x) not in PLAYERS
        and s["control"].get(x) != m
        and any(n in mine for n in P().adjacency.get(x, {}))
    )
    b = pick(s, f, e, "space", f["self"], [{"space": x} for x in targets], "Which Italian key does it take?")
    home = minor_region_space(s, m)
    if home:
        new_unit(s, m, "army", home)
        new_unit(s, m, "squadron", home)
    if b:
        for uid in units_at(s, b["space"]):
            if s["units"][uid]["o"] in P().minors and s["units"][uid]["o"] != "rebel":
                remove_unit(s, uid)
        set_control(s, b["space"], m)
    log(s, f"Internal Italian War: {name(m)} gains an army and a squadron"
        f"{' and takes ' + space_name(b['space']) if b else ''}.", "22.1.3")  # fmt: skip
    if italian_keys_of(s, m) >= 3:
        front(f, [{"verb": "_unify-roll"}])


def h_wave(s, f, e):
    """22.1.4 L1213: the chosen state takes two Italian keys not held by a player; the unification roll."""
    states = italian_states(s)
    if not states:
        return skip(s, e, "Nationalist wave")
    a = pick(s, f, e, "minor", f["self"], [{"minor": m} for m in states], "Nationalist wave: which state?")
    m = a["minor"]
    n = e.get("taken", 0)
    targets = [x for x in italian_keys() if s["control"].get(x) not in PLAYERS and s["control"].get(x) != m]
    if n < 2 and targets:
        b = pick(s, f, e, f"key{n}", f["self"], [{"space": x} for x in targets], f"{name(m)} takes which key?")
        set_control(s, b["space"], m)
        log(s, f"Nationalist wave: {name(m)} takes {space_name(b['space'])}.", "22.1.4")
        e["taken"] = n + 1
        if e["taken"] < 2:
            e["_picks"].pop(f"key{n}", None)
            f["queue"].insert(0, e)
            return
    front(f, [{"verb": "_unify-roll"}])


def h_unify_roll(s, f, e):
    """22.1.5 L1215: a die, +2 with no player in Italy, +1 per key of the Italian state with the
    most; 7+: Italy unifies."""
    r = die(s, e, "roll")
    drm = (0 if player_held_italy(s) else 2) + max((italian_keys_of(s, m) for m in ITALIAN_STATES), default=0)
    ok = r + drm >= 7
    log(s, f"Italian unification roll: {r}+{drm} = {r + drm}: {'Italy unifies!' if ok else 'no unification'}.",
        "22.1.5")  # fmt: skip
    s.setdefault("history", {})["italy_roll"] = [r, drm]
    if ok:
        front(f, [{"verb": "_unify", "winner": e.get("winner")}])


def h_unify(s, f, e):
    """22.2 L1222-1231: the Kingdom of Italy."""
    if s["flags"].get("italy_unified"):
        return
    italian_minors = [m.id for m in P().minors.values() if m.group == "italian"]
    for sid in italian_spaces():
        if s["control"].get(sid) not in PLAYERS:
            s["control"][sid] = "italy"
        s["influence"].pop(sid, None)
    for m in italian_minors:
        s["allies"].pop(m, None)
        s["diplomacy"].pop(m, None)
        s["build_box"].pop(m, None)
        if m not in s["gone"]:
            s["gone"].append(m)
    for uid, u in list(s["units"].items()):
        if u["o"] in italian_minors or (u["o"] == "rebel" and u.get("n") in italian_minors):
            remove_unit(s, uid)
    for sid in [x for x in s["woi"] if P().spaces[x].unification == "italy" and x not in s["rebel_spaces"]]:
        s["woi"].pop(sid)
    s["flags"]["italy_unified"] = True
    s["majors"]["italy"] = {"alliance": "neutral", "mpit": {"entente": 0, "alliance": 0, "neutral": 1}, "reserves": 0,
                            "truces": {}}  # fmt: skip
    for _ in range(3):
        new_unit(s, "italy", "army", "rome")
    new_unit(s, "italy", "squadron", "naples")
    italian_redeployment(s)
    log(s, "Italy unifies: the Kingdom of Italy takes the Italian spaces no player holds.", "22.2")
    w = e.get("winner")
    if w in PLAYERS:  # 22.2 L1231: the winner of the war of unification spends 2 free CP on Italy's MPIT
        front(f, [{"verb": "mpit", "power": "italy", "track": "chosen", "amount": 1, "chooser": w}] * 2)


def kingdom_table(s, f, e):
    """22.3.1 L1233: the Kingdom of Italy Table; +1 from turn 5."""
    if "italy" not in s["majors"]:
        return skip(s, e, "Kingdom of Italy Table (Italy is not unified)")
    r = die(s, e, "roll")
    drm = e.get("amount", 0) + (1 if s["turn"] >= 5 else 0)
    total = r + drm
    log(s, f"Kingdom of Italy Table: {r}{drm:+d} = {total}.", "22.3.1")
    if total <= 2:
        s["majors"]["italy"]["mpit"]["neutral"] += 2
        log(s, "The King vacillates: Italy gains 2 neutral influence.", "22.3.1")
    elif total <= 4:
        front(f, [{"verb": "_italy-base"}])
    elif total <= 6:
        front(f, [{"verb": "_italy-grows"}])
    else:
        front(f, [{"verb": "_italy-war"}])


def h_italy_base(s, f, e):
    bases = sorted(
        x for x, sp in P().spaces.items() if sp.type == "naval-base" and x not in s["control"] and not sp.out_of_play
    )
    a = pick(s, f, e, "space", f["self"], [{"space": x} for x in bases], "An uncontrolled naval base for Italy")
    if not a:
        return skip(s, e, "Italian naval base")
    set_control(s, a["space"], "italy")
    log(s, f"Italy takes {space_name(a['space'])}.", "22.3.1")


def h_italy_grows(s, f, e):
    """22.3.1 L1242 5-6: "Italy permanently gains an additional reserve army and an additional
    naval unit", squadrons before the dreadnought, within its counters (4.2): the reserve count
    and the naval units the End Phase rebuilds (``majors["italy"]["naval"]``, N12) rise."""
    it = s["majors"]["italy"]
    c = P().powers["italy"].counters
    gained = []
    if it.get("reserves", 0) < c.get("reserve-army", 0):
        it["reserves"] = it.get("reserves", 0) + 1
        gained.append("a reserve army")
    kind = italian_naval_kind(s)
    if kind is not None and it.get("naval", 1) < c.get("squadron", 0) + c.get("dreadnought", 0):
        it["naval"] = it.get("naval", 1) + 1
        mine = [x for x in ("naples", "piedmont", "sicily", "rome") if s["control"].get(x) == "italy"]
        if mine:
            new_unit(s, "italy", kind, mine[0])
        gained.append(f"a {kind}")
    if not gained:
        return skip(s, e, "Italy has every counter it may have (4.2)")
    log(s, f"Italy gains {' and '.join(gained)}.", "22.3.1")


def h_italy_war(s, f, e):
    """22.3.1 7+: Italy's self-contained war on the Ottomans."""
    if same_alliance(s, "italy", "ot"):
        set_box(s, "italy", "neutral")
        log(s, "Italy and the Ottomans are allied: Italy shifts into the neutral box.", "22.3.1")
        return
    bases = sorted(
        x
        for x, sp in P().spaces.items()
        if sp.type == "naval-base" and "eastern-med" in sp.ports and s["control"].get(x) == "ot"
    )
    africa = [x for x in ("tunisia", "tripoli") if s["control"].get(x) == "ot"]
    if (not bases and not africa) or truce(s, "ot", "italy") or s["majors"]["italy"].get("truces", {}).get("ot"):
        log(s, "The Ottomans hold none of the targets (or a truce holds): treated as a 5.", "22.3.1")
        front(f, [{"verb": "_italy-grows"}])
        return
    a = pick(s, f, e, "base", f["self"], [{"space": x} for x in bases], "Italy's war aim: a naval base")
    b = pick(s, f, e, "africa", f["self"], [{"space": x} for x in africa], "Italy's war aim: Tunisia or Libya")
    main = {x for x, sp in P().spaces.items() if sp.map == "main"} | {
        b_.id for b_ in P().naval_boxes.values() if b_.european
    }
    drm = sum(1 for u in s["units"].values() if u["o"] == "italy" and u["t"] in NAVAL_TYPES and u["at"] in main)
    drm -= sum(1 for u in s["units"].values() if u["o"] == "ot" and u["t"] in NAVAL_TYPES and u["at"] in main)
    sps = P().spaces
    if any(u["o"] == "ot" and u["t"] in ARMY_TYPES and u["at"] in sps and sps[u["at"]].region == "africa"
           for u in s["units"].values()):  # fmt: skip
        drm -= 2
    r = die(s, e, "roll")
    won = r + drm >= 4
    log(s, f"Italy makes war on the Ottomans: {r}{drm:+d}: Italy {'wins' if won else 'is beaten'}.", "22.3.1")
    if won:
        for x in (a, b):
            if x:
                set_control(s, x["space"], "italy")
                log(s, f"Italy takes {space_name(x['space'])}.", "22.3.1")
    s.setdefault("history", {}).setdefault("wars", []).append(
        {"attacker": "italy", "defender": "ot", "winner": "italy" if won else "ot", "turn": s["turn"], "event": True}
    )


class UnificationRoll(Runner):
    """22.1.5 / 22.1.6 L1215-1219: war.py calls it after a won Italian war of unification."""

    def start(self, s, f):
        war = s.get("war") or {}
        winner = f.get("winner") or (war.get("primary") or {}).get("attacker")
        f["self"] = winner if winner in PLAYERS else "ge"
        f["draws"] = []
        f["card"] = None
        f["queue"] = [{"verb": "_unify-roll", "winner": winner}]
        return "next"


# ----- stability (7.1, 33.3, 33.4) ------------------------------------------------------------------------------


HANDLERS.update(
    {
        "_uprising": h_uprising,
        "_petition": h_petition,
        "_internal-war": h_internal_war,
        "_wave": h_wave,
        "_unify-roll": h_unify_roll,
        "_unify": h_unify,
        "_italy-base": h_italy_base,
        "_italy-grows": h_italy_grows,
        "_italy-war": h_italy_war,
    }
)

PROCEDURES = {"italy-unification-roll": UnificationRoll()}
STATES: dict = {}
