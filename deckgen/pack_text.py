"""The words of the teacher pack that every game shares: printing, cutting, sorting, storing.

Each game's rules are in its own package (``deckgen/games/<game>/pack_text.py``).

Kept apart from the PDF code so the text can be read and corrected on its own.
"""

from __future__ import annotations

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
    "Every card has its id printed small along its bottom edge: {ids}. Sort by colour, then by "
    "number, to check that a set is complete{keys}.",
    "With more than one set, every card also shows its set number: keep each set in its own "
    "envelope or zip bag, labelled with that number.",
    "Count each set before the first game (the packing list gives the numbers) and again before putting it away.{film}",
]
