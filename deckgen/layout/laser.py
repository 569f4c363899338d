"""Laser sheets: cards on a laser bed with cut, score and engrave geometry, all in mm.

Common-line cutting: square cards touch (with the kerf between them) and every shared edge
is one straight cut, made once; the block's outline is cut last as one closed path, so the
parts stay in place until the end. With rounded corners each card is its own closed outline.
With a kerf K the cut runs K/2 outside each card, so a cut card measures its nominal size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.glyphs import FLATNESS_MM, STROKE, arc_steps
from deckgen.i18n import _, decimal_g
from deckgen.layout.faces import Face
from deckgen.layout.primitives import Box, Disc, Primitive, Shape, Stroke, rotate_90
from deckgen.layout.sheets import REGISTRATION_SIZE, Grid, impose, registration_marks
from deckgen.printing import LaserSettings

Point = tuple[float, float]


@dataclass(frozen=True)
class LaserPath:
    """An SVG path in mm: ``M`` then ``L`` and ``A`` (radius, end point) commands, maybe closed."""

    start: Point
    segments: tuple[tuple[str, float, float, float], ...]  # ("L", 0, x, y) or ("A", r, x, y)
    closed: bool = False

    @property
    def end(self) -> Point:
        if self.closed or not self.segments:
            return self.start
        _, _, x, y = self.segments[-1]
        return x, y

    def length(self) -> float:
        total = 0.0
        x0, y0 = self.start
        for kind, r, x, y in self.segments:
            chord = math.hypot(x - x0, y - y0)
            total += chord if kind == "L" else 2 * r * math.asin(min(1.0, chord / (2 * r)))
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
        ends = [self.start] + [(x, y) for _, _, x, y in segments[:-1]]
        back = tuple([(k, r, *end) for (k, r, _, _), end in zip(reversed(segments), reversed(ends), strict=True)])
        last = segments[-1]
        return LaserPath((last[2], last[3]), back, False)


def polyline(points: Sequence[Point], closed: bool = False) -> LaserPath:
    return LaserPath(points[0], tuple(("L", 0.0, x, y) for x, y in points[1:]), closed)


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


#: The widest kerf accepted: real beams burn 0.05 to 0.5 mm.
MAX_KERF = 2.0


def check_settings(settings: LaserSettings, card: tuple[float, float]) -> None:
    w, h = card
    if settings.kerf < 0:
        raise DeckgenError(_("--kerf must not be negative; measure your laser's kerf (often 0.1-0.2 mm) or use 0"))
    if settings.kerf > MAX_KERF:
        raise DeckgenError(
            _("--kerf {kerf} mm: a laser burns away 0.05 to 0.5 mm; use at most {most} mm, e.g. 0.15mm").format(
                kerf=decimal_g(settings.kerf), most=decimal_g(MAX_KERF)
            )
        )
    if settings.corner_radius < 0 or settings.corner_radius > min(w, h) / 2:
        raise DeckgenError(
            _("--corner-radius {radius} mm: use 0 to {most} mm").format(
                radius=decimal_g(settings.corner_radius), most=decimal_g(min(w, h) / 2)
            )
        )
    if settings.registration and settings.kerf:
        raise DeckgenError(
            _("--kerf cannot be used with --registration: printed cards touch; leave the kerf to the cutter")
        )


def laser_grid(settings: LaserSettings, card: tuple[float, float]) -> Grid:
    """Cards on the bed: touching (kerf apart) for common-line cuts, else at least 1 mm and 2 x kerf apart."""
    w, h = card
    if settings.common_line and settings.corner_radius == 0:
        gap = settings.kerf
    else:
        gap = max(2 * settings.kerf, 1.0) + settings.kerf
    bed_w, bed_h = settings.bed
    try:
        return impose(bed_w, bed_h, w, h, settings.margin, gap)
    except DeckgenError:
        raise DeckgenError(
            _(
                "a {width} x {height} mm card does not fit on a {bed_width} x {bed_height} mm bed with {margin} mm "
                "margins; choose a larger --bed or a smaller --margin"
            ).format(
                width=decimal_g(w),
                height=decimal_g(h),
                bed_width=decimal_g(bed_w),
                bed_height=decimal_g(bed_h),
                margin=decimal_g(settings.margin),
            )
        ) from None


def common_line_cuts(grid: Grid, occupied: int, kerf: float) -> list[LaserPath]:
    """Cuts for the first ``occupied`` slots of ``grid``: shared edges once, the outline last.

    Every edge between two cards is an inner cut; edges with a card on one side only form
    the outline, traced as one closed path. Collinear inner edges are merged into one line.
    """
    half = kerf / 2
    cells = {divmod(k, grid.cols) for k in range(occupied)}

    def x(c: int) -> float:
        return round(grid.x0 - half + c * (grid.card_w + kerf), 6)

    def y(r: int) -> float:
        return round(grid.y0 - half + r * (grid.card_h + kerf), 6)

    inner: list[LaserPath] = []
    boundary: list[tuple[tuple[int, int], tuple[int, int]]] = []  # grid-corner edges (r, c)
    for c in range(grid.cols + 1):
        run: list[int] = []
        for r in range(grid.rows + 1):
            left, right = (r, c - 1) in cells, (r, c) in cells
            if r < grid.rows and left and right:
                run.append(r)
                continue
            if r < grid.rows and (left or right):
                boundary.append(((r, c), (r + 1, c)))
            if run:
                inner.append(polyline([(x(c), y(run[0])), (x(c), y(run[-1] + 1))]))
                run = []
    for r in range(grid.rows + 1):
        run = []
        for c in range(grid.cols + 1):
            above, below = (r - 1, c) in cells, (r, c) in cells
            if c < grid.cols and above and below:
                run.append(c)
                continue
            if c < grid.cols and (above or below):
                boundary.append(((r, c), (r, c + 1)))
            if run:
                inner.append(polyline([(x(run[0]), y(r)), (x(run[-1] + 1), y(r))]))
                run = []
    ordered = two_opt(nearest_first(inner))
    here = ordered[-1].end if ordered else (0.0, 0.0)
    return ordered + [_outline(boundary, x, y, here)]


Corner = tuple[int, int]


def _outline(
    edges: Sequence[tuple[Corner, Corner]], x: Callable[[int], float], y: Callable[[int], float], near: Point
) -> LaserPath:
    """Walk the boundary edges into one closed polygon, starting at the corner nearest ``near``."""
    neighbours: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in edges:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    start = min(sorted(neighbours), key=lambda p: (x(p[1]) - near[0]) ** 2 + (y(p[0]) - near[1]) ** 2)
    loop = [start]
    previous, current = None, start
    while True:
        options = [n for n in neighbours[current] if n != previous]
        following = options[0] if previous is not None or len(options) == 1 else min(options)
        if following == start:
            break
        loop.append(following)
        previous, current = current, following
    # Keep the start (where the head already is) and the corners; drop points in the middle
    # of a straight run.
    corners = [p for i, p in enumerate(loop) if i == 0 or not _collinear(loop[i - 1], p, loop[(i + 1) % len(loop)])]
    return polyline([(x(c), y(r)) for r, c in corners], closed=True)


def _collinear(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> bool:
    return (a[0] == b[0] == c[0]) or (a[1] == b[1] == c[1])


def card_outline(x: float, y: float, w: float, h: float, radius: float, kerf: float) -> LaserPath:
    """One card's closed outline, kerf/2 outside its trim, with rounded corners of ``radius``."""
    half = kerf / 2
    x0, y0, x1, y1 = x - half, y - half, x + w + half, y + h + half
    r = radius + half if radius else 0.0
    if not r:
        return polyline([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], closed=True)
    segments = (
        ("L", 0.0, x1 - r, y0),
        ("A", r, x1, y0 + r),
        ("L", 0.0, x1, y1 - r),
        ("A", r, x1 - r, y1),
        ("L", 0.0, x0 + r, y1),
        ("A", r, x0, y1 - r),
        ("L", 0.0, x0, y0 + r),
        ("A", r, x0 + r, y0),
    )
    return LaserPath((x0 + r, y0), segments, closed=True)


