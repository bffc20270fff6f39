"""Imperial Elegy: naval affairs (rulebook §19 L1047-1133): naval movement (12.3
L625-645, 15.2.1 L850-854), passages (3.2.9 L220-232, 3.4 L259-271), interception (19.1),
avoiding battle (19.2), naval battles (19.3-19.8) with mines (19.4) and forts (19.9),
displaced naval units (19.11) and the end phase's return to port (20.4 L1147).
Amphibious assaults (19.10) are land battles: battle.py.

``call(s, "naval-move", power=p, wartime=bool)``: one naval movement action. Every naval
unit of the power (and of its allied minors in wartime, 15.4 L880) gets one NMP; the player
moves them unit by unit ({"move": True, "unit": uid, "to": box_or_port}), may carry one land
unit the same way, may ask a passage's controller for leave ({"passage": space}), and ends
with "done". While it runs ``s["naval_move"]`` = {"power", "wartime", "nmp" {uid: 0/1},
"land" (the carried unit), "granted", "denied" [passage spaces], "came" {uid: where it came
from}, "box" {uid: the last box entered}, "intercepted" [boxes], "no_avoid" [uids],
"exit" [uids that may step out of a naval base they occupied], "euro" [uids that may go on
in European waters after a decisive interception battle]}.

``call(s, "naval-battle", attacker=p, space=box_or_port, failed=[owners], retreat=[spaces])``:
one naval battle; ``s["last_naval_battle"]`` records it. ``call(s, "naval-displace", space=port,
by=p)``: 19.11. ``go_to_port(s)``: 20.4. RULINGS_BATTLE.md settles the gaps (B10-B20).
"""

from __future__ import annotations

import math
from itertools import combinations

from ...engine import STAY, Procedure, State, ask, call, log, rng
from . import world as W
from .battle import A, D, crt, fort_in_battle, other, unit_words
from .data import KEY_TYPES, PLAYERS, PORT_LIMIT
from .world import ARMY_TYPES, NAVAL_TYPES, P, name, space_name

CLOSED_SEAS = ("western-med", "eastern-med", "baltic", "black-sea")  # 19.2 L1076: not ocean boxes
PASSAGES = {  # 3.4.1 L261, 3.4.2 L265, 3.4.3 L270; Gibraltar only for avoiding battle (19.2 L1073)
    frozenset(("black-sea", "eastern-med")): "dardanelles",
    frozenset(("baltic", "north-atlantic")): "denmark",
    frozenset(("eastern-med", "indian-ocean")): "egypt",
}
GIBRALTAR = frozenset(("north-atlantic", "western-med"))


def is_box(where: str) -> bool:
    return where in P().naval_boxes


def european(box: str) -> bool:
    return P().naval_boxes[box].european


def naval_at(s: dict, where: str, owners=None) -> list:
    return [
        uid
        for uid, u in s["units"].items()
        if u["at"] == where and u["t"] in NAVAL_TYPES and (owners is None or u["o"] in owners)
    ]


def enemy_unit(s: dict, power: str, u: dict, naval_only: bool = True) -> bool:
    """Whether the unit is an enemy of the power in the war (a naval unit, unless not
    ``naval_only``); rebels are nobody's enemy at sea or in port."""
    return (not naval_only or u["t"] in NAVAL_TYPES) and u["o"] != "rebel" and W.at_war(s, power, u["o"])


def enemies_at(s: dict, power: str, where: str, naval_only: bool = True) -> list:
    return W.sea_foes(s, power, where, naval_only)


# ----- passages (3.2.9, 3.4) -----------------------------------------------------------------------------------


def passage_holder(s: dict, via: str):
    """Who may close a passage: Istanbul's controller for the Dardanelles (3.4.1 L260),
    Denmark's and Egypt's controllers (3.4.2-3.4.3); a minor's allied player answers for it."""
    sid = "istanbul" if via == "dardanelles" else via
    return W.holder(s, sid) if s.get("war") else W.controller(s, sid)


def passage_state(s: dict, power: str, via: str, nm: dict | None) -> str:
    """'open', 'closed' or 'ask' (RULINGS_BATTLE B12)."""
    if (
        via == "denmark"
        and W.owner_side(s, "denmark") is None
        and W.owner_side(s, W.controller(s, "denmark") or "") is None
    ):
        return "open"  # 3.4.2 L265: only while Denmark is at war
    h = passage_holder(s, via)
    if h is None or W.friendly_owner(s, power, h) and (h == power or s["allies"].get(h) == power):
        return "open"
    if s.get("war") and W.at_war(s, power, h):
        return "closed"
    q = W.player_of(s, h)
    if q is None or q == power:
        return "open"
    if nm is not None:
        if via in nm["granted"]:
            return "open"
        if via in nm["denied"]:
            return "closed"
    return "ask"


def passage_asker(s: dict, via: str):
    return W.player_of(s, passage_holder(s, via))


# ----- where a unit may go with its NMP (12.3) --------------------------------------------------------------


def place_index(s: dict) -> dict:
    """Naval units and armies by place, counted once for a whole listing of moves."""
    naval: dict = {}
    armies: dict = {}
    every: dict = {}
    for x, v in s["units"].items():
        every.setdefault(v["at"], []).append(x)
        if v["t"] in NAVAL_TYPES:
            naval.setdefault(v["at"], []).append(x)
        elif v["t"] in ARMY_TYPES and v["o"] != "rebel":
            armies[v["at"]] = armies.get(v["at"], 0) + 1
    return {"naval": naval, "armies": armies, "all": every}


def _enemies(s: dict, power: str, where: str, naval_only: bool, idx: dict) -> bool:
    """enemies_at, read from a place index."""
    if s.get("war") is None:
        return False
    units = s["units"]
    return any(enemy_unit(s, power, units[x], naval_only) for x in idx["all"].get(where, ()))


def _ships_in_port(s: dict, power: str, port: str, idx: dict) -> tuple:
    """In wartime, the naval units in a port as the power's move sees them, counted once for a
    listing: whether an enemy's are there, how many are not its enemies', how many its side's."""
    facts = idx.setdefault("ships_in_port", {})
    key = (power, port)
    got = facts.get(key)
    if got is None:
        units = s["units"]
        enemy, mine, friends = False, 0, 0
        for x in idx["naval"].get(port, ()):
            o = units[x]["o"]
            if W.at_war(s, power, o):
                enemy = enemy or o != "rebel"
            else:
                mine += 1
            if W.friendly_owner(s, power, o):
                friends += 1
        got = facts[key] = (enemy, mine, friends)
    return got


def port_ok(s: dict, power: str, uid: str, port: str, nm: dict, idx: dict | None = None) -> bool:
    """Ports a unit may end in (12.3, 15.2.1, 19.10; RULINGS_BATTLE B10, B11)."""
    if idx is None:
        idx = place_index(s)
    u = s["units"][uid]
    sp = P().spaces[port]
    naval = u["t"] in NAVAL_TYPES
    wartime = s.get("war") is not None
    if not naval:
        if u["t"] in ARMY_TYPES:
            if sp.type == "naval-base":
                return False  # 3.2.8
            if idx["armies"].get(port, 0) >= sp.stacking:
                return False
        if u["o"] == "us" and sp.map != "north-america" and us_held_home(s):
            return False  # 32.1 L1498: not before the enemy's Mexico and Canada are occupied
        if W.us_closed(s, port, u["o"]):
            return False  # 32.1 L1498: the US can never be invaded (G32)
        if wartime and port in ((s.get("gw") or {}).get("trenches") or {}):
            return True  # 28.1.5 L1424: into a trench battle port without an amphibious assault
        if wartime:
            return W.friendly_space(s, u["o"], port) and not _enemies(s, u["o"], port, False, idx)
        c = s["control"].get(port)
        return c == power or (c is None and s["influence"].get(port) == power)  # 12.15 / 4.9.1
    if wartime:
        enemy, mine, friends = _ships_in_port(s, power, port, idx)
        if enemy:
            return friends < PORT_LIMIT  # 5.5.4 L411: at most 4 attack a port
        h = W.holder(s, port)
        if h is not None and W.friendly_owner(s, u["o"], h):
            return mine < PORT_LIMIT
        return sp.type == "naval-base" and h is not None and W.at_war(s, power, h)  # 15.2.1 L852
    if len(idx["naval"].get(port, ())) >= PORT_LIMIT:
        return False
    c = s["control"].get(port)
    if c == power or (c is not None and s["allies"].get(c) == power):
        return True
    return c is None and s["influence"].get(port) == power


