"""Deck specs: a teacher's description of a Cleariosity Numbers deck, read from TOML.

A spec says which numbers may appear on the cards, the tiers in play order (name, dot
colour, how many cards, which operations each adds), the facts a tier should practise most
(its *focus facts*), the player counts to check, and any criterion thresholds that differ from
the standard ones. ``design`` searches for a deck that meets a spec and ``verify`` checks a
deck against one. The standard deck is the spec in ``templates/cleariosity/specs/standard.toml``.

:mod:`.reading` reads a spec file into a :class:`DeckSpec`, checking everything on load (one line
naming the file, the key and the fix); :mod:`.schema` declares the shape of the file.
``spec_version`` lets later versions migrate old files.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from deckgen.errors import Code, DeckgenError
from deckgen.games.cleariosity.core.model import (
    NO_TABLES,
    TABLE_OPS,
    Deck,
    Tables,
    Tier,
    make_tiers,
    within_tables,
)
from deckgen.games.cleariosity.core.rules import apply, is_trivial
from deckgen.games.cleariosity.criteria.lines import (
    Criteria,
    balance_criteria,
    default_tier_criteria,
    op_facts,
    teacher_facts,
)
from deckgen.games.cleariosity.spec.schema import OPERATION_NAMES, OPERATION_SIGNS, SPEC_VERSION
from deckgen.i18n import _
from deckgen.resources import data_folder

#: The preset a design or check without ``--spec`` follows.
STANDARD_SPEC = "standard"
#: Where the shipped specs (presets) live; ``--spec standard`` means ``SPECS / "standard.toml"``.
SPECS = data_folder("deckgen.games.cleariosity.templates.specs")
#: Most tiers a spec may have.
MOST_TIERS = 6
#: What a table is multiplied by where ``tables`` is given without ``times``.
DEFAULT_TIMES = (2, 9)

Fact = tuple[int, int, int]
Equation = tuple[int, str, int, int]  # a op b = c, op one of + - * /


def _one_or_range(low: int, high: int) -> str:
    return f"{low}" if low == high else f"{low}-{high}"


@dataclass(frozen=True)
class TableRange:
    """A spec's times tables as written: ``factors = "6-8"`` (rows and times both 6 to 8),
    ``tables = "6-8"`` with ``times = "2-9"`` (the 6, 7 and 8 tables, each × 2 to × 9), or a list
    of tables, ``tables = "2,5,10"`` (the 2, 5 and 10 tables: the rows a class learns first)."""

    low: int
    high: int
    times_low: int
    times_high: int
    #: The tables one by one, where they are a list with gaps (2, 5, 10); empty for every table
    #: from ``low`` to ``high``.
    listed: tuple[int, ...] = ()

    @property
    def rows(self) -> tuple[int, ...]:
        """The tables (the rows of the times table): 6, 7, 8, or 2, 5, 10."""
        return self.listed or tuple(range(self.low, self.high + 1))

    @property
    def square(self) -> bool:
        """Written as ``factors``: both factors from the same range."""
        return not self.listed and (self.low, self.high) == (self.times_low, self.times_high)

    def tables(self) -> Tables:
        return Tables(self.rows, tuple(range(self.times_low, self.times_high + 1)))

    @property
    def largest(self) -> int:
        """The largest product of these tables."""
        return self.high * self.times_high

    @property
    def rows_text(self) -> str:
        """The tables as a spec writes them: "6-8", "6", or "2,5,10"."""
        return ",".join(map(str, self.listed)) if self.listed else _one_or_range(self.low, self.high)

    @property
    def label(self) -> str:
        """What a tier of these tables prints beside its sign: its rows ("6-9", "2,5,10", "6")."""
        return self.rows_text

    def written(self) -> str:
        """In a message: "tables 6-8" (written ``factors = "6-8"``), "tables 6 times 2-9"."""
        rows = self.rows_text
        if self.square:
            return _("tables {rows}").format(rows=rows)
        times = _one_or_range(self.times_low, self.times_high)
        return _("tables {rows} times {times}").format(rows=rows, times=times)

    def lines(self) -> list[str]:
        if self.square:
            return [f'factors = "{self.low}-{self.high}"']
        return [f'tables = "{self.rows_text}"', f'times = "{self.times_low}-{self.times_high}"']

    def extent(self) -> str:
        """The products as a title says them: "6 × 6 to 8 × 8", "6 × 2 to 8 × 9", or for a list
        of tables, how far each runs: "× 2 to × 9" (2 × 2 to 10 × 9 would promise 3 × 7)."""
        if self.listed:
            return f"× {self.times_low} to × {self.times_high}"
        return f"{self.low} × {self.times_low} to {self.high} × {self.times_high}"


def table_rows(rows: Sequence[int], times_low: int, times_high: int) -> TableRange:
    """Tables of these rows (in any order), written as a range where they run without a gap."""
    found = tuple(sorted(set(rows)))
    listed = () if found == tuple(range(found[0], found[-1] + 1)) else found
    return TableRange(found[0], found[-1], times_low, times_high, listed)


@dataclass(frozen=True)
class TierSpec:
    """One tier: its name, dot colour, card count, the operations it adds and its focus facts."""

    name: str
    colour: str
    cards: int
    adds: tuple[str, ...]
    focus: tuple[str, ...] = ()
    #: Thresholds that differ from the defaults for this tier, by criterion name.
    criteria: dict[str, Any] = field(default_factory=dict)
    #: This tier's tables, where it names its own: a tier may then add × or ÷ again, for new tables.
    factors: TableRange | None = None

    @property
    def prefix(self) -> str:
        """The letter that starts this tier's card ids (G01, Y01 ...)."""
        return self.name[0].upper()


