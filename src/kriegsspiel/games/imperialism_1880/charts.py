"""The charts of Imperialism 1880, from the chart sheet (shared/rulebooks/003, cited by
line: L58, L867...), as data (data/charts.json) and as pure functions.

Nothing here rolls dice: every roll is an argument, so the console rolls with the game's
generator, logs the roll and passes it in. The sheet's tables live in data/charts.json,
every record citing its line; the loader resolves every area name the sheet spells
("Sanghai", "Sin-kiang", "Afg"...) through the world's aliases (data.py), so a name that
the world does not know is refused by name. Where the sheet is silent or damaged, the
rulings of RULINGS_CHARTS.md (C1, C2...) decide, and the code citing them says so.

The charts:
- Status Marker Placement Effects Summary (L58): ``placement``, ``placement_effects``.
- Combat Results Tables 1 and 2 (L867, L915): ``odds``, ``crt_table``, ``crt``, ``combat``,
  ``result_text``.
- Income/Maintenance Cost Analysis (L916): ``income``, ``net_income``, ``state_eligible``,
  ``garrison_required``, ``upkeep_free``.
- European Tensions Increase Summary (L156): ``TENSIONS``, ``tension``, ``naval_tension``.
- Casus Belli Summary (L1): ``casus_belli_on_placement``, ``casus_belli_event``.
- Bonus Victory Point Summary (L242): ``treaty_vp``, ``final_vp``, ``immediate_vp``.
- Chinese Army Placement Table (L1), Minor Powers Activity Table (L206), Unrest Tables A-D
  (L587-588): ``chinese_armies``, ``minor_active``, ``minor_activity``, ``unrest``.
- Game Turn Track (L363-453): ``TURN_YEARS``, ``great_war_penalty``, ``merchant_fleets``.

``charts()`` loads and checks the pack once; ``validate()`` counts it; every function
above is also a method of the loaded ``Charts``, so a pack in another folder (the
published game's values, say) can be played without touching code.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, RootModel

from ...engine import DataError
from ...engine.data import Record, load_pack
from ...engine.memo import Memo

HERE = Path(__file__).parent / "data"
GAME = "imperialism-1880"
KIND = "charts"

MARKERS = ("interest", "influence", "protectorate", "possession")  # the rows and columns of L58
STATUSES = (*MARKERS, "state")  # the columns of L916; "state" is the State/Dominion marker
CONTROL = frozenset({"protectorate", "possession", "state"})  # L819: Control = Protectorate or Possession; C12
POSSESSIONS = frozenset({"possession", "state"})  # L58 footnote: States and Dominions count as Possessions
CODES = ("NE", "XX", "RI", "ICB", "MCB")  # L58
RESULTS = ("AE", "AR", "EX", "½EX", "DR", "DE")  # L867, L915
UNREST_TABLES = ("A", "B", "C", "D")  # L587-588
STRENGTH = {"m10": 10, "m3": 3, "m1": 1}  # L819: the M10/M3/M1 units

# The records the rules refer to by id: a pack lacking one is refused.
TENSION_EVENTS = (
    "congress-called",
    "congress-unresolved-cb",
    "congress-defied",
    "downgrade",
    "war-declared",
    "war-end-determination",
    "naval-3-or-1",
    "naval-10",
    "treaty-broken",
    "minor-not-aided",
    "separate-peace",
)
CB_EVENTS = (
    "status-placement",
    "treaty-broken",
    "random-event-2-2",
    "treaty-with-belligerent",
    "codominion-entered",
    "straits-denied",
)
FINAL_RULES = (
    "east-west-africa",
    "north-south-africa",
    "china",
    "anatolia-quwait-tripoli",
    "defensive-treaties",
    "britain-no-german-naval-10",
    "britain-india",
    "japan-china",
    "japan-southeast-asia",
    "usa-west-map",
    "usa-china",
    "italy-mediterranean",
)
IMMEDIATE_EVENTS = ("canal", "minor-not-aided")


# ----- the records, as charts.json holds them ---------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cell(_Strict):
    """One result of a die-roll row: die faces low..high give the area."""

    low: int = Field(ge=1, le=6)
    high: int = Field(ge=1, le=6)
    area: str


class Income(_Strict):
    income: int = Field(ge=0)
    maintenance: int = Field(ge=0)
    net: int  # as the sheet prints it in brackets; checked against income - maintenance


class CrtRecord(Record):
    table: Literal["crt"]
    id: str
    name: str
    when: str
    smaller_sp_min: int = Field(ge=1)
    smaller_sp_max: Optional[int] = Field(ge=1)
    columns: list[str]
    rows: dict[int, list[str]]


class CrtResultRecord(Record):
    table: Literal["crt-result"]
    id: str
    name: str
    colonial: str
    war: str


class PlacementRecord(Record):
    table: Literal["placement"]
    id: str
    placing: str
    cells: dict[str, tuple[str, str]]  # marker present -> (established, unestablished)


class PlacementCodeRecord(Record):
    table: Literal["placement-code"]
    id: str
    text: str


class PlacementNoteRecord(Record):
    table: Literal["placement-note"]
    id: str
    text: str


class IncomeRecord(Record):
    table: Literal["income"]
    id: str
    ev: int = Field(ge=1)
    cells: dict[str, Optional[Income]]  # None: N/A


class UpkeepRecord(Record):
    table: Literal["upkeep"]
    id: str
    text: str
    garrisoned: list[str]
    free: list[str]


class TensionRecord(Record):
    table: Literal["tension"]
    id: str
    amount: int
    text: str
    exempt: list[str] = []


class CbListRecord(Record):
    table: Literal["cb-area-list"]
    id: str
    holder: str
    map: Optional[Literal["east", "west"]]
    areas: list[str]
    exceptions: list[str]
    except_started_with_control: bool
    text: str


class CbSourceRecord(Record):
    table: Literal["cb-source"]
    id: str
    text: str
    holders: str


class TreatyVpRecord(Record):
    table: Literal["vp-treaty"]
    id: str
    between: list[str]
    isolated: Optional[str]
    awarded: list[str]
    vp: int


class FinalVpRecord(Record):
    table: Literal["vp-final"]
    id: str
    award_to: Optional[str]  # None: any power
    vp: int
    text: str
    areas: list[str] = []
    from_areas: list[str] = []
    to_areas: list[str] = []
    ignore: list[str] = []
    at_least: Optional[int] = Field(default=None, ge=1)
    tag: Optional[str] = None
    map: Optional[Literal["east", "west"]] = None
    power: Optional[str] = None


class ImmediateVpRecord(Record):
    table: Literal["vp-immediate"]
    id: str
    vp: int
    text: str


class ChineseArmyRecord(Record):
    table: Literal["chinese-army"]
    id: str
    row: int = Field(ge=1, le=6)
    cells: list[Cell]


class MinorActiveRecord(Record):
    table: Literal["minor-active"]
    id: str
    active_on: list[int]


class MinorTargetRecord(Record):
    table: Literal["minor-target"]
    id: str
    roll: int
    targets: dict[str, str]


class UnrestRecord(Record):
    table: Literal["unrest"]
    id: str
    unrest: Literal["A", "B", "C", "D"]
    row: Optional[int] = Field(ge=1, le=6)  # None for table B, a single die
    cells: list[Cell]


class TurnRecord(Record):
    table: Literal["turn"]
    id: str
    year: int
    great_war_penalty: int


class MerchantFleetRecord(Record):
    table: Literal["merchant-fleets"]
    id: str
    entries: list[str]


ChartRecord = Annotated[
    Union[
        CrtRecord,
        CrtResultRecord,
        PlacementRecord,
        PlacementCodeRecord,
        PlacementNoteRecord,
        IncomeRecord,
        UpkeepRecord,
        TensionRecord,
        CbListRecord,
        CbSourceRecord,
        TreatyVpRecord,
        FinalVpRecord,
        ImmediateVpRecord,
        ChineseArmyRecord,
        MinorActiveRecord,
        MinorTargetRecord,
        UnrestRecord,
        TurnRecord,
        MerchantFleetRecord,
    ],
    Field(discriminator="table"),
]


class ChartFile(RootModel[ChartRecord]):
    """Any record of charts.json, told apart by its ``table``."""


# ----- the facts the console uses ---------------------------------------------------------------


@dataclass(frozen=True)
class CrtResult:
    code: str
    name: str
    colonial: str  # what it means in Colonial Combat (L867, L915)
    war: str  # what it means in War


@dataclass(frozen=True)
class Combat:
    """One combat resolved on the Combat Results Tables (L867, L915) and what it requires."""

    attacker_sp: int
    defender_sp: int
    table: int  # 1 or 2
    column: str  # "1-10" ... "10-1"
    roll: int
    result: str  # "AE", "AR", "EX", "½EX", "DR", "DE"
    eliminated: tuple  # the sides eliminated outright ("attacker", "defender")
    retreat_or_eliminate: Optional[str]  # AR/DR: that side's owner chooses to retreat or eliminate (C5)
    larger: Optional[str]  # EX, ½EX: the side that survives, losing at least ``larger_loss`` SP (C4)
    larger_loss: int  # EX: the smaller force's SP; ½EX: half of it, rounded up (C4)
    text: str


@dataclass(frozen=True)
class PlacementEffects:
    """What placing one Status marker does (L58), against every marker of another power present."""

    allowed: bool  # False if any cell is XX (prohibited)
    codes: tuple  # ((owner, status, established, code), ...) per marker of another power present
    casus_belli: tuple  # ((holder, against), ...)
    removed: tuple  # ((owner, "interest"), ...) the Interest markers removed (RI); the placer's own if it is
    eti: int  # European Tensions Index increase (C8: +1 per Interest removed)
    lines: tuple  # what to do, in words, for the referee and the log


@dataclass(frozen=True)
class Tension:
    id: str
    amount: int
    text: str
    exempt: frozenset  # powers that build Naval units without raising the ETI (L156)


@dataclass(frozen=True)
class CbList:
    id: str
    holder: str  # the power that gains the Casus Belli against the placer
    map: Optional[str]  # "west": every area of that map
    areas: frozenset  # area ids
    exceptions: frozenset  # area ids
    except_started_with_control: bool
    text: str


@dataclass(frozen=True)
class TreatyBonus:
    id: str
    between: frozenset  # the two powers of the defensive treaty; empty for an isolation bonus
    isolated: Optional[str]  # the power that must have no defensive treaty
    awarded: tuple
    vp: int


@dataclass(frozen=True)
class FinalRule:
    id: str
    award_to: Optional[str]
    vp: int
    text: str
    areas: frozenset
    from_areas: frozenset
    to_areas: frozenset
    ignore: frozenset
    at_least: Optional[int]
    tag: Optional[str]
    map: Optional[str]
    power: Optional[str]


def _status(status: str) -> str:
    """A Status marker's name; 'dominion' is the same marker as 'state' (L916)."""
    s = str(status).lower().replace("/", "-")
    if s in ("dominion", "state-dominion", "states", "dominions"):
        return "state"
    if s not in STATUSES:
        raise ValueError(f"unknown Status marker {status!r}: one of {', '.join(STATUSES)} (or dominion)")
    return s


