"""The registry of criteria: every criterion verify judges a Cleariosity deck by, declared once.

Each :class:`Criterion` says its number, what a class would notice when it fails, whether
play or the deck alone decides it, which thresholds of :class:`~.criteria.Criteria` set its
line, its words for a teacher (with the thresholds of the deck's spec), and the check: the
:class:`~.figures.Figure` values it judges, each beside its line. Verify's failures, text and
JSON, design's judgement of its candidates, the web page's class check (verify's JSON) and the
README's table are all made from :data:`REGISTRY`; adding a criterion is one entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckgen.games.cleariosity.criteria import FACTS_MET, RARE_FACT_OPS, Criteria, TierCriteria
from deckgen.games.cleariosity.figures import Figure, most_adverse
from deckgen.games.cleariosity.model import Tier
from deckgen.games.cleariosity.play import WINDOW, PlayStats
from deckgen.games.cleariosity.rules import OP_SYMBOLS, OPS, describe

if TYPE_CHECKING:
    from deckgen.games.cleariosity.verify import DeckReport, TierReport

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
    return " and ".join(OP_SYMBOLS[op] for op in tier.practised())


def distinct_ops(tier: Tier) -> tuple[str, ...]:
    """The operations whose facts criterion 17 counts at a tier: those it practises with a
    facts-met line of their own (+ and −), else all it practises."""
    return tuple(op for op in tier.practised() if op in FACTS_MET) or tier.practised()


def fact_pair_ops(tier: Tier) -> tuple[str, ...]:
    """The operations whose facts criterion 16 judges at a tier: its × and ÷, else all it practises."""
    return tuple(op for op in tier.practised() if op in RARE_FACT_OPS) or tier.practised()


def of_operations(kinds: Sequence[int], ops: Sequence[str]) -> list[int]:
    """The equations (numbered as :func:`~.verify.equation_numbers` numbers them) that are facts
    of these operations: of their kind, not trivial, within the tables."""
    wanted = {OPS.index(op) for op in ops}
    return [i for i, kind in enumerate(kinds) if kind in wanted]


def _per_tier(tiers: list[tuple[Tier, TierCriteria]], name: str) -> str:
    """A per-tier share in words: "10%", or "26% (green), 20% (yellow)" where tiers differ."""
    shares = [(tier, getattr(own, name)) for tier, own in tiers]
    if len({share for _, share in shares}) <= 1:
        return f"{shares[0][1]:.0%}" if shares else ""
    return ", ".join(f"{share:.0%} ({tier.name})" for tier, share in shares)


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
    others = ", ".join(f"{own.min_collected:.0%} {tier.name}" for tier, own in tiers if own.min_collected != usual)
    return (
        f"full-view games collect at least {usual:.0%}"
        + (f" ({others})" if others else "")
        + f", no card left in more than {criteria.max_stranded:.0%} of games"
    )


def later_numbers_words(criteria: Criteria, tiers: Sequence[Tier]) -> str:
    """Criterion 11's lines for numbers a later tier brings in: " (4 for 7, 14, 21 … 49, which
    purple brings in; a card carries only numbers in play at its tier)", empty where all start
    at once."""
    later = criteria.later_lines()
    if not later:
        return ""
    names = [tier.name for tier in tiers]
    parts = []
    for rank, line in later:
        brought = [n for n in criteria.tier_numbers[rank] if criteria.first_tier(n) == rank]
        shown = ", ".join(str(n) for n in brought[:4]) + (f" … {brought[-1]}" if len(brought) > 4 else "")
        parts.append(f"{line} for {shown}, which {names[rank] if rank < len(names) else rank} brings in")
    return " (" + "; ".join(parts) + "; a card carries only numbers in play at its tier)"


def _balance_words(criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    if criteria.numbers == tuple(range(criteria.high + 1)):
        return (
            f"every digit 1-{criteria.high} at least {criteria.min_digit_use} times and 0 at least "
            f"{criteria.min_zero_use}, every cell on at least {criteria.min_cell_use} cards"
        )
    return (
        f"only the spec's {len(criteria.numbers)} numbers ({numbers_text(criteria.numbers)}), each at "
        f"least {criteria.min_digit_use} times"
        + (f" (0: {criteria.min_zero_use})" if 0 in criteria.numbers else "")
        + later_numbers_words(criteria, [tier for tier, _ in tiers])
        + f", every cell on at least {criteria.min_cell_use} cards"
    )


def _needing_new_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    return (
        "games practise the new operation with no other reading often enough ("
        + ", ".join(f"{signs(t)} {own.min_needing_new:g}" for t, own in tiers if own.min_needing_new)
        + " a game)"
    )


def _rare_fact_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    judged = [(t, own) for t, own in tiers if own.min_fact_pairs]
    return (
        "every "
        + " and ".join(OP_SYMBOLS[op] for op in dict.fromkeys(op for t, _ in judged for op in fact_pair_ops(t)))
        + " fact in at least "
        + " / ".join(sorted({str(own.min_fact_pairs) for _, own in judged}))
        + " two-card groups and collected at least "
        + " / ".join(sorted({f"{own.min_fact_per_game:g}" for _, own in judged}))
        + " times a game"
    )


def _distinct_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    return (
        f"over {WINDOW} games in a row, at least "
        + " and ".join(
            f"{own.min_distinct_facts} different {' and '.join(OP_SYMBOLS[op] for op in distinct_ops(t))} facts"
            for t, own in tiers
            if own.min_distinct_facts
        )
        + " collected, at the level that brings them in"
    )


def _focus_words(_criteria: Criteria, tiers: list[tuple[Tier, TierCriteria]]) -> str:
    focused = [own for _, own in tiers if own.focus]
    return (
        "each focus fact of the spec in at least "
        + " / ".join(sorted({str(own.min_focus_pairs) for own in focused}) or ["3"])
        + " two-card groups and collected at least "
        + " / ".join(sorted({f"{own.min_focus_per_game:g}" for own in focused}) or ["0.5"])
        + " times a game, the focus facts together at least "
        + " / ".join(sorted({f"{own.min_focus_share:.0%}" for own in focused}) or ["50%"])
        + " of the collections practising their operations"
    )


# --- the figures each criterion judges --------------------------------------------------------


def _exact(number: int, name: str, value: float, line: float, at_least: bool, item: str = "") -> Figure:
    """A figure the deck alone decides: a count, or a share where its name says so."""
    return Figure(number, name, float(value), float(line), at_least, item=item, share="share" in name)


def _self_equations(r: TierReport) -> list[Figure]:
    return [_exact(1, "cards that are an equation alone", len(r.self_equations), 0, False)]


def _perfect_clear(r: TierReport) -> list[Figure]:
    return [_exact(2, "perfect clear found", r.perfect_clear.found, 1, True)]


def _teaching_split(r: TierReport) -> list[Figure]:
    return [_exact(3, "teaching split found", r.teaching.found, 1, True)]


def _groups_per_card(r: TierReport) -> list[Figure]:
    return [_exact(4, "fewest groups a card is in", r.min_participation, r.criteria.min_groups, True)]


def _pairs_per_card(r: TierReport) -> list[Figure]:
    return [_exact(5, "fewest two-card groups a card is in", r.min_pairs, r.criteria.min_pairs, True)]


def _trivial(r: TierReport) -> list[Figure]:
    line = r.criteria.trivial_share
    found = [_exact(6, "trivial share of the groups", r.trivial_share, line, False)]
    for p in r.full_view:
        found.append(r.play_figure(6, "trivial share of the collections", p, "full", _trivial_taken, line, False))
    return found


def _trivial_taken(s: PlayStats) -> float:
    return s.trivial_share


def _facts(r: TierReport) -> list[Figure]:
    found = [_exact(7, "facts covered", r.facts_covered, r.own.min_facts, True)]
    if r.own.max_fact_share < 1.0:
        fact, share = r.largest_fact()
        name = describe(fact, r.tier.reading(fact))
        found.append(
            _exact(7, "largest fact's share of the practising groups", share, r.own.max_fact_share, False, name)
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
) -> list[Figure]:
    """Of a figure over many items (cards, equations) in full-view games at ``players``, the item
    nearest the wrong side of its line (none when there are no items)."""
    return most_adverse(r.play_items(number, name, players, "full", figure, items, line, at_least, share))


def stranded_figure(r: TierReport, players: int) -> list[Figure]:
    """Criterion 8's card nearest its line, of those left on the table, at ``players``."""
    ids = [card.id for card in r.cards]
    return _worst_item(r, 8, "share of games a card is left", players, _stranded, ids, r.criteria.max_stranded, False)


