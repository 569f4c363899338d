"""Letters are filled as their fonts mean, by the non-zero rule: where a letter's contours overlap
(Hebrew bet in Heebo, the headline of a Devanagari word, Arabic kaf, Thai sara ai), the overlap
prints as ink, not as a white hole.

Cards with such words are built at 300 dpi, as PNG and as PDF (drawn by poppler, with
anti-aliasing and without), and their letters are engraved as a laser file fills them (drawn by
librsvg). Each letter's outline is read from its font file with fontTools, and which
pixels lie inside it is worked out here, by the non-zero winding rule, from that outline alone.
Every pixel well inside a letter (its neighbours inside too, so that edges drawn half a pixel
off do not count) must be ink.
"""

from __future__ import annotations

import bisect
import io
import math
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont
from PIL import Image

from deckgen.build import BuildRequest, png_faces, prepare, run
from deckgen.games.flashcards.fonts import shipped_sources
from deckgen.layout.laser.marks import _as_fill
from deckgen.layout.laser.paths import LaserSheet
from deckgen.layout.primitives import Shape
from deckgen.render.svg import sheet_to_svg
from deckgen.units import mm_to_px

DPI = 300
#: Words whose letters have overlapping contours in the shipped (variable) fonts.
WORDS = ("בית ספר", "רבה", "אוהב", "विद्यालय", "क्षत्रिय", "प्रश्न", "بكم", "الصف", "ภาษาไทย")
#: A pixel is ink when it is darker than this (of 255).
INK = 128

Point = tuple[float, float]


class _Polygons(BasePen):
    """A glyph's contours as polygons, each curve cut into fine straight steps (font units)."""

    STEPS = 24

    def __init__(self, glyph_set: object) -> None:
        super().__init__(glyph_set)
        self.contours: list[list[Point]] = []

    def _moveTo(self, pt: Point) -> None:
        self.contours.append([pt])

    def _lineTo(self, pt: Point) -> None:
        self.contours[-1].append(pt)

    def _curveToOne(self, p1: Point, p2: Point, p3: Point) -> None:
        p0 = self.contours[-1][-1]
        for i in range(1, self.STEPS + 1):
            t = i / self.STEPS
            u = 1 - t
            self.contours[-1].append(
                (
                    u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
                )
            )

    def _qCurveToOne(self, p1: Point, p2: Point) -> None:
        p0 = self.contours[-1][-1]
        for i in range(1, self.STEPS + 1):
            t = i / self.STEPS
            u = 1 - t
            self.contours[-1].append(
                (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])
            )

    def _closePath(self) -> None:
        pass

    _endPath = _closePath


@cache
def _glyph_set(face_key: str) -> tuple[Any, list[str]]:
    """A shipped face's glyphs as fontTools reads them, and their names by glyph id: the bold
    faces of the shipped variable fonts are their instances at weight 700."""
    for source in shipped_sources():
        for bold in (False, True):
            if source.face(bold).key == face_key:
                font = TTFont(io.BytesIO((source.bold_path if bold and source.bold_path else source.path).read_bytes()))
                location = {"wght": 700.0} if bold and "fvar" in font and source.bold_path is None else None
                return font.getGlyphSet(location=location), font.getGlyphOrder()
    raise AssertionError(f"no shipped face is called {face_key}")


@cache
def _font_outline(face_key: str, gid: int) -> list[list[Point]]:
    """A glyph's polygons as its font file draws it, read by fontTools."""
    glyph_set, names = _glyph_set(face_key)
    pen = _Polygons(glyph_set)
    glyph_set[names[gid]].draw(pen)
    return pen.contours


def _crossings(ring: list[Point], y: float) -> tuple[list[float], list[int]]:
    """Where a contour crosses the line at height ``y``, left to right, and how many times it winds
    around a point just left of each crossing: crossings to the point's right counted +1 where
    the contour runs upwards, −1 where it runs downwards."""
    found: list[tuple[float, int]] = []
    x0, y0 = ring[-1]
    for x1, y1 in ring:
        if (y0 <= y) != (y1 <= y):
            found.append((x0 + (y - y0) * (x1 - x0) / (y1 - y0), 1 if y1 > y0 else -1))
        x0, y0 = x1, y1
    found.sort()
    windings = [0] * (len(found) + 1)
    for k in range(len(found) - 1, -1, -1):
        windings[k] = windings[k + 1] + found[k][1]
    return [x for x, _ in found], windings


@dataclass(frozen=True)
class Letter:
    """A letter drawn on a picture: its outline's polygons and where its origin falls (pixels)."""

    contours: list[list[Point]]
    x: float
    y: float
    #: Pixels per font unit.
    scale: float


def _letters(shapes: tuple[object, ...], dx_mm: float, dy_mm: float) -> Iterator[Letter]:
    per_mm = mm_to_px(1.0, DPI)
    for shape in shapes:
        if isinstance(shape, Shape) and shape.glyph is not None and shape.role == "print":
            face_key, gid, scale = shape.glyph.rsplit("-", 2)
            x, y = shape.origin
            yield Letter(
                _font_outline(face_key, int(gid)),
                (x + dx_mm) * per_mm,
                (y + dy_mm) * per_mm,
                float(scale) * per_mm,
            )


