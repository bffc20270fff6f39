"""The end of each year: 10.0 the Treaty of Brest-Litovsk, 8.0 capitulation,
9.0 victory; and 6.5 the year 1919."""

from __future__ import annotations

import math

from ...engine import Procedure, State, ask, checkpoint, game_over, log
from . import events
from .board import (
    AH,
    CENTRAL,
    DE,
    EMPIRES,
    ENTENTE,
    MEMBERS,
    PARTNER,
    RU,
    WA,
    Y1919,
    YEARS,
    add_dummy,
    alliance_of,
    die_text,
    empire_name,
    front_cities,
    its,
    lift,
    owner,
    says,
    special_die,
)
from .data import pack

# ----- 10.0 the Treaty of Brest-Litovsk -----------------------------------------------------

RUSSIAN = "russian"
"""The nationality of 10.0's third condition (2.4 L115: one of the Russian Empire's several)."""


def treaty_possible(s: dict) -> bool:
    """10.0 The three conditions, in full."""
    if not treaty_in_sight(s):
        return False
    armies = pack().armies
    german_east = [
        a
        for a, st in s["armies"].items()
        if st["where"] == "board" and st["front"] in (7, 8) and armies[a].nationality == "german"
    ]
    return len(german_east) >= 3


def treaty_in_sight(s: dict) -> bool:
    """10.0 The conditions as everyone can see them (RULINGS R59): the cities (L354-355) are
    public, but of the first condition, "three German armies in Fronts 7 and 8" (L353), only the
    counters with a German back are: some of them may be dummies (2.4 L118-122)."""
    if s["status"][DE]["capitulated"] or s["status"][RU]["capitulated"]:
        return False
    armies = pack().armies
    german_backs = sum(s["dummies"][DE].get(str(n), 0) for n in (7, 8))
    german_backs += sum(1 for n in (7, 8) for a in s["on"][str(n)] if armies[a].empire == DE)
    if german_backs < 3:
        return False
    russian_replacement = [
        loc for loc, info in pack().locations.items() if info.kind == "replacement" and info.owner == RU
    ]
    if sum(1 for loc in russian_replacement if alliance_of(s, loc) == CENTRAL) < 3:
        return False
    # L355: "Russian nationality armies may not occupy any Austro-Hungarian or German nationality
    # Cities": one the Russian Empire took with a Serbian or British lead does not stop the
    # offer; one taken with no lead revealed counts as Russian (R33)
    central_cities = [loc for loc, info in pack().locations.items() if info.kind != "base" and info.owner in (DE, AH)]
    taken_by = s.get("taken_by", {})
    return not any(owner(s, loc) == RU and taken_by.get(loc, RUSSIAN) in (RUSSIAN, None) for loc in central_cities)


class BrestLitovsk(Procedure):
    """10.0 Germany may offer the treaty just before the victory check, from 1917."""

    def start(self, s, f):
        # RULINGS R59: Germany is asked whenever the conditions may hold as the others see them,
        # so that whether it is asked does not tell them which of its counters on Fronts 7-8
        # are dummies (2.4 L118-122); only with the conditions met in full may it offer (L351).
        if not treaty_in_sight(s):
            return None
        ask(s, "offer_treaty", DE)
        return "answer"

    def answer(self, s, f):
        if not s.get("treaty_offered"):
            return None
        s["treaty_offered"] = False
        if s["players"] == 4:
            ask(s, "treaty", RU)  # 10.0 only in the 4-player game may Russia refuse
            return "apply"
        log(s, "Russia must accept the treaty.", "10.0")
        sign(s)
        return None

    def apply(self, s, f):
        if s.get("treaty_accepted_now"):
            s["treaty_accepted_now"] = False
            sign(s)
        return None


class OfferTreaty(State):
    def prompt(self, s, f, role):
        if not treaty_possible(s):
            return "Fewer than three German armies stand on Fronts 7 and 8: you cannot offer the treaty (10.0)."
        return "Offer Russia the Treaty of Brest-Litovsk?"

    def actions(self, s, f, role):
        # 10.0 L351: "criteria being met in full before the offer can be made" (RULINGS R59)
        return ["offer", "no"] if treaty_possible(s) else ["no"]

    def act(self, s, f, role, action):
        s["treaty_offered"] = action == "offer"
        log(
            s,
            "Germany offers Russia the Treaty of Brest-Litovsk."
            if action == "offer"
            else "Germany makes no offer of peace.",
            "10.0",
        )


