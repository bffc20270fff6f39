"""Goofspiel: sealed bids for a deck of prizes.

The reference module: every game module has this shape. The rules are in
GUIDE.md beside this file and are cited by number; the choices where common
descriptions differ are in RULINGS.md.
"""

from __future__ import annotations

from ...engine import Option, Procedure, Rules, Scenario, State, ask_all, call, game_over, log, rng
from ...engine.words import series
from . import bots, data

SUITS = ("hearts", "clubs", "spades")
_FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card(rank: int) -> str:
    """A card's rank as players say it: A, 2..10, J, Q, K."""
    return _FACES.get(rank, str(rank))


def title(role: str) -> str:
    return role.capitalize()


# ----- the sequence of play ----------------------------------------------------


class Game(Procedure):
    """The whole game: a round for every prize (2), then the score (3)."""

    def start(self, s, f):
        return "round"

    def round(self, s, f):
        if not s["prizes"]:
            return "score"
        call(s, "round")
        return "round"

    def score(self, s, f):
        """3.1 The highest score wins; equal highest scores share the win."""
        if s["pot"]:  # 3.2
            log(s, f"The carried prizes ({', '.join(card(p) for p in s['pot'])}) go to nobody.", "3.2")
        scores = s["score"]
        best = max(scores.values())
        winners = [r for r in s["roles"] if scores[r] == best]
        names = series(title(r) for r in winners)
        log(s, f"{names} {'wins' if len(winners) == 1 else 'share the win'} with {best} points.", "3.1")
        game_over(s, winners, scores, f"highest score: {best}")
        return None


class Round(Procedure):
    """Rule 2: turn up a prize, bid for it in secret, award it."""

    def start(self, s, f):
        prize = s["prizes"].pop()  # 2.1
        s["pot"].append(prize)
        log(s, f"The {card(prize)} of diamonds is turned up.", "2.1")
        ask_all(s, "bid", s["roles"])  # 2.2
        return "award"

    def award(self, s, f):
        """2.4 The highest bid wins the prize; 2.5 ties."""
        bids = s["bids"]
        high = max(bids.values())
        top = [r for r in s["roles"] if bids[r] == high]
        pot = s["pot"]
        if len(top) == 1:
            winner = top[0]
            value = sum(pot)
            s["score"][winner] += value
            s["won"][winner].extend(pot)
            pot.clear()
            log(s, f"{title(winner)} wins {value} with the {card(high)}.", "2.4")
        elif s["options"]["ties"] == "carry":
            log(s, f"Tied at {card(high)}: the prize carries over to the next round.", "2.5")
        else:
            pot.clear()
            log(s, f"Tied at {card(high)}: the prize is discarded.", "2.5")
        return None


class Bid(State):
    """2.2–2.3 Every player bids one card in secret; the bids are revealed together."""

    simultaneous = True

    def prompt(self, s, f, role):
        prizes = " + ".join(card(p) for p in s["pot"])
        return f"Bid a card for the prize ({prizes} = {sum(s['pot'])} points)."

    def actions(self, s, f, role):
        return s["hands"][role].copy()

    def reveal(self, s, f, bids):
        for role, rank in bids.items():
            s["hands"][role].remove(rank)
            s["played"][role].append(rank)  # 2.6 face up
        s["bids"] = bids
        log(s, "Bids: " + ", ".join(f"{title(r)} {card(b)}" for r, b in bids.items()) + ".", "2.3")


# ----- the game ------------------------------------------------------------------


class Goofspiel(Rules):
    id = "goofspiel"
    title = "Goofspiel"
    version = 1
    roles = SUITS
    role_names = {r: r.capitalize() for r in SUITS}
    player_counts = (2, 3)
    scenarios = tuple(Scenario(sc.id, sc.title, sc.help) for sc in data.scenarios().values())
    options = {
        "ties": Option(
            "discard",
            ("discard", "carry"),
            title="Tied bids",
            help="Tied highest bids: discard the prize, or carry it to the next round (rule 2.5).",
        )
    }
    procedures = {"game": Game(), "round": Round()}
    states = {"bid": Bid()}
    bots = bots.BOTS
    max_decisions = 3 * 13

    def roles_in_play(self, players, options=None):
        return list(SUITS[:players])  # 1.1

    def setup(self, s):
        ranks = list(range(1, data.scenarios()[s["scenario"]].ranks + 1))
        roles = s["roles"]
        s["hands"] = {r: ranks.copy() for r in roles}  # 1.1
        s["prizes"] = rng.shuffle(s, ranks.copy())  # 1.2 face down
        s["pot"] = []
        s["bids"] = {}
        s["played"] = {r: [] for r in roles}
        s["won"] = {r: [] for r in roles}
        s["score"] = {r: 0 for r in roles}  # 1.3

    def board(self, s, role):
        """What every role and a spectator see. Every key is named, with the rule that
        puts it on the table: a key the state gains is seen by nobody until it is named
        here. The prize deck's order (1.2) and the bids not yet revealed (2.2) are not."""
        roles = s["roles"]
        return {
            "prize": s["pot"][-1] if s["pot"] else None,  # 2.1 turned up
            "pot": list(s["pot"]),  # 2.5 prizes carried over
            "deck": len(s["prizes"]),  # 1.2 face down: only its size
            "hands": {r: list(s["hands"][r]) for r in roles},  # 2.6 every played card is seen
            "played": {r: list(s["played"][r]) for r in roles},  # 2.6 face up
            "won": {r: list(s["won"][r]) for r in roles},  # 2.4
            "score": {r: s["score"][r] for r in roles},  # 1.3, 2.4
            "last_bids": {r: s["bids"][r] for r in roles if r in s["bids"]},  # 2.3 revealed together
        }

    def scores(self, s):
        """The points each player has won so far (1.3, 2.4)."""
        return dict(s["score"])

    def scramble(self, s, role, rng):
        """A copy of ``s`` with what ``role`` may not know shuffled: the prize deck's
        order (1.2) and the other players' bids not yet revealed (2.2). The deck is dealt
        again from its sorted cards, so the copy owes nothing to the real order."""
        self.check_role(s, role)
        t = self.clone(s)
        t["prizes"].sort()
        rng.shuffle(t["prizes"])
        top = t["stack"][-1] if t["stack"] else None
        if top is not None and top.get("state") == "bid":
            for r in top["pending"]:
                if r != role:
                    top["pending"][r] = rng.choice(t["hands"][r])
        return t

    def label(self, action, s=None):
        return f"bid {card(action)}" if type(action) is int else super().label(action)

    def validate_data(self):
        return data.validate()
