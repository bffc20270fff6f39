"""``Rules``: the base class of every game module, and the public interface
of a loaded game (``new``, ``active``, ``actions``, ``apply``, ``clone``,
``view``, ``is_over``, ``result``, ``undo``, ``step``, ``known``).

A game module subclasses ``Rules``, declares what the game is (roles, player
counts, scenarios, options), its procedures and states (see ``flow``), a
``setup`` that lays out the game, and a ``board`` view per role. Everything
else — validating actions, secrecy of simultaneous choices, the log's
visibility, undo, records — is done here the same way for every game.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import orjson

from . import flow, rng
from .errors import IllegalAction
from .guide import Guide
from .rng import sees

RESERVED = (
    "game",
    "rules",
    "seed",
    "scenario",
    "options",
    "players",
    "roles",
    "rng",
    "stack",
    "log",
    "actions",
    "drafts",
    "undo",
    "result",
)
"""Keys of the game state that belong to the engine. A game keeps its own
data in other keys."""

LOG_IN_VIEW = 40
"""How many of the latest log lines a view carries; ``Rules.log`` gives them all."""

# Parts of the state that only ever grow by appending whole entries that are
# never changed afterwards: a clone may share the entries.
_APPEND_ONLY = ("log", "actions", "drafts")


@dataclass(frozen=True)
class Option:
    """A game option: its default, the values it may take, and what it does."""

    default: Any
    choices: tuple = ()
    help: str = ""
    title: str = ""
    """The option's name as players read it (the form's label); by default
    made from its id."""
    players: tuple = ()
    """The player counts the option may be chosen with (any value but its
    default); () for every count."""

    def heading(self, name: str) -> str:
        return self.title or name.replace("_", " ").capitalize()

    def parse(self, name: str, value: Any) -> Any:
        """The option's value from Python or from text (``--option ties=split``)."""
        if isinstance(self.default, bool):
            if isinstance(value, str):
                low = value.strip().lower()
                if low in ("1", "true", "yes", "on"):
                    value = True
                elif low in ("0", "false", "no", "off"):
                    value = False
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} is true or false, not {value!r}")
        elif isinstance(self.default, int):
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise ValueError(f"option {name!r} is a whole number, not {value!r}") from None
            if type(value) is not int:
                raise ValueError(f"option {name!r} is a whole number, not {value!r}")
        if len(self.choices) == 1 and value not in self.choices:
            raise ValueError(f"option {name!r} can only be {self.choices[0]!r} for now; not {value!r}")
        if self.choices and value not in self.choices:
            raise ValueError(f"option {name!r} is one of {', '.join(map(str, self.choices))}; not {value!r}")
        return value


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    help: str = ""


SEARCH_BOTS = ("ismcts", "ismcts:0.2s", "ismcts:1s")
"""The search every game offers beside its own bots (``ai.ismcts``), at the levels a
new-game form lists: half a second a decision, 0.2 s and 1 s (any ``ismcts:Ns`` or
``ismcts:N`` iterations is accepted from Python and the command line)."""


