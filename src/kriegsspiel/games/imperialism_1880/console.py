"""The referee's console: the campaign's turn sequence (RULINGS R1) and the states
where the game waits for the referee.

A campaign is ten Game Turns, 1880 to 1916 (the turn track, L363-453). Each turn:

1. Income: every great power's income, maintenance and army upkeep (L916).
2. Orders: every great power's seat writes its orders for the turn, in secret and all
   at once (``orders.py``, R35-R36).
3. Minor powers: each minor's activity roll and target (L206); the referee decides
   what the activity does (R17).
4. Referee entries: as many as the referee wants, each built step by step from a
   menu (the kind of entry, then the power, the area, the marker...), "back" at
   every step; the powers' orders wait in the inbox beside the menu, each taken up,
   marked done or refused (R37). Ending the entries ends the turn, and asks to be
   confirmed. Every consequence of the sheet is applied the moment an entry is made:
   the placement matrix (L58), Casus Belli (L1), the counter mix (L819), the ETI
   increases (L156), immediate VP (L242), combat (L867, L915), the random tables (L1,
   L587-588).
5. War-end determination, held when a war is in progress: the referee ends or
   continues each war; +2 ETI at its end (L156, R2).
6. VP Record: the per-turn treaty VP (L242).
7. The turn report goes to each power's seat (R38).
After the VP Record of 1916, or as soon as the Great War breaks out (R20), the Final
Record (L242) ends the campaign.
"""

from __future__ import annotations

from ...engine import STAY, IllegalAction, Procedure, State, ask, ask_all, call, game_over, log, rng
from ...engine.words import clean
from . import books, charts
from .books import (
    GREAT,
    MINORS,
    POWERS,
    REFEREE,
    STATUSES,
    UNIT_ROLES,
    UNIT_SIZES,
    place_name,
    possessive,
    power_name,
    status_name,
)
from .data import pack

NATIVES = "natives"
NEXT = "next phase"
CONFIRM = "end the turn"
BACK = "back"
CANCEL = "cancel"
TEXT_LIMIT = 300
NATIVE_SP = (*range(1, 13), 14, 15, 16, 18, 20, 25, 30, 35, 40, 50)  # offered; any whole number is taken (R14)
NATIVE_MAX = 999


def natives_sp(value) -> bool:
    """R14, R32: the natives' strength is the referee's to enter: any whole number of points."""
    return type(value) is int and 1 <= value <= NATIVE_MAX


MONEY = (-100, -50, -25, -20, -10, -5, -2, -1, 1, 2, 5, 10, 20, 25, 50, 100)
POINTS = (-20, -10, -5, -2, -1, 1, 2, 5, 10, 20)
TOPICS = (
    "native resistance",
    "a status dispute",
    "the outcome of a Congress of Europe",
    "unrest",
    "a minor power's activity",
    "a random event",
    "a Chinese rebellion",
    "other",
)
DECISIONS = (
    "no effect",
    "the natives resist: the marker stays unestablished",
    "the natives submit: the marker may be established",
    "the status quo is confirmed",
    "the area is partitioned between the claimants",
    "compensation is paid",
    "the dispute goes to a Congress of Europe",
    "the unrest is put down",
    "the unrest costs the holder its marker's establishment",
)
HOW_RESOLVED = (
    "settled by a Congress of Europe",
    "satisfied by negotiation",
    "withdrawn",
    "lapsed",
    "used to declare war",
)
MONEY_REASONS = (
    "a referee ruling",
    "the cost of a status marker",
    "the cost of a unit",
    "a loan",
    "a subsidy",
    "reparations",
    "a random event",
    "a correction",
)
VP_REASONS = ("a referee ruling", "a random event", "an award of a Congress of Europe", "a correction")


def names(values, key=place_name) -> list:
    return sorted(values, key=key)


_SORTED: dict = {}


def all_areas() -> list[str]:
    p = pack()
    key = ("areas", id(p))
    if key not in _SORTED:
        _SORTED[key] = names(p.areas)
    return list(_SORTED[key])


def all_places(s: dict) -> list[str]:
    p = pack()
    key = ("places", id(p))
    if key not in _SORTED:
        _SORTED[key] = names(set(p.areas) | set(p.seas) | set(p.homes))
    return list(_SORTED[key])


# ----- the menu: each kind of entry, step by step ----------------------------------------------
#
# A kind's function receives the state and the draft (the choices made so far) and
# returns the next step and its options, or None when the entry is complete. An
# option is a plain JSON value; the action is {step: value}.


def step_place(s, d):
    if "power" not in d:
        return "power", list(POWERS)
    if "area" not in d:
        return "area", all_areas()
    if "status" not in d:
        return "status", [st for st in STATUSES if books.may_place(s, d["power"], d["area"], st)]
    if "established" not in d:
        return "established", [False, True]
    return None


def step_establish(s, d):
    if "power" not in d:
        return "power", [p for p in POWERS if unestablished(s, p)]
    if "area" not in d:
        return "area", unestablished(s, d["power"])
    return None


def unestablished(s, power):
    return names(a for a, here in s["markers"].items() if power in here and not here[power]["established"])


def held(s, power):
    return names(a for a, here in s["markers"].items() if power in here)


def step_downgrade(s, d):
    if "power" not in d:
        return "power", [p for p in POWERS if held(s, p)]
    if "area" not in d:
        return "area", [a for a in held(s, d["power"]) if not books.downgrade_plan(s, d["power"], a)[2]]
    if "conflict" not in d:
        return "conflict", [True, False]
    return None


def step_remove(s, d):
    if "power" not in d:
        return "power", [p for p in POWERS if held(s, p)]
    if "area" not in d:
        return "area", held(s, d["power"])
    if "conflict" not in d:
        return "conflict", [True, False]
    return None


def build_sites(s, power, role):
    """R13: an army at home or in an area where the power has a marker or units now (an area
    lost since 1880 is no site); a navy at home, if it lies on the sea, or in any sea zone."""
    p = pack()
    home = p.powers[power].home
    if role == "naval":
        return names(set(p.seas) | ({home} if home in p.homes and p.homes[home].seas else set()))
    mine = {a for a, here in s["markers"].items() if power in here}
    mine |= {w for w in books.units_of(s, power) if w in p.areas}
    return names({home} | mine)


