"""The deck model: frozen value types with no I/O, shared by every other module."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from deckgen.games.grid import DOT_COLOURS, GRID_SIZE
from deckgen.maths_signs import STANDARD_SIGNS, Signs

CELLS_PER_CARD = 3


#: The operations that have times tables (a spec's ``factors``): × and ÷.
TABLE_OPS: tuple[str, ...] = ("*", "/")


@dataclass(frozen=True)
class Tables:
    """Times tables: the products a × b with one factor among ``rows`` (the tables: 6, 7, 8) and
    the other among ``times`` (what each is multiplied by: 2 … 9), either way round, and the
    divisions they give. A spec's ``factors = "6-8"`` is rows and times both 6-8 (6 × 6 to
    8 × 8); ``tables = "6-8"`` with ``times = "2-9"`` is 6 × 2 … 8 × 9 and 2 × 6 … 9 × 8.
    No rows: no tables, every fact."""

    rows: tuple[int, ...] = ()
    times: tuple[int, ...] = ()

    @classmethod
    def square(cls, factors: Iterable[int]) -> Tables:
        """Both factors among ``factors`` (a spec's ``factors``)."""
        found = tuple(factors)
        return cls(found, found)

    def __bool__(self) -> bool:
        return bool(self.rows)

    def holds(self, first: int, second: int) -> bool:
        """Whether ``first`` × ``second`` is one of these tables' products."""
        return (first in self.rows and second in self.times) or (second in self.rows and first in self.times)


#: No tables: every fact (the default of a deck, a tier and a spec that name none).
NO_TABLES = Tables()


def within_tables(values: tuple[int, int, int], op: str, factors: Tables | Iterable[int]) -> bool:
    """Whether ``a op b = c`` lies within the tables: the factors of a product, the divisor and
    the quotient of a division, one among the tables' rows and the other among their times
    (plain ``factors``: both among them). Every fact does for no tables, and every + and − fact."""
    tables = factors if isinstance(factors, Tables) else Tables.square(factors)
    if not tables or op not in TABLE_OPS:
        return True
    a, b, c = values
    first, second = (a, b) if op == "*" else (b, c)
    return tables.holds(first, second)


@dataclass(frozen=True)
class Tier:
    """A Cleariosity Numbers tier: its name, dot colour, the operations it adds, its play order.

    Tiers are cumulative: playing at a tier uses the cards of that tier and of every
    earlier one, with all of their operations. Most tiers add one operation; a deck spec's
    tier may add several (× and ÷ together), or none and only add cards (then it practises
    every fact in play). The standard deck's four tiers are ``Tier.GREEN``, ``Tier.YELLOW``,
    ``Tier.PURPLE`` and ``Tier.ORANGE``; a deck spec makes its own.
    """

    name: str
    #: The operations this tier brings in, in the spec's order (empty: it only adds cards).
    adds: tuple[str, ...]
    rank: int
    #: The dot's colour (a key of :data:`DOT_COLOURS`).
    colour: str
    #: The tiers before this one, in play order.
    earlier: tuple[Tier, ...] = ()
    #: For a × or ÷ tier of a spec that names them: its times tables (see :class:`Tables`);
    #: empty for every table.
    factors: Tables = NO_TABLES
    #: Printed small beside the sign where a tier has tables of its own ("6-9"), so that two
    #: tiers of the same operation never share a mark (for colour-blind players).
    label: str = ""

    GREEN: ClassVar[Tier]
    YELLOW: ClassVar[Tier]
    PURPLE: ClassVar[Tier]
    ORANGE: ClassVar[Tier]

    @property
    def prefix(self) -> str:
        """The letter that starts the ids of this tier's cards (G01, Y01, P01, O01)."""
        return self.name[0].upper()

    def ops(self) -> tuple[str, ...]:
        """The operations allowed when playing at this tier (its own and every earlier one)."""
        return tuple(dict.fromkeys([op for t in (*self.earlier, self) for op in t.adds]))

    def practised(self) -> tuple[str, ...]:
        """The operations whose facts this tier practises: those it brings in, or, for a tier
        that only adds cards, every operation in play."""
        return self.adds or self.ops()

    @property
    def sign(self) -> str:
        """What its cards print beside the dot, for colour-blind players: the signs it brings
        in (``*/`` for × and ÷), or for a tier that only adds cards, the first letter of its
        name (as its card ids begin; no two tiers share it, where signs in play could)."""
        return "".join(self.adds) or self.prefix

    def covers(self, values: tuple[int, int, int], op: str) -> bool:
        """Whether ``a op b = c`` is of an operation this tier adds, within its tables."""
        return op in self.adds and within_tables(values, op, self.factors)

    def teaches(self, values: tuple[int, int, int], op: str) -> bool:
        """Whether ``a op b = c`` is one of the facts this tier practises: one it brings in (of
        an operation it adds, within its tables, not a fact of an earlier tier), or, for a tier
        that only adds cards, a fact of any tier before it."""
        if not self.adds:
            return any(t.covers(values, op) for t in self.earlier)
        return self.covers(values, op) and not any(t.covers(values, op) for t in self.earlier)

    def reading(self, values: tuple[int, int, int], held: Iterable[str] = ()) -> str:
        """The operation numbers on a line are read with at this tier, as a pupil says them:
        among ``held`` (the operations under which they hold; worked out when not given), the
        first it practises of which they are one of its facts, else the first it practises,
        else the first that holds. With one operation a tier: that one wherever it holds."""
        from deckgen.games.cleariosity.core.rules import equation_ops  # rules reads the model

        held = tuple(held) or equation_ops(*values, ops=self.ops())
        practised = [op for op in self.practised() if op in held]
        for op in practised:
            if self.teaches(values, op):
                return op
        return practised[0] if practised else held[0] if held else self.practised()[0]

    def tiers(self) -> tuple[Tier, ...]:
        """The tiers whose cards are in play at this tier."""
        return (*self.earlier, self)

    @property
    def dot(self) -> str:
        """The dot's printed colour (hex)."""
        return DOT_COLOURS[self.colour]


def make_tiers(
    plan: Sequence[tuple[str, str | tuple[str, ...], str]],
    factors: Sequence[Tables] = (),
    labels: Sequence[str] = (),
) -> tuple[Tier, ...]:
    """Tiers from (name, operations added, dot colour) in play order (one operation may be
    given as a string), each with its tables' factors and the label its cards print beside
    the sign."""
    made: list[Tier] = []
    for rank, (name, adds, colour) in enumerate(plan):
        own = factors[rank] if factors else NO_TABLES
        ops = (adds,) if isinstance(adds, str) else tuple(adds)
        made.append(Tier(name, ops, rank, colour, tuple(made), own, labels[rank] if labels else ""))
    return tuple(made)


#: The standard deck's tiers: green +, yellow −, purple ×, orange ÷.
STANDARD_TIERS = make_tiers(
    [("green", "+", "green"), ("yellow", "-", "yellow"), ("purple", "*", "purple"), ("orange", "/", "orange")]
)
Tier.GREEN, Tier.YELLOW, Tier.PURPLE, Tier.ORANGE = STANDARD_TIERS


def tier_named(tiers: Iterable[Tier], name: str) -> Tier:
    for tier in tiers:
        if tier.name == name:
            return tier
    raise KeyError(name)


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
    #: Its tiers in play order (a spec's own, or the standard four).
    tiers: tuple[Tier, ...] = STANDARD_TIERS
    #: The signs for times and divide it is printed with (its class's; see deckgen/maths_signs.py).
    signs: Signs = STANDARD_SIGNS

    def tier_cards(self, tier: Tier) -> tuple[Card, ...]:
        """The cards in play at ``tier``: its own colour and every earlier colour."""
        return tuple(card for card in self.cards if card.tier.rank <= tier.rank)

    def colour_cards(self, tier: Tier) -> tuple[Card, ...]:
        """The cards carrying exactly this tier's dot."""
        return tuple(card for card in self.cards if card.tier == tier)

    def present(self) -> tuple[Tier, ...]:
        """The tiers that have cards in this deck, in play order."""
        return tuple(tier for tier in self.tiers if self.colour_cards(tier))

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)
