"""The state of an Imperial Elegy game, and the questions the rules ask of it.

Everything the rules read about the map and the powers is asked here, so that
each rule (sequence.py, actions.py, war.py, battle.py, events.py, end.py) is
written in the rulebook's words: ``controls``, ``keys``, ``manpower``,
``has_loc``, ``dominates``, ``power_projection``, ``friendly``.

The state (one plain JSON object; the engine's keys are in engine/rules.py):

``turn`` 1-7 (a decade each, 2.0), ``wtt`` 0-5 (3.7), ``phase``
    ("prep", "diplomacy", "action", "end", "over").
``powers[p]`` for each player ``ge uk fr au ru ot`` (7.0 player displays):
    ``stability`` 0-6, ``industry``, ``manpower`` {kind: value} (UK british and
    colonial, OT turkish and arab, else territorial), ``reserves`` (reserve armies in
    the holding box, 7.3), ``alliance`` (a box of ``BOXES``), ``mpit`` {entente,
    alliance, neutral} (8.5), ``hand`` [card ids] (secret), ``homes`` [its two home
    cards], ``home`` (the one chosen this turn, secret until played), ``marker``
    (plus/minus card markers, 10.3), ``industrialize`` (card id played into
    industrialization, 12.13), ``auto`` (auto-industrialization chit), ``chain``
    [card ids] (12.14), ``passed`` (this action phase), ``goals`` [NG ids]
    (secret), ``goal_deck`` [NG ids] (secret), ``vp`` (VP markers from events),
    ``truces`` {power: turns} (13.5), ``lost_war``/``won_wars`` (for NGs).
``majors`` {"italy": {...}, "us": {...}}: the non-player majors' tracks once in play.
``control`` {space: owner}: who controls each controlled space (a player, a minor,
    "italy", "us", "qing"...); uncontrolled spaces are absent (4.7).
``units`` {uid: {"o": owner, "t": type, "at": space or naval box, "r": reduced}}:
    every unit on the map. Rebel armies have owner "rebel" and "n" their nationality
    (21.0). Types: army, reserve (a deployed reserve army), ec, ef, elite-ef,
    zouaves, squadron, dreadnought; UK armies are "british"/"indian", OT armies
    "turkish"/"arab" (12.2).
``influence`` {space: power} (12.5.1), ``diplomacy`` {minor: power} (12.5.3),
``allies`` {minor: power} (12.8), ``pacification`` {space: value} (12.11),
``forts`` {space: [owner, level]} (12.12), ``woi`` {space: 0 or 1} (20.8),
``occupied`` {space: power} during a war (15.3), ``goe`` [spaces] (12.11.2),
``build_box`` {minor: armies waiting} (3.5, 20.3), ``gone`` [minors that ceased
    to exist (3.2.5.1, 22.2)].
``flags`` {event flag: value}: event boxes (3.6), Italy/Germany unified, the Suez
    Canal, the TSRR, India's stability, France's government, City of Light, Jihad,
    Austria's rights and citizenship.
``deck``, ``discard``, ``removed``, ``permanent`` [card ids] (9.0, 10.1).
``war``: the war in progress or None (war.py says its fields).
``cp``: CP left to spend in the current impulse (actions.py).
"""

from __future__ import annotations

import functools
import math
from collections import deque

from ...engine import call, checkpoint, log
from ...engine.memo import Memo
from ...engine.rng import shuffle
from .data import KEY_TYPES, PLAYERS, pack
from .deck import deck

BOXES = ("entente-committed", "entente-aligned", "neutral", "alliance-aligned", "alliance-committed")  # 8.1
SIDE = {
    "entente-committed": "entente",
    "entente-aligned": "entente",
    "neutral": "neutral",
    "alliance-aligned": "alliance",
    "alliance-committed": "alliance",
}
NAMES = {"ge": "Prussia", "uk": "Britain", "fr": "France", "au": "Austria", "ru": "Russia", "ot": "Ottoman Empire"}
ARMY_TYPES = ("army", "reserve", "british", "indian", "turkish", "arab", "commonwealth")
BOT_LEVELS = ("easy", "normal", "hard")  # 34.1 L1585
BOT_GOALS = {"easy": 3, "normal": 4, "hard": 5}  # 34.1 L1586-1588: the NGs a bot draws at the end
NAVAL_TYPES = ("squadron", "dreadnought")
ELITES = ("ec", "elite-ef", "zouaves")
EF_TYPES = ("ef", "elite-ef", "zouaves")
FP = {"squadron": (2, 1), "dreadnought": (3, 2)}  # 5.2: full, reduced
OT_LAND_LOC = ("tunisia", "tripoli")  # 33.6 L1575 Local Autonomy: keys only with a land LoC
OCEANS = ("north-atlantic", "south-atlantic", "indian-ocean", "pacific", "south-central-pacific")  # 19.2


@functools.cache
def P():
    """The map pack (loaded once: the rules ask for it on every step)."""
    return pack()


@functools.cache
def D():
    """The deck (loaded once)."""
    return deck()


def bot_level(s: dict, power: str) -> str | None:
    """34.1: the difficulty a power plays by the bot rules at, or None for a player's rules."""
    level = s["options"].get(f"{power}_bot", "no")
    return None if level == "no" else level