def _collection(r: TierReport) -> list[Figure]:
    found = []
    for p in r.full_view:
        found.append(r.play_figure(8, "cards collected", p, "full", _collected, r.own.min_collected, True))
        found += stranded_figure(r, p)
    return found


def _collected(s: PlayStats) -> float:
    return s.collected_share


def _stranded(s: PlayStats) -> list[float | None]:
    return list(s.stranded())


def _beginners(r: TierReport) -> list[Figure]:
    line = r.criteria.min_beginner
    return [r.play_figure(9, "cards beginners collect", p, "beginner", _collected, line, True) for p in r.beginner]


def _counts_a_game(
    r: TierReport, number: int, name: str, figure: Callable[[PlayStats], float | None], line: float
) -> list[Figure]:
    """A count a game of full-view play at every player count, judged only where its line is set."""
    if not line:
        return []
    return [r.play_figure(number, name, p, "full", figure, line, True, share=False) for p in r.full_view]


def _practice(r: TierReport) -> list[Figure]:
    return _counts_a_game(r, 10, "practising collections a game", _practice_taken, r.own.min_practice)


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
            "an equation's share of those collected",
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
            "a fact's share of the practising collections",
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
        r.play_figure(14, "collections repeating an equation", p, "full", _repeat, line, False) for p in r.full_view
    ]