def _marker(status: str) -> str:
    """The row or column of L58 for a marker: States and Dominions are treated as Possessions."""
    s = _status(status)
    return "possession" if s == "state" else s


def _die(roll: int, what: str = "die roll", low: int = 1, high: int = 6) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int) or not low <= roll <= high:
        raise ValueError(f"{what} must be {low}-{high}, not {roll!r}")
    return roll


def _ratio(label: str) -> Fraction:
    a, _, b = label.partition("-")
    return Fraction(int(a), int(b))


@dataclass(frozen=True, eq=False)
class Charts:
    world: object  # the world pack (data.pack()): areas with map, land, tags; powers
    crt_tables: dict  # 1/2 -> {roll: (9 results)}
    crt_smaller: dict  # 1/2 -> (least SP of the smaller force, most or None)
    columns: tuple  # "1-10" ... "10-1"
    ratios: tuple  # the columns as Fractions, attacker:defender
    results: dict  # code -> CrtResult
    placement_cells: dict  # (placing, present) -> (established, unestablished)
    codes: dict  # NE/XX/RI/ICB/MCB -> the sheet's words
    income_rows: dict  # ev -> {status: (income, maintenance) or None}
    garrisoned: frozenset  # statuses needing an army unit (L916)
    free_statuses: frozenset  # statuses whose units pay no maintenance (L916)
    tensions: dict  # event -> Tension
    cb_lists: tuple  # CbList, in sheet order
    cb_sources: dict  # event -> (text, holders)
    treaty_bonuses: tuple  # TreatyBonus
    final_rules: dict  # id -> FinalRule
    immediate: dict  # event -> (vp, text)
    chinese_rows: dict  # row -> (area id for die 1..6)
    minor_rolls: dict  # minor -> frozenset of activity rolls
    minor_targets: dict  # 2D6 total -> {minor: area id}
    unrest_rows: dict  # "A".."D" -> {row or None: (area id for die 1..6)}
    turns: tuple  # ((year, Great War penalty), ...)
    merchant_fleet_entries: tuple  # powers, in the sheet's order (L413-453)

    # ----- Status Marker Placement Effects Summary (L58) -----

    def placement(self, placing: str, present: str, established: bool) -> str:
        """L58: the code for placing ``placing`` where another power's ``present`` marker
        stands, established or not: NE, XX, RI, ICB or MCB. A State/Dominion counts as a
        Possession, placed or present (L58 footnote)."""
        est, unest = self.placement_cells[(_marker(placing), _marker(present))]
        return est if established else unest

    def placement_effects(self, placer: str, placing: str, present: Iterable) -> PlacementEffects:
        """L58 applied to one placement: ``present`` lists the markers already in the area as
        (owner, status, established). The placer's own markers are no conflict (C7). Any XX
        forbids the placement and nothing else happens; otherwise every cell applies: RI
        removes the Interest involved and raises the ETI (C8), ICB gives the owner of the
        Influence involved a Casus Belli against the other power (C9), MCB gives each a
        Casus Belli against the other."""
        row = _marker(placing)
        name = self.power_name
        codes, cbs, removed, lines = [], [], [], []
        for owner, status, established in present:
            if owner == placer:
                continue
            col = _marker(status)
            code = self.placement(row, col, bool(established))
            codes.append((owner, _status(status), bool(established), code))
        if any(c[3] == "XX" for c in codes):
            bars = [f"{name(o)}'s {'established' if e else 'unestablished'} {s}" for o, s, e, c in codes if c == "XX"]
            return PlacementEffects(
                False,
                tuple(codes),
                (),
                (),
                0,
                (
                    f"Prohibited (L58 XX): {name(placer)} may not place {_status(placing)} here because of "
                    f"{', '.join(bars)}.",
                ),
            )
        for owner, status, _established, code in codes:
            col = _marker(status)
            if code == "RI":
                loser = owner if col == "interest" else placer  # C8: the Interest involved
                if (loser, "interest") not in removed:
                    removed.append((loser, "interest"))
                    lines.append(f"Remove {name(loser)}'s Interest marker (L58 RI); the European Tensions Index rises.")
            elif code == "ICB":
                if row == "influence":
                    holder, against = placer, owner
                else:
                    holder, against = owner, placer
                if (holder, against) not in cbs:
                    cbs.append((holder, against))
                lines.append(f"{name(holder)} gains a Casus Belli against {name(against)} (L58 ICB).")
            elif code == "MCB":
                for pair in ((owner, placer), (placer, owner)):
                    if pair not in cbs:
                        cbs.append(pair)
                lines.append(f"{name(placer)} and {name(owner)} each gain a Casus Belli against the other (L58 MCB).")
        eti = len(removed) * self.tension("downgrade")
        if not lines:
            lines.append("No effect (L58 NE).")
        return PlacementEffects(True, tuple(codes), tuple(cbs), tuple(removed), eti, tuple(lines))

    # ----- Combat Results Tables (L867, L915) -----

    def odds(self, attacker_sp: int, defender_sp: int) -> str:
        """The column for attacker_sp:defender_sp (L867, L915): the highest column whose ratio
        the attack reaches, i.e. rounded in the defender's favour (C1); anything below 1-3 is
        1-10, anything from 10-1 up is 10-1 (C2)."""
        a, d = _sp(attacker_sp, "attacker"), _sp(defender_sp, "defender")
        column = self.columns[0]
        for label, r in zip(self.columns, self.ratios, strict=True):
            if a * r.denominator >= d * r.numerator:
                column = label
        return column

    def crt_table(self, attacker_sp: int, defender_sp: int) -> int:
        """1 when the smaller force has fewer than 5 strength points (L867), 2 when it has 5
        or more (L915)."""
        smaller = min(_sp(attacker_sp, "attacker"), _sp(defender_sp, "defender"))
        for n, (low, high) in self.crt_smaller.items():
            if low <= smaller and (high is None or smaller <= high):
                return n
        raise ValueError(f"no Combat Results Table for a smaller force of {smaller} SP")

    def crt(self, attacker_sp: int, defender_sp: int, roll: int) -> str:
        """L867/L915: the result of one die roll on the right table and column."""
        n = self.crt_table(attacker_sp, defender_sp)
        column = self.columns.index(self.odds(attacker_sp, defender_sp))
        return self.crt_tables[n][_die(roll)][column]

    def combat(self, attacker_sp: int, defender_sp: int, roll: int, context: str = "colonial") -> Combat:
        """The whole result (L867, L915) with what it requires: who is eliminated, who must
        retreat or be eliminated (the owner's choice, C5), and for EX and ½EX the smaller
        force eliminated and the least SP the larger loses (C4). ``context`` is "colonial"
        (Colonial Combat) or "war"."""
        a, d = _sp(attacker_sp, "attacker"), _sp(defender_sp, "defender")
        result = self.crt(a, d, roll)
        eliminated: tuple = ()
        retreat = larger = None
        loss = 0
        if result == "AE":
            eliminated = ("attacker",)
        elif result == "DE":
            eliminated = ("defender",)
        elif result == "AR":
            retreat = "attacker"
        elif result == "DR":
            retreat = "defender"
        else:
            smaller = "attacker" if a <= d else "defender"  # C4: equal forces, the attacker is the smaller
            larger = "defender" if smaller == "attacker" else "attacker"
            lost = a if smaller == "attacker" else d
            loss = lost if result == "EX" else math.ceil(lost / 2)
            eliminated = (smaller,)
        return Combat(
            a,
            d,
            self.crt_table(a, d),
            self.odds(a, d),
            roll,
            result,
            eliminated,
            retreat,
            larger,
            loss,
            self.result_text(result, context, a, d),
        )

    def result_text(
        self, result: str, context: str = "colonial", attacker_sp: int | None = None, defender_sp: int | None = None
    ) -> str:
        """The sheet's words for a result (L867, L915), Colonial Combat or War; given the
        forces, EX and ½EX also say who is eliminated and how many SP the other loses."""
        if context not in ("colonial", "war"):
            raise ValueError(f"context must be 'colonial' or 'war', not {context!r}")
        r = self.results.get(result)
        if r is None:
            raise ValueError(f"unknown combat result {result!r}: one of {', '.join(self.results)}")
        text = f"{r.code} - {r.name}: {r.colonial if context == 'colonial' else r.war}"
        if result in ("EX", "½EX") and attacker_sp is not None and defender_sp is not None:
            a, d = attacker_sp, defender_sp
            smaller, larger = ("attacker", "defender") if a <= d else ("defender", "attacker")
            lost = min(a, d)
            need = lost if result == "EX" else math.ceil(lost / 2)
            text += (
                f" The {smaller} ({lost} SP) is eliminated; the {larger} eliminates units of at least {need} SP"
                " of its own choice."
            )
        return text

    # ----- Income/Maintenance Cost Analysis (L916) -----

    def income(self, status: str, ev: int) -> tuple[int, int]:
        """L916: (income, maintenance) of one Status marker in an area of economic value
        ``ev``. A State/Dominion exists only where the chart allows it (EV 5, 6, 8, 9: N/A
        elsewhere, C10)."""
        s = _status(status)
        row = self.income_rows.get(ev)
        if row is None:
            raise ValueError(f"the income chart (L916) has no row for economic value {ev!r}")
        cell = row.get(s)
        if cell is None:
            raise ValueError(f"no {s} in an area of economic value {ev}: N/A on the income chart (L916, C10)")
        return cell

    def net_income(self, status: str, ev: int) -> int:
        """L916: income less maintenance, the figure in brackets."""
        inc, mnt = self.income(status, ev)
        return inc - mnt

    def state_eligible(self, ev: int) -> bool:
        """L916: whether an area of this economic value may become a State or Dominion."""
        return self.income_rows.get(ev, {}).get("state") is not None

    def garrison_required(self, status: str) -> bool:
        """L916 note: an area under a Protectorate or Possession pays the upkeep of at least
        one army unit (C11); Interest, Influence and State/Dominion areas do not."""
        return _status(status) in self.garrisoned

    def upkeep_free(self, status: str) -> bool:
        """L916 note: units in a State or Dominion pay no maintenance."""
        return _status(status) in self.free_statuses

    # ----- European Tensions Increase Summary (L156) -----

    def tension(self, event: str) -> int:
        """L156: the increase of the European Tensions Index for one event."""
        t = self.tensions.get(event)
        if t is None:
            raise ValueError(f"unknown tension event {event!r}: one of {', '.join(self.tensions)}")
        return t.amount

    def naval_tension(self, power: str, size: str) -> int:
        """L156: a Naval(3) or Naval(1) built raises the ETI 1, a Naval(10) 3, unless built by
        Britain, Japan or the United States."""
        event = {"m10": "naval-10", "m3": "naval-3-or-1", "m1": "naval-3-or-1"}.get(size)
        if event is None:
            raise ValueError(f"unknown unit {size!r}: one of m10, m3, m1")
        t = self.tensions[event]
        return 0 if power in t.exempt else t.amount

    # ----- Casus Belli Summary (L1) -----

    def casus_belli_on_placement(
        self,
        placer: str,
        area: str,
        started_with_control: bool,
        status: str = "possession",
        previous: str | None = None,
    ) -> list[str]:
        """L1: the powers that gain a Casus Belli against ``placer`` for placing a Control
        marker (Protectorate, Possession, or State/Dominion as a Possession) in ``area``: the
        USA anywhere on the West map except Hawaii and areas that began the game with a
        Control marker; Britain, Austria-Hungary and Russia for their lists. No power gains
        one against itself; Interest and Influence raise none of these, nor does raising the
        placer's own Control marker (``previous``) to a higher one (C13)."""
        if _status(status) not in CONTROL or (previous is not None and _status(previous) in CONTROL):
            return []
        a = self.world.areas[area]
        holders: list[str] = []
        for lst in self.cb_lists:
            if lst.holder == placer or lst.holder in holders:
                continue
            if lst.map is not None:
                hit = (
                    a.map == lst.map
                    and area not in lst.exceptions
                    and not (lst.except_started_with_control and started_with_control)
                )
            else:
                hit = area in lst.areas
            if hit:
                holders.append(lst.holder)
        return holders

    def casus_belli_event(self, event: str, **parties) -> list[tuple[str, str]]:
        """L1: the Casus Belli (holder, against) of the summary's other sources (C14):
        - "treaty-broken": breaker=, parties=[...]: each other party against the breaker;
        - "random-event-2-2": the USA against Spain;
        - "treaty-with-belligerent": holder=, against=: as the treaty's stipulations say;
        - "codominion-entered": neutral=, invader=: the neutral against the invading power;
        - "straits-denied": neutral=, alliance=[...]: each power of the alliance against the neutral.
        Status marker placement is ``placement_effects``."""
        if event not in self.cb_sources:
            raise ValueError(f"unknown Casus Belli source {event!r}: one of {', '.join(self.cb_sources)}")
        if event == "treaty-broken":
            breaker = parties["breaker"]
            return [(p, breaker) for p in parties["parties"] if p != breaker]
        if event == "random-event-2-2":
            return [("usa", "spain")]
        if event == "treaty-with-belligerent":
            return [(parties["holder"], parties["against"])]
        if event == "codominion-entered":
            return [(parties["neutral"], parties["invader"])]
        if event == "straits-denied":
            return [(p, parties["neutral"]) for p in parties["alliance"]]
        raise ValueError("a Status marker placement's Casus Belli come from placement_effects (L58)")

    # ----- Bonus Victory Point Summary (L242) -----

    def treaty_vp(self, treaties: Iterable) -> dict[str, int]:
        """L242 part 1: the 2 VP of each defensive treaty listed, in force during the Victory
        Point Record phase, and Germany's 2 VP while France has no defensive alliance (C19).
        ``treaties`` are the treaties in force, as pairs of powers (all defensive) or as
        (power, power, kind), of which only kind "defensive" counts."""
        pairs = _defensive(treaties)
        out = {p: 0 for p in self.great_powers}
        for b in self.treaty_bonuses:
            if b.between:
                hit = b.between in pairs
            else:
                hit = not any(b.isolated in pair for pair in pairs)
            if hit:
                for p in b.awarded:
                    out[p] = out.get(p, 0) + b.vp
        return out

    def final_vp(
        self, statuses: Iterable, treaties: Iterable = (), naval10: Mapping | None = None
    ) -> dict[str, list[tuple[str, int]]]:
        """L242 part 2: each Great Power's end-of-game awards and penalties, as (rule, VP).
        ``statuses`` are the markers in play as (power, area, status[, established]), minor
        powers' included; ``treaties`` the treaties in force as for ``treaty_vp``;
        ``naval10`` the Naval(10) units in play per power (a number, or the power's naval
        units by size, {"m10": n, ...}). Control is a Protectorate, Possession or
        State/Dominion, established or not (C12)."""
        control: dict = {}
        possess: dict = {}
        for entry in statuses:
            power, area, status = entry[0], entry[1], _status(entry[2])
            if area not in self.world.areas:
                raise ValueError(f"unknown area {area!r}")
            if status in CONTROL:
                control.setdefault(power, set()).add(area)
            if status in POSSESSIONS:
                possess.setdefault(power, set()).add(area)
        pairs = _defensive(treaties)
        navies = {p: (n.get("m10", 0) if isinstance(n, Mapping) else n) for p, n in (naval10 or {}).items()}
        out: dict = {p: [] for p in self.great_powers}
        rules = self.final_rules

        def others(power: str | None, areas: frozenset | set) -> bool:
            """Whether a power other than ``power`` (any power if None) controls one of ``areas``."""
            return any(q != power and held & areas for q, held in control.items())

        for p in self.great_powers:
            mine = control.get(p, set())
            got = out[p]
            for rid in ("east-west-africa", "north-south-africa"):
                r = rules[rid]
                if self._linked(mine, r.from_areas, r.to_areas):
                    got.append((rid, r.vp))
            r = rules["china"]
            china = self._china(r)
            if len(mine & china) >= r.at_least and not others(p, china):
                got.append(("china", r.vp))
            r = rules["anatolia-quwait-tripoli"]
            if r.areas <= mine:
                got.append((r.id, r.vp))
            r = rules["defensive-treaties"]
            partners = {q for pair in pairs if p in pair for q in pair if q != p and q in self.great_powers}
            if len(partners) >= r.at_least:
                got.append((r.id, r.vp))
        r = rules["britain-no-german-naval-10"]
        if navies.get(r.power, 0) == 0:
            out[r.award_to].append((r.id, r.vp))
        r = rules["britain-india"]
        if len(possess.get(r.award_to, set()) & r.areas) < r.at_least:
            out[r.award_to].append((r.id, r.vp))
        r = rules["japan-china"]
        china = self._china(r)
        if possess.get(r.award_to, set()) & china and not others(r.award_to, china):
            out[r.award_to].append((r.id, r.vp))
        r = rules["japan-southeast-asia"]
        if not others(r.award_to, r.areas):
            out[r.award_to].append((r.id, r.vp))
        r = rules["usa-west-map"]
        west = {a for a, area in self.world.areas.items() if area.map == r.map} - r.ignore
        if not others(r.award_to, west):
            out[r.award_to].append((r.id, r.vp))
        r = rules["usa-china"]
        if not others(None, self._china(r)):
            out[r.award_to].append((r.id, r.vp))
        r = rules["italy-mediterranean"]
        if not others(r.award_to, r.areas):
            out[r.award_to].append((r.id, r.vp))
        return out

    def _china(self, rule: FinalRule) -> frozenset:
        """The Chinese Empire areas of a rule, Hong Kong ignored (L242, C17)."""
        return frozenset(a for a, area in self.world.areas.items() if rule.tag in area.tags) - rule.ignore

    def _linked(self, held: set, start: frozenset, goal: frozenset) -> bool:
        """Whether an overland chain of areas the power controls joins one of ``start`` to one
        of ``goal`` (L242, C16)."""
        todo = deque(sorted(held & start))
        seen = set(todo)
        while todo:
            here = todo.popleft()
            if here in goal:
                return True
            for there in self.world.areas[here].land:
                if there in held and there not in seen:
                    seen.add(there)
                    todo.append(there)
        return False

    def african_path(self, held: Iterable, rule: str) -> list[str] | None:
        """The overland chain of controlled areas that earns "east-west-africa" or
        "north-south-africa" (L242), shortest first, or None: for the turn report."""
        r = self.final_rules[rule]
        held = set(held)
        back: dict = {a: None for a in sorted(held & r.from_areas)}
        todo = deque(back)
        while todo:
            here = todo.popleft()
            if here in r.to_areas:
                path = [here]
                while back[path[-1]] is not None:
                    path.append(back[path[-1]])
                return path[::-1]
            for there in sorted(self.world.areas[here].land):
                if there in held and there not in back:
                    back[there] = here
                    todo.append(there)
        return None

    def immediate_vp(self, event: str) -> int:
        """L242 parts 3 and 4: +15 for the first Caribbean/South Pacific Canal, -5 for failing
        to aid a Minor Power one declared support for in a Status dispute."""
        if event not in self.immediate:
            raise ValueError(f"unknown immediate award {event!r}: one of {', '.join(self.immediate)}")
        return self.immediate[event][0]

    def power_name(self, power: str) -> str:
        p = self.world.powers.get(power)
        return p.name if p is not None else power

    @property
    def great_powers(self) -> tuple:
        return tuple(p for p, power in self.world.powers.items() if power.kind == "great")

    @property
    def minor_powers(self) -> tuple:
        return tuple(p for p, power in self.world.powers.items() if power.kind == "minor")

    # ----- the random tables (L1, L206, L587-588) -----

    def chinese_armies(self, count_roll: int, placements: Iterable) -> list[str]:
        """L1, Chinese Army Placement: one die gives the number of Chinese armies; each army's
        two dice (row, then area) give where it appears (C24). ``placements`` holds one
        (row_roll, area_roll) per army."""
        n = _die(count_roll, "the number of Chinese armies roll")
        rolls = list(placements)
        if len(rolls) != n:
            raise ValueError(f"{n} Chinese armies need {n} pairs of dice, not {len(rolls)}")
        return [self.chinese_rows[_die(r, "row roll")][_die(d, "area roll") - 1] for r, d in rolls]

    def minor_active(self, minor: str, activity_roll: int) -> bool:
        """L206: Belgium is active on 1-3, the Netherlands on 1-2, Portugal and Spain on 1."""
        if minor not in self.minor_rolls:
            raise ValueError(f"{minor!r} is not a minor power of the activity table (L206)")
        return _die(activity_roll, "activity roll") in self.minor_rolls[minor]

    def minor_activity(self, minor: str, activity_roll: int, target_roll: int | None = None) -> str | None:
        """L206: the area where the minor power acts (target_roll: two dice, their total), or
        None when it is not active. What it does there is the referee's, prompted (C22)."""
        if not self.minor_active(minor, activity_roll):
            return None
        if target_roll is None:
            raise ValueError(f"{minor} is active: roll two dice for its target (L206)")
        return self.minor_targets[_die(target_roll, "target roll (2D6)", 2, 12)][minor]

    def unrest(self, table: str, rolls: int | Iterable[int]) -> str:
        """L587-588: the area of unrest. Tables A and C: two dice, the first the row, the
        second the area; table B: one die; table D: the first die the row, the second
        1-2, 3-4 or 5-6."""
        if table not in self.unrest_rows:
            raise ValueError(f"unknown Unrest Table {table!r}: one of {', '.join(self.unrest_rows)}")
        dice = [rolls] if isinstance(rolls, int) else list(rolls)
        rows = self.unrest_rows[table]
        if None in rows:
            if len(dice) != 1:
                raise ValueError(f"Unrest Table {table} takes one die, not {len(dice)}")
            return rows[None][_die(dice[0]) - 1]
        if len(dice) != 2:
            raise ValueError(f"Unrest Table {table} takes two dice (row, then area), not {len(dice)}")
        return rows[_die(dice[0], "row roll")][_die(dice[1], "area roll") - 1]

    # ----- Game Turn Track (L363-453) -----

    @property
    def turn_years(self) -> tuple:
        return tuple(y for y, _ in self.turns)

    def great_war_penalty(self, year: int) -> int:
        """L387-405: the Great War penalty of a year of the turn track (1916: 0, L407, C20)."""
        for y, penalty in self.turns:
            if y == year:
                return penalty
        raise ValueError(f"{year!r} is not a year of the turn track: {', '.join(map(str, self.turn_years))}")

    def merchant_fleets(self) -> tuple:
        """L409-453: the Merchant Fleet entries in the sheet's order (their years are lost, C21)."""
        return self.merchant_fleet_entries

    def merchant_fleet_totals(self) -> dict[str, int]:
        """L413-453: how many Merchant Fleet entries each power has over the game (C21)."""
        return dict(Counter(self.merchant_fleet_entries))


