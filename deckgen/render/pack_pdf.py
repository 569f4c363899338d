"""The teacher pack PDF: rules of both games, a Treenex score sheet, answer keys, packing list.

Text flows with reportlab's platypus; card pictures reuse the card faces and the PDF
primitive drawer, so an answer key shows exactly the cards that were printed.
"""

from __future__ import annotations

import io
import re

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from deckgen import pack_text as words
from deckgen.groups import Group
from deckgen.layout.faces import CleariosityGeometry
from deckgen.layout.pictures import stack_picture
from deckgen.model import Card, Deck, Tier
from deckgen.packing import PackingEntry
from deckgen.render.fonts import register_fonts
from deckgen.render.pdf import ask_for_actual_size, draw_primitives
from deckgen.rules import LINE_NAMES, OP_SYMBOLS, describe
from deckgen.treenex import HANDS_PER_GAME, TreenexDeck
from deckgen.verify import analyse_tier

#: Operators inside expressions: the spaces around them never break a line ("a × b" stays together).
_GLUED = re.compile(r" ([×+−÷=]) ")


def keep_expressions_together(text: str) -> str:
    """Join the parts of every expression with no-break spaces, so a line never splits one."""
    return _GLUED.sub("\u00a0\\1\u00a0", text)


def para(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(keep_expressions_together(text), style)


def _styles() -> dict[str, ParagraphStyle]:
    regular, bold = register_fonts()
    base = ParagraphStyle("body", fontName=regular, fontSize=10.5, leading=14, spaceAfter=4)
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontName=bold, fontSize=22, leading=28, spaceAfter=10),
        "h1": ParagraphStyle("h1", parent=base, fontName=bold, fontSize=16, leading=20, spaceBefore=6, spaceAfter=8),
        "h2": ParagraphStyle("h2", parent=base, fontName=bold, fontSize=12, leading=16, spaceBefore=8, spaceAfter=4),
        "small": ParagraphStyle("small", parent=base, fontSize=8.5, leading=10.5, alignment=TA_CENTER, spaceAfter=0),
        "cell": ParagraphStyle("cell", parent=base, fontSize=9.5, leading=12, spaceAfter=0),
    }


class StackPicture(Flowable):
    """Cards drawn stacked, the reading line highlighted, off-line numbers in grey."""

    def __init__(self, cards: list[Card], group: Group, geometry: CleariosityGeometry, scale: float) -> None:
        super().__init__()
        self.cards = cards
        self.group = group
        self.geometry = geometry
        self.scale = scale
        self.width = geometry.width * scale * mm
        self.height = geometry.height * scale * mm

    def draw(self) -> None:
        shapes = stack_picture(self.cards, self.geometry, [self.group.line])
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        draw_primitives(self.canv, shapes, self.geometry.height)
        self.canv.restoreState()


def _bullets(items: list[str], style: ParagraphStyle) -> ListFlowable:
    return ListFlowable(
        [ListItem(para(t, style), leftIndent=12) for t in items if t],
        bulletType="bullet",
        start="•",
        bulletFontName=style.fontName,
    )


def _numbered(items: list[tuple[str, str]], styles: dict[str, ParagraphStyle]) -> ListFlowable:
    paragraphs = [ListItem(para(f"<b>{head}</b> {body}", styles["body"]), leftIndent=16) for head, body in items]
    return ListFlowable(paragraphs, bulletType="1", bulletFontName=styles["body"].fontName)


def _table(rows: list[list[object]], widths: list[float], header: bool = True) -> Table:
    table = Table(rows, colWidths=widths, hAlign="LEFT")
    commands = [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#777777")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), register_fonts()[0]),
    ]
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#E8EEF6")),
            ("FONTNAME", (0, 0), (-1, 0), register_fonts()[1]),
        ]
    table.setStyle(TableStyle(commands))
    return table


