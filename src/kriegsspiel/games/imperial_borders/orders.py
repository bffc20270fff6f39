"""Imperial Borders, Phase 2 - Plot Secret Orders (rulebook L406-498) and Phase 4
Step A - Review Orders (L516-535): plotting, review and dismissal, cancelling.

An order is ``{"from", "path", "count", "status"}`` in ``s["orders"][nation]``:
``from`` is the region of origin, ``path`` the regions entered in turn (the
origin left out; the last is the destination), ``count`` the destination dots
(L424), ``status`` "plotted", "dismissed", "cancelled" or "done". While a
nation plots, the order it is drawing stands last in its list with status
"drafting" and count 0; the lead's board shows a nation's orders to itself
only, until it becomes the Active Nation (L432, L514).

Plotting is one secret simultaneous choice (``ask_all``) built step by step
(``draft``): a region of origin, then each next region of the path, then the
number of forces; "undo" takes back the last step and "done" commits.
"""

from __future__ import annotations

from functools import cache

from ...engine import STAY, Procedure, State, ask, ask_all, log
from .board import BLUE, SHIPS, WHITE, in_play, name, region_name, tag
from .data import pack

LAND_RANGE = 2  # L434-441 Land Units: up to 2 land regions
SHIP_RANGE = 6  # L457-459 Ships: up to 6 regions

PLOTTED, DISMISSED, CANCELLED, DONE, DRAFTING = "plotted", "dismissed", "cancelled", "done", "drafting"


# ----- regions and forces -----------------------------------------------------------------


def order_kind(region: str) -> str | None:
    """L430, L449 An order from a Territory or Mountain Range moves Land Units; from a
    Port or an Open Sea, Ships (L457). None for anything else."""
    kind = pack().regions.get(region)
    if kind in ("territory", "mountain"):
        return "land"
    if kind in ("port", "sea"):
        return "ship"
    return None


def unit_kind(s: dict, fid: str) -> str:
    return pack().units[s["forces"][fid]["type"]].kind


def mobile(s: dict, nation: str, region: str, kind: str | None = None) -> list[str]:
    """L416 The nation's Mobile Forces in a region, Cargo excluded, of one kind if given."""
    units = pack().units
    out = []
    for fid, f in s["forces"].items():
        if f["at"] == region and f["nation"] == nation and f["cargo_of"] is None:
            if kind is None or units[f["type"]].kind == kind:
                out.append(fid)
    return out


def ready(s: dict, nation: str, region: str, kind: str) -> list[str]:
    """L543 Forces that may still form a group for an order from ``region``: present,
    not Cargo, and tagged neither Blue (moved or blocked) nor White (cancelled)."""
    forces = s["forces"]
    return [
        fid
        for fid in mobile(s, nation, region, kind)
        if BLUE not in forces[fid]["tags"] and WHITE not in forces[fid]["tags"]
    ]


def pending_dots(s: dict, nation: str, region: str) -> int:
    """Destination dots of the nation's orders from ``region`` still to be executed."""
    return sum(o["count"] for o in s["orders"].get(nation, ()) if o["from"] == region and o["status"] == PLOTTED)


def free(s: dict, nation: str, region: str, kind: str) -> list[str]:
    """Ready forces beyond those the pending orders from ``region`` will need: the ones
    without orders, which may load as Cargo or ride (RULINGS M6, M7). Force Types are
    chosen only when an order is executed (L430, L543), so any of the ready forces may
    be the free ones; this returns them all when at least one is free, else []."""
    here = ready(s, nation, region, kind)
    return here if len(here) > pending_dots(s, nation, region) else []


def signature(s: dict, fid: str) -> tuple:
    """What tells one force from another when choosing a group: type, elite, damage,
    Arrow Tags, Cargo aboard."""
    f = s["forces"][fid]
    aboard = ()
    if f["type"] in SHIPS:
        aboard = tuple(sorted(s["forces"][c]["type"] for c, g in s["forces"].items() if g["cargo_of"] == fid))
    return (f["nation"], f["type"], f["elite"], f["damage"], tuple(f["tags"]), aboard)


