"""Letter outlines as polygons: a glyph's curves flattened within a tolerance, its contours grouped
so that the even-odd fill rule draws what the font's non-zero rule means.

Every backend fills outlines by the even-odd rule (see :class:`deckgen.layout.primitives.Shape`),
so a glyph whose contours cross (Å's ring, Ç's cedilla, χ's strokes, many CJK and Devanagari
glyphs) is split into groups that do not cross. Points are font units, y up.
"""

from __future__ import annotations

import math
from typing import Any

from fontTools.pens.basePen import BasePen

Point = tuple[float, float]
Contour = tuple[Point, ...]
#: Contours to fill together by the even-odd rule: a glyph is one such group, or several if its contours cross.
Group = tuple[Contour, ...]


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


def even_odd_groups(contours: tuple[Contour, ...]) -> tuple[tuple[int, ...], ...]:
    """Split a glyph's contours into groups that fill the same by the even-odd rule as by the non-zero rule.

    See :meth:`deckgen.games.flashcards.fonts.FontFace.groups`. Contours that cross nothing stay
    in the first group whatever their nesting, since even-odd and non-zero agree on nested
    contours that do not cross.
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
