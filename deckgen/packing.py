"""What the teacher pack says about each deck of a build (its packing list and printing guide).

Kept apart from the pack's typesetting, so that a build can work these out without loading
reportlab's typesetting: only the process that sets the pack does that.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.i18n import _
from deckgen.printing import PrintSettings

#: The calibration sheet a build writes beside its PDFs when backs are printed two-sided.
CALIBRATION_PDF = "calibration.pdf"


@dataclass(frozen=True)
class PackingEntry:
    """One deck of the kit: what a set holds, how many sheets it takes, and how it is printed."""

    deck: str
    cards_per_set: int
    #: Sheets each set takes when each starts a new sheet (``None`` when sets share sheets).
    sheets_per_set: int | None
    sheets_in_all: int
    sides: str
    media: str
    detail: str
    #: The deck's resolved print settings: the guide is written from these.
    settings: PrintSettings
    #: How the deck's card ids look, for sorting (each game says it in its own words).
    ids: str = ""
    #: What one card is called in a sentence (each game says it in its own words).
    card_noun: str = ""
    #: The cards are seen through one another when played (stacked film cards).
    clear_cards: bool = False
    #: Backs are printed on the other side of the sheet (two-sided printing).
    two_sided: bool = False
    #: Backs are printed beside their cards, to fold behind them.
    folded: bool = False
    #: Sheets the kit takes each way of placing sets ("separate", "shared"; see ``set_sheets``).
    sheets_each_way: dict[str, int] | None = None
    #: Replacement cards only (``--only``, ``--only-set``): which, in a sentence ("" for whole sets).
    #: The list's figures are then those of the replacement cards, not of the class set.
    replacement: str = ""
    #: The command that prints a lost card again (see :func:`deckgen.build.reprint_command`), the
    #: id it gives as an example, and the deck file it reads ("" for the game's own deck).
    reprint: str = ""
    reprint_id: str = ""
    deck_file: str = ""

    @property
    def noun(self) -> str:
        """One card in a sentence of the pack, in the language it is written in."""
        return self.card_noun or _("{deck} card").format(deck=self.deck)
