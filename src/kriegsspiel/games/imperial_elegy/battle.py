"""Imperial Elegy: land battles (rulebook §18 L946-1046), with steps and losses (5.3
L386-396), overstacking (5.5.3 L404-407), forts (12.12 L703-708), rebels (§21
L1170-1194, 12.16 L727-731) and amphibious assaults (19.10 L1116-1126).

``call(s, "land-battle", attacker=p, frm=space_or_box, space=space, amphibious=False)`` runs
the whole sequence of 18.1 L950-956:

1. the battle chit: main attack force (units in ``frm``) and main defense force (units in
   ``at``); the main attacker is the active player, the defenders choose their main
   defender (18.1.2 L960);
2. the BDRM (18.2): land combat modifiers (18.2.1), support declared by each side, the
   attacker first (18.3), one elite unit each (18.2.1), combat cards (the "responses"
   procedure with trigger "land-battle", which adds to ``s["battle"]["drm"][power]``);
3. a die each, the BDRM added to the stronger side's (18.4), machine guns (18.5);
4. the CRT of 18.4 L990-1003 with its footnotes under hydraulic recoil (the victor chooses
   the * loss);
5. losses (18.6), the attacker first; retreats (18.7); advance after combat (18.7.1);
   the decisive battle bonus (18.8).

``s["battle"]`` while a land battle runs (public): ``kind`` "land", ``attacker``, ``frm``,
``at``, ``amphibious``, ``wartime``, ``main`` {"a": owner, "d": owner}, ``roles`` {"a":
player, "d": player or None (rebels, a minor alone: automatic)}, ``units`` {uid: {"side",
"main": bool}} (main forces and declared support), ``fort`` ([owner, level] or None),
``elite`` {"a": uid, "d": uid}, ``drm`` {player: n} (combat cards), ``mods`` {"a": [[why, n]],
"d": [...]}, ``strength``, ``bdrm``, ``dice``, ``diff``, ``result``, ``winner``, ``losses``,
``taken``.

When done ``s["battle"]`` is None and ``s["last_battle"]`` = {"kind": "land", "winner":
"attacker"|"defender", "decisive": bool, "attacker", "defender" (main powers), "frm", "at",
"dice", "bdrm", "losses" {"a", "d"}, "retreated": bool, "advanced": [uids]}.

The decisive battle bonus (18.8 L1029): when the attacker wins a decisive battle in wartime
and units advanced, battle.py sets ``s["war"]["decisive_bonus"] = {"power", "units", "at"}``
unless ``s["war"].get("decisive_taken")`` is set; war.py offers it (a free land battle from
``at`` or one free move of those units), sets ``decisive_taken`` for the rest of the impulse
and clears both at the next impulse. RULINGS_BATTLE.md (B1, B2...) settles the gaps.
"""

from __future__ import annotations

import math

from ...engine import Procedure, State, ask, call, log, rng
from . import world as W
from .data import KEY_TYPES, PLAYERS
from .world import ARMY_TYPES, EF_TYPES, ELITES, NAVAL_TYPES, P, name, space_name

A, D = "a", "d"
ARAB_SHIFT = 1  # powers.json arab_stability_drm_from 3: Arab armies feel the track one level early (18.2.1 L964)
RED_LINKS = ("severe", "off-map", "tsrr")  # 18.3.1 L977, 3.2.4 L195: red connections give no support (B4)


def other(side: str) -> str:
    return D if side == A else A


# ----- the CRT (18.4 L990-1003) --------------------------------------------------------------------------------


def crt(diff: int) -> dict:
    """The row of the CRT for a differential (attacker's total minus defender's): losses
    attacker/defender, the victor, decisive (†), and the footnote mark (* or **)."""
    if diff >= 4:
        return {"a": 0, "d": 2, "winner": A, "decisive": True, "mark": "*"}
    if diff == 3:
        return {"a": 1, "d": 2, "winner": A, "decisive": False, "mark": "*"}
    if diff == 2:
        return {"a": 1, "d": 1, "winner": A, "decisive": False, "mark": "*"}
    if diff >= 0:
        return {"a": 1, "d": 1, "winner": A, "decisive": False, "mark": "**"}
    if diff == -1:
        return {"a": 1, "d": 1, "winner": D, "decisive": False, "mark": "**"}
    if diff == -2:
        return {"a": 1, "d": 1, "winner": D, "decisive": False, "mark": "*"}
    if diff == -3:
        return {"a": 2, "d": 1, "winner": D, "decisive": False, "mark": "*"}
    return {"a": 2, "d": 0, "winner": D, "decisive": True, "mark": "*"}


# ----- who is who ----------------------------------------------------------------------------------------------


def hostile(s: dict, attacker: str, u: dict) -> bool:
    """Whether a unit is an enemy of the attacker: in wartime units of powers at war with it
    and rebels it is not liberating (21.2 L1187); in peacetime only rebels (12.16 L729)."""
    if u["o"] == "rebel":
        war = s.get("war")
        if war and war.get("liberate") and u.get("n") in war["liberate"] and W.owner_side(s, attacker) == "attackers":
            return False
        return True
    if s.get("war") is None:
        return False
    return W.at_war(s, attacker, u["o"])


def friendly_unit(s: dict, power: str, u: dict) -> bool:
    """Units that fight on the power's side."""
    if u["o"] == "rebel":
        war = s.get("war")
        return bool(
            war and war.get("liberate") and u.get("n") in war["liberate"] and W.owner_side(s, power) == "attackers"
        )
    if s.get("war") is None:
        return u["o"] == power or s["allies"].get(u["o"]) == power
    return W.friendly_owner(s, power, u["o"])


def army_loc(s: dict, owner: str, sid: str) -> bool:
    """5.6 LoC; a non-player may also trace to its allied player's supply sources (5.6.1 L417)."""
    if W.has_loc(s, owner, sid):
        return True
    ally = W.player_of(s, owner) if owner not in s["powers"] else None
    return bool(ally) and W.has_loc(s, ally, sid)


def deployed(s: dict) -> set:
    war = s.get("war") or {}
    return set(war.get("deployed", [])) | set((s.get("impulse") or {}).get("deployed", []))


def land_units(s: dict, where: str) -> list:
    return [uid for uid, u in s["units"].items() if u["at"] == where and u["t"] not in NAVAL_TYPES]