def representatives(s: dict, fids: list[str]) -> list[str]:
    """One force of each kind among ``fids`` (the first of each), in their order:
    choices stay short, and equal forces are never offered twice."""
    seen = set()
    out = []
    for fid in fids:
        sig = signature(s, fid)
        if sig not in seen:
            seen.add(sig)
            out.append(fid)
    return out


def where(region: str) -> str:
    """A region's name as a sentence needs it: 'the Port of Bari', 'the Adriatic Sea',
    'the Lepontine Alps', 'Bavaria'."""
    kind = pack().regions.get(region)
    if kind == "port":
        return f"the Port of {region_name(region)}"
    if kind in ("sea", "mountain"):
        return f"the {region_name(region)}"
    return region_name(region)


def forces_text(s: dict, fids: list[str]) -> str:
    units = pack().units
    words = []
    for fid in fids:
        f = s["forces"][fid]
        words.append(("elite " if f["elite"] else "") + units[f["type"]].name)
    return ", ".join(words) if words else "none"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def order_text(order: dict) -> str:
    """'3 forces from Bohemia-Styria through Bavaria to Württemberg'."""
    path = order["path"]
    via = f" through {', '.join(where(r) for r in path[:-1])}" if len(path) > 1 else ""
    dest = where(path[-1]) if path else "?"
    return f"{plural(order['count'], 'force')} from {where(order['from'])}{via} to {dest}"


# ----- paths ------------------------------------------------------------------------------


def next_regions(s: dict, origin: str, path: list[str]) -> list[str]:
    """The regions a path being plotted may enter next (L434-465):
    - Land Units through Territories and Mountain Ranges by land adjacency, at most 2
      regions; entering a White Mountain Range ends the path (L449-455). The diagonal,
      ridge-to-ridge and end-cap restrictions (L453-455) are in the map's adjacency.
    - Ships through Ports and Open Seas, at most 6 regions, doubling back allowed (L459).
    - Never into a region closed by a Neutral Nation (L249-254).
    Paths may double back (RULINGS M5)."""
    p = pack()
    kind = order_kind(origin)
    here = path[-1] if path else origin
    if kind == "land":
        if len(path) >= LAND_RANGE:
            return []
        if path and here in p.mountains and p.mountains[here].colour == "white":
            return []
    elif kind == "ship":
        if len(path) >= SHIP_RANGE:
            return []
    else:
        return []
    return list(_entered(kind, here, tuple(s["neutral"])))


@cache
def _entered(kind: str, here: str, neutral: tuple[str, ...]) -> tuple[str, ...]:
    """The neighbours of ``here`` by land or by sea, without those closed by the Neutrals."""
    p = pack()
    near = p.land_neighbours(here) if kind == "land" else p.sea_neighbours(here)
    closed = set().union(*(p.no_entry[n] for n in neutral))
    return tuple(sorted(r for r in near if r not in closed))


def clashing(path: list[str], other: list[str]) -> bool:
    """L420 "Do not plot paths that branch (or converge) after having left the region of
    origin": two paths from one origin clash when they have any region in common once
    they have left it. That covers identical paths, a path that is the start of another
    (it branches where the shorter one stops), paths that part after a shared step, and
    paths that meet again, in their destination or on the way (L424 circles dots to tell
    origins apart, not paths from one origin). One path may loop on itself (L459), and
    may come back into its origin, which the others only leave. Paths from different
    origins may cross and meet (L426: Spain's forces from the Mountain Range join those
    from Leon in Aragon-Catalonia, passing through Leon). RULINGS M19."""
    return not set(path).isdisjoint(other)


def taken(s: dict, nation: str, origin: str) -> set[str]:
    """L420 The regions the nation's committed paths from ``origin`` already enter: a new
    path from there may enter none of them."""
    out: set[str] = set()
    for o in committed(s, nation):
        if o["from"] == origin:
            out.update(o["path"])
    return out


def valid_path(s: dict, origin: str, path: list[str]) -> bool:
    """A path every step of which ``next_regions`` allows (L520-525 'out of range',
    'nonsensical')."""
    if not path:
        return False
    for i, region in enumerate(path):
        if region not in next_regions(s, origin, path[:i]):
            return False
    return True


# ----- Phase 2: plotting --------------------------------------------------------------------


def drafting(s: dict, nation: str) -> dict | None:
    orders = s["orders"].get(nation) or []
    return orders[-1] if orders and orders[-1]["status"] == DRAFTING else None


