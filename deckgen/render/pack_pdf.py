"""The teacher pack PDF: each game's pages (rules, score sheets, answer keys), a packing list and a
printing guide.

Text flows with reportlab's platypus; card pictures reuse the card faces and the PDF
primitive drawer, so an answer key shows exactly the cards that were printed.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from deckgen import pack_blocks as blocks
from deckgen.guide import printing_guide, set_sheet_notes
from deckgen.i18n import _, counted, joined, language, number
from deckgen.maths_signs import CHOICES as SIGN_CHOICES
from deckgen.pack_sections import PackSection
from deckgen.packing import PackingEntry
from deckgen.render.colours import CmykInk, colour
from deckgen.render.fonts import register_fonts
from deckgen.render.pack_cells import Cell, column_style, fitted_widths
from deckgen.render.pdf import ask_for_actual_size, draw_primitives
from deckgen.render.text_layer import draw_text_layer, layer_font
from deckgen.typography import NARROW_NO_BREAK, NO_BREAK, typeset

#: Operators inside expressions, in any class's signs (see deckgen/maths_signs.py): the spaces
#: around them never break a line ("a × b" and "a · b" stay together; " : " with a space on each
#: side is always a divide sign).
_OPERATORS = "".join(sorted(set("+−=" + "".join(SIGN_CHOICES))))
_GLUED = re.compile(" ([" + re.escape(_OPERATORS) + "]) ")


def keep_expressions_together(text: str) -> str:
    """Join the parts of every expression with no-break spaces, so a line never splits one."""
    return _GLUED.sub("\u00a0\\1\u00a0", text)


def in_pack_font(text: str) -> str:
    """``text`` as the pack's font draws it: Vera has no narrow no-break space (U+202F, French
    thousands and punctuation), and reportlab would break a line at one, so it becomes the
    no-break space."""
    return text.replace(NARROW_NO_BREAK, NO_BREAK)


def set_text(text: str) -> str:
    """Pack text ready to lay out: its numbers tied to their units, French punctuation spaced,
    expressions kept whole, in the characters the font has."""
    return in_pack_font(keep_expressions_together(typeset(text, language())))


def para(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(set_text(text), style)


@dataclass(frozen=True)
class Ink:
    """The colours of the pack being set: with ``cmyk`` (``--color cmyk``) every black, text
    included, is K alone, as on the cards. Passed to whatever draws, never kept in a module
    global, so that two packs set at once (threads of the page) cannot mix their colours."""

    cmyk: CmykInk | None = None

    def __call__(self, hex_colour: str) -> Color:
        return colour(hex_colour, self.cmyk)

    def text(self) -> dict[str, Color]:
        """Style arguments that make text pure K in CMYK (none in RGB: reportlab's black)."""
        return {"textColor": self("#000000")} if self.cmyk is not None else {}

    def bullets(self) -> dict[str, Color]:
        return {"bulletColor": self("#000000")} if self.cmyk is not None else {}

    def table_text(self) -> list[tuple[object, ...]]:
        """Table text in pure K with CMYK (reportlab's default black otherwise)."""
        return [("TEXTCOLOR", (0, 0), (-1, -1), self("#000000"))] if self.cmyk is not None else []


def _styles(ink: Ink) -> dict[str, ParagraphStyle]:
    regular, bold = register_fonts()
    base = ParagraphStyle("body", fontName=regular, fontSize=10.5, leading=14, spaceAfter=4, **ink.text())
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontName=bold, fontSize=22, leading=28, spaceAfter=10),
        "h1": ParagraphStyle(
            "h1", parent=base, fontName=bold, fontSize=16, leading=20, spaceBefore=6, spaceAfter=8, keepWithNext=1
        ),
        "h2": ParagraphStyle(
            "h2", parent=base, fontName=bold, fontSize=12, leading=16, spaceBefore=8, spaceAfter=4, keepWithNext=1
        ),
        "small": ParagraphStyle("small", parent=base, fontSize=8.5, leading=10.5, alignment=TA_CENTER, spaceAfter=0),
        "cell": ParagraphStyle("cell", parent=base, fontSize=9.5, leading=12, spaceAfter=0),
        # A command is copied as printed: set in from the text, and no word of it hyphenated.
        "command": ParagraphStyle(
            "command", parent=base, leftIndent=6 * mm, spaceBefore=2, spaceAfter=6, hyphenationLang=""
        ),
    }


