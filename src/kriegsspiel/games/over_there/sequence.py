"""Rule 4, the sequence of play: game turns of half a month, each an Entente player turn and a
Central Powers player turn (L168), each of six phases (4A): initial, movement, combat, reaction
movement, reaction combat, exploitation. The procedures here run the phases in that order and
ask the players at the points where the rules give them a choice."""

from __future__ import annotations

import collections
from functools import lru_cache
from operator import itemgetter

from ...engine import STAY, Procedure, State, ask, ask_all, call, checkpoint, game_over, log, rng
from ...engine.words import counted
from . import air, combat, logistics, movement, supply
from .scenario import SIDES, victory_level
from .world import (
    CH,
    CITY_HEXES,
    LEADERS,
    MAN_PTS,
    MAP,
    NEIGHBOURS,
    OTHER,
    PHASE_NAMES,
    SC,
    SIDE_NAMES,
    SIDE_UNITS,
    TURNS,
    UNITS,
    ZOC_NEIGHBOURS,
    fmt,
    fresh,
    hex_name,
    in_sight,
    initials,
    leader_name,
    on_map,
    re_size,
    stacking_room,
    stacks,
    staff,
    start_hex,
    to_staff,
    units_in,
    update_ownership,
    visible,
    zoc_hexes,
)

ORDER = tuple(sorted(SIDES, key=lambda side: not next(x for x in SC.sides if x.id == side).moves_first))


def reset(s: dict, side: str) -> None:
    """A new phase of movement: every unit of ``side`` has its full MPs again."""
    for _, v in on_map(s, side):
        v["spent"] = 0
        v["moved"] = False
        v.pop("accel", None)
        v.pop("accel_tiring", None)
        v.pop("accel_fat", None)
        v.pop("rail", None)
        v.pop("rail_paid", None)
        v.pop("rested", None)
        v.pop("left", None)
        v.pop("holds", None)
        v.pop("laden", None)


def clear_zoc_loss(s: dict) -> None:
    """5A: a ZOC lost to accel or rail movement comes back when that phase ends."""
    for _, v in on_map(s):
        v["nozoc"] = False


def settle(s: dict, ctx: movement.Enemy | None = None) -> None:
    """5B after anything that moves units: hexes change hands, and what taking them does to
    fortresses and works follows (15B); fieldworks left without a construction unit go (13A1a).
    Contests that are over end first (9J). ``ctx``: the searches of a move that touched no
    enemy unit (its SideMap of the enemy still holds where no hex is contested)."""
    known = ctx.enemy if ctx is not None and not s.get("contested") else None
    combat.contests(s)
    for h, side in update_ownership(s, known):
        combat.captured(s, side, h)
    logistics.capture(s)  # 11H
    for h in movement.abandon_works(s):
        log(s, f"The fieldworks in {hex_name(h)} are abandoned.", "13A")
    if s.get("losses"):
        pay_isolated_losses(s)


def _receive(s: dict, side: str, man: dict[str, float], equ: float, why: str) -> None:
    got_man = sum(man.values())
    if not got_man and not equ:
        return
    s["pool"][side]["man"] += got_man
    s["pool"][side]["equ"] += equ
    log(
        s,
        f"{SIDE_NAMES[side]} receives special replacements {why}: {fmt(got_man)} Man, {fmt(equ)} Equ.",
        "16B4",
        to=[side],
    )


def pay_special_replacements(s: dict) -> None:
    """16B4a (L1222-1223): in an initial phase, each side's losses of units eliminated or reduced
    to cadres while not isolated since the last initial phase give special replacements, added to
    its pool (the contingents pooled, ruling O7)."""
    book = s.get("losses") or {}
    for side in SIDES:
        entry = book.pop(side, None)
        if entry:
            man, equ = combat.special_replacements(entry["man"], entry["equ"])
            _receive(s, side, man, equ, "for its losses")


def pay_isolated_losses(s: dict) -> None:
    """16B4b (L1224-1230): the losses of units eliminated or reduced while isolated give their
    special replacements when the combat ends: to the pool if the hex or a hex adjacent to it is
    the side's own; else the Man Pts are lost and the enemy captures the Equ Pts (ruling O20)."""
    book = s["losses"]
    for key in sorted(k for k in book if "|" in k):
        side, h = key.split("|")
        entry = book.pop(key)
        man, equ = combat.special_replacements(entry["man"], entry["equ"])
        owner = s["owner"]
        # "at least one adjacent (Rule 3E5) hex" (L1228): not across a prohibited hexside (L144)
        if owner.get(h) == side or any(owner.get(b) == side for b in ZOC_NEIGHBOURS.get(h, ())):
            _receive(s, side, man, equ, "for units lost while isolated")
        elif equ:
            s["pool"][OTHER[side]]["equ"] += equ
            log(s, f"{SIDE_NAMES[OTHER[side]]} captures {fmt(equ)} Equ Pts in {hex_name(h)}.", "16B4")


# ----- the game --------------------------------------------------------------------------------


class Game(Procedure):
    """The scenario's game turns (L168), then the victory conditions."""

    def start(self, s, f):
        return "turn"

    def turn(self, s, f):
        if s["turn"] >= len(TURNS) or s.get("sudden"):
            return "end"
        t = SC.turns[s["turn"]]
        log(s, f"Game turn {t.name} ({t.start:%d %B} to {t.end:%d %B %Y}).", "4")
        movement.take_gains(s)  # 7A5f: capacity taken with yards last turn serves from now
        call(s, "game_turn")
        return "next"

    def next(self, s, f):
        s["turn"] += 1
        return "turn"

    def end(self, s, f):
        score = victory(s)
        cp, en = score["central-powers"], score["entente"]
        diff = cp - en
        level = victory_level(SC, diff) if not s.get("sudden") else s["sudden"]
        name = next(lv.name for lv in SC.victory_levels if lv.id == level)
        if level.startswith("cp"):
            winners = ["central-powers"]
        elif level.startswith("entente"):
            winners = ["entente"]
        else:
            winners = []
        log(s, f"{name}: Central Powers {cp:g} VP, Entente {en:g} VP.", "42B")
        game_over(s, winners, {"central-powers": cp, "entente": en}, name)
        return None


class GameTurn(Procedure):
    """4: the Entente player turn, then the Central Powers player turn."""

    def start(self, s, f):
        f["i"] = 0
        return "player"

    def player(self, s, f):
        if f["i"] >= len(ORDER):
            sudden_death(s)  # checked when the game turn ends (ruling O9)
            return None
        side = ORDER[f["i"]]
        f["i"] += 1
        call(s, "player_turn", side=side)
        return "player"


class PlayerTurn(Procedure):
    """4A: the phases of one player turn."""

    def start(self, s, f):
        side = f["side"]
        s["phasing"] = side
        s["phase"] = "initial"
        combat.contests(s)  # 9J: a game turn of occupation may have run out
        s["rail_used"][side] = 0  # 7A5: the net's capacity serves each player turn afresh
        s.setdefault("river_used", {})[side] = {}  # 7C5: so does a waterway's
        s.setdefault("river_items", {})[side] = {}
        air.new_player_turn(s)
        for _, v in on_map(s, side):
            v.pop("strat", None)  # 7A3: a strategic rail move binds the unit for one player turn
        movement.end_boost(s)  # 7A5a: the last player turn's temporary capacity is gone
        log(s, f"{SIDE_NAMES[side]} player turn.", "4A")
        return "initial"

    def initial(self, s, f):
        """4A1: supply and isolation for both, then the phasing player's reinforcements,
        withdrawals, replacements and Army HQs."""
        side = f["side"]
        s.setdefault("initials", {})[side] = initials(s, side) + 1  # for the general staff (14P)
        for _, v in on_map(s, side):
            if not combat.contested(s, v["hex"]):  # 9J (L539): not while in a contested hex
                v["dis"] = 0  # 3A5: disruption ends at the start of the friendly initial phase
        for who, lost in movement.boost_wear(s).items():  # 7A5g (L322)
            text = f"{SIDE_NAMES[who]}'s rail net wears from the Res Pts spent on it: {lost} RE of capacity lost."
            log(s, text, "7A", to=[who])  # the net's capacity is the owner's secret (ruling O1)
        supply.check(s, list(SIDES), initial=True)
        for who in (side, OTHER[side]):  # 11C2b-i: Res Pts feed pockets (ruling S14)
            for h, fed in logistics.feed_pockets(s, who):
                names = ", ".join(UNITS[u].short for u in fed)
                text = f"{SIDE_NAMES[who]} draws on the Res Pt in {hex_name(h)} for general supply: {names}."
                log(s, text, "11C", to=[who])
        return "attrition"

    def attrition(self, s, f):
        side = f["side"]
        supply.depletion(s, side)
        supply.attrition(s, side)
        pay_special_replacements(s)
        for hq, rec in s["hq"].items():
            if UNITS[hq].side == side and not rec["active"]:
                rec["active"] = True  # 14M1: inactive Army HQs flip to active
        t = TURNS[s["turn"]]
        events(s, side, t)
        for opt in SC.options:
            if opt.side == side and opt.turn == t and opt.id not in s["choices"]:
                ask(s, "choice", side, option=opt.id)
                return "arrive"
        return "arrive"

    def arrive(self, s, f):
        side = f["side"]
        t = TURNS[s["turn"]]
        if any(rp.side == side and rp.turn == t for rp in SC.replacements):  # a production cycle (16B1)
            lost = movement.deteriorate(s, side)
            if lost:
                # the net's capacity is the owner's secret (ruling O1)
                log(s, f"{SIDE_NAMES[side]}'s rail net deteriorates: {lost} RE of capacity lost.", "7A", to=[side])
        reinforcements(s, side, t)
        replacements(s, side, t)
        if s["res_due"].get(side):
            if len(logistics.placements(s, side)) > 1:
                ask(s, "res_place", side)
            else:
                ResPlace.place_all(s, side)  # one city or none: nothing to choose (16B1, ruling S16)
        rebuild(s, side, t)
        rebuild(s, OTHER[side], t)  # 16B3d: a player may rebuild in the enemy's initial phase too
        for wd in SC.withdrawals:
            if wd.side == side and wd.turn == t and wd.id not in s["withdrawn"]:
                ask(s, "withdraw", side, withdrawal=wd.id)
                return "replace"
        return "replace"

    def replace(self, s, f):
        """16B3c (L1208): in his own initial phase the player may replace eliminated units. He is
        asked whenever his replacement pool holds a unit that may be replaced, whatever his Man
        and Equ Pts (which are his secret: being asked or not would tell them, ruling O1)."""
        side = f["side"]
        events(s, side, TURNS[s["turn"]])  # the events that hang on this phase's withdrawals (Ninth Army)
        if any(_replaceable(s, uid) for uid in replacement_pool(s, side)):
            ask(s, "replace", side)
        return "general_staff"

    def general_staff(self, s, f):
        """14P (L1009): in his initial phase the player may send leaders back to the general staff
        and assign those who have spent an initial phase there; he is asked when there is a
        choice to make (ruling O25)."""
        if Staff.worth_asking(s, f["side"]):
            ask(s, "staff", f["side"])
        return "movement"

    def movement(self, s, f):
        side = f["side"]
        s["phase"] = "movement"
        due = pool_due(s, side)  # L1260: the initial phase is over
        s["man_switch"] = {"side": side, "placed": [], "back": due.get("man", 0)}  # ruling O37
        combat.contests(s)
        reset(s, side)
        logistics.new_movement(s)  # 11H (L662): each Res Pt moves once a phase
        yards = []
        if any(h in movement.marshaling_yards() for h in logistics.at(s, side)):
            yards = movement.boost_yards(s, side)  # 7A5a: judged as the phase begins (ruling O32)
        ask(s, "move", side, mode="movement", yards=yards)
        return "combat"

    def combat(self, s, f):
        clear_zoc_loss(s)
        logistics.new_movement(s)
        open_combat(s, "combat", f["side"])
        return "reaction"

    def reaction(self, s, f):
        other = OTHER[f["side"]]
        s["phase"] = "reaction-movement"
        combat.contests(s)
        reset(s, other)
        s["checked"] = []
        ask(s, "activate", other)
        return "reaction_combat"

    def reaction_combat(self, s, f):
        open_combat(s, "reaction-combat", OTHER[f["side"]])  # 4A5: the reacting player attacks
        return "exploitation"

    def exploitation(self, s, f):
        side = f["side"]
        s["phase"] = "exploitation"
        combat.contests(s)
        reset(s, side)
        ask(s, "move", side, mode="exploitation")
        return "done"

    def done(self, s, f):
        settle(s)
        s["attack"] = None
        return None