def committed(s: dict, nation: str) -> list[dict]:
    return [o for o in s["orders"].get(nation, ()) if o["status"] != DRAFTING]


def unordered(s: dict, nation: str, region: str) -> int:
    """L416-428 Forces at the origin not yet given orders (each force one order, L412)."""
    kind = order_kind(region)
    if kind is None:
        return 0
    plotted = sum(o["count"] for o in committed(s, nation) if o["from"] == region)
    return len(mobile(s, nation, region, kind)) - plotted


def origins(s: dict, nation: str) -> list[str]:
    """Regions where the nation has Mobile Forces (not Cargo) without orders yet and
    somewhere to send them: a first step no other path from there has taken (L420)."""
    units = pack().units
    here: dict[str, int] = {}  # forces of the kind that region's orders move (``unordered``, in one pass)
    for f in s["forces"].values():
        if f["nation"] == nation and f["cargo_of"] is None and units[f["type"]].kind == order_kind(f["at"]):
            here[f["at"]] = here.get(f["at"], 0) + 1
    for o in committed(s, nation):
        if o["from"] in here:
            here[o["from"]] -= o["count"]
    out = []
    for r in sorted(here):
        if here[r] > 0:
            used = taken(s, nation, r)
            if any(x not in used for x in next_regions(s, r, [])):
                out.append(r)
    return out


def steps(s: dict, nation: str, origin: str, path: list[str]) -> list[str]:
    """The regions the path being drawn may enter next: in range (``next_regions``) and
    entered by no other path from its origin (L420)."""
    used = taken(s, nation, origin)
    return [r for r in next_regions(s, origin, path) if r not in used]


def closable(s: dict, nation: str, origin: str, path: list[str]) -> bool:
    """A path that may be given its dots: at least one step, and clashing with no other
    path from its origin (L420; every step was checked as it was drawn)."""
    return bool(path) and not any(o["from"] == origin and clashing(o["path"], path) for o in committed(s, nation))


def plot_actions(s: dict, nation: str) -> list:
    draft = drafting(s, nation)
    if draft is None:
        acts: list = [{"from": r} for r in origins(s, nation)]
        if committed(s, nation):
            acts.append("undo")
        acts.append("done")
        return acts
    origin, path = draft["from"], draft["path"]
    acts = [{"to": r} for r in steps(s, nation, origin, path)]
    if closable(s, nation, origin, path):
        # L424 at least one dot a path; no more than the forces not yet ordered (L412, L424)
        acts += [{"count": k} for k in range(1, unordered(s, nation, origin) + 1)]
    acts.append("undo")
    return acts


class PlotOrders(Procedure):
    """L406-432 Phase 2: every nation in play plots at once and in secret; a nation's
    orders stay hidden until it becomes the Active Nation (L432)."""

    def start(self, s, f):
        players = in_play(s)
        s["orders"] = {n: [] for n in players}
        s["traded"] = []  # L999 one trade a Game Round (optional rule): a new round, a new trade
        log(s, "Phase 2: every nation plots its secret orders.", "L406")
        ask_all(s, "orders_plot", players)
        return "finish"

    def finish(self, s, f):
        return None


