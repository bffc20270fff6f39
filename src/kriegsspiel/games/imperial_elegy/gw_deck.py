"""Imperial Elegy's Great War deck (data/gw_cards.json): the cards dealt in the planning
step of each GW turn (§24-§32) in place of the action deck and the home cards.

What the rulebook fixes: every player, neutrals too, is dealt one GW card a GW turn, with a
hand limit of 1 (26.0 L1344); a GW card is played in addition to a 1-CP action, for a bonus
action or for its event (27.2 L1361-1366; neutrals for its event only, 27.4 L1371); there are
exactly two GW combat cards that function exactly the same, played at the start of a land
battle the player is in and then placed face down in front of the player they were played
against, never to return to the deck (26.1 L1346); one of them is Technological Terror,
GW #4, +2 to the land battle roll (28.1 L1435, L1438); there is exactly one mandatory card,
Exhaustion (27.3 L1368); a card named Minor Power Entry brings a minor power into the war
but cannot let it attack its pre-GW player ally unless it is a Balkan minor power (25.2.1
L1301-1303); the US and a unified Italy join the war (32.1 L1497, 32.2 L1500).

What is authored: the rulebook prints none of the cards. The deck's size (24), every
title, text and value other than Technological Terror's, Exhaustion's event, the second
combat card and the entry cards are ours, historically grounded in 1914-1919, and each
record's ``source`` says so. DECK_RULINGS.md (K19 onwards) explains each choice.

The vocabulary: an event is a list of **effects**, each a verb of ``GW_VERBS`` with the
parameters that verb takes; the table says what each verb does and which rule it serves,
and the validator refuses any other word, a parameter the verb does not take, a missing
one, or a value out of its range (``GW_VALUES``). ``gw_deck()`` loads and checks the deck
once; ``validate_gw_deck()`` is the check for ``kriegsspiel data validate`` and returns
counts; ``public_gw()`` is the printed cards, for the board. All take an optional folder,
so that the published game's deck can be put in a file of the same shape.
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
KIND = "gw_cards"
FILE = f"{KIND}.json"

COMBAT_CARDS = 2  # 26.1 L1346
TECHNOLOGICAL_TERROR = (4, "Technological Terror", 2)  # number, title, DRM: 28.1 L1435
EXHAUSTION = "Exhaustion"  # the only mandatory card, 27.3 L1368
MINOR_POWER_ENTRY = "Minor Power Entry"  # 25.2.1 L1301, L1303
GW_REGIONS = ("balkans", "europe", "asia", "africa", "main-map")  # where a minor may be drawn from

# ----- the vocabulary ---------------------------------------------------------------------------
# verb -> (required parameters, optional parameters, what it does and which rule it serves)
GW_VERBS: dict[str, tuple[frozenset, frozenset, str]] = {}


def _verb(name: str, required: str, optional: str, doc: str) -> None:
    GW_VERBS[name] = (frozenset(required.split()), frozenset(optional.split()), doc)


_verb(
    "battle-drm",
    "amount",
    "",
    "Combat cards only: +amount (1-3) to the holder's roll in one land battle it is in, played at the "
    "start of the battle (27.2 L1364, 9.1.2 L559; Technological Terror's +2, 28.1 L1435). The card then "
    "goes face down in front of the player it was played against and never returns to the deck; that "
    "player flips it face up in the next planning step and may use it or give it to an ally (26.1 L1346; K21).",
)
_verb(
    "exhaustion",
    "",
    "",
    "The mandatory card only (27.3 L1368): every belligerent power (each player in the GW, and the US and "
    "Italy once they are in it) loses 1 manpower; a power whose manpower is already 0 (exhausted, 27.6 "
    "L1401) loses 1 stability instead; a power brought to 0 stability surrenders (30.1 L1479, 30.2; K22).",
)
_verb(
    "minor-entry",
    "",
    "region",
    "A neutral minor power of the player's choice (of the region, if given) joins the GW with the player's "
    "alliance and the player places its ally marker on it (25.2.1 L1301). It cannot attack its pre-GW "
    "player ally, unless it is a Balkan minor power (L1303; K23).",
)
_verb(
    "us-entry",
    "",
    "against",
    "The US, if its alliance chit is still in the neutral box (25.2 L1299), joins the GW with 3 armies and "
    "its fleet in the South and 1 CP on its entry turn (32.1 L1497): in the alliance the power named by "
    "'against' is not fighting in, or the player's own if that power is not at war (K24).",
)
_verb(
    "italy-entry",
    "",
    "",
    "A unified Italy, if neutral (25.3 L1316), joins the GW in the player's alliance at 3 stability, 3 "
    "manpower and 2 CP a GW turn (32.2 L1500; K24).",
)
_verb(
    "stability",
    "power amount",
    "",
    "The player ('self') or an enemy belligerent the player chooses ('enemy') gains or loses 1 stability "
    "(amount +1 or -1), within 6 to 0 (7.1 L461); a power at 0 surrenders (30.1 L1479; K25).",
)
_verb(
    "manpower",
    "power amount",
    "",
    "The player ('self') gains amount (1-2) manpower (7.2 L473; the draft costs 1, 27.5.2 L1387); the UK "
    "and the Ottomans put it on the manpower marker they choose (L459; K25).",
)
_verb("budget", "amount", "", "Add amount (1-2) CP to the player's war budget this GW turn (26.2 L1349; K25).")
_verb(
    "refit",
    "count",
    "",
    "The player flips up to count (1-3) of its reduced armies with a LoC to full strength: the refit "
    "action (27.5.1 L1385-1386) without its CP (K25).",
)

# verb -> {parameter: the values it may take}
GW_VALUES: dict[str, dict[str, tuple]] = {
    "battle-drm": {"amount": (1, 2, 3)},
    "minor-entry": {"region": GW_REGIONS},
    "stability": {"power": ("self", "enemy"), "amount": (1, -1)},
    "manpower": {"power": ("self",), "amount": (1, 2)},
    "budget": {"amount": (1, 2)},
    "us-entry": {"against": ("ge", "uk", "fr", "au", "ru", "ot")},
    "refit": {"count": (1, 2, 3)},
}
assert set(GW_VALUES) <= set(GW_VERBS)
ONLY_ON = {"battle-drm": "combat", "exhaustion": "mandatory"}  # verb -> the kind of card it belongs to


# ----- the records, as the file holds them ------------------------------------------------------


class GWEffect(BaseModel):
    """One step of a GW event: a verb of GW_VERBS with its parameters."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    verb: str
    power: Optional[str] = None
    amount: Optional[int] = None
    count: Optional[int] = None
    region: Optional[str] = None
    against: Optional[str] = None


