"""The shape of a spec file, declared: its tables and keys, their types, ranges and defaults.

:class:`SpecShape` and :class:`TierShape` say what a spec's TOML may hold; cattrs structures the
read TOML into them (strictly: ``cards = "12"`` is refused, not converted) and attrs validators
check each value's range or choices. Every field carries the one-line message a teacher sees when
its value is wrong (``fault`` in its metadata); :func:`read_shape` turns whatever cattrs reports
into that line, naming the file and the key. Keys are judged in the order the classes declare
them, a spec's order, so a spec with several faults hears first of the key it writes first. What
one value cannot say alone (tables within the numbers, tiers adding each operation once) is
checked after, by :mod:`.reading`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import attrs
from cattrs import Converter
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, override

from deckgen.errors import DeckgenError
from deckgen.games.grid import DOT_COLOURS
from deckgen.i18n import _

#: The spec format this version reads and writes.
SPEC_VERSION = 1
#: How a spec may write each operation, and the sign deckgen uses inside.
OPERATION_NAMES = {"+": "+", "-": "-", "−": "-", "x": "*", "×": "*", "*": "*", "/": "/", "÷": "/", ":": "/"}
#: The sign each operation is written with in a spec this version writes.
OPERATION_SIGNS = {"+": "+", "-": "-", "*": "x", "/": "/"}
#: Dot colours a tier may name (each card also prints its tier's sign beside the dot).
TIER_COLOURS = DOT_COLOURS
#: Largest number a spec may put on a card (two digits a cell).
LARGEST_NUMBER = 99
#: A card carries this many numbers, in this many of the 9 cells.
NUMBERS_PER_CARD = 3
PLAYER_RANGE = (2, 6)
#: The longest spec name (it names the deck file, the report and the page's choices) and title.
MAX_NAME = 40
MAX_TITLE = 120
#: The fewest and most cards a tier may have.
TIER_CARDS = (3, 99)

#: A key the spec leaves out, as a fault's value.
MISSING = attrs.NOTHING


class Fault(ValueError):
    """A value a spec may not hold: the message (translated, with ``{source}`` and ``{where}``
    still to fill in) and the other names it mentions."""

    def __init__(self, message: str, **names: Any) -> None:
        super().__init__(message)
        self.message = message
        self.names = names

    def line(self, source: str, where: str) -> str:
        return self.message.format(source=source, where=where, **self.names)


#: What a field's ``fault`` is: the message for a value it refuses (or :data:`MISSING`).
Refusal = Callable[[Any], Fault]


def _says(fault: Refusal) -> dict[str, Refusal]:
    """An attrs field's metadata: its refused values (wrong type, out of range, missing) say ``fault``."""
    return {"fault": fault}


