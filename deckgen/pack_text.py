"""The words of the teacher pack that every game shares: printing, cutting, sorting, storing.

Each game's rules are in its own package (``deckgen/games/<game>/pack_text.py``);
:mod:`deckgen.guide` chooses among these sentences by how the decks were built.

Kept apart from the code so the text can be read and corrected on its own. Fields in braces
are filled in from the build: ``{noun}`` (what a card is called), ``{size}`` (its trimmed
size), ``{bleed}``, ``{gap}``.
"""

from __future__ import annotations

from deckgen.i18n import N_

# Print at actual size
PAPER_FOR = N_("The sheets are made for {paper}: choose it as the paper size in the print dialog.")
DECK_PAPER_FOR = N_("{deck}: the sheets are made for {paper}; choose it as the paper size in the print dialog.")
#: A paper the sheets are made for: by name, or by size.
NAMED_PAPER = N_("{name} paper")
SIZED_PAPER = N_("paper of {size}")
#: The named papers, as the pack names them (A4 and A3 are named so everywhere).
PAPER_NAMES = {"letter": N_("US Letter"), "legal": N_("US Legal"), "tabloid": N_("Tabloid"), "a4": "A4", "a3": "A3"}
ACTUAL_SIZE = N_(
    "In the print dialog choose <b>Actual size</b> or <b>100 %</b>, never <i>Fit to page</i> or "
    "<i>Shrink to fit</i>: those scale the page by a few percent, {why}."
)
SCALED_STACKED = N_("and stacked cards no longer line up")
SCALED_CUT = N_("and the cards come out smaller than their size")
CHECK_MARKS = N_(
    "Check the first sheet with a ruler: {measures} from one cut mark to the next. If it is off by a "
    "millimetre or more, the printer scaled the page; fix the setting before printing the rest."
)
MEASURES = N_("a {noun} measures {size}")
MEASURES_PAIR = N_("a {noun} with its back beside it measures {pair}")
CHECK_NO_MARKS = N_(
    "Check the first sheet with a ruler: a {noun} measures {size} from one corner of its outline to the "
    "next. If it is off by a millimetre or more, the printer scaled the page; fix the setting first."
)
CHECK_BLEED = N_(
    "Each page is one {noun} with {bleed} of bleed on every side; on the proof, the card inside the "
    "bleed must measure {size}."
)
CHECK_PAGE = N_(
    "Each page is one {noun}, {size}. Print one page first and check that nothing is cut off and the "
    "picture sits evenly on the card; if it does not, the printer scaled the page."
)

# Media
FILM_TIPS = [
    N_(
        "Inkjet film goes in inkjet printers only, laser film in laser printers only: inkjet film "
        "can melt inside a laser printer."
    ),
    N_(
        "Inkjet film has a rough, coated side: print on that side (it usually goes face down in the "
        "tray; a test page tells you). If the ink stays wet and smears, you printed on the smooth side."
    ),
    N_("Laser film prints on either side unless its box says otherwise."),
    N_("Let inkjet ink dry for at least 15 minutes, sheets side by side, before cutting or stacking."),
]
MIRROR_ON = N_(
    "These sheets are printed mirror-image: print them on the back of the film, and the numbers "
    "read the right way round through it, with the ink underneath where it does not rub off."
)
MIRROR_OFF = N_("These sheets print the right way round: the printed side is the top of each card.")
FILM_HANDLING = N_("Hold the film by its edges: fingerprints show on clear cards.")
CARDSTOCK_SHEETS = N_(
    "Card stock of 160 to 220 g/m² (about 60 to 80 lb cover) goes through most home and school "
    "printers; use the straightest paper path (often the rear or manual feed), and set the paper "
    "type to card stock or heavy paper so the printer lays down the right amount of ink or toner."
)
CARDSTOCK_SINGLE = N_(
    "Load card stock cut to {size} in the manual or rear feed, with the tray guides pushed against "
    "it, and set the paper size in the print dialog to match."
)
CARDSTOCK_SHOP = N_(
    "Ask the shop to print each {noun} on card stock of 250 to 350 g/m²: each page of the PDF is one "
    "card with its bleed."
)
PAPER_SHEETS = N_(
    "These sheets are for plain paper (80 to 120 g/m²): the cards are thin, so glue the sheet to "
    "card before cutting if they should last, or print on card stock instead."
)
PAPER_SINGLE = N_(
    "Feed index cards of {size} one at a time through the manual or rear feed, tray guides pushed "
    "against them, with the paper size set to match in the print dialog."
)

