"""Rebels and Wars of Independence (§21 L1168-1194, 20.8 L1153-1160): rebels placed by events,
pacification markers, independence. ``progress_wois(s)`` is the End Phase step 20.8 (it may
push ``stability`` calls: call it from a step and return the next step)."""

from __future__ import annotations

from ...engine import call, log
from .data import PLAYERS
from .effects import HANDLERS, _region_spaces, chooser, pick, skip
from .world import (
    P,
    counter_limit,
    displace_power_cut_off,
    minor_of_nationality,
    name,
    new_unit,
    protected,
    remove_unit,
    set_control,
    space_name,
    units_at,
)


def independence_owner(s: dict, sid: str, hint=None) -> str | None:
    """Who controls a space that gains independence (4.7.1 L327, E5): the rebels' minor, the
    minor whose home it is (Egypt), the minor of its nationality, else an independent
    nationality ``independent:<nationality>``."""
    minors = P().minors
    sp = P().spaces[sid]
    if hint in minors and not minors[hint].rebel and hint not in s["gone"]:
        return hint
    for h in sorted(sp.homes):
        if h in minors and not minors[h].rebel and h not in s["gone"]:
            return h
    for n in sp.nationalities:
        m = minor_of_nationality(s, n)
        if m:
            return m
    if sp.nationalities:
        return f"independent:{sp.nationalities[0]}"
    return None


def gain_independence(s: dict, sid: str, hint=None) -> str | None:
    """4.7.1 L327, 20.8 L1156-1159: the space becomes a minor power's; its rebels become that
    minor's army (E6), all other units displace (not in India during the Great War, 33.2.2
    L1540); returns the former controller."""
    new = independence_owner(s, sid, hint)
    s["woi"].pop(sid, None)
    former = s["control"].get(sid)
    rebels = [
        uid for uid in units_at(s, sid) if s["units"][uid]["o"] == "rebel" and not s["units"][uid].get("permanent")
    ]
    for uid in rebels:
        reduced = s["units"][uid]["r"]
        remove_unit(s, uid)
        if new in P().minors:
            new_unit(s, new, "army", sid, reduced)
    stay = ()
    if sid == "india" and s.get("gw") and s.get("war") is not None:
        # 33.2.2 L1540: "skip this step if India gains independence during the GW"
        stay = tuple({s["units"][uid]["o"] for uid in units_at(s, sid)})
    set_control(s, sid, new, keep=stay)
    s.setdefault("history", {}).setdefault("independence", [])
    if sid not in s["history"]["independence"]:
        s["history"]["independence"].append(sid)
    log(s, f"{space_name(sid)} gains independence ({name(new) if new else 'uncontrolled'}).", "4.7.1")
    if sid == "india":
        india_independent(s)
    return former


def india_independent(s: dict) -> None:
    """33.2.2 L1539-1543: the Indian Fort and all Indian armies but one go; one Indian army at most."""
    s["forts"].pop("india", None)
    s["flags"]["indian_fort"] = False
    s["flags"]["india_independent"] = True
    s["flags"]["india_stable"] = False
    indian = sorted(uid for uid, u in s["units"].items() if u["o"] == "uk" and u["t"] == "indian")
    for uid in indian[1:]:
        remove_unit(s, uid)
    lim = s["powers"]["uk"]["limits"]
    lim["indian"] = lim.get("indian", 0) + 1 - counter_limit(s, "uk", "indian")
    log(s, "India is independent: the UK keeps one Indian army and loses the Indian Fort.", "33.2.2")


