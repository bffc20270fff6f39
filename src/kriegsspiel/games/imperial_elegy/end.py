"""The End Phase (§20, L1134-1167) and the Alliance Resolution Step (8.6, L521-537).

``call(s, "end-phase")`` runs the twelve steps in order:
(1) Militarism 20.1, (2) forts degrade 20.2, (3) the non-player build step 20.3,
(4) naval units go to port 20.4 (naval.go_to_port), (5) manpower is set 20.5,
(6) industrialization 20.6, (7) truces progress 20.7, (8) WoIs progress 20.8
(rebels.progress_wois), (9) alliance resolution 20.9, (10) the WTT drops 20.10,
(11) NGs are drawn on turns 1, 3 and 5 20.11, (12) the turn advances 20.12 (the game
procedure of sequence.py ends the game after turn 7). At the end of the turn the UK's
Indian armies displace to India or Bengal (33.2 The Indian Army).

``call(s, "alliance-resolution")``: 8.6 with 8.6.1 and 8.4; events call it for Shifting
Alliances and Alliance System. RULINGS_END.md (N1, N2, ...) settles the gaps.
"""

from __future__ import annotations

from ...engine import STAY, Procedure, State, ask, call, log, rng
from . import actions, naval, rebels
from .data import PLAYERS, pack
from .world import (
    ARMY_TYPES,
    BOXES,
    NAMES,
    NAVAL_TYPES,
    SIDE,
    alliance_members,
    army_count,
    capital,
    card,
    card_title,
    controller,
    displace_cut_off,
    dominators,
    finish_card,
    italian_naval_kind,
    manpower_limit,
    minor_space,
    name,
    new_unit,
    remove_unit,
    reserve_limit,
    space_name,
    stack_armies,
)

TRACKS = ("entente", "alliance", "neutral")  # the MPIT markers (8.5 L518); the order dice are rolled in
NG_TURNS = (1, 3, 5)  # 20.11 L1165, 2.4 L146
ALLIANCE_MAX = 3  # 8.4 L512


# ----- the End Phase ---------------------------------------------------------------------------------------------


class EndPhase(Procedure):
    """§20 L1134-1167: the twelve steps in order."""

    def start(self, s, f):
        s["phase"] = "end"
        log(s, f"The End Phase of turn {s['turn']}.", "20.0")
        f["i"] = 0
        return "militarism"

    def militarism(self, s, f):
        """(1) 20.1 L1137-1139: each player in turn order gains an army step (a 1-CP recruitment,
        12.2) or keeps a fort from degrading."""
        while f["i"] < len(PLAYERS):
            q = PLAYERS[f["i"]]
            f["i"] += 1
            s["powers"][q]["forts_kept"] = None
            if militarism_options(s, q) != ["none"]:
                ask(s, "militarism", q)
                return "militarism"
        return "forts"

    def forts(self, s, f):
        degrade_forts(s)
        return "build"

    def build(self, s, f):
        non_player_builds(s)
        return "port"

    def port(self, s, f):
        """(4) 20.4 L1147: naval units (and land units at sea) return to port (naval.py)."""
        naval.go_to_port(s)
        f["i"] = 0
        return "manpower"

    def manpower(self, s, f):
        """(5) 20.5 L1149-1150: manpower from keys; standing armies over the limit are eliminated,
        the owner choosing which."""
        if not f.get("set"):
            f["set"] = True
            for q in PLAYERS:
                set_manpower(s, q)
        while f["i"] < len(PLAYERS):
            q = PLAYERS[f["i"]]
            f["i"] += 1
            trim_reserves(s, q)
            for pool, kinds, n in excess_armies(s, q):
                ask(s, "manpower-cut", q, pool=pool, kinds=kinds, n=n)
                f["i"] -= 1  # look at this power again once it has chosen
                return "manpower"
        return "industry"

    def industry(self, s, f):
        industrialize(s)
        return "truces"

    def truces(self, s, f):
        progress_truces(s)
        return "wois"

    def wois(self, s, f):
        """(8) 20.8 L1154-1159: Wars of Independence progress (rebels.py); an army a new minor
        power cuts off displaces at once (5.6.3 L424, RULINGS R14)."""
        rebels.progress_wois(s)
        displace_cut_off(s)
        return "alliances"

    def alliances(self, s, f):
        call(s, "alliance-resolution")  # (9) 20.9 L1160
        return "tension"

    def tension(self, s, f):
        """(10) 20.10 L1162: the World Tension Track drops by one (never below 0, 3.7)."""
        if s["wtt"] > 0:
            s["wtt"] -= 1
            log(s, f"World tension eases to {s['wtt']}.", "20.10")
        f["i"] = 0
        return "goals"

    def goals(self, s, f):
        """(11) 20.11 L1164-1167: NG draws on turns 1, 3 and 5; Blood and Iron! on turn 1 (33.1)."""
        if s["turn"] not in NG_TURNS:
            return "advance"
        if f["i"] < len(PLAYERS):
            q = PLAYERS[f["i"]]
            f["i"] += 1
            call(s, "draw-goals", power=q, blood_and_iron=(s["turn"] == 1 and q == "ge"))
            return "goals"
        return "advance"

    def advance(self, s, f):
        """(12) 20.12 L1169: the turn advances; the game ends after turn 7 (sequence.Game)."""
        indian_armies_home(s)  # 33.2: at the end of a turn
        cleanup_cards(s)
        s["turn"] += 1
        if s["turn"] <= 7:
            log(s, f"The turn marker advances to turn {s['turn']}.", "20.12")
        return None


