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

from deckgen.games.cleariosity.groups import Group
from deckgen.games.cleariosity.model import Tier
from deckgen.games.cleariosity.rules import MAX_VALUE, apply, is_trivial

Fact = tuple[int, int, int]


@cache
def tier_facts(tier: Tier, high: int = MAX_VALUE) -> tuple[Fact, ...]:
    """Every fact of the tier's new operation whose numbers are 0 to ``high``, in reading order."""
    found = []
    for a in range(1, high + 1):
        for b in range(1, high + 1):
            c = apply(tier.op, a, b)
            if c is not None and 0 <= c <= high and not is_trivial(a, b, c, tier.op):
                found.append((a, b, c))
    return tuple(found)


def fact_counts(groups: Iterable[Group], tier: Tier, high: int = MAX_VALUE) -> Counter[Fact]:
    """How many of ``groups`` practise each fact of the tier with numbers to ``high`` (those with no group at 0)."""
    counts: Counter[Fact] = Counter(dict.fromkeys(tier_facts(tier, high), 0))
    for group in groups:
        if group.practises(tier.op):
            counts[group.values] += 1
    return counts