def step_build(s, d):
    if "power" not in d:
        return "power", [p for p in POWERS if any(books.left(s, p, k) > 0 for k in UNIT_SIZES)]
    if "size" not in d:
        return "size", [k for k in UNIT_SIZES if books.left(s, d["power"], k) > 0]
    if "role" not in d:
        return "role", list(UNIT_ROLES)
    if "where" not in d:
        return "where", build_sites(s, d["power"], d["role"])
    return None


def step_disband(s, d):
    if "power" not in d:
        return "power", [p for p in POWERS if books.units_of(s, p)]
    if "where" not in d:
        return "where", names(books.units_of(s, d["power"]))
    if "unit" not in d:
        return "unit", sorted(books.units_of(s, d["power"]).get(d["where"], {}))
    return None


def step_move(s, d):
    if "power" not in d:
        return "power", [p for p in POWERS if books.units_of(s, p)]
    if "from" not in d:
        return "from", names(books.units_of(s, d["power"]))
    if "unit" not in d:
        return "unit", sorted(books.units_of(s, d["power"]).get(d["from"], {}))
    if "to" not in d:
        role = d["unit"].split("-")[1]
        return "to", [x for x in all_places(s) if x != d["from"] and books.fits(role, x)]
    return None


def war_fronts(s) -> list[str]:
    """Places where two powers at war with each other both have units."""
    if not books.wars_in_progress(s):
        return []
    foes: dict = {}  # power -> its enemies, asked once
    out = []
    for where in books.places_with_units(s):
        here = books.powers_at(s, where)
        for p in here:
            if p not in foes:
                foes[p] = books.enemies(s, p)
            if any(e in here for e in foes[p]):
                out.append(where)
                break
    return out


def step_combat(s, d):
    if "mode" not in d:
        modes = ["colonial"] if books.places_with_units(s) else []
        return "mode", modes + (["war"] if war_fronts(s) else [])
    if "where" not in d:
        return "where", war_fronts(s) if d["mode"] == "war" else books.places_with_units(s)
    here = books.powers_at(s, d["where"])
    if "attacker" not in d:
        if d["mode"] == "war":
            return "attacker", [p for p in here if any(e in here for e in books.enemies(s, p))]
        return "attacker", here + [NATIVES]
    if "defender" not in d:
        if d["mode"] == "war":
            return "defender", [p for p in here if p in books.enemies(s, d["attacker"])]
        if d["attacker"] == NATIVES:
            return "defender", here
        return "defender", [p for p in here if p != d["attacker"]] + [NATIVES]
    if NATIVES in (d["attacker"], d["defender"]) and "natives_sp" not in d:
        return "natives_sp", list(NATIVE_SP)
    return None


def step_war(s, d):
    if "aggressor" not in d:
        return "aggressor", list(GREAT)
    if "target" not in d:
        a = d["aggressor"]
        barred = books.war_barred(s, a)  # R22
        return "target", [p for p in POWERS if p != a and p not in barred]
    return None


def step_peace(s, d):
    if "war" not in d:
        return "war", [w["id"] for w in books.wars_in_progress(s)]
    return None


def step_separate_peace(s, d):
    if "war" not in d:
        return "war", [w["id"] for w in books.wars_in_progress(s) if any(len(side) > 1 for side in w["sides"])]
    if "power" not in d:
        w = s["wars"][d["war"] - 1]
        return "power", [p for side in w["sides"] if len(side) > 1 for p in side]
    return None


def step_treaty(s, d):
    if "first" not in d:
        return "first", list(GREAT)
    if "second" not in d:
        return "second", [p for p in POWERS if p != d["first"]]
    if "kind" not in d:
        taken = {t["kind"] for t in books.treaties_in_force(s) if set(t["parties"]) == {d["first"], d["second"]}}
        return "kind", [k for k in books.TREATY_KINDS if k not in taken]
    if "stipulation" not in d:
        return "stipulation", list(books.STIPULATIONS)
    return None


def step_break_treaty(s, d):
    if "treaty" not in d:
        return "treaty", [t["id"] for t in books.treaties_in_force(s)]
    if "breaker" not in d:
        return "breaker", list(s["treaties"][d["treaty"] - 1]["parties"])
    return None


def step_end_treaty(s, d):
    if "treaty" not in d:
        return "treaty", [t["id"] for t in books.treaties_in_force(s)]
    return None


def step_call_congress(s, d):
    if "by" not in d:
        return "by", list(GREAT) + [REFEREE]
    return None


def step_defy_congress(s, d):
    if "power" not in d:
        return "power", list(GREAT)  # L156: +2 "for each time" a Great Power defies it
    return None


def step_none(s, d):
    return None


def step_resolve_cb(s, d):
    if "cb" not in d:
        return "cb", [c["id"] for c in books.open_cbs(s)]
    if "how" not in d:
        return "how", list(HOW_RESOLVED)
    return None


def step_support(s, d):
    if "power" not in d:
        return "power", list(GREAT)
    if "minor" not in d:
        backed = {x["minor"] for x in books.supports_in_force(s) if x["power"] == d["power"]}
        return "minor", [m for m in MINORS if m not in backed]
    return None


def step_withdraw_support(s, d):
    if "support" not in d:
        return "support", [x["id"] for x in books.supports_in_force(s)]
    return None


def step_fail_aid(s, d):
    asked = step_withdraw_support(s, d)  # which support, first
    if asked is None and "occasion" not in d:  # R18: in a war (+3 ETI, L156) or a Status dispute (-5 VP, L242)
        return "occasion", list(books.FAILED_IN)
    return asked


def step_canal(s, d):
    if "passage" not in d:
        return "passage", books.canal_sites(s)
    if "power" not in d:
        return "power", list(POWERS)
    return None


def step_deny(s, d):
    if "passage" not in d:
        return "passage", books.passages_open(s)
    if "neutral" not in d:
        return "neutral", list(POWERS)
    if "alliance" not in d:
        return "alliance", [p for p in POWERS if p != d["neutral"]]
    return None


