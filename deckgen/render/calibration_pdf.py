"""The calibration sheet as a two-page PDF (reportlab): rulers and crosshair on the front,
offset scales on the back, drawn so they show through in place and read the right way."""

from __future__ import annotations

import io

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckgen.i18n import N_, _
from deckgen.layout.calibration import CalibrationSheet, Tick
from deckgen.print_choices import Duplex
from deckgen.render.colours import CmykInk, colour
from deckgen.render.fonts import register_fonts
from deckgen.render.pdf import ask_for_actual_size, new_canvas
from deckgen.units import mm_to_pt

LINE = 0.2  # mm
EDGE_NAMES = {"long-edge": N_("LONG edge"), "short-edge": N_("SHORT edge")}
#: The steps printed under the rulers (the first one is printed above them).
FIRST_STEP = N_(
    "Print this sheet two-sided at Actual size / 100 %, flipping on the {edge}, with the same settings as "
    "for the cards. Then measure the ruler below: it must be exactly 100 mm."
)
STEPS = (
    N_("If the ruler is not 100 mm, your print dialog is scaling: choose Actual size / 100 % and print again."),
    N_(
        "Hold the sheet up to a window with this side facing you. Through the paper you see two staircases of "
        "short numbered lines from the back, one across each long line below."
    ),
    N_("X: the number of the short line that lies exactly on the long upright line (between two: halfway)."),
    N_("Y: the number of the short line that lies exactly on the long level line."),
    N_("Type the two numbers, with their signs, when you build the cards:"),
)
#: The number printed before each step (0: none, a step that goes on from the one before).
STEP_NUMBERS = (2, 3, 4, 0, 5)
#: The type sizes a step may be set in (pt), largest first: a language whose steps run longer
#: takes a smaller one, so that they keep clear of the rulers and scales.
STEP_SIZES = (9.5, 9.0, 8.5, 8.0, 7.5)
STEP_LEADING = 5.5 / 9.5  # mm of line spacing per point of type


