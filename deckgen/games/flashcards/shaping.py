"""Text made into glyphs: split where a line may break, ordered by direction, shaped by HarfBuzz.

A paragraph (a line of a card as written) becomes :class:`Unit` s, the stretches between two
places a line may break, as Unicode's line-breaking rules place them with ICU's dictionaries
(:mod:`deckgen.games.flashcards.breaks`): after a space, between the words of Thai, Chinese and
Japanese text (which has no spaces), after a hyphen, and between any two Chinese or Japanese
characters or Korean syllables. The paragraph keeps how good a place each is, so that wrapping
can break between words where it can, and inside a word only where a word is wider than the card.

Each unit is cut where its reading direction changes, by the Unicode bidirectional algorithm
(``python-bidi``): a :class:`Piece` reads one way, left to right or right to left. Each piece is
shaped with HarfBuzz, font run by font run (see :class:`~deckgen.games.flashcards.fonts.FontChain`),
so Arabic letters join, Devanagari vowel signs and conjuncts are formed and kerning applies.
When a line is drawn, :func:`line_glyphs` orders its pieces for the eye (rule L2 of the
algorithm), so Hebrew and Arabic read right to left, numbers and Latin words inside them left
to right.

Measures are at a cap height of 1 mm (every one scales with the size), y up.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from deckgen.bidi_text import bidi_levels, visual_order
from deckgen.games.flashcards.breaks import break_ranks
from deckgen.games.flashcards.fonts import FontChain, FontFace, Glyph, MissingGlyph, control_character, in_no_font


@dataclass(frozen=True)
class Piece:
    """A stretch of text that reads one way: its glyphs left to right as drawn, each with its
    origin (x from the piece's start, y up), and the piece's width."""

    glyphs: tuple[tuple[Glyph, float, float], ...]
    advance: float
    #: The bidi embedding level: even reads left to right, odd right to left.
    level: int


@dataclass(frozen=True)
class Unit:
    """Text between two places a line may break, as pieces in reading order.

    ``gap``: a space comes before it (``False`` for a unit joined to the one before, as two
    Chinese characters are); ``gap_level`` is that space's bidi level. ``left``, ``right``,
    ``top`` and ``bottom`` are its ink laid out alone (``None`` for a unit without ink).
    """

    text: str
    pieces: tuple[Piece, ...]
    advance: float
    gap: bool
    gap_level: int
    left: float | None
    right: float | None
    top: float | None
    bottom: float | None

    @property
    def ink_width(self) -> float:
        return 0.0 if self.left is None or self.right is None else self.right - self.left


@dataclass(frozen=True)
class Paragraph:
    """A line as written: its units, and its base level (1: it reads right to left)."""

    units: tuple[Unit, ...]
    base_level: int
    #: Whether any piece reads right to left (else the units' order is the drawing order).
    mixed: bool
    #: For each unit, how good a place its start is to break a line (a rank of
    #: :mod:`~deckgen.games.flashcards.breaks`, lower is better), or ``None`` where a line may
    #: not break (the first unit; a unit a no-break rule ties to the one before, such as ``!``).
    breaks: tuple[int | None, ...] = ()
    #: The text in brackets, as (first unit, last unit) pairs: the unit that opens a bracket
    #: and the unit that closes it. Wrapping keeps such a phrase on one line where it can.
    brackets: tuple[tuple[int, int], ...] = ()


def paragraph(text: str, chain: FontChain) -> Paragraph:
    """Split and shape one line of text (no line breaks in it). Raises :class:`MissingGlyph`."""
    return _paragraph(text, chain)


@lru_cache(maxsize=8192)
def _paragraph(text: str, chain: FontChain) -> Paragraph:
    base, levels = bidi_levels(text)
    ranks = break_ranks(text, chain.language)
    units: list[Unit] = []
    breaks: list[int | None] = []
    starts: list[int] = []
    position = 0
    for chunk in text.split(" "):
        end = position + len(chunk)
        if chunk:
            gap_level = levels[position - 1] if position > 0 else base
            cuts = [position] + [i for i in range(position + 1, end) if i in ranks] + [end]
            for number, (a, b) in enumerate(itertools.pairwise(cuts)):
                breaks.append(ranks.get(a) if units else None)
                starts.append(a)
                units.append(_unit(text[a:b], tuple(levels[a:b]), chain, bool(units) and number == 0, gap_level))
        position = end + 1
    mixed = any(piece.level % 2 for unit in units for piece in unit.pieces) or base % 2 == 1
    return Paragraph(tuple(units), base, mixed, tuple(breaks), _brackets(text, starts))


def _brackets(text: str, starts: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The bracketed phrases of a paragraph as (first unit, last unit): from the unit holding an
    opening bracket (``(``, ``[``, ``「`` …) to the unit holding the bracket that closes it."""
    unit_at = [0] * len(text)
    for number, (a, b) in enumerate(itertools.pairwise([*starts, len(text)])):
        unit_at[a:b] = [number] * (b - a)
    found: list[tuple[int, int]] = []
    opened: list[int] = []
    for place, char in enumerate(text):
        kind = unicodedata.category(char)
        if kind == "Ps":
            opened.append(place)
        elif kind == "Pe" and opened:
            first, last = unit_at[opened.pop()], unit_at[place]
            if last > first:
                found.append((first, last))
    return tuple(sorted(found))


@lru_cache(maxsize=16384)
def _unit(text: str, levels: tuple[int, ...], chain: FontChain, gap: bool, gap_level: int) -> Unit:
    pieces: list[Piece] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or levels[i] != levels[start]:
            pieces.append(_piece(text[start:i], levels[start], chain))
            start = i
    advance = sum(p.advance for p in pieces)
    placed = place(visual_order(pieces, [p.level for p in pieces]))
    left, right, top, bottom = ink(placed)
    return Unit(text, tuple(pieces), advance, gap, gap_level, left, right, top, bottom)


@lru_cache(maxsize=16384)
def _piece(text: str, level: int, chain: FontChain) -> Piece:
    """Shape a stretch that reads one way, font run by font run, and place its glyphs."""
    rtl = level % 2 == 1
    runs = _font_runs(text, chain)
    glyphs: list[tuple[Glyph, float, float]] = []
    pen = 0.0
    for face, run in reversed(runs) if rtl else runs:
        scale = 1.0 / face.cap_height
        for shaped in face.shape(run, rtl, chain.language):
            glyphs.append((shaped.glyph, pen + shaped.dx * scale, shaped.dy * scale))
            pen += shaped.advance * scale
    return Piece(tuple(glyphs), pen, level)


def _font_runs(text: str, chain: FontChain) -> list[tuple[FontFace, str]]:
    """Cut text into runs that one face draws: each character's first face in the chain, but
    marks, joiners and variation selectors stay with the character before when its face has them
    (a base letter and its accents must be shaped together)."""
    runs: list[tuple[FontFace, list[str]]] = []
    for char in text:
        joins = unicodedata.category(char) in ("Mn", "Mc", "Me", "Cf") or 0xFE00 <= ord(char) <= 0xFE0F
        if runs and joins and (runs[-1][0].has(char) or unicodedata.category(char) == "Cf"):
            runs[-1][1].append(char)
            continue
        face = chain.face_for(char)
        if face is None:
            if unicodedata.category(char) == "Cc":
                raise MissingGlyph(control_character(char))
            if unicodedata.category(char) == "Cf":
                if runs:
                    runs[-1][1].append(char)
                continue
            raise MissingGlyph(in_no_font(char))
        if runs and runs[-1][0] is face:
            runs[-1][1].append(char)
        else:
            runs.append((face, [char]))
    return [(face, "".join(chars)) for face, chars in runs]


def place(pieces: Sequence[object], space: float = 0.0) -> list[tuple[Glyph, float, float]]:
    """Glyphs with their origins, the pieces (or gaps, given as floats: ``space`` × it) set side by side."""
    placed: list[tuple[Glyph, float, float]] = []
    pen = 0.0
    for item in pieces:
        if isinstance(item, Piece):
            placed += [(glyph, pen + x, y) for glyph, x, y in item.glyphs]
            pen += item.advance
        else:
            pen += space
    return placed


def line_glyphs(units: Sequence[Unit], space: float) -> list[tuple[Glyph, float, float]]:
    """A line's glyphs in drawing order with their origins (x from the line's start), its
    units ``space`` apart where a space comes between them."""
    items: list[object] = []
    levels: list[int] = []
    for number, unit in enumerate(units):
        if number and unit.gap:
            items.append(1.0)
            levels.append(unit.gap_level)
        for piece in unit.pieces:
            items.append(piece)
            levels.append(piece.level)
    return place(visual_order(items, levels), space)


def ink(placed: Sequence[tuple[Glyph, float, float]]) -> tuple[float | None, float | None, float | None, float | None]:
    """The ink's left, right, top and bottom (y up) of placed glyphs; ``None`` for no ink."""
    left = right = top = bottom = None
    for glyph, x, y in placed:
        if glyph.bounds is None:
            continue
        cap = glyph.face.cap_height
        x_min, y_min, x_max, y_max = (v / cap for v in glyph.bounds)
        left = x + x_min if left is None else min(left, x + x_min)
        right = x + x_max if right is None else max(right, x + x_max)
        top = y + y_max if top is None else max(top, y + y_max)
        bottom = y + y_min if bottom is None else min(bottom, y + y_min)
    return left, right, top, bottom
