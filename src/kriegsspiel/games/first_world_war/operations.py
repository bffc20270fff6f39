"""3.6 Operations: one action per Player Turn — an offensive, railway movement,
a strategic transfer, or a pass."""

from __future__ import annotations

from functools import cache

from ...engine import STAY, State, ask, call, log
from .board import (
    AH,
    AH_FRONTS,
    ALLIANCE,
    DE,
    ENEMY,
    Y1914A,
    Y1914B,
    _stands,
    add_dummy,
    dummies,
    garrison_fronts,
    on_board,
    open_fronts,
    place,
    says,
    units,
)
from .data import pack
from .offensive import barred, may_attack, offensive_fronts, planned

FRONTS = range(1, 12)
KEYS = tuple((n, str(n)) for n in FRONTS)


def movable(s: dict, role: str, front: int) -> list[str]:
    """Real armies ``role`` may move off a front (7.1: in a two-player game the
    Central Powers player also moves German armies under Austro-Hungarian command)."""
    armies = s["armies"]
    two_player_germany = role == DE and s["players"] == 2
    out = []
    for a in s["on"][str(front)]:
        st = armies[a]
        if st["locked"]:
            continue
        if st["ctl"] == role or (two_player_germany and st["ctl"] == AH and pack().armies[a].empire == DE):
            out.append(a)
    return out


def may_leave(s: dict, role: str, unit: str, front: int, garrisons: dict) -> bool:
    """6.4, RULINGS R29 The last counter may not leave a garrison front; 11.5 the
    last German army under Austro-Hungarian command stays."""
    ctl = role if unit == "dummy" else s["armies"][unit]["ctl"]
    last = garrisons.get((ctl, front))  # remembered for the other counters of this front
    if last is None:
        last = garrisons[ctl, front] = front in garrison_fronts(s, ctl) and units(s, ctl, front) <= 1
    if last:
        return False
    if (
        s["options"]["solitaire"]
        and unit != "dummy"
        and s["year"] >= Y1914B
        and pack().armies[unit].empire == DE
        and front in AH_FRONTS
    ):
        german_there = [a for n in AH_FRONTS for a in on_board(s, n) if pack().armies[a].empire == DE]
        if len(german_there) <= 1:
            return False
    return True


def destinations(s: dict, role: str, unit: str, origin: int, adjacent: bool) -> tuple[int, ...]:
    """3.6 Railway: adjacent fronts; Strategic Transfer: any other front that is not adjacent."""
    key = "dummy:" + role if unit == "dummy" else unit
    return _destinations(s["year"], s["options"]["no_axis_aggression"], s["brest"] is not None, key, origin, adjacent)


@cache
def _destinations(year: int, no_axis_aggression: bool, brest: bool, key: str, origin: int, adjacent: bool):
    near = pack().fronts[origin].adjacent
    fronts = _stands(year, no_axis_aggression, brest)[key]
    return tuple(sorted(n for n in fronts if n != origin and (n in near) == adjacent))


def units_on(s: dict, role: str, origin: int, moved: list[str]) -> list[str]:
    here = [a for a in movable(s, role, origin) if a not in moved]
    if dummies(s, role, origin):
        here.append("dummy")
    return here


def moves(s: dict, role: str, origin: int, adjacent: bool, moved: list[str]) -> list[dict]:
    garrisons: dict = {}
    out = []
    for unit in units_on(s, role, origin, moved):
        if may_leave(s, role, unit, origin, garrisons):
            for n in destinations(s, role, unit, origin, adjacent):
                out.append({"move": unit, "to": n})
    return out


@cache
def distant(front: int) -> frozenset[int]:
    """The fronts a strategic transfer may reach: neither this one nor its neighbours."""
    return frozenset(FRONTS) - pack().fronts[front].adjacent - {front}


RAIL, TRANSFER = 1, 2


def reach(s: dict) -> dict[str, tuple[int, ...]]:
    """For every army (and ``dummy:<empire>``), per front of origin: RAIL if it could go
    on to an adjacent front, TRANSFER if to a non-adjacent one — the fronts open now."""
    return _reach(s["year"], s["options"]["no_axis_aggression"], s["brest"] is not None)


