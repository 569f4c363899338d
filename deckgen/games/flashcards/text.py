"""Flash-card text: wrapped, sized to fill a box, and drawn as filled letter outlines.

A flash card holds a word, a question or a short answer, which should be as large as the card
allows so that it can be read across a table, yet never smaller than a set size. So
:func:`set_text` tries sizes from ``max_size`` down in steps of 0.1 mm, wraps the text at
spaces at each, and sets it at the first (largest) size at which it fits the box; if even
``min_size`` does not fit, it raises :class:`TextDoesNotFit`, whose message tells the card's
author what to shorten.

Sizes are **cap heights** in millimetres: the height of a capital such as H. Cap height, rather
than the font size (the em), is what a reader sees and what legibility guidelines measure, and it
lets the fallback font's letters (Greek, from Noto Sans) be scaled to the same capital height as the
card font's (Atkinson Hyperlegible), whose ems are proportioned differently. Lines are
``line_gap`` ems apart, baseline to baseline.

What fits is the ink, not the font's nominal line box: the outlines of the letters set (with
their accents and descenders) lie inside the box, every line is centred on the box by its ink,
and the block of lines is centred top to bottom by its ink.

The letters are :class:`~deckgen.layout.primitives.Shape` outlines (millimetres, y down), one per
glyph, so every backend prints the same letters without a font; see
:mod:`deckgen.games.flashcards.fonts`. The same text always gives the same numbers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from deckgen.games.flashcards.fonts import Glyph, glyph_for, kerning, primary_face, tolerance_exponent
from deckgen.layout.primitives import Point, Shape

#: The step, in mm of cap height, between the sizes that :func:`set_text` tries.
SIZE_STEP = 0.1

#: Float noise allowed when comparing a measure with the box (mm).
_EPSILON = 1e-9

_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")


class TextDoesNotFit(ValueError):
    """The text cannot be set inside its box even at the smallest size allowed.

    ``text`` is the text and ``size`` the smallest size tried (mm cap height); the message says
    what to change.
    """

    def __init__(self, message: str, text: str, size: float) -> None:
        super().__init__(message)
        self.text = text
        self.size = size


@dataclass(frozen=True)
class _Word:
    """A word's glyphs measured at a cap height of 1 mm (so every measure scales with the size).

    ``offsets`` are where each glyph's origin sits from the word's start; ``left`` and ``right``
    are the ink's horizontal extent and ``top`` and ``bottom`` its vertical one, y up, all
    ``None`` for a word without ink.
    """

    text: str
    glyphs: tuple[Glyph, ...]
    offsets: tuple[float, ...]
    advance: float
    left: float | None
    right: float | None
    top: float | None
    bottom: float | None


@dataclass(frozen=True)
class _Line:
    """The words of one line, where each starts, and the line's ink at 1 mm cap height (y up)."""

    words: tuple[_Word, ...]
    starts: tuple[float, ...]
    left: float
    right: float
    top: float | None
    bottom: float | None


def set_text(
    text: str,
    box: tuple[float, float, float, float],
    *,
    max_size: float,
    min_size: float,
    colour: str = "#000000",
    line_gap: float = 1.25,
    bold: bool = False,
) -> list[Shape]:
    """Set ``text`` as large as fits ``box`` and return its letters as shapes, one per glyph.

    ``box`` is (x, y, width, height) in mm, y down. ``max_size`` and ``min_size`` are cap heights
    in mm (see the module's notes). Text breaks at spaces and at ``"\\n"``, never inside a word;
    a tab counts as a space; spaces and line breaks at either end are ignored. ``line_gap`` is the
    distance between baselines in ems. A glyph with no ink (a space) gives no shape; a glyph
    whose contours cross (such as Ç) gives one shape per part, so that filling each by the
    even-odd rule leaves no false hole where the parts overlap.

    Raises :class:`TextDoesNotFit` if the text does not fit at ``min_size``, and
    :class:`~deckgen.games.flashcards.fonts.MissingGlyph` (a ``ValueError``) for a character
    that neither font has.
    """
    if not _COLOUR.fullmatch(colour):
        raise ValueError(f"colour {colour!r} should be written #RRGGBB")
    found = _fit(text, box, max_size, min_size, line_gap, bold)
    if found is None:
        return []
    size, lines, (top, bottom) = found
    x, y, width, height = box
    pitch = _pitch(line_gap, bold)
    first_baseline = y + (height - size * (top - bottom)) / 2 + size * top
    shapes: list[Shape] = []
    for index, line in enumerate(lines):
        baseline = first_baseline + size * pitch * index
        line_start = x + (width - size * (line.right - line.left)) / 2 - size * line.left
        for word, start in zip(line.words, line.starts, strict=True):
            for glyph, offset in zip(word.glyphs, word.offsets, strict=True):
                if glyph.bounds is not None:
                    shapes += _glyph_shapes(glyph, line_start + size * (start + offset), baseline, size, colour)
    return shapes


