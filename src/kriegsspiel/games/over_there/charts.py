"""The charts of Over There (The Great War series rules, shared/rulebooks/002, cited by line:
L441, L734...), as data (data/charts/*.json) and as pure lookups.

None of the game's charts survive in the text, so every table here is an original design
built from what the rules say about it (CHARTS.md explains each one, its constraints and its
history). Every record says where it comes from: ``rulebook Lnnn`` where the text gives the
value, ``authored: <basis>`` where we designed it; ``field_sources`` marks the fields of an
authored record that the text fixes. Where the text is damaged or silent, the rulings of
RULINGS.md (R1, R2...) decide, and the code applying one cites it.

The charts, one file each:
- Mobile and Positional Ground CRTs (9A-9C, L441-493): ``crt-mobile``, ``crt-positional``,
  ``combat-results``; ``choose_crt``, ``odds_column``, ``combat_result``, ``result``,
  ``minimum_losses``.
- Terrain Effects Chart and weather rows (L205, L533): ``terrain``; ``movement_cost``,
  ``hexside_cost``, ``attack_multiplier``, ``combat_drm``.
- Fortifications Effects Chart (L921, L1072): ``fortifications``; ``fortification``, ``fortress_id``.
- ZOC and Overrun Movement Costs, movement modes, fatigue (6A-6F): ``movement``; ``zoc_cost``,
  ``overrun_cost``, ``overrun_odds``, ``overrun_possible``, ``fatigue_hits``, ``fatigue_shift``,
  ``mode_rating``.
- Stacking Summary (8A): ``stacking``.
- Ground Success Table (L245 and twenty other rules): ``ground-success``; ``ground_success``,
  ``succeeds``, ``activity``, ``modifier``.
- Bombardment Table (12C, L734): ``bombardment``; ``bombardment_column``, ``bombardment``,
  ``bombardment_hits``.
- Rail, road and river rates and capacity (7A-7C): ``transport``; ``rate``,
  ``rail_capacity_used``, ``temporary_increase``, ``deterioration_loss``, ``rail_net``.
- Supply Line Summary and supply effects (11): ``supply``; ``supply_lengths``, ``supply_rule``,
  ``supply_strength``.
- Army HQs activation and leaders (14M, 14P): ``activation``; ``activation_modifier``,
  ``leader_modifier``.
- Basic air (B17): ``air``; ``air_points``, ``mission``.

Nothing here rolls dice: every roll is an argument. ``charts(directory=None)`` loads and
checks the pack once (a folder of the same files, such as the published game's values, is
loaded afresh); ``validate_charts(directory=None)`` returns the problems found, an empty list
when the pack is sound; ``validate`` counts the pack or raises DataError.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, RootModel

from ...engine import DataError
from ...engine.data import Record, Source, cached_loader, load_pack, refuse

HERE = Path(__file__).parent / "data" / "charts"
GAME = "over-there"

UnitTag = Literal[
    "cm",
    "fast-cm",
    "artillery",
    "mortar",
    "cavalry",
    "light",
    "mountain",
    "infantry",
    "irregular",
    "over-snow",
    "water-only",
    "army-hq",
    "non-motorized",
]
CombatClass = Literal["cm", "artillery", "non-artillery", "mortar"]
MoveClass = Literal["standard", "cavalry", "light", "infantry", "irregular"]
GstCode = Literal["*F", "F", "S", "S*"]
WEATHERS = ("clear", "frost", "mud", "winter", "snow")
# The results Rule 9C defines (L470-493), by table. BX and BXM are used (L414, L495, L929) but never
# defined: ruling R1 defines them, and the designed Positional CRT does not print them.
NINE_C = {
    "mobile": ("AE", "DE", "AH", "DH", "AR", "DR", "AQ", "AS", "HX", "EX"),
    "positional": ("AD", "DD", "AL", "DL", "AX", "DX", "DXM"),
}
REQUIRED_HEXES = ("clear", "rough", "woods", "forest", "swamp", "mountain", "lake", "sea")
REQUIRED_HEXSIDES = ("minor-river", "river", "major-river", "lake-side", "sea-side", "frontier")
REQUIRED_FEATURES = ("town", "partial-city", "full-city")
REQUIRED_FORTS = (
    "fieldworks",
    "entrenchment",
    "fort",
    "improved-fort",
    "fortress-unimproved",
    "improved-fortress-old",
    "improved-fortress-new",
    "improved-great-fortress",
)
REQUIRED_ACTIVITIES = (  # every rule that sends a roll to the Ground Success Table
    "reserve-commitment",
    "retreat-before-combat",
    "contested-hex-entry",
    "special-aec",
    "special-cec",
    "special-eec",
    "special-gec",
    "special-sec",
    "column-shift",
    "fortress-depletion",
    "supply-elimination",
    "logistics-capture",
    "tank-unreliability",
    "coastal-raid",
    "army-hq-activation",
    "partial-flooding",
    "resource-center",
    "unreliable-unit",
    "early-activation",
    "training-garrison-missing",
    "russian-fortress-artillery",
    "air-superiority-abort",
    "tactical-recon",
    "aa-fire",
)
REQUIRED_RATES = (
    "operational-rail",
    "strategic-rail",
    "rail-only-unit",
    "logistics-item",
    "river",
    "water-only-unit",
    "road",
    "rail-break",
)
REQUIRED_CAPACITY = ("unit", "depot", "temporary-increase", "permanent-build", "transfer", "capture", "orphan-section")
REQUIRED_MISSIONS = ("air-superiority", "tactical-recon", "aerial-bombardment", "das", "ground-support", "aa-fire")
BOMB_RESULT = re.compile(r"^(M|H|[234]H)(\*?)$")


# ----- the records, as the files hold them ---------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Sourced(Record):
    """A record whose authored values may name the fields the rulebook fixes."""

    field_sources: dict[str, Source] = {}


class IncrementalOdds(_Strict):
    die: Literal["1d10"]
    from_ratio: int = Field(ge=1)


class CrtRecord(_Sourced):
    table: Literal["crt"]
    id: Literal["mobile", "positional"]
    name: str
    die: Literal["1d6", "2d6"]
    columns: list[str] = Field(min_length=2)
    max_column: str
    max_column_infantry_capable: Optional[str] = None
    below_lowest: str
    rows_from: int
    rows_to: int
    ladder: list[str]
    incremental_odds: Optional[IncrementalOdds] = None
    design_note: str = Field(min_length=40)


class CrtRowRecord(Record):
    table: Literal["crt-row"]
    id: str
    crt: Literal["mobile", "positional"]
    roll: int
    results: list[str]


class SideEffect(_Strict):
    loss: Literal["none", "quarter", "half", "all"] = "none"
    match: Optional[float] = Field(default=None, gt=0, le=1)
    retreat: Literal["no", "must", "may-if-larger-loss"] = "no"


class ResultRecord(Record):
    table: Literal["result"]
    id: str
    crt: Literal["mobile", "positional"]
    name: str
    attacker: SideEffect
    defender: SideEffect
    exchange: Optional[Literal["half", "full"]] = None
    non_artillery_first: bool
    same_hex_attacker_retreats: bool
    text: str


class ConversionRecord(Record):
    table: Literal["conversion"]
    id: str
    crt: Literal["mobile", "positional"]
    result: str
    becomes: str
    when: Literal["attacker-infantry-capable", "attacker-rifle-assault-capable", "defender-infantry-capable"]


class Movement(_Strict):
    cm_art: Optional[int] = Field(ge=1)  # None: prohibited to c/m and artillery
    other: int = Field(ge=1)
    exceptions: Optional[int] = Field(default=None, ge=1)
    exception_classes: list[UnitTag] = []


class HexCombat(_Strict):
    crt: Literal["mobile", "positional"] = "mobile"
    drm: int = Field(default=0, le=0)
    halved: list[CombatClass] = []
    not_halved: list[CombatClass] = []
    no_aec: bool = False


class HexRecord(_Sourced):
    table: Literal["hex"]
    id: str
    name: str
    aliases: list[str] = []
    prohibited: bool
    movement: Optional[Movement]
    combat: HexCombat
    accel_good_roads: bool
    accel_poor_roads: bool
    supply_hexes: int = Field(ge=1, le=2)
    bombardment_drm: int = Field(le=0)
    stacking: Literal["regular", "mountain", "arctic-desert"] = "regular"
    frozen_as: Optional[str] = None


class FeatureRecord(_Sourced):
    table: Literal["feature"]
    id: str
    name: str
    aliases: list[str] = []
    major_city: bool
    movement_as: Optional[str]
    combat: Optional[HexCombat]
    supply_source: bool
    eec_sec: bool
    artillery_multipliers: dict[str, float] = {}


class HexsideRecord(_Sourced):
    table: Literal["hexside"]
    id: str
    name: str
    aliases: list[str] = []
    prohibited: bool
    cost: Optional[int] = Field(ge=0)
    attack_halved: list[CombatClass] = []
    drm_if_all_across: int = Field(le=0)
    no_aec: bool
    accel_good_roads: bool
    accel_poor_roads: bool
    supply_extra_hexes: int = Field(ge=0)
    disrupts_crossing: bool
    frozen_as: Optional[str] = None


class WeatherRecord(_Sourced):
    table: Literal["weather"]
    id: Literal["clear", "frost", "mud", "winter", "snow"]
    name: str
    hex_cost_add: dict[str, int]
    aec: Literal["full", "reduced", "none"]
    construction_multiplier: int = Field(ge=1)
    frozen: bool
    movement_exceptions: list[UnitTag]
    combat_expertise: bool


class Construction(_Strict):
    mp: Optional[int] = Field(default=None, ge=1)
    mp_other_terrain: Optional[int] = Field(default=None, ge=1)
    turns: Optional[int] = Field(default=None, ge=1)
    turns_other_terrain: Optional[int] = Field(default=None, ge=1)
    res_pts: int = Field(default=0, ge=0)
    central_powers_from: Optional[str] = None
    entente_from: Optional[str] = None
    upgrades: Optional[str] = None


class FortificationRecord(_Sourced):
    table: Literal["fortification"]
    id: str
    name: str
    level: Optional[int] = Field(ge=1)
    crt: Literal["mobile", "positional"]
    drm: int = Field(le=0)
    drm_infantry_capable: int = Field(le=0)
    non_artillery_attack: float = Field(gt=0, le=1)
    non_artillery_attack_infantry_capable: float = Field(gt=0, le=1)
    no_aec: bool
    bombardment_drm: int = Field(le=0)
    eec_sec: bool
    artillery_multipliers: dict[Literal["field", "heavy", "siege", "heavy_siege", "assault_engineer"], float]
    on_capture: Literal["destroyed", "unaffected", "reduced", "unimproved"]
    reduces_to: Optional[str]
    concentric_detached: Optional[Literal["ignored", "as-fieldworks"]]
    supply_re: int = Field(ge=0)
    construction: Optional[Construction]


class CostsRecord(Record):
    table: Literal["zoc", "overrun-cost"]
    id: str
    name: str
    costs: dict[MoveClass, int]


class OverrunOddsRecord(Record):
    table: Literal["overrun-odds"]
    id: str
    minimum: int = Field(ge=1)
    zero_defense: int = Field(ge=1)
    fatigue_shift_per_hit: int = Field(ge=0)


class ModeRecord(Record):
    table: Literal["movement-mode"]
    id: Literal["reserve-commitment", "exploitation", "accelerated"]
    name: str
    multipliers: dict[str, str]
    round: Literal["down"]


class FatigueRecord(Record):
    table: Literal["fatigue"]
    id: str
    mp_over_per_hit: dict[Literal["standard", "slow"], int]
    slow_classes: list[UnitTag]
    combat_hits_per_shift: int = Field(ge=1)
    overrun_hits_per_shift: int = Field(ge=1)
    rest_mp_per_hit: dict[Literal["standard", "slow"], int]


class StackingRecord(Record):
    table: Literal["stacking"]
    id: Literal["regular", "mountain", "arctic-desert"]
    units: int = Field(ge=1)
    non_divisional_re: int = Field(ge=0)
    artillery_re: int = Field(ge=0)
    artillery_alternatives: list[str]
    fortress_units: int = Field(ge=0)


class StackingExemptRecord(Record):
    table: Literal["stacking-exempt"]
    id: str
    classes: list[str]


class Modifier(_Strict):
    id: str
    value: int
    when: str
    source: Source


class GstRecord(Record):
    table: Literal["gst"]
    id: str
    name: str
    die: Literal["1d6"]
    rows: dict[int, GstCode]
    success: list[GstCode]
    codes: dict[GstCode, str]


class ActivityRecord(Record):
    table: Literal["activity"]
    id: str
    name: str
    rule: str
    roller: Literal["owner", "enemy", "attacker", "defender"]
    outcomes: dict[GstCode, str]
    modifiers: list[Modifier] = []


class BombardmentRecord(_Sourced):
    table: Literal["bombardment"]
    id: str
    name: str
    die: Literal["1d6"]
    columns: list[int] = Field(min_length=2)
    fort_columns: list[int]
    rows_from: int
    rows_to: int
    design_note: str = Field(min_length=40)


class BombardmentRowRecord(Record):
    table: Literal["bombardment-row"]
    id: str
    roll: int
    results: list[str]


class BombardmentModifierRecord(Record):
    table: Literal["bombardment-modifier"]
    id: str
    value: int
    when: str
    fort_check: bool


class HitEffectRecord(Record):
    table: Literal["hit-effect"]
    id: Literal["divisional", "large-non-divisional", "small-non-divisional"]
    first_effect_hits: int = Field(ge=1)
    second_effect_hits: Optional[int] = Field(ge=1)


class AllocationRecord(Record):
    table: Literal["hit-allocation"]
    id: str
    bombarding_player: Literal["half-rounded-up", "half-rounded-down", "all"]


Value = Union[int, float, str, bool, None, list[str], dict[str, int]]


class RuleRecord(Record):
    """A rule's numbers gathered as named values (rates, capacities, supply rules, missions)."""

    table: Literal["rate", "capacity", "supply-rule", "supply-effect", "army-hq", "mission"]
    id: str
    values: dict[str, Value]
    text: str