def nearest_first(paths: list[LaserPath], start: Point = (0.0, 0.0)) -> list[LaserPath]:
    """Greedy ordering: always go to the closest path start (or end, reversing an open path)."""
    return _run(paths, _greedy(*_ends(paths), start))


#: A path's place in an order and whether it is run backwards.
Step = tuple[int, bool]


def _ends(paths: Sequence[LaserPath]) -> tuple[list[Point], list[Point | None]]:
    """Each path's start, and its end (None for a closed path, which starts and ends at one point)."""
    return [path.start for path in paths], [None if path.closed else path.end for path in paths]


def _run(paths: Sequence[LaserPath], order: list[Step]) -> list[LaserPath]:
    return [paths[index].reversed() if flip else paths[index] for index, flip in order]


#: Rings of cells around the head that :func:`_greedy` looks up by precomputed offsets; the grid
#: gets this many empty cells of margin so that they need no bounds checks.
_NEAR_RINGS = 3


def _greedy(starts: list[Point], ends: list[Point | None], start: Point, cell: float = 30.0) -> list[Step]:
    """The greedy order of paths given by their ``starts`` and ``ends`` (None: closed).

    Path ends are filed in a grid of ``cell`` mm squares and looked up ring by ring around the
    head, so a sheet of a thousand paths orders in milliseconds; a path's ends leave the grid
    when it is taken. Ties are broken by the order the paths were given in (start before end),
    so the order is the same on every run.
    """
    filed: list[tuple[int, int, int, bool, float, float]] = []  # (cell x, cell y, index, flip, x, y)
    floor = math.floor
    for index, (sx, sy) in enumerate(starts):
        filed.append((floor(sx / cell), floor(sy / cell), index, False, sx, sy))
        end = ends[index]
        if end is not None:
            filed.append((floor(end[0] / cell), floor(end[1] / cell), index, True, end[0], end[1]))
    if not filed:
        return []
    margin = _NEAR_RINGS
    low_x, low_y = min(e[0] for e in filed) - margin, min(e[1] for e in filed) - margin
    high_x, high_y = max(e[0] for e in filed) + margin, max(e[1] for e in filed) + margin
    height = high_y - low_y + 1
    # The grid as one flat list of cells, column by column.
    grid: list[list[tuple[int, bool, float, float]]] = [[] for _ in range((high_x - low_x + 1) * height)]
    homes: list[list[int]] = [[] for _ in starts]
    for cx, cy, index, flip, px, py in filed:
        slot = (cx - low_x) * height + cy - low_y
        grid[slot].append((index, flip, px, py))
        homes[index].append(slot)
    # The cells of each near ring (a square's outline) as offsets from the head's cell.
    rings = [[0]] + [
        [dx * height + dy for dx in range(-r, r + 1) for dy in range(-r, r + 1) if max(abs(dx), abs(dy)) == r]
        for r in range(1, margin + 1)
    ]
    order: list[Step] = []
    x, y = start
    for _step in range(len(starts)):
        qx, qy = floor(x / cell), floor(y / cell)
        here = (qx - low_x) * height + qy - low_y
        near = low_x + margin <= qx <= high_x - margin and low_y + margin <= qy <= high_y - margin
        # Beyond this ring every cell lies outside the grid.
        last = max(qx - low_x, high_x - qx, qy - low_y, high_y - qy)
        best_d = math.inf
        best_index, best_flip = -1, False
        ring = 0
        while ring <= last:
            cells: list[list[tuple[int, bool, float, float]]]
            if near and ring <= margin:
                cells = [grid[here + offset] for offset in rings[ring]]
            else:
                cells = []
                for bx in range(max(qx - ring, low_x), min(qx + ring, high_x) + 1):
                    column = (bx - low_x) * height - low_y
                    ys: Sequence[int]
                    if bx in (qx - ring, qx + ring):
                        ys = range(max(qy - ring, low_y), min(qy + ring, high_y) + 1)
                    else:
                        ys = [by for by in (qy - ring, qy + ring) if low_y <= by <= high_y]
                    cells.extend(grid[column + by] for by in ys)
            for entries in cells:
                for index, flip, px, py in entries:
                    d = (px - x) ** 2 + (py - y) ** 2
                    if d < best_d or (d == best_d and (index, flip) < (best_index, best_flip)):
                        best_d, best_index, best_flip = d, index, flip
            # Every end not yet looked at lies outside the square of cells searched so far.
            if best_index >= 0:
                edge = min(
                    x - (qx - ring) * cell,
                    (qx + ring + 1) * cell - x,
                    y - (qy - ring) * cell,
                    (qy + ring + 1) * cell - y,
                )
                if best_d <= edge * edge:
                    break
            ring += 1
        assert best_index >= 0
        for slot in homes[best_index]:
            grid[slot] = [entry for entry in grid[slot] if entry[0] != best_index]
        order.append((best_index, best_flip))
        end = ends[best_index]
        x, y = starts[best_index] if best_flip or end is None else end
    return order