def _repeat(s: PlayStats) -> float | None:
    return s.repeats / s.groups_collected if s.groups_collected else None


def _needing_new(r: TierReport) -> list[Figure]:
    return _counts_a_game(r, 15, "collections a game needing the new operation", _needing, r.own.min_needing_new)


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
        found.append(_exact(16, "two-card groups of a fact", pairs[fewest], own.min_fact_pairs, True, names[fewest]))
    for p in r.full_view:
        found += _worst_item(
            r,
            16,
            "a fact's collections a game",
            p,
            _per_game(judged),
            [names[i] for i in judged],
            own.min_fact_per_game,
            True,
            share=False,
        )
    return found


def _distinct(r: TierReport) -> list[Figure]:
    line = r.own.min_distinct_facts
    if not line:
        return []
    wanted = [OPS.index(op) for op in distinct_ops(r.tier)]

    def met(s: PlayStats) -> float | None:
        if not s.windows or not s.window_distinct:
            return None
        return sum(s.window_distinct[k] for k in wanted if k < len(s.window_distinct)) / s.windows

    return _counts_a_game(r, 17, f"different facts met in {WINDOW} games", met, line)


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
        found.append(_exact(18, "two-card groups of a focus fact", pairs, own.min_focus_pairs, True, name))
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
                        "a focus fact's collections a game",
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
            "a focus fact's collections a game",
            p,
            _per_game(present),
            [name for name, i in spoken if i is not None],
            own.min_focus_per_game,
            True,
            share=False,
        )
        found.append(
            r.play_figure(18, "focus facts' share of their practice", p, "full", share, own.min_focus_share, True)
        )
    return found


def _balance(d: DeckReport) -> list[Figure]:
    balance, criteria = d.balance, d.criteria
    found = [_exact(11, "cards with a number outside the spec or its tier", len(balance.outside), 0, False)]
    for digit, count in sorted(balance.digits.items()):
        found.append(_exact(11, "times a number is printed", count, balance.least(digit), True, str(digit)))
    found = found[:1] + most_adverse(found[1:])
    cell, used = min(balance.cells.items(), key=lambda item: (item[1], item[0]))
    found.append(_exact(11, "cards using a cell", used, criteria.min_cell_use, True, f"{cell[0]},{cell[1]}"))
    return found


def _fixed(text: str) -> Words:
    return lambda _criteria, _tiers: text


