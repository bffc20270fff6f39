"""Over There's bots. Every bot is ``bot(view, actions, rng) -> one of actions``; the engine
adds ``random`` to every game.

``heuristic`` plays a general's plan of 1914 with what its view shows: it moves each unit once
a phase toward the front or the objective its side needs (the Entente toward Königsberg and
the Vistula, the Central Powers toward the Russian armies), keeps stacks together and within
reach of an Army HQ (11B), attacks where the odds its view gives are good (2:1 and better,
3:2 where the defender is in the open), and holds where it stands when a move would only
lose ground. It keeps out of pockets, above all with units already out of supply (11F) or due to
leave with a withdrawal (16A1), enters the enemy's ZOC only where friends already stand, closes
rings round enemy stacks where its ZOC can cut their line to their sources, and attacks the ring
round friends cut off at even odds (3G). It
leaves a field unit beside each fortress it must hold, and one with each Army HQ after the
movement phase. In the last turn it sends a unit that can get there to each of its own places
the enemy owns, and enough units next to the ones he holds to attack them first and at even
odds, since what is not retaken then scores, and walks into the enemy's places he left empty; a
unit alone in a place of its own stays there. A unit that sees an enemy HQ standing alone keeps
next to it for the attack that eliminates it (9G1); an Army HQ keeps away from enemy stacks its
guard could not stop. A unit that stays rests off its fatigue, and an attack leaves out its most
tired unit when the column is better without him (6B4). It buys back the strongest eliminated
units it can, at the city nearest the enemy (16B3c), and gives a leader waiting at the general
staff a command (14P)."""

from __future__ import annotations

from functools import lru_cache

from ...engine import hexes as hx
from .sequence import way_of_move
from .supply import view_supply
from .world import CH, CITY_HEXES, FORTRESS_HEXES, MAP, OTHER, OWNED_BY_OCCUPATION, SC, TURNS, UNITS, start_hex

_GOALS: dict[str, list[str]] = {}


def goals(side: str) -> list[str]:
    """The hexes of the places the side scores for holding (the scenario's victory places)."""
    if side not in _GOALS:
        from .scenario import Location

        _GOALS[side] = [start_hex(Location(place=v.place)) for v in SC.victory_places if v.scorer == side]
    return _GOALS[side]


def dist(a: str, b: str) -> int:
    return hx.distance(hx.from_id(a), hx.from_id(b))


def _kind(action) -> str:
    return next(iter(action)) if isinstance(action, dict) and action else ""


def heuristic(view, actions, rng):
    """Either side: a general's plan of 1914, moving toward its objectives and attacking at 2:1 and better."""
    board = view["board"]
    side = view["role"]
    kinds = {}
    for a in actions:
        kinds.setdefault(_kind(a), []).append(a)
    if "choice" in kinds:
        return _choose(kinds["choice"], side)
    hq_loads = [a for a in kinds.get("load", []) if UNITS[a["load"]].army_hq]
    if hq_loads:
        return hq_loads[0]  # 11D: a Res Pt with an active Army HQ supplies 150 REs, alone 30
    if "res_at" in kinds:
        return _res_at(kinds["res_at"], board, side)
    if "withdraw" in kinds:
        return {"withdraw": True}
    if "advance" in kinds:
        return _advance(kinds["advance"], board, side) or actions[-1]
    if "replace" in kinds:
        return _replace(kinds["replace"], board, side)
    if "place_man" in kinds or "take_back" in kinds:  # 16B3: the Man Pts stay in the pool, for the cadres
        return {"cancel": True} if {"cancel": True} in actions else {"end": "man-pts"}
    if "superiority" in kinds:
        return {"superiority": 0}  # every point flies with the attacks instead
    if "das" in kinds:
        return kinds["das"][-1]  # all the points left
    if {"end": "counter-bombardment"} in actions:
        return kinds["bombard"][0] if "bombard" in kinds else {"end": "counter-bombardment"}  # 12C: free fire
    if "commit" in kinds:
        return kinds["commit"][0]  # the nearest stack's reserves
    if {"end": "general-staff"} in actions:
        return _staff(kinds.get("assign_leader", []), actions)
    if "activate" in kinds:
        return _activate(kinds["activate"], board)
    if "leader" in kinds:
        good = [a for a in kinds["leader"] if a["leader"] is not None and _leader_helps(a["leader"], board)]
        return good[0] if good else {"leader": None}
    if "resolve" in kinds or ("cancel" in kinds and "add" in kinds):
        att = board.get("attack") or {}
        if _worth(board, side, att.get("hex"), att):
            for kind in ("gs", "recon"):  # B17B: the air points go with a good attack
                if {"air": kind} in actions:
                    return {"air": kind}
        rested = _rested(board, att, kinds.get("remove", []))
        if rested is not None:
            return rested
        if _worth(board, side, att.get("hex"), att) and "resolve" in kinds:
            spare = _spare(board, att, kinds.get("remove", []))
            if spare is not None:
                return spare  # keep the surplus for another attack (9B1: one attack a unit)
            return {"resolve": True}
        if "resolve" in kinds and "add" in kinds and _strength(att) >= 1:
            return {"resolve": True}  # a unit spared too many: better than giving the attack up
        return {"cancel": True}
    if "attack" in kinds:
        best = _best_attack(board, side, kinds["attack"])
        if best is not None:
            return best
    if "to" in kinds and board.get("selected") is None:
        return _res_rail_to(board, side, kinds["to"])  # 11H: a Res Pt on the train
    if "to" in kinds or "stay" in kinds or "build" in kinds:
        fix = _rail_work(board, side, kinds)
        if fix is not None:
            return fix
        return _destination(board, side, kinds, rng)
    if "unit" in kinds:
        pick = _pick_unit(board, side, kinds["unit"])
        if pick is not None:
            return pick
    if "res_rail" in kinds:
        send = _res_rail_from(board, side, kinds["res_rail"])
        if send is not None:
            return send
    return actions[-1]  # end the phase