def _refuse(check: Callable[[Any], bool]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """An attrs validator: the field's own ``fault`` where ``check`` fails."""

    def validate(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not check(value):
            raise attribute.metadata["fault"](value)

    return validate


# The messages, one per key (the same words and msgids as ever: the catalogues are unchanged).


def _version_fault(value: Any) -> Fault:
    if value is MISSING:
        return Fault(
            _("{source}: spec_version is missing; add spec_version = {version} at the top"), version=SPEC_VERSION
        )
    given = str(value).lower() if isinstance(value, bool) else value
    return Fault(
        _(
            "{source}: spec_version {given} is not one this deckgen reads ({version}); "
            "upgrade deckgen or write the spec in version 1"
        ),
        given=repr(given),
        version=SPEC_VERSION,
    )


def _name_fault(_value: Any) -> Fault:
    return Fault(
        _('{source}: name must be lower-case letters, digits and dashes (at most {most}), e.g. name = "times"'),
        most=MAX_NAME,
    )


def _title_fault(_value: Any) -> Fault:
    return Fault(_("{source}: title must be text of at most {most} characters"), most=MAX_TITLE)


_SPAN = re.compile(r"\s*([0-9]{1,3})\s*[-–]\s*([0-9]{1,3})\s*")


def number_span(text: str) -> tuple[int, int] | None:
    """``numbers = "0-9"`` as (0, 9): at least six numbers, ending from 5 to :data:`LARGEST_NUMBER`."""
    match = _SPAN.fullmatch(text)
    if not match:
        return None
    low, high = int(match.group(1)), int(match.group(2))
    return (low, high) if 5 <= high <= LARGEST_NUMBER and 0 <= low <= high - 5 else None


def _numbers_fault(value: Any) -> Fault:
    fix = _('write numbers = "0-9" (lowest-highest, 0 to 99)')
    if value is MISSING:
        return Fault(_("{source}: numbers is missing; {fix}"), fix=fix)
    if not isinstance(value, str):
        return Fault(_("{source}: numbers is not text; {fix}"), fix=fix)
    if not _SPAN.fullmatch(value):
        return Fault(_("{source}: numbers = {value} is not a range; {fix}"), value=repr(value), fix=fix)
    return Fault(
        _("{source}: numbers = {value}: the range ends between 5 and {largest} and holds at least six numbers; {fix}"),
        value=repr(value),
        largest=LARGEST_NUMBER,
        fix=fix,
    )


def _per_card_fault(_value: Any) -> Fault:
    return Fault(
        _("{source}: numbers_per_card must be {count} (three numbers in a 3 x 3 grid)"), count=NUMBERS_PER_CARD
    )


def _players_fault(_value: Any) -> Fault:
    low, high = PLAYER_RANGE
    return Fault(
        _("{source}: players must be a list of different counts from {low} to {high}, e.g. [2, 3, 4]"),
        low=low,
        high=high,
    )


def _tiers_fault(_value: Any) -> Fault:
    return Fault(_("{source}: tiers is missing; add one [[tiers]] table per tier, in play order"))


def _criteria_fault(_value: Any) -> Fault:
    return Fault(_("{source}: criteria must be a table ([criteria]) of threshold = value lines"))


def _duplicates_fault(value: Any) -> Fault:
    return Fault(
        _(
            "{source}: duplicates must be true or false (true: two cards may be alike, the same colour and "
            "the same numbers in the same cells), not {given}"
        ),
        given=repr(value),
    )


def _tier_name_fault(_value: Any) -> Fault:
    return Fault(
        _('{source}: {where}.name must be a lower-case word (at most {most} letters), e.g. name = "green"'),
        most=MAX_NAME,
    )


def _colour_fault(value: Any) -> Fault:
    return Fault(
        _('{source}: {where} colour {colour} is not a colour deckgen prints; add colour = "..." with one of {colours}'),
        colour=repr(value),
        colours=", ".join(TIER_COLOURS),
    )


def _cards_fault(_value: Any) -> Fault:
    return Fault(_("{source}: {where}.cards must be a whole number from 3 to 99, e.g. cards = 12"))


def _adds_fault(_value: Any) -> Fault:
    return Fault(_('{source}: {where}.adds must list operations from + - x /, e.g. adds = ["x"] (or [] for none)'))


def _focus_fault(_value: Any) -> Fault:
    return Fault(_('{source}: {where}.focus must be a list such as ["7x8=56", "x tables 6-8"]'))


def _any_fault(_value: Any) -> Fault:
    raise AssertionError("a key of any value refuses none")  # pragma: no cover


def _distinct(values: tuple[Any, ...]) -> bool:
    return len(set(values)) == len(values)


@attrs.frozen(kw_only=True)
class TierShape:
    """One ``[[tiers]]`` table as written: every key it may have, and its other lines, criterion
    thresholds for the tier (checked against the criteria's own fields when the spec is read).
    Its colour, left out, is its name (:mod:`.reading` checks that the name is a colour)."""

    name: str = attrs.field(
        metadata=_says(_tier_name_fault),
        validator=_refuse(lambda v: bool(re.fullmatch(rf"[a-z][a-z0-9-]{{0,{MAX_NAME - 1}}}", v))),
    )
    #: The dot colour; left out, the tier's name must be one.
    colour: str | None = attrs.field(
        metadata=_says(_colour_fault), default=None, validator=_refuse(lambda v: v is None or v in TIER_COLOURS)
    )
    cards: int = attrs.field(
        metadata=_says(_cards_fault), validator=_refuse(lambda v: TIER_CARDS[0] <= v <= TIER_CARDS[1])
    )
    #: The operations the tier adds, as deckgen writes them inside (``x`` becomes ``*``).
    adds: tuple[str, ...] = attrs.field(metadata=_says(_adds_fault), default=())
    focus: tuple[Any, ...] = attrs.field(metadata=_says(_focus_fault), default=())
    # The tier's own tables: their ranges depend on the spec's numbers (see reading).
    factors: Any = attrs.field(metadata=_says(_any_fault), default=None)
    tables: Any = attrs.field(metadata=_says(_any_fault), default=None)
    times: Any = attrs.field(metadata=_says(_any_fault), default=None)
    criteria: dict[str, Any] = attrs.field(metadata=_says(_any_fault), factory=dict)

    @property
    def dot(self) -> str:
        """The tier's dot colour: its own, or its name."""
        return self.colour or self.name


@attrs.frozen(kw_only=True)
class SpecShape:
    """A spec file as written (see :mod:`.deck_spec` for what each key means), keys in the order
    they are judged."""

    spec_version: int | float = attrs.field(
        metadata=_says(_version_fault), validator=_refuse(lambda v: v == SPEC_VERSION)
    )
    name: str = attrs.field(
        metadata=_says(_name_fault),
        validator=_refuse(lambda v: bool(re.fullmatch(rf"[a-z0-9][a-z0-9-]{{0,{MAX_NAME - 1}}}", v))),
    )
    title: str = attrs.field(metadata=_says(_title_fault), default="", validator=_refuse(lambda v: len(v) <= MAX_TITLE))
    numbers: str = attrs.field(metadata=_says(_numbers_fault), validator=_refuse(lambda v: number_span(v) is not None))
    # The spec's tables: their ranges depend on its numbers (see reading).
    factors: Any = attrs.field(metadata=_says(_any_fault), default=None)
    tables: Any = attrs.field(metadata=_says(_any_fault), default=None)
    times: Any = attrs.field(metadata=_says(_any_fault), default=None)
    numbers_per_card: int | float = attrs.field(
        metadata=_says(_per_card_fault), default=NUMBERS_PER_CARD, validator=_refuse(lambda v: v == NUMBERS_PER_CARD)
    )
    players: tuple[int, ...] = attrs.field(
        metadata=_says(_players_fault),
        default=(2, 3, 4),
        validator=_refuse(
            lambda v: bool(v) and _distinct(v) and all(PLAYER_RANGE[0] <= p <= PLAYER_RANGE[1] for p in v)
        ),
    )
    #: The ``[[tiers]]`` tables, each read on its own (:func:`read_tier`) after the tiers before it
    #: are checked, in play order.
    tiers: tuple[dict[str, Any], ...] = attrs.field(metadata=_says(_tiers_fault))
    criteria: dict[str, Any] = attrs.field(metadata=_says(_criteria_fault), factory=dict)
    duplicates: bool = attrs.field(metadata=_says(_duplicates_fault), default=False)

    @property
    def span(self) -> tuple[int, int]:
        """The lowest and highest number a card may carry."""
        found = number_span(self.numbers)
        assert found is not None  # validated
        return found


# Strict structuring: TOML's types as they are, never converted ("12" is not 12, true is not 1).


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _type: Any) -> Any:
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise TypeError(f"{value!r} is not {kind.__name__}")
        return value

    return structure


def _number(value: Any, _type: Any) -> int | float:
    """A number (``1`` or ``1.0``, never ``true``), for keys that must equal one."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a number")
    return value


def _listed(value: Any, _type: Any) -> tuple[Any, ...]:
    """A list, or one item standing for a list of it (``adds = "x"``, ``focus = "7x8=56"``)."""
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list):
        raise TypeError(f"{value!r} is not a list")
    return tuple(value)


def operations(value: Any, _type: Any = None) -> tuple[str, ...]:
    """``adds`` as deckgen writes operations inside: ``["x", "÷"]`` is ``("*", "/")``."""
    written = _listed(value, _type)
    if any(str(op) not in OPERATION_NAMES for op in written):
        raise ValueError(f"{value!r} names an operation not in + - x /")
    return tuple(OPERATION_NAMES[op] for op in written)


def _table(value: Any, _type: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"{value!r} is not a table")
    return value


def _counts(value: Any, _type: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise TypeError(f"{value!r} is not a list")
    return tuple(_exactly(int)(item, int) for item in value)


def _checked(field: attrs.Attribute[Any], hook: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """A key's hook, then its validator at once: each key is judged whole (type and range) in the
    order a spec is written, so the first refusal cattrs lists is the first key a teacher reads."""

    def structure(value: Any, type_: Any) -> Any:
        found = hook(value, type_)
        if field.validator is not None:
            field.validator(None, field, found)
        return found

    return structure


def _structure_fn(shape: type[Any], converter: Converter, **hooks: Callable[[Any, Any], Any]) -> Any:
    """cattrs' structuring of ``shape``: each key by its own hook (``hooks``, else the converter's
    for its type), judged at once by :func:`_checked`."""
    attrs.resolve_types(shape)
    checked = {
        field.name: override(
            struct_hook=_checked(field, hooks.get(field.name) or converter.get_structure_hook(field.type))
        )
        for field in attrs.fields(shape)
    }
    return make_dict_structure_fn(shape, converter, **checked)  # type: ignore[arg-type]


def _tables(value: Any, _type: Any) -> tuple[dict[str, Any], ...]:
    """``[[tiers]]``: at least one table (each is read on its own, see :func:`read_tier`)."""
    if not isinstance(value, list) or not value or not all(isinstance(t, dict) for t in value):
        raise TypeError("tiers is not a list of tables")
    return tuple(value)


@cache
def _converter() -> Converter:
    converter = Converter(detailed_validation=True, forbid_extra_keys=True)
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    converter.register_structure_hook(
        TierShape,
        _structure_fn(TierShape, converter, adds=operations, focus=_listed, criteria=_table),
    )
    converter.register_structure_hook(
        SpecShape,
        _structure_fn(
            SpecShape,
            converter,
            spec_version=_number,
            numbers_per_card=_number,
            players=_counts,
            tiers=_tables,
            criteria=_table,
        ),
    )
    return converter


class ShapeError(DeckgenError):
    """A spec's key refused for its own value: ``key`` names it (empty: an unknown key), so that
    the rules between the keys written before it can be judged first."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


