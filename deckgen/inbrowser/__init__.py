"""What deckgen uses in a web browser instead of its compiled parts.

The static site runs deckgen on Pyodide (CPython compiled to WebAssembly), which can load only
pure-Python packages and what the page's JavaScript hands it. The command line's compiled
packages have stand-ins here, each used only when the real one cannot be imported, so a
computer's deckgen is unchanged:

- :mod:`deckgen.inbrowser.harfbuzz`: the part of ``uharfbuzz`` the flash cards use, over
  ``harfbuzzjs`` (the same HarfBuzz compiled to WebAssembly), which ``text.mjs`` loads;
- :mod:`deckgen.inbrowser.breaks`: line and word breaks without ``icu4py``: UAX #14 and #29
  from ``uniseg``, and the browser's ``Intl.Segmenter`` for the scripts written without spaces;
- ``standins/PIL``: a Pillow that lets reportlab load and refuses raster pictures in one line
  (copied into the browser's site-packages by the site builder, never installed here).

Where the browser lacks something a script needs, deckgen refuses in one line rather than
printing other letters.
"""

from __future__ import annotations

import sys

#: Whether deckgen runs in a browser (Pyodide, on Emscripten).
IN_BROWSER = sys.platform == "emscripten"


def pillow_missing() -> bool:
    """Whether Pillow is the site's stand-in (``standins/PIL``), which draws no raster picture."""
    try:
        import PIL
    except ImportError:
        return True
    return bool(getattr(PIL, "STANDIN", False))