def defenders_at(s: dict, attacker: str, at: str) -> list:
    """The main defense force (18.1.1): hostile land units in the space. When the space holds
    rebels and units of an enemy power, the enemy power's units are attacked first (21.4 L1188)."""
    hs = [uid for uid in land_units(s, at) if hostile(s, attacker, s["units"][uid])]
    powers = [uid for uid in hs if s["units"][uid]["o"] != "rebel"]
    return powers or hs


def enemy_fort(s: dict, attacker: str, at: str):
    f = s["forts"].get(at)
    if f and s.get("war") and W.at_war(s, attacker, f[0]):
        return list(f)
    return None


def fort_in_battle(s: dict, at: str) -> list | None:
    """The fort of 12.12 L703 in the defending space, with the Istanbul fort also in the
    Dardanelles while both are OT's (3.4.1 L262)."""
    f = s["forts"].get(at)
    if f is None and at == "dardanelles" and W.controller(s, "istanbul") == "ot" and W.controller(s, at) == "ot":
        f = s["forts"].get("istanbul")
    return list(f) if f else None


def attack_force(s: dict, attacker: str, frm: str, at: str, amphibious: bool) -> list:
    """The main attack force (18.1.1 L957): the units in the attacking space, never those
    deployed this impulse (15.2.3 L868). In peacetime the active player's own units (12.16);
    in wartime every friendly unit there (15.4 L880). An amphibious assault: at most two
    armies (19.10 L1120)."""
    dep = deployed(s)
    out = []
    for uid in land_units(s, frm):
        u = s["units"][uid]
        if uid in dep or u["o"] == "rebel":
            continue
        if s.get("war") is None:
            if u["o"] != attacker:
                continue
        elif not W.friendly_owner(s, attacker, u["o"]):
            continue
        out.append(uid)
    if amphibious:
        armies = sorted((uid for uid in out if s["units"][uid]["t"] in ARMY_TYPES), key=lambda x: s["units"][x]["r"])
        keep = set(armies[:2])  # 19.10 L1120, RULINGS_BATTLE B9
        out = [uid for uid in out if uid in keep or s["units"][uid]["t"] not in ARMY_TYPES]
    return out


def main_candidates(s: dict, force: list) -> list:
    """18.1.2 L960: any player power in the force; a non-player only with a majority of its armies."""
    armies = [s["units"][u] for u in force if s["units"][u]["t"] in ARMY_TYPES]
    owners = []
    for uid in force:
        o = s["units"][uid]["o"]
        if o not in owners:
            owners.append(o)
    out = []
    for o in owners:
        if o in s["powers"]:
            out.append(o)
        else:
            mine = sum(1 for u in armies if u["o"] == o)
            if mine * 2 > len(armies) or not armies and len(owners) == 1:
                out.append(o)
    if not out:
        out = owners[:1]
    return out


# ----- firepower and modifiers (18.2.1) -----------------------------------------------------------------------


def unit_fp(u: dict, versus_armies: bool) -> int:
    """5.1.1 armies 2/1; 5.1.4 EFs 2 against rebels and EFs, 0 against non-rebel armies; ECs none."""
    t = u["t"]
    if t in ARMY_TYPES:
        return 1 if u["r"] else 2
    if t in EF_TYPES:
        return 0 if versus_armies else 2
    return 0


def faces_armies(s: dict, b: dict, side: str) -> bool:
    """Whether the side's main force faces non-rebel armies (5.1.4 L368)."""
    for uid, m in b["units"].items():
        u = s["units"].get(uid)
        if u and m["side"] == other(side) and m["main"] and u["t"] in ARMY_TYPES and u["o"] != "rebel":
            return True
    return False


def main_units(s: dict, b: dict, side: str) -> list:
    return [uid for uid, m in b["units"].items() if m["side"] == side and m["main"] and uid in s["units"]]


def stability_drm(s: dict, uids: list) -> tuple:
    """18.2.1 L964: the worst stability modifier of the player powers in the main force; Indian
    armies -1 while India is unstable (33.2.2 L1537); Arab armies a level early; a minor alone
    never."""
    worst, why = 0, ""
    for uid in uids:
        u = s["units"][uid]
        o = u["o"]
        if o not in s["powers"]:
            continue
        st = s["powers"][o]["stability"]
        if u["t"] == "arab":
            st = max(0, st - ARAB_SHIFT)
        track = P().powers[o].stability
        v = track[st].combat_drm if st in track else 0
        if u["t"] == "indian" and not s["flags"].get("india_stable"):
            v = min(v, -1)
            if v < worst:
                worst, why = v, "India unstable"
                continue
        if v < worst:
            worst, why = v, f"{name(o)}'s stability"
    return worst, why


def modifiers(s: dict, b: dict, side: str) -> list:
    """The land combat modifiers of 18.2.1 L960-972 for one side, as [reason, value] pairs."""
    uids = main_units(s, b, side)
    units = [s["units"][u] for u in uids]
    vs_armies = faces_armies(s, b, side)
    out = []
    fp_units = sorted(units, key=lambda u: -unit_fp(u, vs_armies))
    if side == D:
        # 5.5.3 L406: an overstacked space attacked: only as many armies as the stacking limit give FP
        limit = P().spaces[b["at"]].stacking
        armies = [u for u in fp_units if u["t"] in ARMY_TYPES and u["o"] != "rebel"]
        if len(armies) > limit:
            drop = armies[limit:]
            fp_units = [u for u in fp_units if all(u is not x for x in drop)]
    fp = sum(unit_fp(u, vs_armies) for u in fp_units)
    out.append(["firepower", fp])
    if side == D and b["fort"]:
        out.append(["fort", b["fort"][1]])  # 12.12 L703
    if b["elite"].get(side):
        out.append(["elite unit", 1])
    rebels = units and all(u["o"] == "rebel" for u in units)
    if not rebels:
        v, why = stability_drm(s, uids)
        if v:
            out.append([why, v])
    if side == A:
        if b["amphibious"]:
            out.append(["amphibious landing", -1])  # 18.2.1 L967, 19.10 L1120
        else:
            link = P().link(b["frm"], b["at"])
            if link in ("difficult", "severe"):
                out.append([f"attacking along a {link} connection", -1])
    armies = [u for u in units if u["t"] in ARMY_TYPES]
    if armies and all(u["r"] for u in armies) and not (side == D and b["fort"]):
        out.append(["only reduced armies", -1])  # 18.2.1 L966, 12.12 L704
    if b["wartime"] and not rebels:
        for uid in uids:
            u = s["units"][uid]
            if u["t"] in ARMY_TYPES and not army_loc(s, u["o"], u["at"]):
                out.append(["broken LoC", -1])  # 5.6.2 L419
                break
    if any(u.get("first") for u in units) and not s["flags"].get("great_war"):
        out.append(["the British 1st Army", 1])  # 33.2 L1525
    role = b["roles"].get(side)
    if b["wartime"] and role and not rebels:
        v = (s["war"].get("drm") or {}).get(role, 0)
        if v:
            out.append(["war modifiers", v])
    if role:
        v = b["drm"].get(role, 0)
        if v:
            out.append(["combat cards", v])
    if b.get("jihad") == other(side):
        out.append(["Jihad", -1])  # 33.6 L1579
    if s.get("gw") and b["main"].get(side) in s["gw"]["exhausted"]:
        out.append(["manpower exhausted", -1])  # 27.6 L1401, 18.2.1 L970
    return out


