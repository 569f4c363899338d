"""Letter outlines as polygons: a glyph's curves flattened within a tolerance.

Each contour keeps the way the font turns it: a glyph is filled by the non-zero rule, as fonts
mean (see :class:`deckgen.layout.primitives.Shape`), so contours that overlap (Å's ring, Ç's
cedilla, χ's strokes, the parts of many CJK, Devanagari and Hebrew letters in a variable font)
stay ink where they overlap. Points are font units, y up.
"""

from __future__ import annotations

import math
from typing import Any

from fontTools.pens.basePen import BasePen

Point = tuple[float, float]
Contour = tuple[Point, ...]


# --- outlines -------------------------------------------------------------------------------------


class FlatteningPen(BasePen):
    """Collects a glyph's contours as polygons, curves replaced by chords within ``tolerance``.

    Each curve is cut into ``n`` equal steps of its parameter, the fewest for which the chord
    error bound (h²/8 · max |B''|, with h = 1/n) is within the tolerance.
    """

    def __init__(self, tolerance: float, glyph_set: Any = None) -> None:
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
