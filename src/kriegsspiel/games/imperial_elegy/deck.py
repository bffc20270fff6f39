"""Imperial Elegy's decks (data/cards.json, home_cards.json, national_goals.json):
the action deck of §9-§10, the twelve home cards of §9.1.1 and §11.2, and the
national goals (NGs) of §2.4 and §25.5. The rulebook gives none of their texts
(only Balance of Power's, rulebook 9.0 L543) and names about thirty cards in
passing; everything else is authored from the history of 1850-1914 and marked
so in each record's ``source``. DECK_RULINGS.md (K1, K2, ...) explains what the
rulebook leaves open and how the pack fills it.

An event is data the rules engine executes: each card has one or two event
options (A and the shaded B, rulebook 9.0 L541), each a list of **effects**,
each effect a verb from ``VERBS`` with the parameters that verb takes. Play
requirements and NG conditions are **tests** from ``TESTS``. Both tables say,
for each word, what it does and which rule it serves: they are the
documentation of the vocabulary, and the validator refuses any word or
parameter not in them.

``deck()`` loads and checks the decks once; ``validate_deck()`` is the check
for ``kriegsspiel data validate`` and returns counts. Both take an optional
folder, so that the published game's values can be put in the same files.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ...engine import DataError
from ...engine.data import Record, cached_loader, load_pack, unique_ids

HERE = Path(__file__).parent / "data"
GAME = "imperial-elegy"

POWERS = ("GE", "UK", "FR", "AU", "RU", "OT")  # turn order, rulebook 4.3 L304-310
DECADES = ("1850s", "1860s", "1870s", "1880s", "1890s", "1900s", "1910s")  # turns 1-7, rulebook 2.0 L113
DECADE = Literal["1850s", "1860s", "1870s", "1880s", "1890s", "1900s", "1910s"]
FLAG = Literal["mandatory", "response", "combat", "remove", "draw", "goal", "permanent"]  # symbol key, L544-551
MIN_DEAL = 36  # K4: cards the deck must hold at every prep phase (six powers x six cards)
NG_PER_POWER = {"GE": 8, "UK": 8, "FR": 8, "AU": 9, "RU": 8, "OT": 8}  # rulebook 2.4 L146, L150
RANKED_VP = (3, 2, 1)  # rulebook 2.4.2 L152

# Who an effect or a test is about (K6). A power code, or a word resolved at play time.
POWER_REFS = POWERS + (
    "self",  # the player resolving the event (the active player; a discarder, 9.1.4 L563)
    "chosen",  # a player the resolver chooses (any player, bots included: 4.6.1 L318)
    "each",  # every player, in turn order
    "attacker",  # the primary belligerents of the war the card answers (14.1 L827)
    "defender",
    "controller",  # the power controlling the effect's space
    "italy",  # a unified Italy (22.2 L1231)
)
DIRECTIONS = ("entente", "alliance", "neutral", "away", "chosen")  # Alliance Track, 8.0-8.2 L486-507
TRACKS = ("entente", "alliance", "neutral")  # the three MPIT markers, 8.5 L518
UNITS = ("army", "reserve", "ec", "ef", "elite-ef", "squadron", "dreadnought")  # 5.1-5.2 L359-386
AIMS = ("liberation", "unification", "conquest")  # 13.0 L751
REGIONS = (  # map areas the cards and NGs name (rulebook 3.1 L157-166, 3.3)
    "europe",
    "africa",
    "asia",
    "north-america",
    "pacific",
    "balkans",
    "italy",
    "germany",
    "caucasus",
    "great-game",
    "low-countries",
    "north-africa",
    "eastern-mediterranean",
    "main-map",
)
FLASHPOINTS = (  # rulebook 3.3 L232-256 (Great Game and Caucasus: K11)
    "germany",
    "italy",
    "suez-canal",
    "power-projection",
    "low-countries",
    "africa",
    "balkans",
    "great-game",
    "caucasus",
)
TABLES = ("italian-minor-power", "kingdom-of-italy", "crisis", "balkan-state")  # §22, §23

# Every space id the decks use (K9). The map (data.py) checks that it has each of them.
SPACES = (
    "afghanistan",
    "aden",
    "algeria",
    "alsace-lorraine",
    "bavaria",
    "belgium",
    "bengal",
    "berlin",
    "bosnia",
    "bulgaria",
    "dagestan",
    "denmark",
    "egypt",
    "ethiopia",
    "greece",
    "hanover",
    "hong-kong",
    "india",
    "istanbul",
    "korea",
    "lombardy",
    "manchuria",
    "mexico",
    "morocco",
    "naples",
    "netherlands",
    "paris",
    "persia",
    "piedmont",
    "poland",
    "rome",
    "romania",
    "saxony",
    "serbia",
    "sevastopol",
    "south-africa",
    "sudan",
    "the-south",
    "transvaal",
    "tripoli",
    "tunisia",
    "vienna",
    "zululand",
)

# ----- the vocabulary: verbs an event is made of --------------------------------------------
# verb -> (required parameters, optional parameters, what it does and which rule it serves)
VERBS: dict[str, tuple[frozenset, frozenset, str]] = {}


def _verb(name: str, required: str, optional: str, doc: str) -> None:
    VERBS[name] = (frozenset(required.split()), frozenset(optional.split()), doc)


_verb("stability", "power amount", "", "Change the power's stability by amount, within 0-6 (7.1 L460-471).")
_verb("manpower", "power amount", "", "Change the power's manpower by amount (7.2 L473).")
_verb("industry", "power amount", "", "Change the power's industry by amount (7.4 L482).")
_verb("draw", "power amount", "", "The power draws amount action cards, after the event resolves (9.0 L541).")
_verb(
    "discard",
    "power amount",
    "",
    "The power discards amount cards at random, never its home card (9.1.1.1 L557); a mandatory "
    "event so discarded triggers (9.1.4 L563).",
)
_verb(
    "card-marker", "power amount", "", "Give the power a +1 or -1 card marker for the next deal (10.2-10.3 L582-585)."
)
_verb(
    "influence",
    "power count",
    "space spaces region",
    "Place count influence markers for the power in uncontrolled spaces (the space(s) given, or "
    "the resolver's choice in the region), without LoC and beyond the once-per-impulse limit (12.5 L661-666).",
)
_verb(
    "remove-influence",
    "count",
    "power space region",
    "Remove count influence or diplomacy markers (of the power if given) in the space or region (12.6 L672).",
)
_verb("diplomacy", "power minor", "", "Place the power's diplomacy marker on the minor power (12.5.3 L667).")
_verb(
    "ally",
    "power minor",
    "",
    "Place the power's ally marker on the minor power (12.8 L679), within the limit of five (4.2 L300).",
)
_verb(
    "remove-ally",
    "count",
    "power minor region",
    "Flip count ally markers (of the power, on the minor, in the region if given; else at random "
    "among all players' allies) to their diplomacy side or remove them (12.9 L685, bot example L1612).",
)
_verb("control", "power", "space region", "The power takes control of the space (or one in the region) (4.7 L323).")
_verb(
    "independence",
    "space",
    "",
    "The space gains independence as a minor power (4.7.1 L327); its former owner loses 1 stability (20.8 L1159).",
)
_verb(
    "pacification",
    "amount",
    "space region",
    "Place a pacification marker of value amount in the space; in a controlled space the owner's "
    "keys drop by one until it is pacified (12.11 L692-700).",
)
_verb(
    "rebels",
    "count",
    "space region woi",
    "Place count rebel armies in the space; with woi a WoI marker too (5.4 L398, 21.0 L1170-1187, 20.8 L1156).",
)
_verb(
    "goe", "space", "", "Place a Graveyard of Empires counter: pacifying the space is harder until done (12.11.2 L701)."
)
_verb("boers", "space", "", "Place a Boers counter: pacifying the space is harder until done (12.11.2 L701).")
_verb(
    "shift",
    "power direction",
    "target",
    "Shift the power's alliance chit one box (8.0 L486); 'away' means away from target (8.2 L506).",
)
_verb("mpit", "power track amount", "", "Add amount to the power's marker on the MPIT track (12.7 L675-677).")
_verb("alliance-resolution", "", "", "Conduct an alliance resolution step now (8.6 L521-537).")
_verb(
    "wtt",
    "amount",
    "",
    "Change the World Tension Track; reaching 5 makes this card the inciting event of a crisis roll "
    "on its crisis row (23.1 L1258-1259).",
)
_verb(
    "declare-war",
    "power target aim",
    "count ignore_wtt budget",
    'The power declares war on target with the war aim (12.17, 13.0 L735-751; "chosen": the attacker\'s '
    "choice among the aims the card allows): count objectives (1-2), "
    "budget added to industry (14.3); ignore_wtt: allowed at WTT 3+ like Balkan Wars (12.17.1 L739).",
)
_verb(
    "join-war",
    "power side",
    "primary budget",
    "The power enters the war on the side given; primary: it becomes the primary belligerent "
    "(14.1 L827, Balance of Power L543); budget: the card's CP go to its war budget.",
)
_verb(
    "invite-neutrals",
    "power",
    "",
    "The power may invite neutral players into the war it fights (8.1.1 L495, Aux Armes Citoyens).",
)
_verb(
    "forbid-joining",
    "",
    "",
    "No other player may join this war; unaligned minors do not seek aid (13.4.2 L786, 13.4.5 L806).",
)
_verb(
    "war-drm",
    "power amount",
    "",
    "The power has a DRM of amount in every land battle of the current war (New Rifles, L1031).",
)
_verb(
    "battle-drm", "power amount", "", "The power has a DRM of amount in the current battle (combat cards, 9.1.2 L559)."
)
_verb("naval-drm", "power amount", "", "The power has a DRM of amount in the current naval battle (19.5 L1082).")
_verb("war-budget", "power amount", "", "Add amount CP to the power's war budget in the current war (14.3 L835).")
_verb(
    "build",
    "power unit count",
    "space region",
    "Place count new units of the power (free), in the space or region given (12.2, 12.4).",
)
_verb("eliminate", "unit count", "power space region", "Eliminate count units (of the power) in the space or region.")
_verb("step-loss", "power count", "space", "The power's units (in the space) suffer count step losses (5.3 L388).")
_verb(
    "fort",
    "power space amount",
    "",
    "Build or raise a fort of level amount; level 3 only by this verb (12.12 L703-708).",
)
_verb(
    "counter-limit",
    "power unit amount",
    "",
    "Raise the power's counter limit for the unit (4.2 L295: the NAR counters).",
)
_verb(
    "set-flag",
    "flag",
    "",
    "Put the event's counter in its event box (3.6 L283): a permanent effect the rules look up (9.0 L541).",
)
_verb("clear-flag", "flag", "", "Flip the event's counter back: its effect ends (American Civil War, K15).")
_verb("india", "flag", "", "Flip the Indian Stability marker: flag 'stable' or 'unstable' (33.2.2 L1537-1538).")
_verb("city-of-light", "amount", "", "Change France's City of Light points (max 6) (33.3 L1552).")
_verb("jihad", "amount", "", "Give the Ottomans amount Jihad markers (33.6 L1579).")
_verb("rights", "count", "", "Austria grants rights to count nationalities of its display for free (33.4.1 L1563).")
_verb(
    "citizenship",
    "count",
    "amount",
    "Austria attempts full citizenship for count nationalities, with DRM amount (33.4 L1557).",
)
_verb(
    "roll-table", "table", "amount", "The resolver rolls on the table with DRM amount (§22 L1196-1245, §23 L1255-1275)."
)
_verb(
    "ng-draw",
    "power amount",
    "count",
    "The power draws amount NG cards and keeps count (default 1) (20.11 L1165-1167).",
)
_verb("vp", "power amount", "", "Give the power a VP marker of amount (2.2.1 L129: penalties from events).")
_verb("truce", "power target amount", "", "The two powers exchange truces of amount turns (13.5 L810, 16.3 L932).")
_verb(
    "roll", "at_least", "amount", "Roll a die (+amount); on at_least or more resolve then, else otherwise (4.1 L290)."
)
_verb(
    "ot-industrialize",
    "",
    "",
    "Modernization: each player may offer the Ottomans a card by CP value; the OT player takes one for "
    "industrialization and the giver draws; with no offer, 3 CP of actions instead (12.13.1 L714-715).",
)
_verb("gain-cp", "power amount", "", "The power spends amount CP on peacetime actions now (12.1 L605).")
_verb(
    "free-action",
    "power action",
    "count",
    "The power takes count free actions of the named kind (12.1 L605-623; 33.1).",
)

ACTIONS = (
    "recruitment",
    "naval-movement",
    "construct-fleet",
    "place-influence",
    "remove-influence",
    "mpit",
    "minor-alliance",
    "expeditionary-force",
    "pacification",
    "construct-fort",
    "redeployment",
    "land-battle",
    "deploy-reserves",
)

# ----- tests: play requirements and NG conditions -----------------------------------------
TESTS: dict[str, tuple[frozenset, frozenset, str]] = {}


def _test(name: str, required: str, optional: str, doc: str) -> None:
    TESTS[name] = (frozenset(required.split()), frozenset(optional.split()), doc)


_test("played", "flag", "", "The event box counter is set (3.6 L283): the named event has been played.")
_test("not-played", "flag", "", "The event box counter is not set.")
_test(
    "controls",
    "power",
    "space spaces count",
    "The power controls the space, or count of the spaces (all if no count) (4.7 L323).",
)
_test("not-controls", "power", "space spaces", "The power controls none of the spaces.")
_test("independent", "space", "", "The space is held by an independent minor power (4.7.1 L327).")
_test(
    "keys",
    "power amount",
    "region kind",
    "The power controls at least amount keys (in the region; kind territorial/colonial) (3.2.1 L184).",
)
_test("dominates", "power flashpoint", "", "The power dominates the flashpoint (3.3 L240).")
_test(
    "allies", "power amount", "region", "The power has at least amount minor power allies (in the region) (4.7.3 L333)."
)
_test("ally-of", "power minor", "", "The minor power is allied to the power (12.8 L679).")
_test("industry", "power amount", "", "The power's industry is at least amount (7.4).")
_test("stability", "power amount", "", "The power's stability is at least amount (7.1).")
_test("stability-at-most", "power amount", "", "The power's stability is at most amount (7.1).")
_test("naval-units", "power amount", "", "The power has at least amount naval units in play (5.2).")
_test("power-projection", "power amount", "", "The power's power projection is at least amount (3.3.1 L242-255).")
_test("unified", "which", "", "Germany or Italy has unified (22.2 L1222, 33.1.1 L1522).")
_test("not-unified", "which", "", "Germany or Italy has not unified.")
_test("in-alliance", "power", "direction", "The power is in an alliance box (the one named) (8.1.2 L498).")
_test("neutral", "power", "", "The power is in the Neutral box (8.1.1 L492).")
_test("same-alliance", "power target", "", "The two powers are in the same alliance (8.1.2).")
_test("at-war", "", "power", "A war is in progress (the power is a belligerent) (4.9.2 L349).")
_test("peace", "", "", "No war is in progress (4.9.1 L347).")
_test("wtt-at-most", "amount", "", "The World Tension Track is at most amount (3.7 L285).")
_test("turn-at-least", "amount", "", "The game turn is at least amount (2.0 L113).")
_test("india", "flag", "", "The Indian Stability marker shows flag 'stable' or 'unstable' (33.2.2 L1537).")
_test("city-of-light", "amount", "", "France has at least amount City of Light points (33.3 L1552).")
_test("citizenship", "amount", "", "Austria has granted full citizenship to at least amount nationalities (33.4.1).")
_test(
    "no-great-war",
    "",
    "",
    "The Great War has not occurred: the game ended at the end of turn 7 (2.4.2 L154, 2.2.1 L125).",
)
_test("won-war", "power", "target aim", "The power won a war (against target; with the aim) this game (16.1 L897-909).")
_test("no-lost-war", "power", "", "The power has lost no war this game (16.1).")
_test("not-independent", "space", "", "The space never gained independence (4.7.1).")
_test(
    "war-not-by-card",
    "card",
    "",
    "The war being answered was not declared with the named card (Balance of Power, L543).",
)
_test("power-is", "power", "", "The resolver is the named power (events playable only by certain powers, 9.0 L541).")
# the battle a combat card is played before (9.1.2 L559); no battle: they fail (DECK_RULINGS K17)
_test(
    "battle-in",
    "",
    "region powers",
    "The battle's defending space lies in the region, or is a home space of one of the powers (3.1, 3.2.5 L200).",
)
_test("battle-side", "side", "", "The resolver is the main attacker's or main defender's player (18.1.2 L958).")
_test("battle-fort", "", "", "The defending space has a fort in the battle (12.12 L703, 19.9 L1114).")
_test(
    "battle-terrain",
    "terrain",
    "",
    "The attack crosses a land connection of that kind (3.2.4 L191-194); an attack within the space "
    "crosses none and counts as clear; an amphibious assault as none.",
)
_test(
    "battle-adjacent",
    "",
    "",
    "The resolver has an army adjacent to the defending space (not by a red connection, 18.3.1 L977) "
    "that is not in the battle.",
)
BATTLE_TESTS = ("battle-in", "battle-side", "battle-fort", "battle-terrain", "battle-adjacent")

# Ranked NGs compare one measure among all players (2.4.2 L152). measure -> what is counted.
MEASURES = {
    "keys": "controlled keys (in the region, of the kind if given) (3.2.1 L184)",
    "allies": "minor power allies (4.7.3)",
    "industry": "the industry track (7.4)",
    "stability": "the stability track (7.1)",
    "power-projection": "power projection (3.3.1)",
    "naval-units": "naval units in play (5.2)",
    "army-steps": "army steps in play, reserve armies included (5.3)",
    "flashpoints": "flashpoints dominated (3.3)",
}
# Named card events the rules of §9-§33 refer to, and what those rules require of the card (K2).
TRIGGERS = (  # when a response or combat card may be played (9.1.2-9.1.3 L559-561)
    "war-declared",
    "war-maneuver",
    "land-battle",
    "naval-battle",
    "pacification",
    "alliance-resolution",
    "impulse",
    "other-impulse",
    "stability-loss",
)


# ----- the records, as the files hold them ----------------------------------------------------


class Effect(BaseModel):
    """One step of an event: a verb of VERBS with its parameters."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    verb: str
    power: Optional[str] = None
    target: Optional[str] = None
    side: Optional[Literal["attacker", "defender"]] = None
    space: Optional[str] = None
    spaces: Optional[list[str]] = None
    region: Optional[str] = None
    minor: Optional[str] = None
    amount: Optional[int] = None
    count: Optional[int] = Field(default=None, ge=0)
    unit: Optional[str] = None
    direction: Optional[str] = None
    track: Optional[str] = None
    flag: Optional[str] = None
    aim: Optional[str] = None
    table: Optional[str] = None
    action: Optional[str] = None
    woi: Optional[bool] = None
    primary: Optional[bool] = None
    budget: Optional[bool] = None
    ignore_wtt: Optional[bool] = None
    at_least: Optional[int] = None
    then: list[Effect] = []
    otherwise: list[Effect] = []


