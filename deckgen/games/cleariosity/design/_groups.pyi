"""Types of the compiled group sums (``_groups.c``); see :class:`~.design_index.GroupIndex`."""

from collections.abc import Callable, Sequence

#: Group kinds, members and pairs, each a dict of counts (see :class:`~.design_index.Delta`).
Sums = tuple[dict[int, int], dict[int, int], dict[tuple[int, int], int]]

def delta(
    changed: list[int],
    lines: list[int],
    footprints: list[list[tuple[int, tuple[int, int, int]]]],
    singles: list[list[list[set[int]]]],
    dominoes: list[dict[int, set[int]]],
    table: list[tuple[tuple[int, int], ...]],
    base: int,
    codes: int,
    colour_rank: list[int],
    counts_at_top: list[tuple[bool, ...]],
) -> Sums: ...
def difference(after: Sequence[object], before: Sequence[object]) -> Sums: ...
def account(
    change: Sequence[object],
    sign: int,
    own_count: list[int],
    own_pairs: list[int],
    pair_kinds: list[dict[int, int]],
    distinct_pairs: list[int],
    role_cache: dict[int, tuple[object, ...]],
    role_of: Callable[[int], tuple[object, ...]],
    pair_weight: int,
    code_shift: int,
) -> None: ...
def largest(at: tuple[int, ...], values: list[int], /) -> int: ...
def card_terms(
    own_count: list[int],
    own_pairs: list[int],
    colour_rank: list[int],
    distinct_pairs: list[int],
    boost: list[int],
    group_target: tuple[int, ...],
    pair_target: tuple[int, ...],
    pair_weight: tuple[float, ...],
    floor_groups: int,
    least_pairs: int,
    kinds_target: int,
    pair_cap: int,
    group_cap: int,
    group_weight: float,
    group_short: float,
    square_short: float,
    below_line: float,
    /,
) -> tuple[float, float]: ...
def index_card(
    card: int,
    lines: list[int],
    cells: dict[int, int],
    prints: list[tuple[int, tuple[int, int, int]]],
    singles: list[list[list[set[int]]]],
    dominoes: list[dict[int, set[int]]],
    /,
) -> None: ...
