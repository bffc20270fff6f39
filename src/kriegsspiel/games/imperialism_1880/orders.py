"""The powers' orders and the referee's inbox (RULINGS R35-R40).

Each Game Turn, after the Income phase, every great power's seat writes its orders for
the turn, all at once and in secret: requests in the console's own terms (claim a
status marker, establish one, build, move or disband a unit, attack, declare war, make
peace, propose or break a treaty, call or defy a Congress, support a minor power, build
a canal) and notes in its own words. Nobody sees a power's orders before every power
has sent its own (R36); then the referee finds them all in the inbox beside the
console. The referee takes a request up (the console fills the entry from it and asks
only what the request leaves to the referee: whether a marker is established, the
natives' strength), marks it done, or refuses it (R37). At the end of the turn each
power receives its turn report with what became of each of its requests (R38).

The state keeps ``orders``: great power -> ``{"items": [...], "draft": {...}}``. An
item is ``{"id", "kind", "fields", "text", "status", "why"}``: ``kind`` a request of
``REQUESTS``; ``fields`` its choices in the console's keys (``area``, ``status``,
``size``...); ``text`` a note's words; ``status`` one of ``STATUS_WORDS``; ``why`` the
referee's answer. ``draft`` is the request being written, step by step as the console's
entries are: ``{"request": kind, key: value, ...}``.
"""

from __future__ import annotations

import re

from ...engine import IllegalAction, State, log
from ...engine.words import clean
from . import books, console
from .books import (
    GREAT,
    POWERS,
    REFEREE,
    STATUSES,
    UNIT_ROLES,
    UNIT_SIZES,
    article,
    place_name,
    possessive,
    power_name,
    privy,
    status_name,
    unit_name,
)

SUBMIT = "send the orders"
"""The action that sends a power's orders to the referee (its secret choice, R36)."""
BACK = console.BACK
CANCEL = console.CANCEL
MAX_ITEMS = 20
"""Requests and notes one power may send in one turn (R35)."""
TEXT_LIMIT = console.TEXT_LIMIT

WRITTEN, OPEN, DONE, REFUSED, UNANSWERED = "written", "open", "done", "refused", "unanswered"
STATUS_WORDS = {
    WRITTEN: "written, not yet sent",
    OPEN: "in the referee's inbox",
    DONE: "carried out",
    REFUSED: "refused",
    UNANSWERED: "not acted on",
}
REFEREE_STEPS = ("established", "natives_sp")
"""The console's steps a request leaves to the referee (R37): whether a marker placed is
established, the strength of the natives."""

NOTES = (
    "we ask the referee to rule on our claim",
    "we propose an alliance; please pass our offer on",
    "we protest against a rival's advance",
    "we seek a loan or a subsidy",
    "we hold our forces in reserve this turn",
)
"""Stock notes for the terminal's menu; any text of the power's own may be written."""


def names(values, key=place_name) -> list:
    return sorted(values, key=key)


# ----- the requests, step by step -------------------------------------------------------------------
#
# A request's steps receive the state, the power writing and the choices made so far, and
# return the next step and its options, or None when the request is complete. The options
# come from what the power may know: the public state and its own books (R31).


def claimable(s: dict, me: str, first: bool = False) -> list[str]:
    """The areas where ``me`` may place a status marker or raise its own now (L58, L819,
    R9); with ``first``, only the first found (whether there is any)."""
    fresh = books.left(s, me, "influence") > 0 or books.left(s, me, "control") > 0 or books.left(s, me, "dominion") > 0
    out = []
    for a in console.all_areas():
        if a not in s["markers"]:  # an empty area takes any marker a counter is left for
            ok = fresh
        else:
            ok = any(books.may_place(s, me, a, st) for st in STATUSES)
        if ok:
            out.append(a)
            if first:
                break
    return out


def steps_place(s, me, d):
    if "area" not in d:
        return "area", claimable(s, me)
    if "status" not in d:
        return "status", [st for st in STATUSES if books.may_place(s, me, d["area"], st)]
    return None


def steps_establish(s, me, d):
    if "area" not in d:
        return "area", console.unestablished(s, me)
    return None


