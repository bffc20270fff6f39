"""The card interpreter (§9 L539-567): an event is data (deck.py): each option of a card is a
list of *effects*, verbs of ``deck.VERBS``. The procedure ``event`` resolves them in order;
each verb has a handler in ``HANDLERS``, registered by the modules that implement the verbs
(events.py, rebels.py, italy.py, crisis.py). Handlers are re-entrant: an effect that needs a
choice asks the resolver in the state ``event-choose`` and is put back at the head of the
queue; the answer is stored in the effect (``_picks``) and the handler runs again from its
top. Every mutation therefore happens after the last choice of a pass. Rolls are stored the
same way so that a re-run never rolls twice.

Procedures: ``event`` (power, card, option, discard), ``event-effects`` (power, effects: a
list of effect dicts; used by crisis.py and tests). ``playable(s, p, cid)`` lists the options
the impulse may offer.

Rulings: RULINGS_EVENTS.md (E1, E2, ...).
"""

from __future__ import annotations

from ...engine import Procedure, State, ask, log
from ...engine.rng import roll
from . import conditions
from .data import PLAYERS
from .deck import DECADES
from .world import (
    NAMES,
    P,
    card,
    card_title,
    check_german_unification,
    controller,
    deal,
    finish_card,
    in_region,
    same_alliance,
)

RESOLVED = set(PLAYERS) | {"italy", "japan"}


class Wait(Exception):
    """Raised by a handler that has asked a question: the effect waits at the head of the queue."""


def decade(s: dict) -> str:
    return DECADES[max(0, min(len(DECADES), s["turn"]) - 1)]


# ----- choices and dice inside an effect -------------------------------------------------------------


def pick(s: dict, f: dict, e: dict, key: str, role: str, options: list, prompt: str):
    """The answer to the effect's question ``key``: stored, or just given, or the only legal
    option; else ask ``role`` among ``options`` and raise Wait. None if there is no option."""
    picks = e.setdefault("_picks", {})
    if key in picks:
        return picks[key]
    if "answer" in e:
        picks[key] = e.pop("answer")
        return picks[key]
    if not options:
        return None
    if len(options) == 1 or role not in PLAYERS:
        picks[key] = options[0]
        return options[0]
    f["queue"].insert(0, e)
    ask(s, "event-choose", role, options=list(options), prompt=prompt)
    raise Wait


def die(s: dict, e: dict, key: str) -> int:
    """A die rolled once for the effect (kept across re-runs)."""
    picks = e.setdefault("_picks", {})
    if key not in picks:
        picks[key] = roll(s, 6)
    return picks[key]


def again(f: dict, e: dict) -> None:
    """Put the effect back at the head of the queue for its next pass (count loops)."""
    e.pop("_picks", None)
    f["queue"].insert(0, e)


def front(f: dict, effects: list) -> None:
    f["queue"][0:0] = [dict(x) for x in effects]


def chooser(f: dict, e: dict) -> str:
    return e.get("chooser") or f["self"]


def skip(s: dict, e: dict, why: str) -> None:
    log(s, f"{why}: the effect ({e['verb'].replace('-', ' ')}) has no legal target and is skipped.", "9.0")


# ----- power references (DECK_RULINGS K6) --------------------------------------------------------------


def chosen_pool(s: dict, f: dict, e: dict, field: str) -> list:
    """Whom 'chosen' may name (E4): any other player; for MPIT any player or Italy; per-card
    restrictions that the card texts give."""
    cid = f.get("card")
    me = f["self"]
    verb = e["verb"]
    if cid == "turkish-loans" or cid == "urabi-revolt":  # "the UK or France"
        return ["uk", "fr"]
    if cid == "general-strike":  # "a player with industry 3+"
        return [q for q in PLAYERS if s["powers"][q]["industry"] >= 3] or list(PLAYERS)
    if cid == "sino-japanese-war":  # Japan's protector, or Japan itself
        return [*PLAYERS, "japan"]
    if cid == "balance-of-power" and verb == "draw":  # a player that joined the defenders (K10)
        war = s.get("war") or {}
        return [q for q in PLAYERS if q != "uk" and (q in war.get("defenders", []) or same_alliance(s, q, "uk"))]
    if verb == "mpit":
        return [*PLAYERS, *(["italy"] if "italy" in s["majors"] else [])]
    if verb in ("stability",) and cid in ("bread-riots", "assassination"):
        return list(PLAYERS)
    return [q for q in PLAYERS if q != me]


