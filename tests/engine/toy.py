"""Skirmish: a tiny game written only to exercise the engine.

It has what the wargames need and goofspiel lacks: nested procedures (game ->
turn -> battle), an interrupt (the defender chooses a loss mid-battle), a
role acting several times in one state (drill, then order), dice, hidden
hands with private log lines, and a final simultaneous vote, before which
each side may secretly rouse its troops (a draft of several actions).
"""

from kriegsspiel.engine import STAY, Option, Procedure, Rules, Scenario, State, ask, ask_all, call, game_over, log, rng

CARDS = ["guns", "horses", "rifles", "spies", "tents", "wagons"]


def other(role):
    return "blue" if role == "red" else "red"


class Game(Procedure):
    def start(self, s, f):
        deck = rng.shuffle(s, CARDS.copy())
        for role in s["roles"]:
            s["hands"][role] = sorted(deck[:2])
            del deck[:2]
            log(s, f"{role} holds {', '.join(s['hands'][role])}.", "T1", to=[role])
        s["deck"] = deck
        f["turn"] = 0
        return "turn"

    def turn(self, s, f):
        if f["turn"] == s["options"]["turns"] * 2:
            return "vote"
        f["turn"] += 1
        call(s, "turn", role="red" if f["turn"] % 2 else "blue")
        return "turn"

    def vote(self, s, f):
        ask_all(s, "vote", s["roles"], cheers={})
        return None


class Turn(Procedure):
    def start(self, s, f):
        s["drills"] = 0
        ask(s, "orders", f["role"])
        return "done"

    def done(self, s, f):
        s["trace"].append(f"turn {f['role']} done")
        return None


class Battle(Procedure):
    def start(self, s, f):
        f["die"] = rng.roll(s, 6)
        s["trace"].append(f"battle {f['attacker']} rolls {f['die']}")
        log(s, f"{f['attacker']} attacks and rolls {f['die']}.", "T3")
        if s["hands"][other(f["attacker"])]:
            ask(s, "loss", other(f["attacker"]))
        return "after"

    def after(self, s, f):
        s["score"][f["attacker"]] += f["die"]
        s["trace"].append(f"battle {f['attacker']} after")
        return None


class Orders(State):
    def prompt(self, s, f, role):
        return "March, pass, or drill (at most twice)."

    def actions(self, s, f, role):
        acts = ["march", "pass"]
        if s["drills"] < 2:
            acts.append("drill")
        return acts

    def act(self, s, f, role, action):
        if action == "drill":
            s["drills"] += 1
            return STAY
        if action == "march":
            call(s, "battle", attacker=role)
        return None


class Loss(State):
    def prompt(self, s, f, role):
        return "Choose a card to lose."

    def actions(self, s, f, role):
        return [{"lose": c} for c in s["hands"][role]]

    def act(self, s, f, role, action):
        s["hands"][role].remove(action["lose"])
        log(s, f"{role} loses {action['lose']}.", "T4", to=[role])
        log(s, f"{role} loses a card.", "T4")


class Vote(State):
    simultaneous = True

    def actions(self, s, f, role):
        return ["peace", "war"] + (["cheer"] if f["cheers"].get(role, 0) < 2 else [])

    def draft(self, s, f, role, action):
        if action != "cheer":
            return False
        f["cheers"][role] = f["cheers"].get(role, 0) + 1
        return True

    def reveal(self, s, f, votes):
        log(s, "Votes: " + ", ".join(f"{r} {v}" for r, v in votes.items()), "T5")
        if f["cheers"]:
            log(s, "Cheers: " + ", ".join(f"{r} {n}" for r, n in sorted(f["cheers"].items())), "T5")
        best = max(s["score"].values())
        winners = [r for r in s["roles"] if s["score"][r] == best]
        if all(v == "peace" for v in votes.values()):
            winners = list(s["roles"])
        game_over(s, winners, s["score"], "votes")


class Skirmish(Rules):
    id = "skirmish"
    title = "Skirmish"
    roles = ("red", "blue")
    player_counts = (2,)
    scenarios = (Scenario("standard", "Standard"),)
    options = {"turns": Option(2, (1, 2, 3), "turns per side"), "fog": Option(True)}
    procedures = {"game": Game(), "turn": Turn(), "battle": Battle()}
    states = {"orders": Orders(), "loss": Loss(), "vote": Vote()}
    max_decisions = 40

    def setup(self, s):
        s["hands"] = {}
        s["score"] = {r: 0 for r in s["roles"]}
        s["trace"] = []
        s["drills"] = 0

    def board(self, s, role):
        return {
            "hand": list(s["hands"][role]) if role else None,
            "cards": {r: len(h) for r, h in s["hands"].items()},
            "score": dict(s["score"]),
        }


RULES = Skirmish()
