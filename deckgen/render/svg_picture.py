"""Primitives drawn as an SVG picture for the screen: the page's previews where Pillow is not there.

The page's previews are PNGs drawn by :mod:`deckgen.render.png`, which needs Pillow. A browser
running deckgen on Pyodide has no Pillow (see :mod:`deckgen.inbrowser`), but it draws SVG
itself: the same primitives, the same roles printed, in millimetres (the ``viewBox``), so the
browser scales the picture to the box it is shown in. This is a picture for the eye, not a
laser file (that is :mod:`deckgen.render.svg`): fills and strokes in colour, text as outlines.

The same primitives always give the same bytes: numbers are written with at most three decimals
(a micrometre), in the order drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import quoteattr

from deckgen.layout.primitives import PRINTED_ROLES, Box, Disc, Primitive, Shape, Stroke


def _n(value: float) -> str:
    """A length in mm with at most three decimals, without trailing zeros (``-0`` as ``0``)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _ring(ring: Iterable[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in ring) + "Z"


def _element(shape: Primitive) -> str:
    if isinstance(shape, Stroke):
        tag = "polygon" if shape.closed else "polyline"
        return (
            f'<{tag} points="{_points(shape.points)}" fill="none" stroke="{shape.colour}" '
            f'stroke-width="{_n(shape.width)}" stroke-linecap="round" stroke-linejoin="round"/>'
        )
    if isinstance(shape, Disc):
        return f'<circle cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" r="{_n(shape.r)}" fill="{shape.colour}"/>'
    if isinstance(shape, Box):
        fill = shape.fill or "none"
        stroke = f' stroke="{shape.stroke}" stroke-width="{_n(shape.width)}"' if shape.stroke else ""
        box = f'x="{_n(shape.x)}" y="{_n(shape.y)}" width="{_n(shape.w)}" height="{_n(shape.h)}"'
        return f'<rect {box} fill="{fill}"{stroke}/>'
    if isinstance(shape, Shape):
        data = "".join(_ring(ring) for ring in shape.contours if ring)
        return f'<path d="{data}" fill="{shape.colour}" fill-rule="{shape.fill_rule}"/>'
    # A raster picture cannot be shown without decoding it; its box stands for it (see Picture).
    return (
        f'<rect x="{_n(shape.x)}" y="{_n(shape.y)}" width="{_n(shape.w)}" height="{_n(shape.h)}" '
        'fill="#EEEEEE" stroke="#9A9A9A" stroke-width="0.3"/>'
    )


def svg_picture(
    shapes: Iterable[Primitive], width_mm: float, height_mm: float, background: str | None = None, title: str = ""
) -> bytes:
    """The printed shapes (mm, y down) as an SVG of ``width_mm`` x ``height_mm``, on ``background``
    (``None``: clear, as a film card is)."""
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width_mm)}mm" height="{_n(height_mm)}mm" '
        f'viewBox="0 0 {_n(width_mm)} {_n(height_mm)}">',
    ]
    if title:
        parts.append(f"<title>{quoteattr(title)[1:-1]}</title>")
    if background is not None:
        parts.append(f'<rect width="{_n(width_mm)}" height="{_n(height_mm)}" fill="{background}"/>')
    for shape in shapes:
        if shape.role in PRINTED_ROLES:
            parts.append(_element(shape))
    parts.append("</svg>\n")
    return "".join(parts).encode("utf-8")
