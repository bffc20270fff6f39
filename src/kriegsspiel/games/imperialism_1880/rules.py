"""Imperialism 1880: a referee-run colonial campaign among eight great powers,
1880-1916, played from a chart sheet (shared/rulebooks/003, cited by line: L58, L156,
L867...).

Each turn every great power's seat writes its orders in secret (requests the console
knows and notes in its own words); the referee reads them in the inbox beside the
console, enters what happens, and the console applies every consequence the charts
give; at the end of the turn each power receives its own turn report. A power's seat
reads its own books (treasury, income, VP ledger, units) and the public state. Bots
can hold any seat: with one player, the player takes one power (or the referee's
chair) and bots write the other powers' orders and referee the campaign.

The turn sequence and the referee's states are in ``console.py``, the powers' orders
and the inbox in ``orders.py``, the bookkeeping in ``books.py``, the charts in
``charts.py``, the world in ``data.py``; RULINGS.md says how the sheet's gaps are
settled and COVERAGE.md maps every chart to code and tests. GUIDE.md is the players'
guide.
"""

from __future__ import annotations

from ...engine import Option, Rules, Scenario
from . import books, bots, charts, console, data, orders, report
from .books import GREAT, MINORS, REFEREE, place_name, possessive, power_name

WORDS = {
    console.NEXT: "end the entries of this turn (asks to confirm)",
    console.CONFIRM: "confirm: end this turn",
    console.BACK: "back",
    console.CANCEL: "cancel the entry",
    orders.SUBMIT: "send the orders to the referee",
    "continue": "the war continues",
    "end": "the war ends",
    "eliminate": "eliminate the units",
    "done": "done: enough strength points lost",
}
EFFECTS = {
    "interest": "the minor power places an Interest there (the placement chart applies)",
    "influence": "the minor power raises its marker there to Influence (the placement chart applies)",
    "protectorate": "the minor power raises its marker there to Protectorate (the placement chart applies)",
    "possession": "the minor power raises its marker there to Possession (the placement chart applies)",
    "none": "no effect",
}
UNIT_KINDS = ("m10", "m3", "m1")
MARKER_KINDS = ("control", "influence", "dominion")

# What the board shows of the books: every key is named; a key the state gains is seen
# by nobody until it is named here.
BOOK_SHOWN = ("treasury", "income", "maintenance", "upkeep", "net", "lines", "vp", "units")
"""A great power's books: seen by that power and the referee (R31)."""
MINOR_SHOWN = ("treasury", "income", "maintenance", "upkeep", "net", "lines", "units")
"""A minor power's books: public, no player holds them (R8)."""
DISPATCH_SHOWN = ("year", "turn", "report", "requests")
"""The turn report sent to a power at the end of a turn: seen by that power alone (R38)."""


PUBLIC_SHOWN = {
    "eti_ledger": ("year", "amount", "eti", "cause", "by", "line"),
    "casus_belli": ("id", "year", "holder", "against", "source", "line", "resolved"),
    "wars": ("id", "sides", "since", "ended"),
    "treaties": ("id", "kind", "parties", "since", "stipulation", "stipulations", "broken", "ended"),
    "supports": ("id", "power", "minor", "since", "failed", "withdrawn"),
    "congresses": ("year", "called_by", "defied_by", "ended", "unresolved"),
    "codominions": ("id", "area", "powers", "since", "ended"),
    "canals": ("passage", "area", "by", "first", "year"),
    "decisions": ("year", "phase", "text"),
}
"""The public registers (lists of records), each record's keys named (L58, L156, L242, L363-453)."""
COMBAT_SHOWN = ("year", "where", "mode", "attacker", "defender", "sp", "table", "column", "roll", "result")
"""A combat: seen by its two sides and the referee (R31)."""
MARKER_SHOWN = ("status", "established", "counter")
"""A status marker on the map: public (L58)."""
CONGRESS_SHOWN = ("year", "called_by", "defied_by")
GREAT_WAR_SHOWN = ("year", "cause", "penalty", "bearers")
FLEET_SHOWN = ("power", "year")
QUESTION_SHOWN = {
    "losses": ("power", "where", "need", "lost", "line"),
    "retreat": ("power", "where", "mode", "line"),
    "minor_activity": ("minor", "area"),
    "unrest": ("area", "holders", "table", "fighting"),
    "war_end": ("war",),
}
"""What each question put to the referee alone shows of its frame (R16, L453)."""


