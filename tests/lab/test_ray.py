"""The Ray backend: a simulation, a tournament and a study run on a Ray started here with two
workers and give what the local process pool gives, game for game."""

from __future__ import annotations

import pytest

from kriegsspiel.lab import batches
from kriegsspiel.lab import study as S
from kriegsspiel.lab import tournament as T
from kriegsspiel.lab.simulate import simulate

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, object_store_memory=100 * 1024 * 1024)
    yield
    ray.shutdown()


def _same(a: dict, b: dict) -> None:
    for k in ("games", "wins", "draws", "shared", "mean_length"):
        assert a[k] == b[k], k


def test_a_simulation_on_ray_is_the_simulation_on_the_local_pool(local_ray):
    setup = {"players": 2}
    on_ray = simulate("first-world-war", 12, {"*": "heuristic"}, seed=3, jobs=2, setup=setup, backend="ray")
    here = simulate("first-world-war", 12, {"*": "heuristic"}, seed=3, jobs=2, setup=setup)
    _same(on_ray, here)
    assert ray.is_initialized()  # a Ray already running is used, and left running


def test_a_tournament_and_a_study_on_ray(local_ray, tmp_path):
    rep = T.tournament("goofspiel", ["random", "match"], 4, db=f"sqlite:///{tmp_path / 't.sqlite'}", backend="ray")
    here = T.tournament("goofspiel", ["random", "match"], 4, db=f"sqlite:///{tmp_path / 'u.sqlite'}")
    assert rep["ratings"] == here["ratings"] and rep["played_now"] == 4
    a = S.study("goofspiel", 5, {"*": "match"}, tmp_path / "a", backend="ray", jobs=2)
    b = S.study("goofspiel", 5, {"*": "match"}, tmp_path / "b", jobs=2)
    assert a["conditions"] == b["conditions"] and a["backend"] == "ray"


def test_a_backend_or_address_that_is_no_place_to_run_is_refused():
    with pytest.raises(ValueError, match="no backend 'spark'"):
        batches.Pool(2, "spark")
    with pytest.raises(ValueError, match="--backend ray"):
        batches.Pool(2, "local", "ray://somewhere:10001")
