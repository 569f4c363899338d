"""The design search's moves: each changes the deck a little and says what it touched.

A move returns the cards it touched, their cells before it, and (for a move of a teaching
triple) the triple's old line and fact, so that :meth:`~.design.search.DeckSearch._undo` can put
them back; or ``None`` when the roll gave nothing to change. How often each move is tried is
set in :class:`~.design.settings.DesignSettings` (``fact_move_below`` …). The teaching triples
(see :mod:`~.design.search`) stay true under every move: a free number never lands on its card's
triple line, and a triple always carries one of its tier's teaching facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckgen.games.cleariosity.design.index import LINES

if TYPE_CHECKING:
    from deckgen.games.cleariosity.design.views import MoveView, Proposal


def propose(search: MoveView) -> Proposal | None:
    """Change the deck a little; return the cards touched, their old cells, and a triple's old state."""
    rng = search.rng
    if search.plant_rate and rng.random() < search.plant_rate:
        return propose_plant(search)
    roll = rng.random()
    if roll < search.settings.fact_move_below:
        return propose_fact(search)
    if roll < search.settings.line_move_below:
        return propose_line(search)
    card = rng.randrange(len(search.cells))
    cells = search.cells[card]
    saved = [(card, dict(cells))]
    position = rng.choice(sorted(p for p in cells if p != search.certificate_cell[card]))
    if roll < search.settings.value_move_below:
        values = search.card_values[card]
        value = values[rng.randrange(len(values))]
        if value == cells[position]:
            return None
        cells[position] = value
        return [card], saved, None
    empty = [p for p in range(9) if p not in cells and p not in LINES[search.certificate_line[card]]]
    cells[rng.choice(empty)] = cells.pop(position)
    return [card], saved, None


def propose_plant(search: MoveView) -> Proposal | None:
    """Lay a fact the tier lacks (or has in too few two-card groups) as a new two-card group:
    a card of the tier takes two of its numbers on a line, a card in play there the third.

    With products among the numbers, groups are rare, and a single changed number seldom
    makes one; this move builds one whole. Only searches of such numbers use it.
    """
    rng = search.rng
    number = rng.randrange(len(search.tiers))
    stats, codes = search.index.stats[number], search.fact_codes[number]
    wanted = search.pair_wanted[number]
    # Facts no group reads first; then those in too few two-card groups.
    short = [i for i, code in enumerate(codes) if not stats.facts[code]] or [
        i for i, code in enumerate(codes) if stats.pair_facts[code] < wanted
    ]
    if not short:
        return None
    fact = search.goal_facts[number][short[rng.randrange(len(short))]]
    line = LINES[rng.randrange(len(LINES))]
    first, last = search.first_index[number], search.tier_sizes[number]
    # The card with two numbers is of the tier; its partner may be any card in play there.
    double, single = rng.randrange(first, last), rng.randrange(last)
    if single == double or search.certificate_cell[single] in line or search.certificate_cell[double] in line:
        return None
    lone = rng.randrange(3)
    if fact[lone] not in search.card_values[single]:
        return None
    # Free numbers stay off their card's teaching line (each card gives that line one number).
    if line[lone] in LINES[search.certificate_line[single]] or any(
        line[slot] in LINES[search.certificate_line[double]] for slot in range(3) if slot != lone
    ):
        return None
    single_cells, double_cells = search.cells[single], search.cells[double]
    keep = [p for p in single_cells if p != search.certificate_cell[single]]
    moved = keep[rng.randrange(2)]
    kept = next(p for p in keep if p != moved)
    if kept in line or kept == line[lone]:
        return None
    saved = [(single, dict(single_cells)), (double, dict(double_cells))]
    del single_cells[moved]
    single_cells[line[lone]] = fact[lone]
    for position in [p for p in double_cells if p != search.certificate_cell[double]]:
        del double_cells[position]
    for slot in range(3):
        if slot != lone:
            double_cells[line[slot]] = fact[slot]
    return [single, double], saved, None


def propose_fact(search: MoveView) -> Proposal | None:
    rng = search.rng
    number = rng.randrange(len(search.triples))
    tier, line, triple = search.triples[number]
    taken = {search.triple_fact[n] for n, t in enumerate(search.triples) if t[0] is tier and n != number}
    choices = [f for f in search.facts[tier] if f not in taken]
    if not choices:
        return None
    saved = [(card, dict(search.cells[card])) for card in triple]
    old = (number, line, search.triple_fact[number])
    search.triple_fact[number] = rng.choice(choices)
    search.write_triple(number)
    return list(triple), saved, old


def propose_line(search: MoveView) -> Proposal | None:
    rng = search.rng
    number = rng.randrange(len(search.triples))
    tier, line, triple = search.triples[number]
    new_line = rng.randrange(len(LINES))
    if new_line == line:
        return None
    saved = [(card, dict(search.cells[card])) for card in triple]
    old = (number, line, search.triple_fact[number])
    cells_of_new = LINES[new_line]
    for slot, card in enumerate(triple):
        cells = search.cells[card]
        free = {p: v for p, v in cells.items() if p != search.certificate_cell[card]}
        cells.clear()
        cells[cells_of_new[slot]] = search.triple_fact[number][slot]
        for position, value in free.items():
            if position in cells_of_new:
                options = [p for p in range(9) if p not in cells_of_new and p not in cells and p not in free]
                position = rng.choice(options)
            cells[position] = value
        search.certificate_line[card] = new_line
        search.certificate_cell[card] = cells_of_new[slot]
    search.triples[number] = (tier, new_line, triple)
    return list(triple), saved, old