def step_codominion(s, d):
    if "area" not in d:
        return "area", all_areas()
    if "first" not in d:
        return "first", list(POWERS)
    if "second" not in d:
        return "second", [p for p in POWERS if p != d["first"]]
    return None


def step_enter_codominion(s, d):
    if "codominion" not in d:
        return "codominion", [c["id"] for c in s["codominions"] if c["ended"] is None]
    c = s["codominions"][d["codominion"] - 1]
    if "invader" not in d:
        return "invader", [p for p in POWERS if p not in c["powers"]]
    if "neutral" not in d:
        return "neutral", list(c["powers"])
    return None


def step_end_codominion(s, d):
    if "codominion" not in d:
        return "codominion", [c["id"] for c in s["codominions"] if c["ended"] is None]
    return None


def step_unrest(s, d):
    if "table" not in d:
        return "table", list(books.UNREST_DICE)
    return None


def step_decision(s, d):
    if "topic" not in d:
        return "topic", list(TOPICS)
    if "text" not in d:
        return "text", list(DECISIONS)
    return None


def step_treasury(s, d):
    if "power" not in d:
        return "power", list(POWERS)
    if "amount" not in d:
        return "amount", list(MONEY)
    if "text" not in d:
        return "text", list(MONEY_REASONS)
    return None


def step_vp(s, d):
    if "power" not in d:
        return "power", list(GREAT)
    if "points" not in d:
        return "points", list(POINTS)
    if "text" not in d:
        return "text", list(VP_REASONS)
    return None


def step_great_war(s, d):
    if "bearer" not in d:
        return "bearer", list(GREAT) + ["at-war", "all"]
    return None


# kind -> (words for the menu, its steps, when it is offered)
ENTRIES = {
    "place": ("place a status marker", step_place, None),
    "establish": ("establish a marker", step_establish, None),
    "downgrade": ("downgrade a marker", step_downgrade, None),
    "remove": ("remove a marker", step_remove, None),
    "build": ("build a unit", step_build, None),
    "move": ("move a unit", step_move, None),
    "disband": ("disband a unit", step_disband, None),
    "combat": ("combat", step_combat, None),  # L867, L915
    "declare-war": ("declare war (+5 ETI)", step_war, None),
    "peace": ("make peace", step_peace, lambda s: books.wars_in_progress(s)),
    "separate-peace": ("make a separate peace (+5 ETI)", step_separate_peace, None),
    "treaty": ("make a treaty", step_treaty, None),
    "break-treaty": ("break a treaty (+5 ETI, Casus Belli)", step_break_treaty, None),
    "end-treaty": ("end a treaty by agreement", step_end_treaty, None),
    "call-congress": ("call a Congress of Europe (+3 ETI)", step_call_congress, lambda s: s["congress"] is None),
    "defy-congress": ("a power defies the Congress (+2 ETI)", step_defy_congress, lambda s: s["congress"] is not None),
    "end-congress": (
        "end the Congress of Europe (+3 ETI per unresolved Casus Belli)",
        step_none,
        lambda s: s["congress"] is not None,
    ),
    "resolve-cb": ("resolve a Casus Belli", step_resolve_cb, None),
    "support": ("declare support for a minor power", step_support, None),
    "fail-aid": (
        "a supporter fails to aid its minor (in a war +3 ETI, in a Status dispute -5 VP)",
        step_fail_aid,
        None,
    ),
    "withdraw-support": ("withdraw support for a minor power", step_withdraw_support, None),
    "canal": ("build a canal (the first: +15 VP)", step_canal, None),
    "deny-passage": ("a neutral denies straits or a canal (Casus Belli)", step_deny, None),
    "codominion": ("form a codominion", step_codominion, None),
    "enter-codominion": ("a power enters a codominion (Casus Belli)", step_enter_codominion, None),
    "end-codominion": ("end a codominion", step_end_codominion, None),
    "event-2-2": ("random event 2/2: the USA against Spain (Casus Belli)", step_none, None),
    "rebellion": ("a Chinese rebellion", step_none, None),  # L1
    "unrest": ("roll on an unrest table", step_unrest, None),  # L587-588
    "merchant-fleet": (
        "hand out the next Merchant Fleet",  # L409-453
        step_none,
        lambda s: s["year"] != charts.YEARS[0] and s["merchant_fleets"]["next"] < len(charts.merchant_fleets()),
        # the 1880 cell is blank (L411): from 1884 on (C21)
    ),
    "decision": ("a referee decision", step_decision, None),
    "treasury": ("adjust a treasury", step_treasury, None),
    "vp": ("award or deduct VP (a referee decision)", step_vp, None),
    "great-war": ("the Great War breaks out (R20)", step_great_war, None),
}

FREE_TEXT_STEPS = ("text", "how")


def next_step(s: dict, d: dict):
    return ENTRIES[d["entry"]][1](s, d)


def offered(s: dict) -> list[str]:
    """The kinds of entry that may be begun now: those whose first step has a choice."""
    out = []
    for kind, (_words, steps, when) in ENTRIES.items():
        if when is not None and not when(s):
            continue
        first = steps(s, {"entry": kind})
        if first is None or first[1]:
            out.append(kind)
    return out


