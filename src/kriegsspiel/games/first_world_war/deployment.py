"""3.5 The Deployment Turn, with 6.1 reinforcements, 6.2–6.3 replacements and
the dummies' return; 6.4 the minimum garrison; 11.5 the solitaire constraints."""

from __future__ import annotations

from ...engine import STAY, Procedure, State, ask, log
from .board import (
    AH,
    AH_FRONTS,
    ALLIANCE,
    BREST_FRONTS,
    DE,
    ENTENTE,
    RU,
    WA,
    Y1914A,
    Y1914B,
    Y1919,
    add_dummy,
    die_text,
    dummies_in_pool,
    empire_name,
    front_open,
    fronts_for,
    garrison_fronts,
    lift,
    may_stand,
    owner,
    place,
    present,
    says,
    special_die,
    units,
)
from .data import pack

FRONTS = range(1, 12)


class Deployment(Procedure):
    """3.5 One empire deploys: reinforcements, replacements, returning dummies."""

    def start(self, s, f):
        role = f["role"]
        f["queue"] = []
        if s["status"][role]["capitulated"]:
            log(s, f"{says(role, 'has')} capitulated and deploys nothing.", "8.0")
            return None
        if s["options"]["solitaire"] and ALLIANCE[role] == ENTENTE and s["year"] > Y1914A:
            pick_up_everything(s, role)  # 11.5: the Entente is placed anew each year
        leave_closed_fronts(s, role)
        return "reinforcements"

    def reinforcements(self, s, f):
        """6.1 Armies due this year enter (none in 1919, 6.5; none after a revolution, 8.0)."""
        role = f["role"]
        due = [
            a
            for a, st in s["armies"].items()
            if st["where"] == "future" and st["ctl"] == role and pack().armies[a].entry <= s["year"]
        ]
        if due and s["status"][role]["revolution"] == s["year"]:
            log(s, f"Revolution: {empire_name(role)} receives no reinforcements this year.", "8.0")
            due = []
        if due and s["year"] == Y1919:
            log(s, "No reinforcements arrive in 1919.", "6.5")
            due = []
        for a in due:
            s["armies"][a]["where"] = "ready"
        f["queue"].extend(a for a, st in s["armies"].items() if st["where"] == "ready" and st["ctl"] == role)
        if f["queue"]:
            n = len(f["queue"])
            log(s, f"{says(role, 'has')} {n} {'army' if n == 1 else 'armies'} to deploy.", "6.1")
        return "replacements"

    def replacements(self, s, f):
        """6.2 Armies lost last year may return, one per friendly replacement city (6.3)."""
        role = f["role"]
        for a, st in s["armies"].items():  # 6.2 not saved beyond one deployment
            if st["where"] == "lost" and pack().armies[a].empire == role and st["lost"] < s["year"] - 1:
                st["where"] = "gone"
        eligible = replaceable(s, role)
        n = replacement_count(s, role)
        if eligible and n:
            ask(s, "replace", role, left=n)
        return "dummies"

    def dummies(self, s, f):
        """3.5 Roll for the dummies that may return (all six in 1/1914)."""
        role = f["role"]
        f["queue"] = [a for a in f["queue"] if s["armies"][a]["where"] == "ready"] + [
            a
            for a, st in s["armies"].items()
            if st["where"] == "ready" and a not in f["queue"] and st.get("by") == role
        ]
        pool = dummies_in_pool(s, role)
        if s["year"] == Y1914A:
            f["dummies"] = pool
        elif pool:
            face = special_die(s)
            f["dummies"] = min(face, pool)
            log(s, f"{says(role, 'rolls')} {die_text(face)} for dummies: up to {f['dummies']} may return.", "3.5")
        else:
            f["dummies"] = 0
        return "place"

    def place(self, s, f):
        role = f["role"]
        for a in list(f["queue"]):
            if not any(may_stand(s, a, n) for n in FRONTS):
                f["queue"].remove(a)
                if s["brest"] is not None and pack().armies[a].allowed <= set(BREST_FRONTS):
                    lift(s, a, "out")  # RULINGS R33: no front left to it for the rest of the war
                    log(s, f"{pack().armies[a].name} has no front left and leaves play.", "10.0")
                else:
                    lift(s, a, "lost", lost=s["year"])
                    log(s, f"{pack().armies[a].name} has no front it may use and is eliminated.", "3.5")
        if f["queue"] or f["dummies"]:
            west = s["year"] in (1, 3, 5)  # 11.5: West in 2/1914, 1916, 1918; East otherwise
            ask(
                s,
                "deploy",
                role,
                pool_start=dummies_in_pool(s, role),  # what the others see of it meanwhile (3.5)
                queue=f["queue"],
                dummies=f["dummies"],
                must=s["year"] == Y1914A,
                total=len(f["queue"]),
                outside=0,
                theatre="west" if west else "east",
            )
        return None