#: Every criterion, in order of number.
REGISTRY: tuple[Criterion, ...] = (
    Criterion(
        1, "a card is an equation by itself", "deck", (), _fixed("no card is an equation by itself"), _self_equations
    ),
    Criterion(2, "the level cannot be cleared", "deck", (), _fixed("perfect clear"), _perfect_clear),
    Criterion(
        3,
        "the new colour does not need its operation",
        "deck",
        ("min_teaching_facts",),
        lambda c, _t: (
            "the new colour splits into groups of the operations it brings in (any in play, for a colour "
            f"that adds none), none trivial, at least {c.min_teaching_facts} facts"
        ),
        _teaching_split,
    ),
    Criterion(
        4,
        "a card that fits almost nothing",
        "deck",
        ("min_groups",),
        lambda c, _t: f"every card in at least {c.min_groups} groups",
        _groups_per_card,
    ),
    Criterion(
        5,
        "a card beginners can never pair",
        "deck",
        ("min_pairs",),
        lambda c, _t: f"every card in at least {c.min_pairs} two-card groups",
        _pairs_per_card,
    ),
    Criterion(
        6,
        "stacks that teach nothing (5 + 0 = 5)",
        "deck and play",
        ("trivial_share",),
        lambda c, _t: f"at most {c.trivial_share:.0%} trivial groups, in the deck and in play",
        _trivial,
    ),
    Criterion(
        7,
        "facts of the new operation missing, or one fact everywhere",
        "deck",
        ("min_facts", "max_fact_share"),
        _fixed("the tier's groups cover enough of its facts, none more than its share"),
        _facts,
    ),
    Criterion(
        8,
        "cards left on the table, the same card game after game",
        "play",
        ("min_collected", "max_stranded"),
        _collection_words,
        _collection,
    ),
    Criterion(
        9,
        "beginners (two-card stacks only) stuck",
        "play",
        ("min_beginner",),
        lambda c, _t: f"beginner games (two-card groups only) collect at least {c.min_beginner:.0%}",
        _beginners,
    ),
    Criterion(
        10,
        "little practice of the new operation",
        "play",
        ("min_practice",),
        _fixed("games practise the new operation often enough"),
        _practice,
    ),
    Criterion(
        11,
        "some numbers or cells hardly used",
        "deck",
        ("numbers", "min_digit_use", "min_zero_use", "min_cell_use"),
        _balance_words,
        deck_figures=_balance,
    ),
    Criterion(
        12,
        "one equation comes up all the time",
        "play",
        ("max_top_equation",),
        lambda _c, t: f"the most-collected equation at most {_per_tier(t, 'max_top_equation')} of those collected",
        _top_equation,
    ),
    Criterion(
        13,
        "one fact is most of the new operation's practice",
        "play",
        ("max_top_new",),
        lambda c, _t: (
            f"the most-collected fact of the new operation at most {c.max_top_new:.0%} of the collections practising it"
        ),
        _top_new,
    ),
    Criterion(
        14,
        "the same equation again in one game",
        "play",
        ("max_repeats",),
        lambda _c, t: f"at most {_per_tier(t, 'max_repeats')} of collections repeat an equation of the same game",
        _repeats,
    ),
    Criterion(
        15,
        "practice that never needs the new operation (2 × 2 = 4 is also 2 + 2 = 4)",
        "play",
        ("min_needing_new",),
        _needing_new_words,
        _needing_new,
    ),
    Criterion(
        16,
        "a × or ÷ fact nobody meets",
        "deck and play",
        ("min_fact_pairs", "min_fact_per_game"),
        _rare_fact_words,
        _rare_facts,
    ),
    Criterion(17, "the same few facts week after week", "play", ("min_distinct_facts",), _distinct_words, _distinct),
    Criterion(
        18,
        "the facts the teacher chose are rare in play",
        "deck and play",
        ("focus", "min_focus_pairs", "min_focus_per_game", "min_focus_share"),
        _focus_words,
        _focus,
        applies=lambda criteria: any(own.focus for own in criteria.tiers),
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
    """The README's table of criteria (a test checks the README holds it as made here)."""
    words = criteria_text(criteria, deck_tiers)
    rows = [
        "| criterion | what a class would notice | decided by | line (standard deck) |",
        "| --- | --- | --- | --- |",
    ]
    rows += [f"| {c.number} | {c.notice} | {c.decided_by} | {words[c.number]} |" for c in REGISTRY]
    return "\n".join(rows)


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
        at = " and ".join(places) if places != ["deck"] else "the whole deck"
        parts.append(f"{BY_NUMBER[number].notice} at {at} [criterion {number}]")
    return "; ".join(parts)
