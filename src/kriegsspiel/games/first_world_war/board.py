"""The First World War: the empires, the years, and questions about the board
that every part of the rules asks (who stands on a front, who owns a city,
which fronts an army may use). The static facts come from the data pack
(``data.py``); the state holds only what changes.
"""

from __future__ import annotations

from functools import cache

from ...engine import rng
from .data import pack

DE, AH, WA, RU = "germany", "austria-hungary", "western-allies", "russia"
EMPIRES = (DE, AH, WA, RU)
CENTRAL, ENTENTE = "central", "entente"
ALLIANCE = {DE: CENTRAL, AH: CENTRAL, WA: ENTENTE, RU: ENTENTE}
MEMBERS = {CENTRAL: (DE, AH), ENTENTE: (WA, RU)}
ENEMY = {CENTRAL: ENTENTE, ENTENTE: CENTRAL}
PARTNER = {DE: AH, AH: DE, WA: RU, RU: WA}
NAMES = {
    DE: "Germany",
    AH: "Austria-Hungary",
    WA: "the Western Allies",
    RU: "Russia",
    CENTRAL: "the Central Powers",
    ENTENTE: "the Entente Powers",
}

YEARS = ("1/1914", "2/1914", "1915", "1916", "1917", "1918", "1919")  # 2.1, L83 and L435
Y1914A, Y1914B, Y1915, Y1916, Y1917, Y1918, Y1919 = range(7)

DEPLOYMENT_ORDER = (AH, RU, WA, DE)  # 3.4
TURN_ORDER = (DE, WA, RU, AH)  # 3.4

GARRISON = {  # 6.4
    WA: (1, 2, 3, 4),
    DE: (1, 2, 3, 4),
    AH: (5, 6, 9, 10),
    RU: (7, 8, 9),
}
MOUNTAIN_FRONTS = (4, 5, 6, 10)  # 4.8
AH_FRONTS = (5, 6, 9, 10, 11)  # 7.1: German armies here come under Austro-Hungarian control
BREST_FRONTS = (7, 8, 9, 11)  # 10.0: inactive once the treaty is signed
ITALIAN_FRONTS = (5, 6)


def empire_name(role: str) -> str:
    return NAMES[role]


