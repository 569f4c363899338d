"""Reading a deck spec: its file's shape (:mod:`.schema`), then the rules between its keys.

cattrs reads the TOML into the declared shape and refuses a key of the wrong type or range with
its own line; what no key can say alone is checked here, each rule a small function: the tables
within the numbers, the tiers in play order (names, colours and operations once each), every
operation bringing facts in, every fact of the tables in a tier, focus facts in play. A spec with
several faults names the one a reader meets first: the rules between the keys written before a
refused key are judged before its line is given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.core.model import TABLE_OPS
from deckgen.games.cleariosity.spec.deck_spec import (
    DEFAULT_TIMES,
    MOST_TIERS,
    SPECS,
    DeckSpec,
    TableRange,
    TierSpec,
    spec_path,
    table_rows,
)
from deckgen.games.cleariosity.spec.schema import (
    LARGEST_NUMBER,
    OPERATION_SIGNS,
    TIER_COLOURS,
    TIER_KEYS,
    ShapeError,
    number_span,
    operations,
    read_shape,
    read_tier,
)
from deckgen.i18n import _, ngettext


def load_spec(name_or_path: str | Path) -> DeckSpec:
    """The spec a preset's name (``standard``) or a spec file's path names, read and checked."""
    presets = ", ".join(sorted(p.stem for p in SPECS.glob("*.toml")))
    if not str(name_or_path).strip():
        raise DeckgenError(
            _("--spec is empty; give a spec file's path, or one of the presets: {presets}").format(presets=presets)
        )
    path = spec_path(name_or_path)
    if not path.exists():
        raise DeckgenError(
            _("{path}: no such spec file; give a path, or one of the presets: {presets}").format(
                path=path, presets=presets
            )
        )
    if not path.is_file():
        raise DeckgenError(
            _("{path}: not a file; give a spec file's path, or one of the presets: {presets}").format(
                path=path, presets=presets
            )
        )
    from deckgen.deckfile import read_toml

    # Bounded in size (1 MB, a spec is 1 KB), and too deep nesting or a number of thousands of
    # digits is one line, as in a deck file.
    data = read_toml(path, "spec file")
    return read_spec(data, str(path))


def read_spec(data: dict[str, Any], source: str = "spec") -> DeckSpec:
    """Validate a spec's TOML table; every error is one line naming ``source`` and the key.

    The shape (keys, types, ranges) is declared in :mod:`.schema`; what follows are the rules
    between keys: the tables within the numbers, the tiers in order, each fact brought in."""
    try:
        shape = read_shape(data, source)
    except ShapeError as refused:
        _check_keys_before(data, source, refused.key)
        raise
    low, high = shape.span
    factors = _table_range(shape.factors, shape.tables, shape.times, low, high, source)
    tiers = _tiers(shape.tiers, source, (low, high), factors)
    spec = DeckSpec(
        shape.name,
        low,
        high,
        tiers,
        tuple(sorted(shape.players)),
        dict(shape.criteria),
        shape.title,
        source,
        factors,
        shape.duplicates,
    )
    _check_tier_facts(spec)
    _check_covered(spec)
    _check_focus(spec)
    spec.criteria_for()  # unknown or badly typed thresholds fail here, on load
    return spec


#: The spec's keys in the order they are judged (the rules between keys at their place).
KEY_ORDER = ("numbers", "factors", "numbers_per_card", "players", "tiers", "criteria", "duplicates")


def _check_keys_before(data: dict[str, Any], source: str, refused: str) -> None:
    """Before a refused key's line, the rules between the keys a spec writes before it: a spec
    says first what is wrong first (its tables before its players, its tiers before its criteria)."""
    if refused not in KEY_ORDER or KEY_ORDER.index(refused) <= KEY_ORDER.index("factors"):
        return
    low, high = number_span(data["numbers"]) or (0, 0)
    factors = _table_range(data.get("factors"), data.get("tables"), data.get("times"), low, high, source)
    if KEY_ORDER.index(refused) > KEY_ORDER.index("tiers"):
        _tiers(tuple(data["tiers"]), source, (low, high), factors)


def _check_tier_facts(spec: DeckSpec) -> None:
    """Each tier's tables reach no number past the spec's, and each operation a tier adds brings in
    facts an earlier tier has not."""
    source, low, high, tiers = spec.source, spec.low, spec.high, spec.tiers
    for number, tier in enumerate(tiers):
        written = spec.table_range_of(number)
        if written and set(TABLE_OPS) & set(tier.adds) and written.largest > high:
            largest = written.largest
            if largest > LARGEST_NUMBER:
                raise DeckgenError(
                    _(
                        "{source}: the {tables} reach {row} x {times} = {largest}, past {most}, the largest number a "
                        "card carries; narrow the tables or times"
                    ).format(
                        source=source,
                        tables=written.written(),
                        row=written.high,
                        times=written.times_high,
                        largest=largest,
                        most=LARGEST_NUMBER,
                    )
                )
            raise DeckgenError(
                _(
                    "{source}: tiers[{number}]: the {tables} reach {row} x {times} = {largest}, past numbers "
                    '{low}-{high}; write numbers = "{low}-{wanted}" (or narrower tables), so that no fact of the '
                    "tables is left out"
                ).format(
                    source=source,
                    number=number,
                    tables=written.written(),
                    row=written.high,
                    times=written.times_high,
                    largest=largest,
                    low=low,
                    high=high,
                    wanted=max(largest, high),
                )
            )
        for op in tier.adds:
            if not spec.new_facts(number, op, tuple(spec.span)):
                if not written:
                    said = _(
                        "{source}: tiers[{number}] adds '{sign}' but brings in no fact within numbers {low}-{high} "
                        "that an earlier tier has not; widen 'numbers' or change the tables"
                    )
                elif written.square:
                    said = _(
                        "{source}: tiers[{number}] adds '{sign}' with factors {factors} but brings in no fact within "
                        "numbers {low}-{high} that an earlier tier has not; widen 'numbers' or change the tables"
                    )
                else:
                    said = _(
                        "{source}: tiers[{number}] adds '{sign}' with {tables} but brings in no fact within numbers "
                        "{low}-{high} that an earlier tier has not; widen 'numbers' or change the tables"
                    )
                raise DeckgenError(
                    said.format(
                        source=source,
                        number=number,
                        sign=OPERATION_SIGNS[op],
                        factors=written.label if written else "",
                        tables=written.written() if written else "",
                        low=low,
                        high=high,
                    )
                )


def _check_covered(spec: DeckSpec) -> None:
    """Every fact of the spec's tables is brought in by a tier."""
    source = spec.source
    missing = spec.uncovered_facts()
    if missing:
        shown = ", ".join(f"{a} {OPERATION_SIGNS[op]} {b}" for op, (a, b, _c) in missing[:6])
        covered = spec.table_range(missing[0][0])
        assert covered is not None  # facts are missing only from named tables
        # The same English for one fact as for several: a language may say them apart.
        if len(missing) > 6:
            said = ngettext(
                "{source}: {count} facts of the {tables} are in no tier ({shown} and {more} more); give a tier the "
                "tables that bring them in, or narrow the spec's tables",
                "{source}: {count} facts of the {tables} are in no tier ({shown} and {more} more); give a tier the "
                "tables that bring them in, or narrow the spec's tables",
                len(missing),
            )
        else:
            said = ngettext(
                "{source}: {count} facts of the {tables} are in no tier ({shown}); give a tier the tables that "
                "bring them in, or narrow the spec's tables",
                "{source}: {count} facts of the {tables} are in no tier ({shown}); give a tier the tables that "
                "bring them in, or narrow the spec's tables",
                len(missing),
            )
        raise DeckgenError(
            said.format(source=source, count=len(missing), tables=covered.written(), shown=shown, more=len(missing) - 6)
        )