@cache
def _reach(year: int, no_axis_aggression: bool, brest: bool) -> dict[str, tuple[int, ...]]:
    fronts = pack().fronts

    def bits(dests: frozenset) -> tuple[int, ...]:
        return (0,) + tuple(
            (RAIL if not fronts[o].adjacent.isdisjoint(dests) else 0)
            | (TRANSFER if not distant(o).isdisjoint(dests) else 0)
            for o in FRONTS
        )

    return {key: bits(dests) for key, dests in _stands(year, no_axis_aggression, brest).items()}


def movement_kinds(s: dict, role: str, origin: int, memo: dict, table: dict | None = None) -> int:
    """RAIL | TRANSFER: whether anything could move from ``origin`` by railway, and by strategic transfer."""
    table = table or reach(s)
    found = 0
    for unit in units_on(s, role, origin, []):
        if may_leave(s, role, unit, origin, memo):
            found |= table["dummy:" + role if unit == "dummy" else unit][origin]
            if found == RAIL | TRANSFER:
                break
    return found


def operations(s: dict, role: str) -> list:
    """3.6 The actions open to ``role``: pass, the offensives of ``offensive_fronts``,
    and railway movement / strategic transfer from each front where ``movement_kinds``
    finds something that could go. This is the same list (the tests hold them equal)
    gathered in one pass over the fronts, since it is asked for at every Player Turn."""
    status = s["status"][role]
    if s["options"]["solitaire"] or status["mutiny"] == s["year"]:
        return reference_operations(s, role)
    acts: list = ["pass"]
    moves: list = []
    attack = not (status["capitulated"] or status["revolution"] == s["year"])
    plan = pack().war_plans.get(role) if s["options"]["war_plans"] and s["year"] == Y1914A else None
    open_now = open_fronts(s, italy=False)
    enemy = ENEMY[ALLIANCE[role]]
    fronts = pack().fronts
    armies = s["armies"]
    info = pack().armies
    on = s["on"]
    mine = s["dummies"][role]
    table = reach(s)
    dummy = table["dummy:" + role]
    garrison = garrison_fronts(s, role)
    two_player_germany = role == DE and s["players"] == 2
    garrison_ah = garrison_fronts(s, AH) if two_player_germany else ()
    for n, key in KEYS:
        here = on[key]
        d = mine.get(key, 0)
        if not here and not d:
            continue
        own = ah_own = leads = 0  # 6.4 counts every counter an empire commands, locked ones too
        free: list = []
        ah_free: list = []
        for a in here:
            st = armies[a]
            ctl = st["ctl"]
            if ctl == role:
                own += 1
                if not st["locked"]:
                    free.append(a)
                    # 11.2: where its own Empire's War-Plan sends it; 8.0: not barred by its own Empire's fate
                    if planned(s, a, n) and not barred(s, a, n):
                        leads += 1
            elif two_player_germany and ctl == AH:
                ah_own += 1
                if not st["locked"] and info[a].empire == DE:
                    ah_free.append(a)
        if (
            attack
            and leads
            and n in open_now
            and (plan is None or n in plan)
            and not s["status"][fronts[n].base_owner[enemy]]["capitulated"]
        ):
            acts.append({"offensive": n})
        found = dummy[n] if d else 0
        if n in garrison and own + d <= 1:
            found = 0
        else:
            for a in free:
                if found == RAIL | TRANSFER:
                    break
                found |= table[a][n]
        if ah_free and not (n in garrison_ah and ah_own + dummies(s, AH, n) <= 1):
            for a in ah_free:
                found |= table[a][n]
        if found & RAIL:
            moves.append({"railway": n})
        if found & TRANSFER:
            moves.append({"transfer": n})
    return acts + moves


def reference_operations(s: dict, role: str) -> list:
    """3.6 The actions open to ``role``, front by front, as the rules define them."""
    acts: list = ["pass"]
    acts += [{"offensive": n} for n in offensive_fronts(s, role)]
    garrisons: dict = {}
    mine = s["dummies"][role]
    table = reach(s)
    for n in FRONTS:
        if not s["on"][str(n)] and str(n) not in mine:
            continue
        found = movement_kinds(s, role, n, garrisons, table)
        if found & RAIL:
            acts.append({"railway": n})
        if found & TRANSFER:
            acts.append({"transfer": n})
    return acts


