"""Imperial Borders: the Game Round and its seven phases (rulebook L316-378),
Phase 1 Collect Taxes (L380-404) and Phase 3 Establish Turn Order (L500-510).

Phase 2 (secret orders) and Phase 4 (On the March) are in ``orders.py`` and
``march.py``, battles in ``battle.py``, Phase 5 in ``annexation.py``, Phase 6
and the end of the game in ``parade.py``, Phase 7 in ``muster.py``.
"""

from __future__ import annotations

from ...engine import Procedure, State, ask, ask_all, call, log, rng
from .board import BRITAIN, in_play, income_goes_to, name, opposing, treasury_open
from .data import pack

LAST_ROUND = 9  # L842-855


class Game(Procedure):
    """Set-up (L258-314), then Game Rounds until the last (L842-855)."""

    def start(self, s, f):
        call(s, "setup")
        return "round"

    def round(self, s, f):
        if s["result"] is not None:
            return None
        call(s, "round")
        return "next"

    def next(self, s, f):
        last = s["last_round"] or LAST_ROUND
        if s["round"] >= last:
            call(s, "final_scoring")
            return None
        s["round"] += 1
        return "round"


class Round(Procedure):
    """One Game Round: the seven phases in order (L316-378)."""

    def start(self, s, f):
        log(s, f"Game Round {s['round']} begins.", "L316")
        s["phase"] = "taxes"
        collect_taxes(s)
        return "orders"

    def orders(self, s, f):
        s["phase"] = "orders"
        s["orders"] = {n: [] for n in in_play(s)}
        call(s, "plot_orders")
        return "turn_order"

    def turn_order(self, s, f):
        s["phase"] = "turn-order"
        call(s, "turn_order")
        return "march"

    def march(self, s, f):
        s["phase"] = "march"
        s["moved"] = []
        f["next"] = 0
        return "active_turn"

    def active_turn(self, s, f):
        """L512-514 Each Nation in Turn Order is the Active Nation in turn."""
        players = [n for n in s["turn_order"] if n not in s["neutral"]]
        if f["next"] >= len(players):
            return "end_march"
        nation = players[f["next"]]
        f["next"] += 1
        s["active"] = nation
        s["moved"].append(nation)
        log(s, f"{name(nation)} is the Active Nation.", "L512")
        call(s, "active_turn", nation=nation)
        return "active_turn"

    def end_march(self, s, f):
        """L561-563 After the last Active Nation, all Arrow Tags and Field Hospital Tents go (RULINGS R11)."""
        s["active"] = None
        for force in s["forces"].values():
            force["tags"] = []
        s["red_forts"] = []  # the Red Arrow Tags of Fortifications too (RULINGS B25)
        s["tents"] = {}
        return "annexation"

    def annexation(self, s, f):
        s["phase"] = "annexation"
        call(s, "annexation")
        return "parade"

    def parade(self, s, f):
        s["phase"] = "parade"
        call(s, "parade")
        return "muster"

    def muster(self, s, f):
        """L855, L867-897 Phase 7 may be skipped in the final Game Round: we skip it."""
        if s["round"] >= (s["last_round"] or LAST_ROUND):
            return None
        s["phase"] = "muster"
        call(s, "muster")
        return None


# ----- Phase 1: Collect Taxes -------------------------------------------------------------


def income(s: dict, nation: str) -> dict[str, int]:
    """L380-388 The tax each controlled Territory yields: 4 a Capital, 2 a Major
    Homeland Territory, 1 an Annexed Territory; Ports, Mountains and Seas nothing."""
    p = pack()
    return {t: p.territories[t].value for t, owner in s["control"].items() if owner == nation and t in p.territories}


def colonies(s: dict) -> bool:
    """L398-404 An Empire on Which the Sun Never Sets: Great Britain has a Ship on the
    map and controls England and the Port of London, neither with opposing Forces."""
    if BRITAIN not in in_play(s):
        return False
    p = pack()
    units = p.units
    if not any(f["nation"] == BRITAIN and units[f["type"]].kind == "ship" for f in s["forces"].values()):
        return False
    england = p.nations[BRITAIN].capital
    london = next(port for port in p.territories[england].ports if p.ports[port].name.endswith("London"))
    return all(s["control"].get(r) == BRITAIN and not opposing(s, r, BRITAIN) for r in (england, london))


