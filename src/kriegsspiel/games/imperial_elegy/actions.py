"""Spending CP in peacetime (12.1-12.16, L605-731), and Austria's special actions
(33.4 L1556-1557).

``call(s, "spend", power=p, card=cid, cp=n)`` lets the power spend a card's CP
(card None: CP from an event, Modernization's 3 CP). The power takes one action
at a time in the state "spend" until it says "done" or has no CP left; a
CP-chained card pays for one action of at most 4 CP (12.14). Declaring war
takes the whole card (12.17 L737).
"""

from __future__ import annotations

from collections import deque

from ...engine import STAY, Procedure, State, ask, call, log
from ...engine.memo import Memo
from ...engine.rng import roll
from . import war
from .data import KEY_TYPES, PLAYERS
from .world import (
    ARMY_TYPES,
    EF_TYPES,
    NAMES,
    NAVAL_TYPES,
    P,
    army_counts,
    card,
    check_german_unification,
    counter_limit,
    enter_uncontrolled,
    finish_card,
    home_keys_for_armies,
    is_home,
    leave_uncontrolled,
    linked_to_capital,
    minors_in_play,
    name,
    new_unit,
    ports_of,
    position,
    remove_unit,
    reserve_limit,
    sea_and_land,
    space_name,
    supply_sources,
    territorial,
)

MAX_ALLIES = 5  # 4.2.1 L300
MAX_FORTS = 3  # 12.12 L707
CHAIN_MAX = 4  # 12.14 L721


class Spend(Procedure):
    """12.1 L605: a card played for CP (or an event's CP) spent action by action; the card then
    goes where 9.0 sends it."""

    def start(self, s, f):
        st = s["powers"][f["power"]]
        f["left"] = f["cp"]
        f["chain"] = sum(card(c).cp for c in st["chain"]) if f.get("card") else 0
        if f["left"] > 0 or f["chain"]:
            ask_spend(s, f)
        return "finish"

    def finish(self, s, f):
        s["cp"] = 0
        unify_germany(s)  # after the last action's procedures too (33.1.1 L1521)
        if f.get("card"):
            finish_card(s, f["power"], f["card"])
        return None  # auto-victory is checked after the impulse (sequence.ActionPhase)


# an event's free action of a named kind (deck.ACTIONS; RULINGS_EVENTS E16) -> the actions it allows
ONLY = {
    "recruitment": ("army", "reinforce", "reserve", "reserve-step", "ec"),
    "naval-movement": ("naval",),
    "construct-fleet": ("fleet", "refit"),
    "place-influence": ("influence", "diplomacy"),
    "remove-influence": ("remove",),
    "mpit": ("mpit",),
    "minor-alliance": ("ally",),
    "expeditionary-force": ("ef",),
    "pacification": ("pacify",),
    "construct-fort": ("fort",),
    "redeployment": ("redeploy",),
    "land-battle": ("battle",),
    "deploy-reserves": (),
}


def ask_spend(s, f):
    extra = {"only": f["only"]} if f.get("only") else {}
    ask(s, "spend", f["power"], left=f["left"], chain=f["chain"], card=f.get("card"), fresh=True, **extra)
    s["cp"] = f["left"]


class SpendState(State):
    """12.1: spend the card's CP on any combination of actions."""

    def prompt(self, s, f, role):
        extra = f" (+{f['chain']} in the CP chain for one action)" if f["chain"] else ""
        return f"Spend your CP: {f['left']} left{extra}."

    def actions(self, s, f, role):
        left, chain = f["left"], f["chain"]
        cap = max(left, min(CHAIN_MAX, left + chain)) if chain > 0 else left  # the chain pays for one action (R4)
        if f.get("only"):
            only = ONLY.get(f["only"], ())
            out = [a for a, cost in options(s, role, f) if cost <= cap and a["do"] in only]
        else:
            out = [a for a, cost in options(s, role, f) if cost <= cap]
        out.append("done")
        return out

    def act(self, s, f, role, action):
        if action == "done":
            return None
        if action["do"] == "war":  # 12.17 L737: all the card's CP, and the CP chain if it pays too (R4)
            cost = min(CHAIN_MAX, f["left"] + f["chain"]) if action.get("chain") else f["left"]
            f["war_cp"] = cost
        else:
            cost = cost_of(s, role, action)
        pay(s, role, f, cost)
        f["fresh"] = False
        imp = s.get("impulse")
        if imp is not None and imp.get("power") == role:
            imp.setdefault("spent", []).append(action)  # what the impulse has done, in order (public)
        perform(s, role, action, f)
        unify_germany(s)
        s["cp"] = f["left"]
        if f["left"] <= 0 and f["chain"] <= 0:
            return None
        if action.get("do") == "war":
            return None
        return STAY


def unify_germany(s: dict) -> None:
    """33.1.1 L1521: Germany unifies "the instant" GE holds every German unification space, so a
    diplomacy or alliance marker placed by an action may unify it (world.check_german_unification)."""
    check_german_unification(s)


