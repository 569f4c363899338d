"""The words of the Cleariosity Letters pages of the teacher pack (marked for translation)."""

from __future__ import annotations

from deckgen.i18n import N_

LETTERS_TITLE = N_("Cleariosity Letters: the rules")
LETTERS_INTRO = N_(
    "A reading game for 2 to 4 players with {cards} clear cards, words in {language}. Each card has three "
    "letters or letter groups on a 3 × 3 grid, and a coloured dot with its level's number in its bottom-left "
    "corner. Stack cards so that three cells in a line spell a word, and collect the cards."
)
LETTERS_RULES = [
    (N_("Choose a level."), N_("Use the cards of your level and of the levels before it (see the table).")),
    (
        N_("Deal."),
        N_(
            "Shuffle and deal all the cards into a pile in front of each player, the same number each. "
            "In a pile the letters overlap and cannot be read, so nothing needs hiding. Cards left over go "
            "face up in the middle, apart from each other, and count as cards on the table."
        ),
    ),
    (
        N_("Turn up."),
        N_(
            "All players lay the top card of their pile in the middle at the same time, apart from the other "
            "cards. Every card lies the same way up: dot at the bottom left."
        ),
    ),
    (
        N_("Look for a word."),
        N_(
            "When you see cards that would spell a word if they were stacked, put your fingers on them and read "
            "the word aloud. Stack the cards to check. Look at the whole table: a new card often spells a word "
            "with one that has been lying there for a while."
        ),
    ),
    (
        N_("Collect."),
        N_(
            "If you are right, keep the cards in your word pile. If not, the cards go back where they were, and you "
            "wait until another player has made a claim before you claim again."
        ),
    ),
    (N_("Nothing left to find?"), N_("When nobody can see a word, everybody turns up their next card.")),
    (
        N_("Sweep the table."),
        N_(
            "When the piles are used up, everybody looks at every card still on the table together, and keeps "
            "collecting until nobody can find another word."
        ),
    ),
    (N_("End."), N_("The player who collected the most cards wins; if there is a tie, the winners share the win.")),
]
LETTERS_WORD = [
    N_(
        "The three cells are in one straight line: a row read left to right, a column read top to bottom, or a "
        "diagonal read from its left end (top-left down to bottom-right, or bottom-left up to top-right)."
    ),
    N_(
        "Read in that direction they spell a word of your level or of a level before it (the lists follow the "
        "rules), or another real word the teacher accepts. A letter group such as {example} fills one cell and is "
        "read together."
    ),
    N_("None of the three cells is covered by another letter. Letters that are not part of the word may overlap."),
    N_("Every stacked card gives at least one of the three cells; two or three cards spell a word."),
]
LETTERS_VARIANTS = [
    N_("Say it in a sentence: whoever collects a word reads it aloud and uses it in a sentence of their own."),
    N_(
        "All against the deck (co-operative): the players play together and read out every word they see. They "
        "win together if no more than one card in ten is left at the end: {allowed}."
    ),
]
LETTERS_LEVEL_UP = N_("Start with level 1 only, and add the next level's cards when the class knows its sounds.")
LETTERS_WORDS_TITLE = N_("The words of each level")
LETTERS_WORDS_INTRO = N_(
    "Each level's new words from the word list that this deck's cards spell, found by stacking every pair and "
    "every three of its cards. The words of earlier levels can still be made at later ones, and children will "
    "find other real words too: the teacher decides whether they count."
)
LETTERS_FOCUS = N_(
    "This deck was designed to bring up these words often (in brackets, how many pairs of its cards spell each "
    "at its level): {words}."
)
LETTERS_KEYS_INTRO = N_(
    "The key of a level shows one way to collect its new cards, each picture the cards of one word stacked, "
    "with the line to read highlighted. With the keys of the levels before it, that collects every card in play."
)