def two_opt(paths: list[LaserPath], start: Point = (0.0, 0.0), passes: int = 20) -> list[LaserPath]:
    """Shorten pen-up travel by reversing runs of the order (open paths are flipped too)."""
    order = list(paths)

    def gap(a: Point, b: Point) -> float:
        return math.hypot(a[0] - b[0], a[1] - b[1])

    for _pass in range(passes):
        improved = False
        for i in range(len(order)):
            before = order[i - 1].end if i else start
            for j in range(i + 1, len(order)):
                after = order[j + 1].start if j + 1 < len(order) else None
                old = gap(before, order[i].start) + (gap(order[j].end, after) if after else 0.0)
                # Reversed run: order[j] flipped comes first, order[i] flipped comes last.
                new = gap(before, order[j].end) + (gap(order[i].start, after) if after else 0.0)
                if new < old - 1e-9:
                    order[i : j + 1] = [p.reversed() for p in reversed(order[i : j + 1])]
                    improved = True
                    before = order[i - 1].end if i else start
        if not improved:
            break
    return order


def greedy_then_local(paths: list[LaserPath], start: Point = (0.0, 0.0), window: int = 4) -> list[LaserPath]:
    """:func:`nearest_first`, then one pass reversing short runs wherever that shortens the travel."""
    starts, ends = _ends(paths)
    return _run(paths, _local_pass(_greedy(starts, ends, start), starts, ends, start, window))