def cost_of(s: dict, p: str, a: dict) -> int:
    """The CP an action of 12.1 costs (L605-623)."""
    do = a["do"]
    if do == "army":
        return 2 if a.get("full") else 1
    if do == "ec":
        return 2
    if do == "fleet":
        return (2 if a["unit"] == "squadron" else 3) - (0 if a.get("full") else 1)
    if do == "ally":
        return 3
    if do == "break":
        return 3 if naval_supremacy(s, p, a["minor"]) else 4
    if do == "ef":
        return 1 if "unit" in a else 2
    if do == "pacify":
        return 2 if p == "au" or (p == "ge" and not s["flags"].get("germany_unified")) else 1
    if do == "fort":
        if a["level"] == 2 and s["forts"].get(a["space"], [None])[0] == p:
            return 1  # an upgrade (12.12 L707)
        return a["level"]
    if do in ("reforms", "citizenship", "incorporate"):
        return 3
    return 1


def pay(s: dict, p: str, f: dict, cost: int) -> None:
    """Take the action's cost from the card's CP, or from the CP chain for this one action."""
    if cost <= f["left"]:
        f["left"] -= cost
        return
    # the CP chain pays for this one action (12.14 L721)
    from_chain = cost - f["left"]
    f["left"] = 0
    st = s["powers"][p]
    log(s, f"{NAMES[p]} spends its CP chain ({from_chain} of {f['chain']} CP).", "12.14")
    s["discard"] += st["chain"]
    st["chain"] = []
    f["chain"] = 0


# ----- what may be done, and its cost -----------------------------------------------------------------------


