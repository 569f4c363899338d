"""The compiled group sums (``_groups.c``) are design/index.py's: the same totals, the same deck.

A designed deck is fixed by its seed on every machine, with or without a C compiler, so the
compiled sums must count every group the Python counts. Compared here on whole searches (the
standard deck, and a times-tables spec whose numbers pass 9) and on single look-ups.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deckgen.games.cleariosity.design import compiled
from deckgen.games.cleariosity.design.index import ALL_LINES, Delta
from deckgen.games.cleariosity.design.search import DeckSearch, DesignGoal, DesignSettings, search_attempt
from deckgen.games.cleariosity.spec.deck_spec import designable, spec_tiers
from deckgen.games.cleariosity.spec.reading import load_spec


def spec_goal(name: str) -> DesignGoal:
    spec = load_spec(name)
    return DesignGoal(
        tuple(tier.cards for tier in spec.tiers), designable(spec), name=spec.name, spec=name, tiers=spec_tiers(spec)
    )


def test_the_compiled_group_sums_are_built() -> None:
    assert compiled.compiled_groups is not None, (
        "deckgen/games/cleariosity/design/_groups.c was not built (pip install -e .)"
    )


@pytest.mark.parametrize("spec", ["standard", "times-2-4"])
def test_a_search_designs_the_same_decks_compiled_and_in_python(monkeypatch: pytest.MonkeyPatch, spec: str) -> None:
    goal = spec_goal(spec)
    settings = DesignSettings(iterations=3000)
    monkeypatch.setenv(compiled.PURE_PYTHON_VARIABLE, "1")
    assert compiled.groups_engine() is None
    in_python = search_attempt(7, 1, settings, goal=goal)
    monkeypatch.delenv(compiled.PURE_PYTHON_VARIABLE)
    assert compiled.groups_engine() is not None
    assert [deck.cards for deck in search_attempt(7, 1, settings, goal=goal)] == [deck.cards for deck in in_python]


def counted(delta: Delta) -> tuple[dict[int, int], Counter[int], Counter[tuple[int, int]]]:
    return delta.kinds, Counter(delta.members), Counter(delta.pair_members)


@pytest.mark.parametrize("spec", ["standard", "times-6-8"])
def test_every_look_up_sums_the_same_groups(monkeypatch: pytest.MonkeyPatch, spec: str) -> None:
    """Random sets of changed cards along random lines: the same kinds, members and pairs."""
    search = DeckSearch(3, DesignSettings(), spec_goal(spec))
    rng = random.Random(11)
    cards = len(search.cells)
    for _ in range(60):
        changed = rng.sample(range(cards), rng.randrange(1, 5))
        lines = sorted(rng.sample(ALL_LINES, rng.randrange(1, 9)))
        monkeypatch.setattr(search.index, "engine", None)
        in_python = counted(search.index._delta(changed, lines))
        monkeypatch.setattr(search.index, "engine", compiled.compiled_groups)
        assert counted(search.index._delta(changed, lines)) == in_python
    assert sum(search.index._delta(list(range(cards))).kinds.values()) > 0


def test_a_broken_index_is_refused_not_read() -> None:
    groups = compiled.compiled_groups
    assert groups is not None
    with pytest.raises(ValueError, match="out of range"):
        groups.delta([5], [0], [[(0, (0, 0, 0))] * 8], [], [], [()], 1, 1, [0], [])
    with pytest.raises(TypeError, match="three dicts"):
        groups.difference(({}, {}), ({}, {}, {}))
