"""Card-face geometry: nothing collides with the cells, at every card size."""

from __future__ import annotations

import pytest

from deckgen.deckfile import load_cleariosity
from deckgen.glyphs import GLYPHS, STROKE
from deckgen.layout.faces import CleariosityGeometry, cleariosity_front, set_label, tier_mark
from deckgen.layout.primitives import Box, Disc, Primitive, Stroke
from deckgen.model import Tier
from deckgen.units import CARD_SIZES

SIZES = [*CARD_SIZES.values(), (50.0, 70.0), (90.0, 90.0), (120.0, 80.0)]


def ink(shapes: list[Primitive]) -> tuple[float, float, float, float]:
    xs0, ys0, xs1, ys1 = [], [], [], []
    for s in shapes:
        if isinstance(s, Stroke):
            half = s.width / 2
            xs0.append(min(x for x, _ in s.points) - half)
            xs1.append(max(x for x, _ in s.points) + half)
            ys0.append(min(y for _, y in s.points) - half)
            ys1.append(max(y for _, y in s.points) + half)
        elif isinstance(s, Disc):
            xs0.append(s.cx - s.r)
            xs1.append(s.cx + s.r)
            ys0.append(s.cy - s.r)
            ys1.append(s.cy + s.r)
        elif isinstance(s, Box):
            xs0.append(s.x)
            xs1.append(s.x + s.w)
            ys0.append(s.y)
            ys1.append(s.y + s.h)
    return min(xs0), min(ys0), max(xs1), max(ys1)


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def grid_box(g: CleariosityGeometry) -> tuple[float, float, float, float]:
    x0, y0 = g.grid_origin
    return x0, y0, x0 + 3 * g.cell, y0 + 3 * g.cell


@pytest.mark.parametrize("size", SIZES)
def test_tier_mark_and_label_stay_clear_of_the_grid_and_each_other(size: tuple[float, float]) -> None:
    g = CleariosityGeometry(*size)
    label = ink(list(set_label(200, g).primitives))
    for tier in Tier:
        mark = ink(tier_mark(tier, g))
        assert not overlaps(mark, grid_box(g)), (size, tier)
        assert not overlaps(mark, label)
        assert mark[0] >= 0 and mark[3] <= g.height, "tier mark inside the card"
    assert not overlaps(label, grid_box(g))
    assert label[0] >= 0 and label[1] >= 0 and label[2] <= g.width


@pytest.mark.parametrize("size", SIZES)
def test_digits_fill_enough_of_their_cell_and_stay_inside_it(size: tuple[float, float]) -> None:
    g = CleariosityGeometry(*size)
    for card in load_cleariosity().cards[:12]:
        for cell in card.cells:
            shapes = [s for s in cleariosity_front(card, g).primitives if isinstance(s, Stroke)]
            x, y, w, h = g.cell_box(cell.row, cell.col)
            inside = [s for s in shapes if all(x <= px <= x + w and y <= py <= y + h for px, py in s.points)]
            box = ink(inside)
            assert box[3] - box[1] >= 0.55 * h
            assert box[0] >= x and box[2] <= x + w and box[1] >= y and box[3] <= y + h


def test_tier_mark_has_the_operation_sign() -> None:
    g = CleariosityGeometry(63.5, 88.9)
    for tier in Tier:
        strokes = [s for s in tier_mark(tier, g) if isinstance(s, Stroke)]
        assert len(strokes) == len(GLYPHS[tier.op].strokes)
        assert all(s.width == pytest.approx(STROKE * g.symbol_size) for s in strokes)
