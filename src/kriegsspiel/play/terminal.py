"""Terminal play: the board as text, the log, the legal actions to choose from.

Seats are humans or bots. With several humans at one keyboard (hot-seat),
the screen and the terminal's scrollback are cleared, what was typed ahead is
dropped, and each player confirms they are at the keyboard before their
secrets are shown. Where people and bots choose at once (sealed bids, secret
orders), the people choose first, so that nothing a bot has chosen is yet in
the game while a person is at the keyboard. Leaving the game saves it: a save
file is the game's whole record, every secret in it, for resuming and not for
the players' eyes.

Each decision shows the board, the log since the player last decided (dice
rolled for them by then included), the prompt and the numbered actions. A large
part of the board (a map, a table) is drawn again only when it has changed
since the player last saw it; ``m`` draws it all. Where the game takes words
of the player's own (a note to the referee), what is typed is offered to it as
it is. ``?`` lists the commands and the contents of the game's player's guide;
``? 2.5`` reads the section of the guide a log line citing (§2.5) points to.

A game's ``text`` module (``games/<game>/text.py``) draws its board and may
offer more:

- ``board(view)``: a rich renderable; a ``Group``'s renderables are the parts
  compared one by one (a ``Table`` part is named by its title);
- ``keys(legal, state)``: what to type for each action instead of its number
  (unique words, e.g. Goofspiel's cards), or None;
- ``choose(answer, legal, state)``: the index in ``legal`` of the action a typed
  answer names (``bid 6``), or None;
- ``COMMANDS``: ``{word: (usage, what it does, run(view, argument))}``, commands
  of its own (Imperial Elegy's ``c`` reads a card); ``run`` returns a renderable.
"""

from __future__ import annotations

import importlib
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Callable

from rich.console import Console, Group
from rich.control import Control, ControlType
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.pretty import Pretty
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from ..ai.bots import decide
from ..ai.bots import get as get_bot
from ..engine import IllegalAction
from ..engine.records import save
from ..engine.rng import bot_random
from ..games import MODULES, load

SMALL = 4
"""A table of the board (or a whole board drawn in one piece) longer than this is
drawn again only when it has changed since the player last saw it; the other parts
(headlines, your hand) at every decision."""

LOG_CONTEXT = 3
"""Log lines shown at a decision even when fewer are new (the older ones dimmed)."""

ERASE_SCROLLBACK = Control()
ERASE_SCROLLBACK.segment = Segment("\x1b[3J", None, [(ControlType.CLEAR,)])
"""Erase the terminal's scrollback (xterm's ED 3), which clearing the screen leaves: in
hot-seat play the last player's board must not be a scroll away."""

LOG_CAP = 40
"""At most this many log lines at a decision; ``l`` shows the whole log."""

WORDS = {
    **dict.fromkeys(("q", "quit", "exit"), "quit"),
    **dict.fromkeys(("s", "save"), "save"),
    **dict.fromkeys(("u", "undo"), "undo"),
    **dict.fromkeys(("m", "map", "board"), "board"),
    **dict.fromkeys(("l", "log"), "log"),
    **dict.fromkeys(("?", "h", "help"), "help"),
}
"""The terminal's commands, short and long: where an action's key is also a short
command (Goofspiel's Q, q), the key as shown is the action and the long word the command."""

COMMANDS = (
    ("u", "undo your last action"),
    ("m", "show the whole board"),
    ("l", "show the whole log"),
    ("s", "save the game (s FILE: save to FILE, and from then on)"),
    ("q", "save and quit (also: quit)"),
    ("?", "this help and the player's guide's contents"),
    ("? WORDS", "read the section of the guide with that number or those words in its title"),
    ("? 2.5", "read what a log line citing (§2.5) refers to"),
)


UNDO_WORDS = (["undo"], ["back"], ["cancel"])
"""The first word of a game's own action that takes back a step of a draft."""


class Quit(Exception):
    pass


def discard_typeahead() -> None:
    """Drop what was typed at the terminal and not yet read: at a shared keyboard the last
    player's keys typed ahead (an Enter pressed twice, their next move) must neither pass
    the keyboard on for the next player nor be read as the next player's answers."""
    try:
        if not sys.stdin.isatty():
            return
    except (AttributeError, ValueError):  # no stdin, or a closed one
        return
    try:
        import termios
    except ImportError:  # Windows' console
        import msvcrt

        while msvcrt.kbhit():
            msvcrt.getwch()
        return
    try:
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (termios.error, OSError, ValueError):
        pass


