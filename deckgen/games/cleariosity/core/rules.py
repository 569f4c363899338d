"""The rules of Cleariosity Numbers, in one place.

Everything else (the fast group index, verification, the designer, the renderers' answer
keys) asks this module what counts as an equation. The functions here are written for
clarity, cell by cell; :mod:`deckgen.games.cleariosity.core.groups` is the fast path and is tested against them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from deckgen.games.cleariosity.core.model import Card
from deckgen.games.grid import LINE_POSITIONS, LINES, read_line
from deckgen.maths_signs import STANDARD_SIGNS, Signs

#: The four operations in tier order, written as the deck and JSON write them.
OPS: tuple[str, ...] = ("+", "-", "*", "/")

#: How each operation is printed for people.
OP_SYMBOLS: dict[str, str] = {"+": "+", "-": "−", "*": "×", "/": "÷"}

#: Smallest and largest number a Cleariosity card may carry (a deck spec may allow fewer).
MIN_VALUE, MAX_VALUE = 0, 99


def apply(op: str, a: int, b: int) -> int | None:
    """``a op b``, or ``None`` where it is not a whole number (÷ must be exact, b ≠ 0)."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if b == 0 or a % b:
            return None
        return a // b
    raise ValueError(f"unknown operation {op!r}")


def equation_ops(a: int, b: int, c: int, ops: Iterable[str] = OPS) -> tuple[str, ...]:
    """The operations among ``ops`` under which ``a op b = c`` holds."""
    return tuple(op for op in ops if apply(op, a, b) == c)


def is_trivial(a: int, b: int, c: int, op: str) -> bool:
    """A reading that teaches nothing: an operand 0, ``× 1``, ``1 ×``, ``÷ 1``, ``a − a`` or ``a ÷ a``."""
    if a == 0 or b == 0:
        return True
    if op == "*" and (a == 1 or b == 1):
        return True
    if op == "/" and (b == 1 or a == b):
        return True
    return op == "-" and a == b


def readings_trivial(values: tuple[int, int, int], ops: Iterable[str]) -> bool:
    """A group is trivial when every reading of it (each operation that holds) is trivial."""
    return all(is_trivial(*values, op) for op in ops)


def practises(values: tuple[int, int, int], ops: Iterable[str], op: str) -> bool:
    """The group has a non-trivial reading with ``op`` (it practises that operation)."""
    return op in ops and not is_trivial(*values, op)


def line_values(cards: Sequence[Card], line: str) -> tuple[int, int, int] | None:
    """Read ``line`` through the stacked ``cards`` — the reference, cell-by-cell check.

    Returns the three numbers a, b, c in reading order when the stack is a valid group on
    that line: every cell of the line holds exactly one number among the cards (nothing
    on the line covers anything), and every card gives at least one of them. Otherwise
    ``None``. Numbers off the line may overlap freely.
    """
    if not 2 <= len(cards) <= 3 or len({card.id for card in cards}) != len(cards):
        return None
    read = read_line([{cell.position: cell.value for cell in card.cells} for card in cards], LINE_POSITIONS[line])
    if read is None:
        return None
    values, givers = read
    return values if len(set(givers)) == len(cards) else None


def group_ops(cards: Sequence[Card], line: str, ops: Iterable[str] = OPS) -> tuple[str, ...]:
    """The operations among ``ops`` that make ``cards`` an equation group on ``line``."""
    values = line_values(cards, line)
    if values is None:
        return ()
    return equation_ops(*values, ops=ops)


@dataclass(frozen=True)
class SelfEquation:
    """A card whose own three numbers already read as an equation along a line."""

    line: str
    values: tuple[int, int, int]
    op: str


def self_equations(card: Card) -> list[SelfEquation]:
    """Lines on which a single card is an equation by itself (criterion 1 forbids these)."""
    found = []
    by_cell = {(cell.row, cell.col): cell.value for cell in card.cells}
    for name, cells in LINES.items():
        if all(cell in by_cell for cell in cells):
            a, b, c = (by_cell[cell] for cell in cells)
            for op in equation_ops(a, b, c):
                found.append(SelfEquation(name, (a, b, c), op))
    return found


def describe(values: tuple[int, int, int], op: str, signs: Signs = STANDARD_SIGNS) -> str:
    """``3 + 4 = 7`` with the printed operation symbol (in a class's ``signs``: ``56 : 8 = 7``)."""
    a, b, c = values
    return f"{a} {signs.of(op)} {b} = {c}"