def shown(record: dict, keys: tuple) -> dict:
    """The keys of ``record`` that are named in ``keys``, in that order."""
    return {k: record[k] for k in keys if k in record}


def shown_rows(rows: list, keys: tuple) -> list:
    return [shown(r, keys) for r in rows]


SHARES = {
    1: (GREAT,),
    2: (("britain", "france", "russia", "japan"), ("germany", "austria-hungary", "italy", "usa")),
    3: (("britain", "japan", "italy"), ("france", "russia"), ("germany", "austria-hungary", "usa")),
    4: (("britain", "italy"), ("france", "russia"), ("germany", "austria-hungary"), ("usa", "japan")),
    5: (("britain",), ("france", "italy"), ("germany", "austria-hungary"), ("russia",), ("usa", "japan")),
    6: (("britain",), ("france",), ("germany", "austria-hungary"), ("russia",), ("usa",), ("japan", "italy")),
    7: (("britain",), ("france",), ("germany", "austria-hungary"), ("italy",), ("japan",), ("russia",), ("usa",)),
    8: tuple((p,) for p in GREAT),
}
"""R4: the powers each player holds when fewer than eight play them: the alliances of 1914
first (the Entente against the Triple Alliance and the USA with two players), then the
pairs that share the fewest ambitions, the weakest powers paired with others."""


def readable(role: str | None) -> tuple[str, ...]:
    """The great powers whose books ``role`` reads: all for the referee, its own for a
    power, none for a spectator (R31)."""
    return GREAT if role == REFEREE else (role,) if role in GREAT else ()


