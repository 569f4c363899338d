"""The cuts of a sheet: common-line cuts of touching square cards, or one outline a card."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from deckgen.layout.laser.order import nearest_first, two_opt
from deckgen.layout.laser.paths import Arc, LaserPath, Line, Point, polyline
from deckgen.layout.sheets import Grid


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
        Line(x1 - r, y0),
        Arc(r, x1, y0 + r),
        Line(x1, y1 - r),
        Arc(r, x1 - r, y1),
        Line(x0 + r, y1),
        Arc(r, x0, y1 - r),
        Line(x0, y0 + r),
        Arc(r, x0 + r, y0),
    )
    return LaserPath((x0 + r, y0), segments, closed=True)
