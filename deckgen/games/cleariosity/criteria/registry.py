"""The registry of criteria: every criterion verify judges a Cleariosity deck by, declared once.

Each :class:`Criterion` says its number, what a class would notice when it fails, whether
play or the deck alone decides it, which thresholds of :class:`~.criteria.lines.Criteria` set its
line, its words for a teacher (with the thresholds of the deck's spec), and the check: the
:class:`~.play.figures.Figure` values it judges, each beside its line. Verify's failures, text and
JSON, design's judgement of its candidates, the web page's class check (verify's JSON) and the
README's table are all made from :data:`REGISTRY`; adding a criterion is one entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckgen.games.cleariosity.core.model import Tier
from deckgen.games.cleariosity.core.rules import OP_SYMBOLS, OPS, describe
from deckgen.games.cleariosity.criteria.lines import FACTS_MET, RARE_FACT_OPS, Criteria, TierCriteria
from deckgen.games.cleariosity.play.figures import Figure, most_adverse
from deckgen.games.play.simulate import WINDOW, PlayStats
from deckgen.i18n import N_, _, decimal_g, percent, speaking

if TYPE_CHECKING:
    from deckgen.games.cleariosity.analysis.tier_report import DeckReport, TierReport

Words = Callable[[Criteria, list[tuple[Tier, TierCriteria]]], str]


@dataclass(frozen=True)
class Criterion:
    """One criterion: its number, what it means for a class, how it is decided, and its check."""

    number: int
    #: What a class would notice if the deck failed it (the README's table).
    notice: str
    #: "deck": the cards alone decide it (exact); "play": simulated games; "deck and play": both.
    decided_by: str
    #: The thresholds (fields of Criteria or TierCriteria) that set its line.
    lines: tuple[str, ...]
    words: Words
    #: The figures it judges at one tier (``tier`` scope) or for the whole deck (``deck`` scope).
    tier_figures: Callable[[TierReport], list[Figure]] | None = None
    deck_figures: Callable[[DeckReport], list[Figure]] | None = None
    #: Whether a deck judged by these thresholds is judged by it at all (18: only with focus facts).
    applies: Callable[[Criteria], bool] = lambda _criteria: True

    @property
    def from_play(self) -> bool:
        return "play" in self.decided_by


def signs(tier: Tier) -> str:
    """The signs of the operations a tier practises, for the criteria's words ("×", "× and ÷")."""
    return _(" and ").join(OP_SYMBOLS[op] for op in tier.practised())


def distinct_ops(tier: Tier) -> tuple[str, ...]:
    """The operations whose facts criterion 17 counts at a tier: those it practises with a
    facts-met line of their own (+ and −), else all it practises."""
    return tuple(op for op in tier.practised() if op in FACTS_MET) or tier.practised()


def fact_pair_ops(tier: Tier) -> tuple[str, ...]:
    """The operations whose facts criterion 16 judges at a tier: its × and ÷, else all it practises."""
    return tuple(op for op in tier.practised() if op in RARE_FACT_OPS) or tier.practised()


def of_operations(kinds: Sequence[int], ops: Sequence[str]) -> list[int]:
    """The equations (numbered as :func:`~.analysis.tier_report.equation_numbers` numbers them) that are facts
    of these operations: of their kind, not trivial, within the tables."""
    wanted = {OPS.index(op) for op in ops}
    return [i for i, kind in enumerate(kinds) if kind in wanted]


def _per_tier(tiers: list[tuple[Tier, TierCriteria]], name: str) -> str:
    """A per-tier share in words: "10%", or "26% (green), 20% (yellow)" where tiers differ."""
    shares = [(tier, getattr(own, name)) for tier, own in tiers]
    if len({share for _tier, share in shares}) <= 1:
        return percent(shares[0][1]) if shares else ""
    return ", ".join(f"{percent(share)} ({_(tier.name)})" for tier, share in shares)


def numbers_text(numbers: Sequence[int]) -> str:
    """``0-5``, or ``2-9, 10, 12, 14 ... 81`` for numbers with gaps."""
    if list(numbers) == list(range(min(numbers), max(numbers) + 1)):
        return f"{min(numbers)}-{max(numbers)}"
    runs: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        runs.append(str(start) if start == previous else f"{start}-{previous}")
        if number is not None:
            start = previous = number
    return ", ".join(runs)


