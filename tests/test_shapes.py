"""Filled outlines (text set from a font): every backend fills them with their holes left clear."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from deckgen.layout.faces import Face
from deckgen.layout.laser import _as_fill, _as_score
from deckgen.layout.primitives import Shape, flip_y, mirror_x, rotate_90, rotate_180, translate
from deckgen.layout.sheets import Page, Placement, SheetPlan
from deckgen.render.pdf import plan_to_pdf
from deckgen.render.png import draw

#: A 20 mm square with a 10 mm square hole in its middle.
OUTER = ((5.0, 5.0), (25.0, 5.0), (25.0, 25.0), (5.0, 25.0))
HOLE = ((10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0))  # turning the same way: even-odd still clears it
RING = Shape((OUTER, HOLE), "#000000")
DPI = 100


def _pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, ...]:
    return image.getpixel((round(x_mm * DPI / 25.4), round(y_mm * DPI / 25.4)))  # type: ignore[return-value]


def test_png_fills_the_ring_and_leaves_the_hole_clear() -> None:
    image = draw([RING], 30, 30, DPI, (255, 255, 255, 255))
    assert _pixel(image, 7, 15)[:3] == (0, 0, 0)  # on the ring
    assert _pixel(image, 15, 15)[:3] == (255, 255, 255)  # in the hole
    assert _pixel(image, 2, 2)[:3] == (255, 255, 255)  # outside


def test_pdf_fills_the_ring_and_leaves_the_hole_clear(tmp_path: Path) -> None:
    plan = SheetPlan("ring", {"ring": Face("ring", 30, 30, (RING,))}, [Page(30, 30, [Placement("ring", 0, 0)])])
    pdf = tmp_path / "ring.pdf"
    pdf.write_bytes(plan_to_pdf(plan, "ring"))
    rendered = subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(pdf)], capture_output=True, check=True
    ).stdout
    image = Image.open(io.BytesIO(rendered)).convert("RGB")
    assert _pixel(image, 7, 15) == (0, 0, 0)
    assert _pixel(image, 15, 15) == (255, 255, 255)


def test_laser_scores_every_contour_and_fills_with_the_hole_turned_the_other_way() -> None:
    paths = _as_score(RING, 100, 0)
    assert len(paths) == 2 and all(path.closed for path in paths)
    assert paths[0].start == (105.0, 5.0)
    (fill,) = _as_fill(RING, 0, 0)

    def signed_area(ring: tuple[tuple[float, float], ...]) -> float:
        return sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(ring, [*ring[1:], ring[0]], strict=True))

    outer, hole = fill.rings
    assert signed_area(outer) > 0 > signed_area(hole)


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