def _defensive(treaties: Iterable) -> set:
    """The defensive treaties among ``treaties``: pairs, or (power, power, kind) triples."""
    out = set()
    for t in treaties:
        t = tuple(t)
        if len(t) == 3:
            if t[2] != "defensive":
                continue
            t = t[:2]
        if len(t) != 2 or t[0] == t[1]:
            raise ValueError(f"a treaty is between two powers: {t!r}")
        out.add(frozenset(t))
    return out


def _sp(sp: int, side: str) -> int:
    if isinstance(sp, bool) or not isinstance(sp, int) or sp < 1:
        raise ValueError(f"the {side} needs at least 1 strength point, not {sp!r}")
    return sp


# ----- prompts for what the sheet leaves to the referee ------------------------------------------


def minor_prompt(minor: str, area_name: str) -> str:
    """C22: what the console offers the referee when a minor power is active (L206)."""
    return (
        f"{minor} is active in {area_name} (L206). The sheet does not say what it does; by ruling C22 it "
        "places its next Status marker there (Interest, then Influence, Protectorate, Possession), within "
        "its counter mix, and the placement matrix (L58) applies with it as the placer. Enter what it does."
    )


def unrest_prompt(area_name: str, table: str) -> str:
    """C23: what the console offers the referee when an area falls to unrest (L587-588)."""
    return (
        f"Unrest in {area_name} (Unrest Table {table}, L587-588). The sheet does not say what unrest does; by "
        "ruling C23 the power holding its highest Status marker there either fights it as Colonial Combat with "
        "the area's garrison or has that marker become unestablished. Enter the outcome."
    )


