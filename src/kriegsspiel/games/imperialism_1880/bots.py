"""Imperialism 1880's bots. ``heuristic`` holds any seat (``referee`` is the same bot
under its older name):

* On a **great power's seat** it writes the power's orders each turn (R35): two to four
  requests after the power's historical ambitions (``AIMS``: Britain the Cape-to-Cairo
  line and India's borders, France North and West Africa and Indo-China, Germany its
  colonies of the 1880s, Russia Central Asia and Manchuria, Japan Korea and Formosa, the
  USA the Caribbean and the Pacific, Italy Libya and the Horn of Africa,
  Austria-Hungary the Balkans), mostly claims raised step by step where it has a
  footing, troops sent to hold an unestablished marker and a colonial combat against the
  natives there, now and then a unit built (a fleet in the naval race after 1896), the
  treaties of the period in their years, rarely a war on a power it holds a Casus Belli
  against, a note to the referee; then it sends them.
* In the **referee's chair** it answers the minor powers' activity, unrest, the war-end
  determination, retreats and losses as before, and adjudicates the inbox (R37): each
  request the charts allow is taken up (a marker claimed is established or not by a
  roll, the natives' strength chosen), each that is not possible refused with the
  reason, a treaty carried out only when both parties asked for it (stipulations too), a
  treaty ended by agreement or peace made only when the other side asked for it too
  (R43), a canal built only by the power controlling its site (R44), a colonial combat
  against a power fought only in a status dispute (R45), a marker established only where
  the power has troops; notes are marked done. Then a few entries of its own
  for the world (unrest, Casus Belli settled, a Congress called or closed, a Merchant
  Fleet handed out, a Chinese rebellion now and then), and it ends the turn (confirmed).

A bot is ``bot(view, actions, rng) -> action``; it reads only the view of its seat.
"""

from __future__ import annotations

from .books import CONTROL, GREAT, MINORS, RANK, REFEREE
from .console import BACK, CANCEL, CONFIRM, NATIVES, NEXT
from .orders import NOTES, SUBMIT

# ----- choosing by weight ------------------------------------------------------------------------------


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


def holdings(b: dict, power: str) -> dict[str, str]:
    return {a: here[power]["status"] for a, here in b["markers"].items() if power in here}


def unestablished(b: dict, power: str) -> set[str]:
    return {a for a, here in b["markers"].items() if power in here and not here[power]["established"]}


def armies_at(b: dict, power: str) -> dict[str, int]:
    """Where the power's army units stand (its own books), by number of units."""
    units = (b.get("books") or {}).get(power, {}).get("units", {})
    return {w: sum(n for k, n in kinds.items() if k.endswith("-army")) for w, kinds in units.items()}


# ----- a great power's orders ----------------------------------------------------------------------------

AIMS = {
    "britain": {
        "egypt": 6, "sudan": 5, "transvaal": 5, "orange-free-state": 4, "rhodesia": 5, "bechuanaland": 3,
        "kenya": 4, "uganda": 4, "nigeria": 4, "ashantee": 3, "baluchistan": 4, "kashmir": 4, "afghanistan": 2,
        "persia": 2, "quwait": 3, "berbera": 3, "somalia": 2, "fed-malay-states": 4, "sarawak": 3, "papua": 2,
        "shanghai": 2, "tibet": 1,
    },
    "france": {
        "tunis": 6, "morocco": 5, "tuareg": 4, "tchad": 4, "guinea": 4, "mauretania": 3, "gabon": 4, "kongo": 2,
        "madagascar": 5, "indo-china": 5, "siam": 3, "kambara": 3, "sokoto": 2, "kwang-si": 2, "yunnan": 2,
        "egypt": 2, "sudan": 2,
    },
    "germany": {
        "cameroon": 6, "togoland": 6, "sudwest-afrika": 6, "tanganyika": 6, "kaiser-wilhelms-land": 5,
        "bismarck-archipelago": 5, "new-guinea": 3, "shantung": 5, "anatolia": 3, "morocco": 2,
    },
    "austria-hungary": {"serbia": 6, "bulgaria": 4, "rumania": 4, "greece": 2, "anatolia": 2},
    "italy": {"tripoli": 6, "eritrea": 6, "somalia": 6, "abyssinia": 5, "tunis": 3, "berbera": 2, "greece": 1},
    "japan": {
        "korea": 6, "formosa": 6, "manchuria": 4, "port-arthur": 5, "fukien": 4, "shantung": 3, "philippines": 1,
    },
    "russia": {
        "turcomania": 6, "afghanistan": 4, "persia": 5, "manchuria": 5, "mongolia": 4, "sin-kiang": 4,
        "port-arthur": 4, "korea": 3, "inner-mongolia": 3, "bulgaria": 2,
    },
    "usa": {
        "hawaii": 6, "cuba": 6, "porto-rico": 5, "philippines": 5, "panama": 5, "central-america": 4, "mexico": 2,
    },
}  # fmt: skip
"""Where each power's ambitions lay, 1880-1914: an area's weight among its claims."""

