"""The Cleariosity Numbers pages of the teacher pack: rules and variants, written for teachers."""

from __future__ import annotations

from deckgen.i18n import N_

CLEARIOSITY_TITLE = "Cleariosity Numbers"
CLEARIOSITY_INTRO = N_(
    "A game for {players} with {cards} clear cards. Each card has three numbers ({numbers}) on a 3 × 3 grid "
    "and a coloured dot, with {mark}, in its bottom-left corner. Stack cards so that "
    "three numbers in a line make a true equation, and collect the cards."
)
#: What a level's operations are called in its row of the levels table.
OPERATION_WORDS = {"+": N_("adding"), "-": N_("subtracting"), "*": N_("multiplying"), "/": N_("dividing")}
CLEARIOSITY_RULES = [
    (N_("Choose a level."), N_("Use only the cards of the colours for your level (see the table).")),
    (
        N_("Deal."),
        N_(
            "Shuffle and deal all the cards into a stack in front of each player, the same number each. "
            "The cards are clear, but in a stack their numbers overlap and cannot be read, so nothing "
            "needs hiding: just do not look through your stack. Cards left over go in the middle."
        ),
    ),
    (
        N_("Turn up."),
        N_(
            "All players lay the top card of their stack in the middle at the same time, apart from the "
            "other cards. Every card lies the same way up: dot at the bottom left."
        ),
    ),
    (
        N_("Look for an equation."),
        N_(
            "When you see cards that would make an equation if they were stacked, put your fingers on "
            "them and say it. Stack the cards to check. Look at the whole table, not just the new "
            "cards: a new card often makes an equation with one that has been lying there for a while."
        ),
    ),
    (
        N_("Collect."),
        N_(
            "If you are right, keep the cards in your own winnings pile. If not, the cards go back and "
            "you wait until another player has made a claim before you claim again."
        ),
    ),
    (N_("Nothing left to find?"), N_("When nobody can see an equation, everybody turns up their next card.")),
    (
        N_("Sweep the table."),
        N_(
            "When the piles are used up, everybody checks every card still on the table together, and "
            "keeps collecting until nobody can find another equation."
        ),
    ),
    (
        N_("End."),
        N_("The game ends after the sweep. The player who collected the most cards wins; equal piles share the win."),
    ),
]
CLEARIOSITY_EQUATION = [
    N_(
        "The three numbers are in one straight line: a row read left to right, a column read top to "
        "bottom, or a diagonal read from its left end (top-left down to bottom-right, or bottom-left "
        "up to top-right)."
    ),
    N_("Read in that direction they say {forms}, with an operation of your level.{exact}"),
    N_(
        "None of the three numbers covers, or is covered by, another number. Numbers that are not "
        "part of the equation may overlap."
    ),
    N_("Every stacked card gives at least one of the three numbers; two or three cards make an equation."),
]

#: Said of dividing, in a deck that divides.
CLEARIOSITY_EXACT = N_(" A division must leave no remainder.")
#: For a deck with a colour that brings in two operations, or none: what its signs mean.
CLEARIOSITY_SIGNS = N_("The mark beside a dot says what its colour brings in. {meanings}")
CLEARIOSITY_SIGNS_SEVERAL = N_("{signs} on the {colour} dot: {name} brings in {doing}.")
CLEARIOSITY_SIGNS_NONE = N_(
    "{letter} (for {name}) on the {colour} dot: {name} adds more cards for the operations so far, and no new operation."
)
#: The intro's words for the mark beside the dot: an operation sign, or for such a deck, a mark.
CLEARIOSITY_MARK = N_("an operation sign")
CLEARIOSITY_MARK_EXPLAINED = N_("a mark (see below the table)")

#: For a deck with numbers that read as others turned half round (16 and 91): what the bar means.
CLEARIOSITY_UNDERLINE = N_(
    "A line under a number shows which way up it is read: {example}, not {turned}. Cards always lie "
    "with the dot at the bottom left."
)

#: For a deck of more than one level.
CLEARIOSITY_LEVEL_UP = N_("Start with {first} only, and add a colour when the class is ready for the next level.")
CLEARIOSITY_VARIANTS = [
    N_(
        "Take turns to claim (two players, when one spots equations much faster): whoever collected "
        "the last equation may not claim the next one. The slower player then has a real chance to win."
    ),
    N_(
        "Class against the deck (co-operative): everybody plays for the class and calls out every "
        "equation they see. The class wins if at most 2 cards are left at the end{larger}."
    ),
]
#: The co-operative variant's allowance at the larger levels, when the deck has them.
CLEARIOSITY_LARGER_LEVELS = N_(" (at most 4 at the {levels} levels, which have more cards)")
#: ... and where the largest levels allow more than the larger (more than 72 cards in play).
CLEARIOSITY_LARGER_ALLOWANCES = N_(" (at most {allowances}, which have more cards)")
CLEARIOSITY_ALLOWANCE = N_("{count} at the {level} level")

#: For a deck whose colours bring in times tables of their own (the cards print them small
#: beside the sign): what those numbers mean, and that other true equations count too.
CLEARIOSITY_TABLES_MARK = N_(
    "The small numbers beside the sign on a card say which tables its colour brings in: {mark} on the "
    "{colour} cards means {tables}."
)
#: ... for a level of times tables as a class learns them (the 2, 5 and 10 tables, each × 2 to × 9):
#: an equation of the level's cards that is in none of them.
CLEARIOSITY_TABLES_OUTSIDE = N_(
    "Any true equation in a line counts, also one outside {tables}, such as {outside} at the {colour} level."
)
#: ... for a level of facts with both factors from a range (2 × 2 to 5 × 5): an equation of its
#: cards that is not among them (2 × 8 = 16 is in the 2 table, but not among 2 × 2 to 5 × 5).
CLEARIOSITY_FACTS_OUTSIDE = N_(
    "Any true equation in a line counts, also one that is not among the {colour} level's facts ({facts}), "
    "such as {outside}."
)

#: Times tables in a teacher's words: one, a list, a run, and every table of primary school.
TIMES_TABLE = N_("the {table} times table")
TIMES_TABLES = N_("the {tables} times tables")
TIMES_TABLES_RUN = N_("the {low} to {high} times tables")
TIMES_TABLES_ALL = N_("the whole times table, from {low} to {high}")

#: Levels and players: a heading, then one line per level with each player's turn-ups.
CLEARIOSITY_PLAYERS_INTRO = N_(
    "Each player turns up one card a round, so the level and the number of players set how many "
    "turns each player gets. Fewer turns make a shorter game and more ties: where each player "
    "gets 8 turn-ups or fewer, play with fewer players, or against the deck together."
)
