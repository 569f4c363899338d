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

from deckgen.errors import RULED_OUT
from deckgen.games.cleariosity.criteria import Criteria
from deckgen.games.cleariosity.criteria_registry import distinct_ops, fact_pair_ops, of_operations
from deckgen.games.cleariosity.facts import teaching_facts, tier_facts
from deckgen.games.cleariosity.model import CELLS_PER_CARD, Tier
from deckgen.games.cleariosity.rules import OP_SYMBOLS, OPS


def _signs(ops: Sequence[str]) -> str:
    return " and ".join(OP_SYMBOLS[op] for op in ops)


def in_one_line(reasons: Sequence[str]) -> str:
    """The first reason in full, then how many more and their criteria: "… [criterion 16] (and 2
    more: criteria 9, 18)"."""
    others = sorted({int(reason.rsplit("[criterion ", 1)[1].rstrip("]")) for reason in reasons[1:]})
    named = ", ".join(str(number) for number in others)
    which = f"criteri{'a' if len(others) > 1 else 'on'} {named}"
    more = f" (and {len(reasons) - 1} more: {which})" if others else ""
    return f"{RULED_OUT}: {reasons[0]}{more}"


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
        signs = _signs(tier.practised())
        own_cards = counts[rank]
        teaching = len(teaching_facts(tier, numbers, factors)) if tier.adds else len(facts)
        # A teaching split's groups take two cards or more each, one fact a group at most.
        can_teach = min(teaching, own_cards // 2)
        if tier.adds and can_teach < criteria.min_teaching_facts:
            reasons.append(
                f"the {tier.name} cards can teach at most {can_teach} different {signs} fact"
                f"{'s' if can_teach != 1 else ''} that need{'s' if can_teach == 1 else ''} that sign alone "
                f"(these numbers and tables have {teaching}, and {own_cards} cards make at most "
                f"{own_cards // 2} group{'s' if own_cards // 2 != 1 else ''}), and the level asks "
                f"{criteria.min_teaching_facts} [criterion 3]"
            )
        if own.min_facts > len(facts):
            reasons.append(
                f"the {tier.name} tier must cover {own.min_facts} facts and its numbers allow only {len(facts)} "
                "[criterion 7]"
            )
        new_facts = of_operations([OPS.index(tier.reading(f)) for f in facts], tier.practised())
        if new_facts and 1 / len(new_facts) > criteria.max_top_new:
            reasons.append(
                f"at {tier.name}, the {len(new_facts)} {signs} fact{'s' if len(new_facts) != 1 else ''} share the "
                f"practice, so the commonest is at least {1 / len(new_facts):.0%} of it, and the line is "
                f"{criteria.max_top_new:.0%}: give the tier more facts [criterion 13]"
            )
        if own.min_practice > most:
            reasons.append(
                f"at {tier.name}, games must practise {signs} {own.min_practice:g} times a game, and a game of its "
                f"{in_play} cards holds at most {most} collections [criterion 10]"
            )
        if own.min_needing_new > most:
            reasons.append(
                f"at {tier.name}, games must collect {own.min_needing_new:g} stacks a game that read only with "
                f"{signs}, and a game of its {in_play} cards holds at most {most} collections [criterion 15]"
            )
        if in_play % 2 and (in_play - 1) / in_play < criteria.min_beginner:
            reasons.append(
                f"at {tier.name}, beginners take two cards at a time, so of {in_play} cards they collect at most "
                f"{in_play - 1} ({(in_play - 1) / in_play:.1%}), and the line is {criteria.min_beginner:.0%}: give "
                "the level an even number of cards in play [criterion 9]"
            )
        judged = [f for f in facts if tier.reading(f) in fact_pair_ops(tier)] if own.min_fact_pairs else []
        # Verify judges the facts the deck's groups hold; criterion 7 makes it hold at least min_facts.
        held = min(len(judged), own.min_facts)
        if held and held * own.min_fact_per_game > most:
            reasons.append(
                f"at {tier.name}, each of at least {held} facts must come up {own.min_fact_per_game:g} times a game, "
                f"{held * own.min_fact_per_game:g} in all, and a game of its {in_play} cards holds at most "
                f"{most} collections [criterion 16]"
            )
        # Focus facts on the same numbers (2 + 2 = 4 and 2 × 2 = 4) are one stack, collected together.
        focus_lines = len({(a, b, c) for a, _, b, c in own.focus})
        if focus_lines and focus_lines * own.min_focus_per_game > most:
            reasons.append(
                f"at {tier.name}, {focus_lines} focus facts each {own.min_focus_per_game:g} times a game need "
                f"{focus_lines * own.min_focus_per_game:g} collections a game, and a game of its {in_play} cards "
                f"holds at most {most}: choose fewer focus facts [criterion 18]"
            )
        counted = of_operations([OPS.index(tier.reading(f)) for f in facts], distinct_ops(tier))
        if own.min_distinct_facts > len(counted):
            reasons.append(
                f"at {tier.name}, a class must meet {own.min_distinct_facts} different "
                f"{_signs(distinct_ops(tier))} facts and the numbers allow only {len(counted)} [criterion 17]"
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
