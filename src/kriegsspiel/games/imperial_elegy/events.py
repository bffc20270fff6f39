"""Card events (§9 L539-567), rebels and Wars of Independence (§21 L1168-1194, 20.8
L1153-1160), Italy (§22 L1195-1245), stability with its national consequences (7.1,
33.3 L1549-1551, 33.4 L1558) and response cards (9.1.2-9.1.5 L559-566).

An event is data (deck.py): each option of a card is a list of *effects*, verbs of
``deck.VERBS``. The procedure ``event`` resolves them in order; each verb has a handler
here (``HANDLERS``). Handlers are re-entrant: an effect that needs a choice asks the
resolver in the state ``event-choose`` and is put back at the head of the queue; the
answer is stored in the effect (``_picks``) and the handler runs again from its top.
Every mutation therefore happens after the last choice of a pass. Rolls are stored the
same way so that a re-run never rolls twice.

Procedures: ``event`` (power, card, option, discard), ``responses`` (trigger, powers,
context), ``stability`` (power, amount), ``italy-unification-roll`` (winner) for war.py
after a won Italian war of unification (22.1.6 L1218), ``event-effects`` (power, effects:
a list of effect dicts; used by crisis.py and tests). Function: ``progress_wois(s)`` for
the End Phase step 20.8 (it may push ``stability`` calls: call it from a step and return
the next step). ``playable(s, p, cid)`` lists the options the impulse may offer.

Rulings: RULINGS_EVENTS.md (E1, E2, ...).
"""

from __future__ import annotations

from collections import deque

from ...engine import Procedure, State, ask, call, log
from ...engine.rng import below, roll
from . import conditions
from .data import KEY_TYPES, PLAYERS, pack
from .deck import DECADES
from .sequence import deal, finish_card
from .world import (
    ARMY_TYPES,
    BOXES,
    EF_TYPES,
    NAMES,
    NAVAL_TYPES,
    SIDE,
    card,
    card_title,
    controller,
    count_units,
    counter_limit,
    displace_to,
    in_region,
    minors_in_play,
    name,
    new_unit,
    owner_side,
    ports_of,
    remove_unit,
    same_alliance,
    side,
    space_name,
    truce,
    units_at,
)

MAX_ALLIES = 5  # 4.2.1 L300
MAX_FORTS = 3  # 12.12 L707
TRACKS = ("entente", "alliance", "neutral")  # 8.5 L518
# the deck's event-box flags that the state keeps under another key too (E2)
FLAG_KEYS = {"suez-canal": "suez_canal", "trans-siberian": "tsrr"}
ITALIAN_STATES = ("sardinia-piedmont", "two-sicilies")  # 22.1.1-22.1.4
BALKANS = ("serbia", "bulgaria", "greece", "romania", "montenegro", "bosnia")
RESOLVED = set(PLAYERS) | {"italy", "japan"}
# the free action of the free-action verb, priced as the CP action it stands for (E16)
FREE_ACTION_CP = {"land-battle": 1, "pacification": 1, "deploy-reserves": 1}


def P():
    return pack()


class Wait(Exception):
    """Raised by a handler that has asked a question: the effect waits at the head of the queue."""


def turn_order(powers) -> list:
    return [q for q in PLAYERS if q in powers]


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
    log(s, f"{why}: the effect ({e['verb']}) has no legal target and is skipped.", "9.0")


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
        a = pick(s, f, e, f"chosen-{field}", chooser(f, e), [{"power": q} for q in pool], "Choose a power")
        e[field] = a["power"] if a else ""
        if e[field] and e[field] != f["self"]:
            f["chosen"] = e[field]
    else:
        e[field] = ""
    if e[field] in PLAYERS and e[field] != f["self"]:
        f.setdefault("affected", []).append(e[field])
    return e[field]


# ----- minors, control, displacement (4.7, 5.7) ------------------------------------------------------


def minor_ref(ref: str | None):
    """A minor named by its id or its name space (K9)."""
    if not ref:
        return None
    return conditions.minor_id(ref)


def minor_of_nationality(s: dict, nat: str):
    for m in P().minors.values():
        if m.nationality == nat and not m.rebel and m.id not in s["gone"]:
            return m.id
    return None


def minor_region_space(s: dict, m: str):
    rec = P().minors.get(m)
    if rec is None:
        return None
    for sid, c in s["control"].items():
        if c == m:
            return sid
    return rec.capital if rec.capital in P().spaces else None


def followers(sid: str) -> list:
    """Spaces controlled with this one (3.4.1 the Dardanelles, 3.4.4 Egypt and Tripoli)."""
    return [x.id for x in P().spaces.values() if x.controlled_with == sid]


def displace_unit(s: dict, uid: str) -> None:
    """5.7 L418: land units to the closest friendly controlled space; naval units to an adjacent box;
    a unit with nowhere to go is eliminated."""
    u = s["units"][uid]
    if u["t"] in NAVAL_TYPES:
        boxes = ports_of(s, u["at"]) if u["at"] in P().spaces else ()
        if boxes:
            u["at"] = boxes[0]
            return
        remove_unit(s, uid)
        return
    to = displace_to(s, u["o"], u["at"])
    if to is None:
        remove_unit(s, uid)
        log(s, f"A {name(u['o'])} {u['t']} has nowhere to displace to and is eliminated.", "5.7")
    else:
        u["at"] = to


def set_control(s: dict, sid: str, owner, keep=()) -> str | None:
    """The owner takes control of the space and the spaces controlled with it (4.7, 3.4.1, 3.4.4):
    influence there goes; units of others (not rebels, not ``keep``) displace (5.7). Returns the
    former controller."""
    old = s["control"].get(sid)
    for x in [sid, *followers(sid)]:
        if owner is None:
            s["control"].pop(x, None)
        else:
            s["control"][x] = owner
        s["influence"].pop(x, None)
        for uid in list(units_at(s, x)):
            o = s["units"][uid]["o"]
            if o in ("rebel", owner) or o in keep:
                continue
            if owner in P().minors and s["allies"].get(owner) == o:
                continue
            displace_unit(s, uid)
    return old


def protected(s: dict, sid: str) -> bool:
    """3.2.6 L215: cards do not affect AU controlled spaces whose minority nationalities all have
    full citizenship."""
    sp = P().spaces[sid]
    if s["control"].get(sid) != "au" or not sp.nationalities:
        return False
    return all(n in s["flags"].get("citizenship", []) for n in sp.nationalities)


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
    minor's army (E6), all other units displace; returns the former controller."""
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
    set_control(s, sid, new)
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
    after every effect (war.check_german_unification)."""
    from . import war

    war.check_german_unification(s)


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
        rec = card(cid)
        label = f.get("option")
        if label is None:  # 9.1.4: a mandatory event played into industrialization / chain, or discarded
            ok = playable(s, f["power"], cid)
            label = ok[0] if ok else None
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
    discarded; home cards return to their owner (sequence.finish_card)."""
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


