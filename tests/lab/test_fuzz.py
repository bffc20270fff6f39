"""The fuzzer finds what it promises to find: each fault is planted in a
variant of the toy game and must be reported with its seed and step."""

import random

import toy

from kriegsspiel.engine import STAY, ask, log
from kriegsspiel.games import register
from kriegsspiel.games.first_world_war.rules import FirstWorldWar
from kriegsspiel.games.goofspiel.rules import Goofspiel
from kriegsspiel.lab.fuzz import fuzz, fuzz_one


def variant(name, **overrides):
    cls = type(name, (toy.Skirmish,), {"id": name, **overrides})
    rules = cls()
    register(rules)
    return rules


class PeekingBoard:
    """A board view that shows the votes committed so far: a leak."""

    def board(self, s, role):
        top = s["stack"][-1] if s["stack"] else {}
        return {**toy.Skirmish.board(self, s, role), "votes": dict(top.get("pending", {}))}


class DeadEndOrders(toy.Orders):
    def actions(self, s, f, role):
        return [] if s["drills"] == 1 else super().actions(s, f, role)


class CrashingOrders(toy.Orders):
    def act(self, s, f, role, action):
        if action == "pass":
            raise KeyError("supply")
        return super().act(s, f, role, action)


class EndlessOrders(toy.Orders):
    def actions(self, s, f, role):
        return ["drill"]

    def act(self, s, f, role, action):
        return STAY


class OutsideRandomBattle(toy.Battle):
    def start(self, s, f):
        f["die"] = random.randint(1, 6)  # not the state's generator: replays differ
        return "after"


class SharingTurn(toy.Turn):
    """Hands the question a list of its own frame: in memory the two are one list, in
    a copy of the state (the server's, a save's) they are two."""

    def start(self, s, f):
        s["drills"] = 0
        f["notes"] = []
        ask(s, "orders", f["role"], notes=f["notes"])
        return "done"

    def done(self, s, f):
        s["trace"].append(f"turn {f['role']} noted {len(f['notes'])}")
        return None


class NotingOrders(toy.Orders):
    def act(self, s, f, role, action):
        f["notes"].append(action)
        return super().act(s, f, role, action)


def states_with(**states):
    return {**toy.RULES.states, **states}


def test_goofspiel_and_the_toy_are_clean():
    assert fuzz("goofspiel", 60)["errors"] == []
    assert fuzz("skirmish", 60)["errors"] == []


def test_a_leak_at_a_simultaneous_step_is_found():
    variant("leaky", board=PeekingBoard.board)
    errors = fuzz("leaky", 20)["errors"]
    assert errors and "leak: what" in errors[0]["message"]
    assert {"seed", "step", "players", "scenario", "options"} <= set(errors[0])


def test_a_dead_end_is_found():
    variant("deadend", states=states_with(orders=DeadEndOrders()))
    errors = fuzz("deadend", 20)["errors"]
    assert errors and all("dead end: " in e["message"] for e in errors)


def test_a_crash_is_found_with_its_place():
    variant("crashing", states=states_with(orders=CrashingOrders()))
    errors = fuzz("crashing", 20)["errors"]
    assert errors and "apply raised KeyError: 'supply'" in errors[0]["message"]
    assert "test_fuzz.py" in errors[0]["message"]


def test_an_endless_game_is_found():
    variant("endless", states=states_with(orders=EndlessOrders()))
    errors = fuzz("endless", 3)["errors"]
    assert len(errors) == 3 and all("endless" in e["message"] for e in errors)


def test_replay_drift_is_found():
    variant("drifting", procedures={**toy.RULES.procedures, "battle": OutsideRandomBattle()})
    errors = fuzz("drifting", 30)["errors"]
    assert errors and any("replay drift" in e["message"] for e in errors)


def test_a_finding_reproduces_from_its_seed():
    variant("crashing2", states=states_with(orders=CrashingOrders()))
    first = fuzz("crashing2", 10, seed=100)["errors"][0]
    again = fuzz_one("crashing2", first["seed"])
    assert again[0].step == first["step"] and again[0].message == first["message"]


def test_fuzzing_over_processes_finds_the_same():
    variant("crashing3", states=states_with(orders=CrashingOrders()))
    one = fuzz("crashing3", 12, seed=7)["errors"]
    two = fuzz("crashing3", 12, seed=7, jobs=2)["errors"]
    assert one and one == two


