"""Information-set Monte Carlo tree search, for every game through the public interface.

The searcher plays one role. It never reads what that role may not know: every
iteration starts from a *determinization*, the game's ``scramble`` of the real state
for that role (others' hands, face-down counters, the deck's order, orders and bids
not yet revealed, all drawn again at random) with a fresh random generator in it, so
neither the dice to come nor the game's seed are known to the search either.

The other roles are modelled: inside the search they play as the rollout bot does (the
game's heuristic bot, with a random move one time in ``epsilon``), from their own view
of the sample, so the tree holds the searcher's decisions only and the search looks
for the best answer to the way the others play. Where the others have already made a
hidden choice at a step all take at once (a sealed bid), the sample's choice is taken
back and the model makes it after the searcher's; no view shows another role's choice
before the reveal (the fuzzer checks it), so the model decides as it would have.

With ``model=False`` (a level's ``:decoupled``) every role is searched instead, in one
tree: a node is an information set, the role to act and a fingerprint of that role's
view. Two determinizations that the role cannot tell apart reach the same node, so the
role's choice there cannot depend on what it does not know, and at a simultaneous step
the second role's node does not depend on the first's choice: selection is decoupled.
That search assumes each role plays its best, not the way the others do play.

Selection is UCB1 with availability counts (an action is scored against the number of
visits in which it was legal, since which actions are legal may depend on hidden
cards), and a progressive bias towards the heuristic bot's choice: at each node the bot
is asked once what it would play (it sees the same view there, whatever the
determinization), that action is tried first and scores ``prior / (visits + 1)`` more,
and it wins ties at the root. So a search with fewer iterations than the node has
actions plays the heuristic's move rather than whichever it happened to try, and moves
away from it only where the rollouts say so. A new node is added per iteration; from there a rollout is played by the
game's heuristic bot (or uniformly at random, with probability ``epsilon`` at each
step), cut off after ``horizon`` decisions by the game's ``evaluate`` (an estimate of
each role's chance of winning) when it has one. Rewards are 1 for a win, shared
equally among joint winners, 0 for a loss.

Budgets: a number of iterations (repeatable: the same state, role and generator give
the same choice) or seconds of thinking per decision.
"""

from __future__ import annotations

import logging
import math
import random
import time
from typing import Any

import orjson

from ..engine import IllegalAction, flow
from ..engine import rng as engine_rng
from ..games import load

log = logging.getLogger(__name__)

DEFAULT_SECONDS = 0.5
EXPLORATION = 0.7  # the UCB constant, for rewards in [0, 1]
PRIOR = 1.0  # the progressive bias towards the heuristic bot's choice


def determinize(game, s: dict, role: str, rng: random.Random) -> dict:
    """A state ``role`` cannot tell from ``s``: what it may not know drawn again (the
    game's ``scramble``), and a new random generator, so the dice to come are unknown.
    Nor does the sample keep the real secrets in its history: the other roles' actions are
    there without what they chose, and the log without the lines ``role`` was not shown
    (a sample is a world to search, not a game to replay)."""
    t = game.scramble(s, role, rng)
    if t is None:
        t = game.clone(s)
    seed = rng.getrandbits(64)
    t["seed"] = seed
    t["rng"] = engine_rng.seed_state(seed)
    t["actions"] = [entry if entry[0] == role else [entry[0], None] for entry in t["actions"]]
    t["log"] = [e for e in t["log"] if len(e) == 2 or role in e[2]]
    return t


def outcome(game, s: dict) -> dict[str, float]:
    """Each role's reward: 1 for a win, shared among joint winners; 0 for a loss; an
    unfinished game is scored by the game's ``evaluate`` (equal shares without one)."""
    roles = s["roles"]
    if game.is_over(s):
        winners = (game.result(s) or {}).get("winners") or []
        if not winners:
            return {r: 1.0 / len(roles) for r in roles}
        share = 1.0 / len(winners)
        return {r: share if r in winners else 0.0 for r in roles}
    guess = game.evaluate(s)
    if guess is None:
        return {r: 1.0 / len(roles) for r in roles}
    return guess


