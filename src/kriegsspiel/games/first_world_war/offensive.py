"""4.0 Offensives, with the events markers they use (5.1–5.5) and the
capture of cities (2.2, 9.0) and capitulation points (8.0)."""

from __future__ import annotations

from ...engine import Procedure, State, ask, ask_all, call, checkpoint, log, rng
from . import events
from .board import (
    AH,
    ALLIANCE,
    ENEMY,
    MEMBERS,
    MOUNTAIN_FRONTS,
    PARTNER,
    RU,
    Y1914A,
    add_dummy,
    cap,
    controlled,
    cv,
    die_text,
    dummies,
    empire_name,
    enemy_cities_left,
    its,
    lift,
    open_fronts,
    owner,
    says,
    side_armies,
    special_die,
    targets,
)
from .data import pack

# ----- who may attack where ------------------------------------------------------------


def planned(s: dict, army: str, front: int) -> bool:
    """11.2: in 1/1914 an army attacks only where its own Empire's War-Plan sends it ("German
    Armies may only attack in Fronts 1, 2, and 3"), whoever commands it (7.1)."""
    if not s["options"]["war_plans"] or s["year"] != Y1914A:
        return True
    plan = pack().war_plans.get(pack().armies[army].empire)
    return plan is None or front in plan


def barred(s: dict, army: str, front: int) -> bool:
    """Whether the army may make no offensive on the front, whoever commands it (7.1): its own
    Empire capitulated (8.0 L327, S: "The armies may no longer make offensives"), is in Revolution
    this year (8.0 L328, result 1: "the Empire may not conduct any offensives"), or has a Mutiny
    this year in the front's Theatre among the army's nationality (8.0 L329, result 2: "whichever
    nationality"). RULINGS R55."""
    info = pack().armies[army]
    status = s["status"][info.empire]
    if status["capitulated"] or status["revolution"] == s["year"]:
        return True
    return (
        status["mutiny"] == s["year"]
        and pack().fronts[front].theatre == status["mutiny_theatre"]
        and info.nationality == status["mutiny_nationality"]
    )


def attackers(s: dict, role: str, front: int) -> list[str]:
    """Real armies ``role`` commands on the front that may attack (8.0, ``barred``; 11.2 War-Plans)."""
    return [
        a
        for a in controlled(s, role, front)
        if not s["armies"][a]["locked"] and not barred(s, a, front) and planned(s, a, front)
    ]


def defending_empire(s: dict, front: int, alliance: str) -> str:
    """RULINGS R10: the front's home empire for that side if it commands a real
    army there, otherwise its partner if that one does, otherwise the home empire."""
    home = pack().fronts[front].base_owner[alliance]
    if controlled(s, home, front):
        return home
    partner = PARTNER[home]
    return partner if controlled(s, partner, front) else home


def cp_receiver(front: int, alliance: str) -> str:
    """RULINGS R28: the owner of the defending side's supply base on the front."""
    return pack().fronts[front].base_owner[ENEMY[alliance]]


def cp_possible(s: dict, front: int, alliance: str) -> bool:
    """4.6, 8.0, 2.2 One capitulation point per front per year, only when every
    city on the front is held by the attacker's alliance (RULINGS R28)."""
    return not enemy_cities_left(s, front, alliance) and f"{cp_receiver(front, alliance)}:{front}" not in s["cp_fronts"]


def offensive_fronts(s: dict, role: str) -> list[int]:
    """4.1 Fronts where ``role`` may mount an offensive now."""
    return [n for n in sorted(open_fronts(s, italy=False)) if may_attack(s, role, n)]


def may_attack(s: dict, role: str, n: int) -> bool:
    """4.1 May ``role`` mount an offensive on front ``n`` now?"""
    status = s["status"][role]
    if status["capitulated"] or status["revolution"] == s["year"]:
        return False
    if n not in open_fronts(s, italy=False):  # 3.5, 10.0, 11.3
        return False
    if s["options"]["war_plans"] and s["year"] == Y1914A:
        plan = pack().war_plans.get(role)
        if plan is not None and n not in plan:
            return False  # 11.2
    if status["mutiny"] == s["year"] or (s["options"]["war_plans"] and s["year"] == Y1914A):
        if not attackers(s, role, n):
            return False
    elif not has_attacker(s, role, n):
        return False
    enemy = ENEMY[ALLIANCE[role]]
    # 8.0, RULINGS R15: a capitulated empire's fronts may no longer be attacked;
    # RULINGS R22: otherwise even where nothing can be taken
    return not s["status"][pack().fronts[n].base_owner[enemy]]["capitulated"]