def _inside_pixels(letter: Letter) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The pixels whose centres are inside the letter (non-zero), and of those the ones inside
    two or more of its contours at once: where its contours overlap."""
    points = [p for ring in letter.contours for p in ring]
    x0 = math.floor(letter.x + min(p[0] for p in points) * letter.scale) - 1
    x1 = math.ceil(letter.x + max(p[0] for p in points) * letter.scale) + 1
    y0 = math.floor(letter.y - max(p[1] for p in points) * letter.scale) - 1
    y1 = math.ceil(letter.y - min(p[1] for p in points) * letter.scale) + 1
    inside: set[tuple[int, int]] = set()
    overlaps: set[tuple[int, int]] = set()
    for row in range(y0, y1 + 1):
        fy = (letter.y - (row + 0.5)) / letter.scale
        rings = [_crossings(ring, fy) for ring in letter.contours]
        for column in range(x0, x1 + 1):
            fx = (column + 0.5 - letter.x) / letter.scale
            each = [windings[bisect.bisect_right(xs, fx)] for xs, windings in rings]
            if sum(each):
                inside.add((column, row))
                if abs(sum(each)) > 1 or sum(map(abs, each)) > 1:
                    overlaps.add((column, row))
    return inside, overlaps


def _well_inside(inside: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Pixels inside whose eight neighbours are inside too."""
    return {(x, y) for x, y in inside if all((x + dx, y + dy) in inside for dx in (-1, 0, 1) for dy in (-1, 0, 1))}


def _unpainted(picture: Image.Image, letters: list[Letter]) -> tuple[int, int, int]:
    """(pixels well inside the letters, of them where contours overlap, of all those left unpainted)."""
    grey = picture.convert("L")
    total = overlapping = holes = 0
    for letter in letters:
        inside, overlaps = _inside_pixels(letter)
        deep = _well_inside(inside)
        total += len(deep)
        overlapping += len(deep & overlaps)
        holes += sum(1 for x, y in deep if grey.getpixel((x, y)) >= INK)  # type: ignore[operator]
    return total, overlapping, holes


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("letters")
    sheet = out / "words.csv"
    sheet.write_text("front,back\n" + "".join(f"{word},{number}\n" for number, word in enumerate(WORDS)), "utf-8")
    request = BuildRequest(
        games=("flashcards",),
        out=out / "built",
        files={"flashcards": sheet},
        pack=False,
        formats=("pdf", "png"),
        dpi=DPI,
    )
    job = prepare(request, plan_lasers=False)
    run(job)
    return out / "built", job.decks["flashcards"]


def test_letters_in_the_png_cards_have_no_holes(built: tuple[Path, object]) -> None:
    folder, deck = built
    fronts = [(stem, face) for stem, _, face in png_faces(deck) if not stem.endswith("-back")]  # type: ignore[arg-type]
    assert len(fronts) == len(WORDS)
    found = {}
    for word, (stem, face) in zip(WORDS, fronts, strict=True):
        with Image.open(folder / "png" / f"{stem}.png") as picture:
            found[word] = _unpainted(picture, list(_letters(face.primitives, 0.0, 0.0)))
    _check(found)


def _check(found: dict[str, tuple[int, int, int]]) -> None:
    """Every word has overlapping contours to test, and no hole in its letters."""
    assert set(found) == set(WORDS)
    assert all(overlapping > 0 for _, overlapping, _ in found.values()), found
    holes = {word: f"{unpainted} of {total}" for word, (total, _, unpainted) in found.items() if unpainted}
    assert not holes, f"pixels inside letters left unpainted: {holes}"


@pytest.mark.parametrize("antialias", ["yes", "no"])
def test_letters_in_the_pdf_have_no_holes(built: tuple[Path, object], antialias: str) -> None:
    folder, deck = built
    plan = deck.plan  # type: ignore[attr-defined]
    found = {}
    for number, page in enumerate(plan.pages, start=1):
        if page.side != "front":
            continue
        picture = subprocess.run(
            ["pdftoppm", "-r", str(DPI), "-aa", antialias, "-aaVector", antialias, "-png", "-singlefile"]
            + ["-f", str(number), "-l", str(number), str(folder / "flashcards.pdf")],
            capture_output=True,
            check=True,
        ).stdout
        with Image.open(io.BytesIO(picture)) as image:
            for placement in page.placements:
                face = plan.faces[placement.face]
                word = next((w for w in WORDS if any(line.text == w for line in face.text)), None)
                if word is None:
                    continue
                found[word] = _unpainted(image, list(_letters(face.primitives, placement.x, placement.y)))
    _check(found)


def test_letters_engraved_by_a_laser_have_no_holes(built: tuple[Path, object], tmp_path: Path) -> None:
    """A laser fills engraved shapes by the non-zero rule: each card front's letters, as a laser
    file carries them, drawn by librsvg."""
    _, deck = built
    found = {}
    for word, (_, _, face) in zip(WORDS, png_faces(deck), strict=False):  # type: ignore[arg-type]
        fills = [fill for shape in face.primitives if isinstance(shape, Shape) for fill in _as_fill(shape, 0, 0)]
        svg = tmp_path / "engraved.svg"
        svg.write_bytes(sheet_to_svg(LaserSheet(face.width, face.height, engrave=fills), word))
        picture = subprocess.run(
            ["rsvg-convert", "-d", str(DPI), "-p", str(DPI), "-b", "white", str(svg)], capture_output=True, check=True
        ).stdout
        with Image.open(io.BytesIO(picture)) as image:
            found[word] = _unpainted(image, list(_letters(face.primitives, 0.0, 0.0)))
    _check(found)