class Entries(State):
    """Phase 4: the referee's entries, one at a time, with the powers' orders in the inbox
    (R37), until the referee ends them; ending them ends the turn, so it asks to be
    confirmed."""

    def prompt(self, s, f, role):
        d = f["draft"]
        waiting = orders.open_items(s)
        if f.get("confirm"):
            text = (
                f"End the entries of {s['year']}? The War-end determination (when a war is in progress) and the VP "
                "Record follow, and each power receives its turn report."
            )
            if waiting:
                text += (
                    f" {len(waiting)} of the powers' requests are still open: they will be reported as not acted on."
                )
            return text
        if not d:
            made = f["made"]
            inbox = f" {len(waiting)} requests of the powers are open in the inbox." if waiting else ""
            return (
                f"{s['year']}, referee entries ({made} made this turn): choose the kind of entry, answer a request "
                f"of the inbox, or end the entries.{inbox} ETI {s['eti']}."
            )
        step = next_step(s, d)
        done = " — ".join(draft_words(s, d))
        done = done[:1].upper() + done[1:]
        if step is None:  # pragma: no cover - a complete draft is applied at once
            return done
        what, options = step
        text = f"{done}: choose the {STEP_WORDS.get(what, what)}."
        taking = f.get("taking")
        if taking:
            power, item = orders.find(s, taking)
            if item is not None:
                text = (
                    f"{possessive(power_name(power))} request {item['id']} "
                    f"({orders.item_text(s, power, item)}). " + text
                )
                gap = f.get("gap")
                if gap and gap[0] == what:
                    text += (
                        f" The request's choice, {orders.value_words(s, gap[0], gap[1])}, is not possible now: choose "
                        "another, or cancel and refuse the request."
                    )
        if what == "status":
            refused: dict[str, list[str]] = {}
            for st in STATUSES:
                if st == "state" and not books.can_have_dominions(d["power"]):
                    continue
                plan = books.placement_plan(s, d["power"], d["area"], st)
                if not plan["ok"]:
                    refused.setdefault(plan.get("why") or plan["reason"], []).append(status_name(st, d["power"]))
            if refused:
                text += " Not possible here — " + "; ".join(f"{', '.join(v)}: {k}" for k, v in refused.items()) + "."
        if not options:
            text += " Nothing can be chosen here: go back."
        text += orders.build_terms(d.get("entry"), what)
        if what in FREE_TEXT_STEPS:
            text += " (Any text of your own may be entered too.)"
        return text

    def actions(self, s, f, role):
        d = f["draft"]
        if f.get("confirm"):
            return [CONFIRM, BACK]
        if not d:
            return [{"entry": k} for k in offered(s)] + orders.inbox_actions(s) + [NEXT]
        what, options = next_step(s, d)
        return [{what: v} for v in options] + ([BACK, CANCEL] if len(d) > 1 else [BACK])

    def legal(self, s, f, role, action):
        d = f["draft"]
        if not d and not f.get("confirm"):
            answered = orders.answer_legal(s, action)
            if answered is not None:
                return answered
        if d and type(action) is dict and len(action) == 1:
            what, options = next_step(s, d)
            ((key, value),) = action.items()
            if key == what == "natives_sp" and natives_sp(value):
                return {key: value}
            if key == what and key in FREE_TEXT_STEPS and type(value) is str and 0 < len(clean(value)) <= TEXT_LIMIT:
                return {key: clean(value)}  # R29: the referee's own words, as every seat will read them
            if key == what and value not in options:
                reason = refusal(s, d, key, value)
                if reason:
                    raise IllegalAction(reason)
        return super().legal(s, f, role, action)

    def act(self, s, f, role, action):
        d = f["draft"]
        if action == NEXT:
            f["confirm"] = True
            return STAY
        if action == CONFIRM:
            log(s, f"The referee ends the entries of {s['year']}: the turn goes on to its end.", "R39")
            return None
        if action == BACK:
            if f.get("confirm"):
                f["confirm"] = False
                return STAY
            d.popitem()
            if not d:
                f["taking"] = None
            return STAY
        if action == CANCEL:
            f["draft"] = {}
            f["taking"] = None
            return STAY
        if "done" in action or "refuse" in action:
            orders.answer(s, action)
            return STAY
        if "grant" in action:
            power, item = orders.find(s, action["grant"])
            draft, gap = orders.fill(s, power, item)
            f["taking"] = item["id"]
            f["filled"] = dict(draft)  # the request's own choices (R37)
            f["gap"] = list(gap) if gap else None
            f["draft"] = draft
            if gap is not None:
                return STAY
            return self.complete(s, f)
        ((key, value),) = action.items()
        d[key] = value
        if next_step(s, d) is not None:
            return STAY
        return self.complete(s, f)

    def complete(self, s, f):
        """An entry is complete: applied at once; a request it was taken up from is done."""
        entry = dict(f["draft"])
        f["draft"] = {}
        f["made"] += 1
        taking = f.get("taking")
        filled = f.pop("filled", None) or {}
        f["taking"] = None
        f["gap"] = None
        APPLY[entry["entry"]](s, entry)
        if taking and all(entry.get(k) == v for k, v in filled.items()):
            orders.carried_out(s, taking)  # R37, R38: not when the referee backed over its choices and changed them
        if s["great_war"] is not None:
            return None
        return STAY


def refusal(s: dict, d: dict, key: str, value) -> str:
    """Why a choice not offered is refused, in the sheet's words where it has them."""
    if key == "status" and d.get("entry") == "place" and value in STATUSES:
        return books.placement_plan(s, d["power"], d["area"], value)["reason"]
    if key == "size" and d.get("entry") == "build" and value in UNIT_SIZES:
        total = pack().powers[d["power"]].counters[value][0]
        return (
            f"{power_name(d['power'])} has no {books.KIND_NAME[value]} counter left: all {total} are in play "
            "(counter mix, L819)"
        )
    return ""


STEP_WORDS = {
    "power": "power",
    "area": "area",
    "status": "status marker",
    "established": "established or not",
    "conflict": "whether it comes of a status conflict",
    "size": "unit size",
    "role": "army or naval",
    "where": "place",
    "unit": "unit",
    "from": "place it leaves",
    "to": "place it goes to",
    "mode": "kind of combat",
    "attacker": "attacker",
    "defender": "defender",
    "natives_sp": "strength of the natives",
    "aggressor": "power declaring war",
    "target": "power it declares war on",
    "war": "war",
    "first": "first power",
    "second": "second power",
    "kind": "kind of treaty",
    "stipulation": "stipulations",
    "treaty": "treaty",
    "breaker": "power breaking it",
    "by": "power calling it",
    "cb": "Casus Belli",
    "how": "way it is resolved",
    "minor": "minor power",
    "support": "declared support",
    "neutral": "neutral power",
    "alliance": "power denied (its alliance is denied with it)",
    "passage": "passage denied",
    "codominion": "codominion",
    "invader": "power entering it",
    "table": "unrest table",
    "topic": "subject of the decision",
    "occasion": "where it failed its minor",
    "text": "decision (or reason)",
    "amount": "amount",
    "points": "VP",
    "bearer": "power bearing the Great War penalty",
}