class Treaty(State):
    def prompt(self, s, f, role):
        return "Germany offers the Treaty of Brest-Litovsk. Accept (+8 VP at the end if the Entente wins) or refuse?"

    def actions(self, s, f, role):
        return ["accept", "refuse"]

    def act(self, s, f, role, action):
        s["treaty_accepted_now"] = action == "accept"
        if action == "refuse":
            log(s, "Russia refuses the treaty; Germany may offer it again next year.", "10.0")


def sign(s: dict) -> None:
    """10.0 The treaty's effects for the rest of the game (RULINGS R33)."""
    s["brest"] = s["year"]
    log(s, f"Russia signs the Treaty of Brest-Litovsk ({YEARS[s['year']]}): Fronts 7, 8, 9 and 11 fall silent.", "10.0")
    armies = pack().armies
    for a, st in s["armies"].items():
        if armies[a].nationality in ("russian", "romanian") and st["where"] in ("board", "ready", "future", "lost"):
            lift(s, a, "out")
    for n in (7, 8, 9, 11):
        add_dummy(s, RU, n, -s["dummies"][RU].get(str(n), 0))
    for n in (7, 8, 9):  # Germany leaves one army on each
        lock(s, [a for a in on_front(s, n) if armies[a].empire == DE], 1)
    lock(s, [a for a in on_front(s, 9) if armies[a].empire == AH], 3)  # three non-German armies on 9


def on_front(s, n):
    return list(s["on"][str(n)])


def lock(s: dict, armies: list[str], k: int) -> None:
    """The weakest armies stay behind as the treaty's garrison: named only to the Empires that
    see them, since they may be face-down (2.4)."""
    info = pack().armies
    for a in sorted(armies, key=lambda a: (info[a].cv, a))[:k]:
        st = s["armies"][a]
        st["locked"] = True
        seen = None if st["up"] else sorted({info[a].empire, st["ctl"]})
        log(s, f"{info[a].name} stays on Front {st['front']} as a garrison.", "10.0", to=seen)


# ----- 8.0 capitulation ------------------------------------------------------------------

RESULTS = {1: "revolution", 2: "mutiny", 3: "politics", 4: "unrest"}


class Capitulation(Procedure):
    """8.0 Empires with two or more capitulation points this year test."""

    def start(self, s, f):
        for role in EMPIRES:
            status = s["status"][role]
            if status["capitulated"] or s["cp"][role] < 2:
                continue
            face = special_die(s)
            log(
                s, f"{says(role, 'tests')} for capitulation with {s['cp'][role]} points: rolls {die_text(face)}.", "8.0"
            )
            if face == 0 or face > s["cp"][role]:
                log(s, f"{says(role, 'passes')}.", "8.0")
                continue
            fail(s, role)
        if any(all(s["status"][r]["capitulated"] for r in MEMBERS[a]) for a in (CENTRAL, ENTENTE)):
            finish(s, "both empires of an alliance have capitulated")
        return None


def fail(s: dict, role: str) -> None:
    """8.0 A failed test: the results throw."""
    status = s["status"][role]
    status["failures"] += 1
    if status["revolution_seen"]:  # 8.0 result 1: a second failed test
        capitulate(s, role, "a second failed test after a revolution")
        return
    face = special_die(s)
    level = face - status["bonus"] if face else 0  # RULINGS R27: a mutiny shifts towards S
    log(
        s,
        f"{says(role, 'fails')} and {'throw' if role == WA else 'throws'} {die_text(face)} for the result"
        + (f" (shifted {status['bonus']} towards capitulation)" if status["bonus"] and face else "")
        + ".",
        "8.0",
    )
    if level <= 0:
        capitulate(s, role, "the results throw")
        return
    result = RESULTS[level]
    status[result] = s["year"] + 1
    if result == "revolution":
        status["revolution_seen"] = True
    if result == "mutiny":
        status["bonus"] += 1
        nat, theatre = mutinous(s, role)
        status["mutiny_nationality"], status["mutiny_theatre"] = nat, theatre
        who = NATIONALITY_NAMES.get(nat, nat.title())
        where = THEATRE_NAMES.get(theatre, theatre)
        log(s, f"Mutiny: next year {who} armies of {empire_name(role)} make no offensives in the {where}.", "8.0")
    else:
        log(s, f"{result.capitalize()} in {empire_name(role)} next year.", "8.0")


