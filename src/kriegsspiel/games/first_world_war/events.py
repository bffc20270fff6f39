"""5.0 Events markers: the alliance cups, each empire's hand, drawing, the
hand limit, which markers an empire may play in an offensive."""

from __future__ import annotations

from ...engine import log, rng
from .board import ALLIANCE, DE, RU, WA, Y1919, says
from .data import pack


def limit(s: dict, role: str) -> int:
    """5.2 at most three markers; four for the Western Allies and Germany in 1919 (6.5)."""
    return 4 if s["year"] == Y1919 and role in (WA, DE) else 3


def counted(s: dict, role: str) -> list[str]:
    """The markers in hand that count towards the limit (5.5: Espionage does not)."""
    markers = pack().markers
    return [m for m in s["hands"][role] if markers[m].kind != "espionage"]


def nationalities(s: dict, role: str, marker: str) -> frozenset:
    """The lead nationalities a marker serves; 6.5, RULINGS R37: Poison Gas in
    Western Allied hands serves their armies."""
    info = pack().markers[marker]
    if info.nationalities_1919 and ALLIANCE[role] != info.alliance:
        return info.nationalities_1919
    return info.nationalities


def matches_empire(role: str, marker: str) -> bool:
    """5.2 A marker of another empire's nationality is of no use to this one."""
    nats = pack().markers[marker].nationalities
    return "any" in nats or bool(nats & pack().empire_nationalities[role])


def fill_cup(s: dict, year: int) -> None:
    """3.1, 3.7: the markers of a new year go into their alliance's cup."""
    for m, info in pack().markers.items():
        if info.year == year and m not in s["removed"]:
            s["cups"][info.alliance].append(m)
    for alliance in ("central", "entente"):
        s["cups"][alliance].sort()


def return_used(s: dict) -> None:
    """3.7, 5.3: used non-mandatory markers go back into the cups at the new year
    (RULINGS R2)."""
    for alliance, used in s["used"].items():
        s["cups"][alliance].extend(used)
        s["cups"][alliance].sort()
        used.clear()


def draw(s: dict, role: str, why: str, rule: str) -> str | None:
    """Draw one marker at random from the role's alliance cup into its hand."""
    cup = s["cups"][ALLIANCE[role]]
    if not cup:
        log(s, f"{says(role, 'would')} draw an events marker ({why}), but the cup is empty.", rule)
        return None
    marker = cup.pop(rng.below(s, len(cup)))
    info = pack().markers[marker]
    log(s, f"{says(role, 'draws')} an events marker ({why}).", rule)
    if not matches_empire(role, marker):
        # 5.2: it may go back at any time, without a replacement (RULINGS R45)
        cup.append(marker)
        cup.sort()
        log(s, f"{says(role, 'draws')} {info.title}: of no use here, it goes back into the cup.", "5.2", to=[role])
        log(s, f"{says(role, 'puts')} the marker back.", "5.2")
        return None
    s["hands"][role].append(marker)
    s["hands"][role].sort()
    if info.mandatory:  # RULINGS R23: due in the next Player Turn
        s["due"][role][marker] = s["year"] * 4 + s["turn"]
    log(s, f"It is {info.title}.", rule, to=[role])
    return marker


def put_back(s: dict, role: str, marker: str) -> None:
    """5.2 A non-mandatory marker goes back into the cup."""
    s["hands"][role].remove(marker)
    s["cups"][ALLIANCE[role]].append(marker)
    s["cups"][ALLIANCE[role]].sort()
    log(s, f"{says(role, 'puts')} back {pack().markers[marker].title}.", "5.2", to=[role])
    log(s, f"{says(role, 'puts')} a marker back into the cup.", "5.2")


def spend(s: dict, role: str, marker: str) -> None:
    """4.7 After the offensive: mandatory markers leave the game, the others
    wait for the new year's cup."""
    s["hands"][role].remove(marker)
    s["due"][role].pop(marker, None)
    info = pack().markers[marker]
    if info.mandatory:
        s["removed"].append(marker)
    else:
        s["used"][info.alliance].append(marker)


def value(s: dict, marker: str) -> int:
    info = pack().markers[marker]
    if s["year"] == Y1919 and info.value_1919 is not None:  # 6.5 the blockade at +2
        return info.value_1919
    return info.value


def playable(s: dict, role: str, marker: str, attacking: bool, lead: str) -> bool:
    """5.1 The marker fits the lead army's nationality and the side's part
    (attack or defence); 7.2 Western armies under Russian command take only
    Russian or Any markers."""
    info = pack().markers[marker]
    if info.use == "attack" and not attacking or info.use == "defence" and attacking:
        return False
    nats = nationalities(s, role, marker)
    if "any" in nats:
        return True
    army = pack().armies[lead]
    if army.empire != role:
        # 7.2: Western armies under Russian command take Russian or Any markers;
        # German armies under Austro-Hungarian command take Any markers only.
        return role == RU and "russian" in nats
    return army.nationality in nats