class GWCardRecord(Record):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    number: int = Field(ge=1)
    title: str = Field(min_length=1)
    kind: Literal["event", "combat", "mandatory"]
    text: str = Field(min_length=1)
    effects: list[GWEffect] = Field(min_length=1)
    bot: list[Literal["GE", "UK", "FR", "AU", "RU", "OT"]] = []  # powers the event fits historically (K19)


# ----- the deck, checked ------------------------------------------------------------------------


@dataclass(frozen=True)
class GWDeck:
    cards: dict  # id -> GWCardRecord, in number order

    def by_number(self, number: int) -> GWCardRecord:
        return next(c for c in self.cards.values() if c.number == number)

    def by_title(self, title: str) -> GWCardRecord:
        return next(c for c in self.cards.values() if c.title == title)

    def of_kind(self, kind: str) -> list:
        return [c for c in self.cards.values() if c.kind == kind]


def _check_effect(where: str, card: GWCardRecord, e: GWEffect) -> None:
    if e.verb not in GW_VERBS:
        raise DataError(f"{where}: unknown verb {e.verb!r} (one of {', '.join(GW_VERBS)})")
    required, optional, _ = GW_VERBS[e.verb]
    given = {f for f in e.model_fields_set if getattr(e, f) is not None} - {"verb"}
    missing, extra = required - given, given - required - optional
    if missing:
        raise DataError(f"{where}: verb {e.verb!r} lacks {', '.join(sorted(missing))}")
    if extra:
        raise DataError(f"{where}: verb {e.verb!r} takes no {', '.join(sorted(extra))}")
    for param, allowed in GW_VALUES.get(e.verb, {}).items():
        v = getattr(e, param)
        if v is not None and v not in allowed:
            raise DataError(f"{where}: verb {e.verb!r}: {param} {v!r} is not one of {', '.join(map(str, allowed))}")
    kind = ONLY_ON.get(e.verb)
    if kind is not None and card.kind != kind:
        raise DataError(f"{where}: {e.verb!r} belongs only on the {kind} card, not on a {card.kind} card")