US_NEIGHBOURS = ("mexico", "canada")  # 32.1 L1498


def us_held_home(s: dict) -> bool:
    """32.1 L1498: while Mexico or Canada is held by an enemy of the US and not occupied by the
    US's side, US armies may not leave the North America submap."""
    for sid in US_NEIGHBOURS:
        h = W.holder(s, sid)
        if h is not None and W.at_war(s, "us", h):
            return True
    return False


def unit_kind(u: dict) -> str:
    """What of a unit's type decides where it may go by sea: naval, army, or another land unit
    (``port_ok``): a squadron and a dreadnought of one owner in one place reach the same places."""
    t = u["t"]
    return "naval" if t in NAVAL_TYPES else "army" if t in ARMY_TYPES else "other"


def _boxes(s: dict, power: str, uid: str, nm: dict, idx: dict):
    """The boxes one NMP takes the unit into (12.3 L627-641), in the order found, and the test
    for a box that stops the move (15.2.1 L850): leaving a port costs the NMP; European waters are
    crossed for one NMP; each non-European box, and entering European waters from one, costs one
    (DATA_RULINGS D1; RULINGS_BATTLE B13)."""
    here = s["units"][uid]["at"]
    wartime = s.get("war") is not None
    euro_only = uid in nm.get("euro", [])
    boxes: dict = {}  # box -> True when it may be passed through
    stopping = idx.setdefault("stops", {})  # box -> enemy ships there, asked once a listing
    open_ = idx.setdefault("crossings", {})  # (box, box) -> open to the power, asked once a listing

    def stops(box):
        got = stopping.get(box)
        if got is None:
            got = stopping[box] = wartime and _enemies(s, power, box, True, idx)
        return got

    def crossing(a, b):
        got = open_.get((a, b))
        if got is None:
            via = PASSAGES.get(frozenset((a, b)))
            got = open_[(a, b)] = via is None or passage_state(s, power, via, nm) == "open"
        return got

    def european_chain(start):
        seen = {start}
        todo = [start]
        while todo:
            x = todo.pop()
            boxes[x] = True
            if stops(x):
                continue
            for y in W.box_neighbours(s, x):
                if y in seen or not european(y) or not crossing(x, y):
                    continue
                seen.add(y)
                todo.append(y)

    if is_box(here):
        if european(here):
            european_chain(here)
        else:
            boxes[here] = True
        if not euro_only:
            for y in W.box_neighbours(s, here):
                if european(here) and european(y):
                    continue
                if crossing(here, y):
                    boxes[y] = True
    else:
        for b0 in W.ports_of(s, here):
            if euro_only and not european(b0):
                continue
            if here == "egypt" and b0 == "indian-ocean" and passage_state(s, power, "egypt", nm) != "open":
                continue  # 12.3 L641: from Egypt through the canal
            if european(b0):
                european_chain(b0)
            else:
                boxes[b0] = True
    return boxes, stops


def reach(s: dict, power: str, uid: str, nm: dict, idx: dict | None = None) -> dict:
    """Destinations for one NMP (12.3 L627-641): dest -> the last box entered (``_boxes``); a
    port of a box entered is free. In wartime a box with enemy naval units stops the move
    (15.2.1 L850)."""
    u = s["units"][uid]
    here = u["at"]
    wartime = s.get("war") is not None
    if idx is None:
        idx = place_index(s)
    boxes, stops = _boxes(s, power, uid, nm, idx)
    out = {}
    peace_naval = None
    memo = idx.setdefault("port_ok", {})
    kind = unit_kind(u)
    if not wartime and u["t"] in NAVAL_TYPES:
        # in peacetime a naval unit's ports depend only on the mover: work them out once (B10)
        peace_naval = idx.get("peace_naval")
        if peace_naval is None:
            peace_naval = idx["peace_naval"] = _peace_ports(s, power, idx)
    for b in boxes:
        if b != here:
            out[b] = b
        if stops(b) and b != here:
            continue
        for port in W.box_ports_sorted(s, b):
            if port == here or port in out:
                continue
            if peace_naval is not None:
                if port in peace_naval:
                    out[port] = b
                continue
            key = (port, kind, u["o"])  # alike units ask alike: owner and kind decide (B10, B11)
            ok = memo.get(key)
            if ok is None:
                ok = memo[key] = port_ok(s, power, uid, port, nm, idx)
            if ok:
                out[port] = b
    return out


def entered_through(s: dict, power: str, uid: str, nm: dict, to: str) -> str:
    """The box a legal move of one NMP to ``to`` enters last (``reach``'s answer for ``to``),
    found without asking which other ports the unit may enter."""
    here = s["units"][uid]["at"]
    boxes, stops = _boxes(s, power, uid, nm, place_index(s) if s.get("war") is not None else {})
    if to in boxes and to != here:
        return to
    for b in boxes:
        if (b == here or not stops(b)) and to in W.box_ports(s, b):
            return b
    return to


def crossed(s: dict, power: str, frm: str, via: str, nm: dict) -> list:
    """The boxes a move of one NMP from ``frm`` passes through before ``via``, the last box it
    enters: through European waters the shortest way, the map's order breaking ties (RULINGS_BATTLE
    B15); none for a move of one box."""
    if not is_box(via) or not european(via):
        return []
    starts = [frm] if is_box(frm) else list(W.ports_of(s, frm))
    if via in starts:
        return []
    came: dict = {b: None for b in sorted(starts) if european(b)}
    todo = list(came)
    while todo:
        x = todo.pop(0)
        if x == via:
            break
        for y in sorted(W.box_neighbours(s, x)):
            if y in came or not european(y):
                continue
            gate = PASSAGES.get(frozenset((x, y)))
            if gate is not None and passage_state(s, power, gate, nm) != "open":
                continue
            came[y] = x
            todo.append(y)
    path = []
    x = came.get(via)
    while x is not None:
        path.append(x)
        x = came[x]
    path.reverse()
    return [b for b in path if b != frm]


def _peace_ports(s: dict, power: str, idx: dict) -> set:
    """Peacetime ports a naval unit of the power may enter: its own, its allied minors', and
    uncontrolled ports with its influence, with fewer than four naval units (5.5.4; B10)."""
    out = set()
    allies = s["allies"]
    influence = s["influence"]
    for port in P().spaces:
        if not W.ports_of(s, port) or len(idx["naval"].get(port, ())) >= PORT_LIMIT:
            continue
        c = s["control"].get(port)
        if c == power or (c is not None and allies.get(c) == power) or (c is None and influence.get(port) == power):
            out.add(port)
    return out


def movers(s: dict, power: str, wartime: bool) -> list:
    owners = {power} | ({m for m, a in s["allies"].items() if a == power} if wartime else set())
    return sorted(uid for uid, u in s["units"].items() if u["o"] in owners and u["t"] in NAVAL_TYPES)


def carriable(s: dict, nm: dict) -> list:
    """12.3 L625: one land unit (armies and EFs; RULINGS_BATTLE B14) in a port or at sea."""
    if nm["land"] is not None:
        return [nm["land"]] if nm["nmp"].get(nm["land"]) else []
    power = nm["power"]
    owners = {power} | ({m for m, a in s["allies"].items() if a == power} if nm["wartime"] else set())
    dep = set((s.get("war") or {}).get("deployed", []))
    out = []
    for uid, u in s["units"].items():
        if u["o"] not in owners or u["t"] in NAVAL_TYPES or u["t"] == "ec" or uid in dep:
            continue
        if is_box(u["at"]) or W.ports_of(s, u["at"]):
            out.append(uid)
    return sorted(out)


