"""Where things sit on a card of the 3×3 clear-card games, in card millimetres (origin top-left
of the trim).

The geometry depends only on the card size, so the cells sit at exactly the same place on every
card of every such game and stacked cards line up: the grid in the middle, a clear band above it
and one below for the level dot, its mark and the card id. Each game adds what its own symbols
need (the numbers game its digit sizes, the word game its letter size).
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.grid import GRID_SIZE
from deckgen.layout.faces import ID_COLOUR, Face
from deckgen.layout.primitives import text


@dataclass(frozen=True)
class GridGeometry:
    """The grid, the bands and the level dot of a clear card ``width`` × ``height`` mm."""

    width: float
    height: float

    @property
    def side_margin(self) -> float:
        return max(3.0, 0.06 * self.width)

    @property
    def band(self) -> float:
        """Height of the clear bands above and below the grid (label on top, dot below)."""
        return (self.height - 3 * self.cell) / 2

    @property
    def cell(self) -> float:
        by_width = (self.width - 2 * self.side_margin) / GRID_SIZE
        by_height = (self.height - 2 * max(9.0, 0.14 * self.height)) / GRID_SIZE
        return min(by_width, by_height)

    @property
    def grid_origin(self) -> tuple[float, float]:
        return (self.width - 3 * self.cell) / 2, self.band

    def cell_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a cell."""
        x0, y0 = self.grid_origin
        return x0 + col * self.cell, y0 + row * self.cell, self.cell, self.cell

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        x, y, w, h = self.cell_box(row, col)
        return x + w / 2, y + h / 2

    @property
    def dot_radius(self) -> float:
        return min(3.2, self.band * 0.22)

    @property
    def dot_centre(self) -> tuple[float, float]:
        r = self.dot_radius
        return max(self.side_margin, 2.5) + r, self.height - self.band / 2

    @property
    def symbol_size(self) -> float:
        """Size of the mark beside the dot (a tier's sign, a level's number)."""
        return self.dot_radius * 1.6

    @property
    def label_size(self) -> float:
        """Cap height of the card id and the set label."""
        return min(2.2, self.band * 0.24)

    def label_baseline(self) -> tuple[float, float]:
        """Right end and baseline of the set label: the bottom band's right end, level with the id."""
        return self.width - max(self.side_margin, 2.5), self.dot_centre[1] + self.label_size / 2


def set_label(number: int, geometry: GridGeometry, word: str = "SET") -> Face:
    """'SET n' (``word``: the language's "SET") at the right of the bottom band, on the line of the
    card id, clear of cells and dot."""
    x, baseline = geometry.label_baseline()
    shapes = text(f"{word} {number}", x, baseline, geometry.label_size, ID_COLOUR, anchor="right")
    return Face(f"label-{number}", geometry.width, geometry.height, tuple(shapes))
