"""Flash-card text: wrapped, sized to fill a box, and drawn as filled letter outlines.

A flash card holds a word, a question or a short answer, which should be as large as the card
allows so that it can be read across a table, yet never smaller than a set size. So
:func:`set_text` tries sizes from ``max_size`` down in steps of 0.1 mm, wraps the text between
words at each, and sets it at the first (largest) size at which it fits the box; only if even
``min_size`` does not fit with every word whole does it try again allowing breaks inside words
(where Unicode allows them: between a Chinese word's characters); if that fails too, it raises
:class:`TextDoesNotFit`, whose message tells the card's author what to shorten.

Sizes are **cap heights** in millimetres: the height of a capital such as H. Cap height, rather
than the font size (the em), is what a reader sees and what legibility guidelines measure, and it
lets every font of the chain (Greek from Noto Sans, Arabic, Hindi, Chinese from theirs) be scaled
to the same capital height as the card font's (Atkinson Hyperlegible), whose ems are
proportioned differently. Lines are ``line_gap`` ems of the card font apart, baseline to baseline.

Text is split, ordered and shaped by :mod:`deckgen.games.flashcards.shaping`: it breaks where
Unicode's line-breaking rules allow, between words first (:mod:`deckgen.games.flashcards.breaks`),
reads right to left where the Unicode bidirectional algorithm says so, and its letters are the
glyphs HarfBuzz chose.

What fits is the ink, not the font's nominal line box: the outlines of the letters set (with
their accents and descenders) lie inside the box, every line is centred on the box by its ink,
and the block of lines is centred top to bottom by its ink.

The letters are :class:`~deckgen.layout.primitives.Shape` outlines (millimetres, y down), one per
glyph, so every backend prints the same letters without a font; see
:mod:`deckgen.games.flashcards.fonts`. Beside them, :func:`lay_out_text` gives each line as
text (:class:`~deckgen.layout.faces.TextLine`), which a PDF carries as an invisible layer so
that the words can be searched, copied and read aloud. The same text always gives the same numbers.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from deckgen.games.flashcards.breaks import BETWEEN_WORDS, INSIDE_PHRASE, INSIDE_WORD
from deckgen.games.flashcards.fonts import FontChain, Glyph, default_chain, tolerance_exponent
from deckgen.games.flashcards.shaping import Paragraph, Unit, ink, line_glyphs, paragraph
from deckgen.i18n import _, decimal_g
from deckgen.layout.faces import TextLine
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
class _Line:
    """The units of one line, where each starts (left-to-right lines), and the line's ink at
    1 mm cap height (y up); ``placed``: the glyphs in drawing order, for a line with text that
    reads right to left (``None`` when the units' order is the drawing order)."""

    units: tuple[Unit, ...]
    starts: tuple[float, ...]
    left: float
    right: float
    top: float | None
    bottom: float | None
    placed: tuple[tuple[Glyph, float, float], ...] | None = None
    rtl: bool = False


@dataclass(frozen=True)
class SetText:
    """Text as set in its box: the letters' outlines, and each line as text (for a PDF's text layer)."""

    shapes: list[Shape]
    lines: list[TextLine]


def set_text(
    text: str,
    box: tuple[float, float, float, float],
    *,
    max_size: float,
    min_size: float,
    colour: str = "#000000",
    line_gap: float = 1.25,
    bold: bool = False,
    chain: FontChain | None = None,
) -> list[Shape]:
    """Set ``text`` as large as fits ``box`` and return its letters as shapes, one per glyph.

    ``box`` is (x, y, width, height) in mm, y down. ``max_size`` and ``min_size`` are cap heights
    in mm (see the module's notes). Text breaks at ``"\\n"`` and between words (spaces,
    and the words of Thai, Chinese and Japanese), inside a word only where the word alone is
    too wide at ``min_size``; a tab counts as a space; spaces and line breaks at either end are
    ignored. ``line_gap`` is the distance between baselines in ems. ``chain``: the fonts to draw
    with (the shipped ones if ``None``); ``bold`` takes their bold. A glyph with no ink (a
    space) gives no shape; every other glyph gives one, filled by the non-zero rule as fonts
    mean (where a letter's contours overlap, such as Ç's cedilla and its C, the overlap is ink).

    Raises :class:`TextDoesNotFit` if the text does not fit at ``min_size``, and
    :class:`~deckgen.games.flashcards.fonts.MissingGlyph` (a ``ValueError``) for a character
    that no font has.
    """
    return lay_out_text(
        text, box, max_size=max_size, min_size=min_size, colour=colour, line_gap=line_gap, bold=bold, chain=chain
    ).shapes


def lay_out_text(
    text: str,
    box: tuple[float, float, float, float],
    *,
    max_size: float,
    min_size: float,
    colour: str = "#000000",
    line_gap: float = 1.25,
    bold: bool = False,
    chain: FontChain | None = None,
) -> SetText:
    """As :func:`set_text`, with the lines as text beside the shapes."""
    if not _COLOUR.fullmatch(colour):
        raise ValueError(f"colour {colour!r} should be written #RRGGBB")
    fonts = _chain(chain, bold)
    found = _fit(text, box, max_size, min_size, line_gap, fonts)
    if found is None:
        return SetText([], [])
    size, lines, (top, bottom) = found
    x, y, width, height = box
    pitch = _pitch(line_gap, fonts)
    first_baseline = y + (height - size * (top - bottom)) / 2 + size * top
    shapes: list[Shape] = []
    layer: list[TextLine] = []
    for index, line in enumerate(lines):
        baseline = first_baseline + size * pitch * index
        line_start = x + (width - size * (line.right - line.left)) / 2 - size * line.left
        if line.placed is None:
            for unit, start in zip(line.units, line.starts, strict=True):
                for piece in unit.pieces:
                    for glyph, gx, gy in piece.glyphs:
                        if glyph.bounds is not None:
                            shapes += _glyph_shapes(
                                glyph, line_start + size * (start + gx), baseline - size * gy, size, colour
                            )
                    start += piece.advance
        else:
            for glyph, gx, gy in line.placed:
                if glyph.bounds is not None:
                    shapes += _glyph_shapes(glyph, line_start + size * gx, baseline - size * gy, size, colour)
        if line.units:
            words = "".join((" " if number and unit.gap else "") + unit.text for number, unit in enumerate(line.units))
            left = line_start + size * line.left
            layer.append(TextLine(words, left, baseline, size * (line.right - line.left), size, line.rtl))
    return SetText(shapes, layer)


def fitted_size(
    text: str,
    box: tuple[float, float, float, float],
    *,
    max_size: float,
    min_size: float,
    line_gap: float = 1.25,
    bold: bool = False,
    chain: FontChain | None = None,
) -> float:
    """The cap height (mm) at which :func:`set_text` would set ``text`` in ``box``.

    Useful to set a whole deck at one size: take the smallest of the cards' fitted sizes and
    pass it as every card's ``max_size``. Raises as :func:`set_text` does; an empty text fits at
    ``max_size``.
    """
    found = _fit(text, box, max_size, min_size, line_gap, _chain(chain, bold))
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


def _chain(chain: FontChain | None, bold: bool) -> FontChain:
    found = chain if chain is not None else default_chain()
    return found.bolder() if bold else found


# --- fitting -----------------------------------------------------------------------------------


def _fit(
    text: str,
    box: tuple[float, float, float, float],
    max_size: float,
    min_size: float,
    line_gap: float,
    chain: FontChain,
) -> tuple[float, list[_Line], tuple[float, float]] | None:
    """The size, lines and vertical ink extent (top, bottom; y up, 1 mm cap height) to set the text at.

    ``None`` for a text with nothing to set.
    """
    _check(box, max_size, min_size, line_gap)
    paragraphs = _paragraphs(text, chain)
    if not any(p.units for p in paragraphs):
        return None
    width, height = box[2], box[3]
    space = _space(chain)
    pitch = _pitch(line_gap, chain)
    # Words whole first, at the largest size that fits; a word broken inside (where Unicode
    # allows it: between a Chinese word's characters) only when some word is too wide even at
    # the smallest size.
    for worst in (INSIDE_PHRASE, INSIDE_WORD):
        for size in _sizes(max_size, min_size):
            lines = _wrap(paragraphs, space, width / size + _EPSILON, worst)
            if lines is None:
                continue
            top, bottom = _block(lines, pitch)
            if size * (top - bottom) <= height + _EPSILON:
                return size, lines, (top, bottom)
    # Say first what no shortening of the rest would mend: a word that cannot fit by itself.
    for found in paragraphs:
        for first, last in _words(found):
            if min_size * _Measure(found, space).width(first, last) > width + _EPSILON:
                raise TextDoesNotFit(
                    _("the word {word} is too wide to fit the card even at {size} mm letters; shorten it").format(
                        word=repr(_text(found.units[first:last])), size=decimal_g(min_size)
                    ),
                    text,
                    min_size,
                )
    raise TextDoesNotFit(
        _("the text is too long to fit the card at {size} mm letters; shorten it").format(size=decimal_g(min_size)),
        text,
        min_size,
    )


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


def _paragraphs(text: str, chain: FontChain) -> list[Paragraph]:
    """The text's lines as written (split at line breaks), each split and shaped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ").strip(" \n")
    return [paragraph(line, chain) for line in text.split("\n")] if text else []


@lru_cache(maxsize=64)
def _space(chain: FontChain) -> float:
    """The width of a space at 1 mm cap height: the card font's."""
    face = chain.primary
    return face.hb_font.get_glyph_h_advance(face.hb_font.get_nominal_glyph(32) or 0) / face.cap_height


def _pitch(line_gap: float, chain: FontChain) -> float:
    """Baseline to baseline at 1 mm cap height: ``line_gap`` ems of the card font."""
    face = chain.primary
    return line_gap * face.units_per_em / face.cap_height


def _wrap(paragraphs: Sequence[Paragraph], space: float, width: float, worst: int) -> list[_Line] | None:
    """Break each paragraph into lines whose ink is at most ``width`` wide (1 mm cap height).

    Each line takes as many units as fit, then ends at the best place to break among those it
    holds (see :func:`_line_end`), using no place ranked worse than ``worst``. ``None`` if a
    stretch that may not be broken is wider than ``width`` by itself. An empty paragraph (a
    blank line in the text) is an empty line. A line with text that reads right to left is
    measured as it is drawn.
    """
    lines: list[_Line] = []
    for found in paragraphs:
        measure = _Measure(found, space)
        count = len(found.units)
        if count == 0:
            lines.append(_line([], [], None, 0.0))
            continue
        start = 0
        while start < count:
            ends = []  # where the line could end: each place it may break while it still fits
            for end in range(start + 1, count + 1):
                rank = found.breaks[end] if end < count else None
                if end < count and (rank is None or rank > worst):
                    continue
                if measure.width(start, end) > width:
                    break
                ends.append(end)
            if not ends:
                return None
            end = _line_end(found, measure, start, ends, width)
            lines.append(measure.line(start, end))
            start = end
    return lines


def _line_end(found: Paragraph, measure: _Measure, start: int, ends: Sequence[int], width: float) -> int:
    """Where a line that starts at unit ``start`` ends, of the places ``ends`` where it may.

    All of the rest if it fits. Else the latest place between words, unless that leaves the line
    less than half full and the rest more than a line: then the latest place between two words
    of a phrase (``日本語 / を勉強``, not ``日本語 / を``) or after a hyphen. Inside a word only where
    no line can end between words (a word too wide by itself). Where the place falls inside a
    bracketed phrase that began on the line, the line ends before the bracket instead when the
    phrase then fits on a line of its own (``to eat / (a meal)``, not ``to eat (a / meal)``).
    """
    count = len(found.units)
    if ends[-1] == count:
        return ends[-1]
    words = [end for end in ends if (found.breaks[end] or 0) <= INSIDE_PHRASE]
    if not words:
        return ends[-1]
    between = [end for end in words if found.breaks[end] == BETWEEN_WORDS]
    end = between[-1] if between else words[-1]
    if measure.width(start, end) < width / 2 and measure.width(end, count) > width:
        end = words[-1]
    moved = True
    while moved:
        moved = False
        for first, last in found.brackets:
            if (
                start < first < end <= last
                and first in words
                and (found.breaks[first] or 0) <= (found.breaks[end] or 0)
                and measure.width(first, last + 1) <= width
            ):
                end, moved = first, True
    return end


def _words(found: Paragraph) -> list[tuple[int, int]]:
    """The stretches of a paragraph (first unit, unit after the last) that no line may break."""
    cuts = [i for i, rank in enumerate(found.breaks) if i == 0 or rank is not None]
    return list(itertools.pairwise([*cuts, len(found.units)]))


def _text(units: Sequence[Unit]) -> str:
    """The units' text as written: with a space where one comes before a unit."""
    return "".join((" " if number and unit.gap else "") + unit.text for number, unit in enumerate(units))


class _Measure:
    """The ink width of a paragraph's units set as one line (1 mm cap height), and the line itself.

    Units that read left to right are measured from where each would start were the paragraph
    one line: a line from unit ``i`` starts at unit ``i``'s pen position (the space before it
    left out). A paragraph with text that reads right to left is laid out in drawing order.
    """

    def __init__(self, found: Paragraph, space: float) -> None:
        self.found = found
        self.space = space
        self.pens: list[float] = []
        pen = 0.0
        for number, unit in enumerate(found.units):
            if number and unit.gap:
                pen += space
            self.pens.append(pen)
            pen += unit.advance

    def width(self, first: int, end: int) -> float:
        """The ink width of units ``first`` to ``end`` (not included) as one line."""
        if self.found.mixed:
            line = _mixed_line(self.found.units[first:end], self.space, self.found.base_level)
            return line.right - line.left
        units = self.found.units
        left = next((self.pens[i] + u.left for i in range(first, end) if (u := units[i]).left is not None), None)
        right = next(
            (self.pens[i] + u.right for i in range(end - 1, first - 1, -1) if (u := units[i]).right is not None), None
        )
        return 0.0 if left is None or right is None else right - left

    def line(self, first: int, end: int) -> _Line:
        units = self.found.units[first:end]
        if self.found.mixed:
            return _mixed_line(units, self.space, self.found.base_level)
        origin = self.pens[first]
        starts = [pen - origin for pen in self.pens[first:end]]
        inked = [i for i, unit in enumerate(units) if unit.left is not None and unit.right is not None]
        if not inked:
            return _line(units, starts, None, 0.0)
        left_unit, right_unit = units[inked[0]], units[inked[-1]]
        assert left_unit.left is not None and right_unit.right is not None
        return _line(units, starts, starts[inked[0]] + left_unit.left, starts[inked[-1]] + right_unit.right)


def _mixed_line(units: Sequence[Unit], space: float, base_level: int) -> _Line:
    placed = tuple(line_glyphs(units, space))
    left, right, top, bottom = ink(placed)
    if left is None or right is None:
        left = right = 0.0
    return _Line(tuple(units), (), left, right, top, bottom, placed, base_level % 2 == 1)


def _line(units: Sequence[Unit], starts: Sequence[float], left: float | None, right: float) -> _Line:
    tops = [u.top for u in units if u.top is not None]
    bottoms = [u.bottom for u in units if u.bottom is not None]
    return _Line(
        tuple(units),
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
    key, outline = _scaled(glyph, scale)
    return [Shape(outline, colour, glyph=key, origin=(x, baseline))] if outline else []


@lru_cache(maxsize=4096)
def _scaled(glyph: Glyph, scale: float) -> tuple[str, tuple[tuple[Point, ...], ...]]:
    """A glyph's outline at one scale, in mm about its origin (y down), with its name.

    Made once per glyph and size: a deck sets the same letters at the same size again and
    again, and each time only the origin differs. Turning y down turns every contour the other
    way, which leaves the non-zero fill as it was.
    """
    contours = glyph.face.outline(glyph.gid, tolerance_exponent(scale))
    key = f"{glyph.face.key}-{glyph.gid}-{scale:.9f}"
    return key, tuple(tuple([(px * scale, -py * scale) for px, py in contour]) for contour in contours)