def steps_build(s, me, d):
    if "size" not in d:
        return "size", [k for k in UNIT_SIZES if books.left(s, me, k) > 0]
    if "role" not in d:
        return "role", list(UNIT_ROLES)
    if "where" not in d:
        return "where", console.build_sites(s, me, d["role"])
    return None


def steps_move(s, me, d):
    mine = books.units_of(s, me)
    if "from" not in d:
        return "from", names(mine)
    if "unit" not in d:
        return "unit", sorted(mine.get(d["from"], {}))
    if "to" not in d:
        role = d["unit"].split("-")[1]
        return "to", [x for x in console.all_places(s) if x != d["from"] and books.fits(role, x)]
    return None


def steps_disband(s, me, d):
    mine = books.units_of(s, me)
    if "where" not in d:
        return "where", names(mine)
    if "unit" not in d:
        return "unit", sorted(mine.get(d["where"], {}))
    return None


def steps_combat(s, me, d):
    """Who else stands at a place is not the power's to know (R31): it names the natives or
    any power it would fight, and the referee finds whether they are there."""
    foes = books.enemies(s, me)
    if "mode" not in d:
        return "mode", ["colonial"] + (["war"] if foes else [])
    if "where" not in d:
        return "where", names(books.units_of(s, me))
    if "defender" not in d:
        if d["mode"] == "war":
            return "defender", list(foes)
        return "defender", [console.NATIVES] + [p for p in POWERS if p != me]
    return None


def steps_war(s, me, d):
    if "target" not in d:
        return console.step_war(s, {"aggressor": me})
    return None


def steps_peace(s, me, d):
    if "war" not in d:
        return "war", [w["id"] for w in books.wars_in_progress(s) if any(me in side for side in w["sides"])]
    return None


def steps_separate_peace(s, me, d):
    if "war" not in d:
        return "war", [
            w["id"] for w in books.wars_in_progress(s) if any(me in side and len(side) > 1 for side in w["sides"])
        ]
    return None


def steps_treaty(s, me, d):
    return console.step_treaty(s, {"first": me, **d})


def steps_break_treaty(s, me, d):
    if "treaty" not in d:
        return "treaty", [t["id"] for t in books.treaties_in_force(s) if me in t["parties"]]
    return None


def steps_end_treaty(s, me, d):
    return steps_break_treaty(s, me, d)


def steps_none(s, me, d):
    return None


def steps_support(s, me, d):
    return console.step_support(s, {"power": me, **d})


def steps_withdraw_support(s, me, d):
    if "support" not in d:
        return "support", [x["id"] for x in books.supports_in_force(s) if x["power"] == me]
    return None


def steps_canal(s, me, d):
    if "passage" not in d:
        return "passage", books.canal_sites(s)
    return None


def steps_note(s, me, d):
    if "text" not in d:
        return "text", list(NOTES)
    return None


# kind -> (words for the menu, its steps, the console's key the power fills, when offered)
REQUESTS = {
    "place": ("claim a status marker (place one, or raise your own)", steps_place, "power", None),
    "establish": ("establish one of your markers", steps_establish, "power", None),
    "build": ("build a unit", steps_build, "power", None),
    "move": ("move a unit", steps_move, "power", None),
    "disband": ("disband a unit", steps_disband, "power", None),
    "combat": ("attack: colonial combat, or combat in a war", steps_combat, "attacker", None),
    "declare-war": ("declare war", steps_war, "aggressor", None),
    "peace": ("make peace", steps_peace, None, None),
    "separate-peace": ("make a separate peace", steps_separate_peace, "power", None),
    "treaty": ("propose a treaty", steps_treaty, "first", None),
    "break-treaty": ("break a treaty", steps_break_treaty, "breaker", None),
    "end-treaty": ("end a treaty by agreement", steps_end_treaty, None, None),
    "call-congress": ("call a Congress of Europe", steps_none, "by", lambda s, me: s["congress"] is None),
    "defy-congress": (
        "defy the Congress of Europe",
        steps_none,
        "power",
        lambda s, me: s["congress"] is not None,  # L156: each time it defies, again and again
    ),
    "support": ("declare support for a minor power", steps_support, "power", None),
    "withdraw-support": ("withdraw support for a minor power", steps_withdraw_support, None, None),
    "canal": ("build a canal", steps_canal, "power", None),
    "note": ("write a note to the referee", steps_note, None, None),
}
FREE_TEXT = ("text",)