def h_stability(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Stability")
    call(s, "stability", power=p, amount=e.get("amount", 0))


def h_manpower(s, f, e):
    """7.2 L473 (E7): the marker moves now, and the change is kept as a permanent bonus."""
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Manpower")
    kind = {"uk": "british", "ot": "turkish"}.get(p, "territorial")
    st = s["powers"][p]
    n = e.get("amount", 0)
    st["manpower"][kind] = max(0, st["manpower"].get(kind, 0) + n)
    st["mp_bonus"][kind] = st["mp_bonus"].get(kind, 0) + n
    log(s, f"{NAMES[p]}'s {kind} manpower {'+' if n >= 0 else ''}{n} (now {st['manpower'][kind]}).", "7.2")


def h_industry(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Industry")
    st = s["powers"][p]
    st["industry"] = max(0, st["industry"] + e.get("amount", 0))
    log(s, f"{NAMES[p]}'s industry {e.get('amount', 0):+d} (now {st['industry']}).", "7.4")


def h_draw(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Draw")
    n = e.get("amount", 1)
    if e.get("_war_end") and s.get("war") is not None:
        s["war"].setdefault("end_draws", []).append([p, n])  # K10: drawn when the war ends
        log(s, f"{NAMES[p]} will draw {n} card(s) at the end of the war.", "9.0")
        return
    f.setdefault("draws", []).append([p, n])


def random_discard(s: dict, q: str):
    """9.1.1.1 L557: a random card of the hand, never the home card."""
    st = s["powers"][q]
    pool = [c for c in st["hand"] if c != st["home"] and c not in st["homes"]]
    if not pool:
        return None
    c = pool[below(s, len(pool))]
    st["hand"].remove(c)
    s["discard"].append(c)
    log(s, f"{NAMES[q]} discards {card_title(c)} at random.", "9.1.1.1")
    return c


def h_discard(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Discard")
    trig = []
    for _ in range(e.get("amount", 1)):
        c = random_discard(s, p)
        if c and "mandatory" in card(c).flags and "response" not in card(c).flags:
            trig.append({"verb": "_trigger", "power": p, "card": c})
    front(f, trig)


def h_trigger(s, f, e):
    """9.1.4 L563: a discarded mandatory event triggers at once, resolved by the discarder."""
    log(s, f"{card_title(e['card'])} was discarded: its mandatory event triggers for {NAMES[e['power']]}.", "9.1.4")
    call(s, "event", power=e["power"], card=e["card"], option=None, discard=e.get("discard", True))


def h_card_marker(s, f, e):
    """10.3 L585; The Influence of Sea Power: only the Power Projection dominators (K2, L245)."""
    ref = e.get("power")
    if ref == "each":
        who = list(PLAYERS)
        if f.get("card") == "the-influence-of-sea-power":
            from .world import dominators, power_projection

            who = turn_order(dominators(s, "power-projection"))
            if "uk" in who:  # 3.3.1 L248: the UK only with the highest value, at least double the next
                uk = power_projection(s, "uk")
                nxt = max((power_projection(s, q) for q in PLAYERS if q != "uk"), default=0)
                if not (uk > nxt and uk >= 2 * nxt):
                    who = [q for q in who if q != "uk"]
    else:
        who = [power(s, f, e)]
    for q in who:
        if q in PLAYERS:
            s["powers"][q]["marker"] += e.get("amount", 0)
            log(s, f"{NAMES[q]} takes a {e.get('amount', 0):+d} card marker.", "10.3")
    if not who:
        skip(s, e, "Card marker")


# ----- handlers: the map ------------------------------------------------------------------------------------


def _region_spaces(e: dict) -> list:
    if e.get("space"):
        return [e["space"]]
    if e.get("spaces"):
        return list(e["spaces"])
    reg = e.get("region")
    if not reg:
        return []
    return sorted(sid for sid, sp in P().spaces.items() if in_region(sp, reg))


def influence_targets(s: dict, p: str, e: dict) -> list:
    """12.5.1 L663: uncontrolled spaces without an influence marker (no LoC needed, no
    once-per-impulse limit); one influence on the Africa submap until the Berlin Conference
    (12.5.2 L666, E8)."""
    africa_full = not s["flags"].get("berlin-conference") and any(
        q == p and P().spaces[sid].map == "africa" for sid, q in s["influence"].items()
    )
    out = []
    for sid in _region_spaces(e):
        sp = P().spaces[sid]
        if sid in s["control"] or sid in s["influence"] or sp.out_of_play or sp.type == "strait":
            continue
        if africa_full and sp.map == "africa":
            continue
        out.append(sid)
    return out


def h_influence(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Influence")
    if e.get("count", 1) <= 0:
        return
    legal = influence_targets(s, p, e)
    if not legal and e.get("space"):
        m = s["control"].get(e["space"])
        if m in P().minors and m not in s["diplomacy"] and m not in s["allies"] and not P().minors[m].rebel:
            s["diplomacy"][m] = p  # E9: a fixed space held by a minor: its diplomacy marker instead
            log(s, f"{NAMES[p]} places a diplomacy marker on {name(m)} (influence is impossible there).", "12.5.3")
            return
    if not legal:
        return skip(s, e, f"{NAMES[p]}'s influence")
    a = pick(s, f, e, "space", chooser(f, e), [{"space": x} for x in legal], f"Place {NAMES[p]}'s influence marker")
    s["influence"][a["space"]] = p
    log(s, f"{NAMES[p]} places influence in {space_name(a['space'])}.", "12.5.1")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_remove_influence(s, f, e):
    """12.6 L672: influence or diplomacy markers (of the power if given) in the space or region."""
    if e.get("count", 1) <= 0:
        return
    p = power(s, f, e) if e.get("power") else None
    cands = []
    for sid in _region_spaces(e):
        q = s["influence"].get(sid)
        if q and (p is None or q == p):
            cands.append({"space": sid})
        m = s["control"].get(sid)
        if m not in P().minors:
            m = next((x.id for x in P().minors.values() if x.capital == sid), None)
        if m and m in s["diplomacy"] and (p is None or s["diplomacy"][m] == p):
            cands.append({"minor": m})
    if not cands:
        return skip(s, e, "Remove influence")
    a = pick(s, f, e, "marker", chooser(f, e), cands, "Remove a marker")
    if "space" in a:
        q = s["influence"].pop(a["space"])
        log(s, f"{NAMES.get(q, q)}'s influence is removed from {space_name(a['space'])}.", "12.6")
    else:
        q = s["diplomacy"].pop(a["minor"])
        log(s, f"{NAMES.get(q, q)}'s diplomacy marker is removed from {name(a['minor'])}.", "12.6")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def _minor_ok(s: dict, m) -> bool:
    rec = P().minors.get(m) if m else None
    if rec is None or rec.rebel or m in s["gone"]:
        return False
    if m == "csa":
        return bool(s["flags"].get("american-civil-war"))
    return any(c == m for c in s["control"].values())


def h_diplomacy(s, f, e):
    """12.5.3 L667: the power's diplomacy marker on the minor; never where another player has one
    (E10), never Qing China."""
    p = power(s, f, e)
    m = minor_ref(e.get("minor"))
    if p not in PLAYERS or not _minor_ok(s, m) or m == "qing":
        return skip(s, e, "Diplomacy")
    if s["allies"].get(m) == p or s["diplomacy"].get(m) == p:
        return
    if m in s["allies"] or m in s["diplomacy"]:
        return skip(s, e, f"{name(m)} already has another player's marker")
    s["diplomacy"][m] = p
    log(s, f"{NAMES[p]} places a diplomacy marker on {name(m)}.", "12.5.3")


def h_ally(s, f, e):
    """12.8 L679: the power's ally marker on the minor, at most five allies (4.2.1 L300)."""
    p = power(s, f, e)
    m = minor_ref(e.get("minor"))
    if p not in PLAYERS or not _minor_ok(s, m) or m == "qing":
        return skip(s, e, "Ally")
    if m in s["allies"]:
        return skip(s, e, f"{name(m)} is already allied")
    if sum(1 for q in s["allies"].values() if q == p) >= MAX_ALLIES:
        return skip(s, e, f"{NAMES[p]} has five allies")
    if s["diplomacy"].get(m) not in (None, p):
        return skip(s, e, f"{name(m)} has another player's diplomacy marker")
    s["diplomacy"].pop(m, None)
    s["allies"][m] = p
    log(s, f"{NAMES[p]} allies with {name(m)}.", "12.8")


def h_remove_ally(s, f, e):
    """12.9 L685: flip ally markers to their diplomacy side. Power, minor or region given: the
    resolver chooses; nothing given: one of another player's, at random (L1612)."""
    if e.get("count", 1) <= 0:
        return
    p = power(s, f, e) if e.get("power") else None
    m0 = minor_ref(e.get("minor"))
    cands = []
    for m, q in sorted(s["allies"].items()):
        if q not in PLAYERS:
            continue
        if p and q != p:
            continue
        if m0 and m != m0:
            continue
        if e.get("region"):
            sid = minor_region_space(s, m)
            if not sid or not in_region(P().spaces[sid], e["region"]):
                continue
        cands.append(m)
    if not (p or m0 or e.get("region")):
        cands = [m for m in cands if s["allies"][m] != f["self"]]
        if not cands:
            return skip(s, e, "Remove ally")
        e.setdefault("_picks", {}).setdefault("minor", {"minor": cands[below(s, len(cands))]})
    if not cands:
        return skip(s, e, "Remove ally")
    a = pick(s, f, e, "minor", chooser(f, e), [{"minor": m} for m in cands], "Flip an ally marker")
    m = a["minor"]
    q = s["allies"].pop(m)
    s["diplomacy"][m] = q
    log(s, f"{NAMES[q]}'s alliance with {name(m)} is flipped to diplomacy.", "12.9")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_control(s, f, e):
    """4.7 L323: the power takes control of the space (or one of the region)."""
    p = power(s, f, e)
    if not p:
        return skip(s, e, "Control")
    if e.get("space"):
        cands = [e["space"]]
    elif e.get("_war_end") or f.get("card") == "balance-of-power":
        # K10: entering a war for the Ottomans, the UK takes one of their Eastern Mediterranean naval bases
        war = s.get("war") or {}
        if "ot" not in war.get("defenders", []):
            return skip(s, e, "Control (the defender is not the Ottomans)")
        cands = [x for x in _region_spaces(e) if s["control"].get(x) == "ot" and P().spaces[x].type == "naval-base"]
    else:
        cands = [x for x in _region_spaces(e) if s["control"].get(x) != p]
    if not cands:
        return skip(s, e, "Control")
    a = pick(s, f, e, "space", chooser(f, e), [{"space": x} for x in cands], f"A space for {name(p)} to control")
    sid = a["space"]
    if sid == "india" and s["flags"].get("india_independent") and p in PLAYERS:
        return skip(s, e, "India is independent (33.2.2)")
    old = set_control(s, sid, p)
    s["pacification"].pop(sid, None) if p not in PLAYERS else None
    log(s, f"{name(p)} takes control of {space_name(sid)}{f' from {name(old)}' if old else ''}.", "4.7")


def h_independence(s, f, e):
    """4.7.1 L327: the space gains independence; its former owner loses 1 stability (20.8 L1159)."""
    sid = e.get("space")
    if not sid or protected(s, sid):
        return skip(s, e, "Independence")
    former = gain_independence(s, sid)
    if former in PLAYERS:
        call(s, "stability", power=former, amount=-1)


def h_pacification(s, f, e):
    """12.11 L692-697: a pacification marker of value amount; a space already marked keeps its
    marker (E11)."""
    cands = [x for x in _region_spaces(e) if not protected(s, x) and P().spaces[x].type != "strait"]
    if f.get("card") == "armenian-question":  # "an Ottoman space of the Caucasus"
        cands = [x for x in cands if s["control"].get(x) == "ot"]
    cands = [x for x in cands if x not in s["pacification"]] or []
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
    displace_cut_off(s, s["control"].get(sid))


def displace_cut_off(s: dict, p) -> None:
    """21.1 L1181, 5.6.3: armies of the power left without a LoC displace at once."""
    if p not in PLAYERS:
        return
    from .world import has_loc

    for uid, u in list(s["units"].items()):
        if u["o"] == p and u["t"] in ARMY_TYPES and u["at"] in P().spaces and not has_loc(s, p, u["at"], True):
            if has_loc(s, p, u["at"]):
                continue
            displace_unit(s, uid)


def h_goe(s, f, e):
    """12.11.2 L701: the Graveyard of Empires / Boers counter in the space."""
    sid = e.get("space")
    if not sid:
        return skip(s, e, "GoE")
    s["goe"][sid] = "boers" if e["verb"] == "boers" else "goe"
    log(s, f"A {'Boers' if e['verb'] == 'boers' else 'Graveyard of Empires'} counter goes in {space_name(sid)}.",
        "12.11.2")  # fmt: skip


# ----- handlers: alliances --------------------------------------------------------------------------------------


def alliance_box(s: dict, p: str):
    if p in s["powers"]:
        return s["powers"][p]["alliance"]
    if p in s["majors"]:
        return s["majors"][p]["alliance"]
    return None


def set_box(s: dict, p: str, box: str) -> None:
    if p in s["powers"]:
        s["powers"][p]["alliance"] = box
    else:
        s["majors"][p]["alliance"] = box


def alliance_size(s: dict, which: str, but=None) -> int:
    return sum(1 for q in PLAYERS if q != but and side(s, q) == which)


def shift(s: dict, p: str, step: int, force: bool = False) -> bool:
    """8.0 L486: one box along the Alliance Track (-1 toward the Entente); never into an alliance
    of three players (8.4 L510) unless forced; Italy is not limited."""
    box = alliance_box(s, p)
    if box is None:
        return False
    i = BOXES.index(box) + step
    if not 0 <= i < len(BOXES):
        return False
    new = BOXES[i]
    if p in PLAYERS and not force and SIDE[new] != "neutral" and SIDE[box] != SIDE[new]:
        if alliance_size(s, SIDE[new], but=p) >= 3:
            log(s, f"{name(p)} cannot shift: the {SIDE[new].title()} already has three players.", "8.4")
            return False
    set_box(s, p, new)
    log(s, f"{name(p)} shifts to {new.replace('-', ' ')}.", "8.0")
    return True


def h_shift(s, f, e):
    """8.0-8.2 L486-507: one box; 'away' from the target (both neutral: the power chooses, 8.2)."""
    p = power(s, f, e)
    if alliance_box(s, p) is None:
        return skip(s, e, "Shift")
    d = e.get("direction")
    i = BOXES.index(alliance_box(s, p))
    if d == "away":
        t = power(s, f, e, "target")
        if alliance_box(s, t) is None:
            return skip(s, e, "Shift away")
        j = BOXES.index(alliance_box(s, t))
        if i < j:
            step = -1
        elif i > j:
            step = 1
        elif i == 2:
            a = pick(s, f, e, "dir", p, [{"shift": "entente"}, {"shift": "alliance"}], "Shift into which alliance?")
            step = -1 if a["shift"] == "entente" else 1
        else:
            step = 1 if i < 2 else -1  # E12: away from a power in the same box: toward neutrality
    elif d == "chosen":
        a = pick(s, f, e, "dir", chooser(f, e), [{"shift": x} for x in TRACKS], "Shift toward?")
        d = a["shift"]
        step = {"entente": -1, "alliance": 1}.get(d, 0 if i == 2 else (1 if i < 2 else -1))
    else:
        step = {"entente": -1, "alliance": 1}.get(d, 0 if i == 2 else (1 if i < 2 else -1))
    if step:
        shift(s, p, step)


def h_mpit(s, f, e):
    """12.7 L675: add influence to the power's MPIT marker."""
    p = power(s, f, e)
    if p in s["powers"]:
        m = s["powers"][p]["mpit"]
    elif p in s["majors"]:
        m = s["majors"][p]["mpit"]
    else:
        return skip(s, e, "MPIT")
    track = e.get("track")
    if track not in TRACKS:
        a = pick(s, f, e, "track", chooser(f, e), [{"track": x} for x in TRACKS], "Which MPIT marker?")
        track = a["track"]
    m[track] = m.get(track, 0) + e.get("amount", 1)
    log(s, f"{name(p)} gains {e.get('amount', 1)} {track} influence on the MPIT.", "12.7")


def h_alliance_resolution(s, f, e):
    call(s, "alliance-resolution")


def h_wtt(s, f, e):
    call(s, "wtt", amount=e.get("amount", 0), card=f.get("card"), power=f["self"], target=f.get("chosen"))


# ----- handlers: wars -------------------------------------------------------------------------------------------


def h_declare_war(s, f, e):
    """12.17, 13.0 L735-751 (K10): the war is run by war.py; effects of the option that shape it
    (war-budget, forbid-joining, invite-neutrals) are given to it as presets (E13)."""
    p = power(s, f, e)
    if p not in PLAYERS or s.get("war") is not None:
        return skip(s, e, "Declare war")
    t = e.get("target")
    target = None if t in (None, "chosen") else power(s, f, e, "target")
    if t not in (None, "chosen") and not target:
        return skip(s, e, "Declare war")
    cid = f.get("card")
    cp = card(cid).cp if (cid and e.get("budget")) else 0
    forbid, invite = False, None
    rest = []
    for x in f["queue"]:
        if x["verb"] == "war-budget" and x.get("power") in (e.get("power"), "self", p.upper(), p):
            cp += x.get("amount", 0)
        elif x["verb"] == "forbid-joining":
            forbid = True
        elif x["verb"] == "invite-neutrals":
            invite = p
        else:
            rest.append(x)
    f["queue"][:] = rest
    extra = {}
    if cid == "balkan-wars":  # "for a chosen Balkan minor power"
        ms = [m for m in BALKANS if m in minors_in_play(s)]
        a = pick(s, f, e, "minor", chooser(f, e), [{"minor": m} for m in ms], "For which Balkan state?")
        if a:
            extra["minor"] = a["minor"]
    log(s, f"{NAMES[p]} declares a war of {e.get('aim')} by event.", "12.17")
    call(s, "war", attacker=p, card=cid, cp=cp, target=target, aim=e.get("aim"), count=e.get("count"),
         ignore_wtt=bool(e.get("ignore_wtt")), budget=bool(e.get("budget")), forbid_joining=forbid,
         invite_neutrals=invite, **extra)  # fmt: skip


def h_join_war(s, f, e):
    """14.1 L827, Balance of Power L543 (K10): the defender agrees or not; then/otherwise follow."""
    p = power(s, f, e)
    war = s.get("war")
    if p not in PLAYERS or war is None:
        return skip(s, e, "Join war")
    side_ = e.get("side", "defender")
    other = war.get("primary", {}).get(side_)
    yes = True
    if e.get("primary") and other in PLAYERS and other != p:
        a = pick(s, f, e, "consent", other, ["agree", "refuse"], f"Will you let {NAMES[p]} enter the war on your side?")
        yes = a == "agree"
    if not yes:
        log(s, f"{name(other)} refuses {NAMES[p]}'s entry into the war.", "9.0")
        front(f, e.get("otherwise", []))
        return
    from . import war as war_module

    cid = f.get("card")
    budget = card(cid).cp if (cid and e.get("budget")) else 0
    war_module.join(s, p, side_, bool(e.get("primary")), budget)
    prim = " as its primary belligerent" if e.get("primary") else ""
    log(s, f"{NAMES[p]} enters the war on the {side_}'s side{prim}.",
        "14.1")  # fmt: skip
    front(f, [dict(x, _war_end=True) for x in e.get("then", [])])


def h_war_field(s, f, e):
    war = s.get("war")
    if war is None:
        return skip(s, e, e["verb"])
    if e["verb"] == "forbid-joining":
        war["forbid_joining"] = True
    else:
        war["invite_neutrals"] = power(s, f, e)
    log(s, f"War: {e['verb'].replace('-', ' ')}.", "13.4.2")


def h_war_drm(s, f, e):
    p = power(s, f, e)
    war = s.get("war")
    if war is None:
        return skip(s, e, "War DRM")
    key = "budget" if e["verb"] == "war-budget" else "drm"
    war.setdefault(key, {})
    war[key][p] = war[key].get(p, 0) + e.get("amount", 0)
    log(s, f"{NAMES.get(p, p)}: {e['verb'].replace('-', ' ')} {e.get('amount', 0):+d}.", "14.3")


def h_battle_drm(s, f, e):
    """9.1.2 L559: a combat card's DRM in the current battle; outside a battle (Gunboat Diplomacy's
    pacification roll) in s["last_responses"]["drm"] for the caller to read (E14)."""
    p = power(s, f, e)
    b = s.get("battle")
    if b is not None:
        b.setdefault("drm", {})
        b["drm"][p] = b["drm"].get(p, 0) + e.get("amount", 0)
    else:
        lr = s.setdefault("last_responses", {"trigger": None, "played": [], "drm": {}})
        lr["drm"][p] = lr["drm"].get(p, 0) + e.get("amount", 0)
    log(s, f"{NAMES.get(p, p)}: {e.get('amount', 0):+d} to the roll.", "9.1.2")


# ----- handlers: units ------------------------------------------------------------------------------------------


def build_options(s: dict, p: str, unit: str, space) -> list:
    """Where a free unit may go (12.2, 12.4, 12.10; E15)."""
    from . import actions

    out = []
    if unit in ("army", "reserve"):
        for a in actions.recruit_options(s, p):
            if (
                unit == "army"
                and a["do"] in ("army", "reinforce")
                and (not space or a.get("space") == space or a["do"] == "reinforce")
            ):
                out.append(a)
            if unit == "reserve" and a["do"] in ("reserve", "reserve-step"):
                out.append(a)
        return out
    if unit == "ec":
        if count_units(s, p, "ec") >= counter_limit(s, p, "ec"):
            return []
        seen = set()
        for uid, u in sorted(s["units"].items()):
            if u["o"] == p and u["t"] in ARMY_TYPES and u["at"] not in seen:
                seen.add(u["at"])
                out.append({"do": "ec", "unit": uid})
        return out
    if unit in ("squadron", "dreadnought"):
        if unit == "dreadnought" and not s["flags"].get("dreadnoughts"):
            return []
        if count_units(s, p, unit) >= counter_limit(s, p, unit):
            return []
        places = [space] if space else actions.fleet_places(s, p)
        return [{"do": "fleet", "unit": unit, "space": x} for x in places]
    if unit in ("ef", "elite-ef"):
        kind = unit
        if count_units(s, p, "ef") >= counter_limit(s, p, "ef") and unit == "ef":
            return []
        places = [space] if space else actions.ef_places(s, p)
        return [{"do": "ef-free", "unit": kind, "space": x} for x in places]
    return []


def h_build(s, f, e):
    """Free units (12.2, 12.4, 12.10): army/reserve count = army steps; naval units reduced (E15)."""
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Build")
    if e.get("count", 1) <= 0:
        return
    unit = e.get("unit")
    opts = build_options(s, p, unit, e.get("space"))
    if not opts:
        return skip(s, e, f"{NAMES[p]}'s free {unit}")
    a = pick(s, f, e, "build", p, opts, f"Build a free {unit}")
    from . import actions

    if a["do"] == "fleet":
        new_unit(s, p, a["unit"], a["space"], True)
        log(s, f"{NAMES[p]} builds a reduced {a['unit']} in {space_name(a['space'])} for free.", "12.4")
    elif a["do"] == "ef-free":
        new_unit(s, p, a["unit"], a["space"])
        log(s, f"{NAMES[p]} places an {a['unit'].upper()} in {space_name(a['space'])} for free.", "12.10")
    else:
        actions.perform(s, p, a, {"left": 0, "chain": 0, "card": None, "fresh": False})
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def _unit_matches(u: dict, unit) -> bool:
    if unit in (None, "army"):
        return u["t"] in ARMY_TYPES if unit else True
    if unit == "ef":
        return u["t"] in EF_TYPES
    return u["t"] == unit


def h_eliminate(s, f, e):
    if e.get("count", 1) <= 0:
        return
    p = power(s, f, e) if e.get("power") else None
    where = set(_region_spaces(e)) if (e.get("space") or e.get("region")) else None
    cands = [
        uid
        for uid, u in sorted(s["units"].items())
        if (p is None or u["o"] == p) and (where is None or u["at"] in where) and _unit_matches(u, e.get("unit"))
    ]
    if not cands:
        return skip(s, e, "Eliminate")
    a = pick(s, f, e, "unit", chooser(f, e), [{"unit": x} for x in cands], "Eliminate which unit?")
    u = s["units"][a["unit"]]
    remove_unit(s, a["unit"])
    log(s, f"A {name(u['o'])} {u['t']} in {space_name(u['at'])} is eliminated.", "5.3")
    if u["t"] == "dreadnought" and u["o"] in PLAYERS:
        call(s, "stability", power=u["o"], amount=-1)  # 7.1.1: losing a dreadnought
        e["count"] = e.get("count", 1) - 1
        if e["count"] > 0:
            e.pop("_picks", None)
            f["queue"].insert(0, e)
        return
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_step_loss(s, f, e):
    """5.3 L388: the owner chooses which of its units takes each step loss."""
    p = power(s, f, e)
    if e.get("count", 1) <= 0:
        return
    cands = [
        uid
        for uid, u in sorted(s["units"].items())
        if u["o"] == p
        and (u["t"] in ARMY_TYPES or u["t"] in NAVAL_TYPES)
        and (not e.get("space") or u["at"] == e["space"])
    ]
    if not cands:
        return skip(s, e, "Step loss")
    a = pick(s, f, e, "unit", p, [{"unit": x} for x in cands], "Which unit takes the step loss?")
    u = s["units"][a["unit"]]
    if u["r"]:
        remove_unit(s, a["unit"])
        log(s, f"{name(p)}'s {u['t']} in {space_name(u['at'])} is eliminated.", "5.3")
        if u["t"] == "dreadnought" and p in PLAYERS:
            call(s, "stability", power=p, amount=-1)
    else:
        u["r"] = True
        log(s, f"{name(p)}'s {u['t']} in {space_name(u['at'])} is reduced.", "5.3")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        e.pop("_picks", None)
        f["queue"].insert(0, e)


def h_fort(s, f, e):
    """12.12 L703-708: a fort of the level in a space the power controls (main map), at most three;
    level 3 only so (Impregnable); the Indian Fort in India, raised one level to 2 (33.2.3 L1544)."""
    p = power(s, f, e)
    sid = e.get("space")
    lvl = e.get("amount", 1)
    if p not in PLAYERS or not sid or controller(s, sid) != p:
        return skip(s, e, "Fort")
    if sid == "india" and p == "uk":
        cur = s["forts"].get("india")
        level = min(2, cur[1] + 1) if cur else 1
        s["forts"]["india"] = ["uk", level]
        s["flags"]["indian_fort"] = True
        log(s, f"The Indian Fort stands at level {level}.", "33.2.3")
        return
    mine = [x for x, (o, _) in s["forts"].items() if o == p and x != "india"]
    cur = s["forts"].get(sid)
    if cur is None and len(mine) >= MAX_FORTS:
        return skip(s, e, f"{NAMES[p]} already has three forts")
    s["forts"][sid] = [p, max(lvl, cur[1] if cur and cur[0] == p else 0)]
    log(s, f"{NAMES[p]} builds a level {s['forts'][sid][1]} fort in {space_name(sid)}.", "12.12")


def h_counter_limit(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Counter limit")
    lim = s["powers"][p]["limits"]
    lim[e["unit"]] = lim.get(e["unit"], 0) + e.get("amount", 0)
    log(s, f"{NAMES[p]} gains {e.get('amount', 0)} more {e['unit']} counter(s).", "4.2")


# ----- handlers: event boxes and national tracks ---------------------------------------------------------------


def h_flag(s, f, e):
    """3.6 L283: the event box counter (E2 keys); the effects the rules read of some of them."""
    flag = e["flag"]
    on = e["verb"] == "set-flag"
    s["flags"][flag] = on
    if flag in FLAG_KEYS:
        s["flags"][FLAG_KEYS[flag]] = on
    log(s, f"Event box: {flag.replace('-', ' ')} {'in effect' if on else 'ended'}.", "3.6")
    if flag == "american-civil-war":  # 3.4.5 L275: the South comes into play (the CSA)
        if on:
            s["control"]["the-south"] = "csa"
        else:
            s["control"].pop("the-south", None)
            s["diplomacy"].pop("csa", None)
            s["allies"].pop("csa", None)
            for uid in units_at(s, "the-south"):
                displace_unit(s, uid)
    if flag == "meiji-restoration" and on:  # 3.4.6 L277: Japan enters with an army
        if s["control"].get("japan") != "japan":
            s["control"]["japan"] = "japan"
        if not any(u["o"] == "japan" and u["t"] in ARMY_TYPES for u in s["units"].values()):
            new_unit(s, "japan", "army", "japan")
        s["flags"]["japan"] = True


def h_india(s, f, e):
    if s["flags"].get("india_independent"):
        return skip(s, e, "India")
    s["flags"]["india_stable"] = e["flag"] == "stable"
    log(s, f"India is {'stable' if e['flag'] == 'stable' else 'unstable'}.", "33.2.2")


def h_city(s, f, e):
    v = max(0, min(6, s["flags"].get("city_of_light", 0) + e.get("amount", 0)))
    s["flags"]["city_of_light"] = v
    log(s, f"France's City of Light points: {v}.", "33.3")


def h_jihad(s, f, e):
    s["flags"]["jihad"] = s["flags"].get("jihad", 0) + e.get("amount", 0)
    log(s, f"The Ottomans hold {s['flags']['jihad']} Jihad marker(s).", "33.6")


def h_rights(s, f, e):
    """33.4.1 L1563: Austria grants rights to a nationality of its display."""
    if e.get("count", 1) <= 0:
        return
    nats = [n for n in P().powers["au"].nationalities if n not in s["flags"]["rights"]]
    if not nats:
        return skip(s, e, "Rights")
    a = pick(s, f, e, "nat", "au", [{"nationality": n} for n in nats], "Grant rights to which nationality?")
    s["flags"]["rights"].append(a["nationality"])
    log(s, f"Austria grants rights to the {a['nationality']} nationality.", "33.4.1")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_citizenship(s, f, e):
    """33.4 L1557: roll >= 3 + one per nationality with citizenship; -1 stability for +2 first."""
    if e.get("count", 1) <= 0:
        return
    nats = [n for n in s["flags"]["rights"] if n not in s["flags"]["citizenship"]]
    if not nats:
        return skip(s, e, "Citizenship")
    a = pick(
        s, f, e, "nat", "au", [{"nationality": n} for n in nats], "Attempt full citizenship for which nationality?"
    )
    opts = [{"sacrifice": False}] + ([{"sacrifice": True}] if s["powers"]["au"]["stability"] > 0 else [])
    b = pick(s, f, e, "sac", "au", opts, "Lose 1 stability for +2 to the roll?")
    rest = dict(e, count=e.get("count", 1) - 1)
    rest.pop("_picks", None)
    after = [
        {
            "verb": "_citizenship",
            "nationality": a["nationality"],
            "amount": e.get("amount", 0) + (2 if b["sacrifice"] else 0),
        }
    ]
    if b["sacrifice"]:
        after.insert(0, {"verb": "stability", "power": "au", "amount": -1})
    if rest["count"] > 0:
        after.append(rest)
    front(f, after)


def h_citizenship_roll(s, f, e):
    need = 3 + len(s["flags"]["citizenship"])
    r = die(s, e, "roll")
    ok = r + e.get("amount", 0) >= need
    if ok:
        s["flags"]["citizenship"].append(e["nationality"])
    log(s, f"Citizenship for the {e['nationality']}: {r}{e.get('amount', 0):+d} against {need}: "
        f"{'granted' if ok else 'refused'}.", "33.4")  # fmt: skip


def h_ng_draw(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "NG draw")
    call(s, "draw-goals", power=p, draw=e.get("amount", 3), keep=e.get("count", 1))


def h_vp(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "VP")
    s["powers"][p]["vp"] += e.get("amount", 0)
    log(s, f"{NAMES[p]} takes a {e.get('amount', 0):+d} VP marker.", "2.2.1")


def h_truce(s, f, e):
    """13.5 L810: the two powers exchange truces."""
    p, t = power(s, f, e), power(s, f, e, "target")
    if p not in PLAYERS or t not in PLAYERS or p == t:
        return skip(s, e, "Truce")
    s["powers"][p]["truces"][t] = e.get("amount", 1)
    s["powers"][t]["truces"][p] = e.get("amount", 1)
    log(s, f"{NAMES[p]} and {NAMES[t]} exchange {e.get('amount', 1)}-turn truces.", "13.5")


def h_roll(s, f, e):
    r = die(s, e, "roll")
    ok = r + e.get("amount", 0) >= e.get("at_least", 7)
    log(s, f"Roll: {r}{e.get('amount', 0):+d} against {e.get('at_least')}: {'success' if ok else 'failure'}.", "4.1")
    front(f, e.get("then", []) if ok else e.get("otherwise", []))


def h_gain_cp(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "CP")
    log(s, f"{NAMES[p]} spends {e.get('amount', 0)} CP on actions.", "12.1")
    call(s, "spend", power=p, card=None, cp=e.get("amount", 0))


def h_free_action(s, f, e):
    """12.1 (E16): a free action, given as the CP it costs, only that action (actions.py ``only``)."""
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Free action")
    act = e.get("action")
    if act == "deploy-reserves":
        return free_deploy(s, e, p)
    cp = FREE_ACTION_CP.get(act, 1)
    if act == "pacification" and (p == "au" or (p == "ge" and not s["flags"].get("germany_unified"))):
        cp = 2
    for _ in range(e.get("count", 1)):
        call(s, "spend", power=p, card=None, cp=cp, only=act, free=True)
    log(s, f"{NAMES[p]} takes a free {act} action.", "12.1")


def free_deploy(s: dict, e: dict, p: str) -> None:
    """A free deploy reserves action (15.2.3 L855; Moltke's Railways): a wartime action, so war.py's
    own deploy step is asked (its reserves, half its industry, 1-3; a Polish one with them, 22.5).
    Taken before the impulses (at the start of the war), the armies are not "placed this impulse"
    and may move in the first (15.2.3 L858; RULINGS_EVENTS E29)."""
    from . import war

    w = s.get("war")
    if w is None or owner_side(s, p) is None or not war.can_deploy(s, p):
        return skip(s, e, "Free deploy reserves (no reserve army can be deployed)")
    ask(s, "war-deploy", p, actor=p, left=war.deploy_count(s, p), free=True, polish=int(war.polish_deploy(s, p)),
        rule="9.0", before=w.get("impulse") is None)  # fmt: skip
    log(s, f"{NAMES[p]} takes a free deploy reserves action.", "15.2.3")


def h_ot_industrialize(s, f, e):
    """12.13.1 L714-715: each other player may offer a card stating its CP; the OT player takes one
    into industrialization and its giver draws a card; a mandatory gift is resolved by the OT;
    no offer: the 'otherwise' effects (3 CP of actions)."""
    offers = {}
    for q in PLAYERS:
        if q == "ot":
            continue
        st = s["powers"][q]
        opts = [{"offer": c} for c in st["hand"] if c != st["home"] and c not in st["homes"]] + ["no-offer"]
        a = pick(s, f, e, f"offer-{q}", q, opts, "Modernization: offer the Ottomans a card (its CP are announced)?")
        if a != "no-offer" and a["offer"] in st["hand"]:
            offers[q] = a["offer"]
            if not e.setdefault("_logged", {}).get(q):
                e["_logged"][q] = True
                log(s, f"{NAMES[q]} offers the Ottomans a card of {card(a['offer']).cp} CP.", "12.13.1")
    if not offers:
        log(s, "No one offers the Ottomans a card.", "12.13.1")
        front(f, e.get("otherwise") or [{"verb": "gain-cp", "power": "OT", "amount": 3}])
        return
    b = pick(s, f, e, "accept", "ot", [{"accept": q, "cp": card(c).cp} for q, c in offers.items()],
             "Modernization: accept one offered card for industrialization")  # fmt: skip
    q = b["accept"]
    c = offers[q]
    s["powers"][q]["hand"].remove(c)
    s["powers"]["ot"]["industrialize"] = c
    log(s, f"The Ottomans accept {NAMES[q]}'s card, {card_title(c)}, for industrialization.", "12.13.1")
    f.setdefault("draws", []).append([q, 1])
    if "mandatory" in card(c).flags and "response" not in card(c).flags:
        front(f, [{"verb": "_trigger", "power": "ot", "card": c, "discard": False}])


# ----- Italy (§22) ---------------------------------------------------------------------------------------------


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


def h_roll_table(s, f, e):
    t = e.get("table")
    if t == "italian-minor-power":
        return italian_minor_table(s, f, e)
    if t == "kingdom-of-italy":
        return kingdom_table(s, f, e)
    if t == "crisis":
        call(s, "crisis-roll", card=f.get("card"), power=f["self"], target=f.get("chosen"))
        return
    if t == "balkan-state":
        from .crisis import roll_balkan_state

        m = roll_balkan_state(s, exclude=())
        if m:
            s.setdefault("history", {})["threatened"] = m
            log(s, f"The Balkan State Table: {name(m)} is threatened.", "23.2")
        else:
            skip(s, e, "Balkan State Table (no independent Balkan state)")
        return
    skip(s, e, f"Table {t}")


def italian_minor_table(s, f, e):
    """22.1 L1197-1205: the Italian Minor Power Table; the Italy flashpoint's dominator may apply -2."""
    if s["flags"].get("italy_unified"):
        return skip(s, e, "Italian Minor Power Table (Italy is unified)")
    from .world import dominators

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
    held = player_held_italy(s)
    held = [x for x in held if not protected(s, x)]
    if not held:
        log(s, "No player controls a space in Italy: Italy unifies at once.", "22.1.1")
        front(f, [{"verb": "_unify"}])
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


def italian_redeployment(s: dict) -> None:
    """22.4 L1235: one army in Rome, the others next to player controlled spaces; ships in Naples
    (Piedmont if Naples is not Italian)."""
    mine = [x for x in italian_spaces() if s["control"].get(x) == "italy"]
    if not mine:
        return
    front_line = [x for x in mine if any(s["control"].get(n) in PLAYERS for n in P().adjacency.get(x, {}))]
    armies = sorted(uid for uid, u in s["units"].items() if u["o"] == "italy" and u["t"] in ARMY_TYPES)
    spots = (["rome"] if "rome" in mine else mine[:1]) + front_line[:2]
    while len(spots) < len(armies):
        spots.append(spots[0] if spots else mine[0])
    for uid, to in zip(armies, spots, strict=False):
        s["units"][uid]["at"] = to
    port = "naples" if "naples" in mine else ("piedmont" if "piedmont" in mine else None)
    if port:
        for u in s["units"].values():
            if u["o"] == "italy" and u["t"] in NAVAL_TYPES and u["at"] in P().spaces:
                u["at"] = port
    log(s, "Italian redeployment.", "22.4")


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
    """22.3.1 5-6: a reserve army more and a naval unit more (squadrons before the dreadnought)."""
    it = s["majors"]["italy"]
    it["reserves"] = it.get("reserves", 0) + 1
    c = P().powers["italy"].counters
    sq = count_units(s, "italy", "squadron")
    kind = "squadron" if sq < c.get("squadron", 0) + it.get("extra_naval", 0) else "dreadnought"
    it["extra_naval"] = it.get("extra_naval", 0) + 1
    mine = [x for x in ("naples", "piedmont", "sicily", "rome") if s["control"].get(x) == "italy"]
    if mine:
        new_unit(s, "italy", kind, mine[0])
    log(s, f"Italy gains a reserve army and a {kind}.", "22.3.1")


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


class Stability(Procedure):
    """Change stability within 0-6 (7.1 L460); France at 1 becomes the Third Republic (33.3 L1549);
    Austria's Unstable Situation on a loss (33.4 L1558)."""

    def start(self, s, f):
        p, n = f["power"], f.get("amount", 0)
        st = s["powers"][p]
        old = st["stability"]
        st["stability"] = max(0, min(6, old + n))
        log(s, f"{NAMES[p]}'s stability {n:+d}: {old} -> {st['stability']}.", "7.1")
        if p == "fr" and st["stability"] <= 1 and s["flags"].get("fr_government") != "third-republic":
            if not s["flags"].get("great_war_on"):
                s["flags"]["fr_government"] = "third-republic"
                log(
                    s,
                    "France's stability reaches 1: the Second Empire falls, the Third Republic is proclaimed.",
                    "33.3",
                )
        if p == "au" and st["stability"] < old and not s["flags"].get("great_war_on"):
            return "unstable"
        return None

    def unstable(self, s, f):
        """33.4 L1558: a die +1 per nationality with rights; 6+: nothing; else discard a random card or
        take a -1 card marker (no card: the marker)."""
        r = roll(s, 6)
        drm = len(s["flags"].get("rights", []))
        if r + drm >= 6:
            log(s, f"Unstable Situation: {r}+{drm}: Austria holds together.", "33.4")
            return None
        st = s["powers"]["au"]
        if not [c for c in st["hand"] if c != st["home"] and c not in st["homes"]]:
            st["marker"] -= 1
            log(s, f"Unstable Situation: {r}+{drm}: Austria has no card to discard and takes a -1 card marker.", "33.4")
            return None
        log(s, f"Unstable Situation: {r}+{drm}: Austria must discard a random card or take a -1 card marker.", "33.4")
        ask(s, "event-unstable", "au")
        return "after"

    def after(self, s, f):
        c = f.pop("discarded", None)
        if c and "mandatory" in card(c).flags and "response" not in card(c).flags:
            log(s, f"{card_title(c)} was discarded: its mandatory event triggers for Austria.", "9.1.4")
            call(s, "event", power="au", card=c, option=None, discard=True)
        return None


class UnstableState(State):
    def prompt(self, s, f, role):
        return "Unstable Situation (33.4): discard a random card, or take a -1 card marker?"

    def actions(self, s, f, role):
        return ["discard", "marker"]

    def act(self, s, f, role, action):
        if action == "marker":
            s["powers"]["au"]["marker"] -= 1
            log(s, "Austria takes a -1 card marker.", "33.4")
            return None
        c = random_discard(s, "au")
        s["stack"][-2]["discarded"] = c
        return None


# ----- responses (9.1.2-9.1.5) --------------------------------------------------------------------------------


def borders(s: dict, a: str, b: str) -> bool:
    """Whether a space controlled by a is linked by land to a space controlled by b."""
    pk = P()
    for sid, c in s["control"].items():
        if c != a:
            continue
        for n in pk.adjacency.get(sid, {}):
            if s["control"].get(n) == b:
                return True
    return False


def _context_sides(s: dict, f: dict) -> tuple:
    war = s.get("war") or {}
    prim = war.get("primary", {})
    return f.get("attacker") or prim.get("attacker"), f.get("defender") or prim.get("defender")


def mandatory_response_due(s: dict, f: dict, p: str, c: str) -> bool:
    """9.1.5 L566: Impulsive Ruler: another player declares war and the holder borders either side."""
    rec = card(c)
    if rec.when != f["trigger"]:
        return False
    att, dfd = _context_sides(s, f)
    if p == att:
        return False
    if not any(x and borders(s, p, x) for x in (att, dfd)):
        return False
    return bool(playable(s, p, c))


def response_options(s: dict, p: str, f: dict) -> list:
    out = []
    for c in s["powers"][p]["hand"]:
        rec = card(c)
        if rec.when != f["trigger"] or not ({"response", "combat"} & set(rec.flags)):
            continue
        if "mandatory" in rec.flags:
            continue
        for o in playable(s, p, c):
            out.append({"play": c, "option": o})
    return out


BATTLE_TRIGGERS = ("land-battle", "naval-battle")  # combat cards: "attacker first" (18.1 L949)


class Responses(Procedure):
    """Offer each listed power, in turn order, the response and combat cards whose moment is
    the trigger and whose requirements hold (9.1.2-9.1.3); Impulsive Ruler is played by force (9.1.5).
    Before a battle the powers are listed attacker first and asked in that order (18.1 L949)."""

    def start(self, s, f):
        if f["trigger"] in BATTLE_TRIGGERS and f.get("powers"):
            f["order"] = list(dict.fromkeys(f["powers"]))
        else:
            f["order"] = turn_order(f.get("powers") or PLAYERS)
        f["i"] = 0
        s["last_responses"] = {"trigger": f["trigger"], "played": [], "drm": {}}
        f["auto"] = []
        for p in f["order"]:
            for c in s["powers"][p]["hand"]:
                rec = card(c)
                if {"mandatory", "response"} <= set(rec.flags) and mandatory_response_due(s, f, p, c):
                    f["auto"].append([p, c])
        return "auto"

    def auto(self, s, f):
        if f["auto"]:
            p, c = f["auto"].pop(0)
            if c in s["powers"][p]["hand"]:
                s["powers"][p]["hand"].remove(c)
                s["last_responses"]["played"].append([p, c])
                log(s, f"{NAMES[p]} must play {card_title(c)} (mandatory response).", "9.1.5")
                call(s, "event", power=p, card=c, option=playable(s, p, c)[0], discard=True)
            return "auto"
        return "offer"

    def offer(self, s, f):
        while f["i"] < len(f["order"]):
            p = f["order"][f["i"]]
            opts = response_options(s, p, f)
            if opts:
                ask(s, "event-response", p, options=opts, trigger=f["trigger"])
                return "answered"
            f["i"] += 1
        return None

    def answered(self, s, f):
        a = f.pop("answer", "pass")
        p = f["order"][f["i"]]
        if a == "pass":
            f["i"] += 1
            return "offer"
        c = a["play"]
        s["powers"][p]["hand"].remove(c)
        s["last_responses"]["played"].append([p, c])
        log(s, f"{NAMES[p]} plays {card_title(c)} ({a['option']}).", "9.1.3")
        call(s, "event", power=p, card=c, option=a["option"], discard=True)
        return "offer"


class ResponseState(State):
    """9.1.2-9.1.3 L559-561: a response or combat card offered at its moment."""

    def prompt(self, s, f, role):
        return f"Play a response or combat card now ({f['trigger']})?"

    def actions(self, s, f, role):
        return list(f["options"]) + ["pass"]

    def act(self, s, f, role, action):
        s["stack"][-2]["answer"] = action
        return None


# ----- the tables --------------------------------------------------------------------------------------------

HANDLERS = {
    "stability": h_stability,
    "manpower": h_manpower,
    "industry": h_industry,
    "draw": h_draw,
    "discard": h_discard,
    "card-marker": h_card_marker,
    "influence": h_influence,
    "remove-influence": h_remove_influence,
    "diplomacy": h_diplomacy,
    "ally": h_ally,
    "remove-ally": h_remove_ally,
    "control": h_control,
    "independence": h_independence,
    "pacification": h_pacification,
    "rebels": h_rebels,
    "goe": h_goe,
    "boers": h_goe,
    "shift": h_shift,
    "mpit": h_mpit,
    "alliance-resolution": h_alliance_resolution,
    "wtt": h_wtt,
    "declare-war": h_declare_war,
    "join-war": h_join_war,
    "invite-neutrals": h_war_field,
    "forbid-joining": h_war_field,
    "war-drm": h_war_drm,
    "war-budget": h_war_drm,
    "battle-drm": h_battle_drm,
    "naval-drm": h_battle_drm,
    "build": h_build,
    "eliminate": h_eliminate,
    "step-loss": h_step_loss,
    "fort": h_fort,
    "counter-limit": h_counter_limit,
    "set-flag": h_flag,
    "clear-flag": h_flag,
    "india": h_india,
    "city-of-light": h_city,
    "jihad": h_jihad,
    "rights": h_rights,
    "citizenship": h_citizenship,
    "roll-table": h_roll_table,
    "ng-draw": h_ng_draw,
    "vp": h_vp,
    "truce": h_truce,
    "roll": h_roll,
    "ot-industrialize": h_ot_industrialize,
    "gain-cp": h_gain_cp,
    "free-action": h_free_action,
    # internal steps
    "_trigger": h_trigger,
    "_citizenship": h_citizenship_roll,
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

PROCEDURES = {
    "event": Event(),
    "event-effects": Effects(),
    "responses": Responses(),
    "stability": Stability(),
    "italy-unification-roll": UnificationRoll(),
}
STATES = {"event-choose": ChooseState(), "event-unstable": UnstableState(), "event-response": ResponseState()}