def _check_focus(spec: DeckSpec) -> None:
    """Each focus fact is in play, and within the tables in play, at its tier."""
    source, tiers = spec.source, spec.tiers
    for number in range(len(tiers)):
        ops = spec.operations(number)
        for a, op, b, c in spec.focus_facts(number):
            if op not in ops:
                raise DeckgenError(
                    _(
                        "{source}: tiers[{number}].focus: {fact} needs '{sign}', which is not in play at tier {tier}; "
                        "move the fact"
                    ).format(
                        source=source,
                        number=number,
                        fact=f"{a} {OPERATION_SIGNS[op]} {b} = {c}",
                        sign=OPERATION_SIGNS[op],
                        tier=repr(tiers[number].name),
                    )
                )
            if not spec.in_tables(number, (a, op, b, c)):
                written = spec.table_range_of(number)
                key = "tables" if written is not None and not written.square else "factors"
                if written is not None and tiers[number].adds:
                    said = _(
                        "{source}: tiers[{number}].focus: {fact} is outside the tables in play at tier {tier} "
                        "({tables}); change the fact or the tier's {key}"
                    )
                elif written is not None:
                    said = _(
                        "{source}: tiers[{number}].focus: {fact} is outside the tables in play at tier {tier} "
                        "({tables}); change the fact"
                    )
                elif tiers[number].adds:
                    said = _(
                        "{source}: tiers[{number}].focus: {fact} is outside the tables in play at tier {tier}; "
                        "change the fact or the tier's {key}"
                    )
                else:
                    said = _(
                        "{source}: tiers[{number}].focus: {fact} is outside the tables in play at tier {tier}; "
                        "change the fact"
                    )
                raise DeckgenError(
                    said.format(
                        source=source,
                        number=number,
                        fact=f"{a} {OPERATION_SIGNS[op]} {b} = {c}",
                        tier=repr(tiers[number].name),
                        tables=written.written() if written is not None else "",
                        key=key,
                    )
                )


