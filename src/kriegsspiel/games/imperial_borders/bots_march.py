"""Imperial Borders: heuristic policies for secret orders and On the March.

``POLICIES[state](s, f, role, actions) -> action``: ``s`` is the state as ``role``
may see it (the lead's board: its own orders, the map, every Force), ``f`` the
particulars of a question put to it alone (empty for the simultaneous plotting).
Every policy returns one of ``actions``.

The plan, in short:
- Plot: keep a force in the Capital; send spare Land Units to the nearest
  Independent Territories nobody holds (to annex) and against weak enemy
  territories; send Ships to Independent Ports to seize them, with a Land Unit
  left behind to sail with them when the Port's Interior is worth annexing.
  Paths from one region never branch or converge (L420): a Ship whose own plan
  would, sails with the order already plotted from its Port.
- March: fight where clearly stronger; cancel orders that would walk into a far
  stronger enemy; load passengers before a Ship leaves for an Independent Port,
  seize it on arrival and unload into an Interior to annex; ride Cavalry on into
  empty Independent Territories; end steps when nothing useful is left.
- Permissions: refuse the Prestige leader and whoever moves into our lands or
  manages Cargo in our Ports; grant the rest (team-mates are never asked).
"""

from __future__ import annotations

from collections import deque

from ...engine.memo import Memo
from .board import fort_hp, opposing, out_of_action, same_team
from .data import pack
from .orders import LAND_RANGE, SHIP_RANGE, clashing, next_regions, order_kind

MOVE_PREFERENCE = ("cavalry", "half-infantry", "full-infantry", "cannon", "frigate", "ship-of-the-line")
STAY_PREFERENCE = ("cannon", "full-infantry", "half-infantry", "cavalry", "ship-of-the-line", "frigate")


# ----- reading the board -------------------------------------------------------------------


def power(s: dict, fids) -> int:
    """Battle dice of some forces, roughly (L1026): White and Black dice, elite +1."""
    units = pack().units
    total = 0
    for fid in fids:
        f = s["forces"][fid]
        u = units[f["type"]]
        if u.kind == "ship":
            total += max(0, u.black - f["damage"]) if not out_of_action(s, fid) else 0
        else:
            total += u.white + u.black
        total += 1 if f["elite"] else 0
    return total


def defence(s: dict, region: str, nation: str) -> int:
    """The dice another team could bring to bear in ``region``: its Forces and Fortification."""
    p = pack()
    foes = [
        fid
        for fid, f in s["forces"].items()
        if f["at"] == region and f["cargo_of"] is None and not same_team(s, f["nation"], nation)
    ]
    total = power(s, foes)
    owner = s["control"].get(region)
    if owner is not None and not same_team(s, owner, nation) and fort_hp(s, region) > 0:
        tier = p.territories[region].tier if region in p.territories else p.ports[region].tier
        total += max(0, p.forts[tier].dice - s["damage"].get(region, 0))
    return total


def land_units(s: dict, region: str, nation: str | None = None) -> list[str]:
    units = pack().units
    return [
        fid
        for fid, f in s["forces"].items()
        if f["at"] == region
        and f["cargo_of"] is None
        and units[f["type"]].kind == "land"
        and (nation is None or f["nation"] == nation)
    ]


def mine_at(s: dict, region: str, role: str, kind: str) -> list[str]:
    units = pack().units
    return [
        fid
        for fid, f in s["forces"].items()
        if f["at"] == region and f["nation"] == role and f["cargo_of"] is None and units[f["type"]].kind == kind
    ]


def prestige_leader(s: dict) -> str | None:
    scores = s.get("prestige") or {}
    if not scores:
        return None
    best = max(scores.values())
    top = [n for n, v in scores.items() if v == best]
    return top[0] if len(top) == 1 and best > 0 else None


def hostile(s: dict, role: str, other: str) -> bool:
    """A nation to refuse: the Prestige leader, or one holding our homeland."""
    if same_team(s, role, other):
        return False
    if prestige_leader(s) == other:
        return True
    homeland = pack().nations[role].homeland
    return any(s["control"].get(t) == other for t in homeland)


def annex_target(s: dict, region: str, role: str) -> bool:
    """An Independent Territory, open, where we have no Land Unit yet."""
    p = pack()
    if region not in p.territories or region in s["control"] or not p.territories[region].independent:
        return False
    if any(region in p.no_entry[n] for n in s["neutral"]):
        return False
    return not land_units(s, region, role)


