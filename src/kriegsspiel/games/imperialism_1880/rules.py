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


def sees(record: dict, role: str | None) -> bool:
    """Whether ``role`` reads a register's record: every record but one told only to the roles
    it names (``to``: a referee decision on an unrest, R54)."""
    return "to" not in record or role in record["to"]


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
    quiet_steps = True  # a referee's entry about other powers is no step of a power's (R52)
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
            **{k: shown_rows(s[k], keys) for k, keys in PUBLIC_SHOWN.items() if k != "decisions"},
            "decisions": shown_rows([d for d in s["decisions"] if sees(d, role)], PUBLIC_SHOWN["decisions"]),
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
        """A copy of ``s`` with what ``role`` may not know drawn again from what it may know
        (R46-R52), never taken from the real records: a sample the rules can go on with,
        whose view for ``role`` is the same as the real one's.

        The referee knows everything but the orders not yet sent to it: in the orders phase
        every power's orders are drawn again from its request menu (R50). A power (or a
        spectator) does not see the other powers' books, unit counters, orders and reports,
        the combats it did not fight, nor the referee's console: for each power it may not
        read, its units are drawn from the position of 1880 and the turns since, its army
        upkeep and treasury from them and the public markers, its referee-given VP afresh
        (R47-R49); its orders and report from its menu (R50, R51); the combats it did not
        fight and the referee's questions about them are left out, and the referee's console
        waits at its menu (R52). Only ``rng`` draws; nothing drawn reads a value the role may
        not know, so two states the role cannot tell apart give the same samples."""
        self.check_role(s, role)
        t = self.clone(s)
        if role == REFEREE:
            if s["phase"] == "orders":  # written, not yet read (R36)
                draw_orders(t, role, list(GREAT), rng, Menu(t))
            return t
        hidden = [p for p in GREAT if p not in readable(role)]
        history = {p: draw_books(t, p, rng) for p in hidden}
        menu = Menu(t)  # the powers' menus, once their books are drawn
        draw_orders(t, role, hidden, rng, menu)
        draw_dispatches(t, role, hidden, history, rng, menu)
        forget_the_unseen(t, role)
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


def entries_frame(s: dict) -> dict | None:
    """The frame of the referee's entries, when the campaign is in that phase."""
    for f in reversed(s["stack"]):
        if f.get("state") == "entries":
            return f
    return None


# ----- what a role may not know, drawn again (scramble: R46-R52) ------------------------------------

LATE_PHASES = ("entries", "war-end determination", "victory point record", "final record", "over")
"""The phases of a turn after the referee's entries have begun."""
INBOX_PHASES = ("minor powers", "entries", "war-end determination")
"""The phases in which the orders of the turn are in the referee's inbox (R36-R38)."""
BUILDS, MOVES, DISBANDS = 2, 2, 1
"""R47: at most so many builds, moves and disbands a turn of a hidden power's units, besides
the fleets the ETI ledger names."""
ADJUSTMENT = 50
"""R48: a hidden treasury's adjustment in a turn, drawn from -50 to +50."""
VP_DECISION = 0.25
"""R49: the chance that the referee gave or took a hidden power's VP in a turn."""
MANY_ORDERS = 0.1
"""R50: the chance that a power's orders drawn again run to any length up to the limit
(otherwise none to four requests, as the powers' bots write)."""

_OPENING: dict = {}


def opening() -> dict:
    """power -> the books of 1880 as the scenario lays them out (DATA_RULINGS D10, D11) and
    the income its first Income phase pays (L916): ``{"treasury", "units", "income",
    "maintenance", "upkeep"}``. Worked out once for the data pack in use; never changed."""
    p = data.pack()
    if _OPENING.get("pack") is not p:
        s0: dict = {}
        books.setup(s0)
        out = {}
        for power in GREAT:
            got = books.income_of(s0, power)
            out[power] = {
                "treasury": s0["books"][power]["treasury"],
                "units": s0["books"][power]["units"],
                "income": got["income"],
                "maintenance": got["maintenance"],
                "upkeep": got["upkeep"],
            }
        _OPENING.clear()
        _OPENING.update(pack=p, books=out)
    return _OPENING["books"]


def rounds_begun(s: dict) -> int:
    """The referee's entries phases begun so far: the only times a power's books change
    out of the public's sight (R1)."""
    return s["turn"] - 1 + (1 if s["phase"] in LATE_PHASES else 0)


def incomes_paid(s: dict) -> int:
    """The Income phases held so far (R1)."""
    return 0 if s["phase"] == "setup" else s["turn"]


def unit_list(units: dict) -> list[tuple[str, str]]:
    """(where, "m3-army") for every unit, in a fixed order."""
    return [(w, k) for w in sorted(units) for k in sorted(units[w]) for _ in range(units[w][k])]