def support_of(s: dict, b: dict, side: str) -> tuple:
    """18.3 support: per space, FP halved (once) if only difficult/severe adjacency, a different
    power from the main one, into or from a RU home space (33.5 L1568); the halves of a
    stack summed and rounded up (18.3.3 L987)."""
    per: dict = {}
    vs_armies = faces_armies(s, b, side)
    for uid, m in b["units"].items():
        if m["side"] != side or m["main"] or uid not in s["units"]:
            continue
        u = s["units"][uid]
        per.setdefault(u["at"], []).append(u)
    total = 0
    words = []
    main = b["main"][side]
    trenches = s["gw"]["trenches"] if s.get("gw") else {}
    for sid, us in sorted(per.items()):
        half_space = only_rough(b, sid) or ru_home(b, sid) or sid in trenches  # 28.1.3 L1418
        full = half = 0
        for u in us:
            v = unit_fp(u, vs_armies)
            if half_space or u["o"] != main:
                half += v
            else:
                full += v
        got = full + math.ceil(half / 2)
        total += got
        words.append(f"{space_name(sid)} {got}")
    return total, words


def only_rough(b: dict, sid: str) -> bool:
    """18.3.2 L981: adjacent only by difficult connections (RULINGS_BATTLE B4)."""
    kinds = set()
    for there in [b["at"]] if b["amphibious"] else [b["frm"], b["at"]]:
        k = P().link(sid, there)
        if k and k not in RED_LINKS:
            kinds.add(k)
    return bool(kinds) and "clear" not in kinds


def ru_home(b: dict, sid: str) -> bool:
    sp = P().spaces
    for x in (sid, b["frm"], b["at"]):
        if x in sp and "ru" in sp[x].homes:
            return True
    return False


def support_limit(b: dict, sid: str) -> int:
    """18.3.1 L975-977: all armies when adjacent to both spaces, else one; amphibious: one (19.10.1)."""

    def adj(x):
        k = P().link(sid, x)
        return k is not None and k not in RED_LINKS

    if b["amphibious"]:
        return 1 if adj(b["at"]) else 0
    both = adj(b["frm"]) + adj(b["at"])
    return 99 if both == 2 else (1 if both == 1 else 0)


def support_choices(s: dict, b: dict, side: str) -> list:
    """Armies that may still be declared in support (18.3, 18.3.3; 5.6.2 broken LoC; 21.2
    rebels support only rebels of their nationality in peacetime; 21.3 allies)."""
    used: dict = {}
    for uid, m in b["units"].items():
        if m["side"] == side and not m["main"] and uid in s["units"]:
            sid = s["units"][uid]["at"]
            used[sid] = used.get(sid, 0) + 1
    dep = deployed(s)
    main = b["main"][side]
    lead = b["attacker"] if side == A else main
    rebels_side = main == "rebel"
    nation = None
    if rebels_side:
        for uid in main_units(s, b, side):
            nation = s["units"][uid].get("n")
    out = []
    for uid, u in s["units"].items():
        if uid in b["units"] or u["t"] not in ARMY_TYPES or uid in dep:
            continue
        sid = u["at"]
        if sid in (b["frm"], b["at"]) or sid not in P().spaces:
            continue
        if rebels_side:
            if u["o"] != "rebel" or u.get("n") != nation:
                continue
        elif side == A:
            if not friendly_unit(s, b["attacker"], u):
                continue
        else:
            if u["o"] == "rebel" or not b["wartime"] or not W.friendly_owner(s, lead, u["o"]):
                continue
        lim = support_limit(b, sid)
        if used.get(sid, 0) >= lim:
            continue
        if sid not in used and len(used) >= 2:
            continue  # 18.3 L974: two spaces a side
        if b["wartime"] and u["o"] != "rebel" and not army_loc(s, u["o"], sid):
            continue  # 5.6.2 L419
        out.append(uid)
    return sorted(out, key=lambda x: (s["units"][x]["at"], s["units"][x]["r"], x))


def strength(s: dict, b: dict, side: str) -> int:
    b["mods"][side] = modifiers(s, b, side)
    sup, words = support_of(s, b, side)
    if sup:
        b["mods"][side].append(["support (" + ", ".join(words) + ")", sup])
    return sum(v for _, v in b["mods"][side])


# ----- losses (18.6, 5.3) --------------------------------------------------------------------------------------


def side_units(s: dict, b: dict, side: str) -> list:
    return [uid for uid, m in b["units"].items() if m["side"] == side and uid in s["units"]]


def loss_choices(s: dict, b: dict, side: str) -> list:
    """Units that may take the next step loss (18.6 L1013-1027, 5.3.1-5.3.2 L388-396)."""
    pool = side_units(s, b, side)
    ef_only_enemy = opponent_ef_only(s, b, side)
    out = []
    for uid in pool:
        u = s["units"][uid]
        stack = [x for x in pool if s["units"][x]["at"] == u["at"]]
        has_army = any(s["units"][x]["t"] in ARMY_TYPES for x in stack)
        if u["t"] in ELITES and u["t"] not in EF_TYPES:
            continue  # ECs take no losses (5.3.1)
        if u["t"] in EF_TYPES and has_army:
            continue  # 5.3.2: a force of EFs and armies takes no losses on its EFs
        if u["t"] in ARMY_TYPES and u["r"]:
            if ef_only_enemy and u["o"] != "rebel":
                continue  # 5.3.2: EFs alone cannot eliminate non-rebel armies
            if u["o"] not in s["powers"] and u["o"] != "rebel":
                players = [s["units"][x] for x in stack if s["units"][x]["o"] in s["powers"]]
                if any(not p["r"] for p in players if p["t"] in ARMY_TYPES):
                    continue  # 18.6 L1016: non-player units last
        out.append(uid)
    if not b["taken"][side]:
        first = [uid for uid in out if b["units"][uid]["main"]]
        if first:
            return first  # 18.6 L1015: the first step from the main force
    return out


