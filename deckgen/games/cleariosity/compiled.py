"""The compiled parts of Cleariosity's play and design, where the install built them.

Two C extensions do, faster, what Python code beside them does: ``_play`` plays the simulated
games (:mod:`~.play`) and ``_groups`` sums the groups a design step changes (:mod:`~.design_index`).
Both give exactly what the Python gives, draw for draw and count for count (the tests compare
them), so a deck, a verdict and a design are the same bytes with or without them. They are
built by ``pip install`` where a C compiler is found; elsewhere deckgen runs the Python.
"""

from __future__ import annotations

import os
from types import ModuleType

#: Set to 1 to run everything in Python even where the compiled parts are built.
PURE_PYTHON_VARIABLE = "DECKGEN_PURE_PYTHON"

compiled_play: ModuleType | None
compiled_groups: ModuleType | None
try:
    from deckgen.games.cleariosity import _play

    compiled_play = _play
except ImportError:  # pragma: no cover - an install without a C compiler
    compiled_play = None
try:
    from deckgen.games.cleariosity import _groups

    compiled_groups = _groups
except ImportError:  # pragma: no cover - an install without a C compiler
    compiled_groups = None


def _wanted(module: ModuleType | None) -> ModuleType | None:
    return None if os.environ.get(PURE_PYTHON_VARIABLE) == "1" else module


def play_engine() -> ModuleType | None:
    """The compiled games, or None where they are not built or are turned off."""
    return _wanted(compiled_play)


def groups_engine() -> ModuleType | None:
    """The compiled group sums, or None where they are not built or are turned off."""
    return _wanted(compiled_groups)
