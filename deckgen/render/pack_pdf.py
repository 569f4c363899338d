"""The teacher pack PDF: rules of both games, a Treenex score sheet, answer keys, packing list.

Text flows with reportlab's platypus; card pictures reuse the card faces and the PDF
primitive drawer, so an answer key shows exactly the cards that were printed.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
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
from deckgen.render.fonts import register_fonts
from deckgen.render.pdf import draw_primitives
from deckgen.rules import LINE_NAMES, OP_SYMBOLS, describe
from deckgen.treenex import HANDS_PER_GAME, TreenexDeck
from deckgen.verify import analyse_tier


@dataclass(frozen=True)
class PackingEntry:
    """One deck of the kit: what a set holds and how many sheets it takes."""

    deck: str
    cards_per_set: int
    sheets_per_set: int
    sides: str
    media: str
    detail: str


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
        [ListItem(Paragraph(t, style), leftIndent=12) for t in items],
        bulletType="bullet",
        start="•",
        bulletFontName=style.fontName,
    )


def _numbered(items: list[tuple[str, str]], styles: dict[str, ParagraphStyle]) -> ListFlowable:
    paragraphs = [ListItem(Paragraph(f"<b>{head}</b> {body}", styles["body"]), leftIndent=16) for head, body in items]
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
        Paragraph(words.CLEARIOSITY_TITLE, s["h1"]),
        Paragraph(words.CLEARIOSITY_INTRO, s["body"]),
        _table(
            [["Level", "Cards", "Operations"], *[list(row) for row in words.CLEARIOSITY_LEVELS]],
            [60 * mm, 25 * mm, 85 * mm],
        ),
        Paragraph("How to play", s["h2"]),
        _numbered(words.CLEARIOSITY_RULES, s),
        Paragraph("What counts as an equation", s["h2"]),
        _bullets(words.CLEARIOSITY_EQUATION, s["body"]),
        Paragraph("Variations", s["h2"]),
        _bullets(words.CLEARIOSITY_VARIANTS, s["body"]),
        PageBreak(),
        Paragraph(words.TREENEX_TITLE, s["h1"]),
        Paragraph(words.TREENEX_INTRO, s["body"]),
        Paragraph("How to play", s["h2"]),
        _numbered(words.TREENEX_RULES, s),
        Paragraph("Variations", s["h2"]),
        _bullets(words.TREENEX_VARIANTS, s["body"]),
    ]
    return story


def _score_sheet(styles: dict[str, ParagraphStyle], treenex: TreenexDeck) -> list[Flowable]:
    hands = max(HANDS_PER_GAME.values())
    header = ["Hand", *[f"Player {p}: expression" if k == 0 else "value" for p in range(1, 5) for k in range(2)]]
    rows: list[list[object]] = [header]
    rows += [[str(h)] + [""] * 8 for h in range(1, hands + 1)]
    rows.append(["Total"] + ["", ""] * 4)
    table = Table(rows, colWidths=[14 * mm] + [30 * mm, 14 * mm] * 4, rowHeights=[10 * mm] + [16 * mm] * (hands + 1))
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#555555")),
                ("FONTNAME", (0, 0), (-1, -1), register_fonts()[0]),
                ("FONTSIZE", (0, 0), (-1, 0), 7.5),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#E8EEF6")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    note = (
        f"Cards {treenex.low} to {treenex.high}. Write (a + b) × c or a × b + c, then its value. "
        "Three players play hands 1 to 3; two or four players play all four hands. "
        "Write the names at the top."
    )
    return [Paragraph("Treenex score sheet", styles["h1"]), Paragraph(note, styles["body"]), Spacer(1, 4 * mm), table]


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
            Paragraph(f"Answer key: {tier.colour} level", styles["h1"]),
            Paragraph(
                f"{len(report.cards)} cards ({', '.join(t.colour for t in tier.tiers())}). "
                f"One way to collect every card: each picture shows the cards of one equation stacked, "
                f"with the line to read highlighted. Operations: {ops}.",
                styles["body"],
            ),
        ]
        groups = report.perfect_clear.groups
        if not groups:
            story.append(Paragraph("No way to collect every card was found for this level.", styles["body"]))
            continue
        cells = []
        for group in groups:
            cards = [report.cards[i] for i in group.cards]
            caption = (
                f"{', '.join(c.id for c in cards)}<br/>{LINE_NAMES[group.line]}<br/>"
                f"<b>{describe(group.values, group.ops[0])}</b>"
            )
            cells.append([StackPicture(cards, group, geometry, scale), Paragraph(caption, styles["small"])])
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


def _packing(styles: dict[str, ParagraphStyle], sets: int, entries: list[PackingEntry], deck: Deck) -> list[Flowable]:
    cell = styles["cell"]
    rows: list[list[object]] = [["Deck", "Cards a set", "Sheets a set", "Sheets in all", "Print on"]]
    for entry in entries:
        rows.append(
            [
                Paragraph(entry.deck, cell),
                str(entry.cards_per_set),
                str(entry.sheets_per_set),
                str(entry.sheets_per_set * sets),
                Paragraph(f"{entry.media}, {entry.sides}", cell),
            ]
        )
    story: list[Flowable] = [
        PageBreak(),
        Paragraph(f"Packing list: {sets} classroom set{'s' if sets != 1 else ''}", styles["h1"]),
        _table(rows, [40 * mm, 24 * mm, 26 * mm, 26 * mm, 60 * mm]),
        Spacer(1, 3 * mm),
    ]
    if any(entry.deck == "Cleariosity Numbers" for entry in entries):
        counts = ", ".join(f"{len(deck.colour_cards(t))} {t.colour}" for t in Tier)
        story.append(Paragraph(f"A Cleariosity Numbers set has {counts} cards.", styles["body"]))
    story += [Paragraph(entry.detail, styles["body"]) for entry in entries if entry.detail]
    story += [Paragraph("Cutting and sorting", styles["h2"]), _bullets(words.CUTTING_TIPS, styles["body"])]
    story += [Paragraph("Transparency film", styles["h2"]), _bullets(words.FILM_TIPS, styles["body"])]
    story += [Paragraph("Card stock", styles["h2"]), _bullets(words.CARDSTOCK_TIPS, styles["body"])]
    return story


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
        author="deckgen",
        creator="deckgen",
        producer="deckgen",
        invariant=1,
        initialFontName=regular,
    )
    story: list[Flowable] = [Paragraph("Teacher pack", styles["title"])]
    story += [Paragraph("Rules, a score sheet, answer keys and a packing list for your printed decks.", styles["body"])]
    story += _rules(styles)
    story += [PageBreak(), *_score_sheet(styles, treenex)]
    story += _answer_keys(styles, deck, card_size)
    story += _packing(styles, sets, entries, deck)
    document.build(story)
    return buffer.getvalue()
