"""The First World War: four empires, eleven fronts, one action a turn.

Rulebook: shared/rulebooks/004 (cited by rule number, or by line as L123).
The sequence of play is in ``sequence.py``, the Deployment Turn in
``deployment.py``, operations in ``operations.py``, offensives and events
markers in ``offensive.py`` and ``events.py``, the end of each year in
``endgame.py``. RULINGS.md says how the rulebook's gaps and contradictions
are settled; COVERAGE.md maps every rule to its code and tests.
"""

from __future__ import annotations

from ...engine import Option, Rules, Scenario
from . import bots, data, deployment, endgame, events, offensive, operations, sequence
from .board import (
    AH,
    AH_FRONTS,
    ALLIANCE,
    CENTRAL,
    DE,
    EMPIRES,
    ENTENTE,
    PARTNER,
    RU,
    WA,
    Y1919,
    YEARS,
    add_dummy,
    cv,
    empire_name,
    fronts_for,
    open_fronts,
    place,
)
from .data import pack

# What the board shows of each record it copies. A key the state gains is seen by
# nobody until it is named here.
ARMY_SHOWN = ("where", "front", "ctl", "up", "lost", "locked", "by")
"""An army's record, where its role may see it: its own armies, face-up ones (4.3),
and those off the board (future, lost, gone, out: public; R50 replacements, ``by``)."""
ARMY_KEYS = frozenset(ARMY_SHOWN)
STATUS_SHOWN = (
    "capitulated",
    "failures",
    "bonus",
    "revolution_seen",
    "revolution",
    "mutiny",
    "politics",
    "unrest",
    "mutiny_nationality",
    "mutiny_theatre",
)
"""An empire's capitulation record, rolled in the open (8.0)."""
BATTLE_SHOWN = (
    "front", "attacker", "defender", "leads", "markers", "espionage", "counter", "dice", "totals", "mods", "result",
)  # fmt: skip
"""An offensive: leads revealed (4.3), markers once revealed together (4.4), No Man's
Land and Espionage (5.4, 5.5), the dice, the totals with the modifiers in them (the +1 for
more real armies, R6; -1 in the mountains, 4.8: the totals show them already) and the
result (4.5-4.7)."""
ORDER_SHOWN = ("deploy", "turns")
"""The order of play of the year (3.4, 11.4)."""
RESERVED_SHOWN = ("marker", "due")
"""A solitaire alliance's mandatory marker drawn and announced for the next Player Turn (11.5)."""


def known_empires(s: dict, role) -> frozenset:
    """The empires whose counters ``role``'s player knows: its own, and its partner's too where one
    player holds the alliance: both alliances in the 2-player game (3.3 L175; RULINGS R58), the
    Entente Powers in the 3-player game (3.3 L176: "one player represents the Entente Powers";
    RULINGS R60)."""
    if role is None:
        return frozenset()
    if s["players"] == 2 or (s["players"] == 3 and ALLIANCE[role] == ENTENTE):
        return frozenset((role, PARTNER[role]))
    return frozenset((role,))


def dummies_shown(s: dict, empire: str, role) -> int:
    """The dummies ``empire`` has not placed, as ``role`` may know them: while ``empire`` places
    its counters face-down, another sees the pool as it stood when the placing began (3.5, 2.4
    L118-124: whether a counter that goes down is a dummy is secret); the count once it is over
    follows from the counters on the board and the real armies, both public."""
    pool = s["dummy_count"][empire] - sum(s["dummies"][empire].values())
    if empire in known_empires(s, role):
        return pool
    for f in s["stack"]:
        if f.get("pool_start") is not None and f.get("role") == empire:
            return f["pool_start"]
    return pool


def shown(record: dict, keys: tuple) -> dict:
    """The keys of ``record`` that are named in ``keys``, in that order."""
    return {k: record[k] for k in keys if k in record}