def worth_unloading(s: dict, interior: str | None, role: str) -> bool:
    """An Interior to land in: independent, or held by another team."""
    if interior is None:
        return False
    owner = s["control"].get(interior)
    return owner is None or not same_team(s, owner, role)


# ----- Phase 2: plotting ----------------------------------------------------------------------


def land_paths(s: dict, origin: str) -> list[list[str]]:
    """Every path a Land Unit may be plotted along from ``origin``, shortest first."""
    out = []
    for r1 in next_regions(s, origin, []):
        out.append([r1])
    if LAND_RANGE > 1:
        for r1 in next_regions(s, origin, []):
            for r2 in next_regions(s, origin, [r1]):
                if r2 != origin:
                    out.append([r1, r2])
    return out


def sea_paths(s: dict, origin: str) -> dict[str, list[str]]:
    """The shortest path for Ships from ``origin`` to every region within range."""
    best: dict[str, list[str]] = {}
    todo = deque([[]])
    while todo:
        path = todo.popleft()
        for r in next_regions(s, origin, path):
            if r not in best and r != origin:
                best[r] = path + [r]
                todo.append(path + [r])
    return best


def ship_targets(s: dict, role: str, origin: str, claimed: set, paths: dict | None = None) -> list[str] | None:
    """The best Independent Port to sail for (to seize it), or None."""
    p = pack()
    options = []
    for region, path in (paths if paths is not None else sea_paths(s, origin)).items():
        if region not in p.ports or region in s["control"] or region in claimed:
            continue
        rivals = [
            fid
            for fid, f in s["forces"].items()
            if f["at"] == region and not same_team(s, f["nation"], role) and f["cargo_of"] is None
        ]
        if rivals:
            continue
        interior = p.ports[region].territory
        score = 10 if interior is not None and annex_target(s, interior, role) else 6
        options.append((-score + 0.5 * len(path), region, path))
    if not options:
        return None
    options.sort()
    return options[0][2]


def cargo_room(s: dict, ship: str) -> int:
    """Cargo spaces left on a Ship (a Half Infantry takes 1, other Land Units 2)."""
    units = pack().units
    used = sum(units[f["type"]].cargo_size for f in s["forces"].values() if f["cargo_of"] == ship)
    return units[s["forces"][ship]["type"]].cargo_capacity - used


def landing_value(s: dict, role: str, port: str, carried: int, claimed: set) -> float | None:
    """What landing through ``port`` is worth to a Ship bringing ``carried`` dice: an
    Independent Territory to annex, or a weakly held enemy one; None if the Port would
    not let the Cargo off (another team's Forces in it, or its Fortification standing)."""
    p = pack()
    interior = p.ports[port].territory
    if interior is None or opposing(s, port, role):
        return None  # L483-487: an opposed Port, or a foreign one with its Fortification
    if any(interior in p.no_entry[n] for n in s["neutral"]):
        return None
    if interior in claimed or port in claimed:
        return 3 if staging(s, interior, role) else None  # many may gather there
    if annex_target(s, interior, role):
        foes = len(land_units(s, interior))
        return 12 - 3 * foes
    owner = s["control"].get(interior)
    if interior in p.territories and owner is not None and not same_team(s, owner, role):
        if defence(s, interior, role) * 1.5 <= carried:
            return 7 + 2 * p.territories[interior].value
    if staging(s, interior, role):
        return 3
    return None


def landing_place(s: dict, interior: str | None, role: str) -> bool:
    """Where passengers are worth carrying to: land to take, or one of our Territories to
    march on from (the landings ``landing_value`` plans)."""
    return worth_unloading(s, interior, role) or staging(s, interior, role)


def staging(s: dict, interior: str | None, role: str) -> bool:
    """One of our Territories next to land worth marching into: a place to land
    passengers that have nowhere better to go."""
    if interior is None or s["control"].get(interior) != role:
        return False
    p = pack()
    for r in p.land_neighbours(interior):
        if annex_target(s, r, role):
            return True
        owner = s["control"].get(r)
        if r in p.territories and owner is not None and not same_team(s, owner, role):
            return True
    return False


