"""The Treenex pages of the teacher pack: the rules, and a score sheet to copy."""

from __future__ import annotations

from deckgen.games.treenex import pack_text as words
from deckgen.games.treenex.model import HANDS_PER_GAME, TreenexDeck, player_counts
from deckgen.i18n import _, number
from deckgen.pack_blocks import Block, Bullets, Heading, Numbered, Space, Table, Text

#: Score-sheet columns (mm): the hand number and each player's value; expressions share the rest
#: (about 60 mm each, with two players a table).
HAND_COLUMN = 17.0
VALUE_COLUMN = 18.0
PLAYERS = 4
PLAYERS_A_TABLE = 2
#: Row heights (mm): room to write a name, an expression and a total by hand.
NAME_ROW = 13.0
HAND_ROW = 17.0
TOTAL_ROW = 13.0
HEADER_TINT = "#E8EEF6"
TOTAL_TINT = "#F2F2F2"


def rules(deck: TreenexDeck) -> list[Block]:
    """The rules, with the class's times sign (``a · b + c`` for a German class)."""
    copies = _(words.NUMBER_WORDS[deck.copies - 1]) if deck.copies <= len(words.NUMBER_WORDS) else number(deck.copies)

    def write(text: str) -> str:
        return deck.signs.written(_(text))

    # The larger-numbers variant is offered only to a class that has the usual 0 to 9 deck.
    variants = [v for v in words.TREENEX_VARIANTS if (deck.low, deck.high) == (0, 9) or v != words.LARGER_NUMBERS]
    return [
        Heading(_(words.TREENEX_TITLE)),
        Text(write(_intro(deck)).format(low=deck.low, high=deck.high, copies=copies)),
        Heading(_("How to play"), 2),
        Numbered([(_(head), write(rule)) for head, rule in words.TREENEX_RULES]),
        Heading(_("Variations"), 2),
        Bullets([write(variant) for variant in variants]),
    ]


def _intro(deck: TreenexDeck) -> str:
    """The rules' first paragraph, naming only the numbers of players the deck deals a whole game to."""
    counts = player_counts(deck)
    if len(counts) >= 3:
        return words.TREENEX_INTRO
    return words.TREENEX_INTRO_TWO_OR_THREE if len(counts) == 2 else words.TREENEX_INTRO_TWO


def score_sheet(deck: TreenexDeck) -> list[Block]:
    """A page for one game of up to four players, sized for a child's handwriting.

    Two tables of two players each: an expression such as "(7 + 8) × 9" written by hand takes
    about 40 mm, and four players side by side would leave each about 26 mm. Each player has
    a name row, an expression and a value column, a row per hand and a total.
    """
    hands = max(HANDS_PER_GAME.values())
    note = _(
        "Cards {low} to {high}. Write each player's name at the top of their columns. In every "
        "hand, write your expression, (a + b) × c or a × b + c, then its value. Three players play hands 1 "
        "to 3; two or four players play all four hands. Add up the values at the bottom."
    ).format(low=deck.low, high=deck.high)
    story: list[Block] = [Heading(_("Treenex score sheet")), Text(deck.signs.written(note))]
    for first in range(1, PLAYERS + 1, PLAYERS_A_TABLE):
        story += [Space(5.0), _players_table(first, hands)]
    return story


def _players_table(first: int, hands: int) -> Table:
    players = PLAYERS_A_TABLE
    names = [f"<b>{_('Name')}</b>"] + ["", ""] * players
    header = [f"<b>{_('Hand')}</b>"] + [f"<b>{_('Expression')}</b>", f"<b>{_('Value')}</b>"] * players
    rows = [names, header]
    rows += [[f"<b>{h}</b>"] + [""] * (2 * players) for h in range(1, hands + 1)]
    rows.append([f"<b>{_('Total')}</b>"] + ["", ""] * players)
    shaded = [((0, 1), (-1, 1), HEADER_TINT), ((0, 0), (0, 0), HEADER_TINT), ((0, -1), (0, -1), HEADER_TINT)]
    # Each player's name spans their two columns; their total goes under "Value".
    shaded += [((1 + 2 * p, -1), (1 + 2 * p, -1), TOTAL_TINT) for p in range(players)]
    spans = [((1 + 2 * p, 0), (2 + 2 * p, 0)) for p in range(players)]
    return Table(
        rows,
        [HAND_COLUMN] + [None, VALUE_COLUMN] * players,
        style="form",
        row_heights=[NAME_ROW, 8.0] + [HAND_ROW] * hands + [TOTAL_ROW],
        spans=spans,
        shaded=shaded,
    )