def open_combat(s: dict, phase: str, attacker: str) -> None:
    """The start of a combat or reaction combat phase (4A3, 4A5): hexes change hands, isolation is
    judged again (3G), nobody has attacked yet; both players assign air superiority first (B17B1)."""
    settle(s)
    s["phase"] = phase
    combat.contests(s)
    s["attacked"] = []
    logistics.new_phase(s)  # 11D: Res Pts are drawn on anew each phase
    supply.check(s, list(SIDES))
    for _, v in on_map(s):
        v["attacked"] = False
    ask(s, "combat", attacker)
    roles = air.superiority_roles(s)
    if roles:
        ask_all(s, "superiority", roles)


class Battle(Procedure):
    """9A: one attack: the defender's reserves on the Positional CRT (6C) and his defensive air
    support (B17B4), both chosen without knowing the attacker's die or air support; the air
    missions; then the resolution."""

    def start(self, s, f):
        a = s["attack"]
        info = combat.assess(s, f["side"], a["hex"], a["units"])
        if info["crt"] == "positional":
            # asked in every positional attack, with reserves or not: a question asked only when
            # he has them would tell the attacker so (ruling O1)
            ask(s, "reserve", OTHER[f["side"]], hex=a["hex"])
        return "support"

    def support(self, s, f):
        a = s["attack"]
        defender = OTHER[f["side"]]
        # B17B4: asked of a defender with air points left; with none he could only answer 0,
        # and the attacker can count them from the log as well as he (ruling O1)
        if air.has_points(s, defender) and combat.eligible_attackers(s, f["side"], a["hex"]) is not None:
            ask(s, "das", defender, hex=a["hex"])
        return "fly"

    def fly(self, s, f):
        a = s["attack"]
        plan = a.get("air", {})
        recon, gs, das = plan.get("recon", 0), plan.get("gs", 0), a.get("das", 0)
        if recon or gs or das:
            s["air_support"] = air.fly(s, f["side"], a["hex"], recon, gs, das)
        return "defender_leader"

    def defender_leader(self, s, f):
        """14P (L1017): immediately before the combat, the defender first, then the attacker,
        says whether an eligible leader tries to influence the die."""
        defender = OTHER[f["side"]]
        if _leads(s, defender):
            ask(s, "leader", defender)
        return "attacker_leader"

    def attacker_leader(self, s, f):
        if _leads(s, f["side"]):
            ask(s, "leader", f["side"])
        return "leaders"

    def leaders(self, s, f):
        a = s["attack"]
        drm = 0
        for side in (OTHER[f["side"]], f["side"]):
            hq = a.get("leaders", {}).get(side)
            if hq is None:
                continue
            lid = s["hq"][hq]["leader"]
            lrec = next(x for x in SC.leaders if x.id == lid)
            roll = rng.roll(s)
            mod = CH.leader_modifier(tuple(lrec.ratings), roll, defender=side != f["side"])
            drm += mod
            log(s, f"{lrec.name} tries to influence the combat: roll {roll}, {mod:+d}.", "14P")
        if drm:
            support = s.get("air_support") or {"hex": a["hex"]}
            support["leader"] = drm
            s["air_support"] = support
        return "fight"

    def fight(self, s, f):
        a = s["attack"]
        report = combat.resolve(s, f["side"], a["hex"], a["units"], choose=True)
        s["attack"] = None
        s["air_support"] = None
        f["hex"] = a["hex"]
        return self.after(s, f, report)

    def conclude(self, s, f):
        return self.after(s, f, combat.conclude(s))

    def after(self, s, f, report):
        h = f["hex"]
        if report is None:  # 9F3: the attacker, then the defender, names the units that advance
            ask(s, "advance", combat.chooser(s), hex=h)
            return "conclude"
        settle(s)
        pursuit = report.get("pursuit") or []
        if combat.second_advances(s, f["side"], pursuit, h):
            ask(s, "second_advance", f["side"], hex=h, units=pursuit)
        chase = report.get("defender_pursuit") or {}
        if any(combat.second_advances(s, OTHER[f["side"]], [u], x) for u, x in chase.items()):
            ask(s, "second_advance", OTHER[f["side"]], hex=h, units=list(chase), **{"from": dict(chase)})
        return None


class Advance(State):
    """9F3 (L515): advance after combat is voluntary. The attacker names, one by one, the units
    that advance into the hex the combat clears, then ends; where the defender must retreat,
    naming none cancels the retreat (9F1, L501). Then the defender names those of his units that
    advance into hexes next to it that the combat clears of the attackers, or that their retreat
    would clear (naming none for such a hex cancels that retreat)."""

    def prompt(self, s, f, role):
        af = s["aftermath"]
        if af.get("stage") == "defender":
            text = "Advance after combat (9F3): name the units that advance out of "
            text += f"{hex_name(f['hex'])}, each with its hex, then end."
            if combat.vacated(s) and not af["named"]:
                text += " The attackers retreat only from hexes you advance into (9F1)."
            return text
        text = f"Advance after combat (9F3): name the units that advance into {hex_name(f['hex'])}, then end."
        if combat.retreat_waits(s) and not af["chosen"]:
            text += " If none advances, the defender's retreat is cancelled (9F1)."
        return text

    def actions(self, s, f, role):
        return [*combat.advance_actions(s), {"end": "advance"}]

    def act(self, s, f, role, action):
        if "end" in action:
            return None
        combat.choose_advance(s, action)
        return STAY if combat.advance_actions(s) else None


class SecondAdvance(State):
    """9F4 step 4 (L524): after a two-hex retreat, the units that advanced (the attacker's into
    the hex, the defender's into the hexes the attackers left) may advance a second time, one by
    one, into hexes without enemy units or, by overrun, into enemy-held ones (9F5); or stay."""

    def prompt(self, s, f, role):
        if "from" in f:
            return "Second advance (9F4): advance a unit again from the hex it advanced into, or stay."
        return f"Second advance (9F4): advance a unit again from {hex_name(f['hex'])}, or stay."

    def actions(self, s, f, role):
        return [*self.offers(s, f, role), {"end": "second-advance"}]

    def offers(self, s, f, role):
        start = f.get("from") or dict.fromkeys(f["units"], f["hex"])
        return [a for u in f["units"] for a in combat.second_advances(s, role, [u], start[u])]

    def act(self, s, f, role, action):
        if "end" in action:
            return None
        u, into = action["second_advance"], action["into"]
        if action.get("overrun"):
            combat.second_advance_overrun(s, u, into)  # 9F5
        else:
            combat.advance(s, [u], into)
        settle(s)
        f["units"] = [x for x in f["units"] if x != u]
        return STAY if self.offers(s, f, role) else None


# ----- what the players choose ------------------------------------------------------------------


def _mode(s: dict, f: dict) -> str:
    return f["mode"]


def movable(s: dict, f: dict, side: str) -> list[str]:
    """The side's units that may still move in this phase (within the active HQ's ZOI in
    reaction movement, 14M2), in the scenario's order."""
    zoi = f.get("zoi")
    if zoi is None:
        return movement.movers(s, side, f["mode"])
    hq = f.get("hq")
    return movement.movers(s, side, f["mode"], lambda uid, h: h in zoi and covers(hq, uid))


_HEX = itemgetter("hex")


class Move(State):
    """6: the moving player picks a unit or a stack, then its destination; or ends the phase."""

    def prompt(self, s, f, role):
        what = {"movement": "Move your units", "reaction": "Reaction movement", "exploitation": "Exploitation"}
        return f"{what[f['mode']]}: pick a unit or a stack, or end the {PHASE_NAMES[s['phase']]}."

    def actions(self, s, f, role):
        units = movable(s, f, role)
        out = [{"unit": u} for u in units if not (s["units"][u]["moved"] and _nowhere_to_go(s, role, u, f["mode"]))]
        by_hex = collections.Counter(map(_HEX, map(s["units"].__getitem__, units)))
        out += [{"stack": h} for h in sorted(by_hex) if by_hex[h] > 1]
        before = f["mode"] == "movement" and _before_moving(s, role)
        yards = f.get("yards")
        more = bool(yards) and movement.boost(s, role) > 0
        if yards and (more or before):
            piles = logistics.at(s, role)
            if piles and more:  # 7A5a (L292): Res Pts for rail capacity
                out += [{"rail_res": h} for h in yards if piles.get(h)]
            if piles and before:  # 7A5b (L293), ruling O34
                out += [{"rail_build": h} for h in movement.build_offers(s, role, yards, f.get("built", 0), piles)]
        if before and disband_candidates(s, role):
            out.append({"disband": True})  # 16C1, ruling O36: as the phase opens; the unit next
        if before and may_switch_man_pts(s, role):
            out.append({"man_pts": True})  # 16B3, ruling O37: as the phase opens; the points next
        out += [{"destroy_res": h} for h in sorted(s["res"][role])]  # 11H (L648): his own, at any time
        if f["mode"] == "movement" and movement.capacity_left(s, role) >= movement.ITEM_RAIL_MIN:
            out += [{"res_rail": h} for h in _res_railheads(s, f, role)]  # 11H (L650): by itself
        if f["mode"] == "movement" and s["options"].get("river_movement"):
            out += [{"res_river": h} for h in _res_landings(s, f, role)]  # 11H (L650): by river, option 7C
        for hq in [f["hq"]] if f.get("hq") else logistics.carters(s, role):  # 11H (L652): HQs cart Res Pts
            if logistics.may_load(s, hq):
                out.append({"load": hq})
            if logistics.may_unload(s, hq):
                out.append({"unload": hq})
        out.append({"end": s["phase"]})
        return out

    def act(self, s, f, role, action):
        if "end" in action:
            if f["mode"] == "reaction" and f.get("hq"):
                # 14M2: one active Army HQs' units are done; the phase itself ends once every HQs
                # is checked (``Activate``), logged there. Activation is the owner's (ruling O1).
                # 6D (L255): a unit that moved under this HQs "cannot move again" under another
                for uid, v in on_map(s, role):
                    if v["moved"]:
                        v["spent"] = max(v["spent"], movement.allowance(s, uid, "reaction"))
                log(s, f"{UNITS[f['hq']].name}: its units' reaction movement ends.", "14M2", to=[role])
                return None
            log(s, f"{SIDE_NAMES[role]}: the {PHASE_NAMES[s['phase']]} ends.", "4A")
            return None
        if "destroy_res" in action:
            _destroy_res(s, role, action["destroy_res"])
            return STAY
        if "rail_res" in action:
            h = action["rail_res"]
            logistics.spend(s, role, h)
            more = movement.spend_on_rail(s, role)
            text = (
                f"{SIDE_NAMES[role]} spends the Res Pt in {hex_name(h)}: {fmt(more)} REs more rail capacity this turn."
            )
            log(s, text, "7A", to=[role])
            return STAY
        if "disband" in action:
            ask(s, "disband", role)
            return STAY
        if "man_pts" in action:
            ask(s, "man_pts", role)
            return STAY
        if "rail_build" in action:
            h = action["rail_build"]
            n = movement.build_capacity(s, role, h)
            f["built"] = f.get("built", 0) + 1
            text = f"{SIDE_NAMES[role]} spends {n} Res Pts in {hex_name(h)}: 1 RE more rail capacity for good."
            log(s, text, "7A", to=[role])  # the net's capacity is the owner's secret (ruling O1)
            return STAY
        if "res_rail" in action:
            ask(s, "res_rail", role, hex=action["res_rail"])
            return STAY
        if "res_river" in action:
            ask(s, "res_river", role, hex=action["res_river"])
            return STAY
        if "load" in action or "unload" in action:
            hq = action.get("load") or action["unload"]
            (logistics.load if "load" in action else logistics.unload)(s, hq)
            what = "takes up" if "load" in action else "puts down"
            log(s, f"{UNITS[hq].short} {what} a Res Pt in {hex_name(s['units'][hq]['hex'])}.", "11H", to=[role])
            return STAY
        if "unit" in action:
            units = [action["unit"]]
        else:
            units = [u for u in movable(s, f, role) if s["units"][u]["hex"] == action["stack"]]
        ask(s, "destination", role, units=units, mode=f["mode"])
        return STAY