def opponent_ef_only(s: dict, b: dict, side: str) -> bool:
    them = main_units(s, b, other(side))
    return bool(them) and all(s["units"][u]["t"] in EF_TYPES for u in them)


def take_loss(s: dict, b: dict, side: str, uid: str) -> None:
    u = s["units"][uid]
    where = u["at"]
    pool = side_units(s, b, side)
    stack = [x for x in pool if s["units"][x]["at"] == where and x != uid]
    b["taken"][side] += 1
    if u["t"] in ARMY_TYPES:
        if u["r"]:
            eliminate(s, uid, "is eliminated", "18.6.1")
            # 5.3.1, 18.6.2 L1016: an EC of the stack goes with an eliminated army, a supporting
            # army's too; elite EFs count as ECs (5.3.2)
            own = [x for x in W.units_at(s, where, u["o"]) if x not in stack]
            for x in stack + own:
                if s["units"][x]["t"] in ELITES:
                    eliminate(s, x, "is eliminated with its army", "5.3.1")
                    break
        else:
            w = unit_words(u)
            u["r"] = True
            log(s, f"{w[0].upper()}{w[1:]} is reduced.", "18.6.1")
        for x in stack:  # 5.3.2: a step on an army of a mixed force costs an EF too
            if x in s["units"] and s["units"][x]["t"] == "ef":
                eliminate(s, x, "is eliminated with the army's step loss", "5.3.2")
                break
        return
    eliminate(s, uid, "is eliminated", "5.3.2")


def unit_words(u: dict) -> str:
    kind = {"ec": "EC", "ef": "EF", "elite-ef": "elite colonial EF", "zouaves": "Zouaves"}.get(u["t"], u["t"])
    if u["t"] in ARMY_TYPES:
        kind = "army"
    red = " (reduced)" if u["r"] and u["t"] not in ("ec", "ef") else ""
    if u["o"] == "rebel":
        return f"the rebel army{red} in {space_name(u['at'])}"
    return f"{name(u['o'])}'s {kind}{red} in {space_name(u['at'])}"


def eliminate(s: dict, uid: str, words: str, rule: str) -> None:
    u = s["units"][uid]
    log(s, f"{unit_words(u)[0].upper()}{unit_words(u)[1:]} {words}.", rule)
    W.army_lost(s, u)
    W.remove_unit(s, uid)


def lonely_ecs(s: dict, spaces) -> None:
    """5.1.3 L362: an EC alone at the end of a combat is eliminated."""
    for sid in spaces:
        for uid in list(land_units(s, sid)):
            u = s["units"][uid]
            if u["t"] == "ec" and not any(
                x["at"] == sid and x["o"] == u["o"] and x["t"] in ARMY_TYPES for x in s["units"].values()
            ):
                eliminate(s, uid, "is left without an army and is eliminated", "5.1.3")


def rebels_gone(s: dict, sid: str) -> None:
    """21.1 L1179-1181: when a space's rebels are all eliminated, its WoI marker goes and its
    controller controls it again."""
    if sid in s["rebel_spaces"]:
        return
    if sid in s["woi"]:
        del s["woi"][sid]
        log(s, f"The war of independence in {space_name(sid)} is over: its marker is removed.", "21.1")
    c = s["control"].get(sid)
    if c:
        log(s, f"{name(c)} controls {space_name(sid)} again.", "21.1")


# ----- the procedure -------------------------------------------------------------------------------------------


def can_attack(s: dict, p: str, frm: str, at: str, amphibious: bool = False) -> bool:
    """Whether p may fight a land battle from frm into at now (15.2.6 L876, 12.16 L729, 19.10)."""
    if amphibious:
        return amphibious_ok(s, p, frm, at)
    if frm != at and at not in P().adjacency.get(frm, {}):
        return False
    if frm == at and not any(s["units"][u]["o"] == "rebel" for u in defenders_at(s, p, at)):
        return False
    if not attack_force(s, p, frm, at, False):
        return False
    if s.get("war") and not any(s["units"][u]["o"] == p for u in attack_force(s, p, frm, at, False)):
        if not any(s["allies"].get(s["units"][u]["o"]) == p for u in attack_force(s, p, frm, at, False)):
            return False  # 15.4 L880: the player needs a unit there, or its allied minor's
    return bool(defenders_at(s, p, at) or enemy_fort(s, p, at))


def amphibious_ok(s: dict, p: str, box: str, at: str) -> bool:
    """19.10 L1116-1120: the attackers are in a box of the port (RULINGS_BATTLE B9), and with
    enemy naval units in the port the attacker has twice as many in its adjacent boxes."""
    if box not in P().naval_boxes or at not in W.box_ports(s, box):
        return False
    if not any(s["units"][u]["t"] in ARMY_TYPES for u in attack_force(s, p, box, at, True)):
        return False
    theirs = sum(1 for u in s["units"].values() if u["at"] == at and u["t"] in NAVAL_TYPES and W.at_war(s, p, u["o"]))
    if theirs:
        mine = sum(
            1
            for u in s["units"].values()
            if u["t"] in NAVAL_TYPES and u["at"] in W.ports_of(s, at) and W.friendly_owner(s, p, u["o"])
        )
        if mine < 2 * theirs:
            return False
    return True