@dataclass(frozen=True)
class DeckSpec:
    """A validated deck spec (see the module docstring)."""

    name: str
    low: int
    high: int
    tiers: tuple[TierSpec, ...]
    players: tuple[int, ...] = (2, 3, 4)
    #: Deck-wide thresholds that differ from the standard ones, by criterion name.
    criteria: dict[str, Any] = field(default_factory=dict)
    title: str = ""
    source: str = "spec"
    #: The times tables, where the spec limits × and ÷ facts to them.
    factors: TableRange | None = None
    #: ``duplicates = true``: two cards may be alike (criterion 19 is not judged).
    duplicates: bool = False

    @property
    def span(self) -> range:
        """Every number from the lowest to the highest the spec allows."""
        return range(self.low, self.high + 1)

    @property
    def deck_tables(self) -> Tables:
        """The spec's own tables (empty where it names none)."""
        return self.factors.tables() if self.factors else NO_TABLES

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers a card may carry: the whole span or, for a spec with factors, the numbers
        of its facts (the factors and their products, and any + or − facts among them)."""
        return self.numbers_at(len(self.tiers) - 1)

    def numbers_at(self, number: int) -> tuple[int, ...]:
        """The numbers the cards in play at tier ``number`` may carry: the spec's numbers, or for a
        spec of tables, those of the facts brought in up to that tier."""
        if not self.factors and not any(tier.factors for tier in self.tiers):
            return tuple(self.span)
        used: set[int] = set()
        for upto in range(number + 1):
            for op in self.tiers[upto].adds:
                for fact in self.new_facts(upto, op, tuple(self.span)):
                    used |= set(fact)
        return tuple(sorted(used))

    def table_range_of(self, number: int) -> TableRange | None:
        """Tier ``number``'s tables as written (its own, else the spec's; ``None``: every one)."""
        return self.tiers[number].factors or self.factors

    def tables(self, number: int) -> Tables:
        """Tier ``number``'s tables (its own, else the spec's; empty: every one)."""
        written = self.table_range_of(number)
        return written.tables() if written else NO_TABLES

    def new_facts(self, number: int, op: str, numbers: tuple[int, ...] | None = None) -> list[Fact]:
        """The facts of ``op`` that tier ``number`` brings in: within its tables, and not in an
        earlier tier's that adds the same operation."""
        numbers = numbers if numbers is not None else self.numbers
        tables = self.tables(number)
        earlier = [self.tables(n) for n in range(number) if op in self.tiers[n].adds]
        return [f for f in op_facts(op, numbers, tables) if not any(within_tables(f, op, before) for before in earlier)]

    def table_range(self, op: str) -> TableRange | None:
        """The tables the spec covers for ``op`` (× or ÷): the spec's own, or, where every tier
        adding ``op`` names its own, from the lowest to the highest of theirs (``None``: no
        tables, every fact in the numbers)."""
        if self.factors:
            return self.factors
        own = [self.tiers[n].factors for n in range(len(self.tiers)) if op in self.tiers[n].adds]
        ranges = [f for f in own if f is not None]
        if not ranges or len(ranges) != len(own):
            return None
        if all(not f.listed for f in ranges):
            return TableRange(
                min(f.low for f in ranges),
                max(f.high for f in ranges),
                min(f.times_low for f in ranges),
                max(f.times_high for f in ranges),
            )
        return table_rows(
            [row for f in ranges for row in f.rows],
            min(f.times_low for f in ranges),
            max(f.times_high for f in ranges),
        )

    def uncovered_facts(self) -> list[tuple[str, Fact]]:
        """The × and ÷ facts of the spec's tables that no tier brings in (a spec of factors 2-9
        whose tiers take factors 2-5 and 6-9 leaves 2 × 6 … 5 × 9 out)."""
        span = tuple(self.span)
        missing: list[tuple[str, Fact]] = []
        for op in TABLE_OPS:
            adding = [n for n, tier in enumerate(self.tiers) if op in tier.adds]
            tables = self.table_range(op)
            if not adding or not tables:
                continue
            brought = {fact for n in adding for fact in self.new_facts(n, op, span)}
            missing += [(op, fact) for fact in op_facts(op, span, tables.tables()) if fact not in brought]
        return missing

    def facts_extent(self, op: str = "*") -> str:
        """The × facts the spec's tables hold, as a title should say them: "6 × 6 to 8 × 8" for
        factors 6-8 (both factors from 6 to 8); empty for a spec without tables."""
        tables = self.table_range(op)
        return tables.extent() if tables else ""

    @property
    def card_count(self) -> int:
        return sum(tier.cards for tier in self.tiers)

    def operations(self, upto: int) -> tuple[str, ...]:
        """The operations in play at tier number ``upto`` (its own and every earlier tier's)."""
        found: list[str] = []
        for tier in self.tiers[: upto + 1]:
            found += [op for op in tier.adds if op not in found]
        return tuple(found)

    def focus_facts(self, upto: int) -> tuple[Equation, ...]:
        """The focus facts of tier number ``upto``, each as (a, op, b, c), in the spec's order."""
        tier = self.tiers[upto]
        seen: list[Equation] = []
        for text in tier.focus:
            written = self.table_range_of(upto)
            times = (written.times_low, written.times_high) if written and not written.square else DEFAULT_TIMES
            where = f"tiers[{upto}].focus"
            found = parse_focus(text, self.numbers, self.source, where, written if self.tables(upto) else None, times)
            if isinstance(text, str) and _TABLES.match(text):
                # A rule such as "x tables 6-8": its facts within the tables in play at the tier
                # (at a tier of its own tables, the ones it brings in).
                found = [f for f in found if self._rule_keeps(upto, f)]
            for fact in found:
                if fact not in seen:
                    seen.append(fact)
        return tuple(seen)

    def in_tables(self, number: int, fact: Equation) -> bool:
        """Whether a fact lies within the tables of a tier up to ``number`` adding its operation."""
        a, op, b, c = fact
        return any(within_tables((a, b, c), op, self.tables(n)) for n in range(number + 1) if op in self.tiers[n].adds)

    def _rule_keeps(self, number: int, fact: Equation) -> bool:
        a, op, b, c = fact
        if op in self.tiers[number].adds and self.tiers[number].factors:
            return (a, b, c) in self.new_facts(number, op)
        return self.in_tables(number, fact)

    def criteria_for(self) -> Criteria:
        """The thresholds verify judges a deck of this spec by: defaults, then the spec's own."""
        tiers = []
        for number, tier in enumerate(self.tiers):
            new = [op for op in tier.adds if op not in self.operations(number - 1) or tier.factors]
            own = default_tier_criteria(
                tuple(new),
                self.numbers_at(number),
                first=number == 0,
                ops=self.operations(number),
                facts={op: len(self.new_facts(number, op)) for op in new},
                families={op: teacher_facts(op, self.new_facts(number, op)) for op in new},
                cards=tier.cards,
                in_play=sum(earlier.cards for earlier in self.tiers[: number + 1]),
            )
            own = replace(own, focus=self.focus_facts(number))
            tiers.append(_replace(own, tier.criteria, self.source, f"tiers[{number}]"))
        staged = [self.numbers_at(number) for number in range(len(self.tiers))]
        balance = balance_criteria([tier.cards for tier in self.tiers], self.numbers, staged)
        deck = Criteria(
            tiers=tuple(tiers), players=self.players, factors=self.deck_tables, duplicates=self.duplicates, **balance
        )
        return _replace(deck, self.criteria, self.source, "criteria")


