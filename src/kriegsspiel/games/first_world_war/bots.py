"""The First World War's bots.

``heuristic`` plays any empire sensibly: it attacks where its lead army and
numbers make a win likely, keeps its garrisons, spends its markers on its own
offensives and defences, and deploys towards the fronts where there are cities
to take or to hold. ``solitaire`` plays an Entente empire by the procedure of
rule 11.5 (and falls back on the heuristic for anything 11.5 does not cover).

A bot is ``bot(view, actions, rng) -> action``; it sees only its role's view.
"""

from __future__ import annotations

from .board import ALLIANCE, ENEMY, MEMBERS, MOUNTAIN_FRONTS
from .data import pack

DIE_MEAN = 10 / 6  # faces 1, 2, 3, 4, S=0, S=0
FAIR_FIGHT = 0.0
"""The least expected margin (plus the city's worth) at which a bot with nothing better to
do attacks rather than passes. Cities change hands only by offensives (4.9) and the Central
Powers win ties (9.0), so an alliance that waits for good odds hands the initiative away: a
study of 200 two-player games per setting found the Entente winning 74% when both waited
for a margin of 1, and 54% when both also took even fights; against the waiting bot the bot
that takes them won more on either side (docs/STUDIES.md)."""


# ----- reading the view -------------------------------------------------------------------


def my_armies(view: dict, front: int) -> list[str]:
    role = view["role"]
    return [
        a
        for a, st in view["board"]["armies"].items()
        if st["where"] == "board" and st["front"] == front and st["ctl"] == role
    ]


def counters(view: dict, front: int, alliance: str) -> int:
    c = view["board"]["fronts"][str(front)]["counters"]
    return sum(c.get(r, 0) for r in MEMBERS[alliance])


def enemy_cities(view: dict, front: int, alliance: str) -> int:
    p = pack()
    owners = view["board"]["cities"]
    return sum(1 for c in p.front_locations[front] if c in owners and ALLIANCE[owners[c]] != alliance)


def own_cities(view: dict, front: int, alliance: str) -> int:
    owners = view["board"]["cities"]
    return sum(1 for c in pack().front_locations[front] if c in owners and ALLIANCE[owners[c]] == alliance)


def best_cv(view: dict, front: int) -> int:
    armies = my_armies(view, front)
    return max((pack().armies[a].cv for a in armies), default=0)


def enemy_strength(view: dict, front: int, alliance: str) -> float:
    """The enemy's likely lead: a face-up army's value, or 2 for the unknown."""
    up = [
        a
        for a, st in view["board"]["armies"].items()
        if st["where"] == "board"
        and st["front"] == front
        and st["up"]
        and ALLIANCE[pack().armies[a].empire] != alliance
    ]
    return max((pack().armies[a].cv for a in up), default=2.0)


def attack_margin(view: dict, front: int) -> float:
    """Expected attacker total minus expected defender total."""
    alliance = ALLIANCE[view["role"]]
    mine = counters(view, front, alliance)
    theirs = counters(view, front, ENEMY[alliance])
    if theirs == 0:
        return 10.0
    more = 1 if mine > theirs else 0
    less = 1 if theirs > mine else 0
    marker = best_marker_value(view, attacking=True)
    margin = best_cv(view, front) + more + marker - (enemy_strength(view, front, alliance) + less + 0.5)
    if front in MOUNTAIN_FRONTS:
        margin -= 1
    return margin


def best_marker_value(view: dict, attacking: bool) -> int:
    hand = view["board"]["hands"][view["role"]]
    if not isinstance(hand, list):
        return 0
    want = ("attack", "either") if attacking else ("defence", "either")
    return max((pack().markers[m].value for m in hand if pack().markers[m].use in want), default=0)


# ----- the heuristic bot ---------------------------------------------------------------