class DeteriorationRecord(Record):
    table: Literal["deterioration"]
    id: str
    checked_from_re: int
    engineer_re_per_plus_one: int = Field(ge=1)
    depots_per_minus_one: int = Field(ge=1)
    lose_on_or_below: int
    loss_re: int = Field(ge=0)
    extra_loss_re: int = Field(ge=0)


class RailNetRecord(Record):
    table: Literal["rail-net"]
    id: str
    scenario: str
    side: Literal["central-powers", "entente"]
    net: str
    gauge: Literal["standard", "broad", "meter", "narrow", "iberian"]
    capacity: int = Field(ge=0)


class LineLengthRecord(Record):
    table: Literal["line-length"]
    id: Literal["clear", "frost", "mud", "winter", "snow"]
    overland: int = Field(ge=0)
    road: int = Field(ge=0)


class LeaderRollRecord(Record):
    table: Literal["leader-roll"]
    id: str
    faces: dict[int, Literal["left", "center", "right"]]
    rating_min: int
    rating_max: int
    defender_sign_reversed: bool


class NationModifierRecord(Record):
    table: Literal["nation-modifier"]
    id: str
    activation: int


class AirPointsRecord(Record):
    table: Literal["air-points"]
    id: str
    scenario: str
    side: Literal["central-powers", "entente"]
    points: int = Field(ge=0)


class IntrinsicAaRecord(Record):
    table: Literal["intrinsic-aa"]
    id: str
    aa: int = Field(ge=0)


def _file(*models):
    """The record model of one chart file: its record kinds told apart by ``table``."""
    union = Annotated[Union[models], Field(discriminator="table")] if len(models) > 1 else models[0]
    return RootModel[union]


FILES = {  # kind -> record model; each kind is data/charts/<kind>.json
    "crt-mobile": _file(CrtRecord, CrtRowRecord),
    "crt-positional": _file(CrtRecord, CrtRowRecord),
    "combat-results": _file(ResultRecord, ConversionRecord),
    "terrain": _file(HexRecord, FeatureRecord, HexsideRecord, WeatherRecord),
    "fortifications": _file(FortificationRecord),
    "movement": _file(CostsRecord, OverrunOddsRecord, ModeRecord, FatigueRecord),
    "stacking": _file(StackingRecord, StackingExemptRecord),
    "ground-success": _file(GstRecord, ActivityRecord),
    "bombardment": _file(
        BombardmentRecord, BombardmentRowRecord, BombardmentModifierRecord, HitEffectRecord, AllocationRecord
    ),
    "transport": _file(RuleRecord, DeteriorationRecord, RailNetRecord),
    "supply": _file(LineLengthRecord, RuleRecord),
    "activation": _file(RuleRecord, LeaderRollRecord, NationModifierRecord),
    "air": _file(AirPointsRecord, RuleRecord, IntrinsicAaRecord),
}


# ----- loading ------------------------------------------------------------------------------------


def _read(directory: Path) -> dict[str, dict[str, dict[str, Record]]]:
    """kind -> table -> id -> record; DataError on the first file that does not fit."""
    out: dict = {}
    for kind, model in FILES.items():
        path = Path(directory) / f"{kind}.json"
        tables: dict = {}
        for wrapped in load_pack(path, GAME, kind, model):
            rec = wrapped.root
            by_id = tables.setdefault(rec.table, {})
            if rec.id in by_id:
                raise DataError(f"{path.name}: the id {rec.id!r} is used twice in table {rec.table!r}")
            by_id[rec.id] = rec
        out[kind] = tables
    return out


