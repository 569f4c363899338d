"""Card-face geometry: nothing collides with the cells, at every card size."""

from __future__ import annotations

import pytest

from deckgen.games.cleariosity.core.model import STANDARD_TIERS
from deckgen.games.cleariosity.output.faces import CleariosityGeometry, cleariosity_front, tier_mark
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.grid_geometry import set_label
from deckgen.games.treenex.faces import TreenexGeometry, treenex_front, treenex_label
from deckgen.glyphs import GLYPHS, STROKE, text_width
from deckgen.i18n import LANGUAGES, speaking
from deckgen.layout.faces import ID_COLOUR, reads_differently_turned, set_word
from deckgen.layout.primitives import Box, Disc, Primitive, Stroke, text
from deckgen.units import CARD_SIZES

SIZES = [*CARD_SIZES.values(), (50.0, 70.0), (90.0, 90.0), (120.0, 80.0)]


def widest_set_word() -> str:
    """The widest word any language prints before a card's set number ("JUEGO 200")."""
    words = []
    for language in LANGUAGES:
        with speaking(language):
            words.append(set_word())
    return max(words, key=text_width)


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
    label = ink(list(set_label(200, g, widest_set_word()).primitives))
    for tier in STANDARD_TIERS:
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
    for tier in STANDARD_TIERS:
        strokes = [s for s in tier_mark(tier, g) if isinstance(s, Stroke)]
        assert len(strokes) == len(GLYPHS[tier.sign].strokes)
        assert all(s.width == pytest.approx(STROKE * g.symbol_size) for s in strokes)


def id_strokes(face_shapes: tuple[Primitive, ...], expected: list[Primitive]) -> list[Primitive]:
    return [s for s in face_shapes if s in expected]


@pytest.mark.parametrize("size", SIZES)
def test_every_card_carries_its_id_beside_the_tier_mark(size: tuple[float, float]) -> None:
    g = CleariosityGeometry(*size)
    label = ink(list(set_label(200, g, widest_set_word()).primitives))
    for card in load_cleariosity().cards:
        x, baseline = g.id_start(card.tier.sign)
        expected = text(card.id, x, baseline, g.label_size, ID_COLOUR)
        face = cleariosity_front(card, g).primitives
        assert id_strokes(face, expected) == expected, card.id
        box = ink(expected)
        assert not overlaps(box, grid_box(g)), "the id sits in no grid cell"
        assert not overlaps(box, ink(tier_mark(card.tier, g)))
        assert not overlaps(box, label), "the id and the set label share a line without touching"
        assert box[2] <= g.width and box[3] <= g.height


@pytest.mark.parametrize("value", range(10))
def test_treenex_six_and_nine_are_underlined_on_every_face(value: int) -> None:
    g = TreenexGeometry(76.2, 127.0)
    face = treenex_front(value, g, "T07")
    bars = [
        s
        for s in face.primitives
        if isinstance(s, Stroke) and len(s.points) == 2 and abs(s.points[0][1] - s.points[1][1]) < 1e-9
    ]
    centre_size = g.value_size(value)
    index_baseline = g.inset + 1.0 + g.index_size
    # A bar lies clear below the digits it marks (a 1's foot sits on the baseline itself).
    big = [s for s in bars if s.width == pytest.approx(STROKE * centre_size)]
    big = [s for s in big if s.points[0][1] > g.height / 2 + 0.6 * centre_size]
    small = [s for s in bars if s.width == pytest.approx(STROKE * g.index_size)]
    upright = [s for s in small if index_baseline + 0.1 * g.index_size < s.points[0][1] < g.height / 2]
    turned = [s for s in small if g.height / 2 < s.points[0][1] < g.height - index_baseline - 0.1 * g.index_size]
    if value in (6, 9):
        assert len(big) == 1, "a bar under the big digit"
        assert len(upright) == 1 and len(turned) == 1, "a bar under each corner index"
    else:
        assert big == [] and upright == [] and turned == []


def test_which_values_read_as_another_when_turned() -> None:
    assert [v for v in range(100) if reads_differently_turned(v)] == [
        6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99,
    ]  # fmt: skip


def test_treenex_cards_carry_their_ids_and_the_set_label_on_one_line() -> None:
    g = TreenexGeometry(76.2, 127.0)
    face = treenex_front(3, g, "T13")
    expected = text("T13", g.inset + 1.0, g.label_baseline, g.label_size, ID_COLOUR)
    assert id_strokes(face.primitives, expected) == expected
    label = ink(list(treenex_label(200, g, widest_set_word()).primitives))
    assert not overlaps(label, ink(expected))
    assert label[3] == pytest.approx(ink(expected)[3], abs=0.5)
