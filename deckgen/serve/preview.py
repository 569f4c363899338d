"""Previews for the page: the first printed sheet, one card and a stack, drawn from the build's own plan.

The plan is the one ``deckgen build`` lays out for the same options (:func:`deckgen.build.prepare`),
so the preview is the sheet that will come out of the printer. Plans are kept for the last few
settings, as the page asks for the sheet, the card and the counts of the same settings at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from deckgen.build import BuildJob, BuildRequest, prepare
from deckgen.i18n import _, counted, number
from deckgen.layout.primitives import Box, Primitive, translate
from deckgen.print_choices import SetSheets
from deckgen.print_options import MEDIA_NAMES
from deckgen.serve.choices import PageChoices

#: Width of the sheet preview in pixels (a letter sheet at 55 dpi), and resolution of the card and stack.
SHEET_PIXELS = 468
CARD_DPI = 150
#: The longest side of a card or stack preview, in pixels (a poker card at 150 dpi is 520).
CARD_PIXELS = 600
WHITE = (255, 255, 255, 255)
PAPER_EDGE = "#9A9A9A"
KEPT = 8


@dataclass(frozen=True)
class Counts:
    """What the print job takes: sheets of what, printed how."""

    sheets: int
    media: str
    two_sided: bool
    cards: int
    sets: int
    #: One card a page (for a print shop), rather than sheets of cards.
    single: bool = False
    #: Sheets if sets shared sheets (``--set-sheets shared``), when that saves any.
    shared: int | None = None
    #: Replacement cards only (``--only``, ``--only-set``): how many cards are printed.
    replacements: int | None = None

    def sentence(self) -> str:
        """What the job takes, in a sentence in the language being spoken."""
        sets = counted("{count} set", "{count} sets", self.sets)
        cards = counted("{count} card", "{count} cards", self.cards)
        sheets = counted("{count} sheet", "{count} sheets", self.sheets)
        media = _(self.media)
        sides = _("printed on both sides") if self.two_sided else _("printed on one side")
        if self.replacements is not None:
            printed = counted("{count} card", "{count} cards", self.replacements)
            if self.single:
                return _(
                    "Replacement cards: {cards}, one a page at card size with bleed, for a print shop to print on "
                    "{media} and trim."
                ).format(cards=printed, media=media)
            return _(
                "Replacement cards: {cards} on {sheets} of {media}, {sides}, each in its place on the sheet of a "
                "whole set."
            ).format(cards=printed, sheets=sheets, media=media, sides=sides)
        if self.single:
            pages = counted("{count} page", "{count} pages", self.sheets)
            backs = _(" (each card's back is the page after it)") if self.two_sided else ""
            return _(
                "{sets} of {cards}: {pages}, one card a page at card size with bleed{backs}, for a print shop to "
                "print on {media} and trim."
            ).format(sets=sets, cards=cards, pages=pages, backs=backs, media=media)
        said = _("{sets} of {cards}: {sheets} of {media}, {sides}.").format(
            sets=sets, cards=cards, sheets=sheets, media=media, sides=sides
        )
        if self.shared is not None:
            said += _(
                " Letting sets share sheets takes {count} (set sheets: shared, under All options; every card "
                "still shows its set)."
            ).format(count=number(self.shared))
        return said


class Previews:
    """Plans of recent settings, and the pictures drawn from them."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[tuple[tuple[str, str], ...], BuildJob] = OrderedDict()
        self._lock = threading.Lock()
        self._planning = threading.Lock()

    def job(self, choices: PageChoices, upload: Path | None, attached: Mapping[str, Path] | None = None) -> BuildJob:
        """The build plan of these choices (raises :class:`DeckgenError` as the build would);
        ``attached``: the files uploaded for options (a font), by option name."""
        # The language and the country too: unchosen, they come from the browser, and set the
        # cards' signs and the paper.
        key = (*choices.query(), ("speaks", choices.speaks), ("country", choices.country))
        with self._lock:
            if key in self._jobs:
                self._jobs.move_to_end(key)
                return self._jobs[key]
        request = BuildRequest(
            games=(choices.game,),
            options=choices.build_options({name: str(path) for name, path in (attached or {}).items()}),
            files={choices.game: upload} if upload is not None else {},
            formats=choices.formats,
            language=choices.speaks,
            region=choices.country,
        )
        # One plan at a time: laying out shares caches that are not safe to fill from two
        # threads at once (fontTools reads a font's tables lazily). Drawing runs side by side.
        with self._planning:
            job = prepare(request, plan_lasers=False)
        with self._lock:
            self._jobs[key] = job
            while len(self._jobs) > KEPT:
                self._jobs.popitem(last=False)
        return job


