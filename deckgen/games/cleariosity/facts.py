"""The arithmetic facts each tier teaches, and which of them a deck's groups cover.

A *fact* is an ordered equation ``a op b = c`` with the tier's new operation and no trivial
operand: the 36 additions a + b = c (a, b ≥ 1) for green, the 36 subtractions c − a = b
(a, b ≥ 1) for yellow, the 6 multiplications with both factors ≥ 2 for purple and the 6
divisions with divisor and quotient ≥ 2 for orange. A group practises a fact when it has that
non-trivial reading, so the facts of a tier are exactly the readings that practise it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from deckgen.games.cleariosity.criteria import op_facts
from deckgen.games.cleariosity.groups import Group
from deckgen.games.cleariosity.model import Tier

Fact = tuple[int, int, int]
#: The standard deck's numbers.
DIGITS: tuple[int, ...] = tuple(range(10))


@cache
def tier_facts(tier: Tier, numbers: tuple[int, ...] = DIGITS, factors: tuple[int, ...] = ()) -> tuple[Fact, ...]:
    """Every fact the tier brings in, with these numbers, in reading order: of its operation,
    for × and ÷ within its tables (the tier's own factors, else ``factors`` where given),
    and not already an earlier tier's."""
    return tuple(f for f in op_facts(tier.op, numbers, tier.factors or factors) if tier.teaches(f))


def fact_counts(
    groups: Iterable[Group], tier: Tier, numbers: tuple[int, ...] = DIGITS, factors: tuple[int, ...] = ()
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
    """The group reads, not trivially, as one of the facts the tier brings in (its new
    operation's, or for a tier of new tables, their facts)."""
    return group.practises(tier.op) and tier.teaches(group.values)