#: Fields of the criteria that come from elsewhere in the spec, not from threshold lines.
NOT_THRESHOLDS = ("tiers", "players", "focus", "numbers", "factors", "tier_numbers", "tier_cards", "duplicates")


def _replace(base: Any, given: dict[str, Any], source: str, where: str) -> Any:
    names = {f.name: f for f in fields(base)} if base is not None else {}
    values = {}
    for key, value in given.items():
        if key not in names or key in NOT_THRESHOLDS:
            known = ", ".join(sorted(n for n in names if n not in NOT_THRESHOLDS))
            tier_keys = "name, colour, cards, adds, focus, factors, " if where.startswith("tiers[") else ""
            raise DeckgenError(
                _("{source}: unknown key {where}.{key}; known ones: {known}").format(
                    source=source, where=where, key=key, known=tier_keys + known
                )
            )
        current = getattr(base, key)
        if isinstance(current, bool) or not isinstance(value, int | float) or isinstance(value, bool):
            raise DeckgenError(
                _("{source}: {where}.{key} must be a number, not {value}").format(
                    source=source, where=where, key=key, value=repr(value)
                )
            )
        if isinstance(current, int) and not isinstance(value, int):
            raise DeckgenError(
                _("{source}: {where}.{key} must be a whole number, not {value}").format(
                    source=source, where=where, key=key, value=repr(value)
                )
            )
        if not math.isfinite(value) or value < 0:
            raise DeckgenError(
                _("{source}: {where}.{key} must be a number 0 or more, not {value}").format(
                    source=source, where=where, key=key, value=repr(value)
                )
            )
        if key in SHARES and value > 1:
            raise DeckgenError(
                _("{source}: {where}.{key} is a share of 0 to 1 (0.92 for 92 %), not {value}").format(
                    source=source, where=where, key=key, value=repr(value)
                )
            )
        values[key] = type(current)(value)
    return base.__class__(**{**{f: getattr(base, f) for f in names}, **values})


