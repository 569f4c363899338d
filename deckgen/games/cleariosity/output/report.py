"""Plain-text reports of a Cleariosity deck's verification, for people reading a terminal, in the
language being spoken (the JSON report stays English: :meth:`~.analysis.tier_report.DeckReport.to_json`)."""

from __future__ import annotations

from deckgen.games.cleariosity.analysis.tier_report import VERBS, DeckReport, TierReport
from deckgen.games.cleariosity.core.groups import Group
from deckgen.games.cleariosity.core.model import Tier
from deckgen.games.cleariosity.core.rules import OP_SYMBOLS, describe
from deckgen.games.cleariosity.criteria.lines import Criteria
from deckgen.games.cleariosity.criteria.registry import (
    BY_NUMBER,
    PLAY_CRITERIA,
    alike_words,
    criteria_text,
    fact_pair_ops,
    figure_name,
    later_numbers_parts,
    signs,
    where_name,
)
from deckgen.games.cleariosity.play.figures import CONFIDENCE, CONFIRM_ROUNDS, MARGIN, Figure, confirm_games
from deckgen.games.play.simulate import WINDOW
from deckgen.i18n import N_, _, counted, decimal, decimal_g, language, number, percent

#: How each tier's facts are named for people.
FACT_NOUNS = {
    "+": N_("additions a + b = c (a, b ≥ 1)"),
    "-": N_("subtractions c − a = b (a, b ≥ 1)"),
    "*": N_("multiplications with both factors ≥ 2"),
    "/": N_("divisions with divisor and quotient ≥ 2"),
}

#: The tier table's columns: heading, least width (the English report's), the room a heading
#: (or a cell) keeps, and whether figures stand to the right.
TIER_COLUMNS = (
    (N_("tier"), 8, 1, False),
    (N_("cards"), 6, 1, True),
    (N_("ops"), 10, 1, False),  # with two spaces before it: "  ops     "
    (N_("groups"), 7, 1, True),
    (N_("pairs"), 7, 1, True),
    (N_("min/card"), 10, 2, True),
    (N_("min pairs"), 10, 1, True),
    (N_("trivial"), 9, 2, True),
    (N_("facts"), 8, 2, True),
)
#: The play table's columns, all to the left (the last, the card most often left, unpadded).
PLAY_COLUMNS = (
    (N_("tier"), 8, 1),
    (N_("collected"), 23, 2),
    (N_("beginners collect"), 23, 2),
    (N_("practice a game"), 20, 2),
    (N_("trivial taken"), 23, 2),
    (N_("outside the level"), 23, 2),
)


def _widths(headings: list[str], least: list[int], room: list[int], rows: list[list[str]]) -> list[int]:
    """Each column as wide as its English width, or as its heading (a translated one may be
    longer) with its room; outside English also as its widest cell with its room (numbers
    written with a decimal comma and a spaced %), so the columns stay aligned. English keeps
    its widths as they have always been."""
    widths = [max(low, len(heading) + gap) for heading, low, gap in zip(headings, least, room, strict=True)]
    if language() != "en":
        for row in rows:
            widths = [max(width, len(cell) + gap) for width, cell, gap in zip(widths, row, room, strict=False)]
    return widths


def _tier_table(report: DeckReport) -> list[str]:
    """The static figures of each tier, one row a tier, and its result."""
    headings = [_(heading) for heading, _least, _room, _right in TIER_COLUMNS]
    rows = []
    for tier in report.tiers:
        failed = tier.failures()
        rows.append(
            [
                _(tier.tier.name),
                str(len(tier.cards)),
                "  " + " ".join(OP_SYMBOLS[op] for op in tier.tier.ops()),
                str(len(tier.groups)),
                str(sum(1 for g in tier.groups if g.pair)),
                str(tier.min_participation),
                str(tier.min_pairs),
                percent(tier.trivial_share, 1),
                f"{tier.facts_covered}/{len(tier.facts)}",
                _("pass") if not failed else _("FAIL") + " " + ",".join(str(n) for n in failed),
            ]
        )
    widths = _widths(
        [headings[0], headings[1], "  " + headings[2], *headings[3:]],
        [least for _h, least, _room, _right in TIER_COLUMNS],
        [room for _h, _least, room, _right in TIER_COLUMNS],
        rows,
    )
    rights = [right for _h, _least, _room, right in TIER_COLUMNS]

    def row(cells: list[str], last: str) -> str:
        return (
            "".join(
                cell.rjust(width) if right else cell.ljust(width)
                for cell, width, right in zip(cells, widths, rights, strict=True)
            )
            + "  "
            + last
        )

    header = [headings[0], headings[1], "  " + headings[2], *headings[3:]]
    return [row(header, _("result")), *(row(cells[:-1], cells[-1]) for cells in rows)]


