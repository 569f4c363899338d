"""A line reader of the tests' own, written from the rules of the clear-card games and not from
deckgen's code: a card is a 3 × 3 grid; rows read left to right, columns top to bottom, the
diagonals from their left end (top-left down, bottom-left up); a line reads only when each of its
three cells shows exactly one tile among the stacked cards."""

from __future__ import annotations

#: The eight lines, cell by cell (row, column), in reading order.
READING_LINES = [
    [(0, 0), (0, 1), (0, 2)],
    [(1, 0), (1, 1), (1, 2)],
    [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (2, 0)],
    [(0, 1), (1, 1), (2, 1)],
    [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(2, 0), (1, 1), (0, 2)],
]


def shown_lines(stack: list[dict[tuple[int, int], str]]) -> list[tuple[str, bool]]:
    """Each line the stack shows, as its text, and whether every card gives one of its cells."""
    shown = []
    for line in READING_LINES:
        tiles, givers = [], set()
        for cell in line:
            on_cell = [index for index, card in enumerate(stack) if cell in card]
            if len(on_cell) != 1:
                break
            tiles.append(stack[on_cell[0]][cell])
            givers.add(on_cell[0])
        else:
            shown.append(("".join(tiles), len(givers) == len(stack)))
    return shown
