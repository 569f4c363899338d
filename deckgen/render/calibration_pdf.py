"""The calibration sheet as a two-page PDF (reportlab): rulers and crosshair on the front,
offset scales on the back, drawn so they show through in place and read the right way."""

from __future__ import annotations

import io

from deckgen.layout.calibration import CalibrationSheet, Tick
from deckgen.render.colours import colour
from deckgen.render.fonts import register_fonts
from deckgen.render.pdf import ask_for_actual_size, new_canvas
from deckgen.units import mm_to_pt

LINE = 0.2  # mm
EDGE_NAMES = {"long-edge": "LONG edge", "short-edge": "SHORT edge"}


def calibration_pdf(sheet: CalibrationSheet, cmyk: bool = False, keywords: str = "") -> bytes:
    """The sheet as PDF bytes; ``cmyk``: for a CMYK build, every line and letter on K alone."""
    regular, bold = register_fonts()
    black = colour("#000000", cmyk)
    buffer = io.BytesIO()
    k = mm_to_pt(1.0)
    subject = f"Print at actual size (100 %), two-sided, flipping on the {EDGE_NAMES[sheet.duplex]}"
    canvas = new_canvas(buffer, "deckgen calibration sheet", subject, keywords)
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
    text(m, m + 4, "deckgen calibration sheet", 16, bold)
    edge = EDGE_NAMES[sheet.duplex]
    text(m, m + 12, f"1. Print this sheet two-sided at Actual size / 100 %, flipping on the {edge}, with the", 9.5)
    text(m, m + 17, "    same settings as for the cards. Then measure the ruler below: it must be exactly 100 mm.", 9.5)
    for tick in sheet.ruler_mm():
        line(tick)
        if tick.label is not None:
            text(tick.end[0], tick.end[1] - 1.5, tick.label, 7, centre=True)
    x0, y0 = sheet.ruler_mm()[0].start  # labels under the rulers: beside them they ran into the square
    text(x0, y0 + 4.5, "100 mm, numbered in cm", 8)
    for tick in sheet.ruler_inch():
        line(tick)
        if tick.label is not None:
            text(tick.end[0], tick.end[1] - 1.5, tick.label, 7, centre=True)
    x0, y0 = sheet.ruler_inch()[0].start
    text(x0, y0 + 4.5, "4 inches", 8)
    x, y, side = sheet.square()
    canvas.rect(*point(x, y + side), side * k, side * k, stroke=1, fill=0)
    text(x + side / 2, y + side + 5, "50 mm square", 8, centre=True)

    steps = [
        "2. If the ruler is not 100 mm, your print dialog is scaling: choose Actual size / 100 % and print again.",
        "3. Hold the sheet up to a window with this side facing you. Through the paper you see two",
        "    staircases of short numbered lines from the back, one across each long line below.",
        "4. X: the number of the short line that lies exactly on the long upright line (between two: halfway).",
        "    Y: the number of the short line that lies exactly on the long level line.",
        "5. Type the two numbers, with their signs, when you build the cards:",
    ]
    for number, words in enumerate(steps):
        text(m, 96 + 5.5 * number, words, 9.5)
    text(m + 8, 96 + 5.5 * len(steps) + 1, "deckgen build --back-offset Xmm,Ymm", 10, bold)
    main_x, main_y, back_x, back_y = sheet.staircases()
    for tick in main_x + main_y:
        line(tick)
    xx, xy = sheet.x_scale_centre
    text(xx - 6, xy - 3, "X", 10, bold)
    yx, yy = sheet.y_scale_centre
    text(yx - 8, yy + 1.5, "Y", 10, bold)
    text(
        m,
        sheet.height - m,
        "0 and 0 mean the backs land where they belong. The sheet is right for this paper and this flip only.",
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
        if sheet.duplex == "long-edge":
            canvas.scale(-1, 1)
        else:
            canvas.scale(1, -1)
        canvas.drawString(0, 0, tick.label)
        canvas.restoreState()
    # Low on the page, clear of the front's text when seen through.
    text(m, sheet.height - m - 16, "Back of the calibration sheet", 12, bold)
    text(m, sheet.height - m - 10, "Hold the sheet up to a window with the FRONT facing you; read the scales there.", 9)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
