"""A face's printed ink on the laser: single-stroke score lines, or fills to engrave."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from deckgen.glyphs import FLATNESS_MM, STROKE, arc_steps
from deckgen.layout.faces import Face
from deckgen.layout.laser.paths import Fill, LaserPath, Line, Point, polyline
from deckgen.layout.primitives import Box, Disc, Primitive, Shape, Stroke
from deckgen.print_choices import Engrave


def face_marks(face: Face, x: float, y: float, engrave: Engrave) -> tuple[list[LaserPath], list[Fill]]:
    """A face's ink as score lines (single-stroke) or engrave fills, moved to (x, y) on the sheet."""
    if engrave == Engrave.NONE:
        return [], []
    if engrave == Engrave.SCORE:
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
        return [LaserPath((x + fx, y + fy), tuple([Line(x + px, y + py) for px, py in rest]), closed)]
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
