"""Types of the compiled games (``_play.c``); see :func:`deckgen.games.play.simulate`."""

#: One batch's totals: games, cards collected, groups collected, practising, trivial, needing the
#: new operation, repeats, windows, each card's times left, each equation's count, and each
#: kind's distinct equations summed over the windows.
Batch = tuple[int, int, int, int, int, int, int, int, list[int], list[int], list[int]]

def simulate(
    card_count: int,
    offsets: list[int],
    members: list[int],
    flags: list[int],
    players: int,
    batch_games: list[int],
    state: tuple[int, ...],
    equations: list[int],
    kinds: list[int],
    equation_slots: int,
    kind_slots: int,
) -> list[Batch]: ...
