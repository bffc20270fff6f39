"""The tests' scripted dice (engine/testing.py): the game's own code rolls the faces named,
through the state's generator; a script that runs out, shows a face the die lacks or is
not used up fails loudly; nothing else the generator draws, and no other state, changes."""

import pytest

import kriegsspiel
from kriegsspiel.engine import rng
from kriegsspiel.engine.rng import below as imported_below  # as a game module imports it
from kriegsspiel.engine.rng import roll as imported_roll
from kriegsspiel.engine.testing import scripted_dice

game = kriegsspiel.load("skirmish")


def fresh(seed=1):
    return {"rng": rng.seed_state(seed), "actions": [["a", 1]], "undo": 0}


def test_the_dice_show_the_script_in_order_however_roll_was_imported():
    s = fresh()
    with scripted_dice(s, 6, 1, 3, 2) as script:
        assert rng.roll(s, 6) == 6
        assert imported_roll(s) == 1
        assert rng.roll(s, 4) == 3  # a die of other sides
        assert script.left == [2] and script.rolled == [6, 1, 3]
        assert imported_roll(s, 6) == 2
    assert script.left == [] and script.rolled == [6, 1, 3, 2]


def test_a_scripted_die_is_still_a_draw_and_closes_undo():
    s, t = fresh(), fresh()
    with scripted_dice(s, 5, 5):
        rng.roll(s)
        rng.roll(s)
    rng.roll(t)
    rng.roll(t)
    assert s["rng"] == t["rng"] and s["undo"] == t["undo"] == 1
    assert rng.roll(s) == rng.roll(t)  # after the block the stream goes on as if the dice were real


def test_other_draws_and_other_states_are_the_generators_own():
    s, same, other, twin = fresh(7), fresh(7), fresh(7), fresh(7)
    with scripted_dice(s, 4):
        assert rng.below(s, 1000) == rng.below(same, 1000)
        assert rng.choice(s, list("abcdefgh")) == rng.choice(same, list("abcdefgh"))
        assert rng.shuffle(s, list(range(10))) == rng.shuffle(same, list(range(10)))
        assert rng.roll(other) == rng.roll(twin)  # another state: not scripted
        assert rng.roll(s) == 4
        rng.roll(same)
    assert s["rng"] == same["rng"]


def test_running_out_fails_at_the_roll():
    s = fresh()
    with pytest.raises(AssertionError, match="die 2 was rolled, but only 1 were scripted"):
        with scripted_dice(s, 3):
            rng.roll(s)
            rng.roll(s)


def test_no_faces_means_no_die():
    s = fresh()
    with scripted_dice(s):
        rng.below(s, 6)  # not a die
    with pytest.raises(AssertionError, match="die 1 was rolled"):
        with scripted_dice(s):
            rng.roll(s)


def test_a_script_not_used_up_fails_when_the_block_ends():
    s = fresh()
    with pytest.raises(AssertionError, match=r"2 scripted dice were never rolled: \[4, 6\]"):
        with scripted_dice(s, 1, 4, 6):
            rng.roll(s)


def test_a_face_the_die_lacks_fails():
    s = fresh()
    with pytest.raises(AssertionError, match="scripted to show 6, but it is a die of 4 faces"):
        with scripted_dice(s, 6):
            rng.roll(s, 4)
    with pytest.raises(ValueError):
        with scripted_dice(s, 0):
            pass


def test_an_error_in_the_block_is_not_hidden_and_the_generator_is_restored():
    s = fresh()
    real = rng.next64, rng.below, rng.roll
    with pytest.raises(KeyError):
        with scripted_dice(s, 1, 2):  # unused faces are not reported over the error
            raise KeyError("boom")
    assert (rng.next64, rng.below, rng.roll) == real
    with pytest.raises(RuntimeError, match="already scripted"):
        with scripted_dice(s, 1):
            with scripted_dice(s, 2):
                pass
    assert (rng.next64, rng.below, rng.roll) == real


def test_the_games_own_below_is_a_die_only_when_asked():
    """A game with dice of named faces draws ``faces[below(s, len(faces))]``: with ``below=True``
    face k draws k - 1, the size checked; without it such a draw is the generator's own."""
    faces = ("blast", "blast", "double-blast", "bar", "blank", "blank")
    s, same = fresh(3), fresh(3)
    with scripted_dice(s, 1):
        assert imported_below(s, 6) == imported_below(same, 6)  # not a die
        assert rng.roll(s) == 1
        rng.roll(same)
    with scripted_dice(s, 3, 4, 6, 1, 2, below=True) as script:
        assert [faces[rng.below(s, len(faces))] for _ in range(2)] == ["double-blast", "bar"]
        assert imported_below(s, 6) == 5  # however the module imported below
        assert rng.roll(s, 6) == 1  # a die rolled with roll is a die as ever
        for _ in range(4):
            rng.next64(same)  # the four dice were drawn
        assert rng.choice(s, list("abcdefgh")) == rng.choice(same, list("abcdefgh"))  # a pick, not a die
        assert rng.shuffle(s, list(range(10))) == rng.shuffle(same, list(range(10)))
        assert rng.below(s, 2) == 1  # a die of two faces shows its second
    rng.next64(same)
    assert script.left == [] and s["rng"] == same["rng"] and s["undo"] == 1
    assert rng.below(s, 1000) == rng.below(same, 1000)  # after the block, draws are the generator's own


def test_dice_drawn_with_below_fail_as_any_die():
    s = fresh()
    with pytest.raises(AssertionError, match="scripted to show 7, but it is a die of 6 faces"):
        with scripted_dice(s, 7, below=True):
            rng.below(s, 6)
    with pytest.raises(AssertionError, match="die 2 was rolled, but only 1 were scripted"):
        with scripted_dice(s, 2, below=True):
            rng.below(s, 6)
            rng.below(s, 6)
    with pytest.raises(AssertionError, match=r"1 scripted dice were never rolled: \[4\]"):
        with scripted_dice(s, 4, below=True):
            rng.choice(s, [1, 2, 3])  # a pick is no die


def test_every_face_of_a_die_drawn_with_below():
    for n in (1, 2, 6, 7, 1000, 2**64):
        s = fresh()
        for k in sorted({k for k in (1, 2, n // 2 + 1, n - 1, n) if 1 <= k <= n}):
            with scripted_dice(s, k, below=True):
                assert rng.below(s, n) == k - 1


def test_two_states_scripted_at_once():
    a, b = fresh(1), fresh(2)
    with scripted_dice(a, 1) as sa, scripted_dice(b, 6) as sb:
        assert rng.roll(b) == 6 and rng.roll(a) == 1
    assert sa.left == sb.left == []


def test_a_games_own_roll_through_apply():
    """Skirmish's battle rolls one die (tests/engine/toy.py); the score gains it."""
    s = game.new(seed=1, options={"turns": 1})
    with scripted_dice(s, 6):
        game.apply(s, "red", "march")
    assert s["trace"][0] == "battle red rolls 6"
    assert s["undo"] == 1  # the dice have spoken: the march may not be taken back
    game.apply(s, "blue", game.actions(s, "blue")[0])
    assert s["score"]["red"] == 6