def heuristic(view: dict, actions: list, rng) -> object:
    """Any empire: attacks where its lead army and numbers promise a win, deploys towards cities."""
    first = actions[0]
    if isinstance(first, dict):
        if "place" in first:
            return deploy(view, actions, rng)
        if "lead" in first:
            return max(actions, key=lambda a: (pack().armies[a["lead"]].cv, a["lead"]))
        if "marker" in first:
            return choose_marker(view, actions)
        if "occupy" in first:
            return max(actions, key=lambda a: (pack().locations[a["occupy"]].kind == "replacement", a["occupy"]))
        if "replace" in first:
            real = [a for a in actions if a != "done"]
            return max(real, key=lambda a: (pack().armies[a["replace"]].cv, a["replace"]))
        if "put_back" in first:
            return min(actions, key=lambda a: (pack().markers[a["put_back"]].value, a["put_back"]))
        if "counter" in first or "espionage" in first:
            return first
        if "move" in first:
            return move(view, actions, rng)
    if "pass" in actions:
        return operations(view, actions, rng)
    reacting = [a for a in actions if isinstance(a, dict)]
    if reacting:  # a No Man's Land counter or Espionage
        return reacting[0]
    for yes in ("offer", "accept", "draw"):
        if yes in actions:
            return yes
    return actions[0]


def best_offensive(view: dict, actions: list) -> tuple | None:
    """(score, front, action) of the offensive with the best expected margin plus the
    worth of what it could take (a city 1, else 0.3); None if no offensive is legal."""
    alliance = ALLIANCE[view["role"]]
    scored = []
    for a in actions:
        if isinstance(a, dict) and "offensive" in a:
            n = a["offensive"]
            gain = 1.0 if enemy_cities(view, n, alliance) else 0.3
            scored.append((attack_margin(view, n) + gain, n, a))
    return max(scored, key=lambda t: (t[0], -t[1])) if scored else None


def operations(view: dict, actions: list, rng) -> object:
    """Take a free city first; plug a hole the enemy could walk through; attack
    where the margin is good; otherwise bring spare counters where they are needed;
    and rather than pass, attack where the odds are even (FAIR_FIGHT)."""
    best = best_offensive(view, actions)
    if best and best[0] >= 10:  # undefended: a city for nothing
        return best[2]
    holes = [n for n in range(1, 12) if exposed(view, n)]
    for kind in ("railway", "transfer"):
        for a in actions:
            if (
                isinstance(a, dict)
                and kind in a
                and surplus(view, a[kind]) >= 1
                and can_reach(view, a[kind], holes, kind)
            ):
                return a
    if best and best[0] >= 1.0:
        return best[2]
    railways = [a for a in actions if isinstance(a, dict) and "railway" in a]
    for a in sorted(railways, key=lambda a: -surplus(view, a["railway"])):
        if surplus(view, a["railway"]) >= 2:
            return a
    if best and best[0] >= FAIR_FIGHT:
        return best[2]
    return "pass"


def exposed(view: dict, front: int) -> bool:
    """Our cities on this front, none of our alliance's counters, and the enemy there."""
    alliance = ALLIANCE[view["role"]]
    return (
        own_cities(view, front, alliance) > 0
        and counters(view, front, alliance) == 0
        and counters(view, front, ENEMY[alliance]) > 0
    )


def can_reach(view: dict, origin: int, holes: list[int], kind: str) -> bool:
    near = pack().fronts[origin].adjacent
    return any((h in near) == (kind == "railway") and h != origin for h in holes)


def surplus(view: dict, front: int) -> int:
    alliance = ALLIANCE[view["role"]]
    return counters(view, front, alliance) - counters(view, front, ENEMY[alliance])


def move(view: dict, actions: list, rng) -> object:
    """Fill an exposed front first; else move towards where the enemy outnumbers us most; stop early."""
    alliance = ALLIANCE[view["role"]]
    moves = [a for a in actions if a != "done"]
    plugging = [a for a in moves if exposed(view, a["to"])]
    if plugging:
        return min(plugging, key=lambda a: (-(a["move"] == "dummy"), a["to"], str(a["move"])))
    if not moves or "done" in actions and rng.random() < 0.4:
        return "done" if "done" in actions else actions[0]
    return min(
        moves, key=lambda a: (surplus(view, a["to"]) - enemy_cities(view, a["to"], alliance), a["to"], str(a["move"]))
    )