def request_step(s: dict, me: str, d: dict):
    """The next step of the request being written, or None when it is complete."""
    fields = {k: v for k, v in d.items() if k != "request"}
    return REQUESTS[d["request"]][1](s, me, fields)


def offered(s: dict, me: str) -> list[str]:
    """The kinds of request ``me`` may begin now: those whose first step has a choice."""
    out = []
    for kind, (_words, steps, _key, when) in REQUESTS.items():
        if when is not None and not when(s, me):
            continue
        if kind == "place":
            if claimable(s, me, first=True):
                out.append(kind)
            continue
        first = steps(s, me, {})
        if first is None or first[1]:
            out.append(kind)
    return out


# ----- words ------------------------------------------------------------------------------------------------


def request_words(s: dict | None, power: str, kind: str, fields: dict, text: str = "") -> str:
    """A request as its power wrote it: "claim an Influence in Egypt"."""
    f = fields
    if kind == "note":
        return f"note: {text}"
    if kind == "place":
        return f"claim {article(status_name(f['status'], power))} in {place_name(f['area'])}"
    if kind == "establish":
        return f"establish its marker in {place_name(f['area'])}"
    if kind == "build":
        return f"build {article(unit_name(f['size'], f['role']))} in {place_name(f['where'])}"
    if kind == "move":
        size, role = f["unit"].split("-")
        return f"move {article(unit_name(size, role))} from {place_name(f['from'])} to {place_name(f['to'])}"
    if kind == "disband":
        size, role = f["unit"].split("-")
        return f"disband {article(unit_name(size, role))} in {place_name(f['where'])}"
    if kind == "combat":
        what = "colonial combat" if f["mode"] == "colonial" else "combat in a war"
        return f"attack {power_name(f['defender'])} in {place_name(f['where'])} ({what})"
    if kind == "declare-war":
        return f"declare war on {power_name(f['target'])}"
    if kind in ("peace", "separate-peace"):
        what = "make peace in" if kind == "peace" else "make a separate peace and leave"
        return f"{what} {console.value_words(s, 'war', f['war'])}"
    if kind == "treaty":
        return (
            f"propose {books.article(f['kind'] + ' treaty')} to {power_name(f['second'])} "
            f"({books.STIPULATIONS[f['stipulation']].split(' (')[0]})"
        )
    if kind in ("break-treaty", "end-treaty"):
        verb = "break" if kind == "break-treaty" else "end by agreement"
        return f"{verb} {console.value_words(s, 'treaty', f['treaty'])}"
    if kind == "call-congress":
        return "call a Congress of Europe"
    if kind == "defy-congress":
        return "defy the Congress of Europe"
    if kind == "support":
        return f"declare support for {power_name(f['minor'])}"
    if kind == "withdraw-support":
        return f"withdraw {console.value_words(s, 'support', f['support'])}"
    if kind == "canal":
        return f"build the {place_name(f['passage'])}"
    return REQUESTS[kind][0]


def value_words(s: dict | None, key: str, value) -> str:
    if key == "defender" and value == console.NATIVES:
        return "the natives"
    if key == "text":
        return str(value)
    if key == "mode":
        return {"colonial": "colonial combat", "war": "combat in a war"}.get(value, str(value))
    return console.value_words(s, key, value)


def draft_words(s: dict, d: dict) -> list[str]:
    out = []
    for key, value in d.items():
        out.append(REQUESTS[value][0] if key == "request" else value_words(s, key, value))
    return out


STEP_WORDS = {
    **console.STEP_WORDS,
    "defender": "power (or the natives) to attack",
    "text": "note",
    "passage": "canal route",  # a power's only passage is the canal it builds (the console's is one denied)
}


# ----- the orders phase ---------------------------------------------------------------------------------------


def fresh() -> dict:
    return {"items": [], "draft": {}}


def setup(s: dict) -> None:
    s["orders"] = {p: fresh() for p in GREAT}
    s["dispatches"] = {}


