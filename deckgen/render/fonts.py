"""reportlab set-up shared by every PDF: the text font, and how streams are stored.

The text font is Bitstream Vera, shipped with reportlab, embedded as a subset.

Card faces use stroke glyphs (:mod:`deckgen.glyphs`) and need no font at all; text in the
teacher pack, and the font reportlab declares on every page, use Vera so that every font in
every PDF is embedded (``pdffonts`` shows ``emb yes``) and prints the same everywhere.

Streams are Flate-compressed binary. reportlab's default also wraps them in ASCII85 (a
text-safe encoding from the days of 7-bit mail), which made a 30-set kit 1.07 MB instead
of 0.94 MB and is slower to write; every PDF reader takes binary streams.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "DeckgenVera"
BOLD = "DeckgenVera-Bold"


#: reportlab's own font folder. Fonts are opened by their full path: a bare file name makes
#: reportlab try it as a URL first, which loads its whole web client (a hundredth of a second).
FONT_FOLDER = Path(reportlab.__file__).parent / "fonts"


@cache
def register_fonts() -> tuple[str, str]:
    """Set reportlab up (see above) and return the names of the regular and bold fonts."""
    rl_config.useA85 = 0
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_FOLDER / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_FOLDER / "VeraBd.ttf")))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return REGULAR, BOLD