# ----- loading -----------------------------------------------------------------------------------


def _world(world):
    if world is not None:
        return world
    from .data import pack as world_pack

    return world_pack()


@cache
def _default() -> Charts:
    return _build(HERE, None)


def charts(directory: Path | str | None = None, world=None) -> Charts:
    """The charts, checked, their areas resolved against ``world`` (the game's world,
    data.pack(), unless another is given). The game's own are loaded once and kept."""
    if directory is None and world is None:
        return _default()
    return _build(Path(directory) if directory is not None else HERE, world)


charts.cache_clear = _default.cache_clear  # type: ignore[attr-defined]


def validate(directory: Path | str | None = None, world=None) -> dict[str, int]:
    """Check the charts (the game's own unless a folder is given) and count what they hold;
    DataError naming record and problem if anything is wrong."""
    c = charts(directory, world) if directory is not None or world is not None else _build(HERE, None)
    return {
        "combat tables": len(c.crt_tables),
        "combat cells": sum(len(row) for t in c.crt_tables.values() for row in t.values()),
        "placement cells": 2 * len(c.placement_cells),
        "income rows": len(c.income_rows),
        "tension events": len(c.tensions),
        "casus belli lists": len(c.cb_lists),
        "casus belli sources": len(c.cb_sources),
        "treaty bonuses": len(c.treaty_bonuses),
        "end-of-game rules": len(c.final_rules),
        "immediate awards": len(c.immediate),
        "chinese army rows": len(c.chinese_rows),
        "minor target rows": len(c.minor_targets),
        "unrest rows": sum(len(rows) for rows in c.unrest_rows.values()),
        "turns": len(c.turns),
        "merchant fleet entries": len(c.merchant_fleet_entries),
    }