class PictureFlowable(Flowable):
    """Shapes (mm, y down) drawn at a scale: a card picture in the pack."""

    def __init__(self, picture: blocks.Picture, ink: Ink) -> None:
        super().__init__()
        self.picture = picture
        self.ink = ink
        self.width = picture.width * picture.scale * mm
        self.height = picture.height * picture.scale * mm

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.scale(self.picture.scale, self.picture.scale)
        draw_primitives(self.canv, self.picture.shapes, self.picture.height, self.ink.cmyk)
        self.canv.restoreState()


class DrawingFlowable(Flowable):
    """Shapes (mm, y down) at full size, with their text as an invisible layer."""

    def __init__(self, drawing: blocks.Drawing, ink: Ink) -> None:
        super().__init__()
        self.drawing = drawing
        self.ink = ink
        self.width = drawing.width * mm
        self.height = drawing.height * mm

    def draw(self) -> None:
        draw_primitives(self.canv, self.drawing.shapes, self.drawing.height, self.ink.cmyk)
        font = layer_font(self.drawing.text)
        if font is not None:
            draw_text_layer(self.canv, self.drawing.text, self.drawing.height, font)


def _bullets(items: list[str], style: ParagraphStyle, ink: Ink) -> ListFlowable:
    return ListFlowable(
        [ListItem(para(t, style), leftIndent=12) for t in items if t],
        bulletType="bullet",
        start="•",
        bulletFontName=style.fontName,
        **ink.bullets(),
    )


def _numbered(items: list[tuple[str, str]], styles: dict[str, ParagraphStyle], ink: Ink) -> ListFlowable:
    paragraphs = [ListItem(para(f"<b>{head}</b> {body}", styles["body"]), leftIndent=16) for head, body in items]
    return ListFlowable(
        paragraphs,
        bulletType="1",
        bulletFontName=styles["body"].fontName,
        **ink.bullets(),
    )


@dataclass(frozen=True)
class Figure:
    """A number in a table, set as it is, in the table's font (it never wraps)."""

    text: str


def _cells(
    rows: Sequence[Sequence[str | Figure]],
    widths: list[float],
    cell: ParagraphStyle,
    spans: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
) -> tuple[list[list[Cell]], list[float]]:
    """Table rows of text cells (figures as they are) and their column widths (points), each
    column widened to its longest word where the table has room, its words hyphenated only where
    one is still too long (see :mod:`deckgen.render.pack_cells`)."""

    def cells(styles: Sequence[ParagraphStyle]) -> list[list[Cell]]:
        return [
            [
                in_pack_font(text.text) if isinstance(text, Figure) else para(text, styles[column]) if text else ""
                for column, text in enumerate(row)
            ]
            for row in rows
        ]

    fitted = fitted_widths(cells([cell] * len(widths)), widths, spans)
    return cells([column_style(cell, language(), w) for w in fitted]), fitted


def _table(rows: Sequence[Sequence[Cell]], widths: list[float], ink: Ink, header: bool = True) -> Table:
    # Room below, so that text after a table never touches its last line.
    table = Table(rows, colWidths=widths, hAlign="LEFT", spaceAfter=6)
    commands = [
        ("GRID", (0, 0), (-1, -1), 0.5, ink("#777777")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), register_fonts()[0]),
    ]
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), ink("#E8EEF6")),
            ("FONTNAME", (0, 0), (-1, 0), register_fonts()[1]),
        ]
    commands += ink.table_text()
    table.setStyle(TableStyle(commands))
    return table


def _form(table: blocks.Table, width: float, styles: dict[str, ParagraphStyle], ink: Ink) -> Table:
    """A sheet to fill in: paragraph cells, a darker grid, shaded and merged cells, fixed row heights."""
    rows, widths = _cells(table.rows, _widths(table.widths, width), styles["cell"], table.spans)
    commands: list[tuple[object, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.6, ink("#555555")),
        ("FONTNAME", (0, 0), (-1, -1), register_fonts()[0]),
    ]
    commands += [("BACKGROUND", start, end, ink(colour)) for start, end, colour in table.shaded]
    commands.append(("VALIGN", (0, 0), (-1, -1), "MIDDLE"))
    commands += [("SPAN", start, end) for start, end in table.spans]
    commands += ink.table_text()
    heights = [h * mm for h in table.row_heights] if table.row_heights else None
    result = Table(rows, colWidths=widths, rowHeights=heights, hAlign="LEFT")
    result.setStyle(TableStyle(commands))
    return result