class Test(BaseModel):
    """A checkable condition: a test of TESTS with its parameters."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    test: str
    power: Optional[str] = None
    target: Optional[str] = None
    space: Optional[str] = None
    spaces: Optional[list[str]] = None
    count: Optional[int] = Field(default=None, ge=1)
    region: Optional[str] = None
    kind: Optional[Literal["territorial", "colonial"]] = None
    minor: Optional[str] = None
    flashpoint: Optional[str] = None
    flag: Optional[str] = None
    amount: Optional[int] = None
    which: Optional[Literal["germany", "italy"]] = None
    direction: Optional[str] = None
    aim: Optional[str] = None
    card: Optional[str] = None
    powers: Optional[list[Literal["GE", "UK", "FR", "AU", "RU", "OT"]]] = None
    side: Optional[Literal["attacker", "defender"]] = None
    terrain: Optional[Literal["clear", "difficult", "severe"]] = None


class Option(BaseModel):
    """Event option A, or the shaded option B (9.0 L541): the resolver picks one, never both."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    label: Literal["A", "B"]
    text: str = Field(min_length=1)
    requires: list[Test] = []
    effects: list[Effect] = Field(min_length=1)


class CardRecord(Record):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    number: int = Field(ge=1)
    title: str
    decade: DECADE
    cp: int = Field(ge=1, le=4)
    flags: list[FLAG] = []
    when: Optional[str] = None  # response/combat cards: the moment they answer
    crisis_row: bool = False  # an inciting event with its own Crisis Table row (23.2 L1262)
    bot: list[Literal["GE", "UK", "FR", "AU", "RU", "OT"]] = []  # bot box (9.2 L567, 34.3.4 L1611)
    text: str = Field(min_length=1)
    options: list[Option] = Field(min_length=1, max_length=2)