def _read(directory: Path) -> tuple[Path, dict]:
    path = directory / "charts.json"
    by_table: dict = {}
    seen: set = set()
    for wrapped in load_pack(path, GAME, KIND, ChartFile):
        rec = wrapped.root
        key = (rec.table, rec.id)
        if key in seen:
            raise DataError(f"{path.name}: the {rec.table} record {rec.id!r} is there twice")
        seen.add(key)
        by_table.setdefault(rec.table, {})[rec.id] = rec
    return path, by_table


def _build(directory: Path, world) -> Charts:
    path, recs = _read(directory)
    w = _world(world)
    problems: list = []
    c = _check_and_assemble(recs, w, problems)
    if problems:
        more = f" (and {len(problems) - 20} more)" if len(problems) > 20 else ""
        raise DataError(f"{GAME} charts in {path}: " + "; ".join(problems[:20]) + more)
    return c


def _bad(problems: list, rec, message: str) -> None:
    problems.append(f"{rec.table} record {rec.id!r}: {message}")


def _check_and_assemble(recs: dict, world, problems: list) -> Charts | None:
    """Check every table against what the sheet and the rules need, and resolve area names."""

    def table(name: str) -> dict:
        return recs.get(name, {})

    def area(rec, name: str) -> str | None:
        try:
            return world.resolve(name)
        except (KeyError, ValueError, DataError):
            _bad(problems, rec, f"names the area {name!r}, which the world does not know")
            return None

    def areas(rec, names: Iterable[str]) -> frozenset:
        return frozenset(a for a in (area(rec, n) for n in names) if a is not None)

    def power(rec, name: str | None, what: str) -> None:
        if name is not None and name not in world.powers:
            _bad(problems, rec, f"{what} {name!r} is no power of the world")

    def cover(rec, cells: list) -> tuple:
        """The area for each die 1..6, every face exactly once."""
        faces: dict = {}
        for cell in cells:
            if cell.low > cell.high:
                _bad(problems, rec, f"the range {cell.low}-{cell.high} is empty")
            for face in range(cell.low, cell.high + 1):
                if face in faces:
                    _bad(problems, rec, f"gives the die face {face} twice")
                faces[face] = area(rec, cell.area)
        missing = [f for f in range(1, 7) if f not in faces]
        if missing:
            _bad(problems, rec, f"gives no area for the die face(s) {missing}")
        return tuple(faces.get(f) for f in range(1, 7))

    def required(name: str, ids: Iterable[str]) -> None:
        lacking = [i for i in ids if i not in table(name)]
        if lacking:
            problems.append(f"no {name} record for {', '.join(lacking)}")

    # Combat results (L867, L915)
    results = {r.id: CrtResult(r.id, r.name, r.colonial, r.war) for r in table("crt-result").values()}
    required("crt-result", RESULTS)
    crt_tables, crt_smaller, columns = {}, {}, None
    for rec in sorted(table("crt").values(), key=lambda r: r.smaller_sp_min):
        n = len(crt_tables) + 1
        if columns is None:
            columns = tuple(rec.columns)
        elif tuple(rec.columns) != columns:
            _bad(problems, rec, f"has the columns {rec.columns}, the other table {list(columns)}")
        if sorted(rec.rows) != [1, 2, 3, 4, 5, 6]:
            _bad(problems, rec, f"has rows for the rolls {sorted(rec.rows)}; a die gives 1-6")
        for roll, row in rec.rows.items():
            if len(row) != len(rec.columns):
                _bad(problems, rec, f"row {roll} has {len(row)} results for {len(rec.columns)} columns")
            unknown = sorted({x for x in row if x not in results})
            if unknown:
                _bad(problems, rec, f"row {roll} gives the result(s) {unknown}, which no crt-result record explains")
        if rec.smaller_sp_max is not None and rec.smaller_sp_max < rec.smaller_sp_min:
            _bad(problems, rec, "its smaller-force range is empty")
        crt_tables[n] = {roll: tuple(row) for roll, row in rec.rows.items()}
        crt_smaller[n] = (rec.smaller_sp_min, rec.smaller_sp_max)
    bounds = list(crt_smaller.values())
    if not bounds:
        problems.append("no Combat Results Table (L867, L915)")
    else:
        if bounds[0][0] != 1:
            problems.append("the Combat Results Tables must start at a smaller force of 1 SP")
        for (_lo1, hi1), (lo2, _) in zip(bounds, bounds[1:], strict=False):
            if hi1 is None or hi1 + 1 != lo2:
                problems.append(f"the Combat Results Tables overlap or leave a gap at {lo2} SP")
        if bounds[-1][1] is not None:
            problems.append("the last Combat Results Table must take every larger force (no upper limit)")
    ratios: tuple = ()
    try:
        ratios = tuple(_ratio(col) for col in columns or ())
    except (ValueError, ZeroDivisionError):
        problems.append(f"the Combat Results Table columns {list(columns or ())} are not ratios like 3-2")
    if list(ratios) != sorted(set(ratios)):
        problems.append(f"the Combat Results Table columns {list(columns or ())} must rise, each once")

    # Status Marker Placement (L58)
    codes = {r.id: r.text for r in table("placement-code").values()}
    required("placement-code", CODES)
    cells: dict = {}
    for rec in table("placement").values():
        if rec.placing not in MARKERS:
            _bad(problems, rec, f"places {rec.placing!r}; the rows are {', '.join(MARKERS)}")
            continue
        if sorted(rec.cells) != sorted(MARKERS):
            _bad(problems, rec, f"has the columns {sorted(rec.cells)}; they are {', '.join(MARKERS)}")
        for present, pair in rec.cells.items():
            for code in pair:
                if code not in CODES:
                    _bad(problems, rec, f"gives {code!r} against {present}; the codes are {', '.join(CODES)}")
                elif code == "RI" and "interest" not in (rec.placing, present):
                    _bad(problems, rec, f"gives RI against {present}, but no Interest marker is involved (L58)")
                elif code == "ICB" and "influence" not in (rec.placing, present):
                    _bad(problems, rec, f"gives ICB against {present}, but no Influence marker is involved (L58)")
            cells[(rec.placing, present)] = tuple(pair)
    placed = [r.placing for r in table("placement").values()]
    for placing in MARKERS:
        if placed.count(placing) != 1:
            problems.append(
                f"placing {placing} needs exactly one row of the placement summary, not {placed.count(placing)} (L58)"
            )

    # Income (L916)
    income_rows: dict = {}
    for rec in sorted(table("income").values(), key=lambda r: r.ev):
        if sorted(rec.cells) != sorted(STATUSES):
            _bad(problems, rec, f"has the columns {sorted(rec.cells)}; they are {', '.join(STATUSES)}")
        row = {}
        for status, cell in rec.cells.items():
            if cell is not None and cell.income - cell.maintenance != cell.net:
                _bad(
                    problems,
                    rec,
                    f"{status}: {cell.income}/{cell.maintenance} nets {cell.income - cell.maintenance}, "
                    f"not {cell.net:+d}",
                )
            row[status] = None if cell is None else (cell.income, cell.maintenance)
        if rec.ev in income_rows:
            _bad(problems, rec, f"repeats the economic value {rec.ev}")
        income_rows[rec.ev] = row
    if sorted(income_rows) != list(range(1, len(income_rows) + 1)):
        problems.append(f"the income rows must run 1, 2, 3... without a gap, not {sorted(income_rows)}")
    upkeep = table("upkeep").get("army-upkeep")
    garrisoned: frozenset = frozenset()
    free: frozenset = frozenset()
    if upkeep is None:
        problems.append("no upkeep record 'army-upkeep' (L916)")
    else:
        for s in (*upkeep.garrisoned, *upkeep.free):
            if s not in STATUSES:
                _bad(problems, upkeep, f"names the unknown Status {s!r}")
        garrisoned, free = frozenset(upkeep.garrisoned), frozenset(upkeep.free)

    # Tensions (L156)
    required("tension", TENSION_EVENTS)
    tensions = {}
    for rec in table("tension").values():
        if rec.amount < 1:
            _bad(problems, rec, f"raises the European Tensions Index by {rec.amount}; L156 lists increases")
        for p in rec.exempt:
            power(rec, p, "exempts")
        tensions[rec.id] = Tension(rec.id, rec.amount, rec.text, frozenset(rec.exempt))

    # Casus Belli (L1)
    cb_lists = []
    for rec in table("cb-area-list").values():
        power(rec, rec.holder, "gives the Casus Belli to")
        if not rec.areas and rec.map is None:
            _bad(problems, rec, "names neither areas nor a map")
        cb_lists.append(
            CbList(
                rec.id,
                rec.holder,
                rec.map,
                areas(rec, rec.areas),
                areas(rec, rec.exceptions),
                rec.except_started_with_control,
                rec.text,
            )
        )
    required("cb-source", CB_EVENTS)
    cb_sources = {r.id: (r.text, r.holders) for r in table("cb-source").values()}

    # Victory Points (L242)
    bonuses = []
    for rec in table("vp-treaty").values():
        if (len(rec.between) == 2) == (rec.isolated is not None) or (rec.between and len(set(rec.between)) != 2):
            _bad(problems, rec, "a treaty bonus names either the two powers of a treaty or one isolated power")
        for p in (*rec.between, *rec.awarded):
            power(rec, p, "names")
        power(rec, rec.isolated, "isolates")
        if rec.between and not set(rec.awarded) <= set(rec.between):
            _bad(problems, rec, f"awards {rec.awarded}, not parties to the treaty {rec.between}")
        bonuses.append(TreatyBonus(rec.id, frozenset(rec.between), rec.isolated, tuple(rec.awarded), rec.vp))
    required("vp-final", FINAL_RULES)
    final = {}
    for rec in table("vp-final").values():
        power(rec, rec.award_to, "awards")
        power(rec, rec.power, "names")
        if rec.tag is not None and not any(rec.tag in a.tags for a in world.areas.values()):
            _bad(problems, rec, f"counts the areas tagged {rec.tag!r}, but no area of the world has that tag")
        final[rec.id] = FinalRule(
            rec.id,
            rec.award_to,
            rec.vp,
            rec.text,
            areas(rec, rec.areas),
            areas(rec, rec.from_areas),
            areas(rec, rec.to_areas),
            areas(rec, rec.ignore),
            rec.at_least,
            rec.tag,
            rec.map,
            rec.power,
        )
    needs = {
        "east-west-africa": ("from_areas", "to_areas"),
        "north-south-africa": ("from_areas", "to_areas"),
        "china": ("tag", "at_least"),
        "anatolia-quwait-tripoli": ("areas",),
        "defensive-treaties": ("at_least",),
        "britain-no-german-naval-10": ("award_to", "power"),
        "britain-india": ("award_to", "areas", "at_least"),
        "japan-china": ("award_to", "tag"),
        "japan-southeast-asia": ("award_to", "areas"),
        "usa-west-map": ("award_to", "map"),
        "usa-china": ("award_to", "tag"),
        "italy-mediterranean": ("award_to", "areas"),
    }
    for rid, fields in needs.items():
        rec = table("vp-final").get(rid)
        if rec is not None:
            lacking = [f for f in fields if getattr(rec, f) in (None, [], ())]
            if lacking:
                _bad(problems, rec, f"needs {', '.join(lacking)}")
    required("vp-immediate", IMMEDIATE_EVENTS)
    immediate = {r.id: (r.vp, r.text) for r in table("vp-immediate").values()}

    # Chinese Army Placement (L1)
    chinese = {}
    for rec in table("chinese-army").values():
        if rec.row in chinese:
            _bad(problems, rec, f"repeats row {rec.row}")
        chinese[rec.row] = cover(rec, rec.cells)
    if sorted(chinese) != [1, 2, 3, 4, 5, 6]:
        problems.append(f"the Chinese Army Placement Table needs rows 1-6, not {sorted(chinese)} (L1)")

    # Minor Powers Activity (L206)
    minor_rolls = {}
    for rec in table("minor-active").values():
        power(rec, rec.id, "is")
        if rec.id in world.powers and world.powers[rec.id].kind != "minor":
            _bad(problems, rec, "is a Great Power; the activity table is for the minor powers (L206)")
        if not rec.active_on or any(not 1 <= x <= 6 for x in rec.active_on):
            _bad(problems, rec, f"is active on {rec.active_on}; a die gives 1-6")
        minor_rolls[rec.id] = frozenset(rec.active_on)
    targets = {}
    for rec in table("minor-target").values():
        if rec.roll in targets:
            _bad(problems, rec, f"repeats the roll {rec.roll}")
        if sorted(rec.targets) != sorted(minor_rolls):
            _bad(problems, rec, f"gives targets for {sorted(rec.targets)}, not the minors {sorted(minor_rolls)}")
        targets[rec.roll] = {m: area(rec, name) for m, name in rec.targets.items()}
    if sorted(targets) != list(range(2, 13)):
        problems.append(f"the Minor Powers Activity Table needs the two-dice rolls 2-12, not {sorted(targets)} (L206)")

    # Unrest (L587-588)
    unrest_rows: dict = {t: {} for t in UNREST_TABLES}
    for rec in table("unrest").values():
        rows = unrest_rows[rec.unrest]
        if rec.row in rows:
            _bad(problems, rec, f"repeats row {rec.row} of Unrest Table {rec.unrest}")
        rows[rec.row] = cover(rec, rec.cells)
    for t, rows in unrest_rows.items():
        if list(rows) != [None] and sorted(rows, key=str) != [1, 2, 3, 4, 5, 6]:
            problems.append(f"Unrest Table {t} needs rows 1-6 or a single one-die row, not {list(rows)}")

    # Turn track (L363-453)
    turns = tuple(sorted((r.year, r.great_war_penalty) for r in table("turn").values()))
    years = [y for y, _ in turns]
    if not turns:
        problems.append("no turn track (L363-405)")
    elif any(b - a != 4 for a, b in zip(years, years[1:], strict=False)):
        problems.append(f"the turns must be four years apart (L367-385), not {years}")
    penalties = [p for _, p in turns]
    if any(p > 0 for p in penalties) or penalties != sorted(penalties):
        problems.append(f"the Great War penalties must be losses that ease as the years pass (L389-405): {penalties}")
    fleet = table("merchant-fleets").get("merchant-fleets")
    entries: tuple = ()
    if fleet is None:
        problems.append("no merchant-fleets record (L409-453)")
    else:
        for p in fleet.entries:
            power(fleet, p, "lists")
        entries = tuple(fleet.entries)

    if problems:
        return None
    return Charts(
        world=world,
        crt_tables=crt_tables,
        crt_smaller=crt_smaller,
        columns=columns,
        ratios=ratios,
        results=results,
        placement_cells=cells,
        codes=codes,
        income_rows=income_rows,
        garrisoned=garrisoned,
        free_statuses=free,
        tensions=tensions,
        cb_lists=tuple(cb_lists),
        cb_sources=cb_sources,
        treaty_bonuses=tuple(bonuses),
        final_rules=final,
        immediate=immediate,
        chinese_rows=chinese,
        minor_rolls=minor_rolls,
        minor_targets=targets,
        unrest_rows=unrest_rows,
        turns=turns,
        merchant_fleet_entries=entries,
    )


