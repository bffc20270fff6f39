"""Aids for the tests of games: scripted dice.

A test that needs particular dice names them, and the game's own code rolls them::

    from kriegsspiel.engine.testing import scripted_dice

    with scripted_dice(s, 5, 2):  # the next two dice rolled on s show 5, then 2
        game.apply(s, "ge", {"battle": "saxony", "from": "berlin"})

While the block runs, each die rolled on ``s`` with ``engine.rng.roll`` (however the
game's module imported it) shows the next scripted face, in order. The block fails
loudly, with an ``AssertionError``:

- when a die is rolled on ``s`` after the script has run out;
- when a scripted face is not on the die rolled (a 7 on a six-sided die);
- when the block ends and some scripted faces were never rolled.

``scripted_dice(s)`` with no faces says that the block rolls no die at all.

**Dice drawn with ``below``.** A game whose dice have faces of their own reads a face
as ``faces[rng.below(s, len(faces))]`` (Imperial Borders' Black and White dice). Those
are dice too when the script is opened with ``below=True``: each draw the game's own
code makes with ``engine.rng.below(s, n)`` (however its module imported ``below``) is
then a die of ``n`` faces, and a scripted face ``k`` draws ``k - 1``: the game shows
``faces[k - 1]``. The size is checked as for any die (a 7 is not drawn below 6).

Only dice are scripted. ``choice`` and ``shuffle`` (cards dealt, a random pick), and
without ``below=True`` every draw the game makes with ``below`` itself, come from the
state's generator as always; dice rolled on any other state (a clone, another game)
are the generator's own. A scripted die is still a draw: it advances ``s["rng"]`` and
closes undo exactly as a real roll does, so a test sees the same state around it.
Nothing here changes how a game draws when no script is open: ``engine.rng`` is only
wrapped for the length of the block and restored after it.

One script per state at a time; the script object is returned by the ``with``, and
tells what is ``left`` and what was ``rolled``.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

from . import rng

# Who made a draw, told by the code of the frames above ``next64``: ``below`` draws one
# word, and ``below``'s caller is ``roll`` (a die), ``choice`` or ``shuffle`` (never a
# die), or the game's own code (a die only for a script opened with ``below=True``).
_BELOW = rng.below.__code__
_ROLL = rng.roll.__code__
_NOT_DICE = (rng.choice.__code__, rng.shuffle.__code__)
_scripts: dict[int, DiceScript] = {}  # id(state) -> its open script
_real_next64 = None  # engine.rng.next64 while a script is open


class DiceScript:
    """The faces still to come for one state, and those rolled so far."""

    def __init__(self, state: dict, faces: tuple[int, ...], below: bool = False):
        self.state = state
        self.left = list(faces)
        self.rolled: list[int] = []
        self.below = below

    def next_face(self, sides: int) -> int:
        n = len(self.rolled) + 1
        if not self.left:
            raise AssertionError(
                f"die {n} was rolled, but only {len(self.rolled)} were scripted ({self.rolled}): "
                "script every die the block rolls"
            )
        face = self.left[0]
        if not 1 <= face <= sides:
            raise AssertionError(f"die {n} is scripted to show {face}, but it is a die of {sides} faces")
        self.left.pop(0)
        self.rolled.append(face)
        return face


def _die(script: DiceScript, frame) -> bool:
    """Whether the draw ``below`` makes in ``frame`` is one of the script's dice."""
    caller = frame.f_back.f_code if frame.f_back is not None else None
    if caller is _ROLL:
        return True
    return script.below and caller not in _NOT_DICE


def _scripted_next64(state):
    """``engine.rng.next64`` while a script is open: a die of a scripted state shows its next face."""
    script = _scripts.get(id(state))
    if script is not None and script.state is state:
        frame = sys._getframe(1)
        if frame.f_code is _BELOW and _die(script, frame):
            n = frame.f_locals["n"]
            face = script.next_face(n)
            _real_next64(state)  # the draw is made: the counter advances and undo closes, as for a real die
            return (((face - 1) << 64) + n - 1) // n  # the least word that ``below(state, n)`` reads as face - 1
    return _real_next64(state)


@contextmanager
def scripted_dice(state: dict, *faces: int, below: bool = False):
    """Within the block, the dice rolled on ``state`` show ``faces`` in order; with ``below=True``
    the game's own draws with ``rng.below`` are dice too. See the module's text."""
    global _real_next64
    for face in faces:
        if type(face) is not int or face < 1:
            raise ValueError(f"a scripted die shows a whole number from 1, not {face!r}")
    if id(state) in _scripts and _scripts[id(state)].state is state:
        raise RuntimeError("this state's dice are already scripted: one script at a time")
    script = DiceScript(state, faces, below)
    if not _scripts:
        _real_next64 = rng.next64
        rng.next64 = _scripted_next64
    _scripts[id(state)] = script
    failed = False
    try:
        yield script
    except BaseException:
        failed = True
        raise
    finally:
        del _scripts[id(state)]
        if not _scripts:
            rng.next64 = _real_next64
            _real_next64 = None
        if not failed and script.left:
            raise AssertionError(
                f"{len(script.left)} scripted dice were never rolled: {script.left} (rolled: {script.rolled})"
            )