class HomeCardRecord(Record):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    power: Literal["GE", "UK", "FR", "AU", "RU", "OT"]
    title: str
    cp: int = Field(ge=1, le=5)
    decade: DECADE = "1850s"  # the turn from which it may be chosen (L543's "1870s" indicator: K7)
    flags: list[FLAG] = []
    when: Optional[str] = None
    text: str = Field(min_length=1)
    options: list[Option] = Field(min_length=1, max_length=2)


class GoalRecord(Record):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    power: Literal["GE", "UK", "FR", "AU", "RU", "OT"]
    title: str
    kind: Literal["achievement", "ranked"]
    vp: Optional[int] = None  # achievement: 3 or 4 (2.4.2 L149)
    conditions: list[Test] = []  # achievement: all must hold when NGs are scored
    measure: Optional[str] = None  # ranked: what is compared
    region: Optional[str] = None  # ranked: where it is counted
    key_kind: Optional[Literal["territorial", "colonial"]] = None
    scenario_only: bool = False  # AU's ninth NG: 1870 and 1880 scenarios only (2.4 L150)
    text: str = Field(min_length=1)


FILES = {"cards": CardRecord, "home_cards": HomeCardRecord, "national_goals": GoalRecord}

# Cards the rulebook names, with what its rules require of them (K2): title -> (flags that
# must be set, flags that must not be, decade or None, line).
NAMED = {
    "Balkan Wars": ((), ("response",), "1910s", "L739, L1261"),
    "The Influence of Sea Power": (("mandatory",), (), None, "L245"),
    "Machine Guns": (("mandatory", "permanent"), (), None, "L391, L1007"),
    "Hydraulic Recoil": (("mandatory", "permanent"), (), None, "L391, L1007"),
    "Italy": (("mandatory",), ("remove",), "1850s", "L1195"),
    "Impulsive Ruler": (("mandatory", "response"), (), None, "L566"),
    "Shifting Alliances": ((), (), None, "L522"),
    "Alliance System": ((), (), None, "L522"),
    "Dreadnought": (("permanent",), (), "1900s", "L649"),
    "Naval Arms Race": (("permanent",), (), None, "L295"),
    "Berlin Conference": (("permanent",), (), None, "L666, L673"),
    "Suez Canal": (("permanent",), (), None, "L267"),
    "American Civil War": (("permanent",), (), None, "L275, L671"),
    "Meiji Restoration": (("permanent",), (), None, "L277"),
    "Impregnable": ((), (), None, "L708"),
    "Powderkeg": ((), (), None, "L1261"),
    "Bosnian Crisis": ((), (), None, "L1269"),
    "Assassination": ((), (), None, "L1266"),
    "Black Hand": ((), (), None, "L1281"),
    "Moroccan Crisis": ((), (), None, "L1283"),
    "'Urabi Revolt": ((), (), None, "L1283"),
    "New Administration": ((), (), None, "L1167"),
    "Sepoy Mutiny": ((), (), None, "L1175"),
    "New Rifles": (("response",), (), None, "L1031"),
    "Diplomatic Incident": ((), (), None, "L1612"),
    "Eiffel Tower": ((), (), None, "L1552"),
    "Dual Monarchy": ((), (), "1850s", "L1555"),
    "Graveyard of Empires": ((), (), None, "L701"),
    "Boers": ((), (), None, "L701"),
}
# The verb each named card's event must use: what the rules say it does.
NAMED_VERBS = {
    "Balkan Wars": "declare-war",
    "Machine Guns": "set-flag",
    "Hydraulic Recoil": "set-flag",
    "Italy": "roll-table",
    "Shifting Alliances": "alliance-resolution",
    "Alliance System": "alliance-resolution",
    "Dreadnought": "set-flag",
    "Naval Arms Race": "counter-limit",
    "Berlin Conference": "set-flag",
    "Suez Canal": "set-flag",
    "American Civil War": "set-flag",
    "Meiji Restoration": "set-flag",
    "Impregnable": "fort",
    "New Administration": "ng-draw",
    "Sepoy Mutiny": "rebels",
    "New Rifles": "war-drm",
    "Diplomatic Incident": "remove-ally",
    "Eiffel Tower": "city-of-light",
    "Graveyard of Empires": "goe",
    "Boers": "boers",
    "Powderkeg": "wtt",
    "Bosnian Crisis": "wtt",
    "Assassination": "wtt",
    "Black Hand": "wtt",
    "Moroccan Crisis": "wtt",
    "'Urabi Revolt": "wtt",
}
HOME_NAMED = {  # rulebook L543, L495, L806, L1609, L759, L715, L1579
    "GE": ("Otto von Bismarck", "German General Staff"),
    "UK": ("Balance of Power",),
    "FR": ("Aux Armes Citoyens",),
    "RU": ("Russo-Turkish Wars",),
    "OT": ("Modernization", "Jihad"),
}