def _local_pass(
    order: list[Step], starts: list[Point], ends: list[Point | None], start: Point, window: int
) -> list[Step]:
    """One pass over a greedy ``order`` reversing runs of up to ``window`` - 1 paths where that is shorter.

    Greedy orders leave an occasional long jump that reversing a few paths removes. Only the
    jumps at a run's two ends change (a closed path starts and ends at one point), so the pass
    never makes the travel longer.
    """
    order = list(order)
    # Where the head enters and leaves each path of the order.
    points = [_way(starts[index], ends[index], flip) for index, flip in order]
    n = len(order)
    hypot = math.hypot
    for i in range(n):
        bx, by = points[i - 1][1] if i else start
        for j in range(i + 1, min(n, i + window)):
            sx, sy = points[i][0]
            ex, ey = points[j][1]
            old = hypot(sx - bx, sy - by)
            new = hypot(ex - bx, ey - by)
            if j + 1 < n:
                ax, ay = points[j + 1][0]
                old += hypot(ax - ex, ay - ey)
                new += hypot(ax - sx, ay - sy)
            if new < old - 1e-9:
                order[i : j + 1] = [
                    (index, not flip and ends[index] is not None) for index, flip in reversed(order[i : j + 1])
                ]
                points[i : j + 1] = [(b, a) for a, b in reversed(points[i : j + 1])]
    return order


def _way(start: Point, end: Point | None, flip: bool) -> tuple[Point, Point]:
    """Where the head enters and leaves a path run forwards or (``flip``) backwards."""
    if end is None:
        return start, start
    return (end, start) if flip else (start, end)


