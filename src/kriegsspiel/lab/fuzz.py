"""The fuzzer: random legal play that looks for every kind of fault.

For each game it reports, with the seed and step that reproduce it:
crashes, dead ends (a role active with no legal action), endless games,
illegal actions accepted or changing the state, records that replay to a
different state, states that are not plain JSON, actions that do something
else when applied to a copy of the state (parts sharing memory), and leaks: at a
simultaneous step, what one role sees must not depend on which legal action
another role chose before the reveal; and, in every game that hides anything
(``Rules.scramble``: hands, decks, face-down counters, secret orders and goals,
sealed choices), a role's view must not change when everything it may not know
is shuffled, nor its legal actions and their labels; and an action played both in the
state and in a copy with what its role may not know shuffled, that shows the role
something (its view differs between the two), may no longer be undone (``reveals``, on
unless ``kriegsspiel fuzz --no-reveals``).
"""

from __future__ import annotations

import json
import random
import traceback
from dataclasses import dataclass, field

import orjson

from ..engine import IllegalAction
from ..engine.records import digest, record, replay
from ..engine.rules import same
from ..games import load
from .batches import over_seeds

_JUNK = ({"fuzz": "not an action"}, None, -987654321, "garbage", [[]], True, 1.5)


@dataclass
class Finding:
    seed: int
    step: int
    message: str
    setup: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"seed": self.seed, "step": self.step, "message": self.message, **self.setup}


