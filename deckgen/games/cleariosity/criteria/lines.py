"""Criterion thresholds as data: what verify judges a deck by, for any deck spec.

:class:`Criteria` holds the deck-wide thresholds and one :class:`TierCriteria` per tier. The
defaults are the standard deck's (see :mod:`deckgen.games.cleariosity.core.standard`); for a tier
of a spec, :func:`default_tier_criteria` scales the fact counts to the spec's numbers and
sets the practice lines by the operations the tier brings in. A spec may override any of them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deckgen.games.cleariosity.core.model import NO_TABLES, STANDARD_TIERS, Tables, within_tables
from deckgen.games.cleariosity.core.rules import apply, is_trivial
from deckgen.games.cleariosity.core.standard import STANDARD_COUNTS

#: Share of an operation's facts a tier that brings it in must cover (criterion 7), and the
#: different facts met in ten games (criterion 17), as fractions of the facts the numbers allow.
#: With numbers 0-9 these give the standard 30 and 24 facts, and 23 and 19 met.
FACT_COVER = {"+": 5 / 6, "-": 2 / 3, "*": 1.0, "/": 1.0}
FACTS_MET = {"+": 23 / 36, "-": 19 / 36}
#: Collections a game that practise (criterion 10) and that need (criterion 15) a new operation.
PRACTICE = {"+": 3.0, "-": 3.5, "*": 3.0, "/": 3.0}
#: Operations whose every fact must be in enough pairs and common enough (criterion 16).
RARE_FACT_OPS = ("*", "/")
#: Criterion 16's line, from a principle rather than one number for every tier: each fact of
#: the new operation comes up at least this share of an even share of the tier's practice line
#: (criterion 10: 3 collections a game over the standard tier's 6 facts gives 0.3 a game) ...
RARE_FACT_SHARE = 0.6
#: ... never less often than once in 10 games (a class meets every fact within 10 games) and
#: never asked more often than the standard deck's 0.3 a game.
RARE_FACT_FLOOR, RARE_FACT_CAP = 0.1, 0.3


def teacher_fact(values: tuple[int, int, int], op: str) -> tuple[str, int, int]:
    """The fact a teacher counts an equation as: 5 × 9 = 45 and 9 × 5 = 45 are one × fact, and
    3 + 5 = 8 and 5 + 3 = 8 one + fact. A division is counted with the other division of the
    same product (45 ÷ 9 = 5 and 45 ÷ 5 = 9: one ÷ fact, the two divisions of 5 × 9 = 45), and
    a subtraction with the other subtraction of the same sum (8 − 3 = 5 and 8 − 5 = 3), as the
    times tables and number bonds are taught: a fact and its turnaround, read back."""
    a, b, c = values
    first, second = (a, b) if op in ("+", "*") else (b, c)
    return op, min(first, second), max(first, second)


def teacher_facts(op: str, facts: Sequence[tuple[int, int, int]]) -> int:
    """How many facts a teacher counts among these equations of ``op`` (see :func:`teacher_fact`)."""
    return len({teacher_fact(fact, op) for fact in facts})


def rare_fact_line(practice: float, facts: int) -> float:
    """Criterion 16's collections a game for each new × or ÷ fact as a teacher counts it (both
    orders of a product one fact, see :func:`teacher_fact`; see :data:`RARE_FACT_SHARE`): 0.3 for
    the standard deck's 4 facts at 3 a game (capped), 0.2 for 9 facts, 0.12 for 15."""
    if facts <= 0:
        return RARE_FACT_CAP
    return round(min(RARE_FACT_CAP, max(RARE_FACT_FLOOR, RARE_FACT_SHARE * practice / facts)), 3)


#: Criterion 16's two-card groups per fact, from a principle too: a tier's new cards carry about
#: this many two-card groups of its new × or ÷ facts each, shared evenly among those facts (the
#: standard deck's 12 purple cards and 6 facts: 3 each) ...
FACT_PAIRS_PER_CARD = 1.5
#: ... never more than the standard deck's 3, and never fewer than 1 (a beginner can collect it).
FACT_PAIRS_FLOOR, FACT_PAIRS_CAP = 1, 3


def fact_pairs_line(cards: int | None, facts: int) -> int:
    """Criterion 16's two-card groups for each new × or ÷ fact (see :data:`FACT_PAIRS_PER_CARD`):
    3 for the standard deck's 6 facts on 12 cards, 2 for 16 facts on 18 cards, 1 for 28 facts."""
    if cards is None or facts <= 0:
        return FACT_PAIRS_CAP
    # Halves round up, as a teacher rounds (15 cards for 9 facts: 2.5, so 3).
    return min(FACT_PAIRS_CAP, max(FACT_PAIRS_FLOOR, math.floor(FACT_PAIRS_PER_CARD * cards / facts + 0.5)))