def has_attacker(s: dict, role: str, n: int) -> bool:
    """``attackers`` is not empty, asked fast: an army of ``role``'s command on the front, not
    locked, not ``barred`` (8.0)."""
    armies = s["armies"]
    for a in s["on"][str(n)]:
        st = armies[a]
        if st["ctl"] == role and not st["locked"] and not barred(s, a, n):
            return True
    return False


def whose(role: str, start: bool = False) -> str:
    """'Russia's', 'the Western Allies'' ('The Western Allies'' to start a sentence)."""
    name = cap(role) if start else empire_name(role)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def dummies_removed(removed: dict[str, int], front: int) -> str:
    """4.2 'Russia's 4 dummy armies are removed from Front 10.'; with two empires'
    dummies, 'Dummy armies are removed from Front 10: Russia's 3 and the Western Allies' 1.'"""
    if len(removed) == 1:
        ((role, k),) = removed.items()
        armies = "dummy army is" if k == 1 else f"{k} dummy armies are"
        return f"{whose(role, start=True)} {armies} removed from Front {front}."
    each = " and ".join(f"{whose(r)} {k}" for r, k in removed.items())
    return f"Dummy armies are removed from Front {front}: {each}."


# ----- the offensive ----------------------------------------------------------------------


class Offensive(Procedure):
    """4.0 An offensive on one front, step by step as 4.1–4.7 give it."""

    def start(self, s, f):
        role, n = f["role"], f["front"]
        alliance = ALLIANCE[role]
        enemy = ENEMY[alliance]
        f["defender"] = defending_empire(s, n, enemy)
        s["battle"] = {
            "front": n,
            "attacker": role,
            "defender": f["defender"],
            "leads": {},
            "markers": {},
            "espionage": {},
            "dice": {},
            "totals": {},
            "result": None,
        }
        log(s, f"{says(role, 'launches')} an offensive on Front {n} ({pack().fronts[n].name}).", "4.1")
        if s["options"]["solitaire"]:
            if not self.solitaire_goes_ahead(s, role):
                return "finish"
            solitaire_draw(s, f)  # 11.5 L419: before the offensive, so before the leads are chosen
        if not side_armies(s, n, enemy) and not any(dummies(s, r, n) for r in MEMBERS[enemy]):
            log(s, "There are no defenders: the attack succeeds at once.", "4.1")
            return "occupy"
        removed = {}
        for r in MEMBERS[enemy]:  # 4.2
            k = dummies(s, r, n)
            if k:
                add_dummy(s, r, n, -k)
                removed[r] = k
        # 4.2 tells the attacker which of the counters were real, whether dummies were among
        # them or not: the offensive can no longer be taken back
        checkpoint(s)
        if removed:
            log(s, dummies_removed(removed, n), "4.2")
        if not side_armies(s, n, enemy):
            log(s, "Only dummies defended: the attack succeeds as if it had won.", "4.2")
            return "occupy"
        f["defender"] = s["battle"]["defender"] = defending_empire(s, n, enemy)
        ask(s, "lead", role, part="attack", front=n)
        return "defender_lead"

    def solitaire_goes_ahead(self, s, role):
        """11.5 Austria-Hungary's offensive fails on an S; Russia attacks only on an S."""
        if role not in (AH, RU):
            return True
        face = special_die(s)
        log(s, f"{says(role, 'rolls')} {die_text(face)} before the offensive.", "11.5")
        if role == AH and face == 0:
            log(s, "The Austro-Hungarian offensive fails to take place.", "11.5")
            return False
        if role == RU and face != 0:
            log(s, "The Russian offensive does not take place.", "11.5")
            return False
        return True

    def defender_lead(self, s, f):
        ask(s, "lead", f["defender"], part="defence", front=f["front"])
        return "markers"

    def markers(self, s, f):
        """4.4, 5.1 At most one marker face-down per empire, revealed together (RULINGS R24)."""
        f["s_draws"] = []
        if s["options"]["solitaire"]:
            solitaire_markers(s, f)
            return "dice"
        # Both sides are asked, even with nothing to play: whether an empire holds a marker
        # that fits is its secret (5.3). An empty hand is no secret (its count is public):
        # that side plays no marker without being asked.
        sides = [f["role"], f["defender"]]
        empty = [r for r in sides if not s["hands"][r]]
        if len(empty) == len(sides):
            reveal_markers(s, {r: None for r in sides})
            return "reactions"
        ask_all(s, "commit", sides)
        s["stack"][-1]["pending"].update({r: {"marker": None} for r in empty})
        return "reactions"

    def reactions(self, s, f):
        """RULINGS R24: after the reveal, the attacker then the defender may react once:
        counter No Man's Land (5.4) or play Espionage (5.5)."""
        # Reactions answer markers; when none was played there is nothing to
        # answer, and everyone can see that (RULINGS R24).
        played = any(m is not None for m in s["battle"]["markers"].values())
        f["reacting"] = [f["role"], f["defender"]] if played else []
        return "react"

    def react(self, s, f):
        if not f["reacting"]:
            return "dice"
        # each side is asked even when it can only decline: what it holds stays secret
        ask(s, "react", f["reacting"].pop(0))
        return "react"

    def dice(self, s, f):
        """4.5 Each side rolls one die; an S counts 0 and brings a new marker afterwards (R25)."""
        for r in (f["role"], f["defender"]):
            face = special_die(s)
            s["battle"]["dice"][r] = face
            log(s, f"{says(r, 'rolls')} {die_text(face)}.", "4.5")
            if face == 0 and not s["options"]["solitaire"] and not s["status"][r]["capitulated"]:
                f["s_draws"].append(r)
        return "resolve"

    def resolve(self, s, f):
        """4.6 Totals and results; 4.8 mountains; 4.7 markers spent."""
        role, d, n = f["role"], f["defender"], f["front"]
        b = s["battle"]
        values = marker_values(s)
        na = len(controlled(s, role, n))  # RULINGS R6: the attacking empire's real armies
        nd = len(side_armies(s, n, ALLIANCE[d]))  # and every real army of the defending alliance
        total = {}
        mods: dict = {role: [], d: []}  # what the totals add beyond lead, marker and die, shown with them
        for r, more in ((role, na > nd), (d, nd > na)):
            total[r] = cv(s, b["leads"][r]) + (1 if more else 0) + b["dice"][r] + values[r]
            if more:
                mods[r].append(["more real armies", 1])  # RULINGS R6
        if n in MOUNTAIN_FRONTS:
            total[role] -= 1
            mods[role].append(["mountains", -1])  # 4.8
        b["totals"] = total
        b["mods"] = mods
        extra = {r: "".join(f" ({v:+d} {w})" for w, v in mods[r]) for r in mods}
        parts = f"{cap(role)} {total[role]}{extra[role]} against {empire_name(d)} {total[d]}{extra[d]}"
        spend_markers(s)
        if total[role] < total[d]:
            b["result"] = "repulsed"
            log(s, f"{parts}: the attack fails.", "4.6")
            eliminate(s, b["leads"][role])
            return "finish"
        if total[role] == total[d]:
            b["result"] = "both"
            log(s, f"{parts}: both lead armies are lost.", "4.6")
            eliminate(s, b["leads"][role])
            eliminate(s, b["leads"][d])
            return "finish"
        b["result"] = "won"
        log(s, f"{parts}: the attack succeeds.", "4.6")
        return "occupy"

    def occupy(self, s, f):
        """4.6 Occupy the defender's next city; none left: a capitulation point."""
        role, n = f["role"], f["front"]
        options = targets(s, n, ALLIANCE[role])
        if len(options) > 1:
            ask(s, "advance", role, front=n)
        elif options:
            capture(s, role, options[0])
        elif cp_possible(s, n, ALLIANCE[role]):
            d = cp_receiver(n, ALLIANCE[role])
            s["cp"][d] += 1
            s["cp_fronts"].append(f"{d}:{n}")
            log(s, f"No city is left to occupy on Front {n}: {empire_name(d)} receives a capitulation point.", "8.0")
        elif enemy_cities_left(s, n, ALLIANCE[role]):
            log(s, f"There is no city on Front {n} that {empire_name(role)} can reach yet.", "2.2")
        else:
            log(
                s,
                f"Every city on Front {n} is held already, and its capitulation point has been given this year.",
                "8.0",
            )
        return "finish"

    def finish(self, s, f):
        """4.5, RULINGS R25: after the offensive, an S may bring a new marker."""
        solitaire_return(s, f)  # 11.5: markers drawn for an offensive fought with no leads
        if f.get("s_draws"):
            ask(s, "s_draw", f["s_draws"].pop(0))
            return "finish"
        s["last_battle"] = s["battle"]
        s["battle"] = None
        return None