def test_state_parts_sharing_memory_are_found():
    """An action must do the same to a copy of the state as to the state itself."""
    variant(
        "sharing", procedures={**toy.RULES.procedures, "turn": SharingTurn()}, states=states_with(orders=NotingOrders())
    )
    errors = fuzz("sharing", 20)["errors"]
    assert errors and "applied to a copy of the state" in errors[0]["message"]


class StrangerTurn(toy.Turn):
    """Asks a name that is no role of the game (a non-player power acting by itself)."""

    def start(self, s, f):
        s["drills"] = 0
        ask(s, "orders", "nobody")
        return None


def test_a_question_to_no_role_is_found():
    variant("stranger", procedures={**toy.RULES.procedures, "turn": StrangerTurn()})
    errors = fuzz("stranger", 5)["errors"]
    assert errors and "which is no role of the game" in errors[0]["message"]


class PeekingDeck(Goofspiel):
    """Goofspiel whose board shows the prize deck in its order: a leak only the
    scramble check can see (nothing is pending when it shows)."""

    id = "peeking-deck"

    def board(self, s, role):
        return {**super().board(s, role), "next_prizes": list(s["prizes"])}


class PeekingArmies(FirstWorldWar):
    """The First World War with every army shown where it stands, face-down or not."""

    id = "peeking-armies"

    def board(self, s, role):
        return {**super().board(s, role), "armies": {a: dict(st) for a, st in s["armies"].items()}}


class ScrambleInPlace(Goofspiel):
    """A scramble that shuffles the state it was given instead of a copy."""

    id = "scramble-in-place"

    def scramble(self, s, role, rng):
        rng.shuffle(s["prizes"])
        return self.clone(s)


class PeekingLabels(Goofspiel):
    """Goofspiel whose bids are labelled with the next prize, still face down."""

    id = "peeking-labels"

    def label(self, action, s=None):
        base = super().label(action, s)
        return f"{base} (the next prize: {s['prizes'][-1]})" if s and s["prizes"] else base


class PeekingActions(Goofspiel):
    """Goofspiel that takes the highest card away from the bids while the next prize, still
    face down, is high: the list of legal actions tells of it."""

    id = "peeking-actions"

    def actions(self, s, role):
        out = super().actions(s, role)
        return out[:-1] if len(out) > 1 and s["prizes"] and s["prizes"][-1] > 7 else out


def test_a_label_or_an_action_list_that_tells_a_secret_is_found():
    register(PeekingLabels())
    register(PeekingActions())
    labels = fuzz("peeking-labels", 10)["errors"]
    assert labels and all("label of" in e["message"] and "changes when its secrets" in e["message"] for e in labels)
    actions = fuzz("peeking-actions", 20)["errors"]
    assert actions and all("legal actions change" in e["message"] for e in actions)


def test_a_leak_of_what_the_scramble_shuffles_is_found_in_goofspiel():
    register(PeekingDeck())
    errors = fuzz("peeking-deck", 20)["errors"]
    assert errors and all("changes when the secrets it may not know are shuffled" in e["message"] for e in errors)


def test_a_leak_of_face_down_armies_is_found_in_the_first_world_war():
    register(PeekingArmies())
    errors = fuzz("peeking-armies", 6)["errors"]
    # every finding is the planted leak: seen by shuffling the secrets, or by undoing what showed them
    assert errors and all(e["message"].startswith("leak: ") for e in errors)
    assert any("changes when the secrets it may not know are shuffled" in e["message"] for e in errors)


def test_a_scramble_that_changes_the_state_is_found():
    register(ScrambleInPlace())
    errors = fuzz("scramble-in-place", 5)["errors"]
    assert errors and all("changed the state instead of a copy" in e["message"] for e in errors)


class PeekThenUndo(Goofspiel):
    """Goofspiel with a free look: a bidder may, as an action, look at the next prize (a private
    log line) and take the look back: nothing closes undo."""

    id = "peek-then-undo"
    max_decisions = 1000

    def actions(self, s, role):
        out = super().actions(s, role)
        return out + ["peek"] if out and s["prizes"] and not s.get("peeked") else out

    def apply(self, s, role, action):
        if action == "peek" and action in self.actions(s, role):
            s["actions"].append([role, action])
            s["peeked"] = True
            log(s, f"The next prize is {s['prizes'][-1]}.", "peek", to=[role])
            return s
        return super().apply(s, role, action)


def test_reveals_finds_an_action_that_shows_a_secret_and_may_be_undone():
    register(PeekThenUndo())
    assert fuzz("goofspiel", 20, reveals=True)["errors"] == []
    found = fuzz("peek-then-undo", 30, reveals=True)["errors"]
    assert found and all('may undo "peek", which showed it' in e["message"] for e in found)