def _build(directory: Path) -> Charts:
    recs = _read(directory)
    refuse(GAME, directory, _check(recs))
    return Charts(recs)


charts = cached_loader(_build, HERE)
"""``charts(directory=None)``: the whole chart pack, checked (see ``cached_loader``)."""


def validate_charts(directory: Path | str | None = None) -> list[str]:
    """Every problem found in the chart pack (the game's own unless a folder is given); [] if none."""
    try:
        recs = _read(Path(directory) if directory is not None else HERE)
    except DataError as e:
        return [str(e)]
    return _check(recs)


def validate(directory: Path | str | None = None) -> dict[str, int]:
    """Check the pack and count what it holds; DataError naming every problem if anything is wrong."""
    c = _build(Path(directory) if directory is not None else HERE)
    return {
        "CRT cells": sum(len(r.results) for crt in ("mobile", "positional") for r in c.rows(crt).values()),
        "combat results": len(c.results),
        "terrain types": len(c.hexes) + len(c.hexsides) + len(c.features),
        "fortifications": len(c.forts),
        "Ground Success activities": len(c.activities),
        "bombardment columns": len(c.bombardment_table.columns),
    }


# ----- the facts the rules use ----------------------------------------------------------------------


def ratio(label: str) -> Fraction:
    """'3:2' -> 3/2."""
    a, b = label.split(":")
    return Fraction(int(a), int(b))


@lru_cache(maxsize=64)
def _ratios(columns: tuple[str, ...]) -> tuple[Fraction, ...]:
    return tuple(ratio(c) for c in columns)


def _fraction(x) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(x).limit_denominator(10**6)


def _cm_art(tags: frozenset) -> bool:
    """C/m and artillery units use the c/m-artillery costs (L205, L852), except horse artillery
    (cavalry costs, L882) and mountain artillery (mountain costs, L894)."""
    return bool(tags & {"cm", "artillery"}) and not tags & {"cavalry", "mountain"}


def _tags(tags: Iterable[str]) -> frozenset:
    """The unit's classes; an irregular unit moves as a light or mountain unit (L953)."""
    out = frozenset(tags)
    return out | {"light", "mountain"} if "irregular" in out else out


def _move_class(tags: frozenset, costs: dict) -> int:
    """The cheapest of the unit's ZOC/overrun classes; fast c/m pay as cavalry (L866)."""
    classes = {"standard"}
    classes |= {"cavalry"} if tags & {"cavalry", "fast-cm"} else set()
    classes |= {t for t in ("light", "infantry", "irregular") if t in tags}
    return min(costs[c] for c in classes)


LOSS = {"none": Fraction(0), "quarter": Fraction(1, 4), "half": Fraction(1, 2), "all": Fraction(1)}


def nominal(res: ResultRecord) -> tuple:
    """A result's losses and retreats for two sides of equal printed strength, as shares of that
    strength: (attacker loss, defender loss, attacker must retreat, defender must retreat).
    Equal strengths make the defender the weaker side of an exchange (L482, L484)."""
    if res.exchange:
        return (Fraction(1, 2) if res.exchange == "half" else Fraction(1), Fraction(1), 0, 1)
    a_own, d_own = LOSS[res.attacker.loss], LOSS[res.defender.loss]
    a = a_own + _fraction(res.attacker.match or 0) * d_own
    d = d_own + _fraction(res.defender.match or 0) * a_own
    return (a, d, int(res.attacker.retreat == "must"), int(res.defender.retreat == "must"))


def better_for_attacker(a: ResultRecord, b: ResultRecord) -> bool:
    """True when ``a`` is at least as good as ``b`` for the attacker in every respect and better in
    one (less attacker loss, more defender loss, no attacker retreat, defender retreat)."""
    (al, dl, ar, dr), (bl, bdl, bar, bdr) = nominal(a), nominal(b)
    no_worse = al <= bl and dl >= bdl and ar <= bar and dr >= bdr
    return no_worse and (al, dl, ar, dr) != (bl, bdl, bar, bdr)


@dataclass(frozen=True)
class Crt:
    """One ground combat results table, ready to read."""

    record: CrtRecord
    rows: dict[int, list[str]]

    @property
    def columns(self) -> list[str]:
        return self.record.columns

    def cell(self, column: str, roll: int) -> str:
        roll = min(max(roll, self.record.rows_from), self.record.rows_to)  # L121
        return self.rows[roll][self.columns.index(column)]