def passengers(s: dict, role: str, port: str, reserved: dict) -> list[str]:
    """Our Land Units in ``port``'s Interior that could board there, beyond the Capital's
    garrison and those already promised to other Ships."""
    p = pack()
    if port not in p.ports:
        return []
    interior = p.ports[port].territory
    if interior is None or opposing(s, port, role) or opposing(s, interior, role):
        return []  # L486: loading needs the Port and its Interior free of opposing Forces
    here = mine_at(s, interior, role, "land")
    keep = (1 if interior == p.nations[role].capital else 0) + reserved.get(interior, 0)
    return here[keep:] if len(here) > keep else []


def board_count(s: dict, ship: str, fids: list[str]) -> int:
    """How many of ``fids`` (smallest first) fit aboard ``ship``."""
    units = pack().units
    room = cargo_room(s, ship)
    n = 0
    for fid in sorted(fids, key=lambda x: units[s["forces"][x]["type"]].cargo_size):
        room -= units[s["forces"][fid]["type"]].cargo_size
        if room < 0:
            break
        n += 1
    return n


def best_landing(s: dict, role: str, paths: dict, carried: int, claimed: set, prefix: list | None = None):
    """The best (score, path) landing among ``paths`` (from the end of ``prefix``)."""
    p = pack()
    prefix = prefix or []
    best = None
    for region, path in paths.items():
        if region not in p.ports or len(prefix) + len(path) > SHIP_RANGE:
            continue
        value = landing_value(s, role, region, carried, claimed)
        if value is None:
            continue
        full = prefix + path
        key = (value - 0.4 * len(full), region)
        if best is None or key > best[0]:
            best = (key, full)
    return best


def clashes(plan: list, origin: str, path: list[str]) -> bool:
    """L420, RULINGS M19 ``path`` would branch from, or converge with, a path planned from ``origin``."""
    return any(o == origin and clashing(q, path) for o, q, _ in plan)


def plan_ships(s: dict, role: str, plan: list, claimed: set, reserved: dict) -> None:
    """Ships carry spare Land Units to Ports next to Independent Territories or weak
    enemies (load at home, sail, unload), fetch passengers from a home Port first when
    they have none, and otherwise seize Independent Ports. A Port touches only its Sea,
    so all paths from it would branch there (L420): a second Ship in a Port joins the
    order plotted from it (the group may leave Ships on the way, L553)."""
    p = pack()
    units = p.units
    ships = sorted(
        fid
        for fid, f in s["forces"].items()
        if f["nation"] == role
        and f["cargo_of"] is None
        and units[f["type"]].kind == "ship"
        and not out_of_action(s, fid)
    )
    used_paths: set = set()
    pickups: set = set()
    routes: dict = {}

    def paths_from(region):
        if region not in routes:
            routes[region] = sea_paths(s, region)
        return routes[region]

    def add(origin, path):
        key = (origin, tuple(path))
        if key in used_paths or clashes(plan, origin, path):
            return False
        used_paths.add(key)
        plan.append((origin, path, 1))
        return True

    for ship in ships:
        origin = s["forces"][ship]["at"]
        before = len(plan)
        plan_ship(s, role, ship, origin, add, paths_from, claimed, reserved, pickups)
        if len(plan) == before:  # nothing of its own: sail with the order from its region, if any
            for i, (o, q, n) in enumerate(plan):
                if o == origin:
                    plan[i] = (o, q, n + 1)
                    break