#: The widest ``times``: × 1 to × 12.
TIMES_RANGE = (1, 12)


def _table_range(factors: Any, tables: Any, times: Any, low: int, high: int, source: str) -> TableRange | None:
    """The optional tables of a spec or a tier: ``factors = "2-9"`` (2 × 2 to 9 × 9), or
    ``tables = "6-8"`` with ``times = "2-9"`` (6 × 2 to 8 × 9; ``times`` is 2-9 if left out)."""
    if factors is not None and (tables is not None or times is not None):
        raise DeckgenError(
            _(
                '{source}: factors and tables both given; write factors = "6-8" (6 x 6 to 8 x 8) or '
                'tables = "6-8" with times = "2-9" (6 x 2 to 8 x 9), not both'
            ).format(source=source)
        )
    if times is not None and tables is None:
        raise DeckgenError(
            _('{source}: times = {value} without tables; add the tables, e.g. tables = "6-8"').format(
                source=source, value=repr(times)
            )
        )
    if factors is not None:
        example = _('factors = "2-9" for 2 x 2 to 9 x 9')
        first, last = _range(factors, "factors", max(2, low), high, source, example)
        return TableRange(first, last, first, last)
    if tables is None:
        return None
    rows = _rows(tables, max(2, low), high, source)
    first, last = rows[0], rows[-1]
    lowest, highest = TIMES_RANGE
    times_low, times_high = (
        _range(times, "times", lowest, highest, source, _('times = "2-9" (or "1-10", "1-12")'))
        if times is not None
        else DEFAULT_TIMES
    )
    if max(2, times_low) < low:  # x 1 facts are trivial: never practised, so never missed
        raise DeckgenError(
            _(
                "{source}: times {times_low}-{times_high} starts below numbers {low}-{high}, so {first} x {least} "
                'would be left out; write numbers = "{least}-{high}", or times = "{low}-{times_high}"'
            ).format(
                source=source,
                times_low=times_low,
                times_high=times_high,
                low=low,
                high=high,
                first=first,
                least=max(2, times_low),
            )
        )
    return table_rows(rows, times_low, times_high)


