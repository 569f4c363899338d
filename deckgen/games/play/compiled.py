"""The compiled games (``_play.c``), where the install built them (see :mod:`deckgen.games.compiled`)."""

from __future__ import annotations

from types import ModuleType

from deckgen.games.compiled import PURE_PYTHON_VARIABLE, wanted

__all__ = ["PURE_PYTHON_VARIABLE", "compiled_play", "play_engine"]

compiled_play: ModuleType | None
try:
    from deckgen.games.play import _play

    compiled_play = _play
except ImportError:  # pragma: no cover - an install without a C compiler
    compiled_play = None


def play_engine() -> ModuleType | None:
    """The compiled games, or None where they are not built or are turned off."""
    return wanted(compiled_play)