def public(directory: Path | str | None = None) -> dict:
    """The charts as plain JSON-ready data, for the turn report and the browser: area ids
    with the world's names."""
    c = charts(directory)
    name = {a: c.world.areas[a].name for a in c.world.areas}
    return {
        "crt": {
            str(n): {
                "smaller_sp": list(c.crt_smaller[n]),
                "columns": list(c.columns),
                "rows": {str(roll): list(row) for roll, row in t.items()},
            }
            for n, t in c.crt_tables.items()
        },
        "results": {r.code: {"name": r.name, "colonial": r.colonial, "war": r.war} for r in c.results.values()},
        "placement": {f"{p}/{q}": list(v) for (p, q), v in c.placement_cells.items()},
        "codes": dict(c.codes),
        "income": {str(ev): {s: (list(v) if v else None) for s, v in row.items()} for ev, row in c.income_rows.items()},
        "tensions": {t.id: {"amount": t.amount, "text": t.text} for t in c.tensions.values()},
        "casus_belli": {
            lst.id: {"holder": lst.holder, "map": lst.map, "areas": sorted(name[a] for a in lst.areas)}
            for lst in c.cb_lists
        },
        "chinese_armies": {str(r): [name[a] for a in row] for r, row in c.chinese_rows.items()},
        "minor_active": {m: sorted(v) for m, v in c.minor_rolls.items()},
        "minor_targets": {str(r): {m: name[a] for m, a in t.items()} for r, t in c.minor_targets.items()},
        "unrest": {
            t: {str(r) if r is not None else "-": [name[a] for a in row] for r, row in rows.items()}
            for t, rows in c.unrest_rows.items()
        },
        "turns": [{"year": y, "great_war_penalty": p} for y, p in c.turns],
        "merchant_fleets": list(c.merchant_fleet_entries),
    }


