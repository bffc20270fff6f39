"""3.4 The order of play: the years, the deployment turn, the sixteen player
turns, then Brest-Litovsk, capitulation, the victory check and the new year."""

from __future__ import annotations

from ...engine import Procedure, State, ask, call, checkpoint, log
from . import events
from .board import (
    AH,
    AH_FRONTS,
    DE,
    DEPLOYMENT_ORDER,
    EMPIRES,
    TURN_ORDER,
    Y1914B,
    Y1916,
    Y1917,
    Y1919,
    YEARS,
    die_text,
    empire_name,
    says,
    special_die,
)
from .data import pack
from .offensive import whose


class Game(Procedure):
    """The war, year by year, from 1/1914 to the end of 1919 (2.1, 6.5)."""

    def start(self, s, f):
        return "year"

    def year(self, s, f):
        call(s, "year")
        return "next"

    def next(self, s, f):
        # the victory check ends the game (game_over) after 1919 or earlier
        call(s, "new_year")
        return "year"


class Year(Procedure):
    """One game year (3.4)."""

    def start(self, s, f):
        if s["options"]["variable_order"] and s["year"] >= Y1914B:  # 11.4
            s["order"]["deploy"] = roll_order(s, "deployment")
            s["order"]["turns"] = roll_order(s, "player turns")
        else:
            s["order"] = {"deploy": list(DEPLOYMENT_ORDER), "turns": list(TURN_ORDER)}
        log(s, f"The year {YEARS[s['year']]} begins.", "3.4")
        austro_hungarian_command(s)  # RULINGS R12: the Deployment Turn is a round too
        f["i"] = 0
        return "deployment"

    def deployment(self, s, f):
        """3.5 The Deployment Turn, each empire in order."""
        if f["i"] == len(s["order"]["deploy"]):
            f["turn"] = 0
            return "player_turns"
        role = s["order"]["deploy"][f["i"]]
        f["i"] += 1
        call(s, "deployment", role=role)
        return "deployment"

    def player_turns(self, s, f):
        """Player Turns 1 to 4, each empire in order (3.4)."""
        if f["turn"] and f["turn"] % len(EMPIRES) == 0:
            lapse_mandatory(s)
        if f["turn"] == 4 * len(EMPIRES):
            s["turn"] = 0
            return "brest_litovsk"
        if f["turn"] % len(EMPIRES) == 0:
            s["turn"] = f["turn"] // len(EMPIRES) + 1
            austro_hungarian_command(s)
        role = s["order"]["turns"][f["turn"] % len(EMPIRES)]
        f["turn"] += 1
        call(s, "player_turn", role=role)
        return "player_turns"

    def brest_litovsk(self, s, f):
        if s["year"] >= Y1917 and s["brest"] is None:  # 3.4, 10.0
            call(s, "brest_litovsk")
        return "capitulation"

    def capitulation(self, s, f):
        if s["year"] >= Y1916:  # 3.4, 8.0
            call(s, "capitulation")
        return "victory"

    def victory(self, s, f):
        call(s, "victory_check")  # 9.0
        return None


class NewYear(Procedure):
    """3.7 New Game Turn."""

    def start(self, s, f):
        s["year"] += 1
        s["cp"] = {r: 0 for r in EMPIRES}
        s["cp_fronts"] = []
        events.return_used(s)
        events.fill_cup(s, s["year"])
        if s["year"] == Y1919:
            call(s, "year_1919")  # 6.5
        return "draw"

    def draw(self, s, f):
        f["i"] = 0
        return "each_draws"

    def each_draws(self, s, f):
        """3.7 Each empire draws one marker for the new year (none in solitaire, 11.5)."""
        if s["options"]["solitaire"] or f["i"] == len(EMPIRES):
            return None
        role = EMPIRES[f["i"]]
        f["i"] += 1
        if s["status"][role]["capitulated"]:
            return "each_draws"
        call(s, "draw_marker", role=role, why="the new year", rule="3.7")
        return "each_draws"


class DrawMarker(Procedure):
    """5.2 Draw a marker; at the limit, a non-mandatory one is put back first."""

    def start(self, s, f):
        role = f["role"]
        hand = s["hands"][role]
        if len(hand) >= events.limit(s, role):
            # a full hand as the others see it: asked whether Espionage, which does not count
            # (5.5), frees a place or not, so that the question tells them nothing (RULINGS R57)
            if all(pack().markers[m].mandatory for m in hand):  # their backs show it (5.3)
                log(s, f"{says(role, 'holds')} only mandatory markers and draws none.", "5.2")
                return None
            ask(s, "put_back", role)
        return "draw"

    def draw(self, s, f):
        role = f["role"]
        if len(events.counted(s, role)) < events.limit(s, role):
            events.draw(s, role, f["why"], f["rule"])
        else:
            log(s, "Only mandatory markers count towards your limit: you draw none.", "5.2", to=[role])
        return None


