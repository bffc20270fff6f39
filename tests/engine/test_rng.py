"""The generator in the state: deterministic, unpredictable without the seed,
uniform enough and closing undo; seeds; the bots' own randomness."""

import hashlib
import random
import re
import threading
from collections import Counter

import orjson
import pytest

import kriegsspiel
from kriegsspiel.engine import rng

goof = kriegsspiel.load("goofspiel")


def fresh(seed=1):
    return {"rng": rng.seed_state(seed), "actions": [["a", 1]], "undo": 0}


def draws(state, n=20):
    return [rng.next64(state) for _ in range(n)]


# ----- the generator ----------------------------------------------------------------


def test_same_seed_same_sequence_and_the_state_is_plain_json():
    a, b = fresh(42), fresh(42)
    assert [rng.roll(a, 6) for _ in range(50)] == [rng.roll(b, 6) for _ in range(50)]
    assert a["rng"] == b["rng"]
    key, n = a["rng"]
    assert re.fullmatch(r"[0-9a-f]{64}", key) and n == 50
    assert orjson.loads(orjson.dumps(a)) == a


def test_the_stream_is_keyed_blake2b_over_a_counter():
    """Block b is BLAKE2b-512 under the key of b (8 bytes, little-endian), read as
    eight little-endian 64-bit words: the construction, pinned."""
    s = fresh(5)
    key = bytes.fromhex(s["rng"][0])
    expected = []
    for block in range(3):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=key).digest()
        expected += [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 64, 8)]
    assert draws(s, 24) == expected


def test_the_key_is_256_bits_derived_from_the_seed():
    key = hashlib.blake2b(b"7", digest_size=32, person=b"kriegsspiel-rng").hexdigest()
    assert rng.seed_state(7) == [key, 0] == rng.seed_state("7")  # a number and its decimal text are one seed


def test_every_bit_of_the_key_counts_not_just_the_first_64():
    """Two generators whose keys agree in their first 64 bits (or in all but the
    last) draw different streams: the secret is the whole key."""
    key, _ = rng.seed_state(9)
    last = "0" if key[-1] != "0" else "1"
    twins = [key, key[:16] + hashlib.sha256(b"other").hexdigest()[:48], key[:-1] + last]
    streams = [draws({"rng": [k, 0], "actions": [], "undo": 0}) for k in twins]
    assert len({tuple(x) for x in streams}) == 3
    # and far along the stream, too
    far = [draws({"rng": [k, 10**6], "actions": [], "undo": 0}) for k in twins]
    assert len({tuple(x) for x in far}) == 3


def test_distinct_seeds_give_distinct_keys():
    keys = {rng.seed_state(i)[0] for i in range(5000)} | {rng.seed_state(f"s{i}")[0] for i in range(5000)}
    assert len(keys) == 10_000
    assert len({k[:16] for k in keys}) == 10_000


def test_the_state_is_replaced_at_each_draw_never_changed_in_place():
    s = fresh(3)
    before = s["rng"]
    copy = list(before)
    rng.roll(s)
    assert before == copy and s["rng"] != before and s["rng"][1] == before[1] + 1


def test_a_clone_draws_what_the_original_draws_even_interleaved_with_other_games():
    a = fresh(11)
    draws(a, 5)
    b = orjson.loads(orjson.dumps(a))
    other = fresh(12)
    got = []
    for _ in range(30):  # other games drawing in between change nothing
        got.append(rng.next64(b))
        rng.next64(other)
    assert got == draws(a, 30)


