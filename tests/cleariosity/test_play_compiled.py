"""The compiled games (``_play.c``) are play/simulate.py's games: the same draws, the same totals.

Every figure deckgen proves and every deck it designs comes from these games, so the compiled
games must give equal :class:`PlayStats`, batch for batch, to the Python ones for any groups,
players, seed and variety inputs. ``make test`` installs with a C compiler, so the compiled
games must be there to be compared.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.games.cleariosity.analysis.tier_report import equation_numbers, group_flags
from deckgen.games.cleariosity.core.groups import find_groups, raw_card
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.play import compiled
from deckgen.games.play import simulate as play


def both(monkeypatch: pytest.MonkeyPatch, *args: object) -> tuple[play.PlayStats, play.PlayStats]:
    """``simulate(*args)`` played in Python, then compiled."""
    monkeypatch.setenv(compiled.PURE_PYTHON_VARIABLE, "1")
    assert compiled.play_engine() is None
    in_python = play.simulate(*args)  # type: ignore[arg-type]
    monkeypatch.delenv(compiled.PURE_PYTHON_VARIABLE)
    assert compiled.play_engine() is not None
    return in_python, play.simulate(*args)  # type: ignore[arg-type]


def test_the_compiled_games_are_built() -> None:
    assert compiled.compiled_play is not None, "deckgen/games/cleariosity/play/_play.c was not built (pip install -e .)"


@st.composite
def games(draw: st.DrawFn) -> tuple[object, ...]:
    cards = draw(st.integers(2, 40))
    masks = [
        sum(1 << card for card in members)
        for members in draw(
            st.lists(st.sets(st.integers(0, cards - 1), min_size=2, max_size=min(4, cards)), max_size=80)
        )
    ]
    flags = draw(st.lists(st.integers(0, 7), min_size=len(masks), max_size=len(masks)))
    slots = draw(st.integers(1, 25))
    equations = draw(
        st.one_of(st.just([]), st.lists(st.integers(0, slots - 1), min_size=len(masks), max_size=len(masks)))
    )
    kinds = draw(st.one_of(st.just([]), st.lists(st.integers(0, 3), min_size=slots, max_size=slots)))
    players = draw(st.integers(1, 6))
    played = draw(st.integers(0, 90))
    seed = draw(st.one_of(st.integers(0, 2**40), st.text(max_size=12)))
    return cards, masks, flags, players, played, seed, equations, kinds if equations else []


@settings(max_examples=150, deadline=None)
@given(games())
def test_compiled_games_equal_the_python_games(case: tuple[object, ...]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        in_python, compiled = both(monkeypatch, *case)
    assert compiled == in_python
    assert len(compiled.batches) == len(in_python.batches)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_shipped_deck_plays_the_same_games_compiled(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    """Every tier of the shipped deck, with the variety figures verify reads: equal totals."""
    deck = load_cleariosity()
    for tier in deck.tiers:
        cards = [card for card in deck.cards if card.tier.rank <= tier.rank]
        groups = find_groups([raw_card(card) for card in cards], tier.ops())
        masks = [group.mask for group in groups]
        equations, _names, kinds = equation_numbers(groups, tier)
        in_python, compiled = both(
            monkeypatch,
            len(cards),
            masks,
            group_flags(groups, tier),
            players,
            300,
            f"compare:{tier.name}",
            equations,
            kinds,
        )
        assert compiled == in_python
        assert compiled.groups_collected > 0


def test_bad_groups_are_refused_not_played() -> None:
    assert compiled.compiled_play is not None
    state = play.random.Random(1).getstate()[1]
    with pytest.raises(ValueError, match="fewer than two cards"):
        compiled.compiled_play.simulate(3, [0, 1], [0], [0], 2, [5], state, [], [], 0, 0)
    with pytest.raises(ValueError, match="distinct cards"):
        compiled.compiled_play.simulate(3, [0, 2], [2, 1], [0], 2, [5], state, [], [], 0, 0)
    with pytest.raises(ValueError, match="625"):
        compiled.compiled_play.simulate(3, [0, 2], [1, 2], [0], 2, [5], state[:5], [], [], 0, 0)