def plural(verb: str) -> str:
    """'passes' -> 'pass': the Western Allies and the alliances take the plural."""
    if verb in ("has", "is", "was"):
        return {"has": "have", "is": "are", "was": "were"}[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


MANY = (WA, CENTRAL, ENTENTE)
"""The names that take a plural verb: 'The Western Allies pass'."""


@cache
def says(role: str, verb: str) -> str:
    """The name and its verb at the start of a sentence: 'Germany passes',
    'The Western Allies pass'."""
    return f"{cap(role)} {plural(verb) if role in MANY else verb}"


def its(role: str) -> str:
    """The possessive for the name: 'its', 'their' for the Western Allies."""
    return "their" if role in MANY else "its"


@cache
def cap(role: str) -> str:
    """The name at the start of a sentence: 'The Western Allies'."""
    name = NAMES[role]
    return name[0].upper() + name[1:]


# ----- the die (2.6) ---------------------------------------------------------------


def special_die(s: dict) -> int:
    """One roll of the special die: 1 to 4, or S (two faces), returned as 0."""
    face = rng.roll(s, 6)
    return 0 if face > 4 else face


def die_text(face: int) -> str:
    return "S" if face == 0 else str(face)


# ----- armies ------------------------------------------------------------------------


def on_board(s: dict, front: int) -> list[str]:
    """The real armies on a front, in id order (``s["on"]`` indexes them)."""
    return s["on"][str(front)]


def place(s: dict, army: str, front: int) -> None:
    """Put an army on a front, face-down (deployment, movement)."""
    st = s["armies"][army]
    if st["where"] == "board":
        s["on"][str(st["front"])].remove(army)
    st.update(where="board", front=front, up=False)
    here = s["on"][str(front)]
    here.append(army)
    here.sort()


def lift(s: dict, army: str, where: str, **changes) -> None:
    """Take an army off the board: 'ready' to deploy, 'lost', 'out'..."""
    st = s["armies"][army]
    if st["where"] == "board":
        s["on"][str(st["front"])].remove(army)
    st.update(where=where, front=None, **changes)


def side_armies(s: dict, front: int, alliance: str) -> list[str]:
    members = MEMBERS[alliance]
    armies = pack().armies
    return [a for a in on_board(s, front) if armies[a].empire in members]


def controlled(s: dict, role: str, front: int) -> list[str]:
    """Real armies on ``front`` that ``role`` commands (7.1, 7.2)."""
    armies = s["armies"]
    return [a for a in s["on"][str(front)] if armies[a]["ctl"] == role]


def dummies(s: dict, role: str, front: int) -> int:
    return s["dummies"][role].get(str(front), 0)


def units(s: dict, role: str, front: int) -> int:
    """Counters (real and dummy) ``role`` commands on ``front`` (6.4 counts both)."""
    return len(controlled(s, role, front)) + dummies(s, role, front)


def present(s: dict, role: str, front: int) -> bool:
    """Does ``role`` command any counter (real or dummy) on ``front``? (``units`` > 0)"""
    key = str(front)
    if s["dummies"][role].get(key):
        return True
    armies = s["armies"]
    for a in s["on"][key]:
        if armies[a]["ctl"] == role:
            return True
    return False


def dummies_in_pool(s: dict, role: str) -> int:
    return s["dummy_count"][role] - sum(s["dummies"][role].values())


def add_dummy(s: dict, role: str, front: int, n: int = 1) -> None:
    d = s["dummies"][role]
    key = str(front)
    d[key] = d.get(key, 0) + n
    if d[key] == 0:
        del d[key]


def cv(s: dict, army: str) -> int:
    """Combat value; 0 for an army of an Empire in revolution (8.0 result 1), whoever commands it:
    the army's own Empire's, not its commander's (RULINGS R55)."""
    info = pack().armies[army]
    if s["status"][info.empire]["revolution"] == s["year"]:
        return 0
    return info.cv


# ----- where an army may go (2.4, 3.5, 7.2, 11.3) --------------------------------------------


def front_open(s: dict, front: int) -> bool:
    """A front in use at all: not closed by No Axis Aggression (11.3) nor by the
    Treaty of Brest-Litovsk (10.0)."""
    if s["options"]["no_axis_aggression"] and front in (1, 2, 5, 6):
        return False
    if s["brest"] is not None and front in BREST_FRONTS:
        return False
    return True


def may_stand(s: dict, army: str, front: int) -> bool:
    """May this army be placed or moved onto this front?"""
    info = pack().armies[army]
    if front not in info.allowed or not front_open(s, front):  # App. C, 7.2
        return False
    if front in ITALIAN_FRONTS and s["year"] < Y1916 and info.nationality != "austro-hungarian":
        return False  # 3.5: the Italian Theatre is inactive until 1916
    return True


def open_fronts(s: dict, italy: bool) -> frozenset[int]:
    """Fronts in use now; the Italian ones only from 1916 unless ``italy``
    (Austro-Hungarian armies and dummies may stand there early, 3.5)."""
    return _open_fronts(s["year"], s["options"]["no_axis_aggression"], s["brest"] is not None, italy)


@cache
def _open_fronts(year: int, no_axis_aggression: bool, brest: bool, italy: bool) -> frozenset[int]:
    closed = set()
    if no_axis_aggression:
        closed |= {1, 2, 5, 6}
    if brest:
        closed |= set(BREST_FRONTS)
    if not italy and year < Y1916:
        closed |= set(ITALIAN_FRONTS)
    return frozenset(n for n in range(1, 12) if n not in closed)


def fronts_for(s: dict, role: str, unit: str) -> frozenset[int]:
    """Every front ``unit`` (an army id, or 'dummy' for one of ``role``'s dummies) may stand on now."""
    return stands(s)["dummy:" + role if unit == "dummy" else unit]


def stands(s: dict) -> dict[str, frozenset[int]]:
    """``fronts_for`` of every army and of every empire's dummies (``dummy:<empire>``)."""
    return _stands(s["year"], s["options"]["no_axis_aggression"], s["brest"] is not None)


@cache
def _stands(year: int, no_axis_aggression: bool, brest: bool) -> dict[str, frozenset[int]]:
    table = {
        a: info.allowed & _open_fronts(year, no_axis_aggression, brest, info.nationality == "austro-hungarian")
        for a, info in pack().armies.items()
    }
    for role, allowed in pack().dummy_fronts.items():
        table["dummy:" + role] = allowed & _open_fronts(year, no_axis_aggression, brest, role == AH)
    return table


def garrison_fronts(s: dict, role: str) -> tuple[int, ...]:
    """6.4: fronts where ``role`` must keep a counter (from 2/1914; Italian
    fronts once the theatre opens, RULINGS R29, R44)."""
    return _garrison_fronts(role, s["year"], s["options"]["no_axis_aggression"], s["brest"] is not None)


@cache
def _garrison_fronts(role: str, year: int, no_axis_aggression: bool, brest: bool) -> tuple[int, ...]:
    if year < Y1914B:
        return ()
    open_now = _open_fronts(year, no_axis_aggression, brest, False)
    return tuple(f for f in GARRISON[role] if f in open_now)


# ----- cities and attack lines (2.2) ----------------------------------------------------------


def owner(s: dict, loc: str) -> str:
    info = pack().locations[loc]
    return s["owner"].get(loc, info.owner)


def alliance_of(s: dict, loc: str) -> str:
    return ALLIANCE[owner(s, loc)]


def targets(s: dict, front: int, alliance: str) -> list[str]:
    """2.2 Enemy cities on ``front`` that ``alliance`` may capture now: joined by
    an open attack line to a city or supply base it holds."""
    p = pack()
    out = []
    for loc in p.front_locations[front]:
        info = p.locations[loc]
        if info.kind == "base" or alliance_of(s, loc) == alliance:
            continue
        for other, opens in info.links:
            if opens > s["year"]:
                continue
            if alliance_of(s, other) == alliance:
                out.append(loc)
                break
    return out


def enemy_cities_left(s: dict, front: int, alliance: str) -> bool:
    """Enemy cities remain on the front, reachable or not (4.6: a capitulation
    point only when none is left to occupy; 2.2: not while cities behind a
    line that opens later await capture)."""
    p = pack()
    return any(p.locations[loc].kind != "base" and alliance_of(s, loc) != alliance for loc in p.front_locations[front])


def front_cities(front: int) -> list[str]:
    p = pack()
    return [loc for loc in p.front_locations[front] if p.locations[loc].kind != "base"]