def _army_hqs(board, side: str) -> list[str]:
    """The hexes of the side's Army HQs on the map."""
    return [u["hex"] for u in board["units"] if u["side"] == side and UNITS[u["id"]].army_hq]


def _res_rail_from(board, side: str, offers: list):
    """11D, 11H: once its units have moved, the player sends by rail a Res Pt lying beyond the
    overland length (3 hexes) of every Army HQ of his: with one, it supplies 150 REs, not 30."""
    hqs = _army_hqs(board, side)
    if not hqs:
        return None
    reach = CH.supply_lengths()[0]  # clear weather all the campaign (ruling R35)
    for a in offers:
        if min(dist(a["res_rail"], h) for h in hqs) > reach:
            return a
    return None


def _res_rail_to(board, side: str, offers: list):
    """The rail hex nearest an Army HQ of the side's (its own hex first, where the HQ takes the
    Res Pt up). Always one of them: the Res Pt was sent because it lay too far."""
    return _nearest_hq(offers, "to", _army_hqs(board, side))


def _nearest_hq(offers: list, key: str, hqs: list[str]):
    """The offer whose hex (``key``) is nearest one of ``hqs``, then the lowest hex id."""
    return min(offers, key=lambda a: (min((dist(a[key], h) for h in hqs), default=0), a[key]))


def _rail_work(board, side: str, kinds: dict):
    """13A3: a division away from the front (no enemy stack within two hexes) repairs the broken
    or clears the obstructed railway where it stands (7A6, 7A7), then moves on with what MPs it
    has left: the rail net carries the reserves."""
    work = kinds.get("repair_rail") or kinds.get("clear_rail")
    if not work:
        return None
    uid = board["selected"][0]
    here = next(u["hex"] for u in board["units"] if u["id"] == uid)
    if any(u["side"] != side and dist(u["hex"], here) <= 2 for u in board["units"]):
        return None
    if any(h["side"] != side and dist(h["hex"], here) <= 2 for h in board.get("hidden", ())):
        return None
    return work[0]


def _res_at(offers, board, side: str):
    """16B1: a new Res Pt goes to the city nearest an Army HQ of the side, which takes it up."""
    return _nearest_hq(offers, "res_at", _army_hqs(board, side))


def _replace(offers, board, side: str):
    """16B3c: the strongest unit the pool can buy back, at the city nearest the enemy."""
    enemy = [u["hex"] for u in board["units"] if u["side"] != side] or goals(side)

    def worth(a):
        u = UNITS[a["replace"]]
        attack, defense, _ = u.cadre or (u.attack, u.defense, u.movement)
        return (-(attack + defense), min(dist(a["at"], e) for e in enemy), a["replace"], a["at"])

    return min(offers, key=worth)


def _advance(offers, board, side: str):
    """9F3: as attacker, every unit that can takes the ground. As defender (ruling C16), the
    weakest unit that can goes into each hex the attackers' retreat would vacate, one a hex, and
    the last unit leaves the defended hex only when a single hex is vacated and the hex has no
    fortress, works, major city or HQ; nobody goes into hexes the attackers' losses emptied."""
    if "into" not in offers[0]:  # ruling C15: the guns stay behind, out of the front line
        return next((a for a in offers if not UNITS[a["advance"]].artillery), None)
    adv = board["advancing"]
    h, vacated = adv["hex"], adv["vacated"]
    here = [u for u in board["units"] if u["side"] == side and u["hex"] == h]
    keep = [u for u in here if not UNITS[u["id"]].hq]
    named = {u for u, _ in adv["defenders"]}
    done = {x for _, x in adv["defenders"]}
    strong = h in FORTRESS_HEXES or h in board["works"] or h in CITY_HEXES or len(keep) < len(here)
    defense = {u["id"]: u["defense"] for u in keep}
    for x in vacated:
        if x in done:
            continue
        left = [u["id"] for u in keep if u["id"] not in named]
        if len(left) <= 1 and (strong or len(vacated) > 1):
            continue
        fits = [a for a in offers if a["into"] == x and a["advance"] in left]
        if fits:
            return min(fits, key=lambda a: (defense[a["advance"]], list(UNITS).index(a["advance"])))
    return None


