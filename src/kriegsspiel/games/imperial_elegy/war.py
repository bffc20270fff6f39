"""Wars before the Great War: the declare-war action (12.17, L735-749) and the wartime
sequence of play (12.17.2 L741-749): the War Aim Step (§13, L750-811), the Alliance Step
(§14, L812-838), the Maneuver Step (§15, L839-893), the Victory Step (§16, L894-932) and
the Demobilization Step (§17, L933-945).

``call(s, "war", attacker=p, card=cid, cp=n, **preset)`` runs a whole war; ``targets(s, p)``
says on whom p may declare war now (12.17.1, 8.1.2, 13.4, 13.5); ``join(s, power, side,
primary, budget_cp)`` adds a power to the war in progress (Balance of Power, 14.1 L827).

s["war"] while a war runs (world.owner_side and world.holder read it):
    attackers, defenders   owners on each side (players, minors, "italy")
    primary                {"attacker": p, "defender": q} (14.1)
    target, targets        the declared target; both powers attacked with Otto von Bismarck or
                           Aux Armes Citoyens (14.1 L829, W25)
    attacked               the player(s) shifting in 14.2 (and choosing the primary defender, W27)
    abandoned, aided_by    players that abandoned attacked minors (13.4.1); {minor: aiding player}
    primary_fixed          set when Balance of Power made the UK primary defender (14.1 L828)
    votes                  {defender: proposed primary defender} (14.1 L829-830)
    end_draws              [[power, n]] dealt when the war ends (Balance of Power, W30)
    aim, italian           the war aim (13.0); the Italian state of an Italian war of
                           unification (13.2.1) or None
    objectives, count      the targeted spaces (1-2) and how many may be chosen
    kind                   liberation: "rebellion", "home" or "special" (13.1, 13.1.2)
    liberate               the rebels' nationalities a war of liberation frees (13.1.1, 21.2)
    played                 {power: CP of the card it played to fight} (14.3)
    budget, order          the war budgets and the initiative order (14.3)
    drm                    {power: war DRM} (New Rifles: events.py)
    deployed               reserves placed this impulse (15.2.3)
    decisive_bonus         set by the battle module after a decisive win (18.8)
    impulse                the impulse being played (actor, free actions used...)
    knocked_out            {player: side key that knocked it out} (15.6)
    ended                  why the maneuver step ended early (15.5): surrender, capital,
                           negotiated or white peace
    passes, turn           consecutive passes (15.0) and impulses played
    joint                  players holding a joint naval operations marker (15.2.2)
    italy_deployed         Italian reserve armies deployed in this war (W32)
    treaty                 the treaty options being imposed: chooser, side, left, used, imposed,
                           pending (the option chosen), to (its recipient, W22), closed
s["reserve_box"] {minor: [reduced, ...]}: Poland's reserve armies holding box (3.8, 22.5, W33).
RULINGS_WAR.md (W1, W2, ...) settles what the rulebook leaves open.
"""

from __future__ import annotations

import math
from collections import deque

from ...engine import STAY, Procedure, State, ask, call, checkpoint, log
from ...engine.rng import roll
from . import world as W
from .battle import unit_words
from .data import KEY_TYPES, PLAYERS, PORT_LIMIT
from .rebels import gain_independence
from .world import (
    ARMY_TYPES,
    BOXES,
    GERMAN_MINORS,
    NAMES,
    NAVAL_TYPES,
    P,
    annex,
    bot_redeploys,
    card,
    card_title,
    check_german_unification,
    deal,
    finish_card,
    name,
    space_name,
    transfer,
)

AIMS = ("liberation", "unification", "conquest")  # 13.0 L751
ITALIAN_STATES = ("sardinia-piedmont", "two-sicilies")  # 13.2.1 L768
ITALY_AID = (("fr", "au"), ("ge",), ("uk",))  # 13.4.3 L797 "Italy/IT Minor"
BLOCKADE_ENDS = ("baltic", "black-sea")  # 17.1 L941
KEYS = {"attacker": "attackers", "defender": "defenders"}
BISMARCK = "otto-von-bismarck"
TWO_TARGET_CARDS = (BISMARCK, "aux-armes-citoyens")  # 14.1 L829: GE's and FR's home cards attack two powers
OTHER = {"attacker": "defender", "defender": "attacker"}


# ----- small queries ------------------------------------------------------------------------------


def _w(s: dict) -> dict:
    return s["war"]


def key_of(s: dict, owner: str):
    """'attacker' / 'defender': the side an owner fights on, or None."""
    sd = W.owner_side(s, owner)
    return None if sd is None else sd[:-1]


def is_land(u: dict) -> bool:
    return u["t"] not in NAVAL_TYPES and u["o"] != "rebel"


def italy_unified(s: dict) -> bool:
    return bool(s["flags"].get("italy_unified")) and "italy" in s["majors"]


def italy_controller(s: dict):
    """15.4.1 L879: Italy is run by the primary belligerent of its side (if a player)."""
    k = key_of(s, "italy")
    if k is None:
        return None
    pr = _w(s)["primary"][k]
    return pr if pr in PLAYERS else None


def role_of(s: dict, actor: str):
    if actor in PLAYERS:
        return actor
    if actor == "italy" or (actor == "us" and (s.get("war") or {}).get("gw")):
        return major_controller(s, actor)  # 15.4.1; the US in the Great War alike (ruling G10)
    return None


def major_controller(s: dict, who: str):
    """The primary belligerent of the side a non-player major fights on, if a player."""
    k = key_of(s, who)
    if k is None:
        return None
    pr = _w(s)["primary"][k]
    return pr if pr in PLAYERS else None


def italy_alone(s: dict) -> bool:
    """22.4 L1248: a unified Italy defending with no player on its side (nobody aided it)."""
    w = s.get("war")
    if not w or "italy" not in w["defenders"] or not italy_unified(s):
        return False
    return not any(q in PLAYERS for q in w["defenders"]) and italy_controller(s) is None


def italy_pick(s: dict, spaces: list, why: str):
    """22.4 L1249: "If Italy ever has to choose between two spaces, roll a die" (1-3 the first,
    4-6 the second; among more spaces, one die of as many faces, W32)."""
    spaces = sorted(spaces)
    if len(spaces) <= 1:
        return spaces[0] if spaces else None
    if len(spaces) == 2:
        r = roll(s)
        pick = spaces[0] if r <= 3 else spaces[1]
    else:
        r = roll(s, len(spaces))
        pick = spaces[r - 1]
    log(s, f"Italy rolls {r} to choose {why}: {space_name(pick)}.", "22.4")
    return pick


def italian_goals(s: dict) -> list:
    """The war's objectives Italy itself controls (22.4 L1248: "the targeted war goal space(s)")."""
    return sorted(x for x in _w(s)["objectives"] if s["control"].get(x) == "italy")


def italy_stands_alone(s: dict) -> None:
    """22.4 L1248: defending alone, Italy's standing armies not in Rome displace to the goal
    space(s) at the start of the war; with two goals each army goes to the one with fewer
    Italian armies, a die deciding a tie (W32). A goal at its stacking limit takes none."""
    goals = italian_goals(s)
    if not goals:
        return
    rome = W.capital(s, "italy")
    armies = sorted(
        uid
        for uid, u in s["units"].items()
        if u["o"] == "italy" and u["t"] == "army" and u["at"] in P().spaces and u["at"] not in (rome, *goals)
    )

    def italians(g):
        return sum(1 for u in s["units"].values() if u["o"] == "italy" and u["at"] == g and u["t"] in ARMY_TYPES)

    for uid in armies:
        room = [g for g in goals if W.stack_armies(s, g) < P().spaces[g].stacking]
        if not room:
            break
        least = min(italians(g) for g in room)
        to = italy_pick(s, [g for g in room if italians(g) == least], "where an army displaces")
        frm = s["units"][uid]["at"]
        W.move_unit(s, uid, to)
        log(s, f"Italy defends alone: its army in {space_name(frm)} displaces to {space_name(to)}.", "22.4")


def italy_deploy_target(s: dict):
    """22.4 L1248: Italy deploys a reserve army to defend a goal space (in it), else to support
    one (an adjacent space it may deploy to); a die chooses between spaces."""
    spaces = deploy_spaces(s, "italy") if reserves_left(s, "italy") else []
    if not spaces:
        return None
    goals = italian_goals(s)
    defend = [g for g in goals if g in spaces]
    if defend:
        return italy_pick(s, defend, "the goal space to defend")
    near = {n for g in _w(s)["objectives"] for n in P().adjacency.get(g, {})}
    support = [x for x in spaces if x in near]
    if support:
        return italy_pick(s, support, "the space to support the goal from")
    return None


def controlled_owners(s: dict, actor: str) -> set:
    """The owners whose units the actor moves: itself and its allied minors in the war (15.4)."""
    if actor == "italy":
        return {"italy"}
    k = key_of(s, actor)
    out = {actor}
    for m, a in s["allies"].items():
        if a == actor and k is not None and key_of(s, m) == k:
            out.add(m)
    return out


def industry(s: dict, power: str) -> int:
    if power == "italy":
        return 1  # 15.4.1 L881
    return s["powers"][power]["industry"] if power in s["powers"] else 0


def box_of(s: dict, power: str) -> str:
    if power == "italy":
        return s["majors"]["italy"]["alliance"]
    return s["powers"][power]["alliance"]


def set_box(s: dict, power: str, box: str) -> None:
    if power == "italy":
        s["majors"]["italy"]["alliance"] = box
    else:
        s["powers"][power]["alliance"] = box


def add_mpit(s: dict, power: str, track: str, n: int) -> None:
    if power == "italy":
        mp = s["majors"]["italy"].setdefault("mpit", {"entente": 0, "alliance": 0, "neutral": 0})
    else:
        mp = s["powers"][power]["mpit"]
    mp[track] = mp.get(track, 0) + n


def has_truce(s: dict, a: str, b: str) -> bool:
    if a == "italy" or b == "italy":
        t = s["majors"].get("italy", {}).get("truces", {})
        return t.get(b if a == "italy" else a, 0) > 0
    return W.truce(s, a, b)


def budget_cards(s: dict, q: str) -> list:
    """Cards a player may play for a war budget: never a mandatory event (13.7 L809, 14.0 L823)."""
    return [c for c in s["powers"][q]["hand"] if "mandatory" not in card(c).flags]


def enemy_land(s: dict, sid: str, key: str, foes_at: set | None = None) -> bool:
    """Land units of the other side in the space (rebels aside). ``foes_at``: the caller's
    ``enemy_land_spaces``, when it asks of many spaces."""
    return sid in (foes_at if foes_at is not None else enemy_land_spaces(s, key))


def enemy_land_spaces(s: dict, key: str) -> set:
    """The spaces holding land units of the other side (rebels aside)."""
    foes = set(_w(s)[KEYS[OTHER[key]]])
    return {u["at"] for u in s["units"].values() if u["o"] in foes and u["t"] not in NAVAL_TYPES}


def enemy_fort(s: dict, sid: str, key: str) -> bool:
    f = s["forts"].get(sid)
    return bool(f) and f[0] in _w(s)[KEYS[OTHER[key]]]


def hostile_rebels(s: dict, sid: str, key: str) -> bool:
    """Rebels hostile to the side (21.2 L1184-1185, 13.1.1): all rebels, except those the
    attacker of a war of liberation means to free, which are the defender's enemies only."""
    if sid not in s["rebel_spaces"]:
        return False
    lib = _w(s)["liberate"]
    if key == "attacker" and lib is not None:
        return any(u["at"] == sid and u["o"] == "rebel" and u.get("n") not in lib for u in s["units"].values())
    return True


def raw_holder(s: dict, sid: str):
    occ = s["occupied"].get(sid)
    return occ if occ is not None else s["control"].get(sid)


def friendly(s: dict, sid: str, key: str) -> bool:
    """A space the side holds (controls or occupies, 15.3), rebels or not."""
    h = raw_holder(s, sid)
    return h is not None and key_of(s, h) == key


def enterable(s: dict, sid: str, key: str, u: dict, foes_at: set | None = None, armies: dict | None = None) -> bool:
    """15.2.4 L862: never into enemy land units, an enemy fort or neutral spaces; armies never
    into naval bases (3.2.8). Enemy spaces without units are entered (and occupied). ``armies``:
    ``world.army_counts``, counted once for a whole listing."""
    sp = P().spaces[sid]
    stacked = armies.get(sid, 0) if armies is not None else None
    if u["t"] in ARMY_TYPES and sp.type == "naval-base":
        return False
    if W.us_closed(s, sid, u["o"]):
        return False  # 32.1 L1498: the US can never be invaded (G32)
    if sid in trench_battles(s):  # 28.1.5 L1422: moved into and out of by march and rail
        # stacking counts the side's own armies there, not the enemy's beside them (5.5 L401)
        return not (u["t"] in ARMY_TYPES and W.stack_armies(s, sid, key) >= sp.stacking)
    if enemy_land(s, sid, key, foes_at) or enemy_fort(s, sid, key):
        return False
    h = raw_holder(s, sid)
    if h is not None and key_of(s, h) is None and h not in gw_eliminated(s):
        return False  # neutral (a knocked-out player's spaces too, 15.6; 30.1: not an eliminated one's)
    if u["t"] in ARMY_TYPES and _stacked(s, sid, stacked) >= sp.stacking:
        return False  # 5.5.3 (W9)
    return True


def _stacked(s: dict, sid: str, counted: int | None) -> int:
    return W.stack_armies(s, sid) if counted is None else counted


def gw_eliminated(s: dict):
    """30.1: the players eliminated in the Great War (their spaces are marched through freely)."""
    g = s.get("gw")
    return g["eliminated"] if g else ()


def trench_battles(s: dict) -> dict:
    """28.1.1: the spaces with a trench battle marker (the Great War's)."""
    g = s.get("gw")
    return g["trenches"] if g else {}


def bounded(n: int, lo: int, hi: int) -> int:
    return max(lo, min(hi, n))


# ----- targets, aims and objectives (12.17.1, 13.0-13.4) ----------------------------------------


def can_attack(s: dict, p: str, q: str) -> bool:
    """8.1.2 L501-502, 12.17.1 L738, 13.4 L780-781, 13.5 L808."""
    if q == p or q in ("us", "csa"):
        return False
    if q in PLAYERS:
        return not W.same_alliance(s, p, q) and not W.truce(s, p, q)
    if q == "italy":
        return italy_unified(s) and not W.same_alliance(s, p, "italy") and not has_truce(s, p, "italy")
    m = P().minors.get(q)
    if m is None or m.rebel or q in s["gone"]:
        return False
    ally, dip = s["allies"].get(q), s["diplomacy"].get(q)
    if p in (ally, dip):
        return False  # 13.4 (1) (2)
    for owner in (ally, dip):
        if owner in PLAYERS and W.same_alliance(s, p, owner):
            return False  # 13.4 (3), 8.1.2
    if ally in PLAYERS and W.truce(s, p, ally):
        return False  # an attack on the minor is an attack on its ally (13.4), 13.5
    return True


def dual_home(s: dict, sid: str) -> bool:
    """3.2.5.2 L206-209: a home space of two powers (independence, annexation, Italy)."""
    sp = P().spaces[sid]
    if len(sp.homes) > 1:
        return True
    if sp.unification == "italy" and italy_unified(s):
        return True
    return sid in s["flags"].get("ge_homes", []) and sp.home != "ge"


def liberation_kind(s: dict, p: str, q: str, sid: str, cid) -> str | None:
    """13.1 L754-757: in rebellion (rebels and a WoI marker), or an original home space of the
    attacker (never a dual home space); 13.1.2 L761-763 and 33.4 L1560: RU in the Balkans with
    the Russo-Turkish Wars home card, AU in Italy before unification."""
    sp = P().spaces[sid]
    if sid in s["rebel_spaces"] and sid in s["woi"]:
        return "rebellion"
    if sp.home == p and not dual_home(s, sid) and q in PLAYERS:
        return "home"
    if p == "ru" and cid == "russo-turkish-wars" and W.in_region(sp, "balkans"):
        return "special"
    if p == "au" and not s["flags"].get("italy_unified") and "italian" in sp.nationalities:
        return "special"
    return None


def objective_pool(s: dict, p: str, q: str, aim: str, italian=None, cid=None, spaces=None) -> list:
    """Spaces the defender itself controls that may be targeted under the aim (13.1-13.3, W23, W24)."""
    if spaces is None:
        spaces = [sid for sid, c in s["control"].items() if c == q]
    out = []
    cit = set(s["flags"].get("citizenship", []))
    for sid in spaces:
        sp = P().spaces[sid]
        if sp.controlled_with:
            continue  # 3.4.1 L260, 3.4.4 L273: it goes with the space that controls it, never alone
        if aim == "conquest":
            if sp.type not in ("capital", "subcapital"):  # 13.3.1 L778
                out.append(sid)
        elif aim == "liberation":
            if liberation_kind(s, p, q, sid, cid):
                out.append(sid)
        elif italian:
            if "italian" in sp.nationalities:  # 13.2.1 L770
                out.append(sid)
        elif p == "ge":
            if "german" in sp.nationalities:  # 13.2 L766
                out.append(sid)
        elif p == "au":
            if cit & set(sp.nationalities):  # 13.2 L765, 33.4.1
                out.append(sid)
    return sorted(out)


