"""PNG backend (Pillow): a face at a given DPI, drawn from the same primitives as the PDF.

Each run of same-coloured shapes is drawn as a coverage mask at twice the resolution and
halved, which smooths edges the way a PDF viewer does; the masks are then laid down in
drawing order. Millimetres become pixels only here (px = mm × dpi / 25.4). The DPI is
written into the file. The same face and DPI always give the same bytes.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from deckgen.layout.primitives import PRINTED_ROLES, Box, Disc, Picture, Primitive, Shape, Stroke
from deckgen.units import mm_to_px

SUPERSAMPLE = 2
Colour = tuple[int, int, int, int]


def pixel_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """round(size / 25.4 × dpi) each way."""
    return round(mm_to_px(width_mm, dpi)), round(mm_to_px(height_mm, dpi))


def _rgba(colour: str) -> Colour:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255


Extent = tuple[float, float, float, float]


def _extent(shape: Primitive) -> Extent:
    """(x0, y0, x1, y1) in mm that the shape's ink can reach."""
    if isinstance(shape, Stroke):
        half = shape.width / 2
        xs = [x for x, _ in shape.points]
        ys = [y for _, y in shape.points]
        return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
    if isinstance(shape, Disc):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if isinstance(shape, Shape):
        xs = [x for ring in shape.contours for x, _ in ring]
        ys = [y for ring in shape.contours for _, y in ring]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(shape, Picture):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    half = shape.width / 2 if shape.stroke else 0.0
    return shape.x - half, shape.y - half, shape.x + shape.w + half, shape.y + shape.h + half


def _near(a: Extent, b: Extent, slack: float = 1.0) -> bool:
    return a[0] - slack < b[2] and b[0] - slack < a[2] and a[1] - slack < b[3] and b[1] - slack < a[3]


def _runs(shapes: Iterable[Primitive]) -> list[tuple[str, Extent, list[tuple[str, Primitive]]]]:
    """Consecutive drawing operations of one colour close together (one digit, one dot)."""
    runs: list[tuple[str, Extent, list[tuple[str, Primitive]]]] = []

    def add(colour: str, what: str, shape: Primitive) -> None:
        extent = _extent(shape)
        if runs and runs[-1][0] == colour and _near(runs[-1][1], extent):
            _, (x0, y0, x1, y1), operations = runs[-1]
            operations.append((what, shape))
            merged = (min(x0, extent[0]), min(y0, extent[1]), max(x1, extent[2]), max(y1, extent[3]))
            runs[-1] = (colour, merged, operations)
        else:
            runs.append((colour, extent, [(what, shape)]))

    for shape in shapes:
        if shape.role not in PRINTED_ROLES:
            continue
        if isinstance(shape, Box):
            if shape.fill:
                add(shape.fill, "fill", shape)
            if shape.stroke:
                add(shape.stroke, "outline", shape)
        elif isinstance(shape, Picture):
            runs.append(("", _extent(shape), [("picture", shape)]))  # a run of its own, never merged
        else:
            add(shape.colour, "ink", shape)
    return runs


def draw(
    shapes: Iterable[Primitive], width_mm: float, height_mm: float, dpi: int, background: Colour = (0, 0, 0, 0)
) -> Image.Image:
    """Render shapes (mm, y down) into an RGBA image of the exact pixel size."""
    size = pixel_size(width_mm, height_mm, dpi)
    per_mm = mm_to_px(1.0, dpi)
    image = Image.new("RGBA", size, background)
    for colour, (x0, y0, x1, y1), operations in _runs(shapes):
        first = operations[0][1]
        if isinstance(first, Picture):
            _paste_picture(image, first, per_mm)
            continue
        # Only the pixels this run can touch, on whole-pixel bounds so that halving is exact.
        left, top = max(0, math.floor(x0 * per_mm) - 1), max(0, math.floor(y0 * per_mm) - 1)
        right, bottom = min(size[0], math.ceil(x1 * per_mm) + 1), min(size[1], math.ceil(y1 * per_mm) + 1)
        if right <= left or bottom <= top:
            continue
        box = (right - left, bottom - top)
        mask = Image.new("L", (box[0] * SUPERSAMPLE, box[1] * SUPERSAMPLE), 0)
        pen = ImageDraw.Draw(mask)
        offset = (left * SUPERSAMPLE, top * SUPERSAMPLE)
        for what, shape in operations:
            if isinstance(shape, Shape):
                _fill_outline(mask, shape, per_mm * SUPERSAMPLE, offset)
            else:
                _draw_shape(pen, what, shape, per_mm * SUPERSAMPLE, offset)
        image.paste(_rgba(colour), (left, top, right, bottom), mask.resize(box, Image.Resampling.BOX))
    return image