def _choose(choices, side):
    """16A1dd: the choice that gives the enemy the fewest victory points (the West's corps come
    for one turn only before the Ninth Army takes them, for 5 VP to the Entente)."""

    def cost(a):
        for opt in SC.options:
            for c in opt.choices:
                if c.id == a["choice"]:
                    return c.vp.get(OTHER[side], 0) - c.vp.get(side, 0)
        return 0

    return min(choices, key=cost)


def _staff(assignments: list, actions: list):
    """14P: the best-rated leader waiting at the general staff takes the first command offered;
    no leader is sent back."""
    if not assignments:
        return {"end": "general-staff"}
    from .world import LEADERS

    return min(assignments, key=lambda a: (-sum(LEADERS[a["assign_leader"]].ratings), actions.index(a)))


def _leader_rating(hq: str, board) -> int | None:
    lid = (board.get("hq", {}).get(hq) or {}).get("leader")
    if not lid:
        return None
    rec = next(x for x in SC.leaders if x.id == lid)
    return sum(rec.ratings)


def _leader_helps(hq: str, board) -> bool:
    """14P: gamble on a leader whose ratings add up to more than nothing."""
    r = _leader_rating(hq, board)
    return r is not None and r > 0


def _activate(actions, board):
    """14M2: check each Army HQ in turn; gamble on its leader only when he is more good than bad."""
    first = actions[0]["activate"]
    options = [a for a in actions if a["activate"] == first]
    for a in options:
        if a.get("leader") and _leader_helps(first, board):
            return a
    return options[0]


ENOUGH = 4.0  # a column this good needs no more attackers


def _spare(board, att: dict, removes: list):
    """The weakest attacker that the attack can do without and stay well above ENOUGH."""
    if _strength(att) < ENOUGH * 1.5 or not att.get("defense") or len(removes) < 2:
        return None
    printed = {u["id"]: u["attack"] for u in board["units"] if u["id"] in set(att.get("units", ()))}
    for a in sorted(removes, key=lambda r: (printed.get(r["remove"], 0), r["remove"])):
        # judged low: the unit takes its whole printed strength away, and each column shifted
        # left (fatigue) costs a whole point of odds
        after = (att["attack"] - printed.get(a["remove"], 0)) / att["defense"] + min(att.get("shifts", 0), 0)
        if after >= ENOUGH * 1.5:
            return a
        break
    return None


