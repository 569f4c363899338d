"""Pictures on flash cards: PNG, JPEG or SVG files beside the sheet (or inside an Anki deck).

A PNG or JPEG is kept as it is (a phone photo is turned upright first) and drawn as a
:class:`~deckgen.layout.primitives.Picture`. An SVG becomes outlines (filled shapes and strokes,
flattened with ``svgelements``), so it prints sharp at any size and a laser engraves it like the
letters. Either is fitted inside its box, proportions kept, centred.
"""

from __future__ import annotations

import io
import math
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from PIL import Image, ImageOps

from deckgen import i18n
from deckgen.errors import DeckgenError
from deckgen.fileio import real_path
from deckgen.i18n import _
from deckgen.layout.primitives import Picture, Point, Primitive, Shape, Stroke, scale_about, translate

#: The largest picture file read, and the most pixels a raster picture may have (a 48-megapixel
#: phone photo fits).
MAX_PICTURE_BYTES = 30_000_000
MAX_PIXELS = 60_000_000
#: A photo turned upright is saved again at most this many pixels on its long side (600 dpi
#: across a 12 cm card: more than any printer shows), as a JPEG.
TURNED_LONG_SIDE = 3000
#: The most elements an SVG may draw once its <use> references are followed; the most lines and
#: curves its paths may hold; and the most points its curves are cut into (see _svg_outlines).
MAX_SVG_ELEMENTS = 20_000
MAX_SVG_SEGMENTS = 50_000
MAX_SVG_POINTS = 400_000
#: The most numbers an SVG's outlines may hold, copies counted (a cubic curve takes six).
MAX_SVG_NUMBERS = 8 * MAX_SVG_SEGMENTS
#: The file names a picture cell may end with.
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
#: Steps an SVG curve is cut into across the whole drawing's diagonal (fine at any card size).
_SVG_STEPS = 600


@dataclass(frozen=True, eq=False)
class CardPicture:
    """A picture for one side of a card: its name as written, and how to draw it.

    ``data``: PNG or JPEG bytes for a raster picture; ``outlines``: an SVG's shapes in its own
    units for a drawing. ``width`` and ``height`` are its proportions. Compared by identity:
    each is read once.
    """

    name: str
    width: float
    height: float
    data: bytes = b""
    outlines: tuple[Primitive, ...] = field(default=())


def looks_like_picture(text: str) -> bool:
    """Whether a cell's text is a picture's file name (cat.png, photos/dog.JPG)."""
    return text.lower().endswith(PICTURE_SUFFIXES) and "\n" not in text


def read_picture_file(
    folder: Path, written: str, where: str, read: dict[Path, CardPicture] | None = None
) -> CardPicture:
    """The picture a sheet names, from the sheet's folder (or one inside it).

    ``read``: the pictures already read for this sheet, by file. A picture that a hundred rows
    name is read and decoded once (a 60-megapixel photo takes a second or more each time)."""
    try:
        path = real_path(folder / written)
    except (OSError, ValueError):  # a NUL or a name the system cannot take
        raise DeckgenError(
            _("{where}: picture {name} is not a file name; write the picture file's name").format(
                where=where, name=repr(written)
            )
        ) from None
    if real_path(folder) not in path.parents:
        raise DeckgenError(
            _("{where}: picture {name} is outside the sheet's folder; put it beside the sheet").format(
                where=where, name=repr(written)
            )
        )
    if path.is_dir():
        raise DeckgenError(
            _("{where}: picture {name} is a folder; name a PNG, JPEG or SVG file").format(
                where=where, name=repr(written)
            )
        )
    if not path.is_file():
        if path.is_symlink():
            raise DeckgenError(
                _(
                    "{where}: picture {name} is a link that leads to no file (to itself, or to a file that is "
                    "gone); name the picture file itself"
                ).format(where=where, name=repr(written))
            )
        raise DeckgenError(
            _("{where}: picture {name} not found; put the file beside the sheet, or fix its name").format(
                where=where, name=repr(written)
            )
        )
    if read is not None and path in read:
        return read[path]
    size = path.stat().st_size
    if size > MAX_PICTURE_BYTES:
        raise DeckgenError(
            _("{where}: picture {name} has {size} bytes; use one of at most {most}").format(
                where=where, name=repr(written), size=i18n.number(size), most=i18n.number(MAX_PICTURE_BYTES)
            )
        )
    picture = picture_from_bytes(written, path.read_bytes(), where)
    if read is not None:
        read[path] = picture
    return picture