def calibration_pdf(sheet: CalibrationSheet, cmyk: CmykInk | None = None, keywords: str = "") -> bytes:
    """The sheet as PDF bytes; ``cmyk``: for a CMYK build, every line and letter on K alone."""
    regular, bold = register_fonts()
    black = colour("#000000", cmyk)
    buffer = io.BytesIO()
    k = mm_to_pt(1.0)
    edge = _(EDGE_NAMES[sheet.duplex])
    subject = _("Print at actual size (100 %), two-sided, flipping on the {edge}").format(edge=edge)
    canvas = new_canvas(buffer, _("deckgen calibration sheet"), subject, keywords)
    canvas.setPageSize((sheet.width * k, sheet.height * k))
    ask_for_actual_size(canvas, sheet.duplex)

    def point(x: float, y: float) -> tuple[float, float]:
        return x * k, (sheet.height - y) * k

    def line(tick: Tick) -> None:
        canvas.line(*point(*tick.start), *point(*tick.end))

    def text(x: float, y: float, words: str, size: float = 9, font: str = regular, centre: bool = False) -> None:
        canvas.setFont(font, size)
        (canvas.drawCentredString if centre else canvas.drawString)(*point(x, y), words)

    # -- front ---------------------------------------------------------------------------
    canvas.setLineWidth(LINE * k)
    canvas.setStrokeColor(black)
    canvas.setFillColor(black)
    m = sheet.margin

    def steps(numbered: list[tuple[int, str]], top: float, room: float) -> float:
        """Numbered paragraphs from ``top`` (mm), each wrapped to the page with its lines indented
        under its first word, in the largest size whose lines fit ``room`` mm; where they end."""
        width = (sheet.width - 2 * m) * k
        for size in STEP_SIZES:
            indent = stringWidth("5.  ", regular, size) / k
            lines = [
                (number if row == 0 else "", words)
                for number, paragraph in numbered
                for row, words in enumerate(simpleSplit(paragraph, regular, size, width - indent * k))
            ]
            if len(lines) * size * STEP_LEADING <= room or size == STEP_SIZES[-1]:
                break
        for row, (number, words) in enumerate(lines):
            y = top + row * size * STEP_LEADING
            if number:
                text(m, y, f"{number}.", size)
            text(m + indent, y, words, size)
        return top + len(lines) * size * STEP_LEADING

    text(m, m + 4, _("deckgen calibration sheet"), 16, bold)
    steps([(1, _(FIRST_STEP).format(edge=edge))], m + 12, 2 * 5.5)
    for tick in sheet.ruler_mm():
        line(tick)
        if tick.label is not None:
            text(tick.end[0], tick.end[1] - 1.5, tick.label, 7, centre=True)
    x0, y0 = sheet.ruler_mm()[0].start  # labels under the rulers: beside them they ran into the square
    text(x0, y0 + 4.5, _("100 mm, numbered in cm"), 8)
    for tick in sheet.ruler_inch():
        line(tick)
        if tick.label is not None:
            text(tick.end[0], tick.end[1] - 1.5, tick.label, 7, centre=True)
    x0, y0 = sheet.ruler_inch()[0].start
    text(x0, y0 + 4.5, _("4 inches"), 8)
    x, y, side = sheet.square()
    canvas.rect(*point(x, y + side), side * k, side * k, stroke=1, fill=0)
    text(x + side / 2, y + side + 5, _("50 mm square"), 8, centre=True)

    main_x, main_y, back_x, back_y = sheet.staircases()
    # The steps end a line above the command, which ends well above the X scale's label.
    room = sheet.x_scale_centre[1] - 3 - 96 - 14
    end = steps([(number, _(step)) for number, step in zip(STEP_NUMBERS, STEPS, strict=True)], 96, room)
    text(m + 8, end + 1, "deckgen build --back-offset Xmm,Ymm", 10, bold)
    for tick in main_x + main_y:
        line(tick)
    xx, xy = sheet.x_scale_centre
    text(xx - 6, xy - 3, "X", 10, bold)
    yx, yy = sheet.y_scale_centre
    text(yx - 8, yy + 1.5, "Y", 10, bold)
    text(
        m,
        sheet.height - m,
        _("0 and 0 mean the backs land where they belong. The sheet is right for this paper and this flip only."),
        8,
    )
    canvas.showPage()

    # -- back: drawn where it shows through in place, and mirrored so it reads from the front --
    canvas.setLineWidth(LINE * k)
    canvas.setStrokeColor(black)  # a new page starts with reportlab's defaults
    canvas.setFillColor(black)
    for tick in back_x + back_y:
        line(Tick(sheet.on_back(tick.start), sheet.on_back(tick.end), None))
    canvas.setFont(regular, 6)
    # X numbers to the right of their steps; Y numbers alternately below and above theirs.
    placed = [(t, (1.0, 0.0)) for t in back_x]
    placed += [(t, (-1.5, 3.2 if n % 2 == 0 else -1.4)) for n, t in enumerate(back_y)]
    for tick, nudge in placed:
        if tick.label is None:
            continue
        bx, by = point(*sheet.on_back((tick.end[0] + nudge[0], tick.end[1] + nudge[1])))
        canvas.saveState()
        canvas.translate(bx, by)
        # Seen through the sheet the back is mirrored about the flip edge: mirror the digits too.
        if sheet.duplex == Duplex.LONG_EDGE:
            canvas.scale(-1, 1)
        else:
            canvas.scale(1, -1)
        canvas.drawString(0, 0, tick.label)
        canvas.restoreState()
    # Low on the page, clear of the front's text when seen through.
    text(m, sheet.height - m - 16, _("Back of the calibration sheet"), 12, bold)
    back_note = _("Hold the sheet up to a window with the FRONT facing you; read the scales there.")
    text(
        m,
        sheet.height - m - 10,
        back_note,
        9 if stringWidth(back_note, regular, 9) <= (sheet.width - 2 * m) * k else 7.5,
    )
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