# ----- the module-level functions, on the game's own charts --------------------------------------


def placement(placing: str, present: str, established: bool) -> str:
    return charts().placement(placing, present, established)


_EFFECTS = Memo(4096)  # placement effects by placement asked, for the charts in use


def placement_effects(placer: str, placing: str, present: Iterable) -> PlacementEffects:
    """``Charts.placement_effects`` on the game's charts, remembered: a pure function of the
    placement, asked for every area and status whenever a power's placements are listed."""
    c = charts()
    memo = _EFFECTS.of(c)
    key = (placer, placing, tuple(present))
    got = memo.get(key)
    return got if got is not None else memo.keep(key, c.placement_effects(placer, placing, key[2]))


def odds(attacker_sp: int, defender_sp: int) -> str:
    return charts().odds(attacker_sp, defender_sp)


def crt_table(attacker_sp: int, defender_sp: int) -> int:
    return charts().crt_table(attacker_sp, defender_sp)


def crt(attacker_sp: int, defender_sp: int, roll: int) -> str:
    return charts().crt(attacker_sp, defender_sp, roll)


def combat(attacker_sp: int, defender_sp: int, roll: int, context: str = "colonial") -> Combat:
    return charts().combat(attacker_sp, defender_sp, roll, context)


def result_text(
    result: str, context: str = "colonial", attacker_sp: int | None = None, defender_sp: int | None = None
) -> str:
    return charts().result_text(result, context, attacker_sp, defender_sp)


