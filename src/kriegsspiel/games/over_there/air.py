"""Basic air (Rule B17, L1263-1278): air points instead of air units.

Each side has the scenario's air points every player turn (B17A; ``air.json``: Central Powers
2, Entente 1), and assigns each to one mission in a combat or reaction combat phase (B17B):

* air superiority, assigned by both players at once, in secret, at the start of the phase; each
  point beyond the enemy's allows one attempt to abort an enemy air point that phase (B17B1);
* tactical recon and ground support (GS), by the attacker, with an attack: recon rolls on the
  Ground Success Table and any success gives the combat +1 (B17B2); GS adds ½ to the attack
  strength, one point per 6 non-artillery REs attacking in 1914 (B17B5, ruling R19);
* defensive air support (DAS), by the defender, to the hex attacked, before he knows the
  attacker's GS: each point adds ½ to the defense strength (B17B4);
* aerial bombardment, by the phasing player in the combat phase's bombardment segment, to any
  hex holding enemy units: the points that get through bombard at half strength (B17B3, 12C3a).

Every point flying to a hex meets the enemy's abort attempts (as long as he has some left) and
then AA fire where the enemy has AA (B17C: an Army HQs and an improved fortress have 1 each,
``air.json`` intrinsic AA). The side's own choices come from the players; who aborts what is
the rules' order (ruling O15: an abort is tried against every enemy point flying while any
attempt is left).
"""

from __future__ import annotations

from fractions import Fraction

from ...engine import rng
from ...engine.flow import log
from ...engine.words import counted
from .combat import _fight_view
from .scenario import SIDES
from .world import CH, FORTRESS_HEXES, OTHER, SCENARIO_ID, SIDE_NAMES, UNITS, fmt, hex_name, on_map, re_size

GS_RE = CH.mission("ground-support")["re_per_point"]["1912-1914"]


def points(side: str) -> int:
    """B17A: the air points the scenario gives the side each player turn."""
    return CH.air_points(SCENARIO_ID, side)


def new_player_turn(s: dict) -> None:
    """B17B: every air point may fly one mission each player turn."""
    s["air"] = {side: {"left": points(side), "sup": 0, "aborts": 0} for side in SIDES}


def superiority_roles(s: dict) -> list[str]:
    """The sides asked to assign air superiority: those with air points left this player turn.
    A side with none could only answer 0, and not asking it tells the enemy nothing: the points
    are the scenario's (B17A) and every point flown is logged in the open (superiority, recon,
    ground support, DAS, bombardment), so both players can count what is left (ruling O1)."""
    return [side for side in SIDES if has_points(s, side)]


def has_points(s: dict, side: str) -> bool:
    """Whether the side has an air point left this player turn (B17B: one mission each)."""
    return s["air"][side]["left"] > 0


def assign_superiority(s: dict, chosen: dict[str, int]) -> None:
    """B17B1: both players' air superiority points, revealed together; each point beyond the
    enemy's is one abort attempt for the phase."""
    for side in SIDES:
        s["air"][side]["sup"] = chosen.get(side, 0)
        s["air"][side]["left"] -= chosen.get(side, 0)
    for side in SIDES:
        s["air"][side]["aborts"] = max(0, s["air"][side]["sup"] - s["air"][OTHER[side]]["sup"])
    text = ", ".join(f"{SIDE_NAMES[side]} {s['air'][side]['sup']}" for side in SIDES)
    log(s, f"Air superiority: {text}.", "B17B1")