def progress_wois(s: dict) -> None:
    """20.8 L1153-1160: a WoI that began the phase at +1 gains independence (units displace, the
    former owner loses 1 stability); 0 markers flip to +1. A WoI without rebels is stale (21.1
    L1183) and removed. Pushes "stability" calls: call from a step, then return the next step."""
    losers = []
    for sid in sorted(s["woi"]):
        rebels = [uid for uid in units_at(s, sid) if s["units"][uid]["o"] == "rebel"]
        if not rebels:
            s["woi"].pop(sid)
            continue
        if s["woi"][sid] >= 1:
            former = gain_independence(s, sid, s["units"][rebels[0]].get("n"))
            if former in PLAYERS:
                losers.append(former)
        else:
            s["woi"][sid] = 1
            log(s, f"The War of Independence in {space_name(sid)} progresses to +1.", "20.8")
    for q in reversed(sorted(losers, key=PLAYERS.index)):  # calls run last-pushed first: turn order
        call(s, "stability", power=q, amount=-1)


# ----- playability (9.0 L541, 9.1.4 L563) ------------------------------------------------------------------


def h_independence(s, f, e):
    """4.7.1 L327: the space gains independence; its former owner loses 1 stability (20.8 L1159)."""
    sid = e.get("space")
    if not sid or protected(s, sid):
        return skip(s, e, "Independence")
    former = gain_independence(s, sid)
    if former in PLAYERS:
        call(s, "stability", power=former, amount=-1)


def pacification_spaces(s: dict, e: dict, card) -> list:
    """The spaces a card's pacification marker may go to (12.11): of its space or region, not
    protected (3.2.6), no strait, none marked already (E11). Read by the rulebook bot too (P4)."""
    cands = [x for x in _region_spaces(e) if not protected(s, x) and P().spaces[x].type != "strait"]
    if card == "armenian-question":  # "an Ottoman space of the Caucasus"
        cands = [x for x in cands if s["control"].get(x) == "ot"]
    return [x for x in cands if x not in s["pacification"]]


def h_pacification(s, f, e):
    """12.11 L692-697: a pacification marker of value amount; a space already marked keeps its
    marker (E11)."""
    cands = pacification_spaces(s, e, f.get("card"))
    if not cands:
        return skip(s, e, "Pacification")
    a = pick(s, f, e, "space", chooser(f, e), [{"space": x} for x in cands], "A space for the pacification marker")
    s["pacification"][a["space"]] = e.get("amount", 0)
    log(s, f"A pacification {e.get('amount', 0)} marker is placed in {space_name(a['space'])}.", "12.11")


def rebel_nationality(s: dict, sid: str, woi: bool, cid) -> tuple:
    """The rebels' "n": the permanent rebel minor (21.0 L1171), else the minor of the space's
    nationality, else the nationality."""
    sp = P().spaces[sid]
    if not woi:
        if sp.rebels:
            return sp.rebels, True
        if cid == "boxer-rebellion":
            return "boxer", True
        for m in P().minors.values():
            if m.rebel and m.capital == sid:
                return m.id, True
    for n in sp.nationalities:
        m = minor_of_nationality(s, n)
        if m:
            return m, False
    for h in sorted(sp.homes):
        if h in P().minors and not P().minors[h].rebel:
            return h, False
    return (sp.nationalities[0] if sp.nationalities else "local"), False


def h_rebels(s, f, e):
    """5.4 L398, 21.0 L1170-1187: rebel armies (with a WoI marker if woi); the space is no longer
    controlled while they stand (21.1)."""
    cands = [x for x in _region_spaces(e) if not protected(s, x)]
    if not cands:
        return skip(s, e, "Rebels")
    a = pick(s, f, e, "space", chooser(f, e), [{"space": x} for x in cands], "A space for the rebels")
    sid = a["space"]
    n, permanent = rebel_nationality(s, sid, bool(e.get("woi")), f.get("card"))
    extra = {"permanent": True} if permanent else {}
    for _ in range(e.get("count", 1)):
        new_unit(s, "rebel", "army", sid, n=n, **extra)
    if e.get("woi"):
        s["woi"][sid] = 0
    woi = " under a WoI marker" if e.get("woi") else ""
    log(s, f"{e.get('count', 1)} rebel army(ies) rise in {space_name(sid)}{woi}.",
        "21.0")  # fmt: skip
    displace_power_cut_off(s, s["control"].get(sid))


HANDLERS.update({"independence": h_independence, "pacification": h_pacification, "rebels": h_rebels})