def build_terms(kind: str | None, what: str) -> str:
    """What a build is and costs, for the prompt of a build request or entry: the sizes are
    the counter mix's M10, M3 and M1 (L819); no unit has a price on the sheet (R7, R13)."""
    if kind != "build":
        return ""
    sizes = f" {books.SIZE_TERMS}." if what == "size" else ""
    return f"{sizes} {books.BUILD_TERMS}."


def sentence(text: str) -> str:
    """Words ending as a sentence does (a note may end with its own stop)."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def item_text(s: dict, power: str, item: dict) -> str:
    return request_words(s, power, item["kind"], item["fields"], item["text"])


class Orders(State):
    """R35-R36: every great power writes its orders for the turn at once and in secret,
    one request or note at a time, and sends them; nobody reads them before all are sent."""

    simultaneous = True

    def prompt(self, s, f, role):
        o = s["orders"][role]
        d = o["draft"]
        n = len(o["items"])
        if not d:
            return (
                f"{s['year']}: write {possessive(power_name(role))} orders for the turn ({n} written): add a "
                "request or a note, or send them to the referee. Nobody sees them before every power has sent its own."
            )
        step = request_step(s, role, d)
        done = " — ".join(draft_words(s, d))
        done = done[:1].upper() + done[1:]
        if step is None:  # pragma: no cover - a complete request is filed at once
            return done
        what, options = step
        text = f"{done}: choose the {STEP_WORDS.get(what, what)}."
        if not options:
            text += " Nothing can be chosen here: go back."
        text += build_terms(d.get("request"), what)
        if what in FREE_TEXT:
            text += " (Any words of your own may be written too.)"
        return text

    def actions(self, s, f, role):
        o = s["orders"][role]
        d = o["draft"]
        if not d:
            acts: list = []
            if len(o["items"]) < MAX_ITEMS:
                acts += [{"request": k} for k in offered(s, role)]
            # the power is named so that the button's label may name the request (rules.withdraw_words)
            acts += [{"withdraw": i, "power": role} for i in range(1, len(o["items"]) + 1)]
            return acts + [SUBMIT]
        what, options = request_step(s, role, d)
        return [{what: v} for v in options] + ([BACK, CANCEL] if len(d) > 1 else [BACK])

    def legal(self, s, f, role, action):
        """Free words: a note written at once (``{"note": text}``), or the words of a note's
        step; the next step of a request answered from that step's options alone."""
        o = s["orders"][role]
        d = o["draft"]
        if type(action) is dict and set(action) == {"withdraw"} and not d:  # the older form, without the power
            n = action["withdraw"]
            if type(n) is int and 0 < n <= len(o["items"]):
                return {"withdraw": n, "power": role}
        if type(action) is dict and len(action) == 1:
            ((key, value),) = action.items()
            words = clean(value) if type(value) is str else None  # kept as the others will read them
            if words is not None and 0 < len(words) <= TEXT_LIMIT:
                if key == "note" and not d and len(o["items"]) < MAX_ITEMS:
                    return {"note": words}
                if d and key in FREE_TEXT and request_step(s, role, d)[0] == key:
                    return {key: words}
            if key in ("note", *FREE_TEXT) and words is not None and len(words) > TEXT_LIMIT:
                raise IllegalAction(f"a note is at most {TEXT_LIMIT} characters")
            if d:
                what, options = request_step(s, role, d)
                if key == what and any(v == value and type(v) is type(value) for v in options):
                    return {key: value}
            elif key == "request" and value in REQUESTS and len(o["items"]) < MAX_ITEMS and value in offered(s, role):
                return {key: value}
        return super().legal(s, f, role, action)

    def draft(self, s, f, role, action):
        if action == SUBMIT:
            return False
        o = s["orders"][role]
        d = o["draft"]
        if action == BACK:
            d.popitem()
        elif action == CANCEL:
            o["draft"] = {}
        elif "withdraw" in action:
            item = o["items"].pop(action["withdraw"] - 1)
            log(s, f"You withdraw your request: {sentence(item_text(s, role, item))}", "R35", to=[role])
        elif "note" in action:
            file(s, role, "note", {}, action["note"])
        else:
            ((key, value),) = action.items()
            d[key] = value
            if request_step(s, role, d) is None:
                kind = d["request"]
                fields = {k: v for k, v in d.items() if k not in ("request", "text")}
                o["draft"] = {}
                file(s, role, kind, fields, d.get("text", ""))
        return True

    def reveal(self, s, f, choices):
        """R36: the orders are read when all are in: numbered in the inbox, in the powers' order."""
        n = 0
        counts = []
        for p in GREAT:
            o = s["orders"][p]
            o["draft"] = {}
            for item in o["items"]:
                n += 1
                item["id"] = n
                item["status"] = OPEN
            counts.append(f"{power_name(p)} {len(o['items'])}")
        log(s, f"Every power has sent its orders for {s['year']} to the referee.", "R36")
        log(s, f"The referee's inbox for {s['year']}: " + ", ".join(counts) + ".", "R36", [REFEREE])