class Operations(State):
    """3.6 Choose the one action of this Player Turn."""

    def prompt(self, s, f, role):
        return "Choose your action: an offensive, railway movement, a strategic transfer, or pass."

    def actions(self, s, f, role):
        return operations(s, role)

    def legal(self, s, f, role, action):
        """A quick answer for the action at hand; the full list only to explain a refusal."""
        if action == "pass":
            return "pass"
        if type(action) is dict and len(action) == 1:
            ((kind, n),) = action.items()
            if type(n) is int and 1 <= n <= 11:
                if kind == "offensive" and may_attack(s, role, n):
                    return {"offensive": n}
                if kind in ("railway", "transfer"):
                    if movement_kinds(s, role, n, {}) & (RAIL if kind == "railway" else TRANSFER):
                        return {kind: n}
        return super().legal(s, f, role, action)

    def act(self, s, f, role, action):
        if action == "pass":
            log(s, f"{says(role, 'passes')}.", "3.6")
        elif "offensive" in action:
            call(s, "offensive", role=role, front=action["offensive"])
        elif "railway" in action:
            log(s, f"{says(role, 'makes')} a railway movement from Front {action['railway']}.", "3.6")
            return self.then(s, role, "railway", action["railway"])
        else:
            log(s, f"{says(role, 'makes')} a strategic transfer from Front {action['transfer']}.", "3.6")
            return self.then(s, role, "transfer", action["transfer"])
        return None

    def then(self, s, role, kind, origin):
        ask(s, kind, role, origin=origin, moved=[])
        return None


class Movement(State):
    """Shared by railway movement and strategic transfer: move one counter at a time."""

    adjacent = True
    limit = 99
    rule = "3.6"

    def actions(self, s, f, role):
        acts = [] if len(f["moved"]) >= self.limit else moves(s, role, f["origin"], self.adjacent, f["moved"])
        return acts + ["done"]

    def legal(self, s, f, role, action):
        """A quick answer for the move at hand; the full list only to explain a refusal."""
        if action == "done":
            return "done"
        if type(action) is dict and action.keys() == {"move", "to"} and len(f["moved"]) < self.limit:
            unit, to = action["move"], action["to"]
            origin = f["origin"]
            if (
                type(unit) is str
                and type(to) is int
                and unit in units_on(s, role, origin, f["moved"])
                and may_leave(s, role, unit, origin, {})
                and to in destinations(s, role, unit, origin, self.adjacent)
            ):
                return {"move": unit, "to": to}
        return super().legal(s, f, role, action)

    def act(self, s, f, role, action):
        if action == "done":
            if not f["moved"]:
                log(s, f"{says(role, 'moves')} no counter after all.", self.rule)
            return None
        unit, to = action["move"], action["to"]
        origin = f["origin"]
        log(s, f"{says(role, 'moves')} a counter from Front {origin} to Front {to}.", self.rule)
        if unit == "dummy":
            add_dummy(s, role, origin, -1)
            add_dummy(s, role, to, 1)
            log(s, f"(a dummy army, to Front {to})", self.rule, to=[role])
        else:
            place(s, unit, to)
            st = s["armies"][unit]
            if st["ctl"] == AH and pack().armies[unit].empire == DE and to not in AH_FRONTS:
                st["ctl"] = DE  # 7.1 returned to the German Empire
            log(s, f"({pack().armies[unit].name}, to Front {to})", self.rule, to=[role])
        f["moved"].append(unit)
        return STAY if len(f["moved"]) < self.limit else None


class Railway(Movement):
    """3.6 Railway Movement: any or all counters of one front to adjacent fronts."""

    def prompt(self, s, f, role):
        return f"Move counters from Front {f['origin']} to adjacent fronts; Done when finished."


class Transfer(Movement):
    """3.6 Strategic Transfer: up to two counters of one front to non-adjacent fronts."""

    adjacent = False
    limit = 2

    def prompt(self, s, f, role):
        return (
            f"Move up to two counters from Front {f['origin']} to non-adjacent fronts "
            f"({2 - len(f['moved'])} left); Done when finished."
        )
