"""Letter cards and how a stack of them reads.

A card is its tiles by grid position (row * 3 + col) and the level its dot shows. A stack
spells along a line what :func:`deckgen.games.grid.read_line` shows there: three tiles, one a
cell, none covering another. A word counts in play only when every card of the stack gives a
tile to it (as a number does in the numbers game); a blocked word counts however it shows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from deckgen.games.grid import LINE_POSITIONS, read_line


@dataclass(frozen=True)
class LetterCard:
    """A clear card: its name (``G01``), its level (0 first) and its tiles by grid position."""

    id: str
    level: int
    tiles: Mapping[int, str]


@dataclass(frozen=True)
class Spelled:
    """What one line of one stack shows: the cards stacked, the line, the three tiles, and
    whether every card of the stack gives one of them."""

    cards: tuple[str, ...]
    line: str
    tiles: tuple[str, str, str]
    all_give: bool

    @property
    def text(self) -> str:
        return "".join(self.tiles)


def stacks(cards: Sequence[LetterCard], most: int = 3) -> Iterator[tuple[LetterCard, ...]]:
    """Every stack of one to ``most`` different cards (the order they lie in does not change what
    shows through clear film)."""
    for size in range(1, most + 1):
        yield from combinations(cards, size)


def spelled_lines(stack: Sequence[LetterCard]) -> Iterator[Spelled]:
    """Each line of ``stack`` that shows three tiles, one a cell, in reading order."""
    ids = tuple(card.id for card in stack)
    faces = [card.tiles for card in stack]
    for name, line in LINE_POSITIONS.items():
        read = read_line(faces, line)
        if read is not None:
            tiles, givers = read
            yield Spelled(ids, name, tiles, len(set(givers)) == len(stack))
