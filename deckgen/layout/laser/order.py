"""The order the head runs a sheet's paths in, so that it travels little with the beam off.

The greedy order (always the nearest path end next) files path ends in a grid of cells, as
vpype's ``linesort`` does with its spatial index; short runs are then reversed where that
shortens the travel.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from deckgen.layout.laser.paths import LaserPath, Point


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