def move_choices(s: dict, nm: dict) -> list:
    out = []
    power = nm["power"]
    units = [uid for uid in movers(s, power, nm["wartime"]) if nm["nmp"].get(uid)] + carriable(s, nm)
    idx = place_index(s)
    same_reach: dict = {}  # units alike in the same place reach the same places
    euro = nm.get("euro", [])
    for uid in units:
        if uid not in s["units"]:
            continue
        u = s["units"][uid]
        key = (u["at"], unit_kind(u), u["o"], uid in euro)
        if key not in same_reach:
            same_reach[key] = sorted(reach(s, power, uid, nm, idx))
        ashore = nm.get("land_to_port") and u["t"] not in NAVAL_TYPES  # 33.2 L1529: into a port
        for dest in same_reach[key]:
            if ashore and is_box(dest):
                continue
            out.append({"move": True, "unit": uid, "to": dest})
    for uid in nm.get("exit", []):
        if uid in s["units"] and s["units"][uid]["at"] in P().spaces:
            for b in W.ports_of(s, s["units"][uid]["at"]):
                out.append({"move": True, "unit": uid, "to": b})
    asks = set()
    for here in {s["units"][uid]["at"] for uid in units if uid in s["units"]}:  # each place once
        asks.update(blocked_passages(s, power, here, nm))
    out += [{"passage": v} for v in sorted(asks)]
    return out


def blocked_passages(s: dict, power: str, here, nm: dict) -> list:
    """Passages next to the unit's reach that need the holder's leave (3.4)."""
    if here is None:
        return []
    boxes = [here] if is_box(here) else list(W.ports_of(s, here))
    out = []
    for b in boxes:
        for y in W.box_neighbours(s, b):
            via = PASSAGES.get(frozenset((b, y)))
            if via and passage_state(s, power, via, nm) == "ask":
                out.append(via)
    seen_euro = set()
    for b in boxes:
        if european(b):
            seen_euro.add(b)
    if seen_euro:
        for pair, via in PASSAGES.items():
            if pair & seen_euro and passage_state(s, power, via, nm) == "ask":
                out.append(via)
    return sorted(set(out))


# ----- the naval movement action ----------------------------------------------------------------------------


class NavalMove(Procedure):
    """12.3 / 15.2.1: one naval movement action."""

    def start(self, s, f):
        p = f["power"]
        wartime = bool(f.get("wartime")) and s.get("war") is not None
        s["naval_move"] = {
            "power": p, "wartime": wartime, "nmp": {uid: 1 for uid in movers(s, p, wartime)}, "land": None,
            "granted": [], "denied": [], "came": {}, "box": {}, "intercepted": [], "no_avoid": [], "exit": [],
            "euro": [], "request": None, "entered": [], "done": False,
            "land_to_port": bool(f.get("land_to_port")),
        }  # fmt: skip
        log(s, f"{name(p)} takes a naval movement action.", "12.3")
        return "turn"

    def turn(self, s, f):
        nm = s["naval_move"]
        if nm["request"]:
            via = nm["request"]
            nm["request"] = None
            ask(s, "naval-permission", passage_asker(s, via), via=via, mover=nm["power"])
            return "turn"
        if not nm["done"]:
            ask(s, "naval-moving", W.player_of(s, nm["power"]) or nm["power"])  # Italy: its controller (15.4.1)
            return "turn"
        # 19.1: interception rolls once per box entered, the stacks that entered it together
        # (RULINGS_BATTLE B15)
        while nm["entered"]:
            box = nm["entered"].pop(0)
            here = units_of(s, nm["power"], box) or passed(s, nm, box)
            if nm["wartime"] and interceptors(s, nm["power"], box) and here:
                call(s, "naval-intercept", box=box, mover=nm["power"])
                return "turn"
        if nm["euro"] and move_choices(s, nm):
            nm["done"] = False  # 19.1 L1056: a decisive win lets them go on in European waters
            return "turn"
        return "battles"

    def battles(self, s, f):
        """15.2.1 L850: battles after all movement: the defender may try to avoid (19.2)."""
        nm = s["naval_move"]
        if not nm["wartime"]:
            return "finish"
        p = nm["power"]
        just = f.pop("pending", None)
        lb = s.get("last_naval_battle") or {}
        if just and european(just) and lb.get("at") == just and lb.get("winner") == "attacker" and lb.get("decisive"):
            for uid in units_of(s, p, just):  # 19.8 L1107: a decisive win lets them go on in European waters
                if uid in nm["nmp"] or uid == nm["land"]:
                    nm["nmp"][uid] = 1
                    nm["euro"].append(uid)
        leave_enemy_ports(s, nm)
        f.setdefault("fought", [])
        embattled = {u["at"] for u in s["units"].values() if enemy_unit(s, p, u, naval_only=False)}
        for where in sorted({u["at"] for u in s["units"].values() if W.friendly_owner(s, p, u["o"])}):
            if where in f["fought"] or (not is_box(where) and where not in P().spaces):
                continue
            if where not in embattled:
                continue
            mine_naval = [x for x in naval_at(s, where) if W.friendly_owner(s, p, s["units"][x]["o"])]
            theirs_naval = enemies_at(s, p, where)
            if not is_box(where) and not theirs_naval:
                continue  # a port with enemy land units only is not a naval battle
            if not mine_naval and not theirs_naval:
                continue
            f["fought"].append(where)
            retreat = sorted({attacked_from(nm, x, where) for x in units_of(s, p, where)} - {None, where})
            nm["retreat"] = retreat
            if is_box(where):
                f["pending"] = where
                s["last_naval_battle"] = None  # set by the battle, if it is fought (19.8)
            call(s, "naval-avoid", attacker=p, space=where, retreat=retreat)
            return "battles"
        leave_enemy_ports(s, nm)
        if nm["euro"] and move_choices(s, nm):
            nm["done"] = False  # 19.8 L1107: a decisive win in European waters: they go on moving
            return "turn"
        return "finish"

    def finish(self, s, f):
        s["naval_move"] = None
        boxes = P().naval_boxes
        for uid, u in sorted(s["units"].items()):  # 5.1.3 L367: an EC alone at sea (its army lost)
            if u["t"] == "ec" and u["at"] in boxes:
                if not any(
                    v["o"] == u["o"] and v["at"] == u["at"] and v["t"] in ARMY_TYPES for v in s["units"].values()
                ):
                    log(s, f"{unit_text(u)} is left without an army and is eliminated.", "5.1.3")
                    W.remove_unit(s, uid)
        return None


def attacked_from(nm: dict, uid: str, where: str):
    """19.7 L1104, 19.2 L1064: the space a unit of the moving power attacked ``where`` from: the
    box it came in through to a port; in a box, the place its move began this action (a box, or
    the port it sailed from; RULINGS_BATTLE B26). None for a unit that did not move."""
    via = nm["box"].get(uid)
    if via is not None and via != where and not is_box(where):
        return via
    return nm["came"].get(uid)


def leave_enemy_ports(s: dict, nm: dict) -> None:
    """RULINGS_BATTLE B10, B24: a naval unit enters an enemy port only to fight the naval units in
    it, or to occupy an enemy naval base (15.2.1 L852-854). When there are none left to fight (they
    sailed out to intercept, 19.1 L1052, or avoided battle, 19.2), the unit that entered an enemy
    naval base occupies it (15.2.1 L852; EFs alone there are eliminated, L854); from any other
    enemy port it goes back to the box it entered through, as victors do (19.9 L1115)."""
    p = nm["power"]
    for uid in sorted(nm["came"]):
        u = s["units"].get(uid)
        if u is None or u["t"] not in NAVAL_TYPES or is_box(u["at"]) or u["at"] not in P().spaces:
            continue
        port = u["at"]
        h = W.holder(s, port)
        if h is None or not W.at_war(s, p, h) or enemies_at(s, p, port):
            continue
        if P().spaces[port].type == "naval-base":
            for x in enemies_at(s, p, port, naval_only=False):
                log(s, f"{unit_text(s['units'][x])} is eliminated.", "15.2.1")
                W.remove_unit(s, x)
            s["occupied"][port] = p
            log(s, f"{name(p)} occupies {space_name(port)}.", "15.2.1")
            continue
        back = nm["box"].get(uid)
        if not back or not is_box(back):
            back = embattled_box(s, port, p)
        W.move_unit(s, uid, back)
        log(s, f"{unit_text(u)} finds no enemy ships in {space_name(port)} and returns to {space_name(back)}.",
            "19.9")  # fmt: skip


def units_of(s: dict, power: str, where: str) -> list:
    return [uid for uid, u in s["units"].items() if u["at"] == where and W.friendly_owner(s, power, u["o"])]


