"""Reading a stack of cards the way a player does, and saying why a stack is no equation.

Used by ``deckgen show``. The explanations are written for pupils: which cell has two
numbers, which line is missing a number, which operation the numbers would need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckgen.games.cleariosity.core.model import Card, Tier
from deckgen.games.cleariosity.core.rules import OPS, describe, equation_ops
from deckgen.games.grid import LINE_NAMES, LINES
from deckgen.i18n import N_, _, either, first_upper, joined
from deckgen.maths_signs import STANDARD_SIGNS, Signs

#: Cells as a sentence names them: "the {cell} cell", "das Feld {cell}", "la case {cell}".
CELL_WORDS: dict[tuple[int, int], str] = {
    (0, 0): N_("top-left"),
    (0, 1): N_("top-middle"),
    (0, 2): N_("top-right"),
    (1, 0): N_("middle-left"),
    (1, 1): N_("centre"),
    (1, 2): N_("middle-right"),
    (2, 0): N_("bottom-left"),
    (2, 1): N_("bottom-middle"),
    (2, 2): N_("bottom-right"),
}
#: Why a line makes no equation. Each starts with the line's name (as the answer keys name it),
#: so that every language can say the rest as a sentence of its own.
COVERED = {
    2: N_("{line}: the {cell} cell has two numbers ({numbers}): they cover each other."),
    3: N_("{line}: the {cell} cell has three numbers ({numbers}): they cover each other."),
}
EMPTY = N_("{line}: no number in the {cell} cell.")
IDLE_CARD = N_("{line}: {card} gives none of the numbers {a}, {b}, {c}; every card in the stack must give one.")
OTHER_OPERATION = N_("{line}: {equation} needs {signs}, which the {level} level does not use.")
NO_OPERATION = N_("{line}: {a}, {b}, {c}, and no operation makes {a} ? {b} = {c}.")
NO_LINE = N_("No line has three numbers in it: every line misses at least two numbers.")
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
        where = first_upper(_(LINE_NAMES[line]))
        if doubled and not empty:
            covered.update(doubled)
            cell = doubled[0]
            who = joined([_("{value} on {card}").format(value=value, card=card.id) for card, value in numbers[cell]])
            said = _(COVERED[len(numbers[cell])]).format(line=where, cell=_(CELL_WORDS[cell]), numbers=who)
            full.append((1, said))
            continue
        if empty:
            if len(empty) == 1 and not doubled and numbers_count(numbers) == 2:
                partial.append(_(EMPTY).format(line=where, cell=_(CELL_WORDS[empty[0]])))
            continue
        values = tuple(numbers[cell][0][1] for cell in cells)
        a, b, c = values
        lazy = [card.id for card in cards if card.id not in givers]
        if lazy:
            full.append((2, _(IDLE_CARD).format(line=where, card=lazy[0], a=a, b=b, c=c)))
            continue
        allowed = equation_ops(a, b, c, level.ops())
        if allowed:
            equations.append(Equation(line, (a, b, c), allowed[0], signs))
            continue
        other = equation_ops(a, b, c, OPS)
        if other:
            needs = either([signs.of(op) for op in other])
            equation = describe((a, b, c), other[0], signs)
            full.append((0, _(OTHER_OPERATION).format(line=where, equation=equation, signs=needs, level=_(level.name))))
        else:
            full.append((3, _(NO_OPERATION).format(line=where, a=a, b=b, c=c)))
    if equations:
        return StackReading(equations, [], [])
    reasons = [reason for _, reason in sorted(full, key=lambda item: item[0])] + partial
    if not reasons:
        reasons = [_(NO_LINE)]
    return StackReading([], reasons[:MAX_REASONS], sorted(covered))


def numbers_count(numbers: dict[tuple[int, int], list[tuple[Card, int]]]) -> int:
    return sum(len(found) for found in numbers.values())