def bot_redeploys(s: dict, power: str) -> int:
    """34.4.5 L1625-1628: the armies a bot redeploys free as a war's maneuver step begins: one
    (easy), half of them rounded up (normal, ruling P10), all (hard)."""
    level = bot_level(s, power)
    if level is None:
        return 0
    armies = sum(1 for u in s["units"].values() if u["o"] == power and u["t"] in ARMY_TYPES and u["at"] in P().spaces)
    return {"easy": min(1, armies), "normal": (armies + 1) // 2, "hard": armies}[level]


def name(who: str) -> str:
    if who in NAMES:
        return NAMES[who]
    if who == "germany-unified":
        return "Germany"
    m = P().minors.get(who)
    if m:
        return m.name
    w = P().powers.get(who)
    if w:
        return w.name
    if who == "rebel":
        return "rebels"
    return who


def space_name(sid: str) -> str:
    sp = P().spaces.get(sid)
    if sp:
        return sp.name
    box = P().naval_boxes.get(sid)
    return box.name if box else sid


def card_title(cid: str) -> str:
    d = D()
    c = d.cards.get(cid) or d.home_cards.get(cid)
    return c.title if c else cid


def card(cid: str):
    d = D()
    return d.cards.get(cid) or d.home_cards[cid]


# ----- control, keys, manpower (4.7, 3.2.1, 7.2) ------------------------------------------------


def controller(s: dict, sid: str):
    """Who controls the space; None when uncontrolled, or while rebels stand in it (21.1)."""
    if sid in s["rebel_spaces"]:
        return None
    return s["control"].get(sid)


def controls(s: dict, power: str, sid: str) -> bool:
    return controller(s, sid) == power


def pacified_controller(s: dict, sid: str):
    """Who controls the space "for all other purposes" than diplomacy and peacetime movement
    (12.11 L696-697, 4.9.1): nobody while it holds a pacification marker (Algeria and Dagestan
    begin so, L696) or rebels (21.1). Flashpoints, power projection, national goals, card play
    requirements and India's card ask this."""
    if sid in s["pacification"]:
        return None
    return controller(s, sid)


def minor_of(s: dict, sid: str):
    """The minor power that controls the space, or None."""
    c = s["control"].get(sid)
    return c if c in P().minors else None


def minor_space(s: dict, minor: str) -> str | None:
    """Where a minor power's markers go: its name space if it controls it, else any of its
    spaces (12.5.3, 12.8 L680)."""
    m = P().minors.get(minor)
    if m is None or minor in s["gone"]:
        return None
    if s["control"].get(m.capital) == minor:
        return m.capital
    for sid, c in s["control"].items():
        if c == minor:
            return sid
    return None


def japan_in_play(s: dict) -> bool:
    """3.4.6 L276: "Japan comes into the game through the play of the Meiji Restoration card"."""
    return bool(s["flags"].get("meiji-restoration"))


def minors_in_play(s: dict) -> list:
    """Minor powers that exist and control a space (4.6.2); Japan once the Meiji Restoration has
    brought it into the game (3.4.6 L276): no diplomacy, alliance or war with it before."""
    minors = P().minors
    gone = s["gone"]
    out = {c for c in s["control"].values() if c in minors and c not in gone}
    if "japan" in out and not japan_in_play(s):
        out.discard("japan")
    return sorted(out)


def linked_to_capital(s: dict, power: str) -> set:
    """The power's spaces with a land connection to its capital through its own spaces (3.2.1);
    a space rebels hold is controlled by nobody while they are there (4.7 L325, 21.1 L1175), so
    the connection does not run through it."""
    p = P()
    cap = capital(s, power)
    if controller(s, cap) != power and s["control"].get(cap) != power:
        return set()
    seen, todo = {cap}, deque([cap])
    ctl = s["control"]
    rebels = s["rebel_spaces"]
    while todo:
        here = todo.popleft()
        for there, kind in p.adjacency.get(here, {}).items():
            if there not in seen and ctl.get(there) == power and kind != "off-map" and there not in rebels:
                seen.add(there)
                todo.append(there)
    return seen


def is_home(s: dict, power: str, sid: str) -> bool:
    """A home space of the power (3.2.5): the map's, or a German unification space or
    Alsace-Lorraine Prussia has made a permanent home (3.2.5.1, 33.1; RULINGS_WAR)."""
    if power in P().spaces[sid].homes:
        return True
    return power == "ge" and sid in s["flags"].get("ge_homes", ())


def capital(s: dict, power: str) -> str:
    if power == "ot" and s["flags"].get("istanbul_lost"):
        return "ankara"  # 33.5 The Second Rome, 33.6
    if power == "italy":
        return "rome"
    return P().powers[power].capital


def territorial(s: dict, power: str, sid: str, linked: set | None = None) -> bool:
    """Whether the power's space is territorial (3.2.1 L183-185): land-linked to its capital
    through its own spaces and not a colonial home space (3.2.5 L200). Russia and Austria count
    all theirs territorial, the Ottomans all but Tunisia and Tripoli without a land LoC (33.6
    L1575), Germany its German unification spaces (Zollverein, 33.1 L1519). ``linked``:
    ``linked_to_capital(s, power)``, when the caller has it."""
    sp = P().spaces[sid]
    if power in ("ru", "au") or (power == "ge" and sp.unification == "germany"):
        return True
    if linked is None:
        linked = linked_to_capital(s, power)
    if power == "ot":
        return sid not in OT_LAND_LOC or sid in linked
    return sid in linked and not sp.colonial_home


def keys(s: dict, power: str, linked: set | None = None) -> dict:
    """The power's keys by manpower kind (3.2.1, 7.2, 33.2.1, 33.6 Local Autonomy; a key with
    rebels or a pacification marker does not count, 12.11, 21.1; India counts twice, 33.2)."""
    p = P()
    out: dict = {}
    for sid, c in s["control"].items():
        if c != power:
            continue
        sp = p.spaces[sid]
        if sp.type not in KEY_TYPES or sid in s["rebel_spaces"] or sid in s["pacification"]:
            continue
        if power == "ot":
            if sid in OT_LAND_LOC:
                if linked is None:
                    linked = linked_to_capital(s, power)
                if sid not in linked:
                    continue
            kind = "arab" if {"arab", "egyptian"} & set(sp.nationalities) else "turkish"
            out[kind] = out.get(kind, 0) + 1
            continue
        if power in ("ru", "au") or (power == "ge" and sp.unification == "germany"):
            kind = "territorial"
        else:
            if linked is None:
                linked = linked_to_capital(s, power)
            kind = "territorial" if sid in linked and not sp.colonial_home else "colonial"
        if power == "uk":
            kind = "british" if kind == "territorial" else "colonial"
        n = 2 if sid == "india" else 1
        out[kind] = out.get(kind, 0) + n
    if power == "ru" and s["flags"].get("tsrr"):
        out["territorial"] = out.get("territorial", 0) + 2  # 33.5
    return out


def key_count(s: dict, power: str, region: str | None = None, kind: str | None = None) -> int:
    """Keys the power controls (in a region of 3.1; of a kind), for NGs and auto-victory."""
    if region is None and kind is None:
        return sum(keys(s, power).values())
    p = P()
    n = 0
    linked = linked_to_capital(s, power) if kind else None
    for sid, c in s["control"].items():
        if c != power:
            continue
        sp = p.spaces[sid]
        if sp.type not in KEY_TYPES or sid in s["rebel_spaces"] or sid in s["pacification"]:
            continue
        if region and not in_region(sp, region):
            continue
        if power == "ot" and sid in OT_LAND_LOC:
            if linked is None:
                linked = linked_to_capital(s, power)
            if sid not in linked:
                continue  # 33.6 L1575
        if kind:
            territorial = sid in linked and not sp.colonial_home
            if power in ("ru", "au", "ot") or (power == "ge" and sp.unification == "germany"):
                territorial = True
            if (kind == "territorial") != territorial:
                continue
        n += 2 if sid == "india" else 1
    return n


def territorial_keys(s: dict, power: str) -> int:
    """Keys that count toward auto-victory (2.2.4): territorial keys."""
    k = keys(s, power)
    return k.get("territorial", 0) + k.get("british", 0) + k.get("turkish", 0) + k.get("arab", 0)


REGION_SETS = {  # regions no map field names (Italy and Germany: the unification spaces, in_region)
    "balkans": {"serbia", "bosnia", "bulgaria", "greece", "romania", "montenegro", "macedonia", "albania", "thrace"},
    "low-countries": {"belgium", "netherlands"},
    "north-africa": {"morocco", "algeria", "tunisia", "tripoli", "benghazi", "great-sand-sea", "egypt", "sinai"},
}


def in_region(sp, region: str) -> bool:
    """Whether a space lies in a region the cards and NGs name (3.1; DECK_RULINGS K11)."""
    if region in ("europe", "africa", "asia", "north-america"):
        return sp.region == region
    if region == "pacific":
        return sp.map == "south-central-pacific"
    if region == "main-map":
        return sp.map == "main"
    if region in ("italy", "germany"):
        return sp.unification == region
    if region in ("caucasus", "great-game", "balkans", "africa-flashpoint"):
        if region in sp.flashpoints:
            return True
    if region == "eastern-mediterranean":
        return "eastern-med" in sp.ports
    fixed = REGION_SETS.get(region)
    return bool(fixed) and sp.id in fixed


def manpower_limit(s: dict, power: str, linked: set | None = None) -> dict:
    """Manpower from keys (7.2, 20.5), by kind, plus permanent bonuses; never below 0 (RULINGS R13)."""
    w = P().powers[power]
    k = keys(s, power, linked)
    out = {}
    for kind in w.manpower_kinds:
        out[kind] = max(0, w.manpower_for(k.get(kind, 0)) + s["powers"][power]["mp_bonus"].get(kind, 0))
    return out


def army_count(s: dict, power: str, kinds=None) -> int:
    """Standing armies the power has on the map (not rebels, not minors')."""
    n = 0
    for u in s["units"].values():
        if u["o"] == power and u["t"] in ARMY_TYPES and u["t"] != "reserve" and (kinds is None or u["t"] in kinds):
            n += 1
    return n


def reserve_limit(s: dict, power: str) -> int:
    """Reserve armies: the lower of manpower and industry (7.3); RU +1 (33.5); UK none (33.2)."""
    if power == "uk":
        return 0
    st = s["powers"][power]
    mp = sum(st["manpower"].values())
    return min(mp, st["industry"]) + P().powers[power].reserve_bonus


def naval_units(s: dict, power: str, with_allies: bool = False) -> int:
    owners = {power} | ({m for m, a in s["allies"].items() if a == power} if with_allies else set())
    return sum(1 for u in s["units"].values() if u["o"] in owners and u["t"] in NAVAL_TYPES)


# ----- alliances, war status (8.0, 4.9) -----------------------------------------------------------


def trenched(s: dict, sid: str) -> bool:
    """28.1 L1408: from GW turn 1 every key holds trenches (never a rebel space, 32.5)."""
    g = s.get("gw")
    return bool(g) and g["turn"] >= 1 and P().spaces[sid].type in KEY_TYPES and sid not in s["rebel_spaces"]


def side(s: dict, power: str) -> str:
    if power in s["powers"]:
        return SIDE[s["powers"][power]["alliance"]]
    if power == "italy" and "italy" in s["majors"]:
        return SIDE[s["majors"]["italy"]["alliance"]]
    return "neutral"


def same_alliance(s: dict, a: str, b: str) -> bool:
    sa = side(s, a)
    return sa != "neutral" and sa == side(s, b)


def alliance_members(s: dict, which: str) -> list:
    return [p for p in PLAYERS if side(s, p) == which]


def owner_side(s: dict, owner: str):
    """The war side ('attackers'/'defenders') an owner fights on in the current war, or None."""
    war = s.get("war")
    if not war:
        return None
    if owner in war["attackers"]:
        return "attackers"
    if owner in war["defenders"]:
        return "defenders"
    return None


def at_war(s: dict, a: str, b: str) -> bool:
    """Whether owners a and b fight on opposite sides of the current war (``owner_side``, asked
    without the calls: the rules ask it for every unit of a listing)."""
    war = s.get("war")
    if not war:
        return False
    att, dfd = war["attackers"], war["defenders"]
    if a in att:
        return b not in att and b in dfd
    if a in dfd:
        return b in att
    return False


US_HOMES = ("the-north", "the-west", "the-south")
"""The US's home spaces on the North America submap (the North its capital)."""


def us_closed(s: dict, sid: str, owner: str) -> bool:
    """32.1 L1498: "Only the US can have units in the South space, thus the US can never be
    invaded": in the Great War no land unit but the US's enters the South, nor another US home
    space the US controls (RULINGS_GW G32: this map gives the US three spaces)."""
    if owner == "us" or sid not in US_HOMES or not s.get("gw"):
        return False
    return sid == "the-south" or s["control"].get(sid) == "us"


def holder(s: dict, sid: str):
    """Who holds a space for movement and LoC: the occupier in wartime (15.3), else the controller."""
    occ = s["occupied"].get(sid)
    if occ is not None:
        return occ
    return controller(s, sid)


# ----- lines of communication (5.6) ------------------------------------------------------------------


_TRACES = Memo(512)


def position(s: dict) -> tuple:
    """What a LoC trace depends on: control, occupation, rebels, alliances with minors, the war's
    sides, the canals and which side has naval units in which box (a trace is a pure function of
    these: a box is closed to a power by an enemy's ship in it, whichever ship and however many).
    A caller asking several traces of one position works it out once and passes it on. The ships
    at sea come last (``passable`` leaves them out)."""
    war = s.get("war")
    sea: frozenset | tuple = ()
    if war:
        boxes = P().naval_boxes
        attackers, defenders = war["attackers"], war["defenders"]
        sea = frozenset(
            (u["at"], u["o"] in attackers)
            for u in s["units"].values()
            if u["t"] in NAVAL_TYPES and u["at"] in boxes and (u["o"] in attackers or u["o"] in defenders)
        )
    return (
        tuple(s["control"].items()),
        tuple(s["occupied"].items()),
        tuple(s["rebel_spaces"]),
        tuple(s["allies"].items()),
        (tuple(war["attackers"]), tuple(war["defenders"])) if war else None,
        bool(s["flags"].get("suez_canal")),
        tuple(s["flags"].get("ge_homes", ())),
        sea,
    )


def supply_sources(s: dict, power: str, fingerprint: tuple | None = None) -> frozenset:
    """Home keys the power controls that trace a LoC to another of its controlled home keys (5.6
    L416): by land through its spaces (friendly spaces in wartime) and through naval boxes free of
    enemy ships; a non-player's home keys need no second key (5.6.1). Remembered for the position
    (``position``): the rules ask it for every army."""
    fp = fingerprint if fingerprint is not None else position(s)
    key = (power, fp)
    got = _TRACES.get(key)
    return got if got is not None else _TRACES.keep(key, frozenset(_supply_sources(s, power, fp)))


def _supply_sources(s: dict, power: str, fp: tuple) -> set:
    p = P()
    homes = {
        sid
        for sid, c in s["control"].items()
        if c == power and is_home(s, power, sid) and p.spaces[sid].type in KEY_TYPES and sid not in s["rebel_spaces"]
    }
    if power not in s["powers"]:
        return homes
    if len(homes) < 2:
        return set()
    wartime = s.get("war") is not None
    graph = sea_and_land(s)
    boxes = p.naval_boxes
    enemy = enemy_naval_boxes(s, power) if wartime else ()
    ok = passable(s, power, wartime, fp)
    out: set = set()
    placed: set = set()
    for h in sorted(homes):
        if h in placed:
            continue
        members = [h]
        seen = {h}
        todo = [h]
        homes_seen = 1  # once every home key is seen, the search can find no more
        while todo and homes_seen < len(homes):
            here = todo.pop()
            for there in graph[here]:
                if there in seen:
                    continue
                seen.add(there)
                if there in homes:
                    homes_seen += 1
                if there in boxes:
                    if there in enemy:
                        continue
                elif there not in ok:
                    continue
                todo.append(there)
                if there in homes:
                    members.append(there)
        placed.update(members)
        if len(members) >= 2:
            out.update(members)
    return out


def loc_sources(s: dict, power: str, fingerprint: tuple | None = None) -> frozenset:
    """The supply sources a power traces a LoC to: its own, and a minor's ally's too (5.6.1)."""
    fp = fingerprint if fingerprint is not None else position(s)
    sources = supply_sources(s, power, fp)
    ally = s["allies"].get(power)
    if ally is not None:
        sources = sources | supply_sources(s, ally, fp)  # 5.6.1 a minor may trace to its ally's sources
    return sources


def next_to_source(s: dict, power: str, sid: str, fingerprint: tuple) -> bool:
    """Whether the space is a supply source of the power, or next to one its trace may pass
    through: a sure LoC (5.6), and every space ``loc_region`` holds for this reason, found
    without the search."""
    sources = loc_sources(s, power, fingerprint)
    if sid in sources:
        return True
    near = [y for y in sea_and_land(s).get(sid, ()) if y in sources]
    if not near:
        return False
    ok = passable(s, power, s.get("war") is not None, fingerprint)
    return any(y in ok for y in near)


_PASSABLE = Memo(1024)


def passable(s: dict, power: str, wartime: bool, fingerprint: tuple) -> frozenset:
    """``passable_spaces``, remembered for the position (``fingerprint``: ``position(s)``;
    the ships at sea, its last part, do not matter to it)."""
    key = (power, wartime, fingerprint[:-1])
    got = _PASSABLE.get(key)
    return got if got is not None else _PASSABLE.keep(key, frozenset(passable_spaces(s, power, wartime)))


def passable_spaces(s: dict, power: str, wartime: bool) -> set:
    """The spaces a LoC may pass through (5.6 L416), worked out once for a whole trace: the power's
    own in peacetime ("only ... a power's controlled spaces"; its allied minors' serve influence
    alone, 12.5.1 L664, ``actions.supplied``), friendly spaces in wartime; a minor traces through
    its ally's spaces (5.6.1)."""
    ally = s["allies"].get(power)
    allies = s["allies"]
    rebels = s["rebel_spaces"]
    occupied = s["occupied"] if wartime else {}
    mine = owner_side(s, power) if wartime and s.get("war") else None
    good: dict = {}  # holder -> whether its spaces are passable, asked once for all its spaces
    out = set()
    for sid, c in s["control"].items():
        h = occupied.get(sid)
        if h is None:
            if sid in rebels:
                continue
            h = c
        ok = good.get(h)
        if ok is None:
            ok = good[h] = (
                h == power
                or (wartime and allies.get(h) == power)
                or (ally is not None and (h == ally or allies.get(h) == ally))
                or (mine is not None and owner_side(s, h) == mine)
            )
        if ok:
            out.add(sid)
    for sid, h in occupied.items():  # occupied spaces nobody controlled before
        if sid not in s["control"] and (h == power or (mine is not None and owner_side(s, h) == mine)):
            out.add(sid)
    return out


_REGIONS = Memo(1024)


def loc_region(s: dict, power: str, land_only: bool = False, fingerprint: tuple | None = None) -> frozenset:
    """Every space from which the power traces a LoC (``has_loc`` for them all), remembered for
    the position (``position``): the sources, and every space next to the spaces and boxes a
    source reaches through passable spaces and boxes free of enemy ships (the trace's graph goes
    both ways). For a rule that asks of many spaces at once; ``has_loc`` is cheaper for one.
    ``fingerprint``: ``position(s)``, when the caller has it."""
    fp = fingerprint if fingerprint is not None else position(s)
    key = (power, land_only, fp)
    got = _REGIONS.get(key)
    return got if got is not None else _REGIONS.keep(key, frozenset(_loc_region(s, power, land_only, fp)))


def _loc_region(s: dict, power: str, land_only: bool, fp: tuple) -> set:
    p = P()
    sources = loc_sources(s, power, fp)
    if not sources:
        return set()
    wartime = s.get("war") is not None
    ok = passable(s, power, wartime, fp)
    enemy_boxes = enemy_naval_boxes(s, power) if wartime else set()
    boxes = p.naval_boxes
    graph = p.adjacency if land_only else sea_and_land(s)
    reached = {x for x in sources if x in ok}
    todo = list(reached)
    while todo:
        here = todo.pop()
        for there in graph.get(here, ()):
            if there in reached:
                continue
            if there in boxes:
                if there in enemy_boxes:
                    continue
            elif there not in ok:
                continue
            reached.add(there)
            todo.append(there)
    out = set()
    for x in reached:
        out.update(graph.get(x, ()))
    out.difference_update(boxes)  # the spaces next to them (a source is a space, never a box)
    out.update(sources)
    return out


def has_loc(
    s: dict, power: str, sid: str, land_only: bool = False, fingerprint: tuple | None = None, peacetime: bool = False
) -> bool:
    """Whether the power traces a LoC from the space to a supply source (5.6): through its
    spaces (friendly spaces in wartime) and naval boxes free of enemy ships. ``fingerprint``:
    ``position(s)``, when the caller has it; ``peacetime``: as in peace even while a war is on
    (its own spaces, every box: 16.2.4 L923)."""
    p = P()
    fp = fingerprint if fingerprint is not None else position(s)
    sources = loc_sources(s, power, fp)
    if sid in sources:
        return True
    if not sources:
        return False
    wartime = s.get("war") is not None and not peacetime
    ok = passable(s, power, wartime, fp)
    enemy_boxes = enemy_naval_boxes(s, power) if wartime else set()
    boxes = p.naval_boxes
    graph = p.adjacency if land_only else sea_and_land(s)
    seen = {sid}
    todo = [sid]
    while todo:
        here = todo.pop()
        for there in graph.get(here, ()) if land_only else graph[here]:
            if there in seen:
                continue
            seen.add(there)
            if there in boxes:
                if there not in enemy_boxes:
                    todo.append(there)
                continue
            if there not in ok:
                continue
            if there in sources:
                return True
            todo.append(there)
    return False


def enemy_naval_boxes(s: dict, power: str) -> set:
    out = set()
    for u in s["units"].values():
        if u["t"] in NAVAL_TYPES and u["at"] in P().naval_boxes and at_war(s, power, u["o"]):
            out.add(u["at"])
    return out


# ----- the sea (3.2.7-3.2.9) ---------------------------------------------------------------------------


def ports_of(s: dict, sid: str) -> tuple:
    sp = P().spaces[sid]
    if sp.suez_port and s["flags"].get("suez_canal"):
        return sp.ports + (sp.suez_port,)
    return sp.ports


def box_ports(s: dict, box: str) -> frozenset:
    out = P().naval_boxes[box].ports
    if box == "indian-ocean" and s["flags"].get("suez_canal"):
        out = out | {"egypt"}
    return out


_SORTED_PORTS: dict = {}


def box_ports_sorted(s: dict, box: str) -> tuple:
    """``box_ports`` in order, worked out once for each box and state of the canal."""
    key = (box, bool(s["flags"].get("suez_canal")))
    got = _SORTED_PORTS.get(key)
    if got is None:
        got = _SORTED_PORTS[key] = tuple(sorted(box_ports(s, box)))
    return got


_GRAPHS: dict = {}


def sea_and_land(s: dict) -> dict:
    """Every space's land neighbours and port boxes, every box's neighbouring boxes and ports:
    the graph a LoC is traced on (5.6), built once for each state of the canals."""
    key = (bool(s["flags"].get("suez_canal")),)
    g = _GRAPHS.get(key)
    if g is None:
        p = P()
        g = {}
        for sid in p.spaces:
            g[sid] = tuple(p.adjacency.get(sid, {})) + tuple(ports_of(s, sid))
        for b in p.naval_boxes:
            g[b] = tuple(box_neighbours(s, b)) + tuple(box_ports(s, b))
        _GRAPHS[key] = g
    return g


_NEIGHBOURS: dict = {}


def box_neighbours(s: dict, box: str) -> tuple:
    """Naval boxes adjacent to a box; the Suez link exists once the canal is built (3.2.9).
    Worked out once for each box and state of the flags its passages depend on."""
    b = P().naval_boxes[box]
    flags = s["flags"]
    key = (box, bool(flags.get("suez_canal")), tuple(bool(flags.get(v[1])) for v in b.passages.values() if v and v[1]))
    got = _NEIGHBOURS.get(key)
    if got is None:
        got = _NEIGHBOURS[key] = tuple(_box_neighbours(s, box))
    return got


def _box_neighbours(s: dict, box: str) -> list:
    b = P().naval_boxes[box]
    out = []
    for other in sorted(b.adjacent):
        via = b.passages.get(other)
        if via and via[1] and not s["flags"].get(via[1]):
            continue
        out.append(other)
    if s["flags"].get("suez_canal"):
        if box == "eastern-med" and "indian-ocean" not in out:
            out.append("indian-ocean")
        if box == "indian-ocean" and "eastern-med" not in out:
            out.append("eastern-med")
    return out


def power_projection(s: dict, power: str) -> int:
    """3.3.1: +1 per naval box with a controlled port (+2 with a naval base too), at most
    three European boxes, at most twice the power's naval units (allied minors' included).
    Ports under rebels or a pacification marker are not controlled for it (12.11 L697, 21.1);
    the Ottomans' Tunisia and Tripoli count only with a land LoC to Istanbul (33.6 L1575)."""
    p = P()
    per_box: dict = {}
    linked = None
    for sid, c in s["control"].items():
        if c != power and s["allies"].get(c) != power:
            continue
        if sid in s["rebel_spaces"] or sid in s["pacification"]:
            continue
        if power == "ot" and c == "ot" and sid in OT_LAND_LOC:
            if linked is None:
                linked = linked_to_capital(s, "ot")
            if sid not in linked:
                continue
        sp = p.spaces[sid]
        for b in ports_of(s, sid):
            got = per_box.setdefault(b, [False, False])
            if sp.type == "naval-base":
                got[1] = True
            else:
                got[0] = True
    total = 0
    european = []
    for b, (port, base) in per_box.items():
        v = 2 if (port and base) else 1
        if p.naval_boxes[b].european:
            european.append(v)
        else:
            total += v
    total += sum(sorted(european, reverse=True)[:3])
    return min(total, 2 * naval_units(s, power, with_allies=True))


# ----- flashpoints (3.3) ------------------------------------------------------------------------------------


def flashpoint_counts(s: dict, fid: str) -> dict:
    """Spaces of the flashpoint each player controls (allied minors' count, 3.3 L238); a space
    under rebels or a pacification marker counts for nobody (21.1 L1175, 12.11 L697)."""
    f = P().flashpoints[fid]
    spaces = f.spaces
    if fid == "suez":
        if not s["flags"].get("suez_canal"):
            return {}
        spaces = {"egypt"}
    out: dict = {}
    for sid in spaces:
        c = pacified_controller(s, sid)  # 12.11 L697: an unpacified space does not count
        if c is None:
            continue
        c = s["allies"].get(c, c)
        if c in s["powers"]:
            out[c] = out.get(c, 0) + 1
    return out


def dominators(s: dict, fid: str) -> list:
    """Who dominates the flashpoint now (3.3, 3.3.1, 3.3.2)."""
    f = P().flashpoints[fid]
    if fid == "italy" and s["flags"].get("italy_unified"):
        return []  # 3.3.3
    if f.threshold is None:  # Power Projection: the two highest, ties for second void it
        pp = sorted(((power_projection(s, q), q) for q in PLAYERS), reverse=True)
        if pp[0][0] == 0:
            return []
        if pp[0][0] == pp[1][0] and (len(pp) < 3 or pp[1][0] != pp[2][0]):
            return [pp[0][1], pp[1][1]] if pp[1][0] > 0 else [pp[0][1]]
        if pp[1][0] > 0 and pp[1][0] == pp[2][0]:
            return [pp[0][1]] if pp[0][0] > pp[1][0] else []
        return [q for v, q in pp[:2] if v > 0]
    counts = flashpoint_counts(s, fid)
    best = [q for q, n in counts.items() if n >= f.threshold]
    if not best:
        return []
    top = max(counts[q] for q in best)
    lead = [q for q in best if counts[q] == top]
    return lead if len(lead) == 1 else []


def dominates(s: dict, power: str, fid: str) -> bool:
    return power in dominators(s, fid)


# ----- cards dealt (10.2) ------------------------------------------------------------------------------------


def cards_due(s: dict, power: str) -> int:
    """The deal of 10.2: base + industry/2 (rounded up), flashpoint bonuses (halves summed then
    rounded up, 4.1.1), card markers, stability, India, City of Light, TSRR; at least 3."""
    w = P().powers[power]
    st = s["powers"][power]
    deal = w.card_deal
    n = deal.base + math.ceil(st["industry"] / deal.industry_divisor)
    bonus = 0.0
    for fid, f in P().flashpoints.items():
        if f.card_bonus and power in dominators(s, fid):
            bonus += f.card_bonus
    n += math.ceil(bonus)
    n += st["marker"]
    n += w.stability[st["stability"]].cards
    if power == "uk" and s["flags"].get("india_stable") and pacified_controller(s, "india") == "uk":
        n += 1  # 33.2.2 L1537 "so long as the UK controls India": not while rebels hold it (21.1 L1175)
    if power == "fr" and s["flags"].get("city_of_light", 0) >= 4:
        n += 1
    if power == "ru":
        if s["flags"].get("tsrr"):
            n += 1
        if st["stability"] == 5:
            n += 1  # Tsarist Repression, 33.5
    return max(deal.minimum, n)


# ----- units ---------------------------------------------------------------------------------------------------------


def new_unit(s: dict, owner: str, kind: str, at: str, reduced: bool = False, **extra) -> str:
    uid = f"u{s['next_unit']}"
    s["next_unit"] += 1
    u = {"o": owner, "t": kind, "at": at, "r": reduced}
    u.update(extra)
    s["units"][uid] = u
    if owner == "rebel":
        s["rebel_spaces"][at] = s["rebel_spaces"].get(at, 0) + 1
    return uid


def remove_unit(s: dict, uid: str) -> None:
    u = s["units"].pop(uid)
    if u["t"] == "elite-ef" and u["o"] in s["powers"]:
        # 5.1.5 L382: a destroyed elite colonial EF may be rebuilt (actions.py)
        st = s["powers"][u["o"]]
        st["lost_elite"] = st.get("lost_elite", 0) + 1
    if u["o"] == "rebel":
        n = s["rebel_spaces"].get(u["at"], 0) - 1
        if n <= 0:
            s["rebel_spaces"].pop(u["at"], None)
        else:
            s["rebel_spaces"][u["at"]] = n


def move_unit(s: dict, uid: str, to: str) -> None:
    s["units"][uid]["at"] = to


def ecs_follow(s: dict, owner: str, frm: str, to: str) -> None:
    """5.1.3 L367: an EC begins and ends its movement with an army: when the owner's last army
    leaves a space (sailing, displaced), its ECs there go with it."""
    units = s["units"]
    if any(u["o"] == owner and u["at"] == frm and u["t"] in ARMY_TYPES for u in units.values()):
        return
    for u in units.values():
        if u["o"] == owner and u["at"] == frm and u["t"] == "ec":
            u["at"] = to


def sea_foes(s: dict, power: str, where: str, naval_only: bool = True) -> list:
    """The units of the power's enemies in the war at a place (naval ones, unless not
    ``naval_only``); rebels are nobody's enemy at sea or in port."""
    if s.get("war") is None:
        return []
    return [
        x
        for x, u in s["units"].items()
        if u["at"] == where
        and (not naval_only or u["t"] in NAVAL_TYPES)
        and u["o"] != "rebel"
        and at_war(s, power, u["o"])
    ]


def displace_ships(s: dict, at: str, by: str):
    """19.11 L1131: the enemy naval units in a port entered by ``by``'s land units displace at once
    to an adjacent box (one free of their enemies if there is one, RULINGS_BATTLE B20); returns
    (box, owner), or None when there were none."""
    ships = sea_foes(s, by, at)
    if not ships or not ports_of(s, at):
        return None
    owner = s["units"][ships[0]]["o"]
    box = sorted(ports_of(s, at), key=lambda b: (bool(sea_foes(s, owner, b)), b))[0]
    for x in ships:
        move_unit(s, x, box)
    log(s, f"The {name(owner)} naval units in {space_name(at)} displace to {space_name(box)}.", "19.11")
    return box, owner


def fight_displaced(s: dict, box: str, owner: str) -> None:
    """19.11 L1131: displaced units may be intercepted in their box, and fight where they meet their
    enemies, attacking, without avoiding (naval.NavalDisplaced)."""
    call(s, "naval-displaced", box=box, owner=owner)


def units_at(s: dict, where: str, owner: str | None = None) -> list:
    return [uid for uid, u in s["units"].items() if u["at"] == where and (owner is None or u["o"] == owner)]


def army_lost(s: dict, u: dict) -> None:
    """Note a US army eliminated in the Great War: the US loses 1 stability for each (32.1
    L1498), counted by the Great War after the action or battle (``greatwar.us_losses``)."""
    g = s.get("gw")
    if g and u["o"] == "us" and u["t"] in ARMY_TYPES:
        g["us"]["lost"] = g["us"].get("lost", 0) + 1


def stack_armies(s: dict, where: str, side: str | None = None) -> int:
    """The armies in a space against its stacking limit (5.5.1), rebels not counted; with ``side``
    ('attacker' or 'defender'), only that side's of the war (a trench battle, 28.1.1)."""
    return sum(
        1
        for u in s["units"].values()
        if u["at"] == where
        and u["t"] in ARMY_TYPES
        and u["o"] != "rebel"
        and (side is None or (owner_side(s, u["o"]) or "")[:-1] == side)
    )


def army_counts(s: dict) -> dict:
    """``stack_armies`` for every space at once: space -> armies (rebels not counted, 5.5.3)."""
    out: dict = {}
    for u in s["units"].values():
        if u["t"] in ARMY_TYPES and u["o"] != "rebel":
            out[u["at"]] = out.get(u["at"], 0) + 1
    return out


def counter_limit(s: dict, power: str, kind: str) -> int:
    """How many counters of a kind the power owns (4.2), raised by events (Naval Arms Race) and,
    for Germany once unified, by the end of Continental Focus (33.1 L1518, DATA_RULINGS D22)."""
    mix = _counter_mix(power)
    base = mix.get(kind, 0)
    if power == "ge" and s["flags"].get("germany_unified"):
        base += mix.get(f"unified-{kind}", 0)
    return base + s["powers"].get(power, {}).get("limits", {}).get(kind, 0)


@functools.cache
def _counter_mix(power: str) -> dict:
    """The power's counters by kind of unit, from its display (read once: the listing of actions
    asks on every impulse)."""
    c = P().powers[power].counters if power in P().powers else {}
    return {
        "army": c.get("army", 0) + c.get("british-army", 0) + c.get("turkish-army", 0),
        "british": c.get("british-army", 0),
        "indian": c.get("indian-army", 0),
        "turkish": c.get("turkish-army", 0),
        "arab": c.get("arab-army", 0),
        "commonwealth": c.get("commonwealth-army", 0),
        "zouaves": c.get("zouaves", 0),
        "reserve": c.get("reserve-army", 0),
        "squadron": c.get("squadron", 0),
        "dreadnought": c.get("dreadnought", 0),
        "unified-squadron": c.get("unified-squadron", 0),
        "unified-dreadnought": c.get("unified-dreadnought", 0),
        "ec": c.get("ec", 0),
        "ef": c.get("ef", 0),
        "fort": c.get("fort", 0),
    }


def count_units(s: dict, owner: str, kind: str) -> int:
    return sum(1 for u in s["units"].values() if u["o"] == owner and u["t"] == kind)


def italian_naval_kind(s: dict) -> str | None:
    """22.3.1 L1242: "Italy must build all its squadrons before building its dreadnought":
    the kind of Italy's next naval unit within its counters, or None when it has them all."""
    c = P().powers["italy"].counters
    if count_units(s, "italy", "squadron") < c.get("squadron", 0):
        return "squadron"
    if count_units(s, "italy", "dreadnought") < c.get("dreadnought", 0):
        return "dreadnought"
    return None


def home_keys_for_armies(s: dict, power: str, kind: str, linked: set | None = None) -> list:
    """Where a new standing army of the kind may be placed (12.2): a controlled home
    territorial key; Indian armies in India or Bengal; Turkish armies in keys without a
    minority nationality, Arab armies in keys with Arab nationality (33.6 L1576: Tunisia and
    Tripoli only while they count as keys, L1575)."""
    p = P()
    out = []
    if linked is None:
        linked = linked_to_capital(s, power)
    armies: dict | None = None
    for sid, c in s["control"].items():
        if c != power or sid in s["rebel_spaces"] or sid in s["pacification"]:
            continue  # not a key while rebels or a pacification marker hold it (21.1, 12.11 L696)
        sp = p.spaces[sid]
        if sp.type not in KEY_TYPES or not is_home(s, power, sid):
            continue
        if power == "ot" and sid in OT_LAND_LOC and sid not in linked:
            continue  # 33.6 L1575: Tunisia and Tripoli are keys only with a land LoC
        if kind == "indian":
            if sid not in ("india", "bengal"):
                continue
        elif kind == "arab":
            if not ({"arab", "egyptian"} & set(sp.nationalities)):
                continue
        elif kind == "turkish":
            if set(sp.nationalities) - {"turkish"}:
                continue
        elif sp.colonial_home or (sid not in linked and not (power == "ge" and sp.unification == "germany")):
            continue  # 12.2 L631: a territorial key (Zollverein: German unification spaces are, 33.1 L1519)
        if armies is None:  # armies by space, counted once
            armies = {}
            for u in s["units"].values():
                if u["t"] in ARMY_TYPES and u["o"] != "rebel":
                    armies[u["at"]] = armies.get(u["at"], 0) + 1
        if armies.get(sid, 0) >= sp.stacking:
            continue
        out.append(sid)
    return sorted(out)


def displace_to(s: dict, owner: str, frm: str) -> str | None:
    """5.7 L427: the closest friendly controlled space with a LoC, counting steps by land and sea
    from where the unit stands (the map's order breaking ties); none with a LoC: the closest
    controlled space; none at all: None (the unit is eliminated)."""
    p = P()
    region = loc_region(s, owner)
    graph = sea_and_land(s)
    seen, todo = {frm}, deque([frm])
    fallback = None
    while todo:
        here = todo.popleft()
        for there in sorted(graph.get(here, ())):
            if there in seen:
                continue
            seen.add(there)
            todo.append(there)
            sp = p.spaces.get(there)
            if sp is None or sp.type == "naval-base" or controller(s, there) != owner or there in s["rebel_spaces"]:
                continue
            if there in region:
                return there
            if fallback is None:
                fallback = there
    if fallback is not None:
        return fallback
    for sid, c in sorted(s["control"].items()):
        if c == owner and p.spaces[sid].type != "naval-base" and sid not in s["rebel_spaces"]:
            return sid
    return None


def enter_uncontrolled(s: dict, sid: str) -> None:
    """12.11 L693: a land unit entering an uncontrolled space brings a 0 pacification marker (2 in
    a naval base)."""
    sp = P().spaces.get(sid)
    if sp is not None and sid not in s["control"] and sid not in s["pacification"]:
        s["pacification"][sid] = 2 if sp.type == "naval-base" else 0


def leave_uncontrolled(s: dict, sid: str) -> None:
    """12.11 L695: when the last land unit leaves an uncontrolled space, its pacification marker
    goes (rebels are not the pacifier's units)."""
    if sid not in s["pacification"] or sid in s["control"]:
        return
    for u in s["units"].values():
        if u["at"] == sid and u["o"] != "rebel" and u["t"] not in NAVAL_TYPES:
            return
    del s["pacification"][sid]


def cut_off_armies(s: dict) -> list:
    """5.6.3 L421: armies that cannot trace a LoC in peacetime, as [uid]: a LoC runs from the space
    (or a neighbour, for an uncontrolled space entered with influence) through the power's
    controlled spaces and any naval box to a supply source (5.6)."""
    if s.get("war") is not None:
        return []
    spaces = P().spaces
    armies: dict = {}
    for uid, u in s["units"].items():
        if u["o"] in s["powers"] and u["t"] in ARMY_TYPES and u["at"] in spaces:
            armies.setdefault(u["o"], []).append((uid, u["at"]))
    if not armies:
        return []
    rebels = s["rebel_spaces"]
    held: dict = {}
    for sid, c in s["control"].items():
        if sid not in rebels:
            held.setdefault(c, set()).add(sid)
    graph = sea_and_land(s)
    boxes = P().naval_boxes
    out = []
    fp = position(s)  # one position for all the powers' traces
    for q in sorted(armies):
        sources = supply_sources(s, q, fp)
        stand = armies[q]
        if all(at in sources for _, at in stand):
            continue  # every army stands on a supply source
        mine = held.get(q, set())
        seen = set(sources)
        todo = list(sources)
        while todo:
            here = todo.pop()
            for there in graph[here]:
                if there not in seen and (there in boxes or there in mine):
                    seen.add(there)
                    todo.append(there)
        for uid, at in stand:
            if at in seen or (at not in mine and any(n in seen for n in graph[at])):
                continue
            out.append(uid)
    return sorted(out)


def truce(s: dict, a: str, b: str) -> bool:
    ta = s["powers"].get(a, {}).get("truces", {})
    return ta.get(b, 0) > 0


def ranked(values: dict) -> dict:
    """Ranked NG places (2.4.2): 3/2/1 VP; ties skip the places they fill."""
    order = sorted(set(values.values()), reverse=True)
    out = {}
    place = 0
    for v in order:
        tied = [q for q, x in values.items() if x == v]
        for q in tied:
            out[q] = (3, 2, 1)[place] if place < 3 else 0
        place += len(tied)
    return out


# ----- goals.py / end.py helpers -------------------------------------------------------------------------


def steps_in_play(s: dict, power: str) -> int:
    """Army steps on the map and in the reserve holding box (5.3, 7.3): a full army 2, a
    reduced one 1; ``reserves`` is a list of booleans (True = reduced)."""
    n = 0
    for u in s["units"].values():
        if u["o"] == power and u["t"] in ARMY_TYPES:
            n += 1 if u["r"] else 2
    res = s["powers"][power]["reserves"]
    if isinstance(res, int):
        return n + 2 * res
    return n + sum(1 if r else 2 for r in res)


# ----- battle.py / naval.py helpers ----------------------------------------------------------------------


def player_of(s: dict, owner: str):
    """The player who decides for an owner's units: a player itself, a minor's allied player
    (15.4 L880), Italy's primary belligerent of its side (15.4.1), else None (rebels, a minor
    fighting alone: its choices are made automatically, 15.4.2)."""
    if owner in s["powers"]:
        return owner
    if owner == "rebel":
        return None
    if owner in ("italy", "us") and s.get("war"):  # the US only in the Great War (greatwar.py, G10)
        sd = owner_side(s, owner)
        if sd:
            pr = s["war"]["primary"]["attacker" if sd == "attackers" else "defender"]
            return pr if pr in s["powers"] else None
        return None
    return s["allies"].get(owner)


def friendly_owner(s: dict, a: str, b: str) -> bool:
    """Whether owner b's units and spaces are friendly to owner a (4.9.4): the same owner, a
    minor allied to a (or a's ally), or in wartime the same side of the war."""
    if a == b:
        return True
    allies = s["allies"]
    if allies.get(b) == a or allies.get(a) == b:
        return True
    war = s.get("war")
    if not war:
        return False
    att = war["attackers"]
    if a in att:
        return b in att
    return a in war["defenders"] and b not in att and b in war["defenders"]


def friendly_space(s: dict, power: str, sid: str) -> bool:
    """A space controlled or occupied by the power or a friendly owner (4.9.4, 15.3)."""
    h = holder(s, sid) if s.get("war") else s["control"].get(sid)
    return h is not None and friendly_owner(s, power, h)


def friendly_ports(s: dict, power: str, box: str) -> list:
    """Ports of a naval box friendly to the power (19.1.1, 19.2, 19.5): its own and its allies'
    (allied minors' ports count, 19.8 example L1111), occupied ones in wartime."""
    return sorted(sid for sid in box_ports(s, box) if friendly_space(s, power, sid))


# ----- the card piles ------------------------------------------------------------------------------------


def deal(s: dict, q: str, n: int) -> int:
    """Draw ``n`` cards into ``q``'s hand, the discard pile shuffled into a new deck when the
    deck runs out (9.0); how many were drawn. A card drawn is seen by its drawer: what led to
    the draw can no longer be undone (RULINGS_EVENTS E30)."""
    if n > 0 and (s["deck"] or s["discard"]):
        checkpoint(s)
    got = 0
    hand = s["powers"][q]["hand"]
    for _ in range(n):
        if not s["deck"]:
            if not s["discard"]:
                break
            s["deck"] = s["discard"]
            s["discard"] = []
            shuffle(s, s["deck"])
        hand.append(s["deck"].pop())
        got += 1
    return got


def finish_card(s: dict, q: str, c: str) -> None:
    """Where a played card goes: the home card back to its owner at the end of the turn
    (9.1.1), a removed event out of the game, the others to the discard pile. A mandatory event
    is always played for its event (9.1.4), so with the remove symbol it leaves the game and a
    permanent one stays by the board, whether played for CP, into industrialization or the CP
    chain (9.0 L542)."""
    if c in s["powers"][q]["homes"]:
        return
    if c in s["discard"] or c in s["removed"] or c in s["permanent"]:
        return
    flags = card(c).flags
    if "mandatory" in flags and "permanent" in flags:
        s["permanent"].append(c)
    elif "mandatory" in flags and "remove" in flags:
        s["removed"].append(c)
    else:
        s["discard"].append(c)


# ----- minors, control and displacement (4.7, 5.7) ------------------------------------------------------


def turn_order(powers) -> list:
    return [q for q in PLAYERS if q in powers]


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
        frm = u["at"]
        u["at"] = to
        if u["t"] in ARMY_TYPES:
            ecs_follow(s, u["o"], frm, to)


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


def displace_cut_off(s: dict) -> None:
    """5.6.3 L421: in peacetime an army with a broken LoC displaces at once to a friendly space with
    a LoC (5.7); events are what cut armies off in peacetime (control changes, independence)."""
    for uid in cut_off_armies(s):
        u = s["units"][uid]
        to = displace_to(s, u["o"], u["at"])
        if to is None or to == u["at"]:
            continue
        log(s, f"{name(u['o'])}'s army in {space_name(u['at'])} is cut off and displaces to {space_name(to)}.",
            "5.6.3")  # fmt: skip
        frm = u["at"]
        u["at"] = to
        ecs_follow(s, u["o"], frm, to)  # 5.1.3: its EC with it


def displace_power_cut_off(s: dict, p) -> None:
    """21.1 L1181, 5.6.3: armies of the power left without a LoC displace at once."""
    if p not in PLAYERS:
        return
    for uid, u in list(s["units"].items()):
        if u["o"] == p and u["t"] in ARMY_TYPES and u["at"] in P().spaces and not has_loc(s, p, u["at"], True):
            if has_loc(s, p, u["at"]):
                continue
            displace_unit(s, uid)


# ----- the alliance tracks (8.0) ----------------------------------------------------------------------------


MAX_ALLIES = 5  # 4.2.1 L300
TRACKS = ("entente", "alliance", "neutral")  # 8.5 L518
BALKANS = ("serbia", "bulgaria", "greece", "romania", "montenegro", "bosnia")


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


# ----- German unification (33.1) and the transfer of control (16.2) --------------------------------------


GERMAN_MINORS = ("hanover", "saxony", "bavaria")  # 33.1 L1516


_GERMAN: list = []


def german_spaces() -> list:
    """The spaces marked for German unification (3.2.6.1), read once."""
    if not _GERMAN:
        _GERMAN.extend(sorted(sp.id for sp in P().spaces.values() if sp.unification == "germany"))
    return _GERMAN


def check_german_unification(s: dict) -> bool:
    """33.1.1 L1521-1523: Germany unifies the instant GE controls every German unification
    space, alliance and diplomacy markers counting as control, whatever brought it about (a war,
    an action, an event: actions.py, events.py and the impulse call this after each of theirs).
    GE then takes control of those spaces; a German minor (Hanover, Saxony, Bavaria) whose
    name space it takes ceases to exist (3.2.5.1 L203, 33.1.1 L1523), any other minor (Denmark
    in Schleswig-Holstein) loses only its German unification spaces. Imperial Germany: +1
    manpower, once (33.1 L1517; RULINGS_END N7: end.set_manpower does not give it again)."""
    if s["flags"].get("germany_unified"):
        return False
    spaces = german_spaces()
    for sid in spaces:
        c = s["control"].get(sid)
        if c == "ge":
            continue
        if c in P().minors and "ge" in (s["allies"].get(c), s["diplomacy"].get(c)):
            continue
        return False
    s["flags"]["germany_unified"] = True
    for sid in spaces:
        c = s["control"].get(sid)
        if c == "ge" or c not in P().minors:
            continue
        if c in GERMAN_MINORS:
            annex(s, c, "ge")
        else:
            transfer(s, sid, "ge")  # 33.1.1 L1522: the unification space only (RULINGS_WAR W15)
            for uid in [x for x, u in s["units"].items() if u["o"] == c and u["at"] == sid]:
                to = displace_to(s, c, sid)
                if to is None:
                    remove_unit(s, uid)
                else:
                    move_unit(s, uid, to)  # 5.7: the minor's units go home
    bonus = s["powers"]["ge"]["mp_bonus"]
    bonus["territorial"] = bonus.get("territorial", 0) + 1
    s["flags"]["imperial_germany_mp"] = True  # the one-time bonus is given (N7)
    log(s, "Germany unifies: Prussia becomes the German Empire (+1 manpower).", "33.1.1")
    return True


def transfer(s: dict, sid: str, to: str) -> None:
    """Control passes (16.2); the spaces controlled with it follow (3.4.1, 3.4.4). A German
    unification space becomes a permanent GE home; a German minor losing its name space ceases
    to exist (3.2.5.1 L203, 33.1 L1516, 33.1.1 L1522)."""
    p = P()
    s["control"][sid] = to
    s["occupied"].pop(sid, None)
    for other in p.spaces.values():
        if other.controlled_with == sid:
            s["control"][other.id] = to
    log(s, f"{name(to)} takes control of {space_name(sid)}.", "16.2")
    if to == "ge" and (p.spaces[sid].unification == "germany" or sid == "alsace-lorraine"):  # 3.2.5.2 L208
        homes = s["flags"].setdefault("ge_homes", [])
        if sid not in homes:
            homes.append(sid)
        for m in GERMAN_MINORS:
            if p.minors[m].capital == sid and m not in s["gone"]:
                annex(s, m, "ge")


def annex(s: dict, m: str, by: str) -> None:
    """The minor ceases to exist; its spaces go to ``by``, its units are removed (33.1, W15)."""
    if m not in s["gone"]:
        s["gone"].append(m)
    for uid in [x for x, u in s["units"].items() if u["o"] == m]:
        remove_unit(s, uid)
    for sid, c in list(s["control"].items()):
        if c == m:
            s["control"][sid] = by
            if by == "ge" and P().spaces[sid].unification == "germany":
                homes = s["flags"].setdefault("ge_homes", [])
                if sid not in homes:
                    homes.append(sid)
    s["allies"].pop(m, None)
    s["diplomacy"].pop(m, None)
    s["build_box"].pop(m, None)
    log(s, f"{name(m)} ceases to exist: {name(by)} takes its lands.", "33.1.1")


# what a player reads for each unit type (prompts, labels, the log)
UNIT_WORDS = {
    "army": "army",
    "reserve": "reserve army",
    "british": "British army",
    "indian": "Indian army",
    "turkish": "Turkish army",
    "arab": "Arab army",
    "commonwealth": "Commonwealth army",
    "ec": "Elite Corps",
    "ef": "EF",
    "elite-ef": "elite colonial EF",
    "zouaves": "Zouaves",
    "squadron": "squadron",
    "dreadnought": "dreadnought",
}
