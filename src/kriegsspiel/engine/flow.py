"""The sequence of play as nested procedures and waiting states.

A game's rules are a flow chart, written the way the rulebook's sequence of
play reads:

* A **procedure** is a part of the sequence of play (the game, a year, a
  phase, a battle). It is a class whose methods are its *steps*. A step
  ``step(self, s, f)`` does its work on the game state ``s`` and its own frame
  ``f`` (a dict for the procedure's local values), then returns the name of
  the next step, or ``None`` when the procedure is over. Every procedure
  begins at its step ``start``. A step may ``call`` another procedure or
  ``ask`` a role a question: the callee runs first, and when it is done the
  caller goes on at the step it returned.
* A **state** is a box where the game waits for a role (``ask``) or for
  several roles at once (``ask_all``: secret orders, sealed bids, votes). It
  lists the role's legal actions and has one handler, ``act``. For a state
  that several roles answer at once, each answer is kept secret until every
  role has committed; then ``reveal`` receives them all together.

The position in the flow chart is a stack of frames kept in the game state
(``s["stack"]``), so the whole game stays one plain JSON object. An
interrupt (a permission, a response card, a loss choice) is just an ``ask``
pushed on top of whatever is running.
"""

from __future__ import annotations

import json

# Frames of procedures carry "proc" and "at"; frames of states carry "state"
# and either "role" (one role answers) or "roles" with "pending" (all at once).

STAY = "stay"
"""Returned by ``State.act`` to keep waiting in the same state (for a role
that takes several actions before it is done, e.g. moving one army at a time)."""

MAX_STEPS = 1_000_000
"""Steps one action may run before the flow is declared to be looping."""


class Procedure:
    """A part of the sequence of play. Subclasses define ``start`` and further
    steps; each returns the next step's name, or None to end."""

    def start(self, s: dict, f: dict) -> str | None:  # pragma: no cover - abstract
        raise NotImplementedError(f"{type(self).__name__} has no start step")


class State:
    """A box where the game waits for one role, or for several at once."""

    simultaneous = False
    """True when several roles answer at once, each in secret (``ask_all``)."""

    def prompt(self, s: dict, f: dict, role: str) -> str:
        """What the role is asked, in the rulebook's words."""
        return "Choose an action."

    def actions(self, s: dict, f: dict, role: str) -> list:
        """The role's legal actions here, plain JSON, in a stable order."""
        raise NotImplementedError(f"{type(self).__name__} lists no actions")  # pragma: no cover

    def legal(self, s: dict, f: dict, role: str, action):
        """The legal action equal to ``action`` (as JSON, types included), or
        IllegalAction saying why not. A state whose list of actions is costly
        may answer faster for the action at hand, falling back on this."""
        from .rules import find

        return find(self.actions(s, f, role), action, role, self)

    def label(self, action) -> str:
        return json.dumps(action, separators=(",", ":"))

    def act(self, s: dict, f: dict, role: str, action) -> str | None:
        """Carry out a legal action. Return ``STAY`` to keep waiting here."""
        raise NotImplementedError(f"{type(self).__name__} has no handler")  # pragma: no cover

    def draft(self, s: dict, f: dict, role: str, action) -> bool:
        """For simultaneous states where a role builds its secret choice in several
        actions (orders plotted path by path): keep ``action`` as a step of ``role``'s
        draft, out of the others' sight, and return True while the role goes on; return
        False for the action that commits it. By default every action commits."""
        return False

    def reveal(self, s: dict, f: dict, choices: dict) -> None:
        """For simultaneous states: every role's secret choice, revealed at once."""
        raise NotImplementedError(f"{type(self).__name__} reveals nothing")  # pragma: no cover


def call(s: dict, procedure: str, **local) -> None:
    """Run ``procedure`` next; the calling step's return value says where the
    caller resumes when it is done."""
    local["proc"] = procedure
    local["at"] = "start"
    s["stack"].append(local)


def ask(s: dict, state: str, role: str, **local) -> None:
    """Wait for ``role`` to act in ``state`` (a turn, or an interrupt)."""
    local["state"] = state
    local["role"] = role
    s["stack"].append(local)


def ask_all(s: dict, state: str, roles: list[str], **local) -> None:
    """Wait for every one of ``roles`` to act in ``state``, in secret: no
    choice is revealed until all have committed."""
    local["state"] = state
    local["roles"] = list(roles)
    local["pending"] = {}
    s["stack"].append(local)


def checkpoint(s: dict) -> None:
    """Nothing done so far may be undone: call when something hidden is
    revealed (dice rolls and shuffles do this by themselves)."""
    s["undo"] = len(s["actions"])


def log(s: dict, text: str, rule: str = "", to: list[str] | None = None) -> None:
    """Add a line to the game log, citing the rule it applies. A line with
    ``to`` is seen only by those roles (a card drawn, a secret learned)."""
    if to is None:
        s["log"].append([rule, text])
    else:
        s["log"].append([rule, text, list(to)])


def game_over(s: dict, winners: list[str], scores: dict, reason: str) -> None:
    """End the game now with this result."""
    s["stack"].clear()
    s["result"] = {"winners": list(winners), "scores": dict(scores), "reason": reason}


def drop(s: dict, f: dict) -> None:
    """Remove frame ``f`` from the stack, wherever it stands."""
    stack = s["stack"]
    if stack and stack[-1] is f:
        stack.pop()
        return
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is f:
            del stack[i]
            return


def run(procedures: dict, s: dict) -> None:
    """Run procedures until the game waits for a role or is over."""
    stack = s["stack"]
    steps = 0
    while stack:
        f = stack[-1]
        name = f.get("proc")
        if name is None:
            return  # a state: the game waits
        nxt = getattr(procedures[name], f["at"])(s, f)
        if nxt is None:
            drop(s, f)
        else:
            f["at"] = nxt
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"the flow ran {MAX_STEPS} steps without waiting: procedure {name!r} loops")