def _nowhere_to_go(s: dict, side: str, uid: str, mode: str) -> bool:
    """Whether a unit that has moved and has MPs left can do nothing more this phase but stay:
    no hex within its regular movement, no other way open, no works to build or undo. Such a unit
    is not offered to be picked (picked, it could only stay or be put down again)."""
    ctx = movement.Enemy(s, side, [uid])
    if s["units"][uid].get("accel") or movement.march_to(s, uid, mode, ctx):
        return False
    if any(w != "march" for w in open_ways(s, side, [uid], mode, ctx)):
        return False
    return not movement.engineering(s, [uid], mode)


def _before_moving(s: dict, side: str) -> bool:
    """Ruling O34: the permanent capacity of 7A5b, bought in the initial phase, is offered as the
    movement phase opens, before the side's first move or Res Pt spent on the rail this turn."""
    if (s.get("rail_res") or {}).get(side):
        return False
    units = s["units"]
    # a unit off the map keeps the flags of its last phase on it (eliminated after moving): only
    # the units on the map tell whether the side has moved this phase
    return not any(units[u]["moved"] and units[u]["at"] == "map" for u in SIDE_UNITS[side] if u in units)


def _destroy_res(s: dict, side: str, h: str) -> None:
    """11H (L648): the player destroys one of his Res Pts on the ground, unseen by the enemy."""
    logistics.destroy(s, side, h)
    log(s, f"{SIDE_NAMES[side]} destroys a Res Pt in {hex_name(h)}.", "11H", to=[side])


def _res_railheads(s: dict, f: dict, side: str) -> list[str]:
    """The hexes from which a Res Pt of the side may still go by rail this phase: on a line of
    its own to a marshaling yard (7A, L276), neither broken nor obstructed (7A6, 7A7), and not
    found to lead nowhere this phase (``no_rail``)."""
    piles = logistics.may_rail(s, side)
    if not piles:
        return []
    shut = {*s["breaks"], *s.get("obstructed", ()), *f.get("no_rail", ())}
    return [h for h in piles if h not in shut and movement.on_yard_line(s, side, h)]


def _res_landings(s: dict, f: dict, side: str) -> list[str]:
    """The hexes from which a Res Pt of the side may still go by river this phase (option 7C):
    next to a navigable hexside of a net with its 3 REs of capacity left, not moved by rail or
    river this phase (L662), and not found to lead nowhere (``no_river``). On this map no
    waterway net has more than 1 RE (7C5-6: 1 RE a yard), so none goes."""
    shut = f.get("no_river", ())
    return [h for h in logistics.may_rail(s, side) if h not in shut and movement.item_afloat(s, side, h)]


def _nowhere(state: State, s: dict, f: dict, role: str, shut: str) -> None:
    """A Res Pt's list of ways held nothing but "cancel": its hex is not offered again this
    phase (``shut``: the movement frame's list of such hexes)."""
    if len(state.actions(s, f, role)) == 1:
        s["stack"][-2].setdefault(shut, []).append(f["hex"])


class ResRiver(State):
    """11H (L650), option 7C: a Res Pt on the ground moves by river by itself, up to 40
    hexsides, taking its 3 REs from the waterway net's capacity; or stays."""

    def prompt(self, s, f, role):
        if not movement.item_river(s, role, f["hex"]):
            return f"No waterway with capacity left leads from {hex_name(f['hex'])} to a hex a Res Pt may land in."
        return f"Where does the Res Pt in {hex_name(f['hex'])} go by river?"

    def actions(self, s, f, role):
        return [{"to": h, "by": "river"} for h in movement.item_river(s, role, f["hex"])] + [{"cancel": True}]

    def act(self, s, f, role, action):
        if "cancel" in action:
            _nowhere(self, s, f, role, "no_river")
            return None
        h, to = f["hex"], action["to"]
        net = movement.item_river(s, role, h)[to]
        movement.river_item(s, role, net)
        logistics.rail(s, role, h, to, False)  # once a phase, by rail or river (L662)
        text = f"A Res Pt goes by river from {hex_name(h)} to {hex_name(to)} (3 REs of the waterway's capacity)."
        log(s, text, "11H", to=[role])
        settle(s)
        return None


class ResRail(State):
    """11H (L650): a Res Pt on the ground moves by rail by itself, 40 hexes by operational rail or
    200 by strategic, taking its 3 REs from the net's capacity; or stays."""

    # the last search (state, actions so far, frame, ways): the prompt and the list of one
    # position share it
    _searched: tuple | None = None

    def _ways(self, s, f, role) -> dict:
        last = self._searched
        if last is not None and last[0] is s and last[1] == len(s["actions"]) and last[2] is f:
            return last[3]
        ways = movement.item_rail(s, role, f["hex"])
        self._searched = (s, len(s["actions"]), f, ways)
        return ways

    def prompt(self, s, f, role):
        if not self._ways(s, f, role):
            return f"No rail line from {hex_name(f['hex'])} leads to a friendly marshaling yard with capacity left."
        return f"Where does the Res Pt in {hex_name(f['hex'])} go by rail?"

    def actions(self, s, f, role):
        ways = self._ways(s, f, role)
        return [{"to": h, "by": by} for h, (by, _, _) in ways.items()] + [{"cancel": True}]

    def act(self, s, f, role, action):
        if "cancel" in action:
            _nowhere(self, s, f, role, "no_rail")
            return None
        h, to = f["hex"], action["to"]
        ctx = movement.Enemy(s, role)
        by, charge, path = movement.item_rail(s, role, h, ctx)[to]
        s["rail_used"][role] += charge
        logistics.rail(s, role, h, to, by == "strat")
        movement.pin_holders(s, ctx, path)  # 7A (L275): as for a unit's rail move
        how = "strategic rail" if by == "strat" else "rail"
        text = f"A Res Pt goes by {how} from {hex_name(h)} to {hex_name(to)} ({fmt(charge)} REs of capacity)."
        log(s, text, "11H", to=[role])
        settle(s)
        return None


def covers(hq: str | None, uid: str) -> bool:
    """14M1: a non-German Army HQs' ZOI covers only units of its nationality."""
    if hq is None:
        return True
    h = UNITS[hq]
    return h.nationality == "german" or UNITS[uid].nationality == h.nationality


class Destination(State):
    """6-7: where the chosen unit or stack goes, by one way at a time: regular movement (6),
    accel movement (6B), rail movement (7A), river movement (7C) or overrun (6F). The player
    names the way ({"way": ...}) and then the hex; regular movement first, or accel movement
    for units already under it (6B3)."""

    # the searches behind the last list (state, actions so far, frame, searches): the move
    # chosen from it right after reuses them
    _searched: tuple | None = None

    def prompt(self, s, f, role):
        names = ", ".join(UNITS[u].short for u in f["units"])
        way = way_of(s, f)
        if way == "overrun":
            return f"Which enemy stack does {names} overrun? Or choose another way, or stay."
        return f"Where does {names} go by {WAY_ORDERS[way]}? Or choose another way, or stay."

    def _searches(self, s, f) -> movement.Enemy | None:
        last, self._searched = self._searched, None
        if last is not None and last[0] is s and last[1] == len(s["actions"]) - 1 and last[2] is f:
            return last[3]
        return None

    def actions(self, s, f, role):
        units = f["units"]
        mode = f["mode"]
        out = []
        ctx = movement.Enemy(s, role, units)
        self._searched = (s, len(s["actions"]), f, ctx)
        way = way_of(s, f)
        if way == "overrun":
            out += [{"to": h, "overrun": True} for h in overruns(s, role, units, mode, ctx)]
        elif way == "march" and len(units) == 1:
            out += [{"to": h} for h in movement.march_to(s, units[0], mode, ctx)]
        else:
            for h, ways in movement.reach(s, units, mode, ctx, ways=(way,)).items():
                for by in ways:
                    out.append({"to": h} if by == "march" else {"to": h, "by": by})
        out += [{"way": w} for w in open_ways(s, role, units, mode, ctx) if w != way]
        if len(units) == 1 and s["units"][units[0]]["fat"] and not s["units"][units[0]]["moved"]:
            out.append({"rest": True})
        out += movement.engineering(s, units, mode)
        out.append({"stay": True})
        out.append({"cancel": True})
        return out

    def act(self, s, f, role, action):
        units = f["units"]
        ctx = self._searches(s, f)
        if "cancel" in action:
            return None
        if "way" in action:
            f["way"] = action["way"]
            return STAY
        if "stay" in action:
            for u in units:  # 6: never required to move; it ends its movement here
                s["units"][u]["moved"] = True
                s["units"][u]["spent"] = movement.allowance(s, u, f["mode"])
            return None
        if set(action) & ENGINEERING:
            done = movement.engineer(s, units[0], action, f["mode"])
            rule = "13A" if "break_rail" not in action else "7A"
            # the works and breaks are on the map for both; who made them is the owner's to know (O1)
            log(s, f"{UNITS[units[0]].short} {done} in {hex_name(s['units'][units[0]]['hex'])}.", rule, to=[role])
            return None
        if "rest" in action:
            n = movement.rest(s, units[0], f["mode"])
            log(s, f"{UNITS[units[0]].short} rests: {n} fatigue hit(s) removed.", "6B4", to=[role])
            return None
        to = action["to"]
        if action.get("overrun"):
            combat.overrun(s, role, units, to, f["mode"], ctx)
            if combat.contested(s, to):
                combat.enter_contested(s, [u for u in units if s["units"][u].get("hex") == to])  # 9J L539
            settle(s)
            return None
        by = action.get("by", "march")
        start = s["units"][units[0]]["hex"]
        rail = by in ("rail", "strat")
        holding = _holding(s) if rail else set()
        movement.move(s, units, to, by, f["mode"], ctx)
        if combat.contested(s, to):
            combat.enter_contested(s, units)  # 9J (L539)
        settle(s, ctx)
        names = ", ".join(UNITS[u].short for u in units)
        how = {
            "march": "",
            "accel": " by accelerated movement",
            "rail": " by rail",
            "strat": " by strategic rail",
            "river": " by river",
        }[by]
        verb = "moves" if len(units) == 1 else "move"
        log(
            s,
            f"{names} {verb} from {hex_name(start)} to {hex_name(to)}{how}.",
            "6" if by != "rail" else "7A",
            to=[role],
        )
        for u in sorted(_holding(s) - holding) if rail else ():
            text = f"{UNITS[u].short} holds {hex_name(s['units'][u]['hex'])} for the railway through the enemy ZOC."
            log(s, text, "7A", to=[role])  # ruling O27: the enemy is not told
        return None