def shift(units: dict, where: str, key: str, n: int) -> None:
    here = units.setdefault(where, {})
    here[key] = here.get(key, 0) + n
    if here[key] <= 0:
        del here[key]
    if not here:
        del units[where]


def draw_units(t: dict, power: str, rng) -> dict:
    """R47: a hidden power's units and unit counters left, drawn: the units of 1880 (D10),
    then for each entries phase begun the fleets the ETI ledger says it built then (L156)
    and up to ``BUILDS`` builds, ``MOVES`` moves and ``DISBANDS`` disbands (R13), within the
    counter mix (L819). Returns the units as they stood at the last Income phase."""
    units = {w: dict(kinds) for w, kinds in opening()[power]["units"].items()}
    t["books"][power]["units"] = units
    mix = data.pack().powers[power].counters
    left = {k: mix[k][0] if k in mix else 0 for k in UNIT_KINDS}
    for _where, key in unit_list(units):
        left[key.split("-")[0]] -= 1
    fleet_sites = console.build_sites(t, power, "naval")

    def sites(role):
        return fleet_sites if role == "naval" else console.build_sites(t, power, role)

    def add(where, key, n):
        shift(units, where, key, n)
        left[key.split("-")[0]] -= n

    def drop(size=None):
        where, key = rng.choice([(w, k) for w, k in unit_list(units) if size is None or k.startswith(f"{size}-")])
        add(where, key, -1)

    fleets = books.fleets_built(t, power)
    last_income = incomes_paid(t) - 1
    at_income = {w: dict(kinds) for w, kinds in units.items()}
    for r in range(1, rounds_begun(t) + 1):
        year = charts.YEARS[r - 1]
        for _year, size in (f for f in fleets if f[0] == year):
            if left[size] <= 0:
                drop(size)
            add(rng.choice(fleet_sites), f"{size}-naval", 1)
        for _ in range(rng.randint(0, BUILDS)):
            sizes = [k for k in UNIT_KINDS if left[k] > 0]
            if sizes:
                size = rng.choice(sizes)
                # a fleet that would raise the tensions is in the ledger: none but those (L156)
                role = rng.choice(["army"] + ([] if charts.naval_tension(power, size) else ["naval"]))
                add(rng.choice(sites(role)), f"{size}-{role}", 1)
        for _ in range(rng.randint(0, MOVES)):
            if units:
                where, key = rng.choice(unit_list(units))
                to = [x for x in sites(key.split("-")[1]) if x != where]
                if to:
                    shift(units, where, key, -1)
                    shift(units, rng.choice(to), key, 1)
        for _ in range(rng.randint(0, DISBANDS)):
            if units:
                drop()
        if r == last_income:
            at_income = {w: dict(kinds) for w, kinds in units.items()}
    for size in UNIT_KINDS:
        t["counters"][power][size] = left[size]
    return at_income


def army_sp(units: dict, where: str) -> int:
    return sum(books.STRENGTH[k.split("-")[0]] * n for k, n in units.get(where, {}).items() if k.endswith("-army"))


def between(first: int, last: int, j: int, n: int) -> int:
    """The j-th of n values from ``first`` to ``last`` in equal steps (j from 1)."""
    return last if n <= 1 else round(first + (last - first) * (j - 1) / (n - 1))


def draw_books(t: dict, power: str, rng) -> dict:
    """R47-R49: a hidden power's units, upkeep, treasury and VP ledger drawn again. Returns
    its drawn history for its report (R51): ``{"rows": {turn: (income, maintenance,
    upkeep, net)}, "treasury": {turn: treasury at the turn's end}}``."""
    at_income = draw_units(t, power, rng)
    b = t["books"][power]
    # R48: income, maintenance and the lines are the public markers' (L916); the upkeep is the
    # drawn armies' (R6)
    lines = []
    for line in b["lines"]:
        need = charts.garrison_required(line["status"])
        lines.append(line | {"upkeep": books.UPKEEP_PER_SP * max(1, army_sp(at_income, line["area"])) if need else 0})
    b["lines"] = lines
    b["upkeep"] = sum(line["upkeep"] for line in lines)
    b["net"] = b["income"] - b["maintenance"] - b["upkeep"]
    first = opening()[power]
    paid = incomes_paid(t)
    rows = {}
    for j in range(1, paid + 1):
        if j == paid:
            row = (b["income"], b["maintenance"], b["upkeep"])
        else:
            row = tuple(between(first[k], b[k], j, paid) for k in ("income", "maintenance", "upkeep"))
        rows[j] = (*row, row[0] - row[1] - row[2])
    adjust = {
        r: (rng.randint(-ADJUSTMENT, ADJUSTMENT) if rng.random() < 0.5 else 0) for r in range(1, rounds_begun(t) + 1)
    }
    treasury = {}
    money = first["treasury"]
    for j in range(1, paid + 1):
        money += rows[j][3] + adjust.get(j, 0)
        treasury[j] = money
    b["treasury"] = money
    # R49: the VP the public registers give are kept; the referee's own awards are drawn
    kept = [e for e in b["vp"] if e["line"] != "R29"]
    given = []
    for r in range(1, rounds_begun(t) + 1):
        if rng.random() < VP_DECISION:
            text = rng.choice(console.VP_REASONS)
            given.append(
                {
                    "year": charts.YEARS[r - 1],
                    "amount": rng.choice(console.POINTS),
                    "rule": f"referee decision: {text}",
                    "line": "R29",
                }
            )
    ledger = sorted(kept + given, key=lambda e: e["year"])
    if t["final"] is not None and power in t["final"]:  # the Final Record's totals are public (L242)
        rest = t["final"][power] - sum(e["amount"] for e in ledger)
        if rest:
            ledger.append({"year": t["year"], "amount": rest, "rule": "referee decision: a correction", "line": "R29"})
    b["vp"] = ledger
    return {"rows": rows, "treasury": treasury}


