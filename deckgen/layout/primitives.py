"""Drawing primitives in millimetres, y pointing down, each tagged with its role.

Roles say what a mark is for, so a backend can decide how to draw it without knowing the
layout: ``print`` (ink on the card), ``mark`` (crop marks and cut lines for scissors or a
trimmer), ``registration`` (print-and-cut targets), ``cut`` (the card outline a blade
follows), ``guide`` (helpful, never cut).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property

from deckgen.glyphs import STROKE, layout_text, text_width

Point = tuple[float, float]

BLACK = "#000000"

#: The roles a printer (and a picture of the print) draws; ``cut`` and ``guide`` are for a blade.
PRINTED_ROLES = frozenset({"print", "mark", "registration"})


@dataclass(frozen=True)
class Stroke:
    """A polyline drawn with round caps and joins."""

    points: tuple[Point, ...]
    width: float
    colour: str = BLACK
    role: str = "print"
    closed: bool = False


@dataclass(frozen=True)
class Disc:
    """A filled circle."""

    cx: float
    cy: float
    r: float
    colour: str = BLACK
    role: str = "print"


@dataclass(frozen=True)
class Box:
    """A rectangle, outlined and/or filled (``None`` for neither)."""

    x: float
    y: float
    w: float
    h: float
    stroke: str | None = None
    fill: str | None = None
    width: float = 0.0
    role: str = "print"


#: The two ways of filling outlines, as PDF, SVG and PostScript name them. ``nonzero``: a point is
#: inside when the contours around it do not cancel out (contours turning the same way add up, so
#: overlapping strokes stay filled and a hole is a contour turning the other way); ``evenodd``: a
#: point is inside when an odd number of contours surround it, whichever way they turn.
FILL_RULES = ("nonzero", "evenodd")


@dataclass(frozen=True)
class Shape:
    """Filled outlines: closed polygons filled by their ``fill_rule`` (see :data:`FILL_RULES`).

    Text set from a font's outlines is drawn as shapes, one per glyph, so that every backend
    (PDF, SVG, PNG, laser paths) draws the same letters without any font installed. Fonts mean
    their outlines to be filled by the non-zero rule, the default: a letter may be built of
    contours that overlap (the strokes of a Devanagari conjunct, the parts of Hebrew bet in a
    variable font), and by the even-odd rule each overlap would print as a hole. An SVG picture
    keeps the rule it was drawn with.
    """

    #: The contours, relative to ``origin`` (where they are drawn: see :attr:`contours`).
    outline: tuple[tuple[Point, ...], ...]
    colour: str = BLACK
    role: str = "print"
    #: Names the outline when the shape is a letter of a font at a size: every shape with this
    #: name has the same outline, so a PDF draws it once and places it at each origin.
    #: Moving a shape keeps the name; turning or mirroring it drops it.
    glyph: str | None = None
    origin: Point = (0.0, 0.0)
    fill_rule: str = "nonzero"

    def __post_init__(self) -> None:
        if self.fill_rule not in FILL_RULES:
            raise ValueError(f"fill_rule must be one of {FILL_RULES}, not {self.fill_rule!r}")

    @cached_property
    def contours(self) -> tuple[tuple[Point, ...], ...]:
        """The contours where they are drawn (worked out when first asked: a PDF never asks)."""
        ox, oy = self.origin
        if ox == 0 and oy == 0:
            return self.outline
        return tuple(tuple([(x + ox, y + oy) for x, y in ring]) for ring in self.outline)


@dataclass(frozen=True)
class Picture:
    """A raster picture (PNG or JPEG bytes) stretched over a box: a picture on a flash card.

    The box is already the picture's own shape (the layout keeps its proportions). Laser files
    leave pictures out (a laser engraves outlines); ``mirrored``: drawn flipped left-right (on
    the back of film).
    """

    x: float
    y: float
    w: float
    h: float
    data: bytes
    role: str = "print"
    mirrored: bool = False

    def __repr__(self) -> str:
        return f"Picture({self.x:g}, {self.y:g}, {self.w:g}, {self.h:g}, {len(self.data)} bytes)"


Primitive = Stroke | Disc | Box | Shape | Picture


def text(
    content: str,
    x: float,
    baseline: float,
    size: float,
    colour: str = BLACK,
    anchor: str = "left",
    role: str = "print",
) -> list[Primitive]:
    """Stroke-glyph text: ``size`` mm cap height, ``anchor`` left/centre/right at ``x``."""
    width = text_width(content) * size
    left = {"left": x, "centre": x - width / 2, "right": x - width}[anchor]
    strokes, dots = layout_text(content, size)
    pen = STROKE * size
    shapes: list[Primitive] = [
        Stroke(tuple((left + px * size, baseline - py * size) for px, py in line), pen, colour, role)
        for line in strokes
    ]
    shapes += [Disc(left + px * size, baseline - py * size, pen * 0.75, colour, role) for px, py in dots]
    return shapes


def _rings(shape: Shape, move: Callable[[float, float], Point]) -> Shape:
    """The shape with every contour point moved by ``move`` (a mirror turns every contour the
    other way, which changes neither fill rule's result)."""
    rings = tuple(tuple(move(x, y) for x, y in ring) for ring in shape.contours)
    return Shape(rings, shape.colour, shape.role, fill_rule=shape.fill_rule)


def mirror_x(shapes: Iterable[Primitive], width: float) -> list[Primitive]:
    """Mirror left-right inside a box ``width`` wide (x → width − x)."""
    out: list[Primitive] = []
    for shape in shapes:
        if isinstance(shape, Stroke):
            out.append(replace(shape, points=tuple((width - x, y) for x, y in shape.points)))
        elif isinstance(shape, Shape):
            out.append(_rings(shape, lambda x, y: (width - x, y)))
        elif isinstance(shape, Disc):
            out.append(replace(shape, cx=width - shape.cx))
        elif isinstance(shape, Picture):
            out.append(replace(shape, x=width - shape.x - shape.w, mirrored=not shape.mirrored))
        else:
            out.append(replace(shape, x=width - shape.x - shape.w))
    return out


def flip_y(shapes: Iterable[Primitive], height: float) -> list[Primitive]:
    """Mirror top-bottom inside a box ``height`` tall (y → height − y)."""
    out: list[Primitive] = []
    for shape in shapes:
        if isinstance(shape, Stroke):
            out.append(replace(shape, points=tuple((x, height - y) for x, y in shape.points)))
        elif isinstance(shape, Shape):
            out.append(_rings(shape, lambda x, y: (x, height - y)))
        elif isinstance(shape, Disc):
            out.append(replace(shape, cy=height - shape.cy))
        else:
            out.append(replace(shape, y=height - shape.y - shape.h))
    return out


def rotate_180(shapes: Iterable[Primitive], width: float, height: float) -> list[Primitive]:
    """Turn half a circle inside a ``width`` × ``height`` box."""
    out: list[Primitive] = []
    for shape in shapes:
        if isinstance(shape, Stroke):
            out.append(replace(shape, points=tuple((width - x, height - y) for x, y in shape.points)))
        elif isinstance(shape, Shape):
            out.append(_rings(shape, lambda x, y: (width - x, height - y)))
        elif isinstance(shape, Disc):
            out.append(replace(shape, cx=width - shape.cx, cy=height - shape.cy))
        else:
            out.append(replace(shape, x=width - shape.x - shape.w, y=height - shape.y - shape.h))
    return out


def translate(shapes: Iterable[Primitive], dx: float, dy: float) -> list[Primitive]:
    """Move shapes by (dx, dy) mm."""
    out: list[Primitive] = []
    for shape in shapes:
        if isinstance(shape, Stroke):
            out.append(replace(shape, points=tuple((x + dx, y + dy) for x, y in shape.points)))
        elif isinstance(shape, Shape):
            out.append(replace(shape, origin=(shape.origin[0] + dx, shape.origin[1] + dy)))
        elif isinstance(shape, Disc):
            out.append(replace(shape, cx=shape.cx + dx, cy=shape.cy + dy))
        else:  # a box or a picture
            out.append(replace(shape, x=shape.x + dx, y=shape.y + dy))
    return out


def rotate_90(shapes: Iterable[Primitive], height: float) -> list[Primitive]:
    """Turn a quarter clockwise: a ``width`` × ``height`` box becomes ``height`` × ``width``."""
    out: list[Primitive] = []
    for shape in shapes:
        if isinstance(shape, Stroke):
            out.append(replace(shape, points=tuple((height - y, x) for x, y in shape.points)))
        elif isinstance(shape, Shape):
            out.append(_rings(shape, lambda x, y: (height - y, x)))
        elif isinstance(shape, Disc):
            out.append(replace(shape, cx=height - shape.cy, cy=shape.cx))
        else:
            out.append(replace(shape, x=height - shape.y - shape.h, y=shape.x, w=shape.h, h=shape.w))
    return out


def ink_bounds(shapes: Iterable[Primitive]) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1) the ink of ``shapes`` covers, strokes' widths included (``None``: no ink)."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in shapes:
        if isinstance(shape, Stroke):
            pad = shape.width / 2
            xs += [v for x, _ in shape.points for v in (x - pad, x + pad)]
            ys += [v for _, y in shape.points for v in (y - pad, y + pad)]
        elif isinstance(shape, Shape):
            xs += [x for ring in shape.contours for x, _ in ring]
            ys += [y for ring in shape.contours for _, y in ring]
        elif isinstance(shape, Disc):
            xs += [shape.cx - shape.r, shape.cx + shape.r]
            ys += [shape.cy - shape.r, shape.cy + shape.r]
        elif isinstance(shape, Picture):
            xs += [shape.x, shape.x + shape.w]
            ys += [shape.y, shape.y + shape.h]
        elif shape.stroke is not None or shape.fill is not None:
            pad = shape.width / 2 if shape.stroke is not None else 0.0
            xs += [shape.x - pad, shape.x + shape.w + pad]
            ys += [shape.y - pad, shape.y + shape.h + pad]
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def scale_about(shapes: Iterable[Primitive], factor: float, cx: float, cy: float) -> list[Primitive]:
    """Shrink or grow shapes by ``factor`` about (cx, cy), line widths included."""

    def move(x: float, y: float) -> Point:
        return cx + (x - cx) * factor, cy + (y - cy) * factor

    out: list[Primitive] = []
    for shape in shapes:
        if isinstance(shape, Stroke):
            out.append(replace(shape, points=tuple(move(x, y) for x, y in shape.points), width=shape.width * factor))
        elif isinstance(shape, Shape):
            # The outline scales about its own origin and the origin moves: a letter keeps its
            # (renamed) form, so a PDF still draws each letter once.
            outline = tuple(tuple((x * factor, y * factor) for x, y in ring) for ring in shape.outline)
            glyph = f"{shape.glyph}*{factor:.6f}" if shape.glyph else None
            out.append(replace(shape, outline=outline, origin=move(*shape.origin), glyph=glyph))
        elif isinstance(shape, Disc):
            x, y = move(shape.cx, shape.cy)
            out.append(replace(shape, cx=x, cy=y, r=shape.r * factor))
        elif isinstance(shape, Picture):
            x, y = move(shape.x, shape.y)
            out.append(replace(shape, x=x, y=y, w=shape.w * factor, h=shape.h * factor))
        else:
            x, y = move(shape.x, shape.y)
            out.append(replace(shape, x=x, y=y, w=shape.w * factor, h=shape.h * factor, width=shape.width * factor))
    return out