def do_move(s: dict, nm: dict, uid: str, to: str) -> None:
    u = s["units"][uid]
    power = nm["power"]
    frm = u["at"]
    if uid in nm.get("exit", []):
        nm["exit"].remove(uid)
        who = unit_text(u)
        W.move_unit(s, uid, to)
        nm["box"][uid] = to
        log(s, f"{who} steps out into {space_name(to)} and stops.", "15.2.1")
        return
    via = entered_through(s, power, uid, nm, to)
    nm["came"].setdefault(uid, frm)
    nm["box"][uid] = via
    nm["nmp"][uid] = 0
    if u["t"] not in NAVAL_TYPES:
        nm["land"] = uid
    if uid in nm["euro"]:
        nm["euro"].remove(uid)
    who = unit_text(u)  # named where it stands, before it moves
    held = s["control"].get(to)
    W.move_unit(s, uid, to)
    if u["t"] in ARMY_TYPES:
        W.ecs_follow(s, u["o"], frm, to)  # 5.1.3 L367: its EC sails with it (B14)
    log(s, f"{who} moves to {space_name(to)}.", "12.3")
    if u["t"] not in NAVAL_TYPES:
        W.enter_uncontrolled(s, to)  # 12.11 L693: a land unit landing in an uncontrolled port
        W.leave_uncontrolled(s, frm)
    if not nm["wartime"]:
        return
    settled = False  # a move into a port that took effect there: occupying a naval base, taking a port
    if not is_box(to) and u["t"] in NAVAL_TYPES and not enemies_at(s, power, to):
        h = W.holder(s, to)
        if P().spaces[to].type == "naval-base" and h is not None and W.at_war(s, power, h):
            settled = True
            # 15.2.1 L852-854: an enemy naval base is occupied; EFs alone there are eliminated
            efs = [x for x in enemies_at(s, power, to, naval_only=False)]
            for x in efs:
                log(s, f"{unit_text(s['units'][x])} is eliminated.", "15.2.1")
                W.remove_unit(s, x)
            s["occupied"][to] = power
            log(s, f"{name(power)} occupies {space_name(to)}.", "15.2.1")
            if not efs:
                nm["exit"].append(uid)
    passing = crossed(s, power, frm, via, nm)
    if not is_box(to) and is_box(via):
        settled = settled or s["control"].get(to) != held  # an army landing took the port (12.11)
        passing = [] if settled else passing + [via]  # on its way to a port: through its last box too
    for box in passing:  # 19.1 L1051: a box passed through on the way elsewhere is moved into too (B15)
        nm.setdefault("passed", {}).setdefault(box, []).append(uid)
    for box in passing + ([via] if is_box(via) else []):
        if box not in nm["intercepted"]:
            nm["intercepted"].append(box)
            nm["entered"].append(box)


def unit_text(u: dict) -> str:
    w = unit_words(u)
    return w[0].upper() + w[1:]


# ----- interception (19.1) ----------------------------------------------------------------------------------


def interceptors(s: dict, mover: str, box: str) -> dict:
    """Enemy ports of the box holding enemy naval units: port -> their units (19.1 L1052)."""
    if s.get("war") is None:
        return {}
    ports = W.box_ports(s, box)
    found: dict = {}
    for uid, u in s["units"].items():  # enemies_at for every port, in one pass
        if u["at"] in ports and enemy_unit(s, mover, u):
            found.setdefault(u["at"], []).append(uid)
    return {port: found[port] for port in sorted(found)}


def intercept_drm(s: dict, q: str, mover: str, box: str, moved: list) -> list:
    """19.1.1 L1058-1062."""
    out = []
    if len(W.friendly_ports(s, q, box)) >= 3:
        out.append(["three or more friendly ports", 1])
    if not W.friendly_ports(s, mover, box):
        out.append(["the moving units have no friendly port", 1])
    present = [
        x for x, u in s["units"].items()
        if u["at"] == box and u["t"] in NAVAL_TYPES and W.friendly_owner(s, q, u["o"]) and x not in moved
    ]  # fmt: skip
    if present:
        out.append(["friendly naval units already in the box", 1])  # RULINGS_BATTLE B15
    if q == "uk" and box == "north-atlantic":
        out.append(["British units into the North Atlantic", 1])
    return out


class NavalIntercept(Procedure):
    """19.1 L1052-1057: each enemy port of the box may roll to intercept (5+)."""

    def start(self, s, f):
        f["ports"] = sorted(interceptors(s, f["mover"], f["box"]))
        f["i"] = 0
        f["any"] = False
        return "next"

    def next(self, s, f):
        while f["i"] < len(f["ports"]):
            port = f["ports"][f["i"]]
            f["i"] += 1
            us = [x for x in enemies_at(s, f["mover"], port)]
            if not us:
                continue
            q = W.player_of(s, s["units"][us[0]]["o"])
            f["port"] = port
            if q is None:
                continue
            ask(s, "naval-intercept-ask", q, port=port, box=f["box"], mover=f["mover"])
            return "next"
        if f["any"]:
            call(s, "naval-battle", attacker=f["mover"], space=f["box"], failed=[], retreat=retreat_for(s, f["box"]),
                 no_avoid=True)  # fmt: skip
            return "after"
        return None

    def after(self, s, f):
        lb = s.get("last_naval_battle") or {}
        nm = s.get("naval_move")
        if nm and lb.get("winner") == "attacker" and lb.get("decisive") and european(f["box"]):
            for uid in units_of(s, f["mover"], f["box"]):  # 19.1 L1056: decisive: go on in European waters
                if uid in nm["nmp"] or uid == nm["land"]:
                    nm["nmp"][uid] = 1
                    nm["euro"].append(uid)
        return None


def retreat_for(s: dict, box: str) -> list:
    nm = s.get("naval_move")
    if not nm:
        return []
    return sorted({nm["came"].get(x) for x in units_of(s, nm["power"], box) if nm["came"].get(x)} - {box})


def try_intercept(s: dict, q: str, port: str, box: str, mover: str) -> bool:
    nm = s.get("naval_move") or {}
    moved = list(nm.get("came", {}))
    mods = intercept_drm(s, q, mover, box, moved)
    die = rng.roll(s, 6)
    total = die + sum(v for _, v in mods)
    words = "".join(f", {w} {v:+d}" for w, v in mods)
    ok = total >= 5
    log(s, f"{name(q)} tries to intercept from {space_name(port)}: rolls {die}{words} = {total}: "
        + ("success." if ok else "failure."), "19.1.1")  # fmt: skip
    if ok:
        for x in enemies_at(s, mover, port):
            W.move_unit(s, x, box)
            if nm:
                nm["no_avoid"].append(x)
        for x in passed(s, nm, box) if nm else []:  # 19.1 L1051: stopped where they were intercepted
            u = s["units"][x]
            log(s, f"{unit_text(u)} is stopped in {space_name(box)}.", "19.1")
            was = u["at"]
            W.move_unit(s, x, box)
            if u["t"] in ARMY_TYPES:
                W.ecs_follow(s, u["o"], was, box)  # 5.1.3: its EC with it
            nm["box"][x] = box
        if nm:
            nm.get("passed", {}).pop(box, None)
    return ok


def passed(s: dict, nm: dict, box: str) -> list:
    """The moving units that passed through ``box`` on their way elsewhere and sail on still."""
    return [x for x in nm.get("passed", {}).get(box, []) if x in s["units"] and s["units"][x]["at"] != box]


class NavalInterceptState(State):
    def prompt(self, s, f, role):
        return f"Attempt to intercept into {space_name(f['box'])} from {space_name(f['port'])} (19.1)?"

    def actions(self, s, f, role):
        return ["intercept", "no"]

    def act(self, s, f, role, action):
        if action == "intercept":
            ok = try_intercept(s, role, f["port"], f["box"], f["mover"])
            if ok:
                for fr in reversed(s["stack"]):
                    if fr.get("proc") == "naval-intercept":
                        fr["any"] = True
                        break
        return None


# ----- avoiding battle (19.2) ------------------------------------------------------------------------------------


def ports_count(s: dict, power: str, box: str) -> int:
    return len(W.friendly_ports(s, power, box))


