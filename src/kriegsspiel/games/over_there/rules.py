"""Over There: the series rules of The Great War (shared/rulebooks/002), the basic ground game
of Rules 1-16 with basic air (B17), played on the East Prussia 1914 scenario.

The rules are cited by number and line (``9C``, ``L441``). The charts the text lacks are
designed in data/charts (CHARTS.md); the map (MAP.md) and the scenario (SCENARIO.md) are
original data packs; RULINGS.md settles every damaged or silent passage (R1-R38 for the charts,
O1 onwards for play). The modules: ``world`` (the units, the map, the state's questions),
``sequence`` (Rule 4 and the players' choices), ``movement`` (6, 7), ``combat`` (6C, 6F, 9, 10,
12, 15), ``supply`` (11, 3G).
"""

from __future__ import annotations

import operator

from ...engine import Option, Rules, Scenario, checkpoint
from ...engine.rules import win_chances
from . import air, bots, charts, combat, logistics, movement, sequence
from . import map as ot_map
from . import scenario as ot_scenario
from .scenario import SIDES
from .world import (
    BRIDGES,
    CH,
    INITIAL_BRIDGES,
    INITIAL_OWNER,
    LAND,
    MAP,
    SC,
    SCENARIO_ID,
    SIDE_NAMES,
    TURNS,
    UNITS,
    fmt,
    has_zoc,
    hex_name,
    initial_owner,
    initials,
    leader_name,
    new_units,
    on_map,
    provides_support,
    rating,
    re_size,
    supported,
    zoc_hexes,
    zoc_reaches,
)
from .world import contact as world_contact
from .world import visible as world_visible

ROLES = sequence.ORDER
ZOI = CH.army_hq.values["zoi_radius"]  # 14M1: the hexes within two of an active Army HQs


def _advancing(s: dict) -> dict | None:
    """The advance after combat being named (9F3): the hex fought for, who names, and whom."""
    af = s.get("aftermath")
    if not af:
        return None
    return {
        "hex": af["hex"],
        "by": combat.chooser(s),
        "attackers": list(af["chosen"]),
        "defenders": [list(p) for p in af.get("named", ())],
        "vacated": combat.vacated(s) if af.get("stage") == "defender" else [],
    }


HEX_ORDERS = {
    "attack": "attack {}",
    "bombard": "bombard {} with every gun in reach",
    "air_bombard": "bomb {} from the air",
    "air_recon": "fly tactical recon over {} before bombarding it",
    "res_at": "place a Res Pt in {}",
    "destroy_res": "destroy a Res Pt in {} (the enemy will not take it)",
    "rail_res": "spend the Res Pt in {} on rail capacity (up to 10 REs this turn)",
    "res_rail": "send a Res Pt from {} by rail",
    "res_river": "send a Res Pt from {} by river",
    "place_man": "place a Man Pt of the general pool in {} (16B3)",
}
"""The orders that name one hex, and their words."""


_HEX = operator.itemgetter("hex")


def _hexes(s: dict) -> tuple:
    """Where every unit stands (None off the map): a unit's coming, going or moving changes it."""
    return tuple(map(_HEX, s["units"].values()))


def _in_sight(s: dict) -> tuple:
    """For each side, the hexes where it sees what the enemy has (ruling O1: his counters and
    Res Pts, or that there are none), or None where it sees everything: a hex coming into sight
    shows something, so the action that brought it can no longer be undone. Where each side's
    units stand is public enough (the enemy's stacks are counted in every hex), so whether undo
    closes tells nothing more."""
    return tuple(None if world_visible(s, side) is None else world_contact(s, side) for side in SIDES)


def _more_in_sight(before: tuple, after: tuple) -> bool:
    return any(a is not None and (b is None or not a <= b) for a, b in zip(after, before, strict=True))


