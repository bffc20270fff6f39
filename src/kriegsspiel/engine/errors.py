"""The errors every part of Kriegsspiel may raise to its callers."""


class IllegalAction(ValueError):
    """An action that is not legal for that role now.

    The message says why. The state the action was offered to is left exactly
    as it was.
    """


class RecordError(ValueError):
    """A record or save file that cannot be read or replayed: corrupt, foreign,
    from a newer version, or holding an action that is not legal where it stands."""


class DataError(ValueError):
    """A game's data pack that fails validation."""