def _widths(widths: Sequence[float | None], width: float) -> list[float]:
    """Column widths in points; ``None`` columns share what the others leave of ``width`` (pt)."""
    fixed = sum(w * mm for w in widths if w is not None)
    shared = sum(1 for w in widths if w is None)
    rest = (width - fixed) / shared if shared else 0.0
    return [w * mm if w is not None else rest for w in widths]


def _pictures(grid: blocks.Pictures, styles: dict[str, ParagraphStyle], ink: Ink) -> Table:
    """Pictures with their captions, ``per_row`` to a row."""
    cells = [[PictureFlowable(picture, ink), para(picture.caption, styles["small"])] for picture in grid.pictures]
    rows = []
    for start in range(0, len(cells), grid.per_row):
        chunk: list[object] = list(cells[start : start + grid.per_row])
        chunk += [""] * (grid.per_row - len(chunk))
        rows.append(chunk)
    table = Table(rows, colWidths=[grid.column * mm] * grid.per_row, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("FONTNAME", (0, 0), (-1, -1), register_fonts()[0]),
                *ink.table_text(),
            ]
        )
    )
    return table


def flowables(
    story: Sequence[blocks.Block], styles: dict[str, ParagraphStyle], width: float, ink: Ink
) -> list[Flowable]:
    """The blocks a game gave, as reportlab flowables (``width``: the text width in points)."""
    out: list[Flowable] = []
    for block in story:
        if isinstance(block, blocks.Heading):
            out.append(para(block.text, styles["h1" if block.level == 1 else "h2"]))
        elif isinstance(block, blocks.Text):
            out.append(para(block.text, styles["body"]))
        elif isinstance(block, blocks.Command):
            out.append(Paragraph(escape(block.text), styles["command"]))
        elif isinstance(block, blocks.Bullets):
            out.append(_bullets(list(block.items), styles["body"], ink))
        elif isinstance(block, blocks.Numbered):
            out.append(_numbered(list(block.items), styles, ink))
        elif isinstance(block, blocks.Table):
            if block.style == "form":
                out.append(_form(block, width, styles, ink))
            else:
                # Paragraph cells wrap: a German "Addieren, Subtrahieren und Multiplizieren" fits its column.
                rows_text = block.rows
                texts = [[f"<b>{t}</b>" if n == 0 else t for t in row] for n, row in enumerate(rows_text)]
                rows, widths = _cells(texts, _widths(block.widths, width), styles["cell"])
                out.append(_table(rows, widths, ink))
        elif isinstance(block, blocks.Pictures):
            out.append(_pictures(block, styles, ink))
        elif isinstance(block, blocks.Drawing):
            out.append(DrawingFlowable(block, ink))
        elif isinstance(block, blocks.PageBreak):
            out.append(PageBreak())
        elif isinstance(block, blocks.Together):
            out.append(KeepTogether(flowables(block.blocks, styles, width, ink)))
        else:
            out.append(Spacer(1, block.height * mm))
    return out


def _sections(
    sections: Sequence[PackSection], styles: dict[str, ParagraphStyle], width: float, ink: Ink
) -> list[Flowable]:
    """Rules pages one after the other, then sheets to copy (each on a new page), then answer keys."""
    story: list[Flowable] = []
    for place, section in enumerate(s for s in sections if s.kind == "rules"):
        story += ([PageBreak()] if place else []) + flowables(section.blocks, styles, width, ink)
    for section in (s for s in sections if s.kind == "sheet"):
        story += [PageBreak(), *flowables(section.blocks, styles, width, ink)]
    for section in (s for s in sections if s.kind == "keys"):
        story += flowables(section.blocks, styles, width, ink)
    return story


def _packing(
    styles: dict[str, ParagraphStyle], sets: int, entries: list[PackingEntry], width: float, ink: Ink
) -> list[Flowable]:
    headers = [_("Deck"), _("Cards per set"), _("Sheets per set"), _("Sheets in all"), _("Print on")]
    texts: list[list[str | Figure]] = [[f"<b>{h}</b>" for h in headers]]
    for entry in entries:
        texts.append(
            [
                entry.deck,
                Figure(number(entry.cards_per_set)),
                Figure(number(entry.sheets_per_set)) if entry.sheets_per_set is not None else Figure(_("shared")),
                Figure(number(entry.sheets_in_all)),
                f"{entry.media}, {entry.sides}",
            ]
        )
    numbers = 22 * mm
    rows, widths = _cells(texts, [40 * mm, numbers, numbers, numbers, width - 40 * mm - 3 * numbers], styles["cell"])
    story: list[Flowable] = [
        PageBreak(),
        para(
            _("Packing list: replacement cards")
            if any(entry.replacement for entry in entries)
            else counted("Packing list: {count} classroom set", "Packing list: {count} classroom sets", sets),
            styles["h1"],
        ),
        _table(rows, widths, ink),
        Spacer(1, 3 * mm),
    ]
    story += [
        para(entry.replacement or entry.detail, styles["body"])
        for entry in entries
        if entry.replacement or entry.detail
    ]
    story += [para(text, styles["body"]) for text in set_sheet_notes(entries, sets)]
    return story


