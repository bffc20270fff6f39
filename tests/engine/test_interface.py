"""The public interface of INTERFACE.md, on every registered game (every module of
``kriegsspiel.games.MODULES`` and the toy game of tests/engine/toy.py): new games as
asked, legal actions in a stable order, illegal actions refused with the state
unchanged, deterministic play, records that replay to the identical state, clones
that are independent, undo, views that are plain JSON with exactly the documented
keys and nothing of the engine's secrets, scramble, catalog entries and bots.

Each game's share stays within seconds: one whole random game of each is played
once (``sample``) and the checks look at the states met on the way (``CHECKPOINTS``);
the property tests play at most ``STOP`` decisions of the long games (Imperial
Borders and Imperial Elegy take thousands)."""

import json
import random
from functools import lru_cache

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kriegsspiel
from kriegsspiel import IllegalAction
from kriegsspiel.ai.bots import decide
from kriegsspiel.engine.records import digest
from kriegsspiel.engine.rules import LOG_IN_VIEW, RESERVED, same
from kriegsspiel.games import MODULES

GAMES = [*MODULES, "skirmish"]
"""Every game module, and the toy game (registered by tests/conftest.py)."""

STOP = {"first-world-war": 300, "imperial-borders": 250, "imperial-elegy": 250, "imperialism-1880": 150}
"""At most this many decisions in the property tests' random games (None: to the end)."""

VIEW_KEYS = {
    "game",
    "title",
    "role",
    "roles",
    "players",
    "scenario",
    "options",
    "active",
    "committed",
    "prompt",
    "can_undo",
    "log",
    "over",
    "result",
    "board",
}
"""A view's keys, as INTERFACE.md lists them: these and no others."""

LOG_KEYS = {"rule", "text", "cite", "guide"}

ENGINE_SECRETS = ("seed", "rng", "stack", "drafts", "pending", "undo")
"""Keys of the engine's state that no view carries, not even inside the board."""

JUNK = (None, True, False, 0, -1, 1.5, "", "garbage", "{not json", [], [[]], {}, {"fuzz": "not an action"})


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


def dump(s):
    return orjson.dumps(s, option=orjson.OPT_SORT_KEYS)


class Sample:
    """One whole random game of a game: its final state, clones of states met on
    the way (``states``: step -> state) and of states where the last actor could undo."""

    def __init__(self, game_id):
        self.game_id = game_id
        self.game = game = kriegsspiel.load(game_id)
        self.seed = f"interface-{game_id}-secret-seed"  # a text seed, to look for in the views
        self.setup = {"players": max(game.player_counts), "scenario": game.scenarios[0].id if game.scenarios else None}
        pick = random.Random(game_id)
        s = game.new(seed=self.seed, **self.setup)
        self.key = s["rng"][0]
        self.states = {}
        self.undoable = []
        step = last_undo = 0
        while not game.is_over(s):
            if step in CHECKPOINTS or step % 97 == 0:
                self.states[step] = game.clone(s)
            role = pick.choice(game.active(s))
            s = game.apply(s, role, pick.choice(game.actions(s, role)))
            step += 1
            if len(self.undoable) < 4 and game.can_undo(s, role) and step >= 2 * last_undo:
                self.undoable.append((game.clone(s), role))  # the first chance, then spread out
                last_undo = max(step, 4)
            assert step <= game.max_decisions, f"{game_id}: a random game ran past {game.max_decisions} decisions"
        self.states[step] = s
        self.final = s
        self.length = step

    def each(self, k=None):
        """The states met (``k`` of them, spread over the game), final one included."""
        steps = sorted(self.states)
        if k is not None and len(steps) > k:
            steps = [steps[round(i * (len(steps) - 1) / (k - 1))] for i in range(k)]
        return [self.states[n] for n in steps]


CHECKPOINTS = {0, 1, 2, 3, 5, 8, 13, 21, 34, 55}


@lru_cache(maxsize=None)
def sample(game_id):
    return Sample(game_id)


def idle_roles(game, s):
    return [r for r in s["roles"] if r not in game.active(s)]


