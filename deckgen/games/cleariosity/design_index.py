"""The design search's group kinds: what the running totals count groups by.

A group's kind is its equation's code, the set of operations it reads with, the top colour of
its cards, and whether it is a two-card group. The search sums thousands of groups a step by
kind, so a kind is one int with those four fields in fixed bits (:func:`group_kind` packs it,
:func:`kind_parts` unpacks it, and :data:`GroupKind` keeps the type apart from other ints);
the hot loops use the same shifts, from here.
"""

from __future__ import annotations

from typing import NamedTuple, NewType

from deckgen.games.cleariosity.rules import LINE_POSITIONS

#: The eight reading lines as grid positions (row * 3 + col).
LINES: tuple[tuple[int, int, int], ...] = tuple(LINE_POSITIONS.values())

GroupKind = NewType("GroupKind", int)

#: Bits of a kind, from the lowest: two-card or not (1), top colour (TOP_BITS), operations'
#: key (OPS_BITS: room for 16 sets of operations, of which + - × ÷ make 15), then the code.
TOP_BITS = 3
OPS_BITS = 4
#: Room for tiers in a kind: 8 (a spec has at most :data:`~.spec.MOST_TIERS`, 6).
TIER_BITS_ROOM = 1 << TOP_BITS
OPS_ROOM = 1 << OPS_BITS
#: Shifts from a kind without its two-card bit (what the role cache is keyed by) to its fields.
OPS_SHIFT = TOP_BITS
CODE_SHIFT = TOP_BITS + OPS_BITS


class KindParts(NamedTuple):
    """A group kind's fields."""

    code: int
    ops_key: int
    top: int
    pair: bool


def group_kind(code: int, ops_key: int, top: int, pair: bool) -> GroupKind:
    """The kind of a group with this equation code, operations' key, top colour and size."""
    if not (0 <= ops_key < OPS_ROOM and 0 <= top < TIER_BITS_ROOM):
        raise ValueError(f"operations' key {ops_key} or top colour {top} does not fit a group kind")
    return GroupKind((((code << OPS_BITS | ops_key) << TOP_BITS | top) << 1) | pair)


def kind_parts(kind: GroupKind) -> KindParts:
    """The fields of a group kind (see :func:`group_kind`)."""
    role = kind >> 1
    return KindParts(
        role >> CODE_SHIFT, (role >> OPS_SHIFT) & (OPS_ROOM - 1), role & (TIER_BITS_ROOM - 1), bool(kind & 1)
    )