THEATRE_NAMES = {"west": "Western Theatre", "east": "Eastern Theatre", "italy": "Italian Theatre"}
NATIONALITY_NAMES = {"us": "American"}  # the others read as their id, capitalised


def mutinous(s: dict, role: str) -> tuple[str, str]:
    """RULINGS R13: the nationality with the most real armies on the map, in the
    theatre where the empire has real armies on the most fronts."""
    armies = pack().armies
    mine = [a for a, st in s["armies"].items() if st["where"] == "board" and armies[a].empire == role]
    first = FIRST_NATIONALITY[role]  # ties: the empire's first nationality, then by name (R13)
    order = [first, *sorted(n for n in pack().empire_nationalities[role] if n != first)]
    counts = {nat: sum(1 for a in mine if armies[a].nationality == nat) for nat in order}
    nat = max(order, key=lambda k: counts[k])
    fronts: dict[str, set] = {}
    held: dict[str, int] = {}
    for a in mine:
        th = pack().fronts[s["armies"][a]["front"]].theatre
        fronts.setdefault(th, set()).add(s["armies"][a]["front"])
        held[th] = held.get(th, 0) + 1
    if not fronts:
        return nat, "west"
    return nat, max(sorted(fronts), key=lambda th: (len(fronts[th]), held[th]))


FIRST_NATIONALITY = {DE: "german", AH: "austro-hungarian", RU: "russian", WA: "french"}


def capitulate(s: dict, role: str, why: str) -> None:
    s["status"][role]["capitulated"] = True
    keeps = "They keep their" if its(role) == "their" else "It keeps its"
    log(s, f"{says(role, 'capitulates')} ({why}). {keeps} {s['vp'][role]} victory points.", "8.0")


# ----- 9.0 victory ----------------------------------------------------------------------


class VictoryCheck(Procedure):
    """9.0 The game ends after 1919, when one alliance holds every city on any six
    fronts, or when both empires of an alliance have capitulated."""

    def start(self, s, f):
        for alliance in (CENTRAL, ENTENTE):
            held = [
                n
                for n in range(1, 12)
                if front_cities(n) and all(alliance_of(s, c) == alliance for c in front_cities(n))
            ]
            if len(held) >= 6:
                finish(s, f"{empire_name(alliance)} hold every city on Fronts {', '.join(map(str, held))}")
                return None
        if s["year"] == Y1919:
            finish(s, "the end of 1919")
        return None


def finish(s: dict, reason: str) -> None:
    """9.0 Who won (RULINGS R14, R15)."""
    vp = s["vp"]
    total = {CENTRAL: vp[DE] + vp[AH], ENTENTE: vp[WA] + vp[RU]}
    fallen = {a: any(s["status"][r]["capitulated"] for r in MEMBERS[a]) for a in (CENTRAL, ENTENTE)}
    crushed = {a: all(s["status"][r]["capitulated"] for r in MEMBERS[a]) for a in (CENTRAL, ENTENTE)}
    if crushed[CENTRAL] != crushed[ENTENTE]:  # R15: both empires gone, the alliance loses outright
        side = ENTENTE if crushed[CENTRAL] else CENTRAL
        log(s, f"{says(side, 'win')}: both empires of the other alliance have capitulated.", "9.0")
    elif fallen[CENTRAL] != fallen[ENTENTE]:  # R15: an alliance that let a partner fall cannot win
        side = ENTENTE if fallen[CENTRAL] else CENTRAL
        log(s, f"{says(side, 'win')}: the other alliance has lost an empire ({totals(total)}).", "9.0")
    else:
        side = CENTRAL if total[CENTRAL] >= total[ENTENTE] else ENTENTE
        log(s, f"{says(side, 'win')} ({totals(total)}).", "9.0")
    scores = dict(vp)
    winners = list(MEMBERS[side])
    n = players(s)
    if side == CENTRAL and n >= 3:
        solo = keep_standing(s, DE if vp[DE] >= vp[AH] + 3 else AH)
        winners = [solo]
    elif side == ENTENTE and n == 4:
        russia = vp[RU] + (8 if s["brest"] is not None else 0)  # R33: only between Russia and the West
        scores[RU] = russia
        if s["brest"] is not None:
            log(
                s,
                f"Russia {vp[RU]} VP + 8 for accepting the Treaty of Brest-Litovsk = {russia}, "
                f"against the Western Allies' {vp[WA]}.",
                "9.0",
            )
        winners = [keep_standing(s, WA if vp[WA] > russia else RU)]
    if len(winners) == 1:
        log(s, f"{says(winners[0], 'wins')} the game.", "9.0")
    game_over(s, winners, scores, reason)


