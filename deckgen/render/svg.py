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

from deckgen.layout.laser import Fill, LaserPath, LaserSheet
from deckgen.layout.roles import HAIRLINE, LAYER_ORDER, ROLES


def number(value: float) -> str:
    """A coordinate with at most 3 decimals and no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(path: LaserPath) -> str:
    parts = [f"M{number(path.start[0])} {number(path.start[1])}"]
    for kind, r, x, y in path.segments:
        if kind == "L":
            parts.append(f"L{number(x)} {number(y)}")
        else:
            parts.append(f"A{number(r)} {number(r)} 0 0 1 {number(x)} {number(y)}")
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
    ElementTree.indent(root, space=" ")
    return (
        '<?xml version="1.0" encoding="utf-8" ?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"
    ).encode()


def _stroked(drawing: svgwrite.Drawing, paths: Iterable[LaserPath], colour: str) -> list[object]:
    return [drawing.path(d=path_data(p), fill="none", stroke=colour, stroke_width=number(HAIRLINE)) for p in paths]


def _elements(drawing: svgwrite.Drawing, sheet: LaserSheet, role_name: str) -> list[object]:
    colour = ROLES[role_name].colour
    if role_name == "cut":
        return _stroked(drawing, sheet.cut, colour)
    if role_name == "score":
        return _stroked(drawing, sheet.score, colour)
    if role_name == "guide":
        return _stroked(drawing, sheet.guide, colour)
    if role_name == "engrave":
        return [drawing.path(d=fill_data(f), fill=colour, stroke="none", fill_rule="nonzero") for f in sheet.engrave]
    return [
        drawing.rect(insert=(number(x), number(y)), size=(number(size), number(size)), fill=colour, stroke="none")
        for x, y, size in sheet.registration
    ]
