"""The Cleariosity Numbers pages of the teacher pack: the rules, and an answer key per level.

Each answer key shows one way to collect every card of its level (the exact-cover solver's
partition), as pictures of the stacked cards drawn from the printed card faces.
"""

from __future__ import annotations

from deckgen.games.cleariosity import pack_text as words
from deckgen.games.cleariosity.faces import CleariosityGeometry
from deckgen.games.cleariosity.model import Deck, Tier
from deckgen.games.cleariosity.pictures import stack_picture
from deckgen.games.cleariosity.rules import LINE_NAMES, OP_SYMBOLS, describe
from deckgen.games.cleariosity.verify import analyse_tier
from deckgen.pack_blocks import Block, Bullets, Heading, Numbered, PageBreak, Picture, Pictures, Table, Text

#: Answer-key pictures: five to a row, each column this wide (mm).
PICTURES_PER_ROW = 5
PICTURE_COLUMN = 36.0


def rules() -> list[Block]:
    return [
        Heading(words.CLEARIOSITY_TITLE),
        Text(words.CLEARIOSITY_INTRO),
        Table([("Level", "Cards", "Operations"), *words.CLEARIOSITY_LEVELS], [60.0, 25.0, 85.0]),
        Heading("How to play", 2),
        Numbered(words.CLEARIOSITY_RULES),
        Heading("What counts as an equation", 2),
        Bullets(words.CLEARIOSITY_EQUATION),
        Heading("Variations", 2),
        Bullets(words.CLEARIOSITY_VARIANTS),
    ]


def answer_keys(deck: Deck, card_size: tuple[float, float]) -> list[Block]:
    """A page per level present in the deck: one way to collect every card, as stack pictures."""
    geometry = CleariosityGeometry(*card_size)
    scale = min(0.42, 30.0 / geometry.width)
    story: list[Block] = []
    for tier in Tier:
        if not deck.colour_cards(tier):
            continue
        report = analyse_tier(deck, tier)
        ops = " ".join(OP_SYMBOLS[t.op] for t in tier.tiers())
        story += [
            PageBreak(),
            Heading(f"Answer key: {tier.colour} level"),
            Text(
                f"{len(report.cards)} cards ({', '.join(t.colour for t in tier.tiers())}). "
                f"One way to collect every card: each picture shows the cards of one equation stacked, "
                f"with the line to read highlighted. Operations: {ops}."
            ),
        ]
        groups = report.perfect_clear.groups
        if not groups:
            story.append(Text("No way to collect every card was found for this level."))
            continue
        pictures = []
        for group in groups:
            cards = [report.cards[i] for i in group.cards]
            caption = (
                f"{', '.join(c.id for c in cards)}<br/>{LINE_NAMES[group.line]}<br/>"
                f"<b>{describe(group.values, group.ops[0])}</b>"
            )
            shapes = stack_picture(cards, geometry, [group.line])
            pictures.append(Picture(tuple(shapes), geometry.width, geometry.height, scale, caption))
        story.append(Pictures(pictures, PICTURES_PER_ROW, PICTURE_COLUMN))
    return story
