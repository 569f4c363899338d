"""Cleariosity Letters, the word game Cleariosity Numbers came from, for classes learning to read.

The same clear cards, 3×3 grid and stacking as the numbers game (:mod:`deckgen.games.grid`); a
line of three cells spells a word, each cell holding a letter or a grapheme tile such as ``sh``
or ``sch``. Each language's reading levels and words (:mod:`.words`), how a stack reads
(:mod:`.cards`), the blocklist check (:mod:`.blocklist`), the design search (:mod:`.design`),
its proof by counts and simulated classes (:mod:`.report`, :mod:`.play`), and the cards and
pack (:mod:`.faces`, :mod:`.pack`).
"""

from deckgen.games.letters.game import LettersGame

GAME = LettersGame()
