"""Imperial Borders, Phase 7 - Muster Forces (rulebook L867-897): repairs,
purchases and deployment, in Turn Order (RULINGS R7)."""

from __future__ import annotations

from ...engine import STAY, Procedure, State, ask, log
from .board import add_force, describe, fort_hp, holds_capital, in_play, name, opposing, region_name, same_team
from .data import pack


def repair_forts(s: dict) -> list[str]:
    """L873 Damaged Fortifications with no opposing Forces repair for free."""
    done = []
    for region in sorted(s["damage"]):
        owner = s["control"].get(region)
        if owner is None or not opposing(s, region, owner):
            del s["damage"][region]
            done.append(region)
    return done


def repairable_ships(s: dict) -> dict[str, list[str]]:
    """L877 Damaged and Out-of-Action Ships (not Cargo) in a Major or Capital Port with
    at least 1 HP, by Port: those that may repair, given the permissions of
    ``repair_permissions``."""
    p = pack()
    out: dict[str, list[str]] = {}
    for fid, f in s["forces"].items():
        port = f["at"]
        if f["damage"] == 0 or port not in p.ports or f["cargo_of"] is not None:
            continue
        if p.ports[port].tier == "minor" or port not in s["control"] or fort_hp(s, port) < 1:
            continue
        out.setdefault(port, []).append(fid)
    return out


def repair_permissions(s: dict, port: str, ships: list[str]) -> list[tuple[str, list[str]]]:
    """L877 "Provided no opposing Forces are present, ... with the permission of the
    Port's controller": who must allow which of the Ships in ``port`` to repair, in
    the order they are asked. First the Port's controller, for the Ships not of its
    team. Its Port (the Fortification) and its Ships there are its own Forces: it is
    asked once, as the controller, and they do not make the Port opposed. Then, in
    the rulebook's order, every other nation with opposing Forces in the Port (L241,
    ``board.opposing``: not Cargo, not Out-of-Action Ships) for the Ships not of its
    team. Team-mates are never asked (L245). RULINGS R15."""
    owner = s["control"][port]
    nation_of = {x: s["forces"][x]["nation"] for x in ships}
    asks = []
    guests = [x for x in ships if not same_team(s, nation_of[x], owner)]
    if guests:
        asks.append((owner, guests))
    against = {x: [n for n in opposing(s, port, nation_of[x]) if n != owner] for x in ships}
    for n in s["nations"]:
        theirs = [x for x in ships if n in against[x]]
        if theirs:
            asks.append((n, theirs))
    return asks


def deploy_sites(s: dict, nation: str, unit: str) -> list[str]:
    """L889-893 New Land Units in controlled Original Homeland Territories; new Ships
    in controlled Original Homeland Ports (never captured ones, Gibraltar or Malta)."""
    p = pack()
    info = p.nations[nation]
    if p.units[unit].kind == "land":
        sites = [t for t in sorted(info.homeland) if s["control"].get(t) == nation]
    else:
        sites = [port for port in sorted(info.home_ports) if s["control"].get(port) == nation]
    return sites


class Muster(Procedure):
    """L867-897 Steps A-D."""

    def start(self, s, f):
        fixed = repair_forts(s)
        if fixed:
            log(s, "Fortifications repaired: " + ", ".join(region_name(r) for r in fixed) + ".", "L873")
        f["ports"] = sorted(repairable_ships(s).items())
        return "ships"

    def ships(self, s, f):
        """L877 In each Port, every nation concerned is asked (``repair_permissions``);
        the Ships no one refused repair."""
        while f["ports"]:
            port, ships = f["ports"][0]
            if "asks" not in f:
                f["asks"] = repair_permissions(s, port, ships)
                f["refused"] = []
            while f["asks"]:
                nation, asked = f["asks"].pop(0)
                asked = [x for x in asked if x not in f["refused"]]
                if asked:
                    ask(s, "permit_repair", nation, port=port, ships=asked)
                    return "ships"
            for fid in ships:
                if fid not in f["refused"]:
                    repair(s, fid, port)
            f["ports"].pop(0)
            del f["asks"], f["refused"]
        f["order"] = [n for n in s["turn_order"] if n in in_play(s)]
        return "purchase"

    def purchase(self, s, f):
        """L879-893 Each nation in Turn Order buys and places its new Forces."""
        while f["order"]:
            nation = f["order"].pop(0)
            if holds_capital(s, nation) and purchases(s, nation):
                ask(s, "muster", nation, bought=[])
                return "purchase"
        log(s, f"Game Round {s['round']} ends.", "L895")
        return None


def repair(s: dict, fid: str, port: str) -> None:
    s["forces"][fid]["damage"] = 0
    log(s, f"The {describe(s, fid)} in {region_name(port)} is repaired.", "L877")


class PermitRepair(State):
    """L877, L241 The Port's controller, or a nation with opposing Forces in the Port,
    lets the Ships repair there, or refuses: any one refusal prevents the repair."""

    def prompt(self, s, f, role):
        ships = ", ".join(describe(s, x) for x in f["ships"])
        where = region_name(f["port"])
        if s["control"][f["port"]] == role:
            return f"Allow these Ships to repair in your Port of {where}? {ships}"
        return f"Allow these Ships to repair in {where}, where your Forces are? {ships}"

    def actions(self, s, f, role):
        return ["allow", "refuse"]

    def act(self, s, f, role, action):
        if action == "refuse":
            s["stack"][-2]["refused"] += f["ships"]
            log(s, f"{name(role)} refuses repairs in {region_name(f['port'])}.", "L877")


def purchases(s: dict, nation: str) -> list[dict]:
    """L879-893 Every Force the nation can afford, with every place it may deploy."""
    p = pack()
    gold = s["gold"][nation]
    out = []
    for unit, info in p.units.items():
        if info.cost <= gold:
            out += [{"buy": unit, "at": region} for region in deploy_sites(s, nation, unit)]
    return out


class MusterState(State):
    """L879-893 Buy a Force and place it at once (deployment cannot be opposed), or stop."""

    def prompt(self, s, f, role):
        gold = s["gold"][role]
        return f"Buy new Forces ({gold} Gold): choose a Force and where it enters, or Done when you have bought enough."

    def actions(self, s, f, role):
        return purchases(s, role) + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            if f["bought"]:
                log(s, f"{name(role)} musters: {', '.join(f['bought'])}.", "L887")
            return None
        unit, region = action["buy"], action["at"]
        s["gold"][role] -= pack().units[unit].cost
        add_force(s, role, unit, region)
        f["bought"].append(f"{pack().units[unit].name} in {region_name(region)}")
        return STAY if purchases(s, role) else self.act(s, f, role, "done")


PROCEDURES = {"muster": Muster()}
STATES = {"permit_repair": PermitRepair(), "muster": MusterState()}
