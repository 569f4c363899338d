"""Table cells of the teacher pack that break lines between words, never inside one.

A heading such as "Sheets in all" is one word or two longer in German ("Bögen insgesamt") and
French; reportlab, left alone, cuts a word too long for its column wherever the column ends
("Summ/e"). Here the columns are first widened, where the table has room, to their longest
word; a word still too long for its column is hyphenated where the language's hyphenation
dictionary allows (pyphen's, the LibreOffice dictionaries), and only such a word: the others
move to the next line whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeAlias

import pyphen
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from deckgen.render.fonts import register_fonts

#: The hyphenation dictionary of each language of the pack.
DICTIONARIES = {"en": "en_US", "es": "es", "fr": "fr", "de": "de_DE"}
#: reportlab's cell padding, left and right (points).
PADDING = 12.0

#: A table cell: a reportlab Paragraph, or a plain string (a figure, an empty cell).
Cell: TypeAlias = Any


@cache
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=DICTIONARIES.get(language, "en_US"))


def hyphenator(language: str, width: float, size: float) -> Callable[[str], list[tuple[str, str]]]:
    """reportlab's hyphenation hook for a column ``width`` points wide, text ``size`` points:
    the places a word may be hyphenated (the longest head first), offered only for a word too
    wide for the column in the bold font (the wider of the two). Shorter words are never
    hyphenated; they move to the next line whole."""
    bold = register_fonts()[1]

    def places(word: str) -> list[tuple[str, str]]:
        if stringWidth(word, bold, size) <= width:
            return []
        return list(_dictionary(language).iterate(word))

    return places


def column_style(cell: ParagraphStyle, language: str, width: float) -> ParagraphStyle:
    """The cell style for a column ``width`` points wide (padding included)."""
    return ParagraphStyle(
        f"{cell.name}-{width:.1f}",
        parent=cell,
        hyphenationLang=hyphenator(language, width - PADDING, cell.fontSize),
        # 2: a word that does not fit is hyphenated on a line of its own too, not only after others.
        embeddedHyphenation=2,
    )


def _longest_word(cell: Cell) -> float:
    """The width of the longest word of a cell (points; 0 for a number or an empty cell)."""
    return float(cell.minWidth()) if isinstance(cell, Paragraph) else 0.0


def fitted_widths(
    rows: Sequence[Sequence[Cell]],
    widths: Sequence[float],
    spans: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
) -> list[float]:
    """Column ``widths`` (points) widened so that each column holds its longest word whole,
    taking the room from the columns that have most to spare; a column is never made narrower
    than its own longest word. Where the table has no such room, the widths stay as they are and
    hyphenation breaks the long words. Cells spanning several columns are left out."""
    spanned = {start for start, end in spans if start[0] != end[0]}
    need = [0.0] * len(widths)
    for row_number, row in enumerate(rows):
        for column, cell in enumerate(row):
            if (column, row_number) not in spanned:
                need[column] = max(need[column], _longest_word(cell) + PADDING)
    fitted = list(widths)
    short = sum(max(0.0, n - w) for n, w in zip(need, fitted, strict=True))
    spare = sum(max(0.0, w - n) for n, w in zip(need, fitted, strict=True))
    if short <= 0 or spare < short:
        return fitted
    for column, (n, w) in enumerate(zip(need, widths, strict=True)):
        if n > w:
            fitted[column] = n
        elif w > n:
            fitted[column] = w - short * (w - n) / spare  # each gives in proportion to what it spares
    return fitted