# ----- the decks, checked --------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    cards: dict  # id -> CardRecord, in number order
    home_cards: dict  # id -> HomeCardRecord
    goals: dict  # id -> GoalRecord

    def by_number(self, number: int) -> CardRecord:
        return next(c for c in self.cards.values() if c.number == number)

    def by_title(self, title: str):
        return next(c for c in (*self.cards.values(), *self.home_cards.values()) if c.title == title)

    def entering(self, decade: str) -> list:
        """The cards added to the deck in that decade's prep phase (10.1 L579-580)."""
        return [c for c in self.cards.values() if c.decade == decade]

    def home(self, power: str) -> list:
        return [h for h in self.home_cards.values() if h.power == power]

    def goals_of(self, power: str) -> list:
        return [g for g in self.goals.values() if g.power == power]


def _walk(effects):
    for e in effects:
        yield e
        yield from _walk(e.then)
        yield from _walk(e.otherwise)


def _spaces_of(thing) -> list:
    return [s for s in ([thing.space] if thing.space else []) + list(thing.spaces or [])]


def _check_params(where: str, kind: str, name: str, table: dict, obj, fixed: set) -> None:
    if name not in table:
        raise DataError(f"{where}: unknown {kind} {name!r}")
    required, optional, _ = table[name]
    given = {f for f in obj.model_fields_set if getattr(obj, f) not in (None, [])} - fixed
    missing, extra = required - given, given - required - optional
    if missing:
        raise DataError(f"{where}: {kind} {name!r} lacks {', '.join(sorted(missing))}")
    if extra:
        raise DataError(f"{where}: {kind} {name!r} takes no {', '.join(sorted(extra))}")