#: Largest share of the practising groups one fact may take (criterion 7), for these operations.
FACT_SHARE_OPS = {"*": 0.40, "/": 0.40}


@dataclass(frozen=True)
class TierCriteria:
    """One tier's own thresholds (0 where a criterion does not apply to it)."""

    #: Criterion 7: facts of the new operations the tier's groups must cover, and the largest
    #: share of its practising groups one fact may take (1.0: no cap).
    min_facts: int = 0
    max_fact_share: float = 1.0
    #: Criterion 8: full-view games collect at least this share of the cards.
    min_collected: float = 0.92
    #: Criteria 12 and 14: the commonest equation's share of those collected, and the share of
    #: collections that repeat an equation of the same game (see :func:`variety_scale`).
    max_top_equation: float = 0.10
    max_repeats: float = 0.10
    #: Criterion 10: collections a game that practise the new operation.
    min_practice: float = 0.0
    #: Criterion 15: collections a game that read only with the new operation.
    min_needing_new: float = 0.0
    #: Criterion 16: every fact of the new operation in at least this many two-card groups and
    #: collected at least this often a game (0: not judged).
    min_fact_pairs: int = 0
    min_fact_per_game: float = 0.0
    #: Criterion 17: different facts of the new operation met in ten games (expected).
    min_distinct_facts: int = 0
    #: Criterion 18, focus facts (a op b = c, op one of + - * /): the facts the tier should
    #: practise most. Each in at least ``min_focus_pairs`` two-card groups, collected at least
    #: ``min_focus_per_game`` times a game, and together at least ``min_focus_share`` of the
    #: collections that practise their operations.
    focus: tuple[tuple[int, str, int, int], ...] = ()
    min_focus_pairs: int = 3
    min_focus_per_game: float = 0.5
    min_focus_share: float = 0.5


@dataclass(frozen=True)
class Criteria:
    """Every threshold verify judges a deck by."""

    tiers: tuple[TierCriteria, ...] = ()
    players: tuple[int, ...] = (2, 3, 4)
    #: Criteria 4 and 5: groups and two-card groups every card is in at its tier.
    min_groups: int = 6
    min_pairs: int = 4
    #: Criterion 6: largest share of trivial groups (and of trivial collections in play).
    trivial_share: float = 0.18
    #: Criterion 3: different facts the teaching split of each tier uses.
    min_teaching_facts: int = 3
    #: Criterion 8: the card most often left may be left in at most this share of full-view games.
    max_stranded: float = 0.15
    #: Criterion 9: beginners (two-card groups only) collect at least this share.
    min_beginner: float = 0.90
    #: Criterion 9, too: the card beginners leave most often may be left in at most this share
    #: of their games. Beginners may leave a tenth of the cards (``min_beginner``), so a card
    #: left in one game of five is left twice as often as that: the card a class of beginners
    #: finds on the table game after game.
    max_stranded_beginner: float = 0.20
    #: Criterion 13: the commonest fact of the new operation, as a share of its practice.
    max_top_new: float = 0.30
    #: Criterion 20: the share of full-view collections that are true equations outside the
    #: level's facts (10 × 2 = 20 where the level practises 2 × 2 to 5 × 5; a fact of a later
    #: level's tables), at most. See :data:`OUTSIDE_SHARE`.
    max_outside_share: float = 0.18
    #: Criterion 19: whether the spec allows two cards alike (``duplicates = true``): the same
    #: dot colour and the same numbers in the same cells.
    duplicates: bool = False
    #: Criterion 11: only ``numbers`` printed, every one of them other than 0 at least
    #: ``min_digit_use`` times, 0 at least ``min_zero_use`` times, and every cell used by at
    #: least ``min_cell_use`` cards.
    numbers: tuple[int, ...] = tuple(range(10))
    min_digit_use: int = 14
    min_zero_use: int = 8
    min_cell_use: int = 14
    #: Where given, the × and ÷ facts are those of these tables (factors 2-9: the tables to
    #: 9 × 9); the numbers may still make other true equations, such as 2 × 12 = 24.
    factors: Tables = NO_TABLES
    #: Criterion 11 per tier: the numbers in play at each tier and each tier's card count
    #: (empty: every number is in play from the first tier, as in the standard deck).
    tier_numbers: tuple[tuple[int, ...], ...] = ()
    tier_cards: tuple[int, ...] = ()

    @property
    def high(self) -> int:
        return max(self.numbers)

    def first_tier(self, number: int) -> int:
        """The tier that brings ``number`` into play (0 where every number is in play from the start)."""
        return next((rank for rank, held in enumerate(self.tier_numbers) if number in held), 0)

    def in_play(self, rank: int) -> tuple[int, ...]:
        """The numbers the cards of tier ``rank`` may carry: those in play there."""
        return self.tier_numbers[rank] if rank < len(self.tier_numbers) else self.numbers

    def least_use(self, number: int) -> int:
        """Criterion 11's line for ``number``: the deck's line (:data:`DIGIT_USE`), scaled to the
        cells it can fill, those of the cards from the tier that brings it in onward (a number
        of the 8 table first in play at the fifth tier has only the last tiers' cards)."""
        line = self.min_zero_use if number == 0 else self.min_digit_use
        first = self.first_tier(number)
        if not first or not self.tier_cards:
            return line
        return round(line * sum(self.tier_cards[first:]) / sum(self.tier_cards))

    def later_lines(self) -> list[tuple[int, int]]:
        """(tier, line) for each later tier that brings numbers into play, with its numbers' line."""
        firsts = sorted({self.first_tier(number) for number in self.numbers if number} - {0})
        return [
            (rank, self.least_use(next(n for n in self.tier_numbers[rank] if self.first_tier(n) == rank)))
            for rank in firsts
        ]