def replaceable(s: dict, role: str) -> list[str]:
    """6.2 This empire's armies lost in the previous year that still have a front to go to."""
    return [
        a
        for a, st in s["armies"].items()
        if st["where"] == "lost"
        and pack().armies[a].empire == role
        and st["lost"] == s["year"] - 1
        and fronts_for(s, role, a)
    ]


def replacement_count(s: dict, role: str) -> int:
    """6.3 One per own replacement city not held by the enemy; 8.0 Unrest: none;
    6.5 the Western Allies count all theirs in 1919; 10.0 after the treaty Russia's
    remaining armies are replaced one a year."""
    status = s["status"][role]
    if status["capitulated"] or status["unrest"] == s["year"]:
        if status["unrest"] == s["year"]:
            log(s, f"Unrest: {empire_name(role)} receives no replacements this year.", "8.0")
        return 0
    if role == RU and s["brest"] is not None:
        return 1  # 10.0 L361: one a year for the armies Russia still has
    mine = [loc for loc, info in pack().locations.items() if info.kind == "replacement" and info.owner == role]
    if role == WA and s["year"] == Y1919:
        return len(mine)
    return sum(1 for loc in mine if owner(s, loc) == role)


def leave_closed_fronts(s: dict, role: str) -> None:
    """RULINGS R33: counters on fronts closed by the treaty (other than its
    garrisons) leave at the next Deployment Turn, to be placed again."""
    if not s["options"]["no_axis_aggression"] and s["brest"] is None:
        return  # every front is open
    for a, st in s["armies"].items():
        if st["where"] == "board" and st["ctl"] == role and not st["locked"] and not front_open(s, st["front"]):
            lift(s, a, "ready", up=False)
    for key in [k for k in s["dummies"][role] if not front_open(s, int(k))]:
        del s["dummies"][role][key]


def pick_up_everything(s: dict, role: str) -> None:
    for a, st in s["armies"].items():
        if st["where"] == "board" and st["ctl"] == role and not st["locked"]:
            lift(s, a, "ready", up=False)
    s["dummies"][role] = {}


def covered(front: int, empty: list[int], rest: list) -> int:
    """How many empty garrison fronts are filled if this counter goes to ``front``
    and the others (``rest``: the fronts each may stand on) go where they fill most."""
    need = [g for g in empty if g != front]
    return (front in empty) + matching(need, rest)


def matching(fronts: list[int], units: list) -> int:
    """The most of ``fronts`` that distinct units can fill (augmenting paths)."""
    taken: dict[int, int] = {}

    def place(u: int, seen: set) -> bool:
        for g in fronts:
            if g in units[u] and g not in seen:
                seen.add(g)
                if g not in taken or place(taken[g], seen):
                    taken[g] = u
                    return True
        return False

    return sum(1 for u in range(len(units)) if place(u, set()))


class Replace(State):
    """6.2 Choose which lost armies return."""

    def prompt(self, s, f, role):
        return f"Choose an army to bring back as a replacement ({f['left']} left), or stop."

    def actions(self, s, f, role):
        return [{"replace": a} for a in replaceable(s, role)] + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        a = action["replace"]
        info = pack().armies[a]
        s["armies"][a].update(where="ready", lost=None, ctl=info.controller, by=role)
        f["left"] -= 1
        log(s, f"{says(role, 'brings')} back {info.name} as a replacement.", "6.2")
        return STAY if f["left"] and replaceable(s, role) else None