def chosen_prompt(f: dict, e: dict, field: str) -> str:
    """What a chosen power is chosen for: 'Bread Riots: choose the power that loses 1 stability'."""
    amount = e.get("amount")
    verb = e["verb"]
    if field == "power" and verb in ("stability", "manpower", "industry") and isinstance(amount, int) and amount:
        what = f"{'gains' if amount > 0 else 'loses'} {abs(amount)} {verb}"
    elif field == "target":
        what = f"is the target of its {verb.replace('-', ' ')}"
    else:
        what = f"its {verb.replace('-', ' ')} applies to"
    title = card_title(f["card"]) if f.get("card") else "The event"
    if what.startswith("its"):
        return f"{title}: choose the power {what}."
    return f"{title}: choose the power that {what}."


def power(s: dict, f: dict, e: dict, field: str = "power"):
    """The state power the effect's field names, resolving K6 references; "" for nobody."""
    v = e.get(field)
    if v is None:
        return f["self"] if field == "power" else ""
    if v in RESOLVED:
        return v
    if v == "self":
        e[field] = f["self"]
    elif v.lower() in PLAYERS:
        e[field] = v.lower()
    elif v in ("attacker", "defender"):
        e[field] = ((s.get("war") or {}).get("primary") or {}).get(v) or ""
    elif v == "controller":
        e[field] = controller(s, e["space"]) if e.get("space") else ""
        e[field] = e[field] or ""
    elif v == "italy":
        e[field] = "italy" if "italy" in s["majors"] else ""
    elif v == "chosen":
        pool = chosen_pool(s, f, e, field)
        a = pick(s, f, e, f"chosen-{field}", chooser(f, e), [{"power": q} for q in pool], chosen_prompt(f, e, field))
        e[field] = a["power"] if a else ""
        if e[field] and e[field] != f["self"]:
            f["chosen"] = e[field]
    else:
        e[field] = ""
    if e[field] in PLAYERS and e[field] != f["self"]:
        f.setdefault("affected", []).append(e[field])
    return e[field]


# ----- minors, control, displacement (4.7, 5.7) ------------------------------------------------------


def _region_spaces(e: dict) -> list:
    if e.get("space"):
        return [e["space"]]
    if e.get("spaces"):
        return list(e["spaces"])
    reg = e.get("region")
    if not reg:
        return []
    return sorted(sid for sid, sp in P().spaces.items() if in_region(sp, reg))


WAR_VERBS = ("join-war", "war-drm", "war-budget", "invite-neutrals", "forbid-joining")  # battle-drm: rebels too


def _needs_war(option) -> bool:
    verbs = [e.verb for e in option.effects]
    if "declare-war" in verbs:
        return False
    return any(v in WAR_VERBS for v in verbs)


def playable(s: dict, p: str, cid: str) -> list:
    """The option labels of the card whose requirements hold for p now (9.0 L541): tests by
    conditions.check ('power-is' included); options that act on a war only while one is
    in progress, options that declare one only in peace."""
    rec = card(cid)
    out = []
    for o in rec.options:
        if not all(conditions.check(s, t, p) for t in o.requires):
            continue
        verbs = [e.verb for e in o.effects]
        if _needs_war(o) and s.get("war") is None:
            continue
        if "declare-war" in verbs and s.get("war") is not None:
            continue
        out.append(o.label)
    return out


def dump_effects(effects) -> list:
    return [e.model_dump(exclude_defaults=True) for e in effects]


# ----- the runner --------------------------------------------------------------------------------------


class Runner(Procedure):
    """Resolve f["queue"] (effect dicts) in order for f["self"]."""

    def next(self, s, f):
        if (s.get("crisis") or {}).get("outbreak"):
            return None  # 23.1: the Great War broke out, the rest of the event is ignored
        while f["queue"]:
            unify_germany(s)
            e = f["queue"].pop(0)
            if e.get("power") == "each" and e["verb"] != "card-marker":
                f["queue"][0:0] = [dict(e, power=q, chooser=q) for q in PLAYERS]
                continue
            try:
                HANDLERS[e["verb"]](s, f, e)
            except Wait:
                return "next"
            if not s["stack"] or s["stack"][-1] is not f:
                return "next"
        unify_germany(s)
        return "finish"

    def finish(self, s, f):
        do_draws(s, f)
        return None