NAVAL_RACE = {"germany": 1896, "japan": 1888, "usa": 1892, "britain": 1880, "russia": 1900, "france": 1900}
"""The year from which a power builds fleets as well as armies."""

TREATIES = (
    ("germany", "austria-hungary", "defensive", 1880),
    ("germany", "italy", "defensive", 1884),
    ("austria-hungary", "italy", "defensive", 1884),
    ("germany", "russia", "defensive", 1884),
    ("france", "russia", "defensive", 1892),
    ("britain", "japan", "defensive", 1900),
    ("britain", "france", "entente", 1904),
    ("britain", "russia", "entente", 1908),
)
"""The treaties of the period and the turn from which each is sought by both parties."""

KIND_WEIGHTS = {
    "place": 6,
    "establish": 2,
    "build": 2,
    "move": 2.5,
    "combat": 3,
    "treaty": 4,
    "declare-war": 0.3,
    "peace": 2,
    "call-congress": 0.4,
    "canal": 0.6,
    "note": 0.4,
}


def target(b: dict, role: str) -> int:
    """How many requests the power writes this turn: two to four, the same for the whole turn."""
    return 2 + (b["year"] // 4 + sum(map(ord, role))) % 3


def due_treaties(b: dict, role: str) -> list[tuple[str, str]]:
    """(partner, kind) of the historical treaties the power seeks now and does not have."""
    have = {(frozenset(t["parties"]), t["kind"]) for t in b["treaties"] if t["broken"] is None and t["ended"] is None}
    out = []
    for a, c, kind, year in TREATIES:
        if role in (a, c) and b["year"] >= year and (frozenset((a, c)), kind) not in have:
            out.append((c if role == a else a, kind))
    return out


def power(view: dict, actions: list, rng):
    """A great power writes its orders (see the module's docstring)."""
    b = view["board"]
    role = view["role"]
    if not actions:
        return None
    mine = (b.get("orders") or {}).get(role, {"items": [], "draft": []})
    items = mine["items"]
    if SUBMIT not in actions:  # a request half written
        return power_step(b, role, items, actions, rng)
    kinds = {a["request"] for a in actions if isinstance(a, dict) and "request" in a}
    if len(items) >= target(b, role) or not kinds or rng.random() < 0.04:
        return SUBMIT
    written = {}
    for i in items:
        written[i["kind"]] = written.get(i["kind"], 0) + 1
    home_armies = armies_at(b, role)
    loose = unestablished(b, role)
    garrisoned = {a for a in loose if home_armies.get(a)}

    def weight(kind):
        w = KIND_WEIGHTS.get(kind, 0) / (1 + 2 * written.get(kind, 0))
        if kind == "combat" and not garrisoned:
            return 0
        if kind == "establish" and not loose:
            return 0
        if kind == "move" and not (loose - garrisoned):
            return w * 0.2
        if kind == "treaty" and not due_treaties(b, role):
            return 0
        if kind == "build" and b["year"] >= NAVAL_RACE.get(role, 9999):
            return w * 2.5  # the naval race
        if kind == "declare-war":
            held = [c for c in b["casus_belli"] if c["resolved"] is None and c["holder"] == role]
            if not held or b["year"] < 1888 or books_enemies(b, role):
                return 0
            return w * (8 if b["year"] >= 1900 else 2)
        if kind == "peace":
            return w
        if kind == "call-congress":
            return w if sum(1 for c in b["casus_belli"] if c["resolved"] is None) >= 4 else 0
        if kind == "canal":
            return w if role in ("usa", "britain", "france") and b["year"] >= 1896 else 0
        return w

    if "treaty" in kinds and not written.get("treaty") and due_treaties(b, role):
        return {"request": "treaty"}  # the treaties of the period first: both parties ask the same turn
    choices = [a for a in actions if isinstance(a, dict) and a.get("request") in kinds]
    pick = weighted(choices, lambda a: weight(a["request"]), rng)
    if weight(pick["request"]) <= 0:
        return SUBMIT
    return pick


def power_step(b: dict, role: str, items: list, actions: list, rng):
    """The next choice of the request being written."""
    choices = [a for a in actions if a not in (BACK, CANCEL)]
    if not choices:
        return CANCEL if CANCEL in actions else BACK
    key = next(iter(choices[0]))
    values = [next(iter(a.values())) for a in choices]
    aims = AIMS.get(role, {})
    own = holdings(b, role)
    loose = unestablished(b, role)
    armies = armies_at(b, role)
    home = role  # a power's home country has its id
    claimed = {i["fields"].get("area") for i in items if i["kind"] == "place"}
    draft = writing(b, role)
    kind = draft.get("request")

    def pick(weight):
        return {key: weighted(values, weight, rng)}

    if kind == "place" and key == "area":

        def area_weight(a):
            if a in claimed:
                return 0
            w = aims.get(a, 0.005)
            if a in own and own[a] not in ("possession", "state"):
                w *= 2.5
            return w

        return pick(area_weight)
    if kind == "place" and key == "status":
        area = draft.get("area")
        rivals = [p for p in b["markers"].get(area, {}) if p != role]
        late = (b["year"] - 1880) / 36
        if rivals and b["year"] >= 1888 and rng.random() < 0.3 + late:
            # a contested area: a power of the period pushed for Control before its rivals did
            control = [st for st in values if st in ("protectorate", "possession")]
            if control:
                return {key: min(control, key=lambda st: RANK[st])}
        if area in own:  # one step up the ladder
            return {key: min(values, key=lambda st: RANK[st])}
        return pick(lambda st: {"interest": 5, "influence": 2 + 2 * late, "protectorate": 0.6 + late}.get(st, 0.2))
    if kind == "establish":
        return pick(lambda a: 3 if armies.get(a) else 1)
    if kind == "build":
        if key == "size":
            return pick(lambda k: {"m1": 5, "m3": 3, "m10": 0.5 + (b["year"] - 1880) / 18}[k])
        if key == "role":
            race = b["year"] >= NAVAL_RACE.get(role, 9999)
            return pick(lambda r: (5 if r == "army" else 1) if not race else (1 if r == "army" else 3))
        if key == "where":
            return pick(lambda w: 4 if w == home else 2 if own.get(w) in CONTROL else 0.3)
    if kind == "move":
        if key == "from":
            return pick(lambda w: 5 if w == home else 0.5)
        if key == "unit":
            return pick(lambda u: 0 if "army" not in u else UNIT_WEIGHT.get(u[:3], 0.5))
        if key == "to":
            return pick(lambda w: 10 if w in loose and not armies.get(w) else 2 if w in own else 0.01)
    if kind == "combat":
        if key == "mode":
            return {key: "colonial"} if "colonial" in values else pick(lambda m: 1)
        if key == "where":
            return pick(lambda w: 10 if w in loose else 0.02)
        if key == "defender":
            return pick(lambda p: 20 if p == NATIVES else 0.05)
    if kind == "declare-war" and key == "target":
        held = {c["against"] for c in b["casus_belli"] if c["resolved"] is None and c["holder"] == role}
        return pick(lambda p: 10 if p in held else 0.05)
    if kind == "treaty":
        due = due_treaties(b, role)
        if key == "second":
            partners = {p for p, _k in due}
            return pick(lambda p: 1 if p in partners else 0)
        if key == "kind":
            partner = draft.get("second")
            kinds = {k for p, k in due if p == partner} or {k for _p, k in due}
            return pick(lambda k: 1 if k in kinds else 0)
        if key == "stipulation":
            return {key: "none"} if "none" in values else pick(lambda v: 1)
    if kind == "note" and key == "text":
        return {key: NOTES[rng.randrange(len(NOTES))]}
    if key == "minor":
        return pick(lambda m: 1 if m in MINORS else 0)
    return {key: values[rng.randrange(len(values))]}


def books_enemies(b: dict, power: str) -> list[str]:
    """The powers at war with ``power`` (the public list of wars)."""
    out = []
    for w in b["wars"]:
        if w["ended"] is None:
            for i, side in enumerate(w["sides"]):
                if power in side:
                    out += w["sides"][1 - i]
    return out


def writing(b: dict, role: str) -> dict:
    """The request being written: ``{"request": kind, key: value, ...}``."""
    return (b.get("orders") or {}).get(role, {}).get("writing") or {}


# ----- the referee -----------------------------------------------------------------------------------------

WORLD = {
    "unrest": 3,
    "resolve-cb": 3,
    "end-congress": 4,
    "call-congress": 1,
    "merchant-fleet": 1.5,
    "rebellion": 0.3,
    "decision": 0.5,
}
"""The referee's own entries for the world, beside the powers' requests."""
ESTABLISHED = {"interest": 0.6, "influence": 0.45, "protectorate": 0.3, "possession": 0.2, "state": 1}
"""How likely a marker claimed is placed established: the natives resist the larger claims."""
RANK_SIZE = {"m1-": 0, "m3-": 1, "m10": 2}
UNIT_WEIGHT = {"m1-": 3, "m3-": 2, "m10": 0.5}


def referee(view: dict, actions: list, rng):
    b = view["board"]
    if not actions:
        return None
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
    if CONFIRM in actions:
        return CONFIRM
    draft = entry["draft"]
    if NEXT in actions:
        return top(b, actions, rng)
    choices = [a for a in actions if a not in (BACK, CANCEL)]
    if not choices:
        return CANCEL if CANCEL in actions else BACK
    key = next(iter(choices[0]))
    if entry.get("taking"):
        values = [next(iter(a.values())) for a in choices]
        if key == "established":
            status = draft.get("status", "interest")
            return {key: rng.random() < ESTABLISHED.get(status, 0.4)}
        if key == "natives_sp":
            return {key: weighted(values, lambda n: 1 if n <= 6 else 0.15, rng)}
        return CANCEL  # a choice the request made that is not possible now: refused at the top
    return step(b, draft.get("entry"), key, draft, choices, rng)


def top(b: dict, actions: list, rng):
    """The inbox first, in its order; then a few entries for the world; then the end of the entries."""
    listed = {(k, v) for a in actions if isinstance(a, dict) for k, v in a.items()}
    inbox = b.get("orders") or {}
    for power_, mine in inbox.items():
        for item in mine["items"]:
            if item["status"] != "open":
                continue
            i = item["id"]
            verdict = adjudicate(b, power_, item)
            if verdict == "grant" and ("grant", i) in listed:
                return {"grant": i}
            if verdict == "done" and ("done", i) in listed:
                return {"done": i}
            # the guide (section 11): it refuses what is not possible with the reason (R37, R38)
            for a in actions:
                if isinstance(a, dict) and a.get("refuse") == i and a.get("why"):
                    return a
            if ("refuse", i) in listed:
                return {"refuse": i}
    if unaided(b) and {"entry": "fail-aid"} in actions:
        return {"entry": "fail-aid"}  # R18: a supporter that let a war go by without its minor
    if rng.random() < 0.5:
        kinds = [a for a in actions if isinstance(a, dict) and a.get("entry") in WORLD]
        if kinds:
            pick = weighted(kinds, lambda a: world_weight(b, a["entry"]), rng)
            if world_weight(b, pick["entry"]) > 0:
                return pick
    return NEXT


def adjudicate(b: dict, power_: str, item: dict) -> str:
    """grant, done or refuse: what the referee bot answers a request. It refuses with the
    reason the console offers beside the refusal (``orders.refusal_reason``)."""
    kind = item["kind"]
    if kind == "note":
        return "done"
    if item.get("problem") or not item.get("takeable"):
        if kind == "treaty" and treaty_in_force(b, power_, item["fields"]):
            return "done"  # the other party's request made it already
        if kind in ("end-treaty", "peace") and settled_this_turn(b, kind, item["fields"]):
            return "done"  # R43: the other party's request ended it already
        return "refuse"
    if kind == "treaty" and not agreed(b, power_, item["fields"]):
        return "refuse"
    if item.get("reason"):
        # R26, R43-R45, R55: not agreed by the other side, a canal site not controlled, a power attacked
        # without war outside a status dispute, natives where there are none, a Congress defied twice in
        # one turn's orders: refused with the reason
        return "refuse"
    if kind == "establish" and not armies_at(b, power_).get(item["fields"]["area"]):
        return "refuse"
    return "grant"


def settled_this_turn(b: dict, kind: str, f: dict) -> bool:
    """A treaty ended by agreement, or a war ended in peace, during this turn's entries (R43)."""
    if kind == "end-treaty":
        t = b["treaties"][f["treaty"] - 1]
        return t["broken"] is None and t["ended"] == b["year"]
    w = b["wars"][f["war"] - 1]
    return w["ended"] == b["year"]


def treaty_in_force(b: dict, power_: str, f: dict) -> bool:
    pair = {power_, f["second"]}
    return any(
        set(t["parties"]) == pair and t["kind"] == f["kind"] and t["broken"] is None and t["ended"] is None
        for t in b["treaties"]
    )


def agreed(b: dict, power_: str, f: dict) -> bool:
    """A treaty is made when the other party asked for it too (a minor power's consent is the referee's)."""
    other = f["second"]
    if other in MINORS:
        return True
    theirs = (b.get("orders") or {}).get(other, {}).get("items", [])
    return any(
        i["kind"] == "treaty"
        and i["fields"].get("second") == power_
        and i["fields"].get("kind") == f["kind"]
        and i["fields"].get("stipulation") == f.get("stipulation")  # R43: the same treaty, stipulations and all
        for i in theirs
    )


def world_weight(b: dict, kind: str) -> float:
    w = WORLD[kind]
    open_cbs = sum(1 for c in b["casus_belli"] if c["resolved"] is None)
    late = (b["year"] - 1880) / 36
    if kind == "call-congress":
        return w * (3 if open_cbs >= 6 else 0)
    if kind == "end-congress":  # a Congress sits until most Casus Belli are settled
        return w * (0.3 + late) / (1 + open_cbs)
    if kind == "resolve-cb":  # grievances linger until a Congress sits
        return w * (4 if b["congress"] is not None else 0.2) if open_cbs else 0
    return w


def unaided(b: dict) -> list[int]:
    """R18, L156: the supports whose minor has been at war since an earlier turn (its supporter
    had a turn's orders to come to its aid) while the supporter fights on neither side of it."""
    out = []
    for x in b.get("supports") or ():
        if x["failed"] is not None or x["withdrawn"] is not None:
            continue
        for w in b.get("wars") or ():
            if w["ended"] is not None or w["since"] >= b["year"]:
                continue
            mine = next((side for side in w["sides"] if x["minor"] in side), None)
            if mine is not None and not any(x["power"] in side for side in w["sides"]):
                out.append(x["id"])
                break
    return out


def step(b: dict, kind: str, key: str, draft: dict, choices: list, rng):
    values = [next(iter(a.values())) for a in choices]
    if kind == "fail-aid":  # the support its minor's war found wanting, in a war (R18)
        if key == "support":
            failed = [i for i in unaided(b) if i in values]
            return {key: failed[0] if failed else values[0]}
        if key == "occasion":
            return {key: "war"}

    def pick(weight):
        return {key: weighted(values, weight, rng)}

    if key == "by":
        return {key: REFEREE} if REFEREE in values else pick(lambda p: 1)
    if key == "natives_sp":
        return pick(lambda n: 1 if n <= 6 else 0.2)
    if key == "how":
        return pick(lambda h: 3 if h.startswith("settled") else 2 if h.startswith("satisfied") else 1)
    if key == "power" and kind in ("place", "build"):
        return pick(lambda p: 1 if p in MINORS else 0.01)
    return {key: values[rng.randrange(len(values))]}


def heuristic(view: dict, actions: list, rng):
    """Any seat: a great power writes its orders, the referee adjudicates."""
    if view.get("role") in GREAT:
        return power(view, actions, rng)
    return referee(view, actions, rng)


BOTS = {"heuristic": heuristic, "referee": heuristic}