def options(s: dict, p: str, f: dict) -> list:  # noqa: C901 - one block per action of 12.1
    """Every peacetime action open to the power, with its CP cost (12.1 L605-623)."""
    out = []
    st = s["powers"][p]
    imp = s.get("impulse") or {}
    left = f.get("left", 4)
    budget = max(left, min(CHAIN_MAX, left + f["chain"]) if f.get("chain") else 0)  # the dearest action payable
    # what the power's units are and where, in one pass (the listing is the hot path)
    own = []
    counts: dict = {}
    others_at = set()
    players = s["powers"]
    allies = {m for m, q in s["allies"].items() if q == p and m not in s["gone"]}
    reduced_allies = []  # 12.2 L634: recruitment for minor allies, their reduced armies too
    for uid, u in s["units"].items():
        o = u["o"]
        if o == p:
            own.append((uid, u))
            counts[u["t"]] = counts.get(u["t"], 0) + 1
        elif o in players:
            others_at.add(u["at"])
        elif o in allies and u["r"] and u["t"] in ARMY_TYPES and u["at"] in P().spaces:
            reduced_allies.append(uid)
    # 12.17 declare war: the whole card, as the first use of its CP
    if f.get("card") and f.get("fresh") and s.get("war") is None:
        chained = min(CHAIN_MAX, left + f["chain"]) if f.get("chain") and left < CHAIN_MAX else 0
        for t in war.targets(s, p):
            out.append(({"do": "war", "target": t}, 1))
            if chained:  # 12.14 L721, 12.17 L737: the CP chain pays for a declaration of up to 4 CP (R4)
                out.append(({"do": "war", "target": t, "chain": True}, chained))
    # 12.2 recruitment
    linked = linked_to_capital(s, p)  # asked by several actions below: traced once
    for kind, where in recruit_places(s, p, counts, linked):
        for sid in where:
            out.append(({"do": "army", "kind": kind, "space": sid}, 1))
            if budget >= 2:
                out.append(({"do": "army", "kind": kind, "space": sid, "full": True}, 2))
    for uid, u in own:
        if u["r"] and u["t"] in ARMY_TYPES:
            out.append(({"do": "reinforce", "unit": uid}, 1))
    for uid in sorted(reduced_allies):  # 12.2 L625, L634: recruitment for minor power allies too
        out.append(({"do": "reinforce", "unit": uid}, 1))
    if p != "uk":
        if len(st["reserves"]) < reserve_limit(s, p) and len(st["reserves"]) < counter_limit(s, p, "reserve"):
            out.append(({"do": "reserve"}, 1))
        if True in st["reserves"]:
            out.append(({"do": "reserve-step"}, 1))
    if budget >= 2 and counts.get("ec", 0) < counter_limit(s, p, "ec"):
        for uid, u in own:  # 5.1.3 L367: an army may have several ECs
            if u["t"] in ARMY_TYPES:
                out.append(({"do": "ec", "unit": uid}, 2))
    for m, sid in minor_build_places(s, p):
        out.append(({"do": "army", "kind": "army", "space": sid, "for": m}, 1))
    if budget >= 1:
        for m, what, where in minor_extras(s, p):  # 12.8 L683, 12.4 L650
            if what == "ec" and budget >= 2:
                out.append(({"do": "ec", "unit": where, "for": m}, 2))
            elif what == "squadron":
                out.append(({"do": "fleet", "unit": "squadron", "space": where, "for": m}, 1))
                if budget >= 2:
                    out.append(({"do": "fleet", "unit": "squadron", "space": where, "for": m, "full": True}, 2))
    # 12.3 naval movement
    if counts.get("squadron") or counts.get("dreadnought"):
        out.append(({"do": "naval"}, 1))
    # 12.4 construct fleets
    for sid in fleet_places(s, p, linked):
        if counts.get("squadron", 0) < counter_limit(s, p, "squadron"):
            out.append(({"do": "fleet", "unit": "squadron", "space": sid}, 1))
            out.append(({"do": "fleet", "unit": "squadron", "space": sid, "full": True}, 2))
        if s["flags"].get("dreadnoughts") and counts.get("dreadnought", 0) < counter_limit(s, p, "dreadnought"):
            out.append(({"do": "fleet", "unit": "dreadnought", "space": sid}, 2))
            out.append(({"do": "fleet", "unit": "dreadnought", "space": sid, "full": True}, 3))
    for uid, u in own:
        if u["r"] and u["t"] in NAVAL_TYPES and _refit_place(s, p, u["at"], linked):
            out.append(({"do": "refit", "unit": uid}, 1))
    # 12.5 influence or diplomacy, once per impulse
    if not imp.get("influence"):
        for sid in influence_places(s, p):
            out.append(({"do": "influence", "space": sid}, 1))
        for m in diplomacy_targets(s, p):
            out.append(({"do": "diplomacy", "minor": m}, 1))
    # 12.6 remove influence or diplomacy, once per impulse
    if not imp.get("removed"):
        berlin = s["flags"].get("berlin-conference")
        for sid in sorted(s["influence"]):
            if sid not in others_at and not (berlin and P().spaces[sid].region == "africa"):  # 12.6 L672
                out.append(({"do": "remove", "space": sid}, 1))
        for m in sorted(s["diplomacy"]):
            out.append(({"do": "remove", "minor": m}, 1))
    # 12.7 MPIT
    for q in (*PLAYERS, *(["italy"] if "italy" in s["majors"] else [])):
        for t in ("entente", "alliance", "neutral"):
            out.append(({"do": "mpit", "power": q, "track": t}, 1))
    # 12.8 minor power alliance; 12.9 remove one
    if budget >= 3 and sum(1 for a in s["allies"].values() if a == p) < MAX_ALLIES:
        for m, q in sorted(s["diplomacy"].items()):
            if q == p and m not in s["allies"] and m not in s["gone"]:
                out.append(({"do": "ally", "minor": m}, 3))
    for m, q in sorted(s["allies"].items()) if budget >= 3 else ():
        if q != p and q in s["powers"]:
            out.append(({"do": "break", "minor": m}, 3 if naval_supremacy(s, p, m) else 4))
    # 12.10 expeditionary forces
    efs = [(uid, u["at"]) for uid, u in own if u["t"] in EF_TYPES]  # elite colonial EFs too (5.1.5 L374, 5.1.6 L379)
    more_efs = budget >= 2 and counts.get("ef", 0) < counter_limit(s, p, "ef")
    for sid in ef_places(s, p):
        if more_efs:
            out.append(({"do": "ef", "to": sid}, 2))
        for uid, at in efs:
            if at != sid:
                out.append(({"do": "ef", "unit": uid, "to": sid}, 1))
    # 12.11 pacification (Continental Focus, Continental Power: 2 CP, 33.1, 33.4)
    cost = 2 if p == "au" or (p == "ge" and not s["flags"].get("germany_unified")) else 1
    for sid in pacify_places(s, p):
        if sid not in imp.get("pacified", []):
            out.append(({"do": "pacify", "space": sid}, cost))
    # 12.12 forts
    for sid, level, c in fort_options(s, p):
        out.append(({"do": "fort", "space": sid, "level": level}, c))
    # 12.15 redeployment
    spaces = P().spaces
    land_at = {u["at"] for _, u in own if u["t"] not in NAVAL_TYPES and u["at"] in spaces}
    if land_at:
        out.append(({"do": "redeploy"}, 1))
    # 12.16 land battles against rebels
    for frm, at in rebel_battles(s, p, land_at):
        out.append(({"do": "battle", "frm": frm, "at": at}, 1))
    # 5.1.5 L382: a lost elite colonial EF rebuilt for 1 CP in a controlled colonial key
    if st.get("lost_elite"):
        for sid in colonial_keys(s, p, linked):
            out.append(({"do": "elite-ef", "space": sid}, 1))
    # 33.3 the Zouaves rebuilt in Algeria
    if p == "fr" and s["control"].get("algeria") == "fr" and not counts.get("zouaves"):
        out.append(({"do": "zouaves"}, 1))
    # 33.4 Austria's special actions
    if p == "au" and budget >= 3:
        nats = P().powers["au"].nationalities
        rights, cit = s["flags"]["rights"], s["flags"]["citizenship"]
        for n in nats:
            if n not in rights:
                out.append(({"do": "reforms", "nationality": n}, 3))
            elif n not in cit:
                out.append(({"do": "citizenship", "nationality": n}, 3))
                if st["stability"] > 0:
                    out.append(({"do": "citizenship", "nationality": n, "stability": True}, 3))
        for m, q in sorted(s["allies"].items()):
            if q == "au" and P().minors[m].nationality in cit and m not in s["gone"]:
                out.append(({"do": "incorporate", "minor": m}, 3))
    return out


def army_kinds(p: str) -> list:
    return {"uk": ["british", "indian"], "ot": ["turkish", "arab"]}.get(p, ["army"])


