"""Simulation and benchmark report what INTERFACE.md says (no timing asserts)."""

import pytest

from kriegsspiel.lab.bench import bench
from kriegsspiel.lab.simulate import play_one, simulate


def test_simulate_counts_every_game_and_is_repeatable():
    a = simulate("goofspiel", 200, {"*": "random", "hearts": "match"}, seed=3)
    b = simulate("goofspiel", 200, {"*": "random", "hearts": "match"}, seed=3)
    assert a["games"] == 200
    assert sum(a["wins"].values()) + a["draws"] == 200
    assert a["mean_length"] == 26.0
    assert {k: a[k] for k in ("wins", "draws")} == {k: b[k] for k in ("wins", "draws")}
    # the matching bot beats random play clearly
    assert a["wins"]["hearts"] > 150


def test_simulate_over_processes_gives_the_same_results():
    one = simulate("goofspiel", 60, {"*": "random"}, seed=1, jobs=1)
    two = simulate("goofspiel", 60, {"*": "random"}, seed=1, jobs=2)
    assert one["wins"] == two["wins"] and one["draws"] == two["draws"]


def test_play_one_respects_setup():
    r = play_one("goofspiel", 5, {"*": "random"}, {"players": 3, "scenario": "quick"})
    assert r["roles"] == ["hearts", "clubs", "spades"] and r["decisions"] == 21


def test_bench_reports_rates():
    r = bench("goofspiel", seconds=0.2)
    assert r["games"] >= 1 and r["decisions"] >= 26 * r["games"]
    assert r["decisions_per_s"] > 0 and r["clone_us"] > 0 and r["view_us"] > 0


def test_load_test_runs_a_real_server_without_errors():
    from kriegsspiel.lab.loadtest import load_test

    r = load_test(games=3, seconds=3, game="goofspiel", spectators=4)
    assert r["errors"] == 0 and r["problems"] == []
    assert r["actions"] > 0 and r["games_started"] >= 3
    assert 0 < r["p50_ms"] <= r["p99_ms"] <= r["max_ms"]
    assert 0 < r["server_p50_ms"] <= r["server_p99_ms"]
    assert r["pushes"] > 0
    assert r["spectators"] == 4 and r["spectator_pushes"] >= 4  # they watch the first game
    assert r["spectator_errors"] == 0


def test_load_test_refuses_unbounded_runs():
    from kriegsspiel.lab.loadtest import load_test

    with pytest.raises(ValueError):
        load_test(games=0, seconds=1)
    with pytest.raises(ValueError):
        load_test(games=1, seconds=1, spectators=10_000)
    with pytest.raises(ValueError):
        load_test(games=1, seconds=10**6)
