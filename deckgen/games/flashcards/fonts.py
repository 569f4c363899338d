"""The flash-card fonts, read with fontTools and turned into flat outlines.

Flash-card text is drawn from the fonts' own outlines (see :class:`deckgen.layout.primitives.Shape`),
never as PDF or SVG text, so every backend draws the same letters and no font has to be embedded
or installed. This module finds each character's glyph, its advance and its outline as polygons.

The card font is Atkinson Hyperlegible (the Braille Institute's face, drawn so that letters that
are easily confused, such as I l 1 and O 0, look different). It has Latin, the math signs
× ÷ √ ≤ ≥ − ± but no Greek, so characters it lacks come from Noto Sans. Noto Sans ships only as
a variable font; its default instance is Regular (wght 400, wdth 100), which is what the glyf
table holds, and Bold is read at wght 700 through the variations.

All outlines here are in font units, y up, as in the font: :mod:`deckgen.games.flashcards.text`
scales them to millimetres. Everything is cached, so a deck that repeats letters pays for each
glyph once.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

# The largest distance, in mm, between a curve in the font and the polygon that stands for it:
# one flatness for every curve deckgen draws.
from deckgen.glyphs import FLATNESS_MM

#: Flattening tolerances are powers of two font units between these exponents (see :func:`tolerance_exponent`).
_MIN_EXPONENT = -6
_MAX_EXPONENT = 6

#: The tolerance, in font units, of the rough outline that decides which contours cross (see :meth:`FontFace.groups`).
_ROUGH_TOLERANCE = 1.0

Point = tuple[float, float]
Contour = tuple[Point, ...]
#: Contours to fill together by the even-odd rule: a glyph is one such group, or several if its contours cross.
Group = tuple[Contour, ...]


class MissingGlyph(ValueError):
    """A character that neither the card font nor its fallback can draw."""


def _primary_path(bold: bool) -> Path:
    """Atkinson Hyperlegible's Regular or Bold file, from the ``fontpkg-atkinson-hyperlegible`` package."""
    from fontpkg_atkinson_hyperlegible import ROOT

    return ROOT / "files" / ("AtkinsonHyperlegible-Bold.ttf" if bold else "AtkinsonHyperlegible-Regular.ttf")


def _fallback_path() -> Path:
    """Noto Sans's variable file (upright), from the ``fontpkg-noto-sans`` package."""
    from fontpkg_noto_sans import ROOT

    return ROOT / "files" / "NotoSans[wdth,wght].ttf"


@dataclass(frozen=True, eq=False)
class Glyph:
    """One character's glyph: which face draws it and how far it moves the pen (font units).

    Each face makes one ``Glyph`` per glyph and keeps it, so glyphs compare by identity.
    """

    face: FontFace
    name: str
    advance: float
    #: The ink's (x_min, y_min, x_max, y_max) in font units, y up; ``None`` for a glyph with no ink (a space).
    bounds: tuple[float, float, float, float] | None