def draw_count(rng) -> int:
    """R50: how many requests and notes a power's orders drawn again hold."""
    if rng.random() < MANY_ORDERS:
        return rng.randint(0, orders.MAX_ITEMS)
    return rng.randint(0, 4)


class Menu:
    """``power``'s request menu (R35) in the sample being drawn, each step asked once: the
    sample does not change while orders are drawn from it."""

    def __init__(self, t: dict):
        self.t = t
        self.steps: dict = {}
        self.kinds: dict = {}

    def offered(self, power: str) -> list[str]:
        if power not in self.kinds:
            self.kinds[power] = orders.offered(self.t, power)
        return self.kinds[power]

    def step(self, power: str, d: dict):
        key = (power, *d.items())
        if key not in self.steps:
            self.steps[key] = orders.request_step(self.t, power, d)
        return self.steps[key]


def draw_request(menu: Menu, power: str, rng) -> list[dict]:
    """A request written from ``power``'s menu (R35), each choice among those offered: the
    drafts it passes through, the request complete last; [] if a step offers nothing."""
    d = {"request": rng.choice(menu.offered(power))}
    drafts = []
    while True:
        step = menu.step(power, d)
        if step is None:
            return [*drafts, d]
        key, options = step
        if not options:
            return []
        drafts.append(dict(d))
        d[key] = rng.choice(options)


def draw_items(menu: Menu, power: str, n: int, rng) -> list[dict]:
    """R50: ``n`` requests and notes drawn from ``power``'s menu (a request begun that comes
    to a step offering nothing is dropped; after a few such, notes make up the number)."""
    items: list[dict] = []
    tries = 0
    while len(items) < n:
        tries += 1
        written = draw_request(menu, power, rng) if menu.offered(power) and tries <= 3 * n else [{"request": "note"}]
        if written:
            d = written[-1]
            text = d.get("text") or (rng.choice(orders.NOTES) if d["request"] == "note" else "")
            fields = {k: v for k, v in d.items() if k not in ("request", "text")}
            items.append(
                {"id": 0, "kind": d["request"], "fields": fields, "text": text, "status": orders.WRITTEN} | {"why": ""}
            )
    return items


def draw_draft(menu: Menu, power: str, rng) -> dict:
    """R50: the request a power that has not sent its orders is writing: none, or one begun
    from its menu and stopped at a step it has not answered yet."""
    if rng.random() < 0.5 or len(menu.t["orders"][power]["items"]) >= orders.MAX_ITEMS or not menu.offered(power):
        return {}
    written = draw_request(menu, power, rng)
    return dict(rng.choice(written[:-1])) if len(written) > 1 else {}


def inbox_counts(own: list[dict], role: str | None, powers: list[str], rng) -> dict[str, int]:
    """R50: how many items each of ``powers`` sent, drawn. The inbox numbers every item in
    the powers' order (R36), so a power that sent any knows how many the powers before it
    sent between them: that many are dealt among them, one at a time, within the limit."""
    counts = {}
    if role in GREAT and own:
        before = [p for p in GREAT[: GREAT.index(role)] if p in powers]
        counts = {p: 0 for p in before}
        for _ in range(min(i["id"] for i in own) - 1):
            room = [p for p in before if counts[p] < orders.MAX_ITEMS]
            counts[rng.choice(room)] += 1
    for p in powers:
        if p not in counts:
            counts[p] = draw_count(rng)
    return counts