WAY_ORDERS = {  # the ways a destination list is made for, in words
    "march": "regular movement",
    "accel": "accelerated movement",
    "rail": "rail movement",
    "river": "river movement",
    "overrun": "overrun",
}


def way_of_move(action: dict) -> str:
    """The way whose list holds a move: rail movement holds strategic rail too."""
    if action.get("overrun"):
        return "overrun"
    return {"strat": "rail"}.get(action.get("by"), action.get("by") or "march")


def way_of(s: dict, f: dict) -> str:
    """The way the destinations are listed for: the one the player named, else regular
    movement, or accel movement for units under it (6B3: they move by nothing else)."""
    way = f.get("way")
    if way is None:
        way = "accel" if any(s["units"][u].get("accel") for u in f["units"]) else "march"
    return way


def open_ways(s: dict, side: str, units: list[str], mode: str, ctx: movement.Enemy) -> list[str]:
    """The ways open to the unit or stack now, by what costs little to tell: regular movement
    unless under accel (6B3); accel, rail and river movement in the movement phase only (6B,
    7A, 7C), accel if every unit may, rail from a line of its side's gauge that is neither
    broken nor obstructed with capacity left, river next to a navigable hexside; an overrun
    where an enemy stack in sight lies within reach (6F). Where a way then finds no hex, its
    list holds only the other ways."""
    vs = [s["units"][u] for u in units]
    out = []
    if not any(v.get("accel") for v in vs):
        out.append("march")
    if mode == "movement":
        if all(movement.may_accel(s, u) for u in units):
            out.append("accel")
        if all(movement.may_rail(s, u) for u in units):
            out.append("rail")
        if s["options"].get("river_movement") and all(movement.by_waterway(s, u) for u in units):
            out.append("river")
    if overrun_in_sight(s, side, units, mode, ctx.occupied):
        out.append("overrun")
    return out


def _in_sight(s: dict, side: str, occupied) -> frozenset:
    """The enemy-occupied hexes (of ``occupied``) the side sees (ruling O1)."""
    seen = visible(s, side)
    return occupied if seen is None else occupied & seen


def overrun_in_sight(s: dict, side: str, units: list[str], mode: str, occupied) -> bool:
    """Whether an enemy stack in sight (of ``occupied``) might be overrun, by what costs little
    to tell (6F, ``combat.may_overrun``)."""
    return combat.may_overrun(s, side, units, mode, occupied, lambda near: in_sight(s, side, near))


def overruns(s: dict, side: str, units: list[str], mode: str, ctx: movement.Enemy) -> list[str]:
    """6F: the enemy stacks in sight the unit or stack can overrun now (an overrun is declared
    against a stack one can see, ruling O1)."""
    return combat.overrun_targets(s, side, units, mode, ctx, among=_in_sight(s, side, ctx.occupied))


def _holding(s: dict) -> set[str]:
    """The units bound to their hexes this phase by a rail move through them (7A, ruling O27)."""
    return {u for u, v in s["units"].items() if v.get("holds")}


ENGINEERING = frozenset({"build", "break_rail", "repair_rail", "clear_rail", "demolish_bridge", "repair_bridge"})
"""The engineering a unit may do instead of moving on (7A6, 13A)."""


class Activate(State):
    """14M2: the reacting player checks his Army HQs one by one; the units in an active HQ's
    ZOI make their reaction movement before the next is checked."""

    def prompt(self, s, f, role):
        return "Reaction movement: check each of your Army HQs' activation in turn (4A4)."

    def actions(self, s, f, role):
        out = []
        for hq, rec in s["hq"].items():
            if rec["active"] and hq not in s["checked"] and s["units"][hq]["at"] == "map" and UNITS[hq].side == role:
                out.append({"activate": hq})
                if rec.get("leader"):
                    out.append({"activate": hq, "leader": True})  # 14P: at the owner's option
        if not out:  # 4A4: the reacting player checks every one of his Army HQs
            out.append({"end": "reaction-movement"})
        return out

    def act(self, s, f, role, action):
        if "end" in action:
            log(s, f"{SIDE_NAMES[role]}: the reaction movement phase ends.", "4A")
            return None
        hq = action["activate"]
        s["checked"].append(hq)
        roll, drm, ok = activation(s, hq, bool(action.get("leader")))
        name = UNITS[hq].name
        if not ok:
            s["hq"][hq]["active"] = False
            log(s, f"{name} fails its activation check (roll {roll}, {drm:+d}) and turns inactive.", "14M2", to=[role])
            return STAY
        log(s, f"{name} stays active (roll {roll}, {drm:+d}): its units may react.", "14M2", to=[role])  # ruling O1
        ask(s, "move", role, mode="reaction", hq=hq, zoi=sorted(zoi(s, hq)))
        return STAY


def zoi(s: dict, hq: str) -> set[str]:
    """14M1: the HQ's hex and every hex within two hexes."""
    return set(_zoi_around(s["units"][hq]["hex"]))


@lru_cache(maxsize=None)
def _zoi_around(h: str) -> frozenset[str]:
    from ...engine import hexes as hx

    radius = CH.army_hq.values["zoi_radius"]
    return frozenset(x for x in MAP.terrain if hx.distance(hx.from_id(h), hx.from_id(x)) <= radius)


def activation(s: dict, hq: str, use_leader: bool = True) -> tuple[int, int, bool]:
    """14M2: a Ground Success roll, modified by the nation (ruling R32), the leader if the player
    gambles on him (14P, L1010: his rating chosen by a second die), disruption (-1) and the
    scenario (sr-russian-activation)."""
    u = UNITS[hq]
    drm = CH.activation_modifier(u.nationality)
    leader = s["hq"][hq].get("leader") if use_leader else None
    if leader:
        lrec = next(x for x in SC.leaders if x.id == leader)
        drm += CH.leader_modifier(tuple(lrec.ratings), rng.roll(s))
    if s["units"][hq]["dis"]:
        drm -= 1
    if u.side == "entente" and TURNS[s["turn"]] in ("aug-ii-14", "sep-i-14"):
        drm -= 1  # sr-russian-activation
    roll = rng.roll(s)
    return roll, drm, CH.succeeds(CH.ground_success(roll, drm))


class Combat(State):
    """9, 12C, B17B2-3: the attacker picks a hex to attack (or to bombard, with artillery or air
    points, or to fly tactical recon over ahead of its bombardment), or ends the phase."""

    def prompt(self, s, f, role):
        return f"{PHASE_NAMES[s['phase']].capitalize()}: pick an enemy hex to attack, or end the phase."

    def actions(self, s, f, role):
        out = [{"attack": h} for h in combat.targets(s, role)]
        if s["phase"] == "combat":
            out += [{"air_recon": h} for h in combat.air_recon_targets(s, role)]
            out += combat.bombard_actions(s, role)
            out += [{"air_bombard": h} for h in combat.air_bombard_targets(s, role)]
        out += [{"destroy_res": h} for h in sorted(s["res"][role])]  # 11H (L648): between his attacks
        out.append({"end": s["phase"]})
        return out

    def act(self, s, f, role, action):
        if "destroy_res" in action:
            _destroy_res(s, role, action["destroy_res"])
            return STAY
        if "bombard" in action:
            h = action["bombard"]
            combat.bombard(s, role, h, action.get("units") or combat.bombard_units(s, role, h))
            return STAY
        if "air_bombard" in action:
            ask(s, "bomb", role, hex=action["air_bombard"])
            return STAY
        if "air_recon" in action:
            ask(s, "bomb", role, hex=action["air_recon"], recon=True)
            return STAY
        counter = combat.end_bombardments(s, role)
        if "end" in action:
            if counter:
                ask(s, "counter", OTHER[role])  # 12C: the enemy's counter-bombardment, then the phase ends
                return STAY
            log(s, f"{SIDE_NAMES[role]}: the {PHASE_NAMES[s['phase']]} ends.", "4A")
            return None
        h = action["attack"]
        s["attack"] = {"side": role, "hex": h, "units": proposed(s, role, h)}
        ask(s, "attackers", role)
        if counter:
            ask(s, "counter", OTHER[role])  # 12C: before the first attack
        return STAY


class Bomb(State):
    """B17B3: how many air points fly the aerial bombardment of the chosen hex; B17B2: or the
    tactical recon ahead of its bombardments."""

    def prompt(self, s, f, role):
        if f.get("recon"):
            return f"How many air points fly tactical recon over {hex_name(f['hex'])}?"
        return f"How many air points bomb {hex_name(f['hex'])}?"

    def actions(self, s, f, role):
        return [{"points": n} for n in range(1, s["air"][role]["left"] + 1)] + [{"cancel": True}]

    def act(self, s, f, role, action):
        if "points" in action:
            if f.get("recon"):
                combat.air_recon(s, role, f["hex"], action["points"])
            else:
                combat.air_bombard(s, role, f["hex"], action["points"])
        return None


class Counter(State):
    """12C: the non-phasing player's counter-bombardment, with the artillery in the hexes the
    enemy bombarded this phase, before the first attack."""

    def prompt(self, s, f, role):
        return "Counter-bombardment: pick an enemy hex to bombard, or end it."

    def actions(self, s, f, role):
        return combat.bombard_actions(s, role) + [{"end": "counter-bombardment"}]

    def act(self, s, f, role, action):
        if "end" in action:
            return None
        h = action["bombard"]
        combat.bombard(s, role, h, action.get("units") or combat.bombard_units(s, role, h))
        return STAY if combat.bombard_targets(s, role) else None


def proposed(s: dict, side: str, h: str) -> list[str]:
    """The attackers an attack starts with: every unit able to attack the hex but fortress
    garrisons, which cannot retreat (9F, ruling C11); the player adds or removes units."""
    able = combat.eligible_attackers(s, side, h)
    chosen = [u for u in able if not UNITS[u].fortress] or able
    by_hex: dict[str, list[str]] = {}
    for u in chosen:  # 8B: from each hex, no more than the attacked hex could hold
        by_hex.setdefault(s["units"][u]["hex"], []).append(u)
    out = []
    for us in by_hex.values():
        keep: list[str] = []
        for u in us:
            if stacking_room(s, h, keep + [u], here=[]):
                keep.append(u)
        out += keep
    order = list(UNITS)
    return sorted(out, key=order.index)


