"""What arithmetic rules out before a design search starts.

A search for a spec that cannot be met runs for minutes and then names criteria a teacher must
puzzle over. Some specs fail for reasons a count shows at once: a tier with no fact of its own
operation to teach, more facts to cover than its numbers allow, numbers that need more printed
places than the cards have, or more collections a game asked of play than a game can hold
(each collection takes at least two cards). :func:`ruled_out` finds these, in a teacher's
words, in well under a second; design refuses such a spec with the first one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from deckgen.games.cleariosity.analysis.facts import teaching_facts, tier_facts
from deckgen.games.cleariosity.core.messages import RULED_OUT
from deckgen.games.cleariosity.core.model import CELLS_PER_CARD, Tier
from deckgen.games.cleariosity.core.rules import OP_SYMBOLS, OPS
from deckgen.games.cleariosity.criteria.lines import Criteria
from deckgen.games.cleariosity.criteria.registry import distinct_ops, fact_pair_ops, of_operations
from deckgen.games.grid import LINE_POSITIONS
from deckgen.i18n import _, decimal_g, language, ngettext, percent

#: The criterion a reason ends with, in brackets, in any language: "[criterion 16]", "[Kriterium 16]".
CRITERION = re.compile(r"\[[^\[\]\d]*(\d+)\]\s*$")


def _signs(ops: Sequence[str]) -> str:
    """ "+", "+ and −", "+ and − and ×", in the language being spoken."""
    if len(ops) < 2:
        return "".join(OP_SYMBOLS[op] for op in ops)
    return _("{items} and {last}").format(items=_signs(ops[:-1]), last=OP_SYMBOLS[ops[-1]])


def share_to_tenth(share: float) -> str:
    """A share as a percentage to one decimal place (88.9%; 88,9 % in German, French and Spanish)."""
    shown = f"{share:.1%}"
    return shown if language() == "en" else shown.replace(".", ",").replace("%", "\u00a0%")


def in_one_line(reasons: Sequence[str]) -> str:
    """The first reason in full, then how many more and their criteria: "… [criterion 16] (and 2
    more: criteria 9, 18)"."""
    others = sorted({int(found.group(1)) for reason in reasons[1:] if (found := CRITERION.search(reason))})
    named = ", ".join(str(number) for number in others)
    more = ""
    if others:
        which = ngettext("criterion {criteria}", "criteria {criteria}", len(others))
        # The same English for one more as for several: a language may say them apart.
        more = ngettext(" (and {count} more: {which})", " (and {count} more: {which})", len(reasons) - 1)
        more = more.format(count=len(reasons) - 1, which=which.format(criteria=named))
    return _("{ruled_out}: {reason}{more}").format(ruled_out=_(RULED_OUT), reason=reasons[0], more=more)