def _travel(points: Sequence[tuple[Point, Point]], start: Point) -> float:
    """Length of the moves between paths entered and left at ``points``, from ``start``."""
    total = 0.0
    x, y = start
    for (sx, sy), after in points:
        total += math.hypot(sx - x, sy - y)
        x, y = after
    return total


def sort_score_paths(paths: list[LaserPath], start: Point = (0.0, 0.0)) -> list[LaserPath]:
    """:func:`greedy_then_local`, or the plain greedy order of its result if that is shorter.

    A greedy sort breaks ties between equally near paths by the order it is given, and a sheet
    of repeated digits has many ties, so greedy orders of the same paths differ by chance. A
    later greedy pass over the file (vpype's ``linesort``) is the plain greedy order of what we
    wrote: keeping the shorter of the two means such a pass finds no shorter way (a greedy
    order is its own greedy order).
    """
    starts, ends = _ends(paths)
    first = _local_pass(_greedy(starts, ends, start), starts, ends, start, 4)
    # The first order's paths as the file has them, then the greedy order of those.
    ways = [_way(starts[index], ends[index], flip) for index, flip in first]
    closed = [ends[index] is None for index, _ in first]
    again = _greedy([a for a, _ in ways], [None if c else b for (_, b), c in zip(ways, closed, strict=True)], start)
    second = [(first[k][0], first[k][1] != flip) for k, flip in again]
    second_ways = [(ways[k][1], ways[k][0]) if flip else ways[k] for k, flip in again]
    if _travel(second_ways, start) < _travel(ways, start) - 1e-9:
        return _run(paths, second)
    return _run(paths, first)


def serpentine(slots: int, cols: int) -> list[int]:
    """Slot order row by row, alternating direction, so the head never crosses the sheet empty."""
    order = []
    for row_start in range(0, slots, cols):
        row = list(range(row_start, min(row_start + cols, slots)))
        order += row if (row_start // cols) % 2 == 0 else row[::-1]
    return order


def face_marks(face: Face, x: float, y: float, engrave: str) -> tuple[list[LaserPath], list[Fill]]:
    """A face's ink as score lines (single-stroke) or engrave fills, moved to (x, y) on the sheet."""
    if engrave == "none":
        return [], []
    if engrave == "score":
        return [path for shape in _score_shapes(face) for path in _placed(shape, x, y)], []
    fills: list[Fill] = []
    for shape in face.primitives:
        if shape.role == "print":
            fills += _as_fill(shape, x, y)
    return [], fills


#: Per face: its printed shapes, strokes as (first point, the other points, closed). A class
#: set places the same faces again and again; each is looked through once. The face is kept
#: with its entry, so its id cannot be reused by another face while the entry lives.
_SCORE_SHAPES: dict[int, tuple[Face, list[Any]]] = {}


def _score_shapes(face: Face) -> list[Any]:
    entry = _SCORE_SHAPES.get(id(face))
    if entry is not None and entry[0] is face:
        return entry[1]
    if len(_SCORE_SHAPES) > 5_000:
        _SCORE_SHAPES.clear()
    shapes: list[Any] = []
    for shape in face.primitives:
        if shape.role != "print":
            continue
        if isinstance(shape, Stroke):
            shapes.append((shape.points[0], shape.points[1:], shape.closed))
        else:
            shapes.append(shape)
    _SCORE_SHAPES[id(face)] = (face, shapes)
    return shapes


def _placed(shape: Any, x: float, y: float) -> list[LaserPath]:
    """A score shape of :func:`_score_shapes` moved to (x, y): the same numbers as :func:`_as_score`."""
    if isinstance(shape, tuple):
        (fx, fy), rest, closed = shape
        return [LaserPath((x + fx, y + fy), tuple([("L", 0.0, x + px, y + py) for px, py in rest]), closed)]
    return _as_score(shape, x, y)


def _circle_points(cx: float, cy: float, r: float, steps: int = 24) -> tuple[Point, ...]:
    """A circle as a polygon: at least ``steps`` corners, more if needed to stay within FLATNESS_MM."""
    steps = max(steps, arc_steps(r, 2 * math.pi, FLATNESS_MM))
    return tuple(
        (cx + r * math.cos(2 * math.pi * k / steps), cy + r * math.sin(2 * math.pi * k / steps)) for k in range(steps)
    )


def _as_score(shape: Primitive, x: float, y: float) -> list[LaserPath]:
    if isinstance(shape, Stroke):
        return [polyline([(x + px, y + py) for px, py in shape.points], shape.closed)]
    if isinstance(shape, Disc):
        return [polyline(_circle_points(x + shape.cx, y + shape.cy, shape.r), closed=True)]
    if isinstance(shape, Shape):  # a letter's outline: each contour scored once around
        return [polyline([(x + px, y + py) for px, py in ring], closed=True) for ring in shape.contours]
    if isinstance(shape, Box) and (shape.stroke or shape.fill):
        bx, by = x + shape.x, y + shape.y
        return [polyline([(bx, by), (bx + shape.w, by), (bx + shape.w, by + shape.h), (bx, by + shape.h)], closed=True)]
    return []


def _clockwise(ring: Sequence[Point]) -> tuple[Point, ...]:
    """The ring turning one way (clockwise on screen), so overlapping rings add up under non-zero fill."""
    area = sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(ring, [*ring[1:], ring[0]], strict=True))
    return tuple(ring) if area >= 0 else tuple(reversed(ring))


