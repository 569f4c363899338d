"""The design search's group index and tally, kept step by step, agree with counting the deck afresh."""

from __future__ import annotations

import random

from deckgen.games.grid import LINE_POSITIONS
from deckgen.games.letters.blocklist import blocked_words
from deckgen.games.letters.design import LettersGoal, LettersSearch, LettersSettings, default_counts
from deckgen.games.letters.groups import group_tuples
from deckgen.games.letters.tally import LevelTally
from deckgen.games.letters.words import load_words

NAMES = list(LINE_POSITIONS)


def test_groups_and_figures_kept_over_many_steps_match_a_fresh_count() -> None:
    words = load_words("en")
    goal = LettersGoal(words, default_counts(len(words.levels)), blocked_words("en"))
    search = LettersSearch(3, goal, LettersSettings())
    rng = random.Random(5)
    checked = 0
    for step in range(1500):
        undo = search._propose()
        if undo is not None and rng.random() < 0.5:
            undo()
        if step % 300 != 299:
            continue
        fresh = group_tuples(search.cells, search.lexicons[-1])
        assert {(cards, NAMES[line], tiles) for cards, line, tiles in search.index.groups} == set(fresh)
        assert len(search.index.groups) == len(fresh)
        tally = LevelTally(search.levels, search.level_of, search.word_rank, search.focus)
        for cards, line, tiles in fresh:
            tally.count((cards, NAMES.index(line), tiles), 1)
        kept = search.tally
        assert (kept.pairs, kept.alls, kept.weight, kept.new) == (tally.pairs, tally.alls, tally.weight, tally.new)
        assert [+counter for counter in kept.words] == [+counter for counter in tally.words]
        blocked = group_tuples(search.cells, search.blocked)
        assert {(cards, NAMES[line], tiles) for cards, line, tiles in search.blocked_index.groups} == set(blocked)
        checked += 1
    assert checked == 5
