"""The stroke glyphs, drawn large and checked the way a type designer would look at them."""

from __future__ import annotations

import math
from itertools import combinations, pairwise

import pytest

from deckgen.glyphs import FLATNESS_MM, GLYPHS, Glyph, layout_text

Point = tuple[float, float]
Segment = tuple[Point, Point]

#: Where a glyph's strokes are meant to cross: the 4's bar runs through its stem, the plus
#: and times signs and the letter X are two crossing strokes, and the Q's tail cuts its bowl.
#: Every other crossing is a flaw (a stem that pokes into a loop, a tail that cuts its bowl).
INTENDED_CROSSINGS = {"4": 1, "+": 1, "*": 1, "X": 1, "Q": 1, "f": 1, "t": 1, "x": 1}


def segments(shape: Glyph) -> list[tuple[int, int, Segment]]:
    """(stroke number, position in the stroke, segment) for every segment of the centre-lines."""
    found = []
    for number, line in enumerate(shape.strokes):
        for position, (a, b) in enumerate(pairwise(line)):
            if a != b:
                found.append((number, position, (a, b)))
    return found


def _orientation(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def properly_cross(s: Segment, t: Segment, tolerance: float = 1e-9) -> bool:
    """The segments' interiors cross (touching at an end point, as strokes meet, does not count)."""
    (p1, p2), (q1, q2) = s, t
    if {p1, p2} & {q1, q2}:
        return False
    d1, d2 = _orientation(q1, q2, p1), _orientation(q1, q2, p2)
    d3, d4 = _orientation(p1, p2, q1), _orientation(p1, p2, q2)
    return d1 * d2 < -tolerance and d3 * d4 < -tolerance


def crossings(shape: Glyph) -> int:
    count = 0
    for (n1, i1, s1), (n2, i2, s2) in combinations(segments(shape), 2):
        if n1 == n2 and abs(i1 - i2) == 1:
            continue  # consecutive segments of one stroke share a joint
        count += properly_cross(s1, s2)
    return count


@pytest.mark.parametrize("character", sorted(GLYPHS))
def test_strokes_cross_only_where_the_glyph_is_drawn_to_cross(character: str) -> None:
    assert crossings(GLYPHS[character]) == INTENDED_CROSSINGS.get(character, 0)


def test_a_stem_poking_into_its_loop_is_found() -> None:
    """The check catches the flaw it is there for: a straight stem ending inside a loop."""
    loop = tuple((0.3 + 0.3 * c, 0.3 + 0.3 * s) for c, s in [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 0)])
    poking = Glyph(0.6, (((0.5, 1.0), (0.15, 0.35)), loop))
    meeting = Glyph(0.6, (((0.5, 1.0), (0.0, 0.3)), loop))
    assert crossings(poking) == 1
    assert crossings(meeting) == 0


@pytest.mark.parametrize("character", "0123456789")
def test_digits_stay_inside_their_box(character: str) -> None:
    shape = GLYPHS[character]
    points = [p for line in shape.strokes for p in line]
    assert min(x for x, _ in points) >= -1e-9 and max(x for x, _ in points) <= shape.width + 1e-9
    assert min(y for _, y in points) >= -0.02 and max(y for _, y in points) <= 1.0 + 1e-9


def test_every_capital_letter_and_digit_has_a_glyph() -> None:
    """Card ids are drawn with these glyphs on every card, so each of A-Z and 0-9 must exist."""
    assert set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") <= set(GLYPHS)


@pytest.mark.parametrize("size", [3.0, 12.0, 40.0, 64.0, 150.0])
def test_round_glyphs_stay_within_the_flatness_at_any_size(size: float) -> None:
    """The 0 and the O are ellipses: every chord of their polylines, drawn ``size`` mm tall, stays
    within FLATNESS_MM of the ellipse (at the chord's middle, where it is furthest)."""
    for char, (cx, cy, rx, ry) in {"0": (0.3, 0.5, 0.3, 0.5), "O": (0.37, 0.5, 0.37, 0.5)}.items():
        strokes, _ = layout_text(char, size)
        (ring,) = strokes
        worst = 0.0
        for (x0, y0), (x1, y1) in pairwise(ring):
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            a0, a1 = math.atan2((y0 - cy) / ry, (x0 - cx) / rx), math.atan2((y1 - cy) / ry, (x1 - cx) / rx)
            if a1 - a0 > math.pi:
                a1 -= 2 * math.pi
            elif a0 - a1 > math.pi:
                a1 += 2 * math.pi
            mid = (a0 + a1) / 2
            ex, ey = cx + rx * math.cos(mid), cy + ry * math.sin(mid)
            worst = max(worst, math.hypot(ex - mx, ey - my) * size)
        assert worst <= FLATNESS_MM, f"{char} at {size} mm: a chord is {worst:.3f} mm off the curve"