def _paste_picture(image: Image.Image, picture: Picture, per_mm: float) -> None:
    """Lay a picture over its box, resampled to the pixels it covers (transparency kept)."""
    left, top = round(picture.x * per_mm), round(picture.y * per_mm)
    width, height = round(picture.w * per_mm), round(picture.h * per_mm)
    if width < 1 or height < 1:
        return
    layer = _picture_layer(picture.data, width, height)
    if picture.mirrored:
        layer = layer.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    if left >= 0 and top >= 0:
        image.alpha_composite(layer, (left, top))
    else:  # partly off the picture: paste clips where alpha_composite refuses
        image.paste(layer, (left, top), layer)


@lru_cache(maxsize=16)
def _picture_layer(data: bytes, width: int, height: int) -> Image.Image:
    """A picture resampled to ``width`` x ``height`` pixels (not to be changed: it is shared).

    Kept for the next card that shows it: a picture on a hundred cards is decoded once, not
    once a card (a second or more each for a photo of 60 megapixels)."""
    with Image.open(io.BytesIO(data)) as source:
        source.load()
        return source.convert("RGBA").resize((width, height), Image.Resampling.LANCZOS)


def _fill_outline(mask: Image.Image, shape: Shape, scale: float, offset: tuple[int, int]) -> None:
    """Fill a shape's contours into ``mask`` by the shape's fill rule (see :func:`_coverage`)."""
    ox, oy = offset
    rings = [[(x * scale - ox, y * scale - oy) for x, y in ring] for ring in shape.contours]
    left = max(0, math.floor(min(x for ring in rings for x, _ in ring)) - 1)
    top = max(0, math.floor(min(y for ring in rings for _, y in ring)) - 1)
    right = min(mask.width, math.ceil(max(x for ring in rings for x, _ in ring)) + 2)
    bottom = min(mask.height, math.ceil(max(y for ring in rings for _, y in ring)) + 2)
    if right <= left or bottom <= top:
        return
    moved = [[(x - left, y - top) for x, y in ring] for ring in rings]
    ink = _coverage(moved, (right - left, bottom - top), shape.fill_rule == "nonzero")
    area = (left, top, right, bottom)
    mask.paste(ImageChops.lighter(mask.crop(area), ink), area)


def _coverage(rings: list[list[tuple[float, float]]], size: tuple[int, int], nonzero: bool) -> Image.Image:
    """The pixels whose centres the contours surround, by the winding rule or the even-odd rule.

    Pillow fills one polygon at a time and knows no winding rule, so the outline is scanned here
    row by row: each edge that crosses a row's centre line counts +1 or −1 by the way it runs,
    and a stretch of the row is ink where the count is not zero (non-zero) or odd (even-odd).
    Each edge covers the rows from its top down to, but not including, its bottom, so a corner
    where two edges meet is counted once.
    """
    width, height = size
    rows: list[list[tuple[float, int]]] = [[] for _ in range(height)]
    for ring in rings:
        x0, y0 = ring[-1]
        for x1, y1 in ring:
            if y0 != y1:
                way, (xa, ya), (xb, yb) = (1, (x0, y0), (x1, y1)) if y0 < y1 else (-1, (x1, y1), (x0, y0))
                slope = (xb - xa) / (yb - ya)
                for row in range(max(0, math.ceil(ya - 0.5)), min(height, math.ceil(yb - 0.5))):
                    rows[row].append((xa + (row + 0.5 - ya) * slope, way))
            x0, y0 = x1, y1
    pixels = bytearray(width * height)
    for row, crossings in enumerate(rows):
        if not crossings:
            continue
        crossings.sort()
        count = 0
        start = 0.0
        for x, way in crossings:
            was_in = count != 0 if nonzero else count % 2 == 1
            count += way
            now_in = count != 0 if nonzero else count % 2 == 1
            if now_in and not was_in:
                start = x
            elif was_in and not now_in:
                # Pixels whose centres (column + 0.5) lie in [start, x).
                first, end = max(0, math.ceil(start - 0.5)), min(width, math.ceil(x - 0.5))
                if end > first:
                    base = row * width
                    pixels[base + first : base + end] = b"\xff" * (end - first)
    return Image.frombytes("L", size, bytes(pixels))