def _rows(value: Any, lowest: int, highest: int, source: str) -> tuple[int, ...]:
    """A spec's ``tables``: a range ("6-8", "6"), or a list of tables ("2,5,10" or [2, 5, 10]),
    each from ``lowest`` to ``highest`` and named once; sorted."""
    example = _('tables = "6-8" for the 6, 7 and 8 tables, or tables = "2,5,10"')
    if isinstance(value, list) or (isinstance(value, str) and "," in value):
        items = value if isinstance(value, list) else value.split(",")
        rows: list[int] = []
        for item in items:
            text = item.strip() if isinstance(item, str) else item
            if isinstance(text, str) and text.isdigit():
                text = int(text)
            if not isinstance(text, int) or isinstance(text, bool):
                raise DeckgenError(
                    _("{source}: tables = {value}: {item} is not a table; write {example}").format(
                        source=source, value=repr(value), item=repr(item), example=example
                    )
                )
            if not lowest <= text <= highest:
                raise DeckgenError(
                    _(
                        "{source}: tables = {value}: the {item} table is outside {lowest} to {highest}; write {example}"
                    ).format(
                        source=source, value=repr(value), item=text, lowest=lowest, highest=highest, example=example
                    )
                )
            if text in rows:
                raise DeckgenError(
                    _("{source}: tables = {value} names the {item} table twice; name each table once").format(
                        source=source, value=repr(value), item=text
                    )
                )
            rows.append(text)
        if not rows:
            raise DeckgenError(
                _("{source}: tables = {value} names no table; write {example}").format(
                    source=source, value=repr(value), example=example
                )
            )
        return tuple(sorted(rows))
    first, last = _range(value, "tables", lowest, highest, source, example)
    return tuple(range(first, last + 1))


def _range(value: Any, key: str, lowest: int, highest: int, source: str, example: str) -> tuple[int, int]:
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    match = re.fullmatch(r"\s*([0-9]{1,2})\s*(?:[-–]\s*([0-9]{1,2})\s*)?", text) if isinstance(text, str) else None
    if not match:
        raise DeckgenError(
            _("{source}: {key} = {value} is not a range; write {example}").format(
                source=source, key=key, value=repr(value), example=example
            )
        )
    first, last = int(match.group(1)), int(match.group(2) or match.group(1))
    if not lowest <= first <= last <= highest:
        raise DeckgenError(
            _("{source}: {key} = {value}: {key} run from {lowest} up, to at most {highest}; write {example}").format(
                source=source, key=key, value=repr(value), lowest=lowest, highest=highest, example=example
            )
        )
    return first, last


def _tiers(
    tables: tuple[dict[str, Any], ...], source: str, span: tuple[int, int], spec_factors: TableRange | None
) -> tuple[TierSpec, ...]:
    """The tiers in play order, each read (:func:`.schema.read_tier`) and checked against the ones
    before it (names, colours and operations once each) and the spec's numbers (its own tables)."""
    tiers: list[TierSpec] = []
    for number, table in enumerate(tables):
        place = _TierPlace(number, len(tables), tiers, source, f"tiers[{number}]", span, spec_factors)
        try:
            shape = read_tier(table, source, place.where)
        except ShapeError as refused:
            # The rules between the keys written before the refused one are judged first.
            _check_tier_rules(table, place, before=refused.key)
            raise
        own_factors = _check_tier_rules(table, place, before="")
        tiers.append(TierSpec(shape.name, shape.dot, shape.cards, shape.adds, shape.focus, shape.criteria, own_factors))
    return tuple(tiers)


@dataclass(frozen=True)
class _TierPlace:
    """Where a tier stands: its number, the tiers before it and what the spec around it says."""

    number: int
    count: int
    earlier: list[TierSpec]
    source: str
    where: str
    span: tuple[int, int]
    spec_factors: TableRange | None