class LandBattle(Procedure):
    """18.1 L948-956: the land battle sequence."""

    def start(self, s, f):
        p, frm, at = f["attacker"], f["frm"], f["space"]
        amph = bool(f.get("amphibious"))
        wartime = s.get("war") is not None
        force = attack_force(s, p, frm, at, amph)
        dfn = defenders_at(s, p, at)
        ff = fort_in_battle(s, at)
        fort = ff if (ff and wartime and W.at_war(s, p, ff[0])) else None
        if amph and not amphibious_ok(s, p, frm, at):
            log(s, f"No amphibious assault on {space_name(at)} is possible.", "19.10")
            s["last_battle"] = None
            return None
        if amph and not dfn and not fort:
            # 19.10 L1121: an undefended port: the landing force simply moves in
            for uid in force:
                W.move_unit(s, uid, at)
            log(s, f"{name(p)} lands in {space_name(at)} unopposed.", "19.10")
            s["battle"] = None
            s["last_battle"] = {"kind": "land", "winner": "attacker", "decisive": False, "attacker": p,
                                "defender": None, "frm": frm, "at": at, "dice": None, "bdrm": 0,
                                "losses": {"a": 0, "d": 0}, "retreated": False, "advanced": list(force)}  # fmt: skip
            occupy(s, p, at)
            displace_navies(s, p, at)
            return None
        if not force or not (dfn or fort):
            log(s, f"There is no land battle in {space_name(at)}.", "18.1")
            s["last_battle"] = None
            return None
        units = {uid: {"side": A, "main": True} for uid in force}
        units.update({uid: {"side": D, "main": True} for uid in dfn})
        s["battle"] = {
            "kind": "land", "attacker": p, "frm": frm, "at": at, "amphibious": amph, "wartime": wartime,
            "main": {A: p, D: None}, "roles": {A: W.player_of(s, p), D: None}, "units": units, "fort": fort,
            "elite": {A: None, D: None}, "drm": {}, "mods": {A: [], D: []}, "strength": {A: 0, D: 0},
            "bdrm": 0, "dice": None, "diff": None, "result": None, "winner": None,
            "losses": {A: 0, D: 0}, "taken": {A: 0, D: 0}, "jihad": None, "had_rebels": at in s["rebel_spaces"],
            "trench": trench_here(s, at), "armies": {A: 0, D: 0},
        }  # fmt: skip
        where = "from the sea" if amph else ("in the same space" if frm == at else f"from {space_name(frm)}")
        log(s, f"{name(p)} attacks {space_name(at)} {where}.", "18.1.1")
        cands = main_candidates(s, dfn) if dfn else [fort[0]]
        f["cands"] = cands
        if len(cands) > 1:
            chooser = sorted(
                (q for q in cands if q in s["powers"]),
                key=lambda q: (-sum(1 for u in dfn if s["units"][u]["o"] == q), PLAYERS.index(q)),
            )
            if chooser:
                ask(s, "battle-main", chooser[0], options=list(cands))
                return "main"
        s["battle"]["main"][D] = cands[0]
        return "main"

    def main(self, s, f):
        b = s["battle"]
        if b["main"][D] is None:
            b["main"][D] = f["cands"][0]
        md = b["main"][D]
        role = W.player_of(s, md)
        if role is None:
            for uid in main_units(s, b, D):
                role = role or W.player_of(s, s["units"][uid]["o"])
        if b["fort"] and role is None:
            role = W.player_of(s, b["fort"][0])
        b["roles"][D] = role
        log(s, f"Main attacker: {name(b['main'][A])}; main defender: {name(md)}.", "18.1.2")
        f["side"] = A
        return "jihad"

    def jihad(self, s, f):
        """33.6 L1579: OT may discard a Jihad marker in its home spaces, the Caucasus or the Great Game."""
        b = s["battle"]
        sp = P().spaces[b["at"]]
        for side in (A, D):
            if b["roles"][side] == "ot" and s["flags"].get("jihad", 0) > 0:
                if "ot" in sp.homes or {"caucasus", "great-game"} & set(sp.flashpoints):
                    ask(s, "battle-jihad", "ot", side=side)
                    break
        return "support"

    def support(self, s, f):
        """18.3 L973: the attacker declares first, then the defender."""
        b = s["battle"]
        side = f["side"]
        role = b["roles"][side]
        if role is None or b["main"][side] == "rebel":
            auto_support(s, b, side)  # RULINGS_BATTLE B3
        elif support_choices(s, b, side):
            ask(s, "battle-support", role, side=side)
            return "support_done"
        return "support_done"

    def support_done(self, s, f):
        if f["side"] == A:
            f["side"] = D
            return "support"
        f["side"] = A
        return "elite"

    def elite(self, s, f):
        """18.2.1 L963: one elite unit per side, attacker first, optional."""
        b = s["battle"]
        side = f["side"]
        role = b["roles"][side]
        if role and elite_choices(s, b, side):
            ask(s, "battle-elite", role, side=side)
        if side == A:
            f["side"] = D
            return "elite"
        return "cards"

    def cards(self, s, f):
        b = s["battle"]
        powers = [q for q in (b["roles"][A], b["roles"][D]) if q in s["powers"]]
        b["armies"] = {
            side: sum(1 for uid, m in b["units"].items() if m["side"] == side and s["units"][uid]["t"] in ARMY_TYPES)
            for side in (A, D)
        }  # the defeated force's armies, supporting ones included (30.0 L1476)
        if powers and s.get("gw") and (s.get("war") or {}).get("gw"):
            call(s, "gw-combat-cards", roles=powers)  # 26.1, 27.2: the GW combat cards
        elif powers:
            call(s, "responses", trigger="land-battle", powers=powers, space=b["at"])
        return "roll"

    def roll(self, s, f):
        b = s["battle"]
        sa, sd = strength(s, b, A), strength(s, b, D)
        b["strength"] = {A: sa, D: sd}
        b["bdrm"] = sa - sd
        for side in (A, D):
            log(s, f"{name(b['main'][side])}: " + ", ".join(f"{w} {v:+d}" for w, v in b["mods"][side])
                + f" = {b['strength'][side]}.", "18.2")  # fmt: skip
        da, dd = rng.roll(s, 6), rng.roll(s, 6)
        if s["flags"].get("machine-guns"):  # 18.5 L1006: rebels never benefit
            if b["main"][A] != "rebel":
                da = max(3, da)
            if b["main"][D] != "rebel":
                dd = max(3, dd)
        b["dice"] = {A: da, D: dd}
        diff = da - dd + b["bdrm"]
        b["diff"] = diff
        r = crt(diff)
        b["result"] = r
        b["winner"] = r["winner"]
        b["losses"] = {A: r["a"], D: r["d"]}
        if b["trench"]:
            b["losses"][A] += 1  # 28.1 L1408: attacking a trench costs the attacker a step, win or lose
            log(s, "The attacker takes one more loss for attacking a trench (28.1).", "28.1")
        lead = A if b["bdrm"] >= 0 else D
        log(s, f"BDRM {abs(b['bdrm']):+d} for the {'attacker' if lead == A else 'defender'}. "
            f"{name(b['main'][A])} rolls {da}, {name(b['main'][D])} rolls {dd}: differential "
            f"{'Att' if diff >= 0 else 'Def'} {abs(diff)}.", "18.4")  # fmt: skip
        if s["flags"].get("hydraulic-recoil"):
            if r["mark"] == "**":
                b["losses"][A] += 1
                b["losses"][D] += 1
                log(s, "Hydraulic recoil: both sides take +1 loss (**).", "18.4")
            else:
                role = b["roles"][r["winner"]]
                if role:
                    ask(s, "battle-recoil", role)
        return "announce"

    def announce(self, s, f):
        b = s["battle"]
        r = b["result"]
        who = "attacker" if r["winner"] == A else "defender"
        log(s, f"Losses {b['losses'][A]}/{b['losses'][D]}; the {who} wins"
            + (" a decisive battle." if r["decisive"] else "."), "18.4")  # fmt: skip
        f["side"] = A
        return "losses"

    def losses(self, s, f):
        """18.6 L1012: the attacker applies its losses first."""
        b = s["battle"]
        side = f["side"]
        while b["losses"][side] > 0:
            ch = loss_choices(s, b, side)
            if not ch:
                b["losses"][side] = 0
                break
            role = b["roles"][side]
            if role is None or len(ch) == 1:
                b["losses"][side] -= 1
                take_loss(s, b, side, ch[0])
                continue
            ask(s, "battle-loss", role, side=side)
            return "losses"
        if side == A:
            f["side"] = D
            return "losses"
        return "after"

    def after(self, s, f):
        b = s["battle"]
        # 5.3.1 L390: under machine guns or hydraulic recoil an EC whose bonus was used against
        # a non-rebel army is eliminated
        if s["flags"].get("machine-guns") or s["flags"].get("hydraulic-recoil"):
            for side in (A, D):
                uid = b["elite"].get(side)
                if uid in s["units"] and s["units"][uid]["t"] == "ec" and faces_armies(s, b, side):
                    eliminate(s, uid, "is spent (its bonus was used)", "5.3.1")
        f["retreated"] = False
        f["advanced"] = []
        if b["winner"] == A and b["trench"]:
            return trench_result(s, b)
        if b["winner"] == A:
            return "retreat"
        return "finish"

    def retreat(self, s, f):
        """18.7 L1028: the defender retreats one space to a friendly controlled or occupied
        space; rebels never retreat (21.2 L1184); a force that cannot is eliminated; a fort is
        eliminated."""
        b = s["battle"]
        at = b["at"]
        if b.get("fort_cancel"):
            del s["forts"][at]
            log(s, f"The fort in {space_name(at)} is given up: the defenders do not retreat.", "28.2")
            return "advance"
        if fort_may_cancel(s, b) and not f.get("fort_asked"):
            f["fort_asked"] = True
            ask(s, "battle-fort", b["roles"][D])
            return "retreat"
        if b["fort"] and s["forts"].get(at):
            del s["forts"][at]
            log(s, f"The fort in {space_name(at)} is eliminated.", "18.7")
        while True:
            todo = [uid for uid in main_units(s, b, D) if s["units"][uid]["at"] == at]
            if not todo:
                break
            uid = todo[0]
            u = s["units"][uid]
            dests = retreat_choices(s, b, uid)
            if u["o"] == "rebel" or not dests:
                eliminate(s, uid, "cannot retreat and is eliminated", "18.7")
                continue
            role = W.player_of(s, u["o"]) or b["roles"][D]
            if role is None or len(dests) == 1:
                move_retreat(s, b, uid, dests[0])
                continue
            ask(s, "battle-retreat", role)
            return "retreat"
        f["retreated"] = True
        # 5.1.3 L367: an EC that retreated apart from every army of its owner is eliminated
        lonely_ecs(s, [at] + sorted({s["units"][u]["at"] for u in main_units(s, b, D) if u in s["units"]} - {at}))
        return "advance"

    def advance(self, s, f):
        """18.7.1 L1029: at least one unit of the main attack force advances; in peacetime
        battles against rebels nobody advances (RULINGS_BATTLE B6)."""
        b = s["battle"]
        if not b["wartime"] or b["frm"] == b["at"]:
            return "finish"
        if not b.get("trench_advance") and any(
            hostile(s, b["attacker"], s["units"][u]) and s["units"][u]["o"] != "rebel" for u in land_units(s, b["at"])
        ):
            return "finish"
        ch = advance_choices(s, b)
        if ch:
            ask(s, "battle-advance", b["roles"][A], moved=[])
            return "advanced"
        return "advanced"

    def advanced(self, s, f):
        b = s["battle"]
        f["advanced"] = [uid for uid in main_units(s, b, A) if s["units"][uid]["at"] == b["at"]]
        if f["advanced"] and b.get("trench_advance"):
            mark_trench_battle(s, b)  # 28.1.1 L1412: the attacker advances beside the defender
        elif f["advanced"]:
            occupy(s, b["attacker"], b["at"])
        lonely_ecs(s, [b["frm"]])
        return "finish"

    def finish(self, s, f):
        b = s["battle"]
        r = b["result"] or {}
        if b["had_rebels"]:
            rebels_gone(s, b["at"])
        lonely_ecs(s, [b["at"]] + ([b["frm"]] if b["frm"] in P().spaces else []))
        s["last_battle"] = {
            "kind": "land", "winner": "attacker" if b["winner"] == A else "defender",
            "decisive": bool(r.get("decisive")), "attacker": b["main"][A], "defender": b["main"][D],
            "frm": b["frm"], "at": b["at"], "dice": dict(b["dice"] or {}), "bdrm": b["bdrm"],
            "losses": {A: b["taken"][A], D: b["taken"][D]}, "retreated": f.get("retreated", False),
            "advanced": list(f.get("advanced", [])), "armies": dict(b.get("armies") or {}),
        }  # fmt: skip
        war = s.get("war")
        at = b["at"]
        if s.get("gw") and b["fort"] and s["forts"].get(at):  # 28.2 L1428: a fort that stays loses a level
            s["forts"][at][1] -= 1
            log(s, f"The fort in {space_name(at)} is reduced by one level.", "28.2")
            if s["forts"][at][1] <= 0:
                del s["forts"][at]
        walled = b["trench"] and any(s["units"][u]["at"] == at for u in main_units(s, b, D) if u in s["units"])
        if war is not None and b["winner"] == A and r.get("decisive") and f.get("advanced") and not walled:
            if not war.get("decisive_taken"):
                war["decisive_bonus"] = {"power": b["attacker"], "units": list(f["advanced"]), "at": b["at"]}
                log(s, f"Decisive battle: {name(b['attacker'])}'s advancing units may fight another land "
                    "battle or move one more space, free (once this impulse).", "18.8")  # fmt: skip
        s["battle"] = None
        if f.get("advanced"):
            displace_navies(s, b["attacker"], b["at"])
        return None


