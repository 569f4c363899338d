"""The deck model: frozen value types with no I/O, shared by every other module."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

GRID_SIZE = 3
CELLS_PER_CARD = 3


class Tier(Enum):
    """A Cleariosity Numbers tier: its dot colour, the operation it adds, its play order.

    Tiers are cumulative: playing at a tier uses the cards of that tier and of every
    earlier one, with all of their operations.
    """

    GREEN = ("green", "+", 0)
    YELLOW = ("yellow", "-", 1)
    PURPLE = ("purple", "*", 2)
    ORANGE = ("orange", "/", 3)

    def __init__(self, colour: str, op: str, rank: int) -> None:
        self.colour = colour
        self.op = op
        self.rank = rank

    @classmethod
    def from_name(cls, name: str) -> Tier:
        for tier in cls:
            if tier.colour == name:
                return tier
        raise KeyError(name)

    @property
    def prefix(self) -> str:
        """The letter that starts the ids of this tier's cards (G01, Y01, P01, O01)."""
        return self.colour[0].upper()

    def ops(self) -> tuple[str, ...]:
        """The operations allowed when playing at this tier (its own and every earlier one)."""
        return tuple(t.op for t in Tier if t.rank <= self.rank)

    def tiers(self) -> tuple[Tier, ...]:
        """The card colours in play at this tier."""
        return tuple(t for t in Tier if t.rank <= self.rank)


@dataclass(frozen=True, order=True)
class Cell:
    """One number printed on a card: row 0 is the top, col 0 the left."""

    row: int
    col: int
    value: int

    @property
    def position(self) -> int:
        """Index of the cell in the 3 x 3 grid, reading row by row (0 = top-left)."""
        return self.row * GRID_SIZE + self.col


@dataclass(frozen=True)
class Card:
    """A transparent card: three numbers in three distinct cells, and a tier dot."""

    id: str
    tier: Tier
    cells: tuple[Cell, ...]

    def value_at(self, position: int) -> int | None:
        for cell in self.cells:
            if cell.position == position:
                return cell.value
        return None

    def grid_text(self) -> str:
        """The card as three rows, e.g. ``5 . . / . 3 . / . . 8`` (the deck-file form)."""
        rows = []
        for row in range(GRID_SIZE):
            marks = []
            for col in range(GRID_SIZE):
                value = self.value_at(row * GRID_SIZE + col)
                marks.append("." if value is None else str(value))
            rows.append(" ".join(marks))
        return " / ".join(rows)


@dataclass(frozen=True)
class Deck:
    """A named Cleariosity Numbers deck, cards in file order."""

    name: str
    cards: tuple[Card, ...]
    #: The deck spec it was designed for (a preset's name or a spec file), "" for none.
    spec: str = ""

    def tier_cards(self, tier: Tier) -> tuple[Card, ...]:
        """The cards in play at ``tier``: its own colour and every earlier colour."""
        return tuple(card for card in self.cards if card.tier.rank <= tier.rank)

    def colour_cards(self, tier: Tier) -> tuple[Card, ...]:
        """The cards carrying exactly this tier's dot."""
        return tuple(card for card in self.cards if card.tier is tier)

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)