class PlotState(State):
    """L406-432 Plot Marching and Sailing Orders for all, some or none of the nation's
    Mobile Forces, one step at a time (see the module's docstring)."""

    simultaneous = True

    def prompt(self, s, f, role):
        """One line however many orders are plotted: they are listed with the board."""
        n = len(committed(s, role))
        so_far = f"{plural(n, 'order')} plotted so far, listed with your orders" if n else "no orders plotted yet"
        draft = drafting(s, role)
        if draft is None:
            return f"Plot your secret orders ({so_far}): choose where a new order starts, or Done to commit them."
        line = where(draft["from"])
        if draft["path"]:
            line += " -> " + " -> ".join(where(r) for r in draft["path"])
        return f"Plotting an order: {line}. Choose the next region of the path, or how many forces go ({so_far})."

    def actions(self, s, f, role):
        return plot_actions(s, role)

    def legal(self, s, f, role, action):
        """A quick answer for the next step of a path being drawn; the full list otherwise."""
        draft = drafting(s, role)
        if draft is not None and type(action) is dict and len(action) == 1:
            origin, path = draft["from"], draft["path"]
            if type(action.get("to")) is str and action["to"] in steps(s, role, origin, path):
                return {"to": action["to"]}
            count = action.get("count")
            if type(count) is int and closable(s, role, origin, path) and 1 <= count <= unordered(s, role, origin):
                return {"count": count}
        return super().legal(s, f, role, action)

    def draft(self, s, f, role, action):
        if action == "done":
            return False
        orders = s["orders"].setdefault(role, [])
        draft = drafting(s, role)
        if action == "undo":
            if draft is None:
                last = orders[-1]  # reopen the last order at its count (L406: an erasable plan)
                last["status"], last["count"] = DRAFTING, 0
            elif draft["path"]:
                draft["path"].pop()
            else:
                orders.pop()
            return True
        if "from" in action:
            orders.append({"from": action["from"], "path": [], "count": 0, "status": DRAFTING})
        elif "to" in action:
            draft["path"].append(action["to"])
        else:
            draft["count"] = action["count"]
            draft["status"] = PLOTTED
            log(s, f"You plot an order: {order_text(draft)}.", "L416", to=[role])
        return True

    def reveal(self, s, f, choices):
        for nation in list(s["orders"]):
            s["orders"][nation] = committed(s, nation)
        log(s, "Every nation has plotted its orders and laid its Planning Map face down.", "L430")


# ----- Phase 4 Step A: review -----------------------------------------------------------------


def review(s: dict, nation: str) -> None:
    """L516-525 Step A: the Active Nation presents its orders to all (one public line
    each), and faulty ones are dismissed with White Arrow Tags:
    - out of range or nonsensical (L522, L525; re-checked: plotting already refuses them);
    - paths from one region that are identical, branch or converge (L420; plotting
      refuses them too; dismissed if present): all orders from that region;
    - too many destination dots (L523) or paths (L524) from a region for the forces
      present there, unless Field Hospital Tents (``s["tents"]``) account for the
      shortfall: then all orders from that region are dismissed.
    What is counted, and why a region's orders go together: RULINGS M4."""
    orders = s["orders"].get(nation) or []
    if not orders:
        log(s, f"{name(nation)} plotted no orders.", "L516")
        return
    log(s, f"{name(nation)} presents its Planning Map for review:", "L516")
    for i, o in enumerate(orders):
        log(s, f"{name(nation)}'s order {i + 1}: {order_text(o)}.", "L516")
    bad_regions: dict[str, tuple[str, str]] = {}  # origin -> (why, the rule)
    for o in orders:
        if o["status"] != PLOTTED:
            continue
        if not valid_path(s, o["from"], o["path"]) or o["count"] < 1:
            dismiss(s, nation, o, "it is out of range or impossible", "L522")
    for origin in dict.fromkeys(o["from"] for o in orders if o["status"] == PLOTTED):
        mine = [o for o in orders if o["from"] == origin and o["status"] == PLOTTED]
        kind = order_kind(origin)
        present = len(mobile(s, nation, origin, kind)) if kind else 0
        tents = s["tents"].get(origin, {}).get(nation, 0)
        paths = [tuple(o["path"]) for o in mine]
        dots = sum(o["count"] for o in mine)
        pairs = [(a, b) for i, a in enumerate(paths) for b in paths[i + 1 :]]
        there = f" and {plural(tents, 'Field Hospital Tent')}" if tents else ""
        if len(set(paths)) < len(paths):
            bad_regions[origin] = ("two of its paths are identical", "L420")
        elif any(clashing(list(a), list(b)) for a, b in pairs):
            bad_regions[origin] = ("two of its paths branch or converge after leaving it", "L420")
        elif len(paths) > present + tents:
            why = f"it has {plural(len(paths), 'path')} but only {plural(present, 'force')}{there} there"
            bad_regions[origin] = (why, "L524")
        elif dots > present + tents:
            why = f"it has {plural(dots, 'destination dot')} but only {plural(present, 'force')}{there} there"
            bad_regions[origin] = (why, "L523")
        elif dots > present:
            log(
                s,
                f"{name(nation)} has {dots} dots from {where(origin)} for {present} forces: "
                f"Field Hospital Tents there account for the casualties.",
                "L523",
            )
    for origin, (why, rule) in bad_regions.items():
        for o in orders:
            if o["from"] == origin and o["status"] == PLOTTED:
                o["status"] = DISMISSED
        kind = order_kind(origin)
        group = mobile(s, nation, origin, kind) if kind else []
        for fid in group:
            tag(s, fid, WHITE)
        log(
            s,
            f"All {name(nation)}'s orders from {where(origin)} are dismissed: {why}; "
            f"White Arrow Tags on its {plural(len(group), 'force')} there.",
            rule,
        )


