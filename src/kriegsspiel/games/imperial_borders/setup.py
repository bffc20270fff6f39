"""Imperial Borders: Set-up (rulebook L258-314).

Steps A and B (homelands and the starting Annexed Territories) are laid out by
``lay_out``. For Steps C-E the scenario decides: "standard" plays them as
written — every nation secretly plots where its starting Mobile Forces stand
(dots only, L283-292), a random Turn Order is drawn (L306), and in that order
each nation places its Forces, choosing their types and its Elite (L308-310);
"historical" uses the pack's set-up of 1815 instead.
"""

from __future__ import annotations

from ...engine import STAY, Procedure, State, ask, ask_all, log, rng
from ...engine.words import counted
from .board import add_force, in_play, name, region_name
from .data import pack

LAND_LIMIT = 3  # L289 at most 3 Land Units a Territory during set-up


def lay_out(s: dict) -> None:
    """L258-281 Steps A and B: Forts and Ports of every homeland (Neutrals' too, as
    reminders, L254), Gibraltar and Malta, the Capital Ports, the starting Annexed
    Territories and their Ports; L312 the starting Gold."""
    p = pack()
    for t, info in p.territories.items():
        if info.owner_start is not None:
            s["control"][t] = info.owner_start
    for port, info in p.ports.items():
        if info.owner_start is not None:
            s["control"][port] = info.owner_start
    for nation in s["nations"]:
        s["gold"][nation] = p.nations[nation].gold_start if nation not in s["neutral"] else 0


def start_regions(s: dict, nation: str) -> tuple[list[str], list[str]]:
    """L286 Where a nation's starting Forces may stand: Land Units in its Homeland
    Territories and initial Annexed Territory; Ships in its Major (and Capital) Ports
    and the initial Annexed Territory's Port."""
    p = pack()
    info = p.nations[nation]
    land = sorted(info.homeland) + [info.annexed_start]
    ports = [
        port
        for port, x in p.ports.items()
        if x.owner_start == nation and (x.tier != "minor" or port == info.annexed_port)
    ]
    return land, sorted(ports)


def starting_counts(nation: str) -> tuple[int, int]:
    p = pack()
    forces = p.nations[nation].forces_start
    land = sum(n for u, n in forces.items() if p.units[u].kind == "land")
    return land, sum(forces.values()) - land


class Setup(Procedure):
    """L258-314 Steps A-E."""

    def start(self, s, f):
        lay_out(s)
        log(s, "Set-up: every nation holds its homeland and its first Annexed Territory.", "L258")
        if s["scenario"] == "historical":
            for nation in in_play(s):
                for unit, region, elite in pack().nations[nation].setup:
                    add_force(s, nation, unit, region, elite)
            log(s, "The Forces of 1815 stand where they stood.", "L283")
            return None
        ask_all(s, "setup_plot", in_play(s), dots={})
        return "order"

    def order(self, s, f):
        """L306 Step D: a random Turn Order for the set-up."""
        f["order"] = rng.shuffle(s, in_play(s))
        log(s, "Set-up order: " + ", ".join(map(name, f["order"])) + ".", "L306")
        return "place"

    def place(self, s, f):
        """L308-310 Step E: in that order each nation places its Forces where it plotted them."""
        if not f["order"]:
            s.pop("setup_dots", None)
            return None
        nation = f["order"].pop(0)
        ask(s, "setup_place", nation, left=dict(pack().nations[nation].forces_start), elite=False)
        return "place"


