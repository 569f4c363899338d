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
        "Shuffle and deal all the cards into a stack in front of each player, the same number each. "
        "The cards are clear, but in a stack their numbers overlap and cannot be read, so nothing "
        "needs hiding: just do not look through your stack. Cards left over go in the middle.",
    ),
    (
        "Turn up.",
        "All players lay the top card of their stack in the middle at the same time, apart from the "
        "other cards. Every card lies the same way up: dot at the bottom left.",
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
    "Subtraction instead of addition, for players who know negative numbers: (a − b) × c and a × b − c.",
    "Larger numbers: a deck with other values, for example 10 to 19, can be printed for older players.",
]
CLEARIOSITY_VARIANTS = [
    "Start with green only, and add a colour when the class is ready for the next operation.",
    "Two, three or four players; with more players each has fewer cards and the game is faster.",
]

PRINT_SIZE_TIPS = [
    "In the print dialog choose <b>Actual size</b> or <b>100 %</b>, never <i>Fit to page</i> or "
    "<i>Shrink to fit</i>: those scale the sheet by a few percent, and stacked cards no longer line up.",
    "Check the first sheet with a ruler: {check}. If it is off by a millimetre or more, the "
    "printer scaled the page; fix the setting before printing the rest.",
    "Choose the paper type that matches what is in the tray ({media}): the printer then lays "
    "down the right amount of ink or toner.",
]
FILM_TIPS = [
    "Inkjet film goes in inkjet printers only, laser film in laser printers only: inkjet film "
    "can melt inside a laser printer.",
    "Inkjet film has a rough, coated side: print on that side (it usually goes face down in the "
    "tray; a test page tells you). If the ink stays wet and smears, you printed on the smooth side.",
    "Laser film prints on either side unless its box says otherwise.",
    "Let inkjet ink dry for at least 15 minutes, sheets side by side, before cutting or stacking.",
    "{mirror}",
    "Hold the film by its edges: fingerprints show on clear cards.",
]
MIRROR_ON = (
    "These sheets are printed mirror-image: print them on the back of the film, and the numbers "
    "read the right way round through it, with the ink underneath where it does not rub off."
)
MIRROR_OFF = "These sheets print the right way round: the printed side is the top of each card."
CARDSTOCK_TIPS = [
    "Print two-sided, turning the sheet on its {edge} edge: each back then lands behind its own "
    "card. Print one sheet first and hold it up to a window to check that fronts and backs line up.",
    "Card stock of 160 to 220 g/m² (about 60 to 80 lb cover) goes through most home and school printers; "
    "use the straightest paper path (often the rear or manual feed).",
]
FOLD_TIPS = [
    "No two-sided printing needed: each card is printed with its back beside it. Cut out each "
    "pair along the black marks, fold it along the grey dashed marks so the back goes behind the "
    "card, crease it firmly and glue the halves together with a glue stick.",
]
CUTTING_TIPS = [
    "Cut with a paper trimmer or guillotine, one straight cut at a time, along the marks: each mark "
    "is in line with a cut. Cards touch, so one cut separates two cards.",
    "Where there is no room at the edge of the sheet, the marks sit on the cut itself, at the edge "
    "of the cards: cut through them and they are gone.",
    "Scissors work too; cut slowly along a ruler for straight edges.",
]
SORTING_TIPS = [
    "Every card has its id printed small along its bottom edge: G01 to G24, Y01 to Y12, P01 to P12 "
    "and O01 to O12 for Cleariosity Numbers, T01 and up for Treenex. Sort by colour, then by "
    "number, to check that a set is complete; the answer keys name cards the same way.",
    "With more than one set, every card also shows its set number: keep each set in its own "
    "envelope or zip bag, labelled with that number.",
    "Count each set before the first game (the packing list gives the numbers) and again before "
    "putting it away. Store film flat, away from heat and sunlight.",
]