def _participation_ruled_out(tier: Tier, in_play: int, criteria: Criteria) -> list[str]:
    """Criteria 4 and 5 at the first tier, the fewest cards in play: with each other card, a card
    makes at most one two-card group a line and operation, and with each two others one group."""
    readings = len(LINE_POSITIONS) * max(1, len(tier.ops()))
    most_pairs = readings * (in_play - 1)
    most_groups = most_pairs + readings * (in_play - 1) * (in_play - 2) // 2
    reasons = []
    if criteria.min_pairs > most_pairs:
        reasons.append(
            _(
                "every card must be in {wanted} two-card groups, and with {cards} cards in play a card is in at "
                "most {most} (one a line and operation with each other card) [criterion 5]"
            ).format(wanted=criteria.min_pairs, cards=in_play, most=most_pairs)
        )
    if criteria.min_groups > most_groups:
        reasons.append(
            _(
                "every card must be in {wanted} groups, and with {cards} cards in play a card is in at most {most} "
                "(one a line and operation with each other card or two) [criterion 4]"
            ).format(wanted=criteria.min_groups, cards=in_play, most=most_groups)
        )
    return reasons


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
            groups = ngettext("{count} group", "{count} groups", own_cards // 2)
            said = ngettext(
                "the {tier} cards can teach at most {count} different {signs} fact that needs that sign alone "
                "(these numbers and tables have {teaching}, and {cards} cards make at most {groups}), and the "
                "level asks {asked} [criterion 3]",
                "the {tier} cards can teach at most {count} different {signs} facts that need that sign alone "
                "(these numbers and tables have {teaching}, and {cards} cards make at most {groups}), and the "
                "level asks {asked} [criterion 3]",
                can_teach,
            )
            reasons.append(
                said.format(
                    tier=tier.name,
                    count=can_teach,
                    signs=signs,
                    teaching=teaching,
                    cards=own_cards,
                    groups=groups.format(count=own_cards // 2),
                    asked=criteria.min_teaching_facts,
                )
            )
        if rank == 0:
            reasons += _participation_ruled_out(tier, in_play, criteria)
        if own.min_facts > len(facts):
            reasons.append(
                _("the {tier} tier must cover {wanted} facts and its numbers allow only {count} [criterion 7]").format(
                    tier=tier.name, wanted=own.min_facts, count=len(facts)
                )
            )
        new_facts = of_operations([OPS.index(tier.reading(f)) for f in facts], tier.practised())
        if new_facts and 1 / len(new_facts) > criteria.max_top_new:
            said = ngettext(
                "at {tier}, the {count} {signs} fact share the practice, so the commonest is at least {share} of "
                "it, and the line is {line}: give the tier more facts [criterion 13]",
                "at {tier}, the {count} {signs} facts share the practice, so the commonest is at least {share} of "
                "it, and the line is {line}: give the tier more facts [criterion 13]",
                len(new_facts),
            )
            reasons.append(
                said.format(
                    tier=tier.name,
                    count=len(new_facts),
                    signs=signs,
                    share=percent(1 / len(new_facts)),
                    line=percent(criteria.max_top_new),
                )
            )
        if own.min_practice > most:
            reasons.append(
                _(
                    "at {tier}, games must practise {signs} {count} times a game, and a game of its {cards} cards "
                    "holds at most {most} collections [criterion 10]"
                ).format(tier=tier.name, signs=signs, count=decimal_g(own.min_practice), cards=in_play, most=most)
            )
        if own.min_needing_new > most:
            reasons.append(
                _(
                    "at {tier}, games must collect {count} stacks a game that read only with {signs}, and a game of "
                    "its {cards} cards holds at most {most} collections [criterion 15]"
                ).format(tier=tier.name, count=decimal_g(own.min_needing_new), signs=signs, cards=in_play, most=most)
            )
        if in_play % 2 and (in_play - 1) / in_play < criteria.min_beginner:
            reasons.append(
                _(
                    "at {tier}, beginners take two cards at a time, so of {cards} cards they collect at most {most} "
                    "({share}), and the line is {line}: give the level an even number of cards in play [criterion 9]"
                ).format(
                    tier=tier.name,
                    cards=in_play,
                    most=in_play - 1,
                    share=share_to_tenth((in_play - 1) / in_play),
                    line=percent(criteria.min_beginner),
                )
            )
        judged = [f for f in facts if tier.reading(f) in fact_pair_ops(tier)] if own.min_fact_pairs else []
        # Verify judges the facts the deck's groups hold; criterion 7 makes it hold at least min_facts.
        held = min(len(judged), own.min_facts)
        if held and held * own.min_fact_per_game > most:
            reasons.append(
                _(
                    "at {tier}, each of at least {held} facts must come up {count} times a game, {total} in all, and "
                    "a game of its {cards} cards holds at most {most} collections [criterion 16]"
                ).format(
                    tier=tier.name,
                    held=held,
                    count=decimal_g(own.min_fact_per_game),
                    total=decimal_g(held * own.min_fact_per_game),
                    cards=in_play,
                    most=most,
                )
            )
        # Focus facts on the same numbers (2 + 2 = 4 and 2 × 2 = 4) are one stack, collected together.
        focus_lines = len({(a, b, c) for a, _op, b, c in own.focus})
        if focus_lines and focus_lines * own.min_focus_per_game > most:
            reasons.append(
                _(
                    "at {tier}, {count} focus facts each {times} times a game need {total} collections a game, and a "
                    "game of its {cards} cards holds at most {most}: choose fewer focus facts [criterion 18]"
                ).format(
                    tier=tier.name,
                    count=focus_lines,
                    times=decimal_g(own.min_focus_per_game),
                    total=decimal_g(focus_lines * own.min_focus_per_game),
                    cards=in_play,
                    most=most,
                )
            )
        counted = of_operations([OPS.index(tier.reading(f)) for f in facts], distinct_ops(tier))
        if own.min_distinct_facts > len(counted):
            reasons.append(
                _(
                    "at {tier}, a class must meet {wanted} different {signs} facts and the numbers allow only {count} "
                    "[criterion 17]"
                ).format(
                    tier=tier.name, wanted=own.min_distinct_facts, signs=_signs(distinct_ops(tier)), count=len(counted)
                )
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
            _(
                "every one of the 9 cells must be used {count} times, {places} places, and the {cards} cards print "
                "{printed} numbers [criterion 11]"
            ).format(count=criteria.min_cell_use, places=9 * criteria.min_cell_use, cards=sum(counts), printed=cells)
        )
    for rank in range(len(tiers)):
        later = [n for n in criteria.numbers if criteria.first_tier(n) >= rank]
        wanted = sum(criteria.least_use(n) for n in later)
        room = CELLS_PER_CARD * sum(counts[rank:])
        if wanted > room:
            if rank == 0:
                said = _(
                    "the {count} numbers must be printed {wanted} times in all, and the deck's cards print only "
                    "{room} numbers: use fewer numbers or more cards [criterion 11]"
                )
            else:
                said = _(
                    "the {count} numbers must be printed {wanted} times in all, and the {tier} and later cards print "
                    "only {room} numbers: use fewer numbers or more cards [criterion 11]"
                )
            reasons.append(said.format(count=len(later), wanted=wanted, tier=tiers[rank].name, room=room))
            break
    return reasons
