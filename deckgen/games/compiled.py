"""The compiled parts of the games' play and design, where the install built them.

Two C extensions do, faster, what Python code beside them does: ``deckgen/games/play/_play``
plays the simulated games (:mod:`deckgen.games.play.simulate`) and Cleariosity's
``design/_groups`` sums the groups a design step changes. Both give exactly what the Python
gives, draw for draw and count for count (the tests compare them), so a deck, a verdict and a
design are the same bytes with or without them. They are built by ``pip install`` where a C
compiler is found; elsewhere deckgen runs the Python. Each loads where it is used
(:mod:`deckgen.games.play.compiled`, Cleariosity's ``design.compiled``); this module holds the
one switch both obey.
"""

from __future__ import annotations

import os
from types import ModuleType

#: Set to 1 to run everything in Python even where the compiled parts are built.
PURE_PYTHON_VARIABLE = "DECKGEN_PURE_PYTHON"


def wanted(module: ModuleType | None) -> ModuleType | None:
    """``module``, unless it was not built or the compiled parts are turned off."""
    return None if os.environ.get(PURE_PYTHON_VARIABLE) == "1" else module