class Imperialism1880(Rules):
    id = "imperialism-1880"
    title = "Imperialism 1880"
    version = 2
    roles = (REFEREE, *GREAT)
    role_names = {r: "Referee" if r == REFEREE else power_name(r) for r in (REFEREE, *GREAT)}
    player_counts = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    scenarios = (
        Scenario(
            "1880",
            "The campaign of 1880-1916",
            "Eight great powers and four minor colonial powers from the positions of 1880. Each turn the powers "
            "write their orders; the referee adjudicates them at the console, which applies the charts.",
        ),
    )
    options = {
        "great_war_eti": Option(
            50,
            choices=(0, 30, 40, 50, 60, 75, 100),
            help="The European Tensions Index at which the Great War breaks out and the campaign ends (R20); "
            "0: only when the referee declares it.",
            title="Great War at tension",
        ),
        "holdings_vp": Option(
            True,
            help="At the Final Record each power also scores the economic value of the areas it controls, less "
            "that of 1880 (R19); off: the chart sheet's bonus VP alone.",
            title="Score the empire gained",
        ),
    }
    procedures = console.PROCEDURES
    states = {**console.STATES, "orders": orders.Orders()}
    bots = bots.BOTS
    max_decisions = 40000

    def seats(self, players, options=None):
        """R4. One player: a seat for each role, the player takes one (a power, or the
        referee's chair) and bots hold the others. Two to nine: the referee's seat and the
        eight powers shared among the others (``SHARES``); any seat may be a bot's."""
        if players == 1:
            return [[p] for p in GREAT] + [[REFEREE]]
        return [[REFEREE]] + [list(group) for group in SHARES[players - 1]]

    def bot_for(self, s, role):
        return "heuristic"

    def setup(self, s):
        books.setup(s)
        orders.setup(s)

    # ----- views ----------------------------------------------------------------------------------

    def board(self, s, role):
        """The referee sees everything but the orders not yet sent to it. A power sees its
        own books (treasury, income, VP ledger, units), its own orders and the report sent
        to it, and the public state: the status markers, the counters of markers left, the
        ETI and its ledger, the Casus Belli register, wars, treaties, the year and phase.
        A spectator sees the public state. Every key is named (the dict below,
        ``PUBLIC_SHOWN`` and the other ``*_SHOWN`` above, ``orders.ITEM_SHOWN``): a key
        the state gains is seen by nobody until it is named here."""
        own = readable(role)
        counters = {}
        for power in (*GREAT, *MINORS):
            kinds = MARKER_KINDS + UNIT_KINDS if (power in own or power in MINORS) else MARKER_KINDS
            counters[power] = {k: s["counters"][power][k] for k in kinds}
        out = {
            "year": s["year"],
            "turn": s["turn"],
            "phase": s["phase"],
            "great_war_penalty": charts.great_war_penalty(s["year"]),
            "eti": s["eti"],
            "great_war_at": s["options"].get("great_war_eti", 0),
            **{k: shown_rows(s[k], keys) for k, keys in PUBLIC_SHOWN.items()},
            "markers": {
                area: {p: shown(m, MARKER_SHOWN) for p, m in here.items()} for area, here in s["markers"].items()
            },
            "counters": counters,
            "congress": shown(s["congress"], CONGRESS_SHOWN) if s["congress"] is not None else None,
            "chinese_armies": {a: int(n) for a, n in s["chinese_armies"].items()},
            "merchant_fleets": {
                "next": s["merchant_fleets"]["next"],
                "granted": shown_rows(s["merchant_fleets"]["granted"], FLEET_SHOWN),
            },
            "minors": {m: shown(s["minors"][m], MINOR_SHOWN) for m in MINORS},
            "great_war": shown(s["great_war"], GREAT_WAR_SHOWN) if s["great_war"] is not None else None,
            "books": {p: shown(s["books"][p], BOOK_SHOWN) for p in own},
            "combats": shown_rows(
                [c for c in s["combats"] if role == REFEREE or role in (c["attacker"], c["defender"])], COMBAT_SHOWN
            ),
            "report": report.turn_report(s, role),
        }
        out["orders"] = orders.view(s, role)  # a power's own; the referee's inbox once sent (R36)
        if role in GREAT and role in s["dispatches"]:
            out["dispatch"] = shown(s["dispatches"][role], DISPATCH_SHOWN)  # its own report (R38)
        if s["result"] is not None:
            out["final"] = {p: s["final"][p] for p in GREAT if p in s["final"]}
        if role == REFEREE:
            entry = entries_frame(s)
            if entry is not None:
                out["entry"] = {
                    "draft": entry["draft"],
                    "made": entry["made"],
                    "words": console.draft_words(s, entry["draft"]) if entry["draft"] else [],
                    "taking": entry.get("taking"),
                    "confirm": bool(entry.get("confirm")),
                }
            top = s["stack"][-1] if s["stack"] else None
            if top is not None and "role" in top:  # a question put to the referee alone
                out["asking"] = top["state"]
                out["question"] = shown(top, QUESTION_SHOWN.get(top["state"], ()))
        return out

    def scramble(self, s, role, rng):
        """A copy of ``s`` with what ``role`` may not know shuffled: the books of the great
        powers it may not read and their unit counters left, dealt round among them, with
        their orders and the reports sent to them; the colonial combats it did not fight
        (R31, R36). The referee knows everything but the orders not yet sent to it."""
        self.check_role(s, role)
        t = self.clone(s)
        if role == REFEREE:
            if s["phase"] == "orders":  # written, not yet read (R36)
                deal(t, list(GREAT), rng, ("orders",))
            return t
        hidden = [p for p in GREAT if p not in readable(role)]
        if len(hidden) < 2:
            return t
        deal(t, hidden, rng, ("books", "orders", "dispatches"))
        turn = 1 + rng.randrange(len(hidden) - 1)
        units = [{k: t["counters"][p][k] for k in UNIT_KINDS} for p in hidden]
        for i, p in enumerate(hidden):
            t["counters"][p].update(units[(i + turn) % len(hidden)])
        unseen = [i for i, c in enumerate(t["combats"]) if role not in (c["attacker"], c["defender"])]
        combats = [t["combats"][i] for i in unseen]
        rng.shuffle(combats)
        for i, c in zip(unseen, combats, strict=True):
            t["combats"][i] = c
        return t

    def label(self, action, s=None):
        """Words for an action of the referee's menu."""
        if isinstance(action, str):
            return WORDS.get(action, action)
        if isinstance(action, dict) and set(action) == {"refuse", "why"}:
            return f"{inbox_words(s, 'refuse', action['refuse'])}: {action['why']}"
        if isinstance(action, dict) and set(action) == {"withdraw", "power"}:
            return withdraw_words(s, action["power"], action["withdraw"])
        if not isinstance(action, dict) or len(action) != 1:
            return super().label(action)
        ((key, value),) = action.items()
        if key == "entry":
            return console.ENTRIES[value][0] if value in console.ENTRIES else str(value)
        if key == "request":
            return orders.REQUESTS[value][0] if value in orders.REQUESTS else str(value)
        if key == "note":
            return f"note to the referee: {value}"
        if key in ("grant", "done", "refuse", "withdraw"):
            return inbox_words(s, key, value)
        if key == "size" and value in books.SIZE_WORDS:
            return books.SIZE_WORDS[value]  # L819: what M10, M3 and M1 are
        if key == "role" and value in books.ROLE_WORDS:
            return books.ROLE_WORDS[value]
        if key == "effect":
            return EFFECTS.get(value, str(value))
        if key == "text":
            return str(value)
        if key == "fight":
            return f"{power_name(value)} fights the unrest as Colonial Combat with its garrison (C23)"
        if key == "unestablish":
            return f"{possessive(power_name(value))} marker there becomes unestablished (C23)"
        if key == "retreat_to":
            return f"retreat to {place_name(value)}"
        if key == "lose":
            size, role = value.split("-")
            return f"eliminate an {books.unit_name(size, role)} unit ({books.STRENGTH[size]} SP)"
        try:
            return console.value_words(s, key, value)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return super().label(action)

    def public_data(self):
        out = data.public()
        out["charts"] = charts.public()
        return out

    def validate_data(self):
        counts = dict(data.validate())
        counts.update(charts.validate())
        return counts