class ISMCTS:
    """A searching bot. Call ``choose(state, role, legal, rng)`` (the play surfaces do so
    through ``kriegsspiel.ai.bots.decide``): unlike a plain bot it is handed the state,
    and reads it only through ``determinize``."""

    searches = True

    def __init__(
        self,
        game_id: str,
        seconds: float | None = None,
        iterations: int | None = None,
        horizon: int | None = None,
        epsilon: float = 0.1,
        rollout: str | None = None,
        exploration: float = EXPLORATION,
        prior: float = PRIOR,
        model: bool = True,
    ):
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        if seconds is not None and not (0 < seconds <= 600):
            raise ValueError(f"a search budget of {seconds} seconds: give more than 0 and at most 600")
        if iterations is not None and not (0 < iterations <= 10_000_000):
            raise ValueError(f"a search budget of {iterations} iterations: give 1 to 10,000,000")
        self.game = load(game_id)
        self.seconds = seconds
        self.iterations = iterations
        self.horizon = horizon if horizon is not None else self.game.search_horizon
        self.epsilon = epsilon
        self.exploration = exploration
        self.prior = prior
        if rollout is None:
            rollout = "heuristic" if "heuristic" in self.game.bots else next(iter(self.game.bots), "random")
        self.rollout_name = rollout
        self.rollout_bot = None if rollout == "random" else self.game.bots[rollout]
        self.model = model and self.rollout_bot is not None  # the other roles play as the rollout bot
        self.last: dict = {}  # what the last search did: iterations, nodes, the root's statistics
        self.failed = 0  # samples of the current search that raised in the rules
        self.me: str | None = None  # the role the current search chooses for

    def __repr__(self) -> str:
        budget = f"{self.iterations} iterations" if self.iterations else f"{self.seconds} s"
        return f"ISMCTS({self.game.id}, {budget}, rollouts by {self.rollout_name})"

    def __call__(self, view, actions, rng):
        raise TypeError(
            "ismcts searches the game, so it needs the state: call kriegsspiel.ai.bots.decide(game, bot, state, "
            "role, rng), or the bot's choose(state, role, actions, rng)"
        )

    # ----- the search --------------------------------------------------------------

    def determinize(self, s: dict, role: str, rng: random.Random) -> dict:
        return determinize(self.game, s, role, rng)

    def _reopen(self, s: dict) -> dict:
        """With the other roles modelled, a sample (changed in place) in which the others'
        hidden choices at a step where all act at once are not yet made: the model makes
        them after the searcher's, from the same views it had before (none shows another's
        choice before the reveal). A step with secret draft steps is left as it is: the
        game's ``scramble`` has drawn those again."""
        top = s["stack"][-1] if s["stack"] else None
        if not self.model or top is None or "pending" not in top or self.me in top["pending"]:
            return s
        if type(self.game.states[top["state"]]).draft is not flow.State.draft:
            return s
        for r in [r for r in top["pending"] if r != self.me]:
            del top["pending"][r]
        return s

    def choose(self, s: dict, role: str, legal: list, rng: random.Random) -> Any:
        if not legal:
            raise ValueError(f"{role} has no legal action to choose from")
        if len(legal) == 1:
            self.last = {"iterations": 0, "inconsistent": 0, "failed": 0, "nodes": 0, "root": {}}
            return legal[0]
        tree: dict = {}
        self.me = role
        root = (role, self._fingerprint(self._reopen(self.game.clone(s)) if self.model else s, role))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        n = wasted = 0
        self.failed = 0
        while True:
            if limit is not None and n >= limit:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            if not self._iterate(self._reopen(self.determinize(s, role, rng)), tree, rng):
                wasted += 1
            n += 1
        stats = tree.get(root, {})
        keys = [_key(a) for a in legal]
        hint = stats.get(HINT)
        best = max(range(len(legal)), key=lambda i: (stats.get(keys[i], (0, 0.0, 0))[0], keys[i] == hint, -i))
        self.last = {
            "iterations": n,
            "inconsistent": wasted,
            "failed": self.failed,
            "nodes": len(tree),
            "root": {keys[i]: list(stats[keys[i]][:2]) for i in range(len(legal)) if keys[i] in stats},
        }
        return legal[best]

    def _fingerprint(self, s: dict, role: str) -> bytes:
        return self._look(s, role)[0]

    def _look(self, s: dict, role: str) -> tuple[bytes, dict]:
        """The role's information set here, and its view (without the log)."""
        view = self.game.view(s, role, log=False)  # the words of the log say nothing the board does not
        return orjson.dumps(view, option=orjson.OPT_SORT_KEYS), view

    def _iterate(self, s: dict, tree: dict, rng: random.Random) -> bool:
        """One descent, rollout and backup; False (and nothing learnt) if the sample proved
        not to be a state the rules can reach (a game whose ``scramble`` is not a
        consistent sampler: see the module's COVERAGE)."""
        try:
            return self._descend(s, tree, rng)
        except (IllegalAction, _Stuck):
            return False
        except Exception as e:  # noqa: BLE001 - a sample the rules cannot go on with
            # The real game is never touched here: only a drawn sample failed. The search
            # goes on without it, so a sampler's gap costs a bot a little strength, never the
            # game its move; the failure is counted and logged for the game's maintainers.
            self.failed += 1
            if self.failed == 1:
                log.warning("%s: a sample failed in the rules (%r); it is left out", self.game.id, e)
            return False

    def _descend(self, s: dict, tree: dict, rng: random.Random) -> bool:
        game = self.game
        path = []  # (node, action key, role)
        seen = set()
        added = False
        steps = 0  # decisions taken without a node (forced, or the model's), capped as a rollout is
        while not game.is_over(s):
            active = game.active(s)
            # At a simultaneous step the order of the roles does not matter to the rules (none
            # sees another's choice before the reveal), so the searching role goes first: its
            # own decision, the root, is then reached at once rather than after the others'.
            role = self.me if self.me in active else active[0]
            legal = game.actions(s, role)
            if not legal:
                raise _Stuck
            if len(legal) == 1 or (self.model and role != self.me):
                s = game.apply(s, role, legal[0] if len(legal) == 1 else self._play(s, role, legal, rng))
                steps += 1  # a forced move, or the model's: no node
                if steps > game.max_decisions:
                    break
                continue
            print_, view = self._look(s, role)
            key = (role, print_)
            if key in seen:
                break  # back where it was (a draft step taken back): play on from here by rollout
            seen.add(key)
            node = tree.get(key)
            if node is None:
                if added:
                    break
                node = tree[key] = {}
                if self.rollout_bot is not None and self.prior > 0:
                    node[HINT] = _key(self.rollout_bot(view, legal, rng))
                added = True
            keys = [_key(a) for a in legal]
            untried = [i for i, k in enumerate(keys) if k not in node]
            for k in keys:
                st = node.get(k)
                if st is not None:
                    st[2] += 1
            hint = node.get(HINT)
            if untried:
                hinted = [i for i in untried if keys[i] == hint]
                i = hinted[0] if hinted else untried[rng.randrange(len(untried))]
                node[keys[i]] = [0, 0.0, 1]
            else:
                i = self._select(node, keys, hint)
            path.append((node, keys[i], role))
            s = game.apply(s, role, legal[i])
            if untried:
                break
        reward = self._rollout(s, rng)
        for node, k, role in path:
            st = node[k]
            st[0] += 1
            st[1] += reward.get(role, 0.0)
        return True

    def _select(self, node: dict, keys: list, hint: bytes | None) -> int:
        c = self.exploration
        best, best_i = -1.0, 0
        for i, k in enumerate(keys):
            n, w, avail = node[k]
            score = w / n + c * math.sqrt(math.log(avail) / n)
            if k == hint:
                score += self.prior / (n + 1)
            if score > best:
                best, best_i = score, i
        return best_i

    def _play(self, s: dict, role: str, legal: list, rng: random.Random) -> Any:
        """The rollout bot's move, or with probability ``epsilon`` any legal move."""
        bot = self.rollout_bot
        if bot is None or len(legal) == 1 or rng.random() < self.epsilon:
            return legal[rng.randrange(len(legal))]
        return bot(self.game.view(s, role, log=False), legal, rng)

    def _rollout(self, s: dict, rng: random.Random) -> dict:
        game = self.game
        horizon = self.horizon
        steps = 0
        cap = game.max_decisions
        while not game.is_over(s):
            if horizon is not None and steps >= horizon and game.evaluate(s) is not None:
                break
            role = game.active(s)[0]
            legal = game.actions(s, role)
            if not legal:
                raise _Stuck
            s = game.apply(s, role, self._play(s, role, legal, rng))
            steps += 1
            if steps > cap:
                break
        return outcome(game, s)


HINT = "hint"  # a node's entry for the heuristic's choice there (action keys are bytes)


class _Stuck(Exception):
    """A sampled state in which a role must act and has no legal action."""


def _key(action) -> bytes:
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


def parse(game_id: str, name: str) -> ISMCTS:
    """``ismcts`` (half a second a decision), ``ismcts:0.2s`` (seconds), ``ismcts:300``
    (iterations: repeatable); ``:decoupled`` after any of them searches every role's
    choices rather than modelling the others (``ismcts:decoupled``, ``ismcts:1s:decoupled``)."""
    model = not name.endswith(":decoupled")
    name = name.removesuffix(":decoupled")
    if name == "ismcts":
        return ISMCTS(game_id, model=model)
    level = name.removeprefix("ismcts:")
    try:
        if level.endswith("s"):
            return ISMCTS(game_id, seconds=float(level[:-1]), model=model)
        return ISMCTS(game_id, iterations=int(level), model=model)
    except ValueError as e:
        if "budget" in str(e):
            raise KeyError(f"{name!r}: {e}") from None
        raise KeyError(
            f"{name!r}: an ISMCTS level is seconds a decision (ismcts:0.5s) or iterations (ismcts:300)"
        ) from None