def _draw_shape(pen: ImageDraw.ImageDraw, what: str, shape: Primitive, scale: float, offset: tuple[int, int]) -> None:
    ox, oy = offset
    if isinstance(shape, Stroke):
        points = [(x * scale - ox, y * scale - oy) for x, y in shape.points]
        if shape.closed:
            points.append(points[0])
        if len(points) > 1:
            pen.line(points, fill=255, width=max(1, round(shape.width * scale)), joint="curve")
        radius = shape.width * scale / 2
        for x, y in (points[0], points[-1]):  # round caps
            pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
    elif isinstance(shape, Disc):
        x, y, r = shape.cx * scale - ox, shape.cy * scale - oy, shape.r * scale
        pen.ellipse((x - r, y - r, x + r, y + r), fill=255)
    elif isinstance(shape, Box):
        box = (
            shape.x * scale - ox,
            shape.y * scale - oy,
            (shape.x + shape.w) * scale - ox,
            (shape.y + shape.h) * scale - oy,
        )
        if what == "fill":
            pen.rectangle(box, fill=255)
        else:
            pen.rectangle(box, outline=255, width=max(1, round(shape.width * scale)))


#: Colours an image may have to be saved as an indexed PNG (a card has about a dozen: clear,
#: ink, the tier colour and their smoothed edges).
MAX_INDEXED_COLOURS = 256


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    """The image as a PNG with its DPI: indexed when it has few colours, else RGBA.

    An indexed PNG holds one byte a pixel instead of four and needs no row filters, so it
    is written about twice as fast and is half the size; it decodes to exactly the same
    RGBA pixels (its palette and transparency table hold the image's own colours).
    """
    buffer = io.BytesIO()
    indexed = _indexed(image)
    if indexed is None:
        image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=3)
    else:
        picture, alphas = indexed
        extra = {} if all(a == 255 for a in alphas) else {"transparency": alphas}
        picture.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=3, **extra)
    return buffer.getvalue()


def _indexed(image: Image.Image) -> tuple[Image.Image, bytes] | None:
    """The image as palette indices, with each index's alpha; None if it has too many colours.

    Each pixel's index is a sum of one lookup table per band, modulo 256, worked out by
    Pillow on whole bands at once. The tables are drawn from a fixed sequence of seeds until
    the image's colours get different indices, so the same image always gives the same file.
    """
    if image.mode != "RGBA":
        return None
    found = image.getcolors(MAX_INDEXED_COLOURS)
    if found is None:
        return None
    colours: list[tuple[int, ...]] = [colour for _, colour in found if isinstance(colour, tuple)]
    if len(colours) != len(found):
        return None
    # Bands the same in every colour tell nothing apart: they are left out.
    varying = [band for band in range(4) if len({colour[band] for colour in colours}) > 1]
    for seed in range(200):
        tables = random.Random(seed).randbytes(256 * len(varying))
        luts = [tables[256 * k : 256 * (k + 1)] for k in range(len(varying))]
        keys = [sum(lut[colour[band]] for lut, band in zip(luts, varying, strict=True)) % 256 for colour in colours]
        if len(set(keys)) == len(keys):
            break
    else:
        return None
    bands = image.split()
    index = Image.new("L", image.size, 0)
    for lut, band in zip(luts, varying, strict=True):
        index = ImageChops.add_modulo(index, bands[band].point(list(lut)))
    palette = bytearray(3 * (max(keys) + 1))
    alphas = bytearray(b"\xff" * (max(keys) + 1))
    for key, colour in zip(keys, colours, strict=True):
        palette[3 * key : 3 * key + 3] = bytes(colour[:3])
        alphas[key] = colour[3]
    picture = Image.frombytes("P", image.size, index.tobytes())
    picture.putpalette(bytes(palette), "RGB")
    return picture, bytes(alphas)
