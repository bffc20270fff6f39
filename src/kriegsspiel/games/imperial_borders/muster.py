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
    """L875-877 Damaged and out-of-action Ships in a Major or Capital Port with at
    least 1 HP and no opposing Forces, by Port."""
    p = pack()
    out: dict[str, list[str]] = {}
    for fid, f in s["forces"].items():
        port = f["at"]
        if f["damage"] == 0 or port not in p.ports or f["cargo_of"] is not None:
            continue
        if p.ports[port].tier == "minor" or port not in s["control"] or fort_hp(s, port) < 1:
            continue
        if opposing(s, port, f["nation"]):
            continue
        out.setdefault(port, []).append(fid)
    return out


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
        """L875-877 Ships repair with the permission of the Port's controller."""
        while f["ports"]:
            port, ships = f["ports"].pop(0)
            owner = s["control"][port]
            guests = [x for x in ships if not same_team(s, s["forces"][x]["nation"], owner)]
            for fid in ships:
                if fid not in guests:
                    repair(s, fid, port)
            if guests:
                ask(s, "permit_repair", owner, port=port, ships=guests)
                return "ships"
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
    log(s, f"The {describe(s, fid)} in {region_name(port)} is repaired.", "L875")


class PermitRepair(State):
    """L875 A Port's controller may let foreign Ships repair there, or not."""

    def prompt(self, s, f, role):
        ships = ", ".join(describe(s, x) for x in f["ships"])
        return f"Allow these Ships to repair in your Port of {region_name(f['port'])}? {ships}"

    def actions(self, s, f, role):
        return ["allow", "refuse"]

    def act(self, s, f, role, action):
        if action == "allow":
            for fid in f["ships"]:
                repair(s, fid, f["port"])
        else:
            log(s, f"{name(role)} refuses repairs in {region_name(f['port'])}.", "L875")


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
        return f"Buy new Forces ({s['gold'][role]} Gold): choose a Force and where it enters, or 'done'."

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
