"""The print and laser options, defined once (see :mod:`deckgen.options`), and their defaults.

Kept apart from :mod:`deckgen.printing` (which reads profiles and resolves settings), so the
command line can make its options without loading any of that.
"""

from __future__ import annotations

from deckgen.i18n import N_
from deckgen.options import Option, OptionValues
from deckgen.print_choices import Colour, Duplex, Engrave, Layout, Marks, Media, SetSheets

# The choices as the options offer them: plain text, in the order the help lists them.
ENGRAVE = tuple(choice.value for choice in Engrave)
MEDIA = tuple(choice.value for choice in Media)
#: What people call each media, in messages, file metadata and the packing list.
MEDIA_NAMES = {Media.TRANSPARENCY: N_("transparency film"), Media.CARDSTOCK: N_("card stock"), Media.PAPER: N_("paper")}
LAYOUTS = tuple(choice.value for choice in Layout)
MARKS = tuple(choice.value for choice in Marks)
DUPLEX = tuple(choice.value for choice in Duplex)
COLORS = tuple(choice.value for choice in Colour)
SET_SHEETS = tuple(choice.value for choice in SetSheets)
MAX_SETS = 200

#: Every print option, defined once: the CLI's flags and the profile checks are made from these.
PRINT_OPTIONS: tuple[Option, ...] = (
    Option(
        "paper",
        "size",
        N_("letter, a4, legal, tabloid, a3 or WxH with a unit (8.5x11in, 210x297mm). [letter]"),
        label=N_("Paper"),
    ),
    Option("margin", "length", N_("Printable margin kept clear on every side, e.g. 5mm. [5mm]"), label=N_("Margin")),
    Option(
        "card_size",
        "size",
        N_("poker, bridge, square, index-3x5 or WxH (63x88mm). [set by the game]"),
        sizes="card",
        label=N_("Card size"),
    ),
    Option(
        "media", "choice", N_("What you print on. [set by the game]"), choices=MEDIA, label=N_("Print the cards on")
    ),
    Option(
        "layout",
        "choice",
        N_("sheet: as many cards as fit on each page; single: one card a page at card size (+ bleed). [sheet]"),
        choices=LAYOUTS,
        label=N_("Layout"),
    ),
    Option(
        "sets",
        "number",
        f"Classroom sets, 1-{MAX_SETS}; cards are labelled SET n and grouped by set. [1]",
        low=1,
        high=MAX_SETS,
        label=N_("Classroom sets"),
    ),
    Option(
        "set_sheets",
        "choice",
        N_(
            "With several sets: separate: each set starts on a new sheet; shared: sets follow on from one "
            "another, the fewest sheets (every card still shows its set). [separate]"
        ),
        choices=SET_SHEETS,
        label=N_("Sets on the sheets"),
    ),
    Option("marks", "choice", N_("Cutting guides. [crop]"), choices=MARKS, label=N_("Cutting guides")),
    Option(
        "bleed",
        "length",
        N_("Bleed around each card, e.g. 3mm (cards are then spaced apart). [0mm]"),
        label=N_("Bleed"),
    ),
    Option("mirror", "flag", N_("Mirror the pages, to print on the back of the film."), label=N_("Mirror the pages")),
    Option(
        "duplex",
        "choice",
        N_(
            "Backs (for games whose cards have them): a page of backs after each page of fronts, for flipping "
            "on this edge; or fold: each back printed beside its card, to fold behind it (printers without "
            "two-sided printing). [long-edge]"
        ),
        choices=DUPLEX,
        label=N_("Backs of the cards"),
    ),
    Option(
        "color",
        "choice",
        N_("PDF colours: rgb for screens and office printers, or cmyk for print shops (black is pure K). [rgb]"),
        choices=COLORS,
        label=N_("PDF colours"),
    ),
    Option(
        "back_offset",
        "offset",
        N_(
            "How far the backs landed from their place, read off the calibration sheet (deckgen calibrate), "
            "e.g. 0.5mm,-1mm; the backs are drawn that much the other way. [0mm,0mm]"
        ),
        metavar="DX,DY",
        label=N_("Back offset"),
    ),
    Option(
        "registration",
        "flag",
        N_("Print-and-cut registration marks in the page corners."),
        label=N_("Registration marks"),
    ),
    Option(
        "only",
        "text",
        N_(
            "Replacement cards: print only these cards (ids, e.g. G05,Y11), fronts and backs, each where a full "
            "build puts it, so a reprint matches the set. The teacher pack is left out unless --pack is given."
        ),
        metavar="IDS",
        in_profiles=False,
        label=N_("Only these cards"),
    ),
    Option(
        "only_set",
        "number",
        f"Replacement cards: print only this set's sheets (with --sets, 1-{MAX_SETS}), as a full build "
        "prints them. The teacher pack is left out unless --pack is given.",
        low=1,
        high=MAX_SETS,
        in_profiles=False,
        label=N_("Only this set"),
    ),
)
LASER_OPTIONS: tuple[Option, ...] = (
    Option(
        "bed",
        "size",
        N_("SVG: laser bed size WxH with a unit, e.g. 600x400mm. [bed-600x400]"),
        label=N_("Laser bed size"),
    ),
    Option(
        "bed_profile",
        "text",
        N_("SVG: a bed from templates/beds.toml (bed-600x400, bed-495x279, letter, a4)."),
        label=N_("Laser bed"),
    ),
    Option(
        "kerf",
        "length",
        N_("SVG: width the beam burns away, e.g. 0.15mm; cuts are offset so cards keep their size. [0]"),
        label=N_("Kerf"),
    ),
    Option(
        "corner_radius",
        "length",
        N_("SVG: rounded card corners, e.g. 3mm (each card is then cut on its own). [0]"),
        label=N_("Rounded corners"),
    ),
    Option(
        "common_line",
        "flag",
        N_("SVG: touching cards share each cut (default), or every card is cut on its own with a gap."),
        label=N_("Shared cuts"),
    ),
    Option(
        "engrave",
        "choice",
        N_("SVG: numbers as single-stroke score lines, as filled shapes for raster engraving, or not at all. [score]"),
        choices=ENGRAVE,
        label=N_("Numbers on the laser"),
    ),
    Option(
        "guide",
        "flag",
        N_(
            "SVG: add the bed outline in the green guide layer (off: software that sorts layers by colour "
            "would cut it). [off]"
        ),
        label=N_("Bed outline"),
    ),
)

#: How every game is printed unless the game, a profile or an option says otherwise.
#: The paper where neither the class's country (:mod:`deckgen.regions`) nor the user says.
DEFAULT_PAPER = "letter"
SHARED_DEFAULTS: OptionValues = {
    "paper": DEFAULT_PAPER,
    "margin": "5mm",
    "card_size": "poker",
    "media": "cardstock",
    "layout": "sheet",
    "marks": "crop",
    "bleed": "0mm",
    "mirror": False,
    "duplex": "none",
    "registration": False,
    "sets": 1,
    "set_sheets": "separate",
    "back_offset": "0mm,0mm",
    "color": "rgb",
}
LASER_DEFAULTS: OptionValues = {
    "bed": None,
    "bed_profile": None,
    "kerf": "0mm",
    "corner_radius": "0mm",
    "common_line": True,
    "engrave": "score",
    "guide": False,
}