def value_words(s: dict | None, key: str, value) -> str:
    """Words for one choice of the menu."""
    if key in ("power", "attacker", "defender", "aggressor", "target", "first", "second", "breaker", "minor"):
        return power_name(value)
    if key in ("neutral", "alliance", "invader"):
        return power_name(value)
    if key == "by":
        return "the referee (no power)" if value == REFEREE else power_name(value)
    if key in ("area", "where", "from", "to", "passage"):
        return place_name(value)
    if key == "status":
        return status_name(value)
    if key == "established":
        return "established" if value else "unestablished"
    if key == "conflict":
        return "in a status conflict (+1 ETI, L156)" if value else "not in a status conflict"
    if key == "size":
        return books.KIND_NAME[value]
    if key == "unit":
        size, role = value.split("-")
        return books.unit_name(size, role)
    if key == "mode":
        return {"colonial": "colonial combat", "war": "combat in a war"}[value]
    if key == "natives_sp":
        return f"{value} strength points"
    if key == "war" and s is not None and 0 < value <= len(s["wars"]):
        return books.war_text(s, s["wars"][value - 1])
    if key == "treaty" and s is not None and 0 < value <= len(s["treaties"]):
        return books.treaty_text(s["treaties"][value - 1])
    if key == "cb" and s is not None and 0 < value <= len(s["casus_belli"]):
        c = s["casus_belli"][value - 1]
        return f"Casus Belli {value}: {power_name(c['holder'])} against {power_name(c['against'])} ({c['source']})"
    if key == "support" and s is not None and 0 < value <= len(s["supports"]):
        x = s["supports"][value - 1]
        return f"{possessive(power_name(x['power']))} support for {power_name(x['minor'])}"
    if key == "codominion" and s is not None and 0 < value <= len(s["codominions"]):
        c = s["codominions"][value - 1]
        return f"the codominion of {place_name(c['area'])} ({' and '.join(map(power_name, c['powers']))})"
    if key == "kind":
        return books.article(f"{value} treaty")
    if key == "occasion":
        return "in a war (+3 ETI)" if value == "war" else "in a Status dispute (-5 VP)"
    if key == "stipulation":
        return books.STIPULATIONS[value]
    if key == "table":
        return f"unrest table {value}"
    if key in ("amount", "points"):
        return books.sign(value)
    if key == "bearer":
        return {"at-war": "every power at war", "all": "every great power"}.get(value) or power_name(value)
    return str(value)


def draft_words(s: dict, d: dict) -> list[str]:
    out = []
    for key, value in d.items():
        out.append(ENTRIES[value][0] if key == "entry" else value_words(s, key, value))
    return out


# ----- applying a complete entry -------------------------------------------------------------------


def decided(s: dict, text: str, to: list[str] | None = None) -> None:
    """A referee decision in the public register, or, ``to`` the roles named, one only they read
    (R54)."""
    record = {"year": s["year"], "phase": s["phase"], "text": text}
    if to is not None:
        record["to"] = to
    s["decisions"].append(record)


def apply_place(s, d):
    books.place(s, d["power"], d["area"], d["status"], d["established"])


def apply_establish(s, d):
    books.establish(s, d["power"], d["area"])


def apply_downgrade(s, d):
    books.downgrade(s, d["power"], d["area"], d["conflict"])


def apply_remove(s, d):
    books.remove(s, d["power"], d["area"], d["conflict"])


def apply_build(s, d):
    books.build(s, d["power"], d["size"], d["role"], d["where"])


def apply_disband(s, d):
    size, role = d["unit"].split("-")
    books.disband(s, d["power"], size, role, d["where"])


def apply_move(s, d):
    books.move(s, d["power"], d["unit"], d["from"], d["to"])


def apply_combat(s, d):
    fight(s, d["mode"], d["where"], d["attacker"], d["defender"], d.get("natives_sp", 0))


def fight(s, mode, where, attacker, defender, natives_sp=0):
    """Combat: the strength points of each side, the table chosen by the smaller force,
    the odds, a die; the result applied, or offered as the choice it is (R14-R16)."""
    sp = {}
    for side in (attacker, defender):
        sp[side] = natives_sp if side == NATIVES else books.strength_at(s, side, where)
    roll = rng.roll(s, 6)
    fight = charts.combat(sp[attacker], sp[defender], roll, mode)
    result = fight.result
    line = "L867" if fight.table == 1 else "L915"
    who = books.privy(attacker, defender)
    log(
        s,
        f"{'Colonial combat' if mode == 'colonial' else 'Combat'} in {place_name(where)}: "
        f"{power_name(attacker)} ({sp[attacker]} SP) attacks {power_name(defender)} ({sp[defender]} SP); "
        f"Combat Results Table {fight.table}, odds {fight.column}, die {roll}: {fight.text}",
        line,
        who,
    )
    s["combats"].append(
        {
            "year": s["year"],
            "where": where,
            "mode": mode,
            "attacker": attacker,
            "defender": defender,
            "sp": [sp[attacker], sp[defender]],
            "table": fight.table,
            "column": fight.column,
            "roll": roll,
            "result": result,
        }
    )
    side_of = {"attacker": attacker, "defender": defender}
    for side in fight.eliminated:
        eliminate_all(s, side_of[side], where, line, who)
    if fight.retreat_or_eliminate:
        side = side_of[fight.retreat_or_eliminate]
        if side == NATIVES:
            log(s, f"The natives in {place_name(where)} withdraw.", line, who)
        else:
            ask(s, "retreat", REFEREE, power=side, where=where, mode=mode, line=line)
    if fight.larger:  # EX or ½EX: the smaller force is gone; the larger loses at least so many SP (C4)
        large, need = side_of[fight.larger], fight.larger_loss
        if large == NATIVES:
            log(s, f"The natives in {place_name(where)} lose at least {need} strength points.", line, who)
        elif books.strength_at(s, large, where) <= need:
            eliminate_all(s, large, where, line, who)
        elif need > 0:
            ask(s, "losses", REFEREE, power=large, where=where, need=need, lost=0, line=line)