def fort_may_cancel(s: dict, b: dict) -> bool:
    """28.2 L1426-1429 (G17): before GW turn 1 a defender forced to retreat may remove its fort to
    cancel the retreat: with units of its own still in the space, never the Indian Fort."""
    g = s.get("gw")
    at = b["at"]
    if not g or g["turn"] >= 1 or not b["fort"] or not s["forts"].get(at) or b["roles"][D] is None:
        return False
    if at == "india" and s["forts"][at][0] == "uk":
        return False  # 33.2.3: the Indian Fort
    return any(s["units"][u]["at"] == at for u in main_units(s, b, D) if u in s["units"])


def trench_here(s: dict, at: str) -> bool:
    """28.1 L1408: a battle of the Great War in a space with trenches."""
    return bool((s.get("war") or {}).get("gw")) and W.trenched(s, at)


def trench_result(s: dict, b: dict) -> str:
    """28.1.1 L1410-1415: a won attack on a trench. Into the space: the defender stays, the
    attacker advances beside it and the trench battle marker goes on, at Attacker Advantage.
    Within a trench battle: the winner who already had the advantage drives the other side out
    (it retreats); otherwise the status shifts one box its way (the side that had the advantage
    falls to Deadlock). RULINGS_GW G13."""
    tb = s["gw"]["trenches"].get(b["at"])
    k = side_key(s, b["attacker"])
    if tb is None:
        if not [u for u in main_units(s, b, D) if s["units"][u]["at"] == b["at"]] and not b["fort"]:
            return "retreat"  # nobody is left to hold the trench: an ordinary win
        b["trench_advance"] = True
        log(s, f"The defenders of {space_name(b['at'])} hold their trenches: no retreat; the attacker advances "
            "into the space.", "28.1.1")  # fmt: skip
        return "advance"
    if tb["adv"] == k:
        log(s, f"{name(b['attacker'])}'s side had the advantage: the enemy is driven out of the trench battle.",
            "28.1.1")  # fmt: skip
        return "retreat"
    old = tb["adv"]
    tb["adv"] = None if old is not None else k
    status = "Deadlock" if tb["adv"] is None else ("Attacker" if tb["adv"] == tb["by"] else "Defender") + " Advantage"
    log(s, f"The trench battle in {space_name(b['at'])} shifts: {status}.", "28.1.1")
    return "finish"


