"""The games as environments for AI research: PettingZoo (``env``, ``parallel_env``) and
OpenSpiel (``kriegsspiel.rl.openspiel``). An optional extra: ``pip install
'kriegsspiel[rl]'``. The encodings are described in docs/RL.md."""

from __future__ import annotations

try:
    from .encoding import Encoding, encoding
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(f"the learning environments need NumPy ({e}): pip install 'kriegsspiel[rl]'") from None

__all__ = ["Encoding", "encoding", "env", "parallel_env"]

PARALLEL = {"goofspiel"}  # games whose every decision is a step all roles take at once


def env(game_id: str, players=None, scenario=None, options=None, shaping: float = 0.0, render_mode=None):
    """A PettingZoo AEC environment of the game: one agent per role."""
    try:
        from .pettingzoo import KriegsspielEnv
    except ImportError as e:  # pragma: no cover - depends on the installation
        raise ImportError(f"PettingZoo is not installed ({e}): pip install 'kriegsspiel[rl]'") from None
    return KriegsspielEnv(game_id, players, scenario, options, shaping, render_mode)


def parallel_env(game_id: str, **kwargs):
    """A PettingZoo parallel environment, for games in which every role acts at every
    step (goofspiel's sealed bids)."""
    if game_id not in PARALLEL:
        raise ValueError(
            f"{game_id} has steps at which only some roles act: use env(); parallel: {', '.join(sorted(PARALLEL))}"
        )
    from pettingzoo.utils.conversions import aec_to_parallel_wrapper

    aec = env(game_id, **kwargs)
    aec.metadata = {**aec.metadata, "is_parallelizable": True}
    return aec_to_parallel_wrapper(aec)
