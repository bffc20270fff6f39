"""The learning example runs (for a few seconds: the full run is in docs/RL.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learn_goofspiel.py"


def test_the_goofspiel_example_learns_and_draws_its_curve(tmp_path):
    spec = importlib.util.spec_from_file_location("learn_goofspiel", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    plot = tmp_path / "curve.png"
    out = module.main(["--games", "400", "--every", "200", "--eval", "40", "--plot", str(plot)])
    assert [n for n, _ in out["curve"]] == [0, 200, 400]
    assert all(0.0 <= s <= 1.0 for _, s in out["curve"])
    assert out["training_steps"] == 400 * 7 * 2  # seven rounds, two bids each
    assert plot.stat().st_size > 1000
