"""Imperialism 1880: the referee's console of a colonial campaign among eight great
powers, 1880-1916, run from a chart sheet (shared/rulebooks/003, cited by line: L58,
L156, L867...).

The referee is the only role that acts: every decision of the campaign is the
referee's entry, and the console applies every consequence the charts give. Each
great power's role is its seat for reading its own books (treasury, income, VP
ledger, units) and the public state; a player of a campaign by email opens that
seat's link. With one player the referee holds every seat.

The turn sequence and the referee's states are in ``console.py``, the bookkeeping
in ``books.py``, the charts in ``charts.py``, the world in ``data.py``; RULINGS.md
says how the sheet's gaps are settled and COVERAGE.md maps every chart to code and
tests.
"""

from __future__ import annotations

from ...engine import Option, Rules, Scenario
from . import books, bots, charts, console, data, report
from .books import GREAT, MINORS, REFEREE, place_name, possessive, power_name

WORDS = {
    console.NEXT: "next phase",
    console.BACK: "back",
    console.CANCEL: "cancel the entry",
    "continue": "the war continues",
    "end": "the war ends",
    "eliminate": "eliminate the units",
    "done": "done: enough strength points lost",
}
EFFECTS = {
    "interest": "the minor power places an Interest there (C22; L58 applies)",
    "influence": "the minor power raises its marker there to Influence (C22; L58 applies)",
    "protectorate": "the minor power raises its marker there to Protectorate (C22; L58 applies)",
    "possession": "the minor power raises its marker there to Possession (C22; L58 applies)",
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


def shown(record: dict, keys: tuple) -> dict:
    """The keys of ``record`` that are named in ``keys``, in that order."""
    return {k: record[k] for k in keys if k in record}


def readable(role: str | None) -> tuple[str, ...]:
    """The great powers whose books ``role`` reads: all for the referee, its own for a
    power, none for a spectator (R31)."""
    return GREAT if role == REFEREE else (role,) if role in GREAT else ()


class Imperialism1880(Rules):
    id = "imperialism-1880"
    title = "Imperialism 1880"
    version = 1
    roles = (REFEREE, *GREAT)
    role_names = {r: "Referee" if r == REFEREE else power_name(r) for r in (REFEREE, *GREAT)}
    player_counts = (1, 9)
    scenarios = (
        Scenario(
            "1880",
            "The campaign of 1880-1916",
            "Eight great powers and four minor colonial powers from the positions of 1880; the referee enters "
            "every decision, the console applies the charts.",
        ),
    )
    options = {
        "great_war_eti": Option(
            50,
            choices=(0, 30, 40, 50, 60, 75, 100),
            help="The European Tensions Index at which the Great War breaks out (R20); 0: only when the referee "
            "declares it.",
        ),
        "holdings_vp": Option(
            True,
            help="At the Final Record each power also scores the EV of the areas it controls less that of "
            "1880 (R19); off: the sheet's bonus VP alone.",
        ),
    }
    procedures = console.PROCEDURES
    states = console.STATES
    bots = bots.BOTS
    max_decisions = 40000

    def seats(self, players, options=None):
        """Nine players: the referee and one player per power; one: the referee holds every seat."""
        if players == 1:
            return [list(self.roles)]
        return [[r] for r in self.roles]

    def bot_for(self, s, role):
        return "referee" if role == REFEREE else "random"

    def setup(self, s):
        books.setup(s)

    # ----- views ----------------------------------------------------------------------------------

    def board(self, s, role):
        """The referee sees everything. A power sees its own books (treasury, income, VP
        ledger, units) and the public state: the status markers, the counters of markers
        left, the ETI and its ledger, the Casus Belli register, wars, treaties, the year and
        phase. A spectator sees the public state. Every key is named (the dict below,
        ``BOOK_SHOWN``, ``MINOR_SHOWN``): a key the state gains is seen by nobody until it
        is named here."""
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
            "eti_ledger": s["eti_ledger"],
            "markers": s["markers"],
            "counters": counters,
            "casus_belli": s["casus_belli"],
            "wars": s["wars"],
            "treaties": s["treaties"],
            "supports": s["supports"],
            "congress": s["congress"],
            "congresses": s["congresses"],
            "codominions": s["codominions"],
            "canals": s["canals"],
            "chinese_armies": s["chinese_armies"],
            "merchant_fleets": s["merchant_fleets"],
            "minors": {m: shown(s["minors"][m], MINOR_SHOWN) for m in MINORS},
            "decisions": s["decisions"],
            "great_war": s["great_war"],
            "books": {p: shown(s["books"][p], BOOK_SHOWN) for p in own},
            "combats": [c for c in s["combats"] if role == REFEREE or role in (c["attacker"], c["defender"])],
            "report": report.turn_report(s, role),
        }
        if s["result"] is not None:
            out["final"] = s["final"]
        if role == REFEREE:
            entry = entries_frame(s)
            if entry is not None:
                out["entry"] = {
                    "draft": entry["draft"],
                    "made": entry["made"],
                    "words": console.draft_words(s, entry["draft"]) if entry["draft"] else [],
                }
            top = s["stack"][-1] if s["stack"] else None
            if top is not None and "state" in top:
                out["asking"] = top["state"]
                out["question"] = {k: v for k, v in top.items() if k not in ("state", "role", "draft")}
        return out

    def scramble(self, s, role, rng):
        """A copy of ``s`` with what ``role`` may not know shuffled: the books of the great
        powers it may not read and their unit counters left, dealt round among them, and
        the colonial combats it did not fight (R31). The referee knows everything."""
        t = self.clone(s)
        hidden = [p for p in GREAT if p not in readable(role)]
        if len(hidden) < 2:
            return t
        turn = 1 + rng.randrange(len(hidden) - 1)  # each power gets another's books
        books = [t["books"][p] for p in hidden]
        units = [{k: t["counters"][p][k] for k in UNIT_KINDS} for p in hidden]
        for i, p in enumerate(hidden):
            j = (i + turn) % len(hidden)
            t["books"][p] = books[j]
            t["counters"][p].update(units[j])
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
        if not isinstance(action, dict) or len(action) != 1:
            return super().label(action)
        ((key, value),) = action.items()
        if key == "entry":
            return console.ENTRIES[value][0] if value in console.ENTRIES else str(value)
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


def entries_frame(s: dict) -> dict | None:
    """The frame of the referee's entries, when the campaign is in that phase."""
    for f in reversed(s["stack"]):
        if f.get("state") == "entries":
            return f
    return None
