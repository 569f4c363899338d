"""The design search's score: named terms, each weighed by a field of
:class:`~.design.settings.DesignSettings`.

The score is what each annealing step is judged by, so it is read from the search's running
totals (:class:`~.design.search.DeckSearch` keeps them up to date move by move) and never recounts the
deck. It is the missed criteria and targets, scaled by ``penalty_scale``, less a small reward
for cards rich in groups:

- :func:`card_terms`: each card's groups, two-card groups and kinds of two-card group against
  its targets (and the extra ones feedback gives the cards play leaves over);
- :func:`tier_terms`: each tier's trivial and practising shares, its commonest equation, the
  facts its groups cover and the largest fact's share, and :func:`variety_terms`;
- :func:`variety_terms`: what play makes of the groups (verify's criteria 12-18 and 20) from the
  totals weighted as play meets groups, a pair ``PAIR_WEIGHT`` times a triple;
- :func:`balance_terms`: how often each number is printed and each cell used, cards that are
  an equation alone, and the same number in the same cell on too many cards of a colour;
- :func:`alike_terms`: cards alike (verify's criterion 19), unless the criteria allow them.

Every sum runs in a fixed order (each term adds to the running total it is given), so that a
seed gives the same deck on every machine. To change what design aims for, change a weight in
the settings, or a term here; the recount test checks the totals every term reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckgen.games.cleariosity.design.index import TierStats
    from deckgen.games.cleariosity.design.views import ScoreView

#: How many times more often simulated play collects a given two-card group than a given
#: three-card one (measured on designed decks: about 20 to 30 times).
PAIR_WEIGHT = 20


def penalty(search: ScoreView) -> float:
    """Missed criteria and targets (large) minus the reward for cards rich in pairs (small)."""
    missed, reward = card_terms(search)
    missed = tier_terms(search, missed)
    missed = balance_terms(search, missed)
    missed = alike_terms(search, missed)
    return search.settings.penalty_scale * missed - reward


#: Design aims at this share of criterion 20's line on play outside the level's facts.
OUTSIDE_AIM = 0.75

#: What each card alike another costs (as ten groups a card is short of: a deck with one fails verify).
ALIKE_WEIGHT = 10.0


def alike_terms(search: ScoreView, missed: float) -> float:
    """Cards alike another (the same colour, the same numbers in the same cells: verify's
    criterion 19), added to ``missed``; nothing where the criteria allow them. Read from the
    count the group index keeps card by card, so that design spends no attempt on such a deck."""
    if search.criteria.duplicates:
        return missed
    return missed + ALIKE_WEIGHT * search.index.alike


def card_terms(search: ScoreView) -> tuple[float, float]:
    """Each card against its targets: (missed, reward), compiled where built (the same sums)."""
    s = search.settings
    missed = 0.0
    reward = 0.0
    floor_groups = search.criteria.min_groups + s.group_margin
    least_pairs = search.criteria.min_pairs
    group_target, pair_target, pair_weight = s.group_target, s.pair_target, s.pair_weight
    kinds_target, pair_cap, group_weight, group_cap = s.distinct_pair_target, s.pair_cap, s.group_weight, s.group_cap
    group_short, square_short, below_line = s.group_short_weight, s.square_short_weight, s.pair_below_line_weight
    if search.index.engine is not None:
        return search.index.engine.card_terms(
            search.index.own_count,
            search.index.own_pairs,
            search.index.colour_rank,
            search.index.distinct_pairs,
            search.boost,
            group_target,
            pair_target,
            pair_weight,
            floor_groups,
            least_pairs,
            kinds_target,
            pair_cap,
            group_cap,
            group_weight,
            group_short,
            square_short,
            below_line,
        )
    for n, p, tier, kinds, boost in zip(
        search.index.own_count,
        search.index.own_pairs,
        search.index.colour_rank,
        search.index.distinct_pairs,
        search.boost,
        strict=True,
    ):
        if n < floor_groups:
            missed += floor_groups - n
        if n < group_target[tier]:
            missed += (group_target[tier] - n) * group_short
        if kinds < kinds_target:
            missed += (kinds_target - kinds) ** 2 * square_short
        target = pair_target[tier]
        if p < target:
            missed += (target - p) ** 2 * square_short + below_line * (least_pairs - p if p < least_pairs else 0)
        if boost:
            # Cards that play leaves over: one more pair and one more kind of pair per boost.
            short = target + boost - p
            few = kinds_target + boost - kinds
            missed += (short if short > 0 else 0) + (few if few > 0 else 0)
        reward += pair_weight[tier] * (p if p < pair_cap else pair_cap) + group_weight * (
            n if n < group_cap else group_cap
        )
    return missed, reward


def tier_terms(search: ScoreView, missed: float) -> float:
    """Each tier's shares, commonest equation and facts, added to ``missed``."""
    s = search.settings
    largest_equation = search.largest_equation
    for tier_number, stats in enumerate(search.index.stats):
        groups = stats.groups or 1
        weighted = stats.weighted or 1
        missed += max(0.0, stats.trivial - s.trivial_target * groups) * s.trivial_weight
        missed += max(0.0, stats.weighted_trivial - s.trivial_target * weighted) / PAIR_WEIGHT
        missed += max(0.0, s.practice_target[tier_number] * weighted - stats.weighted_practising) / PAIR_WEIGHT
        missed += max(0.0, largest_equation(stats.equations) - s.max_equation_share * groups) * (
            s.equation_share_weight
        )
        missed += s.uncovered_fact_weight * max(0, search.facts_needed[tier_number] - stats.covered)
        if search.fact_share_capped[tier_number] and stats.practising:
            top = search.largest_fact[tier_number](stats.facts)
            missed += max(0.0, top - s.fact_share_target * stats.practising)
        missed += variety_terms(search, tier_number, stats, weighted)
    return missed


