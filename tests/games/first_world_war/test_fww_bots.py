"""The First World War's heuristic bot: it takes an even fight rather than pass
(``bots.FAIR_FIGHT``; the study behind it is in docs/STUDIES.md)."""

from __future__ import annotations

import random

import kriegsspiel
from kriegsspiel.games.first_world_war import bots as B


def test_the_heuristic_bot_never_passes_when_a_fight_is_even_or_better():
    game = kriegsspiel.load("first-world-war")
    bot = kriegsspiel.bot("first-world-war", "heuristic")
    even = 0
    for seed in range(3):
        s = game.new(seed=seed, players=2)
        rng = random.Random(seed)
        while not game.is_over(s):
            role = game.active(s)[0]
            legal = game.actions(s, role)
            view = game.view(s, role)
            choice = bot(view, legal, rng)
            if "pass" in legal:
                found = B.best_offensive(view, legal)
                best = found[0] if found else None
                if best is not None and best >= B.FAIR_FIGHT:
                    assert choice != "pass", (seed, role, best)
                    even += B.FAIR_FIGHT <= best < 1.0
            s = game.apply(s, role, choice)
    assert even  # the even fights the bot used to decline do come up, and it takes them
