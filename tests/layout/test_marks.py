"""Crop marks a school printer can print: every cut has a mark inside the printable area.

Walks every paper, card size, media, layout and marks choice deckgen offers, and every print
profile, builds the first sheet, and measures the marks from the PDF's own drawing commands.
"""

from __future__ import annotations

from itertools import product

import pytest

from deckgen.games import game
from deckgen.layout.decks import sheet_grid, used_grid
from deckgen.layout.sheets import MIN_PRINTED_MARK, SheetPlan
from deckgen.print_options import LAYOUTS, MARKS, MEDIA
from deckgen.printing import PrintSettings, resolve
from deckgen.profiles import load_profiles
from deckgen.render.pdf import plan_to_pdf
from deckgen.units import CARD_SIZES, PAPER_SIZES
from tests.gamekit import GAMES, sheet_plan
from tests.pdfcheck import page_level_lines

MARK_PEN = 0.5 * 25.4 / 72
EPS = 0.01
#: The smallest distance from a crop mark to the page edge over every layout checked, for the record.
NEAREST_EDGE: list[float] = []


def first_sheet(deck: str, settings: PrintSettings) -> bytes:
    plan = sheet_plan(deck, settings)
    return plan_to_pdf(SheetPlan(plan.name, plan.faces, plan.pages[:1]), "marks")


def printable_length(a: float, b: float, low: float, high: float) -> float:
    """How much of the span a..b lies inside low..high."""
    return max(0.0, min(max(a, b), high) - max(min(a, b), low))


def check_marks(deck: str, settings: PrintSettings) -> None:
    lines = [ln for ln in page_level_lines(first_sheet(deck, settings)) if abs(ln[4] - MARK_PEN) < 1e-3]
    if settings.layout == "single" or settings.marks == "none":
        # One card a page: the page edge (or the TrimBox, with bleed) is the cut, nothing to mark.
        assert lines == []
        return
    page_w, page_h = settings.paper
    margin = settings.margin
    grid = sheet_grid(settings)
    # A first sheet the deck does not fill has its guides around its printed cards only.
    first = sheet_plan(deck, settings).pages[0]
    grid = used_grid(grid, range(len({(p.x, p.y) for p in first.placements})))
    xs, ys = grid.cut_positions()
    vertical = [ln for ln in lines if abs(ln[0] - ln[2]) < EPS]
    horizontal = [ln for ln in lines if abs(ln[1] - ln[3]) < EPS]
    assert len(vertical) + len(horizontal) == len(lines)
    # Vertical cuts sit at x and their marks run along y; horizontal cuts the other way round.
    for axis, cuts, marks, across, along in (
        ("x", xs, vertical, page_w, page_h),
        ("y", ys, horizontal, page_h, page_w),
    ):
        at, start, end = (0, 1, 3) if axis == "x" else (1, 0, 2)
        for cut in cuts:
            best = max(
                (
                    printable_length(ln[start], ln[end], margin, along - margin)
                    for ln in marks
                    if abs(ln[at] - cut) < EPS
                ),
                default=0.0,
            )
            assert margin <= cut <= across - margin
            assert best >= MIN_PRINTED_MARK - EPS, f"cut at {axis} = {cut:.2f} mm has {best:.2f} mm of printable mark"
    bx0, by0, bx1, by1 = grid.block
    for x0, y0, x1, y1, _ in lines:
        on_cut = any(abs(x0 - x) < EPS and abs(x1 - x) < EPS for x in xs) or any(
            abs(y0 - y) < EPS and abs(y1 - y) < EPS for y in ys
        )
        outside = max(x0, x1) <= bx0 + EPS or min(x0, x1) >= bx1 - EPS or max(y0, y1) <= by0 + EPS
        outside = outside or min(y0, y1) >= by1 - EPS
        assert on_cut or outside, "a mark crosses a card"
        if settings.marks == "crop":
            nearest = min(x0, x1, y0, y1, page_w - max(x0, x1), page_h - max(y0, y1))
            assert nearest >= margin - EPS, "a crop mark reaches into the margin the printer cannot print"
            NEAREST_EDGE.append(nearest)


@pytest.mark.parametrize(
    ("paper", "card_size", "media", "layout", "marks"),
    list(product(PAPER_SIZES, CARD_SIZES, MEDIA, LAYOUTS, MARKS)),
)
def test_every_cut_has_a_printable_mark(paper: str, card_size: str, media: str, layout: str, marks: str) -> None:
    # Each combination once, the games taking turns, so that every game meets every card size.
    key = _game_for(card_size, media)
    options = {"paper": paper, "card_size": card_size, "media": media, "layout": layout, "marks": marks}
    check_marks(key, resolve(game(key), None, options))


def _game_for(card_size: str, media: str) -> str:
    """A game for this combination: each game gets every card size and every media it prints on, in turn
    (cards meant to be seen through one another on film only, cards with answers on their backs never)."""
    sizes, media_ = list(CARD_SIZES), list(MEDIA)
    fits = [key for key in GAMES if game(key).prints_on(media)]
    return fits[(sizes.index(card_size) + media_.index(media)) % len(fits)]


@pytest.mark.parametrize("name", sorted(load_profiles()))
def test_every_profile_marks_its_cuts(name: str) -> None:
    chosen = load_profiles()[name]
    for key in [chosen["deck"]] if "deck" in chosen else GAMES:
        check_marks(key, resolve(game(key), chosen, {}, name))


def test_nine_poker_cards_on_letter_keep_their_marks_inside_the_margins() -> None:
    """The default sheet: no room above and below the block, so those marks run along the cuts."""
    key = GAMES[0]
    settings = resolve(game(key), None, {"card_size": "poker"})
    grid = sheet_grid(settings)
    assert grid.per_page == 9
    lines = [ln for ln in page_level_lines(first_sheet(key, settings)) if abs(ln[4] - MARK_PEN) < 1e-3]
    by0 = grid.block[1]
    top = [ln for ln in lines if abs(ln[0] - ln[2]) < EPS and min(ln[1], ln[3]) < by0 + 5]
    assert len(top) == 4 and all(min(ln[1], ln[3]) >= by0 - EPS for ln in top)
    assert min(min(ln[1], ln[3]) for ln in lines) >= settings.margin