def eliminate(s: dict, army: str) -> None:
    lift(s, army, "lost", lost=s["year"], up=True)
    log(s, f"{pack().armies[army].name} is eliminated.", "4.6")


def capture(s: dict, role: str, loc: str) -> None:
    """2.2, 9.0 The city changes hands: +1 VP to the new owner, -1 to the old (not below 0)."""
    info = pack().locations[loc]
    previous = owner(s, loc)
    taken_by = s.setdefault("taken_by", {})
    if role == info.owner:
        s["owner"].pop(loc, None)
        taken_by.pop(loc, None)
    else:
        s["owner"][loc] = role
        # 10.0 L355 asks which nationality's army took it: the lead that won, revealed to all
        # (4.3); with none revealed (4.1, 4.2) it is left unnamed (RULINGS R33)
        lead = (s.get("battle") or {}).get("leads", {}).get(role)
        taken_by[loc] = pack().armies[lead].nationality if lead else None
    s["vp"][role] += 1
    s["vp"][previous] = max(0, s["vp"][previous] - 1)
    log(
        s,
        f"{says(role, 'occupies')} {info.name}: {empire_name(role)} {s['vp'][role]} VP, "
        f"{empire_name(previous)} {s['vp'][previous]} VP.",
        "9.0",
    )


# ----- the states of an offensive ----------------------------------------------------------


