"""The deck designer: deterministic for a seed, certificates correct by construction, bookkeeping exact."""

from __future__ import annotations

import multiprocessing
import time
from collections import Counter

import pytest

from deckgen.games.cleariosity.analysis.facts import teaching_facts, tier_facts
from deckgen.games.cleariosity.analysis.tier_report import analyse_tier
from deckgen.games.cleariosity.core.model import STANDARD_TIERS, Deck, Tier
from deckgen.games.cleariosity.core.rules import equation_ops, is_trivial
from deckgen.games.cleariosity.design.score import PAIR_WEIGHT
from deckgen.games.cleariosity.design.search import TIERS, DeckSearch, DesignSettings, design_deck
from deckgen.games.cleariosity.spec.deckfile import dump_cleariosity
from deckgen.games.cleariosity.verify.verdict import verify_deck

SMALL = DesignSettings(iterations=300)


@pytest.mark.parametrize("tier", list(STANDARD_TIERS))
def test_teaching_facts_hold_only_with_the_new_operation_among_the_tiers(tier: Tier) -> None:
    found = teaching_facts(tier)
    assert len(found) >= 5
    for a, b, c in found:
        assert equation_ops(a, b, c, tier.ops()) == (tier.adds[0],)
        assert not is_trivial(a, b, c, tier.adds[0])
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
    assert [len(deck.colour_cards(t)) for t in STANDARD_TIERS] == [24, 12, 12, 12]
    failures = verify_deck(deck, games=0, seed=1).failures()
    assert not [f for f in failures if f[1] in (2, 3)], failures


def test_running_totals_match_a_recount_after_many_moves() -> None:
    """The search's incremental figures equal verify's figures computed from scratch."""
    search = DeckSearch(7, SMALL)
    search.anneal(400, None, 0, 400)
    deck = search.deck()
    for number, tier in enumerate(TIERS):
        report = analyse_tier(deck, tier)
        stats = search.index.stats[number]
        first = search.first_index[number]
        assert stats.groups == len(report.groups)
        assert stats.trivial == sum(g.trivial for g in report.groups)
        assert stats.practising == report.practising_groups
        assert stats.covered == report.facts_covered
        # The variety totals, weighted as play meets groups (a pair PAIR_WEIGHT times a triple).
        weight = [PAIR_WEIGHT if g.pair else 1 for g in report.groups]
        earlier = {t.adds[0] for t in tier.tiers() if t is not tier}
        needing = [g.practises(tier.adds[0]) and not earlier & set(g.ops) for g in report.groups]
        assert stats.weighted_needing == sum(w for w, n in zip(weight, needing, strict=True) if n)
        per_equation = Counter()
        for g, w in zip(report.groups, weight, strict=True):
            per_equation[g.values] += w
        assert stats.square_sum == sum(w * w for w in per_equation.values())
        for fact in tier_facts(tier):
            code = fact[0] * 100 + fact[1] * 10 + fact[2]
            practising = [g for g in report.groups if g.values == fact and g.practises(tier.adds[0])]
            assert stats.pair_facts[code] == sum(g.pair for g in practising)
            assert stats.weighted_facts[code] == sum(PAIR_WEIGHT if g.pair else 1 for g in practising)
        assert search.index.own_count[first : stats.size] == report.participation[first:]
        assert search.index.own_pairs[first : stats.size] == report.pairs[first:]
    assert search.index.digits == [sum(c.value == d for card in deck.cards for c in card.cells) for d in range(10)]
    # The balance terms' totals: cells used, lone equations, crowded cells.
    assert search.index.used == [sum(c.position == p for card in deck.cards for c in card.cells) for p in range(9)]
    assert search.index.lonely == sum(len(r.self_equations) for r in (analyse_tier(deck, t) for t in TIERS[-1:]))
    crowded = Counter((card.tier.rank, c.position, c.value) for card in deck.cards for c in card.cells)
    cap = search.settings.max_same_number
    assert search.index.same_excess == sum(n - cap for n in crowded.values() if n > cap)
    # Alike cards (criterion 19): the cards beyond the first of each colour and look.
    looks = Counter((card.tier.rank, card.cells) for card in deck.cards)
    assert search.index.alike == sum(n - 1 for n in looks.values())
    # The card terms' kinds of two-card group: each card's pairs by (line, equation).
    for number, tier in enumerate(TIERS):
        first, size = search.first_index[number], search.tier_sizes[number]
        report = analyse_tier(deck, tier)
        for card in range(first, size):
            own = [g for g in report.groups if g.pair and card in g.cards and max(g.cards) >= first]
            kinds = {(g.line, g.values) for g in own}
            assert search.index.distinct_pairs[card] == len(kinds)