def recruit_places(s: dict, p: str, counts: dict | None = None, linked: set | None = None) -> list:
    """12.2 L631: where a new standing army of each kind may be placed, within manpower and the
    counter mix (4.2); the UK raises no British army but its 1st before the Great War (33.2).
    Manpower is the marker on the track (7.2 L475), which moves only in the End Phase (20.5
    L1149-1151), not a count of the keys held now."""
    out = []
    if counts is None:
        counts = {}
        for u in s["units"].values():
            if u["o"] == p:
                counts[u["t"]] = counts.get(u["t"], 0) + 1
    standing = sum(n for k, n in counts.items() if k in ARMY_TYPES and k != "reserve")
    if linked is None:
        linked = linked_to_capital(s, p)
    mp = s["powers"][p]["manpower"]
    for kind in army_kinds(p):
        if p == "uk":
            pool = "british" if kind == "british" else "colonial"
            have = counts.get(kind, 0)
            if kind == "british" and (have >= 1 or any(u.get("first") for u in s["units"].values())):
                continue
            if have >= mp.get(pool, 0) and kind == "indian":
                continue
            if s["flags"].get("india_independent") and kind == "indian" and have >= 1:
                continue
        elif p == "ot":
            if counts.get(kind, 0) >= mp.get(kind, 0):
                continue
        else:
            if standing >= sum(mp.values()):
                continue
        if counts.get(kind, 0) >= counter_limit(s, p, kind):
            continue
        out.append((kind, home_keys_for_armies(s, p, kind, linked)))
    return out


def recruit_options(s: dict, p: str) -> list:
    """One army step as a 1-CP recruitment (for Militarism, 20.1): the actions and nothing else."""
    out = []
    for kind, where in recruit_places(s, p):
        out += [{"do": "army", "kind": kind, "space": sid} for sid in where]
    # 12.2 L631: a recruitment builds for allied minors too (RULINGS N13: exactly a 1-CP recruitment)
    out += [{"do": "army", "kind": "army", "space": sid, "for": m} for m, sid in minor_build_places(s, p)]
    out += [{"do": "reinforce", "unit": uid} for uid, u in s["units"].items()
            if u["o"] == p and u["r"] and u["t"] in ARMY_TYPES]  # fmt: skip
    out += [{"do": "reinforce", "unit": uid} for uid in minor_reduced_armies(s, p)]
    st = s["powers"][p]
    if p != "uk":
        if len(st["reserves"]) < reserve_limit(s, p) and len(st["reserves"]) < counter_limit(s, p, "reserve"):
            out.append({"do": "reserve"})
        if True in st["reserves"]:
            out.append({"do": "reserve-step"})
    return out


def minor_build_places(s: dict, p: str) -> list:
    """12.2 L621: units for allied minor powers, in their home spaces, within their counter mix."""
    out = []
    for m, q in sorted(s["allies"].items()):
        if q != p or m in s["gone"]:
            continue
        rec = P().minors.get(m)
        if rec is None or rec.rebel:
            continue
        have = sum(1 for u in s["units"].values() if u["o"] == m and u["t"] in ARMY_TYPES)
        have += s["build_box"].get(m, 0)
        if have >= rec.armies:
            continue
        for sid in sorted(rec.homes):
            sp = P().spaces[sid]
            if (
                s["control"].get(sid) == m
                and sum(1 for u in s["units"].values() if u["at"] == sid and u["t"] in ARMY_TYPES) < sp.stacking
            ):
                out.append((m, sid))
                break
    return out


def colonial_keys(s: dict, p: str, linked: set) -> list:
    """Keys the power controls with no land connection to its capital (3.2.1), colonial homes too."""
    spaces = P().spaces
    return sorted(
        sid
        for sid, c in s["control"].items()
        if c == p
        and spaces[sid].type in KEY_TYPES
        and (sid not in linked or spaces[sid].colonial_home)
        and sid not in s["rebel_spaces"]
        and sid not in s["pacification"]
    )


def minor_reduced_armies(s: dict, p: str) -> list:
    """The reduced armies of the power's minor allies, which its recruitment may bring to full
    strength as its own (12.2 L625, L634: "Players may use recruitment actions to build land
    units for their minor power allies")."""
    mine = {m for m, q in s["allies"].items() if q == p and m not in s["gone"]}
    if not mine:
        return []
    spaces = P().spaces
    return sorted(
        uid for uid, u in s["units"].items() if u["o"] in mine and u["r"] and u["t"] in ARMY_TYPES and u["at"] in spaces
    )


def minor_extras(s: dict, p: str) -> list:
    """For allied minor powers (12.8 L683, 12.4 L650): one generic EC each, with one of its armies;
    squadrons in a home port of the minor, within its counter mix and the port limit of four."""
    out = []
    units = s["units"]
    for m, q in sorted(s["allies"].items()):
        if q != p or m in s["gone"]:
            continue
        rec = P().minors.get(m)
        if rec is None or rec.rebel:
            continue
        mine = [(uid, u) for uid, u in units.items() if u["o"] == m]
        if not any(u["t"] == "ec" for _, u in mine):
            for uid, u in mine:
                if u["t"] in ARMY_TYPES:
                    out.append((m, "ec", uid))
                    break
        if sum(1 for _, u in mine if u["t"] == "squadron") < rec.squadrons:
            for sid in sorted(rec.homes):
                sp = P().spaces[sid]
                if (
                    s["control"].get(sid) == m
                    and sp.ports
                    and sum(1 for u in units.values() if u["at"] == sid and u["t"] in NAVAL_TYPES) < 4
                ):
                    out.append((m, "squadron", sid))
                    break
    return out


def fleet_places(s: dict, p: str, linked: set | None = None) -> list:
    """12.4 L649: a controlled territorial home key on the main map with a port, at most four
    naval units in port (5.5.4)."""
    out = []
    if linked is None:
        linked = linked_to_capital(s, p)
    spaces = P().spaces
    zollverein = (  # 33.1 L1519: German unification spaces are always territorial keys to Germany
        [sid for sid, c in s["control"].items() if c == p and spaces[sid].unification == "germany"] if p == "ge" else []
    )
    candidates = [
        sid
        for sid in (linked | set(zollverein) if zollverein else linked)
        if spaces[sid].map == "main" and spaces[sid].ports and spaces[sid].type in KEY_TYPES and is_home(s, p, sid)
    ]
    if not candidates:
        return out
    ships: dict = {}
    for u in s["units"].values():
        if u["t"] in NAVAL_TYPES:
            ships[u["at"]] = ships.get(u["at"], 0) + 1
    return sorted(sid for sid in candidates if ships.get(sid, 0) < 4)