class OverThere(Rules):
    id = "over-there"
    title = "Over There"
    # 2: Res Pts and combat supply (11D, 11G, 11H); 3: a fallen city serves no more (11C2a), a
    # marshaling yard taken moves rail capacity (7A5f), a Res Pt goes by rail by itself (11H), a
    # retreat overruns into an enemy ZOC (9F5).
    # A game saved before plays otherwise.
    version = 4
    roles = ROLES
    role_names = {r: SIDE_NAMES[r] for r in ROLES}
    player_counts = (2,)
    scenarios = (
        Scenario(
            SCENARIO_ID,
            "East Prussia 1914",
            "August-October 1914: Rennenkampf and Samsonov invade East Prussia; the German Eighth Army "
            "answers at Gumbinnen, Tannenberg and the Masurian Lakes. Four half-month turns.",
        ),
    )
    options = {
        "limited_intelligence": Option(
            True,
            help="Enemy stacks out of contact show only how many counters they hold (ruling O1). "
            "Off: every counter is face up, as on a table.",
            title="Limited intelligence",
        ),
        "incremental_odds": Option(
            False,
            help="Optional rule 9L: from 2:1, odds are figured to a tenth and a d10 decides whether "
            "they round up (ruling R30).",
            title="Incremental odds (9L)",
        ),
        "river_movement": Option(
            False,
            help="Optional rule 7C: units move along rivers and lake shores at 8 hexsides per MP, "
            "within 1 RE a turn for each river port (major city) their side owns on the waterway (ruling R41).",
            title="River movement (7C)",
        ),
    }
    procedures = {
        "game": sequence.Game(),
        "game_turn": sequence.GameTurn(),
        "player_turn": sequence.PlayerTurn(),
        "battle": sequence.Battle(),
    }
    states = {
        "move": sequence.Move(),
        "destination": sequence.Destination(),
        "activate": sequence.Activate(),
        "combat": sequence.Combat(),
        "counter": sequence.Counter(),
        "bomb": sequence.Bomb(),
        "attackers": sequence.Attackers(),
        "reserve": sequence.Reserve(),
        "superiority": sequence.Superiority(),
        "das": sequence.Das(),
        "leader": sequence.Leader(),
        "staff": sequence.Staff(),
        "advance": sequence.Advance(),
        "second_advance": sequence.SecondAdvance(),
        "choice": sequence.Choice(),
        "withdraw": sequence.Withdraw(),
        "replace": sequence.Replace(),
        "disband": sequence.Disband(),
        "man_pts": sequence.ManPts(),
        "man_place": sequence.ManPlace(),
        "res_place": sequence.ResPlace(),
        "res_rail": sequence.ResRail(),
        "res_river": sequence.ResRiver(),
    }
    bots = bots.BOTS
    max_decisions = 60_000
    search_horizon = 120
    quiet_steps = True  # a unit moved out of the enemy's contact is no step of his (ruling O1)

    def setup(self, s):
        s["turn"] = 0
        s["phasing"] = ROLES[0]
        s["phase"] = "initial"
        s["units"] = new_units(s)
        s["owner"] = initial_owner()
        s["works"] = {}
        s["breaks"] = []
        s["obstructed"] = []  # 7A7: rail lines captured and not yet cleared
        s["bridges"] = dict(INITIAL_BRIDGES)  # 15A1: who owns each bridge
        s["demolished"] = []  # 13A2: bridges demolished and not yet repaired
        s["repairs"] = {}  # 13A3: the MPs of work done on each demolished bridge
        s["hq"] = {}
        for uid, u in UNITS.items():
            if u.army_hq:
                leader = next((x.id for x in SC.leaders if x.assigned == uid and x.available), None)
                s["hq"][uid] = {"active": True, "leader": leader}
        s["vp"] = {side: 0 for side in SIDES}
        s["attack"] = None
        s["attacked"] = []
        s["last"] = None
        s["eliminated_log"] = []
        s["choices"] = {}
        s["withdrawn"] = {}
        s["events"] = []
        s["checked"] = []
        s["rail_used"] = {side: 0 for side in SIDES}
        s["river_used"] = {side: {} for side in SIDES}  # 7C5: the units counted on each waterway net
        s["river_items"] = {side: {} for side in SIDES}  # 11H: the REs of logistics items on each
        s["rail_capacity"] = {side: movement.capacity(side) for side in SIDES}  # 7A5
        s["pool"] = {side: {"man": 0, "equ": 0} for side in SIDES}
        s["losses"] = {}  # 16B4: replacement strength lost since the last initial phase
        s["rebuilt"] = {side: {} for side in SIDES}  # 16B3f: cavalry (and artillery) REs rebuilt or replaced, by month
        for rp in SC.replacements:
            if rp.turn is None:
                s["pool"][rp.side]["man"] += sum(rp.man_pts.values())
                s["pool"][rp.side]["equ"] += rp.equ_pts
        logistics.setup(s)  # 11G
        s["res_due"] = {}  # 16B1: Res Pts produced and not yet placed
        s["sudden"] = None
        s["air_support"] = None
        air.new_player_turn(s)

    # ----- what a role sees ----------------------------------------------------------------

    def visible(self, s: dict, role: str | None) -> set[str] | None:
        """The hexes where ``role`` sees the enemy's counters (ruling O1); None: everywhere."""
        return world_visible(s, role)

    def apply(self, s, role, action):
        """As every game's, and (ruling O1): an action that brings a hex into a side's sight can
        no longer be undone, by either side, nor one after which the enemy is to act."""
        if not s["options"]["limited_intelligence"]:
            return super().apply(s, role, action)
        last = self._sighting
        if last is not None and last[0] is s and last[1] == len(s["actions"]):
            where, before = last[2], last[3]  # worked out after the action that led here
        else:
            where, before = _hexes(s), _in_sight(s)
        s = super().apply(s, role, action)
        now = _hexes(s)
        after = before
        if now != where:  # what is in sight changes only as counters come, go and move
            after = _in_sight(s)
            if _more_in_sight(before, after):
                checkpoint(s)
        if s["stack"] and role not in self.active(s):
            # play has passed to the enemy, whose hidden units may roll or act at once: whether
            # one could still take one's move back must not tell of it (ruling O1)
            checkpoint(s)
        self._sighting = (s, len(s["actions"]), now, after)
        return s

    _sighting = None  # (state, its number of actions, ``_hexes``, ``_in_sight``): the last worked out

    def board(self, s, role):
        """Every key is named here with the rule that shows it. Hidden (ruling O1): the identity,
        strength and state of enemy units out of contact (only their stacks' size is shown), the
        enemy's replacement pools and reinforcements, the bots' thoughts."""
        seen = self.visible(s, role)
        units = []
        hidden: dict[tuple[str, str], int] = {}
        for uid, v in on_map(s):
            u = UNITS[uid]
            mine = role is not None and u.side == role
            if mine or seen is None or v["hex"] in seen:
                units.append(self._counter(s, uid, v, full=mine or not s["options"]["limited_intelligence"]))
            else:
                key = (v["hex"], u.side)
                hidden[key] = hidden.get(key, 0) + 1
        top = s["stack"][-1] if s["stack"] else None
        selected = reach = way = overruns = None
        if top is not None and top.get("state") == "destination" and top["role"] == role:
            selected = list(top["units"])
            ctx = movement.Enemy(s, role, selected)
            reach = movement.reach(s, selected, top["mode"], ctx)  # by every way, not only the one listed
            way = top.get("way")
            overruns = sequence.overruns(s, role, selected, top["mode"], ctx)  # 6F: stacks in sight
        attack = None
        a = s["attack"]
        if a is not None and (
            role == a["side"] or (top is not None and top.get("state") in ("reserve", "das", "leader"))
        ):
            attack = self._attack(s, role)  # 9A: the attacker's plan is his own until he resolves it
        targets = None
        if top is not None and top.get("state") == "combat" and top["role"] == role:
            targets = self._targets(s, role)
        zoc = {}
        for side in SIDES:
            z = zoc_hexes(s, side)
            zoc[side] = sorted(z)
        hq = {}
        for h, rec in s["hq"].items():
            v = s["units"][h]
            if v["at"] != "map":
                continue
            if role == UNITS[h].side or seen is None or v["hex"] in seen:
                hq[h] = {"active": rec["active"], "leader": rec.get("leader"), "hex": v["hex"], "zoi": ZOI}
        owner0 = INITIAL_OWNER
        return {
            "turn": SC.turns[s["turn"]].name if s["turn"] < len(TURNS) else SC.turns[-1].name,  # 4
            "turn_index": s["turn"],
            "turns": len(TURNS),
            "date": _dates(s),
            "phasing": s["phasing"],  # 4B
            "phase": s["phase"],  # 4A
            "units": units,  # own units; enemy units in contact (ruling O1)
            "hidden": [{"hex": h, "side": side, "count": n} for (h, side), n in sorted(hidden.items())],
            "owner": {h: side for h, side in sorted(s["owner"].items()) if owner0.get(h) != side},  # 5B
            "works": {h: {"side": w["side"], "level": w["level"]} for h, w in s["works"].items()},  # 13A
            "breaks": list(s["breaks"]),  # 7A6, 13A3
            # 15A1, 13A2-3: bridges are on the map; who owns one follows from the hexes' owners
            "bridges": {
                k: o for k, o in sorted(s.get("bridges", INITIAL_BRIDGES).items()) if INITIAL_BRIDGES.get(k) != o
            },
            "demolished": list(s.get("demolished", ())),
            "repairs": dict(s.get("repairs", {})),
            "obstructed": list(s.get("obstructed", ())),  # 7A7: public, like the hit markers that show it
            "contested": list(s.get("contested", ())),  # 9J: a contested hex marker on the map, public
            "fallen": list(s.get("fallen", ())),  # 11C2a: the major cities the enemy has owned, public
            "depleted": list(s.get("depleted", ())),  # 11C2b-iii: the depleted fortresses, a marker on the map
            "res": self._res(s, role, seen),  # 11G: one's own Res Pts; the enemy's in contact (ruling O1)
            "hq": hq,  # 14M: active or not is on the counter
            # 14P: one's own general staff, and whether each leader there may take a command now
            "staff": {
                lid: since < initials(s, role) for lid, since in sorted(s.get("staff", {}).get(role, {}).items())
            },
            "zoc": zoc,  # 5A: ZOCs are public (ruling O1)
            "selected": selected,
            "reach": reach,  # 6-7: where the selected units may go, by every way
            "way": way,  # the way named for the list of destinations; None: regular movement (accel under it)
            "overruns": overruns,  # 6F: the enemy stacks they may overrun
            "attack": attack,
            "targets": targets,  # the odds of each attack open to the attacker, with every unit able
            "last": s["last"],  # 9: combat is fought in the open
            "advancing": _advancing(s),  # 9F3: the advance being named, in the open too
            "vp": dict(s["vp"]),  # losses, options and withdrawals so far
            "score": sequence.victory(s),
            "eliminated": {side: sequence.replacement_pool(s, side) for side in SIDES},  # 16B2: the replacement pools
            "rail": {
                side: {"used": s["rail_used"][side], "capacity": movement.capacity(side, s)}
                for side in SIDES
                if side == role
            },
            "pool": {role: dict(s["pool"][role])} if role in SIDES else {},
            "air": {role: dict(s["air"][role])} if role in SIDES else {},  # B17: one's own air points
            "due": self._due(s, role),
        }

    def _res(self, s, role, seen):
        """Side -> hex -> Res Pts: one's own on the ground (those an Army HQs carries are on its
        counter, ``carry``); the enemy's, carried or not, where one sees his counters."""
        out = {}
        for side in SIDES:
            if side == role:
                out[side] = dict(sorted(s["res"][side].items()))
            else:
                out[side] = {h: n for h, n in sorted(logistics.at(s, side).items()) if seen is None or h in seen}
        return out

    def _counter(self, s, uid, v, full):
        u = UNITS[uid]
        a, d, m = rating(s, uid)
        out = {
            "id": uid,
            "side": u.side,
            "name": u.name,
            "short": u.short,
            "type": u.type,
            "size": u.size,
            "hex": v["hex"],
            "attack": a,
            "defense": d,
            "movement": m,
            "cadre": v["cadre"],
            "dis": v["dis"],
            "fat": v["fat"],
            "zoc": has_zoc(s, uid),
            "re": re_size(s, uid),
            "army": u.army,
            "supply": v["supply"],  # 11F L634: the supply status markers are on the counter
            "out": v.get("out", 0),  # 11F: its turns out of general supply (U-1, U-2)
        }
        if full:
            if v.get("carry"):
                out["carry"] = v["carry"]  # 11H: the Res Pts the Army HQs carries
            out["moved"] = v["moved"]
            out["spent"] = v["spent"]
        return out

    def _attack(self, s, role):
        from . import combat

        a = s["attack"]
        if not a["units"]:
            return {"hex": a["hex"], "units": []}
        info = combat.assess(s, a["side"], a["hex"], a["units"], exact=role == a["side"])
        out = {
            k: info[k]
            for k in ("hex", "units", "attack", "defense", "odds", "crt", "column", "drm", "shifts", "notes")
            if k in info
        }
        if role == a["side"]:
            out["air"] = dict(a.get("air", {"recon": 0, "gs": 0}))  # B17B: the attacker's own plan
        return out

    def _targets(self, s, role):
        from . import combat

        out = {}
        for h in combat.targets(s, role):
            units = sequence.proposed(s, role, h)
            if units:
                info = combat.assess(s, role, h, units)
                out[h] = {k: info[k] for k in ("odds", "crt", "column", "drm", "attack", "defense") if k in info}
        return out

    def _due(self, s, role):
        if role not in SIDES:
            return []
        out = []
        for rf in SC.reinforcements:
            if rf.side != role:
                continue
            units = [u for u in rf.units if s["units"][u]["at"] == "due"]
            if units and TURNS.index(rf.turn) >= s["turn"]:
                out.append({"turn": rf.turn, "units": units, "entry": rf.entry.place})
        return out

    def scores(self, s):
        """The scenario's victory points as they stand (42B)."""
        return sequence.victory(s)

    def study_notes(self, s):
        """Where each attack was made (9A), and what each side did beside moving: overruns
        (6F), reserves committed (6C), air points flown for superiority (B17B1)."""
        tags: dict = {r: [] for r in s["roles"]}
        places = []
        for role, a in s["actions"]:
            if not isinstance(a, dict):
                continue
            if isinstance(a.get("attack"), str):
                places.append(hex_name(a["attack"]))
            if a.get("overrun"):
                tags.setdefault(role, []).append("overrun")
            if a.get("commit"):
                tags.setdefault(role, []).append("reserves committed")
            if isinstance(a.get("superiority"), int) and a["superiority"] > 0:
                tags.setdefault(role, []).append("air superiority flown")
        return {"tags": tags, "places": places}

    def evaluate(self, s):
        """A search's estimate from ``scores``."""
        return win_chances(self.scores(s), 4.0)

    def scramble(self, s, role, rnd):
        """A copy with what ``role`` may not know shuffled: the enemy units out of contact trade
        places with others that look the same from outside (same side, same ZOC reach, HQ or
        not, and the same part in 12A's support and 11F2's second turn out of supply, on which a
        hex's ZOC depends, and the builder keeping his fieldworks in place, 13A1a), so stacks'
        sizes, ZOCs and works stay as shown."""
        self.check_role(s, role)
        seen = self.visible(s, role)
        if seen is None:
            return None
        t = self.clone(s)
        groups: dict[tuple, list[str]] = {}
        for uid, v in on_map(t):
            u = UNITS[uid]
            if role is not None and u.side == role:
                continue
            if v["hex"] in seen:
                continue
            support = (supported(t, uid), provides_support(t, uid), v.get("out", 0) >= 2 and v["supply"] != "general")
            works = t["works"].get(
                v["hex"]
            )  # 13A1a: fieldworks shown stay only while a builder of theirs is in the hex
            keeps = (
                movement.construction_unit(uid)
                and works is not None
                and works["level"] == 1
                and works["side"] == u.side
            )
            key = (u.side, u.hq, u.army_hq, has_zoc(t, uid), zoc_reaches(t, uid), u.fortress, support, keeps)
            groups.setdefault(key, []).append(uid)
        for uids in groups.values():
            hexes_ = [t["units"][u]["hex"] for u in uids]
            rnd.shuffle(hexes_)
            for u, h in zip(uids, hexes_, strict=True):
                t["units"][u]["hex"] = h
        for side in SIDES:
            if side != role:
                # 11H (L653): which of his divisions out of sight carries a Res Pt, if any
                divisions = [(u, v) for u, v in on_map(t, side) if logistics.carrying_division(u)]
                unseen = [u for u, v in divisions if v["hex"] not in seen]
                shown = next((u for u, v in divisions if v["hex"] in seen and v.get("carry")), None)
                for u in unseen:
                    t["units"][u].pop("carry", None)
                    t["units"][u].pop("laden", None)
                carrier = shown or (rnd.choice(unseen) if unseen and rnd.random() < 0.3 else None)
                if carrier in unseen:
                    t["units"][carrier]["carry"] = 1
                t["div_carry"] = {**(t.get("div_carry") or {}), side: [t["turn"], carrier] if carrier else None}
                t["pool"][side] = {"man": rnd.randint(0, 9), "equ": rnd.randint(0, 9)}
                t["rail_used"][side] = rnd.randint(0, 10)
                t["rail_capacity"][side] = rnd.randint(10, 40)  # 7A5f, 7A5g: his net's capacity is his
                t["rail_gain"] = {**(t.get("rail_gain") or {}), side: rnd.randint(0, 1)}
                t["rail_extra"] = {**(t.get("rail_extra") or {}), side: rnd.choice([0, 0, 10])}  # 7A5a
                t["rail_res"] = {**(t.get("rail_res") or {}), side: rnd.randint(0, 1)}
                t["rail_due"] = {**(t.get("rail_due") or {}), side: rnd.randint(0, 1)}
                t["river_used"] = {**t.get("river_used", {}), side: {}}
                t["river_items"] = {**(t.get("river_items") or {}), side: {}}
                t["pool_due"] = {**(t.get("pool_due") or {}), side: {}}  # 16C2: his scrapping
                if (t.get("man_switch") or {}).get("side") == side:  # ruling O37: his Man Pts moved
                    t["man_switch"] = {"side": side, "placed": [], "back": 0}
                t.setdefault("losses", {})
                for key in [k for k in t["losses"] if k.split("|")[0] == side]:
                    del t["losses"][key]  # 16B4: what his losses will bring him is his to know
                t["losses"][side] = {"man": {}, "equ": rnd.randint(0, 3)}
                t.setdefault("rebuilt", {})[side] = {"sep": rnd.choice([0, 4, 8])}  # 16B3f: his count
                # 11G, 11H: his Res Pts out of sight, on the ground or carried, and what he drew on
                unseen = sorted(h for h, o in t["owner"].items() if o == side and h not in seen)
                pile = {h: n for h, n in t["res"][side].items() if h in seen}
                for _ in range(rnd.randint(0, 6)):
                    h = rnd.choice(unseen) if unseen else None
                    if h is not None:
                        pile[h] = pile.get(h, 0) + 1
                t["res"][side] = pile
                for uid, v in on_map(t, side):
                    if UNITS[uid].army_hq and v["hex"] not in seen:
                        n = rnd.randint(0, logistics.CARRY)
                        if n:
                            v["carry"] = n
                        else:
                            v.pop("carry", None)
                for key in ("res_railed", "res_stuck"):  # which of his Res Pts moved this phase
                    t[key] = {**t.get(key, {}), side: {}}
                t["drawn"][side] = []
                t["free"][side] = None
        top = t["stack"][-1] if t["stack"] else None
        if top is not None and top.get("state") == "superiority":
            for side in top["pending"]:  # B17B1: assigned in secret
                if side != role:
                    top["pending"][side] = {"superiority": rnd.randint(0, t["air"][side]["left"])}
        a = t["attack"]
        if a is not None and a["side"] != role:
            # the attacker's plan, within the air points he has left (B17B) and 6 REs a GS point (R19)
            left = max(0, t["air"][a["side"]]["left"])
            recon = rnd.randint(0, min(2, left))
            a["air"] = {"recon": recon, "gs": rnd.randint(0, min(2, left - recon, air.gs_limit(t, a["units"])))}
        return t

    def label(self, action, s=None):
        if not isinstance(action, dict):
            return super().label(action)
        if "withdraw_leader" in action and action["withdraw_leader"] in UNITS:
            rec = (s or {}).get("hq", {}).get(action["withdraw_leader"], {})
            who = leader_name(rec["leader"]) if rec.get("leader") else "the leader"
            return f"send {who} from {UNITS[action['withdraw_leader']].name} to the general staff"
        if "assign_leader" in action and action.get("to") in UNITS:
            return f"give {leader_name(action['assign_leader'])} command of {UNITS[action['to']].name}"
        if action.get("with") in UNITS:  # 13A5: quick engineering
            base = self.label({k: v for k, v in action.items() if k != "with"}, s)
            return f"{base}, with {UNITS[action['with']].short}: each pays half (quick engineering)"
        if "unit" in action:
            uid = action["unit"]
            u = UNITS.get(uid)
            where = s["units"][uid]["hex"] if s and uid in s["units"] else None
            return f"{u.short if u else uid}" + (f" at {hex_name(where)}" if where else "")
        if "stack" in action:
            return f"the stack at {hex_name(action['stack'])}"
        if action.get("way") in sequence.WAY_ORDERS:
            return f"switch to {sequence.WAY_ORDERS[action['way']]}"
        if "to" in action:
            if action.get("overrun"):
                return f"overrun {hex_name(action['to'])}"
            how = {
                "accel": " (accelerated)",
                "rail": " by rail",
                "strat": " by strategic rail",
                "river": " by river",
            }.get(action.get("by"), "")
            return f"to {hex_name(action['to'])}{how}"
        if action.get("rail_build") in MAP.terrain:  # 7A5b
            n = movement.build_cost(s, s["phasing"]) if s and s.get("phasing") else "the"
            return f"spend {n} Res Pts in {hex_name(action['rail_build'])} on 1 RE of rail capacity for good"
        if "bombard" in action and isinstance(action.get("units"), list):  # 12C L734: some of the guns
            guns = ", ".join(UNITS[u].short if u in UNITS else str(u) for u in action["units"])
            return f"bombard {hex_name(action['bombard'])} with {guns} only"
        for key, text in HEX_ORDERS.items():
            if key in action and action[key] in MAP.terrain:
                return text.format(hex_name(action[key]))
        if "points" in action:
            n = action["points"]
            return f"{n} air point{'s' if n != 1 else ''}"
        if "add" in action:
            return f"add {UNITS[action['add']].short}" if action["add"] in UNITS else super().label(action)
        if "remove" in action:
            return f"remove {UNITS[action['remove']].short}" if action["remove"] in UNITS else super().label(action)
        if "resolve" in action:
            return "resolve the attack"
        if "stay" in action:
            return "stay here (end its movement)"
        if "build" in action:
            return "build fieldworks here (2 MPs)"
        if "break_rail" in action:
            return "break the railway here (2 MPs)"
        if "repair_rail" in action:
            return "repair the railway here (4 MPs)"
        if "clear_rail" in action:
            return "clear the obstructed railway here (2 MPs)"
        if "demolish_bridge" in action and action["demolish_bridge"] in BRIDGES:
            a, b = action["demolish_bridge"].split("|")
            return f"demolish the bridge between {hex_name(a)} and {hex_name(b)}: {movement.DEMOLISH_BRIDGE_MP} MPs"
        if "repair_bridge" in action and action["repair_bridge"] in BRIDGES:
            key = action["repair_bridge"]
            a, b = key.split("|")
            repairs = (s or {}).get("repairs", {})
            left = movement.bridge_repair_cost(key) - repairs.get(key, 0)
            res = ", a Res Pt spent" if movement.bridge_needs_res(key) and key not in repairs else ""  # 13A3 L778
            return f"repair the bridge between {hex_name(a)} and {hex_name(b)}: {fmt(left)} MPs of work left{res}"
        if "advance" in action and action["advance"] in UNITS:
            if "into" in action:
                return f"advance {UNITS[action['advance']].short} into {hex_name(action['into'])}"
            return f"advance {UNITS[action['advance']].short}"
        if "second_advance" in action and action["second_advance"] in UNITS:
            by = " by overrun" if action.get("overrun") else ""
            return f"advance {UNITS[action['second_advance']].short} again into {hex_name(action['into'])}{by}"
        if "superiority" in action:
            n = action["superiority"]
            return f"{n} air point{'s' if n != 1 else ''} to air superiority"
        if "das" in action:
            n = action["das"]
            return f"{n} air point{'s' if n != 1 else ''} to defensive air support"
        if "air" in action:
            return {"recon": "fly tactical recon", "gs": "fly ground support"}.get(action["air"], super().label(action))
        if "unair" in action:
            return {"recon": "recall tactical recon", "gs": "recall ground support"}.get(
                action["unair"], super().label(action)
            )
        if "cancel" in action:
            return "cancel"
        if "rest" in action:
            return "rest (remove fatigue)"
        if action.get("place_man") is True:  # 16B3: the hex next
            return "place a Man Pt of the general pool on the map (16B3)"
        if action.get("man_pts") is True:  # 16B3: the points are moved next
            return "place Man Pts on the map or take them back (16B3)"
        if action.get("disband") is True:  # 16C1: the unit is chosen next
            return "disband a unit (16C1)"
        if action.get("disband") in UNITS:
            whole = isinstance((s or {}).get("units"), dict) and action["disband"] in s["units"]
            kind, n = sequence.disband_value(s, action["disband"]) if whole else sequence.scrap_value(action["disband"])
            return f"disband {UNITS[action['disband']].short} for good ({sequence.points(n, kind)} to the pool)"
        if action.get("scrap") in UNITS:  # 16C2
            kind, n = sequence.scrap_value(action["scrap"])
            return f"scrap {UNITS[action['scrap']].short} for good ({sequence.points(n, kind)} from the next phase)"
        if "load" in action and action["load"] in UNITS:
            if not UNITS[action["load"]].army_hq:  # 11H (L656)
                return f"{UNITS[action['load']].short} takes up a Res Pt (3 MPs less this phase)"
            return f"{UNITS[action['load']].short} takes up a Res Pt"
        if "unload" in action and action["unload"] in UNITS:
            return f"{UNITS[action['unload']].short} puts down a Res Pt"
        if "res_lost" in action:
            return "no city in general supply: the Res Pts are lost"
        if "replace" in action and action["replace"] in UNITS:
            there = " with the Man Pts there" if action.get("on_map") else ""
            return f"replace {UNITS[action['replace']].short} at {hex_name(action['at'])}{there}"
        if action.get("take_back") in UNITS:  # 16B3 (L1205)
            v = (s or {}).get("units", {}).get(action["take_back"]) or {}
            where = f" at {hex_name(v['hex'])}" if v.get("hex") else ""
            return f"take the Man Pt{where} back into the general pool (16B3)"
        if "end" in action:
            if action["end"] == "counter-bombardment":
                return "end the counter-bombardment"
            if action["end"] == "replacements":
                return "no more replacements"
            if action["end"] == "man-pts":
                return "no more Man Pts placed or taken back"
            if action["end"] == "advance":
                return "no more units advance"
            if action["end"] == "second-advance":
                return "no more second advances"
            if action["end"] == "general-staff":
                return "leave the leaders where they are"
            top = ((s or {}).get("stack") or [{}])[-1]
            if action["end"] == "reaction-movement" and top.get("state") == "move" and top.get("hq") in UNITS:
                return f"end the reaction movement of {UNITS[top['hq']].name}'s units"  # 14M2: one HQ's
            return f"end the {action['end'].replace('-', ' ')} phase"
        if "activate" in action:
            if action["activate"] not in UNITS:
                return super().label(action)
            name = UNITS[action["activate"]].name
            if not action.get("leader"):
                return f"check {name}"
            lid = s["hq"].get(action["activate"], {}).get("leader") if s and "hq" in s else None
            who = leader_name(lid) or "its leader"
            return f"check {name}, {who} trying to influence the roll (14P)"
        if "leader" in action:
            hq = action["leader"]
            if hq is None:
                return "no leader"
            lid = s["hq"][hq].get("leader") if s and hq in s.get("hq", {}) else None
            who = leader_name(lid) or (UNITS[hq].name + "'s leader" if hq in UNITS else hq)
            return f"{who} tries to influence the combat die (14P)"
        if "commit" in action:
            return (
                "commit no reserves"
                if action["commit"] is None
                else f"commit reserves from {hex_name(action['commit'])}"
            )
        if "choice" in action:
            top = ((s or {}).get("stack") or [{}])[-1]
            words = sequence.choice_text(action["choice"], top.get("option") if top.get("state") == "choice" else None)
            return words[0].lower() + words[1:] if words else f"choose: {action['choice']}"
        if "withdraw" in action:
            go = action["withdraw"]
            if isinstance(go, str):
                return f"withdraw {UNITS[go].short}" if go in UNITS else f"withdraw {go}"
            return "withdraw every unit that may go" if go else "keep the rest (the enemy gains VP)"
        return super().label(action)

    def public_data(self):
        m = ot_map.load_map()
        hexes = {h: {"terrain": m.terrain[h], "country": m.country.get(h)} for h in sorted(m.terrain)}
        return {
            "map": {
                "grid": m.grid,
                "hexes": hexes,
                "hexsides": {
                    k: {"features": list(v), **m.hexside_names.get(k, {})} for k, v in sorted(m.hexsides.items())
                },
                "towns": sorted(m.towns.values(), key=lambda t: t["id"]),
                "rail": {k: v for k, v in sorted(m.rail.items())},
                "rail_lines": list(m.rail_lines.values()),
                "roads": {k: v for k, v in sorted(m.roads.items())},
                "road_lines": list(m.road_lines.values()),
                "land": list(LAND),
            },
            "units": {
                uid: {
                    "name": u.name,
                    "short": u.short,
                    "side": u.side,
                    "nationality": u.nationality,
                    "type": u.type,
                    "size": u.size,
                    "attack": u.attack,
                    "defense": u.defense,
                    "movement": u.movement,
                    "cadre": list(u.cadre) if u.cadre else None,
                    "re": u.re,
                    "army": u.army,
                }
                for uid, u in UNITS.items()
            },
            "bridges": sorted(BRIDGES),  # 15A1: the road and rail crossings of rivers
            "bridge_owners": dict(INITIAL_BRIDGES),  # who owned each in July 1914; the view says what changed
            "turns": [{"id": t.id, "name": t.name, "history": t.history} for t in SC.turns],
            "leaders": {x.id: {"name": x.name, "side": x.side, "ratings": x.ratings} for x in SC.leaders},
            "sides": {side: SIDE_NAMES[side] for side in SIDES},
        }

    def validate_data(self):
        out = {}
        out.update(ot_map.validate())
        out.update(charts.validate())
        out.update(ot_scenario.validate())
        return out


def _dates(s):
    t = SC.turns[min(s["turn"], len(TURNS) - 1)]
    return f"{t.start:%d %B} to {t.end:%d %B %Y}"