def dismiss(s: dict, nation: str, order: dict, why: str, rule: str) -> None:
    """L518 Dismiss one order: White Arrow Tags on as many of its forces as it has dots."""
    order["status"] = DISMISSED
    kind = order_kind(order["from"])
    group = ready(s, nation, order["from"], kind)[: order["count"]] if kind else []
    for fid in group:
        tag(s, fid, WHITE)
    log(s, f"{name(nation)}'s order ({order_text(order)}) is dismissed: {why}.", rule)


# ----- cancelling (L527-535) --------------------------------------------------------------------


def pick_group(s: dict, f: dict, nation: str, pool: list[str], need: int, purpose: str, region: str) -> None:
    """L543 The forces that carry out (or stay behind for) order ``f["order"]``: set at
    once in ``f["picked"]`` when there is no choice, else the nation picks them one by
    one (``orders_pick``, which writes ``picked`` into ``f`` when done)."""
    if need == len(pool) or len(representatives(s, pool)) == 1:
        f["picked"] = pool[:need]
        return
    ask(s, "orders_pick", nation, pool=pool, need=need, chosen=[], purpose=purpose, region=region, order=f["order"])


class Cancel(Procedure):
    """L527-535 The Active Nation cancels a whole order: as many forces as the order has
    dots, from those at its origin not already White, take White Arrow Tags (Field
    Hospital Tents make up any shortfall). Where the forces differ, the Active Nation
    chooses which (RULINGS M2). RULINGS M1: an order may be cancelled until it is
    executed, as in the Example of Movement (L919-921)."""

    def start(self, s, f):
        nation = f["nation"]
        order = s["orders"][nation][f["order"]]
        kind = order_kind(order["from"])
        pool = ready(s, nation, order["from"], kind)
        need = min(order["count"], len(pool))
        f["need"] = need
        pick_group(s, f, nation, pool, need, "cancel", order["from"])
        return "tag"

    def tag(self, s, f):
        nation = f["nation"]
        order = s["orders"][nation][f["order"]]
        order["status"] = CANCELLED
        group = f.pop("picked")
        for fid in group:
            tag(s, fid, WHITE)
        short = order["count"] - len(group)
        tents = f" and {plural(short, 'Field Hospital Tent')}" if short > 0 else ""
        log(
            s,
            f"{name(nation)} cancels its order ({order_text(order)}): White Arrow Tags on "
            f"{forces_text(s, group)}{tents}.",
            "L527",
        )
        return None


class Pick(State):
    """L543 Choose, one by one, the forces that form a group (for an order being
    executed, or for the White tags of a cancelled one); equal forces are offered once."""

    def prompt(self, s, f, role):
        left = f["need"] - len(f["chosen"])
        what = {
            "cancel": "to stay behind with White Arrow Tags (the order is cancelled)",
            "move": "to carry out the order",
        }.get(f["purpose"], "")
        return f"Choose a force in {where(f['region'])} {what}: {left} more to choose."

    def actions(self, s, f, role):
        left = [fid for fid in f["pool"] if fid not in f["chosen"]]
        return [{"pick": fid} for fid in representatives(s, left)]

    def act(self, s, f, role, action):
        f["chosen"].append(action["pick"])
        left = [fid for fid in f["pool"] if fid not in f["chosen"]]
        while len(f["chosen"]) < f["need"] and len(representatives(s, left)) == 1:
            f["chosen"].append(left.pop(0))  # only one kind of force left: no choice
        if len(f["chosen"]) < f["need"]:
            return STAY
        s["stack"][-2]["picked"] = list(f["chosen"])  # to the procedure that asked
        return None


PROCEDURES = {"plot_orders": PlotOrders(), "orders_cancel": Cancel()}
STATES = {"orders_plot": PlotState(), "orders_pick": Pick()}