class Attackers(State):
    """9A: the attacker names the units that attack the hex, sees the odds, and resolves."""

    def prompt(self, s, f, role):
        a = s["attack"]
        info = combat.assess(s, role, a["hex"], a["units"]) if a["units"] else None
        if info is None:
            return f"Attack {hex_name(a['hex'])}: add attacking units."
        if not info["defense"]:
            return (
                f"Attack {hex_name(a['hex'])}: {info['attack']:g} against a defense strength of 0: its units fall "
                "without a die, eliminated (9G1)."
            )
        return (
            f"Attack {hex_name(a['hex'])}: {info['attack']:g} against {info['defense']:g}, "
            f"{info['odds']} on the {info['crt']} CRT, column {info['column']}, DRM {info['drm']:+d}."
        )

    def actions(self, s, f, role):
        a = s["attack"]
        out = []
        st = stacks(s)
        if a["units"] and not combat.attack_problems(s, role, a["hex"], a["units"], st):
            out.append({"resolve": True})  # 8B, 9B, 9G1: only an attack the rules allow
        chosen = set(a["units"])
        for u in combat.eligible_attackers(s, role, a["hex"], st):
            out.append({"remove": u} if u in chosen else {"add": u})
        plan = a.get("air", {})
        free = s["air"][role]["left"] - plan.get("recon", 0) - plan.get("gs", 0)
        if free > 0:  # B17B2, B17B5
            out.append({"air": "recon"})
            if plan.get("gs", 0) < air.gs_limit(s, a["units"]):
                out.append({"air": "gs"})
        for kind in ("recon", "gs"):
            if plan.get(kind, 0):
                out.append({"unair": kind})
        out.append({"cancel": True})
        return out

    def act(self, s, f, role, action):
        a = s["attack"]
        if "cancel" in action:
            s["attack"] = None
            return None
        if "add" in action:
            a["units"].append(action["add"])
            order = list(UNITS)
            a["units"].sort(key=order.index)
            return STAY
        if "remove" in action:
            a["units"].remove(action["remove"])
            plan = a.get("air", {})
            plan["gs"] = min(plan.get("gs", 0), air.gs_limit(s, a["units"]))
            return STAY
        if "air" in action:
            plan = a.setdefault("air", {"recon": 0, "gs": 0})
            plan[action["air"]] += 1
            return STAY
        if "unair" in action:
            a["air"][action["unair"]] -= 1
            return STAY
        call(s, "battle", side=role)
        return None


class Reserve(State):
    """6C: the defender may commit the units of one stack within two hexes, not in an enemy
    ZOC, before the attack is resolved; he decides without knowing the die."""

    def prompt(self, s, f, role):
        return f"{hex_name(f['hex'])} is attacked on the Positional CRT: commit reserves from a stack, or none."

    def actions(self, s, f, role):
        return [{"commit": h} for h in combat.reserve_stacks(s, role, f["hex"])] + [{"commit": None}]

    def act(self, s, f, role, action):
        if action["commit"] is not None:
            combat.commit_reserves(s, role, action["commit"], f["hex"])
        return None


def _leader_hqs(s: dict, side: str) -> list[str]:
    """14P: the side's active Army HQs on the map that have a leader."""
    return [
        hq
        for hq, rec in s["hq"].items()
        if UNITS[hq].side == side and rec.get("leader") and rec["active"] and s["units"][hq]["at"] == "map"
    ]


def _leads(s: dict, side: str) -> bool:
    """Whether the side is asked about its leaders before a combat (14P, L1017): whenever it has
    a leader in command, in reach of the combat or not, so that being asked tells the enemy
    nothing of where the HQ stands (ruling O1)."""
    return bool(_leader_hqs(s, side))


def leaders_for(s: dict, side: str, attack: dict) -> list[str]:
    """14P: the side's Army HQs with a leader, active, whose ZOI holds every one of its units in
    the combat (the attackers' hexes, or the attacked hex)."""
    if side == attack["side"]:
        hexes = {s["units"][u]["hex"] for u in attack["units"]}
    else:
        hexes = {attack["hex"]}
    return [hq for hq in _leader_hqs(s, side) if hexes <= zoi(s, hq)]


class Leader(State):
    """14P: whether a leader gambles on influencing the combat die (one per side)."""

    def prompt(self, s, f, role):
        return f"The attack on {hex_name(s['attack']['hex'])}: does a leader try to influence the combat die?"

    def actions(self, s, f, role):
        return [{"leader": hq} for hq in leaders_for(s, role, s["attack"])] + [{"leader": None}]

    def act(self, s, f, role, action):
        if action["leader"] is not None:
            s["attack"].setdefault("leaders", {})[role] = action["leader"]
        return None


class Staff(State):
    """14P (L1009): the general staff. The player withdraws leaders from his Army HQs to the
    off-map pool, and assigns to an Army HQs without one a leader of its nationality who has
    spent an initial phase in the pool (ruling O25)."""

    def prompt(self, s, f, role):
        return "The general staff (14P): assign or withdraw leaders, or go on to the movement phase."

    @staticmethod
    def hqs(s: dict, side: str) -> list[str]:
        return [hq for hq in s["hq"] if UNITS[hq].side == side and s["units"][hq]["at"] == "map"]

    @staticmethod
    def assignments(s: dict, side: str) -> list[dict]:
        now = initials(s, side)
        out = []
        for lid, since in sorted(staff(s, side).items()):
            if since >= now:
                continue  # not before he has spent an initial phase at the general staff
            nationality = LEADERS[lid].nationality
            for hq in Staff.hqs(s, side):
                if not s["hq"][hq].get("leader") and UNITS[hq].nationality == nationality:
                    out.append({"assign_leader": lid, "to": hq})
        return out

    @staticmethod
    def worth_asking(s: dict, side: str) -> bool:
        """A leader waits to be assigned; or, after the first turn (the set-up is the scenario's,
        ruling O25), the side has a leader at all. Whether a leader waits at the staff is not
        told by being asked: from the second turn every side with a leader is asked (O1)."""
        if s["turn"] == 0:
            return bool(Staff.assignments(s, side))
        return bool(staff(s, side)) or any(s["hq"][hq].get("leader") for hq in Staff.hqs(s, side))

    def actions(self, s, f, role):
        out = [{"withdraw_leader": hq} for hq in self.hqs(s, role) if s["hq"][hq].get("leader")]
        return out + self.assignments(s, role) + [{"end": "general-staff"}]

    def act(self, s, f, role, action):
        if "end" in action:
            return None
        if "withdraw_leader" in action:
            hq = action["withdraw_leader"]
            lid, s["hq"][hq]["leader"] = s["hq"][hq]["leader"], None
            to_staff(s, role, lid)
            log(s, f"{leader_name(lid)} leaves {UNITS[hq].name} for the general staff.", "14P", to=[role])
        else:
            lid, hq = action["assign_leader"], action["to"]
            del staff(s, role)[lid]
            s["hq"][hq]["leader"] = lid
            s["hq"][hq].pop("vacant", None)
            log(s, f"{leader_name(lid)} takes command of {UNITS[hq].name}.", "14P", to=[role])
        return STAY


class Superiority(State):
    """B17B1: both players assign air points to air superiority at once, in secret."""

    simultaneous = True

    def prompt(self, s, f, role):
        return f"Air superiority: how many of your {counted(s['air'][role]['left'], 'air point')} fly it this phase?"

    def actions(self, s, f, role):
        return [{"superiority": n} for n in range(s["air"][role]["left"] + 1)]

    def reveal(self, s, f, choices):
        air.assign_superiority(s, {side: a["superiority"] for side, a in choices.items()})


class Das(State):
    """B17B4: the defender's air points to the attacked hex, before the attacker's support is known."""

    def prompt(self, s, f, role):
        return f"{hex_name(f['hex'])} is attacked: how many air points fly defensive air support?"

    def actions(self, s, f, role):
        return [{"das": n} for n in range(s["air"][role]["left"] + 1)]

    def act(self, s, f, role, action):
        s["attack"]["das"] = action["das"]
        checkpoint(s)  # the attacker's support is shown next: the answer is not taken back (B17B4)
        return None


def plain(text: str) -> str:
    """A scenario text with the order of battle's ids (``rf-west-corps``, ``wd-ninth-army``) put
    in words, for the player's prompt, buttons and log."""
    out = []
    for word in text.split(" "):
        core = word.rstrip(".,;:)")
        tail = word[len(core) :]
        rf = next((r for r in SC.reinforcements if r.id == core), None)
        wd = next((w for w in SC.withdrawals if w.id == core), None)
        if rf is not None:
            hqs = [UNITS[u].name.removesuffix(" HQ") for u in rf.units if UNITS[u].hq]
            what = " and ".join(hqs) if hqs else ", ".join(UNITS[u].short for u in rf.units)
            core = f"the reinforcement of the {what} ({len(rf.units)} units)"
        elif wd is not None:
            core = f"the {wd.id.removeprefix('wd-').replace('-', ' ').title()} withdrawal list"
        out.append(core + tail)
    return " ".join(out)


def choice_text(choice_id: str, option_id: str | None = None) -> str | None:
    """16A1dd: the words of a choice of the scenario's option (the one open, if known)."""
    for o in SC.options:
        if option_id in (None, o.id):
            for c in o.choices:
                if c.id == choice_id:
                    return plain(c.text)
    return None


class Choice(State):
    """16A1dd: an 'either A or B' entry of the scenario."""

    def prompt(self, s, f, role):
        return plain(next(o.text for o in SC.options if o.id == f["option"]))

    def actions(self, s, f, role):
        opt = next(o for o in SC.options if o.id == f["option"])
        return [{"choice": c.id} for c in opt.choices]

    def act(self, s, f, role, action):
        opt = next(o for o in SC.options if o.id == f["option"])
        c = next(c for c in opt.choices if c.id == action["choice"])
        s["choices"][opt.id] = c.id
        for side, vp in c.vp.items():
            s["vp"][side] += vp
        log(s, f"{SIDE_NAMES[role]} decides: {plain(c.text)}", "16A1dd")
        return None


class Replace(State):
    """16B3c (L1208): the phasing player replaces eliminated units, one at a time (at a city, or
    where Man Pts of his stand on the map), or stops."""

    def prompt(self, s, f, role):
        pool = s["pool"][role]
        return (
            f"Replacements ({points(pool['man'], 'man')}, {points(pool['equ'], 'equ')}): replace an "
            "eliminated unit at a city or where your Man Pts stand, or go on to the movement phase."
        )

    def actions(self, s, f, role):
        scraps = [{"scrap": uid} for uid in replacement_pool(s, role) if _replaceable(s, uid)]  # 16C2
        return [*replacement_offers(s, role), *scraps, {"end": "replacements"}]

    def act(self, s, f, role, action):
        if "end" in action:
            return None
        if "scrap" in action:
            scrap(s, role, action["scrap"])
            return STAY
        replace(s, role, action["replace"], action["at"], on_map=bool(action.get("on_map")))
        return STAY  # he ends it himself, or the number of steps would tell what his pool has left


