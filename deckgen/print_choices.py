"""The values a print or laser setting can take, one StrEnum each.

A setting is read from text once (the command line, a profile, the page) and from then on is one
of these members, so the code tests ``settings.duplex == Duplex.FOLD`` or asks a property of
:class:`~deckgen.printing.PrintSettings` rather than comparing strings. Each member equals its
text (``Media.PAPER == "paper"``), so the options, profiles, JSON and messages read as before.
"""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class Media(StrEnum):
    """What the cards are printed on."""

    TRANSPARENCY = "transparency"
    CARDSTOCK = "cardstock"
    PAPER = "paper"


@unique
class Layout(StrEnum):
    """As many cards as fit on a sheet, or one card a page at card size."""

    SHEET = "sheet"
    SINGLE = "single"


@unique
class Duplex(StrEnum):
    """How backs are printed: on the other side (turned about the long or short edge), folded
    over beside their card, or not at all."""

    LONG_EDGE = "long-edge"
    SHORT_EDGE = "short-edge"
    FOLD = "fold"
    NONE = "none"

    @property
    def two_sided(self) -> bool:
        """The backs are printed on the other side of the sheet."""
        return self in (Duplex.LONG_EDGE, Duplex.SHORT_EDGE)


@unique
class Marks(StrEnum):
    """Cutting guides on sheets of cards: crop marks outside the cards, lines along them, or none."""

    CROP = "crop"
    LINES = "lines"
    NONE = "none"


@unique
class Colour(StrEnum):
    """The PDF's colours: for screens and office printers, or for print shops."""

    RGB = "rgb"
    CMYK = "cmyk"


@unique
class SetSheets(StrEnum):
    """With several classroom sets: each starts on a new sheet, or sets follow on."""

    SEPARATE = "separate"
    SHARED = "shared"


@unique
class Engrave(StrEnum):
    """How a laser marks the numbers: single-stroke score lines, filled shapes, or not at all."""

    SCORE = "score"
    FILL = "fill"
    NONE = "none"