class FontFace:
    """One font file at one weight, with its glyphs' advances, bounds, kerning and outlines cached.

    ``location`` picks an instance of a variable font (``{"wght": 700}``); ``None`` reads the
    default outlines, which for Noto Sans are Regular.
    """

    def __init__(self, key: str, path: Path, location: dict[str, float] | None = None) -> None:
        self.key = key
        self.path = path
        # Read from memory, not from an open file: a file left open for lazy reading would be
        # shared, offset and all, by the worker processes that a build forks.
        self.font = TTFont(BytesIO(path.read_bytes()), lazy=True)
        self.glyph_set = self.font.getGlyphSet(location=location)
        self.cmap: dict[int, str] = self.font.getBestCmap()
        self.units_per_em: int = self.font["head"].unitsPerEm
        self.cap_height: float = self._cap_height()
        self._glyphs: dict[str, Glyph] = {}
        self._groups: dict[str, tuple[tuple[int, ...], ...]] = {}
        self._outlines: dict[tuple[str, int], tuple[Group, ...]] = {}
        self._kerning: _Kerning | None = None

    def __repr__(self) -> str:
        return f"FontFace({self.key!r})"

    def _cap_height(self) -> float:
        """The height of a capital, from OS/2, or else measured on 'H' (old fonts lack the field)."""
        cap = getattr(self.font["OS/2"], "sCapHeight", 0)
        if cap > 0:
            return float(cap)
        name = self.cmap.get(ord("H"))
        bounds = self._bounds(name) if name else None
        if bounds is None:
            return 0.7 * self.units_per_em
        return float(bounds[3])

    def _bounds(self, name: str) -> tuple[float, float, float, float] | None:
        pen = BoundsPen(self.glyph_set)
        self.glyph_set[name].draw(pen)
        return pen.bounds

    def glyph(self, char: str) -> Glyph | None:
        """The glyph this face draws ``char`` with, or ``None`` if the face has no glyph for it."""
        name = self.cmap.get(ord(char))
        if name is None:
            return None
        found = self._glyphs.get(name)
        if found is None:
            found = Glyph(self, name, float(self.glyph_set[name].width), self._bounds(name))
            self._glyphs[name] = found
        return found

    def kerning(self, left: str, right: str) -> float:
        """The pair kerning between two glyphs (by name), in font units: negative pulls them together."""
        if self._kerning is None:
            self._kerning = _Kerning(self.font)
        return self._kerning.value(left, right)

    def groups(self, name: str) -> tuple[tuple[int, ...], ...]:
        """Which of a glyph's contours (by index) can be filled together by the even-odd rule.

        Fonts fill by the non-zero rule, so a glyph may overlap its own contours: in Atkinson
        Hyperlegible the ring of Å and the cedilla of Ç and ç touch the letter; in Noto Sans the
        strokes of χ cross. Filled even-odd, as :class:`~deckgen.layout.primitives.Shape` is, such
        an overlap would print as a hole. So each filled contour, with the holes inside it, is a
        group, and groups whose contours cross are drawn as separate shapes; a glyph with no
        crossing contours (nearly all of them) is one group. This is decided once per glyph on a
        rough outline.
        """
        found = self._groups.get(name)
        if found is None:
            found = _even_odd_groups(_flatten(self.glyph_set, name, _ROUGH_TOLERANCE))
            self._groups[name] = found
        return found

    def outline(self, name: str, exponent: int) -> tuple[Group, ...]:
        """A glyph's contours as polygons in font units, flattened to within ``2 ** exponent`` units.

        The result is one group of contours per shape to draw (see :meth:`groups`); a glyph
        without ink has none.
        """
        key = (name, exponent)
        found = self._outlines.get(key)
        if found is None:
            contours = _flatten(self.glyph_set, name, 2.0**exponent)
            found = tuple(tuple(contours[i] for i in group) for group in self.groups(name))
            self._outlines[key] = found
        return found


def tolerance_exponent(mm_per_unit: float) -> int:
    """The flattening tolerance, as a power of two font units, that keeps the error within :data:`FLATNESS_MM`.

    Rounding down to a power of two means that sizes close together share their cached outlines
    while the error stays between half of :data:`FLATNESS_MM` and all of it.
    """
    exponent = math.floor(math.log2(FLATNESS_MM / mm_per_unit))
    return max(_MIN_EXPONENT, min(_MAX_EXPONENT, exponent))


def primary_face(bold: bool = False) -> FontFace:
    """Atkinson Hyperlegible, Regular or Bold, loaded on first use."""
    return _face("atkinson-bold" if bold else "atkinson-regular")


def fallback_face(bold: bool = False) -> FontFace:
    """Noto Sans, Regular (the variable font's default) or Bold (wght 700), loaded on first use."""
    return _face("noto-bold" if bold else "noto-regular")


# The caches below take their arguments in one form only: functools.cache keys ``f()`` and
# ``f(False)`` apart, and would load a font twice.


@cache
def _face(key: str) -> FontFace:
    if key.startswith("atkinson"):
        return FontFace(key, _primary_path(key == "atkinson-bold"))
    return FontFace(key, _fallback_path(), {"wght": 700.0} if key == "noto-bold" else None)


def glyph_for(char: str, bold: bool = False) -> Glyph:
    """The glyph for ``char``: the card font's, or the fallback's if the card font lacks it.

    Raises :class:`MissingGlyph` naming the character if neither font has it, so that the person
    writing the cards learns which character to change.
    """
    return _glyph_for(char, bool(bold))


@cache
def _glyph_for(char: str, bold: bool) -> Glyph:
    if len(char) != 1:
        raise ValueError(f"glyph_for takes one character, not {char!r}")
    if unicodedata.category(char) == "Cc":
        raise MissingGlyph(f"{char!r} (U+{ord(char):04X}) is a control character, which a card cannot show")
    for face in (primary_face(bold), fallback_face(bold)):
        found = face.glyph(char)
        if found is not None:
            return found
    raise MissingGlyph(f"{char!r} (U+{ord(char):04X}) is not in the card font")


