"""Hand-made stacks for every reading line, operation and covering rule."""

from __future__ import annotations

import pytest

from deckgen.games.cleariosity.core.rules import (
    OPS,
    apply,
    equation_ops,
    group_ops,
    is_trivial,
    line_values,
    self_equations,
)
from deckgen.games.grid import LINES
from tests.conftest import card


def grid_with(cells: dict[tuple[int, int], int]) -> str:
    rows = []
    for r in range(3):
        rows.append(" ".join(str(cells[r, c]) if (r, c) in cells else "." for c in range(3)))
    return " / ".join(rows)


def spare_cells(used: set[tuple[int, int]], line: str, count: int) -> list[tuple[int, int]]:
    """Cells off ``line`` and not in ``used``, so extra numbers never touch the line."""
    on_line = set(LINES[line])
    free = [(r, c) for r in range(3) for c in range(3) if (r, c) not in on_line and (r, c) not in used]
    return free[:count]


EXAMPLES = {"+": (3, 4, 7), "-": (9, 5, 4), "*": (2, 3, 6), "/": (8, 2, 4)}


@pytest.mark.parametrize("line", list(LINES))
@pytest.mark.parametrize("op", OPS)
def test_three_cards_one_number_each_read_along_every_line(line: str, op: str) -> None:
    values = EXAMPLES[op]
    cards = []
    for k, (cell, value) in enumerate(zip(LINES[line], values, strict=True)):
        extra = spare_cells({cell}, line, 2)
        cards.append(card(grid_with({cell: value, extra[0]: 1, extra[1]: 1}), f"C{k}"))
    assert line_values(cards, line) == values
    assert op in group_ops(cards, line)
    # Any other operation alone does not make these numbers an equation.
    others = [o for o in OPS if o != op]
    assert group_ops(cards, line, others) == ()


@pytest.mark.parametrize("line", list(LINES))
def test_reading_backwards_is_no_equation(line: str) -> None:
    # 7 4 3 read in the line's direction is 7 + 4 = 3: false; backwards it would be 3 + 4 = 7.
    cells = LINES[line]
    values = (7, 4, 3)
    cards = []
    for k, (cell, value) in enumerate(zip(cells, values, strict=True)):
        extra = spare_cells({cell}, line, 2)
        cards.append(card(grid_with({cell: value, extra[0]: 5, extra[1]: 5}), f"C{k}"))
    assert group_ops(cards, line, ("+",)) == ()


def test_right_to_left_row_is_no_equation() -> None:
    a = card("1 . . / 1 . . / 7 . .", "A")
    b = card(". 1 . / . 1 . / . 4 .", "B")
    c = card(". . 1 / . . 1 / . . 3", "C")
    assert line_values([a, b, c], "row2") == (7, 4, 3)
    # Read right to left the row would say 3 + 4 = 7; left to right it is 7 + 4 = 3 (false).
    assert group_ops([a, b, c], "row2", ("+",)) == ()
    assert group_ops([c, b, a], "row2", ("+",)) == ()  # the order of the cards changes nothing


def test_anti_diagonal_reads_from_bottom_left_up() -> None:
    bottom_left = card("1 . . / . . . / 2 . 1", "A")
    centre = card(". . . / 1 3 1 / . . .", "B")
    top_right = card(". . 5 / 1 . . / . 1 .", "C")
    assert line_values([bottom_left, centre, top_right], "anti") == (2, 3, 5)
    assert group_ops([bottom_left, centre, top_right], "anti") == ("+",)


def test_two_card_group_one_card_gives_two_numbers() -> None:
    left = card("3 . . / 9 . . / 9 . .", "A")  # 3 on row0, its others on col0 below
    right = card(". 4 7 / . . . / . . 1", "B")
    assert group_ops([left, right], "row0") == ("+",)


def test_number_covered_on_the_line_breaks_the_group() -> None:
    a = card("3 . . / . . . / 1 1 .", "A")
    b = card("5 4 7 / . . . / . . .", "B")  # B's 5 covers A's 3 on row0
    assert line_values([a, b], "row0") is None


def test_numbers_off_the_line_may_overlap() -> None:
    a = card("3 . . / . 6 . / . . 1", "A")
    b = card(". 4 7 / . 2 . / . . .", "B")  # both have a number in the centre: off row0
    assert group_ops([a, b], "row0") == ("+",)


def test_every_card_must_give_a_number() -> None:
    a = card("3 4 7 / . . . / . . .", "A")
    b = card(". . . / 1 2 3 / . . .", "B")
    assert line_values([a, b], "row0") is None
    assert self_equations(a)[0].op == "+"


def test_incomplete_line_is_no_equation() -> None:
    a = card("3 . . / 1 . . / . . 1", "A")
    b = card(". 4 . / . . . / . 1 1", "B")
    assert line_values([a, b], "row0") is None


def test_same_card_twice_is_not_a_group() -> None:
    a = card("3 . . / 1 . . / . 4 .", "A")
    assert line_values([a, a], "row0") is None


def test_division_must_be_exact_and_not_by_zero() -> None:
    assert apply("/", 7, 2) is None
    assert apply("/", 5, 0) is None
    assert apply("/", 8, 4) == 2
    assert equation_ops(0, 0, 0) == ("+", "-", "*")


@pytest.mark.parametrize(
    ("values", "op", "trivial"),
    [
        ((0, 5, 5), "+", True),
        ((5, 0, 5), "-", True),
        ((4, 1, 4), "*", True),
        ((1, 4, 4), "*", True),
        ((6, 1, 6), "/", True),
        ((6, 6, 0), "-", True),
        ((3, 4, 7), "+", False),
        ((6, 3, 2), "/", False),
        ((6, 6, 1), "/", True),
        ((8, 4, 2), "/", False),
        ((1, 2, 3), "+", False),
    ],
)
def test_trivial_equations(values: tuple[int, int, int], op: str, trivial: bool) -> None:
    assert op in equation_ops(*values)
    assert is_trivial(*values, op) is trivial


def test_self_equation_on_a_single_card() -> None:
    assert [e.line for e in self_equations(card("2 . . / . 2 . / . . 4"))] == ["diag", "diag"]
    assert self_equations(card("2 . . / . 3 . / . . 4")) == []
