import sys
from pathlib import Path

for folder in ("engine", "lab"):
    sys.path.insert(0, str(Path(__file__).parent / folder))

import toy  # noqa: E402

from kriegsspiel.games import register  # noqa: E402

register(toy.RULES)