def side_key(s: dict, owner: str):
    """'attacker' or 'defender': the side of the war an owner fights on (war.key_of)."""
    sd = W.owner_side(s, owner)
    return None if sd is None else sd[:-1]


def mark_trench_battle(s: dict, b: dict) -> None:
    k = side_key(s, b["attacker"])
    s["gw"]["trenches"][b["at"]] = {"by": k, "adv": k}
    log(s, f"A trench battle begins in {space_name(b['at'])}: Attacker Advantage.", "28.1.1")


def auto_support(s: dict, b: dict, side: str) -> None:
    """Rebels (and sides nobody commands) declare every support they may (RULINGS_BATTLE B3)."""
    while True:
        ch = support_choices(s, b, side)
        if not ch:
            return
        ch.sort(key=lambda x: (s["units"][x]["r"], x))
        b["units"][ch[0]] = {"side": side, "main": False}


def elite_choices(s: dict, b: dict, side: str) -> list:
    return [uid for uid in main_units(s, b, side) if s["units"][uid]["t"] in ELITES]


def retreat_choices(s: dict, b: dict, uid: str) -> list:
    """18.7 L1028: one space, friendly controlled or occupied, without enemy land units; armies
    never into naval bases (3.2.8)."""
    u = s["units"][uid]
    out = []
    for there in sorted(P().adjacency.get(b["at"], {})):
        if there == b["frm"]:
            continue
        if not W.friendly_space(s, u["o"], there):
            continue
        if u["t"] in ARMY_TYPES and P().spaces[there].type == "naval-base":
            continue
        if any(
            x["at"] == there and x["t"] not in NAVAL_TYPES and W.at_war(s, u["o"], x["o"]) for x in s["units"].values()
        ):
            continue
        out.append(there)
    return out


def move_retreat(s: dict, b: dict, uid: str, to: str) -> None:
    log(s, f"{unit_words(s['units'][uid])[0].upper()}{unit_words(s['units'][uid])[1:]} retreats to {space_name(to)}.",
        "18.7")  # fmt: skip
    W.move_unit(s, uid, to)


def advance_choices(s: dict, b: dict) -> list:
    """18.7.1: units of the main attack force still in the attacking space; no overstacking
    (5.5.3 L405), no army into a naval base (3.2.8). Advancing beside the defender into a trench
    battle (28.1.1 L1412), the attacker's side counts only its own armies: stacking is how many
    units a player can have in a space (5.5 L401)."""
    at = b["at"]
    sp = P().spaces[at]
    mine = side_key(s, b["attacker"]) if b.get("trench_advance") else None
    armies_there = sum(
        1
        for u in s["units"].values()
        if u["at"] == at
        and u["t"] in ARMY_TYPES
        and u["o"] != "rebel"
        and (mine is None or side_key(s, u["o"]) == mine)
    )
    out = []
    for uid in main_units(s, b, A):
        u = s["units"][uid]
        if u["at"] != b["frm"]:
            continue
        if u["t"] in ARMY_TYPES and (armies_there >= sp.stacking or sp.type == "naval-base"):
            continue
        out.append(uid)
    return out