def _play_table(report: DeckReport, players: tuple[int, ...]) -> list[str]:
    """Simulated play of each tier at every player count, one row a tier."""
    headings = [_(heading) for heading, _least, _room in PLAY_COLUMNS]
    rows = []
    for tier in report.tiers:
        full = [tier.full(p) for p in players]
        beginner = [tier.begin(p) for p in players]
        stranded = " / ".join(
            f"{figure.item} {percent(figure.value, 1)}±{percent(2 * (figure.stderr or 0), 1)}"
            + ("*" if p in tier.confirmed else "")
            for p in players
            for figure in [tier.stranded_figure(p)]
        )
        rows.append(
            [
                _(tier.tier.name),
                " / ".join(percent(s.collected_share, 1) for s in full),
                " / ".join(percent(s.collected_share, 1) for s in beginner),
                " / ".join(decimal(s.practice_per_game) for s in full),
                " / ".join(percent(s.trivial_share, 1) for s in full),
                " / ".join(percent(tier.outside_share(p), 1) for p in players),
                stranded,
            ]
        )
    widths = _widths(
        headings, [least for _h, least, _room in PLAY_COLUMNS], [room for _h, _least, room in PLAY_COLUMNS], rows
    )

    def row(cells: list[str], last: str) -> str:
        return "".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)) + last

    return [row(headings, _("most often left (share of games)")), *(row(cells[:-1], cells[-1]) for cells in rows)]