def _rules(styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    s = styles
    story: list[Flowable] = [
        para(words.CLEARIOSITY_TITLE, s["h1"]),
        para(words.CLEARIOSITY_INTRO, s["body"]),
        _table(
            [["Level", "Cards", "Operations"], *[list(row) for row in words.CLEARIOSITY_LEVELS]],
            [60 * mm, 25 * mm, 85 * mm],
        ),
        para("How to play", s["h2"]),
        _numbered(words.CLEARIOSITY_RULES, s),
        para("What counts as an equation", s["h2"]),
        _bullets(words.CLEARIOSITY_EQUATION, s["body"]),
        para("Variations", s["h2"]),
        _bullets(words.CLEARIOSITY_VARIANTS, s["body"]),
        PageBreak(),
        para(words.TREENEX_TITLE, s["h1"]),
        para(words.TREENEX_INTRO, s["body"]),
        para("How to play", s["h2"]),
        _numbered(words.TREENEX_RULES, s),
        para("Variations", s["h2"]),
        _bullets(words.TREENEX_VARIANTS, s["body"]),
    ]
    return story


def _score_sheet(styles: dict[str, ParagraphStyle], treenex: TreenexDeck, width: float) -> list[Flowable]:
    """One row per hand, a name row on top; two columns per player, the table as wide as the text."""
    hands = max(HANDS_PER_GAME.values())
    head = styles["cell"]
    hand_w = 16 * mm
    value_w = 15 * mm
    expression_w = (width - hand_w) / 4 - value_w
    names: list[object] = [para("<b>Name</b>", head)] + ["", ""] * 4
    header: list[object] = [para("<b>Hand</b>", head)]
    for _ in range(4):
        header += [para("<b>Expression</b>", head), para("<b>Value</b>", head)]
    rows: list[list[object]] = [names, header]
    rows += [[para(f"<b>{h}</b>", head)] + [""] * 8 for h in range(1, hands + 1)]
    rows.append([para("<b>Total</b>", head)] + ["", ""] * 4)
    commands: list[tuple[object, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#555555")),
        ("FONTNAME", (0, 0), (-1, -1), register_fonts()[0]),
        ("BACKGROUND", (0, 1), (-1, 1), colors.HexColor("#E8EEF6")),
        ("BACKGROUND", (0, 0), (0, 0), colors.HexColor("#E8EEF6")),
        ("BACKGROUND", (0, -1), (0, -1), colors.HexColor("#E8EEF6")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
    # Each player's name spans their two columns; their total goes under "Value".
    commands += [("SPAN", (1 + 2 * p, 0), (2 + 2 * p, 0)) for p in range(4)]
    commands += [("BACKGROUND", (1 + 2 * p, -1), (1 + 2 * p, -1), colors.HexColor("#F2F2F2")) for p in range(4)]
    table = Table(
        rows,
        colWidths=[hand_w] + [expression_w, value_w] * 4,
        rowHeights=[14 * mm, 9 * mm] + [17 * mm] * hands + [12 * mm],
        hAlign="LEFT",
    )
    table.setStyle(TableStyle(commands))
    note = (
        f"Cards {treenex.low} to {treenex.high}. Write each player's name on the top row. In every hand, "
        "write your expression, (a + b) × c or a × b + c, then its value. Three players play hands 1 "
        "to 3; two or four players play all four hands. Add up the values at the bottom."
    )
    return [para("Treenex score sheet", styles["h1"]), para(note, styles["body"]), Spacer(1, 4 * mm), table]


def _answer_keys(styles: dict[str, ParagraphStyle], deck: Deck, card_size: tuple[float, float]) -> list[Flowable]:
    geometry = CleariosityGeometry(*card_size)
    scale = min(0.42, 30.0 / geometry.width)
    story: list[Flowable] = []
    for tier in Tier:
        if not deck.colour_cards(tier):
            continue
        report = analyse_tier(deck, tier)
        ops = " ".join(OP_SYMBOLS[t.op] for t in tier.tiers())
        story += [
            PageBreak(),
            para(f"Answer key: {tier.colour} level", styles["h1"]),
            para(
                f"{len(report.cards)} cards ({', '.join(t.colour for t in tier.tiers())}). "
                f"One way to collect every card: each picture shows the cards of one equation stacked, "
                f"with the line to read highlighted. Operations: {ops}.",
                styles["body"],
            ),
        ]
        groups = report.perfect_clear.groups
        if not groups:
            story.append(para("No way to collect every card was found for this level.", styles["body"]))
            continue
        cells = []
        for group in groups:
            cards = [report.cards[i] for i in group.cards]
            caption = (
                f"{', '.join(c.id for c in cards)}<br/>{LINE_NAMES[group.line]}<br/>"
                f"<b>{describe(group.values, group.ops[0])}</b>"
            )
            cells.append([StackPicture(cards, group, geometry, scale), para(caption, styles["small"])])
        per_row = 5
        rows = []
        for start in range(0, len(cells), per_row):
            chunk = cells[start : start + per_row]
            chunk += [["", ""]] * (per_row - len(chunk))
            rows.append([list(c) if c[0] != "" else "" for c in chunk])
        table = Table(rows, colWidths=[36 * mm] * per_row, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                    ("FONTNAME", (0, 0), (-1, -1), register_fonts()[0]),
                ]
            )
        )
        story.append(table)
    return story


def _packing(
    styles: dict[str, ParagraphStyle], sets: int, entries: list[PackingEntry], deck: Deck, width: float
) -> list[Flowable]:
    cell = styles["cell"]
    headers = ["Deck", "Cards per set", "Sheets per set", "Sheets in all", "Print on"]
    rows: list[list[object]] = [[para(f"<b>{h}</b>", cell) for h in headers]]
    for entry in entries:
        rows.append(
            [
                para(entry.deck, cell),
                str(entry.cards_per_set),
                str(entry.sheets_per_set),
                str(entry.sheets_per_set * sets),
                para(f"{entry.media}, {entry.sides}", cell),
            ]
        )
    numbers = 22 * mm
    story: list[Flowable] = [
        PageBreak(),
        para(f"Packing list: {sets} classroom set{'s' if sets != 1 else ''}", styles["h1"]),
        _table(rows, [40 * mm, numbers, numbers, numbers, width - 40 * mm - 3 * numbers]),
        Spacer(1, 3 * mm),
    ]
    if any(entry.deck == "Cleariosity Numbers" for entry in entries):
        counts = ", ".join(f"{len(deck.colour_cards(t))} {t.colour}" for t in Tier)
        story.append(para(f"A Cleariosity Numbers set has {counts} cards.", styles["body"]))
    story += [para(entry.detail, styles["body"]) for entry in entries if entry.detail]
    return story


def _size_check(entry: PackingEntry) -> str:
    w, h = entry.card_size
    return (
        f"a {entry.deck} card measures {w:g} × {h:g} mm ({w / 25.4:.2g} × {h / 25.4:.2g} in) "
        "from one cut mark to the next"
    )


def _printing_guide(styles: dict[str, ParagraphStyle], entries: list[PackingEntry]) -> list[Flowable]:
    """One page on printing, cutting, sorting and storing, worded for the files that were made."""
    body = styles["body"]
    media = " or ".join(sorted({entry.media.split(",")[0] for entry in entries}))
    checks = "; ".join(_size_check(entry) for entry in entries)
    story: list[Flowable] = [
        PageBreak(),
        para("Printing guide", styles["h1"]),
        para("Print at actual size", styles["h2"]),
        _bullets([tip.format(check=checks, media=media) for tip in words.PRINT_SIZE_TIPS], body),
    ]
    film = [e for e in entries if e.media_key == "transparency"]
    if film:
        mirror = words.MIRROR_ON if any(e.mirror for e in film) else words.MIRROR_OFF
        story += [
            para("Transparency film", styles["h2"]),
            _bullets([tip.format(mirror=mirror) for tip in words.FILM_TIPS], body),
        ]
    two_sided = [e for e in entries if e.duplex in ("long-edge", "short-edge") and e.sides == "two-sided"]
    if any(e.media_key != "transparency" for e in entries):
        edge = {"long-edge": "long", "short-edge": "short"}[two_sided[0].duplex] if two_sided else "long"
        tips = words.CARDSTOCK_TIPS if two_sided else words.CARDSTOCK_TIPS[1:]
        story += [para("Card stock", styles["h2"]), _bullets([tip.format(edge=edge) for tip in tips], body)]
    if any(e.duplex == "fold" for e in entries if e.media_key != "transparency"):
        story += [para("Backs folded over", styles["h2"]), _bullets(words.FOLD_TIPS, body)]
    story += [para("Cutting", styles["h2"]), _bullets(words.CUTTING_TIPS, body)]
    story += [para("Sorting and storing", styles["h2"]), _bullets(words.SORTING_TIPS, body)]
    return story


def _page_number(canvas: Canvas, document: SimpleDocTemplate) -> None:
    """'Page n' at the foot of every page (and, once, the request to print at actual size)."""
    if canvas.getPageNumber() == 1:
        ask_for_actual_size(canvas)
    regular, _ = register_fonts()
    canvas.saveState()
    canvas.setFont(regular, 9)
    canvas.drawCentredString(document.pagesize[0] / 2, 8 * mm, f"Page {canvas.getPageNumber()}")
    canvas.restoreState()


def teacher_pack_pdf(
    deck: Deck,
    treenex: TreenexDeck,
    card_size: tuple[float, float],
    sets: int,
    entries: list[PackingEntry],
    page_size: tuple[float, float] = letter,
) -> bytes:
    """The whole pack as PDF bytes (byte-identical for the same inputs)."""
    styles = _styles()
    regular, _ = register_fonts()
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=page_size,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title="Teacher pack: Cleariosity Numbers and Treenex",
        subject="Rules, score sheet, answer keys, packing list and printing guide for the classroom card decks",
        author="deckgen",
        creator="deckgen",
        producer="deckgen",
        invariant=1,
        initialFontName=regular,
    )
    # The text's width: the page less its margins and the frame's padding (6 pt a side).
    width = document.width - 12
    story: list[Flowable] = [para("Teacher pack", styles["title"])]
    story += [
        para(
            "Rules, a score sheet, answer keys, a packing list and a printing guide for your printed decks.",
            styles["body"],
        )
    ]
    story += _rules(styles)
    story += [PageBreak(), *_score_sheet(styles, treenex, width)]
    story += _answer_keys(styles, deck, card_size)
    story += _packing(styles, sets, entries, deck, width)
    story += _printing_guide(styles, entries)
    document.build(story, onFirstPage=_page_number, onLaterPages=_page_number)
    return buffer.getvalue()
