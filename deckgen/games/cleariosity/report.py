"""Plain-text reports of a Cleariosity deck's verification, for people reading a terminal."""

from __future__ import annotations

from deckgen.games.cleariosity.criteria import Criteria
from deckgen.games.cleariosity.criteria_registry import (
    BY_NUMBER,
    PLAY_CRITERIA,
    criteria_text,
    fact_pair_ops,
    later_numbers_words,
    signs,
)
from deckgen.games.cleariosity.figures import CONFIDENCE, CONFIRM_ROUNDS, MARGIN, Figure, confirm_games
from deckgen.games.cleariosity.groups import Group
from deckgen.games.cleariosity.model import Tier
from deckgen.games.cleariosity.play import WINDOW
from deckgen.games.cleariosity.rules import OP_SYMBOLS, describe
from deckgen.games.cleariosity.verify import VERBS, DeckReport, TierReport

#: How each tier's facts are named for people.
FACT_NOUNS = {
    "+": "additions a + b = c (a, b ≥ 1)",
    "-": "subtractions c − a = b (a, b ≥ 1)",
    "*": "multiplications with both factors ≥ 2",
    "/": "divisions with divisor and quotient ≥ 2",
}


def cleariosity_text(report: DeckReport, source: str) -> str:
    """The verify report for a terminal: the static figures, play figures, what a class can expect, proofs."""
    lines = [
        f'Cleariosity Numbers deck "{report.deck.name}" ({source}), {len(report.deck.cards)} cards',
        f"Simulated play: {report.games:,} games per tier, player count and play model, seed {report.seed}",
        "",
        f"{'tier':<8}{'cards':>6}  {'ops':<8}{'groups':>7}{'pairs':>7}{'min/card':>10}{'min pairs':>10}"
        f"{'trivial':>9}{'facts':>8}  result",
    ]
    for tier in report.tiers:
        ops = " ".join(OP_SYMBOLS[op] for op in tier.tier.ops())
        failed = tier.failures()
        result = "pass" if not failed else "FAIL " + ",".join(str(n) for n in failed)
        facts = f"{tier.facts_covered}/{len(tier.facts)}"
        pairs = sum(1 for g in tier.groups if g.pair)
        lines.append(
            f"{tier.tier.name:<8}{len(tier.cards):>6}  {ops:<8}{len(tier.groups):>7}{pairs:>7}"
            f"{tier.min_participation:>10}{tier.min_pairs:>10}{tier.trivial_share:>9.1%}{facts:>8}  {result}"
        )
    if report.games:
        players = report.criteria.players
        lines += ["", f"Simulated play, {' / '.join(map(str, players))} players:"]
        lines.append(
            f"{'tier':<8}{'collected':<23}{'beginners collect':<23}{'practice a game':<20}"
            f"{'trivial taken':<23}most often left (share of games)"
        )
        for tier in report.tiers:
            full = [tier.full(p) for p in players]
            beginner = [tier.begin(p) for p in players]
            stranded = " / ".join(
                f"{figure.item} {figure.value:.1%}±{2 * (figure.stderr or 0):.1%}"
                + ("*" if p in tier.confirmed else "")
                for p in players
                for figure in [tier.stranded_figure(p)]
            )
            lines.append(
                f"{tier.tier.name:<8}"
                f"{' / '.join(f'{s.collected_share:.1%}' for s in full):<23}"
                f"{' / '.join(f'{s.collected_share:.1%}' for s in beginner):<23}"
                f"{' / '.join(f'{s.practice_per_game:.1f}' for s in full):<20}"
                f"{' / '.join(f'{s.trivial_share:.1%}' for s in full):<23}"
                f"{stranded}"
            )
        lines.append("(most often left: the card nearest the line, ± two standard errors over the games played)")
        lines += ["", *verdict_rule(report)]
        lines += ["", "Nearest its line, each tier (value ± two standard errors; the JSON lists every figure):"]
        lines += [f"  {nearest_line(tier)}" for tier in report.tiers]
        shown = 3 if 3 in players else players[len(players) // 2]
        lines += ["", f"What a class can expect ({shown} players):"]
        lines += [f"  {expectation(tier, shown)}" for tier in report.tiers]
        lines += ["", f"Variety in play ({shown} players; over {WINDOW} games in a row for the facts met):"]
        lines += [f"  {variety_line(tier, shown)}" for tier in report.tiers]
        focused = [tier for tier in report.tiers if tier.own.focus]
        if focused:
            lines += ["", f"Focus facts ({shown} players):"]
            lines += [f"  {focus_line(tier, shown)}" for tier in focused]
    lines += ["", "Facts the groups practise:"]
    lines += [f"  {facts_line(tier)}" for tier in report.tiers]
    digits = report.balance.digits
    cells = report.balance.cells
    low_digit = min(n for d, n in digits.items() if d)
    limits = report.criteria
    cells_text = (
        f"cells each used by {min(cells.values())} to {max(cells.values())} cards "
        f"(need {limits.min_cell_use}): " + ("pass" if report.balance.passed() else "FAIL 11")
    )
    if 0 in digits and limits.numbers == tuple(range(limits.high + 1)):
        lines += [
            "",
            f"Digits 1-{limits.high} each printed {low_digit} to {max(digits.values())} times "
            f"(need {limits.min_digit_use}), 0 printed {digits[0]} times (need {limits.min_zero_use}); " + cells_text,
        ]
    else:
        rarest = min(digits, key=lambda d: (digits[d], d))
        lines += [
            "",
            f"The {len(digits)} numbers of the spec each printed {digits[rarest]} (the rarest, {rarest}) to "
            f"{max(digits.values())} times (need {limits.min_digit_use}"
            + later_numbers_words(limits, [t.tier for t in report.tiers]).replace(" (", "; ", 1).rstrip(")")
            + "); "
            + cells_text,
        ]
    if report.balance.outside:
        which = f"above {limits.high}" if limits.numbers == tuple(range(limits.high + 1)) else "the spec does not list"
        outside, early = outside_cards(report, limits)
        if outside:
            lines.append(f"Cards with a number {which}, outside the spec: " + ", ".join(outside))
        if early:
            lines.append("Cards with a number not yet in play at their tier: " + ", ".join(early))
    for tier in report.tiers:
        if tier.self_equations:
            lines.append(
                f"Cards that are an equation on their own ({tier.tier.name}): " + "; ".join(tier.self_equations)
            )
    for tier in report.tiers:
        count = tier.teaching_facts()
        how_many = (
            f"{count} different facts, the most any split has"
            if tier.teaching_facts_exact
            else f"{count} different facts; the search ran out before proving none has more"
        )
        lines += ["", f"Teaching split, {tier.tier.name} cards ({how_many}):"]
        lines += _groups_listing(tier, tier.teaching.groups, tier.teaching.exhausted, tier.tier)
    for tier in report.tiers:
        lines += ["", f"Perfect clear, {tier.tier.name} tier:"]
        lines += _groups_listing(tier, tier.perfect_clear.groups, tier.perfect_clear.exhausted, None)
    lines.append("")
    if report.games == 0:
        applying = [BY_NUMBER[n] for n in PLAY_CRITERIA if BY_NUMBER[n].applies(report.criteria)]
        unjudged = ", ".join(str(c.number) for c in applying if c.decided_by == "play")
        partly = ", ".join(str(c.number) for c in applying if c.decided_by != "play")
        lines.append(
            f"Criteria {unjudged} (simulated play), and the play part of {partly}, were not checked: "
            "no games were simulated (--games 0)."
        )
    failures = report.failures()
    if failures:
        for where, number in failures:
            lines.append(
                f"FAILED {where}: criterion {number}, {criteria_text(report.criteria, report.deck.tiers)[number]}"
            )
    elif report.games == 0:
        lines.append("Every criterion checked passes in every tier; play was not simulated.")
    else:
        lines.append("All criteria pass in every tier.")
    return "\n".join(lines) + "\n"


def verdict_rule(report: DeckReport) -> list[str]:
    """How the play figures were decided, and which were settled by confirmation runs."""
    games = report.games
    lines = [
        f"Each play figure passes when it is on the right side of its line with {CONFIDENCE:.0%} confidence: more "
        f"than {MARGIN:g} standard errors in these {games:,} games, or, where it lies within {MARGIN:g} of its line, "
        f"in confirmation runs with their own seeds: {confirm_games(games):,} games, then, while a figure is still "
        f"within {MARGIN:g}, {confirm_games(games, 2):,} and at most {confirm_games(games, CONFIRM_ROUNDS):,}."
    ]
    confirmed = [
        f"{tier.tier.name} {model} {players} players ({runs[players].games:,} games)"
        for tier in report.tiers
        for model, runs in (("full view", tier.confirmed), ("beginners", tier.confirmed_beginner))
        for players in sorted(runs)
    ]
    lines.append(
        "Confirmed (* above; every figure of these games is read from the run): " + ", ".join(confirmed)
        if confirmed
        else "No figure was near enough its line to need a confirmation run."
    )
    return lines


def _shown(value: float, figure: Figure) -> str:
    """A figure as the report writes it: a share as a percentage, a count as a number."""
    return f"{value:.1%}" if figure.share else f"{value:.2f}"


def nearest_line(tier: TierReport) -> str:
    """The play figure of a tier nearest the wrong side of its line, in standard errors."""
    figures = [f for found in tier.figures().values() for f in found if f.from_play]
    if not figures:
        return f"{tier.tier.name}: no play figure judged"
    figure = min(figures, key=lambda f: f.distance())
    item = f" ({figure.item})" if figure.item else ""
    sense = "at least" if figure.at_least else "at most"
    confirmed = f", confirmed in {figure.games:,} games" if figure.confirmed else ""
    return (
        f"{tier.tier.name}: criterion {figure.criterion}, {figure.name}{item} at {figure.players} players: "
        f"{_shown(figure.value, figure)} ± {_shown(2 * (figure.stderr or 0), figure)}, line {sense} "
        f"{_shown(figure.line, figure)}: {abs(figure.distance()):.1f} standard errors "
        + ("clear" if figure.distance() >= 0 else "short")
        + confirmed
    )


def _groups_listing(
    tier: TierReport, groups: tuple[Group, ...] | None, exhausted: bool, reader: Tier | None
) -> list[str]:
    """Groups as lines of the report, each read as a pupil says it at ``reader`` (a teaching
    split), or with the first operation that holds (a perfect clear)."""
    if groups is None:
        return ["  " + ("no such split exists" if exhausted else "none found within the search budget")]
    listing = []
    for group in groups:
        ids = " ".join(tier.cards[i].id for i in group.cards)
        shown = reader.reading(group.values, group.ops) if reader is not None else group.ops[0]
        listing.append(f"  {ids:<12} {group.line:<5} {describe(group.values, shown)}")
    return listing


def expectation(tier: TierReport, players: int) -> str:
    """One sentence a teacher can read: what a game at this tier practises and leaves on the table."""
    full = tier.full(players)
    beginner = tier.begin(players)
    left = round((1 - full.collected_share) * len(tier.cards))
    return (
        f"{tier.tier.name}: students {doing(tier.tier)} about {full.practice_per_game:.1f} times a game "
        f"and collect {full.collected_share:.0%} of the {len(tier.cards)} cards (about {left} left on the table); "
        f"beginners who only take two-card stacks collect {beginner.collected_share:.0%}."
    )


def doing(tier: Tier) -> str:
    """What students do at a tier, in a sentence: "multiply", "multiply and divide", or for a
    tier that only adds cards, "add and subtract (no new operation, more cards)"."""
    doing = " and ".join(VERBS[op] for op in tier.practised())
    return doing if tier.adds else f"{doing} (no new operation, more cards)"


def focus_line(tier: TierReport, players: int) -> str:
    """Each focus fact's two-card stacks and collections a game, and their share together."""
    focus = tier.focus(players)
    own = tier.own
    facts = "; ".join(
        f"{name} in {pairs} two-card stacks, {per_game:.2f} a game" for name, pairs, per_game in focus.facts
    )
    return (
        f"{tier.tier.name}: {facts}; together {focus.share:.0%} of the collections practising them "
        f"(need {own.min_focus_pairs} stacks and {own.min_focus_per_game:g} a game each, "
        f"{own.min_focus_share:.0%} together)"
    )


def facts_line(tier: TierReport) -> str:
    reading = tier.tier.reading
    noun = " and ".join(FACT_NOUNS[op] for op in tier.tier.practised())
    text = f"{tier.tier.name}: {tier.facts_covered} of the {len(tier.facts)} {noun} (need {tier.own.min_facts})"
    missing = [describe(f, reading(f)) for f, n in tier.facts.items() if not n]
    if missing:
        text += "; missing " + ", ".join(missing)
    if tier.own.max_fact_share < 1.0:
        fact, share = tier.largest_fact()
        text += (
            f"; the most common, {describe(fact, reading(fact))}, is {share:.0%} of the {signs(tier.tier)} groups"
            f" (at most {tier.own.max_fact_share:.0%})"
        )
    return text


#: "one equation in five" for shares near a simple fraction; the figure itself otherwise.
_IN_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def one_in(share: float) -> str:
    """A share as a teacher says it: "one in five" (the nearest whole n up to ten), or a percentage."""
    if share <= 0:
        return "none"
    n = round(1 / share)
    if n in _IN_WORDS and abs(1 / n - share) <= 0.02:
        return f"one in {_IN_WORDS[n]}"
    return f"{share:.0%}"


def variety_line(tier: TierReport, players: int) -> str:
    """What a class meets in play, in a teacher's words: the commonest equation, repeats, practice
    that needs the new operation, and how many different facts come up in a week of games."""
    variety = tier.variety(players)
    equation, share = variety.top
    practised = signs(tier.tier)
    if not equation:
        return f"{tier.tier.name}: no equation is collected in these games."
    parts = [f"{tier.tier.name}: the commonest equation, {equation}, is {one_in(share)} of those collected"]
    if tier.tier.rank and tier.tier.adds and variety.top_new[0]:
        parts.append(f"{variety.top_new[0]} is {one_in(variety.top_new[1])} of the {practised} equations")
    parts.append(f"{variety.repeats:.0%} of collections repeat an equation of the same game")
    if tier.tier.adds:
        either = " or ".join(OP_SYMBOLS[op] for op in tier.tier.adds)
        parts.append(f"{variety.needing_new:.1f} a game need {either} and no other operation")
    if tier.own.min_fact_pairs and variety.rarest[0]:
        judged = " and ".join(OP_SYMBOLS[op] for op in fact_pair_ops(tier.tier))  # criterion 16's facts
        parts.append(f"the rarest {judged} fact, {variety.rarest[0]}, comes up {variety.rarest[1]:.2f} times a game")
    if tier.own.min_fact_pairs and variety.fewest_pairs[0]:
        count = variety.fewest_pairs[1]
        parts.append(f"{variety.fewest_pairs[0]} is in {count} two-card stack{'' if count == 1 else 's'}")
    met = ", ".join(f"{seen:.0f} of {total} {OP_SYMBOLS[o]} equations" for o, (seen, total) in variety.distinct.items())
    parts.append(f"in {WINDOW} games a class meets {met}")
    return "; ".join(parts) + "."


def outside_cards(report: DeckReport, limits: Criteria) -> tuple[list[str], list[str]]:
    """The cards criterion 11 faults for their numbers: those with a number outside the spec
    (by id), and those with a number a later tier brings in ("G01 (8, which purple brings in)")."""
    outside, early = [], []
    cards = {card.id: card for card in report.deck.cards}
    names = [tier.tier.name for tier in report.tiers]
    for card_id in report.balance.outside:
        card = cards[card_id]
        if any(cell.value not in limits.numbers for cell in card.cells):
            outside.append(card_id)
            continue
        held = set(limits.in_play(card.tier.rank))
        value = next(cell.value for cell in card.cells if cell.value not in held)
        brings = limits.first_tier(value)
        early.append(f"{card_id} ({value}, which {names[brings] if brings < len(names) else brings} brings in)")
    return outside, early