def _as_fill(shape: Primitive, x: float, y: float) -> list[Fill]:
    if isinstance(shape, Shape):
        return [_shape_fill(shape, x, y)]
    return [Fill(tuple(_clockwise(ring) for ring in fill.rings)) for fill in _raw_fill(shape, x, y)]


def _shape_fill(shape: Shape, x: float, y: float) -> Fill:
    """Filled outlines as one fill, drawn by the non-zero rule.

    A shape filled non-zero (a letter) keeps each contour turning the way it does, so its
    holes stay clear and its overlapping strokes stay filled, as the font means. For an even-odd
    shape (an SVG picture drawn so) the outermost contours turn clockwise and each contour
    inside them the other way, so that non-zero clears the holes as even-odd does."""
    rings = [tuple((x + px, y + py) for px, py in ring) for ring in shape.contours]
    if shape.fill_rule == "nonzero":
        return Fill(tuple(rings))
    out = []
    for index, ring in enumerate(rings):
        depth = sum(1 for other, r in enumerate(rings) if other != index and _inside(ring[0], r))
        turned = _clockwise(ring)
        out.append(turned if depth % 2 == 0 else tuple(reversed(turned)))
    return Fill(tuple(out))


def _inside(point: Point, ring: Sequence[Point]) -> bool:
    """Whether ``point`` lies inside the closed polyline ``ring`` (even-odd ray casting)."""
    px, py = point
    inside = False
    for (ax, ay), (bx, by) in zip(ring, [*ring[1:], ring[0]], strict=True):
        if (ay > py) != (by > py) and px < ax + (py - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _raw_fill(shape: Primitive, x: float, y: float) -> list[Fill]:
    """Thick strokes as capsules (a rectangle per segment and a disc per joint), all one fill."""
    if isinstance(shape, Stroke):
        half = shape.width / 2
        points = [(x + px, y + py) for px, py in shape.points]
        if shape.closed:
            points.append(points[0])
        points = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
        rings: list[tuple[Point, ...]] = []
        normals = []
        for (ax, ay), (bx, by) in itertools.pairwise(points):
            length = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
            normals.append((nx, ny))
            rings.append(((ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)))
        # Round ends, and joints: a disc where the line turns sharply, wedges where it bends gently.
        ends = [points[0], points[-1]] if not shape.closed else []
        rings += [_circle_points(px, py, half, 16) for px, py in ends]
        joints = range(1, len(points) - 1) if not shape.closed else range(len(points) - 1)
        for j in joints:
            (ux, uy), (vx, vy) = normals[j - 1], normals[j % len(normals)]
            px, py = points[j]
            if ux * vx + uy * vy < math.cos(math.radians(20)) * half * half:
                rings.append(_circle_points(px, py, half, 16))
            else:
                rings.append(((px, py), (px + ux, py + uy), (px + vx, py + vy)))
                rings.append(((px, py), (px - ux, py - uy), (px - vx, py - vy)))
        if len(points) == 1:
            rings.append(_circle_points(points[0][0], points[0][1], half, 16))
        return [Fill(tuple(rings))]
    if isinstance(shape, Disc):
        return [Fill((_circle_points(x + shape.cx, y + shape.cy, shape.r, 32),))]
    if isinstance(shape, Box) and (shape.stroke or shape.fill):
        bx, by = x + shape.x, y + shape.y
        if shape.fill:
            return [Fill((((bx, by), (bx + shape.w, by), (bx + shape.w, by + shape.h), (bx, by + shape.h)),))]
        outline = ((bx, by), (bx + shape.w, by), (bx + shape.w, by + shape.h), (bx, by + shape.h))
        return _raw_fill(Stroke(outline, max(shape.width, STROKE), shape.stroke or "#000000", closed=True), 0, 0)
    return []


def turned(face: Face) -> Face:
    """The face turned a quarter clockwise (for beds where turned cards fit better)."""
    return Face(face.key + "-turned", face.height, face.width, tuple(rotate_90(face.primitives, face.height)))


LaserCard = tuple[str, Face, Face | None]


@dataclass(frozen=True)
class LaserPlan:
    """Which cards go on which bed, before any geometry is made (each sheet is then laid out
    on its own, so sheets can be made side by side)."""

    cards: Sequence[LaserCard]
    grid: Grid
    settings: LaserSettings
    #: Print-and-cut: the cards sit where the PDF printed them, with registration marks.
    print_and_cut: bool
    #: The cards are turned a quarter (more fit on a bed that way).
    turn: bool
    #: Each card's back, in the order of ``cards``, where the backs differ (flash cards' answers):
    #: each sheet then has a back sheet to engrave on the other side of the stock.
    backs: Sequence[Face] | None = None

    @property
    def sheets(self) -> int:
        """Beds of cards (a sheet and, with backs, its back sheet count once)."""
        return -(-len(self.cards) // self.grid.per_page)

    @property
    def sides(self) -> tuple[bool, ...]:
        """For each bed: whether a back sheet is made beside the front (``(False,)`` or ``(False, True)``)."""
        return (False, True) if self.backs is not None else (False,)

    @property
    def files(self) -> int:
        """SVG files the plan makes: a front per bed, and a back for each where there are backs."""
        return self.sheets * len(self.sides)


def plan_laser(
    cards: Sequence[LaserCard],
    card: tuple[float, float],
    settings: LaserSettings,
    paper_grid: Grid | None = None,
    backs: Sequence[Face] | None = None,
) -> LaserPlan:
    """Cards (id, face, optional label) onto as few beds as possible.

    With ``paper_grid`` (print-and-cut) the cards sit exactly where the PDF printed them and
    the registration marks come from the same function as the PDF's.
    """
    check_settings(settings, card)
    grid = paper_grid or laser_grid(settings, card)
    turn = False
    if paper_grid is None and card[0] != card[1]:
        # Turned a quarter, the cards may fit more to a bed: fewer sheets to cut.
        try:
            turned_grid = laser_grid(settings, (card[1], card[0]))
        except DeckgenError:
            turned_grid = None
        if turned_grid is not None and turned_grid.per_page > grid.per_page:
            grid, turn = turned_grid, True
    return LaserPlan(cards, grid, settings, paper_grid is not None, turn, backs)


def lay_out_sheets(
    cards: Sequence[LaserCard],
    card: tuple[float, float],
    settings: LaserSettings,
    paper_grid: Grid | None = None,
) -> list[LaserSheet]:
    """Every sheet of :func:`plan_laser`, laid out."""
    plan = plan_laser(cards, card, settings, paper_grid)
    return [lay_out_sheet(plan, number) for number in range(plan.sheets)]


def turned_back(face: Face) -> Face:
    """A back for a card turned a quarter clockwise: turned a quarter the other way, so that,
    seen from behind once the stock is turned over left to right, its top is at the same edge
    as its front's top (as a long-edge duplex print has it)."""
    return turned(turned(turned(face)))


def lay_out_back(plan: LaserPlan, number: int) -> LaserSheet:
    """The back sheet of bed ``number``: each card's back engraved where the card will be once
    the stock is turned over left to right (its place mirrored across the bed), and nothing cut.

    Engrave it first, on stock the size of the bed laid in the bed's corner; turn the stock
    over left to right into the same corner, then engrave and cut the front sheet.
    """
    settings, grid = plan.settings, plan.grid
    assert plan.backs is not None
    bed_w, bed_h = settings.bed
    sheet = LaserSheet(bed_w, bed_h)
    start, stop = number * grid.per_page, (number + 1) * grid.per_page
    chunk = list(plan.backs[start:stop])
    if plan.turn:
        chunk = [turned_back(face) for face in chunk]
    sheet.cards = [card_id for card_id, _, _ in plan.cards[start:stop]]
    scores: list[LaserPath] = []
    for slot in serpentine(len(chunk), grid.cols):
        x, y = grid.slot(slot)
        card_scores, fills = face_marks(chunk[slot], bed_w - x - grid.card_w, y, settings.engrave)
        sheet.engrave += fills
        scores += card_scores
    sheet.score = sort_score_paths(scores)
    if settings.guide:
        sheet.guide = [polyline([(0.0, 0.0), (bed_w, 0.0), (bed_w, bed_h), (0.0, bed_h)], closed=True)]
    return sheet


def lay_out_sheet(plan: LaserPlan, number: int, back: bool = False) -> LaserSheet:
    """Sheet ``number`` (from 0) of the plan: its cut, score and engrave geometry in mm (with
    ``back``, its back sheet: see :func:`lay_out_back`)."""
    if back:
        return lay_out_back(plan, number)
    settings, grid = plan.settings, plan.grid
    bed_w, bed_h = settings.bed
    sheet = LaserSheet(bed_w, bed_h)
    chunk = plan.cards[number * grid.per_page : (number + 1) * grid.per_page]
    if plan.turn:
        chunk = [(name, turned(face), turned(label) if label else None) for name, face, label in chunk]
    scores: list[LaserPath] = []
    cuts: list[LaserPath] = []
    sheet.cards = [card_id for card_id, _, _ in chunk]
    for slot in serpentine(len(chunk), grid.cols):
        _, face, label = chunk[slot]
        x, y = grid.slot(slot)
        card_scores, fills = face_marks(face, x, y, settings.engrave)
        sheet.engrave += fills
        if label is not None:
            label_scores, fills = face_marks(label, x, y, settings.engrave)
            card_scores += label_scores
            sheet.engrave += fills
        scores += card_scores
        if not (settings.common_line and settings.corner_radius == 0):
            cuts.append(card_outline(x, y, grid.card_w, grid.card_h, settings.corner_radius, settings.kerf))
    # The whole sheet's score paths, nearest first from the bed's corner (open paths may be
    # run backwards): what vpype's linesort does, and no longer.
    sheet.score = sort_score_paths(scores)
    if settings.common_line and settings.corner_radius == 0:
        sheet.cut = common_line_cuts(grid, len(chunk), settings.kerf)
    else:
        sheet.cut = two_opt(nearest_first(cuts))
    if settings.registration and plan.print_and_cut:
        corners = registration_marks(grid, bed_w, bed_h, settings.margin)
        sheet.registration = [(x, y, REGISTRATION_SIZE) for x, y in corners]
    if settings.guide:
        sheet.guide = [polyline([(0.0, 0.0), (bed_w, 0.0), (bed_w, bed_h), (0.0, bed_h)], closed=True)]
    return sheet
