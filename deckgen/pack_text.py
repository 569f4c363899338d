"""The words of the teacher pack: rules, variants and handling tips, written for teachers.

Kept apart from the PDF code so the text can be read and corrected on its own.
"""

from __future__ import annotations

CLEARIOSITY_TITLE = "Cleariosity Numbers"
CLEARIOSITY_INTRO = (
    "A game for 2 to 4 players with 60 clear cards. Each card has three numbers on a 3 × 3 grid "
    "and a coloured dot, with an operation sign, in its bottom-left corner. Stack cards so that "
    "three numbers in a line make a true equation, and collect the cards."
)
CLEARIOSITY_LEVELS = [
    ("Green", "24 cards", "adding (+)"),
    ("Green and yellow", "36 cards", "adding and subtracting (+ −)"),
    ("Green, yellow and purple", "48 cards", "adding, subtracting and multiplying (+ − ×)"),
    ("All four colours", "60 cards", "all four operations (+ − × ÷)"),
]
CLEARIOSITY_RULES = [
    ("Choose a level.", "Use only the cards of the colours for your level (see the table)."),
    (
        "Deal.",
        "Shuffle and deal all the cards face down, the same number to each player. Cards left over "
        "go face up in the middle. Each player keeps a face-down pile.",
    ),
    (
        "Turn up.",
        "All players turn the top card of their pile face up in the middle at the same time. Every "
        "card faces the same way: dot at the bottom left.",
    ),
    (
        "Look for an equation.",
        "When you see cards that would make an equation if they were stacked, put your fingers on "
        "them and say it. Stack the cards to check.",
    ),
    (
        "Collect.",
        "If you are right, keep the cards in your own winnings pile. If not, the cards go back and "
        "you wait until another player has made a claim before you claim again.",
    ),
    ("Nothing left to find?", "When nobody can see an equation, everybody turns up their next card."),
    (
        "End.",
        "The game ends when the piles are used up and nobody can find another equation. The player "
        "who collected the most cards wins.",
    ),
]
CLEARIOSITY_EQUATION = [
    "The three numbers are in one straight line: a row read left to right, a column read top to "
    "bottom, or a diagonal read from its left end (top-left down to bottom-right, or bottom-left "
    "up to top-right).",
    "Read in that direction they say X op Y = Z, with an operation of your level. Division must come out exact.",
    "None of the three numbers covers, or is covered by, another number. Numbers that are not "
    "part of the equation may overlap.",
    "Every stacked card gives at least one of the three numbers; two or three cards make an equation.",
]

TREENEX_TITLE = "Treenex — three-number expressions"
TREENEX_INTRO = (
    "A game for 2 to 4 players with cards numbered 0 to 9 (four of each), paper and pencils. "
    "Everyone builds an expression from three numbers, a × b + c or (a + b) × c, and its value "
    "is their score."
)
TREENEX_RULES = [
    (
        "Deal a hand.",
        "The dealer gives each player two cards face down and puts one more card face down in the "
        "middle: the common card.",
    ),
    (
        "The leader decides.",
        "The leader turns up their two cards and chooses to add or to multiply them, and writes it "
        "down: (a + b) or a × b. In the first hand the leader is the player on the dealer's left.",
    ),
    ("The others follow.", "Everyone else turns up their cards and must use the operation the leader did not choose."),
    (
        "The common card.",
        "Turn up the common card. If you added, multiply by it: (a + b) × c. If you multiplied, add it: a × b + c.",
    ),
    ("Score.", "Work out your value; the others may check it. That value is your score for the hand."),
    (
        "Next hand.",
        "The next player becomes the leader. Three players play 3 hands; two or four players play "
        "4 hands, so that everyone leads equally. The highest total wins.",
    ),
]
TREENEX_VARIANTS = [
    "Low score wins, or middle score wins: agree before you start. It changes how the leader thinks.",
    "Two or four players: play four hands (or more, as long as everyone leads the same number of times).",
    "Subtraction instead of addition, for players who know negative numbers: (a − b) × c and a × b − c.",
    "Larger numbers: print the deck with other values, for example 10 to 19 (deckgen build --values 10-19).",
]
CLEARIOSITY_VARIANTS = [
    "Start with green only, and add a colour when the class is ready for the next operation.",
    "Two, three or four players; with more players each has fewer cards and the game is faster.",
]

CUTTING_TIPS = [
    "Cut along the crop marks with a guillotine or paper trimmer; neighbouring cards share a cut line.",
    "Each card carries its set number (for more than one set): keep every set in its own envelope or bag.",
    "Count each set before the first game: the table above gives the numbers.",
]
FILM_TIPS = [
    "Inkjet film goes in inkjet printers only; laser film in laser printers only "
    "(inkjet film can melt in a laser printer).",
    "Print on the rough, coated side of the film. If the ink smears, you printed on the smooth side.",
    "Let the ink dry for at least 15 minutes before cutting or stacking.",
    "Printed mirrored (--mirror), the ink ends up underneath when the cards lie the right way up, "
    "so it does not rub off.",
    "Handle the film by its edges; fingerprints show on clear cards.",
]
CARDSTOCK_TIPS = [
    "Print the fronts, then the backs on the other side: the backs are placed so that each lands behind its card "
    "when the sheet is flipped along its long edge (or as chosen with --duplex).",
    "Print one test sheet first and hold it against a window to check that fronts and backs line up.",
]
