"""The Treenex pages of the teacher pack: rules and variants, written for teachers."""

from __future__ import annotations

from deckgen.i18n import N_

TREENEX_TITLE = N_("Treenex — three-number expressions")
#: The rules' first paragraph; the card values and copies are the printed deck's.
TREENEX_INTRO = N_(
    "A game for 2 to 4 players with cards numbered {low} to {high} ({copies} of each), paper and pencils. "
    "Everyone builds an expression from three numbers, a × b + c or (a + b) × c, and its value "
    "is their score."
)
#: The same for a deck that deals a whole game to 2 or 3 players only, and to 2 only.
TREENEX_INTRO_TWO_OR_THREE = N_(
    "A game for 2 or 3 players with cards numbered {low} to {high} ({copies} of each), paper and pencils. "
    "Everyone builds an expression from three numbers, a × b + c or (a + b) × c, and its value "
    "is their score."
)
TREENEX_INTRO_TWO = N_(
    "A game for 2 players with cards numbered {low} to {high} ({copies} of each), paper and pencils. "
    "Everyone builds an expression from three numbers, a × b + c or (a + b) × c, and its value "
    "is their score."
)
#: Copies are written as words, as a teacher would say them.
NUMBER_WORDS = (
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
)
TREENEX_RULES = [
    (
        N_("Deal a hand."),
        N_(
            "The dealer gives each player two cards face down and puts one more card face down in the "
            "middle: the common card."
        ),
    ),
    (
        N_("The leader decides."),
        N_(
            "The leader turns up their two cards and chooses to add or to multiply them, and writes it "
            "down: (a + b) or a × b. In the first hand the leader is the player on the dealer's left."
        ),
    ),
    (
        N_("The others follow."),
        N_("Everyone else turns up their cards and must use the operation the leader did not choose."),
    ),
    (
        N_("The common card."),
        N_("Turn up the common card. If you added, multiply by it: (a + b) × c. If you multiplied, add it: a × b + c."),
    ),
    (N_("Score."), N_("Work out your value; the others may check it. That value is your score for the hand.")),
    (
        N_("Next hand."),
        N_(
            "The next player becomes the leader. Three players play 3 hands; two or four players play "
            "4 hands, so that everyone leads equally. The highest total wins."
        ),
    ),
]
LARGER_NUMBERS = N_("Larger numbers: a deck with other values, for example 10 to 19, can be printed for older players.")
TREENEX_VARIANTS = [
    N_("Low score wins, or middle score wins: agree before you start. It changes how the leader thinks."),
    N_("Subtraction instead of addition, for players who know negative numbers: (a − b) × c and a × b − c."),
    LARGER_NUMBERS,
]
