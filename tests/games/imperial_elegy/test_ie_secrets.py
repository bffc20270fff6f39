"""Secrets stay secret: hands, home cards, national goals and the deck's order (2.4.1, 11.2)."""

from __future__ import annotations

import random

import pytest
from ie_support import game, start

from kriegsspiel.lab.fuzz import _probe_scramble


@pytest.mark.parametrize("role", ["ge", "uk", "fr", "au", "ru", "ot", None])
def test_no_view_changes_when_what_it_may_not_know_is_shuffled(role):
    s = start(seed=11)
    for p in ("uk", "ot"):
        s["powers"][p]["goals"] = [s["powers"][p]["goal_deck"].pop()]
    other = game.scramble(s, role, random.Random(3))
    assert other["deck"] != s["deck"]  # something was shuffled
    assert game.view(other, role) == game.view(s, role)


def test_the_fuzzer_finds_a_planted_leak(monkeypatch):
    s = start(seed=11)
    real = game.board

    def leaky(s, role):
        out = real(s, role)
        out["peek"] = s["powers"]["uk"]["hand"]  # a board that shows Britain's hand to all
        return out

    monkeypatch.setattr(game, "board", leaky)
    found = [_probe_scramble(game, s, random.Random(seed), {}) for seed in range(10)]
    assert any(f and f.startswith("leak") for f in found)
