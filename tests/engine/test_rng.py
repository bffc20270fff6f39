"""The generator in the state: deterministic, uniform enough, and closing undo."""

from collections import Counter

import pytest

from kriegsspiel.engine import rng


def fresh(seed=1):
    return {"rng": rng.seed_state(seed), "actions": [["a", 1]], "undo": 0}


def test_same_seed_same_sequence_and_state_is_json_int():
    a, b = fresh(42), fresh(42)
    assert [rng.roll(a, 6) for _ in range(50)] == [rng.roll(b, 6) for _ in range(50)]
    assert a["rng"] == b["rng"] and 0 <= a["rng"] < 2**64


def test_dice_are_uniform_within_a_chi_square_bound():
    s = fresh(7)
    counts = Counter(rng.roll(s, 6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    chi2 = sum((n - 10_000) ** 2 / 10_000 for n in counts.values())
    assert chi2 < 20.5  # p = 0.001 for 5 degrees of freedom


def test_shuffle_is_a_permutation_and_every_order_appears():
    s = fresh(3)
    seen = Counter(tuple(rng.shuffle(s, [1, 2, 3])) for _ in range(6000))
    assert len(seen) == 6 and min(seen.values()) > 850


def test_drawing_closes_undo_for_the_current_action():
    s = fresh()
    rng.roll(s)
    assert s["undo"] == 1


def test_choice_and_bad_bounds():
    s = fresh()
    assert rng.choice(s, ["x"]) == "x"
    with pytest.raises(ValueError):
        rng.below(s, 0)