#: The standard deck prints each of its 10 numbers 18 times on average (60 cards of 3) and uses
#: each of the 9 cells 20 times; criterion 11 asks these shares of those averages.
DIGIT_USE, ZERO_USE, CELL_USE = 14 / 18, 8 / 18, 14 / 20


def balance_criteria(
    cards: Sequence[int], numbers: Sequence[int], tier_numbers: Sequence[Sequence[int]] = ()
) -> dict[str, Any]:
    """Criterion 11's lines for a deck with these tiers' card counts and numbers (standard: 14,
    8, 14), and, where numbers come into play tier by tier, the numbers in play at each."""
    per_number = 3 * sum(cards) / len(numbers)
    per_cell = 3 * sum(cards) / 9
    staged = any(tuple(held) != tuple(numbers) for held in tier_numbers)
    return {
        "numbers": tuple(numbers),
        "min_digit_use": round(DIGIT_USE * per_number),
        "min_zero_use": round(ZERO_USE * per_number),
        "min_cell_use": round(CELL_USE * per_cell),
        "tier_numbers": tuple(tuple(held) for held in tier_numbers) if staged else (),
        "tier_cards": tuple(cards) if staged else (),
    }


def op_facts(op: str, numbers: Sequence[int], factors: Tables | Sequence[int] = ()) -> list[tuple[int, int, int]]:
    """The non-trivial facts a op b = c of one operation with every number in ``numbers``.

    Non-trivial as in :mod:`deckgen.games.cleariosity.analysis.facts`: no 0 term, no 1 factor or divisor,
    and no quotient of 1. With ``factors``, a × fact multiplies two of them and a ÷ fact has
    divisor and quotient among them (the times tables).
    """
    found = []
    allowed = set(numbers)
    for a in numbers:
        for b in numbers:
            c = apply(op, a, b)
            if c is None or c not in allowed or is_trivial(a, b, c, op):
                continue
            if within_tables((a, b, c), op, factors):
                found.append((a, b, c))
    return found


def equations(ops: tuple[str, ...], numbers: Sequence[int]) -> int:
    """How many different equations a op b = c (trivial ones too) these numbers and operations allow."""
    allowed = set(numbers)
    return sum(1 for op in ops for a in numbers for b in numbers if (c := apply(op, a, b)) is not None and c in allowed)


def variety_scale(ops: tuple[str, ...], numbers: Sequence[int]) -> float:
    """How much more often an equation may come up than in the standard deck, at a tier with
    these operations: the standard deck's equations over these numbers' (1 for the standard).

    Numbers 0-5 allow 21 additions against 55 for 0-9, so each comes up about 2.6 times as
    often in the same number of collections, and repeats within a game follow. A deck whose
    numbers allow more equations (times tables) keeps the standard lines: never stricter.
    """
    return max(1.0, equations(ops, range(10)) / equations(ops, numbers))


def even_repeats(collections: float, equations: int) -> float:
    """The share of a game's collections that repeat an equation of the same game when every
    one of ``equations`` comes up equally often: what even play cannot avoid (criterion 14)."""
    if collections <= 0 or equations <= 0:
        return 0.0
    distinct = equations * (1 - (1 - 1 / equations) ** collections)
    return 1 - distinct / collections


