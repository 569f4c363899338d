"""Cleariosity Letters card faces, in card millimetres (origin top-left of the trim).

The cards share the numbers game's grid (:class:`~deckgen.games.grid_geometry.GridGeometry`),
so stacked cards line up the same way. Every tile of a deck is drawn at one size and on one
baseline a cell, with the x-height centred in the cell: a word read along a row then sits on
one line, as in a book, whatever its letters (a tile such as ``sch`` sets the size of them all,
so that none is squeezed). Beside the level dot stands the level's number, for players who
cannot tell the colours apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from deckgen.games.grid import DOT_COLOURS, GRID_SIZE
from deckgen.games.grid_geometry import GridGeometry
from deckgen.games.letters.cards import LetterCard
from deckgen.glyphs import STROKE, X_HEIGHT, text_width
from deckgen.layout.faces import DIGIT_COLOUR, ID_COLOUR, Face
from deckgen.layout.primitives import BLACK, Disc, Primitive, text

#: The dot colour of each level, in teaching order (the numbers game's tier colours, then more).
LEVEL_COLOURS = ("green", "yellow", "purple", "orange", "blue", "red")
#: An ascender's ink (h, l, the accent of é) is at most this share of a cell's height: as tall as the
#: numbers game's digits.
LETTER_HEIGHT_SHARE = 0.62
#: The widest tile's ink is at most this share of a cell's width, so that the tiles of
#: neighbouring cells stay apart in a stack.
TILE_WIDTH_SHARE = 0.84


def level_dot(rank: int) -> str:
    """The hex colour of the dot of level ``rank`` (0: the first)."""
    return DOT_COLOURS[LEVEL_COLOURS[rank % len(LEVEL_COLOURS)]]


@dataclass(frozen=True)
class LettersGeometry(GridGeometry):
    """Where everything sits on a letter card, and the size of its letters: ``widest`` is the
    width in em of the widest tile the deck shows (every card of a deck uses the same size)."""

    widest: float = 1.0

    @property
    def letter_size(self) -> float:
        """The letters' size (mm a glyph's em): as tall as the cell allows, as narrow as the widest tile needs."""
        by_height = LETTER_HEIGHT_SHARE * self.cell / (1 + STROKE)
        by_width = TILE_WIDTH_SHARE * self.cell / (self.widest + STROKE)
        return min(by_height, by_width)

    def baseline(self, row: int) -> float:
        """The letters' baseline in a row of cells: the x-height centred in the cell."""
        _, cy = self.cell_centre(row, 0)
        return cy + X_HEIGHT * self.letter_size / 2

    def mark_end(self, mark: str) -> float:
        cx, _ = self.dot_centre
        return cx + self.dot_radius + 1.2 + (text_width(mark) + STROKE) * self.symbol_size


def widest_tile(tiles: Iterable[str]) -> float:
    """The width in em of the widest of ``tiles``."""
    return max((text_width(tile) for tile in tiles), default=1.0)


def letters_front(card: LetterCard, geometry: LettersGeometry) -> Face:
    """The card's tiles in their cells, its level dot with the level's number, and its id."""
    shapes: list[Primitive] = []
    for position, tile in sorted(card.tiles.items()):
        shapes += cell_tile(tile, *divmod(position, GRID_SIZE), geometry)
    shapes += level_mark(card.level, geometry)
    _, baseline = geometry.label_baseline()
    shapes += text(card.id, geometry.mark_end(str(card.level + 1)) + 1.6, baseline, geometry.label_size, ID_COLOUR)
    return Face(f"card-{card.id}", geometry.width, geometry.height, tuple(shapes))


def cell_tile(tile: str, row: int, col: int, geometry: LettersGeometry, colour: str = DIGIT_COLOUR) -> list[Primitive]:
    """A tile centred across its cell on the row's baseline."""
    cx, _ = geometry.cell_centre(row, col)
    return text(tile, cx, geometry.baseline(row), geometry.letter_size, colour, anchor="centre")


def level_mark(rank: int, geometry: LettersGeometry) -> list[Primitive]:
    """The level's dot, and its number beside it for players who cannot tell the colours apart."""
    cx, cy = geometry.dot_centre
    radius, size = geometry.dot_radius, geometry.symbol_size
    mark = str(rank + 1)
    shapes: list[Primitive] = [Disc(cx, cy, radius, level_dot(rank))]
    shapes += text(mark, cx + radius + 1.2 + STROKE * size / 2, cy + size * 0.45, size, BLACK)
    return shapes
