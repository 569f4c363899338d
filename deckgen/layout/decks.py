"""Sheet plans for whole decks: which card goes on which page, sets, backs, marks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from deckgen.errors import DeckgenError
from deckgen.i18n import _, decimal_g
from deckgen.layout.faces import CardFaces, Face, for_media
from deckgen.layout.primitives import Primitive, flip_y, ink_bounds, mirror_x, scale_about
from deckgen.layout.sheets import (
    Grid,
    Page,
    Placement,
    SheetPlan,
    back_position,
    crop_marks,
    cut_lines,
    fold_lines,
    fold_marks,
    impose,
    mirror_page,
    registration_marks,
    registration_primitives,
)
from deckgen.print_choices import Duplex, Marks
from deckgen.printing import PrintSettings


def sheet_grid(settings: PrintSettings) -> Grid:
    page_w, page_h = settings.paper
    card_w, card_h = settings.card
    return impose(page_w, page_h, card_w, card_h, settings.margin, 2 * settings.bleed)


def sheets_each_way(settings: PrintSettings, cards: int, folded: bool) -> dict[str, int]:
    """Sheets of paper (or film) a build of ``cards`` a set takes, both ways of placing sets:
    ``separate`` (each set starts a new sheet) and ``shared`` (sets follow on)."""
    if settings.single:
        per_page = 1
    else:
        card_w, card_h = settings.card
        per_page = sheet_grid(replace(settings, card=(2 * card_w, card_h)) if folded else settings).per_page
    return {
        "separate": settings.sets * -(-cards // per_page),
        "shared": -(-(settings.sets * cards) // per_page),
    }


def backs_printed(faces: CardFaces, settings: PrintSettings) -> bool:
    """Whether backs are printed (behind the cards, or beside them to fold): replacement cards then
    keep the places a full build gives them; without, they fill as few sheets as they can."""
    return faces.backs is not None and settings.backs_printed


def sheet_extras(grid: Grid, settings: PrintSettings) -> list[Primitive]:
    return cut_guides(grid, settings) + registration_extras(grid, settings)


def cut_guides(grid: Grid, settings: PrintSettings) -> list[Primitive]:
    """The crop marks or cut lines of a block of cards."""
    page_w, page_h = settings.paper
    if settings.marks == Marks.CROP:
        return crop_marks(grid, page_w, page_h, settings.margin)
    if settings.marks == Marks.LINES:
        return cut_lines(grid, page_w, page_h)
    return []


def registration_extras(grid: Grid, settings: PrintSettings) -> list[Primitive]:
    """Print-and-cut targets: always those of the full sheet, where the cutting machine's file expects them."""
    if not settings.registration:
        return []
    page_w, page_h = settings.paper
    return registration_primitives(registration_marks(grid, page_w, page_h, settings.margin))