def income(status: str, ev: int) -> tuple[int, int]:
    return charts().income(status, ev)


def net_income(status: str, ev: int) -> int:
    return charts().net_income(status, ev)


def state_eligible(ev: int) -> bool:
    return charts().state_eligible(ev)


def garrison_required(status: str) -> bool:
    return charts().garrison_required(status)


def upkeep_free(status: str) -> bool:
    return charts().upkeep_free(status)


def tension(event: str) -> int:
    return charts().tension(event)


def naval_tension(power: str, size: str) -> int:
    return charts().naval_tension(power, size)


def casus_belli_on_placement(
    placer: str, area: str, started_with_control: bool, status: str = "possession", previous: str | None = None
) -> list[str]:
    return charts().casus_belli_on_placement(placer, area, started_with_control, status, previous)


def casus_belli_event(event: str, **parties) -> list[tuple[str, str]]:
    return charts().casus_belli_event(event, **parties)


def treaty_vp(treaties: Iterable) -> dict[str, int]:
    return charts().treaty_vp(treaties)


def final_vp(statuses: Iterable, treaties: Iterable = (), naval10: Mapping | None = None) -> dict:
    return charts().final_vp(statuses, treaties, naval10)


def immediate_vp(event: str) -> int:
    return charts().immediate_vp(event)


def chinese_armies(count_roll: int, placements: Iterable) -> list[str]:
    return charts().chinese_armies(count_roll, placements)


def minor_active(minor: str, activity_roll: int) -> bool:
    return charts().minor_active(minor, activity_roll)


def minor_activity(minor: str, activity_roll: int, target_roll: int | None = None) -> str | None:
    return charts().minor_activity(minor, activity_roll, target_roll)


def unrest(table: str, rolls: int | Iterable[int]) -> str:
    return charts().unrest(table, rolls)


def great_war_penalty(year: int) -> int:
    return charts().great_war_penalty(year)


def merchant_fleets() -> tuple:
    return charts().merchant_fleets()


def __getattr__(name: str):
    """TENSIONS (event -> ETI increase, L156) and TURN_YEARS or YEARS (L367-385), read from the
    charts when first asked for."""
    if name == "TENSIONS":
        return {t.id: t.amount for t in charts().tensions.values()}
    if name in ("TURN_YEARS", "YEARS"):
        return charts().turn_years
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