def one_counter(places: list, rng) -> list:
    """The placements of one counter, drawn at random among those still to place (3.5: the
    order the counters go down in must tell the enemy nothing of which is which)."""
    units = list(dict.fromkeys(a["place"] for a in places))  # the order the game lists them
    unit = units[rng.randrange(len(units))] if rng is not None and len(units) > 1 else units[0]
    return [a for a in places if a["place"] == unit]


def deploy(view: dict, actions: list, rng) -> object:
    """Send real armies where the enemy is strong or cities are to be taken; dummies where we are thin."""
    alliance = ALLIANCE[view["role"]]
    if "done" in actions and len(actions) == 1:
        return "done"
    places = one_counter([a for a in actions if a != "done"], rng)

    def need(a):
        n = a["front"]
        mine = counters(view, n, alliance)
        theirs = counters(view, n, ENEMY[alliance])
        pressure = theirs - mine
        empty = 10 if mine == 0 and (own_cities(view, n, alliance) or theirs) else 0
        return (empty + pressure + 0.5 * enemy_cities(view, n, alliance) + 0.3 * own_cities(view, n, alliance), -n)

    return max(places, key=need)


def choose_marker(view: dict, actions: list) -> dict:
    """Play the strongest marker that helps (a mandatory one is forced anyway);
    keep No Man's Land for when it can cancel something."""

    def worth(a):
        m = a["marker"]
        if m is None:
            return (0, "")
        info = pack().markers[m]
        return (info.value + (0.5 if info.kind == "no-mans-land" else 0), m)

    best = max(actions, key=worth)
    return best if worth(best)[0] > 0 else {"marker": None} if {"marker": None} in actions else best


# ----- the solitaire Entente (11.5) -------------------------------------------------------


def tie_break(options: list, rng):
    """L421: list three options alphabetically; odd picks the first, even the
    second, S the third."""
    options = sorted(options, key=str)[:3]
    face = rng.randrange(6) + 1
    if face > 4:
        return options[min(2, len(options) - 1)]
    return options[0] if face % 2 == 1 else options[min(1, len(options) - 1)]


def cities_before_base(view: dict, front: int) -> int:
    """Cities separating the Central Powers from an Entente supply base: the
    Entente cities still standing on that front."""
    return own_cities(view, front, "entente")


def solitaire(view: dict, actions: list, rng) -> object:
    """An Entente empire by the solitaire procedure of rule 11.5."""
    first = actions[0]
    if isinstance(first, dict) and "place" in first:
        return solitaire_deploy(view, actions, rng)
    if "pass" in actions:
        return solitaire_offensive(view, actions, rng)
    return heuristic(view, actions, rng)


def solitaire_deploy(view: dict, actions: list, rng) -> object:
    """11.5 One real army on each front, then spread evenly; the remainder
    where the fewest cities shield an Entente base, then facing the most enemies."""
    places = [a for a in actions if a != "done"]
    if not places:
        return "done"
    places = one_counter(places, rng)
    alliance = "entente"
    real = places[0]["place"] != "dummy"

    def key(a):
        n = a["front"]
        mine_real = len(my_armies(view, n))
        return (
            0 if (real and mine_real == 0) else 1,
            counters(view, n, alliance),
            cities_before_base(view, n),
            -counters(view, n, "central"),
        )

    best = min(key(a) for a in places)
    tied = [a for a in places if key(a) == best]
    return tied[0] if len(tied) == 1 else tie_break(tied, rng)


def solitaire_offensive(view: dict, actions: list, rng) -> object:
    """11.5 A die chooses the front: S the one with the most Entente counters,
    1-4 the one with the fewest enemy counters; ties to the fewest cities before
    a Central Powers base."""
    offensives = [a for a in actions if isinstance(a, dict) and "offensive" in a]
    if not offensives:
        return "pass"
    face = rng.randrange(6) + 1
    if face > 4:

        def key(a):
            n = a["offensive"]
            return (-counters(view, n, "entente"), own_cities(view, n, "central"), n)
    else:

        def key(a):
            n = a["offensive"]
            return (counters(view, n, "central"), own_cities(view, n, "central"), n)

    return min(offensives, key=key)


BOTS = {"heuristic": heuristic, "solitaire": solitaire}