#: Thresholds that are shares (0 to 1) rather than counts or rates a game.
SHARES = (
    "trivial_share",
    "max_stranded",
    "min_beginner",
    "max_stranded_beginner",
    "max_top_new",
    "max_fact_share",
    "min_collected",
    "max_top_equation",
    "max_repeats",
    "min_focus_share",
    "max_outside_share",
)

#: A times table runs from × 2 to × this (the 1 and 10 facts are trivial or need no practice).
TABLES_UP_TO = 9

_FACT = re.compile(r"^\s*([0-9]{1,2})\s*([+\-−x×*/÷:])\s*([0-9]{1,2})\s*(?:=\s*([0-9]{1,2})\s*)?$")
_TABLES = re.compile(r"^\s*([x×*/÷:])\s*tables?\s+([0-9]{1,2})\s*(?:[-–]\s*([0-9]{1,2}))?\s*$", re.IGNORECASE)


def _span_text(numbers: Sequence[int]) -> str:
    return f"{min(numbers)}-{max(numbers)}"


def parse_focus(
    text: str,
    numbers: Sequence[int],
    source: str,
    where: str,
    tables: TableRange | None = None,
    times: tuple[int, int] = (2, TABLES_UP_TO),
) -> list[Equation]:
    """The facts a focus entry names: ``7x8=56``, ``6x7``, ``42/6``, or ``x tables 6-8``.

    ``x tables 6-8`` is every product a × b and b × a with a from 6 to 8 and b from 2 to
    :data:`TABLES_UP_TO` (or over the tier's ``times``, where its spec writes them), product
    within the numbers; ``/ tables 6-8`` the divisions they give (56 / 8 = 7 and 56 / 7 = 8 ...).
    """
    if not isinstance(text, str):
        raise DeckgenError(
            _('{source}: {where} entries are text such as "7x8=56" or "x tables 6-8", not {value}').format(
                source=source, where=where, value=repr(text)
            )
        )
    match = _FACT.match(text)
    if match:
        a, sign, b, c = match.groups()
        op = OPERATION_NAMES[sign]
        result = apply(op, int(a), int(b))
        if result is None:
            raise DeckgenError(
                _("{source}: {where}: {fact} is not a whole-number fact; pick numbers that divide").format(
                    source=source, where=where, fact=text.strip()
                )
            )
        if c is not None and int(c) != result:
            raise DeckgenError(
                _("{source}: {where}: {fact} is wrong ({a} {sign} {b} = {result}); correct it").format(
                    source=source, where=where, fact=text.strip(), a=a, sign=sign, b=b, result=result
                )
            )
        fact = (int(a), op, int(b), result)
        if is_trivial(fact[0], fact[2], fact[3], op):
            raise DeckgenError(
                _(
                    "{source}: {where}: {fact} is trivial (a 0 term, a 1 factor or divisor, or a quotient of 1); "
                    "pick a fact a class practises"
                ).format(source=source, where=where, fact=text.strip())
            )
        outside = [n for n in (fact[0], fact[2], fact[3]) if n not in numbers]
        if outside and tables is not None:
            key = "factors" if tables.square else "tables"
            raise DeckgenError(
                _(
                    "{source}: {where}: {fact} is not a fact of the spec's {tables} (it uses {number}, which no fact "
                    "of them has); pick one of their facts or widen '{key}'"
                ).format(
                    source=source, where=where, fact=text.strip(), tables=tables.written(), number=outside[0], key=key
                )
            )
        if outside:
            raise DeckgenError(
                _(
                    "{source}: {where}: {fact} uses {number}, outside the spec's numbers {numbers}; widen 'numbers' "
                    "or drop the fact"
                ).format(source=source, where=where, fact=text.strip(), number=outside[0], numbers=_span_text(numbers))
            )
        return [fact]
    match = _TABLES.match(text)
    if match:
        sign, first, last = match.groups()
        low, high = int(first), int(last or first)
        if low < 2 or high < low:
            raise DeckgenError(
                _('{source}: {where}: {fact}: tables run from 2 up, e.g. "x tables 6-8"').format(
                    source=source, where=where, fact=text.strip()
                )
            )
        op = OPERATION_NAMES[sign]
        found: list[Equation] = []
        for a in range(low, high + 1):
            for b in range(max(2, times[0]), times[1] + 1):
                c = a * b
                if c not in numbers or a not in numbers or b not in numbers:
                    continue
                for fact in ((a, "*", b, c), (b, "*", a, c)) if op == "*" else ((c, "/", a, b), (c, "/", b, a)):
                    if fact not in found:
                        found.append(fact)
        if not found:
            raise DeckgenError(
                _("{source}: {where}: {fact} gives no facts within the numbers {numbers}; widen 'numbers'").format(
                    source=source, where=where, fact=text.strip(), numbers=_span_text(numbers)
                )
            )
        return found
    raise DeckgenError(
        _(
            '{source}: {where}: cannot read {value}; write a fact such as "7x8=56", "6x7", "42/6" or "x tables 6-8"'
        ).format(source=source, where=where, value=repr(text))
    )