def test_a_failed_check_starts_another_attempt_from_a_new_seed() -> None:
    seen: list[Deck] = []

    def never(deck: Deck) -> bool:
        seen.append(deck)
        return False

    result = design_deck(3, DesignSettings(iterations=50, attempts=3, candidates=1), check=never)
    assert (result.attempt, result.passed) == (3, False)
    assert len(seen) == 3 and len({dump_cleariosity(d) for d in seen}) == 3
    assert result.deck == seen[-1]
    first_only = design_deck(3, DesignSettings(iterations=50, attempts=3, candidates=1), check=lambda deck: True)
    assert (first_only.attempt, first_only.passed) == (1, True)
    assert first_only.deck == seen[0]


def test_progress_reaches_the_attempts_steps() -> None:
    seen: list[tuple[int, int, int]] = []
    design_deck(2, DesignSettings(iterations=1000), progress=lambda *told: seen.append(told))
    assert seen[-1] == (1, 1000, 1000)
    assert [d for _, d, _ in seen] == sorted(d for _, d, _ in seen)


def test_attempts_go_on_until_one_passes_when_they_have_no_cap() -> None:
    """Attempts 0 (the default): no cap, the search goes on until a deck passes."""
    checked: list[int] = []

    def fifth_passes(deck: Deck) -> bool:
        checked.append(1)
        return len(checked) == 5

    result = design_deck(8, DesignSettings(iterations=40, candidates=1), check=fifth_passes)
    assert DesignSettings().attempts == 0
    assert (result.attempt, result.passed, result.timed_out) == (5, True, False)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_time_limit_ends_the_search_and_says_so(workers: int) -> None:
    """A deadline already past: no attempt starts (one after another), or the attempts searching
    are ended (side by side), and the result says the time ran out."""
    result = design_deck(
        9, DesignSettings(iterations=200_000), check=lambda deck: False, workers=workers, deadline=time.monotonic()
    )
    assert (result.deck, result.passed, result.timed_out) == (None, False, True)
    assert multiprocessing.active_children() == []


def test_a_deck_found_in_time_is_the_seeds_deck_whatever_the_limit() -> None:
    """Attempts are judged in order: a generous limit gives the deck no limit gives."""
    passes_second = [0]

    def second(deck: Deck) -> bool:
        passes_second[0] += 1
        return passes_second[0] % 2 == 0

    settings = DesignSettings(iterations=60, candidates=1)
    free = design_deck(3, settings, check=second)
    limited = design_deck(3, settings, check=second, workers=2, deadline=time.monotonic() + 600)
    assert (free.attempt, limited.attempt) == (2, 2) and free.deck == limited.deck


def test_attempts_searched_side_by_side_give_the_same_deck_as_one_after_another() -> None:
    settings = DesignSettings(iterations=300, attempts=4, candidates=1)
    checked: list[Deck] = []

    def third_passes(deck: Deck) -> bool:
        checked.append(deck)
        return len(checked) == 3

    in_turn = design_deck(4, settings, check=third_passes)
    in_turn_checked = list(checked)
    checked.clear()
    seen: list[tuple[int, int, int]] = []
    side_by_side = design_deck(4, settings, check=third_passes, workers=2, progress=lambda *told: seen.append(told))
    assert (side_by_side.attempt, side_by_side.passed) == (in_turn.attempt, in_turn.passed) == (3, True)
    assert side_by_side.deck == in_turn.deck
    assert checked == in_turn_checked
    assert seen[-1] == (3, 300, 300)
    # Attempt 4 was searching when attempt 3 passed: it is ended, not left running.
    assert multiprocessing.active_children() == []


