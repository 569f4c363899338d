"""Steering: how the feedback games move a tier's design targets.

The static score predicts play well but not exactly (how often an equation repeats also
depends on whether its groups share cards), so every few thousand steps the search plays a
few thousand games per tier, and wherever those games come within a margin of one of verify's
lines, that tier's target moves a notch. How far each target moves, and the margins, are
:class:`~.design.settings.DesignSettings` fields (``steer_*``); this module holds the state of
the targets (:class:`Steer`) and the rules that move them.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.cleariosity.analysis.tier_report import spoken
from deckgen.games.cleariosity.core.model import Tier
from deckgen.games.cleariosity.core.rules import OPS
from deckgen.games.cleariosity.criteria.lines import Criteria, TierCriteria
from deckgen.games.cleariosity.criteria.registry import distinct_ops, fact_pair_ops, of_operations
from deckgen.games.cleariosity.design.settings import DesignSettings
from deckgen.games.play.simulate import PlayStats


@dataclass
class Steer:
    """How far feedback has moved one tier's targets: factors on a limit (1: as set) and
    additions to a floor (0: as set)."""

    #: Factor on the commonest equation's limit (criterion 12), tightened by ``steer_top``.
    top: float = 1.0
    #: Factor on the limit of the squared equation shares (repeats, criterion 14).
    square: float = 1.0
    #: Added to the share that must read only with the new operation (criterion 15).
    needing: float = 0.0
    #: Factor on the commonest new fact's limit (criterion 13).
    top_fact: float = 1.0
    #: Factor on every ×/÷ fact's floor (criterion 16).
    floor: float = 1.0
    #: Added to the facts a run of games should meet (criterion 17).
    distinct: float = 0.0
    #: Factor on each focus fact's floor, and added to the focus facts' share (criterion 18).
    focus: float = 1.0
    focus_share: float = 0.0


def steer_variety(
    steer: Steer,
    settings: DesignSettings,
    tier: Tier,
    own: TierCriteria,
    limits: Criteria,
    played: list[PlayStats],
    kinds: list[int],
) -> None:
    """Tighten a tier's variety targets where its feedback games (``played``, one per player
    count) come within a margin of verify's line at any player count."""
    s = settings
    if max(stats.repeat_share for stats in played) > own.max_repeats - s.steer_repeat_margin:
        steer.square *= s.steer_square
    if max(max(stats.equation_shares(), default=0.0) for stats in played) > own.max_top_equation - s.steer_top_margin:
        steer.top *= s.steer_top
    if (
        own.min_needing_new
        and min(p.needing_new_per_game for p in played) < own.min_needing_new + s.steer_needing_margin
    ):
        steer.needing += s.steer_needing
    facts = of_operations(kinds, tier.practised())
    if facts:
        for stats in played:
            counts = stats.equation_counts
            limit = (limits.max_top_new - s.steer_top_fact_margin) * max(1, sum(counts[i] for i in facts))
            if max(counts[i] for i in facts) > limit:
                steer.top_fact *= s.steer_top_fact
                break
        judged = of_operations(kinds, fact_pair_ops(tier))
        if own.min_fact_pairs and any(
            min(stats.equation_counts[i] for i in judged) < (own.min_fact_per_game + s.steer_floor_margin) * stats.games
            for stats in played
        ):
            steer.floor *= s.steer_floor
    if own.min_distinct_facts and any(
        sum(stats.window_distinct[OPS.index(op)] for op in distinct_ops(tier))
        < (own.min_distinct_facts + s.steer_distinct_margin) * stats.windows
        for stats in played
    ):
        steer.distinct += s.steer_distinct


def steer_focus(
    steer: Steer,
    settings: DesignSettings,
    tier: Tier,
    own: TierCriteria,
    played: list[PlayStats],
    names: list[str],
    kinds: list[int],
) -> None:
    """Raise a tier's focus targets where the feedback games come near criterion 18's lines:
    a focus fact collected too rarely, or the focus facts too small a share of the practice."""
    s = settings
    index = {name: i for i, name in enumerate(names)}
    wanted = [index.get(spoken(tier, (a, b, c))) for a, _, b, c in own.focus]
    kind_of = {OPS.index(op) for _, op, _, _ in own.focus}
    for stats in played:
        counts = stats.equation_counts
        rates = [counts[i] / stats.games if i is not None else 0.0 for i in wanted]
        if min(rates) < own.min_focus_per_game + s.steer_focus_margin:
            steer.focus *= s.steer_focus
            break
    for stats in played:
        counts = stats.equation_counts
        practising = sum(counts[i] for i, kind in enumerate(kinds) if kind in kind_of)
        focused = sum(counts[i] for i in wanted if i is not None)
        if practising and focused / practising < own.min_focus_share + s.steer_focus_share_margin:
            steer.focus_share += s.steer_focus_share
            break