def eliminate_all(s, power, where, line, who):
    """A side's units in a place are all eliminated; the natives' end is told to those
    who saw the combat (``who``), as the combat itself was (R31)."""
    if power == NATIVES:
        log(s, f"The natives in {place_name(where)} are eliminated.", line, who)
        return
    for key, n in sorted(books.units_at(s, power, where).items()):
        size, role = key.split("-")
        for _ in range(n):
            books.disband(s, power, size, role, where, why="loses", rule=line)


def apply_declare_war(s, d):
    books.declare_war(s, d["aggressor"], d["target"])


def apply_peace(s, d):
    books.end_war(s, d["war"], "peace is made")


def apply_separate_peace(s, d):
    books.separate_peace(s, d["war"], d["power"])


def apply_treaty(s, d):
    books.make_treaty(s, d["first"], d["second"], d["kind"], d["stipulation"])


def apply_break_treaty(s, d):
    books.break_treaty(s, d["treaty"], d["breaker"])


def apply_end_treaty(s, d):
    books.end_treaty(s, d["treaty"])


def apply_call_congress(s, d):
    books.call_congress(s, None if d["by"] == REFEREE else d["by"])


def apply_defy_congress(s, d):
    books.defy_congress(s, d["power"])


def apply_end_congress(s, d):
    books.end_congress(s)


def apply_resolve_cb(s, d):
    books.resolve_cb(s, d["cb"], d["how"])


def apply_support(s, d):
    books.support_minor(s, d["power"], d["minor"])


def apply_fail_aid(s, d):
    books.fail_to_aid(s, d["support"], d["occasion"])


def apply_withdraw_support(s, d):
    x = s["supports"][d["support"] - 1]
    foes = books.enemies(s, x["minor"])
    if foes and x["power"] not in foes:  # R18: withdrawn from a minor at war, it is a failure to aid
        books.fail_to_aid(s, d["support"], "war")
        return
    x["withdrawn"] = s["year"]
    log(s, f"{power_name(x['power'])} withdraws its support for {power_name(x['minor'])}.", "R18")


def apply_canal(s, d):
    books.build_canal(s, d["power"], d["passage"])


def apply_deny(s, d):
    alliance = books.alliance_of(s, d["alliance"])
    books.deny_passage(s, d["neutral"], [p for p in alliance if p != d["neutral"]], d["passage"])


def apply_codominion(s, d):
    books.form_codominion(s, d["area"], d["first"], d["second"])


def apply_enter_codominion(s, d):
    books.enter_codominion(s, d["codominion"], d["invader"], d["neutral"])


def apply_end_codominion(s, d):
    c = s["codominions"][d["codominion"] - 1]
    c["ended"] = s["year"]
    log(s, f"The codominion of {place_name(c['area'])} ends.", "R28")


def apply_event_2_2(s, d):
    books.random_event_2_2(s)


def apply_rebellion(s, d):
    books.chinese_rebellion(s)


def apply_unrest(s, d):
    area = books.unrest(s, d["table"])
    top = unrest_holders(s, area)
    if top:
        ask(s, "unrest", REFEREE, area=area, table=d["table"], holders=top, fighting=None)
    else:
        log(s, f"No power holds a marker in {place_name(area)}: the unrest touches nobody.", "L587")


def unrest_holders(s, area):
    """C23: the powers holding the highest Status marker in an area of unrest."""
    here = s["markers"].get(area, {})
    if not here:
        return []
    best = max(books.RANK[m["status"]] for m in here.values())
    return [p for p in POWERS if p in here and books.RANK[here[p]["status"]] == best]


def apply_merchant_fleet(s, d):
    books.merchant_fleet(s)


def apply_decision(s, d):
    decided(s, f"{d['topic']}: {d['text']}")
    log(s, f"Referee decision on {d['topic']}: {d['text']}.", "R29")


def apply_treasury(s, d):
    books.adjust_treasury(s, d["power"], d["amount"], d["text"])


def apply_vp(s, d):
    books.award(s, d["power"], d["points"], f"referee decision: {d['text']}", "R29")


def apply_great_war(s, d):
    bearer = d["bearer"]
    if bearer == "all":
        bearers = list(GREAT)
    elif bearer == "at-war":
        bearers = books.at_war_powers(s) or list(GREAT)
    else:
        bearers = [bearer]
    books.great_war(s, bearers, "the referee declares it")


APPLY = {
    "place": apply_place,
    "establish": apply_establish,
    "downgrade": apply_downgrade,
    "remove": apply_remove,
    "build": apply_build,
    "move": apply_move,
    "disband": apply_disband,
    "combat": apply_combat,
    "declare-war": apply_declare_war,
    "peace": apply_peace,
    "separate-peace": apply_separate_peace,
    "treaty": apply_treaty,
    "break-treaty": apply_break_treaty,
    "end-treaty": apply_end_treaty,
    "call-congress": apply_call_congress,
    "defy-congress": apply_defy_congress,
    "end-congress": apply_end_congress,
    "resolve-cb": apply_resolve_cb,
    "support": apply_support,
    "fail-aid": apply_fail_aid,
    "withdraw-support": apply_withdraw_support,
    "canal": apply_canal,
    "deny-passage": apply_deny,
    "codominion": apply_codominion,
    "enter-codominion": apply_enter_codominion,
    "end-codominion": apply_end_codominion,
    "event-2-2": apply_event_2_2,
    "rebellion": apply_rebellion,
    "unrest": apply_unrest,
    "merchant-fleet": apply_merchant_fleet,
    "decision": apply_decision,
    "treasury": apply_treasury,
    "vp": apply_vp,
    "great-war": apply_great_war,
}


# ----- combat results that are choices -------------------------------------------------------------