def variety_terms(search: ScoreView, tier_number: int, stats: TierStats, weighted: int) -> float:
    """Variety as play meets it, from the weighted totals (a pair counts ``PAIR_WEIGHT`` times),
    in units of two-card groups: no equation or fact too common, no equation played too
    often overall, enough practice that reads only with the new operation, little play outside
    the level's facts, every ×/÷ fact in enough pairs and common enough, the focus facts common
    enough, and many facts met in a run of games."""
    s = search.settings
    missed = 0.0
    equations = stats.weighted_equations
    steer = search.steer[tier_number]
    top_limit = s.top_equation_target * steer.top * weighted * search.top_room[tier_number]
    missed += s.variety_weight * max(0.0, search.largest_equation(equations) - top_limit) / PAIR_WEIGHT
    # The squared shares sum to one over the number of equally common equations play meets.
    square_limit = s.square_target[tier_number] * steer.square * weighted * weighted * search.repeat_room[tier_number]
    missed += s.square_weight[tier_number] * max(0.0, stats.square_sum - square_limit) / (weighted * PAIR_WEIGHT)
    needing_limit = (s.needing_target[tier_number] + steer.needing) * weighted
    missed += s.needing_weight[tier_number] * max(0.0, needing_limit - stats.weighted_needing) / PAIR_WEIGHT
    outside = search.outside_codes[tier_number]
    if outside:
        # Play outside the level's facts (criterion 20), aimed under its line by a margin.
        held = sum(map(equations.__getitem__, outside))
        outside_limit = OUTSIDE_AIM * search.criteria.max_outside_share * weighted
        missed += s.variety_weight * max(0.0, held - outside_limit) / PAIR_WEIGHT
    practising = stats.weighted_practising
    if not practising:
        return missed
    codes = search.fact_codes[tier_number]
    shares = stats.weighted_facts
    top = search.largest_fact[tier_number](shares)
    top_fact_limit = s.top_fact_target * steer.top_fact * practising
    missed += s.variety_weight * max(0.0, top - top_fact_limit) / PAIR_WEIGHT
    if search.criteria.tiers[tier_number].min_fact_pairs:
        floor = s.rare_fact_floor * steer.floor * practising
        wanted_pairs = search.rare_pairs_wanted[tier_number]
        pairs = stats.pair_facts
        rare_weight = s.rare_fact_weight
        for code in search.rare_codes[tier_number]:
            if stats.facts[code]:
                short = wanted_pairs - pairs[code]
                missed += (short * short * rare_weight if short > 0 else 0) + max(
                    0.0, floor - shares[code]
                ) / PAIR_WEIGHT
    focus = search.focus_codes[tier_number]
    if focus:
        own = search.criteria.tiers[tier_number]
        pairs = stats.pair_facts
        floor = s.focus_floor * steer.focus * practising
        together = 0
        for code in focus:
            short = own.min_focus_pairs + 1 - pairs[code]
            missed += (short * short if short > 0 else 0) + max(0.0, floor - shares[code]) / PAIR_WEIGHT
            together += shares[code]
        wanted = (own.min_focus_share + s.focus_share_margin + steer.focus_share) * practising
        missed += s.variety_weight * max(0.0, wanted - together) / PAIR_WEIGHT
    window = s.window_practice[tier_number]
    if window:
        # Facts met in a run of games: a fact expected at least once counts whole, a rarer
        # one by its expected count (products and quotients only, so every machine agrees).
        met = 0.0
        for code in codes:
            expected = window * shares[code] / practising
            met += expected if expected < 1.0 else 1.0
        missed += s.distinct_weight * max(0.0, s.distinct_target[tier_number] + steer.distinct - met)
    return missed


def balance_terms(search: ScoreView, missed: float) -> float:
    """Numbers printed and cells used too rarely, lone equations and crowded cells, added to ``missed``."""
    s = search.settings
    needed, digits = search.digits_needed, search.index.digits
    missed += s.digit_weight * sum([max(0, need - n) for need, n in zip(needed, digits, strict=True)])
    # Below the criterion itself (not just its margin) a digit costs far more: variety pulls
    # zeros out of the deck (they only make trivial readings), and criterion 11 still holds.
    missed += s.digit_below_line_weight * sum([max(0, need - 1 - n) for need, n in zip(needed, digits, strict=True)])
    missed += s.cell_weight * sum([max(0, search.criteria.min_cell_use + 1 - n) for n in search.index.used])
    missed += s.lonely_weight * search.index.lonely
    missed += search.index.same_excess
    return missed