def kerning(left: Glyph, right: Glyph) -> float:
    """Pair kerning in font units between two glyphs of the same face; zero across faces."""
    if left.face is not right.face:
        return 0.0
    return left.face.kerning(left.name, right.name)


# --- outlines -------------------------------------------------------------------------------------


class _FlatteningPen(BasePen):
    """Collects a glyph's contours as polygons, curves replaced by chords within ``tolerance``.

    Each curve is cut into ``n`` equal steps of its parameter, the fewest for which the chord
    error bound (h²/8 · max |B''|, with h = 1/n) is within the tolerance.
    """

    def __init__(self, glyph_set: Any, tolerance: float) -> None:
        super().__init__(glyph_set)
        self.tolerance = tolerance
        self.contours: list[Contour] = []
        self._points: list[Point] = []

    def _moveTo(self, pt: Point) -> None:
        self._points = [(float(pt[0]), float(pt[1]))]

    def _lineTo(self, pt: Point) -> None:
        self._add((float(pt[0]), float(pt[1])))

    def _qCurveToOne(self, pt1: Point, pt2: Point) -> None:
        (x0, y0), (x1, y1), (x2, y2) = self._points[-1], pt1, pt2
        # B'' = 2 (P0 − 2 P1 + P2), so the error is |P0 − 2 P1 + P2| / (4 n²).
        bend = math.hypot(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2)
        steps = max(1, math.ceil(math.sqrt(bend / (4 * self.tolerance))))
        for i in range(1, steps):
            t = i / steps
            u = 1 - t
            a, b, c = u * u, 2 * u * t, t * t
            self._add((a * x0 + b * x1 + c * x2, a * y0 + b * y1 + c * y2))
        self._add((float(x2), float(y2)))

    def _curveToOne(self, pt1: Point, pt2: Point, pt3: Point) -> None:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = self._points[-1], pt1, pt2, pt3
        # |B''| ≤ 6 max(|P0 − 2 P1 + P2|, |P1 − 2 P2 + P3|), so the error is at most 3 that / (4 n²).
        bend = max(math.hypot(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2), math.hypot(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3))
        steps = max(1, math.ceil(math.sqrt(3 * bend / (4 * self.tolerance))))
        for i in range(1, steps):
            t = i / steps
            u = 1 - t
            a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
            self._add((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
        self._add((float(x3), float(y3)))

    def _add(self, pt: Point) -> None:
        if pt != self._points[-1]:
            self._points.append(pt)

    def _closePath(self) -> None:
        points = self._points
        if len(points) > 1 and points[-1] == points[0]:
            points.pop()
        if len(points) >= 3:
            self.contours.append(tuple(points))
        self._points = []

    # A glyph's contours are all closed; one left open is closed all the same, as a filled shape must be.
    _endPath = _closePath


def _flatten(glyph_set: Any, name: str, tolerance: float) -> tuple[Contour, ...]:
    pen = _FlatteningPen(glyph_set, tolerance)
    glyph_set[name].draw(pen)
    return tuple(pen.contours)


def _signed_area(contour: Contour) -> float:
    total = 0.0
    x0, y0 = contour[-1]
    for x1, y1 in contour:
        total += x0 * y1 - x1 * y0
        x0, y0 = x1, y1
    return total / 2


def _box(contour: Contour) -> tuple[float, float, float, float]:
    xs = [p[0] for p in contour]
    ys = [p[1] for p in contour]
    return min(xs), min(ys), max(xs), max(ys)


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _inside(point: Point, contour: Contour) -> bool:
    """Whether ``point`` is inside ``contour`` (ray casting)."""
    x, y = point
    result = False
    x0, y0 = contour[-1]
    for x1, y1 in contour:
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            result = not result
        x0, y0 = x1, y1
    return result


def _cross(a: Contour, b: Contour) -> bool:
    """Whether two contours' edges cross (touching without crossing does not count)."""
    box_a, box_b = _box(a), _box(b)
    if not _boxes_meet(box_a, box_b):
        return False
    both = (max(box_a[0], box_b[0]), max(box_a[1], box_b[1]), min(box_a[2], box_b[2]), min(box_a[3], box_b[3]))

    def edges(contour: Contour) -> list[tuple[Point, Point]]:
        pairs = zip(contour, contour[1:] + contour[:1], strict=True)
        return [(p, q) for p, q in pairs if _boxes_meet(both, _box((p, q)))]

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    edges_b = edges(b)
    for p, q in edges(a):
        for r, s in edges_b:
            if side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0:
                return True
    return False


def _even_odd_groups(contours: tuple[Contour, ...]) -> tuple[tuple[int, ...], ...]:
    """Split a glyph's contours into groups that fill the same by the even-odd rule as by the non-zero rule.

    See :meth:`FontFace.groups`. Contours that cross nothing stay in the first group whatever
    their nesting, since even-odd and non-zero agree on nested contours that do not cross.
    """
    count = len(contours)
    if count == 0:
        return ()
    crossing = {(i, j) for i in range(count) for j in range(i + 1, count) if _cross(contours[i], contours[j])}
    if not crossing:
        return (tuple(range(count)),)
    # Filled contours turn the same way as the largest one; holes turn the other way.
    areas = [_signed_area(c) for c in contours]
    largest = max(range(count), key=lambda i: abs(areas[i]))
    filled = [i for i in range(count) if areas[i] * areas[largest] > 0]
    owner = {i: i for i in filled}
    for hole in (i for i in range(count) if i not in owner):
        # A hole belongs to the smallest filled contour around all of it.
        around = [i for i in filled if all(_inside(p, contours[i]) for p in contours[hole])]
        owner[hole] = min(around, key=lambda i: abs(areas[i])) if around else hole
    members: dict[int, list[int]] = {}
    for i in range(count):
        members.setdefault(owner[i], []).append(i)
    # Greedy colouring: a group joins the first bin that it does not cross.
    bins: list[list[int]] = []
    for group in members.values():
        for contents in bins:
            if not any((min(i, j), max(i, j)) in crossing for i in group for j in contents):
                contents.extend(group)
                break
        else:
            bins.append(list(group))
    return tuple(tuple(sorted(contents)) for contents in bins)


# --- kerning --------------------------------------------------------------------------------------


class _Kerning:
    """Pair kerning (horizontal advance adjustments) from the GPOS ``kern`` feature.

    Only pair-adjustment lookups (type 2, formats 1 and 2, directly or through extension
    lookups) are read; as in a shaper, the first subtable that covers a pair decides it.
    Fonts without GPOS kerning kern nothing.
    """

    def __init__(self, font: TTFont) -> None:
        self._subtables: list[tuple[dict[str, int], Any]] = []
        self._cache: dict[tuple[str, str], float] = {}
        if "GPOS" not in font:
            return
        table = font["GPOS"].table
        if table.FeatureList is None or table.LookupList is None:
            return
        indices: list[int] = []
        for record in table.FeatureList.FeatureRecord:
            if record.FeatureTag == "kern":
                indices += [i for i in record.Feature.LookupListIndex if i not in indices]
        for index in sorted(indices):
            lookup = table.LookupList.Lookup[index]
            for subtable in lookup.SubTable:
                if lookup.LookupType == 9:
                    if subtable.ExtensionLookupType != 2:
                        continue
                    subtable = subtable.ExtSubTable
                elif lookup.LookupType != 2:
                    continue
                coverage = {name: i for i, name in enumerate(subtable.Coverage.glyphs)}
                self._subtables.append((coverage, subtable))

    def value(self, left: str, right: str) -> float:
        key = (left, right)
        found = self._cache.get(key)
        if found is None:
            found = self._find(left, right)
            self._cache[key] = found
        return found

    def _find(self, left: str, right: str) -> float:
        for coverage, subtable in self._subtables:
            index = coverage.get(left)
            if index is None:
                continue
            if subtable.Format == 1:
                for record in subtable.PairSet[index].PairValueRecord:
                    if record.SecondGlyph == right:
                        return _x_advance(record.Value1)
            elif subtable.Format == 2:
                class1 = subtable.ClassDef1.classDefs.get(left, 0)
                class2 = subtable.ClassDef2.classDefs.get(right, 0)
                if class2 < len(subtable.Class1Record[class1].Class2Record):
                    return _x_advance(subtable.Class1Record[class1].Class2Record[class2].Value1)
        return 0.0


def _x_advance(value: Any) -> float:
    return float(getattr(value, "XAdvance", 0) or 0) if value is not None else 0.0