def file(s: dict, power: str, kind: str, fields: dict, text: str) -> dict:
    """A request or note written into the power's orders (still secret, R36)."""
    item = {"id": 0, "kind": kind, "fields": dict(fields), "text": text, "status": WRITTEN, "why": ""}
    s["orders"][power]["items"].append(item)
    log(s, f"You write: {sentence(item_text(s, power, item))}", "R35", to=[power])
    return item


# ----- the referee's inbox ------------------------------------------------------------------------------------


def find(s: dict, item_id) -> tuple[str, dict] | tuple[None, None]:
    """(power, item) of an inbox item by its number."""
    if type(item_id) is not int:
        return None, None
    for p in GREAT:
        for item in s["orders"][p]["items"]:
            if item["id"] == item_id and item["status"] != WRITTEN:
                return p, item
    return None, None


def open_items(s: dict) -> list[tuple[str, dict]]:
    return [(p, item) for p in GREAT for item in s["orders"][p]["items"] if item["status"] == OPEN]


def entry_fields(power: str, item: dict) -> dict:
    """The choices a request makes in the console's keys, the power it is for among them."""
    fields = dict(item["fields"])
    key = REQUESTS[item["kind"]][2]
    if key:
        fields[key] = power
    return fields


def takeable(s: dict, item: dict) -> bool:
    """A request the console may begin now: a kind of entry offered now (a note is not)."""
    kind = item["kind"]
    if kind not in console.ENTRIES:
        return False
    when = console.ENTRIES[kind][2]
    return when is None or bool(when(s))


def fill(s: dict, power: str, item: dict) -> tuple[dict, tuple | None]:
    """The entry a request makes, filled step by step in the console's order from the
    request's choices while each is still offered (R37); and where it stops: None when
    complete, (key, None) at a step the request leaves to the referee, (key, value) where
    the request's choice is not possible now."""
    d = {"entry": item["kind"]}
    fields = entry_fields(power, item)
    while True:
        step = console.next_step(s, d)
        if step is None:
            return d, None
        key, options = step
        if key not in fields:
            return d, (key, None)
        value = fields[key]
        if not any(o == value and type(o) is type(value) for o in options):
            return d, (key, value)
        d[key] = value


def problem(s: dict, power: str, item: dict) -> str:
    """Why a request cannot be carried out as written now, or "" (for the referee's eyes:
    it may depend on what only the referee knows)."""
    if item["kind"] == "note":
        return ""
    if not takeable(s, item):
        return f"the console offers no '{console.ENTRIES[item['kind']][0]}' entry now: {untakeable(item)}"
    d, gap = fill(s, power, item)
    if gap is None or gap[1] is None:
        return ""
    key, value = gap
    why = gap_reason(s, power, item, d, key, value)
    text = f"{STEP_WORDS.get(key, key)} {value_words(s, key, value)} is not possible now"
    return f"{text}: {why}" if why else text


def reason(s: dict, power: str, item: dict) -> str:
    """Why a request cannot be carried out as written now, in words for the power that wrote
    it (the referee bot's answer when it refuses, R37, R40), or "" when it can. They say no
    more than the refusal itself tells: a power's own books, the public map and wars. The
    answer goes into the log, whose words carry no citation (the line's rule links the guide)."""
    if item["kind"] == "note":
        return ""
    if not takeable(s, item):
        return uncited(untakeable(item))
    d, gap = fill(s, power, item)
    if gap is None or gap[1] is None:
        return ""
    key, value = gap
    return uncited(
        gap_reason(s, power, item, d, key, value)
        or f"the {STEP_WORDS.get(key, key)} {value_words(s, key, value)} is not possible now"
    )