def spec_path(name_or_path: str | Path) -> Path:
    """A preset's name (``standard``) or a spec file's path, as a path."""
    text = str(name_or_path)
    if "/" not in text and not text.endswith(".toml"):
        return SPECS / f"{text}.toml"
    return Path(text)


def dump_spec(spec: DeckSpec) -> str:
    """The spec as TOML that :func:`read_spec` reads back to an equal spec."""
    lines = [f"spec_version = {SPEC_VERSION}", f'name = "{spec.name}"']
    if spec.title:
        lines.append(f"title = {_quote(spec.title)}")
    lines.append(f'numbers = "{spec.low}-{spec.high}"')
    if spec.factors:
        lines += spec.factors.lines()
    lines.append(f"players = [{', '.join(map(str, spec.players))}]")
    if spec.duplicates:
        lines.append("duplicates = true")
    for tier in spec.tiers:
        lines += ["", "[[tiers]]", f'name = "{tier.name}"', f'colour = "{tier.colour}"', f"cards = {tier.cards}"]
        lines.append(f"adds = [{', '.join(_quote(OPERATION_SIGNS[op]) for op in tier.adds)}]")
        if tier.factors:
            lines += tier.factors.lines()
        if tier.focus:
            lines.append(f"focus = [{', '.join(_quote(f) for f in tier.focus)}]")
        lines += [f"{key} = {_number(value)}" for key, value in tier.criteria.items()]
    if spec.criteria:
        lines += ["", "[criteria]"] + [f"{key} = {_number(value)}" for key, value in spec.criteria.items()]
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value: Any) -> str:
    return repr(value) if isinstance(value, float) and math.isfinite(value) else str(value)


