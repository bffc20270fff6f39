"""The rulebook's own bots (§34, L1581-1637): ``rulebook(view, actions, rng)``.

A rulebook bot does not weigh its options: it follows its Bot PAC and rolls a die where the PAC
leaves a choice (34.3 L1601). Its hand is a pile (34.2 L1594-1598): each impulse it reveals the
top card (a card drawn at random from the hand is the top of a shuffled pile), never passes, and
plays it by the first priority 1 action that applies (its home card by the Home Card Revealed
table, a card whose bot box names it, a 2 or 3 CP card into industrialization); otherwise it
plays the card for CP and rolls for a priority 2 action, pacifying first unless the roll is a
5 or a 6 (34.3.2), and spends what is left on armies, then on one power's MPIT track by the
BMPIT (34.3 L1602). Diplomacy goes to the region the BDIT names (34.3.4 Example 2).

The Bot PAC is missing from the rulebook: ``data/bot_pac.json`` (one record per power: Home
Card Revealed, priority 2, BDIT, BMPIT) and ``data/bot_regions.json`` (the BDIT's regions) are
authored from each power's policy, with provenance; RULINGS_BOTS.md (rulings P1-P16) says how the
loose parts are read. In a war the bot is "controlled by a player ally" (34.4.6): the heuristic
bot plays its battles and moves, under the wartime rules §34.4 gives (P8); a bot in the neutral
box chooses its wartime actions by the PAC's Wartime Action Priorities (P13).

The dice are the bot's own generator (``rng``), never the game's: a bot's thinking does not
change the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...engine.data import Record, cached_loader, load_files, refuse
from . import bots as heuristic_bot
from . import events, rebels, war
from .data import PLAYERS, pack
from .deck import deck
from .effects import minor_ref
from .world import ARMY_TYPES, TRACKS

HERE = Path(__file__).parent / "data"
GAME = "imperial-elegy"

ACTIONS = ("army", "diplomacy", "influence", "fleet", "fort", "mpit")
"""What a priority 2 roll may name (34.3 L1601; the PAC's actions, authored)."""

WARTIME = ("battle", "deploy", "rail", "march", "naval")
"""What the Bot Wartime Action Priorities list may name (34.4.6 L1631; authored): a land battle
the bot's force is not outnumbered in (15.2.6), deploying reserves (15.2.3), a rail move (15.2.5),
a march (15.2.4), a naval movement (15.2.1)."""

LAND_KINDS = ("army", "reinforce", "reserve-step", "reserve")
"""34.3 L1602: "build armies": new armies, then steps on reduced ones, then reserves."""

KIND_OF = {  # a spend action -> the priority 2 action it carries out
    "army": "army",
    "reinforce": "army",
    "reserve": "army",
    "reserve-step": "army",
    "ally": "diplomacy",
    "diplomacy": "diplomacy",
    "influence": "influence",
    "fleet": "fleet",
    "refit": "fleet",
    "fort": "fort",
    "mpit": "mpit",
    "pacify": "pacify",
}

PILE_TOP = ("ge", "ot")  # 34.2 L1595: the home card on top of the pile
PILE_BOTTOM = ("uk",)  # L1597: at the bottom; FR, AU and RU shuffle it in (L1596)
WAR_GAP = 4  # 34.4.1 L1617: no war on a power with 4 or more army steps more
PORT_LIMIT = 4  # 5.5.4 L411: naval units in a port
AIM_ROLL = 3  # 34.3.4 Example 3 L1614: conquest on 1-3, liberation on 4-6
EC_DIFF = (-2, 2)  # 34.4.7 L1633
JOIN_ROLL = 3  # 34.4.4 L1623: aligned or invited bots join on 3+
BDIT_TRIES = 3  # ruling P6: a region with nobody to court is rolled again, twice at most


# ----- the Bot PAC, as the files hold it -------------------------------------------------------


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    roll: int = Field(ge=1, le=6)


class HomeRow(_Row):
    card: str
    options: list[Literal["A", "B"]] = Field(min_length=1)


class ActionRow(_Row):
    action: Literal[ACTIONS]  # type: ignore[valid-type]


class RegionRow(_Row):
    region: str


class MpitRow(_Row):
    power: str
    track: Literal[TRACKS]  # type: ignore[valid-type]


class PacRecord(Record):
    """One power's Bot PAC: a d6 table for each of its choices."""

    id: Literal[PLAYERS]  # type: ignore[valid-type]
    home: list[HomeRow]
    priority2: list[ActionRow]
    bdit: list[RegionRow]
    bmpit: list[MpitRow]
    wartime: list[Literal[WARTIME]] = Field(min_length=1)  # type: ignore[valid-type]  # 34.4.6


class RegionRecord(Record):
    id: str
    name: str
    minors: list[str] = Field(min_length=1)


FILES = {"bot_pac": PacRecord, "bot_regions": RegionRecord}


def check(recs: dict) -> list[str]:
    """Every power has a PAC; every table has one row for each face of the die; every card,
    option, region, minor, power and track exists."""
    problems = []
    pac, regions = recs["bot_pac"], recs["bot_regions"]
    homes = deck().home_cards
    minors = pack().minors
    for p in PLAYERS:
        if p not in pac:
            problems.append(f"bot_pac: no record for {p}")
    for p, r in pac.items():
        for table in ("home", "priority2", "bdit", "bmpit"):
            rolls = sorted(row.roll for row in getattr(r, table))
            if rolls != [1, 2, 3, 4, 5, 6]:
                problems.append(f"bot_pac {p}: {table} needs one row per roll 1-6, has {rolls}")
        for row in r.home:
            c = homes.get(row.card)
            if c is None or c.power.lower() != p:
                problems.append(f"bot_pac {p}: home roll {row.roll} names {row.card!r}, not a home card of {p}")
                continue
            labels = {o.label for o in c.options}
            for o in row.options:
                if o not in labels:
                    problems.append(f"bot_pac {p}: home roll {row.roll}: {row.card} has no option {o}")
        for row in r.bdit:
            if row.region not in regions:
                problems.append(f"bot_pac {p}: bdit roll {row.roll} names {row.region!r}, not a region")
        for row in r.bmpit:
            if row.power not in PLAYERS:
                problems.append(f"bot_pac {p}: bmpit roll {row.roll} names {row.power!r}, not a player power")
        if len(set(r.wartime)) != len(r.wartime):
            problems.append(f"bot_pac {p}: wartime names an action twice")
    seen: dict[str, str] = {}
    for rid, reg in regions.items():
        for m in reg.minors:
            if m not in minors:
                problems.append(f"bot_regions {rid}: {m!r} is not a minor power")
            elif m in seen:
                problems.append(f"bot_regions {rid}: {m} is in {seen[m]} too")
            seen[m] = rid
    return problems


def _build(directory: Path) -> dict:
    recs = load_files(directory, GAME, FILES)
    refuse(GAME, directory, check(recs))
    return recs


tables = cached_loader(_build, HERE)
"""``tables(directory=None)``: {"bot_pac": power -> PacRecord, "bot_regions": id -> RegionRecord}."""


def validate(directory: Path | str | None = None) -> dict[str, int]:
    t = _build(Path(directory) if directory is not None else HERE)
    return {"bot PACs": len(t["bot_pac"]), "bot regions": len(t["bot_regions"])}


# ----- the dice ------------------------------------------------------------------------------


def d6(rng) -> int:
    return rng.randint(1, 6)


def pick(rng, items: list):
    """34.3 L1601: a choice the PAC leaves open is a die roll, the faces shared out in order
    (Example 2: Belgium on 1-3, the Netherlands on 4-6); more than six, a fair draw."""
    if len(items) == 1:
        return items[0]
    if len(items) <= 6:
        return items[(d6(rng) - 1) * len(items) // 6]
    return items[rng.randrange(len(items))]


def row(table: list, roll: int):
    return next(r for r in table if r.roll == roll)


# ----- the bot --------------------------------------------------------------------------------


def rulebook(view, actions, rng):  # noqa: C901 - one paragraph of §34 per question
    """Any power by the rulebook's bot procedure of §34: priorities, the card pile, the Bot MPIT and BDIT tables."""
    b = view["board"]
    me = view.get("role")
    if me not in PLAYERS or not actions:
        return actions[0]
    st = b["powers"].get(me, {})
    dicts = [a for a in actions if isinstance(a, dict)]
    keys = set().union(*(a.keys() for a in dicts)) if dicts else set()
    asking = b.get("asking") or ""
    pac = tables()["bot_pac"][me]

    if asking == "prep-discard":  # 34.2 L1593: the stability increase at 2 or less
        if st.get("stability", 6) <= 2 and {"discard": "stability"} in actions:
            return {"discard": "stability"}
        return "keep" if "keep" in actions else actions[-1]
    if asking == "gift" or actions == ["confirm", "refuse"]:
        return "done" if "done" in actions else "refuse"  # 34.2 L1594: no part in diplomacy
    if asking == "home" and "home" in keys:
        return _home(pac, dicts, rng)
    if asking == "impulse" and "card" in keys:
        return _impulse(b, me, st, pac, actions, dicts, rng)
    if asking == "spend" and "do" in keys:
        return _spend(b, me, pac, actions, dicts, rng)
    if asking == "militarism":  # 34.2 L1599: an army step rather than a fort kept
        for want in LAND_KINDS:
            got = [a for a in dicts if a.get("do") == want and "for" not in a]
            if got:
                return _placed(b, me, got, rng)
        forts = [a for a in dicts if "maintain" in a]
        return forts[0] if forts else actions[-1]
    if asking == "event-response":
        return _response(me, st, actions, dicts, rng)
    if asking == "war-aim" and "aim" in keys:
        return _aim(dicts, rng)
    if asking in ("war-target", "war-target2") and "target" in keys:
        return _target(b, me, asking, actions, dicts, rng)
    if asking == "war-objective":
        return _objective(b, me, st, actions, dicts, rng)
    if asking == "war-call":  # 34.4.4 L1623: bots always call their allies
        calls = [a for a in dicts if "call" in a]
        return calls[0] if calls else actions[-1]
    if asking == "war-join":
        return _join(me, st, actions, dicts, rng)
    if asking == "war-aid" and "aid" in actions:
        return "aid"  # 34.4.4: bots aid minor powers
    if asking == "war-card" and "card" in keys:  # 34.4.3 L1621: the top card, not home nor mandatory
        return _top_card(st, dicts, rng) or actions[-1]
    if asking == "battle-elite":
        return _elite(b, me, actions, dicts)
    if asking == "war-recipient" and "who" in keys:  # 34.4.8 L1635: treaty options to themselves
        own = [a for a in dicts if a["who"] == me]
        return own[0] if own else pick(rng, dicts)
    if asking == "war-treaty":
        # 34.4.8 L1635: "Bots will never give land ... to other players": no home space given
        # back to another player (16.2.4 L924); the rest as a player ally would (P8)
        kept = [a for a in actions if not _gives_land(a, me)]
        return heuristic_bot.heuristic(view, kept, rng)
    if asking == "war-impulse" and st.get("alliance") == "neutral":
        # 34.4.6 L1631: a bot in the neutral box fights by its Bot Wartime Action Priorities
        return _wartime(b, me, pac, actions, dicts)
    if asking == "gw-combat-card" and "none" in actions:
        return "none"  # 34.5 L1637: bots never play combat cards for their events (26.1 L1346)
    if asking.startswith(("war-", "battle-", "naval-", "gw-")) or asking in ("redeploy", "alliance-tie"):
        # 34.4.6 L1631: in a war (and the Great War) a bot is played by a player ally (ruling P8:
        # the heuristic bot)
        return heuristic_bot.heuristic(view, actions, rng)
    if asking == "event-choose":
        return _event_choice(b, me, actions, dicts, rng)
    # 34.3 L1601: anything else the PAC does not lay out is a die roll
    return pick(rng, list(actions))


def _gives_land(action, me) -> bool:
    """A treaty option that hands a space to another player: Righteous Defense's return of a home
    space to its owner, when the owner is a player and not the bot (16.2.4 L924)."""
    if not isinstance(action, dict) or "return" not in action:
        return False
    home = pack().spaces[action["return"]].home
    return home in PLAYERS and home != me


def _wartime(b, me, pac, actions, dicts):
    """34.4.6 (ruling P13): the first action of the power's Wartime Action Priorities that it may
    take: a land battle where its force is not outnumbered in army steps (the first such, in the
    list's order), or the action word itself; else it passes, or takes the first action. A free
    deploy (Superior Staff Work, 33.1 L1515) costs nothing and comes first."""
    if "deploy-free" in actions:
        return "deploy-free"
    for word in pac.wartime:
        if word == "battle":
            for a in dicts:
                if "battle" in a and not a.get("amphibious") and _not_outnumbered(b, me, a):
                    return a
        elif word in actions:
            return word
    return "pass" if "pass" in actions else actions[0]


def _not_outnumbered(b, me, a) -> bool:
    """The army steps of the bot (and its minors) in the space attacked from, against the other
    side's in the space attacked (a fort counting as its level)."""
    units = b["units"].values()
    mine = {me} | {m for m, q in (b.get("allies") or {}).items() if q == me}
    ours = sum(2 - u["r"] for u in units if u["at"] == a["from"] and u["o"] in mine and u["t"] in ARMY_STEPS)
    theirs = sum(2 - u["r"] for u in units if u["at"] == a["battle"] and u["o"] not in mine and u["t"] in ARMY_STEPS)
    fort = (b.get("forts") or {}).get(a["battle"])
    return ours > 0 and ours >= theirs + (fort[1] if fort else 0)


ARMY_STEPS = ("army", "reserve", "british", "indian", "turkish", "arab", "commonwealth")


# ----- the action phase (34.2, 34.3) ------------------------------------------------------------


def _home(pac, dicts, rng):
    """34.2 L1595: the bot's home card for the turn is the one the Home Card Revealed table names
    (ruling P2: rolled when the turn's home card is chosen, the option when it is revealed); a
    card not in hand passes the roll to the next row that names one."""
    offered = {a["home"]: a for a in dicts}
    roll = d6(rng)
    for k in range(6):
        r = row(pac.home, (roll - 1 + k) % 6 + 1)
        if r.card in offered:
            return offered[r.card]
    return pick(rng, dicts)


def _reveal(me, st, playable: list, rng):
    """34.2: the top card of the pile: the home card first for GE and the Ottomans, last for the
    UK, shuffled in for the others; any other card as it comes."""
    home = st.get("home")
    if home in playable:
        if me in PILE_TOP:
            return home
        rest = sorted(c for c in playable if c != home)
        if me in PILE_BOTTOM:
            return pick(rng, rest) if rest else home
        return pick(rng, sorted(playable))
    return pick(rng, sorted(playable))


def _impulse(b, me, st, pac, actions, dicts, rng):
    mandatory: dict = {}  # a mandatory event card: its first option (9.1.4)
    for a in dicts:
        if a.get("as") == "mandatory":
            mandatory.setdefault(a["card"], a)
    plays = [a for a in dicts if "card" in a and a.get("as") in ("event", "cp", "industrialize")]
    if not plays and not mandatory:
        return pick(rng, [a for a in actions if a != "pass"] or actions)  # 34.2 L1598: never passes
    playable = sorted({a["card"] for a in plays} | set(mandatory))
    c = _reveal(me, st, playable, rng)
    if c in mandatory:  # a mandatory event revealed is played for its event (9.1.4 L563, P3)
        return mandatory[c]
    mine = [a for a in plays if a["card"] == c]
    card = heuristic_bot._card(c)
    events = {a.get("option"): a for a in mine if a["as"] == "event"}
    if c == st.get("home"):  # priority 1: the home card by Home Card Revealed
        r = row(pac.home, d6(rng))
        options = r.options if r.card == c else [o.label for o in card.options]
        for o in options:
            a = events.get(o)
            if a is not None and _home_event_ok(b, me, st, card, o):
                return a
    elif me.upper() in getattr(card, "bot", []):  # priority 1: the bot box (34.3.4)
        good = [a for o, a in sorted(events.items(), key=lambda x: str(x[0])) if _harmless(b, me, st, card, o)]
        if good:
            return pick(rng, good)
    ind = [a for a in mine if a["as"] == "industrialize"]
    if ind and card.cp in (2, 3):  # priority 1: a 2 or 3 CP card into industrialization
        return ind[0]
    cp = [a for a in mine if a["as"] == "cp"]
    return cp[0] if cp else pick(rng, mine)


def _home_event_ok(b, me, st, card, label) -> bool:
    """34.4.1: a declaration only on a power not 4 or more army steps stronger; 34.3.3: not at
    stability 6 when the event does less than the card's CP would."""
    option = heuristic_bot.option_of(card, label)
    if option is None:
        return False
    if heuristic_bot.declares_war(option):
        e = next(x for x in option.effects if x.verb == "declare-war")
        preset = None if e.target in (None, "chosen") else e.target.lower()
        return bool(_war_targets(b, me, card.id, None if e.aim == "chosen" else e.aim, preset))
    if st.get("stability", 0) >= 6:
        worth = sum(heuristic_bot._effect_value(b, me, st, e) for e in option.effects)
        return worth >= heuristic_bot.HOME_EVENT_WORTH
    return True


def _harmless(b, me, st, card, label) -> bool:
    """34.3.4 L1611: never a card that hurts the bot or one of its allies, nor a war but by the
    home card (34.4.1); ruling P4: an option that takes stability, manpower or City of Light from
    the bot or an alliance partner, places rebels in a space one of them controls, makes India
    unstable for a British bot or its partners, or can only flip an ally marker of theirs or put
    a pacification marker in a space one of them controls."""
    option = heuristic_bot.option_of(card, label) if label is not None else (card.options[0] if card.options else None)
    if option is None:
        return label is None
    if heuristic_bot.declares_war(option):
        return False
    friends = {me} | _alliance_partners(b, me)
    for e in option.effects:
        who = getattr(e, "power", None)
        whom = me if who in ("self", "active", None) else str(who).lower()
        amount = e.amount if e.amount is not None else 1
        if e.verb in ("stability", "manpower", "city-of-light") and amount < 0 and whom in friends:
            return False
        if e.verb == "rebels" and any(b["control"].get(x) in friends for x in [e.space, *(e.spaces or [])] if x):
            return False
        if e.verb == "india" and e.flag == "unstable" and "uk" in friends:
            return False
        if e.verb == "remove-ally":
            p = whom if who is not None else None
            left = events.flippable_allies(b, p, minor_ref(e.minor), e.region)
            if left and all(b["allies"][m] in friends for m in left):
                return False
        if e.verb == "pacification":
            left = rebels.pacification_spaces(b, e.model_dump(exclude_none=True), card.id)
            if left and all(b["control"].get(x) in friends for x in left):
                return False
    return True


def _war_targets(b, me, card_id=None, aim=None, preset=None) -> list:
    """34.4.1 L1617: the powers the bot may declare war on: those the rules let it attack with
    the card's war (its aim, the power it names: players and minor powers, ``war._targets`` on
    the board it sees), with fewer than 4 army steps more than it, minor allies counted."""
    mine = heuristic_bot._steps(b, heuristic_bot._mine(b, me))
    truces = b["powers"][me].get("truces", {}) or {}
    pool = war._targets(b, me, aim=aim, cid=card_id)
    if preset is not None:
        pool = [q for q in pool if q == preset]
    return [q for q in pool if q not in truces and _strength(b, q) < mine + WAR_GAP]


def _strength(b, q) -> int:
    """The army steps a war on ``q`` meets (34.4.1): a minor allied to a player is that player,
    with its minor allies (13.4)."""
    holder = q if q in PLAYERS else (b["allies"].get(q) or q)
    return heuristic_bot._steps(b, heuristic_bot._mine(b, holder))


def _spend(b, me, pac, actions, dicts, rng):  # noqa: C901 - one branch per priority 2 action
    """34.3: the CP of a card played for CP: the priority 2 action rolled for (pacifying first
    unless the roll is a 5 or 6, 34.3.2), then armies, then one power's MPIT track by the BMPIT."""
    by: dict = {}
    for a in dicts:
        kind = KIND_OF.get(a["do"])
        if kind is not None and "for" not in a:
            by.setdefault(kind, []).append(a)
    spent = [KIND_OF.get(a.get("do")) for a in (b.get("impulse") or {}).get("spent", [])]
    done_kinds = [k for k in spent if k not in (None, "pacify")]
    if done_kinds:
        mode = done_kinds[-1]  # the roll already made: its action goes on while CP are left
    else:
        roll = d6(rng) if not spent else rng.randint(1, 4)  # after the automatic pacification: 1-4
        if not spent and roll <= 4 and by.get("pacify"):
            return pick(rng, by["pacify"])  # 34.3.2 L1607
        mode = row(pac.priority2, roll).action
    chosen = _carry_out(b, me, pac, mode, by, rng)
    if chosen is not None:
        return chosen
    for fallback in ("army", "mpit"):  # 34.3 L1602: armies, then the MPIT
        chosen = _carry_out(b, me, pac, fallback, by, rng)
        if chosen is not None:
            return chosen
    return "done" if "done" in actions else actions[-1]


def _carry_out(b, me, pac, mode, by, rng):
    if mode == "mpit":
        return _mpit(b, me, pac, by.get("mpit", []), rng)
    if mode == "diplomacy":
        allies = [a for a in by.get("diplomacy", []) if a["do"] == "ally"]
        if allies:  # a minor power ally when the CP allow (Example 2)
            return pick(rng, sorted(allies, key=lambda a: a["minor"]))
        markers = [a for a in by.get("diplomacy", []) if a["do"] == "diplomacy"]
        regions = tables()["bot_regions"]
        for _ in range(BDIT_TRIES):
            region = row(pac.bdit, d6(rng)).region
            there = sorted((a for a in markers if a["minor"] in regions[region].minors), key=lambda a: a["minor"])
            if there:
                return pick(rng, there)
        return None
    if mode == "army":
        for want in LAND_KINDS:
            got = [a for a in by.get("army", []) if a["do"] == want]
            if got:
                full = [a for a in got if a.get("full")]
                return _placed(b, me, full or got, rng)
        return None
    if mode in ("fleet", "fort"):
        got = by.get(mode, [])
        if mode == "fleet":
            builds = [a for a in got if a["do"] == "fleet"]
            got = [a for a in builds if a.get("full")] or builds or got
            # 34.3.1 L1605: a random port, then the same port until it is full (4, 5.5.4 L411):
            # a port with some of the bot's naval units and room for more is filled first
            ships: dict = {}
            for u in b["units"].values():
                if u["o"] == me and u["t"] in ("squadron", "dreadnought"):
                    ships[u["at"]] = ships.get(u["at"], 0) + 1
            spent = [a for a in (b.get("impulse") or {}).get("spent", []) if a.get("do") == "fleet"]
            last = spent[-1].get("space") if spent else None
            filling = [a for a in got if a.get("space") == last] or [
                a for a in got if 0 < ships.get(a.get("space"), 0) < PORT_LIMIT
            ]
            got = filling or got
            return pick(rng, got) if got else None
        return _placed(b, me, got, rng) if got else None
    got = by.get(mode, [])
    return pick(rng, got) if got else None


def _mpit(b, me, pac, offers, rng):
    """34.3 L1602: all the CP on one power's track, the power and track the BMPIT rolls (ruling
    P7: the same again for the rest of the card's CP); a neutral bot may split them (L1603): it
    rolls again for each."""
    if not offers:
        return None
    spent = [a for a in (b.get("impulse") or {}).get("spent", []) if a.get("do") == "mpit"]
    if spent and b["powers"][me].get("alliance", "neutral") != "neutral":
        again = {"do": "mpit", "power": spent[-1]["power"], "track": spent[-1]["track"]}
        if again in offers:
            return again
    r = row(pac.bmpit, d6(rng))
    want = {"do": "mpit", "power": r.power, "track": r.track}
    return want if want in offers else pick(rng, offers)


def _placed(b, me, offers, rng):
    """34.3.1 L1605: a land unit or a fort goes to the capital while it holds no land unit, else to
    a space next to another player's, those not bordering an ally first; die for the rest."""
    spaced = [a for a in offers if "space" in a]
    if not spaced:
        return pick(rng, offers)
    P = pack()
    capital = P.powers[me].capital
    land = {u["at"] for u in b["units"].values() if u["o"] == me and u["t"] not in ("squadron", "dreadnought")}
    at_capital = [a for a in spaced if a["space"] == capital]
    if at_capital and capital not in land:
        return at_capital[0]
    allies = _alliance_partners(b, me)

    def owner(sid):
        return b["control"].get(sid, P.spaces[sid].home if sid in P.spaces else None)

    def borders(sid, who):
        return any(owner(n) in who for n in P.neighbours(sid))

    others = {q for q in PLAYERS if q != me}
    front = [a for a in spaced if borders(a["space"], others)]
    best = [a for a in front if not borders(a["space"], allies)] or front or spaced
    return pick(rng, sorted(best, key=lambda a: (a["space"], a.get("kind", ""), a.get("level", 0))))


def _alliance_partners(b, me) -> set:
    box = b["powers"][me].get("alliance", "neutral")
    if box == "neutral":
        return set()
    side = box.split("-")[0]
    return {q for q in PLAYERS if q != me and b["powers"][q].get("alliance", "").startswith(side)}


def _response(me, st, actions, dicts, rng):
    """34.5 L1637: bots never play response or combat cards for their events, nor Impulsive Ruler;
    a UK bot may play Balance of Power once a war is declared (ruling P11: on a 4 or more, by its
    Home Card Revealed rows)."""
    bop = [a for a in dicts if a.get("play") == "balance-of-power"]
    if me == "uk" and bop and d6(rng) >= 4:
        pac = tables()["bot_pac"]["uk"]
        for r in pac.home:
            if r.card == "balance-of-power":
                for o in r.options:
                    got = [a for a in bop if a.get("option") == o]
                    if got:
                        return got[0]
    return "pass" if "pass" in actions else actions[-1]


# ----- wars (34.4) -------------------------------------------------------------------------------


def _aim(dicts, rng):
    """34.3.4 Example 3 L1614: conquest on 1-3, liberation on 4-6; a war of unification where the
    card allows one (ruling P8: Bismarck's and the Risorgimento's wars are what they are for)."""
    aims = {a["aim"]: a for a in dicts}
    if "unification" in aims:
        return aims["unification"]
    want = "conquest" if d6(rng) <= AIM_ROLL else "liberation"
    return aims.get(want) or pick(rng, dicts)


def _target(b, me, asking, actions, dicts, rng):
    """34.4.1: the power attacked: one the bot may fight; a second target (Bismarck) only as
    strong (ruling P8: none)."""
    if asking == "war-target2" and "none" in actions:
        return "none"
    mine = heuristic_bot._steps(b, heuristic_bot._mine(b, me))
    good = [a for a in dicts if _strength(b, a["target"]) < mine + WAR_GAP]
    if not good:  # none it may fight by 34.4.1 (its card chose the war): the weakest offered
        weakest = min(_strength(b, a["target"]) for a in dicts)
        good = [a for a in dicts if _strength(b, a["target"]) == weakest]
    return pick(rng, sorted(good, key=lambda a: a["target"]))


def _objective(b, me, st, actions, dicts, rng):
    """34.4.2 L1619: the closest spaces: one with 0 industry, else two."""
    chosen = len((b.get("war") or {}).get("objectives", []))
    want = 1 if st.get("industry", 0) == 0 else 2
    spaced = [a for a in dicts if "space" in a]
    if chosen >= want and "done" in actions or not spaced:
        return "done" if "done" in actions else actions[0]
    P = pack()  # ruling P8: "closest" is to the bot's own land, by land links
    dist = heuristic_bot._distances([sid for sid, sp in P.spaces.items() if b["control"].get(sid, sp.home) == me])
    near = min(dist.get(a["space"], 99) for a in spaced)
    return pick(rng, sorted((a for a in spaced if dist.get(a["space"], 99) == near), key=lambda a: a["space"]))


def _top_card(st, dicts, rng, last_resort=False):
    """34.4.3 L1621, 34.4.4 L1623: the top card of the pile that is neither the home card nor a
    mandatory event (those are passed over and go back to the pile); None when no other is left,
    but for ``last_resort`` (a committed bot joining, which "will always join": P16)."""
    home = st.get("home")
    cards = [a for a in dicts if set(a) == {"card"}]
    plain = [a for a in cards if a["card"] != home and "mandatory" not in heuristic_bot._card(a["card"]).flags]
    pool = sorted(plain or (cards if last_resort else []), key=lambda a: a["card"])
    return pick(rng, pool) if pool else None


def _join(me, st, actions, dicts, rng):
    """34.4.4 L1623: a committed bot always joins; an aligned one, or one invited (Balance of
    Power), on a 3 or more; with its top card that is not its home card."""
    box = st.get("alliance", "neutral")
    if not box.endswith("committed") and d6(rng) < JOIN_ROLL:
        return "refuse"
    card = _top_card(st, dicts, rng, last_resort=box.endswith("committed"))
    return card if card is not None else "refuse"


def _elite(b, me, actions, dicts):
    """34.4.7 L1633: an EC goes in when the differential after support lies between -2 and +2 for
    the bot (ruling P9: armies counted 2 for a full step and 1 for a reduced one, forts by level)."""
    elites = [a for a in dicts if "elite" in a]
    if not elites:
        return actions[-1]
    battle = b.get("battle") or {}
    units = battle.get("units") or {}
    mine_side = next((side for side, role in (battle.get("roles") or {}).items() if role == me), None)
    fp = {"a": 0, "d": 0}  # the battle's sides: "a" the attacker, "d" the defender
    for uid, m in units.items():
        u = b["units"].get(uid)
        if u is not None and m.get("side") in fp and u["t"] in ARMY_TYPES:  # not an EC nor an EF (5.1.3)
            fp[m["side"]] += 2 - u["r"]
    fp["d"] += (battle.get("fort") or [None, 0])[1] or 0  # [owner, level]
    if mine_side not in fp:
        return "none" if "none" in actions else actions[-1]
    diff = fp[mine_side] - fp["d" if mine_side == "a" else "a"]
    if EC_DIFF[0] <= diff <= EC_DIFF[1]:
        return elites[0]
    return "none" if "none" in actions else actions[-1]


def _event_choice(b, me, actions, dicts, rng):
    """34.3.4 L1611 and Example 1 L1612: an event's choice by the die, never against the bot or
    an ally it is in an alliance with (their spaces, minors, markers); where the event builds an
    army or a fort of the bot's, it goes where 34.3.1 places a build (L1605)."""
    friends = {me} | _alliance_partners(b, me)
    P = pack()

    def against_friend(a) -> bool:
        if a.get("power") in friends:
            return True
        m = a.get("minor")
        if m is not None and (b["allies"].get(m) in friends or b["diplomacy"].get(m) in friends):
            return True
        sid = a.get("space")
        if sid is not None and sid in P.spaces:
            holder = b["allies"].get(b["control"].get(sid, P.spaces[sid].home))
            if b["control"].get(sid, P.spaces[sid].home) in friends or holder in friends:
                return True
        return False

    builds = [a for a in dicts if a.get("do") in ("army", "fort") and "space" in a]
    if builds and len(builds) == len(dicts):
        return _placed(b, me, builds, rng)  # 34.3.1 L1605: an event's build is placed as any build
    clean = [a for a in actions if not (isinstance(a, dict) and against_friend(a))]
    return pick(rng, clean or list(actions))


BOTS = {"rulebook": rulebook}