# ----- (1) militarism ---------------------------------------------------------------------------------------------


def militarism_options(s: dict, p: str) -> list:
    """20.1: one army step as a 1-CP recruitment (actions.recruit_options), or keep a level 1-2
    fort from degrading (never a level 3 fort; the Indian Fort never degrades, 33.2.3)."""
    out = list(actions.recruit_options(s, p))
    for sid, (owner, level) in sorted(s["forts"].items()):
        if owner == p and level in (1, 2) and not indian_fort(sid, owner):
            out.append({"maintain": sid})
    return out + ["none"]


def indian_fort(sid: str, owner: str) -> bool:
    """The Indian Fort (33.2.3 L1545): the only fort that may stand in India."""
    return sid == "india" and owner == "uk"


class Militarism(State):
    def prompt(self, s, f, role):
        return "Militarism (20.1): gain one army step, or keep a fort from degrading."

    def actions(self, s, f, role):
        return militarism_options(s, role)

    def act(self, s, f, role, action):
        if action == "none":
            log(s, f"{NAMES[role]} takes no militarism benefit.", "20.1")
            return None
        if "maintain" in action:
            s["powers"][role]["forts_kept"] = action["maintain"]
            log(s, f"{NAMES[role]} maintains its fort in {space_name(action['maintain'])}.", "20.1")
            return None
        log(s, f"Militarism: {NAMES[role]} gains an army step.", "20.1")
        actions.perform(s, role, action, {"left": 0, "chain": 0, "card": None, "fresh": False})
        return None


# ----- (2) forts ---------------------------------------------------------------------------------------------------


def degrade_forts(s: dict) -> None:
    """(2) 20.2 L1140-1141, 12.12 L708: every fort drops a level (level 1 forts are removed),
    but the one its owner maintained; level 3 always drops to 2; the Indian Fort never degrades
    (33.2.3 L1545)."""
    kept = {q: s["powers"][q].get("forts_kept") for q in PLAYERS}
    for sid in sorted(s["forts"]):
        owner, level = s["forts"][sid]
        if indian_fort(sid, owner):
            continue
        if level < 3 and kept.get(owner) == sid:
            continue
        if level <= 1:
            del s["forts"][sid]
            log(s, f"The fort in {space_name(sid)} is obsolete and removed.", "20.2")
        else:
            s["forts"][sid] = [owner, level - 1]
            log(s, f"The fort in {space_name(sid)} degrades to level {level - 1}.", "20.2")
    for q in PLAYERS:
        s["powers"][q]["forts_kept"] = None


# ----- (3) non-player builds ---------------------------------------------------------------------------------------