def refusal_reason(s: dict, power: str, item: dict) -> str:
    """The reason the console offers beside a refusal of an open request (R37), in words for
    its power, or "": why it is not possible now (``reason``); else a marker to establish
    where the power has no army unit, or a treaty with a great power that did not ask for
    it in its own orders this turn (the referee bot refuses both, R40)."""
    why = reason(s, power, item)
    if why:
        return why
    f = item["fields"]
    if item["kind"] == "establish" and not any(
        k.endswith("-army") and n > 0 for k, n in books.units_of(s, power).get(f["area"], {}).items()
    ):
        return (
            f"{power_name(power)} has no army unit in {place_name(f['area'])}, and the referee establishes a marker "
            "only where the power has troops"
        )
    if item["kind"] == "defy-congress":  # R26: in its orders a power defies the Congress once a turn
        mine = s["orders"][power]["items"]
        if any(i["kind"] == "defy-congress" and i["status"] != "refused" for i in mine[: mine.index(item)]):
            return (
                f"{power_name(power)} defies the Congress once already in these orders: a power's orders defy it "
                "once a turn"
            )
    if item["kind"] == "treaty" and f["second"] in GREAT:
        theirs = s["orders"][f["second"]]["items"]
        if not any(
            i["kind"] == "treaty" and i["fields"].get("second") == power and i["fields"].get("kind") == f["kind"]
            for i in theirs
        ):
            return (
                f"{power_name(f['second'])} has not agreed to it: the referee makes a treaty only when both parties "
                "ask for it in the same turn"
            )
        if not any(  # R43: the stipulations are part of the treaty (R23, R24; L1 "depending on stipulations")
            i["kind"] == "treaty"
            and i["fields"].get("second") == power
            and i["fields"].get("kind") == f["kind"]
            and i["fields"].get("stipulation") == f["stipulation"]
            for i in theirs
        ):
            return (  # no more than the refusal tells: not which stipulations the other asked for (R31)
                f"{power_name(f['second'])} has not agreed to it: the referee makes a treaty only when both parties "
                "ask for the same treaty, its stipulations too, in the same turn"
            )
    if item["kind"] == "combat" and f["mode"] == "colonial" and f["defender"] != console.NATIVES:
        here = s["markers"].get(f["where"], {})  # R45: a power is fought without war only in a status dispute (R14)
        if f["where"] not in books.pack().areas or power not in here or f["defender"] not in here:
            return (
                f"colonial combat against {power_name(f['defender'])} is fought only in a status dispute, in an area "
                f"where both powers hold a status marker; elsewhere {power_name(power)} must be at war with it"
            )
    if item["kind"] == "combat" and f["mode"] == "colonial" and f["defender"] == console.NATIVES:
        if f["where"] not in books.pack().areas:  # R55: natives are fought in a colonial area only
            what = "a sea zone" if f["where"] in books.pack().seas else "a home country"
            return (
                f"there are no natives to fight in {place_name(f['where'])}, {what}: colonial combat against "
                "the natives is fought in a colonial area"
            )
    if item["kind"] == "canal":  # R44: a canal is cut through the land of the power that holds Control there
        area = books.pack().passages[f["passage"]].shores[0]
        if not books.controls(s, power, area):
            return (
                f"{power_name(power)} does not control {place_name(area)}, where the canal would be cut: the referee "
                "builds a canal only for the power holding a Protectorate or Possession there"
            )
    if item["kind"] == "end-treaty":  # R43: "by agreement" is both parties' (R23); alone, a party breaks it (L156, L1)
        t = s["treaties"][f["treaty"] - 1]
        other = next(q for q in t["parties"] if q != power)
        if other in GREAT and not asked(s, other, "end-treaty", "treaty", f["treaty"]):
            return (
                f"{power_name(other)} has not agreed to end it: a treaty ends by agreement only when both parties "
                "ask for it in the same turn; one party alone may only break it"
            )
    if item["kind"] == "peace":  # R43: peace for the whole war is every belligerent's; alone, a separate peace (L156)
        w = s["wars"][f["war"] - 1]
        missing = [
            q
            for side in w["sides"]
            for q in side
            if q != power and q in GREAT and not asked(s, q, "peace", "war", f["war"])
        ]
        if missing:
            who = " and ".join(power_name(q) for q in missing)
            return (
                f"{who} {'has' if len(missing) == 1 else 'have'} not agreed to it: the referee makes peace only when "
                "every great power in the war asks for it in the same turn; a power beside an ally may make a "
                "separate peace"
            )
    return ""