class Lead(State):
    """4.3 Each side reveals one army as its lead, the attacker first."""

    def prompt(self, s, f, role):
        what = "attacker" if f["part"] == "attack" else "defender"
        return f"Choose and reveal your lead {what} on Front {f['front']}."

    def actions(self, s, f, role):
        if f["part"] == "attack":
            armies = attackers(s, role, f["front"])
        else:
            armies = [a for a in controlled(s, role, f["front"]) if not s["armies"][a]["locked"]]
            if not armies:
                armies = side_armies(s, f["front"], ALLIANCE[role])
        return [{"lead": a} for a in armies]

    def act(self, s, f, role, action):
        army = action["lead"]
        s["armies"][army]["up"] = True
        s["battle"]["leads"][role] = army
        checkpoint(s)
        info = pack().armies[army]
        value = cv(s, army)
        told = f"combat value {info.cv}" + (f", {value} in revolution (8.0)" if value != info.cv else "")
        log(s, f"{says(role, 'reveals')} {info.name} ({told}) as {its(role)} lead army.", "4.3")


def due_now(s: dict, role: str, marker: str) -> bool:
    """RULINGS R23: a mandatory marker is due in the Player Turn after it was drawn."""
    return s["due"][role].get(marker) == s["year"] * 4 + s["turn"] - 1


def marker_choices(s: dict, role: str) -> list:
    """What ``role`` may commit: no marker, or one that fits its lead; a due
    mandatory marker that fits must be committed (5.3, RULINGS R23)."""
    b = s["battle"]
    if role not in b["leads"]:
        return [None]
    attacking = role == b["attacker"]
    lead = b["leads"][role]
    kinds = pack().markers
    fits = [
        m for m in s["hands"][role] if kinds[m].kind != "espionage" and events.playable(s, role, m, attacking, lead)
    ]
    due = [m for m in fits if kinds[m].mandatory and due_now(s, role, m)]
    if due:
        return due
    return [None, *[m for m in fits if not kinds[m].mandatory]]


class Commit(State):
    """4.4 Both sides choose a marker face-down; they are revealed together."""

    simultaneous = True

    def prompt(self, s, f, role):
        if None not in marker_choices(s, role):  # 4.4, 5.3, R23: a mandatory marker due and fitting
            return "You must play your mandatory events marker face-down in this offensive (5.3)."
        return "Choose an events marker to play face-down in this offensive, or none."

    def actions(self, s, f, role):
        return [{"marker": m} for m in marker_choices(s, role)]

    def reveal(self, s, f, choices):
        reveal_markers(s, {r: c["marker"] for r, c in choices.items()})