def aims_for(s: dict, p: str, q: str, cid=None, spaces=None) -> list:
    """The war aims p may announce against q: {"aim": a} (and "italian" for 13.2.1)."""
    out = []
    for aim in AIMS:
        if aim != "unification":
            if objective_pool(s, p, q, aim, cid=cid, spaces=spaces):
                out.append({"aim": aim})
            continue
        if p in ("ge", "au") and objective_pool(s, p, q, aim, cid=cid, spaces=spaces):
            out.append({"aim": "unification"})
        if not s["flags"].get("italy_unified"):
            for m in ITALIAN_STATES:
                if m == q or m in s["gone"] or p not in (s["diplomacy"].get(m), s["allies"].get(m)):
                    continue
                if W.minor_space(s, m) and objective_pool(s, p, q, aim, italian=m, spaces=spaces):
                    out.append({"aim": "unification", "italian": m})
    return out


def _targets(s: dict, p: str, aim=None, cid=None) -> list:
    by_owner: dict = {}
    for sid, c in s["control"].items():
        by_owner.setdefault(c, []).append(sid)
    cands = list(PLAYERS) + W.minors_in_play(s) + (["italy"] if italy_unified(s) else [])
    out = []
    spaces = P().spaces
    for q in cands:
        if not can_attack(s, p, q):
            continue
        if aim in (None, "conquest") and any(
            spaces[sid].type not in ("capital", "subcapital") for sid in by_owner.get(q, ())
        ):
            out.append(q)  # a war of conquest is open: enough to list the target (13.3)
            continue
        aims = aims_for(s, p, q, cid, by_owner.get(q, []))
        if any(aim is None or a["aim"] == aim for a in aims):
            out.append(q)
    return out


def targets(s: dict, p: str, ignore_wtt: bool = False, card_id=None) -> list:
    """Whom p may declare war on now with a card's CP (12.17): nobody while a war runs or the
    WTT stands at 3 or more (12.17.1 L738); never the US or the CSA; not its alliance or their
    minors (8.1.2, 13.4); not through a truce (13.5); only a power it can name objectives of."""
    if s.get("war") or (not ignore_wtt and s["wtt"] >= 3):
        return []
    return _targets(s, p, cid=card_id)


def war_targets(s: dict) -> list:
    """The powers attacked: one, or two with Otto von Bismarck / Aux Armes Citoyens (14.1 L829)."""
    w = _w(s)
    return list(w.get("targets") or ([w["target"]] if w["target"] else []))


def lacking_targets(s: dict) -> list:
    """W25: in a war on two powers each attacked power has one objective of its own."""
    w = _w(s)
    tg = war_targets(s)
    if len(tg) < 2:
        return []
    return [q for q in tg if not any(s["control"].get(x) == q for x in w["objectives"])]


def objective_choices(s: dict) -> list:
    """13.1-13.3: the next objective; conquest at most one key; liberation objectives of one
    kind (W3); an Italian war's two objectives adjacent (13.2.1 L770); one on each of two
    attacked powers (W25)."""
    w = _w(s)
    p = w["primary"]["attacker"]
    chosen = w["objectives"]
    pool = []
    for q in war_targets(s):
        pool += [x for x in objective_pool(s, p, q, w["aim"], w["italian"], w["card"]) if x not in chosen]
    lack = lacking_targets(s)
    if lack:
        pool = [x for x in pool if s["control"].get(x) in lack]
    pool = sorted(pool)
    if not chosen:
        return pool
    if w["aim"] == "conquest":
        if any(P().spaces[c].type in KEY_TYPES for c in chosen):
            pool = [x for x in pool if P().spaces[x].type not in KEY_TYPES]
    elif w["aim"] == "liberation":
        c0 = chosen[0]
        kind = liberation_kind(s, p, s["control"].get(c0), c0, w["card"])
        pool = [x for x in pool if liberation_kind(s, p, s["control"].get(x), x, w["card"]) == kind]
    elif w["italian"]:
        pool = [x for x in pool if x in P().adjacency.get(chosen[0], {})]
    return pool


def second_targets(s: dict) -> list:
    """14.1 L829, 13.4.5 L808: the second power a two-target card may attack, under the war aim
    already announced (one war, one aim: W25)."""
    w = _w(s)
    if w["card"] not in TWO_TARGET_CARDS or w["aim"] is None:
        return []
    p = w["primary"]["attacker"]
    want = {"aim": w["aim"]}
    if w["italian"]:
        want["italian"] = w["italian"]
    return [
        q
        for q in _targets(s, p, aim=w["aim"], cid=w["card"])
        if q not in war_targets(s) and want in aims_for(s, p, q, w["card"])
    ]


# ----- alliance shifts (8.2, 8.3) ----------------------------------------------------------------


def alliance_full(s: dict, which: str, power: str) -> bool:
    members = [q for q in PLAYERS if W.side(s, q) == which and q != power]
    return len(members) >= 3


def away_box(s: dict, power: str, frm: str):
    """The box one shift away from frm's alliance (8.2 L506); None: a choice (both neutral);
    the same box when it cannot move further (W5)."""
    b = box_of(s, power)
    i = BOXES.index(b)
    fs = W.side(s, frm)
    if fs == "entente":
        return BOXES[min(4, i + 1)]
    if fs == "alliance":
        return BOXES[max(0, i - 1)]
    if b == "neutral":
        return None
    return BOXES[0] if i < 2 else BOXES[4]  # away from a neutral: deeper into its alliance


class ShiftAway(Procedure):
    """Shift ``power`` one box away from ``frm`` (8.2 L506-507); both neutral: the defender
    chooses (a neutral Italy rolls, 8.2 L507); ``harsh``: random and within the three-player
    maximum (8.3 L509-511, 8.4 L513)."""

    def start(self, s, f):
        q, frm = f["power"], f["frm"]
        nb = away_box(s, q, frm)
        if nb is None:
            if q == "italy" or f.get("harsh") or q not in PLAYERS:
                nb = "entente-aligned" if roll(s) <= 3 else "alliance-aligned"
            else:
                ask(s, "war-shift", q, frm=frm)
                return None
        if (
            f.get("harsh")
            and W.SIDE[nb] != "neutral"
            and W.SIDE[nb] != W.side(s, q)
            and alliance_full(s, W.SIDE[nb], q)
        ):
            log(s, f"{name(q)} cannot shift: that alliance already has three players.", "8.4")
            return None
        if nb != box_of(s, q):
            set_box(s, q, nb)
            rule = "8.3" if f.get("harsh") else "8.2"
            log(s, f"{name(q)} shifts away from {name(frm)} on the Alliance Track to {nb}.", rule)
        return None


class ShiftChoice(State):
    def prompt(self, s, f, role):
        return f"Both you and {name(f['frm'])} are neutral: choose the alliance box you shift into (8.2)."

    def actions(self, s, f, role):
        return [{"box": "entente-aligned"}, {"box": "alliance-aligned"}]

    def act(self, s, f, role, action):
        set_box(s, role, action["box"])
        log(s, f"{name(role)} shifts into {action['box']}.", "8.2")
        return None


# ----- joining (14.0, 14.1) -----------------------------------------------------------------------


def join(s: dict, power: str, side: str, primary: bool = False, budget_cp: int = 0) -> None:
    """Add a power to the current war (14.0; Balance of Power, 14.1 L827): side 'attacker(s)'
    or 'defender(s)'; primary: it becomes that side's primary belligerent; budget_cp: the CP
    of the card it played (14.3). A power joining after 14.3 enters the initiative order last."""
    w = s.get("war")
    if not w:
        return
    key = "attacker" if side.startswith("attacker") else "defender"
    if power in w["attackers"] or power in w["defenders"]:
        return
    w[KEYS[key]].append(power)
    if primary:
        w["primary"][key] = power
        w["primary_fixed"] = key  # Balance of Power (14.1 L828): no other primary is chosen
    if budget_cp:
        w["played"][power] = w["played"].get(power, 0) + int(budget_cp)
    log(s, f"{name(power)} joins the war on the {key}'s side{' as primary belligerent' if primary else ''}.", "14.0")
    if w["order"] and power not in w["order"] and (power in PLAYERS or power == "italy"):
        w["order"].append(power)
        w["budget"][power] = w["budget"].get(power, 0) + set_budget(s, power)


def set_budget(s: dict, q: str) -> int:
    """14.3 L835-837: card CP + industry; the Second Empire +1 (33.3); Italy 2."""
    w = _w(s)
    if q == "italy":
        return 2
    n = w["played"].get(q, 0) + s["powers"][q]["industry"]
    if q == "fr" and s["flags"].get("fr_government", "second-empire") == "second-empire":
        n += 1
    return n


def call_candidates(s: dict, key: str) -> list:
    """14.0 L817-826: players of the primary's alliance (not neutrals, 8.1.1 L495, except for a
    UK primary defender, 33.2, or Aux Armes Citoyens) who would break no truce by joining; each
    is asked once. Whether one holds a card to join with (L819) is its secret until it is called:
    one that holds none answers at once that it cannot join (W36)."""
    w = _w(s)
    pr = w["primary"][key]
    if pr not in PLAYERS:
        return []
    enemy = [e for e in w[KEYS[OTHER[key]]] if e in PLAYERS or e == "italy"]
    ps = W.side(s, pr)
    out = []
    for q in PLAYERS:
        if q in w["attackers"] or q in w["defenders"] or q in w["knocked_out"] or q in w["asked"]:
            continue
        qs = W.side(s, q)
        ok = qs != "neutral" and qs == ps
        if qs == "neutral":
            ok = (key == "defender" and pr == "uk") or (key == "attacker" and w["invite_neutrals"])
        if not ok:
            continue
        if any(has_truce(s, q, e) for e in enemy):
            continue  # 14.0 L820: it must decline, without penalty (W6)
        out.append(q)
    return out


def minor_candidates(s: dict, key: str) -> list:
    """14.0 L824: minor allies of the side's players, and a unified Italy of the primary's
    alliance, join at the primary's discretion."""
    w = _w(s)
    mine = w[KEYS[key]]
    out = []
    for m in sorted(s["allies"]):
        if s["allies"][m] in mine and s["allies"][m] in PLAYERS and m not in w["attackers"] + w["defenders"]:
            if W.minor_space(s, m):
                out.append(m)
    pr = w["primary"][key]
    if italy_unified(s) and "italy" not in w["attackers"] + w["defenders"] and pr in PLAYERS:
        if W.side(s, "italy") != "neutral" and W.side(s, "italy") == W.side(s, pr):
            if not any(has_truce(s, "italy", e) for e in w[KEYS[OTHER[key]]] if e in PLAYERS):
                out.append("italy")
    return out


def aid_queue(s: dict, m: str) -> list:
    """13.4.2 L784-786: the player with a diplomacy marker first, then the Non-Player Alliance
    Table's choices; two players listed roll off, re-rolling ties (13.4.3 L803). For Italy
    the 'Italy/IT Minor' row, after the members of its alliance (W7)."""
    w = _w(s)
    att = w["primary"]["attacker"]

    def ok(q):
        return (
            q in PLAYERS
            and q != att
            and not W.same_alliance(s, q, att)
            and not W.truce(s, q, att)
            and q not in w["attackers"]
            # 4.2.1 L303: at most five minor power allies (Italy is no ally marker)
            and (m == "italy" or sum(1 for a in s["allies"].values() if a == q) < W.MAX_ALLIES)
        )

    out = []
    d = s["diplomacy"].get(m)
    if d is not None and ok(d):
        out.append(d)
    if m == "italy":
        rows = ITALY_AID
        if W.side(s, "italy") != "neutral":
            out += [q for q in PLAYERS if W.side(s, q) == W.side(s, "italy") and ok(q)]
    else:
        rows = P().minors[m].aid_choices
    for row in rows:
        row = [q for q in row if ok(q) and q not in out]
        if len(row) == 2:
            while True:
                a, b = roll(s), roll(s)
                if a != b:
                    break
            log(s, f"Roll-off for {name(m)}'s plea: {NAMES[row[0]]} {a}, {NAMES[row[1]]} {b}.", "13.4.3")
            if b > a:
                row.reverse()
        out += row
    seen = []
    for q in out:
        if q not in seen:
            seen.append(q)
    return seen


# ----- occupation, capitals, knock-outs (15.3, 15.5, 15.6) -----------------------------------------


def update_occupation(s: dict, actor=None) -> None:
    """15.3 L874-875: the last player solely in a space occupies it (allies entering it at once:
    the main attacker, ``actor``; allies sharing it leave it whose it was, W35); back in its
    controller's side's hands it is no longer occupied. Hostile rebels prevent it (21.4 L1191)."""
    w = _w(s)
    side_of = {o: "attacker" for o in w["attackers"]}
    side_of.update((o, "defender") for o in w["defenders"])
    spaces = P().spaces
    units = s["units"]
    present: dict = {}  # space -> (the side with land units there, their owners)
    both = set()  # spaces where both sides have land units
    for u in units.values():
        k = side_of.get(u["o"])
        if k is None:
            continue
        at = u["at"]
        if at not in spaces or u["t"] in NAVAL_TYPES:
            continue
        was = present.get(at)
        if was is None:
            present[at] = (k, [u["o"]])
        elif was[0] != k:
            both.add(at)
        else:
            was[1].append(u["o"])
    tb = trench_battles(s)
    ctl_side: dict = {}  # controller -> key_of, asked once for all its spaces
    for sid in sorted(present):
        if sid in both or sid in tb:
            continue  # both sides there, or a trench battle not over (a fort may hold it, 28.2)
        k, owners = present[sid]
        ctl = s["control"].get(sid)
        if ctl is None:
            continue
        ck = ctl_side.get(ctl, False)
        if ck is False:
            ck = ctl_side[ctl] = key_of(s, ctl)
        if ck == k:
            if sid in s["occupied"]:
                s["occupied"].pop(sid)
                log(s, f"{space_name(sid)} is back in {name(ctl)}'s hands.", "15.3")
            continue
        if (ck is None and ctl not in gw_eliminated(s)) or hostile_rebels(s, sid, k):
            continue  # 30.1 L1484: an eliminated player's spaces are occupied as they are entered
        cur = s["occupied"].get(sid)
        if len(set(owners)) > 1 and cur is not None and side_of.get(cur) == k:
            continue  # 15.3 L874: allies sharing it, none solely there: it stays whose it was (W35)
        if actor in owners:
            occ = actor  # L875: allies entering at once: the main attacker
        else:
            occ = next((o for o in owners if o in PLAYERS), owners[0])
        if cur != occ:
            s["occupied"][sid] = occ
            log(s, f"{name(occ)} occupies {space_name(sid)}.", "15.3")
            if sid == "paris" and cur is None and s["flags"].get("city_of_light", 0) > 0:
                # 33.3 L1552: when Paris is occupied, not when one enemy occupier follows another (W35)
                s["flags"]["city_of_light"] -= 1
                log(s, "Paris is occupied: France loses a City of Light point.", "33.3")
            if sid in ("india", "bengal") and ctl == "uk" and s["flags"].get("india_stable"):
                s["flags"]["india_stable"] = False
                log(s, "India is unstable: an enemy occupies it.", "33.2.2")
    india_check(s)


def india_check(s: dict) -> None:
    """33.2.2 L1538-1543: India and Bengal both occupied by the UK's enemies: India gains
    independence at once; its units displace, the UK keeps one Indian army and loses the
    Indian Fort, and no player may control India again (rebels.gain_independence, W31)."""
    if s["flags"].get("india_independent"):
        return
    if any(s["control"].get(x) != "uk" or x not in s["occupied"] for x in ("india", "bengal")):
        return
    log(s, "Enemy forces occupy both India and Bengal: India gains independence at once.", "33.2.2")
    s["occupied"].pop("india", None)
    gain_independence(s, "india")


def check_capitals(s: dict) -> None:
    """15.5 L884: a primary belligerent's capital occupied ends the maneuver step; 15.6 L890:
    another player's (or Italy's) capital occupied knocks it out. Not in the Great War, where
    surrender follows 30.1 (greatwar.check)."""
    w = _w(s)
    if w.get("gw"):
        return
    for k in ("attacker", "defender"):
        pr = w["primary"][k]
        if pr in PLAYERS or pr == "italy":
            occ = s["occupied"].get(W.capital(s, pr))
            if occ is not None and key_of(s, occ) == OTHER[k] and not w["ended"]:
                w["ended"] = {"type": "capital", "loser": k}
                log(s, f"{name(occ)} occupies {space_name(W.capital(s, pr))}: the maneuver step ends.", "15.5")
    for k in ("attacker", "defender"):
        for q in list(w[KEYS[k]]):
            if q == w["primary"][k] or not (q in PLAYERS or q == "italy"):
                continue
            occ = s["occupied"].get(W.capital(s, q))
            if occ is not None and key_of(s, occ) == OTHER[k]:
                knockout(s, q, k, occ)


