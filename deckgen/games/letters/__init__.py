"""Cleariosity Letters, the word game Cleariosity Numbers came from (being built).

The same clear cards, 3×3 grid and stacking as the numbers game (:mod:`deckgen.games.grid`);
a line of three cells spells a word, each cell holding a letter or a grapheme tile such as
``sh`` or ``sch``. This package holds what is done so far: each language's reading levels and
words (:mod:`.words`), the cards and how a stack of them reads (:mod:`.cards`), and the check
that no stack spells a blocked word (:mod:`.blocklist`). It is not yet in the games registry:
it has no deck, design or output of its own yet.
"""