class ManPts(State):
    """16B3 (L1204-1205), ruling O37: as his movement phase opens (his initial phase over, every
    other replacement activity done), the player places Man Pts of his general pool on the map
    (``{"place_man": True}``, then the hex) and takes them back, one at a time, or stops."""

    def prompt(self, s, f, role):
        pool = s["pool"][role]
        stock = sum(1 for uid in MAN_PTS[role] if s["units"][uid]["at"] == "stock")
        return (
            f"Man Pts ({points(pool['man'], 'man')} in the general pool, {stock} Man Pt counters left): "
            "place one on the map or take one back (16B3), or go on with the movement phase."
        )

    def actions(self, s, f, role):
        placing = [{"place_man": True}] if _may_place(s, role) else []
        return [*placing, *man_pt_backs(s, role), {"end": "man-pts"}]

    def act(self, s, f, role, action):
        if "end" in action:
            return None
        if action.get("place_man") is True:
            ask(s, "man_place", role)
        else:
            take_back_man_pt(s, role, action["take_back"])
            s["man_switch"]["back"] += 1
        return STAY


class ManPlace(State):
    """16B3 (L1205), ruling O37: the hex where a Man Pt of the pool goes, or none after all."""

    def prompt(self, s, f, role):
        return "Where does the Man Pt go? A hex of yours in general supply, with no enemy in it (16B3)."

    def actions(self, s, f, role):
        return [*man_pt_places(s, role), {"cancel": True}]

    def act(self, s, f, role, action):
        if "place_man" in action:
            uid = place_man_pt(s, role, action["place_man"])
            s["man_switch"]["placed"] = [*s["man_switch"]["placed"], uid]
        return None


class Disband(State):
    """16C1 (L1233, ruling O36): which eligible unit the player disbands, or none after all."""

    def prompt(self, s, f, role):
        left = DISBAND_LIMIT - s.get("disbanded", {}).get(role, {}).get(month_of(TURNS[s["turn"]]), 0)
        return f"Disband which unit (16C1)? {fmt(left)} REs may still be disbanded this month."

    def actions(self, s, f, role):
        return [{"disband": uid} for uid in disband_candidates(s, role)] + [{"cancel": True}]

    def act(self, s, f, role, action):
        if "disband" in action:
            disband(s, role, action["disband"])
        return None


DISBAND_LIMIT = 12
"""16C1 (L1233): the REs a major or great power may disband voluntarily a month."""


def disband_candidates(s: dict, side: str) -> list[str]:
    """16C1 (L1233, ruling O36): the side's units on the map with a printed movement rating of 5 or
    more, neither HQs (14M) nor isolated (11F: their points would have to stay in the hex), within
    the month's 12 REs."""
    used = s.get("disbanded", {}).get(side, {}).get(month_of(TURNS[s["turn"]]), 0)
    return [
        uid
        for uid, v in on_map(s, side)
        if UNITS[uid].movement >= 5
        and not UNITS[uid].hq
        and v["supply"] != "isolated"
        and used + re_size(s, uid) <= DISBAND_LIMIT
    ]


def disband_value(s: dict, uid: str) -> tuple[str, float]:
    """16A1i (L1167, ruling O36): what a unit disbanded from the map gives: its replacement cost
    (ruling O23: a point for each step it has on the map) plus its scrapping value (ruling O35),
    in Equ Pts for artillery, Man Pts for the rest."""
    kind, half = scrap_value(uid)
    steps = 2 if UNITS[uid].cadre and not s["units"][uid]["cadre"] else 1
    return kind, steps + half


def disband(s: dict, side: str, uid: str) -> None:
    """16C1, 16A1i: the unit leaves play for good (it is not eliminated and is never replaced); its
    points join the pool (the initial phase is over, L1260)."""
    kind, n = disband_value(s, uid)
    month = month_of(TURNS[s["turn"]])
    used = s.setdefault("disbanded", {}).setdefault(side, {})
    used[month] = used.get(month, 0) + re_size(s, uid)
    v = s["units"][uid]
    where = v["hex"]
    logistics.drop(s, uid, where)  # 11H (L648-653): what it carries stays on the map, as on withdrawal
    v["at"] = "disbanded"
    v["hex"] = None
    s["pool"][side][kind] = s["pool"][side].get(kind, 0) + n
    text = f"{UNITS[uid].short} is disbanded in {hex_name(where)}: {points(n, kind)} to the pool (16C1)."
    log(s, text, "16C", to=[side])  # the counter leaves the map; the enemy is not told why
    settle(s)


class Withdraw(State):
    """16A1cc: units the OB withdraws leave the map, one by one as the player names them, or all
    that may go at once; each unit kept back gives the enemy victory points (the scenario)."""

    def prompt(self, s, f, role):
        wd = next(w for w in SC.withdrawals if w.id == f["withdrawal"])
        return (
            f"The OB withdraws units to {wd.destination}: withdraw them (one by one, or all that may "
            "go), or keep the rest and give the enemy VP."
        )

    def actions(self, s, f, role):
        units = withdraw_candidates(s, f["withdrawal"], f.get("gone", []))
        return [{"withdraw": True}, {"withdraw": False}] + [{"withdraw": u} for u in units]

    def act(self, s, f, role, action):
        gone = f.setdefault("gone", [])
        go = action["withdraw"]
        if isinstance(go, str):
            withdraw_unit(s, go)
            gone.append(go)
            if withdraw_candidates(s, f["withdrawal"], gone):
                return STAY
            go = False
        withdraw(s, f["withdrawal"], go, gone)
        return None


# ----- the scenario's schedule (16) --------------------------------------------------------------


def events(s: dict, side: str, t: str) -> None:
    for ev in SC.events:
        if ev.side != side or ev.turn != t or ev.id in s["events"]:
            continue
        if not event_condition(s, ev.id):
            continue
        s["events"].append(ev.id)
        waiting = []
        for eff in ev.effects:
            if eff.kind == "remove-leader":
                for rec in s["hq"].values():
                    if rec.get("leader") == eff.leader:
                        rec["leader"] = None
                        rec["vacant"] = True
                staff(s, side).pop(eff.leader, None)  # 14P: gone from the general staff too
            elif eff.kind == "add-leader":
                # the successor takes the command the scenario's removal left, if that Army HQs
                # is on the map; else he waits at the general staff, for the player to assign
                # this initial phase (14P, ruling O25)
                target = next(
                    (
                        hq
                        for hq, rec in s["hq"].items()
                        if rec.get("vacant") and UNITS[hq].side == side and s["units"][hq]["at"] == "map"
                    ),
                    None,
                )
                if target is not None:
                    s["hq"][target]["leader"] = eff.leader
                    s["hq"][target].pop("vacant", None)
                else:
                    to_staff(s, side, eff.leader, ready=True)
                    waiting.append(eff.leader)
        if not waiting:
            log(s, plain(ev.text), "14P")
            continue
        # ruling O25: the successor's Army HQs is not on the map yet (the Tenth Army HQs arrives
        # after the event that brings Flug): he waits at the general staff, and the event's text
        # ("Flug takes command of the new Tenth Army") would tell the player he had taken it. The
        # line is the owner's: the staff and the reinforcements due are his to know (ruling O1).
        due = [
            UNITS[u].name
            for rf in SC.reinforcements
            if rf.side == side and rf.turn == t
            for u in rf.units
            if UNITS[u].army_hq and s["units"][u]["at"] == "due" and not s["hq"].get(u, {}).get("leader")
        ]
        where = f"{' or '.join(due)}, arriving this initial phase" if due else "an Army HQ without a leader"
        for lid in waiting:
            log(
                s,
                f"{leader_name(lid)} comes to the general staff: you may give him the command of {where} (14P).",
                "14P",
                to=[side],
            )


def event_condition(s: dict, eid: str) -> bool:
    lost = [e for e in s["eliminated_log"] if e["turn"] == 0]
    if eid == "ev-samsonov":
        second = [e for e in lost if UNITS[e["uid"]].army == "ru-2-army-hq" and UNITS[e["uid"]].size == "division"]
        return any(e["uid"] == "ru-2-army-hq" for e in lost) or len(second) >= 3
    if eid == "ev-ninth-army-command":
        return s["withdrawn"].get("wd-ninth-army", 0) >= 4
    if eid == "ev-francois":
        return any(rec.get("leader") == "schubert" for rec in s["hq"].values())
    return True


def _open_to(s: dict, side: str, here: dict[str, list[str]], h: str) -> bool:
    """16A (L1157): reinforcements are placed in friendly-owned hexes (in enemy ZOCs or not), never
    with an enemy unit."""
    return s["owner"].get(h) == side and not any(UNITS[x].side != side for x in here.get(h, []))


def reinforcements(s: dict, side: str, t: str) -> None:
    """16A1: units arrive in the phasing player's initial phase of their turn, at their entry
    hex or, if it is enemy-owned or full, at the first alternative that is not, unit by unit
    (ruling O41)."""
    now = TURNS.index(t)
    for rf in SC.reinforcements:
        if rf.side != side or TURNS.index(rf.turn) > now:
            continue  # 16A1: a reinforcement that could not arrive comes as soon as it can
        if rf.option and s["choices"].get(rf.option) != rf.choice:
            continue
        if rf.id == "rf-west-corps" and s["choices"].get("opt-west-corps") != "accept":
            continue
        units = [u for u in rf.units if s["units"][u]["at"] == "due"]
        if not units:
            continue
        here = stacks(s)
        named = dict.fromkeys(start_hex(loc) for loc in [rf.entry, *rf.alternatives])  # the OB's order
        entries = [h for h in named if _open_to(s, side, here, h)]
        if not entries:
            log(
                s, f"{len(units)} reinforcement(s) cannot arrive: every entry hex is in enemy hands.", "16A1", to=[side]
            )
            continue
        where = entries[0]
        placed: dict[str, list[str]] = {}
        for u in units:
            # ruling O41: the entry, else the first of the OB's alternatives with room (8A), else a
            # friendly-owned hex next to the entry with room and no enemy unit; else delayed (L1157)
            h = next((e for e in entries if stacking_room(s, e, [u])), None)
            if h is None:
                h = next(
                    (b for b in NEIGHBOURS[where] if _open_to(s, side, here, b) and stacking_room(s, b, [u])), None
                )
                if h is None:
                    continue
            v = s["units"][u]
            v.update({"hex": h, "at": "map", "spent": 0, "moved": False})
            placed.setdefault(h, []).append(u)
            here.setdefault(h, []).append(u)
            if UNITS[u].army_hq and u not in s["hq"]:
                s["hq"][u] = {"active": True, "leader": None}
        supply.arrive(s, [u for us in placed.values() for u in us])  # 16 (L1155): the hex's supply status
        for h, us in placed.items():
            names = ", ".join(UNITS[u].short for u in us)
            log(s, f"Reinforcements arrive at {hex_name(h)}: {names}.", "16A1", to=[side])  # ruling O1


def replacements(s: dict, side: str, t: str) -> None:
    """16B1: the pool receives the turn's production; its Res Pts are the player's to place
    (L1192, ``ResPlace``)."""
    for rp in SC.replacements:
        if rp.side == side and rp.turn == t:
            pool = s["pool"][side]
            pool["man"] += sum(rp.man_pts.values())
            pool["equ"] += rp.equ_pts
            if rp.res_pts:
                s["res_due"][side] = s["res_due"].get(side, 0) + rp.res_pts