def _refit_place(s, p, sid, linked=None):
    """12.4 L659: naval units refit "only if they are in a friendly territorial home space with a
    port": not at sea, not in a colonial home space (3.2.5 L200) nor one with no land link to the
    capital (3.2.1; ``world.territorial``)."""
    sp = P().spaces.get(sid)
    return (
        sp is not None
        and bool(sp.ports)
        and is_home(s, p, sid)
        and s["control"].get(sid) == p
        and territorial(s, p, sid, linked)
    )


_SUPPLIED = Memo(256)


def supplied(s: dict, p: str) -> frozenset:
    """Spaces and naval boxes a LoC reaches from the power's supply sources in peacetime: its
    own spaces, its allied minors' (12.5.1 L663) and every naval box (4.9.5). Remembered for
    the position (``world.position``: control, rebels, alliances with minors, the canals)."""
    fp = position(s)
    key = (p, fp)
    got = _SUPPLIED.get(key)
    return got if got is not None else _SUPPLIED.keep(key, frozenset(_supplied(s, p, fp)))


def _supplied(s: dict, p: str, fp: tuple) -> set:
    graph = sea_and_land(s)
    boxes = P().naval_boxes
    control = s["control"]
    rebels = s["rebel_spaces"]
    mine = {p} | {m for m, q in s["allies"].items() if q == p}
    sources = supply_sources(s, p, fp)
    seen = set(sources)
    todo = list(sources)
    while todo:
        here = todo.pop()
        for there in graph[here]:
            if there in seen:
                continue
            if there in boxes or (control.get(there) in mine and there not in rebels):
                seen.add(there)
                todo.append(there)
    return seen


def influence_places(s: dict, p: str) -> list:
    """12.5.1: uncontrolled spaces without an influence marker, with a LoC; one influence on
    the Africa submap until the Berlin Conference (12.5.2)."""
    pk = P()
    reach = supplied(s, p)
    graph = sea_and_land(s)
    control, influence = s["control"], s["influence"]
    africa_full = not s["flags"].get("berlin-conference") and any(
        q == p and pk.spaces[sid].map == "africa" for sid, q in influence.items()
    )
    out = []
    for sid, africa in _influence_candidates():
        if sid in control or sid in influence or (africa_full and africa):
            continue
        for n in graph[sid]:
            if n in reach:
                out.append(sid)
                break
    return out


_CANDIDATES: list = []


def _influence_candidates() -> list:
    """(space, on the Africa submap) for every space that may ever take influence, in id order:
    in play and not a strait (12.5.1)."""
    if not _CANDIDATES:
        spaces = P().spaces
        _CANDIDATES.extend(
            (sid, spaces[sid].map == "africa")
            for sid in sorted(spaces)
            if not spaces[sid].out_of_play and spaces[sid].type != "strait"
        )
    return _CANDIDATES


def diplomacy_targets(s: dict, p: str) -> list:
    """12.5.3: minor powers without a diplomacy or ally marker; never Qing China, nor the
    South unless the American Civil War is in effect; not rebels."""
    out = []
    for m in minors_in_play(s):
        if m in s["diplomacy"] or m in s["allies"]:
            continue
        if m == "qing" or P().minors[m].rebel:
            continue
        if m == "csa" and not s["flags"].get("american-civil-war"):
            continue
        out.append(m)
    return out


def naval_supremacy(s: dict, p: str, m: str) -> bool:
    """12.9.1: the minor's space is a port on a box where p has more naval units than its ally."""
    sid = P().minors[m].capital
    q = s["allies"][m]
    for b in ports_of(s, sid) if sid in P().spaces else ():
        mine = sum(1 for u in s["units"].values() if u["o"] == p and u["at"] == b and u["t"] in NAVAL_TYPES)
        theirs = sum(1 for u in s["units"].values() if u["o"] == q and u["at"] == b and u["t"] in NAVAL_TYPES)
        if mine > theirs:
            return True
    return False


def ef_places(s: dict, p: str) -> list:
    """12.10: a space the power controls (its home spaces included) or where it has influence."""
    out = set()
    for sid, c in s["control"].items():
        if c == p:
            out.add(sid)
    for sid, q in s["influence"].items():
        if q == p:
            out.add(sid)
    return sorted(out)


def pacify_places(s: dict, p: str) -> list:
    """12.11: spaces with a pacification marker where the power has a land unit and either its
    influence (uncontrolled) or its control; no rebels (12.12.1 L700)."""
    out = []
    for sid in s["pacification"]:
        if sid in s["rebel_spaces"]:
            continue
        if not (s["influence"].get(sid) == p or s["control"].get(sid) == p):
            continue
        if any(u["at"] == sid and u["o"] == p and u["t"] not in NAVAL_TYPES for u in s["units"].values()):
            out.append(sid)
    return sorted(out)