def number(records: dict[str, list[dict]], kept: dict[str, int]) -> None:
    """The inbox's numbers, in the powers' order (R36): the items of ``records`` numbered,
    the ``kept`` count of another power's items (its own numbers) passed over."""
    n = 0
    for p in GREAT:
        if p in kept:
            n += kept[p]
        for item in records.get(p, ()):
            n += 1
            item["id"] = n


def draw_orders(t: dict, role: str | None, powers: list[str], rng, menu: Menu) -> None:
    """R50: the orders of ``powers`` that ``role`` may not read, drawn again from each power's
    menu: written and not yet sent (the orders phase), or in the referee's inbox and answered
    or not (until the turn's reports clear them, R38)."""
    phase = t["phase"]
    if phase == "orders":
        pending = t["stack"][-1].get("pending", {}) if t["stack"] else {}
        for p in powers:
            t["orders"][p] = {"items": draw_items(menu, p, draw_count(rng), rng), "draft": {}}
            if p not in pending:  # who has sent is public (R36)
                t["orders"][p]["draft"] = draw_draft(menu, p, rng)
        return
    if phase not in INBOX_PHASES:
        return  # the reports cleared every power's orders (R38)
    own = t["orders"][role]["items"] if role in GREAT else []
    counts = inbox_counts(own, role, powers, rng)
    for p in powers:
        items = draw_items(menu, p, counts[p], rng)
        for item in items:
            item["status"] = orders.OPEN if phase == "minor powers" else rng.choice(ANSWERS)
        t["orders"][p] = {"items": items, "draft": {}}
    number({p: t["orders"][p]["items"] for p in powers}, {role: len(own)} if role in GREAT else {})


ANSWERS = (orders.OPEN, orders.DONE, orders.REFUSED)
REPORTED = (orders.DONE, orders.REFUSED, orders.UNANSWERED)


def draw_dispatches(t: dict, role: str | None, hidden: list[str], history: dict, rng, menu: Menu) -> None:
    """R51: the last report sent to each hidden power, drawn: its public part (tensions, Casus
    Belli, wars, treaties, the minor powers) as every report of that turn gave it; its books
    from the drawn history (R48, R49); its requests drawn as R50 draws orders, numbered as the
    inbox numbered them (what the role's own report shows of that is kept)."""
    sent = {p: t["dispatches"][p] for p in hidden if p in t["dispatches"]}
    if not sent:
        return
    mine = t["dispatches"].get(role, {}).get("requests", []) if role in GREAT else []
    counts = inbox_counts(mine, role, list(sent), rng)
    requests = {}
    for p in sent:
        items = draw_items(menu, p, counts[p], rng)
        for item in items:
            item["status"] = rng.choice(REPORTED)
        requests[p] = items
    number(requests, {role: len(mine)} if role in GREAT else {})
    for p, old in sent.items():
        b = t["books"][p]
        turn = old["turn"]
        income, maintenance, upkeep, net = history[p]["rows"].get(turn, (0, 0, 0, 0))
        row = {k: v for k, v in old["report"]["powers"][0].items() if k in ("power", "name", "controls", "markers")}
        row |= {
            "treasury": history[p]["treasury"].get(turn, b["treasury"]),
            "income": income,
            "maintenance": maintenance,
            "upkeep": upkeep,
            "net": net,
            "vp": sum(e["amount"] for e in b["vp"] if e["year"] <= old["year"]),
            "vp_this_turn": sum(e["amount"] for e in b["vp"] if e["year"] == old["year"]),
        }
        t["dispatches"][p] = {
            "year": old["year"],
            "turn": turn,
            "report": {k: v for k, v in old["report"].items() if k != "powers"} | {"powers": [row]},
            "requests": [
                {k: v for k, v in orders.item_view(t, p, i, False).items() if k in report.REQUEST_SHOWN}
                for i in requests[p]
            ],
        }


def forget_the_unseen(t: dict, role: str | None) -> None:
    """R52: the combats ``role`` did not fight are left out, and with them the referee's
    questions about the last one (its losses, its retreat); the losses entered so far for
    another power's units are the referee's to know. The referee's console waits at its
    menu (the entry it was making, and the unit it chose to fight an unrest, are its own)."""
    last = t["combats"][-1] if t["combats"] else None
    fought = last is not None and role in (last["attacker"], last["defender"])
    stack = t["stack"]
    while stack and stack[-1].get("state") in ("losses", "retreat") and not fought:
        stack.pop()
    for f in stack:
        state = f.get("state")
        if state == "entries":
            f.update(draft={}, made=0, taking=None, gap=None, confirm=False)
            f.pop("filled", None)
        elif state == "unrest":
            f["fighting"] = None
        elif state == "losses" and f["power"] != role:
            f["lost"] = 0
    t["combats"] = [c for c in t["combats"] if role in (c["attacker"], c["defender"])]
    t["decisions"] = [d for d in t["decisions"] if sees(d, role)]  # R54