# --- the words of each criterion, with a spec's thresholds -----------------------------------


def _collection_words(criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    collected = [own.min_collected for _, own in tiers]
    usual = max(set(collected), key=lambda share: (collected.count(share), share)) if collected else 0.92
    others = ", ".join(
        _("{share} {tier}").format(share=percent(own.min_collected), tier=_(tier.name))
        for tier, own in tiers
        if own.min_collected != usual
    )
    if others:
        return _(
            "full-view games collect at least {share} ({others}), no card left in more than {most} of games"
        ).format(share=percent(usual), others=others, most=percent(criteria.max_stranded))
    return _("full-view games collect at least {share}, no card left in more than {most} of games").format(
        share=percent(usual), most=percent(criteria.max_stranded)
    )


def later_numbers_parts(criteria: Criteria, tiers: Sequence[Tier]) -> list[str]:
    """Criterion 11's lines for numbers a later tier brings in, each a phrase ("4 for 7, 14,
    21 … 49, which purple brings in"), then what that means for a card; none where all start
    at once."""
    later = criteria.later_lines()
    if not later:
        return []
    names = [_(tier.name) for tier in tiers]
    parts = []
    for rank, line in later:
        brought = [n for n in criteria.tier_numbers[rank] if criteria.first_tier(n) == rank]
        shown = ", ".join(str(n) for n in brought[:4]) + (f" … {brought[-1]}" if len(brought) > 4 else "")
        parts.append(
            _("{line} for {numbers}, which {tier} brings in").format(
                line=line, numbers=shown, tier=names[rank] if rank < len(names) else rank
            )
        )
    return [*parts, _("a card carries only numbers in play at its tier")]


def later_numbers_words(criteria: Criteria, tiers: Sequence[Tier]) -> str:
    """Criterion 11's lines for numbers a later tier brings in: " (4 for 7, 14, 21 … 49, which
    purple brings in; a card carries only numbers in play at its tier)", empty where all start
    at once."""
    parts = later_numbers_parts(criteria, tiers)
    return " (" + "; ".join(parts) + ")" if parts else ""


def _balance_words(criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    if criteria.numbers == tuple(range(criteria.high + 1)):
        return _(
            "every digit 1-{high} at least {count} times and 0 at least {zero}, every cell on at least {cells} cards"
        ).format(
            high=criteria.high, count=criteria.min_digit_use, zero=criteria.min_zero_use, cells=criteria.min_cell_use
        )
    return _(
        "only the spec's {count} numbers ({numbers}), each at least {least} times{zero}{later}, "
        "every cell on at least {cells} cards"
    ).format(
        count=len(criteria.numbers),
        numbers=numbers_text(criteria.numbers),
        least=criteria.min_digit_use,
        zero=f" (0: {criteria.min_zero_use})" if 0 in criteria.numbers else "",
        later=later_numbers_words(criteria, [tier for tier, _own in tiers]),
        cells=criteria.min_cell_use,
    )


def _needing_new_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    return _("games practise the new operation with no other reading often enough ({counts} a game)").format(
        counts=", ".join(f"{signs(t)} {decimal_g(own.min_needing_new)}" for t, own in tiers if own.min_needing_new)
    )


def _rare_fact_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    judged = [(t, own) for t, own in tiers if own.min_fact_pairs]
    return _(
        "every {signs} fact in at least {pairs} two-card groups and collected at least {count} times a game"
    ).format(
        signs=_(" and ").join(
            OP_SYMBOLS[op] for op in dict.fromkeys(op for t, _own in judged for op in fact_pair_ops(t))
        ),
        pairs=" / ".join(sorted({str(own.min_fact_pairs) for _t, own in judged})),
        count=_listed({f"{own.min_fact_per_game:g}": own.min_fact_per_game for _t, own in judged}, decimal_g),
    )


def _listed(values: dict[str, float], shown: Callable[[float], str]) -> str:
    """Thresholds as "0.3 / 0.5", each as the language writes it, in the order of their English
    text (so every language lists them alike)."""
    return " / ".join(shown(values[key]) for key in sorted(values))


def _distinct_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    facts = _(" and ").join(
        _("{count} different {signs} facts").format(
            count=own.min_distinct_facts, signs=_(" and ").join(OP_SYMBOLS[op] for op in distinct_ops(t))
        )
        for t, own in tiers
        if own.min_distinct_facts
    )
    return _("over {games} games in a row, at least {facts} collected, at the level that brings them in").format(
        games=WINDOW, facts=facts
    )


def _focus_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    focused = [own for _t, own in tiers if own.focus]
    per_game = {f"{own.min_focus_per_game:g}": own.min_focus_per_game for own in focused} or {"0.5": 0.5}
    shares = {f"{own.min_focus_share:.0%}": own.min_focus_share for own in focused} or {"50%": 0.5}
    return _(
        "each focus fact of the spec in at least {pairs} two-card groups and collected at least {count} times a "
        "game, the focus facts together at least {share} of the collections practising their operations"
    ).format(
        pairs=" / ".join(sorted({str(own.min_focus_pairs) for own in focused}) or ["3"]),
        count=_listed(per_game, decimal_g),
        share=_listed(shares, percent),
    )


# --- the figures each criterion judges --------------------------------------------------------


def _exact(number: int, name: str, value: float, line: float, at_least: bool, item: str = "") -> Figure:
    """A figure the deck alone decides: a count, or a share where its name says so."""
    return Figure(number, name, float(value), float(line), at_least, item=item, share="share" in name)


def _self_equations(r: TierReport) -> list[Figure]:
    return [_exact(1, N_("cards that are an equation alone"), len(r.self_equations), 0, False)]


def _perfect_clear(r: TierReport) -> list[Figure]:
    return [_exact(2, N_("perfect clear found"), r.perfect_clear.found, 1, True)]


def _teaching_split(r: TierReport) -> list[Figure]:
    return [_exact(3, N_("teaching split found"), r.teaching.found, 1, True)]


def _groups_per_card(r: TierReport) -> list[Figure]:
    return [_exact(4, N_("fewest groups a card is in"), r.min_participation, r.criteria.min_groups, True)]


def _pairs_per_card(r: TierReport) -> list[Figure]:
    return [_exact(5, N_("fewest two-card groups a card is in"), r.min_pairs, r.criteria.min_pairs, True)]


def _trivial(r: TierReport) -> list[Figure]:
    line = r.criteria.trivial_share
    found = [_exact(6, N_("trivial share of the groups"), r.trivial_share, line, False)]
    for p in r.full_view:
        found.append(r.play_figure(6, N_("trivial share of the collections"), p, "full", _trivial_taken, line, False))
    return found


def _trivial_taken(s: PlayStats) -> float:
    return s.trivial_share


def _facts(r: TierReport) -> list[Figure]:
    found = [_exact(7, N_("facts covered"), r.facts_covered, r.own.min_facts, True)]
    if r.own.max_fact_share < 1.0:
        fact, share = r.largest_fact()
        name = describe(fact, r.tier.reading(fact))
        found.append(
            _exact(7, N_("largest fact's share of the practising groups"), share, r.own.max_fact_share, False, name)
        )
    return found


def _worst_item(
    r: TierReport,
    number: int,
    name: str,
    players: int,
    figure: Callable[[PlayStats], Sequence[float | None]],
    items: Sequence[str],
    line: float,
    at_least: bool,
    share: bool = True,
    model: str = "full",
) -> list[Figure]:
    """Of a figure over many items (cards, equations) in full-view games at ``players`` (or the
    ``model``'s), the item nearest the wrong side of its line (none when there are no items)."""
    return most_adverse(r.play_items(number, name, players, model, figure, items, line, at_least, share))


def stranded_figure(r: TierReport, players: int) -> list[Figure]:
    """Criterion 8's card nearest its line, of those left on the table, at ``players``."""
    ids = [card.id for card in r.cards]
    return _worst_item(
        r, 8, N_("share of games a card is left"), players, _stranded, ids, r.criteria.max_stranded, False
    )


def _collection(r: TierReport) -> list[Figure]:
    found = []
    for p in r.full_view:
        found.append(r.play_figure(8, N_("cards collected"), p, "full", _collected, r.own.min_collected, True))
        found += stranded_figure(r, p)
    return found


def _collected(s: PlayStats) -> float:
    return s.collected_share


def _stranded(s: PlayStats) -> list[float | None]:
    return list(s.stranded())


def _beginners(r: TierReport) -> list[Figure]:
    """What beginners collect, and the card they leave most often (nearest its line)."""
    ids = [card.id for card in r.cards]
    found = []
    for p in r.beginner:
        found.append(
            r.play_figure(9, N_("cards beginners collect"), p, "beginner", _collected, r.criteria.min_beginner, True)
        )
        line = r.criteria.max_stranded_beginner
        found += _worst_item(
            r, 9, N_("share of beginners' games a card is left"), p, _stranded, ids, line, False, True, "beginner"
        )
    return found


def _counts_a_game(
    r: TierReport, number: int, name: str, figure: Callable[[PlayStats], float | None], line: float
) -> list[Figure]:
    """A count a game of full-view play at every player count, judged only where its line is set."""
    if not line:
        return []
    return [r.play_figure(number, name, p, "full", figure, line, True, share=False) for p in r.full_view]


def _practice(r: TierReport) -> list[Figure]:
    return _counts_a_game(r, 10, N_("practising collections a game"), _practice_taken, r.own.min_practice)


def _practice_taken(s: PlayStats) -> float:
    return s.practice_per_game


def _shares(among: Sequence[int] | None) -> Callable[[PlayStats], list[float | None]]:
    def shares(s: PlayStats) -> list[float | None]:
        counts = s.equation_counts
        picked = range(len(counts)) if among is None else among
        total = sum(counts[j] for j in picked)
        return [counts[j] / total if total else None for j in picked]

    return shares


def _top_equation(r: TierReport) -> list[Figure]:
    _, names, _ = r.equations
    found = []
    for p in r.full_view:
        found += _worst_item(
            r,
            12,
            N_("an equation's share of those collected"),
            p,
            _shares(None),
            names,
            r.own.max_top_equation,
            False,
        )
    return found


def _top_new(r: TierReport) -> list[Figure]:
    _, names, kinds = r.equations
    facts = of_operations(kinds, r.tier.practised())
    found = []
    for p in r.full_view:
        found += _worst_item(
            r,
            13,
            N_("a fact's share of the practising collections"),
            p,
            _shares(facts),
            [names[i] for i in facts],
            r.criteria.max_top_new,
            False,
        )
    return found


def _repeats(r: TierReport) -> list[Figure]:
    line = r.own.max_repeats
    return [
        r.play_figure(14, N_("collections repeating an equation"), p, "full", _repeat, line, False) for p in r.full_view
    ]


def _repeat(s: PlayStats) -> float | None:
    return s.repeats / s.groups_collected if s.groups_collected else None


def _needing_new(r: TierReport) -> list[Figure]:
    return _counts_a_game(r, 15, N_("collections a game needing the new operation"), _needing, r.own.min_needing_new)


def _needing(s: PlayStats) -> float:
    return s.needing_new_per_game


def _per_game(among: Sequence[int]) -> Callable[[PlayStats], list[float | None]]:
    def per_game(s: PlayStats) -> list[float | None]:
        return [s.equation_counts[i] / s.games if s.games else None for i in among]

    return per_game


def _rare_facts(r: TierReport) -> list[Figure]:
    own = r.own
    if not own.min_fact_pairs:
        return []
    _, names, kinds = r.equations
    judged = of_operations(kinds, fact_pair_ops(r.tier))
    pairs = r.equation_pairs
    found = []
    if judged:
        fewest = min(judged, key=lambda i: (pairs[i], i))
        found.append(
            _exact(16, N_("two-card groups of a fact"), pairs[fewest], own.min_fact_pairs, True, names[fewest])
        )
    families = r.fact_families(judged)
    for p in r.full_view:
        found += _worst_item(
            r,
            16,
            N_("a fact's collections a game"),
            p,
            _per_family([members for _name, members in families]),
            [name for name, _members in families],
            own.min_fact_per_game,
            True,
            share=False,
        )
    return found


def _per_family(families: Sequence[Sequence[int]]) -> Callable[[PlayStats], list[float | None]]:
    """Collections a game of each fact as a teacher counts it: its equations' together (5 × 9 = 45
    and 9 × 5 = 45 one fact; see :func:`~.criteria.lines.teacher_fact`)."""

    def per_game(s: PlayStats) -> list[float | None]:
        counts = s.equation_counts
        return [sum(counts[i] for i in members) / s.games if s.games else None for members in families]

    return per_game


def _outside(r: TierReport) -> list[Figure]:
    line = r.criteria.max_outside_share
    outside = r.outside_equations
    return [
        r.play_figure(
            20, N_("share of the collections outside the level's facts"), p, "full", share_of(outside), line, False
        )
        for p in r.full_view
    ]


def share_of(among: Sequence[int]) -> Callable[[PlayStats], float | None]:
    """The share of a run's collections that are of these equations (by number)."""

    def share(s: PlayStats) -> float | None:
        total = sum(s.equation_counts)
        return sum(s.equation_counts[i] for i in among) / total if total else None

    return share


def _alike(d: DeckReport) -> list[Figure]:
    if d.criteria.duplicates:
        return []
    alike = d.alike
    item = "; ".join(" = ".join(ids) for ids in alike)
    return [_exact(19, N_("cards alike another card"), sum(len(ids) - 1 for ids in alike), 0, False, item)]


def alike_words(cards: Sequence[str]) -> str:
    """Cards alike as a teacher reads them: "G05 and G10 carry the same numbers in the same cells"."""
    named = _(" and ").join([", ".join(cards[:-1]), cards[-1]]) if len(cards) > 1 else cards[0]
    return _("{cards} carry the same numbers in the same cells").format(cards=named)


def _distinct(r: TierReport) -> list[Figure]:
    line = r.own.min_distinct_facts
    if not line:
        return []
    wanted = [OPS.index(op) for op in distinct_ops(r.tier)]

    def met(s: PlayStats) -> float | None:
        if not s.windows or not s.window_distinct:
            return None
        return sum(s.window_distinct[k] for k in wanted if k < len(s.window_distinct)) / s.windows

    return _counts_a_game(r, 17, DISTINCT_FIGURE.format(games=WINDOW), met, line)


#: Criterion 17's figure (its name in the JSON as English writes it; the report translates it).
DISTINCT_FIGURE = N_("different facts met in {games} games")


def figure_name(name: str) -> str:
    """A figure's name (as the JSON has it) in the language being spoken."""
    if name == DISTINCT_FIGURE.format(games=WINDOW):
        return _(DISTINCT_FIGURE).format(games=WINDOW)
    return _(name)


def _focus(r: TierReport) -> list[Figure]:
    own = r.own
    if not own.focus:
        return []
    found = []
    _, names, kinds = r.equations
    index = {name: i for i, name in enumerate(names)}
    spoken = [
        (describe((a, b, c), op), index.get(describe((a, b, c), r.tier.reading((a, b, c)))))
        for a, op, b, c in own.focus
    ]
    for name, i in spoken:
        pairs = r.equation_pairs[i] if i is not None else 0
        found.append(_exact(18, N_("two-card groups of a focus fact"), pairs, own.min_focus_pairs, True, name))
    present = [i for _, i in spoken if i is not None]
    practised = {OPS.index(op) for _, op, _, _ in own.focus}
    practising = [i for i, kind in enumerate(kinds) if kind in practised]

    def share(s: PlayStats) -> float | None:
        total = sum(s.equation_counts[i] for i in practising)
        return sum(s.equation_counts[i] for i in present) / total if total else None

    for p in r.full_view:
        for name, i in spoken:
            if i is None:
                found.append(
                    Figure(
                        18,
                        N_("a focus fact's collections a game"),
                        0.0,
                        own.min_focus_per_game,
                        True,
                        players=p,
                        item=name,
                        stderr=0.0,
                        share=False,
                    )
                )
        found += _worst_item(
            r,
            18,
            N_("a focus fact's collections a game"),
            p,
            _per_game(present),
            [name for name, i in spoken if i is not None],
            own.min_focus_per_game,
            True,
            share=False,
        )
        found.append(
            r.play_figure(18, N_("focus facts' share of their practice"), p, "full", share, own.min_focus_share, True)
        )
    return found


def _balance(d: DeckReport) -> list[Figure]:
    balance, criteria = d.balance, d.criteria
    found = [_exact(11, N_("cards with a number outside the spec or its tier"), len(balance.outside), 0, False)]
    for digit, count in sorted(balance.digits.items()):
        found.append(_exact(11, N_("times a number is printed"), count, balance.least(digit), True, str(digit)))
    found = found[:1] + most_adverse(found[1:])
    cell, used = min(balance.cells.items(), key=lambda item: (item[1], item[0]))
    found.append(_exact(11, N_("cards using a cell"), used, criteria.min_cell_use, True, f"{cell[0]},{cell[1]}"))
    return found


def _fixed(text: str) -> Words:
    """Words with no threshold in them (``text`` marked with ``N_``), in the language being spoken."""
    return lambda _criteria, _tiers: _(text)


#: Every criterion, in order of number.
REGISTRY: tuple[Criterion, ...] = (
    Criterion(
        1,
        N_("a card is an equation by itself"),
        "deck",
        (),
        _fixed(N_("no card is an equation by itself")),
        _self_equations,
    ),
    Criterion(2, N_("the level cannot be cleared"), "deck", (), _fixed(N_("perfect clear")), _perfect_clear),
    Criterion(
        3,
        N_("the new colour does not need its operation"),
        "deck",
        ("min_teaching_facts",),
        lambda c, _t: _(
            "the new colour splits into groups of the operations it brings in (any in play, for a colour "
            "that adds none), none trivial, at least {count} facts"
        ).format(count=c.min_teaching_facts),
        _teaching_split,
    ),
    Criterion(
        4,
        N_("a card that fits almost nothing"),
        "deck",
        ("min_groups",),
        lambda c, _t: _("every card in at least {count} groups").format(count=c.min_groups),
        _groups_per_card,
    ),
    Criterion(
        5,
        N_("a card beginners can never pair"),
        "deck",
        ("min_pairs",),
        lambda c, _t: _("every card in at least {count} two-card groups").format(count=c.min_pairs),
        _pairs_per_card,
    ),
    Criterion(
        6,
        N_("stacks that teach nothing (5 + 0 = 5)"),
        "deck and play",
        ("trivial_share",),
        lambda c, _t: _("at most {share} trivial groups, in the deck and in play").format(
            share=percent(c.trivial_share)
        ),
        _trivial,
    ),
    Criterion(
        7,
        N_("facts of the new operation missing, or one fact everywhere"),
        "deck",
        ("min_facts", "max_fact_share"),
        _fixed(N_("the tier's groups cover enough of its facts, none more than its share")),
        _facts,
    ),
    Criterion(
        8,
        N_("cards left on the table, the same card game after game"),
        "play",
        ("min_collected", "max_stranded"),
        _collection_words,
        _collection,
    ),
    Criterion(
        9,
        N_("beginners (two-card stacks only) stuck"),
        "play",
        ("min_beginner", "max_stranded_beginner"),
        lambda c, _t: _(
            "beginner games (two-card groups only) collect at least {share}, no card left in more than {most} of them"
        ).format(share=percent(c.min_beginner), most=percent(c.max_stranded_beginner)),
        _beginners,
    ),
    Criterion(
        10,
        N_("little practice of the new operation"),
        "play",
        ("min_practice",),
        _fixed(N_("games practise the new operation often enough")),
        _practice,
    ),
    Criterion(
        11,
        N_("some numbers or cells hardly used"),
        "deck",
        ("numbers", "min_digit_use", "min_zero_use", "min_cell_use"),
        _balance_words,
        deck_figures=_balance,
    ),
    Criterion(
        12,
        N_("one equation comes up all the time"),
        "play",
        ("max_top_equation",),
        lambda _c, t: _("the most-collected equation at most {shares} of those collected").format(
            shares=_per_tier(t, "max_top_equation")
        ),
        _top_equation,
    ),
    Criterion(
        13,
        N_("one fact is most of the new operation's practice"),
        "play",
        ("max_top_new",),
        lambda c, _t: _(
            "the most-collected fact of the new operation at most {share} of the collections practising it"
        ).format(share=percent(c.max_top_new)),
        _top_new,
    ),
    Criterion(
        14,
        N_("the same equation again in one game"),
        "play",
        ("max_repeats",),
        lambda _c, t: _("at most {shares} of collections repeat an equation of the same game").format(
            shares=_per_tier(t, "max_repeats")
        ),
        _repeats,
    ),
    Criterion(
        15,
        N_("practice that never needs the new operation (2 × 2 = 4 is also 2 + 2 = 4)"),
        "play",
        ("min_needing_new",),
        _needing_new_words,
        _needing_new,
    ),
    Criterion(
        16,
        N_("a × or ÷ fact nobody meets"),
        "deck and play",
        ("min_fact_pairs", "min_fact_per_game"),
        _rare_fact_words,
        _rare_facts,
    ),
    Criterion(
        17, N_("the same few facts week after week"), "play", ("min_distinct_facts",), _distinct_words, _distinct
    ),
    Criterion(
        18,
        N_("the facts the teacher chose are rare in play"),
        "deck and play",
        ("focus", "min_focus_pairs", "min_focus_per_game", "min_focus_share"),
        _focus_words,
        _focus,
        applies=lambda criteria: any(own.focus for own in criteria.tiers),
    ),
    Criterion(
        19,
        N_("two cards alike, which a class takes for a misprint"),
        "deck",
        ("duplicates",),
        _fixed(N_("no two cards alike: the same dot colour and the same numbers in the same cells")),
        deck_figures=_alike,
        applies=lambda criteria: not criteria.duplicates,
    ),
    Criterion(
        20,
        N_("much of the play outside the level's facts (10 × 2 = 20 at a level of 2 × 2 to 5 × 5)"),
        "play",
        ("max_outside_share",),
        lambda c, _t: _(
            "at most {share} of the collections are true equations outside the level's facts (those of earlier "
            "levels count as its own)"
        ).format(share=percent(c.max_outside_share)),
        _outside,
    ),
)

BY_NUMBER: dict[int, Criterion] = {criterion.number: criterion for criterion in REGISTRY}
#: The criteria that simulated play decides, wholly or in part (left unjudged with ``--games 0``).
PLAY_CRITERIA: tuple[int, ...] = tuple(c.number for c in REGISTRY if c.from_play)


def criteria_text(criteria: Criteria, deck_tiers: Sequence[Tier]) -> dict[int, str]:
    """Each criterion in a line, with the thresholds of ``criteria`` (for reports and JSON)."""
    tiers = list(zip(deck_tiers, criteria.tiers, strict=False))
    return {c.number: c.words(criteria, tiers) for c in REGISTRY}


def readme_table(criteria: Criteria, deck_tiers: Sequence[Tier]) -> str:
    """The README's table of criteria (a test checks the README holds it as made here), in English."""
    with speaking("en"):
        words = criteria_text(criteria, deck_tiers)
    rows = [
        "| criterion | what a class would notice | decided by | line (standard deck) |",
        "| --- | --- | --- | --- |",
    ]
    rows += [f"| {c.number} | {c.notice} | {c.decided_by} | {words[c.number]} |" for c in REGISTRY]
    return "\n".join(rows)


def where_name(where: str) -> str:
    """Where a criterion failed, as a failure names it: a tier's name, or the deck (the whole deck's
    criteria), in the language being spoken."""
    return _("deck") if where == "deck" else _(where)


def missed_in_words(failures: Sequence[tuple[str, int]]) -> str:
    """Failed criteria as a teacher reads them, each with where and its number in brackets:
    "cards left on the table, the same card game after game at green and yellow [criterion 8]"."""
    wheres: dict[int, list[str]] = {}
    for where, number in failures:
        places = wheres.setdefault(number, [])
        if where not in places:
            places.append(where)
    parts = []
    for number, places in sorted(wheres.items()):
        at = _(" and ").join(where_name(place) for place in places) if places != ["deck"] else _("the whole deck")
        parts.append(
            _("{notice} at {where} [criterion {number}]").format(
                notice=_(BY_NUMBER[number].notice), where=at, number=number
            )
        )
    return "; ".join(parts)