def gs_limit(s: dict, units: list[str]) -> int:
    """B17B5 (ruling R19): one GS point per 6 non-artillery REs attacking (1912-1914)."""
    return int(sum(re_size(s, u) for u in units if not UNITS[u].artillery) // GS_RE)


def aa(s: dict, side: str, h: str) -> Fraction:
    """B17C: the AA strength ``side`` has in hex ``h``: 1 for an Army HQs there, halved while it
    is disrupted (3A5 L94), none for one that retreated into the hex this phase (9F2 L509: ignored
    for AA in a later attack there); 1 for an improved fortress it owns."""
    gone = set(_fight_view(s)["retreated"])
    n = Fraction(0)
    for uid, v in on_map(s, side):
        if v["hex"] == h and UNITS[uid].army_hq and uid not in gone:
            n += Fraction(1, 2) if v.get("dis") else 1
    if h in FORTRESS_HEXES and s["owner"].get(h) == side and h not in s.get("unimproved", ()):
        n += 1
    return n


def _survive(s: dict, side: str, n: int, h: str, mission: str) -> int:
    """The points of ``side`` that reach hex ``h``: the enemy's abort attempts first, then his
    AA fire (B17B1, B17C)."""
    enemy = OTHER[side]
    left = n
    for _ in range(n):
        if s["air"][enemy]["aborts"] <= 0:
            break
        s["air"][enemy]["aborts"] -= 1
        roll = rng.roll(s)
        if CH.succeeds(CH.ground_success(roll)):
            left -= 1
            # name both sides: the point aborted is the enemy's, by an attempt of ``enemy``'s
            log(s, f"{SIDE_NAMES[enemy]} aborts a {SIDE_NAMES[side]} {mission} air point (roll {roll}).", "B17B1")
    strength = aa(s, enemy, h)
    if strength:
        drm = max(0, int((strength - 1) // 2)) * CH.modifier("aa-fire", "aa-strength")
        for _ in range(left):
            roll = rng.roll(s)
            if CH.succeeds(CH.ground_success(roll, drm)):
                left -= 1
                log(
                    s,
                    f"{SIDE_NAMES[enemy]} AA fire aborts a {SIDE_NAMES[side]} {mission} air point over {h} "
                    f"(roll {roll}).",
                    "B17C",
                )
    return left


def bombard(s: dict, side: str, h: str, n: int) -> int:
    """B17B3: ``n`` of the side's points fly an aerial bombardment mission to hex ``h``; the
    points that get through."""
    s["air"][side]["left"] -= n
    return _survive(s, side, n, h, "bombardment")


def recon(s: dict, side: str, h: str, n: int) -> int:
    """B17B2 (L1272): ``n`` of the side's points fly tactical recon to hex ``h`` ahead of a
    bombardment; +1 if one that gets through succeeds, else 0."""
    s["air"][side]["left"] -= n
    ok = _survive(s, side, n, h, "recon")
    drm = _recon_rolls(s, ok)
    log(
        s,
        f"Tactical recon over {hex_name(h)}: {ok} of {counted(n, 'point')} fly, {'+1' if drm else 'no effect'}.",
        "B17B2",
    )
    return drm


def _recon_rolls(s: dict, flying: int) -> int:
    """B17B2: a Ground Success roll for each recon point that reached the hex; +1 if any
    succeeds, never more."""
    drm = 0
    for _ in range(flying):
        roll = rng.roll(s)
        if CH.succeeds(CH.ground_success(roll, CH.modifier("tactical-recon", "1912-1914"))):
            drm = 1
    return drm


def fly(s: dict, attacker: str, h: str, recon: int, gs: int, das: int) -> dict:
    """The air missions of one attack: the points are spent, aborts and AA fire are rolled,
    recon is rolled; what reaches the hex is returned for the combat (``combat.resolve``)."""
    defender = OTHER[attacker]
    s["air"][attacker]["left"] -= recon + gs
    s["air"][defender]["left"] -= das
    recon_ok = _survive(s, attacker, recon, h, "recon")
    gs_ok = _survive(s, attacker, gs, h, "ground support")
    das_ok = _survive(s, defender, das, h, "defensive air support")
    drm = _recon_rolls(s, recon_ok)
    if recon:
        log(
            s,
            f"Tactical recon over {hex_name(h)}: {recon_ok} of {counted(recon, 'point')} fly, "
            f"{'+1' if drm else 'no effect'}.",
            "B17B2",
        )
    if gs or das:
        log(s, support_text(attacker, h, gs, gs_ok, das, das_ok), "B17B4")
    return {"hex": h, "gs": gs_ok, "das": das_ok, "recon": drm}


def support_text(attacker: str, h: str, gs: int, gs_ok: int, das: int, das_ok: int) -> str:
    """The log's line on the air support that reached an attacked hex, with what it does to the
    strengths, so that the odds' change between the plan and the combat is told (B17B4: each DAS
    point adds ½ to the defense; B17B5, ruling R19: each GS point ½ to the attack)."""
    bits = []
    if gs:
        bits.append(
            f"{SIDE_NAMES[attacker]} ground support {gs_ok} of {counted(gs, 'point')}, "
            f"attack +{fmt(Fraction(gs_ok, 2))}"
        )
    if das:
        bits.append(
            f"{SIDE_NAMES[OTHER[attacker]]} defensive air support {das_ok} of {counted(das, 'point')}, "
            f"defense +{fmt(Fraction(das_ok, 2))}"
        )
    return f"Air support over {hex_name(h)}: {'; '.join(bits)}."