class Charts:
    """The checked chart pack and its lookups."""

    def __init__(self, recs: dict):
        self._recs = recs
        self.crts = {k: recs[f"crt-{k}"]["crt"][k] for k in ("mobile", "positional")}
        self.results: dict[str, ResultRecord] = recs["combat-results"].get("result", {})
        self.conversions: dict[str, ConversionRecord] = recs["combat-results"].get("conversion", {})
        terrain = recs["terrain"]
        self.hexes: dict[str, HexRecord] = terrain.get("hex", {})
        self.hexsides: dict[str, HexsideRecord] = terrain.get("hexside", {})
        self.features: dict[str, FeatureRecord] = terrain.get("feature", {})
        self.weathers: dict[str, WeatherRecord] = terrain.get("weather", {})
        self.forts: dict[str, FortificationRecord] = recs["fortifications"].get("fortification", {})
        move = recs["movement"]
        self.zoc: dict[str, CostsRecord] = move.get("zoc", {})
        self.overrun: CostsRecord = move["overrun-cost"]["overrun"]
        self.overrun_rule: OverrunOddsRecord = move["overrun-odds"]["overrun-odds"]
        self.modes: dict[str, ModeRecord] = move.get("movement-mode", {})
        self.fatigue: FatigueRecord = move["fatigue"]["fatigue"]
        self.stacking: dict[str, StackingRecord] = recs["stacking"].get("stacking", {})
        gst = recs["ground-success"]
        self.gst: GstRecord = next(iter(gst["gst"].values()))
        self.activities: dict[str, ActivityRecord] = gst.get("activity", {})
        bomb = recs["bombardment"]
        self.bombardment_table: BombardmentRecord = bomb["bombardment"]["bombardment"]
        self.bombardment_rows = {r.roll: r.results for r in bomb.get("bombardment-row", {}).values()}
        self.bombardment_modifiers: dict[str, BombardmentModifierRecord] = bomb.get("bombardment-modifier", {})
        self.hit_effects: dict[str, HitEffectRecord] = bomb.get("hit-effect", {})
        self.allocation: AllocationRecord = bomb["hit-allocation"]["allocation"]
        transport = recs["transport"]
        self.rates: dict[str, RuleRecord] = transport.get("rate", {})
        self.capacity: dict[str, RuleRecord] = transport.get("capacity", {})
        self._zoc_costs: dict[tuple, int] = {}  # (tags, kind of ZOC) -> MPs, found once
        self.deterioration: DeteriorationRecord = transport["deterioration"]["deterioration"]
        self.rail_nets: dict[str, RailNetRecord] = transport.get("rail-net", {})
        supply = recs["supply"]
        self.line_lengths: dict[str, LineLengthRecord] = supply.get("line-length", {})
        self.supply_rules: dict[str, RuleRecord] = {**supply.get("supply-rule", {}), **supply.get("supply-effect", {})}
        act = recs["activation"]
        self.army_hq: RuleRecord = act["army-hq"]["army-hq"]
        self.leader_roll: LeaderRollRecord = act["leader-roll"]["leader-roll"]
        self.nation_modifiers: dict[str, NationModifierRecord] = act.get("nation-modifier", {})
        air = recs["air"]
        self.air_point_records: dict[str, AirPointsRecord] = air.get("air-points", {})
        self.missions: dict[str, RuleRecord] = air.get("mission", {})
        self.intrinsic_aa: dict[str, IntrinsicAaRecord] = air.get("intrinsic-aa", {})
        self._alias = {kind: _aliases(getattr(self, kind)) for kind in ("hexes", "hexsides", "features")}

    # --- combat (Rule 9) ---

    def rows(self, crt: str) -> dict[int, CrtRowRecord]:
        return {r.roll: r for r in self._recs[f"crt-{crt}"].get("crt-row", {}).values()}

    def crt(self, name: str) -> Crt:
        return Crt(self.crts[name], {roll: r.results for roll, r in self.rows(name).items()})

    def result(self, code: str) -> ResultRecord:
        return self.results[code]

    def minimum_losses(self, code: str, attack, defense) -> tuple[Fraction, Fraction]:
        """The least strength (attacker, defender) a result makes each side eliminate, from the
        printed attack strength of the attackers and printed defense strength of the defenders
        (9C, 9D L495). An exchange eliminates the weaker side, the defender on a tie (R11)."""
        res, a, d = self.results[code], _fraction(attack), _fraction(defense)
        if res.exchange:
            share = Fraction(1, 2) if res.exchange == "half" else Fraction(1)
            return (a, a * share) if a < d else (d * share, d)
        a_own, d_own = LOSS[res.attacker.loss] * a, LOSS[res.defender.loss] * d
        return (a_own + _fraction(res.attacker.match or 0) * d_own, d_own + _fraction(res.defender.match or 0) * a_own)

    def choose_crt(
        self,
        *,
        terrain: str = "clear",
        features: Iterable[str] = (),
        fortification: Optional[str] = None,
        contested: bool = False,
        attacker_infantry_capable: bool = False,
        mountain_infantry_side: Optional[Literal["attacker", "defender"]] = None,
        chosen: Optional[Literal["mobile", "positional"]] = None,
    ) -> str:
        """Which ground CRT resolves an attack (9A step 1, L441; 9J, L549; 14H, L917, L931).
        ``mountain_infantry_side``: the one side (if exactly one) that is mountain/infantry-capable;
        in a mountain hex without fortification (fieldworks aside) that side's ``chosen`` table wins."""
        if contested:
            return "mobile"  # L549; fortifications in a contested hex are ignored (L545)
        fort = self.forts[fortification] if fortification else None
        hard_fort = fort is not None and fort.crt == "positional"
        mountain = self.terrain(terrain).combat.crt == "positional"
        if mountain and not hard_fort and mountain_infantry_side and chosen:
            return chosen  # exception B (L441, L931) overrides exception A
        if attacker_infantry_capable:
            return "mobile"  # exception A (L441, L917)
        city = any((self.feature(f).combat or HexCombat()).crt == "positional" for f in features)
        return "positional" if mountain or city or hard_fort else "mobile"

    def odds_level(self, crt: str, attack, defense) -> int:
        """The attack's place on the CRT's odds ladder, rounded in the defender's favour (L451):
        0 is the first column; odds beyond the last column continue one level per whole number
        (10:1, 11:1...), odds below the first one level per 1:n step (1:5, 1:6...), so that
        shifts (L233, L451) can be counted before the table's limits apply (ruling R13)."""
        if _fraction(defense) <= 0:
            raise ValueError("a hex without defense strength is not attacked on a CRT (9G1, L529)")
        cols = _ratios(tuple(self.crts[crt].columns))
        r = _fraction(attack) / _fraction(defense)
        if r < cols[0]:
            return -(math.ceil(1 / r) - math.ceil(1 / cols[0])) if r > 0 else -(10**6)
        idx = max(i for i, c in enumerate(cols) if c <= r)
        if idx == len(cols) - 1:
            idx += math.floor(r) - math.floor(cols[-1])
        return idx

    def odds_column(
        self, crt: str, attack, defense, *, infantry_capable: bool = False, shifts: int = 0, d10: Optional[int] = None
    ) -> str:
        """The column an attack is resolved on, or 'auto' for the automatic AE/AD below the first
        column (L467). ``shifts``: net column shifts (+ right: defender fatigue, attacker
        special effects; - left). ``d10``: the optional incremental-odds roll (9L, L566; 0 reads
        as 10). The cap is the table's, or its infantry-capable cap (L467, L919)."""
        rec = self.crts[crt]
        level = self.odds_level(crt, attack, defense)
        if d10 is not None and rec.incremental_odds:
            level = self._incremental(crt, attack, defense, d10, level)
        level += shifts
        if level < 0:
            return "auto"
        cap = rec.max_column_infantry_capable if infantry_capable and rec.max_column_infantry_capable else None
        return rec.columns[min(level, rec.columns.index(cap or rec.max_column))]

    def _incremental(self, crt: str, attack, defense, d10: int, level: int) -> int:
        """9L (L566): from 2:1, the ratio to a tenth; a d10 not above the tenths rounds up."""
        r = _fraction(attack) / _fraction(defense)
        if r < self.crts[crt].incremental_odds.from_ratio:
            return level
        tenths = math.floor(r * 10 + Fraction(1, 2))  # nearest tenth, halves up
        whole, frac = divmod(tenths, 10)
        roll = 10 if d10 == 0 else d10
        return self.odds_level(crt, whole + (1 if roll <= frac else 0), 1)

    def combat_result(
        self,
        crt: str,
        column: str,
        roll: int,
        *,
        attacker_infantry_capable: bool = False,
        attacker_rifle_assault_capable: bool = False,
        defender_infantry_capable: bool = False,
    ) -> str:
        """The result code for a column ('auto' below the table, L467) and a modified roll (read at
        the table's edge when beyond it, L121), after the conversions of L478, L491 and L929."""
        code = self.crts[crt].below_lowest if column == "auto" else self.crt(crt).cell(column, roll)
        flags = {
            "attacker-infantry-capable": attacker_infantry_capable,
            "attacker-rifle-assault-capable": attacker_rifle_assault_capable,
            "defender-infantry-capable": defender_infantry_capable,
        }
        for conv in self.conversions.values():
            if conv.crt == crt and conv.result == code and flags[conv.when]:
                return conv.becomes
        return code

    # --- terrain (TEC, fortifications) ---

    def terrain(self, name: str) -> HexRecord:
        return self.hexes[self._alias["hexes"].get(name, name)]

    def hexside(self, name: str) -> HexsideRecord:
        return self.hexsides[self._alias["hexsides"].get(name, name)]

    def feature(self, name: str) -> FeatureRecord:
        return self.features[self._alias["features"].get(name, name)]

    def fortification(self, name: str) -> FortificationRecord:
        return self.forts[name]

    @staticmethod
    def fortress_id(kind: Literal["new", "old", "great"], improved: bool) -> str:
        """The Fortifications Effects Chart row of a map fortress (15B4, L1080): an unimproved one
        of any type shares one row; an improved one has a row per type."""
        if not improved:
            return "fortress-unimproved"
        return "improved-great-fortress" if kind == "great" else f"improved-fortress-{kind}"

    def weather(self, name: str) -> WeatherRecord:
        return self.weathers[name]

    def movement_cost(self, terrain: str, tags: Iterable[str], weather: str = "clear") -> Optional[int]:
        """MPs to enter a hex (L205), by the unit's classes and the weather; None: prohibited."""
        w, rec, tags = self.weather(weather), self.terrain(terrain), _tags(tags)
        if w.frozen and rec.frozen_as:
            rec = self.terrain(rec.frozen_as)
        if rec.prohibited or rec.movement is None:
            return None
        column = self._move_column(rec.movement, tags, w)
        base = getattr(rec.movement, column)
        return None if base is None else base + self._weather_add(w, column, tags)

    @staticmethod
    def _move_column(m: Movement, tags: frozenset, w: WeatherRecord) -> str:
        if m.exceptions is not None:
            expert = tags & set(m.exception_classes) & set(w.movement_exceptions)
            if expert or ("over-snow" in tags and "over-snow" in w.movement_exceptions):
                return "exceptions"
        return "cm_art" if _cm_art(tags) else "other"

    @staticmethod
    def _weather_add(w: WeatherRecord, column: str, tags: frozenset) -> int:
        for special in ("over-snow", "cavalry"):
            if special in tags and special in w.hex_cost_add:
                return w.hex_cost_add[special]
        return w.hex_cost_add.get(column, 0)

    def hexside_cost(self, name: str, weather: str = "clear") -> Optional[int]:
        """MPs added for crossing a hexside (the '+' costs of L205); None: prohibited."""
        rec = self._hexside_in(name, weather)
        return None if rec.prohibited else rec.cost

    def _hexside_in(self, name: str, weather: str) -> HexsideRecord:
        rec = self.hexside(name)
        return self.hexside(rec.frozen_as) if self.weather(weather).frozen and rec.frozen_as else rec

    def attack_multiplier(
        self,
        tags: Iterable[str],
        *,
        terrain: str = "clear",
        hexsides: Iterable[str] = (),
        fortification: Optional[str] = None,
        infantry_capable: bool = False,
        weather: str = "clear",
    ) -> Fraction:
        """What terrain, the hexsides attacked across and fortifications do to one attacking unit's
        strength (L533: halving or quartering; all cumulative, L113)."""
        tags = frozenset(tags)
        classes = tags | ({"non-artillery"} if "artillery" not in tags else set())
        out = Fraction(1)
        combat = self.terrain(terrain).combat
        if classes & set(combat.halved) and not classes & set(combat.not_halved):
            out /= 2
        for side in hexsides:
            if classes & set(self._hexside_in(side, weather).attack_halved):
                out /= 2
        if fortification and "non-artillery" in classes:
            f = self.forts[fortification]
            out *= _fraction(f.non_artillery_attack_infantry_capable if infantry_capable else f.non_artillery_attack)
        return out

    def combat_drm(
        self,
        *,
        terrain: str = "clear",
        features: Iterable[str] = (),
        fortification: Optional[str] = None,
        all_across: Optional[str] = None,
        infantry_capable: bool = False,
        weather: str = "clear",
    ) -> int:
        """The combat roll modifier of the defender's hex: terrain, major city, fortification (L921:
        lessened against an infantry-capable attacker) and the hexside every attacking
        non-artillery unit crosses (``all_across``, the least obstacle among them)."""
        drm = self.terrain(terrain).combat.drm
        drm += sum((self.feature(f).combat or HexCombat()).drm for f in features)
        if fortification:
            f = self.forts[fortification]
            drm += f.drm_infantry_capable if infantry_capable else f.drm
        if all_across:
            drm += self._hexside_in(all_across, weather).drm_if_all_across
        return drm

    # --- movement (Rule 6) ---

    def zoc_cost(self, tags: Iterable[str], zoc: Literal["standard", "reduced"] = "standard") -> int:
        """MPs to leave a hex in an enemy ZOC (6A, L207), in addition to terrain."""
        tags = frozenset(tags)
        key = (tags, zoc)
        found = self._zoc_costs.get(key)
        if found is None:
            found = self._zoc_costs[key] = _move_class(tags, self.zoc[zoc].costs)
        return found

    def overrun_cost(self, tags: Iterable[str]) -> int:
        """MPs an overrunning unit pays in addition to terrain and ZOC (6F, L265)."""
        return _move_class(frozenset(tags), self.overrun.costs)

    def overrun_odds(self, attack, defense) -> int:
        """Overrun odds rounded down in favour of the units overrun (L265); a defense of 0 is
        overrun at 12:1 by any positive attack strength (L265, ruling R29)."""
        if _fraction(defense) == 0:
            return self.overrun_rule.zero_defense if _fraction(attack) > 0 else 0
        return math.floor(_fraction(attack) / _fraction(defense))

    def overrun_possible(self, attack, defense, shifts: int = 0) -> bool:
        """At least 10:1 after the fatigue shifts (L265)."""
        return self.overrun_odds(attack, defense) + shifts >= self.overrun_rule.minimum

    def fatigue_hits(self, mp_over: float, tags: Iterable[str]) -> int:
        """Fatigue hits after accel movement: one per 2 MPs or fraction over the printed rating,
        one per MP for artillery, cavalry and Army HQs (L231)."""
        if mp_over <= 0:
            return 0
        slow = bool(frozenset(tags) & set(self.fatigue.slow_classes))
        return math.ceil(_fraction(mp_over) / self.fatigue.mp_over_per_hit["slow" if slow else "standard"])

    def fatigue_shift(self, attacker_hits: int, defender_hits: int, *, overrun: bool = False) -> int:
        """Net odds levels from the most-fatigued unit (or traced Army HQs) of each side: one level
        per two hits or fraction in combat, per hit in an overrun (L233-239); + favours the attacker."""
        per = self.fatigue.overrun_hits_per_shift if overrun else self.fatigue.combat_hits_per_shift
        return math.ceil(defender_hits / per) - math.ceil(attacker_hits / per)

    def mode_rating(self, mode: str, printed: int, tags: Iterable[str]) -> int:
        """A movement rating in reserve commitment, exploitation or accel movement (L224, L247-257),
        by the unit's most favoured class, fractions rounded down (L245)."""
        mult = self.modes[mode].multipliers
        classes = [t for t in frozenset(tags) if t in mult and t != "other"] or ["other"]
        best = max(Fraction(mult[c]) for c in classes)
        return math.floor(printed * best)

    # --- Ground Success Table ---

    def ground_success(self, roll: int, drm: int = 0) -> str:
        """The Ground Success result of a die roll and its net modifier (read at 1 or 6 beyond, L121)."""
        return self.gst.rows[min(max(roll + drm, 1), 6)]

    def succeeds(self, code: str) -> bool:
        return code in self.gst.success

    def activity(self, name: str) -> ActivityRecord:
        return self.activities[name]

    def modifier(self, activity: str, name: str) -> int:
        return next(m.value for m in self.activities[activity].modifiers if m.id == name)

    # --- bombardment (12C) ---

    def bombardment_column(self, strength) -> Optional[int]:
        """The column that most closely matches the strength without exceeding it (L734)."""
        fitting = [c for c in self.bombardment_table.columns if c <= _fraction(strength)]
        return max(fitting) if fitting else None

    def bombardment(self, strength, roll: int, drm: int = 0) -> str:
        """'M', 'H', '2H'... with '*' when a fort column also reduces the fortification (L734)."""
        column = self.bombardment_column(strength)
        if column is None:
            return "M"
        t = self.bombardment_table
        row = min(max(roll + drm, t.rows_from), t.rows_to)
        return self.bombardment_rows[row][t.columns.index(column)]

    @staticmethod
    def bombardment_hits(code: str) -> int:
        m = BOMB_RESULT.match(code)
        return 0 if m.group(1) == "M" else int(m.group(1)[:-1] or 1)

    # --- rail, road, river (7A-7C), supply (11) ---

    def rate(self, name: str) -> dict:
        return dict(self.rates[name].values)

    def rail_capacity_used(self, re_size, *, artillery_or_cm: bool = False, low_volume: bool = False) -> Fraction:
        """REs of a net's capacity one unit uses (L287; ruling R37: every artillery unit doubles)."""
        v = self.capacity["unit"].values
        out = _fraction(re_size) * v["re_multiplier"]
        out *= v["artillery_or_cm_multiplier"] if artillery_or_cm else 1
        return out * (v["low_volume_multiplier"] if low_volume else 1)

    def temporary_increase(self, capacity: int, res_pts: int) -> Fraction:
        """REs added for a player turn by spending Res Pts (7A5a, L292)."""
        v = self.capacity["temporary-increase"].values
        return min(Fraction(res_pts * v["re_per_res_pt"]), _fraction(capacity) * _fraction(v["max_share_of_capacity"]))

    def deterioration_loss(self, roll: int, *, engineer_re=0, depots: int = 0, yard_lost: bool = False) -> int:
        """REs lost by one deterioration check (7A5g, L314-322): +1 per 2 REs of railroad engineers,
        -1 per 2 depots (complete pairs, as the example counts them); Lille or Warszawa lost adds 1."""
        d = self.deterioration
        modified = roll + int(_fraction(engineer_re) // d.engineer_re_per_plus_one) - depots // d.depots_per_minus_one
        if modified > d.lose_on_or_below:
            return 0
        return d.loss_re + (d.extra_loss_re if yard_lost else 0)

    def rail_net(self, scenario: str, side: str) -> RailNetRecord:
        return self.rail_nets[f"{scenario}/{side}"]

    def supply_lengths(self, weather: str = "clear") -> tuple[int, int]:
        """Maximum overland and road elements of a supply line, in hexes (L594)."""
        rec = self.line_lengths[weather]
        return rec.overland, rec.road

    def supply_rule(self, name: str) -> dict:
        return dict(self.supply_rules[name].values)

    def supply_strength(self, *, combat_supply: bool, turns_out: int = 0, isolated: bool = False) -> Fraction:
        """The multiplier of a unit's attack and defense strengths by supply (11F, ruling R3): full in
        combat supply whatever its general supply (L634); out of it, halved in general supply or in
        its first turn out unisolated, quartered isolated in that turn or later (L636, L638)."""
        v = self.supply_rules["strength"].values
        if combat_supply:
            key = "in_combat_supply"
        elif turns_out <= 0:
            key = "general_supply"
        elif turns_out == 1:
            key = "u1_isolated" if isolated else "u1"
        else:
            key = "u2"
        return _fraction(v[key])

    # --- Army HQs, leaders (14M, 14P), air (B17) ---

    def activation_modifier(self, nation: str) -> int:
        rec = self.nation_modifiers.get(nation) or self.nation_modifiers["default"]
        return rec.activation

    def leader_modifier(self, ratings: tuple[int, int, int], roll: int, *, defender: bool = False) -> int:
        """The leader roll (L1010-1016): 1-2 the left rating, 3-4 the center, 5-6 the right; a
        defender's combat modifier has its sign reversed (L1017)."""
        face = self.leader_roll.faces[roll]
        value = ratings[("left", "center", "right").index(face)]
        return -value if defender and self.leader_roll.defender_sign_reversed else value

    def air_points(self, scenario: str, side: str) -> int:
        return self.air_point_records[f"{scenario}/{side}"].points

    def mission(self, name: str) -> dict:
        return dict(self.missions[name].values)


def _aliases(records: dict) -> dict[str, str]:
    return {alias: rec.id for rec in records.values() for alias in rec.aliases}


# ----- the checks -----------------------------------------------------------------------------------


def _check(recs: dict) -> list[str]:
    """Every problem in the pack. Structure first; the rulebook's numbers only on a sound pack."""
    problems = [*_check_presence(recs)]
    if problems:
        return problems
    c = Charts(recs)
    problems += _check_sources(recs)
    for crt in ("mobile", "positional"):
        problems += _check_crt(c, crt)
    problems += _check_results(c)
    problems += _check_terrain(c)
    problems += _check_forts(c)
    problems += _check_movement(c)
    problems += _check_gst(c)
    problems += _check_bombardment(c)
    problems += _check_lines(c)
    if not problems:
        problems += [f"{where}: the charts must agree: {what}" for where, what, ok in _golden(c) if not _holds(ok)]
    return problems


def _holds(check: Callable[[], bool]) -> bool:
    try:
        return bool(check())
    except (KeyError, ValueError, TypeError, IndexError, StopIteration, AttributeError, ZeroDivisionError):
        return False  # a pack without the record the text speaks of fails the check


def _check_presence(recs: dict) -> list[str]:
    wanted = {
        "crt-mobile": {"crt": ("mobile",)},
        "crt-positional": {"crt": ("positional",)},
        "combat-results": {"result": (*NINE_C["mobile"], *NINE_C["positional"])},
        "terrain": {
            "hex": REQUIRED_HEXES,
            "hexside": REQUIRED_HEXSIDES,
            "feature": REQUIRED_FEATURES,
            "weather": WEATHERS,
        },
        "fortifications": {"fortification": REQUIRED_FORTS},
        "movement": {
            "zoc": ("standard", "reduced"),
            "overrun-cost": ("overrun",),
            "overrun-odds": ("overrun-odds",),
            "movement-mode": ("reserve-commitment", "exploitation", "accelerated"),
            "fatigue": ("fatigue",),
        },
        "stacking": {"stacking": ("regular", "mountain", "arctic-desert")},
        "ground-success": {"gst": ("ground-success",), "activity": REQUIRED_ACTIVITIES},
        "bombardment": {
            "bombardment": ("bombardment",),
            "hit-allocation": ("allocation",),
            "hit-effect": ("divisional", "large-non-divisional", "small-non-divisional"),
            "bombardment-modifier": ("tactical-recon", "terrain", "fortification"),
        },
        "transport": {"rate": REQUIRED_RATES, "capacity": REQUIRED_CAPACITY, "deterioration": ("deterioration",)},
        "supply": {
            "supply-effect": ("strength", "u1", "u2"),
            "line-length": WEATHERS,
            "supply-rule": ("railroad", "port-capacity", "gsp-generation", "combat-supply", "terrain", "foreign-rail"),
        },
        "activation": {"army-hq": ("army-hq",), "leader-roll": ("leader-roll",), "nation-modifier": ("default",)},
        "air": {"mission": REQUIRED_MISSIONS},
    }
    out = []
    for kind, tables in wanted.items():
        for table, ids in tables.items():
            have = recs[kind].get(table, {})
            out += [f"{kind}.json: no {table} record {i!r}" for i in ids if i not in have]
    return out


def _check_sources(recs: dict) -> list[str]:
    """Every field_sources key names a field of its record (a dotted path)."""
    out = []
    for kind, tables in recs.items():
        for rec in (r for t in tables.values() for r in t.values()):
            data = rec.model_dump()
            for path in getattr(rec, "field_sources", {}):
                node = data
                for part in path.split("."):
                    node = node.get(part, KeyError) if isinstance(node, dict) else KeyError
                if node is KeyError:
                    out.append(f"{kind}.json: record {rec.id!r}: field_sources names no field {path!r}")
    return out


def _check_crt(c: Charts, crt: str) -> list[str]:
    rec, rows, where = c.crts[crt], c.rows(crt), f"crt-{crt}.json"
    out = []
    try:
        ratios = [ratio(col) for col in rec.columns]
    except ValueError:
        return [f"{where}: a column is not an odds ratio a:b: {rec.columns}"]
    if any(b <= a for a, b in zip(ratios, ratios[1:], strict=False)):
        out.append(f"{where}: the columns are not in rising order of odds")
    if ratios[0] != Fraction(1, 4):
        out.append(f"{where}: the first column must be 1:4, odds below it are automatic (L467)")
    for cap in (rec.max_column, rec.max_column_infantry_capable):
        if cap is not None and cap not in rec.columns:
            out.append(f"{where}: the limit {cap} is not a column")
    if sorted(rows) != list(range(rec.rows_from, rec.rows_to + 1)):
        out.append(f"{where}: rows must run {rec.rows_from}..{rec.rows_to} once each, found {sorted(rows)}")
    defined = {code for code, r in c.results.items() if r.crt == crt}
    for code in rec.ladder:
        if code not in defined:
            out.append(f"{where}: the ladder names {code!r}, which combat-results.json does not define for {crt}")
    for roll, row in sorted(rows.items()):
        if len(row.results) != len(rec.columns):
            out.append(f"{where}: row {roll} has {len(row.results)} results for {len(rec.columns)} columns")
        for code in row.results:
            if code not in rec.ladder:
                out.append(f"{where}: row {roll}: {code!r} is not on the table's ladder of results")
    if rec.below_lowest not in defined:
        out.append(f"{where}: below_lowest {rec.below_lowest!r} is not a {crt} result")
    return out or _check_crt_shape(c, crt)


def _check_crt_shape(c: Charts, crt: str) -> list[str]:
    """Better odds and better rolls are never worse for the attacker; the ladder agrees with what
    the results mean; every result 9C defines for this table can occur."""
    rec, table, where = c.crts[crt], c.crt(crt), f"crt-{crt}.json"
    rank = {code: i for i, code in enumerate(rec.ladder)}
    out = []
    for roll, row in sorted(table.rows.items()):
        for i in range(1, len(row)):
            if rank[row[i]] < rank[row[i - 1]]:
                out.append(
                    f"{where}: roll {roll}: {rec.columns[i]} gives {row[i]}, worse than {row[i - 1]} at "
                    f"{rec.columns[i - 1]} (better odds must never be worse for the attacker)"
                )
    for i, col in enumerate(rec.columns):
        cells = [table.rows[r][i] for r in sorted(table.rows)]
        for lo, hi in zip(cells, cells[1:], strict=False):
            if rank[hi] < rank[lo]:
                out.append(f"{where}: column {col}: a higher roll gives {hi}, worse than {lo}")
    for i, a in enumerate(rec.ladder):
        for b in rec.ladder[i + 1 :]:
            if better_for_attacker(c.results[a], c.results[b]):
                out.append(
                    f"{where}: the ladder puts {b} above {a}, but by their definitions {a} is better for the attacker"
                )
    used = {code for row in table.rows.values() for code in row} | {rec.below_lowest}
    reachable = used | {v.becomes for v in c.conversions.values() if v.crt == crt and v.result in used}
    for code in NINE_C[crt]:
        if code not in reachable:
            out.append(f"{where}: the 9C result {code} can never occur on this table")
    return out


def _check_results(c: Charts) -> list[str]:
    out = []
    for conv in c.conversions.values():
        for code in (conv.result, conv.becomes):
            if code not in c.results or c.results[code].crt != conv.crt:
                out.append(f"combat-results.json: conversion {conv.id!r}: {code!r} is not a {conv.crt} result")
    for res in c.results.values():
        if res.exchange and (res.attacker != SideEffect() or res.defender != SideEffect()):
            out.append(f"combat-results.json: {res.id}: an exchange sets no side effects of its own")
    return out


def _check_terrain(c: Charts) -> list[str]:
    out = []
    for kind, records in (("hex", c.hexes), ("hexside", c.hexsides), ("feature", c.features)):
        names = [n for r in records.values() for n in (r.id, *r.aliases)]
        twice = sorted({n for n in names if names.count(n) > 1})
        out += [f"terrain.json: the {kind} name {n!r} is used twice" for n in twice]
    for r in c.hexes.values():
        out += _check_hex(c, r)
    for r in c.hexsides.values():
        if r.prohibited != (r.cost is None):
            out.append(f"terrain.json: hexside {r.id!r}: a cost only when not prohibited")
        if r.frozen_as and r.frozen_as not in c.hexsides:
            out.append(f"terrain.json: hexside {r.id!r}: frozen_as {r.frozen_as!r} is no hexside")
    for r in c.features.values():
        if r.movement_as and r.movement_as not in c.hexes:
            out.append(f"terrain.json: feature {r.id!r}: movement_as {r.movement_as!r} is no hex terrain")
    return out


def _check_hex(c: Charts, r: HexRecord) -> list[str]:
    where, m = f"terrain.json: hex {r.id!r}", r.movement
    if r.prohibited != (m is None):
        return [f"{where}: movement costs only when not prohibited"]
    out = []
    if r.frozen_as and r.frozen_as not in c.hexes:
        out.append(f"{where}: frozen_as {r.frozen_as!r} is no hex terrain")
    if m is None:
        return out
    if m.cm_art is not None and m.cm_art < m.other:
        out.append(f"{where}: c/m and artillery pay less than other units (L673, L850 say more)")
    if (m.exceptions is None) != (not m.exception_classes):
        out.append(f"{where}: an exceptions cost needs its unit classes, and the reverse")
    if m.exceptions is not None and m.exceptions > m.other:
        out.append(f"{where}: the exceptions column costs more than other units pay (it is an advantage, L1082)")
    return out


def _check_forts(c: Charts) -> list[str]:
    out = []
    ladder = sorted((f for f in c.forts.values() if f.level), key=lambda f: f.level)
    if [f.level for f in ladder] != list(range(1, len(ladder) + 1)):
        out.append("fortifications.json: the construction levels must run 1, 2, 3... once each")
    for f in c.forts.values():
        where = f"fortifications.json: {f.id!r}"
        if f.reduces_to and f.reduces_to not in c.forts:
            out.append(f"{where}: reduces_to {f.reduces_to!r} is no fortification")
        if f.drm_infantry_capable < f.drm:
            out.append(f"{where}: an infantry-capable attacker must meet a lesser effect (L921)")
        if f.non_artillery_attack_infantry_capable < f.non_artillery_attack:
            out.append(f"{where}: an infantry-capable attacker must meet a lesser effect (L921)")
        up = f.construction.upgrades if f.construction else None
        if up and up not in c.forts:
            out.append(f"{where}: upgrades {up!r}, which is no fortification")
    return out


def _check_movement(c: Charts) -> list[str]:
    out = []
    std, red = c.zoc["standard"].costs, c.zoc["reduced"].costs
    for cls in std:
        if red.get(cls, std[cls]) > std[cls]:
            out.append(f"movement.json: a reduced ZOC costs {cls} units more than a standard one (L195)")
    for table in (std, c.overrun.costs):
        for cls in ("cavalry", "light", "infantry", "irregular"):
            if table.get(cls, table["standard"]) > table["standard"]:
                out.append(
                    f"movement.json: {cls} units must pay reduced ZOC and overrun costs (L874, L886, L914, L951)"
                )
    for mode in c.modes.values():
        for cls, mult in mode.multipliers.items():
            try:
                Fraction(mult)
            except ValueError:
                out.append(f"movement.json: {mode.id}: the multiplier {mult!r} of {cls} is not a fraction")
    return out


def _check_gst(c: Charts) -> list[str]:
    out = []
    if sorted(c.gst.rows) != list(range(1, 7)):
        out.append("ground-success.json: the table needs one result for each roll 1-6")
    for a in c.activities.values():
        missing = set(c.gst.codes) - set(a.outcomes)
        if missing:
            out.append(f"ground-success.json: activity {a.id!r} does not say what {sorted(missing)} mean")
    return out


def _check_bombardment(c: Charts) -> list[str]:
    t, where, out = c.bombardment_table, "bombardment.json", []
    if any(b <= a for a, b in zip(t.columns, t.columns[1:], strict=False)) or t.columns[0] <= 0:
        out.append(f"{where}: the strength columns must rise from a positive number")
    if not set(t.fort_columns) <= set(t.columns):
        out.append(f"{where}: a fort column is not a column")
    rows = c.bombardment_rows
    if sorted(rows) != list(range(t.rows_from, t.rows_to + 1)):
        return [*out, f"{where}: rows must run {t.rows_from}..{t.rows_to} once each"]
    for roll, row in sorted(rows.items()):
        bad = [x for x in row if not BOMB_RESULT.match(x)]
        if bad or len(row) != len(t.columns):
            return [*out, f"{where}: row {roll} must give one of M, H, 2H, 3H, 4H (maybe with *) per column"]
        for col, x in zip(t.columns, row, strict=True):
            if x.endswith("*") and col not in t.fort_columns:
                out.append(
                    f"{where}: row {roll}: an asterisk on the {col} column (only 50 and 100+ reduce forts, L734)"
                )
    hits = c.bombardment_hits
    for roll, row in rows.items():
        if any(hits(b) < hits(a) for a, b in zip(row, row[1:], strict=False)):
            out.append(f"{where}: row {roll}: more strength gives fewer hits")
    for i, col in enumerate(t.columns):
        cells = [rows[r][i] for r in sorted(rows)]
        for a, b in zip(cells, cells[1:], strict=False):
            if hits(b) < hits(a) or (a.endswith("*") and not b.endswith("*")):
                out.append(f"{where}: column {col}: a higher roll does worse")
    return out


def _check_lines(c: Charts) -> list[str]:
    out = []
    faces = c.leader_roll.faces
    if sorted(faces) != list(range(1, 7)):
        out.append("activation.json: the leader roll needs a rating for each face 1-6 (L1012-1016)")
    for w in WEATHERS:
        if w not in c.line_lengths:
            out.append(f"supply.json: no supply line lengths for {w} weather")
    return out


def _golden(c: Charts) -> list[tuple[str, str, Callable[[], bool]]]:
    """The numbers the rulebook gives, as (where, what, check): ``check()`` is true when the pack
    agrees with the text. The tests assert each one separately, line by line."""
    cost, ep = c.movement_cost, c.fatigue_shift
    return [
        (
            "rulebook L205",
            "a mountain hex costs 6 MPs for c/m and artillery, 2 for mountain units, 3 for others",
            lambda: (
                (cost("mountain", {"cm"}), cost("mountain", {"mountain"}), cost("mountain", {"non-motorized"}))
                == (6, 2, 3)
            ),
        ),
        (
            "rulebook L205",
            "no unit may enter a glacier hex",
            lambda: "glacier" not in c.hexes or cost("glacier", {"mountain"}) is None,
        ),
        (
            "rulebook L205, L1031",
            "a river or canal hexside costs +2",
            lambda: c.hexside_cost("river") == 2 and c.hexside_cost("canal") == 2,
        ),
        (
            "rulebook L1031",
            "woods cost 2 MPs and the road rate (clear) 1: 4 MPs over a demolished bridge",
            lambda: (cost("woods", {"non-motorized"}), cost("clear", {"non-motorized"})) == (2, 1),
        ),
        (
            "rulebook L1086",
            "in wooded rough mountain units, not light ones, use the exceptions column",
            lambda: (
                "wooded-rough" not in c.hexes
                or (
                    "mountain" in c.hexes["wooded-rough"].movement.exception_classes
                    and "light" not in c.hexes["wooded-rough"].movement.exception_classes
                )
            ),
        ),
        (
            "rulebook L715",
            "artillery attacking into a mountain hex is halved, mortars are not",
            lambda: (
                c.attack_multiplier({"artillery"}, terrain="mountain") == Fraction(1, 2)
                and c.attack_multiplier({"artillery", "mortar"}, terrain="mountain") == 1
            ),
        ),
        (
            "rulebook L441",
            "mountain, major cities and fortifications other than fieldworks call for the "
            "Positional CRT, infantry-capable attackers always for the Mobile one",
            lambda: (
                c.choose_crt(terrain="mountain")
                == c.choose_crt(features=["partial-city"])
                == c.choose_crt(fortification="entrenchment")
                == "positional"
                and c.choose_crt(fortification="fieldworks") == "mobile"
                and c.choose_crt(fortification="fort", attacker_infantry_capable=True) == "mobile"
            ),
        ),
        (
            "rulebook L921",
            "a fort, improved fort or fortress gives -2, -1 against an infantry-capable attacker",
            lambda: all((c.forts[f].drm, c.forts[f].drm_infantry_capable) == (-2, -1) for f in REQUIRED_FORTS[2:]),
        ),
        (
            "rulebook L467, L919",
            "the Mobile CRT stops at 6:1, at 9:1 for an infantry-capable attacker; below 1:4 is an automatic AE or AD",
            lambda: (
                (
                    c.crts["mobile"].max_column,
                    c.crts["mobile"].max_column_infantry_capable,
                    c.crts["mobile"].below_lowest,
                    c.crts["positional"].below_lowest,
                )
                == ("6:1", "9:1", "AE", "AD")
            ),
        ),
        (
            "rulebook L235, L451",
            "both CRTs have a 3:2 column between 1:1 and 2:1",
            lambda: all(_between(c.crts[k].columns, "3:2", "1:1", "2:1") for k in c.crts),
        ),
        ("rulebook L451", "34 against 9 is 3:1", lambda: c.odds_column("mobile", 34, 9) == "3:1"),
        (
            "rulebook L482-493",
            "the worked losses: HX 6 vs 12 costs 6 and 3, EX 15 vs 6 costs 6 and 6; on 120 vs 50 AL costs 60 and "
            "15, AX 60 and 30, DXM 25 and 25",
            lambda: (
                [
                    c.minimum_losses(*x)
                    for x in (("HX", 6, 12), ("EX", 15, 6), ("AL", 120, 50), ("AX", 120, 50), ("DXM", 120, 50))
                ]
                == [(6, 3), (6, 6), (60, 15), (60, 30), (25, 25)]
            ),
        ),
        (
            "rulebook L239",
            "8:1 with defender fatigue 3 hits and attacker 1 hit is 9:1; with 3 on each side 8:1",
            lambda: (
                c.odds_column("positional", 8, 1, shifts=ep(1, 3)) == "9:1"
                and c.odds_column("mobile", 8, 1, infantry_capable=True, shifts=ep(3, 3)) == "8:1"
            ),
        ),
        (
            "rulebook L239",
            "8 MPs of accel movement on a printed 5 give 2 fatigue hits, 3 for artillery",
            lambda: (c.fatigue_hits(3, {"non-motorized"}), c.fatigue_hits(3, {"artillery"})) == (2, 3),
        ),
        (
            "rulebook L265",
            "116 against 8 is 14:1; four levels down still overruns, five do not; a zero defense is overrun at 12:1",
            lambda: (
                c.overrun_odds(116, 8) == 14
                and c.overrun_possible(116, 8, -4)
                and not c.overrun_possible(116, 8, -5)
                and c.overrun_odds(1, 0) == 12
            ),
        ),
        (
            "rulebook L566",
            "48 against 20 with a d10 of 4 is 3:1, with 5 or 0 it is 2:1",
            lambda: [c.odds_column("mobile", 48, 20, d10=d) for d in (4, 5, 0)] == ["3:1", "2:1", "2:1"],
        ),
        (
            "rulebook L322",
            "a 6 with 7 REs of engineers and 11 depots loses 1 RE, 2 with Lille lost",
            lambda: (
                [c.deterioration_loss(6, engineer_re=7, depots=11, yard_lost=lost) for lost in (False, True)] == [1, 2]
            ),
        ),
        (
            "rulebook L287, L292",
            "depots use 2 REs; artillery on a low-volume line counts 4 times; 30 REs grow by 15 with 2 Res Pts",
            lambda: (
                c.capacity["depot"].values["maintenance_re"] == 2
                and c.rail_capacity_used(1, artillery_or_cm=True, low_volume=True) == 4
                and c.temporary_increase(30, 2) == 15
            ),
        ),
        (
            "rulebook L285, L328, L650, L1775",
            "strategic rail 200 hexes, gauge change 1 MP or 20 hexes, logistics 40/200/40, rail-only units 40 hexes",
            lambda: (
                c.rate("strategic-rail") == {"max_hexes": 200, "gauge_change_hexes": 20}
                and c.rate("operational-rail")["gauge_change_mp"] == 1
                and c.rate("rail-only-unit")["max_hexes"] == 40
                and c.rate("logistics-item")
                == {"operational_max_hexes": 40, "strategic_max_hexes": 200, "river_max_hexsides": 40}
            ),
        ),
        (
            "rulebook L344",
            "16 inland waterway hexsides cost 2 MPs",
            lambda: math.ceil(16 / c.rate("river")["hexsides_per_mp"]) == 2,
        ),
        (
            "rulebook L611, L1007",
            "overland + road reach 6 hexes in good weather; 2 and 2 in mud",
            lambda: sum(c.supply_lengths("clear")) == 6 and c.supply_lengths("mud") == (2, 2),
        ),
        (
            "rulebook L734",
            "on the 100+ column a 4 with recon is 4H*; the same 4 with recon, woods and an "
            "unimproved fortress is 3H; an improved (new) fortress is -2",
            lambda: (
                c.bombardment(102, 4, 1) == "4H*"
                and c.bombardment(
                    102, 4, 1 + c.terrain("woods").bombardment_drm + c.forts["fortress-unimproved"].bombardment_drm
                )
                == "3H"
                and c.forts["improved-fortress-new"].bombardment_drm == -2
                and c.bombardment_modifiers["tactical-recon"].value == 1
            ),
        ),
        (
            "rulebook L736-744",
            "2 hits disrupt a division, 1 a brigade; 1 badly disrupts anything smaller",
            lambda: (
                [
                    (h.first_effect_hits, h.second_effect_hits)
                    for h in (c.hit_effects[k] for k in ("divisional", "large-non-divisional", "small-non-divisional"))
                ]
                == [(2, 2), (1, 1), (1, None)]
            ),
        ),
        (
            "rulebook L568",
            "a regiment's EEC roll of 2 eliminates it; a brigade's 5 succeeds; 6 is asterisked",
            lambda: (
                c.ground_success(2) == "*F"
                and c.succeeds(c.ground_success(5, c.modifier("special-eec", "brigade")))
                and c.ground_success(6) == "S*"
                and c.succeeds(c.ground_success(5))
            ),
        ),
        (
            "rulebook L1420, L1426",
            "recon succeeds 2 in 6 unmodified and 1 to 5 in 6 from 1914 to 1918",
            lambda: (
                [_chances(c, c.modifier("tactical-recon", y)) for y in YEARS] == [1, 2, 3, 4, 5] and _chances(c, 0) == 2
            ),
        ),
        (
            "rulebook L245",
            "reserve commitment +2 when adjacent",
            lambda: c.modifier("reserve-commitment", "adjacent") == 2,
        ),
        (
            "rulebook L247-253",
            "reserve commitment: c/m normal, cavalry 1/2, light 1/3, others 1/5, rounded down",
            lambda: (
                [c.mode_rating("reserve-commitment", 5, t) for t in ({"cm"}, {"cavalry"}, {"light"}, {"other"})]
                == [5, 2, 1, 1]
            ),
        ),
        (
            "rulebook L640",
            "supply elimination +3 in a major city or improved fortress, -1 in cold weather",
            lambda: (
                (
                    c.modifier("supply-elimination", "major-city-or-improved-fortress"),
                    c.modifier("supply-elimination", "cold"),
                )
                == (3, -1)
            ),
        ),
        (
            "rulebook L972, L974",
            "a disrupted Army HQs -1 on its activation check, -1 per coordinating HQs past the first",
            lambda: (
                (c.modifier("army-hq-activation", "disrupted"), c.modifier("army-hq-activation", "coordination"))
                == (-1, -1)
            ),
        ),
        (
            "rulebook L1016-1017",
            "Haig (-1/0/1) rolling 1 gives -1; Falkenhayn (0/0/1) defending and rolling 6 gives -1",
            lambda: c.leader_modifier((-1, 0, 1), 1) == -1 and c.leader_modifier((0, 0, 1), 6, defender=True) == -1,
        ),
        (
            "rulebook L365-391",
            "stacking: 6 units + 6 REs + 4 artillery REs + 1 fortress; 4/4/2/1 in mountains; "
            "2/2/1/1 in the Arctic and Desert",
            lambda: (
                [
                    (s.units, s.non_divisional_re, s.artillery_re, s.fortress_units)
                    for s in (c.stacking[k] for k in ("regular", "mountain", "arctic-desert"))
                ]
                == [(6, 6, 4, 1), (4, 4, 2, 1), (2, 2, 1, 1)]
            ),
        ),
        (
            "rulebook L601, L604-610, L626-630",
            "7 low-volume rail hexes; ports 60/30/15/3; a Res Pt supplies 150 REs with an active Army HQs, 30 without",
            lambda: (
                c.supply_rule("railroad")["low_volume_max_hexes"] == 7
                and [c.supply_rule("port-capacity")[k] for k in ("major", "standard", "minor", "marginal")]
                == [60, 30, 15, 3]
                and (
                    c.supply_rule("combat-supply")["with_active_army_hq_re"],
                    c.supply_rule("combat-supply")["without_re"],
                )
                == (150, 30)
            ),
        ),
        (
            "rulebook L634, L683",
            "in combat supply a unit fights at full strength; L683's U-2 artillery regiment (2) out of combat "
            "supply defends at 0.5",
            lambda: (
                c.supply_strength(combat_supply=True, turns_out=3, isolated=True) == 1
                and 2 * c.supply_strength(combat_supply=False, turns_out=2) == Fraction(1, 2)
            ),
        ),
        (
            "rulebook L618-624",
            "a depot generates 16, 8, 4 or 1 GSPs by how its rail or sea link is traced",
            lambda: list(c.supply_rule("gsp-generation").values())[:4] == [16, 8, 4, 1],
        ),
        (
            "rulebook L746, L1276",
            "an air point bombards at half strength and adds 1/2 to a defense",
            lambda: (
                c.mission("aerial-bombardment")["strength_per_point"] == 0.5
                and c.mission("das")["defense_per_point"] == 0.5
            ),
        ),
        (
            "rulebook L1457-1464",
            "one GS air point per 6, 5, 4, 3, 2 attacking REs from 1914 to 1918 (16 REs: 2, 3, 4, 5, 8)",
            lambda: [16 // x for x in c.mission("ground-support")["re_per_point"].values()] == [2, 3, 4, 5, 8],
        ),
    ]


YEARS = ("1912-1914", "1915", "1916", "1917", "1918-1920")


def _chances(c: Charts, drm: int) -> int:
    """How many of the six faces succeed on the Ground Success Table with this modifier."""
    return sum(c.succeeds(c.ground_success(r, drm)) for r in range(1, 7))


def _between(columns: list[str], col: str, left: str, right: str) -> bool:
    return col in columns and columns[columns.index(col) - 1 : columns.index(col) + 2] == [left, col, right]