def non_player_builds(s: dict) -> None:
    """(3) 20.3 L1142-1146: a unified Italy rebuilds and redeploys (22.4); each independent minor
    power of the build box builds one army step (Poland two, 22.5)."""
    if "italy" in s["majors"]:
        italy_rebuild(s)
    p = pack()
    for m in sorted(p.minors):
        rec = p.minors[m]
        if not rec.builds or rec.rebel or m in s["gone"]:
            continue
        if m == "japan" and not (s["flags"].get("meiji-restoration") or s["flags"].get("meiji_restoration")):
            continue  # 3.4.6 L277: Japan enters with the Meiji Restoration (RULINGS_END N10)
        home = minor_space(s, m)
        if home is None:
            continue  # not in play: no independent minor power to build (4.6.2)
        for _ in range(rec.build_steps):
            minor_step(s, m, home)


def minor_army_limit(s: dict, m: str) -> int:
    """Armies a minor builds in the End Phase: one (20.3 L1143, the second only through player
    actions and events); Poland as many as the Polish spaces it controls +1 (22.5), within its
    counter mix."""
    rec = pack().minors[m]
    if m == "poland":
        spaces = sum(1 for c in s["control"].values() if c == "poland")
        return min(rec.armies, spaces + 1)
    return min(rec.armies, 1)


POLISH_STANDING = 3  # 22.5 L1251: armies 4 and 5 are reserve armies


def minor_step(s: dict, m: str, home: str) -> None:
    armies = [uid for uid, u in sorted(s["units"].items()) if u["o"] == m and u["t"] in ARMY_TYPES]
    if s["build_box"].get(m, 0) > 0:  # move a reduced army from the box to the map
        s["build_box"][m] -= 1
        if s["build_box"][m] <= 0:
            del s["build_box"][m]
        new_unit(s, m, "army", home, True)
        log(s, f"{name(m)} places a reduced army in {space_name(home)} from the build box.", "20.3")
        return
    reduced = [uid for uid in armies if s["units"][uid]["r"]]
    if reduced:
        s["units"][reduced[0]]["r"] = False
        log(s, f"{name(m)}'s army in {space_name(s['units'][reduced[0]]['at'])} is brought to full strength.", "20.3")
        return
    if m == "poland" and len(armies) >= POLISH_STANDING:
        # 22.5 L1251: the Polish 4th and 5th armies are reserves, held in their box in peacetime
        box = s.setdefault("reserve_box", {}).setdefault("poland", [])
        if True in box:
            box[box.index(True)] = False
            log(s, "Poland brings a reserve army to full strength.", "22.5")
        elif len(armies) + len(box) < minor_army_limit(s, m):
            box.append(True)
            log(s, "Poland raises a reserve army step in its holding box.", "22.5")
        return
    if len(armies) < minor_army_limit(s, m):
        new_unit(s, m, "army", home, True)
        log(s, f"{name(m)} raises a reduced army in {space_name(home)}.", "20.3")


def italy_rebuild(s: dict) -> None:
    """20.3 L1142, 22.4 L1245-1249: a unified Italy rebuilds all its units at full strength,
    flips its reduced units, then redeploys. Its strength: s["majors"]["italy"]["armies"]
    (3 standing armies, 22.2) and ["naval"] (1 squadron), raised by the Kingdom of Italy table."""
    it = s["majors"]["italy"]
    for u in s["units"].values():
        if u["o"] == "italy":
            u["r"] = False
    have = sum(1 for u in s["units"].values() if u["o"] == "italy" and u["t"] in ARMY_TYPES)
    ships = sum(1 for u in s["units"].values() if u["o"] == "italy" and u["t"] in NAVAL_TYPES)
    rome = capital(s, "italy")
    mine = sorted(sid for sid, c in s["control"].items() if c == "italy")
    if not mine:
        return
    base = rome if rome in mine else mine[0]
    built = 0
    for _ in range(max(0, it.get("armies", 3) - have)):
        new_unit(s, "italy", "army", base)
        built += 1
    for _ in range(max(0, it.get("naval", 1) - ships)):
        kind = italian_naval_kind(s)  # squadrons before the dreadnought (22.3.1 L1242)
        if kind is None:
            break
        new_unit(s, "italy", kind, naval_home(s) or base)
        built += 1
    s["build_box"].pop("italy", None)
    if built:
        log(s, f"Italy rebuilds {built} unit{'s' if built != 1 else ''} at full strength.", "20.3")
    italian_redeployment(s)


