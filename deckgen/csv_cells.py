"""Cells of the CSV files deckgen writes, safe to open in a spreadsheet.

A spreadsheet program reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or
carriage return before one) as a formula, and a formula can run a command on the teacher's
computer (CSV injection). So every text cell that starts with one of those is written with a
leading apostrophe, the spreadsheet programs' own mark for "this is text": ``'=1+1``, ``'-3``.
Numbers deckgen writes as numbers are left as they are. deckgen's sheet reader takes the
apostrophe off again, so an export reads back as the deck it came from.
"""

from __future__ import annotations

from collections.abc import Iterable

#: The characters a spreadsheet takes as the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The mark put before such a cell.
TEXT_MARK = "'"


def safe_cell(cell: object) -> object:
    """A cell as written: text that a spreadsheet would take for a formula gets the text mark."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return TEXT_MARK + cell
    return cell


def safe_row(cells: Iterable[object]) -> list[object]:
    return [safe_cell(cell) for cell in cells]


def read_cell(text: str) -> str:
    """A cell as deckgen's sheet reader takes it: the text mark before a formula-like start is
    removed (a spreadsheet shows it that way too), any other text is kept whole."""
    if text.startswith(TEXT_MARK) and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text
