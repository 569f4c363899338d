"""Treenex ("three-number expressions"): the deck and the arithmetic of a hand.

Each player is dealt two cards and one common card is shared. The player who decides first
chooses to add or multiply their two numbers; the others must use the other operation; the
common card then completes ``a × b + c`` or ``(a + b) × c``. In the subtraction variant,
subtraction takes the place of addition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations

from deckgen.errors import DeckgenError
from deckgen.i18n import _, number
from deckgen.maths_signs import STANDARD_SIGNS, Signs

#: How many hands make a game: 3 players play 3 hands, 2 and 4 players play 4.
HANDS_PER_GAME = {2: 4, 3: 3, 4: 4}
PLAYER_COUNTS = (2, 3, 4)
CARDS_PER_PLAYER = 2


@dataclass(frozen=True)
class TreenexDeck:
    """A Treenex deck: every value from ``low`` to ``high``, ``copies`` times each."""

    name: str
    low: int
    high: int
    copies: int
    #: The signs for times and divide it is printed with (its class's; see deckgen/maths_signs.py).
    signs: Signs = STANDARD_SIGNS

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(range(self.low, self.high + 1))

    @property
    def cards(self) -> tuple[int, ...]:
        """The card values in deck order: each value's copies together, lowest first."""
        return tuple(v for v in self.values for _ in range(self.copies))


def card_ids(deck: TreenexDeck) -> list[str]:
    """T01, T02, … in deck order (wider numbers for decks of 100 cards or more)."""
    width = max(2, len(str(len(deck.cards))))
    return [f"T{n:0{width}d}" for n in range(1, len(deck.cards) + 1)]


def multiply_first(a: int, b: int, c: int, subtract: bool = False) -> int:
    """``a × b + c`` (or ``a × b − c`` in the subtraction variant)."""
    return a * b - c if subtract else a * b + c


def combine_first(a: int, b: int, c: int, subtract: bool = False) -> int:
    """``(a + b) × c`` (or ``(a − b) × c`` in the subtraction variant)."""
    return (a - b) * c if subtract else (a + b) * c


def expression_text(a: int, b: int, c: int, multiply: bool, subtract: bool = False) -> str:
    """The expression as a player writes it, e.g. ``3 × 4 + 5`` or ``(3 + 4) × 5``."""
    sign = "−" if subtract else "+"
    if multiply:
        return f"{a} × {b} {sign} {c}"
    return f"({a} {sign} {b}) × {c}"


def cards_per_hand(players: int) -> int:
    """Two cards for each player plus the common card."""
    return CARDS_PER_PLAYER * players + 1


def hands_in_deck(deck: TreenexDeck, players: int) -> int:
    """How many hands can be dealt before the deck must be reshuffled."""
    return len(deck.cards) // cards_per_hand(players)


def player_counts(deck: TreenexDeck) -> tuple[int, ...]:
    """The numbers of players the deck deals a whole game to (2 players need 20 cards, 3 need
    21 and 4 need 36): what the rules may promise."""
    return tuple(players for players in PLAYER_COUNTS if hands_in_deck(deck, players) >= HANDS_PER_GAME[players])


def check_playable(deck: TreenexDeck) -> None:
    """One line for a deck too small for a game of 2 players, which no rule sheet should promise."""
    if not player_counts(deck):
        least = HANDS_PER_GAME[PLAYER_COUNTS[0]] * cards_per_hand(PLAYER_COUNTS[0])
        raise DeckgenError(
            _(
                "values {low}-{high}, {copies} of each, make {cards} cards; a game of 2 players needs at least "
                "{least}: give more values or copies (--values, --copies)"
            ).format(low=deck.low, high=deck.high, copies=deck.copies, cards=len(deck.cards), least=least)
        )


def score_range(deck: TreenexDeck, subtract: bool = False) -> tuple[int, int]:
    """The lowest and highest score one hand can give with this deck's cards.

    a, b and c are three different cards, so with one copy of each value 9 × 9 + 9 cannot be
    dealt. Each rule is monotone in each of a, b and c (the values are not negative), so an
    extreme takes each number from the three smallest or three largest cards: at most six
    cards to try in every order, instead of every triple of the deck (a billion for 0-999).
    """
    cards = deck.cards  # lowest first
    ends = list(cards[:3]) + list(cards[3:][-3:])
    scores = [
        rule(ends[i], ends[j], ends[k], subtract)
        for rule in (multiply_first, combine_first)
        for i, j, k in permutations(range(len(ends)), 3)
    ]
    return min(scores), max(scores)


#: The largest Treenex deck accepted (values × copies): 1,000 cards is 250 letter sheets.
MAX_TREENEX_CARDS = 1000


def check_size(deck: TreenexDeck) -> TreenexDeck:
    cards = (deck.high - deck.low + 1) * deck.copies
    if cards > MAX_TREENEX_CARDS:
        raise DeckgenError(
            _(
                "values {low}-{high} with {copies} copies make {cards} cards; a Treenex deck has at most {most}: "
                "choose fewer values or copies"
            ).format(
                low=deck.low, high=deck.high, copies=deck.copies, cards=number(cards), most=number(MAX_TREENEX_CARDS)
            )
        )
    return deck


def with_overrides(deck: TreenexDeck, values: str | None, copies: int | None) -> TreenexDeck:
    """The deck with the user's ``--values LO-HI`` and ``--copies N``, where given."""
    low, high = parse_value_range(values) if values is not None else (deck.low, deck.high)
    return check_size(TreenexDeck(deck.name, low, high, copies if copies is not None else deck.copies))


def parse_value_range(text: str) -> tuple[int, int]:
    """``"10-19"`` → (10, 19); a clear error for anything else."""
    parts = text.replace("–", "-").split("-")
    # ASCII digits only: str.isdigit() also accepts superscripts and other scripts' digits.
    if len(parts) != 2 or not all(re.fullmatch(r"[0-9]{1,4}", p.strip()) for p in parts):
        raise DeckgenError(
            _("values {text}: write the lowest and highest card value as LO-HI, e.g. 0-9 or 10-19").format(
                text=repr(text)
            )
        )
    low, high = int(parts[0]), int(parts[1])
    if low > high:
        raise DeckgenError(
            _("values {text}: the first number must not be larger than the second, e.g. 10-19").format(text=repr(text))
        )
    if high > 999:
        raise DeckgenError(
            _("values {text}: card values above 999 do not fit on a card; use at most 999").format(text=repr(text))
        )
    return low, high
