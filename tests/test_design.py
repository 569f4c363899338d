"""The deck designer: deterministic for a seed, certificates correct by construction, bookkeeping exact."""

from __future__ import annotations

import pytest

from deckgen.deckfile import dump_cleariosity
from deckgen.design import TIERS, DeckSearch, DesignSettings, design_deck, teaching_facts
from deckgen.model import Deck, Tier
from deckgen.rules import equation_ops, is_trivial
from deckgen.verify import analyse_tier, verify_deck

SMALL = DesignSettings(iterations=300)


@pytest.mark.parametrize("tier", list(Tier))
def test_teaching_facts_hold_only_with_the_new_operation_among_the_tiers(tier: Tier) -> None:
    found = teaching_facts(tier)
    assert len(found) >= 5
    for a, b, c in found:
        assert equation_ops(a, b, c, tier.ops()) == (tier.op,)
        assert not is_trivial(a, b, c, tier.op)
    if tier is Tier.PURPLE:
        assert (2, 2, 4) not in found  # 2 + 2 = 4 too
    if tier is Tier.ORANGE:
        assert (4, 2, 2) not in found  # 4 − 2 = 2 too
    if tier is Tier.GREEN:
        assert (2, 2, 4) in found  # × is not a green operation


def test_same_seed_gives_the_same_deck_file() -> None:
    first = dump_cleariosity(design_deck(11, SMALL).deck)
    assert first == dump_cleariosity(design_deck(11, SMALL).deck)
    assert first != dump_cleariosity(design_deck(12, SMALL).deck)


def test_even_a_short_search_keeps_its_certificates() -> None:
    deck = design_deck(5, SMALL).deck
    assert [len(deck.colour_cards(t)) for t in Tier] == [24, 12, 12, 12]
    failures = verify_deck(deck, games=0, seed=1).failures()
    assert not [f for f in failures if f[1] in (2, 3)], failures


def test_running_totals_match_a_recount_after_many_moves() -> None:
    """The search's incremental figures equal verify's figures computed from scratch."""
    search = DeckSearch(7, SMALL)
    search.anneal(400, None, 0, 400)
    deck = search.deck("check")
    for number, tier in enumerate(TIERS):
        report = analyse_tier(deck, tier)
        stats = search.stats[number]
        first = search.first_index[number]
        assert stats.groups == len(report.groups)
        assert stats.trivial == sum(g.trivial for g in report.groups)
        assert stats.practising == report.practising_groups
        assert stats.covered == report.facts_covered
        assert search.own_count[first : stats.size] == report.participation[first:]
        assert search.own_pairs[first : stats.size] == report.pairs[first:]
    assert search.digits == [sum(c.value == d for card in deck.cards for c in card.cells) for d in range(10)]


def test_a_failed_check_starts_another_attempt_from_a_new_seed() -> None:
    seen: list[Deck] = []

    def never(deck: Deck) -> bool:
        seen.append(deck)
        return False

    result = design_deck(3, DesignSettings(iterations=50, attempts=3), check=never)
    assert (result.attempt, result.passed) == (3, False)
    assert len(seen) == 3 and len({dump_cleariosity(d) for d in seen}) == 3
    assert result.deck == seen[-1]
    first_only = design_deck(3, DesignSettings(iterations=50, attempts=3), check=lambda deck: True)
    assert (first_only.attempt, first_only.passed) == (1, True)
    assert first_only.deck == seen[0]


def test_progress_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    design_deck(2, DesignSettings(iterations=1000), progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (1000, 1000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
