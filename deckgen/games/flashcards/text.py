"""Flash-card text: wrapped, sized to fill a box, and drawn as filled letter outlines.

A flash card holds a word, a question or a short answer, which should be as large as the card
allows so that it can be read across a table, yet never smaller than a set size. So
:func:`set_text` tries sizes from ``max_size`` down in steps of 0.1 mm, wraps the text at
spaces at each, and sets it at the first (largest) size at which it fits the box; if even
``min_size`` does not fit, it raises :class:`TextDoesNotFit`, whose message tells the card's
author what to shorten.

Sizes are **cap heights** in millimetres: the height of a capital such as H. Cap height, rather
than the font size (the em), is what a reader sees and what legibility guidelines measure, and it
lets every font of the chain (Greek from Noto Sans, Arabic, Hindi, Chinese from theirs) be scaled
to the same capital height as the card font's (Atkinson Hyperlegible), whose ems are
proportioned differently. Lines are ``line_gap`` ems of the card font apart, baseline to baseline.

Text is split, ordered and shaped by :mod:`deckgen.games.flashcards.shaping`: it breaks at
spaces and inside CJK text, reads right to left where the Unicode bidirectional algorithm says
so, and its letters are the glyphs HarfBuzz chose.

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

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

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
    in mm (see the module's notes). Text breaks at spaces, inside CJK text and at ``"\\n"``,
    never inside a word; a tab counts as a space; spaces and line breaks at either end are
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
    for size in _sizes(max_size, min_size):
        lines = _wrap(paragraphs, space, width / size + _EPSILON)
        if lines is None:
            continue
        top, bottom = _block(lines, pitch)
        if size * (top - bottom) <= height + _EPSILON:
            return size, lines, (top, bottom)
    # Say first what no shortening of the rest would mend: a word that cannot fit by itself.
    for found in paragraphs:
        for unit in found.units:
            if min_size * unit.ink_width > width + _EPSILON:
                raise TextDoesNotFit(
                    _("the word {word} is too wide to fit the card even at {size} mm letters; shorten it").format(
                        word=repr(unit.text), size=decimal_g(min_size)
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


def _wrap(paragraphs: Sequence[Paragraph], space: float, width: float) -> list[_Line] | None:
    """Break each paragraph into lines whose ink is at most ``width`` wide (1 mm cap height).

    Greedy: each line takes as many units as fit, which gives the fewest lines. ``None`` if a
    unit is wider than ``width`` by itself. An empty paragraph (a blank line in the text) is an
    empty line. A line with text that reads right to left is measured as it is drawn.
    """
    lines: list[_Line] = []
    for found in paragraphs:
        if found.mixed:
            mixed = _wrap_mixed(found, space, width)
            if mixed is None:
                return None
            lines += mixed
            continue
        current: list[Unit] = []
        starts: list[float] = []
        pen = 0.0
        left: float | None = None
        right = 0.0
        for unit in found.units:
            step = space if current and unit.gap else 0.0
            if unit.left is None or unit.right is None:
                # A unit without ink (no-break spaces alone) only moves the pen.
                pen += step
                current.append(unit)
                starts.append(pen)
                pen += unit.advance
                continue
            if unit.right - unit.left > width:
                return None
            if left is not None and pen + step + unit.right - left > width:
                lines.append(_line(current, starts, left, right))
                current, starts, pen, left, step = [], [], 0.0, None, 0.0
            pen += step
            current.append(unit)
            starts.append(pen)
            if left is None:
                left = pen + unit.left
            right = pen + unit.right
            pen += unit.advance
        lines.append(_line(current, starts, left, right))
    return lines


def _wrap_mixed(found: Paragraph, space: float, width: float) -> list[_Line] | None:
    """:func:`_wrap` for a paragraph with right-to-left text: each line laid out in drawing order to be measured."""
    lines: list[_Line] = []
    current: list[Unit] = []
    laid: _Line | None = None
    for unit in found.units:
        if unit.ink_width > width:
            return None
        trial = _mixed_line([*current, unit], space, found.base_level)
        if current and trial.right - trial.left > width and laid is not None:
            lines.append(laid)
            current = [unit]
            laid = _mixed_line(current, space, found.base_level)
        else:
            current.append(unit)
            laid = trial
    lines.append(laid if laid is not None else _line([], [], None, 0.0))
    return lines


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