def reveal_markers(s: dict, choices: dict) -> None:
    s["battle"]["markers"].update(choices)
    for r, m in choices.items():
        log(s, f"{says(r, 'plays')} {pack().markers[m].title if m else 'no marker'}.", "4.4")


def other_side(s: dict, role: str) -> str:
    b = s["battle"]
    return b["defender"] if role == b["attacker"] else b["attacker"]


def cancelled_by_no_mans_land(s: dict, role: str) -> bool:
    """5.4 The enemy's No Man's Land cancels this side's non-mandatory marker,
    unless this side countered it or cancelled it with Espionage."""
    b = s["battle"]
    other = other_side(s, role)
    mine, theirs = b["markers"].get(role), b["markers"].get(other)
    if mine is None or theirs is None or b.get("counter", {}).get("role") == role or role in b["espionage"]:
        return False
    kinds = pack().markers
    return kinds[theirs].kind == "no-mans-land" and not kinds[mine].mandatory and kinds[mine].kind != "no-mans-land"


def reactions(s: dict, role: str) -> list:
    """RULINGS R24: 'no', a No Man's Land counter, or Espionage."""
    b = s["battle"]
    acts: list = ["no"]
    played = b["markers"].get(role)
    other = other_side(s, role)
    # 5.5 L264: the enemy's Espionage cancels this side's marker anyway and "may not be
    # countered": a counter to its No Man's Land would restore nothing and be spent for nothing
    if cancelled_by_no_mans_land(s, role) and other not in b["espionage"]:
        acts += [{"counter": m} for m in s["hands"][role] if pack().markers[m].kind == "no-mans-land" and m != played][
            :1
        ]
    theirs = b["markers"].get(other)
    if other not in b["espionage"] and theirs is not None and not pack().markers[theirs].mandatory:
        acts += [{"espionage": m} for m in s["hands"][role] if pack().markers[m].kind == "espionage"][:1]
    return acts


class React(State):
    """5.4 Counter the enemy's No Man's Land, or 5.5 play Espionage."""

    def prompt(self, s, f, role):
        """The player's own choices (only it sees its prompt; each side is asked whatever it holds)."""
        kinds = {k for a in self.actions(s, f, role) if isinstance(a, dict) for k in a}
        ways = [w for k, w in (("counter", "counter No Man's Land"), ("espionage", "play Espionage")) if k in kinds]
        if not ways:
            return "The markers are revealed: you have nothing to react with (5.4, 5.5)."
        return f"React to the markers played: {' or '.join(ways)}, or not."

    def actions(self, s, f, role):
        return reactions(s, role)

    def act(self, s, f, role, action):
        b = s["battle"]
        if action == "no":
            return None
        if "counter" in action:
            b["counter"] = {"role": role, "marker": action["counter"]}
            log(s, f"{says(role, 'counters')} with {pack().markers[action['counter']].title}.", "5.4")
        else:
            b["espionage"][role] = action["espionage"]
            log(
                s,
                f"{says(role, 'plays')} {pack().markers[action['espionage']].title}: the enemy's marker is cancelled.",
                "5.5",
            )
        return None


class SDraw(State):
    """4.5 An S on the die: the empire may draw a new marker (RULINGS R25)."""

    def prompt(self, s, f, role):
        return "You rolled an S: draw a new events marker?"

    def actions(self, s, f, role):
        return ["draw", "no"]

    def act(self, s, f, role, action):
        if action == "draw":
            call(s, "draw_marker", role=role, why="an S on the die", rule="4.5")


class Advance(State):
    """4.6 The victor chooses which of the enemy's next cities to occupy."""

    def prompt(self, s, f, role):
        return f"Choose the city to occupy on Front {f['front']}."

    def actions(self, s, f, role):
        return [{"occupy": loc} for loc in targets(s, f["front"], ALLIANCE[role])]

    def act(self, s, f, role, action):
        capture(s, role, action["occupy"])


# ----- marker arithmetic -------------------------------------------------------------------