class Retreat(State):
    """AR/DR: retreat all the side's units, or eliminate them (L867, L915); the owner
    chooses, the referee enters the choice (R16)."""

    def prompt(self, s, f, role):
        return (
            f"{possessive(power_name(f['power']))} units in {place_name(f['where'])} must retreat or be eliminated: "
            "enter the owner's choice."
        )

    def actions(self, s, f, role):
        where = f["where"]
        roles = {key.split("-")[1] for key in books.units_at(s, f["power"], where)}
        to = [
            x
            for x in books.neighbours(where) + [pack().powers[f["power"]].home]
            if x != where and all(books.fits(r, x) for r in roles)
        ]
        return [{"retreat_to": x} for x in dict.fromkeys(to)] + ["eliminate"]

    def act(self, s, f, role, action):
        who = books.privy(f["power"])
        if action == "eliminate":
            eliminate_all(s, f["power"], f["where"], f["line"], who)
            return None
        dst = action["retreat_to"]
        for key, n in sorted(books.units_at(s, f["power"], f["where"]).items()):
            books._add_units(s, f["power"], *key.split("-"), f["where"], -n)
            books._add_units(s, f["power"], *key.split("-"), dst, n)
        log(
            s,
            f"{possessive(power_name(f['power']))} units retreat from {place_name(f['where'])} to {place_name(dst)}.",
            f["line"],
            who,
        )
        return None


class Losses(State):
    """EX and ½EX: the larger force loses at least the strength points the sheet says;
    the owner chooses which units, the referee enters them one by one (R15)."""

    def prompt(self, s, f, role):
        return (
            f"{power_name(f['power'])} must lose at least {f['need']} strength points in "
            f"{place_name(f['where'])} ({f['lost']} lost so far): enter the owner's choice of units."
        )

    def actions(self, s, f, role):
        here = books.units_at(s, f["power"], f["where"])
        out = [{"lose": k} for k in sorted(here)]
        if f["lost"] >= f["need"] or not here:
            out.append("done")
        return out

    def act(self, s, f, role, action):
        if action == "done":
            return None
        size, unit_role = action["lose"].split("-")
        books.disband(s, f["power"], size, unit_role, f["where"], why="loses", rule=f["line"])
        f["lost"] += books.STRENGTH[size]
        if f["lost"] >= f["need"] or not books.units_at(s, f["power"], f["where"]):
            return None
        return STAY


class Unrest(State):
    """C23: the power holding the highest marker in an area of unrest fights it as Colonial
    Combat with the area's garrison, or sees that marker become unestablished; the referee
    enters which, and the natives' strength."""

    def prompt(self, s, f, role):
        if f["fighting"]:
            return (
                f"Unrest in {place_name(f['area'])}: enter the strength of the natives rising against "
                f"{power_name(f['fighting'])}."
            )
        holders = " and ".join(power_name(p) for p in f["holders"])
        return f"Unrest in {place_name(f['area'])} (table {f['table']}, C23): what becomes of the marker of {holders}?"

    def actions(self, s, f, role):
        if f["fighting"]:
            return [{"natives_sp": n} for n in NATIVE_SP]
        area = f["area"]
        out = []
        for p in f["holders"]:
            m = s["markers"].get(area, {}).get(p)
            if books.strength_at(s, p, area) > 0:
                out.append({"fight": p})
            if m is not None and m["established"]:
                out.append({"unestablish": p})
        return out + [{"effect": "none"}] + [{"text": t} for t in UNREST_DECISIONS]

    def legal(self, s, f, role, action):
        if (
            f["fighting"]
            and type(action) is dict
            and list(action) == ["natives_sp"]
            and natives_sp(action["natives_sp"])
        ):
            return {"natives_sp": action["natives_sp"]}
        if not f["fighting"] and type(action) is dict and list(action) == ["text"] and type(action["text"]) is str:
            text = clean(action["text"])
            if 0 < len(text) <= TEXT_LIMIT:
                return {"text": text}
        return super().legal(s, f, role, action)

    def act(self, s, f, role, action):
        area = f["area"]
        if "fight" in action:
            f["fighting"] = action["fight"]
            return STAY
        if "natives_sp" in action:
            # R54: who fights the unrest, and so who has units there, is the fighter's and the
            # referee's to know, as the colonial combat that follows is (R31)
            decided(
                s, f"unrest in {place_name(area)}: {power_name(f['fighting'])} fights it", books.privy(f["fighting"])
            )
            fight(s, "colonial", area, NATIVES, f["fighting"], action["natives_sp"])
            return None
        if "unestablish" in action:
            p = action["unestablish"]
            s["markers"][area][p]["established"] = False
            decided(s, f"unrest in {place_name(area)}: {possessive(power_name(p))} marker becomes unestablished")
            log(s, f"Unrest: {possessive(power_name(p))} marker in {place_name(area)} becomes unestablished.", "L587")
            return None
        text = "no effect" if action.get("effect") == "none" else action["text"]
        holders = books.privy(*f["holders"])  # R54: told to them alone: the others cannot tell it from a fight
        decided(s, f"unrest in {place_name(area)}: {text}", holders)
        log(s, f"Referee decision on the unrest in {place_name(area)}: {text}.", "R29", holders)
        return None


UNREST_DECISIONS = ("the unrest dies down", "the garrison is reinforced and holds", "the referee rules otherwise")


# ----- Phase 2: the minor powers ---------------------------------------------------------------------


MINOR_DECISIONS = (
    "the natives resist: no marker is placed",
    "the activity is diplomatic only: no marker is placed",
    "the minor power's units are sent there instead",
)


def next_status(s: dict, power: str, area: str) -> str | None:
    """C22: an active minor power places its next Status marker in the area: an Interest,
    or the step above the marker it holds there; None at the top of its ladder."""
    m = s["markers"].get(area, {}).get(power)
    if m is None:
        return "interest"
    if m["status"] in ("possession", "state"):
        return None
    return STATUSES[books.RANK[m["status"]] + 1]