def test_a_check_that_fails_loudly_ends_the_attempts_still_searching() -> None:
    def broken(deck: Deck) -> bool:
        raise RuntimeError("check failed")

    with pytest.raises(RuntimeError, match="check failed"):
        design_deck(4, DesignSettings(iterations=300, attempts=4), check=broken, workers=2)
    assert multiprocessing.active_children() == []


def test_the_attempt_returns_the_deck_its_feedback_games_judged_best(monkeypatch: pytest.MonkeyPatch) -> None:
    """Of the decks the feedback rounds judged, the one missing the fewest criteria is returned
    (the later on a tie); polish rounds run on while none has met them all."""
    settings = DesignSettings(iterations=600, feedback_every=100, feedback_games=20, polish_rounds=2)
    judged: list[tuple[int, str]] = []
    real_feedback = DeckSearch.feedback

    def recording(self: DeckSearch) -> int:
        deck = dump_cleariosity(self.deck())
        misses = real_feedback(self)
        judged.append((misses, deck))
        return misses

    monkeypatch.setattr(DeckSearch, "feedback", recording)
    search = DeckSearch(5, settings)
    search.anneal(settings.iterations, None, 0, settings.iterations)
    rounds = 600 // 2 // 100 + 1  # from the middle of the search, then the final deck
    fewest = min(misses for misses, _ in judged)
    # Polish rounds (at most 2) only while no deck has met everything.
    assert len(judged) == rounds + 2 or (fewest == 0 and len(judged) >= rounds)
    assert search.best is not None and search.best[0] == fewest
    last_best = [deck for misses, deck in judged if misses == fewest][-1]
    assert dump_cleariosity(search.best_deck()) == last_best


def test_each_attempt_offers_its_candidate_decks_in_turn() -> None:
    """A check that fails every deck sees each attempt's different candidates, best first, and is
    told which attempt and candidate it is checking."""
    settings = DesignSettings(iterations=600, attempts=2, feedback_every=100, feedback_games=20, candidates=3)
    told: list[tuple[int, int]] = []
    seen: list[str] = []

    def never(deck: Deck) -> bool:
        seen.append(dump_cleariosity(deck))
        return False

    result = design_deck(6, settings, check=never, announce=lambda attempt, number: told.append((attempt, number)))
    assert told == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    assert len(set(seen[:3])) == 3 and len(set(seen[3:])) == 3
    assert (result.attempt, result.passed) == (2, False)
    search = DeckSearch(6, settings)
    search.anneal(settings.iterations, None, 0, settings.iterations)
    assert seen[0] == dump_cleariosity(search.best_deck())
    assert seen[:3] == [dump_cleariosity(deck) for deck in search.candidates(3)]


def test_the_most_tiers_a_spec_may_have_fit_the_designs_group_kinds() -> None:
    from deckgen.games.cleariosity.design.index import TIER_BITS_ROOM, group_kind, kind_parts
    from deckgen.games.cleariosity.spec.deck_spec import MOST_TIERS

    assert MOST_TIERS <= TIER_BITS_ROOM
    for code, ops_key, top, pair in ((0, 0, 0, False), (999, 15, 7, True), (81 * 82 * 82, 3, 5, False)):
        assert kind_parts(group_kind(code, ops_key, top, pair)) == (code, ops_key, top, pair)
    with pytest.raises(ValueError):
        group_kind(1, 16, 0, False)


def test_the_kinds_the_search_counts_are_the_groups_equations() -> None:
    """Every kind the running totals hold, unpacked, is an equation that holds with its
    operations, of a tier that has them, and of the size the group has."""
    from deckgen.games.cleariosity.core.rules import apply
    from deckgen.games.cleariosity.design.index import GroupKind, kind_parts

    search = DeckSearch(3, SMALL)
    kinds = search.index._delta(list(range(len(search.cells)))).kinds
    assert kinds and any(kind & 1 for kind in kinds) and any(not kind & 1 for kind in kinds)
    base = search.index.base
    for kind in kinds:
        code, ops_key, top, _pair = kind_parts(GroupKind(kind))
        a, b, c = code // (base * base), code // base % base, code % base
        ops = search.index.ops_sets[ops_key]
        assert ops and all(apply(op, a, b) == c for op in ops)
        assert top < len(search.tiers)