def _check_values(where: str, obj, flags_set: set | None, spaces: set) -> None:
    for f in ("power", "target"):
        v = getattr(obj, f, None)
        if v is not None and v not in POWER_REFS:
            raise DataError(f"{where}: {f} {v!r} is not a power")
    for s in _spaces_of(obj) + ([obj.minor] if getattr(obj, "minor", None) else []):
        if s not in spaces:
            raise DataError(f"{where}: unknown space {s!r}")
    checks = (
        ("region", REGIONS),
        ("direction", DIRECTIONS),
        ("track", TRACKS),
        ("unit", UNITS),
        ("aim", (*AIMS, "chosen")),
        ("table", TABLES),
        ("action", ACTIONS),
        ("flashpoint", FLASHPOINTS),
    )
    for f, allowed in checks:
        v = getattr(obj, f, None)
        if v is not None and v not in allowed:
            raise DataError(f"{where}: {f} {v!r} is not one of {', '.join(allowed)}")


def _check_card(path, card, spaces: set, flags_made: set, testing: bool = False) -> None:
    where = f"{path}: record {card.id!r}"
    if [o.label for o in card.options] not in (["A"], ["A", "B"]):
        raise DataError(f"{where}: options must be A, or A and B")
    if ("response" in card.flags or "combat" in card.flags) and card.when not in TRIGGERS:
        raise DataError(f"{where}: a response or combat card needs 'when', one of {', '.join(TRIGGERS)}")
    if card.when is not None and card.when not in TRIGGERS:
        raise DataError(f"{where}: 'when' {card.when!r} is not one of {', '.join(TRIGGERS)}")
    sets_flag = False
    for o in card.options:
        for t in o.requires:
            _check_params(f"{where} option {o.label}", "test", t.test, TESTS, t, {"test"})
            _check_values(f"{where} option {o.label}", t, None, spaces)
            if t.test in BATTLE_TESTS and card.when not in ("land-battle", "naval-battle"):
                raise DataError(f"{where}: option {o.label}: {t.test!r} is a test of a combat card (9.1.2 L559)")
            if t.test == "battle-in" and not (t.region or t.powers):
                raise DataError(f"{where}: option {o.label}: 'battle-in' needs a region or powers")
        for e in _walk(o.effects):
            _check_params(f"{where} option {o.label}", "verb", e.verb, VERBS, e, {"verb", "then", "otherwise"})
            _check_values(f"{where} option {o.label}", e, None, spaces)
            if e.verb in ("set-flag", "clear-flag"):
                flags_made.add(e.flag)
                sets_flag = sets_flag or e.verb == "set-flag"
            if e.verb == "roll" and not e.then:
                raise DataError(f"{where}: option {o.label}: a roll needs 'then' effects")
    if sets_flag != ("permanent" in card.flags):
        raise DataError(f"{where}: a card is 'permanent' exactly when its event sets a flag (9.0 L541, 3.6 L283)")


