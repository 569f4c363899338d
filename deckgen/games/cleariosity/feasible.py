"""What arithmetic rules out before a design search starts.

A search for a spec that cannot be met runs for minutes and then names criteria a teacher must
puzzle over. Some specs fail for reasons a count shows at once: a tier with no fact of its own
operation to teach, more facts to cover than its numbers allow, numbers that need more printed
places than the cards have, or more collections a game asked of play than a game can hold
(each collection takes at least two cards). :func:`ruled_out` finds these, in a teacher's
words, in well under a second; design refuses such a spec with the first one.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckgen.games.cleariosity.criteria import Criteria
from deckgen.games.cleariosity.criteria_registry import distinct_ops, fact_pair_ops, of_operations
from deckgen.games.cleariosity.facts import teaching_facts, tier_facts
from deckgen.games.cleariosity.model import CELLS_PER_CARD, Tier
from deckgen.games.cleariosity.rules import OP_SYMBOLS, OPS


def _signs(ops: Sequence[str]) -> str:
    return " and ".join(OP_SYMBOLS[op] for op in ops)


def ruled_out(tiers: Sequence[Tier], counts: Sequence[int], criteria: Criteria) -> list[str]:
    """Why no deck of these tiers, card counts and thresholds can pass, each reason in one
    sentence with its criterion in brackets (empty: arithmetic rules nothing out)."""
    reasons: list[str] = []
    numbers, factors = criteria.numbers, criteria.factors
    for rank, (tier, own) in enumerate(zip(tiers, criteria.tiers, strict=False)):
        in_play = sum(counts[: rank + 1])
        # Each collection takes two cards or more, so a game holds at most this many.
        most = in_play // 2
        facts = list(tier_facts(tier, numbers, factors))
        if tier.adds and not teaching_facts(tier, numbers, factors):
            reasons.append(
                f"the {tier.name} cards have no {_signs(tier.practised())} fact of these numbers that needs "
                "that sign alone, so they cannot teach it [criterion 3]"
            )
        if own.min_facts > len(facts):
            reasons.append(
                f"the {tier.name} tier must cover {own.min_facts} facts and its numbers allow only {len(facts)} "
                "[criterion 7]"
            )
        if own.min_practice > most or own.min_needing_new > most:
            wanted = max(own.min_practice, own.min_needing_new)
            reasons.append(
                f"at {tier.name}, play must practise {wanted:g} times a game, and a game of its {in_play} cards "
                f"holds at most {most} collections [criterion 10]"
            )
        judged = [f for f in facts if tier.reading(f) in fact_pair_ops(tier)] if own.min_fact_pairs else []
        if judged and len(judged) * own.min_fact_per_game > most:
            reasons.append(
                f"at {tier.name}, each of {len(judged)} facts must come up {own.min_fact_per_game:g} times a game, "
                f"{len(judged) * own.min_fact_per_game:g} in all, and a game of its {in_play} cards holds at most "
                f"{most} collections [criterion 16]"
            )
        if own.focus and len(own.focus) * own.min_focus_per_game > most:
            reasons.append(
                f"at {tier.name}, {len(own.focus)} focus facts each {own.min_focus_per_game:g} times a game need "
                f"{len(own.focus) * own.min_focus_per_game:g} collections a game, and a game of its {in_play} cards "
                f"holds at most {most}: choose fewer focus facts [criterion 18]"
            )
        counted = of_operations([OPS.index(tier.reading(f)) for f in facts], distinct_ops(tier))
        if own.min_distinct_facts > len(counted):
            reasons.append(
                f"at {tier.name}, a class must meet {own.min_distinct_facts} different facts and the numbers "
                f"allow only {len(counted)} [criterion 17]"
            )
    reasons += _cells_ruled_out(tiers, counts, criteria)
    return reasons


def _cells_ruled_out(tiers: Sequence[Tier], counts: Sequence[int], criteria: Criteria) -> list[str]:
    """Criterion 11 by counting places: the numbers first in play from each tier on must be
    printed often enough on the cards from that tier on, and every cell used often enough."""
    reasons = []
    cells = CELLS_PER_CARD * sum(counts)
    if 9 * criteria.min_cell_use > cells:
        reasons.append(
            f"every one of the 9 cells must be used {criteria.min_cell_use} times, {9 * criteria.min_cell_use} "
            f"places, and the {sum(counts)} cards print {cells} numbers [criterion 11]"
        )
    for rank in range(len(tiers)):
        later = [n for n in criteria.numbers if criteria.first_tier(n) >= rank]
        wanted = sum(criteria.least_use(n) for n in later)
        room = CELLS_PER_CARD * sum(counts[rank:])
        if wanted > room:
            where = "the deck's" if rank == 0 else f"the {tiers[rank].name} and later"
            reasons.append(
                f"the {len(later)} numbers must be printed {wanted} times in all, and {where} cards print only "
                f"{room} numbers: use fewer numbers or more cards [criterion 11]"
            )
            break
    return reasons