def fort_options(s: dict, p: str) -> list:
    """12.12: forts of level 1-2 on the main map in controlled spaces, three at most; an own
    fort upgraded for 1 CP; level 3 only by Impregnable."""
    out = []
    mine = [sid for sid, (o, _) in s["forts"].items() if o == p and sid != "india"]
    for sid, (o, level) in sorted(s["forts"].items()):
        if o == p and level == 1 and sid != "india":
            out.append((sid, 2, 1))
    if len(mine) < MAX_FORTS:
        spaces = P().spaces
        forts = s["forts"]
        for sid in sorted(sid for sid, c in s["control"].items() if c == p and sid not in forts):
            if spaces[sid].map == "main" and spaces[sid].type != "strait":
                out.append((sid, 1, 1))
                out.append((sid, 2, 2))
    return out


def rebel_battles(s: dict, p: str, land_at: set | None = None) -> list:
    """12.16: rebels attacked from their own space or an adjacent one with the power's land units."""
    out = []
    if not s["rebel_spaces"]:
        return out
    fighters = {u["at"] for u in s["units"].values() if u["o"] == p and (u["t"] in ARMY_TYPES or u["t"] in EF_TYPES)}
    for at in sorted(s["rebel_spaces"]):
        for frm in [at, *sorted(P().adjacency.get(at, {}))]:
            if frm in fighters:
                out.append((frm, at))
    return out


# ----- doing it -------------------------------------------------------------------------------------------------


def perform(s: dict, p: str, a: dict, f: dict) -> None:  # noqa: C901 - one block per action
    do = a["do"]
    who = NAMES[p]
    imp = s.get("impulse") or {}
    if do == "war":
        cp = f.pop("war_cp", None)
        if cp is None:
            cp = card(f["card"]).cp if f.get("card") else 0
        chained = " and its CP chain" if a.get("chain") else ""
        log(s, f"{who} declares war on {name(a['target'])} with all of the card's CP{chained}: {cp} CP.", "12.17")
        call(s, "war", attacker=p, card=f.get("card"), cp=cp, target=a["target"])
        f["left"] = 0
        return
    if do == "army":
        owner = a.get("for", p)
        extra = {}
        if a["kind"] == "british":
            extra["first"] = True
        new_unit(s, owner, a["kind"], a["space"], not a.get("full"), **extra)
        log(s, f"{who} recruits a {'full' if a.get('full') else 'reduced'} {name(owner) + ' ' if owner != p else ''}"
            f"army in {space_name(a['space'])}.", "12.2")  # fmt: skip
    elif do == "reinforce":
        s["units"][a["unit"]]["r"] = False
        log(s, f"{who} brings an army in {space_name(s['units'][a['unit']]['at'])} to full strength.", "12.2")
    elif do == "reserve":
        s["powers"][p]["reserves"].append(True)
        log(s, f"{who} raises a reserve army step.", "12.2")
    elif do == "reserve-step":
        r = s["powers"][p]["reserves"]
        r[r.index(True)] = False
        log(s, f"{who} brings a reserve army to full strength.", "12.2")
    elif do == "ec":
        at = s["units"][a["unit"]]["at"]
        new_unit(s, a.get("for", p), "ec", at)
        owner = f"{name(a['for'])}'s " if "for" in a else "an "
        log(s, f"{who} raises {owner}Elite Corps in {space_name(at)}.", "12.8" if "for" in a else "12.2")
    elif do == "naval":
        call(s, "naval-move", power=p, wartime=False)
    elif do == "fleet":
        new_unit(s, a.get("for", p), a["unit"], a["space"], not a.get("full"))
        log(s, f"{who} builds a {'full' if a.get('full') else 'reduced'} {a['unit']} in {space_name(a['space'])}.",
            "12.4")  # fmt: skip
    elif do == "refit":
        s["units"][a["unit"]]["r"] = False
        log(s, f"{who} refits a {s['units'][a['unit']]['t']} in {space_name(s['units'][a['unit']]['at'])}.", "12.4")
    elif do == "influence":
        s["influence"][a["space"]] = p
        imp["influence"] = True
        log(s, f"{who} places influence in {space_name(a['space'])}.", "12.5.1")
    elif do == "diplomacy":
        s["diplomacy"][a["minor"]] = p
        imp["influence"] = True
        log(s, f"{who} places a diplomacy marker on {name(a['minor'])}.", "12.5.3")
    elif do == "remove":
        imp["removed"] = True
        if "space" in a:
            q = s["influence"].pop(a["space"])
            if s["pacification"].get(a["space"]) is not None and not any(
                u["at"] == a["space"] and u["o"] != "rebel" for u in s["units"].values()
            ):
                s["pacification"].pop(a["space"], None)
            log(s, f"{who} removes {NAMES.get(q, q)}'s influence from {space_name(a['space'])}.", "12.6")
        else:
            q = s["diplomacy"].pop(a["minor"])
            log(s, f"{who} removes {NAMES.get(q, q)}'s diplomacy marker from {name(a['minor'])}.", "12.6")
    elif do == "mpit":
        q = a["power"]
        track = s["powers"][q]["mpit"] if q in s["powers"] else s["majors"][q]["mpit"]
        track[a["track"]] += 1
        log(s, f"{who} adds 1 {a['track']} influence to {name(q)} on the MPIT.", "12.7")
    elif do == "ally":
        s["diplomacy"].pop(a["minor"], None)
        s["allies"][a["minor"]] = p
        log(s, f"{who} allies with {name(a['minor'])}.", "12.8")
    elif do == "break":
        q = s["allies"].pop(a["minor"])
        s["diplomacy"][a["minor"]] = q
        log(s, f"{who} breaks {NAMES[q]}'s alliance with {name(a['minor'])}: a diplomacy marker remains.", "12.9")
    elif do == "ef":
        if "unit" in a:
            frm = s["units"][a["unit"]]["at"]
            s["units"][a["unit"]]["at"] = a["to"]
            leave_uncontrolled(s, frm)
            log(s, f"{who} sends an expeditionary force to {space_name(a['to'])}.", "12.10")
        else:
            new_unit(s, p, "ef", a["to"])
            log(s, f"{who} raises an expeditionary force in {space_name(a['to'])}.", "12.10")
        enter_uncontrolled(s, a["to"])
    elif do == "pacify":
        imp.setdefault("pacified", []).append(a["space"])
        call(s, "pacify", power=p, space=a["space"])
    elif do == "fort":
        sid = a["space"]
        s["forts"][sid] = [p, a["level"]]
        log(s, f"{who} builds a level {a['level']} fort in {space_name(sid)}.", "12.12")
    elif do == "redeploy":
        call(s, "redeploy", power=p)
    elif do == "battle":
        log(s, f"{who} attacks the rebels in {space_name(a['at'])}.", "12.16")
        call(s, "land-battle", attacker=p, frm=a["frm"], space=a["at"], amphibious=False)
    elif do == "elite-ef":
        s["powers"][p]["lost_elite"] -= 1
        new_unit(s, p, "elite-ef", a["space"])
        log(s, f"{who} rebuilds an elite colonial EF in {space_name(a['space'])}.", "5.1.5")
    elif do == "zouaves":
        new_unit(s, "fr", "zouaves", "algeria")
        log(s, "France rebuilds the Zouaves in Algeria.", "33.3")
    elif do == "reforms":
        s["flags"]["rights"] = [*s["flags"]["rights"], a["nationality"]]
        log(s, f"Austria grants rights to the {a['nationality'].title()} nationality.", "33.4")
    elif do == "citizenship":
        drm = 0
        if a.get("stability"):
            drm = 2
            call(s, "stability", power="au", amount=-1)
        need = 3 + len(s["flags"]["citizenship"])
        r = roll(s, 6)
        if r + drm >= need:
            s["flags"]["citizenship"] = [*s["flags"]["citizenship"], a["nationality"]]
            log(s, f"Austria rolls {r}{'+2' if drm else ''} (needs {need}): the {a['nationality'].title()} "
                "nationality gains full citizenship.", "33.4")  # fmt: skip
        else:
            log(s, f"Austria rolls {r}{'+2' if drm else ''} (needs {need}): citizenship is refused.", "33.4")
    elif do == "incorporate":
        m = a["minor"]
        for sid, c in list(s["control"].items()):
            if c == m:
                s["control"][sid] = "au"
        for uid in [u for u, x in s["units"].items() if x["o"] == m]:
            remove_unit(s, uid)
        s["allies"].pop(m, None)
        s["gone"] = [*s["gone"], m]
        log(s, f"Austria incorporates {name(m)}.", "33.4")