def test_threads_drawing_for_different_games_at_once_each_get_their_own_stream():
    seeds = list(range(8))
    expected = {seed: draws(fresh(seed), 2000) for seed in seeds}
    got = {}

    def run(seed):
        got[seed] = draws(fresh(seed), 2000)

    threads = [threading.Thread(target=run, args=(seed,)) for seed in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected


def test_dice_are_uniform_within_a_chi_square_bound():
    s = fresh(7)
    counts = Counter(rng.roll(s, 6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    chi2 = sum((n - 10_000) ** 2 / 10_000 for n in counts.values())
    assert chi2 < 20.5  # p = 0.001 for 5 degrees of freedom


def test_words_have_balanced_bits():
    s = fresh(8)
    ones = [0] * 64
    n = 20_000
    for _ in range(n):
        x = rng.next64(s)
        for i in range(64):
            ones[i] += (x >> i) & 1
    assert all(abs(c - n / 2) < 4.5 * (n / 4) ** 0.5 for c in ones)


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


def test_a_generator_state_of_an_older_kriegsspiel_is_refused_clearly():
    s = {"rng": 12345, "actions": [], "undo": 0}
    with pytest.raises(ValueError, match="older|not of this Kriegsspiel"):
        rng.roll(s)


# ----- seeds --------------------------------------------------------------------------


def test_a_fresh_seed_has_128_random_bits():
    seeds = [goof.new()["seed"] for _ in range(300)]
    assert all(re.fullmatch(r"[0-9a-f]{32}", seed) for seed in seeds)
    assert len(set(seeds)) == 300
    # every one of the 128 bits varies
    bits = [int(seed, 16) for seed in seeds]
    assert all(0 < sum((b >> i) & 1 for b in bits) < 300 for i in range(128))


@pytest.mark.parametrize("seed", [0, -(2**63), 2**64 - 1, 2**63, "", "autumn", "x" * 128, "Ærø ☃"])
def test_seeds_in_range_are_accepted_and_serialise(seed):
    s = goof.new(seed=seed)
    assert s["seed"] == seed
    assert orjson.loads(orjson.dumps(s)) == s
    assert goof.new(seed=seed)["prizes"] == s["prizes"]
    assert kriegsspiel.replay(orjson.loads(orjson.dumps(kriegsspiel.record(s))))["prizes"] == s["prizes"]


@pytest.mark.parametrize(
    "seed, said",
    [
        (2**64, "18446744073709551616"),
        (-(2**63) - 1, "-9223372036854775809"),
        pytest.param(2**20000, "20001 bits", id="a-number-of-20001-bits"),
        (1.0, "1.0"),
        (True, "True"),
        ([1, 2], "a list"),
        ({"a": 1}, "a dict"),
        ("x" * 129, "129 characters"),
        ("\ud800", "not valid Unicode"),
    ],
)
def test_seeds_out_of_range_or_of_another_type_are_refused(seed, said):
    with pytest.raises(ValueError, match=f"a seed is a whole number .*; not .*{re.escape(said)}"):
        goof.new(seed=seed)


# ----- the bots' randomness -----------------------------------------------------------


def test_bot_random_is_the_same_for_the_same_state_and_role():
    s = goof.new(seed="bots")
    a, b = rng.bot_random(s, "hearts"), rng.bot_random(goof.clone(s), "hearts")
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]


def test_bot_random_differs_by_role_and_by_step():
    s = goof.new(seed="bots")
    first = rng.bot_random(s, "hearts").random()
    assert rng.bot_random(s, "clubs").random() != first
    s = goof.apply(s, "clubs", 3)
    assert rng.bot_random(s, "hearts").random() != first


def test_bot_random_hangs_on_the_secret_seed_not_on_public_values():
    """Two games alike in everything public (game, role, step) but their seeds give
    the bots different generators: nobody without the seed can foresee a bot."""
    one, two = goof.new(seed="a secret"), goof.new(seed="another secret")
    assert one["actions"] == two["actions"] == []
    samples = {tuple(rng.bot_random(s, "hearts").random() for _ in range(3)) for s in (one, two)}
    assert len(samples) == 2
    fresh_games = [goof.new() for _ in range(20)]
    assert len({rng.bot_random(s, "hearts").getrandbits(64) for s in fresh_games}) == 20


def test_bot_random_leaves_the_game_alone():
    s = goof.new(seed=4)
    before = orjson.dumps(s)
    rng.bot_random(s, "hearts").random()
    assert orjson.dumps(s) == before


def test_bot_random_does_not_count_the_other_roles_secret_draft_steps():
    """A nation plotting its orders step by step in secret (Imperial Borders) leaves the other
    nations' bots with the same generator: their choices hang on what they may know only."""
    from kriegsspiel.games import load

    game = load("imperial-borders")
    s = game.new(seed=1, players=game.player_counts[0])
    pick = random.Random(1)
    for _ in range(3000):
        active = game.active(s)
        if len(active) >= 2:
            a, b = active[0], active[1]
            after = game.apply(game.clone(s), a, game.actions(s, a)[0])
            if len(after["drafts"]) > len(s["drafts"]) and a in game.active(after):
                break
        role = active[pick.randrange(len(active))]
        legal = game.actions(s, role)
        s = game.apply(s, role, legal[pick.randrange(len(legal))])
    else:
        pytest.fail("no secret draft step in 3,000 actions")
    assert game.step(after, b) == game.step(s, b)
    assert rng.bot_random(after, b).getrandbits(64) == rng.bot_random(s, b).getrandbits(64)
    assert rng.bot_random(after, a).getrandbits(64) != rng.bot_random(s, a).getrandbits(64)
