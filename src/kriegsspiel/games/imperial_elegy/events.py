"""The verbs of card events (§9 L539-567): tracks, the map, alliances, wars, units, event
boxes and national tracks; stability with its national consequences (7.1, 33.3 L1549-1551,
33.4 L1558) and response cards (9.1.2-9.1.5 L559-566). The interpreter that runs them is
``effects.py``; the verbs of rebels (§21) are in ``rebels.py``, Italy's (§22) in ``italy.py``,
the crisis's (§23) in ``crisis.py``.

Procedures: ``responses`` (trigger, powers, context), ``stability`` (power, amount).

Rulings: RULINGS_EVENTS.md (E1, E2, ...).
"""

from __future__ import annotations

from ...engine import Procedure, State, ask, call, checkpoint, log
from ...engine.rng import below, roll
from . import actions, war
from .crisis import roll_balkan_state
from .data import PLAYERS
from .effects import HANDLERS, _region_spaces, again, chooser, die, front, minor_ref, pick, playable, power, skip
from .italy import italian_minor_table, kingdom_table
from .world import (
    ARMY_TYPES,
    BALKANS,
    BOXES,
    EF_TYPES,
    MAX_ALLIES,
    NAMES,
    NAVAL_TYPES,
    TRACKS,
    UNIT_WORDS,
    P,
    alliance_box,
    bot_level,
    card,
    card_title,
    controller,
    count_units,
    counter_limit,
    displace_unit,
    dominators,
    in_region,
    japan_in_play,
    minor_region_space,
    minors_in_play,
    name,
    new_unit,
    owner_side,
    power_projection,
    remove_unit,
    same_alliance,
    set_control,
    shift,
    space_name,
    turn_order,
    units_at,
)

MAX_FORTS = 3  # 12.12 L707
# the deck's event-box flags that the state keeps under another key too (E2)
FLAG_KEYS = {"suez-canal": "suez_canal", "trans-siberian": "tsrr"}
# the free action of the free-action verb, priced as the CP action it stands for (E16)
FREE_ACTION_CP = {"land-battle": 1, "pacification": 1, "deploy-reserves": 1}