def cleariosity_text(report: DeckReport, source: str) -> str:
    """The verify report for a terminal, in the language being spoken: the static figures, play
    figures, what a class can expect, proofs."""
    lines = [
        _('Cleariosity Numbers deck "{name}" ({source}), {cards} cards').format(
            name=report.deck.name, source=source, cards=len(report.deck.cards)
        ),
        _("Simulated play: {games} games per tier, player count and play model, seed {seed}").format(
            games=number(report.games), seed=report.seed
        ),
        "",
        *_tier_table(report),
    ]
    if report.games:
        players = report.criteria.players
        lines += ["", _("Simulated play, {players} players:").format(players=" / ".join(map(str, players)))]
        lines += _play_table(report, players)
        lines.append(_("(most often left: the card nearest the line, ± two standard errors over the games played)"))
        lines.append(
            _("Beginners' games, the card most often left (share of games): {cards}").format(
                cards="; ".join(
                    f"{_(tier.tier.name)} "
                    + " / ".join(
                        f"{card} {percent(share, 1)}" for p in players for card, share in [tier.stranded(p, "beginner")]
                    )
                    for tier in report.tiers
                )
            )
        )
        lines += ["", *verdict_rule(report)]
        lines += ["", _("Nearest its line, each tier (value ± two standard errors; the JSON lists every figure):")]
        lines += [f"  {nearest_line(tier)}" for tier in report.tiers]
        shown = 3 if 3 in players else players[len(players) // 2]
        lines += ["", _("What a class can expect ({players} players):").format(players=shown)]
        lines += [f"  {expectation(tier, shown)}" for tier in report.tiers]
        lines += [
            "",
            _("Variety in play ({players} players; over {games} games in a row for the facts met):").format(
                players=shown, games=WINDOW
            ),
        ]
        lines += [f"  {variety_line(tier, shown)}" for tier in report.tiers]
        focused = [tier for tier in report.tiers if tier.own.focus]
        if focused:
            lines += ["", _("Focus facts ({players} players):").format(players=shown)]
            lines += [f"  {focus_line(tier, shown)}" for tier in focused]
    lines += ["", _("Facts the groups practise:")]
    lines += [f"  {facts_line(tier)}" for tier in report.tiers]
    digits = report.balance.digits
    cells = report.balance.cells
    low_digit = min(n for d, n in digits.items() if d)
    limits = report.criteria
    cells_text = _("cells each used by {least} to {most} cards (need {need}): {result}").format(
        least=min(cells.values()),
        most=max(cells.values()),
        need=limits.min_cell_use,
        result=_("pass") if report.balance.passed() else _("FAIL") + " 11",
    )
    if 0 in digits and limits.numbers == tuple(range(limits.high + 1)):
        lines += [
            "",
            _(
                "Digits 1-{high} each printed {least} to {most} times (need {need}), 0 printed {zero} times "
                "(need {zero_need}); {cells}"
            ).format(
                high=limits.high,
                least=low_digit,
                most=max(digits.values()),
                need=limits.min_digit_use,
                zero=digits[0],
                zero_need=limits.min_zero_use,
                cells=cells_text,
            ),
        ]
    else:
        rarest = min(digits, key=lambda d: (digits[d], d))
        later = later_numbers_parts(limits, [t.tier for t in report.tiers])
        lines += [
            "",
            _(
                "The {count} numbers of the spec each printed {least} (the rarest, {rarest}) to {most} times "
                "(need {need}{later}); {cells}"
            ).format(
                count=len(digits),
                least=digits[rarest],
                rarest=rarest,
                most=max(digits.values()),
                need=limits.min_digit_use,
                later="".join(f"; {part}" for part in later),
                cells=cells_text,
            ),
        ]
    if report.balance.outside:
        outside, early = outside_cards(report, limits)
        if outside:
            which = (
                _("Cards with a number above {high}, outside the spec: {cards}")
                if limits.numbers == tuple(range(limits.high + 1))
                else _("Cards with a number the spec does not list, outside the spec: {cards}")
            )
            lines.append(which.format(high=limits.high, cards=", ".join(outside)))
        if early:
            lines.append(_("Cards with a number not yet in play at their tier: {cards}").format(cards=", ".join(early)))
    for cards in report.alike:
        said = alike_words(cards)
        lines.append(_("{alike} (the spec allows it)").format(alike=said) if report.criteria.duplicates else said)
    for tier in report.tiers:
        if tier.self_equations:
            lines.append(
                _("Cards that are an equation on their own ({tier}): {cards}").format(
                    tier=_(tier.tier.name), cards="; ".join(tier.self_equations)
                )
            )
    for tier in report.tiers:
        count = tier.teaching_facts()
        how_many = (
            _("{count} different facts, the most any split has")
            if tier.teaching_facts_exact
            else _("{count} different facts; the search ran out before proving none has more")
        ).format(count=count)
        lines += ["", _("Teaching split, {tier} cards ({facts}):").format(tier=_(tier.tier.name), facts=how_many)]
        lines += _groups_listing(tier, tier.teaching.groups, tier.teaching.exhausted, tier.tier)
    for tier in report.tiers:
        lines += ["", _("Perfect clear, {tier} tier:").format(tier=_(tier.tier.name))]
        lines += _groups_listing(tier, tier.perfect_clear.groups, tier.perfect_clear.exhausted, None)
    lines.append("")
    if report.games == 0:
        applying = [BY_NUMBER[n] for n in PLAY_CRITERIA if BY_NUMBER[n].applies(report.criteria)]
        unjudged = ", ".join(str(c.number) for c in applying if c.decided_by == "play")
        partly = ", ".join(str(c.number) for c in applying if c.decided_by != "play")
        lines.append(
            _(
                "Criteria {unjudged} (simulated play), and the play part of {partly}, were not checked: "
                "no games were simulated (--games 0)."
            ).format(unjudged=unjudged, partly=partly)
        )
    failures = report.failures()
    if failures:
        words = criteria_text(report.criteria, report.deck.tiers)
        for where, criterion in failures:
            lines.append(
                _("FAILED {where}: criterion {number}, {words}").format(
                    where=where_name(where), number=criterion, words=words[criterion]
                )
            )
    elif report.games == 0:
        lines.append(_("Every criterion checked passes in every tier; play was not simulated."))
    else:
        lines.append(_("All criteria pass in every tier."))
    return "\n".join(lines) + "\n"


def verdict_rule(report: DeckReport) -> list[str]:
    """How the play figures were decided, and which were settled by confirmation runs."""
    games = report.games
    lines = [
        _(
            "Each play figure passes when it is on the right side of its line with {confidence} confidence: "
            "more than {margin} standard errors in these {games} games, or, where it lies within {margin} of its "
            "line, in confirmation runs with their own seeds: {first} games, then, while a figure is still "
            "within {margin}, {second} and at most {last}."
        ).format(
            confidence=percent(CONFIDENCE),
            margin=decimal_g(MARGIN),
            games=number(games),
            first=number(confirm_games(games)),
            second=number(confirm_games(games, 2)),
            last=number(confirm_games(games, CONFIRM_ROUNDS)),
        )
    ]
    runs_in_words = {
        "full view": N_("{tier} full view {players} players ({games} games)"),
        "beginners": N_("{tier} beginners {players} players ({games} games)"),
    }
    confirmed = [
        _(runs_in_words[model]).format(tier=_(tier.tier.name), players=players, games=number(runs[players].games))
        for tier in report.tiers
        for model, runs in (("full view", tier.confirmed), ("beginners", tier.confirmed_beginner))
        for players in sorted(runs)
    ]
    lines.append(
        _("Confirmed (* above; every figure of these games is read from the run): {runs}").format(
            runs=", ".join(confirmed)
        )
        if confirmed
        else _("No figure was near enough its line to need a confirmation run.")
    )
    return lines


def _shown(value: float, figure: Figure) -> str:
    """A figure as the report writes it: a share as a percentage, a count as a number."""
    return percent(value, 1) if figure.share else decimal(value, 2)


def nearest_line(tier: TierReport) -> str:
    """The play figure of a tier nearest the wrong side of its line, in standard errors."""
    figures = [f for found in tier.figures().values() for f in found if f.from_play]
    if not figures:
        return _("{tier}: no play figure judged").format(tier=_(tier.tier.name))
    figure = min(figures, key=lambda f: f.distance())
    item = f" ({figure.item})" if figure.item else ""
    line = _("line at least {line}") if figure.at_least else _("line at most {line}")
    distance = decimal(abs(figure.distance()))
    return _(
        "{tier}: criterion {number}, {figure} at {players} players: {value} ± {error}, {line}: {distance}{confirmed}"
    ).format(
        tier=_(tier.tier.name),
        number=figure.criterion,
        figure=figure_name(figure.name) + item,
        players=figure.players,
        value=_shown(figure.value, figure),
        error=_shown(2 * (figure.stderr or 0), figure),
        line=line.format(line=_shown(figure.line, figure)),
        distance=(
            _("{count} standard errors clear") if figure.distance() >= 0 else _("{count} standard errors short")
        ).format(count=distance),
        confirmed=_(", confirmed in {games} games").format(games=number(figure.games)) if figure.confirmed else "",
    )


def _groups_listing(
    tier: TierReport, groups: tuple[Group, ...] | None, exhausted: bool, reader: Tier | None
) -> list[str]:
    """Groups as lines of the report, each read as a pupil says it at ``reader`` (a teaching
    split), or with the first operation that holds (a perfect clear)."""
    if groups is None:
        return ["  " + (_("no such split exists") if exhausted else _("none found within the search budget"))]
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
    return _(
        "{tier}: students {doing} about {practice} times a game and collect {collected} of the {cards} cards "
        "(about {left} left on the table); beginners who only take two-card stacks collect {beginners}."
    ).format(
        tier=_(tier.tier.name),
        doing=doing(tier.tier),
        practice=decimal(full.practice_per_game),
        collected=percent(full.collected_share),
        cards=len(tier.cards),
        left=left,
        beginners=percent(beginner.collected_share),
    )


def doing(tier: Tier) -> str:
    """What students do at a tier, in a sentence: "multiply", "multiply and divide", or for a
    tier that only adds cards, "add and subtract (no new operation, more cards)"."""
    doing = _(" and ").join(_(VERBS[op]) for op in tier.practised())
    return doing if tier.adds else _("{doing} (no new operation, more cards)").format(doing=doing)


def focus_line(tier: TierReport, players: int) -> str:
    """Each focus fact's two-card stacks and collections a game, and their share together."""
    focus = tier.focus(players)
    own = tier.own
    facts = "; ".join(
        _("{fact} in {stacks} two-card stacks, {count} a game").format(
            fact=name, stacks=pairs, count=decimal(per_game, 2)
        )
        for name, pairs, per_game in focus.facts
    )
    return _(
        "{tier}: {facts}; together {share} of the collections practising them "
        "(need {stacks} stacks and {count} a game each, {together} together)"
    ).format(
        tier=_(tier.tier.name),
        facts=facts,
        share=percent(focus.share),
        stacks=own.min_focus_pairs,
        count=decimal_g(own.min_focus_per_game),
        together=percent(own.min_focus_share),
    )


def facts_line(tier: TierReport) -> str:
    """The facts a tier's groups cover, those missing, and the commonest fact's share."""
    reading = tier.tier.reading
    noun = _(" and ").join(_(FACT_NOUNS[op]) for op in tier.tier.practised())
    text = _("{tier}: {covered} of the {total} {facts} (need {need})").format(
        tier=_(tier.tier.name), covered=tier.facts_covered, total=len(tier.facts), facts=noun, need=tier.own.min_facts
    )
    missing = [describe(f, reading(f)) for f, n in tier.facts.items() if not n]
    if missing:
        text += "; " + _("missing {facts}").format(facts=", ".join(missing))
    if tier.own.max_fact_share < 1.0:
        fact, share = tier.largest_fact()
        text += "; " + _("the most common, {fact}, is {share} of the {signs} groups (at most {most})").format(
            fact=describe(fact, reading(fact)),
            share=percent(share),
            signs=signs(tier.tier),
            most=percent(tier.own.max_fact_share),
        )
    return text


#: "one equation in five" for shares near a simple fraction; the figure itself otherwise.
_IN_WORDS = {
    2: N_("one in two"),
    3: N_("one in three"),
    4: N_("one in four"),
    5: N_("one in five"),
    6: N_("one in six"),
    7: N_("one in seven"),
    8: N_("one in eight"),
    9: N_("one in nine"),
    10: N_("one in ten"),
}


def one_in(share: float) -> str:
    """A share as a teacher says it: "one in five" (the nearest whole n up to ten), or a percentage."""
    if share <= 0:
        return percent(0.0)  # "0 %": the word "none" is a value of options, translated apart
    n = round(1 / share)
    if n in _IN_WORDS and abs(1 / n - share) <= 0.02:
        return _(_IN_WORDS[n])
    return percent(share)


def variety_line(tier: TierReport, players: int) -> str:
    """What a class meets in play, in a teacher's words: the commonest equation, repeats, practice
    that needs the new operation, and how many different facts come up in a week of games."""
    variety = tier.variety(players)
    equation, share = variety.top
    practised = signs(tier.tier)
    name = _(tier.tier.name)
    if not equation:
        return _("{tier}: no equation is collected in these games.").format(tier=name)
    parts = [
        _("{tier}: the commonest equation, {equation}, is {share} of those collected").format(
            tier=name, equation=equation, share=one_in(share)
        )
    ]
    if tier.tier.rank and tier.tier.adds and variety.top_new[0]:
        parts.append(
            _("{equation} is {share} of the {signs} equations").format(
                equation=variety.top_new[0], share=one_in(variety.top_new[1]), signs=practised
            )
        )
    parts.append(_("{share} of collections repeat an equation of the same game").format(share=percent(variety.repeats)))
    if tier.tier.adds:
        either = _(" or ").join(OP_SYMBOLS[op] for op in tier.tier.adds)
        parts.append(
            _("{count} a game need {signs} and no other operation").format(
                count=decimal(variety.needing_new), signs=either
            )
        )
    if tier.own.min_fact_pairs and variety.rarest[0]:
        judged = _(" and ").join(OP_SYMBOLS[op] for op in fact_pair_ops(tier.tier))  # criterion 16's facts
        parts.append(
            _("the rarest {signs} fact, {fact}, comes up {count} times a game").format(
                signs=judged, fact=variety.rarest[0], count=decimal(variety.rarest[1], 2)
            )
        )
    if tier.own.min_fact_pairs and variety.fewest_pairs[0]:
        stacks = counted("{count} two-card stack", "{count} two-card stacks", variety.fewest_pairs[1])
        parts.append(_("{equation} is in {stacks}").format(equation=variety.fewest_pairs[0], stacks=stacks))
    met = ", ".join(
        _("{seen} of {total} {sign} equations").format(seen=f"{seen:.0f}", total=total, sign=OP_SYMBOLS[o])
        for o, (seen, total) in variety.distinct.items()
    )
    parts.append(_("in {games} games a class meets {met}").format(games=WINDOW, met=met))
    return "; ".join(parts) + "."


def outside_cards(report: DeckReport, limits: Criteria) -> tuple[list[str], list[str]]:
    """The cards criterion 11 faults for their numbers: those with a number outside the spec
    (by id), and those with a number a later tier brings in ("G01 (8, which purple brings in)")."""
    outside, early = [], []
    cards = {card.id: card for card in report.deck.cards}
    names = [_(tier.tier.name) for tier in report.tiers]
    for card_id in report.balance.outside:
        card = cards[card_id]
        if any(cell.value not in limits.numbers for cell in card.cells):
            outside.append(card_id)
            continue
        held = set(limits.in_play(card.tier.rank))
        value = next(cell.value for cell in card.cells if cell.value not in held)
        brings = limits.first_tier(value)
        early.append(
            _("{card} ({number}, which {tier} brings in)").format(
                card=card_id, number=value, tier=names[brings] if brings < len(names) else brings
            )
        )
    return outside, early