class Rules:
    """One game. A game module subclasses it, sets these class attributes and
    provides the hooks below."""

    id: str = ""
    title: str = ""
    version: int = 1
    roles: tuple[str, ...] = ()
    role_names: dict[str, str] = {}
    """Each role's name as players read it ("France" for ``fr``)."""
    player_counts: tuple[int, ...] = ()
    scenarios: tuple[Scenario, ...] = ()
    options: dict[str, Option] = {}
    procedures: dict[str, flow.Procedure] = {}
    states: dict[str, flow.State] = {}
    bots: dict[str, Callable] = {}
    max_decisions: int = 100_000
    """A bound on the length of a game, in decisions (the fuzzer's 'endless')."""
    search_horizon: int | None = None
    """How many decisions a search's rollout plays before ``evaluate`` scores it (None: to the end)."""
    quiet_steps: bool = False
    """Whether an action may change nothing another role sees (a unit moved out of the enemy's
    sight, a referee's entry about another power): a host that shows each role its count of
    steps marks those with ``apply_marked``, so that the count tells nobody of them."""

    def __init__(self) -> None:
        self._listed = None
        self._guide: Guide | None | bool = False
        for state in self.states.values():
            state.label = self.label  # messages about actions use the game's own words

    # ----- hooks a game module provides ------------------------------------

    def role_name(self, role: str | None) -> str:
        """A role's name as players read it; the spectator is "spectator"."""
        if role is None:
            return "spectator"
        return self.role_names.get(role, role)

    def roles_in_play(self, players: int, options: dict | None = None) -> list[str]:
        """The roles taking part with that many players and these options (default: all)."""
        return list(self.roles)

    def seats(self, players: int, options: dict | None = None) -> list[list[str]]:
        """Which roles each player holds (default: one role each)."""
        return [[r] for r in self.roles_in_play(players, options)]

    def seat_options(self, options: dict, seats: dict[str, str]) -> dict:
        """The options a new game takes from who sits where (``seats``: role -> "human" or a
        bot's name, with or without "bot:"): a game whose rules treat a bot's seat otherwise
        sets them here. The options given win over what the seats imply. Default: unchanged."""
        return dict(options)

    def bot_for(self, s: dict, role: str) -> str:
        """The bot that plays ``role`` when nobody says otherwise."""
        return next(iter(self.bots), "random")

    def setup(self, s: dict) -> None:
        """Lay out a new game in ``s`` (scenario, options and players are set)."""

    def board(self, s: dict, role: str | None) -> dict:
        """What ``role`` (None: a spectator) may see of the game's own data."""
        return {}

    def label(self, action: Any, s: dict | None = None) -> str:
        """A short text for an action, for menus and the log. Given the state, a game
        may name what the action points to (a unit by its id, an order by its number)."""
        return json.dumps(action, separators=(",", ":"))

    def scramble(self, s: dict, role: str | None, rng) -> dict | None:
        """A copy of ``s`` with everything ``role`` may not know shuffled (others' hands,
        the deck's order, others' secret goals), or None if the game hides nothing.
        The fuzzer checks that the role's view is the same in both: a view that
        changes has leaked a secret. ``rng`` is a ``random.Random`` of the fuzzer.
        A game's own begins with ``check_role``."""
        self.check_role(s, role)
        return None

    def check_role(self, s: dict, role: str | None) -> None:
        """ValueError unless ``role`` is one of the game's roles or None (a spectator)."""
        if role is not None and (not isinstance(role, str) or role not in s["roles"]):
            raise ValueError(f"{role!r} is not a role in this game; the roles are {', '.join(s['roles'])}")

    def evaluate(self, s: dict) -> dict[str, float] | None:
        """An unfinished game's estimate of each role's chance of winning, from 0 to 1
        (a search cuts its rollouts short with it); None if the game gives none."""
        return None

    def scores(self, s: dict) -> dict[str, float] | None:
        """Each role's running score (victory points as they stand), or None: what a
        balance study plots over the game."""
        return None

    def study_notes(self, s: dict) -> dict:
        """What a balance study keeps of a finished game beyond its result: ``tags``
        (role -> the cards, markers or events it played) and ``places`` (where each battle
        was fought). Default: nothing."""
        return {}

    def public_data(self) -> dict:
        """The game's static public data (map, units, cards) for drawing boards."""
        return {}

    def validate_data(self) -> dict[str, int]:
        """Check the game's data pack (DataError if it is wrong); the number
        of records of each kind."""
        return {}

    # ----- the public interface --------------------------------------------

    def catalog_entry(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "roles": list(self.roles),
            "role_names": {r: self.role_name(r) for r in self.roles},
            "player_counts": list(self.player_counts),
            "scenarios": [{"id": sc.id, "title": sc.title, "help": sc.help} for sc in self.scenarios],
            "options": {
                name: {"default": o.default, "choices": list(o.choices), "help": o.help, "title": o.heading(name)}
                | ({"players": list(o.players)} if o.players else {})
                for name, o in self.options.items()
            },
            "bots": ["random", *self.bots, *SEARCH_BOTS],
            "seats": {str(n): self.seats(n) for n in self.player_counts},
        }

    def new(
        self,
        seed: int | str | None = None,
        scenario: str | None = None,
        options: dict | None = None,
        players: int | None = None,
    ) -> dict:
        """A new game. The same arguments always give the same game.

        ``seed`` is a whole number from -2**63 to 2**64-1 or a text of at most
        128 characters (ValueError otherwise); without one, the game gets a
        fresh seed of 128 random bits (32 hex digits), kept in ``s["seed"]``.
        """
        seed = rng.new_seed() if seed is None else rng.check_seed(seed)
        if players is None:
            players = self.player_counts[0]
        if type(players) is not int or players not in self.player_counts:  # 2.0 or True is no count
            raise ValueError(f"{self.title} is played by {_counts(self.player_counts)} players, not {players!r}")
        ids = [sc.id for sc in self.scenarios]
        if scenario is None:
            scenario = ids[0] if ids else None
        elif type(scenario) is not str or scenario not in ids:
            raise ValueError(f"{self.title} has no scenario {scenario!r}; it has: {', '.join(ids)}")
        chosen = {}
        for name, value in (options or {}).items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise ValueError(f"{self.title} has no option {name!r}; its options: {known}")
            chosen[name] = self.options[name].parse(name, value)
            allowed = self.options[name].players
            if allowed and players not in allowed and chosen[name] != self.options[name].default:
                title = self.options[name].heading(name)
                raise ValueError(
                    f"{self.title}: the option {title!r} is played with {_counts(allowed)} players, not {players}"
                )
        full = {name: chosen.get(name, o.default) for name, o in self.options.items()}
        s = {
            "game": self.id,
            "rules": self.version,
            "seed": seed,
            "scenario": scenario,
            "options": full,
            "players": players,
            "roles": self.roles_in_play(players, full),
            "rng": rng.seed_state(seed),
            "stack": [{"proc": "game", "at": "start"}],
            "log": [],
            "actions": [],
            "drafts": [],
            "undo": 0,
            "result": None,
        }
        self.setup(s)
        flow.run(self.procedures, s)
        return s

    def active(self, s: dict) -> list[str]:
        """The roles that must act now; several at a simultaneous step."""
        stack = s["stack"]
        if not stack:
            return []
        f = stack[-1]
        if "role" in f:
            return [f["role"]]
        pending = f["pending"]
        return [r for r in f["roles"] if r not in pending]

    def actions(self, s: dict, role: str) -> list:
        """The legal actions of ``role`` now, in a stable order; [] if it may not act."""
        stack = s["stack"]
        if not stack:
            return []
        f = stack[-1]
        if not _may_act(f, role):
            return []
        out = self.states[f["state"]].actions(s, f, role)
        # remembered until the next action is applied: apply's legality check reads it
        # instead of listing again (a bot or a client lists, then applies)
        self._listed = (s, len(s["actions"]), f, role, tuple(out))
        return out

    def apply(self, s: dict, role: str, action: Any) -> dict:
        """Carry out ``action`` for ``role`` and return the next state.

        The state is changed in place (clone it first to keep the old one). An
        action that is not legal raises ``IllegalAction`` and changes nothing.
        """
        stack = s["stack"]
        if not stack:
            raise IllegalAction("the game is over")
        f = stack[-1]
        st = self.states[f["state"]]
        if not _may_act(f, role):
            raise IllegalAction(self._not_now(s, role))
        listed = self._listed
        found = None
        if (
            listed is not None
            and listed[0] is s
            and listed[1] == len(s["actions"])
            and listed[2] is f
            and listed[3] == role
            and type(st).legal is flow.State.legal  # a state's own check says more
        ):
            for a in listed[4]:
                if a is action:  # the listed action itself, as bots and clients pass it
                    found = a
                    break
            else:
                for a in listed[4]:
                    if a == action and same(a, action):
                        found = a
                        break
        if found is not None:
            action = found
        else:
            try:
                action = st.legal(s, f, role, action)
            except IllegalAction:
                raise
            except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as e:
                # an action of the wrong shape (a list where a name belongs...) that a state's
                # own quick check could not read: refused like any other, the state unchanged
                raise IllegalAction(f"that is not an action of the game ({type(e).__name__}: {e})"[:300]) from None
        self._listed = None
        acts = s["actions"]
        if acts and acts[-1][0] != role:
            s["undo"] = len(acts)
        acts.append([role, action])
        if st.simultaneous:
            if st.draft(s, f, role, action):
                # a step of the role's secret draft; it is still to commit
                s["drafts"].append([len(acts) - 1, role])
                return s
            pending = f["pending"]
            pending[role] = action
            if len(pending) == len(f["roles"]):
                flow.drop(s, f)
                flow.checkpoint(s)
                st.reveal(s, f, {r: pending[r] for r in f["roles"]})
        elif st.act(s, f, role, action) != flow.STAY:
            flow.drop(s, f)
        flow.run(self.procedures, s)
        return s

    def clone(self, s: dict) -> dict:
        """An independent copy of a state."""
        copy = orjson.loads(orjson.dumps({k: v for k, v in s.items() if k not in _APPEND_ONLY}))
        for k in _APPEND_ONLY:
            copy[k] = s[k].copy()
        return copy

    def step(self, s: dict, role: str | None = None) -> int:
        """How many actions ``role`` knows were taken: every action but the other
        roles' draft steps (a spectator, None, knows of no draft step) and the steps
        ``apply_marked`` found it could not see."""
        return len(s["actions"]) - sum(1 for entry in s["drafts"] if not sees(entry, role))

    def known(self, s: dict, role: str | None = None) -> list[int]:
        """Where ``role``'s known steps end: for k = 0 .. ``step(s, role)``, how many
        actions of ``s["actions"]`` had been taken just after the k-th action the role
        knows of (0 for k = 0). Replaying that many gives the game as the role saw it
        after its k-th step; the other roles' draft steps taken before then are in
        that state, out of the role's sight, as they were in play."""
        hidden = {entry[0] for entry in s["drafts"] if not sees(entry, role)}
        return [0] + [i + 1 for i in range(len(s["actions"])) if i not in hidden]

    def apply_marked(self, s: dict, role: str, action: Any) -> dict:
        """``apply``, and for a game with ``quiet_steps`` the step marked as known only to
        the roles whose view it changed (and the actor; a spectator is None): the others'
        count of steps, their replays and what a host pushes to them pass it by. A host
        (the web server) applies every action this way, its replays too; a simulation,
        which shows nobody a count, applies them plainly."""
        if not self.quiet_steps:
            return self.apply(s, role, action)
        drafts = len(s["drafts"])
        others = [r for r in [*s["roles"], None] if r != role]
        before = {r: _seen(self, s, r) for r in others}
        s = self.apply(s, role, action)
        if len(s["drafts"]) == drafts:  # not a draft step already kept to its role
            seen = [role] + [r for r in others if _seen(self, s, r) != before[r]]
            if len(seen) <= len(others):
                s["drafts"].append([len(s["actions"]) - 1, seen])
        return s

    def is_over(self, s: dict) -> bool:
        return not s["stack"]

    def result(self, s: dict) -> dict | None:
        """``{"winners", "scores", "reason"}`` once the game is over, else None."""
        return s["result"]

    def view(self, s: dict, role: str | None = None, log: bool = True) -> dict:
        """All that ``role`` may know now (None: a spectator, who sees what is public).
        With ``log=False`` the log lines are left out and ``can_undo`` is False: the
        quicker view a search's rollouts hand to a bot, which reads the board, not the log."""
        self.check_role(s, role)
        active = self.active(s)
        stack = s["stack"]
        top = stack[-1] if stack else None
        prompt = None
        if role in active:
            prompt = self.states[top["state"]].prompt(s, top, role)
        committed = list(top["pending"]) if top and "pending" in top else []
        board = self.board(s, role)
        for key in RESERVED:  # a board that copies the state passes on none of the engine's keys
            board.pop(key, None)
        return {
            "game": self.id,
            "title": self.title,
            "role": role,
            "roles": list(s["roles"]),
            "players": s["players"],
            "scenario": s["scenario"],
            "options": dict(s["options"]),
            "active": active,
            "committed": committed,
            "prompt": prompt,
            "can_undo": log and self.can_undo(s, role),
            "log": self.log(s, role, last=LOG_IN_VIEW) if log else [],
            "over": not stack,
            "result": s["result"],
            "board": board,
        }

    def log(self, s: dict, role: str | None = None, last: int | None = None) -> list[dict]:
        """The log lines ``role`` may see (None: the public ones), oldest first;
        with ``last``, only the most recent that many."""
        out = []
        for e in reversed(s["log"]):
            if len(e) == 2 or role in e[2]:
                out.append({"rule": e[0], "text": e[1], **self._cite(e[0])})
                if last is not None and len(out) == last:
                    break
        out.reverse()
        return out

    @property
    def guide(self) -> Guide | None:
        """The player's guide, GUIDE.md beside the game's rules (None if it has none)."""
        if self._guide is False:
            package = sys.modules[type(self).__module__].__file__
            self._guide = Guide.read(Path(package).with_name("GUIDE.md"))
        return self._guide

    def _cite(self, rule: str) -> dict:
        guide = self.guide
        if guide is None or not rule:
            return {"cite": rule, "guide": None}
        return guide.cite(rule)

    def can_undo(self, s: dict, role: str | None) -> bool:
        """Undo is allowed to the role that made the last action, while nothing
        hidden has been revealed, no die rolled and no other role acted since.

        Never while roles draft their secret choices (a simultaneous state with
        ``draft``): whether a role may still undo would tell it whether another
        role has taken a secret step since; a draft has its own way back instead
        (an action of the game's, like taking back the last path of an order)."""
        acts = s["actions"]
        if not (s["stack"] and acts and s["undo"] < len(acts) and acts[-1][0] == role):
            return False
        top = s["stack"][-1]
        return "pending" not in top or type(self.states[top["state"]]).draft is flow.State.draft

    def undo(self, s: dict, role: str) -> dict:
        """The state before ``role``'s last action (a new state, replayed)."""
        if not self.can_undo(s, role):
            raise IllegalAction(f"{role} has nothing to undo now")
        again = self.new(seed=s["seed"], scenario=s["scenario"], options=s["options"], players=s["players"])
        for r, a in s["actions"][:-1]:
            again = self.apply(again, r, a)
        return again

    # ----- messages ----------------------------------------------------------

    def _not_now(self, s: dict, role: str) -> str:
        if role not in s["roles"]:
            return f"{role!r} is not a role in this game; the roles are {', '.join(s['roles'])}"
        waiting = self.active(s)
        if not waiting:
            return "the game is over"
        f = s["stack"][-1]
        if role in f.get("pending", ()):
            return f"{role} has already committed; waiting for {', '.join(waiting)}"
        return f"{role} may not act now; waiting for {', '.join(waiting)}"