# ----- the catalog ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_full_catalog_entry(game_id):
    game = kriegsspiel.load(game_id)
    entries = {e["id"]: e for e in kriegsspiel.catalog()}
    e = entries[game_id]
    assert e == json.loads(json.dumps(e)) == game.catalog_entry()
    assert e["title"] and isinstance(e["title"], str)
    assert e["roles"] == list(game.roles) and len(set(e["roles"])) == len(e["roles"]) > 0
    # every role has a name players read
    assert set(e["role_names"]) == set(e["roles"])
    assert all(isinstance(n, str) and n.strip() for n in e["role_names"].values())
    if game_id in MODULES:
        assert set(game.role_names) == set(game.roles), "a game module names each of its roles"
    assert e["player_counts"] and all(type(n) is int and n >= 1 for n in e["player_counts"])
    for sc in e["scenarios"]:
        assert sc["id"] and sc["title"] and isinstance(sc["help"], str)
    assert len({sc["id"] for sc in e["scenarios"]}) == len(e["scenarios"])
    for name, o in e["options"].items():
        assert o["title"] and isinstance(o["title"], str), f"option {name} has a title"
        assert isinstance(o["help"], str)
        if game_id in MODULES:
            assert o["help"].strip(), f"option {name} says what it does"
        if o["choices"]:
            assert o["default"] in o["choices"]
        assert game.options[name].parse(name, o["default"]) == o["default"]
    assert e["bots"][0] == "random" and e["bots"] == kriegsspiel.bots(game_id)
    # seats: for each player count, the roles in play shared out, each role once
    assert set(e["seats"]) == {str(n) for n in e["player_counts"]}
    for n in e["player_counts"]:
        seats = e["seats"][str(n)]
        held = [r for seat in seats for r in seat]
        assert sorted(held) == sorted(game.roles_in_play(n)) and all(seats)


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
    """Every step of a random game (the first ``STOP`` of a long one); the whole
    games of ``sample`` are checked at their checkpoints below."""
    game = kriegsspiel.load(game_id)
    rng = random.Random(5)
    s = game.new(seed=5)
    stop = STOP.get(game_id)
    n = 0
    while not game.is_over(s) and (stop is None or n < stop):
        assert json.loads(json.dumps(s)) == s
        role = rng.choice(game.active(s))
        s = game.apply(s, role, rng.choice(game.actions(s, role)))
        n += 1
        json.dumps(game.view(s, role))
        json.dumps(game.view(s, None))
    assert json.loads(json.dumps(s)) == s


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
    a = random_game(game, seed, STOP.get(game_id))
    b = random_game(game, seed, STOP.get(game_id))
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
    assert kriegsspiel.bots("goofspiel") == ["random", "match", "ismcts", "ismcts:0.2s", "ismcts:1s"]
    game = kriegsspiel.load("goofspiel")
    s = game.new(seed=1)
    rng = random.Random(0)
    for name in kriegsspiel.bots("goofspiel"):
        bot = kriegsspiel.bot("goofspiel", _quick(name))
        legal = game.actions(s, "hearts")
        assert decide(game, bot, s, "hearts", rng) in legal
    with pytest.raises(KeyError, match="no bot 'genius'"):
        kriegsspiel.bot("goofspiel", "genius")


def _quick(name: str) -> str:
    """A search at a few iterations: what is tested here is that it plays legally."""
    return "ismcts:6" if name.startswith("ismcts") else name


