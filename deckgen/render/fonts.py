"""The text font of PDFs: Bitstream Vera, shipped with reportlab, embedded as a subset.

Card faces use stroke glyphs (:mod:`deckgen.glyphs`) and need no font at all; text in the
teacher pack, and the font reportlab declares on every page, use Vera so that every font in
every PDF is embedded (``pdffonts`` shows ``emb yes``) and prints the same everywhere.
"""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "DeckgenVera"
BOLD = "DeckgenVera-Bold"


@cache
def register_fonts() -> tuple[str, str]:
    pdfmetrics.registerFont(TTFont(REGULAR, "Vera.ttf"))
    pdfmetrics.registerFont(TTFont(BOLD, "VeraBd.ttf"))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return REGULAR, BOLD