def unify_germany(s: dict) -> None:
    """33.1.1 L1521: Germany unifies "the instant" GE holds every German unification space
    (markers counting): an event's control, diplomacy or ally marker may do it, so it is checked
    after every effect (world.check_german_unification)."""
    check_german_unification(s)


def do_draws(s: dict, f: dict) -> None:
    """9.0 L541: card draws are made after the event resolves."""
    for q, n in f.get("draws", []):
        before = list(s["powers"][q]["hand"])
        got = deal(s, q, n)
        new = [c for c in s["powers"][q]["hand"] if c not in before]
        log(s, f"{NAMES[q]} draws {got} card{'s' if got != 1 else ''}.", "9.0")
        if new:
            log(s, f"You draw {', '.join(card_title(c) for c in new)}.", "9.0", to=[q])
    f["draws"] = []


class Event(Runner):
    """9.0 L541: resolve a card's event option for a power."""

    def start(self, s, f):
        cid = f["card"]
        label = f.get("option")
        if label is None:  # 9.1.4: a mandatory event played into industrialization / chain, or discarded
            ok = playable(s, f["power"], cid)
            if len(ok) > 1 and f["power"] in PLAYERS:  # 9.0 L542: the player chooses the option
                f["queue"] = [{"verb": "option"}]
                ask(s, "event-choose", f["power"], options=[{"card": cid, "option": o} for o in ok],
                    prompt=f"{card_title(cid)}: which of its event options (9.0)?")  # fmt: skip
                return "chosen"
            label = ok[0] if ok else None
        return self.begin(s, f, label)

    def chosen(self, s, f):
        return self.begin(s, f, f["queue"].pop(0)["answer"]["option"])

    def begin(self, s, f, label):
        cid = f["card"]
        rec = card(cid)
        f["self"] = f["power"]
        f["draws"] = []
        opt = next((o for o in rec.options if o.label == label), None)
        if opt is None:
            log(s, f"{card_title(cid)}: no event option can be resolved now.", "9.1.4")
            f["queue"] = []
            return "finish"
        f["option"] = label
        f["queue"] = dump_effects(opt.effects)
        return "next"

    def finish(self, s, f):
        do_draws(s, f)
        if f.get("discard"):
            place_played(s, f["power"], f["card"])
        return None


def place_played(s: dict, p: str, cid: str) -> None:
    """9.0 L541: a remove event leaves the game, a permanent one stays by the board, others are
    discarded; home cards return to their owner (world.finish_card)."""
    for pile in (s["discard"], s["removed"], s["permanent"]):
        if cid in pile:
            pile.remove(cid)
    for q in PLAYERS:
        if cid in s["powers"][q]["hand"] and cid not in s["powers"][q]["homes"]:
            s["powers"][q]["hand"].remove(cid)
    flags = card(cid).flags
    if any(cid in s["powers"][q]["homes"] for q in PLAYERS):
        finish_card(s, p, cid)
    elif "permanent" in flags:
        s["permanent"].append(cid)
    elif "remove" in flags:
        s["removed"].append(cid)
    else:
        finish_card(s, p, cid)


class Effects(Runner):
    """Resolve a list of effects (dicts) for a power: crisis.py and tests."""

    def start(self, s, f):
        f["self"] = f["power"]
        f["draws"] = []
        f["queue"] = [dict(e) for e in f.get("effects", [])]
        f.setdefault("card", None)
        return "next"


class ChooseState(State):
    """A choice an effect needs, among the legal ones only (RULINGS_EVENTS E1)."""

    def prompt(self, s, f, role):
        return f.get("prompt") or "Choose."

    def actions(self, s, f, role):
        return list(f["options"])

    def act(self, s, f, role, action):
        s["stack"][-2]["queue"][0]["answer"] = action
        return None


# ----- handlers: tracks ------------------------------------------------------------------------------


def minor_ref(ref: str | None):
    """A minor named by its id or its name space (K9)."""
    if not ref:
        return None
    return conditions.minor_id(ref)


HANDLERS: dict = {}
"""Verb -> handler(s, f, e): filled by the modules that implement the verbs."""


PROCEDURES = {"event": Event(), "event-effects": Effects()}
STATES = {"event-choose": ChooseState()}
