"""Save files: versioned, verified, and refused clearly when corrupt or foreign."""

import json

import pytest

import kriegsspiel
from kriegsspiel import RecordError
from kriegsspiel.engine.records import check, digest, load_state, read, save

game = kriegsspiel.load("goofspiel")


def midgame(seed=8):
    s = game.new(seed=seed, options={"ties": "carry"})
    for card in (5, 7, 2):
        s = game.apply(s, "hearts", card)
        s = game.apply(s, "clubs", card + 1)
    return s


def test_save_and_load_give_the_identical_state(tmp_path):
    s = midgame()
    path = save(s, tmp_path / "g.json")
    data = json.loads(path.read_text())
    assert data["format"] == "kriegsspiel-record" and data["version"] == 2
    assert data["digest"] == digest(s)
    assert load_state(path) == s


def test_not_json_is_refused_clearly(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{this is not json")
    with pytest.raises(RecordError, match="not a Kriegsspiel save: it is not valid JSON"):
        read(path)


def test_a_foreign_json_file_is_refused(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"name": "my shopping list"}))
    with pytest.raises(RecordError, match="no format tag"):
        read(path)
    path.write_text(json.dumps({"format": "chess-pgn", "moves": []}))
    with pytest.raises(RecordError, match="its format is 'chess-pgn'"):
        read(path)


def test_a_newer_version_is_refused(tmp_path):
    data = kriegsspiel.record(midgame())
    data["version"] = 99
    path = tmp_path / "new.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="newer Kriegsspiel"):
        read(path)


def test_a_record_of_the_older_generator_is_refused(tmp_path):
    data = kriegsspiel.record(midgame())
    data["version"] = 1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="older Kriegsspiel .* cannot be replayed"):
        read(path)


def test_a_record_with_a_text_seed_replays():
    s = game.new(seed="a text seed")
    s = game.apply(s, "hearts", 4)
    rec = json.loads(json.dumps(kriegsspiel.record(s)))
    assert rec["seed"] == "a text seed" and kriegsspiel.replay(rec) == s


@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, 1.5, True, None, [1], {"a": 1}, "x" * 129])
def test_a_seed_of_the_wrong_type_or_size_is_refused(seed):
    data = {**kriegsspiel.record(game.new(seed=1)), "seed": seed}
    with pytest.raises(RecordError, match="corrupt record: a seed is"):
        check(data)
    with pytest.raises(RecordError, match="corrupt record: a seed is"):
        kriegsspiel.replay(data)


def test_a_tampered_save_is_refused(tmp_path):
    path = save(midgame(), tmp_path / "g.json")
    data = json.loads(path.read_text())
    data["actions"][0][1] = 13  # hearts bid 13, not 5
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="digest mismatch"):
        load_state(path)


def test_an_illegal_action_in_a_record_names_its_position():
    data = kriegsspiel.record(midgame())
    data["actions"][2] = ["hearts", 5]  # 5 was already played
    with pytest.raises(RecordError, match=r"action 3 of the record \(hearts: 5\) is illegal"):
        kriegsspiel.replay(data)


@pytest.mark.parametrize(
    "broken, message",
    [
        ([], "expected a JSON object"),
        ({"format": "kriegsspiel-record", "game": "goofspiel"}, "it lacks seed"),
        ({**kriegsspiel.record(game.new(seed=1)), "actions": "all of them"}, "list of \\[role, action\\] pairs"),
        ({**kriegsspiel.record(game.new(seed=1)), "game": "chess"}, "no game 'chess'"),
        ({**kriegsspiel.record(game.new(seed=1)), "players": 9}, "cannot start its game"),
        ({**kriegsspiel.record(game.new(seed=1)), "players": 2.0}, "not 2.0"),
        ({**kriegsspiel.record(game.new(seed=1)), "players": True}, "not True"),
        ({**kriegsspiel.record(game.new(seed=1)), "game": ["goofspiel"]}, "'game' must be the name of a game"),
        ({**kriegsspiel.record(game.new(seed=1)), "game": {"id": "goofspiel"}}, "'game' must be the name of a game"),
        ({**kriegsspiel.record(game.new(seed=1)), "scenario": ["standard"]}, "cannot start its game"),
        ({**kriegsspiel.record(game.new(seed=1)), "rules": 0}, "version 0 of the rules"),
    ],
)
def test_malformed_records_are_refused(broken, message):
    with pytest.raises(RecordError, match=message):
        kriegsspiel.replay(broken)


