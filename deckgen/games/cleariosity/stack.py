"""Reading a stack of cards the way a player does, and saying why a stack is no equation.

Used by ``deckgen show``. The explanations are written for pupils: which cell has two
numbers, which line is missing a number, which operation the numbers would need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckgen.games.cleariosity.model import Card, Tier
from deckgen.games.cleariosity.rules import LINE_NAMES, LINES, OPS, describe, equation_ops
from deckgen.i18n import _
from deckgen.maths_signs import STANDARD_SIGNS, Signs

#: Lines as pupils say them.
LINE_WORDS: dict[str, str] = {
    "row0": "the top row",
    "row1": "the middle row",
    "row2": "the bottom row",
    "col0": "the left column",
    "col1": "the middle column",
    "col2": "the right column",
    "diag": "the diagonal from the top left",
    "anti": "the diagonal from the bottom left",
}
CELL_WORDS: dict[tuple[int, int], str] = {
    (0, 0): "top-left",
    (0, 1): "top-middle",
    (0, 2): "top-right",
    (1, 0): "middle-left",
    (1, 1): "centre",
    (1, 2): "middle-right",
    (2, 0): "bottom-left",
    (2, 1): "bottom-middle",
    (2, 2): "bottom-right",
}
MAX_REASONS = 4


@dataclass(frozen=True)
class Equation:
    line: str
    values: tuple[int, int, int]
    op: str
    #: The class's signs it is written in.
    signs: Signs = STANDARD_SIGNS

    def __str__(self) -> str:
        # The line as the answer keys name it, in the language being spoken.
        return f"{describe(self.values, self.op, self.signs)} ({_(LINE_NAMES[self.line])})"


@dataclass(frozen=True)
class StackReading:
    equations: list[Equation]
    reasons: list[str]
    covered: list[tuple[int, int]]


def level_of(cards: Sequence[Card]) -> Tier:
    """The level a stack belongs to: the highest tier among its cards."""
    return max((card.tier for card in cards), key=lambda t: t.rank)


def read_stack(cards: Sequence[Card], level: Tier, signs: Signs = STANDARD_SIGNS) -> StackReading:
    """Every equation the stacked cards show at ``level``, or the reasons there is none (written in ``signs``)."""
    equations: list[Equation] = []
    full: list[tuple[int, str]] = []  # (priority, reason) for lines with a number in every cell
    partial: list[str] = []
    covered: set[tuple[int, int]] = set()
    for line, cells in LINES.items():
        numbers = {
            cell: [(card, c.value) for card in cards for c in card.cells if (c.row, c.col) == cell] for cell in cells
        }
        empty = [cell for cell in cells if not numbers[cell]]
        doubled = [cell for cell in cells if len(numbers[cell]) > 1]
        givers = {card.id for cell in cells for card, _ in numbers[cell]}
        where = LINE_WORDS[line]
        if doubled and not empty:
            covered.update(doubled)
            cell = doubled[0]
            who = " and ".join(f"{value} on {card.id}" for card, value in numbers[cell])
            count = {2: "two", 3: "three"}[len(numbers[cell])]
            full.append(
                (1, f"In {where} the {CELL_WORDS[cell]} cell has {count} numbers ({who}): they cover each other.")
            )
            continue
        if empty:
            if len(empty) == 1 and not doubled and numbers_count(numbers) == 2:
                partial.append(f"{where.capitalize()} has no number in its {CELL_WORDS[empty[0]]} cell.")
            continue
        values = tuple(numbers[cell][0][1] for cell in cells)
        a, b, c = values
        lazy = [card.id for card in cards if card.id not in givers]
        if lazy:
            reason = f"{where.capitalize()} reads {a}, {b}, {c}, but {lazy[0]} gives none of its numbers"
            full.append((2, reason + "; every card in the stack must give one."))
            continue
        allowed = equation_ops(a, b, c, level.ops())
        if allowed:
            equations.append(Equation(line, (a, b, c), allowed[0], signs))
            continue
        other = equation_ops(a, b, c, OPS)
        if other:
            needs = " or ".join(signs.of(op) for op in other)
            reason = f"{where.capitalize()} reads {describe((a, b, c), other[0], signs)}, but that needs {needs}"
            full.append((0, reason + f", which the {level.name} level does not use."))
        else:
            full.append((3, f"{where.capitalize()} reads {a}, {b}, {c}: no operation makes {a} ? {b} = {c}."))
    if equations:
        return StackReading(equations, [], [])
    reasons = [reason for _, reason in sorted(full, key=lambda item: item[0])] + partial
    if not reasons:
        reasons = ["No line has three numbers in it: every line misses at least two numbers."]
    return StackReading([], reasons[:MAX_REASONS], sorted(covered))


def numbers_count(numbers: dict[tuple[int, int], list[tuple[Card, int]]]) -> int:
    return sum(len(found) for found in numbers.values())