def asked(s: dict, power: str, kind: str, key: str, value) -> bool:
    """Whether ``power`` asked in its own orders this turn for a request of ``kind`` whose
    ``key`` is ``value`` (the same treaty ended, the same war's peace: R43)."""
    return any(i["kind"] == kind and i["fields"].get(key) == value for i in s["orders"][power]["items"])


CITED = re.compile(r"^[LRC]\d+\b")
"""A citation of the sheet (L58) or a ruling (R9, C4), alone or with its cell ("L58: XX")."""


def uncited(text: str) -> str:
    """Words without their citations: "(counter mix, L819)" reads "(counter mix)", "(R9, R40)"
    and "(L58: XX)" go."""

    def keep(m):
        parts = [x.strip() for x in m.group(1).split(",")]
        rest = [x for x in parts if not CITED.match(x)]
        return f" ({', '.join(rest)})" if rest else ""

    return re.sub(r"\s*\(([^()]*)\)", keep, text)


UNTAKEABLE = {
    "call-congress": "a Congress of Europe is in session already (L156)",
    "defy-congress": "no Congress of Europe is in session",
    "peace": "no war is in progress",
}


def untakeable(item: dict) -> str:
    return UNTAKEABLE.get(item["kind"], "it cannot be done at this point of the turn")


def gap_reason(s: dict, power: str, item: dict, d: dict, key: str, value) -> str:
    """Why the request's choice ``value`` at the entry's step ``key`` is not possible now
    (``fill`` stopped there): the console's refusal in the sheet's words where it has one
    (the placement chart L58, the counter mix L819), else what changed since it was written."""
    why = console.refusal(s, d, key, value)
    if why:
        return why
    kind = item["kind"]
    f = item["fields"]
    me = power_name(power)
    where = f.get("where") or f.get("from") or f.get("area")
    at = f" in {place_name(where)}" if where else ""
    if kind == "establish":
        mine = s["markers"].get(f["area"], {}).get(power)
        if mine is None:
            return f"{me} has no marker in {place_name(f['area'])} now"
        return f"{possessive(me)} marker in {place_name(f['area'])} is established already"
    if kind == "build" and key == "power":
        return f"{me} has no unit counter left: all its M10, M3 and M1 are in play (counter mix, L819)"
    if kind == "build" and key == "where":
        return (
            f"{me} may not build {article(unit_name(f['size'], f['role']))} in {place_name(value)}: an army is "
            "built at home or where the power holds a marker or has units, a fleet at home on the sea or in a sea "
            "zone (R13)"
        )
    if kind in ("move", "disband"):
        if key == "to":
            return "an army moves on land and a fleet at sea (R13)"
        if key == "unit":
            size, role = value.split("-")
            return f"{me} has no {unit_name(size, role)} unit{at} now"
        return f"{me} has no units{at if key != 'power' else ''} now"
    if kind == "combat":
        if key == "defender" and f.get("mode") == "war":
            return f"the referee finds no force of {power_name(value)} at war with {me}{at}"
        if key == "defender":
            return f"the referee finds no force of {power_name(value)}{at} to fight"
        if f.get("mode") == "war":
            return f"the referee finds no enemy of {me} facing its units{at}"
        return f"{me} has no units{at} now"
    if kind == "declare-war":
        return books.war_refusal(s, power, value) or f"{me} may not declare war on {power_name(value)} now"
    if kind in ("peace", "separate-peace") and key == "war":
        return "that war is over"
    if kind == "treaty" and key == "kind":
        return f"{me} and {power_name(f['second'])} have {article(value)} treaty in force already"
    if kind in ("break-treaty", "end-treaty") and key == "treaty":
        return "that treaty is no longer in force"
    if kind == "support" and key == "minor":
        return f"{me} supports {power_name(value)} already"
    if kind == "withdraw-support":
        return "that support is no longer in force"
    if kind == "canal" and key == "passage":
        return f"a canal is built on the {place_name(value)} already"
    return ""