class ResPlace(State):
    """16B1 (L1192): the player places each Res Pt produced at one of his cities in regular
    general supply. With none, the Res Pts are lost (ruling S16)."""

    def prompt(self, s, f, role):
        n = s["res_due"][role]
        return f"Production: place {n} Res Pt{'s' if n > 1 else ''} at your cities in general supply."

    def actions(self, s, f, role):
        return [{"res_at": h} for h in logistics.placements(s, role)] or [{"res_lost": s["res_due"][role]}]

    @staticmethod
    def place_all(s: dict, side: str) -> None:
        """16B1 without a question: with one city in regular general supply every Res Pt is placed
        there, with none they are lost. Which of his cities are in general supply follows from the
        map both players see (ownership, rail breaks, ZOCs), so the question's absence tells the
        enemy nothing (ruling S16)."""
        n = s["res_due"][side]
        where = logistics.placements(s, side)
        s["res_due"][side] = 0
        if not where:
            log(s, f"{SIDE_NAMES[side]} has no city in general supply: its Res Pts are lost.", "16B1", to=[side])
            return
        for _ in range(n):
            logistics.add(s, side, where[0])
        log(
            s,
            f"{SIDE_NAMES[side]} places {n} Res Pt{'s' if n != 1 else ''} in {hex_name(where[0])}, "
            "its only city in general supply.",
            "16B1",
            to=[side],
        )

    def act(self, s, f, role, action):
        if "res_lost" in action:
            s["res_due"][role] = 0
            log(s, f"{SIDE_NAMES[role]} has no city in general supply: its Res Pts are lost.", "16B1", to=[role])
            return None
        logistics.add(s, role, action["res_at"])
        s["res_due"][role] -= 1
        log(s, f"{SIDE_NAMES[role]} places a Res Pt in {hex_name(action['res_at'])}.", "16B1", to=[role])
        return STAY if s["res_due"][role] else None


def month_of(t: str) -> str:
    """The month of a turn id, for 16B3f's monthly limits: the half-month turns aug-ii-14, then
    sep-i-14 and sep-ii-14, share "aug", then "sep"."""
    return t.split("-")[0]


def points(n: float, kind: str) -> str:
    """A number of Man Pts (``kind`` "man") or Equ Pts ("equ") in words."""
    return f"{fmt(n)} {'Man' if kind == 'man' else 'Equ'} Pt{'' if n == 1 else 's'}"


CAVALRY_LIMIT = {"russian": 12}
"""16B3f (L1219): cavalry REs a nation may replace, rebuild or augment a month: 6, 12 for Russia."""


def rebuild(s: dict, side: str, t: str) -> None:
    """16B3d (L1209), ruling O7: in every initial phase, the phasing player's and the enemy's,
    the side's cadres on the map are rebuilt to full strength, one Man Pt each, in the
    scenario's order of units: from the general pool if the cadre is in regular general supply
    (traced to a regular source, not fed by a special one, 11C2b), else
    from an on-map Man Pt in its hex (L1209: "only if the unit to be rebuilt, and the
    replacements to be used, occupy the same hex"; ruling O37); not in an enemy ZOC unless the
    hex has a fortification other than fieldworks, not overstacking the hex (8A), and within
    the month's cavalry limit (16B3f, L1219)."""
    pool = s["pool"][side]
    counters = man_pt_stacks(s, side)
    if pool["man"] < 1 and not counters:
        return
    zoc = zoc_hexes(s, OTHER[side])
    month = month_of(t)
    used = s.setdefault("rebuilt", {}).setdefault(side, {})
    special = s.get("supply_since", {})  # 11C2b (L620): units supplied by a special source stay counted
    for uid, v in on_map(s, side):
        if not v["cadre"]:
            continue
        h = v["hex"]
        # 16B3d (L1209): from a general pool only "in regular general supply (Rule 11C2)": traced
        # to a regular source (11C2a), not fed by a Res Pt or an improved fortress (11C2b; O39)
        from_pool = pool["man"] >= 1 and v["supply"] == "general" and uid not in special
        here = counters.get(h)
        if not from_pool and not here:
            continue
        fort = combat.fortification(s, h, side)
        if h in zoc and fort in (None, "fieldworks"):
            continue  # L1209: not in an enemy ZOC, unless fortified
        u = UNITS[uid]
        cavalry = "cavalry" in u.tags
        limit = CAVALRY_LIMIT.get(u.nationality, 6)
        if cavalry and used.get(month, 0) + u.re > limit:
            continue
        spent = None if from_pool else here[-1]
        v["cadre"] = False
        if not stacking_room(s, h, [], here=[x for x in units_in(s, h) if x != spent]):
            v["cadre"] = True  # 8A: rebuilt, it would overstack its hex; it waits
            continue
        if from_pool:
            pool["man"] -= 1
        else:
            here.pop()
            s["units"][spent].update(fresh(None, "stock"))
        if cavalry:
            used[month] = used.get(month, 0) + u.re
        how = "" if from_pool else " from the Man Pt in its hex"
        log(s, f"{u.short} is rebuilt to full strength{how}.", "16B3", to=[side])


ARTILLERY_LIMIT = {"entente": 3, "central-powers": 6}
"""16B3f (L1219): artillery REs a nation may replace a month: 6, the Entente's 3 before Feb I 16."""


def replacement_cost(s: dict, uid: str) -> tuple[str, int]:
    """16B3a-c, ruling O23: what replacing an eliminated unit costs: its one step (the cadre, for a
    unit that has one: it comes back as a cadre), in Equ Pts for artillery and Man Pts for the
    rest (ruling O20), doubled if it was eliminated while isolated (L1206)."""
    isolated = next(e["isolated"] for e in reversed(s["eliminated_log"]) if e["uid"] == uid)
    return ("equ" if UNITS[uid].artillery else "man"), 2 if isolated else 1


def replacement_cities(s: dict, side: str, uid: str, supplied: dict[str, list[str]]) -> list[str]:
    """16B3c: where a replaced unit is placed: a friendly-owned city (3E2) in regular general
    supply (11C2) for its nationality (``supplied``: ``city_supply``), with no enemy unit and
    with room for it (8A)."""
    here = stacks(s)
    return [
        h
        for h in supplied.get(UNITS[uid].nationality, ())
        if not any(UNITS[x].side != side for x in here.get(h, ())) and stacking_room(s, h, [uid])
    ]


def city_supply(s: dict, side: str, supplied: dict[str, set[str]] | None = None) -> dict[str, list[str]]:
    """Nationality -> the side's own cities in regular general supply for its units (11C2;
    ``supplied``: ``supplied_hexes``, traced here if not given)."""
    cities = [h for h in sorted(CITY_HEXES) if s["owner"].get(h) == side]
    if not cities:
        return {}
    if supplied is None:
        supplied = supplied_hexes(s, side)
    return {nat: [h for h in cities if h in hexes] for nat, hexes in supplied.items()}


def supplied_hexes(s: dict, side: str) -> dict[str, set[str]]:
    """Nationality -> the hexes in regular general supply (11C2) for the side's units of that
    nationality (one with no unit on the map: the rail net and its overland reach)."""
    trace = supply._Trace(s, side)
    by_nat = trace.supplied()
    nats = {u.nationality for u in UNITS.values() if u.side == side}
    missing = nats - set(by_nat)
    near = set(trace.spread(trace.rail, trace.overland_max)) if missing else set()
    return {nat: by_nat.get(nat, near) for nat in nats}


def _replaced_size(s: dict, uid: str) -> float:
    """16B3f (L1219): what a replaced unit counts against the month's limits: the REs it comes
    back with (a cadre is 1 RE, 3A3 L80), double from the eliminated-while-isolated section."""
    u = UNITS[uid]
    return (1.0 if u.cadre is not None else u.re) * replacement_cost(s, uid)[1]


def _limits(side: str, uid: str, month: str) -> list[tuple[str, float]]:
    """16B3f (L1219): the month's counts a replaced unit adds to (keys of ``s["rebuilt"][side]``:
    the month for cavalry, as rebuilding counts it, "<month>-artillery" for artillery), each
    with its limit."""
    u = UNITS[uid]
    out = []
    if "cavalry" in u.tags:
        out.append((month, CAVALRY_LIMIT.get(u.nationality, 6)))
    if u.artillery:
        out.append((f"{month}-artillery", ARTILLERY_LIMIT[side]))
    return out


def _limit_left(s: dict, side: str, uid: str, month: str) -> bool:
    """16B3f: whether the unit fits in the month's cavalry and artillery limits."""
    size = _replaced_size(s, uid)
    return all(s["rebuilt"][side].get(key, 0) + size <= limit for key, limit in _limits(side, uid, month))


def replacement_pool(s: dict, side: str) -> list[str]:
    """16B2: the side's replacement pool, the units eliminated and not replaced, in the order
    they fell."""
    return [
        uid
        for uid in dict.fromkeys(e["uid"] for e in s.get("eliminated_log", ()))
        if UNITS[uid].side == side and s["units"][uid]["at"] == "eliminated"
    ]


def _replaceable(s: dict, uid: str) -> bool:
    """Ruling O23: HQs and fortress garrisons are not replaced."""
    return not UNITS[uid].hq and not UNITS[uid].fortress


def replacement_offers(s: dict, side: str) -> list[dict]:
    """16B3c, ruling O23: each eliminated unit of the side (not an HQ, not a fortress garrison)
    its pool can pay for within the month's limits, at each city where it may be placed; and
    (L1208) at each hex in regular general supply where Man Pts of the side stand on the map, if
    they and the general pool together pay for it (``on_map``: the Man Pts there are spent
    first; those of two hexes are never combined)."""
    month = month_of(TURNS[s["turn"]])
    pool = s["pool"][side]
    out = []
    ok = cities = None
    counters = man_pt_stacks(s, side)
    for uid in replacement_pool(s, side):
        if not _replaceable(s, uid) or not _limit_left(s, side, uid, month):
            continue
        kind, cost = replacement_cost(s, uid)
        on_map = kind == "man" and counters  # Equ Pts are never on the map here (ruling O37)
        if pool[kind] < cost and not on_map:
            continue
        if ok is None:
            ok = supplied_hexes(s, side)
            cities = city_supply(s, side, ok)
        if pool[kind] >= cost:
            out += [{"replace": uid, "at": h} for h in replacement_cities(s, side, uid, cities)]
        if not on_map:
            continue
        for h, here in counters.items():
            spent = here[: int(cost)]
            if (
                len(spent) + pool["man"] >= cost
                and h in ok.get(UNITS[uid].nationality, ())
                and not _enemy_in(s, side, h)
                and stacking_room(s, h, [uid], here=[x for x in units_in(s, h) if x not in spent])
            ):
                out.append({"replace": uid, "at": h, "on_map": True})
    return out


def _enemy_in(s: dict, side: str, h: str) -> bool:
    return any(UNITS[x].side != side for x in units_in(s, h))


def replace(s: dict, side: str, uid: str, h: str, on_map: bool = False) -> None:
    """16B3c: pay for the unit and place it in the city, at its cadre strength if it has one;
    ``on_map`` (L1208): at the hex of the side's on-map Man Pts, which are spent first, the
    general pool paying the rest."""
    u = UNITS[uid]
    kind, cost = replacement_cost(s, uid)
    paid = []
    if on_map:
        paid = man_pt_stacks(s, side).get(h, [])[: int(cost)]
        for x in paid:
            s["units"][x].update(fresh(None, "stock"))
    s["pool"][side][kind] -= cost - len(paid)
    counts = s["rebuilt"][side]
    size = _replaced_size(s, uid)
    for key, _ in _limits(side, uid, month_of(TURNS[s["turn"]])):
        counts[key] = counts.get(key, 0) + size
    s["units"][uid].update(fresh(h, cadre=u.cadre is not None))
    strength = " as a cadre" if u.cadre is not None else ""
    there = f", {len(paid)} of them from the Man Pts there" if paid else ""
    log(s, f"{u.short} is replaced{strength} at {hex_name(h)} for {points(cost, kind)}{there}.", "16B3", to=[side])
    settle(s)


