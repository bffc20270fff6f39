"""A short fuzz of every game, in the test command: the lab's fuzzer
(src/kriegsspiel/lab/fuzz.py) plays tens of random games of each registered game
(every module of ``kriegsspiel.games.MODULES`` and the toy game) with all its checks:
crashes, dead ends, endless games, illegal actions accepted or changing the state,
replay drift, states that are not plain JSON, actions that do something else on a
copy of the state, leaks of secret choices at simultaneous steps, views that
change when what a role may not know is scrambled, and actions that show their
player something hidden and may still be undone (``--reveals``).

The whole file costs about a minute and a half of one CPU. The short games are
played to their end; the long ones are cut short after a bounded number of
decisions (``BUDGET``), since one fuzzed game of Imperial Borders or Imperialism
1880 takes 5-20 seconds to its end (every view of every role compared at each
simultaneous step). A game cut short is the real game:
the same rules under another id, whose only difference is that ``is_over`` is true
once that many decisions were taken (``result`` then says so), so every check of
the fuzzer runs on every decision played, and the record replays as usual.

``kriegsspiel fuzz GAME --games N`` plays whole games, for longer runs by hand.
"""

from __future__ import annotations

import random

import pytest

from kriegsspiel import games as registry
from kriegsspiel.engine.records import digest, record, replay
from kriegsspiel.games import MODULES, load
from kriegsspiel.games.imperial_borders.rules import ImperialBorders
from kriegsspiel.lab import fuzz as fuzzer

GAMES = [*MODULES, "skirmish"]

BUDGET = {
    # game id: (games, decisions per game; None: each game to its end)
    "skirmish": (60, None),  # ~10 decisions a game
    "goofspiel": (60, None),  # 14-39 decisions
    "first-world-war": (30, None),  # ~550-600 decisions, ~0.3 s of CPU a game fuzzed
    "imperial-elegy": (20, 800),  # ~600-1000 decisions to the Great War's outbreak
    "imperial-borders": (20, 800),  # 1500-4000 decisions
    "imperialism-1880": (24, 200),  # 300-700 decisions, up to 9 roles' views at each simultaneous step
}
DEFAULT_BUDGET = (20, 300)
"""For a game added to MODULES without a budget here: it is fuzzed all the same."""

KNOWN = {}
"""Findings not fixed yet, by game id: ``{game_id: "seed S, step N: message"}``. The
game's case is then an expected failure (strict: it fails once the defect is gone,
so the entry is removed with the fix)."""


def cases():
    out = []
    for game_id in GAMES:
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN[game_id])] if game_id in KNOWN else []
        out.append(pytest.param(game_id, *BUDGET.get(game_id, DEFAULT_BUDGET), marks=marks, id=game_id))
    return out


def cut_short(game_id: str, decisions: int | None, monkeypatch) -> str:
    """The id of ``game_id`` cut short after ``decisions`` decisions, registered for
    this test only (None: the game itself)."""
    game = load(game_id)
    if decisions is None:
        return game_id
    base = type(game)

    def is_over(self, s):
        return not s["stack"] or len(s["actions"]) >= decisions

    def result(self, s):
        if s["stack"] and len(s["actions"]) >= decisions:
            return {"winners": [], "scores": {}, "reason": f"cut short after {decisions} decisions to fuzz"}
        return s["result"]

    name = f"{game_id}~{decisions}"
    # the same module (so the same guide), the same procedures and states
    cls = type(base.__name__ + "CutShort", (base,), {"id": name, "__module__": base.__module__})
    cls.is_over, cls.result = is_over, result
    return install(cls, monkeypatch).id


def install(cls, monkeypatch):
    """Register a game of these rules for this test only (``register`` keeps it for good)."""
    for state in cls.states.values():  # Rules() rebinds each state's label: put it back afterwards
        monkeypatch.setattr(state, "label", state.label)
    rules = cls()
    monkeypatch.setitem(registry._loaded, rules.id, rules)
    return rules