# Backs
DUPLEX_HOW = N_(
    "{deck}: print two-sided, turning the page on its <b>{edge}</b> edge (the PDF asks the print "
    "dialog for this; check it is chosen). Each back then lands behind its own card."
)
DUPLEX_SHOP = N_(
    "{deck}: each card's back is the page after its front; ask for two-sided printing, turned on the "
    "<b>{edge}</b> edge."
)
DUPLEX_BY_HAND = N_(
    "Most printers cannot turn a card this size over by themselves: print the odd pages (the fronts), "
    "put the printed cards back in the feed turned over on their {edge} edge, then print the even pages "
    "(the backs). Print one card both sides first to learn which way round they go back in."
)
BLANK_SIDE = N_("Index cards with lines on one side: print the fronts on the blank side.")
DUPLEX_CHECK_SHEET = N_(
    "Print one sheet first and hold it up to a window: each back should sit squarely behind its card. "
    "Many printers put the backs 1 to 4 mm off."
)
DUPLEX_CHECK_CARD = N_(
    "Print one card first and hold it up to a window: its back should sit squarely behind it. "
    "Many printers put the backs 1 to 4 mm off."
)
#: The edge pages are turned on, as the sentences about two-sided printing put it ("on its long edge").
EDGES = {"long-edge": N_("long"), "short-edge": N_("short")}
OFFSET_APPLIED = N_(
    "These files already correct for a printer that put the backs {x} mm to the right and {y} mm down "
    "(a back offset of {x} mm, {y} mm): print them on that printer."
)
CALIBRATE_SHEET = N_(
    "If the backs are off, print <b>{file}</b> (beside these files) two-sided the same way, hold it up "
    "to a window and read X and Y off its scales. Make the cards again with the back offset set to "
    "X mm, Y mm and print them again: every back then lands in place."
)
CALIBRATE_BY_HAND = N_(
    "If the backs are off, measure how far a back sits from its card, seen from the front (X mm to the "
    "right, Y mm down). Make the cards again with the back offset set to X mm, Y mm and print them "
    "again: every back is then drawn that much the other way."
)
FOLD_TIP = N_(
    "No two-sided printing needed: each card is printed with its back beside it. After cutting out "
    "a pair, score the grey dashed line with a blunt point along a ruler (an empty ballpoint pen), "
    "fold it so the back goes behind the card, crease it firmly and glue the halves together with a "
    "glue stick."
)

# Cutting
CUT_CROP = N_(
    "Cut with a paper trimmer or guillotine, one straight cut at a time, along the marks: each mark "
    "is in line with a cut. The cards touch, so one cut separates two cards."
)
CUT_CROP_GAP = N_(
    "Cut with a paper trimmer or guillotine along the marks, one straight cut at a time: each mark is in "
    "line with a cut. The cards are {gap} apart, so cut on both sides of every gap and drop the strip."
)
CUT_MARKS_ON_EDGE = N_(
    "Where there is no room at the edge of the sheet, the marks sit on the cut itself, at the edge "
    "of the cards: cut through them and they are gone."
)
CUT_LINES = N_("Cut along the thin lines that run the whole width and height of the sheet: each is a cut.")
CUT_LINES_GAP = N_(
    "Cut along the thin lines that run the whole width and height of the sheet; the cards are {gap} "
    "apart, so cut on both lines of every gap."
)
CUT_NO_MARKS = N_("These sheets have no cut marks: cut along the edges of each {noun}'s printed outline.")
CUT_PAIRS = N_(
    "Cut out each card with its back as one piece, along the black marks; never cut along the grey "
    "dashed line between them: that is the fold."
)
CUT_BY_MACHINE = N_(
    "The sheets carry registration squares for a print-and-cut machine: load a printed sheet and cut "
    "it with the laser or cutter files (SVG) made with it, which hold the same squares."
)
CUT_SCISSORS = N_("Scissors work too; cut slowly along a ruler for straight edges.")
NOTHING_TO_CUT = N_("Each page is one {noun} at its finished size: there is nothing to cut.")
TRIM_BLEED = N_(
    "Each page is one {noun} with {bleed} of bleed on every side, to be trimmed to {size}, the PDF's "
    "trim box. Nothing printed comes nearer than 3 mm to the trim, so a cut a little off never cuts "
    "into the picture."
)

# Print shop
SHOP_SEND = N_(
    "These files are for a print shop: send the PDFs as they are and ask for them to be printed at 100 %, "
    "without scaling. Each page is one card with its bleed; ask for one proof card first."
)
SHOP_FILM = N_("Ask the shop to print each {noun} on clear film (transparency), one card a page.")
SHOP_CMYK = N_(
    "The files are in CMYK, with black printed on the black plate alone, as print shops ask: send the "
    "PDFs as they are, without converting them."
)
SHOP_TRIM = N_("Tell the shop the card's finished size and that each page carries bleed and a trim box.")

# Sorting and storing
SORT_IDS = N_(
    "Every card has its id printed small along its bottom edge: {ids}. Sort by id to check that a set "
    "is complete{keys}."
)
SORT_SETS = N_(
    "Every card also shows its set number: keep each set in its own envelope or zip bag, labelled with that number."
)
SORT_ONE_SET = N_("Keep the deck in an envelope or zip bag, with its name and the number of cards on it.")
COUNT = N_(
    "Count each set before it is first used (the packing list gives the numbers) and again before putting it away."
)
STORE_FILM = N_("Store film flat, away from heat and sunlight.")

# A lost or damaged card
REPRINT_HEADING = N_("A lost or damaged card")
REPRINT = N_(
    "To print one again, run the command below, putting the id printed on the card in place of {id}. "
    "The command holds the language, signs, deck, paper and card size of these cards, so the new card "
    "matches the others. It writes a file named after the card and leaves these files as they are."
)
REPRINT_SETS = N_(
    "To print one again, run the command below, putting the id and the set number printed on the card in "
    "place of {id} and {number}. The command holds the language, signs, deck, paper and card size of these "
    "cards, so the new card matches its set. It writes a file named after the card and leaves these files "
    "as they are."
)
REPRINT_FILE = N_("Run it in a folder that holds the deck file {file}.")
