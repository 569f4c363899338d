"""Filled outlines (text set from a font, SVG pictures): every backend fills them by their fill
rule, non-zero (a font's) or even-odd, with their holes left clear and their overlaps filled."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from deckgen.layout.faces import Face
from deckgen.layout.laser.marks import _as_fill, _as_score
from deckgen.layout.primitives import Shape, flip_y, mirror_x, rotate_90, rotate_180, translate
from deckgen.layout.sheets import Page, Placement, SheetPlan
from deckgen.render.pdf import plan_to_pdf
from deckgen.render.png import draw

#: A 20 mm square with a 10 mm square hole in its middle, the hole turning the other way (as a font draws it).
OUTER = ((5.0, 5.0), (25.0, 5.0), (25.0, 25.0), (5.0, 25.0))
HOLE = ((10.0, 10.0), (10.0, 20.0), (20.0, 20.0), (20.0, 10.0))
RING = Shape((OUTER, HOLE), "#000000")
#: The same with the hole turning the same way: only the even-odd rule clears it.
SAME_WAY = tuple(reversed(HOLE))
EVEN_ODD_RING = Shape((OUTER, SAME_WAY), "#000000", fill_rule="evenodd")
#: Two squares turning the same way that overlap (as a letter's strokes do): all of it is ink
#: by the non-zero rule, the overlap in the middle too.
CROSSING = Shape((OUTER, ((15.0, 15.0), (28.0, 15.0), (28.0, 28.0), (15.0, 28.0))), "#000000")
DPI = 100


def _pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, ...]:
    return image.getpixel((round(x_mm * DPI / 25.4), round(y_mm * DPI / 25.4)))  # type: ignore[return-value]


def _pdf_picture(shape: Shape, tmp_path: Path) -> Image.Image:
    plan = SheetPlan("ring", {"ring": Face("ring", 30, 30, (shape,))}, [Page(30, 30, [Placement("ring", 0, 0)])])
    pdf = tmp_path / "ring.pdf"
    pdf.write_bytes(plan_to_pdf(plan, "ring"))
    rendered = subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(pdf)], capture_output=True, check=True
    ).stdout
    return Image.open(io.BytesIO(rendered)).convert("RGB")


def _png_picture(shape: Shape, tmp_path: Path) -> Image.Image:
    return draw([shape], 30, 30, DPI, (255, 255, 255, 255)).convert("RGB")


@pytest.mark.parametrize("picture", [_png_picture, _pdf_picture])
@pytest.mark.parametrize("ring", [RING, EVEN_ODD_RING])
def test_rings_are_filled_and_their_holes_left_clear(picture, ring: Shape, tmp_path: Path) -> None:
    image = picture(ring, tmp_path)
    assert _pixel(image, 7, 15) == (0, 0, 0)  # on the ring
    assert _pixel(image, 15, 15) == (255, 255, 255)  # in the hole
    assert _pixel(image, 2, 2) == (255, 255, 255)  # outside


@pytest.mark.parametrize("picture", [_png_picture, _pdf_picture])
def test_overlapping_contours_are_ink_where_they_overlap(picture, tmp_path: Path) -> None:
    image = picture(CROSSING, tmp_path)
    assert _pixel(image, 20, 20) == (0, 0, 0)  # inside both squares
    assert _pixel(image, 7, 7) == (0, 0, 0) and _pixel(image, 27, 27) == (0, 0, 0)  # inside one
    assert _pixel(image, 27, 7) == (255, 255, 255)  # outside both
    # A hole turning the same way as the ring around it is ink by the non-zero rule.
    assert _pixel(picture(Shape((OUTER, SAME_WAY)), tmp_path), 15, 15) == (0, 0, 0)


def test_a_fill_rule_is_one_of_the_two() -> None:
    with pytest.raises(ValueError, match="fill_rule"):
        Shape((OUTER,), fill_rule="winding")


def _signed_area(ring: tuple[tuple[float, float], ...]) -> float:
    return sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(ring, [*ring[1:], ring[0]], strict=True))


def test_laser_scores_every_contour_and_fills_by_the_shapes_rule() -> None:
    paths = _as_score(RING, 100, 0)
    assert len(paths) == 2 and all(path.closed for path in paths)
    assert paths[0].start == (105.0, 5.0)
    # Laser files fill by the non-zero rule. A non-zero shape keeps its contours as they turn:
    # the hole turns the other way, the overlapping squares the same way.
    (fill,) = _as_fill(RING, 0, 0)
    outer, hole = fill.rings
    assert _signed_area(outer) > 0 > _signed_area(hole)
    (fill,) = _as_fill(CROSSING, 0, 0)
    first, second = fill.rings
    assert _signed_area(first) > 0 and _signed_area(second) > 0
    # An even-odd shape's hole is turned the other way, so that non-zero clears it too.
    (fill,) = _as_fill(EVEN_ODD_RING, 0, 0)
    outer, hole = fill.rings
    assert _signed_area(outer) > 0 > _signed_area(hole)


@pytest.mark.parametrize(
    ("moved", "corner"),
    [
        (mirror_x([RING], 30), (25.0, 5.0)),
        (flip_y([RING], 30), (5.0, 25.0)),
        (rotate_180([RING], 30, 30), (25.0, 25.0)),
        (translate([RING], 1, 2), (6.0, 7.0)),
        (rotate_90([RING], 30), (25.0, 5.0)),
    ],
)
def test_shapes_move_with_the_other_primitives(moved: list[Shape], corner: tuple[float, float]) -> None:
    (shape,) = moved
    assert isinstance(shape, Shape)
    assert shape.contours[0][0] == corner
    assert len(shape.contours) == 2
    assert shape.fill_rule == "nonzero"


def test_shapes_keep_their_fill_rule_when_moved() -> None:
    for move in (
        lambda s: mirror_x(s, 30),
        lambda s: flip_y(s, 30),
        lambda s: rotate_180(s, 30, 30),
        lambda s: translate(s, 1, 2),
        lambda s: rotate_90(s, 30),
    ):
        (shape,) = move([EVEN_ODD_RING])
        assert isinstance(shape, Shape) and shape.fill_rule == "evenodd"
