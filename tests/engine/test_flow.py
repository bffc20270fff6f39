"""The flow of play: nested procedures, waiting states, interrupts, STAY,
simultaneous steps — exercised through the toy game Skirmish."""

import pytest

import kriegsspiel
from kriegsspiel.engine import Procedure, Rules, State, ask, flow

game = kriegsspiel.load("skirmish")


def play(state, *moves):
    for role, action in moves:
        state = game.apply(state, role, action)
    return state


def test_turns_alternate_and_procedures_resume_in_order():
    s = game.new(seed=1, options={"turns": 1})
    assert game.active(s) == ["red"]
    s = play(s, ("red", "pass"))
    assert game.active(s) == ["blue"]
    assert s["trace"] == ["turn red done"]


def test_interrupt_asks_the_defender_mid_battle_then_the_battle_resumes():
    s = game.new(seed=1, options={"turns": 1})
    s = play(s, ("red", "march"))
    # the battle has rolled and now waits for blue's loss choice
    assert game.active(s) == ["blue"]
    assert s["trace"] == [f"battle red rolls {s['stack'][-2]['die']}"]
    choice = game.actions(s, "blue")[0]
    s = play(s, ("blue", choice))
    assert s["trace"][1:] == ["battle red after", "turn red done"]
    assert game.active(s) == ["blue"]
    assert len(s["hands"]["blue"]) == 1


def test_stay_keeps_the_role_in_the_same_state():
    s = game.new(seed=1, options={"turns": 1})
    s = play(s, ("red", "drill"), ("red", "drill"))
    assert game.active(s) == ["red"]
    assert "drill" not in game.actions(s, "red")
    s = play(s, ("red", "pass"))
    assert game.active(s) == ["blue"]


def test_simultaneous_vote_waits_for_all_and_reveals_together():
    s = game.new(seed=3, options={"turns": 1})
    s = play(s, ("red", "pass"), ("blue", "pass"))
    assert game.active(s) == ["red", "blue"]
    s = play(s, ("blue", "war"))
    assert game.active(s) == ["red"]
    assert game.actions(s, "blue") == []
    assert not any("Votes" in e[1] for e in s["log"])
    s = play(s, ("red", "peace"))
    assert game.is_over(s)
    assert s["log"][-1][1] == "Votes: red peace, blue war"


def test_a_simultaneous_choice_built_in_several_secret_actions():
    """A role may draft its secret choice step by step (State.draft): it stays
    active, the others see nothing of it, and the reveal has it all."""
    s = game.new(seed=3, options={"turns": 1})
    s = play(s, ("red", "pass"), ("blue", "pass"))
    s = play(s, ("red", "cheer"))
    blue_sees = game.view(s, "blue")
    s = play(s, ("red", "cheer"))
    assert game.active(s) == ["red", "blue"]
    assert "cheer" not in game.actions(s, "red")  # two at most
    assert game.view(s, "blue") == blue_sees
    s = play(s, ("blue", "war"), ("red", "peace"))
    assert game.is_over(s)
    assert s["log"][-1][1] == "Cheers: red 2"


def test_all_peace_votes_make_everyone_a_winner():
    s = game.new(seed=3, options={"turns": 1})
    s = play(s, ("red", "pass"), ("blue", "pass"), ("red", "peace"), ("blue", "peace"))
    assert game.result(s)["winners"] == ["red", "blue"]


def test_a_looping_procedure_is_reported_not_hung(monkeypatch):
    class Forever(Procedure):
        def start(self, s, f):
            return "start"

    class Looping(Rules):
        id = "looping"
        roles = ("a",)
        player_counts = (1,)
        procedures = {"game": Forever()}

    monkeypatch.setattr(flow, "MAX_STEPS", 1000)
    with pytest.raises(RuntimeError, match="loops"):
        Looping().new(seed=1)


def test_an_ask_from_a_step_that_ends_its_procedure_is_a_tail_call():
    class Once(Procedure):
        def start(self, s, f):
            ask(s, "pick", "a")
            return None

    class Pick(State):
        def actions(self, s, f, role):
            return [1, 2]

        def act(self, s, f, role, action):
            s["picked"] = action

    class Tail(Rules):
        id = "tail"
        roles = ("a",)
        player_counts = (1,)
        procedures = {"game": Once()}
        states = {"pick": Pick()}

    rules = Tail()
    s = rules.new(seed=1)
    assert [f.get("state") for f in s["stack"]] == ["pick"]
    s = rules.apply(s, "a", 2)
    assert s["picked"] == 2 and rules.is_over(s)