def _rested(board, att: dict, removes: list):
    """6B4 (L233): the most fatigued attacker sets the whole attack's shift, one odds level per
    two hits. The most fatigued attacker stays out when the column without him is better."""
    shifts = att.get("shifts", 0)
    if shifts >= 0 or not att.get("defense") or len(removes) < 2 or att.get("column") in (None, "auto"):
        return None
    ids = set(att.get("units", ()))
    mine = {u["id"]: u for u in board["units"] if u["id"] in ids}
    printed = sum(u["attack"] for u in mine.values()) or 1
    offered = {r["remove"] for r in removes}
    tired = max(
        (u for u in mine.values() if u["id"] in offered), key=lambda u: (u.get("fat", 0), u["id"]), default=None
    )
    if tired is None or not tired.get("fat"):
        return None
    # the Army HQs the attackers trace combat supply to count too (6B4: "and the HQs traced"):
    # a fatigued HQ keeps the shift whoever stays out
    hqs = {u.get("army") for u in mine.values()} - {None}
    rest = [u.get("fat", 0) for u in mine.values() if u["id"] != tired["id"]]
    rest += [u.get("fat", 0) for u in board["units"] if u["id"] in hqs]
    per = CH.fatigue.combat_hits_per_shift
    gain = -(-tired["fat"] // per) - -(-max(rest, default=0) // per)
    if gain <= 0:
        return None
    crt, defense = att["crt"], att["defense"]
    attack_after = att["attack"] * (1 - tired["attack"] / printed)
    if attack_after <= 0:
        return None
    cols = CH.crts[crt].columns
    for inf in (True, False):  # which cap applies (L467, L919): the one that gives today's column
        if CH.odds_column(crt, att["attack"], defense, infantry_capable=inf, shifts=shifts) != att["column"]:
            continue
        after = CH.odds_column(crt, attack_after, defense, infantry_capable=inf, shifts=shifts + gain)
        if after != "auto" and cols.index(after) > cols.index(att["column"]):
            return next(r for r in removes if r["remove"] == tired["id"])
        return None
    return None


def _strength(att: dict) -> float:
    """The column's ratio; a hex without defense strength falls without a die (ruling C25)."""
    col = att.get("column")
    if col == "auto":
        return 100.0 if att.get("defense") == 0 and att.get("attack", 0) > 0 else 0.0
    if not col:
        return 0.0
    a, b = col.split(":")
    return int(a) / int(b)


def _good(att: dict) -> bool:
    return _strength(att) >= (1.5 if att.get("crt") == "mobile" else 2)


def _last_player_turn(board, side: str) -> bool:
    """The Central Powers' player turn of the last game turn: the campaign's last word (the
    Entente moves first, L102)."""
    return board["turn_index"] == board["turns"] - 1 and side == "central-powers"


def _worth(board, side: str, h: str | None, att: dict, jailers: set[str] | None = None) -> bool:
    """Whether to make the attack: at good odds; at 1:1 or better against a stack that shuts
    friendly units in a pocket (3G: cut off, they roll for their lives, 11F); in the last player
    turn of the game, at 1:1 or better against a place of one's own the enemy holds (what is
    not retaken now scores). ``jailers``: ``_jailers(board, side)``, when the caller has it."""
    if _good(att):
        return True
    if h in (jailers if jailers is not None else _jailers(board, side)) and _strength(att) >= 1:
        return True
    return _last_player_turn(board, side) and h in _guarded(side) and _strength(att) >= 1


def _best_attack(board, side, attacks):
    targets = board.get("targets") or {}
    jailers = _jailers(board, side)
    # in the last turn, the own places the enemy holds first: what is not retaken now scores
    final = set(_guarded(side)) if board["turn_index"] == board["turns"] - 1 else set()
    scored = []
    for a in attacks:
        t = targets.get(a["attack"])
        if t and _worth(board, side, a["attack"], t, jailers):
            scored.append((a["attack"] not in final, a["attack"] not in jailers, -_strength(t), a["attack"], a))
    if not scored:
        return None
    scored.sort(key=lambda x: x[:4])
    return scored[0][4]


def _jailers(board, side: str) -> set[str]:
    """The enemy stacks next to friendly fighting units that are cut off (3G): breaking one may
    open the way out."""
    from .world import NEIGHBOURS

    units = board.get("units", ())
    pocket = {u["hex"] for u in units if u["side"] == side and u.get("supply") == "isolated" and not UNITS[u["id"]].hq}
    if not pocket:
        return set()
    enemy = {u["hex"] for u in units if u["side"] != side} | {
        h["hex"] for h in board.get("hidden", ()) if h["side"] != side
    }
    return {e for h in pocket for e in NEIGHBOURS[h] if e in enemy}


def garrisons(side: str) -> frozenset:
    """The hexes the side must not leave empty: the places the enemy scores 3 VP or more for,
    and the places of the enemy's sudden death."""
    if side not in _GARRISONS:
        from .scenario import Location

        enemy = OTHER[side]
        places = {v.place for v in SC.victory_places if v.scorer == enemy and v.vp >= 3}
        places |= {sd.place for sd in SC.sudden_death if sd.side == enemy}
        _GARRISONS[side] = frozenset(start_hex(Location(place=p)) for p in places)
    return _GARRISONS[side]


_GARRISONS: dict[str, frozenset] = {}


def _keepers(board, side) -> set[str]:
    """The unit that stays in each garrison beside its fortress unit (which never moves, and
    alone falls to the first attack): the first field unit there. None in the last player turn
    of the Central Powers, after which only reactions come."""
    if _last_player_turn(board, side):
        return set()
    held: dict[str, str] = {}
    for u in board["units"]:
        rec = UNITS[u["id"]]
        if u["side"] == side and not rec.hq and not rec.fortress and u["hex"] in garrisons(side):
            held.setdefault(u["hex"], u["id"])
    return set(held.values())


def _lost(board, side) -> list[str]:
    """The side's own places the enemy owns and no unit of the side has entered yet (5B: the
    unit's hex is its own at the end of the phase)."""
    here = {u["hex"] for u in board["units"] if u["side"] == side and not UNITS[u["id"]].hq}
    return [h for h in _guarded(side) if board["owner"].get(h, _home(h)) != side and h not in here]


def _pick_unit(board, side, picks):
    mine = {u["id"]: u for u in board["units"] if u["side"] == side}
    keep = _keepers(board, side)
    fresh = [a for a in picks if not mine.get(a["unit"], {}).get("moved") and a["unit"] not in keep]
    if not fresh:
        return None
    # the units sent to take back places first, HQs last: they follow their army
    sent = _reclaim(board, side, _lost(board, side))
    fresh.sort(key=lambda a: (a["unit"] not in sent, UNITS[a["unit"]].hq, a["unit"]))
    return fresh[0]


def lifeline(board, side: str, margin: int = 0) -> set[str]:
    """The hexes from which the side can still trace a line to its sources through hexes
    without enemy units or enemy ZOC (unless a friendly unit stands there): what its view shows
    of 3G. A unit ending outside it will be isolated."""
    from .supply import sources
    from .world import LAND_SET, NEIGHBOURS

    enemy = OTHER[side]
    blocked = {u["hex"] for u in board["units"] if u["side"] == enemy}
    blocked |= {h["hex"] for h in board["hidden"] if h["side"] == enemy}
    own = {u["hex"] for u in board["units"] if u["side"] == side}
    ezoc = set(board["zoc"].get(enemy, ()))
    for _ in range(margin):  # where the enemy's ZOC may reach after his next move
        ezoc |= {b for h in ezoc for b in NEIGHBOURS[h]}
    ezoc -= own
    passable = LAND_SET - blocked - ezoc
    start = [h for h in sources(side) if h in passable and board["owner"].get(h, _home(h)) == side]
    return _joined(passable, start)


def _joined(passable: set[str], start: list[str], closed: set[str] = frozenset()) -> set[str]:
    """The hexes of ``passable`` (less ``closed``) joined by land to one of ``start``."""
    from .world import NEIGHBOURS

    seen = {h for h in start if h not in closed}
    todo = list(seen)
    while todo:
        h = todo.pop()
        for b in NEIGHBOURS[h]:
            if b in passable and b not in seen and b not in closed:
                seen.add(b)
                todo.append(b)
    return seen


class _Ring:
    """The enemy's lines to his sources as the view shows them (3G, as ``lifeline`` sees them
    for him): which of his stacks a friendly unit standing in a hex would cut off."""

    def __init__(self, board, side: str, theirs: dict):
        from .supply import sources
        from .world import LAND_SET

        enemy = OTHER[side]
        mine = {u["hex"] for u in board["units"] if u["side"] == side}
        self.theirs = theirs
        self.held = set(theirs)
        zoc = set(board["zoc"].get(side, ())) - self.held  # his own units open the hex to him
        self.passable = LAND_SET - mine - zoc
        self.start = [h for h in sources(enemy) if h in self.passable and board["owner"].get(h, _home(h)) == enemy]
        joined = _joined(self.passable, self.start)
        self.free = {e for e in theirs if e in joined}

    def cut(self, h: str, reaches: bool) -> int:
        """The enemy counters a unit in ``h`` (with a ZOC into the hexes around it, or not)
        would cut off from their sources, unless they break out."""
        from .world import ZOC_NEIGHBOURS

        if not self.free:
            return 0
        closed = {h, *(ZOC_NEIGHBOURS.get(h, ()) if reaches else ())} - self.held
        if self.passable.isdisjoint(closed):
            return 0
        joined = _joined(self.passable, self.start, closed)
        return sum(self.theirs[e][2] for e in self.free if e not in joined)


RING = 2.0  # the worth of each enemy counter a move cuts off (3G: isolated, he rolls for his life, 11F)


def _distance_from(hexes: set[str]) -> dict[str, int]:
    """Steps over land from the nearest of ``hexes``."""
    from .world import LAND_SET, NEIGHBOURS

    out = {h: 0 for h in hexes}
    todo = list(hexes)
    while todo:
        nxt = []
        for h in todo:
            for b in NEIGHBOURS[h]:
                if b in LAND_SET and b not in out:
                    out[b] = out[h] + 1
                    nxt.append(b)
        todo = nxt
    return out


def _guarded(side: str) -> list[str]:
    """The side's own places that the enemy scores for taking."""
    from .scenario import Location

    if side not in _GUARDED:
        _GUARDED[side] = [start_hex(Location(place=v.place)) for v in SC.victory_places if v.scorer == OTHER[side]]
    return _GUARDED[side]


_GUARDED: dict[str, list[str]] = {}


def _home(h: str) -> str | None:
    c = MAP.country.get(h)
    return {"germany": "central-powers", "russia": "entente"}.get(c)


HIDDEN_STRENGTH = 8  # what a counter out of contact is guessed to be worth


def _forces(board, side):
    """What the view shows of each side's stacks: hex -> (attack, defense, counters)."""
    out = {side: {}, OTHER[side]: {}}
    for u in board["units"]:
        if UNITS[u["id"]].hq:
            continue
        a, d, n = out[u["side"]].get(u["hex"], (0.0, 0.0, 0))
        out[u["side"]][u["hex"]] = (a + u["attack"], d + u["defense"], n + 1)
    for h in board["hidden"]:
        a, d, n = out[h["side"]].get(h["hex"], (0.0, 0.0, 0))
        guess = HIDDEN_STRENGTH * h["count"]
        out[h["side"]][h["hex"]] = (a + guess, d + guess, n + h["count"])
    return out


def _destination(board, side, kinds, rng):
    """Where the selected unit goes: next to an enemy stack it can help attack at good odds, or
    toward the enemy and the side's objectives; never where it would be cut off (3G), nor alone
    against a much stronger enemy; an Army HQ stays behind its units."""
    from .world import NEIGHBOURS

    uid = board["selected"][0]
    me = next(u for u in board["units"] if u["id"] == uid)
    here = me["hex"]
    enemy_side = OTHER[side]
    forces = _forces(board, side)
    mine, theirs = forces[side], forces[enemy_side]
    if not UNITS[uid].hq and here in mine:  # the unit's own strength is not where it stands any more
        a, d, n = mine[here]
        mine = dict(mine)
        mine[here] = (a - me["attack"], d - me["defense"], n - 1)
    targets = list(theirs) or goals(side)
    u = UNITS[uid]
    safe = lifeline(board, side)
    sound = lifeline(board, side, margin=1)  # still joined if the enemy closes in a hex
    near_rail, fed = view_supply(board, side)
    fed_me = fed.get(u.nationality, near_rail)  # 11B: where its general supply reaches now
    out_now = me.get("supply", "general") != "general"
    away = _distance_from(safe)
    listed = kinds.get("to", [])
    # from the first list (regular movement) the bot weighs every way and names the way of the
    # best; from a way it named, what that way lists
    options = listed if board.get("way") is not None else _every_way(board) or listed
    # how much attack already stands next to each enemy stack
    pressure = {e: sum(mine[b][0] for b in NEIGHBOURS[e] if b in mine and mine[b][2] > 0) for e in theirs}
    # and what could still join it this phase: units that have not moved, within three hexes
    coming = {e: 0.0 for e in theirs}
    for o in board["units"]:
        if o["side"] != side or o["id"] == uid or o.get("moved") or UNITS[o["id"]].hq:
            continue
        for e in theirs:
            if 1 < dist(o["hex"], e) <= 3:
                coming[e] += o["attack"]

    # the invader first: enemy stacks on the side's own soil, and its own places the enemy holds
    home = "central-powers" if side == "central-powers" else "entente"
    invaders = [e for e in theirs if _home(e) == home]
    lost = _lost(board, side)
    objectives = lost or [g for g in goals(side) if board["owner"].get(g, _home(g)) != side] or goals(side)

    task = _reclaim(board, side, lost).get(uid)
    ezoc_now = set(board["zoc"].get(enemy_side, ()))

    prey = _prey(board, side)
    if prey:  # the HQs another fighting unit already stands next to are spoken for
        beside = {b for o in mine if mine[o][2] > 0 for b in NEIGHBOURS[o]}
        prey = {e: v for e, v in prey.items() if e not in beside}
    leaving = uid in _leaving(side, board["turn_index"])
    jailers = _jailers(board, side)
    ring = _Ring(board, side, theirs) if not u.hq and theirs else None
    reaches = u.reaches and not me.get("cadre")
    final = _last_player_turn(board, side)
    if not u.hq and board["phase"] in ("reaction-movement", "exploitation") and _escort(board, side, uid, here):
        # the last fighting unit with an Army HQ stays: the HQ may not follow in a reaction
        # (14M1) and has spent its MPs by now, and alone it falls to any overrun (6F, 9G1)
        return _hold(kinds)
    if final and not u.hq and here in _guarded(side) and mine.get(here, (0, 0, 0))[2] == 0:
        # the campaign's last word: the only unit in a place of its own stays, or the enemy's ZOC
        # takes the place back the moment it leaves (5B), and what he owns at the end scores
        return _hold(kinds)

    def score(h: str) -> float:
        if task is not None and (h in safe or not safe.isdisjoint(NEIGHBOURS[h])):
            # the unit sent to take back a place: into it, or next to it where its ZOC takes an
            # uncontested hex (5B; a city of 3E2, a town or a fortress too, must be entered); a
            # hex next to the lifeline joins it once the unit stands in it
            if task in theirs:  # held: next to it, to attack
                return 48.0 - dist(h, here) * 0.01 if h in NEIGHBOURS[task] else 40.0 - 2 * dist(h, task)
            if h == task:
                return 50.0
            if me["zoc"] and task not in OWNED_BY_OCCUPATION and task not in ezoc_now and h in NEIGHBOURS[task]:
                return 45.0 - dist(h, here) * 0.01
            return 40.0 - 2 * dist(h, task)
        d_enemy = min((dist(h, e) for e in (invaders or targets)), default=0)
        d_goal = min((dist(h, g) for g in objectives), default=0)
        friends = mine.get(h, (0, 0, 0))[2]
        s_ = 0.0
        # the line keeps together: a hex of the enemy's ZOC is entered only where friends
        # already stand (a unit that steps alone next to the enemy is the one he rings)
        if h not in safe:
            s_ -= 20 + 3 * away.get(h, 20)  # 3G: cut off; the nearer the way out the better
        elif h not in sound:
            # a pocket the enemy can close; a unit the OB withdraws next turn stays with the
            # enemy's VP if it is cut off when it is due (16A1), and one already out of supply
            # rolls for attrition if it is still out next turn (11F); any unit cut off loses its
            # general supply with the enemy's next move, and its life to two rolls after it
            s_ -= 12 if leaving or out_now else 8
        elif h not in fed_me and not u.hq:
            # 11F: out of general supply its strength is halved or quartered, and a second turn
            # out while cut off is a roll for its life; one already out comes back in
            s_ -= 10 if out_now else 2
        if u.hq:
            # behind the front, always inside a stack of fighting units: alone, any cavalry
            # raid overruns it (6F at 12:1 against a defense of 0)
            s_ -= abs(d_enemy - 3) * 2
            s_ -= min((dist(h, o) for o in mine if mine[o][2] > 0), default=0)
            if friends == 0:
                s_ -= 8
            elif d_enemy <= 1:
                s_ -= 4
            if u.army_hq:  # 11B2: its units trace general supply to it, 3 hexes overland; those
                # beyond the rail net's reach need it most
                room = 3 - me.get("carry", 0)  # 11H: and it takes up Res Pts for combat supply (11D)
                s_ += min(room, board["res"][side].get(h, 0))
                s_ += 0.5 * min(sum(n for o, (_, _, n) in mine.items() if n > 0 and dist(h, o) <= 3), 12)
                needy = sum(n for o, (_, _, n) in mine.items() if n > 0 and o not in near_rail and dist(h, o) <= 3)
                s_ += 0.5 * min(needy, 12)
                if d_enemy <= 1:
                    s_ -= 8  # lost with it: the general supply of all of them (L495)
                # and never behind a guard the enemy near it could break: the HQ goes if its hex
                # is emptied (9D), and the enemy scores it
                guard = mine.get(h, (0, 0, 0))[1]
                danger = sum(theirs[e][0] for e in theirs if dist(h, e) <= 2)
                if danger > 2 * guard:
                    s_ -= 6
            return s_
        near = [e for e in NEIGHBOURS[h] if e in theirs]
        if near:
            best = max((pressure[e] + coming[e] + me["attack"]) / max(theirs[e][1], 1) for e in near)
            s_ += 3 * min(best, 3) if best >= 1.5 else (best - 1.5) * 2
            threat = sum(theirs[e][0] for e in near)
            hold = mine.get(h, (0, 0, 0))[1] + me["defense"]
            if threat > 3 * hold:
                s_ -= 3  # it would be overrun or broken
            if friends == 0 and (u.artillery or u.size == "brigade") and threat > hold:
                s_ -= 5  # a gun line or a brigade alone in the front line is a free kill
            if not jailers.isdisjoint(near):
                s_ += 4  # to break the ring round friends cut off (3G)
        else:
            s_ -= d_enemy * 0.8
        s_ -= d_goal * (2.5 if lost and final else 0.8 if lost else 0.3)
        if final and any(e in theirs and e in lost for e in NEIGHBOURS[h]):
            s_ += 10  # next to a place of one's own the enemy holds: attack it (5B)
        if h in lost and friends == 0 and (h in safe or not safe.isdisjoint(NEIGHBOURS[h])):
            s_ += 30 if final else 3  # retake the place: a unit in it owns it (5B)
        s_ += min(friends, 2) * 0.5
        if board["owner"].get(h) == enemy_side or _enemy_land(h, side):
            s_ += 0.3
        if prey and me["attack"] > 0:
            s_ += max((prey[e] for e in NEIGHBOURS[h] if e in prey), default=0.0)
        if ring is not None and h in safe and d_enemy <= 3:
            s_ += RING * min(ring.cut(h, reaches), 4)  # close the ring round enemy stacks (3G)
        return s_

    best = None
    best_score = score(here) + 0.3  # a move must be worth it
    for a in options:
        if a.get("overrun"):
            best = a
            break
        sc = score(a["to"]) - (0.2 if a.get("by") == "accel" else 0) + rng.random() * 0.05
        if task is not None and a["to"] != task and a.get("by") in ("accel", "rail", "strat"):
            sc -= 6  # 5A: after accel or rail movement its ZOC does not take the place
        if sc > best_score:
            best, best_score = a, sc
    if best is not None:
        if best in listed:
            return best
        switch = {"way": way_of_move(best)}  # sequence.Destination's lists, one a way
        if switch in kinds.get("way", []):
            return switch
    if "build" in kinds and any(dist(here, e) <= 2 for e in theirs):
        return kinds["build"][0]  # 13A1a: dig in where the enemy is near
    if me.get("fat") and "rest" in kinds:
        return kinds["rest"][0]  # 6B4: a unit that stays anyway rests off its fatigue
    return _hold(kinds)


def _every_way(board) -> list[dict]:
    """The moves open to the selected units by every way, as the view shows them (its reach and
    its overruns), in the order the lists give them."""
    out = []
    for h, ways in sorted((board.get("reach") or {}).items()):
        for by in ways:
            out.append({"to": h} if by == "march" else {"to": h, "by": by})
    out += [{"to": h, "overrun": True} for h in board.get("overruns") or ()]
    return out


ARMY_HQ_PREY = 10.0  # next to an enemy Army HQ standing alone: the VP of a division and more
CORPS_HQ_PREY = 2.0


def _prey(board, side: str) -> dict[str, float]:
    """The enemy HQs the view shows standing without fighting units: a defense of 0, which any
    attack eliminates (9G1) and any unit may overrun (6F); an Army HQ is worth VP. Hex -> worth."""
    out: dict[str, float] = {}
    guarded = {h["hex"] for h in board["hidden"] if h["side"] != side}
    for u in board["units"]:
        if u["side"] == side:
            continue
        rec = UNITS[u["id"]]
        if not rec.hq:
            guarded.add(u["hex"])
        else:
            out[u["hex"]] = out.get(u["hex"], 0.0) + (ARMY_HQ_PREY if rec.army_hq else CORPS_HQ_PREY)
    return {h: v for h, v in out.items() if h not in guarded}


def _hold(kinds: dict):
    """The unit ends its movement where it stands (6), or, where it may not, is put back."""
    return kinds["stay"][0] if "stay" in kinds else kinds.get("cancel", kinds.get("to", [None]))[0]


def _escort(board, side: str, uid: str, here: str) -> bool:
    """Whether ``uid`` is the only fighting unit of the side in a hex with one of its Army HQs."""
    there = [u["id"] for u in board["units"] if u["side"] == side and u["hex"] == here]
    return any(UNITS[u].army_hq for u in there) and [u for u in there if not UNITS[u].hq] == [uid]


def _reclaim(board, side: str, lost: list[str]) -> dict[str, str]:
    """In the last turn, for each of the side's own places the enemy owns: if no enemy unit
    holds it, the nearest fighting unit that has not moved, sent to take it back (5B); if enemy
    units hold it, the nearest ones until their attack is twice the stack's defense, sent next
    to it to attack (9). The enemy's places no enemy unit holds go to units that get there this
    phase: what a side owns at the end scores (5B). Unit -> place; the most valuable places are
    served first."""
    if board["turn_index"] < board["turns"] - 1:
        return {}
    held = {u["hex"] for u in board["units"] if u["side"] != side} | {h["hex"] for h in board["hidden"]}
    # and the enemy's places no enemy unit holds: what a unit walks into now scores (5B)
    prizes = [g for g in goals(side) if board["owner"].get(g, _home(g)) != side and g not in held]
    if not lost and not prizes:
        return {}
    theirs = _forces(board, side)[OTHER[side]]
    keep = _keepers(board, side)
    units = {u["id"]: u for u in board["units"]}
    free = {
        u["id"]: u["hex"] for u in board["units"] if u["side"] == side and _may_move(u, board) and u["id"] not in keep
    }
    vp = _place_vp(OTHER[side]) | _place_vp(side)
    out: dict[str, str] = {}
    # the empty places first, each to a unit near it: those it can reach or stand next to this
    # phase before those it cannot, then the nearest pairs first, a point of VP worth a hex
    empty = [h for h in lost if h not in held] + prizes

    def far(uid: str, h: str) -> bool:
        u = units[uid]
        return dist(free[uid], h) > u["movement"] - u.get("spent", 0) + 1

    pairs = sorted(
        (far(u, h), dist(free[u], h) - vp.get(h, 0), u, h) for u in free for h in empty if dist(free[u], h) <= 12
    )
    for away, _, uid, place in pairs:
        if away and place in prizes:
            continue  # a town of the enemy's only for a unit that gets there now
        if uid in free and place in empty:
            out[uid] = place
            del free[uid]
            empty.remove(place)
    for place in sorted(lost, key=lambda h: (-vp.get(h, 0), h)):
        if place not in held:
            continue
        need = 2 * theirs.get(place, (0.0, 0.0, 0))[1]
        for uid in sorted(free, key=lambda k: (dist(free[k], place), k)):
            if need <= 0 or dist(free[uid], place) > 6:
                break
            if units[uid]["attack"] > 0:
                out[uid] = place
                need -= units[uid]["attack"]
        for uid in out:
            free.pop(uid, None)
    return out


def _leaving(side: str, turn_index: int) -> frozenset:
    """The side's units that the scenario withdraws at the start of the next game turn."""
    out = set()
    for wd in SC.withdrawals:
        if wd.side == side and TURNS.index(wd.turn) == turn_index + 1:
            out.update(wd.units)
    return frozenset(out)


def _may_move(u: dict, board) -> bool:
    """What the view shows of 6: a fighting unit that can move and has not moved this phase."""
    rec = UNITS[u["id"]]
    if u.get("moved") or rec.hq or rec.fortress or u["movement"] <= 0 or u.get("spent", 0) >= u["movement"]:
        return False
    return not (rec.frozen_until and board["turn_index"] < TURNS.index(rec.frozen_until))


@lru_cache(maxsize=None)
def _place_vp(scorer: str) -> dict[str, float]:
    from .scenario import Location

    return {start_hex(Location(place=v.place)): v.vp for v in SC.victory_places if v.scorer == scorer}


def _enemy_land(h: str, side: str) -> bool:
    c = MAP.country.get(h)
    return (c == "russia") if side == "central-powers" else (c == "germany")


BOTS = {"heuristic": heuristic}