def plan_ship(s, role, ship, origin, add, paths_from, claimed, reserved, pickups) -> None:
    """One Ship's order (see ``plan_ships``), planned with ``add``."""
    p = pack()
    aboard = [x for x, f in s["forces"].items() if f["cargo_of"] == ship]
    here = paths_from(origin)
    free = passengers(s, role, origin, reserved)
    n = board_count(s, ship, free)
    if aboard or n:  # passengers aboard or at hand: load them here and sail
        landing = best_landing(s, role, here, power(s, aboard + free[:n]), claimed)
        if landing is not None and add(origin, landing[1]):
            claimed.add(landing[1][-1])
            claimed.add(p.ports[landing[1][-1]].territory)
            if n:
                interior = p.ports[origin].territory
                reserved[interior] = reserved.get(interior, 0) + n
            return
    # fetch passengers from one of our Ports, and sail on with them if in range
    fetch = None
    for port, path in here.items():
        if port in pickups or port == origin:
            continue
        free = passengers(s, role, port, reserved)
        n = board_count(s, ship, free)
        if not n:
            continue
        landing = best_landing(s, role, paths_from(port), power(s, free[:n]), claimed, path)
        score = (landing[0][0] + 2) if landing else 6 - 0.5 * len(path)
        key = (score, port)
        if fetch is None or key > fetch[0]:
            fetch = (key, port, landing[1] if landing else path, n)
    seize = ship_targets(s, role, origin, claimed, here)
    seize_score = None
    if seize is not None:
        interior = p.ports[seize[-1]].territory
        seize_score = (5 if interior is not None and annex_target(s, interior, role) else 2) - 0.5 * len(seize)
    if fetch is not None and (seize_score is None or fetch[0][0] >= seize_score):
        _, port, path, n = fetch
        if add(origin, path):
            pickups.add(port)
            interior = p.ports[port].territory
            reserved[interior] = reserved.get(interior, 0) + n
            if path[-1] != port:
                claimed.add(path[-1])
                claimed.add(p.ports[path[-1]].territory)
    elif seize is not None:
        if add(origin, seize):
            claimed.add(seize[-1])
    else:
        path = homeward(s, role, origin, here, reserved)
        if path is not None:
            add(origin, path)


def homeward(s: dict, role: str, origin: str, paths: dict, reserved: dict) -> list[str] | None:
    """With nothing to do in range, a Ship heads for the nearest of our Ports where
    passengers wait (as the crow flies), ending in one of our Ports or at sea."""
    p = pack()
    waiting = [
        p.ports[x]
        for x, owner in s["control"].items()
        if owner == role and x in p.ports and passengers(s, role, x, reserved)
    ]
    if not waiting:
        return None

    def dist(region):
        r = p.ports.get(region) or p.seas[region]
        return min((r.lat - w.lat) ** 2 + (r.lon - w.lon) ** 2 for w in waiting)

    here = dist(origin)
    options = [
        (dist(r), len(path), r, path)
        for r, path in paths.items()
        if r in p.seas or (s["control"].get(r) == role and not opposing(s, r, role))
    ]
    if not options:
        return None
    best = min(options)
    return best[3] if best[0] < here else None


def plan_orders(s: dict, role: str) -> list[tuple[str, list[str], int]]:
    """The orders the bot plots, from the map alone (so each step of the draft finds
    the same plan): (origin, path, count), at most one per path."""
    key = (
        role,
        s.get("round"),
        tuple(
            (x, f["at"], f["cargo_of"], f["damage"], f["nation"], f["type"], f["elite"]) for x, f in s["forces"].items()
        ),
        tuple(sorted(s["control"].items())),
        tuple(sorted(s["damage"].items())),
        tuple(sorted(s["teams"].items())),
        tuple(s["neutral"]),
    )
    if key in _PLANS:
        return list(_PLANS[key])
    plan = _plan_orders(s, role)
    _PLANS.keep(key, tuple(plan))
    return plan


_PLANS = Memo(256)