def naval_home(s: dict):
    """22.4 L1247: Italian naval units in Naples, or Piedmont if Naples is not Italian."""
    for sid in ("naples", "piedmont"):
        if controller(s, sid) == "italy":
            return sid
    return None


def italian_redeployment(s: dict) -> None:
    """22.4 L1246-1247: one standing army in Rome, the others in Italian spaces adjacent to player
    controlled spaces (one in each; a die chooses among more than two); naval units in Naples
    (Piedmont if Naples is not Italian)."""
    p = pack()
    mine = sorted(sid for sid, c in s["control"].items() if c == "italy" and sid not in s["rebel_spaces"])
    if not mine:
        return
    rome = capital(s, "italy")
    first = rome if rome in mine else mine[0]
    frontier = [
        sid for sid in mine if sid != first and any(controller(s, n) in PLAYERS for n in p.adjacency.get(sid, {}))
    ]
    armies = [uid for uid, u in sorted(s["units"].items()) if u["o"] == "italy" and u["t"] in ARMY_TYPES]
    if not armies:
        return
    for uid in armies:
        s["units"][uid]["at"] = "italy-box"  # lifted off the map while placed
    chosen = list(frontier)
    while len(chosen) > 2:  # 22.4 L1249: a die chooses between spaces
        chosen.remove(rng.choice(s, chosen))
    order = [first, *chosen]
    placed = []
    for i, uid in enumerate(armies):
        where = order[i] if i < len(order) else first
        if stack_armies(s, where) >= p.spaces[where].stacking:
            where = next((x for x in order if stack_armies(s, x) < p.spaces[x].stacking), where)
        s["units"][uid]["at"] = where
        placed.append(space_name(where))
    port = naval_home(s)
    if port:
        for u in s["units"].values():
            if u["o"] == "italy" and u["t"] in NAVAL_TYPES:
                u["at"] = port
    log(s, f"Italian redeployment: armies in {', '.join(placed)}.", "22.4")


# ----- (5) manpower ------------------------------------------------------------------------------------------------


def set_manpower(s: dict, q: str) -> None:
    """20.5 L1149, 7.2 L473: manpower from keys; the one-time bonuses of Imperial Germany (33.1
    L1517) and A New Way Forward (33.4 L1561) are kept as permanent +1s (RULINGS_END N7)."""
    st = s["powers"][q]
    bonus = st["mp_bonus"]
    if q == "ge" and s["flags"].get("germany_unified") and not s["flags"].get("imperial_germany_mp"):
        s["flags"]["imperial_germany_mp"] = True
        bonus["territorial"] = bonus.get("territorial", 0) + 1
        log(s, "Imperial Germany: Germany gains +1 manpower.", "33.1")
    if q == "au" and not s["flags"].get("new_way_forward_mp") and citizens_held(s) >= 4:
        s["flags"]["new_way_forward_mp"] = True
        bonus["territorial"] = bonus.get("territorial", 0) + 1
        log(s, "A New Way Forward: Austria gains +1 manpower.", "33.4")
    new = manpower_limit(s, q)
    if new != st["manpower"]:
        log(s, f"{NAMES[q]}'s manpower is set to {', '.join(f'{v} {k}' for k, v in new.items())}.", "20.5")
    st["manpower"] = new


def citizens_held(s: dict) -> int:
    """Nationalities with full citizenship of which Austria controls a space (33.4 L1561)."""
    sp = pack().spaces
    held = {n for sid, c in s["control"].items() if c == "au" for n in sp[sid].nationalities}
    return sum(1 for n in s["flags"].get("citizenship", []) if n in held)


def army_pools(q: str) -> list:
    """(manpower kind, army types it limits) — UK British/Indian (33.2.1), OT Turkish/Arab (33.6)."""
    if q == "uk":
        return [("british", ["british"]), ("colonial", ["indian"])]
    if q == "ot":
        return [("turkish", ["turkish"]), ("arab", ["arab"])]
    return [(None, None)]