def used_grid(grid: Grid, slots: Sequence[int]) -> Grid:
    """The smallest block of ``grid`` holding these slots: a sheet's cut guides go around its
    printed cards only (a last sheet, or replacement cards), not around empty places."""
    rows = [slot // grid.cols for slot in slots]
    cols = [slot % grid.cols for slot in slots]
    x0, y0 = grid.slot(min(rows) * grid.cols + min(cols))
    return Grid(max(cols) - min(cols) + 1, max(rows) - min(rows) + 1, x0, y0, grid.card_w, grid.card_h, grid.gap)


def _page_extras(
    grid: Grid, slots: Sequence[int], extras: list[Primitive], settings: PrintSettings
) -> tuple[list[Primitive], list[Primitive]]:
    """A sheet's extras, for its fronts and its backs: the full sheet's when every place is
    printed, else cut guides around the printed block only (mirrored on the backs, which are the
    sheet turned over) and the full sheet's print-and-cut targets."""
    page_w, page_h = settings.paper
    short = settings.duplex == Duplex.SHORT_EDGE
    if len(slots) == grid.per_page:
        return list(extras), flip_y(extras, page_h) if short else list(extras)
    guides = cut_guides(used_grid(grid, slots), settings)
    targets = registration_extras(grid, settings)
    turned = flip_y(guides, page_h) if short else mirror_x(guides, page_w)
    return guides + targets, turned + (flip_y(targets, page_h) if short else targets)


def check_card_size(card: tuple[float, float], min_card: tuple[float, float], game: str) -> None:
    """Refuse a card smaller than the least the game's faces are drawn for."""
    card_w, card_h = card
    # Either way round: a landscape card of 50 x 35 mm holds as much as a portrait one of 35 x 50 mm.
    if min(card_w, card_h) < min(min_card) or max(card_w, card_h) < max(min_card):
        raise DeckgenError(
            _(
                "card size {width} x {height} mm is too small for {game}; use at least {least_width} x "
                "{least_height} mm (either way round)"
            ).format(
                width=decimal_g(card_w),
                height=decimal_g(card_h),
                game=_(game),
                least_width=decimal_g(min_card[0]),
                least_height=decimal_g(min_card[1]),
            )
        )


def deck_plan(
    name: str,
    game: str,
    faces: CardFaces,
    settings: PrintSettings,
    min_card: tuple[float, float],
    keep: Callable[[str, int], bool] | None = None,
) -> SheetPlan:
    """A deck's pages: every set starts on a new sheet; with backs and duplex, a page of backs
    after each page of fronts (or, folded, each back beside its card).

    ``keep(card id, set number)``: only the cards it keeps are printed (replacement cards). With
    backs printed, each in the place a full build gives it, so its back lands behind it; a sheet
    left with none is left out, with its backs. With none, a card's place does not matter: the
    kept cards, set after set, fill as few sheets as they can."""
    check_card_size(settings.card, min_card, game)
    plan = SheetPlan(name, {}, [])
    fit = _safe_fit(faces, settings)
    fronts = [plan.add_face(fit(for_media(face, settings.media))) for face in faces.fronts]
    backs = None
    if faces.backs is not None:
        backs = [plan.add_face(fit(for_media(face, settings.media))) for face in faces.backs]
    printed_backs = backs if backs_printed(faces, settings) else None
    sets: list[tuple[list[str], list[str] | None, list[str] | None]] = []
    for number in range(1, settings.sets + 1):
        labels = [plan.add_face(fit(faces.label(number)))] * len(fronts) if settings.sets > 1 else None
        back_labels = None
        if labels and backs and faces.back_label is not None:
            back_labels = [plan.add_face(fit(faces.back_label(number)))] * len(fronts)
        sets.append((labels or [], printed_backs, back_labels))

    def kept(number: int) -> list[bool] | None:
        return None if keep is None else [keep(card_id, number) for card_id in faces.ids]

    if keep is not None and printed_backs is None:
        # Nothing is printed behind the cards: the kept ones, set after set, fill the sheets in order.
        chosen = [
            (n, i) for n in range(1, settings.sets + 1) for i, card_id in enumerate(faces.ids) if keep(card_id, n)
        ]
        chosen_labels = [sets[n - 1][0][i] for n, i in chosen] if settings.sets > 1 else None
        _lay_out(plan, settings, [fronts[i] for _, i in chosen], chosen_labels, None)
    elif settings.sets_share_sheets:
        # One run of cards, set after set: a sheet may end one set and begin the next.
        every_front = list(fronts) * settings.sets
        every_label = [label for labels, _, _ in sets for label in labels]
        every_back = list(printed_backs) * settings.sets if printed_backs else None
        every_back_label = [b for _, _, back_labels in sets for b in (back_labels or [])] or None
        every_kept = None if keep is None else [k for n in range(1, settings.sets + 1) for k in kept(n) or []]
        _lay_out(plan, settings, every_front, every_label, every_back, every_back_label, every_kept)
    else:
        for number, (labels, set_backs, back_labels) in enumerate(sets, start=1):
            _lay_out(plan, settings, fronts, labels or None, set_backs, back_labels, kept(number))
    if settings.mirror:
        plan.pages = [mirror_page(page, plan) for page in plan.pages]
    return plan


#: How far inside the trim everything printed stays on a page with bleed: a print shop's cut
#: may wander by a millimetre or two, and art this far in is never cut into.
SAFE_INSIDE_TRIM = 3.0


def safe_distance(settings: PrintSettings) -> float:
    """How far inside the trim every printed element must stay (0: the game's own design rules).

    When each card is its own page, its trim is the page edge: without bleed, a printer cannot
    reach the outer ``--margin`` of the page; with bleed, a shop trims there, give or take.
    """
    if not settings.single:
        return 0.0
    return SAFE_INSIDE_TRIM if settings.bleed else settings.margin


def _safe_fit(faces: CardFaces, settings: PrintSettings) -> Callable[[Face], Face]:
    """A function that shrinks a face's art about the card's centre to keep it in the safe area.

    One factor for the whole deck (fronts, backs and set labels alike): cards of a deck keep
    their art at the same place and size, so stacked or sorted cards still match.
    """
    safe = safe_distance(settings)
    card_w, card_h = settings.card
    samples = [*faces.fronts, *(faces.backs or []), faces.label(1), faces.label(settings.sets)]
    if faces.back_label is not None:
        samples += [faces.back_label(settings.sets)]
    factor = 1.0
    for face in samples:
        bounds = ink_bounds(face.primitives)
        if bounds is None:
            continue
        x0, y0, x1, y1 = bounds
        for reach, half in (
            (card_w / 2 - x0, card_w / 2),
            (x1 - card_w / 2, card_w / 2),
            (card_h / 2 - y0, card_h / 2),
            (y1 - card_h / 2, card_h / 2),
        ):
            if reach > half - safe and reach > 0:
                factor = min(factor, (half - safe) / reach)
    if factor >= 1.0:
        return lambda face: face

    def fit(face: Face) -> Face:
        shapes = scale_about(face.primitives, factor, face.width / 2, face.height / 2)
        text = tuple(line.scaled(factor, face.width / 2, face.height / 2) for line in face.text)
        return replace(face, key=f"{face.key}-safe{factor:.5f}", primitives=tuple(shapes), text=text)

    return fit


def _lay_out(
    plan: SheetPlan,
    settings: PrintSettings,
    fronts: Sequence[str],
    labels: Sequence[str] | None,
    backs: Sequence[str] | None,
    back_labels: Sequence[str] | None = None,
    kept: Sequence[bool] | None = None,
) -> None:
    """Append the pages of one set (``kept``: which of its cards to print; ``None``: all)."""
    card_w, card_h = settings.card
    if settings.single:
        page_w, page_h = card_w + 2 * settings.bleed, card_h + 2 * settings.bleed
        trim = (settings.bleed, settings.bleed, card_w, card_h)
        for index, face in enumerate(fronts):
            if kept is not None and not kept[index]:
                continue
            placements = [Placement(face, settings.bleed, settings.bleed)]
            if labels:
                placements.append(Placement(labels[index], settings.bleed, settings.bleed))
            plan.pages.append(Page(page_w, page_h, placements, [], trim))
            if backs:
                # The whole page is turned, so the back moves by the calibrated offset as on a sheet.
                spot = back_position(
                    settings.card, page_w, page_h, settings.bleed, settings.bleed, settings.duplex, settings.back_offset
                )
                behind = [Placement(backs[index], *spot)]
                if back_labels:
                    behind.append(Placement(back_labels[index], *spot))
                plan.pages.append(Page(page_w, page_h, behind, [], trim, "back"))
        return
    if backs and settings.folded:
        _lay_out_folded(plan, settings, fronts, labels, backs, back_labels, kept)
        return
    grid = sheet_grid(settings)
    page_w, page_h = settings.paper
    extras = sheet_extras(grid, settings)
    for start in range(0, len(fronts), grid.per_page):
        chunk = range(start, min(start + grid.per_page, len(fronts)))
        if kept is not None and not any(kept[index] for index in chunk):
            continue  # a sheet with no card to print is left out, with its backs
        slots = [slot for slot, index in enumerate(chunk) if kept is None or kept[index]]
        front_marks, back_marks = _page_extras(grid, slots, extras, settings)
        front = Page(page_w, page_h, [], front_marks)
        back = Page(page_w, page_h, [], back_marks, side="back")
        for slot, index in enumerate(chunk):
            if kept is not None and not kept[index]:
                continue
            x, y = grid.slot(slot)
            front.placements.append(Placement(fronts[index], x, y))
            if labels:
                front.placements.append(Placement(labels[index], x, y))
            if backs:
                bx, by = back_position(settings.card, page_w, page_h, x, y, settings.duplex, settings.back_offset)
                back.placements.append(Placement(backs[index], bx, by))
                if back_labels:
                    back.placements.append(Placement(back_labels[index], bx, by))
        plan.pages.append(front)
        if backs:
            plan.pages.append(back)


def _lay_out_folded(
    plan: SheetPlan,
    settings: PrintSettings,
    fronts: Sequence[str],
    labels: Sequence[str] | None,
    backs: Sequence[str],
    back_labels: Sequence[str] | None,
    kept: Sequence[bool] | None = None,
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
    try:
        grid = sheet_grid(pair)
    except DeckgenError:
        raise DeckgenError(
            _(
                "with --duplex fold each {width} x {height} mm card is printed with its back beside it, a "
                "{pair_width} x {height} mm pair, which does not fit in the printable {usable_width} x "
                "{usable_height} mm of the page; choose larger paper, a smaller card, or another --duplex"
            ).format(
                width=decimal_g(card_w),
                height=decimal_g(card_h),
                pair_width=decimal_g(2 * card_w),
                usable_width=decimal_g(page_w - 2 * settings.margin),
                usable_height=decimal_g(page_h - 2 * settings.margin),
            )
        ) from None
    extras = sheet_extras(grid, pair) + fold_marks(grid, card_w, page_h, settings.margin) + fold_lines(grid, card_w)
    for start in range(0, len(fronts), grid.per_page):
        chunk = range(start, min(start + grid.per_page, len(fronts)))
        if kept is not None and not any(kept[index] for index in chunk):
            continue
        slots = [slot for slot, index in enumerate(chunk) if kept is None or kept[index]]
        if len(slots) == grid.per_page:
            page = Page(page_w, page_h, [], list(extras))
        else:
            block = used_grid(grid, slots)
            guides = (
                cut_guides(block, pair) + fold_marks(block, card_w, page_h, settings.margin) + fold_lines(block, card_w)
            )
            page = Page(page_w, page_h, [], guides + registration_extras(grid, pair))
        for slot, index in enumerate(chunk):
            if kept is not None and not kept[index]:
                continue
            x, y = grid.slot(slot)
            page.placements.append(Placement(fronts[index], x, y))
            if labels:
                page.placements.append(Placement(labels[index], x, y))
            page.placements.append(Placement(backs[index], x + card_w, y))
            if back_labels:
                page.placements.append(Placement(back_labels[index], x + card_w, y))
        plan.pages.append(page)