def avoid_choices(s: dict, q: str, at: str, attacker: str, retreat: list) -> list:
    """19.2 L1071-1074: a friendly port or a naval box without enemy units, not where the
    attacker came from, through Gibraltar, the Dardanelles or a canal only if friendly."""
    out: list = []
    n = len([x for x in naval_at(s, at) if W.friendly_owner(s, q, s["units"][x]["o"])])
    if is_box(at):
        # an army aboard goes with the ships, never into a naval base (3.2.8 L219)
        aboard = any(
            u["at"] == at and u["t"] in ARMY_TYPES and W.friendly_owner(s, q, u["o"]) for u in s["units"].values()
        )
        rooms = {}  # ports too small for the whole force: room left in each
        for port in sorted(W.box_ports(s, at)):
            if port in retreat or not W.friendly_space(s, q, port):
                continue
            if enemies_at(s, q, port, naval_only=False):
                continue
            room = PORT_LIMIT - len([x for x in naval_at(s, port) if not W.at_war(s, q, s["units"][x]["o"])])
            if room >= n:
                if not (aboard and P().spaces[port].type == "naval-base"):
                    out.append(port)
            elif room > 0:
                rooms[port] = room
        splits = split_ports(rooms, n)
        if aboard:
            splits = [g for g in splits if any(P().spaces[x].type != "naval-base" for x in g)]
        out += splits
        for y in W.box_neighbours(s, at):
            if y in retreat or enemies_at(s, q, y, naval_only=False) or not may_escape(s, q, at, y):
                continue
            out.append(y)
    else:
        for y in W.ports_of(s, at):
            if y not in retreat and not enemies_at(s, q, y, naval_only=False):
                out.append(y)
    return out


def split_ports(rooms: dict, n: int) -> list:
    """19.2 L1063: "If avoiding battle would cause a player to be overstacked they may choose to
    avoid battle into two or more ports": every set of ports too small alone, none of them
    needless, that holds the ``n`` units together, listed by name (RULINGS_BATTLE B21)."""
    ports = sorted(rooms)
    out = []
    for k in range(2, len(ports) + 1):
        for group in combinations(ports, k):
            held = sum(rooms[p] for p in group)
            if held >= n and all(held - rooms[p] < n for p in group):
                out.append(list(group))
    return out


def avoid_places(s: dict, force: list, to) -> dict:
    """Where each unit of a force that avoided battle goes (19.2): one place, or ports too small
    alone filled in the order named, the strongest units first (RULINGS_BATTLE B21)."""
    if isinstance(to, str):
        return {x: to for x in force}
    ships = [x for x in force if s["units"][x]["t"] in NAVAL_TYPES]
    order = sorted(ships, key=lambda x: (s["units"][x]["r"], x))  # full strength first
    land = next((x for x in to if P().spaces[x].type != "naval-base"), to[0])  # 3.2.8: not a naval base
    out = {x: land for x in force if x not in ships}  # an army aboard lands in the first port it may enter
    for port in to:
        room = PORT_LIMIT - len([x for x in naval_at(s, port) if x not in force])
        while order and room > 0:
            out[order.pop(0)] = port
            room -= 1
    for x in order:  # cannot happen for an offered split; the last port takes any left over
        out[x] = to[-1]
    return out


def may_escape(s: dict, q: str, at: str, y: str) -> bool:
    """Whether ``q``'s ships may leave box ``at`` for box ``y`` avoiding (19.2 L1064) or after a
    battle (19.7, 3.4.1 L261): through Gibraltar, the Dardanelles or a canal only where friendly
    controlled; through the Sound while it is open (3.4.2 L265: Denmark closes it only at war)."""
    pair = frozenset((at, y))
    via = PASSAGES.get(pair) or ("gibraltar" if pair == GIBRALTAR else None)
    if via is None:
        return True
    if via == "denmark" and passage_state(s, q, via, None) == "open":
        return True
    return W.friendly_space(s, q, "istanbul" if via == "dardanelles" else via)


def avoid_drm(s: dict, q: str, at: str, attacker: str) -> list:
    """19.2 L1066-1069: the +1 for units in an ocean box (any box but the two Mediterraneans, the
    Baltic and the Black Sea), never for units in a port (L1093 treats a port as its box for the
    battle's DRMs only); the attacker's ports counted around the embattled box."""
    box = embattled_box(s, at, attacker)
    out = []
    if is_box(at) and at not in CLOSED_SEAS:
        out.append(["ocean box", 1])
    if not ports_count(s, attacker, box):
        out.append(["the attacker has no friendly port", 1])
    if ports_count(s, attacker, box) - ports_count(s, q, box) >= 2:
        out.append(["the attacker has two more ports", -1])
    return out


class NavalAvoid(Procedure):
    """19.2: before the battle the defender may try to avoid it (5+), then the battle (19.3)."""

    def start(self, s, f):
        at, p = f["space"], f["attacker"]
        f["failed"] = []
        theirs = enemies_at(s, p, at)
        nm = s.get("naval_move") or {}
        if not theirs or any(x in nm.get("no_avoid", []) for x in theirs):
            return "fight"
        q = main_player(s, theirs)
        ch = avoid_choices(s, q, at, p, f["retreat"]) if q else []
        if not ch:
            return "fight"
        ask(s, "naval-avoid-ask", q, space=at, attacker=p, options=ch)
        return "fight"

    def fight(self, s, f):
        if f.get("avoided"):
            return None
        call(
            s, "naval-battle", attacker=f["attacker"], space=f["space"], failed=list(f["failed"]), retreat=f["retreat"]
        )
        return None


def main_player(s: dict, uids: list):
    """The player commanding a force: the owner of most of its naval units (turn order breaks ties)."""
    counts: dict = {}
    for x in uids:
        q = W.player_of(s, s["units"][x]["o"])
        if q:
            counts[q] = counts.get(q, 0) + 1
    if not counts:
        return None
    return sorted(counts, key=lambda q: (-counts[q], PLAYERS.index(q) if q in PLAYERS else 9))[0]


class NavalAvoidState(State):
    def prompt(self, s, f, role):
        return f"Attempt to avoid the naval battle in {space_name(f['space'])} (19.2)? Name where to."

    def actions(self, s, f, role):
        return [{"avoid": x} for x in f["options"]] + ["fight"]

    def act(self, s, f, role, action):
        parent = None
        for fr in reversed(s["stack"]):
            if fr.get("proc") == "naval-avoid":
                parent = fr
                break
        if action == "fight":
            return None
        at, p = f["space"], f["attacker"]
        mods = avoid_drm(s, role, at, p)
        die = rng.roll(s, 6)
        total = die + sum(v for _, v in mods)
        words = "".join(f", {w} {v:+d}" for w, v in mods)
        ok = total >= 5
        to = action["avoid"]
        where = space_name(to) if isinstance(to, str) else " and ".join(space_name(x) for x in to)
        log(s, f"{name(role)} tries to avoid battle into {where}: rolls {die}{words} = "
            f"{total}: " + ("success." if ok else "failure."), "19.2")  # fmt: skip
        theirs = enemies_at(s, p, at, naval_only=False)
        if ok:
            force = [x for x in theirs if W.friendly_owner(s, role, s["units"][x]["o"])]
            for x, y in avoid_places(s, force, to).items():
                W.move_unit(s, x, y)
            if parent is not None:
                parent["avoided"] = True
        elif parent is not None:
            parent["failed"] = sorted({s["units"][x]["o"] for x in theirs})
        return None


# ----- naval battles (19.3-19.9) ------------------------------------------------------------------------------


def embattled_box(s: dict, at: str, attacker: str) -> str:
    """19.5 L1089: a battle in a port uses an adjacent box, the attacker's choice (RULINGS_BATTLE B17:
    the one with the best port balance for it)."""
    if is_box(at):
        return at
    boxes = list(W.ports_of(s, at))
    return sorted(boxes, key=lambda b: (-(ports_count(s, attacker, b)), b))[0]


def naval_fp(s: dict, uids: list, enemy_dreadnought: bool, port_cap: bool) -> int:
    """5.2 FP: squadrons 2/1, dreadnoughts 3/2; squadrons halved against a dreadnought (5.2.1 L378,
    halves summed and rounded up, RULINGS_BATTLE B18); at most 4 units in a port (19.7 L1097)."""
    units = sorted((s["units"][x] for x in uids if s["units"][x]["t"] in NAVAL_TYPES),
                   key=lambda u: -W.FP[u["t"]][1 if u["r"] else 0])  # fmt: skip
    if port_cap:
        units = units[:PORT_LIMIT]
    sq = sum(W.FP["squadron"][1 if u["r"] else 0] for u in units if u["t"] == "squadron")
    dn = sum(W.FP["dreadnought"][1 if u["r"] else 0] for u in units if u["t"] == "dreadnought")
    if enemy_dreadnought:
        sq = math.ceil(sq / 2)
    return sq + dn