def marker_values(s: dict) -> dict[str, int]:
    """Each side's total from its markers after the cancellations of 5.4 and 5.5."""
    b = s["battle"]
    kinds = pack().markers
    out = {}
    for r in (b["attacker"], b["defender"]):
        total = 0
        m = b["markers"].get(r)
        if m is not None:
            spied = other_side(s, r) in b["espionage"]
            if kinds[m].mandatory or not (spied or cancelled_by_no_mans_land(s, r)):
                total += events.value(s, m)
        if r in b["espionage"]:
            total += events.value(s, b["espionage"][r])
        out[r] = total
    return out


def spend_markers(s: dict) -> None:
    """4.7 Every marker played is spent, cancelled or not (RULINGS R2)."""
    b = s["battle"]
    played = [(r, m) for r, m in b["markers"].items() if m is not None]
    played += list(b["espionage"].items())
    if b.get("counter"):
        played.append((b["counter"]["role"], b["counter"]["marker"]))
    for r, m in played:
        if s["options"]["solitaire"]:
            solitaire_spend(s, m)
        else:
            events.spend(s, r, m)


def solitaire_draw(s: dict, f: dict) -> None:
    """11.5 (L419) No hands: "randomly draw an Events Marker for each side before each
    offensive", in sight of the solo player choosing a lead. A mandatory one is never used at
    once but kept for the next Player Turn (one at a time: another goes back to the cup)."""
    b = s["battle"]
    f["drawn"] = {}
    for r in (b["attacker"], b["defender"]):
        alliance = ALLIANCE[r]
        cup = s["cups"][alliance]
        if not cup:
            continue
        m = cup.pop(rng.below(s, len(cup)))
        info = pack().markers[m]
        if info.mandatory and not s["reserved"][alliance]:  # never played at once (L419)
            s["reserved"][alliance] = {"marker": m, "due": s["year"] * 4 + s["turn"]}
            log(s, f"{says(r, 'draws')} {info.title}, reserved for the next Player Turn.", "11.5")
        elif info.mandatory:
            cup.append(m)
            cup.sort()
            log(s, f"{says(r, 'draws')} {info.title}, mandatory with one reserved already, and returns it.", "11.5")
        else:
            f["drawn"][r] = m
            log(s, f"{says(r, 'draws')} {info.title} before the offensive.", "11.5")


def solitaire_return(s: dict, f: dict) -> None:
    """11.5: a marker drawn and not used goes back to its Alliance's cup."""
    for r, m in sorted((f.get("drawn") or {}).items()):
        cup = s["cups"][ALLIANCE[r]]
        cup.append(m)
        cup.sort()
        log(s, f"{says(r, 'returns')} {pack().markers[m].title} to the cup.", "11.5")
    f["drawn"] = {}


def solitaire_markers(s: dict, f: dict) -> None:
    """11.5 (L419) Once the leads are revealed: a side plays its reserved mandatory marker when
    its Player Turn has come and it fits the lead, else the marker it drew before the
    offensive if it fits the lead (its nationality, ``events.playable``); one that does not
    goes back to the cup."""
    b = s["battle"]
    drawn = f.get("drawn") or {}
    for r in (b["attacker"], b["defender"]):
        alliance = ALLIANCE[r]
        attacking = r == b["attacker"]
        reserved = s["reserved"][alliance]
        if reserved and reserved["due"] == s["year"] * 4 + s["turn"] - 1:  # its Player Turn has come
            if events.playable(s, r, reserved["marker"], attacking, b["leads"][r]):
                s["reserved"][alliance] = None
                b["markers"][r] = reserved["marker"]
                log(s, f"{says(r, 'plays')} the reserved {pack().markers[reserved['marker']].title}.", "11.5")
                continue
        m = drawn.pop(r, None)
        if m is None:
            continue
        info = pack().markers[m]
        if events.playable(s, r, m, attacking, b["leads"][r]):
            if info.kind == "espionage":
                b["espionage"][r] = m
            else:
                b["markers"][r] = m
            log(s, f"{says(r, 'plays')} {info.title}.", "11.5")
        else:
            cup = s["cups"][alliance]
            cup.append(m)
            cup.sort()
            log(s, f"{info.title} does not fit {whose(r)} lead and goes back to the cup.", "11.5")


def solitaire_spend(s: dict, marker: str) -> None:
    info = pack().markers[marker]
    if info.mandatory:
        s["removed"].append(marker)
    else:
        s["used"][info.alliance].append(marker)