# ----- every game: the contract of INTERFACE.md ----------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_new_starts_every_setup_as_asked_and_refuses_bad_ones(game_id):
    game = kriegsspiel.load(game_id)
    scenarios = [sc.id for sc in game.scenarios] or [None]
    for players in game.player_counts:
        for scenario in scenarios:
            s = game.new(seed=7, scenario=scenario, players=players)
            assert json.loads(json.dumps(s)) == s
            assert s["game"] == game_id and s["seed"] == 7 and s["actions"] == []
            assert s["players"] == players and s["scenario"] == scenario
            assert s["roles"] == game.roles_in_play(players, s["options"])
            assert set(s["roles"]) <= set(game.roles)
            assert s["options"] == {name: o.default for name, o in game.options.items()}
            assert not game.is_over(s) and game.result(s) is None
            assert game.active(s) and set(game.active(s)) <= set(s["roles"])
    default = game.new(seed=7)
    assert default["players"] == game.player_counts[0] and default["scenario"] == scenarios[0]
    with pytest.raises(ValueError, match="played by"):
        game.new(seed=7, players=max(game.player_counts) + 1)
    with pytest.raises(ValueError, match="no scenario 'no-such-scenario'"):
        game.new(seed=7, scenario="no-such-scenario")
    with pytest.raises(ValueError, match="no option 'no_such_option'"):
        game.new(seed=7, options={"no_such_option": 1})
    with pytest.raises(ValueError):
        game.new(seed=2**80)
    with pytest.raises(ValueError):
        game.new(seed=1.5)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_seed_decides_the_game(game_id):
    """Same seed, same actions: the same game, step by step; another seed, another
    generator; no seed: a fresh one of 128 bits, recorded."""
    game = kriegsspiel.load(game_id)
    smp = sample(game_id)
    again = game.new(seed=smp.seed, **smp.setup)
    last = max(n for n in smp.states if n <= 400)
    for n, (role, action) in enumerate(smp.final["actions"][:last]):
        if n in smp.states:
            assert dump(again) == dump(smp.states[n])
            assert game.view(again, role) == game.view(smp.states[n], role)
        again = game.apply(again, role, action)
    assert dump(again) == dump(smp.states[last])
    assert game.new(seed=smp.seed + "!", **smp.setup)["rng"] != game.new(seed=smp.seed, **smp.setup)["rng"]
    fresh = game.new()
    assert isinstance(fresh["seed"], str) and len(fresh["seed"]) == 32
    assert kriegsspiel.replay(kriegsspiel.record(fresh)) == fresh


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_random_game_ends_with_a_result(game_id):
    smp = sample(game_id)
    game, s = smp.game, smp.final
    before = dump(s)
    assert game.is_over(s) and game.active(s) == []
    assert 0 < smp.length <= game.max_decisions
    result = game.result(s)
    assert result == s["result"] and json.loads(json.dumps(result)) == result
    assert set(result) >= {"winners", "scores", "reason"}
    assert set(result["winners"]) <= set(s["roles"]) and isinstance(result["reason"], str) and result["reason"]
    assert isinstance(result["scores"], dict)
    for role in [*s["roles"], "no-such-role"]:
        assert game.actions(s, role) == []
        for action in ("pass", None, 0):
            with pytest.raises(IllegalAction):
                game.apply(s, role, action)
    assert dump(s) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_are_plain_json_in_a_stable_order_and_only_for_the_active(game_id):
    smp = sample(game_id)
    game = smp.game
    for s in smp.each():
        active = game.active(s)
        assert len(set(active)) == len(active) and set(active) <= set(s["roles"])
        for role in s["roles"]:
            acts = game.actions(s, role)
            if role not in active:
                assert acts == []
                continue
            assert acts, f"{role} is active with no legal action"
            assert json.loads(json.dumps(acts)) == acts
            assert game.actions(game.clone(s), role) == acts  # the same list, in the same order
            assert all(isinstance(game.label(a), str) and isinstance(game.label(a, s), str) for a in acts[:50])
        assert game.actions(s, "no-such-role") == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_listed_action_is_accepted(game_id):
    """Whatever ``actions`` lists, ``apply`` takes (on a copy), as a replay would."""
    smp = sample(game_id)
    game = smp.game
    for s in smp.each(12)[:-1]:
        for role in game.active(s):
            acts = game.actions(s, role)
            for action in random.Random(len(s["actions"])).sample(acts, min(len(acts), 8)):
                after = game.apply(game.clone(s), role, json.loads(json.dumps(action)))
                assert after["actions"][-1] == [role, action]


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_and_roles_are_refused_and_change_nothing(game_id):
    smp = sample(game_id)
    game = smp.game
    for s in smp.each()[:-1]:
        before = dump(s)
        active = game.active(s)
        tries = [(role, junk) for role in active for junk in JUNK]
        legal = game.actions(s, active[0])
        tries += [(role, legal[0]) for role in idle_roles(game, s)]  # a legal action, by a role not asked
        tries += [("no-such-role", legal[0])]  # (None: see the spectator's tests below)
        for role, action in tries:
            if role in active and any(same(a, action) for a in game.actions(s, role)):
                continue
            with pytest.raises(IllegalAction) as refused:
                game.apply(s, role, action)
            assert str(refused.value), "a refusal says why"
            assert dump(s) == before, f"{role}: {action!r} was refused but changed the state"
        # a legal action is still taken after the refusals
        game.apply(game.clone(s), active[0], legal[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_clones_are_independent(game_id):
    smp = sample(game_id)
    game = smp.game
    for s in smp.each(8)[:-1]:
        before = dump(s)
        c = game.clone(s)
        assert c == s and c is not s and dump(c) == before
        role = game.active(c)[0]
        c = game.apply(c, role, game.actions(c, role)[-1])
        assert dump(s) == before, "acting on a clone changed the original"
        assert len(c["actions"]) == len(s["actions"]) + 1


@pytest.mark.parametrize("game_id", GAMES)
def test_records_replay_to_the_identical_state(game_id):
    smp = sample(game_id)
    game = smp.game
    rec = json.loads(json.dumps(kriegsspiel.record(smp.final)))
    assert {"game", "seed", "scenario", "options", "players", "actions"} <= set(rec)
    assert rec["game"] == game_id and rec["seed"] == smp.seed and rec["actions"] == smp.final["actions"]
    again = kriegsspiel.replay(rec)
    assert again == smp.final and digest(again) == digest(smp.final)
    for n, s in list(smp.states.items())[:: max(1, len(smp.states) // 6)]:
        assert digest(kriegsspiel.replay(rec, upto=n)) == digest(s)
        assert kriegsspiel.replay(json.loads(json.dumps(kriegsspiel.record(s)))) == s
    for r in [*smp.final["roles"], None]:
        assert len(game.known(smp.final, r)) == game.step(smp.final, r) + 1


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_takes_back_the_last_action_exactly(game_id):
    smp = sample(game_id)
    game = smp.game
    assert smp.undoable, "undo was never open in a whole game"
    for s, role in smp.undoable:
        before = dump(s)
        assert game.view(s, role)["can_undo"]
        back = game.undo(s, role)
        assert dump(s) == before, "undo left the state it was given as it was"
        assert back["actions"] == s["actions"][:-1]
        assert digest(back) == digest(kriegsspiel.replay(kriegsspiel.record(s), upto=len(s["actions"]) - 1))
        for other in s["roles"]:
            if other != role:
                assert not game.can_undo(s, other)
                with pytest.raises(IllegalAction, match="nothing to undo"):
                    game.undo(s, other)
    s = game.new(seed=1)
    for role in s["roles"]:
        assert not game.can_undo(s, role)


@pytest.mark.parametrize("game_id", GAMES)
def test_views_carry_exactly_the_documented_keys_and_no_secret_of_the_engine(game_id):
    smp = sample(game_id)
    game = smp.game
    for s in smp.each():
        active = game.active(s)
        top = s["stack"][-1] if s["stack"] else None
        for role in [*s["roles"], None]:
            v = game.view(s, role)
            assert set(v) == VIEW_KEYS
            text = json.dumps(v)
            assert json.loads(text) == v
            assert v["game"] == game_id and v["role"] == role and v["roles"] == s["roles"]
            assert v["players"] == s["players"] and v["scenario"] == s["scenario"] and v["options"] == s["options"]
            assert v["active"] == active and v["over"] == game.is_over(s) and v["result"] == s["result"]
            assert set(v["committed"]) <= set(s["roles"])
            assert v["committed"] == (list(top["pending"]) if top and "pending" in top else [])
            assert (v["prompt"] is not None) == (role in active)
            if role in active:
                assert isinstance(v["prompt"], str) and v["prompt"].strip()
            assert v["can_undo"] == game.can_undo(s, role)
            assert len(v["log"]) <= LOG_IN_VIEW
            assert all(set(e) == LOG_KEYS and isinstance(e["text"], str) for e in v["log"])
            assert v["log"] == game.log(s, role)[-LOG_IN_VIEW:]  # the latest lines the role may see
            assert isinstance(v["board"], dict)
            assert not set(v["board"]) & set(RESERVED)
            for key in ENGINE_SECRETS:
                assert key not in v["board"]
            assert smp.seed not in text and smp.key not in text, "a view gives away the seed or the generator"
        with pytest.raises(ValueError, match="not a role"):
            game.view(s, "no-such-role")


@pytest.mark.parametrize("game_id", GAMES)
def test_scramble_shuffles_a_copy_and_the_view_stays_the_same(game_id):
    """``scramble`` (INTERFACE.md) gives a copy with what the role may not know
    shuffled, or None for a game that hides nothing: the role's view is the same
    in both, and the state scrambled is left as it was."""
    smp = sample(game_id)
    game = smp.game
    shuffled = 0
    for i, s in enumerate(smp.each(12)):
        before = dump(s)
        for role in [*s["roles"], None]:
            other = game.scramble(s, role, random.Random(i))
            assert dump(s) == before, f"scramble for {role} changed the state instead of a copy"
            if other is None:
                continue
            assert json.loads(json.dumps(other)) == other
            assert game.view(other, role) == game.view(s, role), f"{role}'s view shows what scramble shuffled"
            shuffled += dump(other) != before
    if game_id in MODULES:
        assert shuffled, f"{game_id}: scramble shuffled nothing in a whole game"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("role", ["no-such-role", ["a", "list"], 7])
def test_scramble_refuses_a_role_not_in_the_game(game_id, role):
    """As ``view`` does: a clear ValueError, never a state scrambled for nobody (nor a
    KeyError or TypeError from deep inside a game), and the state left as it was."""
    smp = sample(game_id)
    s = next(iter(smp.each(3)))
    before = dump(s)
    with pytest.raises(ValueError, match="not a role in this game"):
        smp.game.scramble(s, role, random.Random(0))
    assert dump(s) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_every_bot_plays_a_legal_move(game_id):
    smp = sample(game_id)
    game = smp.game
    names = kriegsspiel.bots(game_id)
    assert names[0] == "random"
    for name in names:  # every bot offered is one, at every level
        offered = kriegsspiel.bot(game_id, name)
        assert getattr(offered, "searches", False) or callable(offered), name
    # the search's levels differ only in their budget: each is played once, at a few iterations
    played = list(dict.fromkeys(_quick(name) for name in names))
    for s in smp.each(5)[:-1]:
        for role in game.active(s):
            assert game.bot_for(s, role) in names
            legal = game.actions(s, role)
            for name in played:
                bot = kriegsspiel.bot(game_id, name)
                choice = decide(game, bot, s, role, random.Random(1), legal)
                assert any(same(choice, a) for a in legal), f"{name} chose {choice!r}, not a legal action"
                game.apply(game.clone(s), role, choice)
    with pytest.raises(KeyError, match="no bot 'no-such-bot'"):
        kriegsspiel.bot(game_id, "no-such-bot")


@pytest.mark.parametrize("game_id", ["goofspiel", "imperial-borders"])
def test_the_spectator_has_no_actions_and_may_not_act_at_a_simultaneous_step(game_id):
    """Where every role acts at once, the spectator (None) is still never asked."""
    game = kriegsspiel.load(game_id)
    s = game.new(seed=1)  # every role bids, or plots, at once
    assert len(game.active(s)) > 1
    before = dump(s)
    try:
        assert game.actions(s, None) == []
        for action in game.actions(s, game.active(s)[0]):
            with pytest.raises(IllegalAction):
                game.apply(s, None, action)
    finally:
        assert dump(s) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_the_spectator_has_no_actions_where_one_role_acts(game_id):
    smp = sample(game_id)
    game = smp.game
    for s in smp.each():
        top = s["stack"][-1] if s["stack"] else None
        if top is None or "pending" in top:
            continue  # the simultaneous steps: the test above
        before = dump(s)
        assert game.actions(s, None) == []
        with pytest.raises(IllegalAction):
            game.apply(s, None, game.actions(s, game.active(s)[0])[0])
        assert dump(s) == before


def _deep(n):
    out: list = []
    for _ in range(n):
        out = [out]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_huge_or_deep_action_is_refused_briefly_and_changes_nothing(game_id):
    """An action nested deeper than Python compares, or as long as millions of items, is refused
    as any other: IllegalAction, its message short (it echoed the whole action, megabytes), the
    state unchanged (a RecursionError came out of the deep one)."""
    smp = sample(game_id)
    game = smp.game
    s = smp.each()[0]
    before = dump(s)
    role = game.active(s)[0]
    for action in (_deep(100_000), list(range(2_000_000)), "x" * 5_000_000, {"k": _deep(50_000)}):
        with pytest.raises(IllegalAction) as refused:
            game.apply(s, role, action)
        assert len(str(refused.value)) < 5_000
        assert dump(s) == before