def _build(directory: Path) -> Deck:
    loaded = {}
    for kind, model in FILES.items():
        path = directory / f"{kind}.json"
        loaded[kind] = (path, unique_ids(load_pack(path, GAME, kind, model), path))
    (cpath, cards), (hpath, homes), (gpath, goals) = loaded["cards"], loaded["home_cards"], loaded["national_goals"]
    spaces = set(SPACES)
    flags_made: set = set()

    # action cards
    seen: dict = {}
    for c in cards.values():
        if c.number in seen:
            raise DataError(f"{cpath}: record {c.id!r}: card number {c.number} is also {seen[c.number]!r}")
        seen[c.number] = c.id
        _check_card(cpath, c, spaces, flags_made)
    titles = Counter(c.title for c in cards.values())
    for title, n in titles.items():
        if n > 1:
            raise DataError(f"{cpath}: the title {title!r} is used {n} times")
    for h in homes.values():
        _check_card(hpath, h, spaces, flags_made)
        if h.title in titles:
            raise DataError(f"{hpath}: record {h.id!r}: {h.title!r} is also an action card")

    # the cards the rulebook names, doing what it says (K2)
    by_title = {c.title: c for c in cards.values()}
    for title, (must, must_not, decade, line) in NAMED.items():
        c = by_title.get(title)
        if c is None:
            raise DataError(f"{cpath}: the rulebook names the card {title!r} ({line}); it is missing")
        for f in must:
            if f not in c.flags:
                raise DataError(f"{cpath}: record {c.id!r}: {title} must be {f!r} ({line})")
        for f in must_not:
            if f in c.flags:
                raise DataError(f"{cpath}: record {c.id!r}: {title} must not be {f!r} ({line})")
        if decade and c.decade != decade:
            raise DataError(f"{cpath}: record {c.id!r}: {title} enters in the {decade} ({line})")
        verb = NAMED_VERBS.get(title)
        if verb and not any(e.verb == verb for o in c.options for e in _walk(o.effects)):
            raise DataError(f"{cpath}: record {c.id!r}: {title}'s event must use {verb!r} ({line})")
    if by_title["Balkan Wars"].number != 100:
        raise DataError(f"{cpath}: record {by_title['Balkan Wars'].id!r}: Balkan Wars is card #100 (L739)")
    bw = [e for o in by_title["Balkan Wars"].options for e in _walk(o.effects) if e.verb == "declare-war"]
    if not all(e.ignore_wtt for e in bw):
        raise DataError(f"{cpath}: record {by_title['Balkan Wars'].id!r}: its war ignores the WTT limit (L739)")
    mandatory_response = [c.title for c in cards.values() if {"mandatory", "response"} <= set(c.flags)]
    if mandatory_response != ["Impulsive Ruler"]:
        raise DataError(
            f"{cpath}: Impulsive Ruler is the only mandatory response card (L566), found {mandatory_response}"
        )
    if by_title["Impulsive Ruler"].bot:
        raise DataError(f"{cpath}: record {by_title['Impulsive Ruler'].id!r}: bots never play Impulsive Ruler (L1637)")
    if by_title["Diplomatic Incident"].bot != list(POWERS):
        raise DataError(
            f"{cpath}: record {by_title['Diplomatic Incident'].id!r}: every power is in its bot box (L1612)"
        )
    for c in cards.values():
        if "draw" in c.flags and not any(e.verb == "draw" for o in c.options for e in _walk(o.effects)):
            raise DataError(f"{cpath}: record {c.id!r}: a card with the draw symbol must draw (9.0 L541)")

    # decades: enough cards at every deal (K4)
    removed = 0
    total = 0
    for d in DECADES:
        entering = [c for c in cards.values() if c.decade == d]
        total += len(entering)
        if total - removed < MIN_DEAL:
            raise DataError(
                f"{cpath}: in the {d} the deck may hold only {total - removed} cards,"
                f" fewer than {MIN_DEAL} for the deal (K4)"
            )
        removed += sum(1 for c in entering if "remove" in c.flags)

    # home cards: two per power, the named ones present (9.1.1 L555)
    per_power = Counter(h.power for h in homes.values())
    for p in POWERS:
        if per_power[p] != 2:
            raise DataError(f"{hpath}: {p} has {per_power[p]} home cards; each power has two (9.1.1 L555)")
    home_titles = {(h.power, h.title) for h in homes.values()}
    for p, names in HOME_NAMED.items():
        for n in names:
            if (p, n) not in home_titles:
                raise DataError(f"{hpath}: the rulebook names {p}'s home card {n!r}; it is missing")

    # national goals (2.4 L146-154)
    per_power = Counter(g.power for g in goals.values())
    for p, n in NG_PER_POWER.items():
        if per_power[p] != n:
            raise DataError(f"{gpath}: {p} has {per_power[p]} national goals, the rulebook gives {n} (2.4 L146, L150)")
    for g in goals.values():
        where = f"{gpath}: record {g.id!r}"
        if g.kind == "achievement":
            if g.vp not in (3, 4) or not g.conditions or g.measure:
                raise DataError(
                    f"{where}: an achievement NG gives 3 or 4 VP for conditions, with no measure (2.4.2 L149)"
                )
        else:
            if g.vp is not None or g.conditions or g.measure not in MEASURES or not g.title.endswith("*"):
                raise DataError(
                    f"{where}: a ranked NG is marked '*', has a measure of {', '.join(MEASURES)} and no VP (2.4.2 L150)"
                )
        if g.region is not None and g.region not in REGIONS:
            raise DataError(f"{where}: region {g.region!r} is not one of {', '.join(REGIONS)}")
        for t in g.conditions:
            _check_params(where, "test", t.test, TESTS, t, {"test"})
            _check_values(where, t, None, spaces)
    for p in POWERS:
        if not any(t.test == "no-great-war" for g in goals.values() if g.power == p for t in g.conditions):
            raise DataError(f"{gpath}: {p} has no 'the Great War does not occur' NG (2.4.2 L154)")
    if sum(g.scenario_only for g in goals.values()) != 1 or not any(
        g.scenario_only and g.power == "AU" for g in goals.values()
    ):
        raise DataError(f"{gpath}: exactly one NG, Austria's ninth, is for the 1870 and 1880 scenarios only (2.4 L150)")
    titles = {(g.power, g.title) for g in goals.values()}
    if ("GE", "Unification!") not in titles:
        raise DataError(f"{gpath}: GE's 'Unification!' NG is missing (33.1 L1516)")
    if not any(t == "European Keys*" for _, t in titles):
        raise DataError(f"{gpath}: the ranked 'European Keys*' NG is missing (2.4.2 L153)")

    # cards a test names exist (L543: "Cannot be played in response to Otto von Bismarck")
    ids = set(cards) | set(homes)
    for rec, path in [(c, cpath) for c in cards.values()] + [(h, hpath) for h in homes.values()]:
        for o in rec.options:
            for t in o.requires:
                if t.card is not None and t.card not in ids:
                    raise DataError(f"{path}: record {rec.id!r}: no card {t.card!r}")

    # flags: every flag a test reads is one an event sets (3.6 L283)
    for where, tests in (
        [(f"{cpath}: record {c.id!r}", [t for o in c.options for t in o.requires]) for c in cards.values()]
        + [(f"{hpath}: record {h.id!r}", [t for o in h.options for t in o.requires]) for h in homes.values()]
        + [(f"{gpath}: record {g.id!r}", list(g.conditions)) for g in goals.values()]
    ):
        for t in tests:
            if t.test in ("played", "not-played") and t.flag not in flags_made:
                raise DataError(f"{where}: no event sets the flag {t.flag!r}")

    return Deck(dict(sorted(cards.items(), key=lambda kv: kv[1].number)), homes, goals)