# ----- on-map Man Pts (16B3, L1204-1205, ruling O37) ---------------------------------------------


def man_pt_stacks(s: dict, side: str) -> dict[str, list[str]]:
    """Hex -> the side's on-map Man Pts there (16B3, L1205), in the scenario's order."""
    out: dict[str, list[str]] = {}
    for uid in MAN_PTS[side]:
        v = s["units"].get(uid)  # a board made from a view holds only the units it shows
        if v is not None and v["at"] == "map":
            out.setdefault(v["hex"], []).append(uid)
    return out


def _switch(s: dict, side: str) -> tuple[list[str], float]:
    """Ruling O37: the Man Pts the side placed this turn and the points it may not place (taken
    back this turn, or scrapped in the initial phase just over)."""
    switch = s.get("man_switch") or {}
    if switch.get("side") != side:
        return [], 0
    return switch["placed"], switch["back"]


def _stock(s: dict, side: str) -> str | None:
    """16B3, ruling O37: the side's first Man Pt counter off the map, if any."""
    return next((uid for uid in MAN_PTS[side] if s["units"][uid]["at"] == "stock"), None)


def _may_place(s: dict, side: str) -> bool:
    """Ruling O37: whether a whole Man Pt of the pool may go on the map this turn (a counter in
    the stock, a point not taken back this turn, nor scrapped in the initial phase just over,
    L1260); told without tracing supply (should no hex be open, the list offers only to cancel)."""
    _, back = _switch(s, side)
    return s["pool"][side]["man"] - back >= 1 and _stock(s, side) is not None


def _man_pt_nationality(side: str) -> str:
    return UNITS[MAN_PTS[side][0]].nationality


def may_switch_man_pts(s: dict, side: str) -> bool:
    """Whether to offer the Man Pts' switch (ruling O37): a Man Pt may be placed, or one
    taken back."""
    return _may_place(s, side) or bool(man_pt_backs(s, side))


def man_pt_backs(s: dict, side: str) -> list[dict]:
    """16B3 (L1205): the side's on-map Man Pts it may take back into its general pool, one a hex:
    those whose hex is in regular general supply, but not one placed this turn (ruling O37)."""
    placed, _ = _switch(s, side)
    counters = {h: [x for x in here if x not in placed] for h, here in man_pt_stacks(s, side).items()}
    if not any(counters.values()):
        return []
    supplied = supplied_hexes(s, side)[_man_pt_nationality(side)]
    return [{"take_back": here[0]} for h, here in counters.items() if here and h in supplied]


def man_pt_places(s: dict, side: str) -> list[dict]:
    """16B3 (L1205): where a whole Man Pt of the pool may go (ruling O37: a counter is one point,
    ten a side): a friendly-owned hex in regular general supply with no enemy unit and room for
    it (8A); none if ``_may_place`` says no."""
    if not _may_place(s, side):
        return []
    stock = _stock(s, side)
    here = stacks(s)
    owner = s["owner"]
    out = []
    for h in sorted(supplied_hexes(s, side)[_man_pt_nationality(side)]):
        units = here.get(h, [])
        if owner.get(h) != side or any(UNITS[x].side != side for x in units):
            continue
        if stacking_room(s, h, [stock], here=units):
            out.append({"place_man": h})
    return out


def place_man_pt(s: dict, side: str, h: str) -> str:
    """16B3 (L1205): a Man Pt of the general pool goes on the map as a 0-1/2-4 unit (its id)."""
    uid = _stock(s, side)
    s["pool"][side]["man"] -= 1
    s["units"][uid].update(fresh(h))  # in a friendly-owned hex: no hex changes hands (5B)
    log(s, f"A Man Pt of the general pool is placed at {hex_name(h)}.", "16B3", to=[side])
    return uid


def take_back_man_pt(s: dict, side: str, uid: str) -> None:
    """16B3 (L1205): an on-map Man Pt in regular general supply goes back to the general pool."""
    h = s["units"][uid]["hex"]
    s["units"][uid].update(fresh(None, "stock"))
    s["pool"][side]["man"] += 1
    log(s, f"The Man Pt at {hex_name(h)} goes back to the general pool.", "16B3", to=[side])


def scrap_value(uid: str) -> tuple[str, float]:
    """16A1v, 16C2 (L1235), ruling O35: what scrapping a unit of the replacement pool gives: half a
    point of the kind that replaces it (Equ Pts for artillery, Man Pts for the rest)."""
    return ("equ" if UNITS[uid].artillery else "man"), 0.5


def scrap(s: dict, side: str, uid: str) -> None:
    """16C2 (L1235): the player scraps a unit of his replacement pool for good; its points join his
    pool when the initial phase is over (L1260: not usable in the initial phase they come from)."""
    kind, n = scrap_value(uid)
    s["units"][uid]["at"] = "scrapped"
    due = s.setdefault("pool_due", {}).setdefault(side, {})
    due[kind] = due.get(kind, 0) + n
    log(s, f"{UNITS[uid].short} is scrapped: {points(n, kind)} from the next phase (16C2).", "16C", to=[side])


def pool_due(s: dict, side: str) -> dict[str, float]:
    """L1260: the points scrapping gave in the initial phase join the pool once it is over
    (returned, by kind)."""
    due = (s.get("pool_due") or {}).pop(side, {})
    for kind, n in sorted(due.items()):
        s["pool"][side][kind] += n
    return due


def _counts(uid: str) -> float:
    """Divisions a unit counts for (the scenario: "two rifle brigades count as one")."""
    return 0.5 if UNITS[uid].size == "brigade" else 1.0


def _needs_left(s: dict, wd, gone: list) -> list:
    """Each of the withdrawal's "any" needs with the divisions still owed it."""
    out = []
    taken: set = set()
    for need in wd.any:
        owed = float(need.count)
        for u in gone:
            if u not in taken and owed > 0 and _fits(u, need):
                owed -= _counts(u)
                taken.add(u)
        out.append((need, max(0.0, owed)))
    return out


def _fits(uid: str, need) -> bool:
    u = UNITS[uid]
    sizes = (need.size, "brigade") if need.size == "division" and "rifle" in need.types else (need.size,)
    return u.size in sizes and u.type in need.types and (need.army is None or u.army == need.army)


def withdraw_candidates(s: dict, wid: str, gone: list) -> list:
    """16A1cc: the units that may still go: the listed ones on the map, then any that meets a need
    still owed; never an isolated unit."""
    wd = next(w for w in SC.withdrawals if w.id == wid)
    side = wd.side
    out = [u for u in wd.units if s["units"][u]["at"] == "map" and u not in gone]
    for need, owed in _needs_left(s, wd, gone):
        if owed > 0:
            out += [
                u
                for u, v in on_map(s, side)
                if u not in out and u not in wd.units and _fits(u, need) and not v["cadre"]  # full strength (16A1cc)
            ]
    return [u for u in out if s["units"][u]["supply"] != "isolated"]


_NAMED_WITHDRAWALS = frozenset(u for wd in SC.withdrawals for u in wd.units)
"""The units the OB withdraws by name (16A1cc): the enemy knows them from the scenario."""


def withdraw_unit(s: dict, uid: str) -> None:
    v = s["units"][uid]
    side = UNITS[uid].side
    h = v["hex"]
    logistics.drop(s, uid, h)  # 11H: what an HQs carries stays on the map
    v.update({"hex": None, "at": "withdrawn"})
    if uid in _NAMED_WITHDRAWALS or in_sight(s, OTHER[side], [h]):
        log(s, f"{UNITS[uid].short} is withdrawn.", "16A1")
        return
    # rulings O1, O40: a unit of an "any" entry (16A1cc: "any unit of the indicated nationality ...")
    # taken from a stack out of the enemy's sight: he sees a counter go, not which one
    log(s, f"{UNITS[uid].short} is withdrawn from {hex_name(h)}.", "16A1", to=[side])
    log(s, f"A {SIDE_NAMES[side]} counter in {hex_name(h)} is withdrawn.", "16A1", to=[OTHER[side]])


def withdraw(s: dict, wid: str, go: bool, gone: list | None = None) -> None:
    """The withdrawal's reckoning once the player is done, ``gone`` the units withdrawn one by one
    before (with ``go``, every other unit that may go goes too): each listed unit kept back and
    each division a need still owes give the enemy victory points."""
    wd = next(w for w in SC.withdrawals if w.id == wid)
    side = wd.side
    gone = list(gone or [])
    while go and (left := withdraw_candidates(s, wid, gone)):
        withdraw_unit(s, left[0])
        gone.append(left[0])
    kept = 0.0
    for u in wd.units:
        if u in gone or s["units"][u]["at"] != "map":
            continue
        if UNITS[u].hq:
            kept += wd.vp_per_hq_retained
        else:
            kept += wd.vp_per_division_retained if UNITS[u].size == "division" else wd.vp_per_other_retained
    for _need, owed in _needs_left(s, wd, gone):
        kept += owed * wd.vp_per_division_retained
    divisions = sum(_counts(u) for u in gone if UNITS[u].size in ("division", "brigade"))
    s["withdrawn"][wid] = int(divisions) if divisions == int(divisions) else divisions
    if kept:
        s["vp"][OTHER[side]] += kept
    if gone:
        log(s, f"{SIDE_NAMES[side]} withdraws {counted(divisions, 'division')} to {wd.destination}.", "16A1")
    if kept:
        log(s, f"{SIDE_NAMES[side]} keeps units the OB withdraws: {SIDE_NAMES[OTHER[side]]} gains {kept:g} VP.", "16A1")


# ----- victory -----------------------------------------------------------------------------------


def _loc(name: str):
    from .scenario import Location

    return Location(place=name)


def victory(s: dict) -> dict[str, float]:
    """The scenario's victory points: places owned at the end that were the enemy's in July
    1914, enemy units eliminated, the options' and withdrawals' points."""
    score = dict(s["vp"])
    owner = s["owner"]
    for side in SIDES:
        held = [(h, vp) for h, scorer, vp in _victory_hexes() if scorer == side and owner.get(h) == side]
        if not held:
            continue  # no trace needed: nothing to score
        cut_off = supply.cut_off(s, side, [h for h, _ in held])
        # ruling O18: a place scores when its captor owns it and is not cut off from it (3G)
        score[side] += sum(vp for h, vp in held if h not in cut_off)
    return score


@lru_cache(maxsize=None)
def _victory_hexes() -> tuple[tuple[str, str, float], ...]:
    """(hex, scorer, VP) of every victory place."""
    return tuple((start_hex(_loc(v.place)), v.scorer, v.vp) for v in SC.victory_places)


def sudden_death(s: dict) -> None:
    """The scenario's sudden death (ruling O9): at the end of a game turn, a side that owns the
    place and holds it with a unit in general supply ends the campaign."""
    for sd in SC.sudden_death:
        h = start_hex(_loc(sd.place))
        held = any(v["hex"] == h and v["supply"] == "general" and not UNITS[u].hq for u, v in on_map(s, sd.side))
        if s["owner"].get(h) == sd.side and held and not s.get("sudden"):
            s["sudden"] = sd.level
            log(s, f"{SIDE_NAMES[sd.side]} holds {sd.place}: the campaign ends.", "42B")