def fitted_size(
    text: str,
    box: tuple[float, float, float, float],
    *,
    max_size: float,
    min_size: float,
    line_gap: float = 1.25,
    bold: bool = False,
) -> float:
    """The cap height (mm) at which :func:`set_text` would set ``text`` in ``box``.

    Useful to set a whole deck at one size: take the smallest of the cards' fitted sizes and
    pass it as every card's ``max_size``. Raises as :func:`set_text` does; an empty text fits at
    ``max_size``.
    """
    found = _fit(text, box, max_size, min_size, line_gap, bold)
    return max_size if found is None else found[0]


def text_extent(shapes: Iterable[Shape]) -> tuple[float, float, float, float]:
    """The bounding box (x0, y0, x1, y1) of the shapes' outlines in mm, y down."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in shapes:
        for contour in shape.contours:
            xs += [p[0] for p in contour]
            ys += [p[1] for p in contour]
    if not xs:
        raise ValueError("no shapes to measure")
    return min(xs), min(ys), max(xs), max(ys)


# --- fitting -----------------------------------------------------------------------------------


def _fit(
    text: str,
    box: tuple[float, float, float, float],
    max_size: float,
    min_size: float,
    line_gap: float,
    bold: bool,
) -> tuple[float, list[_Line], tuple[float, float]] | None:
    """The size, lines and vertical ink extent (top, bottom; y up, 1 mm cap height) to set the text at.

    ``None`` for a text with nothing to set.
    """
    _check(box, max_size, min_size, line_gap)
    paragraphs = _paragraphs(text, bold)
    if not any(paragraphs):
        return None
    _, _, width, height = box
    space = _space(bold)
    pitch = _pitch(line_gap, bold)
    for size in _sizes(max_size, min_size):
        lines = _wrap(paragraphs, space, width / size + _EPSILON)
        if lines is None:
            continue
        top, bottom = _block(lines, pitch)
        if size * (top - bottom) <= height + _EPSILON:
            return size, lines, (top, bottom)
    # Say first what no shortening of the rest would mend: a word that cannot fit by itself.
    for words in paragraphs:
        for word in words:
            if min_size * _ink_width(word) > width + _EPSILON:
                raise TextDoesNotFit(
                    f"the word {word.text!r} is too wide to fit the card even at {min_size:g} mm letters; shorten it",
                    text,
                    min_size,
                )
    raise TextDoesNotFit(f"the text is too long to fit the card at {min_size:g} mm letters; shorten it", text, min_size)


def _check(box: tuple[float, float, float, float], max_size: float, min_size: float, line_gap: float) -> None:
    """Refuse arguments that no text could be set with, naming the one that is wrong."""
    values = (*box, max_size, min_size, line_gap)
    if len(box) != 4 or not all(math.isfinite(v) for v in values):
        raise ValueError(f"box {box!r}, sizes and line gap must be finite numbers, the box four of them")
    if box[2] <= 0 or box[3] <= 0:
        raise ValueError(f"the text box {box!r} has no room: its width and height must be positive")
    if min_size <= 0 or max_size < min_size:
        raise ValueError(f"letter sizes must satisfy 0 < min_size ≤ max_size, not {min_size:g} and {max_size:g}")
    if line_gap <= 0:
        raise ValueError(f"line_gap must be positive, not {line_gap:g}")


def _sizes(max_size: float, min_size: float) -> list[float]:
    """The sizes to try, largest first: ``max_size``, then 0.1 mm less each time, then ``min_size``.

    Each is rounded to 9 decimals, so that 5 − 3 × 0.1 is 4.7 and not 4.699999999999999.
    """
    steps = math.floor((max_size - min_size) / SIZE_STEP + 1e-9)
    sizes = [round(max_size - k * SIZE_STEP, 9) for k in range(steps + 1)]
    if sizes[-1] > min_size + _EPSILON:
        sizes.append(min_size)
    return sizes


def _paragraphs(text: str, bold: bool) -> list[list[_Word]]:
    """The text's lines as written (split at line breaks), each a list of its words."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ").strip(" \n")
    return [[_word(word, bold) for word in line.split(" ") if word] for line in text.split("\n")] if text else []