def _check_tier_rules(table: dict[str, Any], place: _TierPlace, before: str) -> TableRange | None:
    """The rules between a tier's keys and the tiers before it, in the order its keys are read:
    those of its name, then of its colour, then of its operations and tables (only the ones whose
    keys come before ``before``, a key refused for its own value; empty: all). Returns its own
    tables."""
    order = (*TIER_KEYS, "")
    runs = [key for key in ("name", "colour", "adds") if not before or order.index(key) < order.index(before)]
    name = table.get("name", "")
    if "name" in runs:
        _check_tier_name(name, place)
    if "colour" in runs:
        _check_tier_colour(name, table.get("colour"), place)
    if "adds" in runs:
        low, high = place.span
        where = f"{place.source}: {place.where}"
        own = _table_range(table.get("factors"), table.get("tables"), table.get("times"), low, high, where)
        given = next((key for key in ("factors", "tables", "times") if table.get(key) is not None), "")
        _check_tier_operations(name, operations(table.get("adds", [])), own, given, place)
        return own
    return None


def _check_tier_name(name: str, place: _TierPlace) -> None:
    """A tier within the most a deck has; its name and initial its own."""
    source, where = place.source, place.where
    if place.number == MOST_TIERS:
        raise DeckgenError(
            _("{source}: {count} tiers; a deck has at most {most}").format(
                source=source, count=place.count, most=MOST_TIERS
            )
        )
    said = ""
    if name in [t.name for t in place.earlier]:
        said = _("{source}: {where}.name {name} is used twice; give each tier its own name")
    elif name[0].upper() in [t.prefix for t in place.earlier]:
        said = _(
            "{source}: {where}.name {name} starts with the same letter as another tier "
            "(card ids begin with it); rename one"
        )
    if said:
        raise DeckgenError(said.format(source=source, where=where, name=repr(name)))


def _check_tier_colour(name: str, colour: str | None, place: _TierPlace) -> None:
    """A tier's colour (its name, where it gives none) one deckgen prints, and its own."""
    source, where = place.source, place.where
    if colour is None and name not in TIER_COLOURS:
        raise DeckgenError(
            _(
                "{source}: {where} has no colour and its name {name} is not a colour deckgen prints; "
                'add colour = "..." with one of {colours}'
            ).format(source=source, where=where, name=repr(name), colours=", ".join(TIER_COLOURS))
        )
    dot = colour or name
    if dot in [t.colour for t in place.earlier]:
        raise DeckgenError(
            _("{source}: {where}.colour {colour} is used twice; give each tier its own colour").format(
                source=source, where=where, colour=repr(dot)
            )
        )


def _check_tier_operations(
    name: str, adds: tuple[str, ...], own_factors: TableRange | None, given: str, place: _TierPlace
) -> None:
    """A tier's tables only with x or /; each operation added once, and again only for other
    tables; the first tier adds one; a tier adding none not named with an X."""
    source, where, earlier, spec_factors = place.source, place.where, place.earlier, place.spec_factors
    if own_factors and not set(adds) & set(TABLE_OPS):
        raise DeckgenError(
            _("{source}: {where}.{key}: only a tier that adds x or / has tables; remove the line").format(
                source=source, where=where, key=given
            )
        )
    tables = own_factors or spec_factors
    twice = [op for op in adds if adds.count(op) > 1]
    if twice:
        raise DeckgenError(
            _("{source}: {where}.adds lists '{sign}' twice; list each operation once").format(
                source=source, where=where, sign=OPERATION_SIGNS[twice[0]]
            )
        )
    again = [
        op
        for op in adds
        if any(op in t.adds for t in earlier)
        and not (
            op in TABLE_OPS
            and own_factors
            and all((t.factors or spec_factors) != tables for t in earlier if op in t.adds)
        )
    ]
    if again:
        raise DeckgenError(
            _(
                "{source}: {where}.adds '{sign}' is already in play; each operation is added once "
                '(x and / again only with other tables: factors = "6-9")'
            ).format(source=source, where=where, sign=OPERATION_SIGNS[again[0]])
        )
    if place.number == 0 and not adds:
        raise DeckgenError(
            _("{source}: {where}.adds is empty; the first tier must add an operation").format(
                source=source, where=where
            )
        )
    if not adds and name[0] == "x":
        raise DeckgenError(
            _(
                "{source}: {where}.name {name}: a tier that adds no operation prints its first letter beside "
                "the dot, and an X there reads as a times sign; give it a name that starts with another letter"
            ).format(source=source, where=where, name=repr(name))
        )