def save_problem(path: Path) -> str | None:
    """Why a save file cannot be written at ``path`` as things stand (a folder is there,
    or a file stands where a folder should), or None."""
    if path.is_dir():
        return "it is a folder"
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else f"{parent} is a file, not a folder"
    return None


class TerminalGame:
    def __init__(
        self,
        state: dict,
        seats: dict[str, str],
        save_path: Path,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
    ):
        self.game = load(state["game"])
        self.state = state
        self.seats = seats
        self.save_path = Path(save_path)
        self.console = console or Console()
        self.ask = ask or self.console.input
        self.bots = {r: get_bot(state["game"], b) for r, b in seats.items() if b != "human"}
        self.follow: str | None = None  # an answer to read again from the next list (``text.again``)
        self.rngs = {r: bot_random(state, r) for r in state["roles"]}
        self.humans = [r for r in state["roles"] if seats.get(r) == "human"]
        # roles held by one player share the keyboard without hiding anything from each other
        self.player_of = {
            r: i for i, group in enumerate(self.game.seats(state["players"], state["options"])) for r in group
        }
        self.hot_seat = len({self.player_of.get(r, r) for r in self.humans}) > 1
        self.at_keyboard: int | str | None = None
        self.text = None
        if state["game"] in MODULES:
            try:
                self.text = importlib.import_module(MODULES[state["game"]] + ".text")
            except ModuleNotFoundError:
                pass
        self.drawn: dict = {}  # player -> {part of the board: its text when last drawn}
        self.log_seen: dict = {}  # player -> how much of the game's log they have been shown

    def name(self, role: str | None) -> str:
        return self.game.role_name(role)

    def names(self, roles) -> str:
        return ", ".join(self.name(r) for r in roles)

    # ----- the loop -----------------------------------------------------------

    def run(self) -> dict:
        try:
            while not self.game.is_over(self.state):
                active = self.game.active(self.state)
                people = [r for r in active if r not in self.bots]
                if people:  # the people first: a bot's sealed choice is never in the game at their prompt
                    self.human_turn(people[0])
                    continue
                for role in active:
                    self.bot_turn(role)
        except Quit:
            self.saved(self.save_path)
            return self.state
        except (EOFError, KeyboardInterrupt):
            path = self.keep()
            if path:
                self.saved(path)
            return self.state
        self.show_end()
        return self.state

    def saved(self, path: Path) -> None:
        where = escape(str(path))
        self.console.print(f"\nSaved to [bold]{where}[/]. Resume with: {escape(self.resume_command(path))}")
        if self.hot_seat:
            self.console.print("The save holds every player's secrets: keep it from the players' eyes.")

    def resume_command(self, path: Path) -> str:
        """The command that goes on with the game saved at ``path``, its seats as they are
        now: a save holds no seats, so each one not as ``kriegsspiel play`` sets it (a
        friend at the keyboard, a bot chosen) is named."""
        mine = self.game.seats(self.state["players"], self.state["options"])[0]
        words = ["kriegsspiel", "play", str(path)]
        for role in self.state["roles"]:
            who = self.seats.get(role, "human")
            if who != ("human" if role in mine else self.game.bot_for(self.state, role)):
                words += ["--seat", f"{role}={who}"]
        return shlex.join(words)

    def bot_turn(self, role: str) -> None:
        action = decide(self.game, self.bots[role], self.state, role, self.rngs[role])
        self.state = self.game.apply(self.state, role, action)

    def human_turn(self, role: str) -> None:
        player = self.player_of.get(role, role)
        if self.hot_seat and self.at_keyboard != player:
            self.console.control(Control.clear(), Control.home(), ERASE_SCROLLBACK)  # what scrolled away too
            self.drawn.pop(player, None)  # the screen is blank: draw the whole board again
            name = escape(self.name(role))
            discard_typeahead()
            self.ask(f"Pass the keyboard to [bold]{name}[/]. {name}, press Enter when you are at the keyboard. ")
            self.at_keyboard = player
        view = self.game.view(self.state, role)
        legal = self.game.actions(self.state, role)
        labels = [self.game.label(a, self.state) for a in legal]
        keys = self.keys(legal)
        self.show(role, view, legal, labels, keys)
        follow, self.follow = self.follow, None
        if follow is not None:  # the rest of what was typed last: Over There's "rail 1604" names the way, then the hex
            i = self.pick(follow, legal, labels, keys)
            if i is not None:
                self.console.print(f"> {escape(follow)}")
                self.act(role, legal[i])
                return
        while True:
            answer = self.ask(f"[bold]{escape(self.name(role))}[/] > ").strip()
            if self.answer(role, view, legal, labels, keys, answer):
                return

    def answer(self, role: str, view: dict, legal: list, labels: list[str], keys, answer: str) -> bool:
        """Carry out what the player typed; True once the turn has moved on."""
        if keys is not None and answer in keys:  # a key typed as shown: Goofspiel's Q is the queen
            return self.act(role, legal[keys.index(answer)])
        word, _, rest = answer.partition(" ")
        word, rest = word.lower(), rest.strip()
        if answer.startswith("?"):
            word, rest = "?", answer[1:].strip()
        own = getattr(self.text, "COMMANDS", {})
        command = WORDS.get(word)
        if command and not rest and keys is not None and word in (k.lower() for k in keys):
            key = next(k for k in keys if k.lower() == word)
            self.console.print(
                f"{escape(repr(answer))} is {escape(labels[keys.index(key)])} or the command {command}: "
                f"type {escape(key)} for the one, {command} for the other."
            )
        elif command == "quit":
            if self.try_save() is not None:
                raise Quit
            self.console.print("The game goes on: save it elsewhere with s FILE, then quit.")
        elif command == "help":
            self.show_help(rest, keys)
        elif command == "save":
            path = self.try_save(Path(rest).expanduser() if rest else None)
            if path is not None:
                self.save_path = path
                self.console.print(f"Saved to {escape(str(path))}")
        elif command == "log" and not rest:  # every line the player may read, of each of their roles
            self.show_log(self.lines_of(self.roles_of(role), 0, len(self.state["log"])))
        elif command == "board" and not rest:
            self.show_board(view, full=True)
        elif command == "undo" and not rest:
            if self.game.can_undo(self.state, role):
                self.state = self.game.undo(self.state, role)
                return True
            self.console.print(self.no_undo(labels, keys))
        elif word in own:
            self.console.print(own[word][2](view, rest))
        elif not answer:
            self.console.print(escape(self.what_to_type(keys)) + " ? lists the commands.")
        else:
            i = self.pick(answer, legal, labels, keys)
            if i is not None:
                again = getattr(self.text, "again", None)
                if again is not None and again(answer, legal[i]):
                    self.follow = answer  # read once more from the next list
                return self.act(role, legal[i])
            try:
                if self.own_words(role, legal, answer):
                    return True
            except IllegalAction as e:
                self.console.print(f"[red]Refused: {escape(str(e))}[/]")
                return False
            self.console.print(
                f"[red]Not an action: {escape(repr(answer))}.[/] {escape(self.what_to_type(keys))} ? for help."
            )
        return False

    def no_undo(self, labels: list[str], keys: list[str] | None) -> str:
        """Why ``u`` does nothing now, and the game's own way back a step if it offers one
        (a draft of secret orders is taken back by an action of its own)."""
        text = (
            "Nothing to undo now: an action can be taken back only until a die is rolled, something "
            "hidden is shown or another side acts, and not while secret orders are being written."
        )
        marks = keys or [str(i) for i in range(1, len(labels) + 1)]
        back = [f"{m} ({label})" for m, label in zip(marks, labels, strict=True) if label.split()[:1] in UNDO_WORDS]
        if back:
            text += " To go back a step here, type " + " or ".join(back) + "."
        return escape(text)

    def own_words(self, role: str, legal: list, answer: str) -> bool:
        """Carry out ``answer`` as words of the player's own where the game takes them (a
        note to the referee): an action naming one thing, as those listed do, whose
        value the game accepts as typed; or a listed action's number followed by words the
        game takes beside it (``WORDS_FIELD``: IllegalAction if it refuses them). False, the
        state unchanged, where it takes none."""
        if not any(ch.isalpha() for ch in answer):  # a number out of range is no note
            return False
        # "4 not while the war lasts": the listed action 4 with the player's own words, where the
        # game takes words beside an action (its text module's WORDS_FIELD: the referee's reason)
        field = getattr(self.text, "WORDS_FIELD", None)
        number, _, words = answer.partition(" ")
        number = number.rstrip(":.,")
        if field and number.isdigit() and 1 <= int(number) <= len(legal) and words.strip(" :-"):
            base = legal[int(number) - 1]
            if isinstance(base, dict) and field not in base:  # refused: IllegalAction, nothing changed
                self.state = self.game.apply(self.state, role, {**base, field: words.strip(" :-")})
                return True
        kinds = []
        for a in legal:
            if isinstance(a, dict) and len(a) == 1:
                ((kind, value),) = a.items()
                if isinstance(value, str) and kind not in kinds:
                    kinds.append(kind)
        for kind in kinds:
            try:
                self.state = self.game.apply(self.state, role, {kind: answer})
            except IllegalAction:  # refused: nothing changed
                continue
            return True
        return False

    def act(self, role: str, action) -> bool:
        self.state = self.game.apply(self.state, role, action)
        return True

    def keys(self, legal: list) -> list[str] | None:
        """What to type for each action when the game says (Goofspiel's cards); None: numbers."""
        hook = getattr(self.text, "keys", None)
        keys = hook(legal, self.state) if hook else None
        if keys is None or len(keys) != len(legal) or len({k.lower() for k in keys}) != len(keys):
            return None
        return keys

    def pick(self, answer: str, legal: list, labels: list[str], keys: list[str] | None) -> int | None:
        """The index of the action the player typed: its key (or number), what the game's
        ``choose`` makes of the words, or its label in full."""
        low = " ".join(answer.lower().split())
        if keys is not None:
            found = [i for i, k in enumerate(keys) if k.lower() == low]
            if found:
                return found[0]
        elif low.isdigit() and 1 <= int(low) <= len(legal):
            return int(low) - 1
        choose = getattr(self.text, "choose", None)
        if choose is not None:
            i = choose(answer, legal, self.state)
            if i is not None and 0 <= i < len(legal):
                return i
        found = [i for i, label in enumerate(labels) if " ".join(label.lower().split()) == low]
        return found[0] if len(found) == 1 else None

    # ----- saving ----------------------------------------------------------------

    def try_save(self, path: Path | None = None) -> Path | None:
        """Save the game; None, having said why, if it cannot be written there."""
        path = path or self.save_path
        why = save_problem(path)
        if why is None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                return save(self.state, path)
            except OSError as e:
                why = e.strerror or str(e)
        self.console.print(f"[red]Cannot save to {escape(str(path))}: {escape(why)}.[/]")
        return None

    def keep(self) -> Path | None:
        """Save on leaving; where the save file cannot be written, in the temporary folder."""
        path = self.try_save()
        if path is None:
            spare = Path(tempfile.gettempdir()) / (self.save_path.name or "kriegsspiel-save.json")
            path = self.try_save(spare)
            if path is None:
                self.console.print("[red]The game could not be saved.[/]")
        return path

    # ----- drawing ---------------------------------------------------------------

    def show(self, role: str, view: dict, legal: list, labels: list[str], keys: list[str] | None) -> None:
        c = self.console
        c.print(Rule(f"{view['title']} — you are {self.name(role)}"))
        self.show_board(view)
        self.show_recent_log(role)
        if view["committed"]:
            c.print(f"Already committed (hidden): {escape(self.names(view['committed']))}")
        c.print(Panel(Text(view["prompt"] or ""), title="Your move", expand=False))
        marks = keys or [str(i) for i in range(1, len(legal) + 1)]
        width = max((len(m) for m in marks), default=1)
        for mark, label in zip(marks, labels, strict=True):
            c.print(f"  [bold]{escape(mark):>{max(width, 3)}}[/]  {escape(label)}")
        if view["can_undo"]:
            c.print("  (u: undo your last action)")

    def parts(self, view: dict) -> list:
        board = self.text.board(view) if self.text else Pretty(view["board"])
        return list(board.renderables) if isinstance(board, Group) else [board]

    def render(self, part) -> Segments:
        """A part drawn once, to be compared as text and printed as it is."""
        return Segments(list(self.console.render(part)))

    def show_board(self, view: dict, full: bool = False) -> None:
        """The board; a large part only if it changed since this player last saw it."""
        player = self.player_of.get(view["role"], view["role"])
        drawn = self.drawn.setdefault(player, {})
        parts = self.parts(view)
        plan = []  # each part with its title, or None for a part shown
        for i, part in enumerate(parts):
            title = part.title if isinstance(part, Table) and isinstance(part.title, str) and part.title else None
            key = title or f"part {i}"
            drawing = self.render(part)
            parts[i] = drawing
            text = "".join(s.text for s in drawing.segments if not s.control)
            large = (len(parts) == 1 or isinstance(part, Table)) and text.count("\n") > SMALL
            if full or not large or drawn.get(key) != text:
                drawn[key] = text
                plan.append(None)
            else:
                plan.append(title or "the board")
        same = [t for t in plan if t is not None]
        for part, skipped in zip(parts, plan, strict=True):
            if skipped is None:
                self.console.print(part)
            elif skipped == same[0]:
                self.console.print(
                    f"[dim]Unchanged since you last saw {'it' if len(same) == 1 else 'them'}: "
                    f"{escape(', '.join(same))} (m: show the whole board)[/]"
                )

    def show_recent_log(self, role: str) -> None:
        """The log since this player was last shown it, at most ``LOG_CAP`` lines: what
        happened since their last decision, dice rolled for them included; a few older
        lines, dimmed, when little is new. A player holding several roles reads the
        lines of each."""
        player = self.player_of.get(role, role)
        roles = self.roles_of(role)
        raw = self.state["log"]
        seen = min(self.log_seen.get(player, 0), len(raw))
        new = self.lines_of(roles, seen, len(raw))
        old: list[dict] = []
        back = seen
        while back > 0 and len(old) + len(new) < LOG_CONTEXT:
            back -= 1
            old[:0] = self.lines_of(roles, back, back + 1)
        if len(new) > LOG_CAP:
            self.console.print(
                f"  [dim]… {len(new) - LOG_CAP} earlier lines since your last move (l: the whole log)[/]"
            )
            new = new[-LOG_CAP:]
        for entry in old:
            self.console.print(self.log_line(entry, old=True))
        for entry in new:
            self.console.print(self.log_line(entry))
        self.log_seen[player] = len(raw)

    def roles_of(self, role: str) -> list[str]:
        """The roles held by the player who holds ``role`` (Germany and Austria-Hungary,
        one player of two): what any of them may read, that player reads."""
        player = self.player_of.get(role, role)
        return [r for r in self.humans if self.player_of.get(r, r) == player] or [role]

    def lines_of(self, roles: list[str], start: int, stop: int) -> list[dict]:
        """The lines of the game's log from ``start`` to ``stop`` (positions in the whole
        record) that any of ``roles`` may read, as ``Rules.log`` gives them."""
        out = []
        for entry in self.state["log"][start:stop]:
            for r in roles:
                seen = self.game.log({**self.state, "log": [entry]}, r)
                if seen:
                    out.append(seen[0])
                    break
        return out

    def log_line(self, entry: dict, old: bool = False) -> Text:
        line = Text("  ", style="dim" if old else "")
        cite = entry.get("cite") or entry.get("rule")
        if cite:
            line.append(f"({cite}) ", style="dim")
        line.append(entry["text"])
        return line

    def show_log(self, lines: list[dict]) -> None:
        for entry in lines:
            self.console.print(self.log_line(entry))

    def what_to_type(self, keys: list[str] | None) -> str:
        what = f"what stands left of an action (such as {keys[-1]})" if keys else "the number of an action"
        return f"Type {what}, or its words."

    def show_help(self, query: str, keys: list[str] | None = None) -> None:
        query = query.strip().strip("()").strip()
        try:
            guide = self.game.guide
        except ValueError:  # a guide that cannot be read is no guide
            guide = None
        c = self.console
        if query:
            if guide is None:
                c.print(f"{escape(self.game.title)} has no player's guide yet: there is nothing to look up.")
                return
            section = guide.section(query)
            if section is None:
                c.print(f"Nothing in the guide for {escape(repr(query))}. Type ? for its contents.")
                return
            page = Markdown(section)
            if c.is_terminal and sum(s.text.count("\n") for s in self.render(page).segments) > c.height:
                with c.pager():
                    c.print(page)
            else:
                c.print(page)
            return
        c.print(escape(self.what_to_type(keys)))
        lines = [*COMMANDS]
        for usage, what, _ in getattr(self.text, "COMMANDS", {}).values():
            lines.append((usage, what))
        for usage, what in lines:
            c.print(f"  [bold]{escape(usage):<12}[/] {escape(what)}")
        if guide is None:
            c.print(f"{escape(self.game.title)} has no player's guide yet.")
            return
        c.print("The player's guide:")
        for level, title in guide.contents():
            c.print(f"  {'  ' * (level - 1)}{escape(title)}")

    def show_end(self) -> None:
        role = self.humans[0] if self.humans and not self.hot_seat else None
        view = self.game.view(self.state, role)
        self.console.print(Rule("The game is over"))
        self.show_board(view, full=True)
        if role is not None:
            self.show_recent_log(role)
        else:
            self.show_log(self.game.log(self.state, None)[-5:])
        result = self.game.result(self.state)
        winners = self.names(result["winners"]) or "none"
        self.console.print(f"[bold]Winners: {escape(winners)}[/] — {escape(str(result['reason']))}")
        self.console.print(f"Scores: {escape(self.scores(result['scores']))}")
        path = self.keep()
        if path:
            self.console.print(
                f"The record is saved in {escape(str(path))} (kriegsspiel replay {escape(str(path))} --verify)."
            )

    def scores(self, scores) -> str:
        if isinstance(scores, dict):
            return ", ".join(f"{self.name(r) if r in self.state['roles'] else r} {v}" for r, v in scores.items())
        return str(scores)