def test_replay_part_way():
    s = midgame()
    rec = kriegsspiel.record(s)
    partial = kriegsspiel.replay(rec, upto=2)
    assert partial["actions"] == s["actions"][:2]
    assert len(partial["hands"]["hearts"]) == 12 and len(s["hands"]["hearts"]) == 10


@pytest.mark.parametrize(
    "game_id, where, action",
    [
        ("imperialism-1880", "orders", {"request": ["support"]}),
        ("imperialism-1880", "orders", {"request": {"a": 1}}),
        ("imperial-borders", "march_orders", {"unload": ["x"]}),
        ("imperial-borders", "march_orders", {"load": "x", "onto": ["y"]}),
        ("imperial-borders", "march_orders", {"transfer": "x", "to": {"k": 1}}),
    ],
)
def test_an_action_of_the_wrong_shape_is_illegal_and_its_record_refused(game_id, where, action):
    """A list or an object where a name belongs: IllegalAction, the state unchanged, and a
    record holding it refused with RecordError (not a crash in a state's quick check)."""
    import random

    rules = kriegsspiel.load(game_id)
    s = rules.new(seed=1)
    pick = random.Random(1)
    while s["stack"] and s["stack"][-1].get("state") != where:
        role = pick.choice(rules.active(s))
        s = rules.apply(s, role, pick.choice(rules.actions(s, role)))
    role = rules.active(s)[0]
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(kriegsspiel.IllegalAction):
        rules.apply(s, role, action)
    assert json.dumps(s, sort_keys=True) == before
    rec = kriegsspiel.record(s)
    rec["actions"].append([role, action])
    with pytest.raises(RecordError, match="is illegal"):
        kriegsspiel.replay(json.loads(json.dumps(rec)))


def test_a_states_quick_check_that_cannot_read_an_action_refuses_it():
    """The engine's guard: a state's own ``legal`` that fails on an action it cannot read
    (TypeError, KeyError...) refuses the action as illegal, the state unchanged."""
    s = game.new(seed=1)
    st = game.states[s["stack"][-1]["state"]]
    real = type(st).legal

    def fragile(self, s, f, role, action):
        return {"bid": 1}[action]  # KeyError, or TypeError for a list

    type(st).legal = fragile
    try:
        before = json.dumps(s, sort_keys=True)
        for action in (["a list"], "no such bid"):
            with pytest.raises(kriegsspiel.IllegalAction, match="not an action of the game"):
                game.apply(s, "hearts", action)
        assert json.dumps(s, sort_keys=True) == before
    finally:
        type(st).legal = real


def test_a_record_nested_too_deep_or_with_too_long_a_number_is_no_save(tmp_path):
    """A file of 100,000 nested brackets, or an action holding a 5,001-digit number, came out of
    ``kriegsspiel replay`` as a traceback (RecursionError, ValueError): it is no save."""
    from kriegsspiel.engine.records import replay

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="not a Kriegsspiel save"):
        read(deep)
    long = tmp_path / "long.json"
    long.write_text('{"format": "kriegsspiel-record", "actions": [["hearts", ' + "9" * 5001 + "]]}")
    with pytest.raises(RecordError, match="not a Kriegsspiel save"):
        read(long)
    rec = kriegsspiel.record(kriegsspiel.load("goofspiel").new(seed=1))
    for upto in (-1, "2", 2.5):
        with pytest.raises(RecordError, match="up to a number"):
            replay(rec, upto=upto)
    rec["actions"] = [["hearts", 10**5000]]
    with pytest.raises(RecordError, match="is illegal"):
        replay(rec)
