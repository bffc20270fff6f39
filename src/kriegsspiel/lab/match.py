"""One game between bots, to its end: the loop ``simulate``, ``tournament`` and ``study`` share.

``seats`` maps each role to a bot's name (``"*"`` for every role not named; ``random``
when neither is given). A bot's seat may set options (``Rules.seat_options``: a rulebook
bot's difficulty, say), so the options are settled before the game is made. Each seat's bot
draws from its own generator, ``engine.rng.bot_random`` of the new game and the role, so a
game is repeatable from its seed.
"""

from __future__ import annotations

from typing import Callable

from ..ai.bots import decide
from ..ai.bots import get as get_bot
from ..engine.rng import bot_random
from ..games import load


def play(
    game_id: str,
    seed: int,
    seats: dict[str, str],
    setup: dict | None = None,
    watch: Callable[[dict, int], None] | None = None,
) -> tuple[dict, int]:
    """Play a game from ``seed`` with ``setup`` (players, scenario, options) to its end;
    the final state and the number of decisions taken. ``watch(state, n)`` is called
    after each decision."""
    game = load(game_id)
    setup = dict(setup or {})
    who = {role: seats.get(role, seats.get("*", "random")) for role in game.roles}
    setup["options"] = game.seat_options(setup.get("options") or {}, who)
    state = game.new(seed=seed, **setup)
    bots = {role: get_bot(game_id, who[role]) for role in state["roles"]}
    rngs = {role: bot_random(state, role) for role in state["roles"]}
    n = 0
    while not game.is_over(state):
        role = game.active(state)[0]
        state = game.apply(state, role, decide(game, bots[role], state, role, rngs[role]))
        n += 1
        if watch is not None:
            watch(state, n)
        if n > game.max_decisions:
            raise RuntimeError(f"game {seed} of {game_id} ran past {game.max_decisions} decisions")
    return state, n
