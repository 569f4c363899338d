"""The flash-card page of the teacher pack: ways to use the cards, for teachers."""

from __future__ import annotations

from pathlib import PurePath

from deckgen.games.flashcards.model import FlashDeck
from deckgen.pack_blocks import Block, Bullets, Heading, Numbered, Text

INTRO = (
    "Each card has a question, a word or a fact on its front and the answer on its back. "
    "They work alone, in pairs or in a small group, and need nothing else."
)
STEPS = [
    ("Look at the front.", "Say or write the answer before turning the card over."),
    ("Turn it over.", "Check the back. Right: put the card on the 'know it' pile. Not yet: on the 'again' pile."),
    ("Go again.", "When the deck is done, shuffle the 'again' pile and go through it until it is empty."),
]
IDEAS = [
    "In pairs: one holds up a card and reads the back; the other answers. Swap after five cards.",
    "Three boxes: new cards start in box 1. A right answer moves a card up a box, a wrong one sends it "
    "back to box 1. Practise box 1 every day, box 2 every other day and box 3 once a week.",
    "Backwards: show the back and ask for the front.",
    "Race the clock: how many cards in one minute? Try to beat your own number next time.",
]


def _suffix(deck: FlashDeck) -> str:
    return PurePath(deck.source).suffix if deck.source else ""


def rules(deck: FlashDeck) -> list[Block]:
    return [
        Heading("Flash cards"),
        Text(f"{INTRO} This deck comes from {deck.name}{_suffix(deck)}."),
        Heading("How to practise", 2),
        Numbered(STEPS),
        Heading("Ideas", 2),
        Bullets(IDEAS),
    ]