#: Criterion 14's reference: the standard green tier, 24 cards in play (at most 12 collections a
#: game) over the 55 additions of 0-9, where 9.4 % of collections would repeat an equation even
#: if every one came up equally often; its line is 10 %.
STANDARD_REPEAT_CARDS = 24


def repeat_scale(ops: tuple[str, ...], numbers: Sequence[int], in_play: int | None) -> float:
    """How much more often a collection may repeat an equation of the same game than in the
    standard deck (criterion 14), from a principle: as much more as even play would repeat.

    A tier whose cards in play (``in_play``; a game makes at most half as many collections)
    meet few equations repeats some even when play is even: the 96 cards of the 2-9 times
    tables make up to 48 collections a game over 120 products, and 17 % of them would repeat one.
    Its line is the standard's 10 % times that share over the standard green tier's (9.4 %),
    and never less than :func:`variety_scale` gives. Every tier of the standard deck repeats
    less than its green when play is even (7 % to 7.5 %), so its lines stay at 10 %.
    """
    scale = variety_scale(ops, numbers)
    if not in_play:
        return scale
    standard = even_repeats(STANDARD_REPEAT_CARDS / 2, equations(("+",), range(10)))
    return max(scale, even_repeats(in_play / 2, equations(ops, numbers)) / standard)


def default_tier_criteria(
    new_ops: tuple[str, ...],
    numbers: Sequence[int],
    first: bool,
    ops: tuple[str, ...] = (),
    facts: dict[str, int] | None = None,
    cards: int | None = None,
    in_play: int | None = None,
    families: dict[str, int] | None = None,
) -> TierCriteria:
    """A tier's thresholds when its spec names none: from the operations it brings in, and
    (criteria 12 and 14) from all the operations in play there, ``ops``.

    With numbers 0-9 and one operation a tier (+, -, x, / in turn) these are exactly the
    standard deck's thresholds. The first tier, where every class starts, collects 91 %
    (a point given for variety, as in the standard deck) and has no practice line of its own.
    The lines on the commonest equation and on repeats (10 % in the standard deck) scale with
    :func:`variety_scale`, and repeats also with :func:`repeat_scale` (``in_play``: the cards
    in play at the tier), up to one half. ``families``: the new facts of each operation as a
    teacher counts them (criterion 16's line; :func:`teacher_facts` of ``numbers`` when not given).
    """
    scale = variety_scale(ops or new_ops, numbers)
    repeats = repeat_scale(ops or new_ops, numbers, in_play)
    total = facts if facts is not None else {op: len(op_facts(op, numbers)) for op in new_ops}
    covered = sum(round(FACT_COVER[op] * total[op]) for op in new_ops)
    met = sum(round(FACTS_MET[op] * total[op]) for op in new_ops if op in FACTS_MET)
    practice = 0.0 if first or not new_ops else max(PRACTICE[op] for op in new_ops)
    rare = any(op in RARE_FACT_OPS for op in new_ops)
    rare_facts = sum(total[op] for op in new_ops if op in RARE_FACT_OPS)
    counted = families if families is not None else {op: teacher_facts(op, op_facts(op, numbers)) for op in new_ops}
    rare_families = sum(counted[op] for op in new_ops if op in RARE_FACT_OPS)
    shares = [FACT_SHARE_OPS[op] for op in new_ops if op in FACT_SHARE_OPS]
    return TierCriteria(
        min_facts=covered,
        max_fact_share=max(shares) if shares else 1.0,
        min_collected=0.91 if first else 0.92,
        min_practice=practice,
        min_needing_new=practice,
        min_fact_pairs=fact_pairs_line(cards, rare_facts) if rare else 0,
        min_fact_per_game=rare_fact_line(practice or PRACTICE["*"], rare_families) if rare else 0.0,
        min_distinct_facts=met,
        max_top_equation=min(0.5, 0.10 * scale),
        max_repeats=min(0.5, 0.10 * repeats),
    )


#: The standard deck's thresholds: numbers 0-9, one operation a tier (+, -, x, / in turn).
STANDARD_CRITERIA = Criteria(
    tiers=tuple(
        default_tier_criteria(
            (op,),
            range(10),
            first=op == "+",
            ops=("+", "-", "*", "/")[: rank + 1],
            cards=STANDARD_COUNTS[tier],
            in_play=sum(STANDARD_COUNTS[earlier] for earlier in STANDARD_TIERS[: rank + 1]),
        )
        for rank, (op, tier) in enumerate(zip(("+", "-", "*", "/"), STANDARD_TIERS, strict=True))
    )
)