def _plan_orders(s: dict, role: str) -> list[tuple[str, list[str], int]]:
    p = pack()
    capital = p.nations[role].capital
    plan: list[tuple[str, list[str], int]] = []
    claimed: set = set()
    reserved: dict[str, int] = {}
    regions = sorted({f["at"] for f in s["forces"].values() if f["nation"] == role and f["cargo_of"] is None})
    to_goals: dict | None = None  # marches to the nearest land worth taking, found once if needed
    # Ships first: each carries passengers, fetches them, or seizes an Independent Port.
    plan_ships(s, role, plan, claimed, reserved)
    # Land Units: annex the nearest free territories, strike weak enemy ones.
    for region in regions:
        if region not in p.territories and region not in p.mountains:
            continue
        here = mine_at(s, region, role, "land")
        keep = 1 if region == capital else 0
        keep += reserved.get(region, 0)
        if region in p.territories and region not in s["control"] and p.territories[region].independent:
            foes = len(land_units(s, region)) - len(here)
            keep += 1 + foes  # stay to annex it, and to outroll whoever else is here (L781-796)
        spare = len(here) - keep
        if spare <= 0:
            continue
        strength = power(s, here) / max(1, len(here))
        options = []
        for path in land_paths(s, region):
            dest = path[-1]
            if any(opposing(s, r, role) for r in path[:-1]):
                continue  # would be blocked on the way (L545)
            if dest in p.mountains:
                continue
            if annex_target(s, dest, role):
                foes = len(land_units(s, dest)) - len(land_units(s, dest, role))
                need = 1 + foes
                options.append((-(10 - 3 * foes) + 0.5 * len(path), dest, path, need))
            elif contested_annexation(s, dest, role):
                ours = len(land_units(s, dest, role))
                foes = len(land_units(s, dest)) - ours
                need = foes + 1 - ours  # outroll them: each Land Unit brings its dice (L781)
                if need > 0:
                    options.append((-(9 - 2 * foes) + 0.5 * len(path), dest, path, need))
            elif dest in p.territories and s["control"].get(dest) not in (None, role):
                owner = s["control"][dest]
                if same_team(s, owner, role):
                    continue
                guard = defence(s, dest, role)
                need = max(1, int((guard * 1.6) // max(1.0, strength)) + 1)
                value = p.territories[dest].value
                options.append((-(6 + 2 * value) + 0.5 * len(path), dest, path, need))
        options.sort(key=lambda o: (o[0], o[1], o[2]))
        for _, dest, path, need in options:
            if spare <= 0:
                break
            if dest in claimed or need > spare or clashes(plan, region, path):
                continue  # L420 no two paths from one region may branch or converge
            claimed.add(dest)
            plan.append((region, path, need))
            spare -= need
        if spare > 0 and region not in p.mountains:
            if to_goals is None:
                to_goals = distances(s, goals(s, role))
            path = onward(s, role, region, plan, to_goals)
            if path is not None:
                plan.append((region, path, spare))
    return plan


def contested_annexation(s: dict, region: str, role: str) -> bool:
    """An Independent Territory where we and another team both have Land Units: the
    higher roll annexes it, a tie leaves it Independent (L781-796)."""
    p = pack()
    if region not in p.territories or region in s["control"] or not p.territories[region].independent:
        return False
    here = land_units(s, region)
    return any(s["forces"][x]["nation"] == role for x in here) and any(
        not same_team(s, s["forces"][x]["nation"], role) for x in here
    )


def goals(s: dict, role: str) -> set[str]:
    """Land worth marching on: Independent Territories open to annexation, and Territories
    of the other teams."""
    p = pack()
    out = set()
    for r in p.territories:
        if annex_target(s, r, role):
            out.add(r)
        else:
            owner = s["control"].get(r)
            if owner is not None and not same_team(s, owner, role):
                out.add(r)
    return out


def distances(s: dict, targets: set[str]) -> dict[str, int]:
    """Land marches from every land region to the nearest of ``targets`` (over Territories
    and Mountain Ranges, ignoring who stands where)."""
    p = pack()
    dist = {r: 0 for r in targets}
    todo = deque(targets)
    while todo:
        r = todo.popleft()
        for n in p.land_neighbours(r):
            if n not in dist and (n in p.territories or n in p.mountains):
                dist[n] = dist[r] + 1
                todo.append(n)
    return dist


def onward(s: dict, role: str, region: str, plan: list, to_goals: dict | None = None) -> list[str] | None:
    """Where spare Land Units with nothing in range go instead of idling: towards the
    nearest land worth marching on, or, with none within reach by land, to one of our
    Territories with a Port, where our Ships can take them on (L475-486)."""
    p = pack()
    dist = to_goals if to_goals is not None else distances(s, goals(s, role))
    here = dist.get(region)
    if here is None or here > 2 * LAND_RANGE + 2:
        coast = {
            x.territory
            for x in p.ports.values()
            if x.territory is not None and s["control"].get(x.territory) == role and s["control"].get(x.id) == role
        }
        if not coast or region in coast:
            return None
        dist, here = distances(s, coast), None
    best = None
    for path in land_paths(s, region):
        dest = path[-1]
        if dest in p.mountains or any(opposing(s, r, role) for r in path):
            continue
        owner = s["control"].get(dest)
        if dest in p.territories and owner is not None and owner != role:
            continue  # not into another nation's land without the strength to take it
        d = dist.get(dest)
        if d is None or (here is not None and d >= here) or clashes(plan, region, path):
            continue
        key = (d, len(path), path)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else None


def plot(s, f, role, actions):
    """orders_plot: follow ``plan_orders`` one step at a time."""
    plan = plan_orders(s, role)
    orders = s["orders"].get(role) or []
    draft = orders[-1] if orders and orders[-1]["status"] == "drafting" else None
    done = [(o["from"], o["path"], o["count"]) for o in orders if o["status"] != "drafting"]
    i = len(done)
    want = None
    if done != plan[:i]:
        want = "undo" if draft else "done"
    elif draft is not None:
        if i >= len(plan):
            want = "undo"
        else:
            origin, path, count = plan[i]
            k = len(draft["path"])
            if draft["from"] != origin or draft["path"] != path[:k]:
                want = "undo"
            elif k < len(path):
                want = {"to": path[k]}
            else:
                want = {"count": count}
    elif i < len(plan):
        want = {"from": plan[i][0]}
    else:
        want = "done"
    if want in actions:
        return want
    return "undo" if draft is not None and "undo" in actions else ("done" if "done" in actions else actions[0])


# ----- Phase 4 ----------------------------------------------------------------------------------


def disastrous(s: dict, role: str, order: dict) -> bool:
    """An order walking into a far stronger enemy: its destination holds more than twice
    the dice its forces could bring."""
    dest = order["path"][-1]
    guard = defence(s, dest, role)
    if guard == 0:
        return False
    here = mine_at(s, order["from"], role, order_kind(order["from"]) or "land")
    each = power(s, here) / max(1, len(here))
    return guard > 2 * each * order["count"]


def plotted(s: dict, role: str) -> list[tuple[int, dict]]:
    return [(i, o) for i, o in enumerate(s["orders"].get(role) or []) if o["status"] == "plotted"]


def good_battle(s: dict, role: str, actions: list, fought) -> dict | None:
    best = None
    for a in actions:
        if isinstance(a, dict) and "battle" in a and a["battle"] not in fought:
            region = a["battle"]
            mine = [
                fid
                for fid, f in s["forces"].items()
                if f["at"] == region
                and f["nation"] == role
                and f["cargo_of"] is None
                and "red" not in f["tags"]
                and "white" not in f["tags"]
            ]
            theirs = defence(s, region, role)
            ours = power(s, mine)
            if ours >= 4 and ours >= 1.4 * max(theirs, 1):
                ratio = ours / max(theirs, 1)
                if best is None or ratio > best[0]:
                    best = (ratio, a)
    return best[1] if best else None


def good_unload(s: dict, role: str, actions: list) -> dict | None:
    p = pack()
    for a in actions:
        if isinstance(a, dict) and "unload" in a:
            unit = s["forces"][a["unload"]]
            ship = s["forces"][unit["cargo_of"]]
            if unit["nation"] != role:
                continue
            interior = p.ports[ship["at"]].territory
            if "blue" in ship["tags"] and (worth_unloading(s, interior, role) or staging(s, interior, role)):
                cargo = [x for x, g in s["forces"].items() if g["cargo_of"] == unit["cargo_of"]]
                if defence(s, interior, role) <= 1.5 * power(s, cargo):
                    return a
    return None


def good_load(s: dict, role: str, actions: list, ships: set | None = None) -> dict | None:
    """Load a passenger onto a Ship about to sail for a Port whose Interior is worth
    landing in, keeping a force in the Capital."""
    p = pack()
    capital = p.nations[role].capital
    targets = {}
    for _, o in plotted(s, role):
        if o["from"] in p.ports:
            dest = o["path"][-1]
            if dest in p.ports and landing_place(s, p.ports[dest].territory, role):
                targets[o["from"]] = dest
    for a in actions:
        if isinstance(a, dict) and "load" in a:
            ship = s["forces"][a["onto"]]
            unit = s["forces"][a["load"]]
            if ship["nation"] != role or unit["nation"] != role:
                continue
            if ships is not None:
                if a["onto"] not in ships:
                    continue
            elif ship["at"] not in targets or "blue" in ship["tags"]:
                continue
            if unit["at"] == capital and len(land_units(s, capital, role)) <= 1:
                continue
            return a
    return None


def ride_target(s: dict, role: str, region: str) -> str | None:
    p = pack()
    for r in sorted(p.land_neighbours(region)):
        if annex_target(s, r, role) and not opposing(s, r, role):
            return r
    return None


def battles(s, f, role, actions):
    """march_battles (Steps B and D): fight where clearly stronger; in Step B cancel
    the orders that walk into disaster; in Step D unload and seize; then go on."""
    battle = good_battle(s, role, actions, f.get("fought") or [])
    if battle:
        return battle
    if f.get("step") == "pre":
        for i, o in plotted(s, role):
            if {"cancel": i + 1} in actions and disastrous(s, role, o):
                return {"cancel": i + 1}
        return "march"
    for a in actions:
        if isinstance(a, dict) and "seize" in a:
            return a
    unload = good_unload(s, role, actions)
    if unload:
        return unload
    return "end" if "end" in actions else actions[-1]


def orders_step(s, f, role, actions):
    """march_orders (Step C): seize, land passengers, load them before sailing, cancel
    disasters, execute Ships first then Land Units, ride on, end."""
    for a in actions:
        if isinstance(a, dict) and "seize" in a:
            return a
    unload = good_unload(s, role, actions)
    if unload:
        return unload
    load = good_load(s, role, actions)
    if load:
        return load
    p = pack()
    left = plotted(s, role)
    for i, o in left:
        if {"cancel": i + 1} in actions and disastrous(s, role, o):
            return {"cancel": i + 1}
    for i, _o in sorted(left, key=lambda io: (io[1]["from"] not in p.ports and io[1]["from"] not in p.seas, io[0])):
        if {"execute": i + 1} in actions:
            return {"execute": i + 1}
    for a in actions:
        if isinstance(a, dict) and "ride" in a and ride_target(s, role, s["forces"][a["ride"]]["at"]):
            return a
    return "end" if "end" in actions else actions[0]


def step(s, f, role, actions):
    """march_step: take on passengers for a landing, otherwise sail or march on."""
    if f.get("kind") == "ship":
        load = good_load(s, role, actions, ships=set(f.get("group") or []))
        dest = f.get("destination")
        p = pack()
        if load and dest in p.ports and landing_place(s, p.ports[dest].territory, role):
            return load
    return "continue" if "continue" in actions else actions[0]


def bonus(s, f, role, actions):
    """march_bonus: ride into an empty Independent Territory next door, if any."""
    target = ride_target(s, role, f.get("region"))
    if target:
        for a in actions:
            if isinstance(a, dict) and a.get("to") == target:
                return a
    return "done"


def pick(s, f, role, actions):
    """orders_pick: light, quick forces go; the heavy ones stay behind."""
    order = STAY_PREFERENCE if f.get("purpose") == "cancel" else MOVE_PREFERENCE
    return min(actions, key=lambda a: order.index(s["forces"][a["pick"]]["type"]))


def consent(s, f, role, actions):
    """march_consent: refuse a hostile nation and whoever comes into our lands or Ports."""
    asker = f.get("asker")
    if asker is None or hostile(s, role, asker):
        return "refuse"
    p = pack()
    purpose = f.get("purpose")
    region = f.get("region")
    if purpose == "exit":
        to = f.get("to")
        if to is not None and (s["control"].get(to) == role or to in p.nations[role].homeland):
            return "refuse"
        return "grant"
    if purpose == "cargo":
        interior = p.ports[region].territory if region in p.ports else None
        return "refuse" if interior is not None and s["control"].get(interior) == role else "grant"
    return "refuse"  # seizing a Port where our Ships lie


def trade(s, f, role, actions):
    """march_trade: the bot proposes no trades."""
    return "abandon"


def item_value(s: dict, item: dict) -> float:
    p = pack()
    if "gold" in item:
        return item["gold"]
    if "port" in item:
        return 4 * p.ports[item["port"]].value
    if "territory" in item:
        return 6 * p.territories[item["territory"]].value
    return p.units[s["forces"][item["force"]]["type"]].cost / 2


def trade_answer(s, f, role, actions):
    """march_trade_answer: accept a clearly good bargain from a friendly nation."""
    if hostile(s, role, f["proposer"]):
        return "refuse"
    return "accept" if item_value(s, f["give"]) > 1.2 * item_value(s, f["get"]) else "refuse"


POLICIES = {
    "orders_plot": plot,
    "orders_pick": pick,
    "march_battles": battles,
    "march_orders": orders_step,
    "march_step": step,
    "march_bonus": bonus,
    "march_consent": consent,
    "march_trade": trade,
    "march_trade_answer": trade_answer,
}