class PlayerTurn(Procedure):
    """3.6 One empire's Player Turn: a single action."""

    def start(self, s, f):
        role = f["role"]
        status = s["status"][role]
        s["active_empire"] = role
        if status["politics"] == s["year"]:  # 8.0 result 3
            face = special_die(s)
            log(s, f"Politics: {empire_name(role)} rolls {die_text(face)}.", "8.0")
            if face == 0:
                log(s, f"{says(role, 'must')} pass.", "8.0")
                return "end"
        ask(s, "operations", role)
        return "end"

    def end(self, s, f):
        s["active_empire"] = None
        return None


def lapse_mandatory(s: dict) -> None:
    """5.3, RULINGS R23: a mandatory marker not played in the Player Turn it was
    due leaves the game at the end of that Player Turn."""
    now = s["year"] * 4 + s["turn"] - 1
    for alliance, reserved in s["reserved"].items():  # 11.5: the solitaire reserve lapses too
        if reserved and reserved["due"] <= now:
            s["reserved"][alliance] = None
            s["removed"].append(reserved["marker"])
            checkpoint(s)  # the reserved marker is named as it lapses
            log(s, f"The reserved {pack().markers[reserved['marker']].title} lapses unplayed.", "11.5")
    for role in EMPIRES:
        for m, due in list(s["due"][role].items()):
            if due <= now:
                del s["due"][role][m]
                if m in s["hands"][role]:
                    s["hands"][role].remove(m)
                    s["removed"].append(m)
                    checkpoint(s)  # it is named as it leaves a hand: what led here is not taken back
                    log(
                        s,
                        f"{whose(role, start=True)} mandatory marker {pack().markers[m].title} "
                        "lapses unplayed and leaves the game.",
                        "5.3",
                    )


def austro_hungarian_command(s: dict) -> None:
    """7.1 German armies that start a round on Fronts 5-6 or 9-11 come under
    Austro-Hungarian command."""
    armies = s["armies"]
    taken = set()
    for n in AH_FRONTS:
        for army in s["on"][str(n)]:
            st = armies[army]
            if st["ctl"] == DE:
                st["ctl"] = AH
                taken.add(army)
    # Austria-Hungary learns which German counters on its fronts are armies (those it now
    # commands) and which are dummies: nothing done before is taken back (R51). Every round,
    # whatever it learns: whether one could still undo must not tell what it learnt.
    checkpoint(s)
    if taken:  # the armies are face-down: named only to the two Empires that see them (2.4)
        names = [info.name for army, info in pack().armies.items() if army in taken]
        log(s, f"Under Austro-Hungarian command: {', '.join(names)}.", "7.1", to=[DE, AH])


def roll_order(s: dict, what: str) -> list[str]:
    """11.4 One die per empire (S = 0), highest first; ties re-roll among themselves."""
    rolls = {}
    for role in EMPIRES:
        rolls[role] = special_die(s)
    order = _break_ties(s, list(EMPIRES), rolls)
    log(s, f"Order of {what}: " + ", ".join(empire_name(r) for r in order) + ".", "11.4")
    return order


def _break_ties(s, roles, rolls):
    groups: dict[int, list[str]] = {}
    for r in roles:
        groups.setdefault(rolls[r], []).append(r)
    order = []
    for score in sorted(groups, reverse=True):
        group = groups[score]
        if len(group) == 1:
            order.extend(group)
        else:
            again = {}
            for r in group:
                again[r] = special_die(s)
            order.extend(_break_ties(s, group, again))
    return order


class PutBack(State):
    """5.2 At the limit, put back a non-mandatory marker before drawing."""

    def prompt(self, s, f, role):
        if self.actions(s, f, role) == ["done"]:
            if len(events.counted(s, role)) >= events.limit(s, role):  # only mandatory ones count
                return "Your hand holds only mandatory markers besides Espionage: you keep it and draw none (5.2)."
            return "Your hand is full but for markers that do not count (5.5): keep it (done) and draw."
        return "Your hand is full: choose a marker to put back into the cup before drawing."

    def actions(self, s, f, role):
        if len(events.counted(s, role)) < events.limit(s, role):
            return ["done"]  # Espionage does not count (5.5): there is room (R57)
        spare = [{"put_back": m} for m in events.counted(s, role) if not pack().markers[m].mandatory]
        return spare or ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        events.put_back(s, role, action["put_back"])