deck = cached_loader(lambda directory: _build(directory), HERE)
"""``deck(directory=None)``: The decks, checked (see ``cached_loader``)."""


def validate_deck(directory: Path | str | None = None) -> dict[str, int]:
    """Check the decks (the game's own unless a folder is given) and count them; DataError
    naming file, record and problem if anything is wrong."""
    d = _build(Path(directory) if directory is not None else HERE)
    counts = {"action cards": len(d.cards)}
    for dec in DECADES:
        counts[dec] = len(d.entering(dec))
    counts.update(
        {
            "mandatory": sum("mandatory" in c.flags for c in d.cards.values()),
            "response": sum("response" in c.flags for c in d.cards.values()),
            "combat": sum("combat" in c.flags for c in d.cards.values()),
            "two-option": sum(len(c.options) == 2 for c in d.cards.values()),
            "home cards": len(d.home_cards),
            "national goals": len(d.goals),
            "achievement": sum(g.kind == "achievement" for g in d.goals.values()),
            "ranked": sum(g.kind == "ranked" for g in d.goals.values()),
        }
    )
    return counts


def public(directory: Path | str | None = None) -> dict:
    """What every player may see: the action deck and home cards (printed cards), never NGs (2.4.1 L147)."""
    d = deck(directory)
    return {
        "cards": [c.model_dump(exclude_defaults=True) for c in d.cards.values()],
        "home_cards": [h.model_dump(exclude_defaults=True) for h in d.home_cards.values()],
    }