def counts(job: BuildJob) -> Counts:
    from deckgen.layout.decks import sheets_each_way

    deck = next(iter(job.decks.values()))
    settings = deck.settings
    backs = any(page.side == "back" for page in deck.plan.pages)
    single = settings.single
    # Sheets: the fronts (each back is printed on a sheet's other side); pages, one card each, all of them.
    fronts = len(deck.plan.pages) if single else sum(1 for page in deck.plan.pages if page.side == "front")
    shared = None
    if not single and settings.sets > 1 and settings.set_sheets == SetSheets.SEPARATE:
        each = sheets_each_way(settings, deck.cards, deck.backs_folded)
        shared = each["shared"] if each["shared"] < each["separate"] else None
    replacements = None
    if job.request.options.get("only") or job.request.options.get("only_set"):
        fronts_drawn = {face.key for face in deck.faces.fronts}
        replacements = sum(1 for page in deck.plan.pages for p in page.placements if p.face in fronts_drawn)
    return Counts(fronts, MEDIA_NAMES[settings.media], backs, deck.cards, settings.sets, single, shared, replacements)


@dataclass(frozen=True)
class Drawing:
    """What a preview shows: shapes in mm (y down) on a ``width`` x ``height`` mm picture, on
    ``background`` (``None``: clear, a film card), drawn at most ``dpi`` as a PNG."""

    shapes: tuple[Primitive, ...]
    width: float
    height: float
    background: str | None
    dpi: int
    #: Fit into this many pixels on the longer side, as a PNG.
    pixels: int


def sheet_drawing(job: BuildJob, pixels: int = SHEET_PIXELS) -> Drawing:
    """The first printed page as it comes out of the printer (its edge drawn in grey), about
    ``pixels`` wide whatever its size (a letter sheet, or a card-sized page for a print shop)."""
    deck = next(iter(job.decks.values()))
    page = deck.plan.pages[0]
    shapes: list[Primitive] = [Box(0, 0, page.width, page.height, PAPER_EDGE, None, 0.8)]
    for placement in page.placements:
        face = deck.plan.faces[placement.face]
        shapes += translate(face.primitives, placement.x, placement.y)
    shapes += page.extras
    return Drawing(tuple(shapes), page.width, page.height, "#FFFFFF", 200, pixels)


def card_drawing(job: BuildJob, side: str = "front", dpi: int = CARD_DPI) -> Drawing | None:
    """The first card's front (or its back; ``None`` for cards without), as the sheets print it:
    the plan's own face, so film drops the fills the sheet drops (at most :data:`CARD_PIXELS` tall)."""
    deck = next(iter(job.decks.values()))
    faces = deck.faces.fronts if side == "front" else deck.faces.backs
    if not faces:
        return None
    # The first card the sheets print (a replacement card, when only some are printed).
    fronts = [face.key for face in deck.faces.fronts]
    placed = [p.face for page in deck.plan.pages for p in page.placements if p.face in fronts]
    first = fronts.index(placed[0]) if placed else 0
    face = deck.plan.faces.get(faces[first].key, faces[first])
    background = None if deck.game.clear_cards else "#FFFFFF"
    return Drawing(tuple(face.primitives), face.width, face.height, background, dpi, CARD_PIXELS)


def stack_drawing(job: BuildJob, dpi: int = CARD_DPI) -> tuple[Drawing, str] | None:
    """A stack of the deck's cards as players make it, and what it reads (``None``: not a stacking game)."""
    deck = next(iter(job.decks.values()))
    stack = deck.game.sample_stack(deck.deck)
    if stack is None:
        return None
    return Drawing(tuple(stack.shapes), stack.width, stack.height, "#FFFFFF", dpi, CARD_PIXELS), stack.reads


def fitting_dpi(width: float, height: float, pixels: int, most: int) -> int:
    """A resolution at which a picture of ``width`` x ``height`` mm is at most ``pixels`` on its
    longer side (and at most ``most`` dpi): a preview costs the same whatever size is asked for."""
    return max(1, min(most, int(pixels / (max(width, height) / 25.4))))


def png_of(drawing: Drawing) -> bytes:
    """The drawing as a PNG (Pillow)."""
    from deckgen.render.png import draw, png_bytes

    dpi = fitting_dpi(drawing.width, drawing.height, drawing.pixels, drawing.dpi)
    background = (0, 0, 0, 0) if drawing.background is None else WHITE
    return png_bytes(draw(drawing.shapes, drawing.width, drawing.height, dpi, background), dpi)


def svg_of(drawing: Drawing) -> bytes:
    """The drawing as an SVG, for a browser to draw (no Pillow needed)."""
    from deckgen.render.svg_picture import svg_picture

    return svg_picture(drawing.shapes, drawing.width, drawing.height, drawing.background)


def sheet_png(job: BuildJob, pixels: int = SHEET_PIXELS) -> bytes:
    return png_of(sheet_drawing(job, pixels))


def card_png(job: BuildJob, dpi: int = CARD_DPI, side: str = "front") -> bytes | None:
    drawing = card_drawing(job, side, dpi)
    return None if drawing is None else png_of(drawing)


def stack_png(job: BuildJob, dpi: int = CARD_DPI) -> tuple[bytes, str] | None:
    made = stack_drawing(job, dpi)
    return None if made is None else (png_of(made[0]), made[1])