class Pacify(Procedure):
    """12.11 with its response window: combat cards for the roll (Gunboat Diplomacy, E14)."""

    def start(self, s, f):
        call(s, "responses", trigger="pacification", powers=[f["power"]], space=f["space"])
        return "roll"

    def roll(self, s, f):
        extra = (s.get("last_responses") or {}).get("drm", {}).get(f["power"], 0)
        if f["space"] in s["pacification"]:
            pacify(s, f["power"], f["space"], extra)
        s["last_responses"] = None
        return None


def pacify(s: dict, p: str, sid: str, extra: int = 0) -> None:
    """12.11: 2d6 + the marker (+1 a naval unit in an adjacent box, +1 an elite colonial EF or the
    Zouaves, 5.1.5; -2 Graveyard of Empires or Boers, RULINGS R5) >= 10 succeeds."""
    marker = s["pacification"][sid]
    drm = 0
    if any(u["o"] == p and u["t"] in NAVAL_TYPES and u["at"] in ports_of(s, sid) for u in s["units"].values()):
        drm += 1
    if any(u["o"] == p and u["at"] == sid and u["t"] in ("elite-ef", "zouaves") for u in s["units"].values()):
        drm += 1
    if sid in s["goe"]:
        drm -= 2
    drm += extra
    a, b = roll(s, 6), roll(s, 6)
    total = a + b + marker + drm
    if total >= 10:
        s["pacification"].pop(sid, None)
        s["goe"].pop(sid, None)
        if s["control"].get(sid) != p:
            s["influence"].pop(sid, None)
            s["control"][sid] = p
            for other in P().spaces.values():
                if other.controlled_with == sid:
                    s["control"][other.id] = p
        log(s, f"{NAMES[p]} pacifies {space_name(sid)}: {a}+{b}+{marker + drm} = {total}.", "12.11")
    else:
        s["pacification"][sid] = marker + 1
        log(s, f"{NAMES[p]} fails to pacify {space_name(sid)}: {a}+{b}+{marker + drm} = {total}; "
            f"the marker rises to {marker + 1}.", "12.11")  # fmt: skip


# ----- 12.15 redeployment ---------------------------------------------------------------------------------------