def knockout(s: dict, q: str, k: str, occ: str | None = None) -> None:
    """15.6 L889-892: out of the war; allied units in its territory displace; its units go to
    one unoccupied home space (overstacking allowed) (W12). The occupying player (a minor's
    ally for a minor) is granted the knockout's treaty option (L893, W12)."""
    w = _w(s)
    w[KEYS[k]].remove(q)
    w["knocked_out"][q] = OTHER[k]
    by = occ if occ in PLAYERS else s["allies"].get(occ or "")
    if by in PLAYERS:
        w.setdefault("knocked_out_by", {})[q] = by
    log(s, f"{name(q)}'s capital is occupied: {name(q)} is knocked out of the war.", "15.6")
    mine = [sid for sid, c in s["control"].items() if c == q and sid not in s["occupied"]]
    homes = sorted(sid for sid in mine if q in P().spaces[sid].homes and P().spaces[sid].type != "naval-base")
    for uid, u in sorted(s["units"].items()):
        if not is_land(u):
            continue
        if u["o"] == q:
            if homes and u["at"] != homes[0]:
                W.move_unit(s, uid, homes[0])
        elif u["at"] in mine and key_of(s, u["o"]) == k:
            to = W.displace_to(s, s["allies"].get(u["o"], u["o"]) if u["o"] in P().minors else u["o"], u["at"])
            if to:
                W.move_unit(s, uid, to)


# ----- step losses (5.5.3, 5.6.2) ----------------------------------------------------------------


def own_key(s: dict, m: str, sid: str) -> bool:
    """5.6.1 L419: a minor power's home keys are its supply sources; the pack lists no home space
    for a minor made independent from a player's lands (Poland, 22.5), so the keys it controls
    and nobody occupies serve (W33)."""
    rec = P().minors.get(m)
    if rec is None or rec.homes or s["control"].get(sid) != m or sid in s["occupied"]:
        return False
    return P().spaces[sid].type in KEY_TYPES


def loc_losses(s: dict, actor: str) -> list:
    """5.6.2 L422: the actor's (and its minors') stacks with a broken LoC: [space, [owner], rule]."""
    if actor == "italy":
        return []  # W11
    owners = controlled_owners(s, actor)
    stacks: dict = {}
    for u in s["units"].values():
        if u["o"] in owners and u["at"] in P().spaces and u["t"] in ARMY_TYPES:
            stacks.setdefault((u["at"], u["o"]), True)
    out = []
    many = len(stacks) > 3  # one search from the sources serves them all (world.loc_region)
    regions: dict = {}
    fp = W.position(s) if stacks else None

    def traced(o, sid):
        if not many:
            return W.has_loc(s, o, sid, fingerprint=fp)
        if W.next_to_source(s, o, sid, fp):
            return True  # a stack in or next to a supply source needs no search
        if o not in regions:
            regions[o] = W.loc_region(s, o, fingerprint=fp)
        return sid in regions[o]

    for sid, o in sorted(stacks):
        loc = traced(o, sid) or (o in P().minors and (traced(actor, sid) or own_key(s, o, sid)))
        if not loc:
            out.append([sid, [o], "5.6.2"])
    return out


def overstack_losses(s: dict, actor: str) -> list:
    """5.5.3 L407: the actor's overstacked spaces, one step each."""
    if actor == "italy":
        return []  # W11
    owners = sorted(controlled_owners(s, actor))
    spaces = {u["at"] for u in s["units"].values() if u["o"] in owners and u["at"] in P().spaces and is_land(u)}
    tb = trench_battles(s)
    k = key_of(s, actor)  # in a trench battle the side counts its own armies only (5.5 L401, 28.1.1)
    out = [
        [sid, owners, "5.5.3"]
        for sid in sorted(spaces)
        if W.stack_armies(s, sid, k if sid in tb else None) > P().spaces[sid].stacking
    ]
    ports: dict = {}  # 19.7 L1105, 5.5.4: a port holds 4 naval units; a retreat may overstack it
    for u in s["units"].values():
        if u["t"] in NAVAL_TYPES and u["at"] in P().spaces:
            ports.setdefault(u["at"], []).append(u["o"])
    out += [
        [sid, owners, "19.7"] for sid, os in sorted(ports.items()) if len(os) > PORT_LIMIT and set(os) & set(owners)
    ]
    return out


def loss_units(s: dict, sid: str, owners, naval: bool = False) -> list:
    kinds = NAVAL_TYPES if naval else ARMY_TYPES
    return sorted(x for x, u in s["units"].items() if u["at"] == sid and u["o"] in owners and u["t"] in kinds)


def loss_options(s: dict, uids: list) -> list:
    """5.3 L388: one step from any army of the stack: a full one is reduced, a reduced one is
    eliminated; armies alike (owner, type, strength) are one choice."""
    out, seen = [], set()
    for x in uids:
        u = s["units"][x]
        key = (u["o"], u["t"], u["r"])
        if key in seen:
            continue
        seen.add(key)
        out.append({"eliminate": x} if u["r"] else {"reduce": x})
    return out


def take_step(s: dict, action: dict) -> None:
    """5.3 L388, 5.3.1 L390: a reduced army eliminated takes an EC of its owner in the space with it."""
    if "reduce" in action:
        u = s["units"][action["reduce"]]
        u["r"] = True
        log(s, f"{name(u['o'])}'s {u['t']} in {space_name(u['at'])} is reduced.", "5.3")
        return
    x = action["eliminate"]
    u = s["units"][x]
    W.army_lost(s, u)
    W.remove_unit(s, x)
    log(s, f"{name(u['o'])}'s reduced {u['t']} in {space_name(u['at'])} is eliminated.", "5.3")
    if u["t"] not in ARMY_TYPES:
        return  # a naval unit of an overstacked port (19.7)
    ecs = [y for y in W.units_at(s, u["at"], u["o"]) if s["units"][y]["t"] == "ec"]
    if ecs:
        W.remove_unit(s, ecs[0])
        log(s, f"An elite corps of {name(u['o'])} is eliminated with it.", "5.3.1")


# ----- wartime actions (15.2) -----------------------------------------------------------------------


def naval_owned(s: dict, owners) -> bool:
    return any(u["o"] in owners and u["t"] in NAVAL_TYPES for u in s["units"].values())


def reserves_left(s: dict, q: str) -> int:
    """Reserve armies in q's holding box: a player's display (7.3); Italy's box (3.8) holds its
    ``majors["italy"]["reserves"]`` less those deployed in this war (W32); Poland's box (3.8)
    is ``s["reserve_box"]["poland"]`` (W33)."""
    if q in s["powers"]:
        return len(s["powers"][q]["reserves"])
    if q == "italy":
        n = s["majors"].get("italy", {}).get("reserves", 0)
        return max(0, n - ((s.get("war") or {}).get("italy_deployed") or 0))
    return len(s.get("reserve_box", {}).get(q, []))


def take_reserve(s: dict, q: str) -> bool:
    """Take a reserve army out of q's holding box; True if it is reduced."""
    if q in s["powers"]:
        return bool(s["powers"][q]["reserves"].pop(0))
    if q == "italy":
        _w(s)["italy_deployed"] = (_w(s).get("italy_deployed") or 0) + 1
        return False  # 22.4 L1249: Italy rebuilds all its units at full strength
    box = s["reserve_box"][q]
    r = bool(box.pop(0))
    if not box:
        del s["reserve_box"][q]
    return r


def deploy_count(s: dict, q: str) -> int:
    """15.2.3 L855: half the industry (rounded up, W8), at least 1 and at most 3."""
    return min(reserves_left(s, q), bounded(math.ceil(industry(s, q) / 2), 1, 3))


def deploy_spaces(s: dict, q: str, first: bool = False) -> list:
    """15.2.3 L856-857: a main-map space the power itself controls or occupies, with a
    land-only LoC, room for an army. Italy needs no LoC (W11); Poland's own keys are its
    supply sources (5.6.1 L419, W33)."""
    if not reserves_left(s, q):
        return []
    out = []
    armies = W.army_counts(s)
    fp = None
    for sid in sorted(set(s["control"]) | set(s["occupied"])):
        if raw_holder(s, sid) != q:
            continue
        sp = P().spaces[sid]
        if sp.map != "main" or sp.type == "naval-base" or armies.get(sid, 0) >= sp.stacking:
            continue
        if q == "italy" or own_key(s, q, sid):
            out.append(sid)
            if first:
                return out
            continue
        fp = fp or W.position(s)  # one position for every space's trace
        if W.has_loc(s, q, sid, land_only=True, fingerprint=fp):
            out.append(sid)
            if first:
                return out
    return out


def polish_deploy(s: dict, actor: str) -> bool:
    """22.5 L1253: the player controlling an independent Poland in the war may deploy one Polish
    reserve army with its deploy reserves action (W33)."""
    return actor in PLAYERS and "poland" in controlled_owners(s, actor) and bool(deploy_spaces(s, "poland"))


def can_deploy(s: dict, actor: str) -> bool:
    """A deploy reserves action places at least one army: the actor's own, or a Polish one."""
    if deploy_count(s, actor) and deploy_spaces(s, actor, first=True):
        return True
    return polish_deploy(s, actor)


def movers(s: dict, actor: str) -> list:
    """Land units the actor moves (15.2.4, 15.4): not the reserves deployed this impulse. ECs
    too: they "can move on their own" (5.1.3 L367), ending stacked with an army (``ec_may_end``)."""
    owners = controlled_owners(s, actor)
    dep = set(_w(s)["deployed"])
    return sorted(
        uid
        for uid, u in s["units"].items()
        if u["o"] in owners and is_land(u) and u["at"] in P().spaces and uid not in dep
    )


def ec_may_end(s: dict, u: dict, sid: str, armies_at: set | None = None) -> bool:
    """5.1.3 L367: an EC "must always begin and end their movement stacked with (attached to) an
    army": a step of its own ends where an army of its owner stands. ``armies_at``: the
    (owner, space) pairs of the armies (``owner_armies``), when the caller has them."""
    if armies_at is None:
        armies_at = owner_armies(s)
    return (u["o"], sid) in armies_at


def owner_armies(s: dict) -> set:
    return {(v["o"], v["at"]) for v in s["units"].values() if v["t"] in ARMY_TYPES}


def link_cost(kind: str) -> int:
    return 1 if kind == "clear" else 2  # 15.2.4 L861: two clear, or one difficult/severe


def march_moves(s: dict, actor: str, mp: dict, only=None, first: bool = False) -> list:
    """15.2.4 L859: every legal step of a march (with first: stop at the first found)."""
    k = key_of(s, actor)
    out = []
    foes_at = enemy_land_spaces(s, k)
    armies = W.army_counts(s)
    armies_at = None  # the armies' (owner, space), asked once if an EC moves (5.1.3)
    for uid in only if only is not None else movers(s, actor):
        if uid not in s["units"]:
            continue
        u = s["units"][uid]
        left = mp.get(uid, 2)
        if left <= 0:
            continue
        leaving = u["at"] in trench_battles(s)  # whether it began the march there or entered it (28.1.5)
        for n, kind in sorted(P().adjacency.get(u["at"], {}).items()):
            c = link_cost(kind)
            if c > left or (c == 2 and left < 2):
                continue
            if leaving and n not in trench_battles(s) and not friendly(s, n, k):
                continue  # 28.1.5 L1422: out of a trench battle, first into no enemy space
            if u["t"] == "ec":
                if armies_at is None:
                    armies_at = owner_armies(s)
                if not ec_may_end(s, u, n, armies_at):
                    continue
            if enterable(s, n, k, u, foes_at, armies):
                out.append({"unit": uid, "to": n})
                if first:
                    return out
    return out


def carry_ecs(s: dict, uid: str, frm: str, to: str) -> None:
    """5.1.3 L367: an EC attached to a single army moves with it."""
    u = s["units"][uid]
    if u["t"] not in ARMY_TYPES:
        return
    others = [x for x in W.units_at(s, frm, u["o"]) if s["units"][x]["t"] in ARMY_TYPES and x != uid]
    if others:
        return
    for x in W.units_at(s, frm, u["o"]):
        if s["units"][x]["t"] == "ec":
            W.move_unit(s, x, to)


def displace_navies(s: dict, sid: str, actor: str) -> None:
    """15.2.4 L862, 19.11 L1131: enemy naval units in a port entered by land units displace at
    once to an adjacent naval box; the battle that may follow there, the displaced units
    attacking without avoiding, waits for the end of the action ("finish the active player's
    action before resolving ... naval battles that result from such a displacement"; W13)."""
    got = W.displace_ships(s, sid, actor)
    if got is not None:
        _w(s).setdefault("displaced", []).append(list(got))


def move_land(s: dict, actor: str, uid: str, to: str) -> None:
    u = s["units"][uid]
    frm = u["at"]
    carry_ecs(s, uid, frm, to)
    W.move_unit(s, uid, to)
    displace_navies(s, to, actor)
    update_occupation(s, actor if actor in PLAYERS else None)


def rail_count(s: dict, actor: str) -> int:
    return math.ceil(industry(s, actor) / 2)  # 15.2.5 L864


def rail_reach(s: dict, actor: str, frm: str, tsrr_ok: bool, held: dict | None = None, stop=None) -> dict:
    """15.2.5 L864-866: by land through friendly spaces (never enemy or neutral ones, never
    on severe links), ending in a friendly space; spaces with rebels end the move. The TSRR
    carries RU's side (33.5). Returns {space: used the TSRR}. ``held``: space -> friendly to the
    actor's side, filled as asked and shared by the searches of one listing. ``stop(space)``:
    the search ends at the first space reached without the TSRR for which it is true (the
    answer is then only part of the reach)."""
    k = key_of(s, actor)
    if held is None:
        held = {}
    tb = trench_battles(s)
    rebels = s["rebel_spaces"]
    tsrr = tsrr_ok and s["flags"].get("tsrr")
    adjacency = P().adjacency
    seen = {(frm, False)}
    todo = deque([(frm, False)])
    out: dict = {}
    while todo:
        here, used = todo.popleft()
        for n, kind in adjacency.get(here, {}).items():
            if kind in ("severe", "off-map"):
                continue
            t = used
            if kind == "tsrr":
                if not tsrr:
                    continue
                t = True
            if (n, t) in seen:
                continue
            ok = held.get(n)
            if ok is None:
                ok = held[n] = friendly(s, n, k)
            if not ok:
                if n in tb and n not in out:
                    out[n] = t  # 28.1.5 L1422: a trench battle space may be entered by rail
                    if stop is not None and not t and stop(n):
                        return out
                continue
            seen.add((n, t))
            if n != frm and (n not in out or out[n] and not t):
                out[n] = t
                if stop is not None and not t and stop(n):
                    return out
            if n not in rebels and n not in tb:
                todo.append((n, t))
    return out


def _anywhere(n: str) -> bool:
    return True


def rail_moves(s: dict, actor: str, f: dict, first: bool = False) -> list:
    """15.2.5 L864: every legal rail move (with first: one, or none when there is none)."""
    k = key_of(s, actor)
    ru_side = "ru" in _w(s)[KEYS[k]]
    left = f["count"] - f["moved"]
    tsrr_ok = ru_side and not f["tsrr"]
    out = []
    reach_cache: dict = {}
    held: dict = {}
    armies = W.army_counts(s)
    armies_at = None  # the armies' (owner, space), asked once if an EC moves (5.1.3)

    tb = trench_battles(s)

    def room(n):  # an army ends in no naval base (3.2.8) and within the stacking limit (5.5.1)
        sp = P().spaces[n]
        if n in tb:  # a trench battle: each side counts its own armies (G24, 28.1.1)
            return sp.type != "naval-base" and W.stack_armies(s, n, k) < sp.stacking
        return sp.type != "naval-base" and armies.get(n, 0) < sp.stacking

    for uid in movers(s, actor):
        if uid in f["done"]:
            continue
        u = s["units"][uid]
        if u["t"] not in ARMY_TYPES and u["t"] not in W.EF_TYPES and u["t"] != "ec":
            continue  # 15.2.5 L867: "Players can rail individual ECs and EFs" (each as an army)
        if u["t"] == "ec":
            if armies_at is None:
                armies_at = owner_armies(s)
            fits = lambda n, u=u, at=armies_at: ec_may_end(s, u, n, at)  # noqa: E731 - it ends with an army
        else:
            fits = room if u["t"] in ARMY_TYPES else _anywhere
        if first:  # a search that ends at the first place the unit may go by the railways
            reach = rail_reach(s, actor, u["at"], tsrr_ok, held, stop=fits if left > 0 else None)
        else:
            if u["at"] not in reach_cache:
                reach_cache[u["at"]] = rail_reach(s, actor, u["at"], tsrr_ok, held)
            reach = reach_cache[u["at"]]
        for n, t in sorted(reach.items()):
            if (t and not tsrr_ok) or (not t and left <= 0):
                continue
            if not fits(n) or W.us_closed(s, n, u["o"]):
                continue
            out.append({"unit": uid, "to": n})
            if first:
                return out
    return out


