"""The deck designer: deterministic for a seed, certificates correct by construction."""

from __future__ import annotations

import pytest

from deckgen.deckfile import dump_cleariosity
from deckgen.design import DesignSettings, design_deck, teaching_equations
from deckgen.model import Tier
from deckgen.rules import equation_ops, is_trivial
from deckgen.verify import verify_deck

SMALL = DesignSettings(iterations=150, polish_iterations=10, polish_games=10)


@pytest.mark.parametrize("op", ["+", "-", "*", "/"])
def test_teaching_equations_hold_only_with_their_operation(op: str) -> None:
    found = teaching_equations(op)
    assert found
    for a, b, c in found:
        assert equation_ops(a, b, c) == (op,)
        assert not is_trivial(a, b, c, op)
    if op == "*":
        assert (2, 2, 4) not in found  # 2 + 2 = 4 too


def test_same_seed_gives_the_same_deck_file() -> None:
    first = dump_cleariosity(design_deck(11, SMALL))
    assert first == dump_cleariosity(design_deck(11, SMALL))
    assert first != dump_cleariosity(design_deck(12, SMALL))


def test_even_a_short_search_keeps_its_certificates() -> None:
    deck = design_deck(5, SMALL)
    assert [len(deck.colour_cards(t)) for t in Tier] == [24, 12, 12, 12]
    failures = verify_deck(deck, games=0, seed=1).failures()
    assert not [f for f in failures if f[1] in (2, 3)], failures


def test_progress_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    design_deck(2, SMALL, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (160, 160)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