def picture_from_bytes(name: str, data: bytes, where: str) -> CardPicture:
    """A picture from its bytes: PNG, JPEG or SVG, told by its content (not its name)."""
    start = data[:512].lstrip()
    if start.startswith((b"<?xml", b"<svg", b"<!--", b"<!DOCTYPE svg")) or b"<svg" in data[:2048]:
        return _svg(name, data, where)
    if data.startswith(b"\x89PNG") or data.startswith(b"\xff\xd8"):
        return _raster(name, data, where)
    raise DeckgenError(
        _("{where}: picture {name} is not a PNG, JPEG or SVG file; save it as one of those").format(
            where=where, name=repr(name)
        )
    )


def _raster(name: str, data: bytes, where: str) -> CardPicture:
    """A PNG or JPEG read with Pillow. In the browser Pillow is a stand-in (deckgen/inbrowser/standins)
    that refuses with an ImportError: the picture is then refused in one line that says what works."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                if image.width * image.height > MAX_PIXELS:
                    raise DeckgenError(
                        _(
                            "{where}: picture {name} is {width} x {height} pixels; use a smaller copy (at most "
                            "{millions} million pixels)"
                        ).format(
                            where=where,
                            name=repr(name),
                            width=image.width,
                            height=image.height,
                            millions=MAX_PIXELS // 1_000_000,
                        )
                    )
                orientation = image.getexif().get(0x0112, 1)
                image.load()
                if orientation != 1:
                    return _turned(name, image)
                return CardPicture(name, image.width, image.height, data=data)
    except DeckgenError:
        raise
    except ImportError:
        raise DeckgenError(
            _(
                "{where}: picture {name} is a PNG or JPEG, which needs deckgen on a computer or a school's server; "
                "in the browser use SVG pictures"
            ).format(where=where, name=repr(name))
        ) from None
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise DeckgenError(
            _(
                "{where}: picture {name} has too many pixels; use a smaller copy (at most {millions} million pixels)"
            ).format(where=where, name=repr(name), millions=MAX_PIXELS // 1_000_000)
        ) from None
    except (OSError, ValueError, SyntaxError):
        raise DeckgenError(
            _(
                "{where}: picture {name} cannot be read (the file is damaged, or not a picture); save it again as PNG "
                "or JPEG"
            ).format(where=where, name=repr(name))
        ) from None


def _turned(name: str, image: Image.Image) -> CardPicture:
    """A phone's photo stored sideways with a note to turn it, turned upright (PDFs ignore the
    note), no larger than a card needs, as a JPEG."""
    upright = ImageOps.exif_transpose(image)
    upright.thumbnail((TURNED_LONG_SIDE, TURNED_LONG_SIDE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    if upright.mode in ("RGBA", "LA", "P"):
        upright.save(out, format="PNG")
    else:
        upright.convert("RGB").save(out, format="JPEG", quality=90)
    return CardPicture(name, upright.width, upright.height, data=out.getvalue())


def _svg(name: str, data: bytes, where: str) -> CardPicture:
    import svgelements as se

    size = _svg_size(data)
    if size is None:
        raise DeckgenError(
            _("{where}: picture {name} is not an SVG drawing deckgen can read (its XML is broken)").format(
                where=where, name=repr(name)
            )
        )
    drawn, numbers = size
    if drawn > MAX_SVG_ELEMENTS:
        raise DeckgenError(
            _(
                "{where}: picture {name} draws more than {most} shapes once its copies (<use>) are counted, or copies "
                "itself; simplify it, or save it as PNG"
            ).format(where=where, name=repr(name), most=i18n.number(MAX_SVG_ELEMENTS))
        )
    try:
        if numbers > MAX_SVG_NUMBERS:  # refused before the SVG library reads (and copies) them all
            raise _TooMuchDrawing
        drawing = se.SVG.parse(io.BytesIO(data), reify=True)
        shapes = _svg_outlines(drawing, se)
    except _TooMuchDrawing:
        raise DeckgenError(
            _("{where}: picture {name} draws more than {most} lines and curves; simplify it, or save it as PNG").format(
                where=where, name=repr(name), most=i18n.number(MAX_SVG_SEGMENTS)
            )
        ) from None
    except Exception as error:  # svgelements raises many kinds on a broken file
        raise DeckgenError(
            _("{where}: picture {name} is not an SVG drawing deckgen can read ({error})").format(
                where=where, name=repr(name), error=error
            )
        ) from None
    points = [p for shape in shapes for p in _points(shape)]
    if not points:
        raise DeckgenError(
            _("{where}: picture {name} draws nothing (no filled or stroked shape); check the file").format(
                where=where, name=repr(name)
            )
        )
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
    moved = tuple(translate(shapes, -x0, -y0))
    return CardPicture(name, max(x1 - x0, 1e-6), max(y1 - y0, 1e-6), outlines=moved)


def _svg_size(data: bytes) -> tuple[int, int] | None:
    """How many elements an SVG draws with every <use> followed (a copy of itself counts as too
    many), and how many numbers their outlines (``d``, ``points``) hold, copies counted too: a
    drawing of 2 KB can ask for millions of either. ``None``: not XML (or DTD tricks, refused)."""
    from xml.etree.ElementTree import Element

    from defusedxml import ElementTree

    try:
        root = ElementTree.fromstring(data)
    except Exception:  # defusedxml refuses entities and DTDs; broken XML raises ParseError
        return None
    by_id: dict[str, Element] = {}
    for element in root.iter():
        key = element.get("id")
        if key:
            by_id.setdefault(key, element)
    sizes: dict[int, tuple[int, int]] = {}
    busy: set[int] = set()
    too_many = (MAX_SVG_ELEMENTS + 1, MAX_SVG_NUMBERS + 1)

    def size(element: Element) -> tuple[int, int]:
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in busy:
            return too_many  # it copies itself
        busy.add(key)
        outline = (element.get("d") or "") + " " + (element.get("points") or "")
        total = [1, len(_NUMBER.findall(outline)) if outline.strip() else 0]
        parts = [size(child) for child in element]
        if element.tag.endswith("use"):
            link = element.get("href") or element.get("{http://www.w3.org/1999/xlink}href") or ""
            target = by_id.get(link.removeprefix("#"))
            if target is not None:
                parts.append(size(target))
        for elements, numbers in parts:
            total[0] += elements
            total[1] += numbers
        busy.discard(key)
        sizes[key] = (min(total[0], too_many[0]), min(total[1], too_many[1]))
        return sizes[key]

    try:
        return size(root)
    except RecursionError:
        return too_many


#: A number in an outline (``d``, ``points``): what the SVG library reads each line and curve from.
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class _TooMuchDrawing(Exception):
    """An SVG whose lines and curves are more than a card picture is read with (see :data:`MAX_SVG_SEGMENTS`)."""


def _svg_outlines(drawing: Any, se: Any) -> list[Primitive]:
    """Every shape of the drawing with a plain fill or stroke, as polygons in its own units.

    The work is bounded by the drawing's lines and curves, not only its shapes: one path of a
    few kilobytes can hold thousands of curves. At most :data:`MAX_SVG_SEGMENTS` of them are
    read, and the curves are cut into at most :data:`MAX_SVG_POINTS` points in all (more
    coarsely, if a drawing of many curves needs it), each worked out here from the curve's
    control points."""
    elements = [e for e in drawing.elements() if isinstance(e, se.Shape)]
    budget = [MAX_SVG_SEGMENTS]  # the lines and curves still to be read, across every path
    pieces = [_pieces(se.Path(element), se, budget) for element in elements]
    controls = [p for found in pieces for subpath in found for piece in subpath for p in piece]
    if not controls:
        return []
    x0, y0 = min(p[0] for p in controls), min(p[1] for p in controls)
    x1, y1 = max(p[0] for p in controls), max(p[1] for p in controls)
    step = max(math.hypot(x1 - x0, y1 - y0) / _SVG_STEPS, 1e-6)
    curves = [piece for found in pieces for subpath in found for piece in subpath if len(piece) > 2]
    needed = sum(_steps(curve, step) for curve in curves)
    if needed > MAX_SVG_POINTS:  # a coarser cut, so that the points stay within the bound
        step *= needed / (MAX_SVG_POINTS - 2 * len(curves))
    shapes: list[Primitive] = []
    for element, found in zip(elements, pieces, strict=True):
        rings = _rings(found, step)
        if not rings:
            continue
        fill = _colour(getattr(element, "fill", None))
        if fill is not None:
            closed = [ring for ring in rings if len(ring) >= 3]
            if closed:
                shapes.append(Shape(tuple(closed), fill, fill_rule=_fill_rule(element)))
        stroke = _colour(getattr(element, "stroke", None))
        width = float(getattr(element, "stroke_width", 0) or 0)
        if stroke is not None and width > 0:
            shapes += [Stroke(ring, width, stroke) for ring in rings if len(ring) >= 2]
    return shapes


#: A piece of a path: a point it moves or draws a line to (one point), or a quadratic or cubic
#: curve from the point before (its control points and end: two or three points).
_Piece = tuple[Point, ...]


def _pieces(path: Any, se: Any, budget: list[int]) -> list[list[_Piece]]:
    """Each sub-path of ``path`` as its pieces; arcs become the cubic curves that draw them.
    ``budget``: how many pieces may still be read (:class:`_TooMuchDrawing` past it)."""
    subpaths: list[list[_Piece]] = []
    for sub in path.as_subpaths():
        pieces: list[_Piece] = []
        for segment in sub:
            if isinstance(segment, (se.Move, se.Line, se.Close)):
                if segment.end is not None:
                    pieces.append((_xy(segment.end),))
            elif isinstance(segment, se.QuadraticBezier):
                pieces.append((_xy(segment.start), _xy(segment.control), _xy(segment.end)))
            elif isinstance(segment, se.CubicBezier):
                pieces.append((_xy(segment.start), _xy(segment.control1), _xy(segment.control2), _xy(segment.end)))
            elif isinstance(segment, se.Arc):
                for curve in segment.as_cubic_curves():
                    pieces.append((_xy(curve.start), _xy(curve.control1), _xy(curve.control2), _xy(curve.end)))
                    budget[0] -= 1
                    if budget[0] < 0:
                        raise _TooMuchDrawing
                continue
            budget[0] -= 1
            if budget[0] < 0:
                raise _TooMuchDrawing
        subpaths.append(pieces)
    return subpaths


def _xy(point: Any) -> Point:
    return (float(point.x), float(point.y))


def _steps(curve: _Piece, step: float) -> int:
    """How many points a curve is cut into: its control polygon (a little longer than the
    curve itself) over ``step``, 2 to 400."""
    length = sum(math.dist(a, b) for a, b in pairwise(curve))
    return max(2, min(400, math.ceil(length / step))) if math.isfinite(length) else 2


def _on_curve(curve: _Piece, t: float) -> Point:
    """The point at ``t`` (0 to 1) of a quadratic or cubic Bézier curve (its start, controls and end)."""
    u = 1 - t
    if len(curve) == 3:
        (ax, ay), (bx, by), (cx, cy) = curve
        return (u * u * ax + 2 * u * t * bx + t * t * cx, u * u * ay + 2 * u * t * by + t * t * cy)
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = curve
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * ax + b * bx + c * cx + d * dx, a * ay + b * by + c * cy + d * dy)


def _rings(subpaths: list[list[_Piece]], step: float) -> list[tuple[Point, ...]]:
    rings: list[tuple[Point, ...]] = []
    for pieces in subpaths:
        points: list[Point] = []
        for piece in pieces:
            if len(piece) == 1:
                points.append(piece[0])
                continue
            count = _steps(piece, step)
            points += [_on_curve(piece, k / count) for k in range(1, count + 1)]
        cleaned = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
        if len(cleaned) >= 2:
            rings.append(tuple(cleaned))
    return rings


def _fill_rule(element: Any) -> str:
    """The fill rule the drawing gives the element (its own, its style's or a group's): SVG's
    default is non-zero."""
    return "evenodd" if str(element.values.get("fill-rule", "")).strip() == "evenodd" else "nonzero"


def _colour(value: Any) -> str | None:
    if value is None or getattr(value, "value", None) is None:
        return None
    if getattr(value, "alpha", 255) == 0:
        return None
    return str(value.hexrgb).upper()


def _points(shape: Primitive) -> Sequence[Point]:
    if isinstance(shape, Shape):
        return [p for ring in shape.outline for p in ring]
    if isinstance(shape, Stroke):
        return shape.points
    return []


def picture_primitives(picture: CardPicture, box: tuple[float, float, float, float]) -> list[Primitive]:
    """The picture fitted inside ``box`` (x, y, width, height; mm), proportions kept, centred."""
    x, y, width, height = box
    factor = min(width / picture.width, height / picture.height)
    w, h = picture.width * factor, picture.height * factor
    left, top = x + (width - w) / 2, y + (height - h) / 2
    if picture.data:
        return [Picture(left, top, w, h, picture.data)]
    return translate(scale_about(picture.outlines, factor, 0.0, 0.0), left, top)