def excess_armies(s: dict, q: str) -> list:
    """Standing armies over the manpower limit (7.2 L475, 20.5 L1149), per pool."""
    mp = s["powers"][q]["manpower"]
    out = []
    for pool, kinds in army_pools(q):
        limit = max(0, mp.get(pool, 0) if pool else sum(mp.values()))  # manpower is never below 0 (7.2)
        have = army_count(s, q, tuple(kinds) if kinds else None)
        if q == "uk" and pool == "british":
            continue  # the British 1st Army is Professional Army's one allowed army (33.2), not manpower's
        if have > limit:
            out.append((pool, kinds, have - limit))
    return out


def trim_reserves(s: dict, q: str) -> None:
    """7.3 L479: reserve armies over the lower of manpower and industry are eliminated too
    (reduced ones first) (RULINGS_END N8)."""
    res = s["powers"][q]["reserves"]
    limit = reserve_limit(s, q)
    cut = 0
    while len(res) > max(0, limit):
        res.remove(True if True in res else False)
        cut += 1
    if cut:
        log(s, f"{NAMES[q]} loses {cut} reserve arm{'ies' if cut > 1 else 'y'} over its limit.", "20.5")


class ManpowerCut(State):
    def prompt(self, s, f, role):
        return (
            f"Your armies exceed your manpower (20.5): eliminate {f['n']} standing arm{'ies' if f['n'] > 1 else 'y'}."
        )

    def actions(self, s, f, role):
        kinds = f["kinds"]
        return [
            {"eliminate": uid}
            for uid, u in sorted(s["units"].items())
            if u["o"] == role and u["t"] in ARMY_TYPES and u["t"] != "reserve" and (kinds is None or u["t"] in kinds)
        ]

    def act(self, s, f, role, action):
        uid = action["eliminate"]
        at = s["units"][uid]["at"]
        remove_unit(s, uid)
        log(s, f"{NAMES[role]} eliminates an army in {space_name(at)}: over its manpower.", "20.5")
        f["n"] -= 1
        return STAY if f["n"] > 0 else None


# ----- (6) industrialization ---------------------------------------------------------------------------------------


def industrialize(s: dict) -> None:
    """(6) 20.6 L1151-1153, 12.13 L709-713: a die + the card's CP >= 5 (RU and OT 6, 33.5, 33.6),
    +1 for the Power Projection dominators (3.3.1 L244); an auto-industrialization chit succeeds
    with any card; a failure gives the chit. The cards are discarded."""
    pp = dominators(s, "power-projection")
    for q in PLAYERS:
        st = s["powers"][q]
        c = st["industrialize"]
        if c is None:
            continue
        need = pack().powers[q].industrialize_on
        if st["auto"]:
            ok = True
            log(s, f"{NAMES[q]} industrializes automatically (its auto-industrialization chit).", "20.6")
        else:
            die = rng.roll(s, 6)
            cp = card(c).cp
            drm = 1 if q in pp else 0
            ok = die + cp + drm >= need
            log(s, f"{NAMES[q]} rolls {die} + {cp} CP ({card_title(c)}){' + 1 (Power Projection)' if drm else ''} "
                f"for industrialization, needing {need}: {'success' if ok else 'failure'}.", "20.6")  # fmt: skip
        if ok:
            st["industry"] += 1
            st["auto"] = False
            log(s, f"{NAMES[q]}'s industry rises to {st['industry']}.", "20.6")
        else:
            st["auto"] = True  # 12.13 L713: the chit flips to its auto side
        st["industrialize"] = None
        finish_card(s, q, c)


# ----- (7) truces --------------------------------------------------------------------------------------------------


def progress_truces(s: dict) -> None:
    """(7) 20.7 L1153, 13.5 L810: one-turn truces end, two-turn truces become one-turn truces."""
    holders = [(q, s["powers"][q]["truces"]) for q in PLAYERS]
    if "truces" in s["majors"].get("italy", {}):
        holders.append(("italy", s["majors"]["italy"]["truces"]))
    for q, tr in holders:
        for other in sorted(tr):
            tr[other] -= 1
            if tr[other] <= 0:
                del tr[other]
                if q < other or other not in s["powers"]:
                    log(s, f"The truce between {name(q)} and {name(other)} ends.", "20.7")


