"""Previews for the page: the first printed sheet, one card and a stack, drawn from the build's own plan.

The plan is the one ``deckgen build`` lays out for the same options (:func:`deckgen.build.prepare`),
so the preview is the sheet that will come out of the printer. Plans are kept for the last few
settings, as the page asks for the sheet, the card and the counts of the same settings at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from deckgen.build import BuildJob, BuildRequest, prepare
from deckgen.layout.primitives import Box, Primitive, translate
from deckgen.print_options import MEDIA_NAMES
from deckgen.serve.choices import PageChoices

#: Resolution of the sheet preview (a letter sheet is 468 x 605 pixels) and of the card and stack.
SHEET_DPI = 55
CARD_DPI = 150
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

    def sentence(self) -> str:
        sides = "printed on both sides" if self.two_sided else "printed on one side"
        sets = f"{self.sets} set" + ("s" if self.sets != 1 else "")
        sheet_word = "sheet" if self.sheets == 1 else "sheets"
        return f"{sets} of {self.cards} cards: {self.sheets} {sheet_word} of {self.media}, {sides}."


class Previews:
    """Plans of recent settings, and the pictures drawn from them."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[tuple[tuple[str, str], ...], BuildJob] = OrderedDict()
        self._lock = threading.Lock()
        self._planning = threading.Lock()

    def job(self, choices: PageChoices, upload: Path | None) -> BuildJob:
        """The build plan of these choices (raises :class:`DeckgenError` as the build would)."""
        key = tuple(choices.query())
        with self._lock:
            if key in self._jobs:
                self._jobs.move_to_end(key)
                return self._jobs[key]
        request = BuildRequest(
            games=(choices.game,),
            options=choices.build_options(),
            files={choices.game: upload} if upload is not None else {},
            formats=choices.formats,
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
    deck = next(iter(job.decks.values()))
    fronts = sum(1 for page in deck.plan.pages if page.side == "front")
    backs = any(page.side == "back" for page in deck.plan.pages)
    return Counts(fronts, MEDIA_NAMES[deck.settings.media], backs, deck.cards, deck.settings.sets)


def sheet_png(job: BuildJob, dpi: int = SHEET_DPI) -> bytes:
    """The first printed page as it comes out of the printer (its edge drawn in grey)."""
    from deckgen.render.png import draw, png_bytes

    deck = next(iter(job.decks.values()))
    page = deck.plan.pages[0]
    shapes: list[Primitive] = [Box(0, 0, page.width, page.height, PAPER_EDGE, None, 0.8)]
    for placement in page.placements:
        face = deck.plan.faces[placement.face]
        shapes += translate(face.primitives, placement.x, placement.y)
    shapes += page.extras
    return png_bytes(draw(shapes, page.width, page.height, dpi, WHITE), dpi)


def card_png(job: BuildJob, dpi: int = CARD_DPI) -> bytes:
    """The first card's front at card size, as ``--format png`` draws it."""
    from deckgen.render.png import draw, png_bytes

    deck = next(iter(job.decks.values()))
    face = deck.faces.fronts[0]
    background = (0, 0, 0, 0) if deck.game.clear_cards else WHITE
    return png_bytes(draw(face.primitives, face.width, face.height, dpi, background), dpi)


def stack_png(job: BuildJob, dpi: int = CARD_DPI) -> tuple[bytes, str] | None:
    """A stack of the deck's cards as players make it, and what it reads (``None``: not a stacking game)."""
    from deckgen.render.png import draw, png_bytes

    deck = next(iter(job.decks.values()))
    stack = deck.game.sample_stack(deck.deck)
    if stack is None:
        return None
    return png_bytes(draw(stack.shapes, stack.width, stack.height, dpi, WHITE), dpi), stack.reads