def totals(total: dict) -> str:
    """'the Central Powers 4 VP, the Entente Powers 20'."""
    return f"{empire_name(CENTRAL)} {total[CENTRAL]} VP, {empire_name(ENTENTE)} {total[ENTENTE]}"


def estimate(s: dict) -> dict[str, float]:
    """Each empire's chance of winning if the game were scored now (9.0, as ``finish``
    scores it), softened by the VP margin: a search's evaluation of an unfinished game.
    A win shared by an alliance's two empires is shared between them."""
    vp = s["vp"]
    total = {CENTRAL: vp[DE] + vp[AH], ENTENTE: vp[WA] + vp[RU]}
    fallen = {a: sum(s["status"][r]["capitulated"] for r in MEMBERS[a]) for a in (CENTRAL, ENTENTE)}
    margin = (total[CENTRAL] - total[ENTENTE]) / VP_SCALE + 2.0 * (fallen[ENTENTE] - fallen[CENTRAL])
    p = {CENTRAL: 1.0 / (1.0 + math.exp(-margin))}
    p[ENTENTE] = 1.0 - p[CENTRAL]
    n = players(s)
    out = {r: 0.0 for r in EMPIRES}
    for side in (CENTRAL, ENTENTE):
        winners = list(MEMBERS[side])
        if side == CENTRAL and n >= 3:
            winners = [keep_standing(s, DE if vp[DE] >= vp[AH] + 3 else AH)]
        elif side == ENTENTE and n == 4:
            russia = vp[RU] + (8 if s["brest"] is not None else 0)
            winners = [keep_standing(s, WA if vp[WA] > russia else RU)]
        for r in winners:
            out[r] += p[side] / len(winners)
    return out


VP_SCALE = 3.0
"""How many VP of margin make the leading alliance about three to one to win (e^1)."""


def players(s: dict) -> int:
    """Solitaire is scored as the two-player game (11.5)."""
    return 2 if s["options"]["solitaire"] else s["players"]


def keep_standing(s: dict, role: str) -> str:
    """9.0 L347, 8.0: an empire that capitulated has conceded; its partner takes the win."""
    if s["status"][role]["capitulated"] and not s["status"][PARTNER[role]]["capitulated"]:
        return PARTNER[role]
    return role


# ----- 6.5 the year 1919 -----------------------------------------------------------------------


TAKEN_1919 = {WA: ("tanks-attack", "poison-gas"), DE: ("stosstruppen",)}
"""6.5: the markers each empire takes for 1919, in the sight of all."""


class Year1919(Procedure):
    """6.5 The Western Allies take Tanks Attack and Poison Gas, Germany Stosstruppen."""

    def start(self, s, f):
        if s["options"]["solitaire"]:
            return None
        checkpoint(s)  # the markers are taken from wherever they are, hands and cups: that shows
        for role, markers in TAKEN_1919.items():
            if s["status"][role]["capitulated"]:
                continue
            for m in markers:
                take(s, role, m)
        return None


def take(s: dict, role: str, marker: str) -> None:
    if marker in s["removed"] or marker not in pack().markers:
        return
    for holder in EMPIRES:
        if marker in s["hands"][holder]:
            if holder == role:
                return
            s["hands"][holder].remove(marker)
    for pile in (s["cups"], s["used"]):
        for alliance in pile:
            if marker in pile[alliance]:
                pile[alliance].remove(marker)
    while len(events.counted(s, role)) >= events.limit(s, role):
        spare = [m for m in events.counted(s, role) if not pack().markers[m].mandatory]
        if not spare:
            return
        weakest = min(spare, key=lambda m: (pack().markers[m].value, m))
        events.put_back(s, role, weakest)
    s["hands"][role].append(marker)
    s["hands"][role].sort()
    log(s, f"{says(role, 'takes')} {pack().markers[marker].title} for 1919.", "6.5")