def battles(s: dict, actor: str, frm_only=None) -> list:
    """15.2.6 L867-868: from a space with one of the actor's units (its allied minors' count,
    15.4) into an adjacent space with enemy units, an enemy fort or hostile rebels (rebels
    also in the same space); amphibious assaults from a naval box the units began the impulse
    in (19.10 L1118-1121)."""
    w = _w(s)
    k = key_of(s, actor)
    if k is None:
        return []
    owners = controlled_owners(s, actor)
    dep = set(w["deployed"])
    froms = sorted(
        {u["at"] for uid, u in s["units"].items() if u["o"] in owners and is_land(u) and uid not in dep}
        & set(P().spaces)
    )
    if frm_only is not None:
        froms = [x for x in froms if x in frm_only]
    out = []
    tb = trench_battles(s)
    foes_at = enemy_land_spaces(s, k)
    for frm in froms:
        for n in sorted(P().adjacency.get(frm, {})):
            if n in tb:
                continue  # 28.1.2 L1416: only the units in a trench battle space fight there
            if enemy_land(s, n, k, foes_at) or enemy_fort(s, n, k) or (rebels_target(s, n, k)):
                if W.trenched(s, n) and not full_army(s, actor, frm, dep):
                    continue  # 28.1 L1408: a trench is attacked only with a full-strength army
                out.append({"battle": n, "from": frm})
        if rebels_target(s, frm, k) or (frm in tb and (enemy_land(s, frm, k, foes_at) or enemy_fort(s, frm, k))):
            if frm not in tb or full_army(s, actor, frm, dep):
                out.append({"battle": frm, "from": frm})
    imp = w.get("impulse") or {}
    if frm_only is None:
        boxes = sorted(
            {s["units"][x]["at"] for x in imp.get("boxed", []) if x in s["units"]} & set(P().naval_boxes)
        )  # still at sea (a Great War bonus action comes after the impulse's action, 27.2)
        for box in boxes:
            for port in sorted(W.box_ports(s, box)):
                h = raw_holder(s, port)
                if h is None or key_of(s, h) != OTHER[k]:
                    continue
                if port in tb:
                    continue  # 28.1.2 L1416: only the units in a trench battle space fight there
                if W.trenched(s, port) and not full_army(s, actor, box, dep):
                    continue  # 28.1 L1408: a trench is attacked only with a full-strength army
                theirs = sum(1 for u in s["units"].values() if u["at"] == port and u["t"] in NAVAL_TYPES)
                if theirs:
                    mine = sum(
                        1
                        for u in s["units"].values()
                        if u["t"] in NAVAL_TYPES and key_of(s, u["o"]) == k and u["at"] in W.ports_of(s, port)
                    )
                    if mine < 2 * theirs:
                        continue  # 19.10 L1119
                out.append({"battle": port, "from": box, "amphibious": True})
    return out


def full_army(s: dict, actor: str, frm: str, dep) -> bool:
    """28.1 L1409: "a full strength army in their main attack force", which holds every friendly
    unit in the attacking space (18.1.1 L954, 18.1.2 L956: allies' too; ``battle.attack_force``)
    but those deployed this impulse."""
    return any(
        u["at"] == frm and u["t"] in ARMY_TYPES and not u["r"] and uid not in dep and W.friendly_owner(s, actor, u["o"])
        for uid, u in s["units"].items()
    )


def rebels_target(s: dict, sid: str, key: str) -> bool:
    if not hostile_rebels(s, sid, key):
        return False
    c = s["control"].get(sid)
    return c is None or key_of(s, c) is not None


# ----- victory (16.0) ------------------------------------------------------------------------------


def objective_held(s: dict, sid: str) -> bool:
    """16.1.2 L900: the attacking side holds the objective (occupies it); rebels the attacker
    liberates occupy it for the attacker when alone in the space (21.2 L1186)."""
    w = _w(s)
    if key_of(s, s["occupied"].get(sid) or "") == "attacker":
        return True
    if w["liberate"] and sid in s["rebel_spaces"]:
        units = [u for u in s["units"].values() if u["at"] == sid and u["t"] not in NAVAL_TYPES]
        return all(u["o"] == "rebel" and u.get("n") in w["liberate"] for u in units)
    return False