def _build(directory: Path) -> GWDeck:
    path = Path(directory) / FILE
    cards = unique_ids(load_pack(path, GAME, KIND, GWCardRecord), path)

    # each card: its effects are words of the vocabulary, with their parameters
    for c in cards.values():
        for i, e in enumerate(c.effects):
            _check_effect(f"{path}: record {c.id!r} effect {i + 1}", c, e)

    # numbers and titles are unique
    seen: dict = {}
    for c in cards.values():
        if c.number in seen:
            raise DataError(f"{path}: record {c.id!r}: card number {c.number} is also {seen[c.number]!r}")
        seen[c.number] = c.id
    for title, n in Counter(c.title for c in cards.values()).items():
        if n > 1:
            ids = [c.id for c in cards.values() if c.title == title]
            raise DataError(f"{path}: records {', '.join(map(repr, ids))}: the title {title!r} is used {n} times")

    # the two combat cards, alike (26.1 L1346); #4 is Technological Terror, +2 (28.1 L1435)
    combat = [c for c in cards.values() if c.kind == "combat"]
    if len(combat) != COMBAT_CARDS:
        ids = ", ".join(repr(c.id) for c in combat) or "none"
        raise DataError(
            f"{path}: {len(combat)} combat cards ({ids}); the GW deck has exactly {COMBAT_CARDS} (26.1 L1346)"
        )
    for c in combat:
        if len(c.effects) != 1 or c.effects[0].verb != "battle-drm":
            raise DataError(f"{path}: record {c.id!r}: a GW combat card has one effect, a battle-drm (26.1 L1346)")
    if combat[0].effects != combat[1].effects:
        raise DataError(
            f"{path}: records {combat[0].id!r}, {combat[1].id!r}: the two GW combat cards function exactly "
            "the same (26.1 L1346)"
        )
    number, title, drm = TECHNOLOGICAL_TERROR
    tt = next((c for c in cards.values() if c.number == number), None)
    if tt is None or tt.title != title or tt.kind != "combat" or tt.effects[0].amount != drm:
        which = f"record {tt.id!r}" if tt is not None else f"no card #{number}"
        raise DataError(f"{path}: {which}: GW #{number} is {title}, a combat card giving +{drm} (28.1 L1435)")

    # the one mandatory card, Exhaustion (27.3 L1368)
    mandatory = [c for c in cards.values() if c.kind == "mandatory"]
    if not mandatory:
        raise DataError(f"{path}: the mandatory card {EXHAUSTION} is missing; it is the only one (27.3 L1368)")
    if len(mandatory) > 1 or mandatory[0].title != EXHAUSTION:
        others = [c.id for c in mandatory if c.title != EXHAUSTION] or [c.id for c in mandatory[1:]]
        raise DataError(
            f"{path}: record {others[0]!r}: the only mandatory card of the GW deck is {EXHAUSTION} (27.3 L1368)"
        )
    if [e.verb for e in mandatory[0].effects] != ["exhaustion"]:
        raise DataError(f"{path}: record {mandatory[0].id!r}: {EXHAUSTION}'s event is the 'exhaustion' verb (K22)")

    # the cards the rulebook names or asks for
    by_title = {c.title: c for c in cards.values()}
    mpe = by_title.get(MINOR_POWER_ENTRY)
    if mpe is None:
        raise DataError(f"{path}: the card {MINOR_POWER_ENTRY!r} is missing (25.2.1 L1301)")
    if not any(e.verb == "minor-entry" for e in mpe.effects) or "Balkan" not in mpe.text:
        raise DataError(
            f"{path}: record {mpe.id!r}: {MINOR_POWER_ENTRY} brings in a minor power ('minor-entry') and its "
            "text says it cannot attack its pre-GW player ally unless it is a Balkan minor power (25.2.1 L1303)"
        )
    for verb, rule in (("us-entry", "32.1 L1497"), ("italy-entry", "32.2 L1500")):
        if not any(e.verb == verb for c in cards.values() for e in c.effects):
            raise DataError(f"{path}: no card has the event {verb!r}: the deck has an entry card for it ({rule}; K24)")

    # numbered 1..N
    numbers = sorted(seen)
    if numbers != list(range(1, len(cards) + 1)):
        gap = next(n for n in range(1, len(cards) + 2) if n not in seen)
        raise DataError(f"{path}: the cards are numbered 1-{len(cards)}; there is no #{gap} (K19)")

    return GWDeck(dict(sorted(cards.items(), key=lambda kv: kv[1].number)))


gw_deck = cached_loader(lambda directory: _build(directory), HERE)
"""``gw_deck(directory=None)``: the GW deck, checked (see ``cached_loader``)."""


def validate_gw_deck(directory: Path | str | None = None) -> dict[str, int]:
    """Check the GW deck (the game's own unless a folder is given) and count it; DataError naming
    file, record and problem if anything is wrong."""
    d = _build(Path(directory) if directory is not None else HERE)
    return {
        "GW cards": len(d.cards),
        "GW combat": len(d.of_kind("combat")),
        "GW mandatory": len(d.of_kind("mandatory")),
        "GW events": len(d.of_kind("event")),
    }


def public_gw(directory: Path | str | None = None) -> dict:
    """What every player may see: the printed GW cards, in number order."""
    return {"gw_cards": [c.model_dump(exclude_defaults=True) for c in gw_deck(directory).cards.values()]}
