"""The compiled group sums of a design step (``_groups.c``), where the install built them (see
:mod:`deckgen.games.compiled`)."""

from __future__ import annotations

from types import ModuleType

from deckgen.games.compiled import PURE_PYTHON_VARIABLE, wanted

__all__ = ["PURE_PYTHON_VARIABLE", "compiled_groups", "groups_engine"]

compiled_groups: ModuleType | None
try:
    from deckgen.games.cleariosity.design import _groups

    compiled_groups = _groups
except ImportError:  # pragma: no cover - an install without a C compiler
    compiled_groups = None


def groups_engine() -> ModuleType | None:
    """The compiled group sums, or None where they are not built or are turned off."""
    return wanted(compiled_groups)
