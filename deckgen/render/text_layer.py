"""The invisible text over drawn letters, so a PDF's words can be found, copied and read aloud.

Card text is drawn as outlines (the same letters in every backend, no font needed to print), so
a PDF of outlines alone holds no text: a viewer finds nothing and a screen reader reads nothing.
Each face's :class:`~deckgen.layout.faces.TextLine` s are therefore written as text in render
mode 3 (neither filled nor stroked), stretched over the line's ink.

The text needs a font that maps every character, and only that: each PDF gets a small TrueType
font of empty glyphs made with fontTools for exactly the characters it carries (a combining mark
takes no width, as in a real font, so text extractors put it on its letter), which reportlab
embeds as a subset with its ``ToUnicode`` map. Right-to-left lines are written in the order they
are seen, as a PDF's text is, numbers in the order they are read, so that extractors give every
line back in reading order (see :func:`seen_order`).
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable
from functools import cache
from io import BytesIO

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from deckgen.bidi_text import RIGHT_TO_LEFT_CLASSES, bidi_levels, visual_order
from deckgen.layout.faces import TextLine
from deckgen.units import mm_to_pt

#: Every glyph of the layer font but the marks is this wide (of 1000 units to the em).
_ADVANCE = 500
#: The layer's em is this many cap heights, about what the card fonts' are.
_EM_PER_CAP = 1.45


def layer_font(lines: Iterable[TextLine]) -> str | None:
    """Register the layer font for these lines' characters with reportlab and return its name
    (``None`` when there is no text)."""
    chars = frozenset(c for line in lines for c in _layer_text(line.text))
    if not chars:
        return None
    return _register(chars)


@cache
def _register(chars: frozenset[str]) -> str:
    # reportlab keeps fonts by their PostScript name too: each character set gets its own.
    ordered = tuple(sorted(chars | {" "}))
    name = "DeckgenText" + hashlib.sha256("".join(ordered).encode("utf-8")).hexdigest()[:12]
    pdfmetrics.registerFont(TTFont(name, BytesIO(_font_bytes(ordered, name))))
    return name


def _font_bytes(chars: tuple[str, ...], name: str) -> bytes:
    names = [".notdef"] + [f"u{ord(c):04X}" for c in chars]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(c): f"u{ord(c):04X}" for c in chars})
    empty = TTGlyphPen(None).glyph()
    builder.setupGlyf({name: empty for name in names})
    widths = {".notdef": (_ADVANCE, 0)} | {f"u{ord(c):04X}": (_width(c), 0) for c in chars}
    builder.setupHorizontalMetrics(widths)
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": name, "styleName": "Regular", "psName": name})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.updateHead(created=0, modified=0)
    out = BytesIO()
    builder.save(out)
    return out.getvalue()


def _width(char: str) -> int:
    return 0 if unicodedata.category(char) in ("Mn", "Me") else _ADVANCE


def _layer_text(text: str) -> str:
    """The characters the layer carries: printable ones of the Basic Multilingual Plane. reportlab
    writes the map back to Unicode wrong for characters past U+FFFF (rare Chinese characters,
    maths letters), and text that reads back wrong is worse than none: those are left out."""
    return "".join(c for c in text if (c.isprintable() or c == " ") and ord(c) <= 0xFFFF)


def seen_order(line: TextLine) -> str:
    """The line's characters in the order they are written into the PDF, left to right, so that
    text extractors give back the line as it is read (``line.text``).

    A PDF's text is written as it is seen, and extractors (poppler's ``pdftotext``, ``pypdf``)
    turn runs of Hebrew and Arabic letters back to reading order. Numbers they take as written,
    always left to right: so a number, or a sum of numbers and signs with no letter inside
    (``٣ + ٤ = ٧``), is written in reading order as one piece, even where the Unicode
    bidirectional algorithm draws it right to left (Arabic-Indic digits with signs between them
    are drawn so, ``٧ = ٤ + ٣`` from the left). Everything else is in the order the algorithm
    draws it (rule L2), brackets unmirrored, as extractors expect.
    """
    text = _layer_text(line.text)
    if not line.rtl and not any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT_CLASSES for c in text):
        return text
    _, levels = bidi_levels(text, 1 if line.rtl else 0)
    for first, end in _numbers(text):
        highest = max(levels[first:end])
        levels[first:end] = [highest + highest % 2] * (end - first)
    return "".join(visual_order(list(text), levels))


#: Bidirectional classes of the characters a sum of numbers may hold besides its digits: signs,
#: separators, spaces and marks (no letters).
_BETWEEN_NUMBERS = frozenset({"EN", "AN", "ES", "ET", "CS", "WS", "ON", "NSM", "BN"})


def _numbers(text: str) -> list[tuple[int, int]]:
    """The numbers of a line, and sums of them with no letter inside, as (first, end) indices:
    each from a digit to a digit."""
    found: list[tuple[int, int]] = []
    first = last = -1
    for place, char in enumerate(text):
        kind = unicodedata.bidirectional(char)
        if kind in ("EN", "AN"):
            if first < 0:
                first = place
            last = place
        elif kind not in _BETWEEN_NUMBERS and first >= 0:
            found.append((first, last + 1))
            first = -1
    if first >= 0:
        found.append((first, last + 1))
    return found


def draw_text_layer(canvas: Canvas, lines: Iterable[TextLine], height: float, font: str) -> None:
    """Write the lines as invisible text, each stretched over its ink, in a frame ``height`` mm tall."""
    k = mm_to_pt(1.0)
    for line in lines:
        text = seen_order(line)
        size = line.size * _EM_PER_CAP * k
        natural = sum(_width(c) for c in text) / 1000 * size
        if natural <= 0 or line.width <= 0:
            continue
        words = canvas.beginText(line.x * k, (height - line.baseline) * k)
        words.setTextRenderMode(3)
        words.setFont(font, size)
        words.setHorizScale(100 * line.width * k / natural)
        words.textOut(text)
        canvas.drawText(words)