def h_stability(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Stability")
    call(s, "stability", power=p, amount=e.get("amount", 0))


def h_manpower(s, f, e):
    """7.2 L473 (E7): the marker moves now, and the change is kept as a permanent bonus."""
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Manpower")
    kind = {"uk": "british", "ot": "turkish"}.get(p, "territorial")
    st = s["powers"][p]
    n = e.get("amount", 0)
    st["manpower"][kind] = max(0, st["manpower"].get(kind, 0) + n)
    st["mp_bonus"][kind] = st["mp_bonus"].get(kind, 0) + n
    log(s, f"{NAMES[p]}'s {kind} manpower {'+' if n >= 0 else ''}{n} (now {st['manpower'][kind]}).", "7.2")


def h_industry(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Industry")
    st = s["powers"][p]
    st["industry"] = max(0, st["industry"] + e.get("amount", 0))
    log(s, f"{NAMES[p]}'s industry {e.get('amount', 0):+d} (now {st['industry']}).", "7.4")


def h_draw(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Draw")
    n = e.get("amount", 1)
    if e.get("_war_end") and s.get("war") is not None:
        s["war"].setdefault("end_draws", []).append([p, n])  # K10: drawn when the war ends
        log(s, f"{NAMES[p]} will draw {n} card(s) at the end of the war.", "9.0")
        return
    f.setdefault("draws", []).append([p, n])


def random_discard(s: dict, q: str):
    """9.1.1.1 L557: a random card of the hand, never the home card."""
    st = s["powers"][q]
    pool = [c for c in st["hand"] if c != st["home"] and c not in st["homes"]]
    if not pool:
        return None
    c = pool[below(s, len(pool))]
    st["hand"].remove(c)
    s["discard"].append(c)
    log(s, f"{NAMES[q]} discards {card_title(c)} at random.", "9.1.1.1")
    return c


def h_discard(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Discard")
    trig = []
    for _ in range(e.get("amount", 1)):
        c = random_discard(s, p)
        if c and "mandatory" in card(c).flags and "response" not in card(c).flags:
            trig.append({"verb": "_trigger", "power": p, "card": c})
    front(f, trig)


def h_trigger(s, f, e):
    """9.1.4 L563: a discarded mandatory event triggers at once, resolved by the discarder."""
    log(s, f"{card_title(e['card'])} was discarded: its mandatory event triggers for {NAMES[e['power']]}.", "9.1.4")
    call(s, "event", power=e["power"], card=e["card"], option=None, discard=e.get("discard", True))


def h_card_marker(s, f, e):
    """10.3 L585; The Influence of Sea Power: only the Power Projection dominators (K2, L245)."""
    ref = e.get("power")
    if ref == "each":
        who = list(PLAYERS)
        if f.get("card") == "the-influence-of-sea-power":
            who = turn_order(dominators(s, "power-projection"))
            if "uk" in who:  # 3.3.1 L248: the UK only with the highest value, at least double the next
                uk = power_projection(s, "uk")
                nxt = max((power_projection(s, q) for q in PLAYERS if q != "uk"), default=0)
                if not (uk > nxt and uk >= 2 * nxt):
                    who = [q for q in who if q != "uk"]
    else:
        who = [power(s, f, e)]
    for q in who:
        if q in PLAYERS:
            s["powers"][q]["marker"] += e.get("amount", 0)
            log(s, f"{NAMES[q]} takes a {e.get('amount', 0):+d} card marker.", "10.3")
    if not who:
        skip(s, e, "Card marker")


# ----- handlers: the map ------------------------------------------------------------------------------------


def influence_targets(s: dict, p: str, e: dict) -> list:
    """12.5.1 L663: uncontrolled spaces without an influence marker (no LoC needed, no
    once-per-impulse limit); one influence on the Africa submap until the Berlin Conference
    (12.5.2 L666, E8)."""
    africa_full = not s["flags"].get("berlin-conference") and any(
        q == p and P().spaces[sid].map == "africa" for sid, q in s["influence"].items()
    )
    out = []
    for sid in _region_spaces(e):
        sp = P().spaces[sid]
        if sid in s["control"] or sid in s["influence"] or sp.out_of_play or sp.type == "strait":
            continue
        if africa_full and sp.map == "africa":
            continue
        out.append(sid)
    return out


def h_influence(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Influence")
    if e.get("count", 1) <= 0:
        return
    legal = influence_targets(s, p, e)
    if not legal and e.get("space"):
        m = s["control"].get(e["space"])
        if m in P().minors and m not in s["diplomacy"] and m not in s["allies"] and not P().minors[m].rebel:
            s["diplomacy"][m] = p  # E9: a fixed space held by a minor: its diplomacy marker instead
            log(s, f"{NAMES[p]} places a diplomacy marker on {name(m)} (influence is impossible there).", "12.5.3")
            return
    if not legal:
        return skip(s, e, f"{NAMES[p]}'s influence")
    a = pick(s, f, e, "space", chooser(f, e), [{"space": x} for x in legal], f"Place {NAMES[p]}'s influence marker")
    s["influence"][a["space"]] = p
    log(s, f"{NAMES[p]} places influence in {space_name(a['space'])}.", "12.5.1")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_remove_influence(s, f, e):
    """12.6 L672: influence or diplomacy markers (of the power if given) in the space or region."""
    if e.get("count", 1) <= 0:
        return
    p = power(s, f, e) if e.get("power") else None
    cands = []
    for sid in _region_spaces(e):
        q = s["influence"].get(sid)
        if q and (p is None or q == p):
            cands.append({"space": sid})
        m = s["control"].get(sid)
        if m not in P().minors:
            m = next((x.id for x in P().minors.values() if x.capital == sid), None)
        if m and m in s["diplomacy"] and (p is None or s["diplomacy"][m] == p):
            cands.append({"minor": m})
    if not cands:
        return skip(s, e, "Remove influence")
    a = pick(s, f, e, "marker", chooser(f, e), cands, "Remove a marker")
    if "space" in a:
        q = s["influence"].pop(a["space"])
        log(s, f"{NAMES.get(q, q)}'s influence is removed from {space_name(a['space'])}.", "12.6")
    else:
        q = s["diplomacy"].pop(a["minor"])
        log(s, f"{NAMES.get(q, q)}'s diplomacy marker is removed from {name(a['minor'])}.", "12.6")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def _minor_ok(s: dict, m) -> bool:
    rec = P().minors.get(m) if m else None
    if rec is None or rec.rebel or m in s["gone"]:
        return False
    if m == "csa":
        return bool(s["flags"].get("american-civil-war"))
    if m == "japan" and not japan_in_play(s):
        return False  # 3.4.6 L276: not before the Meiji Restoration
    return any(c == m for c in s["control"].values())


def h_diplomacy(s, f, e):
    """12.5.3 L667: the power's diplomacy marker on the minor; never where another player has one
    (E10), never Qing China."""
    p = power(s, f, e)
    m = minor_ref(e.get("minor"))
    if p not in PLAYERS or not _minor_ok(s, m) or m == "qing":
        return skip(s, e, "Diplomacy")
    if s["allies"].get(m) == p or s["diplomacy"].get(m) == p:
        return
    if m in s["allies"] or m in s["diplomacy"]:
        return skip(s, e, f"{name(m)} already has another player's marker")
    s["diplomacy"][m] = p
    log(s, f"{NAMES[p]} places a diplomacy marker on {name(m)}.", "12.5.3")


def h_ally(s, f, e):
    """12.8 L679: the power's ally marker on the minor, at most five allies (4.2.1 L300)."""
    p = power(s, f, e)
    m = minor_ref(e.get("minor"))
    if p not in PLAYERS or not _minor_ok(s, m) or m == "qing":
        return skip(s, e, "Ally")
    if m in s["allies"]:
        return skip(s, e, f"{name(m)} is already allied")
    if sum(1 for q in s["allies"].values() if q == p) >= MAX_ALLIES:
        return skip(s, e, f"{NAMES[p]} has five allies")
    if s["diplomacy"].get(m) not in (None, p):
        return skip(s, e, f"{name(m)} has another player's diplomacy marker")
    s["diplomacy"].pop(m, None)
    s["allies"][m] = p
    log(s, f"{NAMES[p]} allies with {name(m)}.", "12.8")


def flippable_allies(s: dict, p, m0, region) -> list:
    """The minors whose ally markers an effect may flip (12.9): players' markers, of one power,
    one minor or one region if the card names it. Read by the rulebook bot too (34.3.4, P4)."""
    cands = []
    for m, q in sorted(s["allies"].items()):
        if q not in PLAYERS:
            continue
        if p and q != p:
            continue
        if m0 and m != m0:
            continue
        if region:
            sid = minor_region_space(s, m)
            if not sid or not in_region(P().spaces[sid], region):
                continue
        cands.append(m)
    return cands


def h_remove_ally(s, f, e):
    """12.9 L685: flip ally markers to their diplomacy side. Power, minor or region given: the
    resolver chooses; nothing given: one of another player's, at random (L1612)."""
    if e.get("count", 1) <= 0:
        return
    p = power(s, f, e) if e.get("power") else None
    m0 = minor_ref(e.get("minor"))
    cands = flippable_allies(s, p, m0, e.get("region"))
    if not (p or m0 or e.get("region")):
        # nor an alliance partner's (34.3.4 Bot Example Action 1 L1612: the UK, allied with
        # France, does not remove the French marker; RULINGS_EVENTS E30)
        cands = [m for m in cands if s["allies"][m] != f["self"] and not same_alliance(s, s["allies"][m], f["self"])]
        if not cands:
            return skip(s, e, "Remove ally")
        e.setdefault("_picks", {}).setdefault("minor", {"minor": cands[below(s, len(cands))]})
    if not cands:
        return skip(s, e, "Remove ally")
    a = pick(s, f, e, "minor", chooser(f, e), [{"minor": m} for m in cands], "Flip an ally marker")
    m = a["minor"]
    q = s["allies"].pop(m)
    s["diplomacy"][m] = q
    log(s, f"{NAMES[q]}'s alliance with {name(m)} is flipped to diplomacy.", "12.9")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_control(s, f, e):
    """4.7 L323: the power takes control of the space (or one of the region)."""
    p = power(s, f, e)
    if not p:
        return skip(s, e, "Control")
    if e.get("space"):
        cands = [e["space"]]
    elif e.get("_war_end") or f.get("card") == "balance-of-power":
        # K10: entering a war for the Ottomans, the UK takes one of their Eastern Mediterranean naval bases
        war = s.get("war") or {}
        if "ot" not in war.get("defenders", []):
            return skip(s, e, "Control (the defender is not the Ottomans)")
        cands = [x for x in _region_spaces(e) if s["control"].get(x) == "ot" and P().spaces[x].type == "naval-base"]
    else:
        cands = [x for x in _region_spaces(e) if s["control"].get(x) != p]
    if not cands:
        return skip(s, e, "Control")
    a = pick(s, f, e, "space", chooser(f, e), [{"space": x} for x in cands], f"A space for {name(p)} to control")
    sid = a["space"]
    if sid == "india" and s["flags"].get("india_independent") and p in PLAYERS:
        return skip(s, e, "India is independent (33.2.2)")
    old = set_control(s, sid, p)
    s["pacification"].pop(sid, None) if p not in PLAYERS else None
    log(s, f"{name(p)} takes control of {space_name(sid)}{f' from {name(old)}' if old else ''}.", "4.7")


def h_goe(s, f, e):
    """12.11.2 L701: the Graveyard of Empires / Boers counter in the space."""
    sid = e.get("space")
    if not sid:
        return skip(s, e, "GoE")
    s["goe"][sid] = "boers" if e["verb"] == "boers" else "goe"
    log(s, f"A {'Boers' if e['verb'] == 'boers' else 'Graveyard of Empires'} counter goes in {space_name(sid)}.",
        "12.11.2")  # fmt: skip


# ----- handlers: alliances --------------------------------------------------------------------------------------


def h_shift(s, f, e):
    """8.0-8.2 L486-507: one box; 'away' from the target (both neutral: the power chooses, 8.2)."""
    p = power(s, f, e)
    if alliance_box(s, p) is None:
        return skip(s, e, "Shift")
    d = e.get("direction")
    i = BOXES.index(alliance_box(s, p))
    if d == "away":
        t = power(s, f, e, "target")
        if alliance_box(s, t) is None:
            return skip(s, e, "Shift away")
        j = BOXES.index(alliance_box(s, t))
        if i < j:
            step = -1
        elif i > j:
            step = 1
        elif i == 2:
            a = pick(s, f, e, "dir", p, [{"shift": "entente"}, {"shift": "alliance"}], "Shift into which alliance?")
            step = -1 if a["shift"] == "entente" else 1
        else:
            step = 1 if i < 2 else -1  # E12: away from a power in the same box: toward neutrality
    elif d == "chosen":
        a = pick(s, f, e, "dir", chooser(f, e), [{"shift": x} for x in TRACKS], "Shift toward?")
        d = a["shift"]
        step = {"entente": -1, "alliance": 1}.get(d, 0 if i == 2 else (1 if i < 2 else -1))
    else:
        step = {"entente": -1, "alliance": 1}.get(d, 0 if i == 2 else (1 if i < 2 else -1))
    if step:
        shift(s, p, step)


def h_mpit(s, f, e):
    """12.7 L675: add influence to the power's MPIT marker."""
    p = power(s, f, e)
    if p in s["powers"]:
        m = s["powers"][p]["mpit"]
    elif p in s["majors"]:
        m = s["majors"][p]["mpit"]
    else:
        return skip(s, e, "MPIT")
    track = e.get("track")
    if track not in TRACKS:
        a = pick(s, f, e, "track", chooser(f, e), [{"track": x} for x in TRACKS], "Which MPIT marker?")
        track = a["track"]
    m[track] = m.get(track, 0) + e.get("amount", 1)
    log(s, f"{name(p)} gains {e.get('amount', 1)} {track} influence on the MPIT.", "12.7")


def h_alliance_resolution(s, f, e):
    call(s, "alliance-resolution")


def h_wtt(s, f, e):
    call(s, "wtt", amount=e.get("amount", 0), card=f.get("card"), power=f["self"], target=f.get("chosen"))


# ----- handlers: wars -------------------------------------------------------------------------------------------


def h_declare_war(s, f, e):
    """12.17, 13.0 L735-751 (K10): the war is run by war.py; effects of the option that shape it
    (war-budget, forbid-joining, invite-neutrals) are given to it as presets (E13)."""
    p = power(s, f, e)
    if p not in PLAYERS or s.get("war") is not None:
        return skip(s, e, "Declare war")
    t = e.get("target")
    target = None if t in (None, "chosen") else power(s, f, e, "target")
    if t not in (None, "chosen") and not target:
        return skip(s, e, "Declare war")
    cid = f.get("card")
    cp = card(cid).cp if (cid and e.get("budget")) else 0
    forbid, invite = False, None
    rest = []
    for x in f["queue"]:
        if x["verb"] == "war-budget" and x.get("power") in (e.get("power"), "self", p.upper(), p):
            cp += x.get("amount", 0)
        elif x["verb"] == "forbid-joining":
            forbid = True
        elif x["verb"] == "invite-neutrals":
            invite = p
        else:
            rest.append(x)
    f["queue"][:] = rest
    extra = {}
    if cid == "balkan-wars":  # "for a chosen Balkan minor power"
        ms = [m for m in BALKANS if m in minors_in_play(s)]
        a = pick(s, f, e, "minor", chooser(f, e), [{"minor": m} for m in ms], "For which Balkan state?")
        if a:
            extra["minor"] = a["minor"]
    aim = None if e.get("aim") in (None, "chosen") else e["aim"]  # "chosen": the attacker names it (13.0)
    log(s, f"{NAMES[p]} declares {'a war of ' + aim if aim else 'war'} by event.", "12.17")
    call(s, "war", attacker=p, card=cid, cp=cp, target=target, aim=aim, count=e.get("count"),
         ignore_wtt=bool(e.get("ignore_wtt")), budget=bool(e.get("budget")), forbid_joining=forbid,
         invite_neutrals=invite, **extra)  # fmt: skip


def h_join_war(s, f, e):
    """14.1 L827, Balance of Power L543 (K10): the defender agrees or not; then/otherwise follow."""
    p = power(s, f, e)
    w = s.get("war")
    if p not in PLAYERS or w is None:
        return skip(s, e, "Join war")
    side_ = e.get("side", "defender")
    other = w.get("primary", {}).get(side_)
    yes = True
    if e.get("primary") and other in PLAYERS and other != p:
        a = pick(s, f, e, "consent", other, ["agree", "refuse"], f"Will you let {NAMES[p]} enter the war on your side?")
        yes = a == "agree"
    if not yes:
        log(s, f"{name(other)} refuses {NAMES[p]}'s entry into the war.", "9.0")
        front(f, e.get("otherwise", []))
        return
    cid = f.get("card")
    budget = card(cid).cp if (cid and e.get("budget")) else 0
    war.join(s, p, side_, bool(e.get("primary")), budget)
    prim = " as its primary belligerent" if e.get("primary") else ""
    log(s, f"{NAMES[p]} enters the war on the {side_}'s side{prim}.",
        "14.1")  # fmt: skip
    front(f, [dict(x, _war_end=True) for x in e.get("then", [])])


def h_war_field(s, f, e):
    war = s.get("war")
    if war is None:
        return skip(s, e, e["verb"])
    if e["verb"] == "forbid-joining":
        war["forbid_joining"] = True
    else:
        war["invite_neutrals"] = power(s, f, e)
    log(s, f"War: {e['verb'].replace('-', ' ')}.", "13.4.2")


def h_war_drm(s, f, e):
    p = power(s, f, e)
    war = s.get("war")
    if war is None:
        return skip(s, e, "War DRM")
    key = "budget" if e["verb"] == "war-budget" else "drm"
    war.setdefault(key, {})
    war[key][p] = war[key].get(p, 0) + e.get("amount", 0)
    log(s, f"{NAMES.get(p, p)}: {e['verb'].replace('-', ' ')} {e.get('amount', 0):+d}.", "14.3")


def h_battle_drm(s, f, e):
    """9.1.2 L559: a combat card's DRM in the current battle; outside a battle (Gunboat Diplomacy's
    pacification roll) in s["last_responses"]["drm"] for the caller to read (E14)."""
    p = power(s, f, e)
    b = s.get("battle")
    if b is not None:
        b.setdefault("drm", {})
        b["drm"][p] = b["drm"].get(p, 0) + e.get("amount", 0)
    else:
        lr = s.setdefault("last_responses", {"trigger": None, "played": [], "drm": {}})
        lr["drm"][p] = lr["drm"].get(p, 0) + e.get("amount", 0)
    log(s, f"{NAMES.get(p, p)}: {e.get('amount', 0):+d} to the roll.", "9.1.2")


# ----- handlers: units ------------------------------------------------------------------------------------------


def build_options(s: dict, p: str, unit: str, space) -> list:
    """Where a free unit may go (12.2, 12.4, 12.10; E15)."""
    out = []
    if unit in ("army", "reserve"):
        for a in actions.recruit_options(s, p):
            if (
                unit == "army"
                and a["do"] in ("army", "reinforce")
                and (not space or a.get("space") == space or a["do"] == "reinforce")
            ):
                out.append(a)
            if unit == "reserve" and a["do"] in ("reserve", "reserve-step"):
                out.append(a)
        return out
    if unit == "ec":
        if count_units(s, p, "ec") >= counter_limit(s, p, "ec"):
            return []
        seen = set()
        for uid, u in sorted(s["units"].items()):
            if u["o"] == p and u["t"] in ARMY_TYPES and u["at"] not in seen:
                seen.add(u["at"])
                out.append({"do": "ec", "unit": uid})
        return out
    if unit in ("squadron", "dreadnought"):
        if unit == "dreadnought" and not s["flags"].get("dreadnoughts"):
            return []
        if count_units(s, p, unit) >= counter_limit(s, p, unit):
            return []
        places = [space] if space else actions.fleet_places(s, p)
        return [{"do": "fleet", "unit": unit, "space": x} for x in places]
    if unit in ("ef", "elite-ef"):
        kind = unit
        if count_units(s, p, "ef") >= counter_limit(s, p, "ef") and unit == "ef":
            return []
        places = [space] if space else actions.ef_places(s, p)
        return [{"do": "ef-free", "unit": kind, "space": x} for x in places]
    return []


def h_build(s, f, e):
    """Free units (12.2, 12.4, 12.10): army/reserve count = army steps; naval units reduced (E15)."""
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Build")
    if e.get("count", 1) <= 0:
        return
    unit = e.get("unit")
    opts = build_options(s, p, unit, e.get("space"))
    if not opts:
        return skip(s, e, f"{NAMES[p]}'s free {unit}")
    a = pick(s, f, e, "build", p, opts, f"Build a free {UNIT_WORDS.get(unit, unit)}")
    if a["do"] == "fleet":
        new_unit(s, p, a["unit"], a["space"], True)
        log(s, f"{NAMES[p]} builds a reduced {a['unit']} in {space_name(a['space'])} for free.", "12.4")
    elif a["do"] == "ef-free":
        new_unit(s, p, a["unit"], a["space"])
        log(s, f"{NAMES[p]} places an {a['unit'].upper()} in {space_name(a['space'])} for free.", "12.10")
    else:
        actions.perform(s, p, a, {"left": 0, "chain": 0, "card": None, "fresh": False})
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def _unit_matches(u: dict, unit) -> bool:
    if unit in (None, "army"):
        return u["t"] in ARMY_TYPES if unit else True
    if unit == "ef":
        return u["t"] in EF_TYPES
    return u["t"] == unit


def h_eliminate(s, f, e):
    if e.get("count", 1) <= 0:
        return
    p = power(s, f, e) if e.get("power") else None
    where = set(_region_spaces(e)) if (e.get("space") or e.get("region")) else None
    cands = [
        uid
        for uid, u in sorted(s["units"].items())
        if (p is None or u["o"] == p) and (where is None or u["at"] in where) and _unit_matches(u, e.get("unit"))
    ]
    if not cands:
        return skip(s, e, "Eliminate")
    a = pick(s, f, e, "unit", chooser(f, e), [{"unit": x} for x in cands], "Eliminate which unit?")
    u = s["units"][a["unit"]]
    remove_unit(s, a["unit"])
    log(s, f"A {name(u['o'])} {u['t']} in {space_name(u['at'])} is eliminated.", "5.3")
    if u["t"] == "dreadnought" and u["o"] in PLAYERS:
        call(s, "stability", power=u["o"], amount=-1)  # 7.1.1: losing a dreadnought
        e["count"] = e.get("count", 1) - 1
        if e["count"] > 0:
            e.pop("_picks", None)
            f["queue"].insert(0, e)
        return
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_step_loss(s, f, e):
    """5.3 L388: the owner chooses which of its units takes each step loss."""
    p = power(s, f, e)
    if e.get("count", 1) <= 0:
        return
    cands = [
        uid
        for uid, u in sorted(s["units"].items())
        if u["o"] == p
        and (u["t"] in ARMY_TYPES or u["t"] in NAVAL_TYPES)
        and (not e.get("space") or u["at"] == e["space"])
    ]
    if not cands:
        return skip(s, e, "Step loss")
    a = pick(s, f, e, "unit", p, [{"unit": x} for x in cands], "Which unit takes the step loss?")
    u = s["units"][a["unit"]]
    if u["r"]:
        remove_unit(s, a["unit"])
        log(s, f"{name(p)}'s {u['t']} in {space_name(u['at'])} is eliminated.", "5.3")
        if u["t"] == "dreadnought" and p in PLAYERS:
            call(s, "stability", power=p, amount=-1)
    else:
        u["r"] = True
        log(s, f"{name(p)}'s {u['t']} in {space_name(u['at'])} is reduced.", "5.3")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        e.pop("_picks", None)
        f["queue"].insert(0, e)


def h_fort(s, f, e):
    """12.12 L703-708: a fort of the level in a space the power controls (main map), at most three;
    level 3 only so (Impregnable); the Indian Fort in India, raised one level to 2 (33.2.3 L1544)."""
    p = power(s, f, e)
    sid = e.get("space")
    lvl = e.get("amount", 1)
    if p not in PLAYERS or not sid or controller(s, sid) != p:
        return skip(s, e, "Fort")
    if sid == "india" and p == "uk":
        cur = s["forts"].get("india")
        level = min(2, cur[1] + 1) if cur else 1
        s["forts"]["india"] = ["uk", level]
        s["flags"]["indian_fort"] = True
        log(s, f"The Indian Fort stands at level {level}.", "33.2.3")
        return
    mine = [x for x, (o, _) in s["forts"].items() if o == p and x != "india"]
    cur = s["forts"].get(sid)
    if cur is None and len(mine) >= MAX_FORTS:
        return skip(s, e, f"{NAMES[p]} already has three forts")
    s["forts"][sid] = [p, max(lvl, cur[1] if cur and cur[0] == p else 0)]
    log(s, f"{NAMES[p]} builds a level {s['forts'][sid][1]} fort in {space_name(sid)}.", "12.12")


def h_counter_limit(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Counter limit")
    lim = s["powers"][p]["limits"]
    lim[e["unit"]] = lim.get(e["unit"], 0) + e.get("amount", 0)
    log(s, f"{NAMES[p]} gains {e.get('amount', 0)} more {e['unit']} counter(s).", "4.2")


# ----- handlers: event boxes and national tracks ---------------------------------------------------------------


def h_flag(s, f, e):
    """3.6 L283: the event box counter (E2 keys); the effects the rules read of some of them."""
    flag = e["flag"]
    on = e["verb"] == "set-flag"
    s["flags"][flag] = on
    if flag in FLAG_KEYS:
        s["flags"][FLAG_KEYS[flag]] = on
    log(s, f"Event box: {flag.replace('-', ' ').title()} {'in effect' if on else 'ended'}.", "3.6")
    if flag == "american-civil-war":  # 3.4.5 L275: the South comes into play (the CSA)
        if on:
            s["control"]["the-south"] = "csa"
        else:
            s["control"].pop("the-south", None)
            s["diplomacy"].pop("csa", None)
            s["allies"].pop("csa", None)
            for uid in units_at(s, "the-south"):
                displace_unit(s, uid)
    if flag == "meiji-restoration" and on:  # 3.4.6 L277: Japan enters with an army
        if s["control"].get("japan") != "japan":
            s["control"]["japan"] = "japan"
        if not any(u["o"] == "japan" and u["t"] in ARMY_TYPES for u in s["units"].values()):
            new_unit(s, "japan", "army", "japan")
        s["flags"]["japan"] = True


def h_india(s, f, e):
    if s["flags"].get("india_independent"):
        return skip(s, e, "India")
    s["flags"]["india_stable"] = e["flag"] == "stable"
    log(s, f"India is {'stable' if e['flag'] == 'stable' else 'unstable'}.", "33.2.2")


def h_city(s, f, e):
    v = max(0, min(6, s["flags"].get("city_of_light", 0) + e.get("amount", 0)))
    s["flags"]["city_of_light"] = v
    log(s, f"France's City of Light points: {v}.", "33.3")


def h_jihad(s, f, e):
    s["flags"]["jihad"] = s["flags"].get("jihad", 0) + e.get("amount", 0)
    log(s, f"The Ottomans hold {s['flags']['jihad']} Jihad marker(s).", "33.6")


def h_rights(s, f, e):
    """33.4.1 L1563: Austria grants rights to a nationality of its display."""
    if e.get("count", 1) <= 0:
        return
    nats = [n for n in P().powers["au"].nationalities if n not in s["flags"]["rights"]]
    if not nats:
        return skip(s, e, "Rights")
    a = pick(s, f, e, "nat", "au", [{"nationality": n} for n in nats], "Grant rights to which nationality?")
    s["flags"]["rights"].append(a["nationality"])
    log(s, f"Austria grants rights to the {a['nationality']} nationality.", "33.4.1")
    e["count"] = e.get("count", 1) - 1
    if e["count"] > 0:
        again(f, e)


def h_citizenship(s, f, e):
    """33.4 L1557: roll >= 3 + one per nationality with citizenship; -1 stability for +2 first."""
    if e.get("count", 1) <= 0:
        return
    nats = [n for n in s["flags"]["rights"] if n not in s["flags"]["citizenship"]]
    if not nats:
        return skip(s, e, "Citizenship")
    a = pick(
        s, f, e, "nat", "au", [{"nationality": n} for n in nats], "Attempt full citizenship for which nationality?"
    )
    opts = [{"sacrifice": False}] + ([{"sacrifice": True}] if s["powers"]["au"]["stability"] > 0 else [])
    b = pick(s, f, e, "sac", "au", opts, "Lose 1 stability for +2 to the roll?")
    rest = dict(e, count=e.get("count", 1) - 1)
    rest.pop("_picks", None)
    after = [
        {
            "verb": "_citizenship",
            "nationality": a["nationality"],
            "amount": e.get("amount", 0) + (2 if b["sacrifice"] else 0),
        }
    ]
    if b["sacrifice"]:
        after.insert(0, {"verb": "stability", "power": "au", "amount": -1})
    if rest["count"] > 0:
        after.append(rest)
    front(f, after)


def h_citizenship_roll(s, f, e):
    need = 3 + len(s["flags"]["citizenship"])
    r = die(s, e, "roll")
    ok = r + e.get("amount", 0) >= need
    if ok:
        s["flags"]["citizenship"].append(e["nationality"])
    log(s, f"Citizenship for the {e['nationality']}: {r}{e.get('amount', 0):+d} against {need}: "
        f"{'granted' if ok else 'refused'}.", "33.4")  # fmt: skip


def h_ng_draw(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "NG draw")
    call(s, "draw-goals", power=p, draw=e.get("amount", 3), keep=e.get("count", 1))


def h_vp(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "VP")
    s["powers"][p]["vp"] += e.get("amount", 0)
    log(s, f"{NAMES[p]} takes a {e.get('amount', 0):+d} VP marker.", "2.2.1")


def h_truce(s, f, e):
    """13.5 L810: the two powers exchange truces."""
    p, t = power(s, f, e), power(s, f, e, "target")
    if p not in PLAYERS or t not in PLAYERS or p == t:
        return skip(s, e, "Truce")
    s["powers"][p]["truces"][t] = e.get("amount", 1)
    s["powers"][t]["truces"][p] = e.get("amount", 1)
    log(s, f"{NAMES[p]} and {NAMES[t]} exchange {e.get('amount', 1)}-turn truces.", "13.5")


def h_roll(s, f, e):
    r = die(s, e, "roll")
    ok = r + e.get("amount", 0) >= e.get("at_least", 7)
    log(s, f"Roll: {r}{e.get('amount', 0):+d} against {e.get('at_least')}: {'success' if ok else 'failure'}.", "4.1")
    front(f, e.get("then", []) if ok else e.get("otherwise", []))


def h_gain_cp(s, f, e):
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "CP")
    log(s, f"{NAMES[p]} spends {e.get('amount', 0)} CP on actions.", "12.1")
    call(s, "spend", power=p, card=None, cp=e.get("amount", 0))


def h_free_action(s, f, e):
    """12.1 (E16): a free action, given as the CP it costs, only that action (actions.py ``only``)."""
    p = power(s, f, e)
    if p not in PLAYERS:
        return skip(s, e, "Free action")
    act = e.get("action")
    if act == "deploy-reserves":
        return free_deploy(s, e, p)
    cp = FREE_ACTION_CP.get(act, 1)
    if act == "pacification" and (p == "au" or (p == "ge" and not s["flags"].get("germany_unified"))):
        cp = 2
    for _ in range(e.get("count", 1)):
        call(s, "spend", power=p, card=None, cp=cp, only=act, free=True)
    log(s, f"{NAMES[p]} takes a free {act} action.", "12.1")


def free_deploy(s: dict, e: dict, p: str) -> None:
    """A free deploy reserves action (15.2.3 L855; Moltke's Railways): a wartime action, so war.py's
    own deploy step is asked (its reserves, half its industry, 1-3; a Polish one with them, 22.5).
    Taken before the impulses (at the start of the war), the armies are not "placed this impulse"
    and may move in the first (15.2.3 L858; RULINGS_EVENTS E29)."""
    w = s.get("war")
    if w is None or owner_side(s, p) is None or not war.can_deploy(s, p):
        return skip(s, e, "Free deploy reserves (no reserve army can be deployed)")
    ask(s, "war-deploy", p, actor=p, left=war.deploy_count(s, p), free=True, polish=int(war.polish_deploy(s, p)),
        rule="9.0", before=w.get("impulse") is None)  # fmt: skip
    log(s, f"{NAMES[p]} takes a free deploy reserves action.", "15.2.3")


def h_ot_industrialize(s, f, e):
    """12.13.1 L714-715: each other player may offer a card stating its CP; the OT player takes one
    into industrialization and its giver draws a card; a mandatory gift is resolved by the OT;
    no offer: the 'otherwise' effects (3 CP of actions)."""
    offers = {}
    for q in PLAYERS:
        if q == "ot":
            continue
        st = s["powers"][q]
        opts = [{"offer": c} for c in st["hand"] if c != st["home"] and c not in st["homes"]] + ["no-offer"]
        a = pick(s, f, e, f"offer-{q}", q, opts, "Modernization: offer the Ottomans a card (its CP are announced)?")
        if a != "no-offer" and a["offer"] in st["hand"]:
            offers[q] = a["offer"]
            if not e.setdefault("_logged", {}).get(q):
                e["_logged"][q] = True
                log(s, f"{NAMES[q]} offers the Ottomans a card of {card(a['offer']).cp} CP.", "12.13.1")
    if not offers:
        log(s, "No one offers the Ottomans a card.", "12.13.1")
        front(f, e.get("otherwise") or [{"verb": "gain-cp", "power": "OT", "amount": 3}])
        return
    b = pick(s, f, e, "accept", "ot", [{"accept": q, "cp": card(c).cp} for q, c in offers.items()],
             "Modernization: accept one offered card for industrialization")  # fmt: skip
    q = b["accept"]
    c = offers[q]
    s["powers"][q]["hand"].remove(c)
    s["powers"]["ot"]["industrialize"] = c
    log(s, f"The Ottomans accept {NAMES[q]}'s card, {card_title(c)}, for industrialization.", "12.13.1")
    checkpoint(s)  # the card is shown: the choice stays made
    f.setdefault("draws", []).append([q, 1])
    if "mandatory" in card(c).flags and "response" not in card(c).flags:
        front(f, [{"verb": "_trigger", "power": "ot", "card": c, "discard": False}])


# ----- Italy (§22) ---------------------------------------------------------------------------------------------


def h_roll_table(s, f, e):
    t = e.get("table")
    if t == "italian-minor-power":
        return italian_minor_table(s, f, e)
    if t == "kingdom-of-italy":
        return kingdom_table(s, f, e)
    if t == "crisis":
        call(s, "crisis-roll", card=f.get("card"), power=f["self"], target=f.get("chosen"))
        return
    if t == "balkan-state":
        m = roll_balkan_state(s, exclude=())
        if m:
            s.setdefault("history", {})["threatened"] = m
            log(s, f"The Balkan State Table: {name(m)} is threatened.", "23.2")
        else:
            skip(s, e, "Balkan State Table (no independent Balkan state)")
        return
    skip(s, e, f"Table {t}")


class Stability(Procedure):
    """Change stability within 0-6 (7.1 L460); France at 1 becomes the Third Republic (33.3 L1549);
    Austria's Unstable Situation on a loss (33.4 L1558)."""

    def start(self, s, f):
        p, n = f["power"], f.get("amount", 0)
        st = s["powers"][p]
        old = st["stability"]
        st["stability"] = max(0, min(6, old + n))
        log(s, f"{NAMES[p]}'s stability {n:+d}: {old} -> {st['stability']}.", "7.1")
        if p == "fr" and st["stability"] <= 1 and s["flags"].get("fr_government") != "third-republic":
            if not s["flags"].get("great_war_on"):
                s["flags"]["fr_government"] = "third-republic"
                log(
                    s,
                    "France's stability reaches 1: the Second Empire falls, the Third Republic is proclaimed.",
                    "33.3",
                )
        if p == "au" and st["stability"] < old and not s["flags"].get("great_war_on"):
            return "unstable"
        return None

    def unstable(self, s, f):
        """33.4 L1558: a die +1 per nationality with rights; 6+: nothing; else discard a random card or
        take a -1 card marker (no card: the marker)."""
        r = roll(s, 6)
        drm = len(s["flags"].get("rights", []))
        if r + drm >= 6:
            log(s, f"Unstable Situation: {r}+{drm}: Austria holds together.", "33.4")
            return None
        st = s["powers"]["au"]
        if not [c for c in st["hand"] if c != st["home"] and c not in st["homes"]]:
            st["marker"] -= 1
            log(s, f"Unstable Situation: {r}+{drm}: Austria has no card to discard and takes a -1 card marker.", "33.4")
            return None
        log(s, f"Unstable Situation: {r}+{drm}: Austria must discard a random card or take a -1 card marker.", "33.4")
        ask(s, "event-unstable", "au")
        return "after"

    def after(self, s, f):
        c = f.pop("discarded", None)
        if c and "mandatory" in card(c).flags and "response" not in card(c).flags:
            log(s, f"{card_title(c)} was discarded: its mandatory event triggers for Austria.", "9.1.4")
            call(s, "event", power="au", card=c, option=None, discard=True)
        return None


class UnstableState(State):
    def prompt(self, s, f, role):
        return "Unstable Situation (33.4): discard a random card, or take a -1 card marker?"

    def actions(self, s, f, role):
        return ["discard", "marker"]

    def act(self, s, f, role, action):
        if action == "marker":
            s["powers"]["au"]["marker"] -= 1
            log(s, "Austria takes a -1 card marker.", "33.4")
            return None
        c = random_discard(s, "au")
        s["stack"][-2]["discarded"] = c
        return None


# ----- responses (9.1.2-9.1.5) --------------------------------------------------------------------------------


def borders(s: dict, a: str, b: str) -> bool:
    """Whether a space controlled by a is linked by land to a space controlled by b."""
    pk = P()
    for sid, c in s["control"].items():
        if c != a:
            continue
        for n in pk.adjacency.get(sid, {}):
            if s["control"].get(n) == b:
                return True
    return False


def _context_sides(s: dict, f: dict) -> tuple:
    war = s.get("war") or {}
    prim = war.get("primary", {})
    return f.get("attacker") or prim.get("attacker"), f.get("defender") or prim.get("defender")


def mandatory_response_due(s: dict, f: dict, p: str, c: str) -> bool:
    """9.1.5 L566: Impulsive Ruler: another player declares war and the holder borders either side;
    never a power played by the bot rules (34.5 L1637)."""
    if bot_level(s, p) is not None:
        return False
    rec = card(c)
    if rec.when != f["trigger"]:
        return False
    att, dfd = _context_sides(s, f)
    if p == att:
        return False
    if not any(x and borders(s, p, x) for x in (att, dfd)):
        return False
    return bool(playable(s, p, c))


def response_options(s: dict, p: str, f: dict) -> list:
    out = []
    for c in s["powers"][p]["hand"]:
        rec = card(c)
        if rec.when != f["trigger"] or not ({"response", "combat"} & set(rec.flags)):
            continue
        if "mandatory" in rec.flags:
            continue
        for o in playable(s, p, c):
            out.append({"play": c, "option": o})
    return out


BATTLE_TRIGGERS = ("land-battle", "naval-battle")  # combat cards: "attacker first" (18.1 L949)


class Responses(Procedure):
    """Offer each listed power, in turn order, the response and combat cards whose moment is
    the trigger and whose requirements hold (9.1.2-9.1.3); Impulsive Ruler is played by force (9.1.5).
    Before a battle the powers are listed attacker first and asked in that order (18.1 L949)."""

    def start(self, s, f):
        # Who is asked, or must play by force, shows what it holds: what led here is no longer
        # taken back, whoever holds what (RULINGS_EVENTS E31)
        checkpoint(s)
        if f["trigger"] in BATTLE_TRIGGERS and f.get("powers"):
            f["order"] = list(dict.fromkeys(f["powers"]))
        else:
            f["order"] = turn_order(f.get("powers") or PLAYERS)
        f["i"] = 0
        s["last_responses"] = {"trigger": f["trigger"], "played": [], "drm": {}}
        f["auto"] = []
        for p in f["order"]:
            for c in s["powers"][p]["hand"]:
                rec = card(c)
                if {"mandatory", "response"} <= set(rec.flags) and mandatory_response_due(s, f, p, c):
                    f["auto"].append([p, c])
        return "auto"

    def auto(self, s, f):
        if f["auto"]:
            p, c = f["auto"].pop(0)
            if c in s["powers"][p]["hand"]:
                s["powers"][p]["hand"].remove(c)
                s["last_responses"]["played"].append([p, c])
                log(s, f"{NAMES[p]} must play {card_title(c)} (mandatory response).", "9.1.5")
                call(s, "event", power=p, card=c, option=playable(s, p, c)[0], discard=True)
            return "auto"
        return "offer"

    def offer(self, s, f):
        while f["i"] < len(f["order"]):
            p = f["order"][f["i"]]
            opts = response_options(s, p, f)
            if opts:
                # asking it shows that it holds a card for the moment: nothing before, such as the
                # choices of an event just played in the window, is taken back (E31)
                checkpoint(s)
                ask(s, "event-response", p, options=opts, trigger=f["trigger"])
                return "answered"
            f["i"] += 1
        return None

    def answered(self, s, f):
        # whether the next power is asked or the window closes shows what the others hold,
        # so an answer here, a pass as much as a play, is not taken back (RULINGS_EVENTS E31)
        checkpoint(s)
        a = f.pop("answer", "pass")
        p = f["order"][f["i"]]
        if a == "pass":
            f["i"] += 1
            return "offer"
        c = a["play"]
        s["powers"][p]["hand"].remove(c)
        s["last_responses"]["played"].append([p, c])
        log(s, f"{NAMES[p]} plays {card_title(c)} ({a['option']}).", "9.1.3")
        call(s, "event", power=p, card=c, option=a["option"], discard=True)
        return "offer"


TRIGGER_WORDS = {  # the moments a response or combat card may be played at (9.1.2-9.1.3), in words
    "war-declared": "a declaration of war",
    "war-maneuver": "the war's Maneuver Step",
    "land-battle": "a land battle",
    "naval-battle": "a naval battle",
    "pacification": "a pacification",
    "alliance-resolution": "the alliance resolution",
    "impulse": "your impulse",
    "other-impulse": "another power's impulse",
    "stability-loss": "a loss of stability",
}


class ResponseState(State):
    """9.1.2-9.1.3 L559-561: a response or combat card offered at its moment."""

    def prompt(self, s, f, role):
        return f"Play a response or combat card now, at {TRIGGER_WORDS.get(f['trigger'], f['trigger'])}?"

    def actions(self, s, f, role):
        return list(f["options"]) + ["pass"]

    def act(self, s, f, role, action):
        s["stack"][-2]["answer"] = action
        return None


# ----- the tables --------------------------------------------------------------------------------------------

HANDLERS.update(
    {
        "stability": h_stability,
        "manpower": h_manpower,
        "industry": h_industry,
        "draw": h_draw,
        "discard": h_discard,
        "card-marker": h_card_marker,
        "influence": h_influence,
        "remove-influence": h_remove_influence,
        "diplomacy": h_diplomacy,
        "ally": h_ally,
        "remove-ally": h_remove_ally,
        "control": h_control,
        "goe": h_goe,
        "boers": h_goe,
        "shift": h_shift,
        "mpit": h_mpit,
        "alliance-resolution": h_alliance_resolution,
        "wtt": h_wtt,
        "declare-war": h_declare_war,
        "join-war": h_join_war,
        "invite-neutrals": h_war_field,
        "forbid-joining": h_war_field,
        "war-drm": h_war_drm,
        "war-budget": h_war_drm,
        "battle-drm": h_battle_drm,
        "naval-drm": h_battle_drm,
        "build": h_build,
        "eliminate": h_eliminate,
        "step-loss": h_step_loss,
        "fort": h_fort,
        "counter-limit": h_counter_limit,
        "set-flag": h_flag,
        "clear-flag": h_flag,
        "india": h_india,
        "city-of-light": h_city,
        "jihad": h_jihad,
        "rights": h_rights,
        "citizenship": h_citizenship,
        "roll-table": h_roll_table,
        "ng-draw": h_ng_draw,
        "vp": h_vp,
        "truce": h_truce,
        "roll": h_roll,
        "ot-industrialize": h_ot_industrialize,
        "gain-cp": h_gain_cp,
        "free-action": h_free_action,
        # internal steps
        "_trigger": h_trigger,
        "_citizenship": h_citizenship_roll,
    }
)

PROCEDURES = {"responses": Responses(), "stability": Stability()}
STATES = {"event-unstable": UnstableState(), "event-response": ResponseState()}
