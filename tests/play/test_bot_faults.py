"""A bot's own fault never stops a game on the server: a bot that raises, or that answers
with something not legal, is logged and its seat plays a legal move from the same secret
generator instead (``service.think``)."""

from __future__ import annotations

import kriegsspiel
from kriegsspiel.play.web import service


def _state():
    game = kriegsspiel.load("goofspiel")
    return game, game.new(seed=3)


def test_a_bot_that_raises_still_gives_its_seat_a_legal_move(monkeypatch, caplog):
    game, s = _state()
    role = game.active(s)[0]

    def broken(view, actions, rng):
        raise ZeroDivisionError("a bug in a bot")

    monkeypatch.setattr(service, "get_bot", lambda game_id, name: broken)
    with caplog.at_level("ERROR"):
        action = service.think("goofspiel", "match", s, role)
    assert action in game.actions(s, role)
    assert "bot match failed for" in caplog.text and "ZeroDivisionError" in caplog.text
    assert service.think("goofspiel", "match", s, role) == action  # the same secret generator: repeatable


def test_a_bot_that_answers_with_an_illegal_move_is_overruled(monkeypatch, caplog):
    game, s = _state()
    role = game.active(s)[0]
    monkeypatch.setattr(service, "get_bot", lambda game_id, name: lambda view, actions, rng: 99)
    with caplog.at_level("ERROR"):
        action = service.think("goofspiel", "match", s, role)
    assert action in game.actions(s, role) and action != 99
    assert "not a legal action" in caplog.text


def test_a_sound_bot_is_left_alone():
    game, s = _state()
    role = game.active(s)[0]
    bot = kriegsspiel.bot("goofspiel", "match")
    assert service.think("goofspiel", "match", s, role) == bot(game.view(s, role), game.actions(s, role), None)