def naval_mods(s: dict, b: dict, side: str) -> list:
    """19.5 L1081-1088."""
    us = [x for x in b["units"][side] if x in s["units"]]
    them = [x for x in b["units"][other(side)] if x in s["units"]]
    enemy_dn = any(s["units"][x]["t"] == "dreadnought" for x in them)
    at = b["at"]
    out = [["firepower", naval_fp(s, us, enemy_dn, not is_box(at))]]
    if side == D and b["fort"]:
        out.append(["fort", b["fort"][1]])  # 19.9 L1115
    worst = 0
    for x in us:
        o = s["units"][x]["o"]
        if o in s["powers"] and s["units"][x]["t"] in NAVAL_TYPES:
            st = s["powers"][o]["stability"]
            worst = min(worst, P().powers[o].stability[st].combat_drm)
    if worst:
        out.append(["stability", worst])
    box = b["box"]
    mine, theirs = ports_count(s, b["lead"][side], box), ports_count(s, b["lead"][other(side)], box)
    if not mine:
        out.append(["no friendly ports", -2])
    elif mine - theirs >= 2:
        out.append(["two or more ports more", 1])
    navs = [s["units"][x] for x in us if s["units"][x]["t"] in NAVAL_TYPES]
    if navs and all(u["r"] for u in navs):
        out.append(["only reduced units", -1])
    if any(s["units"][x]["o"] in b["failed"] for x in us):
        out.append(["failed to avoid battle", -1])
    role = b["roles"][side]
    if role and b["drm"].get(role):
        out.append(["combat cards", b["drm"][role]])
    if s.get("gw") and b["lead"][side] in s["gw"]["exhausted"]:
        out.append(["manpower exhausted", -1])  # 27.6 L1401: land and naval battles
    return out


def naval_loss_choices(s: dict, b: dict, side: str) -> list:
    """19.6 L1094: the majority of the steps lost by dreadnoughts when present; non-player units
    not eliminated while a player's unit is at full strength (RULINGS_BATTLE B19)."""
    us = [x for x in b["units"][side] if x in s["units"] and s["units"][x]["t"] in NAVAL_TYPES]
    if not us:
        return []
    left = b["losses"][side]
    need = b["dn_need"][side] - b["dn_taken"][side]
    dns = [x for x in us if s["units"][x]["t"] == "dreadnought"]
    if dns and need >= left:
        us = dns
    out = []
    for x in us:
        u = s["units"][x]
        if u["r"] and u["o"] not in s["powers"]:
            if any(not s["units"][y]["r"] for y in us if s["units"][y]["o"] in s["powers"]):
                continue
        out.append(x)
    return out or us


def naval_take(s: dict, b: dict, side: str, uid: str) -> None:
    u = s["units"][uid]
    b["losses"][side] -= 1
    b["taken"][side] += 1
    if u["t"] == "dreadnought":
        b["dn_taken"][side] += 1
    if u["r"]:
        log(s, f"{unit_text(u)} is sunk.", "19.6")
        W.remove_unit(s, uid)
        if u["t"] == "dreadnought" and u["o"] in s["powers"] and not s.get("gw"):
            lose_stability(s, u["o"])  # 7.1 L471; in the Great War its own table (30.0, great_war_stability)
    else:
        log(s, f"{unit_text(u)} is reduced.", "19.6")
        u["r"] = True


def lose_stability(s: dict, p: str) -> None:
    call(s, "stability", power=p, amount=-1)
    log(s, f"{name(p)} loses a dreadnought: -1 stability.", "7.1")


