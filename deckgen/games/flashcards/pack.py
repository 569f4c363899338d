"""The flash-card pages of the teacher pack: ways to use the cards, and the answer list.

The answer list gives every card's front and back, to check an answer without turning the card
or to find a card that went missing. Its text is set like the cards' (the same fonts, shaping
and directions, so Chinese, Arabic or Hindi read as on the cards), with the text as text too.
"""

from __future__ import annotations

from pathlib import PurePath

from deckgen.games.flashcards.fonts import FontChain
from deckgen.games.flashcards.model import FlashCard, FlashDeck
from deckgen.i18n import N_, _
from deckgen.layout.faces import TextLine
from deckgen.layout.primitives import Primitive, Stroke
from deckgen.pack_blocks import Block, Bullets, Drawing, Heading, Numbered, Text

#: The answer list's letters (cap height, mm): about 10 pt, and never below 6 pt.
LIST_TEXT = 2.4
LIST_SMALLEST = 1.5
#: A row of the list (mm): room for two lines at the size above, or three smaller.
ROW_HEIGHT = 9.5
ID_COLUMN = 14.0
RULE = "#C8CED6"
ID = "#333333"

INTRO = N_(
    "Each card has a question, a word or a fact on its front and the answer on its back. "
    "They work alone, in pairs or in a small group, and need nothing else."
)
STEPS = [
    (N_("Look at the front."), N_("Say or write the answer before turning the card over.")),
    (
        N_("Turn it over."),
        N_("Check the back. Right: put the card on the 'know it' pile. Not yet: on the 'again' pile."),
    ),
    (N_("Go again."), N_("When the deck is done, shuffle the 'again' pile and go through it until it is empty.")),
]
IDEAS = [
    N_("In pairs: one holds up a card and reads the back; the other answers. Swap after five cards."),
    N_(
        "Three boxes: new cards start in box 1. A right answer moves a card up a box, a wrong one sends it "
        "back to box 1. Practise box 1 every day, box 2 every other day and box 3 once a week."
    ),
    N_("Backwards: show the back and ask for the front."),
    N_("Race the clock: how many cards in one minute? Try to beat your own number next time."),
]


def _suffix(deck: FlashDeck) -> str:
    return PurePath(deck.source).suffix if deck.source else ""


def rules(deck: FlashDeck) -> list[Block]:
    return [
        Heading(_("Flash cards")),
        Text(_(INTRO) + " " + _("This deck comes from {file}.").format(file=f"{deck.name}{_suffix(deck)}")),
        Heading(_("How to practise"), 2),
        Numbered([(_(head), _(step)) for head, step in STEPS]),
        Heading(_("Ideas"), 2),
        Bullets([_(idea) for idea in IDEAS]),
    ]


def answer_list(deck: FlashDeck, width: float) -> list[Block]:
    """Every card's id, front and back, a row each, in the order of the sheet (``width``: the text width, mm)."""
    from deckgen.games.flashcards.faces import deck_fonts

    chain = deck_fonts(deck)
    rows: list[Block] = [
        Heading(_("Answer list"), 2),
        Text(_("Every card's front and back, to check an answer without turning the card or to find a missing card.")),
    ]
    for card in deck.cards:
        rows.append(_row(card, width, chain))
    return rows


def _row(card: FlashCard, width: float, chain: FontChain) -> Drawing:
    from deckgen.games.flashcards.text import TextDoesNotFit, lay_out_text

    column = (width - ID_COLUMN - 4.0) / 2
    # The id in the card font's outlines too (not the cards' stroke letters), so that its text
    # layer lies over filled letters, as every other word of the list does.
    label = lay_out_text(card.id, (0.0, 0.6, ID_COLUMN - 2.0, ROW_HEIGHT - 1.2), max_size=1.8, min_size=1.2, colour=ID)
    shapes: list[Primitive] = list(label.shapes)
    lines: list[TextLine] = list(label.lines)
    for number, words in enumerate((card.front, card.back)):
        box = (ID_COLUMN + number * (column + 4.0), 0.6, column, ROW_HEIGHT - 1.2)
        picture = card.front_picture if number == 0 else card.back_picture
        shown = words or (_("(a picture)") if picture else "")
        # A text too long for its row is cut short: the card itself shows it whole.
        for attempt in (shown, shown[:60].rstrip() + " …", shown[:20].rstrip() + " …"):
            try:
                setting = lay_out_text(attempt, box, max_size=LIST_TEXT, min_size=LIST_SMALLEST, chain=chain)
            except TextDoesNotFit:
                continue
            shapes += setting.shapes
            lines += setting.lines
            break
    shapes.append(Stroke(((0.0, ROW_HEIGHT - 0.1), (width, ROW_HEIGHT - 0.1)), 0.2, RULE))
    return Drawing(tuple(shapes), width, ROW_HEIGHT, tuple(lines))