class Deploy(State):
    """3.5 Place each army and returning dummy face-down on a front its
    nationality may use, in the order the player likes (the others see only a
    counter go down: 2.4 L118-124, the dummies are there to deceive); 6.4 fill the
    garrison fronts."""

    def prompt(self, s, f, role):
        armies, dummies = len(f["queue"]), f["dummies"]
        parts = [f"{armies} arm{'y' if armies == 1 else 'ies'}"] if armies else []
        if dummies:
            some = "" if f["must"] else "up to "  # 1/1914: every dummy goes down (6.3)
            parts.append(f"{some}{dummies} dumm{'y' if dummies == 1 else 'ies'}")
        text = "Deploy your counters face-down, in any order: " + " and ".join(parts) + "."
        if dummies and not f["must"]:
            text += " Done when you want no more dummies" + (", once your armies are down." if armies else ".")
        return text

    def actions(self, s, f, role):
        acts = []
        for army in dict.fromkeys(f["queue"]):
            allowed = fronts_for(s, role, army)
            fronts = self.garrison_first(s, f, role, army, sorted(allowed))
            fronts = self.solitaire_theatre(s, f, role, army, fronts)
            acts += [{"place": army, "front": n} for n in fronts]
        if f["dummies"]:
            allowed = fronts_for(s, role, "dummy")
            acts += [{"place": "dummy", "front": n} for n in self.garrison_first(s, f, role, "dummy", sorted(allowed))]
        if not f["queue"] and not f["must"] and not self.garrison_open(s, f, role):
            acts.append("done")
        return acts

    def legal(self, s, f, role, action):
        """A quick answer while no garrison front is empty (nothing then narrows the
        choice but the fronts the counter may use); the full list otherwise."""
        if type(action) is dict and action.keys() == {"place", "front"}:
            unit, n = action["place"], action["front"]
            if (
                type(n) is int
                and type(unit) is str
                and (unit in f["queue"] or (unit == "dummy" and f["dummies"] > 0))
                and not (s["options"]["solitaire"] and role == DE)
                and not self.empty_garrisons(s, role)
                and n in fronts_for(s, role, unit)
            ):
                return {"place": unit, "front": n}
        return super().legal(s, f, role, action)

    def empty_garrisons(self, s, role):
        return [g for g in garrison_fronts(s, role) if not present(s, role, g)]

    def garrison_first(self, s, f, role, unit, fronts):
        """6.4, RULINGS R29: the counters still to place must fill as many empty
        garrison fronts as they can; a placement of ``unit`` (an army, or "dummy")
        that would leave one unfilled that could have been filled is not offered."""
        empty = self.empty_garrisons(s, role)
        if not empty:
            return fronts
        others = list(f["queue"])
        if unit != "dummy":
            others.remove(unit)
        rest = [fronts_for(s, role, a) for a in others]
        rest += [fronts_for(s, role, "dummy")] * (f["dummies"] - (1 if unit == "dummy" else 0))
        filled = {n: covered(n, empty, rest) for n in fronts}
        best = max(filled.values(), default=0)
        return [n for n in fronts if filled[n] == best]

    def garrison_open(self, s, f, role):
        allowed = fronts_for(s, role, "dummy")
        return any(g in allowed and units(s, role, g) == 0 for g in garrison_fronts(s, role))

    def solitaire_theatre(self, s, f, role, army, fronts):
        """11.5 Most German reinforcements and replacements go to one theatre,
        West and East in turn from 2/1914; one German army under Austro-Hungarian command."""
        if not s["options"]["solitaire"] or role != DE or s["year"] < Y1914B:
            return fronts
        has_ah = any(
            st["where"] == "board" and st["front"] in AH_FRONTS
            for a, st in s["armies"].items()
            if pack().armies[a].empire == DE
        )
        if not has_ah and len(f["queue"]) == 1:  # the last army goes there first (RULINGS R48)
            there = [n for n in fronts if n in AH_FRONTS]
            if there:
                return there
        theatre = pack().fronts
        allowed_outside = (f["total"] - 1) // 2
        if not has_ah and all(theatre[n].theatre != f["theatre"] for n in AH_FRONTS):
            allowed_outside = max(0, allowed_outside - 1)  # kept for the last army, bound to go there
        if f["outside"] >= allowed_outside:
            inside = [n for n in fronts if theatre[n].theatre == f["theatre"]]
            fronts = inside or fronts
        return fronts

    def act(self, s, f, role, action):
        if action == "done":
            return None
        front = action["front"]
        # the public line is the same for a dummy and a real army
        log(s, f"{says(role, 'deploys')} a counter face-down on Front {front}.", "3.5")
        if action["place"] == "dummy":
            add_dummy(s, role, front)
            f["dummies"] -= 1
            log(s, f"(a dummy army on Front {front})", "3.5", to=[role])
        else:
            army = action["place"]
            f["queue"].remove(army)
            place(s, army, front)
            st = s["armies"][army]
            st.pop("by", None)
            if st["ctl"] == AH and pack().armies[army].empire == DE and front not in AH_FRONTS:
                st["ctl"] = DE  # 7.1 L311: placed outside Fronts 5-6 and 9-11, returned to the German Empire (R33)
            if pack().fronts[front].theatre != f["theatre"]:
                f["outside"] += 1
            log(s, f"({pack().armies[army].name} on Front {front})", "3.5", to=[role])
        return STAY if f["queue"] or f["dummies"] else None