class MinorActivity(State):
    """L206: an active minor power's target area; what the activity does is the referee's
    decision (R17, C22): the minor's next Status marker there (the placement matrix applies
    with it as the placer), no effect, or a decision of the referee's own."""

    def prompt(self, s, f, role):
        return f"{power_name(f['minor'])} is active in {place_name(f['area'])}: decide what the activity does."

    def actions(self, s, f, role):
        out = []
        nxt = next_status(s, f["minor"], f["area"])
        if nxt and books.may_place(s, f["minor"], f["area"], nxt):
            out.append({"effect": nxt})
        out.append({"effect": "none"})
        return out + [{"text": t} for t in MINOR_DECISIONS]

    def legal(self, s, f, role, action):
        if type(action) is dict and list(action) == ["text"] and type(action["text"]) is str:
            text = clean(action["text"])
            if 0 < len(text) <= TEXT_LIMIT:
                return {"text": text}
        return super().legal(s, f, role, action)

    def act(self, s, f, role, action):
        minor, area = f["minor"], f["area"]
        if "text" in action:
            decided(s, f"{possessive(power_name(minor))} activity in {place_name(area)}: {action['text']}")
            log(
                s,
                f"Referee decision on {possessive(power_name(minor))} activity in {place_name(area)}: "
                f"{action['text']}.",
                "R17",
            )
        elif action["effect"] == "none":
            decided(s, f"{possessive(power_name(minor))} activity in {place_name(area)}: no effect")
            log(s, f"{possessive(power_name(minor))} activity in {place_name(area)} has no effect.", "R17")
        else:
            books.place(s, minor, area, action["effect"], False)
        return None


# ----- Phase 4: war-end determination -----------------------------------------------------------------


class WarEnd(State):
    """The referee ends or continues each war in progress (R2)."""

    def prompt(self, s, f, role):
        return f"War-end determination: does {books.war_text(s, s['wars'][f['war'] - 1])} end?"

    def actions(self, s, f, role):
        return ["continue", "end"]

    def act(self, s, f, role, action):
        w = s["wars"][f["war"] - 1]
        if action == "end":
            books.end_war(s, w["id"], "ended at the war-end determination")
        else:
            log(s, f"The {books.war_text(s, w)} goes on.", "R2")
        return None


# ----- the campaign ----------------------------------------------------------------------------------------


class Campaign(Procedure):
    """Ten Game Turns, 1880-1916 (L363-453); the Final Record after 1916 or the Great War."""

    def start(self, s, f):
        log(s, f"The campaign of {charts.YEARS[0]}-{charts.YEARS[-1]} begins. ETI {s['eti']}.", "R1")
        return "turn"

    def turn(self, s, f):
        call(s, "turn")
        return "after"

    def after(self, s, f):
        report.dispatch(s)  # R38: each power's turn report, however the turn ended
        if s["great_war"] is not None or s["year"] == charts.YEARS[-1]:
            call(s, "final")
            return None
        s["year"] = charts.YEARS[charts.YEARS.index(s["year"]) + 1]
        s["turn"] += 1
        return "turn"


class Turn(Procedure):
    """One Game Turn (R1): income, the powers' orders, the minor powers, the referee's
    entries, war-end determination, the VP Record."""

    def start(self, s, f):
        s["phase"] = "income"
        log(s, f"Game Turn {s['turn']}: {s['year']} (Great War penalty {charts.great_war_penalty(s['year'])}).", "L363")
        books.income_phase(s)
        s["phase"] = "orders"
        log(s, f"Every great power writes its orders for {s['year']}.", "R35")
        ask_all(s, "orders", list(GREAT))
        return "minors"

    def minors(self, s, f):
        s["phase"] = "minor powers"
        f["minor"] = 0
        return "minor"

    def minor(self, s, f):
        if s["great_war"] is not None:
            return None
        if f["minor"] == len(MINORS):
            return "entries"
        minor = MINORS[f["minor"]]
        f["minor"] += 1
        roll = rng.roll(s, 6)
        if not charts.minor_active(minor, roll):
            log(s, f"{possessive(power_name(minor))} activity roll: {roll}, not active.", "L206")
            return "minor"
        target_roll = rng.roll(s, 6) + rng.roll(s, 6)
        area = charts.minor_activity(minor, roll, target_roll)
        log(
            s,
            f"{possessive(power_name(minor))} activity roll: {roll}, active; target roll "
            f"{target_roll}: {place_name(area)}.",
            "L206",
        )
        ask(s, "minor_activity", REFEREE, minor=minor, area=area)
        return "minor"

    def entries(self, s, f):
        if s["great_war"] is not None:
            return None
        s["phase"] = "entries"
        ask(s, "entries", REFEREE, draft={}, made=0, taking=None, gap=None, confirm=False)
        return "war_end"

    def war_end(self, s, f):
        if s["great_war"] is not None:
            return None
        wars = [w["id"] for w in books.wars_in_progress(s)]
        if not wars:
            log(s, "No war is in progress: no War-end determination phase.", "R2")
            return "record"
        s["phase"] = "war-end determination"
        f["wars"] = wars
        f["i"] = 0
        return "war_end_next"

    def war_end_next(self, s, f):
        if f["i"] < len(f["wars"]):
            ask(s, "war_end", REFEREE, war=f["wars"][f["i"]])
            f["i"] += 1
            return "war_end_next"
        books.raise_eti(s, "war-end-determination", "the end of the War-end determination phase")
        if s["great_war"] is not None:
            return None
        return "record"

    def record(self, s, f):
        s["phase"] = "victory point record"
        books.treaty_record(s)
        return None


class Final(Procedure):
    """The Final Record (L242): the end-of-game awards; the most VP wins (R21)."""

    def start(self, s, f):
        totals = books.final_record(s)
        s["phase"] = "over"
        best = max(totals.values())
        winners = [p for p in GREAT if totals[p] == best]
        why = (
            f"the Great War broke out in {s['great_war']['year']}"
            if s["great_war"]
            else f"the Final Record of {s['year']}"
        )
        game_over(s, winners, totals, f"{why}: {', '.join(map(power_name, winners))} with {best} VP")
        return None


from . import orders, report  # noqa: E402 - they read this module's menu

PROCEDURES = {"game": Campaign(), "turn": Turn(), "final": Final()}
STATES = {
    "entries": Entries(),
    "retreat": Retreat(),
    "losses": Losses(),
    "minor_activity": MinorActivity(),
    "unrest": Unrest(),
    "war_end": WarEnd(),
}