class FirstWorldWar(Rules):
    id = "first-world-war"
    title = "The First World War"
    version = 1
    roles = EMPIRES
    role_names = {r: empire_name(r).removeprefix("the ") for r in EMPIRES}
    player_counts = (2, 3, 4)  # 3.3
    scenarios = (
        Scenario("standard", "1914: free deployment", "Every empire deploys its 1914 armies as it likes (3.1-3.5)."),
        Scenario("historical", "1914: historical set-up", "The armies of August 1914 where they stood (11.1)."),
    )
    options = {
        "war_plans": Option(
            False,
            title="War plans",
            help="11.2 War-Plans: 1/1914 offensives as Plan XVII and Schlieffen (historical set-up).",
        ),
        "no_axis_aggression": Option(
            False,
            title="No Axis aggression",
            help="11.3 No Axis Aggression: a continental war without Britain, Italy or America.",
        ),
        "variable_order": Option(
            False, title="Variable order of play", help="11.4 Variable order of play, rolled each year from 2/1914."
        ),
        "solitaire": Option(
            False,
            title="Solitaire",
            help="11.5 Solitaire: you are the Central Powers; the Entente follows the solitaire rules "
            "(a 2-player game, RULINGS R42).",
            players=(2,),
        ),
        "home_made_markers": Option(
            True, title="Home-made events markers", help="App. A: include the six home-made events markers."
        ),
    }
    procedures = {
        "game": sequence.Game(),
        "year": sequence.Year(),
        "new_year": sequence.NewYear(),
        "draw_marker": sequence.DrawMarker(),
        "player_turn": sequence.PlayerTurn(),
        "deployment": deployment.Deployment(),
        "offensive": offensive.Offensive(),
        "brest_litovsk": endgame.BrestLitovsk(),
        "capitulation": endgame.Capitulation(),
        "victory_check": endgame.VictoryCheck(),
        "year_1919": endgame.Year1919(),
    }
    states = {
        "deploy": deployment.Deploy(),
        "replace": deployment.Replace(),
        "operations": operations.Operations(),
        "railway": operations.Railway(),
        "transfer": operations.Transfer(),
        "lead": offensive.Lead(),
        "commit": offensive.Commit(),
        "react": offensive.React(),
        "s_draw": offensive.SDraw(),
        "advance": offensive.Advance(),
        "put_back": sequence.PutBack(),
        "offer_treaty": endgame.OfferTreaty(),
        "treaty": endgame.Treaty(),
    }
    bots = bots.BOTS
    max_decisions = 5000
    search_horizon = 60

    def seats(self, players, options=None):
        """3.3 Two players: one alliance each; three: the Entente, Germany,
        Austria-Hungary; four: one empire each."""
        if players == 2:
            return [[DE, AH], [WA, RU]]
        if players == 3:
            return [[DE], [AH], [WA, RU]]
        return [[r] for r in EMPIRES]

    def bot_for(self, s, role):
        if s["options"]["solitaire"] and ALLIANCE[role] == "entente":
            return "solitaire"  # 11.5
        return "heuristic"

    def setup(self, s):
        p = pack()
        opts = s["options"]
        historical = s["scenario"] == "historical" or opts["war_plans"]  # 11.2 requires 11.1
        s["year"] = 0
        s["turn"] = 0
        s["order"] = {"deploy": [], "turns": []}
        excluded = set(p.no_axis_aggression["armies"]) if opts["no_axis_aggression"] else set()
        s["armies"] = {}
        for a, info in p.armies.items():
            out = a in excluded or (
                opts["no_axis_aggression"] and info.nationality in p.no_axis_aggression["nationalities"]
            )
            s["armies"][a] = {
                "where": "out" if out else "future",
                "front": None,
                "ctl": info.controller,
                "up": False,
                "lost": None,
                "locked": False,
            }
        s["on"] = {str(n): [] for n in range(1, 12)}
        if historical:
            for a, front in p.historical.items():  # 11.1
                if s["armies"][a]["where"] == "future":
                    place(s, a, front)
        central_dummies = 0 if opts["solitaire"] else p.dummies_per_empire  # 11.5
        s["dummy_count"] = {r: central_dummies if ALLIANCE[r] == "central" else p.dummies_per_empire for r in EMPIRES}
        s["dummies"] = {r: {} for r in EMPIRES}
        s["owner"] = {}
        s["taken_by"] = {}  # city -> the nationality of the lead army that took it (10.0, R33)
        s["vp"] = {r: p.start_vp for r in EMPIRES}  # 3.1
        s["cp"] = {r: 0 for r in EMPIRES}
        s["cp_fronts"] = []
        s["removed"] = []
        if opts["no_axis_aggression"]:
            s["removed"] += [m for m in p.no_axis_aggression["markers"] if m in p.markers]
        if not opts["home_made_markers"]:
            s["removed"] += [m for m in p.home_made if m not in s["removed"]]
        s["cups"] = {"central": [], "entente": []}
        s["used"] = {"central": [], "entente": []}
        s["hands"] = {r: [] for r in EMPIRES}
        s["due"] = {r: {} for r in EMPIRES}
        s["reserved"] = {"central": None, "entente": None}
        s["status"] = {
            r: {
                "capitulated": False,
                "failures": 0,
                "bonus": 0,
                "revolution_seen": False,
                "revolution": None,
                "mutiny": None,
                "politics": None,
                "unrest": None,
                "mutiny_nationality": None,
                "mutiny_theatre": None,
            }
            for r in EMPIRES
        }
        s["brest"] = None
        s["battle"] = None
        s["last_battle"] = None
        s["active_empire"] = None
        events.fill_cup(s, 0)
        if not opts["solitaire"]:
            for r in EMPIRES:  # 3.1 one 1914 marker each
                events.draw(s, r, "the start of the war", "3.1")

    # ----- what each role may see ------------------------------------------------------------

    def board(self, s, role):
        """What ``role`` may see: its own armies, face-up armies, counts of face-down
        counters per front and by the Empire their backs show (2.4: an army's back is its
        Empire's colour, whoever commands it, 7.1-7.2), the backs of other hands (2.4, 5.3). Every key is
        named, here and in the records' lists (``ARMY_SHOWN``...): a key the state gains
        is seen by nobody until it is named."""
        p = pack()
        armies = {}
        counters = {str(n): {} for n in range(1, 12)}
        known = known_empires(s, role)  # its own, and its partner's when one player holds both (R58, R60)
        for a, st in s["armies"].items():
            where = st["where"]
            if where == "board":
                c = counters[str(st["front"])]
                back = p.armies[a].empire
                c[back] = c.get(back, 0) + 1
                if st["ctl"] in known or st["up"] or p.armies[a].empire in known:
                    armies[a] = dict(st) if st.keys() <= ARMY_KEYS else shown(st, ARMY_SHOWN)
            elif where == "ready" and st["ctl"] not in known and p.armies[a].empire not in known:
                continue  # 3.5, 2.4 L118-124: which of its armies another empire has still to place is secret
            else:  # future, lost, gone, out: public; ready: the owner's
                armies[a] = dict(st) if st.keys() <= ARMY_KEYS else shown(st, ARMY_SHOWN)
        fronts = {}
        for key, c in counters.items():
            for r in EMPIRES:
                d = s["dummies"][r]
                if key in d:
                    c[r] = c.get(r, 0) + d[key]
            fronts[key] = {"counters": c}
            if role is not None:
                fronts[key]["my_dummies"] = s["dummies"][role].get(key, 0)
        hands = {}
        for r in EMPIRES:
            if r in known:  # its own, and its partner's when one player holds both (R58, R60)
                hands[r] = list(s["hands"][r])
            else:  # 5.3 the backs show alliance and whether the marker is mandatory
                hands[r] = {
                    "count": len(s["hands"][r]),
                    "mandatory": sum(1 for m in s["hands"][r] if p.markers[m].mandatory),
                }
        owners = s["owner"]
        reserved = s["reserved"]
        return {
            "year": YEARS[s["year"]],  # 2.1
            "year_index": s["year"],
            "turn": s["turn"],
            "order": shown(s["order"], ORDER_SHOWN),  # 3.4, 11.4
            "acting": s["active_empire"],
            "vp": {r: s["vp"][r] for r in EMPIRES},  # 9.0
            "cp": {r: s["cp"][r] for r in EMPIRES},  # 8.0
            "status": {r: shown(s["status"][r], STATUS_SHOWN) for r in EMPIRES},  # 8.0
            "brest_litovsk": s["brest"],  # 10.0
            "open_fronts": sorted(open_fronts(s, italy=False)),  # where offensives may be fought now
            "cities": {c: owners.get(c, p.locations[c].owner) for c in p.cities},  # 4.6
            "fronts": fronts,
            "armies": armies,
            "dummies_in_pool": {r: dummies_shown(s, r, role) for r in EMPIRES},
            "hands": hands,
            "cups": {a: len(s["cups"][a]) for a in (CENTRAL, ENTENTE)},  # 5.2 drawn at random
            "removed": list(s["removed"]),  # 5.3, 11.3, App. A
            "reserved": {a: reserved[a] and shown(reserved[a], RESERVED_SHOWN) for a in (CENTRAL, ENTENTE)},  # 11.5
            "battle": s["battle"] and shown(s["battle"], BATTLE_SHOWN),  # 4.3-4.7
            "last_battle": s["last_battle"] and shown(s["last_battle"], BATTLE_SHOWN),
        }

    def evaluate(self, s):
        return endgame.estimate(s)

    def scores(self, s):
        return {r: s["vp"][r] for r in EMPIRES}  # 9.0

    def study_notes(self, s):
        """The events markers each empire played (5.0) and the fronts of every offensive (4.0)."""
        p = pack()
        tags: dict = {r: [] for r in s["roles"]}
        places = []
        for role, a in s["actions"]:
            if not isinstance(a, dict):
                continue
            if "offensive" in a:
                places.append(f"Front {a['offensive']} ({p.fronts[a['offensive']].name})")
            for key in ("marker", "counter"):
                if a.get(key) in p.markers:
                    tags.setdefault(role, []).append(p.markers[a[key]].title)
        return {"tags": tags, "places": places}

    def scramble(self, s, role, rng):
        """A copy of ``s`` with what ``role`` may not know shuffled: which of the other
        empires' face-down counters are which armies and which are dummies (3.5, 4.2),
        the events markers in the others' hands and in the cups (5.2, 5.3), and a marker
        committed face-down in an offensive and not yet revealed (4.4)."""
        self.check_role(s, role)
        t = self.clone(s)
        _shuffle_face_down(t, role, rng)
        known = known_empires(t, role)
        for r in EMPIRES:
            if r not in known:
                _swap_markers(t, r, rng)
        top = t["stack"][-1] if t["stack"] else None
        if top is not None and top.get("state") == "commit":
            for r in top["pending"]:
                if r != role:
                    top["pending"][r] = rng.choice(self.states["commit"].actions(t, top, r))
        return t

    def label(self, action, s=None):
        p = pack()
        if action == "no" and s is not None and s.get("stack"):
            # a bare "No" answers none of the questions it closes (R24: a side is asked to react
            # though it holds nothing to react with)
            declined = {"react": "go on without reacting", "s_draw": "draw no marker", "offer_treaty": "make no offer"}
            return declined.get(s["stack"][-1].get("state"), "no")
        if isinstance(action, str):
            return {
                "pass": "pass",
                "done": "done",
                "offer": "offer the treaty",
                "no": "no",
                "draw": "draw a marker",
                "accept": "accept the treaty",
                "refuse": "refuse the treaty",
            }.get(action, action)
        if not isinstance(action, dict):
            return super().label(action)
        name = lambda a: "a dummy army" if a == "dummy" else p.armies[a].name  # noqa: E731
        front = lambda n: f"Front {n} ({p.fronts[n].name})"  # noqa: E731
        if "offensive" in action:
            return f"offensive on {front(action['offensive'])}"
        if "railway" in action:
            return f"railway movement from {front(action['railway'])}"
        if "transfer" in action:
            return f"strategic transfer from {front(action['transfer'])}"
        if "move" in action:
            return f"move {name(action['move'])} to {front(action['to'])}"
        if "place" in action:
            return f"deploy {name(action['place'])} on {front(action['front'])}"
        if "replace" in action:
            return f"replace {name(action['replace'])}"
        if "lead" in action:
            a = action["lead"]
            if s is not None and a in s.get("armies", {}) and cv(s, a) != p.armies[a].cv:
                return f"lead with {p.armies[a].name} (CV {cv(s, a)} in revolution, 8.0)"
            return f"lead with {p.armies[a].name} (CV {p.armies[a].cv})"
        if "occupy" in action:
            return f"occupy {p.locations[action['occupy']].name}"
        if "counter" in action:
            return f"counter with {p.markers[action['counter']].title}"
        if "put_back" in action:
            return f"put back {p.markers[action['put_back']].title}"
        if "marker" in action:
            m = action["marker"]
            return f"play {p.markers[m].title}" if m else "play no marker"
        if "espionage" in action:
            return f"play {p.markers[action['espionage']].title}"
        return super().label(action)

    def public_data(self):
        """Fronts, cities and bases with real coordinates, the armies' and markers'
        printed facts: everything a board needs that never changes."""
        p = pack()
        return {
            "empires": {r: {"name": empire_name(r), "alliance": ALLIANCE[r]} for r in EMPIRES},
            "years": list(YEARS),
            "fronts": {
                str(n): {
                    "number": n,
                    "name": f.name,
                    "theatre": f.theatre,
                    "mountain": f.mountain,
                    "adjacent": sorted(f.adjacent),
                    "bases": f.base,
                    "line": p.line_order[n],
                }
                for n, f in p.fronts.items()
            },
            "locations": {
                loc.id: {
                    "name": loc.name,
                    "front": loc.front,
                    "kind": loc.kind,
                    "owner": loc.owner,
                    "lat": loc.lat,
                    "lon": loc.lon,
                    "links": [o for o, _ in loc.links],
                    "opens": {o: YEARS[y] for o, y in loc.links if y},
                }
                for loc in p.locations.values()
            },
            "armies": {
                a.id: {
                    "label": a.label,
                    "name": a.name,
                    "nationality": a.nationality,
                    "empire": a.empire,
                    "controller": a.controller,
                    "entry": YEARS[a.entry],
                    "cv": a.cv,
                }
                for a in p.armies.values()
            },
            "markers": {
                m.id: {
                    "title": m.title,
                    "alliance": m.alliance,
                    "use": m.use,
                    "value": m.value,
                    "mandatory": m.mandatory,
                    "nationalities": sorted(m.nationalities),
                }
                for m in p.markers.values()
            },
        }

    def validate_data(self):
        return data.validate()