def read_shape(data: Mapping[str, Any], source: str) -> SpecShape:
    """``data`` (a spec's TOML) as a :class:`SpecShape`, or a :class:`ShapeError` line: the first
    refused key in the order a spec is written (an unknown key first of all)."""
    try:
        shape: SpecShape = _converter().structure(data, SpecShape)
    except BaseValidationError as error:
        unknown = [e for e in error.exceptions if isinstance(e, ForbiddenExtraKeysError)]
        if unknown:
            known = ", ".join(sorted(field.name for field in attrs.fields(SpecShape)))
            key = next(key for key in data if key in unknown[0].extra_fields)
            said = _("{source}: unknown key {key}; a spec has {known}").format(
                source=source, key=repr(key), known=known
            )
            raise ShapeError(said, "") from None
        path, refused = _first_leaf(error, ())
        raise ShapeError(_said(refused, path, SpecShape, data, source, ""), str(path[0]) if path else "") from None
    return shape


#: The keys of a tier, in the order they are read; its other lines are thresholds of its criteria.
TIER_KEYS = tuple(field.name for field in attrs.fields(TierShape) if field.name != "criteria")


def read_tier(table: Mapping[str, Any], source: str, where: str) -> TierShape:
    """One ``[[tiers]]`` table as a :class:`TierShape`, or a :class:`ShapeError` line naming ``where``."""
    known = {key: line for key, line in table.items() if key in TIER_KEYS}
    criteria = {key: line for key, line in table.items() if key not in TIER_KEYS}
    try:
        shape: TierShape = _converter().structure({**known, "criteria": criteria}, TierShape)
    except BaseValidationError as error:
        path, refused = _first_leaf(error, ())
        raise ShapeError(_said(refused, path, TierShape, table, source, where), str(path[0]) if path else "") from None
    return shape


#: Where a refusal lies: the keys and list places from the top of a table down.
Path = tuple[str | int, ...]


def _first_leaf(error: BaseException, path: Path) -> tuple[Path, BaseException]:
    """The first refusal inside ``error`` (cattrs lists them in field order) and its path."""
    if not isinstance(error, BaseValidationError):
        return path, error
    inner = error.exceptions[0]
    step: list[str | int] = []
    for note in getattr(inner, "__notes__", []):
        if isinstance(note, AttributeValidationNote):
            step = [note.name]
        elif isinstance(note, IterableValidationNote):
            step = [note.index]
    return _first_leaf(inner, (*path, *step))


def _said(
    refused: BaseException, path: Path, shape: type[Any], data: Mapping[str, Any], source: str, where: str
) -> str:
    """The line for a refusal: its own :class:`Fault`, or, for a value of the wrong type or a key
    left out, the ``fault`` of the key it lies under, said of the value written there."""
    if isinstance(refused, Fault):
        return refused.line(source, where)
    name = str(path[0])
    fault: Fault = attrs.fields_dict(shape)[name].metadata["fault"](data.get(name, MISSING))
    return fault.line(source, where)
