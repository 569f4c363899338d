"""The laser's path model in mm: paths of lines and arcs, engrave fills, and a sheet of them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

Point = tuple[float, float]


class Line(NamedTuple):
    """A straight segment of a path, to (x, y)."""

    x: float
    y: float


class Arc(NamedTuple):
    """A clockwise arc of a circle of ``radius`` (less than half a turn), to (x, y)."""

    radius: float
    x: float
    y: float


#: One segment of a path, from where the one before it ends (the path's start for the first).
Segment = Line | Arc


@dataclass(frozen=True)
class LaserPath:
    """An SVG path in mm: ``M`` its start, then its segments (``L`` and ``A``), maybe closed."""

    start: Point
    segments: tuple[Segment, ...]
    closed: bool = False

    @property
    def end(self) -> Point:
        if self.closed or not self.segments:
            return self.start
        last = self.segments[-1]
        return last.x, last.y

    def length(self) -> float:
        total = 0.0
        x0, y0 = self.start
        for segment in self.segments:
            x, y = segment.x, segment.y
            chord = math.hypot(x - x0, y - y0)
            if isinstance(segment, Arc):
                r = segment.radius
                total += 2 * r * math.asin(min(1.0, chord / (2 * r)))
            else:
                total += chord
            x0, y0 = x, y
        if self.closed:
            total += math.hypot(self.start[0] - x0, self.start[1] - y0)
        return total

    def reversed(self) -> LaserPath:
        """The same path run the other way (a closed path is returned as it is)."""
        segments = self.segments
        if self.closed or not segments:
            return self
        # Segment k runs from point k to point k + 1 (point 0 is the start); run backwards, it
        # keeps its kind and radius and ends at point k.
        ends = [self.start] + [(segment.x, segment.y) for segment in segments[:-1]]
        turned = zip(reversed(segments), reversed(ends), strict=True)
        back = tuple([_ending_at(segment, end) for segment, end in turned])
        last = segments[-1]
        return LaserPath((last.x, last.y), back, False)


def _ending_at(segment: Segment, end: Point) -> Segment:
    """The same kind of segment (an arc of the same radius) ending at ``end``."""
    if isinstance(segment, Arc):
        return Arc(segment.radius, *end)
    return Line(*end)


def polyline(points: Sequence[Point], closed: bool = False) -> LaserPath:
    return LaserPath(points[0], tuple(Line(x, y) for x, y in points[1:]), closed)


@dataclass(frozen=True)
class Fill:
    """A filled shape for raster engraving: closed polylines, filled with the non-zero rule."""

    rings: tuple[tuple[Point, ...], ...]


@dataclass
class LaserSheet:
    width: float
    height: float
    cards: list[str] = field(default_factory=list)
    score: list[LaserPath] = field(default_factory=list)
    engrave: list[Fill] = field(default_factory=list)
    cut: list[LaserPath] = field(default_factory=list)
    registration: list[tuple[float, float, float]] = field(default_factory=list)  # x, y, size
    guide: list[LaserPath] = field(default_factory=list)

    def cut_length(self) -> float:
        return sum(path.length() for path in self.cut)

    def travel(self) -> float:
        """Pen-up travel of the cut paths in order: origin to the first, then end to start."""
        total = 0.0
        x, y = 0.0, 0.0
        for path in self.cut:
            total += math.hypot(path.start[0] - x, path.start[1] - y)
            x, y = path.end
        return total