def set_losses(b: dict, side: str, n: int, s: dict) -> None:
    b["losses"][side] = n
    dns = [x for x in b["units"][side] if x in s["units"] and s["units"][x]["t"] == "dreadnought"]
    b["dn_need"][side] = (n // 2 + 1) if dns and n else 0
    b["dn_taken"][side] = 0


def great_war_stability(s: dict, b: dict, r: dict) -> None:
    """30.0 L1472-1476 (G14): in the Great War each dreadnought lost in a battle costs its owner 1
    stability, and the lead power of a force of 2 or more naval units beaten in a decisive
    battle loses 1. The US follows 32.1 L1498 alone (G34): a US-led force beaten in a decisive
    battle, of any size, costs it 1; a dreadnought lost does not."""
    from .greatwar import change_stability

    for side in (A, D):
        for x, owner in sorted(b.get("dreadnoughts", {}).get(side, {}).items()):
            if x not in s["units"] and (owner in s["powers"] or owner == "italy"):
                change_stability(s, owner, -1, "a dreadnought lost in battle")
    if r.get("decisive"):
        loser = other(b["winner"])
        lead = b["lead"][loser]
        if lead == "us" or (b.get("navies", {}).get(loser, 0) >= 2 and (lead in s["powers"] or lead == "italy")):
            change_stability(s, lead, -1, "a decisive naval defeat")


class NavalBattle(Procedure):
    """19.3 L1079: mines, BDRM, dice, CRT, losses, retreats, movement after battle."""

    def start(self, s, f):
        p, at = f["attacker"], f["space"]
        mine = units_of(s, p, at)
        theirs = enemies_at(s, p, at, naval_only=False)
        b = {
            "kind": "naval", "attacker": p, "at": at, "units": {A: mine, D: theirs},
            "failed": list(f.get("failed", [])),
            "retreat": list(f.get("retreat", [])), "fort": None, "drm": {}, "mods": {A: [], D: []},
            "losses": {A: 0, D: 0}, "taken": {A: 0, D: 0}, "dn_need": {A: 0, D: 0}, "dn_taken": {A: 0, D: 0},
            "winner": None, "result": None, "dice": None, "bdrm": 0,
        }  # fmt: skip
        b["roles"] = {A: W.player_of(s, p), D: main_player(s, theirs)}
        b["lead"] = {A: p, D: b["roles"][D] or (s["units"][theirs[0]]["o"] if theirs else p)}
        b["dreadnoughts"] = {
            side: {x: s["units"][x]["o"] for x in b["units"][side] if s["units"][x]["t"] == "dreadnought"}
            for side in (A, D)
        }  # 30.0: a dreadnought lost in the Great War costs its owner stability
        b["navies"] = {side: sum(1 for x in b["units"][side] if s["units"][x]["t"] in NAVAL_TYPES) for side in (A, D)}
        s["battle"] = b
        s["last_naval_battle"] = None
        for side in (A, D):  # 19.6.1 L1096: land units without naval units are lost
            navs = [x for x in b["units"][side] if s["units"][x]["t"] in NAVAL_TYPES]
            if not navs:
                for x in list(b["units"][side]):
                    if is_box(at):
                        log(s, f"{unit_text(s['units'][x])} is caught at sea without ships and is lost.", "19.6.1")
                        W.remove_unit(s, x)
                s["battle"] = None
                return None
        fort = None
        if not is_box(at):
            ff = fort_in_battle(s, at)
            if ff and W.at_war(s, p, ff[0]):
                fort = ff
        b["fort"] = fort
        b["box"] = embattled_box(s, at, p)
        log(s, f"Naval battle in {space_name(at)}: {name(p)} attacks.", "19.3")
        if not is_box(at) and P().spaces[at].type in KEY_TYPES:
            dice = [rng.roll(s, 6) for _ in range(max(1, s["turn"]))]  # 19.4 L1081: turn-number dice
            hits = sum(1 for d in dice if d >= 4)
            log(s, f"Mines! The defender rolls {dice}: {hits} hit(s).", "19.4")
            f["mines"] = hits
            if hits > 2 and b["roles"][A]:
                ask(s, "naval-mines", b["roles"][A], hits=hits)
                return "mines"
            return "mines"
        return "cards"

    def mines(self, s, f):
        b = s["battle"]
        hits = f.get("mines", 0)
        if f.get("mine_retreat"):
            hits = 2
        set_losses(b, A, hits, s)
        f["after_mines"] = True
        return "mine_losses"

    def mine_losses(self, s, f):
        b = s["battle"]
        while b["losses"][A] > 0:
            ch = naval_loss_choices(s, b, A)
            if not ch:
                b["losses"][A] = 0
                break
            if b["roles"][A] is None or len(ch) == 1:
                naval_take(s, b, A, ch[0])
                continue
            ask(s, "naval-loss", b["roles"][A], side=A)
            return "mine_losses"
        if f.get("mine_retreat"):
            for x in units_of(s, b["attacker"], b["at"]):
                to = b["retreat"][0] if b["retreat"] else W.ports_of(s, b["at"])[0]
                W.move_unit(s, x, to)
            log(s, "The attacker retreats from the minefield.", "19.4")
            return "done_noresult"
        if not [x for x in b["units"][A] if x in s["units"]]:
            return "done_noresult"
        return "cards"

    def cards(self, s, f):
        b = s["battle"]
        powers = [q for q in (b["roles"][A], b["roles"][D]) if q in s["powers"]]
        if powers:
            call(s, "responses", trigger="naval-battle", powers=powers, space=b["at"])
        return "roll"

    def roll(self, s, f):
        b = s["battle"]
        for side in (A, D):
            b["mods"][side] = naval_mods(s, b, side)
        sa = sum(v for _, v in b["mods"][A])
        sd = sum(v for _, v in b["mods"][D])
        b["bdrm"] = sa - sd
        for side in (A, D):
            who = name(b["lead"][side])
            log(s, f"{who}: " + ", ".join(f"{w} {v:+d}" for w, v in b["mods"][side]) + f" = {sa if side == A else sd}.",
                "19.5")  # fmt: skip
        da, dd = rng.roll(s, 6), rng.roll(s, 6)
        diff = da - dd + b["bdrm"]
        r = crt(diff)
        b["dice"] = {A: da, D: dd}
        b["result"] = r
        b["winner"] = r["winner"]
        la, ld = r["a"], r["d"]
        if s["flags"].get("hydraulic-recoil"):
            if r["mark"] == "**":
                la, ld = la + 1, ld + 1
            else:
                f["recoil"] = True
        log(s, f"{name(b['lead'][A])} rolls {da}, {name(b['lead'][D])} rolls {dd}, BDRM {b['bdrm']:+d}: "
            f"differential {diff:+d}.", "19.5")  # fmt: skip
        f["la"], f["ld"] = la, ld
        if f.get("recoil") and b["roles"][r["winner"]]:
            ask(s, "battle-recoil-naval", b["roles"][r["winner"]])
        return "losses0"

    def losses0(self, s, f):
        b = s["battle"]
        r = b["result"]
        la, ld = f["la"], f["ld"]
        if f.get("recoil_add"):
            la, ld = la + 1, ld + 1
        if r["decisive"]:  # 18.4 †, 18.8: the loser doubles its losses
            if r["winner"] == A:
                ld *= 2
            else:
                la *= 2
        set_losses(b, A, la, s)
        set_losses(b, D, ld, s)
        log(s, f"Losses {la}/{ld}; the {'attacker' if r['winner'] == A else 'defender'} wins"
            + (" decisively." if r["decisive"] else "."), "19.6")  # fmt: skip
        f["side"] = A
        return "losses"

    def losses(self, s, f):
        b = s["battle"]
        side = f["side"]
        while b["losses"][side] > 0:
            ch = naval_loss_choices(s, b, side)
            if not ch:
                b["losses"][side] = 0
                break
            if b["roles"][side] is None or len(ch) == 1:
                naval_take(s, b, side, ch[0])
                continue
            ask(s, "naval-loss", b["roles"][side], side=side)
            return "losses"
        if side == A:
            f["side"] = D
            return "losses"
        return "retreat"

    def retreat(self, s, f):
        """19.6.1, 19.7 L1096-1100, 19.9 L1115."""
        b = s["battle"]
        at = b["at"]
        for side in (A, D):
            left = [x for x in b["units"][side] if x in s["units"]]
            if left and not any(s["units"][x]["t"] in NAVAL_TYPES for x in left):
                for x in left:
                    log(s, f"{unit_text(s['units'][x])} has lost its escort and is lost.", "19.6.1")
                    W.remove_unit(s, x)
        loser = other(b["winner"])
        fort_at = "istanbul" if at == "dardanelles" else at  # 19.9 L1117: Istanbul's fort is in the Dardanelles too
        if b["fort"] and s["forts"].get(fort_at):
            if loser == D:
                del s["forts"][fort_at]
                log(s, f"The fort in {space_name(fort_at)} is eliminated.", "19.9")
            elif s.get("gw"):  # 18.4 L1005 (28.2 L1428): in the GW a fort that stays loses a level
                s["forts"][fort_at][1] -= 1
                log(s, f"The fort in {space_name(fort_at)} is reduced by one level.", "18.4")
                if s["forts"][fort_at][1] <= 0:
                    del s["forts"][fort_at]
        left = [x for x in b["units"][loser] if x in s["units"]]
        if not left:
            return "after"
        ch = naval_retreat_choices(s, b, loser)
        if not ch:
            for x in left:
                log(s, f"{unit_text(s['units'][x])} cannot retreat and is lost.", "19.7")
                W.remove_unit(s, x)
            return "after"
        role = b["roles"][loser]
        if role is None or len(ch) == 1:
            naval_retreat(s, b, loser, ch[0])
            return "after"
        ask(s, "naval-retreat", role, side=loser, options=ch)
        return "after"

    def after(self, s, f):
        """19.8 L1101: the active player's victorious units may enter adjacent friendly ports;
        19.9 / 15.2.1: at an enemy port the attackers occupy a naval base, else go back."""
        b = s["battle"]
        at = b["at"]
        p = b["attacker"]
        if b["winner"] == A and not is_box(at):
            h = W.holder(s, at)
            if P().spaces[at].type == "naval-base" and h is not None and W.at_war(s, p, h):
                s["occupied"][at] = p
                log(s, f"{name(p)} occupies {space_name(at)}.", "15.2.1")
            else:
                back = b["retreat"][0] if b["retreat"] else embattled_box(s, at, p)
                for x in units_of(s, p, at):
                    if s["units"][x]["t"] in NAVAL_TYPES:
                        W.move_unit(s, x, back)
                log(s, f"The victorious ships return to {space_name(back)}.", "19.9")
        elif b["winner"] == A and b["roles"][A] and after_choices(s, b):
            ask(s, "naval-after", b["roles"][A])
        return "done"

    def done(self, s, f):
        b = s["battle"]
        r = b["result"]
        s["last_naval_battle"] = {
            "kind": "naval", "at": b["at"], "attacker": b["attacker"], "winner": "attacker" if b["winner"] == A
            else "defender", "decisive": bool(r["decisive"]), "dice": dict(b["dice"]), "bdrm": b["bdrm"],
            "losses": dict(b["taken"]),
        }  # fmt: skip
        if s.get("gw"):
            great_war_stability(s, b, r)
        s["battle"] = None
        return None

    def done_noresult(self, s, f):
        b = s["battle"]
        s["last_naval_battle"] = {"kind": "naval", "at": b["at"], "attacker": b["attacker"], "winner": "defender",
                                  "decisive": False, "dice": None, "bdrm": 0, "losses": dict(b["taken"])}  # fmt: skip
        s["battle"] = None
        return None


def naval_retreat_choices(s: dict, b: dict, side: str) -> list:
    """19.7 L1097: attackers back to the box(es) they attacked from; defenders to an adjacent
    friendly port or a box without enemy units, never where the attacker came from."""
    at = b["at"]
    lead = b["lead"][side]
    armies = any(s["units"][x]["t"] in ARMY_TYPES for x in b["units"][side] if x in s["units"])
    if side == A:
        out = [x for x in b["retreat"] if not enemies_at(s, lead, x, naval_only=False)]
        out = [x for x in out if not (armies and not is_box(x) and P().spaces[x].type == "naval-base")]
        if out:
            return out
    out = []
    if is_box(at):
        for port in sorted(W.box_ports(s, at)):
            if port not in b["retreat"] and W.friendly_space(s, lead, port) and not enemies_at(s, lead, port, False):
                if not (armies and P().spaces[port].type == "naval-base"):  # 3.2.8 L220: never an army
                    out.append(port)
        for y in W.box_neighbours(s, at):
            if y not in b["retreat"] and not enemies_at(s, lead, y, naval_only=False) and may_escape(s, lead, at, y):
                out.append(y)
    else:
        for y in W.ports_of(s, at):
            if y not in b["retreat"] and not enemies_at(s, lead, y, naval_only=False):
                out.append(y)
    return out


def naval_retreat(s: dict, b: dict, side: str, to: str) -> None:
    for x in b["units"][side]:
        if x in s["units"] and s["units"][x]["at"] == b["at"]:
            W.move_unit(s, x, to)
    log(s, f"The {'attacking' if side == A else 'defending'} force retreats to {space_name(to)}.", "19.7")


def after_choices(s: dict, b: dict) -> list:
    p = b["attacker"]
    out = []
    idx = place_index(s)  # the ports' occupants, counted once for the listing
    for x in b["units"][A]:
        if x not in s["units"] or s["units"][x]["at"] != b["at"]:
            continue
        nm = {"granted": [], "denied": []}
        for port in sorted(W.box_ports(s, b["at"])):
            if port_ok(s, p, x, port, nm, idx) and W.friendly_space(s, p, port) and not enemies_at(s, p, port, False):
                out.append({"move": True, "unit": x, "to": port})
    return out


class NavalMines(State):
    def prompt(self, s, f, role):
        return f"Mines: {f['hits']} hits. Take two and retreat at once, or take them all and fight (19.4)?"

    def actions(self, s, f, role):
        return ["retreat", "stay"]

    def act(self, s, f, role, action):
        if action == "retreat":
            for fr in reversed(s["stack"]):
                if fr.get("proc") == "naval-battle":
                    fr["mine_retreat"] = True
                    break
        return None


class NavalRecoil(State):
    def prompt(self, s, f, role):
        return "Hydraulic recoil (18.4 *): inflict +1 loss on both sides?"

    def actions(self, s, f, role):
        return ["add", "no"]

    def act(self, s, f, role, action):
        if action == "add":
            for fr in reversed(s["stack"]):
                if fr.get("proc") == "naval-battle":
                    fr["recoil_add"] = True
                    break
        return None


class NavalLoss(State):
    def prompt(self, s, f, role):
        return f"Take a naval step loss ({s['battle']['losses'][f['side']]} to take; 19.6)."

    def actions(self, s, f, role):
        return [{"loss": True, "unit": x} for x in naval_loss_choices(s, s["battle"], f["side"])]

    def act(self, s, f, role, action):
        naval_take(s, s["battle"], f["side"], action["unit"])
        return None


class NavalRetreatState(State):
    def prompt(self, s, f, role):
        return "Retreat your naval force (19.7)."

    def actions(self, s, f, role):
        return [{"to": x} for x in f["options"]]

    def act(self, s, f, role, action):
        naval_retreat(s, s["battle"], f["side"], action["to"])
        return None


class NavalAfter(State):
    def prompt(self, s, f, role):
        return "Move victorious units into adjacent friendly ports (19.8), or done."

    def actions(self, s, f, role):
        return after_choices(s, s["battle"]) + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        W.move_unit(s, action["unit"], action["to"])
        log(s, f"{unit_text(s['units'][action['unit']])} enters port.", "19.8")
        return STAY if after_choices(s, s["battle"]) else None


# ----- the naval movement states -----------------------------------------------------------------------------


class NavalMoveState(State):
    def prompt(self, s, f, role):
        return "Naval movement (12.3): move a unit (one NMP each; one land unit may be carried), or done."

    def actions(self, s, f, role):
        return move_choices(s, s["naval_move"]) + ["done"]

    def act(self, s, f, role, action):
        nm = s["naval_move"]
        if action == "done":
            nm["done"] = True
            nm["euro"] = []  # 19.1 L1056 "may continue moving": "done" forgoes what is left of it
            return None
        if "passage" in action:
            nm["request"] = action["passage"]
            return None
        do_move(s, nm, action["unit"], action["to"])
        return STAY


class NavalPermission(State):
    def prompt(self, s, f, role):
        return f"{name(f['mover'])} asks leave to pass {space_name(f['via'])} (3.4). Allow?"

    def actions(self, s, f, role):
        return ["allow", "deny"]

    def act(self, s, f, role, action):
        nm = s["naval_move"]
        (nm["granted"] if action == "allow" else nm["denied"]).append(f["via"])
        log(s, f"{name(role)} {'allows' if action == 'allow' else 'denies'} passage through "
            f"{space_name(f['via'])}.", "3.4")  # fmt: skip
        return None


# ----- 19.11 displaced naval units, 20.4 naval units go to port ------------------------------------------


class NavalDisplace(Procedure):
    """19.11 L1131: enemy naval units in a port entered by land units displace to an adjacent box
    (one free of their enemies if possible, RULINGS_BATTLE B20); a battle there follows, the
    displaced units attacking, without avoiding."""

    def start(self, s, f):
        got = W.displace_ships(s, f["space"], f["by"])
        if got is not None:
            W.fight_displaced(s, *got)
        return None


class NavalDisplaced(Procedure):
    """19.11 L1131: displaced naval units in their box: "This displacement can be intercepted"
    (19.1, by the enemy's ports of the box, the displaced moving), and where they meet their
    enemies a battle follows, the displaced attacking, without avoiding (RULINGS_BATTLE B20)."""

    def start(self, s, f):
        s["last_naval_battle"] = None
        if W.units_at(s, f["box"], f["owner"]) and interceptors(s, f["owner"], f["box"]):
            call(s, "naval-intercept", box=f["box"], mover=f["owner"])
        return "fight"

    def fight(self, s, f):
        lb = s.get("last_naval_battle") or {}
        if lb.get("at") == f["box"]:
            return None  # intercepted: the battle is fought
        box, owner = f["box"], f["owner"]
        mine = any(u["at"] == box and u["o"] == owner and u["t"] in NAVAL_TYPES for u in s["units"].values())
        if mine and W.sea_foes(s, owner, box, naval_only=False):
            call(s, "naval-battle", attacker=owner, space=box, failed=[], retreat=[], no_avoid=True)
        return None


def friendly_port_for(s: dict, owner: str, uid: str, port: str) -> bool:
    """20.4 L1147: a friendly port: controlled (or occupied in wartime) by the owner or a friend,
    or uncontrolled with the owner's influence; armies never to naval bases."""
    u = s["units"][uid]
    if u["t"] in ARMY_TYPES and P().spaces[port].type == "naval-base":
        return False
    if W.friendly_space(s, owner, port):
        return True
    return s["control"].get(port) is None and s["influence"].get(port) == W.player_of(s, owner)


def port_rank(s: dict, u: dict, port: str) -> tuple:
    """Ports with room first (5.5.4), then home ports, then by name."""
    full = u["t"] in NAVAL_TYPES and len(naval_at(s, port)) >= PORT_LIMIT
    return (full, u["o"] not in P().spaces[port].homes, port)


def go_to_port(s: dict) -> None:
    """20.4 L1147: every naval unit (and land unit) at sea returns to the nearest friendly port,
    adjacent to its box if possible; a power without one loses them (RULINGS_BATTLE B16)."""
    at_sea = sorted(uid for uid, u in s["units"].items() if is_box(u["at"]))
    for uid in at_sea:
        u = s["units"][uid]
        box = u["at"]
        dest = None
        seen = {box}
        layer = [box]
        while layer and dest is None:
            cands = []
            for b in layer:
                for port in sorted(W.box_ports(s, b)):
                    if friendly_port_for(s, u["o"], uid, port):
                        cands.append(port)
            if cands:
                dest = sorted(set(cands), key=lambda port, u=u: port_rank(s, u, port))[0]
                break
            nxt = []
            for b in layer:
                for y in W.box_neighbours(s, b):
                    if y not in seen:
                        seen.add(y)
                        nxt.append(y)
            layer = nxt
        if dest is None:
            log(s, f"{unit_text(u)} has no friendly port to return to and is eliminated.", "20.4")
            W.remove_unit(s, uid)
            continue
        W.move_unit(s, uid, dest)
        log(s, f"{unit_text(u)} returns to port in {space_name(dest)}.", "20.4")


PROCEDURES = {
    "naval-move": NavalMove(),
    "naval-intercept": NavalIntercept(),
    "naval-avoid": NavalAvoid(),
    "naval-battle": NavalBattle(),
    "naval-displace": NavalDisplace(),
    "naval-displaced": NavalDisplaced(),
}
STATES = {
    "naval-moving": NavalMoveState(),
    "naval-permission": NavalPermission(),
    "naval-intercept-ask": NavalInterceptState(),
    "naval-avoid-ask": NavalAvoidState(),
    "naval-mines": NavalMines(),
    "battle-recoil-naval": NavalRecoil(),
    "naval-loss": NavalLoss(),
    "naval-retreat": NavalRetreatState(),
    "naval-after": NavalAfter(),
}