class Probes:
    """Counts how often the fuzzer's checks ran, to show that they did."""

    def __init__(self, monkeypatch):
        self.calls = {"illegal": 0, "copy": 0, "leak": 0, "scramble": 0, "reveal": 0}
        for name in self.calls:
            real = getattr(fuzzer, f"_probe_{name}")
            monkeypatch.setattr(fuzzer, f"_probe_{name}", self.counting(name, real))

    def counting(self, name, real):
        def probe(*args):
            self.calls[name] += 1
            return real(*args)

        return probe


@pytest.mark.parametrize("game_id, games, decisions", cases())
def test_a_short_fuzz_finds_nothing(game_id, games, decisions, monkeypatch):
    fuzzed = cut_short(game_id, decisions, monkeypatch)
    probes = Probes(monkeypatch)
    report = fuzzer.fuzz(fuzzed, games, seed=0, reveals=True)
    assert report["games"] == games
    found = "\n".join(f"seed {e['seed']}, step {e['step']}: {e['message']} (setup {e})" for e in report["errors"])
    assert report["errors"] == [], f"the fuzz of {game_id} found:\n{found}"
    # every check ran: illegal actions at every 5th step, a copy at every 3rd, a scramble at
    # every 7th (3, 10, ...) and an action played where the unknown was shuffled (5, 12, ...),
    # the leak check at every simultaneous step
    calls = probes.calls
    assert calls["illegal"] >= games and calls["copy"] >= games and calls["scramble"] >= games / 2
    assert calls["reveal"] >= games / 2 or not hides_anything(game_id)
    assert calls["leak"] > 0 or not has_simultaneous_steps(game_id)


def hides_anything(game_id):
    """Whether the game keeps anything from some role (its ``scramble`` shuffles it)."""
    rules = load(game_id)
    state = rules.new(seed=0)
    return any(rules.scramble(state, role, random.Random(0)) is not None for role in [*state["roles"], None])


def has_simultaneous_steps(game_id):
    return any(getattr(st, "simultaneous", False) for st in load(game_id).states.values())


@pytest.mark.parametrize("game_id", [g for g in GAMES if BUDGET.get(g, DEFAULT_BUDGET)[1] is not None])
def test_a_game_cut_short_is_the_real_game(game_id, monkeypatch):
    """The fuzz of a long game plays the real rules: its record, under the game's own
    id, replays to the very state the fuzzer left (step for step the same game)."""
    decisions = 120  # fewer than any whole game of these takes
    fuzzed = cut_short(game_id, decisions, monkeypatch)
    game, short = load(game_id), load(fuzzed)
    setup = fuzzer.setup_for(game, 1)
    s = short.new(seed=1, **setup)
    plain = game.new(seed=1, **setup)
    assert {**s, "game": game_id} == plain
    pick = random.Random(1)
    while not short.is_over(s):
        role = pick.choice(short.active(s))
        s = short.apply(s, role, pick.choice(short.actions(s, role)))
    assert len(s["actions"]) == decisions and not game.is_over(s)
    assert short.result(s)["reason"].startswith("cut short") and game.result(s) is None
    again = replay({**record(s), "game": game_id})
    assert digest({**again, "game": fuzzed}) == digest(s)


class PeekingBorders(ImperialBorders):
    """Imperial Borders whose board shows the whole state, every nation's secret
    plots and orders with it: a leak."""

    id = "peeking-borders"

    def board(self, s, role):
        return {**super().board(s, role), "peek": {k: v for k, v in s.items() if k not in ("rng", "seed")}}


def test_a_game_cut_short_still_shows_a_planted_leak(monkeypatch):
    """The bound takes nothing from the checks: a leak planted in Imperial Borders is
    found within its first decisions."""
    install(PeekingBorders, monkeypatch)
    report = fuzzer.fuzz(cut_short("peeking-borders", 60, monkeypatch), 2)
    assert len(report["errors"]) == 2 and all("leak" in e["message"] for e in report["errors"])