def _page_number(ink: Ink, canvas: Canvas, document: SimpleDocTemplate) -> None:
    """'Page n' at the foot of every page (and, once, the request to print at actual size)."""
    if canvas.getPageNumber() == 1:
        ask_for_actual_size(canvas)
    regular = register_fonts()[0]
    canvas.saveState()
    canvas.setFont(regular, 9)
    if ink.cmyk is not None:
        canvas.setFillColor(ink("#000000"))
    canvas.drawCentredString(document.pagesize[0] / 2, 8 * mm, _("Page {number}").format(number=canvas.getPageNumber()))
    canvas.restoreState()


def teacher_pack_pdf(
    games: Sequence[str],
    sections: Sequence[PackSection],
    sets: int,
    entries: list[PackingEntry],
    page_size: tuple[float, float] = letter,
    cmyk: CmykInk | None = None,
    calibration: str = "",
    keywords: str = "",
) -> bytes:
    """The whole pack as PDF bytes (byte-identical for the same inputs).

    ``games`` names the games in the pack (for its title); ``sections`` are their pages;
    ``cmyk``: colours for print shops, every black on K alone; ``calibration``: the file name of the
    calibration sheet the build wrote beside the decks, if any (the guide then points to it);
    ``keywords``: the command that made it (see :mod:`deckgen.record`).
    """
    return _typeset(games, sections, sets, entries, page_size, calibration, Ink(cmyk), keywords)


def _typeset(
    games: Sequence[str],
    sections: Sequence[PackSection],
    sets: int,
    entries: list[PackingEntry],
    page_size: tuple[float, float],
    calibration: str,
    ink: Ink,
    keywords: str = "",
) -> bytes:
    styles = _styles(ink)
    regular = register_fonts()[0]
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=page_size,
        leftMargin=MARGIN * mm,
        rightMargin=MARGIN * mm,
        topMargin=MARGIN * mm,
        bottomMargin=MARGIN * mm,
        title=_("Teacher pack: {games}").format(games=joined(games)),
        subject=_("Rules, score sheet, answer keys, packing list and printing guide for the classroom card decks")
        if any(section.kind == "sheet" for section in sections)
        else _("Rules, answer keys, packing list and printing guide for the classroom card decks"),
        author="deckgen",
        creator="deckgen",
        producer="deckgen",
        keywords=keywords,
        invariant=1,
        initialFontName=regular,
    )
    width = document.width - FRAME_PADDING
    story: list[Flowable] = [para(_("Teacher pack"), styles["title"])]
    story += [para(_contents(sections), styles["body"])]
    story += _sections(sections, styles, width, ink)
    story += _packing(styles, sets, entries, width, ink)
    guide = printing_guide(entries, any(s.kind == "keys" for s in sections), calibration)
    story += flowables(guide, styles, width, ink)
    page_number = partial(_page_number, ink)
    document.build(story, onFirstPage=page_number, onLaterPages=page_number)
    return buffer.getvalue()


def _contents(sections: Sequence[PackSection]) -> str:
    """What the pack holds, in a sentence: "Rules, a score sheet, answer keys, …"."""
    kinds = {section.kind for section in sections}
    if "sheet" in kinds and "keys" in kinds:
        return _("Rules, a score sheet, answer keys, a packing list and a printing guide for your printed decks.")
    if "sheet" in kinds:
        return _("Rules, a score sheet, a packing list and a printing guide for your printed decks.")
    if "keys" in kinds:
        return _("Rules, answer keys, a packing list and a printing guide for your printed decks.")
    return _("Rules, a packing list and a printing guide for your printed decks.")


#: The pack's page margins (mm) and the frame's padding (6 pt a side, in points).
MARGIN = 15
FRAME_PADDING = 12


def text_width(page_size: tuple[float, float]) -> float:
    """The width of the pack's text on a page of this size (points → mm), for games' tables."""
    return (page_size[0] - 2 * MARGIN * mm - FRAME_PADDING) / mm