class SetupPlot(State):
    """L283-292 Step C: plot, in secret, a dot for each starting Land Unit and Ship."""

    simultaneous = True

    def prompt(self, s, f, role):
        land, ships = starting_counts(role)
        mine = f["dots"].get(role, [])
        placed_land = sum(1 for kind, _ in mine if kind == "land")
        left_land, left_ships = land - placed_land, ships - (len(mine) - placed_land)
        return (
            f"Plot where your starting Forces stand: {counted(left_land, 'Land Unit')} and "
            f"{counted(left_ships, 'Ship')} still to place (at most 3 Land Units a Territory; "
            "at least one in your Capital)."
        )

    def actions(self, s, f, role):
        mine = f["dots"].get(role, [])
        land_total, ship_total = starting_counts(role)
        land_here: dict[str, int] = {}
        for kind, region in mine:
            if kind == "land":
                land_here[region] = land_here.get(region, 0) + 1
        land_regions, ports = start_regions(s, role)
        acts: list = []
        if sum(land_here.values()) < land_total:
            acts += [{"land": t} for t in land_regions if land_here.get(t, 0) < LAND_LIMIT]
        if len(mine) - sum(land_here.values()) < ship_total:
            acts += [{"ship": port} for port in ports]
        if mine:
            acts.append("undo")
        if not acts or (len(mine) == land_total + ship_total and land_here.get(pack().nations[role].capital)):
            acts.append("done")  # L292 the Capital must hold a Cannon or Full Infantry
        return acts

    def draft(self, s, f, role, action):
        if action == "done":
            return False
        mine = f["dots"].setdefault(role, [])
        if action == "undo":
            mine.pop()
        else:
            ((kind, region),) = action.items()
            mine.append([kind, region])
        return True

    def reveal(self, s, f, choices):
        s["setup_dots"] = {n: placing_order(n, f["dots"].get(n, [])) for n in choices}
        log(s, "Every nation has plotted its starting positions.", "L304")


class SetupPlace(State):
    """L308-310 Step E: choose the type of the Force at each plotted dot, the Elite among them."""

    def prompt(self, s, f, role):
        kind, region = s["setup_dots"][role][0]
        return f"Which Force stands in {region_name(region)}?"

    def actions(self, s, f, role):
        p = pack()
        kind, region = s["setup_dots"][role][0]
        left = f["left"]
        elite_type = p.nations[role].elite_start
        types = [u for u, n in left.items() if n > 0 and p.units[u].kind == kind]
        capital = p.nations[role].capital
        if kind == "land" and region == capital and self.last_capital_dot(s, role):
            if not capital_held(s, role):
                types = [u for u in types if u in CAPITAL_TYPES]  # L292
        acts = []
        for u in types:
            if u == elite_type and not f["elite"]:
                acts.append({"place": u, "elite": True})
                if left[u] > 1:
                    acts.append({"place": u, "elite": False})
            else:
                acts.append({"place": u, "elite": False})
        return acts

    def last_capital_dot(self, s, role):
        capital = pack().nations[role].capital
        return sum(1 for kind, region in s["setup_dots"][role] if kind == "land" and region == capital) == 1

    def act(self, s, f, role, action):
        kind, region = s["setup_dots"][role].pop(0)
        unit = action["place"]
        f["left"][unit] -= 1
        add_force(s, role, unit, region, action["elite"])
        f["elite"] = f["elite"] or action["elite"]
        if s["setup_dots"][role]:
            return STAY
        log(s, f"{name(role)} has placed its starting Forces.", "L308")
        return None


def placing_order(nation: str, dots: list) -> list:
    """The order the dots are placed in: the Capital's first, so that a Cannon or Full
    Infantry is kept for it (L292); then the other Land Units, then the Ships."""
    capital = pack().nations[nation].capital
    return sorted(dots, key=lambda dot: (dot[0] != "land", dot[1] != capital, dot[1]))


CAPITAL_TYPES = ("cannon", "full-infantry")  # L292


def capital_held(s: dict, nation: str) -> bool:
    """L292: a Full Infantry or a Cannon of the nation stands in its Capital."""
    capital = pack().nations[nation].capital
    forces = s["forces"].values()
    return any(x["nation"] == nation and x["at"] == capital and x["type"] in CAPITAL_TYPES for x in forces)


def past_capital(s: dict, nation: str) -> bool:
    """A nation placing its Forces has placed a Land Unit outside its Capital: its Capital's
    dots, placed first, are done."""
    capital = pack().nations[nation].capital
    units = pack().units
    return any(
        x["nation"] == nation and x["at"] != capital and units[x["type"]].kind == "land" for x in s["forces"].values()
    )


def capital_can_be_met(s: dict, nation: str, left: dict) -> bool:
    """Whether a dot still to place in the Capital could meet L292 with the units ``left``."""
    return capital_held(s, nation) or any(left.get(u, 0) > 0 for u in CAPITAL_TYPES)


PROCEDURES = {"setup": Setup()}
STATES = {"setup_plot": SetupPlot(), "setup_place": SetupPlace()}