INBOX_VERBS = {"grant": "take up", "done": "mark done", "refuse": "refuse"}


def inbox_words(s: dict | None, key: str, value) -> str:
    """ "take up request 3 (France)": short, for a menu of many (the inbox beside it reads
    each request in full); "withdraw your request 2" (a power's: a label is given without
    knowing whose menu it is in, and a request's words are its power's own to read)."""
    if key == "withdraw":
        return f"withdraw your request {value}"
    verb = INBOX_VERBS[key]
    if s is not None:
        power, item = orders.find(s, value)
        if item is not None:
            return f"{verb} request {value} ({power_name(power)})"
    return f"{verb} request {value}"


def withdraw_words(s: dict | None, power, number) -> str:
    """ "withdraw request 2 (claim an Influence in Egypt)": a power's withdraw names the
    power (its action does), so its label may give the request's words, which are the
    power's own to read; only that power is ever offered the action."""
    items = (s or {}).get("orders", {}).get(power, {}).get("items", []) if power in GREAT else []
    if type(number) is int and 0 < number <= len(items):
        return f"withdraw request {number} ({orders.item_text(s, power, items[number - 1])})"
    return f"withdraw your request {number}"


def deal(t: dict, hidden: list[str], rng, keys: tuple[str, ...]) -> None:
    """Deal the records of ``keys`` of the ``hidden`` powers round among them: each
    power gets another's (a power without one, none)."""
    if len(hidden) < 2:
        return
    turn = 1 + rng.randrange(len(hidden) - 1)
    for key in keys:
        table = t[key]
        records = [table.get(p) for p in hidden]
        for i, p in enumerate(hidden):
            record = records[(i + turn) % len(hidden)]
            if record is None:
                table.pop(p, None)
            else:
                table[p] = record


def entries_frame(s: dict) -> dict | None:
    """The frame of the referee's entries, when the campaign is in that phase."""
    for f in reversed(s["stack"]):
        if f.get("state") == "entries":
            return f
    return None
