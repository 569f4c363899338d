"""The Treenex pages of the teacher pack: the rules, and a score sheet to copy."""

from __future__ import annotations

from deckgen.games.treenex import pack_text as words
from deckgen.games.treenex.model import HANDS_PER_GAME, TreenexDeck
from deckgen.pack_blocks import Block, Bullets, Heading, Numbered, Space, Table, Text

#: Score-sheet columns (mm): the hand number and each player's value; expressions share the rest.
HAND_COLUMN = 16.0
VALUE_COLUMN = 15.0
PLAYERS = 4
HEADER_TINT = "#E8EEF6"
TOTAL_TINT = "#F2F2F2"


def rules(deck: TreenexDeck) -> list[Block]:
    copies = words.NUMBER_WORDS[deck.copies - 1] if deck.copies <= len(words.NUMBER_WORDS) else str(deck.copies)
    return [
        Heading(words.TREENEX_TITLE),
        Text(words.TREENEX_INTRO.format(low=deck.low, high=deck.high, copies=copies)),
        Heading("How to play", 2),
        Numbered(words.TREENEX_RULES),
        Heading("Variations", 2),
        Bullets(words.TREENEX_VARIANTS),
    ]


def score_sheet(deck: TreenexDeck) -> list[Block]:
    """One row per hand, a name row on top; two columns per player, the table as wide as the text."""
    hands = max(HANDS_PER_GAME.values())
    names = ["<b>Name</b>"] + ["", ""] * PLAYERS
    header = ["<b>Hand</b>"] + ["<b>Expression</b>", "<b>Value</b>"] * PLAYERS
    rows = [names, header]
    rows += [[f"<b>{h}</b>"] + [""] * (2 * PLAYERS) for h in range(1, hands + 1)]
    rows.append(["<b>Total</b>"] + ["", ""] * PLAYERS)
    shaded = [((0, 1), (-1, 1), HEADER_TINT), ((0, 0), (0, 0), HEADER_TINT), ((0, -1), (0, -1), HEADER_TINT)]
    # Each player's name spans their two columns; their total goes under "Value".
    shaded += [((1 + 2 * p, -1), (1 + 2 * p, -1), TOTAL_TINT) for p in range(PLAYERS)]
    spans = [((1 + 2 * p, 0), (2 + 2 * p, 0)) for p in range(PLAYERS)]
    table = Table(
        rows,
        [HAND_COLUMN] + [None, VALUE_COLUMN] * PLAYERS,
        style="form",
        row_heights=[14.0, 9.0] + [17.0] * hands + [12.0],
        spans=spans,
        shaded=shaded,
    )
    note = (
        f"Cards {deck.low} to {deck.high}. Write each player's name on the top row. In every hand, "
        "write your expression, (a + b) × c or a × b + c, then its value. Three players play hands 1 "
        "to 3; two or four players play all four hands. Add up the values at the bottom."
    )
    return [Heading("Treenex score sheet"), Text(note), Space(4.0), table]
