"""The printing guide, written from the settings each deck was built with.

Every sentence is chosen by what the files are: film or card stock or paper, sheets or one
card a page, crop marks or cut lines or none, bleed, two-sided or folded backs, sets,
colours. A Treenex-only build never hears about stacking film, and one-card pages are never
told to cut along marks they do not have. The words themselves live in
:mod:`deckgen.pack_text`; this module picks and fills them in.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckgen import pack_text as words
from deckgen.i18n import N_, _, decimal_g, language, number
from deckgen.pack_blocks import Block, Bullets, Command, Heading, Space, Text, Together
from deckgen.packing import PackingEntry
from deckgen.print_choices import Marks, Media, SetSheets
from deckgen.print_options import MEDIA_NAMES
from deckgen.units import PAPER_SIZES


def printing_guide(entries: Sequence[PackingEntry], answer_keys: bool, calibration: str) -> list[Block]:
    """The guide's blocks. ``calibration``: the file name of the calibration sheet the build wrote
    for these sheets (:data:`~deckgen.packing.CALIBRATION_PDF`, or a replacement build's), or ``""``."""
    # It follows the packing list on the same page: both are read when printing.
    story: list[Block] = [Space(6), Heading(_("Printing guide"))]
    story += [Heading(_("Print at actual size"), 2), Bullets(_actual_size(entries))]
    film = [e for e in entries if e.settings.on_film and not e.settings.print_shop]
    if film:
        story += [Heading(_("Transparency film"), 2), Bullets(_film(film))]
    for media, heading in ((Media.CARDSTOCK, N_("Card stock")), (Media.PAPER, N_("Paper and index cards"))):
        chosen = [e for e in entries if e.settings.media == media and not e.settings.print_shop]
        if chosen:
            shown = _paper_heading(chosen) if media == Media.PAPER else _(heading)
            story += [Heading(shown, 2), Bullets(_media(chosen))]
    two_sided = [e for e in entries if e.two_sided]
    if two_sided:
        story += [Heading(_("Backs: two-sided printing"), 2), Bullets(_two_sided(two_sided, calibration))]
    folded = [e for e in entries if e.folded]
    if folded:
        story += [Heading(_("Backs folded over"), 2), Bullets([_(words.FOLD_TIP)])]
    story += [Heading(_("Cutting"), 2), Bullets(_cutting(entries))]
    if any(e.settings.cmyk or e.settings.print_shop for e in entries):
        story += [Heading(_("At a print shop"), 2), Bullets(_at_the_shop(entries))]
    story += [Heading(_("Sorting and storing"), 2), Bullets(_sorting(entries, answer_keys))]
    story += _reprinting(entries)
    return story


def _reprinting(entries: Sequence[PackingEntry]) -> list[Block]:
    """How to print a lost card again: the command of each deck (the build's own, see
    :func:`deckgen.build.reprint_command`), and what to put in it."""
    reprinted = [entry for entry in entries if entry.reprint]
    if not reprinted:
        return []
    story: list[Block] = []
    for place, entry in enumerate(reprinted):
        if entry.settings.sets > 1:
            said = _(words.REPRINT_SETS).format(id=entry.reprint_id, number=number(1))
        else:
            said = _(words.REPRINT).format(id=entry.reprint_id)
        if entry.deck_file:
            said += " " + _(words.REPRINT_FILE).format(file=entry.deck_file)
        # The heading, the sentence and its command on one page.
        heading: list[Block] = [] if place else [Heading(_(words.REPRINT_HEADING), 2)]
        story.append(Together([*heading, Text(said), Command(entry.reprint)]))
    return story


def _mm_in(w: float, h: float) -> str:
    """A size in millimetres, and in inches where the language's schools also measure in them."""
    if language() != "en":
        return f"{decimal_g(w)} × {decimal_g(h)} mm"
    return f"{w:g} × {h:g} mm ({w / 25.4:.3g} × {h / 25.4:.3g} in)"


def _fill(sentence: str, entry: PackingEntry, **extra: str) -> str:
    w, h = entry.settings.card
    return sentence.format(
        deck=entry.deck,
        noun=entry.noun,
        size=_mm_in(w, h),
        pair=_mm_in(2 * w, h),
        bleed=f"{decimal_g(entry.settings.bleed)} mm",
        gap=f"{decimal_g(2 * entry.settings.bleed)} mm",
        **extra,
    )


def _paper_name(entry: PackingEntry) -> str:
    """The paper a deck's sheets are made for: by its name ("A4 paper"), or by its size."""
    width, height = entry.settings.paper
    for name, known in PAPER_SIZES.items():
        if {round(width, 1), round(height, 1)} == {round(known[0], 1), round(known[1], 1)}:
            return _(words.NAMED_PAPER).format(name=_(words.PAPER_NAMES[name]))
    return _(words.SIZED_PAPER).format(size=_mm_in(width, height))


def _actual_size(entries: Sequence[PackingEntry]) -> list[str]:
    home = [e for e in entries if not e.settings.print_shop]
    # One-card pages are the card's size (CHECK_PAGE says so below): no paper of sheets to choose.
    on_paper = [e for e in home if not e.settings.single]
    papers = {_paper_name(e): e for e in on_paper}
    if len(papers) == 1:
        tips = [_(words.PAPER_FOR).format(paper=next(iter(papers)))]
    else:
        tips = [_(words.DECK_PAPER_FOR).format(deck=e.deck, paper=_paper_name(e)) for e in on_paper]
    if home:
        why = _(words.SCALED_STACKED) if any(e.clear_cards for e in home) else _(words.SCALED_CUT)
        tips.append(_(words.ACTUAL_SIZE).format(why=why))
    if len(home) < len(entries):
        tips.append(_(words.SHOP_SEND))
    marked = [e for e in home if e.settings.on_sheets and e.settings.marks != Marks.NONE]
    if marked:
        # One sentence for every deck cut along marks: "a … measures …; a … measures …".
        measures = "; ".join(_fill(_(words.MEASURES_PAIR) if e.folded else _(words.MEASURES), e) for e in marked)
        tips.append(_(words.CHECK_MARKS).format(measures=measures))
    for entry in entries:
        settings = entry.settings
        if settings.single:
            tips += [_fill(_(words.CHECK_BLEED) if settings.bleed else _(words.CHECK_PAGE), entry)]
        elif settings.marks == Marks.NONE:
            tips += [_fill(_(words.CHECK_NO_MARKS), entry)]
    return list(dict.fromkeys(tips))


def _film(film: Sequence[PackingEntry]) -> list[str]:
    mirror = _(words.MIRROR_ON) if any(e.settings.mirror for e in film) else _(words.MIRROR_OFF)
    return [*(_(tip) for tip in words.FILM_TIPS), mirror, _(words.FILM_HANDLING)]


def _paper_heading(entries: Sequence[PackingEntry]) -> str:
    return _("Index cards") if all(e.settings.single for e in entries) else _("Paper")


def _media(entries: Sequence[PackingEntry]) -> list[str]:
    tips: list[str] = []
    for entry in entries:
        single = entry.settings.single
        if entry.settings.media == Media.CARDSTOCK:
            tips += [
                _fill(
                    _(words.CARDSTOCK_SHOP)
                    if entry.settings.print_shop
                    else _(words.CARDSTOCK_SINGLE)
                    if single
                    else _(words.CARDSTOCK_SHEETS),
                    entry,
                )
            ]
        else:
            tips += [_fill(_(words.PAPER_SINGLE) if single else _(words.PAPER_SHEETS), entry)]
    return list(dict.fromkeys(tips))


def _two_sided(entries: Sequence[PackingEntry], calibration: str) -> list[str]:
    edges = {duplex: _(edge) for duplex, edge in words.EDGES.items()}
    shop = [e for e in entries if e.settings.print_shop]
    home = [e for e in entries if e not in shop]
    tips = [_fill(_(words.DUPLEX_SHOP), e, edge=edges[e.settings.duplex]) for e in shop]
    if not home:
        return tips
    tips += [_fill(_(words.DUPLEX_HOW), e, edge=edges[e.settings.duplex]) for e in home]
    for entry in (e for e in home if e.settings.single):
        tips.append(_(words.DUPLEX_BY_HAND).format(edge=edges[entry.settings.duplex]))
        if entry.settings.media == Media.PAPER:
            tips.append(_(words.BLANK_SIDE))
    sheets = any(e.settings.on_sheets for e in home)
    tips.append(_(words.DUPLEX_CHECK_SHEET if sheets else words.DUPLEX_CHECK_CARD))
    offset = home[0].settings.back_offset
    if offset != (0.0, 0.0):
        tips.append(_(words.OFFSET_APPLIED).format(x=decimal_g(offset[0]), y=decimal_g(offset[1])))
    if calibration:
        tips.append(_(words.CALIBRATE_SHEET).format(file=calibration))
    else:
        tips.append(_(words.CALIBRATE_BY_HAND))
    return tips


def _cutting(entries: Sequence[PackingEntry]) -> list[str]:
    tips: list[str] = []
    for entry in entries:
        settings = entry.settings
        if settings.single:
            tips += [_fill(_(words.TRIM_BLEED) if settings.bleed else _(words.NOTHING_TO_CUT), entry)]
        elif entry.folded:
            tips += [_(words.CUT_PAIRS)]
        elif settings.registration and settings.marks == Marks.NONE:
            tips += [_(words.CUT_BY_MACHINE)]
        elif settings.marks == Marks.CROP:
            tips += [
                _fill(_(words.CUT_CROP_GAP) if settings.bleed else _(words.CUT_CROP), entry),
                _(words.CUT_MARKS_ON_EDGE),
            ]
        elif settings.marks == Marks.LINES:
            tips += [_fill(_(words.CUT_LINES_GAP) if settings.bleed else _(words.CUT_LINES), entry)]
        else:
            tips += [_fill(_(words.CUT_NO_MARKS), entry)]
    if any(e.settings.on_sheets and not e.settings.registration for e in entries):
        tips.append(_(words.CUT_SCISSORS))
    return list(dict.fromkeys(tips))


def _at_the_shop(entries: Sequence[PackingEntry]) -> list[str]:
    tips = []
    for entry in (e for e in entries if e.settings.print_shop):
        tips.append(_fill(_(words.SHOP_FILM) if entry.settings.on_film else _(words.CARDSTOCK_SHOP), entry))
    if any(e.settings.cmyk for e in entries):
        tips.append(_(words.SHOP_CMYK))
    if any(e.settings.print_shop for e in entries):
        tips.append(_(words.SHOP_TRIM))
    return tips


def _sorting(entries: Sequence[PackingEntry], answer_keys: bool) -> list[str]:
    ids = ", ".join(entry.ids for entry in entries if entry.ids)
    keys = _("; the answer keys name cards the same way") if answer_keys else ""
    tips = [_(words.SORT_IDS).format(ids=ids, keys=keys)]
    sets = max(e.settings.sets for e in entries)
    tips.append(_(words.SORT_SETS) if sets > 1 else _(words.SORT_ONE_SET))
    tips.append(_(words.COUNT))
    if any(e.settings.on_film for e in entries):
        tips.append(_(words.STORE_FILM))
    return tips


def set_sheet_notes(entries: Sequence[PackingEntry], sets: int) -> list[str]:
    """For several sets: how many sheets each deck takes with each set on its own sheets, and with
    sets sharing sheets, and which of the two these files are."""
    notes = []
    for entry in entries:
        each = entry.sheets_each_way
        if sets < 2 or each is None or each["separate"] == each["shared"]:
            continue
        media = _(MEDIA_NAMES[entry.settings.media])
        chosen = (
            _("These files share sheets between sets.")
            if entry.settings.set_sheets == SetSheets.SHARED
            else _("These files start each set on a new sheet.")
        )
        notes.append(
            _(
                "{deck}: {separate} sheets of {media} when each set starts on a new sheet (each sheet holds one "
                "set's cards, easy to sort), or {shared} when sets share sheets (every card still shows its set "
                "number). {chosen}"
            ).format(
                deck=entry.deck,
                separate=number(each["separate"]),
                media=media,
                shared=number(each["shared"]),
                chosen=chosen,
            )
        )
    return notes
