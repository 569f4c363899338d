"""The arithmetic facts each tier teaches, and which of them a deck's groups cover.

A *fact* is an ordered equation ``a op b = c`` with an operation the tier brings in and no trivial
operand: the 36 additions a + b = c (a, b ≥ 1) for green, the 36 subtractions c − a = b
(a, b ≥ 1) for yellow, the 6 multiplications with both factors ≥ 2 for purple and the 6
divisions with divisor and quotient ≥ 2 for orange. A group practises a fact when it has that
non-trivial reading, so the facts of a tier are exactly the readings that practise it. A
spec's tier that adds several operations has the facts of each; one that adds none (only more
cards) has every fact in play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from deckgen.games.cleariosity.core.groups import Group
from deckgen.games.cleariosity.core.model import NO_TABLES, Tables, Tier
from deckgen.games.cleariosity.core.rules import equation_ops
from deckgen.games.cleariosity.criteria.lines import op_facts

Fact = tuple[int, int, int]
#: The standard deck's numbers.
DIGITS: tuple[int, ...] = tuple(range(10))


@cache
def tier_facts(tier: Tier, numbers: tuple[int, ...] = DIGITS, factors: Tables = NO_TABLES) -> tuple[Fact, ...]:
    """Every fact the tier practises, with these numbers, in reading order, operation by
    operation: of the operations it brings in, for × and ÷ within its tables (the tier's own
    factors, else ``factors`` where given), and not already an earlier tier's; for a tier that
    only adds cards, every fact in play. Numbers that read with two of them (2 + 2 = 4 and
    2 × 2 = 4) are one fact: one line of numbers."""
    found: dict[Fact, None] = {}
    for op in tier.practised():
        for source in (tier,) if tier.adds else tuple(t for t in tier.earlier if op in t.adds):
            for fact in op_facts(op, numbers, source.factors or factors):
                if tier.teaches(fact, op):
                    found.setdefault(fact)
    return tuple(found)


def teaching_facts(tier: Tier, numbers: tuple[int, ...] = DIGITS, factors: Tables = NO_TABLES) -> list[Fact]:
    """Facts of the tier that hold, among the tier's operations, only with those it brings in
    (for a tier that only adds cards: every fact in play): what its teaching split is made of."""
    new = set(tier.practised())
    return [f for f in tier_facts(tier, numbers, factors) if set(equation_ops(*f, tier.ops())) <= new]


def fact_counts(
    groups: Iterable[Group], tier: Tier, numbers: tuple[int, ...] = DIGITS, factors: Tables = NO_TABLES
) -> Counter[Fact]:
    """How many of ``groups`` practise each fact of the tier (those with no group at 0).

    A group whose equation is true but not one of the facts (2 × 12 = 24 in a deck of the
    tables to 9 × 9) is not counted.
    """
    counts: Counter[Fact] = Counter(dict.fromkeys(tier_facts(tier, numbers, factors), 0))
    for group in groups:
        if group.values in counts and practises_new(group, tier):
            counts[group.values] += 1
    return counts


def practises_new(group: Group, tier: Tier) -> bool:
    """The group reads, not trivially, as one of the facts the tier practises (of an operation
    it brings in, or for a tier of new tables, their facts; every fact in play for a tier that
    only adds cards)."""
    return any(group.practises(op) and tier.teaches(group.values, op) for op in tier.practised())