def movable(s: dict, p: str, sid: str) -> bool:
    """4.9.1 / 12.15: in peacetime units go where the power controls (its control marker or home
    with pacification or rebels counts) or uncontrolled spaces with its influence."""
    c = s["control"].get(sid)
    if c == p:
        return True
    return c is None and s["influence"].get(sid) == p


def enemy_held(s: dict, p: str) -> set:
    """In wartime, the spaces holding land units of the power's enemies or occupied by them: a
    redeployment in wartime (a bot's free one, 34.4.5 L1625; a neutral's joining the Great War,
    29.3) moves as in peacetime through the power's own spaces, and never into the enemy (15.2.4
    L862; RULINGS_WAR W39)."""
    k = war.key_of(s, p) if s.get("war") is not None else None
    if k is None:
        return set()
    foes = s["war"][war.KEYS[war.OTHER[k]]]
    return war.enemy_land_spaces(s, k) | {sid for sid, q in s["occupied"].items() if q in foes}


def redeploy_reach(s: dict, p: str, frm: str, ef: bool, enemy: set | None = None) -> list:
    pk = P()
    seen = {frm}
    todo = deque([frm])
    out = []
    if enemy is None:
        enemy = enemy_held(s, p)
    while todo:
        here = todo.popleft()
        if here != frm and here in s["rebel_spaces"]:
            continue  # units stop on entering rebels (12.15 L727)
        for there in pk.adjacency.get(here, {}):
            if there in seen or there in enemy or not movable(s, p, there):
                continue
            seen.add(there)
            if pk.spaces[there].type == "naval-base" and not ef:
                continue  # 3.2.8 armies never enter naval bases
            out.append(there)
            todo.append(there)
    return sorted(out)


class Redeploy(Procedure):
    """12.15 L725: one redeployment action."""

    def start(self, s, f):
        f["moved"] = []
        if f.get("armies") is not None:  # 34.4.5: a bot's free redeployment of so many armies
            if f["armies"] > 0:
                ask(s, "redeploy", f["power"], moved=[], armies=f["armies"])
            return None
        ask(s, "redeploy", f["power"], moved=[])
        return None


class RedeployState(State):
    """12.15: move every land unit any distance through the power's spaces."""

    def prompt(self, s, f, role):
        if f.get("armies") is not None:
            left = f["armies"] - _armies_moved(s, f)
            return f"Free redeployment (34.4.5): move up to {left} more arm{'y' if left == 1 else 'ies'}, then done."
        return "Redeploy your land units (12.15): move them one by one, then done."

    def actions(self, s, f, role):
        out = []
        cache: dict = {}
        counts = None  # armies by space, counted once for the listing
        only_armies = f.get("armies") is not None
        if only_armies and _armies_moved(s, f) >= f["armies"]:
            return ["done"]
        enemy = enemy_held(s, role)
        for uid, u in sorted(s["units"].items()):
            if u["o"] != role or u["t"] in NAVAL_TYPES or uid in f["moved"] or u["at"] not in P().spaces:
                continue
            if only_armies and u["t"] not in ARMY_TYPES:
                continue  # 34.4.5: armies (their ECs go with them, 5.1.3)
            if u["t"] in ("ec", "elite-ef", "zouaves"):
                # 12.15 Special Redeployment (L727): any distance by land or sea, ending with an army
                if "armies" not in cache:
                    cache["armies"] = sorted({x["at"] for x in s["units"].values()
                                              if x["o"] == role and x["t"] in ARMY_TYPES})  # fmt: skip
                dests = [a for a in cache["armies"] if a != u["at"]]
                if u["t"] != "ec":
                    key = (u["at"], True)
                    if key not in cache:
                        cache[key] = redeploy_reach(s, role, u["at"], True, enemy)
                    dests = sorted(set(dests) | set(cache[key]))
                for to in dests:
                    out.append({"move": uid, "to": to})
                continue
            ef = u["t"] in EF_TYPES
            key = (u["at"], ef)
            if key not in cache:
                cache[key] = redeploy_reach(s, role, u["at"], ef, enemy)
            if not ef and counts is None:
                counts = army_counts(s)  # for the stacking limit (5.5.1)
            for to in cache[key]:
                if not ef and counts.get(to, 0) >= P().spaces[to].stacking:
                    continue
                out.append({"move": uid, "to": to})
        return out + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        uid = action["move"]
        frm = s["units"][uid]["at"]
        s["units"][uid]["at"] = action["to"]
        f["moved"] = [*f["moved"], uid]
        if s["units"][uid]["t"] in ARMY_TYPES:  # the army's ECs go with it if it was their only army (5.1.3)
            armies = [x for x, u in s["units"].items() if u["at"] == frm and u["o"] == role and u["t"] in ARMY_TYPES]
            if not armies:
                for x, u in s["units"].items():
                    if u["at"] == frm and u["o"] == role and u["t"] == "ec":
                        u["at"] = action["to"]
                        f["moved"] = [*f["moved"], x]
        enter_uncontrolled(s, action["to"])
        leave_uncontrolled(s, frm)
        log(s, f"{NAMES[role]} redeploys a unit from {space_name(frm)} to {space_name(action['to'])}.", "12.15")
        return STAY


def _armies_moved(s, f) -> int:
    return sum(1 for uid in f["moved"] if uid in s["units"] and s["units"][uid]["t"] in ARMY_TYPES)


PROCEDURES = {"spend": Spend(), "redeploy": Redeploy(), "pacify": Pacify()}
STATES = {"spend": SpendState(), "redeploy": RedeployState()}