@lru_cache(maxsize=8192)
def _word(text: str, bold: bool) -> _Word:
    """Measure a word at a cap height of 1 mm, with the card font's kerning between its letters."""
    glyphs = tuple(glyph_for(char, bold) for char in text)
    offsets: list[float] = []
    pen = 0.0
    left = right = top = bottom = None
    previous: Glyph | None = None
    for glyph in glyphs:
        cap = glyph.face.cap_height
        if previous is not None:
            pen += kerning(previous, glyph) / previous.face.cap_height
        offsets.append(pen)
        if glyph.bounds is not None:
            x_min, y_min, x_max, y_max = (v / cap for v in glyph.bounds)
            left = pen + x_min if left is None else min(left, pen + x_min)
            right = pen + x_max if right is None else max(right, pen + x_max)
            top = y_max if top is None else max(top, y_max)
            bottom = y_min if bottom is None else min(bottom, y_min)
        pen += glyph.advance / cap
        previous = glyph
    return _Word(text, glyphs, tuple(offsets), pen, left, right, top, bottom)


def _ink_width(word: _Word) -> float:
    return 0.0 if word.left is None or word.right is None else word.right - word.left


def _space(bold: bool) -> float:
    """The width of a space at 1 mm cap height."""
    glyph = glyph_for(" ", bold)
    return glyph.advance / glyph.face.cap_height


def _pitch(line_gap: float, bold: bool) -> float:
    """Baseline to baseline at 1 mm cap height: ``line_gap`` ems of the card font."""
    face = primary_face(bold)
    return line_gap * face.units_per_em / face.cap_height


def _wrap(paragraphs: Sequence[Sequence[_Word]], space: float, width: float) -> list[_Line] | None:
    """Break each paragraph into lines whose ink is at most ``width`` wide (1 mm cap height).

    Greedy: each line takes as many words as fit, which gives the fewest lines. ``None`` if a
    word is wider than ``width`` by itself. An empty paragraph (a blank line in the text) is an
    empty line.
    """
    lines: list[_Line] = []
    for words in paragraphs:
        current: list[_Word] = []
        starts: list[float] = []
        pen = 0.0
        left: float | None = None
        right = 0.0
        for word in words:
            if word.left is None or word.right is None:
                # A word without ink (no-break spaces alone) only moves the pen.
                current.append(word)
                starts.append(pen)
                pen += word.advance + space
                continue
            if word.right - word.left > width:
                return None
            if left is not None and pen + word.right - left > width:
                lines.append(_line(current, starts, left, right))
                current, starts, pen, left = [], [], 0.0, None
            current.append(word)
            starts.append(pen)
            if left is None:
                left = pen + word.left
            right = pen + word.right
            pen += word.advance + space
        lines.append(_line(current, starts, left, right))
    return lines


def _line(words: Sequence[_Word], starts: Sequence[float], left: float | None, right: float) -> _Line:
    tops = [w.top for w in words if w.top is not None]
    bottoms = [w.bottom for w in words if w.bottom is not None]
    return _Line(
        tuple(words),
        tuple(starts),
        0.0 if left is None else left,
        0.0 if left is None else right,
        max(tops) if tops else None,
        min(bottoms) if bottoms else None,
    )


def _block(lines: Sequence[_Line], pitch: float) -> tuple[float, float]:
    """The top and bottom of the lines' ink (y up, 1 mm cap height), the first baseline at 0."""
    tops = [line.top - pitch * i for i, line in enumerate(lines) if line.top is not None]
    bottoms = [line.bottom - pitch * i for i, line in enumerate(lines) if line.bottom is not None]
    if not tops or not bottoms:
        return 0.0, 0.0
    return max(tops), min(bottoms)


# --- drawing -----------------------------------------------------------------------------------


def _glyph_shapes(glyph: Glyph, x: float, baseline: float, size: float, colour: str) -> list[Shape]:
    """A glyph's outline, its origin at (x, baseline) mm, scaled so its face's capitals are ``size`` tall."""
    scale = size / glyph.face.cap_height
    return [Shape(outline, colour, glyph=key, origin=(x, baseline)) for key, outline in _scaled(glyph, scale)]


@lru_cache(maxsize=4096)
def _scaled(glyph: Glyph, scale: float) -> tuple[tuple[str, tuple[tuple[Point, ...], ...]], ...]:
    """A glyph's shapes at one scale, in mm about its origin (y down), each with its name.

    Made once per glyph and size: a deck sets the same letters at the same size again and
    again, and each time only the origin differs.
    """
    groups = glyph.face.outline(glyph.name, tolerance_exponent(scale))
    key = f"{glyph.face.key}-{glyph.name}-{scale:.9f}"
    return tuple(
        (f"{key}-{number}", tuple(tuple([(px * scale, -py * scale) for px, py in contour]) for contour in group))
        for number, group in enumerate(groups)
    )