# ----- what a role may not know, shuffled (the fuzzer's secrecy check) ----------------------


def _shuffle_face_down(s: dict, role: str | None, rng) -> None:
    """Swap the fronts of the other empires' face-down counters, armies and dummies alike,
    where each may stand: every front keeps its number of counters of each empire's back
    (3.5; R51: whoever commands them). In an offensive the defending alliance's dummies on
    the front have been removed in sight of all (4.2): its counters there are known to be
    armies and stay armies. A German army moved so takes the command of where it lands
    (7.1: Austria-Hungary's on Fronts 5-6 and 9-11), unless one of the two Central Empires
    is the one not to know: it sees the command of the armies it commands."""
    p = pack()
    battle = s["battle"]
    known = known_empires(s, role)
    for empire in EMPIRES:
        if empire in known:
            continue
        pinned = battle["front"] if battle and ALLIANCE[empire] != ALLIANCE[battle["attacker"]] else None
        attacking = battle["front"] if battle and empire == battle["attacker"] else None
        counters = [
            [a, st["front"]]
            for a, st in s["armies"].items()
            if st["where"] == "board" and p.armies[a].empire == empire and not st["up"] and st["ctl"] not in known
        ]
        for key, n in s["dummies"][empire].items():
            counters += [["dummy", int(key)] for _ in range(n)]
        # enough swaps to forget where the counters stood (a random walk of transpositions
        # mixes in about n log n steps; some are refused by the fronts' limits)
        for _ in range(4 * len(counters) * max(1, len(counters).bit_length())):
            one, two = rng.choice(counters), rng.choice(counters)
            if pinned is not None and (one[0] == "dummy") != (two[0] == "dummy") and pinned in (one[1], two[1]):
                continue
            if two[1] in fronts_for(s, empire, one[0]) and one[1] in fronts_for(s, empire, two[0]):
                one[1], two[1] = two[1], one[1]
                if attacking is not None and not any(u != "dummy" and at == attacking for u, at in counters):
                    one[1], two[1] = two[1], one[1]  # 4.3: the attacker has an army to lead where it attacks
        s["dummies"][empire] = {}
        for unit, front in counters:
            if unit == "dummy":
                add_dummy(s, empire, front)
            elif s["armies"][unit]["front"] != front:
                place(s, unit, front)
                if empire == DE and role not in (DE, AH):
                    s["armies"][unit]["ctl"] = AH if front in AH_FRONTS else DE