def _seen(rules: Rules, s: dict, role: str | None) -> bytes:
    """What ``role`` sees of the game, to compare before and after a step."""
    view = rules.view(s, role)
    view.pop("can_undo", None)
    return orjson.dumps(view)


def win_chances(scores: dict[str, float], scale: float) -> dict[str, float]:
    """Each role's chance of winning from a running score, for ``Rules.evaluate``: a
    softmax in which a lead of ``scale`` points makes the leader e (2.7) times as likely
    to win as the one behind."""
    top = max(scores.values())
    weight = {r: math.exp((v - top) / scale) for r, v in scores.items()}
    total = sum(weight.values())
    return {r: w / total for r, w in weight.items()}


def _counts(counts) -> str:
    return ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "") + str(counts[-1])


def _may_act(f: dict, role: str | None) -> bool:
    """Whether ``role`` is asked by the step ``f``: its one role, or one of its roles
    that has not yet answered. The spectator (None) never is."""
    if role is None:
        return False
    return f.get("role") == role or (role in f.get("roles", ()) and role not in f["pending"])


def same(a: Any, b: Any) -> bool:
    """Equal as JSON: also the same types (True is not 1, 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=False))
    return a == b


def find(legal: list, action: Any, role: str, labels: Any) -> Any:
    """The legal action equal to ``action``, or IllegalAction saying why not."""
    try:
        try:
            i = legal.index(action)
            if same(legal[i], action):
                return legal[i]
        except (ValueError, TypeError):
            pass
        for candidate in legal:
            if same(candidate, action):
                return candidate
    except RecursionError:  # nested too deep to compare: no action of any game
        return _raise(f"that is not a legal action for {role} now: nested too deep")
    shown = ", ".join(labels.label(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    try:
        what = json.dumps(action)
    except (TypeError, ValueError, RecursionError):
        what = "that"
    if len(what) > MAX_SHOWN:  # an error never echoes a whole input back
        what = what[:MAX_SHOWN] + "..."
    return _raise(f"{what} is not a legal action for {role} now; legal: {shown or 'none'}")


MAX_SHOWN = 200
"""At most this many characters of a refused action are shown in the refusal."""


def _raise(message: str):
    raise IllegalAction(message)