def spec_tiers(spec: DeckSpec) -> tuple[Tier, ...]:
    """The tiers a deck of ``spec`` is played with: its names, dot colours and the operations
    each brings in (one, several, or none for a tier that only adds cards)."""
    return make_tiers(
        [(tier.name, tier.adds, tier.colour) for tier in spec.tiers],
        [spec.tables(number) for number in range(len(spec.tiers))],
        [tier.factors.label if tier.factors else "" for tier in spec.tiers],
    )


def engine_criteria(spec: DeckSpec, deck: Deck) -> Criteria:
    """The thresholds to judge ``deck`` by, after checking it is a deck of ``spec`` (its tiers and counts)."""
    tiers = spec_tiers(spec)
    for tier in deck.present():
        if tier not in tiers:
            raise DeckgenError(
                _(
                    "{source}: the deck has {tier} cards and the spec no {tier} tier with that sign and colour; "
                    "check the spec or the deck file"
                ).format(source=spec.source, tier=tier.name)
            )
    for tier, wanted in zip(tiers, spec.tiers, strict=True):
        held = len(deck.colour_cards(tier))
        if held != wanted.cards:
            raise DeckgenError(
                _(
                    "{source}: the deck has {held} {tier} cards and the spec asks for {wanted}; "
                    "check the spec or the deck file"
                ).format(source=spec.source, held=held, tier=tier.name, wanted=wanted.cards)
            )
    return spec.criteria_for()


def same_spec(one: DeckSpec, other: DeckSpec) -> bool:
    """Whether two specs describe the same deck (wherever they were read from)."""
    return replace(one, source="") == replace(other, source="")


def designable(spec: DeckSpec) -> Criteria:
    """The thresholds a design for ``spec`` is checked by, once sure this version can design it.

    The search starts from a teaching split of each tier into triples, so every tier's card
    count is a multiple of 3; and a spec that arithmetic alone rules out (see
    :mod:`~.spec.feasible`) is refused before any search. Its targets are tuned to the standard
    deck; a spec's own counts, numbers, players and thresholds are what each attempt's check applies.
    """
    tiers = spec_tiers(spec)
    from deckgen.games.cleariosity.spec.deckfile import MAX_CLEARIOSITY_CARDS

    total = sum(tier.cards for tier in spec.tiers)
    if total > MAX_CLEARIOSITY_CARDS:
        raise DeckgenError(
            _(
                "{source}: its tiers hold {count} cards; a Cleariosity deck has at most {most} (four standard "
                "decks), so that every check finishes in seconds; give the tiers fewer cards"
            ).format(source=spec.source, count=total, most=MAX_CLEARIOSITY_CARDS)
        )
    for number, (tier, model) in enumerate(zip(spec.tiers, tiers, strict=True)):
        if tier.cards % 3:
            raise DeckgenError(
                _(
                    "{source}: tiers[{number}].cards = {cards}: design splits each tier into threes, so its card "
                    "count must be a multiple of 3 (the {tier} tier: {fewer} or {more})"
                ).format(
                    source=spec.source,
                    number=number,
                    cards=tier.cards,
                    tier=model.name,
                    fewer=tier.cards - tier.cards % 3,
                    more=tier.cards - tier.cards % 3 + 3,
                )
            )
    criteria = spec.criteria_for()
    from deckgen.games.cleariosity.spec.feasible import in_one_line, ruled_out

    reasons = ruled_out(tiers, [tier.cards for tier in spec.tiers], criteria)
    if reasons:
        raise DeckgenError(
            _("{source}: {reasons}").format(source=spec.source, reasons=in_one_line(reasons)), code=Code.RULED_OUT
        )
    return criteria