def occupy(s: dict, p: str, at: str) -> None:
    """15.3 L888: in wartime the last power solely in a space occupies it (the main attacker when
    allies enter together); not while hostile rebels remain (21.4 L1188); an enemy fort in the
    space is eliminated (12.12 L706)."""
    if s.get("war") is None:
        return
    fort = s["forts"].get(at)
    if fort and W.at_war(s, p, fort[0]):
        del s["forts"][at]
        log(s, f"The fort in {space_name(at)} is eliminated.", "12.12")
    if any(u["at"] == at and hostile(s, p, u) and u["o"] == "rebel" for u in s["units"].values()):
        return
    if W.holder(s, at) == p:
        return
    s["occupied"][at] = p
    log(s, f"{name(p)} occupies {space_name(at)}.", "15.3")


def displace_navies(s: dict, p: str, at: str) -> None:
    """19.11 L1131: enemy naval units in a port entered by land units displace to an adjacent
    naval box; a naval battle there follows (naval.py)."""
    if s.get("war") is None or at not in P().spaces:
        return
    if any(u["at"] == at and u["t"] in NAVAL_TYPES and W.at_war(s, p, u["o"]) for u in s["units"].values()):
        call(s, "naval-displace", space=at, by=p)


# ----- the states ----------------------------------------------------------------------------------------------


class BattleMain(State):
    def prompt(self, s, f, role):
        return "Several powers defend: choose the main defender (18.1.2)."

    def actions(self, s, f, role):
        return [{"main": o} for o in f["options"]]

    def act(self, s, f, role, action):
        s["battle"]["main"][D] = action["main"]
        return None


class BattleJihad(State):
    def prompt(self, s, f, role):
        return "Discard a Jihad marker to give your opponent -1 in this battle (33.6)?"

    def actions(self, s, f, role):
        return ["jihad", "no"]

    def act(self, s, f, role, action):
        if action == "jihad":
            s["flags"]["jihad"] -= 1
            s["battle"]["jihad"] = f["side"]
            log(s, "The Ottomans discard a Jihad marker: their opponent has -1.", "33.6")
        return None


class BattleSupport(State):
    def prompt(self, s, f, role):
        return "Declare supporting armies (18.3): at most two spaces; or done."

    def actions(self, s, f, role):
        return [{"support": True, "unit": uid} for uid in support_choices(s, s["battle"], f["side"])] + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        b = s["battle"]
        b["units"][action["unit"]] = {"side": f["side"], "main": False}
        u = s["units"][action["unit"]]
        log(s, f"{unit_words(u)[0].upper()}{unit_words(u)[1:]} supports.", "18.3")
        return "stay" if support_choices(s, b, f["side"]) else None


class BattleElite(State):
    def prompt(self, s, f, role):
        return "Commit an elite unit for +1 (18.2.1)?"

    def actions(self, s, f, role):
        return [{"elite": True, "unit": uid} for uid in elite_choices(s, s["battle"], f["side"])] + ["none"]

    def act(self, s, f, role, action):
        if action != "none":
            s["battle"]["elite"][f["side"]] = action["unit"]
            log(s, f"{name(role)} commits {unit_words(s['units'][action['unit']])}: +1.", "18.2.1")
        return None


class BattleRecoil(State):
    def prompt(self, s, f, role):
        return "Hydraulic recoil (18.4 *): inflict +1 loss on both sides?"

    def actions(self, s, f, role):
        return ["add", "no"]

    def act(self, s, f, role, action):
        if action == "add":
            b = s["battle"]
            b["losses"][A] += 1
            b["losses"][D] += 1
            log(s, f"{name(role)} inflicts +1 loss on both sides (hydraulic recoil).", "18.4")
        return None


class BattleLoss(State):
    def prompt(self, s, f, role):
        b = s["battle"]
        return f"Take a step loss ({b['losses'][f['side']]} to take, 18.6)."

    def actions(self, s, f, role):
        return [{"loss": True, "unit": uid} for uid in loss_choices(s, s["battle"], f["side"])]

    def act(self, s, f, role, action):
        b = s["battle"]
        b["losses"][f["side"]] -= 1
        take_loss(s, b, f["side"], action["unit"])
        return None


class BattleRetreat(State):
    def prompt(self, s, f, role):
        return "Retreat your units one space (18.7)."

    def actions(self, s, f, role):
        b = s["battle"]
        out = []
        for uid in main_units(s, b, D):
            if s["units"][uid]["at"] != b["at"]:
                continue
            for to in retreat_choices(s, b, uid):
                out.append({"retreat": True, "unit": uid, "to": to})
            break
        return out

    def act(self, s, f, role, action):
        move_retreat(s, s["battle"], action["unit"], action["to"])
        return None


class BattleFort(State):
    """28.2 L1426: give up the fort to stay, or retreat (and lose the fort anyway, 18.7)."""

    def prompt(self, s, f, role):
        return f"Remove the fort in {space_name(s['battle']['at'])} to cancel the retreat (28.2)?"

    def actions(self, s, f, role):
        return ["remove-fort", "retreat"]

    def act(self, s, f, role, action):
        s["battle"]["fort_cancel"] = action == "remove-fort"
        return None


class BattleAdvance(State):
    def prompt(self, s, f, role):
        return "Advance after combat (18.7.1): at least one unit must advance."

    def actions(self, s, f, role):
        out = [{"advance": True, "unit": uid} for uid in advance_choices(s, s["battle"])]
        if f["moved"] or not out:
            out.append("done")
        return out

    def act(self, s, f, role, action):
        if action == "done":
            return None
        b = s["battle"]
        W.move_unit(s, action["unit"], b["at"])
        f["moved"].append(action["unit"])
        u = s["units"][action["unit"]]
        log(s, f"{unit_words(u)[0].upper()}{unit_words(u)[1:]} advances.", "18.7.1")
        return "stay" if advance_choices(s, b) else None


PROCEDURES = {"land-battle": LandBattle()}
STATES = {
    "battle-main": BattleMain(),
    "battle-jihad": BattleJihad(),
    "battle-support": BattleSupport(),
    "battle-elite": BattleElite(),
    "battle-recoil": BattleRecoil(),
    "battle-loss": BattleLoss(),
    "battle-retreat": BattleRetreat(),
    "battle-advance": BattleAdvance(),
    "battle-fort": BattleFort(),
}

__all__ = ["PROCEDURES", "STATES", "crt", "can_attack", "amphibious_ok", "KEY_TYPES"]
