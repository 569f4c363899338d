"""SVG backend (svgwrite) for laser sheets: true millimetres, one layer per role, no text.

The root's width and height are in mm and the viewBox has the same numbers, so one user
unit is one millimetre. Coordinates are rounded to 3 decimals. Each layer is an Inkscape
layer (``inkscape:groupmode="layer"``) named after its role; every path also carries its
role's colour itself, because some laser software ignores the styles of groups.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.etree import ElementTree

import svgwrite
from svgwrite.extensions import Inkscape

from deckgen.layout.laser.paths import Arc, Fill, LaserPath, LaserSheet
from deckgen.layout.roles import HAIRLINE, LAYER_ORDER, ROLES

#: Coordinates already written: a class set repeats the same few thousand numbers (the same
#: faces in the same slots of every sheet) over a million times, and formatting is the cost.
_WRITTEN: dict[float, str] = {}


def number(value: float) -> str:
    """A coordinate with at most 3 decimals and no trailing zeros."""
    return _WRITTEN.get(value) or _write(value)


def _write(value: float) -> str:
    if len(_WRITTEN) > 100_000:
        _WRITTEN.clear()
    text = f"{value:.3f}"
    if text[-1] == "0":
        text = text.rstrip("0").rstrip(".")
        text = "0" if text in ("-0", "") else text
    _WRITTEN[value] = text
    return text


def path_data(path: LaserPath) -> str:
    # :func:`number` written out in the loop: this runs for every coordinate of a class set.
    memo = _WRITTEN
    x, y = path.start
    parts = [f"M{memo.get(x) or _write(x)} {memo.get(y) or _write(y)}"]
    for segment in path.segments:
        x, y = segment.x, segment.y
        if isinstance(segment, Arc):
            r = number(segment.radius)
            parts.append(f"A{r} {r} 0 0 1 {memo.get(x) or _write(x)} {memo.get(y) or _write(y)}")
        else:
            parts.append(f"L{memo.get(x) or _write(x)} {memo.get(y) or _write(y)}")
    if path.closed:
        parts.append("Z")
    return " ".join(parts)


def fill_data(fill: Fill) -> str:
    rings = []
    for ring in fill.rings:
        head, *rest = ring
        rings.append(
            f"M{number(head[0])} {number(head[1])} " + " ".join(f"L{number(x)} {number(y)}" for x, y in rest) + " Z"
        )
    return " ".join(rings)


def sheet_to_svg(sheet: LaserSheet, title: str) -> bytes:
    drawing = svgwrite.Drawing(
        size=(f"{number(sheet.width)}mm", f"{number(sheet.height)}mm"),
        viewBox=f"0 0 {number(sheet.width)} {number(sheet.height)}",
        profile="full",
        debug=False,
    )
    inkscape = Inkscape(drawing)
    drawing.set_desc(title=title)
    for role_name in LAYER_ORDER:
        role = ROLES[role_name]
        layer = inkscape.layer(label=role.label, id=role.name, locked=False)
        for element in _elements(drawing, sheet, role_name):
            layer.add(element)
        drawing.add(layer)
    root = drawing.get_xml()
    # Stroked paths are many (tens of thousands in a class set): they go straight into the
    # element tree svgwrite made, which writes the same markup several times faster.
    layers = {element.get("id"): element for element in root}
    stroked = {"guide": sheet.guide, "score": sheet.score, "cut": sheet.cut}
    for role_name, paths in stroked.items():
        _add_stroked(layers[role_name], paths, ROLES[role_name].colour)
    ElementTree.indent(root, space=" ")
    return (
        '<?xml version="1.0" encoding="utf-8" ?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"
    ).encode()


#: Inkscape's own hairline marker. With the width of :data:`HAIRLINE` and a non-scaling stroke it
#: is exactly what Inkscape writes for a hairline, so every viewer shows the paths (a true 0.01 mm
#: stroke looks like an empty sheet outside Inkscape) and Inkscape still treats them as hairlines.
HAIRLINE_STYLE = "-inkscape-stroke:hairline"


def _add_stroked(layer: ElementTree.Element, paths: Iterable[LaserPath], colour: str) -> None:
    """Hairline paths in the role's colour, each marked as a hairline for Inkscape."""
    width = number(HAIRLINE)
    for path in paths:
        ElementTree.SubElement(
            layer,
            "path",
            {
                "d": path_data(path),
                "fill": "none",
                "stroke": colour,
                "stroke-width": width,
                "style": HAIRLINE_STYLE,
                "vector-effect": "non-scaling-stroke",
            },
        )


def _elements(drawing: svgwrite.Drawing, sheet: LaserSheet, role_name: str) -> list[object]:
    """The filled elements of a layer (stroked paths are added by :func:`_add_stroked`)."""
    colour = ROLES[role_name].colour
    if role_name == "engrave":
        return [drawing.path(d=fill_data(f), fill=colour, stroke="none", fill_rule="nonzero") for f in sheet.engrave]
    if role_name == "registration":
        return [
            drawing.rect(insert=(number(x), number(y)), size=(number(size), number(size)), fill=colour, stroke="none")
            for x, y, size in sheet.registration
        ]
    return []