def _swap_markers(s: dict, role: str, rng) -> None:
    """Deal ``role``'s hand again from its markers and those of its alliance's cup that could
    stand in for them: the backs stay the same (alliance, mandatory or not, 5.3) and every
    marker still fits the empire (5.2); a mandatory marker's due turn goes with its place in
    the hand. Each possible hand is as likely, whatever the real one."""
    kinds = pack().markers
    cup = s["cups"][ALLIANCE[role]]
    hand = s["hands"][role]
    shown = set()  # markers revealed in the offensive and not yet spent are known (4.4-4.7)
    b = s["battle"]
    if b:
        shown = {m for r, m in b["markers"].items() if r == role and m is not None}
        shown |= {m for r, m in b["espionage"].items() if r == role}
        if b.get("counter") and b["counter"]["role"] == role:
            shown.add(b["counter"]["marker"])
    if s["year"] == Y1919:  # 6.5: the markers taken for 1919 were taken openly (endgame.Year1919)
        shown |= {m for m in endgame.TAKEN_1919.get(role, ()) if m in hand}
    due = s["due"][role]
    for mandatory in (False, True):
        slots = [i for i, m in enumerate(hand) if m not in shown and kinds[m].mandatory == mandatory]
        if not slots:
            continue
        spots = [j for j, c in enumerate(cup) if kinds[c].mandatory == mandatory and events.matches_empire(role, c)]
        pool = sorted([hand[i] for i in slots] + [cup[j] for j in spots])
        rng.shuffle(pool)
        turns = [due.pop(hand[i], None) for i in slots]
        for i, m, turn in zip(slots, pool[: len(slots)], turns, strict=True):
            hand[i] = m
            if turn is not None:
                due[m] = turn
        for j, m in zip(spots, pool[len(slots) :], strict=True):
            cup[j] = m
    hand.sort()
    cup.sort()
