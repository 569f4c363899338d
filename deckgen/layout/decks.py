"""Sheet plans for whole decks: which card goes on which page, sets, backs, marks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from deckgen.errors import DeckgenError
from deckgen.layout.faces import (
    CleariosityGeometry,
    Face,
    TreenexGeometry,
    cleariosity_front,
    set_label,
    treenex_back,
    treenex_front,
    treenex_label,
)
from deckgen.layout.primitives import Box, Primitive, flip_y
from deckgen.layout.sheets import (
    Grid,
    Page,
    Placement,
    SheetPlan,
    back_position,
    crop_marks,
    cut_lines,
    fold_marks,
    impose,
    mirror_page,
    registration_marks,
    registration_primitives,
)
from deckgen.model import Deck
from deckgen.printing import PrintSettings
from deckgen.treenex import TreenexDeck, card_ids


def for_media(face: Face, media: str) -> Face:
    """Film gets no backgrounds: fills are dropped, outlines and ink stay."""
    if media != "transparency":
        return face
    shapes: list[Primitive] = [replace(s, fill=None) if isinstance(s, Box) and s.fill else s for s in face.primitives]
    return replace(face, primitives=tuple(shapes))


def sheet_grid(settings: PrintSettings) -> Grid:
    page_w, page_h = settings.paper
    card_w, card_h = settings.card
    return impose(page_w, page_h, card_w, card_h, settings.margin, 2 * settings.bleed)


def sheet_extras(grid: Grid, settings: PrintSettings) -> list[Primitive]:
    page_w, page_h = settings.paper
    extras: list[Primitive] = []
    if settings.marks == "crop":
        extras += crop_marks(grid, page_w, page_h, settings.margin)
    elif settings.marks == "lines":
        extras += cut_lines(grid, page_w, page_h)
    if settings.registration:
        extras += registration_primitives(registration_marks(grid, page_w, page_h, settings.margin))
    return extras


def _check_card(settings: PrintSettings, minimum: tuple[float, float], deck: str) -> None:
    card_w, card_h = settings.card
    if card_w < minimum[0] or card_h < minimum[1]:
        raise DeckgenError(
            f"card size {card_w:g} x {card_h:g} mm is too small for {deck} cards; use at least "
            f"{minimum[0]:g} x {minimum[1]:g} mm"
        )


def cleariosity_plan(deck: Deck, settings: PrintSettings) -> SheetPlan:
    """The deck on film (or paper): every set starts on a new sheet."""
    _check_card(settings, (30.0, 40.0), "Cleariosity")
    geometry = CleariosityGeometry(*settings.card)
    plan = SheetPlan(deck.name, {}, [])
    fronts = [
        plan.add_face(for_media(cleariosity_front(card, geometry, settings.grid_ticks), settings.media))
        for card in deck.cards
    ]
    for number in range(1, settings.sets + 1):
        labels = [plan.add_face(set_label(number, geometry))] * len(fronts) if settings.sets > 1 else None
        _lay_out(plan, settings, fronts, labels, backs=None)
    if settings.mirror:
        plan.pages = [mirror_page(page, plan) for page in plan.pages]
    return plan


def treenex_plan(deck: TreenexDeck, settings: PrintSettings) -> SheetPlan:
    """Fronts, and with duplex a page of backs after each page of fronts."""
    _check_card(settings, (30.0, 40.0), "Treenex")
    geometry = TreenexGeometry(*settings.card)
    plan = SheetPlan(deck.name, {}, [])
    fronts = [
        plan.add_face(for_media(treenex_front(v, geometry, card_id), settings.media))
        for card_id, v in zip(card_ids(deck), deck.cards, strict=True)
    ]
    back = plan.add_face(for_media(treenex_back(geometry), settings.media))
    for number in range(1, settings.sets + 1):
        labels = [plan.add_face(treenex_label(number, geometry))] * len(fronts) if settings.sets > 1 else None
        _lay_out(plan, settings, fronts, labels, backs=back if settings.duplex != "none" else None)
    if settings.mirror:
        plan.pages = [mirror_page(page, plan) for page in plan.pages]
    return plan


def _lay_out(
    plan: SheetPlan, settings: PrintSettings, fronts: Sequence[str], labels: Sequence[str] | None, backs: str | None
) -> None:
    """Append the pages of one set."""
    card_w, card_h = settings.card
    if settings.layout == "single":
        page_w, page_h = card_w + 2 * settings.bleed, card_h + 2 * settings.bleed
        trim = (settings.bleed, settings.bleed, card_w, card_h)
        for index, face in enumerate(fronts):
            placements = [Placement(face, settings.bleed, settings.bleed)]
            if labels:
                placements.append(Placement(labels[index], settings.bleed, settings.bleed))
            plan.pages.append(Page(page_w, page_h, placements, [], trim))
            if backs:
                plan.pages.append(
                    Page(page_w, page_h, [Placement(backs, settings.bleed, settings.bleed)], [], trim, "back")
                )
        return
    if backs and settings.duplex == "fold":
        _lay_out_folded(plan, settings, fronts, labels, backs)
        return
    grid = sheet_grid(settings)
    page_w, page_h = settings.paper
    extras = sheet_extras(grid, settings)
    for start in range(0, len(fronts), grid.per_page):
        chunk = range(start, min(start + grid.per_page, len(fronts)))
        front = Page(page_w, page_h, [], list(extras))
        back = Page(
            page_w,
            page_h,
            [],
            list(extras) if settings.duplex != "short-edge" else flip_y(extras, page_h),
            side="back",
        )
        for slot, index in enumerate(chunk):
            x, y = grid.slot(slot)
            front.placements.append(Placement(fronts[index], x, y))
            if labels:
                front.placements.append(Placement(labels[index], x, y))
            if backs:
                bx, by = back_position(grid, page_w, page_h, x, y, settings.duplex, settings.back_offset)
                back.placements.append(Placement(backs, bx, by))
        plan.pages.append(front)
        if backs:
            plan.pages.append(back)


def _lay_out_folded(
    plan: SheetPlan, settings: PrintSettings, fronts: Sequence[str], labels: Sequence[str] | None, back: str
) -> None:
    """Fold-over backs, for printers without duplex: each card's front with its back beside it.

    A pair is cut out as one piece and folded along the line between the halves, so the back
    half lands exactly behind the front: the back's trim is the front's mirrored about the
    fold. The pairs are imposed like double-wide cards, with crop marks around them and fold
    marks in line with each fold.
    """
    card_w, card_h = settings.card
    page_w, page_h = settings.paper
    pair = replace(settings, card=(2 * card_w, card_h))
    grid = sheet_grid(pair)
    extras = sheet_extras(grid, pair) + fold_marks(grid, card_w, page_h, settings.margin)
    for start in range(0, len(fronts), grid.per_page):
        page = Page(page_w, page_h, [], list(extras))
        for slot, index in enumerate(range(start, min(start + grid.per_page, len(fronts)))):
            x, y = grid.slot(slot)
            page.placements.append(Placement(fronts[index], x, y))
            if labels:
                page.placements.append(Placement(labels[index], x, y))
            page.placements.append(Placement(back, x + card_w, y))
        plan.pages.append(page)
