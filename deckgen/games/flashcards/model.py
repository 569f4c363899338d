"""A flash-card deck: cards with a front and a back, read from a teacher's spreadsheet."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.i18n import N_, _

if TYPE_CHECKING:
    from deckgen.games.flashcards.card_pictures import CardPicture

#: A card's sides as messages name them ("the front is empty"), in the language being spoken.
SIDE_NAMES = {"front": N_("front"), "back": N_("back")}


@dataclass(frozen=True)
class FlashCard:
    """One card: its id, the text of each side, how many copies to print, and its colour.

    ``row`` is the spreadsheet row it came from, so every message can name it; a side may have a
    picture (with its text, or instead of it).
    """

    id: str
    front: str
    back: str
    count: int = 1
    colour: str | None = None
    row: int = 0
    front_picture: CardPicture | None = None
    back_picture: CardPicture | None = None
    #: What ``row`` counts: a spreadsheet's rows, or an Anki deck's notes.
    unit: str = "row"

    @property
    def where(self) -> str:
        """Where the card came from, as messages name it: "row 4 (F03)", "note 2 (F02)"."""
        if self.unit == "note":
            return _("note {row} ({id})").format(row=self.row, id=self.id)
        return _("row {row} ({id})").format(row=self.row, id=self.id)


@dataclass(frozen=True)
class FlashDeck:
    """The cards in spreadsheet order; ``source`` is the file they came from (for messages);
    ``fonts``: font files the user named, tried before the shipped ones; ``notes``: what the
    build should tell the user about the sheet (columns left out); ``script_forms``: the forms
    Han characters are drawn in (``ja``, ``zh-Hans``, ``zh-Hant``, ``ko``; ``None``: as the
    text says, see :func:`~deckgen.games.flashcards.fonts.chain_for`)."""

    name: str
    cards: tuple[FlashCard, ...]
    source: str = ""
    fonts: tuple[Path, ...] = ()
    notes: tuple[str, ...] = ()
    script_forms: str | None = None

    @property
    def printed(self) -> tuple[FlashCard, ...]:
        """Every card to print, each copy of a card beside the others."""
        return tuple(card for card in self.cards for _ in range(card.count))