def collect_taxes(s: dict) -> None:
    """L380-396 Every Nation in play collects its tax income at once."""
    for nation in in_play(s):
        earned = income(s, nation)
        for territory, amount in earned.items():
            income_goes_to(s, nation, territory, amount)
        total = sum(earned.values())
        if nation == BRITAIN and colonies(s):  # holding England, Britain's Treasury is open
            s["gold"][BRITAIN] += 2
            total_text = f"{total} Gold in taxes and 2 from its Colonies"
        else:
            total_text = f"{total} Gold in taxes"
        held = "" if treasury_open(s, nation) else " (held in its territories: its Capital is lost)"
        log(s, f"{name(nation)} collects {total_text}{held}.", "L380")


# ----- Phase 3: Establish Turn Order ------------------------------------------------------


class TurnOrder(Procedure):
    """L500-510 Sealed bids, all paid; bidders claim slots from the highest down;
    zero bidders are placed at random; Neutrals take the last slots."""

    def start(self, s, f):
        ask_all(s, "bid", in_play(s))
        return "claim"

    def claim(self, s, f):
        bids = s["bids"]
        players = in_play(s)
        s["slots"] = [None] * len(players)  # the Turn Order Track being filled
        order = []
        for amount in sorted({b for b in bids.values() if b > 0}, reverse=True):
            tied = [n for n in players if bids[n] == amount]
            if len(tied) > 1:
                tied = rng.shuffle(s, tied)  # L507 ties broken by a random draw
                log(s, f"Tie at {amount} Gold: drawn in the order {', '.join(map(name, tied))}.", "L507")
            order += tied
        f["bidders"] = order
        f["i"] = 0
        return "next_bidder"

    def next_bidder(self, s, f):
        if f["i"] < len(f["bidders"]):
            nation = f["bidders"][f["i"]]
            f["i"] += 1
            empty = [i for i, n in enumerate(s["slots"]) if n is None]
            if len(empty) == 1:
                s["slots"][empty[0]] = nation
                return "next_bidder"
            ask(s, "claim_slot", nation)
            return "next_bidder"
        zero = [n for n in in_play(s) if s["bids"][n] == 0]
        if zero:
            zero = rng.shuffle(s, zero)  # L509 zero bidders at random, no choice
            for nation in zero:
                s["slots"][s["slots"].index(None)] = nation
        s["turn_order"] = s.pop("slots") + [n for n in s["nations"] if n in s["neutral"]]
        log(s, "Turn Order: " + ", ".join(name(n) for n in s["turn_order"] if n not in s["neutral"]) + ".", "L500")
        return None


class Bid(State):
    """L502-505 Each Nation secretly bids any amount of its Gold, including none."""

    simultaneous = True

    def prompt(self, s, f, role):
        return f"Bid Gold for Turn Order, in secret (you have {s['gold'][role]}). Every bid is paid."

    def actions(self, s, f, role):
        top = s["gold"][role] if treasury_open(s, role) else 0  # RULINGS R2
        return [{"bid": n} for n in range(top + 1)]

    def legal(self, s, f, role, action):
        if type(action) is dict and action.keys() == {"bid"} and type(action["bid"]) is int:
            top = s["gold"][role] if treasury_open(s, role) else 0
            if 0 <= action["bid"] <= top:
                return {"bid": action["bid"]}
        return super().legal(s, f, role, action)

    def reveal(self, s, f, choices):
        s["bids"] = {n: choices[n]["bid"] for n in choices}
        for nation, amount in s["bids"].items():
            s["gold"][nation] -= amount  # L504 all bids are paid
        log(s, "Bids: " + ", ".join(f"{name(n)} {a}" for n, a in s["bids"].items()) + " Gold, all paid.", "L504")


class ClaimSlot(State):
    """L506-507 A bidder places its Nation Card in any empty slot of the Turn Order Track."""

    def prompt(self, s, f, role):
        return "Choose your place in the Turn Order (1 is first)."

    def actions(self, s, f, role):
        return [{"slot": i + 1} for i, n in enumerate(s["slots"]) if n is None]

    def act(self, s, f, role, action):
        s["slots"][action["slot"] - 1] = role
        log(s, f"{name(role)} takes place {action['slot']} in the Turn Order.", "L506")


PROCEDURES = {"game": Game(), "round": Round(), "turn_order": TurnOrder()}
STATES = {"bid": Bid(), "claim_slot": ClaimSlot()}