# ----- (12) the end of the turn ------------------------------------------------------------------------------------


def indian_armies_home(s: dict) -> None:
    """33.2 The Indian Army (L1529): Indian armies displace to India or Bengal at the end of a turn
    (India first, then Bengal, where the UK controls the space and stacking allows; N9)."""
    homes = [sid for sid in ("india", "bengal") if controller(s, sid) == "uk"]
    if not homes:
        return
    p = pack()
    for _uid, u in sorted(s["units"].items()):
        if u["o"] != "uk" or u["t"] != "indian" or u["at"] in ("india", "bengal"):
            continue
        room = [sid for sid in homes if stack_armies(s, sid) < p.spaces[sid].stacking]
        to = room[0] if room else homes[0]
        frm = u["at"]
        u["at"] = to
        log(s, f"An Indian army in {space_name(frm)} displaces to {space_name(to)}.", "33.2")


def cleanup_cards(s: dict) -> None:
    """12.13 L713, 12.14: industrialization and CP chain cards left over are discarded."""
    for q in PLAYERS:
        st = s["powers"][q]
        if st["chain"]:
            for c in st["chain"]:
                finish_card(s, q, c)
            st["chain"] = []
        if st["industrialize"] is not None:
            finish_card(s, q, st["industrialize"])
            st["industrialize"] = None


# ----- 8.6 the Alliance Resolution Step ----------------------------------------------------------------------------


def resolvers(s: dict) -> list:
    """The players and a unified Italy (8.6 L521)."""
    return [*PLAYERS, *(["italy"] if "italy" in s["majors"] else [])]


def track_of(s: dict, q: str) -> dict:
    return s["powers"][q] if q in s["powers"] else s["majors"][q]


def step_box(s: dict, q: str, box: str, direction: str):
    """One shift of ``q`` from ``box`` toward ``direction`` (8.0 L486, 8.1.3, 8.6 L526): the
    box it lands in, or None when no shift is possible (the end of the track, already neutral,
    or an alliance of three players, 8.4 L512 — Italy is not bound by it)."""
    i = BOXES.index(box)
    if direction == "entente":
        j = i - 1
    elif direction == "alliance":
        j = i + 1
    else:
        j = i + (1 if i < 2 else -1 if i > 2 else 0)
    if j == i or not 0 <= j < len(BOXES):
        return None
    new = BOXES[j]
    if q in PLAYERS and SIDE[new] != "neutral" and SIDE[new] != SIDE[box]:
        if len([x for x in alliance_members(s, SIDE[new]) if x != q]) >= ALLIANCE_MAX:
            return None
    return new


def landing(s: dict, q: str, direction: str, steps: int) -> str:
    box = track_of(s, q)["alliance"]
    for _ in range(steps):
        nxt = step_box(s, q, box, direction)
        if nxt is None:
            break
        box = nxt
    return box


def finish_resolution(s: dict, q: str, direction, steps: int, why: str) -> None:
    """Shift, then reset the MPIT: the marker of the current box 1, the others 0 (8.5 L519, 8.6 L527)."""
    t = track_of(s, q)
    old = t["alliance"]
    if direction is not None:
        t["alliance"] = landing(s, q, direction, steps)
    new = t["alliance"]
    if new != old:
        moved = "twice " if steps == 2 and BOXES.index(new) - BOXES.index(old) in (2, -2) else ""
        log(s, f"{why}: {name(q)} shifts {moved}from {old.replace('-', ' ')} to {new.replace('-', ' ')}.", "8.6")
    else:
        log(s, f"{why}: {name(q)} stays {old.replace('-', ' ')}.", "8.6")
    t["mpit"] = {k: (1 if k == SIDE[new] else 0) for k in TRACKS}


