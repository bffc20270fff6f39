"""Imperial Elegy: six great powers from 1850 to the Great War.

Rulebook: shared/rulebooks/000 (cited by rule and line, 12.5 L661). The state
and the questions asked of it are in ``world.py``; the turn (Prep, Diplomacy,
Action, End) in ``sequence.py``; the peacetime actions of §12 in
``actions.py``; wars (§12.17-§17) in ``war.py``; land and naval battles
(§18-§19) in ``battle.py``; card events (§9) in ``events.py``; the End Phase
(§20) in ``end.py``; rebels, Italy and the Crisis Table (§21-§23) in
``events.py`` and ``crisis.py``; national goals and victory (§2.2-§2.4,
§25.5) in ``goals.py``. RULINGS.md settles the rulebook's gaps.
"""

from __future__ import annotations

from ...engine import Option, Rules, Scenario
from ...engine.rules import RESERVED
from . import actions, battle, bots, crisis, data, end, events, goals, naval, sequence, war, world
from .data import PLAYERS, pack
from .deck import deck
from .world import BOXES, NAMES

_HIDDEN_POWER = ("hand", "home", "goals", "goal_deck", "draft")


class ImperialElegy(Rules):
    id = "imperial-elegy"
    title = "Imperial Elegy"
    version = 1
    roles = PLAYERS
    player_counts = (6,)
    scenarios = (
        Scenario("1850", "The Campaign Game, 1850-1914", "Seven decades from the Crimea to the Great War."),
        Scenario("1870", "1870: the Wars of Unification", "Italy united, the Suez Canal open; five decades."),
        Scenario("1880", "1880: the Scramble", "Germany and Italy united; four decades."),
    )
    options = {
        "no_great_war_turns": Option(
            True,
            help="The Great War's outbreak ends the game with the national goals scored (25.5): "
            "the shorter evening game. (The Great War turns of §24-§32 are not yet playable.)",
        )
    }
    procedures = {
        **sequence.PROCEDURES,
        **actions.PROCEDURES,
        **war.PROCEDURES,
        **battle.PROCEDURES,
        **naval.PROCEDURES,
        **events.PROCEDURES,
        **end.PROCEDURES,
        **crisis.PROCEDURES,
        **goals.PROCEDURES,
    }
    states = {
        **sequence.STATES,
        **actions.STATES,
        **war.STATES,
        **battle.STATES,
        **naval.STATES,
        **events.STATES,
        **end.STATES,
        **crisis.STATES,
        **goals.STATES,
    }
    bots = bots.BOTS
    max_decisions = 40000

    def bot_for(self, s, role):
        return "heuristic" if "heuristic" in self.bots else "random"

    def setup(self, s):
        sequence.setup(s)

    def board(self, s, role):
        """Everything on the map and the displays is public (7.0 L458); a power's hand,
        chosen home card, national goals and NG deck are its own (2.4.1, 11.2); the deck's
        order is nobody's."""
        out = {k: v for k, v in s.items() if k not in _ENGINE_KEYS and k not in ("deck", "powers", "draft")}
        out["deck"] = len(s["deck"])
        powers = {}
        for p, st in s["powers"].items():
            mine = p == role
            d = {k: v for k, v in st.items() if k not in _HIDDEN_POWER}
            d["hand_size"] = len(st["hand"])
            d["goal_count"] = len(st["goals"])
            d["home_chosen"] = st["home"] is not None
            if mine:
                d["hand"] = list(st["hand"])
                d["home"] = st["home"]
                d["goals"] = list(st["goals"])
                d["goal_deck"] = list(st["goal_deck"])
                goals = deck().goals
                d["goal_cards"] = {
                    g: {"title": goals[g].title, "text": goals[g].text, "kind": goals[g].kind, "vp": goals[g].vp}
                    for g in (*st["goals"], *st["goal_deck"])
                }
                if st.get("draft"):
                    d["draft"] = list(st["draft"])
            if st.get("goals_public"):
                d["goals"] = list(st["goals"])
            powers[p] = d
        out["powers"] = powers
        out["role"] = role
        top = s["stack"][-1] if s["stack"] else None
        out["asking"] = top.get("state") if top else None
        return out

    def scramble(self, s, role, rng):
        """Shuffle what ``role`` may not know: the deck's order and the other powers'
        hands (their sizes kept), their home card while it is still in hand, and their
        secret national goals with their NG decks (2.4.1)."""
        t = self.clone(s)
        others = [p for p in PLAYERS if p != role]
        pool = list(t["deck"])
        for p in others:
            st = t["powers"][p]
            pool += [c for c in st["hand"] if c != st["home"]]
        rng.shuffle(pool)
        t["deck"] = pool[: len(t["deck"])]
        pool = pool[len(t["deck"]) :]
        for p in others:
            st = t["powers"][p]
            n = sum(1 for c in st["hand"] if c != st["home"])
            home = [c for c in st["hand"] if c == st["home"]]
            st["hand"], pool = pool[:n] + home, pool[n:]
            if home:
                choices = sequence.home_choices(t, p)
                st["home"] = choices[rng.randrange(len(choices))]
                st["hand"][-1] = st["home"]
            if not st.get("goals_public"):
                goals = st["goals"] + st["goal_deck"]
                rng.shuffle(goals)
                st["goals"], st["goal_deck"] = goals[: len(st["goals"])], goals[len(st["goals"]) :]
        return t

    def label(self, action, s=None):
        return sequence.label(action, s)

    def public_data(self):
        return {**data.public(), **deck_public()}

    def validate_data(self):
        return {**data.validate(), **crisis.validate_tables()}


def deck_public() -> dict:
    from .deck import public

    return public()


_ENGINE_KEYS = frozenset(RESERVED)

__all__ = ["ImperialElegy", "BOXES", "NAMES", "PLAYERS", "deck", "pack", "world"]