def setup_for(game, seed: int) -> dict:
    """Players, scenario and options for fuzz game ``seed``: cycles through
    every player count and scenario and picks options at random."""
    pick = random.Random(seed)
    counts = game.player_counts
    players = counts[seed % len(counts)]
    scenarios = [sc.id for sc in game.scenarios] or [None]
    options = {}
    for name, opt in game.options.items():
        if opt.choices:
            options[name] = pick.choice(list(opt.choices))
        elif isinstance(opt.default, bool):
            options[name] = pick.random() < 0.5
        if opt.players and players not in opt.players and name in options:
            options[name] = opt.default  # not for this many players
    return {"players": players, "scenario": scenarios[(seed // len(counts)) % len(scenarios)], "options": options}


def fuzz_one(game_id: str, seed: int, reveals: bool = True) -> list[Finding]:
    """Play one random game and check it at every step; with ``reveals``, also that an action
    that shows its role something hidden is not left to be undone (``_probe_reveal``)."""
    game = load(game_id)
    setup = setup_for(game, seed)
    found: list[Finding] = []

    def finding(step, message):
        found.append(Finding(seed, step, message, setup))

    try:
        state = game.new(seed=seed, **setup)
    except Exception as e:  # noqa: BLE001 - any exception is a finding
        finding(0, f"new() raised {_trace(e)}")
        return found
    pick = random.Random(seed)
    step = 0
    while not game.is_over(state):
        active = game.active(state)
        if not active:
            finding(step, "the game is not over but no role is active")
            return found
        strangers = [r for r in active if r not in state["roles"]]
        if strangers:
            finding(step, f"the game waits for {', '.join(map(str, strangers))}, which is no role of the game")
            return found
        legal = {}
        for role in active:
            legal[role] = game.actions(state, role)
            if not legal[role]:
                finding(step, f"dead end: {role} is active with no legal action")
                return found
        if step % 5 == 0:
            problem = _probe_illegal(game, state, active, pick)
            if problem:
                finding(step, problem)
                return found
        if step % 7 == 3:
            problem = _probe_scramble(game, state, pick, legal)
            if problem:
                finding(step, problem)
                return found
        if len(active) > 1:
            problem = _probe_leak(game, state, active, legal, pick)
            if problem:
                finding(step, problem)
                return found
        role = active[pick.randrange(len(active))]
        options = legal[role]
        choice = options[pick.randrange(len(options))]
        copy = game.clone(state) if step % 3 == 0 else None
        aside = _scrambled_aside(game, state, role, seed, step) if reveals and step % 7 == 5 else None
        try:
            state = game.apply(state, role, choice)
        except Exception as e:  # noqa: BLE001
            finding(step, f"apply raised {_trace(e)}")
            return found
        if copy is not None:
            problem = _probe_copy(game, copy, state, role, choice)
            if problem:
                finding(step, problem)
                return found
        if aside is not None:
            problem = _probe_reveal(game, aside, state, role, choice)
            if problem:
                finding(step, problem)
                return found
        step += 1
        if step > game.max_decisions:
            finding(step, f"endless: over {game.max_decisions} decisions")
            return found
    try:
        json.loads(json.dumps(state))
    except (TypeError, ValueError) as e:
        finding(step, f"the state is not plain JSON: {e}")
    result = game.result(state)
    if not result or not set(result["winners"]) <= set(state["roles"]):
        finding(step, f"the result is not well formed: {result!r}")
    try:
        again = replay(json.loads(json.dumps(record(state))))
        if digest(again) != digest(state):
            finding(step, "replay drift: the record replays to a different state")
    except Exception as e:  # noqa: BLE001
        finding(step, f"replay raised {_trace(e)}")
    return found


def _probe_illegal(game, state, active, pick) -> str | None:
    """An illegal action, or a role that may not act, must raise IllegalAction
    and leave the state exactly as it was."""
    before = orjson.dumps(state)
    role = active[pick.randrange(len(active))]
    junk = _JUNK[pick.randrange(len(_JUNK))]
    idle = [r for r in state["roles"] if r not in active]
    tries = [(role, junk), ("no-such-role", junk)]
    if idle:
        tries.append((pick.choice(idle), junk))
    for who, what in tries:
        legal = game.actions(state, who) if who in active else []
        if any(same(a, what) for a in legal):
            continue
        try:
            game.apply(state, who, what)
        except IllegalAction:
            pass
        except Exception as e:  # noqa: BLE001
            return f"an illegal action ({who}: {what!r}) raised {_trace(e)} instead of IllegalAction"
        else:
            return f"an illegal action was accepted: {who}: {what!r}"
        if orjson.dumps(state) != before:
            return f"an illegal action ({who}: {what!r}) changed the state"
    return None


def _probe_copy(game, copy, state, role, choice) -> str | None:
    """An action applied to a copy of the state (as the server does, and as a replay
    from a save does) must give the same state as applied in place: parts of the
    state that share one list or dict in memory behave differently once copied."""
    try:
        again = game.apply(copy, role, choice)
    except Exception as e:  # noqa: BLE001
        return f"applied to a copy of the state, {game.label(choice)} raised {_trace(e)}"
    if orjson.dumps(again, option=orjson.OPT_SORT_KEYS) != orjson.dumps(state, option=orjson.OPT_SORT_KEYS):
        return f"applied to a copy of the state, {game.label(choice)} gives another state (shared lists or dicts?)"
    return None


def _scrambled_aside(game, state, role: str, seed: int, step: int) -> dict | None:
    """The state with what ``role`` may not know shuffled, for ``_probe_reveal`` to play the
    same action in; shuffled by a generator of its own, so that the fuzzer's game is the same
    with or without the probe."""
    try:
        return game.scramble(state, role, random.Random(seed * 1_000_003 + step))
    except Exception:  # noqa: BLE001 - the scramble check reports a failing scramble
        return None


def _probe_reveal(game, aside, state, role, choice) -> str | None:
    """The same action played where what its role may not know was shuffled (``aside``): if
    what the role sees now differs, the action showed it something hidden, and may no longer
    be undone (a player would otherwise look and take it back)."""
    try:
        other = game.apply(aside, role, choice)
    except Exception:  # noqa: BLE001 - not legal there, or a sample the rules cannot go on with
        return None
    if game.can_undo(state, role) and game.view(other, role) != game.view(state, role):
        return f"leak: {role} may undo {game.label(choice)}, which showed it what it may not know"
    return None


def _probe_leak(game, state, active, legal, pick) -> str | None:
    """Before the reveal, the others' views must not depend on what one chose."""
    role = active[pick.randrange(len(active))]
    choices = legal[role]
    if len(choices) < 2:
        return None
    a, b = pick.sample(range(len(choices)), 2)
    first = game.apply(game.clone(state), role, choices[a])
    second = game.apply(game.clone(state), role, choices[b])
    if (role in game.active(first)) != (role in game.active(second)):
        return None  # one choice commits, the other is a step of a draft: that much is public
    for other in [r for r in state["roles"] if r != role] + [None]:
        if game.view(first, other) != game.view(second, other):
            who = other or "a spectator"
            return (
                f"leak: what {who} sees depends on the secret choice of {role} "
                f"({game.label(choices[a])} or {game.label(choices[b])}) before the reveal"
            )
    return None


def _probe_scramble(game, state, pick, legal: dict) -> str | None:
    """What a role sees must not change when what it may not know is shuffled, nor, if it
    must act, its legal actions and their labels (both go to its player); the shuffle is
    made on a copy and leaves the state as it was."""
    role = pick.choice(list(state["roles"]) + [None])
    before = orjson.dumps(state)
    try:
        other = game.scramble(state, role, pick)
    except Exception as e:  # noqa: BLE001
        return f"scramble for {role or 'a spectator'} raised {_trace(e)}"
    if orjson.dumps(state) != before:
        return f"scramble for {role or 'a spectator'} changed the state instead of a copy"
    if other is None:
        return None
    who = role or "a spectator"
    if game.view(other, role) != game.view(state, role):
        return f"leak: what {who} sees changes when the secrets it may not know are shuffled"
    if role in legal:
        if orjson.dumps(game.actions(other, role)) != orjson.dumps(legal[role]):
            return f"leak: {who}'s legal actions change when the secrets it may not know are shuffled"
        for action in legal[role]:
            if game.label(action, other) != game.label(action, state):
                return f"leak: the label of {who}'s action {action!r} changes when its secrets are shuffled"
    return None


def _trace(e: Exception) -> str:
    where = traceback.extract_tb(e.__traceback__)[-1]
    return f"{type(e).__name__}: {e} (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})"


def _batch(game_id: str, reveals: bool, seeds: list[int]) -> list[dict]:
    return [f.as_dict() for s in seeds for f in fuzz_one(game_id, s, reveals)]


def fuzz(game_id: str, games: int, seed: int = 0, progress=None, jobs: int = 1, reveals: bool = True) -> dict:
    """Fuzz ``games`` games with seeds ``seed .. seed+games-1``, over ``jobs`` processes."""
    load(game_id)
    errors = over_seeds(_batch, (game_id, reveals), list(range(seed, seed + games)), jobs, progress)
    errors.sort(key=lambda e: (e["seed"], e["step"]))
    return {"game": game_id, "games": games, "errors": errors}
