"""Terminal play: the board as text, the log, numbered legal actions.

Seats are humans or bots. With several humans at one keyboard (hot-seat),
the screen is cleared and each player confirms they are at the keyboard
before their secrets are shown. Leaving the game saves it.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.panel import Panel
from rich.pretty import Pretty
from rich.rule import Rule

from ..ai.bots import get as get_bot
from ..engine import IllegalAction
from ..engine.records import save
from ..engine.rng import bot_random
from ..games import MODULES, load

HELP = "Type the number of an action.  u: undo   s: save   l: the whole log   q: save and quit   ?: this help"


class Quit(Exception):
    pass


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
        self.save_path = save_path
        self.console = console or Console()
        self.ask = ask or self.console.input
        self.bots = {r: get_bot(state["game"], b) for r, b in seats.items() if b != "human"}
        self.rngs = {r: bot_random(state, r) for r in state["roles"]}
        self.humans = [r for r in state["roles"] if seats.get(r) == "human"]
        # roles held by one player share the keyboard without hiding anything from each other
        self.player_of = {
            r: i for i, group in enumerate(self.game.seats(state["players"], state["options"])) for r in group
        }
        self.hot_seat = len({self.player_of.get(r, r) for r in self.humans}) > 1
        self.at_keyboard: int | str | None = None
        try:
            self.text = importlib.import_module(MODULES[state["game"]] + ".text")
        except ModuleNotFoundError:
            self.text = None

    # ----- the loop -----------------------------------------------------------

    def run(self) -> dict:
        try:
            while not self.game.is_over(self.state):
                active = self.game.active(self.state)
                bots = [r for r in active if r in self.bots]
                if bots:
                    for role in bots:
                        self.bot_turn(role)
                    continue
                self.human_turn(active[0])
        except (Quit, EOFError, KeyboardInterrupt):
            path = save(self.state, self.save_path)
            self.console.print(f"\nSaved to [bold]{path}[/]. Resume with: kriegsspiel play {path}")
            return self.state
        self.show_end()
        return self.state

    def bot_turn(self, role: str) -> None:
        view = self.game.view(self.state, role)
        legal = self.game.actions(self.state, role)
        action = self.bots[role](view, legal, self.rngs[role])
        self.state = self.game.apply(self.state, role, action)

    def human_turn(self, role: str) -> None:
        player = self.player_of.get(role, role)
        if self.hot_seat and self.at_keyboard != player:
            self.console.clear()
            self.ask(f"Pass the keyboard to [bold]{role}[/]. {role}, press Enter when you are at the keyboard. ")
            self.at_keyboard = player
        view = self.game.view(self.state, role)
        legal = self.game.actions(self.state, role)
        self.show(view, legal)
        while True:
            answer = self.ask(f"[bold]{role}[/] > ").strip().lower()
            if answer in ("q", "quit", "exit"):
                raise Quit
            if answer in ("?", "h", "help"):
                self.console.print(HELP)
            elif answer == "s":
                self.console.print(f"Saved to {save(self.state, self.save_path)}")
            elif answer == "l":
                self.show_log({"log": self.game.log(self.state, role)}, None)
            elif answer == "u":
                try:
                    self.state = self.game.undo(self.state, role)
                    return
                except IllegalAction as e:
                    self.console.print(f"[red]{e}[/]")
            elif answer.isdigit() and 1 <= int(answer) <= len(legal):
                self.state = self.game.apply(self.state, role, legal[int(answer) - 1])
                return
            else:
                self.console.print(f"[red]Not an action: {answer!r}.[/] {HELP}")

    # ----- drawing ---------------------------------------------------------------

    def show(self, view: dict, legal: list) -> None:
        c = self.console
        c.print(Rule(f"{view['title']} — you are {view['role']}"))
        c.print(self.text.board(view) if self.text else Pretty(view["board"]))
        self.show_log(view, 8)
        if view["committed"]:
            c.print(f"Already committed (hidden): {', '.join(view['committed'])}")
        c.print(Panel(view["prompt"] or "", title="Your move", expand=False))
        for i, action in enumerate(legal, 1):
            c.print(f"  [bold]{i:>3}[/]  {self.game.label(action, self.state)}")
        if view["can_undo"]:
            c.print("  (u: undo your last action)")

    def show_log(self, view: dict, last: int | None) -> None:
        lines = view["log"][-last:] if last else view["log"]
        for entry in lines:
            rule = f"[dim]({entry['rule']})[/] " if entry["rule"] else ""
            self.console.print(f"  {rule}{entry['text']}")

    def show_end(self) -> None:
        role = self.humans[0] if self.humans and not self.hot_seat else None
        view = self.game.view(self.state, role)
        self.console.print(Rule("The game is over"))
        self.console.print(self.text.board(view) if self.text else Pretty(view["board"]))
        self.show_log(view, 5)
        result = self.game.result(self.state)
        self.console.print(f"[bold]Winners: {', '.join(result['winners']) or 'none'}[/] — {result['reason']}")
        self.console.print(f"Scores: {json.dumps(result['scores'])}")
        path = save(self.state, self.save_path)
        self.console.print(f"The record is saved in {path} (kriegsspiel replay {path} --verify).")