def blockaded(s: dict, q: str) -> bool:
    """17.1 L938-944: no trace from the capital, through friendly spaces (the power's own and
    its side's, never neutral ones) and naval boxes free of enemy naval units, to a naval box
    other than the Baltic or the Black Sea (which may be traced through); RU's Pacific counts
    only with the TSRR (W18: passages are not closed for this trace)."""
    if q not in s["powers"]:
        return False
    k = key_of(s, q)
    enemy_boxes = W.enemy_naval_boxes(s, q)
    tsrr = s["flags"].get("tsrr")
    start = W.capital(s, q)
    seen = {start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here in P().naval_boxes:
            if here not in BLOCKADE_ENDS and not (q == "ru" and here == "pacific" and not tsrr):
                return False
            nxt = list(W.box_neighbours(s, here)) + sorted(W.box_ports(s, here))
        else:
            nxt = [n for n, kind in P().adjacency.get(here, {}).items() if kind != "tsrr" or tsrr]
            nxt += list(W.ports_of(s, here))
        for n in nxt:
            if n in seen:
                continue
            if n in P().naval_boxes:
                if n in enemy_boxes:
                    continue
            else:
                h = raw_holder(s, n)
                if h is None or (h != q and s["allies"].get(h) != q and (k is None or key_of(s, h) != k)):
                    continue
            seen.add(n)
            todo.append(n)
    return True


def minority_nationalities(s: dict, sid: str) -> list:
    """3.2.6 L213: the nationalities of a space that are minorities there: not the nationality of
    its controller's own capital (a power's core people: the Germans of Berlin, the French of Paris)."""
    sp = P().spaces[sid]
    ctl = s["control"].get(sid)
    capital = P().powers[ctl].capital if ctl in P().powers else None
    core = set(P().spaces[capital].nationalities) if capital in P().spaces else set()
    return [n for n in sp.nationalities if n not in core]


def liberated_minor(s: dict, sid: str, rebels_n=None, minorities_only: bool = False):
    """The minor power a liberated space belongs to: one whose home it is, else one of its
    nationalities (W14); with ``minorities_only``, of its minority nationalities (16.2.4 L925)."""
    sp = P().spaces[sid]
    ctl = s["control"].get(sid)
    for m in P().minors.values():
        if not m.rebel and sid in m.homes and m.id != ctl:
            return m.id
    among = minority_nationalities(s, sid) if minorities_only else list(sp.nationalities)
    nats = ([rebels_n] if rebels_n else []) + among
    for n in nats:
        for m in P().minors.values():
            if not m.rebel and m.nationality == n and m.id != ctl:
                return m.id
    return None


def liberate_space(s: dict, sid: str, by: str, minorities_only: bool = False) -> None:
    """13.1 / 13.1.1 L758-760: an original home space returns to the attacker; otherwise the
    nationality gains independence (rebels and the WoI marker go) and allies with ``by``
    (Righteous Defense: a minority nationality, ``minorities_only``)."""
    sp = P().spaces[sid]
    n = None
    for uid in [x for x, u in s["units"].items() if u["at"] == sid and u["o"] == "rebel"]:
        n = s["units"][uid].get("n")
        if not s["units"][uid].get("permanent"):
            W.remove_unit(s, uid)
    s["woi"].pop(sid, None)
    if sp.home == by and not dual_home(s, sid):
        transfer(s, sid, by)
        return
    m = liberated_minor(s, sid, n, minorities_only)
    for x in [sid, *W.followers(sid)]:  # 3.4.4 L273: Benghazi goes with Tripoli, Sinai with Egypt
        s["occupied"].pop(x, None)
        if m is None:
            s["control"].pop(x, None)
        else:
            s["control"][x] = m
    if m is None:
        log(s, f"{space_name(sid)} is liberated and left uncontrolled.", "13.1.1")
        return
    if m in s["gone"]:
        s["gone"].remove(m)
    s["allies"][m] = by
    s["diplomacy"].pop(m, None)
    log(s, f"{space_name(sid)} is liberated: {name(m)} is independent and allied to {name(by)}.", "13.1.1")


def returnable(s: dict, sid: str, c: str) -> bool:
    """16.2.4 L924: "Give a home space controlled by the attacker back to its owner": a player's
    home, or a minor power's while the minor exists (a minor that ceased to exist is not raised
    again; a permanent German home is Germany's own, 3.2.5.2). RULINGS_WAR W38."""
    home = P().spaces[sid].home
    if home is None or home == c:
        return False
    if home in PLAYERS:
        return True
    return home in P().minors and home not in s["gone"] and sid not in s["flags"].get("ge_homes", ())


def treaty_losers(s: dict, t: dict) -> list:
    w = _w(s)
    if t["only"]:
        return [t["only"]]
    k = t["side"]
    other = OTHER[k]
    out = [q for q in w[KEYS[other]] if q in PLAYERS]
    out += [q for q, by in w["knocked_out"].items() if by == k and q not in out]
    return out


def treaty_choices(s: dict, t: dict) -> list:  # noqa: C901 - one case per treaty option
    """16.2 L910-932: each option once; at most one on a player who is not the primary
    belligerent; an attacker winning an Italian war or a war of liberation must take
    territorial cession (16.2.1 L913)."""
    w = _w(s)
    chooser, k = t["chooser"], t["side"]
    used = t["used"]
    loser_pr = w["primary"][OTHER[k]]
    losers = [q for q in treaty_losers(s, t) if q == loser_pr or t["imposed"].get(q, 0) < 1 or t["only"] == q]
    out = []
    if t["main"] and k == "attacker" and "territorial" not in used:
        out.append({"option": "territorial"})
        if w["aim"] == "liberation" or w["italian"]:
            return out
    if "realignment" not in used:
        room = sum(1 for a in s["allies"].values() if a == chooser) < W.MAX_ALLIES  # 4.2.1 L303 (W38)
        for m in sorted(s["allies"]):
            if room and s["allies"][m] in losers and W.minor_space(s, m):
                out.append({"option": "realignment", "minor": m})
        if chooser == "ge" and w["aim"] == "unification" and not w["italian"] and k == "attacker":
            if any(s["allies"].get(m) in losers for m in GERMAN_MINORS):
                out.append({"option": "realignment", "german": True})
    mine = w[KEYS[k]]
    if "reparations" not in used:
        for q in losers:
            if any(  # 16.2.3 L920: an occupied home the loser controls (GE's permanent ones too, 33.1)
                occ in mine and W.is_home(s, q, sid) and s["control"].get(sid) == q
                for sid, occ in s["occupied"].items()
            ):
                out.append({"option": "reparations", "on": q})
    if "righteous" not in used and k == "defender":
        major = t.get("major")
        for sid, c in sorted(s["control"].items()):
            if c not in losers:
                continue
            sp = P().spaces[sid]
            if sp.controlled_with:
                continue  # 3.4.1 L260, 3.4.4 L273: never taken from the space that controls it
            occ = s["occupied"].get(sid) in mine
            if sp.type in ("key", "territory") and (occ or major) and W.has_loc(s, chooser, sid, peacetime=True):
                out.append({"option": "righteous", "take": sid})  # 16.2.4 L923: a LoC as in peacetime
            if returnable(s, sid, c):  # 16.2.4 L924: back to its owner, whoever that is (W38)
                out.append({"option": "righteous", "return": sid})
            if occ and liberated_minor(s, sid, minorities_only=True):  # 16.2.4 L925: a minority
                out.append({"option": "righteous", "liberate": sid})
    if "colonial" not in used:
        for q in losers:
            linked = W.linked_to_capital(s, q)
            for sid, c in sorted(s["control"].items()):
                if c != q:
                    continue
                sp = P().spaces[sid]
                if sp.controlled_with or not (sp.type == "naval-base" or (sp.type in KEY_TYPES and sid not in linked)):
                    continue  # a space controlled with another goes with it (3.4.1, 3.4.4)
                if sp.colonial_home and s["occupied"].get(sid) not in mine:
                    continue
                out.append({"option": "colonial", "space": sid})
    return out + ["done"]


def peace_options(s: dict, win: str) -> list:
    """The treaty options the side ``win`` could impose after a negotiated peace (16.1.4 L906):
    what a proposal may name (W29)."""
    w = _w(s)
    if w["primary"][win] not in PLAYERS:
        return []
    t = {"chooser": w["primary"][win], "side": win, "used": [], "imposed": {}, "only": None, "main": True,
         "major": False}  # fmt: skip
    return [x for x in treaty_choices(s, t) if x != "done"]


def option_text(s: dict, o) -> str:
    """A treaty option in words (16.2)."""
    if not o:
        return "one treaty option"
    k = o["option"]
    if k == "territorial":
        return "territorial cession of the objectives"
    if k == "realignment":
        return "realignment of the German minors" if o.get("german") else f"realignment of {name(o['minor'])}"
    if k == "reparations":
        return f"war reparations from {name(o['on'])}"
    if k == "colonial":
        return f"colonial cession of {space_name(o['space'])}"
    if "take" in o:
        return f"righteous defense: {space_name(o['take'])}"
    if "return" in o:
        return f"righteous defense: {space_name(o['return'])} returned"
    return f"righteous defense: {space_name(o['liberate'])} liberated"


def treaty_target(s: dict, action: dict) -> str:
    """The player an option is imposed on (16.2 L911)."""
    w = _w(s)
    o = action["option"]
    if o == "territorial":
        return w["primary"]["defender"]
    if o == "realignment":
        if action.get("german"):
            return w["primary"]["defender"]
        return s["allies"][action["minor"]]
    if o == "reparations":
        return action["on"]
    sid = action.get("take") or action.get("return") or action.get("liberate") or action.get("space")
    return s["control"].get(sid)


def fixed_territory(s: dict) -> bool:
    """Territorial cession whose spaces have a set recipient: liberated (13.1.1), an Italian
    state's (13.2.1 L770), the Balkan Wars' minor's (W19)."""
    w = _w(s)
    return w["aim"] == "liberation" or bool(w["italian"]) or bool(w["for_minor"] and w["for_minor"] in w["attackers"])


def recipients(s: dict, t: dict, o: dict) -> list:
    """16.2 L930: who may receive what an option gains: spaces (territorial and colonial cession,
    a righteous defense take) go to the chooser, another player of its side, or a minor power
    (or Italy) that fought on its side; the reparations' +1 card marker to a player of its side
    (minors hold no card marker). The chooser first; [] when the option gains nothing to award
    (W22)."""
    w = _w(s)
    kind = o["option"]
    if kind == "territorial":
        if fixed_territory(s):
            return []
    elif not (kind in ("colonial", "reparations") or (kind == "righteous" and "take" in o)):
        return []
    side = t["side"]
    out = [t["chooser"]]
    out += [q for q in participants(s) if q not in out and side_at_end(s, q) == side]
    if kind != "reparations":
        for m in w[KEYS[side]]:
            if m in out or m in PLAYERS:
                continue
            if m == "italy" and italy_unified(s):
                out.append(m)
            elif m in P().minors and not P().minors[m].rebel and m not in s["gone"]:
                out.append(m)
    return out


def apply_treaty(s: dict, t: dict, action: dict, to=None) -> None:
    """16.2: the gains go to the recipient the winning primary belligerent names (W22)."""
    w = _w(s)
    chooser = t["chooser"]
    gainer = to or chooser
    o = action["option"]
    if o == "territorial":  # 16.2.1 L912-913
        for sid in w["objectives"]:
            if w["aim"] == "liberation":
                liberate_space(s, sid, chooser)
            elif w["italian"]:
                transfer(s, sid, w["italian"])  # 13.2.1 L770
            elif w["for_minor"] and w["for_minor"] in w["attackers"]:
                transfer(s, sid, w["for_minor"])  # W19
            else:
                transfer(s, sid, gainer)
    elif o == "realignment":  # 16.2.2 L914-916
        minors = (
            [m for m in GERMAN_MINORS if s["allies"].get(m) in treaty_losers(s, t)]
            if action.get("german")
            else [action["minor"]]
        )
        for m in minors:
            s["allies"][m] = chooser
            s["diplomacy"].pop(m, None)
            log(s, f"Realignment: {name(m)} becomes {name(chooser)}'s ally.", "16.2.2")
    elif o == "reparations":  # 16.2.3 L918-920
        q = action["on"]
        s["powers"][gainer]["marker"] += 1
        s["powers"][q]["marker"] -= 1
        log(s, f"War reparations: {name(gainer)} +1 card marker, {name(q)} -1.", "16.2.3")
    elif o == "righteous":  # 16.2.4 L921-925
        if "take" in action:
            transfer(s, action["take"], gainer)
        elif "return" in action:
            transfer(s, action["return"], P().spaces[action["return"]].home)
        else:
            liberate_space(s, action["liberate"], chooser, minorities_only=True)
    elif o == "colonial":  # 16.2.5 L926-929
        transfer(s, action["space"], gainer)


# ----- the war procedure ---------------------------------------------------------------------------------


def new_war(s: dict, f: dict) -> dict:
    p = f["attacker"]
    target = f.get("target")
    if isinstance(target, str):
        target = target.lower()
        if target == "chosen":
            target = None
    cp = int(f.get("cp") or 0)  # events give the CP that go to the budget (W2)
    return {
        "attackers": [],
        "defenders": [],
        "primary": {"attacker": p, "defender": None},
        "target": None,
        "targets": [],
        "preset_target": target,
        "preset_aim": f.get("aim"),
        "attacked": [],
        "aim": None,
        "italian": None,
        "objectives": [],
        "objectives_done": False,
        "count": bounded(int(f.get("count") or 2), 1, 2),
        "kind": None,
        "liberate": None,
        "card": f.get("card"),
        "cp": cp,
        "played": {p: cp},
        "for_minor": f.get("minor"),
        "budget": {},
        "extra": int(f.get("extra_budget") or 0),
        "order": [],
        "drm": {},
        "deployed": [],
        "decisive_bonus": None,
        "impulse": None,
        "knocked_out": {},
        "ended": None,
        "passes": 0,
        "turn": 0,
        "joint": [],
        "asked": [],
        "refused": [],
        "aided": None,
        "aided_by": {},
        "skip": False,
        "first_impulse": [],
        "forbid_joining": bool(f.get("forbid_joining")),
        "primary_fixed": None,
        "abandoned": [],
        "votes": {},
        "ignore_wtt": bool(f.get("ignore_wtt")),
        "invite_neutrals": bool(f.get("invite_neutrals")),
        "calling": None,
        "treaty": None,
        "result": None,
    }


def participants(s: dict) -> list:
    w = _w(s)
    out = [q for q in PLAYERS if q in w["attackers"] or q in w["defenders"] or q in w["knocked_out"]]
    return out


class War(Procedure):
    """12.17.2 L741-749: the wartime sequence of play, start to end: the War Aim Step (13.0), the
    Alliance Step (14.0), the Maneuver Step (15.0), the Victory Step (16.0) and the
    Demobilization Step (17.0), each a procedure of its own. A war that cannot be declared ends
    at once; one the defender surrenders (13.6) goes straight to the Victory Step."""

    def start(self, s, f):
        """12.17.1: no war while another is fought, nor (but by an event) above WTT 2."""
        p = f["attacker"]
        preset = any(k in f for k in ("aim", "budget", "ignore_wtt", "forbid_joining"))  # an event's war
        if s.get("war"):
            log(s, f"{NAMES[p]} cannot declare war while another war is fought.", "12.17")
            return None
        cid = f.get("card")
        home = cid is not None and cid in s["powers"][p]["homes"]
        if s["wtt"] >= 3 and not f.get("ignore_wtt") and (home or not preset):
            log(s, f"{NAMES[p]} cannot declare war: the WTT is {s['wtt']}.", "12.17.1")
            return None
        s["war"] = new_war(s, f)
        call(s, "war-aim-step")
        return "alliance"

    def alliance(self, s, f):
        w = s.get("war")
        if w is None:
            return None  # no war was declared (13.0)
        if w["ended"]:
            return "victory"  # 13.6: the defender surrendered
        call(s, "war-alliance-step")
        return "maneuver"

    def maneuver(self, s, f):
        call(s, "war-maneuver-step")
        return "victory"

    def victory(self, s, f):
        call(s, "war-victory-step")
        return "demobilization"

    def demobilization(self, s, f):
        call(s, "war-demobilization-step")
        return None


class WarAimStep(Procedure):
    """13.0 (L750-811): the target, the war aim and its objectives, the declaration; defending
    minors (13.4), the defender's surrender (13.6) and budget card (13.7)."""

    def start(self, s, f):
        """13.0-13.1: the power whose war it is chooses the target (or the card names it)."""
        w = _w(s)
        p = w["primary"]["attacker"]
        tl = _targets(s, p, aim=w["preset_aim"], cid=w["card"])
        if w["preset_target"] is not None:
            if w["preset_target"] not in tl:
                return self.refuse(s, f"{name(w['preset_target'])} cannot be attacked now")
            w["target"] = w["preset_target"]
            w["targets"] = [w["target"]]
            return "aim"
        if not tl:
            return self.refuse(s, "there is no power it may attack")
        ask(s, "war-target", p)
        return "aim"

    def refuse(self, s, why):
        log(s, f"No war is declared: {why} (12.17.1, 8.1.2, 13.4, 13.5).", "12.17")
        s["war"] = None
        return None

    def aim(self, s, f):
        w = _w(s)
        p = w["primary"]["attacker"]
        opts = [a for a in aims_for(s, p, w["target"], w["card"]) if not w["preset_aim"] or a["aim"] == w["preset_aim"]]
        if not opts:
            return self.refuse(s, "no war aim has objectives")
        if len(opts) == 1:
            set_aim(s, opts[0])
            return "second"
        ask(s, "war-aim", p)
        return "second"

    def second(self, s, f):
        """14.1 L829, 13.4.5 L808: Otto von Bismarck and Aux Armes Citoyens may attack a second power."""
        w = _w(s)
        if not w["targets"]:
            w["targets"] = [w["target"]]
        if len(w["targets"]) == 1 and second_targets(s):
            ask(s, "war-target2", w["primary"]["attacker"])
        return "objectives"

    def objectives(self, s, f):
        w = _w(s)
        if not w["objectives_done"] and len(w["objectives"]) < w["count"] and objective_choices(s):
            ask(s, "war-objective", w["primary"]["attacker"])
            return "objectives"
        return "declare"

    def declare(self, s, f):
        w = _w(s)
        p = w["primary"]["attacker"]
        tg = war_targets(s)
        if len(tg) > 1:  # W25: a power left without an objective is not attacked
            tg = [x for x in tg if any(s["control"].get(o) == x for o in w["objectives"])] or tg[:1]
        w["targets"] = tg
        q = w["target"] = tg[0]
        objs = ", ".join(space_name(x) for x in w["objectives"])
        it = f" for {name(w['italian'])}" if w["italian"] else ""
        on = " and ".join(name(x) for x in tg)
        log(s, f"{NAMES[p]} declares a war of {w['aim']}{it} on {on}: objectives {objs}.", "13.0")
        w["attackers"] = [p]
        w["defenders"] = list(tg)
        w["primary"]["defender"] = q
        w["attacked"] = [x for x in tg if x in PLAYERS]
        if w["italian"]:  # 13.2.1 L769: the attacker allies with the Italian state
            m = w["italian"]
            if s["allies"].get(m) != p:
                s["allies"][m] = p
                s["diplomacy"].pop(m, None)
                log(s, f"{NAMES[p]} allies with {name(m)}.", "13.2.1")
            w["attackers"].append(m)
        m = w["for_minor"]
        if m and m in P().minors and m != q and m not in w["attackers"] and W.minor_space(s, m):
            w["attackers"].append(m)  # Balkan Wars: the war is fought for a Balkan state (W19)
            log(s, f"The war is fought for {name(m)}.", "13.0")
        if w["aim"] == "liberation":
            w["kind"] = liberation_kind(s, p, q, w["objectives"][0], w["card"])
            # 13.1.1 L757: the rebels of every objective are the ones the attacker means to free
            objectives = set(w["objectives"])
            freed = {u["n"] for u in s["units"].values() if u["at"] in objectives and u["o"] == "rebel" and u.get("n")}
            w["liberate"] = sorted(freed) or None
        if q == "qing" and w["aim"] == "conquest":  # 13.4.4 L804
            for sid in w["objectives"]:
                if P().spaces[sid].type in KEY_TYPES:
                    W.new_unit(s, "qing", "army", sid)
                    log(s, f"The Qing army is placed at full strength in {space_name(sid)}.", "13.4.4")
        if w["aim"] == "conquest":  # 13.3 L773-774
            call(s, "wtt", amount=1, card=w["card"], power=p)
            return "conquest"
        return "announce"

    def conquest(self, s, f):
        p = _w(s)["primary"]["attacker"]
        log(s, f"A war of conquest: {NAMES[p]} loses stability equal to the WTT ({s['wtt']}).", "13.3")
        if s["wtt"]:
            call(s, "stability", power=p, amount=-s["wtt"])
        return "announce"

    def announce(self, s, f):
        w = _w(s)
        p = w["primary"]["attacker"]
        others = [q for q in PLAYERS if q != p]
        call(s, "responses", trigger="war-declared", powers=others, attacker=p, defender=w["target"])
        return "forbid"

    def forbid(self, s, f):
        """13.4.5 L806-809: with Otto von Bismarck GE *may* forbid other players to join (W26)."""
        w = _w(s)
        p = w["primary"]["attacker"]
        if w["forbid_joining"] and w["card"] == BISMARCK and p in PLAYERS:
            ask(s, "war-forbid", p)
        return "defend"

    def defend(self, s, f):
        """13.4 L780, 13.4.1 L782-787: a minor's player ally defends it or abandons it; an
        unallied minor (or Italy) seeks aid (13.4.2), unless Bismarck forbids it (13.4.5).
        13.4.5 L808-809: Bismarck on a minor with a player ally and one without: the unallied
        minor allies at once with that player, even beyond five allies (W26)."""
        w = _w(s)
        f["dq"] = []
        if w["primary_fixed"] == "defender":
            return "surrender"  # Balance of Power's UK is already the primary defender (14.1 L828)
        tg = war_targets(s)
        if w["card"] == BISMARCK and len(tg) > 1:
            allied = [q for q in tg if q in P().minors and s["allies"].get(q) in PLAYERS]
            lone = [q for q in tg if q in P().minors and s["allies"].get(q) is None]
            if allied and lone:
                a = s["allies"][allied[0]]
                for m in lone:
                    s["allies"][m] = a
                    s["diplomacy"].pop(m, None)
                    log(s, f"{name(m)} allies at once with {NAMES[a]}, as {name(allied[0])} is.", "13.4.5")
        f["dq"] = [q for q in tg if q not in PLAYERS]
        return "defend_next"

    def defend_next(self, s, f):
        w = _w(s)
        while f["dq"]:
            q = f["dq"].pop(0)
            a = s["allies"].get(q)
            if q in P().minors and a in PLAYERS:
                if a in w["attackers"] + w["defenders"] or a in w["abandoned"]:
                    continue  # one answer for all its attacked minors: an attack on it (13.4 L780)
                f["ally"] = a
                ask(s, "war-abandon", a, minor=q)
                return "abandoned"
            if w["forbid_joining"]:
                log(s, f"{name(q)} may not seek aid: others are forbidden to join.", "13.4.5")
                continue
            f["aid"] = aid_queue(s, q)
            f["minor"] = q
            return "aid"
        if not any(q in PLAYERS for q in w["defenders"]):
            return None  # 13.4.1 L786, 13.4.2 L791: straight to initiative and budget
        return "primary"

    def abandoned(self, s, f):
        w = _w(s)
        a = f["ally"]
        if a in w["abandoned"]:
            w["skip"] = True
            call(s, "war-shift-away", power=a, frm=w["primary"]["attacker"])
            call(s, "stability", power=a, amount=-1)
        return "defend_next"

    def aid(self, s, f):
        while f["aid"]:
            q = f["aid"].pop(0)
            if q in _w(s)["attackers"]:
                continue
            ask(s, "war-aid", q, minor=f["minor"])
            return "aid_answer"
        log(s, f"No player aids {name(f['minor'])}.", "13.4.2")
        return "defend_next"

    def aid_answer(self, s, f):
        w = _w(s)
        return "defend_next" if f["minor"] in w["aided_by"] else "aid"

    def primary(self, s, f):
        """14.1 L829-830: two attacked players choose the primary defender between them; if they
        disagree the attacker decides."""
        w = _w(s)
        cands = [q for q in w["attacked"] if q in w["defenders"]]
        if len(cands) == 1:
            w["primary"]["defender"] = cands[0]
        if len(cands) < 2:
            return "surrender"
        f["pc"] = cands[:2]
        w["votes"] = {}
        return "primary_vote"

    def primary_vote(self, s, f):
        w = _w(s)
        for q in f["pc"]:
            if q not in w["votes"]:
                ask(s, "war-primary", q, cands=list(f["pc"]), decide=False)
                return "primary_vote"
        a, b = (w["votes"][q] for q in f["pc"])
        if a == b:
            w["primary"]["defender"] = a
            log(s, f"The defenders agree: {NAMES[a]} is the primary defender.", "14.1")
        else:
            log(s, "The defenders disagree: the attacker chooses the primary defender.", "14.1")
            ask(s, "war-primary", w["primary"]["attacker"], cands=list(f["pc"]), decide=True)
        return "surrender"

    def surrender(self, s, f):
        """13.6 L807-808: the defender may surrender: a major victory for the attacker."""
        w = _w(s)
        d = w["primary"]["defender"]
        if d in PLAYERS:
            ask(s, "war-surrender", d)
            return "surrendered"
        return "card"

    def surrendered(self, s, f):
        w = _w(s)
        if w["ended"]:
            for q in shifters(s):
                call(s, "war-shift-away", power=q, frm=w["primary"]["attacker"])
            return None  # 13.6: straight to the Victory Step
        f["cards"] = [q for q in w["defenders"] if q in PLAYERS and q not in w["played"]]
        return "card"

    def card(self, s, f):
        """13.7 L809-811: the defender may play a card to add its CP to its budget."""
        f.setdefault("cards", [q for q in _w(s)["defenders"] if q in PLAYERS and q not in _w(s)["played"]])
        while f["cards"]:
            q = f["cards"].pop(0)
            if s["powers"][q]["hand"]:  # asked with any hand, playable or not: being asked must not tell it (E31)
                ask(s, "war-card", q)
                return "card"
        return None


class AllianceStep(Procedure):
    """14.0 (L812-838): calls to allies and minors, the shift away (14.2), initiative and the
    budgets (14.3)."""

    def start(self, s, f):
        f["ci"] = 0
        if not any(q in PLAYERS for q in _w(s)["defenders"]):
            return "shift"  # 13.4.1 L786, 13.4.2 L791: no player defends: no calls to allies
        return "calls"

    def calls(self, s, f):
        # who may still be called depends on who holds a card to join with (14.0 L819): whether the
        # primary is asked again, or the step goes on, shows it; nothing before is taken back (E31)
        checkpoint(s)
        w = _w(s)
        if w["forbid_joining"]:
            f["mi"] = 0
            return "minors"  # 13.4.5: Bismarck forbids other players to join
        while f["ci"] < 2:
            k = ("attacker", "defender")[f["ci"]]
            if call_candidates(s, k):
                ask(s, "war-call", w["primary"][k], side=k)
                return "called"
            f["ci"] += 1
        f["mi"] = 0
        return "minors"

    def called(self, s, f):
        w = _w(s)
        c = w["calling"]
        w["calling"] = None
        if c is None or c.get("done"):
            f["ci"] += 1
            return "calls"
        if not budget_cards(s, c["who"]):  # 14.0 L819: "they cannot join if they don't have a card"
            log(s, f"{NAMES[c['who']]} has no card to play for a war budget and cannot join.", "14.0")
            return "calls"
        ask(s, "war-join", c["who"], side=c["side"])
        return "calls"

    def minors(self, s, f):
        w = _w(s)
        while f["mi"] < 2:
            k = ("attacker", "defender")[f["mi"]]
            f["mi"] += 1
            pr = w["primary"][k]
            if pr in PLAYERS and minor_candidates(s, k):
                ask(s, "war-minors", pr, side=k)
                return "minors"
        return "shift"

    def shift(self, s, f):
        """14.2 L829-832: the defender shifts away from the attacker (8.2). 22.4 L1248: an Italy
        defending alone displaces its armies to the goal spaces now."""
        w = _w(s)
        if italy_alone(s):
            italy_stands_alone(s)
        for q in reversed(shifters(s)):
            call(s, "war-shift-away", power=q, frm=w["primary"]["attacker"])
        return "budget"

    def budget(self, s, f):
        """14.3 L833-838: the higher card goes first; GE wins ties (33.1 Bewegungskrieg), then
        the higher industry, then a roll-off; budget = card CP + industry; Italy 2, last."""
        w = _w(s)
        players = [q for q in w["attackers"] + w["defenders"] if q in PLAYERS]

        def key(q):
            return (-w["played"].get(q, 0), 0 if q == "ge" else 1, -s["powers"][q]["industry"])

        groups: dict = {}
        for q in players:
            groups.setdefault(key(q), []).append(q)
        order = []
        for k in sorted(groups):
            g = groups[k]
            if len(g) > 1:
                rolls = {}
                while len(set(rolls.values())) != len(g):
                    rolls = {q: roll(s) for q in g}
                log(s, "Initiative roll-off: " + ", ".join(f"{NAMES[q]} {rolls[q]}" for q in g) + ".", "14.3")
                g = sorted(g, key=lambda q: -rolls[q])
            order += g
        if "italy" in w["attackers"] + w["defenders"]:
            order.append("italy")  # 15.4.1 L881
        w["order"] = order
        for q in order:
            w["budget"][q] = w["budget"].get(q, 0) + set_budget(s, q)
        p = w["primary"]["attacker"]
        if w["extra"]:
            w["budget"][p] = w["budget"].get(p, 0) + w["extra"]
        w["first_impulse"] = list(order)
        log(s, "Initiative: " + ", ".join(f"{name(q)} (budget {w['budget'][q]})" for q in order) + ".", "14.3")
        return None


class ManeuverStep(Procedure):
    """15.0 (L839-893): naval battles in the boxes (15.1), then impulses in initiative order
    until every participant passes in a row or the war ends."""

    IMPULSE = "war-impulse"  # the state asking for the impulse's action (the Great War's its own)

    def start(self, s, f):
        w = _w(s)
        players = [q for q in w["order"] if q in PLAYERS]
        if players:
            call(s, "responses", trigger="war-maneuver", powers=players)
        f["fought"] = []
        return "bot_redeploy"

    def bot_redeploy(self, s, f):
        """34.4.5 L1624-1628: at the beginning of the maneuver step, a power played by the bot
        rules redeploys armies free, as in peacetime (through spaces it controls), in initiative
        order."""
        for q in reversed([q for q in _w(s)["order"] if q in PLAYERS]):  # called last runs first
            n = bot_redeploys(s, q)
            if n:
                log(
                    s,
                    f"{name(q)} plays by the bot rules: a free redeployment of {n} arm{'y' if n == 1 else 'ies'}.",
                    "34.4.5",
                )
                call(s, "redeploy", power=q, armies=n)
        return "naval_battles"

    def naval_battles(self, s, f):
        """15.1 L842-843: opposing naval units in a box fight, the higher in initiative attacking;
        the defender may still try to avoid the battle (19.2)."""
        w = _w(s)
        for box in sorted(P().naval_boxes):
            if box in f["fought"]:
                continue
            sides: dict = {}
            for u in s["units"].values():
                if u["at"] == box and u["t"] in NAVAL_TYPES:
                    k = key_of(s, u["o"])
                    if k:
                        sides.setdefault(k, set()).add(u["o"])
            if len(sides) == 2:
                f["fought"].append(box)
                owners = sides["attacker"] | sides["defender"]
                ranked = [q for q in w["order"] if q in owners or any(s["allies"].get(o) == q for o in owners)]
                if ranked:
                    call(s, "naval-avoid", attacker=ranked[0], space=box, retreat=[])
                    return "naval_battles"
        return "rapid"

    def rapid(self, s, f):
        """33.2 Rapid Deployment: the UK entering a war may make one free naval movement."""
        w = _w(s)
        if "uk" in w["attackers"] + w["defenders"] and naval_owned(s, {"uk"}):
            ask(s, "war-free-naval", "uk", wartime=True, why="rapid")
        return "impulses"

    def impulses(self, s, f):
        w = _w(s)
        if w["ended"] or s.get("war") is None:
            return None
        actors = [a for a in w["order"] if acts(s, a)]
        if not actors or w["passes"] >= len(actors):
            log(s, "All participants pass in a row: the maneuver step ends.", "15.5")
            return None
        a = w["order"][w["turn"] % len(w["order"])]
        w["turn"] += 1
        if not acts(s, a):
            return "impulses"
        f["actor"] = a
        f["lq"] = loc_losses(s, a)
        f["lphase"] = "loc"
        return "losses"

    def losses(self, s, f):
        """5.6.2 L422, 5.5.3 L407: at the start of its impulse a power's stacks with a broken LoC,
        then its overstacked stacks, lose one step each; the owner chooses which unit (W10)."""
        a = f["actor"]
        while True:
            while f["lq"]:
                sid, owners, rule = f["lq"].pop(0)
                uids = loss_units(s, sid, owners, naval=rule == "19.7")
                if not uids:
                    continue
                if rule == "5.6.2":
                    log(s, f"{name(owners[0])}'s stack in {space_name(sid)} has a broken LoC and loses a step.", rule)
                else:
                    log(s, f"{name(a)}'s overstacked stack in {space_name(sid)} loses a step.", rule)
                opts = loss_options(s, uids)
                r = role_of(s, a)
                if len(opts) > 1 and r is not None:
                    ask(s, "war-step-loss", r, space=sid, owners=list(owners), naval=rule == "19.7")
                    return "losses"
                take_step(s, opts[0])
            if f["lphase"] != "loc":
                break
            f["lphase"] = "stack"
            f["lq"] = overstack_losses(s, a)
        return "impulse_start"

    def impulse_start(self, s, f):
        w = _w(s)
        a = f["actor"]
        update_occupation(s)
        check_capitals(s)
        if w["ended"]:
            return None
        first = a in w["first_impulse"]
        if first:
            w["first_impulse"].remove(a)
        owners = controlled_owners(s, a)
        boxed = sorted(
            uid
            for uid, u in s["units"].items()
            if u["o"] in owners and u["at"] in P().naval_boxes and u["t"] in ARMY_TYPES
        )
        w["impulse"] = {
            "actor": a,
            "do": None,
            "proposed": False,
            "refused": False,
            "free_deploy": a == "ge" and first,
            "decisive_used": False,
            "boxed": boxed,
            "bonus": [],
        }
        if role_of(s, a) is None:  # 22.4 L1248: Italy alone deploys to defend its goals, or passes
            to = italy_deploy_target(s) if w["budget"].get(a, 0) >= 1 else None
            w["impulse"]["do"] = {"italy-deploy": to} if to else "pass"
            return "impulse_do"
        ask(s, self.IMPULSE, role_of(s, a))
        return "impulse_do"

    def impulse_again(self, s, f):
        w = _w(s)
        if w["ended"]:
            return "impulse_end"
        ask(s, self.IMPULSE, role_of(s, w["impulse"]["actor"]))
        return "impulse_do"

    def impulse_do(self, s, f):  # noqa: C901 - one case per wartime action
        w = _w(s)
        imp = w["impulse"]
        a = imp["actor"]
        role = role_of(s, a)
        do = imp["do"]
        imp["do"] = None
        k = key_of(s, a)
        if do == "pass":
            w["passes"] += 1
            log(s, f"{name(a)} passes (budget {w['budget'].get(a, 0)}).", "15.0")
            return "impulse_end"
        if do == "surrender":  # 15.5 L886
            if k == "attacker" and w["primary"]["defender"] in PLAYERS:
                ask(s, "war-accept-surrender", w["primary"]["defender"])
                return "impulse_again"
            w["ended"] = {"type": "surrender", "loser": k}
            log(s, f"{name(a)} surrenders.", "15.5")
            return "impulse_end"
        if isinstance(do, dict) and "propose" in do:  # 16.1.4, 16.1.5
            imp["proposed"] = True
            opt = dict(do["option"]) if isinstance(do.get("option"), dict) else None
            ask(s, "war-peace", w["primary"][OTHER[k]], proposal=do["propose"], by=a, side=k, option=opt)
            return "impulse_again"
        if do == "deploy-free":  # 33.1 Superior Staff Work
            imp["free_deploy"] = False
            ask(s, "war-deploy", role, actor=a, left=deploy_count(s, a), free=True, polish=int(polish_deploy(s, a)))
            return "impulse_again"
        w["budget"][a] -= 1
        w["passes"] = 0
        if do == "naval":  # 15.2.1
            log(s, f"{name(a)} takes a naval movement action.", "15.2.1")
            call(s, "naval-move", power=a, wartime=True)
            return "post_action"
        if do == "joint":  # 15.2.2
            partners = [q for q in w["joint"] if key_of(s, q) == k and q != a]
            if partners:
                log(s, f"{name(a)} joins {', '.join(name(q) for q in partners)} in a joint naval operation.", "15.2.2")
                for q in reversed(partners):
                    w["joint"].remove(q)
                    call(s, "naval-move", power=q, wartime=True)
                call(s, "naval-move", power=a, wartime=True)
            else:
                w["joint"].append(a)
                log(s, f"{name(a)} places a joint naval operations marker.", "15.2.2")
            return "post_action"
        if isinstance(do, dict) and "italy-deploy" in do:  # 22.4 L1248
            to = do["italy-deploy"]
            uid = W.new_unit(s, "italy", "reserve", to, take_reserve(s, "italy"))
            w["deployed"].append(uid)
            log(s, f"Italy deploys a reserve army in {space_name(to)}.", "22.4")
            return "post_action"
        if do == "deploy":
            ask(s, "war-deploy", role, actor=a, left=deploy_count(s, a), free=False, polish=int(polish_deploy(s, a)))
            return "post_action"
        if do == "march":
            log(s, f"{name(a)} takes a march action.", "15.2.4")
            ask(s, "war-march", role, actor=a, mp={})
            return "post_action"
        if do == "rail":
            tsrr = 0
            ask(s, "war-rail", role, actor=a, count=rail_count(s, a), moved=0, tsrr=tsrr, done=[])
            return "post_action"
        if isinstance(do, dict) and "battle" in do:
            return self.fight(s, f, a, do)
        return "post_action"

    def fight(self, s, f, a, do):
        w = _w(s)
        k = key_of(s, a)
        at, frm = do["battle"], do["from"]
        if do.get("amphibious") and not enemy_land(s, at, k) and not enemy_fort(s, at, k):
            # 19.10 L1120: no defenders: up to two armies land and the action is over
            landed = [x for x in W.units_at(s, frm) if s["units"][x]["o"] in controlled_owners(s, a)]
            landed = [x for x in landed if s["units"][x]["t"] in ARMY_TYPES][:2]
            for x in landed:
                move_land(s, a, x, at)
            log(s, f"{name(a)} lands in {space_name(at)} unopposed.", "19.10")
            return "post_action"
        w["decisive_bonus"] = None
        # 15.2.6: the land battle says who attacks where (18.1.1); the frame's "at" is the
        # engine's step: the battle space goes as "space" (W20)
        call(s, "land-battle", attacker=a, frm=frm, space=at, amphibious=bool(do.get("amphibious")))
        return "post_battle"

    def post_battle(self, s, f):
        """18.8 L1029: after a decisive win the advancing units may battle again or move one
        space, once per impulse."""
        w = _w(s)
        imp = w["impulse"]
        a = imp["actor"]
        update_occupation(s, a if a in PLAYERS else None)
        check_capitals(s)
        bonus = w.get("decisive_bonus")
        w["decisive_bonus"] = None
        if w["ended"] or not bonus or imp["decisive_used"]:
            return "post_action"
        imp["decisive_used"] = True
        w["decisive_taken"] = True  # battle.py offers the bonus once an impulse
        imp["bonus"] = bonus_units(s, a, bonus)
        if not imp["bonus"]:
            return "post_action"
        ask(s, "war-decisive", role_of(s, a))
        return "decisive_do"

    def decisive_do(self, s, f):
        w = _w(s)
        imp = w["impulse"]
        do = imp["do"]
        imp["do"] = None
        if isinstance(do, dict) and "battle" in do:
            return self.fight(s, f, imp["actor"], do)
        return "post_action"

    def post_action(self, s, f):
        w = _w(s)
        if w.get("displaced"):  # 19.11 L1131: the action over, the displaced navies' battles
            W.fight_displaced(s, *w["displaced"].pop(0))
            return "post_action"
        a = w["impulse"]["actor"]
        update_occupation(s, a if a in PLAYERS else None)
        check_capitals(s)
        return "impulse_end"

    def impulse_end(self, s, f):
        w = _w(s)
        w["deployed"] = []
        w["impulse"] = None
        w["decisive_bonus"] = None
        w["decisive_taken"] = False
        return "impulses"


class VictoryStep(Procedure):
    """16.0 (L894-932): who won and how, the treaties, and what follows a war's end."""

    def start(self, s, f):
        w = _w(s)
        update_occupation(s)
        res = decide(s)
        w["result"] = res
        log(s, res["text"], res["rule"])
        f["tq"] = []
        win, lose = res.get("winner"), res.get("loser")
        if res["type"] == "major":  # 16.1.1 L898
            for k, n in ((win, 1), (lose, -1)):
                pr = w["primary"][k]
                if pr in PLAYERS:
                    call(s, "stability", power=pr, amount=n)
        if win:
            pr = w["primary"][win]
            if pr in PLAYERS and res["options"]:
                f["tq"].append(
                    {"chooser": pr, "side": win, "left": res["options"], "only": None, "main": True,
                     "major": res["type"] == "major", "agreed": dict(res["agreed"]) if res.get("agreed") else None}
                )  # fmt: skip
        for kk in [win, lose] if win else ["attacker", "defender"]:
            for q, by in sorted(w["knocked_out"].items()):
                if by == kk and w["primary"][kk] in PLAYERS:  # 16.1.6 L908
                    who = w.get("knocked_out_by", {}).get(q)  # 15.6 L893: "grants the occupying player"
                    if who not in participants(s) or side_at_end(s, who) != kk:
                        who = w["primary"][kk]
                    f["tq"].append({"chooser": who, "side": kk, "left": 1, "only": q, "main": False})
        return "treaties"

    def treaties(self, s, f):
        w = _w(s)
        t = w["treaty"]
        if t is not None:
            o = t.get("pending")
            if o is not None:  # 16.2 L930: the winner says who receives what the option gains (W22)
                if t.get("to") is None:
                    cands = recipients(s, t, o)
                    if len(cands) > 1:
                        ask(s, "war-recipient", t["chooser"], option=dict(o), cands=cands)
                        return "treaties"
                    t["to"] = cands[0] if cands else None
                impose(s, t, o, t["to"])
                t["pending"] = t["to"] = None
            if not t["closed"] and t["left"] > 0 and treaty_choices(s, t) != ["done"]:
                ask(s, "war-treaty", t["chooser"])
                return "treaties"
            w["treaty"] = None
            # 16.2 L912: each option once and at most one on a non-primary player, over all the
            # options a player imposes in this war (an ally knockout's too, 16.1.6)
            f.setdefault("used_by", {})[t["chooser"]] = list(t["used"])
            f.setdefault("imposed_by", {})[t["chooser"]] = dict(t["imposed"])
            lp = w["primary"][OTHER[t["side"]]]
            if t["main"] and t["imposed"].get(lp, 0) >= 2 and lp in PLAYERS:  # 8.3 harsh terms
                log(s, f"Harsh terms: {name(t['chooser'])} and {name(lp)} shift away from each other.", "8.3")
                call(s, "war-shift-away", power=lp, frm=t["chooser"], harsh=True)
                call(s, "war-shift-away", power=t["chooser"], frm=lp, harsh=True)
                return "treaties"
        if f["tq"]:
            t = f["tq"].pop(0)
            t.update({"used": list((f.get("used_by") or {}).get(t["chooser"], [])),
                      "imposed": dict((f.get("imposed_by") or {}).get(t["chooser"], {})),
                      "pending": None, "to": None, "closed": False})  # fmt: skip
            w["treaty"] = t
            agreed = t.pop("agreed", None)
            if agreed:  # 16.1.4 L906: the option agreed on binds (W29)
                if agreed in treaty_choices(s, t):
                    log(s, f"The peace binds: {name(t['chooser'])} imposes {option_text(s, agreed)}.", "16.1.4")
                    t["pending"] = dict(agreed)
                    t["closed"] = True
                    return "treaties"
                log(s, "The option agreed on can no longer be imposed: the winner chooses one.", "16.1.4")
            ask(s, "war-treaty", t["chooser"])
            return "treaties"
        return "aftermath"

    def aftermath(self, s, f):
        """Specials after the treaties: Italian unification roll (13.2.1), the Second Rome
        (33.5), German Confederation (33.1), German unification (33.1.1), the Third Republic
        (33.3), the record, truces (16.3)."""
        w = _w(s)
        res = w["result"]
        win = res.get("winner")
        winners = [q for q in participants(s) if side_at_end(s, q) == win] if win else []
        losers = [q for q in participants(s) if win and side_at_end(s, q) == OTHER[win]]
        if "ru" in winners and s["occupied"].get("istanbul") == "ru":
            transfer(s, "istanbul", "ru")
            s["flags"]["istanbul_lost"] = True
            log(s, "The Second Rome: Russia takes Istanbul; Ankara becomes the Ottoman capital.", "33.5")
        for q in losers:
            if q == "fr" and s["flags"].get("fr_government", "second-empire") == "second-empire":
                s["flags"]["fr_government"] = "third-republic"
                log(s, "France lost a war: the Second Empire falls; the Third Republic is proclaimed.", "33.3")
        aim = {"aim": w["aim"], "italian": w["italian"]}
        loser_pr = w["primary"][OTHER[win]] if win else None
        for q in winners:
            s["powers"][q]["won_wars"].append({"target": loser_pr, "aim": w["aim"], "turn": s["turn"],
                                               "side": win})  # fmt: skip
        for q in losers:
            s["powers"][q]["lost_wars"] = s["powers"][q].get("lost_wars", 0) + 1
        s["history"]["wars"].append(
            {
                "turn": s["turn"],
                "attacker": w["primary"]["attacker"],
                "defender": w["primary"]["defender"],
                "attackers": sorted(set(w["attackers"]) | {q for q, b in w["knocked_out"].items() if b == "defender"}),
                "defenders": sorted(set(w["defenders"]) | {q for q, b in w["knocked_out"].items() if b == "attacker"}),
                **aim,
                "objectives": list(w["objectives"]),
                "result": res["type"],
                "winner": w["primary"][win] if win else None,
            }
        )
        # 16.3 L930-932 truces
        n = 1 if res["type"] == "white" else 2
        sides = {"attacker": [], "defender": []}
        italy = "italy" in w["attackers"] + w["defenders"] or "italy" in w["knocked_out"]  # knocked out too (W12)
        for q in participants(s) + (["italy"] if italy else []):
            k = side_at_end(s, q)
            if k:
                sides[k].append(q)
        for a in sides["attacker"]:
            for d in sides["defender"]:
                for x, y in ((a, d), (d, a)):
                    t = s["majors"]["italy"].setdefault("truces", {}) if x == "italy" else s["powers"][x]["truces"]
                    t[y] = max(t.get(y, 0), n)
        if sides["attacker"] and sides["defender"]:
            log(s, f"The belligerents exchange {n}-turn truces.", "16.3")
        if win == "attacker" and w["italian"]:
            pr = w["primary"]["attacker"]
            if s["flags"].get("italy_card_marker") and pr in PLAYERS:  # 22.1.2 L1209-1211 (W28)
                s["flags"]["italy_card_marker"] = False
                s["powers"][pr]["marker"] += 1
                log(s, f"{NAMES[pr]} wins an Italian war of unification: the +1 card marker is its.", "22.1.2")
            call(s, "italy-unification-roll")  # 13.2.1 L771, 22.1.5
        if win == "attacker" and w["aim"] == "unification" and not w["italian"] and w["primary"]["attacker"] == "ge":
            if any(s["allies"].get(m) == "ge" and m not in s["gone"] for m in GERMAN_MINORS):
                ask(s, "war-confederation", "ge")
        return None


class DemobilizationStep(Procedure):
    """17.0 (L933-944): blockade, the return of the reserves, displacement, and the free moves."""

    def start(self, s, f):
        w = _w(s)
        check_german_unification(s)
        res = w["result"]
        major_side = res.get("winner") if res["type"] == "major" else None
        f["blockade"] = []
        for q in participants(s):
            if major_side and side_at_end(s, q) == major_side:
                continue  # 17.1 L942
            if blockaded(s, q):
                f["blockade"].append(q)
        return "blockade"

    def blockade(self, s, f):
        """17.1 L938-944: a blockaded player takes a -1 card marker; blockading is optional."""
        w = _w(s)
        while f["blockade"]:
            q = f["blockade"].pop(0)
            k = side_at_end(s, q)
            enemy = w["primary"][OTHER[k]] if k else None
            if enemy in PLAYERS:
                ask(s, "war-blockade", enemy, power=q)
                return "blockade"
            s["powers"][q]["marker"] -= 1
            log(s, f"{NAMES[q]} is blockaded: -1 card marker.", "17.1")
        return "demob_units"

    def demob_units(self, s, f):
        """17.0 L934-937: reserves to the holding box; occupied spaces revert (15.3); units in
        spaces their owner does not control displace (5.7, W16); Indian armies go home (33.2)."""
        w = _w(s)
        parts = participants(s)
        owners = set(parts) | set(w["attackers"]) | set(w["defenders"])
        for uid, u in sorted(s["units"].items()):
            if u["t"] != "reserve":
                continue
            if u["o"] in s["powers"]:
                W.remove_unit(s, uid)
                s["powers"][u["o"]]["reserves"].append(bool(u["r"]))
            elif u["o"] == "italy":
                W.remove_unit(s, uid)  # back in Italy's box: its count is kept in majors (W32)
            elif u["o"] in P().minors:
                W.remove_unit(s, uid)  # Poland's holding box (3.8, W33)
                s.setdefault("reserve_box", {}).setdefault(u["o"], []).append(bool(u["r"]))
        s["occupied"] = {}
        for uid, u in sorted(s["units"].items()):
            if u["o"] not in owners or u["o"] == "rebel":
                continue
            at = u["at"]
            if at in P().naval_boxes:
                if u["t"] not in NAVAL_TYPES:  # carried land units land at the nearest friendly space
                    to = W.displace_to(s, u["o"], at)
                    if to:
                        W.move_unit(s, uid, to)
                continue
            ctl = s["control"].get(at)
            if ctl == u["o"]:
                continue
            if u["t"] in NAVAL_TYPES:
                ports = W.ports_of(s, at)
                if ports:
                    W.move_unit(s, uid, ports[0])
                continue
            to = W.displace_to(s, u["o"], at)
            if to:
                W.move_unit(s, uid, to)
        if "uk" in parts:
            for uid, u in sorted(s["units"].items()):
                if u["o"] == "uk" and u["t"] == "indian" and u["at"] not in ("india", "bengal"):
                    home = "india" if W.controls(s, "uk", "india") else "bengal"
                    W.move_unit(s, uid, home)
        if "ot" in parts:
            s["flags"]["jihad"] = 0  # 33.6 L1579
        log(s, "Demobilization: reserves return to their holding boxes; units displace.", "17.0")
        f["free"] = [q for q in w["order"] if q in PLAYERS] + [q for q in parts if q not in w["order"]]
        end_draws(s)
        s["war"] = None
        s["occupied"] = {}
        return "free_moves"

    def free_moves(self, s, f):
        """12.17.2 L749: a free redeployment and a free naval movement for each participant (W17)."""
        if not f["free"]:
            log(s, "The war is over.", "17.0")
            W.displace_cut_off(s)  # 5.6.3 L424: peace again; an army the treaties cut off displaces (R14)
            return None
        q = f["free"].pop(0)
        if naval_owned(s, {q}):
            ask(s, "war-free-naval", q, wartime=False, why="demobilization")
        call(s, "redeploy", power=q)  # actions.py, 12.15
        return "free_moves"


def shifters(s):
    w = _w(s)
    out = list(w["attacked"])
    if w["aided"] and w["aided"] not in out:
        out.append(w["aided"])
    if "italy" in war_targets(s):
        out.append("italy")  # 14.2 L832, 8.2 L507
    done = w.setdefault("shifted", [])
    out = [q for q in out if q not in done]
    done += out
    return out


def end_draws(s: dict) -> None:
    """Balance of Power (9.0 L543): the draws promised "at the end of the war" (events.py keeps
    them in s["war"]["end_draws"] as [power, n], E18) are dealt now (W30)."""
    for q, n in _w(s).get("end_draws") or []:
        if q not in s["powers"]:
            continue
        before = list(s["powers"][q]["hand"])
        got = deal(s, q, int(n))
        new = [c for c in s["powers"][q]["hand"] if c not in before]
        log(s, f"The war is over: {NAMES[q]} draws {got} card{'s' if got != 1 else ''} (Balance of Power).", "9.0")
        if new:
            log(s, f"You draw {', '.join(card_title(c) for c in new)}.", "9.0", to=[q])


def acts(s: dict, a: str) -> bool:
    """Who takes impulses: players in the war (not knocked out), and Italy when a player runs
    it (15.4.1) or, defending alone, by itself (22.4 L1248). Minors never act alone (15.4.2)."""
    w = _w(s)
    if a not in w["attackers"] and a not in w["defenders"]:
        return False
    return role_of(s, a) is not None or (a == "italy" and italy_alone(s))


def side_at_end(s: dict, q: str):
    w = _w(s)
    if q in w["knocked_out"]:
        return OTHER[w["knocked_out"][q]]
    return key_of(s, q)


def set_aim(s: dict, a: dict) -> None:
    w = _w(s)
    w["aim"] = a["aim"]
    w["italian"] = a.get("italian")


def bonus_units(s: dict, a: str, bonus) -> list:
    """The units that advanced after a decisive win (18.8): as the battle module records them
    (``units`` or the space ``at``), else the actor's units in the last battle's space."""
    owners = controlled_owners(s, a)
    uids = []
    at = None
    if isinstance(bonus, dict):
        uids = [x for x in bonus.get("units", []) if x in s["units"]]
        at = bonus.get("at") or bonus.get("space")
    if not uids:
        if at is None:
            lb = s.get("last_battle") or {}
            at = lb.get("at")
        if at:
            uids = [x for x in W.units_at(s, at) if s["units"][x]["o"] in owners and is_land(s["units"][x])]
    return sorted(uids)


def decide(s: dict) -> dict:
    """16.1 L895-909: the type of victory (W21: none against a non-player loser)."""
    w = _w(s)
    e = w["ended"] or {}
    t = e.get("type")
    if t in ("surrender", "capital"):
        lose = e["loser"]
        win = OTHER[lose]
        how = "surrenders" if t == "surrender" else "loses its capital"
        if w["primary"][lose] in PLAYERS:
            text = f"{name(w['primary'][lose])} {how}: a major victory for {name(w['primary'][win])}."
            return {"type": "major", "winner": win, "loser": lose, "options": 2, "rule": "16.1.1", "text": text}
        if t == "surrender":
            return {"type": "major", "winner": win, "loser": lose, "options": 0, "rule": "16.1.1",
                    "text": f"{name(w['primary'][lose])} surrenders to {name(w['primary'][win])}."}  # fmt: skip
    if t == "negotiated":
        lose = e["loser"]
        win = OTHER[lose]
        what = option_text(s, e.get("option"))
        return {"type": "negotiated", "winner": win, "loser": lose, "options": 1, "rule": "16.1.4",
                "agreed": dict(e["option"]) if e.get("option") else None,
                "text": f"A negotiated peace: {name(w['primary'][lose])} concedes {what}."}  # fmt: skip
    if t == "white":
        return {"type": "white", "rule": "16.1.5", "options": 0, "text": "A white peace is agreed."}
    if w["objectives"] and all(objective_held(s, x) for x in w["objectives"]):
        return {"type": "normal", "winner": "attacker", "loser": "defender", "options": 1, "rule": "16.1.2",
                "text": f"{name(w['primary']['attacker'])} holds every objective: a normal victory."}  # fmt: skip
    held = any(
        key_of(s, occ) == "defender" and side_at_end(s, s["control"].get(sid) or "") == "attacker"
        for sid, occ in s["occupied"].items()
    )
    if held or blockaded(s, w["primary"]["attacker"]):
        return {"type": "defensive", "winner": "defender", "loser": "attacker", "options": 1, "rule": "16.1.3",
                "text": f"{name(w['primary']['defender'])} wins a defensive victory."}  # fmt: skip
    return {"type": "white", "rule": "16.1.5", "options": 0, "text": "No side achieved anything: a white peace."}


# ----- the states ---------------------------------------------------------------------------------------


class Target(State):
    def prompt(self, s, f, role):
        return "Declare war (12.17): choose the power you attack."

    def actions(self, s, f, role):
        w = _w(s)
        return [{"target": q} for q in _targets(s, role, aim=w["preset_aim"], cid=w["card"])]

    def act(self, s, f, role, action):
        w = _w(s)
        w["target"] = action["target"]
        w["targets"] = [action["target"]]
        return None


class SecondTarget(State):
    """14.1 L829, 13.4.5 L808: a second power attacked with Otto von Bismarck / Aux Armes Citoyens."""

    def prompt(self, s, f, role):
        w = _w(s)
        return f"{card_title(w['card'])}: attack a second power besides {name(w['target'])} (14.1), or not."

    def actions(self, s, f, role):
        return [{"target": q} for q in second_targets(s)] + ["none"]

    def act(self, s, f, role, action):
        w = _w(s)
        if action != "none":
            w["targets"].append(action["target"])
            w["count"] = max(w["count"], 2)  # W25: one objective on each
            log(s, f"{NAMES[role]} will also attack {name(action['target'])}.", "14.1")
        return None


class Forbid(State):
    def prompt(self, s, f, role):
        return "Otto von Bismarck (13.4.5): forbid other players to join the war?"

    def actions(self, s, f, role):
        return ["forbid", "allow"]

    def act(self, s, f, role, action):
        w = _w(s)
        w["forbid_joining"] = action == "forbid"
        if action == "forbid":
            log(s, f"{NAMES[role]} forbids other players to join the war.", "13.4.5")
        else:
            log(s, f"{NAMES[role]} lets other players join the war.", "13.4.5")
        return None


class PrimaryDefender(State):
    """14.1 L829-830: the two defenders name the primary defender; the attacker if they disagree."""

    def prompt(self, s, f, role):
        if f["decide"]:
            return "The defenders disagree: you choose which of them is the primary defender (14.1)."
        return "Two powers are attacked: which of you should be the primary defender (14.1)?"

    def actions(self, s, f, role):
        return [{"primary": q} for q in f["cands"]]

    def act(self, s, f, role, action):
        w = _w(s)
        q = action["primary"]
        if f["decide"]:
            w["primary"]["defender"] = q
            log(s, f"{NAMES[role]} names {NAMES[q]} the primary defender.", "14.1")
        else:
            w["votes"][role] = q
            log(s, f"{NAMES[role]} proposes {NAMES[q]} as the primary defender.", "14.1")
        return None


class Aim(State):
    def prompt(self, s, f, role):
        return f"Announce your war aim against {name(_w(s)['target'])} (13.0)."

    def actions(self, s, f, role):
        w = _w(s)
        aims = aims_for(s, role, w["target"], w["card"])
        return [a for a in aims if not w["preset_aim"] or a["aim"] == w["preset_aim"]]

    def act(self, s, f, role, action):
        set_aim(s, action)
        return None


class Objective(State):
    def prompt(self, s, f, role):
        w = _w(s)
        return f"Choose objective {len(w['objectives']) + 1} of up to {w['count']} (13.0)."

    def actions(self, s, f, role):
        w = _w(s)
        out = [{"space": x} for x in objective_choices(s)]
        if w["objectives"] and not lacking_targets(s):
            out.append("done")
        return out

    def act(self, s, f, role, action):
        w = _w(s)
        if action == "done":
            w["objectives_done"] = True
        else:
            w["objectives"].append(action["space"])
        return None


class Abandon(State):
    def prompt(self, s, f, role):
        w = _w(s)
        att = name(w["primary"]["attacker"])
        return f"{name(f['minor'])}, your ally, is attacked by {att}: defend it or abandon it (13.4.1)?"

    def actions(self, s, f, role):
        return ["defend", "abandon"]

    def act(self, s, f, role, action):
        w = _w(s)
        m = f["minor"]
        if action == "defend":
            w["defenders"].append(role)
            if w["primary"]["defender"] not in PLAYERS:
                w["primary"]["defender"] = role
            w["attacked"].append(role)
            log(s, f"{NAMES[role]} stands by {name(m)}: the attack is an attack on {NAMES[role]}.", "13.4")
        else:
            w["abandoned"].append(role)
            log(s, f"{NAMES[role]} abandons {name(m)}: -1 stability, shift away.", "13.4.1")
        return None


class Aid(State):
    def prompt(self, s, f, role):
        w = _w(s)
        att = name(w["primary"]["attacker"])
        return f"{name(f['minor'])} is attacked by {att} and seeks aid: ally with it and defend it (13.4.2)?"

    def actions(self, s, f, role):
        return ["aid", "decline"]

    def act(self, s, f, role, action):
        w = _w(s)
        q = f["minor"]
        if action == "decline":
            log(s, f"{NAMES[role]} declines to aid {name(q)}.", "13.4.2")
            if q == "italy":
                add_mpit(s, "italy", "neutral", 10)  # 13.4.1 L787
                log(s, "Italy gains 10 neutral influence.", "13.4.1")
            return None
        if q != "italy":
            s["allies"][q] = role
            s["diplomacy"].pop(q, None)
        if role not in w["defenders"]:
            w["defenders"].append(role)
        if w["primary"]["defender"] not in PLAYERS:
            w["primary"]["defender"] = role
        if role not in w["attacked"]:
            w["attacked"].append(role)
        w["aided_by"][q] = role
        w["aided"] = w["aided"] or role
        log(s, f"{NAMES[role]} aids {name(q)} and becomes the primary defender.", "13.4.2")
        if q == "qing" and w["aim"] == "conquest":  # 13.4.4 L805: "in the war of conquest"
            s["powers"][role]["marker"] += 1
            log(s, f"{NAMES[role]} aids the Qing: +1 card marker.", "13.4.4")
        return None


class Surrender(State):
    def prompt(self, s, f, role):
        w = _w(s)
        return f"{name(w['primary']['attacker'])} declares a war of {w['aim']}: fight, or surrender at once (13.6)?"

    def actions(self, s, f, role):
        return ["fight", "surrender"]

    def act(self, s, f, role, action):
        if action == "surrender":
            _w(s)["ended"] = {"type": "surrender", "loser": "defender"}
            log(s, f"{NAMES[role]} surrenders at once.", "13.6")
        return None


class BudgetCard(State):
    def prompt(self, s, f, role):
        return "Play a card to add its CP to your war budget (13.7), or none."

    def actions(self, s, f, role):
        return [{"card": c} for c in sorted(budget_cards(s, role))] + ["none"]

    def act(self, s, f, role, action):
        if action != "none":
            play_budget_card(s, role, action["card"])
        return None


def play_budget_card(s: dict, q: str, c: str) -> None:
    s["powers"][q]["hand"].remove(c)
    cp = card(c).cp
    _w(s)["played"][q] = _w(s)["played"].get(q, 0) + cp
    finish_card(s, q, c)
    log(s, f"{NAMES[q]} plays {card_title(c)} ({cp} CP) for its war budget.", "14.3")


class CallAlly(State):
    def prompt(self, s, f, role):
        return "Ask a player ally to join the war (14.0), or be done."

    def actions(self, s, f, role):
        return [{"call": q} for q in call_candidates(s, f["side"])] + ["done"]

    def act(self, s, f, role, action):
        w = _w(s)
        if action == "done":
            w["calling"] = {"done": True}
        else:
            w["asked"].append(action["call"])
            w["calling"] = {"who": action["call"], "side": f["side"]}
            log(s, f"{NAMES[role]} calls on {NAMES[action['call']]} to join the war.", "14.0")
        return None


class JoinWar(State):
    def prompt(self, s, f, role):
        w = _w(s)
        return f"{name(w['primary'][f['side']])} calls you to war: play a card to join, or refuse (14.0)."

    def actions(self, s, f, role):
        return [{"card": c} for c in sorted(budget_cards(s, role))] + ["refuse"]

    def act(self, s, f, role, action):
        w = _w(s)
        if action != "refuse":
            join(s, role, f["side"])
            play_budget_card(s, role, action["card"])
            return None
        w["refused"].append(role)
        box = s["powers"][role]["alliance"]
        if box.endswith("committed"):
            add_mpit(s, role, "neutral", 10)
            call(s, "stability", power=role, amount=-1)
            log(s, f"{NAMES[role]} refuses the call from a committed box: -1 stability, +10 neutral influence.", "14.0")
        elif box.endswith("aligned"):
            add_mpit(s, role, "neutral", 5)
            log(s, f"{NAMES[role]} refuses the call: +5 neutral influence.", "14.0")
        else:
            log(s, f"{NAMES[role]} declines to join.", "14.0")
        if "italy" in w["defenders"] and italy_unified(s):
            add_mpit(s, "italy", "neutral", 10)  # 13.4.1 L787
            log(s, "Italy gains 10 neutral influence.", "13.4.1")
        return None


class Minors(State):
    def prompt(self, s, f, role):
        return "Bring your side's minor allies (and Italy) into the war (14.0)."

    def actions(self, s, f, role):
        c = minor_candidates(s, f["side"])
        out = [{"bring": m} for m in c]
        if len(c) > 1:
            out.append("all")
        return out + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        ms = minor_candidates(s, f["side"]) if action == "all" else [action["bring"]]
        for m in ms:
            join(s, m, f["side"])
        return STAY if minor_candidates(s, f["side"]) else None


class StepLoss(State):
    """5.5.3 L407, 5.6.2 L422: the stack's owner chooses the unit that takes the step (W10)."""

    def prompt(self, s, f, role):
        unit = "naval unit (19.7)" if f.get("naval") else "army (5.3)"
        return f"Your stack in {space_name(f['space'])} loses one step: choose the {unit}."

    def actions(self, s, f, role):
        uids = loss_units(s, f["space"], f["owners"], f.get("naval", False))
        return loss_options(s, uids) if uids else ["done"]

    def act(self, s, f, role, action):
        if action != "done":
            take_step(s, action)
        return None


class Impulse(State):
    """15.0 L840: spend 1 CP of the war budget on a wartime action, or pass (only with a
    budget of 2 or less, W4); surrender or propose peace (15.5)."""

    def prompt(self, s, f, role):
        w = _w(s)
        a = w["impulse"]["actor"]
        who = "" if a == role else f" ({name(a)})"
        return f"Your wartime impulse{who}: budget {w['budget'].get(a, 0)} CP."

    def actions(self, s, f, role):  # noqa: C901
        w = _w(s)
        imp = w["impulse"]
        a = imp["actor"]
        k = key_of(s, a)
        out = []
        if w["budget"].get(a, 0) >= 1:
            owners = controlled_owners(s, a)
            if naval_owned(s, owners):
                out.append("naval")
                mates = [q for q in w[KEYS[k]] if q in PLAYERS and q != a and naval_owned(s, {q})]
                if mates:
                    out.append("joint")
            if can_deploy(s, a):
                out.append("deploy")
            if march_moves(s, a, {}, first=True):
                out.append("march")
            if rail_moves(s, a, {"count": rail_count(s, a), "moved": 0, "tsrr": 0, "done": []}, first=True):
                out.append("rail")
            out += battles(s, a)
        if w["budget"].get(a, 0) <= 2 or not out:
            out.append("pass")
        if imp["free_deploy"] and can_deploy(s, a):
            out.append("deploy-free")
        if a in PLAYERS and w["primary"].get(k) == a and not w.get("gw"):  # the GW has no peace (G2)
            if not imp["refused"]:
                out.append("surrender")
            if not imp["proposed"] and w["primary"][OTHER[k]] in PLAYERS:
                out += [{"propose": "white"}, {"propose": "concede"}]
                # 16.1.4 L906: a peace on a named treaty option, conceded or demanded (W29)
                out += [{"propose": "concede", "option": o} for o in peace_options(s, OTHER[k])]
                out += [{"propose": "demand", "option": o} for o in peace_options(s, k)]
        return out

    def act(self, s, f, role, action):
        _w(s)["impulse"]["do"] = action
        return None


class AcceptSurrender(State):
    def prompt(self, s, f, role):
        att = name(_w(s)["primary"]["attacker"])
        return f"{att} surrenders: accept (a major victory), or refuse and fight on (15.5)?"

    def actions(self, s, f, role):
        return ["accept", "refuse"]

    def act(self, s, f, role, action):
        w = _w(s)
        if action == "accept":
            w["ended"] = {"type": "surrender", "loser": "attacker"}
            log(s, f"{NAMES[role]} accepts the attacker's surrender.", "15.5")
        else:
            w["impulse"]["refused"] = True
            log(s, f"{NAMES[role]} refuses the attacker's surrender: the war goes on.", "15.5")
        return None


class Peace(State):
    def prompt(self, s, f, role):
        if f["proposal"] == "white":
            return f"{name(f['by'])} proposes a white peace (16.1.5): accept?"
        opt = f.get("option")
        if f["proposal"] == "demand":
            return f"{name(f['by'])} offers peace if you concede {option_text(s, opt)} (16.1.4): accept?"
        if opt:
            return f"{name(f['by'])} offers peace, conceding you {option_text(s, opt)} (16.1.4): accept?"
        return f"{name(f['by'])} offers a negotiated peace, conceding you one treaty option (16.1.4): accept?"

    def actions(self, s, f, role):
        return ["accept", "decline"]

    def act(self, s, f, role, action):
        w = _w(s)
        if action == "accept":
            if f["proposal"] == "white":
                w["ended"] = {"type": "white"}
            else:
                loser = f["side"] if f["proposal"] == "concede" else OTHER[f["side"]]
                opt = f.get("option")
                w["ended"] = {"type": "negotiated", "loser": loser, "option": dict(opt) if opt else None}
            log(s, f"{NAMES[role]} accepts: the fighting ends.", "15.5")
        else:
            log(s, f"{NAMES[role]} declines the peace offer.", "15.5")
        return None


class Deploy(State):
    """15.2.3 L855-862: the actor's reserve armies; with them one Polish reserve army if the
    actor runs an independent Poland in the war (22.5 L1253, W33). ``before``: a free deploy
    taken before the first impulse (Moltke's Railways, RULINGS_EVENTS E29): the armies are not
    "placed this impulse"; ``rule``: the rule the log cites."""

    def prompt(self, s, f, role):
        pl = " and one Polish reserve army" if f.get("polish") else ""
        return f"Deploy reserve armies (15.2.3): {f['left']} more{pl}."

    def options(self, s, f):
        out = []
        if f["left"] > 0:
            out = [{"to": x} for x in deploy_spaces(s, f["actor"])]
        if f.get("polish"):
            out += [{"to": x, "minor": "poland"} for x in deploy_spaces(s, "poland")]
        return out

    def actions(self, s, f, role):
        return self.options(s, f) + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        a = action.get("minor") or f["actor"]
        r = take_reserve(s, a)
        uid = W.new_unit(s, a, "reserve", action["to"], r)
        ecs = (s.get("gw") or {}).get("reserve_ecs", {})
        if ecs.get(a):  # 25.6 L1328: an EC of the National Will Step deploys with a reserve army
            ecs[a] -= 1
            W.new_unit(s, a, "ec", action["to"])
            log(s, f"An EC deploys with {name(a)}'s reserve army.", "25.6")
        if not f.get("before"):  # 15.2.3 L858: it may not attack, support or move this impulse
            _w(s)["deployed"].append(uid)
        if "minor" in action:
            f["polish"] = 0
            rule = "22.5"
        else:
            f["left"] -= 1
            rule = f.get("rule") or ("33.1" if f["free"] else "15.2.3")
        log(s, f"{name(a)} deploys a reserve army in {space_name(action['to'])}.", rule)
        return STAY if self.options(s, f) else None


class March(State):
    def prompt(self, s, f, role):
        return "March (15.2.4): move units two clear links or one other link; done when finished."

    def actions(self, s, f, role):
        return march_moves(s, f["actor"], f["mp"]) + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            elim_lone_ecs(s, f["actor"])
            return None
        uid, to = action["unit"], action["to"]
        u = s["units"][uid]
        c = link_cost(P().adjacency[u["at"]][to])
        left = f["mp"].get(uid, 2) - c
        if to in s["rebel_spaces"]:
            left = 0  # 15.2.4 L863: stop in a space with rebels
        f["mp"][uid] = left
        who = unit_words(u)
        log(s, f"{who[0].upper()}{who[1:]} marches to {space_name(to)}.", "15.2.4")
        move_land(s, f["actor"], uid, to)
        return STAY


def elim_lone_ecs(s: dict, actor: str) -> None:
    """5.1.3 L367: an EC alone at the end of a movement is eliminated."""
    for uid, u in sorted(s["units"].items()):
        if u["t"] == "ec" and u["o"] in controlled_owners(s, actor):
            if not any(v["o"] == u["o"] and v["at"] == u["at"] and v["t"] in ARMY_TYPES for v in s["units"].values()):
                W.remove_unit(s, uid)
                log(s, f"{name(u['o'])}'s elite corps alone in {space_name(u['at'])} is eliminated.", "5.1.3")


class Rail(State):
    def prompt(self, s, f, role):
        return f"Rail movement (15.2.5): {f['count'] - f['moved']} more; done when finished."

    def actions(self, s, f, role):
        return rail_moves(s, f["actor"], f) + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        a = f["actor"]
        uid, to = action["unit"], action["to"]
        u = s["units"][uid]
        k = key_of(s, a)
        tsrr_ok = "ru" in _w(s)[KEYS[k]] and not f["tsrr"]
        reach = rail_reach(s, a, u["at"], tsrr_ok, stop=lambda n: n == to)  # reached without the TSRR?
        if reach.get(to):
            f["tsrr"] = 1  # 15.2.5 L867, 33.5
        else:
            f["moved"] += 1
        f["done"].append(uid)
        log(s, f"{name(u['o'])} {u['t']} moves by rail from {space_name(u['at'])} to {space_name(to)}.", "15.2.5")
        move_land(s, a, uid, to)
        return STAY


class Decisive(State):
    def prompt(self, s, f, role):
        return "A decisive victory (18.8): the advancing units may battle again or move one more space."

    def actions(self, s, f, role):
        w = _w(s)
        imp = w["impulse"]
        a = imp["actor"]
        units = [x for x in imp["bonus"] if x in s["units"]]
        spaces = sorted({s["units"][x]["at"] for x in units})
        out = [] if f.get("moving") else battles(s, a, frm_only=spaces)  # a battle, or the moves
        out += self.moves(s, a, units)
        return out + ["decline"]

    @staticmethod
    def moves(s, a, units) -> list:
        """18.8 L1029: each unit that advanced may move one more space, by any connection."""
        return march_moves(s, a, {x: 2 for x in units}, only=units)

    def act(self, s, f, role, action):
        imp = _w(s)["impulse"]
        if isinstance(action, dict) and "unit" in action:
            u = s["units"][action["unit"]]
            log(s, f"{name(u['o'])} {u['t']} moves on to {space_name(action['to'])}.", "18.8")
            move_land(s, imp["actor"], action["unit"], action["to"])
            imp["bonus"] = [x for x in imp["bonus"] if x != action["unit"]]
            f["moving"] = True
            left = [x for x in imp["bonus"] if x in s["units"]]
            return STAY if left and self.moves(s, imp["actor"], left) else None
        if isinstance(action, dict):
            imp["do"] = action
        return None


class FreeNaval(State):
    def prompt(self, s, f, role):
        if f["why"] == "rapid":
            return "Rapid Deployment (33.2): make one free naval movement action?"
        return "Demobilization: make one free naval movement action (12.17.2)?"

    def actions(self, s, f, role):
        return ["naval", "decline"]

    def act(self, s, f, role, action):
        if action == "naval":
            # 33.2 L1529 Rapid Deployment: "Land units using this movement must end their movement
            # in a friendly port" (a land unit moves once, so never into a box)
            call(s, "naval-move", power=role, wartime=f["wartime"], land_to_port=f["why"] == "rapid")
        return None


class Treaty(State):
    def prompt(self, s, f, role):
        t = _w(s)["treaty"]
        on = f" on {name(t['only'])}" if t["only"] else ""
        return f"Impose a treaty option{on} (16.2): {t['left']} left."

    def actions(self, s, f, role):
        return treaty_choices(s, _w(s)["treaty"])

    def act(self, s, f, role, action):
        t = _w(s)["treaty"]
        if action == "done":
            t["closed"] = True
        else:
            t["pending"] = dict(action)  # the war's treaties step imposes it (and asks who gains it)
        return None


class Recipient(State):
    """16.2 L930: "Spaces and war reparations may be awarded to any of the victorious player's
    allies, including independent minor powers" (W22)."""

    def prompt(self, s, f, role):
        return f"Who receives {option_text(s, f['option'])} (16.2)?"

    def actions(self, s, f, role):
        return [{"who": q} for q in f["cands"]]

    def act(self, s, f, role, action):
        _w(s)["treaty"]["to"] = action["who"]
        if action["who"] != role:
            log(s, f"{NAMES[role]} awards {option_text(s, f['option'])} to {name(action['who'])}.", "16.2")
        return None


def impose(s: dict, t: dict, action: dict, to=None) -> None:
    on = treaty_target(s, action)
    apply_treaty(s, t, action, to)
    t["used"].append(action["option"])
    if on:
        t["imposed"][on] = t["imposed"].get(on, 0) + 1
    t["left"] -= 1


class Blockade(State):
    def prompt(self, s, f, role):
        return f"{name(f['power'])} is blockaded (17.1): enforce the blockade (-1 card marker) or waive it?"

    def actions(self, s, f, role):
        return ["enforce", "waive"]

    def act(self, s, f, role, action):
        if action == "enforce":
            s["powers"][f["power"]]["marker"] -= 1
            log(s, f"{NAMES[f['power']]} is blockaded: -1 card marker.", "17.1")
        else:
            log(s, f"{NAMES[role]} does not enforce the blockade of {NAMES[f['power']]}.", "17.1")
        return None


class Confederation(State):
    def prompt(self, s, f, role):
        return "German Confederation (33.1): take control of one of your German minor allies?"

    def actions(self, s, f, role):
        return [{"annex": m} for m in GERMAN_MINORS if s["allies"].get(m) == "ge" and m not in s["gone"]] + ["decline"]

    def act(self, s, f, role, action):
        if action != "decline":
            annex(s, action["annex"], "ge")
        return None


PROCEDURES = {
    "war": War(),
    "war-aim-step": WarAimStep(),
    "war-alliance-step": AllianceStep(),
    "war-maneuver-step": ManeuverStep(),
    "war-victory-step": VictoryStep(),
    "war-demobilization-step": DemobilizationStep(),
    "war-shift-away": ShiftAway(),
}
STATES = {
    "war-target": Target(),
    "war-target2": SecondTarget(),
    "war-forbid": Forbid(),
    "war-primary": PrimaryDefender(),
    "war-aim": Aim(),
    "war-objective": Objective(),
    "war-abandon": Abandon(),
    "war-aid": Aid(),
    "war-surrender": Surrender(),
    "war-card": BudgetCard(),
    "war-call": CallAlly(),
    "war-join": JoinWar(),
    "war-minors": Minors(),
    "war-shift": ShiftChoice(),
    "war-impulse": Impulse(),
    "war-step-loss": StepLoss(),
    "war-accept-surrender": AcceptSurrender(),
    "war-peace": Peace(),
    "war-deploy": Deploy(),
    "war-march": March(),
    "war-rail": Rail(),
    "war-decisive": Decisive(),
    "war-free-naval": FreeNaval(),
    "war-treaty": Treaty(),
    "war-recipient": Recipient(),
    "war-blockade": Blockade(),
    "war-confederation": Confederation(),
}
