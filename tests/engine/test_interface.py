"""The public interface of INTERFACE.md, on every registered game: illegal
actions change nothing, play is deterministic, records replay exactly,
clones are independent, views are plain JSON."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kriegsspiel
from kriegsspiel import IllegalAction
from kriegsspiel.engine.records import digest

GAMES = ["goofspiel", "skirmish"]


def random_game(game, seed, stop=None):
    """Play a random game (up to ``stop`` decisions); the state."""
    rng = random.Random(seed)
    s = game.new(seed=seed)
    n = 0
    while not game.is_over(s) and (stop is None or n < stop):
        role = rng.choice(game.active(s))
        s = game.apply(s, role, rng.choice(game.actions(s, role)))
        n += 1
    return s


def test_catalog_lists_every_game_with_its_facts():
    entries = {e["id"]: e for e in kriegsspiel.catalog()}
    assert {"goofspiel", "skirmish"} <= set(entries)
    g = entries["goofspiel"]
    assert g["title"] == "Goofspiel"
    assert g["player_counts"] == [2, 3]
    assert [s["id"] for s in g["scenarios"]] == ["classic", "quick"]
    assert g["options"]["ties"]["choices"] == ["discard", "carry"]
    assert g["bots"][0] == "random"


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="goofspiel"):
        kriegsspiel.load("chess")


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"players": 5}, "played by 2 or 3 players"),
        ({"scenario": "epic"}, "no scenario 'epic'"),
        ({"options": {"speed": 1}}, "no option 'speed'"),
        ({"options": {"ties": "coin"}}, "one of discard, carry"),
    ],
)
def test_new_refuses_bad_setup(bad, message):
    with pytest.raises(ValueError, match=message):
        kriegsspiel.load("goofspiel").new(seed=1, **bad)


def test_options_given_as_text_are_parsed():
    game = kriegsspiel.load("skirmish")
    s = game.new(seed=1, options={"turns": "3", "fog": "no"})
    assert s["options"] == {"turns": 3, "fog": False}
    with pytest.raises(ValueError, match="whole number"):
        game.new(seed=1, options={"turns": "many"})
    with pytest.raises(ValueError, match="true or false"):
        game.new(seed=1, options={"fog": "perhaps"})


@pytest.mark.parametrize("game_id", GAMES)
def test_state_is_plain_json_at_every_step(game_id):
    game = kriegsspiel.load(game_id)
    rng = random.Random(5)
    s = game.new(seed=5)
    while not game.is_over(s):
        assert json.loads(json.dumps(s)) == s
        role = rng.choice(game.active(s))
        s = game.apply(s, role, rng.choice(game.actions(s, role)))
        json.dumps(game.view(s, role))
        json.dumps(game.view(s, None))


@pytest.mark.parametrize("action", [0, 14, "7", 7.0, True, None, [7], {"bid": 7}, "{not json"])
def test_illegal_actions_raise_and_change_nothing(action):
    game = kriegsspiel.load("goofspiel")
    s = game.new(seed=2)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match="not a legal action for hearts"):
        game.apply(s, "hearts", action)
    assert json.dumps(s, sort_keys=True) == before


def test_wrong_role_and_second_commit_are_refused_with_reasons():
    game = kriegsspiel.load("goofspiel")
    s = game.new(seed=2)
    with pytest.raises(IllegalAction, match="not a role in this game"):
        game.apply(s, "diamonds", 3)
    with pytest.raises(IllegalAction, match="not a role in this game"):
        game.apply(s, "spades", 3)  # a two-player game has no spades
    s = game.apply(s, "hearts", 3)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match="already committed; waiting for clubs"):
        game.apply(s, "hearts", 4)
    assert json.dumps(s, sort_keys=True) == before


def test_acting_out_of_turn_is_refused():
    game = kriegsspiel.load("skirmish")
    s = game.new(seed=2)
    with pytest.raises(IllegalAction, match="blue may not act now; waiting for red"):
        game.apply(s, "blue", "pass")


def test_a_finished_game_takes_no_actions():
    game = kriegsspiel.load("goofspiel")
    s = random_game(game, 4)
    assert game.active(s) == [] and game.actions(s, "hearts") == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(s, "hearts", 1)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), game_id=st.sampled_from(GAMES), data=st.data())
def test_property_illegal_actions_never_change_a_state(seed, game_id, data):
    game = kriegsspiel.load(game_id)
    stop = data.draw(st.integers(0, 30))
    s = random_game(game, seed, stop)
    junk = data.draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(),
            st.floats(allow_nan=False),
            st.text(max_size=5),
            st.lists(st.integers(), max_size=2),
            st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        )
    )
    role = data.draw(st.sampled_from([*s["roles"], "nobody"]))
    legal = game.actions(s, role)
    if any(kriegsspiel.engine.rules.same(a, junk) for a in legal):
        return
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction):
        game.apply(s, role, junk)
    assert json.dumps(s, sort_keys=True) == before


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), game_id=st.sampled_from(GAMES))
def test_property_same_seed_same_game_and_records_replay_exactly(seed, game_id):
    game = kriegsspiel.load(game_id)
    a = random_game(game, seed)
    b = random_game(game, seed)
    assert digest(a) == digest(b)
    rec = json.loads(json.dumps(kriegsspiel.record(a)))
    assert digest(kriegsspiel.replay(rec)) == digest(a)


def test_different_seeds_give_different_deals():
    game = kriegsspiel.load("goofspiel")
    decks = {tuple(game.new(seed=i)["prizes"]) for i in range(20)}
    assert len(decks) == 20


def test_seed_may_be_text_and_defaults_to_a_recorded_random_one():
    game = kriegsspiel.load("goofspiel")
    assert game.new(seed="autumn")["prizes"] == game.new(seed="autumn")["prizes"]
    s = game.new()
    assert isinstance(s["seed"], str) and len(s["seed"]) == 32  # 128 bits, in hex
    assert kriegsspiel.replay(kriegsspiel.record(s))["prizes"] == s["prizes"]


def test_record_has_the_interface_fields():
    game = kriegsspiel.load("goofspiel")
    s = random_game(game, 9, stop=6)
    rec = kriegsspiel.record(s)
    assert {"game", "seed", "scenario", "options", "players", "actions"} <= set(rec)
    assert rec["actions"] == s["actions"] and len(rec["actions"]) == 6


def test_clone_is_independent():
    game = kriegsspiel.load("skirmish")
    s = random_game(game, 3, stop=3)
    c = game.clone(s)
    assert c == s and c is not s
    role = game.active(c)[0]
    c = game.apply(c, role, game.actions(c, role)[0])
    assert c != s
    assert len(s["actions"]) == 3 and len(c["actions"]) == 4


def test_bots_are_offered_and_play_legal_moves():
    assert kriegsspiel.bots("goofspiel") == ["random", "match"]
    game = kriegsspiel.load("goofspiel")
    s = game.new(seed=1)
    rng = random.Random(0)
    for name in kriegsspiel.bots("goofspiel"):
        bot = kriegsspiel.bot("goofspiel", name)
        legal = game.actions(s, "hearts")
        assert bot(game.view(s, "hearts"), legal, rng) in legal
    with pytest.raises(KeyError, match="no bot 'genius'"):
        kriegsspiel.bot("goofspiel", "genius")