class AllianceResolution(Procedure):
    """8.6 L521-537, 8.6.1: resolve every player and a unified Italy, most MPIT influence first
    (ties in turn order), within the alliance maximum (8.4)."""

    def start(self, s, f):
        fl = s["flags"]
        if fl.get("fr_government") == "third-republic" and fl.get("third_republic_mpit") != s["turn"]:
            fl["third_republic_mpit"] = s["turn"]  # 33.3 L1551: once per turn, 2 free MPIT CP
            ask(s, "third-republic-mpit", "fr", left=2)
        return "order"

    def order(self, s, f):
        rank = {q: i for i, q in enumerate(resolvers(s))}
        f["order"] = sorted(resolvers(s), key=lambda q: (-sum(track_of(s, q)["mpit"].values()), rank[q]))
        f["i"] = 0
        return "next"

    def next(self, s, f):
        while f["i"] < len(f["order"]):
            q = f["order"][f["i"]]
            f["i"] += 1
            if resolve_one(s, q):
                return "next"
        log(s, "Alliances are resolved.", "8.6")
        return None


def resolve_one(s: dict, q: str) -> bool:
    """One power's resolution (8.6 L523-527); True when it waits for the power's tie choice."""
    t = track_of(s, q)
    mpit = t["mpit"]
    box = t["alliance"]
    types = [k for k in TRACKS if mpit.get(k, 0) >= 1]
    who = name(q)
    if not types:
        finish_resolution(s, q, None, 1, f"{who} has no influence on the MPIT")
        return False
    if len(types) == 1:  # one type >= 1: the shift is automatic, no dice
        finish_resolution(s, q, types[0], 1, f"{who} has only {types[0]} influence")
        return False
    if all(step_box(s, q, box, k) is None for k in types):  # 8.7 L532: no shift possible, no roll
        finish_resolution(s, q, None, 1, f"{who} cannot shift")
        return False
    while True:
        res = {}
        for k in types:
            die = rng.roll(s, 6)
            res[k] = die + mpit[k]
        best = max(res.values())
        tied = [k for k in types if res[k] == best]
        if q == "italy" and len(tied) > 1:
            log(s, "Italy's alliance rolls tie: Italy rerolls.", "8.6")
            continue  # 8.6 L524: reroll an Italian tie
        break
    ordered = sorted(res.values(), reverse=True)
    steps = 2 if ordered[0] - ordered[1] >= 10 else 1  # 8.6.1 L537 double shift
    rolled = ", ".join(f"{k} {res[k] - mpit[k]}+{mpit[k]}={res[k]}" for k in types)
    log(s, f"{who}'s alliance rolls: {rolled}.", "8.6")
    if len(tied) > 1 and len({landing(s, q, k, steps) for k in tied}) > 1:
        ask(s, "alliance-tie", q, tied=tied, steps=steps)  # 8.6 L524: the player chooses
        return True
    finish_resolution(s, q, tied[0], steps, f"{who}'s {tied[0]} roll is highest")
    return False


class AllianceTie(State):
    def prompt(self, s, f, role):
        return "Your alliance rolls tie (8.6): choose the direction of your shift."

    def actions(self, s, f, role):
        return [{"shift": k} for k in f["tied"]]

    def act(self, s, f, role, action):
        k = action["shift"]
        finish_resolution(s, role, k, f["steps"], f"{name(role)} breaks the tie for {k}")
        return None


class ThirdRepublicMpit(State):
    """33.3 L1551: the Third Republic's 2 free CP for alliance track actions (12.7) at the start of
    the alliance resolution step."""

    def prompt(self, s, f, role):
        return f"The Third Republic (33.3): spend {f['left']} free CP on the MPIT (12.7)."

    def actions(self, s, f, role):
        return [{"mpit": q, "track": k} for q in resolvers(s) for k in TRACKS] + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        track_of(s, action["mpit"])["mpit"][action["track"]] += 1
        log(s, f"The Third Republic adds 1 {action['track']} influence to {name(action['mpit'])}.", "33.3")
        f["left"] -= 1
        return STAY if f["left"] > 0 else None


PROCEDURES = {"end-phase": EndPhase(), "alliance-resolution": AllianceResolution()}
STATES = {
    "militarism": Militarism(),
    "manpower-cut": ManpowerCut(),
    "alliance-tie": AllianceTie(),
    "third-republic-mpit": ThirdRepublicMpit(),
}
