"""The 3×3 grid of the transparent stacking games: its cells, its eight reading lines, and how
a stack of cards reads along a line.

Cleariosity Numbers and Cleariosity Letters share these rules: cards of clear film, each with a
few symbols in the cells of one 3×3 grid, laid on one another facing the same way. A line reads
left to right along a row, top to bottom down a column, and left to right along either
diagonal; it counts only when each of its three cells shows exactly one symbol (a symbol on the
line that covers another, or is covered, spoils it). Symbols off the line may overlap freely.
What a line must spell (an equation, a word) is each game's own rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from deckgen.i18n import N_

GRID_SIZE = 3

#: The colours of the level dots of clear cards, by name, each strong enough to read on film
#: (a numbers deck's tiers, a letters deck's levels).
DOT_COLOURS: dict[str, str] = {
    "green": "#1E9E3A",
    "yellow": "#F2B800",
    "purple": "#7A3FA8",
    "orange": "#F26B0F",
    "blue": "#1F6FD1",
    "red": "#D62B2B",
    "pink": "#E0529C",
    "brown": "#8B5A2B",
    "grey": "#6E6E6E",
}

#: The eight reading lines, each a name and its three cells (row, col) in reading order.
#: Rows read left to right, columns top to bottom, ``diag`` from the top-left corner down
#: to the bottom-right and ``anti`` from the bottom-left corner up to the top-right.
LINES: dict[str, tuple[tuple[int, int], ...]] = {
    "row0": ((0, 0), (0, 1), (0, 2)),
    "row1": ((1, 0), (1, 1), (1, 2)),
    "row2": ((2, 0), (2, 1), (2, 2)),
    "col0": ((0, 0), (1, 0), (2, 0)),
    "col1": ((0, 1), (1, 1), (2, 1)),
    "col2": ((0, 2), (1, 2), (2, 2)),
    "diag": ((0, 0), (1, 1), (2, 2)),
    "anti": ((2, 0), (1, 1), (0, 2)),
}

#: How the lines are named for people (answer keys, messages).
LINE_NAMES: dict[str, str] = {
    "row0": N_("top row"),
    "row1": N_("middle row"),
    "row2": N_("bottom row"),
    "col0": N_("left column"),
    "col1": N_("middle column"),
    "col2": N_("right column"),
    "diag": N_("diagonal from top left"),
    "anti": N_("diagonal from bottom left"),
}


def _positions(cells: tuple[tuple[int, int], ...]) -> tuple[int, int, int]:
    first, second, third = (r * GRID_SIZE + c for r, c in cells)
    return first, second, third


#: The same lines as grid positions (row * 3 + col), for the fast paths.
LINE_POSITIONS: dict[str, tuple[int, int, int]] = {name: _positions(cells) for name, cells in LINES.items()}

Symbol = TypeVar("Symbol")


def read_line(
    cards: Sequence[Mapping[int, Symbol]], line: tuple[int, int, int]
) -> tuple[tuple[Symbol, Symbol, Symbol], tuple[int, int, int]] | None:
    """The three symbols a stack of ``cards`` (each a map of grid position to symbol) shows
    along ``line`` (three positions in reading order), and which card gives each; ``None`` when
    a cell of the line is empty or shows more than one symbol."""
    shown: list[Symbol] = []
    givers: list[int] = []
    for position in line:
        here = [number for number, card in enumerate(cards) if position in card]
        if len(here) != 1:
            return None
        givers.append(here[0])
        shown.append(cards[here[0]][position])
    return (shown[0], shown[1], shown[2]), (givers[0], givers[1], givers[2])
