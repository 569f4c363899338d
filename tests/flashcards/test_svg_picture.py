"""The page's previews as SVG (deckgen/render/svg_picture.py), drawn by the browser where Pillow is
not there: the same primitives give the same bytes, only what a printer prints is drawn (no cut
or guide lines), a letter keeps the rule its outline is filled by, and a raster picture is drawn
as its box; the picture is well-formed SVG, its viewBox the sheet's size in mm."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import svgelements

from deckgen.build import BuildRequest, prepare
from deckgen.layout.primitives import Box, Disc, Picture, Primitive, Shape, Stroke
from deckgen.render.svg_picture import svg_picture
from deckgen.serve.preview import card_drawing, sheet_drawing, svg_of

SVG = "{http://www.w3.org/2000/svg}"
SQUARE = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
HOLE = ((3.0, 3.0), (3.0, 7.0), (7.0, 7.0), (7.0, 3.0))

#: One of each primitive, and each in every role.
EVERY: tuple[Primitive, ...] = (
    Stroke(((1.0, 1.0), (20.0, 1.0), (20.0, 5.0)), 0.5, "#112233"),
    Stroke(((2.0, 2.0), (8.0, 2.0), (8.0, 8.0)), 0.3, "#445566", closed=True),
    Disc(30.123456, 40.0004, 2.5, "#778899"),
    Box(5, 6, 7, 8, "#000000", "#FFEE00", 0.25),
    Box(1, 2, 3, 4, None, None),
    Shape((SQUARE, HOLE), "#1F5FA8", fill_rule="evenodd"),
    Shape((SQUARE,), "#C81E1E", origin=(50.0, 60.0)),
    Picture(12.5, 13.25, 20, 30, b"\x89PNG\r\n\x1a\n" + b"\x00" * 64),
)


def parsed(data: bytes) -> ET.Element:
    return ET.fromstring(data)


def drawn(data: bytes) -> list[ET.Element]:
    """The elements drawn, in order (the title and the background left out)."""
    root = parsed(data)
    return [e for e in root if e.tag != f"{SVG}title"]


def test_the_same_primitives_give_the_same_bytes_with_at_most_three_decimals() -> None:
    first = svg_picture(EVERY, 210, 297, "#FFFFFF", title="A sheet")
    assert first == svg_picture(list(EVERY), 210.0, 297.0, "#FFFFFF", title="A sheet")
    numbers = re.findall(rb"-?\d+\.\d+", first)
    assert numbers and all(len(n.partition(b".")[2]) <= 3 for n in numbers), numbers
    assert b'cx="30.123" cy="40"' in first  # rounded to a micrometre, without trailing zeros
    assert b"-0" not in first
    tiny = svg_picture([Disc(-0.0001, 0.0004, 1)], 10, 10)
    assert b'cx="0" cy="0"' in tiny


def test_a_preview_drawn_twice_from_two_plans_is_the_same_bytes(tmp_path: Path) -> None:
    def pictures() -> tuple[bytes, bytes]:
        job = prepare(BuildRequest(games=("treenex",), out=tmp_path, pack=False), plan_lasers=False)
        card = card_drawing(job)
        assert card is not None
        return svg_of(sheet_drawing(job)), svg_of(card)

    assert pictures() == pictures()


def test_only_what_a_printer_prints_is_drawn() -> None:
    line = ((0.0, 0.0), (5.0, 5.0))
    shapes = [
        Stroke(line, 0.2, "#000001", role="print"),
        Stroke(line, 0.2, "#000002", role="mark"),
        Stroke(line, 0.2, "#000003", role="registration"),
        Stroke(line, 0.2, "#000004", role="cut"),
        Stroke(line, 0.2, "#000005", role="guide"),
        Box(0, 0, 5, 5, "#000006", None, 0.1, role="cut"),
        Disc(1, 1, 1, "#000007", role="guide"),
        Shape((SQUARE,), "#000008", role="cut"),
        Picture(0, 0, 5, 5, b"", role="guide"),
    ]
    kept = drawn(svg_picture(shapes, 20, 20))
    assert [e.attrib["stroke"] for e in kept] == ["#000001", "#000002", "#000003"]


def test_a_shape_keeps_its_fill_rule_and_is_drawn_where_its_origin_puts_it() -> None:
    data = svg_picture(EVERY, 100, 100)
    paths = [e for e in drawn(data) if e.tag == f"{SVG}path"]
    assert [(p.attrib["fill"], p.attrib["fill-rule"]) for p in paths] == [
        ("#1F5FA8", "evenodd"),
        ("#C81E1E", "nonzero"),
    ]
    assert paths[0].attrib["d"] == "M0 0 L10 0 L10 10 L0 10ZM3 3 L3 7 L7 7 L7 3Z"
    # Read back by another SVG reader: each keeps its rule, and the moved square lies at its origin.
    picture = svgelements.SVG.parse(io.BytesIO(data))
    found = [e for e in picture.elements() if isinstance(e, svgelements.Path)]
    assert [str(e.values.get("fill-rule")) for e in found] == ["evenodd", "nonzero"]
    per_mm = picture.width / 100  # svgelements reads in pixels
    assert [side / per_mm for side in found[1].bbox()] == pytest.approx([50, 60, 60, 70])


def test_a_raster_picture_is_drawn_as_its_box() -> None:
    for picture in (EVERY[-1], Picture(12.5, 13.25, 20, 30, b"\xff\xd8\xff" + b"\x01" * 64, mirrored=True)):
        data = svg_picture([picture], 50, 50)
        (box,) = drawn(data)
        assert box.tag == f"{SVG}rect"
        sides = [float(box.attrib[name]) for name in ("x", "y", "width", "height")]
        assert sides == [picture.x, picture.y, picture.w, picture.h]
        assert box.attrib["fill"] != "none"
        assert b"<image" not in data and b"base64" not in data  # the picture's bytes stay out


def test_every_kind_of_primitive_is_well_formed_svg_the_size_asked() -> None:
    data = svg_picture(EVERY, 63.5, 88.9, "#FFFFFF", title='Card 1 <of 2> & "more"')
    root = parsed(data)
    assert root.tag == f"{SVG}svg"
    assert (root.attrib["width"], root.attrib["height"], root.attrib["viewBox"]) == (
        "63.5mm",
        "88.9mm",
        "0 0 63.5 88.9",
    )
    assert root.find(f"{SVG}title").text == 'Card 1 <of 2> & "more"'  # type: ignore[union-attr]
    tags = [e.tag.removeprefix(SVG) for e in drawn(data)]
    background, *shapes = tags
    assert background == "rect"
    assert shapes == ["polyline", "polygon", "circle", "rect", "rect", "path", "path", "rect"]
    picture = svgelements.SVG.parse(io.BytesIO(data))
    assert (picture.viewbox.width, picture.viewbox.height) == (63.5, 88.9)
    # Clear (a film card): no background drawn.
    assert [e.tag for e in drawn(svg_picture(EVERY, 63.5, 88.9))] == [f"{SVG}{tag}" for tag in shapes]
