"""Flash-card text: fonts, outlines, wrapping and fitting (deckgen.games.flashcards)."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest

from deckgen.games.flashcards import fonts
from deckgen.games.flashcards.fonts import MissingGlyph, fallback_face, glyph_for, primary_face
from deckgen.games.flashcards.text import TextDoesNotFit, fitted_size, set_text, text_extent
from deckgen.layout.primitives import Shape

BOX = (4.0, 6.0, 55.0, 30.0)
#: Coordinates are rounded to 4 decimals, so an edge the ink touches may be passed by half a unit of the last one.
ROUNDING = 1e-4

SENTENCE = "The quick brown fox jumps over the lazy dog while the cat watches from the kitchen window"


def inside(shapes: list[Shape], box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = text_extent(shapes)
    x, y, w, h = box
    return x0 >= x - ROUNDING and y0 >= y - ROUNDING and x1 <= x + w + ROUNDING and y1 <= y + h + ROUNDING


def test_a_short_word_is_set_at_the_largest_size():
    shapes = set_text("HI", BOX, max_size=8.0, min_size=3.0)
    x0, y0, x1, y1 = text_extent(shapes)
    assert y1 - y0 == pytest.approx(8.0, abs=1e-3)
    assert fitted_size("HI", BOX, max_size=8.0, min_size=3.0) == 8.0
    # Centred both ways in the box.
    assert (x0 + x1) / 2 == pytest.approx(BOX[0] + BOX[2] / 2, abs=1e-3)
    assert (y0 + y1) / 2 == pytest.approx(BOX[1] + BOX[3] / 2, abs=1e-3)


def test_a_long_sentence_wraps_onto_several_lines_inside_the_box():
    size = fitted_size(SENTENCE, BOX, max_size=8.0, min_size=2.0)
    assert 2.0 <= size < 8.0
    assert round(size * 10) == pytest.approx(size * 10)  # on the 0.1 mm steps
    shapes = set_text(SENTENCE, BOX, max_size=8.0, min_size=2.0)
    assert inside(shapes, BOX)
    # On one line at that size the sentence would be far wider than the box ...
    one_line = set_text(SENTENCE, (0.0, 0.0, 1000.0, 100.0), max_size=size, min_size=size)
    x0, _, x1, _ = text_extent(one_line)
    assert x1 - x0 > 2 * BOX[2]
    # ... so it takes several lines: the ink is more than two line pitches tall.
    _, y0, _, y1 = text_extent(shapes)
    em = size * primary_face().units_per_em / primary_face().cap_height
    assert y1 - y0 > 2 * 1.25 * em
    # The same letters are all there.
    assert len(shapes) == len(one_line) == len(SENTENCE.replace(" ", ""))


def test_the_next_size_up_would_not_fit():
    size = fitted_size(SENTENCE, BOX, max_size=8.0, min_size=2.0)
    bigger = round(size + 0.1, 1)
    with pytest.raises(TextDoesNotFit):
        set_text(SENTENCE, BOX, max_size=bigger, min_size=bigger)


def test_line_breaks_in_the_text_are_kept():
    one = text_extent(set_text("HI HI", BOX, max_size=5.0, min_size=5.0))
    two = text_extent(set_text("HI\nHI", BOX, max_size=5.0, min_size=5.0))
    assert two[3] - two[1] > 2 * 5.0
    assert one[3] - one[1] == pytest.approx(5.0, abs=1e-3)


def test_text_that_cannot_fit_raises():
    with pytest.raises(TextDoesNotFit, match=r"too long to fit the card at 3\.5 mm letters; shorten it"):
        set_text(" ".join([SENTENCE] * 6), BOX, max_size=8.0, min_size=3.5)
    with pytest.raises(TextDoesNotFit, match="'antidisestablishmentarianism' is too wide"):
        set_text("an antidisestablishmentarianism", (0.0, 0.0, 30.0, 80.0), max_size=8.0, min_size=3.5)
    assert issubclass(TextDoesNotFit, ValueError)


def test_a_word_is_not_broken_to_fit_at_a_larger_size():
    # At 8 mm the word is wider than the box; it is set whole at a smaller size.
    shapes = set_text("hippopotamus", (0.0, 0.0, 40.0, 40.0), max_size=8.0, min_size=2.0)
    x0, y0, x1, y1 = text_extent(shapes)
    assert x1 - x0 <= 40.0 + ROUNDING
    assert y1 - y0 < 8.0  # one line of small letters, not two of large ones


def test_o_is_one_shape_with_a_hole():
    shapes = set_text("o", BOX, max_size=6.0, min_size=3.0)
    assert len(shapes) == 1
    assert len(shapes[0].contours) == 2
    assert all(len(contour) >= 8 for contour in shapes[0].contours)


def test_each_letter_is_one_shape_filled_as_its_font_means():
    # Atkinson's Ç is a C with a cedilla that overlaps it: one shape, filled by the non-zero rule,
    # so the overlap is ink.
    for char in "ÅÇçχaeoB8%&@":
        shapes = set_text(char, BOX, max_size=6.0, min_size=3.0)
        assert len(shapes) == 1, char
        assert shapes[0].fill_rule == "nonzero"


def test_unicode_letters_and_math_signs():
    text = "é × ÷ √ ≤ α β"
    shapes = set_text(text, BOX, max_size=6.0, min_size=2.0, colour="#123456")
    assert len(shapes) == len(text.replace(" ", ""))
    assert all(shape.colour == "#123456" and shape.role == "print" for shape in shapes)
    assert glyph_for("α").face is fallback_face()
    assert glyph_for("β", bold=True).face is fallback_face(bold=True)
    for char in "é×÷√≤≥−±":
        assert glyph_for(char).face is primary_face()


def test_a_character_in_no_font_is_named():
    # The shipped fonts alone (no chain given) have no Chinese.
    with pytest.raises(MissingGlyph, match=r"'\u4e00' \(U\+4E00\) is in none of the card fonts"):
        set_text("water \u4e00", BOX, max_size=6.0, min_size=2.0)
    assert issubclass(MissingGlyph, ValueError)


@pytest.mark.parametrize("size", [2.5, 4.0, 7.3])
@pytest.mark.parametrize("bold", [False, True])
def test_capitals_are_the_size_asked_for(size, bold):
    for capital in ("H", "Η"):  # Latin H from Atkinson, Greek Eta from Noto Sans
        _, y0, _, y1 = text_extent(set_text(capital, BOX, max_size=size, min_size=size, bold=bold))
        assert y1 - y0 == pytest.approx(size, rel=0.01)


def test_the_same_text_gives_the_same_numbers():
    first = set_text(SENTENCE + " é α", BOX, max_size=8.0, min_size=2.0)
    set_text("something else at another size", BOX, max_size=3.0, min_size=3.0)
    assert set_text(SENTENCE + " é α", BOX, max_size=8.0, min_size=2.0) == first


def test_the_same_text_gives_the_same_numbers_in_a_new_process():
    code = (
        "from deckgen.games.flashcards.text import set_text;"
        f"print(repr(set_text({SENTENCE!r}, {BOX!r}, max_size=8.0, min_size=2.0)))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1]
    assert runs[0] == repr(set_text(SENTENCE, BOX, max_size=8.0, min_size=2.0)) + "\n"


def test_curves_are_flat_within_a_hundredth_of_a_millimetre():
    face = primary_face()
    name = glyph_for("o").gid
    mm_per_unit = 4.0 / face.cap_height
    coarse = face.outline(name, fonts.tolerance_exponent(mm_per_unit))
    fine = face.outline(name, -6)  # within 1/64 unit of the curve
    for polygon, points in zip(coarse, fine, strict=True):
        edges = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
        worst = max(min(_distance(p, a, b) for a, b in edges) for p in points)
        assert worst * mm_per_unit < 0.01


def _distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def test_kerning_pulls_pairs_together():
    separate = text_extent(set_text("A V", BOX, max_size=6.0, min_size=6.0))
    kerned = text_extent(set_text("AV", BOX, max_size=6.0, min_size=6.0))
    space = 6.0 * glyph_for(" ").advance / primary_face().cap_height
    assert kerned[2] - kerned[0] < separate[2] - separate[0] - space - 0.1


def test_empty_text_draws_nothing():
    assert set_text("", BOX, max_size=6.0, min_size=3.0) == []
    assert set_text("  \n ", BOX, max_size=6.0, min_size=3.0) == []


@pytest.mark.parametrize(
    "box, kwargs",
    [
        ((0.0, 0.0, 0.0, 10.0), {"max_size": 5.0, "min_size": 3.0}),
        ((0.0, 0.0, 10.0, 10.0), {"max_size": 3.0, "min_size": 5.0}),
        ((0.0, 0.0, 10.0, 10.0), {"max_size": 5.0, "min_size": 0.0}),
        ((0.0, 0.0, 10.0, 10.0), {"max_size": 5.0, "min_size": 3.0, "colour": "black"}),
    ],
)
def test_arguments_that_cannot_work_are_refused(box, kwargs):
    with pytest.raises(ValueError):
        set_text("HI", box, **kwargs)