def inbox_actions(s: dict) -> list:
    """The referee's answers to the open requests (R37): take one up, mark it done, refuse it."""
    out: list = []
    for _p, item in open_items(s):
        if takeable(s, item):
            out.append({"grant": item["id"]})
    for _p, item in open_items(s):
        out.append({"done": item["id"]})
    for p, item in open_items(s):
        out.append({"refuse": item["id"]})
        why = refusal_reason(s, p, item)
        if why:  # the console's reason, offered with the refusal (the bot refuses so: R37, R40)
            out.append({"refuse": item["id"], "why": clean(why)[:TEXT_LIMIT]})
    return out


def answer_legal(s: dict, action) -> dict | None:
    """``{"done"|"refuse": id, "why": text}``: an answer in the referee's own words."""
    if type(action) is not dict or set(action) not in ({"done", "why"}, {"refuse", "why"}):
        return None
    key = "done" if "done" in action else "refuse"
    power, item = find(s, action[key])
    why = action["why"]
    if item is None or item["status"] != OPEN or type(why) is not str or len(clean(why)) > TEXT_LIMIT:
        raise IllegalAction("that is not an open request of the inbox, or the answer is too long")
    return {key: action[key], "why": clean(why)}


def answer(s: dict, action: dict) -> None:
    """Mark a request done or refused, with the referee's words if any (R37)."""
    key = "done" if "done" in action else "refuse"
    power, item = find(s, action[key])
    item["status"] = DONE if key == "done" else REFUSED
    item["why"] = action.get("why", "")
    verb = "marks done" if key == "done" else "refuses"
    why = f": {item['why']}" if item["why"] else ""
    log(
        s,
        f"The referee {verb} {possessive(power_name(power))} request {item['id']} ({item_text(s, power, item)}){why}.",
        "R37",
        privy(power),
    )


def carried_out(s: dict, item_id: int) -> None:
    """The entry begun from a request is made: the request is done (R37)."""
    power, item = find(s, item_id)
    if item is None or item["status"] != OPEN:
        return
    item["status"] = DONE
    log(
        s,
        f"{possessive(power_name(power))} request {item['id']} ({item_text(s, power, item)}) is carried out.",
        "R37",
        privy(power),
    )


def close(s: dict) -> None:
    """The turn ends: what the referee did not answer is not acted on (R38)."""
    for p in GREAT:
        for item in s["orders"][p]["items"]:
            if item["status"] in (OPEN, WRITTEN):
                item["status"] = UNANSWERED


# ----- what each seat may read ---------------------------------------------------------------------------------

ITEM_SHOWN = ("id", "kind", "fields", "text", "status", "why")
"""An item of a power's orders as its power and the referee read it; every key named."""


def item_view(s: dict, power: str, item: dict, referee: bool) -> dict:
    out = {k: item[k] for k in ITEM_SHOWN}
    out["words"] = item_text(s, power, item)
    if referee and item["status"] == OPEN:
        out["problem"] = problem(s, power, item)
        out["reason"] = refusal_reason(s, power, item)
        out["takeable"] = takeable(s, item)
    return out


def view(s: dict, role: str | None) -> dict:
    """A power reads its own orders (its draft too); the referee every power's once they
    are sent, never before (R36); a spectator none."""
    if role in GREAT:
        o = s["orders"][role]
        return {
            role: {
                "items": [item_view(s, role, i, False) for i in o["items"]],
                "draft": draft_words(s, o["draft"]) if o["draft"] else [],
                "writing": {k: v for k, v in o["draft"].items() if k == "request" or k in STEP_WORDS},
            }
        }
    if role == REFEREE:
        return {
            p: {"items": [item_view(s, p, i, True) for i in s["orders"][p]["items"] if i["status"] != WRITTEN]}
            for p in GREAT
        }
    return {}


__all__ = ["Orders", "REQUESTS", "SUBMIT"]
